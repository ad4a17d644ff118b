"""Wok Star's typed core: one action class per verb whose text parses back, typed table pieces,
saved states (this format and the first one), the shared factory, and no ``Any`` in its code."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from wokphysics.errors import ConfigError, ReplayFileError, UserError
from wokphysics.games.protocol import ActionParseError
from wokphysics.games.registry import new_game, state_from_json
from wokphysics.games.wok_star.actions import (
    ACTION_CLASSES,
    Advertise,
    Assign,
    BonusDie,
    BonusUpgrade,
    Buy,
    Combo,
    Done,
    Give,
    Next,
    Place,
    Serve,
    TurnAway,
    Upgrade,
    Use,
    Wait,
    WokStarAction,
    parse_action,
)
from wokphysics.games.wok_star.factory import new_wok_star
from wokphysics.games.wok_star.model import Die, DieStatus, FamilyCard, Phase, PileCard
from wokphysics.games.wok_star.state import WokStarState

PACKAGE = Path(__file__).parents[2] / "wokphysics" / "games" / "wok_star"
SAVE_V1 = Path(__file__).parent / "data" / "wok_star_save_format1.json"

EXAMPLES: list[tuple[WokStarAction, str]] = [
    (Assign("rice", 1), "assign rice to 2"),
    (BonusDie(), "bonus die"),
    (BonusUpgrade("wraps"), "bonus upgrade wraps"),
    (Place("noodles", 1), "place 1 on noodles"),
    (Combo("noodles", 1, 1), "combo 1+1 on noodles"),
    (Give(5, 0), "give 5 to 1"),
    (Serve(), "serve"),
    (Serve("fried_rice"), "serve fried_rice"),
    (TurnAway(), "turn away"),
    (Wait(), "wait"),
    (Next(), "next"),
    (Use("uncle"), "use uncle"),
    (Use("grandma", "rice"), "use grandma rice"),
    (Done(), "done"),
    (Buy("kung_pao", 3), "buy kung_pao for 4"),
    (Upgrade("pork"), "upgrade pork"),
    (Advertise(), "advertise"),
]


def test_every_verb_has_its_own_class_whose_text_parses_back() -> None:
    assert {type(action) for action, _ in EXAMPLES} == set(ACTION_CLASSES)
    assert len({cls.verb for cls in ACTION_CLASSES}) == len(ACTION_CLASSES)
    for action, text in EXAMPLES:
        assert str(action) == text
        assert parse_action(text) == action
        assert parse_action(f"  {text.upper()}  ") == action
        assert isinstance(action, WokStarAction)
    assert parse_action("combo 4+3 on rice") == Combo("rice", 3, 4)  # low first


@pytest.mark.parametrize(
    "text, says",
    [
        ("place 7 on rice", "a die shows 1 to 6"),
        ("give 5 to 0", "seats are numbered from 1"),
        ("give 5 to two", "a seat is a number"),
        ("place 2 rice", "place FACE on PREP"),
        ("fly away", "not a Wok Star action"),
        ("", "empty"),
    ],
)
def test_malformed_text_is_refused_naming_the_form(text: str, says: str) -> None:
    with pytest.raises(ActionParseError, match=says):
        parse_action(text)


def test_the_table_pieces_are_typed_values() -> None:
    state = new_wok_star(2, 4)
    while state.phase is not Phase.ACTION:
        state.apply(state.legal_actions()[0])
    assert all(isinstance(d, Die) for d in state.dice)
    assert {d.status for d in state.dice} == {DieStatus.FREE}
    assert sorted(len(state.free_dice(s)) for s in range(2)) == sorted(state.pool)
    assert all(isinstance(f, FamilyCard) and not f.used for seat in state.characters for f in seat)
    assert isinstance(state.phase, Phase) and state.phase.value == "action"
    die = state.dice[0]
    assert Die.from_json(die.to_json()) == die
    assert PileCard.from_json(PileCard("rice#1", False).to_json()) == PileCard("rice#1", False)


def test_a_first_format_save_still_loads_and_plays_on() -> None:
    text = SAVE_V1.read_text(encoding="utf-8")
    old = json.loads(text)["state"]
    assert "format" not in old  # written before the typed core
    state = state_from_json(text)
    assert isinstance(state, WokStarState)
    saved = state.to_dict()
    assert saved["format"] == 3
    for key, value in old.items():
        if key == "dice":
            # format 3 says whether each die was given: before it, a die held away from its
            # colour had been (seat 1 holds seat 2's 5 here)
            assert [row[:5] for row in saved[key]] == value
            assert [row[5] for row in saved[key]] == [int(r[0] != r[2]) for r in value]
            assert any(r[0] != r[2] for r in value)
        elif key != "config":
            assert saved[key] == value, key
    assert state.phase is Phase.ACTION and state.round == 2
    grandma = state.config.character_by_id["grandma"]
    assert grandma.amount == 2  # the old saves' Grandma
    steps = 0
    while not state.is_terminal():
        state.apply(state.legal_actions()[-1])
        state.check_invariants()
        steps += 1
        assert steps < 5000


def test_a_damaged_save_names_the_field() -> None:
    data = json.loads(new_wok_star(2, 1).to_json())
    data["state"]["counters"] = {"rice": "lots"}
    with pytest.raises(ReplayFileError, match="'counters'"):
        state_from_json(json.dumps(data))
    data["state"]["format"] = 99
    with pytest.raises(UserError, match="format"):
        state_from_json(json.dumps(data))


def test_a_given_die_stays_given_in_a_save_a_clone_and_a_second_format_save() -> None:
    # Format 3 saves whether a die was given (it may then go on any of the team's
    # preparations); the clone (through the JSON) keeps it, and a format-2 save, which had
    # no such field, reads a die held away from its colour as given.
    state = new_wok_star(2, 1)
    while state.phase is not Phase.ACTION:
        state.apply(state.legal_actions()[0])
    data = json.loads(state.to_json())
    data["state"]["dice"] = [[0, 5, 0, 0, 0, 1], [1, 3, 0, 0, 0, 1], [1, 4, 1, 0, 0, 0]]
    data["state"]["pool"] = [1, 2]
    loaded = state_from_json(json.dumps(data))
    assert isinstance(loaded, WokStarState)
    assert [d.given for d in loaded.dice] == [True, True, False]
    clone = loaded.clone()
    assert [d.given for d in clone.dice] == [True, True, False]
    assert clone.to_json() == loaded.to_json()
    data["state"]["format"] = 2
    data["state"]["dice"] = [row[:5] for row in data["state"]["dice"]]
    old = state_from_json(json.dumps(data))
    assert isinstance(old, WokStarState)
    assert [d.given for d in old.dice] == [False, True, False]
    data["state"]["dice"] = [[0, 5, 0, 0]]
    with pytest.raises(ReplayFileError, match="'dice' must hold one list per die"):
        state_from_json(json.dumps(data))


def test_the_factory_has_the_shared_signature_and_error() -> None:
    state = new_game("wok-star", 2, 5, None)
    assert isinstance(state, WokStarState) and state.num_players == 2 and state.seed == 5
    with pytest.raises(ConfigError, match="a path or a WokStarConfig"):
        new_wok_star(2, 5, 42)
    with pytest.raises(ConfigError, match="no such file"):
        new_wok_star(2, 5, "/nonexistent/wok_star.toml")


def test_no_any_in_wok_stars_code() -> None:
    offenders = []
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "Any":
                offenders.append(f"{path.name}:{node.lineno}")
            if isinstance(node, ast.Attribute) and node.attr == "Any":
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []
