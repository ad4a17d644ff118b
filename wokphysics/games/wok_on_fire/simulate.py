"""Headless Wok on Fire bot games: one whole game (:func:`play_one`) and the text table
``wokphysics simulate wok-on-fire`` prints (the games run as a study on the batch runner,
:mod:`wokphysics.studies.wok_on_fire`).

A game's bots' hands are seeded from the game's seed, so any one game can be played again
alone (and its replay file says everything it needs).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.games.seeds import bot_seed
from wokphysics.games.simulation import GameResult, results_table
from wokphysics.games.wok_on_fire.bots import play_bot_game
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.games.wok_on_fire.players import make_bot
from wokphysics.games.wok_on_fire.record import save_game


@dataclass(frozen=True)
class WofGameResult:
    """One finished bot game and its counts."""

    result: GameResult
    turns: int
    stirs: int
    stirs_that_flipped: int
    simulated_s: float


def play_one(
    cfg: WokOnFireConfig,
    players: int,
    game_seed: int,
    names: Sequence[str],
    record_path: Path | None = None,
    starting_player: int = 0,
) -> WokOnFireGame:
    """Play one bot game to the end (its record written to ``record_path`` if given)."""
    game = WokOnFireGame(
        cfg, players, game_seed, starting_player=starting_player, bots=tuple(names)
    )
    bots = [make_bot(cfg, name, bot_seed(game_seed, p)) for p, name in enumerate(names)]
    play_bot_game(game, bots)
    if record_path is not None:
        save_game(game, record_path)
    return game




def wof_results_table(results: Sequence[WofGameResult]) -> str:
    """The shared results table plus Wok on Fire's turn and stir figures."""
    table = results_table([r.result for r in results])
    turns = [r.turns for r in results]
    stirs = sum(r.stirs for r in results)
    flipped = sum(r.stirs_that_flipped for r in results)
    per_turn = [r.stirs / r.turns for r in results if r.turns]
    lines = [
        table,
        f"turns per game: mean {statistics.mean(turns):.1f}, min {min(turns)}, max {max(turns)}",
        f"stir actions per turn: mean {statistics.mean(per_turn):.2f}",
        f"stirs that flipped a card: {100.0 * flipped / max(1, stirs):.1f}% of {stirs}",
        f"simulated table time per game: mean "
        f"{statistics.mean(r.simulated_s for r in results):.1f} s",
    ]
    return "\n".join(lines)
