"""Set-up of the embedded cluster's worker processes (a Dask ``preload`` module).

Ctrl-C in a terminal reaches every process of the foreground group, the workers included.
The driver handles it (cancels the queued tasks, keeps the finished ones, closes the
cluster); the workers ignore it, so they do not die half-way through printing tracebacks.
"""

from __future__ import annotations

import signal
import threading
from typing import Any


def dask_setup(worker: Any) -> None:
    """Called by Dask in each worker process as it starts."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
