"""What a study is: a list of pure, seeded tasks and the function that runs one.

A task is one game or one flick trial. It is *pure*: its record depends only on the task (its
index, its seed and its parameters) and the study's shared context, never on the process,
the worker or the order tasks run in. That is what makes a study's results bit-identical for
any number of workers, on a cluster or in this process.

Nothing here imports Dask: a task function is plain Python, testable on its own.
"""

from __future__ import annotations

import os
import platform
import socket
import time
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

from wokphysics.batch.values import Record, Scalar
from wokphysics.games.seeds import task_seed

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from wokphysics.batch.columns import Columns

MAX_ERROR = 300
"""Characters of an error message kept in a failed task's row."""

RESERVED = ("task", "seed", "error")
"""Columns the runner writes itself: the task's index, its seed, and the error of a task that
failed. Parameters and records may not use these names."""


@dataclass(frozen=True)
class Task:
    """One unit of work.

    Attributes:
        index: the task's place in the study, 0-based.
        seed: ``task_seed(study seed, index)``; the only source of chance for the task.
        params: what varies between tasks (players, a config variant, a flick speed...), as
            flat column values; they are written beside the task's record.
    """

    index: int
    seed: int
    params: Mapping[str, Scalar]


TaskFn = Callable[[Task, Any], Record]
"""``task_fn(task, context) -> record``: run one task. Must be a module-level function (it is
sent to the workers by reference, so they import it) and pure (see the module docstring)."""


@dataclass(frozen=True)
class Plot:
    """One figure of a study: saved as ``<name>.png`` and shown in the report with its title
    and a one-sentence note on how to read it."""

    name: str
    title: str
    figure: Figure
    note: str = ""
    percent: bool = False
    """Its figures are rates, drawn in percent: the report's table gives them in percent too."""
    table: tuple[tuple[str, ...], tuple[tuple[str, ...], ...]] | None = None
    """(header, rows): the numbers the figure draws, as text, shown under it in the report
    (None: the report tabulates the summary's estimates of the chart's name, where it has
    any)."""


Summarise = Callable[["Columns"], dict[str, Any]]
"""``summarise(columns) -> JSON data``: the study's figures of merit from its records (in
task order, failed tasks left out). Must be deterministic: it goes into ``summary.json``."""

PlotFn = Callable[["Columns", dict[str, Any]], list[Plot]]
"""``plots(columns, summary) -> figures``: the study's matplotlib figures."""


@dataclass(frozen=True)
class Study:
    """A batch job: ``len(params)`` tasks run by ``task_fn`` with the shared ``context``.

    Attributes:
        name: what the study is, e.g. ``"wok-on-fire"`` or ``"flips"`` (labels, file names).
        seed: the study's seed; task ``i`` gets ``task_seed(seed, i)``.
        params: one mapping per task (any ``Sequence``; a lazy one keeps a huge study small).
        task_fn: runs one task (see :data:`TaskFn`).
        context: read-only data every task shares (a config object, bot names...), sent once
            to each worker. Must pickle.
        definition: plain JSON data saved in ``study.json`` saying how to build this study
            again (``--resume`` rebuilds it from there) and shown in the report.
        summarise: the study's summary (``summary.json``), or None for counts only.
        plots: the study's figures, or None for none.
        title: the report's heading.
        seed_every: 0, or the length of the study's repeating blocks: task ``i`` then gets
            the seed of task ``i % seed_every``, so every block (a sweep's config variant, a
            player count) plays the same games and the blocks differ only in what is varied.
        text: the study's own text table from its summary (what the command prints), shown
            at the top of ``report.html``; None for none.
    """

    name: str
    seed: int
    params: Sequence[Mapping[str, Scalar]]
    task_fn: TaskFn
    context: Any = None
    definition: Mapping[str, Any] = field(default_factory=dict)
    summarise: Summarise | None = None
    plots: PlotFn | None = None
    title: str = ""
    seed_every: int = 0
    text: Callable[[dict[str, Any]], str] | None = None

    def __len__(self) -> int:
        return len(self.params)

    def task(self, index: int) -> Task:
        """Task ``index`` with its derived seed (see ``seed_every``)."""
        block_index = index % self.seed_every if self.seed_every > 0 else index
        return Task(index, task_seed(self.seed, block_index), self.params[index])


