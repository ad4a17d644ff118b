"""Why an action is refused: a reason a person can act on, naming what is wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.protocol import Action
from wokphysics.games.wok_star import actions as kinds
from wokphysics.games.wok_star import late
from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.model import PHASE_WORDS, Phase
from wokphysics.games.wok_star.seats import forced

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState

_DICE_PHASES = (Phase.ACTION, Phase.LEFTOVER)
# The actions that end a seat's go in the Action phase (serve, turn away, wait, next).
_ENDS_A_TURN = (kinds.Serve, kinds.TurnAway, kinds.Wait, kinds.Next)


def why_not(state: WokStarState, action: Action) -> str:
    """Why ``action`` is not legal now (it is known not to be)."""
    if not isinstance(action, kinds.WokStarAction):
        return f"'{action}' is not a Wok Star action"
    n = state.num_players
    if isinstance(action, kinds.Assign | kinds.Give | kinds.Buy) and action.seat >= n:
        return f"seat {action.seat + 1} does not exist: seats are 1 to {n}"
    phase = state.phase
    if phase is Phase.PURCHASE_ASSIGN and not isinstance(action, kinds.Assign | kinds.Use):
        # Not "purchases are made in the Purchase phase; now it is Purchase".
        prep = state.pending_assign[0]
        return (
            f"now it is {PHASE_WORDS[phase]}, but first the new {prep} preparation goes to a "
            f"seat: assign {prep} to SEAT"
        )
    if phase is Phase.ACTION and "#" in state.current and forced(state):
        return _forced(state, action)
    if isinstance(action, kinds.Place | kinds.Combo | kinds.Give) and phase not in _DICE_PHASES:
        return f"dice are placed in the Action phase; now it is {PHASE_WORDS[phase]} (type 'l')"
    if isinstance(action, _ENDS_A_TURN) and phase is Phase.LEFTOVER:
        # Not "that belongs to the Action phase; now it is Action: leftover dice".
        return "the customer deck is empty: place or give your leftover dice, or say 'done'"
    if isinstance(action, _ENDS_A_TURN) and phase is not Phase.ACTION:
        return f"that belongs to the Action phase; now it is {PHASE_WORDS[phase]} (type 'l')"
    if isinstance(action, kinds.Buy | kinds.Upgrade | kinds.Advertise):
        if phase is not Phase.PURCHASE:
            return f"purchases are made in the Purchase phase; now it is {PHASE_WORDS[phase]}"
        return _purchase(state, action)
    if isinstance(action, kinds.Place | kinds.Combo):
        return _placing(state, action)
    if isinstance(action, kinds.Give):
        return _giving(state, action)
    if isinstance(action, kinds.Serve | kinds.TurnAway):
        return _serving(state, action)
    if isinstance(action, kinds.Use):
        return _using(state, action)
    if isinstance(action, kinds.Next):
        if state.config.rules.timer:
            return (
                "'next' is for games without the timer: with it, the next card comes when "
                "this one is dealt with or its sand runs out ('wait' lets time pass)"
            )
        return "'next' turns up the card after an event; a customer is served or turned away"
    if isinstance(action, kinds.Assign):
        return _assigning(state, action)
    if isinstance(action, kinds.BonusDie | kinds.BonusUpgrade):
        return _bonus(state, action)
    return f"'{action}' is not possible now (phase: {PHASE_WORDS[phase]}; type 'l')"


def _assigning(state: WokStarState, action: kinds.Assign) -> str:
    legal = [a for a in state.legal_wok_star_actions() if isinstance(a, kinds.Assign)]
    if not legal and state.phase is Phase.SETUP_BONUS:
        return "the preparations are all given out: each seat now takes its starting bonus"
    if not legal:
        return (
            "preparations are given out at setup and after a recipe is bought; now it is "
            f"{PHASE_WORDS[state.phase]}"
        )
    due = legal[0].prep
    if action.prep not in state.config.prep_by_id:
        return f"'{action.prep}' is not a preparation; the one to give out now is {due}"
    if action.prep != due:
        return f"the preparations go out one at a time: the one now is {due} (assign {due} to SEAT)"
    seats = ", ".join(str(a.seat + 1) for a in legal)
    return f"every player needs at least one preparation: give {due} to seat {seats}"


def _bonus(state: WokStarState, action: kinds.BonusDie | kinds.BonusUpgrade) -> str:
    if state.phase is Phase.SETUP_ASSIGN:
        return "the starting bonus comes once the preparations are given out"
    if state.phase is not Phase.SETUP_BONUS:
        return f"the starting bonus is taken at setup; now it is {PHASE_WORDS[state.phase]}"
    if isinstance(action, kinds.BonusDie):
        return f"your pool is at its maximum of {state.max_dice} dice: upgrade a preparation"
    mine = state.preps_of(state.turn)
    if action.prep in state.upgraded:
        return f"{action.prep} is already upgraded"
    if action.prep not in mine:
        return f"you may upgrade only your own preparations (yours: {', '.join(mine)})"
    return f"'{action}' is not possible now (type 'l')"


def _forced(state: WokStarState, action: kinds.WokStarAction) -> str:
    """Why only serving, completing or turning away the customer is possible now. Dishes and
    ingredients are named as the table and the late-customer notice name them ('Onions &
    Peppers', not the id a command takes)."""
    recipe_id = recipe_of(state.current)
    recipe = state.config.recipe_by_id[recipe_id].name
    why = "the customer's timer ran out" if state.overdue else "nobody has more to do"
    if state.can_serve(recipe_id):
        how = "'serve' (face down)" if state.overdue else "'serve'"
        return f"{why} and the dish can be made: {how}"
    if late.completing(state):
        preps = state.config.prep_by_id
        needs = ", ".join(preps[prep].name for prep in late.missing(state))
        if isinstance(action, kinds.Give):
            return (
                f"the late {recipe} still needs {needs}: hand a die only from a seat with one "
                "to spare to the owner of a missing ingredient who lacks one"
            )
        if isinstance(action, kinds.Place | kinds.Combo):
            return (
                f"the late {recipe} still needs {needs}: that move would leave a missing "
                "ingredient without a die"
            )
        return (
            f"{why}, but the dice the team holds can still make {needs}: finish the order "
            "(place or give dice), then serve it face down"
        )
    return f"{why} and the dish cannot be made: 'turn away'"


def _purchase(state: WokStarState, action: kinds.Buy | kinds.Upgrade | kinds.Advertise) -> str:
    track = state.config.purchase_track
    row = state.round - 1
    money = state.money
    where = f"in round {state.round}; the team has ${money}"
    if isinstance(action, kinds.Buy):
        recipe = state.config.recipe_by_id.get(action.recipe)
        if recipe is None:
            left = [r.id for r in state.config.recipes if r.id not in state.recipe_owner]
            return f"'{action.recipe}' is not a recipe; not yet in play: {', '.join(left)}"
        if recipe.id in state.recipe_owner:
            cook = state.recipe_owner[recipe.id] + 1
            return f"{recipe.id} is already in play (seat {cook} cooks it)"
        base = track.recipe_base[row]
        return f"{recipe.id} costs ${base + recipe.cost} (${base} base + ${recipe.cost}) {where}"
    if isinstance(action, kinds.Upgrade):
        if action.prep not in state.prep_owner:
            return f"'{action.prep}' is not a preparation in play"
        if action.prep in state.upgraded:
            return f"{action.prep} is already upgraded"
        return f"an upgrade costs ${track.upgrade[row]} {where}"
    if not state.potential:
        return "no Potential customers are left to advertise to"
    return f"advertising costs ${track.advertising[row]} {where}"


def _placing(state: WokStarState, action: kinds.Place | kinds.Combo) -> str:
    seat = state.current_player
    owner = state.prep_owner.get(action.prep)
    if owner is None:
        return f"'{action.prep}' is not a preparation in play"
    if isinstance(action, kinds.Combo):
        rule = state.config.prep_by_id[action.prep].combo
        if not rule.met(action.low, action.high):
            return f"{action.prep} needs two dice with {rule.text()}"
    faces = [action.face] if isinstance(action, kinds.Place) else [action.low, action.high]
    held = [d for d in state.dice if d.holder == seat and d.free]
    if owner != seat:
        # "Players may share dice freely": a die given to a teammate goes on any of the
        # team's preparations; a seat's own dice only on its own (rules-decisions.md).
        given = [d.face for d in held if d.given]
        own = [d.face for d in held if not d.given]
        if _covers(given, faces):
            return f"'{action}' is not possible now (type 'l')"
        if _covers(given + own, faces):
            spare = list(given)
            mine: list[int] = []  # the faces only an own die shows
            for face in faces:
                if face in spare:
                    spare.remove(face)
                else:
                    mine.append(face)
            which = "your own " + " and ".join(str(f) for f in mine)
            return (
                f"{action.prep} is seat {owner + 1}'s preparation: {which} goes only on "
                f"your own preparations (a die you were given goes on any of the team's); "
                f"hand it over ('give {mine[0]} to {owner + 1}') and seat {owner + 1} "
                "places it"
            )
    if not _covers([d.face for d in held], faces):
        shown = " ".join(str(f) for f in faces)
        return f"you have no unplaced dice showing {shown}"
    return f"'{action}' is not possible now (type 'l')"


def _covers(faces: list[int], wanted: list[int]) -> bool:
    """Whether dice showing ``faces`` include one die for each of ``wanted``."""
    left = list(faces)
    for face in wanted:
        if face not in left:
            return False
        left.remove(face)
    return True


def _giving(state: WokStarState, action: kinds.Give) -> str:
    seat = state.current_player
    if action.seat == seat:
        return "that die is yours already: give it to another seat"
    if state.num_players == 1:
        return "there is nobody to give a die to"
    return f"you hold no unplaced die showing {action.face}"


def _serving(state: WokStarState, action: kinds.Serve | kinds.TurnAway) -> str:
    seat = state.current_player
    card = state.current
    if not card:
        return "no card is waiting to be served"
    if "#" not in card:
        if not state.is_chefs_special(card):
            return "the current card is an event, not a customer"
        if isinstance(action, kinds.TurnAway):
            return "only a cook with a recipe may decline a Chef's Special"
        if not action.recipe:
            return "name one of your recipes whose ingredients are all there: serve RECIPE"
        mine = state.recipes_of(seat)
        if action.recipe not in mine:
            return f"{action.recipe} is not one of your recipes (yours: {', '.join(mine)})"
        return _empty(state, action.recipe)
    recipe = recipe_of(card)
    cook = state.recipe_owner[recipe]
    if cook != seat:
        verb = "serves" if isinstance(action, kinds.Serve) else "turns away"
        return f"only the owner of {recipe} (seat {cook + 1}) {verb} this customer"
    if isinstance(action, kinds.Serve) and action.recipe:
        return (
            f"this customer ordered {recipe}: type 'serve' (a recipe is named only for a "
            "Chef's Special)"
        )
    return _empty(state, recipe)


def _empty(state: WokStarState, recipe: str) -> str:
    empty = [i for i in state.config.recipe_by_id[recipe].ingredients if state.counters[i] <= 0]
    if not empty:
        return f"{recipe} cannot be served now (type 'l')"
    at = "is" if len(empty) == 1 else "are"
    return f"{recipe} needs {', '.join(empty)}, which {at} at 0: prepare it first"


def _using(state: WokStarState, action: kinds.Use) -> str:
    # every seat's cards may be used at any step ("at anytime", by their owners)
    cards = {f.id: f for chars in state.characters for f in chars}
    family = cards.get(action.character)
    if family is None:
        dealt = ", ".join(cards) or "none"
        return f"'{action.character}' is not a Family Character at this table (dealt: {dealt})"
    if family.used:
        return f"{action.character} has been used already"
    character = state.config.character_by_id[action.character]
    if action.ingredient and character.kind != "grandma":
        # an extra word: only Grandma names an ingredient
        return (
            f"'{action}': {action.character} takes no ingredient (only Grandma names one);"
            f" write 'use {action.character}'"
        )
    if character.kind == "grandma" and action.ingredient not in state.counters:
        return f"name an ingredient in play for {action.character}: use {action.character} ING"
    return f"{action.character} cannot take effect now"
