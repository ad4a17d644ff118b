"""What every game study shares: its tasks, the per-seat record columns, the common charts.

A game study plays ``games`` games for each player count and config variant. Task ``i`` is
one game seeded ``task_seed(seed, i % games)``: every variant and player count plays the same
``games`` seeds, so a sweep compares its config values on the same deals and dice; the bots
are seeded ``bot_seed(game seed, seat)``.
Each task's record has, per seat ``k`` (1-based), ``seatk_bot``, ``seatk_score`` and
``seatk_win`` (1 if among the winners), plus ``winners`` (how many shared the win),
``actions`` and, where the game counts them, ``turns``; each game adds its own columns.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from wokphysics.batch.charts import VARIANT, Chart, ChartSet
from wokphysics.batch.columns import Columns, FloatArray
from wokphysics.batch.stats import Estimate, mean, rate
from wokphysics.batch.tasks import Study, Task, TaskFn
from wokphysics.batch.values import Record, Scalar
from wokphysics.studies.configs import Loader, load_text


@dataclass(frozen=True)
class Variant:
    """One config of a study: its label, the varied values, and its override document as
    TOML text (``None``: the shipped config); see :mod:`wokphysics.studies.configs`."""

    label: str
    values: Mapping[str, Scalar]
    text: str | None


@dataclass(frozen=True)
class GameContext:
    """What every task of a game study shares (sent once to each worker).

    Attributes:
        game: the registry name.
        load: the game's config loader (see :data:`wokphysics.studies.configs.Loader`).
        configs: each variant's override text (index = the task's ``variant``).
        bots: bot names, cycled over the seats.
        rotate: shift the bots one seat on from one game to the next (so every bot sits in
            every seat equally often).
        replays: a folder each game's record file is written into (Wok on Fire), or None.
        blocks: the study has several variants or player counts (so seeds repeat).
    """

    game: str
    load: Loader
    configs: tuple[str | None, ...]
    bots: tuple[str, ...]
    rotate: bool = False
    replays: str | None = None
    blocks: bool = False

    def seat_bots(self, task: Task, players: int) -> list[str]:
        shift = task.index % players if self.rotate else 0
        return [self.bots[(seat + shift) % len(self.bots)] for seat in range(players)]

    def config(self, task: Task) -> Any:
        """The task's config, in the form the game's engine takes (loaded once per process)."""
        return load_text(self.load, self.configs[int(task.params.get(VARIANT) or 0)])


def seat_columns(names: Sequence[str], scores: Sequence[int], winners: Sequence[int]) -> Record:
    """The per-seat columns of one finished game."""
    record: dict[str, Scalar] = {}
    for seat, name in enumerate(names):
        record[f"seat{seat + 1}_bot"] = name
        record[f"seat{seat + 1}_score"] = int(scores[seat])
        record[f"seat{seat + 1}_win"] = 1 if seat in winners else 0
    record["winners"] = len(winners)
    return record


@dataclass(frozen=True)
class GameStudyPlan:
    """A game study before it runs: everything :func:`game_study` needs."""

    game: str
    title: str
    seed: int
    games: int
    players: Sequence[int]
    bots: Sequence[str]
    variants: Sequence[Variant]
    task_fn: TaskFn
    load: Loader
    charts: Callable[[Columns], list[Chart]]
    rotate: bool = False
    definition: Mapping[str, Any] = field(default_factory=dict)
    replays: str | None = None


def game_study(plan: GameStudyPlan) -> Study:
    """The study: for each variant, for each player count, ``games`` games."""
    params: list[dict[str, Scalar]] = []
    sweep = len(plan.variants) > 1
    for number, variant in enumerate(plan.variants):
        for players in plan.players:
            row: dict[str, Scalar] = {"players": players}
            if sweep:
                row[VARIANT] = number
                row.update(variant.values)
            params.extend(dict(row) for _ in range(plan.games))
    context = GameContext(
        plan.game,
        plan.load,
        tuple(v.text for v in plan.variants),
        tuple(plan.bots),
        plan.rotate,
        plan.replays,
        len(params) > plan.games,
    )
    labels = [v.label for v in plan.variants] if sweep else []
    values = [dict(v.values) for v in plan.variants] if sweep else []

    def summarise(columns: Columns) -> dict[str, Any]:
        charts = ChartSet(plan.charts(columns), labels, values)
        return {
            "games": len(columns),
            "players": list(plan.players),
            "bots": list(plan.bots),
            "variants_varied": [dict(v.values) for v in plan.variants] if sweep else [],
            **charts.summarise(columns),
        }

    def plots(columns: Columns, summary: dict[str, Any]) -> list[Any]:
        return ChartSet(plan.charts(columns), labels, values).plots(columns, summary)

    return Study(
        name=plan.game,
        seed=plan.seed,
        params=params,
        task_fn=plan.task_fn,
        context=context,
        definition=dict(plan.definition),
        summarise=summarise,
        plots=plots,
        title=plan.title,
        seed_every=plan.games if len(params) > plan.games else 0,
    )


def play_turn_game(task: Task, context: GameContext) -> tuple[Any, list[str]]:
    """Play the task's turn-engine game with bots to the end: (final state, seat bots)."""
    from wokphysics.games.registry import make_bot, new_game
    from wokphysics.games.seeds import bot_seed
    from wokphysics.games.simulation import play_out

    players = int(task.params["players"] or 0)
    names = context.seat_bots(task, players)
    state = new_game(context.game, players, task.seed, context.config(task))
    bots = [
        make_bot(context.game, name, bot_seed(task.seed, seat)) for seat, name in enumerate(names)
    ]
    play_out(state, bots)
    return state, names


