"""The speed gauge beside the blade while dragging: the blade's speed over the release window
on a 0-3 m/s scale, with the flip band of the card ahead of the blade (at its orientation)
marked when it is known (:mod:`.flip_band`)."""

from __future__ import annotations

import pygame

from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_on_fire.flip_band import Band

SCALE_MM_S = 3000.0
"""The top of the gauge, mm/s."""
IN_BAND = (120, 230, 120)
OUT_OF_BAND = (245, 240, 230)


def draw_gauge(surface: pygame.Surface, text: Text, at: tuple[float, float], speed_mm_s: float,
               band: Band | None, angle_deg: float | None, clear_px: float = 28.0) -> None:
    """A vertical gauge beside screen point ``at`` (the blade's centre), ``clear_px`` to its
    right (clear of the blade)."""
    height = max(80, surface.get_height() // 8)
    width = max(10, height // 9)
    size = max(14, surface.get_height() // 50)
    left = int(at[0] + clear_px)
    bottom = int(at[1]) + height // 2
    frame = pygame.Rect(left, bottom - height, width, height)
    frame.clamp_ip(surface.get_rect().inflate(-4, -4 - 2 * size))

    def level(mm_s: float) -> int:
        return frame.bottom - round(frame.height * min(1.0, max(0.0, mm_s / SCALE_MM_S)))

    pygame.draw.rect(surface, (30, 24, 20), frame.inflate(4, 4), border_radius=3)
    if band is not None:
        top, low = level(band.high), level(band.low)
        pygame.draw.rect(surface, (50, 140, 60), pygame.Rect(frame.left, top, frame.width,
                                                              max(2, low - top)))
    fill = level(speed_mm_s)
    inside = band is not None and band.low <= speed_mm_s <= band.high
    pygame.draw.line(surface, IN_BAND if inside else OUT_OF_BAND, (frame.left - 4, fill),
                     (frame.right + 4, fill), 3)
    label = text.render(f"{speed_mm_s / 1000.0:.1f} m/s", size, IN_BAND if inside else
                        OUT_OF_BAND, bold=True)
    surface.blit(label, (frame.right + 8, fill - label.get_height() // 2))
    if band is not None and angle_deg is not None:
        hint = text.render(f"flips {band.low / 1000.0:.1f}-{band.high / 1000.0:.1f} "
                           f"at {angle_deg:.0f} deg", max(12, size - 3), (200, 230, 200))
        surface.blit(hint, (frame.right + 8, frame.top - hint.get_height() // 2))
