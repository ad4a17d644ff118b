"""Test setup: SDL's dummy drivers before pygame starts, so the suite runs with no display;
property tests without a time limit, since the shared 2-core CI machine is noisy and the tests
judge results, never speed."""

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

settings.register_profile("wokphysics", deadline=None)
settings.load_profile("wokphysics")


@pytest.fixture(scope="session", autouse=True)
def dask_cluster() -> Iterator[str]:
    """One real Dask cluster of 2 worker processes for the whole session.

    Every ``simulate`` and ``sweep`` the tests run (in this process or in a subprocess) uses it
    through Dask's ``DASK_SCHEDULER_ADDRESS`` convention, as on a user's cluster, instead of
    starting an embedded cluster per command. Tests of the embedded cluster ask for it with
    ``--workers``.
    """
    import dask.config

    from wokphysics.batch.cluster import local_cluster

    with local_cluster(2) as cluster:
        address = str(cluster.scheduler_address)
        os.environ["DASK_SCHEDULER_ADDRESS"] = address
        dask.config.set({"scheduler-address": address})
        try:
            yield address
        finally:
            os.environ.pop("DASK_SCHEDULER_ADDRESS", None)
            dask.config.set({"scheduler-address": None})
