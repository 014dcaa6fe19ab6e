"""One function over many items, here or on worker processes: the same answers in order,
an item's error as its value."""

from __future__ import annotations

import concurrent.futures
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from mahjong_core.cli.replay import main as replay_main
from mahjong_core.errors import InvalidContextError
from mahjong_core.parallel import (
    Dask,
    Folded,
    Local,
    Outcome,
    Pending,
    Processes,
    backend_for,
    derive_seed,
    fold_in_order,
    map_in_order,
    run_all,
)
from mahjong_core.parallel import _start_method as start_method

_T = TypeVar("_T")
_R = TypeVar("_R")


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


_FORKED_RUN = """
import sys
from mahjong_core.parallel import Local, Processes, _start_method
from tests.test_parallel import square_or_fail
import tests.test_parallel as here
here.MARK = "set before the fork"   # a forked worker sees it; a spawned one would not
for _ in range(2):   # the second pool forks too: the first one's threads are gone
    assert _start_method() == "fork", _start_method()
    with Processes(2) as processes:
        forked = processes.run(square_or_fail, list(range(7)))
        marks = processes.run(here.mark, [0])
    assert forked == Local().run(square_or_fail, list(range(7))), forked
    assert marks[0].value == "set before the fork", marks
print("forked", len(forked))
"""

MARK = "as imported"


def mark(_: int) -> str:
    """The worker's own ``MARK``: what the process it was forked from set, if it was."""
    return MARK


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers fork on Linux only")
def test_workers_fork_from_a_process_without_threads_and_answer_alike() -> None:
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", _FORKED_RUN], cwd=root, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0 and done.stdout == "forked 7\n", done.stderr


def test_workers_start_fresh_while_another_thread_runs() -> None:
    """Forking a process that runs threads is not safe: the workers are spawned then."""
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        assert start_method() == "spawn"
        with Processes(2) as processes:
            assert processes.run(square_or_fail, list(range(7))) == EXPECTED
    finally:
        release.set()
        other.join()


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


# -- streams, sums and the Dask cluster ------------------------------------------------


def numbers(count: int) -> Iterator[int]:
    """A stream (not a list): the runner must read it as it goes."""
    yield from range(count)


def add(a: int, b: int) -> int:
    return a + b


def join(a: str, b: str) -> str:
    return a + b


def squares_or_fail(count: int) -> list[Outcome[int]]:
    return [Outcome(value=n * n) if n % 7 != 3 else
            Outcome(error=f"ValueError: {n} is refused") for n in range(count)]


def refuse_some(n: int) -> int:
    if n % 7 == 3:
        raise ValueError(f"{n} is refused")
    return n * n


@pytest.mark.parametrize("batch", [None, 1, 3])
@pytest.mark.parametrize("make", [Local, lambda: Processes(2)], ids=["local", "processes"])
def test_a_stream_is_answered_in_order_by_batches(make: Callable[[], Local | Processes],
                                                  batch: int | None) -> None:
    with make() as backend:
        assert list(map_in_order(refuse_some, numbers(40), backend, batch=batch)) == (
            squares_or_fail(40))


def test_the_stream_is_read_ahead_a_few_batches_only() -> None:
    taken: list[int] = []

    def stream() -> Iterator[int]:
        for n in range(1000):
            taken.append(n)
            yield n

    with Processes(2) as backend:
        answers = map_in_order(abs, stream(), backend, batch=4)
        assert next(answers).value == 0
        assert len(taken) <= (2 * backend.workers + 1) * 4 + 4


@pytest.mark.parametrize("make", [Local, lambda: Processes(2)], ids=["local", "processes"])
def test_a_fold_sums_in_order_and_lists_the_errors(make: Callable[[], Local | Processes]
                                                   ) -> None:
    expected = sum(n * n for n in range(50) if n % 7 != 3)
    parts: list[Folded[int]] = []
    with make() as backend:
        folded = fold_in_order(refuse_some, numbers(50), add, backend, batch=4,
                               progress=parts.append)
        concatenated = fold_in_order(str, numbers(30), join, backend, batch=4)
        nothing = fold_in_order(refuse_some, numbers(0), add, backend)
    assert folded.value == expected and folded.count == 50 - 7
    assert folded.errors == tuple((n, f"ValueError: {n} is refused") for n in range(3, 50, 7))
    assert concatenated.value == "".join(map(str, range(30)))   # merged in input order
    assert len(parts) == 13 and sum(p.count + len(p.errors) for p in parts) == 50
    assert sum(p.value or 0 for p in parts) == expected
    assert nothing == Folded(None)


class _Broken(Processes):
    """A pool that loses every worker: its work never comes back."""

    def submit(self, function: Callable[[_T], _R], item: _T) -> Pending[_R]:
        future: concurrent.futures.Future[_R] = concurrent.futures.Future()
        future.set_exception(RuntimeError("a worker was lost"))
        return future


def test_work_a_lost_worker_held_is_answered_as_an_error() -> None:
    with _Broken(2) as backend:
        answers = list(map_in_order(abs, numbers(5), backend, batch=2))
        folded = fold_in_order(abs, numbers(5), add, backend, batch=2)
    assert answers == [Outcome(error="RuntimeError: a worker was lost")] * 5
    assert folded.value is None and [i for i, _ in folded.errors] == list(range(5))


