"""The table's fast pymunk reads and writes give exactly what pymunk's properties give."""

from __future__ import annotations

import pymunk

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


def test_reads_are_the_properties_bits() -> None:
    body, _, _, _ = _bodies()
    assert chipmunk.position(body) == tuple(body.position)
    assert chipmunk.velocity(body) == tuple(body.velocity)
    assert chipmunk.angle(body) == body.angle
    assert chipmunk.angular_velocity(body) == body.angular_velocity
    point = (-1.0 / 3.0, 2.0e3 / 7.0)
    assert chipmunk.world_to_local(body, *point) == tuple(body.world_to_local(point))


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
