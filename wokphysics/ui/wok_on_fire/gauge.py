"""The gauge beside the blade while dragging: the blade's speed over the release window, and
for the card ahead how deep the blade is under it, with the flip band there.

Two bars. The speed bar runs from 0 to the hand's limit (``spatula.hand_speed_limit_mm_s``,
marked at its top: a faster stroke is flicked at that speed): 0-3 m/s take the lower
``LINEAR_SHARE`` of it, so the bands stay readable, 3 m/s to the limit the rest. The flip band
at the blade's depth is shaded on it. The depth bar runs from the card's near edge (bottom) to
its far edge (top) along the blade's facing: the depths with a flip band at the card's angle
are shaded, the best depth is marked in gold and the blade's leading edge is a white line
(below the bar while the blade is still before the card's edge). The words say the band at
the depth ("flips 1.3-1.9 m/s", or that this depth lifts the card flat), the depth and the
best depth; before the edge, the band at the best depth and how far there is to go.

The gauge never hides the card being aimed at: it goes on whichever side of the blade
(right, left, above, below, in that order of preference) keeps it clear of that card's
outline on screen, and inside the window. No bands are claimed for a physics config they were
not measured for (:mod:`.flip_band`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_on_fire.flip_band import Band

LINEAR_MM_S = 3000.0
"""The speed bar is linear up to this speed, mm/s."""
LINEAR_SHARE = 0.8
"""The share of the speed bar's height that 0 to ``LINEAR_MM_S`` takes."""
IN_BAND = (120, 230, 120)
OUT_OF_BAND = (245, 240, 230)
AT_LIMIT = (255, 120, 80)
BAND_FILL = (50, 140, 60)
BAND_AHEAD = (40, 90, 48)
BEST = (250, 210, 90)
HINT = (200, 230, 200)
NO_BAND = (240, 170, 120)
LABEL_GAP = 8
"""Px between the gauge's bars and their labels."""


@dataclass(frozen=True)
class Aim:
    """The card ahead of the blade as the gauge shows it. ``under``: the card is on the
    blade; ``depth_mm``: how far the blade's leading edge is under it (while not under, minus
    how far the edge still is before the card's near edge); ``extent_mm``: the card's extent
    along the blade's facing; ``bands_known``: the flip bands were measured for this physics
    config (else ``band``, ``best`` and ``runs`` are empty); ``band``: the band at the depth
    (at the best depth while the card is not under the blade), None where there is none;
    ``best``: the best depth and its band; ``runs``: the depths (first, last) with a band."""

    angle_deg: float
    under: bool
    depth_mm: float
    extent_mm: float
    bands_known: bool
    band: Band | None = None
    best: tuple[float, Band] | None = None
    runs: tuple[tuple[float, float], ...] = ()


def speed_share(mm_s: float, limit_mm_s: float) -> float:
    """Where a speed sits on the speed bar, 0 (bottom) to 1 (the hand's limit)."""
    mm_s = max(0.0, mm_s)
    linear = min(LINEAR_MM_S, limit_mm_s)
    if mm_s <= linear:
        return LINEAR_SHARE * mm_s / linear
    if limit_mm_s <= linear:
        return 1.0
    return min(1.0, LINEAR_SHARE + (1.0 - LINEAR_SHARE) * (mm_s - linear)
               / (limit_mm_s - linear))


def words(aim: Aim | None, speed_mm_s: float, limit_mm_s: float) -> tuple[str, str | None,
                                                                           str | None]:
    """The gauge's words: the speed label, the band line (above the bars) and the depth line
    (below them)."""
    if speed_mm_s >= limit_mm_s:
        speed = f"{limit_mm_s / 1000.0:.0f} m/s limit"
    else:
        speed = f"{speed_mm_s / 1000.0:.1f} m/s"
    if aim is None:
        return speed, None, None
    angle = f"{aim.angle_deg:.0f} deg"
    best = aim.best
    if aim.under:
        depth = f"{aim.depth_mm:.0f} mm under"
        if best is not None:
            depth += f", best {best[0]:.0f}"
        if not aim.bands_known:
            band = f"at {angle}: band not measured"
        elif aim.band is None:
            band = f"at {angle}: lifts flat here, no flip"
        else:
            band = f"flips {_range(aim.band)} at {angle}"
        return speed, band, depth
    to_edge = -aim.depth_mm
    if best is None:
        depth = f"edge {to_edge:.0f} mm ahead"
        band = (f"at {angle}: band not measured" if not aim.bands_known
                else f"at {angle}: no band at any depth")
        return speed, band, depth
    depth = f"{to_edge + best[0]:.0f} mm to go: best {best[0]:.0f} under"
    return speed, f"flips {_range(best[1])} at {angle}", depth


def _range(band: Band) -> str:
    return f"{band.low / 1000.0:.1f}-{band.high / 1000.0:.1f} m/s"


