"""We Will Wok You for the search bot (:mod:`wokphysics.games.search`): ``mcts`` and ``mcts:N``.

- **What a seat sees.** Its own hand; the rows, the coin sets, the wok cards on offer, every
  front, coins and wok cards taken, the removed cards; the others' hand *sizes* and the draw
  pile's *size*. A determinization deals the cards it cannot see (the others' hands and the
  draw pile: together, the ingredient cards in no row, front, removed pile or its own hand)
  again at random, each hand its size. The wok cards in the box never come into play. (The
  bot does not remember which rows the others bought: it treats their hands as unknown.)
- **Moves.** A turn is one move: collect a coin, buy a row, or take a wok card *with* the
  cards that pay for it (for the few wok cards that score best, each with the exact payment
  the greedy bot values most), so the tree chooses the payment too.
- **Playouts.** The greedy bot plays every seat for :data:`HORIZON` rounds of turns (or to
  the end); then each seat's holdings are valued as the greedy bot values them (the exact
  final score plus estimates for coins, symbols and spare cards), and the margin over the
  best other seat gives the chance to win (a logistic curve, :data:`SCALE` points wide).
"""

from __future__ import annotations

import math
import random
from typing import Final

from wokphysics.games.protocol import Action, GameState
from wokphysics.games.search import Move, Playout
from wokphysics.games.we_will_wok_you.actions import Pay, TakeWok
from wokphysics.games.we_will_wok_you.bots import WeWillWokYouGreedyBot, _move, minimal_payments
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState

HORIZON: Final = 3
"""Rounds of turns a playout plays before the holdings are valued."""
SCALE: Final = 4.0
"""Points of estimated margin that make a win about 73 % likely (the logistic's scale)."""
MARGIN_SHARE: Final = 0.1
"""Of the reward, the share that grows with the margin (the rest is the win)."""
WOKS_WEIGHED: Final = 3
"""Wok cards (each with its best payment) a node tries, besides collecting and buying."""
DEFAULT_BUDGET: Final = 100
"""Iterations a move of the plain ``mcts`` bot (at most about 1 s a move on one core:
docs/bots.md)."""


def _logistic(margin: float, scale: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, margin / scale))))


class WeWillWokYouSearch:
    """The game as the search sees it (see the module docstring)."""

    paired = False
    confidence = 0.0

    def __init__(self) -> None:
        self.greedy = WeWillWokYouGreedyBot(0)

    # ------------------------------------------------------------------ hidden information
    def determinize(self, state: GameState, seat: int, rng: random.Random) -> GameState:
        assert isinstance(state, WeWillWokYouState)
        world = state.clone()
        unseen = list(state.draw)
        for player, hand in enumerate(state.hands):
            if player != seat:
                unseen += hand
        unseen.sort()  # what the seat knows is the set, not where each card is
        rng.shuffle(unseen)
        at = 0
        for player, hand in enumerate(state.hands):
            if player != seat:
                world.hands[player] = unseen[at : at + len(hand)]
                at += len(hand)
        world.draw = unseen[at:]
        world.box_woks = sorted(world.box_woks)
        world.rng.seed(rng.getrandbits(64))
        world._rebuild_caches()
        return world

    # ------------------------------------------------------------------ moves
    def moves(self, state: GameState) -> list[Move]:
        assert isinstance(state, WeWillWokYouState)
        legal = state.legal_actions()
        if state.pending_wok >= 0:
            return self._completions(state, legal)
        greedy = self.greedy
        valued: list[tuple[float, Move]] = []
        takes: list[TakeWok] = []
        for action in legal:
            if isinstance(action, TakeWok):
                takes.append(action)
            else:
                valued.append((greedy.action_value(state, action), (action,)))
        if takes:
            pay = state.table.pay
            for value, take, payment in greedy.take_options(state, takes, WOKS_WEIGHED):
                valued.append((value, (take, *(pay[kind] for kind in payment))))
        valued.sort(key=lambda item: -item[0])  # stable: equal values keep the engine's order
        return [move for _, move in valued]

    def _completions(self, state: WeWillWokYouState, legal: list[Action]) -> list[Move]:
        """A payment under way: the minimal ways to finish it, best valued first."""
        data = state.data
        player = state.turn
        payments = minimal_payments(data, state._kinds[player], state._pending_targets(),
                                    len(state.pending_paid))
        valued: list[tuple[float, Move]] = []
        for payment in payments:
            hand, paid = _move(data, state.hands[player], payment)
            value = self.greedy._value(
                state, [*state.woks[player], state.pending_wok], hand,
                state.fronts[player] + paid, state.coins[player], state.end_triggered,
            )
            valued.append((value, tuple(state.table.pay[kind] for kind in payment)))
        valued.sort(key=lambda item: -item[0])
        moves = [move for _, move in valued[:WOKS_WEIGHED]]
        return moves or [(action,) for action in legal]

    # ------------------------------------------------------------------ playouts
    def playout(self, state: GameState, rng: random.Random) -> Playout:
        assert isinstance(state, WeWillWokYouState)
        greedy = self.greedy
        greedy.rng.seed(rng.getrandbits(32))
        greedy._plan = []
        stop = state.turns_taken + HORIZON * state.num_players
        # a payment under way is finished before the horizon counts
        while state.current_player >= 0 and (
            state.turns_taken < stop or state.pending_wok >= 0
        ):
            state.apply(greedy.choose(state))
        players = range(state.num_players)
        if state.is_terminal():
            winners = state.winners()
            points = [float(p) for p in state.scores()]
            wins = [1.0 / len(winners) if p in winners else 0.0 for p in players]
        else:
            points = [greedy.holdings_value(state, p) for p in players]
            wins = [_logistic(_margin(points, p), SCALE) for p in players]
        margins = [_margin(points, p) for p in players]
        rewards = [
            (1.0 - MARGIN_SHARE) * wins[p] + MARGIN_SHARE * _logistic(margins[p], 2 * SCALE)
            for p in players
        ]
        return Playout(rewards, wins, margins)

    # ------------------------------------------------------------------ words
    def describe(self, state: GameState, move: Move) -> str:
        first = move[0]
        if isinstance(first, TakeWok) and len(move) > 1:
            paid = ", ".join(str(step).removeprefix("pay ") for step in move[1:])
            return f"{first} paying {paid}"
        if isinstance(first, Pay):
            return "pay " + ", ".join(str(step).removeprefix("pay ") for step in move)
        return str(first)


def _margin(points: list[float], player: int) -> float:
    """``player``'s points less the best other seat's."""
    others = [p for q, p in enumerate(points) if q != player]
    return points[player] - max(others) if others else points[player]
