"""The flick: what the spatula's release does to the cards lying on its blade and on them.

At release the hand snaps the blade up: its leading edge rises at ``V = lift_ratio * s`` (``s``
the blade's speed across the table over the release window, at most the hand's limit), and
the blade turns about the wrist ``wrist_lever_mm`` (``R``) behind that edge, so a point of the
blade ``d`` mm behind the edge rises at ``V (1 - d / R)``. The hand is noisy: ``V`` carries a
relative error of ``flick_noise`` and ``R`` one of ``wrist_noise`` (signal-dependent noise: the
error grows with the speed).

Each card then takes the impulse of a plastic impact with what pushes it up
(:mod:`wokphysics.table.lift`): the blade where the blade is under it, the cards under it
that were lifted before it (cards are solved from the bottom of the stack up), and the table
(or a card that stays) everywhere else. The impulse acts where the card touches its pusher,
so the card's lift and flip follow from that point's lever arm to the card's centre and the
card's inertia: a catch near the card's edge turns it over its far edge, a catch under its
centre lifts it flat, a card lying wholly on the blade follows the blade's turn. A card
carries the cards lying on it as loads (each a share of a card's mass, by how much of it
lies on the card), so a covered card is harder to lift, and each card above is then lifted
through its contact with the card below: nothing passes through the card above it.

Along the table, friction takes at most ``mu`` times the normal impulse (``blade_friction``
on the blade, the card-on-card coefficient on a card) off the sliding between the card and its
pusher, acting at the impulse's centre, so an off-centre catch also twists the card.

Everything here is plain geometry and arithmetic on plain values; the table applies it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from wokphysics.table import convex
from wokphysics.table.convex import Point
from wokphysics.table.geometry import card_corner_points
from wokphysics.table.lift import (
    Contact,
    Inertia,
    Lift,
    add_point_mass,
    lift,
    plate_mass_matrix,
)


class FlatCard:
    """A card lying flat as the flick finds it (mm, rad, mm/s, rad/s); not changed once made.

    ``rank`` orders the cards from the bottom up (a card lies above every overlapping card of
    lower rank); ``on_blade``: the blade is under it. A plain class, not a dataclass: the
    flick makes one per card near the blade, and a dataclass's generated ``__init__`` runs
    interpreted even in the compiled build (several times the cost of this one there)."""

    def __init__(
        self, id: int, x: float, y: float, angle: float, vx: float, vy: float, spin: float,
        rank: tuple[int, int], on_blade: bool,
    ) -> None:
        self.id = id
        self.x = x
        self.y = y
        self.angle = angle
        self.vx = vx
        self.vy = vy
        self.spin = spin
        self.rank = rank
        self.on_blade = on_blade


@dataclass(frozen=True)
class Blade:
    """The blade at release: its leading edge's midpoint (mm), the unit direction it moves
    along (its leading edge lies across it), its width and reach behind the edge (mm), and its
    velocity across the table (mm/s)."""

    x: float
    y: float
    nx: float
    ny: float
    width: float
    length: float
    vx: float
    vy: float

    def outline(self) -> list[Point]:
        """The blade's outline on the table, counter-clockwise (mm)."""
        ax, ay = -self.ny, self.nx  # along the leading edge
        half = self.width / 2.0
        bx, by = self.x - self.length * self.nx, self.y - self.length * self.ny
        return [
            (self.x - half * ax, self.y - half * ay),
            (self.x + half * ax, self.y + half * ay),
            (bx + half * ax, by + half * ay),
            (bx - half * ax, by - half * ay),
        ]

    def behind(self, px: float, py: float) -> float:
        """How far behind the leading edge the point ``(px, py)`` lies, mm."""
        return (self.x - px) * self.nx + (self.y - py) * self.ny


@dataclass(frozen=True)
class Hand:
    """The flick as the hand makes it: the leading edge's upward speed (mm/s, noise included)
    and the wrist's lever (mm)."""

    rise: float
    lever: float

    def speed_at(self, behind_mm: float) -> float:
        """How fast a point of the blade ``behind_mm`` behind its leading edge rises, mm/s."""
        return self.rise * max(0.0, 1.0 - max(0.0, behind_mm) / self.lever)


@dataclass(frozen=True)
class Toss:
    """One card's motion right after the flick.

    Attributes:
        id: the card.
        lift: its vertical motion and turning (:class:`~wokphysics.table.lift.Lift`).
        vx, vy: its velocity across the table, mm/s.
        spin: its turning rate in the table plane, rad/s.
        launched: it leaves the table (some point of it rises at least ``min_lift_mm``).
        depth: for a card on the blade, how far the blade's leading edge lies past the card's
            nearest point along the flick (mm, 0 .. the card's extent); else None.
    """

    id: int
    lift: Lift
    vx: float
    vy: float
    spin: float
    launched: bool
    depth: float | None


@dataclass(frozen=True)
class Material:
    """What the flick needs to know of the cards and the table."""

    width: float
    length: float
    blade_friction: float
    card_friction: float
    gravity: float
    min_lift: float


def depth_under(card: FlatCard, blade: Blade, width: float, length: float) -> float:
    """How far the blade's leading edge lies past the card's nearest point along the blade's
    motion, mm (0 when it has not reached the card; at most the card's extent)."""
    corners = card_corner_points(card.x, card.y, card.angle, width, length)
    along = [px * blade.nx + py * blade.ny for px, py in corners]
    front = blade.x * blade.nx + blade.y * blade.ny
    return min(max(front - min(along), 0.0), max(along) - min(along))


