"""Where a tooltip goes (``widgets.place_tip``) is the place the rule in its docstring picks:
compared with a plain reading of that rule, which sums the covered area over every control,
on random windows, pointers, boxes and controls (overlapping, touching, nested, empty)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from wokphysics.ui.widgets import place_tip


def _rule(size: tuple[int, int], pointer: tuple[int, int], bounds: pygame.Rect,
          avoid: Sequence[pygame.Rect], gap: int) -> pygame.Rect:
    """place_tip's docstring, read plainly: the first clear place near the pointer, else the
    grid's least covered and nearest place, covering counted over every control."""
    w, h = size
    px, py = pointer
    far = 3 * gap

    def cover(box: pygame.Rect) -> int:
        return sum(box.clip(other).width * box.clip(other).height for other in avoid)

    def placed(x: int, y: int) -> pygame.Rect | None:
        box = pygame.Rect(x, y, w, h)
        box.clamp_ip(bounds)
        return None if box.inflate(gap, gap).collidepoint(pointer) else box

    for x, y in ((px + gap, py + gap), (px - gap - w, py + gap), (px + gap, py - gap - h),
                 (px - gap - w, py - gap - h), (px + far, py - h // 2),
                 (px - far - w, py - h // 2), (px - w // 2, py + far), (px - w // 2, py - far - h)):
        box = placed(x, y)
        if box is not None and cover(box) == 0:
            return box
    best, best_key = None, (0, 0.0)
    for y in range(bounds.top, bounds.bottom - h + 1, max(8, gap)):
        for x in range(bounds.left, bounds.right - w + 1, max(8, gap)):
            box = placed(x, y)
            if box is not None and (best is None or (cover(box), math.dist(box.center, pointer))
                                    < best_key):
                best, best_key = box, (cover(box), math.dist(box.center, pointer))
    if best is None:
        best = pygame.Rect(px + gap, py + gap, w, h)
        best.clamp_ip(bounds)
    return best


_RECTS = st.lists(
    st.builds(pygame.Rect, st.integers(-20, 420), st.integers(-20, 320), st.integers(0, 160),
              st.integers(0, 120)),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(
    size=st.tuples(st.integers(10, 200), st.integers(10, 120)),
    pointer=st.tuples(st.integers(0, 400), st.integers(0, 300)),
    avoid=_RECTS,
    gap=st.integers(4, 24),
)
def test_the_tooltip_goes_where_the_rule_puts_it(
    size: tuple[int, int], pointer: tuple[int, int], avoid: list[pygame.Rect], gap: int
) -> None:
    bounds = pygame.Rect(0, 0, 400, 300)
    assert place_tip(size, pointer, bounds, avoid, gap) == _rule(size, pointer, bounds, avoid, gap)


def test_a_crowded_window_still_finds_the_least_covered_place() -> None:
    """Controls everywhere but one gap: the tooltip goes into the gap."""
    bounds = pygame.Rect(0, 0, 320, 240)
    avoid = [pygame.Rect(x, y, 30, 30) for x in range(0, 320, 32) for y in range(0, 240, 32)
             if not (160 <= x < 256 and 96 <= y < 160)]
    box = place_tip((60, 40), (20, 20), bounds, avoid, 16)
    assert box == _rule((60, 40), (20, 20), bounds, avoid, 16)
    assert not any(box.colliderect(rect) for rect in avoid), box
