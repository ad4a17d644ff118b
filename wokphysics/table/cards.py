"""What a card is, as the rest of the program sees it: a read-only snapshot.

The table keeps the live pymunk bodies to itself; callers get :class:`Card` values.
Locations: ``"supply"`` (face down in the stack), ``"wok"`` (anywhere on the table surface,
inside or outside the wok's edge), ``"floor"`` (off the table, waiting to be chopped back),
``"player"`` (in a player's pile, ``owner`` is the seat) and ``"discard"`` (out of the game).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Location = Literal["supply", "wok", "floor", "player", "discard"]
LOCATIONS: tuple[Location, ...] = ("supply", "wok", "floor", "player", "discard")


@dataclass(frozen=True)
class Card:
    """One ingredient card at one moment.

    Attributes:
        id: stable card number, 0..49, the same in every game of a config.
        ingredient: the glossary name in snake case ("green_pepper").
        face_up: the ingredient side shows.
        x, y: centre on the table, mm (origin at the wok's centre).
        angle: rotation in the table plane, rad (the card's width lies along its local x).
        layer: stacking layer; a card lies above every overlapping card of lower
            ``(layer, stack_order)``.
        stack_order: tie-break within a layer: later landings lie on top.
        location: see the module docstring.
        owner: the seat holding the card when ``location == "player"``, else None.
        airborne: in flight right now.
        height: centre height above the table while airborne, mm (0 on the table).
        flip_angle: angle turned about the flip axis while airborne, rad.
        flip_axis: direction of that axis in the table plane, rad.
        pivot: while an airborne card turns on one edge that touches the table, the
            midpoint of that edge on the table (mm), else None. ``x, y`` is always the
            centre's true position, so drawing the card squashed by ``|cos(flip_angle)|``
            across ``flip_axis`` around ``(x, y)`` shows it turning about this edge.
        on_blade: the spatula's blade is under it (it slid under it and will flick it).
    """

    id: int
    ingredient: str
    face_up: bool
    x: float
    y: float
    angle: float
    layer: int
    stack_order: int
    location: Location
    owner: int | None = None
    airborne: bool = False
    height: float = 0.0
    flip_angle: float = 0.0
    flip_axis: float = 0.0
    pivot: tuple[float, float] | None = None
    on_blade: bool = False
