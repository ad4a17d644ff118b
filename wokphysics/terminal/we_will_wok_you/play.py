"""We Will Wok You in the terminal, on the shared loop (:mod:`wokphysics.terminal.prompt`).

What this game adds to the loop: every numbered choice says what it brings (``buy row 2``
with its price and cards, ``take W07`` with the wok card's requirement and points, ``pay
chicken:bowl+bowl`` with the card it moves); bot moves name the cards they took (``Bot 2
(greedy): bought row 4 for 3 coins: Tina Tuna (star) [tuna-03], ...``); ``legend`` explains
the card kinds and symbols of the ``pay`` texts. The screen before each move fits an 80x24
terminal with its choices: cards written as the ``pay`` texts write them
(``chicken:bowl+bowl``), the removed cards counted by type, the woks on offer by id;
``show woks``, ``show removed``, ``show hand`` and ``show full`` (the long table) give the
details.
"""

from __future__ import annotations

import textwrap

from wokphysics.games.protocol import Action, GameState
from wokphysics.games.we_will_wok_you.actions import BuyRow, CollectCoin, Pass, Pay, TakeWok
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.terminal.prompt import Choice, TerminalGame
from wokphysics.terminal.we_will_wok_you.render import render, render_end

WIDTH = 80
"""The terminal's columns the compact screen is wrapped to."""

SHOW = "show: the table; show woks | removed | hand | full"


def _state(game: GameState) -> WeWillWokYouState:
    assert isinstance(game, WeWillWokYouState)
    return game


def _cards(state: WeWillWokYouState, cards: list[int]) -> str:
    return ", ".join(state.data.card_text(c) for c in cards) or "no cards"


def _kinds(state: WeWillWokYouState, cards: list[int]) -> str:
    """Cards as the ``pay`` texts write them, sorted: ``broccoli:bowl, chicken:none``."""
    data = state.data
    return ", ".join(data.kind_text(data.card_kind[c]) for c in sorted(cards)) or "(none)"


def _type_counts(state: WeWillWokYouState, cards: list[int]) -> str:
    """``broccoli 3, chicken 4``: how many of each type (types in the file's order)."""
    data = state.data
    counts = [sum(1 for c in cards if data.card_type[c] == t) for t in range(data.num_types)]
    return ", ".join(f"{key} {n}" for key, n in zip(data.type_keys, counts, strict=True) if n)


def _wrapped(text: str, indent: str = "  ") -> list[str]:
    """``text`` broken at spaces into lines of at most :data:`WIDTH` columns."""
    return textwrap.wrap(text, WIDTH, subsequent_indent=indent, break_on_hyphens=False) or [""]


def _wok(state: WeWillWokYouState, wok_id: str) -> str:
    data = state.data
    return f"{wok_id} ({data.woks[data.wok_index(wok_id)].describe(data.type_names)})"



def _so_far(game: WeWillWokYouState) -> str:
    """How far the payment in progress is, for each symbol every paid card counts toward
    ("; so far chopstick 3 of 4"): the window shows it under the hand, the terminal said only
    which cards were paid."""
    data = game.data
    paid = [data.kind_contribution[data.card_kind[card]] for card in game.pending_paid]
    if not paid:
        return ""
    shared = [s for s in range(len(data.symbols)) if all(kind[s] for kind in paid)]
    return "; so far " + ", ".join(
        f"{data.symbols[s]} {sum(kind[s] for kind in paid)} of {data.needed}" for s in shared)

