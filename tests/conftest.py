"""Test setup: SDL's dummy drivers before pygame starts, so the suite runs with no display;
property tests without a time limit, since the shared 2-core CI machine is noisy and the tests
judge results, never speed."""

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

settings.register_profile("wokphysics", deadline=None)
settings.load_profile("wokphysics")


CLUSTER = pytest.StashKey[contextlib.ExitStack]()

CHECKOUT_PACKAGE = Path(__file__).resolve().parents[1] / "wokphysics"
INSTALLED_RUN = os.environ.get("WOKPHYSICS_TEST_INSTALLED") == "1"
"""The suite runs on the installed package (``WOKPHYSICS_TEST_INSTALLED=1``, see the
checkout's ``conftest.py``; .ci/run's pass on the compiled build), not on this checkout."""

# test_compiled.py compares this checkout's plain Python with the installed build, and checks
# the checkout holds no compiled module: on the installed package it has nothing to compare.
collect_ignore = ["test_compiled.py"] if INSTALLED_RUN else []


def pytest_configure(config: pytest.Config) -> None:
    """One real Dask cluster of 2 worker processes for the whole session, started once: in the
    process that runs the tests, or with pytest-xdist in the one that hands them out (its
    workers inherit the address, so the session has one cluster however many workers run).

    Every ``simulate`` and ``sweep`` the tests run (in this process or in a subprocess) uses it
    through Dask's ``DASK_SCHEDULER_ADDRESS`` convention, as on a user's cluster, instead of
    starting an embedded cluster per command. Tests of the embedded cluster ask for it with
    ``--workers``.
    """
    if hasattr(config, "workerinput"):  # an xdist worker: the controller's cluster serves it
        return
    from wokphysics.batch.cluster import local_cluster

    # The workers import the tests' task functions by module name, as pytest does (each test
    # folder on the path), and they take the path they start with.
    tests = Path(__file__).parent
    for folder in [tests, *sorted(p for p in tests.iterdir() if p.is_dir())]:
        if str(folder) not in sys.path and not folder.name.startswith((".", "__")):
            sys.path.insert(0, str(folder))

    stack = contextlib.ExitStack()
    cluster = stack.enter_context(local_cluster(2))
    os.environ["DASK_SCHEDULER_ADDRESS"] = str(cluster.scheduler_address)
    config.stash[CLUSTER] = stack


def pytest_unconfigure(config: pytest.Config) -> None:
    stack = config.stash.get(CLUSTER, None)
    if stack is not None:
        os.environ.pop("DASK_SCHEDULER_ADDRESS", None)
        stack.close()


@pytest.fixture(scope="session", autouse=True)
def dask_cluster() -> Iterator[str]:
    """The session cluster's address, also set as Dask's default scheduler in this process."""
    import dask.config

    address = os.environ["DASK_SCHEDULER_ADDRESS"]
    dask.config.set({"scheduler-address": address})
    try:
        yield address
    finally:
        dask.config.set({"scheduler-address": None})
