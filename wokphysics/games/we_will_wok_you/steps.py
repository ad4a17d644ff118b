"""The engine steps of one We Will Wok You card set and the pure look-ups the rules repeat.

A :class:`StepTable` is made once per :class:`~.cards.CardData` (:func:`step_table`) and shared
by every game of that card set: the action values (so ``legal_actions`` hands out the same
objects each time), the per-kind symbol tables the payment rules read, and three memos of
pure functions that random play asks again and again:

* :meth:`StepTable.turn_steps`: the collect and buy steps open for (the player's coins, the
  coin sets, which rows hold cards: left out while they all do);
* :meth:`StepTable.open_kinds`: the card kinds that keep a minimal payment possible, for one
  target symbol's (symbols still needed, cards showing 1, cards showing 2, whether every card
  paid so far shows 2 of it);
* :meth:`StepTable.after_paying`: the payment in progress once a card of a kind is paid.

Each memo's value depends only on its key and the card set, so sharing it between games and
states can never give a stale answer: the state builds every key from its live fields.
The memos are bounded (cleared if they ever grow past ``MEMO_LIMIT`` keys; in practice
they hold a few hundred).
"""

from __future__ import annotations

from wokphysics.games.protocol import Action
from wokphysics.games.we_will_wok_you.actions import BuyRow, CollectCoin, Pass, Pay, TakeWok
from wokphysics.games.we_will_wok_you.cards import CardData
from wokphysics.games.we_will_wok_you.scoring import WeWillWokYouScorer

MEMO_LIMIT = 100_000
"""Most keys a memo keeps before it starts again (a safety bound, never reached in play)."""

def completes(needed: int, paid: int, cards: int) -> bool:
    """Whether ``cards`` cards showing ``paid`` symbols of one kind toward it make a minimal
    payment of ``needed`` (the rules: at least ``needed`` identical symbols, and no card may
    be left out; docs/rules-we-will-wok-you.md): exactly ``needed``, or, ``needed`` being odd,
    one more from cards that all show 2 (each is needed: without one, ``needed - 1``).

    >>> completes(4, 4, 3), completes(4, 5, 3), completes(3, 4, 2), completes(3, 4, 3)
    (True, False, True, False)
    """
    return paid == needed or (paid == needed + 1 and paid == 2 * cards)


Targets = tuple[tuple[int, int], ...]
"""A payment in progress: (symbol, symbols paid toward it so far) for each symbol that every
card paid so far shows (all symbols at 0 right after ``take``)."""


