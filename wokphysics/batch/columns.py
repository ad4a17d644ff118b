"""A study's records as columns: what summaries and plots read.

Rows come in task order; a column a row lacks (a seat that a 2-player game does not have)
is None there. Numbers come out as numpy arrays with NaN for the gaps.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from wokphysics.batch.values import Scalar

FloatArray = npt.NDArray[np.float64]


INT_CODES = "bhiq"
"""Array type codes of growing width that a column of whole numbers is kept in (1, 2, 4 and 8
bytes a value), widened as bigger numbers come."""


class _Column:
    """One column's values, compactly: whole numbers in the narrowest ``array`` that holds
    them, floats in an ``array('d')``, anything else (text, a mix of kinds) in a list whose
    equal strings are one object; a row without a value is marked in ``missing`` (made at
    the first gap). A 100,000-game study's columns take a few MB instead of the ~100 MB of
    lists of Python numbers (docs/scaling.md)."""

    __slots__ = ("data", "missing", "_strings")

    def __init__(self, rows: int) -> None:
        self.data: array[Any] | list[Scalar] = array("b")
        self.missing: bytearray | None = None
        self._strings: dict[str, str] = {}
        for _ in range(rows):
            self.append(None)

    def __len__(self) -> int:
        return len(self.data)

    def append(self, value: Scalar) -> None:
        if value is None:
            if self.missing is None:
                self.missing = bytearray(len(self.data))
            self.missing.append(1)
            self.data.append(None if isinstance(self.data, list) else 0)
            return
        self._store(value)
        if self.missing is not None:
            self.missing.append(0)

    def _store(self, value: int | float | str) -> None:
        data = self.data
        if isinstance(data, array):
            code = data.typecode
            if type(value) is int and code in INT_CODES:
                for wider in INT_CODES[INT_CODES.index(code):]:
                    if wider != code:
                        data = self.data = array(wider, data)
                    try:
                        data.append(value)
                        return
                    except OverflowError:
                        continue
            elif type(value) is float and (code == "d" or not self._has_values()):
                if code != "d":  # only gaps so far: they become the float column's gaps
                    data = self.data = array("d", data)
                data.append(value)
                return
            # a mix of kinds, text, or a number past 64 bits: a list, exactly as given
            data = self.data = [self.get(row) for row in range(len(data))]
        data.append(self._strings.setdefault(value, value) if isinstance(value, str) else value)

    def _has_values(self) -> bool:
        return len(self.data) > (0 if self.missing is None else self.missing.count(1))

    def get(self, row: int) -> Scalar:
        if self.missing is not None and self.missing[row]:
            return None
        value: Scalar = self.data[row]
        return value

    def values(self) -> list[Scalar]:
        if self.missing is None:
            return list(self.data)
        return [None if gap else value
                for value, gap in zip(self.data, self.missing, strict=True)]

    def numbers(self) -> FloatArray:
        data = self.data
        if isinstance(data, list):
            out = np.full(len(data), np.nan)
            for row, value in enumerate(data):
                if isinstance(value, int | float) and not (
                        self.missing is not None and self.missing[row]):
                    out[row] = value
            return out
        out = np.array(data, dtype=np.float64)
        if self.missing is not None:
            out[np.frombuffer(self.missing, dtype=np.uint8).astype(bool)] = np.nan
        return out


def _fits(code: str, value: int) -> bool:
    try:
        array(code, [value])
    except OverflowError:
        return False
    return True


class Columns:
    """Rows of scalars stored column by column (compactly: :class:`_Column`), in the order
    given."""

    def __init__(self, rows: Iterable[Mapping[str, Scalar]] = ()) -> None:
        self._data: dict[str, _Column] = {}
        self._rows = 0
        for row in rows:
            self.append(row)

    def append(self, row: Mapping[str, Scalar]) -> None:
        """Add one row at the end (new columns are None in the rows before it)."""
        for name in row:
            if name not in self._data:
                self._data[name] = _Column(self._rows)
        for name, column in self._data.items():
            column.append(row.get(name))
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
        column = self._data.get(name)
        return [None] * self._rows if column is None else column.values()

    def cell(self, name: str, row: int) -> Scalar:
        """Row ``row``'s value of column ``name`` (None where it has none)."""
        column = self._data.get(name)
        return None if column is None else column.get(row)

    def numbers(self, name: str) -> FloatArray:
        """The column as floats, NaN where a row has no number."""
        column = self._data.get(name)
        return np.full(self._rows, np.nan) if column is None else column.numbers()

    def rows(self) -> Iterable[dict[str, Scalar]]:
        """Each row as a mapping (every column, None where the row had no value)."""
        columns = list(self._data.items())
        for row in range(self._rows):
            yield {name: column.get(row) for name, column in columns}

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
        column = self._data.get(name)
        found = {value for value in (column.values() if column else ()) if value is not None}
        return sorted(found, key=_sort_key)


def _sort_key(value: Any) -> tuple[int, Any]:
    if value is None:
        return (2, 0)
    if isinstance(value, int | float):
        return (0, value)
    return (1, str(value))
