"""We Will Wok You's presenter: an engine step -> the words, the sound and the flights.

Every move is said in full, naming the cards: "Bot 2 (greedy) bought row 3 for 4 coins:
Tina Tuna (star), Chick'n Jagger (no symbol)". Taking a wok card is said when its payment is
complete, with the wok and every card paid. Cards fly from where they were drawn before the
step (the layout of the state before it) to the player who took them; coins fly to and from
the coin sets.
"""

from __future__ import annotations

import pygame

from wokphysics.games.we_will_wok_you.actions import BuyRow, CollectCoin, Pass, Pay, TakeWok
from wokphysics.games.we_will_wok_you.cards import CardData
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.ui.sound import Sound
from wokphysics.ui.turn.motion import Motions, Painter, SpriteFlight
from wokphysics.ui.turn.scene import Narration, TurnPresenter
from wokphysics.ui.turn.session import Applied
from wokphysics.ui.turn.state import TurnUi
from wokphysics.ui.we_will_wok_you.layout import CARD, WwwyLayout, WwwyTarget, build_layout
from wokphysics.ui.we_will_wok_you.view import WwwyView, hand_seat, wwwy_state

STAGGER_S = 0.09
"""Seconds between the starts of the flights of one move (cards leave one after another)."""


def card_words(data: CardData, card: int) -> str:
    """``Chick'n Jagger (bowl+bowl)``; ``(no symbol)`` for a card without symbols."""
    symbols = "+".join(data.card_symbols[card]) or "no symbol"
    return f"{data.type_names[data.card_type[card]]} ({symbols})"


def cards_words(data: CardData, cards: list[int]) -> str:
    return ", ".join(card_words(data, c) for c in cards) or "no cards"


def rows_of(data: CardData, coin_set: int) -> str:
    """``rows 1 and 2``: the rows a coin set prices."""
    rows = [str(r + 1) for r, s in enumerate(data.row_coin_sets) if s == coin_set]
    if len(rows) == 1:
        return f"row {rows[0]}"
    return f"rows {', '.join(rows[:-1])} and {rows[-1]}"


