"""Wok Star's rules decisions (shared/rules-decisions.md) and the fixes of issue 13, as a
player at the table would notice them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wok_star_positions import config, counters, position, quiet, started

from wokphysics.errors import ActionParseError
from wokphysics.games.protocol import IllegalAction
from wokphysics.games.wok_star.actions import Assign
from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.factory import new_wok_star
from wokphysics.games.wok_star.model import Die, DieStatus, FamilyCard, Phase, PileCard
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.team_bot import TeamBot
from wokphysics.terminal.wok_star.play import expand, play_live
from wokphysics.terminal.wok_star.render import render


def customer_first(seed_from: int = 0, **options: bool) -> WokStarState:
    """A 2-player game in round 1 whose first card is a customer of a 3-ingredient recipe."""
    for seed in range(seed_from, seed_from + 200):
        state = started(2, seed, events=False, characters=False, **options)
        card = state.current
        if "#" in card and len(state.config.recipe_by_id[recipe_of(card)].ingredients) == 3:
            return state
    raise AssertionError("no seed shows such a customer first")


def wait_until_overdue(state: WokStarState) -> WokStarState:
    while not state.overdue:
        state.apply(state.parse_action("wait"))
    return state


# ---------------------------------------------------------------------- late customers
def test_a_late_customer_the_team_can_still_complete_is_completed_and_served_face_down() -> None:
    state = customer_first()
    card = state.current
    recipe = recipe_of(card)
    ingredients = state.config.recipe_by_id[recipe].ingredients
    # Every ingredient at 0, and the team holds 1 5 5 6 (seat 1's own dice, giveable).
    state = position(
        state,
        counters=counters(state, **dict.fromkeys(ingredients, 0)),
        dice=[Die(0, face, 0) for face in (1, 5, 5, 6)],
        pool=[4, state.pool[1]],
        characters=[[], []],
    )
    state = wait_until_overdue(state)
    assert state.current == card and state.overdue
    legal = [str(a) for a in state.legal_actions()]
    assert "turn away" not in legal and legal, legal
    with pytest.raises(IllegalAction, match="finish the order") as refused:
        state.apply(state.parse_action("turn away"))
    # named as on the table and in the late notice ('Onions & Peppers'), not by ids
    names = [state.config.prep_by_id[i].name for i in ingredients]
    dish = state.config.recipe_by_id[recipe].name
    assert str(refused.value.reason) == (
        f"the customer's timer ran out, but the dice the team holds can still make "
        f"{', '.join(names)}: finish the order (place or give dice), then serve it face down")
    assert dish and all(name not in ingredients for name in names)
    steps = 0
    while state.current == card:
        legal = [str(a) for a in state.legal_actions()]
        assert "turn away" not in legal and "wait" not in legal
        state.apply(state.legal_actions()[0])
        steps += 1
        assert steps <= 8
    owner = state.recipe_owner[recipe]
    assert state.piles[owner] == [PileCard(card, False)]  # served face down, pays nothing
    assert state.bad == []


def test_a_late_customer_whose_missing_ingredients_lack_dice_is_turned_away() -> None:
    state = customer_first()
    ingredients = state.config.recipe_by_id[recipe_of(state.current)].ingredients
    # Three ingredients missing, two dice: the order cannot be completed.
    state = position(
        state,
        counters=counters(state, **dict.fromkeys(ingredients, 0)),
        dice=[Die(0, 5, 0), Die(0, 6, 0)],
        pool=[2, state.pool[1]],
        characters=[[], []],
    )
    state = wait_until_overdue(state)
    assert [str(a) for a in state.legal_actions()] == ["turn away"]



def late_table(seed_from: int = 0) -> tuple[WokStarState, str, int, int, int]:
    """Issue 29's table: a 3-player first game on its first customer; one of its
    ingredients is at 0 and the only unplaced die is a 5 that ``holder`` was given by
    ``colour``; ``owner`` owns the missing ingredient (three different seats)."""
    for seed in range(seed_from, seed_from + 200):
        state = started(3, seed, events=False, characters=False)
        card = state.current
        if "#" not in card:
            continue
        ingredient = state.config.recipe_by_id[recipe_of(card)].ingredients[0]
        owner = state.prep_owner[ingredient]
        holder = next(s for s in range(3) if s != owner)
        colour = next(s for s in range(3) if s not in (owner, holder))
        state = position(
            state,
            counters=counters(state, **{ingredient: 0}),
            dice=[Die(colour, 5, holder, given=True)],  # given to ``holder`` by ``colour``
            pool=[1, 1, 1],
        )
        return state, ingredient, owner, holder, colour
    raise AssertionError("no seed shows a customer first")


def test_a_late_customer_a_received_die_can_complete_is_completed_not_turned_away() -> None:
    # Issue 29 (seed 7187, 4 players): a seat held a received 5 that would make a late
    # customer's missing ingredient, yet the customer was turned away. rules-decisions.md:
    # a die given to a teammate may be placed by its receiver on any preparation the team
    # owns, so the receiver puts it straight on the missing ingredient (fails before: only
    # the preparation's owner placed dice, the 5 had to be handed on first).
    state, ingredient, owner, holder, _ = late_table()
    card = state.current
    state = wait_until_overdue(state)
    assert state.current == card and state.overdue
    assert state.current_player == holder
    legal = [str(a) for a in state.legal_actions()]
    assert legal == [f"place 5 on {ingredient}", f"give 5 to {owner + 1}"]
    with pytest.raises(IllegalAction, match="the dice the team holds can still make"):
        state.apply(state.parse_action("turn away"))
    state.apply(state.parse_action(f"place 5 on {ingredient}"))
    assert state.counters[ingredient] >= 1
    cook = state.recipe_owner[recipe_of(card)]
    assert state.current_player == cook and str(state.legal_actions()[0]) == "serve"
    state.apply(state.parse_action("serve"))
    assert state.piles[cook] == [PileCard(card, False)] and state.bad == []


def test_a_late_customer_a_handed_on_die_can_complete_is_completed_too() -> None:
    # The other way round the table: the 5 handed on to the owner is a given die there too,
    # and the owner places it (the order is still completed, served face down).
    state, ingredient, owner, holder, _ = late_table()
    card = state.current
    state = wait_until_overdue(state)
    state.apply(state.parse_action(f"give 5 to {owner + 1}"))
    assert state.current_player == owner
    assert [str(a) for a in state.legal_actions()] == [f"place 5 on {ingredient}"]
    state.apply(state.parse_action(f"place 5 on {ingredient}"))
    state.apply(state.parse_action("serve"))
    assert state.piles[state.recipe_owner[recipe_of(card)]] == [PileCard(card, False)]


def test_the_team_bot_places_a_received_die_straight_on_the_missing_ingredient() -> None:
    # The same table before the sand runs out: the team bot holding the received die puts it
    # on the teammate's preparation that lacks the ingredient (one step; handing it on took
    # two), and the customer is served face up.
    state, ingredient, owner, holder, _ = late_table()
    card = state.current
    state = position(state, counters={**dict.fromkeys(state.counters, 2), ingredient: 0},
                     turn=holder)
    bots = [TeamBot(seat) for seat in range(3)]
    moves = []
    while state.current == card:
        action = bots[state.current_player].choose(state)
        moves.append((state.current_player, str(action)))
        state.apply(action)
    assert moves[0] == (holder, f"place 5 on {ingredient}"), moves
    assert not any(text.startswith("give") for _, text in moves), moves
    assert state.piles[state.recipe_owner[recipe_of(card)]] == [PileCard(card, True)]


def test_while_completing_a_die_goes_only_where_one_is_lacking() -> None:
    # Dice handed round a late customer for ever would stall the table: a hand-over goes
    # from a seat with a die to spare to a missing ingredient's owner who lacks one.
    state = customer_first()
    card = state.current
    recipe = recipe_of(card)
    ingredients = state.config.recipe_by_id[recipe].ingredients
    owners = {state.prep_owner[i] for i in ingredients}
    assert owners == {0, 1}, "the recipe's ingredients are shared out"
    first = next(i for i in ingredients if state.prep_owner[i] == 0)
    state = position(
        state,
        counters=counters(state, **{first: 0}),
        dice=[Die(1, 4, 1), Die(1, 6, 1)],  # seat 2 holds both, seat 1 owns the missing one
        pool=[state.pool[0], 2],
        characters=[[], []],
    )
    state = wait_until_overdue(state)
    assert state.current_player == 1
    assert [str(a) for a in state.legal_actions()] == ["give 4 to 1", "give 6 to 1"]
    state.apply(state.parse_action("give 6 to 1"))
    assert state.current_player == 0
    legal = [str(a) for a in state.legal_actions()]
    assert "give 6 to 2" not in legal and f"place 6 on {first}" in legal
    with pytest.raises(IllegalAction, match="hand a die only from a seat with one to spare"):
        state.apply(state.parse_action("give 6 to 2"))


@pytest.mark.parametrize("kind", ["grandma", "little_bo"])
def test_a_teammates_character_can_save_a_late_customer_before_it_is_turned_away(
    kind: str,
) -> None:
    # "at anytime": when the sand runs out on an order the dice cannot finish, a teammate's
    # Grandma (the one missing ingredient) or Little Bo may still be used before the cook
    # turns the customer away (the turn had gone to the cook alone: Bad Publicity)
    state = customer_first()
    card = state.current
    recipe = recipe_of(card)
    cook = state.recipe_owner[recipe]
    other = 1 - cook
    ingredient = state.config.recipe_by_id[recipe].ingredients[0]
    characters: list[list[FamilyCard]] = [[], []]
    characters[other] = [FamilyCard(kind)]
    state = position(
        state,
        counters=counters(state, **{ingredient: 0}),
        dice=[],
        characters=characters,
    )
    state = wait_until_overdue(state)
    assert state.current_player == cook
    use = f"use grandma {ingredient}" if kind == "grandma" else "use little_bo"
    legal = [str(a) for a in state.legal_actions()]
    assert "turn away" in legal and use in legal, legal
    state.apply(state.parse_action(use))
    assert state.characters[other][0].used  # the teammate's card, face down
    if kind == "grandma":
        assert state.current == card and state.counters[ingredient] > 0
        assert [str(a) for a in state.legal_actions()] == ["serve"]
        state.apply(state.parse_action("serve"))
    assert state.current != card and state.bad == []
    assert state.piles[cook] == [PileCard(card, False)]  # late: face down, pays nothing



def test_without_the_timer_a_character_can_be_used_once_everybody_has_passed() -> None:
    # every seat passed ('wait') on a customer missing an ingredient: the cook must serve or
    # turn it away, and any seat's Little Bo may still be used first ("at anytime")
    state = customer_first(timer=False)
    card = state.current
    recipe = recipe_of(card)
    cook = state.recipe_owner[recipe]
    ingredient = state.config.recipe_by_id[recipe].ingredients[0]
    characters: list[list[FamilyCard]] = [[], []]
    characters[1 - cook] = [FamilyCard("little_bo")]
    state = position(
        state, counters=counters(state, **{ingredient: 0}), dice=[], characters=characters
    )
    while "wait" in [str(a) for a in state.legal_actions()]:
        state.apply(state.parse_action("wait"))
    assert state.current == card and state.current_player == cook
    assert [str(a) for a in state.legal_actions()] == ["turn away", "use little_bo"]
    state.apply(state.parse_action("use little_bo"))
    assert state.piles[cook] == [PileCard(card, True)] and state.bad == []


# ---------------------------------------------------------------------- characters, dice
def purchase_position(**options: bool) -> WokStarState:
    """Round 1's Purchase phase of a 2-player game, everyone turned away."""
    state = started(2, 3, events=False, **options)
    while state.phase is not Phase.PURCHASE:
        legal = [str(a) for a in state.legal_actions()]
        choice = next((c for c in ("done", "turn away", "wait") if c in legal), None)
        state.apply(state.parse_action(choice) if choice else state.legal_actions()[0])
    return state