def place_gauge(area: pygame.Rect, at: tuple[float, float], size: tuple[int, int],
                clear_px: float, avoid: pygame.Rect | None,
                also: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a gauge block of ``size`` (px) goes beside screen point ``at`` (the blade's
    leading edge), ``clear_px`` from it: the first of right, left, above and below that stays
    clear of ``avoid`` (the aimed card on screen) once kept inside ``area``, and of ``also``
    (the spatula) if one is; if none is clear of the card, the one covering the least of it."""
    width, height = size
    x, y = round(at[0]), round(at[1])
    gap = round(clear_px)
    candidates = [pygame.Rect(x + gap, y - height // 2, width, height),
                  pygame.Rect(x - gap - width, y - height // 2, width, height),
                  pygame.Rect(x - width // 2, y - gap - height, width, height),
                  pygame.Rect(x - width // 2, y + gap, width, height)]
    placed = [rect.clamp(area) for rect in candidates]

    def covered(rect: pygame.Rect, other: pygame.Rect | None) -> int:
        if other is None:
            return 0
        overlap = rect.clip(other)
        return overlap.width * overlap.height

    def cost(rect: pygame.Rect) -> tuple[int, int]:
        return covered(rect, avoid), sum(covered(rect, other) for other in also)

    clear = [rect for rect in placed if covered(rect, avoid) == 0]
    if clear:
        return min(clear, key=lambda rect: (cost(rect)[1] > 0, ))
    return min(placed, key=cost)


@dataclass(frozen=True)
class GaugeParts:
    """Where the gauge drew its parts (window px), for tests and placement."""

    block: pygame.Rect
    speed_bar: pygame.Rect
    depth_bar: pygame.Rect | None
    speed_text: str
    band_text: str | None
    depth_text: str | None


def draw_gauge(surface: pygame.Surface, text: Text, at: tuple[float, float], speed_mm_s: float,
               aim: Aim | None, limit_mm_s: float, clear_px: float = 28.0,
               avoid: pygame.Rect | None = None, also: Sequence[pygame.Rect] = ()
               ) -> GaugeParts:
    """The gauge with its words beside screen point ``at`` (the blade), ``clear_px`` from it
    (clear of the blade) and clear of ``avoid`` (the aimed card's outline on screen) where
    the window allows, and of ``also`` (the spatula) where it can be; returns where it went.

    From the left: the speed bar, its value at its level; the depth bar (with a card ahead),
    the depth at its level and the best depth at its own; the band's words above, the
    depth's below."""
    height = max(90, surface.get_height() // 7)
    width = max(10, height // 10)
    size = max(15, surface.get_height() // 44)
    small = max(13, size - 2)
    tiny = max(11, small - 2)
    speed_text, band_text, depth_text = words(aim, speed_mm_s, limit_mm_s)
    band = aim.band if aim is not None else None
    inside = (band is not None and aim is not None and aim.under
              and band.low <= speed_mm_s <= band.high)
    colour = AT_LIMIT if speed_mm_s >= limit_mm_s else IN_BAND if inside else OUT_OF_BAND
    label = text.render(speed_text, size, colour, bold=True)
    limit_text = f"{limit_mm_s / 1000.0:.0f} m/s limit"
    speed_column = max(label.get_width(),
                       text.render(limit_text, size, colour, bold=True).get_width())
    limit_label = text.render(limit_text, tiny, AT_LIMIT)
    top_line = bottom_line = None
    if band_text is not None:
        no_band = aim is not None and (aim.band is None or not aim.bands_known)
        top_line = text.render(band_text, small, NO_BAND if no_band else HINT, bold=True)
    if depth_text is not None:
        bottom_line = text.render(depth_text, small, (235, 225, 200))
    depth_labels: list[tuple[pygame.Surface, float]] = []  # (label, depth it marks)
    if aim is not None:
        if aim.under:
            depth_labels.append((text.render(f"{aim.depth_mm:.0f} mm", size, (255, 255, 255),
                                             bold=True), aim.depth_mm))
        if aim.best is not None:
            depth_labels.append((text.render(f"best {aim.best[0]:.0f}", tiny, BEST),
                                 aim.best[0]))
    depth_column = max((image.get_width() for image, _ in depth_labels), default=0)
    captions = [text.render(word, tiny, (170, 160, 150))
                for word in (("speed", "depth") if aim is not None else ("speed",))]
    bars_width = width + LABEL_GAP + speed_column
    if aim is not None:
        bars_width += LABEL_GAP + width + LABEL_GAP + max(depth_column, captions[1].get_width())
    lines_width = max((line.get_width() for line in (top_line, bottom_line)
                       if line is not None), default=0)
    top_h = ((top_line.get_height() + 4 if top_line is not None else 0)
             + captions[0].get_height() + 2 + limit_label.get_height() // 2 + 2)
    bottom_h = bottom_line.get_height() + 14 if bottom_line is not None else 6
    block_size = (max(bars_width + 4, lines_width + 6), top_h + height + bottom_h)
    area = surface.get_rect().inflate(-4, -4)
    block = place_gauge(area, at, block_size, clear_px, avoid, also)
    frame = pygame.Rect(block.left + 3, block.top + top_h, width, height)
    if top_line is not None:
        _backed(surface, top_line, (block.left + 3, block.top))

    def level(mm_s: float) -> int:
        return frame.bottom - round(frame.height * speed_share(mm_s, limit_mm_s))

    pygame.draw.rect(surface, (30, 24, 20), frame.inflate(4, 4), border_radius=3)
    if band is not None and aim is not None:
        # The band at the blade's depth; before the card's edge, the band at the best depth
        # (dimmer: the blade is not there yet).
        top, low = level(band.high), level(band.low)
        pygame.draw.rect(surface, BAND_FILL if aim.under else BAND_AHEAD,
                         pygame.Rect(frame.left, top, frame.width, max(2, low - top)))
    # The linear part's top (3 m/s) and the hand's limit.
    knee = level(LINEAR_MM_S)
    pygame.draw.line(surface, (110, 100, 90), (frame.left, knee), (frame.right - 1, knee))
    pygame.draw.line(surface, AT_LIMIT, (frame.left - 3, frame.top), (frame.right + 2, frame.top),
                     2)
    fill = level(min(speed_mm_s, limit_mm_s))
    pygame.draw.line(surface, colour, (frame.left - 2, fill), (frame.right + 2, fill), 3)
    column_x = frame.right + LABEL_GAP
    surface.blit(limit_label, (column_x, frame.top - limit_label.get_height() // 2))
    speed_at = fill - label.get_height() // 2
    speed_at = max(speed_at, frame.top + limit_label.get_height() // 2 + 1)
    _backed(surface, label, (column_x, speed_at))
    bars = [frame]
    depth_bar = None
    if aim is not None:
        depth_bar = pygame.Rect(column_x + speed_column + LABEL_GAP, frame.top, width,
                                frame.height)
        bars.append(depth_bar)
        levels = _draw_depth_bar(surface, depth_bar, aim)
        taken: list[pygame.Rect] = []
        for image, depth in depth_labels:
            spot = image.get_rect(midleft=(depth_bar.right + LABEL_GAP, levels(depth)))
            spot.clamp_ip(pygame.Rect(spot.left, frame.top - 2, spot.width, frame.height + 8))
            if any(spot.colliderect(other) for other in taken):
                continue  # the best depth's label under the blade's: the words say it
            taken.append(spot)
            _backed(surface, image, spot.topleft)
    caption_y = frame.top - limit_label.get_height() // 2 - 2 - captions[0].get_height()
    for caption, bar in zip(captions, bars, strict=True):
        surface.blit(caption, caption.get_rect(midtop=(bar.centerx, caption_y)))
    if bottom_line is not None:
        _backed(surface, bottom_line, (block.left + 3, frame.bottom + 14))
    return GaugeParts(block, frame, depth_bar, speed_text, band_text, depth_text)


def _backed(surface: pygame.Surface, image: pygame.Surface, at: tuple[int, int]) -> None:
    """Words on a dark translucent strip, readable over cards and the table."""
    box = image.get_rect(topleft=at).inflate(6, 2)
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((20, 16, 14, 170))
    surface.blit(shade, box.topleft)
    surface.blit(image, at)


def _draw_depth_bar(surface: pygame.Surface, bar: pygame.Rect, aim: Aim
                    ) -> Callable[[float], int]:
    """The card from its near edge (bottom) to its far edge (top): the depths with a band
    shaded, the best depth in gold, the blade's leading edge in white. Returns the bar's
    scale (depth, mm -> screen y)."""
    extent = max(1.0, aim.extent_mm)

    def level(depth: float) -> int:
        return bar.bottom - round(bar.height * min(1.0, max(0.0, depth / extent)))

    pygame.draw.rect(surface, (30, 24, 20), bar.inflate(4, 4), border_radius=3)
    pygame.draw.rect(surface, (70, 60, 52), bar)
    half_step = 5.0  # a measured depth stands for the 10 mm around it
    for first, last in aim.runs:
        top, bottom = level(last + half_step), level(max(0.0, first - half_step))
        pygame.draw.rect(surface, BAND_FILL, pygame.Rect(bar.left, top, bar.width,
                                                         max(2, bottom - top)))
    if aim.best is not None:
        y = level(aim.best[0])
        pygame.draw.line(surface, BEST, (bar.left - 3, y), (bar.right + 2, y), 2)
    if aim.under:
        y = level(aim.depth_mm)
        pygame.draw.line(surface, (255, 255, 255), (bar.left - 2, y), (bar.right + 2, y), 3)
    else:
        # Before the card's edge: an arrow below the bar, pointing up at it.
        tip = (bar.centerx, bar.bottom + 4)
        pygame.draw.polygon(surface, (255, 255, 255), [tip, (bar.left - 1, bar.bottom + 11),
                                                       (bar.right + 1, bar.bottom + 11)])
    return level
