"""The spread at setup: where the cards dealt to the wok lie before the first stroke, a grid as
even as the count allows, each card jittered and held wholly inside the wok's edge."""

from __future__ import annotations

import math
from typing import Final

import numpy as np

from wokphysics.config.table import TableConfig

# Setup keeps every spread card's outline at least this far inside the wok's edge, so none
# touches it (a touching outline counts as crossing the edge), mm.
_SPREAD_EDGE_GAP_MM: Final = 1.0


def spread_poses(
    cfg: TableConfig,
    rng: np.random.Generator,
    count: int,
    position_jitter_mm: float,
    angle_jitter_rad: float,
) -> list[tuple[float, float, float]]:
    """Poses (x mm, y mm, angle rad) of ``count`` cards spread over the wok, each wholly inside
    its edge, jittered with draws from ``rng`` (three per card, in dealing order).

    The grid's centres span the region where an unturned card fits; each card's jittered
    centre is then held inside by its own turned extent (half width and half length
    projected on x and y), so no spread card crosses the wok's edge.
    """
    if count == 0:
        return []
    wok = cfg.wok
    hw, hl = cfg.card.width_mm / 2.0, cfg.card.length_mm / 2.0
    # Fit the grid to the centres' room; a card larger than the wok can only be centred.
    room_x = max(0.0, wok.width_mm / 2.0 - hw - _SPREAD_EDGE_GAP_MM)
    room_y = max(0.0, wok.depth_mm / 2.0 - hl - _SPREAD_EDGE_GAP_MM)
    rows = max(1, round(math.sqrt(count * wok.depth_mm / wok.width_mm)))
    base, extra = divmod(count, rows)
    # The extra cards go to the middle rows, so the spread stays symmetric.
    middle_first = sorted(range(rows), key=lambda r: (abs(r - (rows - 1) / 2.0), r))
    lengths = [base + (1 if r in middle_first[:extra] else 0) for r in range(rows)]
    poses = []
    for row, length in enumerate(lengths):
        y = -room_y + 2.0 * room_y * (row + 0.5) / rows
        for col in range(length):
            x = -room_x + 2.0 * room_x * (col + 0.5) / length
            jx, jy, ja = rng.normal(0.0, 1.0, 3)
            angle = float(angle_jitter_rad * ja)
            c, s = abs(math.cos(angle)), abs(math.sin(angle))
            reach_x = max(0.0, wok.width_mm / 2.0 - (hw * c + hl * s) - _SPREAD_EDGE_GAP_MM)
            reach_y = max(0.0, wok.depth_mm / 2.0 - (hw * s + hl * c) - _SPREAD_EDGE_GAP_MM)
            px = float(np.clip(x + position_jitter_mm * jx, -reach_x, reach_x))
            py = float(np.clip(y + position_jitter_mm * jy, -reach_y, reach_y))
            poses.append((px, py, angle))
    return poses
