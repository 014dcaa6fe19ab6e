"""The games of the ``replay``, ``convert`` and ``bench`` commands' inputs, read as a stream.

Every input (a file, or standard input) is read as bytes, piece by piece, so a game is
answered as soon as it is complete and no input is ever held whole. Gzip is recognised
from its first bytes and inflated as it comes (members one after another, zero padding
after them allowed). The format is recognised once per input from its first line: ``<``
opens Tenhou's mjlog XML, a JSON object with a ``type`` opens mjai events, one with an
``"mjlog"``, ``"tenhou6"`` or ``"mjai"`` key (and no ``log``) game records one a line
(see ``RECORD_KEYS``), any other JSON object a tenhou.net/6 log. Each input is then cut
into games without decoding:

- mjlog: a game ends with ``</mjloggm>``, or where the next ``<mjloggm`` begins (an XML
  declaration before a document belongs to it);
- tenhou.net/6: a game is one JSON object; a line that begins with ``{`` while an object
  is still open starts a new one (the open one was cut short);
- mjai: a game ends with its ``end_game`` line, or where the next ``start_game`` begins;
- game records: a line is a game (blank lines are skipped).

Each game is then decoded as UTF-8 on its own, so a bad byte costs only its game. What
cannot be read becomes an error in place of the game it spoils, and reading goes on:
a path that cannot be opened or read (missing, a directory, no permission), an input in
no format the library reads or holding no game, a game of more than ``MAX_GAME_BYTES``
bytes (found before more than that is kept), an mjai line of more than
``MAX_LINE_BYTES``, a game that is not UTF-8, gzip data that is damaged or cut short
(the game it interrupts).
"""

from __future__ import annotations

import io
import json
import re
import sys
import zlib
from collections.abc import Iterable, Iterator
from typing import IO, Literal

import attrs

from .._json import load_json
from ..errors import MahjongError, quote
from ..formats.logs import LogFormat, detect_format
from ._batch import read_lines

__all__ = ["MAX_GAME_BYTES", "MAX_LINE_BYTES", "RECORD_KEYS", "GameText", "read_inputs"]

MAX_GAME_BYTES = 4 << 20
"""The largest game, in bytes (4 MiB): a real whole game takes 10-120 KB."""
MAX_LINE_BYTES = 1 << 20
"""The longest mjai line (one event), in bytes (1 MiB); an event takes about 100 bytes.
mjlog and tenhou.net/6 games have no line limit of their own: one may be written on a
single line or on many."""

RECORD_KEYS = {"mjlog": LogFormat.MJLOG, "tenhou6": LogFormat.TENHOU6,
               "mjai": LogFormat.MJAI}
"""The keys under which a game record (one JSON object a line, such as ``{"id": ...,
"source": ..., "mjlog": "<mjloggm ...>...</mjloggm>"}``) keeps its game: ``"mjlog"`` the
XML text; ``"tenhou6"`` the log as an object or as its JSON text; ``"mjai"`` the events
as a list of objects or as text, one event a line. Its other keys are not read."""
_RECORDS: Literal["records"] = "records"
"""The form of an input of game records (its games are in any of the formats)."""

_CHUNK = 1 << 16
_BLANK = b" \t\r\n"
_BOM = b"\xef\xbb\xbf"


@attrs.frozen
class GameText:
    """One game of the input: its format and text, or why it cannot be read."""

    fmt: LogFormat | None
    text: str
    """The game's text ('' when ``error`` is set)."""
    error: str | None = None


class _Broken(Exception):
    """The input cannot be read on from here (a read failed, the gzip data is damaged)."""


