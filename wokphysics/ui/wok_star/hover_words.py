"""Wok Star's words for what the pointer rests on in the window: a preparation and its
counter, a recipe, an event, a Family card, a timer, the deck, a served pile, a die, the
customer. The presenter says them (:meth:`~.presenter.StarPresenter.hover_text`); the drawing
draws them."""

from __future__ import annotations

from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.timers import TIMER_NAMES
from wokphysics.games.wok_star.words import (
    card_name,
    character_effect,
    character_name,
    event_effect,
    ingredient,
    methods,
    possessive,
    recipe,
)
from wokphysics.ui.wok_star.layout import StarTarget
from wokphysics.ui.wok_star.session import StarSession


def hover_words(session: StarSession, target: StarTarget) -> str:
    """Details of what the pointer rests on ("" for nothing to say)."""
    state = session.state
    kind = target.kind
    if kind in ("counter", "prep"):
        owner = possessive(session.names[state.prep_owner[target.key]])
        return (f"{ingredient(state, target.key)} ({owner} preparation), counter "
                f"{state.counters[target.key]}: {'; '.join(methods(state, target.key))}")
    if kind == "recipe":
        card = state.config.recipe_by_id[target.key]
        owner = session.names[state.recipe_owner[target.key]]
        parts = ", ".join(f"{ingredient(state, i)} {state.counters[i]}"
                          for i in card.ingredients)
        dollars = " ".join(f"${d}" for d in card.customers)
        return f"{card.name}, cooked by {owner}: {parts}. Customers pay {dollars}."
    if kind == "event":
        return f"{card_name(state, target.key)}: {event_effect(state, target.key)}"
    if kind == "family":
        return (f"{character_name(state, target.key)}, once per game: "
                f"{character_effect(state, target.key)}")
    if kind == "timer":
        timer = state.timers[target.index]
        left = timer.sand_on_top(session.time_s)
        return (f"The {TIMER_NAMES[target.index]} timer: {left:.1f} s of sand on top. "
                "Each card flips the other timer, even if it has not run out.")
    if kind == "deck":
        return (f"{len(state.deck)} cards face down: customers and events. "
                f"{len(state.potential)} more wait in the Potential deck.")
    if kind == "pile":
        pile = state.piles[target.seat]
        if not pile:
            return f"{session.names[target.seat]} has served nobody yet this round."
        cards = ", ".join(card_name(state, t.card) + ("" if t.face_up else " (down)")
                          for t in pile)
        return f"Served this round: {cards}"
    if kind == "die":
        die = state.dice[target.index]
        whose = possessive(session.names[die.colour])
        if die.given:
            return (f"A {die.face} ({whose} colour), given to "
                    f"{session.names[die.holder]}: it goes on any of the team's "
                    "preparations, or to a teammate.")
        return (f"A {die.face} ({whose} colour). Drag it onto {whose} preparations, or "
                "to a teammate.")
    if kind == "customer" and state.current:
        if "#" in state.current:
            return (f"{card_name(state, state.current)} for "
                    f"{recipe(state, recipe_of(state.current))}: click to serve, "
                    "right-click to turn away.")
        return f"{card_name(state, state.current)}: {event_effect(state, state.current)}"
    return ""
