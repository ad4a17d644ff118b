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

import math
import struct
import weakref
from typing import Any, Final

import pymunk
import pymunk._typing_attr
from pymunk._chipmunk import ffi, lib
from pymunk._util import _dead_ref

_get_position: Final = lib.cpBodyGetPosition
_get_velocity: Final = lib.cpBodyGetVelocity
_get_angle: Final = lib.cpBodyGetAngle
_get_angular_velocity: Final = lib.cpBodyGetAngularVelocity
_set_velocity: Final = lib.cpBodySetVelocity
_set_position: Final = lib.cpBodySetPosition
_set_angle: Final = lib.cpBodySetAngle
_set_filter: Final = lib.cpShapeSetFilter
_set_angular_velocity: Final = lib.cpBodySetAngularVelocity
_world_to_local: Final = lib.cpBodyWorldToLocal
_set_max_force: Final = lib.cpConstraintSetMaxForce
_set_pivot_anchor_a: Final = lib.cpPivotJointSetAnchorA
_space_step: Final = lib.cpSpaceStep
_get_type: Final = lib.cpBodyGetType
_get_mass: Final = lib.cpBodyGetMass
_get_moment: Final = lib.cpBodyGetMoment
_DYNAMIC: Final = pymunk.Body.DYNAMIC
_get_shapes: Final = lib.cpArbiterGetShapes
_get_shape_data: Final = lib.cpShapeGetUserData
_from_handle: Final = ffi.from_handle
_space_add_body: Final = lib.cpSpaceAddBody
_space_add_shape: Final = lib.cpSpaceAddShape
_space_add_constraint: Final = lib.cpSpaceAddConstraint
_space_remove_body: Final = lib.cpSpaceRemoveBody
_space_remove_shape: Final = lib.cpSpaceRemoveShape
_space_remove_constraint: Final = lib.cpSpaceRemoveConstraint
_space_has_body: Final = lib.cpSpaceContainsBody
_space_has_shape: Final = lib.cpSpaceContainsShape
_space_has_constraint: Final = lib.cpSpaceContainsConstraint


def _drop_typing_hooks() -> None:
    """Take pymunk's typing mixin's ``__getattr__`` and ``__setattr__`` off its classes.

    pymunk 7's ``TypingAttrMixing`` (a base of Body, Shape, Space, Constraint and Arbiter)
    defines both only "to make mypy accept dynamic attributes": ``__getattr__`` returns
    ``self.__getattribute__(name)`` (which raises the same AttributeError again) and
    ``__setattr__`` calls ``super().__setattr__``. At run time they change nothing but
    the cost: with them every attribute read of a pymunk object goes through Python's
    slow ``__getattr__`` hook and every write through an interpreted call, about 4 % of a
    Wok on Fire game's instructions (callgrind) inside pymunk's own Python and ours.
    Removing them changes no value (tests/table/test_table_chipmunk.py checks the
    behaviour that remains); a pymunk whose mixin does more is left alone.
    """
    mixin = pymunk._typing_attr.TypingAttrMixing
    known = {"__getattr__": ("__getattribute__",), "__setattr__": ("super", "__setattr__")}
    for name, names_used in known.items():
        code = getattr(mixin.__dict__.get(name), "__code__", None)
        if code is not None and code.co_names == names_used:
            delattr(mixin, name)


_drop_typing_hooks()


class _Writes:
    """How many velocity and spin writes :func:`set_velocity` and
    :func:`set_angular_velocity` have made in this process (all tables): a reader that
    remembers the count knows whether any body's motion was set since (pymunk's step aside)."""

    def __init__(self) -> None:
        self.count = 0


MOTION_WRITES: Final = _Writes()


# Chipmunk 7's cpBody on a 64-bit build, in doubles (chipmunk_structs.h): two function
# pointers, m, m_inv, i, i_inv, cog (2), p (2), v (2), f (2), a, w, t, then the transform
# (a, b, c, d, tx, ty).
_V: Final = 10
_A: Final = 14
_W: Final = 15
_TRANSFORM: Final = 17
_BODY_WORDS: Final = 23


