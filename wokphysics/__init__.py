"""wokphysics: four wok games; Wok on Fire as a physics simulation.

The public API of the physics table::

    from wokphysics import load_config, Table, Gesture
    cfg = load_config()
    table = Table(cfg, seed=7)
    table.setup()
"""

from wokphysics.config.wok_on_fire import WokConfig, load_config
from wokphysics.table import ActionReport, Card, Gesture, Table, Visibility

__version__ = "0.1.0"

__all__ = ["ActionReport", "Card", "Gesture", "Table", "Visibility", "WokConfig", "load_config"]
