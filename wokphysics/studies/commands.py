"""``wokphysics simulate GAME`` and ``wokphysics sweep GAME`` on the batch runner.

Each game keeps its own simulate options (``--difficulty``, ``--expert``...); this adds the
runner's (``--workers``, ``--scheduler``, ``--no-cluster``, ``--out``, ``--resume``) and runs
the games as a study (see :mod:`wokphysics.batch`). This module stays light: the runner, the
games and matplotlib are imported when a command runs.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wokphysics.errors import UserError
from wokphysics.games.plugin import GamePlugin
from wokphysics.studies.apart import finish_apart
from wokphysics.studies.flip_sweep import flips_command
from wokphysics.studies.run_options import (
    add_runner_arguments,
    interrupted_line,
    ran_where,
    refuse_study_options,
)
from wokphysics.terminal.entry import VerbCommand
from wokphysics.terminal.registry import terminal_entry

if TYPE_CHECKING:
    from wokphysics.batch.cluster import ClusterOptions
    from wokphysics.batch.results import Results
    from wokphysics.batch.tasks import Study
    from wokphysics.studies.kind import StudyKind

SIMULATE_HELP = "play many headless bot games and print a results table (fairness tests, " \
    "plots, report.html and Dask clusters with the study tools)"
SWEEP_HELP = "play the same games under every combination of config values, with plots"


def needs_study_tools(command: VerbCommand, words: str) -> VerbCommand:
    """``command``, refused in one line (naming ``words``, e.g. ``sweep flips``) when the
    study tools are not installed (:mod:`wokphysics.batch.tools`): its help still shows."""

    def run_if_installed(args: argparse.Namespace) -> int:
        from wokphysics.batch.tools import require_study_tools

        require_study_tools(words)
        return command.run(args)

    return VerbCommand(command.help, command.add_arguments, run_if_installed)


PHYSICS_SWEEPS: dict[str, tuple[str, VerbCommand]] = {
    "flips": ("The Wok on Fire physics table", needs_study_tools(flips_command(), "sweep flips")),
}
"""Sweeps that are not a game's (``wokphysics sweep flips``): name -> (title, command), listed
by the command line beside the games. Add an entry here; keep this module light by importing
the physics inside the command's functions."""


def simulate_command(plugin: GamePlugin) -> VerbCommand:
    """``wokphysics simulate GAME``: the game's options plus the runner's."""
    options = terminal_entry(plugin).simulate_options

    def add(parser: argparse.ArgumentParser) -> None:
        options(parser)
        try:
            parser.add_argument(
                "--rotate-seats",
                action="store_true",
                help="shift the bots one seat on in every game, so each bot sits in each seat "
                "equally often (fair comparisons of bots)",
            )
        except argparse.ArgumentError:
            pass  # the game offers it already, with its own words
        add_runner_arguments(parser)

    return VerbCommand(
        SIMULATE_HELP, add, lambda args: run(plugin.name, args, sweep=False, add=add)
    )


def sweep_command(plugin: GamePlugin) -> VerbCommand:
    """``wokphysics sweep GAME --vary KEY=V1,V2 ...``."""

    def add(parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--vary",
            action="append",
            default=[],
            metavar="KEY=V1,V2,...",
            help="a config key (dotted, as in the game's TOML file, e.g. physics.friction or "
            "rules.difficulty) and the values to try; repeat --vary to cross several keys",
        )
        players = default_players(plugin)
        parser.add_argument(
            "--players",
            default=str(players),
            metavar="N[,N...]",
            help=f"players per game, one count or several (default {players}, as simulate's; "
            f"{plugin.info.min_players} to {plugin.info.max_players})",
        )
        parser.add_argument(
            "--games", type=int, default=200, metavar="N", help="games per variant and "
            "player count (default 200)"
        )
        parser.add_argument(
            "--bots", default=None, metavar="NAMES", help="comma-separated bots, cycled over "
            "the seats (default: the game's simulate default)"
        )
        parser.add_argument("--seed", type=int, default=1, metavar="S", help="study seed "
                            "(default 1): task i is seeded S + i")
        parser.add_argument(
            "--config", default=None, metavar="PATH",
            help="a TOML file or folder the variants are layered over",
        )
        parser.add_argument(
            "--rotate-seats", action="store_true",
            help="shift the bots one seat on in every game (fair comparisons of bots)",
        )
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")
        add_runner_arguments(parser)

    return needs_study_tools(
        VerbCommand(SWEEP_HELP, add, lambda args: run(plugin.name, args, sweep=True, add=add)),
        f"sweep {plugin.name}",
    )


COMPARE_HELP = "play the same games under two config files and compare them game by game"


