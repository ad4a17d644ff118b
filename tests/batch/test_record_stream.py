"""The compressed record stream and the streamed final files (issue 25 part 6): a torn gzip
tail is dropped and cut off, a resume after a kill loses and repeats no task, tasks.csv from
the external merge equals the one written from every record in memory, byte for byte, the
compact columns read back what was put in, and a folder of the old ``records.jsonl`` still
resumes to the same files."""

from __future__ import annotations

import csv
import gzip
import io
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from stream_helpers import records

from wokphysics.batch import ClusterOptions, RunOptions, SameParams, Study, Task, run_study
from wokphysics.batch.columns import Columns
from wokphysics.batch.store import SCRATCH, Ledger, RecordLog, gather
from wokphysics.batch.stream import (
    LEGACY,
    STREAM,
    encode_member,
    members,
    stream_rows,
    whole_length,
)
from wokphysics.batch.tasks import Outcome
from wokphysics.cli import main

IN_PROCESS = RunOptions(ClusterOptions(in_process=True), progress=False)


def varied_trial(task: Task, context: Any) -> dict[str, Any]:
    """Records whose columns differ by task (a column only odd tasks have, text, floats,
    big numbers, a missing value), as games of several player counts do."""
    rng = np.random.default_rng(task.seed)
    record: dict[str, Any] = {"value": float(rng.normal()), "dice": int(rng.integers(6)),
                              "label": f"cook {task.seed % 3}", "big": task.seed * 10**12}
    if task.index % 2:
        record["odd_only"] = int(rng.integers(1000))
    if task.index % 7 == 0:
        record["maybe"] = None
    return record


def _study(tasks: int = 60) -> Study:
    return Study("varied", 11, SameParams({"kind": "a"}, tasks), varied_trial)


def _rows(tasks: int) -> list[dict[str, Any]]:
    study = _study(tasks)
    return [Outcome(study.task(i), varied_trial(study.task(i), None)).row()
            for i in range(tasks)]


