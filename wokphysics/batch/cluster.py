"""Where a study's tasks run: a Dask cluster (embedded or existing), or this process.

- The default is an embedded ``distributed.LocalCluster``: one single-threaded worker
  *process* per core (the games are pure Python, so threads would share one core).
- ``--scheduler tcp://HOST:8786``, or Dask's own ``DASK_SCHEDULER_ADDRESS`` convention (the
  ``scheduler-address`` key of Dask's config), runs the study on an existing cluster.
- ``--no-cluster`` runs the tasks in this process, one after another, for debugging (a
  breakpoint in a task function stops there).

The executors hand tasks out and yield their outcomes as they finish; the scheduling, the
transport, worker failures and retries are Dask's.
"""

from __future__ import annotations

import itertools
import logging
import math
import os
import signal
import threading
import uuid
import warnings
from collections import deque
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from wokphysics.batch.tasks import ChunkResult, Outcome, Study, Task, run_chunk, run_task
from wokphysics.errors import UserError

if TYPE_CHECKING:
    from distributed import Client

CHUNK_SECONDS = 0.2
"""A worker is handed tasks in chunks of about this many seconds of work: long enough that
Dask's per-future cost (a few ms) is small beside it, short enough to keep every worker busy
to the end and the progress bar moving."""

MAX_CHUNK = 1000
"""At most this many tasks in one chunk, however quick they are."""

IN_FLIGHT_PER_WORKER = 3
"""Chunks submitted ahead per worker: enough to hide the round trip, few enough that a study
of any size holds only a small window of futures in the driver."""


@dataclass(frozen=True)
class ClusterOptions:
    """How to run a study's tasks.

    Attributes:
        workers: worker processes of the embedded LocalCluster; None = one per core.
        scheduler: address of an existing Dask scheduler (``tcp://host:8786``).
        in_process: run in this process (no Dask); only with one worker.
        connect_s: how long to try reaching an existing cluster's scheduler, seconds.
    """

    workers: int | None = None
    scheduler: str | None = None
    in_process: bool = False
    connect_s: float = 10.0

    def check(self) -> None:
        """A UserError for options that contradict each other."""
        if self.workers is not None and self.workers < 1:
            raise UserError(f"--workers must be at least 1, not {self.workers}")
        if self.in_process and self.scheduler:
            raise UserError("--no-cluster runs in this process; it cannot go with --scheduler")
        if self.in_process and self.workers not in (None, 1):
            raise UserError(
                f"--no-cluster runs in this process with one worker, not --workers {self.workers}"
            )
        if self.scheduler and self.workers is not None:
            raise UserError(
                "--workers sizes the embedded cluster; an existing cluster (--scheduler) "
                "has the workers it has"
            )
        if self.scheduler:
            check_address(self.scheduler, "--scheduler")


ADDRESS_FORM = "tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786"


def check_address(address: str, source: str) -> None:
    """A one-line UserError naming ``source`` (the option or variable it came from) unless
    ``address`` is a scheduler address Dask can dial: a known scheme (``tcp``, ``tls``...;
    none means ``tcp``), a host and a port 1-65535.

    Checked before a ``distributed.Client`` is made: given ``foo`` or ``http://...`` the
    Client raises a bare ValueError and then hangs 20 s closing itself.
    """
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import get_backend

    problem = ""
    try:
        scheme, location = parse_address(address, strict=False)
        get_backend(scheme)
        if scheme != "inproc" and not location:
            problem = "no host and port after the scheme"
        elif scheme != "inproc":
            host, port = parse_host_port(location)
            if not host:
                problem = "no host"
            elif not 1 <= int(port) <= 65535:
                problem = f"port {port} is not 1 to 65535"
    except (ValueError, TypeError) as error:
        problem = str(error).split(" (known schemes")[0]
    if problem:
        raise UserError(f"{source} {address!r}: {problem}; write {ADDRESS_FORM}")


def cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def scheduler_address(options: ClusterOptions) -> str | None:
    """The existing cluster to use: ``--scheduler``, else (unless the command asked for a
    local run with ``--workers`` or ``--no-cluster``) Dask's ``scheduler-address`` setting,
    which the ``DASK_SCHEDULER_ADDRESS`` environment variable sets."""
    if options.scheduler:
        return options.scheduler
    if options.in_process or options.workers is not None:
        return None
    import dask.config

    address = dask.config.get("scheduler-address", None)
    if not address:
        return None
    check_address(str(address), "DASK_SCHEDULER_ADDRESS (Dask's scheduler-address)")
    return str(address)


class Executor(Protocol):
    """Runs a study's tasks and yields their outcomes as they finish."""

    workers: int
    where: str

    def run(self, study: Study, indices: Sequence[int]) -> Iterator[list[Outcome]]: ...


