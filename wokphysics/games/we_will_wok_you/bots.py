"""A stronger bot for We Will Wok You: one-turn greedy search on the exact final score.

For every complete rules action (collect a coin, buy a row, take a wok card with one of the
minimal payments of 4 identical symbols) the bot scores its own holdings afterwards with the
exact final scorer and adds estimates of what the coins, the hand's symbols and the cards not
yet used are worth for later turns. It takes the action with the best value and, when it
chose a wok, pays for it card by card over the next engine steps. It reads only what its
seat may see (its own hand, the table, the fronts).
"""

from __future__ import annotations

from collections.abc import Sequence

from wokphysics.games.bots import Bot
from wokphysics.games.protocol import Action, GameState
from wokphysics.games.we_will_wok_you.actions import BuyRow, CollectCoin, Pay, TakeWok
from wokphysics.games.we_will_wok_you.cards import CardData
from wokphysics.games.we_will_wok_you.scoring import WeWillWokYouScorer
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState


def minimal_payments(
    data: CardData, kind_counts: Sequence[int], targets: Sequence[tuple[int, int]],
    cards_paid: int = 0,
) -> list[tuple[int, ...]]:
    """Every multiset of hand card kinds (sorted tuple) that completes a minimal payment
    (steps.completes: exactly ``data.needed`` of a target symbol, or for an odd ``needed``
    one more from cards all showing 2), for targets given as (symbol, symbols already paid
    by the ``cards_paid`` cards paid so far)."""
    found: set[tuple[int, ...]] = set()
    for symbol, paid in targets:
        useful = [
            (kind, data.kind_contribution[kind][symbol], count)
            for kind, count in enumerate(kind_counts)
            if count and data.kind_contribution[kind][symbol]
        ]
        _walk(useful, 0, data.needed - paid, [], found)
        if data.needed % 2 == 1 and paid == 2 * cards_paid:
            twos = [(kind, value, count) for kind, value, count in useful if value == 2]
            _walk(twos, 0, data.needed + 1 - paid, [], found)
    return sorted(found)


