"""A live spatula stroke: the blade down on the table, moved by the hand one physics step at a
time, then released (the flick).

:meth:`Table.begin_stroke <wokphysics.table.world.Table.begin_stroke>` puts the blade down and
returns a :class:`Stroke`. Each :meth:`Stroke.move_to` advances the world by exactly one
physics step with the blade moving to the given point. The blade is a thin plate
``blade_width_mm`` wide reaching ``blade_length_mm`` back from its leading edge. Its leading
edge is thin: a card edge it meets there, while the card lies on the table, rides up onto the
blade at any speed; cards its sides or back meet are pushed. A card on the blade rests on the
blade's leading edge and on the table at its far side (on the blade alone once the blade is
under its centre): the blade bears that share of its weight, and friction on the blade drags
it along while the table's friction holds it back, so a slow drag carries a card that lies
far enough onto the blade, and otherwise slides further under it. A card drops back to the
table once the blade no longer lies under it. :meth:`Stroke.release` is the flick
(:mod:`wokphysics.table.flick`) from the blade's own velocity over its last
``spatula.release_window_s``, then the table runs to rest; it returns the same report as a
stir. :attr:`Stroke.gesture` is the path the blade followed, one sample per physics step:
``Table.stir`` of that gesture on a fresh table with the same seed and history is the same
stroke bit for bit (``stir`` itself drives a stroke). Nothing here reads a clock.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import TYPE_CHECKING, Final

import pymunk
import shapely

from wokphysics.table import chipmunk, convex, geometry
from wokphysics.table.convex import Point
from wokphysics.table.gesture import Gesture, GestureError, Sample
from wokphysics.table.release import flick
from wokphysics.table.report import action_report, snapshot

if TYPE_CHECKING:
    from wokphysics.table.flick import Blade
    from wokphysics.table.live import LiveCard
    from wokphysics.table.report import ActionReport, ActionRun
    from wokphysics.table.world import Table

_BLADE_EDGE_FRICTION: Final = 0.5
"""Friction coefficient of the blade's sides pushing a card's edge (pymunk multiplies it by
the card edge's)."""

MAX_GESTURE_S: Final = 30.0
"""The longest stroke or gesture, s."""

ENTRY_SLOP_MM: Final = 1e-6
"""An overlap thinner than this is a touch, not an entry (mm)."""


class Stroke:
    """One stroke of the spatula in progress (see the module docstring).

    The blade lies across its direction of motion (taken over the last release window): put
    down, it takes that direction at its first move; then it turns towards it as it travels
    (by the share ``travel / spatula.turn_travel_mm`` of the angle each step). It meets no
    card until it first moves: put down on cards, it is under them. In the blade's own frame
    its leading edge runs along local x through the origin and the blade reaches back along
    local +y (the hand's side).
    """

    def __init__(self, table: Table, x: float, y: float) -> None:
        from wokphysics.table.live import BLADE_TYPE, SPATULA_FILTER

        self._riding: list[LiveCard] = []  # by id
        self._arriving: list[LiveCard] = []  # reported by pymunk during a step
        self._forces: dict[int, float] = {}  # the friction force each rider's joint is capped at
        self._leaving: list[LiveCard] = []
        self._holds: dict[int, tuple[pymunk.PivotJoint, pymunk.GearJoint]] = {}
        self._table = table
        cfg = table.cfg
        self._samples: list[Sample] = [(0.0, x, y)]
        self._window = max(1, round(cfg.spatula.release_window_s / table.dt))
        self._released = False
        self._touched: set[int] = set()
        self._before = snapshot(table)
        self._start_time = table.time
        self._start_steps = table.steps
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        half = cfg.spatula.blade_width_mm / 2.0
        reach = cfg.spatula.blade_length_mm
        shape = pymunk.Poly(body, [(-half, 0.0), (half, 0.0), (half, reach), (-half, reach)])
        shape.filter = SPATULA_FILTER
        shape.collision_type = BLADE_TYPE
        shape.friction = _BLADE_EDGE_FRICTION
        shape.elasticity = 0.0
        body.position = (x, y)
        self._body = body
        self._state = chipmunk.BodyState(body)
        self._shape = shape
        self._down = False  # in the space (it has moved)

    # ------------------------------------------------------------------ reading
    @property
    def gesture(self) -> Gesture:
        """The blade's path so far: ``(k * dt, x, y)`` for each physics step ``k``."""
        return Gesture.checked(self._samples)

    @property
    def released(self) -> bool:
        return self._released

    @property
    def blade(self) -> tuple[float, float, float]:
        """Where the blade is: its leading edge's midpoint (mm) and the direction that edge
        lies along (rad)."""
        x, y = self._state.position()
        return x, y, self._state.angle()

    @property
    def forward(self) -> tuple[float, float]:
        """The unit direction the blade's leading edge faces (away from the hand)."""
        angle = self._state.angle()
        return math.sin(angle), -math.cos(angle)

    @property
    def on_blade(self) -> list[int]:
        """Ids of the cards the blade is under."""
        return sorted(card.id for card in self._riding if card.on_blade)

    def depths(self) -> dict[int, float]:
        """For each card the blade is under, how far its leading edge lies past the card's
        nearest point along the blade's facing, mm."""
        from wokphysics.table.flick import depth_under

        blade = self._blade_state((0.0, 0.0))
        cfg = self._table.cfg.card
        return {
            card.id: depth_under(self._table._flat(card), blade, cfg.width_mm, cfg.length_mm)
            for card in sorted(self._riding, key=lambda c: c.id)
            if card.on_blade and card.flight is None
        }

    def velocity(self) -> tuple[float, float]:
        """The blade's mean velocity over the last release window, mm/s (its flick)."""
        samples = self._samples
        back = min(self._window, len(samples) - 1)
        if back == 0:
            return 0.0, 0.0
        _, x1, y1 = samples[-1]
        _, x0, y0 = samples[-1 - back]
        span = back * self._table.dt
        return (x1 - x0) / span, (y1 - y0) / span

    # ------------------------------------------------------------------ moving
    def move_to(self, x: float, y: float) -> None:
        """Advance the world one physics step with the blade moving to ``(x, y)`` mm.

        A point no hand could reach in one step (faster than ``spatula.max_speed_mm_s``), a
        point that is not finite, or a stroke longer than 30 s raises a GestureError before
        anything changes.
        """
        if self._released:
            raise GestureError("the stroke was released; begin a new one")
        table = self._table
        dt = table.dt
        for value in (x, y):
            if not isinstance(value, (int, float)) or not math.isfinite(value):
                raise GestureError(f"the blade cannot move to {(x, y)}: not finite")
        x, y = float(x), float(y)
        _, px, py = self._samples[-1]
        limit = table.cfg.spatula.max_speed_mm_s
        speed = math.hypot(x - px, y - py) / dt
        if speed > limit * (1.0 + 1e-9):
            raise GestureError(
                f"the blade would move at {speed:.0f} mm/s, faster than a hand "
                f"(limit spatula.max_speed_mm_s = {limit:.0f})"
            )
        k = len(self._samples)
        if k * dt > MAX_GESTURE_S:  # as Table.stir checks its gesture: a record replays
            raise GestureError(f"a stroke lasts at most {MAX_GESTURE_S:.0f} s")
        self._samples.append((k * dt, x, y))
        _, bx, by = self._samples[max(0, k - self._window)]
        dx, dy = x - bx, y - by
        body = self._body
        if math.hypot(dx, dy) > 1e-9:
            # The blade lies across the motion: its local x axis is perpendicular to it.
            target = math.atan2(dx, -dy)
            if not self._down:
                chipmunk.set_angle(body, target)
                chipmunk.set_angular_velocity(body, 0.0)
                under = self._under_blade(px, py, target)
                chipmunk.add(table.space, body, self._shape)
                self._down = True
                for card in under:
                    self._slide_under(card)
            else:
                # symmetric end to end
                turn = math.remainder(target - self._state.angle(), math.pi)
                chipmunk.set_angular_velocity(body, turn * self._turn_share(x - px, y - py) / dt)
        else:
            chipmunk.set_angular_velocity(body, 0.0)
        chipmunk.set_velocity(body, (x - px) / dt, (y - py) / dt)
        self._carry()
        # pymunk reports each card the blade starts or stops touching (meet / leave).
        table.step()
        self._catch_up()

    def _turn_share(self, dx: float, dy: float) -> float:
        """The share of its angle to the motion's cross direction that the blade turns in a
        step that moves it ``(dx, dy)`` mm: the step's travel over ``spatula.turn_travel_mm``
        (all of it once a step travels that far). The blade trails its motion as a dragged
        tool does: it turns by travelling, not by the direction of a few millimetres, which a
        slow hand's pixel-sized wobble would swing tens of radians a second (the blade's ends
        then strike the cards it pushes)."""
        travel = self._table.cfg.spatula.turn_travel_mm
        if travel <= 0.0:
            return 1.0
        return min(1.0, math.hypot(dx, dy) / travel)

    def _outline(self, x: float, y: float, angle: float) -> list[Point]:
        """The blade's outline at a pose (leading edge midpoint, angle), counter-clockwise,
        mm."""
        spatula = self._table.cfg.spatula
        half, reach = spatula.blade_width_mm / 2.0, spatula.blade_length_mm
        c, s = math.cos(angle), math.sin(angle)
        local = ((-half, 0.0), (half, 0.0), (half, reach), (-half, reach))
        return [(x + c * lx - s * ly, y + s * lx + c * ly) for lx, ly in local]

    def _under_blade(self, x: float, y: float, angle: float) -> list[LiveCard]:
        """Flat cards the blade put down at this pose lies under (it went down beneath the
        lowest card at every point), by id."""
        table = self._table
        outline = self._outline(x, y, angle)
        bounds = convex.bounds(outline)
        under = []
        for card in table._flat_cards():
            if not convex.boxes_meet(bounds, table._reach_box(card)):
                continue
            region = convex.clip(outline, table._corners(card))
            if convex.area(region) > ENTRY_SLOP_MM and self._bears(card, region):
                under.append(card)
        return under

    def _bears(self, card: LiveCard, overlap: list[Point]) -> bool:
        """Whether the blade lies right under ``card`` somewhere in ``overlap`` (the convex
        part of the card over the blade): some of it is not over a lower card (where the
        blade is beneath that card instead)."""
        if not overlap:
            return False
        table = self._table
        bounds = convex.bounds(overlap)
        # What is left of the overlap is not convex once a card is taken out of it: shapely
        # takes over from the first card that really covers some of it.
        region: shapely.Geometry | None = None
        for other in table._flat_cards():
            if other is card or not table._above(other, card):
                continue
            if not convex.boxes_meet(bounds, table._reach_box(other)):
                continue
            if region is None:
                if not convex.clip(overlap, table._corners(other)):
                    continue
                region = geometry.convex_hull_of(overlap)
            region = geometry.difference(region, table._outline(other))
            if geometry.is_empty(region):
                return False
            bounds = geometry.bounds(region)
        return True

    def _slide_under(self, card: LiveCard) -> None:
        """The card rides up onto the blade: the blade holds it by friction from now on."""
        self._table._wake(card)
        card.on_blade = True
        self._riding.append(card)
        self._riding.sort(key=lambda c: c.id)
        self._touched.add(card.id)
        body = self._body
        at = chipmunk.world_to_local(body, *card.state.position())
        hold = pymunk.PivotJoint(body, card.body, at, (0.0, 0.0))
        hold.max_bias = 0.0
        hold.max_force = 0.0
        twist = pymunk.GearJoint(
            body, card.body, card.state.angle() - self._state.angle(), 1.0
        )
        twist.max_bias = 0.0
        twist.max_force = 0.0
        self._holds[card.id] = (hold, twist)
        if self._down:
            chipmunk.add(self._table.space, hold, twist)

    def _drop(self, card: LiveCard) -> None:
        card.on_blade = False
        card.blade_share = 0.0
        if card in self._riding:
            self._riding.remove(card)
        self._forces.pop(card.id, None)
        joints = self._holds.pop(card.id, None)
        if joints is not None and joints[0] in self._table.space.constraints:
            chipmunk.remove(self._table.space, *joints)
        self._table._friction(card)

    def _carry(self) -> None:
        """Share each riding card's weight between the blade and what it lies on, and cap
        the friction of each at Coulomb's ``mu N`` for its share.

        Along the blade's facing, a card whose centre lies over the blade rests on the blade
        alone; otherwise it rests on the blade's edge nearest its centre and on its own far
        side (lever rule: the blade bears ``(far - centre) / (far - edge)`` of it).
        """
        if not self._riding:
            return
        table = self._table
        cfg = table.cfg
        blade = self._state
        blade_angle = blade.angle()
        fx, fy = math.sin(blade_angle), -math.cos(blade_angle)  # self.forward
        bx, by = blade.position()
        front = bx * fx + by * fy
        back = front - cfg.spatula.blade_length_mm
        half_w, half_l = table._card_w / 2.0, table._card_l / 2.0
        weight = table._card_weight * cfg.spatula.blade_friction
        turning = blade.spin() != 0.0
        for card in self._riding:
            if card.flight is not None:
                continue
            state = card.state
            cx, cy = state.position()
            angle = state.angle()
            ux, uy = math.cos(angle), math.sin(angle)
            extent = half_w * abs(ux * fx + uy * fy) + half_l * abs(ux * fy - uy * fx)
            centre = cx * fx + cy * fy
            if back <= centre <= front:
                share = 1.0
            elif centre > front:
                share = extent / max(centre + extent - front, 1e-9)
            else:
                share = extent / max(back - (centre - extent), 1e-9)
            share = min(1.0, max(0.0, share))
            hold, twist = self._holds[card.id]
            if turning:
                # The blade's points move alike unless it turns: then hold it by the point
                # under the card's centre.
                chipmunk.set_anchor_a_at(hold, blade.body, cx, cy)
            force = weight * (1 + table._load_on(card)) * share
            if share != card.blade_share or force != self._forces.get(card.id):
                card.blade_share = share
                table._friction(card)
                chipmunk.set_max_force(hold, force)
                chipmunk.set_max_force(twist, force * table._mean_r)
                self._forces[card.id] = force

    def meet(self, card: LiveCard) -> bool:
        """The blade starts touching ``card`` (pymunk's begin, before the step's contacts
        are solved); returns whether pymunk pushes it, for as long as they touch.

        Its thin leading edge slides under a card edge it meets where the card lies on the
        table, at any speed: the card rides up onto the blade. A card met by the blade's
        sides or back is pushed. Where the card lies on a lower card, the blade is beneath
        that card, not this one: it does not touch it."""
        self._touched.add(card.id)
        if card.on_blade:
            return False
        table = self._table
        x, y, angle = self.blade
        outline = self._outline(x, y, angle)
        region = convex.clip(outline, table._corners(card))
        if not self._front_entry(region):
            return True
        if not self._bears(card, region):
            return False
        # Nothing is added to pymunk's space from inside its step: the blade takes hold of
        # the card after the step (_take_hold), in card order, whatever order pymunk reports
        # contacts in (which differs between processes).
        card.on_blade = True
        self._arriving.append(card)
        return False

    def _front_entry(self, region: list[Point]) -> bool:
        """Whether a card overlapping (or touching) the blade in ``region`` came in across
        its leading edge: of the blade's faces the region reaches, the one it reaches least
        far past is the one it crossed."""
        spatula = self._table.cfg.spatula
        half, reach = spatula.blade_width_mm / 2.0, spatula.blade_length_mm
        body = self._body
        points = [chipmunk.world_to_local(body, px, py) for px, py in region]
        if not points:
            return False
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        tolerance = 1e-6
        past = {}
        if min(ys) <= tolerance:
            past["front"] = max(ys)
        if max(ys) >= reach - tolerance:
            past["back"] = reach - min(ys)
        if max(xs) >= half - tolerance:
            past["right"] = half - min(xs)
        if min(xs) <= -half + tolerance:
            past["left"] = max(xs) + half
        if not past:
            return False
        return min(past, key=lambda face: (past[face], face != "front")) == "front"

    def leave(self, card: LiveCard) -> None:
        """The blade stops touching ``card``: if it was under it, the card drops back (after
        the step: see :meth:`_take_hold`)."""
        if card.on_blade or card.id in self._holds:
            self._leaving.append(card)

    def _catch_up(self) -> None:
        """After a step: a parked card the blade reached in it, which pymunk could not meet
        (it was out of the space: it wakes now), is met now, as pymunk would have."""
        table = self._table
        woken = table._wake_reported()
        if woken:
            x, y, angle = self.blade
            outline = self._outline(x, y, angle)
            for card in woken:
                if card.on_blade or card.id in self._touched or card.flight is not None:
                    continue
                if convex.clip(outline, table._corners(card)):
                    self.meet(card)
        self._take_hold()

    def _take_hold(self) -> None:
        """After a step: the blade takes hold of the cards that rode onto it and lets go of
        those it left, each in card order."""
        if self._arriving:
            arriving = sorted({c.id: c for c in self._arriving}.values(), key=lambda c: c.id)
            self._arriving.clear()
            for card in arriving:
                if card.on_blade and card.id not in self._holds:
                    self._slide_under(card)
        if self._leaving:
            leaving = sorted({c.id: c for c in self._leaving}.values(), key=lambda c: c.id)
            self._leaving.clear()
            for card in leaving:
                self._drop(card)

    def _blade_state(self, velocity: tuple[float, float]) -> Blade:
        from wokphysics.table.flick import Blade

        spatula = self._table.cfg.spatula
        x, y = self._state.position()
        fx, fy = self.forward
        return Blade(
            x, y, fx, fy, spatula.blade_width_mm, spatula.blade_length_mm,
            velocity[0], velocity[1],
        )

    # ------------------------------------------------------------------ release
    def release(self) -> ActionReport:
        """Flick the cards on the blade, lift the blade and run the table to rest."""
        return self.begin_release().finish()

    def begin_release(self) -> ActionRun:
        """The release run one physics step at a time (see
        :class:`~wokphysics.table.world.ActionRun`): the flick happens at once."""
        from wokphysics.table.report import ActionRun

        if self._released:
            raise GestureError("the stroke was released already")
        return ActionRun(self.release_steps())

    def release_steps(self) -> Generator[None, None, ActionReport]:
        """The release as a generator that yields after each physics step of the settling."""
        if self._released:
            raise GestureError("the stroke was released already")
        self._released = True
        table = self._table
        velocity = self.velocity()
        measured = math.hypot(*velocity)
        limit = table.cfg.spatula.hand_speed_limit_mm_s
        played = velocity
        if measured > limit:
            played = (velocity[0] * limit / measured, velocity[1] * limit / measured)
        launched: list[int] = []
        depths: dict[int, float] = {}
        if self._down:
            self._catch_up()
            depths = self.depths()
            launched = flick(table, self._blade_state(played))
            self._touched.update(launched)
            for card in list(self._riding):
                self._drop(card)
            chipmunk.remove(table.space, self._body, self._shape)
            self._down = False
            table._park_still()
        table._end_stroke()
        yield from table._settle(self._start_time)
        return action_report(
            table,
            self._before,
            self._touched,
            launched,
            self._start_time,
            self._start_steps,
            release_speed=measured,
            flick_speed=min(measured, limit),
            depths=depths,
        )
