"""We Will Wok You's plugin entry (see :mod:`wokphysics.games.plugin`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wokphysics.games.plugin import GamePlugin, TurnEngine, VerbCommand
from wokphysics.games.protocol import GameInfo
from wokphysics.games.we_will_wok_you import commands

if TYPE_CHECKING:
    from pydantic import BaseModel

    from wokphysics.games.bots import Bot
    from wokphysics.games.protocol import GameState

INFO = GameInfo(
    name="we-will-wok-you",
    title="We Will Wok You",
    min_players=2,
    max_players=4,
    hidden_information=True,
    simultaneous=False,
)


def _new_state(num_players: int, seed: int, config: Any = None) -> GameState:
    from wokphysics.games.we_will_wok_you.factory import new_state

    return new_state(num_players, seed, config)


def _load_state(data: dict[str, Any]) -> GameState:
    from wokphysics.games.we_will_wok_you.state import WeWillWokYouState

    return WeWillWokYouState.from_dict(data)


def _config_of(state: GameState) -> object:
    from wokphysics.games.we_will_wok_you.state import WeWillWokYouState

    assert isinstance(state, WeWillWokYouState)
    return state.data.settings


def _greedy(seed: int) -> Bot:
    from wokphysics.games.we_will_wok_you.bots import WeWillWokYouGreedyBot

    return WeWillWokYouGreedyBot(seed)


def _random(seed: int) -> Bot:
    from wokphysics.games.bots import RandomBot

    return RandomBot(seed)


def _rules_model() -> type[BaseModel]:
    """The ``[rules]`` table's model (for the launcher's rules options)."""
    from wokphysics.games.we_will_wok_you.cards import RulesSettings

    return RulesSettings


PLUGIN = GamePlugin(
    info=INFO,
    summary="collect coins, buy rows of ingredients and cook them into wok cards",
    default_players=3,
    config_file="we_will_wok_you.toml",
    commands={
        "play": VerbCommand(
            "play in the terminal against bots (or hot-seat)",
            commands.add_play_arguments,
            commands.play,
        ),
        "score": VerbCommand(
            "score a player's holding exactly",
            commands.add_score_arguments,
            commands.score,
        ),
    },
    bench_figures=commands.bench_figures,
    simulate_options=commands.add_simulate_arguments,
    turn_engine=TurnEngine(
        new_state=_new_state, load_state=_load_state, bots={"greedy": _greedy, "random": _random},
        config_of=_config_of,
    ),
    rules_model=_rules_model,
)
