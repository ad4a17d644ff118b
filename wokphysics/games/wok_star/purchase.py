"""Phase 3: Purchase. The team decides together; the engine lets the round's head chef (seat
``(round - 1) mod players``) act for it: ``buy RECIPE for S``, ``upgrade PREP``,
``advertise``, as often as the money allows, then ``done`` starts the next round. Any seat's
Family Character may be used meanwhile (on the head chef's turn: the team decides together).

A bought recipe's new preparations are assigned one by one (``assign PREP to S``, counters
at 0; every seat's characters are still offered on the head chef's turn);
``rules.new_recipe_to_deck`` of its customers go into the next Customer deck (known to the
players), the rest into the Potential deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.draws import below, shuffle
from wokphysics.games.wok_star import characters
from wokphysics.games.wok_star.actions import (
    ADVERTISE,
    DONE,
    Advertise,
    Assign,
    Buy,
    Upgrade,
    Use,
    WokStarAction,
    buy,
    upgrade,
)
from wokphysics.games.wok_star.cards import customer_id
from wokphysics.games.wok_star.decks import card_order, insert_unknown
from wokphysics.games.wok_star.model import PURCHASE, PURCHASE_ASSIGN
from wokphysics.games.wok_star.setup import assign_actions
from wokphysics.games.wok_star.timeline import start_round

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState


def head_chef(state: WokStarState) -> int:
    """The seat that acts for the team in this round's Purchase phase."""
    return (state.round - 1) % state.num_players


def legal(state: WokStarState) -> list[WokStarAction]:
    """Every affordable recipe (for each seat), upgrade and advertising card, and ``done``."""
    track = state.config.purchase_track
    row = state.round - 1
    out: list[WokStarAction] = []
    base = track.recipe_base[row]
    owned = state.recipe_owner
    money = state.money
    seats = range(state.num_players)
    for recipe, cost in state.lookups.recipe_cost.items():
        if recipe in owned or base + cost > money:
            continue
        for seat in seats:
            out.append(buy(recipe, seat))
    if track.upgrade[row] <= state.money:
        for prep in state.prep_owner:
            if prep not in state.upgraded:
                out.append(upgrade(prep))
    if state.potential and track.advertising[row] <= state.money:
        out.append(ADVERTISE)
    # "at anytime": the team decides together, so every seat's characters are offered on the
    # head chef's turn (the head chef's first, then round the table)
    out += characters.team_actions(state, head_chef(state))
    out.append(DONE)
    return out


def apply(state: WokStarState, action: WokStarAction) -> None:
    """Pay for a purchase, or end the round (``done``)."""
    track = state.config.purchase_track
    row = state.round - 1
    if isinstance(action, Buy):
        _buy(state, action, track.recipe_base[row])
    elif isinstance(action, Upgrade):
        state.money -= track.upgrade[row]
        state.upgraded.append(action.prep)
        state.upgraded.sort()
    elif isinstance(action, Use):
        characters.use(state, characters.owner(state, action.character), action)
    elif isinstance(action, Advertise):
        state.money -= track.advertising[row]
        card = state.potential.pop(below(state.rng, len(state.potential)))
        insert_unknown(state, card)
    else:  # done: end of the round
        state.round += 1
        start_round(state)


def _buy(state: WokStarState, action: Buy, base: int) -> None:
    recipe = state.config.recipe_by_id[action.recipe]
    state.money -= base + recipe.cost
    state.recipe_owner[recipe.id] = action.seat
    for ingredient in recipe.ingredients:
        if ingredient not in state.prep_owner:
            state.prep_owner[ingredient] = action.seat  # reassigned by the assign actions
            state.counters[ingredient] = 0
            state.pending_assign.append(ingredient)
    cards = [customer_id(recipe.id, k) for k in range(1, len(recipe.customers) + 1)]
    shuffle(state.rng, cards)
    to_deck = state.config.rules.new_recipe_to_deck
    for card in cards[:to_deck]:
        state.deck.append(card)
        state.deck_known.append(True)
    state.potential.extend(cards[to_deck:])
    shuffle(state.rng, state.potential)
    card_order(state)
    if state.pending_assign:
        state.phase = PURCHASE_ASSIGN


def assign_legal(state: WokStarState) -> list[WokStarAction]:
    """Who may take a bought recipe's next preparation (any seat), and every seat's
    characters: the head chef still acts for the team ("at anytime")."""
    return assign_actions(state) + characters.team_actions(state, head_chef(state))


def apply_assign(state: WokStarState, action: WokStarAction) -> None:
    """A bought recipe's new preparation goes to a seat (or a character is used meanwhile)."""
    if isinstance(action, Use):
        characters.use(state, characters.owner(state, action.character), action)
        return
    assert isinstance(action, Assign)
    prep = state.pending_assign.pop(0)
    state.prep_owner[prep] = action.seat
    if not state.pending_assign:
        state.phase = PURCHASE
