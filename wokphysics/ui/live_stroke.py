"""The live spatula: the pointer drives a table stroke one physics step at a time while the
button is held; the release is the flick.

Physics step ``k`` of a stroke pressed at ``t0`` (the window's clock) happens at
``t0 + k * dt``, with the blade moved to where the pointer was then: linear between the
pointer's stamped events (:mod:`wokphysics.ui.pointer_clock`), held at the last one after it.
The window runs the steps whose moment has come each frame: up to the moment it last read its
event queue (an event read later is stamped after that moment, see
:mod:`wokphysics.ui.pointer_clock`, so no step is ever taken ahead of an event; between
events the pointer did not move), except that a pointer moving at its last report is waited
for (up to ``WAIT_S``): its next report says where it went in between. The release runs
the remaining steps up to the button-up event (each a whole ``dt`` of the pointer's motion, so
the blade's release velocity is the pointer's), and then the flick; the stroke's gesture is
exactly the steps run, so ``Table.stir`` of it replays the stroke. Nothing is replayed
after the release: the cards moved while the blade did.

Each sample keeps how long the batch it was read in may have taken (the stamper's
``batch_span_s``): its time is only known within that. Between two reports of a moving
pointer (the steps meanwhile hold it still, as an idle pointer) it was not seen: its reports
may have been held up before the window's queue and stamped when they came. The track keeps
those stretches too. A flick is played as measured whatever it was, but when the samples that
place the blade over its release window came in a
batch longer than ``STALL_SHARE`` of the window (:meth:`LiveSpatula.release_stall`), its speed
is not known well enough to be told (:meth:`LiveSpatula.speed_read`). No pygame here.
"""

from __future__ import annotations

import math
from typing import Generic, Protocol, TypeVar

from wokphysics.table.gesture import Gesture, path_position


class StrokeLike(Protocol):
    """What the live spatula drives: a table's or an engine's stroke."""

    def move_to(self, x: float, y: float) -> None: ...

    @property
    def gesture(self) -> Gesture: ...


S = TypeVar("S", bound=StrokeLike)

MOVING_MM_S = 250.0
"""A pointer faster than this at its last report, mm/s, was moving: a hand that fast does
not stop dead, so until its next report it was somewhere unseen (the steps hold it where it
was last seen); a long wait for that report is a stall (its reports held up before the
window's queue), not the hand holding still."""

SPEED_BASE_S = 0.01
"""The pointer's speed is taken over at least its last reports of this long, s."""

WAIT_S = 0.05
"""How long the steps wait for a moving pointer's next report before holding it still, s."""

STALL_SHARE = 1.0 / 3.0
"""A release whose window's samples came in a batch longer than this share of the release
window has a speed not read reliably (chosen by ``wokphysics bench``'s
``window.bursty_flicks_*`` figures: docs/ui.md, "Never a false speed")."""


