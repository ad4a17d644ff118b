"""Wok and Roll rules on the turn engine, Simple and Expert Menus: the market, cooking from
shared dice, the Fridge, dishes and platters, rows, skills, locks, Chef's Hats, the Pantry,
the end of the game and what players see."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from wok_and_roll_dice import with_dice

from wokphysics.games.protocol import Action, GameState, IllegalAction
from wokphysics.games.registry import new_game
from wokphysics.games.wok_and_roll.actions import Cook, DoneCooking, Reroll
from wokphysics.games.wok_and_roll.factory import new_state
from wokphysics.games.wok_and_roll.state import WokAndRollState


def cooking(
    dice: str,
    players: int = 3,
    expert: bool = False,
    setup: Callable[[WokAndRollState], None] | None = None,
    config: dict[str, object] | None = None,
) -> WokAndRollState:
    """A new game whose first roll is ``dice`` (4 white, then 2 red), locked in."""
    options: dict[str, object] = dict(config or {})
    if expert:
        options["expert"] = True
    state = new_state(players, seed=11, config=options)
    if setup:
        setup(state)
    state = with_dice(state, [state.sheet.codes.index(c) for c in dice])
    state.apply(state.parse_action("lock"))
    return state


def texts(state: WokAndRollState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def act(state: WokAndRollState, text: str) -> None:
    state.apply(state.parse_action(text))


def test_roller_rerolls_at_most_twice_and_only_the_chosen_dice_change() -> None:
    state = new_state(3, seed=5)
    assert state.phase == "roll" and state.current_player == 0
    before = list(state.dice)
    first = next(a for a in state.legal_actions() if isinstance(a, Reroll) and a.dice == (0,))
    state.apply(first)
    assert state.dice[1:] == before[1:]
    assert any(isinstance(a, Reroll) for a in state.legal_actions())
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Reroll)))
    # the third roll locks the dice by itself: no more re-rolls this turn
    assert state.phase != "roll" or state.turn == 2
    assert state.turn == 2 or not any(isinstance(a, Reroll) for a in state.legal_actions())


def test_reroll_of_an_equal_die_reads_as_the_first_of_its_colour() -> None:
    state = new_state(2, seed=1)
    state = with_dice(state, [0, 0, 1, 2, 0, 3])
    assert str(state.parse_action("reroll 2")) == "reroll 1"
    assert str(state.parse_action("reroll 5")) == "reroll 5", "a red Rice is not a white Rice"
    legal = texts(state)
    assert "reroll 1" in legal and "reroll 2" not in legal and "reroll 1 2" in legal


def test_roller_cooks_with_all_six_dice_the_others_with_the_white_only() -> None:
    state = cooking("RRNN" + "SS")
    assert state.current_player == 0
    assert "cook S1.1 S=die S=die" in texts(state)
    act(state, "done")
    assert state.current_player == 1
    assert not any("S=die" in t for t in texts(state)), "red dice are the roller's alone"
    assert "cook R1.1 R=die R=die" in texts(state)


def test_each_player_uses_each_die_once_but_independently_of_the_others() -> None:
    state = cooking("RRVM" + "NB")
    act(state, "cook R1.1 R=die R=die")
    assert state.current_player == 0
    assert not any(t.startswith("cook R2.1") and "R=die" in t for t in texts(state))
    act(state, "done")
    assert "cook R2.1 R=die R=die" in texts(state), "player 2 still has both white Rice"


def test_dishes_are_crossed_top_to_bottom_platters_in_any_order() -> None:
    state = cooking("RRSS" + "VV")
    legal = texts(state)
    assert "cook R1.1 R=die R=die" in legal
    assert not any(t.startswith("cook R1.2") for t in legal)
    assert "cook S1.2 V=die S=die" in legal, "a platter's second serving first is fine"
    with pytest.raises(IllegalAction, match="not the next serving"):
        act(state, "cook R1.2 R=die S=die")


def test_fridge_seafood_is_gone_after_use() -> None:
    state = cooking("RRNN" + "SB", players=1)
    act(state, "cook S1.1 S=die S=fridge")
    menu = state.menus[0]
    assert menu.fridge_used == 1 << state.sheet.fridge.index(4)
    assert not any("S=fridge" in t for t in texts(state))
    # many turns later the Fridge Seafood is still crossed off
    while state.turn < 3:
        state.apply(state.legal_actions()[-1])
    assert state.menus[0].fridge_used >> state.sheet.fridge.index(4) & 1
    assert state.phase == "over" or not any("S=fridge" in t for t in texts(state))


def test_fridge_items_may_all_be_used_in_one_turn() -> None:
    state = cooking("NNNN" + "NN", players=1)
    act(state, "cook V1.2 R=fridge V=fridge")
    act(state, "cook M1.3 N=die M=fridge")
    assert state.menus[0].fridge_used.bit_count() == 3
    assert "cook S2.3 N=die S=fridge" in texts(state), "a fourth Fridge item, same turn"


def test_completing_a_row_circles_an_ingredient_usable_at_once() -> None:
    state = cooking("VVMM" + "RN", players=1)
    act(state, "cook V1.1 V=die V=die")
    act(state, "cook M1.1 M=die M=die")
    menu = state.menus[0]
    assert menu.circled == 0b1, "row 1 (V1.1 + M1.1) circles its Rice"
    assert "cook R1.1 R=die R=circle" in texts(state)
    act(state, "cook R1.1 R=circle R=die")
    assert menu.circle_used == 0b1
    assert not any("=circle" in t for t in texts(state))


def test_two_recipe_books_buy_a_conversion_used_the_same_turn_one_book_one_ingredient() -> None:
    state = cooking("BBBN" + "RS", players=1)
    assert "convert N using die+die" in texts(state)
    assert "convert N using die+fridge" in texts(state)
    act(state, "convert N using die+die")
    legal = texts(state)
    assert "cook N1.1 N=die N=die-book" in legal
    assert "cook N1.1 N=die-book N=fridge-book" in legal, "the Fridge Book converts too"
    assert "cook N1.1 N=die-book N=die-book" not in legal, "only one Book die is left"
    act(state, "cook N1.1 N=die N=die-book")
    assert state.menus[0].dice_used == 0b1111


def test_three_books_outline_an_end_game_rectangle() -> None:
    state = cooking("BBBR" + "RS", players=1)
    act(state, "rectangle rice using die+die+die")
    menu = state.menus[0]
    assert menu.rectangles == 1 << 1
    act(state, "cook R1.1 R=die R=die")
    assert menu.section_scores(state.sheet)["skills_and_fridge"] == 6 + 1


def test_legal_actions_are_canonical_and_lead_to_distinct_states() -> None:
    state = cooking("RRBB" + "RS", players=2)
    act(state, "convert R using die+die")
    legal = state.legal_actions()
    outcomes = set()
    for action in legal:
        copy = state.clone()
        copy.apply(action)
        data = copy.to_dict()
        del data["history"]
        outcomes.add(str(sorted(data.items())))
    assert len(outcomes) == len(legal), "two listed actions had the same effect"


def test_the_game_ends_at_the_end_of_the_turn_of_the_third_completed_dish() -> None:
    def almost(state: WokAndRollState) -> None:
        sheet = state.sheet
        menu = state.menus[1]
        for sid in ("R1.1", "R1.2", "R1.3", "R1.4", "N1.1", "N1.2", "N1.3", "N1.4"):
            menu.cross(sheet, sheet.by_id[sid])
        for sid in ("S1.1", "S1.2"):
            menu.cross(sheet, sheet.by_id[sid])

    state = cooking("SSVR" + "MM", players=3, setup=almost)
    act(state, "done")
    assert state.current_player == 1
    act(state, "cook S1.3 V=die S=die S=die")
    assert state.completed()[1] == 3 and not state.is_terminal()
    assert state.ending
    act(state, "done")
    assert state.current_player == 2, "the others still cook this turn"
    act(state, "cook S1.1 S=die S=die")
    while not state.is_terminal():
        act(state, "done")
    assert state.turn == 1 and state.legal_actions() == []
    assert state.winners() == [1]


def test_others_crossings_stay_hidden_until_the_turn_ends() -> None:
    state = cooking("RRNN" + "SS", players=2)
    act(state, "cook R1.1 R=die R=die")
    act(state, "done")
    assert state.current_player == 1
    seen_by_2 = state.observation(1)["menus"][0]
    assert seen_by_2["crossed"] == 0
    assert state.observation(0)["menus"][0]["crossed"] != 0
    act(state, "cook R1.1 R=die R=die")
    act(state, "done")
    assert state.observation(1)["menus"][0]["crossed"] != 0


def test_longer_game_option_needs_five_dishes() -> None:
    state = new_state(2, seed=1, config={"expert": True, "dishes_to_end": 5})
    assert state.sheet.dishes_to_end == 5 and state.sheet.expert
    assert new_state(2, seed=1, config={"expert": True}).sheet.dishes_to_end == 3


# ------------------------------------------------------------------------------ Expert


def test_expert_deals_distinct_house_specials_and_starts_with_two_chefs_hats() -> None:
    state = new_state(5, seed=4, config={"expert": True})
    tiles = [m.hs_tile for m in state.menus]
    assert len(set(tiles)) == 5 and all(0 <= t < 8 for t in tiles)
    assert all(m.hats == 2 for m in state.menus)
    assert len(state.sheet.tiles) == 8


def test_expert_locks_open_with_two_books_or_a_recipe_for_negative_points() -> None:
    state = cooking("RRBB" + "NN", players=1, expert=True)
    legal = texts(state)
    assert not any(t.startswith("cook R2.1") for t in legal), "R2 is locked from serving 1"
    assert "unlock R2 using die+die" in legal and "unlock R2 using recipe" in legal
    act(state, "unlock R2 using die+die")
    assert "cook R2.1 R=die R=die" in texts(state)
    act(state, "unlock N2 using recipe")
    assert state.menus[0].section_scores(state.sheet)["recipes"] == -2
    assert "cook N2.1 N=die N=die" in texts(state)


def test_expert_lock_midway_stops_a_dish() -> None:
    def two_done(state: WokAndRollState) -> None:
        for sid in ("R1.1", "R1.2"):
            state.menus[0].cross(state.sheet, state.sheet.by_id[sid])

    state = cooking("RRVV" + "RV", players=1, expert=True, setup=two_done)
    assert not any(t.startswith("cook R1.3") for t in texts(state))


def test_expert_fridge_limited_by_chefs_hats_earned_from_the_house_special() -> None:
    def two_used(state: WokAndRollState) -> None:
        menu = state.menus[0]
        menu.hs_tile = next(t.index for t in state.sheet.tiles if t.tid == "yangzhou-rice")
        menu.hats_used = 2  # both Chef's Hat ingredients used

    state = cooking("RRRR" + "RM", players=1, expert=True, setup=two_used)
    menu = state.menus[0]
    assert not any("=fridge" in t for t in texts(state)), "no Chef's Hat left"
    act(state, "cook HS.1 R=die R=die")
    assert menu.hats == 2
    act(state, "cook HS.2 R=die R=die M=die")
    assert menu.hats == 3, "the second House Special serving earns a Chef's Hat"
    assert any("=fridge" in t for t in texts(state)), "one more Fridge item may be used"
    assert not any(t.count("=fridge") > 1 for t in texts(state)), "only one more"


def test_expert_pantry_is_circled_top_to_bottom_and_usable() -> None:
    state = cooking("RRNV" + "SS", players=1, expert=True)
    act(state, "cook R1.1 R=die R=die")  # pantry: Vegetable
    menu = state.menus[0]
    assert menu.pantry_circled == [0, 0, 1, 0, 0]
    assert "cook S1.3 V=pantry S=die S=die" in texts(state)
    act(state, "cook S1.3 V=pantry S=die S=die")
    assert menu.pantry_used == [0, 0, 1, 0, 0]
    assert menu.pantry_circled == [0, 0, 2, 0, 0], "S1.3 circles the next Vegetable space"
    assert menu.section_scores(state.sheet)["pantry"] == 1 + 2


def test_house_special_does_not_end_the_expert_game() -> None:
    def hs_nearly(state: WokAndRollState) -> None:
        menu = state.menus[0]
        menu.hs_tile = next(t.index for t in state.sheet.tiles if t.tid == "yangzhou-rice")
        menu.hs_done = 3

    state = cooking("RRMS" + "RR", players=1, expert=True, setup=hs_nearly)
    act(state, "cook HS.4 R=die R=die M=die S=die")
    assert state.menus[0].hs_done == 4 and not state.ending


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    state = cooking("RRNN" + "SS", players=2)
    before = state.to_json()
    for text, reason in (
        ("reroll 1", "locked in"),
        ("cook Q9.1 R=die R=die", "no serving Q9.1"),
        ("cook R1.1 R=die S=die", "R1.1 needs RR"),
        ("cook V1.1 V=die V=die", "not available"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            act(state, text)
        assert state.to_json() == before
    bogus: Action = Cook("R1.1", ((0, 8), (0, 8)), state.sheet.codes)  # a Fridge Rice, twice
    with pytest.raises(IllegalAction):
        state.apply(bogus)
    assert DoneCooking() in state.legal_actions()


@pytest.mark.parametrize("expert", [False, True])
def test_along_random_games_every_listed_action_has_its_own_effect(expert: bool) -> None:
    """Canonical payments: no two legal actions of a cooking step lead to the same state."""
    import random

    checked = 0
    for seed in range(12):
        state = new_state(3, seed, {"expert": expert})
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if state.phase == "cook" and rng.random() < 0.3:
                outcomes = set()
                for action in legal:
                    copy = state.clone()
                    copy.apply(action)
                    data = copy.to_dict()
                    del data["history"]
                    outcomes.add(str(sorted(data.items())))
                assert len(outcomes) == len(legal), [str(a) for a in legal]
                checked += 1
            state.apply(rng.choice(legal))
    assert checked > 50


def test_invariants_catch_a_lost_crossing_a_bad_die_and_fridge_overuse() -> None:
    from wokphysics.games.protocol import InvariantViolation

    state = cooking("RRNN" + "SS", players=2)
    state.check_invariants()
    act(state, "cook R1.1 R=die R=die")
    state.check_invariants()
    state.menus[0].crossed = 0
    with pytest.raises(InvariantViolation, match="lost a crossing"):
        state.check_invariants()

    state = cooking("RRNN" + "SS", players=2)
    state.dice[2] = 6
    with pytest.raises(InvariantViolation, match="dice out of range"):
        state.check_invariants()

    expert = cooking("RRNN" + "SS", players=1, expert=True)
    expert.menus[0].hats_used = 3  # three Chef's Hat ingredients with two Chef's Hats
    with pytest.raises(InvariantViolation, match="Chef's Hats"):
        expert.check_invariants()

    skipped = cooking("RRNN" + "SS", players=1)
    skipped.menus[0].crossed = 1 << skipped.sheet.by_id["R1.2"].index  # R1.2 before R1.1
    with pytest.raises(InvariantViolation, match="top to bottom"):
        skipped.check_invariants()


@pytest.mark.parametrize("options", [{"expert": True}, {"expert": True, "dishes_to_end": 5}])
def test_expert_random_playouts_keep_the_protocol(options: dict[str, object]) -> None:
    """The generic conformance test plays the default (Simple) menu; the same checks here for
    the Expert Menu: invariants, texts, copies, JSON, replay from seed and history."""
    import random

    from wokphysics.games.registry import state_from_json

    for players in range(1, 6):
        for game in range(4):
            seed = 100 * players + game
            state = new_state(players, seed, options)
            rng = random.Random(seed)
            steps = 0
            while not state.is_terminal():
                state.check_invariants()
                legal = state.legal_actions()
                assert len(set(legal)) == len(legal)
                for action in legal:
                    assert state.parse_action(str(action)) == action
                if steps % 11 == 0:
                    copy = state_from_json(state.to_json())
                    assert copy == state and copy.clone() == state
                state.apply(rng.choice(legal))
                steps += 1
                assert steps < 5_000
            state.check_invariants()
            replay = new_state(players, seed, options)
            for action in state.history:
                replay.apply(replay.parse_action(str(action)))
            assert replay == state
            assert state.completed() and max(state.completed()) >= state.sheet.dishes_to_end


def test_expert_fridge_is_two_chefs_hat_ingredients_of_any_kind_not_the_simple_six() -> None:
    state = cooking("RRNN" + "SB", players=1, expert=True)
    sheet, menu = state.sheet, state.menus[0]
    assert sheet.fridge == () and menu.hats == 2 and menu.fridge_allowance(sheet) == 2
    # a new Expert menu scores 2 (two unused hat ingredients), a Simple one 6 (six items)
    assert new_state(1, 1, {"expert": True}).scores() == [2]
    assert new_state(1, 1).scores() == [6]
    legal = texts(state)
    # a hat can be any ingredient: Meat or Vegetable though no die shows one
    assert "cook V1.1 V=fridge V=fridge" in legal
    assert "cook M1.1 M=fridge M=fridge" in legal
    assert not any(t.count("=fridge") > 2 for t in legal)
    assert not any("fridge-book" in t for t in legal), "a hat is the food itself, not a Book"
    act(state, "cook M1.1 M=fridge M=fridge")
    assert menu.hats_used == 2 and menu.fridge_allowance(sheet) == 0
    assert not any("=fridge" in t for t in texts(state)), "both hat ingredients are used"
    assert menu.section_scores(sheet)["skills_and_fridge"] == 0


def test_expert_chefs_hat_may_be_a_recipe_book() -> None:
    state = cooking("RRNN" + "SB", players=1, expert=True)
    assert "unlock R2 using die+fridge" in texts(state)
    act(state, "unlock R2 using die+fridge")
    assert state.menus[0].hats_used == 1


@pytest.mark.parametrize("counts", [False, True])
def test_house_special_counts_for_a_food_rectangle_only_with_the_rules_option(
    counts: bool, tmp_path: Path
) -> None:
    path = tmp_path / "hs.toml"
    path.write_text(f"[rules]\nhouse_special_in_rectangles = {str(counts).lower()}\n")
    state = new_state(1, 2, config={"path": str(path), "expert": True})
    sheet, menu = state.sheet, state.menus[0]
    tile = sheet.tiles[menu.hs_tile]
    rect = next(r for r in sheet.rectangles if r.per == tile.food)
    menu.rectangles = 1 << rect.index
    before = menu.section_scores(sheet)["skills_and_fridge"]
    menu.cross(sheet, tile.servings[0])
    after = menu.section_scores(sheet)["skills_and_fridge"]
    assert after - before == (rect.points if counts else 0)


@pytest.mark.parametrize("counts", [False, True])
def test_completing_the_house_special_ends_the_game_only_with_the_rules_option(
    counts: bool, tmp_path: Path
) -> None:
    path = tmp_path / "hs.toml"
    path.write_text(f"[rules]\nhouse_special_ends_game = {str(counts).lower()}\n")
    state = new_state(1, 2, config={"path": str(path), "expert": True, "dishes_to_end": 1})
    sheet, menu = state.sheet, state.menus[0]
    tile = sheet.tiles[menu.hs_tile]
    for serving in tile.servings:
        menu.cross(sheet, serving)
    assert menu.completed(sheet) == (1 if counts else 0)


def test_a_refused_unlock_says_why() -> None:
    """'unlock R2 using recipe' was refused with "not enough Recipe Books, or done already",
    though a Recipe needs no Book (seen at the terminal)."""
    simple = new_game("wok-and-roll", 2, 5)
    simple.apply(simple.parse_action("lock"))
    expert = new_game("wok-and-roll", 2, 5, {"expert": True})
    expert.apply(expert.parse_action("lock"))

    def refusal(state: GameState, text: str) -> str:
        with pytest.raises(IllegalAction) as caught:
            state.check_legal(state.parse_action(text))
        return caught.value.reason

    assert refusal(simple, "unlock R2 using recipe") == "R2 has no lock"
    assert refusal(expert, "unlock V1 using recipe") == "V1 has no lock"
    expert.apply(expert.parse_action("unlock R2 using recipe"))
    assert refusal(expert, "unlock R2 using recipe") == "R2 is unlocked already"
    expert.apply(expert.parse_action("unlock R1 using recipe"))
    expert.apply(expert.parse_action("unlock N1 using recipe"))
    assert refusal(expert, "unlock S2 using recipe") == "every Recipe is crossed off already"


def test_a_refused_conversion_or_rectangle_says_why() -> None:
    """Both were refused with "not enough Recipe Books, or done already" whatever the reason
    (a skill held already, too few Books named, Books not on hand)."""
    state = new_game("wok-and-roll", 2, 5)
    state.apply(state.parse_action("lock"))  # two dice and the Fridge show Recipe Books

    def refusal(text: str) -> str:
        with pytest.raises(IllegalAction) as caught:
            state.check_legal(state.parse_action(text))
        return caught.value.reason

    assert refusal("convert V using die") == "a conversion skill takes 2 Recipe Books, not 1"
    assert refusal("convert V using circle+circle") == (
        "a conversion skill takes 2 Recipe Books; 'convert V using circle+circle' names "
        "Books you do not have now")
    assert refusal("rectangle rice using die+die") == (
        "a bonus rectangle takes 3 Recipe Books, not 2")
    assert refusal("rectangle rice using circle+circle+circle").startswith(
        "a bonus rectangle takes 3 Recipe Books; 'rectangle rice using circle+circle+circle'")
    assert refusal("rectangle pasta using die+die+fridge") == (
        "there is no bonus rectangle 'pasta' on this menu "
        "(skills, rice, noodle, vegetable, meat, seafood)")
    state.apply(state.parse_action("convert V using die+fridge"))
    assert refusal("convert V using die+die") == "you have the Vegetable conversion skill already"
    data = state.to_dict()
    data["menus"][state.current_player]["rectangles"] = 1 << 1  # the rice rectangle, gained
    held = WokAndRollState.from_dict(data)
    with pytest.raises(IllegalAction, match="^you have the rice rectangle already$"):
        held.check_legal(held.parse_action("rectangle rice using die+die+die"))
