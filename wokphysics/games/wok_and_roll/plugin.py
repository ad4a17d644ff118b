"""Wok and Roll's plugin entry (see :mod:`wokphysics.games.plugin`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wokphysics.games.plugin import (
    GamePlugin,
    Level,
    TurnEngine,
    TurnHooks,
    bench_of,
    random_bot,
    rules_model_of,
)
from wokphysics.games.reference import RulesReference
from wokphysics.games.wok_and_roll.info import INFO

if TYPE_CHECKING:
    from wokphysics.games.bots import Bot
    from wokphysics.games.protocol import GameState


def _hooks() -> TurnHooks:
    from wokphysics.games.wok_and_roll.hooks import HOOKS

    return HOOKS


def _greedy(seed: int) -> Bot:
    from wokphysics.games.wok_and_roll.bots import WokAndRollGreedyBot

    return WokAndRollGreedyBot(seed)


def _mcts(seed: int, budget: int = 0) -> Bot:
    from wokphysics.games.search import SearchBot
    from wokphysics.games.wok_and_roll.search import DEFAULT_BUDGET, WokAndRollSearch

    return SearchBot(seed, WokAndRollSearch(), budget or DEFAULT_BUDGET)


def _reference(game: GameState | None) -> RulesReference:
    from wokphysics.games.wok_and_roll.reference import wok_and_roll_reference

    return wok_and_roll_reference(game)


PLUGIN = GamePlugin(
    info=INFO,
    summary="roll dice, cook dishes on your menu sheet and fill your fridge and pantry",
    default_players=3,
    config_file="wok_and_roll.toml",
    bench_figures=bench_of(_hooks),
    turn_engine=TurnEngine.lazy(
        _hooks, bots={"greedy": _greedy, "mcts": _mcts, "random": random_bot},
        budgeted={"mcts": _mcts},
    ),
    rules_model=rules_model_of(_hooks),
    reference=_reference,
    levels=(
        # ratings: docs/bots.md's ladders (greedy anchored at 1500); no Hard until a bot
        # between greedy and mcts is rated
        Level("Easy", "random", "Elo 737"),
        Level("Medium", "greedy", "Elo 1,500"),
        Level("Expert", "mcts", "Elo 1,647"),
    ),
)
