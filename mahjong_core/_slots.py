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

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

__all__ = ["SET_CLASS", "fast_field", "fast_init", "writable"]

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


def fast_field(*, plain: type | None = None, most: int | None = None,
               refuse: Callable[[str, Any], Any] | None = None,
               table: Mapping[str, object] | None = None) -> Mapping[str, object]:
    """A field's metadata for ``fast_init``: a value of class ``plain`` (or an int from 0
    to ``most``) is kept as it is, a string found in ``table`` becomes its entry; anything
    else goes to the field's converter, or to ``refuse(name, value)``, which raises."""
    return {"fast": (plain, most, refuse, table)}


def fast_init(cls: type, finish: Callable[[Any], None]) -> Callable[..., None]:
    """A keyword-only constructor for the frozen attrs class ``cls``, written from its
    fields: each init field is checked or converted as its ``fast_field`` metadata and
    converter say and set by plain assignment on the writable twin; then ``finish(self)``
    runs (still writable), for checks of the whole and derived fields.

    It does what attrs' own constructor does, at a plain assignment's cost per field
    (attrs' costs a slot setter's call each); the fields stay declared once, in the class.
    """
    names: dict[str, object] = {"SET_CLASS": SET_CLASS, "writable": writable, "cls": cls,
                                "twin": writable(cls), "finish": finish}
    params, body = [], []
    for index, field in enumerate(attrs.fields(cls)):
        if not field.init:
            continue
        name = field.name
        names[f"default_{index}"] = field.default
        params.append(f"{name}=default_{index}")
        plain, most, refuse, table = field.metadata.get("fast", (None, None, None, None))
        names[f"plain_{index}"], names[f"most_{index}"] = plain, most
        names[f"table_{index}"] = table
        names[f"convert_{index}"] = field.converter
        names[f"refuse_{index}"] = refuse
        slow = (f"convert_{index}({name})" if field.converter is not None
                else f"refuse_{index}({name!r}, {name})" if refuse is not None else name)
        if most is not None:
            test = f"{name}.__class__ is int and 0 <= {name} <= most_{index}"
        elif plain is not None:
            test = f"{name}.__class__ is plain_{index}"
        else:
            test = ""
        if table is not None:
            slow = (f"table_{index}[{name}] if {name}.__class__ is str and {name} in "
                    f"table_{index} else {slow}")
        value = f"{name} if {test} else {slow}" if test else slow
        body.append(f"        self.{name} = {value}")
    source = "\n".join([
        f"def __init__(self, *, {', '.join(params)}):",
        "    made = self.__class__",
        '    SET_CLASS(self, "__class__", twin if made is cls else writable(made))',
        "    try:",
        *body,
        "        finish(self)",
        "    finally:",
        "        self.__class__ = made",
    ])
    exec(compile(source, f"<{cls.__name__} constructor>", "exec"), names)
    init: Callable[..., None] = names["__init__"]  # type: ignore[assignment]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = f"Build a {cls.__name__} from its fields (see the class)."
    return init
