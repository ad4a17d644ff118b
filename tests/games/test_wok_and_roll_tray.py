"""The dice tray keeps the player's numbering: the dice named are the ones rolled again."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wokphysics.games.wok_and_roll.actions import Reroll
from wokphysics.games.wok_and_roll.factory import new_state
from wokphysics.games.wok_and_roll.tray import DiceTray


@given(seed=st.integers(0, 10_000), picks=st.lists(st.sets(st.integers(0, 5), min_size=1),
                                                    min_size=1, max_size=2))
def test_dice_not_named_keep_their_faces_and_places(seed: int, picks: list[set[int]]) -> None:
    state = new_state(2, seed)
    tray = DiceTray(state.sheet.dice)
    for positions in picks:
        if state.phase != "roll":
            break
        shown = tray.faces(state)
        action = tray.reroll(state, sorted(positions))
        assert isinstance(action, Reroll) and len(action.dice) == len(positions)
        before = state.clone()
        state.apply(action)
        tray.rerolled(before, sorted(positions), action)
        if state.turn != before.turn:
            break
        after = tray.faces(state)
        assert sorted(after) == sorted(state.dice), "the tray shows the engine's dice"
        for p in range(state.sheet.dice):
            if p not in positions:
                assert after[p] == shown[p], f"die {p + 1} was not named but changed"
            assert (tray.order[p] < state.sheet.white) == (p < state.sheet.white), \
                "a die keeps its colour"
        assert tray.text(action) == "reroll " + " ".join(str(p + 1) for p in sorted(positions))


def test_a_new_turn_starts_in_the_engines_order() -> None:
    state = new_state(2, 3)
    tray = DiceTray(state.sheet.dice)
    tray.follow(state)
    tray.order = [3, 2, 1, 0, 5, 4]  # as re-rolls of equal dice may leave it
    tray.follow(state)
    assert tray.order == [3, 2, 1, 0, 5, 4], "the same turn keeps the order"
    state.apply(state.parse_action("lock"))
    while state.turn == 1:
        state.apply(state.legal_actions()[-1])  # done
    tray.follow(state)
    assert tray.order == [0, 1, 2, 3, 4, 5]
