"""``wokphysics play`` (Wok on Fire): options checked, game made or resumed, window run.

Players are people and bots at one table: ``--players`` counts everyone, ``--bots`` says how
many of them are bots (a number, or one strength name per bot, e.g. ``strong,weak``); bots
take the last seats, people the first (player 1 sits at the bottom of the screen). With more
than one person they share the mouse (hot seat).
"""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path
from typing import TYPE_CHECKING

from wokphysics.errors import UserError
from wokphysics.games.wok_on_fire.info import INFO
from wokphysics.games.wok_on_fire.plugin import PLUGIN
from wokphysics.terminal.seating import add_level_option, level_bot
from wokphysics.ui.readable import parse_scale, parse_size

if TYPE_CHECKING:  # imported when used, so ``wokphysics --help`` stays quick
    from wokphysics.config.wok_on_fire import WokOnFireConfig
    from wokphysics.games.wok_on_fire.engine import WokOnFireGame
    from wokphysics.games.wok_on_fire.record import Autosave
    from wokphysics.ui.app import App, SceneFactory
    from wokphysics.ui.pointer_clock import WindowClock
    from wokphysics.ui.wok_on_fire.scene import WokOnFireScene

DEFAULT_BOT = "strong"
DEFAULT_PLAYERS = 2
DEFAULT_BOTS = "1"
DEFAULT_SAVE = "wok-on-fire-autosave.json"


def bot_labels(players: int, bots: str, cfg: WokOnFireConfig,
               default_bot: str = DEFAULT_BOT) -> tuple[str, ...]:
    """One label per player: ``"person"`` or a bot strength, bots in the last seats (a
    number of bots are ``default_bot``)."""
    from wokphysics.ui.turn.seats import seat_labels

    if not 1 <= players <= 4:
        raise UserError(f"--players {players}: Wok on Fire has 1 to 4 players")
    return seat_labels(players, bots, _bot_names(cfg), default_bot, INFO.name)


def _bot_names(cfg: WokOnFireConfig) -> list[str]:
    from wokphysics.games.wok_on_fire.bots import bot_names

    return bot_names(cfg) or ["strong", "weak"]


def play_window(args: argparse.Namespace) -> int:
    """Run the game window for the parsed ``wokphysics play`` options; exit status."""
    from wokphysics.records.saving import release_save_file

    app, save, screenshot = build_app(args)
    try:
        status = app.run()  # closing the window (or Ctrl-C) saves the game: the scene's on_leave
    finally:
        if save is not None:
            release_save_file(save)
    if screenshot is not None:
        print(f"screenshot saved to {screenshot}")
    return status


def save_on_leave(scene: WokOnFireScene, saver: Autosave) -> None:
    """Write ``scene``'s game with every input so far to its save file (a stir or chop under
    way is finished first: the engine records its outcome) and say how to continue it (or,
    when it is over, to replay it). SaveFailed if it cannot be written."""
    from wokphysics.records.saving import saved_game_line

    scene.finish_motion()
    saver.save()
    line = saved_game_line(INFO.name, saver.path)
    if line is not None:
        print(line)


def build_app(args: argparse.Namespace, clock: WindowClock | None = None
              ) -> tuple[App, Path | None, Path | None]:
    """The window with its first game, ready to run: (app, autosave file, screenshot file).
    ``clock``: the window's clock (default the machine's; tests give a virtual one)."""
    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.terminal.options import save_path
    from wokphysics.ui.display import missing_display

    if args.max_frames is not None and args.max_frames < 1:
        raise UserError(f"--max-frames must be at least 1, not {args.max_frames}")
    size = parse_size(args.size)
    scale = 1.0 if args.scale is None else parse_scale(args.scale)
    screenshot = Path(args.screenshot) if args.screenshot else None
    if args.practice:
        return _practice_app(args, size, screenshot, clock), None, screenshot
    # Autosave: --save, else the --resume file itself, else the default file; tests and
    # bug reports (--max-frames) write none unless asked, and --no-save writes none.
    save = save_path(args, DEFAULT_SAVE, window=True)

    from wokphysics.games.wok_on_fire.record import resume_game
    from wokphysics.terminal.options import check_save_options, check_seed

    check_save_options(args)
    if args.resume:
        if save is not None:
            save = claim_save(save, Path(args.resume))
        first = resume_game(args.resume)  # saved to ``save`` once its scene is made
        cfg = first.cfg
        labels = first.bots
        seed = first.seed
    else:
        cfg = load_config(args.config)
        labels = bot_labels(DEFAULT_PLAYERS if args.players is None else args.players,
                            DEFAULT_BOTS if args.bots is None else args.bots, cfg,
                            level_bot(PLUGIN, args.level, DEFAULT_BOT))
        seed = check_seed(args.seed) if args.seed is not None else secrets.randbelow(1_000_000)
        first = None

    problem = missing_display()
    if problem is not None:
        raise UserError(problem)
    if save is not None and first is None:
        # Only now, with every option checked: a refused command leaves the save files alone.
        save = claim_save(save, None)

    from wokphysics.ui.app import App, WindowOptions

    options = WindowOptions(size=size, fullscreen=args.fullscreen, max_frames=args.max_frames,
                            screenshot=screenshot, title="Wok on Fire", mute=args.mute,
                            scale=scale)
    factory = scene_factory(cfg, labels, seed, save, first)
    return App(options, factory, clock), save, screenshot


