"""The guided first turn: a few short steps, each a one-line hint pointing at the control to
use, that move on when the player does the thing (issue 27).

A :class:`Guide` only reads the game and draws: it never hands the game an input, so a
guided game is the same game as an unguided one (same seed, physics, record). The window
(:class:`~wokphysics.ui.app.App`) holds it over the scene: it is updated after the scene,
drawn over it, and takes only its own controls (the Skip button, S and Esc end it). Each
game's steps are made by its scene's module (Wok on Fire: :mod:`.wok_on_fire.guide`; the
turn games: :mod:`.turn.guide`). A game offers it on the first game in this user's folder
(:mod:`.guide_seen`); F1 then G opens it again.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import pygame

from wokphysics.ui.guide_seen import GuideFlags
from wokphysics.ui.widgets import DIM, GOLD, WHITE, Text

Point = tuple[int, int]

FAREWELL_S = 6.0
"""Seconds the last line ("that was your first turn") stays once every step is done."""

GUIDE_BG = (16, 40, 46, 235)
GUIDE_EDGE = (120, 220, 230)
"""The guide's colour: a cyan of no card mark or ingredient category (its own, as a hint)."""


def _never() -> Point | None:
    return None


def _always() -> bool:
    return True


@dataclass
class GuideStep:
    """One step: ``hint`` (what to do, one line) while ``ready()`` (the player may do it now;
    else ``waiting()`` is shown); ``done(mark)`` says the player did it, ``mark`` being the
    guide's progress mark when the step began (see :class:`Guide`); ``target()`` is the
    point on screen the hint points at (None: no arrow); without ``ring`` the arrow's tip
    ends at it and nothing is drawn there (a die's face: the ring and its gold dot over the
    pips read as one pip more, a 2 as a 3)."""

    hint: Callable[[], str]
    done: Callable[[int], bool]
    target: Callable[[], Point | None] = _never
    ready: Callable[[], bool] = _always
    waiting: Callable[[], str] = field(default=lambda: "")
    ring: bool = True
    via: Callable[[], list[Point]] = field(default=list)
    """Points the arrow passes through on its way to ``target`` (screen px), so that it goes
    round what it would cross (Wok Star's arrow to Serve came down across the customer
    card's lines): the arrow leaves the hint straight above or below the first."""


