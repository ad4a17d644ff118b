"""Each serving's memo of Cook lists (options.add_cooks) gives, whatever was asked before it,
the list the payment search gives from scratch on the full, uncapped token counts.

The memo is keyed by a packed summary of what can pay the serving (capped counts, the
allowance, the conversion skills). A key that forgets or overlaps a field makes two different
questions share one answer; it shows only after the memo has seen the other question, which
is why one process asks many random questions in a row here (once, the allowance of a serving
without a skill overlapped the skills of one with a skill, and a Recipe Book paid for a food
the player had no skill for)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wokphysics.games.protocol import Action
from wokphysics.games.wok_and_roll.actions import CIRCLE, DIE, FRIDGE, PANTRY, Cook
from wokphysics.games.wok_and_roll.factory import new_state
from wokphysics.games.wok_and_roll.lanes import FACE_LANES, LANE, MAX_COUNT
from wokphysics.games.wok_and_roll.options import add_cooks, payments
from wokphysics.games.wok_and_roll.sheet import Serving, Sheet

SHEETS = [new_state(1, 1, {"expert": expert}).sheet for expert in (False, True)]
POOLS = (DIE, FRIDGE, CIRCLE, PANTRY)


def _from_scratch(
    sheet: Sheet, serving: Serving, counts: list[int], allowance: int, conversions: int
) -> list[str]:
    """The payments as the engine lists them, searched on the counts the serving can use: its
    foods in every pool, and the Recipe Books in the pools that may pay Books when a skill
    converts one of its foods."""
    conv = conversions & serving.face_mask
    usable = [0] * (4 * FACE_LANES)
    for pool in POOLS:
        for face in serving.faces:
            usable[pool * FACE_LANES + face] = counts[pool * FACE_LANES + face]
    if conv:
        for pool in serving.book_pools:
            usable[pool * FACE_LANES + sheet.book] = counts[pool * FACE_LANES + sheet.book]
    found = payments(serving.needs, usable, allowance, conv, sheet.book)
    return [f"{serving.sid} {payment}" for payment in found]


COUNT_BITS = MAX_COUNT.bit_length()
assert MAX_COUNT == 2**COUNT_BITS - 1 and 8 % COUNT_BITS == 0


def _counts(packed: bytes) -> list[int]:
    """The 4 x FACE_LANES token counts, each 0 to MAX_COUNT, from ``packed``: every count is
    COUNT_BITS of it, so each list of counts comes from exactly one string of bytes. Drawn as
    one string rather than a list of 32 integers, whose per-element draws took most of this
    test's time (hypothesis's own work, not the memo's)."""
    per_byte = 8 // COUNT_BITS
    return [(packed[i // per_byte] >> (COUNT_BITS * (i % per_byte))) & MAX_COUNT
            for i in range(4 * FACE_LANES)]


COUNT_BYTES = 4 * FACE_LANES * COUNT_BITS // 8
questions = st.tuples(
    st.integers(0, 1),  # the sheet
    st.integers(0, 10_000),  # the serving (modulo the sheet's count)
    st.binary(min_size=COUNT_BYTES, max_size=COUNT_BYTES).map(_counts),
    st.integers(0, 7),  # the Fridge allowance
    st.integers(0, 255),  # the conversion skills (a mask of faces)
)


@pytest.mark.slow
@settings(max_examples=1000)
@given(st.lists(questions, min_size=1, max_size=20))
def test_a_memoised_cook_list_is_the_list_from_scratch(
    asked: list[tuple[int, int, list[int], int, int]],
) -> None:
    for which, index, counts, allowance, conversions in asked:
        sheet = SHEETS[which]
        serving = sheet.servings[index % len(sheet.servings)]
        lanes = [sum(counts[pool * FACE_LANES + f] << (LANE * f) for f in range(FACE_LANES))
                 for pool in POOLS]
        listed: list[Action] = []
        dice, fridge, circles, pantry = lanes
        add_cooks(listed, [serving], dice, fridge, circles, pantry, allowance, conversions,
                  sheet.codes)
        got = [f"{serving.sid} {cook.uses}" for cook in listed if isinstance(cook, Cook)]
        assert len(got) == len(listed)
        assert got == _from_scratch(sheet, serving, counts, allowance, conversions)
