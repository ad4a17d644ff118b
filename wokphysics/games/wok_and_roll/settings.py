"""Reading and validating ``config/wok_and_roll.toml``: rules options, ingredients, dice,
wok spaces, both menu sheets and the House Special tiles.

The file is the single source of truth: the ingredient symbols (five foods and the Recipe
Book), the dice, the sections and their titles, every serving, and the greedy bot's weights
all come from it; the code holds no list of them. The TOML is parsed into plain data,
validated by the pydantic models below (types, ranges, unknown keys), then checked across keys
(codes known, unique ids, rows naming real platter servings, locks and Chef's Hats inside
their dish, the packed counts of :mod:`.lanes` never overflowing). Every problem is one
:class:`ConfigError` naming the file and the dotted key. Nothing read is executed.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import Field

from wokphysics.config.loader import Settings, load_layered, validate
from wokphysics.errors import ConfigError, UserError
from wokphysics.games.wok_and_roll.lanes import FACE_LANES, MAX_COUNT

CONFIG_FILE = "wok_and_roll.toml"

Code = str
"""An ingredient symbol: one capital letter, declared in ``[ingredients]``."""

MAX_DICE: Final = 8
MOST_NEEDED: Final = 4
"""The most ingredients one serving may need (so also the most of any one face)."""
MOST_BOOKS: Final = 6
"""The most Recipe Books a skill, a rectangle or an unlock may cost."""
_CODE = r"^[A-Z]$"
_NEEDS = rf"^[A-Z]{{1,{MOST_NEEDED}}}$"


class ServingModel(Settings):
    """One serving: the ingredients it needs (codes of foods, 1 to MOST_NEEDED of them), its
    taste points, and the Pantry symbol printed in its space (Expert), if any."""

    needs: str = Field(pattern=_NEEDS)
    points: int = Field(ge=0, le=50)
    pantry: str | None = Field(default=None, pattern=_CODE)


class GroupModel(Settings):
    """A dish (a column crossed top to bottom) or a dish platter (any order, with a bonus)."""

    id: str = Field(pattern=r"^[A-Z][A-Z0-9]{0,3}$")
    name: str = Field(min_length=1, max_length=60)
    section: str
    food: str = Field(pattern=_CODE)
    kind: Literal["dish", "platter"]
    bonus: int = Field(default=0, ge=0, le=50)
    locked_from: int | None = Field(default=None, ge=1)
    servings: list[ServingModel] = Field(min_length=1, max_length=8)


class RowModel(Settings):
    """A row of platter servings: when all of them are crossed, its bonus is circled."""

    servings: list[str] = Field(min_length=1, max_length=8)
    bonus: str = Field(pattern=_CODE)


class RectangleModel(Settings):
    """An end-game bonus: ``points`` per Specialty Skill (``per = "skill"``) or per crossed
    serving of the dishes of one food (``per`` = that food's code)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    per: str = Field(pattern=r"^(skill|[A-Z])$")
    points: int = Field(ge=0, le=20)


class SkillsModel(Settings):
    conversions: list[str] = Field(max_length=8)
    conversion_cost: int = Field(ge=1, le=MOST_BOOKS)
    rectangles: list[RectangleModel] = Field(max_length=12)
    rectangle_cost: int = Field(ge=1, le=MOST_BOOKS)


class PantryModel(Settings):
    """Points of each Pantry space, top to bottom (the same for every food's column)."""

    points: list[int] = Field(min_length=1, max_length=6)


class MenuModel(Settings):
    """One side of the player menu."""

    name: str
    fridge: list[str] = Field(max_length=8)
    fridge_points_each: int = Field(ge=0, le=10)
    chef_hats: int = Field(ge=0, le=8)
    max_chef_hats: int = Field(ge=0, le=8)
    hat_ingredients: list[str] = Field(default=[], max_length=8)
    unlock_cost: int = Field(ge=1, le=MOST_BOOKS)
    recipes: list[int] = Field(max_length=8)
    skills: SkillsModel
    pantry: PantryModel | None = None
    groups: list[GroupModel] = Field(min_length=1, max_length=24)
    rows: list[RowModel] = Field(default=[], max_length=12)


class HouseSpecialModel(Settings):
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str = Field(min_length=1, max_length=60)
    food: str = Field(pattern=_CODE)
    hats_after: list[int] = Field(max_length=8)
    servings: list[ServingModel] = Field(min_length=1, max_length=8)


class IngredientsModel(Settings):
    """The ingredient symbols: the foods (a serving's needs), the Recipe Book, their names."""

    foods: list[str] = Field(min_length=1, max_length=FACE_LANES - 1)
    book: str = Field(pattern=_CODE)
    names: dict[str, str]


class DiceModel(Settings):
    faces: list[str] = Field(min_length=2, max_length=FACE_LANES)
    white: int = Field(ge=1, le=8)
    red: int = Field(ge=0, le=8)
    rerolls: int = Field(ge=0, le=5)


class SectionModel(Settings):
    """A food section of the menu (a wok space of the final tally) and its printed title."""

    id: str = Field(pattern=r"^[a-z][a-z_]*$")
    title: str = Field(min_length=1, max_length=40)


class TallyModel(Settings):
    """Titles of the wok spaces that are not food sections, as the rulebook words them."""

    skills_and_fridge: str = Field(min_length=1, max_length=40)
    house_special: str = Field(min_length=1, max_length=40)
    pantry: str = Field(min_length=1, max_length=40)
    recipes: str = Field(min_length=1, max_length=40)


class RulesModel(Settings):
    menu: Literal["simple", "expert"]
    dishes_to_end: int = Field(ge=1, le=20)
    expert_dishes_to_end: int = Field(ge=1, le=20)
    house_special_ends_game: bool
    house_special_in_rectangles: bool


_WEIGHT = Field(ge=0, le=20)


class GreedyBotModel(Settings):
    """The greedy bot's estimates, in taste points unless said otherwise (see bots.py)."""

    die_book_cost: float = _WEIGHT
    fridge_extra_cost: float = _WEIGHT
    fridge_book_extra_cost: float = _WEIGHT
    circle_cost: float = _WEIGHT
    pantry_cost: float = _WEIGHT
    least_value: float = _WEIGHT
    hat_value: float = _WEIGHT
    next_serving_share: float = Field(ge=0, le=1)
    finish_when_leading: float = _WEIGHT
    finish_when_behind: float = _WEIGHT
    progress_value: float = _WEIGHT
    progress_share: float = Field(ge=0, le=1)
    row_circle_value: float = _WEIGHT
    pantry_space_extra: float = _WEIGHT
    skill_value: float = _WEIGHT
    skill_with_skill_rectangle: float = _WEIGHT
    rectangle_future_count: int = Field(ge=0, le=20)
    rectangle_extra_cost: float = _WEIGHT
    unlock_share: float = Field(ge=0, le=1)
    unlock_bonus_share: float = Field(ge=0, le=1)
    unlock_books_extra_cost: float = _WEIGHT
    unlock_recipe_extra_cost: float = _WEIGHT


class BotsModel(Settings):
    greedy: GreedyBotModel


class WokAndRollSettings(Settings):
    """The whole validated file."""

    rules: RulesModel
    ingredients: IngredientsModel
    dice: DiceModel
    sections: list[SectionModel] = Field(min_length=1, max_length=8)
    tally: TallyModel
    simple: MenuModel
    expert: MenuModel
    house_specials: list[HouseSpecialModel] = Field(min_length=1, max_length=12)
    bots: BotsModel


def _fail(file: str, key: str, problem: str) -> ConfigError:
    return ConfigError(file, key, problem)


def _check_needs(text: str, foods: list[str], file: str, key: str) -> None:
    bad = [c for c in text if c not in foods]
    if bad:
        raise _fail(
            file, key, f"ingredient codes must be among {', '.join(foods)} (got {text!r})"
        )


def _check_servings(
    servings: list[ServingModel], foods: list[str], pantry: bool, file: str, key: str
) -> None:
    for index, serving in enumerate(servings):
        _check_needs(serving.needs, foods, file, f"{key}.{index}.needs")
        if serving.pantry is not None:
            if not pantry:
                raise _fail(file, f"{key}.{index}.pantry", "this menu has no [pantry] table")
            if serving.pantry not in foods:
                raise _fail(
                    file,
                    f"{key}.{index}.pantry",
                    f"must be one of the foods {', '.join(foods)}, got {serving.pantry!r}",
                )


def _check_menu(settings: WokAndRollSettings, side: str, file: str) -> None:
    """Cross-key checks of one menu side."""
    menu: MenuModel = getattr(settings, side)
    foods = settings.ingredients.foods
    codes = [*foods, settings.ingredients.book]
    sections = [s.id for s in settings.sections]
    ids = [g.id for g in menu.groups]
    for index, group in enumerate(menu.groups):
        key = f"{side}.groups.{index}"
        if ids.count(group.id) > 1:
            raise _fail(
                file, f"{key}.id", f"'{group.id}' is used by two dishes; ids must be unique"
            )
        if group.id == "HS":
            raise _fail(file, f"{key}.id", "'HS' is reserved for the House Special")
        if group.section not in sections:
            raise _fail(
                file, f"{key}.section", f"must be one of the sections {', '.join(sections)}"
            )
        if group.food not in foods:
            raise _fail(file, f"{key}.food", f"must be one of the foods {', '.join(foods)}")
        if group.locked_from is not None and group.locked_from > len(group.servings):
            raise _fail(
                file,
                f"{key}.locked_from",
                f"must be between 1 and {len(group.servings)} (the dish's servings), "
                f"got {group.locked_from}",
            )
        if group.kind == "dish" and group.bonus:
            raise _fail(file, f"{key}.bonus", "only platters have a completion bonus")
        if group.kind == "platter" and group.locked_from not in (None, 1):
            raise _fail(file, f"{key}.locked_from", "a platter's lock can only be 1 (all of it)")
        _check_servings(group.servings, foods, menu.pantry is not None, file, f"{key}.servings")
    known = {f"{g.id}.{k + 1}": g for g in menu.groups for k in range(len(g.servings))}
    seen: set[str] = set()
    for index, row in enumerate(menu.rows):
        if row.bonus not in codes:
            raise _fail(file, f"{side}.rows.{index}.bonus", f"must be one of {', '.join(codes)}")
        for name in row.servings:
            if name not in known:
                raise _fail(
                    file,
                    f"{side}.rows.{index}.servings",
                    f"'{name}' is not a serving (write DISH.NUMBER, e.g. 'V1.2')",
                )
            if known[name].kind != "platter":
                raise _fail(
                    file,
                    f"{side}.rows.{index}.servings",
                    f"'{name}' is in a dish; rows join platter servings",
                )
            if name in seen:
                raise _fail(file, f"{side}.rows.{index}.servings", f"'{name}' is in two rows")
            seen.add(name)
    for index, code in enumerate(menu.fridge):
        if code not in codes:
            raise _fail(file, f"{side}.fridge.{index}", f"must be one of {', '.join(codes)}")
    for index, code in enumerate(menu.hat_ingredients):
        if code not in codes:
            raise _fail(
                file, f"{side}.hat_ingredients.{index}", f"must be one of {', '.join(codes)}"
            )
    if menu.max_chef_hats < menu.chef_hats:
        raise _fail(file, f"{side}.max_chef_hats", "must be at least chef_hats")
    if menu.chef_hats == 0 and menu.max_chef_hats != 0:
        raise _fail(file, f"{side}.max_chef_hats", "must be 0 when chef_hats is 0 (no hats)")
    if menu.chef_hats and menu.fridge:
        raise _fail(
            file,
            f"{side}.fridge",
            "a menu with Chef's Hats has no fixed Fridge items (each hat is one ingredient of "
            "the player's choice); leave fridge = [] or set chef_hats = 0",
        )
    if menu.chef_hats and not menu.hat_ingredients:
        raise _fail(file, f"{side}.hat_ingredients", "name what a Chef's Hat ingredient may be")
    # the packed counts (lanes.py) hold at most MAX_COUNT of one symbol across the pools
    dice = settings.dice.white + settings.dice.red
    for code in codes:
        extra = menu.fridge.count(code) + (
            menu.max_chef_hats if code in menu.hat_ingredients else 0
        )
        extra += sum(1 for row in menu.rows if row.bonus == code)
        extra += len(menu.pantry.points) if menu.pantry and code in foods else 0
        if dice + extra > MAX_COUNT:
            raise _fail(
                file,
                side,
                f"at most {MAX_COUNT} {code} in dice, Fridge, row bonuses and Pantry together, "
                f"got {dice + extra}",
            )
    for index, food in enumerate(menu.skills.conversions):
        if food not in foods:
            raise _fail(
                file, f"{side}.skills.conversions.{index}", f"must be one of {', '.join(foods)}"
            )
    if len(set(menu.skills.conversions)) != len(menu.skills.conversions):
        raise _fail(file, f"{side}.skills.conversions", "each food at most once")
    rect_ids = [r.id for r in menu.skills.rectangles]
    if len(set(rect_ids)) != len(rect_ids):
        raise _fail(file, f"{side}.skills.rectangles", "rectangle ids must be unique")
    for index, rect in enumerate(menu.skills.rectangles):
        if rect.per != "skill" and rect.per not in foods:
            raise _fail(
                file,
                f"{side}.skills.rectangles.{index}.per",
                f"must be 'skill' or one of the foods {', '.join(foods)}",
            )
    if any(points > 0 for points in menu.recipes):
        raise _fail(file, f"{side}.recipes", "recipe penalties must be 0 or negative")


def most_dishes(settings: WokAndRollSettings, side: str) -> int:
    """The most dishes and platters a player can complete on ``side``'s menu ("simple" or
    "expert"; the House Special counts where it ends the game): the largest reachable end."""
    menu: MenuModel = getattr(settings, side)
    return len(menu.groups) + (side == "expert" and settings.rules.house_special_ends_game)


DISHES_OPTION = (1, 20)
"""``--dishes N``'s limits before any menu is read (the config's ``dishes_to_end`` too)."""


def check_dishes_option(dishes: int | None, expert: bool, config: str | Path | None) -> None:
    """``--dishes N`` checked in one place for the terminal, the window and the studies: 1 to
    20, and no more than the dishes and platters of the menu played (``--expert`` or the
    config's ``menu``), or the game would never end. A UserError names the option."""
    if dishes is None:
        return
    low, high = DISHES_OPTION
    if not low <= dishes <= high:
        raise UserError(f"--dishes must be {low} to {high}, not {dishes}")
    settings = load_settings(config)
    side = "expert" if expert or settings.rules.menu == "expert" else "simple"
    most = most_dishes(settings, side)
    if dishes > most:
        raise UserError(f"--dishes {dishes} can never be reached: the {side} menu has {most} "
                        "dishes and platters to complete")


def _check_end_reachable(settings: WokAndRollSettings, file: str) -> None:
    """The game ends when a player completes N dishes: N must not exceed the menu's dishes and
    platters (with the House Special where it ends the game), or the game never ends."""
    rules = settings.rules
    for side, key in (("simple", "dishes_to_end"), ("expert", "expert_dishes_to_end")):
        most = most_dishes(settings, side)
        wanted: int = getattr(rules, key)
        if wanted > most:
            raise _fail(
                file,
                f"rules.{key}",
                f"{wanted} can never be reached: the {side} menu has {most} dishes and "
                "platters to complete",
            )


def check_settings(settings: WokAndRollSettings, file: str) -> None:
    """Every cross-key rule; raises ConfigError naming the first key that breaks one."""
    ingredients = settings.ingredients
    foods = ingredients.foods
    codes = [*foods, ingredients.book]
    for index, food in enumerate(foods):
        if len(food) != 1 or not food.isupper() or not food.isascii():
            raise _fail(file, f"ingredients.foods.{index}", "a food code is one capital letter")
    if len(set(codes)) != len(codes):
        raise _fail(file, "ingredients", "each code once (the foods and the book differ)")
    missing = [c for c in codes if c not in ingredients.names]
    if missing:
        raise _fail(file, "ingredients.names", f"names missing for {', '.join(missing)}")
    extra = [c for c in ingredients.names if c not in codes]
    if extra:
        raise _fail(file, f"ingredients.names.{extra[0]}", "not a food or the book")
    if sorted(settings.dice.faces) != sorted(codes):
        raise _fail(
            file, "dice.faces", f"must list each of {', '.join(codes)} exactly once (one a face)"
        )
    if settings.dice.white + settings.dice.red > MAX_DICE:
        raise _fail(file, "dice", f"white + red must be at most {MAX_DICE}")
    section_ids = [s.id for s in settings.sections]
    if len(set(section_ids)) != len(section_ids):
        raise _fail(file, "sections", "section ids must be unique")
    _check_menu(settings, "simple", file)
    _check_menu(settings, "expert", file)
    _check_end_reachable(settings, file)
    tile_ids = [t.id for t in settings.house_specials]
    for index, tile in enumerate(settings.house_specials):
        key = f"house_specials.{index}"
        if tile_ids.count(tile.id) > 1:
            raise _fail(file, f"{key}.id", f"'{tile.id}' is used twice")
        if tile.food not in foods:
            raise _fail(file, f"{key}.food", f"must be one of the foods {', '.join(foods)}")
        _check_servings(tile.servings, foods, False, file, f"{key}.servings")
        for hat in tile.hats_after:
            if not 1 <= hat <= len(tile.servings):
                raise _fail(
                    file,
                    f"{key}.hats_after",
                    f"serving numbers must be between 1 and {len(tile.servings)}, got {hat}",
                )


def load_settings(override: str | Path | None = None) -> WokAndRollSettings:
    """The shipped file with an optional override file (or folder) layered on; validated."""
    data, blame = load_layered(CONFIG_FILE, override)
    settings = validate(WokAndRollSettings, data, blame)
    check_settings(settings, blame)
    return settings


def settings_from_data(data: Mapping[str, Any], file: str = "(saved game)") -> WokAndRollSettings:
    """Validate settings carried as plain data (a saved game's copy, changed options)."""
    settings = validate(WokAndRollSettings, data, file)
    check_settings(settings, file)
    return settings
