"""Wok on Fire's ingredient types and the deck a config describes.

The 11 types are the ones the rulebook names (the rules refer to Chicken, Green Pepper, Garlic
and so on by name). How many cards of each the deck holds, each type's category and its points
alone come from the validated config (``config/wok_on_fire.toml`` ``[ingredients]``), through
:class:`Deck`; nothing here fixes a count. Card identity never matters for points, so a
player's pile is a multiset of these types.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

from wokphysics.config.wok_on_fire import INGREDIENT_NAMES, WokOnFireRules
from wokphysics.errors import UserError


class Category(Enum):
    """An ingredient's kind, as the glossary groups them."""

    MEAT = "Meat"
    VEGETABLE = "Vegetable"
    CONDIMENT = "Condiment"
    STARCH = "Starch"


class Ingredient(Enum):
    """One of the 11 ingredient types; the value is the glossary's display name."""

    CHICKEN = "Chicken"
    PORK = "Pork"
    SHRIMP = "Shrimp"
    BROCCOLI = "Broccoli"
    GREEN_PEPPER = "Green Pepper"
    MUSHROOM = "Mushroom"
    ONION = "Onion"
    CHILI_PEPPER = "Chili Pepper"
    GARLIC = "Garlic"
    NOODLES = "Noodles"
    RICE = "Rice"

    # A member is its own only equal, so identity hashes it as well as Enum's hash of its
    # name, without a Python call: the bots and scoring hash ingredients some 40,000 times a
    # game (the Counters and tables keyed by them). Nothing iterates a set of them, whose
    # order would follow the hash (it follows no fixed order under Enum's either).
    __hash__ = object.__hash__

    @property
    def display_name(self) -> str:
        """The glossary's name, e.g. ``"Green Pepper"``."""
        return self.value

    @property
    def key(self) -> str:
        """The config's name, e.g. ``"green_pepper"`` (also the table's card label)."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.value


assert tuple(i.key for i in Ingredient) == INGREDIENT_NAMES, "one type per config name, in order"


@dataclass(frozen=True)
class Deck:
    """The cards of one config: per type, how many the deck holds, its category and the points
    one card scores on its own. Build it with :meth:`from_rules`."""

    counts: Mapping[Ingredient, int]
    categories: Mapping[Ingredient, Category]
    points: Mapping[Ingredient, int]

    @classmethod
    def from_rules(cls, rules: WokOnFireRules) -> Deck:
        """The deck of a validated config's rules part (``cfg.rules``)."""
        items = {i: rules.ingredients[i.key] for i in Ingredient}
        return cls(
            counts={i: item.count for i, item in items.items()},
            categories={i: Category[item.category.upper()] for i, item in items.items()},
            points={i: item.points for i, item in items.items()},
        )

    @property
    def size(self) -> int:
        """Cards in the deck."""
        return sum(self.counts.values())

    def of(self, category: Category) -> tuple[Ingredient, ...]:
        """The types of ``category``, in glossary order."""
        return tuple(i for i in Ingredient if self.categories[i] is category)

    def cards(self) -> list[Ingredient]:
        """Every card, type by type in glossary order (card ids follow this order)."""
        return [ingredient for ingredient in Ingredient for _ in range(self.counts[ingredient])]

    def check_possible(self, piles: Iterable[Iterable[Ingredient]]) -> None:
        """Refuse piles that together hold more copies of a type than the deck has.

        Raises:
            UserError: naming the type, how many the piles hold and how many the deck has.
        """
        total: Counter[Ingredient] = Counter()
        for pile in piles:
            total.update(pile)
        for ingredient in Ingredient:
            if total[ingredient] > self.counts[ingredient]:
                raise UserError(
                    f"impossible piles: {total[ingredient]} {ingredient.value} collected, "
                    f"but the deck has only {self.counts[ingredient]}"
                )


def _key(text: str) -> str:
    """Case, surrounding space and separators (spaces, underscores, hyphens) do not matter."""
    return re.sub(r"[\s_\-]+", " ", text.strip().lower())


_BY_NAME: dict[str, Ingredient] = {_key(i.value): i for i in Ingredient}
_BY_NAME["noodle"] = Ingredient.NOODLES

VALID_NAMES = ", ".join(i.value for i in Ingredient)


def parse_ingredient(text: str) -> Ingredient:
    """The ingredient a person named: ``"green pepper"``, ``"GREEN_PEPPER"``, ``"noodle"``.

    Raises:
        UserError: the name is no ingredient; the message lists the valid names.
    """
    found = _BY_NAME.get(_key(text))
    if found is None:
        raise UserError(f"unknown ingredient {text.strip()!r}; valid names: {VALID_NAMES}")
    return found


def parse_pile(text: str) -> list[Ingredient]:
    """A comma-separated list of ingredient names; an empty text is an empty pile."""
    if not text.strip():
        return []
    pile = []
    for item in text.split(","):
        if not item.strip():
            raise UserError(f"empty ingredient name in {text!r}; valid names: {VALID_NAMES}")
        pile.append(parse_ingredient(item))
    return pile
