"""Wok and Roll's input map: clicks -> engine actions, or the reason they are refused.

At the market (the player to act went to the market):

- a die: choose it for the re-roll (again: keep it); Re-roll (or Enter) rolls the chosen
  dice again, Lock in (or L) locks them.

While cooking:

- a serving, a skill's hexagon, an end-game bonus or a lock: choose it; the cheapest legal
  payment is proposed (dice first) and shown on the dice and the sheet; a serving that cannot
  be paid now is refused with the reason (not the next of its dish, behind a lock, which
  ingredients are missing...);
- a die, a Fridge item or Chef's Hat, a circled row bonus, a Pantry space: take it into the
  payment or out of it (when the payment is full, it replaces one it can stand in for); the
  Recipes: pay a lock by crossing off a Recipe;
- Cook (Enter, or the chosen thing again): take the legal action the chosen sources pay;
  Clear (Backspace, a right click) forgets the choice; Done cooking (D) ends your cooking.

Refusals come from the engine's legal actions and :mod:`wokphysics.games.wok_and_roll.advice`;
nothing changes the game but the engine.
"""

from __future__ import annotations

import pygame

from wokphysics.games.protocol import Action, ActionParseError
from wokphysics.games.wok_and_roll.actions import Cook, DoneCooking, Lock, Reroll
from wokphysics.games.wok_and_roll.advice import why_not, why_not_books
from wokphysics.games.wok_and_roll.rules import serving_of
from wokphysics.ui.turn.scene import Intent
from wokphysics.ui.turn.state import TurnUi
from wokphysics.ui.wok_and_roll.layout import Hit
from wokphysics.ui.wok_and_roll.payment import PaymentTarget, Source, Wallet, propose
from wokphysics.ui.wok_and_roll.presenter import RollPresenter
from wokphysics.ui.wok_and_roll.view import RollView, roll_state

SOURCE_KINDS = ("die", "fridge", "hat", "circle", "pantry")