def test_family_characters_can_be_used_in_the_purchase_phase() -> None:
    state = purchase_position()
    chef = state.current_player
    state = position(
        state, characters=[[FamilyCard("grandma")] if s == chef else [] for s in (0, 1)]
    )
    ingredient = next(iter(state.counters))
    before = state.counters[ingredient]
    assert f"use grandma {ingredient}" in {str(a) for a in state.legal_actions()}
    state.apply(state.parse_action(f"use grandma {ingredient}"))
    assert state.counters[ingredient] == min(before + 2, state.config.rules.ingredient_max)
    assert state.phase is Phase.PURCHASE and state.characters[chef][0].used


def test_every_seats_family_characters_can_be_used_in_the_purchase_phase() -> None:
    # "at anytime": the head chef buys for the team, but a teammate's Grandma is theirs to use
    state = purchase_position()
    chef = state.current_player
    other = 1 - chef
    state = position(
        state, characters=[[FamilyCard("grandma")] if s == other else [] for s in (0, 1)]
    )
    ingredient = next(iter(state.counters))
    before = state.counters[ingredient]
    assert f"use grandma {ingredient}" in {str(a) for a in state.legal_actions()}
    state.apply(state.parse_action(f"use grandma {ingredient}"))
    assert state.counters[ingredient] == min(before + 2, state.config.rules.ingredient_max)
    assert state.characters[other][0].used  # the teammate's card, face down
    assert state.phase is Phase.PURCHASE and state.current_player == chef


