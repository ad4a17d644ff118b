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
import textwrap
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from wokphysics.batch.charts import VARIANT, Chart, ChartSet
from wokphysics.batch.columns import Columns, FloatArray
from wokphysics.batch.stats import Estimate, clustered_ratio, mean, rate
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
    fairness: bool = True
    """Test the seats (and differing bots) against equal chances: False for a cooperative
    game, whose seats win or lose together."""
    measures: Callable[[Columns], dict[str, Measure]] | None = None
    """The game's own per-game measures a comparison of configs pairs (besides the win
    shares, the score per player and the game's length)."""


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
            # one mapping shared by the block's games (read-only): a dict a game held 23 MB
            # of the driver's memory in a 100,000-game study
            params.extend([row] * plan.games)
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
        summary = {
            "games": len(columns),
            "players": list(plan.players),
            "bots": list(plan.bots),
            "variants_varied": [dict(v.values) for v in plan.variants] if sweep else [],
            **charts.summarise(columns),
        }
        if sweep:
            summary["versus_first"] = versus_first(columns, labels, plan.fairness,
                                                   plan.measures)
        if plan.fairness:
            if sweep:
                for variant, (_, group) in zip(summary["variants"], charts.groups(columns),
                                               strict=True):
                    variant["fairness"] = fairness_data(group)
            else:
                summary["fairness"] = fairness_data(columns)
        return summary

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

    return table(_GameResults(columns))


class _GameResults(Sequence[Any]):
    """The games' :func:`game_result` of each row, made as they are read from the few
    columns the table reads: the table of a 100,000-game study held a GameResult a game at
    once (about 50 MB), and each row's every column as a dict besides."""

    def __init__(self, columns: Columns) -> None:
        players = [int(p) for p in columns.distinct("players") if isinstance(p, int | float)]
        names = ["seed", "players", "actions"] + [
            f"seat{s}_{what}" for s in range(1, max(players, default=0) + 1)
            for what in ("bot", "score", "win")]
        self._names = names
        self._columns = columns
        self._rows = len(columns)

    def __len__(self) -> int:
        return self._rows

    def _row(self, index: int) -> Any:
        return game_result({name: self._columns.cell(name, index) for name in self._names})

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self._row(i) for i in range(*index.indices(self._rows))]
        if not -self._rows <= index < self._rows:
            raise IndexError(index)
        return self._row(index % self._rows)

    def __iter__(self) -> Iterator[Any]:
        return (self._row(index) for index in range(self._rows))


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
    """Win rate of each bot over the seats it played (shared wins split), per player count.

    A bot in one seat of each game: the Wilson interval over its games. A bot in several
    seats of a game: those seats are not independent trials (of 2 of 4 seats at most one
    wins), so the interval is clustered by game (:func:`~wokphysics.batch.stats.clustered_ratio`).
    """
    counts = player_counts(columns)
    found: dict[str, Estimate] = {}
    for count, per_bot in bot_shares(columns).items():
        for name, (wins, seats) in per_bot.items():
            played = [(w, s) for w, s in zip(wins, seats, strict=True) if s > 0]
            label = _label(counts, count, name)
            if all(s == 1 for _, s in played):
                found[label] = rate(math.fsum(w for w, _ in played), len(played))
            else:  # n: the seats played, as in the text table (the interval is by game)
                by_game = clustered_ratio([w for w, _ in played], [s for _, s in played])
                found[label] = Estimate(by_game.value, by_game.low, by_game.high,
                                        sum(s for _, s in played))
    return found


