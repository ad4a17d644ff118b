"""Every game's terminal entry (:class:`~wokphysics.terminal.entry.TerminalEntry`), found by
the game's plugin. tests/test_architecture.py checks there is one per game of
:data:`wokphysics.games.registry.PLUGINS`.

>>> from wokphysics.games.registry import plugin
>>> terminal_entry(plugin("wok-on-fire")).play is None
True
"""

from __future__ import annotations

from wokphysics.games.plugin import GamePlugin
from wokphysics.terminal.entry import TerminalEntry
from wokphysics.terminal.we_will_wok_you.entry import ENTRY as WE_WILL_WOK_YOU
from wokphysics.terminal.wok_and_roll.entry import ENTRY as WOK_AND_ROLL
from wokphysics.terminal.wok_on_fire.entry import ENTRY as WOK_ON_FIRE
from wokphysics.terminal.wok_star.entry import ENTRY as WOK_STAR

TERMINALS: tuple[TerminalEntry, ...] = (WOK_ON_FIRE, WE_WILL_WOK_YOU, WOK_STAR, WOK_AND_ROLL)
"""One entry per game."""


def terminal_entry(game: GamePlugin) -> TerminalEntry:
    """``game``'s entry (a LookupError for a game wired into the rules only, which the
    architecture test refuses)."""
    for entry in TERMINALS:
        if entry.game is game:
            return entry
    raise LookupError(f"{game.title} has no terminal entry (wokphysics/terminal/registry.py)")
