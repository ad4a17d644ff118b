"""Wok Star's cards and steps in words people read (names, effects, what a step did, with
its numbers). The terminal and the window's presenter, drawing and hover texts share it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from wokphysics.games.wok_star.actions import (
    Advertise,
    Assign,
    BonusDie,
    BonusUpgrade,
    Buy,
    Combo,
    Done,
    Give,
    Next,
    Place,
    Serve,
    TurnAway,
    Upgrade,
    Use,
    Wait,
    WokStarAction,
)
from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.state import WokStarState

EVENT_TEXT = {
    "chefs_special": "serve any dish for ${n}",
    "delivery": "+{n} on every counter",
    "inspector": "-{n} on every counter",
    "spoilage": "end of round: counters above {n} drop to {n}",
    "extra_hands": "everyone rolls {n} extra die this round",
    "power_cut": "everyone's highest unplaced die is set aside",
    "lucky_wok": "unplaced dice are re-rolled",
    "walk_in": "{n} more customer(s) join this round's deck",
    "rush": "the next card comes at once",
    "windfall": "+${n}",
    "tip_jar": "end of round: +${n} per face-up customer",
    "food_critic": "end of round: +${n} if nobody was turned away, else -${n}",
    "repairs": "end of round: -${n}",
}

CHARACTER_TEXT = {
    "grandma": "+{n} on one ingredient counter of your choice",
    "uncle": "re-roll your unplaced dice",
    "cousin": "{n} extra die of your colour this round",
    "auntie": "one Bad Publicity card goes back to the Potential deck",
    "grandpa": "the running timer is turned back to full",
    "little_bo": "the customer on the table is served without ingredients",
}


def possessive(name: str) -> str:
    """``You`` -> ``your``, ``Bot 2 (team)`` -> ``Bot 2 (team)'s``."""
    return "your" if name == "You" else f"{name}'s"


def buys(name: str) -> str:
    """``You`` -> ``You buy``, ``Bot 2 (team)`` -> ``Bot 2 (team) buys``."""
    return f"{name} buy" if name == "You" else f"{name} buys"


def ingredient(state: WokStarState, prep: str) -> str:
    """An ingredient's (and its preparation's) name."""
    return state.config.prep_by_id[prep].name


def recipe(state: WokStarState, recipe_id: str) -> str:
    return state.config.recipe_by_id[recipe_id].name


def card_name(state: WokStarState, card: str) -> str:
    """A customer's dish, or an event's name."""
    if not card:
        return "no card"
    if "#" in card:
        return recipe(state, recipe_of(card))
    return state.config.event_by_id[card].name


def event_effect(state: WokStarState, card: str) -> str:
    """What an event card does."""
    event = state.config.event_by_id[card]
    return EVENT_TEXT[event.kind].format(n=event.amount)


def character_name(state: WokStarState, character: str) -> str:
    return state.config.character_by_id[character].name


def character_effect(state: WokStarState, character: str) -> str:
    card = state.config.character_by_id[character]
    return CHARACTER_TEXT[card.kind].format(n=card.amount)


def methods(state: WokStarState, prep: str) -> list[str]:
    """The preparation's three methods as shown on the card, e.g. ``any die: 1``."""
    card = state.config.prep_by_id[prep]
    made = state.yields(prep)
    return [f"any die: {made[0]}", f"a {card.number}: {made[1]}",
            f"{card.combo.text()}: {made[2]}"]


