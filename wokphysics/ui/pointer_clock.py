"""When did the pointer get there? The window's clock and the stamping of input events.

pygame 2 does not pass SDL's event timestamps on, and SDL2 stamps an event when it pumps the
operating system's queue anyway, so an event's time is only as good as how often the queue is
read. The window therefore reads its events many times a frame (every ``POLL_S`` while it
waits for the frame cap) and stamps each batch across the interval since the previous read:
the ``i``-th of ``k`` events read at ``t`` after a read at ``t0`` is stamped
``t0 + (i + 0.5) / k * (t - t0)`` (a mouse reports at a steady rate, so this is the expected
time of each). A button event at the position the pointer just moved to came in the same
report and shares its time. The batch in which the button goes up ends the stream: its reports
follow one another from the start of the interval at the recent gap between reports, rather
than being spread to its end. That gap is the pointer's reports per second of the last few
tens of milliseconds (``GAP_MEMORY_S``), counted from each batch to the previous batch that
held any: it follows a flick within a batch or two however seldom a busy frame reads, and a
mouse that reports less often than the window reads (125 Hz) is counted at its own rate.
The frame reads the queue between its parts too (after the update, after drawing), so a batch
spans one part of the frame's work, never the whole frame, and is never piled onto the moment
the frame read it.

Each batch's times are estimates: an event of it happened somewhere in its interval. The
stamper keeps that interval's length (:attr:`EventStamper.batch_span_s`), at least as long as
the batch's reports took to make (``MIN_REPORT_GAP_S`` each, and for several the pointer's
recent gap each): a batch holding more reports than its interval allows was held up before
the window's queue (the X server, a compositor) and came in a burst. The live spatula keeps
it with each sample, so a flick whose release window was placed by a long batch is known to
have an unreliable speed (:meth:`~wokphysics.ui.live_stroke.LiveSpatula.release_stall`).

:class:`RealClock` is the machine's monotonic clock; :class:`VirtualClock` is a clock that
tests and the input benchmark move themselves, with a hook that lets a synthetic hand post
its events for each stretch of time as it passes (so they go through the real event queue).
No pygame here.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Protocol

POLL_S = 0.002
"""How often the window reads its events while it waits for the next frame, s."""

GAP_MEMORY_S = 0.015
"""The recent gap between the pointer's reports weighs each batch by ``exp(-age / this)``, s."""

_GAP_SPAN_CAP_S = 0.05
"""A batch counts at most this long since the previous one (the pointer was still before), s."""

MIN_REPORT_GAP_S = 0.001
"""The shortest time between two reports of a mouse (1000 Hz, the fastest common rate), s: a
batch of ``k`` reports spans at least ``k`` times this, however short its interval."""


BURST_REPORTS = 3
"""A batch of this many reports or more took at least that many of the pointer's recent gaps
between reports (a 125 Hz mouse's reports held up and delivered at once are few, but each
stands for 8 ms)."""


class EventReading(Protocol):
    """What a scene may ask of the window's reading of its events (``App`` is one)."""

    @property
    def events_read_s(self) -> float:
        """When the window last read its event queue: every event read later is stamped
        after this moment."""
        ...

    @property
    def batch_span_s(self) -> float:
        """How long the batch of the events being handled may have taken, s (see the module
        doc): each of its events happened somewhere in that time."""
        ...


class WindowClock(Protocol):
    """Seconds on a monotonic clock, and a way to let time pass."""

    def now(self) -> float: ...

    def idle(self, seconds: float) -> None: ...


class RealClock:
    """The machine's monotonic clock (``time.perf_counter``)."""

    def now(self) -> float:
        return time.perf_counter()

    def idle(self, seconds: float) -> None:
        if seconds > 0:
            time.sleep(seconds)


class VirtualClock:
    """A clock moved by its owner. ``on_pass(t0, t1)`` is called for every stretch of time
    that passes (a synthetic hand posts the events it makes in ``(t0, t1]``)."""

    def __init__(self, start_s: float = 0.0,
                 on_pass: Callable[[float, float], None] | None = None) -> None:
        self.t = start_s
        self.on_pass = on_pass

    def now(self) -> float:
        return self.t

    def idle(self, seconds: float) -> None:
        self.advance(seconds)

    def advance(self, seconds: float) -> None:
        """Time passes (the frame's work, a wait)."""
        if seconds <= 0:
            return
        t0, self.t = self.t, self.t + seconds
        if self.on_pass is not None:
            self.on_pass(t0, self.t)


class EventStamper:
    """Stamps batches of events read from the queue (see the module doc)."""

    def __init__(self, start_s: float) -> None:
        self.last_read = start_s
        self.gap_s = POLL_S
        """The pointer's recent time between two reports, s."""
        self.batch_span_s = 0.0
        """How long the last batch stamped may have taken, s (:meth:`_doubt`)."""
        self._last_batch = start_s
        self._gap_time = 0.0  # fading sums of the time spanned and of the reports counted
        self._gap_reports = 0.0

    def stamp(self, count: int, read_s: float, companions: Sequence[bool] = (),
              ends_stream: bool = False) -> list[float]:
        """Times for ``count`` events read (oldest first) at ``read_s``.

        ``companions[i]``: event ``i`` came with event ``i - 1`` (a button pressed or
        released where the pointer just moved to: one report of the mouse) and gets its time;
        the others are spread over the interval since the last read. ``ends_stream``: the
        batch ends the pointer's stream of reports (the button went up): its reports came
        one after another from the start of the interval, at the recent report gap, rather
        than spread to its end (the stream stopped somewhere inside it).
        """
        start = min(self.last_read, read_s)
        self.last_read = read_s
        span = read_s - start
        together = [bool(companions[i]) if 0 < i < len(companions) else False
                    for i in range(count)]
        own = count - sum(together)
        self.batch_span_s = self._doubt(own, span)
        step = span / own if own else span
        if ends_stream:
            step = min(step, self.gap_s)
        elif own:
            self._learn_gap(own, read_s)
        stamps: list[float] = []
        k = 0
        for i in range(count):
            if together[i]:
                stamps.append(stamps[-1])
                continue
            stamps.append(start + (k + 0.5) * step)
            k += 1
        return stamps

    def _doubt(self, reports: int, span: float) -> float:
        """How long a batch of ``reports`` read over ``span`` (s) may have taken: the span,
        or the time its reports took to make when that is longer (a burst: at least
        ``MIN_REPORT_GAP_S`` each, and several at the pointer's recent gap each)."""
        doubt = max(span, reports * MIN_REPORT_GAP_S)
        if reports >= BURST_REPORTS:
            doubt = max(doubt, reports * self.gap_s)
        return doubt

    def _learn_gap(self, reports: int, read_s: float) -> None:
        """Count ``reports`` read at ``read_s`` into the recent gap between reports: the time
        since the previous batch over the reports, the older batches fading by their age."""
        since = min(max(read_s - self._last_batch, 0.0), _GAP_SPAN_CAP_S)
        self._last_batch = read_s
        fade = math.exp(-since / GAP_MEMORY_S)
        self._gap_time = self._gap_time * fade + since
        self._gap_reports = self._gap_reports * fade + reports
        if self._gap_time > 0.0:
            self.gap_s = self._gap_time / self._gap_reports
