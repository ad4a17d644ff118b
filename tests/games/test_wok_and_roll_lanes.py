"""The packed-lane arithmetic behind Wok and Roll's fast cooking options: every function here
is the one the engine calls (rules.py and options.py), checked against plain lists."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from wokphysics.games.wok_and_roll.lanes import (
    FACE_LANES,
    LANE,
    MAX_COUNT,
    TOKEN_GUARD,
    TOKEN_LANES,
    covers,
    face_totals,
    lane,
    unpack,
)

counts = st.lists(
    st.integers(min_value=0, max_value=MAX_COUNT), min_size=FACE_LANES, max_size=FACE_LANES
)
needs = st.lists(st.integers(min_value=0, max_value=4), min_size=FACE_LANES, max_size=FACE_LANES)
token_counts = st.lists(
    st.integers(min_value=0, max_value=MAX_COUNT), min_size=TOKEN_LANES, max_size=TOKEN_LANES
)


def _pack(values: list[int]) -> int:
    return sum(v << (LANE * i) for i, v in enumerate(values))


@given(counts, needs)
def test_one_subtraction_compares_every_face_lane(have: list[int], need: list[int]) -> None:
    assert covers(_pack(have), _pack(need)) == all(h >= n for h, n in zip(have, need, strict=True))


@given(token_counts, st.lists(st.integers(0, 4), min_size=TOKEN_LANES, max_size=TOKEN_LANES))
def test_the_same_subtraction_over_every_token_lane(have: list[int], spend: list[int]) -> None:
    fits = all(h >= s for h, s in zip(have, spend, strict=True))
    assert covers(_pack(have), _pack(spend), TOKEN_GUARD) == fits


@given(st.lists(st.integers(0, 3), min_size=TOKEN_LANES, max_size=TOKEN_LANES), st.booleans())
def test_face_totals_add_the_pools(values: list[int], with_fridge: bool) -> None:
    pools = [values[p * FACE_LANES : (p + 1) * FACE_LANES] for p in range(4)]
    expected = [
        pools[0][f] + pools[2][f] + pools[3][f] + (pools[1][f] if with_fridge else 0)
        for f in range(FACE_LANES)
    ]
    assert unpack(face_totals(_pack(values), with_fridge), FACE_LANES) == expected


@given(st.lists(st.integers(min_value=0, max_value=MAX_COUNT), min_size=32, max_size=32))
def test_lanes_pack_and_unpack(values: list[int]) -> None:
    packed = _pack(values)
    assert unpack(packed, 32) == values
    assert [lane(packed, i) for i in range(32)] == values
