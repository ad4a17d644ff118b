"""Wok on Fire's ingredient types: glossary names, categories, deck counts, the name parser."""

from __future__ import annotations

import pytest

from wokphysics.errors import UserError
from wokphysics.games.wok_on_fire.ingredients import (
    DECK_SIZE,
    Category,
    Ingredient,
    check_possible,
    full_deck,
    parse_ingredient,
    parse_pile,
)


def test_the_deck_has_the_glossary_counts() -> None:
    counts = {i.value: i.deck_count for i in Ingredient}
    assert counts == {
        "Chicken": 6,
        "Pork": 5,
        "Shrimp": 3,
        "Broccoli": 4,
        "Green Pepper": 4,
        "Mushroom": 6,
        "Onion": 7,
        "Chili Pepper": 3,
        "Garlic": 4,
        "Noodles": 4,
        "Rice": 4,
    }
    assert DECK_SIZE == 50
    deck = full_deck()
    assert len(deck) == 50
    assert all(deck.count(i) == i.deck_count for i in Ingredient)


def test_categories() -> None:
    by_category = {c: {i.name for i in Ingredient if i.category is c} for c in Category}
    assert by_category == {
        Category.MEAT: {"CHICKEN", "PORK", "SHRIMP"},
        Category.VEGETABLE: {"BROCCOLI", "GREEN_PEPPER", "MUSHROOM", "ONION"},
        Category.CONDIMENT: {"CHILI_PEPPER", "GARLIC"},
        Category.STARCH: {"NOODLES", "RICE"},
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("green pepper", Ingredient.GREEN_PEPPER),
        ("GREEN_PEPPER", Ingredient.GREEN_PEPPER),
        ("Green-Pepper", Ingredient.GREEN_PEPPER),
        ("  green   pepper ", Ingredient.GREEN_PEPPER),
        ("chili pepper", Ingredient.CHILI_PEPPER),
        ("Chili_Pepper", Ingredient.CHILI_PEPPER),
        ("noodle", Ingredient.NOODLES),
        ("NOODLES", Ingredient.NOODLES),
        ("chicken", Ingredient.CHICKEN),
        ("Rice", Ingredient.RICE),
    ],
)
def test_names_parse_whatever_the_case_and_separators(text: str, expected: Ingredient) -> None:
    assert parse_ingredient(text) is expected


def test_every_display_name_parses_back() -> None:
    for ingredient in Ingredient:
        assert parse_ingredient(ingredient.value) is ingredient
        assert parse_ingredient(ingredient.name) is ingredient


def test_an_unknown_name_lists_the_valid_names() -> None:
    with pytest.raises(UserError) as caught:
        parse_ingredient("tofu")
    message = str(caught.value)
    assert "'tofu'" in message
    for ingredient in Ingredient:
        assert ingredient.value in message


def test_piles_parse_from_comma_separated_names() -> None:
    assert parse_pile("chicken, garlic,rice") == [
        Ingredient.CHICKEN,
        Ingredient.GARLIC,
        Ingredient.RICE,
    ]
    assert parse_pile("") == []
    with pytest.raises(UserError, match="empty ingredient name"):
        parse_pile("chicken,,rice")


def test_more_copies_than_the_deck_has_is_refused_across_piles() -> None:
    check_possible([[Ingredient.SHRIMP] * 2, [Ingredient.SHRIMP]])
    with pytest.raises(UserError, match="4 Shrimp collected, but the deck has only 3"):
        check_possible([[Ingredient.SHRIMP] * 2, [Ingredient.SHRIMP] * 2])
