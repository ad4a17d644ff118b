"""The batch runner on real Dask clusters: same results everywhere, failures reported with
their seed, interrupted studies resumed, results streamed to the study's folder.

The session's 2-process cluster (tests/conftest.py) serves most tests; the embedded
LocalCluster (``--workers 2``) and the in-process run (``--no-cluster``) are compared with it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import cloudpickle
import numpy as np
import pytest
from distributed import WorkerPlugin
from stream_helpers import keep_first, records

from wokphysics.batch import ClusterOptions, RunOptions, SameParams, Study, Task, run_study
from wokphysics.batch.store import LOG
from wokphysics.cli import main

# The workers import task functions by module name; this test module is not on their path,
# so its functions travel by value (cloudpickle's documented way for such modules).
cloudpickle.register_pickle_by_value(sys.modules[__name__])

LOCAL = ClusterOptions(workers=2)
IN_PROCESS = ClusterOptions(in_process=True)


def noisy_trial(task: Task, context: Any) -> dict[str, Any]:
    rng = np.random.default_rng(task.seed)
    return {"value": float(rng.normal(task.params["mean"], 1.0)), "dice": int(rng.integers(6))}


def failing_trial(task: Task, context: dict[str, str]) -> dict[str, Any]:
    """Task 3 always fails (each try noted in a file); task 5 fails once with an OSError (a
    flag file says it was tried), then works."""
    if task.index == 3:
        with (Path(context["flags"]) / "task3").open("a") as tries:
            tries.write("tried\n")
        raise ValueError(f"cannot cook seed {task.seed}")
    if task.index == 5:
        flag = Path(context["flags"]) / "task5"
        if not flag.exists():
            flag.write_text("tried once")
            raise OSError("the wok slipped")
    return {"value": task.seed * 2}


def _files(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in ("tasks.csv", "summary.json")}


def _noisy_study(count: int = 60) -> Study:
    params = [{"mean": float(i % 3)} for i in range(count)]
    return Study("noisy", 7, params, noisy_trial, summarise=_mean_summary)


def _mean_summary(columns: Any) -> dict[str, Any]:
    return {"mean": float(np.mean(columns.numbers("value")))}


@pytest.mark.slow
@pytest.mark.usefixtures("dask_cluster")
def test_a_study_gives_the_same_bytes_on_any_cluster_and_in_process(tmp_path: Path) -> None:
    runs = {
        "in process": IN_PROCESS,
        "embedded 2 workers": LOCAL,
        "session cluster": ClusterOptions(),
    }
    outputs = {}
    for name, cluster in runs.items():
        folder = tmp_path / name.replace(" ", "-")
        results = run_study(_noisy_study(), folder, RunOptions(cluster, progress=False))
        assert results.complete and len(results.columns) == 60
        outputs[name] = _files(folder)
    assert outputs["embedded 2 workers"] == outputs["in process"]
    assert outputs["session cluster"] == outputs["in process"]
    rows = (tmp_path / "in-process" / "tasks.csv").read_text().splitlines()
    assert rows[0] == "task,seed,mean,value,dice" and rows[1].startswith("0,7,0.0,")
    assert rows[-1].startswith("59,66,2.0,")  # task i has seed 7 + i, whoever ran it


@pytest.mark.slow
@pytest.mark.usefixtures("dask_cluster")
def test_game_studies_are_bit_identical_in_process_and_on_worker_processes(
    tmp_path: Path,
) -> None:
    """Whole games (the physics table and a turn game) give the same records and summary in
    this process and on the 2 worker processes of the session's cluster."""
    from wokphysics.studies.bench import wof_definition
    from wokphysics.studies.plans import study

    turn_game = {**wof_definition(), "game": "we-will-wok-you", "games": 12,
                 "bots": ["greedy", "random"]}
    for definition in ({**wof_definition(), "players": [2], "games": 2}, turn_game):
        game_study = replace(study(definition)[0], plots=None)  # the records are the point
        texts = []
        for name, cluster in (("one", IN_PROCESS), ("two", ClusterOptions())):
            folder = tmp_path / f"{definition['game']}-{name}"
            assert run_study(game_study, folder, RunOptions(cluster, progress=False)).complete
            texts.append(_files(folder))
        assert texts[0] == texts[1], definition["game"]


