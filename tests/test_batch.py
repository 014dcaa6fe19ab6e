"""The batch commands' shared machinery: lines in, JSON in and out, answers out."""

from __future__ import annotations

import io
import itertools
import json
import re
import sys
import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.cli import _batch
from mahjong_core.cli._batch import (
    InvalidInputError,
    Output,
    OutputClosed,
    dump_json,
    parse_json,
    read_lines,
    run_command,
)
from tests.support.strategies import DEEP_VALUES, HUGE_INTS, hostile

# -- read_lines ------------------------------------------------------------------------


class Trickle(io.RawIOBase):
    """A byte stream that gives its data in pieces of the given sizes, as a pipe does."""

    def __init__(self, data: bytes, sizes: list[int]) -> None:
        self.data, self.sizes, self.at = data, sizes, 0

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        step = self.sizes.pop(0) if self.sizes else len(self.data)
        piece = self.data[self.at:self.at + min(step, size)]
        self.at += len(piece)
        return piece


def expected_lines(data: bytes, max_bytes: int) -> list[tuple[int, str | None]]:
    """An independent reading: split on the three line endings with a regular
    expression, then judge each line; (number, text) or (number, None) for an error."""
    parts = re.split(rb"\r\n|\r|\n", data)
    if parts and parts[-1] == b"":
        parts.pop()
    found: list[tuple[int, str | None]] = []
    for number, part in enumerate(parts, 1):
        if len(part) > max_bytes:
            found.append((number, None))
            continue
        try:
            text = part.decode("utf-8")
        except UnicodeDecodeError:
            found.append((number, None))
            continue
        if number == 1:
            text = text.removeprefix("\ufeff")
        if text.strip():
            found.append((number, text))
    return found


def got_lines(stream: Any, max_bytes: int) -> list[tuple[int, str | None]]:
    return [(line.number, line.text if line.error is None else None)
            for line in read_lines(stream, max_bytes=max_bytes)]


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=40) | st.lists(st.sampled_from(
           [b"a", b"b", b" ", b"\t", b"\r", b"\n", b"\xff", b"\xc3", b"\xa9", b"\xef\xbb\xbf",
            b"\xc3\xa9"]), max_size=40).map(b"".join),
       st.lists(st.integers(1, 7), max_size=40), st.integers(1, 8))
def test_read_lines_agrees_with_an_independent_split(data: bytes, sizes: list[int],
                                                      max_bytes: int) -> None:
    assert got_lines(Trickle(data, sizes), max_bytes) == expected_lines(data, max_bytes)


def test_read_lines_messages_and_numbers() -> None:
    data = b'{"a": 1}\r\n\n  \r\xff{}\rtoo long!\n\xef\xbb\xbfx\nlast'
    lines = list(read_lines(io.BytesIO(data), max_bytes=8))
    assert [(line.number, line.text) for line in lines] == [
        (1, '{"a": 1}'), (4, ""), (5, ""), (6, "\ufeffx"), (7, "last")]
    assert lines[1].error == ("line 4 is not UTF-8: byte 0xff at position 0 "
                              "(invalid start byte)")
    assert lines[2].error == "line 5 is longer than 8 bytes"
    assert lines[0].error is None and lines[4].error is None


def test_read_lines_drops_a_byte_order_mark_at_the_start_only() -> None:
    assert got_lines(io.BytesIO(b"\xef\xbb\xbf1m\n"), 100) == [(1, "1m")]


class Pieces(io.RawIOBase):
    """A byte stream made of the given pieces."""

    def __init__(self, pieces: Iterator[bytes]) -> None:
        self.pieces = pieces

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        return next(self.pieces, b"")


def test_read_lines_keeps_no_more_than_the_limit() -> None:
    """A line of 50 MB is refused while at most the limit and one piece are kept."""
    pieces = itertools.chain(itertools.repeat(b"x" * 65536, 763), [b"\n1m\n"])
    tracemalloc.start()
    try:
        lines = list(read_lines(Pieces(pieces), max_bytes=1000))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [(line.number, line.error, line.text) for line in lines] == [
        (1, "line 1 is longer than 1000 bytes", ""), (2, None, "1m")]
    assert peak < 1_000_000


