"""Wok and Roll's menu data: the shipped file honours the rulebook's numbers, and every bad
value in an override file is one clear error naming the file and key (exit status 2)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from wokphysics.errors import ConfigError
from wokphysics.games.wok_and_roll.settings import load_settings
from wokphysics.games.wok_and_roll.sheet import compile_sheet


def test_shipped_file_honours_the_rulebook_counts() -> None:
    settings = load_settings()
    codes = [*settings.ingredients.foods, settings.ingredients.book]
    assert codes == ["R", "N", "V", "M", "S", "B"]
    assert sorted(settings.dice.faces) == sorted(codes)
    assert (settings.dice.white, settings.dice.red, settings.dice.rerolls) == (4, 2, 2)
    assert len(settings.house_specials) == 8
    assert settings.simple.fridge == ["R", "N", "V", "M", "S", "B"]
    assert settings.simple.chef_hats == 0
    # the Expert Fridge holds none of the Simple items: 2 Chef's Hats, up to 4
    assert settings.expert.fridge == []
    assert (settings.expert.chef_hats, settings.expert.max_chef_hats) == (2, 4)
    for side in (settings.simple, settings.expert):
        assert side.skills.conversion_cost == 2 and side.skills.rectangle_cost == 3
        assert side.unlock_cost == 2
        assert {r.per: r.points for r in side.skills.rectangles} == {
            "skill": 2,
            "R": 1,
            "N": 1,
            "V": 1,
            "M": 1,
            "S": 1,
        }
    assert (settings.rules.dishes_to_end, settings.rules.expert_dishes_to_end) == (3, 3)
    expert = compile_sheet(
        settings.model_copy(update={"rules": settings.rules.model_copy(update={"menu": "expert"})})
    )
    assert any(g.locked_from >= 0 for g in expert.groups) and expert.recipes
    assert all(r < 0 for r in expert.recipes) and expert.pantry_points


def _override(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("[rules]\ndishes_to_end = 0\n", "rules.dishes_to_end"),
        ("[rules]\nmenu = 'fancy'\n", "rules.menu"),
        ("[rules]\nspeed = 3\n", "rules.speed"),
        ("[dice]\nfaces = ['R', 'R', 'V', 'M', 'S', 'B']\n", "dice.faces"),
        ("[dice]\nwhite = 7\n", "dice"),
        ("[dice]\nwhite = 0\n", "dice.white"),
        ("[ingredients]\nbook = 'R'\n", "ingredients"),
        ("[ingredients.names]\nQ = 'Quail'\n", "ingredients.names"),
        ("[expert]\nfridge = ['R']\n", "expert.fridge"),
        ("[simple]\nchef_hats = 1\nmax_chef_hats = 1\n", "simple.fridge"),
        ("[bots.greedy]\nleast_value = -1\n", "bots.greedy.least_value"),
        ("[[simple.rows]]\nservings = ['X9.1']\nbonus = 'R'\n", "simple.rows.0.servings"),
        (
            "[[simple.groups]]\nid = 'R1'\nname = 'x'\nsection = 'rice'\nfood = 'R'\n"
            "kind = 'dish'\nservings = [{ needs = 'RQ', points = 1 }]\n",
            "simple.groups.0.servings.0.needs",
        ),
        (
            "[[expert.groups]]\nid = 'R1'\nname = 'x'\nsection = 'rice'\nfood = 'R'\n"
            "kind = 'dish'\nlocked_from = 3\nservings = [{ needs = 'RR', points = 1 }]\n",
            "expert.groups.0.locked_from",
        ),
        ("[expert]\nrecipes = [2]\n", "expert.recipes"),
        (
            "[[house_specials]]\nid = 'x'\nname = 'x'\nfood = 'R'\nhats_after = [9]\n"
            "servings = [{ needs = 'RR', points = 1 }]\n",
            "house_specials",
        ),
    ],
)
def test_a_bad_override_names_the_file_and_key(tmp_path: Path, text: str, key: str) -> None:
    path = _override(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_settings(path)
    message = str(caught.value)
    assert str(path) in message and key in message, message


def test_cli_reports_a_bad_config_in_one_line_with_status_2(tmp_path: Path) -> None:
    path = _override(tmp_path, "[rules]\ndishes_to_end = -1\n")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "wokphysics.cli",
            "simulate",
            "wok-and-roll",
            "--games",
            "1",
            "--config",
            str(path),
            "--no-progress",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "rules.dishes_to_end" in lines[0] and str(path) in lines[0]
    assert "Traceback" not in result.stderr


def test_an_override_changes_the_game(tmp_path: Path) -> None:
    from wokphysics.games.wok_and_roll.factory import new_state

    path = _override(tmp_path, "[rules]\ndishes_to_end = 1\n[simple]\nfridge_points_each = 2\n")
    state = new_state(2, seed=1, config=str(path))
    assert state.sheet.dishes_to_end == 1 and state.scores() == [12, 12]


@pytest.mark.slow
@pytest.mark.usefixtures("dask_cluster")
def test_cli_config_folder_can_choose_the_expert_menu(tmp_path: Path) -> None:
    (tmp_path / "wok_and_roll.toml").write_text('[rules]\nmenu = "expert"\n')
    result = subprocess.run(
        [sys.executable, "-m", "wokphysics.cli", "simulate", "wok-and-roll", "--games", "3",
         "--config", str(tmp_path)],
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "Expert Menu" in result.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text("x = 1\n")
    result = subprocess.run(
        [sys.executable, "-m", "wokphysics.cli", "simulate", "wok-and-roll", "--games", "3",
         "--config", str(bad)],
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"wokphysics: {bad}: x: unknown key; allowed here: "
        "bots, dice, expert, house_specials, ingredients, rules, sections, simple, tally"
    ], "one line, before any progress bar"


def test_seven_dice_from_the_config_are_rolled_used_and_shown(tmp_path: Path) -> None:
    import random

    from wokphysics.games.wok_and_roll.factory import new_state
    from wokphysics.terminal.wok_and_roll.render import render

    path = _override(tmp_path, "[dice]\nwhite = 5\n")
    for seed in range(4):
        state = new_state(3, seed, {"path": str(path)})
        assert len(state.dice) == 7 and state.usable(0) == 0b1111111
        assert state.usable(1) == 0b11111, "the others use the 5 white dice"
        dice = render(state, 0).splitlines()[1]  # white 1-5, then the red 6 and 7
        assert dice.startswith("Dice: 1:") and "5:" in dice.split("|")[0]
        assert " 6:" in dice.split("|")[1] and " 7:" in dice.split("|")[1]
        rng = random.Random(seed)
        while not state.is_terminal():
            state.check_invariants()
            state.apply(rng.choice(state.legal_actions()))
        assert max(state.completed()) >= state.sheet.dishes_to_end


def test_tally_titles_and_ingredient_names_come_from_the_config(tmp_path: Path) -> None:
    from wokphysics.games.wok_and_roll.factory import new_state
    from wokphysics.terminal.wok_and_roll.render import render, render_end

    path = _override(
        tmp_path,
        "[ingredients.names]\nR = 'Jasmine Rice'\n[tally]\nskills_and_fridge = 'Skills & Fridge'\n",
    )
    rice = 0  # the config's first food, R
    state = next(
        s for s in (new_state(2, seed, {"path": str(path)}) for seed in range(50)) if rice in s.dice
    )
    assert "Jasmine Rice" in render(state, 0), "a die showing Rice is named as the file says"
    assert "Skills & Fridge" in render_end(state)


def test_the_factory_takes_settings_or_options_and_refuses_anything_else() -> None:
    from wokphysics.games.wok_and_roll.factory import new_state

    settings = load_settings()
    assert new_state(2, 1, settings).settings == settings
    with pytest.raises(ConfigError, match="unknown option"):
        new_state(2, 1, {"expertise": True})
    with pytest.raises(ConfigError, match="cannot use int"):
        new_state(2, 1, 42)


RULEBOOK_DISHES = {
    "Salted Fish Fried Rice", "Chicken Fried Rice", "Pineapple Fried Rice",
    "House Special Fried Rice", "Sambal Kang Kong", "Mapo Tofu", "Broccoli with Scallops",
    "Deep Fried Yam Ring with Vegetables", "Poached Live Prawns", "Buddha Jumps Over the Wall",
    "Hong Kong Style Fish", "Crab Roe with Seasonal Vegetables", "Kung Pao Fish Rice",
    "Jellyfish with Smoked Pig Trotter", "Fresh Prawns with Lo Mein", "Sam Lo Hor Fun",
    "Xiamen Fried Noodles", "Luohan Fried Noodles", "House Special Fried Noodles",
    "Sweet and Sour Pork", "Roast Duck", "Twice-Cooked Pork", "Prawn Paste Chicken",
}  # fmt: skip


def test_the_two_sheets_use_each_of_the_rulebooks_23_dish_names_once() -> None:
    settings = load_settings()
    names = [g.name for side in (settings.simple, settings.expert) for g in side.groups]
    assert len(RULEBOOK_DISHES) == 23
    assert sorted(names) == sorted(RULEBOOK_DISHES)
