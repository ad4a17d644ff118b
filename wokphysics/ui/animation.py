"""Showing a stir or chop as it happens, independent of the frame rate.

Simulated time advances by the frame's real time (times a speed factor) through a fixed-``dt``
accumulator: each whole ``dt`` runs one physics step of the engine's running action
(:meth:`WokOnFireGame.begin_stir` / ``begin_chop``, the table's ``ActionRun`` underneath), at
most ``MAX_STEPS_PER_FRAME`` per frame (times the speed), so a slow frame slows the picture
instead of spiralling. The picture is interpolated between the last two physics states by the
accumulator's remainder. The physics always steps at its own ``dt``: the frame rate never
changes an outcome.
"""

from __future__ import annotations

import math
from typing import Protocol

from wokphysics.table.cards import Card
from wokphysics.table.gesture import Gesture
from wokphysics.table.world import Table
from wokphysics.ui.input import blade_angle
from wokphysics.ui.render import lerp_cards

MAX_STEPS_PER_FRAME = 12
"""Physics steps per frame at most at speed 1 (the frame cap against the spiral of death)."""
MAX_FRAME_S = 0.1
"""A frame longer than this (a stall, a dragged window) counts as this long."""


class Stepped(Protocol):
    """An action run one physics step per :meth:`advance` (engine or table)."""

    @property
    def done(self) -> bool: ...

    def advance(self) -> bool: ...


class LiveAction:
    """Steps a running action as frames come and gives the picture between steps."""

    def __init__(self, table: Table, run: Stepped, gesture: Gesture | None = None) -> None:
        self.table = table
        self.run = run
        self.gesture = gesture
        self.before = table.cards
        self.after = self.before
        self.accumulator = 0.0
        self.steps = 0
        self._blade: float | None = None

    @property
    def done(self) -> bool:
        return self.run.done

    def advance(self, real_s: float, speed: float = 1.0) -> int:
        """Step the physics for ``real_s`` seconds of frame time times ``speed``; returns the
        steps taken."""
        self.accumulator += min(real_s, MAX_FRAME_S) * speed
        dt = self.table.dt
        cap = int(MAX_STEPS_PER_FRAME * max(1.0, speed))
        taken = 0
        while self.accumulator >= dt and not self.run.done:
            self.before = self.after
            self.run.advance()
            self.after = self.table.cards
            self.accumulator -= dt
            taken += 1
            if taken >= cap:
                self.accumulator = min(self.accumulator, dt)
                break
        self.steps += taken
        return taken

    def skip(self) -> None:
        """Run the rest of the action at once."""
        while not self.run.done:
            self.run.advance()
            self.steps += 1
        self.before = self.after = self.table.cards

    def cards(self) -> list[Card]:
        """The picture now."""
        if self.run.done:
            return self.table.cards
        return lerp_cards(self.before, self.after, self.accumulator / self.table.dt)

    def spatula(self) -> tuple[float, float, float] | None:
        """(x_mm, y_mm, blade angle) while the stir's gesture is still moving, else None."""
        gesture = self.gesture
        if gesture is None or self.run.done:
            return None
        t = gesture.start_time + (self.steps + self.accumulator / self.table.dt) * self.table.dt
        if t > gesture.samples[-1][0] + 0.15:
            return None
        x, y = gesture.position(t)
        ahead = gesture.position(t + 0.02)
        behind = gesture.position(t - 0.03)
        previous = self._blade
        target = blade_angle(ahead[0] - behind[0], ahead[1] - behind[1],
                             0.0 if previous is None else previous)
        # The blade lies across the motion and, as the physics' blade, keeps facing where it
        # first went when the hand reverses (it turns the short way, end for end alike).
        blade = target if previous is None else previous + math.remainder(target - previous,
                                                                          math.pi)
        self._blade = blade
        return x, y, blade
