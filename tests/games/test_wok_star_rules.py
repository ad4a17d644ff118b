"""Wok Star's rules, one at a time, on positions built through the public API."""

from __future__ import annotations

import pytest
from wok_star_positions import counters, position, quiet, started, with_dice

from wokphysics.games.protocol import IllegalAction
from wokphysics.games.wok_star.cards import WokStarConfig, recipe_of
from wokphysics.games.wok_star.model import PileCard
from wokphysics.games.wok_star.state import WokStarState


def combo_faces(state: WokStarState, prep: str) -> tuple[int, int]:
    combo = state.config.prep_by_id[prep].combo
    return next((a, b) for a in range(1, 7) for b in range(a, 7) if combo.met(a, b))


def test_any_die_makes_one_its_number_two_a_combination_three() -> None:
    state = quiet()
    prep = state.preps_of(0)[0]
    number = state.config.prep_by_id[prep].number
    other = 1 if number != 1 else 2
    a, b = combo_faces(state, prep)
    state = with_dice(state, 0, [number, other, a, b])
    start = state.counters[prep]
    state.apply(state.parse_action(f"place {other} on {prep}"))
    assert state.counters[prep] == start + 1
    state = position(state, turn=0)
    state.apply(state.parse_action(f"place {number} on {prep}"))
    assert state.counters[prep] == start + 3
    state = position(state, turn=0)
    state.apply(state.parse_action(f"combo {a}+{b} on {prep}"))
    assert state.counters[prep] == start + 6
    assert not state.free_dice(0)  # placed dice stay placed until next round


def test_the_upgraded_side_makes_more() -> None:
    state = quiet()
    prep = state.preps_of(0)[0]
    state = position(state, upgraded=[prep])
    number = state.config.prep_by_id[prep].number
    other = 1 if number != 1 else 2
    a, b = combo_faces(state, prep)
    state = with_dice(state, 0, [number, other, a, b])
    start = state.counters[prep]
    for text, made in (
        (f"place {other} on {prep}", 2),
        (f"place {number} on {prep}", 4),
        (f"combo {a}+{b} on {prep}", 5),
    ):
        state = position(state, turn=0)
        before = state.counters[prep]
        state.apply(state.parse_action(text))
        assert state.counters[prep] - before == made
    assert state.counters[prep] == start + 11


def test_an_own_die_goes_only_on_its_seats_preparations_but_may_be_given() -> None:
    # The rulebook: "Only the owner of a Preparation card may put dice on the card. However,
    # players may share their dice." A seat's own die on a teammate's preparation is refused,
    # saying how it gets there; handed over, the teammate places it.
    state = quiet()
    theirs = state.preps_of(1)[0]
    state = with_dice(state, 1, [2])
    state = with_dice(state, 0, [3, 5])
    assert f"place 3 on {theirs}" not in {str(a) for a in state.legal_actions()}
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.parse_action(f"place 3 on {theirs}"))
    assert str(refused.value.reason) == (
        f"{theirs} is seat 2's preparation: your own 3 goes only on your own preparations (a "
        "die you were given goes on any of the team's); hand it over ('give 3 to 2') and "
        "seat 2 places it")
    state.apply(state.parse_action("give 5 to 2"))
    assert any(d.colour == 0 and d.face == 5 and d.holder == 1 and d.given for d in state.dice)
    state = position(state, turn=1)
    legal = {str(a) for a in state.legal_actions()}
    assert f"place 5 on {theirs}" in legal and "give 2 to 1" in legal
    before = state.counters[theirs]
    state.apply(state.parse_action(f"place 5 on {theirs}"))
    assert state.counters[theirs] > before


