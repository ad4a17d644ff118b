"""We Will Wok You's input map: clicks -> engine actions, or the reason they are refused.

- a coin set: collect a coin (``collect upper|lower``);
- a row (its cards or its price tag): buy it;
- a wok card on offer: choose it (again: un-choose); if the chosen hand cards already pay for
  it exactly, it is taken at once;
- a hand card: choose it for the payment (again: put it back); a card that cannot be part of
  a payment with the others is refused with the reason;
- Take (or Enter): take the chosen wok with the chosen cards; Clear (Backspace or a right
  click): forget the choice; Pass: only when nothing else is possible;
- Arrangement (A): show or hide how your cards would score now.

Refusals come from the engine's own ``check_legal`` (the reason a terminal player reads) or
from :mod:`.payment`; nothing changes the game but the engine.
"""

from __future__ import annotations

import pygame

from wokphysics.errors import IllegalAction
from wokphysics.ui.turn.scene import Intent
from wokphysics.ui.turn.state import TurnUi
from wokphysics.ui.we_will_wok_you.layout import BUTTONS, WwwyTarget
from wokphysics.ui.we_will_wok_you.payment import payment_steps, selection_problem
from wokphysics.ui.we_will_wok_you.view import WwwyView, wwwy_state


class WwwyInputs:
    """Turns a person's clicks into We Will Wok You's engine steps; receives the shared
    ``ui`` (the state clicked on) and the view (the layout, the person's choice)."""

    def __init__(self, ui: TurnUi, view: WwwyView) -> None:
        self.ui = ui
        self.view = view

    def reset(self) -> None:
        self.view.reset()

    def pointer_away(self) -> None:
        self.view.hover = None
        self.view.pointer = None

    def mouse_move(self, pos: tuple[int, int]) -> None:
        self.view.hover = self.view.layout().hit(pos)
        self.view.pointer = pos

    def mouse_down(self, button: int, pos: tuple[int, int]) -> Intent | None:
        target = self.view.layout().hit(pos)
        if button == 3:
            self.view.reset()
            return None
        if button != 1 or target is None:
            return None
        return self.click(target)

    def key(self, key: int) -> Intent | None:
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.take()
        if key == pygame.K_BACKSPACE:
            self.view.reset()
        elif key == pygame.K_a:
            self.view.show_arrangement = not self.view.show_arrangement
        return None

    # ------------------------------------------------------------------ what a click means
    def click(self, target: WwwyTarget) -> Intent | None:
        """The meaning of a left click on ``target``."""
        state = wwwy_state(self.ui)
        view = self.view
        if target.kind == "button":
            name = BUTTONS[target.index]
            if name == "take":
                return self.take()
            if name == "clear":
                view.reset()
            elif name == "arrangement":
                view.show_arrangement = not view.show_arrangement
            elif name == "pass":
                return Intent([state.parse_action("pass")])
            return None
        if target.kind == "coin":
            names = state.data.setup.coin_set_names
            return self._checked(f"collect {names[target.index]}")
        if target.kind == "row":
            return self._checked(f"buy row {target.index + 1}")
        if target.kind == "offer":
            return self._wok(target.index)
        if target.kind == "hand":
            return self._hand_card(target.index)
        return None

    def _checked(self, text: str) -> Intent:
        state = wwwy_state(self.ui)
        action = state.parse_action(text)
        try:
            state.check_legal(action)
        except IllegalAction as error:
            return Intent(refusal=error.reason)
        self.view.reset()
        return Intent([action])

    def _wok(self, wok: int) -> Intent | None:
        state = wwwy_state(self.ui)
        view = self.view
        if view.chosen_wok == wok:
            view.chosen_wok = None
            return None
        take = state.parse_action(f"take {state.data.woks[wok].id}")
        try:
            state.check_legal(take)
        except IllegalAction as error:
            return Intent(refusal=error.reason)
        view.chosen_wok = wok
        if view.take_ready():
            return self.take()
        return None  # the prompt line now asks for the cards that pay

    def _hand_card(self, card: int) -> Intent | None:
        state = wwwy_state(self.ui)
        view = self.view
        if card in view.selected:
            view.selected.remove(card)
            return None
        trial = [*view.selected, card]
        problem = selection_problem(state, state.current_player, trial)
        if problem is not None:
            return Intent(refusal=problem)
        view.selected = trial
        return None  # the prompt line says when Take completes the payment

    def take(self) -> Intent | None:
        """Take the chosen wok with the chosen cards (or say what is missing)."""
        state = wwwy_state(self.ui)
        view = self.view
        if view.chosen_wok is None:
            return Intent(refusal="first click the wok card you want to take")
        if not view.selected:
            return Intent(refusal="choose the hand cards that pay for it (4 identical "
                          "symbols, stars wild)")
        try:
            steps = payment_steps(state, view.chosen_wok, view.selected)
        except IllegalAction as error:
            return Intent(refusal=error.reason)
        view.reset()
        return Intent(steps)