class StepTable:
    """The engine steps and rules tables of one card set (see the module docstring)."""

    def __init__(self, data: CardData) -> None:
        names = data.setup.coin_set_names
        self.collect = tuple(CollectCoin(s, name) for s, name in enumerate(names))
        self.buy = tuple(BuyRow(r) for r in range(len(data.setup.row_sizes)))
        self.take = tuple(TakeWok(w.id) for w in data.woks)
        self.pay = tuple(Pay(data.kind_text(k)) for k in range(len(data.kinds)))
        self.passing = Pass()
        self.scorer = WeWillWokYouScorer(data)  # holds only tables of the card set: shared
        self.wok_of = {w.id: i for i, w in enumerate(data.woks)}
        self.kind_of = {data.kind_text(k): k for k in range(len(data.kinds))}
        self.needed = data.needed
        self.odd_needed = data.needed % 2 == 1
        """Whether a payment may end one over ``needed`` (all its cards showing 2: see
        :func:`completes`); never for an even ``needed`` (4 as shipped)."""
        self.row_coin_sets = data.row_coin_sets
        # per coin set, the rows it prices (the end comes when they are all empty)
        self.rows_of_set = tuple(
            tuple(r for r, s in enumerate(data.row_coin_sets) if s == coin_set)
            for coin_set in range(len(names))
        )
        # per kind, (symbol, symbols it shows toward that symbol) where that is not 0
        self.shows = tuple(
            tuple((s, c) for s, c in enumerate(contribution) if c)
            for contribution in data.kind_contribution
        )
        self.fresh_targets: Targets = tuple((s, 0) for s in range(len(data.symbols)))
        # per symbol, the kinds (as bits: 1 << kind) showing exactly 1 / 2 or more toward
        # it (cards show 1 or 2 symbols: cards.SymbolSettings.per_card)
        self.kinds_one = tuple(
            sum(1 << k for k, shown in enumerate(data.kind_contribution) if shown[s] == 1)
            for s in range(len(data.symbols))
        )
        self.kinds_two = tuple(
            sum(1 << k for k, shown in enumerate(data.kind_contribution) if shown[s] > 1)
            for s in range(len(data.symbols))
        )
        # per kind, its cards in id order: the lowest of them in a hand is the one paid
        self.cards_of_kind = tuple(
            tuple(c for c, kind in enumerate(data.card_kind) if kind == k)
            for k in range(len(data.kinds))
        )
        self.turn_steps_memo: dict[tuple[int, ...], tuple[Action, ...]] = {}
        """turn_steps' answers by key (legal_actions reads it first)."""
        self.open_kinds_memo: dict[tuple[int, int, int, int, bool], int] = {}
        """open_kinds' answers by key (the state reads it first)."""
        self.after_paying_memo: dict[tuple[Targets, int], tuple[Targets, bool]] = {}
        """after_paying's answers by key (the state reads it first)."""

    def turn_steps(self, key: tuple[int, ...]) -> tuple[Action, ...]:
        """The collect and buy steps, in that order, for ``key`` = (the player's coins,
        each coin set's coins, then per row whether it holds cards); without the rows' part
        (the short form), every row holds cards.

        A set's last coin may not be collected; a row costs its coin set's coins."""
        steps = self.turn_steps_memo.get(key)
        if steps is None:
            coins = key[0]
            sets = key[1 : 1 + len(self.collect)]
            rows_held = key[1 + len(self.collect) :] or (True,) * len(self.buy)
            steps = (
                *(collect for collect, n in zip(self.collect, sets, strict=True) if n > 1),
                *(
                    buy
                    for buy, held, coin_set in zip(
                        self.buy, rows_held, self.row_coin_sets, strict=True
                    )
                    if held and coins >= sets[coin_set]
                ),
            )
            if len(self.turn_steps_memo) >= MEMO_LIMIT:
                self.turn_steps_memo.clear()
            self.turn_steps_memo[key] = steps
        return steps

    def open_kinds(self, symbol: int, left: int, ones: int, twos: int, doubles: bool) -> int:
        """The kinds (bits ``1 << kind``) of which one card, paid now, keeps a minimal payment
        (:func:`completes`) toward ``symbol`` possible with ``left`` more symbols needed, for
        a hand holding ``ones`` cards that show 1 toward it and ``twos`` that show 2;
        ``doubles``: every card paid so far shows 2 toward it (True before the first).

        A card showing ``c`` (1 or 2) is payable when the other hand cards can make exactly
        ``left - c`` from ``a`` ones and ``b`` twos: some ``b' <= b`` with
        ``0 <= left - c - 2 b' <= a``; or, for an odd ``needed`` and ``doubles``, a card
        showing 2 when the hand's twos make ``left + 1`` (paying it, the payment may still
        end one over, all its cards showing 2)."""
        key = (symbol, left, ones, twos, doubles)
        found = self.open_kinds_memo.get(key)
        if found is None:
            found = 0
            for shown, kinds, rest_ones, rest_twos in (
                (1, self.kinds_one[symbol], ones - 1, twos),
                (2, self.kinds_two[symbol], ones, twos - 1),
            ):
                rest = left - shown
                if rest >= 0 and rest_ones >= 0 and rest_twos >= 0:
                    # fewest twos so the ones suffice, and most twos that fit
                    if max(0, (rest - rest_ones + 1) // 2) <= min(rest_twos, rest // 2):
                        found |= kinds
            if doubles and self.odd_needed and left % 2 == 1 and (left + 1) // 2 <= twos:
                found |= self.kinds_two[symbol]
            if len(self.open_kinds_memo) >= MEMO_LIMIT:
                self.open_kinds_memo.clear()
            self.open_kinds_memo[key] = found
        return found

    def after_paying(self, targets: Targets, kind: int) -> tuple[Targets, bool]:
        """The payment in progress once a card of ``kind`` is paid too (the symbols it shows,
        each with what it shows added), and whether a symbol then reaches ``needed`` (or
        passes it: a payable card keeps the payment minimal, see :meth:`open_kinds`)."""
        key = (targets, kind)
        found = self.after_paying_memo.get(key)
        if found is None:
            shows = dict(self.shows[kind])
            after = tuple((s, paid + shows[s]) for s, paid in targets if s in shows)
            found = (after, any(paid >= self.needed for _, paid in after))
            if len(self.after_paying_memo) >= MEMO_LIMIT:
                self.after_paying_memo.clear()
            self.after_paying_memo[key] = found
        return found


_TABLES: dict[int, tuple[CardData, StepTable]] = {}


def step_table(data: CardData) -> StepTable:
    """The one :class:`StepTable` of ``data`` (made on first use)."""
    entry = _TABLES.get(id(data))
    if entry is None or entry[0] is not data:
        entry = (data, StepTable(data))
        _TABLES[id(data)] = entry
    return entry[1]
