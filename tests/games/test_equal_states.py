"""Equal states behave alike, in every registered turn game.

A state's ``clone()`` and its JSON round trip (``state_from_json(to_json())``) compare equal to
it; this file checks that they also *play* alike. For random reachable states (a seeded random
playout stopped after a drawn number of actions): the three copies list the same legal
actions in the same order, all accept the same next action, and every registered bot, seeded
alike, makes the same choices on each copy for the next ``BOT_ACTIONS`` actions
(``SEARCH_ACTIONS`` for a search bot), leaving equal states. A game that listed its moves
in a different order after a save, or whose bots chose differently on a copy, would replay
differently from a saved game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wokphysics.games.protocol import GameState
from wokphysics.games.registry import (
    bot_names,
    make_bot,
    new_game,
    plugin,
    state_from_json,
    turn_engine,
    turn_game_names,
)
from wokphysics.games.seeds import bot_seed

pytestmark = pytest.mark.engine

BOT_ACTIONS = 50
EXAMPLES = 25
SEARCH_BUDGET = 3
"""Iterations a move of a search bot here: its choice goes through the same code at any
budget (determinization, search, the decision's generator), and its default budget would
make these examples take an hour."""
SEARCH_ACTIONS = 10
"""The choices a search bot makes from each copy (the other bots make ``BOT_ACTIONS``). Each
searched decision plays whole games from the state (Wok and Roll's paired search about two
playouts a candidate move, whatever the budget): at 50 choices its mcts took 72 of the 73
CPU seconds of Wok and Roll's every-bot test and 119 of the 152 of its Expert Menu variant
(5 dishes). A search bot reads a copy through the same code at its first choice as at its
50th (the seat's observation seeds the decision, the hidden cards and dice are dealt from
the state, the moves are listed and applied), and the states it starts from are drawn from
every depth of the game (``steps``), so ten choices a state check the same property."""


def _bots(name: str) -> list[str]:
    """Every registered bot of ``name``, a search bot with :data:`SEARCH_BUDGET`."""
    budgeted = turn_engine(name).budgeted
    return [f"{bot}:{SEARCH_BUDGET}" if bot in budgeted else bot for bot in bot_names(name)]


def _reachable(name: str, players: int, seed: int, steps: int) -> GameState:
    """The state after ``steps`` uniformly random actions (fewer if the game ends first)."""
    state = new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        if not legal:
            break
        state.apply(rng.choice(legal))
    return state


def _copies(state: GameState) -> list[GameState]:
    return [state, state.clone(), state_from_json(state.to_json())]


def _legal_texts(state: GameState) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def _bot_choices(state: GameState, bot: str, seed: int) -> list[str]:
    """The next ``BOT_ACTIONS`` choices of ``bot`` in every seat (``SEARCH_ACTIONS`` if it is
    a search bot), applied to ``state``."""
    name = state.info.name
    bots = [make_bot(name, bot, bot_seed(seed, seat)) for seat in range(state.num_players)]
    searches = bot.split(":")[0] in turn_engine(name).budgeted
    chosen: list[str] = []
    for _ in range(SEARCH_ACTIONS if searches else BOT_ACTIONS):
        if state.is_terminal():
            break
        action = bots[state.current_player].choose(state)
        chosen.append(str(action))
        state.apply(action)
    return chosen


@pytest.mark.parametrize("name", turn_game_names())
@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_equal_states_list_the_same_moves_and_accept_the_same_move(
    name: str, data: st.DataObject
) -> None:
    info = plugin(name).info
    players = data.draw(st.integers(info.min_players, info.max_players), label="players")
    seed = data.draw(st.integers(0, 10_000), label="seed")
    steps = data.draw(st.integers(0, 400), label="steps")
    original, clone, loaded = _copies(_reachable(name, players, seed, steps))
    assert clone == original and loaded == original
    expected = _legal_texts(original)
    assert _legal_texts(clone) == expected, "a clone lists other moves, or in another order"
    assert _legal_texts(loaded) == expected, "a loaded state lists other moves, or in another order"
    if not expected:
        return
    move = original.legal_actions()[data.draw(st.integers(0, len(expected) - 1), label="move")]
    for copy in (original, clone, loaded):
        copy.apply(copy.parse_action(str(move)))  # raises IllegalAction if refused
    assert clone == original and loaded == original


@pytest.mark.slow
@pytest.mark.parametrize("name", turn_game_names())
@settings(max_examples=EXAMPLES, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_equal_states_lead_every_bot_to_the_same_choices(name: str, data: st.DataObject) -> None:
    info = plugin(name).info
    players = data.draw(st.integers(info.min_players, info.max_players), label="players")
    seed = data.draw(st.integers(0, 10_000), label="seed")
    steps = data.draw(st.integers(0, 400), label="steps")
    for bot in _bots(name):
        original, clone, loaded = _copies(_reachable(name, players, seed, steps))
        expected = _bot_choices(original, bot, seed)
        assert _bot_choices(clone, bot, seed) == expected, f"{bot} bots chose otherwise on a clone"
        assert _bot_choices(loaded, bot, seed) == expected, (
            f"{bot} bots chose otherwise on a loaded state"
        )
        assert clone == original and loaded == original


def _first_game_star() -> object:
    """Wok Star's first-game setup (no timer, events or characters) as a validated config."""
    from wokphysics.games.wok_star.cards import default_config

    config = default_config()
    data = config.model_dump()
    data["rules"].update(timer=False, events=False, characters=False)
    return type(config).model_validate(data)


OPTION_VARIANTS = [
    ("wok-and-roll", lambda: {"expert": True}),
    ("wok-and-roll", lambda: {"expert": True, "dishes_to_end": 5}),
    ("wok-star", _first_game_star),
]
"""Rules options the default-config tests above do not play: the Expert Menu (House Specials,
locks, Pantry) and Wok Star without its timer, events and characters."""


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), OPTION_VARIANTS)
@settings(max_examples=20, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_equal_states_play_alike_under_rules_options_and_bot_play(
    name: str, options: Callable[[], object], data: st.DataObject
) -> None:
    """States reached by the games' own bots (not only random moves) under non-default rules:
    the copies list the same moves in order and every bot makes the same next choices."""
    info = plugin(name).info
    players = data.draw(st.integers(info.min_players, info.max_players), label="players")
    seed = data.draw(st.integers(0, 10_000), label="seed")
    steps = data.draw(st.integers(0, 300), label="steps")
    driver = data.draw(st.sampled_from(_bots(name)), label="driver")
    config = options()
    state = new_game(name, players, seed, config)
    drivers = [make_bot(name, driver, bot_seed(seed + 1, seat)) for seat in range(players)]
    # A search bot drives only the last SEARCH_ACTIONS steps into the state (random bots
    # before): each of its choices plays whole games, and 300 of them took most of the
    # suite's longest tests; the states still come from every depth, led in by its play.
    searches = driver.split(":")[0] in turn_engine(name).budgeted
    leads = [make_bot(name, "random", bot_seed(seed + 2, seat)) for seat in range(players)]
    for step in range(steps):
        if state.is_terminal():
            break
        movers = leads if searches and step < steps - SEARCH_ACTIONS else drivers
        state.apply(movers[state.current_player].choose(state))
    for bot in _bots(name):
        original, clone, loaded = _copies(state.clone())
        expected = _legal_texts(original)
        assert _legal_texts(clone) == expected and _legal_texts(loaded) == expected
        chosen = _bot_choices(original, bot, seed)
        assert _bot_choices(clone, bot, seed) == chosen, f"{bot} bots chose otherwise on a clone"
        assert _bot_choices(loaded, bot, seed) == chosen, f"{bot} chose otherwise once loaded"
        assert clone == original and loaded == original
