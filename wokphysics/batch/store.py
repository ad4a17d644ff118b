"""Where a study's results go while it runs, and the folder it leaves.

Finished tasks are appended to ``records.jsonl.gz`` (gzip members of JSON lines, in the order
they finish: :mod:`wokphysics.batch.stream`) as they arrive, so the driver holds no more than
the tasks in flight and the last 5 seconds' records, an interrupted study keeps everything that
was written, and ``--resume`` reads which tasks are done (a :class:`Ledger` of a few bytes a
task). When the study ends, the records are sorted by task into ``tasks.csv`` through an
external merge (runs of :data:`RUN_ROWS` records sorted into scratch files, then merged), and
``summary.json`` is computed from the same sorted records, so it is the same whatever order
the workers finished in; the driver holds the succeeded records only as compact columns
(:class:`~wokphysics.batch.columns.Columns`), which the studies' summaries and plots read.

A folder of a study started before the compressed stream keeps its ``records.jsonl``: a resume
reads it first and appends to the new stream, and writes the same files (tests/batch).

Why CSV and not Parquet for ``tasks.csv``: a study's tasks are flat rows, which CSV stores
exactly (floats are written with ``repr`` and read back bit for bit) and every spreadsheet
opens; pyarrow, the Parquet writer, is a ~40 MB wheel that the program would carry only for
this file (the stream's reasons: :mod:`wokphysics.batch.stream`).
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import heapq
import json
import math
import os
import shutil
import sys
import tempfile
import time
from array import array
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from wokphysics.batch.columns import Columns
from wokphysics.batch.stream import STREAM, Member, folder_rows, whole_length
from wokphysics.batch.tasks import Outcome, Study, versions
from wokphysics.batch.values import Scalar
from wokphysics.errors import UserError

MANIFEST = "study.json"
LOG = STREAM
TASKS_CSV = "tasks.csv"
SUMMARY = "summary.json"
REPORT = "report.html"
RUNS = "runs.jsonl"

FORMAT = "wokphysics-study"
VERSION = 1


def encode(row: dict[str, Scalar], values_only: bool = False) -> str:
    """A row as compact JSON (no newline): the mapping, or its values only."""
    return json.dumps(list(row.values()) if values_only else row, separators=(",", ":"))


def fingerprint(study: Study) -> str:
    """A hash of everything that decides the study's records but its code: name, seed (and
    ``seed_every``) and every task's parameters. A folder resumed with other tasks is refused."""
    digest = hashlib.sha256()
    digest.update(json.dumps([study.name, study.seed, len(study)]).encode())
    if study.seed_every:  # (studies without repeating seeds keep their old fingerprints)
        digest.update(json.dumps({"seed_every": study.seed_every}).encode())
    for params in study.params:
        digest.update(json.dumps(params, sort_keys=True, separators=(",", ":")).encode())
    return digest.hexdigest()


class Ledger:
    """Which tasks a log holds, read in one pass over it: for each task, whether its last
    record is a success, a failure or missing, and where that last record is in the log
    (its sequence number), in a few bytes a task rather than the records themselves."""

    NONE, FAILED, DONE = 0, 1, 2

    def __init__(self, tasks: int) -> None:
        self.state = bytearray(tasks)
        self.last = array("q", [-1]) * tasks

    def note(self, sequence: int, row: dict[str, Scalar]) -> None:
        task = row.get("task")
        if isinstance(task, int) and 0 <= task < len(self.state):
            self.last[task] = sequence
            self.state[task] = self.FAILED if "error" in row else self.DONE

    def last_task(self, sequence: int, row: dict[str, Scalar]) -> int | None:
        """The task number of ``row`` (the log's ``sequence``-th) when it is its task's last
        record, else None (an earlier record of the task, or no task number in range)."""
        task = row.get("task")
        if isinstance(task, int) and 0 <= task < len(self.state) and (
                self.last[task] == sequence):
            return task
        return None

    @property
    def finished(self) -> int:
        """Tasks with a record (failed ones included)."""
        return len(self.state) - self.state.count(self.NONE)

    def todo(self) -> array[int]:
        """The tasks without a successful record: those a resume runs (8 bytes a task)."""
        done = self.DONE
        return array("q", (index for index, state in enumerate(self.state) if state != done))