def compare_command(plugin: GamePlugin) -> VerbCommand:
    """``wokphysics compare GAME A.toml B.toml --games N``: the same seeds under both configs,
    paired differences (a sweep of two variants, B against A)."""

    def add(parser: argparse.ArgumentParser) -> None:
        # optional for argparse so that `compare GAME --resume DIR` (the interrupted line's
        # hint) parses; a new comparison without both is refused in run()
        parser.add_argument("a", metavar="A", nargs="?", help="the first config: a TOML file "
                            "or folder (layered over the shipped config, as --config is)")
        parser.add_argument("b", metavar="B", nargs="?", help="the second config, compared "
                            "with A")
        players = default_players(plugin)
        parser.add_argument(
            "--players", default=str(players), metavar="N[,N...]",
            help=f"players per game, one count or several (default {players})",
        )
        parser.add_argument("--games", type=int, default=200, metavar="N",
                            help="games per config and player count (default 200)")
        parser.add_argument("--bots", default=None, metavar="NAMES",
                            help="comma-separated bots, cycled over the seats (default: the "
                            "game's simulate default)")
        parser.add_argument("--seed", type=int, default=1, metavar="S",
                            help="study seed (default 1): game i of each config is seeded S + i")
        parser.add_argument("--rotate-seats", action="store_true",
                            help="shift the bots one seat on in every game")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")
        add_runner_arguments(parser)

    return needs_study_tools(
        VerbCommand(COMPARE_HELP, add,
                    lambda args: run(plugin.name, args, sweep=True, add=add, compare=True)),
        f"compare {plugin.name}",
    )


def default_players(plugin: GamePlugin) -> int:
    """The player count ``simulate GAME`` plays by default, which ``sweep GAME`` plays too
    (it took the window's count: a Wok on Fire sweep was 2-player beside 4-player
    simulations of the same config)."""
    parser = argparse.ArgumentParser()
    terminal_entry(plugin).simulate_options(parser)
    players = getattr(parser.parse_args([]), "players", None)
    return int(players) if isinstance(players, int) else plugin.default_players


def _default_bots(game: str) -> str:
    from wokphysics.games.registry import plugin

    parser = argparse.ArgumentParser()
    terminal_entry(plugin(game)).simulate_options(parser)
    defaults = parser.parse_args([])
    return str(getattr(defaults, "bots", None) or getattr(defaults, "bot", "random"))


def run(
    game: str,
    args: argparse.Namespace,
    sweep: bool,
    add: Callable[[argparse.ArgumentParser], None] | None = None,
    compare: bool = False,
) -> int:
    """Build (or reload with ``--resume``) the study, run it, print its tables."""
    from wokphysics.batch import ClusterOptions
    from wokphysics.batch.store import read_manifest
    from wokphysics.batch.tools import missing_study_tools, require_study_tools
    from wokphysics.studies import plans

    if args.out and args.resume:
        raise UserError("give --out DIR for a new study or --resume DIR for an old one, not both")
    if compare:
        _check_compared(args)
    light = bool(missing_study_tools())
    if light:  # a player's install: the games in this process, the text table, a hint
        for option in ("out", "resume", "workers", "scheduler"):
            if getattr(args, option, None) is not None:
                require_study_tools("--" + option)
    cluster = ClusterOptions(
        workers=args.workers, scheduler=args.scheduler, in_process=args.no_cluster or light,
        wait_workers_s=args.wait_workers,
    )
    cluster.check()
    folder: Path | None
    if args.resume:
        folder = Path(args.resume)
        definition: dict[str, Any] = read_manifest(folder)["definition"]
        if definition.get("game") != game:
            raise UserError(
                f"{folder}: a study of {definition.get('game')}, not of {game}"
            )
        if add is not None:  # after the folder is known to hold a study of this game
            refuse_study_options(args, add)
    else:
        folder = Path(args.out) if args.out else None
        if sweep:
            if args.bots is None:
                args.bots = _default_bots(game)
            definition = (plans.compare_definition(game, args) if compare
                          else plans.sweep_definition(game, args))
        else:
            definition = plans.simulate_definition(game, args)
    if definition.get("replays"):
        try:
            Path(definition["replays"]).mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UserError(f"{definition['replays']}: cannot create the folder: "
                            f"{error.strerror}") from None
    study, study_kind = plans.study(definition)
    if light:
        study = replace(study, summarise=None, plots=None)
    if folder is None and not cluster.in_process:
        # Without --out, on a cluster, the records stream to a folder of the command's own
        # all the same (held in memory, 100,000 games' took the driver to 794 MB), and the
        # tables are printed from there by a fresh process (below); the folder goes with it.
        with tempfile.TemporaryDirectory(prefix="wokphysics-study-") as scratch:
            return _run_game_study(definition, study, study_kind, cluster, args,
                                   Path(scratch) / "study", kept=False)
    return _run_game_study(definition, study, study_kind, cluster, args, folder, kept=True,
                           light=light)


