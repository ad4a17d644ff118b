"""The random bot draws exactly as ``random.Random.choice`` would from its seed, so seeded
simulations give the same games whichever way the draw is written."""

from __future__ import annotations

import random
from typing import Any, Self

import pytest

from wokphysics.errors import ActionParseError
from wokphysics.games.bots import RandomBot
from wokphysics.games.protocol import Action, GameState
from wokphysics.games.registry import new_game

pytestmark = pytest.mark.engine


class _Named(Action):
    """A stand-in action: only its name."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __str__(self) -> str:
        return self.name


class _Listed(GameState):
    """A stand-in state whose legal list is ``actions`` (the bot reads nothing else). A real
    GameState subclass: the compiled bot accepts nothing else."""

    def __init__(self, actions: list[Action]) -> None:
        super().__init__(1, 0)
        self.actions = actions

    @property
    def current_player(self) -> int:
        return 0 if self.actions else -1

    def legal_actions(self) -> list[Action]:
        return self.actions

    def _apply(self, action: Action) -> None:
        self.actions = []  # one move, then the stand-in game is over

    def parse_action(self, text: str) -> Action:
        for action in self.actions:
            if str(action) == text:
                return action
        raise ActionParseError(f"'{text}' is not one of the listed actions")

    def is_terminal(self) -> bool:
        return not self.actions

    def scores(self) -> list[int]:
        return [0]

    def winners(self) -> list[int]:
        return []

    def to_dict(self) -> dict[str, Any]:
        return {"actions": [str(action) for action in self.actions]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        return cls([_Named(name) for name in data["actions"]])

    def observation(self, player: int) -> dict[str, Any]:
        return self.to_dict()


@pytest.mark.parametrize("seed", [0, 1, 7919, 2**40 + 3])
def test_random_bot_chooses_what_random_choice_chooses(seed: int) -> None:
    bot = RandomBot(seed)
    reference = random.Random(seed)
    for step in range(3000):
        count = 1 + (step * 37) % 70  # lists of 1 to 70 actions, powers of two included
        actions: list[Action] = [_Named(f"a{i}") for i in range(count)]
        chosen = bot.choose(_Listed(actions))
        assert chosen is reference.choice(actions)


def test_random_bot_refuses_an_empty_list_like_choice() -> None:
    with pytest.raises(IndexError):
        RandomBot(3).choose(_Listed([]))


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
