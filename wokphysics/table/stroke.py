"""A live spatula stroke: the blade down on the table, moved by the hand one physics step at a
time, then released (the flick).

:meth:`Table.begin_stroke <wokphysics.table.world.Table.begin_stroke>` puts the blade down and
returns a :class:`Stroke`. Each :meth:`Stroke.move_to` advances the world by exactly one
physics step with the blade moving to the given point: it pushes the cards it meets slowly,
slides under those it meets at ``spatula.slide_under_speed_mm_s`` or faster (relative to the
card; they stay where they lie, on the blade), and drops them again once it has passed beyond
them. :meth:`Stroke.release` flicks the cards on the blade with the blade's own velocity over
its last ``spatula.release_window_s`` and runs the table to rest; it returns the same report as
a stir. :attr:`Stroke.gesture` is the path the blade followed, one sample per physics step:
``Table.stir`` of that gesture on a fresh table with the same seed and history is the same stroke
bit for bit (``stir`` itself drives a stroke). Nothing here reads a clock.
"""

from __future__ import annotations

import math
from collections.abc import Generator
from typing import TYPE_CHECKING

import pymunk

from wokphysics.table.gesture import Gesture, GestureError, Sample

if TYPE_CHECKING:
    from wokphysics.table.world import ActionReport, ActionRun, Table, _LiveCard

MAX_GESTURE_S = 30.0
"""The longest stroke or gesture, s."""


