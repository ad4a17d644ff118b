"""Which flat cards overlap and which lie on which: rectangle tests (the whole table's pairs
vectorised with numpy; restacking and single pairs in plain floats, the same operations).

Cards are ``width x length`` rectangles at poses ``(x, y, angle)`` (mm, rad; the width along
the card's local x). Two cards *overlap* when they interpenetrate by more than ``tolerance``
along every separating axis (the separating axis theorem); cards that merely touch, as cards
butting against each other do, do not. A card *rests on* a lower card that it overlaps when its
centre lies over that card.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Final

import numpy as np
from numpy.typing import NDArray

OVERLAP_TOLERANCE_MM: Final = 0.5
"""Interpenetration below this counts as touching, not lying on (mm; pymunk's contacts sit a
few tenths of a millimetre deep)."""

SAME_LAYER_TOLERANCE_MM: Final = 2.0
"""Two cards on the same layer collide in pymunk: pushed into each other they butt, and at rest
their contact may sit up to about 0.8 mm deep (measured over 120 pushes at up to the blade's
slide-under speed). Only a deeper interpenetration than this counts as one lying on the other
(mm)."""

FloatArray = NDArray[np.float64]
BoolArray = NDArray[np.bool_]


def overlap_depth(
    a: tuple[float, float, float], b: tuple[float, float, float], width: float, length: float
) -> float:
    """How deep two cards at poses ``a`` and ``b`` (x, y, angle) interpenetrate (mm), 0
    where they are apart: :func:`overlap_depths` for one pair, in plain floats."""
    return _pair_depth(math.cos(a[2]), math.sin(a[2]), math.cos(b[2]), math.sin(b[2]),
                       b[0] - a[0], b[1] - a[1], width / 2.0, length / 2.0)


def overlap_depths(poses: FloatArray, width: float, length: float) -> FloatArray:
    """``depth[i, j]``: how deep cards i and j interpenetrate (mm), 0 where they are apart.

    ``poses`` is ``(n, 3)``: x, y, angle. The depth is the smallest overlap of the two
    rectangles' projections over the four axes of their sides (the diagonal is 0).
    """
    count = len(poses)
    first, second = np.meshgrid(np.arange(count), np.arange(count), indexing="ij")
    depth = _pair_depths(poses, first.ravel(), second.ravel(), width, length).reshape(
        count, count)
    np.fill_diagonal(depth, 0.0)
    return depth


def near_pairs(
    poses: FloatArray, width: float, length: float
) -> tuple[NDArray[np.intp], NDArray[np.intp], FloatArray]:
    """The pairs ``i < j`` of cards whose centres lie within a card's diagonal of each other
    (the others cannot overlap: each card lies within half a diagonal of its centre), and
    how deep each such pair interpenetrates (mm, 0 where apart), the same numbers
    :func:`overlap_depths` gives them. ``i`` ascending, then ``j``."""
    x, y = poses[:, 0], poses[:, 1]
    dx = x[None, :] - x[:, None]
    dy = y[None, :] - y[:, None]
    reach = width * width + length * length
    near = (dx * dx + dy * dy <= reach) & _later(len(x))
    first, second = np.nonzero(near)
    return first, second, _pair_depths(poses, first, second, width, length)


@lru_cache(maxsize=64)
def _later(count: int) -> NDArray[np.bool_]:
    """The ``count`` x ``count`` mask of the pairs ``i < j`` (``np.triu(..., k=1)``), made once
    per table size (read-only: it is shared)."""
    mask = np.triu(np.ones((count, count), dtype=bool), k=1)
    mask.flags.writeable = False
    return mask


def _pair_depths(
    poses: FloatArray, first: NDArray[np.intp], second: NDArray[np.intp],
    width: float, length: float,
) -> FloatArray:
    """How deep card ``first[k]`` and card ``second[k]`` interpenetrate, for each k (mm, 0
    where apart): the separating axis theorem over the four axes of their sides."""
    angle = poses[:, 2]
    c, s = np.cos(angle), np.sin(angle)
    hw, hl = width / 2.0, length / 2.0
    dx = poses[second, 0] - poses[first, 0]
    dy = poses[second, 1] - poses[first, 1]
    c_i, s_i, c_j, s_j = c[first], s[first], c[second], s[second]
    depth = np.full(dx.shape, np.inf)
    # Side directions of each card: its local x (width) and local y (length); the axes of
    # card i (the first of the pair), then of card j.
    for axes_i, axes_j in (((c_i, s_i), (c_j, s_j)), ((-s_i, c_i), (-s_j, c_j))):
        for px, py in (axes_i, axes_j):
            radius_i = hw * np.abs(c_i * px + s_i * py) + hl * np.abs(-s_i * px + c_i * py)
            radius_j = hw * np.abs(c_j * px + s_j * py) + hl * np.abs(-s_j * px + c_j * py)
            gap = radius_i + radius_j - np.abs(dx * px + dy * py)
            np.minimum(depth, gap, out=depth)
    np.maximum(depth, 0.0, out=depth)
    return depth


def centre_over(poses: FloatArray, width: float, length: float) -> BoolArray:
    """``over[i, j]``: card j's centre lies over card i (within its rectangle)."""
    x, y, angle = poses[:, 0], poses[:, 1], poses[:, 2]
    c, s = np.cos(angle)[:, None], np.sin(angle)[:, None]
    dx = x[None, :] - x[:, None]
    dy = y[None, :] - y[:, None]
    local_x = c * dx + s * dy
    local_y = -s * dx + c * dy
    over: BoolArray = (np.abs(local_x) <= width / 2.0) & (np.abs(local_y) <= length / 2.0)
    np.fill_diagonal(over, False)
    return over