def test_read_lines_of_text_streams_and_none() -> None:
    assert got_lines(io.StringIO("1m\r\n2m\r3m"), 10) == [(1, "1m"), (2, "2m"), (3, "3m")]
    assert got_lines(io.StringIO("\ud800\n1m"), 10) == [(1, None), (2, "1m")]
    wrapper = io.TextIOWrapper(io.BytesIO(b"\xff\n1m\n"), encoding="utf-8")
    assert got_lines(wrapper, 10) == [(1, None), (2, "1m")]
    assert got_lines(None, 10) == []


def test_a_line_is_given_as_soon_as_it_ends() -> None:
    """A program talking through a pipe gets each answer before it sends the next line;
    a \r ends its line at once, and a \n that comes after it in the next piece is part of
    that ending, not a blank line."""
    stream = Trickle(b"1m\r2m\n3m\r\n4m\n", [3, 3, 3, 1, 3])
    lines = read_lines(stream, max_bytes=10)
    assert (next(lines).text, stream.at) == ("1m", 3)
    assert (next(lines).text, stream.at) == ("2m", 6)
    assert (next(lines).text, stream.at) == ("3m", 9)
    line = next(lines)
    assert (line.number, line.text, stream.at) == (4, "4m", 13)
    assert list(lines) == []


# -- parse_json ------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 15, 10 ** 15) | st.text(max_size=8)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=4),
    max_leaves=20)


@given(json_values)
def test_parse_json_reads_what_json_writes(value: object) -> None:
    text = json.dumps(value)
    assert parse_json(text) == json.loads(text)


@pytest.mark.parametrize(("text", "fragment"), [
    ('{"a": 1, "b": 2, "a": 3}', "duplicate key 'a'"),
    ('[{"x": {"y": 1, "y": 1}}]', "duplicate key 'y'"),
    ("[" * 33 + "]" * 33, "nesting deeper than 32 levels"),
    ('{"a": ' * 33 + "1" + "}" * 33, "nesting deeper than 32 levels"),
    ("[" * 2000 + "]" * 2000, "nesting deeper than 32 levels"),
    ("1" * 41, "a number of 41 characters; at most 40 are read"),
    ('{"riichi_sticks": 1' + "0" * 5000 + "}", "a number of 5001 characters"),
    ("1." + "5" * 50, "a number of 52 characters"),
    ("NaN", "NaN is not a JSON number"),
    ("[-Infinity]", "-Infinity is not a JSON number"),
    ("{not json", "invalid JSON: Expecting property name"),
    ("", "invalid JSON: Expecting value"),
    ('"\\ud800" x', "invalid JSON: Extra data"),
])
def test_parse_json_refuses(text: str, fragment: str) -> None:
    with pytest.raises(InvalidInputError) as info:
        parse_json(text)
    assert fragment in str(info.value)


def test_parse_json_limits_are_exact_and_strings_do_not_nest() -> None:
    assert parse_json("[" * 32 + "]" * 32) == _nest(32)
    assert parse_json("1" * 40) == int("1" * 40)
    assert parse_json('["' + "[" * 100 + '", "{\\"[["]') == ["[" * 100, '{"[[']
    assert parse_json("[[[1]]]", max_depth=3) == [[[1]]]
    with pytest.raises(InvalidInputError, match="deeper than 2"):
        parse_json("[[[1]]]", max_depth=2)
    with pytest.raises(InvalidInputError, match="Unterminated string"):
        parse_json('["' + "[" * 100)  # the brackets are inside a string that never ends
    with pytest.raises(InvalidInputError, match="as text"):
        parse_json(b"[1]")  # type: ignore[arg-type]


def _nest(depth: int) -> object:
    value: list[object] = []
    for _ in range(depth - 1):
        value = [value]
    return value


# -- dump_json -------------------------------------------------------------------------


@given(json_values)
def test_dump_json_is_json_dumps(value: object) -> None:
    assert dump_json(value) == json.dumps(value)


@settings(max_examples=300, deadline=None)
@given(st.one_of(hostile(), st.lists(hostile(), max_size=3),
                 st.dictionaries(st.text(max_size=3) | st.integers(), hostile(), max_size=3)))
def test_dump_json_never_raises_and_writes_one_line_of_json(value: object) -> None:
    text = dump_json(value)
    assert "\n" not in text and text.isascii()
    json.loads(text)


@pytest.mark.parametrize(("value", "expected"), [
    ({"total": 10 ** 5000}, '{"total": "an int of 5001 digits"}'),
    ([float("nan"), float("inf")], '["nan", "inf"]'),
    ({(1, 2): 3, 4: 5, None: True}, '{"(1, 2)": 3, "4": 5, "null": true}'),
    ({"a": {1, 2}}, '{"a": "{1, 2}"}'),
])
def test_dump_json_describes_what_json_cannot_carry(value: object, expected: str) -> None:
    assert dump_json(value) == expected


