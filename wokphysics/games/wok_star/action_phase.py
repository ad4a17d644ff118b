"""Phase 1: Action. Customers are revealed one at a time; the team places dice on its
preparations, serves or turns the customer away, against the sand timers.

Each action moves the injected clock on by its configured cost (divided by the number of
players when ``rules.share_time_between_players``, since the others work meanwhile). After
every action the timers are checked (:func:`~wokphysics.games.wok_star.timeline.catch_up`)
and the next seat is chosen (:mod:`~wokphysics.games.wok_star.seats`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.wok_star import characters, late
from wokphysics.games.wok_star.actions import (
    NEXT,
    SERVE,
    TURN_AWAY,
    WAIT,
    Combo,
    Give,
    Next,
    Place,
    Serve,
    TurnAway,
    Use,
    Wait,
    WokStarAction,
    serve_as,
)
from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.dice import dice_actions, give_die, place_dice
from wokphysics.games.wok_star.model import ACTION, OVER, PileCard
from wokphysics.games.wok_star.seats import forced, next_seat, someone_busy
from wokphysics.games.wok_star.timeline import catch_up, reveal

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState


def legal(state: WokStarState) -> list[WokStarAction]:
    """The acting seat's moves: dice, serving or turning away, characters (every seat's:
    "at anytime", an owner may use its card on any seat's turn), waiting."""
    seat = state.turn
    card = state.current
    lookups = state.lookups
    timer = lookups.timer
    recipe = lookups.customer_recipe.get(card)  # None: not a customer
    if recipe is not None and (state.overdue or (not timer and forced(state))):
        # Family Characters are used "at anytime", after the deadline too (Little Bo serves
        # the late customer face down; Grandpa is left out once the sand has run out), and
        # without the timer when everybody has passed. The cook decides for the team now
        # (characters.acting_for_team), the cook's cards first: a teammate's Grandma or
        # Little Bo may still save the customer from being turned away.
        uses = characters.team_actions(state, seat)
        if state.can_serve(recipe):
            return [SERVE, *uses]
        if late.completing(state):
            return late.actions(state, seat, uses)
        return [TURN_AWAY, *uses]
    out = dice_actions(state, seat)
    chefs = card in lookups.chefs_specials
    if recipe is not None:
        if state.recipe_owner[recipe] == seat:
            if state.can_serve(recipe):
                out.append(SERVE)
            out.append(TURN_AWAY)
    elif chefs:
        for mine in state.recipes_of(seat):
            if state.can_serve(mine):
                out.append(serve_as(mine))
        out.append(TURN_AWAY)
    out += characters.team_actions(state, seat)
    if timer:
        if card and state.now < state.deadline:
            out.append(WAIT)
    else:
        plain_event = bool(card) and recipe is None and not chefs
        if card and not state.idle[seat] and not plain_event:
            out.append(WAIT)
        if plain_event:
            out.append(NEXT)
    return out or ([WAIT] if timer else [NEXT])


_CHANGES_THE_TABLE = frozenset((Place, Combo, Use))
"""The moves after which a seat that passed may have something to do again (a die handed
over changes only its receiver's hand: see :func:`apply`)."""


def apply(state: WokStarState, action: WokStarAction) -> None:
    """Carry out a legal Action-phase action, then check the timers and pick the next seat."""
    seat = state.turn
    kind = type(action)
    again = False
    cost = state.seconds.get(action.verb)
    if cost is not None:
        state.now = state.clock.after_action(state.now, cost)
    if True in state.idle:
        if kind in _CHANGES_THE_TABLE:
            # Something on the table changed: whoever had passed may have a move again.
            # (Bounded: each of these uses up a die or a character.)
            state.idle = [False] * state.num_players
        elif type(action) is Give:
            # Only the receiver's hand changed: it may place or hand on the die. (Dice may
            # go round the table, as at a real one; with the timer each hand-over costs time.)
            state.idle[action.seat] = False
    # Dispatch on the exact class, the commonest first (a random game's steps are 40 % waits,
    # 25 % placements): isinstance() on the protocol's abstract Action is slow, and this is
    # the engine's hottest path.
    if kind is Wait:
        _wait(state, seat)
    elif type(action) is Place or type(action) is Combo:
        place_dice(state, seat, action)
    elif kind is TurnAway:
        _turn_away(state)
    elif type(action) is Give:
        give_die(state, seat, action.face, action.seat)
    elif type(action) is Serve:
        _serve(state, seat, action.recipe)
    elif type(action) is Use:
        # a teammate's card used on this seat's turn (an interrupt): this seat keeps its turn
        again = characters.owner(state, action.character) != seat
        if characters.use(state, seat, action):
            reveal(state, state.now)
    elif kind is Next:
        state.revealed.append(state.current)
        reveal(state, state.now)
    if state.phase is not ACTION:
        return
    if state.now >= state.deadline and state.lookups.timer:
        catch_up(state)
        if state.phase is not ACTION:
            return
    state.turn = next_seat(state, seat, include_self=again)


def _wait(state: WokStarState, seat: int) -> None:
    if state.lookups.timer:
        if someone_busy(state):
            state.now = state.clock.wait_for(state.now, state.wait_seconds)
        else:
            state.now = state.clock.wait_until(state.now, state.deadline)
    else:
        state.idle[seat] = True


def _serve(state: WokStarState, seat: int, recipe: str) -> None:
    card = state.current
    if not recipe:
        recipe = recipe_of(card)
    for ingredient in state.lookups.ingredients[recipe]:
        state.counters[ingredient] -= 1
    state.piles[seat].append(PileCard(card, state.in_time()))
    reveal(state, state.now)


def _turn_away(state: WokStarState) -> None:
    card = state.current
    if "#" in card:
        state.bad.append(card)
        state.turned_away_round += 1
        if len(state.bad) >= state.lookups.bad_publicity_limit:
            state.current = ""
            state.lost = True
            state.phase = OVER
            return
    else:
        state.revealed.append(card)  # a Chef's Special declined: no Bad Publicity
    reveal(state, state.now)
