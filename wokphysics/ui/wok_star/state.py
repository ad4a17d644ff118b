"""What Wok Star's roles share in the window (as Wok on Fire's roles share a ``TableUi``).

- :class:`StarUi`: the session on the table and the replay watched, if any. The scene's
  ``load`` puts a new session here (a restart, a replay going back), so the roles read it
  from here each time rather than keeping the one they were built with.
- :class:`StarLayouts`: the layout of the table now and the buttons of the screen that
  covers its middle (setup, Accounting, Purchase, the end), rebuilt when the window's size
  or the state changed; the input mapping reads the layout last drawn, the drawing asks for
  the one of its window.

No role is handed the scene: each gets these and the other roles it works with.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from wokphysics.ui.reflow import Flow
from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_star.layout import DiceRows, StarLayout, build
from wokphysics.ui.wok_star.presenter import StarPresenter
from wokphysics.ui.wok_star.screens import (
    ScreenChoice,
    ScreenPlan,
    choices,
    plan_screen,
    screen_name,
)
from wokphysics.ui.wok_star.session import StarSession

if TYPE_CHECKING:
    from wokphysics.ui.wok_star.replay import StarReplay


@dataclass
class StarUi:
    """The session shown and the replay watched (None: the game is played)."""

    session: StarSession
    replay: StarReplay | None = None
    layout: StarLayout | None = None
    """The layout last drawn (what the pointer is over; motions start from it)."""


@dataclass
class StarLayouts:
    """The layout of ``ui``'s state in a window, with the screen's buttons; ``home``: the end
    screen offers the launcher."""

    ui: StarUi
    presenter: StarPresenter
    home: bool
    buttons: list[ScreenChoice] = field(default_factory=list)
    dice_rows: DiceRows = field(default_factory=DiceRows)
    """The dice's slots in the seats' rows, kept from layout to layout."""
    flow: Flow | None = None
    """At a UI scale above 1, the view's width the kitchen reflows to (None: the design
    scaled to the surface; see :meth:`StarScene.reflow`)."""
    text: Text | None = None
    """Measures a reflowed screen's lines and labels (None: screens are not reflowed)."""
    plan: ScreenPlan | None = None
    """The screen up now laid out down the view (reflowed; None: none, or in the design)."""
    _key: tuple[object, ...] = ()
    _plan_key: tuple[object, ...] = ()

    def _state_key(self) -> tuple[object, ...]:
        ui = self.ui
        return (len(ui.session.state.history), id(ui.session), self.presenter.accounting is None,
                ui.replay is not None, self.flow)

    def screen_plan(self, width: int) -> ScreenPlan | None:
        """The screen up now laid out down a reflowed view on a canvas ``width`` px wide
        (None: no screen up, no flow, or the view as wide as the design)."""
        flow = self.flow
        if flow is None or self.text is None or flow.width >= 1280:
            return None
        key = (width, *self._state_key())
        if key != self._plan_key:
            ui = self.ui
            self.plan = plan_screen(ui.session, self.presenter, self.text, flow, width,
                                    self.home, ui.replay is None)
            self._plan_key = key
        return self.plan

    def last(self) -> StarLayout | None:
        """The layout last drawn (None before the first frame)."""
        return self.ui.layout

    def for_size(self, size: tuple[int, int], below: int = 0) -> StarLayout:
        """The layout of the state now in a window of ``size`` (rebuilt when either
        changed), with the screen's buttons; ``below``: px under it kept for a replay's bar
        (see :func:`~.layout.build`)."""
        ui = self.ui
        state = ui.session.state
        key = (size, below, *self._state_key())
        if ui.layout is None or key != self._key:
            plan = self.screen_plan(size[0])
            ui.layout = build(size, state, self.dice_rows, self.flow,
                              None if plan is None else plan.height, below)
            self._key = key
            if plan is not None:
                self.buttons = plan.buttons
            else:
                self.buttons = (choices(ui.session, self.presenter, ui.layout, self.home,
                                        self.text) if ui.replay is None else [])
        return ui.layout

    def forget(self) -> None:
        """A new session: the next frame builds its layout afresh."""
        self._key = ()

    def covered(self) -> bool:
        """A screen covers the middle of the table (its buttons take the clicks there)."""
        return screen_name(self.ui.session, self.presenter) is not None
