"""What of each card can be seen from above: exact polygon geometry with shapely.

A region of a card is covered where a card higher in the stack lies over it (higher: a larger
``(layer, stack_order)``). For each card on the table this computes the uncovered fraction of its
centre circle, which of its four corner dots are uncovered (at least ``dot_min_fraction`` of the
dot), whether it is falling out (its outline crosses the wok's edge) or outside (its centre
lies outside the wok), and whether it is viable to pick up as ``rules-decisions.md`` defines:
face up; circle and at least one dot visible above their thresholds; not falling out, except
Green Pepper (a rules option). The circle is a regular polygon of ``circle_segments`` vertices.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from wokphysics.config.wok_on_fire import WokConfig
from wokphysics.table.cards import Card
from wokphysics.table.geometry import CardShapes, wok_rectangle


@dataclass(frozen=True)
class Visibility:
    """What can be seen of one card lying on the table.

    Attributes:
        circle_fraction: uncovered share of the centre circle, 0..1.
        corners_visible: for the corners in card-local order (bottom-left, bottom-right,
            top-right, top-left), whether that dot is uncovered enough.
        falling_out: the card's outline crosses the wok's edge.
        outside: the card's centre lies outside the wok's edge.
        viable: it may be picked up (see the module docstring).
        circle_visible: ``circle_fraction`` is at least the threshold.
    """

    circle_fraction: float
    corners_visible: tuple[bool, bool, bool, bool]
    falling_out: bool
    outside: bool
    viable: bool
    circle_visible: bool

    @property
    def any_corner_visible(self) -> bool:
        return any(self.corners_visible)


def _placed(local: np.ndarray, cards: Sequence[Card]) -> np.ndarray:
    """Every card's copy of a local shape (k x 2 points): an (n, k, 2) array on the table."""
    angles = np.array([c.angle for c in cards])
    cos, sin = np.cos(angles)[:, None], np.sin(angles)[:, None]
    centres = np.array([(c.x, c.y) for c in cards])
    xs = local[None, :, 0] * cos - local[None, :, 1] * sin + centres[:, 0:1]
    ys = local[None, :, 0] * sin + local[None, :, 1] * cos + centres[:, 1:2]
    return np.stack((xs, ys), axis=-1)


def _uncovered_fractions(
    part_points: np.ndarray,
    centres: np.ndarray,
    radius: float,
    owners: np.ndarray,
    outlines: np.ndarray,
    poses: np.ndarray,
    half: tuple[float, float],
    area: float,
) -> np.ndarray:
    """Uncovered share of each round part (the polygon ``part_points[k]`` of circumradius
    ``radius`` centred at ``centres[k]``) of card ``owners[k]``, under the cards ranked above it.

    Candidate covers are found for all pairs at once with the disc-in-rectangle distance in
    each cover's frame (a disc test that contains the polygon, so it never misses a cover); a
    part inside one cover is hidden; the rest have their touching covers subtracted exactly,
    one round of vectorised polygon differences per cover.
    """
    count = len(poses)
    part_count = len(part_points)
    # Pair every part with every card ranked above its owner (ranks are the indices).
    part_index, cover_index = np.nonzero(np.arange(count)[None, :] > owners[:, None])
    fractions = np.ones(part_count)
    if len(part_index) == 0:
        return fractions
    offset = centres[part_index] - poses[cover_index, :2]
    cos, sin = np.cos(poses[cover_index, 2]), np.sin(poses[cover_index, 2])
    local_x = np.abs(cos * offset[:, 0] + sin * offset[:, 1])
    local_y = np.abs(-sin * offset[:, 0] + cos * offset[:, 1])
    gap_x = np.maximum(local_x - half[0], 0.0)
    gap_y = np.maximum(local_y - half[1], 0.0)
    near = gap_x * gap_x + gap_y * gap_y <= radius * radius
    part_index, cover_index = part_index[near], cover_index[near]
    local_x, local_y = local_x[near], local_y[near]
    inside = (local_x + radius <= half[0]) & (local_y + radius <= half[1])
    hidden_whole = np.unique(part_index[inside])
    fractions[hidden_whole] = 0.0
    keep = ~np.isin(part_index, hidden_whole)
    part_index, cover_index = part_index[keep], cover_index[keep]
    if len(part_index) == 0:
        return fractions
    order = np.argsort(part_index, kind="stable")
    part_index, cover_index = part_index[order], cover_index[order]
    starts = np.r_[0, np.flatnonzero(np.diff(part_index)) + 1]
    lengths = np.diff(np.r_[starts, len(part_index)])
    touched = part_index[starts]
    # Polygons only for the parts that need clipping; slot[k] is part k's place among them.
    remaining = shapely.polygons(part_points[touched])
    slot = np.repeat(np.arange(len(touched)), lengths)
    # The r-th covering card of each part is subtracted in round r.
    position = np.arange(len(part_index)) - np.repeat(starts, lengths)
    for round_number in range(int(position.max()) + 1):
        chosen = position == round_number
        targets = slot[chosen]
        remaining[targets] = shapely.difference(remaining[targets], outlines[cover_index[chosen]])
    fractions[touched] = np.clip(shapely.area(remaining) / area, 0.0, 1.0)
    return fractions


