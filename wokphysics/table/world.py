"""The Wok on Fire table: cards as pymunk bodies, a spatula, chop throws, flights and stacking.

One :class:`Table` is one game's world, built fresh for every game and every replay. It steps
at the config's fixed ``dt`` only; nothing here reads a clock. All randomness (the shuffle, the
spread, the hand's tremor) comes from the table's own ``numpy.random.Generator`` seeded once, so
the same seed and the same gestures give a bit-identical table.

The plane is pymunk's. Flat cards on the same stacking layer collide (they butt against each
other); a card on a higher layer lies on top and slides over lower ones (a layer is a height,
recounted whenever the cards come to rest). Coulomb friction with the table is a velocity-only
pivot joint and gear joint to the static body capped at ``mu m g`` (pymunk's documented
top-down friction); a card whose centre lies over a lower card is held by the same kind of
joints to that card instead, with the card-on-card coefficient, so it is dragged along when the
card under it moves. The spatula is driven live, one physics step at a time, by a
:class:`~wokphysics.table.stroke.Stroke`. The third dimension (height and flip of airborne
cards) is :mod:`wokphysics.table.flight`.

>>> from wokphysics import Gesture, load_config
>>> cfg = load_config()
>>> def flicked(seed: int) -> str:
...     table = Table(cfg.physics, seed, cfg.deck())
...     table.setup(24, position_jitter_mm=20.0, angle_jitter_rad=0.35)
...     table.stir(Gesture([(0.0, 0.0, -160.0), (0.1, 0.0, -40.0)]))
...     return table.state_hash()
>>> flicked(7) == flicked(7)   # the same seed and gesture: a bit-identical table
True
"""

from __future__ import annotations

import hashlib
import math
import struct
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import pymunk
import shapely

from wokphysics.config.table import TableConfig
from wokphysics.table.cards import Card, Location
from wokphysics.table.contacts import OVERLAP_TOLERANCE_MM, overlap_depth, restack
from wokphysics.table.flick import Blade, FlatCard, Hand, Material, toss_group
from wokphysics.table.flight import (
    Flight,
    FlightParameters,
    Touchdown,
    advance,
    launch,
    plate_inertia,
)
from wokphysics.table.geometry import CardShapes, card_corners
from wokphysics.table.gesture import Gesture, GestureError
from wokphysics.table.stroke import MAX_GESTURE_S, Stroke
from wokphysics.table.visibility import Visibility, compute_visibility

SPATULA_CATEGORY = 0b1
CARD_TYPE = 1
BLADE_TYPE = 2
PARKED_TYPE = 3
"""pymunk collision types: the blade's meetings with cards are handled by the stroke; a
parked card's marker wakes it when anything reaches it."""
COLLISION_SLOP_MM = 1.0
"""pymunk pushes apart only the part of an overlap deeper than this (mm)."""
PARKING_MARGIN_MM = 8.0
"""A parked card wakes when a moving body comes this close to its outline (mm): about a
step's travel at 1 m/s, so cards usually wake before anything touches them."""
TOP_LAYER_BIT = 30
"""Flat cards collide only with cards of their own layer: layer ``L`` is category bit ``L``
(layers above 30 share bit 30)."""
ALL_CARDS = ((1 << (TOP_LAYER_BIT + 1)) - 1) & ~SPATULA_CATEGORY
SPATULA_FILTER = pymunk.ShapeFilter(categories=SPATULA_CATEGORY, mask=ALL_CARDS)
# Friction coefficient of the contact between two cards' edges (pymunk multiplies the two).
_CARD_EDGE_FRICTION = 0.5
SEATS = 4
MOVED_MM = 0.1
"""An action moved a card when some point of it moved further than this (mm); less is the
rounding of a contact, not a move."""
# Setup keeps every spread card's outline at least this far inside the wok's edge, so none
# touches it (a touching outline counts as crossing the edge), mm.
_SPREAD_EDGE_GAP_MM = 1.0


def layer_bit(layer: int) -> int:
    """The collision category of a flat card on ``layer``."""
    return 1 << max(1, min(layer, TOP_LAYER_BIT))


class TableError(ValueError):
    """An operation the table cannot do (a bad gesture, an unknown card, a card not there)."""


@dataclass
class _LiveCard:
    """The table's private, mutable record of one card."""

    id: int
    ingredient: str
    body: pymunk.Body
    shape: pymunk.Poly
    slide: pymunk.PivotJoint
    twist: pymunk.GearJoint
    face_up: bool = False
    layer: int = 0
    stack_order: int = 0
    location: Location = "supply"
    owner: int | None = None
    flight: Flight | None = None
    in_space: bool = False
    parked: bool = False
    """At rest and out of pymunk's space (its body, shape and joints removed) until a moving
    body comes near: see :meth:`Table._park_resting`."""
    marker: pymunk.Body | None = None
    """While parked: a static body in the space with a sensor of the card's outline grown by
    ``PARKING_MARGIN_MM``, which reports what comes near."""
    launched_from: tuple[float, float] = (0.0, 0.0)
    on_blade: bool = False
    blade_share: float = 0.0
    """While on the blade: the share of its weight the blade bears (0..1)."""
    support: _LiveCard | None = None
    hold: tuple[pymunk.PivotJoint, pymunk.GearJoint] | None = None


@dataclass(frozen=True)
class ActionReport:
    """What one stir or chop did, once everything came to rest.

    Attributes:
        flipped: ids of cards whose face changed.
        launched: ids of cards that left the table surface (flew).
        moved: ids of cards whose position or angle changed.
        touched: ids of cards the spatula met (stir) or that were thrown (chop).
        half_turns: for each launched card, the whole half turns it made.
        peak_height: for each launched card, the highest its centre rose, mm.
        travel: for each moved card, the straight distance from start to rest, mm.
        left_wok: ids of cards whose centre went from inside the wok's edge to outside it
            (or off the table) during the action.
        simulated_s: simulated seconds the action covered.
        steps: physics steps taken.
        touchdowns: for each launched card, every impact with the table in order, with its
            flip-plane kinetic energy just before and just after.
        release_speed: the blade's speed at release as the stroke measured it (stir), mm/s;
            0 for a chop.
        flick_speed: the speed the flick was made at, mm/s: the release speed, or the
            fastest flick a hand makes (``spatula.hand_speed_limit_mm_s``) when it was faster.
        depths: for each card the blade was under at release, how far its leading edge lay
            past the card's nearest point along the flick, mm.
    """

    flipped: tuple[int, ...]
    launched: tuple[int, ...]
    moved: tuple[int, ...]
    touched: tuple[int, ...]
    half_turns: dict[int, int] = field(default_factory=dict)
    peak_height: dict[int, float] = field(default_factory=dict)
    travel: dict[int, float] = field(default_factory=dict)
    left_wok: tuple[int, ...] = ()
    simulated_s: float = 0.0
    steps: int = 0
    touchdowns: dict[int, tuple[Touchdown, ...]] = field(default_factory=dict)
    release_speed: float = 0.0
    flick_speed: float = 0.0
    depths: dict[int, float] = field(default_factory=dict)

    @property
    def speed_limited(self) -> bool:
        """The stroke was faster than a hand flicks: it was played at the hand's limit."""
        return self.flick_speed < self.release_speed


