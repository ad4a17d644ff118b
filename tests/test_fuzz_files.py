"""Random bytes and mutated saves at every file reader: each run of the command ends quickly in
exit 0, 1 or 2, with bounded memory and no traceback.

The readers: each game's ``--config`` (TOML), ``replay FILE --verify`` (table replays and game
records), ``play --resume FILE`` (the window, briefly), ``score we-will-wok-you FILE`` (JSON),
and ``state_from_json`` for saved turn-game states. Inputs are random bytes, the shipped files
with random edits (lines dropped, doubled or cut, bytes replaced), and valid records and states
whose JSON values are replaced, dropped or duplicated.
"""

from __future__ import annotations

import copy
import json
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from fuzz_helpers import assert_clean_end, deadline, run_quietly
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wokphysics.config.paths import default_config_dir
from wokphysics.config.wok_on_fire import load_config
from wokphysics.errors import UserError
from wokphysics.games.registry import new_game, state_from_json, turn_game_names
from wokphysics.games.wok_on_fire.simulate import play_one
from wokphysics.replay.table_record import TableRecorder
from wokphysics.table.gesture import Gesture

ROOT = Path(__file__).resolve().parents[1]
SCORE_EXAMPLE = ROOT / "examples" / "we-will-wok-you-scoring.json"

ODD = [None, True, -1, 0, 10**19, 1.5, 1e308, "", "x", "²", [], {}, [[0, 0, 0]], {"a": 1}]

SOLO = ["--players", "1", "--bots", "0", "--terminal", "--no-save"]
"""One person and no bot, in the terminal: ``play`` sets the game up, reads the end of its
input and stops."""

CONFIG_COMMANDS: dict[str, tuple[str, list[str]]] = {
    # game: (shipped file, a cheap command that loads --config, then stops)
    "wok-on-fire": ("wok_on_fire.toml", ["score", "wok-on-fire", "--player", "rice"]),
    "we-will-wok-you": (
        "we_will_wok_you.toml",
        ["score", "we-will-wok-you", str(SCORE_EXAMPLE)],
    ),
    "wok-star": ("wok_star.toml", ["play", "wok-star", *SOLO]),
    "wok-and-roll": ("wok_and_roll.toml", ["play", "wok-and-roll", *SOLO]),
}


@cache
def _game_record() -> bytes:
    """A short finished game's record (1 player, played by a bot)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        play_one(load_config(), 1, 3, ("strong",), path)
        return path.read_bytes()


@cache
def _table_replay() -> bytes:
    recorder = TableRecorder(load_config(), 3)
    recorder.stir(Gesture([(0.0, 0.0, -160.0), (0.1, 0.0, -47.0)]))
    return json.dumps(recorder.to_data()).encode()


@cache
def _saved_state(game: str) -> str:
    state = new_game(game, 2, 5)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    return state.to_json()


@st.composite
def edited_text(draw: st.DrawFn, original: bytes) -> bytes:
    """``original`` with a few random edits: lines dropped, doubled or cut, bytes replaced."""
    lines = original.split(b"\n")
    for _ in range(draw(st.integers(1, 4))):
        if not lines:
            break
        index = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.integers(0, 3))
        if kind == 0:
            del lines[index]
        elif kind == 1:
            lines.insert(index, lines[index])
        elif kind == 2:
            lines[index] = lines[index][: draw(st.integers(0, len(lines[index])))]
        else:
            lines[index] = draw(st.binary(max_size=40))
    return b"\n".join(lines)


@st.composite
def mutated_json(draw: st.DrawFn, original: str) -> Any:
    """The JSON value ``original`` with a few values replaced, dropped or duplicated."""
    data = json.loads(original)

    def mutate(value: Any) -> Any:
        if isinstance(value, dict) and value and draw(st.booleans()):
            key = draw(st.sampled_from(sorted(value)))
            choice = draw(st.integers(0, 3))
            if choice == 0:
                del value[key]
            elif choice == 1:
                value[f"{key}_extra"] = value[key]
            else:
                value[key] = mutate(value[key])
            return value
        if isinstance(value, list) and value and draw(st.booleans()):
            index = draw(st.integers(0, len(value) - 1))
            choice = draw(st.integers(0, 3))
            if choice == 0:
                del value[index]
            elif choice == 1:
                value.append(value[index])
            else:
                value[index] = mutate(value[index])
            return value
        return copy.deepcopy(draw(st.sampled_from(ODD)))  # ODD's lists must stay as they are

    for _ in range(draw(st.integers(1, 3))):
        data = mutate(data)
    return data


def _as_bytes(value: Any) -> bytes:
    return json.dumps(value).encode()


def _check(argv: list[str], content: bytes, stdin: str = "") -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "input"
        path.write_bytes(content)
        full = [str(path) if word == "{file}" else word for word in argv]
        assert_clean_end(run_quietly(full, Path(folder), stdin), full)


def _config_inputs(game: str) -> st.SearchStrategy[bytes]:
    shipped = (default_config_dir() / CONFIG_COMMANDS[game][0]).read_bytes()
    return st.one_of(st.binary(max_size=300), edited_text(shipped))


SETTINGS = settings(
    max_examples=30, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(CONFIG_COMMANDS))
def test_any_config_file_ends_cleanly(game: str) -> None:
    command = [*CONFIG_COMMANDS[game][1], "--config", "{file}"]

    @SETTINGS
    @given(content=_config_inputs(game))
    def run(content: bytes) -> None:
        _check(command, content)

    run()


def _record_inputs(original: Callable[[], bytes]) -> st.SearchStrategy[bytes]:
    return st.one_of(
        st.binary(max_size=300),
        edited_text(original()),
        mutated_json(original().decode()).map(_as_bytes),
    )


@pytest.mark.slow
@SETTINGS
@given(content=_record_inputs(_game_record))
def test_any_game_record_verifies_or_is_refused_cleanly(content: bytes) -> None:
    _check(["replay", "{file}", "--verify"], content)


@pytest.mark.slow
@SETTINGS
@given(content=_record_inputs(_table_replay))
def test_any_table_replay_verifies_or_is_refused_cleanly(content: bytes) -> None:
    _check(["replay", "{file}", "--verify"], content)


@pytest.mark.slow
@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow])
@given(content=_record_inputs(_game_record))
def test_any_game_record_resumes_or_is_refused_cleanly(content: bytes) -> None:
    _check(["play", "--resume", "{file}", "--max-frames", "2", "--no-save"], content)


@pytest.mark.slow
@SETTINGS
@given(
    content=st.one_of(
        st.binary(max_size=300),
        edited_text(SCORE_EXAMPLE.read_bytes()),
        mutated_json(SCORE_EXAMPLE.read_text()).map(_as_bytes),
    )
)
def test_any_score_file_is_scored_or_refused_cleanly(content: bytes) -> None:
    _check(["score", "we-will-wok-you", "{file}"], content)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), game=st.sampled_from(turn_game_names()))
def test_a_damaged_saved_state_is_one_user_error(data: st.DataObject, game: str) -> None:
    text = json.dumps(data.draw(mutated_json(_saved_state(game))))
    with deadline():
        try:
            state = state_from_json(text)
        except UserError:
            return
    # what loads is a sound state: its invariants hold and it saves back to the same text
    state.check_invariants()
    assert json.loads(state.to_json()) == json.loads(text)


def test_random_bytes_are_never_a_saved_state() -> None:
    for blob in (b"", b"\xff\xfe", b"[" * 100_000, b'{"game": "wok-star"}', b"1" * 5000):
        with pytest.raises(UserError):
            state_from_json(blob.decode("utf-8", errors="replace"))