def compute_visibility(
    cfg: WokConfig, cards: Sequence[Card], shapes: CardShapes | None = None
) -> dict[int, Visibility]:
    """Visibility of every card in ``cards`` that lies on the table (location "wok", not airborne).

    All shapes are built as arrays and clipped with shapely's vectorised operations; only the
    covering cards that actually touch a circle or dot are subtracted from it.
    """
    shapes = shapes or CardShapes(cfg)
    lying = sorted(
        (card for card in cards if card.location == "wok" and not card.airborne),
        key=lambda c: (c.layer, c.stack_order, c.id),
    )
    if not lying:
        return {}
    count = len(lying)
    rank = np.arange(count)
    hw, hl = shapes.width / 2.0, shapes.length / 2.0
    corners = np.array(((-hw, -hl), (hw, -hl), (hw, hl), (-hw, hl)))
    outlines = shapely.polygons(_placed(corners, lying))
    poses = np.array([(c.x, c.y, c.angle) for c in lying])
    half = (hw, hl)
    circles = _placed(shapes.circle_local, lying)
    circle_radius = float(np.hypot(*shapes.circle_local[0]))
    circle_fraction = _uncovered_fractions(
        circles, poses[:, :2], circle_radius, rank, outlines, poses, half, shapes.circle_area
    )
    dot_centres = _placed(shapes.dot_centres, lying).reshape(-1, 2)
    dots = np.stack([_placed(dot, lying) for dot in shapes.dots_local], axis=1)
    dot_radius = float(np.hypot(*(shapes.dots_local[0][0] - shapes.dot_centres[0])))
    dot_fraction = _uncovered_fractions(
        dots.reshape(count * 4, -1, 2),
        dot_centres,
        dot_radius,
        np.repeat(rank, 4),
        outlines,
        poses,
        half,
        shapes.dot_area,
    ).reshape(count, 4)
    falling_out = shapely.intersects(outlines, wok_rectangle(cfg).boundary)
    half_w, half_d = cfg.wok.width_mm / 2.0, cfg.wok.depth_mm / 2.0
    circle_threshold = cfg.visibility.circle_min_fraction
    dot_threshold = cfg.visibility.dot_min_fraction
    pepper_exception = cfg.rules.green_pepper_viable_falling_out
    result: dict[int, Visibility] = {}
    for index, card in enumerate(lying):
        corners_seen = tuple(bool(f >= dot_threshold) for f in dot_fraction[index])
        circle_visible = bool(circle_fraction[index] >= circle_threshold)
        out = bool(falling_out[index])
        allowed_out = not out or (pepper_exception and card.ingredient == "green_pepper")
        result[card.id] = Visibility(
            circle_fraction=float(circle_fraction[index]),
            corners_visible=(corners_seen[0], corners_seen[1], corners_seen[2], corners_seen[3]),
            falling_out=out,
            outside=abs(card.x) > half_w or abs(card.y) > half_d,
            viable=card.face_up and circle_visible and any(corners_seen) and allowed_out,
            circle_visible=circle_visible,
        )
    return dict(sorted(result.items()))


def refusal_reason(card: Card, seen: Visibility | None, cfg: WokConfig) -> str | None:
    """Why ``card`` may not be picked up, in words for a player; None if it is viable."""
    if card.location != "wok" or seen is None:
        return f"card {card.id} is not lying in the wok"
    if not card.face_up:
        return f"card {card.id} is face down"
    if not seen.circle_visible:
        return f"the centre circle of card {card.id} is covered"
    if not seen.any_corner_visible:
        return f"every corner of card {card.id} is covered"
    if seen.falling_out and not (
        cfg.rules.green_pepper_viable_falling_out and card.ingredient == "green_pepper"
    ):
        return f"card {card.id} is falling out of the wok"
    return None
