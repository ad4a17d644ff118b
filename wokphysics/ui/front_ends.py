"""The window front ends of the games: one typed :class:`FrontEnd` per game, naming its plugin.

The rules layer never imports the window, so a game's plugin names no scene; this module is
the window's side of the wiring (tests/test_architecture.py checks every game has an entry).
For each game, a :class:`FrontEnd` gives:

- ``play``: the ``wokphysics play GAME`` command in the window (its options and handler);
- ``start(setup)``: the scene factory for a :class:`~wokphysics.ui.turn.play.Setup` (the
  launcher's choice: seats, seed, rules options, autosave file, or a game to resume);
- ``default_bot``: the bot a number of ``--bots`` (or the launcher) puts in a seat;
- ``bots``: the bot names (strengths) a seat may hold;
- ``picture``: paints the game's picture in the launcher.

Adding a turn-based game's window: write its scene maker (``maker(session, text, sound,
on_new_game, on_home) -> TurnScene``, see :mod:`wokphysics.ui.turn.scene`) and its launcher
picture, and add one :func:`turn_front_end` line to :data:`FRONT_ENDS`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from wokphysics.games.plugin import GamePlugin
from wokphysics.games.we_will_wok_you.plugin import PLUGIN as WE_WILL_WOK_YOU_GAME
from wokphysics.games.wok_and_roll.plugin import PLUGIN as WOK_AND_ROLL_GAME
from wokphysics.games.wok_on_fire.plugin import PLUGIN as WOK_ON_FIRE_GAME
from wokphysics.games.wok_star.plugin import PLUGIN as WOK_STAR_GAME
from wokphysics.terminal.entry import VerbCommand
from wokphysics.terminal.options import autosave_name
from wokphysics.ui.turn.play import Setup, add_terminal_flag

if TYPE_CHECKING:
    import pygame

    from wokphysics.ui.app import SceneFactory
    from wokphysics.ui.sound import Sound
    from wokphysics.ui.turn.play import SceneMaker
    from wokphysics.ui.turn.scene import TurnScene
    from wokphysics.ui.turn.session import TurnSession
    from wokphysics.ui.widgets import Text


Painter = Callable[["pygame.Surface", "Text"], None]
"""Paints a game's picture for the launcher on a surface (see :mod:`.launcher.pictures`)."""


@dataclass(frozen=True)
class FrontEnd:
    """One game's window."""

    game: GamePlugin
    play: VerbCommand
    start: Callable[[Setup], SceneFactory]
    default_bot: str
    bots: Callable[[], list[str]]
    autosave: str
    picture: Painter
    turn_maker: Callable[[], SceneMaker] | None = None
    """A turn-based game's scene maker (the replay viewer builds its scene with it)."""


# --------------------------------------------------------------------------- Wok on Fire
def _wok_on_fire_add(parser: argparse.ArgumentParser) -> None:
    from wokphysics.ui.play import add_arguments

    add_arguments(parser)


def _wok_on_fire_run(args: argparse.Namespace) -> int:
    from wokphysics.ui.play import play_window

    return play_window(args)


def _wok_on_fire_start(setup: Setup) -> SceneFactory:
    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.games.wok_on_fire.record import resume_game
    from wokphysics.ui.play import scene_factory

    if setup.resume is not None:
        first = resume_game(setup.resume)  # saved to setup.save once its scene is made
        return scene_factory(first.cfg, first.bots, first.seed, setup.save, first)
    cfg = load_config(setup.config)
    return scene_factory(cfg, setup.seats, setup.seed, setup.save)


def _wok_on_fire_bots() -> list[str]:
    """The levels' bots, weakest first, when the shipped config has them all (a config
    without the strengths the levels name offers its own)."""
    from wokphysics.config.wok_on_fire import load_config
    from wokphysics.games.wok_on_fire.bots import offered_bots

    offered = offered_bots(load_config()) or ["strong", "weak"]
    levels = [level.bot for level in WOK_ON_FIRE_GAME.levels]
    return levels if set(levels) <= set(offered) else offered


def _wok_on_fire_picture(surface: pygame.Surface, text: Text) -> None:
    from wokphysics.ui.launcher.pictures import paint_wok_on_fire

    paint_wok_on_fire(surface, text)


WOK_ON_FIRE = FrontEnd(
    game=WOK_ON_FIRE_GAME,
    play=VerbCommand("play in the window with the mouse (people and bots at one table)",
                     _wok_on_fire_add, _wok_on_fire_run),
    start=_wok_on_fire_start,
    default_bot="strong",
    bots=_wok_on_fire_bots,
    autosave=autosave_name(WOK_ON_FIRE_GAME.name),
    picture=_wok_on_fire_picture,
)


# --------------------------------------------------------------------------- turn games
def turn_front_end(plugin: GamePlugin, default_bot: str, maker: Callable[[], SceneMaker],
                   picture: Painter) -> FrontEnd:
    """The window of a turn-based game whose scene ``maker()`` returns (imported when
    called, so the command line stays quick)."""

    def add(parser: argparse.ArgumentParser) -> None:
        from wokphysics.ui.turn.play import add_arguments

        add_arguments(parser, plugin, default_bot)

    def run(args: argparse.Namespace) -> int:
        from wokphysics.ui.turn.play import run_window

        return run_window(args, plugin, default_bot, maker())

    def start(setup: Setup) -> SceneFactory:
        from wokphysics.ui.turn.play import turn_factory

        return turn_factory(setup, maker())

    def bots() -> list[str]:
        if plugin.levels:  # the named difficulties, weakest first
            return [level.bot for level in plugin.levels]
        engine = plugin.turn_engine
        return sorted(engine.bots) if engine is not None else []

    return FrontEnd(
        game=plugin,
        play=VerbCommand("play in the window with the mouse (people and bots; hot seat "
                         "hides each hand)", add, run),
        start=start,
        default_bot=default_bot,
        bots=bots,
        autosave=autosave_name(plugin.name),
        picture=picture,
        turn_maker=maker,
    )


