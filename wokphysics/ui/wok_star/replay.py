"""The replay viewer of Wok Star: a recorded game, turn by turn, in the game's own scene.

A :class:`StarReplay` drives a :class:`~.scene.StarScene` from a record instead of people
and bots: the same presenter says each step, the same drawing shows the table. A turn is a
card of the Action phase (from its reveal to the next) or one step of setup and purchases.
Keys and clicks are :class:`~wokphysics.ui.replay_steps.TurnStepper`'s; Space plays and
pauses: in the Action phase in game time (the sand runs, each step comes at its recorded
time), outside it a step every ``TURN_S`` seconds (leftover dice, purchases: their
recorded times are people's thinking), and the setup's deals a step every ``SETUP_BEAT_S``
(a dozen small steps that would keep the viewer waiting some 15 s for round 1).

What a turn raises belongs to that turn: its notice over the table ("Round 2: the red timer
is flipped. Cook!", "Time's up! ..."), the Time's up flash of the timer, the Accounting
screen of the round it ended. They go when the next turn's first step is taken, however the
replay moves on (keys, the bar, playing); going back shows those of the turn then shown.
``wokphysics replay wok-star-autosave.json`` opens it; V on the end screen replays the game
just played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from wokphysics.games.wok_star.actions import WokStarAction
from wokphysics.games.wok_star.model import Phase
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.timeline import turn_key
from wokphysics.ui.replay_steps import BAR_MARGIN, TURN_S, TurnStepper
from wokphysics.ui.scene import EngineGate
from wokphysics.ui.widgets import Text
from wokphysics.ui.wok_star.layout import StarLayout
from wokphysics.ui.wok_star.pieces import PANEL
from wokphysics.ui.wok_star.presenter import StarPresenter
from wokphysics.ui.wok_star.record import replay
from wokphysics.ui.wok_star.session import StarSession


class StarReplayHost(Protocol):
    """What a replay drives: Wok Star's scene (:class:`~.scene.StarScene`; this module
    imports no scene, so the scene may hold a replay without an import cycle). The replay
    stands in for the people and the bots: it loads the scene's sessions and takes their
    steps, so it is given the scene (:meth:`StarReplay.start`); the scene's roles are not,
    they reach the replay's keys, clicks and pace through it."""

    @property
    def session(self) -> StarSession: ...

    @property
    def presenter(self) -> StarPresenter: ...

    @property
    def gate(self) -> EngineGate: ...

    def load(self, session: StarSession) -> None: ...

SETUP_BEAT_S = 0.4
"""Seconds per setup step while a replay plays: each deal or free bonus is still seen on the
table, and a 4-player setup (12 steps) takes about 5 s instead of ``TURN_S``'s 14 s."""
SETUP_PHASES = frozenset((Phase.SETUP_ASSIGN, Phase.SETUP_BONUS))


def turn_starts(initial: WokStarState, actions: Sequence[WokStarAction],
                times: Sequence[float]) -> list[int]:
    """Indices of the steps that begin a turn (a new card, or any step outside the Action
    phase)."""
    starts = []
    key = turn_key(initial)
    for index, state in enumerate(replay(initial, actions, times)):
        if index == 0:
            starts.append(0)
        fresh = turn_key(state)
        if fresh != key and index + 1 < len(actions):
            starts.append(index + 1)
        key = fresh
    return starts


class StarReplay(TurnStepper[StarReplayHost]):
    """Where a replay stands: ``index`` steps of ``actions`` taken from ``initial``."""

    def __init__(self, seats: Sequence[str], initial: WokStarState,
                 actions: Sequence[WokStarAction], times: Sequence[float]) -> None:
        self.seats = tuple(seats)
        self.initial = WokStarState.from_dict(initial.to_dict())
        self.actions = list(actions)
        self.times = list(times)
        super().__init__(turn_starts(self.initial, self.actions, self.times), len(self.actions))
        self._turn_starts = frozenset(self.starts)
        self.jumping = False
        """True while :meth:`goto` replays the steps up to where it jumps (no sounds)."""
        self._beat_s = 0.0
        """Seconds played since the last step was taken (outside the Action phase a step
        comes every ``TURN_S``, in the setup every ``SETUP_BEAT_S``)."""
        self._scene: StarReplayHost | None = None

    @property
    def scene(self) -> StarReplayHost:
        """The scene this replay drives (since :meth:`start`)."""
        if self._scene is None:
            raise RuntimeError("the replay has not been started in a scene")
        return self._scene

    def start(self, scene: StarReplayHost) -> None:
        """Drive ``scene`` from the record's start."""
        self._scene = scene
        self.goto(scene, 0)

    # ------------------------------------------------------------------ moving
    def goto(self, scene: StarReplayHost, index: int) -> None:
        """Show the game after ``index`` steps (replayed from the start, said but not
        animated; what the turn shown last raised is shown)."""
        index = max(0, min(len(self.actions), index))
        session = StarSession(WokStarState.from_dict(self.initial.to_dict()), self.seats)
        scene.load(session)
        self.index = 0
        self.jumping = True  # silent: a jump is not the game's sounds played at once
        try:
            while self.index < index:
                self._take(scene)
        finally:
            self.jumping = False
        scene.presenter.motions.clear()
        self._beat_s = 0.0

    def _take(self, scene: StarReplayHost) -> None:
        """Take the next step at its recorded time; a turn's first step first clears what
        the turn before it raised."""
        if self.index in self._turn_starts:
            presenter = scene.presenter
            presenter.notice = None
            presenter.accounting = None
            presenter.times_up_at = -1.0
        scene.session.apply_at(self.actions[self.index], self.times[self.index])
        self.index += 1
        self._beat_s = 0.0
        scene.gate.caught_up()

    def forward(self, scene: StarReplayHost) -> None:
        """Show the next turn (its steps said and animated)."""
        scene.presenter.motions.clear()  # the previous turn's pieces have landed
        end = self.next_start()
        while self.index < end:
            self._take(scene)

    def toggle(self) -> None:
        super().toggle()
        self._beat_s = TURN_S  # a step waiting for its beat comes at once

    def update(self, real_s: float, scene: StarReplayHost) -> None:
        """While playing, the game clock runs: in the Action phase each step comes at its
        recorded time, outside it one step a beat (``TURN_S``; ``SETUP_BEAT_S`` in the
        setup)."""
        if not self.playing:
            return
        session = scene.session
        if self.index >= len(self.actions):
            self.playing = False
            return
        session.clock.time_s += real_s
        self._beat_s += real_s
        while self.index < len(self.actions):
            phase = session.state.phase
            if phase is Phase.ACTION:
                if self.times[self.index] > session.clock.time_s:
                    break
            elif self._beat_s < (SETUP_BEAT_S if phase in SETUP_PHASES else TURN_S):
                # Outside the Action phase the recorded times are people's thinking: the
                # replay's own beat instead, so each screen (an Accounting, a Purchase
                # step) stays up until the step after it.
                break
            self._take(scene)

    # ------------------------------------------------------------------ drawing
    def draw_bar(self, surface: pygame.Surface, lay: StarLayout, text: Text,
                 wrap: int | None = None) -> None:
        """The bar at the bottom of the window, in the strip the drawing keeps free below the
        table (:meth:`~wokphysics.ui.replay_steps.TurnStepper.bar_height`); with ``wrap``
        (px: a replay laid out for the view's width), its words on lines that wide."""
        width, height = surface.get_size()
        self.paint_bar(surface, self.bar_image(text, lay.font, wrap),
                       (width // 2, height - BAR_MARGIN), (*PANEL, 255))