def test_a_received_die_goes_on_any_of_the_teams_preparations() -> None:
    # rules-decisions.md: "a die given to a teammate may be placed by the receiver on any
    # preparation the team owns, or handed on again". Seat 1's 5 goes to seat 2, who puts
    # it straight on seat 3's preparation (fails before: only seat 3 could), or on seat 1's;
    # seat 2's own 5 still goes only on its own.
    state = quiet(3)
    first, third = state.preps_of(0)[0], state.preps_of(2)[0]
    second = state.preps_of(1)[0]
    state = with_dice(state, 2, [])
    state = with_dice(state, 1, [5])  # seat 2's own 5 too
    state = with_dice(state, 0, [5])
    state.apply(state.parse_action("give 5 to 2"))
    state = position(state, turn=1)
    legal = {str(a) for a in state.legal_actions()}
    assert {f"place 5 on {third}", f"place 5 on {first}", f"place 5 on {second}"} <= legal
    assert {"give 5 to 1", "give 5 to 3"} <= legal  # or handed on again
    before = state.counters[third]
    state.apply(state.parse_action(f"place 5 on {third}"))
    assert state.counters[third] > before
    # the given 5 went on seat 3's card; seat 2's own 5 is left, for its own cards only
    assert [(d.colour, d.given) for d in state.free_dice(1)] == [(1, False)]
    state = position(state, turn=1)
    assert f"place 5 on {third}" not in {str(a) for a in state.legal_actions()}
    assert state.pool == [1, 1, 0]  # the die is still seat 1's: it goes back at Accounting


def test_an_own_die_is_used_first_so_a_given_one_stays_free_for_any_preparation() -> None:
    # Dice are named by face: on the seat's own preparation, and when giving, an own die of
    # that face goes before a given one (which could go anywhere).
    state = quiet(3)
    mine, third = state.preps_of(1)[0], state.preps_of(2)[0]
    state = with_dice(state, 2, [])
    state = with_dice(state, 1, [5, 5])
    state = with_dice(state, 0, [5])
    state.apply(state.parse_action("give 5 to 2"))
    state = position(state, turn=1)
    state.apply(state.parse_action(f"place 5 on {mine}"))
    assert [(d.colour, d.given) for d in state.free_dice(1)] == [(1, False), (0, True)]
    state = position(state, turn=1)
    state.apply(state.parse_action("give 5 to 3"))
    assert [(d.colour, d.given) for d in state.free_dice(1)] == [(0, True)]
    assert [(d.colour, d.given) for d in state.free_dice(2)] == [(1, True)]
    state = position(state, turn=1)
    assert f"place 5 on {third}" in {str(a) for a in state.legal_actions()}


def test_a_combination_on_a_teammates_preparation_takes_two_given_dice() -> None:
    state = quiet(3)
    third = state.preps_of(2)[0]
    low, high = combo_faces(state, third)
    state = with_dice(state, 2, [])
    state = with_dice(state, 1, [low])  # seat 2's own die showing the combination's low
    state = with_dice(state, 0, [low, high])
    state.apply(state.parse_action(f"give {high} to 2"))
    state = position(state, turn=1)
    # one given die and one own: not on seat 3's card
    assert f"combo {low}+{high} on {third}" not in {str(a) for a in state.legal_actions()}
    with pytest.raises(IllegalAction, match=f"your own {low} goes only on your own"):
        state.apply(state.parse_action(f"combo {low}+{high} on {third}"))
    state = position(state, turn=0)
    state.apply(state.parse_action(f"give {low} to 2"))
    state = position(state, turn=1)
    before = state.counters[third]
    state.apply(state.parse_action(f"combo {low}+{high} on {third}"))
    assert state.counters[third] == min(before + state.yields(third)[2],
                                        state.config.rules.ingredient_max)
    assert [(d.colour, d.given) for d in state.free_dice(1)] == [(1, False)]


def test_a_die_handed_back_to_its_colour_is_a_given_die_there() -> None:
    # "a die given to a teammate": seat 2 hands seat 1's 5 back; seat 1 was given it, so it
    # may go on seat 3's preparation.
    state = quiet(3)
    third = state.preps_of(2)[0]
    state = with_dice(state, 2, [])
    state = with_dice(state, 1, [])
    state = with_dice(state, 0, [5])
    state.apply(state.parse_action("give 5 to 2"))
    state = position(state, turn=1)
    state.apply(state.parse_action("give 5 to 1"))
    assert [(d.colour, d.holder, d.given) for d in state.free_dice(0)] == [(0, 0, True)]
    state = position(state, turn=0)
    state.apply(state.parse_action(f"place 5 on {third}"))
    assert not state.free_dice(0)


def _current_customer_state(players: int = 2, timer: bool = False) -> WokStarState:
    for seed in range(50):
        state = (
            started(players, seed, events=False, characters=False)
            if timer
            else quiet(players, seed)
        )
        if "#" in state.current:
            return state
    raise AssertionError("no seed shows a customer first")


