"""Lines of a byte stream, each decoded on its own: what the batch commands and the corpus
reader read line by line (mjai events, game records, requests)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import IO, NamedTuple

__all__ = ["MAX_LINE_BYTES", "Line", "Source", "read_lines"]

MAX_LINE_BYTES = 1 << 20
"""The default longest line, in bytes (1 MiB): a whole game log on one line takes tens
of kilobytes. Commands whose lines are smaller pass their own limit."""
_CHUNK = 1 << 16


class Line(NamedTuple):
    """One line that is not blank: its number in the input (from 1, blank lines
    counted), its text without the line ending, or why it could not be read."""

    number: int
    text: str
    """The decoded line ('' when ``error`` is set)."""
    error: str | None = None
    """Why the line could not be read (not UTF-8, too long), or None."""


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
