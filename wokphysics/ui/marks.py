"""Drawing the state marks of :mod:`wokphysics.ui.palette` around a card's outline.

Every mark is edged with a dark line, so it shows on the card's paper, on its coloured frame
and on the wood alike; its pattern (solid, dashed, dotted, double, striped) tells it apart
without its colour. A badge (a number, "1?") sits on a point of the card that can be seen.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from wokphysics.ui.palette import EDGING, StateMark

Point = tuple[float, float]

DASH_PX = 10.0
GAP_PX = 6.0
DOT_STEP_PX = 9.0
STRIPE_PX = 8.0


def _edges(points: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [(points[i], points[(i + 1) % len(points)]) for i in range(len(points))]


def _segments(a: Point, b: Point, on: float, off: float) -> list[tuple[Point, Point, int]]:
    """Pieces of the segment a-b: ``on`` px drawn, ``off`` px skipped; each with its index."""
    length = math.dist(a, b)
    if length == 0:
        return []
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    pieces = []
    t, index = 0.0, 0
    while t < length:
        end = min(length, t + on)
        pieces.append(((a[0] + ux * t, a[1] + uy * t), (a[0] + ux * end, a[1] + uy * end), index))
        t = end + off
        index += 1
    return pieces


def _shrunk(points: Sequence[Point], by: float) -> list[Point]:
    """``points`` moved ``by`` px towards their centroid (a rectangle's inner outline)."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    out = []
    for x, y in points:
        d = math.hypot(x - cx, y - cy) or 1.0
        out.append((x - (x - cx) / d * by * math.sqrt(2), y - (y - cy) / d * by * math.sqrt(2)))
    return out


def _line(surface: pygame.Surface, color: tuple[int, int, int], a: Point, b: Point,
          width: int) -> None:
    pygame.draw.line(surface, color, (round(a[0]), round(a[1])), (round(b[0]), round(b[1])),
                     width)


def draw_mark(surface: pygame.Surface, points: Sequence[Point], mark: StateMark,
              scale: float = 1.0) -> None:
    """``mark`` around the polygon ``points`` (screen px), its width scaled by ``scale``."""
    width = max(2, round(mark.width * scale))
    edge = width + 2
    if mark.pattern == "solid":
        pygame.draw.polygon(surface, EDGING, points, edge)
        pygame.draw.polygon(surface, mark.color, points, max(1, width - 1))
    elif mark.pattern == "double":
        inner = _shrunk(points, width + 3)
        for outline in (points, inner):
            pygame.draw.polygon(surface, EDGING, outline, edge)
            pygame.draw.polygon(surface, mark.color, outline, max(1, width - 1))
    elif mark.pattern == "dashed":
        for a, b in _edges(points):
            for p, q, _ in _segments(a, b, DASH_PX * scale, GAP_PX * scale):
                _line(surface, EDGING, p, q, edge)
                _line(surface, mark.color, p, q, max(1, width - 1))
    elif mark.pattern == "dotted":
        radius = max(2, round(width * 0.8))
        for a, b in _edges(points):
            for p, _, _ in _segments(a, b, 0.01, DOT_STEP_PX * scale):
                centre = (round(p[0]), round(p[1]))
                pygame.draw.circle(surface, EDGING, centre, radius + 1)
                pygame.draw.circle(surface, mark.color, centre, radius)
    elif mark.pattern == "striped":
        other = mark.second or EDGING
        pygame.draw.polygon(surface, EDGING, points, edge)
        for a, b in _edges(points):
            for p, q, index in _segments(a, b, STRIPE_PX * scale, 0.0):
                _line(surface, mark.color if index % 2 == 0 else other, p, q,
                      max(1, width - 1))


def draw_badge(surface: pygame.Surface, image: pygame.Surface, at: Point,
               mark: StateMark) -> pygame.Rect:
    """A badge of ``mark``'s shape holding ``image`` (its text), centred on ``at``."""
    box = image.get_rect(center=(round(at[0]), round(at[1])))
    if mark.badge == "square":
        back = box.inflate(10, 6)
        pygame.draw.rect(surface, EDGING, back.inflate(4, 4))
        pygame.draw.rect(surface, mark.second or EDGING, back)
        pygame.draw.rect(surface, mark.color, back.inflate(-4, -4))
        surface.blit(image, box)
        return back
    radius = max(box.width, box.height) // 2 + 5
    pygame.draw.circle(surface, EDGING, box.center, radius + 2)
    pygame.draw.circle(surface, mark.color, box.center, radius)
    surface.blit(image, box)
    return pygame.Rect(box.centerx - radius, box.centery - radius, 2 * radius, 2 * radius)