def test_a_seat_with_no_dice_left_may_still_use_a_character_with_the_leftover_dice() -> None:
    state = leftover_position()
    idle = 1 - state.current_player
    # the idle seat's dice are all placed; it holds an unused Grandma
    dice = [Die(d.colour, d.face, d.holder, DieStatus.PLACED) if d.holder == idle else d
            for d in state.dice]
    characters: list[list[FamilyCard]] = [[], []]
    characters[idle] = [FamilyCard("grandma")]
    state = position(state, dice=dice, characters=characters, finished=[False, False])
    assert not state.free_dice(idle)
    while state.current_player != idle:
        assert state.phase is Phase.LEFTOVER, "accounting came before the idle seat's turn"
        state.apply(state.parse_action("done"))
    ingredient = state.preps_of(idle)[0]
    before = state.counters[ingredient]
    legal = [str(a) for a in state.legal_actions()]
    assert legal[-1] == "done" and f"use grandma {ingredient}" in legal
    state.apply(state.parse_action(f"use grandma {ingredient}"))
    assert state.counters[ingredient] == min(before + 2, state.config.rules.ingredient_max)
    assert state.characters[idle][0].used


def test_family_characters_can_be_used_while_taking_the_starting_bonus() -> None:
    state = new_wok_star(2, 1, config(events=False))
    state = position(state, characters=[[FamilyCard("grandma")], [FamilyCard("uncle")]])
    while state.phase is Phase.SETUP_ASSIGN:
        state.apply(state.legal_actions()[0])
    assert state.phase is Phase.SETUP_BONUS and state.current_player == 0
    state.apply(state.parse_action(f"use grandma {next(iter(state.counters))}"))
    assert state.phase is Phase.SETUP_BONUS and state.current_player == 0  # bonus still due
    assert any(str(a) == "bonus die" for a in state.legal_actions())


