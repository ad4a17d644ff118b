"""Wok on Fire's terminal entry (see :mod:`wokphysics.terminal.entry`): no ``play`` here, the
game is a physics table played in the window."""

from __future__ import annotations

from wokphysics.games.wok_on_fire.plugin import PLUGIN
from wokphysics.terminal.entry import TerminalEntry, VerbCommand
from wokphysics.terminal.wok_on_fire import commands

ENTRY = TerminalEntry(
    game=PLUGIN,
    simulate_options=commands.add_simulate_arguments,
    score=VerbCommand(
        "score a player's collected cards exactly",
        commands.add_score_arguments,
        commands.score,
    ),
)
