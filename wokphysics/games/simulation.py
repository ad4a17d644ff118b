"""Playing a turn-based game out with bots, and the plain-text results table.

``wokphysics simulate`` runs its games as a study on the batch runner
(:mod:`wokphysics.studies`), which plays each game with :func:`play_out` and prints
:func:`results_table` from the study's records.

>>> from wokphysics.games.registry import make_bot, new_game
>>> state = new_game("wok-and-roll", 2, seed=3)
>>> bots = [make_bot("wok-and-roll", "greedy", 1), make_bot("wok-and-roll", "random", 2)]
>>> play_out(state, bots) is state, state.winners()
(True, [0])
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from wokphysics.games.bots import Bot
from wokphysics.games.protocol import GameState


@dataclass
class GameResult:
    """What one finished game gave: each seat's bot name, score, whether it won, length."""

    seed: int
    bots: list[str]
    scores: list[int]
    winners: list[int]
    actions: int
    extra: dict[str, Any] = field(default_factory=dict)


def play_out(state: GameState, bots: Sequence[Bot], max_actions: int = 1_000_000) -> GameState:
    """Let ``bots[seat]`` act for each seat until the game ends. Returns the final state."""
    # the state's apply and the bots' choose looked up once: this loop runs every step of
    # every simulated game. The seat to act is -1 exactly when the game is over (the
    # protocol's current_player; tests/games/test_conformance.py holds every game to it),
    # so it also ends the loop, without an is_terminal call per step.
    apply = state.apply
    chooses = [bot.choose for bot in bots]
    count = 0
    player = state.current_player
    while player >= 0:
        apply(chooses[player](state))
        count += 1
        if count > max_actions:
            raise RuntimeError(f"game did not end after {max_actions} actions")
        player = state.current_player
    return state




def results_table(results: Sequence[GameResult]) -> str:
    """A plain-text table: wins per seat and per bot, score mean and spread, game length.

    Seats are numbered from 1, as the players, the study's ``tasks.csv`` (``seat1_win``...),
    its ``summary.json`` and its plots number them. Wins are counted as the plots count them:
    a shared victory gives each of its k winners 1/k, and a bot's win rate is per seat it
    played (its wins over its seats), so with identical bots a fair game gives every seat and
    every bot ``1/players`` however many seats a bot fills.
    """
    if not results:
        return "no games played"
    players = len(results[0].bots)
    games = len(results)
    shares = [1.0 / len(r.winners) if r.winners else 0.0 for r in results]
    lines = [f"{games} games, {players} players"]
    lines.append(f"{'seat':>4}  {'bot':<12} {'wins':>6} {'win %':>6} {'mean':>7} {'sd':>6}")
    rotating = len({tuple(r.bots) for r in results}) > 1  # --rotate-seats: no bot per seat
    for seat in range(players):
        name = "(rotating)" if rotating else results[0].bots[seat]
        wins = math.fsum(share for r, share in zip(results, shares, strict=True)
                         if seat in r.winners)
        scores = [r.scores[seat] for r in results]
        spread = statistics.pstdev(scores) if len(scores) > 1 else 0.0
        lines.append(
            f"{seat + 1:>4}  {name:<12} {wins:>6.1f} {100 * wins / games:>5.1f}%"
            f" {statistics.mean(scores):>7.2f} {spread:>6.2f}"
        )
    by_bot: dict[str, list[float]] = {}
    for r, share in zip(results, shares, strict=True):
        for seat, name in enumerate(r.bots):
            by_bot.setdefault(name, []).append(share if seat in r.winners else 0.0)
    lines.append("")
    lines.append(f"{'bot':<12} {'seats':>6} {'wins':>6} {'win % per seat':>15}")
    for name, won_seats in sorted(by_bot.items()):
        won = math.fsum(won_seats)
        lines.append(f"{name:<12} {len(won_seats):>6} {won:>6.1f} "
                     f"{100 * won / len(won_seats):>14.1f}%")
    lines.append("wins: a shared victory counts 1/k for each of its k winners; win % per")
    lines.append(f"seat: wins / seats played (a fair game: {100 / players:.1f}%), as in the plots")
    lengths = [r.actions for r in results]
    lines.append("")
    lines.append(
        f"game length in actions: mean {statistics.mean(lengths):.1f}, "
        f"min {min(lengths)}, max {max(lengths)}"
    )
    return "\n".join(lines)
