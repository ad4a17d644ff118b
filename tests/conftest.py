"""Test setup: SDL's dummy drivers before pygame starts, so the suite runs with no display;
property tests without a time limit, since the shared 2-core CI machine is noisy and the tests
judge results, never speed."""

import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Protocol

import pytest
from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

settings.register_profile("wokphysics", deadline=None)
settings.load_profile("wokphysics")


CHECKOUT_PACKAGE = Path(__file__).resolve().parents[1] / "wokphysics"
INSTALLED_RUN = os.environ.get("WOKPHYSICS_TEST_INSTALLED") == "1"
"""The suite runs on the installed package (``WOKPHYSICS_TEST_INSTALLED=1``, see the
checkout's ``conftest.py``; .ci/run's pass on the compiled build), not on this checkout."""

# test_compiled.py compares this checkout's plain Python with the installed build, and checks
# the checkout holds no compiled module: on the installed package it has nothing to compare.
collect_ignore = ["test_compiled.py"] if INSTALLED_RUN else []

COVERED_ELSEWHERE = Path(__file__).with_name("covered_elsewhere.txt")
"""The quick tests whose every line and branch other quick tests cover too (one function a
line, ``path::name``): marked ``covered_elsewhere``, which .ci/run runs on the compiled build,
without coverage's tracer (``.ci/covered_elsewhere.py`` writes the list)."""


class Markable(Protocol):
    """What :func:`mark_covered_elsewhere` reads and writes of a collected test."""

    @property
    def nodeid(self) -> str: ...

    def add_marker(self, marker: pytest.MarkDecorator) -> None: ...


def mark_covered_elsewhere(items: Iterable[Markable]) -> None:
    """Mark the listed tests (every parameter of a listed function) ``covered_elsewhere``."""
    listed = {line.strip() for line in COVERED_ELSEWHERE.read_text().splitlines()
              if line.strip() and not line.startswith("#")}
    for item in items:
        if item.nodeid.split("[")[0] in listed:
            item.add_marker(pytest.mark.covered_elsewhere)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    mark_covered_elsewhere(items)


@pytest.fixture(scope="session")
def _dask_session() -> Iterator[str]:
    """A real Dask cluster of 2 worker processes, started the first time a test asks for
    :func:`dask_cluster` in this process (a pytest-xdist worker) and closed at the end of the
    session: a run of tests that need none starts none, and each xdist worker starts one at
    most."""
    from wokphysics.batch.cluster import local_cluster

    # The workers import the tests' task functions by module name, as pytest does (each test
    # folder on the path), and they take the path they start with.
    tests = Path(__file__).parent
    for folder in [tests, *sorted(p for p in tests.iterdir() if p.is_dir())]:
        if str(folder) not in sys.path and not folder.name.startswith((".", "__")):
            sys.path.insert(0, str(folder))
    with local_cluster(2) as cluster:
        from distributed import Client

        with Client(cluster, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=120)  # both up before a test counts on them
        yield str(cluster.scheduler_address)


@pytest.fixture
def dask_cluster(_dask_session: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The session's cluster, for a test that runs a study on Dask (a ``simulate`` or
    ``sweep`` in this process or in a subprocess, ``run_study`` with a cluster): its address
    is Dask's default scheduler for the test, through Dask's ``DASK_SCHEDULER_ADDRESS``
    convention, as on a user's cluster, instead of an embedded cluster started per command.
    Tests of the embedded cluster ask for one with ``--workers``."""
    import dask.config

    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", _dask_session)
    with dask.config.set({"scheduler-address": _dask_session}):
        yield _dask_session
