"""We Will Wok You's turn-engine hooks, imported when the game is first used (its plugin
entry, :mod:`.plugin`, stays light)."""

from __future__ import annotations

from wokphysics.games.plugin import TurnHooks
from wokphysics.games.protocol import GameState
from wokphysics.games.we_will_wok_you.bench import bench_figures
from wokphysics.games.we_will_wok_you.cards import RulesSettings
from wokphysics.games.we_will_wok_you.factory import new_state
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState


def _config_of(state: GameState) -> object:
    assert isinstance(state, WeWillWokYouState)
    return state.data.settings


HOOKS = TurnHooks(new_state=new_state, load_state=WeWillWokYouState.from_dict,
                  config_of=_config_of, rules_model=RulesSettings, bench_figures=bench_figures)
