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


class LauncherSpots:
    """The geometry of the launcher in a window of ``size``, and its spots as last drawn."""

    def __init__(self) -> None:
        self.size = (1280, 800)
        self.placed: list[tuple[pygame.Rect, Spot]] = []
        self._rects: dict[Spot, pygame.Rect] = {}

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rectangle given in launcher units, in window pixels."""
        scale, (ox, oy) = scale_for(self.size)
        return pygame.Rect(round(ox + x * scale), round(oy + y * scale),
                           max(1, round(w * scale)), max(1, round(h * scale)))

    def font(self, px: int) -> int:
        """A font size given for 1280 x 800, in window pixels (11 at the least)."""
        scale, _ = scale_for(self.size)
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