@pytest.mark.usefixtures("dask_cluster")
def test_a_failing_task_is_reported_with_its_seed_and_retried_only_if_the_machine_failed(
    tmp_path: Path,
) -> None:
    flags = tmp_path / "flags"
    flags.mkdir()
    study = Study("cooking", 100, SameParams({}, 8), failing_trial, context={"flags": str(flags)})
    results = run_study(study, tmp_path / "out", RunOptions(ClusterOptions(), progress=False))
    assert not results.complete and len(results.columns) == 7
    assert results.columns.values("task") == [0, 1, 2, 4, 5, 6, 7]  # 5 worked on its retry
    # a pure task's own error comes again: it is reported at once, not tried twice
    assert (flags / "task3").read_text() == "tried\n"
    [failure] = results.failures
    assert failure["task"] == 3 and failure["seed"] == 103
    assert "ValueError: cannot cook seed 103" in str(failure["error"])
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["failed"][0]["seed"] == 103 and summary["succeeded"] == 7
    csv_rows = (tmp_path / "out" / "tasks.csv").read_text().splitlines()
    assert len(csv_rows) == 9 and csv_rows[4].startswith("3,103,,ValueError: cannot cook")


@pytest.mark.slow
def test_resume_runs_only_the_missing_tasks_and_gives_the_same_study(tmp_path: Path) -> None:
    whole = tmp_path / "whole"
    run_study(_noisy_study(), whole, RunOptions(IN_PROCESS, progress=False))
    cut = tmp_path / "cut"
    run_study(_noisy_study(), cut, RunOptions(IN_PROCESS, progress=False))
    # As if the study had been killed after 25 tasks, in the middle of writing the next ones:
    # the torn gzip member is dropped, its tasks run again, none twice.
    keep_first(cut, 25, torn=True)
    (cut / "tasks.csv").unlink()
    resumed = run_study(_noisy_study(), cut, RunOptions(LOCAL, progress=False, resume=True))
    assert resumed.ran == 35 and resumed.complete
    assert _files(cut) == _files(whole)


def test_resume_refuses_a_folder_of_another_study(tmp_path: Path) -> None:
    run_study(_noisy_study(10), tmp_path / "a", RunOptions(IN_PROCESS, progress=False))
    from wokphysics.errors import UserError

    with pytest.raises(UserError, match="holds another study"):
        run_study(_noisy_study(11), tmp_path / "a", RunOptions(IN_PROCESS, resume=True))
    with pytest.raises(UserError, match="not empty"):
        run_study(_noisy_study(10), tmp_path / "a", RunOptions(IN_PROCESS))


GATE_TIMEOUT_S = 300.0
"""How long a gated task waits for its gate at most (a test that failed leaves none open)."""
OPEN_TASKS = 8
"""Tasks 0 to 7 of a gated study run at once; the others wait for the gate."""


def gated_trial(task: Task, context: Any) -> dict[str, Any]:
    """Tasks from :data:`OPEN_TASKS` on wait until the gate (a file named by the task's
    parameters) exists: a study of them cannot finish before the test opens it, however
    fast or slow the machine."""
    if task.index >= OPEN_TASKS:
        gate = Path(str(task.params["gate"]))
        deadline = time.monotonic() + GATE_TIMEOUT_S
        while not gate.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
    return {"value": task.seed % 7}


def _wait_for_lines(log: Path, count: int, timeout_s: float = 120.0) -> None:
    """Until the stream at ``log`` holds ``count`` records."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline and len(records(log.parent)) < count:
        time.sleep(0.01)


STOP_S = 60.0
"""How long the study may take to stop after the Ctrl-C; past that the test opens the gate, so
the study finishes and the test fails saying the interrupt never reached it, instead of
waiting for ever on tasks that wait for the gate."""


def _in_the_study_s_wait(thread: int) -> bool:
    """Whether ``thread`` is blocked in the study's wait for its chunks (``client.sync`` of
    :class:`DaskExecutor`'s run, waiting on an event)."""
    frame = sys._current_frames().get(thread)
    names = []
    while frame is not None:
        names.append((frame.f_code.co_name, Path(frame.f_code.co_filename).name))
        frame = frame.f_back
    return bool(names) and names[0][0] == "wait" and ("run", "cluster.py") in names


