"""Reading and cutting a study folder's record stream (``records.jsonl.gz``) in tests: what an
interrupted study leaves, made on purpose."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wokphysics.batch.stream import STREAM, encode_member, stream_rows

MEMBER_ROWS = 4
"""Rows in each gzip member that :func:`keep_first` writes (several members, as a study
writes them)."""


def records(folder: Path) -> list[dict[str, Any]]:
    """Every record of the folder's stream, in the order written (whole members only)."""
    return list(stream_rows(folder / STREAM))


def keep_first(folder: Path, count: int, torn: bool = False) -> None:
    """Leave the folder's stream holding its first ``count`` records, as a study stopped then
    would; with ``torn``, followed by half of a member of the next records (killed while
    writing it)."""
    rows = records(folder)
    assert len(rows) > count, f"only {len(rows)} records to keep {count} of"
    data = b"".join(encode_member(rows[start:min(start + MEMBER_ROWS, count)])
                    for start in range(0, count, MEMBER_ROWS))
    if torn:
        next_member = encode_member(rows[count:count + MEMBER_ROWS])
        data += next_member[: len(next_member) // 2]
    (folder / STREAM).write_bytes(data)
