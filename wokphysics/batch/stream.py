"""The record stream's format on disk: ``records.jsonl.gz``, gzip members of JSON lines.

A study appends its finished tasks to the stream as they arrive, a few at a time (a batch of
what finished in the last 5 seconds, :class:`~wokphysics.batch.store.RecordLog`). Each batch is
one whole gzip **member** (RFC 1952: a gzip file may be several members one after another;
``zcat`` and ``gzip -d`` read them as one), so:

- a member is self-contained: its first line names the columns (``{"columns": [...]}``),
  then each task is one JSON array of values in that order (a new ``columns`` line where the
  columns change: a failed task's ``error``, another player count's seats). Column names are
  not repeated on every line, and deflate shrinks the rest: 43 bytes a game of We Will Wok
  You against 1,101 in the old ``records.jsonl`` (docs/scaling.md);
- a member ends with its CRC-32 and length, so a member cut short (the study killed, or the
  disk full, while it was written) is recognised: :func:`members` stops before it, and the
  next writer cuts the file back to the end of the last whole member (:func:`whole_length`)
  before it appends. Nothing of a whole member is lost, and nothing of a torn one is read
  twice: its tasks were not done, and a resume runs them again.

Why gzip and not zstd or Parquet: gzip is in Python's standard library (no new dependency for
a player's install or a worker), ``zcat records.jsonl.gz`` reads it anywhere, and at ~100
tasks a member it compresses a game's row to about a quarter of its ``tasks.csv`` row. A
Parquet file is readable only once its footer is written (a kill loses the whole file unless
it is written as many part files), and pyarrow is a ~40 MB wheel for one file.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from wokphysics.batch.values import Scalar

STREAM = "records.jsonl.gz"
"""The record stream of a study folder."""

LEGACY = "records.jsonl"
"""The stream of studies started before the compressed one (one JSON object a line): read
first when such a study is resumed, never written again."""

BLOCK = 1 << 20
"""Bytes read from the stream at a time."""

GZIP_WBITS = 31
"""zlib's window bits for the gzip container (header, deflate data, CRC-32 and length)."""


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


class Member:
    """The lines of one member as rows are added (a ``columns`` line where the columns
    change), held as text: a few hundred bytes a row rather than a dict of its columns."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.rows = 0
        self._header: list[str] | None = None

    def add(self, row: dict[str, Scalar]) -> None:
        names = list(row)
        if names != self._header:
            self._header = names
            self.lines.append(_compact({"columns": names}))
        self.lines.append(_compact(list(row.values())))
        self.rows += 1

    def compressed(self) -> bytes:
        """The member: gzip, ``mtime`` 0 (the same rows give the same bytes)."""
        text = "\n".join(self.lines) + "\n"
        return gzip.compress(text.encode("utf-8"), compresslevel=6, mtime=0)


def encode_member(rows: Sequence[dict[str, Scalar]]) -> bytes:
    """Rows as one whole gzip member."""
    member = Member()
    for row in rows:
        member.add(row)
    return member.compressed()


def decode_member(text: bytes) -> Iterator[dict[str, Scalar]]:
    """The rows of one member's text, in order."""
    header: list[str] = []
    for line in text.decode("utf-8").splitlines():
        value = json.loads(line)
        if isinstance(value, dict):
            header = value["columns"]
            continue
        yield dict(zip(header, value, strict=True))


def members(path: Path) -> Iterator[tuple[int, bytes]]:
    """Each whole member of the stream at ``path``: the offset where it ends and its text.

    Stops at the first member that is cut short or damaged (its CRC or length wrong, or not
    gzip at all): what follows it was never a whole record. A missing file has none."""
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        return
    with handle:
        end = 0  # where the last whole member ends
        taken = 0  # bytes of the current member fed to the decompressor
        decompressor = zlib.decompressobj(GZIP_WBITS)
        parts: list[bytes] = []
        while block := handle.read(BLOCK):
            data = block
            while data:
                try:
                    parts.append(decompressor.decompress(data))
                except zlib.error:  # not a gzip member: a damaged tail
                    return
                if not decompressor.eof:
                    taken += len(data)
                    break
                rest = decompressor.unused_data
                end += taken + len(data) - len(rest)
                yield end, b"".join(parts)
                taken, parts = 0, []
                decompressor = zlib.decompressobj(GZIP_WBITS)
                data = rest


def whole_length(path: Path) -> int:
    """The bytes of the stream's whole members (0 for no file): a writer cuts the file
    back to this before it appends, dropping a member cut short."""
    ends = [end for end, _ in members(path)]
    return ends[-1] if ends else 0


def stream_rows(path: Path) -> Iterator[dict[str, Scalar]]:
    """Every row of the stream at ``path``, in the order written (whole members only)."""
    for _, text in members(path):
        yield from decode_member(text)


def legacy_rows(path: Path) -> Iterator[dict[str, Scalar]]:
    """The rows of an old ``records.jsonl`` (a line cut short by a kill is skipped)."""
    try:
        handle = path.open(encoding="utf-8")
    except FileNotFoundError:
        return
    with handle:
        for line in handle:
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(row, dict) and isinstance(row.get("task"), int):
                yield row


def folder_rows(folder: Path) -> Iterator[dict[str, Scalar]]:
    """Every record a study folder holds, in the order written: an old ``records.jsonl``'s
    first, then the compressed stream's. A task's last record is the one that counts."""
    yield from legacy_rows(folder / LEGACY)
    yield from stream_rows(folder / STREAM)
