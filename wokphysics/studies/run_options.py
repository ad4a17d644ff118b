"""The batch runner's options every study command shares (``--out``, ``--resume``,
``--workers``, ``--scheduler``, ``--no-cluster``) and what a run says when it ends or is
interrupted: used by the games' studies (:mod:`.commands`) and the physics sweeps
(:mod:`.flip_sweep`) alike.

>>> ran_where("this process"), ran_where("a local cluster of 2 worker processes")
('in this process', 'on a local cluster of 2 worker processes')
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path

from wokphysics.errors import UserError


def add_runner_arguments(parser: argparse.ArgumentParser) -> None:
    """Where the study runs and where its results go."""
    group = parser.add_argument_group("batch runner (results are the same however it runs)")
    group.add_argument(
        "--out",
        metavar="DIR",
        default=None,
        help="write the study into DIR (a new or empty folder): tasks.csv, summary.json, "
        "PNG plots and report.html",
    )
    group.add_argument(
        "--resume",
        metavar="DIR",
        default=None,
        help="finish the study in DIR: run only its missing or failed tasks (the study's "
        "options are read from DIR/study.json)",
    )
    group.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="worker processes of the embedded Dask cluster (default: one per core)",
    )
    group.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        default=None,
        help="run on an existing Dask cluster, e.g. tcp://host:8786 (default: the "
        "DASK_SCHEDULER_ADDRESS environment variable, if set, else an embedded cluster)",
    )
    group.add_argument(
        "--no-cluster",
        action="store_true",
        help="run every task in this process, one after another (debugging; --workers 1)",
    )
    group.add_argument(
        "--wait-workers",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="with an existing cluster, how long to wait for its first worker (workers "
        "queued on a batch system or Kubernetes may take minutes; default 60)",
    )


RUNNER_OPTIONS = ("out", "resume", "workers", "scheduler", "no_cluster", "no_progress",
                  "wait_workers")
"""Options that say how a study runs, not what it is: they may go with ``--resume``."""


def refuse_study_options(
    args: argparse.Namespace, add: Callable[[argparse.ArgumentParser], None]
) -> None:
    """With ``--resume DIR``, a UserError naming any option that would change the study
    (``--games``, ``--seed``, ``--players``...): the study is rebuilt from DIR/study.json,
    so such an option used to be ignored without a word. ``add`` adds the command's options
    to a parser; an option that differs from its default counts as given."""
    defaults = argparse.ArgumentParser()
    add(defaults)
    given = [
        "--" + name.replace("_", "-")
        for name, default in vars(defaults.parse_args([])).items()
        if name not in RUNNER_OPTIONS and getattr(args, name, default) != default
    ]
    if given:
        raise UserError(
            f"--resume {args.resume} finishes the study saved there with its own options "
            f"(study.json), which cannot change: drop {' '.join(given)} (or start a new "
            "study with --out)"
        )


def ran_where(where: str) -> str:
    """"on a local cluster of 2 worker processes", "in this process" (not "on this process")."""
    return f"in {where}" if where == "this process" else f"on {where}"


TABLES_ONLY = "--tables-only"
"""``python -m wokphysics.studies.finish``'s option to print the tables and write nothing: a
study without ``--out`` (its records streamed to a folder of the command's own, which goes
with it)."""


def interrupted_line(done: int, total: int, noun: str, folder: Path | None) -> str:
    """What an interrupted study says: what finished and how to finish it. Stopped after its
    last task (while the cluster closed), a resume only writes the files: it said "`--resume`
    runs the rest" of nothing."""
    line = f"interrupted: {done} of {total} {noun} finished"
    if folder is None:
        return line
    if done == total:
        return f"{line}; `--resume {folder}` writes the study's files"
    return f"{line}; `--resume {folder}` runs the rest"
