"""Phase 1's sequence of cards: the round starts, cards are revealed under the sand timers,
and a customer whose sand ran out becomes overdue.

Every reveal flips the timer not used last (see :mod:`~wokphysics.games.wok_star.timers`).
An event is carried out when revealed; a Lunch Rush reveals the next card at once. When the
deck is empty the round's leftover dice come next (:mod:`~wokphysics.games.wok_star.leftover`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.draws import shuffle
from wokphysics.games.wok_star import events, leftover
from wokphysics.games.wok_star.model import ACTION, Die, roll
from wokphysics.games.wok_star.seats import next_seat
from wokphysics.games.wok_star.timers import NOT_YET, flip, fresh_timers

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState

NO_DEADLINE = -1.0
"""``deadline`` when no timer runs (no-timer games, no card)."""


def turn_key(state: WokStarState) -> tuple[object, ...]:
    """What identifies a turn (the window and the terminal autosave when it changes): a card
    of the Action phase, or any step of the others."""
    if state.phase is ACTION:
        return (state.phase, state.round, state.current, len(state.deck))
    return (state.phase, state.round, len(state.history))


def start_round(state: WokStarState) -> None:
    """Shuffle the Customer deck, roll every pool, and reveal the first card."""
    rng = state.rng
    n = state.num_players
    state.phase = ACTION
    order = list(range(len(state.deck)))
    shuffle(rng, order)
    state.deck = [state.deck[i] for i in order]
    state.deck_known = [state.deck_known[i] for i in order]
    state.dice = [Die(seat, roll(rng), seat) for seat in range(n) for _ in range(state.pool[seat])]
    state.timers = fresh_timers(state.now)
    state.last_timer = NOT_YET
    state.idle = [False] * n
    state.turned_away_round = 0
    state.turn = (state.round - 1) % n
    reveal(state, state.now)
    if state.phase is ACTION:
        state.turn = next_seat(state, state.turn, include_self=True)


def reveal(state: WokStarState, at: float) -> None:
    """Flip a timer at ``at`` and reveal the next card (or end the Action phase)."""
    lookups = state.lookups
    while True:
        state.overdue = False
        state.idle = [False] * state.num_players
        if lookups.timer:
            state.last_timer, state.deadline = flip(
                state.timers, state.last_timer, at, lookups.timer_seconds, lookups.sand_physics
            )
        else:
            state.deadline = NO_DEADLINE
        if not state.deck:
            state.current = ""
            leftover.start(state)
            return
        card = state.deck.pop()
        state.deck_known.pop()
        state.current = card
        if "#" in card:
            return
        kind = lookups.event_kind[card]
        if kind == "chefs_special":
            return
        if lookups.event_when[card] == "reveal":
            events.on_reveal(state, state.config.event_by_id[card])
        if kind == "rush":
            state.revealed.append(card)
            continue
        return


def catch_up(state: WokStarState) -> None:
    """After the clock moved: reveal past finished events, mark an overdue customer."""
    if not state.lookups.timer:
        return
    while state.phase is ACTION and state.current and not state.overdue:
        if state.now < state.deadline:
            return
        card = state.current
        if "#" in card:
            state.overdue = True
            return
        # An event's (or an unserved Chef's Special's) timer ran out: next card, flipped
        # the moment the sand ran out.
        state.revealed.append(card)
        reveal(state, state.deadline)
