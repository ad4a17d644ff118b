"""``python -m wokphysics.studies.finish DIR``: write the final files of a game study or a
``sweep flips`` whose every task has run (``tasks.csv``, ``summary.json``, the plots,
``report.html``) and print its tables, as ``wokphysics simulate``, ``sweep``, ``compare`` and
``sweep flips`` would have.

Those commands run this in a fresh process once a study's tasks have run on a Dask cluster
(:func:`wokphysics.studies.apart.finish_apart`): the driver holds Dask's libraries (and,
on the embedded cluster, its scheduler), the final files need scipy's and matplotlib's, and
the two together took a 100,000-game study's driver past 200 MB; apart, neither process
holds both. The files are those of :func:`wokphysics.batch.finish_study`, the bytes the study
written in one process gives. An error ends in one line on standard error and exit status 2
(a study folder that cannot be written, say, or a game not yet run). A study run without
``--out`` streams its records to a temporary folder all the same, and this prints its tables
from there without writing a file (``--tables-only``).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from wokphysics.errors import UserError
from wokphysics.studies.run_options import TABLES_ONLY


def main(argv: Sequence[str] | None = None) -> int:
    """Finish the study in ``argv[0]`` (a study folder); returns the exit status: 0, 1 if
    some of its tasks failed, 2 (with a line on standard error) if it cannot, 130 on Ctrl-C
    (the command that started this says so)."""
    words = list(sys.argv[1:] if argv is None else argv)
    write = TABLES_ONLY not in words
    words = [word for word in words if word != TABLES_ONLY]
    if len(words) != 1:
        print(f"usage: python -m wokphysics.studies.finish [{TABLES_ONLY}] STUDY_FOLDER",
              file=sys.stderr)
        return 2
    folder = Path(words[0])
    try:
        from wokphysics.batch import Results, finish_study
        from wokphysics.batch.store import read_manifest
        from wokphysics.studies import flip_sweep, plans
        from wokphysics.studies.commands import show_results

        definition = read_manifest(folder)["definition"]
        failed = False
        if definition.get("study") == flip_sweep.STUDY:
            sweep = flip_sweep.study(definition)

            def show(results: Results) -> None:
                nonlocal failed
                flip_sweep.show_table(results)
                failed = bool(results.failures)
                sys.stdout.flush()

            finish_study(sweep, folder, show, write=write)
        else:
            study, study_kind = plans.study(definition)

            def show(results: Results) -> None:
                nonlocal failed
                failed = show_results(definition, study_kind, results, folder)
                sys.stdout.flush()

            finish_study(study, folder, show, write=write)
    except UserError as error:
        print(f"wokphysics: {error}", file=sys.stderr)
        return error.exit_status
    except KeyboardInterrupt:
        return 130
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