def read_inputs(paths: Iterable[str], stdin: IO[bytes] | None = None) -> Iterator[GameText]:
    """Every game of the inputs, in order; ``-`` is ``stdin`` (standard input's bytes by
    default). Never raises for what the inputs hold: each problem is a GameText with
    its error, in the place of the game (or the input) it spoils."""
    for path in paths:
        name = "standard input" if path == "-" else (
            path if path.isprintable() and len(path) <= 200 else quote(path))
        if path == "-":
            source = stdin if stdin is not None else getattr(sys.stdin, "buffer", None)
            if source is None:
                yield GameText(None, "", f"{name} holds no game")
                continue
            yield from _games_of(name, source)
            continue
        try:
            handle = _open(path)
        except (OSError, ValueError) as error:  # ValueError: a NUL byte in the path
            problem = getattr(error, "strerror", None) or error
            yield GameText(None, "", f"{name} cannot be read: {problem}")
            continue
        with handle:
            yield from _games_of(name, handle)


def _open(path: str) -> IO[bytes]:
    """The file at ``path`` opened for reading bytes (the caller closes it)."""
    return open(path, "rb")


def _games_of(name: str, stream: IO[bytes]) -> Iterator[GameText]:
    """The games of one input, each problem in the place of the game it spoils."""
    head, chunks, broken = _peek(_chunks(stream))
    if head.startswith(b"\x1f\x8b"):
        head, chunks, broken = _peek(_inflate(_chain([head], chunks)))
    if head.startswith(_BOM):
        head = head[len(_BOM):]
    start = head.lstrip(_BLANK)
    if not start:
        yield GameText(None, "", f"{name}: {broken}" if broken else f"{name} holds no game")
        return
    fmt = _format(head)
    if fmt is None:
        try:
            detect_format(head[:200].decode("utf-8", "replace"))
            problem = "is in no format the library reads"
        except MahjongError as error:
            problem = str(error)
        yield GameText(None, "", f"{name}: {problem}")
        return
    pieces = _chain([head], chunks)
    count = 0
    one = fmt if isinstance(fmt, LogFormat) else None   # the format of every game
    for game in {LogFormat.MJLOG: _mjlog_games, LogFormat.TENHOU6: _tenhou6_games,
                 LogFormat.MJAI: _mjai_games, _RECORDS: _record_games}[fmt](pieces, name):
        count += 1
        yield game if game.fmt is not None or one is None else attrs.evolve(game, fmt=one)
    if not count:
        yield GameText(one, "", f"{name} holds no game")


# -- bytes in ---------------------------------------------------------------------------


def _chunks(stream: IO[bytes]) -> Iterator[bytes]:
    """The stream's bytes as soon as each piece arrives."""
    read = getattr(stream, "read1", None) or stream.read
    while True:
        try:
            chunk = read(_CHUNK)
        except OSError as error:
            raise _Broken(f"reading failed: {error.strerror or error}") from None
        if not chunk:
            return
        yield bytes(chunk)


def _chain(first: Iterable[bytes], rest: Iterator[bytes]) -> Iterator[bytes]:
    yield from first
    yield from rest


def _peek(chunks: Iterator[bytes]) -> tuple[bytes, Iterator[bytes], _Broken | None]:
    """The input's first bytes: up to its first line's end after the first byte that is
    not blank (at most ``MAX_LINE_BYTES`` and a piece), or all of it when shorter; then
    the pieces after them, and why the input cannot be read on when it broke before.

    A break (a read that failed, gzip data damaged or cut short) is kept for the end of
    what came before it: the games before the damage are still read, in a file whose
    games are all on one line as in one a line."""
    head = bytearray()
    try:
        for chunk in chunks:
            head += chunk
            body = head.lstrip(_BLANK + b"\xef\xbb\xbf")
            if body and (b"\n" in body or b"\r" in body or len(body) > MAX_LINE_BYTES):
                break
    except _Broken as broken:
        return bytes(head), _broken_after(broken), broken
    return bytes(head), chunks, None


def _broken_after(broken: _Broken) -> Iterator[bytes]:
    """No more pieces: the input broke (raised when the reader gets here)."""
    yield from ()
    raise broken


