"""Plane geometry of cards and the wok: outlines, circles and corner dots as shapely shapes.

All lengths in mm, angles in rad. A card's width lies along its local x axis, its length along
local y; its centre circle and four corner dots are printed on the ingredient side.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.creation import HandleNaN

from wokphysics.config.table import TableConfig


def card_corner_points(
    x: float, y: float, angle: float, width: float, length: float
) -> list[tuple[float, float]]:
    """The four corners (counter-clockwise) of a card's outline, mm: :func:`card_corners`
    as plain pairs, for loops over them."""
    c, s = math.cos(angle), math.sin(angle)
    hw, hl = width / 2.0, length / 2.0
    local = ((-hw, -hl), (hw, -hl), (hw, hl), (-hw, hl))
    return [(x + c * lx - s * ly, y + s * lx + c * ly) for lx, ly in local]


def card_corners(
    x: float, y: float, angle: float, width: float, length: float
) -> NDArray[np.float64]:
    """The four corners (4 x 2 array, counter-clockwise) of a card's outline."""
    return np.array(card_corner_points(x, y, angle, width, length))


_ALLOW_NAN: Final = np.intc(HandleNaN.allow)
_NO_HOLES: Final = np.empty((0,), dtype=object)
_linearrings: Final = shapely.lib.linearrings
_polygons: Final = shapely.lib.polygons


def polygon_of(points: object) -> shapely.Polygon:
    """The polygon of a ring of ``(x, y)`` points (mm; a sequence of pairs or an n x 2 array):
    ``shapely.Polygon(points)``, the same geometry (the same WKB), made by the two GEOS
    constructors that ``shapely.polygons`` calls, without the Python checks around them
    (they were over half the cost of a card's outline; the table makes thousands a game).
    ``tests/table/test_table_geometry.py`` checks it against ``shapely.Polygon``."""
    ring = _linearrings(np.asarray(points, dtype=np.float64), _ALLOW_NAN)
    polygon: shapely.Polygon = _polygons(ring, _NO_HOLES)
    return polygon


# One geometry at a time, through shapely.lib's functions themselves: the same GEOS calls
# as the geometry's methods (``a.difference(b)``, ``g.area``...), without the Python layers
# around them (a decorator, argument checks, a property). The blade's catch under covered
# cards makes many of these a game; tests/table/test_table_geometry.py checks each against
# the method. (The overlaps of two rectangles are table/convex.py's.)
_difference: Final = shapely.lib.difference
_area: Final = shapely.lib.area
_is_empty: Final = shapely.lib.is_empty
_convex_hull: Final = shapely.lib.convex_hull
_bounds: Final = shapely.lib.bounds


def difference(a: shapely.Geometry, b: shapely.Geometry) -> shapely.Geometry:
    """``a.difference(b)``."""
    region: shapely.Geometry = _difference(a, b)
    return region


def is_empty(geometry: shapely.Geometry) -> bool:
    """``geometry.is_empty``."""
    return bool(_is_empty(geometry))


def area(geometry: shapely.Geometry) -> float:
    """``geometry.area``, mm^2 (0 for an empty geometry)."""
    return float(_area(geometry))


def bounds(geometry: shapely.Geometry) -> tuple[float, float, float, float]:
    """``geometry.bounds``: (left, bottom, right, top), mm (NaN for an empty geometry)."""
    left, bottom, right, top = _bounds(geometry).tolist()
    return left, bottom, right, top


def convex_hull_of(points: Sequence[tuple[float, float]]) -> shapely.Geometry:
    """The convex hull of ``points`` (mm) as a shapely geometry: a polygon, or the segment or
    point they collapse to."""
    hull: shapely.Geometry = _convex_hull(shapely.multipoints(np.asarray(points, dtype=float)))
    return hull


def card_polygon(x: float, y: float, angle: float, width: float, length: float) -> shapely.Polygon:
    """The card's outline as a polygon."""
    return polygon_of(card_corners(x, y, angle, width, length))


class CardShapes:
    """The fixed local shapes of a card (circle, dots) and their placement on the table."""

    def __init__(self, cfg: TableConfig) -> None:
        card = cfg.card
        self.width = card.width_mm
        self.length = card.length_mm
        segments = cfg.visibility.circle_segments
        radius = card.circle_diameter_fraction * card.width_mm / 2.0
        angles = np.linspace(0.0, 2.0 * math.pi, segments, endpoint=False)
        self.circle_local = np.column_stack((radius * np.cos(angles), radius * np.sin(angles)))
        dot_r = card.dot_diameter_mm / 2.0
        dot_segments = max(12, segments // 3)
        dot_angles = np.linspace(0.0, 2.0 * math.pi, dot_segments, endpoint=False)
        dot = np.column_stack((dot_r * np.cos(dot_angles), dot_r * np.sin(dot_angles)))
        cx = self.width / 2.0 - card.dot_inset_mm - dot_r
        cy = self.length / 2.0 - card.dot_inset_mm - dot_r
        # Corner order: bottom-left, bottom-right, top-right, top-left (card-local).
        self.dot_centres = np.array(((-cx, -cy), (cx, -cy), (cx, cy), (-cx, cy)))
        self.dots_local = [dot + centre for centre in self.dot_centres]
        self.circle_area = shapely.Polygon(self.circle_local).area
        self.dot_area = shapely.Polygon(self.dots_local[0]).area

    @staticmethod
    def place(local: NDArray[np.float64], x: float, y: float, angle: float) -> NDArray[np.float64]:
        """Local points moved to a card's pose."""
        c, s = math.cos(angle), math.sin(angle)
        rotation = np.array(((c, s), (-s, c)))
        placed: NDArray[np.float64] = local @ rotation + np.array((x, y))
        return placed

    def outline(self, x: float, y: float, angle: float) -> shapely.Polygon:
        return card_polygon(x, y, angle, self.width, self.length)

    def circle(self, x: float, y: float, angle: float) -> shapely.Polygon:
        return shapely.Polygon(self.place(self.circle_local, x, y, angle))

    def dots(self, x: float, y: float, angle: float) -> list[shapely.Polygon]:
        return [shapely.Polygon(self.place(dot, x, y, angle)) for dot in self.dots_local]


def wok_rectangle(cfg: TableConfig) -> shapely.Polygon:
    """The wok's edge as the player aids mark it: a rectangle centred on the origin."""
    hw, hd = cfg.wok.width_mm / 2.0, cfg.wok.depth_mm / 2.0
    return shapely.box(-hw, -hd, hw, hd)


def table_rectangle(cfg: TableConfig) -> shapely.Polygon:
    """The table surface; a card whose centre leaves it falls to the floor."""
    hw, hd = cfg.table.width_mm / 2.0, cfg.table.depth_mm / 2.0
    return shapely.box(-hw, -hd, hw, hd)
