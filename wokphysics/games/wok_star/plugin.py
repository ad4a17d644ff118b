"""Wok Star's plugin entry (see :mod:`wokphysics.games.plugin`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from wokphysics.games.plugin import GamePlugin, TurnEngine
from wokphysics.games.wok_star.bots import BOTS
from wokphysics.games.wok_star.info import INFO

if TYPE_CHECKING:
    from pydantic import BaseModel

    from wokphysics.games.protocol import GameState


def _new_state(num_players: int, seed: int, config: object = None) -> GameState:
    from wokphysics.games.wok_star.factory import new_wok_star

    return new_wok_star(num_players, seed, config)


def _load_state(data: Mapping[str, object]) -> GameState:
    from wokphysics.games.wok_star.state import WokStarState

    return WokStarState.from_dict(data)


def _config_of(state: GameState) -> object:
    from wokphysics.games.wok_star.state import WokStarState

    assert isinstance(state, WokStarState)
    return state.config


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


def _rules_model() -> type[BaseModel]:
    """The ``[rules]`` table's model (for the launcher's rules options)."""
    from wokphysics.games.wok_star.cards import Rules

    return Rules


def _bench_figures(repeat: int) -> dict[str, float]:
    from wokphysics.games.wok_star.bench import bench_figures

    return bench_figures(repeat)


PLUGIN = GamePlugin(
    info=INFO,
    summary="a cooperative real-time restaurant: roll dice, cook recipes, serve customers",
    default_players=2,
    config_file="wok_star.toml",
    bench_figures=_bench_figures,
    turn_engine=TurnEngine(
        new_state=_new_state, load_state=_load_state, bots=BOTS,
        step_clock=_step_clock, config_of=_config_of,
    ),
    rules_model=_rules_model,
)