def leftover_position() -> WokStarState:
    """A 2-player first game whose deck has run out while both seats hold unplaced dice."""
    state = quiet(2, 5)
    while state.phase is Phase.ACTION:
        state = position(state, turn=max(0, state.handler()))
        legal = [str(a) for a in state.legal_actions()]
        state.apply(state.parse_action("turn away" if "turn away" in legal else "next"))
    assert state.phase is Phase.LEFTOVER
    return state


def test_leftover_dice_can_be_given_to_a_teammate_who_then_places_them() -> None:
    state = leftover_position()
    giver = state.current_player
    other = 1 - giver
    face = next(d.face for d in state.free_dice(giver) if d.colour == giver)
    legal = {str(a) for a in state.legal_actions()}
    assert f"give {face} to {other + 1}" in legal
    state.apply(state.parse_action(f"give {face} to {other + 1}"))
    assert any(d.colour == giver and d.holder == other and d.free for d in state.dice)
    # The receiver gets a turn with it, even after saying done.
    while state.current_player == giver:
        state.apply(state.parse_action("done"))
    assert state.current_player == other
    prep = state.preps_of(other)[0]
    before = state.counters[prep]
    state.apply(state.parse_action(f"place {face} on {prep}"))
    assert state.counters[prep] > before


# ---------------------------------------------------------------------- commands and messages
def test_the_full_command_forms_are_not_auto_completed_into_other_words() -> None:
    state = new_wok_star(2, 0)
    assert expand(state, "place 1 on noodles") == "place 1 on noodles"
    assert expand(state, "combo 1+1 on noodles") == "combo 1+1 on noodles"
    assert expand(state, "give 5 to 2") == "give 5 to 2"
    assert expand(state, "buy kung to 2") == "buy kung_pao to 2"  # names still complete
    assert expand(state, "p 1 on") == "place 1 on onions_peppers"  # a short form's name