class Guide:
    """Steps in order. ``mark()`` is a count that grows as the game goes on (the number of
    the game's events): each step remembers it when it begins, so it moves on only on what
    the player does after that. ``farewell`` is said once the last step is done."""

    def __init__(self, title: str, steps: Sequence[GuideStep], mark: Callable[[], int],
                 farewell: str) -> None:
        self.title = title
        self.steps = list(steps)
        self.mark = mark
        self.farewell = farewell
        self.index = 0
        """The step shown (== len(steps) once all are done)."""
        self.started_at = mark()
        self.closed = False
        """The guide is over: skipped, or its farewell said."""
        self.skipped = False
        self.farewell_left = FAREWELL_S
        self.skip_rect: pygame.Rect | None = None
        """Where the Skip button was drawn last (None: not drawn)."""
        self.hint_rect: pygame.Rect | None = None
        """Where the hint was drawn last."""
        self.pointed_at: Point | None = None
        """Where the last frame's arrow pointed (None: no arrow)."""
        self.shown = ""
        """The line the last frame showed."""

    # ------------------------------------------------------------------ progress
    @property
    def step(self) -> GuideStep | None:
        return self.steps[self.index] if self.index < len(self.steps) else None

    @property
    def finished(self) -> bool:
        """Every step was done (the farewell may still be showing)."""
        return self.index >= len(self.steps)

    def update(self, real_s: float) -> None:
        """Move past every step the player has done; count the farewell's time down."""
        if self.closed:
            return
        while self.step is not None and self.step.done(self.started_at):
            self.index += 1
            self.started_at = self.mark()
        if self.finished:
            self.farewell_left -= real_s
            if self.farewell_left <= 0:
                self.closed = True

    def skip(self) -> None:
        """End the guide now (Skip, S or Esc)."""
        self.closed = True
        self.skipped = True

    def line(self) -> str:
        """What the guide says now."""
        step = self.step
        if step is None:
            return self.farewell
        words = step.hint() if step.ready() else (step.waiting() or step.hint())
        return f"{self.index + 1}/{len(self.steps)}: {words}"

    def click(self, pos: Point) -> bool:
        """A left click: on Skip ends the guide (True: the click was the guide's)."""
        if self.skip_rect is not None and self.skip_rect.collidepoint(pos):
            self.skip()
            return True
        return False

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, text: Text, area: pygame.Rect,
             below: pygame.Rect | None = None, clock_s: float = 0.0,
             beside: pygame.Rect | None = None, scale: float = 1.0) -> None:
        """The hint in a box at the top of ``area`` (under ``below``, a notice, if it is
        there; left of ``beside``, the window's Rules button, where the middle would cover
        it), with Skip; an arrow and a pulsing ring at the step's target. ``scale``: the UI
        scale (``surface`` is then that many times the window's size)."""
        self.skip_rect = self.hint_rect = None
        self.pointed_at = None
        if self.closed:
            return
        size = round(max(16, min(24, round(surface.get_height() / scale) // 36)) * scale)
        self.shown = self.line()
        skip_label = text.render("Skip guide (S)" if not self.finished else "Close (S)",
                                 size - 2, (20, 30, 32), bold=True)
        title = text.render(self.title, size - 4, GUIDE_EDGE, bold=True)
        width = min(area.width - 20, round(900 * scale))
        left = area.centerx - width // 2
        if beside is not None and beside.top < area.top + 60 and left + width > beside.left - 6:
            left = area.left + 10  # the Rules button stays in sight and clickable
            width = min(width, beside.left - 6 - left)
        room = width - skip_label.get_width() - 48
        lines = text.wrap(self.shown, size, room)[:3]
        images = [text.render(line, size, WHITE, bold=True) for line in lines]
        height = title.get_height() + sum(i.get_height() for i in images) + 16
        box = pygame.Rect(left, area.top + 8, width, height)
        if below is not None and box.colliderect(below):
            box.top = below.bottom + 6
        box.clamp_ip(area)
        step = self.step
        target = step.target() if step is not None and step.ready() else None
        if target is not None and step is not None:
            self._arrow(surface, box, target, clock_s, step.ring, step.via())
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill(GUIDE_BG)
        surface.blit(shade, box.topleft)
        pygame.draw.rect(surface, GUIDE_EDGE, box, 2, border_radius=8)
        y = box.top + 6
        surface.blit(title, (box.left + 12, y))
        y += title.get_height()
        for image in images:
            surface.blit(image, (box.left + 12, y))
            y += image.get_height()
        button = skip_label.get_rect().inflate(16, 10)
        button.midright = (box.right - 10, box.centery)
        pygame.draw.rect(surface, GUIDE_EDGE, button, border_radius=6)
        surface.blit(skip_label, skip_label.get_rect(center=button.center))
        self.skip_rect = button
        self.hint_rect = box
        if not self.finished and step is not None and not step.ready():
            dim = text.render("(the guide goes on when it is your move)", size - 6, DIM)
            surface.blit(dim, dim.get_rect(bottomright=(button.left - 8, box.bottom - 3)))

    def _arrow(self, surface: pygame.Surface, box: pygame.Rect, target: Point,
               clock_s: float, ring: bool = True, via: Sequence[Point] = ()) -> None:
        """A line from the hint to ``target`` (through the points ``via``) with a head, and a
        ring pulsing there (without ``ring``: the head's tip at ``target``, nothing over
        it)."""
        first = via[0] if via else target
        start = (max(box.left + 20, min(box.right - 20, first[0])),
                 box.bottom if first[1] > box.bottom else box.top)
        path = [start, *via]
        dx, dy = target[0] - path[-1][0], target[1] - path[-1][1]
        length = math.hypot(dx, dy)
        radius = 14 + 4 * math.sin(clock_s * 6.0) if ring else 1.0  # tip 3 px short
        if length > radius + 12 or (via and length > radius + 2):
            ux, uy = dx / length, dy / length
            tip = (target[0] - ux * (radius + 2), target[1] - uy * (radius + 2))
            pygame.draw.lines(surface, GUIDE_EDGE, False, [*path, tip], 3)
            left = (tip[0] - ux * 12 - uy * 7, tip[1] - uy * 12 + ux * 7)
            right = (tip[0] - ux * 12 + uy * 7, tip[1] - uy * 12 - ux * 7)
            pygame.draw.polygon(surface, GUIDE_EDGE, [tip, left, right])
        if ring:
            pygame.draw.circle(surface, (20, 30, 32), target, round(radius) + 2, 5)
            pygame.draw.circle(surface, GUIDE_EDGE, target, round(radius), 3)
            pygame.draw.circle(surface, GOLD, target, 3)
        self.pointed_at = target


class GuideHolder(Protocol):
    """What holds a guide over its scene (the window, :class:`~wokphysics.ui.app.App`)."""

    guide: Guide | None
    make_guide: Callable[[], Guide | None] | None


def offer_guide(app: GuideHolder, make: Callable[[], Guide | None], game: str,
                save: Path | None) -> None:
    """Let F1 then G open the scene's guided turn (``make``), and open it now on the first
    game of ``game`` in the folder of the user's files (where ``save`` is written; a game
    that saves nothing keeps no user data and is offered none): the flag is set as it is
    offered, so the next game, or a restart, starts without it."""
    app.make_guide = make
    if save is None:
        return
    flags = GuideFlags(save.parent)
    if flags.first_game(game):
        guide = make()
        if guide is not None:
            app.guide = guide
            flags.mark(game)