def _inflate(chunks: Iterator[bytes]) -> Iterator[bytes]:
    """Gzip members one after another, inflated as they come, a piece at a time (a small
    input that inflates to a huge one never lands in memory at once); zero bytes after
    the last member are padding. Raises _Broken where the data is damaged or ends early."""
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    begun = False   # the current member has been fed
    for chunk in chunks:
        data = chunk
        while data:
            if inflater.eof:   # another member follows, or zero padding
                if not data.strip(b"\x00"):
                    break
                inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
                begun = False
            try:
                out = inflater.decompress(data, _CHUNK)
                begun = True
                while True:
                    if out:
                        yield out
                    data = inflater.unused_data if inflater.eof else inflater.unconsumed_tail
                    if inflater.eof or data or len(out) < _CHUNK:
                        break
                    out = inflater.decompress(b"", _CHUNK)   # output still held back
            except zlib.error as error:
                raise _Broken(f"the gzip data is damaged ({error})") from None
    if begun and not inflater.eof:
        raise _Broken("the gzip data ends early (cut short)")


def _format(head: bytes) -> LogFormat | Literal["records"] | None:
    """The format an input's first line opens (``_RECORDS`` for game records), or None."""
    body = head.lstrip(_BLANK)
    if body.startswith(b"<"):
        return LogFormat.MJLOG
    if not body.startswith(b"{"):
        return None
    line = body.split(b"\n", 1)[0].split(b"\r", 1)[0]
    try:
        first = load_json(line.decode("utf-8"))
    except (ValueError, RecursionError):  # not JSON on its own: a log over many lines
        return LogFormat.MJAI if b'"type"' in line and b'"log"' not in line else (
            LogFormat.TENHOU6)
    if isinstance(first, dict) and "type" not in first and "log" not in first and (
            first.keys() & RECORD_KEYS):
        return _RECORDS
    return LogFormat.MJAI if isinstance(first, dict) and "type" in first else (
        LogFormat.TENHOU6)


# -- games out --------------------------------------------------------------------------


def _game(fmt: LogFormat, data: bytes | bytearray, size: int) -> GameText:
    """A game's bytes decoded, or why they cannot be."""
    if size > MAX_GAME_BYTES:
        return GameText(fmt, "", f"the game is larger than {MAX_GAME_BYTES} bytes (at least "
                                 f"{size}); a real game takes 10-120 KB")
    try:
        return GameText(fmt, bytes(data).decode("utf-8"))
    except UnicodeDecodeError as error:
        return GameText(fmt, "", f"the game is not UTF-8: byte 0x{data[error.start]:02x} at "
                                 f"position {error.start} ({error.reason})")


def _broken(fmt: LogFormat, name: str, broken: _Broken) -> GameText:
    return GameText(fmt, "", f"{name}: {broken}")


_MJLOG_MARK = re.compile(rb"<mjloggm[\s>/]|</mjloggm\s*>")
_MARK_TAIL = 16
"""Bytes kept from the end of what was searched: a mark cut between two pieces."""


def _mjlog_games(chunks: Iterator[bytes], name: str) -> Iterator[GameText]:
    fmt = LogFormat.MJLOG
    pending = bytearray()
    dropped = 0     # bytes of the current game no longer kept (it is too large)
    scan = 0        # where the search for the next mark goes on
    try:
        for chunk in chunks:
            pending += chunk
            while (mark := _MJLOG_MARK.search(pending, scan)) is not None:
                if mark.group().startswith(b"</"):
                    yield _game(fmt, pending[:mark.end()].strip(_BLANK), dropped + mark.end())
                    del pending[:mark.end()]
                    dropped = scan = 0
                    continue
                opened = mark.start()
                before = pending[:opened].strip(_BLANK)
                if dropped or (before and not (before.startswith(b"<?xml")
                                               and before.endswith(b"?>"))):
                    # a game that is too large, cut short, or stray text
                    yield _game(fmt, before, dropped + opened)
                    del pending[:opened]
                    dropped = opened = 0
                scan = opened + len(b"<mjloggm")
            scan = max(scan, len(pending) - _MARK_TAIL)
            if dropped + len(pending) > MAX_GAME_BYTES and scan > 0:
                dropped += scan
                del pending[:scan]
                scan = 0
    except _Broken as broken:
        yield _broken(fmt, name, broken)
        return
    rest = pending.strip(_BLANK)
    if rest or dropped:
        yield _game(fmt, rest, dropped + len(pending))


