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

import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import IO

from .._json import MAX_JSON_DEPTH, MAX_NUMBER_CHARS, load_json
from .._lines import MAX_LINE_BYTES, Line, Source, read_lines
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
    "publish",
    "read_lines",
    "run_command",
]



class InvalidInputError(MahjongError):
    """A line or JSON text a batch command cannot read: not UTF-8, too long, not JSON,
    a duplicate key, nesting too deep or a number too long."""


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


def publish(temporary: str, path: str) -> None:
    """Give a finished temporary file the permissions of an ordinary new file (the
    umask's, not the temporary file's private 0600) and rename it to ``path``."""
    mask = os.umask(0o022)
    os.umask(mask)
    os.chmod(temporary, 0o666 & ~mask)
    os.replace(temporary, path)
