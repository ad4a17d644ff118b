"""Wok Star's Family Characters "at anytime" (issue 13 part 2, rules-decisions.md): also
while the preparations are handed out, at setup and after a recipe is bought. One seat acts
for the team there, so every seat's characters are offered on its turn, as in the Purchase
phase; a character is offered only where it has an effect."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from wok_star_positions import config, position, started

from wokphysics.games.protocol import IllegalAction
from wokphysics.games.wok_star.actions import Assign, Buy, Use
from wokphysics.games.wok_star.factory import new_wok_star
from wokphysics.games.wok_star.model import FamilyCard, Phase
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.team_bot import TeamBot
from wokphysics.terminal.wok_star.play import expand, play_live
from wokphysics.terminal.wok_star.render import render

ALL_KINDS = ["grandma", "uncle", "cousin", "auntie", "grandpa", "little_bo"]


def handing_out(characters: list[list[str]], seed: int = 1) -> WokStarState:
    """A 2-player game at its first step: seat 1 hands the starting preparations out."""
    state = new_wok_star(2, seed, config(events=False))
    state = position(state, characters=[[FamilyCard(c) for c in chars] for chars in characters])
    assert state.phase is Phase.SETUP_ASSIGN and state.current_player == 0
    return state


def uses(state: WokStarState) -> list[str]:
    return [str(a) for a in state.legal_wok_star_actions() if isinstance(a, Use)]


def test_every_seats_grandma_is_offered_while_the_starting_preparations_are_handed_out() -> None:
    # The rulebook's "at anytime": Grandma's +2 on a counter has an effect at setup (the
    # counters are on the board); no character was offered while seat 1 shared them out.
    state = handing_out([["uncle", "cousin", "grandpa"], ["grandma", "little_bo", "auntie"]])
    legal = [str(a) for a in state.legal_actions()]
    assert legal[0].startswith("assign ")  # the hand-out comes first in the list
    # only Grandma can act: no dice rolled, no timer running, no customer, no Bad Publicity
    assert uses(state) == [f"use grandma {i}" for i in state.counters]
    ingredient = list(state.counters)[-1]
    before = state.counters[ingredient]
    state.apply(state.parse_action(f"use grandma {ingredient}"))
    assert state.counters[ingredient] == before + 2
    assert [f.used for f in state.characters[1]] == [True, False, False]  # seat 2's card
    assert state.phase is Phase.SETUP_ASSIGN and state.current_player == 0
    assert not uses(state)
    assert all(isinstance(a, Assign) for a in state.legal_wok_star_actions())


def test_seat_1s_own_grandma_is_offered_first_and_the_hand_out_goes_on() -> None:
    state = handing_out([["grandma"], ["uncle"]])
    state.apply(state.parse_action(f"use grandma {next(iter(state.counters))}"))
    while state.phase is Phase.SETUP_ASSIGN:
        state.apply(state.legal_actions()[0])
    assert state.phase is Phase.SETUP_BONUS
    assert all(state.preps_of(seat) for seat in range(2))
    state.check_invariants()


def purchase_with_money(seed: int = 3) -> WokStarState:
    """Round 1's Purchase phase of a 2-player game, everyone turned away (so Bad Publicity
    lies on the table), with $60 to spend."""
    state = new_wok_star(2, seed, config(events=False))
    while state.phase is not Phase.PURCHASE:
        legal = [str(a) for a in state.legal_actions()]
        choice = next((c for c in ("done", "turn away", "wait") if c in legal), None)
        state.apply(state.parse_action(choice) if choice else state.legal_actions()[0])
    return position(state, money=60)


def buying_a_new_preparation(characters: list[list[str]]) -> tuple[WokStarState, str]:
    """The head chef has bought a recipe with a preparation not yet in play: it is due."""
    state = purchase_with_money()
    state = position(state, characters=[[FamilyCard(c) for c in chars] for chars in characters])
    buy = next(a for a in state.legal_wok_star_actions() if isinstance(a, Buy)
               and any(i not in state.prep_owner
                       for i in state.config.recipe_by_id[a.recipe].ingredients))
    state.apply(buy)
    assert state.phase is Phase.PURCHASE_ASSIGN
    return state, state.pending_assign[0]


def test_every_seats_characters_are_offered_while_a_bought_recipes_preparations_go_out() -> None:
    # After a purchase the head chef still acts for the team: a teammate's Auntie (Bad
    # Publicity back) or Grandma (+2, say on the new preparation's empty counter) may be used.
    state, prep = buying_a_new_preparation([["uncle", "auntie"], ["grandma", "cousin"]])
    chef = state.current_player
    assert state.bad
    assert uses(state) == ["use auntie", *[f"use grandma {i}" for i in state.counters]]
    assert state.counters[prep] == 0
    state.apply(state.parse_action(f"use grandma {prep}"))
    assert state.counters[prep] == 2 and state.characters[1][0].used
    assert state.phase is Phase.PURCHASE_ASSIGN and state.pending_assign[0] == prep
    bad = len(state.bad)
    state.apply(state.parse_action("use auntie"))
    assert len(state.bad) == bad - 1 and state.characters[0][1].used
    assert state.phase is Phase.PURCHASE_ASSIGN and state.current_player == chef
    state.apply(state.parse_action(f"assign {prep} to 2"))
    assert state.prep_owner[prep] == 1 and state.counters[prep] == 2
    state.check_invariants()


@pytest.mark.parametrize("phase", [Phase.SETUP_ASSIGN, Phase.PURCHASE_ASSIGN])
def test_a_character_that_cannot_act_while_preparations_go_out_is_refused_with_its_reason(
    phase: Phase,
) -> None:
    characters = [["grandpa", "uncle"], ["cousin", "grandma"]]
    if phase is Phase.SETUP_ASSIGN:
        state = handing_out(characters)
    else:
        state, _ = buying_a_new_preparation(characters)
    for kind in ("grandpa", "uncle", "cousin"):
        with pytest.raises(IllegalAction, match=f"^{kind} cannot take effect now$"):
            state.check_legal(Use(kind))
    # every seat's cards may be used at any step, and the refusal lists them all
    with pytest.raises(IllegalAction, match=r"dealt: grandpa, uncle, cousin, grandma\)$"):
        state.check_legal(Use("auntie"))
    with pytest.raises(IllegalAction, match="takes no ingredient"):
        state.check_legal(Use("cousin", "rice"))
    state.check_legal(state.parse_action(f"use grandma {next(iter(state.counters))}"))


def test_the_team_bot_keeps_its_characters_while_preparations_go_out() -> None:
    # Used there, Grandma would be spent on no customer: the team bot hands the preparations
    # out and keeps its cards for the Action phase.
    offered = 0
    for seed in range(1, 9):
        state = new_wok_star(2, seed, config())
        bots = [TeamBot(seed), TeamBot(seed + 100)]
        while not state.is_terminal():
            action = bots[state.current_player].choose(state)
            if state.phase in (Phase.SETUP_ASSIGN, Phase.PURCHASE_ASSIGN):
                offered += bool(uses(state))
                assert isinstance(action, Assign), (seed, state.phase, action)
            state.apply(action)
    assert offered > 8  # the bots were offered characters there (in some games)


def test_the_terminal_lists_and_takes_a_teammates_character_while_handing_out() -> None:
    state = handing_out([["uncle"], ["grandma"]])
    counter = next(iter(state.counters))
    short = counter[:4]
    assert expand(state, f"u grandma {short}") == f"use grandma {counter}"
    typed: Iterator[str] = iter(["l", f"u grandma {short}"])
    out: list[str] = []

    def read(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    before = state.counters[counter]
    play_live(state, [None, TeamBot(2)], read=read, write=out.append)
    text = "\n".join(out)
    assert "Teammates' Family you may use now (for the team): seat 2 Grandma" in text
    assert f". use grandma {counter}" in text  # in the numbered list
    assert "not possible" not in text, text
    assert "seat 1: used seat 2 (bot)'s Grandma" in text
    assert state.counters[counter] == before + 2 and state.phase is Phase.SETUP_ASSIGN


def test_the_table_names_teammates_cards_only_where_the_acting_seat_may_use_them() -> None:
    state = handing_out([["uncle"], ["grandma"]])
    assert "Teammates' Family" in render(state, 0)
    assert "Teammates' Family" not in render(state, 1)  # seat 2 does not act now
    while state.phase is Phase.SETUP_ASSIGN:
        state.apply(state.legal_actions()[0])
    assert "Teammates' Family" not in render(state, state.current_player)  # own bonus


# ---------------------------------------------------------------------- issue 29 part 2
def acting(characters: list[list[str]], seed: int = 0) -> WokStarState:
    """Round 1's Action phase of a 2-player game with these characters, seat 1 to act."""
    for attempt in range(seed, seed + 200):
        state = started(2, attempt, events=False)
        if state.current and "#" in state.current:
            return position(
                state,
                characters=[[FamilyCard(c) for c in chars] for chars in characters],
                turn=0,
            )
    raise AssertionError("no seed shows a customer first")


