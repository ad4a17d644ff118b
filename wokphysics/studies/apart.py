"""A study's final files written apart: in a fresh Python process
(:mod:`wokphysics.studies.finish`), once its tasks have run on a Dask cluster. The driver holds
Dask's libraries (and, on the embedded cluster, its scheduler); the final files need scipy's
and matplotlib's; the two together took a 100,000-game study's driver past 200 MB, and a
16,000-flick ``sweep flips``'s to 224 MB (docs/scaling.md). Apart, neither process holds both.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from wokphysics.errors import UserError
from wokphysics.studies.run_options import TABLES_ONLY


def finish_apart(folder: Path, write: bool = True) -> int:
    """Write the study's final files, and its tables, in a fresh Python process
    (:mod:`wokphysics.studies.finish`, importing the same wokphysics as this one), and print
    what it printed here: its exit status (0, 1 if tasks failed, 2 if it said why it could
    not). A process that cannot start or is killed ends in one line here (UserError), with
    the way to finish. ``write`` False: the tables only (a study without ``--out``)."""
    environment = dict(os.environ)
    environment["PYTHONPATH"] = os.pathsep.join(sys.path)
    environment["PYTHONIOENCODING"] = "utf-8"
    finish = [sys.executable, "-m", "wokphysics.studies.finish",
              *(() if write else (TABLES_ONLY,)), str(folder)]
    then = (f"every game is done: `--resume {folder}` writes the study's files" if write
            else "nothing is kept without --out DIR")
    try:
        done = subprocess.run(finish, env=environment, stdin=subprocess.DEVNULL,
                              capture_output=True, check=False)
    except OSError as error:
        raise UserError(f"cannot start a Python process to write {folder}'s files "
                        f"({error.strerror or error}); {then}") from None
    # through this process's streams, in the order printed (the tables, then what failed)
    sys.stdout.write(done.stdout.decode("utf-8", "replace"))
    sys.stdout.flush()
    sys.stderr.write(done.stderr.decode("utf-8", "replace"))
    if done.returncode < 0:
        number = -done.returncode
        name = signal.Signals(number).name if number in signal.valid_signals() else number
        raise UserError(f"the process writing {folder}'s files was stopped ({name}); {then}")
    return done.returncode
