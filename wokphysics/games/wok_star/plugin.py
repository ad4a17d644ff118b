"""Wok Star's plugin entry (see :mod:`wokphysics.games.plugin`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wokphysics.games.plugin import (
    GamePlugin,
    Level,
    TurnEngine,
    TurnHooks,
    bench_of,
    rules_model_of,
)
from wokphysics.games.reference import RulesReference
from wokphysics.games.wok_star.bots import BOTS, BUDGETED
from wokphysics.games.wok_star.info import INFO

if TYPE_CHECKING:
    from wokphysics.games.protocol import GameState


def _hooks() -> TurnHooks:
    from wokphysics.games.wok_star.hooks import HOOKS

    return HOOKS


def _step_clock(state: GameState) -> Callable[[float], None]:
    """A step clock for ``state`` (saved games from the window: each step at its time)."""
    from wokphysics.games.wok_star.clock import StepClock
    from wokphysics.games.wok_star.state import WokStarState

    if not isinstance(state, WokStarState):
        raise TypeError(f"a Wok Star state, not {type(state).__name__}")
    clock = StepClock(state.now)
    state.clock = clock

    def at(time_s: float) -> None:
        clock.time_s = time_s

    return at


def _reference(game: GameState | None) -> RulesReference:
    from wokphysics.games.wok_star.reference import wok_star_reference

    return wok_star_reference(game)


PLUGIN = GamePlugin(
    info=INFO,
    summary="a cooperative real-time restaurant: roll dice, cook recipes, serve customers",
    default_players=2,
    config_file="wok_star.toml",
    bench_figures=bench_of(_hooks),
    turn_engine=TurnEngine.lazy(_hooks, bots=BOTS, budgeted=BUDGETED, step_clock=_step_clock),
    rules_model=rules_model_of(_hooks),
    reference=_reference,
    levels=(
        # team wins at 2 players, Normal: docs/bots.md's ladders
        Level("Novice cooks", "random", "wins 0 % at 2p"),
        Level("Team cooks", "team", "wins 30 % at 2p"),
        Level("Planning cooks", "planner", "wins 53 % at 2p"),
    ),
)
