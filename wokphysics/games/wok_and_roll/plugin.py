"""Wok and Roll's plugin entry (see :mod:`wokphysics.games.plugin`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wokphysics.games.plugin import GamePlugin, TurnEngine
from wokphysics.games.wok_and_roll.info import INFO

if TYPE_CHECKING:
    from pydantic import BaseModel

    from wokphysics.games.bots import Bot
    from wokphysics.games.protocol import GameState


def _new_state(num_players: int, seed: int, config: Any = None) -> GameState:
    from wokphysics.games.wok_and_roll.factory import new_state

    return new_state(num_players, seed, config)


def _load_state(data: dict[str, Any]) -> GameState:
    from wokphysics.games.wok_and_roll.state import WokAndRollState

    return WokAndRollState.from_dict(data)


def _config_of(state: GameState) -> object:
    from wokphysics.games.wok_and_roll.state import WokAndRollState

    assert isinstance(state, WokAndRollState)
    return state.settings


def _greedy(seed: int) -> Bot:
    from wokphysics.games.wok_and_roll.bots import WokAndRollGreedyBot

    return WokAndRollGreedyBot(seed)


def _random(seed: int) -> Bot:
    from wokphysics.games.bots import RandomBot

    return RandomBot(seed)


def _rules_model() -> type[BaseModel]:
    """The ``[rules]`` table's model (for the launcher's rules options)."""
    from wokphysics.games.wok_and_roll.settings import RulesModel

    return RulesModel


def _bench_figures(repeat: int) -> dict[str, float]:
    from wokphysics.games.wok_and_roll.bench import bench_figures

    return bench_figures(repeat)


PLUGIN = GamePlugin(
    info=INFO,
    summary="roll dice, cook dishes on your menu sheet and fill your fridge and pantry",
    default_players=3,
    config_file="wok_and_roll.toml",
    bench_figures=_bench_figures,
    turn_engine=TurnEngine(
        new_state=_new_state, load_state=_load_state, bots={"greedy": _greedy, "random": _random},
        config_of=_config_of,
    ),
    rules_model=_rules_model,
)
