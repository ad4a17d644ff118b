"""Settings of Wok on Fire: the physics table (``physics.toml``) and the game
(``wok_on_fire.toml``).

``load_config()`` reads the shipped defaults; ``load_config(path)`` layers a user's folder or
single TOML file over them (only the keys it names change). The result is a frozen, validated
:class:`WokConfig`; every problem is one ConfigError naming the file, the key and what is
allowed.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from wokphysics.config.loader import Settings, layer, load_layered, read_toml, validate
from wokphysics.config.paths import default_config_dir
from wokphysics.errors import ConfigError

PHYSICS_FILE = "physics.toml"
GAME_FILE = "wok_on_fire.toml"


class WokSettings(Settings):
    width_mm: float = Field(gt=100, le=5000)
    depth_mm: float = Field(gt=100, le=5000)


class TableSettings(Settings):
    width_mm: float = Field(gt=100, le=10000)
    depth_mm: float = Field(gt=100, le=10000)
    hand_margin_mm: float = Field(ge=0, le=1000)


class CardSettings(Settings):
    width_mm: float = Field(gt=5, le=500)
    length_mm: float = Field(gt=5, le=500)
    mass_g: float = Field(gt=0, le=1000)
    circle_diameter_fraction: float = Field(gt=0, le=1)
    dot_diameter_mm: float = Field(gt=0, le=100)
    dot_inset_mm: float = Field(ge=0, le=100)

    @model_validator(mode="after")
    def _dots_fit(self) -> CardSettings:
        if 2 * (self.dot_inset_mm + self.dot_diameter_mm) > min(self.width_mm, self.length_mm):
            raise ValueError("corner dots (inset + diameter) do not fit on the card")
        return self


class PhysicsSettings(Settings):
    dt_s: float = Field(gt=0, le=0.05)
    solver_iterations: int = Field(ge=1, le=100)
    flight_substeps: int = Field(ge=1, le=100)
    gravity_mm_s2: float = Field(gt=0, le=100000)
    friction: float = Field(ge=0, le=5)
    air_drag_per_s: float = Field(ge=0, le=100)
    terminal_speed_mm_s: float = Field(gt=0, le=1e6)
    spin_drag_per_rad: float = Field(ge=0, le=100)
    rest_speed_mm_s: float = Field(gt=0, le=100)
    rest_spin_rad_s: float = Field(gt=0, le=10)
    max_settle_s: float = Field(gt=0, le=120)
    max_flight_s: float = Field(gt=0, le=60)


class SpatulaSettings(Settings):
    blade_width_mm: float = Field(gt=1, le=500)
    blade_thickness_mm: float = Field(gt=0, le=50)
    release_window_s: float = Field(gt=0, le=1)
    contact_tolerance_mm: float = Field(ge=0, le=50)
    edge_lift_gain: float = Field(ge=0, le=20)
    launch_gain: float = Field(ge=0, le=20)
    carry_gain: float = Field(ge=0, le=5)
    min_launch_height_mm: float = Field(ge=0, le=500)
    stack_spin_coupling: float = Field(ge=0, le=1)
    tremor_speed: float = Field(ge=0, le=1)
    tremor_spin: float = Field(ge=0, le=1)
    tremor_yaw_rad_s: float = Field(ge=0, le=100)
    max_speed_mm_s: float = Field(gt=0, le=1e6)


class ChopSettings(Settings):
    throw_gain: float = Field(ge=0, le=10)
    release_height_mm: float = Field(ge=0, le=1000)
    lift_speed_mm_s: float = Field(ge=0, le=10000)
    spin_sd_rad_s: float = Field(ge=0, le=200)
    yaw_sd_rad_s: float = Field(ge=0, le=200)
    spread_mm: float = Field(ge=0, le=200)
    speed_sd: float = Field(ge=0, le=1)


class VisibilitySettings(Settings):
    circle_min_fraction: float = Field(gt=0, le=1)
    dot_min_fraction: float = Field(gt=0, le=1)
    circle_segments: int = Field(ge=8, le=1024)


Category = Literal["meat", "vegetable", "condiment", "starch"]


class IngredientSettings(Settings):
    count: int = Field(ge=0, le=100)
    category: Category


class SetupSettings(Settings):
    supply: int = Field(ge=0, le=500)
    wok: int = Field(ge=0, le=500)
    position_jitter_mm: float = Field(ge=0, le=200)
    angle_jitter_rad: float = Field(ge=0, le=10)


class RulesSettings(Settings):
    cards_per_chop: int = Field(ge=0, le=10)
    picks_per_turn: int = Field(ge=1, le=10)
    green_pepper_viable_falling_out: bool
    blind_chicken_claim: bool
    chili_extra_pick: bool
    pork_majority_bonus: int = Field(ge=0, le=100)
    broccoli_majority_penalty: int = Field(ge=0, le=100)
    max_stirs_per_step: int = Field(ge=1, le=10000)


class BotSettings(Settings):
    """How one Wok on Fire bot strength plays (``[bots.<name>]``)."""

    aim_sd_mm: float = Field(ge=0, le=200)
    direction_sd_rad: float = Field(ge=0, le=3.2)
    flick_speed_mm_s: float = Field(gt=0, le=10000)
    speed_sd: float = Field(ge=0, le=1)
    chop_speed_mm_s: float = Field(gt=0, le=10000)
    chop_sd: float = Field(ge=0, le=1)
    choose_targets: bool
    random_pick_share: float = Field(ge=0, le=1)
    denial_weight: float = Field(ge=0, le=10)
    potential_weight: float = Field(ge=0, le=10)
    blind_claims: bool
    smart_gifts: bool


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


class WokConfig(Settings):
    """Every number of Wok on Fire. Frozen; equal configs have equal :meth:`config_hash`."""

    wok: WokSettings
    table: TableSettings
    card: CardSettings
    physics: PhysicsSettings
    spatula: SpatulaSettings
    chop: ChopSettings
    visibility: VisibilitySettings
    ingredients: dict[str, IngredientSettings]
    setup: SetupSettings
    rules: RulesSettings
    bots: dict[str, BotSettings] = Field(default_factory=dict)

    @property
    def deck_size(self) -> int:
        """Cards in the deck: the sum of the ingredient counts."""
        return sum(item.count for item in self.ingredients.values())

    def deck(self) -> list[str]:
        """Ingredient name of each card id, in a fixed order (ids are stable across games)."""
        return [name for name in INGREDIENT_NAMES for _ in range(self.ingredients[name].count)]

    def to_data(self) -> dict[str, Any]:
        """Plain JSON data, from which :func:`config_from_data` rebuilds an equal config."""
        return self.model_dump(mode="json")

    def config_hash(self) -> str:
        """SHA-256 of the canonical JSON of every setting."""
        text = json.dumps(self.to_data(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


def load_config(path: str | Path | None = None) -> WokConfig:
    """The shipped defaults, with ``path`` (a folder or one TOML file) layered on top.

    A single override file may set keys of both default files (``[card]``, ``[rules]``, ...);
    a folder may hold ``physics.toml`` and/or ``wok_on_fire.toml`` with partial contents.
    """
    defaults = default_config_dir()
    physics, physics_blame = load_layered(PHYSICS_FILE, None)
    game, game_blame = load_layered(GAME_FILE, None)
    blame = {key: physics_blame for key in physics} | {key: game_blame for key in game}
    if path is not None:
        override = Path(path)
        if override.is_dir():
            physics, physics_blame = load_layered(PHYSICS_FILE, override)
            game, game_blame = load_layered(GAME_FILE, override)
            blame = {key: physics_blame for key in physics} | {key: game_blame for key in game}
        elif override.exists():
            user = read_toml(override)
            merged = layer(physics | game, user, str(override))
            physics = {key: merged[key] for key in physics}
            game = {key: merged[key] for key in game}
            for key in user:
                blame[key] = str(override)
        else:
            raise ConfigError(str(path), None, "no such file or folder")
    data = physics | game
    overall = blame.get("setup", str(defaults / GAME_FILE))
    return _validate(data, blame, overall)


def _check_consistent(cfg: WokConfig, blame: dict[str, str]) -> None:
    """Checks that span sections, each reported against the section's file and key."""
    if cfg.table.width_mm < cfg.wok.width_mm or cfg.table.depth_mm < cfg.wok.depth_mm:
        raise ConfigError(
            blame["table"], "table", "the table must be at least as large as the wok "
            f"({cfg.wok.width_mm} x {cfg.wok.depth_mm} mm)"
        )
    names = set(cfg.ingredients)
    if names != set(INGREDIENT_NAMES):
        missing = sorted(set(INGREDIENT_NAMES) - names)
        unknown = sorted(names - set(INGREDIENT_NAMES))
        raise ConfigError(
            blame["ingredients"], "ingredients",
            f"must be exactly the 11 types ({', '.join(INGREDIENT_NAMES)}); "
            f"missing: {', '.join(missing) or 'none'}; unknown: {', '.join(unknown) or 'none'}",
        )
    total = cfg.deck_size
    dealt = cfg.setup.supply + cfg.setup.wok
    if total != dealt:
        raise ConfigError(
            blame["ingredients"], "ingredients",
            f"the counts add up to {total} cards, but setup deals {cfg.setup.supply} (supply) "
            f"+ {cfg.setup.wok} (wok) = {dealt}; they must be equal",
        )


def _validate(data: dict[str, Any], blame: dict[str, str], overall: str) -> WokConfig:
    try:
        cfg = validate(WokConfig, data, overall)
    except ConfigError as error:
        section = (error.key or "").split(".")[0]
        if section in blame:
            raise ConfigError(blame[section], error.key, error.problem) from None
        raise
    _check_consistent(cfg, blame)
    return cfg


def config_from_data(data: Any, file: str) -> WokConfig:
    """Rebuild a config stored in a replay file, reporting problems against ``file``."""
    if not isinstance(data, dict):
        raise ConfigError(file, "config", "must be a table of settings")
    cfg = validate(WokConfig, data, file)
    _check_consistent(cfg, {"table": file, "ingredients": file})
    return cfg