def _interrupt_in_the_wait(log: Path, main: int, returned: threading.Event) -> None:
    """Once a task is recorded and the main thread is back in the study's wait, Ctrl-C
    (unless the study has already returned)."""
    deadline = time.monotonic() + STOP_S
    while not returned.is_set() and time.monotonic() < deadline and (
        not records(log.parent) or not _in_the_study_s_wait(main)
    ):
        time.sleep(0.001)
    if returned.is_set():
        return
    # To the main thread while it is blocked in the wait, as a terminal's SIGINT reaches a
    # process whose main thread does not block it: the wait is interrupted and Python's
    # handler raises there. (An os.kill at whatever moment the log grew, handled wherever the
    # main thread was, once left the study running in the full suite, for over 9 minutes.)
    signal.pthread_kill(main, signal.SIGINT)


@pytest.mark.usefixtures("dask_cluster")
def test_ctrl_c_cancels_the_study_on_the_cluster_and_keeps_what_finished(
    tmp_path: Path,
) -> None:
    gate = tmp_path / "gate"
    study = Study("gated", 1, SameParams({"gate": str(gate)}, 300), gated_trial)
    folder = tmp_path / "gated"
    log = folder / LOG
    returned = threading.Event()

    def interrupt_then_watch() -> None:
        _interrupt_in_the_wait(log, threading.main_thread().ident or 0, returned)
        if not returned.wait(STOP_S):
            gate.touch()  # the study can now finish: the assert below fails, no hang

    # A test run started in the background inherits an ignored SIGINT (and a thread may
    # have blocked it): handle it as a terminal's Python does.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    blocked = signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    watcher = threading.Thread(target=interrupt_then_watch, daemon=True)
    try:
        watcher.start()
        stopped = run_study(study, folder, RunOptions(ClusterOptions(), progress=False))
    finally:
        returned.set()
        watcher.join()
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        signal.signal(signal.SIGINT, previous)
        gate.touch()  # the tasks still waiting on the workers end
    assert stopped.interrupted, f"the Ctrl-C did not stop the study within {STOP_S:g} s"
    assert not stopped.complete
    kept = len(stopped.columns)
    assert 1 <= kept <= OPEN_TASKS and len(records(folder)) == kept
    assert not (folder / "summary.json").exists()
    resumed = run_study(study, folder, RunOptions(ClusterOptions(), progress=False, resume=True))
    assert resumed.complete and resumed.ran == 300 - kept
    assert resumed.columns.values("task") == list(range(300))


