"""Drawing the live spatula: the blade where the physics has it, and the speed gauge with the
flip band of the card ahead (shared by the game and the practice table)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from wokphysics.config.table import TableConfig
from wokphysics.table.cards import Card
from wokphysics.table.geometry import card_corners
from wokphysics.ui.live_stroke import LiveSpatula
from wokphysics.ui.render import TableRenderer
from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_on_fire.flip_band import FlipBands, approach_angle, card_ahead
from wokphysics.ui.wok_on_fire.gauge import draw_gauge


def trailing(along: float, dx: float, dy: float) -> float:
    """The blade's direction ``along`` (rad), turned half a turn if need be so that the
    spatula's handle trails the motion ``(dx, dy)``. The physics' blade is the same either way
    round (it keeps its direction when the hand reverses); the drawn handle is not."""
    # For a blade along ``along`` the drawn head leads along (sin, -cos) of it.
    if dx * math.sin(along) - dy * math.cos(along) < 0.0:
        return along + math.pi
    return along


class BladeView:
    """Draws a live stroke's blade and gauge (see the module doc)."""

    def __init__(self, physics: TableConfig, renderer: TableRenderer, text: Text,
                 bands: FlipBands | None) -> None:
        self.physics = physics
        self.renderer = renderer
        self.text = text
        self.bands = bands
        self._heading: tuple[int, tuple[float, float]] = (0, (0.0, 0.0))
        """(the stroke, the blade's last motion in it): a hand that pauses to aim still
        aims where it was going."""

    def draw(self, surface: pygame.Surface, live: LiveSpatula[Any], cards: list[Card]
             ) -> pygame.Rect:
        """The blade and its gauge; returns where the gauge went (window px)."""
        x, y, along = live.blade_pose()
        window = self.physics.spatula.release_window_s
        speed = live.recent_speed(window)
        dx, dy = live.recent_motion(window)
        stroke, heading = self._heading
        if math.hypot(dx, dy) > 1e-6 or stroke != id(live):
            heading = (dx, dy)
            self._heading = (id(live), heading)
        self.renderer.draw_spatula(surface, x, y, trailing(along, *heading))
        return self.draw_gauge(surface, cards, x, y, heading, speed)

    def draw_gauge(self, surface: pygame.Surface, cards: list[Card], x: float, y: float,
                   direction: tuple[float, float], speed: float) -> pygame.Rect:
        """The speed gauge by the blade, with the flip band of the card ahead of it, placed
        clear of that card; returns where it went (window px)."""
        spatula = self.physics.spatula
        card = card_ahead(cards, x, y, *direction, spatula.blade_width_mm / 2.0,
                          self.physics.card.length_mm)
        band = angle = None
        avoid = None
        if card is not None:
            avoid = self.on_screen(card)
            if self.bands is not None:
                angle = approach_angle(card, *direction)
                band = self.bands.at(angle)
        clear = self.renderer.map.length(spatula.blade_width_mm / 2.0) + 12.0
        return draw_gauge(surface, self.text, self.renderer.map.to_screen(x, y), speed, band,
                          angle, clear, avoid)

    def on_screen(self, card: Card) -> pygame.Rect:
        """The screen rectangle around a lying card's outline (a few px to spare)."""
        size = self.physics.card
        points = [self.renderer.map.to_screen(float(px), float(py)) for px, py in
                  card_corners(card.x, card.y, card.angle, size.width_mm, size.length_mm)]
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        left, top = int(min(xs)), int(min(ys))
        return pygame.Rect(left, top, int(max(xs)) - left + 1, int(max(ys)) - top + 1
                           ).inflate(6, 6)
