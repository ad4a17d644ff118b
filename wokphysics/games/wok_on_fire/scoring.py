"""Exact end-of-game scoring of Wok on Fire.

Each player arranges the cards they collected into scoring possibilities, every card in at
most one, to get the most points (rules decisions, "Wok on Fire" -> Scoring):

- alone: Chicken 2, Pork 3, Shrimp 4, Broccoli 5, Green Pepper 5 (other cards alone: 0);
- Garlic + one Meat: 3 x that Meat's points;
- Chili Pepper + one Green Pepper: 10;
- Mushrooms: 18 per set of 3;
- Onions kept as onions: 1/6/15/24/35 for 1..5; each Onion past the fifth starts a new count;
- Rice + Meat + Vegetable: 15; Noodles + Meat + Vegetable + Condiment: 25.

Then the majorities (every collected card counts, however arranged): most Pork +5, most
Broccoli -10, nobody on a tie. The winner has the most points; a tie goes to the fewest
ingredients collected; still tied, a shared victory.

How the optimum is found exactly (not greedily). Only the counts of the 11 types matter.
Choose how many Noodle dishes ``N`` and Rice dishes ``R`` to cook, which Condiments feed
the Noodle dishes (``g`` Garlic + ``h`` Chili, ``g + h = N``), and which Meats and which
Vegetables (``N + R`` of each) go into dishes; a Meat, Vegetable or Condiment can sit in any
dish, so these totals are all that matter. What is left then scores independently:

- Meats with the Garlic left: each Garlic adds 2 x the Meat's points, so Garlic goes on
  Shrimp, then Pork, then Chicken (an exchange argument shows this is optimal);
- Green Peppers with the Chili left: 5 each plus 5 per pair;
- Broccoli 5 each; Mushrooms 18 per 3; Onions by the count table.

The optimiser tabulates the best Meat part for every (dish meats, Garlic left) and the best
Vegetable part for every (dish vegetables, Chili left) over all compositions (a max-plus
convolution for the independent Broccoli, Mushroom and Onion parts), then tries every
``(N, R, g, h)``. That is every arrangement, summarised without loss, so the result is the
true optimum; the tests compare it with an exhaustive search over card assignments.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import product

from wokphysics.errors import UserError
from wokphysics.games.wok_on_fire.ingredients import DECK_COUNTS, Ingredient, check_possible

I = Ingredient  # noqa: E741 (short alias: the tables below read better)

ALONE_POINTS: dict[Ingredient, int] = {
    I.CHICKEN: 2,
    I.PORK: 3,
    I.SHRIMP: 4,
    I.BROCCOLI: 5,
    I.GREEN_PEPPER: 5,
}
"""Points of a card scored on its own; every other type scores 0 alone."""

GARLIC_FACTOR = 3
CHILI_PAIR_POINTS = 10
MUSHROOM_SET_SIZE = 3
MUSHROOM_SET_POINTS = 18
ONION_COUNT_POINTS: tuple[int, ...] = (0, 1, 6, 15, 24, 35)
"""Points of one onion count of 0..5 onions; a sixth onion starts a new count."""
ONION_COUNT_MAX = len(ONION_COUNT_POINTS) - 1
RICE_DISH_POINTS = 15
NOODLE_DISH_POINTS = 25
PORK_MAJORITY_BONUS = 5
BROCCOLI_MAJORITY_PENALTY = -10

# Garlic goes on the most valuable Meat first (see the module docstring).
_MEATS_BY_VALUE: tuple[Ingredient, ...] = (I.SHRIMP, I.PORK, I.CHICKEN)
_DISH_VEGETABLES: tuple[Ingredient, ...] = (I.BROCCOLI, I.GREEN_PEPPER, I.MUSHROOM, I.ONION)
_MEATS: tuple[Ingredient, ...] = (I.CHICKEN, I.PORK, I.SHRIMP)


class CombinationKind(Enum):
    """A scoring possibility; the value is the name people read."""

    ALONE = "alone"
    GARLIC_MEAT = "Garlic + Meat"
    CHILI_GREEN_PEPPER = "Chili + Green Pepper"
    MUSHROOM_SET = "Mushroom set"
    ONION_COUNT = "Onion count"
    RICE_DISH = "Rice dish"
    NOODLE_DISH = "Noodle dish"
    UNSCORED = "unscored"
    """A card in no combination that scores nothing alone (0 points)."""


@dataclass(frozen=True)
class Combination:
    """Cards scored together.

    Attributes:
        kind: which scoring possibility.
        ingredients: the card types in it (a dish lists starch, meat, vegetable[, condiment];
            a pair lists the condiment first).
        points: what it scores (never negative).
        card_ids: the ids of those cards in the same order, when the caller gave ids.
    """

    kind: CombinationKind
    ingredients: tuple[Ingredient, ...]
    points: int
    card_ids: tuple[int, ...] | None = None

    def describe(self) -> str:
        names = " + ".join(i.value for i in self.ingredients)
        if self.kind in (CombinationKind.ALONE, CombinationKind.UNSCORED):
            label = f"{names} ({self.kind.value})"
        else:
            label = f"{self.kind.value}: {names}"
        return f"{label} = {self.points}"


@dataclass(frozen=True)
class Arrangement:
    """One player's best arrangement: every card in exactly one combination.

    Invariant: ``points == sum(c.points for c in combinations)`` and the combinations'
    ingredients together are exactly the pile (as a multiset).
    """

    combinations: tuple[Combination, ...]
    points: int


@dataclass(frozen=True)
class PlayerScore:
    """A player's final score: the arrangement plus the majorities.

    Attributes:
        arrangement: the best arrangement of the player's cards.
        cards: how many ingredients the player collected (the tie-break: fewer is better).
        pork, broccoli: collected counts used for the majorities.
        pork_bonus: +5 for the strict majority of Pork, else 0.
        broccoli_penalty: -10 for the strict majority of Broccoli, else 0.
        total: ``arrangement.points + pork_bonus + broccoli_penalty``.
    """

    arrangement: Arrangement
    cards: int
    pork: int
    broccoli: int
    pork_bonus: int
    broccoli_penalty: int
    total: int


def onion_points(onions: int) -> int:
    """Points of ``onions`` Onions kept as onions: counts of 5, then the rest."""
    full, rest = divmod(onions, ONION_COUNT_MAX)
    return full * ONION_COUNT_POINTS[ONION_COUNT_MAX] + ONION_COUNT_POINTS[rest]


def _meat_part(chicken: int, pork: int, shrimp: int, garlic: int) -> int:
    """Best points of these Meats with this many Garlic (Garlic on the best Meats)."""
    points = 2 * chicken + 3 * pork + 4 * shrimp
    on_shrimp = min(garlic, shrimp)
    on_pork = min(garlic - on_shrimp, pork)
    on_chicken = min(garlic - on_shrimp - on_pork, chicken)
    extra = GARLIC_FACTOR - 1
    return points + extra * (4 * on_shrimp + 3 * on_pork + 2 * on_chicken)


def _pepper_part(green_pepper: int, chili: int) -> int:
    """Best points of these Green Peppers with this many Chili Peppers."""
    pairs = min(green_pepper, chili)
    return CHILI_PAIR_POINTS * pairs + ALONE_POINTS[I.GREEN_PEPPER] * (green_pepper - pairs)


@dataclass(frozen=True)
class _Plan:
    """The optimum summarised: dish counts and which types feed the dishes."""

    noodle_dishes: int
    rice_dishes: int
    dish_garlic: int
    dish_chili: int
    dish_meats: tuple[int, int, int]  # Chicken, Pork, Shrimp in dishes
    dish_vegetables: tuple[int, int, int, int]  # Broccoli, Green Pepper, Mushroom, Onion
    points: int


def _optimal_plan(counts: Counter[Ingredient]) -> _Plan:
    chicken, pork, shrimp = (counts[m] for m in _MEATS)
    broccoli, green_pepper, mushroom, onion = (counts[v] for v in _DISH_VEGETABLES)
    garlic, chili = counts[I.GARLIC], counts[I.CHILI_PEPPER]
    noodles, rice = counts[I.NOODLES], counts[I.RICE]
    max_dishes = min(
        noodles + rice, chicken + pork + shrimp, broccoli + green_pepper + mushroom + onion
    )

    # Best Meat part for k meats in dishes and g Garlic left: best_meat[k][g] = (points, use).
    best_meat: list[list[tuple[int, tuple[int, int, int]]]] = [
        [(-1, (0, 0, 0))] * (garlic + 1) for _ in range(max_dishes + 1)
    ]
    for used in product(range(chicken + 1), range(pork + 1), range(shrimp + 1)):
        k = used[0] + used[1] + used[2]
        if k > max_dishes:
            continue
        row = best_meat[k]
        for g in range(garlic + 1):
            points = _meat_part(chicken - used[0], pork - used[1], shrimp - used[2], g)
            if points > row[g][0]:
                row[g] = (points, used)

    # Broccoli, Mushroom and Onion are independent: max-plus convolution over how many of
    # each go into dishes. bmo[k] = (points of the rest, (broccoli, mushroom, onion) used).
    bmo: list[tuple[int, tuple[int, int, int]]] = [(-1, (0, 0, 0))] * (max_dishes + 1)
    for b in range(min(broccoli, max_dishes) + 1):
        for m in range(min(mushroom, max_dishes - b) + 1):
            rest_points = ALONE_POINTS[I.BROCCOLI] * (broccoli - b) + MUSHROOM_SET_POINTS * (
                (mushroom - m) // MUSHROOM_SET_SIZE
            )
            for o in range(min(onion, max_dishes - b - m) + 1):
                points = rest_points + onion_points(onion - o)
                if points > bmo[b + m + o][0]:
                    bmo[b + m + o] = (points, (b, m, o))

    # best_veg[k][h] = (points, (broccoli, green pepper, mushroom, onion) used), h Chili left.
    best_veg: list[list[tuple[int, tuple[int, int, int, int]]]] = []
    for k in range(max_dishes + 1):
        row_v: list[tuple[int, tuple[int, int, int, int]]] = []
        for h in range(chili + 1):
            best: tuple[int, tuple[int, int, int, int]] = (-1, (0, 0, 0, 0))
            for gp in range(min(green_pepper, k) + 1):
                rest = bmo[k - gp]
                if rest[0] < 0:
                    continue
                points = rest[0] + _pepper_part(green_pepper - gp, h)
                if points > best[0]:
                    b, m, o = rest[1]
                    best = (points, (b, gp, m, o))
            row_v.append(best)
        best_veg.append(row_v)

    best_plan: _Plan | None = None
    for n in range(min(noodles, max_dishes, garlic + chili) + 1):
        for r in range(min(rice, max_dishes - n) + 1):
            k = n + r
            for g in range(max(0, n - chili), min(n, garlic) + 1):
                h = n - g
                meat_points, meats_used = best_meat[k][garlic - g]
                veg_points, vegs_used = best_veg[k][chili - h]
                if meat_points < 0 or veg_points < 0:
                    continue
                points = NOODLE_DISH_POINTS * n + RICE_DISH_POINTS * r + meat_points + veg_points
                if best_plan is None or points > best_plan.points:
                    best_plan = _Plan(n, r, g, h, meats_used, vegs_used, points)
    assert best_plan is not None, "cooking no dish is always possible"
    return best_plan


class _Cards:
    """Hands out cards of each type (with their ids, when known) as combinations use them."""

    def __init__(self, pile: Sequence[Ingredient], card_ids: Sequence[int] | None) -> None:
        self._ids: dict[Ingredient, deque[int]] = {i: deque() for i in Ingredient}
        self._with_ids = card_ids is not None
        if card_ids is not None:
            for ingredient, card_id in zip(pile, card_ids, strict=True):
                self._ids[ingredient].append(card_id)
        self.left: Counter[Ingredient] = Counter(pile)
        self.combinations: list[Combination] = []

    def take(self, kind: CombinationKind, ingredients: Sequence[Ingredient], points: int) -> None:
        for ingredient in ingredients:
            self.left[ingredient] -= 1
            assert self.left[ingredient] >= 0, "the plan uses only the pile's cards"
        ids = tuple(self._ids[i].popleft() for i in ingredients) if self._with_ids else None
        self.combinations.append(Combination(kind, tuple(ingredients), points, ids))


def _spread(types: Sequence[Ingredient], amounts: Sequence[int]) -> list[Ingredient]:
    return [t for t, amount in zip(types, amounts, strict=True) for _ in range(amount)]


def _arrange(
    plan: _Plan,
    pile: Sequence[Ingredient],
    card_ids: Sequence[int] | None,
) -> Arrangement:
    """The combinations that realise ``plan``; the points are recomputed card by card."""
    cards = _Cards(pile, card_ids)
    dishes = plan.noodle_dishes + plan.rice_dishes
    meats = _spread(_MEATS, plan.dish_meats)
    vegetables = _spread(_DISH_VEGETABLES, plan.dish_vegetables)
    condiments = _spread((I.GARLIC, I.CHILI_PEPPER), (plan.dish_garlic, plan.dish_chili))
    for d in range(dishes):
        if d < plan.noodle_dishes:
            cards.take(
                CombinationKind.NOODLE_DISH,
                (I.NOODLES, meats[d], vegetables[d], condiments[d]),
                NOODLE_DISH_POINTS,
            )
        else:
            cards.take(
                CombinationKind.RICE_DISH, (I.RICE, meats[d], vegetables[d]), RICE_DISH_POINTS
            )
    for meat in _MEATS_BY_VALUE:
        while cards.left[I.GARLIC] and cards.left[meat]:
            cards.take(
                CombinationKind.GARLIC_MEAT, (I.GARLIC, meat), GARLIC_FACTOR * ALONE_POINTS[meat]
            )
    while cards.left[I.CHILI_PEPPER] and cards.left[I.GREEN_PEPPER]:
        cards.take(
            CombinationKind.CHILI_GREEN_PEPPER, (I.CHILI_PEPPER, I.GREEN_PEPPER), CHILI_PAIR_POINTS
        )
    while cards.left[I.MUSHROOM] >= MUSHROOM_SET_SIZE:
        cards.take(
            CombinationKind.MUSHROOM_SET, (I.MUSHROOM,) * MUSHROOM_SET_SIZE, MUSHROOM_SET_POINTS
        )
    while cards.left[I.ONION]:
        size = min(cards.left[I.ONION], ONION_COUNT_MAX)
        cards.take(CombinationKind.ONION_COUNT, (I.ONION,) * size, ONION_COUNT_POINTS[size])
    for ingredient in Ingredient:
        while cards.left[ingredient]:
            points = ALONE_POINTS.get(ingredient, 0)
            kind = CombinationKind.ALONE if points else CombinationKind.UNSCORED
            cards.take(kind, (ingredient,), points)
    total = sum(c.points for c in cards.combinations)
    assert total == plan.points, f"arrangement {total} differs from the optimum {plan.points}"
    return Arrangement(tuple(cards.combinations), total)


def _check_pile(pile: Sequence[Ingredient]) -> Counter[Ingredient]:
    counts = Counter(pile)
    for ingredient, count in counts.items():
        if not isinstance(ingredient, Ingredient):
            raise TypeError(f"not an Ingredient: {ingredient!r}")
        if count > DECK_COUNTS[ingredient]:
            raise UserError(
                f"impossible pile: {count} {ingredient.value}, but the deck has "
                f"only {DECK_COUNTS[ingredient]}"
            )
    return counts


def best_points(pile: Sequence[Ingredient]) -> int:
    """The optimal arrangement's points (no majorities), without building the arrangement."""
    return _optimal_plan(_check_pile(pile)).points