def test_an_owner_uses_its_character_on_another_seats_turn_in_the_action_phase() -> None:
    # "used once, at anytime": seat 2's Grandma is offered while seat 1 is to act (it was
    # offered only on seat 2's own turn); seat 1 keeps its turn, seat 2's card is turned over
    state = acting([[], ["grandma"]])
    ingredient = next(iter(state.counters))
    before = state.counters[ingredient]
    assert state.current_player == 0
    assert f"use grandma {ingredient}" in uses(state)
    state.apply(state.parse_action(f"use grandma {ingredient}"))
    assert state.counters[ingredient] == min(before + 2, state.config.rules.ingredient_max)
    assert state.characters[1][0].used
    assert state.current_player == 0  # an interrupt: seat 1 still acts
    state.check_invariants()


def test_an_owners_character_acts_on_its_owners_dice_when_used_on_another_turn() -> None:
    state = acting([[], ["cousin"]])
    dice = len(state.dice)
    state.apply(state.parse_action("use cousin"))
    cousin = state.config.character_by_id["cousin"].amount
    assert len(state.dice) == dice + cousin
    assert all(d.colour == 1 and d.holder == 1 and d.temporary for d in state.dice[dice:])


def test_an_owner_uses_its_character_on_another_seats_starting_bonus() -> None:
    state = handing_out([["uncle"], ["grandma"]])
    while state.phase is Phase.SETUP_ASSIGN:
        state.apply(next(a for a in state.legal_wok_star_actions() if isinstance(a, Assign)))
    assert state.phase is Phase.SETUP_BONUS and state.current_player == 0
    ingredient = next(iter(state.counters))
    assert f"use grandma {ingredient}" in uses(state)  # seat 2's, on seat 1's bonus
    state.apply(state.parse_action(f"use grandma {ingredient}"))
    assert state.characters[1][0].used
    assert state.phase is Phase.SETUP_BONUS and state.current_player == 0