def bot_shares(columns: Columns) -> dict[int, dict[str, tuple[list[float], list[int]]]]:
    """Per player count, each bot's share of the win in every game (summed over its seats)
    and its seats in that game (0 where it did not play), bots in name order."""
    players = columns.numbers("players")
    found: dict[int, dict[str, tuple[list[float], list[int]]]] = {}
    for count in player_counts(columns):
        rows = np.flatnonzero(players == count)
        names = [columns.values(f"seat{seat}_bot") for seat in range(1, count + 1)]
        shares = [win_shares(columns, seat) for seat in range(1, count + 1)]
        bots = sorted({str(names[s][row]) for s in range(count) for row in rows})
        per_bot: dict[str, tuple[list[float], list[int]]] = {}
        for bot in bots:
            wins: list[float] = []
            seated: list[int] = []
            for row in rows:
                mine = [s for s in range(count) if str(names[s][row]) == bot]
                wins.append(_shared(math.fsum(float(shares[s][row]) for s in mine)))
                seated.append(len(mine))
            per_bot[bot] = (wins, seated)
        found[count] = per_bot
    return found


def win_by_seat_and_bot(columns: Columns) -> dict[str, Estimate]:
    """With the bots rotating through the seats: each bot's win rate in each seat, per
    player count (a seat's rate pooled over unequal bots mostly says where the strongest
    sat)."""
    counts = player_counts(columns)
    players = columns.numbers("players")
    found: dict[str, Estimate] = {}
    for count in counts:
        games = players == count
        for bot in sorted({str(v) for s in range(1, count + 1)
                           for v in np.array(columns.values(f"seat{s}_bot"),
                                             dtype=object)[games]}):
            for seat in range(1, count + 1):
                sat = games & np.array([str(v) == bot for v in columns.values(f"seat{seat}_bot")])
                if sat.any():
                    share = win_shares(columns, seat)[sat]
                    found[_label(counts, count, f"{bot}, seat {seat}")] = rate(
                        _fsum(share), int(sat.sum()))
    return found


def _bots_own_rates(columns: Columns) -> dict[str, float]:
    """The reference of :func:`win_by_seat_and_bot`: each bot's rate over all its seats."""
    overall = win_by_bot(columns)
    return {label: overall[label.rsplit(", seat ", 1)[0]].value
            for label in win_by_seat_and_bot(columns)}


def scores_by_bot(columns: Columns) -> dict[str, FloatArray]:
    """Every seat's final score, per bot (and player count)."""
    counts = player_counts(columns)
    players = columns.numbers("players")
    found: dict[str, FloatArray] = {}
    for count in counts:
        games = players == count
        per_bot: dict[str, list[float]] = {}
        for seat in range(1, count + 1):
            names = columns.values(f"seat{seat}_bot")
            scores = columns.numbers(f"seat{seat}_score")
            for row in np.flatnonzero(games):
                per_bot.setdefault(str(names[row]), []).append(float(scores[row]))
        for bot in sorted(per_bot):
            found[_label(counts, count, bot)] = np.array(per_bot[bot])
    return found


def score_means_by_bot(columns: Columns) -> dict[str, Estimate]:
    """The mean final score of each bot's seats, clustered by game."""
    counts = player_counts(columns)
    players = columns.numbers("players")
    found: dict[str, Estimate] = {}
    for count in counts:
        rows = np.flatnonzero(players == count)
        names = [columns.values(f"seat{s}_bot") for s in range(1, count + 1)]
        scores = [columns.numbers(f"seat{s}_score") for s in range(1, count + 1)]
        for bot in sorted({str(names[s][row]) for s in range(count) for row in rows}):
            totals = [math.fsum(float(scores[s][row]) for s in range(count)
                                if str(names[s][row]) == bot) for row in rows]
            seats = [sum(str(names[s][row]) == bot for s in range(count)) for row in rows]
            found[_label(counts, count, bot)] = clustered_ratio(totals, seats)
    return found


def rotating_seats(columns: Columns) -> bool:
    """The games seated more than one kind of bot, in changing seats (``--rotate-seats``)."""
    layouts = {tuple(str(row.get(f"seat{s}_bot")) for s in range(1, int(row["players"] or 0) + 1))
               for row in columns.rows()}
    return several_bots(columns) and len(layouts) > len(player_counts(columns))


