"""``wokphysics play GAME`` for a turn-based game in the window: options, the game made or
resumed, the autosave, the window run.

Players are people and bots: ``--players`` counts everyone, ``--bots`` how many of them are
bots (a number, or one bot name per bot, e.g. ``greedy,random``); bots take the last seats.
Several people share the screen (hot seat, with the hand-over curtain). The game is written
to ``GAME-autosave.json`` after every turn (``--save``, ``--no-save``); ``--resume FILE``
continues it. ``--terminal`` plays in the terminal instead (its own options).
"""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from wokphysics.errors import UserError
from wokphysics.games.plugin import GamePlugin
from wokphysics.games.registry import bot_choices
from wokphysics.terminal.options import (
    autosave_name,
    check_players,
    check_save_options,
    check_seed,
    save_path,
)
from wokphysics.terminal.seating import add_level_option, level_bot
from wokphysics.ui.play import claim_save
from wokphysics.ui.readable import parse_scale, parse_size

if TYPE_CHECKING:  # the window is imported when used, so ``wokphysics --help`` stays quick
    from wokphysics.ui.app import App, SceneFactory, WindowOptions
    from wokphysics.ui.sound import Sound
    from wokphysics.ui.turn.scene import GameDrawing, TurnScene
    from wokphysics.ui.turn.session import TurnSession
    from wokphysics.ui.widgets import Text

SceneMaker = Callable[["TurnSession", "Text", "Sound", "Callable[[], None] | None",
                       "Callable[[], None] | None"], "TurnScene"]
"""``maker(session, text, sound, on_new_game, on_home)``: a game's scene for a session."""


@dataclass(frozen=True)
class Setup:
    """A game to start in the window: what the launcher or the command line chose.

    ``seats`` holds ``"person"`` or a bot's name per seat; ``config`` an override file of
    rules options (or None: the shipped config); ``save`` the autosave file (None: none);
    ``resume`` a saved game to continue instead of a new one."""

    game: str
    seats: tuple[str, ...]
    seed: int
    config: str | None = None
    save: Path | None = None
    resume: Path | None = None


def add_window_arguments(parser: argparse.ArgumentParser) -> None:
    """The window's own options (every game and the launcher)."""
    parser.add_argument("--size", default="1280x800", metavar="WxH",
                        help="window size in pixels (default 1280x800; the window is resizable)")
    parser.add_argument("--fullscreen", action="store_true", help="open full screen")
    parser.add_argument("--scale", default=None, metavar="S",
                        help="UI scale: text and controls S times their size (1, 1.25, 1.5, "
                        "1.75 or 2; default 1, or the launcher's choice); a scene larger than "
                        "the window is shown a part at a time (arrows at the bottom)")
    parser.add_argument("--mute", action="store_true", help="start with the sound off (M)")
    parser.add_argument("--max-frames", type=int, default=None, metavar="N",
                        help="close the window after N frames (tests, bug reports)")
    parser.add_argument("--screenshot", default=None, metavar="PATH",
                        help="save the window's last frame as a PNG")


def window_options(args: argparse.Namespace, title: str
                   ) -> tuple[WindowOptions, Path | None]:
    """The parsed window options as :class:`~wokphysics.ui.app.WindowOptions`, and the
    screenshot path."""
    from wokphysics.ui.app import WindowOptions

    if args.max_frames is not None and args.max_frames < 1:
        raise UserError(f"--max-frames must be at least 1, not {args.max_frames}")
    screenshot = Path(args.screenshot) if args.screenshot else None
    return WindowOptions(size=parse_size(args.size), fullscreen=args.fullscreen,
                         max_frames=args.max_frames, screenshot=screenshot, title=title,
                         mute=args.mute, scale=window_scale(args)), screenshot


def window_scale(args: argparse.Namespace) -> float:
    """``--scale`` checked (a UserError naming it and the scales there are); 1 without it."""
    given = getattr(args, "scale", None)
    return 1.0 if given is None else parse_scale(given)


def add_arguments(parser: argparse.ArgumentParser, plugin: GamePlugin, default_bot: str
                  ) -> None:
    """The options of ``wokphysics play GAME`` in the window for a turn-based game."""
    info = plugin.info
    engine = plugin.turn_engine
    bots = ", ".join(bot_choices(plugin.name)) if engine is not None else default_bot
    parser.add_argument("--players", type=int, default=None, metavar="N",
                        help=f"everyone at the table, people and bots, {info.min_players} to "
                        f"{info.max_players} (default {plugin.default_players})")
    parser.add_argument("--bots", default=None, metavar="N|NAMES",
                        help="how many of the players are bots (default: all but one), or one "
                        f"bot per bot seat, comma-separated ({bots}; a number means "
                        f"{default_bot}); bots take the last seats; 0 = hot seat")
    add_level_option(parser, plugin)
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="the game's seed (default: a fresh one; R starts seed S+1)")
    parser.add_argument("--config", default=None, metavar="PATH",
                        help=f"a TOML file or folder layered over config/{plugin.config_file}")
    parser.add_argument("--resume", default=None, metavar="FILE",
                        help=f"continue a saved game (default file {autosave_name(plugin.name)}; "
                        "one saved at the terminal too)")
    parser.add_argument("--save", default=None, metavar="FILE",
                        help=f"autosave after every turn here (default "
                        f"{autosave_name(plugin.name)}, or the --resume file; none with "
                        "--max-frames)")
    parser.add_argument("--no-save", action="store_true", help="do not autosave")
    add_window_arguments(parser)
    add_terminal_flag(parser)


