"""Shared builders for the table tests."""

from __future__ import annotations

from wokphysics import Gesture, Table, TableConfig, load_config
from wokphysics.games.wok_on_fire.deal import dealt_table as game_table

GAME_CFG = load_config()
CFG: TableConfig = GAME_CFG.physics
"""What the physics table is given: geometry and physics only."""
DECK = GAME_CFG.deck()
"""Card labels by id, as Wok on Fire gives them to the table."""
SUPPLY = GAME_CFG.rules.setup.supply
CHOP = GAME_CFG.rules.cards_per_chop
HALF_LENGTH = CFG.card.length_mm / 2.0


def new_table(seed: int, cfg: TableConfig = CFG) -> Table:
    """A fresh table with Wok on Fire's deck, every card in the supply (not set up)."""
    return Table(cfg, seed, DECK)


def dealt_table(seed: int) -> Table:
    """A table dealt as a Wok on Fire game starts."""
    return game_table(GAME_CFG, seed)


def lone_card_table(seed: int, face_up: bool = False, angle: float = 0.0) -> Table:
    """A table with card 0 alone at the wok's centre (others still in the supply)."""
    table = new_table(seed)
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
