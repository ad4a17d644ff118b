"""``wokphysics`` (or ``wokphysics play``) alone: the launcher window, then the games in it.

The launcher, every game started from it, and the launcher again (Q while a game is paused, or
L on a turn game's end screen) share one window. A game with no window yet is played in the
terminal the launcher was started from, after the window closes.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from wokphysics.ui.launcher.choices import Choices, GameChoices
from wokphysics.ui.turn.play import window_options

if TYPE_CHECKING:
    from wokphysics.ui.app import App
    from wokphysics.ui.pointer_clock import WindowClock

Later = list[tuple[GameChoices, list[str]]]
"""A terminal game chosen in the launcher, to play once its window is closed."""


def run_launcher(args: argparse.Namespace, folder: Path | None = None) -> int:
    """Open the launcher; exit status (a terminal game's, if one was chosen)."""
    app, after = build_launcher(args, folder)
    status = app.run()
    if args.screenshot:
        print(f"screenshot saved to {args.screenshot}")
    if after:
        game, argv = after[0]
        return _play_in_terminal(game, argv)
    return status


def build_launcher(args: argparse.Namespace, folder: Path | None = None,
                   clock: WindowClock | None = None) -> tuple[App, Later]:
    """The window with the launcher in it, ready to run; ``folder`` holds the autosaves and
    rules files (default: the current folder); ``clock`` the window's (default: the
    machine's; a test's virtual clock paces the frames without waiting). Also the list a
    terminal game is put in."""
    import pygame

    from wokphysics.ui.app import App
    from wokphysics.ui.launcher.scene import LauncherScene

    options, _ = window_options(args, "wokphysics")
    choices = Choices.from_registry(folder)
    if getattr(args, "scale", None) is None:
        options.scale = choices.scale  # the scale chosen here last time
    else:
        choices.scale = options.scale  # --scale: for this run (the file keeps its own)
    after: Later = []

    def launcher(app: App) -> LauncherScene:
        pygame.display.set_caption("wokphysics")
        for game in choices.games:  # back from a game: its save may be new
            game.look_again()

        def start(game: GameChoices, resume: bool) -> None:
            assert game.window is not None
            factory = game.window.start(choices.setup(resume=resume))
            app.home = launcher
            pygame.display.set_caption(f"wokphysics: {game.plugin.title}")
            app.switch(factory)

        def terminal(game: GameChoices, argv: list[str]) -> None:
            after.append((game, argv))
            app.running = False

        return LauncherScene(choices, app.text, app.sound, start, terminal, app.set_scale)

    return App(options, launcher, clock), after


def _play_in_terminal(game: GameChoices, argv: list[str]) -> int:
    """Run the game's terminal ``play`` with the launcher's choices."""
    from wokphysics.terminal.registry import terminal_entry

    command = terminal_entry(game.plugin).play
    assert command is not None, "the launcher offers the terminal only where a game has it"
    parser = argparse.ArgumentParser(prog=f"wokphysics play {game.plugin.name} --terminal")
    command.add_arguments(parser)
    print(f"{game.plugin.title} in the terminal: wokphysics play {game.plugin.name} "
          f"--terminal {' '.join(argv)}")
    return command.run(parser.parse_args(argv))
