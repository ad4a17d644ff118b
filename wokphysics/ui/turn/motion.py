"""Things moving across the window: a card flying from a row to a player, a coin to its set.

A :class:`SpriteFlight` moves a picture from one rectangle to another (position and size eased)
after an optional delay; :class:`Motions` runs them on the frame clock. Motions only draw:
the game changed before its pictures start to move, and skipping them (Space) changes
nothing but the picture.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

Painter = Callable[[pygame.Surface, pygame.Rect], None]
"""Draws the moving thing into the given rectangle."""


def ease(t: float) -> float:
    """Smoothstep: starts and ends at rest (0..1 -> 0..1)."""
    t = min(1.0, max(0.0, t))
    return t * t * (3.0 - 2.0 * t)


@dataclass
class SpriteFlight:
    """``paint`` moved from ``start`` to ``end`` over ``duration_s`` after ``delay_s``."""

    start: pygame.Rect
    end: pygame.Rect
    paint: Painter
    duration_s: float = 0.55
    delay_s: float = 0.0
    elapsed_s: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed_s >= self.delay_s + self.duration_s

    def rect(self) -> pygame.Rect | None:
        """Where the picture is now (None before its delay is over)."""
        if self.elapsed_s < self.delay_s:
            return None
        t = ease((self.elapsed_s - self.delay_s) / self.duration_s)
        a, b = self.start, self.end
        return pygame.Rect(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
                           max(1, round(a.w + (b.w - a.w) * t)),
                           max(1, round(a.h + (b.h - a.h) * t)))


class Motions:
    """The flights on screen now."""

    def __init__(self) -> None:
        self.flights: list[SpriteFlight] = []

    def add(self, flight: SpriteFlight) -> None:
        self.flights.append(flight)

    @property
    def busy(self) -> bool:
        """Something is still moving (bots wait for it)."""
        return bool(self.flights)

    def update(self, real_s: float) -> None:
        for flight in self.flights:
            flight.elapsed_s += real_s
        self.flights = [flight for flight in self.flights if not flight.done]

    def skip(self) -> None:
        self.flights.clear()

    def draw(self, surface: pygame.Surface) -> None:
        for flight in self.flights:
            rect = flight.rect()
            if rect is not None:
                flight.paint(surface, rect)
