"""Reading and validating ``config/wok_and_roll.toml``: rules options, dice, both menu sheets.

The TOML is parsed into plain data, validated by the pydantic models below (types, ranges,
unknown keys), then checked across keys (unique ids, rows naming real servings, locks and
Chef's Hats inside their dish). Every problem is one :class:`ConfigError` naming the file and
the dotted key. Nothing read is executed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import Field, field_validator

from wokphysics.config.loader import Settings, load_layered, validate
from wokphysics.errors import ConfigError

CONFIG_FILE = "wok_and_roll.toml"

CODES = "RNVMSB"
"""Ingredient codes; a die face is the index of its code here (5 = Recipe Book)."""
FOODS = "RNVMS"
BOOK = 5

Code = Literal["R", "N", "V", "M", "S", "B"]
Food = Literal["R", "N", "V", "M", "S"]
Family = Literal["rice", "noodle", "vegetable", "meat", "seafood"]
Section = Literal["rice", "noodle", "vegmeat", "seafood"]


class ServingModel(Settings):
    """One serving: its ingredients (codes, 1 to 4 foods), taste points, Pantry symbol."""

    needs: str = Field(min_length=1, max_length=4)
    points: int = Field(ge=0, le=50)
    pantry: Food | None = None

    @field_validator("needs")
    @classmethod
    def _foods_only(cls, value: str) -> str:
        bad = [c for c in value if c not in FOODS]
        if bad:
            raise ValueError(f"ingredient codes must be among {', '.join(FOODS)} (got {value!r})")
        return value


class GroupModel(Settings):
    """A dish (a column crossed top to bottom) or a dish platter (any order, with a bonus)."""

    id: str = Field(pattern=r"^[A-Z][A-Z0-9]{0,3}$")
    name: str
    section: Section
    family: Family
    kind: Literal["dish", "platter"]
    bonus: int = Field(default=0, ge=0, le=50)
    locked_from: int | None = Field(default=None, ge=1)
    servings: list[ServingModel] = Field(min_length=1, max_length=8)


class RowModel(Settings):
    """A row of the Vegetable and Meat section: when all its servings are crossed, circle."""

    servings: list[str] = Field(min_length=1)
    bonus: Code


class RectangleModel(Settings):
    """An end-game bonus: ``points`` per Specialty Skill (``per = "skill"``) or per crossed
    serving of a dish family."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    per: Literal["skill", "rice", "noodle", "vegetable", "meat", "seafood"]
    points: int = Field(ge=0, le=20)


class SkillsModel(Settings):
    conversions: list[Food]
    conversion_cost: int = Field(ge=1, le=6)
    rectangles: list[RectangleModel]
    rectangle_cost: int = Field(ge=1, le=6)


class PantryModel(Settings):
    """Points of each Pantry space, top to bottom (the same for every ingredient column)."""

    points: list[int] = Field(min_length=1, max_length=8)


class MenuModel(Settings):
    name: str
    fridge: list[Code] = Field(max_length=12)
    fridge_points_each: int = Field(ge=0, le=10)
    chef_hats: int = Field(ge=0, le=12)
    max_chef_hats: int = Field(ge=0, le=12)
    unlock_cost: int = Field(ge=1, le=6)
    recipes: list[int]
    skills: SkillsModel
    pantry: PantryModel | None = None
    groups: list[GroupModel] = Field(min_length=1)
    rows: list[RowModel] = []


class HouseSpecialModel(Settings):
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str
    hats_after: list[int]
    servings: list[ServingModel] = Field(min_length=1, max_length=8)


class DiceModel(Settings):
    faces: list[Code] = Field(min_length=6, max_length=6)
    white: int = Field(ge=1, le=6)
    red: int = Field(ge=0, le=6)
    rerolls: int = Field(ge=0, le=5)


class RulesModel(Settings):
    menu: Literal["simple", "expert"]
    dishes_to_end: int = Field(ge=1, le=20)
    expert_dishes_to_end: int = Field(ge=1, le=20)


class WokAndRollSettings(Settings):
    """The whole validated file."""

    rules: RulesModel
    dice: DiceModel
    ingredients: dict[Code, str]
    simple: MenuModel
    expert: MenuModel
    house_specials: list[HouseSpecialModel] = Field(min_length=5)