def score_pile(
    pile: Sequence[Ingredient],
    card_ids: Sequence[int] | None = None,
) -> Arrangement:
    """The optimal arrangement of one player's cards (majorities not included).

    Args:
        pile: the card types the player collected (at most the deck's count of each).
        card_ids: optional ids of those cards, in the same order; each combination then
            names the ids of its cards.

    Raises:
        UserError: the pile holds more copies of a type than the deck has.
        ValueError: ``card_ids`` is not as long as ``pile``.
    """
    if card_ids is not None and len(card_ids) != len(pile):
        raise ValueError(f"{len(card_ids)} card ids for {len(pile)} cards")
    return _arrange(_optimal_plan(_check_pile(pile)), pile, card_ids)


def _strict_leader(counts: Sequence[int]) -> int | None:
    """The index of the one player with strictly the most (and at least one), else None."""
    top = max(counts, default=0)
    if top == 0 or counts.count(top) > 1:
        return None
    return counts.index(top)


def score_players(
    piles: Sequence[Sequence[Ingredient]],
    card_ids: Sequence[Sequence[int]] | None = None,
    pork_bonus: int = PORK_MAJORITY_BONUS,
    broccoli_penalty: int = -BROCCOLI_MAJORITY_PENALTY,
) -> list[PlayerScore]:
    """Every player's final score: optimal arrangement plus the Pork and Broccoli majorities.

    A majority needs strictly more cards of the type than every other player (and at least
    one); with a single player (solo practice) that player holds it whenever they have one.
    ``pork_bonus`` (points gained) and ``broccoli_penalty`` (points lost, given as a positive
    number) are the rules options ``rules.pork_majority_bonus`` and
    ``rules.broccoli_majority_penalty``; the defaults are the rulebook's 5 and 10.

    Raises:
        UserError: the piles together hold more copies of a type than the deck has.
    """
    check_possible(piles)
    pork = [sum(1 for i in pile if i is I.PORK) for pile in piles]
    broccoli = [sum(1 for i in pile if i is I.BROCCOLI) for pile in piles]
    pork_leader = _strict_leader(pork)
    broccoli_leader = _strict_leader(broccoli)
    scores = []
    for index, pile in enumerate(piles):
        arrangement = score_pile(pile, None if card_ids is None else card_ids[index])
        bonus = pork_bonus if index == pork_leader else 0
        penalty = -broccoli_penalty if index == broccoli_leader else 0
        scores.append(
            PlayerScore(
                arrangement,
                len(pile),
                pork[index],
                broccoli[index],
                bonus,
                penalty,
                arrangement.points + bonus + penalty,
            )
        )
    return scores


def winners(scores: Sequence[PlayerScore]) -> list[int]:
    """The indices of the winners: most points, then fewest ingredients; else all share."""
    if not scores:
        return []
    best = max((s.total, -s.cards) for s in scores)
    return [index for index, s in enumerate(scores) if (s.total, -s.cards) == best]
