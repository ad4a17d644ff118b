"""The table's fast pymunk reads and writes give exactly what pymunk's properties give."""

from __future__ import annotations

import struct

import pymunk
import pytest
from pymunk._chipmunk import ffi

from wokphysics.table import chipmunk


def _bodies() -> tuple[pymunk.Body, pymunk.Body, pymunk.PivotJoint, pymunk.GearJoint]:
    body = pymunk.Body(2.0, 30.0)
    body.position = (12.345678901234, -0.1 / 3.0)
    body.angle = 1.0 / 7.0
    body.velocity = (-3.25e-7, 1e9 / 3.0)
    body.angular_velocity = -2.0 / 3.0
    blade = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
    blade.position = (5.0 / 3.0, 7.0 / 9.0)
    blade.angle = -0.3
    return body, blade, pymunk.PivotJoint(blade, body, (0, 0), (0, 0)), pymunk.GearJoint(
        blade, body, 0.0, 1.0
    )


def _bits(*values: float) -> bytes:
    return struct.pack(f"<{len(values)}d", *values)


def _read(state: chipmunk.BodyState) -> bytes:
    return _bits(*state.position(), state.angle(), *state.velocity(), state.spin())


def _properties(body: pymunk.Body) -> bytes:
    return _bits(*body.position, body.angle, *body.velocity, body.angular_velocity)


def test_reads_are_the_properties_bits() -> None:
    body, blade, _, _ = _bodies()
    for each in (body, blade):
        assert _read(chipmunk.BodyState(each)) == _properties(each)
    point = (-1.0 / 3.0, 2.0e3 / 7.0)
    assert chipmunk.world_to_local(body, *point) == tuple(body.world_to_local(point))


def test_reads_follow_the_body_through_steps_and_writes() -> None:
    """A state reads the body in place: after pymunk's steps (which move it through its
    transform) and after writes, every read is the property's, to the bit."""
    space = pymunk.Space()
    body = pymunk.Body(2.0, 30.0)
    shape = pymunk.Poly.create_box(body, (63.5, 88.9))
    space.add(body, shape)
    state = chipmunk.BodyState(body)
    body.velocity = (-120.0 / 7.0, 33.0 / 9.0)
    body.angular_velocity = 2.0 / 3.0
    for step in range(50):
        space.step(1.0 / 120.0)
        assert _read(state) == _properties(body), step
    chipmunk.set_velocity(body, 0.5, -0.25)
    chipmunk.set_position(body, -0.0, 4.0)
    assert _read(state) == _properties(body)


def test_a_zero_translation_of_either_sign_reads_as_pymunk_gives() -> None:
    """Chipmunk gives the position as the transform applied to the origin, ``a*0 + c*0 +
    tx``: a translation of -0.0 (which a step can leave) comes out +0.0 or -0.0 by the signs
    of the rotation's terms, and the state gives the same bits either way (reading ``tx``
    alone would not)."""
    body = pymunk.Body(2.0, 30.0)
    state = chipmunk.BodyState(body)
    words = memoryview(ffi.buffer(body._body, 8 * 23)).cast("d")
    signs = set()
    for angle in (0.5, 2.0):
        body.angle = angle
        for value in (-0.0, 0.0):
            words[21] = words[22] = value  # the transform's tx and ty
            assert _read(state) == _properties(body)
            signs.add(_bits(body.position.x))
    assert signs == {_bits(0.0), _bits(-0.0)}


def test_the_layout_check_refuses_another_layout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chipmunk, "_V", 12)  # the force's words, not the velocity's
    monkeypatch.setattr(chipmunk, "_layout_checked", [])
    with pytest.raises(RuntimeError, match="not laid out as Chipmunk 7's cpBody"):
        chipmunk.check_layout()


