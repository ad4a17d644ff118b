"""Wok Star's actions: one small frozen value type with a text form that parses back.

Text forms (seats are written 1-based, as people count them; dice by the face they show):

==============================  ==========================================================
``assign PREP to S``            give a preparation card to seat S (setup, new recipes)
``bonus die`` / ``bonus upgrade PREP``   the free starting bonus
``place V on PREP``             put one of your unplaced dice showing V on your preparation
``combo V+W on PREP``           put two dice (V <= W) meeting the card's criterion on it
``give V to S``                 hand one of your own unplaced dice showing V to seat S
``serve`` / ``serve RECIPE``    serve the current customer (a Chef's Special: as RECIPE)
``turn away``                   turn the current card away
``wait``                        let time pass (no timer: "I am done with this card")
``next``                        reveal the next card after an event (no-timer games)
``use CHAR`` / ``use CHAR ING`` use your Family Character (Grandma names an ingredient)
``done``                        stop placing leftover dice / end the purchases
``buy RECIPE for S``            buy a recipe for seat S
``upgrade PREP``                flip a preparation to its upgraded side
``advertise``                   buy one advertising card
==============================  ==========================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wokphysics.games.protocol import Action, ActionParseError


@dataclass(frozen=True, slots=True)
class WokAction(Action):
    """A Wok Star action. ``verb`` names it; the other fields are its arguments.

    ``seat`` is 0-based inside (text is 1-based); ``value``/``value2`` are die faces 1-6.
    """

    verb: str
    target: str = ""
    value: int = 0
    value2: int = 0
    seat: int = -1
    extra: str = ""

    def __str__(self) -> str:
        verb = self.verb
        if verb == "assign":
            return f"assign {self.target} to {self.seat + 1}"
        if verb == "bonus_die":
            return "bonus die"
        if verb == "bonus_upgrade":
            return f"bonus upgrade {self.target}"
        if verb == "place":
            return f"place {self.value} on {self.target}"
        if verb == "combo":
            return f"combo {self.value}+{self.value2} on {self.target}"
        if verb == "give":
            return f"give {self.value} to {self.seat + 1}"
        if verb == "serve":
            return f"serve {self.target}" if self.target else "serve"
        if verb == "turn_away":
            return "turn away"
        if verb == "use":
            return f"use {self.target} {self.extra}" if self.extra else f"use {self.target}"
        if verb == "buy":
            return f"buy {self.target} for {self.seat + 1}"
        if verb == "upgrade":
            return f"upgrade {self.target}"
        return verb  # wait, next, done, advertise


SIMPLE_VERBS = ("wait", "next", "done", "advertise")

_NAME = r"([a-z][a-z0-9_]*)"
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"^assign {_NAME} to (\d+)$"), "assign"),
    (re.compile(r"^bonus die$"), "bonus_die"),
    (re.compile(rf"^bonus upgrade {_NAME}$"), "bonus_upgrade"),
    (re.compile(rf"^place ([1-6]) on {_NAME}$"), "place"),
    (re.compile(rf"^combo ([1-6])\+([1-6]) on {_NAME}$"), "combo"),
    (re.compile(r"^give ([1-6]) to (\d+)$"), "give"),
    (re.compile(rf"^serve(?: {_NAME})?$"), "serve"),
    (re.compile(r"^turn away$"), "turn_away"),
    (re.compile(rf"^use {_NAME}(?: {_NAME})?$"), "use"),
    (re.compile(rf"^buy {_NAME} for (\d+)$"), "buy"),
    (re.compile(rf"^upgrade {_NAME}$"), "upgrade"),
]


def _seat(text: str) -> int:
    number = int(text)
    if not 1 <= number <= 4:
        raise ActionParseError(f"seat {number} does not exist; seats are 1 to 4")
    return number - 1


def parse_action(text: str) -> WokAction:
    """Read an action's text form (spaces collapsed, case ignored)."""
    clean = " ".join(text.strip().lower().split())
    if clean in SIMPLE_VERBS:
        return WokAction(clean)
    for pattern, verb in _PATTERNS:
        match = pattern.match(clean)
        if match is None:
            continue
        groups = match.groups()
        if verb in ("assign", "buy"):
            return WokAction(verb, target=groups[0], seat=_seat(groups[1]))
        if verb == "bonus_die":
            return WokAction(verb)
        if verb in ("bonus_upgrade", "upgrade"):
            return WokAction(verb, target=groups[0])
        if verb == "place":
            return WokAction(verb, target=groups[1], value=int(groups[0]))
        if verb == "combo":
            low, high = sorted((int(groups[0]), int(groups[1])))
            return WokAction(verb, target=groups[2], value=low, value2=high)
        if verb == "give":
            return WokAction(verb, value=int(groups[0]), seat=_seat(groups[1]))
        if verb == "serve":
            return WokAction(verb, target=groups[0] or "")
        if verb == "turn_away":
            return WokAction(verb)
        return WokAction(verb, target=groups[0], extra=groups[1] or "")  # use
    raise ActionParseError(f"'{text.strip()}' is not a Wok Star action (type 'help')")
