"""The gauge beside the blade while dragging: the blade's speed over the release window, and
for the card ahead how deep the blade is under it, with the flip band there.

Two bars, on one solid backing (the words are never drawn over card art), every word in a
font of at least ``MIN_FONT_PX``. The speed bar, with a tick every 0.5 m/s numbered every
whole m/s and at the limit, runs from 0 to the hand's limit (``spatula.hand_speed_limit_mm_s``,
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
    """Where the gauge drew its parts (window px), for tests and placement: the block (its
    solid backing), the bars, its words, the speed scale's ticks (number, screen y) and the
    font size of its smallest words."""

    block: pygame.Rect
    speed_bar: pygame.Rect
    depth_bar: pygame.Rect | None
    speed_text: str
    band_text: str | None
    depth_text: str | None
    ticks: tuple[tuple[str, int], ...] = ()
    font_px: int = 0


BACKING = (26, 21, 18)
"""The gauge's solid backing: its words and scale are never drawn over card art."""
BACKING_EDGE = (120, 106, 92)
CAPTION = (215, 205, 190)
TICK = (200, 190, 175)
MIN_FONT_PX = 24
"""The gauge's smallest words: a 24 px font, digits 13 px and capitals 12 px tall."""
PAD = 6
"""Px between the backing's edge and what is drawn on it."""


