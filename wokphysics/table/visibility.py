"""What of each card can be seen from above: exact polygon geometry with shapely.

A region of a card is covered where a card higher in the stack lies over it (higher: a larger
``(layer, stack_order)``). For each card on the table this computes the uncovered area of its
centre circle (and its share of the circle; the circle counts as visible from
``circle_min_area_mm2`` on, a guard against numerical slivers), which of its four corner dots
are uncovered (at least ``dot_min_fraction`` of the dot), whether it is falling out (its outline
crosses the wok's edge) and whether it is outside (its centre lies outside the wok). This is
geometry only: whether a card may be picked up is the game's rule
(:mod:`wokphysics.games.wok_on_fire.viability`). The circle is a regular polygon of
``circle_segments`` vertices.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import shapely

from wokphysics.config.table import TableConfig
from wokphysics.table.cards import Card
from wokphysics.table.geometry import CardShapes, wok_rectangle


@dataclass(frozen=True)
class Visibility:
    """What can be seen of one card lying on the table.

    Attributes:
        circle_fraction: uncovered share of the centre circle, 0..1.
        circle_area_mm2: uncovered area of the centre circle, mm^2.
        corners_visible: for the corners in card-local order (bottom-left, bottom-right,
            top-right, top-left), whether that dot is uncovered enough.
        falling_out: the card's outline crosses the wok's edge.
        outside: the card's centre lies outside the wok's edge.
        circle_visible: ``circle_area_mm2`` is at least ``visibility.circle_min_area_mm2``:
            part of the circle can be seen.
    """

    circle_fraction: float
    circle_area_mm2: float
    corners_visible: tuple[bool, bool, bool, bool]
    falling_out: bool
    outside: bool
    circle_visible: bool

    @property
    def any_corner_visible(self) -> bool:
        return any(self.corners_visible)


def _placed(local: np.ndarray, poses: np.ndarray, cos: np.ndarray, sin: np.ndarray) -> np.ndarray:
    """Every card's copy of a local shape (k x 2 points): an (n, k, 2) array on the table.

    ``poses`` is (n, 3): x, y, angle; ``cos`` and ``sin`` are (n, 1) of the angles.
    """
    placed = np.empty((len(poses), len(local), 2))
    placed[..., 0] = local[None, :, 0] * cos - local[None, :, 1] * sin + poses[:, 0:1]
    placed[..., 1] = local[None, :, 0] * sin + local[None, :, 1] * cos + poses[:, 1:2]
    return placed


def _placed_each(
    local: np.ndarray, poses: np.ndarray, cos: np.ndarray, sin: np.ndarray
) -> np.ndarray:
    """Each of ``m`` local shapes (an (m, k, 2) array) at its own pose (``poses`` (m, 3),
    ``cos`` and ``sin`` (m, 1)): :func:`_placed` for one shape per pose, the same arithmetic
    element by element."""
    placed = np.empty(local.shape)
    placed[..., 0] = local[..., 0] * cos - local[..., 1] * sin + poses[:, 0:1]
    placed[..., 1] = local[..., 0] * sin + local[..., 1] * cos + poses[:, 1:2]
    return placed


# The most covering cards over one part whose hidden area is found by inclusion and exclusion
# (2**10 - 1 rectangle clips at worst); a part under more is clipped by general overlay.
_MAX_COVERS: Final = 10


def _uncovered_fractions(
    parts: Sequence[tuple[np.ndarray, int]],
    owner_count: int,
    centres: np.ndarray,
    radii: np.ndarray,
    owners: np.ndarray,
    areas: np.ndarray,
    outlines: np.ndarray,
    poses: np.ndarray,
    cover_cos: np.ndarray,
    cover_sin: np.ndarray,
    half: tuple[float, float],
) -> np.ndarray:
    """Uncovered share of each round part of the cards, under the cards ranked above it.

    ``parts`` are groups of local shapes of equal vertex count, each ``(shapes, per_card)``:
    ``shapes`` a ``(per_card, k_g, 2)`` array of card-local polygons (the circle; the four
    dots), one group part per owning card and shape, card by card, for ``owner_count``
    cards (all of the cards, or the few whose parts are wanted). Only the parts that need
    clipping are placed on the table. The other per-part arrays run over the groups' parts
    in that order:
    part ``k`` is centred at ``centres[k]`` with circumradius ``radii[k]`` and area
    ``areas[k]``, on card ``owners[k]``.

    Candidate covers are found for all pairs at once with the disc-in-rectangle distance in
    each cover's frame (a disc test that contains the polygon, so it never misses a cover); a
    part inside one cover is hidden; for the rest the area under their touching covers is
    found exactly (:func:`_covered_areas`), every group in the same calls.
    """
    count = len(poses)
    part_count = len(owners)
    fractions = np.ones(part_count)
    # Pair every part with every card ranked above its owner (ranks are the indices) whose
    # centre lies near enough for the disc test below to pass: within the cover's half
    # diagonal plus the part's reach from its owner's centre (the distance of its centre plus
    # its radius; and a micrometre, so rounding cannot drop a pair that only touches). A first
    # cut on whole cards that only drops pairs the exact test drops.
    reach = np.hypot(*(centres - poses[owners, :2]).T) + radii
    gap = math.hypot(*half) + float(reach.max()) + 1e-3
    dx = poses[:, 0][None, :] - poses[:, 0][:, None]
    dy = poses[:, 1][None, :] - poses[:, 1][:, None]
    rank = np.arange(count)
    near_cards = (dx * dx + dy * dy <= gap * gap) & (rank[None, :] > rank[:, None])
    part_index, cover_index = np.nonzero(near_cards[owners])
    if len(part_index) == 0:
        return fractions
    offset = centres[part_index] - poses[cover_index, :2]
    cos, sin = cover_cos[cover_index], cover_sin[cover_index]
    local_x = np.abs(cos * offset[:, 0] + sin * offset[:, 1])
    local_y = np.abs(-sin * offset[:, 0] + cos * offset[:, 1])
    gap_x = np.maximum(local_x - half[0], 0.0)
    gap_y = np.maximum(local_y - half[1], 0.0)
    near = gap_x * gap_x + gap_y * gap_y <= (radii * radii)[part_index]
    part_index, cover_index = part_index[near], cover_index[near]
    local_x, local_y = local_x[near], local_y[near]
    radius = radii[part_index]
    inside = (local_x + radius <= half[0]) & (local_y + radius <= half[1])
    hidden = np.zeros(part_count, dtype=bool)
    hidden[part_index[inside]] = True
    fractions[hidden] = 0.0
    keep = ~hidden[part_index]
    part_index, cover_index = part_index[keep], cover_index[keep]
    if len(part_index) == 0:
        return fractions
    # np.nonzero gave the pairs by part, each part's covers in rank order.
    starts = np.flatnonzero(np.concatenate(((True,), part_index[1:] != part_index[:-1])))
    lengths = np.diff(np.append(starts, len(part_index)))
    touched = part_index[starts]
    # Polygons only for the parts that need clipping, in the order of ``touched``.
    pieces = []
    first = 0
    for shapes, per_card in parts:
        size = owner_count * per_card
        chosen = touched[(touched >= first) & (touched < first + size)] - first
        if len(chosen):
            card = owners[chosen + first]
            placed = _placed_each(shapes[chosen % per_card], poses[card], cover_cos[card, None],
                                  cover_sin[card, None])
            pieces.append(shapely.polygons(placed))
        first += size
    polygons = np.concatenate(pieces)
    uncovered = shapely.area(polygons)
    few = lengths <= _MAX_COVERS
    if few.all():
        uncovered -= _covered_areas(polygons, lengths, cover_index, poses, cover_cos, cover_sin,
                                    half)
    else:
        pair_few = np.repeat(few, lengths)
        uncovered[few] -= _covered_areas(polygons[few], lengths[few], cover_index[pair_few],
                                         poses, cover_cos, cover_sin, half)
        many = ~few
        uncovered[many] = shapely.area(_differences(polygons[many], lengths[many],
                                                    outlines[cover_index[~pair_few]]))
    fractions[touched] = np.clip(uncovered / areas[touched], 0.0, 1.0)
    return fractions


def _covered_areas(
    polygons: np.ndarray,
    lengths: np.ndarray,
    cover_index: np.ndarray,
    poses: np.ndarray,
    cover_cos: np.ndarray,
    cover_sin: np.ndarray,
    half: tuple[float, float],
) -> np.ndarray:
    """Area of each convex polygon (mm^2, on the table) that the union of its covering cards
    hides: polygon ``t`` is touched by the ``lengths[t]`` cards that follow in ``cover_index``.

    By inclusion and exclusion over the sets of covers, the area under the union is the sum of
    the intersections with one cover, less those with two, and so on. A convex polygon meets a
    card in a convex polygon, found by clipping it to the card's rectangle in the card's own
    frame (GEOS's rectangle clip, some twenty times quicker than a general overlay); an
    intersection with a further card is clipped from the last one, carried into that card's
    frame. A set whose intersection is empty is not extended, so a part pays only for covers
    that overlap on it. ``lengths`` may not exceed :data:`_MAX_COVERS`; every set is then at
    most ``2 ** _MAX_COVERS - 1`` clips.
    """
    slot_starts = np.cumsum(lengths) - lengths
    covered = np.zeros(len(polygons))
    # Level 1: each polygon against each of its covers. An entry is (polygon, position of its
    # last cover among the polygon's covers, its intersection in that cover's frame).
    owner = np.repeat(np.arange(len(polygons)), lengths)
    position = np.arange(len(owner)) - np.repeat(slot_starts, lengths)
    current = polygons[owner]
    frame_from = None
    sign = 1.0
    while len(owner):
        cover = cover_index[slot_starts[owner] + position]
        current = _into_frame(current, frame_from, cover, poses, cover_cos, cover_sin)
        current = shapely.clip_by_rect(current, -half[0], -half[1], half[0], half[1])
        area = shapely.area(current)
        covered += sign * np.bincount(owner, weights=area, minlength=len(polygons))
        # Extend each non-empty set with each later cover of its polygon.
        alive = area > 0.0
        owner, position, current = owner[alive], position[alive], current[alive]
        extensions = lengths[owner] - 1 - position
        frame_from = np.repeat(cover_index[slot_starts[owner] + position], extensions)
        current = np.repeat(current, extensions)
        first_new = np.repeat(position + 1, extensions)
        offsets = np.arange(int(extensions.sum())) - np.repeat(
            np.cumsum(extensions) - extensions, extensions
        )
        owner = np.repeat(owner, extensions)
        position = first_new + offsets
        sign = -sign
    return covered


def _differences(polygons: np.ndarray, lengths: np.ndarray, covers: np.ndarray) -> np.ndarray:
    """Each polygon less its covers: polygon ``t`` less the ``lengths[t]`` outlines that follow
    in ``covers``, subtracted one round per cover by GEOS's general overlay. For the rare part
    under more than :data:`_MAX_COVERS` cards, where the sets of covers would be too many."""
    remaining = polygons.copy()
    slot = np.repeat(np.arange(len(polygons)), lengths)
    position = np.arange(len(slot)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    for round_number in range(int(lengths.max())):
        chosen = position == round_number
        targets = slot[chosen]
        remaining[targets] = shapely.difference(remaining[targets], covers[chosen])
    return remaining


def _into_frame(
    geometries: np.ndarray,
    frame_from: np.ndarray | None,
    frame_to: np.ndarray,
    poses: np.ndarray,
    cos: np.ndarray,
    sin: np.ndarray,
) -> np.ndarray:
    """Copies of ``geometries`` carried into card ``frame_to[i]``'s frame (its centre at the
    origin, its long side along y), each from card ``frame_from[i]``'s frame, or from the
    table's if ``frame_from`` is None."""
    points, index = shapely.get_coordinates(geometries, return_index=True)
    x, y = points[:, 0], points[:, 1]
    if frame_from is not None:
        source = frame_from[index]
        c, s = cos[source], sin[source]
        x, y = x * c - y * s + poses[source, 0], x * s + y * c + poses[source, 1]
    target = frame_to[index]
    dx, dy = x - poses[target, 0], y - poses[target, 1]
    c, s = cos[target], sin[target]
    carried = np.empty_like(points)
    carried[:, 0] = dx * c + dy * s
    carried[:, 1] = -dx * s + dy * c
    moved: np.ndarray = shapely.set_coordinates(geometries.copy(), carried)
    return moved


