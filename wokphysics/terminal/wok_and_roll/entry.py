"""Wok and Roll's terminal entry (see :mod:`wokphysics.terminal.entry`)."""

from __future__ import annotations

from wokphysics.games.wok_and_roll.plugin import PLUGIN
from wokphysics.terminal.entry import TerminalEntry, VerbCommand
from wokphysics.terminal.wok_and_roll import commands

ENTRY = TerminalEntry(
    game=PLUGIN,
    simulate_options=commands.add_simulate_arguments,
    play=VerbCommand(
        "play in the terminal against bots (or hot-seat)",
        commands.add_play_arguments,
        commands.play,
    ),
)