class InProcess:
    """Tasks one after another in this process (``--no-cluster``)."""

    workers = 1
    where = "this process"

    def run(self, study: Study, indices: Sequence[int]) -> Iterator[list[Outcome]]:
        for index in indices:
            yield [run_task(study.task_fn, study.task(index), study.context)]


class DaskExecutor:
    """Tasks in chunks on a Dask cluster, through a ``distributed.Client``.

    Chunks grow from one task to about :data:`CHUNK_SECONDS` of work as the measured task
    time comes in, and only a window of them is in flight, so a study of any size streams.
    A chunk whose worker died is retried once by Dask (``retries=1``); a chunk that still
    fails is reported task by task with the error, never dropped.
    """

    def __init__(self, client: Client, where: str) -> None:
        self.client = client
        self.where = where
        self.workers = max(1, sum(client.nthreads().values()))

    def run(self, study: Study, indices: Sequence[int]) -> Iterator[list[Outcome]]:
        from distributed import Future, as_completed

        client = self.client
        todo = deque(indices)
        if not todo:
            return
        context: Any = study.context
        if context is not None:
            context = client.scatter(context, broadcast=True, hash=False)
        window = self.workers * IN_FLIGHT_PER_WORKER
        inflight: dict[Any, tuple[Future[Any], list[Task]]] = {}
        timing = _Timing()
        running = as_completed(loop=client.loop)
        run_id = uuid.uuid4().hex[:8]
        numbers = itertools.count()

        def submit() -> None:
            size = timing.chunk_size(len(todo), self.workers)
            tasks = [study.task(todo.popleft()) for _ in range(min(size, len(todo)))]
            future = client.submit(
                run_chunk,
                study.task_fn,
                context,
                tasks,
                key=f"{study.name}-{run_id}-{next(numbers)}",
                retries=1,
                pure=False,
            )
            inflight[future.key] = (future, tasks)
            running.add(future)

        try:
            while todo and len(inflight) < window:
                submit()
            for future in running:
                _, tasks = inflight.pop(future.key)
                result = _collect(future, tasks)
                if isinstance(result, ChunkResult):
                    timing.add(result)
                    yield result.outcomes
                else:
                    yield result
                while todo and len(inflight) < window:
                    submit()
        finally:
            # Interrupted (Ctrl-C) or abandoned: stop the work still queued on the cluster.
            if inflight:
                _silence()
                client.cancel([future for future, _ in inflight.values()])
            if isinstance(context, Future):
                context.release()


class _Timing:
    """The mean seconds per task measured so far, and the chunk size it calls for."""

    def __init__(self) -> None:
        self.tasks = 0
        self.seconds = 0.0

    def add(self, chunk: ChunkResult) -> None:
        self.tasks += len(chunk.outcomes)
        self.seconds += chunk.seconds

    def chunk_size(self, remaining: int, workers: int) -> int:
        if self.tasks == 0:
            return 1
        per_task = max(self.seconds / self.tasks, 1e-7)
        fair_share = math.ceil(remaining / (2 * workers))  # leave work for every worker
        return max(1, min(MAX_CHUNK, int(CHUNK_SECONDS / per_task), fair_share))


def _collect(future: Any, tasks: list[Task]) -> ChunkResult | list[Outcome]:
    """A chunk's result, or each of its tasks failed with the chunk's error (its worker died
    twice, or it could not be sent)."""
    try:
        result = future.result()
    except Exception as problem:  # the chunk itself failed: report its every task
        error = f"{type(problem).__name__}: {problem}".strip()
        return [Outcome(task, None, error) for task in tasks]
    assert isinstance(result, ChunkResult)
    return result


@contextmanager
def local_cluster(workers: int) -> Iterator[Any]:
    """An embedded ``distributed.LocalCluster``: ``workers`` single-threaded worker
    processes that ignore Ctrl-C (see :mod:`wokphysics.batch.worker`), quiet logs, no
    dashboard; closed on leaving."""
    from distributed import LocalCluster

    with warnings.catch_warnings(), _ctrl_c_held() as pressed:
        # The scheduler's small HTTP server (health, metrics) moves off a busy port by itself;
        # that another study holds port 8787 is no news for this one.
        warnings.filterwarnings("ignore", message="Port .* is already in use")
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
            preload=["wokphysics.batch.worker"],
        )
    with cluster:
        if pressed:  # Ctrl-C while the workers started: stop now, closing what started
            _silence()
            raise KeyboardInterrupt
        yield cluster


