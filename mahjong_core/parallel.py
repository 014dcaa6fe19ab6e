"""Run one function over many items, on this process or on several, results in input order.

``run_all(function, items, jobs=J)`` is all a caller needs: with ``jobs=1`` the items run
one after another here, with more on ``J`` local worker processes. Either way the answer
is one ``Outcome`` per item, in the items' order: its ``value``, or the ``error`` the
item raised, as text, so that one bad item never stops the others. A result must not
depend on where or when an item ran: a function that needs randomness derives it from its
item (``derive_seed``), never from the process.

A backend is any object with ``run(function, items, progress) -> list[Outcome]``
(``Backend``); ``Local`` and ``Processes`` are the two shipped. The function and the
items must pickle for ``Processes`` (a module-level function, plain values).

>>> [o.value for o in run_all(abs, [-1, 2, -3])]
[1, 2, 3]
>>> run_all(int, ["4", "x"])[1].error
"ValueError: invalid literal for int() with base 10: 'x'"
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import multiprocessing
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

import attrs

from .errors import InvalidContextError, quote

__all__ = ["Backend", "Local", "Outcome", "Processes", "derive_seed", "run_all"]

_T = TypeVar("_T")
_R = TypeVar("_R")

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


def _guarded(function: Callable[[_T], _R], item: _T) -> Outcome[_R]:
    try:
        return Outcome(value=function(item))
    except Exception as error:  # an item's failure is its result, not the batch's
        return Outcome(error=f"{type(error).__name__}: {error}")


class Backend(Protocol):
    """Where items run: ``run`` returns one Outcome per item, in the items' order."""

    def run(self, function: Callable[[_T], _R], items: Sequence[_T],
            progress: Progress | None = None) -> list[Outcome[_R]]:
        """Each item's outcome, in order; ``progress`` hears of each item done."""
        ...


class Local:
    """The items one after another on this process."""

    def run(self, function: Callable[[_T], _R], items: Sequence[_T],
            progress: Progress | None = None) -> list[Outcome[_R]]:
        """Each item's outcome, in order."""
        outcomes = []
        for done, item in enumerate(items, start=1):
            outcomes.append(_guarded(function, item))
            if progress is not None:
                progress(done, len(items))
        return outcomes


class Processes:
    """The items on ``jobs`` local worker processes (started fresh, with ``spawn``, so
    that nothing of the caller's state reaches them)."""

    def __init__(self, jobs: int) -> None:
        if type(jobs) is not int or jobs < 1:
            raise InvalidContextError(f"jobs is a whole number from 1, got {quote(jobs)}")
        self.jobs = jobs

    def run(self, function: Callable[[_T], _R], items: Sequence[_T],
            progress: Progress | None = None) -> list[Outcome[_R]]:
        """Each item's outcome, in order, whichever worker ran it."""
        outcomes: list[Outcome[_R] | None] = [None] * len(items)
        context = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(self.jobs, mp_context=context) as pool:
            futures = {pool.submit(_guarded, function, item): index
                       for index, item in enumerate(items)}
            for done, future in enumerate(concurrent.futures.as_completed(futures), start=1):
                index = futures[future]
                try:
                    outcomes[index] = future.result()
                except Exception as error:  # a worker lost, an item that does not pickle
                    outcomes[index] = Outcome(error=f"{type(error).__name__}: {error}")
                if progress is not None:
                    progress(done, len(items))
        return [o if o is not None else Outcome(error="not run") for o in outcomes]


def run_all(function: Callable[[_T], _R], items: Sequence[_T], *, jobs: int = 1,
            backend: Backend | None = None, progress: Progress | None = None
            ) -> list[Outcome[_R]]:
    """``function`` over ``items`` on ``backend`` (by default ``Local()`` for ``jobs=1``,
    else ``Processes(jobs)``): one Outcome per item, in order.

    Raises InvalidContextError for a ``jobs`` that is not a whole number from 1.
    """
    if type(jobs) is not int or jobs < 1:
        raise InvalidContextError(f"jobs is a whole number from 1, got {quote(jobs)}")
    if backend is None:
        backend = Local() if jobs == 1 or len(items) <= 1 else Processes(min(jobs, len(items)))
    return backend.run(function, items, progress)


def derive_seed(seed: int, *parts: int | str) -> int:
    """A seed for one item from the run's ``seed`` and the item's place (its index, ...):
    the same on every process and every run, unrelated for neighbouring items.

    >>> derive_seed(1, 0) == derive_seed(1, 0) != derive_seed(1, 1)
    True
    """
    text = "/".join(str(p) for p in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1
