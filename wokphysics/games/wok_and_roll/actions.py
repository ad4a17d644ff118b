"""Wok and Roll's actions: small frozen values with a text form that parses back.

Ingredient sources ("pools"): ``die`` (a locked die this player has not used this turn),
``fridge`` (a Fridge ingredient or a Chef's Hat ingredient, once per game), ``circle`` (a
circled row bonus ingredient, once) and ``pantry`` (a circled Pantry ingredient, once). A
*token* is ``pool * FACE_LANES + face``; ``-book`` in the text means a Recipe Book of that pool
used as the ingredient through a conversion skill. Ingredient letters are the config's
(``Sheet.codes``: the foods, then the Recipe Book); an action that shows them carries that
code string (not compared).

Text forms::

    reroll 1 3 5                  re-roll dice 1, 3 and 5 (1-4 white, 5-6 red)
    lock                          lock the dice in
    cook R1.2 R=die S=fridge      cross serving R1.2 with a Rice die and the Fridge Seafood
    cook V1.3 N=die V=die-book    ... a die showing a Recipe Book used as Vegetable
    convert V using die+fridge    gain the Vegetable conversion skill for 2 Recipe Books
    rectangle noodle using die+die+circle   gain an end-game bonus rectangle for 3 Books
    unlock R2 using die+die       remove dish R2's lock with 2 Recipe Books (Expert)
    unlock R2 using recipe        ... by crossing off a Recipe (negative points)
    done                          finish cooking this turn
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from wokphysics.games.protocol import Action, ActionParseError
from wokphysics.games.wok_and_roll.lanes import FACE_LANES, FACES, LANE, POOL_SHIFT
from wokphysics.games.wok_and_roll.sheet import CIRCLE, DIE, FRIDGE, PANTRY, Serving

__all__ = ["CIRCLE", "DIE", "FRIDGE", "PANTRY", "POOLS"]

POOLS: Final = ("die", "fridge", "circle", "pantry")
DIE_LANES: Final = FACES << (LANE * DIE * FACE_LANES)
"""The lanes of the DIE pool's tokens."""


def token_text(need: int, token: int, codes: str) -> str:
    """``R=die``, ``V=fridge-book``...: the need's letter and the pool paying it."""
    pool, face = divmod(token, FACE_LANES)
    book = len(codes) - 1
    return f"{codes[need]}={POOLS[pool]}{'-book' if face == book and need != book else ''}"


class CookingStep(Action):
    """An action of the cooking phase. ``sid`` is the serving it crosses ("" for none);
    ``spend`` the ingredient tokens it takes, counted in lanes (see lanes.py), ``die_spend``,
    ``fridge_spend``, ``circle_spend`` and ``pantry_spend`` the same one pool at a time (each
    shifted to the first pool's lanes: small integers), and ``fridge`` how many of them are
    Fridge ingredients (all derived, never compared)."""

    sid: str = ""
    spend: int = 0
    die_spend: int = 0
    fridge_spend: int = 0
    circle_spend: int = 0
    pantry_spend: int = 0
    fridge: int = 0


@dataclass(frozen=True)
class Reroll(Action):
    """Re-roll the dice at these 0-based indices (text: 1-based numbers)."""

    dice: tuple[int, ...]
    _text: str = field(default="", compare=False, repr=False)

    def __str__(self) -> str:
        if not self._text:
            object.__setattr__(self, "_text", "reroll " + " ".join(str(i + 1) for i in self.dice))
        return self._text


@dataclass(frozen=True)
class Lock(Action):
    def __str__(self) -> str:
        return "lock"


@dataclass(frozen=True)
class DoneCooking(CookingStep):
    def __str__(self) -> str:
        return "done"


def spend_of(tokens: tuple[int, ...]) -> tuple[int, int]:
    """What paying with these tokens takes: their counts packed in lanes (see lanes.py), and
    how many come from the Fridge."""
    spend = 0
    fridge = 0
    for token in tokens:
        spend += 1 << (LANE * token)
        fridge += token // FACE_LANES == FRIDGE
    return spend, fridge


