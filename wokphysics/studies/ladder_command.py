"""``wokphysics ladder GAME``: the strength ladder of a game's bots (:mod:`.ladder`), as a
study on the batch runner. This module stays light: the runner, the games and numpy are
imported when the command runs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from wokphysics.errors import UserError
from wokphysics.games.plugin import GamePlugin
from wokphysics.studies.run_options import (
    add_runner_arguments,
    interrupted_line,
    ran_where,
    refuse_study_options,
)
from wokphysics.terminal.entry import VerbCommand

LADDER_HELP = ("measure how strong each bot is: a round robin of matches (or each bot as the "
               "whole team) with ratings and their confidence intervals")
MATCH_GAMES = 400
"""Games a pair of a match ladder plays by default (half as many deals, seats swapped)."""
TEAM_GAMES = 400
"""Games a team ladder plays by default at each player count and difficulty."""


def ladder_command(plugin: GamePlugin) -> VerbCommand:
    """``wokphysics ladder GAME``: its options and what runs it."""

    def add(parser: argparse.ArgumentParser) -> None:
        levels = ", ".join(level.bot for level in plugin.levels) or "none yet"
        parser.add_argument(
            "--bots", default=None, metavar="NAMES",
            help=f"comma-separated bots to rate, NAME:N for a budget (default: the bots of "
            f"the game's difficulty levels: {levels})")
        parser.add_argument(
            "--games", type=int, default=None, metavar="N",
            help=f"games a pair plays, seats swapped on every deal (default {MATCH_GAMES}); "
            f"in a cooperative game, games a bot plays at each setting (default "
            f"{TEAM_GAMES})")
        parser.add_argument("--seed", type=int, default=1, metavar="S",
                            help="the first deal's seed (default 1): deal i is seeded S + i")
        parser.add_argument(
            "--players", default=None, metavar="N[,N...]",
            help="a cooperative game's player counts (default 2,4); a match is 2 players")
        parser.add_argument(
            "--difficulty", default=None, metavar="LEVEL[,LEVEL...]",
            help="a cooperative game's loans: easy, normal, hard or all (default all)")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")
        add_runner_arguments(parser)

    return VerbCommand(LADDER_HELP, add, lambda args: run(plugin, args, add))


def definition_from(plugin: GamePlugin, args: argparse.Namespace) -> dict[str, Any]:
    """The ladder's definition (plain JSON data, saved in ``study.json``), checked."""
    from wokphysics.studies.kinds import study_kind
    from wokphysics.studies.plans import player_list
    from wokphysics.terminal.options import check_games, check_seed

    kind = study_kind(plugin)
    spec = kind.ladder
    if spec.missing:
        raise UserError(f"{plugin.title} has no ladder yet: {spec.missing}")
    bots = ([name.strip() for name in args.bots.split(",")] if args.bots is not None
            else list(spec.bots))
    if not bots:
        raise UserError("--bots needs at least one bot name")
    kind.check_bots(bots, kind.load(None))
    if len(set(bots)) != len(bots):
        raise UserError("--bots: a bot is named twice")
    if not spec.team and len(bots) < 2:
        raise UserError("--bots: a ladder needs at least two bots")
    games = check_games(args.games if args.games is not None
                        else TEAM_GAMES if spec.team else MATCH_GAMES)
    if not spec.team and games % 2:
        raise UserError(f"--games {games}: every deal is played twice, seats swapped, so "
                        "give an even number")
    definition: dict[str, Any] = {
        "game": plugin.name, "ladder": "team" if spec.team else "match", "bots": bots,
        "games": games, "seed": check_seed(args.seed), "anchor": spec.anchor,
    }
    if spec.team:
        definition["players"] = player_list(args.players or ",".join(
            str(count) for count in spec.players), plugin.name)
        levels = (args.difficulty or "all").split(",")
        if levels == ["all"]:
            levels = list(spec.difficulties)
        for level in levels:
            if level not in spec.difficulties:
                raise UserError(f"--difficulty: {level[:20]!r} is not one of "
                                f"{', '.join(spec.difficulties)} or all")
        definition["difficulties"] = levels
    else:
        for option, given in (("--players", args.players), ("--difficulty", args.difficulty)):
            if given is not None:
                raise UserError(f"{option} is for a cooperative game's ladder; "
                                f"{plugin.title}'s is 2-player matches")
        definition["players"] = [2]
    return definition