Pose = tuple[float, float, float]
"""A card's x, y (mm) and angle (rad), the exact floats its visibility was computed from."""
Depends = tuple[Pose, tuple[tuple[int, float, float, float], ...]]
"""What one card's visibility depends on: its pose, and the id and pose of every card lying
above it near enough to overlap it, bottom up."""


class VisibilityMemo:
    """Each card's last visibility and what it depended on, kept between computations by
    one table: a card whose pose and whose covering cards (their poses and their order) are
    all unchanged gets its last value again, the same bits as computing it afresh.

    Why the same bits: a card's shares are computed from its own parts and the covers that
    touch them alone, element by element (every array operation below works part by part,
    and a part's sum over its covers runs in the covers' order), so computing a few cards
    gives each the value that computing all of them gives it
    (``tests/table/test_table_visibility_memo.py`` checks this over whole games). A cover
    can touch a card's parts only if the two outlines meet, so only if their centres are
    within a card's diagonal: the covers kept are those (and a millimetre more).
    """

    def __init__(self) -> None:
        self.known: dict[int, tuple[Depends, Visibility]] = {}


def compute_visibility(
    cfg: TableConfig,
    cards: Sequence[Card],
    shapes: CardShapes | None = None,
    memo: VisibilityMemo | None = None,
) -> dict[int, Visibility]:
    """Visibility of every card in ``cards`` that lies on the table (location "wok", not airborne).

    All shapes are built as arrays and clipped with shapely's vectorised operations; only the
    covering cards that actually touch a circle or dot are subtracted from it. With ``memo``
    (a table's, kept from its last computation) only the cards whose pose or covers changed
    are computed; the memo is then updated.
    """
    shapes = shapes or CardShapes(cfg)
    lying = sorted(
        (card for card in cards if card.location == "wok" and not card.airborne),
        key=lambda c: (c.layer, c.stack_order, c.id),
    )
    if not lying:
        if memo is not None:
            memo.known = {}
        return {}
    result: dict[int, Visibility] = {}
    targets = list(range(len(lying)))
    depends: list[Depends] = []
    if memo is not None:
        depends = _dependencies(lying, math.hypot(shapes.width, shapes.length) + 1.0)
        targets = []
        for index, card in enumerate(lying):
            kept = memo.known.get(card.id)
            if kept is not None and kept[0] == depends[index]:
                result[card.id] = kept[1]
            else:
                targets.append(index)
    if targets:
        computed = _visibility_of(cfg, shapes, lying, targets)
        result.update(computed)
    if memo is not None:
        memo.known = {card.id: (depends[index], result[card.id])
                      for index, card in enumerate(lying)}
    return dict(sorted(result.items()))


