"""Wok Star in the window: the scene that wires the session, the presenter, the input
mapping, the kitchen (clock and bots) and the drawing (the shape of :mod:`wokphysics.ui.scene`).

The host (:class:`~wokphysics.ui.app.App`) stops calling :meth:`StarScene.update` while it
is paused or shows the help, so the game clock and the sand stop too. Hot seat: Wok Star
hides nothing from the players (dice, cards and characters lie open), so people sharing the
screen share the table: each drags the dice of their own seat, and whoever's turn it is in
the turn-by-turn parts (setup, purchases) is named in the prompt; no curtain is needed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from wokphysics.errors import IllegalAction
from wokphysics.games.wok_star.actions import WAIT, WokStarAction
from wokphysics.games.wok_star.clock import SimulatedClock
from wokphysics.games.wok_star.info import INFO
from wokphysics.games.wok_star.plugin import PLUGIN as WOK_STAR
from wokphysics.games.wok_star.reference import wok_star_reference
from wokphysics.ui.scene import EngineGate
from wokphysics.ui.sound import Effect, Sound
from wokphysics.ui.thinker import Thinker, advice
from wokphysics.ui.turn.scene import ADVICE_KEY
from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_star.drawing import StarDrawing
from wokphysics.ui.wok_star.inputs import StarInputs
from wokphysics.ui.wok_star.layout import DiceRows, StarLayout, build
from wokphysics.ui.wok_star.presenter import StarPresenter
from wokphysics.ui.wok_star.scheduler import StarScheduler
from wokphysics.ui.wok_star.screens import ScreenChoice, choices, screen_name
from wokphysics.ui.wok_star.session import StarSession

if TYPE_CHECKING:
    from wokphysics.ui.wok_star.replay import StarReplay

GAME = INFO.name

ACCOUNTING_BOTS_S = 4.0
"""With only bots at the table, the Accounting screen goes on by itself after this long."""

HELP_LINES: tuple[tuple[str, str], ...] = (
    ("Drag a die", "onto your preparation: any die makes 1, its number 2"),
    ("Click, then drag", "two dice onto a preparation: its combination makes 3"),
    ("Drag to a seat", "give one of your dice to that teammate"),
    ("A die you were given", "(white corner) goes on any teammate's preparation too"),
    ("Click the customer", "serve it (its recipe's owner); right-click: turn it away"),
    ("Chef's Special", "click one of your recipes on the board to serve it as that"),
    ("Click your Family card", "use it once (Grandma: then click a counter)"),
    ("Right-click", "drop the dice you selected; Backspace too"),
    ("T", "a tip: what the planner would do in your place, and why (it does not play it)"),
    ("Space", "hurry the bots in setup and purchases"),
    ("Esc", "pause: the game clock and the sand stop"),
    ("R", "restart (asks first)"),
    ("F1 or H", "this help"),
)


class StarScene:
    """Wok Star played (or replayed) in the window; the host's Scene protocol."""

    help_lines = HELP_LINES

    def __init__(self, session: StarSession, text: Text, sound: Sound,
                 on_new_game: Callable[[], None] | None = None,
                 on_home: Callable[[], None] | None = None) -> None:
        self.text = text
        self.sound = sound
        self.on_new_game = on_new_game
        self.on_home = on_home
        self.replay: StarReplay | None = None
        self.buttons: list[ScreenChoice] = []
        self._layout: StarLayout | None = None
        self._layout_key: tuple[object, ...] = ()
        self.dice_rows = DiceRows()
        """The dice's slots in the seats' rows, kept from layout to layout."""
        self._accounting_s = 0.0
        self._was_person_turn = False
        self._told_problem = ""
        self.tips = Thinker()
        """The worker process the tip key's planner thinks in."""
        self.advising: tuple[object, ...] | None = None
        """The decision a tip is being worked out for, if any."""
        self.advising_s = 0.0
        self.inputs = StarInputs(self)
        self.drawing = StarDrawing(self)
        self.load(session)

    def load(self, session: StarSession) -> None:
        """Play (or show) ``session`` from here on."""
        self.session = session
        self.rules = wok_star_reference(session.state)
        """The rules at hand, with this game's limits (the window's help shows them)."""
        self.presenter = StarPresenter(session, self._play, self.layout)
        self.gate = EngineGate(self.presenter, lambda: session.steps)
        session.after_step = self.gate.caught_up
        self.scheduler = StarScheduler(session, self.gate.act)
        self.inputs.reset()
        self._layout_key = ()
        if session.state.history:
            self.presenter.say(f"Resumed after {len(session.state.history)} steps, at "
                               f"{session.time_s:.0f} s of game time.")

    def _play(self, effect: Effect) -> None:
        replay = self.replay
        if replay is None or replay.playing and not replay.jumping:
            self.sound.play(effect)

    # ------------------------------------------------------------------ layout
    def layout(self) -> StarLayout | None:
        """The layout last drawn (what the pointer is over)."""
        return self._layout

    def layout_for(self, size: tuple[int, int]) -> StarLayout:
        """The layout of the state now in a window of ``size`` (rebuilt when either
        changed), with the screen's buttons."""
        state = self.session.state
        key = (size, len(state.history), id(self.session), self.presenter.accounting is None,
               self.replay is not None)
        if self._layout is None or key != self._layout_key:
            self._layout = build(size, state, self.dice_rows)
            self._layout_key = key
            self.buttons = choices(self.session, self.presenter, self._layout,
                                   self.on_home is not None) if self.replay is None else []
        return self._layout

    def covered(self) -> bool:
        """A screen covers the middle of the table (its buttons take the clicks there)."""
        return screen_name(self.session, self.presenter) is not None

    # ------------------------------------------------------------------ acting
    def act_for(self, seat: int, action: WokStarAction) -> bool:
        """``seat`` takes ``action`` now (the turn handed to it if the kitchen is free);
        a refusal is shown next to the pointer."""
        if self.replay is not None:
            self.refuse("this is a replay: nobody acts")
            return False
        session = self.session
        try:
            ok = self.gate.act(lambda: session.act_for(seat, action))
        except IllegalAction as error:  # raised by a refusal outside the gate's call
            self.refuse(error.reason)
            return False
        if ok:
            self.inputs.selected = []
        else:
            self.presenter.say_at(self.presenter.status, self.inputs.mouse)
            self.sound.play("refuse")
        return ok

    def dropped_at(self, rects: list[pygame.Rect]) -> None:
        """Where the dice a person is placing or giving were let go (the presenter flies
        them on from there); [] once the action is over."""
        self.presenter.dropped = rects

    def refuse(self, reason: str) -> None:
        self.presenter.refuse(reason)
        self.presenter.say_at(reason, self.inputs.mouse)
        self.sound.play("refuse")

    def note(self, words: str) -> None:
        self.presenter.say_at(words, self.inputs.mouse)

    def hover_note(self, recipe_id: str) -> None:
        from wokphysics.ui.wok_star.layout import StarTarget

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
            self.replay_this_game()
        elif choice.command == "home" and self.on_home is not None:
            self.on_home()

    # ------------------------------------------------------------------ replays
    def start_replay(self, control: StarReplay) -> None:
        self.replay = control
        control.goto(self, 0)

    def replay_this_game(self) -> None:
        """Watch the game just played from its start, turn by turn (V on the end screen)."""
        from wokphysics.ui.wok_star.replay import StarReplay

        session = self.session
        self.start_replay(StarReplay(session.seats, session.initial, session.actions(),
                                     session.times))

    # ------------------------------------------------------------------ the host's calls
    def update(self, real_s: float, speed: float = 1.0) -> None:
        self.presenter.tick(real_s)
        self.inputs.rest(real_s)
        if self.replay is not None:
            self.replay.update(real_s * speed, self)
            return
        presenter = self.presenter
        if presenter.accounting is not None and not presenter.accounting.last:
            self._accounting_s += real_s
            if not self.session.people and self._accounting_s >= ACCOUNTING_BOTS_S:
                presenter.accounting = None
        else:
            self._accounting_s = 0.0
        self.scheduler.hold = presenter.accounting is not None
        self.scheduler.update(real_s, speed)
        self._advice_update(real_s)
        problem = self.session.save_problem
        if problem and problem != self._told_problem:
            presenter.say(f"The game cannot be saved: {problem}")
            self._told_problem = problem
        person_turn = (not self.session.free and self.session.current in self.session.people)
        if person_turn and not self._was_person_turn:
            self.sound.play("turn")
        self._was_person_turn = person_turn

    def draw(self, surface: pygame.Surface) -> None:
        self.drawing.draw(surface)

    def mouse_down(self, button: int, pos: tuple[int, int], t_s: float) -> None:
        if self.replay is not None:
            self.inputs.mouse = pos
            self.replay.click(pos, self)
            return
        lay = self._layout
        if lay is not None and self.covered() and lay.panel.collidepoint(pos) and not any(
                c.rect.collidepoint(pos) for c in self.buttons):
            return
        self.inputs.mouse_down(button, pos, t_s)

    def mouse_move(self, pos: tuple[int, int], t_s: float) -> None:
        self.inputs.mouse_move(pos, t_s)

    def pointer_away(self) -> None:
        self.inputs.hover = None

    def mouse_up(self, button: int, pos: tuple[int, int], t_s: float) -> None:
        if self.replay is None:
            self.inputs.mouse_up(button, pos, t_s)

    def key(self, key: int) -> None:
        if self.replay is not None:
            self.replay.key(key, self)
            return
        if self.session.state.is_terminal():
            if key == pygame.K_n and self.on_new_game is not None:
                self.on_new_game()
            elif key == pygame.K_l and self.on_home is not None:
                self.on_home()
            elif key == pygame.K_v:
                self.replay_this_game()
            return
        if key == pygame.K_SPACE:
            self.scheduler.hurry = True
            return
        if key == ADVICE_KEY:
            self.ask_advice()
            return
        self.inputs.key(key)

    # ------------------------------------------------------------------ tips
    def _tip_key(self) -> tuple[object, ...]:
        state = self.session.state
        return ("tip", state.phase, state.round, state.current)

    def ask_advice(self) -> None:
        """The tip key: the strongest level's bot (the planner) thinks about what the person
        at the table would best do now (the person the engine names, or, while the kitchen
        is free, the first person, handed the turn by waits on a copy of the table)."""
        session = self.session
        people = session.people
        levels = WOK_STAR.levels
        if not people or not levels:
            self.refuse("a tip is for a person at the table")
            return
        person = session.current if session.current in people else people[0]
        copy = session.state.copy_on(SimulatedClock())
        for _ in range(2 * copy.num_players + 1):
            if copy.current_player == person or WAIT not in copy.legal_wok_star_actions():
                break
            copy.apply(WAIT)
        if copy.current_player != person:
            self.refuse(f"a tip is for your own move: {session.waiting_for()}")
            return
        key = self._tip_key()
        self.tips.ask(key, advice(copy, GAME, levels[-1].bot))
        self.advising, self.advising_s = key, 0.0
        self.presenter.say(f"Tip: the {levels[-1].name.lower()} are thinking...")

    def _advice_update(self, real_s: float) -> None:
        """The tip's line once it has come (dropped if the card or phase changed first)."""
        key = self.advising
        if key is None:
            return
        if key != self._tip_key():
            self.advising = None
            self.tips.forget()
            return
        self.advising_s += real_s
        found = self.tips.answer(key)
        if found is not None:
            self.advising = None
            self.presenter.say("Tip: " + found.line)
