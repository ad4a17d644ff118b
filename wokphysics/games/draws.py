"""Random draws for the hot loops of simulations, equal to ``random.Random``'s own.

``Random.shuffle``, ``Random.randrange`` and ``Random.choice`` spend most of their time in
Python-level calls (``_randbelow`` per element); these make the same draws from the same
generator with the calls written out, so a seeded game stays the same game.
tests/games/test_draws.py checks them against ``Random`` itself.
"""

from __future__ import annotations

import random
from typing import Any


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does (Fisher-Yates from
    the end; each index drawn with the fewest bits that hold it, again while out of range)."""
    getrandbits = rng.getrandbits
    for i, size, bits in _shuffle_steps(len(items)):
        j = getrandbits(bits)
        while j >= size:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def below(rng: random.Random, size: int) -> int:
    """A number in ``0 .. size - 1`` drawn exactly as ``rng.randrange(size)`` draws it (the
    fewest bits that hold ``size``, drawn again while out of range). ``size`` must be > 0."""
    if size <= 0:
        raise ValueError(f"below() needs a size above 0, not {size}")
    getrandbits = rng.getrandbits
    bits = size.bit_length()
    value = getrandbits(bits)
    while value >= size:
        value = getrandbits(bits)
    return value


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _shuffle_steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """(index, indices to draw from, bits drawn) of each step of a shuffle of ``length``
    items, worked out once per length (a set-up shuffles the same lengths every game)."""
    steps = _STEPS.get(length)
    if steps is None:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))
        if len(_STEPS) < 1_000:  # (a bound: games shuffle a handful of lengths)
            _STEPS[length] = steps
    return steps
