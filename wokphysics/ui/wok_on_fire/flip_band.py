"""The flip band: the flick speeds that flip a lone card at least 80 % of the time, by the
angle between the flick and the card's long axis, as measured by ``wokphysics sweep flips``
for the shipped physics config.

The window marks it on the drag gauge for the card under the blade. The numbers belong to one
physics config: for any other (a user's tuned ``--config``) the band is unknown and the gauge
shows the speed alone, rather than a band the physics no longer has. No pygame here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from wokphysics.table.cards import Card


@dataclass(frozen=True)
class Band:
    """Speeds (mm/s) from ``low`` to ``high``."""

    low: float
    high: float


@dataclass(frozen=True)
class FlipBands:
    """Measured bands at some approach angles (degrees from the card's long axis, 0..90);
    between two measured angles the band is interpolated."""

    by_angle: tuple[tuple[float, Band], ...]
    shared: Band | None = None
    """The speeds every measured angle's band covers."""

    def describe(self) -> str:
        """The bands in words, as the help, the README and docs/ui.md give them:
        "lengthwise 1.2-1.6 m/s, at 45 degrees 1.2-1.7 m/s, crosswise 1.1-1.5 m/s" (the
        angles of ``HEADLINE_ANGLES`` that were measured; the gauge uses every angle)."""
        names = {0.0: "lengthwise", 90.0: "crosswise"}
        parts = [f"{names.get(angle, f'at {angle:.0f} degrees')} {_metres(band)}"
                 for angle, band in sorted(self.by_angle, key=lambda item: item[0])
                 if angle in HEADLINE_ANGLES]
        text = ", ".join(parts)
        if self.shared is not None:
            text += f" (every angle: {_metres(self.shared)})"
        return text

    def at(self, angle_deg: float) -> Band:
        points = sorted(self.by_angle, key=lambda item: item[0])
        angle = min(max(angle_deg, points[0][0]), points[-1][0])
        for (a0, b0), (a1, b1) in zip(points, points[1:], strict=False):
            if a0 <= angle <= a1:
                share = 0.0 if a1 == a0 else (angle - a0) / (a1 - a0)
                return Band(b0.low + share * (b1.low - b0.low),
                            b0.high + share * (b1.high - b0.high))
        return points[-1][1]


HEADLINE_ANGLES = (0.0, 45.0, 90.0)
"""The approach angles the help, the README and docs/ui.md name (the issue's three)."""


def _metres(band: Band) -> str:
    return f"{band.low / 1000.0:.2f}-{band.high / 1000.0:.2f} m/s"


def approach_angle(card: Card, dx: float, dy: float) -> float:
    """The angle (degrees, 0..90) between a motion (dx, dy) and the card's long axis (its
    local y): 0 = lengthwise, 90 = crosswise."""
    norm = math.hypot(dx, dy)
    if norm < 1e-12:
        return 0.0
    ax, ay = -math.sin(card.angle), math.cos(card.angle)
    cosine = abs(dx * ax + dy * ay) / norm
    return math.degrees(math.acos(min(1.0, cosine)))


def card_ahead(cards: list[Card], x: float, y: float, dx: float, dy: float,
               half_blade_mm: float, reach_mm: float) -> Card | None:
    """The lying card the blade at (x, y) moving along (dx, dy) meets first within
    ``reach_mm``: its centre ahead of the blade, within the blade's half width plus the
    card's half diagonal to the side (the topmost of equally near ones)."""
    norm = math.hypot(dx, dy)
    if norm < 1e-9:
        return None
    nx, ny = dx / norm, dy / norm
    best: tuple[float, int, int, Card] | None = None
    for card in cards:
        if card.location != "wok" or card.airborne:
            continue
        ox, oy = card.x - x, card.y - y
        along = ox * nx + oy * ny
        side = abs(-ox * ny + oy * nx)
        if -20.0 <= along <= reach_mm and side <= half_blade_mm:
            key = (round(along / 10.0), -card.layer, -card.stack_order, card)
            if best is None or key[:3] < best[:3]:
                best = key
    return best[3] if best is not None else None


FLICK_SECTIONS = ("card", "physics", "spatula", "table", "wok")
"""The physics config's sections a flick's outcome depends on (not [chop], not [visibility])."""


def physics_fingerprint(physics_data: dict[str, object]) -> str:
    """SHA-256 (hex) of the flick's sections of a physics config's data
    (``cfg.physics.model_dump(mode="json")``), canonical JSON."""
    import hashlib
    import json

    relevant = {key: physics_data[key] for key in FLICK_SECTIONS if key in physics_data}
    text = json.dumps(relevant, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


MEASURED: dict[str, FlipBands] = {
    # The shipped physics: a lone card, straight strokes at constant speed released 15 mm
    # under its near edge, 100 flicks per angle on a 100 mm/s grid (``wokphysics sweep flips
    # --seeds 100``, study seed 1; measured again on main b078784 with the blade trailing its
    # motion, ``spatula.turn_travel_mm``: the same bands). Every measured angle is kept, so
    # the gauge never claims a speed between two of them that the sweep did not find (at 60
    # degrees, 1700 mm/s flips 76 %: 0-45-90 alone interpolated the band up to 1700).
    # Measured again after touchdowns stopped lifting the card (no energy made at an
    # impact): 1100 mm/s no longer flips 80 % lengthwise (71 % of 700 flicks over every
    # angle) nor at 60 degrees; the other angles and the shared band are unchanged.
    "b199f4f5383cb0746317e16742a435a995a1cd9276c5d80e62e44d7aa7f983ad": FlipBands(
        by_angle=((0.0, Band(1200.0, 1600.0)), (15.0, Band(1100.0, 1600.0)),
                  (30.0, Band(1100.0, 1600.0)), (45.0, Band(1100.0, 1600.0)),
                  (60.0, Band(1200.0, 1600.0)), (75.0, Band(1200.0, 1800.0)),
                  (90.0, Band(1200.0, 1900.0))),
        shared=Band(1200.0, 1600.0),
    ),
}
"""The bands measured by ``wokphysics sweep flips`` for a physics config, by its
fingerprint."""


def bands_for(physics_data: dict[str, object]) -> FlipBands | None:
    """The measured bands of this physics config, or None when it was never measured."""
    return MEASURED.get(physics_fingerprint(physics_data))
