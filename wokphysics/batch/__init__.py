"""The batch runner: studies of many pure, seeded tasks (games, flick trials) on Dask.

A study is a list of tasks (:class:`Study`); :func:`run_study` maps them over a Dask cluster
(an embedded ``LocalCluster`` by default, an existing one with a scheduler address, or this
process), streams the records to the study's folder and writes ``tasks.csv``,
``summary.json``, PNG plots and ``report.html``. The results are the same, bit for bit, for
any number of workers. See ``docs/scaling.md``.

Example (a task function must live at module level, so the workers can import it)::

    from wokphysics.batch import RunOptions, Study, run_study

    def trial(task, context):            # pure: depends only on task and context
        rng = numpy.random.default_rng(task.seed)
        return {"value": float(rng.normal(task.params["mean"], 1.0))}

    study = Study("demo", seed=1, params=[{"mean": m} for m in (0, 1, 2) for _ in range(100)],
                  task_fn=trial)
    results = run_study(study, Path("out/demo"), RunOptions())

Importing this package does not import Dask (the runner does, when it runs).

The same in this process (no Dask), three tasks:

>>> def coin(task, context):
...     return {"even_seed": task.seed % 2 == 0}
>>> study = Study("coins", seed=1, params=[{"n": n} for n in range(3)], task_fn=coin)
>>> options = RunOptions(ClusterOptions(in_process=True), progress=False)
>>> results = run_study(study, None, options)
>>> len(results.columns), results.complete, results.where
(3, True, 'this process')
"""

from wokphysics.batch.cluster import ClusterOptions
from wokphysics.batch.columns import Columns
from wokphysics.batch.results import Results
from wokphysics.batch.runner import RunOptions, finish_study, run_study
from wokphysics.batch.tasks import Plot, SameParams, Study, Task, TaskFn
from wokphysics.batch.values import Record, Scalar

__all__ = [
    "ClusterOptions",
    "Columns",
    "Plot",
    "Record",
    "Results",
    "RunOptions",
    "SameParams",
    "Scalar",
    "Study",
    "Task",
    "TaskFn",
    "finish_study",
    "run_study",
]
