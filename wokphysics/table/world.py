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
from typing import Final

import numpy as np
import pymunk

from wokphysics.config.table import TableConfig
from wokphysics.table import chipmunk
from wokphysics.table.cards import Card, Location
from wokphysics.table.chop import SEATS, chop_steps, out_of_wok, seat_hand
from wokphysics.table.flight import FlightParameters, Touchdown, advance
from wokphysics.table.geometry import CardShapes, card_corners
from wokphysics.table.gesture import Gesture, GestureError
from wokphysics.table.live import (
    BLADE_TYPE,
    CARD_EDGE_FRICTION,
    CARD_TYPE,
    COLLISION_SLOP_MM,
    PARKED_TYPE,
    LiveCard,
    TableError,
)
from wokphysics.table.path import path_position
from wokphysics.table.report import ActionReport, ActionRun
from wokphysics.table.spread import spread_poses
from wokphysics.table.stacking import Stacking
from wokphysics.table.stroke import MAX_GESTURE_S, Stroke
from wokphysics.table.visibility import Visibility, VisibilityMemo, compute_visibility

__all__ = ["SEATS", "ActionReport", "ActionRun", "Table", "TableError"]


class Table(Stacking):
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
        self._card_w, self._card_l = cfg.card.width_mm, cfg.card.length_mm
        self._flight_substeps = cfg.physics.flight_substeps
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
        physics = cfg.physics
        self._card_weight = cfg.card.mass_g * physics.gravity_mm_s2
        self._hold_friction = physics.card_friction
        self._table_friction = physics.friction
        self._cards: list[LiveCard] = [
            self._make_card(card_id, name) for card_id, name in enumerate(deck)
        ]
        self._by_shape: dict[pymunk.Shape, LiveCard] = {card.shape: card for card in self._cards}
        self._airborne: list[LiveCard] = []
        self._loads: dict[int, int] | None = None  # _load_on's counts, until a support changes
        self._by_marker: dict[pymunk.Shape, LiveCard] = {}
        self._to_wake: list[LiveCard] = []
        self._held: set[pymunk.PivotJoint] = set()  # the hold joints now in the space
        card_cfg = cfg.card
        self._spin_k2 = (card_cfg.width_mm**2 + card_cfg.length_mm**2) / 12.0
        self.supply: list[int] = []
        self._stroke: Stroke | None = None
        self._visibility_cache: dict[int, Visibility] | None = None
        self._visibility_memo = VisibilityMemo()  # each card's last, for cards that stayed
        self._visibility_cards: list[Card] = []
        self._shape_pair = chipmunk.shape_pair()  # the collision callbacks' buffer
        # (steps, motion writes, ids of the sliding cards, energy) after the last step that
        # ran without the blade (see step)
        self._energy_left: tuple[int, int, list[int], float] | None = None
        self._last_mover = 0
        self._diagonal = math.hypot(cfg.card.width_mm, cfg.card.length_mm)
        self._last_half_turns: dict[int, int] = {}
        self._last_peak: dict[int, float] = {}
        self._last_touchdowns: dict[int, list[Touchdown]] = {}

    # ------------------------------------------------------------------ construction
    def _make_card(self, card_id: int, ingredient: str) -> LiveCard:
        card = self.cfg.card
        mass = card.mass_g
        size = (card.width_mm, card.length_mm)
        body = pymunk.Body(mass, pymunk.moment_for_box(mass, size))
        shape = pymunk.Poly.create_box(body, size)
        shape.collision_type = CARD_TYPE
        shape.friction = CARD_EDGE_FRICTION
        shape.elasticity = 0.0
        static = self.space.static_body
        slide = pymunk.PivotJoint(static, body, (0.0, 0.0), (0.0, 0.0))
        slide.max_bias = 0.0
        twist = pymunk.GearJoint(static, body, 0.0, 1.0)
        twist.max_bias = 0.0
        live = LiveCard(card_id, ingredient, body, shape, slide, twist, chipmunk.BodyState(body))
        self._set_sliding(live, True)
        return live

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
        poses = spread_poses(self.cfg, self.rng, len(spread), position_jitter_mm,
                             angle_jitter_rad)
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

    # ------------------------------------------------------------------ views
    @property
    def cards(self) -> list[Card]:
        """A snapshot of every card, by id."""
        return [self._view(card) for card in self._cards]

    def card(self, card_id: int) -> Card:
        """A snapshot of one card."""
        return self._view(self._live(card_id))

    def _view(self, card: LiveCard) -> Card:
        x, y, angle = self._pose(card)
        flight = card.flight
        last = card.snapshot
        # A card not in the air whose every field is as in its last snapshot gets that
        # snapshot again (it is immutable): most cards lie still between two looks, and a
        # snapshot is a dataclass whose __init__ runs interpreted even in the compiled build.
        if (
            flight is None
            and last is not None
            and _same_float(last.x, x)
            and _same_float(last.y, y)
            and _same_float(last.angle, angle)
            and last.face_up == card.face_up
            and last.layer == card.layer
            and last.stack_order == card.stack_order
            and last.location == card.location
            and last.owner == card.owner
            and last.on_blade == card.on_blade
        ):
            return last
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
        view = Card(
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
        card.snapshot = view if flight is None else None
        return view

    def wok_cards(self) -> list[Card]:
        """The cards lying on the table (inside or outside the wok's edge)."""
        return [self._view(card) for card in self._cards if card.location == "wok"]

    def visibility(self) -> dict[int, Visibility]:
        """By card id, for every card lying on the table: what of it can be seen and where it
        lies against the wok's edge (geometry only; whether it may be picked up is the game's
        rule). Computed once the cards have settled, and cached until they move: a new dict
        whenever anything changed."""
        if self._visibility_cache is None:
            cards = self.cards
            self._visibility_cache = compute_visibility(
                self.cfg, cards, self.shapes, self._visibility_memo
            )
            self._visibility_cards = cards
        return self._visibility_cache

    def visibility_cards(self) -> list[Card]:
        """A snapshot of every card, by id, taken when :meth:`visibility` was computed: the
        cards that the current visibility describes (the same moment, and one snapshot for
        both, where :attr:`cards` takes a new one on every call)."""
        self.visibility()
        return list(self._visibility_cards)

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
            state = card.state
            vx, vy = state.velocity()
            if (
                math.sqrt(vx**2 + vy**2) > physics.rest_speed_mm_s  # Vec2d.length
                or abs(state.spin()) > physics.rest_spin_rad_s
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
            cards = [
                card for card in self._cards
                if card.in_space and not card.parked and card.flight is None
            ]
            sliding = [card.state for card in cards]
            ids = [card.id for card in cards]
            # The energy the last step left is this step's start while nothing has changed
            # since: the same bodies, no step between, no motion set (chipmunk counts them).
            left = self._energy_left
            self._energy_left = None
            writes = chipmunk.MOTION_WRITES
            if (left is not None and left[0] == self.steps and left[1] == writes.count
                    and left[2] == ids):
                before = left[3]
            else:
                before = _energy(sliding, self._spin_k2)
            chipmunk.step(self.space, dt)
            if sliding:
                after = _energy(sliding, self._spin_k2)
                if after > before:
                    _slow_to(sliding, self._spin_k2, before)
                else:
                    self._energy_left = (self.steps + 1, writes.count, ids, after)
        else:
            chipmunk.step(self.space, dt)  # the hand drives the blade: it may add energy
        self.steps += 1
        self.time += dt
        if not self._airborne:
            return
        substeps = self._flight_substeps
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
                chipmunk.set_velocity(card.body, 0.0, 0.0)
                chipmunk.set_angular_velocity(card.body, 0.0)
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
            x, y, _ = self._pose(card)
            if abs(x) > half_w or abs(y) > half_d:
                self._leave_space(card)
                card.location = "floor"
                card.layer = 0

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
        card = self._by_shape.get(chipmunk.arbiter_shapes(arbiter, self._shape_pair)[1])
        if self._stroke is not None and card is not None:
            arbiter.process_collision = self._stroke.meet(card)

    def _blade_leaves(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """pymunk: the blade stops touching a card (one it was under drops back)."""
        card = self._by_shape.get(chipmunk.arbiter_shapes(arbiter, self._shape_pair)[1])
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
            x, y = path_position(gesture.samples, min(start + k * self.dt, end))
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

    # ------------------------------------------------------------------ chop
    def seat_hand(self, seat: int) -> tuple[float, float, float]:
        """Where seat ``seat``'s hand throws from: (x, y, direction into the wok in rad);
        see :func:`wokphysics.table.chop.seat_hand`."""
        return seat_hand(self.cfg, seat)

    def out_of_wok(self) -> list[int]:
        """Ids of cards on the floor or lying with their centre outside the wok's edge."""
        return out_of_wok(self)

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
        return ActionRun(chop_steps(self, gesture, seat, count, rethrow))

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

    # ------------------------------------------------------------------ hashes
    def state_hash(self) -> str:
        """SHA-256 (hex) of every card's exact floats, face, layer and location, the supply
        order and the generator's state: equal hashes mean bit-identical tables."""
        parts: list[bytes] = []
        for card in self._cards:
            x, y, angle = self._pose(card)
            vx, vy, spin = self._motion(card)
            parts.append(
                _CARD_STATE.pack(
                    card.id,
                    x,
                    y,
                    angle,
                    vx,
                    vy,
                    spin,
                    card.face_up,
                    card.layer,
                    card.stack_order,
                    -1 if card.owner is None else card.owner,
                    _LOCATION_CODES[card.location],
                    -1 if card.support is None else card.support.id,
                )
            )
            if card.flight is not None:
                f = card.flight
                parts.append(
                    _FLIGHT_STATE.pack(
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
        parts.append(struct.pack(f"<{len(self.supply)}i", *self.supply))
        parts.append(repr(self.rng.bit_generator.state).encode())
        # One update of the bytes joined: the same digest as an update for each part.
        return hashlib.sha256(b"".join(parts)).hexdigest()

    def corners(self, card_id: int) -> list[tuple[float, float]]:
        """A card's four corners on the table, mm."""
        card = self.card(card_id)
        return [
            tuple(point)
            for point in card_corners(
                card.x, card.y, card.angle, self._card_w, self._card_l
            ).tolist()
        ]


_CARD_STATE: Final = struct.Struct("<i6d?iiibi")
"""A card's part of :meth:`Table.state_hash`: id, pose, motion, face, layer, stack order,
owner (-1: none), location code, the card it rests on (-1: none); little-endian, packed."""
_FLIGHT_STATE: Final = struct.Struct("<16di")
"""An airborne card's flight in :meth:`Table.state_hash`."""
_LOCATION_CODES: Final[dict[str, int]] = {
    name: code for code, name in enumerate(("supply", "wok", "floor", "player", "discard"))
}


def _same_float(a: float, b: float) -> bool:
    """``a`` and ``b`` are the same float to the bit (finite values: equal, and of one sign
    when zero)."""
    return a == b and (a != 0.0 or math.copysign(1.0, a) == math.copysign(1.0, b))


def _energy(bodies: Sequence[chipmunk.BodyState], spin_k2: float) -> float:
    """Twice the kinetic energy per unit mass of ``bodies`` in the table plane, mm^2/s^2
    (``spin_k2``: a card's squared radius of gyration about its centre, mm^2)."""
    total = 0.0
    for body in bodies:
        vx, vy = body.velocity()
        spin = body.spin()
        total += vx * vx + vy * vy + spin_k2 * spin * spin
    return total


def _slow_to(bodies: Sequence[chipmunk.BodyState], spin_k2: float, energy: float) -> None:
    """Undo energy pymunk's step made: nothing drives the cards while the blade is off the
    table (friction and plastic contacts only take energy), but its solver's warm start and
    its pushing apart of overlaps can add some (up to several times the energy of a card
    creeping to rest). The sliding cards slow down by the factor that restores ``energy``
    (twice the kinetic energy per unit mass); cards in the air are the flight's and were not
    in ``bodies``."""
    now = _energy(bodies, spin_k2)
    factor = math.sqrt(max(0.0, energy) / now) if now > 0.0 else 0.0
    for state in bodies:
        vx, vy = state.velocity()
        chipmunk.set_velocity(state.body, vx * factor, vy * factor)
        chipmunk.set_angular_velocity(state.body, state.spin() * factor)