def turn_record(state: Any, names: Sequence[str]) -> dict[str, Scalar]:
    """The common columns of a finished turn-engine game."""
    record = dict(seat_columns(names, state.scores(), state.winners()))
    record["actions"] = len(state.history)
    return record


def results_table(columns: Columns) -> str:
    """The shared text table of the turn-based games (wins per seat and bot, scores,
    length), from the study's records."""
    from wokphysics.games.simulation import results_table as table

    return table([game_result(row) for row in columns.rows()])


def game_result(row: Mapping[str, Scalar]) -> Any:
    """A game's common columns as the shared :class:`~wokphysics.games.simulation.GameResult`
    (what the text tables read)."""
    from wokphysics.games.simulation import GameResult

    seats = range(1, int(row["players"] or 0) + 1)
    return GameResult(
        int(row["seed"] or 0),
        [str(row[f"seat{s}_bot"]) for s in seats],
        [int(row[f"seat{s}_score"] or 0) for s in seats],
        [s - 1 for s in seats if row[f"seat{s}_win"]],
        int(row["actions"] or 0),
    )


# --------------------------------------------------------------------------- reading records


def player_counts(columns: Columns) -> list[int]:
    return [int(p) for p in columns.distinct("players") if isinstance(p, int | float)]


def _label(counts: Sequence[int], players: int, text: str) -> str:
    return text if len(counts) == 1 else f"{players}p {text}"


def win_shares(columns: Columns, seat: int) -> FloatArray:
    """Each game's share of the win for ``seat`` (1-based): 1/k when k players shared it."""
    wins = columns.numbers(f"seat{seat}_win")
    winners = columns.numbers("winners")
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(winners > 0, wins / winners, 0.0)


def _fsum(values: FloatArray) -> float:
    return math.fsum(float(v) for v in values if not math.isnan(v))


def win_by_seat(columns: Columns) -> dict[str, Estimate]:
    """Win rate of each seat (shared wins split), per player count."""
    counts = player_counts(columns)
    players = columns.numbers("players")
    found: dict[str, Estimate] = {}
    for count in counts:
        games = players == count
        for seat in range(1, count + 1):
            share = win_shares(columns, seat)[games]
            found[_label(counts, count, f"seat {seat}")] = rate(_fsum(share), int(games.sum()))
    return found


def win_by_bot(columns: Columns) -> dict[str, Estimate]:
    """Win rate of each bot over the seats it played (shared wins split), per player count."""
    counts = player_counts(columns)
    players = columns.numbers("players")
    found: dict[str, Estimate] = {}
    for count in counts:
        games = players == count
        shares: dict[str, list[float]] = {}
        for seat in range(1, count + 1):
            names = columns.values(f"seat{seat}_bot")
            share = win_shares(columns, seat)
            for row in np.flatnonzero(games):
                shares.setdefault(str(names[row]), []).append(float(share[row]))
        for name in sorted(shares):
            found[_label(counts, count, name)] = rate(math.fsum(shares[name]), len(shares[name]))
    return found


def scores_by_players(columns: Columns) -> dict[str, FloatArray]:
    """Every seat's final score, per player count."""
    players = columns.numbers("players")
    found: dict[str, FloatArray] = {}
    for count in player_counts(columns):
        games = players == count
        found[f"{count} players"] = np.concatenate(
            [columns.numbers(f"seat{seat}_score")[games] for seat in range(1, count + 1)]
        )
    return found