def _resume_or_replay(path: Path) -> str:
    from wokphysics.records.saving import holds_unfinished_game

    if holds_unfinished_game(path):
        return f"continue it with: wokphysics play wok-on-fire --resume {path}"
    return f"replay it with: wokphysics replay {path}"


def scene_factory(cfg: WokOnFireConfig, labels: tuple[str, ...], seed: int, save: Path | None,
                  first: WokOnFireGame | None = None) -> SceneFactory:
    """Makes the game's scene in a window: ``first`` (a resumed game) or a new game of seed
    ``seed``; each restart a new game with the next seed. The game saves to ``save``. (The
    launcher starts Wok on Fire through this too.)"""
    from wokphysics.games.seeds import bot_seed
    from wokphysics.games.wok_on_fire.bots import WokBot
    from wokphysics.games.wok_on_fire.engine import WokOnFireGame
    from wokphysics.games.wok_on_fire.players import make_bot
    from wokphysics.games.wok_on_fire.record import Autosave
    from wokphysics.records.saving import keep_previous
    from wokphysics.ui.app import on_table
    from wokphysics.ui.guide import offer_guide
    from wokphysics.ui.render import TableRenderer
    from wokphysics.ui.widgets import Text
    from wokphysics.ui.wok_on_fire.guide import wok_on_fire_guide
    from wokphysics.ui.wok_on_fire.scene import WokOnFireScene

    games_made = 0

    def new_scene(renderer: TableRenderer, text: Text, app: App) -> WokOnFireScene:
        nonlocal first, games_made
        game_seed = seed + games_made
        if first is not None:
            game = first
            first = None
        else:
            if save is not None and games_made > 0:
                # A new game in this window (N, R): the game it replaces keeps its record
                # as NAME.previous.json, as a new window does (it was overwritten). Closing
                # it said "continue it with --resume NAME.json": say where it is now.
                kept = keep_previous(save)
                if kept is not None:
                    print(f"a new game starts in {save}; the game before is kept in {kept}"
                          f" ({_resume_or_replay(kept)})")
            game = WokOnFireGame(cfg, len(labels), game_seed, 0, labels)
        games_made += 1
        bots: dict[int, WokBot] = {
            player: make_bot(cfg, label, bot_seed(game.seed, player))
            for player, label in enumerate(game.bots) if label != "person"
        }
        home = app.home

        def go_home() -> None:
            if home is not None:
                app.switch(home)

        def watch(game: WokOnFireGame = game) -> None:
            app.switch(replay_factory(game, save))

        scene = WokOnFireScene(cfg, game, bots, renderer, text, on_new_game=app.restart,
                          reading=app, sound=app.sound.play, on_replay=watch,
                          on_home=go_home if home is not None else None)
        if save is not None:
            saver = Autosave(game, save)  # written now and after every turn
            app.on_leave = lambda: save_on_leave(scene, saver)
            app.save_problem = lambda: saver.problem
        offer_guide(app, lambda: wok_on_fire_guide(game, scene.ui, renderer), INFO.name,
                    save)
        return scene

    return on_table(cfg, new_scene)


def replay_factory(game: WokOnFireGame, save: Path | None) -> SceneFactory:
    """The replay of ``game`` (V on its end screen) as a scene on the same table: its record
    as it stands, played from the start as ``wokphysics replay`` plays a file (named after
    ``save``, the file that keeps it, if any)."""
    from wokphysics.games.wok_on_fire.record import build_record
    from wokphysics.ui.app import on_table
    from wokphysics.ui.render import TableRenderer
    from wokphysics.ui.widgets import Text
    from wokphysics.ui.wok_on_fire.replay.scene import ReplayScene
    from wokphysics.ui.wok_on_fire.replay.sources import GameSource

    data = build_record(game)
    name = str(save) if save is not None else "the game just played"

    def source() -> GameSource:
        return GameSource(name, data)

    def new_scene(renderer: TableRenderer, text: Text, app: App) -> ReplayScene:
        return ReplayScene(source(), renderer, text, name, source)

    return on_table(game.cfg, new_scene)