def toss_group(
    cards: Sequence[FlatCard], blade: Blade, hand: Hand, material: Material
) -> list[Toss]:
    """The motion the flick gives every card it moves: those on the blade and every card
    lying on them (directly or through others), bottom first. Cards not listed stay."""
    width, length = material.width, material.length
    boxes = {card.id: _box(card, width, length) for card in cards}
    outlines: dict[int, list[Point]] = {}

    def outline(card: FlatCard) -> list[Point]:
        if card.id not in outlines:
            outlines[card.id] = card_corner_points(card.x, card.y, card.angle, width, length)
        return outlines[card.id]

    # The overlap of a card with a card below it, kept from the search for the group for its
    # contacts.
    overlaps: dict[tuple[int, int], list[Point]] = {}

    def overlap(card: FlatCard, below: FlatCard) -> bool:
        region = convex.clip(outline(card), outline(below))
        overlaps[card.id, below.id] = region
        return convex.area(region) > 1e-6

    by_rank = sorted(cards, key=lambda card: card.rank)
    group: list[FlatCard] = []
    for card in by_rank:
        if card.on_blade or any(
            convex.boxes_meet(boxes[card.id], boxes[other.id]) and overlap(card, other)
            for other in group
        ):
            group.append(card)
    if not group:
        return []
    blade_shape = blade.outline()
    area = width * length
    solved: dict[int, Toss] = {}
    tosses: list[Toss] = []
    for index, card in enumerate(group):
        shape = outline(card)
        contacts: list[Contact] = []
        pushers: list[tuple[int, float, float, float]] = []  # (first contact, mu, vx, vy)
        depth = None
        if card.on_blade:
            points = convex.corners(convex.clip(shape, blade_shape))
            if points:
                pushers.append((len(contacts), material.blade_friction, blade.vx, blade.vy))
                contacts.extend(
                    Contact(px - card.x, py - card.y, hand.speed_at(blade.behind(px, py)))
                    for px, py in points
                )
            depth = depth_under(card, blade, width, length)
        for below in group[:index]:
            if not convex.boxes_meet(boxes[card.id], boxes[below.id]):
                continue
            moved = solved[below.id]
            region = overlaps.get((card.id, below.id))
            if region is None:
                region = convex.clip(shape, outline(below))
            points = convex.corners(region)
            if not points:
                continue
            pushers.append((len(contacts), material.card_friction, moved.vx, moved.vy))
            contacts.extend(
                Contact(px - card.x, py - card.y, moved.lift.rise(px - below.x, py - below.y))
                for px, py in points
            )
        pushed = len(contacts)
        contacts.extend(Contact(px - card.x, py - card.y, 0.0) for px, py in shape)
        matrix: Inertia = plate_mass_matrix(width, length, card.angle)
        for above in group[index + 1 :]:
            if not convex.boxes_meet(boxes[card.id], boxes[above.id]):
                continue
            region = convex.clip(shape, outline(above))
            shared = convex.area(region)
            if shared <= 0.0:  # 0 when they do not overlap as well
                continue
            cx, cy = convex.centroid(region)
            matrix = add_point_mass(matrix, shared / area, cx - card.x, cy - card.y)
        motion = lift(matrix, contacts)
        vx, vy, spin = _friction(card, contacts, motion, pushers, pushed, width, length)
        rise = max(motion.rise(c.x, c.y) for c in contacts[pushed:])
        launched = rise * rise >= 2.0 * material.gravity * material.min_lift and rise > 0.0
        toss = Toss(card.id, motion, vx, vy, spin, launched, depth)
        solved[card.id] = toss
        tosses.append(toss)
    return tosses


def _box(card: FlatCard, width: float, length: float) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) around a card's outline, mm."""
    c, s = abs(math.cos(card.angle)), abs(math.sin(card.angle))
    ex = width / 2.0 * c + length / 2.0 * s
    ey = width / 2.0 * s + length / 2.0 * c
    return card.x - ex, card.y - ey, card.x + ex, card.y + ey


def _friction(
    card: FlatCard,
    contacts: Sequence[Contact],
    motion: Lift,
    pushers: Sequence[tuple[int, float, float, float]],
    pushed: int,
    width: float,
    length: float,
) -> tuple[float, float, float]:
    """The card's velocity and spin across the table after friction with its pushers: each
    takes at most ``mu`` times its normal impulse off the sliding between them (never past
    it), acting at the normal impulse's centre."""
    vx, vy, spin = card.vx, card.vy, card.spin
    spin_k2 = (width * width + length * length) / 12.0
    if not pushers:
        return vx, vy, spin
    ends = [start for start, *_ in pushers[1:]] + [pushed]
    for (start, mu, px_v, py_v), end in zip(pushers, ends, strict=True):
        normal = sum(motion.impulses[start:end])
        if normal <= 0.0:
            continue
        cx = sum(motion.impulses[i] * contacts[i].x for i in range(start, end)) / normal
        cy = sum(motion.impulses[i] * contacts[i].y for i in range(start, end)) / normal
        # The sliding at the impulse's centre, including the card's own turning.
        sx = px_v - (vx - spin * cy)
        sy = py_v - (vy + spin * cx)
        sliding = math.hypot(sx, sy)
        if sliding <= 1e-12:
            continue
        # The impulse that stops the sliding at that point, along it (per unit mass).
        lever = (cx * sy - cy * sx) / sliding
        stop = sliding / (1.0 + lever * lever / spin_k2)
        push = min(mu * normal, stop)
        jx, jy = push * sx / sliding, push * sy / sliding
        vx += jx
        vy += jy
        spin += (cx * jy - cy * jx) / spin_k2
    return vx, vy, spin
