"""``wokphysics replay FILE [--verify]``: verify a replay bit for bit, or watch it.

The file's ``format`` field says what it is: a table replay (``wokphysics-table-replay``) or a
whole Wok on Fire game (``wokphysics-game-replay``). Exit status: 0 identical, 1 diverged,
2 a bad file (one clear line, no traceback).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
from collections.abc import Callable

from wokphysics.errors import ReplayFileError, UserError
from wokphysics.replay import table_record
from wokphysics.replay.files import read_replay_json, versions

GAME_FORMAT = "wokphysics-game-replay"
KNOWN_FORMATS = (table_record.FORMAT, GAME_FORMAT)


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
    if kind not in KNOWN_FORMATS:
        raise ReplayFileError(
            args.file, f"unknown replay format {kind!r}; expected one of {', '.join(KNOWN_FORMATS)}"
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
        ok, message = _game_verifier()(args.file)
    print(f"{args.file}: {message}")
    return 0 if ok else 1


def _game_verifier() -> Callable[[str], tuple[bool, str]]:
    module = importlib.import_module("wokphysics.games.wok_on_fire.record")
    verify: Callable[[str], tuple[bool, str]] = module.verify_game_record
    return verify


def _watch(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("wokphysics.ui.replay_viewer") is None:
        raise UserError("watching replays needs the window, which is not installed; use --verify")
    viewer = importlib.import_module("wokphysics.ui.replay_viewer")
    status: int = viewer.run_replay_window(args.file, args)
    return status
