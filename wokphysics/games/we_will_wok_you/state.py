"""The state of a game of We Will Wok You and its rules.

Cards are small integers into :class:`~.cards.CardData` (ingredients and wok cards numbered
in the config's order); texts and JSON use the cards' ids. Seats are 0-based; seat 0 starts.
Every count comes from the config (``config/we_will_wok_you.toml``).

Invariants (checked by :meth:`WeWillWokYouState.check_invariants`): the ingredient cards are
each in exactly one of draw pile, removed pile, rows, hands and fronts; the coins in the coin
sets, the players' hands and out of the game add up to ``setup.total_coins`` and no set is
ever empty; the wok cards are each face up on offer, with a player, or in the box; no row is
longer than its size; the per-player caches (symbols, kinds and kind bits in hand, cards
showing 1 and 2 of each symbol, whether it shows enough identical symbols for a wok card)
match the hands, and the payment in progress its paid cards.
Legal steps are read from the shared memos of :mod:`.steps`, keyed by the live fields.
"""

from __future__ import annotations

from itertools import repeat
from typing import Any, Self

from wokphysics.games.draws import shuffle
from wokphysics.games.protocol import (
    Action,
    ActionParseError,
    GameState,
    IllegalAction,
    InvariantViolation,
)
from wokphysics.games.saved_state import SavedState
from wokphysics.games.we_will_wok_you.actions import (
    BuyRow,
    CollectCoin,
    Pass,
    Pay,
    TakeWok,
)
from wokphysics.games.we_will_wok_you.cards import MIN_PLAYERS, CardData, cards_from_text
from wokphysics.games.we_will_wok_you.info import INFO
from wokphysics.games.we_will_wok_you.scoring import ScoreResult
from wokphysics.games.we_will_wok_you.steps import Targets, step_table

action_table = step_table
"""The shared steps and tables of a card set (``action_table(data).scorer`` is its scorer)."""