def add_terminal_flag(parser: argparse.ArgumentParser, in_terminal: bool = False) -> None:
    """``--terminal``: the window's commands say what it does; the terminal's accept it."""
    parser.add_argument("--terminal", action="store_true",
                        help="play in the terminal (this command)" if in_terminal else
                        "play in the terminal instead of the window (see "
                        "'wokphysics play GAME --terminal --help' for its options)")


def setup_from_args(args: argparse.Namespace, plugin: GamePlugin, default_bot: str) -> Setup:
    """The game the options ask for (a UserError names a bad option)."""
    from wokphysics.ui.turn.seats import seat_labels

    engine = plugin.turn_engine
    assert engine is not None
    save = save_path(args, autosave_name(plugin.name), window=True)
    check_save_options(args)
    if args.resume:
        from wokphysics.replay.turn_record import read_record

        record = read_record(args.resume)  # a bad file is one line before any window opens
        if record.game != plugin.name:
            raise UserError(f"{args.resume}: a saved game of {record.game}, not {plugin.name}; "
                            f"resume it with: wokphysics play {record.game} --resume "
                            f"{args.resume}")
        if save is not None:
            save = claim_save(save, Path(args.resume), plugin.name)
        return Setup(plugin.name, record.seats, record.state.seed, None, save,
                     Path(args.resume))
    players = plugin.default_players if args.players is None else args.players
    check_players(players, plugin.info.min_players, plugin.info.max_players, plugin.title)
    default_bot = level_bot(plugin, getattr(args, "level", None), default_bot)
    seats = seat_labels(players, args.bots, bot_choices(plugin.name), default_bot, plugin.name)
    seed = check_seed(args.seed) if args.seed is not None else secrets.randbelow(1_000_000)
    if args.config is not None:
        engine.new_state(len(seats), seed, args.config)  # a bad file is one line, now
    if save is not None:
        save = claim_save(save, None, plugin.name)
    return Setup(plugin.name, seats, seed, args.config, save)


def turn_factory(setup: Setup, maker: SceneMaker) -> SceneFactory:
    """Makes the game's scene in a window (restart: a new game with seed + 1, same seats)."""
    from wokphysics.ui.guide import offer_guide
    from wokphysics.ui.turn.guide import turn_guide
    from wokphysics.ui.turn.session import TurnSession

    games_made = 0

    def new_scene(app: App) -> TurnScene:
        from wokphysics.records.saving import claim_to_resume, release_save_file

        nonlocal games_made
        if setup.save is not None:
            claim_to_resume(setup.save)  # held already, unless a return to the launcher let go
        if setup.resume is not None and games_made == 0:
            session = TurnSession.resume(setup.resume, setup.save)
        else:
            seed = setup.seed + games_made
            session = TurnSession.new(setup.game, setup.seats, seed, setup.config, setup.save)
        games_made += 1
        home = app.home

        def go_home() -> None:
            if home is not None:
                app.switch(home)

        scene = maker(session, app.text, app.sound, app.restart,
                      go_home if home is not None else None)
        if setup.save is not None:
            save = setup.save

            def leave() -> None:
                session.autosave()  # SaveFailed: the window stays open, the file claimed
                release_save_file(save)

            app.on_leave = leave
            app.save_problem = lambda: session.save_problem
        offer_guide(app, lambda: turn_guide(scene.parts.guide_steps, scene.session,
                                            guide_target(scene.parts.drawing)),
                    setup.game, setup.save)
        return scene

    return new_scene


def guide_target(drawing: GameDrawing) -> Callable[[int], tuple[int, int] | None] | None:
    """Where the guide's steps point on the table ``drawing`` draws (We Will Wok You's first
    step: the first coin set), or None."""
    from wokphysics.ui.we_will_wok_you.drawing import WwwyDrawing
    from wokphysics.ui.we_will_wok_you.layout import WwwyTarget

    if not isinstance(drawing, WwwyDrawing):
        return None

    def target(step: int) -> tuple[int, int] | None:
        if step != 0:
            return None
        lay = drawing.view.layout()
        for rect, found in lay.hits:
            if found == WwwyTarget("coin", 0):
                return rect.center
        return None

    return target


def run_window(args: argparse.Namespace, plugin: GamePlugin, default_bot: str,
               maker: SceneMaker) -> int:
    """``wokphysics play GAME`` in the window: exit status."""
    from wokphysics.records.saving import saved_game_line
    from wokphysics.ui.app import App

    setup = setup_from_args(args, plugin, default_bot)
    options, screenshot = window_options(args, plugin.title)
    app = App(options, turn_factory(setup, maker))
    status = app.run()
    line = None if setup.save is None else saved_game_line(plugin.name, setup.save)
    if line is not None:
        print(line)
    if screenshot is not None:
        print(f"screenshot saved to {screenshot}")
    return status
