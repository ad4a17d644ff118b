"""Headless Wok on Fire bot games: ``wokphysics simulate wok-on-fire``.

Game ``i`` of a run is seeded with ``seed + i``; the bots' hands are seeded from it too, so
any one game can be played again alone (and its replay file says everything it needs).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.errors import UserError
from wokphysics.games.cli_options import check_games, check_seed
from wokphysics.games.seeds import bot_seed
from wokphysics.games.simulation import GameResult, results_table
from wokphysics.games.wok_on_fire.bots import bot_settings, make_wof_bot, play_bot_game
from wokphysics.games.wok_on_fire.engine import WokOnFireGame


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
    bots = [make_wof_bot(cfg, name, bot_seed(game_seed, p)) for p, name in enumerate(names)]
    play_bot_game(game, bots)
    if record_path is not None:
        game.save(record_path)
    return game


def run_wof_games(
    cfg: WokOnFireConfig,
    players: int,
    games: int,
    seed: int,
    bot_names: Sequence[str],
    out_dir: Path | None = None,
    progress: bool = True,
    rotate: bool = False,
) -> list[WofGameResult]:
    """Play ``games`` games with the bots cycled over the seats; write replays to ``out_dir``.

    With ``rotate``, game ``i`` shifts the bots ``i`` seats on, so every bot sits in every
    seat (and starts) equally often: the fair way to compare strengths.
    """
    if not 1 <= players <= 4:
        raise UserError(f"--players must be 1 to 4, not {players}")
    check_games(games)
    check_seed(seed)
    if not bot_names:
        raise UserError("--bots needs at least one bot name")
    for name in bot_names:
        bot_settings(cfg, name)
    names = [bot_names[p % len(bot_names)] for p in range(players)]
    if out_dir is not None:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UserError(f"{out_dir}: cannot create the folder: {error.strerror}") from None
    results = []
    for index in tqdm(range(games), desc="wok-on-fire", unit="game", disable=not progress):
        game_seed = seed + index
        if rotate:
            shift = index % players
            names = [bot_names[(p + shift) % len(bot_names)] for p in range(players)]
        path = None if out_dir is None else out_dir / f"wok-on-fire-{game_seed}.json"
        game = play_one(cfg, players, game_seed, names, path)
        scores = game.scores()
        stats = game.stats
        inputs = sum(len(turn["inputs"]) for turn in game.turn_records)
        results.append(
            WofGameResult(
                GameResult(
                    game_seed, list(names), [s.total for s in scores], game.winners(), inputs
                ),
                stats.turns,
                stats.stirs,
                stats.stirs_that_flipped,
                stats.simulated_s,
            )
        )
    return results


def wof_results_table(results: Sequence[WofGameResult]) -> str:
    """The shared results table plus Wok on Fire's turn and stir figures."""
    table = results_table([r.result for r in results])
    if len({tuple(r.result.bots) for r in results}) > 1:
        # Seats had different bots (rotation): the per-seat bot label means nothing.
        first = results[0].result.bots
        lines = table.splitlines()
        for seat, name in enumerate(first):
            for index, line in enumerate(lines):
                if line.startswith(f"{seat:>4}  {name:<12}"):
                    lines[index] = f"{seat:>4}  {'(rotating)':<12}" + line[6 + 12 :]
                    break
        table = "\n".join(lines)
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
