"""wokphysics: four wok games; Wok on Fire as a physics simulation.

The public API of the physics table:

>>> from wokphysics import load_config, Table, Gesture
>>> cfg = load_config()
>>> table = Table(cfg.physics, seed=7, deck=cfg.deck())
>>> table.setup(24, position_jitter_mm=20.0, angle_jitter_rad=0.35)
>>> len(table.wok_cards()), len(table.supply)
(26, 24)
>>> report = table.stir(Gesture([(0.0, 0.0, -160.0), (0.1, 0.0, -40.0)]))
>>> set(report.flipped) <= set(report.moved)   # a card that flipped has moved
True

Importing ``wokphysics`` (or ``wokphysics.games``) loads no pymunk, shapely, numpy or
pygame: the names below are imported on first use, so the turn-based games and the command
line start quickly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wokphysics.config.table import TableConfig
    from wokphysics.config.wok_on_fire import WokOnFireConfig, load_config
    from wokphysics.table import ActionReport, Card, Gesture, Table, Visibility

__version__ = "0.1.0"

__all__ = [
    "ActionReport",
    "Card",
    "Gesture",
    "Table",
    "TableConfig",
    "Visibility",
    "WokOnFireConfig",
    "load_config",
]

_TABLE_NAMES = frozenset({"ActionReport", "Card", "Gesture", "Table", "Visibility"})
_CONFIG_NAMES = frozenset({"WokOnFireConfig", "load_config"})


def __getattr__(name: str) -> object:
    """The public names, imported when first asked for (PEP 562)."""
    if name in _TABLE_NAMES:
        from wokphysics import table

        return getattr(table, name)
    if name in _CONFIG_NAMES:
        from wokphysics.config import wok_on_fire

        return getattr(wok_on_fire, name)
    if name == "TableConfig":
        from wokphysics.config.table import TableConfig

        return TableConfig
    raise AttributeError(f"module 'wokphysics' has no attribute {name!r}")
