"""Helpers for measured speed figures (``wokphysics bench``), shared by every layer's bench.

This module sits at the bottom of the layers (it imports nothing of the project), so the
table's, the games' and the window's figure sources can all use it without importing the
``bench`` command, which sits at the top and collects them.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable

CONFIG_ENV = "WOKPHYSICS_BENCH_CONFIG"
"""Where ``bench --config`` leaves the config path for the Wok on Fire figure sources."""


def bench_config_path() -> str | None:
    """The config path given to ``wokphysics bench --config``, if any."""
    return os.environ.get(CONFIG_ENV)


def median_seconds(run: Callable[[], object], repeat: int) -> float:
    """Median wall time in seconds of ``repeat`` calls of ``run`` (at least one call)."""
    times = []
    for _ in range(max(1, repeat)):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def median_cpu_seconds(run: Callable[[], object], repeat: int) -> float:
    """Median CPU time of this process in seconds of ``repeat`` calls of ``run`` (at least
    one call): on a shared, busy machine the wall clock also counts time spent waiting for a
    core, the CPU time does not."""
    times = []
    for _ in range(max(1, repeat)):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def percentile(values: list[float], share: float) -> float:
    """The ``share`` (0..1) percentile of ``values``, linearly interpolated between ranks."""
    ordered = sorted(values)
    rank = share * (len(ordered) - 1)
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


class FrameTimes:
    """The frames a window bench counts: wall and thread-CPU milliseconds of each (the CPU
    time leaves out the waits for a core on a busy machine)."""

    def __init__(self) -> None:
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def time(self, frame: Callable[[], object], count: bool = True) -> None:
        """Run ``frame()``; keep its times when ``count``."""
        cpu_start = time.thread_time()
        start = time.perf_counter()
        frame()
        if count:
            self.wall.append(1000.0 * (time.perf_counter() - start))
            self.cpu.append(1000.0 * (time.thread_time() - cpu_start))
