"""Event cards: what each kind does when revealed, or at the end of the round.

The kinds and amounts come from ``config/wok_star.toml`` (a reconstruction; its ``[[events]]``
comment lists every kind). A Chef's Special is not an effect: it is served like a customer
(see :mod:`~wokphysics.games.wok_star.action_phase`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.wok_star.cards import Event
from wokphysics.games.wok_star.decks import take_potential
from wokphysics.games.wok_star.model import ASIDE, Die, roll

if TYPE_CHECKING:
    from wokphysics.games.wok_star.state import WokStarState


def on_reveal(state: WokStarState, event: Event) -> None:
    """Carry out a reveal-time event."""
    kind = event.kind
    amount = event.amount
    rng = state.rng
    top = state.config.rules.ingredient_max
    counters = state.counters
    if kind == "delivery":
        for key in counters:
            counters[key] = min(top, counters[key] + amount)
    elif kind == "inspector":
        for key in counters:
            counters[key] = max(0, counters[key] - amount)
    elif kind == "extra_hands":
        for seat in range(state.num_players):
            for _ in range(amount):
                state.dice.append(Die(seat, roll(rng), seat, temporary=True))
    elif kind == "power_cut":
        for seat in range(state.num_players):
            free = state.free_dice(seat)
            for _ in range(amount):
                if free:
                    highest = max(free, key=lambda d: d.face)
                    highest.status = ASIDE
                    free.remove(highest)
    elif kind == "lucky_wok":
        for die in state.dice:
            if die.free:
                die.face = roll(rng)
    elif kind == "walk_in":
        for _ in range(amount):
            take_potential(state)
    elif kind == "windfall":
        state.money += amount
        # this round's income (not in the last round, whose accounting alone counts)
        state.windfall_round += amount


def at_end(state: WokStarState, event: Event, face_up_customers: int) -> None:
    """Carry out an end-of-round event at Accounting (``face_up_customers``: this round's)."""
    kind = event.kind
    if kind == "spoilage":
        for key in state.counters:
            state.counters[key] = min(state.counters[key], event.amount)
    elif kind == "tip_jar":
        state.money += event.amount * face_up_customers
    elif kind == "food_critic":
        if state.turned_away_round == 0:
            state.money += event.amount
        else:
            state.money = max(0, state.money - event.amount)
    elif kind == "repairs":
        state.money = max(0, state.money - event.amount)