class WwwyPresenter(TurnPresenter):
    """Says and animates We Will Wok You's steps; receives the shared ``ui``, the view (the
    layout things fly from and to, the faces), the sound and the flights."""

    def __init__(self, ui: TurnUi, view: WwwyView, sound: Sound, motions: Motions) -> None:
        super().__init__(ui, sound, motions)
        self.view = view

    # ------------------------------------------------------------------ the tooltips
    def tooltip(self, target: WwwyTarget) -> str:
        """The details shown when the pointer rests on ``target`` ("" for none)."""
        state = wwwy_state(self.ui)
        data = state.data
        if target.kind in ("hand", "removed"):
            return data.card_text(target.index, with_id=False)
        if target.kind == "row":
            row = target.index
            price = state.coin_sets[data.row_coin_sets[row]]
            cards = "; ".join(data.card_text(c, with_id=False) for c in state.rows[row]) \
                or "empty"
            return f"Row {row + 1} for {price} coins: {cards}"
        if target.kind == "coin":
            coins = state.coin_sets[target.index]
            name = data.setup.coin_set_names[target.index].capitalize()
            return (f"{name} set: {coins} coins = the price of {rows_of(data, target.index)}. "
                    "Click to collect one coin (never the last)")
        if target.kind in ("offer", "player_wok"):
            card = data.woks[target.index]
            return f"{card.id}: {card.describe(data.type_names)}"
        if target.kind == "player":
            seat = target.index
            front = ", ".join(card_words(data, c) for c in sorted(state.fronts[seat]))
            return (f"{self.ui.names[seat]}: {state.coins[seat]} coins, "
                    f"{len(state.woks[seat])} woks, "
                    f"{len(state.hands[seat])} cards in hand (hidden), front: {front or 'none'}")
        return ""

    # ------------------------------------------------------------------ the prompt
    def prompt(self) -> str:
        state = wwwy_state(self.ui)
        if state.is_terminal():
            return "Game over"
        seat = state.current_player
        name = self.ui.names[seat]
        final = (f"Final round: {state.final_left} action{'s' if state.final_left != 1 else ''}"
                 " left. " if state.end_triggered else "")
        if self.ui.session.is_bot(seat):
            if state.pending_wok >= 0:
                wok = state.data.woks[state.pending_wok].id
                return f"{final}{name} is paying for {wok}"
            return f"{final}{name} is thinking"
        if self.ui.curtain or self.ui.viewer != seat:
            return f"{final}{name}: collect a coin, buy a row or take a wok card"
        view = self.view
        if len(state.legal_actions()) == 1 and str(state.legal_actions()[0]) == "pass":
            return f"{final}{name}: nothing is possible; click Pass"
        if view.chosen_wok is not None:
            wok = state.data.woks[view.chosen_wok].id
            if view.take_ready():
                return f"{final}Click Take (or Enter) to take {wok} with the chosen cards"
            return (f"{final}Choose hand cards that pay for {wok}: 4 identical symbols, stars "
                    "wild")
        who = "Your turn" if name == "You" else f"{name}'s turn"
        return (f"{final}{who}: click a coin set to collect a coin, a row to buy it, or a wok "
                "card to take it")

    # ------------------------------------------------------------------ a step
    def narrate(self, applied: Applied) -> Narration:
        before = applied.before
        after = wwwy_state(self.ui)
        assert isinstance(before, WeWillWokYouState)
        data = after.data
        player = applied.player
        name = self.ui.names[player]
        action = applied.action
        old = build_layout(self.view.size, before, hand_seat(self.ui))
        new = self.view.layout()
        goal = self._goal(new, player)
        narration = Narration()
        if isinstance(action, CollectCoin):
            left = after.coin_sets[action.coin_set]
            narration.lines.append(
                f"{name} collected a coin from the {data.setup.coin_set_names[action.coin_set]} "
                f"set ({rows_of(data, action.coin_set)} now cost {left})")
            narration.effect = "coins"
            narration.flights.append(self._coin(old.coin_sets[action.coin_set], goal, 0.0))
        elif isinstance(action, BuyRow):
            bought = before.rows[action.row]
            price = before.coin_sets[data.row_coin_sets[action.row]]
            narration.lines.append(
                f"{name} bought row {action.row + 1} for {price} coin{'s' if price != 1 else ''}"
                f": {cards_words(data, bought)}")
            narration.effect = "card"
            for index, card in enumerate(bought):
                start = old.row_cards.get(card, old.rows[action.row])
                end = new.hand_cards.get(card, goal)
                narration.flights.append(SpriteFlight(start, end, self._card(card, start.size),
                                                delay_s=index * STAGGER_S))
            for index in range(price):
                narration.flights.append(self._coin(
                    goal, old.coin_sets[data.row_coin_sets[action.row]],
                    0.3 + index * STAGGER_S / 2))
            narration.lines.extend(self._end_news(before, after))
        elif isinstance(action, TakeWok):
            wok = data.woks[data.wok_index(action.wok)]
            if self.ui.session.is_bot(player):
                narration.lines.append(f"{name} chose {wok.id} ({wok.describe(data.type_names)})"
                                       " and pays for it")
        elif isinstance(action, Pay):
            if applied.turn_over:  # the last card: the wok card is taken
                wok_index = after.woks[player][-1]
                wok = data.woks[wok_index]
                paid = before.pending_paid + [c for c in after.fronts[player]
                                              if c not in before.fronts[player]]
                narration.lines.append(
                    f"{name} took {wok.id} ({wok.describe(data.type_names)}) paying "
                    f"{cards_words(data, paid)}")
                narration.effect = "coins"
                source = old.offer.get(wok_index)
                if source is not None:
                    narration.flights.append(SpriteFlight(source, goal,
                                                    self._wok(wok_index, source.size),
                                                    duration_s=0.7))
            else:
                narration.effect = "card"
        elif isinstance(action, Pass):
            narration.lines.append(f"{name} passed (nothing else was possible)")
            narration.lines.extend(self._end_news(before, after))
        if after.is_terminal():
            narration.lines.append("Game over: every final action is taken")
        return narration

    def _end_news(self, before: WeWillWokYouState, after: WeWillWokYouState) -> list[str]:
        if after.end_triggered and not before.end_triggered:
            return [f"The end is triggered: each player takes one final action "
                    f"({after.final_left} left)"]
        return []

    def _goal(self, layout: WwwyLayout, player: int) -> pygame.Rect:
        """Where things taken by ``player`` fly to: their hand when it is shown, else their
        box."""
        if hand_seat(self.ui) == player and layout.hand_area.width > 1:
            area = layout.hand_area
            return pygame.Rect(area.centerx, area.top + area.height // 4,
                               layout.px(CARD[0]), layout.px(CARD[1]))
        box = layout.players[player]
        return pygame.Rect(box.x + box.w // 2, box.y + 8, layout.px(CARD[0] * 0.5),
                           layout.px(CARD[1] * 0.5))

    # ------------------------------------------------------------------ painters
    def _card(self, card: int, size: tuple[int, int]) -> Painter:
        faces = self.view.faces

        def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
            image = faces.ingredient(card, size)
            if image.get_size() != rect.size:
                image = pygame.transform.smoothscale(image, rect.size)
            surface.blit(image, rect)

        return paint

    def _wok(self, wok: int, size: tuple[int, int]) -> Painter:
        faces = self.view.faces

        def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
            image = faces.wok(wok, size)
            if image.get_size() != rect.size:
                image = pygame.transform.smoothscale(image, rect.size)
            surface.blit(image, rect)

        return paint

    def _coin(self, start: pygame.Rect, end: pygame.Rect, delay_s: float) -> SpriteFlight:
        faces = self.view.faces
        diameter = max(12, min(start.w, start.h, 40) // 2)

        def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
            surface.blit(faces.coin(diameter), rect.topleft)

        box = pygame.Rect(0, 0, diameter, diameter)
        return SpriteFlight(box.move(start.center), box.move(end.center), paint, duration_s=0.5,
                      delay_s=delay_s)
