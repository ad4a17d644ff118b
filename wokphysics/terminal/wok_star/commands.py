"""Wok Star on the command line: ``play wok-star`` and the options of ``simulate wok-star`` (its
bench figures: :mod:`wokphysics.games.wok_star.bench`).

Heavy imports happen inside the functions so ``wokphysics --help`` stays quick.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from wokphysics.errors import UserError
from wokphysics.games.wok_star.plugin import PLUGIN
from wokphysics.terminal.options import (
    add_bot_options,
    add_players,
    add_seed_and_config,
    check_players,
    seed_or_fresh,
)
from wokphysics.terminal.seating import level_bot

if TYPE_CHECKING:
    from wokphysics.games.wok_star.cards import WokStarConfig

TITLE = "Wok Star (cooperative, real time, 1-4 players)"
DIFFICULTY_CHOICES = ("easy", "normal", "hard")


def _common(parser: argparse.ArgumentParser, simulate: bool = False) -> None:
    add_players(parser, 2, 1, 4)
    add_rules_options(parser)
    add_seed_and_config(parser, "shuffles and dice", "wok_star.toml", simulate)


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """``--difficulty``, ``--no-timer``, ``--no-events``, ``--no-characters``,
    ``--first-game`` (the terminal's and the window's ``play wok-star``, and ``simulate``)."""
    parser.add_argument(
        "--difficulty",
        default=None,
        metavar="LEVEL",
        help="easy, normal or hard (default: the config's, normal)",
    )
    parser.add_argument("--no-timer", action="store_true", help="play without the sand timers")
    parser.add_argument("--no-events", action="store_true", help="leave the event cards out")
    parser.add_argument(
        "--no-characters", action="store_true", help="leave the Family Characters out"
    )
    parser.add_argument(
        "--first-game",
        action="store_true",
        help="the rulebook's first game: no timer, no events, no characters",
    )


def _players(value: int) -> int:
    return check_players(value, 1, 4, "Wok Star")


def _difficulties(value: str | None, allow_all: bool) -> list[str] | None:
    if value is None:
        return None
    if allow_all and value == "all":
        return list(DIFFICULTY_CHOICES)
    if value not in DIFFICULTY_CHOICES:
        extra = ", or all" if allow_all else ""
        raise UserError(f"--difficulty must be easy, normal or hard{extra}, not '{value}'")
    return [value]


def _config(args: argparse.Namespace, difficulty: str | None) -> WokStarConfig:
    from wokphysics.games.wok_star.cards import default_config, load_config

    config = load_config(args.config) if args.config else default_config()
    options: dict[str, bool | str] = {}
    if args.no_timer or args.first_game:
        options["timer"] = False
    if args.no_events or args.first_game:
        options["events"] = False
    if args.no_characters or args.first_game:
        options["characters"] = False
    if difficulty is not None:
        options["difficulty"] = difficulty
    return config.with_options(**options) if options else config


def play_config(args: argparse.Namespace) -> WokStarConfig:
    """The config ``--config`` and the rules options of :func:`add_rules_options` ask for
    (one difficulty; a UserError or ConfigError names a bad value)."""
    chosen = _difficulties(args.difficulty, allow_all=False)
    return _config(args, chosen[0] if chosen else None)


# ---------------------------------------------------------------------- play
def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    from wokphysics.terminal.options import add_save_options

    _common(parser)
    parser.set_defaults(players=None)  # given or not: --resume refuses it
    add_bot_options(parser, PLUGIN, "team")
    add_save_options(parser, "wok-star")


def play(args: argparse.Namespace) -> int:
    """Wok Star at the prompt, in real time: the game autosaves after every turn
    (``--save``, ``--no-save``); ``--resume FILE`` continues a saved game (the window's
    too)."""
    import sys

    from wokphysics.games.registry import bot_choices, check_bot_names
    from wokphysics.games.wok_star.clock import WallClock
    from wokphysics.games.wok_star.state import WokStarState
    from wokphysics.terminal.live_line import LiveLine, keys_one_by_one
    from wokphysics.terminal.prompt import print_fitted
    from wokphysics.terminal.saving import resumed_game, seat_game
    from wokphysics.terminal.seating import bot_seats, seats_line
    from wokphysics.terminal.wok_star.play import (
        CLEAR,
        HELP,
        LEGEND,
        StarAutosave,
        play_live,
    )

    record = resumed_game(args, PLUGIN)
    state: WokStarState | None = None
    names: list[str | None] = []
    if record is None:
        bot = level_bot(PLUGIN, getattr(args, "level", None), args.bot or "team")
        check_bot_names("wok-star", [bot], "--bot")  # named as typed, even with --bots 0
        players = _players(2 if args.players is None else args.players)
        names = bot_seats(players, args.bots, bot_choices("wok-star"), bot, "wok-star")
        config = play_config(args)
        seed = seed_or_fresh(args.seed)
        state = WokStarState(players, seed, config, WallClock() if config.rules.timer else None)
        times: list[float] = []
    else:
        resumed = record.state
        assert isinstance(resumed, WokStarState)
        if resumed.config.rules.timer:  # the sand runs on from where it was saved
            resumed.clock = WallClock(offset=resumed.now)
        times = (record.times if record.times is not None  # a simulated game's otherwise
                 else [step.after.now for step in record.steps()
                       if isinstance(step.after, WokStarState)])
    game = seat_game(args, PLUGIN, record, state, names, times)
    star = game.state
    assert isinstance(star, WokStarState)
    seats = game.bots(PLUGIN.name)
    # fitted to 80 columns: with 3 bots it ran to 100 and the terminal cut 'co' / 'mmands'
    print_fitted(f"Wok Star, {game.opening}: {seats_line(game.names)}. Type 'help' for the "
                 "commands.")
    print(HELP)
    print(LEGEND)
    autosave = StarAutosave(star, times, game.save.write)
    clear = CLEAR if sys.stdout.isatty() else ""
    # Real time needs a terminal that can be polled; otherwise each turn waits for a line.
    live = star.config.rules.timer and sys.stdin.isatty() and sys.platform != "win32"
    try:
        if not live:
            play_live(star, seats, clear=clear, after_step=autosave)
            return 0
        line = LiveLine(sys.stdin.fileno(), sys.stdout)
        game.save.say = line.write  # a failed save is said above the prompt line too
        try:
            with keys_one_by_one(line.fd):
                play_live(star, seats, read=line.read, write=line.write, poll=line.poll,
                          clear=clear, after_step=autosave)
        finally:
            line.close()
    finally:
        game.save.close(star)
    return 0


# ---------------------------------------------------------------------- simulate
def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    _common(parser, simulate=True)
    parser.set_defaults(players=None)
    parser.add_argument(
        "--games", type=int, default=200, metavar="N", help="games per setting (default 200)"
    )
    parser.add_argument(
        "--bot",
        default="team",
        metavar="NAME",
        help="bot for every seat: team or random (default team)",
    )
    parser.add_argument(
        "--all", action="store_true", help="every player count 1-4 and every difficulty"
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
