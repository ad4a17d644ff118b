"""Wok Star's actions: one small frozen class per verb, each with a text form that parses back.

Text forms (seats are written 1-based, as people count them; dice by the face they show):

==============================  ==========================================================
``assign PREP to S``            give a preparation card to seat S (setup, new recipes)
``bonus die`` / ``bonus upgrade PREP``   the free starting bonus
``place V on PREP``             put one of your unplaced dice showing V on your preparation
``combo V+W on PREP``           put two dice (V <= W) meeting the card's criterion on it
``give V to S``                 hand one of your unplaced dice showing V to seat S
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

:func:`parse_action` reads exactly these forms (case and spacing aside); a missing or extra
word is an :class:`~wokphysics.games.protocol.ActionParseError` naming the form. Whether a
seat exists in this game is the state's check, so a 2-player game can say "seats are 1 to 2".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import ClassVar, final

from wokphysics.games.protocol import Action, ActionParseError
from wokphysics.games.text import typed_number
from wokphysics.games.wok_star.model import DIE_FACES


class WokStarAction(Action):
    """Any Wok Star action. ``verb`` names its kind; subclasses hold the arguments."""

    __slots__ = ()
    verb: ClassVar[str]
    form: ClassVar[str]
    """The text form with placeholders, for messages and help."""

    def __str__(self) -> str:
        """The action's text form; an action with arguments writes them in (its own
        ``__str__``), one without is its form."""
        return self.form


@final
@dataclass(frozen=True, slots=True)
class Assign(WokStarAction):
    """Give preparation ``prep`` to ``seat`` (0-based)."""

    prep: str
    seat: int
    verb: ClassVar[str] = "assign"
    form: ClassVar[str] = "assign PREP to SEAT"

    def __str__(self) -> str:
        return f"assign {self.prep} to {self.seat + 1}"


@final
@dataclass(frozen=True, slots=True)
class BonusDie(WokStarAction):
    """The free starting bonus: one more die in the pool."""

    verb: ClassVar[str] = "bonus_die"
    form: ClassVar[str] = "bonus die"


@final
@dataclass(frozen=True, slots=True)
class BonusUpgrade(WokStarAction):
    """The free starting bonus: upgrade one of your preparations."""

    prep: str
    verb: ClassVar[str] = "bonus_upgrade"
    form: ClassVar[str] = "bonus upgrade PREP"

    def __str__(self) -> str:
        return f"bonus upgrade {self.prep}"


@final
@dataclass(frozen=True, slots=True)
class Place(WokStarAction):
    """Put one unplaced die showing ``face`` on your preparation ``prep``."""

    prep: str
    face: int
    verb: ClassVar[str] = "place"
    form: ClassVar[str] = "place FACE on PREP"

    def __str__(self) -> str:
        return f"place {self.face} on {self.prep}"


@final
@dataclass(frozen=True, slots=True)
class Combo(WokStarAction):
    """Put two unplaced dice showing ``low`` <= ``high`` on ``prep`` as its combination."""

    prep: str
    low: int
    high: int
    verb: ClassVar[str] = "combo"
    form: ClassVar[str] = "combo FACE+FACE on PREP"

    def __str__(self) -> str:
        return f"combo {self.low}+{self.high} on {self.prep}"


@final
@dataclass(frozen=True, slots=True)
class Give(WokStarAction):
    """Hand one of the unplaced dice you hold showing ``face`` to ``seat`` (0-based): your
    own or one you were given."""

    face: int
    seat: int
    verb: ClassVar[str] = "give"
    form: ClassVar[str] = "give FACE to SEAT"

    def __str__(self) -> str:
        return f"give {self.face} to {self.seat + 1}"


@final
@dataclass(frozen=True, slots=True)
class Serve(WokStarAction):
    """Serve the current card: a customer (``recipe`` empty) or a Chef's Special as
    ``recipe``, one of the server's recipes."""

    recipe: str = ""
    verb: ClassVar[str] = "serve"
    form: ClassVar[str] = "serve [RECIPE]"

    def __str__(self) -> str:
        return f"serve {self.recipe}" if self.recipe else "serve"