def test_the_backend_is_chosen_by_jobs_and_scheduler() -> None:
    assert isinstance(backend_for(), Local) and isinstance(backend_for(1), Local)
    backend = backend_for(3)
    assert isinstance(backend, Processes) and backend.workers == 3
    with pytest.raises(InvalidContextError):
        backend_for(0)


def test_without_dask_a_scheduler_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(InvalidContextError, match=r"mahjong_core\[dask\]"):
        backend_for(scheduler="tcp://127.0.0.1:8786")


@pytest.mark.parametrize("address", [3, None, b"tcp://x"])
def test_a_scheduler_that_is_no_address_is_refused(address: object) -> None:
    pytest.importorskip("distributed")
    with pytest.raises(InvalidContextError, match="scheduler is an address"):
        Dask(address)


def test_a_dask_cluster_answers_as_one_process(cluster: str) -> None:
    with Dask(cluster) as backend:
        assert backend.workers == 2
        assert list(map_in_order(refuse_some, numbers(40), backend, batch=3)) == (
            squares_or_fail(40))
        folded = fold_in_order(str, numbers(30), join, backend, batch=4)
        assert backend.run(refuse_some, list(range(9))) == squares_or_fail(9)
    assert folded.value == "".join(map(str, range(30))) and folded.count == 30


def test_replay_on_a_dask_cluster_equals_one_process(
        cluster: str, capsys: pytest.CaptureFixture[str]) -> None:
    games = str(Path(__file__).parent / "data" / "real_games.mjlog")
    assert replay_main([games]) == 0
    here = capsys.readouterr()
    assert replay_main(["--scheduler", cluster, "--quiet", games]) == 0
    there = capsys.readouterr()
    assert there.out == here.out and there.err == here.err == ""
    assert len(here.out.splitlines()) >= 5


_TRY_SCHEDULER = """
import socket, sys, threading, time
from mahjong_core.errors import InvalidContextError
from mahjong_core.parallel import Dask
address = sys.argv[1]
if address == "junk":   # something answers, but not a Dask scheduler
    server = socket.create_server(("127.0.0.1", 0))
    def answer() -> None:
        while True:
            peer, _ = server.accept()
            peer.sendall(b"\\xff" * 64)
    threading.Thread(target=answer, daemon=True).start()
    address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
start = time.monotonic()
try:
    Dask(address)
except InvalidContextError as error:
    print(f"{time.monotonic() - start:.1f}", error)
"""


def _free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as server:
        return int(server.getsockname()[1])


@pytest.mark.parametrize("address", ["nonsense", "tcp://", "tcp://127.0.0.1:notaport",
                                     "http://127.0.0.1:1", "junk", "refused"])
def test_a_scheduler_that_cannot_be_used_is_named_at_once(address: str) -> None:
    """A clear error, soon, and the program ends at once (a half-made Dask client left
    behind used to wait 40 s at exit and print a traceback)."""
    pytest.importorskip("distributed")
    if address == "refused":
        address = f"tcp://127.0.0.1:{_free_port()}"
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", _TRY_SCHEDULER, address], text=True,
                          capture_output=True, timeout=60, check=False,
                          env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])})
    assert time.monotonic() - start < 15, done
    seconds, _, message = done.stdout.strip().partition(" ")
    assert float(seconds) < 6 and done.returncode == 0, done
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr, done
    assert "scheduler" in message, done


def test_a_cluster_without_workers_is_refused_not_waited_on() -> None:
    """Work sent to a scheduler with no worker would wait for ever."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=0, dashboard_address=":0") as local:
        with pytest.raises(InvalidContextError, match="has no workers"):
            Dask(local.scheduler_address, timeout=1)
        with distributed.Client(local, set_as_default=False) as client:
            with pytest.raises(InvalidContextError, match="has no workers"):
                Dask(client, timeout=1)
            assert client.status == "running"   # one's own client stays open


def test_a_cluster_that_cannot_import_the_library_is_refused(tmp_path: Path) -> None:
    """Every game sent there would fail alike (a scheduler without the library cannot
    even read the work): one clear error at the start instead."""
    pytest.importorskip("distributed")
    dask = Path(sys.executable).parent / "dask"
    if not dask.exists():
        pytest.skip("no dask command beside this Python")
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    # a package of the library's name that cannot be imported, ahead of the real one
    # (installed or not) on the cluster's path
    shadow = tmp_path / "shadow" / "mahjong_core"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text('raise ImportError("not here")\n', encoding="utf-8")
    bare = {**os.environ, "PYTHONPATH": str(shadow.parent)}
    started = [subprocess.Popen([str(dask), *args], cwd=tmp_path, env=bare,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
               for args in (["scheduler", "--host", "127.0.0.1", "--port", str(port),
                             "--no-dashboard"],
                            ["worker", address, "--nthreads", "1", "--no-dashboard"])]
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        with pytest.raises(InvalidContextError, match="must import mahjong_core"):
            Dask(address, timeout=30)
    finally:
        for process in started:
            process.terminate()
        for process in started:
            process.wait(timeout=30)
