"""Wok on Fire's ingredient types: glossary names, categories, deck counts, the name parser."""

from __future__ import annotations

import pytest

from wokphysics.config.wok_on_fire import load_config
from wokphysics.errors import UserError
from wokphysics.games.wok_on_fire.ingredients import (
    Category,
    Deck,
    Ingredient,
    parse_ingredient,
    parse_pile,
)

DECK = Deck.from_rules(load_config().rules)


def test_the_shipped_deck_has_the_glossary_counts() -> None:
    counts = {i.value: DECK.counts[i] for i in Ingredient}
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
    assert DECK.size == 50
    cards = DECK.cards()
    assert len(cards) == 50
    assert all(cards.count(i) == DECK.counts[i] for i in Ingredient)


def test_the_shipped_categories() -> None:
    by_category = {c: {i.name for i in DECK.of(c)} for c in Category}
    assert by_category == {
        Category.MEAT: {"CHICKEN", "PORK", "SHRIMP"},
        Category.VEGETABLE: {"BROCCOLI", "GREEN_PEPPER", "MUSHROOM", "ONION"},
        Category.CONDIMENT: {"CHILI_PEPPER", "GARLIC"},
        Category.STARCH: {"NOODLES", "RICE"},
    }


def test_the_config_names_are_the_table_labels() -> None:
    cfg = load_config()
    assert [i.key for i in DECK.cards()] == cfg.deck()


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
    DECK.check_possible([[Ingredient.SHRIMP] * 2, [Ingredient.SHRIMP]])
    with pytest.raises(UserError, match="4 Shrimp collected, but the deck has only 3"):
        DECK.check_possible([[Ingredient.SHRIMP] * 2, [Ingredient.SHRIMP] * 2])