def test_serving_spends_one_of_each_ingredient_and_takes_the_card_face_up() -> None:
    state = _current_customer_state()
    card = state.current
    recipe = recipe_of(card)
    owner = state.recipe_owner[recipe]
    ingredients = state.config.recipe_by_id[recipe].ingredients
    state = position(state, counters=counters(state, **dict.fromkeys(ingredients, 2)), turn=owner)
    state.apply(state.parse_action("serve"))
    assert all(state.counters[i] == 1 for i in ingredients)
    assert state.piles[owner] == [PileCard(card, True)]
    assert state.current != card


def test_a_customer_cannot_be_served_with_an_empty_counter() -> None:
    state = _current_customer_state()
    recipe = recipe_of(state.current)
    owner = state.recipe_owner[recipe]
    empty = state.config.recipe_by_id[recipe].ingredients[0]
    state = position(state, counters=counters(state, **{empty: 0}), turn=owner)
    with pytest.raises(IllegalAction, match="at 0"):
        state.apply(state.parse_action("serve"))


def test_turning_away_fills_bad_publicity_and_the_limit_loses() -> None:
    state = quiet(bad_publicity_limit=2)
    turned = 0
    while not state.is_terminal():
        if "#" in state.current:
            state = position(state, turn=state.handler())
            state.apply(state.parse_action("turn away"))
            turned += 1
        else:
            state.apply(state.legal_actions()[-1])
    assert turned == 2 and len(state.bad) == 2
    assert state.lost and state.winners() == [] and state.scores() == [0, 0]


def test_a_late_customer_must_be_served_face_down_and_pays_nothing() -> None:
    state = _current_customer_state(timer=True)
    card = state.current
    recipe = recipe_of(card)
    owner = state.recipe_owner[recipe]
    ingredients = state.config.recipe_by_id[recipe].ingredients
    state = position(state, counters=counters(state, **dict.fromkeys(ingredients, 3)))
    waits = 0
    while not state.overdue:
        assert state.current == card
        wait = state.parse_action("wait")
        if wait not in state.legal_actions():
            break
        state.apply(wait)
        waits += 1
    # 20 seconds of sand at 1 simulated second per wait (2 s shared by 2 players).
    assert state.overdue and waits == 20 and state.now >= state.deadline
    assert state.current_player == owner
    assert [str(a) for a in state.legal_actions()] == ["serve"]
    state.apply(state.parse_action("serve"))
    assert state.piles[owner] == [PileCard(card, False)]


def test_a_late_customer_without_ingredients_is_turned_away() -> None:
    state = _current_customer_state(timer=True)
    recipe = recipe_of(state.current)
    empty = state.config.recipe_by_id[recipe].ingredients[0]
    state = position(state, counters=counters(state, **{empty: 0}), dice=[])
    while not state.overdue:
        state.apply(state.parse_action("wait"))
    assert [str(a) for a in state.legal_actions()] == ["turn away"]


def finish_round(state: WokStarState) -> None:
    """Turn every remaining card away or skip it, then leave leftover dice unused."""
    start = state.round
    while state.round == start and state.phase in ("action", "extra"):
        legal = [str(a) for a in state.legal_actions()]
        for choice in ("done", "next", "turn away", "wait"):
            if choice in legal:
                state.apply(state.parse_action(choice))
                break
        else:
            state.apply(state.legal_actions()[-1])


def serve_everything(state: WokStarState) -> tuple[WokStarState, list[tuple[int, str]]]:
    """Serve every customer of the round (counters topped up first); returns the state and
    who took what."""
    taken: list[tuple[int, str]] = []
    start = state.round
    full = state.config.rules.ingredient_max
    while state.round == start and state.phase == "action":
        card = state.current
        if "#" in card:
            state = position(
                state, counters=dict.fromkeys(state.counters, full), turn=state.handler()
            )
            state.apply(state.parse_action("serve"))
            taken.append((state.recipe_owner[recipe_of(card)], card))
        else:
            state.apply(state.legal_actions()[-1])
    return state, taken