def test_writes_are_the_properties_writes() -> None:
    body, blade, hold, twist = _bodies()
    other, _, other_hold, other_twist = _bodies()
    chipmunk.set_velocity(body, 1.0 / 3.0, -2.0 / 7.0)
    other.velocity = (1.0 / 3.0, -2.0 / 7.0)
    chipmunk.set_angular_velocity(body, 0.1)
    other.angular_velocity = 0.1
    assert tuple(body.velocity) == tuple(other.velocity)
    assert body.angular_velocity == other.angular_velocity
    chipmunk.set_max_force(twist, 123.456)
    assert twist.max_force == 123.456
    chipmunk.set_max_force(hold, 0.5)
    assert hold.max_force == 0.5
    chipmunk.set_anchor_a_at(hold, blade, 3.0 / 11.0, -5.0 / 13.0)
    assert tuple(hold.anchor_a) == tuple(blade.world_to_local((3.0 / 11.0, -5.0 / 13.0)))
    chipmunk.set_position(body, -7.0 / 3.0, 1e5 / 7.0)
    other.position = (-7.0 / 3.0, 1e5 / 7.0)
    assert tuple(body.position) == tuple(other.position)
    chipmunk.set_angle(body, 5.0 / 9.0)
    other.angle = 5.0 / 9.0
    assert body.angle == other.angle and body.rotation_vector == other.rotation_vector
    shape, other_shape = pymunk.Circle(body, 3.0), pymunk.Circle(other, 3.0)
    chipmunk.set_filter(shape, 0b1010, 0b0110)
    other_shape.filter = pymunk.ShapeFilter(categories=0b1010, mask=0b0110)
    assert shape.filter == other_shape.filter