@contextmanager
def _ctrl_c_held() -> Iterator[list[int]]:
    """Hold a Ctrl-C back while the block runs; the list it gives is non-empty if one came.

    A KeyboardInterrupt inside ``LocalCluster(...)`` left a half-started cluster that
    Dask's exit hook then failed to close, printing a traceback after "interrupted: ...".
    Held back, the interrupt is raised once the cluster exists and can be closed. Only the
    main thread receives signals; elsewhere (or with SIGINT not Python's) nothing is held.
    """
    pressed: list[int] = []
    if not _ctrl_c_is_ours():
        yield pressed
        return
    previous = signal.signal(signal.SIGINT, lambda number, frame: pressed.append(number))
    try:
        yield pressed
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def executor(options: ClusterOptions) -> Iterator[Executor]:
    """The executor ``options`` ask for; a cluster it starts is closed on leaving."""
    options.check()
    if options.in_process:
        yield InProcess()
        return
    from distributed import Client

    address = scheduler_address(options)
    if address is not None:
        try:
            client = Client(address, timeout=f"{options.connect_s}s", set_as_default=False)
        except OSError as error:
            raise UserError(f"cannot reach the Dask scheduler at {address}: {error}") from None
        with _quiet_if_interrupted(), client:
            workers = _workers_of(client, options.connect_s)
            if workers == 0:
                raise UserError(f"the Dask scheduler at {address} has no workers (waited "
                                f"{options.connect_s:g} s for one)")
            yield DaskExecutor(client, f"the cluster at {address} ({workers} workers)")
        return
    workers = options.workers or cores()
    with (
        _quiet_if_interrupted(),
        local_cluster(workers) as cluster,
        Client(cluster, set_as_default=False) as client,
    ):
        noun = "process" if workers == 1 else "processes"
        try:
            yield DaskExecutor(client, f"a local cluster of {workers} worker {noun}")
        except KeyboardInterrupt:
            # Stopped before any chunk was queued (while the context was scattered, say):
            # closing the cluster logs the scattered data it drops; that is no news either.
            _silence()
            raise


def _workers_of(client: Any, wait_s: float) -> int:
    """How many workers the client's cluster has, waiting up to ``wait_s`` seconds for the
    first (a cluster just starting, or one whose worker is being replaced, has none for a
    moment: a study asked at that moment was refused, once in a loaded test run)."""
    if not client.scheduler_info().get("workers"):
        try:
            client.wait_for_workers(1, timeout=wait_s)
        except TimeoutError:
            return 0
    return len(client.scheduler_info().get("workers", {}))


NOISY_LOGGERS = ("distributed", "distributed.client", "distributed.gc", "tornado",
                 "tornado.application")
"""On Ctrl-C, cancelling futures and closing the client make Dask and tornado log errors of
callbacks that no longer matter; an abandoned run silences them until the cluster is closed.
The children are named too: Dask's logging config gives them levels of their own (tornado's
"Exception in callback" comes through ``tornado.application``, at ERROR, whatever ``tornado``'s
level), so silencing the parents alone let a traceback through after "interrupted: ..."."""


def _silence() -> None:
    """Quiet :data:`NOISY_LOGGERS` until :func:`_quiet_if_interrupted` restores them."""
    for name in NOISY_LOGGERS:
        logging.getLogger(name).setLevel(logging.CRITICAL)


@contextmanager
def _quiet_if_interrupted() -> Iterator[None]:
    """Restore the levels of :data:`NOISY_LOGGERS` once the cluster is closed, unless the run
    was interrupted: the client's event loop can still log a dropped callback after closing
    (a tornado traceback under Ctrl-C, seen on a busy machine), and a stopped run has nothing
    more to say through them."""
    loggers = [logging.getLogger(name) for name in NOISY_LOGGERS]
    levels = [logger.level for logger in loggers]
    interrupted = False
    try:
        with _silent_on_ctrl_c():
            yield
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        if not interrupted:
            for logger, level in zip(loggers, levels, strict=True):
                logger.setLevel(level)


def _silence_and_interrupt(number: int, frame: object) -> None:
    """Ctrl-C during a run: quiet :data:`NOISY_LOGGERS` first, then interrupt as Python does."""
    _silence()
    raise KeyboardInterrupt


@contextmanager
def _silent_on_ctrl_c() -> Iterator[None]:
    """While the block runs, a Ctrl-C silences :data:`NOISY_LOGGERS` before the
    KeyboardInterrupt is raised: Dask's ``sync`` hands a cancelling callback to its event
    loop thread as the interrupt passes, and that thread can log the callback's error (a
    NameError of ``distributed.utils``' own, when the interrupt came before the awaited call
    started) before the interrupt reaches the ``except`` that silences them (a traceback
    after "interrupted: ...", seen once in CI's second run of the suite). Only the main
    thread receives signals; elsewhere, or with SIGINT not Python's own, nothing changes."""
    if not _ctrl_c_is_ours():
        yield
        return
    previous = signal.signal(signal.SIGINT, _silence_and_interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _ctrl_c_is_ours() -> bool:
    """Whether this thread may take Ctrl-C over: the main thread (the only one that receives
    signals), with SIGINT handled by Python's default handler or by this module's."""
    return threading.current_thread() is threading.main_thread() and signal.getsignal(
        signal.SIGINT
    ) in (signal.default_int_handler, _silence_and_interrupt)
