"""The Customer deck's bookkeeping: face-down cards shuffled in, events dealt, card order.

The deck is a list whose *last* card is the top; ``deck_known[i]`` says whether the players
know card ``i`` is in the deck (a customer they took last round, a bought recipe's customer)
or not (dealt face down: the first deal, word-of-mouth, advertising, walk-ins, events).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.draws import below, shuffle

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState


def insert_unknown(state: WokStarState, card: str) -> None:
    """Shuffle ``card`` face down into the Customer deck at a random place."""
    where = below(state.rng, len(state.deck) + 1)  # = rng.randint(0, len(deck))
    state.deck.insert(where, card)
    state.deck_known.insert(where, False)


def deal_events(state: WokStarState) -> None:
    """``setup.events_per_round`` face-down events into the Customer deck at random places
    (the event discard is reshuffled when the event deck runs out)."""
    for _ in range(state.config.setup.events_per_round):
        if not state.event_deck:
            state.event_deck = state.event_discard
            state.event_discard = []
            shuffle(state.rng, state.event_deck)
        if not state.event_deck:
            return
        insert_unknown(state, state.event_deck.pop())


def take_potential(state: WokStarState) -> None:
    """A random Potential customer face down into the Customer deck (if any is left)."""
    if state.potential:
        card = state.potential.pop(below(state.rng, len(state.potential)))
        insert_unknown(state, card)


def card_order(state: WokStarState) -> None:
    """Keep the recipes, preparations and counters in play in the config's card order.

    Every list the engine and the bots derive from these maps follows their order, and the
    saved JSON sorts keys; one canonical order makes a loaded or cloned state list its moves,
    and its bots choose, exactly as the original does.
    """
    recipes = state.recipe_owner
    preps = state.prep_owner
    counters = state.counters
    lookups = state.lookups  # its maps are in card order
    state.recipe_owner = {r: recipes[r] for r in lookups.recipe_cost if r in recipes}
    state.prep_owner = {p: preps[p] for p in lookups.prep_number if p in preps}
    state.counters = {p: counters[p] for p in state.prep_owner if p in counters}