class Stroke:
    """One stroke of the spatula in progress (see the module docstring).

    The blade lies across its direction of motion (taken over the last release window): put
    down, it takes that direction at its first move; then it turns towards it as it travels
    (by the share ``travel / spatula.turn_travel_mm`` of the angle each step). It meets no
    card until it first moves: put down on cards, it is under them.
    """

    def __init__(self, table: Table, x: float, y: float) -> None:
        from wokphysics.table.world import (
            _BLADE_FRICTION,
            BLADE_TYPE,
            QUERY_FILTER,
            SPATULA_FILTER,
        )

        self._query = QUERY_FILTER
        self._riding: list[_LiveCard] = []
        self._table = table
        cfg = table.cfg
        self._samples: list[Sample] = [(0.0, x, y)]
        self._window = max(1, round(cfg.spatula.release_window_s / table.dt))
        self._released = False
        self._touched: set[int] = set()
        self._before = table._snapshot()
        self._start_time = table.time
        self._start_steps = table.steps
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        half = cfg.spatula.blade_width_mm / 2.0
        radius = cfg.spatula.blade_thickness_mm / 2.0
        shape = pymunk.Segment(body, (-half, 0.0), (half, 0.0), radius)
        shape.filter = SPATULA_FILTER
        shape.collision_type = BLADE_TYPE
        shape.friction = _BLADE_FRICTION
        shape.elasticity = 0.0
        body.position = (x, y)
        self._body = body
        self._shape = shape
        self._down = False  # in the space (it has moved)

    # ------------------------------------------------------------------ reading
    @property
    def gesture(self) -> Gesture:
        """The blade's path so far: ``(k * dt, x, y)`` for each physics step ``k``."""
        return Gesture(self._samples)

    @property
    def released(self) -> bool:
        return self._released

    @property
    def blade(self) -> tuple[float, float, float]:
        """Where the blade is: its centre (mm) and the direction it lies along (rad)."""
        x, y = self._body.position
        return float(x), float(y), float(self._body.angle)

    @property
    def on_blade(self) -> list[int]:
        """Ids of the cards the blade is under."""
        return sorted(card.id for card in self._riding if card.on_blade)

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
                body.angle = target
                body.angular_velocity = 0.0
                table.space.add(body, self._shape)
                self._down = True
                for card in self._under_blade(px, py, target, self._shape.radius):
                    self._slide_under(card)
            else:
                turn = math.remainder(target - body.angle, math.pi)  # symmetric end to end
                body.angular_velocity = turn * self._turn_share(x - px, y - py) / dt
        else:
            body.angular_velocity = 0.0
        body.velocity = ((x - px) / dt, (y - py) / dt)
        # pymunk reports each card the blade starts or stops touching (meet / leave).
        table.step()

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

    def _segment(self, x: float, y: float, angle: float) -> tuple[tuple[float, float], ...]:
        half = self._table.cfg.spatula.blade_width_mm / 2.0
        c, s = math.cos(angle), math.sin(angle)
        return (x - half * c, y - half * s), (x + half * c, y + half * s)

    def _under_blade(self, x: float, y: float, angle: float, reach: float) -> list[_LiveCard]:
        """Flat cards within ``reach`` (mm) of the blade at this pose, by id."""
        table = self._table
        a, b = self._segment(x, y, angle)
        cards = table._by_shape
        hits = table.space.segment_query(a, b, reach, self._query)
        found = sorted({cards[hit.shape].id for hit in hits if hit.shape in cards})
        return [table._cards[i] for i in found if table._cards[i].flight is None]

    def _slide_under(self, card: _LiveCard) -> None:
        card.on_blade = True
        self._riding.append(card)
        self._touched.add(card.id)

    def meet(self, card: _LiveCard) -> bool:
        """The blade starts touching ``card`` (pymunk's begin, before the step's contacts
        are solved); returns whether pymunk pushes it. The blade slides under a card it meets
        at ``slide_under_speed_mm_s`` or faster relative to it, along its own motion, and
        under one it was put down on; those it does not push until it leaves them."""
        self._touched.add(card.id)
        if card.on_blade:
            return False
        bvx, bvy = self._body.velocity
        speed = math.hypot(bvx, bvy)
        if speed < 1e-9:
            return True
        cvx, cvy = card.body.velocity
        relative = speed - (cvx * bvx + cvy * bvy) / speed
        if relative >= self._table.cfg.spatula.slide_under_speed_mm_s:
            self._slide_under(card)
            return False
        return True

    def leave(self, card: _LiveCard) -> None:
        """The blade stops touching ``card``: if it was under it, the card drops back."""
        card.on_blade = False
        if card in self._riding:
            self._riding.remove(card)

    def _contacts(self) -> list[_LiveCard]:
        """Cards touching the blade now (or within the contact tolerance) or on it, by id."""
        x, y = self._body.position
        reach = self._shape.radius + self._table.cfg.spatula.contact_tolerance_mm
        found = {card.id: card for card in self._under_blade(x, y, self._body.angle, reach)}
        found.update({card.id: card for card in self._riding if card.flight is None})
        return [found[i] for i in sorted(found)]

    def _flicked(self, velocity: tuple[float, float]) -> list[_LiveCard]:
        """The cards the release flicks: those the blade is under, and those it touches in
        front of it (a card it was pushing)."""
        vx, vy = velocity
        x, y = self._body.position
        cards = []
        for card in self._contacts():
            cx, cy = card.body.position
            if card.on_blade or (cx - x) * vx + (cy - y) * vy > 0.0:
                cards.append(card)
        return cards

    # ------------------------------------------------------------------ release
    def release(self) -> ActionReport:
        """Flick the cards on the blade, lift the blade and run the table to rest."""
        return self.begin_release().finish()

    def begin_release(self) -> ActionRun:
        """The release run one physics step at a time (see
        :class:`~wokphysics.table.world.ActionRun`): the flick happens at once."""
        from wokphysics.table.world import ActionRun

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
        launched: list[int] = []
        if self._down:
            on_blade = self._flicked(velocity)
            self._touched.update(card.id for card in on_blade)
            launched = table.flick(on_blade, velocity)
            table.space.remove(self._body, self._shape)
            self._down = False
            for card in self._riding:
                card.on_blade = False
            self._riding.clear()
        table._end_stroke()
        yield from table._settle(self._start_time)
        return table._report(
            self._before,
            self._touched,
            launched,
            self._start_time,
            self._start_steps,
            release_speed=math.hypot(*velocity),
        )
