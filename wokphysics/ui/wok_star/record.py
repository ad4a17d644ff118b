"""Saved Wok Star games from the window: the autosave, ``--resume`` and the replay viewer.

The file is the turn-based games' save (``"format": "wokphysics-turn-save"``: the game, who
sits in each seat, whether it is finished, the state at the start and the state now, whose
``history`` lists every step) plus ``"times"``: the game time (s) at which each step was
taken. Wok Star runs on a game clock (the sand timers), so a step's effect depends on when
it was taken; replaying the steps at their times on a step clock
(:class:`~wokphysics.games.wok_star.clock.StepClock`) reaches the saved state exactly, and
reading a file checks that it does (an edited or damaged file is one
:class:`~wokphysics.errors.ReplayFileError` line). Nothing read is executed: the states are
plain JSON rebuilt by Wok Star's own loader, the steps are parsed by its ``parse_action``.
No pygame.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wokphysics.errors import IllegalAction, ReplayFileError, UserError
from wokphysics.games.wok_star.actions import WokStarAction
from wokphysics.games.wok_star.clock import StepClock
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.records.files import read_replay_json, require
from wokphysics.records.saving import write_atomically

FORMAT = "wokphysics-turn-save"
VERSION = 1
GAME = "wok-star"
PERSON = "person"
BOTS = ("random", "team")
_FIELDS = frozenset({"format", "version", "game", "seats", "finished", "initial", "state",
                     "times"})


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
    """The file's text; ``initial`` is the starting state's ``to_dict()``. ``finished`` tells
    :mod:`wokphysics.records.saving` that a new game may replace the file."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": GAME,
        "seats": list(seats),
        "finished": state.is_terminal(),
        "initial": initial,
        "state": state.to_dict(),
        "times": list(times),
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def write_record(path: str | Path, seats: Sequence[str], initial: Mapping[str, object],
                 state: WokStarState, times: Sequence[float]) -> None:
    """Write the game to ``path`` whole or not at all (atomically, flushed to disk)."""
    write_atomically(Path(path), record_text(seats, initial, state, times))


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


def read_record(path: str | Path) -> StarRecord:
    """The saved game in ``path``, checked step by step; a ReplayFileError saying what is
    wrong."""
    record = _parse(path)
    problem = _divergence(record)
    if problem is not None:
        raise ReplayFileError(str(path), problem)
    return record


def verify_record(path: str | Path) -> tuple[bool, str]:
    """Replay a saved game at its recorded times: (reaches the saved state?, one line
    saying so). A file that cannot be read is a ReplayFileError."""
    record = _parse(path)
    problem = _divergence(record)
    if problem is not None:
        return False, f"diverged: {problem}"
    return True, (f"identical: {len(record.times)} steps of {GAME} replayed at their "
                  "recorded game times reach the saved state")


def is_star_record(data: Mapping[str, object]) -> bool:
    """True when a file's JSON object is a saved Wok Star game from the window."""
    return data.get("format") == FORMAT and data.get("game") == GAME and "times" in data


def _parse(path: str | Path) -> StarRecord:
    file = str(path)
    data = read_replay_json(path)
    if data.get("format") != FORMAT:
        raise ReplayFileError(file, f"not a saved turn-based game (format must be '{FORMAT}')")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise ReplayFileError(file, f"unknown field '{unknown[0]}' (a saved Wok Star game has "
                              f"{', '.join(sorted(_FIELDS))})")
    version = require(data, "version", int, file)
    if version != VERSION:
        raise ReplayFileError(
            file, f"format version {version} is not supported; this program reads {VERSION}")
    game = require(data, "game", str, file)
    if game != GAME:
        raise ReplayFileError(file, f"a saved game of {game}, not of {GAME}")
    seats = require(data, "seats", list, file)
    for label in seats:
        if not isinstance(label, str) or (label != PERSON and label not in BOTS):
            raise ReplayFileError(
                file, f"seat {label!r} is neither 'person' nor a bot of {GAME} "
                f"({', '.join(BOTS)})")
    times = require(data, "times", list, file)
    for index, value in enumerate(times):
        if (not isinstance(value, int | float) or isinstance(value, bool)
                or not math.isfinite(value) or value < 0):
            raise ReplayFileError(
                file, f"field 'times' item {index + 1} must be a game time in seconds (>= 0)")
    initial = _load_state(require(data, "initial", dict, file), file, "initial")
    state = _load_state(require(data, "state", dict, file), file, "state")
    if len(seats) != initial.num_players or state.num_players != initial.num_players:
        raise ReplayFileError(
            file, f"{len(seats)} seats for a game of {initial.num_players} players")
    if initial.history:
        raise ReplayFileError(file, "the initial state must have no steps in its history")
    finished = require(data, "finished", bool, file)
    if finished != state.is_terminal():
        raise ReplayFileError(file, f"field 'finished' is {str(finished).lower()} but the saved "
                              "game is " + ("over" if state.is_terminal() else "not over"))
    if len(times) != len(state.history):
        raise ReplayFileError(
            file, f"field 'times' has {len(times)} entries for {len(state.history)} steps")
    return StarRecord(tuple(seats), initial, state, [float(t) for t in times])


def _divergence(record: StarRecord) -> str | None:
    """Where replaying the steps at their times leaves the saved game, or None."""
    clock = StepClock(record.initial.now)
    state = WokStarState.from_dict(record.initial.to_dict(), clock)
    for number, (action, at) in enumerate(zip(record.actions, record.times, strict=True), 1):
        clock.time_s = at
        try:
            state.apply(action)
        except IllegalAction as error:
            return f"step {number} '{action}' is not legal there: {error.reason}"
    if state.to_json() != record.state.to_json():
        return "its steps do not lead to its saved state (the file was edited or damaged)"
    return None


def _load_state(data: Mapping[str, object], file: str, key: str) -> WokStarState:
    try:
        return WokStarState.from_dict(data)
    except UserError as error:
        raise ReplayFileError(file, f"field '{key}': {error}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as error:
        raise ReplayFileError(
            file, f"field '{key}' is not a valid {GAME} state ({type(error).__name__}: {error})"
        ) from None
