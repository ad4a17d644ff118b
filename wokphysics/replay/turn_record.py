"""Saved turn-based games: the window's autosave, ``--resume`` and the replay viewer's file.

One JSON file holds a game of We Will Wok You, Wok Star or Wok and Roll as it stands: the
game's name, who sits in each seat (``"person"`` or a bot's name), the state at the start and
the state now (whose ``history`` lists every engine step since the start, as text)::

    {"format": "wokphysics-turn-save", "version": 1, "game": "we-will-wok-you",
     "seats": ["person", "greedy", "greedy"], "finished": false,
     "initial": {...}, "state": {...}}

(``finished`` tells :mod:`wokphysics.records.saving` that a new game may replace the file.)
A game on a game clock (Wok Star's sand timers, played on the wall clock in the window) also
has ``"times"``: the game time (s) of every step. Its steps replay at those times through the
game's ``TurnEngine.step_clock`` (the same steps at other times could be another game).

Reading a file replays the history from the initial state and checks that it reaches the
saved state exactly, so a resumed game and a replay show what was played (an edited or
damaged file is one :class:`~wokphysics.errors.ReplayFileError` line; so is a field the
format does not have). ``replay --verify`` also deals the game again from the initial state's
seed and config (the game's ``TurnEngine.config_of``) and checks ``finished``: an edited deal
or seed, or a false claim that the game is over, diverges even when the steps replay. Nothing
read is executed: the states are plain JSON rebuilt by the game's own loader, the steps are
parsed by its ``parse_action``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wokphysics.errors import ReplayFileError, UserError
from wokphysics.games.protocol import Action, GameState, IllegalAction
from wokphysics.games.registry import (
    bot_choices,
    check_bot_names,
    turn_engine,
    turn_game_names,
)
from wokphysics.records.files import read_replay_json, require, require_known_keys
from wokphysics.records.saving import write_atomically

FORMAT = "wokphysics-turn-save"
VERSION = 1
FIELDS = ("format", "version", "game", "seats", "finished", "initial", "state", "times")
"""Every field of the file (``times`` only for a game on a game clock)."""
PERSON = "person"
"""The seat label of a person (any other label is a bot's name)."""


@dataclass(frozen=True)
class Step:
    """One engine step of a recorded game: who took it, what, and the state after it."""

    index: int
    player: int
    action: Action
    after: GameState


@dataclass
class TurnRecord:
    """A turn-based game from its start to the saved position."""

    game: str
    seats: tuple[str, ...]
    initial: GameState
    state: GameState
    times: list[float] | None = None
    """The game time (s) of each step, for a game on a game clock (else None)."""
    finished: bool | None = None
    """What the file says: is the saved game over? (None: the file does not say.)"""

    @property
    def actions(self) -> list[Action]:
        """Every engine step since the start, in order."""
        return list(self.state.history)

    def replaying(self) -> tuple[GameState, Callable[[int], None]]:
        """A fresh copy of the initial state, and ``before(index)`` to call before applying
        step ``index`` (it sets that step's recorded time on the game's clock, if any)."""
        state = self.initial.clone()
        times = self.times
        if times is None:
            return state, _no_clock
        setter = turn_engine(self.game).step_clock
        if setter is None:
            raise ValueError(f"times recorded for {self.game}, a game without a game clock")
        at = setter(state)

        def before(index: int) -> None:
            at(times[index])

        return state, before

    def steps(self) -> list[Step]:
        """The game replayed from its start, one :class:`Step` per engine step."""
        state, before = self.replaying()
        steps = []
        for index, action in enumerate(self.state.history):
            player = state.current_player
            before(index)
            state.apply(action)
            steps.append(Step(index, player, action, state.clone()))
        return steps


def _no_clock(index: int) -> None:
    """A game without a game clock: nothing to set before a step."""


def turn_starts(players: Sequence[int]) -> list[int]:
    """Indices of the steps that begin a turn, given the player of each step: a turn is the
    steps one player takes in a row (in We Will Wok You, taking a wok card and paying it)."""
    return [i for i, player in enumerate(players) if i == 0 or players[i - 1] != player]


def to_data(game: str, seats: Sequence[str], initial: GameState | Mapping[str, Any],
            state: GameState, times: Sequence[float] | None = None) -> dict[str, Any]:
    """The file's JSON object (``initial``: the starting state, or its ``to_dict()``;
    ``times``: each step's game time, for a game on a game clock)."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "seats": list(seats),
        "finished": state.is_terminal(),
        "initial": initial.to_dict() if isinstance(initial, GameState) else initial,
        "state": state.to_dict(),
    }
    if times is not None:
        data["times"] = list(times)
    return data


def record_text(game: str, seats: Sequence[str], initial: GameState | Mapping[str, Any],
                state: GameState, times: Sequence[float] | None = None) -> str:
    """The file's text (see :func:`to_data`)."""
    return json.dumps(to_data(game, seats, initial, state, times), sort_keys=True,
                      separators=(",", ":"))


def write_record(path: str | Path, game: str, seats: Sequence[str], initial: GameState,
                 state: GameState, times: Sequence[float] | None = None) -> None:
    """Write the game to ``path`` whole or not at all (a temporary file renamed over it)."""
    write_atomically(Path(path), record_text(game, seats, initial, state, times))


def is_turn_record(data: dict[str, Any]) -> bool:
    """True when a replay file's JSON object is a saved turn-based game."""
    return data.get("format") == FORMAT


def read_record(path: str | Path) -> TurnRecord:
    """The saved game in ``path``, checked step by step; a ReplayFileError saying what is wrong."""
    record = _parse(path)
    problem = _divergence(record)
    if problem is not None:
        raise ReplayFileError(str(path), problem)
    return record


def verify_record(path: str | Path) -> tuple[bool, str]:
    """Replay a saved game from its start: (reaches the saved state?, one line saying so)."""
    record = _parse(path)
    problem = _divergence(record) or _misdealt(record)
    if problem is not None:
        return False, f"diverged: {problem}"
    return True, (f"identical: {len(record.state.history)} steps of {record.game} replayed "
                  "from the start reach the saved state")


def _parse(path: str | Path) -> TurnRecord:
    file = str(path)
    data = read_replay_json(path)
    if not is_turn_record(data):
        raise ReplayFileError(file, f"not a saved turn-based game (format must be '{FORMAT}')")
    version = require(data, "version", int, file)
    if version != VERSION:
        raise ReplayFileError(
            file, f"format version {version} is not supported; this program reads {VERSION}"
        )
    require_known_keys(data, FIELDS, file)
    finished = require(data, "finished", bool, file) if "finished" in data else None
    game = require(data, "game", str, file)
    if game not in turn_game_names():
        raise ReplayFileError(
            file, f"game '{game}' is not a turn-based game; expected one of "
            f"{', '.join(turn_game_names())}"
        )
    seats = require(data, "seats", list, file)
    if not all(isinstance(label, str) and label for label in seats):
        raise ReplayFileError(file, "field 'seats' must list 'person' or a bot name per seat")
    known = bot_choices(game)
    for label in seats:
        if label == PERSON:
            continue
        try:
            check_bot_names(game, [label], "seat")
        except UserError:
            raise ReplayFileError(
                file, f"seat '{label[:40]}' is neither 'person' nor a bot of {game} "
                f"({', '.join(known)})"
            ) from None
    initial = _load_state(game, require(data, "initial", dict, file), file, "initial")
    state = _load_state(game, require(data, "state", dict, file), file, "state")
    players = initial.num_players
    if len(seats) != players:
        listed = f"{len(seats)} seat{'' if len(seats) == 1 else 's'}"
        raise ReplayFileError(
            file, f"field 'seats' lists {listed}, but the game has {players} players"
        )
    if state.num_players != players:
        raise ReplayFileError(
            file, f"field 'state' is a game of {state.num_players} players, but field "
            f"'initial' of {players}"
        )
    if initial.history:
        raise ReplayFileError(file, "the initial state must have no steps in its history")
    return TurnRecord(game, tuple(seats), initial, state, _times(data, file, game, state),
                      finished)


def _times(data: dict[str, Any], file: str, game: str, state: GameState) -> list[float] | None:
    """The optional ``times`` field: one game time (s, >= 0) per step, for a game on a game
    clock."""
    if "times" not in data:
        return None
    if turn_engine(game).step_clock is None:
        raise ReplayFileError(file, f"field 'times': {game} has no game clock")
    times = require(data, "times", list, file)
    for index, value in enumerate(times):
        if (not isinstance(value, int | float) or isinstance(value, bool)
                or not math.isfinite(value) or value < 0):
            raise ReplayFileError(
                file, f"field 'times' item {index + 1} must be a game time in seconds (>= 0)")
    if len(times) != len(state.history):
        raise ReplayFileError(
            file, f"field 'times' has {len(times)} entries for {len(state.history)} steps")
    return [float(t) for t in times]


def _divergence(record: TurnRecord) -> str | None:
    """Where replaying the steps from the start leaves the saved game, or None."""
    replayed, before = record.replaying()
    for index, action in enumerate(record.state.history):
        before(index)
        try:
            replayed.apply(action)
        except IllegalAction as error:
            return f"step {index + 1} '{action}' is not legal there: {error.reason}"
    if replayed.to_json() != record.state.to_json():
        return "its steps do not lead to its saved state (the file was edited or damaged)"
    if record.finished is not None and record.finished != replayed.is_terminal():
        said, is_ = ("finished", "not") if record.finished else ("unfinished", "over")
        return f"it says the game is {said}, but after its {len(record.actions)} steps it is {is_}"
    return None


def _misdealt(record: TurnRecord) -> str | None:
    """Whether the initial state is not what its seed and config deal (an edited deal or seed:
    its steps may still replay, so only the game's own deal tells)."""
    engine = turn_engine(record.game)
    if engine.config_of is None:
        return None
    initial = record.initial
    try:
        dealt = engine.new_state(initial.num_players, initial.seed, engine.config_of(initial))
    except UserError as error:
        return f"its initial state cannot be dealt again: {error}"
    if dealt.to_json() != initial.to_json():
        return (f"its initial state is not the game seed {initial.seed} deals with its config "
                "(the deal or the seed was edited)")
    return None


def _load_state(game: str, data: dict[str, Any], file: str, key: str) -> GameState:
    try:
        return turn_engine(game).load_state(data)
    except UserError as error:
        raise ReplayFileError(file, f"field '{key}': {error}") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError) as error:
        raise ReplayFileError(
            file, f"field '{key}' is not a valid {game} state ({type(error).__name__}: {error})"
        ) from None