def team_scores_by_players(columns: Columns) -> dict[str, FloatArray]:
    """The team's score, once per game, per player count: in a cooperative game every seat
    has the team's score, so counting each seat would count every game ``players`` times
    and narrow the mean's interval by sqrt(players) without any new information."""
    players = columns.numbers("players")
    scores = columns.numbers("seat1_score")
    return {f"{count} players": scores[players == count] for count in player_counts(columns)}


def length_column(columns: Columns) -> str:
    """``turns`` where the game counts them and they vary, else ``actions``: a 4-player Wok on
    Fire game always lasts 16 turns (the supply empties after 12), so its length is told by
    its actions (stirs, picks and chops)."""
    if "turns" in columns:
        turns = columns.numbers("turns")
        turns = turns[~np.isnan(turns)]
        if turns.size and turns.min() != turns.max():
            return "turns"
    return "actions"


def length_by_players(columns: Columns, column: str | None = None) -> dict[str, FloatArray]:
    """Each game's length in ``column`` (default :func:`length_column`) per player count."""
    players = columns.numbers("players")
    lengths = columns.numbers(column or length_column(columns))
    return {f"{count} players": lengths[players == count] for count in player_counts(columns)}


def _lengths_in(column: str) -> Callable[[Columns], dict[str, FloatArray]]:
    """:func:`length_by_players` in one column for every group of a study (a sweep's
    variants are measured alike)."""

    def lengths(columns: Columns) -> dict[str, FloatArray]:
        return length_by_players(columns, column)

    return lengths


def means(distributions: Callable[[Columns], dict[str, FloatArray]]) -> Callable[
    [Columns], dict[str, Estimate]
]:
    """Estimates (means with 95 % intervals) of each series of a distribution."""

    def estimates(columns: Columns) -> dict[str, Estimate]:
        return {name: mean(values) for name, values in distributions(columns).items()}

    return estimates


def common_charts(columns: Columns, score: str = "points", team: bool = False) -> list[Chart]:
    """Win rate by seat and by bot, score distributions by player count, game length.

    ``team``: a cooperative game (every seat wins or none), so win rate per seat is the
    team's: one rate per player count instead.
    """
    length = length_column(columns)
    charts = []
    if team:
        charts.append(
            Chart(
                "win_rate_by_players",
                "Team win rate by player count",
                "team win rate",
                _team_wins,
                percent=True,
                note="A cooperative game: every seat wins or none does.",
            )
        )
    else:
        charts.append(
            Chart(
                "win_rate_by_seat",
                "Win rate by seat",
                "win rate",
                win_by_seat,
                percent=True,
                note="Seat 1 plays first. A shared victory counts 1/k for each of its k "
                "winners, so the seats' rates add up to 100 %; with identical bots a fair "
                "game gives every seat 1/players.",
            )
        )
    charts.append(
        Chart(
            "win_rate_by_bot",
            "Win rate by bot" + (" (the team's)" if team else ", per seat played"),
            "team win rate" if team else "win rate per seat played",
            _team_wins_by_bot if team else win_by_bot,
            percent=True,
            note="The games the bot's team played." if team else
            "The bot's wins (a shared victory counts 1/k for each of its k winners) over the "
            "seats it played, as the text table's 'win % per seat': with identical bots a "
            "fair game gives every bot 1/players, however many seats it fills.",
        )
    )
    scores = team_scores_by_players if team else scores_by_players
    charts.append(
        Chart(
            "scores",
            "Score distribution by player count",
            score,
            means(scores),
            distribution=scores,
            note=("The team's score, once per game" if team else "Every seat's final score")
            + "; the interval is for the mean.",
        )
    )
    charts.append(
        Chart(
            "game_length",
            "Game length",
            length,
            means(_lengths_in(length)),
            distribution=_lengths_in(length),
            note=f"{length.capitalize()} per game; the interval is for the mean.",
        )
    )
    return charts


def _team_wins(columns: Columns) -> dict[str, Estimate]:
    players = columns.numbers("players")
    won = columns.numbers("seat1_win")
    counts = player_counts(columns)
    return {
        f"{count} players": rate(_fsum(won[players == count]), int((players == count).sum()))
        for count in counts
    }


def _team_wins_by_bot(columns: Columns) -> dict[str, Estimate]:
    won = columns.numbers("seat1_win")
    bots = columns.values("seat1_bot")
    found: dict[str, Estimate] = {}
    for name in sorted({str(b) for b in bots}):
        games = np.array([str(b) == name for b in bots])
        found[name] = rate(_fsum(won[games]), int(games.sum()))
    return found