class PointerTrack:
    """The pointer's stamped positions since the press: ``(t_s, x_mm, y_mm)``, times strictly
    increasing; a sample stamped at or before the last is moved just after it."""

    def __init__(self, t_s: float, x: float, y: float, span_s: float = 0.0) -> None:
        self.samples: list[tuple[float, float, float]] = [(t_s, x, y)]
        self.spans: list[float] = [span_s]
        """For each sample, how long the batch it was read in may have taken, s."""
        self._reports: list[tuple[float, float, float]] = [(t_s, x, y)]
        """The pointer's reports of the last ``SPEED_BASE_S`` and the one before (the
        held-still samples are not reports)."""
        self.silences: list[tuple[float, float, float]] = []
        """Stretches in which a moving pointer was not seen: (from, to, how long; s), from a
        report to the next. ``to`` is the next report plus its batch's span: reports held up
        before the queue come in that batch, stamped there, and were made during the
        stretch."""

    @property
    def start(self) -> float:
        return self.samples[0][0]

    @property
    def last(self) -> tuple[float, float, float]:
        return self.samples[-1]

    def add(self, t_s: float, x: float, y: float, not_before: float | None = None,
            span_s: float = 0.0) -> None:
        """A pointer event at ``t_s``, read in a batch that may have taken ``span_s``;
        ``not_before``: a time already committed to physics (a late event is moved after
        it, so the steps taken stay true)."""
        floor = self.samples[-1][0]
        if not_before is not None and not_before > floor:
            # The pointer was held still up to the committed step: keep that in the path.
            self.samples.append((not_before, *self.samples[-1][1:]))
            self.spans.append(span_s)
            floor = not_before
        if t_s <= floor:
            t_s = floor + 1e-6
        self._note_silence(t_s, span_s)
        self.samples.append((t_s, x, y))
        self.spans.append(span_s)
        reports = [*self._reports, (t_s, x, y)]
        while len(reports) > 2 and reports[1][0] <= t_s - SPEED_BASE_S:
            reports.pop(0)
        self._reports = reports

    def _note_silence(self, t_s: float, span_s: float) -> None:
        """A report at ``t_s`` after a moving pointer's last: the pointer was not seen in
        between (the steps meanwhile held it where it was last seen)."""
        reports = self._reports
        if len(reports) < 2 or not self.moving():
            return
        last = reports[-1][0]
        self.silences.append((last, t_s + span_s, t_s - last))

    def moving(self) -> bool:
        """The pointer was moving faster than ``MOVING_MM_S`` at its last report."""
        return self._speed() > MOVING_MM_S

    def _speed(self) -> float:
        """The pointer's speed over its last reports (from the oldest within
        ``SPEED_BASE_S`` of the last, or the one before), mm/s (0 before a second): two
        reports a moment apart in one batch (a diagonal step of a pixel in x, then in y) are
        no speed."""
        reports = self._reports
        if len(reports) < 2:
            return 0.0
        (t0, x0, y0), (t1, x1, y1) = reports[0], reports[-1]
        return math.hypot(x1 - x0, y1 - y0) / max(t1 - t0, 1e-6)

    def stall(self, start_s: float, end_s: float) -> float:
        """How long the pointer's place may have been unknown (s) anywhere it is taken from
        ``start_s`` to ``end_s``: the longest batch among the samples between and the one on
        each side they are interpolated from, or the longest stretch in which a moving
        pointer was not seen reaching those samples' stretch."""
        samples, spans = self.samples, self.spans
        first = 0
        while first + 1 < len(samples) and samples[first + 1][0] <= start_s:
            first += 1
        last = first
        while last + 1 < len(samples) and samples[last][0] < end_s:
            last += 1
        longest = max(spans[first:last + 1])
        low, high = samples[first][0], samples[last][0]
        for begin, end, excess in self.silences:
            if begin < high and end > low:
                longest = max(longest, excess)
        return longest

    def position(self, t_s: float) -> tuple[float, float]:
        """Where the pointer was at ``t_s``: linear between samples, held at the ends."""
        return path_position(self.samples, t_s)


