"""The table's fast polygon constructor makes exactly shapely.Polygon's geometry."""

from __future__ import annotations

import math

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from wokphysics.table import geometry
from wokphysics.table.geometry import card_corners, polygon_of

finite = st.floats(-1e4, 1e4, allow_nan=False)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(finite, finite), min_size=3, max_size=12))
def test_a_ring_of_points_makes_the_same_polygon(points: list[tuple[float, float]]) -> None:
    made = polygon_of(points)
    assert isinstance(made, shapely.Polygon)
    assert made.wkb == shapely.Polygon(points).wkb
    assert polygon_of(np.array(points)).wkb == made.wkb


def test_a_card_outline_is_its_four_corners_closed() -> None:
    corners = card_corners(12.5, -3.25, math.pi / 7.0, 63.0, 88.0)
    outline = polygon_of(corners)
    assert shapely.get_coordinates(outline).tolist() == [*corners.tolist(), corners[0].tolist()]
    assert outline.area == shapely.Polygon(corners).area


_POSES = st.tuples(st.floats(-60.0, 60.0), st.floats(-60.0, 60.0), st.floats(-3.2, 3.2))


@settings(max_examples=400, deadline=None)
@given(_POSES, _POSES, st.sampled_from([(63.5, 88.9), (1e-3, 88.9), (63.5, 63.5)]))
def test_the_one_geometry_helpers_are_the_methods(
    first: tuple[float, float, float], second: tuple[float, float, float],
    size: tuple[float, float],
) -> None:
    """Every helper gives what the geometry's own method or property gives, to the bit, on
    card outlines that overlap, touch, nest, miss or are slivers."""
    a = polygon_of(card_corners(*first, *size))
    b = polygon_of(card_corners(*second, 63.5, 88.9))
    region = a.intersection(b)
    assert geometry.difference(a, b).wkb == a.difference(b).wkb
    for shape in (a, region, a.difference(b), shapely.Polygon()):
        assert repr(geometry.area(shape)) == repr(shape.area)
        assert geometry.is_empty(shape) is shape.is_empty
        assert repr(geometry.bounds(shape)) == repr(shape.bounds)
        points = shapely.get_coordinates(shape).tolist()
        if points:
            hull = geometry.convex_hull_of([(x, y) for x, y in points])
            assert hull.wkb == shapely.MultiPoint(points).convex_hull.wkb
