"""``wokphysics play wok-star``: Wok Star in the window (or, with ``--terminal``, in the
terminal as before).

Players are people and team bots: ``--players`` counts everyone, ``--bots`` how many are
bots (a number, or one bot name per bot, e.g. ``team,random``); bots take the last seats.
Several people share the screen (hot seat: nothing in Wok Star is hidden, so there is no
curtain). The game is written to ``wok-star-autosave.json`` after every turn (``--save``,
``--no-save``); ``--resume FILE`` continues it; ``wokphysics replay FILE`` watches it.
``--terminal`` plays in the terminal instead (the command line routes it to the terminal's
own command).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from wokphysics.errors import UserError
from wokphysics.games.registry import bot_choices
from wokphysics.games.wok_star.info import INFO
from wokphysics.games.wok_star.plugin import PLUGIN as WOK_STAR
from wokphysics.terminal.options import (
    autosave_name,
    check_players,
    check_save_options,
    save_path,
    seed_or_fresh,
)
from wokphysics.terminal.seating import add_level_option, level_bot
from wokphysics.terminal.wok_star.commands import add_rules_options, play_config
from wokphysics.ui.turn.play import (
    add_terminal_flag,
    add_window_arguments,
    window_options,
)

GAME = INFO.name
AUTOSAVE = autosave_name(GAME)
BOTS = tuple(bot_choices(INFO.name))
DEFAULT_BOT = "team"

if TYPE_CHECKING:
    from wokphysics.ui.wok_star.play import StarSetup
    from wokphysics.ui.wok_star.record import StarRecord

HOW_TO_PLAY = """\
Wok Star is a cooperative restaurant game in real time: the team cooks together against two
20-second sand timers for six rounds, and must earn the loan back in the sixth round.

In the window: drag your dice onto your preparations (any die makes 1 ingredient, the card's
number 2; click one die, then drag another onto the card for its two-dice combination: 3);
drag a die onto a teammate's panel to give it (a die you were given goes on any of the
team's preparations, yours only on yours); click the customer to serve it (its recipe's
owner serves), right-click it (or Turn away) to turn it away; click your Family Character to
use it. Team bots cook beside you at a pace you can follow. Esc pauses (the sand stops), F1
shows the controls, M mutes, R restarts. Between rounds: Accounting (money earned) and the
Purchase (recipes, upgrades, advertising, with their prices).

In the terminal (--terminal; see 'wokphysics play wok-star --terminal --help' for its
options): type short commands (help lists them) while the sand runs. It saves to the same
file, so a game goes on in either."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``wokphysics play wok-star``."""
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = HOW_TO_PLAY
    parser.add_argument("--players", type=int, default=None, metavar="N",
                        help="everyone at the table, people and bots, 1 to 4 (default 2)")
    parser.add_argument("--bots", default=None, metavar="N|NAMES",
                        help="how many players are bots (default: all but one), or one bot "
                        f"name per bot, comma-separated ({', '.join(BOTS)}); bots take the "
                        "last seats; 0 = people only (hot seat)")
    add_level_option(parser, WOK_STAR)
    add_rules_options(parser)
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="seed of the shuffles and dice (default: a fresh one; R starts "
                        "seed S+1)")
    parser.add_argument("--config", default=None, metavar="PATH",
                        help="a TOML file (or folder) layered over config/wok_star.toml")
    parser.add_argument("--resume", default=None, metavar="FILE",
                        help=f"continue a saved game (e.g. {AUTOSAVE}; one saved at the "
                        "terminal too)")
    parser.add_argument("--save", default=None, metavar="FILE",
                        help=f"autosave after every turn here (default {AUTOSAVE}, or the "
                        "--resume file; none with --max-frames)")
    parser.add_argument("--no-save", action="store_true", help="do not autosave")
    add_window_arguments(parser)
    add_terminal_flag(parser)


def run(args: argparse.Namespace) -> int:
    """``wokphysics play wok-star`` in the window: exit status (``--terminal`` is routed to
    the terminal's command by the command line before this parser)."""
    return _window(args)


def setup_from_args(args: argparse.Namespace) -> StarSetup:
    """The game the options ask for (a UserError names a bad option; a bad --resume file is
    one line before any window opens)."""
    from wokphysics.ui.play import claim_save
    from wokphysics.ui.turn.seats import seat_labels
    from wokphysics.ui.wok_star.play import StarSetup

    check_save_options(args)
    resume = Path(args.resume) if args.resume else None
    if resume is not None:
        from wokphysics.ui.wok_star.record import read_record

        record = read_record(resume)
        save = save_path(args, AUTOSAVE, window=True)
        if save is not None:
            save = claim_save(save, resume, GAME)
        return StarSetup(record.seats, record.state.seed, None, save, resume)
    players = check_players(2 if args.players is None else args.players, 1, 4, "Wok Star")
    default = level_bot(WOK_STAR, getattr(args, "level", None), DEFAULT_BOT)
    seats = seat_labels(players, args.bots, BOTS, default, GAME)
    config = play_config(args)
    seed = seed_or_fresh(args.seed)
    save = save_path(args, AUTOSAVE, window=True)
    if save is not None:
        save = claim_save(save, None, GAME)
    return StarSetup(seats, seed, config, save)


def _window(args: argparse.Namespace) -> int:
    from wokphysics.records.saving import saved_game_line
    from wokphysics.ui.app import App
    from wokphysics.ui.wok_star.play import star_factory

    options, screenshot = window_options(args, "Wok Star")
    setup = setup_from_args(args)
    status = App(options, star_factory(setup)).run()
    line = None if setup.save is None else saved_game_line("wok-star", setup.save)
    if line is not None:
        print(line)
    if screenshot is not None:
        print(f"screenshot saved to {screenshot}")
    return status


def replay_file(args: argparse.Namespace) -> int | None:
    """``wokphysics replay FILE`` for a saved Wok Star game: its replay viewer (exit status),
    or None when ``FILE`` is not one, or for ``--verify``."""
    from wokphysics.records.files import read_replay_json
    from wokphysics.ui.wok_star.record import is_star_record, read_record

    if args.verify:
        return None  # every turn game's save is verified alike (replay/turn_record.py)
    try:
        data = read_replay_json(args.file)
    except UserError:
        return None  # the general replay command says what is wrong with the file
    if not is_star_record(data):
        return None
    record = read_record(args.file)  # a bad file is one line, before any window opens
    return _replay_window(args, record)


def _replay_window(args: argparse.Namespace, record: StarRecord) -> int:
    from wokphysics.games.wok_star.state import WokStarState
    from wokphysics.ui.app import App, replay_window_options
    from wokphysics.ui.wok_star.replay import StarReplay
    from wokphysics.ui.wok_star.scene import StarScene
    from wokphysics.ui.wok_star.session import StarSession

    options = replay_window_options(args, f"Wok Star replay - {Path(args.file).name}")
    screenshot = options.screenshot

    def new_scene(app: App) -> StarScene:
        control = StarReplay(record.seats, record.initial, record.actions, record.times)
        session = StarSession(WokStarState.from_dict(record.initial.to_dict()), record.seats)
        scene = StarScene(session, app.text, app.sound)
        scene.start_replay(control)
        return scene

    status = App(options, new_scene).run()
    if screenshot is not None:
        print(f"screenshot saved to {screenshot}")
    return status
