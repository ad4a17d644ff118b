"""Wok Star's declared invariants: cards conserved, counters and pools in range, money >= 0."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from wokphysics.games.protocol import InvariantViolation
from wokphysics.games.wok_star.cards import customer_id
from wokphysics.games.wok_star.model import DIE_FACES, Phase

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState


def _fail(problem: str) -> None:
    raise InvariantViolation(f"wok-star: {problem}")


def check(state: WokStarState) -> None:
    """Raise InvariantViolation naming the first broken invariant."""
    cfg = state.config
    rules = cfg.rules
    if len(state.deck) != len(state.deck_known):
        _fail("deck and its knowledge flags differ in length")
    places: Counter[str] = Counter(state.deck)
    places.update(state.potential)
    places.update(state.bad)
    places.update(state.event_deck)
    places.update(state.event_discard)
    places.update(state.revealed)
    if state.current:
        places[state.current] += 1
    for pile in state.piles:
        places.update(taken.card for taken in pile)
    for card, count in places.items():
        if count != 1:
            _fail(f"card {card} is in {count} places")
    customers = {c for c in places if "#" in c}
    expected = {
        customer_id(r, k)
        for r in state.recipe_owner
        for k in range(1, len(cfg.recipe_by_id[r].customers) + 1)
    }
    if customers != expected:
        missing = sorted(expected - customers)
        extra = sorted(customers - expected)
        _fail(f"customer cards lost {missing} or out of play {extra}")
    events = {c for c in places if "#" not in c}
    wanted_events = {e.id for e in cfg.events} if rules.events else set()
    if events != wanted_events:
        _fail(f"event cards not conserved: {sorted(wanted_events ^ events)}")
    for recipe in state.recipe_owner:
        for ingredient in cfg.recipe_by_id[recipe].ingredients:
            if ingredient not in state.prep_owner:
                _fail(f"{recipe} needs {ingredient}, whose preparation is not in play")
    if set(state.counters) != set(state.prep_owner):
        _fail("ingredient counters and preparations in play differ")
    for ingredient, value in state.counters.items():
        if not 0 <= value <= rules.ingredient_max:
            _fail(f"counter {ingredient} is {value}, outside 0..{rules.ingredient_max}")
    if not set(state.upgraded) <= set(state.prep_owner):
        _fail("an upgraded preparation is not in play")
    if state.phase is not Phase.SETUP_ASSIGN:
        for seat in range(state.num_players):
            if seat not in state.prep_owner.values():
                _fail(f"seat {seat + 1} has no preparation")
    for seat, size in enumerate(state.pool):
        if not 1 <= size <= state.max_dice:
            _fail(f"seat {seat + 1}'s dice pool is {size}, outside 1..{state.max_dice}")
        if state.phase in (Phase.ACTION, Phase.LEFTOVER):
            own = sum(1 for d in state.dice if d.colour == seat and not d.temporary)
            if own != size:
                _fail(f"seat {seat + 1} has {own} dice out, pool {size}")
    for die in state.dice:
        if not 1 <= die.face <= DIE_FACES:
            _fail(f"a die shows {die.face}")
        if die.holder != die.colour and not die.given:
            _fail(f"seat {die.holder + 1} holds seat {die.colour + 1}'s die, not given to it")
    if state.money < 0:
        _fail(f"money is {state.money}")
    if len(state.bad) >= rules.bad_publicity_limit and not state.lost:
        _fail("Bad Publicity reached the limit but the game goes on")
