"""What Wok on Fire's replay viewer plays: a game record or a table recording.

Every recorded input is re-applied to a fresh world exactly as ``--verify`` does (the engine's
:class:`GameStepper`, or the table's own actions for a table recording). A source says where
it is as numbers (:meth:`GameSource.progress`); the presenter puts them in words.
"""

from __future__ import annotations

from typing import Any

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.errors import ReplayFileError
from wokphysics.games.wok_on_fire.deal import dealt_table
from wokphysics.games.wok_on_fire.engine import WokOnFireGame
from wokphysics.table.gesture import Gesture
from wokphysics.table.world import Table
from wokphysics.ui.animation import Stepped
from wokphysics.ui.wok_on_fire.presenter import player_names


class GameSource:
    """A Wok on Fire game record, stepped by the engine's GameStepper."""

    def __init__(self, path: str, data: dict[str, Any] | None = None) -> None:
        """The record in file ``path``, or ``data`` (a game just played, named ``path``)."""
        from wokphysics.games.wok_on_fire.record import load_game_record

        self.record = load_game_record(path, data)
        self.stepper = self.record.stepper()
        self.cfg: WokOnFireConfig = self.record.cfg
        self.names = player_names(self.record.bots)

    @property
    def table(self) -> Table:
        return self.stepper.game.table

    @property
    def game(self) -> WokOnFireGame | None:
        return self.stepper.game

    unit = "turn"
    """What one step of :meth:`progress` is called."""

    def progress(self) -> tuple[int, int]:
        """The turn shown (from 1) and how many the record holds: its turns, and the one
        left unfinished when the game was saved (its strokes are replayed too; a game saved
        in its first turn said "turn 1 of 0")."""
        total = self.stepper.turn_count + (1 if self.stepper.record.current else 0)
        return min(self.stepper.turn_index + 1, max(1, total)), total

    def at_end(self) -> bool:
        return bool(self.stepper.at_end)

    def turn_index(self) -> int:
        return int(self.stepper.turn_index)

    def begin_next(self) -> tuple[Stepped | None, Gesture | None]:
        entry = self.stepper.peek()
        gesture = Gesture(entry["gesture"]) if entry and entry.get("kind") == "stir" else None
        return self.stepper.begin_next(), gesture

    def verify_pending(self) -> None:
        self.stepper.settle()


class TableSource:
    """A table recording (``wokphysics-table-replay``): stirs and chops, no rules."""

    def __init__(self, path: str, data: dict[str, Any]) -> None:
        from wokphysics.replay.table_record import load_table_replay

        self.replay = load_table_replay(path, data)
        self.cfg = self.replay.cfg
        self.table = dealt_table(self.cfg, self.replay.seed)
        if self.table.state_hash() != self.replay.setup_hash:
            raise ReplayFileError(path, "the set-up table differs from the recording")
        self.index = 0
        self.names: list[str] = []
        self._checking: int | None = None
        self._run: Stepped | None = None

    @property
    def game(self) -> WokOnFireGame | None:
        return None

    unit = "action"
    """What one step of :meth:`progress` is called."""

    def progress(self) -> tuple[int, int]:
        """The action shown (from 1) and how many the recording holds."""
        total = len(self.replay.steps)
        return min(self.index + 1, total), total

    def at_end(self) -> bool:
        """Every recorded action has been started and the last one has come to rest."""
        self.verify_pending()
        return self.index >= len(self.replay.steps) and (self._run is None or self._run.done)

    def turn_index(self) -> int:
        return self.index

    def begin_next(self) -> tuple[Stepped | None, Gesture | None]:
        self.verify_pending()
        step = self.replay.steps[self.index]
        if step.action == "stir":
            run = self.table.begin_stir(step.gesture)
            gesture: Gesture | None = step.gesture
        else:
            run = self.table.begin_chop(
                step.gesture, step.seat, count=self.cfg.rules.cards_per_chop
            )
            gesture = None
        self._checking = self.index
        self._run = run
        self.index += 1
        return run, gesture

    def verify_pending(self) -> None:
        """Once the last started action has come to rest, compare its hash (Diverged)."""
        if self._checking is None or (self._run is not None and not self._run.done):
            return
        step = self.replay.steps[self._checking]
        if self.table.state_hash() != step.hash:
            from wokphysics.games.wok_on_fire.record import Diverged

            raise Diverged(self._checking, 0, "the state hash differs")
        self._checking = None


Source = GameSource | TableSource
