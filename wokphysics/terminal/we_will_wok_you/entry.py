"""We Will Wok You's terminal entry (see :mod:`wokphysics.terminal.entry`)."""

from __future__ import annotations

from wokphysics.games.we_will_wok_you.plugin import PLUGIN
from wokphysics.terminal.entry import TerminalEntry, VerbCommand
from wokphysics.terminal.we_will_wok_you import commands

ENTRY = TerminalEntry(
    game=PLUGIN,
    simulate_options=commands.add_simulate_arguments,
    play=VerbCommand(
        "play in the terminal against bots (or hot-seat)",
        commands.add_play_arguments,
        commands.play,
    ),
    score=VerbCommand(
        "score a player's holding exactly",
        commands.add_score_arguments,
        commands.score,
    ),
)
