"""The turn games' logs show whole entries: never the tail of an entry without its start."""

from __future__ import annotations

from wokphysics.ui.widgets import newest_whole


def test_the_log_shows_the_newest_entries_whole() -> None:
    # Three entries wrapped to 2, 3 and 2 lines; 6 lines of room: the oldest would show only
    # its last line ("and 4 now cost 6)" in the window), so it is left out.
    blocks = [["a1", "a2"], ["b1", "b2", "b3"], ["c1", "c2"]]
    assert newest_whole(blocks, 6) == ["b1", "b2", "b3", "c1", "c2"]
    assert newest_whole(blocks, 7) == ["a1", "a2", "b1", "b2", "b3", "c1", "c2"]
    assert newest_whole(blocks, 4) == ["c1", "c2"]


def test_an_entry_longer_than_the_log_shows_its_start() -> None:
    assert newest_whole([["x"], ["n1", "n2", "n3"]], 2) == ["n1", "n2"]
    assert newest_whole([], 3) == []
