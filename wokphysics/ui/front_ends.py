"""The window front ends of the games, found from their plugin entries.

The rules layer never imports the window, so a game's plugin names no scene; this module is the
window's side of the wiring: for a plugin, the ``play`` command that opens the game in the
window, if the game has one.
"""

from __future__ import annotations

import argparse

from wokphysics.games.plugin import GamePlugin, VerbCommand


def _wok_on_fire_add(parser: argparse.ArgumentParser) -> None:
    from wokphysics.ui.play import add_arguments

    add_arguments(parser)


def _wok_on_fire_run(args: argparse.Namespace) -> int:
    from wokphysics.ui.play import play_window

    return play_window(args)


_WINDOWS: dict[str, VerbCommand] = {
    "wok-on-fire": VerbCommand(
        "play in the window with the mouse (people and bots at one table)",
        _wok_on_fire_add,
        _wok_on_fire_run,
    ),
}


def window_play(plugin: GamePlugin) -> VerbCommand | None:
    """The ``play`` command that opens ``plugin``'s game in the window, or None."""
    return _WINDOWS.get(plugin.name)
