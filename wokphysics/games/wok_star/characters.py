"""Family Characters: each seat's cards, usable once each, "at anytime during the game".

Its owner may use a card on any seat's turn, so every seat's characters that can take effect
are legal at every step of every phase (:func:`team_actions`, the acting seat's first): a
``use`` is its owner's, an interrupt when another seat was to act (that seat keeps its turn),
and acts on the owner's dice (Uncle, Cousin). Who may choose it is the front end's and the
bot's business (:func:`may_use`): the owner, whenever it likes (the window takes a click on
the card at any moment; the terminal and the bots use theirs when they act), or the acting
seat where it decides for the team (:func:`acting_for_team`: seat 1 handing the starting
preparations out; the round's head chef buying, and handing a bought recipe's preparations
out; the cook of a customer that must be resolved now). A seat with a card that can act still
gets turns (the leftover dice, the Action phase). A character is listed only where its effect
can happen: Grandma (+amount on one counter), Uncle (re-roll the owner's unplaced dice: it
holds some), Cousin (amount extra dice of the owner's colour for this round: the round's dice
are out), Auntie (a Bad Publicity card back to the Potential deck: there is one), Grandpa (the
running timer back to full: a card's sand is still running), Little Bo (the current customer
served without ingredients: a customer is showing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.wok_star.actions import Use, WokStarAction
from wokphysics.games.wok_star.actions import use as use_card
from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.model import (
    ACTION,
    LEFTOVER,
    OVER,
    PURCHASE,
    PURCHASE_ASSIGN,
    SETUP_ASSIGN,
    Die,
    PileCard,
    roll,
)
from wokphysics.games.wok_star.seats import forced
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
    """Whether the seat acting now acts for the team in this phase (:data:`TEAM_PHASES`)."""
    return state.phase in TEAM_PHASES


def acting_for_team(state: WokStarState) -> bool:
    """Whether the seat the engine waits for decides for the whole team now, so that it may
    use any seat's characters: in :data:`TEAM_PHASES`, and as the cook of a customer that
    must be served or turned away now (its sand ran out, or without the timer everybody
    passed: "a late customer's decision is a moment when any owner may still use one")."""
    phase = state.phase
    if phase in TEAM_PHASES:
        return True
    return phase is ACTION and "#" in state.current and forced(state)


def may_use(state: WokStarState, seat: int, character: str) -> bool:
    """Whether ``seat`` may choose to use ``character`` now (the engine lists every seat's
    cards at every step): its own at any moment, a teammate's where ``seat`` is the seat the
    engine waits for and decides for the team (:func:`acting_for_team`)."""
    if state.phase is OVER:
        return False
    if owner(state, character) == seat:
        return True
    return seat == state.current_player and acting_for_team(state)


def user(state: WokStarState, seat: int, action: Use) -> int:
    """The seat that uses the card when ``action`` is taken while ``seat`` is the one the
    engine waits for: ``seat`` itself for its own card or where it decides for the team,
    else the card's owner (an interrupt). For logs: "seat 2 used Grandma", not "seat 1 used
    seat 2's Grandma", when seat 2 interrupted."""
    holder = owner(state, action.character)
    if holder == seat or (seat == state.current_player and acting_for_team(state)):
        return seat
    return holder


def team_actions(state: WokStarState, first: int) -> list[WokStarAction]:
    """Every seat's characters that can take effect now, ``first``'s then round the table:
    each player may use their card "at anytime", on any seat's turn."""
    n = state.num_players
    table = state.characters
    out: list[WokStarAction] = []
    for step in range(n):
        seat = (first + step) % n
        for family in table[seat]:  # (asked at every step: seats whose cards are used skip)
            if not family.used:
                out += actions(state, seat)
                break
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
