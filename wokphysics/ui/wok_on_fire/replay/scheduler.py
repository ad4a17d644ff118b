"""The replay viewer's pace: one recorded input after another at the chosen speed, a turn at
once, and back a turn by replaying the record from its start in a fresh world."""

from __future__ import annotations

from collections.abc import Callable

from wokphysics.errors import ReplayFileError
from wokphysics.games.wok_on_fire.record import Diverged
from wokphysics.ui.animation import LiveAction
from wokphysics.ui.wok_on_fire.replay.presenter import ReplayPresenter
from wokphysics.ui.wok_on_fire.replay.sources import Source
from wokphysics.ui.wok_on_fire.replay.state import SPEEDS, ReplayUi

INPUT_PAUSE_S = 0.6
"""Seconds between two recorded inputs at x1 (a pick, a choice), so they can be followed."""
SKIP_RATE = 8.0
"""How much faster a running action finishes while the rest of its turn is played at once."""


class ReplayScheduler:
    """Receives the shared :class:`ReplayUi`, the presenter (it words a problem that stops
    the replay) and ``rebuild`` (a fresh source of the same record, to go back a turn; None:
    no going back)."""

    def __init__(self, ui: ReplayUi, presenter: ReplayPresenter,
                 rebuild: Callable[[], Source] | None = None) -> None:
        self.ui = ui
        self.presenter = presenter
        self.rebuild = rebuild
        self.wait = INPUT_PAUSE_S
        """Game seconds before the next recorded input starts."""
        self.stop_after_turn: int | None = None
        """The turn being played at once (N), then the replay pauses."""

    # ------------------------------------------------------------------ pace
    def play_pause(self) -> None:
        self.ui.playing = not self.ui.playing

    def faster(self) -> None:
        self.ui.speed_index = min(len(SPEEDS) - 1, self.ui.speed_index + 1)

    def slower(self) -> None:
        self.ui.speed_index = max(0, self.ui.speed_index - 1)

    @property
    def can_go_back(self) -> bool:
        return self.rebuild is not None

    def _guard(self, step: Callable[[], None]) -> None:
        """Run ``step``; a turn that diverges or a bad record stops the replay, with why."""
        ui = self.ui
        try:
            step()
        except (Diverged, ReplayFileError) as error:
            ui.problem = self.presenter.problem(error)
            ui.playing = False
            ui.action = None

    def update(self, real_s: float, speed: float = 1.0) -> None:
        ui = self.ui
        if ui.problem:
            return
        rate = ui.speed * speed
        if ui.action is not None:
            fast = self.stop_after_turn is not None
            ui.action.advance(real_s, rate * (SKIP_RATE if fast else 1.0))
            if not ui.action.done:
                return
            ui.action = None
            self._guard(ui.source.verify_pending)
            self.wait = INPUT_PAUSE_S
        if self.stop_after_turn is not None:
            self._guard(self._run_to_turn_end)
            return
        if not ui.playing:
            return
        self.wait -= real_s * rate
        if self.wait > 0:
            return
        self._guard(self._next_input)

    def _next_input(self) -> None:
        ui = self.ui
        if ui.source.at_end():
            ui.playing = False
            return
        run, gesture = ui.source.begin_next()
        if run is not None:
            ui.action = LiveAction(ui.source.table, run, gesture)
        else:
            self.wait = INPUT_PAUSE_S

    def _run_to_turn_end(self) -> None:
        target = self.stop_after_turn
        assert target is not None
        source = self.ui.source
        while not source.at_end() and source.turn_index() <= target:
            run, _ = source.begin_next()
            if run is not None:
                while run.advance():
                    pass
        source.verify_pending()
        self.stop_after_turn = None
        self.ui.playing = False

    # ------------------------------------------------------------------ stepping
    def next_turn(self) -> None:
        """Finish the turn being shown at once, then pause."""
        ui = self.ui
        if ui.problem:
            return
        if ui.action is not None:
            ui.action.skip()
            ui.action = None
            self._guard(ui.source.verify_pending)
        self.stop_after_turn = ui.source.turn_index()
        self._guard(self._run_to_turn_end)

    def previous_turn(self) -> None:
        """Back to the end of the turn before the one shown: the record is replayed from the
        start in a fresh world up to there (hashes checked), then paused."""
        if self.rebuild is None:
            return
        ui = self.ui
        target = max(0, ui.source.turn_index() - 1)
        ui.action = None
        ui.problem = ""
        ui.source = self.rebuild()
        ui.playing = False

        def forward() -> None:
            # at_end() first: it settles the finished action and closes its turn.
            source = ui.source
            while not source.at_end() and source.turn_index() < target:
                run, _ = source.begin_next()
                if run is not None:
                    while run.advance():
                        pass
            source.verify_pending()

        self._guard(forward)
