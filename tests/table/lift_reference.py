"""The flick's lift solver as it was before it was rewritten for speed (commit 7b9cd02), kept as
the oracle the rewrite must equal bit for bit (tests/table/test_table_lift.py). Test code only."""
from __future__ import annotations

import itertools
from collections.abc import Sequence

from wokphysics.table.lift import Contact, Inertia, Lift

_FEASIBLE_MM_S = 1e-7


def _solve3(a: list[list[float]], b: list[float]) -> list[float] | None:
    """Solve a small dense system by Gaussian elimination with partial pivoting (n <= 3);
    None when it is singular."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    scale = max((abs(v) for row in a for v in row), default=0.0)
    if scale == 0.0:
        return None
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
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
    if all(need <= 0.0 for need in needs):
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
        impulses = dict(zip(active, weights, strict=True))
        return Lift(
            velocity[0],
            velocity[1],
            velocity[2],
            tuple(impulses.get(i, 0.0) for i in range(count)),
        )
    raise ValueError("no motion clears every pusher (contacts are inconsistent)")


class _Gram:
    """The Gram matrix ``a_i' M^-1 a_j`` of the contacts, each entry worked out when first
    asked for (the search asks for few of them)."""

    def __init__(self, rows: Sequence[Sequence[float]], moved: Sequence[Sequence[float]]) -> None:
        self._rows = rows
        self._moved = moved
        self._known: dict[tuple[int, int], float] = {}

    def __getitem__(self, i: int) -> _GramRow:
        return _GramRow(self, i)

    def entry(self, i: int, j: int) -> float:
        key = (i, j) if i <= j else (j, i)
        value = self._known.get(key)
        if value is None:
            a, m = self._rows[key[0]], self._moved[key[1]]
            value = self._known[key] = a[0] * m[0] + a[1] * m[1] + a[2] * m[2]
        return value


class _GramRow:
    def __init__(self, gram: _Gram, i: int) -> None:
        self._gram, self._i = gram, i

    def __getitem__(self, j: int) -> float:
        return self._gram.entry(self._i, j)


Face = tuple[tuple[int, ...], list[float], list[float]]
"""Active contacts, their impulses and the velocity they give."""


def _face(
    active: tuple[int, ...],
    needs: Sequence[float],
    moved: Sequence[Sequence[float]],
    gram: _Gram,
) -> tuple[list[float], list[float]] | None:
    """The least-energy motion holding the ``active`` contacts exactly at their pushers'
    speed, and its impulses; None when they are dependent or one would have to pull."""
    sub = [[gram[i][j] for j in active] for i in active]
    weights = _solve3(sub, [needs[i] for i in active])
    if weights is None or any(w < 0.0 for w in weights):
        return None
    velocity = [sum(weights[n] * moved[i][k] for n, i in enumerate(active)) for k in range(3)]
    return weights, velocity


def _short(row: Sequence[float], velocity: Sequence[float], need: float) -> float:
    """How far a contact's point falls short of its pusher's speed, mm/s."""
    return need - (row[0] * velocity[0] + row[1] * velocity[1] + row[2] * velocity[2])


def _active_set(
    rows: Sequence[Sequence[float]],
    needs: Sequence[float],
    moved: Sequence[Sequence[float]],
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
                if face is None:
                    continue
                if all(_short(rows[i], face[1], needs[i]) <= _FEASIBLE_MM_S
                       for i in candidates):
                    step = (active, face[0], face[1])
                    break
            if step is not None:
                break
        if step is None:
            return None
        working, weights, velocity = step
    return None


def _every_face(
    rows: Sequence[Sequence[float]],
    needs: Sequence[float],
    moved: Sequence[Sequence[float]],
    gram: _Gram,
) -> Face | None:
    """The optimum by trying every set of at most three contacts in a fixed order: the
    first whose motion clears every pusher with no contact pulling meets every condition of
    an optimum (Karush-Kuhn-Tucker), and a convex problem has one."""
    count = len(rows)
    for size in (1, 2, 3):
        for active in itertools.combinations(range(count), size):
            if all(needs[i] <= 0.0 for i in active):
                continue  # the table alone pushes nothing up
            face = _face(active, needs, moved, gram)
            if face is None:
                continue
            if all(_short(rows[i], face[1], needs[i]) <= _FEASIBLE_MM_S for i in range(count)):
                return active, face[0], face[1]
    return None

