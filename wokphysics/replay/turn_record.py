"""Saved turn-based games: the window's autosave, ``--resume`` and the replay viewer's file.

One JSON file holds a game of We Will Wok You, Wok Star or Wok and Roll as it stands: the
game's name, who sits in each seat (``"person"`` or a bot's name), the state at the start and
the state now (whose ``history`` lists every engine step since the start, as text)::

    {"format": "wokphysics-turn-save", "version": 1, "game": "we-will-wok-you",
     "seats": ["person", "greedy", "greedy"], "finished": false,
     "initial": {...}, "state": {...}}

(``finished`` tells :mod:`wokphysics.records.saving` that a new game may replace the file.)

Reading a file replays the history from the initial state and checks that it reaches the
saved state exactly, so a resumed game and a replay show what was played (an edited or
damaged file is one :class:`~wokphysics.errors.ReplayFileError` line). Nothing read is
executed: the states are plain JSON rebuilt by the game's own loader, the steps are parsed by
its ``parse_action``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wokphysics.errors import ReplayFileError, UserError
from wokphysics.games.protocol import Action, GameState, IllegalAction
from wokphysics.games.registry import turn_engine, turn_game_names
from wokphysics.records.files import read_replay_json, require
from wokphysics.records.saving import write_atomically

FORMAT = "wokphysics-turn-save"
VERSION = 1
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

    @property
    def actions(self) -> list[Action]:
        """Every engine step since the start, in order."""
        return list(self.state.history)

    def steps(self) -> list[Step]:
        """The game replayed from its start, one :class:`Step` per engine step."""
        state = self.initial.clone()
        steps = []
        for index, action in enumerate(self.state.history):
            player = state.current_player
            state.apply(action)
            steps.append(Step(index, player, action, state.clone()))
        return steps


def turn_starts(players: Sequence[int]) -> list[int]:
    """Indices of the steps that begin a turn, given the player of each step: a turn is the
    steps one player takes in a row (in We Will Wok You, taking a wok card and paying it)."""
    return [i for i, player in enumerate(players) if i == 0 or players[i - 1] != player]


def to_data(game: str, seats: Sequence[str], initial: GameState, state: GameState
            ) -> dict[str, Any]:
    """The file's JSON object."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "seats": list(seats),
        "finished": state.is_terminal(),
        "initial": initial.to_dict(),
        "state": state.to_dict(),
    }


def write_record(path: str | Path, game: str, seats: Sequence[str], initial: GameState,
                 state: GameState) -> None:
    """Write the game to ``path`` whole or not at all (a temporary file renamed over it)."""
    text = json.dumps(to_data(game, seats, initial, state), sort_keys=True,
                      separators=(",", ":"))
    write_atomically(Path(path), text)


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
    problem = _divergence(record)
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
    game = require(data, "game", str, file)
    if game not in turn_game_names():
        raise ReplayFileError(
            file, f"game '{game}' is not a turn-based game; expected one of "
            f"{', '.join(turn_game_names())}"
        )
    seats = require(data, "seats", list, file)
    if not all(isinstance(label, str) and label for label in seats):
        raise ReplayFileError(file, "field 'seats' must list 'person' or a bot name per seat")
    known = turn_engine(game).bots
    for label in seats:
        if label != PERSON and label not in known:
            raise ReplayFileError(
                file, f"seat '{label}' is neither 'person' nor a bot of {game} "
                f"({', '.join(sorted(known))})"
            )
    initial = _load_state(game, require(data, "initial", dict, file), file, "initial")
    state = _load_state(game, require(data, "state", dict, file), file, "state")
    if len(seats) != initial.num_players or state.num_players != initial.num_players:
        raise ReplayFileError(
            file, f"{len(seats)} seats for a game of {initial.num_players} players"
        )
    if initial.history:
        raise ReplayFileError(file, "the initial state must have no steps in its history")
    return TurnRecord(game, tuple(seats), initial, state)


def _divergence(record: TurnRecord) -> str | None:
    """Where replaying the steps from the start leaves the saved game, or None."""
    replayed = record.initial.clone()
    for index, action in enumerate(record.state.history):
        try:
            replayed.apply(action)
        except IllegalAction as error:
            return f"step {index + 1} '{action}' is not legal there: {error.reason}"
    if replayed.to_json() != record.state.to_json():
        return "its steps do not lead to its saved state (the file was edited or damaged)"
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

