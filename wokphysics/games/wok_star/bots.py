"""Wok Star's bots by name (``team``, which plans dice, customers and purchases, and
``random``): the one list the plugin entry, the terminal, the window and the studies seat.
Each maker imports its bot when called."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from wokphysics.games.plugin import BotMaker, BudgetBotMaker, random_bot

if TYPE_CHECKING:
    from wokphysics.games.bots import Bot


def _team(seed: int) -> Bot:
    from wokphysics.games.wok_star.team_bot import TeamBot

    return TeamBot(seed)


def _planner(seed: int, budget: int = 0) -> Bot:
    from wokphysics.games.wok_star.planner import DEFAULT_BUDGET, TeamPlanner

    return TeamPlanner(seed, budget or DEFAULT_BUDGET)


BOTS: Mapping[str, BotMaker] = {"team": _team, "planner": _planner, "random": random_bot}
"""Wok Star's bots by name: the one list the terminal, the window and the studies seat."""

BUDGETED: Mapping[str, BudgetBotMaker] = {"planner": _planner}
"""The bots whose name may carry a budget (``planner:N``: N playouts a planned decision)."""
