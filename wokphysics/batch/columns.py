"""A study's records as columns: what summaries and plots read.

Rows come in task order; a column a row lacks (a seat that a 2-player game does not have)
is None there. Numbers come out as numpy arrays with NaN for the gaps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from wokphysics.batch.values import Scalar

FloatArray = npt.NDArray[np.float64]


class Columns:
    """Rows of scalars stored column by column, in the order given."""

    def __init__(self, rows: Iterable[Mapping[str, Scalar]] = ()) -> None:
        self._data: dict[str, list[Scalar]] = {}
        self._rows = 0
        for row in rows:
            self.append(row)

    def append(self, row: Mapping[str, Scalar]) -> None:
        """Add one row at the end (new columns are None in the rows before it)."""
        for name in row:
            if name not in self._data:
                self._data[name] = [None] * self._rows
        for name, values in self._data.items():
            values.append(row.get(name))
        self._rows += 1

    def __len__(self) -> int:
        return self._rows

    def __contains__(self, name: object) -> bool:
        return name in self._data

    @property
    def names(self) -> list[str]:
        """Column names in the order they first appeared."""
        return list(self._data)

    def values(self, name: str) -> list[Scalar]:
        """The column's values (None where a row has none); all None if there is no column."""
        return list(self._data.get(name, [None] * self._rows))

    def numbers(self, name: str) -> FloatArray:
        """The column as floats, NaN where a row has no number."""
        out = np.full(self._rows, np.nan)
        for row, value in enumerate(self._data.get(name, ())):
            if isinstance(value, int | float):
                out[row] = value
        return out

    def rows(self) -> Iterable[dict[str, Scalar]]:
        """Each row as a mapping (every column, None where the row had no value)."""
        names = self.names
        for row in range(self._rows):
            yield {name: self._data[name][row] for name in names}

    def where(self, keep: Callable[[dict[str, Scalar]], bool]) -> Columns:
        """The rows for which ``keep(row)`` is true."""
        return Columns(row for row in self.rows() if keep(row))

    def group_by(self, name: str) -> dict[Any, Columns]:
        """Rows split by the value of column ``name``, keys in sorted order (None last)."""
        groups: dict[Any, Columns] = {}
        for row in self.rows():
            groups.setdefault(row.get(name), Columns()).append(row)
        return dict(sorted(groups.items(), key=lambda item: _sort_key(item[0])))

    def distinct(self, name: str) -> list[Scalar]:
        """The column's distinct values, sorted (None left out)."""
        found = {value for value in self._data.get(name, ()) if value is not None}
        return sorted(found, key=_sort_key)


def _sort_key(value: Any) -> tuple[int, Any]:
    if value is None:
        return (2, 0)
    if isinstance(value, int | float):
        return (0, value)
    return (1, str(value))
