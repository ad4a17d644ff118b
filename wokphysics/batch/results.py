"""What a study gave (:class:`Results`), as :func:`~wokphysics.batch.runner.run_study` returns
it and the report (:mod:`.report`) shows it: a leaf of the runner, so the runner may write the
report without an import cycle."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wokphysics.batch.columns import Columns
from wokphysics.batch.tasks import Study
from wokphysics.batch.values import Scalar


@dataclass
class Results:
    """What a study gave.

    Attributes:
        columns: the records of the tasks that succeeded, in task order.
        failures: the rows of tasks that failed: task, seed, parameters and error.
        summary: what ``summary.json`` holds (also without an ``out_dir``).
        interrupted: stopped by Ctrl-C; what finished is kept (in ``out_dir``'s log).
        ran: tasks run in this session (a resumed study skips those done before).
        seconds: wall seconds of this session's tasks (cluster start-up included).
        where: where the tasks ran, e.g. "a local cluster of 2 worker processes".
        files: the files written into ``out_dir``.
    """

    study: Study
    out_dir: Path | None
    columns: Columns
    failures: list[dict[str, Scalar]]
    summary: dict[str, Any]
    interrupted: bool
    ran: int
    seconds: float
    where: str
    files: list[Path] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """Every task of the study has its record."""
        return not self.interrupted and len(self.columns) == len(self.study)
