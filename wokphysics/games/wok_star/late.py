"""Late customers: when the sand runs out on a customer whose order can still be completed.

Rulebook: "If time has run out, and the Customer's order can still be completed, you must
serve them but when you take the card it is placed face down." Decision
(rules-decisions.md): *can still be completed* means with the counters on the board plus the
dice the team holds now. So an overdue customer is, in order:

1. served face down by its recipe's owner, if every ingredient is on the board;
2. otherwise *completed*: while the team's unplaced dice are at least as many as the missing
   ingredients (any die makes at least one ingredient, and "players may share dice freely":
   a seat's own die can be handed to a missing ingredient's owner, and a die given to a
   teammate may be placed by its receiver on any of the team's preparations), the team works
   on it: dice placed on a missing ingredient's preparation (its owner's dice, or a die its
   holder was given), or handed from a seat with a die to spare to a missing ingredient's
   owner who lacks one, as long as the order stays completable, and Family Characters (no
   other card is revealed meanwhile);
3. otherwise turned away by its recipe's owner.

Each hand-over lowers the dice still lacking at the missing ingredients' owners, so the team
cannot pass dice round for ever.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.wok_star.actions import Combo, Give, Place, Use, WokStarAction
from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.dice import dice_actions, pick_die
from wokphysics.games.wok_star.model import FREE, PLACED, Die

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState


def missing(state: WokStarState) -> list[str]:
    """The current customer's ingredients whose counters are at 0 (none for other cards)."""
    card = state.current
    if "#" not in card:
        return []
    ingredients = state.lookups.ingredients[recipe_of(card)]
    return [i for i in ingredients if state.counters[i] <= 0]


def completable(state: WokStarState) -> bool:
    """Whether the team's unplaced dice can make every missing ingredient of the current
    customer, one die each: a die its holder was given goes on any of the team's
    preparations, and an own die can be handed to the owner (it is then a given die), so
    the dice need only be enough."""
    needs = missing(state)
    if not needs:
        return True
    free = 0
    for die in state.dice:
        if die.status is FREE:
            free += 1
    return free >= len(needs)


def completing(state: WokStarState) -> bool:
    """An overdue customer the team must finish before serving it face down."""
    return state.overdue and bool(missing(state)) and completable(state)


def _spare(state: WokStarState, seat: int, needs: list[str]) -> int:
    """Unplaced dice ``seat`` holds beyond the missing ingredients it owns (below 0: it
    lacks that many)."""
    held = sum(1 for d in state.dice if d.holder == seat and d.status is FREE)
    owned = sum(1 for i in needs if state.prep_owner[i] == seat)
    return held - owned


def _keeps(state: WokStarState, seat: int, action: WokStarAction) -> bool:
    """Whether ``action`` leaves the order completable (tried on the table, then undone). A
    hand-over never changes the team's dice, so it always does."""
    if isinstance(action, Place | Combo):
        faces = [action.face] if isinstance(action, Place) else [action.low, action.high]
        used: list[Die] = []
        for face in faces:
            die = pick_die(state, seat, face, action.prep)
            die.status = PLACED
            used.append(die)
        before = state.counters[action.prep]
        state.counters[action.prep] = before + 1  # any die makes at least one
        kept = completable(state)
        state.counters[action.prep] = before
        for die in used:
            die.status = FREE
        return kept
    return isinstance(action, Give | Use)


def _towards(state: WokStarState, seat: int, action: WokStarAction, needs: list[str]) -> bool:
    """Whether a dice move works on the order: on a missing ingredient, or from a seat with
    a die to spare to a missing ingredient's owner who lacks one."""
    if isinstance(action, Place | Combo):
        return action.prep in needs
    if isinstance(action, Give):
        return _spare(state, seat, needs) > 0 and _spare(state, action.seat, needs) < 0
    return False


def actions(state: WokStarState, seat: int, family: list[WokStarAction]) -> list[WokStarAction]:
    """The seat's moves while completing: dice moves towards the order that keep it
    completable, and the Family Characters that can take effect (``family``)."""
    needs = missing(state)
    moves = [
        a
        for a in dice_actions(state, seat)
        if _towards(state, seat, a, needs) and _keeps(state, seat, a)
    ]
    return moves + family
