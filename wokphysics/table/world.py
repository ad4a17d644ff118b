"""The Wok on Fire table: cards as pymunk bodies, a spatula, chop throws, flights and stacking.

One :class:`Table` is one game's world, built fresh for every game and every replay. It steps
at the config's fixed ``dt`` only; nothing here reads a clock. All randomness (the shuffle, the
spread, the hand's tremor) comes from the table's own ``numpy.random.Generator`` seeded once, so
the same seed and the same gestures give a bit-identical table.

The plane is pymunk's: flat cards do not collide with one another (they slide over each other),
Coulomb friction with the table is a velocity-only pivot joint and gear joint to the static body
capped at ``mu m g`` (pymunk's documented top-down friction), and the spatula is a kinematic
segment that pushes the cards it meets. The third dimension (height and flip of airborne cards)
is :mod:`wokphysics.table.flight`.
"""

from __future__ import annotations

import hashlib
import math
import struct
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pymunk
import shapely

from wokphysics.config.table import TableConfig
from wokphysics.table.cards import Card, Location
from wokphysics.table.flight import Flight, FlightParameters, advance, extent_across, launch
from wokphysics.table.geometry import CardShapes, card_corners
from wokphysics.table.gesture import Gesture, GestureError
from wokphysics.table.visibility import Visibility, compute_visibility

CARD_CATEGORY = 0b01
SPATULA_CATEGORY = 0b10
_CARD_FILTER = pymunk.ShapeFilter(categories=CARD_CATEGORY, mask=SPATULA_CATEGORY)
_AIRBORNE_FILTER = pymunk.ShapeFilter(categories=CARD_CATEGORY, mask=0)
_SPATULA_FILTER = pymunk.ShapeFilter(categories=SPATULA_CATEGORY, mask=CARD_CATEGORY)
_QUERY_FILTER = pymunk.ShapeFilter(mask=CARD_CATEGORY)
# Friction coefficients of the contact between blade and card (pymunk multiplies the two).
_BLADE_FRICTION = 0.5
_CARD_EDGE_FRICTION = 0.5
SEATS = 4
# Setup keeps every spread card's outline at least this far inside the wok's edge, so none
# touches it (a touching outline counts as crossing the edge), mm.
_SPREAD_EDGE_GAP_MM = 1.0


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


