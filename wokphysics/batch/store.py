"""Where a study's results go while it runs, and the folder it leaves.

Finished tasks are appended to ``records.jsonl`` (one JSON line per task, in the order they
finish) and flushed as they arrive, so the driver holds no more than the tasks in flight, an
interrupted study keeps everything that finished, and ``--resume`` reads which tasks are
done. When the study ends, the lines are sorted by task into ``tasks.csv`` (one row per task
for people and spreadsheets); ``summary.json`` is computed from those sorted records, so it is
the same whatever order the workers finished in.

Why CSV and not Parquet: a study's tasks are flat rows (a 100,000-game We Will Wok You
study's ``tasks.csv`` is 18.6 MB, its ``records.jsonl`` 110 MB: docs/scaling.md), which CSV
stores exactly (floats are written with ``repr`` and read back bit for bit) and every
spreadsheet opens. A Parquet file
can only be read once its footer is written, so a study killed half-way would lose what it
had streamed unless written as many part files; and pyarrow, the writer, is a ~40 MB wheel
that the program would carry only for this file.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from wokphysics.batch.columns import Columns
from wokphysics.batch.tasks import Outcome, Study, versions
from wokphysics.batch.values import Scalar
from wokphysics.errors import UserError

MANIFEST = "study.json"
LOG = "records.jsonl"
TASKS_CSV = "tasks.csv"
SUMMARY = "summary.json"
REPORT = "report.html"
RUNS = "runs.jsonl"

FORMAT = "wokphysics-study"
VERSION = 1


def encode(outcome: Outcome) -> str:
    """One outcome as its log line (no newline)."""
    return json.dumps(outcome.row(), separators=(",", ":"))


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


class RecordLog:
    """The lines of finished tasks: in a folder's ``records.jsonl``, or in memory."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self._memory: list[str] = []
        self._handle: IO[str] | None = None

    def append(self, outcomes: Iterable[Outcome]) -> None:
        """Add finished tasks (written through to the disk at once)."""
        lines = [encode(outcome) for outcome in outcomes]
        if self.path is None:
            self._memory.extend(lines)
            return
        if self._handle is None:
            cut_short = False
            if self.path.exists() and self.path.stat().st_size:
                with self.path.open("rb") as handle:
                    handle.seek(-1, 2)
                    cut_short = handle.read(1) != b"\n"
            self._handle = self.path.open("a", encoding="utf-8")
            if cut_short:  # a line cut short when the study was killed: end it, skip it
                self._handle.write("\n")
        self._handle.write("".join(line + "\n" for line in lines))
        self._handle.flush()

    def close(self) -> None:
        """Close the file; what a failed write left in its buffer is dropped (the lines on
        the disk end where they end: a line cut short is skipped by the next reader)."""
        if self._handle is not None:
            handle, self._handle = self._handle, None
            try:
                handle.close()
            except OSError:
                pass

    def _lines(self) -> Iterator[str]:
        if self.path is None:
            yield from self._memory
            return
        if not self.path.exists():
            return
        with self.path.open(encoding="utf-8") as handle:
            yield from handle

    def latest(self) -> dict[int, str]:
        """Each task's last line, by task index. A line cut short (the study was killed while
        writing it) is left out: that task is simply not done."""
        return self.scan()[0]

    def scan(self) -> tuple[dict[int, str], set[int]]:
        """``latest()`` and the tasks among them that have a record (a task that failed is
        not done: a resume runs it again)."""
        found: dict[int, str] = {}
        done: set[int] = set()
        for line in self._lines():
            text = line.strip()
            if not text:
                continue
            try:
                row = json.loads(text)
            except json.JSONDecodeError:
                continue
            if isinstance(row, dict) and isinstance(row.get("task"), int):
                index = row["task"]
                found[index] = text
                if "error" in row:
                    done.discard(index)
                else:
                    done.add(index)
        return found, done


def sorted_rows(latest: dict[int, str]) -> Iterator[dict[str, Scalar]]:
    """The rows of ``latest`` in task order."""
    for index in sorted(latest):
        row: dict[str, Scalar] = json.loads(latest[index])
        yield row


def split_rows(latest: dict[int, str]) -> tuple[Columns, list[dict[str, Scalar]]]:
    """Records of the tasks that succeeded (as columns, task order) and rows of those that
    failed (task, seed, parameters, error)."""
    good = Columns()
    failed: list[dict[str, Scalar]] = []
    for row in sorted_rows(latest):
        if "error" in row:
            failed.append(row)
        else:
            good.append(row)
    return good, failed


def write_tasks_csv(path: Path, latest: dict[int, str]) -> None:
    """Every task's row, in task order (a failed task has its ``error`` and no record)."""
    names: dict[str, None] = {}
    for row in sorted_rows(latest):
        names.update(dict.fromkeys(row))
    if "error" in names:  # the error column last, where it reads best
        del names["error"]
        names["error"] = None
    with atomic(path) as partial, partial.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(names)
        for row in sorted_rows(latest):
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
    return RecordLog(folder / LOG)


@contextmanager
def claimed(folder: Path) -> Iterator[None]:
    """Hold ``folder``'s study for this process (an exclusive ``flock`` on its ``study.json``)
    while it runs: a second ``--resume`` of a study still running (from another terminal,
    say) is refused in one line instead of playing every missing task a second time into the
    same ``records.jsonl``."""
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
