"""The convex overlaps the flick and the blade use agree with shapely's general overlay."""

from __future__ import annotations

import math

import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from wokphysics.table import convex
from wokphysics.table.geometry import card_corner_points

coordinate = st.floats(-300.0, 300.0, allow_nan=False)
angle = st.floats(-math.pi, math.pi, allow_nan=False)
side = st.floats(1.0, 150.0, allow_nan=False)


@st.composite
def rectangles(draw: st.DrawFn) -> list[tuple[float, float]]:
    """A rectangle anywhere (a card's or a blade's outline), counter-clockwise."""
    return card_corner_points(draw(coordinate), draw(coordinate), draw(angle), draw(side),
                              draw(side))


@st.composite
def near_pairs(draw: st.DrawFn) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Two rectangles whose centres lie within 100 mm: most overlap, some only just."""
    x, y = draw(coordinate), draw(coordinate)
    first = card_corner_points(x, y, draw(angle), draw(side), draw(side))
    dx, dy = draw(st.floats(-100.0, 100.0)), draw(st.floats(-100.0, 100.0))
    second = card_corner_points(x + dx, y + dy, draw(angle), draw(side), draw(side))
    return first, second


def _assert_agrees(first: list[tuple[float, float]], second: list[tuple[float, float]]) -> None:
    region = convex.clip(first, second)
    want = shapely.Polygon(first).intersection(shapely.Polygon(second))
    got_area = convex.area(region)
    assert math.isclose(got_area, want.area, rel_tol=1e-9, abs_tol=1e-7)
    if want.area > 1e-3:
        centre = convex.centroid(region)
        assert math.isclose(centre[0], want.centroid.x, abs_tol=1e-7)
        assert math.isclose(centre[1], want.centroid.y, abs_tol=1e-7)
    if want.area > 1e-6:
        corners = convex.corners(region)
        # The corners make the same polygon (within a nanometre everywhere: where two edges
        # are all but parallel, a nanoradian apart, where they cross is ill-conditioned for any
        # method, and GEOS may keep a second vertex a hair off the straight edge) ...
        assert shapely.Polygon(corners).hausdorff_distance(want) < 1e-6
        assert math.isclose(convex.area(corners), want.area, rel_tol=1e-9, abs_tol=1e-7)
        # ... and each is a turn of it, not a point along an edge.
        assert convex.corners(corners, 0.0) == corners
    if want.is_empty:
        assert got_area == 0.0


@settings(max_examples=600, deadline=None)
@given(near_pairs())
def test_the_overlap_of_two_rectangles_is_shapelys(
    pair: tuple[list[tuple[float, float]], list[tuple[float, float]]],
) -> None:
    first, second = pair
    _assert_agrees(first, second)
    _assert_agrees(second, first)
    # The clipper's turning sense does not matter.
    assert convex.area(convex.clip(first, second[::-1])) == convex.area(
        convex.clip(first, second))


@settings(max_examples=200, deadline=None)
@given(rectangles(), rectangles())
def test_far_apart_rectangles_have_no_overlap(
    first: list[tuple[float, float]], second: list[tuple[float, float]]
) -> None:
    _assert_agrees(first, second)


def test_rectangles_that_share_an_edge_touch_without_area() -> None:
    left = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    right = [(10.0, 2.0), (20.0, 2.0), (20.0, 8.0), (10.0, 8.0)]
    region = convex.clip(left, right)
    assert region  # they touch: the blade's contact test counts it as meeting
    assert convex.area(region) == 0.0
    assert convex.corners(region) == []
    assert sorted(region) == [(10.0, 2.0), (10.0, 8.0)]
    assert convex.clip(left, [(11.0, 2.0), (20.0, 2.0), (20.0, 8.0), (11.0, 8.0)]) == []


def test_a_rectangle_inside_another_is_itself() -> None:
    outer = card_corner_points(0.0, 0.0, 0.3, 100.0, 120.0)
    inner = card_corner_points(1.0, -2.0, 1.1, 10.0, 20.0)
    assert convex.clip(inner, outer) == inner
    clipped = convex.clip(outer, inner)
    assert len(clipped) == 4
    for px, py in clipped:
        assert min(math.hypot(px - x, py - y) for x, y in inner) < 1e-9
    assert math.isclose(convex.area(inner), 200.0)
    cx, cy = convex.centroid(inner)
    assert math.isclose(cx, 1.0) and math.isclose(cy, -2.0)