class BodyState:
    """A body's pose and motion read in place, from its Chipmunk struct's memory.

    Each read gives the bits of the pymunk property of the same name: velocity, angle and
    spin are the struct's fields, which Chipmunk's getters return as they are; the position
    is what ``cpBodyGetPosition`` computes, the body's transform applied to the origin
    (``a*0 + c*0 + tx``, the same float operations in the same order, which differ from
    ``tx`` only in the sign of a zero). A read costs a tenth of a call into Chipmunk through
    cffi, which builds a struct for every vector and lets go of the GIL and takes it back
    around every call. The state holds its body, so the struct lives as long as the view.
    :func:`check_layout` tests the offsets against pymunk's getters once, before the first
    state is made; ``tests/table/test_table_chipmunk.py`` tests every read.
    """

    def __init__(self, body: pymunk.Body) -> None:
        if not _layout_checked:
            check_layout()
        self.body = body
        self._words = memoryview(ffi.buffer(body._body, 8 * _BODY_WORDS)).cast("d")

    def position(self) -> tuple[float, float]:
        """``body.position`` as a plain pair, mm."""
        words = self._words
        at = _TRANSFORM
        x: float = words[at + 4]
        y: float = words[at + 5]
        # a*0 + c*0 is a zero, so the sum is the translation itself unless that is a zero
        if x == 0.0:
            x = words[at] * 0.0 + words[at + 2] * 0.0 + x
        if y == 0.0:
            y = words[at + 1] * 0.0 + words[at + 3] * 0.0 + y
        return x, y

    def angle(self) -> float:
        """``body.angle``, rad."""
        value: float = self._words[_A]
        return value

    def velocity(self) -> tuple[float, float]:
        """``body.velocity`` as a plain pair, mm/s."""
        words = self._words
        vx: float = words[_V]
        vy: float = words[_V + 1]
        return vx, vy

    def spin(self) -> float:
        """``body.angular_velocity``, rad/s."""
        value: float = self._words[_W]
        return value


_layout_checked: list[bool] = []


def check_layout() -> None:
    """Raise RuntimeError unless :class:`BodyState`'s offsets read what pymunk's getters read
    (a pymunk built on a Chipmunk of another layout), on a body with a distinct value in
    every field read, a zero of each sign in the transform's translation among them."""
    _layout_checked.append(True)  # so the state below does not check again
    body = pymunk.Body(2.0, 3.0)
    state = BodyState(body)
    cases = ((3.5, -7.25, 0.625), (-0.0, 0.0, 2.0))
    for x, y, turn in cases:
        body.position = (x, y)
        body.angle = turn
        body.velocity = (x + 1.5, y - 2.5)
        body.angular_velocity = turn + 0.25
        state._words[_TRANSFORM + 4] = x  # a translation of -0.0, which a step can leave
        got = (*state.position(), state.angle(), *state.velocity(), state.spin())
        position = _get_position(body._body)
        velocity = _get_velocity(body._body)
        want = (position.x, position.y, _get_angle(body._body), velocity.x, velocity.y,
                _get_angular_velocity(body._body))
        if ffi.sizeof("void *") != 8 or struct.pack("<6d", *got) != struct.pack("<6d", *want):
            _layout_checked.clear()
            raise RuntimeError("this pymunk's bodies are not laid out as Chipmunk 7's cpBody: "
                               f"read {got}, pymunk gives {want}")


def shape_pair() -> Any:
    """A buffer for :func:`arbiter_shapes`: each caller keeps one of its own (a table: no two
    threads step one table), so a collision callback allocates none."""
    return ffi.new("cpShape *[2]")


def arbiter_shapes(arbiter: pymunk.Arbiter, pair: Any) -> tuple[pymunk.Shape, pymunk.Shape]:
    """``arbiter.shapes``, read through ``pair`` (a :func:`shape_pair` buffer)."""
    _get_shapes(arbiter._arbiter, pair, pair + 1)
    first: pymunk.Shape = _from_handle(_get_shape_data(pair[0]))
    second: pymunk.Shape = _from_handle(_get_shape_data(pair[1]))
    return first, second


def world_to_local(body: pymunk.Body, x: float, y: float) -> tuple[float, float]:
    """``body.world_to_local((x, y))`` as a plain pair."""
    v = _world_to_local(body._body, (x, y))
    return v.x, v.y


def set_position(body: pymunk.Body, x: float, y: float) -> None:
    """``body.position = (x, y)``."""
    _set_position(body._body, (x, y))


def set_angle(body: pymunk.Body, angle: float) -> None:
    """``body.angle = angle``."""
    _set_angle(body._body, angle)


def set_filter(shape: pymunk.Shape, categories: int, mask: int) -> None:
    """``shape.filter = pymunk.ShapeFilter(categories=categories, mask=mask)`` (group 0)."""
    _set_filter(shape._shape, (0, categories, mask))


def set_velocity(body: pymunk.Body, vx: float, vy: float) -> None:
    """``body.velocity = (vx, vy)`` (counted in :data:`MOTION_WRITES`)."""
    MOTION_WRITES.count += 1
    _set_velocity(body._body, (vx, vy))


def set_angular_velocity(body: pymunk.Body, spin: float) -> None:
    """``body.angular_velocity = spin`` (counted in :data:`MOTION_WRITES`)."""
    MOTION_WRITES.count += 1
    _set_angular_velocity(body._body, spin)


