"""Which games' guided first turn this user has been offered: a small file beside the saves.

The program keeps a user's files (autosaves, rules files) in one folder: the current folder,
or the launcher's (``Choices.folder``); a game's autosave goes there unless ``--save`` names
another file. The "seen" flags live in that folder too, beside the game's autosave, in
``wokphysics-guides.json`` (``{"seen": ["wok-on-fire", ...]}``). A game started with no save
file (``--no-save``, ``--max-frames``) keeps no user data, so it is offered no guide (F1 then
G opens it any time). No pygame here.
"""

from __future__ import annotations

import json
from pathlib import Path

from wokphysics.records.saving import SaveFailed, write_atomically

FILE_NAME = "wokphysics-guides.json"
MAX_BYTES = 64 * 1024
"""A flags file larger than this is not ours: it is read as holding no flags."""


class GuideFlags:
    """The seen flags of the user files in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / FILE_NAME

    def seen(self) -> set[str]:
        """The games whose guide was offered (a missing or damaged file: none)."""
        try:
            if self.path.stat().st_size > MAX_BYTES:
                return set()
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return set()
        names = data.get("seen") if isinstance(data, dict) else None
        if not isinstance(names, list):
            return set()
        return {name for name in names if isinstance(name, str)}

    def first_game(self, game: str) -> bool:
        """Whether ``game``'s guide has not been offered yet."""
        return game not in self.seen()

    def mark(self, game: str) -> bool:
        """Remember that ``game``'s guide was offered; False if the file cannot be written
        (a read-only folder: the guide is then offered again next time, nothing else)."""
        names = sorted(self.seen() | {game})
        try:
            write_atomically(self.path, json.dumps({"seen": names}, indent=1) + "\n")
        except SaveFailed:
            return False
        return True