def _wwwy_maker() -> SceneMaker:
    from wokphysics.ui.we_will_wok_you.scene import wwwy_scene

    def make(session: TurnSession, text: Text, sound: Sound,
             on_new_game: Callable[[], None] | None,
             on_home: Callable[[], None] | None) -> TurnScene:
        return wwwy_scene(session, text, sound, on_new_game, on_home)

    return make


# --------------------------------------------------------------------------- Wok Star
def _wok_star_add(parser: argparse.ArgumentParser) -> None:
    from wokphysics.ui.wok_star.command import add_arguments

    add_arguments(parser)


def _wok_star_run(args: argparse.Namespace) -> int:
    from wokphysics.ui.wok_star.command import run

    return run(args)


def _wok_star_start(setup: Setup) -> SceneFactory:
    from wokphysics.ui.wok_star.play import StarSetup, star_factory

    return star_factory(StarSetup(setup.seats, setup.seed, setup.config, setup.save,
                                  setup.resume))


def _wok_star_bots() -> list[str]:
    return [level.bot for level in WOK_STAR_GAME.levels]


def _wok_star_picture(surface: pygame.Surface, text: Text) -> None:
    from wokphysics.ui.launcher.pictures import paint_wok_star

    paint_wok_star(surface, text)


WOK_STAR = FrontEnd(
    game=WOK_STAR_GAME,
    play=VerbCommand("play in the window with the mouse, in real time, beside team bots (or "
                     "hot seat)", _wok_star_add, _wok_star_run),
    start=_wok_star_start,
    default_bot="team",
    bots=_wok_star_bots,
    autosave=autosave_name(WOK_STAR_GAME.name),
    picture=_wok_star_picture,
)


def _wok_and_roll_maker() -> SceneMaker:
    from wokphysics.ui.wok_and_roll.scene import wok_and_roll_scene

    def make(session: TurnSession, text: Text, sound: Sound,
             on_new_game: Callable[[], None] | None,
             on_home: Callable[[], None] | None) -> TurnScene:
        return wok_and_roll_scene(session, text, sound, on_new_game, on_home)

    return make


def _wok_and_roll_picture(surface: pygame.Surface, text: Text) -> None:
    from wokphysics.ui.launcher.pictures import paint_wok_and_roll

    paint_wok_and_roll(surface, text)


def _wok_and_roll_front_end(plugin: GamePlugin) -> FrontEnd:
    """The turn games' window, with Wok and Roll's ``--expert`` and ``--dishes``."""
    base = turn_front_end(plugin, "greedy", _wok_and_roll_maker, _wok_and_roll_picture)

    def add(parser: argparse.ArgumentParser) -> None:
        from wokphysics.ui.wok_and_roll.play import add_options

        base.play.add_arguments(parser)
        add_options(parser)

    def run(args: argparse.Namespace) -> int:
        from wokphysics.ui.wok_and_roll.play import rules_config

        args.config = rules_config(args, plugin)
        return base.play.run(args)

    return replace(base, play=VerbCommand(base.play.help, add, run))


def _with_epilog(front: FrontEnd, epilog: Callable[[], str]) -> FrontEnd:
    """``front`` whose ``play --help`` ends with ``epilog()`` (how to play the game)."""
    base = front.play

    def add(parser: argparse.ArgumentParser) -> None:
        base.add_arguments(parser)
        parser.epilog = epilog()

    return replace(front, play=VerbCommand(base.help, add, base.run))


def _wwwy_epilog() -> str:
    from wokphysics.terminal.we_will_wok_you.commands import HOW_TO_PLAY

    return HOW_TO_PLAY + (" In the window: click a coin set, a row, or a wok card and then "
                          "the hand cards that pay; hover for details; F1 for help.")


def _we_will_wok_you_picture(surface: pygame.Surface, text: Text) -> None:
    from wokphysics.ui.launcher.pictures import paint_we_will_wok_you

    paint_we_will_wok_you(surface, text)


FRONT_ENDS: tuple[FrontEnd, ...] = (
    WOK_ON_FIRE,
    _with_epilog(turn_front_end(WE_WILL_WOK_YOU_GAME, "greedy", _wwwy_maker,
                                _we_will_wok_you_picture), _wwwy_epilog),
    WOK_STAR,
    _wok_and_roll_front_end(WOK_AND_ROLL_GAME),
)
"""One window per game."""


def front_end(plugin: GamePlugin) -> FrontEnd | None:
    """``plugin``'s window, or None if the game plays only in the terminal."""
    for found in FRONT_ENDS:
        if found.game is plugin:
            return found
    return None


def window_play(plugin: GamePlugin) -> VerbCommand | None:
    """The ``play`` command that opens ``plugin``'s game in the window, or None."""
    found = front_end(plugin)
    return found.play if found is not None else None


def terminal_play(plugin: GamePlugin) -> VerbCommand | None:
    """The terminal ``play`` command of ``plugin`` with ``--terminal`` among its options (so
    ``wokphysics play GAME --terminal ...`` parses), or None."""
    from wokphysics.terminal.registry import terminal_entry

    command = terminal_entry(plugin).play
    if command is None:
        return None
    add = command.add_arguments

    def add_with_flag(parser: argparse.ArgumentParser) -> None:
        add(parser)
        add_terminal_flag(parser, in_terminal=True)

    return VerbCommand(command.help, add_with_flag, command.run)
