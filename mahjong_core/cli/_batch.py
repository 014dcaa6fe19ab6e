"""What every batch command shares: lines in, JSON in and out, answers out.

A batch command reads items one a line and answers each one, in order, whatever the
input holds. This module gives it the pieces that make that hold:

- ``read_lines`` reads bytes (standard input or a file) and yields one ``Line`` for each
  line that is not blank: ``\\r\\n``, ``\\n`` and a lone ``\\r`` all end a line, a line
  longer than a limit is refused before it is kept, and each line is decoded as UTF-8 on
  its own, so a bad byte costs only its line (``Line.error`` says why).
- ``parse_json`` reads one JSON value strictly: duplicate keys, nesting deeper than a
  limit, over-long numbers and ``NaN`` / ``Infinity`` are refused, the first two before
  any parsing, the number before it is converted.
- ``dump_json`` writes a value as ``json.dumps`` does and never raises: a value JSON
  cannot carry (an int beyond Python's digit limit, a float that is not finite, a type
  that is not JSON, nesting too deep to write) becomes a short string describing it.
- ``Output`` writes answers one a line, flushed at once, and keeps the exit status;
  when the reader goes away (``... | head -1``) it raises ``OutputClosed``, and
  ``run_command``, which the dispatcher wraps around every command, ends the command
  quietly with the status it had reached.

A command's loop (the dispatcher, ``cli.main``, already runs it inside ``run_command``)::

    def main(argv: list[str]) -> int:
        output = Output()
        for line in read_lines(sys.stdin, max_bytes=MY_LIMIT):  # or open(path, "rb")
            if line.error is not None:
                output.write_json({"error": line.error}, error=True)
                continue
            try:
                answer = work(parse_json(line.text))
            except MahjongError as error:
                output.write_json({"error": str(error)}, error=True)
            else:
                output.write_json(answer)
        return output.status

Messages that quote input use ``errors.quote``.

>>> import io
>>> lines = read_lines(io.BytesIO(b'{"a": 1}\\r\\n\\n\\xff\\r[2]'))
>>> [(line.number, line.text, line.error is None) for line in lines]
[(1, '{"a": 1}', True), (3, '', False), (4, '[2]', True)]
>>> parse_json('{"a": 1, "a": 2}')
Traceback (most recent call last):
  ...
mahjong_core.cli._batch.InvalidInputError: invalid JSON: duplicate key 'a'
>>> dump_json({"total": 10 ** 5000})
'{"total": "an int of 5001 digits"}'
"""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import IO, NamedTuple

from .._json import MAX_JSON_DEPTH, MAX_NUMBER_CHARS, load_json
from ..errors import MahjongError, quote

__all__ = [
    "MAX_JSON_DEPTH",
    "MAX_LINE_BYTES",
    "MAX_NUMBER_CHARS",
    "InvalidInputError",
    "Line",
    "Output",
    "OutputClosed",
    "Source",
    "dump_json",
    "parse_json",
    "read_lines",
    "run_command",
]

MAX_LINE_BYTES = 1 << 20
"""The default longest line, in bytes (1 MiB): a whole game log on one line takes tens
of kilobytes. Commands whose lines are smaller pass their own limit."""
_CHUNK = 1 << 16


class InvalidInputError(MahjongError):
    """A line or JSON text a batch command cannot read: not UTF-8, too long, not JSON,
    a duplicate key, nesting too deep or a number too long."""


class Line(NamedTuple):
    """One line that is not blank: its number in the input (from 1, blank lines
    counted), its text without the line ending, or why it could not be read."""

    number: int
    text: str
    """The decoded line ('' when ``error`` is set)."""
    error: str | None = None
    """Why the line could not be read (not UTF-8, too long), or None."""


# -- reading lines -------------------------------------------------------------------


Source = IO[bytes] | IO[str] | io.IOBase | None
"""What ``read_lines`` reads: a binary stream, a text stream (its bytes are read when it
has them), or None for no input at all."""


def _chunks(stream: Source, before_read: Callable[[], None] | None = None
            ) -> Iterator[bytes]:
    """The stream's bytes, as soon as each piece arrives (a pipe is not waited on to
    fill up). A text stream gives its bytes, or its text encoded again. ``before_read``
    runs before each read, which may wait for input."""
    if stream is None:  # no standard input at all
        return
    source = getattr(stream, "buffer", None) or stream
    read = getattr(source, "read1", None) or source.read
    while True:
        if before_read is not None:
            before_read()
        chunk = read(_CHUNK)
        if not chunk:
            return
        if isinstance(chunk, str):  # a text stream without bytes beneath (io.StringIO)
            chunk = chunk.encode("utf-8", "surrogatepass")
        yield bytes(chunk)


