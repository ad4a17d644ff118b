"""Wok Star's card data and rules options, loaded from ``config/wok_star.toml``.

The file is a reconstruction (the rulebook prints no card faces); :func:`load_config`
validates every type and range with pydantic and then the facts the rules depend on (12
recipes: three at $0, five at $4, the rest dearer; 4 customers of $2-$5 each per recipe;
2-4 ingredients per recipe, each with one of the 10 preparations; 13 events; 6 characters;
one purchase-track row per round). Any problem is one :class:`ConfigError` line naming the file,
the key and what is allowed. Money is in dollars, time in seconds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from pathlib import Path
from typing import Literal

from pydantic import Field

from wokphysics.config.loader import Settings, load_layered, validate
from wokphysics.errors import ConfigError
from wokphysics.games.wok_star.model import DIE_FACES

CONFIG_FILE = "wok_star.toml"

TIMED_VERBS = ("place", "combo", "give", "serve", "turn_away", "use")
"""The verbs whose :class:`TimeCosts` the simulated clock charges (``wait`` is charged apart)."""

ComboKind = Literal[
    "pair", "straight", "both_odd", "both_even", "sum_at_least", "sum_at_most", "sum_is"
]
EventKind = Literal[
    "chefs_special",
    "delivery",
    "inspector",
    "spoilage",
    "extra_hands",
    "power_cut",
    "lucky_wok",
    "walk_in",
    "rush",
    "windfall",
    "tip_jar",
    "food_critic",
    "repairs",
]
CharacterKind = Literal["grandma", "uncle", "cousin", "auntie", "grandpa", "little_bo"]
Difficulty = Literal["easy", "normal", "hard"]
DIFFICULTIES: tuple[Difficulty, ...] = ("easy", "normal", "hard")


class Rules(Settings):
    """Rules options (the rulebook's choices are the defaults)."""

    timer: bool = True
    events: bool = True
    characters: bool = True
    difficulty: Difficulty = "normal"
    sand_physics: bool = True
    timer_seconds: float = Field(20.0, gt=0, le=600)
    bad_publicity_limit: int = Field(8, ge=1, le=48)
    ingredient_max: int = Field(12, ge=3, le=99)
    start_dice: int = Field(3, ge=1, le=16)
    solo_start_dice: int = Field(6, ge=1, le=16)
    max_dice: int = Field(8, ge=1, le=16)
    solo_max_dice: int = Field(16, ge=1, le=32)
    share_time_between_players: bool = True
    rounds: int = Field(6, ge=1, le=20)
    word_of_mouth: int = Field(1, ge=0, le=10)
    new_recipe_to_deck: int = Field(2, ge=0, le=4)


class WokStarSetup(Settings):
    """How the table is dealt (the rulebook's counts)."""

    recipe_costs: list[int] = Field([0, 4], min_length=2, max_length=2)
    recipes: list[list[int]] = Field([[1, 1], [1, 1], [2, 1], [2, 2]], min_length=4, max_length=4)
    first_counters: int = Field(1, ge=0, le=99)
    bonus_choices: int = Field(1, ge=0, le=8)
    solo_bonus_choices: int = Field(2, ge=0, le=8)
    characters: int = Field(1, ge=0, le=6)
    solo_characters: int = Field(2, ge=0, le=6)
    events_per_round: int = Field(2, ge=0, le=13)


class TimeCosts(Settings):
    """Seconds one action costs on the simulated clock."""

    place: float = Field(2.0, ge=0, le=60)
    combo: float = Field(3.0, ge=0, le=60)
    give: float = Field(1.0, ge=0, le=60)
    serve: float = Field(2.0, ge=0, le=60)
    turn_away: float = Field(1.0, ge=0, le=60)
    wait: float = Field(2.0, gt=0, le=60)
    use: float = Field(1.0, ge=0, le=60)


class Loan(Settings):
    """Dollars of round-6 income needed, per difficulty, for 1, 2, 3 and 4 players."""

    easy: list[int] = Field(min_length=4, max_length=4)
    normal: list[int] = Field(min_length=4, max_length=4)
    hard: list[int] = Field(min_length=4, max_length=4)

    def amount(self, difficulty: Difficulty, players: int) -> int:
        """The loan for ``players`` (1-4) at ``difficulty``."""
        table: list[int] = getattr(self, difficulty)
        return table[players - 1]


class Decks(Settings):
    """[Customer deck, Potential Customer deck] sizes dealt at setup, for 1-4 players."""

    sizes: list[list[int]] = Field(min_length=4, max_length=4)


class PurchaseTrack(Settings):
    """Per round (one entry per round), in dollars: base recipe cost, upgrade cost,
    advertising cost."""

    recipe_base: list[int] = Field(min_length=1, max_length=20)
    upgrade: list[int] = Field(min_length=1, max_length=20)
    advertising: list[int] = Field(min_length=1, max_length=20)


class ComboCriterion(Settings):
    """A two-dice criterion; ``value`` is used by the sum kinds."""

    kind: ComboKind
    value: int = Field(0, ge=0, le=12)

    def met(self, a: int, b: int) -> bool:
        """Whether dice showing ``a`` and ``b`` meet the criterion."""
        kind = self.kind
        if kind == "pair":
            return a == b
        if kind == "straight":
            return abs(a - b) == 1
        if kind == "both_odd":
            return a % 2 == 1 and b % 2 == 1
        if kind == "both_even":
            return a % 2 == 0 and b % 2 == 0
        if kind == "sum_at_least":
            return a + b >= self.value
        if kind == "sum_at_most":
            return a + b <= self.value
        return a + b == self.value

    def text(self) -> str:
        """Short words for people, e.g. ``sum >= 9``."""
        return {
            "pair": "a pair",
            "straight": "two in a row",
            "both_odd": "both odd",
            "both_even": "both even",
            "sum_at_least": f"sum >= {self.value}",
            "sum_at_most": f"sum <= {self.value}",
            "sum_is": f"sum = {self.value}",
        }[self.kind]


class Preparation(Settings):
    """A preparation card; it makes the ingredient of the same id.

    ``front`` and ``upgraded`` are the yields [any die, matching die, combination].
    """

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    number: int = Field(ge=1, le=6)
    combo: ComboCriterion
    front: list[int] = Field(min_length=3, max_length=3)
    upgraded: list[int] = Field(min_length=3, max_length=3)


class Recipe(Settings):
    """A recipe card: fixed cost, ingredients and its four customers' dollars."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    cost: int = Field(ge=0, le=50)
    ingredients: list[str] = Field(min_length=2, max_length=4)
    customers: list[int] = Field(min_length=4, max_length=4)


class Event(Settings):
    """An event card: what it does, and whether on reveal or at the end of the round."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    kind: EventKind
    when: Literal["reveal", "end"]
    amount: int = Field(0, ge=0, le=20)


class Character(Settings):
    """A Family Character, usable once; ``amount`` is Grandma's ingredients or Cousin's dice."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    kind: CharacterKind
    amount: int = Field(0, ge=0, le=20)


class WokStarConfig(Settings):
    """Everything Wok Star reads from its config file."""

    rules: Rules
    setup: WokStarSetup = WokStarSetup()
    time: TimeCosts
    loan: Loan
    decks: Decks
    purchase_track: PurchaseTrack
    preparations: list[Preparation]
    recipes: list[Recipe]
    events: list[Event]
    characters: list[Character]

    @cached_property
    def prep_by_id(self) -> dict[str, Preparation]:
        return {p.id: p for p in self.preparations}

    @cached_property
    def recipe_by_id(self) -> dict[str, Recipe]:
        return {r.id: r for r in self.recipes}

    @cached_property
    def event_by_id(self) -> dict[str, Event]:
        return {e.id: e for e in self.events}

    @cached_property
    def character_by_id(self) -> dict[str, Character]:
        return {c.id: c for c in self.characters}

    @cached_property
    def customer_recipe(self) -> dict[str, str]:
        """Customer card id (``recipe#n``) to its recipe id."""
        return {
            customer_id(r.id, n): r.id for r in self.recipes for n in range(1, len(r.customers) + 1)
        }

    @cached_property
    def chefs_specials(self) -> frozenset[str]:
        """The ids of the Chef's Special event cards."""
        return frozenset(e.id for e in self.events if e.kind == "chefs_special")

    @cached_property
    def combo_pairs(self) -> dict[str, frozenset[tuple[int, int]]]:
        """Per preparation, the face pairs (low <= high) meeting its combination."""
        return {
            p.id: frozenset(
                (low, high)
                for low in range(1, DIE_FACES + 1)
                for high in range(low, DIE_FACES + 1)
                if p.combo.met(low, high)
            )
            for p in self.preparations
        }

    @cached_property
    def customer_dollars(self) -> dict[str, int]:
        """Customer card id (``recipe#n``, n = 1..4) to its dollars."""
        return {
            customer_id(r.id, n): dollars
            for r in self.recipes
            for n, dollars in enumerate(r.customers, start=1)
        }

    @cached_property
    def lookups(self) -> Lookups:
        """The values the engine reads at every step, as a plain :class:`Lookups`."""
        rules = self.rules
        return Lookups(
            timer=rules.timer,
            sand_physics=rules.sand_physics,
            timer_seconds=rules.timer_seconds,
            ingredient_max=rules.ingredient_max,
            bad_publicity_limit=rules.bad_publicity_limit,
            share_time=rules.share_time_between_players,
            action_seconds={verb: float(getattr(self.time, verb)) for verb in TIMED_VERBS},
            wait_seconds=self.time.wait,
            customer_recipe=self.customer_recipe,
            chefs_specials=self.chefs_specials,
            ingredients={r.id: tuple(r.ingredients) for r in self.recipes},
            recipe_cost={r.id: r.cost for r in self.recipes},
            customers={
                r.id: tuple(customer_id(r.id, n) for n in range(1, len(r.customers) + 1))
                for r in self.recipes
            },
            prep_number={p.id: p.number for p in self.preparations},
            prep_front={p.id: p.front for p in self.preparations},
            prep_upgraded={p.id: p.upgraded for p in self.preparations},
            event_kind={e.id: e.kind for e in self.events},
            event_when={e.id: e.when for e in self.events},
            character_kind={c.id: c.kind for c in self.characters},
        )

    @cached_property
    def canonical(self) -> str:
        """The config as canonical JSON (stored in saved states)."""
        return json.dumps(self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))

    def with_options(self, **options: bool | int | float | str) -> WokStarConfig:
        """A copy with some rules options changed (validated)."""
        data = self.model_dump(mode="json")
        data["rules"].update(options)
        return validate(WokStarConfig, data, "(options)")


@dataclass(frozen=True, slots=True)
class Lookups:
    """A config's values the engine reads at every step, as plain attributes.

    Reading an attribute of a pydantic model costs about 15 times a slotted class's in
    Python 3.11 (the model's ``__getattr__`` hook keeps the interpreter from specialising the
    read), and the Action phase reads these a dozen times a step. One per config
    (:attr:`WokStarConfig.lookups`); the state holds it as ``state.lookups``.
    """

    timer: bool
    sand_physics: bool
    timer_seconds: float
    ingredient_max: int
    bad_publicity_limit: int
    share_time: bool
    """``rules.share_time_between_players``: a timed action costs its seconds / players."""
    action_seconds: dict[str, float]
    """Seconds each timed verb (:data:`TIMED_VERBS`) costs one player."""
    wait_seconds: float
    customer_recipe: dict[str, str]
    """Customer card id to its recipe id (:attr:`WokStarConfig.customer_recipe`)."""
    chefs_specials: frozenset[str]
    ingredients: dict[str, tuple[str, ...]]
    """Recipe id to its ingredients (preparation ids), in card order."""
    recipe_cost: dict[str, int]
    """Recipe id to its fixed cost, in card order."""
    customers: dict[str, tuple[str, ...]]
    """Recipe id to its customer card ids (``recipe#1`` ...)."""
    prep_number: dict[str, int]
    """Preparation id to its number (a die showing it makes the matching yield)."""
    prep_front: dict[str, list[int]]
    prep_upgraded: dict[str, list[int]]
    """Preparation id to its yields [any die, matching die, combination], each side."""
    event_kind: dict[str, EventKind]
    event_when: dict[str, Literal["reveal", "end"]]
    character_kind: dict[str, CharacterKind]


def customer_id(recipe: str, number: int) -> str:
    """The id of a recipe's ``number``-th customer card (1-4)."""
    return f"{recipe}#{number}"


def recipe_of(card: str) -> str:
    """The recipe a customer card id belongs to."""
    return card.split("#", 1)[0]


def _unique(ids: list[str], key: str, file: str) -> None:
    seen: set[str] = set()
    for index, item in enumerate(ids):
        if item in seen:
            raise ConfigError(file, f"{key}.{index}.id", f"duplicate id '{item}'")
        seen.add(item)


def check_cards(config: WokStarConfig, file: str) -> None:
    """The facts of the rulebook and the rules decisions that the card data must honour."""
    counts = {"preparations": 10, "recipes": 12, "events": 13, "characters": 6}
    for key, wanted in counts.items():
        have = len(getattr(config, key))
        if have != wanted:
            raise ConfigError(file, key, f"must list exactly {wanted} cards, not {have}")
    _unique([p.id for p in config.preparations], "preparations", file)
    _unique([r.id for r in config.recipes], "recipes", file)
    _unique([e.id for e in config.events], "events", file)
    _unique([c.id for c in config.characters], "characters", file)
    for index, prep in enumerate(config.preparations):
        for side in ("front", "upgraded"):
            yields: list[int] = getattr(prep, side)
            if any(y < 1 or y > 10 for y in yields):
                raise ConfigError(file, f"preparations.{index}.{side}", "yields must be 1 to 10")
        if prep.front[:] != [1, 2, 3]:
            raise ConfigError(
                file,
                f"preparations.{index}.front",
                "the Preparation side makes 1, 2 and 3 (the rulebook's three methods)",
            )
        if any(u < f for u, f in zip(prep.upgraded, prep.front, strict=True)) or (
            prep.upgraded == prep.front
        ):
            raise ConfigError(
                file, f"preparations.{index}.upgraded", "the upgraded side must make more"
            )
        top = 2 * DIE_FACES
        if prep.combo.kind.startswith("sum") and not 2 <= prep.combo.value <= top:
            raise ConfigError(file, f"preparations.{index}.combo.value", f"a sum is 2 to {top}")
    preps = config.prep_by_id
    costs = sorted(r.cost for r in config.recipes)
    if costs[:3] != [0, 0, 0] or costs[3:8] != [4, 4, 4, 4, 4] or min(costs[8:]) <= 4:
        raise ConfigError(
            file, "recipes", "need three recipes costing 0, five costing 4, four costing more"
        )
    for index, recipe in enumerate(config.recipes):
        for item in recipe.ingredients:
            if item not in preps:
                raise ConfigError(
                    file,
                    f"recipes.{index}.ingredients",
                    f"'{item}' is not a preparation id; allowed: {', '.join(sorted(preps))}",
                )
        if len(set(recipe.ingredients)) != len(recipe.ingredients):
            raise ConfigError(file, f"recipes.{index}.ingredients", "an ingredient is repeated")
        if any(d < 2 or d > 5 for d in recipe.customers):
            raise ConfigError(file, f"recipes.{index}.customers", "customers pay 2 to 5 dollars")
    used = {i for r in config.recipes for i in r.ingredients}
    unused = sorted(set(preps) - used)
    if unused:
        raise ConfigError(file, "preparations", f"not used by any recipe: {', '.join(unused)}")
    _check_setup(config, file)
    for key in ("easy", "normal", "hard"):
        if any(v < 0 for v in getattr(config.loan, key)):
            raise ConfigError(file, f"loan.{key}", "loans are 0 or more dollars")
    rounds = config.rules.rounds
    for key in ("recipe_base", "upgrade", "advertising"):
        row: list[int] = getattr(config.purchase_track, key)
        if len(row) != rounds:
            raise ConfigError(
                file, f"purchase_track.{key}", f"needs one cost per round: {rounds} (rules.rounds)"
            )
        if any(v < 0 for v in row) or (key != "recipe_base" and any(v < 1 for v in row)):
            raise ConfigError(file, f"purchase_track.{key}", "costs must be 1 dollar or more")
    for index, character in enumerate(config.characters):
        if character.kind in ("grandma", "cousin") and character.amount < 1:
            raise ConfigError(
                file, f"characters.{index}.amount", f"{character.kind} must give 1 or more"
            )
    if config.rules.start_dice > config.rules.max_dice:
        raise ConfigError(file, "rules.start_dice", "must not exceed rules.max_dice")
    if config.rules.solo_start_dice > config.rules.solo_max_dice:
        raise ConfigError(file, "rules.solo_start_dice", "must not exceed rules.solo_max_dice")


def _check_setup(config: WokStarConfig, file: str) -> None:
    """Every player gets a recipe and a preparation, and the decks hold the customers dealt."""
    setup = config.setup
    cheap_cost, dear_cost = setup.recipe_costs
    cheap = [r for r in config.recipes if r.cost == cheap_cost]
    dear = [r for r in config.recipes if r.cost == dear_cost]
    per_recipe = len(config.recipes[0].customers)
    for players in range(1, 5):
        where = f"setup.recipes.{players - 1}"
        pair = setup.recipes[players - 1]
        if len(pair) != 2 or min(pair) < 0:
            raise ConfigError(file, where, "must be two counts: [cheap recipes, dear recipes]")
        if pair[0] > len(cheap) or pair[1] > len(dear):
            raise ConfigError(
                file,
                where,
                f"only {len(cheap)} recipes cost ${cheap_cost} and {len(dear)} cost ${dear_cost}",
            )
        dealt = sum(pair)
        if (players == 1 and dealt < 1) or (players > 1 and dealt != players):
            wanted = "at least 1" if players == 1 else str(players)
            raise ConfigError(file, where, f"{players} player(s) start with {wanted} recipe(s)")
        # Every possible deal must leave at least one preparation per player.
        for first in combinations(cheap, pair[0]):
            for second in combinations(dear, pair[1]):
                union = {i for r in (*first, *second) for i in r.ingredients}
                if len(union) < players:
                    names = ", ".join(r.id for r in (*first, *second))
                    raise ConfigError(
                        file,
                        "recipes",
                        f"{names} need fewer than {players} preparations, so {players} "
                        "players cannot each get one",
                    )
        sizes = config.decks.sizes[players - 1]
        in_play = per_recipe * dealt
        if len(sizes) != 2 or min(sizes) < 0 or sum(sizes) != in_play:
            raise ConfigError(
                file,
                f"decks.sizes.{players - 1}",
                f"must be two sizes adding up to the {in_play} customers in play",
            )


_CACHE: dict[str, WokStarConfig] = {}


def load_config(override: str | Path | None = None) -> WokStarConfig:
    """The shipped config with an optional override file or folder layered on, validated."""
    data, blame = load_layered(CONFIG_FILE, override)
    config = validate(WokStarConfig, data, blame)
    check_cards(config, blame)
    return config


def config_from_canonical(text: str) -> WokStarConfig:
    """Rebuild (and cache) a config stored in a saved state by :attr:`canonical`."""
    cached = _CACHE.get(text)
    if cached is None:
        data = json.loads(text)
        # Saves made before characters had amounts: Grandma gave 2, Cousin 1 die.
        for character in data.get("characters", []):
            if "amount" not in character:
                character["amount"] = {"grandma": 2, "cousin": 1}.get(character.get("kind"), 0)
        config = validate(WokStarConfig, data, "(saved state)")
        check_cards(config, "(saved state)")
        if len(_CACHE) > 64:
            _CACHE.clear()
        _CACHE[text] = config
        cached = config
    return cached


def default_config() -> WokStarConfig:
    """The shipped config (cached)."""
    cached = _CACHE.get("__default__")
    if cached is None:
        cached = load_config(None)
        _CACHE["__default__"] = cached
        _CACHE[cached.canonical] = cached
    return cached