RUN_ROWS = 20_000
"""Records sorted in memory at a time when the final files are written: the log is read in
runs of this many, each sorted by task into a scratch file, and the files merged (an
external merge sort), so the driver never holds a whole study's records."""

MAX_RUNS = 256
"""At most this many scratch files (a bigger study sorts longer runs): as many are open at
once while they are merged."""

SCRATCH = ".sorting-"
"""Prefix of the scratch folder in the study folder while the final files are written."""


class RecordLog:
    """The records of finished tasks, in the order they finished: in a folder's compressed
    stream (:mod:`wokphysics.batch.stream`), or in memory.

    ``append`` writes what finished at once the first time, then gathers it and writes it as
    one gzip member every ``flush_s`` seconds (or ``flush_rows`` records), so records are
    compressed many together rather than task by task (a member of one or two Wok on Fire
    games, as a member a second gave, took more bytes than their rows of ``tasks.csv``);
    ``flush`` and ``close`` (Ctrl-C) write the rest. A study killed (``kill -9``) loses at
    most the last ``flush_s`` seconds' records, which a resume runs again; nothing written
    whole is lost, and a member cut short is dropped."""

    flush_s = 5.0
    flush_rows = 2000

    def __init__(self, folder: Path | None = None, tasks: int = 0) -> None:
        self.folder = folder
        self.path = None if folder is None else folder / STREAM
        self.tasks = tasks
        self._memory: list[dict[str, Scalar]] = []
        self._buffer = Member()
        self._handle: IO[bytes] | None = None
        self._flushed_at = -math.inf

    def append(self, outcomes: Iterable[Outcome]) -> None:
        """Add finished tasks (written to the disk within ``flush_s`` seconds, or by
        ``flush``)."""
        if self.path is None:
            self._memory.extend(outcome.row() for outcome in outcomes)
            return
        for outcome in outcomes:
            self._buffer.add(outcome.row())
        if (self._buffer.rows >= self.flush_rows
                or time.monotonic() - self._flushed_at >= self.flush_s):
            self.flush()

    def flush(self) -> None:
        """Write what ``append`` gathered, as one whole gzip member (an OSError, a full disk
        say, drops it: those tasks are not done and a resume runs them)."""
        if not self._buffer.rows or self.path is None:
            return
        member, self._buffer = self._buffer, Member()
        if self._handle is None:
            whole = whole_length(self.path)
            self._handle = self.path.open("ab")
            if self._handle.tell() > whole:  # a member cut short by a kill: drop it
                self._handle.truncate(whole)
                self._handle.seek(whole)
        self._handle.write(member.compressed())
        self._handle.flush()
        self._flushed_at = time.monotonic()

    def close(self) -> None:
        """Write what is gathered and close the file; a write that fails here is dropped
        (the caller counts what the disk holds: :meth:`scan`)."""
        try:
            self.flush()
        except OSError:
            self._buffer = Member()
        if self._handle is not None:
            handle, self._handle = self._handle, None
            try:
                handle.close()
            except OSError:
                pass

    def rows(self) -> Iterator[dict[str, Scalar]]:
        """Every record, in the order written (a task's last one is the one that counts)."""
        if self.folder is None:
            yield from self._memory
        else:
            yield from folder_rows(self.folder)

    def scan(self) -> Ledger:
        """Which tasks are done, failed or missing (one pass over the log)."""
        ledger = Ledger(self.tasks)
        for sequence, row in enumerate(self.rows()):
            ledger.note(sequence, row)
        return ledger

    @contextmanager
    def ordered(
        self, ledger: Ledger, run_rows: int | None = None,
    ) -> Iterator[tuple[list[str], Iterator[dict[str, Scalar]]]]:
        """Each task's last record in task order, and the columns of ``tasks.csv`` (in the
        order they first appear in task order, ``error`` last), holding at most
        ``run_rows`` records (:data:`RUN_ROWS`; more in a study of over ``MAX_RUNS`` runs):
        an external merge sort through a scratch folder in the study folder, removed
        afterwards (a log in memory is sorted in memory)."""
        run_rows = max(run_rows or RUN_ROWS, math.ceil(self.tasks / MAX_RUNS))
        headers: dict[tuple[str, ...], int] = {}
        first: list[int] = []  # each header's first task
        runs: list[Path] = []
        current: list[tuple[int, int, str]] = []
        scratch: Path | None = None
        if self.folder is not None:
            for stale in self.folder.glob(SCRATCH + "*"):  # left by a study killed here
                shutil.rmtree(stale, ignore_errors=True)
        try:
            for sequence, row in enumerate(self.rows()):
                task = ledger.last_task(sequence, row)
                if task is None:
                    continue
                number = headers.setdefault(tuple(row), len(headers))
                if number == len(first):
                    first.append(task)
                elif task < first[number]:
                    first[number] = task
                current.append((task, number, encode(row, values_only=True)))
                if len(current) >= run_rows and self.folder is not None:
                    if scratch is None:
                        scratch = Path(tempfile.mkdtemp(prefix=SCRATCH, dir=self.folder))
                    runs.append(_write_run(scratch / f"{len(runs)}.gz", sorted(current)))
                    current = []
            current.sort()
            names: dict[str, None] = {}
            order = sorted(headers.items(), key=lambda item: first[item[1]])
            for header, _ in order:
                names.update(dict.fromkeys(header))
            if "error" in names:  # the error column last, where it reads best
                del names["error"]
                names["error"] = None
            by_number = {number: list(header) for header, number in headers.items()}
            merged = heapq.merge(*(_read_run(path) for path in runs), iter(current))
            yield list(names), (
                dict(zip(by_number[number], json.loads(text), strict=True))
                for _, number, text in merged
            )
        finally:
            if scratch is not None:
                shutil.rmtree(scratch, ignore_errors=True)


