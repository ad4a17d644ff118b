"""Counts packed into one integer, 5 bits per count ("lanes"), for fast cooking options.

A symbol (an ingredient face) is a small integer, its index in the dice's face list. Token
counts (token = pool * FACE_LANES + face: how many of that face the pool can pay) live in lane
``token``; per-face totals over the pools in lane ``face``. A lane holds 0 to ``MAX_COUNT``;
bit 4 of each lane is a guard: ``(have | GUARD) - need`` keeps every guard bit set exactly
when each lane of ``have`` is at least that of ``need``, so one subtraction tests every face of
a serving at once (:func:`covers`).
"""

from __future__ import annotations

LANE = 5
LANE_MASK = 0b01111
MAX_COUNT = LANE_MASK
"""The most one lane can count (the config is checked so that no count ever exceeds it)."""
FACE_LANES = 8
"""Lanes reserved per pool: at most this many faces (symbols) on the dice."""
POOL_SHIFT = FACE_LANES * LANE
"""Lanes of one pool span this many bits; pool p's lanes start at p * POOL_SHIFT."""
FACES = (1 << POOL_SHIFT) - 1
GUARD = sum(0b10000 << (LANE * f) for f in range(FACE_LANES))


def lane(value: int, index: int) -> int:
    """The count in lane ``index``."""
    return value >> (LANE * index) & LANE_MASK


def unpack(value: int, count: int) -> list[int]:
    """The first ``count`` lanes as a list."""
    return [value >> (LANE * i) & LANE_MASK for i in range(count)]


def covers(have: int, need: int) -> bool:
    """Every face lane of ``have`` is at least that of ``need`` (each lane at most
    ``MAX_COUNT``): the test the cooking options make for every open serving."""
    return (have | GUARD) - need & GUARD == GUARD
