"""Wok Star's input mapping: people's clicks and drags -> engine actions of their seats.

- **Dice**: press on an unplaced die of a person's seat and drag it onto one of that seat's
  preparations (``place``), or onto a teammate's panel (``give``: a die given to you too,
  as players "share dice freely"). A die you were given (rules-decisions.md) may also be
  dragged onto any teammate's preparation (``place``); your own dice go only on yours.
  Dice are named by face, so the engine uses an own die of the face before a given one
  (the given one stays free for any preparation): the drop text says so when it matters.
  A click (no drag) selects a die; dragging a die while another die of the same seat is
  selected carries both: dropped on a preparation they are its two-dice combination
  (``combo``). While dragging, the preparation under the pointer says what it would make.
  Right-click clears the selection.
- **The customer**: click the card (or Serve) to serve it, right-click it (or Turn away) to
  turn it away; only its recipe's owner may, as the rules say. A Chef's Special: click one of
  your recipes on the board to serve it as that dish.
- **Family Characters**: click the card, at any moment ("at anytime": the owner interrupts
  whoever is acting, a bot too); Grandma then asks for an ingredient counter. Where a person
  acts for the team (the starting preparations handed out, the purchases and a bought
  recipe's preparations, a late customer's cook), every seat's cards the engine offers are
  theirs to click, a bot teammate's too.
- **Screens** (setup, Accounting, Purchase, the end): their buttons.
- **Pass / Next card / Done**: the button beside the timers (no-timer games, leftover dice).

Every action goes through the engine gate for the seat it belongs to; a refusal (the
engine's reason, or the window's own when the move is not this person's to make) is shown
next to the pointer and changes nothing. Keys: Space hurries the bots' turn steps, T asks for
a tip, Backspace drops the selected dice; on the end screen N, V and L. While a replay is
watched, its keys and its bar take the input (nobody acts).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from wokphysics.errors import IllegalAction
from wokphysics.games.wok_star.actions import (
    DONE,
    NEXT,
    SERVE,
    TURN_AWAY,
    WAIT,
    Combo,
    Give,
    Place,
    Serve,
    Use,
    WokStarAction,
)
from wokphysics.games.wok_star.cards import recipe_of
from wokphysics.games.wok_star.characters import acting_for_team
from wokphysics.games.wok_star.model import Phase
from wokphysics.games.wok_star.words import ingredient, possessive, recipe
from wokphysics.ui.scene import EngineGate
from wokphysics.ui.sound import Sound
from wokphysics.ui.turn.scene import ADVICE_KEY
from wokphysics.ui.wok_star.layout import DIE, StarTarget
from wokphysics.ui.wok_star.presenter import StarPresenter
from wokphysics.ui.wok_star.scheduler import StarScheduler
from wokphysics.ui.wok_star.screens import ScreenChoice
from wokphysics.ui.wok_star.session import StarSession
from wokphysics.ui.wok_star.state import StarLayouts, StarUi

DRAG_PX = 5
"""A press that moves further than this is a drag, not a click."""


GRANDMA_NOTE = "click the ingredient counter Grandma adds to (right-click: cancel)"
"""The bubble by the pointer while Grandma waits for her ingredient counter."""


class StarInputs:
    """See the module doc. Holds the half-made choice: selected dice, the dice being
    dragged, a character waiting for its ingredient.

    Receives the shared :class:`~.state.StarUi` (the session, the replay) and
    :class:`~.state.StarLayouts` (what is where, the screen's buttons), the presenter
    (refusals, notes, where dropped dice fly from), the engine gate actions go through, the
    scheduler (Space hurries it, T asks it for a tip), the sound, and what the end screen's
    choices do: ``on_new_game``, ``on_home`` (the launcher), ``on_replay`` (watch this
    game)."""

    def __init__(self, ui: StarUi, layouts: StarLayouts, presenter: StarPresenter,
                 gate: EngineGate, scheduler: StarScheduler, sound: Sound,
                 on_replay: Callable[[], None],
                 on_new_game: Callable[[], None] | None = None,
                 on_home: Callable[[], None] | None = None) -> None:
        self.ui = ui
        self.layouts = layouts
        self.presenter = presenter
        self.gate = gate
        self.scheduler = scheduler
        self.sound = sound
        self.on_replay = on_replay
        self.on_new_game = on_new_game
        self.on_home = on_home
        self.mouse = (0, 0)
        self.hover: StarTarget | None = None
        self._hover_since = presenter.clock_s
        self.selected: list[int] = []
        self.dragging: list[int] = []
        self.family: tuple[int, str] | None = None
        self._press: tuple[int, tuple[int, int]] | None = None
        self.drop_prep = ""
        self.drop_seat = -1
        self.drop_ok: bool | None = None
        self.drop_words = ""

    # ------------------------------------------------------------------ queries
    @property
    def session(self) -> StarSession:
        return self.ui.session

    @property
    def hover_rest_s(self) -> float:
        """Seconds the pointer has rested on :attr:`hover` (the drawing shows its details
        after a moment), on the presenter's clock: time the scene lets pass."""
        return self.presenter.clock_s - self._hover_since

    @hover_rest_s.setter
    def hover_rest_s(self, seconds: float) -> None:
        self._hover_since = self.presenter.clock_s - seconds

    def person(self, seat: int) -> bool:
        return 0 <= seat and not self.session.is_bot(seat)

    def can_handle_customer(self) -> bool:
        """A person may serve or turn away the card on the table now."""
        state = self.session.state
        if state.phase is not Phase.ACTION or not state.current:
            return False
        if "#" in state.current:
            return self.person(state.handler())
        if state.is_chefs_special(state.current):
            return any(self.person(s) for s in range(state.num_players))
        return False

    def extra(self) -> tuple[str, WokStarAction, int] | None:
        """The Pass / Next card / Done button now: (label, action, seat), or None."""
        session = self.session
        state = session.state
        seat = session.current
        if seat < 0 or session.is_bot(seat):
            return None
        legal = state.legal_wok_star_actions()
        if state.phase is Phase.LEFTOVER:
            return ("Done with leftover dice", DONE, seat)
        if state.phase is Phase.ACTION and not state.config.rules.timer:
            if NEXT in legal:
                return ("Next card", NEXT, seat)
            if WAIT in legal:
                return ("Pass (until it changes)", WAIT, seat)
        return None

    def reset(self) -> None:
        """Forget the half-made choice."""
        self.selected = []
        self.dragging = []
        if self.family is not None:
            self._grandma_chosen()
        self.family = None
        self._press = None
        self._clear_drop()

    def _clear_drop(self) -> None:
        self.drop_prep, self.drop_seat, self.drop_ok, self.drop_words = "", -1, None, ""

    # ------------------------------------------------------------------ events
    def mouse_down(self, button: int, pos: tuple[int, int], t_s: float) -> None:
        self.mouse = pos
        replay = self.ui.replay
        if replay is not None:
            replay.click(pos, replay.scene)
            return
        lay = self.layouts.last()
        if lay is None:
            return
        buttons = self.layouts.buttons
        for choice in buttons:
            if choice.rect.collidepoint(pos):
                self.choose(choice)
                return
        covered = self.layouts.covered()
        if covered and lay.panel.collidepoint(pos):
            return  # a screen's panel: only its buttons take clicks there
        target = lay.hit(pos)
        if covered:
            # A screen hides the middle band, but the seats' panels stay in view: Family
            # Characters are used "at anytime" (the starting bonus, the Purchase), and
            # Grandma's ingredient is then a preparation's counter on a panel.
            if button == 1 and target is not None and target.kind == "family":
                self._family(target.seat, target.key)
            elif button == 1 and target is not None and target.kind == "prep" and self.family:
                seat, character = self.family
                self.family = None
                self._grandma_chosen()
                self.act_for(seat, Use(character, target.key))
            elif button == 3:
                self.reset()
            return
        if button == 3:
            if target is not None and target.kind == "customer":
                self._turn_away()
            else:
                self.reset()
            return
        if button != 1 or target is None:
            return
        kind = target.kind
        if self.family is not None and kind in ("counter", "prep"):
            seat, character = self.family
            self.family = None
            self._grandma_chosen()
            self.act_for(seat, Use(character, target.key))
            return
        if kind == "die":
            self._press = (target.index, pos)
        elif kind == "customer" or (kind == "button" and target.key == "serve"):
            self._serve()
        elif kind == "button" and target.key == "turn_away":
            self._turn_away()
        elif kind == "button" and target.key == "extra":
            found = self.extra()
            if found is not None:
                self.act_for(found[2], found[1])
        elif kind == "family":
            self._family(target.seat, target.key)
        elif kind == "recipe":
            self._serve_special(target.key)

    def mouse_move(self, pos: tuple[int, int], t_s: float) -> None:
        self.mouse = pos
        lay = self.layouts.last()
        if lay is None:
            return
        found = lay.hit(pos)
        if found != self.hover:
            self.hover_rest_s = 0.0
        self.hover = found
        if self._press is not None and not self.dragging:
            index, start = self._press
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_PX:
                self._start_drag(index)
        if self.dragging:
            self._feedback(pos)

    def mouse_up(self, button: int, pos: tuple[int, int], t_s: float) -> None:
        self.mouse = pos
        if button != 1 or self.ui.replay is not None:
            return
        press, self._press = self._press, None
        if self.dragging:
            self._drop(pos)
            return
        if press is not None:
            self._toggle(press[0])

    def pointer_away(self) -> None:
        self.hover = None

    def key(self, key: int) -> None:
        replay = self.ui.replay
        if replay is not None:
            replay.key(key, replay.scene)
            return
        if self.session.state.is_terminal():
            if key == pygame.K_n and self.on_new_game is not None:
                self.on_new_game()
            elif key == pygame.K_l and self.on_home is not None:
                self.on_home()
            elif key == pygame.K_v:
                self.on_replay()
            return
        if key == pygame.K_SPACE:
            self.scheduler.hurry = True
        elif key == ADVICE_KEY:
            refusal = self.scheduler.ask_advice()
            if refusal is not None:
                self.refuse(refusal)
        elif key == pygame.K_BACKSPACE:
            self.reset()

    # ------------------------------------------------------------------ acting
    def act_for(self, seat: int, action: WokStarAction) -> bool:
        """``seat`` takes ``action`` now (the turn handed to it if the kitchen is free);
        a refusal is shown next to the pointer."""
        if self.ui.replay is not None:
            self.refuse("this is a replay: nobody acts")
            return False
        session = self.session
        try:
            ok = self.gate.act(lambda: session.act_for(seat, action))
        except IllegalAction as error:  # raised by a refusal outside the gate's call
            self.refuse(error.reason)
            return False
        if ok:
            self.selected = []
        else:
            self.presenter.say_at(self.presenter.status, self.mouse)
            self.sound.play("refuse")
        return ok

    def refuse(self, reason: str) -> None:
        self.presenter.refuse(reason)
        self.presenter.say_at(reason, self.mouse)
        self.sound.play("refuse")

    def note(self, words: str) -> None:
        self.presenter.say_at(words, self.mouse)

    def hover_note(self, recipe_id: str) -> None:
        self.note(self.presenter.hover_text(StarTarget("recipe", key=recipe_id)))

    def choose(self, choice: ScreenChoice) -> None:
        """A screen's button was clicked."""
        if not choice.enabled:
            if choice.reason:
                self.refuse(choice.reason)
            return
        if choice.action is not None:
            self.act_for(self.session.current, choice.action)
        elif choice.command == "continue":
            self.presenter.accounting = None
        elif choice.command == "new" and self.on_new_game is not None:
            self.on_new_game()
        elif choice.command == "replay":
            self.on_replay()
        elif choice.command == "home" and self.on_home is not None:
            self.on_home()

    # ------------------------------------------------------------------ dice
    def _holder(self, index: int) -> int:
        state = self.session.state
        if not 0 <= index < len(state.dice):
            return -1
        return state.dice[index].holder

    def _toggle(self, index: int) -> None:
        holder = self._holder(index)
        if not self.person(holder):
            self.refuse(f"that die is {self.session.names[holder]}'s")
            return
        if index in self.selected:
            self.selected.remove(index)
            return
        self.selected = [i for i in self.selected if self._holder(i) == holder][-1:]
        self.selected.append(index)

    def _start_drag(self, index: int) -> None:
        holder = self._holder(index)
        if not self.person(holder):
            self.refuse(f"that die is {self.session.names[holder]}'s: drag your "
                              "own dice")
            self._press = None
            return
        others = [i for i in self.selected if i != index and self._holder(i) == holder]
        self.dragging = [*others[-1:], index]
        self.selected = []

    def _faces(self) -> list[int]:
        state = self.session.state
        return sorted(state.dice[i].face for i in self.dragging if i < len(state.dice))

    def _dice_action(self, pos: tuple[int, int]) -> tuple[int, WokStarAction | None, str]:
        """(seat, action, words) for dropping the dragged dice at ``pos``; action None with
        the reason when the drop cannot be a move."""
        state = self.session.state
        names = self.session.names
        lay = self.layouts.last()
        holder = self._holder(self.dragging[-1]) if self.dragging else -1
        faces = self._faces()
        if lay is None or holder < 0 or not faces:
            return holder, None, ""
        target = lay.hit(pos)
        if target is not None and target.kind in ("prep", "counter"):
            prep = target.key
            owner = state.prep_owner[prep]
            held = state.free_dice(holder)
            if owner != holder:
                given = [d.face for d in held if d.given]
                for face in faces:
                    if face not in given:
                        return holder, None, (
                            f"your own dice go only on your preparations: drop the {face} on "
                            f"{names[owner]}'s panel to give it (a die you were given goes "
                            f"on any preparation, {ingredient(state, prep)} too)")
                    given.remove(face)
            card = state.config.prep_by_id[prep]
            made = state.yields(prep)
            words = f"{ingredient(state, prep)}"
            if owner != holder:
                words = f"{possessive(names[owner])} {words}"
            if len(faces) == 1:
                amount = made[1] if faces[0] == card.number else made[0]
                words = f"+{amount} {words}" + self._own_goes_first(faces[0], owner != holder)
                return holder, Place(prep, faces[0]), words
            low, high = faces
            if (low, high) not in state.config.combo_pairs[prep]:
                return holder, None, (f"{ingredient(state, prep)}'s combination needs "
                                      f"{card.combo.text()}, not {low}+{high}")
            return holder, Combo(prep, low, high), f"+{made[2]} {words}"
        seat = lay.seat_at(pos)
        if seat >= 0 and seat != holder:
            if len(faces) != 1:
                return holder, None, "give one die at a time"
            words = f"give a {faces[0]} to {names[seat]}" + self._own_goes_first(faces[0])
            return holder, Give(faces[0], seat), words
        return holder, None, ""

    def _own_goes_first(self, face: int, theirs: bool = False) -> str:
        """What the drop text adds when the dragged die is a given one but the engine uses
        the holder's own die of the same face (it keeps the given one, which may go on any
        preparation); "" otherwise (and on a teammate's preparation, where only a given die
        may go)."""
        state = self.session.state
        dragged = state.dice[self.dragging[-1]]
        if theirs or not dragged.given:
            return ""
        if any(d.face == face and not d.given for d in state.free_dice(dragged.holder)):
            return f" (your own {face} goes: the {face} you were given stays, for any preparation)"
        return ""

    def _feedback(self, pos: tuple[int, int]) -> None:
        lay = self.layouts.last()
        self._clear_drop()
        if lay is None:
            return
        _, action, words = self._dice_action(pos)
        target = lay.hit(pos)
        if target is not None and target.kind in ("prep", "counter"):
            self.drop_prep = target.key
            self.drop_ok = action is not None
        elif isinstance(action, Give):
            self.drop_seat = action.seat
        self.drop_words = words

    def _drop(self, pos: tuple[int, int]) -> None:
        holder, action, words = self._dice_action(pos)
        dragged, self.dragging = self.dragging, []
        self._clear_drop()
        if action is None:
            if words:
                self.refuse(words)
            return
        dice = self.session.state.dice
        free = {i for i, d in enumerate(dice) if d.holder == holder and d.free}
        lay = self.layouts.last()
        side = lay.px(DIE) if lay is not None else 40
        x, y = pos
        self._dropped_at([pygame.Rect(x - side // 2 + k * (side + 4), y - side // 2,
                                           side, side) for k in range(len(dragged))])
        try:
            if self.act_for(holder, action):
                self._keep_dragged_slots(holder, dragged, free)
        finally:
            self._dropped_at([])

    def _dropped_at(self, rects: list[pygame.Rect]) -> None:
        """Where the dice a person is placing or giving were let go (the presenter flies
        them on from there); [] once the action is over."""
        self.presenter.dropped = rects

    def _keep_dragged_slots(self, holder: int, dragged: list[int], free: set[int]) -> None:
        """The engine names dice by face: of the dice ``holder`` had unplaced (``free``) it
        may have used one that looks the same as a dragged die (seat colour, face, a given
        die's corner) and left the dragged one in hand. The two then trade slots, so the
        slot the person dragged from is the one left empty."""
        dice = self.session.state.dice
        if not dice or any(i >= len(dice) for i in free):
            return
        still = {i for i in free if dice[i].free and dice[i].holder == holder}
        used = sorted(free - still - set(dragged))

        def look(i: int) -> tuple[int, int, bool]:
            return (dice[i].colour, dice[i].face, dice[i].given)

        for index in dragged:
            if index not in still:
                continue
            twin = next((u for u in used if look(u) == look(index)), None)
            if twin is not None:
                self.layouts.dice_rows.swap(index, twin, holder)
                used.remove(twin)

    # ------------------------------------------------------------------ the customer
    def _customer(self, serving: bool) -> bool:
        """Serve or turn away a customer whose recipe a person cooks; True when the click
        was handled (done or refused), False for an event card on the table."""
        state = self.session.state
        card = state.current
        if state.phase is not Phase.ACTION or not card:
            self.refuse("no customer is waiting")
            return True
        if "#" not in card:
            return False
        owner = state.handler()
        dish = recipe(state, recipe_of(card))
        if not self.person(owner):
            self.refuse(f"{dish} is cooked by {self.session.names[owner]}: only its owner "
                         f"{'serves' if serving else 'turns away'} its customers")
        else:
            self.act_for(owner, SERVE if serving else TURN_AWAY)
        return True

    def _serve(self) -> None:
        if self._customer(serving=True):
            return
        state = self.session.state
        card = state.current
        if state.is_chefs_special(card):
            options = [(s, r) for s in range(state.num_players) if self.person(s)
                       for r in state.recipes_of(s) if state.can_serve(r)]
            if len(options) == 1:
                seat, dish = options[0]
                self.act_for(seat, Serve(dish))
            elif options:
                self.refuse("click the recipe on the board to serve the Chef's Special as")
            else:
                self.refuse("none of your recipes has all its ingredients on the board")
            return
        self.refuse("an event is not served: it gives way to the next card when its sand "
                     "runs out")

    def _serve_special(self, recipe_id: str) -> None:
        state = self.session.state
        if not state.is_chefs_special(state.current):
            self.hover_note(recipe_id)
            return
        owner = state.recipe_owner[recipe_id]
        if not self.person(owner):
            self.refuse(f"{recipe(state, recipe_id)} is {self.session.names[owner]}'s recipe")
            return
        self.act_for(owner, Serve(recipe_id))

    def _turn_away(self) -> None:
        if self._customer(serving=False):
            return
        state = self.session.state
        card = state.current
        seats = [s for s in range(state.num_players) if self.person(s)]
        if state.is_chefs_special(card) and seats:
            current = self.session.current
            self.act_for(current if current in seats else seats[0], TURN_AWAY)
            return
        self.refuse("an event cannot be turned away")

    # ------------------------------------------------------------------ characters
    def _family(self, seat: int, character: str) -> None:
        state = self.session.state
        card = next(f for f in state.characters[seat] if f.id == character)
        if not self.person(seat) and not self._for_the_team(character):
            self.refuse(f"that is {self.session.names[seat]}'s Family Character")
            return
        if card.used:
            self.refuse("this Family Character has been used")
            return
        if state.config.character_by_id[character].kind == "grandma":
            self.family = (seat, character)
            self.note(GRANDMA_NOTE)
            return
        self.act_for(seat, Use(character))

    def _grandma_chosen(self) -> None:
        """Grandma's counter was clicked (or her use called off): her instruction goes.
        Played at human pace it stayed its 4 s after "You used Grandma Li on Noodles", asking
        for a click that was no longer wanted."""
        bubbles = self.presenter.bubbles
        self.presenter.bubbles = [b for b in bubbles if b.text != GRANDMA_NOTE]

    def _for_the_team(self, character: str) -> bool:
        """A person acts for the team now (the preparations handed out, the purchases, a
        late customer's cook) and the engine offers it ``character``, a bot teammate's card:
        as in the terminal, it is theirs to use."""
        state = self.session.state
        return self.person(state.current_player) and acting_for_team(state) and any(
            isinstance(a, Use) and a.character == character
            for a in state.legal_wok_star_actions())
