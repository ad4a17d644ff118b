"""The edges of a cluster, as a user meets them: a study on any Dask cluster waits for its
workers and uses those that join; an address that is not a Dask scheduler, a scheduler lost
mid-study, a worker of other versions and a full disk each end in one line (exit status 2)
that says what to do, and a study stopped by them finishes with ``--resume`` as if it had never
stopped."""

from __future__ import annotations

import errno
import json
import socket
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import cloudpickle
import pytest
from stream_helpers import records

from wokphysics.batch import ClusterOptions, RunOptions, SameParams, Study, Task, run_study
from wokphysics.batch.cluster import DaskExecutor, VersionMismatch, check_versions
from wokphysics.batch.store import RecordLog
from wokphysics.batch.stream import STREAM
from wokphysics.batch.tasks import versions
from wokphysics.cli import main
from wokphysics.errors import UserError

cloudpickle.register_pickle_by_value(sys.modules[__name__])

IN_PROCESS = ClusterOptions(in_process=True)


def slow_trial(task: Task, context: Any) -> dict[str, Any]:
    """20 ms on a Dask worker (so a study there is still running when a test kills its
    scheduler or adds a worker); at once in this process (the same values: the in-process runs
    are the reference a cut study's resume is compared with)."""
    from distributed import get_worker

    try:
        get_worker()
    except ValueError:  # not on a worker
        pass
    else:
        time.sleep(0.02)
    return {"value": task.seed % 11}


@pytest.fixture
def http_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


@pytest.fixture
def talker() -> Iterator[str]:
    """A service that speaks first (an SSH server's greeting), then waits."""
    listener = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()

    def serve() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            connection.sendall(b"SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n" * 4)
    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"tcp://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        stop.set()
        listener.close()


def test_an_http_server_is_not_taken_for_a_scheduler(http_server: str) -> None:
    # Before: the study hung with no output (still running after 600 s).
    start = time.monotonic()
    options = RunOptions(ClusterOptions(scheduler=http_server, connect_s=2), progress=False)
    with pytest.raises(UserError, match=f"{http_server}: no Dask scheduler answered within 2 s"):
        run_study(Study("s", 1, SameParams({}, 2), slow_trial), None, options)
    assert time.monotonic() - start < 30


def test_a_service_that_talks_first_is_not_a_scheduler(talker: str) -> None:
    # Before: "Unable to allocate 2.82 EiB" (its greeting read as a frame length).
    options = RunOptions(ClusterOptions(scheduler=talker, connect_s=5), progress=False)
    with pytest.raises(UserError, match=f"{talker}: what answered is not a Dask scheduler"):
        run_study(Study("s", 1, SameParams({}, 2), slow_trial), None, options)


def test_a_worker_s_address_is_named_as_not_the_scheduler() -> None:
    from distributed import LocalCluster

    with LocalCluster(n_workers=1, processes=False, protocol="tcp",
                      dashboard_address=None) as cluster:
        [worker] = cluster.scheduler_info["workers"]
        options = RunOptions(ClusterOptions(scheduler=worker, connect_s=5), progress=False)
        with pytest.raises(UserError, match="is a Dask Worker, not the scheduler"):
            run_study(Study("s", 1, SameParams({}, 2), slow_trial), None, options)


def test_the_window_of_chunks_grows_as_workers_join() -> None:
    from distributed import Client, LocalCluster

    study = Study("grow", 1, SameParams({}, 300), slow_trial)
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                      dashboard_address=None) as cluster, \
            Client(cluster, set_as_default=False) as client:
        executor = DaskExecutor(client, "a test cluster")
        assert executor.workers == 1
        finished = 0
        for outcomes in executor.run(study, range(300)):
            if finished == 0:
                cluster.scale(2)
            finished += len(outcomes)
        assert finished == 300 and executor.workers == 2


def test_a_lost_scheduler_ends_the_study_in_one_line_and_resume_finishes_it(
    tmp_path: Path,
) -> None:
    # Before: a killed scheduler hung the driver for over 180 s with no message.
    import dask.config
    from distributed import LocalCluster

    study = Study("lost", 3, SameParams({}, 400), slow_trial)
    whole = run_study(study, tmp_path / "whole", RunOptions(IN_PROCESS, progress=False))
    folder = tmp_path / "cut"
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp",
                      dashboard_address=None) as cluster:
        options = RunOptions(ClusterOptions(scheduler=cluster.scheduler_address),
                             progress=False)

        def kill_the_scheduler_once_some_finished() -> None:
            while len(records(folder)) < 2:
                time.sleep(0.01)
            cluster.sync(cluster.scheduler.close)

        threading.Thread(target=kill_the_scheduler_once_some_finished, daemon=True).start()
        start = time.monotonic()
        with pytest.raises(UserError) as stopped:
            run_study(study, folder, options)
        assert time.monotonic() - start < 60
        # The cluster's own closing asks its dead scheduler to terminate: Dask's connect
        # timeout (30 s) would pass before the test goes on.
        with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
            cluster.close()
    message = str(stopped.value)
    assert message.startswith("lost the Dask scheduler") and "\n" not in message
    assert f"`--resume {folder}` finishes the study" in message
    assert all("error" not in row for row in records(folder))  # the lost chunks did not fail
    resumed = run_study(study, folder, RunOptions(IN_PROCESS, progress=False, resume=True))
    assert resumed.complete and resumed.summary == whole.summary
    assert (folder / "tasks.csv").read_bytes() == (tmp_path / "whole" / "tasks.csv").read_bytes()


