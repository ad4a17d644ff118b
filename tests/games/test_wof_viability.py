"""Which cards may be picked up: the game's rule over the table's geometry (hand-built
layouts with known answers)."""

from __future__ import annotations

import pytest
from wof_engine_helpers import CFG, clear_wok, put, quick_cfg, stir_to_picks

from wokphysics.errors import IllegalAction
from wokphysics.games.wok_on_fire.engine import Expect, Pick, WokOnFireGame

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


# ----------------------------------------------------------------------------- the wok's edge
# A card at x = 420 mm lies wholly outside the 610 mm wok (420 - 31.75 > 305) but on the
# 1100 mm table: out of the wok, yet not on the floor.
OUT_X = 420.0


def test_a_pork_wholly_outside_the_wok_is_neither_offered_nor_forced() -> None:
    game = _bare()
    pork = put(game, "pork", OUT_X, 0.0)
    onion = put(game, "onion", 0.0, 0.0)
    seen = game.table.visibility()[pork]
    assert seen.outside and not seen.falling_out and seen.circle_fraction == 1.0
    assert game.viable_cards() == [onion]
    assert game.why_not_viable(pork) == f"card {pork} is out of the wok"
    stir_to_picks(game)
    legal = game.legal_picks()
    assert legal.all_viable == (onion,) and legal.viable == (onion,) and legal.min_picks == 1
    assert game.check_pick([pork]) == f"card {pork} is out of the wok"
    with pytest.raises(IllegalAction, match="out of the wok"):
        game.pick([pork])
    game.pick([onion])
    assert game.pile(0) == (onion,)


def test_a_lone_pork_outside_the_wok_leaves_nothing_to_pick() -> None:
    game = _bare()
    put(game, "pork", OUT_X, 0.0)
    stir_to_picks(game)
    assert game.expect is Expect.CHOP  # the pick step is skipped: nothing is in the wok
    assert game.pile(0) == ()


def test_a_green_pepper_fallen_out_onto_the_table_is_viable_and_picked_first() -> None:
    game = _bare()
    pepper = put(game, "green_pepper", OUT_X, 0.0)
    pork = put(game, "pork", 0.0, 0.0)
    shrimp = put(game, "shrimp", 0.0, 150.0)
    assert game.table.visibility()[pepper].outside
    stir_to_picks(game)
    assert game.legal_picks().viable == (pepper,)
    with pytest.raises(IllegalAction, match="Green Pepper is viable"):
        game.pick([pork, shrimp])
    game.pick([pepper, pork])
    assert game.pile(0) == (pepper, pork)


def test_the_green_pepper_outside_needs_its_circle_and_a_dot_and_its_face() -> None:
    game = _bare()
    down = put(game, "green_pepper", OUT_X, 0.0, face_up=False)
    covered = put(game, "green_pepper", -OUT_X, 0.0)
    put(game, "pork", -OUT_X, 0.0, face_up=False)  # lies on it, hiding circle and dots
    assert game.viable_cards() == []
    assert game.why_not_viable(down) == f"card {down} is face down"
    assert game.why_not_viable(covered) == f"the centre circle of card {covered} is covered"


def test_the_green_pepper_outside_follows_the_rules_option() -> None:
    game = _bare(green_pepper_viable_falling_out=False)
    pepper = put(game, "green_pepper", OUT_X, 0.0)
    assert game.viable_cards() == []
    assert game.why_not_viable(pepper) == f"card {pepper} is out of the wok"


def test_a_card_outside_the_wok_cannot_be_claimed_blind() -> None:
    game = _bare()
    # The Onion's edge lies 15 mm left of the Pork's centre: the Pork's circle is hidden and
    # its left corners show, outside the wok and inside it.
    outside = put(game, "pork", OUT_X, 0.0)
    put(game, "onion", OUT_X + WIDTH / 2.0 - 15.0, 0.0)
    inside = put(game, "chicken", 0.0, 0.0)
    put(game, "onion", WIDTH / 2.0 - 15.0, 0.0)
    stir_to_picks(game)
    legal = game.legal_picks()
    assert legal.blind == (inside,)
    assert game.check_pick([Pick(outside, True)]) == f"card {outside} is out of the wok"


def test_a_card_on_the_floor_is_never_viable_not_even_a_green_pepper() -> None:
    game = _bare()
    pepper = put(game, "green_pepper", 600.0, 0.0)  # beyond the 1100 mm table's edge
    put(game, "onion", 0.0, 0.0)
    stir_to_picks(game)  # the stirs settle the table: the pepper falls to the floor
    assert game.locations()[pepper] == "floor"
    assert pepper not in game.viable_cards()
    assert game.why_not_viable(pepper) == f"card {pepper} is not lying in the wok"


def test_a_visible_sliver_of_one_percent_of_the_circle_counts() -> None:
    game = _bare()
    pork = put(game, "pork", 0.0, 0.0)
    radius = CFG.physics.card.circle_diameter_fraction * WIDTH / 2.0
    # A cover whose left edge leaves a 0.834 mm high segment of the circle: 1 % of its area.
    put(game, "onion", -radius + 0.834 + WIDTH / 2.0, 0.0, face_up=False)
    seen = game.table.visibility()[pork]
    assert 0.008 < seen.circle_fraction < 0.012
    assert seen.circle_area_mm2 >= CFG.physics.visibility.circle_min_area_mm2
    assert seen.circle_visible
    assert game.viable_cards() == [pork]
