"""The hostile-input checks shared by the suites: a public callable's arguments
(``Slot``, ``Target``), the hostile constants put into each argument in turn (``cases``),
and the check of one call (``check``): it succeeds or raises a MahjongError with a short,
printable, one-line message, leaves its inputs untouched and gives the same answer twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

import pytest
from hypothesis import strategies as st

from mahjong_core import MahjongError, Tile
from mahjong_core.errors import quote
from tests.support.strategies import (
    DEEP_VALUES,
    HUGE_INTS,
    LONG_TEXTS,
    LoudInt,
    LoudStr,
    PlainInt,
    PlainStr,
    hostile,
)

__all__ = ["MAX_MESSAGE", "Outcome", "Slot", "Target", "call", "cases", "check", "fingerprint",
           "hostile_constants", "keywords", "options"]

MAX_MESSAGE = 1500
"""The longest error message any input may give (quoted input is cut)."""


class Slot(NamedTuple):
    """One argument: valid values, the value the deterministic test leaves in place,
    whether hostile values go into it (not for the object whose method is called), and
    for a dict argument the keys under which the deterministic test puts each one."""

    valid: st.SearchStrategy[Any]
    default: object
    hostile: bool = True
    keys: tuple[str, ...] = ()


class Target(NamedTuple):
    """A public constructor or function and its arguments."""

    name: str
    call: Callable[..., object]
    slots: tuple[Slot, ...]

    def __repr__(self) -> str:  # its strategies could not show themselves
        return f"<{self.name}>"


def keywords(call: Callable[..., object]) -> Callable[[dict[str, object]], object]:
    return lambda options: call(**options)


def options(valid: dict[str, st.SearchStrategy[Any]], default: dict[str, object]) -> Slot:
    """A keyword-argument dict in one slot: any subset of the names, each value valid or
    hostile (the deterministic test puts each hostile value under each name in turn)."""
    mixed = {name: strategy | hostile(strategy) for name, strategy in valid.items()}
    return Slot(st.fixed_dictionaries({}, optional=mixed), default, hostile=False,
                keys=tuple(valid))


def fingerprint(values: object) -> list[tuple[object, ...]]:
    """Every mutable container reachable from ``values``, with its items by identity
    (bytearrays by content), walked without recursion: a change to any shows."""
    found: list[tuple[object, ...]] = []
    seen: set[int] = set()
    stack = [values]
    while stack:
        value = stack.pop()
        if id(value) in seen:
            continue
        seen.add(id(value))
        items: list[object]
        if isinstance(value, dict):
            pairs = list(dict.items(value))
            found.append(("dict", id(value), tuple((id(k), id(v)) for k, v in pairs)))
            items = [item for pair in pairs for item in pair]
        elif isinstance(value, list | set):
            items = list(list.__iter__(value) if isinstance(value, list) else set.__iter__(value))
            found.append((type(value).__name__, id(value), tuple(map(id, items))))
        elif isinstance(value, bytearray):
            found.append(("bytearray", id(value), bytes(value)))
            items = []
        elif isinstance(value, tuple | frozenset):
            items = list(tuple.__iter__(value) if isinstance(value, tuple)
                         else frozenset.__iter__(value))
        else:
            items = []
        stack.extend(items)
    return found


class Outcome(NamedTuple):
    """What one call gave: its result, or its error's type and message."""

    result: object
    error: type[MahjongError] | None
    message: str


def call(target: Target, args: tuple[object, ...]) -> Outcome:
    try:
        result = target.call(*args)
    except MahjongError as error:
        message = str(error)
        assert message, f"{target.name}: an empty message for {quote(args)}"
        assert len(message) <= MAX_MESSAGE, f"{target.name}: a message of {len(message)}"
        assert message.isprintable(), f"{target.name}: an unprintable message {message!r}"
        return Outcome(None, type(error), message)
    except Exception as error:  # the finding: anything but the library's own error
        pytest.fail(f"{target.name}{quote(args, limit=30)} raised {type(error).__name__}: "
                    f"{quote(str(error))}")
    str(result), repr(result)  # a result can always be shown
    return Outcome(result, None, "")


def check(target: Target, args: tuple[object, ...]) -> Outcome:
    """Call twice: the same answer, the inputs untouched."""
    before = fingerprint(args)
    first = call(target, args)
    second = call(target, args)
    assert fingerprint(args) == before, f"{target.name} changed its input {quote(args)}"
    assert _same(first, second), f"{target.name}: {first} then {second} for {quote(args)}"
    return first


def _same(first: Outcome, second: Outcome) -> bool:
    """Two outcomes are equal; a result that holds a value unequal to itself (NaN) or
    whose ``==`` raises (a caller's odd subclass, kept by a value that takes anything)
    is compared by its shown form."""
    try:
        if first == second:
            return True
    except Exception:
        pass
    return quote(first, limit=10_000) == quote(second, limit=10_000)


def hostile_constants(default: object) -> list[object]:
    """Every fixed hostile value, and the slot's default as odd subclasses."""
    values: list[object] = [*HUGE_INTS, *DEEP_VALUES, *LONG_TEXTS, None, 1.5, float("nan"),
                            b"1m", bytearray(b"1m"), memoryview(b"1m"), [None], {"a": 1},
                            object(), range(10 ** 5000), [Tile(0)] * 100_000]
    if type(default) is str:
        values += [PlainStr(default), LoudStr(default)]
    if type(default) is int:
        values += [PlainInt(default), LoudInt(default), bool(default)]
    return values


def cases(target: Target) -> Iterable[tuple[object, ...]]:
    """Each hostile constant in each argument (and under each key of a dict argument),
    the other arguments left at their valid defaults."""
    defaults = [slot.default for slot in target.slots]
    for index, slot in enumerate(target.slots):
        values: list[object] = []
        if slot.hostile:
            values += hostile_constants(slot.default)
        if isinstance(slot.default, dict):
            for key in slot.keys:
                values += [{**slot.default, key: value}
                           for value in hostile_constants(slot.default.get(key))]
        for value in values:
            yield (*defaults[:index], value, *defaults[index + 1:])
