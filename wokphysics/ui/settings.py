"""The window's settings a person chose in the launcher: a small file beside the saves.

Like the guides' seen flags (:mod:`wokphysics.ui.guide_seen`), they live in the folder of the
user's files (the launcher's folder, by default the current one), in
``wokphysics-settings.json`` (``{"scale": 1.5}``). Only the UI scale is kept so far. A
missing, damaged or foreign file holds the defaults; a folder that cannot be written keeps the
choice for this run only. No pygame here.
"""

from __future__ import annotations

import json
from pathlib import Path

from wokphysics.records.saving import SaveFailed, write_atomically
from wokphysics.ui.readable import SCALES

FILE_NAME = "wokphysics-settings.json"
MAX_BYTES = 64 * 1024
"""A settings file larger than this is not ours: it is read as holding the defaults."""


class WindowSettings:
    """The settings file in ``folder``."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / FILE_NAME

    def _read(self) -> dict[str, object]:
        try:
            if self.path.stat().st_size > MAX_BYTES:
                return {}
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def scale(self) -> float:
        """The UI scale chosen last (1 when none was, or the file holds no scale offered)."""
        value = self._read().get("scale")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            for scale in SCALES:
                if abs(float(value) - scale) < 1e-9:
                    return scale
        return 1.0

    def save_scale(self, scale: float) -> bool:
        """Keep ``scale`` for the next launch; False if the file cannot be written."""
        data = {**self._read(), "scale": scale}
        try:
            write_atomically(self.path, json.dumps(data, indent=1) + "\n")
        except SaveFailed:
            return False
        return True