def test_dump_json_of_deep_and_huge_values() -> None:
    for value in (*DEEP_VALUES, *HUGE_INTS):
        json.loads(dump_json(value))


# -- Output and run_command ------------------------------------------------------------


class Closing(io.StringIO):
    """A text stream whose reader goes away after ``lines`` lines."""

    def __init__(self, lines: int, encoding: str = "utf-8") -> None:
        super().__init__()
        self.left, self.code = lines, encoding

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self.code

    def write(self, text: str) -> int:
        if self.left == 0:
            raise BrokenPipeError(32, "Broken pipe")
        self.left -= 1
        text.encode(self.code)  # an encoding that cannot hold the text raises
        return super().write(text)


def test_output_keeps_the_status_and_reports_a_closed_pipe() -> None:
    stream = Closing(2)
    output = Output(stream)
    output.write("one")
    output.write_json({"error": "bad"}, error=True)
    assert output.status == 1 and stream.getvalue() == 'one\n{"error": "bad"}\n'
    with pytest.raises(OutputClosed) as info:
        output.write("three")
    assert info.value.status == 1


def test_output_escapes_what_the_encoding_cannot_hold() -> None:
    stream = Closing(5, encoding="ascii")
    Output(stream).write("123\xe9m: error")
    assert stream.getvalue() == "123\\xe9m: error\n"


class Writes(io.StringIO):
    """A text stream that counts its writes and flushes."""

    def __init__(self) -> None:
        super().__init__()
        self.writes = self.flushes = 0

    def write(self, text: str) -> int:
        self.writes += 1
        return super().write(text)

    def flush(self) -> None:
        self.flushes += 1


def test_output_that_keeps_answers_writes_them_in_pieces_and_on_flush() -> None:
    stream = Writes()
    output = Output(stream, flush_each=False)
    lines = [f"answer {n}" for n in range(3 * _batch._KEPT_ANSWERS + 5)]
    for line in lines[:3]:
        output.write(line)
    assert stream.writes == 0 and stream.getvalue() == ""  # kept
    output.flush()  # as before a read that may wait: every answer so far goes out
    assert stream.writes == 1 and stream.flushes == 1
    assert stream.getvalue() == "".join(f"{line}\n" for line in lines[:3])
    for line in lines[3:]:
        output.write(line, error=line.endswith("7"))
    assert stream.writes == 4  # a piece each time enough answers are kept
    output.flush()
    assert stream.getvalue() == "".join(f"{line}\n" for line in lines)
    assert stream.writes == 5 and output.status == 1


def test_output_that_keeps_answers_escapes_and_reports_a_closed_pipe() -> None:
    stream = Closing(2, encoding="ascii")  # the refused write counts as one
    output = Output(stream, flush_each=False)
    output.write("123\xe9m")
    output.write("456p")
    output.flush()
    assert stream.getvalue() == "123\\xe9m\n456p\n"
    output.write("789s", error=True)
    with pytest.raises(OutputClosed) as info:
        output.flush()
    assert info.value.status == 1


def test_output_to_nothing_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    closed = io.StringIO()
    closed.close()
    with pytest.raises(OutputClosed):
        Output(closed).write("x")
    monkeypatch.setattr(sys, "stdout", None)  # started without a standard output
    with pytest.raises(OutputClosed):
        Output().write("x")


def test_run_command_ends_quietly(capsys: pytest.CaptureFixture[str]) -> None:
    def closes(status: int) -> Any:
        def main(argv: list[str]) -> int:
            raise OutputClosed(status)
        return main

    def breaks(argv: list[str]) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def interrupted(argv: list[str]) -> int:
        raise KeyboardInterrupt

    assert run_command(lambda argv: len(argv), ["a", "b"]) == 2
    assert run_command(closes(1), []) == 1
    assert run_command(closes(0), []) == 0
    assert run_command(breaks, []) == 0
    assert run_command(interrupted, []) == 130
    assert capsys.readouterr().err == ""
    assert sys.stdout is not None


def test_limits_are_what_the_docs_say() -> None:
    assert (_batch.MAX_LINE_BYTES, _batch.MAX_JSON_DEPTH, _batch.MAX_NUMBER_CHARS) == (
        1 << 20, 32, 40)
