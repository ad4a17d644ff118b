"""Overlaps of convex polygons (cards, the blade), for the flick's and the blade's contacts.

Every shape the flick and the blade's contact test meet is a rectangle (a card's outline, the
blade's), so every overlap is the intersection of two convex polygons, itself convex. This
module finds it by clipping one polygon by each edge of the other in turn
(Sutherland-Hodgman), on plain ``(x, y)`` pairs: a few hundred floating-point operations,
where a general overlay (GEOS's, through shapely) costs about a hundred thousand instructions
for the same two quadrilaterals and was a sixth of a whole game's time (issue 30, part 9).
General polygon work (unions, differences, anything not convex, the cards' visibility) stays
with shapely; ``tests/table/test_table_convex.py`` checks these results against shapely's
overlay on many random pairs.

Polygons are lists of vertices in counter-clockwise order without a closing repeat, in mm.
"""

from __future__ import annotations

from collections.abc import Sequence

Point = tuple[float, float]

SAME_POINT_MM = 1e-9
"""Vertices of a clipped polygon nearer than this are one vertex (mm)."""


def clip(subject: Sequence[Point], clipper: Sequence[Point]) -> list[Point]:
    """The region common to two convex polygons, in ``subject``'s turning sense: ``subject``
    clipped by each edge of ``clipper`` (either sense). Empty when they do not overlap; when
    they only touch, the touching points or segment (two points), which have no area."""
    output: list[Point] = list(subject)
    count = len(clipper)
    edges = list(clipper) if area(clipper) >= 0.0 else list(reversed(clipper))
    for index in range(count):
        if not output:
            break
        ax, ay = edges[index]
        bx, by = edges[(index + 1) % count]
        ex, ey = bx - ax, by - ay
        source = output
        output = []
        px, py = source[-1]
        p_side = ex * (py - ay) - ey * (px - ax)
        for qx, qy in source:
            q_side = ex * (qy - ay) - ey * (qx - ax)
            if p_side >= 0.0:
                if q_side >= 0.0:
                    output.append((qx, qy))
                else:
                    if p_side > 0.0:
                        t = p_side / (p_side - q_side)
                        output.append((px + t * (qx - px), py + t * (qy - py)))
            elif q_side >= 0.0:
                if q_side > 0.0:
                    t = p_side / (p_side - q_side)
                    output.append((px + t * (qx - px), py + t * (qy - py)))
                output.append((qx, qy))
            px, py, p_side = qx, qy, q_side
    return _distinct(output)


def _distinct(points: list[Point]) -> list[Point]:
    """``points`` less each vertex that repeats the one before it (within
    :data:`SAME_POINT_MM`), the last compared with the first."""
    if len(points) < 2:
        return points
    kept: list[Point] = []
    lx, ly = points[-1]
    for x, y in points:
        if abs(x - lx) > SAME_POINT_MM or abs(y - ly) > SAME_POINT_MM:
            kept.append((x, y))
            lx, ly = x, y
    if not kept:
        kept.append(points[0])
    return kept


def area(polygon: Sequence[Point]) -> float:
    """The area of a polygon, mm^2 (0 for fewer than three vertices; positive when
    counter-clockwise)."""
    count = len(polygon)
    if count < 3:
        return 0.0
    ox, oy = polygon[0]
    total = 0.0
    px, py = polygon[1][0] - ox, polygon[1][1] - oy
    for index in range(2, count):
        qx, qy = polygon[index][0] - ox, polygon[index][1] - oy
        total += px * qy - qx * py
        px, py = qx, qy
    return total / 2.0


def centroid(polygon: Sequence[Point]) -> Point:
    """The centroid of a polygon of positive area, mm (its first vertex when it has none)."""
    count = len(polygon)
    ox, oy = polygon[0]
    if count < 3:
        return ox, oy
    twice = 0.0
    sx = sy = 0.0
    px, py = polygon[1][0] - ox, polygon[1][1] - oy
    for index in range(2, count):
        qx, qy = polygon[index][0] - ox, polygon[index][1] - oy
        cross = px * qy - qx * py
        twice += cross
        sx += cross * (px + qx)
        sy += cross * (py + qy)
        px, py = qx, qy
    if twice == 0.0:
        return ox, oy
    return ox + sx / (3.0 * twice), oy + sy / (3.0 * twice)


def corners(polygon: Sequence[Point], min_area: float = 1e-9) -> list[Point]:
    """The corners of a convex overlap with more area than ``min_area`` (mm^2), or none: its
    vertices less those on a straight line between their neighbours."""
    if area(polygon) <= min_area:
        return []
    count = len(polygon)
    kept: list[Point] = []
    for index in range(count):
        ax, ay = polygon[index - 1]
        bx, by = polygon[index]
        cx, cy = polygon[(index + 1) % count]
        turn = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
        scale = (abs(bx - ax) + abs(by - ay)) * (abs(cx - bx) + abs(cy - by))
        if turn > 1e-12 * scale:
            kept.append((bx, by))
    return kept


Box = tuple[float, float, float, float]
"""(left, bottom, right, top), mm: an axis-aligned box, the cheap first test before exact
polygons. (A tuple of four, not a ``Sequence``: the compiled build then reads its items
directly rather than through Python's generic item lookup, in tests made thousands of times
a stroke.)"""


def boxes_meet(a: Box, b: Box) -> bool:
    """Whether two boxes overlap or touch."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def bounds(polygon: Sequence[Point]) -> Box:
    """(left, bottom, right, top) around a polygon's vertices, mm."""
    xs = [x for x, _ in polygon]
    ys = [y for _, y in polygon]
    return min(xs), min(ys), max(xs), max(ys)
