"""``pytest`` tests this checkout, whatever is installed.

After ``pip install '.[test]'`` the environment holds a copy of the package (compiled with
mypyc), which ``import wokphysics`` would find before this folder when pytest runs from its
console script: a source edit then went untested. So this checkout goes first on the path of
the test process and, through ``PYTHONPATH``, of every process the tests start (the command
line run as a user runs it, Dask's workers).

``WOKPHYSICS_TEST_INSTALLED=1`` tests the installed package instead (from any other folder:
``WOKPHYSICS_TEST_INSTALLED=1 python -m pytest /path/to/checkout/tests/...``); the checkout is
then taken off both paths. ``tests/test_checkout.py`` checks that the suite imports the package
it was asked to.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent
INSTALLED_ENV = "WOKPHYSICS_TEST_INSTALLED"


def _is_checkout(entry: str) -> bool:
    return Path(entry or os.curdir).resolve() == CHECKOUT


def _python_path(entries: list[str]) -> None:
    os.environ["PYTHONPATH"] = os.pathsep.join(entries)
    if not entries:
        del os.environ["PYTHONPATH"]


_inherited = [e for e in os.environ.get("PYTHONPATH", "").split(os.pathsep) if e]
if os.environ.get(INSTALLED_ENV) == "1":
    sys.path[:] = [entry for entry in sys.path if not _is_checkout(entry)]
    _python_path([entry for entry in _inherited if not _is_checkout(entry)])
else:
    sys.path.insert(0, str(CHECKOUT))
    _python_path([str(CHECKOUT), *(e for e in _inherited if not _is_checkout(e))])
if "wokphysics" in sys.modules:  # imported before this file ran (a plugin): not ours to trust
    raise RuntimeError(f"wokphysics was imported before {__file__} chose which copy to test")
