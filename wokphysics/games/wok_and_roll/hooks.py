"""Wok and Roll's turn-engine hooks, imported when the game is first used (its plugin
entry, :mod:`.plugin`, stays light)."""

from __future__ import annotations

from wokphysics.games.plugin import SearchedHooks
from wokphysics.games.protocol import GameState
from wokphysics.games.wok_and_roll.bench import bench_figures
from wokphysics.games.wok_and_roll.bots import WokAndRollGreedyBot
from wokphysics.games.wok_and_roll.factory import new_state
from wokphysics.games.wok_and_roll.reference import wok_and_roll_reference
from wokphysics.games.wok_and_roll.search import DEFAULT_BUDGET, WokAndRollSearch
from wokphysics.games.wok_and_roll.settings import RulesModel
from wokphysics.games.wok_and_roll.state import WokAndRollState


def _config_of(state: GameState) -> object:
    assert isinstance(state, WokAndRollState)
    return state.settings


HOOKS = SearchedHooks(
    new_state=new_state,
    load_state=WokAndRollState.from_dict,
    config_of=_config_of,
    rules_model=RulesModel,
    bench_figures=bench_figures,
    greedy=WokAndRollGreedyBot,
    search_game=WokAndRollSearch,
    default_budget=DEFAULT_BUDGET,
    reference=wok_and_roll_reference,
)
