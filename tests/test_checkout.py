"""The suite tests the package it was asked to: this checkout (``pytest``, whatever is
installed), or the installed copy with ``WOKPHYSICS_TEST_INSTALLED=1`` (see the checkout's
``conftest.py``), in this process and in every process the tests start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import wokphysics

pytestmark = pytest.mark.both_stages

CHECKOUT_PACKAGE = Path(__file__).resolve().parents[1] / "wokphysics"
TESTING_INSTALLED = os.environ.get("WOKPHYSICS_TEST_INSTALLED") == "1"


def _is_the_checkout(package_file: str) -> bool:
    return Path(package_file).resolve().parent == CHECKOUT_PACKAGE


def test_the_tests_import_the_package_they_were_asked_to() -> None:
    assert _is_the_checkout(wokphysics.__file__) != TESTING_INSTALLED, wokphysics.__file__


def test_a_command_the_tests_start_runs_the_same_package(tmp_path: Path) -> None:
    """From another folder too: the CLI runs the tests start (and Dask's workers) import the
    package under test, not the copy an install left in site-packages."""
    done = subprocess.run(
        [sys.executable, "-c", "import wokphysics; print(wokphysics.__file__)"],
        cwd=tmp_path, capture_output=True, text=True, check=True,
    )
    assert _is_the_checkout(done.stdout.strip()) != TESTING_INSTALLED, done.stdout