def scale_ticks(limit_mm_s: float) -> list[tuple[float, str]]:
    """The speed scale's numbered ticks (mm/s, words): every whole m/s of the linear part,
    then the hand's limit at the top."""
    linear = min(LINEAR_MM_S, limit_mm_s)
    ticks = [(1000.0 * k, f"{k}") for k in range(int(linear // 1000.0) + 1)]
    if limit_mm_s > linear:
        ticks.append((limit_mm_s, f"{limit_mm_s / 1000.0:g}"))
    return ticks


def draw_gauge(surface: pygame.Surface, text: Text, at: tuple[float, float], speed_mm_s: float,
               aim: Aim | None, limit_mm_s: float, clear_px: float = 28.0,
               avoid: pygame.Rect | None = None, also: Sequence[pygame.Rect] = (),
               bounds: pygame.Rect | None = None) -> GaugeParts:
    """The gauge with its words beside screen point ``at`` (the blade), ``clear_px`` from it
    (clear of the blade) and clear of ``avoid`` (the aimed card's outline on screen) where
    ``bounds`` (the table's part of the window; default the whole window) allows, and of
    ``also`` (the spatula) where it can be; returns where it went.

    Everything sits on one solid backing, in words of at least ``MIN_FONT_PX``. From the
    left: the speed scale's numbers (m/s) and ticks, the speed bar, its value at its level
    (the limit's word at the top); the depth bar (with a card ahead), the depth at its level
    and the best depth at its own; the band's words above, the depth's below."""
    size = max(MIN_FONT_PX, surface.get_height() // 33)
    height = max(160, surface.get_height() // 5)
    width = max(12, height // 12)
    speed_text, band_text, depth_text = words(aim, speed_mm_s, limit_mm_s)
    band = aim.band if aim is not None else None
    inside = (band is not None and aim is not None and aim.under
              and band.low <= speed_mm_s <= band.high)
    colour = AT_LIMIT if speed_mm_s >= limit_mm_s else IN_BAND if inside else OUT_OF_BAND
    label = text.render(speed_text, size, colour, bold=True)
    limit_label = text.render("limit", size, AT_LIMIT)
    speed_column = max(label.get_width(), limit_label.get_width(),
                       text.render(f"{limit_mm_s / 1000.0:.0f} m/s limit", size, colour,
                                   bold=True).get_width())
    ticks = scale_ticks(limit_mm_s)
    tick_images = [(text.render(words_, size, AT_LIMIT if mm_s >= limit_mm_s else TICK), mm_s)
                   for mm_s, words_ in ticks]
    numbers_width = max(image.get_width() for image, _ in tick_images)
    top_line = bottom_line = None
    if band_text is not None:
        no_band = aim is not None and (aim.band is None or not aim.bands_known)
        top_line = text.render(band_text, size, NO_BAND if no_band else HINT, bold=True)
    if depth_text is not None:
        bottom_line = text.render(depth_text, size, (235, 225, 200))
    depth_labels: list[tuple[pygame.Surface, float]] = []  # (label, depth it marks)
    if aim is not None:
        if aim.under:
            depth_labels.append((text.render(f"{aim.depth_mm:.0f} mm", size, (255, 255, 255),
                                             bold=True), aim.depth_mm))
        if aim.best is not None:
            depth_labels.append((text.render(f"best {aim.best[0]:.0f}", size, BEST),
                                 aim.best[0]))
    depth_column = max((image.get_width() for image, _ in depth_labels), default=0)
    captions = [text.render(word, size, CAPTION)
                for word in (("speed m/s", "depth") if aim is not None else ("speed m/s",))]
    tick_len = 5
    scale_width = numbers_width + 3 + tick_len
    bars_width = scale_width + width + LABEL_GAP + speed_column
    if aim is not None:
        bars_width += LABEL_GAP + width + LABEL_GAP + max(depth_column, captions[1].get_width())
    lines_width = max((line.get_width() for line in (top_line, bottom_line, captions[0])
                       if line is not None), default=0)
    half_number = tick_images[0][0].get_height() // 2
    top_h = ((top_line.get_height() + 4 if top_line is not None else 0)
             + captions[0].get_height() + 4 + half_number)
    bottom_h = (half_number + (bottom_line.get_height() + 10 if bottom_line is not None
                               else 4))
    block_size = (max(bars_width, lines_width) + 2 * PAD, top_h + height + bottom_h + 2 * PAD)
    area = (bounds if bounds is not None else surface.get_rect()).inflate(-4, -4)
    block = place_gauge(area, at, block_size, clear_px, avoid, also)
    pygame.draw.rect(surface, BACKING, block, border_radius=6)
    pygame.draw.rect(surface, BACKING_EDGE, block, 1, border_radius=6)
    left, top = block.left + PAD, block.top + PAD
    frame = pygame.Rect(left + scale_width, top + top_h, width, height)
    if top_line is not None:
        surface.blit(top_line, (left, top))

    def level(mm_s: float) -> int:
        return frame.bottom - round(frame.height * speed_share(mm_s, limit_mm_s))

    pygame.draw.rect(surface, (70, 60, 52), frame)
    if band is not None and aim is not None:
        # The band at the blade's depth; before the card's edge, the band at the best depth
        # (dimmer: the blade is not there yet).
        band_top, band_low = level(band.high), level(band.low)
        shaded = pygame.Rect(frame.left, band_top, frame.width, max(2, band_low - band_top))
        pygame.draw.rect(surface, BAND_FILL if aim.under else BAND_AHEAD, shaded)
    # The scale: a tick every half m/s of the linear part, numbered every whole one, and the
    # hand's limit at the top (in red).
    linear = min(LINEAR_MM_S, limit_mm_s)
    for half in range(int(linear // 500.0) + 1):
        y = level(500.0 * half)
        short = tick_len if half % 2 == 0 else tick_len - 2
        pygame.draw.line(surface, TICK, (frame.left - short - 1, y), (frame.left - 1, y))
        pygame.draw.line(surface, (40, 34, 30), (frame.left, y), (frame.right - 1, y))
    placed: list[tuple[str, int]] = []
    for (image, mm_s), (_, words_) in zip(tick_images, ticks, strict=True):
        y = level(mm_s)
        surface.blit(image, image.get_rect(midright=(frame.left - tick_len - 4, y)))
        placed.append((words_, y))
    pygame.draw.line(surface, AT_LIMIT, (frame.left - tick_len - 1, frame.top),
                     (frame.right + 2, frame.top), 2)
    fill = level(min(speed_mm_s, limit_mm_s))
    pygame.draw.line(surface, colour, (frame.left - 2, fill), (frame.right + 2, fill), 3)
    column_x = frame.right + LABEL_GAP
    limit_at = frame.top - limit_label.get_height() // 2
    speed_at = fill - label.get_height() // 2
    if speed_at < limit_at + limit_label.get_height() and speed_mm_s < limit_mm_s:
        speed_at = limit_at + limit_label.get_height()  # just below the limit's word
    if speed_mm_s < limit_mm_s:
        surface.blit(limit_label, (column_x, limit_at))
    surface.blit(label, (column_x, max(limit_at, speed_at)))
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
            spot.clamp_ip(pygame.Rect(spot.left, frame.top - half_number, spot.width,
                                      frame.height + 2 * half_number))
            if any(spot.colliderect(other) for other in taken):
                continue  # the best depth's label under the blade's: the words say it
            taken.append(spot)
            surface.blit(image, spot.topleft)
    caption_y = frame.top - half_number - 4 - captions[0].get_height()
    surface.blit(captions[0], (left, caption_y))
    if len(captions) > 1 and depth_bar is not None:
        surface.blit(captions[1], captions[1].get_rect(midtop=(depth_bar.centerx, caption_y)))
    if bottom_line is not None:
        surface.blit(bottom_line, (left, frame.bottom + half_number + 6))
    return GaugeParts(block, frame, depth_bar, speed_text, band_text, depth_text,
                      tuple(placed), size)


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
