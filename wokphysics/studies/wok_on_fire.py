"""Wok on Fire studies: one task is one bot game on the physics table.

Besides the common columns (see :mod:`wokphysics.studies.games`) a game's record has, per
ingredient, the cards collected (``cards_<ingredient>``) and the points they won
(``points_<ingredient>``: each combination's points split evenly over its cards, the Pork
bonus to Pork, the Broccoli penalty to Broccoli); the stirs by how many cards each flipped
(``stirs_flipping_0``, ``_1``, ``_2``, ``_3plus``); the cards that left the wok during stirs
and chops; turns, stirs and the simulated table time.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from wokphysics.batch.charts import Chart
from wokphysics.batch.columns import Columns
from wokphysics.batch.stats import Estimate, clustered_ratio, mean
from wokphysics.batch.tasks import Task
from wokphysics.batch.values import Record, Scalar
from wokphysics.games.wok_on_fire.plugin import PLUGIN
from wokphysics.studies.games import (
    GameContext,
    Measure,
    common_charts,
    game_result,
    player_counts,
    seat_columns,
)
from wokphysics.studies.kind import LadderSpec, StudyKind

GAME = PLUGIN.name
FLIP_BINS = ("0", "1", "2", "3plus")


def ingredient_key(name: str) -> str:
    """``"Green Pepper"`` -> ``"green_pepper"`` (a column-name part)."""
    return name.lower().replace(" ", "_")


def play_game(task: Task, context: GameContext) -> Record:
    """Play one bot game of the task's seed to the end; its record (see the module doc)."""
    from wokphysics.games.wok_on_fire.engine import ChopEvent, StirEvent
    from wokphysics.games.wok_on_fire.ingredients import Ingredient
    from wokphysics.games.wok_on_fire.simulate import play_one

    players = int(task.params["players"] or 0)
    names = context.seat_bots(task, players)
    path = None
    if context.replays is not None:
        # a sweep replays each seed under every variant: the task number tells them apart
        name = f"{GAME}-task{task.index}-{task.seed}" if context.blocks else f"{GAME}-{task.seed}"
        path = Path(context.replays) / f"{name}.json"
    game = play_one(context.config(task), players, task.seed, names, path)
    scores = game.scores()
    record: dict[str, Scalar] = dict(
        seat_columns(names, [s.total for s in scores], game.winners())
    )
    stats = game.stats
    record["actions"] = sum(len(turn["inputs"]) for turn in game.turn_records)
    record["turns"] = stats.turns
    record["stirs"] = stats.stirs
    record["stirs_that_flipped"] = stats.stirs_that_flipped
    record["simulated_s"] = round(stats.simulated_s, 6)
    points = dict.fromkeys(Ingredient, 0.0)
    cards = dict.fromkeys(Ingredient, 0)
    for player, score in enumerate(scores):
        for ingredient in game.pile_ingredients(player):
            cards[ingredient] += 1
        for combination in score.arrangement.combinations:
            share = combination.points / len(combination.ingredients)
            for ingredient in combination.ingredients:
                points[ingredient] += share
        points[Ingredient.PORK] += score.pork_bonus
        points[Ingredient.BROCCOLI] += score.broccoli_penalty
    for ingredient in Ingredient:
        key = ingredient_key(ingredient.value)
        record[f"cards_{key}"] = cards[ingredient]
        record[f"points_{key}"] = round(points[ingredient], 9)
    flips = dict.fromkeys(FLIP_BINS, 0)
    left_stirs = left_chops = 0
    for event in game.events:
        if isinstance(event, StirEvent):
            flipped = len(event.report.flipped)
            flips[FLIP_BINS[min(flipped, 3)]] += 1
            left_stirs += len(event.report.left_wok)
        elif isinstance(event, ChopEvent):
            left_chops += len(event.report.left_wok)
    for key, count in flips.items():
        record[f"stirs_flipping_{key}"] = count
    record["left_wok_stirs"] = left_stirs
    record["left_wok_chops"] = left_chops
    return record


def _ingredients(columns: Columns) -> list[str]:
    return [name.removeprefix("points_") for name in columns.names if name.startswith("points_")]


def _points_by_ingredient(columns: Columns) -> dict[str, Estimate]:
    players = columns.numbers("players")
    return {
        key.replace("_", " "): mean(columns.numbers(f"points_{key}") / players)
        for key in _ingredients(columns)
    }


def _flips_per_stir(columns: Columns) -> dict[str, Estimate]:
    """The share of stirs that flipped no card, 1, 2, 3 or more, over every stir of the
    study, its interval clustered by game (a game's stirs share its table: 7,718 stirs of
    200 games are not 7,718 independent trials)."""
    stirs = columns.numbers("stirs")
    labels = {"0": "no card", "1": "1 card", "2": "2 cards", "3plus": "3 or more"}
    return {labels[key]: clustered_ratio(columns.numbers(f"stirs_flipping_{key}"), stirs)
            for key in FLIP_BINS}


def _left_wok_means(columns: Columns) -> dict[str, Estimate]:
    """Cards leaving the wok per game during stirs and during chops: the mean count, with
    Garwood's Poisson bound when no card left in any game (no spread to measure)."""
    games = np.ones(len(columns))
    return {
        "during stirs": clustered_ratio(columns.numbers("left_wok_stirs"), games),
        "during chops": clustered_ratio(columns.numbers("left_wok_chops"), games),
    }


