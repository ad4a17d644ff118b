"""Two sand timers, as physics: a timer flipped early runs only as long as the sand that fell.

A timer last flipped at ``flipped_at`` with ``top`` seconds of sand in its upper bulb holds,
at time ``t``, ``max(0, top - (t - flipped_at))`` seconds on top; flipping it swaps the
bulbs, so it then runs for the sand that had fallen. Both timers start at rest (all sand
below), so their first flip gives the full ``total``. With ``sand_physics`` off every flip
gives ``total``. Times in seconds.
"""

from __future__ import annotations

from dataclasses import dataclass

RED, BLUE = 0, 1
TIMER_NAMES = ("red", "blue")
NOT_YET = -1
"""``last`` before the first flip of a round."""


@dataclass(slots=True)
class SandTimer:
    """One timer: flipped at ``flipped_at`` (s) with ``top`` seconds of sand on top."""

    flipped_at: float
    top: float

    def sand_on_top(self, at: float) -> float:
        """Seconds of sand still in the upper bulb at time ``at``."""
        return max(0.0, self.top - (at - self.flipped_at))

    def to_json(self) -> list[float]:
        return [self.flipped_at, self.top]

    @classmethod
    def from_json(cls, data: list[float]) -> SandTimer:
        flipped_at, top = data
        return cls(float(flipped_at), float(top))


def fresh_timers(now: float) -> list[SandTimer]:
    """Both timers at rest at ``now`` (all sand below)."""
    return [SandTimer(now, 0.0), SandTimer(now, 0.0)]


def flip(
    timers: list[SandTimer], last: int, at: float, total: float, sand_physics: bool
) -> tuple[int, float]:
    """Flip the timer not used last (red first), at time ``at``.

    Changes ``timers`` in place and returns (the timer flipped, its deadline).
    """
    index = RED if last != RED else BLUE
    runs = total - timers[index].sand_on_top(at) if sand_physics else total
    timers[index] = SandTimer(at, runs)
    return index, at + runs
