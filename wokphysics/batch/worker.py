"""Set-up of the embedded cluster's worker processes (a Dask ``preload`` module).

Ctrl-C in a terminal reaches every process of the foreground group, the workers included.
The driver handles it (cancels the queued tasks, keeps the finished ones, closes the
cluster); the workers ignore it, so they do not die half-way through printing tracebacks.

The embedded cluster's scheduler lives in the driver: when the driver closes it (the study
ended or was interrupted), a worker whose heartbeat was under way logs "Failed to communicate
with scheduler during heartbeat" with a page of ``CommClosedError`` traceback. That is the
cluster shutting down, not a problem, so :class:`ShutdownNoise` drops it.
"""

from __future__ import annotations

import logging
import signal
import threading
from typing import Any

WORKER_LOGGER = "distributed.worker"


class ShutdownNoise(logging.Filter):
    """Drops a worker's log records caused by its scheduler's connections closing."""

    def filter(self, record: logging.LogRecord) -> bool:
        problem = record.exc_info[1] if record.exc_info else None
        while problem is not None:
            if type(problem).__name__ == "CommClosedError":
                return False
            problem = problem.__cause__ or problem.__context__
        return not record.getMessage().startswith("Failed to communicate with scheduler")


def dask_setup(worker: Any) -> None:
    """Called by Dask in each worker process as it starts."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    logging.getLogger(WORKER_LOGGER).addFilter(ShutdownNoise())
