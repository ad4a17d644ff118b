"""Exact end-of-game scoring of Wok on Fire, every value from the config.

Each player arranges the cards they collected into scoring possibilities, every card in
exactly one, to get the most points (rules decisions, "Wok on Fire" -> Scoring). The values
and categories are the config's (``[ingredients]`` points and categories, ``[scoring]``,
``[rules]`` majorities); the defaults are the rulebook's:

- alone: a card's ``points`` (Chicken 2, Pork 3, Shrimp 4, Broccoli 5, Green Pepper 5, others 0);
- Garlic + one Meat: ``garlic_meat_factor`` (3) x that Meat's points;
- Chili Pepper + one Green Pepper: ``chili_green_pepper`` (10);
- Mushrooms: ``mushroom_set`` (18) per set of ``mushroom_set_size`` (3);
- Onions kept as onions: ``onion_counts`` (1/6/15/24/35 for 1..5); past the last size a new
  count starts;
- Rice + Meat + Vegetable: ``rice_dish`` (15); Noodles + Meat + Vegetable + Condiment:
  ``noodle_dish`` (25). Meat, Vegetable and Condiment are the config's categories.

Then the majorities (every collected card counts, however arranged): most Pork
``+pork_majority_bonus``, most Broccoli ``-broccoli_majority_penalty``, nobody on a tie. The
winner has the most points; a tie goes to the fewest ingredients collected; still tied, a shared
victory.

How the optimum is found exactly (not greedily). Only the counts of the 11 types matter.
Choose how many Noodle dishes ``N`` and Rice dishes ``R`` to cook, which Condiments season the
Noodle dishes (``g`` Garlic, ``h`` Chili, the rest from other Condiments, cheapest first), and
how many cards of each Meat and each Vegetable fill the dishes (``N + R`` of each); a card of a
category can sit in any dish, so these totals are all that matter. What is left then scores
in independent parts:

- Meats with the Garlic left: each Garlic paired with a Meat gains ``factor x p - p - p_garlic``,
  the same for every Garlic, so for a given set of Meats the pairs go to the highest gains
  first (an exchange argument shows this is optimal);
- Green Peppers with the Chili left, likewise;
- every other type alone: its points per card, Mushrooms by sets, Onions by counts.

The optimiser tabulates the best Meat part for every (Meats in dishes, Garlic left) by dynamic
programming over the Meat types, and the best Vegetable part for every (Vegetables in dishes,
Chili left) (a max-plus convolution of the independent Vegetables, then the Green Peppers),
then tries every ``(N, R, g, h)``. That is every arrangement, summarised without loss, so the
result is the true optimum; the tests compare it with exhaustive searches over card
assignments, for the shipped config and for others.

>>> from wokphysics import load_config
>>> from wokphysics.games.wok_on_fire.ingredients import Ingredient as I
>>> scorer = Scorer(load_config().rules)
>>> scorer.best_points([I.RICE, I.CHICKEN, I.ONION])   # a Rice dish
15
>>> scorer.best_points([I.MUSHROOM] * 3), scorer.best_points([I.GARLIC, I.SHRIMP])
(18, 12)
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from wokphysics.config.wok_on_fire import WokOnFireRules
from wokphysics.errors import UserError
from wokphysics.games.wok_on_fire.ingredients import Category, Deck, Ingredient

I = Ingredient  # noqa: E741 (short alias: the rules below read better)

_PAIRING: Final = (I.GARLIC, I.CHILI_PEPPER)
"""The Condiments with combinations of their own; other Condiments score alone."""
_BASES: Final = (I.NOODLES, I.RICE)
"""The dishes' bases; other Starches score alone."""

# The types the scorer names, as constants: the compiled build reads a Final constant
# directly, where ``I.GARLIC`` is an attribute lookup on the enum class (some hundreds of
# instructions on Python 3.11), and the bots' searches name types thousands of times a game.
_BROCCOLI: Final = I.BROCCOLI
_CHILI_PEPPER: Final = I.CHILI_PEPPER
_GARLIC: Final = I.GARLIC
_GREEN_PEPPER: Final = I.GREEN_PEPPER
_MUSHROOM: Final = I.MUSHROOM
_NOODLES: Final = I.NOODLES
_ONION: Final = I.ONION
_PORK: Final = I.PORK
_RICE: Final = I.RICE


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


Part = tuple[CombinationKind, tuple[Ingredient, ...], int]
"""One combination by card type only: (kind, its ingredients, its points)."""
_TYPES: Final[tuple[Ingredient, ...]] = tuple(Ingredient)


