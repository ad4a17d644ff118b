"""The Wok on Fire physics table (headless: no pygame here)."""

from wokphysics.table.cards import Card, Location
from wokphysics.table.gesture import Gesture, GestureError
from wokphysics.table.visibility import Visibility
from wokphysics.table.world import ActionReport, Table, TableError

__all__ = [
    "ActionReport",
    "Card",
    "Gesture",
    "GestureError",
    "Location",
    "Table",
    "TableError",
    "Visibility",
]
