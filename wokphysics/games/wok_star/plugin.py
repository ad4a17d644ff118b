"""Wok Star's plugin entry (see :mod:`wokphysics.games.plugin`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from wokphysics.games.plugin import GamePlugin, TurnEngine, VerbCommand
from wokphysics.games.protocol import GameInfo
from wokphysics.games.wok_star import commands

if TYPE_CHECKING:
    from pydantic import BaseModel

    from wokphysics.games.bots import Bot
    from wokphysics.games.protocol import GameState

INFO = GameInfo(
    name="wok-star",
    title="Wok Star",
    min_players=1,
    max_players=4,
    hidden_information=True,
    simultaneous=True,
)


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


def _team(seed: int) -> Bot:
    from wokphysics.games.wok_star.team_bot import TeamBot

    return TeamBot(seed)


def _random(seed: int) -> Bot:
    from wokphysics.games.bots import RandomBot

    return RandomBot(seed)


def _rules_model() -> type[BaseModel]:
    """The ``[rules]`` table's model (for the launcher's rules options)."""
    from wokphysics.games.wok_star.cards import Rules

    return Rules


PLUGIN = GamePlugin(
    info=INFO,
    summary="a cooperative real-time restaurant: roll dice, cook recipes, serve customers",
    default_players=2,
    config_file="wok_star.toml",
    commands={
        "play": VerbCommand(
            "play in the terminal in real time, with team bots",
            commands.add_play_arguments,
            commands.play,
        ),
    },
    bench_figures=commands.bench_figures,
    simulate_options=commands.add_simulate_arguments,
    turn_engine=TurnEngine(
        new_state=_new_state, load_state=_load_state, bots={"team": _team, "random": _random},
        step_clock=_step_clock, config_of=_config_of,
    ),
    rules_model=_rules_model,
)
