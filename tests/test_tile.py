"""Tiles: kinds, properties, ordering, hashing, the 136-id layouts and mpsz notation."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_core import (
    IdLayout,
    InvalidTileError,
    Suit,
    Tile,
    format_tiles,
    parse_tiles,
    tiles_from_ids136,
)
from mahjong_core.errors import quote
from tests.support.strategies import ALL_TILES, tile_lists, tiles

# An independent description of the 34 kinds, in Tenhou order, by their mpsz names.
NAMES = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)] + [
    f"{rank}z" for rank in range(1, 8)]
# Every tile in sorted order, written by hand: a red five just before the plain five.
SORTED_TEXT = "1234056789m1234056789p1234056789s1234567z"


def test_the_34_kinds_follow_tenhou_order() -> None:
    assert len(NAMES) == 34
    for kind, name in enumerate(NAMES):
        tile = Tile(kind)
        assert str(tile) == name
        assert Tile.parse(name) == tile
        assert Tile.from_kind(kind) == tile
        assert not tile.red


@pytest.mark.parametrize("name", NAMES)
def test_properties_match_an_independent_definition(name: str) -> None:
    tile = Tile.parse(name)
    digit, letter = int(name[0]), name[1]
    honour = letter == "z"
    terminal = not honour and digit in (1, 9)
    assert tile.suit is Suit("mpsz".index(letter))
    assert tile.suit.letter == letter
    assert tile.rank == digit
    assert tile.is_honour is honour
    assert tile.is_wind is (honour and digit <= 4)
    assert tile.is_dragon is (honour and digit >= 5)
    assert tile.is_terminal is terminal
    assert tile.is_yaochuu is (honour or terminal)
    assert tile.is_simple is (not honour and 2 <= digit <= 8)


@pytest.mark.parametrize("letter", "mps")
def test_red_fives_are_fives(letter: str) -> None:
    red, plain = Tile.parse("0" + letter), Tile.parse("5" + letter)
    assert red.red and not plain.red
    assert red.kind == plain.kind
    assert red.plain == plain and plain.plain == plain
    assert (red.suit, red.rank, red.is_simple) == (plain.suit, 5, True)
    assert str(red) == "0" + letter
    assert repr(red) == f"Tile.parse('0{letter}')"


def _dora_cycles() -> dict[str, str]:
    cycles = [[f"{r}{s}" for r in range(1, 10)] for s in "mps"]
    cycles += [["1z", "2z", "3z", "4z"], ["5z", "6z", "7z"]]
    return {c[i]: c[(i + 1) % len(c)] for c in cycles for i in range(len(c))}


DORA_NEXT = _dora_cycles()


@pytest.mark.parametrize("name", NAMES)
def test_dora_next_for_every_kind(name: str) -> None:
    assert str(Tile.parse(name).dora_next()) == DORA_NEXT[name]


@pytest.mark.parametrize(("indicator", "dora"), [
    ("9m", "1m"), ("9p", "1p"), ("9s", "1s"), ("4z", "1z"), ("7z", "5z"), ("0p", "6p"),
    ("3z", "4z"), ("5z", "6z"),
])
def test_dora_next_wraps(indicator: str, dora: str) -> None:
    assert Tile.parse(indicator).dora_next() == Tile.parse(dora)


def test_sorting_puts_a_red_five_just_before_the_plain_five() -> None:
    expected = parse_tiles(SORTED_TEXT)
    assert len(expected) == len(ALL_TILES) == 37
    shuffled = list(ALL_TILES)
    random.Random(7).shuffle(shuffled)
    assert sorted(shuffled) == expected


@given(tiles(), tiles())
def test_comparisons_agree_with_the_written_order(a: Tile, b: Tile) -> None:
    order = parse_tiles(SORTED_TEXT)
    i, j = order.index(a), order.index(b)
    assert (a < b) is (i < j)
    assert (a <= b) is (i <= j)
    assert (a > b) is (i > j)
    assert (a >= b) is (i >= j)
    assert (a == b) is (i == j)
    assert (a != b) is (i != j)


def test_equality_includes_the_red_flag_and_hashing_uses_the_kind() -> None:
    red, plain = Tile(4, red=True), Tile(4)
    assert red != plain
    assert red == Tile.parse("0m") and plain == Tile(4, False)
    assert hash(red) == hash(plain) == hash(Tile.parse("5m"))
    assert len({red, plain, Tile(4)}) == 2
    assert {red: "r"}.get(Tile(4, red=True)) == "r"
    assert plain not in {red}
    assert Tile(4) != 4
    assert Tile(4) != "5m"


@given(tiles())
def test_equal_tiles_hash_equal(tile: Tile) -> None:
    copy = Tile(tile.kind, tile.red)
    assert copy == tile
    assert hash(copy) == hash(tile) == hash(tile.plain)


def test_tiles_are_frozen() -> None:
    tile = Tile(0)
    with pytest.raises(AttributeError):
        tile.kind = 1  # type: ignore[misc]
    assert tile.kind == 0


# -- 136 ids -----------------------------------------------------------------------------

def _tenhou_name(tile_id: int, red_fives: bool) -> str:
    """Independent Tenhou layout: four consecutive ids per kind, copy 0 of a five is red."""
    name = NAMES[tile_id // 4]
    if red_fives and name[0] == "5" and name[1] != "z" and tile_id % 4 == 0:
        return "0" + name[1]
    return name


def _mod34_name(tile_id: int) -> str:
    """Independent seed layout: 1-9m, 1-9s, 1-9p, honours, repeated four times."""
    order = [f"{r}{s}" for s in "msp" for r in range(1, 10)] + NAMES[27:]
    return order[tile_id % 34]


@pytest.mark.parametrize("red_fives", [True, False])
def test_tenhou_ids_round_trip(red_fives: bool) -> None:
    seen = set()
    for tile_id in range(136):
        tile = Tile.from_id136(tile_id, red_fives=red_fives)
        assert str(tile) == _tenhou_name(tile_id, red_fives)
        back = tile.to_id136(tile_id % 4, red_fives=red_fives)
        assert back == tile_id
        seen.add(back)
    assert seen == set(range(136))


def test_red_five_ids() -> None:
    assert [str(Tile.from_id136(i)) for i in (16, 52, 88)] == ["0m", "0p", "0s"]
    assert [Tile.parse(t).to_id136() for t in ("0m", "0p", "0s")] == [16, 52, 88]
    assert [str(Tile.from_id136(i)) for i in (17, 53, 89)] == ["5m", "5p", "5s"]
    assert sum(Tile.from_id136(i).red for i in range(136)) == 3
    assert not any(Tile.from_id136(i, red_fives=False).red for i in range(136))


def test_mod34_ids_round_trip() -> None:
    for tile_id in range(136):
        tile = Tile.from_id136(tile_id, layout=IdLayout.MOD34)
        assert str(tile) == _mod34_name(tile_id)
        assert tile.to_id136(tile_id // 34, layout=IdLayout.MOD34) == tile_id


@pytest.mark.parametrize(("layout", "red_fives"), [
    (IdLayout.TENHOU, True), (IdLayout.TENHOU, False), (IdLayout.MOD34, True)])
def test_a_full_set_has_four_of_each_kind(layout: IdLayout, red_fives: bool) -> None:
    tiles_ = tiles_from_ids136(range(136), layout=layout, red_fives=red_fives)
    assert Counter(t.kind for t in tiles_) == {kind: 4 for kind in range(34)}
    reds = 3 if layout is IdLayout.TENHOU and red_fives else 0
    assert sum(t.red for t in tiles_) == reds


@pytest.mark.parametrize(("text", "copy", "layout", "red_fives"), [
    ("0m", 1, IdLayout.TENHOU, True),
    ("5p", 0, IdLayout.TENHOU, True),
    ("0s", 0, IdLayout.TENHOU, False),
    ("0m", 0, IdLayout.MOD34, True),
    ("1m", 4, IdLayout.TENHOU, True),
    ("1m", -1, IdLayout.MOD34, False),
])
def test_ids_that_do_not_exist(text: str, copy: int, layout: IdLayout, red_fives: bool) -> None:
    with pytest.raises(InvalidTileError):
        Tile.parse(text).to_id136(copy, layout=layout, red_fives=red_fives)


# -- mpsz notation -----------------------------------------------------------------------

@pytest.mark.parametrize(("text", "names"), [
    ("123m", ["1m", "2m", "3m"]),
    ("340m11z", ["3m", "4m", "0m", "1z", "1z"]),
    ("9s1p", ["9s", "1p"]),
    ("1z2z7z", ["1z", "2z", "7z"]),
    ("", []),
])
def test_parse_keeps_the_written_order(text: str, names: list[str]) -> None:
    assert [str(t) for t in parse_tiles(text)] == names


@pytest.mark.parametrize(("text", "canonical"), [
    ("1z5m0m3p", "05m3p1z"),
    ("9s1p", "1p9s"),
    ("1m1m1m", "111m"),
    ("7z1z", "17z"),
    ("", ""),
])
def test_format_is_sorted_and_grouped(text: str, canonical: str) -> None:
    assert format_tiles(parse_tiles(text)) == canonical


@given(tile_lists(max_size=40))
def test_parse_inverts_format(items: list[Tile]) -> None:
    parsed = parse_tiles(format_tiles(items))
    assert parsed == sorted(items)
    assert [t.red for t in parsed] == [t.red for t in sorted(items)]


@given(tile_lists(max_size=40), st.randoms(use_true_random=False))
def test_format_is_canonical(items: list[Tile], rng: random.Random) -> None:
    text = format_tiles(items)
    assert format_tiles(parse_tiles(text)) == text
    shuffled = list(items)
    rng.shuffle(shuffled)
    assert format_tiles(shuffled) == text
    assert format_tiles(iter(shuffled)) == text


@given(tile_lists(max_size=40))
def test_format_does_not_change_its_input(items: list[Tile]) -> None:
    before = list(items)
    format_tiles(items)
    assert items == before


@given(st.lists(st.integers(0, 135), unique=True, max_size=40), st.booleans(),
       st.sampled_from(list(IdLayout)))
def test_tiles_from_ids136_matches_each_id(ids: list[int], red_fives: bool,
                                           layout: IdLayout) -> None:
    tiles_ = tiles_from_ids136(ids, layout=layout, red_fives=red_fives)
    if layout is IdLayout.MOD34:
        assert [str(t) for t in tiles_] == [_mod34_name(i) for i in ids]
    else:
        assert [str(t) for t in tiles_] == [_tenhou_name(i, red_fives) for i in ids]


class _Int(int):
    """An int subclass: not a tile id, as bool is not."""


def _expected_tiles(ids: list[object], red_fives: bool) -> list[str] | str:
    """Independent reading of would-be ids: the tiles' names, or what the first bad id
    is (wrong type, out of range or repeated), as the error message says it."""
    names: list[str] = []
    for index, tile_id in enumerate(ids):
        if type(tile_id) is not int:
            return f"a tile id must be an int 0-135, got {quote(tile_id)}"
        if not 0 <= tile_id < 136:
            return f"tile id {tile_id} is out of range 0-135"
        if tile_id in ids[:index]:
            return f"tile id {tile_id} appears twice"
        names.append(_tenhou_name(tile_id, red_fives))
    return names


_WOULD_BE_ID = st.one_of(
    st.integers(0, 135), st.integers(0, 135), st.sampled_from((-1, 136, -136, 271)),
    st.booleans(), st.integers(0, 135).map(float), st.integers(0, 135).map(_Int))


@given(st.lists(_WOULD_BE_ID, max_size=4), st.booleans(), st.booleans(), st.booleans())
def test_tiles_from_few_ids_answer_as_each_id_read_alone(ids: list[object], red_fives: bool,
                                                        as_tuple: bool, repeat: bool) -> None:
    """Short id lists (one dora indicator, say) take a fast path; it finds what the
    plain reading finds: the same tiles, or the first bad id by name."""
    if repeat and ids:
        ids = [*ids, ids[0]]
    expected = _expected_tiles(ids, red_fives)
    given_ids = tuple(ids) if as_tuple else ids
    try:
        got: list[str] | str = [str(t) for t in tiles_from_ids136(
            given_ids, red_fives=red_fives)]  # type: ignore[arg-type]
    except InvalidTileError as error:
        got = str(error)
    assert got == expected
    if len(ids) == 1:
        try:
            got = [str(Tile.from_id136(ids[0], red_fives=red_fives))]  # type: ignore[arg-type]
        except InvalidTileError as error:
            got = str(error)
        assert got == expected


@given(tiles())
def test_repr_parses_back(tile: Tile) -> None:
    assert repr(tile) == f"Tile.parse({str(tile)!r})"
    assert Tile.parse(str(tile)) == tile
    assert format_tiles([tile]) == str(tile)

