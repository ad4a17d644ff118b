"""Every count, category and value of Wok on Fire comes from the validated config: the deal,
the scorer and an independent exhaustive search agree on configs other than the shipped one."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from wof_engine_helpers import clear_wok, give

from wokphysics.config.wok_on_fire import WokOnFireRules, load_config
from wokphysics.errors import ConfigError, UserError
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.games.wok_on_fire.ingredients import Category, Deck, Ingredient, parse_pile
from wokphysics.games.wok_on_fire.scoring import Scorer

I = Ingredient  # noqa: E741
ORDER = list(Ingredient)
FREE = (I.CHICKEN, I.PORK, I.SHRIMP, I.BROCCOLI)
"""The types whose category a config may change."""


def _config(tmp_path: Path, text: str) -> Any:
    path = tmp_path / "house.toml"
    path.write_text(text)
    return load_config(path)


def _pile(text: str) -> list[Ingredient]:
    return parse_pile(text)


# ----------------------------------------------------------------------------- counts


SEVEN_CHICKENS = """
[ingredients]
chicken = { count = 7 }
onion = { count = 6 }
"""


def test_seven_chickens_are_dealt_and_scored(tmp_path: Path) -> None:
    cfg = _config(tmp_path, SEVEN_CHICKENS)
    game = WokOnFireGame(cfg, 2, seed=4)
    kinds = Counter(card.ingredient for card in game.table.cards)
    assert kinds["chicken"] == 7 and kinds["onion"] == 6 and sum(kinds.values()) == 50
    clear_wok(game)  # every card back in the supply, to hand them out
    for _ in range(7):
        give(game, "chicken", 0)
    (mine, _other) = game.scores()  # 7 Chickens: no "the deck has only 6"
    assert mine.arrangement.points == 7 * 2 and mine.cards == 7
    scorer = game.scorer
    with pytest.raises(UserError, match="7 Onion, but the deck has only 6"):
        scorer.score_pile([I.ONION] * 7)
    with pytest.raises(UserError, match="8 Chicken collected, but the deck has only 7"):
        scorer.score_players([[I.CHICKEN] * 4, [I.CHICKEN] * 4])


def test_the_score_command_takes_the_config(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from wokphysics.cli import main

    path = tmp_path / "house.toml"
    path.write_text(SEVEN_CHICKENS)
    chickens = ",".join(["chicken"] * 7)
    assert main(["score", "wok-on-fire", "--player", chickens, "--config", str(path)]) == 0
    assert "14" in capsys.readouterr().out
    assert main(["score", "wok-on-fire", "--player", chickens]) == 2  # the shipped deck has 6


# ----------------------------------------------------------------------------- values


def test_point_values_come_from_the_config(tmp_path: Path) -> None:
    cfg = _config(
        tmp_path,
        """
[ingredients]
chicken = { points = 7 }
mushroom = { points = 1 }
[scoring]
rice_dish = 40
garlic_meat_factor = 2
mushroom_set_size = 2
mushroom_set = 9
onion_counts = [2, 5]
chili_green_pepper = 30
[rules]
pork_majority_bonus = 11
""",
    )
    scorer = Scorer(cfg.rules)
    assert scorer.best_points(_pile("chicken")) == 7
    assert scorer.best_points(_pile("rice,chicken,broccoli")) == 40
    assert scorer.best_points(_pile("garlic,shrimp")) == 8
    assert scorer.best_points(_pile("mushroom,mushroom,mushroom")) == 9 + 1
    assert [scorer.onion_points(n) for n in range(5)] == [0, 2, 5, 7, 10]
    assert scorer.best_points(_pile("chili pepper,green pepper")) == 30
    (alone,) = scorer.score_players([_pile("pork")])
    assert alone.pork_bonus == 11 and alone.total == 3 + 11


def test_categories_come_from_the_config(tmp_path: Path) -> None:
    shipped = Scorer(load_config().rules)
    cfg = _config(
        tmp_path,
        """
