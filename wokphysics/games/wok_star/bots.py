"""Wok Star's bots by name (``team``, which plans dice, customers and purchases, and
``random``): the one list the plugin entry, the terminal, the window and the studies seat.
Each maker imports its bot when called."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from wokphysics.games.plugin import BotMaker, random_bot

if TYPE_CHECKING:
    from wokphysics.games.bots import Bot


def _team(seed: int) -> Bot:
    from wokphysics.games.wok_star.team_bot import TeamBot

    return TeamBot(seed)


BOTS: Mapping[str, BotMaker] = {"team": _team, "random": random_bot}
"""Wok Star's bots by name: the one list the terminal, the window and the studies seat."""
