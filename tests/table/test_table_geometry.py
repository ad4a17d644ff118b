"""The table's fast polygon constructor makes exactly shapely.Polygon's geometry."""

from __future__ import annotations

import math

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

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
