"""We Will Wok You's card data and setup numbers: read from ``config/we_will_wok_you.toml``.

The file is validated on load (pydantic models, then the card counts the rulebook prints) and
compiled into a frozen :class:`CardData` of plain tuples that the state and the scorer index by
small integers: ingredient card ``i`` (0..62) has type ``card_type[i]`` (0..5) and so on.
Every problem in the file is a :class:`~wokphysics.errors.ConfigError` naming the file and key.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from wokphysics.config.loader import Settings, load_layered, validate
from wokphysics.errors import ConfigError

CONFIG_FILE = "we_will_wok_you.toml"

#: Ingredient type keys in their canonical order, with the counts the rulebook prints.
TYPE_KEYS: tuple[str, ...] = ("broccoli", "chicken", "carrot", "tuna", "octopus", "prawn")
RULEBOOK_COUNTS: dict[str, int] = {
    "broccoli": 14,
    "chicken": 13,
    "carrot": 11,
    "tuna": 10,
    "octopus": 8,
    "prawn": 7,
}
#: The four symbols a wok card can be paid with; the star is wild for each of them.
SYMBOLS: tuple[str, ...] = ("cookie", "spoon", "bowl", "chopstick")
STAR = "star"
ALL_SYMBOLS = (*SYMBOLS, STAR)
TOTAL_INGREDIENTS = 63
TOTAL_WOKS = 25

TypeKey = Literal["broccoli", "chicken", "carrot", "tuna", "octopus", "prawn"]


# --- the file's shape ------------------------------------------------------------------
MAX_COINS = 100
"""Most coins in a coin set or a player's starting hand (the rulebook: 6, 4 and 3); with far
more a game's rows cost more than any game lasts."""


class SetupSettings(Settings):
    """Setup numbers; lists indexed by player count 2, 3, 4."""

    remove_ingredients: tuple[int, int, int]
    face_up_woks: tuple[int, int, int]
    coins_per_player: int = Field(ge=0, le=MAX_COINS)
    coin_sets: tuple[
        Annotated[int, Field(ge=1, le=MAX_COINS)], Annotated[int, Field(ge=1, le=MAX_COINS)]
    ]
    row_sizes: tuple[
        Annotated[int, Field(ge=1)],
        Annotated[int, Field(ge=1)],
        Annotated[int, Field(ge=1)],
        Annotated[int, Field(ge=1)],
    ]
    total_coins: int = Field(ge=1, le=4 * MAX_COINS)


class RulesSettings(Settings):
    """Rules options (see docs/rules-we-will-wok-you.md)."""

    leftover_ingredients_tie_break: Literal["fewer", "more"] = "fewer"
    leftover_coins_tie_break: Literal["fewer", "more"] = "fewer"
    man_swap_on_double_woks: bool = False


class IngredientSettings(Settings):
    """One ingredient type: its printed name, card count and each card's symbols."""

    name: str
    count: int = Field(ge=1)
    cards: list[str]

    @model_validator(mode="after")
    def _cards_match(self) -> IngredientSettings:
        if len(self.cards) != self.count:
            raise ValueError(f"cards lists {len(self.cards)} cards but count is {self.count}")
        for index, text in enumerate(self.cards):
            symbols = parse_symbols(text)
            if symbols is None:
                raise ValueError(
                    f"card {index + 1} has symbols {text!r}; use up to 2 of "
                    f"{', '.join(ALL_SYMBOLS)} joined by '+', or '' for none"
                )
        return self


class HalfWok(Settings):
    type: TypeKey
    points: int = Field(ge=0)


class CoveredWok(Settings):
    id: str
    kind: Literal["covered"]
    points: int = Field(ge=0)


class ComboWok(Settings):
    id: str
    kind: Literal["combo"]
    combo: dict[TypeKey, Annotated[int, Field(ge=1)]] = Field(min_length=1)
    points: int = Field(ge=0)


class SetWok(Settings):
    id: str
    kind: Literal["set"]
    size: Literal[3, 5]
    points: int = Field(ge=0)


class PerCardWok(Settings):
    id: str
    kind: Literal["leftovers", "hand", "no-symbol"]
    points: int = Field(ge=0)


class DoubleWok(Settings):
    id: str
    kind: Literal["double"]
    woks: tuple[HalfWok, HalfWok]


class ManDouble(Settings):
    id: str
    kind: Literal["man-double"]
    points: tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]]


class ManPower(Settings):
    id: str
    kind: Literal["man-power"]
    points: int = Field(ge=0)


class ManSwap(Settings):
    id: str
    kind: Literal["man-swap"]


WokSettings = Annotated[
    CoveredWok | ComboWok | SetWok | PerCardWok | DoubleWok | ManDouble | ManPower | ManSwap,
    Field(discriminator="kind"),
]


class WeWillWokYouSettings(Settings):
    setup: SetupSettings
    rules: RulesSettings = RulesSettings()
    ingredients: dict[TypeKey, IngredientSettings]
    woks: list[WokSettings]