@pytest.mark.parametrize(
    ("typed", "full"),
    [
        # "nood" and "noodle" begin noodles (a preparation) and noodle_soup (a recipe): a
        # preparation is meant where a preparation goes, a recipe where a recipe goes.
        ("p 1 nood", "place 1 on noodles"),
        ("a noodle 2", "assign noodles to 2"),
        ("assign nood to 2", "assign noodles to 2"),
        ("u grandma nood", "use grandma noodles"),
        ("bu nood", "bonus upgrade noodles"),
        ("s noodle", "serve noodle_soup"),
        ("s shrimp", "serve shrimp_rice"),  # shrimp is also a preparation's whole name
        ("serve shri", "serve shrimp_rice"),
        ("upgrade onions_p", "upgrade onions_peppers"),  # an underscore in the prefix
        ("u gr ri", "use gr rice"),  # grandma or grandpa: left for the error
    ],
)
def test_a_name_is_completed_among_the_cards_its_place_in_the_command_takes(
    typed: str, full: str
) -> None:
    assert expand(new_wok_star(2, 0), typed) == full


@settings(max_examples=30, deadline=None)
@given(
    players=st.integers(1, 4),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 600),
    first_game=st.booleans(),
)
def test_every_legal_action_typed_in_full_at_the_terminal_is_that_action(
    players: int, seed: int, steps: int, first_game: bool
) -> None:
    """On random reachable states of every phase, the terminal reads each listed action's
    text (what 'l' shows) back as that very action: no word is completed into another."""
    options = {"timer": False, "events": False, "characters": False} if first_game else {}
    state = new_wok_star(players, seed, config(**options))
    rng = random.Random(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        for action in legal:
            assert state.parse_action(expand(state, str(action))) == action
        if state.is_terminal():
            break
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("typed", ["t now", "ad 3", "w 5", "p 4", "s a b", "d x"])
def test_extra_or_missing_words_are_an_error_not_dropped(typed: str) -> None:
    state = new_wok_star(2, 0)
    with pytest.raises(ActionParseError, match="takes nothing|write it as"):
        expand(state, typed)


@pytest.mark.parametrize("typed", ["use little_bo now", "u little_bo now", "u uncle quickly"])
def test_a_character_that_names_no_ingredient_refuses_an_extra_word_as_such(typed: str) -> None:
    # the extra word was refused with a false reason ('little_bo cannot take effect now')
    # while the character could act
    state = started(2, 1, events=False)
    state = position(state, characters=[[FamilyCard("little_bo"), FamilyCard("uncle")], []])
    assert {"use little_bo", "use uncle"} <= {str(a) for a in state.legal_actions()}
    name = typed.split()[1]
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.parse_action(expand(state, typed)))
    assert str(refused.value.reason) == (
        f"'{expand(state, typed)}': {name} takes no ingredient (only Grandma names one);"
        f" write 'use {name}'"
    )
    assert not any(f.used for f in state.characters[0])


