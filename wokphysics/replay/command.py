"""``wokphysics replay FILE [--verify]``: verify a replay bit for bit, or watch it.

The file's ``format`` field says what it is: a table replay (``wokphysics-table-replay``) or a
whole Wok on Fire game (``wokphysics-game-replay``). Exit status: 0 identical, 1 diverged,
2 a bad file (one clear line, no traceback).
"""

from __future__ import annotations

import argparse

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


def run_replay(args: argparse.Namespace) -> int:
    """Verify or watch the replay file ``args.file``."""
    data = read_replay_json(args.file)
    kind = data.get("format")
    verifiers = _game_verifiers()
    known = (table_record.FORMAT, *verifiers)
    if kind not in known:
        raise ReplayFileError(
            args.file, f"unknown replay format {kind!r}; expected one of {', '.join(known)}"
        )
    if not args.verify:
        return _watch(args)
    note = _version_note(data)
    if note:
        print(note)
    if kind == table_record.FORMAT:
        replay = table_record.load_table_replay(args.file, data)
        ok, message = table_record.verify_table_replay(replay)
    else:
        ok, message = verifiers[str(kind)](args.file)
    print(f"{args.file}: {message}")
    return 0 if ok else 1


def _watch(args: argparse.Namespace) -> int:
    from wokphysics.ui.replay_viewer import run_replay_window

    return run_replay_window(args.file, args)
