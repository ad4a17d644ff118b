"""Two sand timers, as physics: a timer flipped early runs only as long as the sand that fell.

A timer holding ``total`` seconds of sand was last flipped at ``flip_time`` with ``top``
seconds of sand in its upper bulb. At time ``t`` the upper bulb holds
``max(0, top - (t - flip_time))``; flipping it swaps the bulbs, so it then runs for the sand
that had fallen. Both timers start at rest (all sand below), so their first flip gives the
full ``total``. With ``sand_physics`` off every flip gives ``total``. Times in seconds.
"""

from __future__ import annotations

RED, BLUE = 0, 1
TIMER_NAMES = ("red", "blue")


def fresh_timers(now: float) -> list[list[float]]:
    """Both timers at rest at ``now``: [flip_time, sand on top at the flip]."""
    return [[now, 0.0], [now, 0.0]]


def flip(
    timers: list[list[float]], last: int, at: float, total: float, sand_physics: bool
) -> tuple[int, float]:
    """Flip the timer not used last (red first), at time ``at``.

    Changes ``timers`` in place and returns (the timer flipped, its deadline).
    """
    index = RED if last != RED else BLUE
    flip_time, top = timers[index]
    left_on_top = max(0.0, top - (at - flip_time))
    runs = total - left_on_top if sand_physics else total
    timers[index] = [at, runs]
    return index, at + runs