def parse_symbols(text: str) -> tuple[str, ...] | None:
    """``"bowl+bowl"`` -> ``("bowl", "bowl")``; ``""`` -> ``()``; None if not valid."""
    text = text.strip()
    if not text:
        return ()
    parts = tuple(part.strip() for part in text.split("+"))
    if len(parts) > 2 or any(part not in ALL_SYMBOLS for part in parts):
        return None
    return parts


# --- compiled data ---------------------------------------------------------------------
RED_KINDS = ("covered", "combo", "set", "leftovers", "hand", "no-symbol", "double")
MAN_KINDS = ("man-double", "man-power", "man-swap")


@dataclass(frozen=True)
class WokCard:
    """A wok card (red) or a Man-at-wok (blue), in the scorer's terms.

    ``combo`` is a count per type (index order of TYPE_KEYS), ``halves`` the two
    (type index, points per card) woks of a double wok, ``man_points`` a Man-at-double-wok's
    points per card for the double wok's first and second wok. Points are victory points.
    """

    id: str
    kind: str
    points: int = 0
    combo: tuple[int, ...] = ()
    size: int = 0
    halves: tuple[tuple[int, int], ...] = ()
    man_points: tuple[int, ...] = ()

    @property
    def is_man(self) -> bool:
        return self.kind in MAN_KINDS

    def describe(self, names: tuple[str, ...]) -> str:
        """One readable line, e.g. ``combo 2 Chick'n Jagger + 1 Tina Tuna: 12 per combo``."""
        if self.kind == "covered":
            return f"covered wok: {self.points}"
        if self.kind == "combo":
            parts = " + ".join(f"{n} {names[t]}" for t, n in enumerate(self.combo) if n)
            return f"combo wok {parts}: {self.points} per combo"
        if self.kind == "set":
            return f"set wok of {self.size} of a type: {self.points} per set"
        if self.kind == "leftovers":
            return f"leftovers wok: {self.points} per ingredient"
        if self.kind == "hand":
            return f"hand wok: {self.points} per ingredient from the hand"
        if self.kind == "no-symbol":
            return f"no-symbol wok: {self.points} per ingredient without symbols"
        if self.kind == "double":
            (t0, p0), (t1, p1) = self.halves
            return f"double wok {names[t0]} {p0} / {names[t1]} {p1} per card"
        if self.kind == "man-double":
            return f"Man-at-double-wok {self.man_points[0]} / {self.man_points[1]} per card"
        if self.kind == "man-power":
            return f"Man-at-power-wok: a red wok card becomes a covered wok of {self.points}"
        return "Man-at-swap-wok: swap one ingredient type for another on a wok card"


@dataclass(frozen=True)
class CardData:
    """Every card of the game as tuples indexed by card number, plus setup and rules."""

    source: str
    type_keys: tuple[str, ...]
    type_names: tuple[str, ...]
    card_ids: tuple[str, ...]
    card_type: tuple[int, ...]
    card_symbols: tuple[tuple[str, ...], ...]
    card_kind: tuple[int, ...]
    kinds: tuple[tuple[int, tuple[str, ...]], ...]
    kind_contribution: tuple[tuple[int, ...], ...]
    woks: tuple[WokCard, ...]
    setup: SetupSettings
    rules: RulesSettings

    def card_index(self, card_id: str) -> int:
        return _index_of(self.card_ids, card_id)

    def wok_index(self, wok_id: str) -> int:
        return _index_of(tuple(w.id for w in self.woks), wok_id)

    def has_symbol(self, card: int) -> bool:
        return bool(self.card_symbols[card])

    def kind_text(self, kind: int) -> str:
        """A card kind's text: ``chicken:bowl+bowl``, or ``chicken:none``."""
        type_index, symbols = self.kinds[kind]
        return f"{self.type_keys[type_index]}:{'+'.join(symbols) or 'none'}"

    def card_text(self, card: int) -> str:
        """A card for people: ``Chick'n Jagger (bowl+bowl) [chicken-09]``."""
        symbols = "+".join(self.card_symbols[card]) or "no symbol"
        return f"{self.type_names[self.card_type[card]]} ({symbols}) [{self.card_ids[card]}]"


def _index_of(ids: tuple[str, ...], wanted: str) -> int:
    try:
        return ids.index(wanted)
    except ValueError:
        raise KeyError(wanted) from None


