"""Seeded chance only: a game played twice from one seed, with the global ``random``
disturbed in between, gives the same history and final state (after PettingZoo's seed test).
"""

from __future__ import annotations

import hashlib
import random

import pytest

from wokphysics.games.bots import RandomBot
from wokphysics.games.registry import new_game, plugin, turn_game_names
from wokphysics.games.seeds import bot_seed
from wokphysics.games.simulation import play_out

pytestmark = pytest.mark.engine


def _trajectory(name: str, players: int, seed: int) -> tuple[list[str], str]:
    state = new_game(name, players=players, seed=seed)
    bots = [RandomBot(bot_seed(seed, seat)) for seat in range(players)]
    play_out(state, bots)
    digest = hashlib.sha256(state.to_json().encode()).hexdigest()
    return [str(action) for action in state.history], digest


@pytest.mark.parametrize("name", turn_game_names())
def test_same_seed_same_game_whatever_the_global_random(name: str) -> None:
    info = plugin(name).info
    for players in (info.min_players, info.max_players):
        for seed in (1, 2, 99):
            random.seed(12345)
            first = _trajectory(name, players, seed)
            random.seed(54321)
            for _ in range(1000):
                random.random()
            random.shuffle(list(range(100)))
            second = _trajectory(name, players, seed)
            assert first == second


@pytest.mark.parametrize("name", turn_game_names())
def test_different_seeds_give_different_games(name: str) -> None:
    info = plugin(name).info
    histories = {tuple(_trajectory(name, info.max_players, seed)[0]) for seed in range(5)}
    assert len(histories) > 1