def fair_shares(estimates: Callable[[Columns], dict[str, Estimate]]) -> Callable[
    [Columns], dict[str, float]
]:
    """Each series' fair share (1/players, from the label's player count) of a win-rate
    chart: the reference line drawn beside it."""

    def reference(columns: Columns) -> dict[str, float]:
        counts = player_counts(columns)
        found: dict[str, float] = {}
        for count in counts:
            for name in estimates(columns.where(_players_are(count))):
                found[_label(counts, count, name)] = 1.0 / count
        return found

    return reference


def _players_are(count: int) -> Callable[[dict[str, Scalar]], bool]:
    def keep(row: dict[str, Scalar]) -> bool:
        return row.get("players") == count

    return keep


def several_bots(columns: Columns) -> bool:
    """The games seated more than one kind of bot (with one kind, every bot's win rate is
    1/players by construction: nothing to chart)."""
    names: set[str] = set()
    for count in player_counts(columns):
        for seat in range(1, count + 1):
            names.update(str(v) for v in columns.values(f"seat{seat}_bot") if v is not None)
    return len(names) > 1


def fairness_tests(columns: Columns) -> dict[int, list[Any]]:
    """Per player count, the seats' test against equal chances and, where the seats held
    more than one kind of bot, the bots' (see :mod:`wokphysics.batch.fairness`)."""
    from wokphysics.batch.fairness import fairness

    players = columns.numbers("players")
    found: dict[int, list[Any]] = {}
    bots = bot_shares(columns)
    for count in player_counts(columns):
        games = players == count
        seats = [
            (f"seat {seat}", [_shared(v) for v in win_shares(columns, seat)[games].tolist()],
             [1] * int(games.sum()))
            for seat in range(1, count + 1)
        ]
        tests = [fairness("seat", seats, count)]
        if len(bots[count]) > 1:
            tests.append(fairness("bot", [(bot, wins, seated) for bot, (wins, seated)
                                          in bots[count].items()], count))
        found[count] = tests
    return found


_FLOATS: dict[str, float] = {}


def _shared(value: float) -> float:
    """``value``, as one float object for every equal value: a game's share of the win is
    one of a few values (0, 1, 1/2...), and 100,000 games' shares each as its own object held
    3 MB a seat in the driver (the same values, so the same tests)."""
    if len(_FLOATS) > 10_000:  # not few after all: stop sharing rather than grow
        return value
    return _FLOATS.setdefault(value.hex(), value)


def fixed_seats(columns: Columns) -> bool:
    """Every game seated the same bots in the same seats, and not all of one kind: a seat's
    rate is then also its bot's (``--rotate-seats`` separates them)."""
    players = player_counts(columns)
    if len(columns) == 0:
        return False
    layouts = set()
    for row in columns.rows():
        count = int(row["players"] or 0)
        layouts.add(tuple(str(row.get(f"seat{s}_bot")) for s in range(1, count + 1)))
    return all(len(set(layout)) > 1 for layout in layouts) and len(layouts) == len(players)


def fairness_data(columns: Columns) -> dict[str, Any]:
    """:func:`fairness_tests` as ``summary.json`` holds them: per player count, ``seats``
    (and ``bots``)."""
    data: dict[str, Any] = {}
    for count, tests in fairness_tests(columns).items():
        entry = {f"{test.subject}s": test.to_data() for test in tests}
        if fixed_seats(columns):
            entry["note"] = FIXED_SEATS_NOTE
        data[f"{count} players"] = entry
    return data


FIXED_SEATS_NOTE = (
    "the bots sat in the same seats in every game, so a seat's rate is also its bot's "
    "(--rotate-seats moves each bot through every seat and separates them)"
)


def fairness_text(columns: Columns) -> str:
    """The fairness tests as ``simulate`` prints them under its table (one player count)."""
    from wokphysics.batch.fairness import table_lines

    lines: list[str] = []
    for tests in fairness_tests(columns).values():
        for test in tests:
            lines.extend(table_lines(test))
    if fixed_seats(columns):
        lines.extend(textwrap.wrap(f"Note: {FIXED_SEATS_NOTE}.", 78, initial_indent="  ",
                                   subsequent_indent="  "))
    return "\n".join(lines)


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


