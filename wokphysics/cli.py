"""The ``wokphysics`` command: the launcher, play, simulate, score, replay and bench.

Each game contributes its verbs through its entry in every layer: the terminal's
(:mod:`wokphysics.terminal.registry`: ``score``, ``play --terminal``, the options of
``simulate``), the studies' (``simulate`` and ``sweep``) and the window's
(:mod:`wokphysics.ui.front_ends`: ``play``), all found from the game's plugin
(:mod:`wokphysics.games.registry`).
``wokphysics`` alone, or ``wokphysics play`` alone, opens the launcher window;
``wokphysics play GAME`` goes straight into a game (in the window where the game has one;
``--terminal`` plays in the terminal). Every mistake a user can make ends in one clear line on
standard error and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, NoReturn

from wokphysics.errors import UserError
from wokphysics.games.plugin import GamePlugin
from wokphysics.games.registry import PLUGINS
from wokphysics.games.wok_on_fire.info import INFO as WOK_ON_FIRE
from wokphysics.studies.commands import (
    COMPARE_HELP,
    PHYSICS_SWEEPS,
    SIMULATE_HELP,
    SWEEP_HELP,
    compare_command,
    needs_study_tools,
    simulate_command,
    sweep_command,
)
from wokphysics.studies.ladder_command import LADDER_HELP, ladder_command
from wokphysics.terminal.entry import Verb, VerbCommand
from wokphysics.terminal.registry import terminal_entry
from wokphysics.ui.front_ends import terminal_play, window_play
from wokphysics.ui.turn.play import add_window_arguments

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

DEFAULT_PLAY_GAME = WOK_ON_FIRE.name
TERMINAL = "--terminal"
NO_CURRENT_FOLDER = "the current folder no longer exists; change to a folder that does"

VERB_HELP: dict[Verb | Literal["sweep", "compare", "ladder"], str] = {
    "play": "play a game: alone, the launcher; with a GAME, that game in the window (or in "
    "the terminal with --terminal, or where a game has no window)",
    "simulate": SIMULATE_HELP,
    "sweep": SWEEP_HELP,
    "compare": COMPARE_HELP,
    "ladder": LADDER_HELP,
    "score": "score a player's collected cards exactly",
}

VERB_EPILOG: dict[Verb | Literal["sweep", "compare", "ladder"], str] = {
    "play": "Options without a GAME (wokphysics play --players 3) play Wok on Fire; "
    "a GAME named after its options (wokphysics play --players 3 wok-star) plays that "
    "game. 'wokphysics play GAME --help' lists a game's options.",
}


def _command(plugin: GamePlugin, verb: Verb | Literal["sweep", "compare", "ladder"],
             terminal: bool = False) -> VerbCommand | None:
    """What ``wokphysics VERB GAME`` runs: the window for ``play`` where the game has one (the
    terminal's ``play`` when ``terminal``); ``simulate`` and ``sweep`` are studies on the
    batch runner (:mod:`wokphysics.studies`)."""
    if verb == "play":
        if terminal:
            return terminal_play(plugin)
        window = window_play(plugin)
        if window is not None:
            return window
    if verb == "simulate":
        return simulate_command(plugin)
    if verb == "sweep":
        return sweep_command(plugin)
    if verb == "compare":
        return compare_command(plugin)
    if verb == "ladder":
        return needs_study_tools(ladder_command(plugin), f"ladder {plugin.name}")
    if verb == "score":
        return terminal_entry(plugin).score
    return terminal_entry(plugin).play


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line with exit status 2."""

    def error(self, message: str, command: str = "") -> NoReturn:
        """``message`` in one line, and the help to read: this parser's, or that of
        ``command`` (the words after ``wokphysics``: ``play we-will-wok-you``)."""
        # one line however long the bad value: a quoted value past 40 characters is cut
        message = re.sub(r"'([^'\n]{40})[^'\n]+'", r"'\1...'", message).replace("\n", " ")
        helped = f"{self.prog} {command}".strip()
        self.exit(2, f"{self.prog}: error: {message} (see '{helped} --help')\n")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """argparse's, without its silence when the standard output fails: ``--help >
        /dev/full`` reaches :func:`main`'s handling of a failed output, as a command's output
        does, instead of exit status 0 and no help. A failed error stream stays silent (there
        is nowhere left to say so; the exit status still does)."""
        stream = file or sys.stderr
        if not message or stream is None:
            return
        try:
            stream.write(message)
            flush = getattr(stream, "flush", None)
            if flush is not None:
                flush()
        except OSError:
            if stream is sys.stdout:
                raise


def build_parser(terminal: bool = False) -> argparse.ArgumentParser:
    """The whole command line (``terminal``: ``play GAME`` is the terminal's)."""
    parser = _Parser(
        prog="wokphysics",
        description="Four wok games: Wok on Fire on a physics table, and We Will Wok You, "
        "Wok Star and Wok and Roll on a turn engine, with bots. Without a COMMAND, the "
        "launcher window opens (choose a game, the players, the rules options, a seed, or "
        "resume the last game); the options below are for that window.",
    )
    add_window_arguments(parser)
    parser.set_defaults(handler=_run_launcher)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    for verb, help_text in VERB_HELP.items():
        verb_parser = commands.add_parser(verb, help=help_text, description=help_text,
                                          epilog=VERB_EPILOG.get(verb))
        games = verb_parser.add_subparsers(dest="game", metavar="GAME", parser_class=_Parser)
        games.required = True
        for plugin in PLUGINS:
            command = _command(plugin, verb, terminal)
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
        help="watch a recorded game turn by turn (any game's autosave, a Wok on Fire table), "
        "or --verify it",
        description="Watch a replay file in the window, turn by turn, or verify it: rebuild "
        "the game from its start, re-apply every step and compare (Wok on Fire: the state "
        "hashes; the turn-based games' autosaves: the saved state). "
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
    replay.add_argument(
        "--scale", default=None, metavar="S",
        help="UI scale: text and controls S times their size (1, 1.25, 1.5, 1.75 or 2; "
        "default 1), as in play; a scene larger than the window is shown a part at a time",
    )
    replay.add_argument(
        "--size", default=None, metavar="WxH",
        help="window size in pixels (default 1280x800; the window is resizable)",
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
    from wokphysics.records.files import read_replay_json
    from wokphysics.replay.command import check_replay_file, verify_replay
    from wokphysics.replay.turn_record import is_turn_record, verify_record
    from wokphysics.ui.wok_star.command import replay_file

    wok_star = replay_file(args)  # a saved Wok Star game from the window
    if wok_star is not None:
        return wok_star
    if is_turn_record(read_replay_json(args.file)):
        if args.verify:
            identical, message = verify_record(args.file)
            print(f"{args.file}: {message}")
            return 0 if identical else 1
        from wokphysics.ui.turn.replay_window import run_turn_replay

        return run_turn_replay(args.file, args)
    if args.verify:
        return verify_replay(args.file)
    check_replay_file(args.file)  # a bad file is one line, before any window opens
    from wokphysics.ui.wok_on_fire.replay.window import run_replay_window

    return run_replay_window(args.file, args)


def _run_launcher(args: argparse.Namespace) -> int:
    from wokphysics.ui.launcher.run import run_launcher

    return run_launcher(args)


def _run_bench(args: argparse.Namespace) -> int:
    from wokphysics.bench import run_bench

    return run_bench(args)


_WINDOW_VALUE_OPTIONS = ("--size", "--scale", "--max-frames", "--screenshot")
"""The window options (ui/turn/play.add_window_arguments) that take a value."""


def _command_at(argv: list[str]) -> int:
    """Where the command word is: after the window options that may come before it."""
    at = 0
    while at < len(argv) and argv[at].startswith("-") and argv[at] not in ("-h", "--help"):
        at += 2 if argv[at] in _WINDOW_VALUE_OPTIONS else 1
    return at


def _with_default_game(argv: list[str]) -> list[str]:
    """``wokphysics play`` alone opens the launcher (``wokphysics``); ``wokphysics play
    [options]`` means ``wokphysics play wok-on-fire [options]`` (as before the launcher),
    and ``wokphysics play [options] GAME`` means ``wokphysics play GAME [options]``. Window
    options written before ``play`` (``wokphysics --mute play wok-star``) go with the
    game's: argparse would otherwise let the game's defaults overwrite them unseen."""
    at = _command_at(argv)
    if at < len(argv) and argv[at] == "play":
        window, rest = argv[:at], argv[at + 1 :]
        if not rest:
            return window
        if rest[0].startswith("-") and rest[0] not in ("-h", "--help"):
            games = [word for word in rest if word in {p.name for p in PLUGINS}]
            if games:  # ``play --players 3 wok-star``: the game named after its options
                rest.remove(games[0])
                return ["play", games[0], *window, *rest]
            return ["play", DEFAULT_PLAY_GAME, *window, *rest]
        return ["play", rest[0], *window, *rest[1:]]
    return argv


def _terminal_game_problem(argv: list[str]) -> str | None:
    """Why ``play GAME --terminal`` cannot be (a game played only in the window), or None."""
    if len(argv) > 1 and argv[0] == "play":
        for plugin in PLUGINS:
            if plugin.name == argv[1] and terminal_play(plugin) is None:
                return (f"{plugin.title} is played in the window only (it is a physics "
                        f"table): wokphysics play {plugin.name}")
    return None


def _option_strings(command: VerbCommand) -> set[str]:
    """The option strings ``command`` takes (``--players``, ``-h``...)."""
    probe = argparse.ArgumentParser(add_help=False)
    command.add_arguments(probe)
    return {option for action in probe._actions for option in action.option_strings}


def _window_option_in_terminal(argv: list[str]) -> str | None:
    """For ``play GAME --terminal ...``: a window-only option given (``--no-save``,
    ``--size``...), said in one line with where to look, or None."""
    if len(argv) < 2:
        return None
    for plugin in PLUGINS:
        if plugin.name != argv[1]:
            continue
        window, terminal = window_play(plugin), terminal_play(plugin)
        if window is None or terminal is None:
            return None
        window_only = _option_strings(window) - _option_strings(terminal)
        for word in argv[2:]:
            if word == "--":
                return None
            option = word.split("=", 1)[0]
            if option in window_only:
                return (f"{option} is an option of the window, not of the terminal game "
                        f"(see 'wokphysics play {plugin.name} --terminal --help')")
    return None


def _command_words(argv: Sequence[str]) -> list[str]:
    """The command and game named in ``argv`` (``simulate wok-star``, ``sweep flips``,
    ``replay``): what to ask ``--help`` of."""
    words: list[str] = []
    for word in argv:
        if word in ("play", "simulate", "sweep", "compare", "ladder", "score", "replay",
                    "bench") \
                and not words:
            words.append(word)
        elif words and (word in {plugin.name for plugin in PLUGINS} or word == "flips"):
            words.append(word)
            break
    return words


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``wokphysics`` command; returns the exit status."""
    args_list = _with_default_game(list(sys.argv[1:] if argv is None else argv))
    terminal = bool(args_list) and args_list[0] == "play" and TERMINAL in args_list
    if terminal:
        problem = _terminal_game_problem(args_list) or _window_option_in_terminal(args_list)
        if problem is not None:
            print(f"wokphysics: {problem}", file=sys.stderr)
            return 2
    parser = build_parser(terminal)
    try:
        # inside: ``--help`` writes the help here, and its output may fail as a command's does
        args, unknown = parser.parse_known_args(args_list)
        if unknown:
            # argparse names the top parser's help, which lists no option of a GAME's command
            where = " ".join([*_command_words(args_list), *(["--terminal"] if terminal else [])])
            assert isinstance(parser, _Parser)
            parser.error(f"unrecognized arguments: {' '.join(unknown)}", where)
        if not _current_folder_exists():
            # before any command: Dask's workers, for one, start in it and fail with a traceback
            print(f"wokphysics: {NO_CURRENT_FOLDER}", file=sys.stderr)
            return 2
        status: int = args.handler(args)
        sys.stdout.flush()  # a full device says so here, not in Python's exit hook
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
    except OSError as error:
        problem = os_problem(error)
        if problem is None:
            raise
        print(f"wokphysics: {problem}", file=sys.stderr)
        if error.filename is None:  # the output itself failed: what is left of it goes nowhere
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 2
    finally:
        _release_save_files()
    return status


def _current_folder_exists() -> bool:
    try:
        os.getcwd()
    except OSError:
        return False
    return True


def _release_save_files() -> None:
    """The command is over: let go of the save files it claimed (their lock files go too),
    also when it was refused after claiming one."""
    from wokphysics.records.saving import release_all

    release_all()


def _shown(name: object) -> str:
    """A file name for a message line: at most 60 characters, and the count if cut."""
    text = os.fsdecode(name) if isinstance(name, bytes | str) else str(name)
    return text if len(text) <= 60 else f"{text[:40]}...({len(text)} characters)"


def os_problem(error: OSError) -> str | None:
    """What an operating-system refusal means for the user, in one line, or None for one that
    is not about a file or the output (a bug: let it show). The file and option checks
    catch what they know; these are the refusals any path can meet: a name longer than the
    file system takes, a full disk, the current folder deleted meanwhile."""
    if error.filename is not None:
        line = f"{_shown(error.filename)}: {error.strerror or error}"
        if error.errno == errno.ENAMETOOLONG:
            line += " (a file or folder name may have at most 255 bytes; choose a shorter one)"
        return line
    if error.errno == errno.ENOSPC:
        return "cannot write the output: the device is full; free some space or write elsewhere"
    if isinstance(error, FileNotFoundError) and not _current_folder_exists():
        return NO_CURRENT_FOLDER  # deleted while the command ran
    if error.errno in (errno.EIO, errno.EROFS, errno.EACCES, errno.EDQUOT):
        return f"cannot write the output: {error.strerror}"
    return None


if __name__ == "__main__":
    sys.exit(main())
