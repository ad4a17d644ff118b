"""Wok on Fire bots: they play through a person's inputs, plan flicks that flip, pick by value."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import shapely
from wof_engine_helpers import CFG, clear_wok, give, put, quick_cfg, stir_to_picks

from wokphysics.cli import main
from wokphysics.errors import UserError
from wokphysics.games.wok_on_fire.bots import make_wof_bot
from wokphysics.games.wok_on_fire.engine import Expect, WokOnFireGame
from wokphysics.table.geometry import card_polygon


def test_a_strong_flick_releases_under_the_near_edge_at_the_planned_speed() -> None:
    game = WokOnFireGame(CFG, 2, seed=1)
    clear_wok(game)
    target = put(game, "pork", 100.0, 50.0, angle=0.3, face_up=False)
    bot = make_wof_bot(CFG, "strong", 5)
    gesture = game.table.stroke_gesture(bot.plan_stir(game))
    card = game.table.card(target)
    vx, vy = gesture.release_velocity(CFG.physics.spatula.release_window_s)
    speed = math.hypot(vx, vy)
    assert 1150.0 < speed < 1600.0  # 1380 mm/s planned, hand noise 6 %
    # A straight stroke at one speed, towards the card's centre (and the wok's).
    points = gesture.samples
    steps = [math.dist(a[1:], b[1:]) for a, b in zip(points, points[1:], strict=False)]
    assert max(steps) - min(steps) < 1e-6
    start, end = gesture.samples[0][1:], gesture.samples[-1][1:]
    to_card = (card.x - start[0], card.y - start[1])
    assert (vx * to_card[0] + vy * to_card[1]) / (speed * math.hypot(*to_card)) > 0.9
    # It starts off the card and is released under it.
    outline = card_polygon(card.x, card.y, card.angle, CFG.physics.card.width_mm,
                           CFG.physics.card.length_mm)
    assert not outline.contains(shapely.Point(*start))
    assert outline.contains(shapely.Point(*end))


def test_strong_flicks_flip_their_target_most_of_the_time() -> None:
    flipped = 0
    for seed in range(10):
        game = WokOnFireGame(CFG, 2, seed=seed)
        clear_wok(game)
        target = put(game, "onion", -80.0 + 15.0 * seed, 40.0, angle=0.25 * seed, face_up=False)
        report = game.stir(make_wof_bot(CFG, "strong", seed).plan_stir(game))
        flipped += target in report.flipped
    assert flipped >= 7


def test_a_bots_flick_does_not_depend_on_what_face_down_cards_are() -> None:
    plans = []
    for hidden in ("pork", "shrimp"):
        game = WokOnFireGame(CFG, 2, seed=1)
        clear_wok(game)
        put(game, "onion", -150.0, 0.0)
        put(game, hidden, 120.0, 30.0, angle=0.4, face_up=False)
        plans.append(make_wof_bot(CFG, "strong", 9).plan_stir(game))
    assert plans[0] == plans[1]


def _picking_game(players: int = 2) -> WokOnFireGame:
    game = WokOnFireGame(quick_cfg(), players, seed=3)
    clear_wok(game)
    return game


def test_the_strong_bot_completes_a_mushroom_set_over_single_points() -> None:
    game = _picking_game()
    give(game, "mushroom", 0)
    give(game, "mushroom", 0)
    mushroom = put(game, "mushroom", 150.0, 0.0)
    pork = put(game, "pork", -150.0, 0.0)
    put(game, "onion", 0.0, -200.0)
    stir_to_picks(game)
    picks = make_wof_bot(CFG, "strong", 1).choose_picks(game)
    assert {p.card_id for p in picks} == {mushroom, pork}  # 18 for the set, 3 for the Pork


def test_the_strong_bot_gives_garlics_gift_to_the_opponent_it_helps_least() -> None:
    game = _picking_game(players=3)
    give(game, "mushroom", 1)
    give(game, "mushroom", 1)
    garlic = put(game, "garlic", 150.0, 0.0)
    stir_to_picks(game)
    game.pick([garlic])
    mushroom = put(game, "mushroom", -150.0, 0.0)
    bot = make_wof_bot(CFG, "strong", 1)
    bot.act(game)  # the bonus stir
    assert game.expect is Expect.PICK
    bot.act(game)
    assert game.expect is Expect.GIFT_OPPONENT and game.gift_cards == (mushroom,)
    bot.act(game)
    assert game.pile(2) == (mushroom,)  # to player 1 it would have been an 18-point set


def test_the_strong_bot_keeps_a_chili_that_pairs_with_its_green_pepper() -> None:
    game = _picking_game(players=1)
    chili = put(game, "chili_pepper", 0.0, 0.0)
    pepper = put(game, "green_pepper", 150.0, 0.0)
    stir_to_picks(game)
    game.pick([pepper, chili])
    bot = make_wof_bot(CFG, "strong", 1)
    while game.turn_number == 0:
        bot.act(game)
    clear_wok(game)
    put(game, "onion", 0.0, 200.0)
    put(game, "rice", 150.0, 200.0)
    put(game, "broccoli", -150.0, 200.0)
    stir_to_picks(game)
    bot.act(game)
    assert game.expect is Expect.CHILI
    bot.act(game)  # an Onion is worth less than the Chili's 5 with the Green Pepper
    assert chili in game.pile(0) and game.expect is Expect.CHOP


@pytest.mark.parametrize(
    ("players", "names"),
    [
        (1, ("weak",)),
        (2, ("strong", "weak")),
        (3, ("weak", "strong", "weak")),
        (4, ("strong",) * 4),
    ],
)
def test_bot_games_end_with_every_card_accounted_for_after_every_input(
    players: int, names: tuple[str, ...]
) -> None:
    game = WokOnFireGame(CFG, players, seed=40 + players, bots=names)
    bots = [make_wof_bot(CFG, name, p) for p, name in enumerate(names)]
    inputs = 0
    while not game.is_over:
        bots[game.current_player].act(game)
        game.check_invariants()
        inputs += 1
        assert inputs < 2000
    # The supply (24 cards, 2 per chop) lasts 12 turns, then one more turn each.
    assert not game.table.supply and game.turn_number == 12 + players
    places = game.locations().values()
    assert sum(1 for p in places if p.startswith("player")) >= 2 * players


def test_an_unknown_bot_is_a_user_error_naming_the_choices() -> None:
    with pytest.raises(
        UserError,
        match="bot: unknown bot 'grandmaster' for wok-on-fire; choose from: plan, plan:N, "
        "strong, weak",
    ):
        make_wof_bot(CFG, "grandmaster", 1)


@pytest.mark.slow
def test_simulate_prints_the_table_and_writes_a_replay_per_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(
        [
            "simulate",
            "wok-on-fire",
            "--players",
            "2",
            "--games",
            "2",
            "--seed",
            "3",
            "--bots",
            "strong,weak",
            "--replays",
            str(tmp_path),
            "--no-progress",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0
    for words in (
        "2 games, 2 players",
        "strong",
        "weak",
        "turns per game: mean",
        "stir actions per turn: mean",
        "stirs that flipped a card:",
    ):
        assert words in out
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "wok-on-fire-3.json",
        "wok-on-fire-4.json",
    ]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "9"], "--players must be 1 to 4 for Wok on Fire, not 9"),
        (
            ["--bots", "strong,nobody"],
            "--bots: unknown bot 'nobody' for wok-on-fire; choose from: plan, plan:N, strong, "
            "weak",
        ),
        (["--games", "0"], "--games must be at least 1"),
    ],
)
def test_simulate_bad_arguments_exit_2_with_one_line(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["simulate", "wok-on-fire", "--no-progress", *args])
    err = capsys.readouterr().err
    assert status == 2 and words in err and len(err.strip().splitlines()) == 1


def test_a_strong_bot_facing_only_face_up_cards_flips_one_instead_of_stirring_the_air() -> None:
    """Every card in the wok face up (late in a game, the supply gone): after two stirs that
    flip nothing, the rules keep the step going until a card flips. The strong bot then turns
    a face-up card down within a few stirs; it used to stir beside the wok until the engine's
    60-stir safety cap (8 % of 4-player games; a minute of empty bot stirs in the window)."""
    cfg = CFG
    for seed in (1, 2, 3):
        game = WokOnFireGame(cfg, 2, seed, 0, ("strong", "strong"))
        for card in game.table.wok_cards():  # test fixture: every card turned face up in place
            game.table.place(card.id, card.x, card.y, card.angle, True)
        bot = make_wof_bot(cfg, "strong", seed)
        stirs = 0
        while game.expect is Expect.STIR:
            bot.act(game)
            stirs += 1
        assert stirs <= 6, f"seed {seed}: {stirs} stirs before a card flipped"
        assert game.expect is Expect.PICK
        assert any(not c.face_up for c in game.table.wok_cards()), "a card was turned down"