def seat_means(suffix: str) -> Callable[[Columns], dict[str, Estimate]]:
    """The mean of every seat's ``seatk_<suffix>`` per player count, its interval clustered
    by game: a game's seats share its deal, so 800 seat scores of 200 games are not 800
    independent observations (:func:`~wokphysics.batch.stats.clustered_ratio`)."""

    def estimates(columns: Columns) -> dict[str, Estimate]:
        players = columns.numbers("players")
        found = {}
        for count in player_counts(columns):
            games = players == count
            seats = np.vstack([columns.numbers(f"seat{s}_{suffix}")[games]
                               for s in range(1, count + 1)])
            totals = seats.sum(axis=0)
            found[f"{count} players"] = clustered_ratio(totals, np.full(totals.size, count))
        return found

    return estimates


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


@dataclass(frozen=True)
class Measure:
    """One number per game that a comparison of configs pairs: its values (in the order of
    the records), its unit, and the scale it is shown at (100: a share shown in percent)."""

    values: FloatArray
    unit: str
    scale: float = 1.0


def game_measures(columns: Columns, cooperative: bool,
                  extra: Callable[[Columns], dict[str, Measure]] | None = None
                  ) -> dict[str, Measure]:
    """The per-game measures of a group of one player count: each seat's share of the win
    (the team's win in a cooperative game), the final score per player (the team's), the
    game's length, then the game's own."""
    found: dict[str, Measure] = {}
    count = max(player_counts(columns), default=0)
    if cooperative:
        found["team wins"] = Measure(columns.numbers("seat1_win"), "points", 100.0)
        found["team score"] = Measure(columns.numbers("seat1_score"), "")
    else:
        for seat in range(1, count + 1):
            found[f"seat {seat} wins"] = Measure(win_shares(columns, seat), "points", 100.0)
        scores = np.vstack([columns.numbers(f"seat{s}_score") for s in range(1, count + 1)])
        found["score per player"] = Measure(scores.mean(axis=0), "")
    length = length_column(columns)
    found[f"game length ({length})"] = Measure(columns.numbers(length), "")
    if extra is not None:
        found.update(extra(columns))
    return found


def versus_first(columns: Columns, labels: Sequence[str], fair: bool,
                 extra: Callable[[Columns], dict[str, Measure]] | None = None
                 ) -> list[dict[str, Any]]:
    """Every variant after the first against the first, game by game on the same seeds, per
    player count: each measure's paired difference (:mod:`wokphysics.batch.paired`)."""
    from wokphysics.batch.paired import paired

    by_variant = columns.group_by(VARIANT)
    first = by_variant.get(0, Columns())
    compared = []
    for number, label in enumerate(labels[1:], start=1):
        other = by_variant.get(number, Columns())
        per_players: dict[str, Any] = {}
        for count in player_counts(other):
            a = first.where(_players_are(count))
            b = other.where(_players_are(count))
            seeds_a = {int(s or 0): i for i, s in enumerate(a.values("seed"))}
            order = [(seeds_a[int(s or 0)], j) for j, s in enumerate(b.values("seed"))
                     if int(s or 0) in seeds_a]
            if not order:
                continue
            measures_a = game_measures(a, not fair, extra)
            measures_b = game_measures(b, not fair, extra)
            results = {}
            for name, measure in measures_b.items():
                if name not in measures_a:
                    continue
                pair = paired([float(measures_a[name].values[i]) for i, _ in order],
                              [float(measure.values[j]) for _, j in order])
                results[name] = {**pair.to_data(), "unit": measure.unit,
                                 "scale": measure.scale}
            per_players[f"{count} players"] = results
        compared.append({"label": label, "against": labels[0], "players": per_players})
    return compared


