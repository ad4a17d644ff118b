"""Starting a Wok Star game: the factory behind ``new_game("wok-star", ...)``.

>>> state = new_wok_star(2, 5)
>>> state.num_players, [str(action) for action in state.legal_actions()[:2]]
(2, ['assign wraps to 1', 'assign wraps to 2'])
"""

from __future__ import annotations

from pathlib import Path

from wokphysics.errors import ConfigError
from wokphysics.games.wok_star.cards import WokStarConfig, default_config, load_config
from wokphysics.games.wok_star.state import WokStarState


def new_wok_star(num_players: int, seed: int, config: object = None) -> WokStarState:
    """A new game (the shared factory signature ``factory(num_players, seed, config)``).

    ``config`` is None (the shipped ``config/wok_star.toml``), a path to an override file or
    folder, or a validated :class:`WokStarConfig`. Anything that cannot be used raises
    :class:`~wokphysics.errors.ConfigError` naming the problem.
    """
    if config is None:
        settings = default_config()
    elif isinstance(config, WokStarConfig):
        settings = config
    elif isinstance(config, str | Path):
        settings = load_config(config)
    else:
        raise ConfigError(
            "(config)",
            None,
            f"Wok Star's config is a path or a WokStarConfig, not {type(config).__name__}",
        )
    return WokStarState(num_players, seed, settings)
