"""Wok and Roll's turn-engine hooks, imported when the game is first used (its plugin
entry, :mod:`.plugin`, stays light)."""

from __future__ import annotations

from wokphysics.games.plugin import TurnHooks
from wokphysics.games.protocol import GameState
from wokphysics.games.wok_and_roll.bench import bench_figures
from wokphysics.games.wok_and_roll.factory import new_state
from wokphysics.games.wok_and_roll.settings import RulesModel
from wokphysics.games.wok_and_roll.state import WokAndRollState


def _config_of(state: GameState) -> object:
    assert isinstance(state, WokAndRollState)
    return state.settings


HOOKS = TurnHooks(new_state=new_state, load_state=WokAndRollState.from_dict,
                  config_of=_config_of, rules_model=RulesModel, bench_figures=bench_figures)
