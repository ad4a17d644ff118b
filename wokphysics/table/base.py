"""The table's state shared by its parts (parking, stacking, the table itself): its cards,
its pymunk space, and the geometry of a card as it lies. One :class:`~wokphysics.table.world.Table`
is all of them: :class:`TableBase` is the bottom of its parts (``parking.py``, ``stacking.py``,
``world.py``), each a module of one concept."""

from __future__ import annotations

import math
from typing import Any

import pymunk
import shapely

from wokphysics.config.table import TableConfig
from wokphysics.table.flick import FlatCard
from wokphysics.table.flight import Touchdown
from wokphysics.table.geometry import polygon_of
from wokphysics.table.live import LiveCard, TableError
from wokphysics.table.visibility import Visibility


class TableBase:
    """The state every part of the table reads (set by :class:`~wokphysics.table.world.Table`)
    and the geometry of a lying card."""

    cfg: TableConfig
    space: pymunk.Space
    dt: float
    time: float
    """Simulated time since the table was made, s."""
    steps: int
    """Physics steps taken since the table was made."""
    _cards: list[LiveCard]
    _airborne: list[LiveCard]
    _loads: dict[int, int] | None
    _by_marker: dict[pymunk.Shape, LiveCard]
    _to_wake: list[LiveCard]
    _held: set[pymunk.PivotJoint]
    _mean_r: float
    _card_weight: float
    """A card's weight, g mm/s^2 (micronewtons): ``mass_g * gravity_mm_s2``."""
    _hold_friction: float
    _table_friction: float
    """The friction coefficients, card on card and card on the table (``cfg.physics``'s
    ``card_friction`` and ``friction``: the friction caps are set thousands of times a game)."""
    _diagonal: float
    _card_w: float
    _card_l: float
    """The card's width and length, mm (``cfg.card``'s, read once: a pydantic model's
    attribute read costs several plain ones, and the loops below read them per card)."""
    _next_stack_order: int
    _last_half_turns: dict[int, int]
    _last_peak: dict[int, float]
    _last_touchdowns: dict[int, list[Touchdown]]
    _visibility_cache: dict[int, Visibility] | None
    _shape_pair: Any

    def _live(self, card_id: int) -> LiveCard:
        if not isinstance(card_id, int) or not 0 <= card_id < len(self._cards):
            raise TableError(f"there is no card {card_id!r}; ids are 0 to {len(self._cards) - 1}")
        return self._cards[card_id]

    def _flat_cards(self) -> list[LiveCard]:
        return [c for c in self._cards if c.location == "wok" and c.flight is None]

    def _above(self, card: LiveCard, other: LiveCard) -> bool:
        return (other.layer, other.stack_order) > (card.layer, card.stack_order)

    def _pose(self, card: LiveCard) -> tuple[float, float, float]:
        """A card's body's x, y (mm) and angle (rad): a parked card's as it parked (the same
        bits: see :attr:`LiveCard.rest`), any other's read from Chipmunk."""
        rest = card.rest
        if rest is not None:
            return rest[0], rest[1], rest[2]
        state = card.state
        x, y = state.position()
        return x, y, state.angle()

    def _motion(self, card: LiveCard) -> tuple[float, float, float]:
        """A card's body's vx, vy (mm/s) and spin (rad/s), as :meth:`_pose` reads its pose."""
        rest = card.rest
        if rest is not None:
            return rest[3], rest[4], rest[5]
        state = card.state
        vx, vy = state.velocity()
        return vx, vy, state.spin()

    def _corners(self, card: LiveCard) -> list[tuple[float, float]]:
        """A card's four corners on the table, counter-clockwise, mm (plain floats)."""
        x, y, angle = self._pose(card)
        c, s = math.cos(angle), math.sin(angle)
        hw, hl = self._card_w / 2.0, self._card_l / 2.0
        return [
            (x + c * lx - s * ly, y + s * lx + c * ly)
            for lx, ly in ((-hw, -hl), (hw, -hl), (hw, hl), (-hw, hl))
        ]

    def _reach_box(self, card: LiveCard) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) around a card's outline, mm: a cheap first test before
        exact polygons."""
        x, y, angle = self._pose(card)
        c, s = abs(math.cos(angle)), abs(math.sin(angle))
        hw, hl = self._card_w / 2.0, self._card_l / 2.0
        ex, ey = hw * c + hl * s, hw * s + hl * c
        return x - ex, y - ey, x + ex, y + ey

    def _outline(self, card: LiveCard) -> shapely.Polygon:
        if card.rest is None:
            return polygon_of(self._corners(card))
        # A parked card lies still: the stroke asks for its outline step after step.
        outline = card.rest_outline
        if outline is None:
            outline = polygon_of(self._corners(card))
            card.rest_outline = outline
        return outline

    def _group(self, card: LiveCard) -> list[LiveCard]:
        """The cards held together by friction joints with ``card``: the card at the bottom
        of its stack and every card lying on it, directly or through others, by id."""
        bottom = card
        while bottom.support is not None:
            bottom = bottom.support
        members = []
        for other in self._cards:
            root = other
            while root.support is not None:
                root = root.support
            if root is bottom:
                members.append(other)
        return members

    def _flat(self, card: LiveCard) -> FlatCard:
        x, y, angle = self._pose(card)
        vx, vy, spin = self._motion(card)
        return FlatCard(
            card.id,
            float(x),
            float(y),
            float(angle),
            float(vx),
            float(vy),
            float(spin),
            (card.layer, card.stack_order),
            card.on_blade,
        )
