"""Run one function over many items, on this process, on several, or on a Dask cluster;
results in input order.

``run_all(function, items, jobs=J)`` is all a caller with a list needs: with ``jobs=1``
the items run one after another here, with more on ``J`` local worker processes. Either
way the answer is one ``Outcome`` per item, in the items' order: its ``value``, or the
``error`` the item raised, as text, so that one bad item never stops the others. A result
must not depend on where or when an item ran: a function that needs randomness derives it
from its item (``derive_seed``), never from the process.

A corpus is a stream, never held whole: ``map_in_order(function, items, backend)`` gives
the outcomes one by one, in order, while at most a few batches of items are out on the
workers; ``fold_in_order(function, items, merge, backend)`` sums the values instead (each
worker sums its batch, so only the sums travel back). The backends are ``Local()`` (this
process), ``Processes(jobs)`` (local worker processes) and ``Dask(address)`` (the workers
of a running Dask cluster, ``tcp://host:port``; the optional extra ``mahjong_core[dask]``,
imported only when used); ``backend_for(jobs, scheduler)`` picks one as the commands'
``--jobs`` and ``--scheduler`` say. The function and the items must pickle for the last
two (a module-level function, plain values), and the workers must import the library.

>>> [o.value for o in run_all(abs, [-1, 2, -3])]
[1, 2, 3]
>>> run_all(int, ["4", "x"])[1].error
"ValueError: invalid literal for int() with base 10: 'x'"
>>> with Local() as here:
...     [o.value for o in map_in_order(len, iter(["a", "bb"]), here)]
[1, 2]
>>> fold_in_order(len, ["a", "bb", "ccc"], lambda a, b: a + b, Local()).value
6
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import gc
import hashlib
import importlib
import itertools
import multiprocessing
import socket
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from types import TracebackType
from typing import Any, Generic, Protocol, TypeVar

import attrs

from .errors import InvalidContextError, quote

__all__ = ["Backend", "Dask", "Folded", "Local", "Outcome", "Pending", "Processes",
           "backend_for", "derive_seed", "fold_in_order", "map_in_order", "run_all"]

_T = TypeVar("_T")
_R = TypeVar("_R")
_R_co = TypeVar("_R_co", covariant=True)

Progress = Callable[[int, int], None]
"""Called with (items done, items in all) as items finish."""


@attrs.frozen
class Outcome(Generic[_R]):
    """What one item gave: its ``value``, or the ``error`` it raised (``"Type: message"``)."""

    value: _R | None = None
    error: str | None = None

    @property
    def ok(self) -> bool:
        """True when the item ran without an error."""
        return self.error is None


def _failure(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def _guarded(function: Callable[[_T], _R], item: _T) -> Outcome[_R]:
    try:
        return Outcome(value=function(item))
    except Exception as error:  # an item's failure is its result, not the batch's
        return Outcome(error=_failure(error))


def _batch_outcomes(function: Callable[[_T], _R], batch: Sequence[_T]) -> list[Outcome[_R]]:
    """Each item's outcome, on the worker the batch went to."""
    return [_guarded(function, item) for item in batch]


@attrs.frozen
class Folded(Generic[_R]):
    """A sum over many items: the merged ``value`` of those that ran (None when none
    did), ``count`` the items summed, ``errors`` (index, error) of those that raised."""

    value: _R | None
    count: int = 0
    errors: tuple[tuple[int, str], ...] = ()


def _merged(merge: Callable[[_R, _R], _R], a: Folded[_R], b: Folded[_R]) -> Folded[_R]:
    value = b.value if a.value is None else a.value if b.value is None else merge(
        a.value, b.value)
    return Folded(value, a.count + b.count, a.errors + b.errors)


def _batch_fold(function: Callable[[_T], _R], merge: Callable[[_R, _R], _R],
                batch: Sequence[tuple[int, _T]]) -> Folded[_R]:
    """A batch's values summed on the worker, in order; only the sum travels back."""
    total: Folded[_R] = Folded(None)
    for index, item in batch:
        outcome = _guarded(function, item)
        part = (Folded(outcome.value, 1) if outcome.error is None
                else Folded(None, 0, ((index, outcome.error),)))
        total = _merged(merge, total, part)
    return total


class Pending(Protocol[_R_co]):
    """A submitted piece of work (a ``concurrent.futures.Future``, a Dask future)."""

    def result(self) -> _R_co:
        """The work's value once done; raises what the work raised."""
        ...