class RollInputs:
    """Turns a person's clicks into Wok and Roll's engine steps; receives the shared ``ui``
    (the state clicked on), the view (the layout, the person's choice) and the presenter
    (a re-roll's dice told)."""

    def __init__(self, ui: TurnUi, view: RollView, presenter: RollPresenter) -> None:
        self.ui = ui
        self.view = view
        self.presenter = presenter

    def reset(self) -> None:
        self.view.reset()

    def pointer_away(self) -> None:
        self.view.hover = None
        self.view.pointer = None

    def mouse_move(self, pos: tuple[int, int]) -> None:
        self.view.hover = self.view.layout().hit(pos)
        self.view.pointer = pos

    def mouse_down(self, button: int, pos: tuple[int, int]) -> Intent | None:
        if button == 3:
            self.view.reset()
            return None
        if button != 1:
            return None
        hit = self.view.layout().hit(pos)
        if hit is None:
            return None
        return self._acting(self.click(hit))

    def _acting(self, intent: Intent | None) -> Intent | None:
        """An intent that takes steps clears the last refusal from the status line."""
        if intent is not None and intent.actions:
            self.presenter.clear_status()
        return intent

    def key(self, key: int) -> Intent | None:
        state = roll_state(self.ui)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._acting(self._reroll() if state.phase == "roll"
                                else self._cook())
        if key == pygame.K_BACKSPACE:
            self.view.reset()
        elif key == pygame.K_l and state.phase == "roll":
            return self._acting(self._listed(Lock))
        elif key == pygame.K_d and state.phase == "cook":
            return self._acting(self._listed(DoneCooking))
        return None

    # ------------------------------------------------------------------ what a click means
    def click(self, hit: Hit) -> Intent | None:
        """The meaning of a left click on ``hit`` (the person is to act)."""
        state = roll_state(self.ui)
        if hit.kind == "button":
            return self._button(hit.key)
        if state.phase == "roll":
            if hit.kind == "die":
                return self._choose_die(int(hit.key))
            if hit.kind in ("serving", "lock", "convert", "rectangle", "recipe", *SOURCE_KINDS):
                return Intent(refusal="the dice are not locked in yet: re-roll or Lock in "
                              "first, then cook")
            return None
        if hit.kind == "serving":
            return self._serving(hit.key)
        if hit.kind in ("lock", "convert", "rectangle"):
            kind = "unlock" if hit.kind == "lock" else hit.kind
            return self._book_target(PaymentTarget(kind, hit.key))
        if hit.kind == "recipe":
            return self._recipe()
        if hit.kind in SOURCE_KINDS:
            return self._source(hit)
        return None

    def _button(self, name: str) -> Intent | None:
        if name == "reroll":
            return self._reroll()
        if name == "lock":
            return self._listed(Lock)
        if name == "cook":
            return self._cook()
        if name == "clear":
            self.view.reset()
            return None
        if name == "done":
            return self._listed(DoneCooking)
        return None

    def _listed(self, kind: type[Action]) -> Intent:
        """The legal action of this kind (lock, done)."""
        for action in roll_state(self.ui).legal_actions():
            if isinstance(action, kind):
                self.view.reset()
                return Intent([action])
        return Intent(refusal="that is not possible now")

    # ------------------------------------------------------------------ the market
    def _choose_die(self, position: int) -> Intent | None:
        view = self.view
        if position in view.reroll:
            view.reroll.discard(position)
        else:
            view.reroll.add(position)
        view.version += 1
        return None

    def _reroll(self) -> Intent:
        state = roll_state(self.ui)
        view = self.view
        if not view.reroll:
            return Intent(refusal="first click the dice you want to roll again (or Lock in)")
        positions = sorted(view.reroll)
        view.follow(state)
        try:
            action = view.tray.reroll(state, positions)
            state.check_legal(action)
        except ActionParseError as error:
            return Intent(refusal=str(error))
        except ValueError as error:  # IllegalAction: the engine's reason
            return Intent(refusal=str(error))
        assert isinstance(action, Reroll)
        self.presenter.pending = (action, positions)
        view.reset()
        return Intent([action])

    # ------------------------------------------------------------------ cooking
    def _seat(self) -> int:
        return roll_state(self.ui).current_player

    def _wallet(self) -> Wallet:
        return self.view.wallet(self._seat())

    def _serving(self, sid: str) -> Intent | None:
        state = roll_state(self.ui)
        view = self.view
        seat = self._seat()
        payment = view.payment
        if payment is not None and payment.target == PaymentTarget("serving", sid):
            if payment.complete(self._wallet()) is not None:
                return self._cook()
        serving = serving_of(state.sheet, state.menus[seat], sid)
        if serving is None:
            return None
        reason = why_not(state, seat, serving, self.ui.names[state.cooker])
        if reason is not None:
            return Intent(refusal=f"{sid}: {reason}")
        return self._choose(PaymentTarget("serving", sid))

    def _book_target(self, target: PaymentTarget) -> Intent | None:
        state = roll_state(self.ui)
        seat = self._seat()
        menu = state.menus[seat]
        sheet = state.sheet
        payment = self.view.payment
        if payment is not None and payment.target == target:
            if payment.complete(self._wallet()) is not None:
                return self._cook()
        if target.kind == "convert":
            food = sheet.codes.index(target.key)
            words = f"the {sheet.names[target.key]} skill"
            gained = bool(menu.conversions >> food & 1)
            cost = sheet.conversion_cost
        elif target.kind == "rectangle":
            index = next(r.index for r in sheet.rectangles if r.rid == target.key)
            words = f"the end-game bonus '{target.key}'"
            gained = bool(menu.rectangles >> index & 1)
            cost = sheet.rectangle_cost
        else:
            group = sheet.group_by_id[target.key]
            words = f"unlocking {target.key}"
            gained = bool(menu.unlocked >> group.index & 1)
            cost = sheet.unlock_cost
        if not any(self._targets(target)):
            reason = why_not_books(state, seat, words, cost, gained, self.ui.names[state.cooker])
            if reason is None and target.kind == "unlock":
                reason = f"{words} costs {cost} Recipe Books or a Recipe; none can pay now"
            return Intent(refusal=reason or f"{words} is not possible now")
        return self._choose(target)

    def _targets(self, target: PaymentTarget) -> list[Action]:
        from wokphysics.ui.wok_and_roll.payment import action_target

        state = roll_state(self.ui)
        return [a for a in state.legal_actions() if action_target(a, state.sheet) == target]

    def _choose(self, target: PaymentTarget) -> Intent | None:
        """Choose ``target`` with the cheapest payment the rules allow."""
        state = roll_state(self.ui)
        wallet = self._wallet()
        preferred = [Source("die", p) for p in sorted(self.view.reroll)]
        self.view.payment = propose(target, state.legal_actions(), wallet, preferred)
        self.view.version += 1
        if not self.view.payment.chosen:
            return Intent(note="choose what pays for it: click dice, Fridge items, circles")
        return None

    def _recipe(self) -> Intent | None:
        payment = self.view.payment
        if payment is None or payment.target.kind != "unlock":
            return Intent(refusal="a Recipe pays only for a lock: click a lock first")
        wallet = self._wallet()
        if not wallet.has(Source("recipe")):
            return Intent(refusal="no Recipe left to cross off")
        trial = [Source("recipe")]
        if not payment.fitting(wallet, trial):
            return Intent(refusal="crossing off a Recipe is not possible for this lock now")
        payment.chosen = trial
        self.view.version += 1
        return None

    def _source(self, hit: Hit) -> Intent | None:
        view = self.view
        state = roll_state(self.ui)
        if hit.kind == "pantry":
            food, slot = (int(part) for part in hit.key.split("."))
            source = Source("pantry", food, slot)
        elif hit.kind == "hat":
            menu = state.menus[self._seat()]
            # the hats are interchangeable: any click on an unused hat means the next one
            chosen_hats = {s.index for s in (view.payment.chosen if view.payment else [])
                           if s.kind == "hat"}
            unused = [h for h in range(menu.hats_used, menu.hats) if h not in chosen_hats]
            index = int(hit.key)
            if index in chosen_hats:
                source = Source("hat", index)
            elif unused:
                source = Source("hat", unused[0])
            else:
                return Intent(refusal="no Chef's Hat left to use (earn more with the House "
                              "Special)")
        else:
            source = Source(hit.kind, int(hit.key))
        wallet = self._wallet()
        if view.payment is None:
            if wallet.has(source):
                return Intent(refusal="first click what it should pay for: a serving, a "
                              "skill, a bonus or a lock")
            return Intent(refusal=self._unusable(source))
        if not wallet.has(source) and source not in view.payment.chosen:
            return Intent(refusal=self._unusable(source))
        problem = view.payment.toggle(source, wallet)
        view.version += 1
        if problem is not None:
            return Intent(refusal=f"{view.payment.target.key}: {problem}")
        return None

    def _unusable(self, source: Source) -> str:
        state = roll_state(self.ui)
        seat = self._seat()
        if source.kind == "die":
            engine = self.view.tray.order[source.index]
            if not state.usable(seat) >> engine & 1:
                return "the red dice are for the player at the market only"
            return "you used that die already this turn"
        if source.kind == "circle":
            return "that row bonus is not circled yet, or used already"
        if source.kind == "pantry":
            return "that Pantry space is not circled yet, or used already"
        return "used already"

    def _cook(self) -> Intent:
        view = self.view
        payment = view.payment
        if payment is None:
            return Intent(refusal="first click a serving (or a skill, bonus or lock)")
        wallet = self._wallet()
        action = payment.complete(wallet)
        if action is None:
            missing = payment.missing(wallet)
            return Intent(refusal=f"{payment.target.key}: choose {missing} more to pay with"
                          if missing > 0 else f"{payment.target.key}: those do not pay for it")
        if isinstance(action, Cook):
            view.remember_dice(self._seat(), payment.chosen)
        view.reset()
        return Intent([action])