@final
@dataclass(frozen=True, slots=True)
class TurnAway(WokStarAction):
    """Turn the current card away (a customer: Bad Publicity; a Chef's Special: declined)."""

    verb: ClassVar[str] = "turn_away"
    form: ClassVar[str] = "turn away"


@final
@dataclass(frozen=True, slots=True)
class Wait(WokStarAction):
    """Let time pass (without timer: pass until something changes)."""

    verb: ClassVar[str] = "wait"
    form: ClassVar[str] = "wait"


@final
@dataclass(frozen=True, slots=True)
class Next(WokStarAction):
    """Reveal the next card after an event (games without the timer)."""

    verb: ClassVar[str] = "next"
    form: ClassVar[str] = "next"


@final
@dataclass(frozen=True, slots=True)
class Use(WokStarAction):
    """Use Family Character ``character``; Grandma names an ``ingredient``."""

    character: str
    ingredient: str = ""
    verb: ClassVar[str] = "use"
    form: ClassVar[str] = "use CHARACTER [INGREDIENT]"

    def __str__(self) -> str:
        if self.ingredient:
            return f"use {self.character} {self.ingredient}"
        return f"use {self.character}"


@final
@dataclass(frozen=True, slots=True)
class Done(WokStarAction):
    """Stop placing leftover dice, or end the round's purchases."""

    verb: ClassVar[str] = "done"
    form: ClassVar[str] = "done"


@final
@dataclass(frozen=True, slots=True)
class Buy(WokStarAction):
    """Buy ``recipe`` for ``seat`` (0-based)."""

    recipe: str
    seat: int
    verb: ClassVar[str] = "buy"
    form: ClassVar[str] = "buy RECIPE for SEAT"

    def __str__(self) -> str:
        return f"buy {self.recipe} for {self.seat + 1}"


@final
@dataclass(frozen=True, slots=True)
class Upgrade(WokStarAction):
    """Turn preparation ``prep`` to its upgraded side."""

    prep: str
    verb: ClassVar[str] = "upgrade"
    form: ClassVar[str] = "upgrade PREP"

    def __str__(self) -> str:
        return f"upgrade {self.prep}"


@final
@dataclass(frozen=True, slots=True)
class Advertise(WokStarAction):
    """Buy one advertising card (a Potential customer into the next deck)."""

    verb: ClassVar[str] = "advertise"
    form: ClassVar[str] = "advertise"


ACTION_CLASSES: tuple[type[WokStarAction], ...] = (
    Assign,
    BonusDie,
    BonusUpgrade,
    Place,
    Combo,
    Give,
    Serve,
    TurnAway,
    Wait,
    Next,
    Use,
    Done,
    Buy,
    Upgrade,
    Advertise,
)

# The argument-free actions, made once.
BONUS_DIE = BonusDie()
SERVE = Serve()
TURN_AWAY = TurnAway()
WAIT = Wait()
NEXT = Next()
DONE = Done()
ADVERTISE = Advertise()

_SIMPLE: dict[str, WokStarAction] = {
    "wait": WAIT,
    "next": NEXT,
    "done": DONE,
    "advertise": ADVERTISE,
}

# Legal actions are rebuilt for every state (a frozen dataclass is slow to make); equal
# ones are made once and shared.
place = lru_cache(maxsize=1024)(Place)
combo = lru_cache(maxsize=4096)(Combo)
give = lru_cache(maxsize=256)(Give)
assign = lru_cache(maxsize=256)(Assign)
bonus_upgrade = lru_cache(maxsize=64)(BonusUpgrade)
serve_as = lru_cache(maxsize=64)(Serve)
use = lru_cache(maxsize=256)(Use)
buy = lru_cache(maxsize=256)(Buy)
upgrade = lru_cache(maxsize=64)(Upgrade)


