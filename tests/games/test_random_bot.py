"""The random bot draws exactly as ``random.Random.choice`` would from its seed, so seeded
simulations give the same games whichever way the draw is written."""

from __future__ import annotations

import random

import pytest

from wokphysics.games.bots import RandomBot
from wokphysics.games.protocol import Action
from wokphysics.games.registry import new_game


class _Listed:
    """A stand-in state whose legal list is ``actions`` (the bot reads nothing else)."""

    def __init__(self, actions: list[str]) -> None:
        self.actions = actions

    def legal_actions(self) -> list[str]:
        return self.actions


@pytest.mark.parametrize("seed", [0, 1, 7919, 2**40 + 3])
def test_random_bot_chooses_what_random_choice_chooses(seed: int) -> None:
    bot = RandomBot(seed)
    reference = random.Random(seed)
    for step in range(3000):
        count = 1 + (step * 37) % 70  # lists of 1 to 70 actions, powers of two included
        actions = [f"a{i}" for i in range(count)]
        chosen = bot.choose(_Listed(actions))  # type: ignore[arg-type]
        assert chosen == reference.choice(actions)


def test_random_bot_refuses_an_empty_list_like_choice() -> None:
    with pytest.raises(IndexError):
        RandomBot(3).choose(_Listed([]))  # type: ignore[arg-type]


def test_random_bot_plays_the_same_game_as_choice_would() -> None:
    for name, players in (("we-will-wok-you", 2), ("wok-and-roll", 4), ("wok-star", 2)):
        first = new_game(name, players=players, seed=11)
        second = new_game(name, players=players, seed=11)
        bots = [RandomBot(seat) for seat in range(players)]
        rngs = [random.Random(seat) for seat in range(players)]
        steps = 0
        while not first.is_terminal() and steps < 400:
            seat = first.current_player
            action: Action = bots[seat].choose(first)
            assert action == rngs[seat].choice(second.legal_actions())
            first.apply(action)
            second.apply(action)
            steps += 1
        assert first.to_json() == second.to_json()