def test_an_owner_uses_its_character_on_another_seats_turn_with_the_leftover_dice() -> None:
    # seat 2 has said done and holds no dice; on seat 1's turn its Cousin brings it dice,
    # and it gets a turn to place them; seat 1 keeps its turn first
    state = started(2, 5, timer=False, events=False)
    state = position(state, characters=[[], [FamilyCard("cousin")]])
    while state.phase is Phase.ACTION:
        state = position(state, turn=max(0, state.handler()))
        legal = [str(a) for a in state.legal_actions()]
        state.apply(state.parse_action("turn away" if "turn away" in legal else "next"))
    assert state.phase is Phase.LEFTOVER
    dice = [d for d in state.dice if d.holder == 0]
    state = position(state, dice=dice, turn=0, finished=[False, True])
    assert "use cousin" in uses(state)
    state.apply(state.parse_action("use cousin"))
    assert state.current_player == 0 and state.characters[1][0].used
    assert state.free_dice(1)
    state.apply(state.parse_action("done"))
    assert state.phase is Phase.LEFTOVER and state.current_player == 1


def test_the_team_bot_uses_only_its_own_characters_unless_it_decides_for_the_team() -> None:
    from wokphysics.games.wok_star.characters import acting_for_team, owner

    chosen = own = 0
    for seed in range(1, 13):
        state = new_wok_star(3, seed, config())
        bots = [TeamBot(seed + k) for k in range(3)]
        while not state.is_terminal():
            seat = state.current_player
            action = bots[seat].choose(state)
            if isinstance(action, Use):
                chosen += 1
                mine = owner(state, action.character) == seat
                own += mine
                assert mine or acting_for_team(state), (seed, seat, action)
            state.apply(action)
    assert chosen >= 12 and own >= chosen // 2, (chosen, own)


def test_the_terminal_offers_a_person_their_own_card_and_a_bots_only_for_the_team() -> None:
    # The engine lists every seat's cards at every step; at the keyboard a person uses their
    # own when they act, and a bot's card stays the bot's (refused with the reason).
    state = acting([["grandpa"], ["grandma"]])
    ingredient = next(iter(state.counters))
    typed: Iterator[str] = iter(["l", f"use grandma {ingredient}", "use grandpa"])
    out: list[str] = []

    def read(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    play_live(state, [None, TeamBot(2)], read=read, write=out.append)
    text = "\n".join(out)
    listed = text[text.index("  1. "):text.index("not possible")]
    assert "use grandpa" in listed and "use grandma" not in listed
    assert ("not possible: grandma is seat 2 (bot)'s Family Character: its owner uses it (a "
            "teammate's is yours to use only where you decide for the team)") in " ".join(
                text.split())
    assert "seat 1: used Grandpa" in text
    assert state.characters[0][0].used
