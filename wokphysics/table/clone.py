"""A copy of a table at rest that plays on bit for bit as the original would.

:func:`clone_table` gives a new :class:`~wokphysics.table.world.Table` whose cards, supply,
generator and every part of pymunk's state that a step reads are the original's: a stroke or
a chop on the copy gives the same :meth:`~wokphysics.table.world.Table.state_hash` as the same
gesture on the original (``tests/table/test_table_clone.py``; docs/bots.md gives how often
over whole bot games). A planner tries gestures on copies; the original is never touched.
The physics is not changed: this module only reads the original and builds the copy.

What a step reads besides the cards' poses, motions and flags, and how the copy gets it:

- a body keeps the bias velocities of its last step (the overlap correction the next step
  applies) and a joint its accumulated impulse (Chipmunk's warm start), which pymunk cannot
  set: they are copied from the structs' memory (:func:`_copy_bias`, :func:`_copy_impulse`,
  at the offsets of Chipmunk 7's ``cpBody``, ``cpPivotJoint`` and ``cpGearJoint``, which
  :func:`check_layout` tests against pymunk's getters before the first copy);
- the last step's dt, which scales the next step's warm start;
- the order of Chipmunk's arrays of bodies and joints (the solver's order) and each shape's
  hash id (the order of the index's hash set): the copy adds them in the original's order
  with the original's ids, and sets the space's id counter and clock;
- the size of the dynamic index's hash set (it grows and never shrinks): the copy's grows as
  the original's did at the deal, by as many cards entering the space as the deal spread
  (``spread``).

Only a table at rest can be copied (no stroke, nothing in the air): between two actions of
a game it always is.
"""

from __future__ import annotations

import math

import numpy as np
import pymunk
from pymunk._chipmunk import ffi, lib

from wokphysics.table import chipmunk
from wokphysics.table.live import LiveCard, TableError
from wokphysics.table.world import Table

# Chipmunk 7's structs on a 64-bit build (chipmunk_structs.h): cpConstraint is 13 words, then
# cpPivotJoint has anchorA, anchorB, r1, r2 (2 doubles each), k (4), jAcc (2), bias (2), and
# cpGearJoint phase, ratio, ratio_inv, iSum, bias, jAcc.
_PIVOT_IMPULSE = (200, 16)
_GEAR_IMPULSE = (144, 8)
_PIVOT_ANCHOR_A = 104
# cpBody: two function pointers, m, m_inv, i, i_inv, cog (2), p (2), v (2), f (2), a, w, t,
# transform (6), userData, then v_bias (2) and w_bias: the overlap correction left from the
# last step, which the next step the body takes applies.
_BODY_BIAS = (192, 24)
_BODY_POSITION = 64
_BODY_ANGLE = 112


def _raw(joint: pymunk.Constraint, offset: int, size: int) -> bytes:
    base = ffi.cast("char *", joint._constraint)
    return bytes(ffi.buffer(base + offset, size))


def _each(space: pymunk.Space, kind: str) -> list[object]:
    """The Chipmunk handles of the space's bodies or constraints in the order of Chipmunk's
    own arrays (the order its solver takes them in; pymunk's views keep another)."""
    found: list[object] = []
    handle = ffi.new_handle(found)
    if kind == "Body":
        lib.cpSpaceEachBody(space._space, lib.ext_cpSpaceBodyIteratorFunc, handle)
    else:
        lib.cpSpaceEachConstraint(space._space, lib.ext_cpSpaceConstraintIteratorFunc, handle)
    return found


def _copy_bias(source: pymunk.Body, target: pymunk.Body) -> None:
    """Copy a body's bias velocities (its pending overlap correction)."""
    offset, size = _BODY_BIAS
    ffi.memmove(ffi.cast("char *", target._body) + offset,
                ffi.cast("char *", source._body) + offset, size)


def _copy_impulse(source: pymunk.Constraint, target: pymunk.Constraint) -> None:
    """Copy the accumulated impulse (warm start) of a pivot or gear joint."""
    offset, size = _PIVOT_IMPULSE if isinstance(source, pymunk.PivotJoint) else _GEAR_IMPULSE
    ffi.memmove(ffi.cast("char *", target._constraint) + offset,
                ffi.cast("char *", source._constraint) + offset, size)