def _walk(
    useful: list[tuple[int, int, int]],
    index: int,
    left: int,
    chosen: list[int],
    found: set[tuple[int, ...]],
) -> None:
    """Add to ``found`` each way to make exactly ``left`` symbols from ``useful[index:]``
    ((kind, symbols per card, cards in hand) triples)."""
    if left == 0:
        found.add(tuple(sorted(chosen)))
        return
    if index == len(useful):
        return
    kind, value, count = useful[index]
    for times in range(min(count, left // value), -1, -1):
        chosen.extend([kind] * times)
        _walk(useful, index + 1, left - value * times, chosen, found)
        del chosen[len(chosen) - times :]


class WeWillWokYouGreedyBot(Bot):
    """Greedy one-turn lookahead on exact scoring plus the config's weights for the future
    (``[bots.greedy]`` of config/we_will_wok_you.toml)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._plan: list[int] = []
        self._scorers: dict[int, WeWillWokYouScorer] = {}

    def _scorer(self, data: CardData) -> WeWillWokYouScorer:
        scorer = self._scorers.get(id(data))
        if scorer is None:
            scorer = WeWillWokYouScorer(data)
            self._scorers[id(data)] = scorer
        return scorer

    def choose(self, state: GameState) -> Action:
        assert isinstance(state, WeWillWokYouState)
        legal = state.legal_actions()
        if len(legal) == 1:
            only = legal[0]
            if isinstance(only, Pay) and state.table.kind_of[only.kind] in self._plan:
                self._plan.remove(state.table.kind_of[only.kind])
            return only
        if state.pending_wok >= 0:
            return self._pay_step(state, legal)
        self._plan = []
        best_value = float("-inf")
        best: Action = legal[0]
        player = state.turn
        hand = state.hands[player]
        front = state.fronts[player]
        woks = state.woks[player]
        coins = state.coins[player]
        late = state.end_triggered
        takes = [a for a in legal if isinstance(a, TakeWok)]
        for action in legal:
            if isinstance(action, CollectCoin):
                value = self._value(state, woks, hand, front, coins + 1, late)
            elif isinstance(action, BuyRow):
                price = state.coin_sets[state.data.row_coin_sets[action.row]]
                value = self._value(
                    state, woks, hand + state.rows[action.row], front, coins - price, late
                )
            else:
                continue
            if value > best_value:
                best_value, best = value, action
        if takes:
            value, action, plan = self._best_take(state, takes, late)
            if value > best_value:
                best_value, best = value, action
                self._plan = plan
        return best

    # --- the wok card and its payment ----------------------------------------------------
    def _best_take(
        self, state: WeWillWokYouState, takes: list[TakeWok], late: bool
    ) -> tuple[float, Action, list[int]]:
        best: tuple[float, Action, list[int]] = (float("-inf"), takes[0], [])
        for value, action, payment in self.take_options(
            state, takes, state.data.bots.greedy.woks_weighed
        ):
            if value > best[0]:
                best = (value, action, payment)
        return best

    def take_options(
        self, state: WeWillWokYouState, takes: list[TakeWok], weighed: int
    ) -> list[tuple[float, TakeWok, list[int]]]:
        """For each of the ``weighed`` wok cards that score best on their own, its best
        exact payment (card kinds) and the value of the holdings after it, in that order.
        (The search's moves too.)"""
        data = state.data
        player = state.turn
        hand = state.hands[player]
        front = state.fronts[player]
        woks = state.woks[player]
        coins = state.coins[player]
        late = state.end_triggered
        targets = [(s, 0) for s in range(len(data.symbols))]
        payments = minimal_payments(data, state._kinds[player], targets)
        # Rank the woks with the cheapest-looking payment first, then pay for the
        # best few: the payment changes only the hand wok and the symbols left.
        ranked = sorted(
            takes,
            key=lambda a: (
                -self._scorer(data).total([*woks, state.table.wok_of[a.wok]], hand, front)[0]
            ),
        )[:weighed]
        found: list[tuple[float, TakeWok, list[int]]] = []
        for action in ranked:
            wok = state.table.wok_of[action.wok]
            best_value = float("-inf")
            best_payment: list[int] = []
            for payment in payments:
                new_hand, paid = _move(data, hand, payment)
                value = self._value(state, [*woks, wok], new_hand, front + paid, coins, late)
                if value > best_value:
                    best_value, best_payment = value, list(payment)
            if best_payment:
                found.append((best_value, action, best_payment))
        return found

    def action_value(self, state: WeWillWokYouState, action: Action) -> float:
        """The value of the holdings after a collect or a buy (what ``choose`` weighs)."""
        player = state.turn
        hand = state.hands[player]
        front = state.fronts[player]
        woks = state.woks[player]
        coins = state.coins[player]
        late = state.end_triggered
        if isinstance(action, CollectCoin):
            return self._value(state, woks, hand, front, coins + 1, late)
        if isinstance(action, BuyRow):
            price = state.coin_sets[state.data.row_coin_sets[action.row]]
            return self._value(
                state, woks, hand + state.rows[action.row], front, coins - price, late
            )
        return self._value(state, woks, hand, front, coins, late)

    def holdings_value(self, state: WeWillWokYouState, player: int) -> float:
        """What ``player``'s woks, hand, front and coins are worth now: the exact final
        points plus the config's estimates for what is not used yet."""
        return self._value(
            state, state.woks[player], state.hands[player], state.fronts[player],
            state.coins[player], state.end_triggered,
        )

    def _pay_step(self, state: WeWillWokYouState, legal: list[Action]) -> Action:
        table = state.table
        if self._plan:
            kind = self._plan[0]
            if table.pay[kind] in legal:
                self._plan.pop(0)
                return table.pay[kind]
        # No plan (e.g. the bot joined mid-payment): finish with the best completion.
        data = state.data
        player = state.turn
        payments = minimal_payments(data, state._kinds[player], state._pending_targets(),
                                    len(state.pending_paid))
        best_value = float("-inf")
        best_plan: list[int] = []
        wok = state.pending_wok
        for payment in payments:
            new_hand, paid = _move(data, state.hands[player], payment)
            value = self._value(
                state,
                [*state.woks[player], wok],
                new_hand,
                state.fronts[player] + paid,
                state.coins[player],
                state.end_triggered,
            )
            if value > best_value:
                best_value, best_plan = value, list(payment)
        for kind in best_plan:
            if table.pay[kind] in legal:
                best_plan.remove(kind)
                self._plan = best_plan
                return table.pay[kind]
        return self.rng.choice(legal)

    # --- the value of holdings -----------------------------------------------------------
    def _value(
        self,
        state: WeWillWokYouState,
        woks: list[int],
        hand: list[int],
        front: list[int],
        coins: int,
        late: bool,
    ) -> float:
        data = state.data
        weights = data.bots.greedy
        points, leftovers = self._scorer(data).total(woks, hand, front)
        value = float(points)  # (a float throughout: mypyc keeps a float unboxed)
        if late:
            return value - weights.late_coin_cost * coins
        value += weights.coin_value * coins
        symbols = [0] * len(data.symbols)
        for card in hand:
            for s, c in enumerate(data.kind_contribution[data.card_kind[card]]):
                symbols[s] += c
        if state.offer:
            best = max(symbols)
            value += weights.symbol_value * (best + weights.other_symbols_share * sum(symbols))
        value += weights.spare_card_value * leftovers
        return value


def _move(data: CardData, hand: list[int], payment: Sequence[int]) -> tuple[list[int], list[int]]:
    """The hand without the lowest-id card of each paid kind, and the cards paid."""
    rest = sorted(hand)
    paid = []
    for kind in payment:
        for card in rest:
            if data.card_kind[card] == kind:
                rest.remove(card)
                paid.append(card)
                break
    return rest, paid
