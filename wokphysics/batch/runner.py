"""Run a study: map its tasks over Dask (or this process), stream what finishes, and write
the study's folder.

``run_study(study, out_dir, options)`` is the one entry point; every batch command (the four
games' ``simulate``, ``sweep`` and the physics sweeps) goes through it.
"""

from __future__ import annotations

import errno
import gc
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wokphysics.batch.cluster import ClusterLost, ClusterOptions, executor
from wokphysics.batch.columns import Columns
from wokphysics.batch.results import Results
from wokphysics.batch.store import (
    REPORT,
    SUMMARY,
    TASKS_CSV,
    Ledger,
    RecordLog,
    append_run,
    atomic,
    claimed,
    gather,
    open_folder,
    write_json,
)
from wokphysics.batch.tasks import Study
from wokphysics.batch.values import Scalar
from wokphysics.errors import UserError
from wokphysics.games.seeds import MAX_SEED, task_seed

SHOWN_FAILURES = 10
"""Failed tasks printed as they happen; all of them are in the results and ``tasks.csv``."""


@dataclass(frozen=True)
class RunOptions:
    """How to run a study (none of it changes the results).

    Attributes:
        cluster: where the tasks run.
        progress: draw a progress bar on standard error.
        resume: ``out_dir`` holds this study already; run only its missing (or failed) tasks.
        finish: once every task is done, read the records back and write the final files
            (``tasks.csv``, ``summary.json``, the plots, ``report.html``). False (with an
            ``out_dir``): stop once the tasks are run and streamed, and leave the final files
            to :func:`finish_study`, in a fresh process say (see
            :mod:`wokphysics.studies.finish`), so that the cluster's libraries and the
            summaries' and plots' never share one process's memory; the
            :class:`~wokphysics.batch.results.Results` of a complete study then have no
            columns, failures or summary.
        kept: ``out_dir`` is the person's (``--out``): a study stopped midway says how to
            finish it there. False: a folder of the command's own that goes with it (a study
            without ``--out`` that streams its records all the same), so a stopped study says
            that nothing is kept.
    """

    cluster: ClusterOptions = field(default_factory=ClusterOptions)
    progress: bool = True
    resume: bool = False
    finish: bool = True
    kept: bool = True


def run_study(study: Study, out_dir: Path | None, options: RunOptions | None = None) -> Results:
    """Run ``study`` and, with ``out_dir``, write its folder (see :mod:`wokphysics.batch`).

    Records stream to ``out_dir/records.jsonl.gz`` as tasks finish (to memory without an
    ``out_dir``). Ctrl-C stops the study cleanly: queued tasks are cancelled, finished ones
    kept, and ``Results.interrupted`` is set (no summary files are written then; resume with
    ``RunOptions(resume=True)``).
    """
    options = options or RunOptions()
    options.cluster.check()
    check_seeds(study)
    log = RecordLog(None, len(study))
    if out_dir is not None:
        log = open_folder(out_dir, study, options.resume)
        with claimed(out_dir):  # one process at a time runs a study's folder
            return _run(study, out_dir, options, log)
    if options.resume:
        raise ValueError("resuming needs the study's folder")
    return _run(study, out_dir, options, log)