class WeWillWokYouState(GameState):
    """A game in progress. Build one with :func:`.factory.new_state` (or ``new_game``)."""

    info = INFO

    def __init__(self, num_players: int, seed: int, data: CardData) -> None:
        super().__init__(num_players, seed)
        self.data = data
        self.table = step_table(data)
        self.scorer = self.table.scorer
        self.draw: list[int] = []  # top of the pile is the end of the list
        self.removed: list[int] = []
        # (the lists of lists are copies made by map, in C: a comprehension is a Python call)
        self.rows: list[list[int]] = list(map(list, repeat((), len(data.setup.row_sizes))))
        self.coin_sets = [0] * len(data.setup.coin_sets)
        self.coins_out = 0
        self.offer: list[int] = []
        self.box_woks: list[int] = []
        self.hands: list[list[int]] = list(map(list, repeat((), num_players)))
        self.fronts: list[list[int]] = list(map(list, repeat((), num_players)))
        self.woks: list[list[int]] = list(map(list, repeat((), num_players)))
        self.coins = [0] * num_players
        self.turn = 0
        self.pending_wok = -1
        self.pending_paid: list[int] = []
        self.end_triggered = False
        self.final_left = 0
        self.turns_taken = 0
        # Caches of the hands: symbols per payable symbol (stars count for each), kind counts.
        no_symbols, no_kinds = (0,) * len(data.symbols), (0,) * len(data.kinds)
        self._symbols = list(map(list, repeat(no_symbols, num_players)))
        self._kinds = list(map(list, repeat(no_kinds, num_players)))
        # hand cards showing exactly 1 / at least 2 symbols toward each symbol (stars count)
        self._ones = list(map(list, repeat(no_symbols, num_players)))
        self._twos = list(map(list, repeat(no_symbols, num_players)))
        # the kinds in each hand as bits (1 << kind): set exactly where _kinds is not 0
        self._held = [0] * num_players
        # whether the hand shows ``needed`` identical symbols (a wok card may be taken): max
        # of _symbols, worked out when the hand changes rather than at every legal list
        self._enough = [False] * num_players
        # (symbol, symbols paid so far) for each symbol every paid card counts toward: the
        # payment in progress (see _pending_targets), kept as the cards are paid
        self._targets: Targets = ()
        self._score_cache: list[ScoreResult] | None = None
        self._payable_cache: list[int] | None = None
        self._totals: list[tuple[int, int]] | None = None

    # --- setup -----------------------------------------------------------------------
    def setup(self) -> None:
        """Shuffle, remove, lay out rows, coins and woks, deal coins (uses only self.rng)."""
        data, setup, n = self.data, self.data.setup, self.num_players
        pile = list(range(data.ingredient_count))
        shuffle(self.rng, pile)  # the same draws as self.rng.shuffle, faster
        removing = setup.remove_ingredients[n - MIN_PLAYERS]
        self.removed = sorted(pile[:removing])
        self.draw = pile[removing:]
        for row in range(len(self.rows)):
            self._refill(row)
        self.coin_sets = list(setup.coin_sets)
        self.coins = [setup.coins_per_player] * n
        self.coins_out = setup.total_coins - sum(self.coin_sets) - sum(self.coins)
        woks = list(range(len(data.woks)))
        shuffle(self.rng, woks)
        face_up = setup.face_up_woks[n - MIN_PLAYERS]
        self.offer = woks[:face_up]
        self.box_woks = sorted(woks[face_up:])

    def _refill(self, row: int) -> None:
        """Deal cards from the top of the draw pile (its end) into ``row`` until it is full
        or the pile is empty: the top card first."""
        cards, draw = self.rows[row], self.draw
        size = self.data.setup.row_sizes[row]
        while len(cards) < size and draw:  # (2-3 cards: faster than slicing)
            cards.append(draw.pop())

    # --- the hand and its caches ----------------------------------------------------------
    def _add_to_hand(self, player: int, cards: list[int]) -> None:
        """Put ``cards`` at the end of the hand, in order, and count them in its caches."""
        self.hands[player] += cards
        card_kind, shows = self.data.card_kind, self.table.shows
        kinds = self._kinds[player]
        symbols, ones, twos = self._symbols[player], self._ones[player], self._twos[player]
        for card in cards:
            kind = card_kind[card]
            if not kinds[kind]:
                self._held[player] |= 1 << kind
            kinds[kind] += 1
            for s, c in shows[kind]:
                symbols[s] += c
                if c == 1:
                    ones[s] += 1
                else:
                    twos[s] += 1
        self._enough[player] = max(symbols) >= self.table.needed

    def _remove_from_hand(self, player: int, kind: int) -> int:
        """Take the lowest-id hand card of ``kind`` out of the hand and return it."""
        hand = self.hands[player]
        for card in self.table.cards_of_kind[kind]:  # (in id order: the first held is lowest)
            if card in hand:
                break
        hand.remove(card)
        kinds = self._kinds[player]
        kinds[kind] -= 1
        if not kinds[kind]:
            self._held[player] &= ~(1 << kind)
        symbols, ones, twos = self._symbols[player], self._ones[player], self._twos[player]
        for s, c in self.table.shows[kind]:
            symbols[s] -= c
            if c == 1:
                ones[s] -= 1
            else:
                twos[s] -= 1
        self._enough[player] = max(symbols) >= self.table.needed
        return card

    def _rebuild_caches(self) -> None:
        """Derive every cache again from the cards where they lie (after a load, or after
        cards were moved by hand)."""
        self._payable_cache = None
        self._score_cache = None
        self._totals = None
        symbols = len(self.data.symbols)
        for player in range(self.num_players):
            self._symbols[player] = [0] * symbols
            self._ones[player] = [0] * symbols
            self._twos[player] = [0] * symbols
            self._kinds[player] = [0] * len(self.data.kinds)
            self._held[player] = 0
            hand, self.hands[player] = self.hands[player], []
            self._add_to_hand(player, hand)
        self._targets = self._paid_targets()

    def _paid_targets(self) -> Targets:
        """The payment in progress worked out from the cards paid so far (what ``_targets``
        keeps up to date card by card)."""
        targets = self.table.fresh_targets if self.pending_wok >= 0 else ()
        for card in self.pending_paid:
            targets = self.table.after_paying(targets, self.data.card_kind[card])[0]
        return targets

    # --- whose move and what is legal --------------------------------------------------
    @property
    def current_player(self) -> int:
        return -1 if self.end_triggered and self.final_left == 0 else self.turn  # is_terminal

    def is_terminal(self) -> bool:
        return self.end_triggered and self.final_left == 0

    def _pending_targets(self) -> Targets:
        """(symbol, symbols paid so far) for each symbol every paid card counts toward (all
        symbols at 0 right after ``take``; kept up to date as cards are paid)."""
        return self._targets

    def _payable_kinds(self) -> list[int]:
        """Kinds of hand card that keep a minimal payment of ``needed`` symbols possible
        (steps.completes), in kind order (cached until the next action: legal_actions and
        apply both ask).

        A card showing ``c`` symbols toward a target symbol ``s`` already ``paid`` is payable
        when the other hand cards can make exactly ``needed - paid - c`` more of ``s`` from
        those showing 1 and those showing 2 (cards show 1 or 2 symbols:
        cards.SymbolSettings), or, for an odd ``needed``, when every card paid shows 2 and
        the hand's cards showing 2 reach ``needed + 1``. That depends only on ``s``,
        ``needed - paid``, the hand's counts of cards showing 1 and 2 toward ``s`` and
        whether the cards paid all show 2: StepTable.open_kinds answers it per target
        symbol, as the kinds (bits) it opens; the hand's kinds (``_held``) filter those."""
        if self._payable_cache is not None:
            return self._payable_cache
        table = self.table
        known = table.open_kinds_memo  # (read here: no call when the answer is known)
        needed = self.data.needed
        player = self.turn
        ones, twos = self._ones[player], self._twos[player]
        all_twos = 2 * len(self.pending_paid)  # what the cards paid show if each shows 2
        payable = 0
        for s, paid in self._targets:
            key = (s, needed - paid, ones[s], twos[s], paid == all_twos)
            found = known.get(key)
            payable |= table.open_kinds(*key) if found is None else found
        payable &= self._held[player]
        result = []
        while payable:  # the set bits, lowest (kind order) first
            lowest = payable & -payable
            result.append(lowest.bit_length() - 1)
            payable ^= lowest
        self._payable_cache = result
        return result

    def _can_take_wok(self, player: int) -> bool:
        return bool(self.offer) and self._enough[player]

    def legal_actions(self) -> list[Action]:
        if self.end_triggered and self.final_left == 0:
            return []
        table = self.table
        if self.pending_wok >= 0:
            return list(map(table.pay.__getitem__, self._payable_kinds()))
        player = self.turn
        # StepTable.turn_steps' key, read from the live fields (so never a stale answer);
        # while every row holds cards (as long as the draw pile lasts) the short form
        rows = self.rows
        if all(rows):
            key = (self.coins[player], *self.coin_sets)
        else:
            key = (self.coins[player], *self.coin_sets, *map(bool, rows))
        steps = table.turn_steps_memo.get(key)  # (the memo read here: no call when known)
        actions = list(table.turn_steps(key) if steps is None else steps)
        if self.offer and self._enough[player]:  # _can_take_wok
            actions += map(table.take.__getitem__, self.offer)
        if not actions:
            actions.append(table.passing)
        return actions

    def check_legal(self, action: Action) -> None:
        """Raise IllegalAction saying why ``action`` may not be taken now. (``type(...) is``
        rather than isinstance: the action classes are final, and the exact type test is the
        cheaper one in the hot loop of simulations.)"""
        if self.end_triggered and self.final_left == 0:
            raise IllegalAction("the game is over")
        player = self.turn
        if self.pending_wok >= 0 and type(action) is not Pay:
            wok_id = self.data.woks[self.pending_wok].id
            raise IllegalAction(
                f"first finish paying for {wok_id}: 'pay' one hand card at a time until "
                f"{self.data.needed} identical symbols"
            )
        if type(action) is CollectCoin:
            names = self.data.setup.coin_set_names
            if not 0 <= action.coin_set < len(self.coin_sets):
                raise IllegalAction(f"the coin sets are {', '.join(names)}")
            if self.coin_sets[action.coin_set] <= 1:
                raise IllegalAction(
                    f"the {names[action.coin_set]} coin set has its last coin, "
                    "which may not be taken"
                )
        elif type(action) is BuyRow:
            if not 0 <= action.row < len(self.rows):
                raise IllegalAction(f"the rows are 1 to {len(self.rows)}")
            if not self.rows[action.row]:
                raise IllegalAction(f"row {action.row + 1} is empty")
            price = self.coin_sets[self.data.row_coin_sets[action.row]]
            if self.coins[player] < price:
                raise IllegalAction(
                    f"row {action.row + 1} costs {price} coins and you have {self.coins[player]}"
                )
        elif type(action) is TakeWok:
            wok = self.table.wok_of.get(action.wok)
            if wok is None or wok not in self.offer:
                raise IllegalAction(f"wok card {action.wok} is not face up on the table")
            if max(self._symbols[player]) < self.data.needed:
                raise IllegalAction(
                    f"your hand does not show {self.data.needed} identical symbols "
                    f"({self.data.settings.symbols.wild} wild) to pay with"
                )
        elif type(action) is Pay:
            if self.pending_wok < 0:
                raise IllegalAction("choose a wok card first ('take W..')")
            kind = self.table.kind_of.get(action.kind)
            if kind is None or not self._kinds[player][kind]:
                raise IllegalAction(f"you have no {action.kind} card in your hand")
            if kind not in self._payable_kinds():
                raise IllegalAction(
                    f"a {action.kind} card cannot be part of exactly {self.data.needed} "
                    "identical symbols with the cards already paid and those left in your hand"
                    + (f" (nor of {self.data.needed + 1} from cards showing 2 each)"
                       if self.table.odd_needed else "")
                )
        elif type(action) is Pass:
            others = [a for a in self.legal_actions() if not isinstance(a, Pass)]
            if others:
                raise IllegalAction(
                    f"you may pass only when nothing else is possible ({others[0]} is)"
                )
        else:
            raise IllegalAction(f"'{action}' is not a We Will Wok You action")

    # --- carrying out --------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self._payable_cache = self._score_cache = self._totals = None
        if type(action) is CollectCoin:
            self._collect(action.coin_set)
        elif type(action) is BuyRow:
            self._buy(action.row)
        elif type(action) is TakeWok:
            self._take(self.table.wok_of[action.wok])
        elif type(action) is Pay:
            self._pay(self.table.kind_of[action.kind])
        else:
            self._end_turn()

    def apply(self, action: Action) -> None:
        """Carry out ``action`` and record it, or raise IllegalAction (check_legal says why)
        and change nothing: GameState.apply's contract.

        The steps of play are checked here by the same tests as check_legal's and carried
        out at once, without check_legal's and _apply's two dispatches on the kind of step
        (this runs for every step of every simulated game). What these tests accept is
        legal; anything else (a pass, a refusal) goes the general way, so a refusal is
        always check_legal's, saying why."""
        if not (self.end_triggered and self.final_left == 0):
            if self.pending_wok < 0:
                if type(action) is CollectCoin:  # (the most common step: written out here,
                    # _collect and _end_turn: half a random game's steps are collects)
                    coin_set, coin_sets = action.coin_set, self.coin_sets
                    if 0 <= coin_set < len(coin_sets) and coin_sets[coin_set] > 1:
                        self._payable_cache = self._score_cache = self._totals = None
                        coin_sets[coin_set] -= 1
                        turn = self.turn
                        self.coins[turn] += 1
                        self.turns_taken += 1
                        if self.end_triggered:
                            self.final_left -= 1
                        self.turn = (turn + 1) % self.num_players
                        self.history.append(action)
                        return
                elif type(action) is BuyRow:
                    row = action.row
                    if (
                        0 <= row < len(self.rows)
                        and self.rows[row]
                        and self.coins[self.turn]
                        >= self.coin_sets[self.data.row_coin_sets[row]]
                    ):
                        self._payable_cache = self._score_cache = self._totals = None
                        self._buy(row)
                        self.history.append(action)
                        return
                elif type(action) is TakeWok:
                    wok = self.table.wok_of.get(action.wok)
                    if wok is not None and wok in self.offer and self._enough[self.turn]:
                        self._payable_cache = self._score_cache = self._totals = None
                        self._take(wok)
                        self.history.append(action)
                        return
            elif type(action) is Pay:
                kind = self.table.kind_of.get(action.kind)
                payable = self._payable_cache  # (legal_actions has most often just made it)
                if payable is None:
                    payable = self._payable_kinds()
                if kind is not None and kind in payable:  # (payable kinds are in the hand)
                    self._payable_cache = self._score_cache = self._totals = None
                    self._pay(kind)
                    self.history.append(action)
                    return
        self.check_legal(action)
        self._apply(action)
        self.history.append(action)

    def _collect(self, coin_set: int) -> None:
        self.coin_sets[coin_set] -= 1
        self.coins[self.turn] += 1
        self._end_turn()

    def _buy(self, row: int) -> None:
        """Pay the row's price into its coin set, take its cards, refill it; the end comes
        when every row of that coin set is empty (that purchase is not a final action)."""
        player = self.turn
        coin_set = self.data.row_coin_sets[row]
        price = self.coin_sets[coin_set]
        self.coins[player] -= price
        self.coin_sets[coin_set] += price
        bought, self.rows[row] = self.rows[row], []
        self._add_to_hand(player, bought)
        self._refill(row)
        triggered = False
        if not self.end_triggered:
            rows = self.rows
            if not any(map(rows.__getitem__, self.table.rows_of_set[coin_set])):
                self.end_triggered = True
                self.final_left = self.num_players
                triggered = True
        self._end_turn(count_final=not triggered)

    def _take(self, wok: int) -> None:
        self.pending_wok = wok
        self.pending_paid = []
        self._targets = self.table.fresh_targets

    def _pay(self, kind: int) -> None:
        """Move the hand's lowest card of ``kind`` to the front; the wok card is the
        player's once a symbol reaches ``needed`` (exactly, or one over from cards showing 2
        each: steps.completes)."""
        player = self.turn
        card = self._remove_from_hand(player, kind)
        self.fronts[player].append(card)
        self.pending_paid.append(card)
        table, targets = self.table, self._targets
        found = table.after_paying_memo.get((targets, kind))  # (no call when known)
        self._targets, complete = table.after_paying(targets, kind) if found is None else found
        if complete:
            self.offer.remove(self.pending_wok)
            self.woks[player].append(self.pending_wok)
            self.pending_wok = -1
            self.pending_paid = []
            self._targets = ()
            self._end_turn()

    def _end_turn(self, count_final: bool = True) -> None:
        """The next player's turn; one final action fewer once the end has come (apply's
        collect step does the same, written out)."""
        self.turns_taken += 1
        if self.end_triggered and count_final:
            self.final_left -= 1
        self.turn = (self.turn + 1) % self.num_players

    def parse_action(self, text: str) -> Action:
        words = text.strip().lower().split()
        if words == ["pass"]:
            return self.table.passing
        names = self.data.setup.coin_set_names
        if len(words) == 2 and words[0] == "collect" and words[1] in names:
            return self.table.collect[names.index(words[1])]
        rows = [str(r + 1) for r in range(len(self.rows))]
        if len(words) == 3 and words[:2] == ["buy", "row"]:
            if words[2] not in rows:
                raise ActionParseError(
                    f"there is no row {words[2]!r}: the rows are 1 to {len(self.rows)}"
                )
            return self.table.buy[int(words[2]) - 1]
        if len(words) == 2 and words[0] == "collect":
            raise ActionParseError(
                f"there is no coin set {words[1]!r}: collect {' or '.join(names)}"
            )
        if len(words) == 2 and words[0] == "take":
            wok = words[1].upper()
            if wok not in self.table.wok_of:
                ids = [w.id for w in self.data.woks]
                raise ActionParseError(f"there is no wok card {wok!r} ({ids[0]} to {ids[-1]})")
            return self.table.take[self.table.wok_of[wok]]
        if len(words) == 2 and words[0] == "pay" and ":" in words[1]:
            type_key, _, symbols = words[1].partition(":")
            parts = sorted(p for p in symbols.split("+") if p and p != "none")
            kind_text = f"{type_key}:{'+'.join(parts) or 'none'}"
            if kind_text not in self.table.kind_of:
                raise ActionParseError(f"there is no ingredient card {words[1]!r}")
            return self.table.pay[self.table.kind_of[kind_text]]
        raise ActionParseError(
            f"not an action: {text!r}; write 'collect {'|'.join(names)}', 'buy row N', "
            "'take W..', 'pay type:symbols' or 'pass'"
        )

    # --- the end ---------------------------------------------------------------------
    def final_scores(self) -> list[ScoreResult]:
        """Each player's optimal scoring of their woks, hand and front (cached)."""
        if self._score_cache is None:
            self._score_cache = [
                self.scorer.score(self.woks[p], self.hands[p], self.fronts[p], self.coins[p])
                for p in range(self.num_players)
            ]
        return self._score_cache

    def totals(self) -> list[tuple[int, int]]:
        """Each player's optimal points and left-over ingredients (the same as
        ``final_scores``'s, without building the arrangements; cached)."""
        if self._totals is None:
            self._totals = [
                self.scorer.total(self.woks[p], self.hands[p], self.fronts[p])
                for p in range(self.num_players)
            ]
        return self._totals

    def scores(self) -> list[int]:
        return [points for points, _ in self.totals()]

    def tie_break_key(self, player: int) -> tuple[int, int, int]:
        """Larger is better: points, then left-over ingredients, then left-over coins."""
        points, leftovers = self.totals()[player]
        rules = self.data.rules
        coins = self.coins[player]
        return (
            points,
            -leftovers if rules.leftover_ingredients_tie_break == "fewer" else leftovers,
            -coins if rules.leftover_coins_tie_break == "fewer" else coins,
        )

    def winners(self) -> list[int]:
        keys = [self.tie_break_key(p) for p in range(self.num_players)]
        best = max(keys)
        return [p for p, key in enumerate(keys) if key == best]

    # --- copies, text and views -------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        ids = self.data.card_ids
        wok_ids = [w.id for w in self.data.woks]
        return {
            # the settings travel as their canonical JSON text, so a saved game is complete
            "settings": self.data.text,
            "players": self.num_players,
            "seed": self.seed,
            "rng": self.rng_state(),
            "draw": [ids[c] for c in self.draw],
            "removed": [ids[c] for c in self.removed],
            "rows": [[ids[c] for c in row] for row in self.rows],
            "coin_sets": list(self.coin_sets),
            "coins_out": self.coins_out,
            "offer": [wok_ids[w] for w in self.offer],
            "box_woks": [wok_ids[w] for w in self.box_woks],
            "hands": [[ids[c] for c in hand] for hand in self.hands],
            "fronts": [[ids[c] for c in front] for front in self.fronts],
            "woks": [[wok_ids[w] for w in woks] for woks in self.woks],
            "coins": list(self.coins),
            "turn": self.turn,
            "pending_wok": wok_ids[self.pending_wok] if self.pending_wok >= 0 else None,
            "pending_paid": [ids[c] for c in self.pending_paid],
            "end_triggered": self.end_triggered,
            "final_left": self.final_left,
            "turns_taken": self.turns_taken,
            "history": [str(a) for a in self.history],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """The state saved by :meth:`to_dict`; a missing, mistyped or unknown field is a
        ReplayFileError naming it (one line for the player, never Python's words)."""
        saved = SavedState(data, "saved We Will Wok You state")
        cards = cards_from_text(saved.text("settings"))
        state = cls(saved.integer("players"), saved.integer("seed"), cards)
        state.set_rng_state(saved.sequence("rng"))
        card, wok = cards.card_index, cards.wok_index
        state.draw = saved.names("draw", card, "card")
        state.removed = saved.names("removed", card, "card")
        state.rows = saved.name_rows("rows", card, "card")
        state.coin_sets = saved.integers("coin_sets")
        state.coins_out = saved.integer("coins_out")
        state.offer = saved.names("offer", wok, "wok card")
        state.box_woks = saved.names("box_woks", wok, "wok card")
        state.hands = saved.name_rows("hands", card, "card")
        state.fronts = saved.name_rows("fronts", card, "card")
        state.woks = saved.name_rows("woks", wok, "wok card")
        state.coins = saved.integers("coins")
        state.turn = saved.integer("turn")
        pending = saved.optional_text("pending_wok")  # null: no wok card being paid for
        state.pending_wok = -1 if pending is None else saved.named(
            "pending_wok", pending, wok, "wok card")
        state.pending_paid = saved.names("pending_paid", card, "card")
        state.end_triggered = saved.flag("end_triggered")
        state.final_left = saved.integer("final_left")
        state.turns_taken = saved.integer("turns_taken")
        state.history = [state.parse_action(text) for text in saved.texts("history")]
        state._rebuild_caches()
        return state

    def clone(self) -> Self:
        """An independent copy (a structural copy: much faster than the JSON round trip)."""
        other = type(self)(self.num_players, self.seed, self.data)
        other.rng.setstate(self.rng.getstate())
        other.draw = list(self.draw)
        other.removed = list(self.removed)
        other.rows = [list(r) for r in self.rows]
        other.coin_sets = list(self.coin_sets)
        other.coins_out = self.coins_out
        other.offer = list(self.offer)
        other.box_woks = list(self.box_woks)
        other.hands = [list(h) for h in self.hands]
        other.fronts = [list(f) for f in self.fronts]
        other.woks = [list(w) for w in self.woks]
        other.coins = list(self.coins)
        other.turn = self.turn
        other.pending_wok = self.pending_wok
        other.pending_paid = list(self.pending_paid)
        other.end_triggered = self.end_triggered
        other.final_left = self.final_left
        other.turns_taken = self.turns_taken
        other.history = list(self.history)
        other._symbols = [list(s) for s in self._symbols]
        other._kinds = [list(k) for k in self._kinds]
        other._ones = [list(k) for k in self._ones]
        other._twos = [list(k) for k in self._twos]
        other._held = list(self._held)
        other._enough = list(self._enough)
        other._targets = self._targets
        return other

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` sees: everything on the table, their own hand; others' hand sizes
        only; the draw pile's size only; the unused woks' number only."""
        full = self.to_dict()
        for key in ("draw", "box_woks", "rng", "seed", "settings"):
            full.pop(key)
        full["draw_size"] = len(self.draw)
        full["box_wok_count"] = len(self.box_woks)
        full["hand_sizes"] = [len(hand) for hand in self.hands]
        full["hands"] = [hand if p == player else None for p, hand in enumerate(full["hands"])]
        full["observer"] = player
        return full

    def check_invariants(self) -> None:
        data = self.data
        places = [self.draw, self.removed, *self.rows, *self.hands, *self.fronts]
        everything = [c for place in places for c in place]
        total = data.ingredient_count
        if sorted(everything) != list(range(total)):
            raise InvariantViolation(
                f"ingredient cards not conserved: {len(everything)} found, "
                f"{len(set(everything))} distinct, expected each of {total} once"
            )
        coins = sum(self.coin_sets) + sum(self.coins) + self.coins_out
        if coins != data.setup.total_coins or min(self.coin_sets) < 1 or min(self.coins) < 0:
            raise InvariantViolation(
                f"coins: sets {self.coin_sets}, players {self.coins}, out {self.coins_out}"
            )
        woks = [*self.offer, *self.box_woks, *(w for ws in self.woks for w in ws)]
        if sorted(woks) != list(range(len(data.woks))):
            raise InvariantViolation(f"wok cards not conserved: {len(woks)} found")
        for row, size in zip(self.rows, data.setup.row_sizes, strict=True):
            if len(row) > size:
                raise InvariantViolation(f"a row holds {len(row)} cards, more than {size}")
        if self.draw and any(
            len(row) < size for row, size in zip(self.rows, data.setup.row_sizes, strict=True)
        ):
            raise InvariantViolation("a row is short while the draw pile still has cards")
        for player in range(self.num_players):
            symbols = [0] * len(data.symbols)
            kinds = [0] * len(data.kinds)
            for card in self.hands[player]:
                kinds[data.card_kind[card]] += 1
                for s, c in enumerate(data.kind_contribution[data.card_kind[card]]):
                    symbols[s] += c
            ones = [sum(1 for c in self.hands[player] if
                        data.kind_contribution[data.card_kind[c]][s] == 1)
                    for s in range(len(data.symbols))]
            twos = [sum(1 for c in self.hands[player] if
                        data.kind_contribution[data.card_kind[c]][s] > 1)
                    for s in range(len(data.symbols))]
            held = sum(1 << kind for kind, count in enumerate(kinds) if count)
            if (
                held != self._held[player]
                or (max(symbols) >= data.needed) != self._enough[player]
                or symbols != self._symbols[player]
                or kinds != self._kinds[player]
                or ones != self._ones[player]
                or twos != self._twos[player]
            ):
                raise InvariantViolation(f"player {player}'s hand caches are stale")
        if self._paid_targets() != self._targets:
            raise InvariantViolation("the payment in progress is out of step with its cards")
        if self.end_triggered and not 0 <= self.final_left <= self.num_players:
            raise InvariantViolation(f"final actions left: {self.final_left}")
