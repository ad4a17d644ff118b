"""Wok on Fire scoring: worked examples, majorities, the tie-break and card ids."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wokphysics.config.wok_on_fire import load_config
from wokphysics.errors import UserError
from wokphysics.games.wok_on_fire.ingredients import Ingredient, parse_pile
from wokphysics.games.wok_on_fire.scoring import CombinationKind, Scorer, winners

I = Ingredient  # noqa: E741
K = CombinationKind
SCORER = Scorer(load_config().rules)  # the shipped config: the rulebook's values
best_points = SCORER.best_points
onion_points = SCORER.onion_points
score_pile = SCORER.score_pile
score_players = SCORER.score_players


def kinds(text: str) -> Counter[CombinationKind]:
    return Counter(c.kind for c in score_pile(parse_pile(text)).combinations)


@pytest.mark.parametrize(
    ("pile", "points"),
    [
        ("", 0),
        ("chicken,pork,shrimp,broccoli,green pepper", 2 + 3 + 4 + 5 + 5),
        ("garlic,shrimp,pork", 12 + 3),  # Garlic goes on the Shrimp
        ("chili pepper,green pepper", 10),
        ("mushroom,mushroom,mushroom,mushroom,mushroom", 18),
        ("mushroom,mushroom,mushroom,mushroom,mushroom,mushroom", 36),
        # Rice dish 15 beats Garlic + Chicken 6 + Broccoli 5.
        ("chicken,garlic,rice,broccoli", 15),
        # Garlic + Shrimp 12 + Mushrooms 18 beat a Noodle dish 25 that breaks the set.
        ("noodles,shrimp,garlic,mushroom,mushroom,mushroom", 30),
        # Garlic as the dish's Condiment: 25 beats Garlic + Chicken 6 + Onion 1.
        ("noodles,chicken,garlic,onion", 25),
        # Chili as the dish's Condiment.
        ("noodles,pork,chili pepper,broccoli", 25),
        # Dish with Broccoli and Garlic, then Chili + Green Pepper: 25 + 10.
        ("noodles,chicken,chili pepper,green pepper,garlic,broccoli", 35),
        # A Mushroom in a Rice dish would break the set: Pork 3 + set 18.
        ("rice,pork,mushroom,mushroom,mushroom", 21),
        # With a fourth Mushroom the dish takes the spare one: 15 + 18.
        ("rice,pork,mushroom,mushroom,mushroom,mushroom", 33),
        # An Onion leaves the count for a dish: 15 + 24 beats Chicken 2 + 35.
        ("rice,chicken,onion,onion,onion,onion,onion", 39),
        # Two dishes: Noodles (Meat, Vegetable, Garlic) 25 + Rice (Meat, Vegetable) 15.
        ("noodles,rice,shrimp,chicken,broccoli,green pepper,garlic", 40),
        # Starches and Condiments alone score nothing.
        ("noodles,rice,garlic,chili pepper", 0),
    ],
)
def test_worked_examples(pile: str, points: int) -> None:
    assert best_points(parse_pile(pile)) == points
    assert score_pile(parse_pile(pile)).points == points


def test_onion_counts() -> None:
    assert [onion_points(n) for n in range(8)] == [0, 1, 6, 15, 24, 35, 36, 41]
    arrangement = score_pile([I.ONION] * 7)
    assert [(c.kind, len(c.ingredients), c.points) for c in arrangement.combinations] == [
        (K.ONION_COUNT, 5, 35),
        (K.ONION_COUNT, 2, 6),
    ]


def test_the_arrangement_says_which_cards_form_which_combination() -> None:
    arrangement = score_pile(parse_pile("noodles,shrimp,garlic,mushroom,mushroom,mushroom"))
    described = sorted(
        (c.kind.value, tuple(i.value for i in c.ingredients), c.points)
        for c in arrangement.combinations
    )
    assert described == [
        ("Garlic + Meat", ("Garlic", "Shrimp"), 12),
        ("Mushroom set", ("Mushroom", "Mushroom", "Mushroom"), 18),
        ("unscored", ("Noodles",), 0),
    ]
    assert kinds("noodles,chicken,chili pepper,green pepper,garlic,broccoli") == Counter(
        {K.NOODLE_DISH: 1, K.CHILI_GREEN_PEPPER: 1}
    )


def test_card_ids_follow_their_cards() -> None:
    pile = parse_pile("rice,chicken,onion,garlic,shrimp,onion")
    ids = [10, 11, 12, 13, 14, 15]
    arrangement = score_pile(pile, card_ids=ids)
    seen = []
    for combination in arrangement.combinations:
        assert combination.card_ids is not None
        assert [pile[ids.index(card)] for card in combination.card_ids] == list(
            combination.ingredients
        )
        seen.extend(combination.card_ids)
    assert sorted(seen) == ids
    assert score_pile(pile).combinations[0].card_ids is None
    with pytest.raises(ValueError, match="2 card ids for 6 cards"):
        score_pile(pile, card_ids=[1, 2])


def test_an_impossible_pile_is_refused() -> None:
    with pytest.raises(UserError, match="4 Shrimp, but the deck has only 3"):
        score_pile([I.SHRIMP] * 4)
    with pytest.raises(UserError, match="7 Chicken collected, but the deck has only 6"):
        score_players([[I.CHICKEN] * 4, [I.CHICKEN] * 3])


def test_pork_majority_counts_every_pork_however_arranged() -> None:
    # Player 0's two Pork are in a Garlic pair and a Rice dish; they still count.
    scores = score_players([parse_pile("pork,garlic,pork,rice,onion"), parse_pile("pork")])
    assert [s.pork_bonus for s in scores] == [5, 0]
    assert scores[0].arrangement.points == 9 + 15
    assert scores[0].total == 9 + 15 + 5
    assert scores[1].total == 3


def test_broccoli_majority_costs_ten_even_from_a_dish() -> None:
    scores = score_players([parse_pile("broccoli,rice,chicken,broccoli"), parse_pile("broccoli")])
    assert [s.broccoli_penalty for s in scores] == [-10, 0]
    assert [s.total for s in scores] == [15 + 5 - 10, 5]


def test_no_majority_on_a_tie_or_without_cards() -> None:
    scores = score_players(
        [parse_pile("pork,broccoli"), parse_pile("pork,broccoli"), parse_pile("chicken")]
    )
    assert [(s.pork_bonus, s.broccoli_penalty) for s in scores] == [(0, 0)] * 3
    scores = score_players([parse_pile("chicken"), parse_pile("shrimp")])
    assert [(s.pork_bonus, s.broccoli_penalty) for s in scores] == [(0, 0)] * 2


def test_solo_player_holds_the_majorities_of_what_they_have() -> None:
    (solo,) = score_players([parse_pile("pork,broccoli")])
    assert (solo.pork_bonus, solo.broccoli_penalty, solo.total) == (5, -10, 3 + 5 + 5 - 10)


def test_winner_has_most_points() -> None:
    scores = score_players([parse_pile("chicken"), parse_pile("shrimp,garlic")])
    assert winners(scores) == [1]


def test_tie_goes_to_fewest_ingredients() -> None:
    # Shrimp 4 against Chicken 2 + Chicken 2: both 4 points, one card beats two.
    scores = score_players([parse_pile("chicken,chicken"), parse_pile("shrimp")])
    assert [s.total for s in scores] == [4, 4]
    assert winners(scores) == [1]


def test_still_tied_is_a_shared_victory() -> None:
    scores = score_players([parse_pile("shrimp"), parse_pile("garlic"), parse_pile("shrimp")])
    assert winners(scores) == [0, 2]
    assert winners([]) == []


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(list(Ingredient)), max_size=24))
def test_parts_of_counts_are_the_arrangement_by_type(pile: list[Ingredient]) -> None:
    """The bots' cheap form (counts in, combinations by type out) is score_pile's arrangement
    without the ids: the same combinations, in the same order, with the same points."""
    counts = Counter(pile)
    if any(count > SCORER.deck.counts[kind] for kind, count in counts.items()):
        return  # an impossible pile: refused by both (the next test)
    arrangement = score_pile(pile)
    parts = SCORER.parts_of_counts([counts[kind] for kind in Ingredient])
    assert parts == [(c.kind, c.ingredients, c.points) for c in arrangement.combinations]


def test_parts_of_counts_refuses_impossible_counts() -> None:
    too_many = [0] * len(Ingredient)
    too_many[list(Ingredient).index(I.CHICKEN)] = SCORER.deck.counts[I.CHICKEN] + 1
    with pytest.raises(UserError, match="impossible pile"):
        SCORER.parts_of_counts(too_many)
    with pytest.raises(ValueError, match="count >= 0 of each"):
        SCORER.parts_of_counts([0, 1])
    with pytest.raises(ValueError, match="count >= 0 of each"):
        SCORER.parts_of_counts([-1] + [0] * (len(Ingredient) - 1))