def test_members_round_trip_and_a_torn_or_damaged_tail_is_left_out(tmp_path: Path) -> None:
    rows = _rows(10)
    whole = encode_member(rows[:6]) + encode_member(rows[6:8])
    torn = encode_member(rows[8:])
    path = tmp_path / STREAM
    for tail in (b"", torn[:-1], torn[: len(torn) // 2], torn[:5], b"\x00" * 40, b"garbage"):
        path.write_bytes(whole + tail)
        assert list(stream_rows(path)) == rows[:8]
        assert whole_length(path) == len(whole)
        assert [end for end, _ in members(path)] == [len(encode_member(rows[:6])), len(whole)]
    path.write_bytes(whole + torn)
    assert list(stream_rows(path)) == rows
    # any gzip tool reads the stream as one file: a columns line, then arrays of values
    lines = gzip.decompress(path.read_bytes()).decode().splitlines()
    assert json.loads(lines[0]) == {"columns": list(rows[0])}
    assert json.loads(lines[1]) == list(rows[0].values())


def test_appending_after_a_torn_member_cuts_it_off_and_loses_no_whole_one(tmp_path: Path) -> None:
    rows = _rows(12)
    study = _study(12)
    path = tmp_path / STREAM
    torn = encode_member(rows[5:9])
    path.write_bytes(encode_member(rows[:5]) + torn[: len(torn) - 3])
    log = RecordLog(tmp_path, 12)
    assert list(log.scan().todo()) == list(range(5, 12))
    log.append(Outcome(study.task(i), varied_trial(study.task(i), None)) for i in range(5, 12))
    log.close()
    assert records(tmp_path) == rows  # each task once, in order: the torn bytes are gone
    assert whole_length(path) == path.stat().st_size


@pytest.mark.slow
def test_a_study_killed_with_sigkill_resumes_without_losing_or_repeating_a_game(
    tmp_path: Path,
) -> None:
    # The stream's first write is the first record, the next one 5 s later or after
    # RecordLog.flush_rows records, whichever comes first. With three times that many games
    # the kill comes after the second write whatever the machine's speed, with about two
    # thirds of the study still to run (random bots: about 1 ms a game). The study killed
    # writes every 500 records rather than 2,000 (the same code, a smaller batch): a quarter
    # of the games to play three times (whole, killed, resumed), and still about a second's
    # games (more under coverage) left to run when the test sees the second write.
    flush_rows = 500
    games = 3 * flush_rows
    argv = ["simulate", "we-will-wok-you", "--games", str(games), "--bots", "random,random",
            "--no-progress", "--no-cluster"]
    whole, killed = tmp_path / "whole", tmp_path / "killed"
    assert main([*argv, "--out", str(whole)]) == 0
    # the CLI as `python -m wokphysics.cli` runs it, with the smaller batch
    cli = ("import sys; from wokphysics.batch.store import RecordLog; "
           f"RecordLog.flush_rows = {flush_rows}; from wokphysics.cli import main; "
           "sys.exit(main(sys.argv[1:]))")
    process = subprocess.Popen([sys.executable, "-c", cli, *argv, "--out", str(killed)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while len(records(killed)) < 2 and time.monotonic() < deadline:
            time.sleep(0.005)
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    assert process.returncode == -signal.SIGKILL
    kept = records(killed)
    assert 2 <= len(kept) < games, "the study finished before the kill: nothing to test"
    assert [row["task"] for row in kept] == list(range(len(kept)))  # in process: in order
    # as if the kill had come in the middle of a member, too
    with (killed / STREAM).open("ab") as stream:
        stream.write(encode_member(records(whole)[len(kept):len(kept) + 3])[:30])
    result = subprocess.run([sys.executable, "-m", "wokphysics.cli", "simulate",
                             "we-will-wok-you", "--resume", str(killed), "--no-progress"],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert f"{games - len(kept)} games ran" in result.stdout
    assert sorted(row["task"] for row in records(killed)) == list(range(games))
    for name in ("tasks.csv", "summary.json", "report.html", "win_rate_by_seat.png"):
        assert (killed / name).read_bytes() == (whole / name).read_bytes(), name


def _csv_from_memory(rows: list[dict[str, Any]]) -> str:
    """tasks.csv as the runner wrote it before the external merge: every task's last record
    in a dict, sorted, the columns in the order they first appear, ``error`` last."""
    latest = {row["task"]: row for row in rows}
    ordered = [latest[task] for task in sorted(latest)]
    names: dict[str, None] = {}
    for row in ordered:
        names.update(dict.fromkeys(row))
    if "error" in names:
        del names["error"]
        names["error"] = None
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(names)
    for row in ordered:
        writer.writerow("" if row.get(name) is None else repr(row[name])
                        if isinstance(row[name], float) else str(row[name]) for name in names)
    return out.getvalue()


@pytest.mark.parametrize("run_rows", [1, 7, 10**6])
def test_the_merged_tasks_csv_is_the_one_written_from_memory_byte_for_byte(
    tmp_path: Path, run_rows: int,
) -> None:
    # Records as a cluster leaves them: out of task order, and some tasks failed before a
    # later session's record (the last one counts).
    rows = _rows(50)
    shuffled = rows[:]
    random.Random(3).shuffle(shuffled)
    failed = [{"task": row["task"], "seed": row["seed"], "kind": "a", "error": "OSError: x"}
              for row in shuffled[:6]]
    written = failed[:3] + shuffled[6:25] + failed[3:] + shuffled[:6] + shuffled[25:]
    stream = b"".join(encode_member(written[i:i + 9]) for i in range(0, len(written), 9))
    (tmp_path / STREAM).write_bytes(stream)
    log = RecordLog(tmp_path, 50)
    ledger = log.scan()
    assert ledger.finished == 50 and list(ledger.todo()) == []
    columns, failures = gather(log, ledger, tmp_path / "tasks.csv", run_rows=run_rows)
    assert (tmp_path / "tasks.csv").read_text() == _csv_from_memory(written)
    assert columns.values("task") == list(range(50)) and failures == []
    assert not list(tmp_path.glob(SCRATCH + "*"))  # the scratch runs are removed
    # a task whose last record failed is a failure, with its error in the last column
    (tmp_path / STREAM).write_bytes(stream + encode_member(failed[4:5]))
    ledger = log.scan()
    assert list(ledger.todo()) == [failed[4]["task"]]
    columns, failures = gather(log, ledger, tmp_path / "tasks.csv", run_rows=run_rows)
    assert failures == [failed[4]] and len(columns) == 49
    assert (tmp_path / "tasks.csv").read_text() == _csv_from_memory(written + failed[4:5])
    assert (tmp_path / "tasks.csv").read_text().splitlines()[0].endswith(",error")


def test_a_study_sorted_through_scratch_runs_writes_the_files_of_one_sorted_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    in_memory, merged = tmp_path / "memory", tmp_path / "merged"
    run_study(_study(), in_memory, IN_PROCESS)
    import wokphysics.batch.store as store

    monkeypatch.setattr(store, "RUN_ROWS", 4)  # 60 tasks: 15 scratch runs merged
    run_study(_study(), merged, IN_PROCESS)
    for name in ("tasks.csv", "summary.json", "report.html"):
        assert (merged / name).read_bytes() == (in_memory / name).read_bytes(), name
    # a study killed while sorting leaves its scratch folder: the next one removes it
    (merged / (SCRATCH + "killed")).mkdir()
    (merged / "tasks.csv").unlink()
    run_study(_study(), merged, RunOptions(ClusterOptions(in_process=True), progress=False,
                                           resume=True))
    assert (merged / "tasks.csv").read_bytes() == (in_memory / "tasks.csv").read_bytes()
    assert not list(merged.glob(SCRATCH + "*"))


def test_a_folder_of_the_old_records_jsonl_resumes_to_the_same_files(tmp_path: Path) -> None:
    whole, old = tmp_path / "whole", tmp_path / "old"
    run_study(_study(), whole, IN_PROCESS)
    run_study(_study(), old, IN_PROCESS)
    # the folder as the runner before the compressed stream left it, killed after 20 tasks
    # while writing the 21st line
    lines = [json.dumps(row, separators=(",", ":")) for row in records(old)]
    (old / LEGACY).write_text("\n".join(lines[:20]) + "\n" + lines[20][:15])
    (old / STREAM).unlink()
    for name in ("tasks.csv", "summary.json", "report.html"):
        (old / name).unlink(missing_ok=True)
    resumed = run_study(_study(), old, RunOptions(ClusterOptions(in_process=True),
                                                  progress=False, resume=True))
    assert resumed.ran == 40 and resumed.complete
    assert (old / LEGACY).read_text().startswith(lines[0])  # kept as it was, read first
    assert [row["task"] for row in records(old)] == list(range(20, 60))
    for name in ("tasks.csv", "summary.json"):
        assert (old / name).read_bytes() == (whole / name).read_bytes(), name


def test_the_stream_is_a_fraction_of_the_old_lines_and_of_tasks_csv(tmp_path: Path) -> None:
    folder = tmp_path / "study"
    assert main(["simulate", "we-will-wok-you", "--games", "300", "--bots", "random",
                 "--no-progress", "--no-cluster", "--out", str(folder)]) == 0
    rows = records(folder)
    old_lines = sum(len(json.dumps(row, separators=(",", ":"))) + 1 for row in rows)
    stream = (folder / STREAM).stat().st_size
    assert len(rows) == 300 and stream < old_lines / 10
    assert stream < (folder / "tasks.csv").stat().st_size / 2


SCALARS = st.one_of(
    st.none(), st.integers(-(2**80), 2**80), st.integers(-200, 200),
    st.floats(allow_nan=False), st.sampled_from(["greedy", "random", ""]),
)


@given(st.lists(st.dictionaries(st.sampled_from("abcde"), SCALARS, max_size=5), max_size=30))
def test_compact_columns_give_back_exactly_what_was_put_in(rows: list[dict[str, Any]]) -> None:
    columns = Columns(rows)
    names = list(dict.fromkeys(name for row in rows for name in row))
    assert columns.names == names and len(columns) == len(rows)
    for name in [*names, "absent"]:
        values = [row.get(name) for row in rows]
        got = columns.values(name)
        assert got == values and [type(v) for v in got] == [type(v) for v in values]
        expected = np.array([float(v) if isinstance(v, int | float) else np.nan
                             for v in values])
        np.testing.assert_array_equal(columns.numbers(name), expected.reshape(-1))
    assert list(columns.rows()) == [{name: row.get(name) for name in names} for row in rows]


def test_compact_columns_keep_small_numbers_in_a_byte_each() -> None:
    columns = Columns({"small": i % 100, "float": i / 3, "bot": "greedy"} for i in range(1000))
    sizes = {name: column.data.itemsize for name, column in columns._data.items()
             if hasattr(column.data, "itemsize")}
    assert sizes == {"small": 1, "float": 8}
    assert len({id(v) for v in columns.values("bot")}) == 1  # one string object, shared


def test_a_ledger_counts_each_task_s_last_record() -> None:
    ledger = Ledger(4)
    for sequence, row in enumerate([{"task": 1}, {"task": 2, "error": "x"}, {"task": 2},
                                    {"task": 3}, {"task": 3, "error": "y"}, {"task": 9}]):
        ledger.note(sequence, row)
    assert ledger.finished == 3 and list(ledger.todo()) == [0, 3]
    assert ledger.last_task(2, {"task": 2}) == 2 and ledger.last_task(1, {"task": 2}) is None
    assert ledger.last_task(5, {"task": 9}) is None  # a task number out of range
