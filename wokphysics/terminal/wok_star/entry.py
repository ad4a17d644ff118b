"""Wok Star's terminal entry (see :mod:`wokphysics.terminal.entry`)."""

from __future__ import annotations

from wokphysics.games.wok_star.plugin import PLUGIN
from wokphysics.terminal.entry import TerminalEntry, VerbCommand
from wokphysics.terminal.wok_star import commands

ENTRY = TerminalEntry(
    game=PLUGIN,
    simulate_options=commands.add_simulate_arguments,
    play=VerbCommand(
        "play in the terminal in real time, with team bots",
        commands.add_play_arguments,
        commands.play,
    ),
)
