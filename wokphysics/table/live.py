"""What the table knows of each card, and the pymunk categories and tolerances it uses.

:class:`LiveCard` is the table's private, mutable record of one card (its pymunk body, shape
and friction joints, where it is, what it rests on, its flight); callers get
:class:`~wokphysics.table.cards.Card` snapshots instead. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import pymunk
import shapely

from wokphysics.table.cards import Card, Location
from wokphysics.table.chipmunk import BodyState
from wokphysics.table.flight import Flight

SPATULA_CATEGORY: Final = 0b1
CARD_TYPE: Final = 1
BLADE_TYPE: Final = 2
PARKED_TYPE: Final = 3
"""pymunk collision types: the blade's meetings with cards are handled by the stroke; a
parked card's marker wakes it when anything reaches it."""
COLLISION_SLOP_MM: Final = 1.0
"""pymunk pushes apart only the part of an overlap deeper than this (mm)."""
PARKING_MARGIN_MM: Final = 8.0
"""A parked card wakes when a moving body comes this close to its outline (mm): about a
step's travel at 1 m/s, so cards usually wake before anything touches them."""
TOP_LAYER_BIT: Final = 30
"""Flat cards collide only with cards of their own layer: layer ``L`` is category bit ``L``
(layers above 30 share bit 30)."""
ALL_CARDS: Final = ((1 << (TOP_LAYER_BIT + 1)) - 1) & ~SPATULA_CATEGORY
SPATULA_FILTER: Final = pymunk.ShapeFilter(categories=SPATULA_CATEGORY, mask=ALL_CARDS)
# Friction coefficient of the contact between two cards' edges (pymunk multiplies the two).
CARD_EDGE_FRICTION: Final = 0.5
def layer_bit(layer: int) -> int:
    """The collision category of a flat card on ``layer``."""
    return 1 << max(1, min(layer, TOP_LAYER_BIT))


class TableError(ValueError):
    """An operation the table cannot do (a bad gesture, an unknown card, a card not there)."""


@dataclass
class LiveCard:
    """The table's private, mutable record of one card."""

    id: int
    ingredient: str
    body: pymunk.Body
    shape: pymunk.Poly
    slide: pymunk.PivotJoint
    twist: pymunk.GearJoint
    state: BodyState
    """``body``'s pose and motion, read in place (the per-step loops read these)."""
    face_up: bool = False
    layer: int = 0
    stack_order: int = 0
    location: Location = "supply"
    owner: int | None = None
    flight: Flight | None = None
    in_space: bool = False
    parked: bool = False
    """At rest and out of pymunk's space (its body, shape and joints removed) until a moving
    body comes near: see :meth:`Table._park_resting`."""
    marker: pymunk.Body | None = None
    """While parked: a static body in the space with a sensor of the card's outline grown by
    ``PARKING_MARGIN_MM``, which reports what comes near."""
    launched_from: tuple[float, float] = (0.0, 0.0)
    on_blade: bool = False
    blade_share: float = 0.0
    """While on the blade: the share of its weight the blade bears (0..1)."""
    support: LiveCard | None = None
    hold: tuple[pymunk.PivotJoint, pymunk.GearJoint] | None = None
    rest: tuple[float, float, float, float, float, float] | None = None
    """While parked: its body's x, y (mm), angle (rad), vx, vy (mm/s) and spin (rad/s), read
    as it parked. A parked body is out of pymunk's space and nothing sets its pose or motion
    until it wakes (every such write wakes it first), so these are its values, bit for bit,
    without a call into Chipmunk for each (see :meth:`TableBase._pose`)."""
    rest_outline: shapely.Polygon | None = None
    """While parked: its outline, made the first time it is asked for (see
    :meth:`TableBase._outline`)."""
    snapshot: Card | None = None
    """The last snapshot made of it while it lay on the table (not in the air), given again
    while nothing in it has changed (see :meth:`Table._view`)."""
