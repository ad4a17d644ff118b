"""Counts packed into one integer, 5 bits per count ("lanes"), for fast cooking options.

A symbol (an ingredient face) is a small integer, its index in the dice's face list. Token
counts (token = pool * FACE_LANES + face: how many of that face the pool can pay) live in lane
``token``; per-face totals over the pools in lane ``face``. A lane holds 0 to ``MAX_COUNT``;
bit 4 of each lane is a guard: ``(have | GUARD) - need`` keeps every guard bit set exactly
when each lane of ``have`` is at least that of ``need``, so one subtraction tests every face of
a serving at once (:func:`covers`).
"""

from __future__ import annotations

from typing import Final

LANE: Final = 5
LANE_MASK: Final = 0b01111
MAX_COUNT: Final = LANE_MASK
"""The most one lane can count (the config is checked so that no count ever exceeds it)."""
FACE_LANES: Final = 8
"""Lanes reserved per pool: at most this many faces (symbols) on the dice."""
POOL_SHIFT: Final = FACE_LANES * LANE
"""Lanes of one pool span this many bits; pool p's lanes start at p * POOL_SHIFT."""
FACES: Final = (1 << POOL_SHIFT) - 1
GUARD: Final = sum(0b10000 << (LANE * f) for f in range(FACE_LANES))


def lane(value: int, index: int) -> int:
    """The count in lane ``index``."""
    return value >> (LANE * index) & LANE_MASK


def unpack(value: int, count: int) -> list[int]:
    """The first ``count`` lanes as a list."""
    return [value >> (LANE * i) & LANE_MASK for i in range(count)]


def face_totals(tokens: int, with_fridge: bool) -> int:
    """Per-face totals over the pools (the Fridge's only ``with_fridge``), in face lanes."""
    have = (tokens & FACES) + (tokens >> 2 * POOL_SHIFT & FACES) + (tokens >> 3 * POOL_SHIFT)
    if with_fridge:
        have += tokens >> POOL_SHIFT & FACES
    return have


def covers(have: int, need: int, guard: int = GUARD) -> bool:
    """Every lane of ``have`` is at least that of ``need`` (each lane at most ``MAX_COUNT``),
    over the lanes whose guard bits ``guard`` holds: the face lanes (GUARD), or every token
    lane (TOKEN_GUARD: a payment still fits what is left)."""
    return (have | guard) - need & guard == guard


TOKEN_LANES: Final = 4 * FACE_LANES
"""Lanes of all four pools' token counts."""
TOKEN_GUARD: Final = sum(0b10000 << (LANE * i) for i in range(TOKEN_LANES))