class ActionRun:
    """A stir or chop being run one physics step at a time (for drawing it as it happens).

    Made by :meth:`Table.begin_stir`, :meth:`Table.begin_chop` and
    :meth:`~wokphysics.table.stroke.Stroke.begin_release`, which check their input and start
    the action at once (a bad gesture raises there). Each :meth:`advance` runs exactly one more
    physics step of the action; once :attr:`done`, :attr:`report` is the action's report. Run
    to the end, it leaves the table bit for bit as :meth:`Table.stir` / :meth:`Table.chop` /
    :meth:`~wokphysics.table.stroke.Stroke.release` would (they are this, run to the end).
    While it runs, the table's cards show the intermediate states; start no other action and
    take no card until it is done.
    """

    def __init__(self, steps: Generator[None, None, ActionReport]) -> None:
        self._steps = steps
        self._report: ActionReport | None = None
        self._advance()  # the action's start: the blade down or released, or cards thrown

    def _advance(self) -> None:
        try:
            next(self._steps)
        except StopIteration as finished:
            self._report = finished.value

    @property
    def done(self) -> bool:
        """The action has come to rest (its report is ready)."""
        return self._report is not None

    def advance(self) -> bool:
        """Run one more physics step (or the closing bookkeeping); True while not done."""
        if self._report is None:
            self._advance()
        return self._report is None

    def finish(self) -> ActionReport:
        """Run the rest of the action to rest and return its report."""
        while self._report is None:
            self._advance()
        return self._report

    @property
    def report(self) -> ActionReport:
        """The action's report; a TableError while it still runs."""
        if self._report is None:
            raise TableError("the action is still running")
        return self._report


