"""Wok Star in the window: the scene that builds the four roles of :mod:`wokphysics.ui.scene`
around the session, the way Wok on Fire's scene does:

- :class:`~.presenter.StarPresenter`: each engine step in words, sounds and motions;
- :class:`~.inputs.StarInputs`: clicks, drags and keys -> the seats' actions (a replay's keys
  and bar while one is watched);
- :class:`~.scheduler.StarScheduler`: the game clock, the sand, the bots, the Accounting
  screen's wait, the tip key's planner (a replay's pace while one is watched);
- :class:`~.drawing.StarDrawing`: the table, read-only.

They share :class:`~.state.StarUi` (the session shown, the replay) and
:class:`~.state.StarLayouts` (what is where, the screen's buttons); none is handed the scene.
:meth:`StarScene.load` shows another session (a replay going back) with the same roles.

The host (:class:`~wokphysics.ui.app.App`) stops calling :meth:`StarScene.update` while it
is paused or shows the help, so the game clock and the sand stop too. Hot seat: Wok Star
hides nothing from the players (dice, cards and characters lie open), so people sharing the
screen share the table: each drags the dice of their own seat, and whoever's turn it is in
the turn-by-turn parts (setup, purchases) is named in the prompt; no curtain is needed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wokphysics.games.wok_star.actions import WokStarAction
from wokphysics.games.wok_star.reference import wok_star_reference
from wokphysics.ui.reflow import flow_for
from wokphysics.ui.scene import EngineGate, GameScene
from wokphysics.ui.sound import Effect, Sound
from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_star.drawing import StarDrawing, bar_strip
from wokphysics.ui.wok_star.inputs import StarInputs
from wokphysics.ui.wok_star.layout import LEAST_WIDTH, StarLayout, flow_height
from wokphysics.ui.wok_star.presenter import StarPresenter
from wokphysics.ui.wok_star.scheduler import StarScheduler
from wokphysics.ui.wok_star.screens import ScreenChoice
from wokphysics.ui.wok_star.session import StarSession
from wokphysics.ui.wok_star.state import StarLayouts, StarUi

if TYPE_CHECKING:
    from wokphysics.ui.wok_star.replay import StarReplay

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
    ("Too fast", "Esc at any moment; or, in the launcher, Timer: no or Difficulty: easy"),
    ("R", "restart (asks first)"),
    ("F1 or H", "this help"),
)


class StarScene(GameScene):
    """Wok Star played (or replayed) in the window; the host's Scene protocol. The end
    screen offers N (``on_new_game``), V (this game's replay) and L (``on_home``: the
    launcher), those given. Its roles are Wok Star's own (the base class types them as the
    role protocols)."""

    help_lines = HELP_LINES

    presenter: StarPresenter
    inputs: StarInputs
    scheduler: StarScheduler
    drawing: StarDrawing

    def __init__(self, session: StarSession, text: Text, sound: Sound,
                 on_new_game: Callable[[], None] | None = None,
                 on_home: Callable[[], None] | None = None) -> None:
        self.text = text
        self.sound = sound
        self.ui = StarUi(session)
        presenter = StarPresenter(session, self._play, lambda: self.ui.layout)
        self.layouts = StarLayouts(self.ui, presenter, on_home is not None, text=text)
        # The gate reads the steps of the session shown now: load() changes it.
        self.gate = EngineGate(presenter, lambda: self.ui.session.steps)
        scheduler = StarScheduler(self.ui, presenter, self.gate, sound)
        inputs = StarInputs(self.ui, self.layouts, presenter, self.gate, scheduler, sound,
                            self.replay_this_game, on_new_game, on_home)
        drawing = StarDrawing(self.ui, self.layouts, presenter, inputs, scheduler, text)
        super().__init__(presenter, inputs, scheduler, drawing)
        self.load(session)

    def load(self, session: StarSession) -> None:
        """Play (or show) ``session`` from here on: the roles start over on it."""
        self.ui.session = session
        self.rules = wok_star_reference(session.state)
        """The rules at hand, with this game's limits (the window's help shows them)."""
        self.presenter.load(session)
        session.after_step = self.gate.caught_up
        self.scheduler.load()
        self.inputs.reset()
        self.layouts.forget()
        if session.state.history:
            self.presenter.say(f"Resumed after {len(session.state.history)} steps, at "
                               f"{session.time_s:.0f} s of game time.")

    def _play(self, effect: Effect) -> None:
        replay = self.ui.replay
        if replay is None or replay.playing and not replay.jumping:
            self.sound.play(effect)

    # ------------------------------------------------------------------ for guides and tests
    @property
    def session(self) -> StarSession:
        """The session shown."""
        return self.ui.session

    @property
    def replay(self) -> StarReplay | None:
        """The replay watched, if any (None: the game is played)."""
        return self.ui.replay

    @property
    def buttons(self) -> list[ScreenChoice]:
        """The buttons of the screen up now (setup, Accounting, Purchase, the end)."""
        return self.layouts.buttons

    def layout(self) -> StarLayout | None:
        """The layout last drawn (what the pointer is over)."""
        return self.ui.layout

    def covered(self) -> bool:
        """A screen covers the middle of the table (its buttons take the clicks there)."""
        return self.layouts.covered()

    def reflow(self, window: tuple[int, int], scale: float) -> tuple[int, int] | None:
        """At a UI scale above 1: the kitchen laid out for the view's width (its board,
        customer line and log in rows, the seats' panels below), or the screen up (setup,
        Accounting, Purchase, the end) laid out down the view with the seats' panels below
        it; in a replay, the bar's strip below it all, its words wrapped to the view; the
        canvas it needs. None (drawn as the design): scale 1."""
        layouts = self.layouts
        if scale <= 1.0:
            layouts.flow = None
            return None
        flow = flow_for(window, scale, LEAST_WIDTH)
        layouts.flow = flow
        plan = layouts.screen_plan(window[0])
        height = flow_height(flow, self.session.state.num_players,
                             None if plan is None else plan.height)
        canvas = max(window[1], round(height * flow.unit))
        replay = self.ui.replay
        if replay is not None:
            canvas += bar_strip(self.text, replay, window, flow)
        return window[0], canvas

    def act_for(self, seat: int, action: WokStarAction) -> bool:
        """``seat`` takes ``action`` now, as if its person clicked it (see
        :meth:`~.inputs.StarInputs.act_for`)."""
        return self.inputs.act_for(seat, action)

    def choose(self, choice: ScreenChoice) -> None:
        """A screen's button, as if clicked."""
        self.inputs.choose(choice)

    # ------------------------------------------------------------------ replays
    def start_replay(self, control: StarReplay) -> None:
        """Show ``control``'s record from its start instead of playing."""
        self.ui.replay = control
        self.presenter.replaying = True
        control.start(self)

    def replay_this_game(self) -> None:
        """Watch the game just played from its start, turn by turn (V on the end screen)."""
        from wokphysics.ui.wok_star.replay import StarReplay

        session = self.session
        self.start_replay(StarReplay(session.seats, session.initial, session.actions(),
                                     session.times))