def _dependencies(lying: Sequence[Card], reach: float) -> list[Depends]:
    """For each card of ``lying`` (bottom up), what its visibility depends on: its pose and
    the cards above it whose centres lie within ``reach`` of its centre."""
    poses = [(card.x, card.y, card.angle) for card in lying]
    limit = reach * reach
    found: list[Depends] = []
    for index, (x, y, _) in enumerate(poses):
        covers = []
        for above in range(index + 1, len(lying)):
            ax, ay, angle = poses[above]
            if (ax - x) * (ax - x) + (ay - y) * (ay - y) <= limit:
                covers.append((lying[above].id, ax, ay, angle))
        found.append((poses[index], tuple(covers)))
    return found


def _visibility_of(
    cfg: TableConfig, shapes: CardShapes, lying: Sequence[Card], targets: Sequence[int]
) -> dict[int, Visibility]:
    """The visibility of the cards ``lying[t]`` for ``t`` in ``targets`` (ascending), under
    every card of ``lying`` (bottom up) above them."""
    chosen = np.asarray(targets, dtype=np.intp)
    hw, hl = shapes.width / 2.0, shapes.length / 2.0
    corners = np.array(((-hw, -hl), (hw, -hl), (hw, hl), (-hw, hl)))
    poses = np.array([(c.x, c.y, c.angle) for c in lying])
    cos, sin = np.cos(poses[:, 2:3]), np.sin(poses[:, 2:3])
    outline_points = _placed(corners, poses, cos, sin)
    outlines = shapely.polygons(outline_points)
    half = (hw, hl)
    circle_radius = float(np.hypot(*shapes.circle_local[0]))
    placed_dots = _placed(shapes.dot_centres, poses[chosen], cos[chosen], sin[chosen])
    dot_centres = placed_dots.reshape(-1, 2)
    dot_radius = float(np.hypot(*(shapes.dots_local[0][0] - shapes.dot_centres[0])))
    target_count = len(chosen)
    dot_count = 4 * target_count
    fractions = _uncovered_fractions(
        ((shapes.circle_local[None], 1), (np.stack(shapes.dots_local), 4)),
        target_count,
        np.concatenate((poses[chosen, :2], dot_centres)),
        np.repeat((circle_radius, dot_radius), (target_count, dot_count)),
        np.concatenate((chosen, np.repeat(chosen, 4))),
        np.repeat((shapes.circle_area, shapes.dot_area), (target_count, dot_count)),
        outlines,
        poses,
        cos[:, 0],
        sin[:, 0],
        half,
    )
    circle_fraction = fractions[:target_count]
    dot_fraction = fractions[target_count:].reshape(target_count, 4)
    half_w, half_d = cfg.wok.width_mm / 2.0, cfg.wok.depth_mm / 2.0
    # Wholly inside the wok: every corner inside; only the others need the exact edge test.
    target_points = outline_points[chosen]
    within = np.all(
        (np.abs(target_points[..., 0]) < half_w) & (np.abs(target_points[..., 1]) < half_d),
        axis=1,
    )
    falling_out = np.zeros(target_count, dtype=bool)
    if not within.all():
        edge = wok_rectangle(cfg).boundary
        falling_out[~within] = shapely.intersects(outlines[chosen][~within], edge)
    circle_area = circle_fraction * shapes.circle_area
    dot_threshold = cfg.visibility.dot_min_fraction
    dots_seen = (dot_fraction >= dot_threshold).tolist()
    circles_seen = (circle_area >= cfg.visibility.circle_min_area_mm2).tolist()
    circle_values = circle_fraction.tolist()
    circle_areas = circle_area.tolist()
    out_flags = falling_out.tolist()
    result: dict[int, Visibility] = {}
    for index, target in enumerate(targets):
        card = lying[target]
        seen_dots = dots_seen[index]
        result[card.id] = Visibility(
            circle_fraction=circle_values[index],
            circle_area_mm2=circle_areas[index],
            corners_visible=(seen_dots[0], seen_dots[1], seen_dots[2], seen_dots[3]),
            falling_out=out_flags[index],
            outside=abs(card.x) > half_w or abs(card.y) > half_d,
            circle_visible=circles_seen[index],
        )
    return result

