"""The practice chart: each flick as a dot at its speed (across) and its angle to the card's
long axis (up), green if the card flipped, red if not; the flip band shaded when it is known.
Flicks with no card on the blade are ticks along the top."""

from __future__ import annotations

import pygame

from wokphysics.ui.practice.record import Flick
from wokphysics.ui.widgets import DIM, Text
from wokphysics.ui.wok_on_fire.flip_band import FlipBands

MAX_SPEED_MM_S = 3000.0
FLIPPED = (110, 220, 110)
NOT_FLIPPED = (235, 95, 80)
BAND = (46, 92, 52)


def draw_chart(surface: pygame.Surface, text: Text, rect: pygame.Rect, flicks: list[Flick],
               bands: FlipBands | None) -> None:
    size = max(11, rect.height // 16)
    plot = pygame.Rect(rect.left + size * 2, rect.top + size // 2, rect.width - size * 2 - 4,
                       rect.height - size * 2 - size // 2)
    pygame.draw.rect(surface, (28, 24, 22), plot)

    def to_px(speed: float, angle: float) -> tuple[int, int]:
        sx = plot.left + round(plot.width * min(1.0, max(0.0, speed / MAX_SPEED_MM_S)))
        sy = plot.bottom - round(plot.height * min(1.0, max(0.0, angle / 90.0)))
        return sx, sy

    if bands is not None:
        angles = [i * 5.0 for i in range(19)]
        edge = [to_px(bands.at(a).low, a) for a in angles]
        edge += [to_px(bands.at(a).high, a) for a in reversed(angles)]
        pygame.draw.polygon(surface, BAND, edge)
    for metres in (1, 2):
        x = to_px(metres * 1000.0, 0.0)[0]
        pygame.draw.line(surface, (60, 54, 50), (x, plot.top), (x, plot.bottom))
    pygame.draw.rect(surface, DIM, plot, 1)
    for flick in flicks[-200:]:
        if flick.angle_deg is None:
            x = to_px(flick.speed_mm_s, 90.0)[0]
            pygame.draw.line(surface, DIM, (x, plot.top - 4), (x, plot.top + 3), 2)
            continue
        color = FLIPPED if flick.flipped else NOT_FLIPPED
        pygame.draw.circle(surface, color, to_px(flick.speed_mm_s, flick.angle_deg), 4)
    for metres in (0, 1, 2, 3):
        label = text.render(f"{metres}", size, DIM)
        x = to_px(metres * 1000.0, 0.0)[0]
        surface.blit(label, label.get_rect(midtop=(x, plot.bottom + 2)))
    axis = text.render("flick speed, m/s", size, DIM)
    surface.blit(axis, axis.get_rect(midtop=(plot.centerx, plot.bottom + size)))
    for angle, name in ((0, "0"), (45, "45"), (90, "90")):
        label = text.render(name, size, DIM)
        surface.blit(label, label.get_rect(midright=(plot.left - 3, to_px(0.0, angle)[1])))
    side = pygame.transform.rotate(text.render("angle to card, deg", size, DIM), 90)
    surface.blit(side, side.get_rect(midright=(plot.left - size - 2, plot.centery)))
