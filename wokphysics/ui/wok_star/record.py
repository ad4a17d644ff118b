"""Saved Wok Star games from the window: the autosave, ``--resume`` and the replay viewer.

The file is the turn-based games' save (:mod:`wokphysics.replay.turn_record`) with its
``"times"``: the game time (s) at which each step was taken. Wok Star runs on a game clock
(the sand timers), so a step's effect depends on when it was taken; replaying the steps at
their times on a step clock (:class:`~wokphysics.games.wok_star.clock.StepClock`, through
the plugin's ``step_clock`` hook) reaches the saved state exactly, and reading a file checks
that it does (an edited or damaged file is one :class:`~wokphysics.errors.ReplayFileError`
line). A Wok Star save without times (played on the simulated clock) is read too: its times
are the simulated ones. No pygame.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from wokphysics.errors import ReplayFileError
from wokphysics.games.wok_star.actions import WokStarAction
from wokphysics.games.wok_star.clock import StepClock
from wokphysics.games.wok_star.info import INFO
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.replay import turn_record
from wokphysics.replay.turn_record import PERSON, is_turn_record

GAME = INFO.name
__all__ = ["PERSON", "StarRecord", "is_star_record", "read_record", "record_text", "replay"]


@dataclass
class StarRecord:
    """A Wok Star game from its start to the saved position, each step with its time."""

    seats: tuple[str, ...]
    initial: WokStarState
    state: WokStarState
    times: list[float]

    @property
    def actions(self) -> list[WokStarAction]:
        """Every step since the start, in order."""
        return [action for action in self.state.history if isinstance(action, WokStarAction)]


def record_text(seats: Sequence[str], initial: Mapping[str, object], state: WokStarState,
                times: Sequence[float]) -> str:
    """The file's text; ``initial`` is the starting state's ``to_dict()``."""
    return turn_record.record_text(GAME, seats, dict(initial), state, times)


def replay(initial: WokStarState, actions: Sequence[WokStarAction], times: Sequence[float]
           ) -> Iterator[WokStarState]:
    """The game replayed from a copy of ``initial``: yields the same state object after each
    step (taken at its recorded time). IllegalAction if a step is not legal there."""
    clock = StepClock(initial.now)
    state = WokStarState.from_dict(initial.to_dict(), clock)
    for action, at in zip(actions, times, strict=True):
        clock.time_s = at
        state.apply(action)
        yield state


def is_star_record(data: Mapping[str, object]) -> bool:
    """True when a file's JSON object is a saved Wok Star game."""
    return is_turn_record(dict(data)) and data.get("game") == GAME


def read_record(path: str | Path) -> StarRecord:
    """The saved Wok Star game in ``path``, checked step by step at its times; a
    ReplayFileError saying what is wrong."""
    record = turn_record.read_record(path)
    if record.game != GAME:
        raise ReplayFileError(str(path), f"a saved game of {record.game}, not of {GAME}")
    initial, state = record.initial, record.state
    if not isinstance(initial, WokStarState) or not isinstance(state, WokStarState):
        raise ReplayFileError(str(path), "the states are not Wok Star states")
    times = record.times if record.times is not None else _simulated_times(initial, state)
    return StarRecord(record.seats, initial, state, times)


def _simulated_times(initial: WokStarState, state: WokStarState) -> list[float]:
    """The game time after each step of a game played on the simulated clock (a step clock
    set to them replays it identically)."""
    replayed = WokStarState.from_dict(initial.to_dict())
    times = []
    for action in state.history:
        replayed.apply(action)
        times.append(replayed.now)
    return times
