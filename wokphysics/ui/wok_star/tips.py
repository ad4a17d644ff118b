"""Where Wok Star's tooltips, drop words, refusal bubbles and notices go: never over a
control (issue 27: after a drop the preparation's tooltip covered the dice row).

The controls are every seat's panel (its dice row, its preparations and Family Character,
and the whole panel as the target of a gift), the ingredient counters (a die dropped on one
goes on its preparation), the recipes (a Chef's Special is served by clicking one), the
customer card, Serve, Turn away, the button beside the timers, and a screen's buttons. A box
goes beside what it is about where that covers none of them, else on the shelf just above the
seats' panels (over the bottom of the middle band) nearest it, else into the nearest free part
of the table that holds it: the lower half of the customer line (events and the Bad Publicity
pile) or the log, or, while a screen is up, the screen's text.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from wokphysics.ui.wok_star.layout import StarLayout


def keep_clear(lay: StarLayout, buttons: Sequence[pygame.Rect] = (),
               covered: bool = False) -> list[pygame.Rect]:
    """The rectangles no tooltip or notice may cover (see the module doc); ``covered``: a
    screen hides the middle band (its ``buttons`` are the controls there)."""
    rects = [panel.rect for panel in lay.seats]
    if not covered:
        rects += list(lay.counters.values()) + list(lay.recipes.values())
        rects += [lay.card, lay.serve, lay.turn_away, lay.extra]
    rects += list(buttons)
    return rects


def seat_parts(lay: StarLayout) -> list[pygame.Rect]:
    """What a seat's panel holds (its header, dice row, preparations, Family Character,
    pile): where a box may not go when it has to go over a seat's panel (at a UI scale the
    part of the window shown may be all panel)."""
    parts: list[pygame.Rect] = []
    for seat in lay.seats:
        parts += [seat.header, seat.dice_area, *seat.preps.values(), seat.pile]
        parts += [rect for _, rect in seat.family]
    return [rect for rect in parts if rect.width and rect.height]


def free_zones(lay: StarLayout, covered: bool) -> list[pygame.Rect]:
    """The parts of the table where a box may go when the place beside its subject is
    taken: nothing there is clicked or dropped on."""
    if covered:
        return [lay.panel]
    return [lay.events.union(lay.bad), lay.log]


def shelf(lay: StarLayout) -> int:
    """The y (window px) a box's bottom sits at on the shelf above the seats' panels."""
    return min((panel.rect.top for panel in lay.seats), default=lay.size[1]) - lay.px(4)


def place_clear(size: tuple[int, int], anchor: pygame.Rect, bounds: pygame.Rect,
                avoid: Sequence[pygame.Rect], zones: Sequence[pygame.Rect],
                gap: int = 8, shelf_y: int | None = None,
                panels: Sequence[pygame.Rect] = (), parts: Sequence[pygame.Rect] = ()
                ) -> pygame.Rect:
    """Where a box of ``size`` about ``anchor`` goes: right, left, above or below it (the
    first inside ``bounds`` that covers none of ``avoid`` nor ``anchor``), else with its
    bottom at ``shelf_y`` straight above ``anchor`` (or as near as ``bounds`` allow), else
    the place in one of ``zones`` (those that hold it) nearest ``anchor`` that covers none
    of them (the zones' corners and the point nearest ``anchor``), else the free place in
    ``bounds`` nearest ``anchor`` on a grid, else the nearest that covers only the empty part
    of ``panels`` (of ``avoid``: none of their ``parts``), else, where every place covers
    something, the one covering least."""
    w, h = size

    def cover(box: pygame.Rect, rects: Sequence[pygame.Rect] = avoid) -> int:
        total = 0
        for other in rects:
            clip = box.clip(other)
            total += clip.width * clip.height
        return total

    beside = [pygame.Rect(anchor.right + gap, anchor.centery - h // 2, w, h),
              pygame.Rect(anchor.left - gap - w, anchor.centery - h // 2, w, h),
              pygame.Rect(anchor.centerx - w // 2, anchor.top - gap - h, w, h),
              pygame.Rect(anchor.centerx - w // 2, anchor.bottom + gap, w, h)]
    for box in beside:
        box.clamp_ip(bounds)
        if not box.colliderect(anchor) and cover(box) == 0:
            return box
    if shelf_y is not None:
        box = pygame.Rect(anchor.centerx - w // 2, shelf_y - h, w, h)
        box.clamp_ip(bounds)
        if not box.colliderect(anchor) and cover(box) == 0:
            return box
    best: pygame.Rect | None = None
    best_key = (0, 0.0)
    for zone in zones:
        inside = zone.clip(bounds)
        if w > inside.width or h > inside.height:
            continue
        spots = [(anchor.centerx - w // 2, anchor.centery - h // 2),
                 (inside.left, inside.top), (inside.right - w, inside.top),
                 (inside.left, inside.bottom - h), (inside.right - w, inside.bottom - h),
                 (anchor.centerx - w // 2, inside.bottom - h),
                 (anchor.centerx - w // 2, inside.top)]
        for x, y in spots:
            box = pygame.Rect(x, y, w, h)
            box.clamp_ip(inside)
            if box.colliderect(anchor):
                continue
            key = (cover(box), math.dist(box.center, anchor.center))
            if best is None or key < best_key:
                best, best_key = box, key
    if best is None or best_key[0] > 0:
        # no zone holds it clear (a zone out of the part shown, at a UI scale): the free
        # place in ``bounds`` nearest ``anchor``, on a grid (once per tooltip: it is cached)
        step = max(16, gap * 2)
        loose = [rect for rect in avoid if rect not in panels] + list(parts)
        for rects in (avoid, loose):
            for y in range(bounds.top, bounds.bottom - h + 1, step):
                for x in range(bounds.left, bounds.right - w + 1, step):
                    box = pygame.Rect(x, y, w, h)
                    if box.colliderect(anchor) or cover(box, rects) > 0:
                        continue
                    key = (0, math.dist(box.center, anchor.center))
                    if best is None or best_key[0] > 0 or key < best_key:
                        best, best_key = box, key
            if best is not None and best_key[0] == 0:
                break
    if best is None:  # nothing holds it clear: the place beside covering least
        best = min(beside, key=cover)
    return best
