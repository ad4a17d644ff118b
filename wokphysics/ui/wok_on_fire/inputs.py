"""Wok on Fire's input mapping: people's clicks, drags and keys, turned into engine inputs.

Every change to the game goes through :class:`WokOnFireGame`'s inputs (``begin_stir``,
``pick``, ``choose_bonus_order``, ``give_to``, ``use_chili``/``decline_chili``,
``begin_chop``), the calls a bot or a replay makes, through the scene's
:class:`~wokphysics.ui.scene.EngineGate` (a refusal is shown, nothing changes).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.games.wok_on_fire.engine import (
    Bonus,
    EngineStroke,
    Expect,
    LegalPicks,
    Pick,
    PickKind,
    WokOnFireGame,
)
from wokphysics.table.cards import Card
from wokphysics.ui.input import GestureCapture
from wokphysics.ui.live_stroke import LiveSpatula, PointerTrack
from wokphysics.ui.pointer_clock import EventReading
from wokphysics.ui.render import TableRenderer
from wokphysics.ui.scene import EngineGate, Point
from wokphysics.ui.wok_on_fire.pick_words import pick_words
from wokphysics.ui.wok_on_fire.presenter import WokOnFirePresenter
from wokphysics.ui.wok_on_fire.scheduler import WokOnFireScheduler
from wokphysics.ui.wok_on_fire.state import TableUi

MIN_DRAG_MM = 5.0
"""A press that moves less than this (mm) before release is a click, not a stir or chop."""

ButtonSpec = tuple[str, Callable[[], None], bool]
"""A button the panel should offer now: (label, action, enabled)."""


class WokOnFireInputs:
    """Mouse and keys -> engine inputs (see the module doc)."""

    def __init__(self, cfg: WokOnFireConfig, game: WokOnFireGame, ui: TableUi,
                 renderer: TableRenderer, presenter: WokOnFirePresenter,
                 scheduler: WokOnFireScheduler, gate: EngineGate,
                 on_new_game: Callable[[], None] | None = None,
                 reading: EventReading | None = None,
                 on_replay: Callable[[], None] | None = None,
                 on_home: Callable[[], None] | None = None) -> None:
        self.cfg = cfg
        self.game = game
        self.ui = ui
        self.renderer = renderer
        self.presenter = presenter
        self.scheduler = scheduler
        self.gate = gate
        self.on_new_game = on_new_game
        self.on_replay = on_replay
        self.on_home = on_home
        self.reading = reading

    @property
    def may_act(self) -> bool:
        """A person is to act and nothing is moving."""
        ui = self.ui
        return (ui.playback is None and ui.live is None and ui.press is None
                and self.scheduler.person_to_act)

    # ------------------------------------------------------------------ pointer
    def mouse_down(self, button: int, pos: Point, t_s: float) -> None:
        ui = self.ui
        ui.mouse = pos
        ui.pointer_here = True
        if button == 1:
            for b in ui.layout.buttons:
                if b.rect.collidepoint(pos):
                    if b.enabled:
                        b.action()
                    return
            if self.game.expect is Expect.GIFT_OPPONENT and self.may_act:
                for player, rect in ui.layout.player_rows.items():
                    if rect.collidepoint(pos) and player in self.game.legal_opponents():
                        self.give_to(player)
                        return
        if not self.may_act:
            return
        m = self.renderer.map
        if not m.in_table_area(*pos):
            return
        x, y = m.to_table(*pos)
        expect = self.game.expect
        if button == 1 and expect is Expect.STIR:
            ui.press = PointerTrack(t_s, x, y, self._span())
        elif button == 1 and expect is Expect.CHOP:
            seat = self.game.seat_of(self.game.current_player)
            if self.renderer.hand_rect(seat).collidepoint(pos):
                ui.capture = GestureCapture(t_s, x, y)
            else:
                self.presenter.say_at(
                    "Start the chop in your hand area: the lit strip at your edge.", pos)
        elif expect is Expect.PICK and button in (1, 3):
            self._click_card(pos, blind=button == 3)
        elif expect is Expect.GIFT_OPPONENT and button == 1:
            for opponent in self.game.legal_opponents():
                aid = self.renderer.aid_rect(self.game.seat_of(opponent)).inflate(20, 20)
                if aid.collidepoint(pos):
                    self.give_to(opponent)
                    return

    def pointer_away(self) -> None:
        self.ui.pointer_here = False

    def mouse_move(self, pos: Point, t_s: float) -> None:
        ui = self.ui
        ui.mouse = pos
        ui.pointer_here = True
        x, y = self.renderer.map.to_table(*pos)
        if ui.live is not None:
            ui.live.pointer(t_s, x, y, self._span())
        elif ui.press is not None:
            ui.press.add(t_s, x, y, span_s=self._span())
            _, x0, y0 = ui.press.samples[0]
            if math.hypot(x - x0, y - y0) >= MIN_DRAG_MM:
                self._put_blade_down(ui.press)
        elif ui.capture is not None:
            ui.capture.add(t_s, x, y)

    def _span(self) -> float:
        """How long the batch of the event being handled may have taken, s."""
        return self.reading.batch_span_s if self.reading is not None else 0.0

    def _put_blade_down(self, track: PointerTrack) -> None:
        """The press became a stir: the blade goes down where the button was pressed, and
        the steps since then run at the next update (it meets no card before it moves)."""
        ui = self.ui
        _, x0, y0 = track.samples[0]
        strokes: list[EngineStroke] = []
        if self.gate.act(lambda: strokes.append(self.game.begin_stroke(x0, y0))):
            spatula = self.cfg.physics.spatula
            ui.live = LiveSpatula(strokes[0], track, self.game.table.dt, spatula.max_speed_mm_s)
        else:
            ui.press = None

    def mouse_up(self, button: int, pos: Point, t_s: float) -> None:
        ui = self.ui
        if button != 1:
            return
        x, y = self.renderer.map.to_table(*pos)
        if ui.press is not None:
            live, ui.press, ui.live = ui.live, None, None
            if live is None:  # a click would use up a stir
                self.presenter.refuse("Drag to stir: a click does nothing.")
                return
            self.scheduler.release(live, t_s, x, y, self._span())
            return
        if ui.capture is None:
            return
        capture, ui.capture = ui.capture, None
        capture.add(t_s, x, y)
        gesture, slowed = capture.gesture(self.cfg.physics.spatula.max_speed_mm_s)
        x0, y0 = capture.samples[0][1], capture.samples[0][2]
        if max(math.hypot(sx - x0, sy - y0) for _, sx, sy in capture.samples) < MIN_DRAG_MM:
            # A click is no throw: it would drop the chop at the hand.
            self.presenter.refuse("Drag to chop: a click does nothing.")
            return
        game = self.game
        accepted = self.scheduler.start(lambda: game.begin_chop(gesture), None)
        if accepted and slowed:
            self.presenter.tell("That was faster than a hand: slowed to the limit.")

    # ------------------------------------------------------------------ picking
    def _click_card(self, pos: Point, blind: bool) -> None:
        before = list(self.ui.selection)
        self._name_or_unname(pos, blind)
        if self.ui.selection != before and self.presenter.status_is_error:
            # A refusal of Take was about the cards named then ("name 2 cards ..., not 1"):
            # it no longer holds once they change.
            self.presenter.clear_status()

    def _name_or_unname(self, pos: Point, blind: bool) -> None:
        card = self.renderer.card_at(self.game.table.cards, *pos)
        if card is None:
            return
        ui, game = self.ui, self.game
        legal = game.legal_picks()
        chosen = [p.card_id for p in ui.selection]
        if card.id in chosen:
            ui.selection = self._still_first(
                [p for p in ui.selection if p.card_id != card.id], legal)
            return
        blind_hint = "a blind claim is for a face-up card whose centre circle is hidden"
        if blind:
            if card.id not in legal.blind:
                reason = game.check_pick([Pick(card.id, True)]) or blind_hint
                if reason.startswith("name "):
                    reason = blind_hint
                self._say(reason, pos, card.id)
                return
            pick = Pick(card.id, True)
        else:
            if card.id not in legal.all_viable:
                reason = self._why_not(card, legal.all_viable)
                if card.id in legal.blind:
                    reason += " (right-click to claim it blind as Chicken)"
                self._say(reason, pos, card.id)
                return
            # While a viable Green Pepper is not named yet, only Green Peppers may be named
            # (legal.viable holds exactly those then); other problems (one Chicken pick, ...)
            # are the engine's check of the whole selection below.
            peppers_waiting = set(legal.viable) != set(legal.all_viable) and any(
                i not in chosen for i in legal.viable)
            if peppers_waiting and card.id not in legal.viable:
                self._say("a Green Pepper is viable and must be picked first", pos, card.id)
                return
            pick = Pick(card.id)
        if len(ui.selection) >= legal.max_picks:
            # a further click used to drop the first named card without a word
            n = legal.max_picks
            self._say(f"{n} card{'s are' if n != 1 else ' is'} named already: click a named "
                      "card to un-name it (or Backspace), then name another", pos, card.id)
            return
        ui.selection.append(pick)
        problem = game.check_pick(ui.selection)
        if problem and not problem.startswith("name "):
            ui.selection.pop()
            self._say(problem, pos, card.id)

    @staticmethod
    def _still_first(selection: list[Pick], legal: LegalPicks) -> list[Pick]:
        """The named picks left once one is un-named, up to the first that may no longer
        come where it is: a card named after a Green Pepper that is un-named now comes
        before a viable Pepper, which the rules refuse (and re-naming the Pepper then was
        refused too, as "a Green Pepper ... must be picked first")."""
        # While Green Peppers are viable, legal.viable holds exactly those.
        peppers = set(legal.viable) if set(legal.viable) != set(legal.all_viable) else set()
        kept: list[Pick] = []
        for pick in selection:
            if pick.card_id not in peppers and peppers - {k.card_id for k in kept}:
                break
            kept.append(pick)
        return kept

    def _say(self, reason: str, pos: Point, card_id: int) -> None:
        self.presenter.say_at(self.presenter.in_players_words(reason, card_id), pos)

    def _why_not(self, card: Card, all_viable: tuple[int, ...]) -> str:
        reason = self.game.why_not_viable(card.id)
        if reason is not None:
            return reason
        if card.id not in all_viable and self.game.pick_kind is PickKind.CHILI:
            return "the pick paid with a Chili Pepper may not be a Chili Pepper"
        return "a Green Pepper is viable and must be picked first"

    def confirm(self) -> None:
        """Enter: take the named cards (or nothing, when nothing can be taken)."""
        if self.game.expect is not Expect.PICK or not self.may_act:
            return
        picks = list(self.ui.selection)
        reason = self.game.check_pick(picks)
        if reason is not None:
            legal = self.game.legal_picks()
            if len(picks) < legal.min_picks:  # the engine's words counted picks, not cards
                reason = (f"{pick_words(legal)} before Enter: {len(picks)} named so far")
            self.presenter.refuse(reason)
            return
        if self.gate.act(lambda: self.game.pick(picks)):
            self.ui.selection = []

    def clear(self) -> None:
        self.ui.selection = []

    def give_to(self, player: int) -> None:
        if self.game.expect is Expect.GIFT_OPPONENT and self.may_act:
            self.gate.act(lambda: self.game.give_to(player))

    # ------------------------------------------------------------------ keys
    def key(self, key: int) -> None:
        game = self.game
        if game.is_over and self.ui.playback is None:
            for choice_key, _, action in self.end_choices():
                if key == choice_key:
                    action()
                    return
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.confirm()
        elif key == pygame.K_BACKSPACE:
            self.clear()
        elif key == pygame.K_SPACE:
            self.scheduler.skip()
        elif not self.may_act:
            return
        elif game.expect is Expect.CHILI and key == pygame.K_c and game.usable_chilis():
            chili = game.usable_chilis()[0]
            self.gate.act(lambda: game.use_chili(chili))
        elif game.expect is Expect.CHILI and key == pygame.K_n:
            self.gate.act(game.decline_chili)
        elif game.expect is Expect.BONUS_ORDER and key in (pygame.K_1, pygame.K_g):
            self.gate.act(lambda: game.choose_bonus_order(Bonus.GREEN_PEPPER))
        elif game.expect is Expect.BONUS_ORDER and key in (pygame.K_2, pygame.K_a):
            self.gate.act(lambda: game.choose_bonus_order(Bonus.GARLIC))
        elif game.expect is Expect.GIFT_OPPONENT and pygame.K_1 <= key <= pygame.K_4:
            self.give_to(key - pygame.K_1)

    def new_game(self) -> None:
        if self.on_new_game is not None:
            self.on_new_game()

    def end_choices(self) -> list[tuple[int, str, Callable[[], None]]]:
        """The end screen's buttons, as the other games' end screens offer them: (key, label,
        what it does): N a new game, V the replay of this game, L the launcher (when the
        game was started there)."""
        found: list[tuple[int, str, Callable[[], None]]] = []
        if self.on_new_game is not None:
            found.append((pygame.K_n, "N: new game", self.on_new_game))
        if self.on_replay is not None:
            found.append((pygame.K_v, "V: watch the replay", self.on_replay))
        if self.on_home is not None:
            found.append((pygame.K_l, "L: the launcher", self.on_home))
        return found

    def buttons(self) -> list[list[ButtonSpec]]:
        """The rows of buttons the panel offers now."""
        game = self.game
        if not self.may_act:
            return []
        expect = game.expect
        if expect is Expect.PICK:
            legal = game.legal_picks()
            ready = game.check_pick(self.ui.selection) is None
            label = ("Take nothing (Enter)" if legal.min_picks == 0 and not self.ui.selection
                     else "Take (Enter)")
            if legal.viable or legal.blind or ready:
                return [[(label, self.confirm, ready),
                         ("Clear", self.clear, bool(self.ui.selection))]]
        elif expect is Expect.CHILI:
            chilis = bool(game.usable_chilis())
            return [[("Discard a Chili (C)", lambda: self.key(pygame.K_c), chilis),
                     ("No thanks (N)", lambda: self.key(pygame.K_n), True)]]
        elif expect is Expect.BONUS_ORDER:
            return [[("Green Pepper first", lambda: self.key(pygame.K_1), True),
                     ("Garlic first", lambda: self.key(pygame.K_2), True)]]
        return []