def _falling_boxes(stepper: str) -> list[tuple[float, float, float]]:
    """Boxes falling onto a floor, a box added and one removed by a collision callback (while
    the space is locked, so pymunk defers them) and one added between steps; every body's
    pose after each step."""
    space = pymunk.Space()
    space.gravity = (0.0, -981.0)
    floor = pymunk.Segment(space.static_body, (-500.0, 0.0), (500.0, 0.0), 1.0)
    floor.collision_type = 1
    space.add(floor)
    bodies = []
    for k in range(6):
        body = pymunk.Body(1.0, 50.0)
        body.position = (k * 7.0 - 20.0, 20.0 + 13.0 * k)
        body.angle = 0.1 * k
        shape = pymunk.Poly.create_box(body, (10.0, 4.0))
        shape.collision_type = 2
        space.add(body, shape)
        bodies.append(body)
    met: list[int] = []

    def begin(arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        met.append(len(met))
        if len(met) == 1:  # during the step: deferred by pymunk until after it
            extra = pymunk.Body(1.0, 50.0)
            extra.position = (60.0, 30.0)
            space.add(extra, pymunk.Poly.create_box(extra, (10.0, 4.0)))
            bodies.append(extra)
            space.remove(bodies[1], *bodies[1].shapes)

    space.on_collision(1, 2, begin=begin)
    poses = []
    for n in range(240):
        if n == 100:  # between steps: its mass is checked at the next step
            late = pymunk.Body(2.0, 80.0)
            late.position = (-60.0, 40.0)
            space.add(late, pymunk.Poly.create_box(late, (8.0, 8.0)))
            bodies.append(late)
        if stepper == "pymunk":
            space.step(1.0 / 120.0)
        else:
            chipmunk.step(space, 1.0 / 120.0)
        poses.extend((b.position.x, b.position.y, b.angle) for b in bodies if b.space is space)
    assert met and len(space.bodies) == 7
    return poses


def test_a_step_is_pymunks_step_bit_for_bit() -> None:
    assert _falling_boxes("chipmunk") == _falling_boxes("pymunk")


def test_a_step_refuses_a_massless_body_as_pymunk_does() -> None:
    space = pymunk.Space()
    body = pymunk.Body(0.0, 0.0)
    space.add(body, pymunk.Circle(body, 5.0))
    with pytest.raises(AssertionError, match="mass"):
        chipmunk.step(space, 0.01)


def test_an_arbiters_shapes_are_pymunks_in_its_order() -> None:
    """arbiter_shapes reads the shapes of a collision in the handler's order, as
    Arbiter.shapes does, through a buffer used again and again."""
    space = pymunk.Space()
    first = pymunk.Body(1.0, 10.0)
    second = pymunk.Body(1.0, 10.0)
    second.position = (1.5, 0.0)
    shape_a, shape_b = pymunk.Circle(first, 1.0), pymunk.Circle(second, 1.0)
    shape_a.collision_type, shape_b.collision_type = 1, 2
    space.add(first, shape_a, second, shape_b)
    pair = chipmunk.shape_pair()
    seen: list[tuple[object, object, object, object]] = []

    def begin(arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        fast = chipmunk.arbiter_shapes(arbiter, pair)
        again = chipmunk.arbiter_shapes(arbiter, pair)
        seen.append((*fast, *arbiter.shapes))
        assert fast == again

    space.on_collision(2, 1, begin=begin)
    space.step(0.01)
    assert seen == [(shape_b, shape_a, shape_b, shape_a)]


def test_pymunk_typing_hooks_are_gone_and_attributes_behave_the_same() -> None:
    """chipmunk drops pymunk 7's no-op typing mixin methods (a speed-up); what they did
    still holds: a missing attribute raises AttributeError naming it, writes and reads of
    properties and plain attributes work, on every pymunk class that had the mixin."""
    import pymunk._typing_attr

    mixin = pymunk._typing_attr.TypingAttrMixing
    assert "__getattr__" not in mixin.__dict__
    assert "__setattr__" not in mixin.__dict__
    body, _, hold, _ = _bodies()
    shape = pymunk.Circle(body, 2.0)
    space = pymunk.Space()
    missing, note = "no_such_thing", "note"
    for thing in (body, shape, space, hold):
        with pytest.raises(AttributeError, match=missing):
            getattr(thing, missing)
        setattr(thing, note, "kept")
        assert getattr(thing, note) == "kept"
    body.position = (1.5, -2.5)
    assert tuple(body.position) == (1.5, -2.5)
    shape.friction = 0.25
    assert shape.friction == 0.25
    space.gravity = (0.0, -9.0)
    assert tuple(space.gravity) == (0.0, -9.0)
    hold.max_force = 12.0
    assert hold.max_force == 12.0


def _parking_boxes(fast: bool) -> list[object]:
    """Boxes on a floor, joined in pairs, taken out of the space and put back every few steps
    (body, shape and joint, as the table parks and wakes a card), one of them removed by a
    separation callback that its removal triggers; every pose and the space's bookkeeping
    after each step."""
    add = (lambda space, *items: chipmunk.add(space, *items)) if fast else pymunk.Space.add
    remove = (lambda space, *items: chipmunk.remove(space, *items)) if fast else pymunk.Space.remove
    space = pymunk.Space()
    space.gravity = (0.0, -981.0)
    floor = pymunk.Segment(space.static_body, (-500.0, 0.0), (500.0, 0.0), 1.0)
    floor.collision_type = 1
    add(space, floor)
    boxes = []
    for k in range(6):
        body = pymunk.Body(1.0, 50.0)
        body.position = (k * 11.0 - 30.0, 3.0 + 2.0 * k)
        shape = pymunk.Poly.create_box(body, (10.0, 4.0))
        shape.collision_type = 2
        boxes.append((body, shape))
        add(space, shape, body)  # the body first whatever the order given
    joints = [pymunk.PivotJoint(boxes[k][0], boxes[k + 1][0], (5.0, 0.0), (-5.0, 0.0))
              for k in (0, 2, 4)]
    add(space, *joints)
    gone: list[pymunk.Shape] = []

    def separate(arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        if not gone and arbiter.shapes[1] is boxes[0][1]:
            gone.append(boxes[5][1])  # queued, then done by the removal that caused it
            space.remove(boxes[5][0], boxes[5][1], joints[2])

    space.on_collision(1, 2, separate=separate)
    record: list[object] = []
    for n in range(200):
        if n % 25 == 10:
            k = (n // 25) % 2 * 2
            body, shape = boxes[k]
            remove(space, body, shape, joints[k // 2])
            record.append((body.space, shape.space, len(space.bodies), len(space.shapes)))
            assert body.space is None and shape.space is None
            add(space, body, shape, joints[k // 2])
        chipmunk.step(space, 1.0 / 120.0)
        record.append([(b.position.x, b.position.y, b.angle) for b, _ in boxes])
        names = {id(item): f"{kind}{k}" for k, (b, s) in enumerate(boxes)
                 for kind, item in (("body", b), ("shape", s))}
        names.update({id(joint): f"joint{k}" for k, joint in enumerate(joints)})
        names[id(floor)] = "floor"
        record.append([names[id(item)] for item in (*space.bodies, *space.shapes,
                                                    *space.constraints)])
        record.append([(b.space is space, s.space is space) for b, s in boxes])
    assert gone
    return record


def test_add_and_remove_are_pymunks_bit_for_bit() -> None:
    assert _parking_boxes(fast=True) == _parking_boxes(fast=False)


def test_a_body_added_fast_is_mass_checked_at_the_next_step() -> None:
    space = pymunk.Space()
    body = pymunk.Body(0.0, 0.0)
    chipmunk.add(space, body, pymunk.Circle(body, 5.0))
    with pytest.raises(AssertionError, match="mass"):
        chipmunk.step(space, 0.01)
