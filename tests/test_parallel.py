"""One function over many items, here or on worker processes: the same answers in order,
an item's error as its value."""

from __future__ import annotations

import pytest

from mahjong_core.errors import InvalidContextError
from mahjong_core.parallel import Local, Outcome, Processes, derive_seed, run_all


def square_or_fail(n: int) -> int:
    if n == 3:
        raise ValueError("three is refused")
    return n * n


EXPECTED = [Outcome(value=n * n) if n != 3 else Outcome(error="ValueError: three is refused")
            for n in range(7)]


@pytest.mark.parametrize("jobs", [1, 2])
def test_results_come_in_input_order_with_errors_as_values(jobs: int) -> None:
    seen: list[tuple[int, int]] = []
    outcomes = run_all(square_or_fail, list(range(7)), jobs=jobs,
                       progress=lambda done, total: seen.append((done, total)))
    assert outcomes == EXPECTED
    assert [o.ok for o in outcomes] == [n != 3 for n in range(7)]
    assert seen == [(done, 7) for done in range(1, 8)]


def test_backends_agree() -> None:
    items = list(range(7))
    assert Local().run(square_or_fail, items) == Processes(2).run(square_or_fail, items)


@pytest.mark.parametrize("jobs", [0, -1, 1.5, "2", True])
def test_bad_jobs_are_refused(jobs: object) -> None:
    with pytest.raises(InvalidContextError):
        run_all(abs, [1], jobs=jobs)  # type: ignore[arg-type]
    if jobs is not True:
        with pytest.raises(InvalidContextError):
            Processes(jobs)  # type: ignore[arg-type]


def test_derived_seeds_depend_on_the_parts_only() -> None:
    seeds = {derive_seed(7, index) for index in range(1000)}
    assert len(seeds) == 1000 and all(0 <= s < 2 ** 63 for s in seeds)
    assert derive_seed(7, 3) == derive_seed(7, 3) != derive_seed(8, 3)
    assert derive_seed(7, 3, 1) != derive_seed(7, 31)
