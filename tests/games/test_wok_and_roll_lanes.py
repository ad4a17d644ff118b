"""The packed-lane arithmetic behind Wok and Roll's fast cooking options."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wokphysics.games.wok_and_roll.lanes import FACE_LANES, LANE, MAX_COUNT, covers, lane, unpack

counts = st.lists(
    st.integers(min_value=0, max_value=MAX_COUNT), min_size=FACE_LANES, max_size=FACE_LANES
)
needs = st.lists(st.integers(min_value=0, max_value=4), min_size=FACE_LANES, max_size=FACE_LANES)


def _pack(values: list[int]) -> int:
    return sum(v << (LANE * i) for i, v in enumerate(values))


@given(counts, needs)
def test_one_subtraction_compares_every_lane(have: list[int], need: list[int]) -> None:
    assert covers(_pack(have), _pack(need)) == all(h >= n for h, n in zip(have, need, strict=True))


@given(st.lists(st.integers(min_value=0, max_value=MAX_COUNT), min_size=32, max_size=32))
def test_lanes_pack_and_unpack(values: list[int]) -> None:
    packed = _pack(values)
    assert unpack(packed, 32) == values
    assert [lane(packed, i) for i in range(32)] == values