def check_layout() -> None:
    """Raise TableError unless the offsets above read what pymunk's getters read (a pymunk
    or Chipmunk of another layout)."""
    body_a = pymunk.Body(1.0, 1.0)
    body_b = pymunk.Body(1.0, 1.0)
    pivot = pymunk.PivotJoint(body_a, body_b, (1.25, -2.5), (0.0, 0.0))
    anchor = np.frombuffer(_raw(pivot, _PIVOT_ANCHOR_A, 16), dtype="<f8")
    body_a.position = (3.5, -7.25)
    body_a.angle = 0.625
    body = np.frombuffer(ffi.buffer(ffi.cast("char *", body_a._body), 128), dtype="<f8")
    gear = pymunk.GearJoint(body_a, body_b, 0.75, 1.0)
    ratio = np.frombuffer(_raw(gear, _GEAR_IMPULSE[0] - 32, 8), dtype="<f8")
    # An impulse written at the offsets is the one pymunk reads (|(3, 4)| = 5, |-2.5|).
    ffi.memmove(ffi.cast("char *", pivot._constraint) + _PIVOT_IMPULSE[0],
                np.array([3.0, 4.0], dtype="<f8").tobytes(), 16)
    ffi.memmove(ffi.cast("char *", gear._constraint) + _GEAR_IMPULSE[0],
                np.array([-2.5], dtype="<f8").tobytes(), 8)
    if (
        pivot.impulse != 5.0
        or gear.impulse != 2.5
        or ffi.sizeof("void *") != 8
        or tuple(anchor) != (1.25, -2.5)
        or float(ratio[0]) != 1.0
        or float(np.frombuffer(_raw(gear, _GEAR_IMPULSE[0] - 40, 8), dtype="<f8")[0]) != 0.75
        or tuple(body[_BODY_POSITION // 8: _BODY_POSITION // 8 + 2]) != (3.5, -7.25)
        or float(body[_BODY_ANGLE // 8]) != 0.625
        or float(body[2]) != 1.0  # the mass, after the two function pointers
    ):
        raise TableError("this pymunk's bodies and joints are not laid out as Chipmunk 7's: "
                         "no table copies")


_checked: list[bool] = []


def clone_table(table: Table, spread: int) -> Table:
    """A copy of ``table`` (at rest) that plays on bit for bit as the original would.

    ``spread`` is the number of cards the original's setup spread over the wok (the deal's
    ``rules.setup.wok``; see the module doc)."""
    if not _checked:
        check_layout()
        _checked.append(True)
    if table._stroke is not None or table._airborne:
        raise TableError("only a table at rest can be copied")
    source = table._cards
    copy = Table(table.cfg, table.seed, [card.ingredient for card in source])
    space = copy.space
    # The dynamic index's hash set grows as the original's did when its deal entered the space.
    warm = [copy._cards[i] for i in range(min(spread, len(source)))]
    for card in warm:
        chipmunk.add(space, card.body, card.shape)
    for card in warm:
        chipmunk.remove(space, card.body, card.shape)
    copy.rng = np.random.Generator(np.random.PCG64())
    copy.rng.bit_generator.state = table.rng.bit_generator.state
    copy.time = table.time
    copy.steps = table.steps
    copy.supply = list(table.supply)
    copy._next_stack_order = table._next_stack_order
    copy._last_mover = table._last_mover
    cards = copy._cards
    for old, new in zip(source, cards, strict=True):
        _copy_card(old, new)
    for old, new in zip(source, cards, strict=True):
        if old.support is not None:
            new.support = cards[old.support.id]
        if old.hold is not None:
            new.hold = _copy_hold(old, new, cards)
    # The space: the markers of the parked cards, in the original's order and with its ids.
    markers: dict[pymunk.Body, LiveCard] = {}
    for old_card in source:
        if old_card.marker is not None:
            markers[old_card.marker] = old_card
            _make_marker(copy, cards[old_card.id], old_card.marker)
    for shape in table.space.shapes:
        owner = markers.get(shape.body) if shape.body is not None else None
        if owner is None or not owner.parked:
            continue
        marker = cards[owner.id].marker
        assert marker is not None
        (placed,) = marker.shapes
        lib.cpSpaceSetShapeIDCounter(space._space, lib.cpShapeGetHashID(shape._shape))
        chipmunk.add(space, marker, placed)
    # The cards awake at rest (woken when a card was taken from under or over them): their
    # bodies in the order of Chipmunk's array, their shapes in the order they entered the
    # index (by id) with their ids, and every joint in the space in Chipmunk's order.
    by_body = {card.body._body: card for card in source}
    awake = [by_body[handle] for handle in _each(table.space, "Body") if handle in by_body]
    for old_card in awake:
        chipmunk.add(space, cards[old_card.id].body)
    for old_card in sorted(awake, key=lambda card: lib.cpShapeGetHashID(card.shape._shape)):
        lib.cpSpaceSetShapeIDCounter(space._space, lib.cpShapeGetHashID(old_card.shape._shape))
        chipmunk.add(space, cards[old_card.id].shape)
    joints: dict[object, pymunk.Constraint] = {}
    holds: dict[pymunk.PivotJoint, pymunk.PivotJoint] = {}
    for old, new in zip(source, cards, strict=True):
        joints[old.slide._constraint] = new.slide
        joints[old.twist._constraint] = new.twist
        if old.hold is not None and new.hold is not None:
            joints[old.hold[0]._constraint] = new.hold[0]
            joints[old.hold[1]._constraint] = new.hold[1]
            holds[old.hold[0]] = new.hold[0]
    for handle in _each(table.space, "Constraint"):
        chipmunk.add(space, joints[handle])
    copy._held = {holds[joint] for joint in table._held}
    for old, new in zip(source, cards, strict=True):
        new.in_space = old.in_space
        new.parked = old.parked
    lib.cpSpaceSetShapeIDCounter(space._space, lib.cpSpaceGetShapeIDCounter(table.space._space))
    lib.cpSpaceSetTimestamp(space._space, lib.cpSpaceGetTimestamp(table.space._space))
    # The last step's dt scales the warm start of the next (none after a dt of 0).
    lib.cpSpaceSetCurrentTimeStep(space._space,
                                  lib.cpSpaceGetCurrentTimeStep(table.space._space))
    copy._loads = None
    copy._visibility_cache = None
    return copy


def _copy_card(old: LiveCard, new: LiveCard) -> None:
    """The card's pose, motion, flags and friction joints' caps and impulses."""
    for attribute in ("face_up", "layer", "stack_order", "location", "owner", "launched_from",
                      "on_blade", "blade_share", "rest"):
        setattr(new, attribute, getattr(old, attribute))
    body, state = old.body, old.state
    chipmunk.set_position(new.body, *state.position())
    chipmunk.set_angle(new.body, state.angle())
    chipmunk.set_velocity(new.body, *state.velocity())
    chipmunk.set_angular_velocity(new.body, state.spin())
    _copy_bias(body, new.body)
    new.shape.filter = old.shape.filter
    for source, target in ((old.slide, new.slide), (old.twist, new.twist)):
        chipmunk.set_max_force(target, source.max_force)
        _copy_impulse(source, target)


def _copy_hold(old: LiveCard, new: LiveCard,
               cards: list[LiveCard]) -> tuple[pymunk.PivotJoint, pymunk.GearJoint]:
    """The joints holding a card to the card it lies on, as the original's."""
    assert old.hold is not None and old.support is not None
    hold, twist = old.hold
    support = cards[old.support.id]
    new_hold = pymunk.PivotJoint(support.body, new.body, hold.anchor_a, hold.anchor_b)
    new_hold.max_bias = hold.max_bias
    new_twist = pymunk.GearJoint(support.body, new.body, twist.phase, twist.ratio)
    new_twist.max_bias = twist.max_bias
    for source, target in ((hold, new_hold), (twist, new_twist)):
        chipmunk.set_max_force(target, source.max_force)
        _copy_impulse(source, target)
    if not math.isfinite(new_hold.max_force):
        raise TableError(f"card {new.id}: its hold has no finite friction cap")
    return new_hold, new_twist


def _make_marker(copy: Table, card: LiveCard, old_marker: pymunk.Body) -> None:
    """A marker body and sensor like the original card's (placed where it stands)."""
    marker = copy._new_marker(card)
    (sensor,) = marker.shapes
    chipmunk.set_position(marker, *old_marker.position)  # the getter's floats: the same bits
    chipmunk.set_angle(marker, old_marker.angle)
    (old_sensor,) = old_marker.shapes
    sensor.filter = old_sensor.filter
