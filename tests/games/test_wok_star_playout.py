"""Whole Wok Star games: random and team playouts keep every invariant, copies, JSON and
replays agree, the seed alone decides a game, and bounded games end."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wokphysics.games.bots import RandomBot
from wokphysics.games.wok_star.cards import default_config
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.team_bot import TeamBot

OPTIONS: list[dict[str, Any]] = [
    {},
    {"timer": False, "events": False, "characters": False},
    {"sand_physics": False},
]


def config(options: dict[str, Any]) -> Any:
    return default_config().with_options(**options) if options else default_config()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS)
def test_random_playouts_keep_invariants_and_round_trip(
    players: int, options: dict[str, Any]
) -> None:
    for seed in range(3):
        state = WokStarState(players, seed, config(options))
        bot = RandomBot(seed)
        steps = 0
        while not state.is_terminal():
            state.check_invariants()
            legal = state.legal_actions()
            assert legal and state.current_player in range(players)
            for action in legal:
                assert state.parse_action(str(action)) == action
            if steps % 7 == 0:
                copy = state.clone()
                assert copy == state and copy.to_json() == state.to_json()
                again = WokStarState.from_dict(json.loads(state.to_json())["state"])
                assert again.to_json() == state.to_json()
            state.apply(bot.choose(state))
            steps += 1
            assert steps < 5000, "a random game must end"
        state.check_invariants()
        assert state.legal_actions() == [] and state.current_player == -1


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS)
def test_team_bot_keeps_invariants_under_every_option(
    players: int, options: dict[str, Any]
) -> None:
    state = WokStarState(players, 21, config(options))
    bots = [TeamBot(seat) for seat in range(players)]
    while not state.is_terminal():
        action = bots[state.current_player].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
        state.check_invariants()
    assert state.lost or state.final_income == state.incomes[-1]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_team_games_end_normally_and_replay_from_the_history(players: int) -> None:
    state = WokStarState(players, 11)
    bots = [TeamBot(seat) for seat in range(players)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    state.check_invariants()
    assert state.lost or len(state.incomes) == 6
    replay = WokStarState(players, 11)
    for action in state.history:
        replay.apply(replay.parse_action(str(action)))
    assert replay.to_json() == state.to_json()


def _trajectory(seed: int) -> str:
    state = WokStarState(2, seed)
    bots = [TeamBot(seed), TeamBot(seed + 1)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    return state.to_json()


def test_the_seed_alone_decides_the_game() -> None:
    first = _trajectory(5)
    random.seed(12345)
    random.random()
    assert _trajectory(5) == first
    assert _trajectory(6) != first


def test_simulated_time_is_saved_and_customers_come_late_without_waiting() -> None:
    late = 0
    for seed in range(8):
        state = WokStarState(2, seed)
        bots = [TeamBot(0), TeamBot(1)]
        while not state.is_terminal():
            action = bots[state.current_player].choose(state)
            if str(action) == "serve" and state.overdue:
                late += 1  # taken face down: the sand ran out on the simulated clock
            state.apply(action)
        saved = json.loads(state.to_json())["state"]
        assert saved["now"] == state.now and state.now > 60.0  # minutes of kitchen time
        assert "timers" in saved and "deadline" in saved
    assert late > 0


def test_team_bot_wins_and_random_bot_does_not_on_easy_two_players() -> None:
    easy = default_config().with_options(difficulty="easy")
    team_wins = random_wins = 0
    for seed in range(12):
        for bot_class, tally in ((TeamBot, "team"), (RandomBot, "random")):
            state = WokStarState(2, seed, easy)
            bots = [bot_class(seed * 2), bot_class(seed * 2 + 1)]
            while not state.is_terminal():
                state.apply(bots[state.current_player].choose(state))
            if tally == "team":
                team_wins += state.won()
            else:
                random_wins += state.won()
    assert team_wins >= 4 and random_wins == 0


def test_observations_hide_the_deck_order_and_face_down_cards() -> None:
    state = WokStarState(3, 2)
    seen = json.dumps(state.observation(0))
    assert all(card not in seen for card in state.event_deck)
    hidden = [c for c, known in zip(state.deck, state.deck_known, strict=True) if not known]
    assert hidden and all(f'"{card}"' not in seen for card in hidden)
    assert all(f'"{card}"' not in seen for card in state.potential)
    observation = state.observation(1)
    assert observation["deck_size"] == len(state.deck)
    assert observation["counters"] == state.counters


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(1, 4),
    seed=st.integers(0, 10_000),
    timer=st.booleans(),
    events=st.booleans(),
    characters=st.booleans(),
)
def test_any_random_game_keeps_its_cards_and_ends(
    players: int, seed: int, timer: bool, events: bool, characters: bool
) -> None:
    cfg = default_config().with_options(
        timer=timer, events=events, characters=characters, bad_publicity_limit=48
    )
    state = WokStarState(players, seed, cfg)
    bot = RandomBot(seed)
    steps = 0
    while not state.is_terminal():
        state.apply(bot.choose(state))
        state.check_invariants()
        steps += 1
        assert steps < 5000
    assert len(state.incomes) == 6 and not state.lost
