"""Wok Star's turn-engine hooks, imported when the game is first used (its plugin entry,
:mod:`.plugin`, stays light)."""

from __future__ import annotations

from wokphysics.games.plugin import TurnHooks
from wokphysics.games.protocol import GameState
from wokphysics.games.wok_star.bench import bench_figures
from wokphysics.games.wok_star.cards import Rules
from wokphysics.games.wok_star.factory import new_wok_star
from wokphysics.games.wok_star.state import WokStarState


def _config_of(state: GameState) -> object:
    assert isinstance(state, WokStarState)
    return state.config


HOOKS = TurnHooks(new_state=new_wok_star, load_state=WokStarState.from_dict,
                  config_of=_config_of, rules_model=Rules, bench_figures=bench_figures)