def _write_run(path: Path, run: list[tuple[int, int, str]]) -> Path:
    """One sorted run as a scratch file: ``task<TAB>header<TAB>values`` lines, gzip level 1
    (a quarter of the bytes, and quick)."""
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=1) as handle:
        handle.writelines(f"{task}\t{number}\t{text}\n" for task, number, text in run)
    return path


def _read_run(path: Path) -> Iterator[tuple[int, int, str]]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            task, number, text = line.rstrip("\n").split("\t", 2)
            yield int(task), int(number), text


def gather(
    log: RecordLog, ledger: Ledger, tasks_csv: Path | None, run_rows: int | None = None,
) -> tuple[Columns, list[dict[str, Scalar]]]:
    """Each task's last record in task order: the records of the tasks that succeeded (as
    columns) and the rows of those that failed (task, seed, parameters, error); with
    ``tasks_csv``, every row written there as it goes by (whole or not at all)."""
    good = Columns()
    failed: list[dict[str, Scalar]] = []
    with log.ordered(ledger, run_rows) as (names, rows):

        def keep(row: dict[str, Scalar]) -> dict[str, Scalar]:
            if "error" in row:
                failed.append(row)
            else:
                good.append(row)
            return row

        if tasks_csv is None:
            for row in rows:
                keep(row)
        else:
            write_tasks_csv(tasks_csv, names, (keep(row) for row in rows))
    return good, failed


def write_tasks_csv(path: Path, names: Sequence[str], rows: Iterable[dict[str, Scalar]]) -> None:
    """Every task's row, in task order (a failed task has its ``error`` and no record),
    streamed to the file as the rows come."""
    with atomic(path) as partial, partial.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(names)
        for row in rows:
            writer.writerow(_cell(row.get(name)) for name in names)


def _cell(value: Scalar) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value)
    return str(value)


def write_json(path: Path, data: Any) -> None:
    """JSON with sorted keys and a final newline (the same data gives the same bytes),
    written whole or not at all (:func:`atomic`)."""
    text = json.dumps(data, indent=2, sort_keys=True, allow_nan=False) + "\n"
    with atomic(path) as partial:
        partial.write_text(text, encoding="utf-8")


