"""Headless Wok Star games and the team's results table (win rate, income, publicity).

The shared :func:`wokphysics.games.simulation.results_table` is per seat; a cooperative
game is judged per team, so this module keeps its own. Game ``i`` uses seed ``seed + i`` and
the bots are seeded from it, so any game can be replayed alone.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from wokphysics.games.bots import Bot, refuse_unknown_bots
from wokphysics.games.seeds import bot_seed
from wokphysics.games.wok_star.bots import BOTS
from wokphysics.games.wok_star.cards import WokStarConfig
from wokphysics.games.wok_star.info import INFO
from wokphysics.games.wok_star.state import WokStarState


@dataclass(frozen=True)
class TeamResult:
    """One finished game, from the team's side."""

    seed: int
    won: bool
    income: int
    bad_publicity: int
    lost_by_publicity: bool
    actions: int


def make_bots(name: str, players: int, seed: int) -> list[Bot]:
    """One bot per seat (``team`` or ``random``), each seeded from the game's seed."""
    refuse_unknown_bots([name], list(BOTS), INFO.name, "bot")  # once, not per seat
    factory = BOTS[name]
    return [factory(bot_seed(seed, seat)) for seat in range(players)]


def play_game(config: WokStarConfig | None, players: int, seed: int, bot: str) -> TeamResult:
    """Play one game to the end on the simulated clock."""
    state = WokStarState(players, seed, config)
    bots = make_bots(bot, players, seed)
    limit = 100_000
    # the bound methods looked up once, as in games.simulation.play_out: this loop runs
    # every step of every simulated game
    is_terminal, apply = state.is_terminal, state.apply
    chooses = [bot.choose for bot in bots]
    while not is_terminal():
        apply(chooses[state.current_player](state))
        limit -= 1
        if limit == 0:
            raise RuntimeError(f"wok-star game {seed} did not end")
    return TeamResult(
        seed=seed,
        won=state.won(),
        income=0 if state.lost else state.final_income,
        bad_publicity=len(state.bad),
        lost_by_publicity=state.lost,
        actions=len(state.history),
    )


def play_games(
    config: WokStarConfig | None,
    players: int,
    games: int,
    seed: int,
    bot: str,
) -> list[TeamResult]:
    """``games`` games with seeds ``seed``, ``seed + 1``, ... (a study of many games runs on
    the batch runner, with its progress bar: :mod:`wokphysics.studies.wok_star`)."""
    return [play_game(config, players, seed + index, bot) for index in range(games)]


def summary_row(label: str, results: Sequence[TeamResult]) -> str:
    """One line of the table."""
    games = len(results)
    wins = sum(r.won for r in results)
    incomes = [r.income for r in results]
    publicity = [r.bad_publicity for r in results]
    losses = sum(r.lost_by_publicity for r in results)
    spread = statistics.pstdev(incomes) if games > 1 else 0.0
    return (
        f"{label:<16} {games:>6} {100 * wins / games:>7.1f}% {statistics.mean(incomes):>8.1f}"
        f" {spread:>6.1f} {statistics.mean(publicity):>7.2f} {100 * losses / games:>9.1f}%"
        f" {statistics.mean(r.actions for r in results):>8.1f}"
    )


HEADER = (
    f"{'setting':<16} {'games':>6} {'team win':>8} {'income':>8} {'sd':>6} {'bad pub':>7}"
    f" {'lost (bp)':>10} {'actions':>8}"
)

