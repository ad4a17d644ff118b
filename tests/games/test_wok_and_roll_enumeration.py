"""Wok and Roll's fast enumeration of legal actions lists exactly what the plain reference
enumeration lists (tests/games/wok_and_roll_reference.py), in the same order, on 10,000
states reached by random play on both menus with 1 to 5 players."""

from __future__ import annotations

import random

import pytest
from wok_and_roll_reference import reference_legal_actions

from wokphysics.games.wok_and_roll.factory import new_state

STATES = 10_000


@pytest.mark.slow
def test_fast_enumeration_equals_the_reference_on_10000_random_states() -> None:
    rng = random.Random(2026)
    compared = cooking = 0
    game = 0
    while compared < STATES:
        options = {"expert": game % 2 == 1, "dishes_to_end": 3 + game % 3}
        state = new_state(1 + game % 5, 1000 + game, options)
        game += 1
        while not state.is_terminal():
            legal = state.legal_actions()
            if rng.random() < 0.6:
                expected = reference_legal_actions(state)
                assert legal == expected, (state.phase, [str(a) for a in legal])
                assert [str(a) for a in legal] == [str(a) for a in expected]
                compared += 1
                cooking += state.phase == "cook"
            state.apply(rng.choice(legal))
    assert cooking > STATES // 2, "mostly cooking states, where the enumeration is richest"
