"""The impulse that lifts a flat card: a plastic impact with pushers under it (the flick).

A card lying flat is a rigid plate. Right after an impulse its vertical motion is a linear
field over the plate: a point at planar offset ``r = (rx, ry)`` from its centre rises at
``u(r) = vz + wx * ry - wy * rx``, where ``vz`` is the centre's vertical speed (mm/s) and
``(wx, wy)`` its angular velocity about axes in the table plane (rad/s; a vector along the
turning axis, right-handed). Whatever pushes it up (the spatula's blade, a card under it)
moves with a known vertical speed at each point it touches; the table does not move.

The impact is plastic and the pushers are driven (the hand is far heavier than a card): the
card takes the least kinetic energy that lets it move out of every pusher's way. That is the
rigid-body contact law (Gauss's principle of least constraint; Moreau's impact law with zero
restitution): minimise ``(vz^2 + w' K w) / 2`` per unit mass (``K`` the plate's in-plane
inertia tensor per unit mass, mm^2) subject to ``u(p_i) >= c_i`` at every contact point
``p_i``, ``c_i`` the pusher's speed there (0 for the table). The Lagrange multipliers are the
contact impulses (per unit mass, mm/s), each >= 0, each zero where the card leaves its pusher.
A pusher's speed is linear over its contact region, so the points are the region's vertices.

Where the impulse acts decides the motion: a push under the card's centre lifts it flat; a
push near one edge turns it about the far edge, which stays on the table (that contact's
impulse is positive); in between, the far edge leaves the table too.

The solver is exact: with three unknowns, the optimum is the equality-constrained minimum of
at most three independent active contacts whose multipliers are non-negative and which
satisfies the others (a convex problem has one). Every candidate set is tried in a fixed
order, in plain floating point: the same inputs give the same bits on every machine (no
BLAS, whose kernels differ between processors).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

Point = tuple[float, float]
Row = tuple[float, float, float]
"""A contact's row of the constraint: the rise of its point per unit of ``(vz, wx, wy)``.
(Concrete list and tuple types rather than ``Sequence`` throughout the solver: the compiled
build then indexes them directly instead of through Python's generic item lookup.)"""

_FEASIBLE_MM_S: Final = 1e-7
"""A contact counts as satisfied within this much vertical speed (mm/s; rounding)."""


class Contact:
    """A point of the card (offset from its centre, mm) that a pusher moving up at
    ``speed`` mm/s (0: the table) holds up; not changed once made. A plain class, not a
    dataclass: the flick makes several per card, and a dataclass's generated ``__init__``
    runs interpreted even in the compiled build."""

    def __init__(self, x: float, y: float, speed: float) -> None:
        self.x = x
        self.y = y
        self.speed = speed


@dataclass(frozen=True)
class Lift:
    """A card's motion right after the impulse, and the impulses that made it.

    Attributes:
        vz: the centre's vertical speed, mm/s.
        wx, wy: angular velocity about the table-plane axes, rad/s (right-handed: a point
            at offset ``(rx, ry)`` rises at ``vz + wx * ry - wy * rx``).
        impulses: per contact (in the order given), the impulse per unit mass, mm/s (>= 0).
    """

    vz: float
    wx: float
    wy: float
    impulses: tuple[float, ...]

    def rise(self, rx: float, ry: float) -> float:
        """The vertical speed of the card's point at offset ``(rx, ry)`` (mm), mm/s."""
        return self.vz + self.wx * ry - self.wy * rx

    @property
    def spin(self) -> float:
        """The turning rate about the in-plane axis, rad/s (>= 0)."""
        return math.hypot(self.wx, self.wy)

    @property
    def axis(self) -> float:
        """The turning axis's direction in the table plane, rad (0 if it does not turn)."""
        if self.spin == 0.0:
            return 0.0
        return math.atan2(self.wy, self.wx)


Inertia = tuple[float, float, float, float, float, float]
"""A symmetric 3 x 3 mass matrix per unit of the card's mass over ``(vz, wx, wy)``:
``(m_zz, m_zx, m_zy, m_xx, m_xy, m_yy)``."""


def plate_mass_matrix(width: float, length: float, angle: float) -> Inertia:
    """The mass matrix of a lone ``width x length`` plate (mm) turned by ``angle`` (rad):
    its vertical motion and its in-plane inertia tensor (per unit mass, mm^2).

    About the axis along its width (its local x) a plate has ``l^2 / 12``, about its length
    ``w^2 / 12``.
    """
    c, s = math.cos(angle), math.sin(angle)
    along_w = length * length / 12.0  # turning about the width axis (ex)
    along_l = width * width / 12.0  # turning about the length axis (ey)
    # K = along_w ex ex' + along_l ey ey', ex = (c, s), ey = (-s, c).
    kxx = along_w * c * c + along_l * s * s
    kxy = (along_w - along_l) * c * s
    kyy = along_w * s * s + along_l * c * c
    return (1.0, 0.0, 0.0, kxx, kxy, kyy)


def add_point_mass(matrix: Inertia, share: float, rx: float, ry: float) -> Inertia:
    """``matrix`` with a point mass of ``share`` card masses rigidly attached at ``(rx, ry)``
    (mm from the centre): it rises at ``vz + wx ry - wy rx`` (a load lying on the card)."""
    g = (1.0, ry, -rx)
    zz, zx, zy, xx, xy, yy = matrix
    return (
        zz + share * g[0] * g[0],
        zx + share * g[0] * g[1],
        zy + share * g[0] * g[2],
        xx + share * g[1] * g[1],
        xy + share * g[1] * g[2],
        yy + share * g[2] * g[2],
    )


def _solve3(a: list[list[float]], b: list[float]) -> list[float] | None:
    """Solve a small dense system by Gaussian elimination with partial pivoting (n <= 3);
    None when it is singular. (Plain loops, not generators or ``max(key=)``: the flick
    solves thousands of these a game; the same operations in the same order.)"""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    scale = 0.0
    first = True
    for row in a:
        for v in row:
            size = abs(v)
            if first or size > scale:
                scale = size
                first = False
    if scale == 0.0:
        return None
    for col in range(n):
        pivot = col  # the first row of the largest magnitude in this column
        for r in range(col + 1, n):
            if abs(m[r][col]) > abs(m[pivot][col]):
                pivot = r
        if abs(m[pivot][col]) <= 1e-12 * scale:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            if f != 0.0:
                for k in range(col, n + 1):
                    m[r][k] -= f * m[col][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        acc = m[r][n]
        for k in range(r + 1, n):
            acc -= m[r][k] * x[k]
        x[r] = acc / m[r][r]
    return x


def _inverse(matrix: Inertia) -> list[list[float]]:
    zz, zx, zy, xx, xy, yy = matrix
    full = [[zz, zx, zy], [zx, xx, xy], [zy, xy, yy]]
    columns: list[list[float]] = []
    for j in range(3):
        column = _solve3(full, [1.0 if i == j else 0.0 for i in range(3)])
        if column is None:
            raise ValueError("the card's mass matrix is singular")
        columns.append(column)
    return [[columns[j][i] for j in range(3)] for i in range(3)]


def lift(matrix: Inertia, contacts: Sequence[Contact]) -> Lift:
    """The card's least-energy motion that keeps every contact point at or above its
    pusher's speed (module docstring), and the impulses; a card nothing pushes stays."""
    rows = [(1.0, c.y, -c.x) for c in contacts]
    needs = [c.speed for c in contacts]
    if not _any_positive(needs):
        return Lift(0.0, 0.0, 0.0, tuple(0.0 for _ in contacts))
    inverse = _inverse(matrix)
    # M^-1 a_i for each contact row, and the Gram matrix a_i' M^-1 a_j.
    moved = [
        [inv[0] * row[0] + inv[1] * row[1] + inv[2] * row[2] for inv in inverse] for row in rows
    ]
    gram = _Gram(rows, moved)
    count = len(rows)
    found = _active_set(rows, needs, moved, gram) or _every_face(rows, needs, moved, gram)
    if found is not None:
        active, weights, velocity = found
        impulses = [0.0] * count
        for i, weight in zip(active, weights, strict=True):
            impulses[i] = weight
        return Lift(velocity[0], velocity[1], velocity[2], tuple(impulses))
    raise ValueError("no motion clears every pusher (contacts are inconsistent)")


def _any_positive(needs: list[float]) -> bool:
    for need in needs:
        if not need <= 0.0:
            return True
    return False


class _Gram:
    """The Gram matrix ``a_i' M^-1 a_j`` of the contacts, each entry worked out when first
    asked for (the search asks for few of them)."""

    def __init__(self, rows: list[Row], moved: list[list[float]]) -> None:
        self._rows = rows
        self._moved = moved
        self._known: dict[tuple[int, int], float] = {}

    def entry(self, i: int, j: int) -> float:
        key = (i, j) if i <= j else (j, i)
        value = self._known.get(key)
        if value is None:
            a, m = self._rows[key[0]], self._moved[key[1]]
            value = self._known[key] = a[0] * m[0] + a[1] * m[1] + a[2] * m[2]
        return value


Face = tuple[tuple[int, ...], list[float], list[float]]
"""Active contacts, their impulses and the velocity they give."""


def _face(
    active: tuple[int, ...],
    needs: list[float],
    moved: list[list[float]],
    gram: _Gram,
) -> tuple[list[float], list[float]] | None:
    """The least-energy motion holding the ``active`` contacts exactly at their pushers'
    speed, and its impulses; None when they are dependent or one would have to pull."""
    sub = [[gram.entry(i, j) for j in active] for i in active]
    weights = _solve3(sub, [needs[i] for i in active])
    if weights is None:
        return None
    for weight in weights:
        if weight < 0.0:
            return None
    velocity = [0.0, 0.0, 0.0]
    for k in range(3):
        total = 0.0
        for n, i in enumerate(active):
            total += weights[n] * moved[i][k]
        velocity[k] = total
    return weights, velocity


def _short(row: Row, velocity: list[float], need: float) -> float:
    """How far a contact's point falls short of its pusher's speed, mm/s."""
    return need - (row[0] * velocity[0] + row[1] * velocity[1] + row[2] * velocity[2])


def _clears(
    rows: list[Row],
    needs: list[float],
    velocity: list[float],
    which: Sequence[int],
) -> bool:
    """Whether the motion ``velocity`` clears the pushers of the contacts ``which``."""
    for i in which:
        if not _short(rows[i], velocity, needs[i]) <= _FEASIBLE_MM_S:
            return False
    return True


def _active_set(
    rows: list[Row],
    needs: list[float],
    moved: list[list[float]],
    gram: _Gram,
) -> Face | None:
    """The optimum by adding the most violated contact to the working set until none is
    violated (a dual active-set method): the optimum over the working set plus that contact
    holds it active, and its other active contacts are among the working set, so each step
    tries those faces only. The energy grows at every step, so no face repeats; None if it
    has not finished in as many steps as there are faces (then :func:`_every_face`)."""
    count = len(rows)
    working: tuple[int, ...] = ()
    weights: list[float] = []
    velocity = [0.0, 0.0, 0.0]
    for _ in range(4 * count + 8):
        worst, index = _FEASIBLE_MM_S, -1
        for i in range(count):
            short = _short(rows[i], velocity, needs[i])
            if short > worst:
                worst, index = short, i
        if index < 0:
            return working, weights, velocity
        candidates = (*working, index)
        step: Face | None = None
        for size in range(min(3, len(candidates)), 0, -1):
            for others in itertools.combinations(working, size - 1):
                active = (*others, index)
                face = _face(active, needs, moved, gram)
                if face is not None and _clears(rows, needs, face[1], candidates):
                    step = (active, face[0], face[1])
                    break
            if step is not None:
                break
        if step is None:
            return None
        working, weights, velocity = step
    return None


def _every_face(
    rows: list[Row],
    needs: list[float],
    moved: list[list[float]],
    gram: _Gram,
) -> Face | None:
    """The optimum by trying every set of at most three contacts in a fixed order: the
    first whose motion clears every pusher with no contact pulling meets every condition of
    an optimum (Karush-Kuhn-Tucker), and a convex problem has one."""
    count = len(rows)
    everyone = range(count)
    for size in (1, 2, 3):
        for active in itertools.combinations(everyone, size):
            if not _any_positive([needs[i] for i in active]):
                continue  # the table alone pushes nothing up
            face = _face(active, needs, moved, gram)
            if face is not None and _clears(rows, needs, face[1], everyone):
                return active, face[0], face[1]
    return None
