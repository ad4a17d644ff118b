"""What every turn-by-turn replay viewer shares: where it stands, its keys, its bar.

A replay viewer shows ``index`` of a record's steps; the record is cut into turns at
``starts`` (the index of each turn's first step). :class:`TurnStepper` holds that position
and maps people's keys and clicks to moving it; a game's viewer
(:class:`~wokphysics.ui.turn.replay.ReplayControl` for the turn games,
:class:`~wokphysics.ui.wok_star.replay.StarReplay` for Wok Star) says how a step is shown
(:meth:`TurnStepper.forward`, :meth:`TurnStepper.goto`) and where the bar goes.

Keys: Right or N the next turn, Left or P the previous one (replayed from the start), Space
plays and pauses, Home the start, End the end; a click on the bar's left half steps back,
on its right half on.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Generic, TypeVar

import pygame

from wokphysics.ui.widgets import DIM, GOLD, WHITE, Text

S = TypeVar("S")
"""The scene a viewer drives."""

BAR_PAD = 16
"""Window px of the bar's height above its words' height."""
BAR_MARGIN = 6
"""Window px between the bar and the edge it sits on."""
TURN_S = 1.2
"""Seconds per turn while a replay plays (the beat of a step with no time of its own)."""


class TurnStepper(ABC, Generic[S]):
    """Where a replay stands (``index`` steps of ``steps`` shown) and its keys and clicks."""

    def __init__(self, starts: Sequence[int], steps: int,
                 shown: Sequence[int] | None = None) -> None:
        self.starts = list(starts)
        self.steps = steps
        self.shown = None if shown is None else list(shown)
        """The turn the game shows after each number of steps (0 to ``steps``), when a step
        shows more than the turns finished (Wok and Roll: the last step of a turn rolls the
        next turn's dice); None: the turns fully shown."""
        self.index = 0
        self.playing = False
        self.bar = pygame.Rect(0, 0, 0, 0)
        """Where the bar was drawn last (window px): clicks on it step."""

    @property
    def turn(self) -> int:
        """Turns fully shown (0 at the start)."""
        return sum(1 for start in self.starts if start < self.index)

    @property
    def turns(self) -> int:
        return len(self.starts)

    def where(self) -> str:
        """The turn shown, as the bar and the game's heading both say it."""
        if self.shown is not None:
            return f"turn {self.shown[min(self.index, len(self.shown) - 1)]} of {self.turns}"
        if self.index == 0:
            return f"the start (of {self.turns} turns)"
        return f"turn {self.turn} of {self.turns}"

    # ------------------------------------------------------------------ moving
    def next_start(self) -> int:
        """The step that begins the turn after the one shown (the record's end if none)."""
        later = [start for start in self.starts if start > self.index]
        return later[0] if later else self.steps

    @abstractmethod
    def forward(self, scene: S) -> None:
        """Show the next turn (its steps said and animated)."""

    @abstractmethod
    def goto(self, scene: S, index: int) -> None:
        """Show the game after ``index`` steps (replayed from the start)."""

    def back(self, scene: S) -> None:
        """Show the game at the start of the turn shown last."""
        earlier = [start for start in self.starts if start < self.index]
        self.goto(scene, earlier[-1] if earlier else 0)

    def toggle(self) -> None:
        """Space: play or pause."""
        self.playing = not self.playing

    # ------------------------------------------------------------------ input
    def key(self, key: int, scene: S) -> None:
        if key in (pygame.K_RIGHT, pygame.K_n):
            self.forward(scene)
        elif key in (pygame.K_LEFT, pygame.K_p):
            self.back(scene)
        elif key == pygame.K_SPACE:
            self.toggle()
        elif key == pygame.K_HOME:
            self.goto(scene, 0)
        elif key == pygame.K_END:
            self.goto(scene, self.steps)

    def click(self, pos: tuple[int, int], scene: S) -> bool:
        """A click on the bar steps (left half back, right half on); True if it was on it."""
        if not self.bar.collidepoint(pos):
            return False
        if pos[0] < self.bar.centerx:
            self.back(scene)
        else:
            self.forward(scene)
        return True

    # ------------------------------------------------------------------ drawing
    def prompt(self) -> str:
        if self.playing:
            return "Replay playing: Space pauses"
        return "Replay paused: N / Right the next turn, Space plays"

    def bar_words(self) -> str:
        return (f"Replay: {self.where()}.   < P / Left: back     "
                f"Space: {'pause' if self.playing else 'play'}     N / Right: on >")

    def bar_image(self, text: Text, size: int, width: int | None = None) -> pygame.Surface:
        """The bar's words in a font of ``size`` px: one line, or with ``width`` (px) as many
        lines no wider than that as they take (a view laid out for its width)."""
        if width is None:
            return text.render(self.bar_words(), size, WHITE, True)
        images = [text.render(line, size, WHITE, True)
                  for line in text.wrap(self.bar_words(), size, width, bold=True)]
        image = pygame.Surface((max(i.get_width() for i in images),
                                sum(i.get_height() for i in images)), pygame.SRCALPHA)
        y = 0
        for line in images:
            image.blit(line, ((image.get_width() - line.get_width()) // 2, y))
            y += line.get_height()
        return image

    def bar_height(self, text: Text, size: int, width: int | None = None) -> int:
        """Window px a viewer keeps free at the bottom of the window for the bar in a font
        of ``size`` px (the game's picture is laid out above it, so the bar hides
        nothing); with ``width``, its words wrapped to that many px."""
        return self.bar_image(text, size, width).get_height() + BAR_PAD + 2 * BAR_MARGIN

    def paint_bar(self, surface: pygame.Surface, image: pygame.Surface,
                 midbottom: tuple[int, int], fill: tuple[int, int, int, int]) -> None:
        """The bar holding ``image`` (from :meth:`bar_image`) with its bottom centre at
        ``midbottom``, filled with ``fill`` (RGBA), and the share of steps shown."""
        self.bar = pygame.Rect(0, 0, image.get_width() + 40, image.get_height() + BAR_PAD)
        self.bar.midbottom = midbottom
        shade = pygame.Surface(self.bar.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, fill, shade.get_rect(), border_radius=8)
        surface.blit(shade, self.bar)
        pygame.draw.rect(surface, GOLD, self.bar, 2, border_radius=8)
        surface.blit(image, image.get_rect(center=self.bar.center))
        done = (self.bar.width - 16) * self.index // max(1, self.steps)
        pygame.draw.rect(surface, DIM, pygame.Rect(self.bar.x + 8, self.bar.bottom - 5, done, 3))