[ingredients]
broccoli = { category = "meat" }
chicken = { category = "condiment" }
""",
    )
    scorer = Scorer(cfg.rules)
    assert scorer.deck.categories[I.BROCCOLI] is Category.MEAT
    # Broccoli as a Meat pairs with Garlic (3 x 5) and fills a Rice dish's Meat place.
    assert scorer.best_points(_pile("garlic,broccoli")) == 15
    assert shipped.best_points(_pile("garlic,broccoli")) == 5
    assert scorer.best_points(_pile("rice,broccoli,onion")) == 15
    assert shipped.best_points(_pile("rice,broccoli,onion")) == 5 + 1
    # Chicken as a Condiment seasons a Noodle dish, and no longer pairs with Garlic.
    assert scorer.best_points(_pile("noodles,pork,onion,chicken")) == 25
    assert scorer.best_points(_pile("garlic,chicken")) == 2


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ('[ingredients]\ngarlic = { category = "meat" }\n', "ingredients.garlic.category"),
        ('[ingredients]\nrice = { category = "vegetable" }\n', "ingredients.rice.category"),
        ("[ingredients]\nonion = { points = 2 }\n", "ingredients.onion.points"),
        ("[scoring]\nonion_counts = []\n", "scoring.onion_counts"),
        ("[scoring]\nmushroom_set_size = 0\n", "scoring.mushroom_set_size"),
        ("[scoring]\nnoodle_dish = -1\n", "scoring.noodle_dish"),
    ],
)
def test_configs_the_rules_cannot_play_are_refused(tmp_path: Path, text: str, key: str) -> None:
    with pytest.raises(ConfigError) as caught:
        _config(tmp_path, text)
    assert caught.value.key == key and "house.toml" in str(caught.value)


# ----------------------------------------------------------------------------- exhaustive search


def brute_force(rules: WokOnFireRules, pile: Sequence[Ingredient]) -> int:
    """Best total over every decomposition of the pile's counts into combinations, written from
    the rules text and the config's values, independently of the optimiser. Onions are kept as
    the rule counts them (full counts, then the rest) or go into dishes."""
    item = {i: rules.ingredients[i.name.lower()] for i in Ingredient}
    points = {i: item[i].points for i in Ingredient}
    category = {i: item[i].category for i in Ingredient}
    scoring = rules.scoring
    meats = [i for i in Ingredient if category[i] == "meat"]
    vegetables = [i for i in Ingredient if category[i] == "vegetable"]
    condiments = [i for i in Ingredient if category[i] == "condiment"]
    shapes: list[tuple[Counter[Ingredient], int]] = []
    for card in Ingredient:
        if card is not I.ONION:
            shapes.append((Counter([card]), points[card]))
    for meat in meats:
        shapes.append((Counter([I.GARLIC, meat]), scoring.garlic_meat_factor * points[meat]))
        for veg in vegetables:
            shapes.append((Counter([I.RICE, meat, veg]), scoring.rice_dish))
            for cond in condiments:
                shapes.append((Counter([I.NOODLES, meat, veg, cond]), scoring.noodle_dish))
    shapes.append((Counter([I.CHILI_PEPPER, I.GREEN_PEPPER]), scoring.chili_green_pepper))
    shapes.append((Counter([I.MUSHROOM] * scoring.mushroom_set_size), scoring.mushroom_set))
    counts_table = (0, *scoring.onion_counts)
    longest = len(counts_table) - 1

    def onions_kept(n: int) -> int:
        return (n // longest) * counts_table[longest] + counts_table[n % longest]

    @cache
    def best(counts: tuple[int, ...]) -> int:
        first = next((k for k, n in enumerate(counts) if n and ORDER[k] is not I.ONION), None)
        if first is None:
            return onions_kept(counts[ORDER.index(I.ONION)])
        result = -1
        for shape, value in shapes:
            if shape[ORDER[first]] == 0:
                continue
            if all(counts[ORDER.index(t)] >= n for t, n in shape.items()):
                rest = list(counts)
                for t, n in shape.items():
                    rest[ORDER.index(t)] -= n
                result = max(result, value + best(tuple(rest)))
        return result

    bag = Counter(pile)
    return best(tuple(bag[t] for t in ORDER))


def _rules(draw: Any) -> WokOnFireRules:
    data = load_config().rules.model_dump()
    for name, entry in data["ingredients"].items():
        if name != "onion":
            entry["points"] = draw(st.integers(0, 8))
    for kind in FREE:
        data["ingredients"][kind.name.lower()]["category"] = draw(
            st.sampled_from(["meat", "vegetable", "condiment", "starch"])
        )
    data["scoring"] = {
        "garlic_meat_factor": draw(st.integers(0, 4)),
        "chili_green_pepper": draw(st.integers(0, 16)),
        "mushroom_set_size": draw(st.integers(1, 4)),
        "mushroom_set": draw(st.integers(0, 24)),
        "onion_counts": draw(st.lists(st.integers(0, 40), min_size=1, max_size=6)),
        "rice_dish": draw(st.integers(0, 30)),
        "noodle_dish": draw(st.integers(0, 40)),
    }
    return WokOnFireRules.model_validate(data)


@st.composite
def rules_and_pile(draw: Any) -> tuple[WokOnFireRules, list[Ingredient]]:
    rules = _rules(draw)
    deck = Deck.from_rules(rules).cards()
    pile = draw(st.lists(st.sampled_from(range(len(deck))), max_size=13, unique=True))
    return rules, [deck[i] for i in pile]


@settings(max_examples=150, deadline=None)
@given(rules_and_pile())
def test_the_optimum_equals_the_exhaustive_search_under_any_config(
    case: tuple[WokOnFireRules, list[Ingredient]],
) -> None:
    rules, pile = case
    scorer = Scorer(rules)
    arrangement = scorer.score_pile(pile)
    assert arrangement.points == scorer.best_points(pile) == brute_force(rules, pile)
    used: Counter[Ingredient] = Counter()
    for combination in arrangement.combinations:
        used.update(combination.ingredients)
    assert used == Counter(pile)


def test_the_exhaustive_search_agrees_on_the_shipped_config() -> None:
    rules = load_config().rules
    scorer = Scorer(rules)
    deck = scorer.deck.cards()
    rng = random.Random(8)
    for _ in range(150):
        pile = rng.sample(deck, rng.randint(0, 16))
        assert scorer.best_points(pile) == brute_force(rules, pile), pile
