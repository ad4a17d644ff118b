"""We Will Wok You's engine: apply accepts exactly the legal steps, and seeded games stay the
same games.

``WeWillWokYouState.apply`` checks the common steps itself (without check_legal's dispatch)
and the legal lists come from memos shared between games (``steps.StepTable``): these tests
hold both to the rules' answers on states random play reaches.
"""

from __future__ import annotations

import random

import pytest

from wokphysics.games.bots import RandomBot
from wokphysics.games.protocol import Action, IllegalAction
from wokphysics.games.registry import new_game
from wokphysics.games.seeds import bot_seed
from wokphysics.games.simulation import play_out
from wokphysics.games.we_will_wok_you.actions import BuyRow, CollectCoin, Pay
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState


def _game(players: int, seed: int) -> WeWillWokYouState:
    state = new_game("we-will-wok-you", players=players, seed=seed)
    assert isinstance(state, WeWillWokYouState)
    return state


def _every_step(state: WeWillWokYouState) -> list[Action]:
    """Every step the card set has, legal now or not, plus a few no card set has."""
    table = state.table
    return [
        *table.collect, *table.buy, *table.take, *table.pay, table.passing,
        CollectCoin(7), CollectCoin(-1), BuyRow(9), BuyRow(-1), Pay("chicken:moon"),
    ]  # fmt: skip


@pytest.mark.parametrize("players", [2, 3, 4])
def test_apply_accepts_exactly_the_legal_steps_and_refusals_change_nothing(
    players: int,
) -> None:
    rng = random.Random(players)
    checked = refused = 0
    for seed in range(2):
        state = _game(players, seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            if len(state.history) % 3:  # every third state: each kind of step is met often
                state.apply(rng.choice(legal))
                continue
            before = state.to_json()
            for step in _every_step(state):
                trial = state.clone()
                if step in legal:
                    trial.apply(step)
                    assert trial.history[-1] == step
                else:
                    with pytest.raises(IllegalAction):
                        trial.apply(step)
                    assert trial.to_json() == before
                    refused += 1
                checked += 1
            state.apply(rng.choice(legal))
        assert state.legal_actions() == []
    assert checked > 2_000 and refused > checked // 2


# (players, seed, steps, (points, left-over ingredients) per seat, winners, last step) of
# random games with the bench's bots, as this code played them when the engine's memos and
# apply's checks came in (the code before gave the very same games).
SEEDED_GAMES = [
    (2, 0, 89, [(25, 0), (32, 12)], [1], "collect upper"),
    (2, 1, 73, [(23, 9), (0, 16)], [0], "pay carrot:spoon"),
    (2, 2, 70, [(28, 3), (31, 7)], [1], "collect lower"),
    (3, 0, 104, [(32, 1), (31, 13), (0, 16)], [0], "pay chicken:spoon+spoon"),
    (3, 1, 109, [(38, 7), (0, 13), (30, 1)], [0], "collect upper"),
    (3, 2, 106, [(18, 9), (9, 19), (20, 4)], [2], "collect lower"),
    (4, 0, 120, [(0, 18), (7, 13), (8, 9), (29, 2)], [3], "collect lower"),
    (4, 1, 129, [(9, 13), (0, 11), (12, 11), (27, 4)], [3], "pay prawn:star"),
    (4, 2, 144, [(22, 7), (5, 14), (25, 4), (16, 14)], [2], "collect lower"),
]


@pytest.mark.parametrize(("players", "seed", "steps", "totals", "winners", "last"), SEEDED_GAMES)
def test_seeded_random_games_are_the_same_games(
    players: int,
    seed: int,
    steps: int,
    totals: list[tuple[int, int]],
    winners: list[int],
    last: str,
) -> None:
    state = _game(players, seed)
    play_out(state, [RandomBot(bot_seed(seed, seat)) for seat in range(players)])
    assert (len(state.history), state.totals(), state.winners()) == (steps, totals, winners)
    assert str(state.history[-1]) == last
    assert [score.total for score in state.final_scores()] == [p for p, _ in totals]