class WeWillWokYouTerminal(TerminalGame):
    """We Will Wok You's words for the shared terminal loop (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(render, render_end)

    def screen(self, state: GameState, seat: int) -> str:
        """The table before ``seat``'s move, short enough to stay on an 80x24 terminal
        with the choices below it (``show full``: every card written out)."""
        game = _state(state)
        data = game.data
        lines = [f"--- We Will Wok You, turn {game.turns_taken + 1} ---"]
        if game.end_triggered:
            lines.append(f"The end is triggered: {game.final_left} final action(s) left.")
        row_sets = data.row_coin_sets
        sets = []
        for coin_set, name in enumerate(data.setup.coin_set_names):
            rows = ", ".join(str(r + 1) for r in range(len(row_sets)) if row_sets[r] == coin_set)
            sets.append(f"{name} coin set: {game.coin_sets[coin_set]} coins (rows {rows})")
        lines += _wrapped("; ".join(sets))
        for row, cards in enumerate(game.rows):
            lines += _wrapped(f"  row {row + 1} ({self._price(game, row)} coins): "
                              f"{_kinds(game, cards)}", "      ")
        counts = _type_counts(game, game.removed)
        lines += _wrapped(f"draw {len(game.draw)}, removed {len(game.removed)}"
                          f"{': ' + counts if counts else ''}")
        offer = " ".join(data.woks[w].id for w in game.offer)
        lines += _wrapped(f"woks on offer ('show woks'): {offer}")
        for player in range(game.num_players):
            if player == seat:
                continue
            woks = " ".join(data.woks[w].id for w in game.woks[player]) or "none"
            front = _type_counts(game, game.fronts[player]) or "(none)"
            lines += _wrapped(f"player {player + 1}: {game.coins[player]} coins, "
                              f"{len(game.hands[player])} hand cards, woks {woks}, front "
                              f"{front}", "    ")
        woks = " ".join(data.woks[w].id for w in game.woks[seat]) or "none"
        now = game.scorer.score(game.woks[seat], game.hands[seat], game.fronts[seat])
        lines += _wrapped(f"YOU (player {seat + 1}): {game.coins[seat]} coins, woks {woks}; "
                          f"your score if the game ended now: {now.total}", "    ")
        lines += _wrapped(f"  front: {_type_counts(game, game.fronts[seat]) or '(none)'}",
                          "    ")
        lines += _wrapped(f"  hand: {_kinds(game, game.hands[seat])}", "    ")
        symbols = ", ".join(f"{name} {count}" for name, count in
                            zip(data.symbols, game._symbols[seat], strict=True))
        lines += _wrapped(f"  symbols in hand ({data.settings.symbols.wild} = any): {symbols}",
                          "    ")
        if game.pending_wok >= 0:
            lines += _wrapped(
                f"Paying for {data.woks[game.pending_wok].id} card by card: paid "
                f"{_kinds(game, game.pending_paid)}; {data.needed} identical symbols "
                f"needed ({data.settings.symbols.wild} wild){_so_far(game)}")
        return "\n".join(lines)

    def describe(self, state: GameState, action: Action) -> str:
        game = _state(state)
        if isinstance(action, CollectCoin):
            left = game.coin_sets[action.coin_set]
            return f"{action}: take a coin (its rows then cost {left - 1})"
        if isinstance(action, BuyRow):
            price = self._price(game, action.row)
            return f"{action} for {price} coins: {_kinds(game, game.rows[action.row])}"
        if isinstance(action, TakeWok):
            return f"take {_wok(game, action.wok)}"
        if isinstance(action, Pay):
            return str(action)  # "pay tuna:bowl": the hand card of that kind goes to the front
        if isinstance(action, Pass):
            return "pass (nothing else is possible)"
        return str(action)

    def choices(self, state: GameState, seat: int) -> list[Choice]:
        """One line per action, but the woks on offer as one line that opens their list
        (twelve wok lines would push the table off an 80x24 terminal)."""
        actions = state.legal_actions()
        takes: list[Action] = [a for a in actions if isinstance(a, TakeWok)]
        listed = [Choice(self.describe(state, a), [a]) for a in actions
                  if not isinstance(a, TakeWok) or len(takes) < 2]
        if len(takes) >= 2:
            listed.append(Choice(
                f"take a wok card ({len(takes)} on offer; or type take Wxx)", takes,
                [self.describe(state, a) for a in takes],
                "Which wok card? (then pay it card by card)"))
        return listed

    def per_line(self) -> int:
        """Short choices (``pay tuna:bowl``) share a line; long ones get their own."""
        return 3

    @staticmethod
    def _price(state: WeWillWokYouState, row: int) -> int:
        """A row's price: the coins in its coin set."""
        return state.coin_sets[state.data.row_coin_sets[row]]

    def said(self, before: GameState, action: Action, state: GameState, seat: int,
             name: str) -> list[str]:
        old, new = _state(before), _state(state)
        if isinstance(action, CollectCoin):
            spent = new.coin_sets[action.coin_set]
            return [f"{name}: collected a coin from the {str(action).split()[1]} set "
                    f"(its rows now cost {spent})"]
        if isinstance(action, BuyRow):
            price = old.coins[seat] - new.coins[seat]
            return [f"{name}: bought row {action.row + 1} for {price} coin"
                    f"{'s' if price != 1 else ''}: {_cards(old, old.rows[action.row])}"]
        if isinstance(action, TakeWok):
            return [f"{name}: chose {_wok(old, action.wok)} and pays for it"]
        if isinstance(action, Pay):
            moved = [c for c in new.fronts[seat] if c not in old.fronts[seat]]
            if new.pending_wok < 0 and new.woks[seat] != old.woks[seat]:
                wok = new.data.woks[new.woks[seat][-1]].id
                paid = list(old.pending_paid) + moved
                return [f"{name}: took {_wok(new, wok)} paying {_cards(new, paid)}"]
            return [f"{name}: paid {_cards(new, moved)}"]
        if isinstance(action, Pass):
            return [f"{name}: passed (nothing else was possible)"]
        return [f"{name}: {action}"]

    def show(self, state: GameState, seat: int, what: str) -> str:
        game = _state(state)
        word = what.lower()
        if word.startswith("hand"):
            return (f"hand: {_cards(game, sorted(game.hands[seat]))}\n"
                    f"front: {_cards(game, sorted(game.fronts[seat]))}")
        if word.startswith("full") or word.startswith("table"):
            return render(state, seat)
        if word.startswith("removed"):
            return (f"removed at setup (seen by all): "
                    f"{_cards(game, sorted(game.removed)) if game.removed else 'none'}")
        if word.startswith("wok"):
            data = game.data
            lines = ["woks on offer:"]
            lines += [f"  {_wok(game, data.woks[w].id)}" for w in game.offer]
            lines += [f"yours: {_wok(game, data.woks[w].id)}" for w in game.woks[seat]]
            return "\n".join(lines)
        head = "" if not word else f"(nothing called '{what}' to show)\n{SHOW}\n"
        return head + self.screen(state, seat)

    def legend(self, state: GameState) -> str:
        data = _state(state).data
        types = ", ".join(f"{key} = {name}" for key, name in
                          zip(data.type_keys, data.type_names, strict=True))
        wild = data.settings.symbols.wild
        lines = [
            f"Card types in 'pay TYPE:SYMBOLS': {types}.",
            f"Symbols: {', '.join(data.symbols)}; {wild} counts as any of them; 'none': a card "
            "without symbols.",
            f"take Wxx chooses a wok card; then pay one card at a time until the cards paid "
            f"show {data.needed} identical symbols.",
            "A card is written Name (symbols) [its id]. " + SHOW,
        ]
        return "\n".join(lines)