def _ctrl_c_as_in_a_terminal() -> None:
    """In the child, before it runs Python: SIGINT's default action (a test run started in
    the background would pass on an ignored SIGINT, which Python then leaves ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


GAMES_TO_INTERRUPT = 60
"""Wok and Roll games of the command-line study that a Ctrl-C stops and a resume finishes.
The workers pause after their first task (:class:`PauseAfterOneTask`), so the study cannot
finish before the SIGINT whatever its size: a few chunks at most are done (the first are of one
task, the next of at most a quarter of what is left), and the resume plays the rest (it played
~600 games under coverage when the count, not the pause, kept the study from finishing)."""


class PauseAfterOneTask(WorkerPlugin):  # type: ignore[misc]
    """A Dask worker plugin: the worker pauses once it has finished a task (it starts no
    other; what it finished still goes back), so a study on the cluster cannot finish before
    the test lets the workers run again (``status`` running), however fast the games."""

    name = "wokphysics-test-pause-after-one-task"

    def setup(self, worker: Any) -> None:
        self.worker = worker

    def transition(self, key: Any, start: str, finish: str, **kwargs: Any) -> None:
        if start == "executing" and finish == "memory":
            from distributed.core import Status

            # after this transition, on the worker's event loop (not inside its handler)
            self.worker.loop.add_callback(setattr, self.worker, "status", Status.paused)


def _resume_workers(dask_worker: Any) -> None:
    from distributed.core import Status

    dask_worker.status = Status.running


@pytest.mark.slow
def test_ctrl_c_on_the_command_line_exits_130_and_resume_finishes(
    tmp_path: Path, dask_cluster: str,
) -> None:
    from distributed import Client

    folder = tmp_path / "study"
    command = [sys.executable, "-m", "wokphysics.cli", "simulate", "wok-and-roll",
               "--games", str(GAMES_TO_INTERRUPT), "--out", str(folder), "--no-progress"]
    with Client(dask_cluster, set_as_default=False) as client:
        client.register_plugin(PauseAfterOneTask())
        try:
            process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       text=True, preexec_fn=_ctrl_c_as_in_a_terminal)
            _wait_for_lines(folder / LOG, 1)
            process.send_signal(signal.SIGINT)
            out, err = process.communicate(timeout=60)
        finally:
            client.unregister_worker_plugin(PauseAfterOneTask.name)
            client.run(_resume_workers)
    assert process.returncode == 130, err
    kept = len(records(folder))
    assert 1 <= kept < GAMES_TO_INTERRUPT
    assert f"interrupted: {kept} of {GAMES_TO_INTERRUPT} games finished; `--resume {folder}`" in err
    assert "Traceback" not in err and not (folder / "summary.json").exists()
    finished = subprocess.run(
        [sys.executable, "-m", "wokphysics.cli", "simulate", "wok-and-roll", "--resume",
         str(folder), "--no-progress"], capture_output=True, text=True, timeout=300,
    )
    assert finished.returncode == 0, finished.stderr
    assert f"{GAMES_TO_INTERRUPT - kept} games ran" in finished.stdout
    assert f"{GAMES_TO_INTERRUPT} games, 3 players" in finished.stdout
    assert len((folder / "tasks.csv").read_text().splitlines()) == GAMES_TO_INTERRUPT + 1


def test_the_runner_options_that_contradict_are_one_line_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for argv, words in (
        (["--no-cluster", "--workers", "2"], "--no-cluster runs in this process"),
        (["--workers", "0"], "--workers must be at least 1"),
        (["--scheduler", "tcp://127.0.0.1:1", "--workers", "2"], "--workers sizes"),
        (["--out", "a", "--resume", "b"], "not both"),
    ):
        assert main(["simulate", "wok-star", "--games", "1", *argv]) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1, err


def test_an_unreachable_scheduler_is_a_user_error(tmp_path: Path) -> None:
    from wokphysics.errors import UserError

    nowhere = ClusterOptions(scheduler="tcp://127.0.0.1:9", connect_s=0.5)
    with pytest.raises(UserError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        run_study(_noisy_study(4), None, RunOptions(nowhere, progress=False))


def test_nothing_below_the_runner_imports_dask_or_matplotlib() -> None:
    code = (
        "import sys, json\n"
        "import wokphysics.table.world, wokphysics.games.registry\n"
        "import wokphysics.games.wok_on_fire.engine, wokphysics.games.wok_star.state\n"
        "import wokphysics.games.we_will_wok_you.state, wokphysics.games.wok_and_roll.state\n"
        "import wokphysics.batch, wokphysics.cli\n"
        "print(json.dumps([m for m in ('dask', 'distributed', 'matplotlib') "
        "if m in sys.modules]))"
    )
    env = {**os.environ}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, env=env)
    assert json.loads(result.stdout) == []


def test_a_malformed_scheduler_address_is_one_line_naming_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before: `--scheduler foo` printed a ValueError traceback (status 1) after a 20 s hang.
    for address, words in (
        ("foo", "missing port number"),
        ("http://127.0.0.1:8786", "a study runs on a scheduler reached by tcp, not by http"),
        ("tls://127.0.0.1:8786", "a study runs on a scheduler reached by tcp, not by tls"),
        ("inproc://x", "a study runs on a scheduler reached by tcp, not by inproc"),
        ("tcp://:8786", "no host"),
        ("tcp://127.0.0.1:99999", "port 99999 is not 1 to 65535"),
    ):
        assert main(["simulate", "wok-star", "--games", "1", "--scheduler", address]) == 2
        err = capsys.readouterr().err
        assert f"--scheduler {address!r}: {words}" in err and "tcp://HOST:PORT" in err, err
        assert err.count("\n") == 1, err
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", "foo")
    import dask.config

    dask.config.refresh()
    try:
        assert main(["simulate", "wok-star", "--games", "1"]) == 2
        err = capsys.readouterr().err
        assert "DASK_SCHEDULER_ADDRESS" in err and "'foo'" in err and err.count("\n") == 1, err
    finally:
        monkeypatch.delenv("DASK_SCHEDULER_ADDRESS")
        dask.config.refresh()


def test_embedded_workers_drop_the_heartbeat_noise_of_a_closing_scheduler() -> None:
    # Ctrl-C sometimes printed a worker's "Failed to communicate with scheduler during
    # heartbeat" traceback (CommClosedError: ConnectionPool closing) after the study stopped.
    import logging

    from distributed.comm.core import CommClosedError

    from wokphysics.batch.worker import ShutdownNoise

    def record(message: str, problem: BaseException | None) -> logging.LogRecord:
        info = (type(problem), problem, None) if problem is not None else None
        return logging.LogRecord("distributed.worker", logging.ERROR, "w.py", 1, message,
                                 None, info)

    closed = CommClosedError("ConnectionPool closing.")
    wrapped = RuntimeError("heartbeat")
    wrapped.__cause__ = closed
    noise = ShutdownNoise()
    assert not noise.filter(record("Failed to communicate with scheduler during heartbeat.",
                                   None))
    assert not noise.filter(record("anything", wrapped))
    assert noise.filter(record("Compute Failed", ValueError("a real problem")))


CTRL_C_WHILE_THE_CLUSTER_STARTS = '''
import os, signal, sys

if __name__ == "__main__":
    import distributed

    start = distributed.LocalCluster.__init__

    def pressed_while_starting(self, *args, **kwargs):
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C as the cluster starts, every time
        start(self, *args, **kwargs)

    distributed.LocalCluster.__init__ = pressed_while_starting
    from wokphysics.cli import main

    sys.exit(main(sys.argv[1:]))
'''


@pytest.mark.slow
def test_ctrl_c_while_the_embedded_cluster_starts_stops_without_a_traceback(
    tmp_path: Path,
) -> None:
    # Before: "Exception ignored in atexit callback: close_clusters ... AssertionError:
    # Status.init" (30 lines) after "interrupted: 0 of 20 games finished".
    script = tmp_path / "press.py"
    script.write_text(CTRL_C_WHILE_THE_CLUSTER_STARTS)
    folder = tmp_path / "study"
    done = subprocess.run(
        [sys.executable, str(script), "simulate", "wok-star", "--games", "20", "--out",
         str(folder), "--no-progress", "--workers", "2"],  # embedded, whatever the session has
        capture_output=True, text=True, timeout=120, preexec_fn=_ctrl_c_as_in_a_terminal,
    )
    assert done.returncode == 130, done.stderr
    assert "interrupted: " in done.stderr and f"`--resume {folder}` runs the rest" in done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr


def test_a_ctrl_c_held_while_the_cluster_starts_is_raised_after(tmp_path: Path) -> None:
    from wokphysics.batch.cluster import _ctrl_c_held

    # SIGINT handled as a terminal's Python does (a test run started in the background, or
    # a test before this one in the same worker, can leave it ignored: then nothing is held,
    # as designed, and this test failed now and then in full parallel runs)
    outside = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with _ctrl_c_held() as pressed:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # the handler runs between bytecodes: no KeyboardInterrupt here
            reached = True
        assert reached and pressed == [signal.SIGINT]
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, outside)


def test_dask_and_tornado_stay_quiet_after_an_interrupted_run_closes() -> None:
    """A stopped run's client can log a dropped callback after it closed (a tornado traceback
    under Ctrl-C, which made the Ctrl-C test above fail on a busy machine): the loggers
    silenced for it stay silent; a run that ends normally gets its levels back."""
    import logging

    from wokphysics.batch import cluster

    loggers = [logging.getLogger(name) for name in cluster.NOISY_LOGGERS]
    before = [logger.level for logger in loggers]
    try:
        for logger in loggers:
            logger.setLevel(logging.WARNING)
        with cluster._quiet_if_interrupted():
            cluster._silence()
        assert [logger.level for logger in loggers] == [logging.WARNING] * len(loggers)
        with pytest.raises(KeyboardInterrupt), cluster._quiet_if_interrupted():
            cluster._silence()
            raise KeyboardInterrupt
        assert [logger.level for logger in loggers] == [logging.CRITICAL] * len(loggers)
    finally:
        for logger, level in zip(loggers, before, strict=True):
            logger.setLevel(level)


def test_ctrl_c_during_a_run_silences_dask_before_the_interrupt_is_raised() -> None:
    """Dask's ``sync`` hands a cancelling callback to its event loop thread as the interrupt
    passes, and that thread may log the callback's error before the interrupt reaches the
    code that silences the loggers (a traceback after "interrupted: ...", once in CI): so a
    Ctrl-C during a run silences them in the signal handler, before the KeyboardInterrupt
    exists. Outside a run, SIGINT is Python's own again."""
    import logging

    from wokphysics.batch import cluster

    loggers = [logging.getLogger(name) for name in cluster.NOISY_LOGGERS]
    before = [logger.level for logger in loggers]
    outside = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        for logger in loggers:
            logger.setLevel(logging.WARNING)
        levels_when_raised: list[int] = []
        with pytest.raises(KeyboardInterrupt), cluster._quiet_if_interrupted():
            try:
                signal.raise_signal(signal.SIGINT)
            except KeyboardInterrupt:
                levels_when_raised = [logger.level for logger in loggers]
                raise
        assert levels_when_raised == [logging.CRITICAL] * len(loggers)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, outside)
        for logger, level in zip(loggers, before, strict=True):
            logger.setLevel(level)


