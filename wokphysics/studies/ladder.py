"""``wokphysics ladder GAME``: how strong each bot of a game is, measured on the study runner.

**Matches** (We Will Wok You, Wok and Roll): a round robin of 2-player games between every
pair of bots. One task is one deal played twice, each bot once in each seat (seats rotated,
so neither the deal nor the first move favours a bot), ``games`` games a pair in all (half
as many deals). Every pair plays the same deals. The summary gives each pair's result with
its 95 % interval (Wilson) and Bradley-Terry ratings on the Elo scale with 95 % intervals
(:mod:`.ratings`), the game's heuristic bot anchored at :data:`ANCHOR_RATING`.

**Teams** (Wok Star, won or lost together): each bot fills every seat of the team for
``games`` games at each player count and difficulty, the same seeds for every bot; the
summary gives each bot's team win rate (Wilson) and its difference from the first bot's on
the same seeds (a paired 95 % interval).

A game's study kind says which it has (:class:`~.kind.LadderSpec`); Wok on Fire's matches
are played on its physics table by its own pair task
(:func:`wokphysics.studies.wok_on_fire.play_pair`), with the same record.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from wokphysics.batch.columns import Columns
from wokphysics.batch.stats import Z95, mean, rate, t95
from wokphysics.batch.tasks import Study, Task, TaskFn
from wokphysics.batch.values import Record, Scalar
from wokphysics.studies.configs import Loader, load_text
from wokphysics.studies.ratings import bradley_terry

ANCHOR_RATING = 1500.0
"""The rating the anchor bot (the game's heuristic bot) is given."""


@dataclass(frozen=True)
class LadderContext:
    """What every task of a ladder shares: the game, its config loader and the override
    text of each difficulty (team ladders; ``""`` the shipped one)."""

    game: str
    load: Loader
    configs: Mapping[str, str | None]


def _bots(game: str, names: Sequence[str], seed: int) -> list[Any]:
    from wokphysics.games.registry import make_bot
    from wokphysics.games.seeds import bot_seed

    return [make_bot(game, name, bot_seed(seed, seat)) for seat, name in enumerate(names)]


def play_pair(task: Task, context: LadderContext) -> Record:
    """One deal of a match, played twice: bot ``a`` in seat 1, then in seat 2."""
    from wokphysics.games.registry import new_game
    from wokphysics.games.simulation import play_out

    a, b = str(task.params["a"]), str(task.params["b"])
    config = load_text(context.load, context.configs.get("", None))
    record: dict[str, Scalar] = {}
    total = 0.0
    for game, names in enumerate(([a, b], [b, a]), start=1):
        state = play_out(new_game(context.game, 2, task.seed, config),
                         _bots(context.game, names, task.seed))
        winners = state.winners()
        seat = names.index(a)
        share = 1.0 / len(winners) if seat in winners else 0.0
        scores = state.scores()
        record[f"a_win_{game}"] = share
        record[f"a_score_{game}"] = int(scores[seat])
        record[f"b_score_{game}"] = int(scores[1 - seat])
        record[f"actions_{game}"] = len(state.history)
        total += share
    record["a_wins"] = total
    return record


def play_team(task: Task, context: LadderContext) -> Record:
    """One cooperative game with ``bot`` in every seat."""
    from wokphysics.games.registry import new_game
    from wokphysics.games.simulation import play_out

    bot = str(task.params["bot"])
    players = int(task.params["players"] or 0)
    config = load_text(context.load, context.configs.get(str(task.params["difficulty"])))
    state = play_out(new_game(context.game, players, task.seed, config),
                     _bots(context.game, [bot] * players, task.seed))
    winners = state.winners()
    return {"won": 1 if winners else 0, "income": int(state.scores()[0]),
            "actions": len(state.history)}


# --------------------------------------------------------------------------- studies
def match_study(game: str, title: str, bots: Sequence[str], games: int, seed: int,
                load: Loader, definition: Mapping[str, Any], anchor: str,
                pair_task: TaskFn | None = None) -> Study:
    """The round robin (see the module docstring): ``games`` games a pair, each deal played
    by ``pair_task`` (the turn games' :func:`play_pair` by default)."""
    deals = games // 2
    params: list[dict[str, Scalar]] = [
        {"a": a, "b": b} for a, b in combinations(bots, 2) for _ in range(deals)
    ]

    def summarise(columns: Columns) -> dict[str, Any]:
        return match_summary(columns, list(bots), anchor)

    return Study(name=f"{game}-ladder", seed=seed, params=params,
                 task_fn=pair_task if pair_task is not None else play_pair,
                 context=LadderContext(game, load, {"": None}), definition=dict(definition),
                 summarise=summarise, title=title, seed_every=deals,
                 text=lambda summary: match_table(summary, title))


def team_study(game: str, title: str, bots: Sequence[str], games: int, seed: int,
               players: Sequence[int], difficulties: Mapping[str, str | None],
               load: Loader, definition: Mapping[str, Any]) -> Study:
    """Every bot as the whole team, ``games`` games at each player count and difficulty."""
    params: list[dict[str, Scalar]] = [
        {"bot": bot, "players": count, "difficulty": level}
        for bot in bots for count in players for level in difficulties for _ in range(games)
    ]

    def summarise(columns: Columns) -> dict[str, Any]:
        return team_summary(columns, list(bots))

    return Study(name=f"{game}-ladder", seed=seed, params=params, task_fn=play_team,
                 context=LadderContext(game, load, dict(difficulties)),
                 definition=dict(definition), summarise=summarise, title=title,
                 seed_every=games, text=lambda summary: team_table(summary, title))


# --------------------------------------------------------------------------- summaries
def match_summary(columns: Columns, bots: list[str], anchor: str) -> dict[str, Any]:
    """Each pair's result and the ratings (JSON data)."""
    results: dict[tuple[str, str], tuple[float, int]] = {}
    pairs = []
    for a, b in combinations(bots, 2):
        group = columns.where(_pair_rows(a, b))
        if not len(group):
            continue
        won = math.fsum(float(v or 0) for v in group.values("a_wins"))
        played = 2 * len(group)
        results[(a, b)] = (won, played)
        estimate = rate(won, played)
        pairs.append({"a": a, "b": b, "games": played, "a_share": estimate.to_data(),
                      "seeds": _seed_range(group)})
    played_bots = [bot for bot in bots if any(bot in pair for pair in results)]
    ratings = bradley_terry(played_bots, results, anchor if anchor in played_bots
                            else played_bots[0], ANCHOR_RATING) if results else {}
    order = sorted(ratings, key=lambda bot: -ratings[bot].rating)
    return {"pairs": pairs, "anchor": anchor, "anchor_rating": ANCHOR_RATING,
            "ratings": [{"bot": bot, **ratings[bot].to_data()} for bot in order]}


def _pair_rows(a: str, b: str) -> Callable[[dict[str, Scalar]], bool]:
    def keep(row: dict[str, Scalar]) -> bool:
        return row["a"] == a and row["b"] == b

    return keep


def team_summary(columns: Columns, bots: list[str]) -> dict[str, Any]:
    """Each bot's team win rate per setting, and its paired difference from the first bot."""
    cells = []
    settings = sorted({(int(row["players"] or 0), str(row["difficulty"]))
                       for row in columns.rows()}, key=_setting_order)
    base = bots[0]
    for players, level in settings:
        by_bot: dict[str, dict[int, tuple[int, int]]] = {}
        for row in columns.rows():
            if int(row["players"] or 0) == players and row["difficulty"] == level:
                by_bot.setdefault(str(row["bot"]), {})[int(row["seed"] or 0)] = (
                    int(row["won"] or 0), int(row["income"] or 0))
        for bot in bots:
            games = by_bot.get(bot, {})
            if not games:
                continue
            won = sum(w for w, _ in games.values())
            cell: dict[str, Any] = {
                "bot": bot, "players": players, "difficulty": level, "games": len(games),
                "won": rate(won, len(games)).to_data(),
                "income": mean([float(i) for _, i in games.values()]).to_data(),
                "seeds": [min(games), max(games)],
            }
            shared = sorted(set(games) & set(by_bot.get(base, {})))
            if bot != base and shared:
                differences = [games[s][0] - by_bot[base][s][0] for s in shared]
                cell["vs_first"] = _paired(differences)
            cells.append(cell)
    return {"cells": cells, "first": base}


def _paired(differences: Sequence[float]) -> dict[str, float | int]:
    """The mean of paired differences with its 95 % t interval (in win-rate points)."""
    n = len(differences)
    average = math.fsum(differences) / n
    spread = math.sqrt(math.fsum((d - average) ** 2 for d in differences) / (n - 1)) if n > 1 \
        else math.inf
    half = t95(n - 1) * spread / math.sqrt(n) if n > 1 else math.inf
    return {"value": round(average, 6), "low": round(average - half, 6),
            "high": round(average + half, 6), "n": n}


def _setting_order(setting: tuple[int, str]) -> tuple[int, int, str]:
    order = {"easy": 0, "normal": 1, "hard": 2}
    return (setting[0], order.get(setting[1], 9), setting[1])


def _seed_range(columns: Columns) -> list[int]:
    seeds = [int(s or 0) for s in columns.values("seed")]
    return [min(seeds), max(seeds)]


# --------------------------------------------------------------------------- tables
def match_table(summary: Mapping[str, Any], title: str) -> str:
    """The ratings and every pair's result, as ``ladder`` prints them."""
    lines = [title, "", f"{'bot':<14} {'rating':>7}  {'95 % interval':>15} {'games':>6}"]
    for row in summary.get("ratings", []):
        interval = ("(anchor)" if row["bot"] == summary["anchor"]
                    else f"{row['low']:.0f} to {row['high']:.0f}")
        lines.append(f"{row['bot']:<14} {row['rating']:>7.0f}  {interval:>15} "
                     f"{row['games']:>6}")
    lines.append("")
    lines.append(f"{'pair':<30} {'first wins':>10}  {'95 % interval':>15} {'games':>6}")
    for pair in summary.get("pairs", []):
        share = pair["a_share"]
        lines.append(f"{pair['a'] + ' vs ' + pair['b']:<30} {100 * share['value']:>9.1f}%  "
                     f"{100 * share['low']:>6.1f} to {100 * share['high']:>4.1f}% "
                     f"{pair['games']:>6}")
    lines.append(
        f"ratings: Bradley-Terry on the Elo scale (400 points: 10 to 1 odds), "
        f"{summary.get('anchor')} = {summary.get('anchor_rating', ANCHOR_RATING):.0f}; "
        f"intervals {Z95:.2f} standard errors; each pair plays every deal twice, seats "
        "swapped; a shared win is half a win"
    )
    return "\n".join(lines)


def team_table(summary: Mapping[str, Any], title: str) -> str:
    """Each bot's team win rate per setting, as ``ladder wok-star`` prints them."""
    first = summary.get("first", "")
    lines = [title, "",
             f"{'setting':<13} {'bot':<14} {'team wins':>9}  {'95 % interval':>15} "
             f"{'vs ' + str(first):>22} {'income':>7} {'games':>6}"]
    for cell in summary.get("cells", []):
        won = cell["won"]
        versus = cell.get("vs_first")
        compared = (f"{100 * versus['value']:+.1f} ({100 * versus['low']:+.1f} to "
                    f"{100 * versus['high']:+.1f})" if versus else "")
        lines.append(
            f"{str(cell['players']) + 'p ' + cell['difficulty']:<13} {cell['bot']:<14} "
            f"{100 * won['value']:>8.1f}%  {100 * won['low']:>6.1f} to {100 * won['high']:>4.1f}%"
            f" {compared:>22} {cell['income']['value']:>7.1f} {cell['games']:>6}")
    lines.append(f"team wins: Wilson 95 % intervals; vs {first}: the difference in win rate "
                 "points on the same seeds, a paired 95 % interval; income: mean last-round "
                 "income ($, 0 after a loss)")
    return "\n".join(lines)


def rating_of(summary: Mapping[str, Any], bot: str) -> Mapping[str, Any] | None:
    """The ratings row of ``bot`` in a match summary (None if it did not play)."""
    return next((row for row in summary.get("ratings", []) if row["bot"] == bot), None)


__all__ = ["Z95"]
