"""We Will Wok You's turn-engine hooks, imported when the game is first used (its plugin
entry, :mod:`.plugin`, stays light)."""

from __future__ import annotations

from wokphysics.games.plugin import SearchedHooks
from wokphysics.games.protocol import GameState
from wokphysics.games.we_will_wok_you.bench import bench_figures
from wokphysics.games.we_will_wok_you.bots import WeWillWokYouGreedyBot
from wokphysics.games.we_will_wok_you.cards import RulesSettings
from wokphysics.games.we_will_wok_you.factory import new_state
from wokphysics.games.we_will_wok_you.reference import we_will_wok_you_reference
from wokphysics.games.we_will_wok_you.search import DEFAULT_BUDGET, WeWillWokYouSearch
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState


def _config_of(state: GameState) -> object:
    assert isinstance(state, WeWillWokYouState)
    return state.data.settings


HOOKS = SearchedHooks(
    new_state=new_state,
    load_state=WeWillWokYouState.from_dict,
    config_of=_config_of,
    rules_model=RulesSettings,
    bench_figures=bench_figures,
    greedy=WeWillWokYouGreedyBot,
    search_game=WeWillWokYouSearch,
    default_budget=DEFAULT_BUDGET,
    reference=we_will_wok_you_reference,
)
