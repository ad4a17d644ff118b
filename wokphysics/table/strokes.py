"""The motions a hand makes with the spatula, as paths the live stroke follows.

Three shapes of stroke, each a straight line along a heading towards a card, described by the
distance of the blade's leading edge past the card's near edge (mm; negative: still before
it) over time:

* ``steady``: at a constant ``speed`` from ``lead_mm`` before the edge, released when the
  edge is ``depth_mm`` under the card (the sweep's grid stroke);
* ``slide``: the rulebook's technique, "slightly push your spatula underneath ... and quickly
  flick upward": a slow approach at ``approach_mm_s`` from ``lead_mm`` before the edge, on
  until ``slide_mm`` under the card, then a flick: the hand speeds up to ``speed`` within
  ``flick_s`` and lets go;
* ``rest``: a flick from rest, the blade put down ``gap_mm`` before the edge, speeding up to
  ``speed`` within ``flick_s``.

A hand speeds up smoothly: the speed follows the minimum-jerk profile
``v0 + (v1 - v0) (10 s^3 - 15 s^4 + 6 s^5)`` over the flick's time (Flash and Hogan 1985).
:meth:`HandStroke.samples` gives the path at a pointer's rate (``fps``; 0: once per physics
step), which the window and :meth:`Table.stir` follow linearly between samples, as they
follow a real pointer.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from wokphysics.table.gesture import Gesture

if TYPE_CHECKING:
    from wokphysics.table.world import ActionReport, Table

STEADY = "steady"
SLIDE = "slide"
REST = "rest"
KINDS = (STEADY, SLIDE, REST)


@dataclass(frozen=True)
class HandStroke:
    """One hand-like stroke (see the module docstring). Lengths in mm, speeds in mm/s,
    times in s."""

    kind: str
    speed: float
    depth_mm: float = 15.0
    lead_mm: float = 40.0
    slide_mm: float = 10.0
    gap_mm: float = 10.0
    approach_mm_s: float = 300.0
    flick_s: float = 0.06

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown stroke {self.kind!r}; one of {', '.join(KINDS)}")
        if not self.speed > 0.0:
            raise ValueError(f"a stroke's speed must be above 0, not {self.speed!r}")

    def duration(self) -> float:
        """Seconds from the blade going down to the release."""
        if self.kind == STEADY:
            return (self.lead_mm + self.depth_mm) / self.speed
        if self.kind == SLIDE:
            return (self.lead_mm + self.slide_mm) / self.approach_mm_s + self.flick_s
        return self.flick_s

    def start(self) -> float:
        """Where the blade goes down: its distance past the card's near edge, mm."""
        if self.kind == REST:
            return -self.gap_mm
        return -self.lead_mm

    def along(self, t: float) -> float:
        """The blade's distance past the card's near edge at ``t`` seconds, mm."""
        t = min(max(t, 0.0), self.duration())
        if self.kind == STEADY:
            return -self.lead_mm + self.speed * t
        if self.kind == SLIDE:
            slow = (self.lead_mm + self.slide_mm) / self.approach_mm_s
            if t <= slow:
                return -self.lead_mm + self.approach_mm_s * t
            return self.slide_mm + _speed_up(t - slow, self.flick_s, self.approach_mm_s,
                                             self.speed)
        return -self.gap_mm + _speed_up(t, self.flick_s, 0.0, self.speed)

    def samples(
        self, x: float, y: float, heading: float, reach: float, dt: float, fps: float = 0.0
    ) -> Gesture:
        """The stroke towards a card whose near edge lies ``reach`` mm before ``(x, y)``
        along ``heading`` (rad): the path every ``1 / fps`` s (every ``dt`` when ``fps`` is
        0), starting where the blade goes down and ending at the release, which falls on a
        whole physics step (the stroke lasts a whole number of steps)."""
        nx, ny = math.cos(heading), math.sin(heading)
        steps = max(1, math.ceil(self.duration() / dt - 1e-9))
        # The motion runs late by the part of a step needed to end on a whole step.
        offset = steps * dt - self.duration()
        end = steps * dt
        interval = dt if fps <= 0.0 else 1.0 / fps
        times = []
        k = 0
        while k * interval < end - 1e-12:
            times.append(k * interval)
            k += 1
        times.append(end)

        def point(t: float) -> tuple[float, float, float]:
            d = self.along(t - offset)
            return t, x - nx * (reach - d), y - ny * (reach - d)

        return Gesture([point(t) for t in times])


def _speed_up(t: float, time: float, v0: float, v1: float) -> float:
    """Distance covered in ``t`` s (0..time) by a hand going from ``v0`` to ``v1`` mm/s
    along the minimum-jerk profile over ``time`` s."""
    s = min(max(t / time, 0.0), 1.0)
    # The integral of 10 s^3 - 15 s^4 + 6 s^5 over s: 2.5 s^4 - 3 s^5 + s^6.
    return v0 * t + (v1 - v0) * time * (2.5 * s**4 - 3.0 * s**5 + s**6)


def flick_card(
    table: Table,
    card_id: int,
    heading: float,
    stroke: HandStroke,
    fps: float = 0.0,
) -> ActionReport:
    """Make ``stroke`` along ``heading`` (rad) at card ``card_id`` (its near edge along the
    heading, through its centre), driven live one physics step at a time as the window
    drives it from a pointer sampled at ``fps`` (0: the hand's exact position every step);
    returns the stir's report.

    A steady stroke starts far enough back for a whole release window at its speed (and two
    steps more), so its release velocity is its speed."""
    cfg = table.cfg
    card = table.card(card_id)
    nx, ny = math.cos(heading), math.sin(heading)
    ux, uy = math.cos(card.angle), math.sin(card.angle)
    # Half the card's extent along the stroke: its near edge lies that far behind its centre.
    reach = cfg.card.width_mm / 2.0 * abs(ux * nx + uy * ny) + cfg.card.length_mm / 2.0 * abs(
        -uy * nx + ux * ny
    )
    if stroke.kind == STEADY:
        window = max(1, round(cfg.spatula.release_window_s / table.dt))
        lead = max(stroke.lead_mm, (window + 2) * stroke.speed * table.dt)
        stroke = replace(stroke, lead_mm=lead)
    path = table.stroke_gesture(stroke.samples(card.x, card.y, heading, reach, table.dt, fps))
    _, x, y = path.samples[0]
    live = table.begin_stroke(x, y)
    for _, x, y in path.samples[1:]:
        live.move_to(x, y)
    return live.release()


def flick_under(
    table: Table,
    card_id: int,
    heading: float,
    speed: float,
    under_mm: float = 15.0,
    lead_mm: float = 40.0,
    fps: float = 0.0,
) -> ActionReport:
    """A steady stroke along ``heading`` (rad) at ``speed`` (mm/s), released with the blade's
    leading edge ``under_mm`` past card ``card_id``'s near edge (:func:`flick_card`)."""
    stroke = HandStroke(STEADY, speed, depth_mm=under_mm, lead_mm=lead_mm)
    return flick_card(table, card_id, heading, stroke, fps)
