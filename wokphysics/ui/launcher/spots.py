"""Where the launcher's things are: its 1280 x 800 design scaled to the window, and the
clickable spots the drawing placed last (the input map hit-tests them, tests click there)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from wokphysics.ui.we_will_wok_you.layout import scale_for


@dataclass(frozen=True)
class Spot:
    """A clickable place: ``kind`` and an index (a game, a seat, an option, a step)."""

    kind: str
    index: int = 0


STACK_W = 720
"""The launcher's width when its panels are stacked (launcher units): the settings panel's 700
and its margins."""
TILE_H = 178
"""A game's tile and the gap below it (launcher units)."""
STACK_TILES = 100
"""Where the first tile goes when stacked (launcher units): the subtitle goes under the
title."""


def stacked_height(games: int) -> int:
    """The stacked launcher's height (launcher units) with ``games`` tiles: the tiles, then
    the settings panel (712 high) below them."""
    return settings_top(games) + 712 + 10


def settings_top(games: int) -> int:
    """Where the settings panel goes when stacked (launcher units)."""
    return STACK_TILES + games * TILE_H + 2


class LauncherSpots:
    """The geometry of the launcher on a surface of ``size``, and its spots as last drawn.

    At UI scale 1 (and on a canvas not laid out by :meth:`reflow`) the 1280 x 800 design is
    scaled uniformly to the surface. At a UI scale above 1 the launcher *reflows*: its unit
    is the scale times the window's fit, and where 1280 units are wider than the window the
    games' tiles and the settings panel are stacked, :data:`STACK_W` units wide (the unit made
    smaller, if need be, so that they are as wide as the window), on a canvas as wide as the
    window and as tall as they are: the view pans up and down, never sideways."""

    def __init__(self) -> None:
        self.size = (1280, 800)
        self.placed: list[tuple[pygame.Rect, Spot]] = []
        self._rects: dict[Spot, pygame.Rect] = {}
        self.flow: tuple[float, float, bool] | None = None
        """(unit px, left margin px, stacked) from :meth:`reflow`; None: the design scaled to
        :attr:`size`."""

    def reflow(self, window: tuple[int, int], scale: float, games: int) -> tuple[int, int]:
        """Lay the launcher out for a window of ``window`` px at UI ``scale`` with ``games``
        tiles; the canvas it needs (px: the window's width, its layout's height)."""
        width, height = window
        if scale <= 1.0:  # the window itself: the design scaled to it, as ever
            self.flow = None
            return window
        unit = scale * min(width / 1280, height / 800)
        stacked = width < 1280 * unit
        tall = 800
        if stacked:
            unit = min(unit, width / STACK_W)
            tall = stacked_height(games)
        wide = STACK_W if stacked else 1280
        self.flow = (unit, (width - wide * unit) / 2, stacked)
        return width, max(height, round(tall * unit))

    @property
    def stacked(self) -> bool:
        """Whether the tiles and the settings are stacked (a narrow view at a UI scale)."""
        return self.flow is not None and self.flow[2]

    def _unit(self) -> tuple[float, float, float]:
        if self.flow is not None:
            unit, left, _ = self.flow
            return unit, left, 0.0
        scale, (ox, oy) = scale_for(self.size)
        return scale, ox, oy

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rectangle given in launcher units, in window pixels."""
        scale, ox, oy = self._unit()
        return pygame.Rect(round(ox + x * scale), round(oy + y * scale),
                           max(1, round(w * scale)), max(1, round(h * scale)))

    def font(self, px: int) -> int:
        """A font size given for 1280 x 800, in window pixels (11 at the least)."""
        scale, _, _ = self._unit()
        return max(11, round(px * scale))

    def clear(self) -> None:
        """Forget the spots: the picture is being drawn again."""
        self.placed = []
        self._rects = {}

    def place(self, rect: pygame.Rect, spot: Spot) -> pygame.Rect:
        """``spot`` is drawn at ``rect``; returns ``rect``."""
        self.placed.append((rect, spot))
        self._rects[spot] = rect
        return rect

    def also(self, rect: pygame.Rect, spot: Spot) -> None:
        """``rect`` leads to ``spot`` too (an option's name, beside its button): the pointer
        resting there, or a click, is on ``spot``; :meth:`rect_of` still names the first."""
        self.placed.append((rect, spot))

    def spot_at(self, pos: tuple[int, int]) -> Spot | None:
        for rect, spot in self.placed:
            if rect.collidepoint(pos):
                return spot
        return None

    def rect_of(self, spot: Spot) -> pygame.Rect | None:
        """Where ``spot`` was drawn last."""
        return self._rects.get(spot)