def test_a_typed_command_with_an_extra_word_changes_nothing() -> None:
    state = customer_first(timer=False)
    owner = state.recipe_owner[recipe_of(state.current)]
    state = position(state, turn=owner)
    out: list[str] = []
    lines = iter(["t now"])

    def read(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    seats: list[TeamBot | None] = [None, None]
    play_live(state, seats, read=read, write=out.append)
    assert any("takes nothing after it" in line for line in out)
    assert state.bad == [] and "#" in state.current


def test_naming_a_recipe_for_a_plain_customer_says_to_type_serve() -> None:
    state = customer_first(timer=False)
    recipe = recipe_of(state.current)
    other = next(r for r in state.config.recipe_by_id if r != recipe)
    state = position(
        state, counters=dict.fromkeys(state.counters, 1), turn=state.recipe_owner[recipe]
    )
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.parse_action(f"serve {other}"))
    assert str(refused.value) == (
        f"this customer ordered {recipe}: type 'serve' (a recipe is named only for a "
        "Chef's Special)"
    )


def test_serving_with_an_empty_counter_names_the_ingredient() -> None:
    state = customer_first(timer=False)
    recipe = recipe_of(state.current)
    empty = state.config.recipe_by_id[recipe].ingredients[1]
    state = position(state, counters=counters(state, **{empty: 0}), turn=state.recipe_owner[recipe])
    with pytest.raises(IllegalAction, match=f"{recipe} needs {empty}, which is at 0"):
        state.apply(state.parse_action("serve"))


def test_a_two_player_game_says_seats_are_one_to_two() -> None:
    state = quiet(2, 0)
    with pytest.raises(IllegalAction, match="seat 3 does not exist: seats are 1 to 2"):
        state.apply(state.parse_action("give 5 to 3"))


def test_upgrading_an_upgraded_preparation_says_so() -> None:
    state = purchase_position(characters=False)
    prep = next(iter(state.prep_owner))
    state = position(state, money=50, upgraded=[prep])
    with pytest.raises(IllegalAction, match=f"{prep} is already upgraded"):
        state.apply(state.parse_action(f"upgrade {prep}"))
    state = position(state, money=0, upgraded=[])
    with pytest.raises(IllegalAction, match=r"an upgrade costs \$4 in round 1; the team has \$0"):
        state.apply(state.parse_action(f"upgrade {prep}"))


# ---------------------------------------------------------------------- invented cards
def test_a_lucky_coin_revealed_in_the_last_round_does_not_count_toward_its_income() -> None:
    # "At the beginning of Accounting phase in round 6, move the counter on the Money Track
    # to 0": only round 6's accounting counts (rules-decisions.md), not a coin found before it
    state = started(2, 0, characters=False, timer=False)
    coin = next(e for e in state.config.events if e.kind == "windfall")
    deck = [c for c in state.deck if c != coin.id] + [coin.id]  # on top
    state = position(
        state,
        round=6,
        money=30,
        deck=deck,
        deck_known=[False] * len(deck),
        event_deck=[c for c in state.event_deck if c != coin.id],
        event_discard=[c for c in state.event_discard if c != coin.id],
    )
    state = position(state, turn=max(0, state.handler()))
    paid = False
    while state.phase is not Phase.OVER:
        paid = paid or state.money == 30 + coin.amount  # the coin was on the track
        legal = [str(a) for a in state.legal_actions()]
        choice = next((c for c in ("done", "next", "turn away") if c in legal), None)
        if choice == "turn away":
            state = position(state, turn=state.handler())
        state.apply(state.parse_action(choice) if choice else state.legal_actions()[0])
    assert paid
    # Everyone was turned away: round 6's accounting earned nothing, the coin does not count.
    assert state.final_income == 0 and state.incomes[-1] == 0 and state.scores() == [0, 0]