def _run(study: Study, out_dir: Path | None, options: RunOptions, log: RecordLog) -> Results:
    """Run the tasks ``log`` lacks and write the folder's files (see :func:`run_study`)."""
    ledger = log.scan()
    todo = ledger.todo()
    done = len(study) - len(todo)
    start = time.perf_counter()
    interrupted = False
    ran = failed = 0
    where = "nowhere (every task was done)"
    stopped: UserError | None = None
    then = ""
    try:
        if todo:
            with executor(options.cluster) as runner:
                where = runner.where
                with _progress(study, done, options.progress) as bar:
                    for outcomes in runner.run(study, todo):
                        log.append(outcomes)
                        ran += len(outcomes)
                        bar.update(len(outcomes))
                        for outcome in outcomes:
                            if outcome.error is not None:
                                failed += 1
                                if failed > SHOWN_FAILURES:
                                    continue
                                bar.write(
                                    f"task {outcome.task.index} (seed {outcome.task.seed}) "
                                    f"failed: {outcome.error}"
                                )
            log.flush()  # what the last seconds gathered: a full disk is said below
    except KeyboardInterrupt:
        interrupted = True
    except ClusterLost as lost:
        stopped, then = lost, "`--resume {folder}` finishes the study"
    except OSError as error:  # the study's folder: a full disk, say
        stopped, then = _unwritable(out_dir, error), FREE_AND_RESUME
    finally:
        log.close()
    seconds = time.perf_counter() - start
    ledger = log.scan()
    if stopped is not None:
        kept_in = out_dir if options.kept else None
        raise UserError(f"{stopped}; {_kept(study, ledger.finished, kept_in, then)}") from None
    session = Results(study, out_dir, Columns(), [], {}, interrupted, ran, seconds, where)
    if interrupted:  # an interrupted study's records are read for its Results only
        session.columns, session.failures = gather(log, ledger, None)
    if out_dir is None:
        return session if interrupted else _final_files(study, out_dir, log, ledger, session)
    if interrupted or not options.finish:
        # not options.finish: every task is done, the final files are left to finish_study
        _log_run(out_dir, study, ledger.finished, session)
        return session
    return _final_files(study, out_dir, log, ledger, session,
                        then=lambda: _log_run(out_dir, study, ledger.finished, session))


def finish_study(study: Study, out_dir: Path,
                 show: Callable[[Results], None] | None = None, write: bool = True) -> Results:
    """Write the final files of ``study`` in ``out_dir``, whose every task has its record
    (run by :func:`run_study` with ``RunOptions(finish=False)``, in another process say):
    ``tasks.csv``, ``summary.json``, the plots and ``report.html``, the bytes an uninterrupted
    run writes. No task runs, and ``runs.jsonl`` is left as it is (the session that ran the
    tasks noted itself). A folder of another study, or with a task not yet run, is refused
    in one line (UserError).

    ``show(results)`` (printing the study's tables, say) is called once ``summary.json`` is
    written and before the plots are drawn: what it builds is freed before matplotlib's
    figures take their memory, not added to them (16 MiB of a 100,000-game study's tables on
    the compiled build). ``write`` False: no file is written; ``show`` is given the complete
    results (a study without ``--out``, whose records streamed to a folder of its own)."""
    log = open_folder(out_dir, study, resume=True)
    with claimed(out_dir):
        ledger = log.scan()
        if ledger.finished < len(study):
            raise UserError(
                f"{out_dir}: {len(study) - ledger.finished} of {len(study)} tasks have not run "
                f"yet: `--resume {out_dir}` runs them and writes the study's files"
            )
        results = Results(
            study, out_dir, Columns(), [], {}, False, 0, 0.0, "nowhere (every task was done)")
        if not write:
            results = _final_files(study, None, log, ledger, results)
            if show is not None:
                show(results)
            return results
        return _final_files(study, out_dir, log, ledger, results, show=show)


def _final_files(study: Study, out_dir: Path | None, log: RecordLog, ledger: Ledger,
                 results: Results, then: Callable[[], None] | None = None,
                 show: Callable[[Results], None] | None = None) -> Results:
    """``results`` with the columns, failures and summary of the complete study in ``log``,
    and its final files written into ``out_dir`` (if any): ``tasks.csv`` as the records are
    sorted, then (after ``then()``: the session noted in ``runs.jsonl``) ``summary.json``,
    (after ``show(results)``) the plots and ``report.html``."""
    tasks_csv = None if out_dir is None else out_dir / TASKS_CSV
    try:
        results.columns, results.failures = gather(log, ledger, tasks_csv)
    except OSError as error:
        if tasks_csv is None:
            raise
        raise UserError(f"{_unwritable(out_dir, error)}; every task is done: `--resume "
                        f"{out_dir}` writes the study's files") from None
    if then is not None:
        then()
    results.summary = summarise(study, results.columns, results.failures)
    if out_dir is not None:
        try:
            write_json(out_dir / SUMMARY, results.summary)
            results.files = [out_dir / TASKS_CSV, out_dir / SUMMARY]
            if show is not None:
                show(results)
            results.files += write_plots_and_report(study, results, out_dir)
        except OSError as error:
            raise UserError(f"{_unwritable(out_dir, error)}; every task is done: `--resume "
                            f"{out_dir}` writes the study's files") from None
    return results


