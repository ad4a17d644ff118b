"""Properties of the Wok on Fire engine under random people: cards are never lost, refusals
change nothing, and the same seed and inputs give the same game."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wof_engine_helpers import CFG, snapshot

from wokphysics.errors import IllegalAction
from wokphysics.games.wok_on_fire.bots import make_wof_bot, play_bot_game
from wokphysics.games.wok_on_fire.engine import Bonus, Expect, Pick, WokOnFireGame
from wokphysics.table.gesture import Gesture


def _stroke(x: float, y: float, heading: float, speed: float) -> Gesture:
    """A 50 ms stroke from (x, y) mm in direction ``heading`` rad at ``speed`` mm/s."""
    reach = speed * 0.05
    return Gesture(
        [(0.0, x, y), (0.05, x + reach * math.cos(heading), y + reach * math.sin(heading))]
    )


GESTURES = st.builds(
    _stroke,
    st.floats(-300.0, 300.0),
    st.floats(-300.0, 300.0),
    st.floats(0.0, 2.0 * math.pi),
    st.floats(200.0, 2500.0),
)


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_people_never_lose_a_card_and_refusals_change_nothing(data: st.DataObject) -> None:
    players = data.draw(st.integers(1, 4), label="players")
    game = WokOnFireGame(CFG, players, seed=data.draw(st.integers(0, 10_000), label="seed"))
    helper = make_wof_bot(CFG, "strong", 0)
    for _ in range(40):
        if game.is_over:
            break
        expect = game.expect
        if expect in (Expect.STIR, Expect.CHOP):
            gesture = data.draw(GESTURES, label="gesture")
            (game.stir if expect is Expect.STIR else game.chop)(gesture)
        elif expect is Expect.PICK:
            # Try a random naming (often illegal): refused ones must change nothing.
            named = data.draw(st.lists(st.integers(0, 49), max_size=2, unique=True))
            blind = data.draw(st.booleans())
            picks = [Pick(i, blind_chicken=blind and k == 0) for k, i in enumerate(named)]
            before = snapshot(game)
            try:
                game.pick(picks)
            except IllegalAction as refusal:
                assert str(refusal)
                assert snapshot(game) == before
                game.pick(helper.choose_picks(game))  # a legal naming
        elif expect is Expect.BONUS_ORDER:
            game.choose_bonus_order(data.draw(st.sampled_from(list(Bonus))))
        elif expect is Expect.GIFT_OPPONENT:
            game.give_to(data.draw(st.sampled_from(game.legal_opponents())))
        elif expect is Expect.CHILI:
            if data.draw(st.booleans()):
                game.use_chili(game.usable_chilis()[0])
            else:
                game.decline_chili()
        game.check_invariants()
        assert len(game.locations()) == 50


def test_the_same_seed_and_bots_give_the_same_game_whatever_else_uses_random() -> None:
    hashes = []
    for disturb in (1, 2):
        random.seed(disturb)
        random.random()
        game = WokOnFireGame(CFG, 2, seed=77)
        play_bot_game(game, [make_wof_bot(CFG, "weak", 5), make_wof_bot(CFG, "strong", 6)])
        hashes.append([turn["hash"] for turn in game.turn_records])
    assert hashes[0] == hashes[1] and len(hashes[0]) == game.turn_number
    other = WokOnFireGame(CFG, 2, seed=78)
    assert other.state_hash() != WokOnFireGame(CFG, 2, seed=77).state_hash()
