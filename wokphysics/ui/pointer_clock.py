"""When did the pointer get there? The window's clock and the stamping of input events.

pygame 2 does not pass SDL's event timestamps on, and SDL2 stamps an event when it pumps the
operating system's queue anyway, so an event's time is only as good as how often the queue is
read. The window therefore reads its events many times a frame (every ``POLL_S`` while it
waits for the frame cap) and stamps each batch across the interval since the previous read:
the ``i``-th of ``k`` events read at ``t`` after a read at ``t0`` is stamped
``t0 + (i + 0.5) / k * (t - t0)`` (a mouse reports at a steady rate, so this is the expected
time of each). A batch read after the frame's work (drawing, physics) is spread over that
work, never piled onto the moment the frame read it.

:class:`RealClock` is the machine's monotonic clock; :class:`VirtualClock` is a clock that
tests and the input benchmark move themselves, with a hook that lets a synthetic hand post
its events for each stretch of time as it passes (so they go through the real event queue).
No pygame here.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

POLL_S = 0.002
"""How often the window reads its events while it waits for the next frame, s."""


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

    def stamp(self, count: int, read_s: float) -> list[float]:
        """Times for ``count`` events read (oldest first) at ``read_s``."""
        start = min(self.last_read, read_s)
        self.last_read = read_s
        span = read_s - start
        return [start + (i + 0.5) / count * span for i in range(count)]