def test_accounting_pays_face_up_customers_grows_pools_and_rebuilds_the_deck() -> None:
    for seed in range(6):
        state = quiet(2, seed)
        pools = list(state.pool)
        potential = len(state.potential)
        state, taken = serve_everything(state)
        finish_round(state)
        assert state.phase == "purchase"
        dollars = sum(state.config.customer_dollars[c] for _, c in taken)
        assert state.incomes == [dollars] and state.money == dollars
        for seat in range(2):
            count = sum(1 for s, _ in taken if s == seat)
            assert state.pool[seat] == max(pools[seat], count)
        # The taken customers make the next deck, plus one word-of-mouth customer.
        assert sorted(c for _, c in taken if c in state.deck) == sorted(c for _, c in taken)
        assert len(state.deck) == len(taken) + 1
        assert len(state.potential) == potential - 1
        assert not any(state.piles)
        state.check_invariants()


def test_no_word_of_mouth_after_a_turn_away() -> None:
    state = quiet(2, 1)
    potential = len(state.potential)
    finish_round(state)  # turns everyone away
    assert state.phase == "purchase"
    assert state.deck == [] and len(state.potential) == potential
    assert state.incomes == [0]


def test_purchases_recipe_upgrade_and_advertising() -> None:
    state, _ = serve_everything(quiet(2, 2, bad_publicity_limit=40))
    finish_round(state)
    assert state.phase == "purchase"
    state = position(state, money=30)
    track = state.config.purchase_track
    new = next(r for r in state.config.recipes if r.id not in state.recipe_owner)
    deck_before = len(state.deck)
    potential_before = len(state.potential)
    state.apply(state.parse_action(f"buy {new.id} for 2"))
    assert state.money == 30 - track.recipe_base[0] - new.cost
    assert state.recipe_owner[new.id] == 1
    assert len(state.deck) == deck_before + 2
    assert len(state.potential) == potential_before + 2
    while state.phase == "purchase_assign":
        prep = state.pending_assign[0]
        state.apply(state.parse_action(f"assign {prep} to 1"))
        assert state.prep_owner[prep] == 0 and state.counters[prep] == 0
    money = state.money
    prep = next(p for p in state.prep_owner if p not in state.upgraded)
    state.apply(state.parse_action(f"upgrade {prep}"))
    assert prep in state.upgraded and state.money == money - track.upgrade[0]
    money = state.money
    state.apply(state.parse_action("advertise"))
    assert state.money == money - track.advertising[0]
    assert len(state.deck) == deck_before + 3
    state.check_invariants()
    state.apply(state.parse_action("done"))
    assert state.round == 2 and state.phase == "action"


def test_purchases_are_refused_when_the_team_cannot_afford_them() -> None:
    state = quiet(2, 2)
    finish_round(state)
    state = position(state, money=1)
    # Round 1's base recipe cost is $0, so only the $0 recipes are still affordable.
    free = sorted(
        r.id for r in state.config.recipes if r.cost == 0 and r.id not in state.recipe_owner
    )
    legal = {str(a) for a in state.legal_actions()}
    assert legal == {f"buy {r} for {s}" for r in free for s in (1, 2)} | {"done"}
    with pytest.raises(IllegalAction):
        state.apply(state.parse_action("advertise"))


@pytest.mark.parametrize("difficulty", ["easy", "normal", "hard"])
def test_the_sixth_rounds_income_against_the_loan(difficulty: str) -> None:
    state = quiet(2, 4, difficulty=difficulty, bad_publicity_limit=40)
    assert state.loan() == {"easy": 35, "normal": 40, "hard": 45}[difficulty]
    state = position(state, money=99, round=6)  # money from earlier rounds does not count
    state, taken = serve_everything(state)
    income = sum(state.config.customer_dollars[c] for _, c in taken)
    # A loan table where this income pays Easy and Normal exactly or more, but not Hard.
    data = state.config.model_dump(mode="json")
    data["loan"] = {"easy": [income - 1] * 4, "normal": [income] * 4, "hard": [income + 1] * 4}
    state = position(state, config=WokStarConfig.model_validate(data))
    finish_round(state)
    assert state.is_terminal() and state.final_income == income
    assert state.scores() == [income, income]
    assert state.won() == (difficulty != "hard")
    assert state.winners() == ([] if difficulty == "hard" else [0, 1])