def read_lines(stream: Source, *, max_bytes: int = MAX_LINE_BYTES,
               before_read: Callable[[], None] | None = None) -> Iterator[Line]:
    """The lines of a byte stream that are not blank, each decoded as UTF-8 on its own.

    ``\\r\\n``, ``\\n`` and a lone ``\\r`` each end a line; blank lines (empty or only
    whitespace) are skipped but counted in ``Line.number``; a UTF-8 byte-order mark at
    the start is dropped. A line that is not UTF-8, or longer than ``max_bytes`` bytes
    (found before more than ``max_bytes`` of it are kept), gives a ``Line`` with
    ``error`` set, and reading goes on with the next line. A line is given as soon as
    its ending arrives, so a program can talk to a command through a pipe, one line at
    a time. ``before_read`` runs before each read of the stream (which may wait for
    input): ``Output.flush`` there sends every answer before the command waits.
    """
    number = 0
    pending = bytearray()
    too_long = False
    after_cr = False  # the last line ended with \r: a \n at once is part of that ending
    for chunk in _chunks(stream, before_read):
        if after_cr:
            after_cr = False
            if chunk.startswith(b"\n"):
                chunk = chunk[1:]
        for piece in chunk.splitlines(keepends=True):
            after_cr = False
            if piece.endswith(b"\n"):
                body = piece[:-2] if piece.endswith(b"\r\n") else piece[:-1]
            elif piece.endswith(b"\r"):  # a \n may follow in the next chunk
                body, after_cr = piece[:-1], True
            else:  # the chunk ends inside this line: keep it, unless the line is too long
                if not too_long:
                    too_long = len(pending) + len(piece) > max_bytes
                    if too_long:  # the rest of the line is dropped as it comes
                        pending.clear()
                    else:
                        pending += piece
                continue
            number += 1
            if pending:  # the line began in an earlier chunk
                data: bytes | bytearray = pending + body
                pending.clear()
            else:
                data = body
            line = _line(number, data, too_long or len(data) > max_bytes, max_bytes)
            too_long = False
            if line is not None:
                yield line
    if pending or too_long:
        line = _line(number + 1, pending, too_long, max_bytes)
        if line is not None:
            yield line


def _line(number: int, data: bytes | bytearray, too_long: bool, max_bytes: int) -> Line | None:
    """The Line of one line's bytes, or None for a blank line."""
    if too_long:
        return Line(number, "", f"line {number} is longer than {max_bytes} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        return Line(number, "", f"line {number} is not UTF-8: byte 0x{data[error.start]:02x} "
                                f"at position {error.start} ({error.reason})")
    if number == 1 and text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        return None
    return Line(number, text)


# -- JSON ----------------------------------------------------------------------------


def parse_json(text: str, *, max_depth: int = MAX_JSON_DEPTH,
               max_number: int = MAX_NUMBER_CHARS) -> object:
    """One JSON value, read strictly; raises InvalidInputError.

    Refused, each with a message that says so: text that is not JSON, an object with a
    key twice, arrays and objects nested deeper than ``max_depth`` (checked before
    parsing), a number longer than ``max_number`` characters (checked before it is
    converted), ``NaN``, ``Infinity`` and ``-Infinity``.

    >>> parse_json('{"honba": 1, "melds": [{"kind": "pon"}]}')
    {'honba': 1, 'melds': [{'kind': 'pon'}]}
    >>> parse_json("[" * 40 + "]" * 40)
    Traceback (most recent call last):
      ...
    mahjong_core.cli._batch.InvalidInputError: invalid JSON: nesting deeper than 32 levels
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"JSON must be given as text, got {quote(text)}")
    try:
        return load_json(text, max_depth=max_depth, max_number=max_number)
    except (ValueError, RecursionError) as error:  # JSONRefused, JSONDecodeError
        raise InvalidInputError(f"invalid JSON: {error}") from None


_DUMP_DEPTH = 64
_ENCODER = json.JSONEncoder(allow_nan=False)
"""json.dumps's own settings, but refusing NaN and infinities (made once: cheaper)."""


def dump_json(value: object) -> str:
    """``json.dumps(value)``, the same text for every value JSON can carry; never raises.

    A value JSON cannot carry is written as a JSON string that describes it (``quote``):
    an int beyond Python's digit limit, a float that is not finite, a key or value of a
    type that is not JSON, nesting more than 64 deep.

    >>> dump_json({"points": 2600, "yaku": {"riichi": 1}})
    '{"points": 2600, "yaku": {"riichi": 1}}'
    >>> dump_json([float("nan"), {1, 2}])
    '["nan", "{1, 2}"]'
    """
    try:
        return _ENCODER.encode(value)
    except (ValueError, TypeError, RecursionError, OverflowError):
        return _dump(value, _DUMP_DEPTH)


def _dump(value: object, depth: int) -> str:
    if value is None or value is True or value is False:
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(str.__str__(value))
    if isinstance(value, int | float) and not isinstance(value, bool):
        text = _number(value)
        return text if text is not None else json.dumps(quote(value))
    if depth > 0 and isinstance(value, list | tuple):
        items = list.__iter__(value) if isinstance(value, list) else tuple.__iter__(value)
        return "[" + ", ".join(_dump(item, depth - 1) for item in items) + "]"
    if depth > 0 and isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(_key(key))}: {_dump(item, depth - 1)}"
                               for key, item in dict.items(value)) + "}"
    return json.dumps(quote(value))