def set_max_force(joint: pymunk.Constraint, force: float) -> None:
    """``joint.max_force = force``."""
    _set_max_force(joint._constraint, force)


def set_anchor_a_at(joint: pymunk.PivotJoint, body: pymunk.Body, x: float, y: float) -> None:
    """``joint.anchor_a = body.world_to_local((x, y))`` (``body`` is the joint's first)."""
    _set_pivot_anchor_a(joint._constraint, _world_to_local(body._body, (x, y)))


def add(space: pymunk.Space, *objects: pymunk.Body | pymunk.Shape | pymunk.Constraint) -> None:
    """``space.add(*objects)``: pymunk's bookkeeping and the same Chipmunk calls in the same
    order (the bodies first, then the rest as given), without its per-object checks (which
    read properties through Chipmunk and cost more than the add itself). The table parks and
    wakes cards by the thousand a game. While the space is locked (inside a step) this is
    pymunk's own ``add``, which defers it."""
    if space._locked:
        space.add(*objects)
        return
    handle = space._space
    owner = weakref.ref(space)
    for item in objects:
        if isinstance(item, pymunk.Body):
            item._space = owner
            space._bodies[item] = None
            space._bodies_to_check.add(item)
            _space_add_body(handle, item._body)
    for item in objects:
        if isinstance(item, pymunk.Shape):
            item._space = owner
            space._shapes[item] = None
            _space_add_shape(handle, item._shape)
        elif isinstance(item, pymunk.Constraint):
            space._constraints[item] = None
            _space_add_constraint(handle, item._constraint)


def remove(space: pymunk.Space, *objects: pymunk.Body | pymunk.Shape | pymunk.Constraint) -> None:
    """``space.remove(*objects)``: pymunk's bookkeeping and the same Chipmunk calls in the
    same order, then what separation callbacks asked to remove meanwhile (as pymunk does);
    pymunk's own ``remove`` while the space is locked."""
    if space._locked:
        space.remove(*objects)
        return
    handle = space._space
    for item in objects:
        if isinstance(item, pymunk.Body):
            item._space = _dead_ref
            space._bodies_to_check.discard(item)
            if _space_has_body(handle, item._body):
                _space_remove_body(handle, item._body)
            del space._bodies[item]
        elif isinstance(item, pymunk.Shape):
            space._removed_shapes[item] = None
            item._space = _dead_ref
            if _space_has_shape(handle, item._shape):
                _space_remove_shape(handle, item._shape)
            del space._shapes[item]
        else:
            if _space_has_constraint(handle, item._constraint):
                _space_remove_constraint(handle, item._constraint)
            del space._constraints[item]
    removed = set()
    while space._remove_later:
        later, _ = space._remove_later.popitem()
        if later not in removed:
            space._remove(later)
            removed.add(later)


def step(space: pymunk.Space, dt: float) -> None:
    """``space.step(dt)``: the same ``cpSpaceStep`` call, locked the same way.

    pymunk's ``step`` first checks the mass of every body added since the last step and,
    after the call, adds and removes what collision callbacks asked for during it and runs
    post-step callbacks. This makes the same checks with the fast reads (a body that fails
    one, or anything queued before the step, is left to pymunk's own step, which raises or
    does it); the rest is pymunk's Python around the call, skipped when nothing is queued.
    """
    to_check = space._bodies_to_check
    if to_check:
        if not all(_valid_mass(body) for body in to_check):
            space.step(dt)
            return
        to_check.clear()
    if space._add_later or space._remove_later:
        space.step(dt)
        return
    space._locked = True
    try:
        _space_step(space._space, dt)
        space._removed_shapes.clear()
    finally:
        space._locked = False
    if space._add_later or space._remove_later or space._post_step_callbacks:
        _after_step(space)


def _valid_mass(body: pymunk.Body) -> bool:
    """pymunk's check before a step: a dynamic body has a finite positive mass and a positive
    moment."""
    handle = body._body
    if _get_type(handle) != _DYNAMIC:
        return True
    mass: float = _get_mass(handle)
    moment: float = _get_moment(handle)
    return 0.0 < mass < math.inf and moment > 0.0


def _after_step(space: pymunk.Space) -> None:
    """What pymunk's ``Space.step`` does after the Chipmunk call (pymunk 7.3's order)."""
    space.add(*space._add_later)
    space._add_later.clear()
    removed = set()
    while space._remove_later:
        to_remove, _ = space._remove_later.popitem()
        if to_remove not in removed:
            removed.add(to_remove)
            space._remove(to_remove)
    for key in space._post_step_callbacks:
        space._post_step_callbacks[key](space)
    space._post_step_callbacks.clear()
