"""Strict JSON, shared by the batch commands and the game-log readers.

``load_json`` reads one JSON value as ``json.loads`` does, but refuses what a game or a
request never holds and what would make Python fail or guess: an object with a key twice
(which value counts?), nesting deeper than a limit (checked before any parsing, so deep
input cannot exhaust the stack), a number longer than a limit (checked before it is
converted, so a number of thousands of digits never reaches ``int``) and the constants
``NaN``, ``Infinity`` and ``-Infinity``. ``json_end`` finds where a JSON value ends without
converting anything in it, for splitting text into values.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from collections.abc import Callable
from typing import Any, NoReturn

from .errors import quote

__all__ = ["MAX_JSON_DEPTH", "MAX_NUMBER_CHARS", "JSONRefused", "json_end", "load_json",
           "load_json_lines"]

MAX_JSON_DEPTH = 32
"""The default deepest nesting of JSON arrays and objects; the library's inputs nest a
few levels."""
MAX_NUMBER_CHARS = 40
"""The default longest JSON number, in characters: any 64-bit int or float's shortest
form fits, and nothing in a game needs more."""


class JSONRefused(ValueError):
    """JSON text that parses but is refused: a duplicate key, nesting too deep, a number
    too long, a constant that is not a number. The message says which."""


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text (brackets inside strings
    do not count)."""
    bare = _STRING.sub("", text)
    unterminated = bare.find('"')
    if unterminated >= 0:  # the rest is inside a string that never ends
        bare = bare[:unterminated]
    brackets = _NOT_BRACKET.sub("", bare)
    return max(itertools.accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise JSONRefused(f"duplicate key {quote(key)}")
            seen.add(key)
    return found


def _constant(name: str) -> NoReturn:
    raise JSONRefused(f"{name} is not a JSON number")


@functools.lru_cache(maxsize=8)
def _decoder(max_number: int) -> json.JSONDecoder:
    """A strict decoder, made once for each limit (making one costs more than a line)."""
    def number(literal: str, convert: Callable[[str], object]) -> object:
        if len(literal) > max_number:
            raise JSONRefused(f"a number of {len(literal)} characters; at most {max_number} "
                              "are read")
        return convert(literal)

    return json.JSONDecoder(object_pairs_hook=_object, parse_constant=_constant,
                            parse_int=lambda literal: number(literal, int),
                            parse_float=lambda literal: number(literal, float))


def load_json(text: str, *, max_depth: int = MAX_JSON_DEPTH,
              max_number: int = MAX_NUMBER_CHARS) -> object:
    """One JSON value, read strictly.

    Raises JSONRefused for a duplicate key, nesting deeper than ``max_depth``, a number
    longer than ``max_number`` characters or ``NaN`` / ``Infinity``, and
    ``json.JSONDecodeError`` for text that is not JSON.
    """
    encoded = None
    if text.count("[") + text.count("{") > max_depth:
        encoded = text.encode("utf-8", "surrogatepass")
        if not _nests_within(text, encoded, max_depth) and json_depth(text) > max_depth:
            raise JSONRefused(f"nesting deeper than {max_depth} levels")
    # text dense with numbers (a log's arrays): one look for a number too long, then
    # the numbers read in C; sparse text (a request): its few numbers checked as read,
    # cheaper than a look through all of it
    checked = text.count(",") * _DENSE < len(text) or (
        _NUMBER_CHARS * (max_number + 1) in (
            encoded or text.encode("utf-8", "surrogatepass")).translate(_AS_NUMBER_CHARS)
        and _long_number(max_number).search("[" + text) is not None)
    try:
        return (_decoder(max_number) if checked else _SHORT_NUMBERS).decode(text)
    except RecursionError:  # only below a very small stack: the depth was checked
        raise JSONRefused(f"nesting deeper than {max_depth} levels") from None


_DENSE = 10
"""Text with a comma in fewer than this many characters counts as dense with numbers."""
_NUMBER_CHARS = b"0"
_AS_NUMBER_CHARS = bytes(_NUMBER_CHARS[0] if chr(byte) in "0123456789-+.eE" else ord(" ")
                         for byte in range(256))
"""UTF-8 text turned into runs of ``_NUMBER_CHARS`` where it has the characters of a number
(a number too long is such a run longer than the limit; a run is not always a number)."""
_ONE_BRACKET = bytes({ord("{"): ord("["), ord("}"): ord("]")}.get(byte, byte)
                     for byte in range(256))
_NOT_BRACKET_OR_QUOTE = bytes(byte for byte in range(256) if chr(byte) not in '[]{}"')


def _nests_within(text: str, encoded: bytes, max_depth: int) -> bool:
    """True when JSON text (``encoded`` as UTF-8) surely nests no deeper than
    ``max_depth`` levels as ``json_depth`` counts them; False when it may (then ask
    ``json_depth``). Cheaper than ``json_depth``: for text with no backslash, a quote
    always starts or ends a string, so the brackets outside strings are what lies between
    every other quote; with one kind of bracket, the innermost pairs taken away once a
    level, the brackets of text no deeper than the limit are gone after that many rounds.
    """
    if "\\" in text:
        return False
    pieces = encoded.translate(_ONE_BRACKET, _NOT_BRACKET_OR_QUOTE).split(b'"')
    if len(pieces) % 2 == 0:   # the last string never ends: what follows is in it
        pieces.pop()
    brackets = b"".join(pieces[::2])
    for _ in range(max_depth):
        if not brackets:
            return True
        brackets = brackets.replace(b"[]", b"")
    return not brackets


_SHORT_NUMBERS = json.JSONDecoder(object_pairs_hook=_object, parse_constant=_constant)
"""The strict decoder for text that holds no number too long: its numbers are read in C."""
_SPACED_KEY = re.compile(r'"\s+:')


@functools.lru_cache(maxsize=8)
def _long_number(max_number: int) -> re.Pattern[str]:
    """Finds every number of more than ``max_number`` characters (and a few of exactly
    that many), where a value starts: the search only starts after ``:``, ``,`` or ``[``."""
    return re.compile(f"[:,\\[]\\s*-?[0-9][-+.eE0-9]{{{max_number - 1}}}")


def _spaced_key(text: str) -> bool:
    """Whether a key may have blanks before its colon (cheap substring tests first)."""
    return ('" ' in text or '"\t' in text or '"\r' in text or '"\n' in text) and (
        _SPACED_KEY.search(text) is not None)


def _keys(value: object) -> int:
    """How many object keys a decoded value holds, at every depth."""
    if value.__class__ is dict:
        assert isinstance(value, dict)
        return len(value) + sum(_keys(item) for item in value.values()
                                if item.__class__ is dict or item.__class__ is list)
    if value.__class__ is list:
        assert isinstance(value, list)
        return sum(_keys(item) for item in value
                   if item.__class__ is dict or item.__class__ is list)
    return 0


def load_json_lines(lines: list[str], *, max_depth: int = MAX_JSON_DEPTH,
                    max_number: int = MAX_NUMBER_CHARS) -> list[object] | None:
    """The JSON value of each line, as ``load_json`` reads it, all read at once (twice
    as fast as one by one); or None when a line is not one JSON value or might be refused
    (read the lines one by one to learn which, and why).

    The lines are read as one array by Python's own decoder (each number's length
    checked before it is converted, which costs less than searching the text when a few
    lines hold many strings and few numbers), then checked: nesting no deeper than
    ``max_depth``, and no key twice: there are as many ``":`` in the text as keys
    decoded (a repeated key leaves fewer keys than that; a key with blanks before its
    colon is left to the slow path).
    """
    if not lines:
        return []
    brackets = (max(map(str.count, lines, itertools.repeat("[")))
                + max(map(str.count, lines, itertools.repeat("{"))))
    if brackets > max_depth and any(line.count("[") + line.count("{") > max_depth
                                    for line in lines):
        return None   # perhaps nested too deep
    text = "[" + ",".join(lines) + "]"
    if _spaced_key(text):
        return None
    try:
        values: list[object] = _number_checking(max_number).decode(text)
    except (ValueError, RecursionError):
        return None
    if len(values) != len(lines):
        return None
    if text.count("{") == len(values) and all(v.__class__ is dict for v in values):
        keys = sum(map(len, values))  # type: ignore[arg-type]   # flat objects, one a line
    else:
        keys = _keys(values)
    return values if keys == text.count('":') else None


@functools.lru_cache(maxsize=8)
def _number_checking(max_number: int) -> json.JSONDecoder:
    """Python's own decoder, but refusing a number longer than ``max_number`` before
    converting it (raising JSONRefused); objects are made in C."""
    def whole(literal: str) -> int:
        if len(literal) > max_number:
            raise JSONRefused("a number too long")
        return int(literal)

    def real(literal: str) -> float:
        if len(literal) > max_number:
            raise JSONRefused("a number too long")
        return float(literal)

    return json.JSONDecoder(parse_constant=_constant, parse_int=whole, parse_float=real)


_SKIM = json.JSONDecoder(parse_int=len, parse_float=len, parse_constant=len,
                         object_pairs_hook=len)
"""Reads JSON only to find where it ends: nothing in it is converted or kept."""


def json_end(text: str, start: int = 0) -> int:
    """Where the JSON value that starts at ``start`` ends (the index after it).

    Raises ValueError when no complete JSON value starts there (or it nests too deeply
    to follow).
    """
    try:
        return _SKIM.raw_decode(text, start)[1]
    except RecursionError:
        raise ValueError("JSON nested too deeply to follow") from None
