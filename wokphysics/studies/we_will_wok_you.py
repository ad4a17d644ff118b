"""We Will Wok You studies: one task is one bot game on the turn engine.

Besides the common columns a game's record has ``turns`` (a wok card and its payment are one
turn), per seat the wok cards taken (``seatk_woks``) and the points the red ones scored
(``seatk_wok_points``), and per wok card ``Wnn`` whether it was taken (``taken_Wnn``) and
what it scored (``points_Wnn``, red cards only: a blue Man-at-wok scores through the red
card it serves).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from wokphysics.batch.charts import Chart
from wokphysics.batch.columns import Columns, FloatArray
from wokphysics.batch.stats import Estimate, mean
from wokphysics.batch.tasks import Task
from wokphysics.batch.values import Record
from wokphysics.games.we_will_wok_you.plugin import PLUGIN
from wokphysics.studies.games import (
    GameContext,
    common_charts,
    play_turn_game,
    player_counts,
    seat_means,
    turn_record,
)
from wokphysics.studies.kind import LadderSpec, StudyKind, turn_bots

GAME = PLUGIN.name


def play_game(task: Task, context: GameContext) -> Record:
    """Play one game of the task's seed; its record (see the module doc)."""
    state, names = play_turn_game(task, context)
    record = turn_record(state, names)
    record["turns"] = state.turns_taken
    taken = {wok.id: 0 for wok in state.data.woks}
    points = dict.fromkeys(taken, 0)
    for seat, result in enumerate(state.final_scores()):
        for wok in state.woks[seat]:
            taken[state.data.woks[wok].id] += 1
        record[f"seat{seat + 1}_woks"] = len(state.woks[seat])
        record[f"seat{seat + 1}_wok_points"] = sum(w.points for w in result.woks)
        for scored in result.woks:
            points[scored.wok] += scored.points
    for wok in state.data.woks:
        record[f"taken_{wok.id}"] = taken[wok.id]
        if not wok.is_man:  # a Man-at-wok scores through the red card it serves: 0 here
            record[f"points_{wok.id}"] = points[wok.id]
    return record


def _per_seat(columns: Columns, suffix: str) -> dict[str, FloatArray]:
    players = columns.numbers("players")
    found = {}
    for count in player_counts(columns):
        games = players == count
        found[f"{count} players"] = np.concatenate(
            [columns.numbers(f"seat{s}_{suffix}")[games] for s in range(1, count + 1)]
        )
    return found


def _woks_taken(columns: Columns) -> dict[str, FloatArray]:
    return _per_seat(columns, "woks")


def _points_by_wok(columns: Columns) -> dict[str, Estimate]:
    found = {}
    for name in columns.names:
        if name.startswith("taken_"):
            wok = name.removeprefix("taken_")
            if f"points_{wok}" not in columns:  # a blue card: no points of its own
                continue
            taken = columns.numbers(name)
            scored = columns.numbers(f"points_{wok}")
            with np.errstate(invalid="ignore", divide="ignore"):
                each = np.where(taken > 0, scored / taken, np.nan)
            found[wok] = mean(each)
    return found


def _taken_share(columns: Columns) -> dict[str, Estimate]:
    from wokphysics.batch.stats import rate

    found = {}
    for name in columns.names:
        if name.startswith("taken_"):
            taken = columns.numbers(name)
            found[name.removeprefix("taken_")] = rate(
                math.fsum(float(t > 0) for t in taken), len(taken)
            )
    return found


def charts(columns: Columns) -> list[Chart]:
    return [
        *common_charts(columns),
        Chart(
            "wok_cards_taken",
            "Wok cards taken per player",
            "wok cards per player",
            seat_means("woks"),
            distribution=_woks_taken,
            note="Every wok card a player took (red and blue) by the end of the game; the "
            "interval is for the mean, clustered by game. (The points of the red ones are "
            "the whole final score: the score chart above.)",
        ),
        Chart(
            "points_by_wok_card",
            "Points each wok card scored when taken",
            "points",
            _points_by_wok,
            note="Mean over the games in which the card was taken. Red cards only: a blue "
            "card (a Man-at-wok) scores through the red card it serves.",
        ),
        Chart(
            "wok_cards_taken_share",
            "How often each wok card is taken",
            "share of games",
            _taken_share,
            percent=True,
            note="Share of games in which some player took the card.",
        ),
    ]


def load_config(path: str | None) -> Any:
    """The override path itself, once the cards load from it: the game's factory takes a
    path (and caches the cards read from it)."""
    from wokphysics.games.we_will_wok_you.cards import load_cards

    load_cards(path)
    return path


def table(columns: Columns) -> str:
    import statistics

    from wokphysics.studies.games import results_table

    turns = [int(t or 0) for t in columns.values("turns")]
    return (
        results_table(columns)
        + "\ngame length in turns (a wok card and its payment are one turn): mean "
        f"{statistics.mean(turns):.1f}, min {min(turns)}, max {max(turns)}"
    )


KIND = StudyKind(
    game=PLUGIN,
    task_fn=play_game,
    load=load_config,
    files=("we_will_wok_you.toml",),
    charts=charts,
    table=lambda columns, definition: table(columns),
    check_bots=turn_bots(PLUGIN),
    ladder=LadderSpec(bots=tuple(level.bot for level in PLUGIN.levels), anchor="greedy"),
)
