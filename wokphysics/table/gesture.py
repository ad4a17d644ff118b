"""A spatula or hand gesture: the pointer's path from press to release.

Samples are ``(t, x, y)``: time in seconds from the press, position in table millimetres
(origin at the wok's centre, +y away from seat 0). Times strictly increase; every number is
finite. The same gesture always drives the same motion, whatever the frame rate it was drawn at.

>>> flick = Gesture([(0.0, 0.0, -160.0), (0.1, 0.0, -40.0)])
>>> flick.duration, flick.position(0.05), flick.max_speed()
(0.1, (0.0, -100.0), 1200.0)
>>> Gesture([(0.0, 0.0, 0.0), (0.0, 1.0, 1.0)])
Traceback (most recent call last):
...
wokphysics.table.gesture.GestureError: sample 1: time 0.0 s does not come after 0.0 s
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from wokphysics.table.path import Sample, path_position

__all__ = ["Gesture", "GestureError", "Sample", "path_position"]


MAX_TIME_S: Final = 1e6
"""Sample times lie within this many seconds of 0 (at larger times a physics step would not
advance the clock: t + dt == t)."""

MAX_DISTANCE_MM: Final = 1e6
"""Sample positions lie within this many millimetres of the wok's centre."""


class GestureError(ValueError):
    """A gesture that no hand could make (empty, time running backwards, not finite)."""


@dataclass(frozen=True)
class Gesture:
    """An immutable path of samples ``(t_s, x_mm, y_mm)``; see the module docstring."""

    samples: tuple[Sample, ...]

    def __init__(self, samples: Iterable[Sequence[float]]) -> None:
        if isinstance(samples, str | bytes | bytearray) or not isinstance(samples, Iterable):
            raise GestureError("a gesture is a list of (t, x, y) samples")
        cleaned: list[Sample] = []
        for index, sample in enumerate(samples):
            if isinstance(sample, str | bytes | bytearray) or not isinstance(sample, Sequence):
                raise GestureError(f"sample {index} must be (t, x, y) numbers")
            if len(sample) != 3:
                raise GestureError(f"sample {index} must be (t, x, y), got {len(sample)} numbers")
            if not all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in sample):
                raise GestureError(f"sample {index} holds something that is not a number")
            t, x, y = (float(value) for value in sample)
            if not all(math.isfinite(v) for v in (t, x, y)):
                raise GestureError(f"sample {index} is not finite: {(t, x, y)}")
            if abs(t) > MAX_TIME_S or abs(x) > MAX_DISTANCE_MM or abs(y) > MAX_DISTANCE_MM:
                raise GestureError(
                    f"sample {index} {(t, x, y)} lies beyond {MAX_TIME_S:.0f} s or "
                    f"{MAX_DISTANCE_MM:.0f} mm of the press"
                )
            if cleaned and t <= cleaned[-1][0]:
                raise GestureError(
                    f"sample {index}: time {t} s does not come after {cleaned[-1][0]} s"
                )
            cleaned.append((t, x, y))
        if not cleaned:
            raise GestureError("a gesture needs at least one sample")
        object.__setattr__(self, "samples", tuple(cleaned))

    @classmethod
    def checked(cls, samples: Sequence[Sample]) -> Gesture:
        """A gesture of samples this program made itself and already checked (a stroke's
        path, a gesture resampled per physics step): taken as they are."""
        gesture = object.__new__(cls)
        object.__setattr__(gesture, "samples", tuple(samples))
        return gesture

    @property
    def start_time(self) -> float:
        return self.samples[0][0]

    @property
    def duration(self) -> float:
        """Seconds from press to release."""
        return self.samples[-1][0] - self.samples[0][0]

    @property
    def end(self) -> tuple[float, float]:
        """Where the pointer was released, mm."""
        return self.samples[-1][1], self.samples[-1][2]

    def position(self, t: float) -> tuple[float, float]:
        """The pointer at time ``t`` (s), linear between samples, held at the ends."""
        return path_position(self.samples, t)

    def velocity_over(self, t_from: float, t_to: float) -> tuple[float, float]:
        """Mean velocity (mm/s) between two times; zero for an empty interval."""
        if t_to <= t_from:
            return 0.0, 0.0
        x0, y0 = self.position(t_from)
        x1, y1 = self.position(t_to)
        return (x1 - x0) / (t_to - t_from), (y1 - y0) / (t_to - t_from)

    def release_velocity(self, window_s: float) -> tuple[float, float]:
        """The pointer's mean velocity over the last ``window_s`` seconds before release, mm/s."""
        end = self.samples[-1][0]
        return self.velocity_over(max(self.start_time, end - window_s), end)

    def max_speed(self) -> float:
        """The highest speed between consecutive samples, mm/s."""
        best = 0.0
        for (t0, x0, y0), (t1, x1, y1) in zip(self.samples, self.samples[1:], strict=False):
            best = max(best, math.hypot(x1 - x0, y1 - y0) / (t1 - t0))
        return best

    def to_data(self) -> list[list[float]]:
        """JSON data; floats survive a JSON round trip exactly."""
        return [list(sample) for sample in self.samples]
