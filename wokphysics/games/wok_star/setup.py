"""Setup: recipes and customers dealt, preparations assigned, the free starting bonus.

The rulebook lets the table share the preparations out "however you like"; the engine lets
seat 1 do it for the team (``assign PREP to S``), each seat ending with at least one, and
offers every seat's Family Characters meanwhile. Then each seat takes
its bonus (``bonus die`` or ``bonus upgrade PREP``), a solo player twice. The same
``assign`` serves a bought recipe's new preparations in the Purchase phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.draws import shuffle
from wokphysics.games.wok_star import characters, timeline
from wokphysics.games.wok_star.actions import (
    BONUS_DIE,
    Assign,
    BonusDie,
    BonusUpgrade,
    Use,
    WokStarAction,
    assign,
    bonus_upgrade,
)
from wokphysics.games.wok_star.decks import card_order, deal_events
from wokphysics.games.wok_star.model import SETUP_ASSIGN, SETUP_BONUS, FamilyCard

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState

UNASSIGNED = -1
"""``prep_owner`` of a preparation not yet given to a seat."""


def deal(state: WokStarState) -> None:
    """Deal a new table: recipes, preparations, customers, events, dice pools, characters."""
    cfg = state.config
    setup = cfg.setup
    rng = state.rng
    n = state.num_players
    cheap_cost, dear_cost = setup.recipe_costs
    lookups = state.lookups
    costs = lookups.recipe_cost.items()
    cheap = [recipe for recipe, cost in costs if cost == cheap_cost]
    dear = [recipe for recipe, cost in costs if cost == dear_cost]
    shuffle(rng, cheap)
    shuffle(rng, dear)
    cheap_count, dear_count = setup.recipes[n - 1]
    dealt = cheap[:cheap_count] + dear[:dear_count]
    if n == 1:
        for recipe in dealt:
            state.recipe_owner[recipe] = 0
    else:
        seats = list(range(n))
        shuffle(rng, seats)
        for seat, recipe in zip(seats, dealt, strict=True):
            state.recipe_owner[recipe] = seat
    first_counters = setup.first_counters
    for recipe in dealt:
        for ingredient in lookups.ingredients[recipe]:
            state.prep_owner.setdefault(ingredient, UNASSIGNED)
            state.counters[ingredient] = first_counters
    customers = [card for recipe in dealt for card in lookups.customers[recipe]]
    shuffle(rng, customers)
    deck_size, _ = cfg.decks.sizes[n - 1]
    state.deck = customers[:deck_size]
    state.potential = customers[deck_size:]
    state.deck_known = [False] * len(state.deck)
    if cfg.rules.events:
        state.event_deck = list(lookups.event_kind)  # the event ids, in card order
        shuffle(rng, state.event_deck)
        deal_events(state)
    start = cfg.rules.solo_start_dice if state.solo else cfg.rules.start_dice
    state.pool = [start] * n
    if cfg.rules.characters:
        chars = list(lookups.character_kind)  # the character ids, in card order
        shuffle(rng, chars)
        per = setup.solo_characters if state.solo else setup.characters
        for seat in range(n):
            state.characters[seat] = [FamilyCard(chars.pop()) for _ in range(per)]
    bonus = setup.solo_bonus_choices if state.solo else setup.bonus_choices
    state.bonus_left = [bonus] * n
    card_order(state)
    if state.solo:
        for prep in state.prep_owner:
            state.prep_owner[prep] = 0
        begin_bonus(state)
    else:
        state.phase = SETUP_ASSIGN
        state.turn = 0


def begin_bonus(state: WokStarState) -> None:
    """On to the bonus choices (straight to the first round if nobody has one)."""
    state.phase = SETUP_BONUS
    seat = next((s for s in range(state.num_players) if state.bonus_left[s] > 0), None)
    if seat is None:
        timeline.start_round(state)
    else:
        state.turn = seat


def assign_actions(state: WokStarState) -> list[WokStarAction]:
    """Who may take the next preparation: at setup, any seat that still leaves enough
    preparations for the seats without one; a bought recipe's, any seat."""
    seats = range(state.num_players)
    if state.phase is SETUP_ASSIGN:
        owners = state.prep_owner
        prep = next(p for p, owner in owners.items() if owner == UNASSIGNED)
        taken = list(owners.values())
        left_after = taken.count(UNASSIGNED) - 1
        without = [s for s in seats if s not in taken]
        # s may take it if the seats without a preparation, s aside, can still get one each
        allowed = [s for s in seats if len(without) - (s in without) <= left_after]
    else:
        prep = state.pending_assign[0]
        allowed = list(seats)
    return [assign(prep, s) for s in allowed]


def bonus_actions(state: WokStarState) -> list[WokStarAction]:
    """The seat's bonus choices (an extra die while below the maximum pool, or an upgrade)."""
    seat = state.turn
    out: list[WokStarAction] = [BONUS_DIE] if state.pool[seat] < state.max_dice else []
    out += [bonus_upgrade(p) for p in state.preps_of(seat) if p not in state.upgraded]
    return out or [BONUS_DIE]


def legal(state: WokStarState) -> list[WokStarAction]:
    """The legal actions in either setup phase: seat 1 hands the preparations out for the
    team, then each seat takes its bonus; every seat's characters are offered meanwhile
    ("at anytime": Grandma's counter is already on the board)."""
    if state.phase is SETUP_ASSIGN:
        return assign_actions(state) + characters.team_actions(state, state.turn)
    return bonus_actions(state) + characters.team_actions(state, state.turn)


def apply_assign(state: WokStarState, action: WokStarAction) -> None:
    """Seat 1 gives out a starting preparation (the last one starts the bonus choices), or
    a seat's character is used meanwhile."""
    if isinstance(action, Use):
        characters.use(state, state.turn, action)
        return
    assert isinstance(action, Assign)
    state.prep_owner[action.prep] = action.seat
    if all(owner != UNASSIGNED for owner in state.prep_owner.values()):
        begin_bonus(state)


def apply_bonus(state: WokStarState, action: WokStarAction) -> None:
    """A bonus choice (or a character used meanwhile); the last choice starts round 1."""
    seat = state.turn
    if isinstance(action, Use):
        characters.use(state, seat, action)
        return
    if isinstance(action, BonusDie):
        state.pool[seat] = min(state.max_dice, state.pool[seat] + 1)
    elif isinstance(action, BonusUpgrade):
        state.upgraded.append(action.prep)
        state.upgraded.sort()
    state.bonus_left[seat] -= 1
    if any(state.bonus_left):
        state.turn = next(s for s in range(state.num_players) if state.bonus_left[s] > 0)
    else:
        timeline.start_round(state)