class Backend(Protocol):
    """Where items run. ``submit`` starts one call, ``workers`` says how many run at
    once (the read-ahead is a few batches each), ``close`` lets the workers go."""

    @property
    def workers(self) -> int:
        """How many calls run at once."""
        ...

    def submit(self, function: Callable[[_T], _R], item: _T) -> Pending[_R]:
        """Start ``function(item)``."""
        ...

    def close(self) -> None:
        """Stop the workers (after the work submitted)."""
        ...


class _Done(Generic[_R]):
    """A call made at once."""

    def __init__(self, value: _R) -> None:
        self._value = value

    def result(self) -> _R:
        return self._value


class _Shipped:
    """What the shipped backends share: ``with backend:`` closes it at the end, and
    ``run`` answers a list."""

    @property
    def workers(self) -> int:
        """How many calls run at once."""
        return 1

    def submit(self, function: Callable[[_T], _R], item: _T) -> Pending[_R]:
        raise NotImplementedError

    def close(self) -> None:
        """Stop the workers (after the work submitted)."""

    def __enter__(self: _B) -> _B:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def run(self, function: Callable[[_T], _R], items: Sequence[_T],
            progress: Progress | None = None) -> list[Outcome[_R]]:
        """Each item's outcome, in order; ``progress`` hears of each item done."""
        return run_all(function, items, backend=self, progress=progress)


_B = TypeVar("_B", bound=_Shipped)


class Local(_Shipped):
    """The items one after another on this process."""

    def submit(self, function: Callable[[_T], _R], item: _T) -> Pending[_R]:
        """``function(item)`` now."""
        return _Done(function(item))


def _check_jobs(jobs: object) -> int:
    if type(jobs) is not int or jobs < 1:
        raise InvalidContextError(f"jobs is a whole number from 1, got {quote(jobs)}")
    return jobs


def _start_method() -> str:
    """How ``Processes`` starts its workers: ``"fork"`` on Linux while this process runs
    no other thread (a forked worker begins with the library imported and its tables
    read, where a fresh interpreter takes a few tenths of a second to get there: on a
    short job, the difference between one and two processes), else ``"spawn"`` (a fresh
    interpreter: forking a process with threads, or on macOS, is not safe)."""
    if (sys.platform == "linux" and threading.active_count() == 1
            and "fork" in multiprocessing.get_all_start_methods()):
        return "fork"
    return "spawn"