def _face(word: str, whole: str, form: str) -> int:
    face = typed_number(word)
    if face is None or not 1 <= face <= DIE_FACES:
        raise ActionParseError(f"'{whole}': a die shows 1 to {DIE_FACES}, not '{word}' ({form})")
    return face


def _seat(word: str, whole: str, form: str) -> int:
    number = typed_number(word)
    if number is None:
        raise ActionParseError(f"'{whole}': a seat is a number from 1, not '{word}' ({form})")
    if number < 1:
        raise ActionParseError(f"'{whole}': seats are numbered from 1 ({form})")
    return number - 1


def _name(word: str, whole: str, form: str) -> str:
    if not (word.isascii() and word[:1].isalpha() and word.replace("_", "a").isalnum()):
        raise ActionParseError(f"'{whole}': '{word}' is not a card name ({form})")
    return word


def _parse_words(words: list[str], whole: str) -> WokStarAction | None:
    """The action these words spell exactly, or None if the verb is not one."""
    count = len(words)
    head = words[0]
    second = words[1] if count > 1 else ""
    if head == "assign" and count == 4 and words[2] == "to":
        return Assign(_name(second, whole, Assign.form), _seat(words[3], whole, Assign.form))
    if head == "bonus" and count == 2 and second == "die":
        return BONUS_DIE
    if head == "bonus" and count == 3 and second == "upgrade":
        return BonusUpgrade(_name(words[2], whole, BonusUpgrade.form))
    if head == "place" and count == 4 and words[2] == "on":
        return place(_name(words[3], whole, Place.form), _face(second, whole, Place.form))
    if head == "combo" and count == 4 and words[2] == "on" and second.count("+") == 1:
        first, other = second.split("+")
        low, high = sorted((_face(first, whole, Combo.form), _face(other, whole, Combo.form)))
        return combo(_name(words[3], whole, Combo.form), low, high)
    if head == "give" and count == 4 and words[2] == "to":
        return give(_face(second, whole, Give.form), _seat(words[3], whole, Give.form))
    if head == "serve" and count <= 2:
        return Serve(_name(second, whole, Serve.form)) if second else SERVE
    if head == "turn" and count == 2 and second == "away":
        return TURN_AWAY
    if head == "use" and count in (2, 3):
        ingredient = _name(words[2], whole, Use.form) if count == 3 else ""
        return Use(_name(second, whole, Use.form), ingredient)
    if head == "buy" and count == 4 and words[2] == "for":
        return Buy(_name(second, whole, Buy.form), _seat(words[3], whole, Buy.form))
    if head == "upgrade" and count == 2:
        return Upgrade(_name(second, whole, Upgrade.form))
    if count == 1 and head in _SIMPLE:
        return _SIMPLE[head]
    return None


_FORMS = {cls.form.split()[0]: cls.form for cls in ACTION_CLASSES}
_FORMS["bonus"] = "bonus die / bonus upgrade PREP"


def parse_action(text: str) -> WokStarAction:
    """Read an action's text form (spaces collapsed, case ignored); every word must fit."""
    words = text.strip().lower().split()
    if not words:
        raise ActionParseError("an empty line is not a Wok Star action (type 'help')")
    action = _parse_words(words, text.strip())
    if action is not None:
        return action
    form = _FORMS.get(words[0])
    if form is not None:
        raise ActionParseError(f"'{text.strip()}' does not fit the form '{form}'")
    raise ActionParseError(f"'{text.strip()}' is not a Wok Star action (type 'help')")


_PARSED: dict[str, WokStarAction] = {}


def parse_cached(text: str) -> WokStarAction:
    """:func:`parse_action` memoised (actions are immutable values): saved histories load fast."""
    found = _PARSED.get(text)
    if found is None:
        if len(_PARSED) > 100_000:
            _PARSED.clear()
        found = _PARSED[text] = parse_action(text)
    return found