def test_a_study_waits_for_the_cluster_s_first_worker_then_refuses_an_empty_one() -> None:
    """A cluster whose worker is still starting (or being replaced) is waited for; one that
    stays empty is one line naming it (it refused a study at once, in a loaded test run)."""
    from distributed import LocalCluster

    from wokphysics.errors import UserError

    with LocalCluster(n_workers=0, processes=False, protocol="tcp",
                      dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        waiting = ClusterOptions(scheduler=address, wait_workers_s=0.5)
        with pytest.raises(UserError, match=f"the Dask scheduler at {address} has no workers "
                           r"\(waited 0.5 s for one\).*--wait-workers SECONDS"):
            run_study(_noisy_study(4), None, RunOptions(waiting, progress=False))
        threading.Timer(1.0, cluster.scale, (1,)).start()  # a worker joins while it waits
        patient = ClusterOptions(scheduler=address, wait_workers_s=60)
        results = run_study(_noisy_study(4), None, RunOptions(patient, progress=False))
        assert results.complete and results.ran == 4


def test_silenced_dask_and_tornado_log_no_error_through_their_children() -> None:
    """Dask's logging config gives ``tornado.application`` (which logs "Exception in
    callback" with its traceback) and ``distributed.client`` levels of their own: silencing
    ``tornado`` and ``distributed`` left them talking (a NameError traceback of Dask's
    cancelling callback after "interrupted: ...", in CI's run of the command-line Ctrl-C test)."""
    import logging

    import distributed  # noqa: F401 - its logging config is what this is about

    from wokphysics.batch import cluster

    loggers = [logging.getLogger(name) for name in cluster.NOISY_LOGGERS]
    before = [logger.level for logger in loggers]
    try:
        cluster._silence()
        for name in ("tornado.application", "distributed.client", "distributed.utils",
                     "distributed.worker"):
            assert not logging.getLogger(name).isEnabledFor(logging.ERROR), name
    finally:
        for logger, level in zip(loggers, before, strict=True):
            logger.setLevel(level)
