"""The 50 ingredient cards of Wok on Fire: 11 types, their categories and deck counts.

The counts are the rulebook glossary's (Chicken 6, Pork 5, Shrimp 3, Broccoli 4, Green
Pepper 4, Mushroom 6, Onion 7, Chili Pepper 3, Garlic 4, Noodles 4, Rice 4; 50 in all).
Card identity never matters for points, so a player's pile is a multiset of these types.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from enum import Enum

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

    @property
    def display_name(self) -> str:
        """The glossary's name, e.g. ``"Green Pepper"``."""
        return self.value

    @property
    def category(self) -> Category:
        return CATEGORY[self]

    @property
    def deck_count(self) -> int:
        """How many cards of this type the 50-card deck holds."""
        return DECK_COUNTS[self]

    def __str__(self) -> str:
        return self.value


CATEGORY: Mapping[Ingredient, Category] = {
    Ingredient.CHICKEN: Category.MEAT,
    Ingredient.PORK: Category.MEAT,
    Ingredient.SHRIMP: Category.MEAT,
    Ingredient.BROCCOLI: Category.VEGETABLE,
    Ingredient.GREEN_PEPPER: Category.VEGETABLE,
    Ingredient.MUSHROOM: Category.VEGETABLE,
    Ingredient.ONION: Category.VEGETABLE,
    Ingredient.CHILI_PEPPER: Category.CONDIMENT,
    Ingredient.GARLIC: Category.CONDIMENT,
    Ingredient.NOODLES: Category.STARCH,
    Ingredient.RICE: Category.STARCH,
}

DECK_COUNTS: Mapping[Ingredient, int] = {
    Ingredient.CHICKEN: 6,
    Ingredient.PORK: 5,
    Ingredient.SHRIMP: 3,
    Ingredient.BROCCOLI: 4,
    Ingredient.GREEN_PEPPER: 4,
    Ingredient.MUSHROOM: 6,
    Ingredient.ONION: 7,
    Ingredient.CHILI_PEPPER: 3,
    Ingredient.GARLIC: 4,
    Ingredient.NOODLES: 4,
    Ingredient.RICE: 4,
}

DECK_SIZE = sum(DECK_COUNTS.values())
assert DECK_SIZE == 50, "the glossary's counts add up to 50 cards"

MEATS: tuple[Ingredient, ...] = tuple(i for i in Ingredient if CATEGORY[i] is Category.MEAT)
VEGETABLES: tuple[Ingredient, ...] = tuple(
    i for i in Ingredient if CATEGORY[i] is Category.VEGETABLE
)
CONDIMENTS: tuple[Ingredient, ...] = tuple(
    i for i in Ingredient if CATEGORY[i] is Category.CONDIMENT
)
STARCHES: tuple[Ingredient, ...] = tuple(i for i in Ingredient if CATEGORY[i] is Category.STARCH)


def full_deck() -> list[Ingredient]:
    """The 50 cards, type by type in glossary order (shuffle with the game's own generator)."""
    return [ingredient for ingredient in Ingredient for _ in range(DECK_COUNTS[ingredient])]


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


def check_possible(piles: Iterable[Iterable[Ingredient]]) -> None:
    """Refuse piles that together hold more copies of a type than the deck has.

    Raises:
        UserError: naming the type, how many the piles hold and how many the deck has.
    """
    total: Counter[Ingredient] = Counter()
    for pile in piles:
        total.update(pile)
    for ingredient in Ingredient:
        if total[ingredient] > ingredient.deck_count:
            raise UserError(
                f"impossible piles: {total[ingredient]} {ingredient.value} collected, "
                f"but the deck has only {ingredient.deck_count}"
            )
