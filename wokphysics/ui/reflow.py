"""Layouts that reflow to the view's width at a UI scale (issue 27, "layouts that reflow").

A game's layout is a 1280 x 800 reference design made of *blocks* (a market, a panel of
players, a log...). At a UI scale above 1 the window lays the scene out for the view's width
instead of magnifying it (:meth:`wokphysics.ui.app.App._reflow`): the reference unit is the
scale times the window's fit, and where the design's 1280 reference px are wider than the
view at that unit, the blocks are set down in rows as wide as the view (:func:`pack`), below
a taller top bar, and every rectangle a layout gives at its design place is moved with its
block (:func:`moves`, :meth:`~wokphysics.ui.widgets.ReferenceScale.rect`). The canvas is as
wide as the window and as tall as the rows: the view pans up and down, never sideways.
No pygame here: plain numbers in reference px.
"""

from __future__ import annotations

from dataclasses import dataclass

Block = tuple[float, float, float, float]
"""A block of a design: x, y, width, height (reference px)."""

Move = tuple[float, float, float, float, float, float]
"""A block's move: (x0, y0, x1, y1, dx, dy), reference px: a rectangle whose top left lies in
[x0, x1) x [y0, y1) at its design place moves by (dx, dy)."""

BASE = (1280.0, 800.0)
"""Every game's reference design (px)."""


@dataclass(frozen=True)
class Flow:
    """A layout laid out for a view ``width`` reference px wide at ``unit`` window px per
    reference px."""

    unit: float
    width: float


def flow_for(window: tuple[int, int], scale: float, least_width: float) -> Flow:
    """The flow of a window of ``window`` px at UI ``scale``: the unit the scale times the
    window's fit (the design's size in that window at scale 1), made smaller where the view
    would be narrower than ``least_width`` reference px (the widest block, which cannot be
    split); the width the window's at that unit."""
    unit = scale * min(window[0] / BASE[0], window[1] / BASE[1])
    if window[0] / unit < BASE[0]:
        unit = min(unit, window[0] / least_width)
    return Flow(unit, window[0] / unit)


def pack(blocks: dict[str, Block], width: float, top: float,
         stretch: tuple[str, ...] = ()) -> tuple[dict[str, Block], float]:
    """Where each of ``blocks`` goes in a layout ``width`` reference px wide, and its height:
    below a top bar ``top`` high, the blocks left to right in their order, a new row where
    the next one is wider than what is left; those named in ``stretch`` no wider than
    ``width``. With 1280 or more, the design itself (the blocks where they are)."""
    if width >= BASE[0]:
        return dict(blocks), BASE[1]
    placed: dict[str, Block] = {}
    x, y, row = 0.0, top, 0.0
    for name, (_, _, w, h) in blocks.items():
        if name in stretch:
            w = min(w, width)
        if x > 0 and x + w > width:
            x, y, row = 0.0, y + row, 0.0
        placed[name] = (x, y, w, h)
        x += w
        row = max(row, h)
    return placed, y + row


def moves(blocks: dict[str, Block], placed: dict[str, Block]) -> tuple[Move, ...]:
    """The moves that take each of ``blocks`` from its design place to where ``placed``
    puts it."""
    return tuple((bx, by, bx + bw, by + bh, placed[name][0] - bx, placed[name][1] - by)
                 for name, (bx, by, bw, bh) in blocks.items())
