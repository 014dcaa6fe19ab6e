"""Filling a frozen value object's slots while it is being built (private).

The value classes (``Hand``, ``WinContext``) are frozen: setting an attribute raises,
and a slot's own setter, the way past that guard, costs several times a plain
assignment. ``writable(cls)`` gives a twin of ``cls``: a subclass that adds no slots (the
same layout, so an object may switch to it and back by ``__class__`` assignment) and
whose attributes can be set. A constructor switches its new object to the twin, fills
the slots by plain assignment and switches it back, inside ``try``/``finally``; nobody
else ever sees an object of a twin class.
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["SET_CLASS", "writable"]

T = TypeVar("T")

SET_CLASS = object.__setattr__
"""Past a frozen guard: the one attribute set so, ``__class__``."""
_TWINS: dict[type, type] = {}
"""Each class asked for so far -> its writable twin (one per class: bounded by the
program's classes). Two threads may make a twin of one class at once; either serves."""


def writable(made: type[T]) -> type[T]:
    """The writable twin of ``made`` (made once, then kept)."""
    twin = _TWINS.get(made)
    if twin is None:
        twin = type(f"_Writable{made.__name__}", (made,), {
            "__slots__": (), "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,  # both, or Python looks up __setattr__ each time
            "__module__": made.__module__})
        _TWINS[made] = twin
    return twin
