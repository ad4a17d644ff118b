"""Starting a game of We Will Wok You: the factory the turn engine calls.

``new_state(num_players, seed, config)``: ``config`` is None (the shipped file), a path to an
override file or folder, or validated :class:`~.cards.WeWillWokYouSettings`. Anything else,
and every problem in a file, is one :class:`~wokphysics.errors.ConfigError`.

>>> state = new_state(2, 5)
>>> state.num_players, state.coins, [str(action) for action in state.legal_actions()[:2]]
(2, [3, 3], ['collect upper', 'collect lower'])
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wokphysics.errors import ConfigError
from wokphysics.games.we_will_wok_you.cards import (
    CardData,
    WeWillWokYouSettings,
    cards_from_settings,
    load_cards,
)
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState


def card_data(config: Any) -> CardData:
    """The compiled card data a ``config`` argument names (see the module docstring)."""
    if config is None or isinstance(config, str | Path):
        return load_cards(config)
    if isinstance(config, WeWillWokYouSettings):
        return cards_from_settings(config)
    raise ConfigError(
        "(game options)",
        None,
        f"We Will Wok You cannot use {type(config).__name__} as its config "
        "(a path or its settings)",
    )


def new_state(num_players: int, seed: int, config: Any = None) -> WeWillWokYouState:
    """A new game set up from ``seed`` (the factory registered with the turn engine)."""
    state = WeWillWokYouState(num_players, seed, card_data(config))
    state.setup()
    return state
