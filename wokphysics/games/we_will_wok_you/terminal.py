"""We Will Wok You in the terminal, on the shared loop (:mod:`wokphysics.games.terminal`).

What this game adds to the loop: every numbered choice says what it brings (``buy row 2``
with its price and cards, ``take W07`` with the wok card's requirement and points, ``pay
chicken:bowl+bowl`` with the card it moves); bot moves name the cards they took (``Bot 2
(greedy): bought row 4 for 3 coins: Tina Tuna (star) [tuna-03], ...``); ``legend`` explains
the card kinds and symbols of the ``pay`` texts; ``show hand`` and ``show woks`` reprint
those parts.
"""

from __future__ import annotations

from wokphysics.games.protocol import Action, GameState
from wokphysics.games.terminal import TerminalGame
from wokphysics.games.we_will_wok_you.actions import BuyRow, CollectCoin, Pass, Pay, TakeWok
from wokphysics.games.we_will_wok_you.render import render, render_end
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState

SHOW = "show: the table; show hand | woks"


def _state(game: GameState) -> WeWillWokYouState:
    assert isinstance(game, WeWillWokYouState)
    return game


def _cards(state: WeWillWokYouState, cards: list[int]) -> str:
    return ", ".join(state.data.card_text(c) for c in cards) or "no cards"


def _wok(state: WeWillWokYouState, wok_id: str) -> str:
    data = state.data
    return f"{wok_id} ({data.woks[data.wok_index(wok_id)].describe(data.type_names)})"


class WeWillWokYouTerminal(TerminalGame):
    """We Will Wok You's words for the shared terminal loop (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__(render, render_end)

    def describe(self, state: GameState, action: Action) -> str:
        game = _state(state)
        data = game.data
        seat = game.current_player
        if isinstance(action, CollectCoin):
            left = game.coin_sets[action.coin_set]
            return f"{action}: take a coin (its rows then cost {left - 1})"
        if isinstance(action, BuyRow):
            price = self._price(game, action.row)
            return f"{action} for {price} coins: {_cards(game, game.rows[action.row])}"
        if isinstance(action, TakeWok):
            return f"take {_wok(game, action.wok)}"
        if isinstance(action, Pay):
            matching = [c for c in sorted(game.hands[seat])
                        if data.kind_text(data.card_kind[c]) == action.kind]
            card = data.card_text(matching[0]) if matching else action.kind
            return f"{action}: move {card} to your front"
        if isinstance(action, Pass):
            return "pass (nothing else is possible)"
        return str(action)

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