class Table:
    """The physics table of one Wok on Fire game.

    The table knows geometry and physics only (``cfg``); the game that owns it gives the card
    labels (``deck[i]`` is card ``i``'s ingredient), the supply count at :meth:`setup` and the
    number of supply cards each :meth:`chop` throws.

    Invariants: every card is in exactly one location; cards in ``"wok"`` are in the pymunk
    space (on the table surface, inside or outside the wok's edge); the supply is an ordered
    stack whose first element is its top; at most one stroke is in progress.
    """

    def __init__(self, cfg: TableConfig, seed: int, deck: Sequence[str]) -> None:
        if isinstance(deck, str) or not all(isinstance(label, str) for label in deck):
            raise TableError("deck must be a sequence of card labels (one string per card)")
        self.cfg = cfg
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.dt = cfg.physics.dt_s
        self.time = 0.0
        self.steps = 0
        self.shapes = CardShapes(cfg)
        physics = cfg.physics
        self._flight_params = FlightParameters(
            gravity=physics.gravity_mm_s2,
            terminal_speed=physics.terminal_speed_mm_s,
            spin_drag=physics.spin_drag_per_rad,
            max_flight_s=physics.max_flight_s,
            air_drag=physics.air_drag_per_s,
            restitution=physics.restitution,
            friction=physics.friction,
        )
        self.space = pymunk.Space()
        self.space.iterations = cfg.physics.solver_iterations
        self.space.gravity = (0.0, 0.0)
        # Overlaps up to a millimetre are left alone: cards are thin, and pymunk's correction
        # of the sliver left where two cards butt moved cards that nothing else touched.
        self.space.collision_slop = COLLISION_SLOP_MM
        self.space.on_collision(
            BLADE_TYPE,
            CARD_TYPE,
            begin=self._blade_meets,
            separate=self._blade_leaves,
        )
        self.space.on_collision(PARKED_TYPE, None, begin=self._near_parked)
        self._next_stack_order = 1
        self._mean_r = self._mean_radius()
        self._cards: list[_LiveCard] = [
            self._make_card(card_id, name) for card_id, name in enumerate(deck)
        ]
        self._by_shape: dict[pymunk.Shape, _LiveCard] = {card.shape: card for card in self._cards}
        self._airborne: list[_LiveCard] = []
        self._loads: dict[int, int] | None = None  # _load_on's counts, until a support changes
        self._by_marker: dict[pymunk.Shape, _LiveCard] = {}
        self._to_wake: list[_LiveCard] = []
        self._held: set[pymunk.PivotJoint] = set()  # the hold joints now in the space
        card_cfg = cfg.card
        self._spin_k2 = (card_cfg.width_mm**2 + card_cfg.length_mm**2) / 12.0
        self.supply: list[int] = []
        self._stroke: Stroke | None = None
        self._visibility_cache: dict[int, Visibility] | None = None
        self._last_mover = 0
        self._diagonal = math.hypot(cfg.card.width_mm, cfg.card.length_mm)
        self._last_half_turns: dict[int, int] = {}
        self._last_peak: dict[int, float] = {}
        self._last_touchdowns: dict[int, list[Touchdown]] = {}

    # ------------------------------------------------------------------ construction
    def _make_card(self, card_id: int, ingredient: str) -> _LiveCard:
        card = self.cfg.card
        mass = card.mass_g
        size = (card.width_mm, card.length_mm)
        body = pymunk.Body(mass, pymunk.moment_for_box(mass, size))
        shape = pymunk.Poly.create_box(body, size)
        shape.collision_type = CARD_TYPE
        shape.friction = _CARD_EDGE_FRICTION
        shape.elasticity = 0.0
        static = self.space.static_body
        slide = pymunk.PivotJoint(static, body, (0.0, 0.0), (0.0, 0.0))
        slide.max_bias = 0.0
        twist = pymunk.GearJoint(static, body, 0.0, 1.0)
        twist.max_bias = 0.0
        live = _LiveCard(card_id, ingredient, body, shape, slide, twist)
        self._set_sliding(live, True)
        return live

    def _set_sliding(self, card: _LiveCard, on_table: bool) -> None:
        """Friction on (a card lying flat) or off (a card in the air), and the collision
        filter that goes with it (flat cards meet their own layer and the blade)."""
        self._wake(card)
        if not on_table:
            card.shape.filter = pymunk.ShapeFilter(categories=layer_bit(card.layer), mask=0)
            self._friction(card)
            return
        bit = layer_bit(card.layer)
        card.shape.filter = pymunk.ShapeFilter(categories=bit, mask=bit | SPATULA_CATEGORY)
        self._friction(card)

    def _friction(self, card: _LiveCard) -> None:
        """Cap the friction joints at Coulomb's ``mu N`` for the weight the card bears."""
        physics = self.cfg.physics
        weight = self.cfg.card.mass_g * physics.gravity_mm_s2
        flat = card.flight is None and card.location == "wok"
        # A card also bears the cards lying on it (their weight presses it down).
        load = 1 + self._load_on(card) if flat else 0
        if card.hold is not None:
            hold, hold_twist = card.hold
            force = physics.card_friction * weight * load * (1.0 - card.blade_share)
            hold.max_force = force
            # Friction torque of a uniformly pressed rectangle: force times its mean radius.
            hold_twist.max_force = force * self._mean_r
            card.slide.max_force = 0.0
            card.twist.max_force = 0.0
            return
        force = physics.friction * weight * load * (1.0 - card.blade_share)
        card.slide.max_force = force
        card.twist.max_force = force * self._mean_r

    def _load_on(self, card: _LiveCard) -> int:
        """How many cards rest on ``card``, directly or through others."""
        loads = self._loads
        if loads is None:
            loads = self._loads = self._count_loads()
        return loads.get(card.id, 0)

    def _count_loads(self) -> dict[int, int]:
        """By card id, how many cards rest on it, directly or through others (cards on the
        table only; a card in the air rests on nothing)."""
        resting_on: dict[int, list[_LiveCard]] = {}
        for other in self._cards:
            if other.support is not None and other.flight is None:
                resting_on.setdefault(other.support.id, []).append(other)
        loads: dict[int, int] = {}
        for card in self._cards:
            count = 0
            pending = list(resting_on.get(card.id, ()))
            while pending:
                above = pending.pop()
                count += 1
                pending.extend(resting_on.get(above.id, ()))
            if count:
                loads[card.id] = count
        return loads

    def _mean_radius(self) -> float:
        width, length = self.cfg.card.width_mm, self.cfg.card.length_mm
        # Mean distance of a rectangle's points from its centre (closed form).
        d = math.hypot(width, length)
        a, b = width / 2.0, length / 2.0
        return (
            2 * a * b * d / 2.0
            + a**3 * math.log((b + d / 2.0) / a)
            + b**3 * math.log((a + d / 2.0) / b)
        ) / (6.0 * a * b)

    def _enter_space(self, card: _LiveCard) -> None:
        if not card.in_space:
            self.space.add(card.body, card.shape, card.slide, card.twist)
            card.in_space = True

    # ------------------------------------------------------------------ parking
    def _group(self, card: _LiveCard) -> list[_LiveCard]:
        """The cards held together by friction joints with ``card``: the card at the bottom
        of its stack and every card lying on it, directly or through others, by id."""
        bottom = card
        while bottom.support is not None:
            bottom = bottom.support
        members = []
        for other in self._cards:
            root = other
            while root.support is not None:
                root = root.support
            if root is bottom:
                members.append(other)
        return members

    def _park_resting(self) -> None:
        """Take every card lying at rest out of pymunk's space (body, shape and joints):
        a parked card is not stepped at all, so nothing it does not meet moves it and a step
        costs only what moves. In its place a static sensor of its outline, grown by
        ``PARKING_MARGIN_MM``, reports any moving body (the blade, a sliding card of its
        layer) that comes near, and the card is put back, with the cards held to it, before
        the next step (:meth:`_wake_reported`). pymunk's own sleeping is not used: it can
        loop forever on its contact graph (Chipmunk2D issues 260 and 241)."""
        for card in self._cards:
            if card.in_space and not card.parked and card.flight is None:
                self._park_one(card)

    def _park_one(self, card: _LiveCard) -> None:
        """Take one resting card out of the space and put its marker in (see
        :meth:`_park_resting`); the cards held to it must be parked with it."""
        if card.hold is not None and card.hold[0] in self._held:
            self.space.remove(*card.hold)
            self._held.discard(card.hold[0])
        self.space.remove(card.body, card.shape, card.slide, card.twist)
        card.parked = True
        marker = card.marker
        if marker is None:
            marker = pymunk.Body(body_type=pymunk.Body.STATIC)
            half_w, half_l = self.cfg.card.width_mm / 2.0, self.cfg.card.length_mm / 2.0
            sensor = pymunk.Poly(
                marker,
                [(-half_w, -half_l), (half_w, -half_l), (half_w, half_l), (-half_w, half_l)],
                radius=PARKING_MARGIN_MM,
            )
            sensor.sensor = True
            sensor.collision_type = PARKED_TYPE
            card.marker = marker
            self._by_marker[sensor] = card
        marker.position = card.body.position
        marker.angle = card.body.angle
        (sensor,) = marker.shapes
        bit = layer_bit(card.layer)
        sensor.filter = pymunk.ShapeFilter(categories=bit, mask=bit | SPATULA_CATEGORY)
        self.space.add(marker, sensor)

    def _park_still(self) -> None:
        """Park again the awake cards that stand exactly still, with every card held to them
        (woken because the blade came near, never touched): the settling steps only what
        moves."""
        still: dict[int, bool] = {}
        for card in self._cards:
            if not card.in_space or card.parked:
                continue
            body = card.body
            still[card.id] = (
                card.flight is None
                and not card.on_blade
                and body.velocity == (0.0, 0.0)
                and body.angular_velocity == 0.0
            )
        for card in self._cards:
            if not still.get(card.id, False) or card.parked:
                continue
            group = self._group(card)
            if all(still.get(member.id, member.parked) for member in group):
                for member in group:
                    if not member.parked:
                        self._park_one(member)

    def _wake(self, card: _LiveCard) -> None:
        """Put a parked card back in pymunk's space, with the cards held to it."""
        if not card.parked:
            return
        group = self._group(card)
        for member in group:
            if member.parked:
                marker = member.marker
                assert marker is not None
                self.space.remove(marker, *marker.shapes)
                self.space.add(member.body, member.shape, member.slide, member.twist)
                member.parked = False
        for member in group:
            if member.hold is not None and member.hold[0] not in self._held:
                self.space.add(*member.hold)
                self._held.add(member.hold[0])

    def _near_parked(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """pymunk: something reached a parked card's marker: wake it after this step."""
        card = self._by_marker.get(arbiter.shapes[0])
        if card is not None:
            self._to_wake.append(card)
        arbiter.process_collision = False

    def _wake_reported(self) -> list[_LiveCard]:
        """Wake the parked cards something came near in the last step, by id; returns the
        cards woken (with those held to them)."""
        if not self._to_wake:
            return []
        woken: list[_LiveCard] = []
        for card in sorted(self._to_wake, key=lambda c: c.id):
            if card.parked:
                woken.extend(self._group(card))
                self._wake(card)
        self._to_wake.clear()
        return sorted({c.id: c for c in woken}.values(), key=lambda c: c.id)

    def _leave_space(self, card: _LiveCard) -> None:
        self._wake(card)
        self._rest_on(card, None)
        for other in self._cards:
            if other.support is card:
                self._rest_on(other, None)
        if card.in_space:
            self.space.remove(card.body, card.shape, card.slide, card.twist)
            card.in_space = False
        card.body.velocity = (0.0, 0.0)
        card.body.angular_velocity = 0.0
        if card.flight is not None:
            self._airborne.remove(card)
        card.flight = None
        self._loads = None
        card.on_blade = False

    def _rest_on(self, card: _LiveCard, support: _LiveCard | None) -> None:
        """Hold ``card`` by friction to the card it lies on (or to the table when None)."""
        if card.support is support and (support is None) == (card.hold is None):
            return
        self._wake(card)
        if support is not None:
            self._wake(support)
        below = [card.support, support]
        if card.hold is not None:
            self.space.remove(*card.hold)
            self._held.discard(card.hold[0])
            card.hold = None
        card.support = support
        self._loads = None
        if support is not None:
            at = support.body.world_to_local(card.body.position)
            hold = pymunk.PivotJoint(support.body, card.body, at, (0.0, 0.0))
            hold.max_bias = 0.0
            hold_twist = pymunk.GearJoint(
                support.body, card.body, card.body.angle - support.body.angle, 1.0
            )
            hold_twist.max_bias = 0.0
            card.hold = (hold, hold_twist)
            self.space.add(hold, hold_twist)
            self._held.add(hold)
        self._friction(card)
        # The cards underneath bear more (or less) weight now.
        for other in below:
            while other is not None:
                self._friction(other)
                other = other.support

    # ------------------------------------------------------------------ setup
    def setup(self, supply: int, *, position_jitter_mm: float, angle_jitter_rad: float) -> None:
        """Shuffle (seeded), deal ``supply`` cards face down to the supply, spread the rest face
        down over the wok.

        The spread is a grid as even as the count allows (rows of equal length, the extra cards
        in the middle rows), each card jittered in position (standard deviation
        ``position_jitter_mm``, mm) and angle (``angle_jitter_rad``, rad), stacked in dealing
        order.
        """
        if any(card.location != "supply" or card.in_space for card in self._cards):
            raise TableError("setup() is for a fresh table")
        if not isinstance(supply, int) or not 0 <= supply <= len(self._cards):
            raise TableError(f"the supply holds 0 to {len(self._cards)} cards, not {supply!r}")
        order = [int(i) for i in self.rng.permutation(len(self._cards))]
        self.supply = order[:supply]
        spread = order[supply:]
        poses = self._spread_poses(len(spread), position_jitter_mm, angle_jitter_rad)
        for card_id, (x, y, angle) in zip(spread, poses, strict=True):
            card = self._cards[card_id]
            card.face_up = False
            card.body.position = (x, y)
            card.body.angle = angle
            card.location = "wok"
            self._enter_space(card)
            self._stack_on_top(card)
        self._park_resting()
        self._visibility_cache = None

    def _spread_poses(
        self, count: int, position_jitter_mm: float, angle_jitter_rad: float
    ) -> list[tuple[float, float, float]]:
        """Poses of ``count`` cards spread over the wok, each wholly inside its edge.

        The grid's centres span the region where an unturned card fits; each card's jittered
        centre is then held inside by its own turned extent (half width and half length
        projected on x and y), so no spread card crosses the wok's edge.
        """
        if count == 0:
            return []
        wok = self.cfg.wok
        hw, hl = self.cfg.card.width_mm / 2.0, self.cfg.card.length_mm / 2.0
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
                jx, jy, ja = self.rng.normal(0.0, 1.0, 3)
                angle = float(angle_jitter_rad * ja)
                c, s = abs(math.cos(angle)), abs(math.sin(angle))
                reach_x = max(0.0, wok.width_mm / 2.0 - (hw * c + hl * s) - _SPREAD_EDGE_GAP_MM)
                reach_y = max(0.0, wok.depth_mm / 2.0 - (hw * s + hl * c) - _SPREAD_EDGE_GAP_MM)
                px = float(np.clip(x + position_jitter_mm * jx, -reach_x, reach_x))
                py = float(np.clip(y + position_jitter_mm * jy, -reach_y, reach_y))
                poses.append((px, py, angle))
        return poses

    # ------------------------------------------------------------------ views
    @property
    def cards(self) -> list[Card]:
        """A snapshot of every card, by id."""
        return [self._view(card) for card in self._cards]

    def card(self, card_id: int) -> Card:
        """A snapshot of one card."""
        return self._view(self._live(card_id))

    def _live(self, card_id: int) -> _LiveCard:
        if not isinstance(card_id, int) or not 0 <= card_id < len(self._cards):
            raise TableError(f"there is no card {card_id!r}; ids are 0 to {len(self._cards) - 1}")
        return self._cards[card_id]

    def _view(self, card: _LiveCard) -> Card:
        x, y = card.body.position
        angle = card.body.angle
        flight = card.flight
        pivot: tuple[float, float] | None = None
        if flight is not None:
            # In the air the flight carries the card; its body waits where it took off.
            ox, oy = card.launched_from
            dx, dy = flight.offset()
            x, y = ox + dx, oy + dy
            if flight.width > 0.0:
                angle = flight.yaw
            at = flight.pivot_offset()
            if at is not None:
                pivot = (ox + at[0], oy + at[1])
        return Card(
            id=card.id,
            ingredient=card.ingredient,
            face_up=card.face_up,
            x=float(x),
            y=float(y),
            angle=float(angle),
            layer=card.layer,
            stack_order=card.stack_order,
            location=card.location,
            owner=card.owner,
            airborne=flight is not None,
            height=flight.z if flight else 0.0,
            flip_angle=flight.theta if flight else 0.0,
            flip_axis=flight.axis if flight else 0.0,
            pivot=pivot,
            on_blade=card.on_blade,
        )

    def wok_cards(self) -> list[Card]:
        """The cards lying on the table (inside or outside the wok's edge)."""
        return [self._view(card) for card in self._cards if card.location == "wok"]

    def visibility(self) -> dict[int, Visibility]:
        """By card id, for every card lying on the table: what of it can be seen and where it
        lies against the wok's edge (geometry only; whether it may be picked up is the game's
        rule). Computed once the cards have settled, and cached until they move: a new dict
        whenever anything changed."""
        if self._visibility_cache is None:
            self._visibility_cache = compute_visibility(self.cfg, self.cards, self.shapes)
        return self._visibility_cache

    def mechanical_energy(self) -> float:
        """The table's mechanical energy per unit of a card's mass, mm^2/s^2: every card's
        kinetic energy (sliding and turning on the table; flying, flipping and turning in
        the air) and the potential energy of its height. A card at rest or parked adds
        nothing; the blade (the hand) is not part of it."""
        g = self.cfg.physics.gravity_mm_s2
        total = 0.0
        for card in self._cards:
            flight = card.flight
            if flight is not None:
                total += (
                    flight.energy
                    + 0.5 * flight.va * flight.va
                    + 0.5 * self._spin_k2 * flight.yaw_rate * flight.yaw_rate
                    + g * flight.z
                )
            elif card.in_space and not card.parked:
                vx, vy = card.body.velocity
                spin = card.body.angular_velocity
                total += 0.5 * (vx * vx + vy * vy + self._spin_k2 * spin * spin)
        return total

    def at_rest(self) -> bool:
        """No card is flying or sliding and no spatula is on the table."""
        if self._stroke is not None or self._airborne:
            return False
        physics = self.cfg.physics
        # The card found moving last time is most likely still moving: look at it first.
        last = self._cards[self._last_mover]
        for card in (last, *self._cards):
            if not card.in_space or card.parked:
                continue
            if (
                card.body.velocity.length > physics.rest_speed_mm_s
                or abs(card.body.angular_velocity) > physics.rest_spin_rad_s
            ):
                self._last_mover = card.id
                return False
        return True

    # ------------------------------------------------------------------ stepping
    def step(self) -> None:
        """Advance the world by one fixed step ``dt``."""
        dt = self.dt
        self._wake_reported()
        if self._stroke is None:
            sliding = [
                card.body
                for card in self._cards
                if card.in_space and not card.parked and card.flight is None
            ]
            before = _energy(sliding, self._spin_k2)
            self.space.step(dt)
            if sliding and _energy(sliding, self._spin_k2) > before:
                _slow_to(sliding, self._spin_k2, before)
        else:
            self.space.step(dt)  # the hand drives the blade: it may add energy
        self.steps += 1
        self.time += dt
        if not self._airborne:
            return
        substeps = self.cfg.physics.flight_substeps
        for card in list(self._airborne):
            flight = card.flight
            assert flight is not None
            # The flight carries the card across the table; its pymunk body waits, still,
            # where it took off (it meets nothing) until it lands (_land sets its pose).
            advance(flight, dt, substeps, self._flight_params)
            if flight.landed:
                self._land(card)

    def _settle(self, start_time: float) -> Generator[None, None, None]:
        """Step until everything rests (or the config's limit), then stop the slow drift exactly
        and recount the stacking layers.

        A generator that yields after each physics step (see :class:`ActionRun`)."""
        limit = start_time + self.cfg.physics.max_settle_s
        while not self.at_rest() and self.time < limit:
            self.step()
            yield
        for card in list(self._airborne):
            flight = card.flight
            assert flight is not None
            # Only reachable with extreme settings: put it down on its nearer face.
            flight.landed_theta = round(flight.theta / math.pi) * math.pi
            self._land(card)
        for card in self._cards:
            if card.in_space and not card.parked:
                card.body.velocity = (0.0, 0.0)
                card.body.angular_velocity = 0.0
        self._drop_off_table()
        self._restack()
        self._park_resting()
        self._visibility_cache = None

    def _drop_off_table(self) -> None:
        half_w = self.cfg.table.width_mm / 2.0
        half_d = self.cfg.table.depth_mm / 2.0
        for card in self._cards:
            if card.location != "wok":
                continue
            x, y = card.body.position
            if abs(x) > half_w or abs(y) > half_d:
                self._leave_space(card)
                card.location = "floor"
                card.layer = 0

    # ------------------------------------------------------------------ stacking
    def _flat_cards(self) -> list[_LiveCard]:
        return [c for c in self._cards if c.location == "wok" and c.flight is None]

    def _poses(self, cards: list[_LiveCard]) -> np.ndarray:
        return np.array(
            [(c.body.position.x, c.body.position.y, c.body.angle) for c in cards], dtype=float
        ).reshape(-1, 3)

    def _stack_on_top(self, card: _LiveCard) -> None:
        """Put ``card`` above every flat card its outline overlaps, resting on the highest one
        its centre lies over (else on the table)."""
        top = 0
        support: _LiveCard | None = None
        width, length = self.cfg.card.width_mm, self.cfg.card.length_mm
        x, y = card.body.position
        pose = (x, y, card.body.angle)
        reach = self._diagonal + OVERLAP_TOLERANCE_MM
        best: tuple[int, int] | None = None
        for other in self._cards:
            if other is card or other.location != "wok" or other.flight is not None:
                continue
            ox, oy = other.body.position
            if abs(ox - x) > reach or abs(oy - y) > reach:
                continue  # too far apart to touch
            deep = overlap_depth(pose, (ox, oy, other.body.angle), width, length)
            if deep <= OVERLAP_TOLERANCE_MM:
                continue
            top = max(top, other.layer)
            local = other.body.world_to_local((x, y))
            if abs(local.x) <= width / 2.0 and abs(local.y) <= length / 2.0:
                rank = (other.layer, other.stack_order)
                if best is None or rank > best:
                    best, support = rank, other
        card.layer = top + 1
        card.stack_order = self._next_stack_order
        self._next_stack_order += 1
        if card.flight is None:
            self._set_sliding(card, True)
        self._rest_on(card, support)

    def _restack(self) -> None:
        """Recount the layers of the cards at rest from the bottom up (a card slid off a
        stack is back on layer 1 and meets the cards there), keeping what covers what, and
        rest each card on the card under its centre."""
        flat = self._flat_cards()
        if not flat:
            return
        ranks = sorted(range(len(flat)), key=lambda i: (flat[i].layer, flat[i].stack_order))
        layers, supports = restack(
            self._poses(flat),
            np.array(ranks, dtype=np.int64),
            self.cfg.card.width_mm,
            self.cfg.card.length_mm,
            np.array([card.layer for card in flat], dtype=np.int64),
        )
        for card, layer in zip(flat, layers, strict=True):
            if layer != card.layer:
                card.layer = layer
                self._set_sliding(card, True)
        for card, below in zip(flat, supports, strict=True):
            self._rest_on(card, flat[below] if below >= 0 else None)

    def _above(self, card: _LiveCard, other: _LiveCard) -> bool:
        return (other.layer, other.stack_order) > (card.layer, card.stack_order)

    def _take_off(self, card: _LiveCard, flight: Flight) -> None:
        """``card`` leaves the table surface on ``flight``; what lay on it rests on what lies
        under it now (or on the table)."""
        for other in self._cards:
            if other.support is card:
                self._rest_on(other, card.support)
        self._rest_on(card, None)
        card.flight = flight
        self._loads = None
        card.on_blade = False
        card.launched_from = (float(card.body.position.x), float(card.body.position.y))
        card.body.velocity = (0.0, 0.0)
        card.body.angular_velocity = 0.0
        self._airborne.append(card)
        self._set_sliding(card, False)
        self._last_touchdowns[card.id] = flight.touchdowns

    def _land(self, card: _LiveCard) -> None:
        flight = card.flight
        assert flight is not None
        if flight.flipped:
            card.face_up = not card.face_up
        self._last_half_turns[card.id] = flight.half_turns
        self._last_peak[card.id] = max(self._last_peak.get(card.id, 0.0), flight.peak)
        ox, oy = card.launched_from
        dx, dy = flight.offset()
        card.body.position = (ox + dx, oy + dy)
        if flight.width > 0.0:
            card.body.angle = flight.yaw
        card.body.velocity = flight.velocity()
        card.body.angular_velocity = flight.yaw_rate
        card.flight = None
        self._loads = None
        self._airborne.remove(card)
        self._stack_on_top(card)

    # ------------------------------------------------------------------ the spatula
    def begin_stroke(self, x: float, y: float) -> Stroke:
        """Put the spatula's blade down at ``(x, y)`` mm and return the live stroke.

        Move it with :meth:`Stroke.move_to` (one physics step each) and end it with
        :meth:`Stroke.release` (the flick, then the settling). Only one stroke at a time.
        """
        if self._stroke is not None:
            raise TableError("a stroke is in progress: release it first")
        for value in (x, y):
            if not isinstance(value, (int, float)) or not math.isfinite(value):
                raise GestureError(f"the blade must go down at finite coordinates, not {(x, y)}")
        self._last_half_turns.clear()
        self._last_peak.clear()
        self._last_touchdowns.clear()
        self._stroke = Stroke(self, float(x), float(y))
        return self._stroke

    def _end_stroke(self) -> None:
        self._stroke = None

    def _blade_meets(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """pymunk: the blade starts touching a card (the stroke decides: push or slide under)."""
        card = self._by_shape.get(arbiter.shapes[1])
        if self._stroke is not None and card is not None:
            arbiter.process_collision = self._stroke.meet(card)

    def _blade_leaves(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """pymunk: the blade stops touching a card (one it was under drops back)."""
        card = self._by_shape.get(arbiter.shapes[1])
        if self._stroke is not None and card is not None:
            self._stroke.leave(card)

    def stroke_steps(self, gesture: Gesture) -> int:
        """How many physics steps a stir along ``gesture`` moves the blade."""
        steps = gesture.duration / self.dt
        return max(0, math.ceil(steps - 1e-9))

    def stroke_gesture(self, gesture: Gesture) -> Gesture:
        """``gesture`` as the blade follows it: one sample per physics step, at ``k * dt``
        seconds (the pointer's position then, the last at its release point).

        This is the gesture a live stroke records (:attr:`Stroke.gesture`); a gesture already
        in this form comes back unchanged, so a stir along either is the same stir.
        """
        start, end = gesture.start_time, gesture.samples[-1][0]
        first = gesture.samples[0]
        samples = [(0.0, first[1], first[2])]
        for k in range(1, self.stroke_steps(gesture) + 1):
            x, y = gesture.position(min(start + k * self.dt, end))
            samples.append((k * self.dt, x, y))
        # Points of a checked gesture at increasing whole steps: a checked gesture.
        return Gesture.checked(samples)

    def _check_gesture(self, gesture: Gesture) -> None:
        if not isinstance(gesture, Gesture):
            raise TableError("a stir or chop needs a Gesture")
        fastest = gesture.max_speed()
        if fastest > self.cfg.spatula.max_speed_mm_s:
            raise GestureError(
                f"the gesture moves at {fastest:.0f} mm/s, faster than a hand "
                f"(limit spatula.max_speed_mm_s = {self.cfg.spatula.max_speed_mm_s:.0f})"
            )
        if gesture.duration > MAX_GESTURE_S:
            raise GestureError(
                f"the gesture lasts {gesture.duration:.1f} s; at most {MAX_GESTURE_S:.0f} s"
            )

    # ------------------------------------------------------------------ stir
    def stir(self, gesture: Gesture) -> ActionReport:
        """Run :meth:`begin_stir` to the end and return its report."""
        return self.begin_stir(gesture).finish()

    def begin_stir(self, gesture: Gesture) -> ActionRun:
        """A stroke along a whole gesture, run one physics step at a time (see
        :class:`ActionRun`): the blade goes down at its first sample and follows
        :meth:`stroke_gesture` step by step through the same :class:`Stroke` a live hand
        drives, then is released. A bad gesture raises here, before anything changes."""
        self._check_gesture(gesture)
        if self._stroke is not None:
            raise TableError("a stroke is in progress: release it first")
        return ActionRun(self._stir_steps(self.stroke_gesture(gesture)))

    def _stir_steps(self, path: Gesture) -> Generator[None, None, ActionReport]:
        first = path.samples[0]
        stroke = self.begin_stroke(first[1], first[2])
        yield
        for _, x, y in path.samples[1:]:
            stroke.move_to(x, y)
            yield
        report = yield from stroke.release_steps()
        return report

    def _flick(self, blade: Blade, riding: Sequence[_LiveCard]) -> list[int]:
        """The flick (:mod:`wokphysics.table.flick`) of the blade at release: the cards on
        it and those lying on them take their impulses; those that rise leave the table.
        Returns the ids launched, in the order they were solved (bottom first)."""
        flat = self._flat_cards()
        if not any(card.on_blade for card in flat):
            return []
        spatula = self.cfg.spatula
        noise_lift, noise_wrist, noise_snap = (float(v) for v in self.rng.normal(0.0, 1.0, 3))
        speed = math.hypot(blade.vx, blade.vy)
        # The wrist snaps a little before or after the pointer's release: the blade's edge
        # is that much further on or short of where the pointer let go.
        shift = speed * spatula.snap_jitter_s * noise_snap
        blade = replace(blade, x=blade.x + shift * blade.nx, y=blade.y + shift * blade.ny)
        # Signal-dependent noise: the hand's relative error grows with its speed.
        growth = (speed / spatula.noise_speed_mm_s) ** spatula.noise_growth
        hand = Hand(
            rise=max(
                0.0, spatula.lift_ratio * speed * (1.0 + spatula.flick_noise * growth * noise_lift)
            ),
            lever=spatula.wrist_lever_mm
            / max(0.2, 1.0 + spatula.wrist_noise * growth * noise_wrist),
        )
        card_cfg = self.cfg.card
        width, length = card_cfg.width_mm, card_cfg.length_mm
        material = Material(
            width=width,
            length=length,
            blade_friction=spatula.blade_friction,
            card_friction=self.cfg.physics.card_friction,
            gravity=self.cfg.physics.gravity_mm_s2,
            min_lift=spatula.min_lift_mm,
        )
        tosses = toss_group([self._flat(card) for card in self._cluster(flat)], blade, hand,
                            material)
        launched: list[int] = []
        for toss in tosses:
            card = self._cards[toss.id]
            self._wake(card)
            if not toss.launched:
                card.body.velocity = (toss.vx, toss.vy)
                card.body.angular_velocity = toss.spin
                continue
            yaw_noise = float(self.rng.normal(0.0, 1.0))
            motion = toss.lift
            spin = motion.spin
            axis = motion.axis if spin > 0.0 else math.atan2(blade.nx, -blade.ny)
            angle = float(card.body.angle)
            h, k2 = plate_inertia(axis, angle, width, length)
            nx, ny = math.sin(axis), -math.cos(axis)
            flight = launch(
                h,
                k2,
                0.0,
                motion.vz,
                spin,
                axis,
                self._flight_params,
                vs=toss.vx * nx + toss.vy * ny,
                va=-toss.vx * ny + toss.vy * nx,
                yaw=angle,
                yaw_rate=toss.spin + spatula.tremor_yaw_rad_per_mm * speed * yaw_noise,
                size=(width, length),
            )
            self._take_off(card, flight)
            launched.append(card.id)
        return launched

    def _cluster(self, flat: Sequence[_LiveCard]) -> list[_LiveCard]:
        """The flat cards the blade's cards may reach through cards lying on one another:
        those on the blade and every card whose box meets the box of one already in, by id
        (a cheap superset of what the flick can move)."""
        boxes = {card.id: self._reach_box(card) for card in flat}
        found = {card.id for card in flat if card.on_blade}
        pending = list(found)
        while pending:
            box = boxes[pending.pop()]
            for card in flat:
                if card.id not in found and _boxes_meet(box, boxes[card.id]):
                    found.add(card.id)
                    pending.append(card.id)
        return [card for card in flat if card.id in found]

    def _flat(self, card: _LiveCard) -> FlatCard:
        body = card.body
        return FlatCard(
            card.id,
            float(body.position.x),
            float(body.position.y),
            float(body.angle),
            float(body.velocity.x),
            float(body.velocity.y),
            float(body.angular_velocity),
            (card.layer, card.stack_order),
            card.on_blade,
        )

    def _corners(self, card: _LiveCard) -> list[tuple[float, float]]:
        """A card's four corners on the table, counter-clockwise, mm (plain floats)."""
        body = card.body
        x, y = body.position
        angle = body.angle
        c, s = math.cos(angle), math.sin(angle)
        hw, hl = self.cfg.card.width_mm / 2.0, self.cfg.card.length_mm / 2.0
        return [
            (x + c * lx - s * ly, y + s * lx + c * ly)
            for lx, ly in ((-hw, -hl), (hw, -hl), (hw, hl), (-hw, hl))
        ]

    def _reach_box(self, card: _LiveCard) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) around a card's outline, mm: a cheap first test before
        exact polygons."""
        body = card.body
        x, y = body.position
        c, s = abs(math.cos(body.angle)), abs(math.sin(body.angle))
        hw, hl = self.cfg.card.width_mm / 2.0, self.cfg.card.length_mm / 2.0
        ex, ey = hw * c + hl * s, hw * s + hl * c
        return x - ex, y - ey, x + ex, y + ey

    def _outline(self, card: _LiveCard) -> shapely.Polygon:
        return shapely.Polygon(self._corners(card))

    # ------------------------------------------------------------------ chop
    def seat_hand(self, seat: int) -> tuple[float, float, float]:
        """Where seat ``seat``'s hand throws from: (x, y, direction into the wok in rad).

        Seat 0 sits at -y; the others follow clockwise seen from above (-x, +y, +x).
        """
        if not isinstance(seat, int) or not 0 <= seat < SEATS:
            raise TableError(f"seat must be 0 to {SEATS - 1}, not {seat!r}")
        reach = self.cfg.table.hand_margin_mm
        hw = self.cfg.wok.width_mm / 2.0 + reach
        hd = self.cfg.wok.depth_mm / 2.0 + reach
        return [
            (0.0, -hd, math.pi / 2),
            (-hw, 0.0, 0.0),
            (0.0, hd, -math.pi / 2),
            (hw, 0.0, math.pi),
        ][seat]

    def _hand_release_point(self, gesture: Gesture, seat: int) -> tuple[float, float]:
        """The release point moved onto the seat's edge line (a chop comes from the hand)."""
        hx, hy, _ = self.seat_hand(seat)
        ex, ey = gesture.end
        along_x = self.cfg.wok.width_mm / 2.0
        along_y = self.cfg.wok.depth_mm / 2.0
        if seat in (0, 2):
            return float(np.clip(ex, -along_x, along_x)), hy
        return hx, float(np.clip(ey, -along_y, along_y))

    def out_of_wok(self) -> list[int]:
        """Ids of cards on the floor or lying with their centre outside the wok's edge."""
        hw, hd = self.cfg.wok.width_mm / 2.0, self.cfg.wok.depth_mm / 2.0
        out = []
        for card in self._cards:
            if card.location == "floor":
                out.append(card.id)
            elif card.location == "wok":
                x, y = card.body.position
                if abs(x) > hw or abs(y) > hd:
                    out.append(card.id)
        return out

    def chop(
        self,
        gesture: Gesture,
        seat: int = 0,
        *,
        count: int,
        rethrow: Iterable[int] | None = None,
    ) -> ActionReport:
        """Run :meth:`begin_chop` to the end and return its report."""
        return self.begin_chop(gesture, seat, count=count, rethrow=rethrow).finish()

    def begin_chop(
        self,
        gesture: Gesture,
        seat: int = 0,
        *,
        count: int,
        rethrow: Iterable[int] | None = None,
    ) -> ActionRun:
        """Start a chop that runs one physics step at a time (see :class:`ActionRun`); a bad
        gesture, count or rethrow raises here, before anything changes."""
        return ActionRun(self._chop_steps(gesture, seat, count, rethrow))

    def _chop_steps(
        self,
        gesture: Gesture,
        seat: int,
        count: int,
        rethrow: Iterable[int] | None,
    ) -> Generator[None, None, ActionReport]:
        """Throw the next supply cards (and ``rethrow``) into the wok from ``seat``'s hand.

        ``count`` supply cards are taken from the top (the game's rule; fewer if fewer are
        left). ``rethrow`` defaults to every card out of the wok (on the floor or
        with its centre outside the wok's edge); they are picked up and thrown with the rest.
        The hand's release velocity (over ``release_window_s``) times ``throw_gain`` sets each
        card's speed; they leave the hand flat at ``release_height_mm``, each with its own
        direction (``direction_sd_rad``), lift (``lift_sd``), speed (``speed_sd``) and spin,
        so they spread apart in flight; they tumble a little and land as physics leaves them,
        possibly outside the wok.
        """
        self._check_gesture(gesture)
        wanted = count
        if not isinstance(wanted, int) or wanted < 0:
            raise TableError(f"cannot chop {wanted!r} cards")
        extra = self.out_of_wok() if rethrow is None else sorted(set(rethrow))
        for card_id in extra:
            live = self._live(card_id)
            if live.location not in ("wok", "floor"):
                raise TableError(f"card {card_id} is in the {live.location}, not out of the wok")
        if self._stroke is not None:
            raise TableError("a stroke is in progress: release it first")
        self._last_half_turns.clear()
        self._last_peak.clear()
        self._last_touchdowns.clear()
        before = self._snapshot()
        start_time, start_steps = self.time, self.steps
        thrown_ids = [self.supply.pop(0) for _ in range(min(wanted, len(self.supply)))] + extra
        chop = self.cfg.chop
        vx, vy = gesture.release_velocity(self.cfg.spatula.release_window_s)
        x0, y0 = self._hand_release_point(gesture, seat)
        _, _, facing = self.seat_hand(seat)
        launched = []
        width, length = self.cfg.card.width_mm, self.cfg.card.length_mm
        for card_id in thrown_ids:
            card = self._cards[card_id]
            if card.location == "supply":
                card.face_up = False
            jx, jy, ja, js, jw, jv, jd, jl = (float(v) for v in self.rng.normal(0.0, 1.0, 8))
            self._leave_space(card)
            card.location = "wok"
            card.owner = None
            card.body.position = (x0 + chop.spread_mm * float(jx), y0 + chop.spread_mm * float(jy))
            angle = facing - math.pi / 2 + 0.3 * float(ja)
            card.body.angle = angle
            self._enter_space(card)
            gain = chop.throw_gain * max(0.0, 1.0 + chop.speed_sd * float(jv))
            # Each card leaves the hand with its own launch (direction, lift, speed, spin):
            # the cards of one chop spread apart in flight instead of flying as one clump.
            throw_angle = math.atan2(vy, vx) if math.hypot(vx, vy) > 1e-6 else facing
            throw_angle += chop.direction_sd_rad * jd
            lift = chop.lift_speed_mm_s * max(0.0, 1.0 + chop.lift_sd * jl)
            # The flip axis lies across the throw: the card tumbles forwards.
            axis = throw_angle + math.pi / 2
            h, k2 = plate_inertia(axis, angle, width, length)
            flight = launch(
                h,
                k2,
                chop.release_height_mm,
                lift,
                chop.spin_sd_rad_s * float(js),
                axis,
                self._flight_params,
                vs=gain * math.hypot(vx, vy),
                yaw=angle,
                yaw_rate=chop.yaw_sd_rad_s * float(jw),
                size=(width, length),
            )
            self._take_off(card, flight)
            launched.append(card_id)
        yield
        yield from self._settle(start_time)
        return self._report(before, set(thrown_ids), launched, start_time, start_steps)

    # ------------------------------------------------------------------ taking cards
    def take(self, card_id: int, location: Location, owner: int | None = None) -> None:
        """Move a card off the table (to a player's pile, the discard) or back to the supply.

        Taking a card leaves every other card exactly where it lies.
        """
        card = self._live(card_id)
        if self._stroke is not None:
            raise TableError("a stroke is in progress: release it first")
        if location == "player" and owner is None:
            raise TableError("a card given to a player needs its owner's seat")
        if location == "wok":
            raise TableError("cards enter the wok by a chop, not by take()")
        self._leave_space(card)
        if card.id in self.supply:
            self.supply.remove(card.id)
        card.location = location
        card.owner = owner if location == "player" else None
        card.layer = 0
        if location == "supply":
            card.face_up = False
            self.supply.append(card.id)
        elif location in ("player", "discard"):
            card.face_up = True
        self._visibility_cache = None

    def place(self, card_id: int, x: float, y: float, angle: float, face_up: bool) -> None:
        """Lay a card flat on the table at a pose, on top of what it overlaps.

        For hand-built layouts (tests, puzzles, the geometry benchmark); a game moves cards
        only with gestures.
        """
        card = self._live(card_id)
        for value in (x, y, angle):
            if not math.isfinite(value):
                raise TableError(f"card {card_id}: pose values must be finite, got {(x, y, angle)}")
        if card.id in self.supply:
            self.supply.remove(card.id)
        self._leave_space(card)
        card.location = "wok"
        card.owner = None
        card.face_up = bool(face_up)
        card.body.position = (float(x), float(y))
        card.body.angle = float(angle)
        self._enter_space(card)
        self._stack_on_top(card)
        self._park_resting()
        self._visibility_cache = None

    # ------------------------------------------------------------------ reports and hashes
    def _snapshot(self) -> dict[int, tuple[float, float, float, bool, Location]]:
        return {
            card.id: (
                float(card.body.position.x),
                float(card.body.position.y),
                float(card.body.angle),
                card.face_up,
                card.location,
            )
            for card in self._cards
        }

    def _report(
        self,
        before: dict[int, tuple[float, float, float, bool, Location]],
        touched: set[int],
        launched: list[int],
        start_time: float,
        start_steps: int,
        release_speed: float = 0.0,
        flick_speed: float = 0.0,
        depths: dict[int, float] | None = None,
    ) -> ActionReport:
        after = self._snapshot()
        hw, hd = self.cfg.wok.width_mm / 2.0, self.cfg.wok.depth_mm / 2.0

        def inside(state: tuple[float, float, float, bool, Location]) -> bool:
            return state[4] == "wok" and abs(state[0]) <= hw and abs(state[1]) <= hd

        flipped = tuple(i for i in after if after[i][3] != before[i][3] and after[i][4] == "wok")
        half_diagonal = self._diagonal / 2.0
        moved = tuple(
            i
            for i in after
            if after[i][4] != before[i][4]
            or after[i][3] != before[i][3]
            or math.hypot(after[i][0] - before[i][0], after[i][1] - before[i][1])
            + half_diagonal * abs(math.remainder(after[i][2] - before[i][2], 2.0 * math.pi))
            > MOVED_MM
        )
        travel = {
            i: math.hypot(after[i][0] - before[i][0], after[i][1] - before[i][1]) for i in moved
        }
        left = tuple(i for i in after if inside(before[i]) and not inside(after[i]))
        return ActionReport(
            flipped=flipped,
            launched=tuple(launched),
            moved=moved,
            touched=tuple(sorted(touched)),
            half_turns={i: self._last_half_turns.get(i, 0) for i in launched},
            peak_height={i: self._last_peak.get(i, 0.0) for i in launched},
            travel=travel,
            left_wok=left,
            simulated_s=self.time - start_time,
            steps=self.steps - start_steps,
            touchdowns={i: tuple(self._last_touchdowns.get(i, ())) for i in launched},
            release_speed=release_speed,
            flick_speed=flick_speed,
            depths=dict(depths or {}),
        )

    def state_hash(self) -> str:
        """SHA-256 (hex) of every card's exact floats, face, layer and location, the supply
        order and the generator's state: equal hashes mean bit-identical tables."""
        digest = hashlib.sha256()
        for card in self._cards:
            body = card.body
            digest.update(
                struct.pack(
                    "<i6d?iiib",
                    card.id,
                    body.position.x,
                    body.position.y,
                    body.angle,
                    body.velocity.x,
                    body.velocity.y,
                    body.angular_velocity,
                    card.face_up,
                    card.layer,
                    card.stack_order,
                    -1 if card.owner is None else card.owner,
                    ("supply", "wok", "floor", "player", "discard").index(card.location),
                )
            )
            digest.update(struct.pack("<i", -1 if card.support is None else card.support.id))
            if card.flight is not None:
                f = card.flight
                digest.update(
                    struct.pack(
                        "<16di",
                        f.z,
                        f.vz,
                        f.theta,
                        f.omega,
                        f.axis,
                        f.alpha,
                        f.time,
                        f.s,
                        f.vs,
                        f.a,
                        f.va,
                        f.yaw,
                        f.yaw_rate,
                        f.h,
                        f.k2,
                        f.pivot,
                        f.mode,
                    )
                )
        digest.update(struct.pack(f"<{len(self.supply)}i", *self.supply))
        digest.update(repr(self.rng.bit_generator.state).encode())
        return digest.hexdigest()

    def corners(self, card_id: int) -> list[tuple[float, float]]:
        """A card's four corners on the table, mm."""
        card = self.card(card_id)
        return [
            tuple(point)
            for point in card_corners(
                card.x, card.y, card.angle, self.cfg.card.width_mm, self.cfg.card.length_mm
            ).tolist()
        ]


def _energy(bodies: Sequence[pymunk.Body], spin_k2: float) -> float:
    """Twice the kinetic energy per unit mass of ``bodies`` in the table plane, mm^2/s^2
    (``spin_k2``: a card's squared radius of gyration about its centre, mm^2)."""
    total = 0.0
    for body in bodies:
        vx, vy = body.velocity
        spin = body.angular_velocity
        total += vx * vx + vy * vy + spin_k2 * spin * spin
    return total


def _slow_to(bodies: Sequence[pymunk.Body], spin_k2: float, energy: float) -> None:
    """Undo energy pymunk's step made: nothing drives the cards while the blade is off the
    table (friction and plastic contacts only take energy), but its solver's warm start and
    its pushing apart of overlaps can add some (up to several times the energy of a card
    creeping to rest). The sliding cards slow down by the factor that restores ``energy``
    (twice the kinetic energy per unit mass); cards in the air are the flight's and were not
    in ``bodies``."""
    now = _energy(bodies, spin_k2)
    factor = math.sqrt(max(0.0, energy) / now) if now > 0.0 else 0.0
    for body in bodies:
        vx, vy = body.velocity
        body.velocity = (vx * factor, vy * factor)
        body.angular_velocity = body.angular_velocity * factor


def _boxes_meet(a: Sequence[float], b: Sequence[float]) -> bool:
    """Whether two (left, bottom, right, top) boxes overlap or touch."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]

