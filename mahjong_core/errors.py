"""The library's exceptions: one base class, one subclass per kind of wrong input; and
``quote``, the short form in which a message shows the input it refuses, and
``did_you_mean``, the hint a message gives for a misspelt name."""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import attrs

__all__ = [
    "IllegalActionError",
    "InvalidContextError",
    "InvalidHandError",
    "InvalidLogError",
    "InvalidMeldError",
    "InvalidNotationError",
    "InvalidPaymentsError",
    "InvalidRulesError",
    "InvalidSeatError",
    "InvalidTileError",
    "MahjongError",
    "did_you_mean",
    "quote",
    "safe_repr",
]


class MahjongError(ValueError):
    """Base class of every error this library raises on bad input."""


class InvalidNotationError(MahjongError):
    """Text that is not valid mpsz (or meld) notation."""


class InvalidTileError(MahjongError):
    """A tile value out of range: an unknown kind or id, a red non-five, a fifth copy."""


class InvalidMeldError(MahjongError):
    """A meld whose tiles, called tile or source do not make a legal call."""


class InvalidHandError(MahjongError):
    """A hand with a wrong tile count, too many copies of a kind, or bad melds."""


class InvalidContextError(MahjongError):
    """A win situation that cannot happen (chankan on tsumo, ippatsu without riichi, ...)."""


class InvalidRulesError(MahjongError):
    """An unknown rule name or a rule value of the wrong type."""


class InvalidLogError(MahjongError):
    """A game log that cannot be read: damaged or truncated text, an unknown tag, tile code
    or event, or events in an impossible order. The message names the place."""


class InvalidSeatError(MahjongError):
    """A seat that is not one of the table's (an int 0-3, or 0-2 at three players), or
    seats that do not fit together: a discarder on a tsumo, a discarder or liable player
    who is the winner, a liable seat without a liability payment, a toimen at three
    players."""


class InvalidPaymentsError(MahjongError):
    """Payments whose parts are not ints in range or contradict each other (a
    discarder's part on a tsumo, a dealer's part on a ron or on the dealer's own tsumo)."""


class IllegalActionError(MahjongError):
    """An action the table does not allow at this point: a discard of a tile not held, a
    call that does not fit, a riichi that is not tenpai, a win that is not one."""


# -- quoting input in messages --------------------------------------------------------

QUOTE_LIMIT = 60
"""Characters (or bytes) of a text that ``quote`` keeps before cutting it."""
_QUOTE_DEPTH = 3
_QUOTE_ITEMS = 4
_QUOTE_INT_BITS = 100
"""Ints of more bits (about 30 digits) are given by their size, not their digits."""
_EXACT_DIGITS = 100_000
"""Up to this many digits, the size of a huge int is counted exactly."""


