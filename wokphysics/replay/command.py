"""``wokphysics replay FILE --verify``: verify a replay bit for bit (watching it is the window's).

The file's ``format`` field says what it is: a table replay (``wokphysics-table-replay``) or a
whole Wok on Fire game (``wokphysics-game-replay``). Exit status: 0 identical, 1 diverged,
2 a bad file (one clear line, no traceback).
"""

from __future__ import annotations

from wokphysics.errors import ReplayFileError
from wokphysics.games.plugin import RecordVerifier
from wokphysics.games.registry import PLUGINS
from wokphysics.records.files import read_replay_json, versions
from wokphysics.replay import table_record


def _game_verifiers() -> dict[str, RecordVerifier]:
    """Each game's whole-game record format and its verifier, from the plugin entries."""
    return {
        plugin.record_format: plugin.verify_record
        for plugin in PLUGINS
        if plugin.record_format is not None and plugin.verify_record is not None
    }


def _version_note(header: dict[str, object]) -> str | None:
    ours = versions()
    differing = [
        f"{key} {header.get(key)} (here {value})"
        for key, value in ours.items()
        if key in header and header.get(key) != value
    ]
    if differing:
        return "note: recorded with " + ", ".join(differing) + "; bit-identity may not hold"
    return None


def check_replay_file(file: str) -> str:
    """The ``format`` of replay file ``file`` if this program reads it, else a ReplayFileError."""
    return _format(read_replay_json(file), file)


def _format(data: dict[str, object], file: str) -> str:
    kind = data.get("format")
    known = (table_record.FORMAT, *_game_verifiers())
    if kind not in known:
        raise ReplayFileError(
            file, f"unknown replay format {kind!r}; expected one of {', '.join(known)}"
        )
    return str(kind)


def verify_replay(file: str) -> int:
    """Verify replay file ``file`` bit for bit: exit status 0 identical, 1 diverged (printed).
    A game record is read once more by its game's verifier: the values read here are let go
    first, so a record's values are in memory once at a time."""
    data = read_replay_json(file)
    kind = _format(data, file)
    note = _version_note(data)
    if note:
        print(note)
    if kind == table_record.FORMAT:
        ok, message = table_record.verify_table_replay(table_record.load_table_replay(file, data))
    else:
        data.clear()  # (this function's values, read again by the verifier)
        ok, message = _game_verifiers()[kind](file)
    print(f"{file}: {message}")
    return 0 if ok else 1