def test_the_last_rounds_income_is_its_accounting_alone() -> None:
    # A face-up customer of round 6 pays at its accounting; the coin revealed before does not.
    state = started(2, 0, characters=False, timer=False)
    coin = next(e for e in state.config.events if e.kind == "windfall")
    card = next(c for c in state.deck if "#" in c)
    recipe = recipe_of(card)
    cook = state.recipe_owner[recipe]
    state = position(
        state,
        round=6,
        money=30,
        current=card,
        deck=[coin.id],
        deck_known=[False],
        event_deck=[c for c in state.event_deck if c != coin.id],
        event_discard=[c for c in state.event_discard if c != coin.id],
        potential=state.potential + [c for c in state.deck if c != card],
        counters=dict.fromkeys(state.counters, 3),
        turn=cook,
    )
    state.apply(state.parse_action("serve"))
    assert state.current == coin.id and state.money == 30 + coin.amount
    while state.phase is not Phase.OVER:
        legal = [str(a) for a in state.legal_actions()]
        choice = next((c for c in ("done", "next") if c in legal), None)
        state.apply(state.parse_action(choice) if choice else state.legal_actions()[0])
    dollars = state.config.customer_dollars[card]
    assert state.final_income == dollars and state.incomes[-1] == dollars


def test_little_bo_serving_after_the_deadline_takes_the_card_face_down() -> None:
    state = customer_first()
    card = state.current
    seat = state.recipe_owner[recipe_of(card)]
    chars: list[list[FamilyCard]] = [[], []]
    chars[seat] = [FamilyCard("little_bo")]
    # Using a character takes 0.5 s of the 2 players' time: this use ends after the deadline.
    state = position(state, characters=chars, turn=seat, now=state.deadline - 0.25)
    state.apply(state.parse_action("use little_bo"))
    assert state.piles[seat] == [PileCard(card, False)]


# ---------------------------------------------------------------------- Chef's Specials
def test_the_team_bot_does_not_decline_a_chefs_special_a_teammate_can_serve() -> None:
    state = started(2, 2, characters=False)
    special = next(e.id for e in state.config.events if e.kind == "chefs_special")
    mine, theirs = (state.recipes_of(0)[0], state.recipes_of(1)[0])
    shared = set(state.config.recipe_by_id[mine].ingredients) & set(
        state.config.recipe_by_id[theirs].ingredients
    )
    values = dict.fromkeys(state.counters, 2)
    for ingredient in state.config.recipe_by_id[mine].ingredients:
        if ingredient not in shared:
            values[ingredient] = 0  # seat 1 cannot serve its recipe; seat 2 can
    deck = [c for c in state.deck if c != special]
    state = position(
        state,
        current=special,
        deck=deck,
        deck_known=[False] * len(deck),
        event_deck=[c for c in state.event_deck if c != special],
        event_discard=[c for c in state.event_discard if c != special],
        counters=values,
        dice=[],
        turn=0,
    )
    assert not state.can_serve(mine) and state.can_serve(theirs)
    assert "turn away" in {str(a) for a in state.legal_actions()}
    choice = TeamBot(0).choose(state)
    assert str(choice) != "turn away"
    state.apply(choice)
    while state.current == special:
        state.apply(TeamBot(state.current_player).choose(state))
    assert state.piles[1] == [PileCard(special, True)]


# ---------------------------------------------------------------------- difficulty
@pytest.mark.slow
def test_the_first_game_setup_is_easier_than_the_full_game_for_the_same_team() -> None:
    from wokphysics.games.wok_star.simulate import play_games

    full = config()
    first = config(timer=False, events=False, characters=False)
    for players in (2, 4):
        full_wins = sum(r.won for r in play_games(full, players, 100, 1, "team"))
        first_wins = sum(r.won for r in play_games(first, players, 100, 1, "team"))
        # Measured on the shipped data: 33 vs 43 (2 players), 14 vs 36 (4 players).
        assert first_wins >= full_wins + 5, (players, full_wins, first_wins)


