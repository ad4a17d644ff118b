"""What an action (a stir or a chop) reports, and an action run one physics step at a time."""

from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from wokphysics.table.cards import Location
from wokphysics.table.flight import Touchdown
from wokphysics.table.live import TableError

if TYPE_CHECKING:
    from wokphysics.table.base import TableBase

MOVED_MM: Final = 0.1
"""An action moved a card when some point of it moved further than this (mm); less is the
rounding of a contact, not a move."""

Lying = tuple[float, float, float, bool, Location]
"""A card as an action found or left it: x and y of its centre (mm), its angle (rad), whether
it is face up, and its location."""


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


def snapshot(table: TableBase) -> dict[int, Lying]:
    """Every card as it lies now, by id (see :data:`Lying`)."""
    snapshot = {}
    for card in table._cards:
        x, y, angle = table._pose(card)
        snapshot[card.id] = (float(x), float(y), float(angle), card.face_up, card.location)
    return snapshot

def action_report(
    table: TableBase,
    before: dict[int, Lying],
    touched: set[int],
    launched: list[int],
    start_time: float,
    start_steps: int,
    release_speed: float = 0.0,
    flick_speed: float = 0.0,
    depths: dict[int, float] | None = None,
) -> ActionReport:
    """What the action that started at ``start_time`` s and ``start_steps`` steps, with the
    cards as in ``before`` (:func:`snapshot`), did to the table now that it rests:
    ``touched`` the ids the blade met or the hand threw, ``launched`` those that flew (in
    the order they took off), the stroke's ``release_speed`` and ``flick_speed`` (mm/s) and
    the blade's ``depths`` under the cards (mm)."""
    after = snapshot(table)
    hw, hd = table.cfg.wok.width_mm / 2.0, table.cfg.wok.depth_mm / 2.0
    half_diagonal = table._diagonal / 2.0
    # One pass over the cards (the same tests and sums as one comprehension each took).
    flipped_ids: list[int] = []
    moved_ids: list[int] = []
    left_ids: list[int] = []
    travel: dict[int, float] = {}
    for i, now in after.items():
        was = before[i]
        turned = now[3] != was[3]
        if turned and now[4] == "wok":
            flipped_ids.append(i)
        distance = math.hypot(now[0] - was[0], now[1] - was[1])
        if (
            now[4] != was[4]
            or turned
            or distance + half_diagonal * abs(math.remainder(now[2] - was[2], 2.0 * math.pi))
            > MOVED_MM
        ):
            moved_ids.append(i)
            travel[i] = distance
        was_inside = was[4] == "wok" and abs(was[0]) <= hw and abs(was[1]) <= hd
        if was_inside and not (now[4] == "wok" and abs(now[0]) <= hw and abs(now[1]) <= hd):
            left_ids.append(i)
    flipped, moved, left = tuple(flipped_ids), tuple(moved_ids), tuple(left_ids)
    return ActionReport(
        flipped=flipped,
        launched=tuple(launched),
        moved=moved,
        touched=tuple(sorted(touched)),
        half_turns={i: table._last_half_turns.get(i, 0) for i in launched},
        peak_height={i: table._last_peak.get(i, 0.0) for i in launched},
        travel=travel,
        left_wok=left,
        simulated_s=table.time - start_time,
        steps=table.steps - start_steps,
        touchdowns={i: tuple(table._last_touchdowns.get(i, ())) for i in launched},
        release_speed=release_speed,
        flick_speed=flick_speed,
        depths=dict(depths or {}),
    )