def test_a_worker_of_other_versions_is_refused_by_name() -> None:
    theirs = {**versions(), "numpy": "1.0.0"}
    with pytest.raises(VersionMismatch, match=r"the worker tcp://10.0.0.2:4000 runs numpy "
                       r"1.0.0 \(here [0-9.]+\): install the same versions"):
        check_versions(theirs, "tcp://10.0.0.2:4000")
    check_versions(dict(versions()), "tcp://10.0.0.2:4000")  # the same: nothing said


def test_a_study_keeps_its_versions_and_refuses_to_resume_across_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "study"
    argv = ["simulate", "wok-star", "--games", "2", "--no-progress", "--no-cluster"]
    assert main([*argv, "--out", str(folder)]) == 0
    manifest = json.loads((folder / "study.json").read_text())
    assert manifest["versions"] == versions()
    assert set(manifest["versions"]) == {"wokphysics", "python", "numpy", "pymunk"}
    manifest["versions"]["pymunk"] = "6.0.0"
    (folder / "study.json").write_text(json.dumps(manifest))
    capsys.readouterr()
    assert main(["simulate", "wok-star", "--resume", str(folder), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the study ran with pymunk 6.0.0 (here" in err


class _FillingDisk:
    """The stream file on a disk that fills once ``count`` records are written: the write
    that would pass it writes half of its gzip member (as a full disk does) and fails."""

    def __init__(self, handle: Any, count: int) -> None:
        self._handle, self._count = handle, count

    def write(self, data: bytes) -> int:
        if len(records(Path(self._handle.name).parent)) >= self._count:
            self._handle.write(data[: len(data) // 2])
            self._handle.flush()
            raise OSError(errno.ENOSPC, "No space left on device")
        written: int = self._handle.write(data)
        return written

    def __getattr__(self, name: str) -> Any:
        return getattr(self._handle, name)


def _full_after(count: int) -> Any:
    """``Path.open`` whose stream files are on a disk that fills after ``count`` records."""
    open_path = Path.open

    def open_on_a_filling_disk(self: Path, *args: Any, **kwargs: Any) -> Any:
        handle = open_path(self, *args, **kwargs)
        if self.name == STREAM and args and args[0] == "ab":
            return _FillingDisk(handle, count)
        return handle

    return open_on_a_filling_disk


@pytest.mark.slow
def test_a_full_disk_ends_in_one_line_and_resume_finishes_the_same_study(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Before: a traceback, a truncated report.html and no hint to --resume.
    argv = ["simulate", "we-will-wok-you", "--games", "6", "--no-progress", "--no-cluster"]
    assert main([*argv, "--out", str(tmp_path / "whole")]) == 0
    folder = tmp_path / "full"
    with monkeypatch.context() as patched:
        patched.setattr(RecordLog, "flush_s", 0.0)  # a member a task: the disk fills after 3
        patched.setattr(Path, "open", _full_after(3))
        capsys.readouterr()
        assert main([*argv, "--out", str(folder)]) == 2
    err = capsys.readouterr().err
    assert err == (f"wokphysics: {folder}: cannot write the study's files: the disk is full; 3 "
                   f"of 6 tasks finished and are kept in {folder}: free some space and "
                   f"`--resume {folder}` finishes the study\n")
    assert {p.name for p in folder.iterdir()} == {"study.json", STREAM}
    assert [row["task"] for row in records(folder)] == [0, 1, 2]  # the torn member dropped
    # the disk fills again while the final files are written: none is left half-written
    import wokphysics.batch.report as report

    def full_while_writing(path: Path, *args: Any) -> None:
        with path.with_name(".report.html.part").open("w") as partial:
            partial.write("<!DOCTYPE html>")
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(report, "write_report", full_while_writing)
        # in this process, where the patch reaches: on a cluster a fresh process writes the
        # final files, with the same code (its errors: tests/batch/test_finish_apart.py)
        assert main(["simulate", "we-will-wok-you", "--resume", str(folder),
                     "--no-progress", "--no-cluster"]) == 2
    assert capsys.readouterr().err.endswith(
        f"the disk is full; every task is done: `--resume {folder}` writes the study's files\n")
    assert not (folder / "report.html").exists()
    assert main(["simulate", "we-will-wok-you", "--resume", str(folder), "--no-progress"]) == 0
    for name in ("tasks.csv", "summary.json", "report.html", "win_rate_by_seat.png"):
        assert (folder / name).read_bytes() == (tmp_path / "whole" / name).read_bytes(), name
