"""What an action (a stir or a chop) reports, and an action run one physics step at a time."""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field

from wokphysics.table.flight import Touchdown
from wokphysics.table.live import TableError


@dataclass(frozen=True)
class ActionReport:
    """What one stir or chop did, once everything came to rest.

    Attributes:
        flipped: ids of cards whose face changed.
        launched: ids of cards that left the table surface (flew).
        moved: ids of cards whose position or angle changed.
        touched: ids of cards the spatula met (stir) or that were thrown (chop).
        half_turns: for each launched card, the whole half turns it made.
        peak_height: for each launched card, the highest its centre rose, mm.
        travel: for each moved card, the straight distance from start to rest, mm.
        left_wok: ids of cards whose centre went from inside the wok's edge to outside it
            (or off the table) during the action.
        simulated_s: simulated seconds the action covered.
        steps: physics steps taken.
        touchdowns: for each launched card, every impact with the table in order, with its
            flip-plane kinetic energy just before and just after.
        release_speed: the blade's speed at release as the stroke measured it (stir), mm/s;
            0 for a chop.
        flick_speed: the speed the flick was made at, mm/s: the release speed, or the
            fastest flick a hand makes (``spatula.hand_speed_limit_mm_s``) when it was faster.
        depths: for each card the blade was under at release, how far its leading edge lay
            past the card's nearest point along the flick, mm.
    """

    flipped: tuple[int, ...]
    launched: tuple[int, ...]
    moved: tuple[int, ...]
    touched: tuple[int, ...]
    half_turns: dict[int, int] = field(default_factory=dict)
    peak_height: dict[int, float] = field(default_factory=dict)
    travel: dict[int, float] = field(default_factory=dict)
    left_wok: tuple[int, ...] = ()
    simulated_s: float = 0.0
    steps: int = 0
    touchdowns: dict[int, tuple[Touchdown, ...]] = field(default_factory=dict)
    release_speed: float = 0.0
    flick_speed: float = 0.0
    depths: dict[int, float] = field(default_factory=dict)

    @property
    def speed_limited(self) -> bool:
        """The stroke was faster than a hand flicks: it was played at the hand's limit."""
        return self.flick_speed < self.release_speed


class ActionRun:
    """A stir or chop being run one physics step at a time (for drawing it as it happens).

    Made by :meth:`Table.begin_stir`, :meth:`Table.begin_chop` and
    :meth:`~wokphysics.table.stroke.Stroke.begin_release`, which check their input and start
    the action at once (a bad gesture raises there). Each :meth:`advance` runs exactly one more
    physics step of the action; once :attr:`done`, :attr:`report` is the action's report. Run
    to the end, it leaves the table bit for bit as :meth:`Table.stir` / :meth:`Table.chop` /
    :meth:`~wokphysics.table.stroke.Stroke.release` would (they are this, run to the end).
    While it runs, the table's cards show the intermediate states; start no other action and
    take no card until it is done.
    """

    def __init__(self, steps: Generator[None, None, ActionReport]) -> None:
        self._steps = steps
        self._report: ActionReport | None = None
        self._advance()  # the action's start: the blade down or released, or cards thrown

    def _advance(self) -> None:
        try:
            next(self._steps)
        except StopIteration as finished:
            self._report = finished.value

    @property
    def done(self) -> bool:
        """The action has come to rest (its report is ready)."""
        return self._report is not None

    def advance(self) -> bool:
        """Run one more physics step (or the closing bookkeeping); True while not done."""
        if self._report is None:
            self._advance()
        return self._report is None

    def finish(self) -> ActionReport:
        """Run the rest of the action to rest and return its report."""
        while self._report is None:
            self._advance()
        return self._report

    @property
    def report(self) -> ActionReport:
        """The action's report; a TableError while it still runs."""
        if self._report is None:
            raise TableError("the action is still running")
        return self._report
