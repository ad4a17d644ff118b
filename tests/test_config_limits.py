"""Configs that would validate but make a game that never ends (or crashes) are refused.

Every value has a physically meaningful range, and checks across keys keep each game finite:
no time step so small that a stir takes hours, no chop that throws nothing, no bot whose own
flick the table refuses as too fast, no deck without cards.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from cli_helpers import wokphysics

from wokphysics.config.wok_on_fire import INGREDIENT_NAMES, load_config
from wokphysics.errors import ConfigError


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "my.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # a step of 1e-12 s made simulate and replay --verify run for hours
        ("[physics]\ndt_s = 1e-12\n", "physics.dt_s: input should be greater than or equal to"),
        ("[physics]\ndt_s = 0.05\n", "physics.dt_s: input should be less than or equal to 0.01"),
        ("[physics]\ndt_s = 0.0001\n", "physics: max_settle_s / dt_s is 80,000 steps"),
        # no card ever chopped in: the supply never empties, the game never ends
        ("[rules]\ncards_per_chop = 0\n", "rules.cards_per_chop: input should be greater"),
        ("[rules]\nmax_stirs_per_step = 10000\n", "rules.max_stirs_per_step: input should be"),
        # the table refused every gesture of the bots: a traceback mid-game
        ("[spatula]\nmax_speed_mm_s = 1e-300\n", "spatula.max_speed_mm_s: input should be"),
        # a card of 1e-300 g: pymunk's impulses overflowed, every card's position became NaN
        ("[card]\nmass_g = 1e-300\n", "card.mass_g: input should be greater than or equal to 0.1"),
        (
            "[spatula]\nmax_speed_mm_s = 1500.0\n",
            r"bots.strong.flick_speed_mm_s: with its noise the bot's hand reaches 1904 mm/s",
        ),
        # no card at all: an IndexError at setup
        (
            "[setup]\nsupply = 0\nwok = 0\n[ingredients]\n"
            + "".join(f"{name} = {{ count = 0 }}\n" for name in INGREDIENT_NAMES),
            "setup.wok: input should be greater than or equal to 1",
        ),
    ],
)
def test_a_config_that_would_never_end_is_one_line(tmp_path: Path, text: str, words: str) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(ConfigError, match=words) as caught:
        load_config(path)
    assert caught.value.file == str(path)  # the user's file is blamed, not the shipped one


def test_the_lightest_card_allowed_plays_a_whole_game(tmp_path: Path) -> None:
    """At the floor of ``card.mass_g`` a bots' game plays to its end with every card finite
    (1e-300 g made every card NaN mid-game)."""
    from wokphysics.games.wok_on_fire.simulate import play_one

    light = load_config(_write(tmp_path, "[card]\nmass_g = 0.1\n"))
    game = play_one(light, 2, 3, ["strong", "weak"])
    assert game.is_over and len(game.result["totals"]) == 2
    assert all(math.isfinite(v) for card in game.table.cards
               for v in (card.x, card.y, card.angle))


@pytest.mark.parametrize("kind", ["steady", "slide", "rest"])
def test_the_mass_cancels_out_of_a_flick(tmp_path: Path, kind: str) -> None:
    """Coulomb friction scales with the weight and every contact impulse with the mass, so a
    flick moves a lone card exactly as at the shipped 1.8 g. (In a crowded wok the rounding of
    the two masses differs in the last bits, and the cards' collisions can magnify that to
    millimetres: the whole game is not compared.)"""
    from wokphysics.games.wok_on_fire.deal import dealt_table
    from wokphysics.table.strokes import HandStroke, flick_card

    light = load_config(_write(tmp_path, "[card]\nmass_g = 0.1\n"))
    poses = []
    for cfg in (load_config(), light):
        table = dealt_table(cfg, 2)
        cards = table.wok_cards()
        for other in cards[1:]:
            table.take(other.id, "supply")
        flick_card(table, cards[0].id, 1.0, HandStroke(kind, 1400.0, depth_mm=50.0), fps=60.0)
        poses.append([(c.x, c.y, c.angle, c.face_up, c.location) for c in table.cards])
    assert poses[0] == poses[1]


def test_the_limits_hold_for_the_shipped_config() -> None:
    cfg = load_config()
    assert 1e-4 <= cfg.physics.physics.dt_s <= 1e-2
    assert cfg.physics.physics.max_settle_s / cfg.physics.physics.dt_s <= 20_000
    assert 1 <= cfg.rules.cards_per_chop and cfg.rules.max_stirs_per_step <= 100


def test_the_command_line_says_it_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _write(tmp_path, "[physics]\ndt_s = 1e-12\n")
    outcome = wokphysics(
        capsys, monkeypatch, "simulate", "wok-on-fire", "--config", str(path), "--games", "1"
    )
    assert outcome.status == 2 and outcome.one_line_error
    assert f"{path}: physics.dt_s" in outcome.err


@pytest.mark.parametrize(
    ("game", "text", "words"),
    [
        # both sets at their last coin and empty hands: nobody can act, the game loops forever
        (
            "we-will-wok-you",
            "[setup]\ncoins_per_player = 0\ncoin_sets = [1, 1]\ntotal_coins = 2\n",
            "setup.coin_sets: with both sets at their last coin",
        ),
        # rows costing a hundred million coins: a game longer than anyone's patience
        (
            "we-will-wok-you",
            "[setup]\ncoin_sets = [100000000, 100000000]\ntotal_coins = 300000000\n",
            r"setup.coin_sets.0: input should be less than or equal to 100",
        ),
        ("we-will-wok-you", "[setup]\ncoin_sets = [1e8, 1e8]\n", "input should be a valid integer"),
        # more dishes than the menu has: nobody ever completes them, the game never ends
        (
            "wok-and-roll",
            "[rules]\ndishes_to_end = 20\n",
            "rules.dishes_to_end: 20 can never be reached: the simple menu has 11 dishes",
        ),
    ],
)
def test_a_turn_game_config_that_would_never_end_is_one_line(
    game: str,
    text: str,
    words: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = _write(tmp_path, text)
    outcome = wokphysics(
        capsys, monkeypatch, "simulate", game, "--config", str(path), "--games", "1"
    )
    assert outcome.status == 2 and outcome.one_line_error
    assert f"{path}: " in outcome.err
    assert re.search(words, outcome.err), outcome.err


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "wok-and-roll", "--games", "1"],
        ["play", "wok-and-roll", "--terminal", "--no-save"],
        ["play", "wok-and-roll", "--max-frames", "1", "--no-save"],
    ],
)
def test_wok_and_roll_dishes_option_beyond_the_menu_is_one_line(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The option is named, in every front end (the window once named a temporary file)."""
    outcome = wokphysics(capsys, monkeypatch, *args, "--dishes", "12")
    assert outcome.status == 2 and outcome.one_line_error
    assert "--dishes 12 can never be reached: the simple menu has 11" in outcome.err
