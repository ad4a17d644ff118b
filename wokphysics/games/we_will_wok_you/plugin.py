"""We Will Wok You's plugin entry (see :mod:`wokphysics.games.plugin`)."""

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
from wokphysics.games.we_will_wok_you.info import INFO

if TYPE_CHECKING:
    from wokphysics.games.bots import Bot
    from wokphysics.games.protocol import GameState


def _hooks() -> TurnHooks:
    from wokphysics.games.we_will_wok_you.hooks import HOOKS

    return HOOKS


def _greedy(seed: int) -> Bot:
    from wokphysics.games.we_will_wok_you.bots import WeWillWokYouGreedyBot

    return WeWillWokYouGreedyBot(seed)


def _mcts(seed: int, budget: int = 0) -> Bot:
    from wokphysics.games.search import SearchBot
    from wokphysics.games.we_will_wok_you.search import DEFAULT_BUDGET, WeWillWokYouSearch

    return SearchBot(seed, WeWillWokYouSearch(), budget or DEFAULT_BUDGET)


def _reference(game: GameState | None) -> RulesReference:
    from wokphysics.games.we_will_wok_you.reference import we_will_wok_you_reference

    return we_will_wok_you_reference(game)


PLUGIN = GamePlugin(
    info=INFO,
    summary="collect coins, buy rows of ingredients and cook them into wok cards",
    default_players=3,
    config_file="we_will_wok_you.toml",
    bench_figures=bench_of(_hooks),
    turn_engine=TurnEngine.lazy(
        _hooks, bots={"greedy": _greedy, "mcts": _mcts, "random": random_bot},
        budgeted={"mcts": _mcts},
    ),
    rules_model=rules_model_of(_hooks),
    reference=_reference,
    levels=(
        # ratings: docs/bots.md's ladders (greedy anchored at 1500)
        Level("Easy", "random", "Elo 1,001"),
        Level("Medium", "greedy", "Elo 1,500"),
        Level("Hard", "mcts:10", "Elo 1,895"),
        Level("Expert", "mcts", "Elo 2,179"),
    ),
)
