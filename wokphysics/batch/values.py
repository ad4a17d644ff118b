"""What a study's records hold: the values of one CSV cell, and a task's record of them.

A leaf module: the tasks (:mod:`.tasks`) and the columns of records (:mod:`.columns`) both
speak of them, and neither imports the other for it.

>>> record: Record = {"seed": 3, "winner": "greedy", "points": 41.5, "error": None}
>>> all(isinstance(value, int | float | str | None) for value in record.values())
True
"""

from __future__ import annotations

from collections.abc import Mapping

Scalar = int | float | str | None
"""A value in a record: what one CSV cell holds (``bool`` is stored as 0 or 1)."""

Record = Mapping[str, Scalar]
"""One task's result: a flat mapping of column name to value."""
