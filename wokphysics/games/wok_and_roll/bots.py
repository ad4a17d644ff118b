"""Bots for Wok and Roll (placeholder replaced below)."""
from __future__ import annotations

from wokphysics.games.bots import RandomBot


class GreedyBot(RandomBot):
    name = "greedy"
