"""The practice chart: each flick as a dot at its speed (across) and how deep the blade was
under the card (up), green if the card flipped, red if not; the flip band of the last card's
angle shaded at every depth where the bands are known (the newest flick ringed, those at other
angles smaller). A flick whose speed was not read reliably is a ring in the "?" column at its
depth (its speed is never charted); one with no card on the blade is a tick along the top."""

from __future__ import annotations

import pygame

from wokphysics.ui.practice.record import Flick
from wokphysics.ui.widgets import DIM, Text
from wokphysics.ui.wok_on_fire.flip_band import FlipBands

MAX_SPEED_MM_S = 3000.0
DEPTH_TOP_MM = 90.0
"""The top of the depth axis, mm (about a card's length: the deepest a lengthwise card can
lie on the blade)."""
FLIPPED = (110, 220, 110)
NOT_FLIPPED = (235, 95, 80)
BAND = (46, 92, 52)
SAME_ANGLE_DEG = 10.0
"""Flicks within this of the last card's angle are drawn full size (the band shown is
theirs)."""


def draw_chart(surface: pygame.Surface, text: Text, rect: pygame.Rect, flicks: list[Flick],
               bands: FlipBands | None) -> pygame.Rect:
    """The chart in ``rect``; returns the plot's rectangle (speed 0 to 3 m/s across, depth 0
    to ``DEPTH_TOP_MM`` up, then the "?" column)."""
    size = max(11, rect.height // 16)
    unknown_w = size + 4
    title_h = size + 2
    plot = pygame.Rect(rect.left + size * 2, rect.top + title_h + size // 2,
                       rect.width - size * 2 - 8 - unknown_w,
                       rect.height - size * 2 - size // 2 - title_h)
    unknown = pygame.Rect(plot.right + 4, plot.top, unknown_w, plot.height)
    pygame.draw.rect(surface, (28, 24, 22), plot)
    pygame.draw.rect(surface, (28, 24, 22), unknown)

    def x_of(speed: float) -> int:
        return plot.left + round(plot.width * min(1.0, max(0.0, speed / MAX_SPEED_MM_S)))

    def y_of(depth: float) -> int:
        return plot.bottom - round(plot.height * min(1.0, max(0.0, depth / DEPTH_TOP_MM)))

    aimed = [f for f in flicks if f.angle_deg is not None]
    angle = aimed[-1].angle_deg if aimed else None
    if bands is not None and angle is not None:
        step = 2.0
        depth = 0.0
        while depth < DEPTH_TOP_MM:
            band = bands.at(angle, depth + step / 2.0)
            if band is not None:
                top, bottom = y_of(depth + step), y_of(depth)
                left, right = x_of(band.low), x_of(band.high)
                pygame.draw.rect(surface, BAND, pygame.Rect(left, top, max(2, right - left),
                                                            max(1, bottom - top)))
            depth += step
        best = bands.best(angle)
        if best is not None:
            y = y_of(best[0])
            pygame.draw.line(surface, (150, 130, 60), (plot.left, y), (plot.right - 1, y))
    for metres in (1, 2):
        x = x_of(metres * 1000.0)
        pygame.draw.line(surface, (60, 54, 50), (x, plot.top), (x, plot.bottom))
    pygame.draw.rect(surface, DIM, plot, 1)
    pygame.draw.rect(surface, DIM, unknown, 1)
    shown = flicks[-200:]
    for index, flick in enumerate(shown):
        newest = index == len(shown) - 1
        if flick.angle_deg is None or flick.depth_mm is None:
            x = x_of(flick.speed_mm_s) if flick.speed_read else unknown.centerx
            pygame.draw.line(surface, DIM, (x, plot.top - 4), (x, plot.top + 3), 2)
            continue
        color = FLIPPED if flick.flipped else NOT_FLIPPED
        same = angle is not None and abs(flick.angle_deg - angle) <= SAME_ANGLE_DEG
        radius = 4 if same else 2
        y = y_of(flick.depth_mm)
        if not flick.speed_read:
            pygame.draw.circle(surface, color, (unknown.centerx, y), radius + 1, 2)
        else:
            pygame.draw.circle(surface, color, (x_of(flick.speed_mm_s), y), radius)
        if newest:
            at = (unknown.centerx if not flick.speed_read else x_of(flick.speed_mm_s), y)
            pygame.draw.circle(surface, (250, 250, 250), at, radius + 4, 1)
    if angle is not None and bands is not None:
        title = f"shaded: flips at {angle:.0f} deg (the last card)"
    elif angle is not None:
        title = "flip bands not measured for this physics config"
    else:
        title = "each flick: speed and depth under the card"
    label = text.render(title, size, DIM)
    surface.blit(label, (rect.left, rect.top))
    for metres in (0, 1, 2, 3):
        label = text.render(f"{metres}", size, DIM)
        surface.blit(label, label.get_rect(midtop=(x_of(metres * 1000.0), plot.bottom + 2)))
    label = text.render("?", size, DIM)
    surface.blit(label, label.get_rect(midtop=(unknown.centerx, plot.bottom + 2)))
    axis = text.render("flick speed, m/s (?: not read)", size, DIM)
    surface.blit(axis, axis.get_rect(midtop=(plot.centerx, plot.bottom + size)))
    for depth in (0, 30, 60, 90):
        label = text.render(f"{depth}", size, DIM)
        surface.blit(label, label.get_rect(midright=(plot.left - 3, y_of(float(depth)))))
    side = pygame.transform.rotate(text.render("mm under the card", size, DIM), 90)
    surface.blit(side, side.get_rect(midright=(plot.left - size - 2, plot.centery)))
    return plot
