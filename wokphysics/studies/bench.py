"""``wokphysics bench --only batch``: what the batch runner costs and gains, measured.

- ``batch.wof_4p_200_games_1_worker_s`` and ``..._2_workers_s``: wall seconds of
  ``simulate wok-on-fire --players 4 --games 200`` on an embedded cluster of 1 and of 2
  worker processes (cluster start-up included, as the command pays it), measured in
  alternation so both see the same machine; ``batch.speedup_2_workers_vs_1`` is the ratio of
  their medians. Each pair takes about a minute on an idle 2-core machine, so at most 3 pairs
  are run whatever ``--repeat`` says.
- ``batch.overhead_ms_per_task``: (a 2,000-task study of trivial tasks through the runner,
  on an already running 2-worker cluster, records streamed to a folder) minus (the same 2,000
  tasks in a plain loop), per task. ``..._with_start`` includes starting the embedded cluster.
- ``batch.study_100k_driver_peak_mb``: the driver's peak resident memory (the scheduler
  included, as it runs in the driver) while a 100,000-task study streams to disk, measured in
  a fresh process; ``batch.study_100k_s`` is that study's wall time.
- ``batch.load_average_1min``: the machine's load when the figures were taken (another
  program's work on a shared machine slows every figure here), and beside each group of
  figures the load as it ended (``batch.speedup_load_average_1min``,
  ``batch.overhead_load_average_1min``, ``batch.study_100k_load_average_1min``), so each
  figure can be read with the load it was measured under.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from wokphysics.batch import ClusterOptions, RunOptions, SameParams, Study, Task, run_study
from wokphysics.batch.cluster import local_cluster
from wokphysics.games.wok_on_fire.info import INFO

SPEEDUP_PAIRS = 3
OVERHEAD_TASKS = 2000
MEMORY_TASKS = 100_000


def trivial(task: Task, context: Any) -> dict[str, Any]:
    """A task that does almost nothing (a few microseconds), so the runner's cost shows."""
    return {"value": (task.seed * 2654435761) % 1000, "half": task.seed / 2}


def wof_definition() -> dict[str, Any]:
    """``simulate wok-on-fire --players 4 --games 200`` (defaults otherwise)."""
    return {
        "game": INFO.name,
        "seed": 1,
        "games": 200,
        "players": [4],
        "bots": ["strong", "weak"],
        "rotate": False,
        "replays": None,
        "variants": [{"label": "default", "values": {}, "config": None}],
        "vary": [],
    }


def _timed_study(study: Study, folder: Path | None, cluster: ClusterOptions) -> float:
    start = time.perf_counter()
    results = run_study(study, folder, RunOptions(cluster, progress=False))
    seconds = time.perf_counter() - start
    if not results.complete:
        raise RuntimeError(f"bench study {study.name} did not complete: {results.failures[:1]}")
    return seconds


def speedup_figures(repeat: int) -> dict[str, float]:
    from wokphysics.studies.plans import study

    wof, _ = study(wof_definition())
    one, two = [], []
    for _ in range(max(1, min(repeat, SPEEDUP_PAIRS))):
        one.append(_timed_study(wof, None, ClusterOptions(workers=1)))
        two.append(_timed_study(wof, None, ClusterOptions(workers=2)))
    return {
        "batch.wof_4p_200_games_1_worker_s": statistics.median(one),
        "batch.wof_4p_200_games_2_workers_s": statistics.median(two),
        "batch.speedup_2_workers_vs_1": statistics.median(one) / statistics.median(two),
    }


def overhead_figures(repeat: int) -> dict[str, float]:
    study = Study("trivial", 1, SameParams({}, OVERHEAD_TASKS), trivial)
    loops, warm, cold = [], [], []
    with local_cluster(2) as cluster, tempfile.TemporaryDirectory() as scratch:
        running = ClusterOptions(scheduler=str(cluster.scheduler_address))
        for number in range(max(1, repeat)):
            start = time.perf_counter()
            for index in range(OVERHEAD_TASKS):
                trivial(study.task(index), None)
            loops.append(time.perf_counter() - start)
            warm.append(_timed_study(study, Path(scratch) / f"warm{number}", running))
            cold.append(_timed_study(study, Path(scratch) / f"cold{number}", ClusterOptions(
                workers=2)))
    loop = statistics.median(loops)
    return {
        "batch.overhead_ms_per_task": 1000 * (statistics.median(warm) - loop) / OVERHEAD_TASKS,
        "batch.overhead_ms_per_task_with_start": 1000
        * (statistics.median(cold) - loop)
        / OVERHEAD_TASKS,
    }


def memory_figures() -> dict[str, float]:
    """Run the 100,000-task study in a fresh process and read its peak memory."""
    result = subprocess.run(
        [sys.executable, "-m", "wokphysics.studies.bench", "--memory"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "DASK_SCHEDULER_ADDRESS": ""},
    )
    peak_mb, seconds = (float(v) for v in result.stdout.split())
    return {"batch.study_100k_driver_peak_mb": peak_mb, "batch.study_100k_s": seconds}


def _memory_study() -> None:
    import resource

    study = Study("trivial-100k", 1, SameParams({}, MEMORY_TASKS), trivial)
    with tempfile.TemporaryDirectory() as scratch:
        seconds = _timed_study(study, Path(scratch) / "study", ClusterOptions(workers=2))
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KB on Linux
    print(f"{peak_kb / 1024:.1f} {seconds:.3f}")


def bench_figures(repeat: int) -> dict[str, float]:
    figures = {"batch.load_average_1min": os.getloadavg()[0]}
    figures.update(speedup_figures(repeat))
    figures["batch.speedup_load_average_1min"] = os.getloadavg()[0]
    figures.update(overhead_figures(repeat))
    figures["batch.overhead_load_average_1min"] = os.getloadavg()[0]
    figures.update(memory_figures())
    figures["batch.study_100k_load_average_1min"] = os.getloadavg()[0]
    figures["batch.load_average_1min_after"] = os.getloadavg()[0]
    return figures


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="the batch runner's memory figure")
    parser.add_argument("--memory", action="store_true")
    if parser.parse_args().memory:
        _memory_study()
