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
import sys
import threading
import time
import uuid
import warnings
from array import array
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from wokphysics.batch.tasks import (
    ChunkResult,
    Outcome,
    Study,
    Task,
    run_chunk,
    run_task,
    versions,
)
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
        connect_s: how long to try reaching an existing cluster's scheduler (and for it to
            answer as one), seconds.
        wait_workers_s: how long to wait for an existing cluster's first worker
            (``--wait-workers``: workers queued on a batch system or Kubernetes may take
            minutes), seconds.
        lost_s: how long the scheduler may be out of reach or silent during a study before
            the study stops (its finished tasks kept for ``--resume``), seconds. 20: a busy
            scheduler's event loop stalled for 14 s at load 50 on this machine (10 s ended a
            study whose scheduler was alive), and a lost one must still end the study in 30 s.
    """

    workers: int | None = None
    scheduler: str | None = None
    in_process: bool = False
    connect_s: float = 10.0
    wait_workers_s: float = 60.0
    lost_s: float = 20.0

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
        if not (math.isfinite(self.wait_workers_s) and 0 <= self.wait_workers_s <= MAX_WAIT_S):
            raise UserError(f"--wait-workers must be 0 to {MAX_WAIT_S:g} seconds, not "
                            f"{self.wait_workers_s:g}")
        if self.scheduler:
            check_address(self.scheduler, "--scheduler")


MAX_WAIT_S = 86_400.0
"""The longest ``--wait-workers``: a day."""

ADDRESS_FORM = "tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786"

SCHEMES = ("tcp",)
"""The schemes a study's scheduler may be reached by. ``tls://`` needs certificates the
command line has no options for, ``ucx://`` a GPU network stack, ``inproc://`` a scheduler
inside this very process: each gave a traceback after about 24 s."""


def check_address(address: str, source: str) -> None:
    """A one-line UserError naming ``source`` (the option or variable it came from) unless
    ``address`` is a scheduler address a study can use: ``tcp://`` (none means ``tcp``; see
    :data:`SCHEMES`), a host and a port 1-65535.

    Checked before a ``distributed.Client`` is made: given ``foo`` or ``http://...`` the
    Client raises a bare ValueError and then hangs 20 s closing itself.
    """
    scheme = address.partition("://")[0] if "://" in address else "tcp"
    if scheme not in SCHEMES and address.partition("://")[2]:  # said before Dask is loaded
        raise UserError(f"{source} {address!r}: a study runs on a scheduler reached by tcp, "
                        f"not by {scheme}; write {ADDRESS_FORM}")
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import get_backend

    problem = ""
    try:
        scheme, location = parse_address(address, strict=False)
        get_backend(scheme)
        if not location:
            problem = "no host and port after the scheme"
        elif scheme not in SCHEMES:
            problem = f"a study runs on a scheduler reached by tcp, not by {scheme}"
        else:
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


class ClusterLost(UserError):
    """The scheduler went out of reach during a study (killed, its machine or network down):
    what finished is kept, and the runner says how to finish the study."""


class VersionMismatch(UserError):
    """A worker runs other versions of wokphysics, Python, numpy or pymunk than the driver
    (a study's results are the same only among equal ones)."""


POLL_S = 1.0
"""How often the driver looks at the cluster while it waits for chunks: whether the scheduler
is still there, and how many workers it has (the window of chunks in flight grows as workers
join)."""


def check_versions(theirs: dict[str, str], where: str) -> None:
    """A :class:`VersionMismatch` naming ``where`` and every version that differs from this
    process's (:func:`~wokphysics.batch.tasks.versions`)."""
    ours = versions()
    differ = [f"{name} {theirs.get(name, 'none')} (here {ours[name]})"
              for name in ours if theirs.get(name) != ours[name]]
    if differ:
        raise VersionMismatch(
            f"the worker {where} runs {', '.join(differ)}: install the same versions of "
            "wokphysics, Python, numpy and pymunk on every worker and here (docs/scaling.md)"
        )


class DaskExecutor:
    """Tasks in chunks on a Dask cluster, through a ``distributed.Client``.

    Chunks grow from one task to about :data:`CHUNK_SECONDS` of work as the measured task
    time comes in, and only a window of them is in flight (:data:`IN_FLIGHT_PER_WORKER` per
    worker, recounted as workers join or leave), so a study of any size streams. A chunk
    whose worker died is retried once by Dask (``retries=1``); a chunk that still fails is
    reported task by task with the error, never dropped. Every chunk's worker must run this
    process's versions (:func:`check_versions`). A scheduler out of reach for
    ``lost_s`` seconds stops the study with :class:`ClusterLost`.
    """

    def __init__(self, client: Client, where: str, lost_s: float = 20.0) -> None:
        self.client = client
        self.where = where
        self.lost_s = lost_s
        self.workers = max(1, sum(client.nthreads().values()))

    def run(self, study: Study, indices: Sequence[int]) -> Iterator[list[Outcome]]:
        from distributed import Future
        from distributed.client import FIRST_COMPLETED, _wait

        client = self.client
        todo = _Queue(indices)
        if not todo:
            return
        context: Any = study.context
        if context is not None:
            context = client.scatter(context, broadcast=True, hash=False)
        inflight: dict[Any, tuple[Future[Any], list[Task]]] = {}
        timing = _Timing()
        run_id = uuid.uuid4().hex[:8]
        numbers = itertools.count()
        counted = answered = time.monotonic()
        unreachable_since: float | None = None

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

        try:
            while todo and len(inflight) < self.workers * IN_FLIGHT_PER_WORKER:
                submit()
            while inflight:
                pending = [future for future, _ in inflight.values()]
                try:
                    # distributed.wait, on this client (the public one takes the default
                    # client, and a study's client is never made the default)
                    done, _ = client.sync(_wait, pending, timeout=POLL_S,
                                          return_when=FIRST_COMPLETED)
                except TimeoutError:
                    done = set()
                except Exception as error:  # the client cancelled them: it lost the scheduler
                    raise ClusterLost(f"lost the Dask scheduler ({self.where}): "
                                      f"{_first_line(error)}") from None
                if client.status != "running":  # the scheduler is out of reach
                    now = time.monotonic()
                    unreachable_since = unreachable_since or now
                    if now - unreachable_since >= self.lost_s:
                        raise ClusterLost(f"lost the Dask scheduler ({self.where}): out of "
                                          f"reach for {self.lost_s:g} s")
                    continue
                unreachable_since = None
                if done:
                    answered = time.monotonic()
                elif time.monotonic() - answered >= self.lost_s:
                    # nothing finished for a while: is the scheduler still there at all (a
                    # stopped or cut-off one keeps the connection open and says nothing)?
                    if not _answers(client, self.lost_s):
                        raise ClusterLost(f"lost the Dask scheduler ({self.where}): it did "
                                          f"not answer for {self.lost_s:g} s")
                    answered = time.monotonic()
                for future in sorted(done, key=lambda f: str(f.key)):
                    if future.status == "cancelled":  # the scheduler forgot it: lost
                        raise ClusterLost(f"lost the Dask scheduler ({self.where}): it "
                                          "dropped the study's tasks")
                    _, tasks = inflight.pop(future.key)
                    result = _collect(future, tasks)
                    if not isinstance(result, ChunkResult) and _lost(result, client):
                        raise ClusterLost(f"lost the Dask scheduler ({self.where}): its "
                                          "connection closed")
                    if isinstance(result, ChunkResult):
                        check_versions(result.versions, result.where)
                        timing.add(result)
                        yield result.outcomes
                    else:
                        yield result
                if time.monotonic() - counted >= POLL_S:  # workers join (or leave)
                    counted = time.monotonic()
                    threads = _ask(client, "ncores", self.lost_s)
                    if threads is None:
                        raise ClusterLost(f"lost the Dask scheduler ({self.where}): it did "
                                          f"not answer for {self.lost_s:g} s")
                    self.workers = max(1, sum(threads.values()))
                while todo and len(inflight) < self.workers * IN_FLIGHT_PER_WORKER:
                    submit()
        finally:
            # Interrupted (Ctrl-C), abandoned or lost: stop the work still queued.
            if inflight and client.status == "running":
                _silence()
                client.cancel([future for future, _ in inflight.values()])
            if isinstance(context, Future) and client.status == "running":
                context.release()


LOST_ERRORS = ("CommClosedError", "CancelledError", "FutureCancelledError",
               "FuturesCancelledError", "StreamClosedError")
"""A chunk that failed with one of these did not fail: the connection to the scheduler did
(it is reported as the cluster lost, and its tasks run again on ``--resume``, rather than
recorded as failed)."""


def _lost(outcomes: list[Outcome], client: Any) -> bool:
    error = outcomes[0].error or "" if outcomes else ""
    return client.status != "running" or error.split(":")[0] in LOST_ERRORS


def _ask(client: Any, question: str, wait_s: float) -> Any:
    """The scheduler's answer to ``question`` (an RPC of ``client.scheduler``), or None if
    it gave none within ``wait_s`` seconds (the client's own calls wait for ever: a stopped
    scheduler, or one cut off by the network, keeps its connection open and says nothing)."""
    import asyncio

    async def ask() -> Any:
        return await asyncio.wait_for(getattr(client.scheduler, question)(), wait_s)

    try:
        return client.sync(ask)
    except Exception:
        return None


def _answers(client: Any, wait_s: float) -> bool:
    """Whether the client's scheduler answers (who it is) within ``wait_s`` seconds."""
    return _ask(client, "identity", wait_s) is not None


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__


class _Queue:
    """The tasks still to submit, in order: 8 bytes a task (a deque of Python ints took 36,
    360 MB for a study of 10 million tasks)."""

    def __init__(self, indices: Sequence[int]) -> None:
        self._indices = indices if isinstance(indices, array) else array("q", indices)
        self._next = 0

    def __len__(self) -> int:
        return len(self._indices) - self._next

    def popleft(self) -> int:
        index: int = self._indices[self._next]
        self._next += 1
        return index


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
        probe_scheduler(address, options.connect_s)
        try:
            client = Client(address, timeout=f"{options.connect_s}s", set_as_default=False)
        except (OSError, TimeoutError) as error:
            raise UserError(f"cannot reach the Dask scheduler at {address}: {error}") from None
        try:
            with _quiet_if_interrupted(), _quiet_client():
                workers = wait_for_workers(client, address, options.wait_workers_s)
                check_worker_versions(client)
                noun = "worker" if workers == 1 else "workers"
                yield DaskExecutor(client, f"the cluster at {address} ({workers} {noun} at "
                                   "the start)",
                                   options.lost_s)
        finally:
            with _quiet_client():
                _close(client)
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


def probe_scheduler(address: str, wait_s: float) -> None:
    """A one-line UserError unless a Dask scheduler answers at ``address`` within ``wait_s``
    seconds: asked who it is (Dask's ``identity``), it says ``Scheduler``.

    A ``distributed.Client`` waits for the first answer without a time limit, so an HTTP
    server there hung a study for ever with nothing said; a service that talks first had its
    greeting read as a frame length ("Unable to allocate 2.82 EiB")."""
    import asyncio

    from distributed.comm.core import connect

    async def identify() -> Any:
        # the connection is retried up to 80 % of the time, so an address where nothing
        # listens says so (OSError) before the whole question times out
        comm = await connect(address, timeout=0.8 * wait_s)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    try:
        answer = asyncio.run(asyncio.wait_for(identify(), wait_s))
    except OSError as error:  # TimeoutError too (asyncio's is the builtin one)
        silent = isinstance(error, TimeoutError) and "trying to connect" not in str(error)
        if not silent:
            raise UserError(f"cannot reach the Dask scheduler at {address}: nothing answered "
                            f"within {wait_s:g} s (is the scheduler running, and the "
                            "address and port right?)") from None
        raise UserError(f"{address}: no Dask scheduler answered within {wait_s:g} s "
                        "(another service, an HTTP server say, listens there); give the "
                        "address `dask scheduler` printed") from None
    except Exception as error:  # it talked, but not Dask's protocol
        raise UserError(f"{address}: what answered is not a Dask scheduler "
                        f"({type(error).__name__}); give the address `dask scheduler` "
                        "printed") from None
    kind = answer.get("type") if isinstance(answer, dict) else None
    if kind != "Scheduler":
        what = f"a Dask {kind}" if isinstance(kind, str) else "not a Dask scheduler"
        raise UserError(f"{address}: is {what}, not the scheduler; give the address `dask "
                        "scheduler` printed")


def wait_for_workers(client: Any, address: str, wait_s: float) -> int:
    """How many workers the cluster has, waiting up to ``wait_s`` seconds for the first
    (workers queued on a batch system or Kubernetes, a cluster just starting), with a line
    on standard error saying so; a one-line UserError if none came."""
    start = time.monotonic()
    said = False
    while not client.scheduler_info().get("workers"):
        waited = time.monotonic() - start
        if waited >= wait_s:
            if said and sys.stderr.isatty():
                print(file=sys.stderr)
            raise UserError(f"the Dask scheduler at {address} has no workers (waited "
                            f"{wait_s:g} s for one): start some (`dask worker {address}`) "
                            "or wait longer with --wait-workers SECONDS")
        if waited >= POLL_S or said:
            end = "\r" if sys.stderr.isatty() else "\n"
            if sys.stderr.isatty() or not said:
                print(f"waiting for the first worker of the cluster at {address} "
                      f"({waited:.0f} of {wait_s:g} s)", end=end, file=sys.stderr, flush=True)
            said = True
        try:
            client.wait_for_workers(1, timeout=min(POLL_S, max(0.1, wait_s - waited)))
        except TimeoutError:
            pass
    if said and sys.stderr.isatty():
        print(file=sys.stderr)
    return len(client.scheduler_info().get("workers", {}))


def check_worker_versions(client: Any) -> None:
    """Every worker runs this process's versions (:func:`check_versions`); one that cannot
    even run wokphysics is named too. Workers that join later are checked by their chunks."""
    try:
        found = client.run(versions)
    except Exception as error:
        raise VersionMismatch(f"a worker of the cluster cannot run wokphysics "
                              f"({type(error).__name__}: {error}): install the same "
                              "wokphysics everywhere (docs/scaling.md)") from None
    for where, theirs in sorted(found.items()):
        check_versions(theirs, where)


CLOSE_S = 5.0
"""How long closing the connection to an existing cluster may take (after a lost scheduler
the client would otherwise try to reconnect for its whole timeout)."""


def _close(client: Any) -> None:
    try:
        client.close(timeout=CLOSE_S)
    except Exception:  # closing a client whose scheduler is gone: nothing left to close
        pass


NOISY_LOGGERS = ("distributed", "distributed.client", "distributed.gc", "tornado",
                 "tornado.application")
"""On Ctrl-C, cancelling futures and closing the client make Dask and tornado log errors of
callbacks that no longer matter; an abandoned run silences them until the cluster is closed.
The children are named too: Dask's logging config gives them levels of their own (tornado's
"Exception in callback" comes through ``tornado.application``, at ERROR, whatever ``tornado``'s
level), so silencing the parents alone let a traceback through after "interrupted: ..."."""


CLIENT_LOGGERS = ("distributed.client", "distributed.utils", "distributed.comm")
"""The client's own loggers: on a lost scheduler they print a page of reconnect tracebacks
(ConnectionRefusedError...) while the study says the one line that matters."""


@contextmanager
def _quiet_client() -> Iterator[None]:
    """Quiet :data:`CLIENT_LOGGERS` while the block runs (a study on an existing cluster):
    what they would say, a lost connection, the study says itself in one line."""
    loggers = [logging.getLogger(name) for name in CLIENT_LOGGERS]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


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
