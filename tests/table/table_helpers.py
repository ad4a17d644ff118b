"""Shared builders for the table tests."""

from __future__ import annotations

from wokphysics import Gesture, Table, load_config
from wokphysics.config.wok_on_fire import WokConfig

CFG: WokConfig = load_config()
HALF_LENGTH = CFG.card.length_mm / 2.0


def lone_card_table(seed: int, face_up: bool = False, angle: float = 0.0) -> Table:
    """A table with card 0 alone at the wok's centre (others still in the supply)."""
    table = Table(CFG, seed)
    table.place(0, 0.0, 0.0, angle, face_up)
    return table


def flick(
    speed: float, approach_from: float = -HALF_LENGTH - 2.0, flick_s: float = 0.04
) -> Gesture:
    """Slide the blade up to ``approach_from`` (y, mm) slowly, then flick along +y at ``speed``."""
    return Gesture(
        [
            (0.0, 0.0, approach_from - 80.0),
            (0.3, 0.0, approach_from),
            (0.3 + flick_s, 0.0, approach_from + speed * flick_s),
        ]
    )
