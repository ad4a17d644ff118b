"""The ``wokphysics`` command: play, simulate, score, replay and bench.

Each game contributes its verbs through its plugin entry (see
:mod:`wokphysics.games.registry`). Every mistake a user can make ends in one clear line on
standard error and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Literal, NoReturn

from wokphysics.errors import UserError
from wokphysics.games.plugin import GamePlugin, Verb, VerbCommand
from wokphysics.games.registry import PLUGINS
from wokphysics.studies.commands import (
    PHYSICS_SWEEPS,
    SIMULATE_HELP,
    SWEEP_HELP,
    simulate_command,
    sweep_command,
)
from wokphysics.ui.front_ends import window_play

DEFAULT_PLAY_GAME = "wok-on-fire"

VERB_HELP: dict[Verb | Literal["sweep"], str] = {
    "play": "play a game: in the window where the game has one, else in the terminal",
    "simulate": SIMULATE_HELP,
    "sweep": SWEEP_HELP,
    "score": "score a player's collected cards exactly",
}


def _command(plugin: GamePlugin, verb: Verb | Literal["sweep"]) -> VerbCommand | None:
    """What ``wokphysics VERB GAME`` runs: the window for ``play`` where the game has one;
    ``simulate`` and ``sweep`` are studies on the batch runner (:mod:`wokphysics.studies`)."""
    if verb == "play":
        window = window_play(plugin)
        if window is not None:
            return window
    if verb == "simulate":
        return simulate_command(plugin)
    if verb == "sweep":
        return sweep_command(plugin)
    return plugin.commands.get(verb)


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line with exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n(see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="wokphysics",
        description="Four wok games: Wok on Fire on a physics table, and We Will Wok You, "
        "Wok Star and Wok and Roll on a turn engine, with bots.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    commands.required = True

    for verb, help_text in VERB_HELP.items():
        verb_parser = commands.add_parser(verb, help=help_text, description=help_text)
        games = verb_parser.add_subparsers(dest="game", metavar="GAME", parser_class=_Parser)
        games.required = True
        for plugin in PLUGINS:
            command = _command(plugin, verb)
            if command is None:
                continue
            game_parser = games.add_parser(
                plugin.name,
                help=f"{plugin.title}: {command.help}",
                description=f"{plugin.title}: {plugin.summary}. This command: {command.help}.",
            )
            command.add_arguments(game_parser)
            game_parser.set_defaults(handler=command.run)
        if verb == "sweep":
            for name, (title, command) in PHYSICS_SWEEPS.items():
                sweep_parser = games.add_parser(
                    name, help=f"{title}: {command.help}", description=command.help
                )
                command.add_arguments(sweep_parser)
                sweep_parser.set_defaults(handler=command.run)

    replay = commands.add_parser(
        "replay",
        help="watch a recorded Wok on Fire game or table, or --verify it bit for bit",
        description="Watch a replay file in the window, or verify it: rebuild a fresh world, "
        "re-apply every gesture and choice and compare the state hashes. "
        "Exit 0 when identical, 1 on divergence, 2 on a bad file.",
    )
    replay.add_argument("file", metavar="FILE", help="a replay file (.json) written by wokphysics")
    replay.add_argument(
        "--verify", action="store_true", help="check the hashes instead of watching"
    )
    replay.add_argument(
        "--max-frames",
        type=int,
        default=None,
        metavar="N",
        help="stop the window after N frames (tests, bug reports)",
    )
    replay.add_argument(
        "--screenshot", metavar="PATH", default=None, help="save the window's last frame as a PNG"
    )
    replay.set_defaults(handler=_run_replay)

    bench = commands.add_parser(
        "bench",
        help="measure the speed figures (medians) of the physics, the games and the window",
        description="Run the benchmarks and print named figures (medians of repeated runs).",
    )
    bench.add_argument(
        "--json", metavar="PATH", default=None, help="also write the figures as JSON"
    )
    bench.add_argument(
        "--repeat",
        type=int,
        default=5,
        metavar="N",
        help="repetitions per figure; the median is reported (default 5)",
    )
    bench.add_argument(
        "--only",
        metavar="PREFIX",
        default=None,
        help="only the figures whose name starts with PREFIX",
    )
    bench.add_argument(
        "--config",
        metavar="PATH",
        default=None,
        help="measure the table with this config (a folder or a TOML file of overrides)",
    )
    bench.set_defaults(handler=_run_bench)
    return parser


def _run_replay(args: argparse.Namespace) -> int:
    from wokphysics.replay.command import check_replay_file, verify_replay

    if args.verify:
        return verify_replay(args.file)
    check_replay_file(args.file)  # a bad file is one line, before any window opens
    from wokphysics.ui.replay_viewer import run_replay_window

    return run_replay_window(args.file, args)


def _run_bench(args: argparse.Namespace) -> int:
    from wokphysics.bench import run_bench

    return run_bench(args)


def _with_default_game(argv: list[str]) -> list[str]:
    """``wokphysics play [options]`` means ``wokphysics play wok-on-fire [options]``."""
    if argv and argv[0] == "play":
        rest = argv[1:]
        if not rest or (rest[0].startswith("-") and rest[0] not in ("-h", "--help")):
            return ["play", DEFAULT_PLAY_GAME, *rest]
    return argv


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``wokphysics`` command; returns the exit status."""
    args_list = _with_default_game(list(sys.argv[1:] if argv is None else argv))
    parser = build_parser()
    args = parser.parse_args(args_list)
    try:
        status: int = args.handler(args)
    except UserError as error:
        print(f"wokphysics: {error}", file=sys.stderr)
        return error.exit_status
    except KeyboardInterrupt:
        print("wokphysics: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``wokphysics ... | head``): stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    return status


if __name__ == "__main__":
    sys.exit(main())
