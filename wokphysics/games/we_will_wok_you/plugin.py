"""We Will Wok You's plugin entry (see :mod:`wokphysics.games.plugin`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.plugin import Level, searched_turn_game
from wokphysics.games.we_will_wok_you.info import INFO

if TYPE_CHECKING:
    from wokphysics.games.plugin import SearchedHooks


def _hooks() -> SearchedHooks:
    from wokphysics.games.we_will_wok_you.hooks import HOOKS

    return HOOKS


PLUGIN = searched_turn_game(
    _hooks,
    info=INFO,
    summary="collect coins, buy rows of ingredients and cook them into wok cards",
    default_players=3,
    config_file="we_will_wok_you.toml",
    levels=(
        # ratings: docs/bots.md's ladders (greedy anchored at 1500)
        Level("Easy", "random", "Elo 1,001"),
        Level("Medium", "greedy", "Elo 1,500"),
        Level("Hard", "mcts:10", "Elo 1,895"),
        Level("Expert", "mcts", "Elo 2,070"),
    ),
)