class Processes(_Shipped):
    """The items on ``jobs`` local worker processes, started on the first item: forked
    from this process on Linux while it runs no other thread (the workers begin with the
    library imported), else fresh interpreters (``spawn``). A function whose answer
    depends only on its item answers the same either way."""

    def __init__(self, jobs: int) -> None:
        self.jobs = _check_jobs(jobs)
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    @property
    def workers(self) -> int:
        """``jobs``."""
        return self.jobs

    def submit(self, function: Callable[[_T], _R], item: _T) -> Pending[_R]:
        """Start ``function(item)`` on a worker."""
        if self._pool is None:
            method = _start_method()
            context = multiprocessing.get_context(method)
            self._pool = concurrent.futures.ProcessPoolExecutor(self.jobs, mp_context=context)
            if method == "fork" and not gc.get_freeze_count():
                # the workers fork on this first submit: the caller's objects frozen out
                # of their collections stay shared pages, not a copy in each worker
                gc.freeze()
                try:
                    return self._pool.submit(function, item)
                finally:
                    gc.unfreeze()
        return self._pool.submit(function, item)

    def close(self) -> None:
        """Stop the workers; work not yet started is dropped, the calls under way are
        waited for (so that the pool's threads are gone and the next pool may fork)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


class Dask(_Shipped):
    """The items on the workers of a running Dask cluster, reached at its scheduler's
    ``address`` (``tcp://host:port``), or through a ``distributed.Client`` of one's own.
    Needs the optional extra ``mahjong_core[dask]``; the scheduler and the workers must
    import this library.

    Raises InvalidContextError when Dask is not installed, the scheduler cannot be
    reached (a TCP port where nothing listens is said at once), no worker has joined
    the cluster within ``timeout`` seconds (work sent there would wait for ever), or a
    first small task fails there (the cluster does not import this library).
    """

    def __init__(self, address: object, *, timeout: float = 20.0) -> None:
        try:  # typed as Any: the extra may be missing where the library is checked
            distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise InvalidContextError(
                "a Dask scheduler needs Dask: pip install 'mahjong_core[dask]'") from None
        if isinstance(address, distributed.Client):
            self._client, self._own = address, False
        elif isinstance(address, str):
            self._client, self._own = _connect(distributed, address, timeout), True
        else:
            raise InvalidContextError(f"a Dask scheduler is an address tcp://host:port or a "
                                      f"distributed.Client, got {quote(address)}")
        self._count = self._worker_threads(address, timeout)
        self._try_work(timeout)

    def _try_work(self, timeout: float) -> None:
        """Run one small piece of the library's work there: a cluster that cannot import
        it would fail every item alike."""
        try:
            self._client.submit(derive_seed, 0, pure=False).result(timeout=timeout)
        except Exception as error:
            self.close()
            first = " ".join(str(error).split()).split(". ")[0] or type(error).__name__
            raise InvalidContextError(
                "the Dask cluster cannot run this library's work: its scheduler and workers "
                f"must import mahjong_core, as this Python does ({first})") from None

    def _worker_threads(self, address: object, timeout: float) -> int:
        """The cluster's worker threads, once one worker at least has joined."""
        threads: dict[str, int] = self._client.nthreads()
        if not threads:
            try:
                self._client.wait_for_workers(1, timeout=timeout)
                threads = self._client.nthreads()
            except Exception:  # Dask's timeout, or the scheduler gone
                threads = {}
        if not threads:
            self.close()
            where = quote(address) if isinstance(address, str) else "of the client given"
            raise InvalidContextError(f"the Dask cluster {where} has no workers (none "
                                      f"joined in {timeout:g} s): start some with "
                                      "dask worker ADDRESS")
        return max(1, sum(threads.values()))

    @property
    def workers(self) -> int:
        """The cluster's worker threads when it was reached."""
        return self._count

    def submit(self, function: Callable[[_T], _R], item: _T) -> Pending[_R]:
        """Start ``function(item)`` on the cluster."""
        future: Pending[_R] = self._client.submit(function, item, pure=False)
        return future

    def close(self) -> None:
        """Let the cluster go (a client of one's own stays open)."""
        if self._own:
            self._client.close()


def _connect(distributed: Any, address: str, timeout: float) -> Any:
    """A ``distributed.Client`` of the scheduler at ``address``.

    Raises InvalidContextError naming the address and why it cannot be used.
    """
    where = f"no Dask scheduler answers at {quote(address)}"
    _knock(distributed, address, where, timeout)
    client = distributed.Client.__new__(distributed.Client)
    try:
        client.__init__(address, timeout=f"{timeout}s", set_as_default=False)
    except Exception as error:
        _let_go(client)
        raise InvalidContextError(f"{where}: {_failure(error).removesuffix(': ')}") from None
    return client


def _knock(distributed: Any, address: str, where: str, timeout: float) -> None:
    """Try a TCP scheduler's port first: a bad address or a port where nothing listens
    is said at once (Dask would try again until its timeout)."""
    parse = distributed.comm.addressing
    try:
        scheme, place = parse.parse_address(address)
        if scheme not in ("tcp", "tls"):
            return
        host, port = parse.parse_host_port(place)
    except (ValueError, TypeError) as error:
        raise InvalidContextError(f"{where}: it is no address tcp://host:port ({error})"
                                  ) from None
    try:
        socket.create_connection((host, port), timeout=min(timeout, 5.0)).close()
    except OSError as error:
        raise InvalidContextError(f"{where}: {error.strerror or error or 'timed out'}"
                                  ) from None


def _let_go(client: Any) -> None:
    """Close a client whose making failed: left to itself it would wait 40 s to close
    as the program ends, and print a traceback."""
    with contextlib.suppress(Exception):  # it is dropped whatever happens
        client.close(timeout=2)
    client.status = "closed"


def backend_for(jobs: int = 1, scheduler: str | None = None) -> Local | Processes | Dask:
    """The backend the commands' ``--jobs`` and ``--scheduler`` ask for: a Dask cluster
    when ``scheduler`` is given, else ``jobs`` local processes, else this process.

    Raises InvalidContextError for a ``jobs`` that is not a whole number from 1, and as
    ``Dask`` does.
    """
    _check_jobs(jobs)
    if scheduler is not None:
        return Dask(scheduler)
    return Local() if jobs == 1 else Processes(jobs)


BATCH = 8
"""Items sent to a worker at once (one process takes them one at a time)."""


def _batches(items: Iterable[_T], size: int) -> Iterator[list[_T]]:
    iterator = iter(items)
    while batch := list(itertools.islice(iterator, size)):
        yield batch


def _ordered(backend: Backend, function: Callable[[list[_T]], _R],
             batches: Iterable[list[_T]], lost: Callable[[list[_T], str], _R]
             ) -> Iterator[_R]:
    """Each batch's answer, in order, at most a few batches a worker out at a time; a
    batch whose worker was lost is answered by ``lost``."""
    window = 2 * backend.workers + 1
    pending: collections.deque[tuple[list[_T], Pending[_R]]] = collections.deque()

    def answer(batch: list[_T], work: Pending[_R]) -> _R:
        try:
            return work.result()
        except Exception as error:  # the worker died, the item did not pickle
            return lost(batch, _failure(error))

    for batch in batches:
        try:
            work = backend.submit(function, batch)
        except Exception as error:  # the pool is broken
            work = _Done(lost(batch, _failure(error)))
        pending.append((batch, work))
        if len(pending) >= window:
            yield answer(*pending.popleft())
    while pending:
        yield answer(*pending.popleft())


def map_in_order(function: Callable[[_T], _R], items: Iterable[_T], backend: Backend,
                 *, batch: int | None = None) -> Iterator[Outcome[_R]]:
    """The outcome of ``function`` on each item, in the items' order, as soon as it and
    those before it are done; the items are read ahead a few batches a worker only.

    ``batch`` items go to a worker at once (``BATCH`` by default, 1 on ``Local``).
    """
    size = batch or (1 if isinstance(backend, Local) else BATCH)
    task = _BatchOf(function)

    def lost(batch: list[_T], error: str) -> list[Outcome[_R]]:
        return [Outcome(error=error)] * len(batch)

    for outcomes in _ordered(backend, task, _batches(items, size), lost):
        yield from outcomes


def fold_in_order(function: Callable[[_T], _R], items: Iterable[_T],
                  merge: Callable[[_R, _R], _R], backend: Backend, *,
                  batch: int | None = None,
                  progress: Callable[[Folded[_R]], None] | None = None) -> Folded[_R]:
    """``merge`` over the values of ``function`` on the items, in the items' order:
    ``merge(merge(v0, v1), v2) ...``; an item that raises is left out of the sum and
    listed in ``errors``. Each batch is summed where it ran; ``progress`` hears of each
    batch's sum as it is added (for a progress bar).
    """
    size = batch or (1 if isinstance(backend, Local) else BATCH)
    task = _FoldOf(function, merge)
    total: Folded[_R] = Folded(None)
    numbered = _batches(enumerate(items), size)
    for part in _ordered(backend, task, numbered,
                         lambda batch, error: Folded(None, 0, tuple(
                             (index, error) for index, _ in batch))):
        total = _merged(merge, total, part)
        if progress is not None:
            progress(part)
    return total


@attrs.frozen
class _BatchOf(Generic[_T, _R]):
    """``function`` over a batch (a picklable callable, unlike a closure)."""

    function: Callable[[_T], _R]

    def __call__(self, batch: list[_T]) -> list[Outcome[_R]]:
        return _batch_outcomes(self.function, batch)


@attrs.frozen
class _FoldOf(Generic[_T, _R]):
    function: Callable[[_T], _R]
    merge: Callable[[_R, _R], _R]

    def __call__(self, batch: list[tuple[int, _T]]) -> Folded[_R]:
        return _batch_fold(self.function, self.merge, batch)


def run_all(function: Callable[[_T], _R], items: Sequence[_T], *, jobs: int = 1,
            backend: Backend | None = None, progress: Progress | None = None
            ) -> list[Outcome[_R]]:
    """``function`` over ``items`` on ``backend`` (by default ``Local()`` for ``jobs=1``,
    else ``Processes(jobs)``): one Outcome per item, in order.

    Raises InvalidContextError for a ``jobs`` that is not a whole number from 1.
    """
    _check_jobs(jobs)
    own = backend is None
    if backend is None:
        backend = Local() if jobs == 1 or len(items) <= 1 else Processes(min(jobs, len(items)))
    outcomes: list[Outcome[_R]] = []
    try:
        for done, outcome in enumerate(map_in_order(function, items, backend, batch=1),
                                       start=1):
            outcomes.append(outcome)
            if progress is not None:
                progress(done, len(items))
    finally:
        if own:
            backend.close()
    return outcomes


def derive_seed(seed: int, *parts: int | str) -> int:
    """A seed for one item from the run's ``seed`` and the item's place (its index, ...):
    the same on every process and every run, unrelated for neighbouring items.

    >>> derive_seed(1, 0) == derive_seed(1, 0) != derive_seed(1, 1)
    True
    """
    text = "/".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1
