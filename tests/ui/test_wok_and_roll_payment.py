"""Choosing what pays (ui/wok_and_roll/payment.py): the proposal is legal and cheapest, and a
clicked source swaps in for one it can stand in for."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from wokphysics.games.wok_and_roll.actions import Cook
from wokphysics.games.wok_and_roll.factory import new_state
from wokphysics.games.wok_and_roll.tray import DiceTray
from wokphysics.ui.wok_and_roll.payment import (
    Source,
    Wallet,
    action_target,
    cost,
    propose,
    tokens_of,
)


@settings(max_examples=60)
@given(seed=st.integers(0, 5_000), expert=st.booleans())
def test_the_proposal_is_a_cheapest_legal_payment(seed: int, expert: bool) -> None:
    state = new_state(3, seed, {"expert": expert})
    state.apply(state.parse_action("lock"))
    if state.phase != "cook":
        return
    wallet = Wallet(state, state.current_player, DiceTray(state.sheet.dice))
    legal = state.legal_actions()
    targets = {action_target(a, state.sheet) for a in legal} - {None}
    for target in targets:
        assert target is not None
        payment = propose(target, legal, wallet)
        action = payment.complete(wallet)
        assert action is not None and action in legal
        mine = [a for a in legal if action_target(a, state.sheet) == target]
        assert cost(action, state.sheet) == min(cost(a, state.sheet) for a in mine)
        assert len(payment.chosen) == len(tokens_of(action, state.sheet))


def test_a_fridge_item_swaps_in_for_a_die_of_the_same_food() -> None:
    for seed in range(100):
        state = new_state(2, seed)
        state.apply(state.parse_action("lock"))
        wallet = Wallet(state, 0, DiceTray(state.sheet.dice))
        for action in state.legal_actions():
            if not isinstance(action, Cook) or not all(t < 8 for _, t in action.uses):
                continue
            need = action.uses[0][0]
            if need not in state.sheet.fridge:
                continue
            target = action_target(action, state.sheet)
            assert target is not None
            payment = propose(target, state.legal_actions(), wallet)
            assert all(s.kind == "die" for s in payment.chosen), "dice first"
            fridge = Source("fridge", state.sheet.fridge.index(need))
            assert payment.toggle(fridge, wallet) is None
            assert fridge in payment.chosen and len(payment.chosen) == len(action.uses)
            paid = payment.complete(wallet)
            assert paid is not None and "=fridge" in str(paid)
            # a source that pays nothing here is refused with a reason
            book = Source("fridge", state.sheet.fridge.index(state.sheet.book))
            assert payment.toggle(book, wallet) is not None
            return
    raise AssertionError("no serving payable by dice with a Fridge item of its food")
