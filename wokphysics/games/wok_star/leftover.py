"""The end of Phase 1: leftover dice.

"If there are any unplaced dice at the end of the Action phase, the players may spend these
dice as normal to prepare ingredients that will carry over into the next round." Seats holding
unplaced dice or a Family Character that can act take turns (from seat 1) placing one or two,
giving one to a teammate (as normal; the receiver then gets a turn to place it), using a
Family Character (any seat's may be used on any turn: then its owner gets a turn again, for
Cousin's dice say, and the acting seat keeps its turn), or saying ``done``; when nobody has
anything left to do, Accounting follows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.wok_star import accounting, characters
from wokphysics.games.wok_star.actions import DONE, Combo, Done, Give, Place, Use, WokStarAction
from wokphysics.games.wok_star.dice import dice_actions, give_die, place_dice
from wokphysics.games.wok_star.model import LEFTOVER

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState


def start(state: WokStarState) -> None:
    """The deck ran out: seats with unplaced dice may place them."""
    state.phase = LEFTOVER
    state.overdue = False
    state.finished = [not _has_a_turn(state, s) for s in range(state.num_players)]
    _next_turn(state, state.num_players - 1)


def _has_a_turn(state: WokStarState, seat: int) -> bool:
    """Whether ``seat`` can do something now: place or give unplaced dice, or use a Family
    Character that has an effect ("at anytime": a seat with no dice left may still use
    Grandma, Auntie, or Cousin for dice to place)."""
    return bool(state.free_dice(seat) or characters.actions(state, seat))


def _next_turn(state: WokStarState, after: int) -> None:
    n = state.num_players
    for step in range(1, n + 1):
        seat = (after + step) % n
        if not state.finished[seat] and _has_a_turn(state, seat):
            state.turn = seat
            return
    accounting.account(state)


def legal(state: WokStarState) -> list[WokStarAction]:
    """Placements and gifts of the seat's unplaced dice, every seat's characters (its own
    first), or ``done``."""
    seat = state.turn
    return [*dice_actions(state, seat), *characters.team_actions(state, seat), DONE]


def apply(state: WokStarState, action: WokStarAction) -> None:
    """Place or give dice, use a character, or stop (``done``); then the next seat."""
    seat = state.turn
    if isinstance(action, Done):
        state.finished[seat] = True
    elif isinstance(action, Place | Combo):
        place_dice(state, seat, action)
    elif isinstance(action, Give):
        give_die(state, seat, action.face, action.seat)
        state.finished[action.seat] = False  # the receiver may place it
    elif isinstance(action, Use):
        owner = characters.owner(state, action.character)
        characters.use(state, seat, action)
        if owner != seat:  # an interrupt: the owner may have dice now, this seat goes on
            state.finished[owner] = False
            _next_turn(state, seat - 1)
            return
    _next_turn(state, seat)