def versus_first_text(summary: Mapping[str, Any]) -> str:
    """The comparisons of :func:`versus_first` as ``sweep`` and ``compare`` print them."""
    lines: list[str] = []
    for comparison in summary.get("versus_first", []):
        for players, measures in comparison["players"].items():
            lines.append(f"== {comparison['label']} against {comparison['against']}, "
                         f"{players}, the same seeds ==")
            lines.append(f"{'':<30} {'A':>8} {'B':>8} {'B - A [95 %]':>24} {'p':>7} "
                         f"{'detectable':>10} {'games to see it':>15}")
            for name, found in measures.items():
                lines.append(_compared_row(name, found))
            lines.append("detectable: the smallest difference these games would find 4 times in "
                         "5; games to see it:\n  the games that would find the difference "
                         "measured here 4 times in 5 (both at p < 0.05)")
    return "\n".join(lines)


def _compared_row(name: str, found: Mapping[str, Any]) -> str:
    scale = float(found.get("scale", 1.0))
    difference = found["difference"]

    def shown(value: Any) -> str:
        return "-" if value is None else f"{value * scale:.3g}"

    value = difference["value"]
    centre = "-" if value is None else f"{value * scale:+.3g}"
    interval = f"{centre} [{shown(difference['low'])}, {shown(difference['high'])}]"
    p = found.get("p")
    p_text = "-" if p is None else ("<0.001" if p < 0.001 else f"{p:.3f}")
    needed = found.get("games_needed")
    unit = " (%)" if scale == 100.0 else ""
    return (f"{(name + unit)[:30]:<30} {shown(found['a']):>8} {shown(found['b']):>8} "
            f"{interval:>24} {p_text:>7} {shown(found.get('detectable')):>10} "
            f"{'-' if needed is None else needed:>15}")


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
    elif rotating_seats(columns):
        charts.append(
            Chart(
                "win_rate_by_seat",
                "Win rate by seat, for each bot",
                "win rate",
                win_by_seat_and_bot,
                percent=True,
                note="The bots moved through the seats (--rotate-seats): each bot's win rate "
                "in each seat, the dashed line its rate over all its seats; a seat that "
                "favours its player lifts every bot's bar there. (The seats' fairness test, "
                "below, pools the bots: each sat in each seat equally often.)",
                reference=_bots_own_rates,
            )
        )
    else:
        charts.append(
            Chart(
                "win_rate_by_seat",
                "Win rate by seat against a fair share",
                "win rate",
                win_by_seat,
                percent=True,
                note="Seat 1 plays first. A shared victory counts 1/k for each of its k "
                "winners, so the seats' rates add up to 100 %; the dashed line is a fair "
                "share, 1/players (the fairness test is in the table below and in "
                "summary.json).",
                reference=fair_shares(win_by_seat),
            )
        )
    if several_bots(columns) and not team:
        charts.append(
            Chart(
                "win_rate_by_bot",
                "Win rate by bot, per seat played",
                "win rate per seat played",
                win_by_bot,
                percent=True,
                note="The bot's wins (a shared victory counts 1/k for each of its k winners) "
                "over the seats it played, as the text table's 'win % per seat'; the dashed "
                "line is an equal bot's share, 1/players. A bot in several seats of a game "
                "has its interval clustered by game.",
                reference=fair_shares(win_by_bot),
            )
        )
    elif several_bots(columns):
        charts.append(
            Chart(
                "win_rate_by_bot",
                "Team win rate by bot",
                "team win rate",
                _team_wins_by_bot,
                percent=True,
                note="The games each bot's team played.",
            )
        )
    if team:
        charts.append(Chart(
            "scores", "The team's final score, by player count", score,
            means(team_scores_by_players), distribution=team_scores_by_players,
            note="The team's score, once per game; the interval is for the mean."))
    elif several_bots(columns):
        charts.append(Chart(
            "scores", "Final score per player, by bot", score, score_means_by_bot,
            distribution=scores_by_bot,
            note="Every seat's final score, each bot's seats apart; the interval is for the "
            "mean, clustered by game (a game's seats share its deal)."))
    else:
        charts.append(Chart(
            "scores", "Final score per player, by player count", score, seat_means("score"),
            distribution=scores_by_players,
            note="Every seat's final score; the interval is for the mean, clustered by game "
            "(a game's seats share its deal)."))
    charts.append(
        Chart(
            "game_length",
            "Game length, by player count",
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
