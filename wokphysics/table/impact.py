"""The impulse of one rigid-body impact at a point with Coulomb friction and restitution.

A body strikes the table at one point, whose velocity is ``(v_t, v_n)`` (along the table and
up; ``v_n < 0``). An impulse ``p = (p_t, p_n)`` at that point changes it by ``K p``, where
``K`` (symmetric, positive definite) is the inverse effective mass at the contact. The impact
is followed as it happens, in terms of the normal impulse (Routh's method): while the point
slides, friction takes ``mu`` per unit of normal impulse against the slip; when the slip stops
it sticks if ``mu`` allows (else it slides the other way); compression ends when ``v_n = 0``.
If sliding would drive the point ever deeper (Painlevé's paradox, possible only for ``mu``
above about 0.9 with a card's proportions), the contact jams: a sticking impulse stops it.
Restitution follows Stronge's energetic hypothesis: the normal impulse does ``-e^2`` times the
work in restitution that it did in compression. Friction's work is never positive and the
normal impulse's total work is ``(1 - e^2)`` times that of compression (negative), so the
kinetic energy never grows, whatever the friction and restitution (Stronge 2000, *Impact
Mechanics*, ch. 5; Routh 1905).

Everything is per unit mass (impulses in mm/s).
"""

from __future__ import annotations

import math
from typing import Final

_EPS: Final = 1e-12


def contact_impulse(
    vt: float,
    vn: float,
    k_tt: float,
    k_tn: float,
    k_nn: float,
    mu: float,
    restitution: float,
) -> tuple[float, float, float, float]:
    """The impulse ``(p_t, p_n)`` of the impact and the point's velocity after it.

    Returns ``(p_t, p_n, v_t', v_n')``. No impulse when the point is not moving into the
    table (``v_n >= 0``).
    """
    if vn >= 0.0:
        return 0.0, 0.0, vt, vn
    pt = pn = 0.0
    compressing = True
    work = 0.0  # of the normal impulse in the current stage
    target = 0.0  # of restitution
    for _ in range(16):  # a handful of stages: slide, stick or reverse, then restitution
        if abs(vt) > _EPS:
            gt = -mu if vt > 0.0 else mu
        else:
            vt = 0.0
            ratio = -k_tn / k_tt if k_tt > _EPS else 0.0
            if abs(ratio) <= mu:
                gt = ratio  # sticking: v_t stays 0
            else:
                gt = -mu if k_tn > 0.0 else mu  # it starts sliding the way the push drives it
        dvt = k_tt * gt + k_tn
        dvn = k_tn * gt + k_nn
        step = math.inf
        if vt != 0.0 and dvt * vt < 0.0:
            step = -vt / dvt  # the slip stops
        if compressing:
            if dvn <= _EPS:
                # Sliding would press the point ever harder into the table (Painlevé's
                # paradox, only with mu above about 0.9 for a card): it jams. A sticking
                # impulse stops the point outright, the most dissipative end, no rebound.
                det = k_tt * k_nn - k_tn * k_tn
                dpt = -(k_nn * vt - k_tn * vn) / det
                dpn = -(k_tt * vn - k_tn * vt) / det
                return pt + dpt, pn + dpn, 0.0, 0.0
            step_n = -vn / dvn
            ends = step_n <= step
            step = min(step, step_n)
        else:
            remaining = target - work
            if dvn > _EPS:
                step_w = (-vn + math.sqrt(vn * vn + 2.0 * dvn * remaining)) / dvn
            elif vn > _EPS:
                step_w = remaining / vn
            else:
                step_w = 0.0
            ends = step_w <= step
            step = min(step, step_w)
        work += vn * step + 0.5 * dvn * step * step
        pt += gt * step
        pn += step
        vt += dvt * step
        vn += dvn * step
        if not ends:
            vt = 0.0  # the slip stopped exactly
            continue
        if compressing:
            vn = 0.0
            compressing = False
            target = -restitution * restitution * work
            work = 0.0
            if target <= 0.0:
                break
        else:
            break
    return pt, pn, vt, vn


def contact_matrix(dx: float, dz: float, k2: float) -> tuple[float, float, float]:
    """``(K_tt, K_tn, K_nn)`` per unit mass for a contact at ``(dx, dz)`` from the centre of
    a body of squared radius of gyration ``k2`` turning in the plane (mm, mm^2)."""
    return 1.0 + dz * dz / k2, -dx * dz / k2, 1.0 + dx * dx / k2