def test_a_refused_setup_step_says_what_is_due_instead() -> None:
    state = new_wok_star(2, 3)
    due = state.legal_wok_star_actions()[0]
    assert isinstance(due, Assign)
    other = next(p for p in state.prep_owner if p != due.prep)
    refusals = {
        f"assign {other} to 2": f"the one now is {due.prep} (assign {due.prep} to SEAT)",
        "assign zzz to 1": f"'zzz' is not a preparation; the one to give out now is {due.prep}",
        "bonus die": "the starting bonus comes once the preparations are given out",
    }
    for text, says in refusals.items():
        with pytest.raises(IllegalAction) as refused:
            state.apply(state.parse_action(text))
        assert says in str(refused.value), (text, str(refused.value))
    while state.phase is Phase.SETUP_ASSIGN:
        state.apply(state.legal_actions()[0])
    mine, theirs = state.preps_of(0), state.preps_of(1)
    refusals = {
        f"bonus upgrade {theirs[0]}": (
            f"you may upgrade only your own preparations (yours: {', '.join(mine)})"
        ),
        f"assign {mine[0]} to 1": "the preparations are all given out",
    }
    for text, says in refusals.items():
        with pytest.raises(IllegalAction) as refused:
            state.apply(state.parse_action(text))
        assert says in str(refused.value), (text, str(refused.value))


@pytest.mark.parametrize("on_the_board", [True, False])
def test_little_bo_is_used_on_a_customer_whose_sand_has_run_out(on_the_board: bool) -> None:
    """Characters are used "at anytime": once the sand has run out, the cook may still send
    Little Bo, whether the dish could be made (it saves the ingredients) or not (it saves
    the Bad Publicity); the customer goes face down like any late one."""
    state = customer_first()
    card = state.current
    recipe = recipe_of(card)
    seat = state.recipe_owner[recipe]
    ingredients = state.config.recipe_by_id[recipe].ingredients
    chars: list[list[FamilyCard]] = [[], []]
    chars[seat] = [FamilyCard("little_bo")]
    values = dict.fromkeys(ingredients, 1 if on_the_board else 0)
    state = position(state, characters=chars, dice=[], counters=counters(state, **values))
    state = wait_until_overdue(state)
    assert state.current == card and state.current_player == seat
    assert "use little_bo" in {str(a) for a in state.legal_actions()}
    state.apply(state.parse_action("use little_bo"))
    assert state.piles[seat] == [PileCard(card, False)]
    assert state.bad == []
    assert all(state.counters[i] == values[i] for i in ingredients)  # nothing spent


def test_next_refused_says_when_the_next_card_comes() -> None:
    timed = started(2, 0)
    with pytest.raises(IllegalAction, match="'next' is for games without the timer"):
        timed.apply(timed.parse_action("next"))
    untimed = quiet(2, 0)
    while "#" not in untimed.current:
        untimed.apply(untimed.parse_action("next"))
    with pytest.raises(IllegalAction, match="a customer is served or turned away"):
        untimed.apply(untimed.parse_action("next"))


@pytest.mark.parametrize("text", ["wait", "turn away", "next", "serve"])
def test_card_steps_refused_with_leftover_dice_say_the_deck_is_empty(text: str) -> None:
    state = leftover_position()
    with pytest.raises(IllegalAction) as refused:
        state.apply(state.parse_action(text))
    assert str(refused.value) == (
        "the customer deck is empty: place or give your leftover dice, or say 'done'"
    )


def test_while_a_bought_recipes_preparation_waits_the_view_and_refusals_say_so() -> None:
    state = purchase_position(characters=False)
    recipe = next(
        r for r in state.config.recipes
        if r.id not in state.recipe_owner and any(i not in state.prep_owner for i in r.ingredients)
    )
    state = position(state, money=50)
    state.apply(state.parse_action(f"buy {recipe.id} for 1"))
    assert state.phase is Phase.PURCHASE_ASSIGN
    prep = state.pending_assign[0]
    for text in ("advertise", "done", f"buy {recipe.id} for 1"):
        with pytest.raises(IllegalAction) as refused:
            state.apply(state.parse_action(text))
        assert str(refused.value) == (
            f"now it is Purchase, but first the new {prep} preparation goes to a seat: "
            f"assign {prep} to SEAT"
        )
    assert f"To give out now: the {prep} preparation" in render(state, state.current_player)
    setup = new_wok_star(2, 3)
    due = setup.legal_wok_star_actions()[0]
    assert isinstance(due, Assign)
    assert f"To give out now: the {due.prep} preparation" in render(setup, 0)
