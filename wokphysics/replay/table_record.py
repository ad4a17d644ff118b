"""Replay files of the physics table: every gesture and the state hash after it.

A recording is JSON with a versioned header (format, version, Python/pymunk/numpy versions,
config hash, seed, dt), the full config it ran with, and one entry per action. Floats are
written with Python's shortest round-tripping repr, so they come back exactly.

>>> import tempfile, pathlib
>>> from wokphysics import Gesture, load_config
>>> recorder = TableRecorder(load_config(), seed=3)
>>> _ = recorder.stir(Gesture([(0.0, 0.0, -160.0), (0.1, 0.0, -40.0)]))
>>> path = pathlib.Path(tempfile.mkdtemp()) / "table.json"
>>> recorder.save(path)
>>> verify_table_replay(load_table_replay(path))
(True, 'identical: setup and all 1 steps match bit for bit')
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.errors import ReplayFileError
from wokphysics.games.wok_on_fire.deal import dealt_table
from wokphysics.records.files import (
    read_replay_json,
    require,
    require_known_keys,
    require_samples,
    versions,
)
from wokphysics.records.header import HEADER_FIELDS, check_header
from wokphysics.table.gesture import Gesture, GestureError
from wokphysics.table.world import ActionReport, TableError

FORMAT = "wokphysics-table-replay"
VERSION = 1


class TableRecorder:
    """A table whose stirs and chops are recorded with the hash after each."""

    def __init__(self, cfg: WokOnFireConfig, seed: int) -> None:
        self.cfg = cfg
        self.table = dealt_table(cfg, seed)
        self.steps: list[dict[str, Any]] = []
        self.setup_hash = self.table.state_hash()

    def stir(self, gesture: Gesture) -> ActionReport:
        path = self.table.stroke_gesture(gesture)
        report = self.table.stir(path)
        self.steps.append(
            {"action": "stir", "gesture": path.to_data(), "hash": self.table.state_hash()}
        )
        return report

    def chop(self, gesture: Gesture, seat: int = 0) -> ActionReport:
        report = self.table.chop(gesture, seat=seat, count=self.cfg.rules.cards_per_chop)
        self.steps.append(
            {
                "action": "chop",
                "seat": seat,
                "gesture": gesture.to_data(),
                "hash": self.table.state_hash(),
            }
        )
        return report

    def to_data(self) -> dict[str, Any]:
        cfg = self.cfg
        return {
            "format": FORMAT,
            "version": VERSION,
            **versions(),
            "config_hash": cfg.config_hash(),
            "seed": self.table.seed,
            "dt": cfg.physics.physics.dt_s,
            "config": cfg.to_data(),
            "setup_hash": self.setup_hash,
            "steps": self.steps,
        }

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_data(), indent=1) + "\n", encoding="utf-8")


@dataclass(frozen=True)
class TableStep:
    action: str
    gesture: Gesture
    seat: int
    hash: str


@dataclass(frozen=True)
class TableReplay:
    """A validated table replay file."""

    file: str
    header: dict[str, Any]
    cfg: WokOnFireConfig
    seed: int
    setup_hash: str
    steps: list[TableStep]


def load_table_replay(path: str | Path, data: dict[str, Any] | None = None) -> TableReplay:
    """Read and check a table replay file; every problem is a ReplayFileError."""
    file = str(path)
    data = read_replay_json(path) if data is None else data
    seed, cfg = check_header(data, file, FORMAT, VERSION, "a table replay")
    require_known_keys(data, (*HEADER_FIELDS, "setup_hash", "steps"), file)
    setup_hash = require(data, "setup_hash", str, file)
    steps = []
    for index, entry in enumerate(require(data, "steps", list, file)):
        where = f"steps[{index}]."
        if not isinstance(entry, dict):
            raise ReplayFileError(file, f"steps[{index}] must be an object")
        require_known_keys(entry, ("action", "seat", "gesture", "hash"), file, where)
        action = require(entry, "action", str, file, where)
        if action not in ("stir", "chop"):
            raise ReplayFileError(file, f"{where}action must be 'stir' or 'chop', not {action!r}")
        seat = require(entry, "seat", int, file, where) if action == "chop" else 0
        samples = require_samples(entry.get("gesture"), file, f"{where}gesture")
        try:
            gesture = Gesture(samples)
        except GestureError as error:
            raise ReplayFileError(file, f"{where}gesture: {error}") from None
        steps.append(TableStep(action, gesture, seat, require(entry, "hash", str, file, where)))
    return TableReplay(file, data, cfg, seed, setup_hash, steps)


def verify_table_replay(replay: TableReplay) -> tuple[bool, str]:
    """Rebuild a fresh world, re-apply every gesture, compare hashes.

    Returns (identical, message); the message names the first step that diverged.
    """
    table = dealt_table(replay.cfg, replay.seed)
    if table.state_hash() != replay.setup_hash:
        return False, "diverged at setup (before step 1): the shuffle or spread differs"
    for number, step in enumerate(replay.steps, start=1):
        try:
            if step.action == "stir":
                table.stir(step.gesture)
            else:
                table.chop(step.gesture, seat=step.seat, count=replay.cfg.rules.cards_per_chop)
        except (GestureError, TableError) as error:
            raise ReplayFileError(
                replay.file, f"step {number} cannot be replayed: {error}"
            ) from None
        if table.state_hash() != step.hash:
            return False, f"diverged at step {number} ({step.action}): state hash differs"
    return True, f"identical: setup and all {len(replay.steps)} steps match bit for bit"
