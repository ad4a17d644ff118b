"""The batch runner: a study of many pure, seeded tasks, mapped by Dask (here in this process),
summarised per parameter. The same study gives the same records on any number of workers.

Run: ``python -m examples.batch_study`` (or ``python examples/batch_study.py``). Drop
``in_process=True`` to run the tasks on a local Dask cluster, one worker per core.
"""

from __future__ import annotations

from typing import Any

from wokphysics.batch import ClusterOptions, Record, RunOptions, Study, Task, run_study


def trial(task: Task, context: Any) -> Record:
    """One task: a short Wok and Roll game of a greedy bot against a random one, seeded by
    the task's own seed (pure: nothing else decides the result)."""
    from wokphysics.games.registry import make_bot, new_game
    from wokphysics.games.seeds import bot_seed
    from wokphysics.games.simulation import play_out

    state = new_game("wok-and-roll", players=2, seed=task.seed)
    names = ["greedy", str(task.params["opponent"])]
    play_out(state, [make_bot("wok-and-roll", n, bot_seed(task.seed, s)) for s, n in
                     enumerate(names)])
    return {"greedy_won": state.winners() == [0], "greedy_score": state.scores()[0]}


def main() -> None:
    params = [{"opponent": name} for name in ("random", "greedy") for _ in range(10)]
    study = Study("greedy-vs", seed=1, params=params, task_fn=trial)
    options = RunOptions(cluster=ClusterOptions(in_process=True), progress=False)
    results = run_study(study, None, options)  # an out_dir would get CSV, plots and a report
    # the records, one row per task with its parameters, grouped by a parameter
    for opponent, rows in results.columns.group_by("opponent").items():
        won = [bool(w) for w in rows.values("greedy_won")]
        mean = sum(rows.numbers("greedy_score")) / len(rows)
        print(f"greedy against {opponent}: won {sum(won)} of {len(won)}, mean score {mean:.1f}")
    print(f"{results.ran} tasks, run in: {results.where}")


if __name__ == "__main__":
    main()