class SameParams(Sequence[Mapping[str, Scalar]]):
    """``count`` tasks with the same parameters, without a list of ``count`` mappings."""

    def __init__(self, params: Mapping[str, Scalar], count: int) -> None:
        self._params = dict(params)
        self._count = count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Mapping[str, Scalar]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Mapping[str, Scalar]]: ...

    def __getitem__(
        self, index: int | slice
    ) -> Mapping[str, Scalar] | Sequence[Mapping[str, Scalar]]:
        if isinstance(index, slice):
            return [self._params] * len(range(*index.indices(self._count)))
        if not -self._count <= index < self._count:
            raise IndexError(index)
        return self._params

    def __iter__(self) -> Iterator[Mapping[str, Scalar]]:
        return (self._params for _ in range(self._count))


@dataclass(frozen=True)
class Outcome:
    """What became of one task: its record, or the error of its second try."""

    task: Task
    record: Record | None
    error: str | None = None

    def row(self) -> dict[str, Scalar]:
        """The task's row: index, seed, parameters, then the record (or the error)."""
        row: dict[str, Scalar] = {"task": self.task.index, "seed": self.task.seed}
        row.update(self.task.params)
        if self.record is not None:
            row.update(self.record)
        else:
            row["error"] = self.error
        return row


@dataclass(frozen=True)
class ChunkResult:
    """The outcomes of a few tasks run together, the seconds they took on the worker, the
    worker's :func:`versions` and where it ran."""

    outcomes: list[Outcome]
    seconds: float
    versions: dict[str, str] = field(default_factory=dict)
    where: str = ""


TRANSIENT = (OSError, MemoryError)
"""Errors that may be the machine's rather than the task's (a full scratch disk, a file
another process held, memory short for a moment): such a task is tried once more. Any other
error of a pure task is its own and would come again, so it is reported at once."""


def run_task(task_fn: TaskFn, task: Task, context: Any) -> Outcome:
    """Run one task and report it with its record or its error (never lost). A task is pure,
    so an error of its own (a ValueError, a bad record...) would come again: it is reported
    at once; one of :data:`TRANSIENT` is tried once more first."""
    error = ""
    for _ in range(2):
        try:
            record = _checked(task_fn(task, context), task)
        except TRANSIENT as problem:  # maybe the machine's: once more
            error = _describe(problem)
            continue
        except Exception as problem:  # the task's own: the same again on a retry
            return Outcome(task, None, _describe(problem))
        return Outcome(task, record)
    return Outcome(task, None, error)


@cache
def versions() -> dict[str, str]:
    """What decides a task's arithmetic besides its code's inputs: the versions of
    wokphysics, Python, numpy and pymunk in this process (a study's results are bit-identical
    only among equal ones; docs/scaling.md). Saved in ``study.json`` and compared with every
    worker's."""
    from importlib import metadata

    import wokphysics

    found = {"wokphysics": wokphysics.__version__, "python": platform.python_version()}
    for name in ("numpy", "pymunk"):
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = "none"
    return found


def run_chunk(task_fn: TaskFn, context: Any, tasks: list[Task]) -> ChunkResult:
    """Run ``tasks`` one after another (the unit the scheduler hands a worker)."""
    start = time.perf_counter()
    outcomes = [run_task(task_fn, task, context) for task in tasks]
    return ChunkResult(outcomes, time.perf_counter() - start, versions(),
                       f"{socket.gethostname()} (process {os.getpid()})")


def _checked(record: Record, task: Task) -> dict[str, Scalar]:
    """The record as plain scalars (bools as 0/1), or a TypeError saying what is wrong."""
    if not isinstance(record, Mapping):
        raise TypeError(f"a task must return a mapping of columns, not {type(record).__name__}")
    checked: dict[str, Scalar] = {}
    for key, value in record.items():
        if not isinstance(key, str):
            raise TypeError(f"column names are strings, not {key!r}")
        if key in RESERVED or key in task.params:
            raise TypeError(f"column {key!r} is already the task's {key}")
        if isinstance(value, bool):
            value = int(value)
        elif value is not None and not isinstance(value, str) and hasattr(value, "item"):
            value = value.item()  # a numpy scalar: its plain Python value
        if value is not None and not isinstance(value, int | float | str):
            raise TypeError(f"column {key!r}: {type(value).__name__} is not a number or text")
        checked[key] = value
    return checked


def _describe(problem: BaseException) -> str:
    """``Type: message (file:line)`` of where the error was raised."""
    where = ""
    frames = traceback.extract_tb(problem.__traceback__)
    if frames:
        last = frames[-1]
        where = f" ({Path(last.filename).name}:{last.lineno})"
    message = str(problem).strip().splitlines()
    text = message[0] if message else ""
    if len(text) > MAX_ERROR:
        text = text[: MAX_ERROR - 3] + "..."
    return f"{type(problem).__name__}: {text}{where}"