def restack(
    poses: FloatArray, order: NDArray[np.int64], width: float, length: float,
    layers_before: NDArray[np.int64] | None = None,
) -> tuple[list[int], list[int]]:
    """:func:`restack_poses` of arrays: ``poses`` ``(n, 3)``, ``order`` and
    ``layers_before`` of length n."""
    return restack_poses(
        [(float(x), float(y), float(a)) for x, y, a in poses.tolist()],
        [int(k) for k in order.tolist()],
        width,
        length,
        None if layers_before is None else [int(k) for k in layers_before.tolist()],
    )


def restack_poses(
    poses: list[tuple[float, float, float]], order: list[int], width: float, length: float,
    layers_before: list[int] | None = None,
) -> tuple[list[int], list[int]]:
    """Compact stacking layers and find what each card rests on.

    ``poses``: each card's x, y (mm) and angle (rad). ``order`` ranks the cards from the
    bottom up (a permutation of ``range(n)``). Returns, by index, the new layer (1 on the
    bare table, else one more than the highest card below it that it overlaps) and the index
    of the card it rests on (the highest card below it that it overlaps with its centre over
    it), or -1 for the table. Overlapping cards keep their order, so what covers what does
    not change. ``layers_before``: the cards' layers until now; two cards that shared one
    were butting, and only overlap deeper than :data:`SAME_LAYER_TOLERANCE_MM` (stacks form
    from flight and landing, not from a push).

    The depths are :func:`near_pairs`' and the centres over :func:`centre_over`'s, the same
    floating-point operations on each pair in plain floats (tests/table/test_table_contacts.py
    compares them with those arrays' answers): for a few dozen cards, numpy's cost per call
    was most of the work, about a tenth of a stir's instructions.
    """
    count = len(poses)
    layers = [0] * count
    supports = [-1] * count
    if count == 0:
        return layers, supports
    hw, hl = width / 2.0, length / 2.0
    reach = width * width + length * length
    cosines = [math.cos(pose[2]) for pose in poses]
    sines = [math.sin(pose[2]) for pose in poses]
    rank = [0] * count
    for place, k in enumerate(order):
        rank[k] = place
    # For each card, the cards it overlaps, in the order of the pairs (i ascending, then j).
    # Only cards within a diagonal of each other can overlap (each lies within half a
    # diagonal of its centre).
    overlapped_by: list[list[int]] = [[] for _ in range(count)]
    for i in range(count):
        xi, yi, _ = poses[i]
        ci, si = cosines[i], sines[i]
        for j in range(i + 1, count):
            xj, yj, _ = poses[j]
            dx, dy = xj - xi, yj - yi
            if not dx * dx + dy * dy <= reach:
                continue
            depth = _pair_depth(ci, si, cosines[j], sines[j], dx, dy, hw, hl)
            if depth <= OVERLAP_TOLERANCE_MM:
                continue
            if (layers_before is not None and layers_before[i] == layers_before[j]
                    and not depth > SAME_LAYER_TOLERANCE_MM):
                continue
            overlapped_by[j].append(i)
            overlapped_by[i].append(j)
    for j in order:
        rank_j = rank[j]
        below = sorted(i for i in overlapped_by[j] if rank[i] < rank_j)
        if not below:
            layers[j] = 1
            continue
        layers[j] = 1 + max(layers[i] for i in below)
        xj, yj, _ = poses[j]
        bearing = []
        for i in below:
            xi, yi, _ = poses[i]
            dx, dy = xj - xi, yj - yi
            ci, si = cosines[i], sines[i]
            # j's centre over card i (centre_over's test, in i's frame).
            if abs(ci * dx + si * dy) <= hw and abs(-si * dx + ci * dy) <= hl:
                bearing.append(i)
        if bearing:
            supports[j] = max(bearing, key=rank.__getitem__)
    return layers, supports


def _pair_depth(
    ci: float, si: float, cj: float, sj: float, dx: float, dy: float, hw: float, hl: float
) -> float:
    """:func:`_pair_depths` for one pair: card j at ``(dx, dy)`` from card i, each given by
    the cosine and sine of its angle, half sizes ``hw`` and ``hl`` (mm); the same operations
    (the smallest gap over the four axes of their sides, never below 0)."""
    depth = math.inf
    for px, py in ((ci, si), (cj, sj), (-si, ci), (-sj, cj)):
        radius_i = hw * abs(ci * px + si * py) + hl * abs(-si * px + ci * py)
        radius_j = hw * abs(cj * px + sj * py) + hl * abs(-sj * px + cj * py)
        gap = radius_i + radius_j - abs(dx * px + dy * py)
        if gap < depth:
            depth = gap
    return max(depth, 0.0)
