"""The typed entry that wires one game into the terminal and the command line.

Each game's terminal package has one :class:`TerminalEntry` (in its ``entry`` module), listed
in :mod:`wokphysics.terminal.registry`: the command line builds ``score GAME``, ``play GAME
--terminal`` and the game's options of ``simulate GAME`` from it. It names the game's
:class:`~wokphysics.games.plugin.GamePlugin`, so nothing here is keyed by a game's name.

Entry modules are light (argparse and the options only): the verbs import the game's rules
when they run, so ``wokphysics --help`` stays quick.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from wokphysics.games.plugin import GamePlugin

Verb = Literal["play", "simulate", "score"]
"""The command-line verbs a game may offer (``replay`` and ``bench`` are the program's)."""


@dataclass(frozen=True)
class VerbCommand:
    """One verb of one game: its options and what runs them (returns the exit status)."""

    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


@dataclass(frozen=True)
class TerminalEntry:
    """One game on the command line.

    Attributes:
        game: the game's plugin entry (the single declaration of what the game is).
        simulate_options: adds the game's own options of ``simulate`` (``--players``,
            ``--bots``, ``--difficulty``...) to a parser; the command itself runs the games as
            a study on the batch runner (:mod:`wokphysics.studies.commands`).
        play: ``play GAME --terminal``: the game at a prompt (None: the game is played in the
            window only, as Wok on Fire's physics table is).
        score: ``score GAME``: exact scoring of a player's cards (None: the game has none).
    """

    game: GamePlugin
    simulate_options: Callable[[argparse.ArgumentParser], None]
    play: VerbCommand | None = None
    score: VerbCommand | None = None
