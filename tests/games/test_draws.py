"""The written-out draws make exactly the draws of ``random.Random``, so seeded games are the
same whichever is used."""

from __future__ import annotations

import random

import pytest

from wokphysics.games.draws import below, shuffle


@pytest.mark.parametrize("seed", [0, 5, 7919, 2**45 + 1])
def test_shuffle_equals_random_shuffle_and_leaves_the_generator_alike(seed: int) -> None:
    mine, reference = random.Random(seed), random.Random(seed)
    for size in [0, 1, 2, 3, 8, 25, 63, 64, 65, 100]:
        items = list(range(size))
        expected = list(items)
        shuffle(mine, items)
        reference.shuffle(expected)
        assert items == expected
        assert sorted(items) == list(range(size))
    assert mine.random() == reference.random()  # the same number of bits was drawn


@pytest.mark.parametrize("seed", [0, 5, 7919, 2**45 + 1])
def test_below_equals_randrange_and_leaves_the_generator_alike(seed: int) -> None:
    mine, reference = random.Random(seed), random.Random(seed)
    sizes = [1, 2, 3, 6, 7, 8, 9, 63, 64, 65, 1000] * 20
    assert [below(mine, size) for size in sizes] == [reference.randrange(size) for size in sizes]
    assert mine.random() == reference.random()  # the same number of bits was drawn


def test_below_refuses_an_empty_range() -> None:
    with pytest.raises(ValueError, match="above 0"):
        below(random.Random(1), 0)
