"""Why an action is refused: a reason a person can act on, for the common mistakes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.protocol import Action
from wokphysics.games.wok_star.actions import (
    Advertise,
    Buy,
    Combo,
    Give,
    Place,
    Serve,
    TurnAway,
    Upgrade,
    Use,
    Wait,
    WokStarAction,
)
from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.model import Phase
from wokphysics.games.wok_star.seats import forced

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState

_ACTION_ONLY = (Place, Combo, Give, Serve, TurnAway, Wait, Use)


def why_not(state: WokStarState, action: Action) -> str:
    """Why ``action`` is not legal now (it is known not to be)."""
    if not isinstance(action, WokStarAction):
        return f"'{action}' is not a Wok Star action"
    seat = state.current_player
    phase = state.phase
    if phase is Phase.ACTION and forced(state):
        why = "the customer's timer ran out" if state.overdue else "nobody has more to do"
        if state.can_serve(recipe_of(state.current)):
            return f"{why} and the dish can be made: 'serve'"
        return f"{why} and the dish cannot be made: 'turn away'"
    if isinstance(action, _ACTION_ONLY) and phase not in (Phase.ACTION, Phase.LEFTOVER):
        return f"that belongs to the Action phase; now it is {phase.value} (type 'l')"
    if isinstance(action, Buy | Upgrade | Advertise) and phase is Phase.PURCHASE:
        return f"the team has ${state.money}: not enough, or not available (type 'l')"
    if isinstance(action, Place | Combo):
        owner = state.prep_owner.get(action.prep)
        if owner is None:
            return f"'{action.prep}' is not a preparation in play"
        if owner != seat:
            return f"only its owner (seat {owner + 1}) may place dice on {action.prep}"
        if isinstance(action, Combo):
            rule = state.config.prep_by_id[action.prep].combo
            if not rule.met(action.low, action.high):
                return f"{action.prep} needs two dice with {rule.text()}"
        return "you have no unplaced dice showing that"
    if isinstance(action, Serve | TurnAway) and not state.current:
        return "no card is waiting to be served"
    if isinstance(action, Serve | TurnAway) and "#" not in state.current:
        if state.is_chefs_special(state.current):
            return "name one of your recipes whose ingredients are all there: serve RECIPE"
        return "the current card is an event, not a customer"
    if isinstance(action, TurnAway):
        return "only the cook of the customer's recipe turns it away"
    if isinstance(action, Serve) and "#" in state.current:
        recipe = recipe_of(state.current)
        if state.recipe_owner[recipe] != seat:
            return f"only the owner of {recipe} (seat {state.recipe_owner[recipe] + 1}) serves it"
        return f"an ingredient of {recipe} is at 0: prepare it first"
    return f"'{action}' is not possible now (phase: {phase.value}; type 'help')"
