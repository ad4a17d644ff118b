"""The flick's lift solver gives the same bits as its earlier, slower form (the oracle in
lift_reference.py): every motion, every impulse and every refusal, on random plates, loads
and contacts, degenerate ones included (repeated points, points on a line, nothing pushing)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import lift_reference
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wokphysics.table.lift import (
    Contact,
    Inertia,
    Lift,
    add_point_mass,
    lift,
    plate_mass_matrix,
)

_CORNERS = ((-31.75, -44.45), (31.75, -44.45), (31.75, 44.45), (-31.75, 44.45))
_SPOTS = st.sampled_from([-44.45, -31.75, -10.0, 0.0, 12.5, 31.75, 44.45])


Outcome = tuple[str, str] | tuple[float, float, float, tuple[float, ...]]


def _outcome(
    solver: Callable[[Inertia, Sequence[Contact]], Lift],
    matrix: Inertia,
    contacts: Sequence[Contact],
) -> Outcome:
    """What a solver gives for these contacts (either solver: the same signature)."""
    try:
        motion = solver(matrix, contacts)
    except ValueError as error:
        return ("refused", str(error))
    return (motion.vz, motion.wx, motion.wy, motion.impulses)


@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(
    angle=st.floats(-3.2, 3.2),
    load=st.floats(0.0, 3.0),
    lx=st.floats(-44.0, 44.0),
    ly=st.floats(-44.0, 44.0),
    points=st.lists(
        st.tuples(
            st.one_of(st.floats(-50.0, 50.0), _SPOTS),
            st.one_of(st.floats(-50.0, 50.0), _SPOTS),
            st.one_of(st.floats(-100.0, 4000.0), st.just(0.0)),
        ),
        min_size=1, max_size=10,
    ),
    corners=st.booleans(),
)
def test_the_lift_is_the_oracles_bit_for_bit(
    angle: float, load: float, lx: float, ly: float,
    points: list[tuple[float, float, float]], corners: bool,
) -> None:
    matrix = add_point_mass(plate_mass_matrix(63.5, 88.9, angle), load, lx, ly)
    contacts = [Contact(x, y, speed) for x, y, speed in points]
    if corners:
        contacts += [Contact(cx, cy, 0.0) for cx, cy in _CORNERS]
    got = _outcome(lift, matrix, contacts)
    want = _outcome(lift_reference.lift, matrix, contacts)
    assert repr(got) == repr(want)  # repr: -0.0 and 0.0 differ, NaN equals NaN
