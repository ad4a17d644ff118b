"""Late customers: when the sand runs out on a customer whose order can still be completed.

Rulebook: "If time has run out, and the Customer's order can still be completed, you must
serve them but when you take the card it is placed face down." Decision
(rules-decisions.md): *can still be completed* means with the counters on the board plus the
dice the team holds now. So an overdue customer is, in order:

1. served face down by its recipe's owner, if every ingredient is on the board;
2. otherwise *completed*: while every missing ingredient can still be made by a different
   unplaced die (held by that preparation's owner, or an own-colour die its holder can hand
   over), the team works on it: dice placed on a missing ingredient's preparation or handed
   to its owner, as long as the order stays completable, and Family Characters (no other
   card is revealed meanwhile);
3. otherwise turned away by its recipe's owner.

Any die makes at least one ingredient, so a missing ingredient needs exactly one die; whether
the dice go round is a small bipartite matching (missing ingredients to dice).
"""

from __future__ import annotations

from collections.abc import Callable
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
    customer, one die each (the owner's own, or one handed to the owner)."""
    needs = missing(state)
    if not needs:
        return True
    dice = [d for d in state.dice if d.status is FREE]
    if len(dice) < len(needs):
        return False
    owners = [state.prep_owner[i] for i in needs]
    matched: dict[int, int] = {}  # die index -> need index

    # an augmenting path of the matching; it calls itself through ``again`` (itself, passed
    # in), not by its name, so that the closure is no reference cycle for the collector
    def augment(again: Callable[[Callable[..., bool], int, set[int]], bool], need: int,
                seen: set[int]) -> bool:
        for index, die in enumerate(dice):
            if index in seen or not _fits(die, owners[need]):
                continue
            seen.add(index)
            if index not in matched or again(again, matched[index], seen):
                matched[index] = need
                return True
        return False

    return all(augment(augment, need, set()) for need in range(len(needs)))


def _fits(die: Die, owner: int) -> bool:
    """Whether ``die`` can make an ingredient of ``owner``'s preparation: it is the owner's,
    or it was handed to the owner."""
    return die.holder == owner or die.colour == die.holder


def completing(state: WokStarState) -> bool:
    """An overdue customer the team must finish before serving it face down."""
    return state.overdue and bool(missing(state)) and completable(state)


def _keeps(state: WokStarState, seat: int, action: WokStarAction) -> bool:
    """Whether ``action`` leaves the order completable (tried on the table, then undone)."""
    if isinstance(action, Give):
        die = pick_die(state, seat, action.face, own=True)
        die.holder = action.seat
        kept = completable(state)
        die.holder = seat
        return kept
    if isinstance(action, Place | Combo):
        faces = [action.face] if isinstance(action, Place) else [action.low, action.high]
        used: list[Die] = []
        for face in faces:
            die = pick_die(state, seat, face, own=False)
            die.status = PLACED
            used.append(die)
        before = state.counters[action.prep]
        state.counters[action.prep] = before + 1  # any die makes at least one
        kept = completable(state)
        state.counters[action.prep] = before
        for die in used:
            die.status = FREE
        return kept
    return isinstance(action, Use)


def _towards(state: WokStarState, action: WokStarAction, needs: list[str]) -> bool:
    """Whether a dice move works on the order: on a missing ingredient, or to its owner."""
    if isinstance(action, Place | Combo):
        return action.prep in needs
    if isinstance(action, Give):
        return any(state.prep_owner[i] == action.seat for i in needs)
    return False


def actions(state: WokStarState, seat: int, family: list[WokStarAction]) -> list[WokStarAction]:
    """The seat's moves while completing: dice moves towards the order that keep it
    completable, and its Family Characters that can take effect (``family``)."""
    needs = missing(state)
    moves = [
        a
        for a in dice_actions(state, seat)
        if _towards(state, a, needs) and _keeps(state, seat, a)
    ]
    return moves + family
