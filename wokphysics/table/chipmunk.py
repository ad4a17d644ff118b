"""Fast reads and writes of pymunk bodies and joints for the table's per-step loops.

Each function makes the one Chipmunk call that the pymunk property of the same name makes, on
the same handle, so the values are the same bits; it skips what the property adds around that
call: a ``Vec2d`` built for every vector read, and the Python-level ``__setattr__`` of
pymunk's typing mixin on every write (together about two thirds of a property's cost,
measured with ``timeit``). pymunk is held below 8 in ``pyproject.toml``; these rely on its
private handles (``Body._body``, ``Constraint._constraint``) and its cffi ``lib``, and
``tests/table/test_table_chipmunk.py`` checks each against the public property.

Use them only where a loop runs every physics step; everywhere else the public properties
read better.
"""

from __future__ import annotations

import pymunk
from pymunk._chipmunk import lib

_get_position = lib.cpBodyGetPosition
_get_velocity = lib.cpBodyGetVelocity
_get_angle = lib.cpBodyGetAngle
_get_angular_velocity = lib.cpBodyGetAngularVelocity
_set_velocity = lib.cpBodySetVelocity
_set_angular_velocity = lib.cpBodySetAngularVelocity
_world_to_local = lib.cpBodyWorldToLocal
_set_max_force = lib.cpConstraintSetMaxForce
_set_pivot_anchor_a = lib.cpPivotJointSetAnchorA


def position(body: pymunk.Body) -> tuple[float, float]:
    """``body.position`` as a plain pair."""
    v = _get_position(body._body)
    return v.x, v.y


def velocity(body: pymunk.Body) -> tuple[float, float]:
    """``body.velocity`` as a plain pair."""
    v = _get_velocity(body._body)
    return v.x, v.y


def angle(body: pymunk.Body) -> float:
    """``body.angle``."""
    value: float = _get_angle(body._body)
    return value


def angular_velocity(body: pymunk.Body) -> float:
    """``body.angular_velocity``."""
    value: float = _get_angular_velocity(body._body)
    return value


def world_to_local(body: pymunk.Body, x: float, y: float) -> tuple[float, float]:
    """``body.world_to_local((x, y))`` as a plain pair."""
    v = _world_to_local(body._body, (x, y))
    return v.x, v.y


def set_velocity(body: pymunk.Body, vx: float, vy: float) -> None:
    """``body.velocity = (vx, vy)``."""
    _set_velocity(body._body, (vx, vy))


def set_angular_velocity(body: pymunk.Body, spin: float) -> None:
    """``body.angular_velocity = spin``."""
    _set_angular_velocity(body._body, spin)


def set_max_force(joint: pymunk.Constraint, force: float) -> None:
    """``joint.max_force = force``."""
    _set_max_force(joint._constraint, force)


def set_anchor_a_at(joint: pymunk.PivotJoint, body: pymunk.Body, x: float, y: float) -> None:
    """``joint.anchor_a = body.world_to_local((x, y))`` (``body`` is the joint's first)."""
    _set_pivot_anchor_a(joint._constraint, _world_to_local(body._body, (x, y)))