def action_words(state: WokStarState, action: WokStarAction, names: list[str],
                 seat: int = -1) -> str:
    """What ``action`` does, in words (``names``: the seats' names), e.g. ``placed a 4 on
    Pork``; a character of a seat other than the acting ``seat`` (used for the team) is
    named with its owner, ``used Bot 2 (team)'s Grandma Li on Rice``. The state may be the
    one before or after the step. Dice placed on a teammate's preparation (dice the seat was
    given) name its owner too, ``placed a 5 on Bot 3 (team)'s Bamboo``."""
    if isinstance(action, Place | Combo):
        where = ingredient(state, action.prep)
        owner = state.prep_owner.get(action.prep, seat)
        if seat >= 0 and owner != seat:
            # a die the seat was given, on a teammate's preparation (rules-decisions.md)
            where = f"{possessive(names[owner])} {where}"
        if isinstance(action, Place):
            return f"placed a {action.face} on {where}"
        return f"placed {action.low}+{action.high} on {where} (its combination)"
    if isinstance(action, Give):
        return f"gave a {action.face} to {names[action.seat]}"
    if isinstance(action, Serve):
        return f"served it as {recipe(state, action.recipe)}" if action.recipe else "served"
    if isinstance(action, TurnAway):
        return "turned the customer away"
    if isinstance(action, Wait):
        return "waited"
    if isinstance(action, Next):
        return "turned up the next card"
    if isinstance(action, Use):
        name = character_name(state, action.character)
        owner = next((other for other, chars in enumerate(state.characters)
                      if any(f.id == action.character for f in chars)), seat)
        if seat >= 0 and owner != seat:
            name = f"{possessive(names[owner])} {name}"
        if action.ingredient:
            return f"used {name} on {ingredient(state, action.ingredient)}"
        return f"used {name}"
    if isinstance(action, Done):
        return "finished (Done)"
    if isinstance(action, Buy):
        return f"bought {recipe(state, action.recipe)} for {names[action.seat]}"
    if isinstance(action, Upgrade):
        return f"upgraded {ingredient(state, action.prep)}"
    if isinstance(action, Advertise):
        return "bought advertising (one more customer next round)"
    if isinstance(action, Assign):
        return f"gave the {ingredient(state, action.prep)} preparation to {names[action.seat]}"
    if isinstance(action, BonusDie):
        return "took an extra die as the starting bonus"
    if isinstance(action, BonusUpgrade):
        return f"upgraded {ingredient(state, action.prep)} as the starting bonus"
    return str(action)


class TableBefore(Protocol):
    """What the table showed before a step (:class:`Told`, or the window's snapshot)."""

    @property
    def counters(self) -> dict[str, int]: ...
    @property
    def current(self) -> str: ...
    @property
    def money(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def deadline(self) -> float: ...
    @property
    def overdue(self) -> bool: ...


@dataclass(frozen=True)
class Told:
    """The parts of the table :func:`step_numbers` compares, taken before a step."""

    counters: dict[str, int]
    current: str
    money: int
    round: int
    deadline: float
    overdue: bool

    @classmethod
    def of(cls, state: WokStarState) -> Told:
        return cls(dict(state.counters), state.current, state.money, state.round,
                   state.deadline, state.overdue)


def step_numbers(state: WokStarState, action: WokStarAction, seat: int,
                 before: TableBefore) -> str:
    """The numbers a step just taken by ``seat`` changed, to follow its words, e.g.
    ``: +2, now 3`` after ``placed a 4 on Pork`` (``state`` is the table after it)."""
    if isinstance(action, Place | Combo):
        made = state.counters[action.prep] - before.counters.get(action.prep, 0)
        return f": +{made}, now {state.counters[action.prep]}"
    if isinstance(action, Serve):
        pile = state.piles[seat] if 0 <= seat < len(state.piles) else []
        card = before.current
        if pile and pile[-1].card == card:
            face_up = pile[-1].face_up
        else:  # the round's last card: Accounting has already taken the piles
            face_up = not before.overdue and (not state.config.rules.timer
                                               or state.now <= before.deadline)
        if face_up:
            dollars = (state.config.customer_dollars[card] if "#" in card
                       else state.config.event_by_id[card].amount)
            return f" {card_name(state, card)} face up: ${dollars} at Accounting"
        return f" {card_name(state, card)} face down (late): no money"
    if isinstance(action, TurnAway) and "#" in before.current:
        return (f" ({card_name(state, before.current)}): Bad Publicity "
                f"{len(state.bad)}/{state.config.rules.bad_publicity_limit}")
    if isinstance(action, Buy):
        row = before.round - 1
        base = state.config.purchase_track.recipe_base[row]
        cost = state.config.recipe_by_id[action.recipe].cost
        return f": ${base} + ${cost} = ${base + cost}, ${state.money} left"
    if isinstance(action, Upgrade | Advertise):
        return f": ${before.money - state.money}, ${state.money} left"
    return ""


def step_words(state: WokStarState, action: WokStarAction, names: list[str], seat: int,
               before: TableBefore) -> str:
    """A step just taken by ``seat`` in words with its numbers, e.g. ``placed a 4 on Pork: +2,
    now 3`` (``state`` is the table after it): what the window's log and the terminal say.
    A Chef's Special let go is no customer and brings no Bad Publicity, so it is not told as
    a customer turned away: ``let Chef's Special: Birthday go (no Bad Publicity)``."""
    if isinstance(action, TurnAway) and before.current and "#" not in before.current:
        return f"let {card_name(state, before.current)} go (no Bad Publicity)"
    return action_words(state, action, names, seat) + step_numbers(state, action, seat, before)
