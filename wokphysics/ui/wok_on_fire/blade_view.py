"""Drawing the live spatula: the blade where the physics has it, and the gauge with the card
ahead's depth and flip band (shared by the game and the practice table).

The blade is drawn as the physics' stroke has it (:attr:`Stroke.blade`, its leading edge
facing :attr:`Stroke.forward`): the plate under the cards it carries, the handle over them
(:meth:`TableRenderer.draw`), then its leading edge as a faint line over the cards it is
under, so a player sees how deep it is."""

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
from wokphysics.ui.wok_on_fire.flip_band import (
    FlipBands,
    approach_angle,
    card_ahead,
    depth_under,
)
from wokphysics.ui.wok_on_fire.gauge import Aim, GaugeParts, draw_gauge


def facing(along: float) -> tuple[float, float]:
    """The unit direction a blade lying along ``along`` (rad) faces, as the physics has it
    (:attr:`~wokphysics.table.stroke.Stroke.forward`)."""
    return math.sin(along), -math.cos(along)


def cards_under(stroke: object) -> dict[int, float]:
    """The cards a stroke's blade is under and how deep, mm (``Stroke.depths``; none for a
    stroke that does not tell)."""
    depths = getattr(stroke, "depths", None)
    if not callable(depths):
        return {}
    found = depths()
    return {int(k): float(v) for k, v in found.items()} if isinstance(found, dict) else {}


class BladeView:
    """Draws a live stroke's blade and gauge (see the module doc)."""

    def __init__(self, physics: TableConfig, renderer: TableRenderer, text: Text,
                 bands: FlipBands | None) -> None:
        self.physics = physics
        self.renderer = renderer
        self.text = text
        self.bands = bands

    @staticmethod
    def pose(live: LiveSpatula[Any]) -> tuple[float, float, float]:
        """The blade to draw: its leading edge's midpoint (mm) and the direction that edge
        lies along (rad), for :meth:`TableRenderer.draw`'s ``spatula``."""
        return live.blade_pose()

    def draw(self, surface: pygame.Surface, live: LiveSpatula[Any], cards: list[Card]
             ) -> GaugeParts:
        """Over the drawn table (the blade's plate and handle drawn with it): the blade's
        leading edge, and the gauge; returns where the gauge went."""
        x, y, along = live.blade_pose()
        self._draw_edge(surface, x, y, along)
        window = self.physics.spatula.release_window_s
        return self.draw_gauge(surface, cards, x, y, facing(along), live.recent_speed(window),
                               cards_under(live.stroke))

    def _draw_edge(self, surface: pygame.Surface, x: float, y: float, along: float) -> None:
        m = self.renderer.map
        half = self.physics.spatula.blade_width_mm / 2.0
        ends = [m.to_screen(x + math.cos(along) * s, y + math.sin(along) * s)
                for s in (-half, half)]
        # a layer just around the line (not the whole surface: at a UI scale that is larger
        # than the window, and this runs every frame of a stroke)
        left = int(min(ends[0][0], ends[1][0])) - 3
        top = int(min(ends[0][1], ends[1][1])) - 3
        width = int(abs(ends[0][0] - ends[1][0])) + 7
        height = int(abs(ends[0][1] - ends[1][1])) + 7
        layer = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.line(layer, (255, 255, 255, 120), (ends[0][0] - left, ends[0][1] - top),
                         (ends[1][0] - left, ends[1][1] - top), 2)
        shown = surface.get_clip()  # the part shown (the UI scale's view)
        surface.set_clip(pygame.Rect(m.area).clip(shown))
        surface.blit(layer, (left, top))
        surface.set_clip(shown)

    def aim(self, cards: list[Card], x: float, y: float, forward: tuple[float, float],
            under: dict[int, float]) -> tuple[Card, Aim] | None:
        """The card the gauge is about and what it says of it: of the cards the blade is
        under, the one nearest its middle; else the card ahead of its leading edge."""
        spatula, size = self.physics.spatula, self.physics.card
        fx, fy = forward
        by_id = {card.id: card for card in cards}
        riding = [by_id[i] for i in under if i in by_id]
        if riding:
            card = min(riding, key=lambda c: (abs(-(c.x - x) * fy + (c.y - y) * fx), c.id))
            depth = under[card.id]
            _, extent = depth_under(card, x, y, fx, fy, size.width_mm, size.length_mm)
        else:
            ahead = card_ahead(cards, x, y, fx, fy, spatula.blade_width_mm / 2.0,
                               size.length_mm)
            if ahead is None:
                return None
            card = ahead
            depth, extent = depth_under(card, x, y, fx, fy, size.width_mm, size.length_mm)
            depth = min(depth, 0.0)  # not on the blade: it is not under it (yet)
        on = bool(riding)
        angle = approach_angle(card, fx, fy)
        bands = self.bands
        if bands is None:
            return card, Aim(angle, on, depth, extent, False)
        best = bands.best(angle)
        if on:
            band = bands.at(angle, depth)
        else:
            band = best[1] if best is not None else None
        return card, Aim(angle, on, depth, extent, True, band, best,
                         tuple(bands.depth_runs(angle)))

    def draw_gauge(self, surface: pygame.Surface, cards: list[Card], x: float, y: float,
                   forward: tuple[float, float], speed: float,
                   under: dict[int, float] | None = None) -> GaugeParts:
        """The gauge by the blade, for the card it is under or ahead of (``under``: the
        cards the blade is under, with their depths), placed clear of that card, inside the
        table's part of the window (the side panel is drawn over the rest); returns where it
        went (window px)."""
        spatula = self.physics.spatula
        found = self.aim(cards, x, y, forward, under or {})
        aim = avoid = None
        if found is not None:
            card, aim = found
            avoid = self.on_screen(card)
        clear = self.renderer.map.length(spatula.blade_width_mm / 2.0) + 12.0
        return draw_gauge(surface, self.text, self.renderer.map.to_screen(x, y), speed, aim,
                          spatula.hand_speed_limit_mm_s, clear, avoid,
                          [self.spatula_on_screen(x, y, forward)],
                          pygame.Rect(self.renderer.map.area))

    def spatula_on_screen(self, x: float, y: float, forward: tuple[float, float]
                          ) -> pygame.Rect:
        """The screen rectangle around the blade's plate and the start of its handle."""
        spatula = self.physics.spatula
        fx, fy = forward
        half = spatula.blade_width_mm / 2.0
        back = spatula.blade_length_mm + 40.0
        corners = [(x + fy * s - fx * b, y - fx * s - fy * b)
                   for s in (-half, half) for b in (0.0, back)]
        points = [self.renderer.map.to_screen(px, py) for px, py in corners]
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        left, top = int(min(xs)), int(min(ys))
        return pygame.Rect(left, top, int(max(xs)) - left + 1, int(max(ys)) - top + 1)

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
