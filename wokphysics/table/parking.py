"""Parked cards: a card at rest leaves pymunk's space, with a sensor in its place that wakes it
when anything moving comes near (see :meth:`Parking._park_resting`)."""

from __future__ import annotations

import pymunk

from wokphysics.table import chipmunk
from wokphysics.table.base import TableBase
from wokphysics.table.live import (
    PARKED_TYPE,
    PARKING_MARGIN_MM,
    SPATULA_CATEGORY,
    LiveCard,
    layer_bit,
)


class Parking(TableBase):
    """Parking and waking the table's cards."""

    def _park_resting(self) -> None:
        """Take every card lying at rest out of pymunk's space (body, shape and joints):
        a parked card is not stepped at all, so nothing it does not meet moves it and a step
        costs only what moves. In its place a static sensor of its outline, grown by
        ``PARKING_MARGIN_MM``, reports any moving body (the blade, a sliding card of its
        layer) that comes near, and the card is put back, with the cards held to it, before
        the next step (:meth:`_wake_reported`). pymunk's own sleeping is not used: it can
        loop forever on its contact graph (Chipmunk2D issues 260 and 241)."""
        for card in self._cards:
            if card.in_space and not card.parked and card.flight is None:
                self._park_one(card)

    def _park_one(self, card: LiveCard) -> None:
        """Take one resting card out of the space and put its marker in (see
        :meth:`_park_resting`); the cards held to it must be parked with it."""
        if card.hold is not None and card.hold[0] in self._held:
            chipmunk.remove(self.space, *card.hold)
            self._held.discard(card.hold[0])
        chipmunk.remove(self.space, card.body, card.shape, card.slide, card.twist)
        card.parked = True
        state = card.state
        x, y = state.position()
        angle = state.angle()
        vx, vy = state.velocity()
        card.rest = (x, y, angle, vx, vy, state.spin())
        card.rest_outline = None
        marker = card.marker
        if marker is None:
            marker = self._new_marker(card)
        chipmunk.set_position(marker, x, y)
        chipmunk.set_angle(marker, angle)
        (placed,) = marker.shapes
        bit = layer_bit(card.layer)
        chipmunk.set_filter(placed, bit, bit | SPATULA_CATEGORY)
        chipmunk.add(self.space, marker, placed)

    def _new_marker(self, card: LiveCard) -> pymunk.Body:
        """``card``'s marker (kept for its later parkings): a static body with a sensor of the
        card's outline grown by ``PARKING_MARGIN_MM``, not yet placed or in the space."""
        marker = pymunk.Body(body_type=pymunk.Body.STATIC)
        half_w, half_l = self._card_w / 2.0, self._card_l / 2.0
        sensor = pymunk.Poly(
            marker,
            [(-half_w, -half_l), (half_w, -half_l), (half_w, half_l), (-half_w, half_l)],
            radius=PARKING_MARGIN_MM,
        )
        sensor.sensor = True
        sensor.collision_type = PARKED_TYPE
        card.marker = marker
        self._by_marker[sensor] = card
        return marker

    def _park_still(self) -> None:
        """Park again the awake cards that stand exactly still, with every card held to them
        (woken because the blade came near, never touched): the settling steps only what
        moves."""
        still: dict[int, bool] = {}
        for card in self._cards:
            if not card.in_space or card.parked:
                continue
            state = card.state
            still[card.id] = (
                card.flight is None
                and not card.on_blade
                and state.velocity() == (0.0, 0.0)
                and state.spin() == 0.0
            )
        for card in self._cards:
            if not still.get(card.id, False) or card.parked:
                continue
            group = self._group(card)
            if all(still.get(member.id, member.parked) for member in group):
                for member in group:
                    if not member.parked:
                        self._park_one(member)

    def _wake(self, card: LiveCard) -> None:
        """Put a parked card back in pymunk's space, with the cards held to it."""
        if not card.parked:
            return
        group = self._group(card)
        for member in group:
            if member.parked:
                marker = member.marker
                assert marker is not None
                chipmunk.remove(self.space, marker, *marker.shapes)
                chipmunk.add(self.space, member.body, member.shape, member.slide, member.twist)
                member.parked = False
                member.rest = None
                member.rest_outline = None
        for member in group:
            if member.hold is not None and member.hold[0] not in self._held:
                chipmunk.add(self.space, *member.hold)
                self._held.add(member.hold[0])

    def _near_parked(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """pymunk: something reached a parked card's marker: wake it after this step."""
        card = self._by_marker.get(chipmunk.arbiter_shapes(arbiter, self._shape_pair)[0])
        if card is not None:
            self._to_wake.append(card)
        arbiter.process_collision = False

    def _wake_reported(self) -> list[LiveCard]:
        """Wake the parked cards something came near in the last step, by id; returns the
        cards woken (with those held to them)."""
        if not self._to_wake:
            return []
        woken: list[LiveCard] = []
        for card in sorted(self._to_wake, key=lambda c: c.id):
            if card.parked:
                woken.extend(self._group(card))
                self._wake(card)
        self._to_wake.clear()
        return sorted({c.id: c for c in woken}.values(), key=lambda c: c.id)
