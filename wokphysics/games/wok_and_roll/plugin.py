"""Wok and Roll's plugin entry (see :mod:`wokphysics.games.plugin`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.plugin import Level, searched_turn_game
from wokphysics.games.wok_and_roll.info import INFO

if TYPE_CHECKING:
    from wokphysics.games.plugin import SearchedHooks


def _hooks() -> SearchedHooks:
    from wokphysics.games.wok_and_roll.hooks import HOOKS

    return HOOKS


PLUGIN = searched_turn_game(
    _hooks,
    info=INFO,
    summary="roll dice, cook dishes on your menu sheet and fill your fridge and pantry",
    default_players=3,
    config_file="wok_and_roll.toml",
    levels=(
        # ratings: docs/bots.md's ladders (greedy anchored at 1500); no Hard until a bot
        # between greedy and mcts is rated
        Level("Easy", "random", "Elo 737"),
        Level("Medium", "greedy", "Elo 1,500"),
        Level("Expert", "mcts", "Elo 1,609"),
    ),
)
