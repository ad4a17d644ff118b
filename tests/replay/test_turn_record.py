"""Saved turn-based games: written whole, read back step by step, edits and damage caught."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from wokphysics.cli import main
from wokphysics.errors import ReplayFileError
from wokphysics.games.protocol import GameState
from wokphysics.games.registry import make_bot, new_game, turn_game_names
from wokphysics.replay.turn_record import (
    read_record,
    turn_starts,
    verify_record,
    write_record,
)


def _played(game: str, steps: int, seed: int = 3) -> tuple[GameState, GameState]:
    initial = new_game(game, 2, seed)
    state = initial.clone()
    bots = [make_bot(game, "random", seat) for seat in range(2)]
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(bots[state.current_player].choose(state))
    return initial, state


@pytest.mark.parametrize("game", turn_game_names())
def test_a_saved_game_reads_back_equal(tmp_path: Path, game: str) -> None:
    initial, state = _played(game, 25)
    path = tmp_path / "save.json"
    write_record(path, game, ["person", "random"], initial, state)
    record = read_record(path)
    assert record.state.to_json() == state.to_json()
    assert record.seats == ("person", "random")
    steps = record.steps()
    assert len(steps) == len(record.actions)
    assert steps[-1].after.to_json() == state.to_json()
    assert verify_record(path)[0]


def test_an_edited_save_is_caught(tmp_path: Path) -> None:
    initial, state = _played("we-will-wok-you", 30)
    path = tmp_path / "save.json"
    write_record(path, "we-will-wok-you", ["person", "random"], initial, state)
    data = json.loads(path.read_text())
    data["state"]["coins"][0] += 5  # coins added by hand
    path.write_text(json.dumps(data))
    identical, message = verify_record(path)
    assert not identical and "do not lead to its saved state" in message
    with pytest.raises(ReplayFileError, match="edited or damaged"):
        read_record(path)
    assert main(["replay", str(path), "--verify"]) == 1
    assert main(["play", "we-will-wok-you", "--resume", str(path), "--max-frames", "1"]) == 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=9), "version 9 is not supported"),
        (lambda d: d.update(game="chess"), "'chess' is not a turn-based game"),
        (lambda d: d.update(seats=["person", "grandmaster"]), "neither 'person' nor a bot"),
        (lambda d: d.update(seats=["person"]),
         "field 'seats' lists 1 seat, but the game has 2 players"),
        (lambda d: d.update(seats=["person", "random", "random"]),
         "field 'seats' lists 3 seats, but the game has 2 players"),
        (lambda d: d.update(state=new_game("we-will-wok-you", 3, 3).to_dict()),
         "field 'state' is a game of 3 players, but field 'initial' of 2"),
        (lambda d: d["state"].pop("coins"),
         "saved We Will Wok You state: field 'coins' is missing"),
    ],
)
def test_a_bad_save_is_one_line(tmp_path: Path, change: Callable[[dict[str, Any]], object],
                                message: str) -> None:
    initial, state = _played("we-will-wok-you", 10)
    path = tmp_path / "save.json"
    write_record(path, "we-will-wok-you", ["person", "random"], initial, state)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    with pytest.raises(ReplayFileError, match=message):
        read_record(path)
    assert main(["replay", str(path), "--verify"]) == 2


def test_turns_are_a_players_steps_in_a_row() -> None:
    assert turn_starts([0, 1, 1, 1, 0, 1]) == [0, 1, 4, 5]
    assert turn_starts([]) == []


def _saved(tmp_path: Path, game: str, change: Callable[[dict[str, Any]], object]) -> Path:
    initial, state = _played(game, 20)
    path = tmp_path / f"{game}.json"
    write_record(path, game, ["person", "random"], initial, state)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path


def _reseeded(data: dict[str, Any]) -> None:
    """The seed changed in both states: the steps still replay from the saved deal."""
    data["initial"]["seed"] += 1
    data["state"]["seed"] += 1


@pytest.mark.parametrize("game", turn_game_names())
def test_a_save_whose_seed_does_not_deal_its_initial_state_diverges(
    tmp_path: Path, game: str
) -> None:
    path = _saved(tmp_path, game, _reseeded)
    read_record(path)  # it still resumes and replays (its steps reach its state)
    identical, message = verify_record(path)
    assert not identical and "is not the game seed 4 deals" in message, message
    assert main(["replay", str(path), "--verify"]) == 1


@pytest.mark.parametrize("game", turn_game_names())
def test_a_save_that_lies_about_the_games_end_diverges(tmp_path: Path, game: str) -> None:
    path = _saved(tmp_path, game, lambda d: d.update(finished=True))
    identical, message = verify_record(path)
    assert not identical and "says the game is finished, but after its 20 steps it is not" in (
        message
    ), message
    assert main(["replay", str(path), "--verify"]) == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(finished="yes"), "field 'finished' must be"),
        (lambda d: d.update(comment="hi"), "unknown field 'comment'"),
    ],
)
def test_a_mistyped_or_unknown_field_is_one_line(
    tmp_path: Path, change: Callable[[dict[str, Any]], object], message: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = _saved(tmp_path, "we-will-wok-you", change)
    with pytest.raises(ReplayFileError, match=message):
        read_record(path)
    capsys.readouterr()
    assert main(["replay", str(path), "--verify"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
