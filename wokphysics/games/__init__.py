"""The games' rules. The three turn-based games share the protocol in :mod:`.protocol`."""

from wokphysics.games.protocol import (
    Action,
    ActionParseError,
    GameInfo,
    GameState,
    IllegalAction,
    InvariantViolation,
    game_names,
    new_game,
    register_game,
    registered,
    state_from_json,
)

__all__ = [
    "Action",
    "ActionParseError",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "InvariantViolation",
    "game_names",
    "new_game",
    "register_game",
    "registered",
    "state_from_json",
]
