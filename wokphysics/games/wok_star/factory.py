"""Starting a Wok Star game: the factory behind ``new_game("wok-star", ...)``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wokphysics.games.wok_star.cards import WokStarConfig, default_config, load_config
from wokphysics.games.wok_star.state import WokStarState


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
