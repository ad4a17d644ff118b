"""Which cards may be picked up: the game's rule over the table's geometry (hand-built
layouts with known answers)."""

from __future__ import annotations

from wof_engine_helpers import CFG, clear_wok, put, quick_cfg

from wokphysics.games.wok_on_fire.engine import WokOnFireGame

WIDTH = CFG.physics.card.width_mm
HALF_WOK = CFG.physics.wok.width_mm / 2.0


def _bare(**rules: object) -> WokOnFireGame:
    game = WokOnFireGame(quick_cfg(**rules), 2, seed=11)
    clear_wok(game)
    return game


def test_a_fully_covered_card_is_not_viable_and_says_why() -> None:
    game = _bare()
    chicken = put(game, "chicken", 0.0, 0.0)
    broccoli = put(game, "broccoli", 0.0, 0.0)
    assert game.viable_cards() == [broccoli]
    assert game.why_not_viable(chicken) == f"the centre circle of card {chicken} is covered"
    assert game.why_not_viable(broccoli) is None


def test_half_a_circle_and_two_dots_are_enough() -> None:
    game = _bare()
    chicken = put(game, "chicken", 0.0, 0.0)
    put(game, "broccoli", WIDTH / 2.0, 0.0, face_up=False)
    assert chicken in game.viable_cards()


def test_a_face_down_card_is_never_viable() -> None:
    game = _bare()
    chicken = put(game, "chicken", 0.0, 0.0, angle=0.3, face_up=False)
    assert game.viable_cards() == []
    assert game.why_not_viable(chicken) == f"card {chicken} is face down"


def test_a_card_across_the_wok_edge_is_falling_out_and_not_viable() -> None:
    game = _bare()
    broccoli = put(game, "broccoli", HALF_WOK - 10.0, 0.0)
    assert game.viable_cards() == []
    assert game.why_not_viable(broccoli) == f"card {broccoli} is falling out of the wok"


def test_green_pepper_falling_out_is_still_viable() -> None:
    game = _bare()
    pepper = put(game, "green_pepper", HALF_WOK - 10.0, 0.0)
    assert game.viable_cards() == [pepper]


def test_green_pepper_exception_is_a_rules_option() -> None:
    game = _bare(green_pepper_viable_falling_out=False)
    pepper = put(game, "green_pepper", HALF_WOK - 10.0, 0.0)
    assert game.viable_cards() == []
    assert game.why_not_viable(pepper) == f"card {pepper} is falling out of the wok"