def _left_wok_per_stir(columns: Columns) -> dict[str, Estimate]:
    """Cards leaving the wok per stir: all of them over all stirs, clustered by game."""
    return {"during stirs": clustered_ratio(columns.numbers("left_wok_stirs"),
                                            columns.numbers("stirs"))}


def charts(columns: Columns) -> list[Chart]:
    """The common charts, then points by ingredient, flips per stir, cards leaving the wok."""
    counts = player_counts(columns)
    return [
        *common_charts(columns),
        Chart(
            "points_by_ingredient",
            "Points won by ingredient, per player per game",
            "points per player per game",
            _points_by_ingredient,
            note="Each combination's points are split evenly over its cards; the Pork "
            "majority bonus counts for Pork and the Broccoli penalty against Broccoli."
            + (" All player counts together." if len(counts) > 1 else ""),
        ),
        Chart(
            "flips_per_stir",
            "Cards flipped per stir",
            "share of stirs",
            _flips_per_stir,
            percent=True,
            note="Every stir of every bot in the study; a stir that flips no card is a miss. "
            "Intervals clustered by game.",
        ),
        Chart(
            "cards_leaving_the_wok",
            "Cards leaving the wok per game",
            "cards per game",
            _left_wok_means,
            note="Cards whose centre crossed the wok's edge (or fell off the table) during "
            "the bots' stirs and chops, mean per game; where none left in any game, the "
            "interval's top is the Poisson bound of a count of 0 (3.69 / games).",
        ),
        Chart(
            "cards_leaving_per_stir",
            "Cards leaving the wok per stir",
            "cards per stir",
            _left_wok_per_stir,
            note="All cards leaving the wok during stirs over all stirs, clustered by game; "
            "where none left, the top is the Poisson bound 3.69 / stirs.",
        ),
    ]


def measures(columns: Columns) -> dict[str, Measure]:
    """Wok on Fire's own per-game measures for a comparison of configs: the share of its
    stirs that flipped a card, and the cards that left the wok."""
    stirs = columns.numbers("stirs")
    with np.errstate(invalid="ignore", divide="ignore"):
        flipped = np.where(stirs > 0, columns.numbers("stirs_that_flipped") / stirs, np.nan)
    left = columns.numbers("left_wok_stirs") + columns.numbers("left_wok_chops")
    return {
        "stirs that flipped a card": Measure(flipped, "points", 100.0),
        "cards leaving the wok": Measure(left, "cards"),
    }


def load_config(path: str | None) -> Any:
    """The validated config (the shipped one with ``path`` layered on)."""
    from wokphysics.config.wok_on_fire import load_config as load

    return load(path)


def check_bots(names: list[str], config: Any) -> None:
    """A UserError naming the bots there are (the strengths and the planning bot), for an
    unknown bot name."""
    from wokphysics.games.bots import refuse_unknown_bots
    from wokphysics.games.wok_on_fire.bots import bot_names

    refuse_unknown_bots(names, bot_names(config), GAME)


def play_pair(task: Task, context: Any) -> Record:
    """One deal of a ladder's match (:mod:`wokphysics.studies.ladder`), played twice on the
    physics table: bot ``a`` in the first seat, then in the second; the turn games' record."""
    from wokphysics.games.wok_on_fire.simulate import play_one
    from wokphysics.studies.configs import load_text

    a, b = str(task.params["a"]), str(task.params["b"])
    config = load_text(context.load, context.configs.get("", None))
    record: dict[str, Scalar] = {}
    total = 0.0
    for game_number, names in enumerate(([a, b], [b, a]), start=1):
        game = play_one(config, 2, task.seed, names)
        winners = game.winners()
        seat = names.index(a)
        share = 1.0 / len(winners) if seat in winners else 0.0
        scores = game.scores()
        record[f"a_win_{game_number}"] = share
        record[f"a_score_{game_number}"] = int(scores[seat].total)
        record[f"b_score_{game_number}"] = int(scores[1 - seat].total)
        record[f"actions_{game_number}"] = sum(len(turn["inputs"]) for turn in game.turn_records)
        total += share
    record["a_wins"] = total
    return record


def table(columns: Columns) -> str:
    """The text table ``simulate`` has always printed, from the study's records."""
    from wokphysics.games.wok_on_fire.simulate import WofGameResult, wof_results_table

    results = []
    for row in columns.rows():
        results.append(
            WofGameResult(
                game_result(row),
                int(row["turns"] or 0),
                int(row["stirs"] or 0),
                int(row["stirs_that_flipped"] or 0),
                float(row["simulated_s"] or 0.0),
            )
        )
    return wof_results_table(results)


def _titled_table(columns: Columns, definition: Mapping[str, Any]) -> str:
    seeds = [int(s or 0) for s in columns.values("seed")]
    return f"Wok on Fire, seeds {min(seeds)}..{max(seeds)}\n" + table(columns)


KIND = StudyKind(
    game=PLUGIN,
    task_fn=play_game,
    load=load_config,
    files=("physics.toml", "wok_on_fire.toml"),
    charts=charts,
    table=_titled_table,
    check_bots=check_bots,
    measures=measures,
    ladder=LadderSpec(bots=tuple(level.bot for level in PLUGIN.levels), anchor="strong",
                      pair_task=play_pair),
)
