"""A pointer's path as ``(t, x, y)`` samples, and where it is between them.

Apart from :mod:`wokphysics.table.gesture` so that the build compiles it (the gesture class
is not compiled: see :data:`wokphysics.games.compiled.COMPILED_MODULES`): a stroke reads the
path once per physics step.
"""

from __future__ import annotations

from collections.abc import Sequence

Sample = tuple[float, float, float]
"""``(t, x, y)``: seconds from the press, table millimetres."""


def path_position(samples: Sequence[Sample], t: float) -> tuple[float, float]:
    """Where a path of ``(t, x, y)`` samples (times increasing) is at time ``t``: linear
    between samples, held at the ends."""
    if t <= samples[0][0]:
        return samples[0][1], samples[0][2]
    if t >= samples[-1][0]:
        return samples[-1][1], samples[-1][2]
    low, high = 0, len(samples) - 1
    while high - low > 1:
        mid = (low + high) // 2
        if samples[mid][0] <= t:
            low = mid
        else:
            high = mid
    t0, x0, y0 = samples[low]
    t1, x1, y1 = samples[high]
    share = (t - t0) / (t1 - t0)
    return x0 + share * (x1 - x0), y0 + share * (y1 - y0)