def ladder_study(definition: dict[str, Any]) -> Any:
    """The study a ladder definition describes (from the command line or ``study.json``)."""
    from wokphysics.games.registry import plugin as plugin_named
    from wokphysics.studies import configs
    from wokphysics.studies.kinds import study_kind
    from wokphysics.studies.ladder import match_study, team_study

    try:
        game = plugin_named(str(definition["game"]))
        kind = study_kind(game)
        bots = [str(b) for b in definition["bots"]]
        games, seed = int(definition["games"]), int(definition["seed"])
        if definition["ladder"] == "team":
            players = [int(p) for p in definition["players"]]
            levels = [str(d) for d in definition["difficulties"]]
            texts = {level: configs.toml_text({"rules": {"difficulty": level}})
                     for level in levels}
            title = (f"{game.title} ladder: each bot as the whole team, {games} games at each "
                     f"of {', '.join(str(p) for p in players)} players x "
                     f"{', '.join(levels)}, seeds {seed} to {seed + games - 1}")
            return team_study(game.name, title, bots, games, seed, players, texts, kind.load,
                              definition)
        title = (f"{game.title} ladder: 2 players, {games} games a pair ({games // 2} deals, "
                 f"each played with the seats swapped), seeds {seed} to "
                 f"{seed + games // 2 - 1}")
        return match_study(game.name, title, bots, games, seed, kind.load, definition,
                           str(definition.get("anchor", "")), kind.ladder.pair_task)
    except (KeyError, TypeError, ValueError) as error:
        raise UserError(f"study.json: not a ladder definition ({error})") from None


def run(plugin: GamePlugin, args: argparse.Namespace,
        add: Any = None) -> int:
    """Build (or reload with ``--resume``) the ladder, run it, print its table."""
    from wokphysics.batch import ClusterOptions, RunOptions, run_study
    from wokphysics.batch.store import read_manifest

    if args.out and args.resume:
        raise UserError("give --out DIR for a new study or --resume DIR for an old one, not both")
    cluster = ClusterOptions(workers=args.workers, scheduler=args.scheduler,
                             in_process=args.no_cluster)
    cluster.check()
    folder: Path | None
    if args.resume:
        if add is not None:
            refuse_study_options(args, add)
        folder = Path(args.resume)
        definition: dict[str, Any] = read_manifest(folder)["definition"]
        if definition.get("game") != plugin.name or "ladder" not in definition:
            raise UserError(f"{folder}: not a ladder of {plugin.name}")
    else:
        folder = Path(args.out) if args.out else None
        definition = definition_from(plugin, args)
    study = ladder_study(definition)
    options = RunOptions(cluster, progress=not args.no_progress, resume=bool(args.resume))
    results = run_study(study, folder, options)
    if results.summary and study.text is not None:
        print(study.text(results.summary))
    if results.failures:
        print(f"{len(results.failures)} task(s) failed twice (see above"
              + (f" and {folder}/tasks.csv)" if folder else ")"), file=sys.stderr)
    if results.interrupted:
        print(interrupted_line(len(results.columns), len(study), "deals", folder),
              file=sys.stderr)
        return 130
    if folder is not None:
        ran = (f"{results.ran} tasks ran {ran_where(results.where)} in {results.seconds:.1f} s"
               if results.ran else "every task was done before; none ran")
        print(f"ladder written to {folder}/ (report.html, summary.json, tasks.csv); {ran}")
    return 1 if results.failures else 0
