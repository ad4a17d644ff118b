"""Turning the pointer into gestures: press, drag and release become a table ``Gesture``.

Each sample is ``(seconds since the press, x_mm, y_mm)``, timed by the event's stamp on the
window's clock (:mod:`wokphysics.ui.pointer_clock`); an event stamped no later than the one
before it replaces that one's position. A gesture faster than a hand (the config's
``spatula.max_speed_mm_s``) is slowed to that limit segment by segment rather than refused,
and says so.
"""

from __future__ import annotations

import math

from wokphysics.table.gesture import Gesture


class GestureCapture:
    """The samples of one press-drag-release, in table millimetres."""

    def __init__(self, t_s: float, x: float, y: float) -> None:
        self.start_s = t_s
        self.samples: list[tuple[float, float, float]] = [(0.0, x, y)]

    def add(self, t_s: float, x: float, y: float) -> None:
        """One more pointer position at ``t_s`` (s, the window's clock)."""
        t = max(0.0, t_s - self.start_s)
        if t <= self.samples[-1][0]:
            if len(self.samples) > 1:
                self.samples[-1] = (self.samples[-1][0], x, y)
            return
        self.samples.append((t, x, y))

    @property
    def last(self) -> tuple[float, float]:
        return self.samples[-1][1], self.samples[-1][2]

    def gesture(self, max_speed: float) -> tuple[Gesture, bool]:
        """The finished gesture, and whether it had to be slowed to ``max_speed`` (mm/s)."""
        slowed = limit_speed(self.samples, max_speed * 0.98)
        return Gesture(slowed), slowed != self.samples


def limit_speed(
    samples: list[tuple[float, float, float]], max_speed: float
) -> list[tuple[float, float, float]]:
    """The samples with every segment faster than ``max_speed`` (mm/s) stretched in time to
    that speed (the later samples shift by the same delay)."""
    out = [samples[0]]
    delay = 0.0
    for (t0, x0, y0), (t1, x1, y1) in zip(samples, samples[1:], strict=False):
        step = t1 - t0
        distance = math.hypot(x1 - x0, y1 - y0)
        if distance / step > max_speed:
            delay += distance / max_speed - step
        out.append((t1 + delay, x1, y1))
    return out


def blade_angle(dx: float, dy: float, previous: float) -> float:
    """The blade's direction (rad) for motion (dx, dy): across the motion, as the table does."""
    if math.hypot(dx, dy) < 1e-9:
        return previous
    return math.atan2(dx, -dy)
