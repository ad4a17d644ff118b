"""A damaged saved state of We Will Wok You or Wok and Roll is one line naming the field and
what it must hold, exit status 2: not Python's own words ("KeyError: 'o'", "invalid literal
for int() with base 10"), as it was before these games read their saves through
games/saved_state.SavedState as Wok Star does."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import wokphysics

from wokphysics.games.bots import RandomBot
from wokphysics.games.registry import new_game
from wokphysics.replay.turn_record import write_record

pytestmark = pytest.mark.engine

Tamper = Callable[[dict[str, Any]], None]


def _set(key: str, value: object) -> Tamper:
    def tamper(state: dict[str, Any]) -> None:
        state[key] = value
    return tamper


def _set_menu(key: str, value: object) -> Tamper:
    def tamper(state: dict[str, Any]) -> None:
        state["menus"][0][key] = value
    return tamper


CASES: list[tuple[str, Tamper, str]] = [
    ("we-will-wok-you", _set("box_woks", "oops"), "field 'box_woks' must be a list"),
    ("we-will-wok-you", _set("draw", ["no-such-card"]),
     "field 'draw' holds an unknown card 'no-such-card'"),
    ("we-will-wok-you", _set("hands", [["no-such-card"], []]),
     "field 'hands' holds an unknown card 'no-such-card'"),
    ("we-will-wok-you", _set("coins", ["3", 4]), "field 'coins' must be a list of whole numbers"),
    ("we-will-wok-you", _set("end_triggered", "no"), "field 'end_triggered' must be true or false"),
    ("we-will-wok-you", _set("pending_wok", "W99"),
     "field 'pending_wok' holds an unknown wok card"),
    ("wok-and-roll", _set("dice", "oops"), "field 'dice' must be a list"),
    ("wok-and-roll", _set("roller", "1"), "field 'roller' must be a whole number"),
    ("wok-and-roll", _set("phase", "dinner"), "field 'phase' must be one of roll, cook, over"),
    ("wok-and-roll", _set("menus", [3, 4]), "field 'menus' must hold one JSON object per player"),
    ("wok-and-roll", _set_menu("crossed", "x"), "field 'crossed' must be a whole number"),
    ("wok-and-roll", _set_menu("pantry_used", [0, "o"]),
     "field 'pantry_used' must be a list of whole numbers"),
]


@pytest.mark.parametrize(("game", "tamper", "words"), CASES)
def test_a_damaged_field_is_named_in_one_line(
    game: str, tamper: Tamper, words: str, tmp_path: Path,
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    initial = new_game(game, players=2, seed=3)
    state = initial.clone()
    bot = RandomBot(1)
    for _ in range(5):
        state.apply(bot.choose(state))
    path = tmp_path / "save.json"
    write_record(path, game, ["person", "random"], initial, state)
    assert wokphysics(capsys, monkeypatch, "replay", str(path), "--verify").status == 0
    data = json.loads(path.read_text())
    tamper(data["state"])
    path.write_text(json.dumps(data))
    for args in (("replay", str(path), "--verify"),
                 ("play", game, "--resume", str(path), "--max-frames", "1", "--no-save")):
        outcome = wokphysics(capsys, monkeypatch, *args)
        assert outcome.status == 2 and outcome.one_line_error, outcome.err
        assert words in outcome.err
        assert "Error:" not in outcome.err and "invalid literal" not in outcome.err