def compile_settings(settings: WeWillWokYouSettings, source: str) -> CardData:
    """Check the counts the rules depend on and build the indexed :class:`CardData`."""
    by_key: dict[str, IngredientSettings] = {str(k): v for k, v in settings.ingredients.items()}
    missing = [key for key in TYPE_KEYS if key not in by_key]
    if missing:
        raise ConfigError(source, f"ingredients.{missing[0]}", "is required but missing")
    for key in TYPE_KEYS:
        count = by_key[key].count
        if count != RULEBOOK_COUNTS[key]:
            raise ConfigError(
                source,
                f"ingredients.{key}.count",
                f"must be {RULEBOOK_COUNTS[key]} (the rulebook's count), not {count}",
            )
    card_ids: list[str] = []
    card_type: list[int] = []
    card_symbols: list[tuple[str, ...]] = []
    kinds: list[tuple[int, tuple[str, ...]]] = []
    card_kind: list[int] = []
    for type_index, key in enumerate(TYPE_KEYS):
        for number, text in enumerate(by_key[key].cards, start=1):
            symbols = tuple(sorted(parse_symbols(text) or ()))
            card_ids.append(f"{key}-{number:02d}")
            card_type.append(type_index)
            card_symbols.append(symbols)
            kind = (type_index, symbols)
            if kind not in kinds:
                kinds.append(kind)
            card_kind.append(kinds.index(kind))
    contribution = tuple(
        tuple(symbols.count(s) + symbols.count(STAR) for s in SYMBOLS) for _, symbols in kinds
    )

    woks: list[WokCard] = []
    seen: set[str] = set()
    for position, wok in enumerate(settings.woks):
        if wok.id in seen:
            raise ConfigError(source, f"woks.{position}.id", f"duplicate wok id {wok.id!r}")
        seen.add(wok.id)
        woks.append(_compile_wok(wok))
    red = sum(1 for w in woks if not w.is_man)
    blue = [w.kind for w in woks if w.is_man]
    if len(woks) != TOTAL_WOKS or red != 21:
        raise ConfigError(
            source,
            "woks",
            f"must list 25 wok cards (21 red, 4 blue), not {red} red and {len(blue)} blue",
        )
    if sorted(blue) != ["man-double", "man-double", "man-power", "man-swap"]:
        raise ConfigError(
            source,
            "woks",
            "the 4 blue cards must be 2 man-double, 1 man-power and 1 man-swap",
        )
    setup = settings.setup
    if max(setup.remove_ingredients) + sum(setup.row_sizes) > TOTAL_INGREDIENTS:
        raise ConfigError(source, "setup.remove_ingredients", "leaves too few cards for the rows")
    if max(setup.face_up_woks) > TOTAL_WOKS:
        raise ConfigError(source, "setup.face_up_woks", f"at most {TOTAL_WOKS} woks exist")
    if sum(setup.coin_sets) + 4 * setup.coins_per_player > setup.total_coins:
        raise ConfigError(
            source,
            "setup.total_coins",
            "too few coins for the two sets and every player's coins in a 4-player game",
        )
    if sum(setup.coin_sets) + 2 * setup.coins_per_player < 3:
        raise ConfigError(
            source,
            "setup.coin_sets",
            "with both sets at their last coin and no coins in the players' hands nobody can "
            "collect or buy: give a set 2 coins or each player a coin",
        )
    return CardData(
        source=source,
        type_keys=TYPE_KEYS,
        type_names=tuple(by_key[key].name for key in TYPE_KEYS),
        card_ids=tuple(card_ids),
        card_type=tuple(card_type),
        card_symbols=tuple(card_symbols),
        card_kind=tuple(card_kind),
        kinds=tuple(kinds),
        kind_contribution=contribution,
        woks=tuple(woks),
        setup=setup,
        rules=settings.rules,
    )


def _compile_wok(wok: Any) -> WokCard:
    if isinstance(wok, CoveredWok | PerCardWok | ManPower):
        return WokCard(id=wok.id, kind=wok.kind, points=wok.points)
    if isinstance(wok, ComboWok):
        combo_by_key: dict[str, int] = {str(k): v for k, v in wok.combo.items()}
        combo = tuple(combo_by_key.get(key, 0) for key in TYPE_KEYS)
        return WokCard(id=wok.id, kind="combo", points=wok.points, combo=combo)
    if isinstance(wok, SetWok):
        return WokCard(id=wok.id, kind="set", points=wok.points, size=wok.size)
    if isinstance(wok, DoubleWok):
        halves = tuple((TYPE_KEYS.index(h.type), h.points) for h in wok.woks)
        return WokCard(id=wok.id, kind="double", halves=halves)
    if isinstance(wok, ManDouble):
        return WokCard(id=wok.id, kind="man-double", man_points=tuple(wok.points))
    return WokCard(id=wok.id, kind="man-swap")


_CACHE: dict[str, CardData] = {}


def load_cards(config: str | Path | None = None) -> CardData:
    """The card data from the default file, with ``config`` (a file or folder) layered on.

    Cached per path: a simulation of 1000 games reads the file once.
    """
    key = str(config) if config is not None else ""
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    data, blame = load_layered(CONFIG_FILE, config)
    settings = validate(WeWillWokYouSettings, data, blame)
    compiled = compile_settings(settings, blame)
    _CACHE[key] = compiled
    return compiled
