"""Reading a saved game state: every field's type checked before it is used.

A saved state is JSON data (a game state's ``to_dict``). :class:`SavedState` reads one field
at a time as the type the engine needs; a missing or mistyped field raises
:class:`~wokphysics.errors.ReplayFileError` (a UserError) naming the field, so a damaged save
is one clear line, never a crash deep in the rules (or Python's own words).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NoReturn

from wokphysics.errors import ReplayFileError

JsonValue = str | int | float | bool | None | Sequence["JsonValue"] | Mapping[str, "JsonValue"]
"""Plain JSON data (lists and objects as read-only views, so typed lists fit)."""


class SavedState:
    """Typed access to the fields of saved state data; ``what`` names it in errors ("saved
    Wok Star state")."""

    def __init__(self, data: Mapping[str, object], what: str) -> None:
        if not isinstance(data, Mapping):
            raise ReplayFileError(what, "must be a JSON object")
        self.data = data
        self.what = what

    def fail(self, key: str, problem: str) -> NoReturn:
        raise ReplayFileError(self.what, f"field '{key}' {problem}")

    def named(self, key: str, name: str, index: Callable[[str], int], kind: str) -> int:
        """The index of ``name`` (read from field ``key``) by ``index``, which raises
        KeyError or ValueError for a name it does not know (a ``kind``: "card")."""
        try:
            return index(name)
        except (KeyError, ValueError):
            self.fail(key, f"holds an unknown {kind} {name[:40]!r}")

    def names(self, key: str, index: Callable[[str], int], kind: str) -> list[int]:
        """A list of names (texts) as their indices (see :meth:`named`)."""
        return [self.named(key, name, index, kind) for name in self.texts(key)]

    def name_rows(self, key: str, index: Callable[[str], int], kind: str) -> list[list[int]]:
        """A list of lists of names as their indices (see :meth:`named`)."""
        rows: list[list[int]] = []
        for row in self.sequence(key):
            if not isinstance(row, list) or not all(isinstance(v, str) for v in row):
                self.fail(key, "must be a list of lists of texts")
            rows.append([self.named(key, str(v), index, kind) for v in row])
        return rows

    def _get(self, key: str) -> object:
        if key not in self.data:
            self.fail(key, "is missing")
        return self.data[key]

    def integer(self, key: str) -> int:
        value = self._get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(key, "must be a whole number")
        return value

    def number(self, key: str) -> float:
        value = self._get(key)
        if not isinstance(value, int | float) or isinstance(value, bool):
            self.fail(key, "must be a number")
        return float(value)

    def flag(self, key: str) -> bool:
        value = self._get(key)
        if not isinstance(value, bool):
            self.fail(key, "must be true or false")
        return bool(value)

    def text(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str):
            self.fail(key, "must be text")
        return str(value)

    def optional_text(self, key: str) -> str | None:
        """Text, or None where the field holds null (nothing there)."""
        return None if self._get(key) is None else self.text(key)

    def sequence(self, key: str) -> Sequence[object]:
        value = self._get(key)
        if not isinstance(value, list):
            self.fail(key, "must be a list")
        return value

    def texts(self, key: str) -> list[str]:
        items = self.sequence(key)
        if not all(isinstance(item, str) for item in items):
            self.fail(key, "must be a list of texts")
        return [str(item) for item in items]

    def flags(self, key: str) -> list[bool]:
        items = self.sequence(key)
        if not all(isinstance(item, bool) for item in items):
            self.fail(key, "must be a list of true/false")
        return [bool(item) for item in items]

    def integers(self, key: str) -> list[int]:
        items = self.sequence(key)
        out = [item for item in items if isinstance(item, int) and not isinstance(item, bool)]
        if len(out) != len(items):
            self.fail(key, "must be a list of whole numbers")
        return out

    def integer_rows(self, key: str) -> list[list[int]]:
        rows: list[list[int]] = []
        for row in self.sequence(key):
            if not isinstance(row, list) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in row
            ):
                self.fail(key, "must be a list of lists of whole numbers")
            rows.append([int(v) for v in row])
        return rows

    def number_rows(self, key: str) -> list[list[float]]:
        rows: list[list[float]] = []
        for row in self.sequence(key):
            if not isinstance(row, list) or not all(
                isinstance(v, int | float) and not isinstance(v, bool) for v in row
            ):
                self.fail(key, "must be a list of lists of numbers")
            rows.append([float(v) for v in row])
        return rows

    def card_flags(self, key: str) -> list[list[tuple[str, bool]]]:
        """A list per seat of ``[card, flag]`` pairs (piles, characters)."""
        seats: list[list[tuple[str, bool]]] = []
        for entries in self.sequence(key):
            if not isinstance(entries, list):
                self.fail(key, "must be a list per seat")
            pairs: list[tuple[str, bool]] = []
            for entry in entries:
                if (
                    not isinstance(entry, list)
                    or len(entry) != 2
                    or not isinstance(entry[0], str)
                    or not isinstance(entry[1], bool)
                ):
                    self.fail(key, "must hold [card, true/false] pairs")
                pairs.append((str(entry[0]), bool(entry[1])))
            seats.append(pairs)
        return seats

    def seats_by_id(self, key: str) -> dict[str, int]:
        """A map of card id to a whole number (owners, counters)."""
        value = self._get(key)
        if not isinstance(value, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
            for k, v in value.items()
        ):
            self.fail(key, "must map card ids to whole numbers")
        return {str(k): int(v) for k, v in value.items()}