def _tally(pile: Sequence[Ingredient]) -> dict[Ingredient, int]:
    """The cards of each type in ``pile``, every type present (0 for none)."""
    left = dict.fromkeys(_TYPES, 0)
    for ingredient in pile:
        left[ingredient] += 1
    return left


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
        pork_bonus: ``rules.pork_majority_bonus`` for the strict majority of Pork, else 0.
        broccoli_penalty: minus ``rules.broccoli_majority_penalty`` for the strict majority of
            Broccoli, else 0.
        total: ``arrangement.points + pork_bonus + broccoli_penalty``.
    """

    arrangement: Arrangement
    cards: int
    pork: int
    broccoli: int
    pork_bonus: int
    broccoli_penalty: int
    total: int


@dataclass(frozen=True)
class _DishPlan:
    """The optimum summarised: dish counts and how many of each type feed the dishes."""

    noodle_dishes: int
    rice_dishes: int
    dish_garlic: int
    dish_chili: int
    dish_other_condiments: int
    dish_meats: tuple[int, ...]  # aligned with Scorer's meat order
    dish_vegetables: tuple[int, ...]  # aligned with Scorer's vegetable order
    points: int


_Entry = tuple[int, tuple[int, ...]]
"""(points, cards of each type used in dishes); points -1 means impossible."""
_IMPOSSIBLE: Final[_Entry] = (-1, ())


class Scorer:
    """The exact scorer of one config (``Scorer(cfg.rules)``): every count, category and value
    is the config's. Frozen in use; one per game."""

    def __init__(self, rules: WokOnFireRules) -> None:
        self.deck = Deck.from_rules(rules)
        scoring = rules.scoring
        self.garlic_meat_factor = scoring.garlic_meat_factor
        self.chili_green_pepper = scoring.chili_green_pepper
        self.mushroom_set_size = scoring.mushroom_set_size
        self.mushroom_set = scoring.mushroom_set
        self.onion_counts: tuple[int, ...] = (0, *scoring.onion_counts)
        """Points of one onion count of 0, 1, ... Onions; a longer count starts a new one."""
        self.rice_dish = scoring.rice_dish
        self.noodle_dish = scoring.noodle_dish
        self.pork_majority_bonus = rules.pork_majority_bonus
        self.broccoli_majority_penalty = rules.broccoli_majority_penalty
        # Plain dicts, not the deck's Mappings: the compiled build looks a dict up directly,
        # and the scorer's searches look these up many thousand times a game.
        points = dict(self.deck.points)
        self._points = points
        self._deck_counts = dict(self.deck.counts)
        garlic = points[_GARLIC]
        self._garlic_gain = {
            meat: max(0, self.garlic_meat_factor * points[meat] - points[meat] - garlic)
            for meat in self.deck.of(Category.MEAT)
        }
        # Garlic goes to the highest gains first (see the module docstring).
        self._meats = tuple(sorted(self._garlic_gain, key=lambda m: -self._garlic_gain[m]))
        self._pepper_gain = max(
            0, self.chili_green_pepper - points[_GREEN_PEPPER] - points[_CHILI_PEPPER]
        )
        self._free_vegetables = tuple(
            v for v in self.deck.of(Category.VEGETABLE) if v is not _GREEN_PEPPER
        )
        self._vegetables = (*self._free_vegetables, _GREEN_PEPPER)
        self._other_condiments = tuple(
            sorted(
                (c for c in self.deck.of(Category.CONDIMENT) if c not in _PAIRING),
                key=lambda c: points[c],
            )
        )
        self._other_starches = tuple(s for s in self.deck.of(Category.STARCH) if s not in _BASES)

    # ------------------------------------------------------------------ parts
    def onion_points(self, onions: int) -> int:
        """Points of ``onions`` Onions kept as onions: full counts, then the rest."""
        longest = len(self.onion_counts) - 1
        full, rest = divmod(onions, longest)
        return full * self.onion_counts[longest] + self.onion_counts[rest]

    def _mushroom_sets(self, mushrooms: int) -> int:
        """How many sets the best scoring of ``mushrooms`` leftover Mushrooms makes."""
        alone = self._points[_MUSHROOM]
        size = self.mushroom_set_size
        # The first count of sets of the most points (as max() picks), in a plain loop.
        best_sets, best_points = 0, mushrooms * alone
        for sets in range(1, mushrooms // size + 1):
            points = sets * self.mushroom_set + (mushrooms - sets * size) * alone
            if points > best_points:
                best_sets, best_points = sets, points
        return best_sets

    def _alone_value(self, kind: Ingredient, cards: int) -> int:
        """Best points of ``cards`` leftover cards of a type with no partner to pair with."""
        if kind is _ONION:
            return self.onion_points(cards)
        if kind is _MUSHROOM:
            sets = self._mushroom_sets(cards)
            rest = cards - sets * self.mushroom_set_size
            return sets * self.mushroom_set + rest * self._points[_MUSHROOM]
        return cards * self._points[kind]

    def _meat_table(self, counts: dict[Ingredient, int], dishes: int) -> list[list[_Entry]]:
        """table[k][g]: the best Meat part (Garlic left included) with ``k`` Meats in dishes
        and ``g`` Garlic left, and the Meats used (aligned with ``self._meats``)."""
        garlic = counts[_GARLIC]
        garlic_points = self._points[_GARLIC]
        table = [[_IMPOSSIBLE] * (garlic + 1) for _ in range(dishes + 1)]
        for start in range(garlic + 1):
            # states[(meats in dishes, garlic still free)] = (points so far, meats used)
            states: dict[tuple[int, int], _Entry] = {(0, start): (0, ())}
            for meat in self._meats:
                have, gain, alone = counts[meat], self._garlic_gain[meat], self._points[meat]
                following: dict[tuple[int, int], _Entry] = {}
                for (used, free), (points, use) in states.items():
                    for into_dishes in range(min(have, dishes - used) + 1):
                        left = have - into_dishes
                        pairs = min(free, left) if gain > 0 else 0
                        value = points + alone * left + gain * pairs
                        key = (used + into_dishes, free - pairs)
                        if value > following.get(key, _IMPOSSIBLE)[0]:
                            following[key] = (value, (*use, into_dishes))
                states = following
            for (used, _free), (points, use) in states.items():
                total = points + start * garlic_points
                if total > table[used][start][0]:
                    table[used][start] = (total, use)
        return table

    def _vegetable_table(self, counts: dict[Ingredient, int], dishes: int) -> list[list[_Entry]]:
        """table[k][h]: the best Vegetable part (Chili left included) with ``k`` Vegetables in
        dishes and ``h`` Chili left, and the Vegetables used (aligned with
        ``self._vegetables``)."""
        # The Vegetables other than Green Pepper are independent: max-plus convolution.
        free: list[_Entry] = [(0, ())] + [_IMPOSSIBLE] * dishes
        for kind in self._free_vegetables:
            have = counts[kind]
            alone = [self._alone_value(kind, have - into) for into in range(min(have, dishes) + 1)]
            merged: list[_Entry] = [_IMPOSSIBLE] * (dishes + 1)
            for used, (points, use) in enumerate(free):
                if points < 0:
                    continue
                for into_dishes in range(min(have, dishes - used) + 1):
                    value = points + alone[into_dishes]
                    if value > merged[used + into_dishes][0]:
                        merged[used + into_dishes] = (value, (*use, into_dishes))
            free = merged
        peppers, chili = counts[_GREEN_PEPPER], counts[_CHILI_PEPPER]
        pepper_points, chili_points = self._points[_GREEN_PEPPER], self._points[_CHILI_PEPPER]
        table: list[list[_Entry]] = []
        for used in range(dishes + 1):
            row: list[_Entry] = []
            for chili_left in range(chili + 1):
                best = _IMPOSSIBLE
                for into_dishes in range(min(peppers, used) + 1):
                    rest = free[used - into_dishes]
                    if rest[0] < 0:
                        continue
                    left = peppers - into_dishes
                    value = (
                        rest[0]
                        + pepper_points * left
                        + chili_points * chili_left
                        + self._pepper_gain * min(left, chili_left)
                    )
                    if value > best[0]:
                        best = (value, (*rest[1], into_dishes))
                row.append(best)
            table.append(row)
        return table

    def _optimal_plan(self, counts: dict[Ingredient, int]) -> _DishPlan:
        points = self._points
        noodles, rice = counts[_NOODLES], counts[_RICE]
        garlic, chili = counts[_GARLIC], counts[_CHILI_PEPPER]
        others = sorted(
            points[c] for c in self._other_condiments for _ in range(counts[c])
        )  # the other Condiments' cards, cheapest first (they season dishes first)
        max_dishes = min(
            noodles + rice,
            sum(counts[m] for m in self._meats),
            sum(counts[v] for v in self._vegetables),
        )
        meat = self._meat_table(counts, max_dishes)
        vegetable = self._vegetable_table(counts, max_dishes)
        starches = sum(points[s] * counts[s] for s in self._other_starches)
        condiments_alone = sum(others)
        seasoning = [0]  # seasoning[j]: the points of the j cheapest other Condiments
        for worth in others:
            seasoning.append(seasoning[-1] + worth)
        # The best so far as plain values (points first), made a _DishPlan once at the end.
        best: tuple[int, int, int, int, int, int, tuple[int, ...], tuple[int, ...]] | None = None
        for n in range(min(noodles, max_dishes, garlic + chili + len(others)) + 1):
            for r in range(min(rice, max_dishes - n) + 1):
                k = n + r
                meat_k, vegetable_k = meat[k], vegetable[k]
                fixed = (
                    self.noodle_dish * n
                    + self.rice_dish * r
                    + points[_NOODLES] * (noodles - n)
                    + points[_RICE] * (rice - r)
                    + starches
                )
                for g in range(min(n, garlic) + 1):
                    for h in range(min(n - g, chili) + 1):
                        j = n - g - h
                        if j > len(others):
                            continue
                        meat_points, meats_used = meat_k[garlic - g]
                        veg_points, vegs_used = vegetable_k[chili - h]
                        if meat_points < 0 or veg_points < 0:
                            continue
                        total = (
                            fixed
                            + meat_points
                            + veg_points
                            + condiments_alone
                            - seasoning[j]
                        )
                        if best is None or total > best[0]:
                            best = (total, n, r, g, h, j, meats_used, vegs_used)
        assert best is not None, "cooking no dish is always possible"
        total, n, r, g, h, j, meats_used, vegs_used = best
        return _DishPlan(n, r, g, h, j, meats_used, vegs_used, total)

    # ------------------------------------------------------------------ arrangement
    def _arrange(
        self, plan: _DishPlan, pile: Sequence[Ingredient], card_ids: Sequence[int] | None
    ) -> Arrangement:
        """The combinations that realise ``plan``; the points are recomputed card by card."""
        cards = _Cards(pile, card_ids)
        for kind, ingredients, points in self._parts(plan, _tally(pile)):
            cards.take(kind, ingredients, points)
        total = sum(c.points for c in cards.combinations)
        assert total == plan.points, f"arrangement {total} differs from the optimum {plan.points}"
        return Arrangement(tuple(cards.combinations), total)

    def _parts(self, plan: _DishPlan, left: dict[Ingredient, int]) -> list[Part]:
        """The combinations that realise ``plan``, in order, by card type only; ``left`` (the
        cards of each type, every type present) is used up as they are taken."""
        parts: list[Part] = []
        points = self._points

        def take(kind: CombinationKind, ingredients: tuple[Ingredient, ...], worth: int) -> None:
            for ingredient in ingredients:
                left[ingredient] -= 1
                assert left[ingredient] >= 0, "the plan uses only the pile's cards"
            parts.append((kind, ingredients, worth))

        meats = _spread(self._meats, plan.dish_meats)
        vegetables = _spread(self._vegetables, plan.dish_vegetables)
        others = sorted(
            (c for c in self._other_condiments for _ in range(left[c])),
            key=lambda c: points[c],
        )
        condiments = [
            *[_GARLIC] * plan.dish_garlic,
            *[_CHILI_PEPPER] * plan.dish_chili,
            *others[: plan.dish_other_condiments],
        ]
        for d in range(plan.noodle_dishes + plan.rice_dishes):
            if d < plan.noodle_dishes:
                take(
                    CombinationKind.NOODLE_DISH,
                    (_NOODLES, meats[d], vegetables[d], condiments[d]),
                    self.noodle_dish,
                )
            else:
                take(CombinationKind.RICE_DISH, (_RICE, meats[d], vegetables[d]), self.rice_dish)
        for meat in self._meats:
            while self._garlic_gain[meat] > 0 and left[_GARLIC] and left[meat]:
                take(
                    CombinationKind.GARLIC_MEAT,
                    (_GARLIC, meat),
                    self.garlic_meat_factor * points[meat],
                )
        while self._pepper_gain > 0 and left[_CHILI_PEPPER] and left[_GREEN_PEPPER]:
            take(
                CombinationKind.CHILI_GREEN_PEPPER,
                (_CHILI_PEPPER, _GREEN_PEPPER),
                self.chili_green_pepper,
            )
        for _ in range(self._mushroom_sets(left[_MUSHROOM])):
            take(
                CombinationKind.MUSHROOM_SET,
                (_MUSHROOM,) * self.mushroom_set_size,
                self.mushroom_set,
            )
        longest = len(self.onion_counts) - 1
        while left[_ONION]:
            size = min(left[_ONION], longest)
            take(CombinationKind.ONION_COUNT, (_ONION,) * size, self.onion_counts[size])
        for ingredient in _TYPES:
            while left[ingredient]:
                alone = points[ingredient]
                kind = CombinationKind.ALONE if alone else CombinationKind.UNSCORED
                take(kind, (ingredient,), alone)
        return parts

    def _check_pile(self, pile: Sequence[Ingredient]) -> dict[Ingredient, int]:
        """The pile's count of each type (every type present), checked against the deck."""
        counts = Counter(pile)
        for ingredient, count in counts.items():
            if not isinstance(ingredient, Ingredient):
                raise TypeError(f"not an Ingredient: {ingredient!r}")
            self._check_count(ingredient, count)
        return {kind: counts.get(kind, 0) for kind in _TYPES}

    def _check_count(self, ingredient: Ingredient, count: int) -> None:
        if count > self._deck_counts[ingredient]:
            raise UserError(
                f"impossible pile: {count} {ingredient.value}, but the deck has "
                f"only {self.deck.counts[ingredient]}"
            )

    # ------------------------------------------------------------------ public
    def best_points(self, pile: Sequence[Ingredient]) -> int:
        """The optimal arrangement's points (no majorities), without building the arrangement."""
        return self._optimal_plan(self._check_pile(pile)).points

    def parts_of_counts(self, counts: Sequence[int]) -> list[Part]:
        """The optimal arrangement's combinations by card type only (no card ids), for a pile
        given by its count of each type in ``Ingredient``'s order: what :meth:`score_pile`
        arranges, without building it (bots ask this of many piles).

        Raises:
            UserError: a count is more than the deck has.
            ValueError: not one count per type, or a count is negative.
        """
        if len(counts) != len(_TYPES) or min(counts) < 0:
            raise ValueError(f"{counts} is not a count >= 0 of each of the {len(_TYPES)} types")
        left = dict(zip(_TYPES, counts, strict=True))
        for ingredient, count in left.items():
            self._check_count(ingredient, count)
        return self._parts(self._optimal_plan(left), left)

    def score_pile(
        self, pile: Sequence[Ingredient], card_ids: Sequence[int] | None = None
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
        return self._arrange(self._optimal_plan(self._check_pile(pile)), pile, card_ids)

    def score_players(
        self,
        piles: Sequence[Sequence[Ingredient]],
        card_ids: Sequence[Sequence[int]] | None = None,
    ) -> list[PlayerScore]:
        """Every player's final score: optimal arrangement plus the Pork and Broccoli majorities.

        A majority needs strictly more cards of the type than every other player (and at least
        one); with a single player (solo practice) that player holds it whenever they have one.

        Raises:
            UserError: the piles together hold more copies of a type than the deck has.
        """
        self.deck.check_possible(piles)
        pork = [sum(1 for i in pile if i is _PORK) for pile in piles]
        broccoli = [sum(1 for i in pile if i is _BROCCOLI) for pile in piles]
        pork_leader = _strict_leader(pork)
        broccoli_leader = _strict_leader(broccoli)
        scores = []
        for index, pile in enumerate(piles):
            arrangement = self.score_pile(pile, None if card_ids is None else card_ids[index])
            bonus = self.pork_majority_bonus if index == pork_leader else 0
            penalty = -self.broccoli_majority_penalty if index == broccoli_leader else 0
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


class _Cards:
    """Hands out the ids of the cards of each type (when known) as combinations use them."""

    def __init__(self, pile: Sequence[Ingredient], card_ids: Sequence[int] | None) -> None:
        self._ids: dict[Ingredient, deque[int]] | None = None
        if card_ids is not None:
            ids: dict[Ingredient, deque[int]] = {i: deque() for i in _TYPES}
            for ingredient, card_id in zip(pile, card_ids, strict=True):
                ids[ingredient].append(card_id)
            self._ids = ids
        self.combinations: list[Combination] = []

    def take(self, kind: CombinationKind, ingredients: tuple[Ingredient, ...], points: int) -> None:
        ids = self._ids
        taken = None if ids is None else tuple(ids[i].popleft() for i in ingredients)
        self.combinations.append(Combination(kind, ingredients, points, taken))


def _spread(types: Sequence[Ingredient], amounts: Sequence[int]) -> list[Ingredient]:
    return [t for t, amount in zip(types, amounts, strict=True) for _ in range(amount)]


def _strict_leader(counts: Sequence[int]) -> int | None:
    """The index of the one player with strictly the most (and at least one), else None."""
    top = max(counts, default=0)
    if top == 0 or counts.count(top) > 1:
        return None
    return counts.index(top)


def winners(scores: Sequence[PlayerScore]) -> list[int]:
    """The indices of the winners: most points, then fewest ingredients; else all share."""
    if not scores:
        return []
    best = max((s.total, -s.cards) for s in scores)
    return [index for index, s in enumerate(scores) if (s.total, -s.cards) == best]