def _log_run(out_dir: Path, study: Study, finished: int, session: Results) -> None:
    """Note the session (where, how many tasks, how long) in ``runs.jsonl``; a folder that
    cannot be written ends the study in one line, unless it was interrupted anyway."""
    try:
        append_run(out_dir, {"where": session.where, "ran": session.ran,
                             "seconds": round(session.seconds, 3),
                             "interrupted": session.interrupted, "finished": finished})
    except OSError as error:
        if not session.interrupted:
            raise UserError(f"{_unwritable(out_dir, error)}; "
                            f"{_kept(study, finished, out_dir, FREE_AND_RESUME)}") from None


def _unwritable(folder: Path | None, error: OSError) -> UserError:
    """What a study says when its folder cannot be written (a full disk, say)."""
    reason = error.strerror or str(error)
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        reason = "the disk is full"
    return UserError(f"{folder}: cannot write the study's files: {reason}")


FREE_AND_RESUME = "free some space and `--resume {folder}` finishes the study"


def _kept(study: Study, finished: int, folder: Path | None, then: str) -> str:
    """How much of a stopped study is kept, and ``then`` how to finish it."""
    if folder is None:
        return "nothing is kept without --out DIR"
    return (f"{finished} of {len(study)} tasks finished and are kept in {folder}: "
            + then.format(folder=folder))


def check_seeds(study: Study) -> None:
    """A UserError if the study's last task seed passes the largest game seed: the study
    would run, but a game record of such a seed is refused by ``replay --verify`` and its
    game cannot be replayed alone with ``--seed``."""
    count = study.seed_every or len(study)
    if count and task_seed(study.seed, count - 1) > MAX_SEED:
        raise UserError(
            f"--seed {study.seed}: its {count} tasks would be seeded up to "
            f"{task_seed(study.seed, count - 1)}, past the largest seed {MAX_SEED}; "
            f"give a seed of at most {MAX_SEED - count + 1}"
        )


def summarise(study: Study, columns: Columns, failures: list[dict[str, Scalar]]) -> dict[str, Any]:
    """``summary.json``: the study, its counts and failures, then the study's own summary.

    Nothing here depends on how or where the tasks ran, so the same study gives the same
    bytes on one worker or fifty.
    """
    summary: dict[str, Any] = {
        "study": study.name,
        "title": study.title or study.name,
        "seed": study.seed,
        "tasks": len(study),
        "succeeded": len(columns),
        "failed": [
            {"task": row["task"], "seed": row["seed"], "error": row["error"]} for row in failures
        ],
        "definition": dict(study.definition),
    }
    if study.summarise is not None and len(columns):
        summary.update(study.summarise(columns))
    return summary


def write_plots_and_report(study: Study, results: Results, out_dir: Path) -> list[Path]:
    """The study's PNG figures and ``report.html``; returns the files written."""
    from wokphysics.batch.report import write_report

    written: list[Path] = []
    plots = []
    if study.plots is not None and len(results.columns):
        plots = study.plots(results.columns, results.summary)
    for plot in plots:
        path = out_dir / f"{plot.name}.png"
        with atomic(path) as partial:
            plot.figure.savefig(partial, dpi=100, metadata={"Software": None}, format="png")
        written.append(path)
    write_report(out_dir / REPORT, study, results, plots)
    written.append(out_dir / REPORT)
    # a matplotlib figure is a knot of reference cycles: collected now, its memory is reused
    # by what comes next (the printed tables) instead of adding to the process's peak
    # (about 10 MiB of 180 for a 100,000-game study)
    plots.clear()
    gc.collect()
    return written


class _NoBar:
    def update(self, count: int) -> None:
        pass

    def write(self, text: str) -> None:
        print(text, file=sys.stderr)

    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def _progress(study: Study, done: int, show: bool) -> Any:
    """A tqdm bar over the study's tasks (starting at those done before), or none."""
    if not show:
        return _NoBar()
    from tqdm import tqdm

    return tqdm(
        total=len(study), initial=done, desc=study.name, unit="task", file=sys.stderr,
        smoothing=0.05,
    )
