"""The window front ends of the games, found from their plugin entries.

The rules layer never imports the window, so a game's plugin names no scene; this module is
the window's side of the wiring. For each game with a window, a :class:`FrontEnd` gives:

- ``play``: the ``wokphysics play GAME`` command in the window (its options and handler);
- ``start(setup)``: the scene factory for a :class:`~wokphysics.ui.turn.play.Setup` (the
  launcher's choice: seats, seed, rules options, autosave file, or a game to resume);
- ``default_bot``: the bot a number of ``--bots`` (or the launcher) puts in a seat;
- ``bots``: the bot names (strengths) a seat may hold.

Adding a turn-based game's window: write its scene maker (``maker(session, text, sound,
on_new_game, on_home) -> TurnScene``, see :mod:`wokphysics.ui.turn.scene`) and add one
:func:`turn_front_end` line to ``_FRONT_ENDS``. Games without an entry play in the terminal.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from wokphysics.games.plugin import GamePlugin, VerbCommand
from wokphysics.ui.turn.play import Setup, add_terminal_flag, autosave_name

if TYPE_CHECKING:
    from wokphysics.ui.app import SceneFactory
    from wokphysics.ui.sound import Sound
    from wokphysics.ui.turn.play import SceneMaker
    from wokphysics.ui.turn.scene import TurnScene
    from wokphysics.ui.turn.session import TurnSession
    from wokphysics.ui.widgets import Text


@dataclass(frozen=True)
class FrontEnd:
    """One game's window."""

    play: VerbCommand
    start: Callable[[Setup], SceneFactory]
    default_bot: str
    bots: Callable[[], list[str]]
    autosave: str
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
    from wokphysics.games.wok_on_fire.engine import resume_game
    from wokphysics.ui.play import scene_factory

    if setup.resume is not None:
        first = resume_game(str(setup.resume), setup.save, autosave=setup.save is not None)
        return scene_factory(first.cfg, first.bots, first.seed, setup.save, first)
    cfg = load_config(setup.config)
    return scene_factory(cfg, setup.seats, setup.seed, setup.save)


def _wok_on_fire_bots() -> list[str]:
    from wokphysics.config.wok_on_fire import load_config

    return sorted(load_config().bots) or ["strong", "weak"]


WOK_ON_FIRE = FrontEnd(
    play=VerbCommand("play in the window with the mouse (people and bots at one table)",
                     _wok_on_fire_add, _wok_on_fire_run),
    start=_wok_on_fire_start,
    default_bot="strong",
    bots=_wok_on_fire_bots,
    autosave="wok-on-fire-autosave.json",
)


# --------------------------------------------------------------------------- turn games
def turn_front_end(plugin: GamePlugin, default_bot: str, maker: Callable[[], SceneMaker]
                   ) -> FrontEnd:
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
        engine = plugin.turn_engine
        return sorted(engine.bots) if engine is not None else []

    return FrontEnd(
        play=VerbCommand("play in the window with the mouse (people and bots; hot seat "
                         "hides each hand)", add, run),
        start=start,
        default_bot=default_bot,
        bots=bots,
        autosave=autosave_name(plugin.name),
        turn_maker=maker,
    )


def _wwwy_maker() -> SceneMaker:
    from wokphysics.ui.wwwy.scene import wwwy_scene

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
    from wokphysics.ui.wok_star.command import BOTS

    return sorted(BOTS)


WOK_STAR = FrontEnd(
    play=VerbCommand("play in the window with the mouse, in real time, beside team bots (or "
                     "hot seat)", _wok_star_add, _wok_star_run),
    start=_wok_star_start,
    default_bot="team",
    bots=_wok_star_bots,
    autosave="wok-star-autosave.json",
)


def _wok_and_roll_maker() -> SceneMaker:
    from wokphysics.ui.wok_and_roll.scene import wok_and_roll_scene

    def make(session: TurnSession, text: Text, sound: Sound,
             on_new_game: Callable[[], None] | None,
             on_home: Callable[[], None] | None) -> TurnScene:
        return wok_and_roll_scene(session, text, sound, on_new_game, on_home)

    return make


def _wok_and_roll_front_end(plugin: GamePlugin) -> FrontEnd:
    """The turn games' window, with Wok and Roll's ``--expert`` and ``--dishes``."""
    base = turn_front_end(plugin, "greedy", _wok_and_roll_maker)

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
    from wokphysics.games.we_will_wok_you.commands import HOW_TO_PLAY

    return HOW_TO_PLAY + (" In the window: click a coin set, a row, or a wok card and then "
                          "the hand cards that pay; hover for details; F1 for help.")


def _front_ends() -> dict[str, FrontEnd]:
    from wokphysics.games.registry import plugin

    return {
        "wok-on-fire": WOK_ON_FIRE,
        "we-will-wok-you": _with_epilog(turn_front_end(plugin("we-will-wok-you"), "greedy",
                                                       _wwwy_maker), _wwwy_epilog),
        "wok-star": WOK_STAR,
        "wok-and-roll": _wok_and_roll_front_end(plugin("wok-and-roll")),
    }


_FRONT_ENDS = _front_ends()


def front_end(plugin: GamePlugin) -> FrontEnd | None:
    """``plugin``'s window, or None if the game plays only in the terminal."""
    return _FRONT_ENDS.get(plugin.name)


def window_play(plugin: GamePlugin) -> VerbCommand | None:
    """The ``play`` command that opens ``plugin``'s game in the window, or None."""
    found = _FRONT_ENDS.get(plugin.name)
    return found.play if found is not None else None


def terminal_play(plugin: GamePlugin) -> VerbCommand | None:
    """The terminal ``play`` command of ``plugin`` with ``--terminal`` among its options (so
    ``wokphysics play GAME --terminal ...`` parses), or None."""
    command = plugin.commands.get("play")
    if command is None:
        return None
    add = command.add_arguments

    def add_with_flag(parser: argparse.ArgumentParser) -> None:
        add(parser)
        add_terminal_flag(parser, in_terminal=True)

    return VerbCommand(command.help, add_with_flag, command.run)
