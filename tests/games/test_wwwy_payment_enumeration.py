"""We Will Wok You's fast list of payable cards (the engine keeps per-symbol counts of the hand
and of the payment in progress) lists exactly what a plain subset-sum search finds, in the
same order, on every payment step of random games; and its caches stay in step with the cards
through clones and JSON round trips."""

from __future__ import annotations

from wokphysics.games.bots import RandomBot
from wokphysics.games.protocol import Action
from wokphysics.games.registry import new_game
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState

GAMES = 120
"""Random games played (2 to 4 players): about 2,500 payment steps."""


def reference_payable(state: WeWillWokYouState) -> list[Action]:
    """The cards the player may pay next, by brute force: a kind is payable when, for some
    symbol that every card paid so far and this card show, the other hand cards have a
    sub-multiset that makes the payment exactly ``needed`` symbols of it."""
    data = state.data
    hand = state.hands[state.turn]
    shown = [data.kind_contribution[data.card_kind[c]] for c in state.pending_paid]
    payable = []
    for kind in sorted({data.card_kind[c] for c in hand}):
        contribution = data.kind_contribution[kind]
        others = list(hand)
        others.remove(next(c for c in hand if data.card_kind[c] == kind))
        for symbol in range(len(data.symbols)):
            if not contribution[symbol] or any(not s[symbol] for s in shown):
                continue
            rest = data.needed - sum(s[symbol] for s in shown) - contribution[symbol]
            reachable = {0}
            for card in others:
                value = data.kind_contribution[data.card_kind[card]][symbol]
                if value:
                    reachable |= {total + value for total in reachable}
            if rest in reachable:
                payable.append(kind)
                break
    return [state.table.pay[k] for k in payable]


def test_payable_cards_equal_the_brute_force_search_on_random_payments() -> None:
    checked = 0
    completed = 0
    for seed in range(GAMES):
        players = 2 + seed % 3
        state = new_game("we-will-wok-you", players=players, seed=seed)
        assert isinstance(state, WeWillWokYouState)
        bots = [RandomBot(1000 * seed + p) for p in range(players)]
        while not state.is_terminal():
            if state.pending_wok >= 0:
                assert state.legal_actions() == reference_payable(state)
                checked += 1
                if checked % 50 == 0:  # the caches survive a copy and a save
                    state.clone().check_invariants()
                    reloaded = WeWillWokYouState.from_json_text(state.to_json())
                    assert reloaded.legal_actions() == state.legal_actions()
            woks = sum(len(w) for w in state.woks)
            state.apply(bots[state.current_player].choose(state))
            completed += sum(len(w) for w in state.woks) - woks
        state.check_invariants()
    # enough payments, and enough of them finished, for the comparison to mean something
    assert checked > 2000
    assert completed > 500
