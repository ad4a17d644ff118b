"""The deal: a fresh Wok on Fire table with the game's deck, set up as a game starts.

>>> from wokphysics.config.wok_on_fire import load_config
>>> table = dealt_table(load_config(), seed=7)
>>> len(table.cards), table.state_hash() == dealt_table(load_config(), seed=7).state_hash()
(50, True)
"""

from __future__ import annotations

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.table.world import Table


def dealt_table(cfg: WokOnFireConfig, seed: int) -> Table:
    """A fresh table for ``cfg``'s deck, dealt as a game starts (seeded shuffle, supply, spread).

    The table gets the physics part of the config only, and from the rules the card labels
    and the deal's counts.
    """
    table = Table(cfg.physics, seed, cfg.deck())
    setup = cfg.rules.setup
    table.setup(
        setup.supply,
        position_jitter_mm=setup.position_jitter_mm,
        angle_jitter_rad=setup.angle_jitter_rad,
    )
    return table
