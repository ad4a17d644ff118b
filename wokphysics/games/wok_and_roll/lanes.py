"""Counts packed into one integer, 5 bits per count ("lanes"), for fast cooking options.

Token counts (token = pool * 6 + face, 24 of them) live in lane ``token``; per-face totals in
lane ``face``. A lane holds 0-15; bit 4 of each lane is a guard: ``(have | GUARD) - need``
keeps every guard bit set exactly when each lane of ``have`` is at least that of ``need``, so
one subtraction tests every face of a serving at once.
"""

from __future__ import annotations

LANE = 5
LANE_MASK = 0b01111
POOL_SHIFT = 6 * LANE
"""Lanes of one pool (six faces) span this many bits; pool p's lanes start at p * POOL_SHIFT."""
FACES = (1 << POOL_SHIFT) - 1
GUARD = sum(0b10000 << (LANE * f) for f in range(6))


def lane(value: int, index: int) -> int:
    """The count in lane ``index``."""
    return value >> (LANE * index) & LANE_MASK


def unpack(value: int, count: int = 24) -> list[int]:
    """The first ``count`` lanes as a list."""
    return [value >> (LANE * i) & LANE_MASK for i in range(count)]


def covers(have: int, need: int) -> bool:
    """Every lane of ``have`` (face totals, each below 16) is at least that of ``need``
    (the test :func:`wokphysics.games.wok_and_roll.rules.menu_actions` makes inline)."""
    return (have | GUARD) - need & GUARD == GUARD