_JSON_STEP = re.compile(rb'[{}"\n]')
_STRING_STEP = re.compile(rb'["\\\n]')


def _tenhou6_games(chunks: Iterator[bytes], name: str) -> Iterator[GameText]:
    """JSON objects one after another; what lies between them (not blank) is a game of
    its own, refused when read."""
    fmt = LogFormat.TENHOU6
    pending = bytearray()   # the current object (or stray text) from its start
    dropped = 0
    at = 0                  # where scanning goes on in ``pending``
    depth = 0
    in_string = False
    stray = False           # ``pending`` holds text outside any object
    try:
        for chunk in chunks:
            pending += chunk
            while at < len(pending):
                if depth == 0 and not stray:
                    body = pending[at:].lstrip(_BLANK)
                    skipped = len(pending) - at - len(body)
                    del pending[:at + skipped]
                    at = 0
                    if not body:
                        break
                    if pending[0:1] == b"{":
                        depth, at = 1, 1
                    else:
                        stray = True
                    continue
                if stray:
                    # stray text runs to the next line that begins with {
                    found = pending.find(b"\n{", at)
                    if found < 0:
                        at = max(at, len(pending) - 1)
                        break
                    yield _game(fmt, pending[:found].strip(_BLANK), dropped + found)
                    del pending[:found + 1]
                    dropped = at = 0
                    stray = False
                    continue
                step = (_STRING_STEP if in_string else _JSON_STEP).search(pending, at)
                if step is None:
                    at = len(pending)
                    break
                byte = pending[step.start()]
                at = step.end()
                if byte == 0x5C:    # a backslash: the next byte is escaped
                    if at >= len(pending):
                        at -= 1     # wait for the escaped byte
                        break
                    at += 1
                elif byte == 0x22:  # a quote
                    in_string = not in_string
                elif byte == 0x0A:  # a newline (never inside a JSON string)
                    in_string = False
                    if at >= len(pending):
                        at -= 1     # wait for the next line's first byte
                        break
                    if pending[at] == 0x7B:   # { opens a line: a new object
                        yield _game(fmt, pending[:at].strip(_BLANK), dropped + at)
                        del pending[:at]
                        dropped, at, depth = 0, 1, 1
                elif byte == 0x7B:
                    depth += 1
                else:               # }
                    depth -= 1
                    if depth == 0:
                        yield _game(fmt, pending[:at], dropped + at)
                        del pending[:at]
                        dropped = at = 0
            if dropped + len(pending) > MAX_GAME_BYTES and at > 0:
                dropped += at       # what was scanned is no longer kept
                del pending[:at]
                at = 0
    except _Broken as broken:
        yield _broken(fmt, name, broken)
        return
    rest = pending.strip(_BLANK)
    if rest or dropped:
        yield _game(fmt, rest, dropped + len(pending))


class _Stream(io.RawIOBase):
    """A readable stream over pieces of bytes (for ``read_lines``)."""

    def __init__(self, chunks: Iterator[bytes]) -> None:
        self._chunks = chunks

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        return next(self._chunks, b"")


