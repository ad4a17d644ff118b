"""Wok on Fire's replay viewer: a recorded game (or table recording) played in the window,
built as Wok on Fire's own scene is, from the four roles of :mod:`wokphysics.ui.scene`:

- :class:`~.presenter.ReplayPresenter`: where the replay is, the players' points and cards,
  the winner, why a replay stopped, in words;
- :class:`~.inputs.ReplayInputs`: keys and buttons -> play/pause, speed, a turn on or back;
- :class:`~.scheduler.ReplayScheduler`: the replay's pace, a turn at once, and back a turn
  by replaying the record from its start in a fresh world;
- :class:`~.drawing.ReplayDrawing`: the table and the side panel, read-only.

They share :class:`~.state.ReplayUi` (the source shown, play/pause, the speed, the running
action, the problem, the pointer, the buttons drawn); none is handed the scene.

Every recorded input is re-applied to a fresh world exactly as ``--verify`` does; stirs and
chops are drawn as they run. A turn whose state hash does not match the recording stops the
replay with the reason on screen.
"""

from __future__ import annotations

from collections.abc import Callable

from wokphysics.ui.render import TableRenderer, reflow_table
from wokphysics.ui.scene import GameScene
from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_on_fire.replay.drawing import ReplayDrawing
from wokphysics.ui.wok_on_fire.replay.inputs import ReplayInputs
from wokphysics.ui.wok_on_fire.replay.presenter import ReplayPresenter
from wokphysics.ui.wok_on_fire.replay.scheduler import ReplayScheduler
from wokphysics.ui.wok_on_fire.replay.sources import Source
from wokphysics.ui.wok_on_fire.replay.state import ReplayUi

HELP_LINES = (
    ("Space", "play / pause"),
    ("N or Right", "the rest of this turn at once, then pause"),
    ("P or Left", "back to the end of the previous turn (replayed from the start)"),
    ("+ / -", "faster / slower (x0.5 to x8)"),
    ("R", "start the replay again (asks first)"),
    ("Esc", "pause the window (Q quits while paused)"),
)


class ReplayScene(GameScene):
    """Plays ``source`` (named ``file``) on the window's ``renderer`` with play/pause, speed
    and turn stepping; ``rebuild`` makes a fresh source of the same record (going back a
    turn; None: no going back). Its roles are the replay's own (the base class types them as
    the role protocols)."""

    help_lines = HELP_LINES

    presenter: ReplayPresenter
    inputs: ReplayInputs
    scheduler: ReplayScheduler
    drawing: ReplayDrawing

    def __init__(self, source: Source, renderer: TableRenderer, text: Text, file: str,
                 rebuild: Callable[[], Source] | None = None) -> None:
        self.ui = ReplayUi(source)
        presenter = ReplayPresenter(self.ui, file)
        scheduler = ReplayScheduler(self.ui, presenter, rebuild)
        inputs = ReplayInputs(self.ui, scheduler)
        drawing = ReplayDrawing(self.ui, renderer, text, presenter, inputs.buttons)
        super().__init__(presenter, inputs, scheduler, drawing)
        self.renderer = renderer

    def reflow(self, window: tuple[int, int], scale: float) -> tuple[int, int] | None:
        """At a UI scale above 1: the table at most the view's width and the panel (the
        replay's buttons, the players) below it, as wide as the view (a window's height), as
        in the game (:func:`~wokphysics.ui.render.reflow_table`); the canvas it needs. At
        scale 1: None, the panel at the table's right."""
        return reflow_table(self.renderer, window, scale)

    # ------------------------------------------------------------------ for the loop and tests
    @property
    def source(self) -> Source:
        """The record being played (a fresh one after going back a turn)."""
        return self.ui.source

    @property
    def problem(self) -> str:
        """Why the replay stopped, if it did."""
        return self.ui.problem
