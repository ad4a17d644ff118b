"""We Will Wok You's card data, setup numbers, rules options and bot weights: everything read
from ``config/we_will_wok_you.toml``, the single source of truth.

The file is validated on load (pydantic models, then the cross-key rules) and compiled into a
frozen :class:`CardData` of plain tuples that the state and the scorer index by small
integers: ingredient card ``i`` has type ``card_type[i]`` and so on. The ingredient types,
the symbols, every count (cards, woks, coins, rows) and the symbols needed to take a wok card
come from the file; the code holds none of them. Every problem in the file is a
:class:`~wokphysics.errors.ConfigError` naming the file and key.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field

from wokphysics.config.loader import Settings, load_layered, validate
from wokphysics.errors import ConfigError

CONFIG_FILE = "we_will_wok_you.toml"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
"""The player counts the setup lists cover (the plugin's GameInfo says the same)."""

_KEY = r"^[a-z][a-z0-9_]*$"
_COUNT = Annotated[int, Field(ge=0, le=200)]


# --- the file's shape ------------------------------------------------------------------
MAX_COINS = 100
"""Most coins in a coin set or a player's starting hand (the rulebook: 6, 4 and 3); with far
more a game's rows cost more than any game lasts."""


class SymbolSettings(Settings):
    """The symbols printed on ingredient cards: the kinds a wok card is paid with, the wild
    one, and the most symbols one card shows (1 or 2: the engine's exact-payment check
    counts cards worth one and two symbols)."""

    kinds: list[Annotated[str, Field(pattern=_KEY)]] = Field(min_length=1, max_length=8)
    wild: str = Field(pattern=_KEY)
    per_card: int = Field(ge=1, le=2)


class SetupSettings(Settings):
    """Setup numbers; the lists of three are for 2, 3 and 4 players."""

    remove_ingredients: tuple[_COUNT, _COUNT, _COUNT]
    face_up_woks: tuple[_COUNT, _COUNT, _COUNT]
    coins_per_player: int = Field(ge=0, le=MAX_COINS)
    coin_sets: list[Annotated[int, Field(ge=1, le=MAX_COINS)]] = Field(
        min_length=1, max_length=4
    )
    coin_set_names: list[Annotated[str, Field(pattern=_KEY)]] = Field(
        min_length=1, max_length=4
    )
    row_sizes: list[Annotated[int, Field(ge=1, le=10)]] = Field(min_length=1, max_length=8)
    row_coin_sets: list[Annotated[int, Field(ge=0, le=3)]] = Field(min_length=1, max_length=8)
    total_coins: int = Field(ge=1, le=(4 + MAX_PLAYERS) * MAX_COINS)


class RulesSettings(Settings):
    """Rules options (see docs/rules-we-will-wok-you.md)."""

    symbols_to_take_wok: int = Field(ge=1, le=12)
    leftover_ingredients_tie_break: Literal["fewer", "more"]
    leftover_coins_tie_break: Literal["fewer", "more"]
    man_swap_on_double_woks: bool


class GreedySettings(Settings):
    """The greedy bot's estimates, in victory points (see bots.py)."""

    coin_value: float = Field(ge=0, le=10)
    symbol_value: float = Field(ge=0, le=10)
    other_symbols_share: float = Field(ge=0, le=1)
    spare_card_value: float = Field(ge=0, le=10)
    late_coin_cost: float = Field(ge=0, le=1)
    woks_weighed: int = Field(ge=1, le=30)


class BotSettings(Settings):
    greedy: GreedySettings


class IngredientSettings(Settings):
    """One ingredient type: its printed name, card count and each card's symbols."""

    name: str = Field(min_length=1, max_length=40)
    count: int = Field(ge=1, le=60)
    cards: list[str] = Field(max_length=60)


class HalfWok(Settings):
    type: str = Field(pattern=_KEY)
    points: int = Field(ge=0, le=100)


class CoveredWok(Settings):
    id: str
    kind: Literal["covered"]
    points: int = Field(ge=0, le=100)


class ComboWok(Settings):
    id: str
    kind: Literal["combo"]
    combo: dict[str, Annotated[int, Field(ge=1, le=20)]] = Field(min_length=1)
    points: int = Field(ge=0, le=100)


class SetWok(Settings):
    """A set wok: points per set of ``size`` cards of one type. The scorer models the two
    set sizes of the rulebook's woks, 3 and 5."""

    id: str
    kind: Literal["set"]
    size: Literal[3, 5]
    points: int = Field(ge=0, le=100)


class PerCardWok(Settings):
    id: str
    kind: Literal["leftovers", "hand", "no-symbol"]
    points: int = Field(ge=0, le=100)


class DoubleWok(Settings):
    id: str
    kind: Literal["double"]
    woks: tuple[HalfWok, HalfWok]


class ManDouble(Settings):
    id: str
    kind: Literal["man-double"]
    points: tuple[Annotated[int, Field(ge=0, le=100)], Annotated[int, Field(ge=0, le=100)]]


class ManPower(Settings):
    id: str
    kind: Literal["man-power"]
    points: int = Field(ge=0, le=100)


class ManSwap(Settings):
    id: str
    kind: Literal["man-swap"]


WokSettings = Annotated[
    CoveredWok | ComboWok | SetWok | PerCardWok | DoubleWok | ManDouble | ManPower | ManSwap,
    Field(discriminator="kind"),
]


class WeWillWokYouSettings(Settings):
    """The whole validated file."""

    setup: SetupSettings
    rules: RulesSettings
    symbols: SymbolSettings
    ingredients: dict[Annotated[str, Field(pattern=_KEY)], IngredientSettings] = Field(
        min_length=1, max_length=8
    )
    woks: list[WokSettings] = Field(min_length=1, max_length=60)
    bots: BotSettings


def parse_symbols(text: str, symbols: SymbolSettings) -> tuple[str, ...] | None:
    """``"bowl+bowl"`` -> ``("bowl", "bowl")``; ``""`` -> ``()``; None if not valid."""
    text = text.strip()
    if not text:
        return ()
    parts = tuple(part.strip() for part in text.split("+"))
    known = (*symbols.kinds, symbols.wild)
    if len(parts) > symbols.per_card or any(part not in known for part in parts):
        return None
    return parts


# --- compiled data ---------------------------------------------------------------------
RED_KINDS = ("covered", "combo", "set", "leftovers", "hand", "no-symbol", "double")
MAN_KINDS = ("man-double", "man-power", "man-swap")


@dataclass(frozen=True)
class WokCard:
    """A wok card (red) or a Man-at-wok (blue), in the scorer's terms.

    ``combo`` is a count per type (index order of ``CardData.type_keys``), ``halves`` the two
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
    """Every card of the game as tuples indexed by card number, plus setup, rules and bots.

    ``type_keys``/``type_names``: the ingredient types in the file's order; ``symbols`` the
    payable symbol kinds (the wild one counts for each); ``scale`` a power of two above the
    number of ingredient cards (the scorer folds a card count under the points with it);
    ``settings`` the validated file, ``text`` its canonical JSON (what a saved game keeps).
    """

    source: str
    type_keys: tuple[str, ...]
    type_names: tuple[str, ...]
    symbols: tuple[str, ...]
    card_ids: tuple[str, ...]
    card_type: tuple[int, ...]
    card_symbols: tuple[tuple[str, ...], ...]
    card_kind: tuple[int, ...]
    kinds: tuple[tuple[int, tuple[str, ...]], ...]
    kind_contribution: tuple[tuple[int, ...], ...]
    woks: tuple[WokCard, ...]
    setup: SetupSettings
    rules: RulesSettings
    bots: BotSettings
    settings: WeWillWokYouSettings
    text: str
    ingredient_count: int
    num_types: int
    scale: int
    needed: int
    """Identical symbols that pay for a wok card."""
    row_coin_sets: tuple[int, ...]

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

    def card_text(self, card: int, with_id: bool = True) -> str:
        """A card for people: ``Chick'n Jagger (bowl+bowl) [chicken-09]``; without its id
        (``with_id`` False: the window, where nothing is typed) ``Chick'n Jagger
        (bowl+bowl)``."""
        symbols = "+".join(self.card_symbols[card]) or "no symbol"
        words = f"{self.type_names[self.card_type[card]]} ({symbols})"
        return f"{words} [{self.card_ids[card]}]" if with_id else words


def _index_of(ids: tuple[str, ...], wanted: str) -> int:
    try:
        return ids.index(wanted)
    except ValueError:
        raise KeyError(wanted) from None


def compile_settings(settings: WeWillWokYouSettings, source: str) -> CardData:
    """Check the rules across keys and build the indexed :class:`CardData`."""
    symbols = settings.symbols
    if symbols.wild in symbols.kinds or len(set(symbols.kinds)) != len(symbols.kinds):
        raise ConfigError(source, "symbols", "each symbol once, the wild one apart")
    type_keys = tuple(settings.ingredients)
    card_ids: list[str] = []
    card_type: list[int] = []
    card_symbols: list[tuple[str, ...]] = []
    kinds: list[tuple[int, tuple[str, ...]]] = []
    card_kind: list[int] = []
    for type_index, key in enumerate(type_keys):
        ingredient = settings.ingredients[key]
        if len(ingredient.cards) != ingredient.count:
            raise ConfigError(
                source,
                f"ingredients.{key}.cards",
                f"lists {len(ingredient.cards)} cards but count is {ingredient.count}",
            )
        for number, text in enumerate(ingredient.cards, start=1):
            parsed = parse_symbols(text, symbols)
            if parsed is None:
                raise ConfigError(
                    source,
                    f"ingredients.{key}.cards",
                    f"card {number} has symbols {text!r}; use up to {symbols.per_card} of "
                    f"{', '.join((*symbols.kinds, symbols.wild))} joined by '+', or '' for none",
                )
            card_ids.append(f"{key}-{number:02d}")
            card_type.append(type_index)
            card_symbols.append(tuple(sorted(parsed)))
            kind = (type_index, card_symbols[-1])
            if kind not in kinds:
                kinds.append(kind)
            card_kind.append(kinds.index(kind))
    contribution = tuple(
        tuple(found.count(s) + found.count(symbols.wild) for s in symbols.kinds)
        for _, found in kinds
    )

    woks: list[WokCard] = []
    seen: set[str] = set()
    for position, wok in enumerate(settings.woks):
        if wok.id in seen:
            raise ConfigError(source, f"woks.{position}.id", f"duplicate wok id {wok.id!r}")
        seen.add(wok.id)
        woks.append(_compile_wok(wok, type_keys, source, position))
    _check_setup(settings, len(card_ids), len(woks), source)
    # not sort_keys: the order of [ingredients] is the order of the types (card numbers)
    text = json.dumps(settings.model_dump(mode="json"))
    return CardData(
        source=source,
        type_keys=type_keys,
        type_names=tuple(settings.ingredients[key].name for key in type_keys),
        symbols=tuple(symbols.kinds),
        card_ids=tuple(card_ids),
        card_type=tuple(card_type),
        card_symbols=tuple(card_symbols),
        card_kind=tuple(card_kind),
        kinds=tuple(kinds),
        kind_contribution=contribution,
        woks=tuple(woks),
        setup=settings.setup,
        rules=settings.rules,
        bots=settings.bots,
        settings=settings,
        text=text,
        ingredient_count=len(card_ids),
        num_types=len(type_keys),
        scale=1 << len(card_ids).bit_length(),
        needed=settings.rules.symbols_to_take_wok,
        row_coin_sets=tuple(settings.setup.row_coin_sets),
    )


def _check_setup(
    settings: WeWillWokYouSettings, ingredients: int, woks: int, source: str
) -> None:
    """Cross-key rules of the setup: every count fits what the file provides, and every game
    can end (a row can always be refilled or emptied, a coin set never gives its last coin)."""
    setup = settings.setup
    sets = len(setup.coin_sets)
    if len(setup.coin_set_names) != sets:
        raise ConfigError(source, "setup.coin_set_names", f"one name per coin set ({sets})")
    if len(set(setup.coin_set_names)) != sets:
        raise ConfigError(source, "setup.coin_set_names", "names must differ")
    if len(setup.row_coin_sets) != len(setup.row_sizes):
        raise ConfigError(source, "setup.row_coin_sets", "one coin set per row (row_sizes)")
    for index, coin_set in enumerate(setup.row_coin_sets):
        if coin_set >= sets:
            raise ConfigError(
                source, f"setup.row_coin_sets.{index}", f"coin sets are 0 to {sets - 1}"
            )
    for coin_set in range(sets):
        if coin_set not in setup.row_coin_sets:
            raise ConfigError(
                source, "setup.row_coin_sets", f"coin set {coin_set} prices no row"
            )
    if max(setup.remove_ingredients) + sum(setup.row_sizes) > ingredients:
        raise ConfigError(source, "setup.remove_ingredients", "leaves too few cards for the rows")
    if max(setup.face_up_woks) > woks:
        raise ConfigError(source, "setup.face_up_woks", f"at most {woks} wok cards exist")
    if sum(setup.coin_sets) + MAX_PLAYERS * setup.coins_per_player > setup.total_coins:
        raise ConfigError(
            source,
            "setup.total_coins",
            f"too few coins for the coin sets and every player's coins in a "
            f"{MAX_PLAYERS}-player game",
        )
    if sum(setup.coin_sets) - sets + MIN_PLAYERS * setup.coins_per_player < 1:
        raise ConfigError(
            source,
            "setup.coin_sets",
            f"with {'both sets' if sets == 2 else 'every set'} at their last coin and no coins "
            "in the players' hands nobody can collect or buy: give a set 2 coins or each "
            "player a coin",
        )


def _compile_wok(wok: Any, type_keys: tuple[str, ...], source: str, position: int) -> WokCard:
    def type_of(key: str, where: str) -> int:
        if key not in type_keys:
            raise ConfigError(
                source,
                f"woks.{position}.{where}",
                f"{key!r} is not an ingredient type ({', '.join(type_keys)})",
            )
        return type_keys.index(key)

    if isinstance(wok, CoveredWok | PerCardWok | ManPower):
        return WokCard(id=wok.id, kind=wok.kind, points=wok.points)
    if isinstance(wok, ComboWok):
        combo = [0] * len(type_keys)
        for key, count in wok.combo.items():
            combo[type_of(key, "combo")] = count
        return WokCard(id=wok.id, kind="combo", points=wok.points, combo=tuple(combo))
    if isinstance(wok, SetWok):
        return WokCard(id=wok.id, kind="set", points=wok.points, size=wok.size)
    if isinstance(wok, DoubleWok):
        halves = tuple((type_of(h.type, "woks"), h.points) for h in wok.woks)
        return WokCard(id=wok.id, kind="double", halves=halves)
    if isinstance(wok, ManDouble):
        return WokCard(id=wok.id, kind="man-double", man_points=tuple(wok.points))
    return WokCard(id=wok.id, kind="man-swap")


_CACHE: dict[tuple[str, int, int], CardData] = {}
_DEFAULT: list[str] = []


def _default_file() -> str:
    """The shipped file's path (its folder is looked up once; kept as text, which os.stat
    takes without a call back into pathlib)."""
    if not _DEFAULT:
        from wokphysics.config.paths import default_config_dir

        _DEFAULT.append(str(default_config_dir() / CONFIG_FILE))
    return _DEFAULT[0]


def _mtime(path: str | Path) -> int:
    try:
        return os.stat(path).st_mtime_ns  # (os.stat: no pathlib call in every new game)
    except (OSError, ValueError):  # ValueError: a name holding a null character
        return -1  # (the loader then says what is wrong with the file)


def load_cards(config: str | Path | None = None) -> CardData:
    """The card data from the default file, with ``config`` (a file or folder) layered on.

    Cached per path while the file is unchanged: a simulation of 1000 games reads it once.
    """
    key = (
        "" if config is None else str(config),
        _mtime(_default_file()),
        0 if config is None else _mtime(config),
    )
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    data, blame = load_layered(CONFIG_FILE, config)
    settings = validate(WeWillWokYouSettings, data, blame)
    compiled = compile_settings(settings, blame)
    _CACHE[key] = compiled
    return compiled


_BY_TEXT: dict[str, CardData] = {}


def cards_from_settings(settings: WeWillWokYouSettings, source: str = "(settings)") -> CardData:
    """The card data of validated settings (one compiled object per distinct content)."""
    # not sort_keys: the order of [ingredients] is the order of the types (card numbers)
    text = json.dumps(settings.model_dump(mode="json"))
    found = _BY_TEXT.get(text)
    if found is None:
        found = _BY_TEXT[text] = compile_settings(settings, source)
    return found


def cards_from_text(text: str, source: str = "(saved game)") -> CardData:
    """The card data of a saved game's settings text (validated like a file)."""
    found = _BY_TEXT.get(text)
    if found is not None:
        return found
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        raise ConfigError(source, "settings", "is not the settings' JSON text") from None
    if not isinstance(data, Mapping):
        raise ConfigError(source, "settings", "is not a table of settings")
    settings = validate(WeWillWokYouSettings, data, source)
    return cards_from_settings(settings, source)