def did_you_mean(unknown: Iterable[str], known: Iterable[str]) -> str:
    """The sentence that suggests the known name nearest each unknown one, or ``""``.

    >>> did_you_mean(["riichii"], ["riichi", "ippatsu"])
    " (did you mean 'riichi'?)"
    """
    import difflib  # only when a name is unknown: it costs the library's import a millisecond

    names = sorted(known)
    near = [match for name in unknown
            for match in difflib.get_close_matches(name, names, n=1, cutoff=0.75)]
    return f" (did you mean {' or '.join(map(repr, near))}?)" if near else ""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A short, printable repr of any value, for an error message; it never raises.

    Short values read as ``repr`` does. Text and bytes are cut after ``limit``
    characters with their length given; ints of more than about 30 digits are given by
    their size (their digits may be more than Python converts); lists, tuples, sets and
    dicts show their first few items and three levels of nesting; a subclass of a
    built-in type is quoted as its base value without running any of its methods. Other
    values show their ``repr``, cut, or their type when the repr fails.

    >>> quote("123m"), quote(5), quote([1, [2, [3, [4]]]])
    ("'123m'", '5', '[1, [2, [3, [...]]]]')
    >>> quote("x" * 1000, limit=5)
    "'xxxxx'... (1000 characters)"
    >>> quote(-10 ** 5000)
    'a negative int of 5001 digits'
    >>> quote(list(range(100)))
    '[0, 1, 2, 3, ... (100 items)]'
    """
    try:
        return _quote(value, _QUOTE_DEPTH, limit if type(limit) is int and limit > 0 else 1)
    except Exception:  # the last resort of an error message: it must not fail
        return "<a value that cannot be shown>"


def _int_size(value: int) -> str:
    """``an int of N digits`` for a huge int, without converting it to text."""
    sign = "a negative int" if value < 0 else "an int"
    magnitude = -value if value < 0 else value
    estimate = int(magnitude.bit_length() * 0.30102999566398120)  # log10(2)
    if estimate > _EXACT_DIGITS:
        return f"{sign} of about {estimate} digits"
    digits = estimate + 1 if magnitude >= 10 ** estimate else estimate
    return f"{sign} of {digits} digits"


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "..."


def _quote(value: object, depth: int, limit: int) -> str:
    kind = type(value)
    if value is None or kind is bool:
        return "None" if value is None else ("True" if value else "False")
    if isinstance(value, int):
        number = int.__int__(value)  # the base value: no override of a subclass runs
        text = int.__repr__(number) if number.bit_length() <= _QUOTE_INT_BITS else (
            _int_size(number))
        return text if kind is int else f"{kind.__name__}({text})"
    if isinstance(value, float):
        text = float.__repr__(value)
        return text if kind is float else f"{kind.__name__}({text})"
    if isinstance(value, str):
        size = str.__len__(value)
        text = repr(str.__getitem__(value, slice(0, limit)))
        if size > limit:
            text += f"... ({size} characters)"
        return text if kind is str else f"{kind.__name__}({text})"
    if isinstance(value, bytes):
        return _quote_bytes(bytes.__getitem__(value, slice(0, limit)), bytes.__len__(value),
                            kind, limit)
    if isinstance(value, bytearray):
        return _quote_bytes(bytes(bytearray.__getitem__(value, slice(0, limit))),
                            bytearray.__len__(value), kind, limit)
    if isinstance(value, list | tuple | set | frozenset | dict):
        return _quote_container(value, depth, limit)
    if kind.__module__.split(".")[0] == "mahjong_core":  # the library's own values
        return _cut(repr(value), 4 * limit)
    text = repr(value)
    if type(text) is not str:
        return f"<{kind.__name__} object>"
    return _cut(text, limit)


def _quote_bytes(start: bytes, size: int, kind: type, limit: int) -> str:
    text = repr(start)
    if size > limit:
        text += f"... ({size} bytes)"
    if kind is bytes:
        return text
    return f"bytearray({text})" if kind is bytearray else f"{kind.__name__}({text})"


def _quote_container(value: list[object] | tuple[object, ...] | set[object]
                     | frozenset[object] | dict[object, object], depth: int, limit: int) -> str:
    """A container's first items, each quoted one level deeper (base methods only)."""
    kind = type(value)
    shown = _QUOTE_ITEMS if depth > 0 else 0
    items: list[str]
    if isinstance(value, dict):
        base, ends, size = "dict", "{}", dict.__len__(value)
        items = [f"{_quote(k, depth - 1, limit)}: {_quote(v, depth - 1, limit)}"
                 for k, v in itertools.islice(dict.items(value), shown)]
    elif isinstance(value, list):
        base, ends, size = "list", "[]", list.__len__(value)
        items = [_quote(v, depth - 1, limit)
                 for v in list.__getitem__(value, slice(0, shown))]
    elif isinstance(value, tuple):
        base, ends, size = "tuple", "()", tuple.__len__(value)
        items = [_quote(v, depth - 1, limit)
                 for v in tuple.__getitem__(value, slice(0, shown))]
        if size == 1 and items:
            items[0] += ","
    elif isinstance(value, set):
        base, ends, size = "set", "{}", set.__len__(value)
        items = [_quote(v, depth - 1, limit)
                 for v in itertools.islice(set.__iter__(value), shown)]
    else:
        base, ends, size = "frozenset", "{}", frozenset.__len__(value)
        items = [_quote(v, depth - 1, limit)
                 for v in itertools.islice(frozenset.__iter__(value), shown)]
    if not size and base in ("set", "frozenset"):
        text = f"{base}()"
    elif size and depth <= 0:
        text = f"{ends[0]}...{ends[1]}"
    else:
        if size > _QUOTE_ITEMS:
            items.append(f"... ({size} items)")
        text = f"{ends[0]}{', '.join(items)}{ends[1]}"
    if kind.__name__ == base and kind.__module__ == "builtins":
        return text if base != "frozenset" or not size else f"frozenset({text})"
    return f"{kind.__name__}({text})"


def safe_repr(value: object) -> str:
    """The repr of an attrs value, as attrs writes it (``Name(field=..., ...)``), with any
    field whose own repr fails (a huge int, deep nesting, a repr that raises) quoted: a
    value class that holds whatever it is given can always be shown.

    >>> from mahjong_core.table import Discard
    >>> Discard(0, 10 ** 5000)
    Discard(seat=0, tile=an int of 5001 digits, riichi=False)
    """
    kind = type(value)
    if not attrs.has(kind):
        return quote(value)
    parts = []
    for field in attrs.fields(kind):
        item = getattr(value, field.name)
        try:
            text = repr(item)
            if type(text) is not str:
                text = quote(item)
        except Exception:  # whatever a field's repr raises, the field is quoted
            text = quote(item)
        parts.append(f"{field.name}={text}")
    return f"{kind.__name__}({', '.join(parts)})"
