"""Fixtures more than one test module uses, and hypothesis's settings for every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import settings

# no time limit per example: speed is measured by the bench, and a loaded machine (CI runs
# on two shared cores) must not turn a correct example into a failure
settings.register_profile("mahjong_core", deadline=None)
settings.load_profile("mahjong_core")


@pytest.fixture(scope="session")
def cluster() -> Iterator[str]:
    """A real Dask cluster of two worker processes on this machine: its address (the
    tests that use it are skipped where Dask is not installed)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as local:
        yield local.scheduler_address
