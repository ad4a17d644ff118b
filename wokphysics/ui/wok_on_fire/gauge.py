"""The speed gauge beside the blade while dragging: the blade's speed over the release window
on a 0-3 m/s scale, with the flip band of the card ahead of the blade (at its orientation)
marked when it is known (:mod:`.flip_band`).

The gauge never hides the card being aimed at: it goes on whichever side of the blade
(right, left, above, below, in that order of preference) keeps it clear of that card's
outline on screen, and inside the window."""

from __future__ import annotations

import pygame

from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_on_fire.flip_band import Band

SCALE_MM_S = 3000.0
"""The top of the gauge, mm/s."""
IN_BAND = (120, 230, 120)
OUT_OF_BAND = (245, 240, 230)
LABEL_GAP = 8
"""Px between the gauge's bar and its labels."""


def place_gauge(area: pygame.Rect, at: tuple[float, float], size: tuple[int, int],
                clear_px: float, avoid: pygame.Rect | None) -> pygame.Rect:
    """Where a gauge block of ``size`` (px) goes beside screen point ``at`` (the blade's
    centre), ``clear_px`` from it: the first of right, left, above and below that stays
    clear of ``avoid`` (the aimed card on screen) once kept inside ``area``; if none is,
    the one covering the least of it."""
    width, height = size
    x, y = round(at[0]), round(at[1])
    gap = round(clear_px)
    candidates = [pygame.Rect(x + gap, y - height // 2, width, height),
                  pygame.Rect(x - gap - width, y - height // 2, width, height),
                  pygame.Rect(x - width // 2, y - gap - height, width, height),
                  pygame.Rect(x - width // 2, y + gap, width, height)]
    placed = [rect.clamp(area) for rect in candidates]
    if avoid is None:
        return placed[0]

    def covered(rect: pygame.Rect) -> int:
        overlap = rect.clip(avoid)
        return overlap.width * overlap.height

    for rect in placed:
        if covered(rect) == 0:
            return rect
    return min(placed, key=covered)


def draw_gauge(surface: pygame.Surface, text: Text, at: tuple[float, float], speed_mm_s: float,
               band: Band | None, angle_deg: float | None, clear_px: float = 28.0,
               avoid: pygame.Rect | None = None) -> pygame.Rect:
    """A vertical gauge with its labels beside screen point ``at`` (the blade's centre),
    ``clear_px`` from it (clear of the blade) and clear of ``avoid`` (the aimed card's
    outline on screen) where the window allows; returns the rectangle it took."""
    height = max(80, surface.get_height() // 8)
    width = max(10, height // 9)
    size = max(14, surface.get_height() // 50)
    inside = band is not None and band.low <= speed_mm_s <= band.high
    colour = IN_BAND if inside else OUT_OF_BAND
    label = text.render(f"{speed_mm_s / 1000.0:.1f} m/s", size, colour, bold=True)
    widest = text.render("3.0 m/s", size, colour, bold=True).get_width()
    hint = None
    if band is not None and angle_deg is not None:
        hint = text.render(f"flips {band.low / 1000.0:.1f}-{band.high / 1000.0:.1f} "
                           f"at {angle_deg:.0f} deg", max(12, size - 3), (200, 230, 200))
        widest = max(widest, hint.get_width())
    block_size = (width + 4 + LABEL_GAP + widest, height + 4 + label.get_height())
    area = surface.get_rect().inflate(-4, -4)
    block = place_gauge(area, at, block_size, clear_px, avoid)
    frame = pygame.Rect(block.left + 2, block.top + 2 + label.get_height() // 2, width, height)

    def level(mm_s: float) -> int:
        return frame.bottom - round(frame.height * min(1.0, max(0.0, mm_s / SCALE_MM_S)))

    pygame.draw.rect(surface, (30, 24, 20), frame.inflate(4, 4), border_radius=3)
    if band is not None:
        top, low = level(band.high), level(band.low)
        pygame.draw.rect(surface, (50, 140, 60), pygame.Rect(frame.left, top, frame.width,
                                                              max(2, low - top)))
    fill = level(speed_mm_s)
    pygame.draw.line(surface, colour, (frame.left - 2, fill), (frame.right + 2, fill), 3)
    surface.blit(label, (frame.right + LABEL_GAP, fill - label.get_height() // 2))
    if hint is not None:
        surface.blit(hint, (frame.right + LABEL_GAP, frame.top - hint.get_height() // 2))
    return block