class LiveSpatula(Generic[S]):
    """Runs a stroke's physics steps as the pointer's moments come (see the module doc).

    ``max_speed`` (mm/s): a pointer faster than a hand is followed at that speed (the blade
    lags it and ``slowed`` says so) rather than refused.
    """

    def __init__(self, stroke: S, track: PointerTrack, dt: float,
                 max_speed: float) -> None:
        self.stroke = stroke
        self.track = track
        self.dt = dt
        self.max_step = max_speed * 0.999 * dt
        self.steps = 0
        self.slowed = False
        _, x, y = track.last
        self.blade = (x, y)
        self.path: list[tuple[float, float]] = [(x, y)]
        """Where each step put the blade (the stroke's gesture without its times), mm."""
        self._along = 0.0

    @property
    def committed(self) -> float:
        """The moment of the last physics step run (the press for none), window clock s."""
        return self.track.start + self.steps * self.dt

    def pointer(self, t_s: float, x: float, y: float, span_s: float = 0.0) -> None:
        """A pointer event while the button is held (read in a batch of ``span_s``)."""
        self.track.add(t_s, x, y, not_before=self.committed, span_s=span_s)

    def _step_to(self, x: float, y: float) -> None:
        bx, by = self.blade
        dx, dy = x - bx, y - by
        distance = math.hypot(dx, dy)
        if distance > self.max_step:
            share = self.max_step / distance
            x, y = bx + dx * share, by + dy * share
            self.slowed = True
        self.stroke.move_to(x, y)
        self.blade = (x, y)
        self.path.append((x, y))
        self.steps += 1

    def catch_up(self, read_s: float) -> int:
        """Run the steps whose moment has come by ``read_s``, when the window last read its
        events (the pointer held still since its last event); returns how many ran. A pointer
        that was moving at its last report is not held still before ``WAIT_S`` has passed
        since: the steps wait for its next report, which says where it went meanwhile (a
        125 Hz mouse reports every 8 ms; held still in between, the blade would move in
        jerks, and its release speed with them)."""
        last = self.track.last[0]
        if self.track.moving() and read_s - last < WAIT_S:
            return self.catch_up_to(last)
        return self.catch_up_to(max(last, read_s))

    def finish(self, t_s: float, x: float, y: float, span_s: float = 0.0) -> None:
        """The button went up at ``t_s`` at (x, y): run the steps whose moment came by then,
        each with the blade where the pointer was (then release the stroke). No partial last
        step: a step is ``dt`` of motion, so the release velocity is the pointer's own."""
        self.pointer(t_s, x, y, span_s)
        self.catch_up_to(self.track.last[0])

    def release_stall(self, window_s: float) -> float:
        """The longest batch (s) among the pointer's samples that placed the blade over its
        last ``window_s`` (the release window, once :meth:`finish` ran)."""
        end = self.committed
        return self.track.stall(end - window_s, end)

    def speed_read(self, window_s: float) -> bool:
        """Whether the release speed over the last ``window_s`` was read reliably: no sample
        placing the blade in it came in a batch longer than ``STALL_SHARE`` of it."""
        return self.release_stall(window_s) <= STALL_SHARE * window_s + 1e-12

    def catch_up_to(self, until: float) -> int:
        """Run the steps whose moment is at or before ``until``; returns how many ran."""
        ran = 0
        while self.track.start + (self.steps + 1) * self.dt <= until + 1e-9:
            self._step_to(*self.track.position(self.track.start + (self.steps + 1) * self.dt))
            ran += 1
        return ran

    def recent_motion(self, window_s: float) -> tuple[float, float]:
        """The blade's mean velocity over its last ``window_s`` seconds (mm/s; zero before
        it has moved)."""
        path = self.path
        back = min(len(path) - 1, max(1, round(window_s / self.dt)))
        if back <= 0:
            return 0.0, 0.0
        x1, y1 = path[-1]
        x0, y0 = path[-1 - back]
        span = back * self.dt
        return (x1 - x0) / span, (y1 - y0) / span

    def recent_speed(self, window_s: float) -> float:
        """The blade's mean speed over its last ``window_s`` seconds, mm/s."""
        return math.hypot(*self.recent_motion(window_s))

    def blade_pose(self) -> tuple[float, float, float]:
        """Where the blade is: centre (mm) and the direction it lies along (rad): the
        stroke's own when it tells, else across the recent motion."""
        pose = getattr(self.stroke, "blade", None)
        if pose is not None:
            x, y, along = pose
            return float(x), float(y), float(along)
        dx, dy = self.recent_motion(0.05)
        if math.hypot(dx, dy) > 1e-9:
            self._along = math.atan2(dx, -dy)
        return self.blade[0], self.blade[1], self._along
