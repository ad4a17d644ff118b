"""Who acts next in the Action phase: the simultaneous kitchen, serialised.

The next seat is chosen round-robin among the seats that still have something to do
(unplaced dice, the current customer's recipe, a Chef's Special to serve, an unused
character). An overdue customer, or (without timer) a customer nobody can do more for, is
handed to its recipe's owner; an overdue customer the team must still complete
(:mod:`.late`) goes round the seats that can place or give a die towards it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.wok_star import late
from wokphysics.games.wok_star.model import FREE

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState


def holders(state: WokStarState) -> set[int]:
    """The seats holding unplaced dice."""
    return {d.holder for d in state.dice if d.status is FREE}


def busy(
    state: WokStarState, seat: int, as_handler: bool = True, holding: set[int] | None = None
) -> bool:
    """Whether ``seat`` has something to do besides waiting (``as_handler``: counting serving
    or turning away the current customer; ``holding``: :func:`holders`, if already known)."""
    if state.idle[seat]:
        return False
    if state.overdue:
        if late.completing(state):
            return bool(late.actions(state, seat, []))
        return seat == state.handler()
    if holding is None:
        holding = holders(state)
    if seat in holding:
        return True
    if as_handler and state.handler() == seat:
        return True
    if state.is_chefs_special(state.current) and seat in state.recipe_owner.values():
        return True
    return any(not family.used for family in state.characters[seat])


def someone_busy(state: WokStarState) -> bool:
    """Whether any seat has something to do besides waiting."""
    if state.overdue:
        return any(busy(state, s) for s in range(state.num_players))
    return _first_busy(state, 0, 0, state.handler()) >= 0


def forced(state: WokStarState) -> bool:
    """A customer must be resolved now: its timer ran out, or (no timer) nobody has anything
    left to do for it but serve it or turn it away."""
    if state.overdue:
        return True
    if state.lookups.timer or "#" not in state.current:
        return False
    holding = holders(state)
    return not any(
        busy(state, s, as_handler=False, holding=holding) for s in range(state.num_players)
    )


def next_seat(state: WokStarState, after: int, include_self: bool) -> int:
    """Round-robin: the next seat with something to do (else the seat after ``after``)."""
    n = state.num_players
    handler = state.handler()
    start = 0 if include_self else 1
    if state.overdue:
        # A customer past its time goes to its cook, unless the team must complete it.
        if handler >= 0 and not late.completing(state):
            return handler
        for step in range(start, n + start):
            seat = (after + step) % n
            if busy(state, seat):
                return seat
        return (after + start) % n
    if handler >= 0 and not state.lookups.timer and forced(state):
        return handler  # (forced() is never true with the timer unless overdue)
    seat = _first_busy(state, after, start, handler)
    return seat if seat >= 0 else (after + start) % n


def _first_busy(state: WokStarState, after: int, start: int, handler: int) -> int:
    """The first busy seat from ``after + start`` round the table (-1: none), while no
    customer is overdue: :func:`busy` unrolled, as this is the engine's hottest loop. A seat
    that passed is idle; otherwise it is busy as the customer's cook, as a cook when a Chef's
    Special shows, with unplaced dice, or with an unused character. (The dice are scanned per
    seat, stopping at the first free one: cheaper than building :func:`holders`, as the first
    seat asked is usually busy.)"""
    n = state.num_players
    idle = state.idle
    dice = state.dice
    cooks = state.recipe_owner.values() if state.current in state.lookups.chefs_specials else ()
    characters = state.characters
    for step in range(start, n + start):
        seat = (after + step) % n
        if idle[seat]:
            continue
        if seat == handler or seat in cooks:
            return seat
        for die in dice:
            if die.holder == seat and die.status is FREE:
                return seat
        for family in characters[seat]:
            if not family.used:
                return seat
    return -1
