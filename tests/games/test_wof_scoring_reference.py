"""Wok on Fire scoring against exhaustive searches written independently of the optimiser.

- ``brute_force_cards``: tries every assignment of each card to a combination (memoised on
  the set of cards still unassigned), on a few hundred random piles of up to 10 cards.
- ``brute_force_counts``: every decomposition of a pile's type counts into combinations,
  on random piles of up to 18 cards.
- hypothesis properties on any possible pile: the arrangement is valid and adds up, it is
  never below two greedy arrangements, and adding a card never lowers the optimum.

The point values are written out here again on purpose (from the rules decisions), so a
wrong constant in the optimiser cannot hide.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations as subsets

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wokphysics.config.wok_on_fire import load_config
from wokphysics.games.wok_on_fire.ingredients import Ingredient
from wokphysics.games.wok_on_fire.scoring import CombinationKind, Scorer

I = Ingredient  # noqa: E741
SCORER = Scorer(load_config().rules)  # the shipped config, whose values are written out below
best_points = SCORER.best_points
score_pile = SCORER.score_pile

ALONE = {I.CHICKEN: 2, I.PORK: 3, I.SHRIMP: 4, I.BROCCOLI: 5, I.GREEN_PEPPER: 5}
MEAT = {I.CHICKEN, I.PORK, I.SHRIMP}
VEG = {I.BROCCOLI, I.GREEN_PEPPER, I.MUSHROOM, I.ONION}
COND = {I.CHILI_PEPPER, I.GARLIC}
ONION_GROUP = {1: 1, 2: 6, 3: 15, 4: 24, 5: 35}
DECK = {
    I.CHICKEN: 6,
    I.PORK: 5,
    I.SHRIMP: 3,
    I.BROCCOLI: 4,
    I.GREEN_PEPPER: 4,
    I.MUSHROOM: 6,
    I.ONION: 7,
    I.CHILI_PEPPER: 3,
    I.GARLIC: 4,
    I.NOODLES: 4,
    I.RICE: 4,
}
DECK_CARDS = [i for i, n in DECK.items() for _ in range(n)]


def combination_points(cards: Sequence[Ingredient]) -> int | None:
    """Points of these cards as one scoring possibility, or None if they form none.

    Onion counts are checked here as groups of 1..5 onions; the test below shows that the
    best split of up to 7 onions into such groups is the rule's "past the fifth starts a new
    count".
    """
    bag = Counter(cards)
    n = len(cards)
    if n == 1:
        card = cards[0]
        return ONION_GROUP[1] if card is I.ONION else ALONE.get(card, 0)
    if n == 2 and bag[I.GARLIC] == 1 and sum(bag[m] for m in MEAT) == 1:
        meat = next(c for c in cards if c in MEAT)
        return 3 * ALONE[meat]
    if n == 2 and bag[I.CHILI_PEPPER] == 1 and bag[I.GREEN_PEPPER] == 1:
        return 10
    if n == 3 and bag[I.MUSHROOM] == 3:
        return 18
    if bag[I.ONION] == n and n <= 5:
        return ONION_GROUP[n]
    meats = sum(bag[m] for m in MEAT)
    vegs = sum(bag[v] for v in VEG)
    conds = sum(bag[c] for c in COND)
    if n == 3 and bag[I.RICE] == 1 and meats == 1 and vegs == 1:
        return 15
    if n == 4 and bag[I.NOODLES] == 1 and meats == 1 and vegs == 1 and conds == 1:
        return 25
    return None


def brute_force_cards(pile: Sequence[Ingredient]) -> int:
    """Best total over every assignment of each card to one combination (cards are distinct)."""
    cards = tuple(pile)

    @cache
    def best(left: frozenset[int]) -> int:
        if not left:
            return 0
        first = min(left)
        others = sorted(left - {first})
        result = 0
        for size in range(0, 5):  # a combination holds at most 5 cards (an onion count)
            for group in subsets(others, size):
                points = combination_points([cards[first], *(cards[j] for j in group)])
                if points is not None:
                    result = max(result, points + best(left - {first, *group}))
        return result

    return best(frozenset(range(len(cards))))


def _shapes() -> list[tuple[Counter[Ingredient], int]]:
    shapes: list[tuple[Counter[Ingredient], int]] = []
    for card in Ingredient:
        shapes.append((Counter([card]), ALONE.get(card, 0)))
    for meat in MEAT:
        shapes.append((Counter([I.GARLIC, meat]), 3 * ALONE[meat]))
        for veg in VEG:
            shapes.append((Counter([I.RICE, meat, veg]), 15))
            for cond in COND:
                shapes.append((Counter([I.NOODLES, meat, veg, cond]), 25))
    shapes.append((Counter([I.CHILI_PEPPER, I.GREEN_PEPPER]), 10))
    shapes.append((Counter([I.MUSHROOM] * 3), 18))
    for size, points in ONION_GROUP.items():
        shapes.append((Counter([I.ONION] * size), points))
    return shapes


SHAPES = _shapes()
ORDER = list(Ingredient)


def brute_force_counts(pile: Sequence[Ingredient]) -> int:
    """Best total over every decomposition of the pile's type counts into combinations."""

    @cache
    def best(counts: tuple[int, ...]) -> int:
        first = next((k for k, n in enumerate(counts) if n), None)
        if first is None:
            return 0
        result = 0
        for shape, points in SHAPES:
            if shape[ORDER[first]] == 0:
                continue  # some combination holds a card of the first type left: branch on it
            if all(counts[ORDER.index(t)] >= n for t, n in shape.items()):
                rest = list(counts)
                for t, n in shape.items():
                    rest[ORDER.index(t)] -= n
                result = max(result, points + best(tuple(rest)))
        return result

    bag = Counter(pile)
    return best(tuple(bag[t] for t in ORDER))