def claim_save(save: Path, resume: Path | None, game: str = INFO.name) -> Path | None:
    """The save file this window owns (locked): see
    :func:`~wokphysics.records.saving.claim_play_file` (what it says goes to the terminal)."""
    from wokphysics.records.saving import claim_play_file

    return claim_play_file(save, resume, game)


def _practice_app(args: argparse.Namespace, size: tuple[int, int], screenshot: Path | None,
                  clock: WindowClock | None) -> App:
    """The practice table (``--practice``): no turns; ``--save FILE`` writes the flicks as
    CSV."""
    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.ui.app import App, WindowOptions, on_table
    from wokphysics.ui.display import missing_display
    from wokphysics.ui.practice.record import FlickLog
    from wokphysics.ui.practice.scene import PracticeScene
    from wokphysics.ui.render import TableRenderer
    from wokphysics.ui.widgets import Text

    if args.resume:
        raise UserError("--practice keeps no game to resume; drop --resume")
    if args.players is not None or args.bots is not None or args.level is not None:
        raise UserError("--practice is a solo table with no turns; drop --players, --bots "
                        "and --level")
    cfg = load_config(args.config)
    from wokphysics.terminal.options import check_seed

    seed = check_seed(args.seed) if args.seed is not None else secrets.randbelow(1_000_000)
    log = FlickLog(path=Path(args.save) if args.save and not args.no_save else None)
    if log.path is not None:
        FlickLog.check_path(log.path)
    problem = missing_display()
    if problem is not None:
        raise UserError(problem)

    def new_scene(renderer: TableRenderer, text: Text, app: App) -> PracticeScene:
        return PracticeScene(cfg, seed, renderer, text, app, log)

    options = WindowOptions(size=size, fullscreen=args.fullscreen, max_frames=args.max_frames,
                            screenshot=screenshot, title="Wok on Fire - practice",
                            scale=1.0 if args.scale is None else parse_scale(args.scale))
    return App(options, on_table(cfg, new_scene), clock)


def parse_play_args(argv: list[str]) -> argparse.Namespace:
    """The options as ``wokphysics play`` would parse them (for tests and tools)."""
    parser = argparse.ArgumentParser(prog="wokphysics play")
    add_arguments(parser)
    return parser.parse_args(argv)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``wokphysics play [wok-on-fire]``."""
    parser.add_argument("--players", type=int, default=None, metavar="N",
                        help="everyone at the table, people and bots, 1 to 4 (default 2)")
    parser.add_argument("--bots", default=None, metavar="N|NAMES",
                        help="how many of the players are bots (default 1), or one strength "
                        "per bot, comma-separated (strong, weak, or plan: the planning bot, "
                        "plan:N trying N flicks a stir); bots take the last seats")
    add_level_option(parser, PLUGIN)
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="the game's seed (default: a fresh one; R starts seed S+1)")
    parser.add_argument("--config", default=None, metavar="PATH",
                        help="a TOML file or folder layered over the shipped config")
    parser.add_argument("--fullscreen", action="store_true", help="open full screen")
    parser.add_argument("--scale", default=None, metavar="S",
                        help="UI scale: text and controls S times their size (1, 1.25, 1.5, "
                        "1.75 or 2; default 1, or the launcher's choice); a scene larger than "
                        "the window is shown a part at a time (arrows at the bottom)")
    parser.add_argument("--size", default="1280x800", metavar="WxH",
                        help="window size in pixels (default 1280x800; the window is resizable)")
    parser.add_argument("--resume", default=None, metavar="FILE",
                        help="continue a saved (autosaved) game")
    parser.add_argument("--save", default=None, metavar="FILE",
                        help=f"autosave the game here after every turn (default {DEFAULT_SAVE}, "
                        "or the --resume file; none with --max-frames)")
    parser.add_argument("--no-save", action="store_true", help="do not autosave")
    parser.add_argument("--practice", action="store_true",
                        help="a solo practice table with no turns: flick cards and see a chart "
                        "of your flicks (speed, angle, flipped or not); --save FILE writes "
                        "them as CSV")
    parser.add_argument("--max-frames", type=int, default=None, metavar="N",
                        help="close the window after N frames (tests, bug reports)")
    parser.add_argument("--screenshot", default=None, metavar="PATH",
                        help="save the window's last frame as a PNG")
    parser.add_argument("--mute", action="store_true", help="start with the sound off (M)")
