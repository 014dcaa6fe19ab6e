"""Strict JSON read many lines at once: the same values as line by line, and None (read
them one by one) whenever one line would be refused or is not one value."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core._json import (
    MAX_NUMBER_CHARS,
    JSONRefused,
    _decoder,
    _nests_within,
    json_depth,
    load_json,
    load_json_lines,
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 15, 10 ** 15)
    | st.text(alphabet='ab"\\:{}[], \t\n', max_size=6)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.text(alphabet='ab"\\:{[ ', max_size=3), inner, max_size=4),
    max_leaves=20)

REFUSED = [
    '{"a": 1, "b": 2, "a": 3}', '{"a":1,"a":1}', '[{"x": {"y": 1, "y": 1}}]',
    '{"a" :1, "b":1, "a":2}', '{"a"\n:1, "a":2}', '{"k\\":": 1, "k\\":": 2}',
    "[" * 33 + "]" * 33, '{"a": ' * 33 + "1" + "}" * 33, "1" * 41, "-" + "1" * 40,
    "1." + "5" * 50, "[1e" + "0" * 45 + "]", '{"n": 1' + "0" * 5000 + "}", "NaN",
    "[-Infinity]", "{not json", "", "1, 2", '{"a": 1} {"b": 2}', "[1", "]",
]


def one_by_one(lines: list[str]) -> list[object] | None:
    try:
        return [load_json(line) for line in lines]
    except (JSONRefused, ValueError, RecursionError):
        return None


@settings(max_examples=300)
@given(st.lists(json_values, max_size=6), st.booleans())
def test_lines_read_at_once_are_the_lines_read_one_by_one(values: list[object],
                                                          compact: bool) -> None:
    separators = (",", ":") if compact else (", ", ": ")
    lines = [json.dumps(value, separators=separators) for value in values]
    found = load_json_lines(lines)
    assert found is None or found == one_by_one(lines)


plain_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 15, 10 ** 15) | st.text("ab5mr?", max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text("ab", max_size=3),
                                                                inner, max_size=4),
    max_leaves=20)


@given(st.lists(plain_values, max_size=6), st.booleans())
def test_plain_lines_are_read_at_once(values: list[object], compact: bool) -> None:
    separators = (",", ":") if compact else (", ", ": ")
    lines = [json.dumps(value, separators=separators) for value in values]
    assert load_json_lines(lines) == values


@settings(max_examples=300)
@given(st.lists(json_values.map(json.dumps) | st.sampled_from(REFUSED), max_size=5))
def test_a_line_that_would_be_refused_sends_all_back_to_one_by_one(lines: list[str]) -> None:
    found = load_json_lines(lines)
    expected = one_by_one(lines)
    assert found is None or found == expected
    if expected is None:
        assert found is None


@pytest.mark.parametrize("line", REFUSED)
def test_each_refused_line_is_found(line: str) -> None:
    assert load_json_lines(['{"type": "none"}', line]) is None


def test_plain_events_are_read_at_once() -> None:
    lines = ['{"type":"start_kyoku","tehais":[["1m","E"],["?"]],"scores":[25000,-1]}',
             '{"type": "dahai", "actor": 3, "pai": "5mr", "tsumogiri": false}',
             '{"type":"hora","deltas":[1' + "0" * 38 + "]}", '"a string"', "[]"]
    assert load_json_lines(lines) == one_by_one(lines)
    assert load_json_lines([]) == []


def checked_number_by_number(text: str) -> tuple[str, object]:
    """What the decoder that checks every number as it reads it answers (the value, or
    the kind and message of its error)."""
    try:
        return "value", _decoder(MAX_NUMBER_CHARS).decode(text)
    except (ValueError, RecursionError) as error:
        return type(error).__name__, str(error)


def answer(text: str) -> tuple[str, object]:
    try:
        return "value", load_json(text)
    except (ValueError, RecursionError) as error:
        return type(error).__name__, str(error)


values_with_long_numbers = st.recursive(
    st.integers(-10 ** 60, 10 ** 60) | st.floats(allow_nan=False) | st.text("a\":", max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.text("ab", max_size=2), inner, max_size=3),
    max_leaves=12)


@settings(max_examples=300)
@given(values_with_long_numbers, st.sampled_from([(",", ":"), (", ", ": "), (" ,\n", " :\t")]))
def test_numbers_read_in_c_are_those_checked_one_by_one(value: object,
                                                        separators: tuple[str, str]) -> None:
    text = json.dumps(value, separators=separators)
    assert answer(text) == checked_number_by_number(text)


@pytest.mark.parametrize("text", [line for line in REFUSED if json_depth(line) <= 32])
def test_refused_text_is_refused_as_when_each_number_is_checked(text: str) -> None:
    assert answer(text) == checked_number_by_number(text)


def nests_within(text: str, max_depth: int) -> bool:
    return _nests_within(text, text.encode("utf-8", "surrogatepass"), max_depth)


@settings(max_examples=300)
@given(st.text('[]{}"a\\\ud800', max_size=30), st.integers(0, 6))
def test_text_said_to_nest_within_the_limit_does(text: str, max_depth: int) -> None:
    if nests_within(text, max_depth):
        assert json_depth(text) <= max_depth


@settings(max_examples=300)
@given(json_values, st.integers(0, 6))
def test_json_without_backslashes_is_measured_exactly(value: object, max_depth: int) -> None:
    text = json.dumps(value, ensure_ascii=False)
    if "\\" not in text:
        assert nests_within(text, max_depth) == (json_depth(text) <= max_depth)


@settings(max_examples=200)
@given(st.lists(values_with_long_numbers, min_size=1, max_size=3), st.integers(0, 9))
def test_numbers_of_a_log_dense_with_numbers_are_checked(values: list[object],
                                                         small: int) -> None:
    text = json.dumps([[small] * 200, *values, "1" * 45, ["e"] * 33], separators=(",", ":"))
    assert text.count(",") * 10 >= len(text)   # read as text dense with numbers
    assert answer(text) == checked_number_by_number(text)


@pytest.mark.parametrize("depth", [31, 32, 33])
def test_a_log_dense_with_numbers_is_refused_just_past_the_limit(depth: int) -> None:
    text = "[" * depth + ",".join(["1"] * 200) + "]" * depth
    found = answer(text)
    assert found[0] == ("JSONRefused" if depth > 32 else "value")