def random_pile(rng: random.Random, size: int) -> list[Ingredient]:
    """A pile drawn from the deck; half the time from a few types only, so combinations clash."""
    if rng.random() < 0.5:
        return rng.sample(DECK_CARDS, size)
    types = rng.sample(list(Ingredient), rng.randint(3, 6))
    pool = [card for card in DECK_CARDS if card in types]
    return rng.sample(pool, min(size, len(pool)))


def test_onion_groups_of_five_are_the_best_split_of_up_to_seven_onions() -> None:
    # Justifies checking onion counts as free groups of 1..5 in the brute forces.
    rule = {0: 0, 1: 1, 2: 6, 3: 15, 4: 24, 5: 35, 6: 35 + 1, 7: 35 + 6}
    for onions, points in rule.items():
        assert brute_force_cards([I.ONION] * onions) == points
        assert best_points([I.ONION] * onions) == points


def test_optimum_equals_card_brute_force_on_300_random_piles() -> None:
    rng = random.Random(31)
    checked = 0
    for _ in range(300):
        pile = random_pile(rng, rng.randint(0, 10))
        assert best_points(pile) == brute_force_cards(pile), pile
        assert score_pile(pile).points == brute_force_cards(pile), pile
        checked += 1
    assert checked == 300


def test_optimum_equals_count_brute_force_on_200_larger_piles() -> None:
    rng = random.Random(47)
    for _ in range(200):
        pile = random_pile(rng, rng.randint(8, 18))
        assert score_pile(pile).points == brute_force_counts(pile), pile


def test_both_brute_forces_agree_on_small_piles() -> None:
    rng = random.Random(5)
    for _ in range(100):
        pile = random_pile(rng, rng.randint(0, 8))
        assert brute_force_cards(pile) == brute_force_counts(pile), pile


# ------------------------------------------------------------------ hypothesis properties

piles = st.tuples(*(st.integers(0, DECK[t]) for t in ORDER)).map(
    lambda counts: [t for t, n in zip(ORDER, counts, strict=True) for _ in range(n)]
)