def _mjai_games(chunks: Iterator[bytes], name: str) -> Iterator[GameText]:
    """Lines from a ``start_game`` to an ``end_game``; a line that cannot be read (not
    UTF-8, too long) spoils its game, which still ends where it would."""
    fmt = LogFormat.MJAI
    lines: list[str] = []
    size = 0
    problem: str | None = None

    def finish() -> GameText:
        if problem is not None:
            return GameText(fmt, "", problem)
        return GameText(fmt, "\n".join(lines))

    try:
        for line in read_lines(_Stream(chunks), max_bytes=MAX_LINE_BYTES):
            text = line.text
            if (line.error is None and '"start_game"' in text and _is_type(text, "start_game")
                    and (lines or problem is not None)):
                yield finish()
                lines, size, problem = [], 0, None
            if line.error is not None:
                problem = problem or f"{name}: {line.error}"
                continue
            size += len(text.encode("utf-8", "surrogatepass")) + 1
            if size > MAX_GAME_BYTES and problem is None:
                problem = (f"the game is larger than {MAX_GAME_BYTES} bytes (at least {size}); "
                           "a real game takes 10-120 KB")
                lines = []
            elif problem is None:
                lines.append(text)
            if '"end_game"' in text and _is_type(text, "end_game"):
                yield finish()
                lines, size, problem = [], 0, None
    except _Broken as broken:
        yield _broken(fmt, name, broken)
        return
    if lines or problem is not None:
        yield finish()


def _is_type(line: str, kind: str) -> bool:
    try:
        event = load_json(line)
    except (ValueError, RecursionError):
        return False
    return isinstance(event, dict) and event.get("type") == kind


def _record_games(chunks: Iterator[bytes], name: str) -> Iterator[GameText]:
    """A game a line, each under one of ``RECORD_KEYS``; a line that holds none cannot be
    read (not UTF-8, too long, not a JSON object) is an error in its place."""
    try:
        for line in read_lines(_Stream(chunks), max_bytes=2 * MAX_GAME_BYTES):
            if line.error is not None:
                yield GameText(None, "", f"{name}: {line.error}")
                continue
            try:
                fmt, text = _record_game(line.text)
            except MahjongError as error:
                yield GameText(None, "", f"{name}, line {line.number}: {error}")
                continue
            size = len(text.encode("utf-8", "surrogatepass"))
            yield GameText(fmt, text) if size <= MAX_GAME_BYTES else _game(fmt, b"", size)
    except _Broken as broken:
        yield GameText(None, "", f"{name}: {broken}")


def _record_game(line: str) -> tuple[LogFormat, str]:
    """The format and text of the game one record keeps (see ``RECORD_KEYS``).

    Raises MahjongError for a line that is not a JSON object or does not hold one game.
    """
    try:
        record = load_json(line)
    except (ValueError, RecursionError) as error:
        raise MahjongError(f"the record is not JSON: {error}") from None
    if not isinstance(record, dict):
        raise MahjongError(f"the record is not a JSON object: {quote(line, 40)}")
    keys = [key for key in RECORD_KEYS if key in record]
    if not keys:
        raise MahjongError('the record holds no game: a record keeps it under "mjlog", '
                           '"tenhou6" or "mjai"')
    if len(keys) > 1:
        raise MahjongError(f"the record holds more than one game "
                           f"({', '.join(json.dumps(key) for key in keys)}): one a line")
    key = keys[0]
    fmt, value = RECORD_KEYS[key], record[key]
    if isinstance(value, str):
        return fmt, value
    if fmt is LogFormat.TENHOU6 and isinstance(value, dict):
        return fmt, json.dumps(value, ensure_ascii=False)
    if fmt is LogFormat.MJAI and isinstance(value, list) and all(
            isinstance(event, dict) for event in value):
        return fmt, "\n".join(json.dumps(event, ensure_ascii=False) for event in value)
    shape = {LogFormat.MJLOG: "the log's text",
             LogFormat.TENHOU6: "the log as an object or as its text",
             LogFormat.MJAI: "the events as a list of objects or as text"}[fmt]
    raise MahjongError(f"{json.dumps(key)} is {shape}, got {quote(value)}")