def _run_game_study(definition: dict[str, Any], study: Study, study_kind: StudyKind,
                    cluster: ClusterOptions, args: argparse.Namespace, folder: Path | None,
                    kept: bool, light: bool = False) -> int:
    """Run the study (into ``folder``: the person's ``--out``/``--resume`` folder when
    ``kept``, else the command's own, which is not mentioned) and print its tables."""
    from wokphysics.batch import RunOptions, run_study
    from wokphysics.batch.tools import HINT

    # on a cluster, the final files are written by a fresh process (wokphysics.studies.finish):
    # this one holds Dask's libraries, and with scipy's and matplotlib's beside them it took
    # a 100,000-game study's driver past 200 MB
    apart = folder is not None and not cluster.in_process
    options = RunOptions(cluster, progress=not args.no_progress, resume=bool(args.resume),
                         finish=not apart, kept=kept)
    results = run_study(study, folder, options)
    if apart and folder is not None and not results.interrupted:
        status = finish_apart(folder, write=kept)
        if status not in (0, 1):
            return status
        failed = status == 1
    else:
        failed = show_results(definition, study_kind, results, folder if kept else None,
                              light)
    shown = folder if kept else None
    if results.interrupted:
        done = len(results.columns)
        print(interrupted_line(done, len(study), "games", shown), file=sys.stderr)
        return 130
    if shown is not None:
        ran = (f"{results.ran} games ran {ran_where(results.where)} in {results.seconds:.1f} s"
               if results.ran else "every game was done before; none ran")
        print(f"study written to {folder}/ (report.html, summary.json, tasks.csv); {ran}")
    if definition.get("replays"):
        print(f"replays written to {Path(definition['replays'])}/")
    if light:
        print(HINT, file=sys.stderr)
    return 1 if failed else 0


def show_results(definition: dict[str, Any], study_kind: StudyKind, results: Results,
                 folder: Path | None, light: bool = False) -> bool:
    """Print a game study's tables (per variant and player count), its fairness tests
    (unless ``light``: a player's install, without scipy) and its comparisons, and on
    standard error how many tasks failed; True if any did."""
    for label, group in _groups(definition, results.columns):
        if len(group):
            if label is not None:
                print(f"== {label} ==")
            print(study_kind.table(group, definition))
            if not light and not study_kind.cooperative:
                from wokphysics.studies.games import fairness_text

                print(fairness_text(group))
    if results.summary.get("versus_first"):
        from wokphysics.studies.games import versus_first_text

        print(versus_first_text(results.summary))
    if results.failures:
        print(f"{len(results.failures)} task(s) failed (see above"
              + (f" and {folder}/tasks.csv)" if folder else ")"), file=sys.stderr)
    return bool(results.failures)


def _check_compared(args: argparse.Namespace) -> None:
    """``compare`` takes two config files for a new comparison, none with ``--resume`` (the
    saved study has them)."""
    given = [path for path in (args.a, args.b) if path is not None]
    if args.resume and given:
        raise UserError(f"--resume {args.resume} compares the configs saved there: drop "
                        f"{' '.join(given)}")
    if not args.resume and len(given) < 2:
        raise UserError("compare needs two config files, A and B (e.g. compare GAME "
                        "simple.toml expert.toml), or --resume DIR")


def _groups(definition: dict[str, Any], columns: Any) -> list[tuple[str | None, Any]]:
    """The records per sweep variant and player count (labelled), or all of them.

    The shared results table describes games of one player count (a seat per column of
    ``tasks.csv``), so a study of several counts gets a table per count. A game whose table
    has a row per player count and setting already (Wok Star's, see
    :attr:`~wokphysics.studies.kind.StudyKind.table_per_player_count`) is split by variant only.
    """
    from wokphysics.studies.plans import kind

    labels = [str(v["label"]) for v in definition["variants"]]
    if not kind(str(definition["game"])).table_per_player_count:
        if len(labels) <= 1 or definition.get("vary") == ["rules.difficulty"]:
            return [(None, columns)]
        by_variant = columns.group_by("variant")
        return [(label, by_variant.get(number)) for number, label in enumerate(labels)
                if by_variant.get(number) is not None]
    counts = [int(count) for count in definition["players"]]
    groups: list[tuple[str | None, Any]] = []
    by_variant = columns.group_by("variant") if len(labels) > 1 else {None: columns}
    for number, variant in by_variant.items():
        by_players = variant.group_by("players") if len(counts) > 1 else {None: variant}
        for players, group in by_players.items():
            parts = [] if number is None else [labels[int(number)]]
            if players is not None:
                parts.append(f"{int(players)} players")
            groups.append((", ".join(parts) or None, group))
    return groups