@contextmanager
def atomic(path: Path) -> Iterator[Path]:
    """A file written whole or not at all: the block writes the path it is given (beside
    ``path``), which then replaces ``path``; if the block fails (a full disk), the partial
    file is removed and ``path`` is as it was. So a study stopped while writing its files
    leaves none half-written, and ``--resume`` writes them all again."""
    partial = path.with_name(f".{path.name}.part")
    try:
        yield partial
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def manifest(study: Study) -> dict[str, Any]:
    """What ``study.json`` says: the study, how to build it again, and its fingerprint."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": study.name,
        "title": study.title,
        "seed": study.seed,
        "tasks": len(study),
        "definition": dict(study.definition),
        "fingerprint": fingerprint(study),
        # what decides the arithmetic: a resume with other versions is refused (a study.json
        # written before versions were kept resumes unchecked)
        "versions": versions(),
    }


def read_manifest(folder: Path) -> dict[str, Any]:
    """A study folder's ``study.json``, or a UserError saying what is wrong with it."""
    path = folder / MANIFEST
    if folder.exists() and not folder.is_dir():
        raise UserError(f"{folder}: is a file, not a study folder (give --resume the folder "
                        "--out wrote)")
    if not folder.is_dir():
        raise UserError(f"{folder}: no such study folder")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UserError(f"{folder}: not a study folder (no {MANIFEST})") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise UserError(f"{path}: not a readable study file: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UserError(f"{path}: not a wokphysics study file")
    if data.get("version") != VERSION:
        raise UserError(f"{path}: study file version {data.get('version')!r}; expected {VERSION}")
    for key, kind in (("name", str), ("seed", int), ("tasks", int), ("definition", dict)):
        if not isinstance(data.get(key), kind):
            raise UserError(f"{path}: '{key}' is missing or not a {kind.__name__}")
    return data


def open_folder(folder: Path, study: Study, resume: bool) -> RecordLog:
    """Prepare ``folder`` for ``study`` and return its log.

    A new study needs an empty or new folder (results are never overwritten); a resumed one
    needs the folder of the same study (the same fingerprint).
    """
    wanted = manifest(study)
    if resume:
        found = read_manifest(folder)
        if found.get("fingerprint") != wanted["fingerprint"]:
            raise UserError(
                f"{folder}: holds another study ({found['name']}, seed {found['seed']}, "
                f"{found['tasks']} tasks); it cannot be resumed as this one"
            )
        ran_with = found.get("versions")
        if isinstance(ran_with, dict) and ran_with != wanted["versions"]:
            differ = ", ".join(
                f"{name} {ran_with.get(name, 'none')} (here {version})"
                for name, version in wanted["versions"].items()
                if ran_with.get(name) != version
            )
            raise UserError(
                f"{folder}: the study ran with {differ}; its results are the same only with "
                "the same versions, so resume it with those (or start a new study with --out)"
            )
    else:
        if folder.exists() and not folder.is_dir():
            raise UserError(f"{folder}: is a file; --out needs a new or empty folder")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UserError(f"{folder}: cannot create the folder: {error.strerror}") from None
        if any(folder.iterdir()):
            raise UserError(
                f"{folder}: the folder is not empty; choose a new one, or --resume {folder} "
                "to finish the study there"
            )
        write_json(folder / MANIFEST, wanted)
    return RecordLog(folder, len(study))


@contextmanager
def claimed(folder: Path) -> Iterator[None]:
    """Hold ``folder``'s study for this process (an exclusive ``flock`` on its ``study.json``)
    while it runs: a second ``--resume`` of a study still running (from another terminal,
    say) is refused in one line instead of playing every missing task a second time into the
    same record stream."""
    try:
        handle = (folder / MANIFEST).open("rb")
    except OSError:  # nothing to hold: open_folder has said what is wrong with the folder
        yield
        return
    with handle:
        if sys.platform != "win32":  # pragma: no branch - the CI runs on Linux
            import fcntl

            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise UserError(
                    f"{folder}: another wokphysics is running this study now; let it finish "
                    f"(or stop it) and `--resume {folder}` if it did not"
                ) from None
        yield


def append_run(folder: Path, run: dict[str, Any]) -> None:
    """Note one session's run (workers, wall time) in ``runs.jsonl``; not part of the
    results, which are the same however they were computed."""
    with (folder / RUNS).open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(run, sort_keys=True) + "\n")


def read_runs(folder: Path) -> Sequence[dict[str, Any]]:
    path = folder / RUNS
    if not path.exists():
        return []
    runs = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            runs.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return runs
