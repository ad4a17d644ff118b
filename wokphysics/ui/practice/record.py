"""The practice table's record of flicks: speed, angle to the card, depth under it, flipped
or not.

No pygame here: the chart (:mod:`.chart`) draws it, and ``--save FILE`` writes it as CSV.
"""

from __future__ import annotations

import csv
import os
from dataclasses import dataclass, field
from pathlib import Path

from wokphysics.errors import UserError

CSV_HEADER = ("flick", "speed_mm_s", "angle_deg", "depth_mm", "flipped", "launched",
              "speed_read")
OLD_HEADERS = {("flick", "speed_mm_s", "angle_deg", "flipped", "launched"):
               "without the depth under the card"}
"""Headers of earlier practice records, with what they lack (such a file is not appended to:
its rows would not line up)."""


@dataclass(frozen=True)
class Flick:
    """One release: the blade's speed over the release window (mm/s), the angle between the
    flick and the long axis of the card on the blade (degrees, 0..90; None when no card was on
    it), whether that card turned over and whether it left the table surface, how far the
    blade's leading edge was under it (mm; None with no card), and whether the speed was read
    reliably (the pointer's samples did not stall in the release window; a speed not read
    reliably is never told or charted as one)."""

    speed_mm_s: float
    angle_deg: float | None
    flipped: bool
    launched: bool
    depth_mm: float | None = None
    speed_read: bool = True


@dataclass
class FlickLog:
    """Every flick of a practice session, oldest first."""

    flicks: list[Flick] = field(default_factory=list)
    path: Path | None = None

    def add(self, flick: Flick) -> None:
        self.flicks.append(flick)
        if self.path is not None:
            self._append(flick)

    def _append(self, flick: Flick) -> None:
        assert self.path is not None
        new = not self.path.exists()
        try:
            with self.path.open("a", newline="") as handle:
                writer = csv.writer(handle)
                if new:
                    writer.writerow(CSV_HEADER)
                angle = "" if flick.angle_deg is None else f"{flick.angle_deg:.1f}"
                depth = "" if flick.depth_mm is None else f"{flick.depth_mm:.1f}"
                writer.writerow((len(self.flicks), f"{flick.speed_mm_s:.0f}", angle, depth,
                                 int(flick.flipped), int(flick.launched),
                                 int(flick.speed_read)))
        except OSError as error:
            raise UserError(f"{self.path}: cannot write the practice record: {error}") from None

    @staticmethod
    def check_path(path: Path) -> None:
        """Refuse, before the window opens, a ``--save`` file the flicks could not be written
        to (its folder missing or read-only) or that holds something other than a practice
        record (say a game's save): the session would otherwise end at the first flick, or
        append CSV lines to that file. Raises :class:`UserError` naming the file."""
        if path.is_dir():
            raise UserError(f"{path}: is a folder; --save takes the CSV file to write the "
                            "flicks to")
        folder = path.parent if str(path.parent) else Path(".")
        if not folder.is_dir():
            raise UserError(f"{path}: no such folder {folder}; --save takes a CSV file in an "
                            "existing folder")
        if path.exists():
            try:
                with path.open(newline="") as handle:
                    first = handle.readline().strip()
            except (OSError, UnicodeDecodeError) as error:
                raise UserError(f"{path}: cannot read it: {error}") from None
            older = {",".join(header): lack for header, lack in OLD_HEADERS.items()}
            if first in older:
                raise UserError(f"{path}: is a practice record of an earlier version "
                                f"({older[first]}): its rows would not line up with new ones; "
                                "choose another file")
            if first and first != ",".join(CSV_HEADER):
                raise UserError(f"{path}: is not a practice record (a CSV file starting "
                                f"{','.join(CSV_HEADER)}); choose another file")
            if not os.access(path, os.W_OK):
                raise UserError(f"{path}: cannot write to it (read-only)")
        elif not os.access(folder, os.W_OK):
            raise UserError(f"{path}: cannot write in the folder {folder} (read-only)")

    def summary(self) -> str:
        """"12 flicks under a card: 7 flipped (58 %)" (flicks with no card on the blade are
        counted apart)."""
        aimed = [f for f in self.flicks if f.angle_deg is not None]
        missed = len(self.flicks) - len(aimed)
        if not self.flicks:
            return "No flicks yet."
        flipped = sum(1 for f in aimed if f.flipped)
        text = f"{len(aimed)} flick{'s' if len(aimed) != 1 else ''} under a card"
        if aimed:
            text += f": {flipped} flipped ({100 * flipped // len(aimed)} %)"
        if missed:
            text += f"; {missed} with no card on the blade"
        return text
