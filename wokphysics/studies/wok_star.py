"""Wok Star studies: one task is one cooperative game of team bots on the simulated clock.

Every seat has the team's score (round 6's income, 0 after a Bad Publicity loss; a team
that could not pay the loan keeps its income) and wins or loses with
the team. A game's record adds ``outcome`` (``won``, ``bad publicity`` or ``loan unpaid``),
``end_round`` (the round the game ended in), ``income`` and ``bad_publicity`` (cards).
``simulate wok-star --difficulty all`` plays each difficulty as a variant of the study.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping
from typing import Any

from wokphysics.batch.charts import Chart
from wokphysics.batch.columns import Columns
from wokphysics.batch.stats import Estimate, rate
from wokphysics.batch.tasks import Task
from wokphysics.batch.values import Record
from wokphysics.errors import UserError
from wokphysics.games.wok_star.plugin import PLUGIN
from wokphysics.studies.games import (
    GameContext,
    common_charts,
    play_turn_game,
    player_counts,
    turn_record,
)
from wokphysics.studies.kind import LadderSpec, StudyKind, Varied, turn_bots

GAME = PLUGIN.name
DIFFICULTIES = ("easy", "normal", "hard")
ROUNDS = 6


def play_game(task: Task, context: GameContext) -> Record:
    """Play one game of the task's seed; its record (see the module doc)."""
    state, names = play_turn_game(task, context)
    record = turn_record(state, names)
    won = state.won()
    record["outcome"] = "won" if won else ("bad publicity" if state.lost else "loan unpaid")
    record["end_round"] = state.round
    record["income"] = 0 if state.lost else state.final_income
    record["bad_publicity"] = len(state.bad)
    record["difficulty"] = state.config.rules.difficulty
    return record


def _endings(columns: Columns) -> dict[str, Estimate]:
    outcomes = columns.values("outcome")
    rounds = columns.values("end_round")
    games = len(outcomes)
    found = {}
    for number in range(1, ROUNDS + 1):
        lost = sum(1 for o, r in zip(outcomes, rounds, strict=True)
                   if o == "bad publicity" and r == number)
        found[f"bad publicity, round {number}"] = rate(lost, games)
    found["loan unpaid (round 6)"] = rate(sum(o == "loan unpaid" for o in outcomes), games)
    found["won"] = rate(sum(o == "won" for o in outcomes), games)
    return found


def _endings_of(players: int) -> Callable[[Columns], dict[str, Estimate]]:
    def endings(columns: Columns) -> dict[str, Estimate]:
        return _endings(columns.where(lambda row: row["players"] == players))

    return endings


def _setting(row: Mapping[str, Any]) -> tuple[int, int, str]:
    level = str(row["difficulty"])
    return (int(row["players"] or 0), DIFFICULTIES.index(level) if level in DIFFICULTIES
            else len(DIFFICULTIES), level)


def _team_win_rate(columns: Columns) -> dict[str, Estimate]:
    """The team's win rate in each setting the records hold: player count (and difficulty,
    where they hold several: a sweep's variants each hold one, drawn against each other)."""
    settings: dict[tuple[int, int, str], list[bool]] = {}
    for row in columns.rows():
        settings.setdefault(_setting(row), []).append(row["outcome"] == "won")
    levels = {level for _, _, level in settings}
    return {f"{players} players" + (f", {level}" if len(levels) > 1 else ""):
            rate(sum(won), len(won)) for (players, _, level), won in sorted(settings.items())}


def charts(columns: Columns) -> list[Chart]:
    counts = player_counts(columns)
    found = [
        Chart(
            "team_win_rate",
            "Team win rate, by player count (and difficulty)",
            "team win rate",
            _team_win_rate,
            percent=True,
            note="A cooperative game: every seat wins or none does. The difficulty sets the "
            "loan the sixth round's income must pay.",
        ),
        *(chart for chart in common_charts(
            columns, score="round 6 income ($; 0 when Bad Publicity ended the game)", team=True)
          if chart.name != "win_rate_by_players"),
    ]
    for players in counts:
        suffix = f"_{players}p" if len(counts) > 1 else ""
        found.append(Chart(
            f"how_games_end{suffix}",
            f"How {players}-player games end: the round of failure",
            "share of games",
            _endings_of(players),
            percent=True,
            note="A team loses in the round its Bad Publicity reaches the limit, or at the "
            "end when round 6's income does not pay the loan; the rest are wins.",
        ))
    return found