class ActionRun:
    """A stir or chop being run one physics step at a time (for drawing it as it happens).

    Made by :meth:`Table.begin_stir` / :meth:`Table.begin_chop`, which check the gesture and
    start the action at once (a bad gesture raises there). Each :meth:`advance` runs exactly
    one more physics step of the action; once :attr:`done`, :attr:`report` is the action's
    report. Run to the end, it leaves the table bit for bit as :meth:`Table.stir` /
    :meth:`Table.chop` would (they are this, run to the end). While it runs, the table's
    cards show the intermediate states; start no other action and take no card until it is
    done.
    """

    def __init__(self, steps: Generator[None, None, ActionReport]) -> None:
        self._steps = steps
        self._report: ActionReport | None = None
        self._advance()  # the action's start: spatula in, or cards out of the supply and thrown

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
    stack whose first element is its top.
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
        self._flight_params = FlightParameters(
            gravity=cfg.physics.gravity_mm_s2,
            terminal_speed=cfg.physics.terminal_speed_mm_s,
            spin_drag=cfg.physics.spin_drag_per_rad,
            max_flight_s=cfg.physics.max_flight_s,
        )
        self.space = pymunk.Space()
        self.space.iterations = cfg.physics.solver_iterations
        self.space.gravity = (0.0, 0.0)
        self._next_stack_order = 1
        self._cards: list[_LiveCard] = [
            self._make_card(card_id, name) for card_id, name in enumerate(deck)
        ]
        self.supply: list[int] = []
        self._spatula_body: pymunk.Body | None = None
        self._spatula_shape: pymunk.Segment | None = None
        self._visibility_cache: dict[int, Visibility] | None = None
        self._last_mover = 0
        self._diagonal = math.hypot(cfg.card.width_mm, cfg.card.length_mm)
        self._last_half_turns: dict[int, int] = {}
        self._last_peak: dict[int, float] = {}

    # ------------------------------------------------------------------ construction
    def _make_card(self, card_id: int, ingredient: str) -> _LiveCard:
        card = self.cfg.card
        mass = card.mass_g
        size = (card.width_mm, card.length_mm)
        body = pymunk.Body(mass, pymunk.moment_for_box(mass, size))
        shape = pymunk.Poly.create_box(body, size)
        shape.filter = _CARD_FILTER
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
        """Table friction on (a card lying on the table) or off (a card in the air)."""
        physics = self.cfg.physics
        force = physics.friction * self.cfg.card.mass_g * physics.gravity_mm_s2 if on_table else 0.0
        card.slide.max_force = force
        # Friction torque of a uniformly pressed rectangle: force times its mean radius.
        card.twist.max_force = force * self._mean_radius()
        card.shape.filter = _CARD_FILTER if on_table else _AIRBORNE_FILTER

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

    def _leave_space(self, card: _LiveCard) -> None:
        if card.in_space:
            self.space.remove(card.body, card.shape, card.slide, card.twist)
            card.in_space = False
        card.body.velocity = (0.0, 0.0)
        card.body.angular_velocity = 0.0
        card.flight = None

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
        flight = card.flight
        return Card(
            id=card.id,
            ingredient=card.ingredient,
            face_up=card.face_up,
            x=float(x),
            y=float(y),
            angle=float(card.body.angle),
            layer=card.layer,
            stack_order=card.stack_order,
            location=card.location,
            owner=card.owner,
            airborne=flight is not None,
            height=flight.z if flight else 0.0,
            flip_angle=flight.theta if flight else 0.0,
            flip_axis=flight.axis if flight else 0.0,
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

    def at_rest(self) -> bool:
        """No card is flying or sliding and no spatula is in the wok."""
        if self._spatula_body is not None:
            return False
        physics = self.cfg.physics
        # The card found moving last time is most likely still moving: look at it first.
        last = self._cards[self._last_mover]
        for card in (last, *self._cards):
            if not card.in_space:
                continue
            if (
                card.flight is not None
                or card.body.velocity.length > physics.rest_speed_mm_s
                or abs(card.body.angular_velocity) > physics.rest_spin_rad_s
            ):
                self._last_mover = card.id
                return False
        return True

    # ------------------------------------------------------------------ stepping
    def step(self) -> None:
        """Advance the world by one fixed step ``dt``."""
        dt = self.dt
        self.space.step(dt)
        self.steps += 1
        self.time += dt
        substeps = self.cfg.physics.flight_substeps
        drag = max(0.0, 1.0 - self.cfg.physics.air_drag_per_s * dt)
        for card in self._cards:
            flight = card.flight
            if flight is None:
                continue
            advance(flight, dt, substeps, self._flight_params)
            body = card.body
            body.velocity = body.velocity * drag
            if flight.landed:
                self._land(card)

    def _settle(self, start_time: float) -> Generator[None, None, None]:
        """Step until everything rests (or the config's limit), then stop the slow drift exactly.

        A generator that yields after each physics step (see :class:`ActionRun`)."""
        limit = start_time + self.cfg.physics.max_settle_s
        while not self.at_rest() and self.time < limit:
            self.step()
            yield
        for card in self._cards:
            if card.in_space:
                if card.flight is not None:
                    # Only reachable with extreme settings: put it down on its nearer face.
                    card.flight.landed_theta = round(card.flight.theta / math.pi) * math.pi
                    self._land(card)
                card.body.velocity = (0.0, 0.0)
                card.body.angular_velocity = 0.0
        self._drop_off_table()
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
    def _stack_on_top(self, card: _LiveCard) -> None:
        """Put ``card`` above every card on the table that its outline overlaps."""
        outline = self._outline(card)
        x, y = card.body.position
        reach = self._diagonal * self._diagonal
        top = 0
        for other in self._cards:
            if other is card or other.location != "wok" or other.flight is not None:
                continue
            if other.layer < top:
                continue
            ox, oy = other.body.position
            # Centres a diagonal apart or more cannot overlap: skip the polygon test.
            if (ox - x) * (ox - x) + (oy - y) * (oy - y) >= reach:
                continue
            if shapely.intersection(outline, self._outline(other)).area > 1e-6:
                top = other.layer
        card.layer = top + 1
        card.stack_order = self._next_stack_order
        self._next_stack_order += 1

    def _outline(self, card: _LiveCard) -> shapely.Polygon:
        x, y = card.body.position
        return self.shapes.outline(float(x), float(y), float(card.body.angle))

    def _above(self, card: _LiveCard, other: _LiveCard) -> bool:
        return (other.layer, other.stack_order) > (card.layer, card.stack_order)

    def _land(self, card: _LiveCard) -> None:
        flight = card.flight
        assert flight is not None
        if flight.flipped:
            card.face_up = not card.face_up
        self._last_half_turns[card.id] = flight.half_turns
        self._last_peak[card.id] = max(self._last_peak.get(card.id, 0.0), flight.peak)
        card.flight = None
        self._set_sliding(card, True)
        self._stack_on_top(card)

    # ------------------------------------------------------------------ the spatula
    def _blade_angle(self, direction: tuple[float, float], previous: float) -> float:
        dx, dy = direction
        if math.hypot(dx, dy) < 1e-9:
            return previous
        # The blade lies across the motion: its local x axis is perpendicular to it.
        return math.atan2(dx, -dy)

    def _direction_at(self, gesture: Gesture, t: float) -> tuple[float, float]:
        window = self.cfg.spatula.release_window_s
        vx, vy = gesture.velocity_over(max(gesture.start_time, t - window), t)
        if math.hypot(vx, vy) < 1e-6:
            vx, vy = gesture.velocity_over(t, min(gesture.samples[-1][0], t + window))
        return vx, vy

    def _insert_spatula(self, gesture: Gesture) -> None:
        blade = self.cfg.spatula
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        half = blade.blade_width_mm / 2.0
        shape = pymunk.Segment(body, (-half, 0.0), (half, 0.0), blade.blade_thickness_mm / 2.0)
        shape.filter = _SPATULA_FILTER
        shape.friction = _BLADE_FRICTION
        shape.elasticity = 0.0
        start = gesture.samples[0]
        body.position = (start[1], start[2])
        body.angle = self._blade_angle(self._direction_at(gesture, start[0]), 0.0)
        self.space.add(body, shape)
        self._spatula_body = body
        self._spatula_shape = shape

    def _remove_spatula(self) -> None:
        if self._spatula_body is not None and self._spatula_shape is not None:
            self.space.remove(self._spatula_body, self._spatula_shape)
        self._spatula_body = None
        self._spatula_shape = None

    def _drive_spatula(self, gesture: Gesture, t_next: float) -> None:
        body = self._spatula_body
        assert body is not None
        tx, ty = gesture.position(t_next)
        x, y = body.position
        body.velocity = ((tx - x) / self.dt, (ty - y) / self.dt)
        target = self._blade_angle(self._direction_at(gesture, t_next), body.angle)
        turn = math.remainder(target - body.angle, math.pi)  # the blade is symmetric end to end
        body.angular_velocity = turn / self.dt

    def _blade_contacts(self) -> list[_LiveCard]:
        """Cards touching the blade now, or within the contact tolerance of it, by id."""
        shape = self._spatula_shape
        body = self._spatula_body
        assert shape is not None and body is not None
        a = body.local_to_world(shape.a)
        b = body.local_to_world(shape.b)
        reach = shape.radius + self.cfg.spatula.contact_tolerance_mm
        hits = self.space.segment_query(a, b, reach, _QUERY_FILTER)
        by_shape = {id(card.shape): card for card in self._cards if card.in_space}
        found = {by_shape[id(hit.shape)].id for hit in hits if id(hit.shape) in by_shape}
        return [self._cards[i] for i in sorted(found)]

    def _blade_segment(self, gesture: Gesture, t: float) -> shapely.LineString:
        x, y = gesture.position(t)
        angle = self._blade_angle(self._direction_at(gesture, t), 0.0)
        half = self.cfg.spatula.blade_width_mm / 2.0
        c, s = math.cos(angle), math.sin(angle)
        return shapely.LineString([(x - half * c, y - half * s), (x + half * c, y + half * s)])

    def _cards_on_blade(self, gesture: Gesture) -> list[_LiveCard]:
        """Cards the blade is under at release: those it touches, and those its path over the
        release window passed under (a fast blade slides under a card faster than it can be
        pushed away), by id."""
        end = gesture.samples[-1][0]
        start = max(gesture.start_time, end - self.cfg.spatula.release_window_s)
        first, last = self._blade_segment(gesture, start), self._blade_segment(gesture, end)
        reach = self.cfg.spatula.blade_thickness_mm / 2.0 + self.cfg.spatula.contact_tolerance_mm
        swept = shapely.MultiLineString([first, last]).convex_hull.buffer(reach)
        min_x, min_y, max_x, max_y = swept.bounds
        margin = self._diagonal / 2.0
        found = {card.id for card in self._blade_contacts()}
        for card in self._cards:
            if card.in_space and card.flight is None and card.id not in found:
                x, y = card.body.position
                # A card whose centre is farther than half its diagonal from the swept
                # region's bounds cannot touch it.
                if not (
                    min_x - margin <= x <= max_x + margin and min_y - margin <= y <= max_y + margin
                ):
                    continue
                if swept.intersects(self._outline(card)):
                    found.add(card.id)
        return [self._cards[i] for i in sorted(found)]

    # ------------------------------------------------------------------ stir
    def stir(self, gesture: Gesture) -> ActionReport:
        """Run :meth:`begin_stir` to the end and return its report."""
        return self.begin_stir(gesture).finish()

    def begin_stir(self, gesture: Gesture) -> ActionRun:
        """Start a stir that runs one physics step at a time (see :class:`ActionRun`)."""
        self._check_gesture(gesture)
        return ActionRun(self._stir_steps(gesture))

    def _stir_steps(self, gesture: Gesture) -> Generator[None, None, ActionReport]:
        """Drive the spatula along ``gesture``, flick at release, and run until all rests.

        Moving, the blade pushes the cards it meets. At release the cards on the blade are
        launched by its velocity over the last ``release_window_s``: the edge it is under rises
        at ``edge_lift_gain`` times the blade's speed (so the card turns about its far edge),
        the whole card is tossed up at ``launch_gain`` times it and carried forward at
        ``carry_gain`` times it, each with the hand's tremor. Cards lying on a launched card go
        with it (same toss, ``stack_spin_coupling`` of its spin).
        """
        self._last_half_turns.clear()
        self._last_peak.clear()
        before = self._snapshot()
        start_time = self.time
        start_steps = self.steps
        touched: set[int] = set()
        self._insert_spatula(gesture)
        yield
        t = gesture.start_time
        end = gesture.samples[-1][0]
        # The step count bounds the loop even where t + dt would not advance t.
        for _ in range(math.ceil(gesture.duration / self.dt) + 1):
            if not t < end - 1e-12:
                break
            self._drive_spatula(gesture, min(t + self.dt, end))
            self.step()
            t += self.dt
            if self._spatula_shape is not None:
                touched.update(card.id for card in self._blade_contacts())
            yield
        on_blade = self._cards_on_blade(gesture)
        touched.update(card.id for card in on_blade)
        launched = self._flick(gesture, on_blade)
        self._remove_spatula()
        yield from self._settle(start_time)
        return self._report(before, touched, launched, start_time, start_steps)

    def _check_gesture(self, gesture: Gesture) -> None:
        if not isinstance(gesture, Gesture):
            raise TableError("a stir or chop needs a Gesture")
        fastest = gesture.max_speed()
        if fastest > self.cfg.spatula.max_speed_mm_s:
            raise GestureError(
                f"the gesture moves at {fastest:.0f} mm/s, faster than a hand "
                f"(limit spatula.max_speed_mm_s = {self.cfg.spatula.max_speed_mm_s:.0f})"
            )
        if gesture.duration > 30.0:
            raise GestureError(f"the gesture lasts {gesture.duration:.1f} s; at most 30 s")

    def _flick(self, gesture: Gesture, on_blade: Sequence[_LiveCard]) -> list[int]:
        body = self._spatula_body
        assert body is not None
        vx, vy = gesture.release_velocity(self.cfg.spatula.release_window_s)
        speed = math.hypot(vx, vy)
        if speed < 1e-6:
            return []
        dx, dy = vx / speed, vy / speed
        blade = self.cfg.spatula
        g = self.cfg.physics.gravity_mm_s2
        launched: list[int] = []
        queue: list[tuple[_LiveCard, float]] = [(card, 1.0) for card in on_blade]
        axis = float(body.angle)
        seen: set[int] = set()
        while queue:
            card, coupling = queue.pop(0)
            if card.id in seen or card.flight is not None:
                continue
            seen.add(card.id)
            tremor_speed, tremor_spin, yaw = self.rng.normal(0.0, 1.0, 3)
            hand_speed = speed * max(0.0, 1.0 + blade.tremor_speed * float(tremor_speed))
            edge_speed = blade.edge_lift_gain * hand_speed
            vz = edge_speed / 2.0 + blade.launch_gain * hand_speed
            if vz * vz / (2.0 * g) < blade.min_launch_height_mm:
                continue  # too slow to lift it: the blade only pushed it
            h = extent_across(
                axis,
                float(card.body.angle),
                self.cfg.card.width_mm / 2.0,
                self.cfg.card.length_mm / 2.0,
            )
            omega = coupling * edge_speed / (2.0 * h)
            omega *= max(0.0, 1.0 + blade.tremor_spin * float(tremor_spin))
            card.flight = launch(h, 0.0, vz, omega, axis, self._flight_params)
            self._set_sliding(card, False)
            card.body.velocity = (
                blade.carry_gain * hand_speed * dx,
                blade.carry_gain * hand_speed * dy,
            )
            card.body.angular_velocity = blade.tremor_yaw_rad_s * float(yaw)
            launched.append(card.id)
            for rider in self._riders(card):
                queue.append((rider, blade.stack_spin_coupling))
        return launched

    def _riders(self, card: _LiveCard) -> list[_LiveCard]:
        """Cards lying on ``card``: above it in the stack with their centre over it."""
        outline = self._outline(card)
        riders = []
        for other in self._cards:
            if other.location != "wok" or other.flight is not None or other is card:
                continue
            if self._above(card, other):
                x, y = other.body.position
                if outline.contains(shapely.Point(float(x), float(y))):
                    riders.append(other)
        return riders

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
        card's speed; they leave the hand flat at ``release_height_mm``, tumble a little and
        land as physics leaves them, possibly outside the wok.
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
        self._last_half_turns.clear()
        self._last_peak.clear()
        before = self._snapshot()
        start_time, start_steps = self.time, self.steps
        thrown_ids = [self.supply.pop(0) for _ in range(min(wanted, len(self.supply)))] + extra
        chop = self.cfg.chop
        vx, vy = gesture.release_velocity(self.cfg.spatula.release_window_s)
        x0, y0 = self._hand_release_point(gesture, seat)
        _, _, facing = self.seat_hand(seat)
        launched = []
        for card_id in thrown_ids:
            card = self._cards[card_id]
            if card.location == "supply":
                card.face_up = False
            jx, jy, ja, js, jw, jv = self.rng.normal(0.0, 1.0, 6)
            self._leave_space(card)
            card.location = "wok"
            card.owner = None
            card.body.position = (x0 + chop.spread_mm * float(jx), y0 + chop.spread_mm * float(jy))
            card.body.angle = facing - math.pi / 2 + 0.3 * float(ja)
            self._enter_space(card)
            gain = chop.throw_gain * max(0.0, 1.0 + chop.speed_sd * float(jv))
            card.body.velocity = (gain * vx, gain * vy)
            card.body.angular_velocity = chop.yaw_sd_rad_s * float(jw)
            throw_angle = math.atan2(vy, vx) if math.hypot(vx, vy) > 1e-6 else facing
            axis = throw_angle + math.pi / 2
            h = extent_across(
                axis,
                float(card.body.angle),
                self.cfg.card.width_mm / 2.0,
                self.cfg.card.length_mm / 2.0,
            )
            card.flight = launch(
                h,
                chop.release_height_mm,
                chop.lift_speed_mm_s,
                chop.spin_sd_rad_s * float(js),
                axis,
                self._flight_params,
            )
            self._set_sliding(card, False)
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
        self._set_sliding(card, True)
        self._enter_space(card)
        self._stack_on_top(card)
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
    ) -> ActionReport:
        after = self._snapshot()
        hw, hd = self.cfg.wok.width_mm / 2.0, self.cfg.wok.depth_mm / 2.0

        def inside(state: tuple[float, float, float, bool, Location]) -> bool:
            return state[4] == "wok" and abs(state[0]) <= hw and abs(state[1]) <= hd

        flipped = tuple(i for i in after if after[i][3] != before[i][3] and after[i][4] == "wok")
        moved = tuple(
            i for i in after if after[i][:3] != before[i][:3] or after[i][4] != before[i][4]
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
            if card.flight is not None:
                f = card.flight
                digest.update(
                    struct.pack("<7d", f.z, f.vz, f.theta, f.omega, f.axis, f.alpha, f.time)
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
