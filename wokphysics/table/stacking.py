"""Stacks and friction: which card lies on which, on what layer, and the Coulomb friction that
holds each to the table or to the card under it; cards taking off and landing."""

from __future__ import annotations

import math

import pymunk

from wokphysics.table import chipmunk
from wokphysics.table.contacts import OVERLAP_TOLERANCE_MM, overlap_depth, restack_poses
from wokphysics.table.flight import Flight
from wokphysics.table.live import (
    SPATULA_CATEGORY,
    LiveCard,
    layer_bit,
)
from wokphysics.table.parking import Parking


class Stacking(Parking):
    """Layers, supports and friction of the table's cards."""

    def _set_sliding(self, card: LiveCard, on_table: bool) -> None:
        """Friction on (a card lying flat) or off (a card in the air), and the collision
        filter that goes with it (flat cards meet their own layer and the blade)."""
        self._wake(card)
        if not on_table:
            chipmunk.set_filter(card.shape, layer_bit(card.layer), 0)
            self._friction(card)
            return
        bit = layer_bit(card.layer)
        chipmunk.set_filter(card.shape, bit, bit | SPATULA_CATEGORY)
        self._friction(card)

    def _friction(self, card: LiveCard) -> None:
        """Cap the friction joints at Coulomb's ``mu N`` for the weight the card bears."""
        weight = self._card_weight
        flat = card.flight is None and card.location == "wok"
        # A card also bears the cards lying on it (their weight presses it down).
        load = 1 + self._load_on(card) if flat else 0
        if card.hold is not None:
            hold, hold_twist = card.hold
            force = self._hold_friction * weight * load * (1.0 - card.blade_share)
            chipmunk.set_max_force(hold, force)
            # Friction torque of a uniformly pressed rectangle: force times its mean radius.
            chipmunk.set_max_force(hold_twist, force * self._mean_r)
            chipmunk.set_max_force(card.slide, 0.0)
            chipmunk.set_max_force(card.twist, 0.0)
            return
        force = self._table_friction * weight * load * (1.0 - card.blade_share)
        chipmunk.set_max_force(card.slide, force)
        chipmunk.set_max_force(card.twist, force * self._mean_r)

    def _load_on(self, card: LiveCard) -> int:
        """How many cards rest on ``card``, directly or through others."""
        loads = self._loads
        if loads is None:
            loads = self._loads = self._count_loads()
        return loads.get(card.id, 0)

    def _count_loads(self) -> dict[int, int]:
        """By card id, how many cards rest on it, directly or through others (cards on the
        table only; a card in the air rests on nothing)."""
        resting_on: dict[int, list[LiveCard]] = {}
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
        width, length = self._card_w, self._card_l
        # Mean distance of a rectangle's points from its centre (closed form).
        d = math.hypot(width, length)
        a, b = width / 2.0, length / 2.0
        return (
            2 * a * b * d / 2.0
            + a**3 * math.log((b + d / 2.0) / a)
            + b**3 * math.log((a + d / 2.0) / b)
        ) / (6.0 * a * b)

    def _enter_space(self, card: LiveCard) -> None:
        if not card.in_space:
            chipmunk.add(self.space, card.body, card.shape, card.slide, card.twist)
            card.in_space = True

    def _leave_space(self, card: LiveCard) -> None:
        self._wake(card)
        self._rest_on(card, None)
        for other in self._cards:
            if other.support is card:
                self._rest_on(other, None)
        if card.in_space:
            chipmunk.remove(self.space, card.body, card.shape, card.slide, card.twist)
            card.in_space = False
        chipmunk.set_velocity(card.body, 0.0, 0.0)
        chipmunk.set_angular_velocity(card.body, 0.0)
        if card.flight is not None:
            self._airborne.remove(card)
        card.flight = None
        self._loads = None
        card.on_blade = False

    def _rest_on(self, card: LiveCard, support: LiveCard | None) -> None:
        """Hold ``card`` by friction to the card it lies on (or to the table when None)."""
        if card.support is support and (support is None) == (card.hold is None):
            return
        self._wake(card)
        if support is not None:
            self._wake(support)
        below = [card.support, support]
        if card.hold is not None:
            chipmunk.remove(self.space, *card.hold)
            self._held.discard(card.hold[0])
            card.hold = None
        card.support = support
        self._loads = None
        if support is not None:
            at = chipmunk.world_to_local(support.body, *card.state.position())
            hold = pymunk.PivotJoint(support.body, card.body, at, (0.0, 0.0))
            hold.max_bias = 0.0
            hold_twist = pymunk.GearJoint(
                support.body,
                card.body,
                card.state.angle() - support.state.angle(),
                1.0,
            )
            hold_twist.max_bias = 0.0
            card.hold = (hold, hold_twist)
            chipmunk.add(self.space, hold, hold_twist)
            self._held.add(hold)
        self._friction(card)
        # The cards underneath bear more (or less) weight now.
        for other in below:
            while other is not None:
                self._friction(other)
                other = other.support

    def _stack_on_top(self, card: LiveCard) -> None:
        """Put ``card`` above every flat card its outline overlaps, resting on the highest one
        its centre lies over (else on the table)."""
        top = 0
        support: LiveCard | None = None
        width, length = self._card_w, self._card_l
        pose = self._pose(card)
        x, y = pose[0], pose[1]
        reach = self._diagonal + OVERLAP_TOLERANCE_MM
        best: tuple[int, int] | None = None
        for other in self._cards:
            if other is card or other.location != "wok" or other.flight is not None:
                continue
            other_pose = self._pose(other)
            ox, oy = other_pose[0], other_pose[1]
            if abs(ox - x) > reach or abs(oy - y) > reach:
                continue  # too far apart to touch
            deep = overlap_depth(pose, other_pose, width, length)
            if deep <= OVERLAP_TOLERANCE_MM:
                continue
            top = max(top, other.layer)
            local_x, local_y = chipmunk.world_to_local(other.body, x, y)
            if abs(local_x) <= width / 2.0 and abs(local_y) <= length / 2.0:
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
        layers, supports = restack_poses(
            [self._pose(card) for card in flat],
            ranks,
            self._card_w,
            self._card_l,
            [card.layer for card in flat],
        )
        for card, layer in zip(flat, layers, strict=True):
            if layer != card.layer:
                card.layer = layer
                self._set_sliding(card, True)
        for card, below in zip(flat, supports, strict=True):
            self._rest_on(card, flat[below] if below >= 0 else None)

    def _take_off(self, card: LiveCard, flight: Flight) -> None:
        """``card`` leaves the table surface on ``flight``; what lay on it rests on what lies
        under it now (or on the table)."""
        for other in self._cards:
            if other.support is card:
                self._rest_on(other, card.support)
        self._rest_on(card, None)
        card.flight = flight
        self._loads = None
        card.on_blade = False
        card.launched_from = card.state.position()
        chipmunk.set_velocity(card.body, 0.0, 0.0)
        chipmunk.set_angular_velocity(card.body, 0.0)
        self._airborne.append(card)
        self._set_sliding(card, False)
        self._last_touchdowns[card.id] = flight.touchdowns

    def _land(self, card: LiveCard) -> None:
        flight = card.flight
        assert flight is not None
        if flight.flipped:
            card.face_up = not card.face_up
        self._last_half_turns[card.id] = flight.half_turns
        self._last_peak[card.id] = max(self._last_peak.get(card.id, 0.0), flight.peak)
        ox, oy = card.launched_from
        dx, dy = flight.offset()
        chipmunk.set_position(card.body, ox + dx, oy + dy)
        if flight.width > 0.0:
            chipmunk.set_angle(card.body, flight.yaw)
        chipmunk.set_velocity(card.body, *flight.velocity())
        chipmunk.set_angular_velocity(card.body, flight.yaw_rate)
        card.flight = None
        self._loads = None
        self._airborne.remove(card)
        self._stack_on_top(card)