def _number(value: int | float) -> str | None:
    """A number as JSON writes it, or None when JSON cannot carry it."""
    try:
        if isinstance(value, float):
            text = float.__repr__(value)
            return text if text not in ("nan", "inf", "-inf") else None
        return int.__repr__(int.__int__(value))
    except ValueError:  # more digits than Python converts
        return None


def _key(key: object) -> str:
    """An object key as ``json.dumps`` writes it (str, number, bool, None) or quoted."""
    if isinstance(key, str):
        return str.__str__(key)
    if key is None or key is True or key is False:
        return json.dumps(key)
    if isinstance(key, int | float):
        text = _number(key)
        if text is not None:
            return text
    return quote(key)


# -- answers out ---------------------------------------------------------------------


_KEPT_ANSWERS = 256
"""Answers an Output that does not flush each one keeps before it writes them."""


class OutputClosed(Exception):
    """The reader of a command's answers went away (a closed pipe).

    ``status`` is the exit status the command had reached; ``run_command`` ends the
    command quietly with it.
    """

    def __init__(self, status: int) -> None:
        super().__init__(f"the output was closed (exit status {status})")
        self.status = status


class Output:
    """Writes answers one a line and keeps the exit status.

    ``stream`` defaults to standard output as it is when the Output is made. Each answer
    is flushed at once, unless ``flush_each`` is False: then answers are kept and sent
    together, a few hundred at a time and whenever ``flush`` is called. The command calls
    it before it waits for more input (``read_lines(..., before_read=output.flush)``), so
    a program talking through a pipe still gets every answer before it must send the next
    line, and a batch is written in large pieces even when Python's own output buffering
    is off (``PYTHONUNBUFFERED``). An answer the stream's encoding cannot hold is written
    with backslash escapes. Raises OutputClosed, carrying the status, when the stream
    has gone away.
    """

    def __init__(self, stream: IO[str] | None = None, *, flush_each: bool = True) -> None:
        self._stream = sys.stdout if stream is None else stream
        self._flush_each = flush_each
        self._pending: list[str] = []
        self.status = 0
        """0, or 1 once an answer was an error."""

    def flush(self) -> None:
        """Send what was written; raises OutputClosed when the stream has gone away."""
        stream = self._stream
        if stream is None:
            return
        if self._pending:
            self._send(stream)
        try:
            stream.flush()
        except BrokenPipeError:
            raise OutputClosed(self.status) from None
        except ValueError:
            if getattr(stream, "closed", False):
                raise OutputClosed(self.status) from None
            raise

    def write(self, text: str, *, error: bool = False) -> None:
        """Write one answer line (``text`` without its line ending)."""
        if error:
            self.status = max(self.status, 1)
        stream = self._stream
        if stream is None:  # no standard output at all
            raise OutputClosed(self.status)
        if self._flush_each:
            self._put(stream, text + "\n")
            return
        pending = self._pending
        pending.append(text)
        if len(pending) >= _KEPT_ANSWERS:
            self._send(stream)

    def _send(self, stream: IO[str]) -> None:
        """Write the answers kept so far, in one piece."""
        text = "\n".join(self._pending) + "\n"
        self._pending.clear()
        self._put(stream, text)

    def _put(self, stream: IO[str], text: str) -> None:
        try:
            try:
                stream.write(text)
            except UnicodeEncodeError:
                encoding = getattr(stream, "encoding", None) or "utf-8"
                stream.write(text.encode(encoding, "backslashreplace").decode(encoding))
            if self._flush_each:
                stream.flush()
        except BrokenPipeError:
            raise OutputClosed(self.status) from None
        except ValueError:
            if getattr(stream, "closed", False):  # written to after it was closed
                raise OutputClosed(self.status) from None
            raise

    def write_json(self, value: object, *, error: bool = False) -> None:
        """Write one answer as a line of JSON (``dump_json``)."""
        self.write(dump_json(value), error=error)


def _silence_stdout() -> None:
    """Point standard output at the null device, so that nothing written later (the
    interpreter's last flush included) meets the closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, sys.stdout.fileno())
        finally:
            os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file: nothing to protect
        pass


def run_command(main: Callable[[list[str]], int], argv: Sequence[str]) -> int:
    """Run a command's ``main(argv)`` and give its exit status, ending it quietly (no
    traceback) when its output is closed: with the status it had reached (OutputClosed)
    or 0 (a command that writes without ``Output``). An interrupt (Ctrl-C) gives 130.
    """
    try:
        status = main(list(argv))
        if sys.stdout is not None:
            sys.stdout.flush()  # here, while a closed pipe can still be handled
        return status
    except OutputClosed as closed:
        _silence_stdout()
        return closed.status
    except BrokenPipeError:
        _silence_stdout()
        return 0
    except KeyboardInterrupt:
        return 130
