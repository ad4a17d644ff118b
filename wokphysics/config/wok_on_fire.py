"""Settings of Wok on Fire, in three parts that each layer takes on its own.

- ``physics``: a :class:`~wokphysics.config.table.TableConfig` (``physics.toml``), the only
  thing the physics table is given;
- ``rules``: :class:`WokOnFireRules` (``wok_on_fire.toml``'s ``[ingredients]``, ``[setup]``,
  ``[scoring]`` and ``[rules]``), what :mod:`wokphysics.games.wok_on_fire` plays and scores by:
  every count, category and point value of the game comes from here;
- ``bots``: the ``[bots.<name>]`` strengths, what the bots play with.

``load_config()`` reads the shipped defaults; ``load_config(path)`` layers a user's folder or
single TOML file over them (only the keys it names change). The result is a frozen, validated
:class:`WokOnFireConfig`; every problem is one ConfigError naming the file, the key (as the
TOML file spells it) and what is allowed.

>>> cfg = load_config()
>>> cfg.deck_size, cfg.rules.cards_per_chop, cfg.physics.physics.dt_s
(50, 2, 0.008333333333333333)
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, Field, field_validator

from wokphysics.config.loader import (
    Settings,
    check_config_folder,
    layer,
    load_layered,
    read_toml,
    validate,
)
from wokphysics.config.paths import default_config_dir
from wokphysics.config.table import TableConfig
from wokphysics.errors import ConfigError

ModelT = TypeVar("ModelT", bound=BaseModel)

PHYSICS_FILE = "physics.toml"
GAME_FILE = "wok_on_fire.toml"

Category = Literal["meat", "vegetable", "condiment", "starch"]

INGREDIENT_NAMES = (
    "chicken",
    "pork",
    "shrimp",
    "broccoli",
    "green_pepper",
    "mushroom",
    "onion",
    "chili_pepper",
    "garlic",
    "noodles",
    "rice",
)
"""The 11 ingredient types the rulebook names, in glossary order (card ids follow it)."""

FIXED_CATEGORIES: dict[str, Category] = {
    "garlic": "condiment",
    "chili_pepper": "condiment",
    "noodles": "starch",
    "rice": "starch",
    "green_pepper": "vegetable",
    "mushroom": "vegetable",
    "onion": "vegetable",
}
"""Categories the rules' combinations depend on, so a config may not change them: Garlic and
Chili Pepper pair with a Meat / a Green Pepper and season a Noodle dish as its Condiment;
Noodles and Rice are the dishes' bases; Green Pepper, Mushroom and Onion have combinations of
their own besides being a dish's Vegetable. Chicken, Pork, Shrimp and Broccoli may take any
category (a Meat pairs with Garlic and fills a dish's Meat place, and so on)."""


class WokOnFireIngredient(Settings):
    """``[ingredients] <name> = { ... }``: how many cards of a type, its category and the
    points one card scores on its own (in no combination)."""

    count: int = Field(ge=0, le=100)
    category: Category
    points: int = Field(ge=0, le=1000)


class WokOnFireScoring(Settings):
    """``[scoring]``: the points of every scoring possibility (a card alone: its ``points``)."""

    garlic_meat_factor: int = Field(ge=0, le=100)
    chili_green_pepper: int = Field(ge=0, le=1000)
    mushroom_set_size: int = Field(ge=1, le=100)
    mushroom_set: int = Field(ge=0, le=1000)
    onion_counts: tuple[int, ...] = Field(min_length=1, max_length=100)
    rice_dish: int = Field(ge=0, le=1000)
    noodle_dish: int = Field(ge=0, le=1000)

    @field_validator("onion_counts")
    @classmethod
    def _counts_in_range(cls, counts: tuple[int, ...]) -> tuple[int, ...]:
        if any(not 0 <= points <= 1000 for points in counts):
            raise ValueError("each onion count's points must be 0 to 1000")
        return counts


class WokOnFireSetup(Settings):
    """``[setup]``: how the deck is dealt at the start."""

    supply: int = Field(ge=0, le=500)
    wok: int = Field(ge=1, le=500)
    position_jitter_mm: float = Field(ge=0, le=200)
    angle_jitter_rad: float = Field(ge=0, le=10)


class WokOnFireRules(Settings):
    """The rules part: the deck (``ingredients``), the deal (``setup``) and the ``[rules]``
    options, which sit directly on this object (``rules.picks_per_turn``)."""

    ingredients: dict[str, WokOnFireIngredient]
    setup: WokOnFireSetup
    scoring: WokOnFireScoring
    cards_per_chop: int = Field(ge=1, le=10)
    picks_per_turn: int = Field(ge=1, le=10)
    green_pepper_viable_falling_out: bool
    blind_chicken_claim: bool
    chili_extra_pick: bool
    pork_majority_bonus: int = Field(ge=0, le=100)
    broccoli_majority_penalty: int = Field(ge=0, le=100)
    max_stirs_per_step: int = Field(ge=1, le=100)

    @property
    def deck_size(self) -> int:
        """Cards in the deck: the sum of the ingredient counts."""
        return sum(item.count for item in self.ingredients.values())

    def deck(self) -> list[str]:
        """Ingredient name of each card id, in a fixed order (ids are stable across games)."""
        return [name for name in INGREDIENT_NAMES for _ in range(self.ingredients[name].count)]


_RULES_SECTIONS = ("ingredients", "setup", "scoring")
"""``wok_on_fire.toml`` sections that are fields of :class:`WokOnFireRules`; the keys of its
``[rules]`` section are the other fields."""


class WokOnFireBotSettings(Settings):
    """How one Wok on Fire bot strength plays (``[bots.<name>]``)."""

    aim_sd_mm: float = Field(ge=0, le=200)
    direction_sd_rad: float = Field(ge=0, le=3.2)
    flick_speed_mm_s: float = Field(ge=100, le=10000)
    flick_depth_share: float = Field(ge=0, le=1.5)
    speed_sd: float = Field(ge=0, le=1)
    chop_speed_mm_s: float = Field(ge=100, le=10000)
    chop_sd: float = Field(ge=0, le=1)
    choose_targets: bool
    random_pick_share: float = Field(ge=0, le=1)
    denial_weight: float = Field(ge=0, le=10)
    potential_weight: float = Field(ge=0, le=10)
    blind_claims: bool
    smart_gifts: bool


class _BotsSection(Settings):
    bots: dict[str, WokOnFireBotSettings] = Field(default_factory=dict)


class WokOnFireConfig(Settings):
    """Every number of Wok on Fire. Frozen; equal configs have equal :meth:`config_hash`."""

    physics: TableConfig
    rules: WokOnFireRules
    bots: dict[str, WokOnFireBotSettings] = Field(default_factory=dict)

    @property
    def deck_size(self) -> int:
        """Cards in the deck: the sum of the ingredient counts."""
        return self.rules.deck_size

    def deck(self) -> list[str]:
        """Ingredient name of each card id (the labels the table is given)."""
        return self.rules.deck()

    def to_data(self) -> dict[str, Any]:
        """Plain JSON data in the TOML files' layout (one entry per section), from which
        :func:`config_from_data` rebuilds an equal config."""
        rules = self.rules.model_dump(mode="json")
        sections = {name: rules.pop(name) for name in _RULES_SECTIONS}
        bots = {name: bot.model_dump(mode="json") for name, bot in self.bots.items()}
        return self.physics.model_dump(mode="json") | sections | {"rules": rules, "bots": bots}

    def config_hash(self) -> str:
        """SHA-256 of the canonical JSON of every setting."""
        text = json.dumps(self.to_data(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


def load_config(path: str | Path | None = None) -> WokOnFireConfig:
    """The shipped defaults, with ``path`` (a folder or one TOML file) layered on top.

    A single override file may set keys of both default files (``[card]``, ``[rules]``, ...);
    a folder may hold ``physics.toml`` and/or ``wok_on_fire.toml`` with partial contents.
    """
    override = None if path is None else Path(path)
    folder = override if override is not None and override.is_dir() else None
    if folder is not None:
        check_config_folder(folder, (PHYSICS_FILE, GAME_FILE))
    physics, physics_file = load_layered(PHYSICS_FILE, folder, folder_checked=True)
    game, game_file = load_layered(GAME_FILE, folder, folder_checked=True)
    blame = {key: physics_file for key in physics} | {key: game_file for key in game}
    if override is not None and folder is None:
        if not os.path.lexists(override):  # a link to itself is reported by read_toml
            raise ConfigError(str(path), None, "no such file or folder")
        user = read_toml(override)
        merged = layer(physics | game, user, str(override))
        physics = {key: merged[key] for key in physics}
        game = {key: merged[key] for key in game}
        blame.update({key: str(override) for key in user})
    return _build(physics, game, blame.get, game_file)


def config_from_data(data: Any, file: str) -> WokOnFireConfig:
    """Rebuild a config stored in a replay file (the layout of :meth:`WokOnFireConfig.to_data`),
    reporting problems against ``file``."""
    if not isinstance(data, dict):
        raise ConfigError(file, "config", "must be a table of settings")
    physics_keys = set(TableConfig.model_fields)
    game_keys = {*_RULES_SECTIONS, "rules", "bots"}
    for key in data:
        if key not in physics_keys | game_keys:
            allowed = ", ".join(sorted(physics_keys | game_keys))
            raise ConfigError(file, str(key), f"unknown key; allowed here: {allowed}")
    physics = {key: value for key, value in data.items() if key in physics_keys}
    game = {key: value for key, value in data.items() if key in game_keys}
    return _build(physics, game, lambda _section: file, file)


def _build(
    physics: dict[str, Any],
    game: dict[str, Any],
    blame: Callable[[str], str | None],
    game_file: str,
) -> WokOnFireConfig:
    """Validate the two files' data into the three parts; errors name the TOML key."""
    physics_file = blame("wok") or game_file
    table = _validated(TableConfig, physics, blame, physics_file, lambda key: key)
    rules_options = game.get("rules", {})
    if isinstance(rules_options, Mapping):
        for name in _RULES_SECTIONS:
            if name in rules_options:
                raise ConfigError(blame("rules") or game_file, f"rules.{name}", "unknown key")
        rules_data = {**rules_options}
    else:
        rules_data = {"rules": rules_options}  # reported by validation as not a table
    rules_data.update({name: game[name] for name in _RULES_SECTIONS if name in game})
    rules = _validated(WokOnFireRules, rules_data, blame, game_file, _rules_key)
    bots = _validated(_BotsSection, {"bots": game.get("bots", {})}, blame, game_file, str)
    cfg = WokOnFireConfig(physics=table, rules=rules, bots=bots.bots)
    _check_consistent(cfg, lambda section: blame(section) or game_file)
    return cfg


def _rules_key(key: str) -> str:
    """A :class:`WokOnFireRules` error key as the TOML file spells it."""
    first = key.split(".")[0]
    return key if first in _RULES_SECTIONS or not key else f"rules.{key}"


def _validated(
    model: type[ModelT],
    data: Mapping[str, Any],
    blame: Callable[[str], str | None],
    default_file: str,
    spell: Callable[[str], str],
) -> ModelT:
    try:
        return validate(model, data, default_file)
    except ConfigError as error:
        key = spell(error.key or "")
        section = key.split(".")[0]
        raise ConfigError(blame(section) or default_file, key or None, error.problem) from None


def _check_consistent(cfg: WokOnFireConfig, blame: Callable[[str], str]) -> None:
    """Checks that span sections, each reported against the section's file and key."""
    wok, table = cfg.physics.wok, cfg.physics.table
    if table.width_mm < wok.width_mm or table.depth_mm < wok.depth_mm:
        raise ConfigError(
            blame("table"), "table", "the table must be at least as large as the wok "
            f"({wok.width_mm} x {wok.depth_mm} mm)"
        )
    card = cfg.physics.card
    if math.hypot(card.width_mm, card.length_mm) >= min(wok.width_mm, wok.depth_mm):
        raise ConfigError(
            blame("card"), "card", "a card must fit inside the wok at any angle: its diagonal "
            f"({math.hypot(card.width_mm, card.length_mm):.1f} mm) must be smaller than the "
            f"wok's smaller side ({min(wok.width_mm, wok.depth_mm)} mm)"
        )
    rules = cfg.rules
    names = set(rules.ingredients)
    if names != set(INGREDIENT_NAMES):
        missing = sorted(set(INGREDIENT_NAMES) - names)
        unknown = sorted(names - set(INGREDIENT_NAMES))
        raise ConfigError(
            blame("ingredients"), "ingredients",
            f"must be exactly the 11 types ({', '.join(INGREDIENT_NAMES)}); "
            f"missing: {', '.join(missing) or 'none'}; unknown: {', '.join(unknown) or 'none'}",
        )
    for name, fixed in FIXED_CATEGORIES.items():
        if rules.ingredients[name].category != fixed:
            raise ConfigError(
                blame("ingredients"), f"ingredients.{name}.category",
                f"must be {fixed!r}: the rules' combinations depend on it (only chicken, pork, "
                "shrimp and broccoli may change category)",
            )
    if rules.ingredients["onion"].points != 0:
        raise ConfigError(
            blame("ingredients"), "ingredients.onion.points",
            "must be 0: Onions kept as onions score by scoring.onion_counts",
        )
    _check_bot_speeds(cfg, blame)
    total = rules.deck_size
    dealt = rules.setup.supply + rules.setup.wok
    if total != dealt:
        raise ConfigError(
            blame("ingredients"), "ingredients",
            f"the counts add up to {total} cards, but setup deals {rules.setup.supply} (supply) "
            f"+ {rules.setup.wok} (wok) = {dealt}; they must be equal",
        )


BOT_SPEED_SIGMAS = 6
"""A bot's hand may reach its planned speed plus this many standard deviations of its noise;
that must stay within ``spatula.max_speed_mm_s``, or the table would refuse the bot's own
gesture in the middle of a game."""


def _check_bot_speeds(cfg: WokOnFireConfig, blame: Callable[[str], str]) -> None:
    limit = cfg.physics.spatula.max_speed_mm_s
    for name, bot in cfg.bots.items():
        for key, speed, spread in (
            ("flick_speed_mm_s", bot.flick_speed_mm_s, bot.speed_sd),
            ("chop_speed_mm_s", bot.chop_speed_mm_s, bot.chop_sd),
        ):
            fastest = speed * (1.0 + BOT_SPEED_SIGMAS * spread)
            if fastest > limit:
                # Blame the file the user changed: the limit's or the bot's.
                shipped = default_config_dir()
                file = next(
                    (f for f in (blame("spatula"), blame("bots")) if Path(f).parent != shipped),
                    blame("bots"),
                )
                raise ConfigError(
                    file, f"bots.{name}.{key}",
                    f"with its noise the bot's hand reaches {fastest:.0f} mm/s, above "
                    f"spatula.max_speed_mm_s ({limit:.0f} mm/s); lower it or raise that limit",
                )