def load_config(path: str | None) -> Any:
    from wokphysics.games.wok_star.cards import default_config
    from wokphysics.games.wok_star.cards import load_config as load

    return load(path) if path is not None else default_config()


def table(columns: Columns, seed: int) -> str:
    """The team table ``simulate wok-star`` has always printed, one row per setting."""
    from wokphysics.games.wok_star.simulate import HEADER, TeamResult, summary_row

    lines = [HEADER]
    settings: dict[tuple[int, str], list[TeamResult]] = {}
    for row in columns.rows():
        key = (int(row["players"] or 0), str(row["difficulty"]))
        settings.setdefault(key, []).append(
            TeamResult(
                seed=int(row["seed"] or 0),
                won=row["outcome"] == "won",
                income=int(row["income"] or 0),
                bad_publicity=int(row["bad_publicity"] or 0),
                lost_by_publicity=row["outcome"] == "bad publicity",
                actions=int(row["actions"] or 0),
            )
        )
    order = {"easy": 0, "normal": 1, "hard": 2}
    for players, level in sorted(settings, key=lambda k: (k[0], order.get(k[1], 9), k[1])):
        lines.append(summary_row(f"{players}p {level}", settings[(players, level)]))
    seeds = [int(s or 0) for s in columns.values("seed")]
    if seeds:
        lines.append(f"seeds {min(seeds)}..{max(seeds)}")
    lines.append(LEGEND)
    return "\n".join(lines)


LEGEND = (
    "income: mean round-6 income in $ (0 after a Bad Publicity loss), sd its spread; bad\n"
    "pub: mean Bad Publicity cards at the end; lost (bp): games lost to Bad Publicity;\n"
    "actions: per game"
)
"""What the table's columns are (the header's words are short to fit 80 columns)."""


def rules_options(args: argparse.Namespace, base: Mapping[str, Any]) -> tuple[
    dict[str, Any], Varied
]:
    """``--no-timer``, ``--no-events``, ``--no-characters``, ``--first-game`` and
    ``--difficulty LEVEL`` as overrides; ``--difficulty all`` (or ``--all``) plays each
    difficulty as a variant."""
    rules: dict[str, Any] = {}
    varied: Varied = []
    if getattr(args, "no_timer", False) or getattr(args, "first_game", False):
        rules["timer"] = False
    if getattr(args, "no_events", False) or getattr(args, "first_game", False):
        rules["events"] = False
    if getattr(args, "no_characters", False) or getattr(args, "first_game", False):
        rules["characters"] = False
    level = getattr(args, "difficulty", None)
    if getattr(args, "all", False):
        level = "all"
    if level == "all":
        varied.append(("rules.difficulty", list(DIFFICULTIES)))
    elif level is not None:
        if level not in DIFFICULTIES:
            raise UserError(f"--difficulty must be easy, normal or hard, or all, not '{level}'")
        rules["difficulty"] = level
    return ({"rules": rules} if rules else {}), varied


def players(args: argparse.Namespace) -> list[int] | None:
    """``--all``: every player count (another count or level would be ignored: refused)."""
    if not getattr(args, "all", False):
        return None
    ignored = [flag for flag, value in (("--players", args.players),
                                        ("--difficulty", getattr(args, "difficulty", None)))
               if value is not None]
    if ignored:
        raise UserError(f"--all plays every player count 1-4 and every difficulty; drop "
                        f"{' and '.join(ignored)}")
    return [1, 2, 3, 4]


def bots(args: argparse.Namespace) -> list[str]:
    """One bot for the whole team: ``simulate``'s ``--bot NAME`` (``sweep``'s ``--bots``)."""
    return [args.bot] if hasattr(args, "bot") else [args.bots]


KIND = StudyKind(
    game=PLUGIN,
    task_fn=play_game,
    load=load_config,
    files=("wok_star.toml",),
    charts=charts,
    table=lambda columns, definition: table(columns, int(definition.get("seed", 1))),
    check_bots=turn_bots(PLUGIN),
    rules_options=rules_options,
    players=players,
    bots=bots,
    table_per_player_count=False,
    cooperative=True,
    ladder=LadderSpec(bots=("team", "planner"), anchor="team", team=True,
                      players=(2, 4), difficulties=DIFFICULTIES),
)
