"""The game clock that Wok Star's sand timers run on, injected into the state.

The model never reads the wall clock. It keeps the game time ``now`` (seconds since the game
began) in its state and, for each action, asks its clock what time it is after that action:

- :class:`SimulatedClock` (bots' games, tests, saved states): the action's cost in seconds
  is added, so a whole game runs instantly and customers still arrive late.
- :class:`WallClock` (the terminal front end): the time is the wall time since the game
  began, whatever the action cost; a ``wait`` really sleeps.
- :class:`StepClock` (the window, and replays of its games): its owner sets the game time
  before each step (the window from its frame clock, which stops while the game is paused;
  a replay from the recorded time of that step); nothing ever sleeps.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol


class Clock(Protocol):
    """Tells the game time (seconds) after an action or a wait."""

    def after_action(self, now: float, cost: float) -> float:
        """Game time once an action costing ``cost`` seconds, begun at ``now``, is done."""
        ...

    def wait_for(self, now: float, seconds: float) -> float:
        """Game time once a player has waited ``seconds`` from ``now``."""
        ...

    def wait_until(self, now: float, until: float) -> float:
        """Game time once the players have waited from ``now`` until ``until``."""
        ...

    def peek(self, now: float) -> float:
        """The game time right now, for display (``now`` is the state's last time)."""
        ...


class SimulatedClock:
    """Simulated seconds: each action costs exactly its configured time."""

    def after_action(self, now: float, cost: float) -> float:
        return now + cost

    def wait_for(self, now: float, seconds: float) -> float:
        return now + seconds

    def wait_until(self, now: float, until: float) -> float:
        return max(now, until)

    def peek(self, now: float) -> float:
        return now


class WallClock:
    """Wall-clock seconds since ``start``, for people at the terminal.

    ``monotonic`` and ``sleep`` are injected so a test can drive it with a fake.
    """

    def __init__(
        self,
        monotonic: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        offset: float = 0.0,
    ) -> None:
        self._monotonic = monotonic
        self._sleep = sleep
        self._start = monotonic() - offset

    def _elapsed(self) -> float:
        return self._monotonic() - self._start

    def after_action(self, now: float, cost: float) -> float:
        return max(now, self._elapsed())

    def wait_for(self, now: float, seconds: float) -> float:
        # A wait really passes time (so waiting bots do not spin), counted from the last
        # action: time already spent thinking counts towards it.
        return self.wait_until(now, now + seconds)

    def wait_until(self, now: float, until: float) -> float:
        remaining = until - self._elapsed()
        if remaining > 0:
            self._sleep(remaining)
        return max(now, until, self._elapsed())

    def peek(self, now: float) -> float:
        return max(now, self._elapsed())


class StepClock:
    """Game time set by its owner before each step; never blocks.

    ``time_s`` is the game time (seconds) at which the next step is taken. Every answer is
    ``max(now, time_s)``: a step costs no simulated seconds, and a ``wait`` ends at once
    (its owner only lets the team wait while time really passes, and applies a ``wait`` when
    the sand has run out so the rules see it). Setting the same times again reproduces the
    same game exactly, so a game played on this clock is replayed from its history plus
    each step's time.
    """

    def __init__(self, time_s: float = 0.0) -> None:
        self.time_s = time_s

    def after_action(self, now: float, cost: float) -> float:
        return max(now, self.time_s)

    def wait_for(self, now: float, seconds: float) -> float:
        return max(now, self.time_s)

    def wait_until(self, now: float, until: float) -> float:
        return max(now, self.time_s)

    def peek(self, now: float) -> float:
        return max(now, self.time_s)
