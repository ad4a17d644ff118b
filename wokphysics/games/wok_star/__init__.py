"""Wok Star: a cooperative real-time restaurant on the turn engine (1-4 players).

Importing this package registers the game ``"wok-star"`` and its bots ``team`` (plans dice,
customers and purchases) and ``random`` (uniform legal actions, for conformance tests).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wokphysics.games.bots import RandomBot, register_bot
from wokphysics.games.protocol import register_game
from wokphysics.games.wok_star.cards import WokStarConfig, default_config, load_config
from wokphysics.games.wok_star.state import INFO, WokStarState
from wokphysics.games.wok_star.team_bot import TeamBot


def new_wok_star(num_players: int, seed: int, config: Any = None) -> WokStarState:
    """A new game; ``config`` is None (shipped file), a path to an override, or a
    :class:`WokStarConfig`."""
    if config is None:
        settings = default_config()
    elif isinstance(config, WokStarConfig):
        settings = config
    elif isinstance(config, str | Path):
        settings = load_config(config)
    else:
        raise TypeError(f"Wok Star config must be None, a path or a WokStarConfig, not {config!r}")
    return WokStarState(num_players, seed, settings)


register_game(INFO, WokStarState, new_wok_star)
register_bot("wok-star", "team", TeamBot)
register_bot("wok-star", "random", RandomBot)

__all__ = ["TeamBot", "WokStarConfig", "WokStarState", "new_wok_star"]