@dataclass(frozen=True)
class PaidStep(CookingStep):
    """A cooking step that takes ingredients (:class:`Cook`, :class:`Convert`,
    :class:`Rectangle`, :class:`Unlock`): the derived spend fields of :class:`CookingStep`
    as dataclass fields, set by each step's ``__post_init__`` (:func:`_set_spend`), neither
    arguments nor compared nor shown."""

    spend: int = field(default=0, init=False, compare=False, repr=False)
    die_spend: int = field(default=0, init=False, compare=False, repr=False)
    fridge_spend: int = field(default=0, init=False, compare=False, repr=False)
    circle_spend: int = field(default=0, init=False, compare=False, repr=False)
    pantry_spend: int = field(default=0, init=False, compare=False, repr=False)
    fridge: int = field(default=0, init=False, compare=False, repr=False)


@dataclass(frozen=True)
class Cook(PaidStep):
    """Cross serving ``sid`` using, for each needed ingredient, a token: ``uses`` is a sorted
    tuple of (needed face, token). ``spend`` and ``fridge`` (derived, not compared) are the
    tokens' counts in lanes and how many are Fridge ingredients; ``tokens`` the tokens of
    ``uses`` in order, ``die_faces`` the faces of the dice it spends and ``kept`` its other
    tokens. ``serving`` (not compared) is the serving when the engine listed the action
    (None when parsed from text)."""

    sid: str = field()  # required (the base class's "" is for the other steps)
    uses: tuple[tuple[int, int], ...] = field()
    codes: str = field(compare=False, repr=False)
    _text: str = field(default="", compare=False, repr=False)
    serving: Serving | None = field(default=None, compare=False, repr=False)
    tokens: tuple[int, ...] = field(default=(), init=False, compare=False, repr=False)
    die_faces: tuple[int, ...] = field(default=(), init=False, compare=False, repr=False)
    kept: tuple[int, ...] = field(default=(), init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        tokens = tuple(token for _, token in self.uses)
        object.__setattr__(self, "tokens", tokens)
        spend, fridge = spend_of(tokens)
        _set_spend(self, spend, fridge)
        # the dice it spends (faces; pool DIE is 0) and the ingredients kept on the menu
        object.__setattr__(self, "die_faces", tuple(t for t in tokens if t < FACE_LANES))
        object.__setattr__(self, "kept", tuple(t for t in tokens if t >= FACE_LANES))

    def __str__(self) -> str:
        if not self._text:
            text = f"cook {self.sid} " + " ".join(
                token_text(n, t, self.codes) for n, t in self.uses
            )
            object.__setattr__(self, "_text", text)
        return self._text


@dataclass(frozen=True)
class Convert(PaidStep):
    """Gain the conversion skill for food ``food`` (a face 0-4) with Recipe Books from
    ``pools`` (sorted pool numbers)."""

    food: int
    pools: tuple[int, ...]
    codes: str = field(compare=False, repr=False)

    def __post_init__(self) -> None:
        _book_spend(self, len(self.codes) - 1)

    def __str__(self) -> str:
        return f"convert {self.codes[self.food]} using " + "+".join(POOLS[p] for p in self.pools)


@dataclass(frozen=True)
class Rectangle(PaidStep):
    """Gain end-game bonus rectangle ``rid`` with Recipe Books from ``pools``; ``book`` as for
    :class:`Unlock`."""

    rid: str
    pools: tuple[int, ...]
    book: int = field(default=-1, compare=False, repr=False)

    def __post_init__(self) -> None:
        _book_spend(self, self.book)

    def __str__(self) -> str:
        return f"rectangle {self.rid} using " + "+".join(POOLS[p] for p in self.pools)


@dataclass(frozen=True)
class Unlock(PaidStep):
    """Cross off group ``gid``'s lock with Recipe Books from ``pools``, or with a Recipe when
    ``pools`` is empty. ``book`` (the Recipe Book's face, not compared) sets the derived
    ``spend`` and ``fridge`` as for :class:`Cook`."""

    gid: str
    pools: tuple[int, ...]
    book: int = field(default=-1, compare=False, repr=False)

    def __post_init__(self) -> None:
        _book_spend(self, self.book)

    def __str__(self) -> str:
        using = "+".join(POOLS[p] for p in self.pools) if self.pools else "recipe"
        return f"unlock {self.gid} using {using}"


def _book_spend(action: Convert | Rectangle | Unlock, book: int) -> None:
    """Set the derived ``spend`` and ``fridge`` of an action paid with Recipe Books (left
    at 0 when the Recipe Book's face ``book`` is not known, -1)."""
    if book >= 0:
        spend, fridge = spend_of(tuple(pool * FACE_LANES + book for pool in action.pools))
        _set_spend(action, spend, fridge)


def _set_spend(action: CookingStep, spend: int, fridge: int) -> None:
    """Set an action's derived ``spend`` (and its pools apart) and ``fridge``."""
    object.__setattr__(action, "spend", spend)
    object.__setattr__(action, "die_spend", spend & DIE_LANES)
    object.__setattr__(action, "fridge_spend", spend >> POOL_SHIFT & DIE_LANES)
    object.__setattr__(action, "circle_spend", spend >> 2 * POOL_SHIFT & DIE_LANES)
    object.__setattr__(action, "pantry_spend", spend >> 3 * POOL_SHIFT)
    object.__setattr__(action, "fridge", fridge)


def _pools(text: str, whole: str) -> tuple[int, ...]:
    try:
        return tuple(sorted(POOLS.index(p) for p in text.split("+")))
    except ValueError:
        raise ActionParseError(
            f"'{whole}': books come from {', '.join(POOLS[:3])}, joined with '+'"
        ) from None


def _use(text: str, whole: str, codes: str) -> tuple[int, int]:
    foods = codes[:-1]
    code, _, source = text.partition("=")
    code = code.upper()
    if len(code) != 1 or code not in foods or not source:
        raise ActionParseError(
            f"'{whole}': write each ingredient as CODE=SOURCE, e.g. {foods[0]}=die "
            f"(codes {', '.join(foods)})"
        )
    pool_name, book = (source[:-5], True) if source.endswith("-book") else (source, False)
    if pool_name not in POOLS:
        raise ActionParseError(f"'{whole}': sources are {', '.join(POOLS)} (with -book)")
    need = foods.index(code)
    return need, POOLS.index(pool_name) * FACE_LANES + (len(foods) if book else need)


def parse_action(text: str, codes: str) -> Action:
    """Read any action's text form (canonical order restored); ActionParseError if none.
    ``codes`` are the sheet's ingredient letters (foods, then the Recipe Book)."""
    words = text.split()
    if not words:
        raise ActionParseError("empty action")
    verb = words[0].lower()
    if verb == "lock" and len(words) == 1:
        return Lock()
    if verb == "done" and len(words) == 1:
        return DoneCooking()
    if verb == "reroll" and len(words) > 1:
        if not all(w.isascii() and w.isdigit() and len(w) <= 2 for w in words[1:]):
            raise ActionParseError(f"'{text}': reroll takes die numbers (1, 2, ...)")
        dice = sorted({int(w) - 1 for w in words[1:]})
        if dice[0] < 0:
            raise ActionParseError(f"'{text}': die numbers start at 1")
        return Reroll(tuple(dice))
    if verb == "cook" and len(words) >= 3:
        uses = tuple(sorted(_use(w, text, codes) for w in words[2:]))
        return Cook(words[1].upper(), uses, codes)
    if verb in ("convert", "rectangle", "unlock") and len(words) == 4 and words[2] == "using":
        book = len(codes) - 1
        if verb == "unlock":
            pools = () if words[3] == "recipe" else _pools(words[3], text)
            return Unlock(words[1].upper(), pools, book)
        pools = _pools(words[3], text)
        if verb == "rectangle":
            return Rectangle(words[1].lower(), pools, book)
        code = words[1].upper()
        foods = codes[:-1]
        if len(code) != 1 or code not in foods:
            raise ActionParseError(f"'{text}': convert names a food code ({', '.join(foods)})")
        return Convert(foods.index(code), pools, codes)
    raise ActionParseError(
        f"'{text}' is not an action; actions are: reroll N.., lock, cook SERVING CODE=SOURCE.., "
        "convert CODE using POOLS, rectangle ID using POOLS, unlock DISH using POOLS|recipe, done"
    )


_PARSED: Final[dict[tuple[str, str], Action]] = {}


def parse_cached(text: str, codes: str) -> Action:
    """``parse_action`` memoised (actions are immutable values): saved histories load fast."""
    key = (text, codes)
    found = _PARSED.get(key)
    if found is None:
        if len(_PARSED) > 100_000:
            _PARSED.clear()
        found = _PARSED[key] = parse_action(text, codes)
    return found
