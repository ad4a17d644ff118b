"""Drawing the live spatula: the blade where the physics has it, and the speed gauge with the
flip band of the card ahead (shared by the game and the practice table)."""

from __future__ import annotations

import math
from typing import Any

import pygame

from wokphysics.config.table import TableConfig
from wokphysics.table.cards import Card
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

    def draw(self, surface: pygame.Surface, live: LiveSpatula[Any], cards: list[Card]) -> None:
        x, y, along = live.blade_pose()
        window = self.physics.spatula.release_window_s
        speed = live.recent_speed(window)
        dx, dy = live.recent_motion(window)
        self.renderer.draw_spatula(surface, x, y, trailing(along, dx, dy))
        self.draw_gauge(surface, cards, x, y, (dx, dy), speed)

    def draw_gauge(self, surface: pygame.Surface, cards: list[Card], x: float, y: float,
                   direction: tuple[float, float], speed: float) -> None:
        """The speed gauge by the blade, with the flip band of the card ahead of it."""
        spatula = self.physics.spatula
        card = card_ahead(cards, x, y, *direction, spatula.blade_width_mm / 2.0,
                          self.physics.card.length_mm)
        band = angle = None
        if card is not None and self.bands is not None:
            angle = approach_angle(card, *direction)
            band = self.bands.at(angle)
        clear = self.renderer.map.length(spatula.blade_width_mm / 2.0) + 12.0
        draw_gauge(surface, self.text, self.renderer.map.to_screen(x, y), speed, band, angle,
                   clear)