def greedy_pairs_first(pile: Sequence[Ingredient]) -> int:
    """A plain arrangement: pairs, sets and counts first, dishes from what is left."""
    left = Counter(pile)
    points = 0
    for meat in (I.SHRIMP, I.PORK, I.CHICKEN):
        pairs = min(left[I.GARLIC], left[meat])
        points += pairs * 3 * ALONE[meat]
        left[I.GARLIC] -= pairs
        left[meat] -= pairs
    pairs = min(left[I.CHILI_PEPPER], left[I.GREEN_PEPPER])
    points += 10 * pairs
    left[I.CHILI_PEPPER] -= pairs
    left[I.GREEN_PEPPER] -= pairs
    points += 18 * (left[I.MUSHROOM] // 3)
    left[I.MUSHROOM] %= 3
    return points + _dishes_then_rest(left)


def greedy_dishes_first(pile: Sequence[Ingredient]) -> int:
    """Another plain arrangement: every dish possible first (cheapest cards), then the rest."""
    return _dishes_then_rest(Counter(pile))


def _take_one(left: Counter[Ingredient], kinds: Sequence[Ingredient]) -> Ingredient | None:
    for kind in kinds:
        if left[kind]:
            left[kind] -= 1
            return kind
    return None


def _dishes_then_rest(left: Counter[Ingredient]) -> int:
    points = 0
    meats = (I.CHICKEN, I.PORK, I.SHRIMP)
    vegs = (I.MUSHROOM, I.ONION, I.BROCCOLI, I.GREEN_PEPPER)
    for starch, points_each in ((I.NOODLES, 25), (I.RICE, 15)):
        while left[starch]:
            trial = left.copy()
            trial[starch] -= 1
            ok = _take_one(trial, meats) and _take_one(trial, vegs)
            if starch is I.NOODLES:
                ok = ok and _take_one(trial, (I.CHILI_PEPPER, I.GARLIC))
            if not ok:
                break
            left.clear()
            left.update(trial)
            points += points_each
    for meat in (I.SHRIMP, I.PORK, I.CHICKEN):
        pairs = min(left[I.GARLIC], left[meat])
        points += pairs * 3 * ALONE[meat]
        left[I.GARLIC] -= pairs
        left[meat] -= pairs
    pairs = min(left[I.CHILI_PEPPER], left[I.GREEN_PEPPER])
    points += 10 * pairs
    left[I.GREEN_PEPPER] -= pairs
    points += 18 * (left[I.MUSHROOM] // 3)
    onions = left[I.ONION]
    points += 35 * (onions // 5) + (0, 1, 6, 15, 24)[onions % 5]
    points += sum(ALONE.get(t, 0) * n for t, n in left.items() if t is not I.ONION)
    return points


@settings(max_examples=300, deadline=None)
@given(piles)
def test_arrangement_is_valid_and_adds_up(pile: list[Ingredient]) -> None:
    arrangement = score_pile(pile)
    used: Counter[Ingredient] = Counter()
    for combination in arrangement.combinations:
        used.update(combination.ingredients)
        assert combination_points(combination.ingredients) is not None
        expected = combination_points(combination.ingredients)
        if combination.kind is CombinationKind.UNSCORED:
            assert combination.points == 0 and len(combination.ingredients) == 1
        elif combination.kind is CombinationKind.ALONE:
            assert combination.ingredients[0] in ALONE
            assert combination.points == expected
        else:
            assert combination.points == expected
    assert used == Counter(pile)  # every card in exactly one combination
    assert arrangement.points == sum(c.points for c in arrangement.combinations)
    assert arrangement.points == best_points(pile)


@settings(max_examples=300, deadline=None)
@given(piles)
def test_optimum_is_never_below_greedy_arrangements(pile: list[Ingredient]) -> None:
    optimum = best_points(pile)
    assert optimum >= greedy_pairs_first(pile)
    assert optimum >= greedy_dishes_first(pile)


@settings(max_examples=300, deadline=None)
@given(piles, st.sampled_from(ORDER))
def test_adding_a_card_never_lowers_the_optimum(pile: list[Ingredient], extra: Ingredient) -> None:
    assume(Counter(pile)[extra] < DECK[extra])  # the deck has another card of that type
    assert best_points([*pile, extra]) >= best_points(pile)


@settings(max_examples=100, deadline=None)
@given(piles, st.randoms(use_true_random=False))
def test_order_of_the_cards_does_not_matter(pile: list[Ingredient], rng: random.Random) -> None:
    shuffled = list(pile)
    rng.shuffle(shuffled)
    assert best_points(shuffled) == best_points(pile)
