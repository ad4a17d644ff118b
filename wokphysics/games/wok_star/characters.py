"""Family Characters: each seat's cards, usable once each, "at anytime during the game".

The engine serialises the game, so a seat uses its own characters on its turn, in any phase:
setup's bonus choices, the Action phase and the leftover dice (a seat with no dice left but a
character that can act still gets a turn). Where one seat acts for the team
(:func:`for_the_team`: seat 1 handing the starting preparations out; the round's head chef
buying, and handing a bought recipe's preparations out), every seat's characters are offered
on that seat's turn, and so on a late customer's cook's (see :mod:`.action_phase`). A character
is listed only where its effect can happen: Grandma (+amount on one counter), Uncle (re-roll
your unplaced dice: you hold some), Cousin (amount extra dice of your colour for this round:
the round's dice are out), Auntie (a Bad Publicity card back to the Potential deck: there is
one), Grandpa (the running timer back to full: a card's sand is still running), Little Bo (the
current customer served without ingredients: a customer is showing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.wok_star.actions import Use, WokStarAction
from wokphysics.games.wok_star.actions import use as use_card
from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.model import (
    ACTION,
    LEFTOVER,
    PURCHASE,
    PURCHASE_ASSIGN,
    SETUP_ASSIGN,
    Die,
    PileCard,
    roll,
)
from wokphysics.games.wok_star.timers import SandTimer

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState


def actions(state: WokStarState, seat: int) -> list[WokStarAction]:
    """The seat's unused characters that can take effect now."""
    out: list[WokStarAction] = []
    kinds = state.lookups.character_kind
    card = state.current
    for family in state.characters[seat]:
        if family.used:
            continue
        char_id = family.id
        kind = kinds[char_id]
        if kind == "grandma":
            out += [use_card(char_id, i) for i in state.counters]
        elif kind == "uncle":
            if state.free_dice(seat):
                out.append(use_card(char_id))
        elif kind == "cousin":
            if state.phase is ACTION or state.phase is LEFTOVER:
                out.append(use_card(char_id))
        elif kind == "auntie":
            if state.bad:
                out.append(use_card(char_id))
        elif kind == "grandpa":
            # Only a timer still running can be turned back (an overdue one has run out).
            if state.phase is ACTION and state.lookups.timer and card:
                if not state.overdue:
                    out.append(use_card(char_id))
        elif kind == "little_bo":
            if "#" in card:
                out.append(use_card(char_id))
    return out


TEAM_PHASES = frozenset((SETUP_ASSIGN, PURCHASE, PURCHASE_ASSIGN))
"""The phases in which one seat acts for the whole team: seat 1 hands the starting
preparations out, the round's head chef buys and hands a bought recipe's preparations out."""


def for_the_team(state: WokStarState) -> bool:
    """Whether the seat acting now acts for the team (:data:`TEAM_PHASES`), so that every
    seat's characters are offered on its turn (:func:`team_actions`)."""
    return state.phase in TEAM_PHASES


def team_actions(state: WokStarState, first: int) -> list[WokStarAction]:
    """Every seat's characters that can take effect now, ``first``'s then round the table:
    offered where one seat acts for the team (:func:`for_the_team`) or decides alone for it
    (the cook of a customer whose sand ran out, before serving or turning it away), as each
    player may use their card "at anytime"."""
    n = state.num_players
    out: list[WokStarAction] = []
    for step in range(n):
        out += actions(state, (first + step) % n)
    return out


def owner(state: WokStarState, character: str) -> int:
    """The seat dealt ``character`` (each card is dealt to one seat)."""
    return next(
        seat
        for seat, family in enumerate(state.characters)
        if any(f.id == character for f in family)
    )


def use(state: WokStarState, seat: int, action: Use) -> bool:
    """Use the character (``seat``'s, or a teammate's offered by :func:`team_actions`: its
    owner's dice and card); True when it took the current card (Little Bo), so the caller
    reveals the next one."""
    family = next((f for f in state.characters[seat] if f.id == action.character), None)
    if family is None:  # a teammate's card, used on the acting seat's turn (team_actions)
        seat = owner(state, action.character)
        family = next(f for f in state.characters[seat] if f.id == action.character)
    family.used = True
    character = state.config.character_by_id[action.character]
    kind = character.kind
    rng = state.rng
    if kind == "grandma":
        top = state.config.rules.ingredient_max
        counters = state.counters
        counters[action.ingredient] = min(top, counters[action.ingredient] + character.amount)
    elif kind == "uncle":
        for die in state.free_dice(seat):
            die.face = roll(rng)
    elif kind == "cousin":
        for _ in range(character.amount):
            state.dice.append(Die(seat, roll(rng), seat, temporary=True))
    elif kind == "auntie":
        card = state.bad.pop(rng.randrange(len(state.bad)))
        state.potential.append(card)
    elif kind == "grandpa":
        seconds = state.config.rules.timer_seconds
        state.deadline = state.now + seconds
        state.timers[state.last_timer] = SandTimer(state.now, seconds)
    elif kind == "little_bo":
        card = state.current
        cook = state.recipe_owner[recipe_of(card)]
        state.piles[cook].append(PileCard(card, state.in_time()))
        return True
    return False