def _check_menu(menu: MenuModel, side: str, file: str, has_tiles: bool) -> None:
    """Cross-key checks of one menu side."""
    ids = [g.id for g in menu.groups]
    for index, group in enumerate(menu.groups):
        key = f"{side}.groups.{index}"
        if ids.count(group.id) > 1:
            raise ConfigError(
                file, f"{key}.id", f"'{group.id}' is used by two dishes; ids must be unique"
            )
        if group.id == "HS":
            raise ConfigError(file, f"{key}.id", "'HS' is reserved for the House Special")
        if group.locked_from is not None and group.locked_from > len(group.servings):
            raise ConfigError(
                file,
                f"{key}.locked_from",
                f"must be between 1 and {len(group.servings)} (the dish's servings), "
                f"got {group.locked_from}",
            )
        if group.kind == "dish" and group.bonus:
            raise ConfigError(file, f"{key}.bonus", "only platters have a completion bonus")
        if group.kind == "platter" and group.locked_from not in (None, 1):
            raise ConfigError(
                file, f"{key}.locked_from", "a platter's lock can only be 1 (all of it)"
            )
        for s_index, serving in enumerate(group.servings):
            if serving.pantry is not None and menu.pantry is None:
                raise ConfigError(
                    file, f"{key}.servings.{s_index}.pantry", "this menu has no [pantry] table"
                )
    known = {f"{g.id}.{k + 1}": g for g in menu.groups for k in range(len(g.servings))}
    seen: set[str] = set()
    for index, row in enumerate(menu.rows):
        for name in row.servings:
            if name not in known:
                raise ConfigError(
                    file,
                    f"{side}.rows.{index}.servings",
                    f"'{name}' is not a serving (write DISH.NUMBER, e.g. 'V1.2')",
                )
            if known[name].kind != "platter":
                raise ConfigError(
                    file,
                    f"{side}.rows.{index}.servings",
                    f"'{name}' is in a dish; rows join platter servings",
                )
            if name in seen:
                raise ConfigError(file, f"{side}.rows.{index}.servings", f"'{name}' is in two rows")
            seen.add(name)
    # the sources of one ingredient other than the 6 dice are counted together in a 4-bit
    # lane (see lanes.py): at most 9 of them
    for code in CODES:
        extra = sum(1 for c in menu.fridge if c == code)
        extra += sum(1 for row in menu.rows if row.bonus == code)
        extra += len(menu.pantry.points) if menu.pantry and code in FOODS else 0
        if extra > 9:
            raise ConfigError(
                file,
                side,
                f"at most 9 {code} in Fridge, row bonuses and Pantry together, got {extra}",
            )
    rect_ids = [r.id for r in menu.skills.rectangles]
    if len(set(rect_ids)) != len(rect_ids):
        raise ConfigError(file, f"{side}.skills.rectangles", "rectangle ids must be unique")
    if len(set(menu.skills.conversions)) != len(menu.skills.conversions):
        raise ConfigError(file, f"{side}.skills.conversions", "each ingredient at most once")
    if any(points > 0 for points in menu.recipes):
        raise ConfigError(file, f"{side}.recipes", "recipe penalties must be 0 or negative")
    if menu.max_chef_hats < menu.chef_hats:
        raise ConfigError(file, f"{side}.max_chef_hats", "must be at least chef_hats")
    if menu.chef_hats == 0 and menu.max_chef_hats != 0:
        raise ConfigError(file, f"{side}.max_chef_hats", "must be 0 when chef_hats is 0 (no limit)")
    del has_tiles


def check_settings(settings: WokAndRollSettings, file: str) -> None:
    """Every cross-key rule; raises ConfigError naming the first key that breaks one."""
    if sorted(settings.dice.faces) != sorted(CODES):
        raise ConfigError(file, "dice.faces", f"must list each of {', '.join(CODES)} exactly once")
    if settings.dice.white + settings.dice.red != 6:
        raise ConfigError(file, "dice", "white + red must be 6 (the game has 6 dice)")
    missing = [c for c in CODES if c not in settings.ingredients]
    if missing:
        raise ConfigError(file, "ingredients", f"names missing for {', '.join(missing)}")
    _check_menu(settings.simple, "simple", file, False)
    _check_menu(settings.expert, "expert", file, True)
    tile_ids = [t.id for t in settings.house_specials]
    for index, tile in enumerate(settings.house_specials):
        if tile_ids.count(tile.id) > 1:
            raise ConfigError(file, f"house_specials.{index}.id", f"'{tile.id}' is used twice")
        for hat in tile.hats_after:
            if not 1 <= hat <= len(tile.servings):
                raise ConfigError(
                    file,
                    f"house_specials.{index}.hats_after",
                    f"serving numbers must be between 1 and {len(tile.servings)}, got {hat}",
                )


def load_settings(override: str | Path | None = None) -> WokAndRollSettings:
    """The shipped file with an optional override file layered on; validated."""
    data, blame = load_layered(CONFIG_FILE, override)
    settings = validate(WokAndRollSettings, data, blame)
    check_settings(settings, blame)
    return settings


def settings_from_data(data: dict[str, Any], file: str = "(saved game)") -> WokAndRollSettings:
    """Validate settings carried as plain data (a saved game's copy)."""
    settings = validate(WokAndRollSettings, data, file)
    check_settings(settings, file)
    return settings
