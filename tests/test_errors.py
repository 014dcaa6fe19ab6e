"""Bad input: each raises the specific MahjongError subclass with a message that names it."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_core import (
    FuritenTracker,
    Hand,
    InvalidContextError,
    InvalidHandError,
    InvalidMeldError,
    InvalidNotationError,
    InvalidPaymentsError,
    InvalidRulesError,
    InvalidSeatError,
    InvalidTileError,
    MahjongError,
    Meld,
    MeldKind,
    Payments,
    Relative,
    Rules,
    Tile,
    WinContext,
    Wind,
    evaluate,
    format_tiles,
    parse_tiles,
    tiles_from_ids136,
)

# Values typed Any so that the table can hand the API what its annotations forbid.
ANY_NONE: Any = None
ANY_INT: Any = 123
ANY_FIVE: Any = 5
ANY_TRUE: Any = True
ANY_FLOAT: Any = 1.0
ANY_INTS: Any = [1, 2, 3]
ANY_TEXT: Any = "123m456p789s1122z"
ANY_STR_LIST: Any = ["pon:111z"]
ANY_EMPTY: Any = ""
ANY_VIEW: Any = memoryview(b"1m")
ANY_BYTES: Any = bytearray(b"1m")
ANY_DEEP: Any = []
for _ in range(1000):
    ANY_DEEP = [ANY_DEEP]
ANY_ENDLESS_MELDS: Any = itertools.repeat(Meld.parse("pon:111z"))
ANY_ENDLESS_TILES: Any = itertools.repeat(Tile(0))


def _tiles(text: str) -> list[Tile]:
    return parse_tiles(text)


def _pon_and_two_more() -> Hand:
    return Hand(_tiles("11m234p567s11z"), [Meld.parse("pon:111m:1m:toimen")])


def _second_red_in_a_meld() -> Hand:
    return Hand(_tiles("0m234p567s11z22z"), [Meld.parse("pon:055m")])


def _red_in_hand_and_indicator() -> object:
    return evaluate(Hand.parse("406m456p789s1122z"), Tile.parse("1z"),
                    WinContext(dora_indicators="0m"))


def _red_win_tile_and_indicator() -> object:
    return evaluate(Hand.parse("46m456p789s11223z"), Tile.parse("0m"),
                    WinContext(riichi=True, dora_indicators="1z", ura_indicators="0m"))


def _five_melds() -> Hand:
    melds = [Meld.parse(f"pon:{d}{d}{d}z") for d in "12345"]
    return Hand(_tiles("1m"), melds)


BAD: list[tuple[str, Callable[[], object], type[MahjongError], str]] = [
    # (id, call, error, text the message must contain)
    ("layout as text", lambda: Tile.from_id136(16, layout=ANY_TEXT), InvalidTileError,
     "IdLayout"),
    ("red_fives not a bool", lambda: Tile.from_id136(16, red_fives=ANY_NONE), InvalidTileError,
     "red_fives"),
    ("to_id136 layout as text", lambda: Tile(0).to_id136(layout=ANY_TEXT), InvalidTileError,
     "IdLayout"),
    ("fifth copy", lambda: parse_tiles("11111m"), InvalidTileError, "fifth copy of 1m"),
    ("0z", lambda: parse_tiles("0z"), InvalidNotationError, "0z"),
    ("8z", lambda: parse_tiles("8z"), InvalidNotationError, "8z"),
    ("10z", lambda: parse_tiles("10z"), InvalidNotationError, "'10z'"),
    ("no suit", lambda: parse_tiles("123"), InvalidNotationError, "'123'"),
    ("capital suit", lambda: parse_tiles("123M"), InvalidNotationError, "'M'"),
    ("trailing digit", lambda: parse_tiles("1m2"), InvalidNotationError, "'2'"),
    ("letter only", lambda: parse_tiles("m"), InvalidNotationError, "has no digits"),
    ("fifth copy with red", lambda: parse_tiles("5555m0m"), InvalidTileError, "fifth copy"),
    ("two reds", lambda: parse_tiles("00m"), InvalidTileError, "two red fives"),
    ("space in tiles", lambda: parse_tiles("12 3m"), InvalidNotationError, "' '"),
    ("one tile of two", lambda: Tile.parse("12m"), InvalidNotationError, "'12m'"),
    ("12 tiles", lambda: Hand.parse("123m456p789s112z"), InvalidHandError, "not 12"),
    ("15 tiles", lambda: Hand.parse("123m456p789s111222z"), InvalidHandError, "not 15"),
    ("hand notation", lambda: Hand.parse("123m456p789s1122x"), InvalidNotationError, "'x'"),
    ("hand fifth copy", lambda: Hand.parse("11111m456p789s112z"), InvalidTileError,
     "fifth copy"),
    ("fifth copy with a pon", _pon_and_two_more, InvalidHandError, "5 copies of 1m"),
    ("two reds with a meld", _second_red_in_a_meld, InvalidHandError, "two red fives of m"),
    ("five melds", _five_melds, InvalidHandError, "at most four melds"),
    ("chi 135m", lambda: Meld.parse("chi:135m"), InvalidMeldError, "135m"),
    ("chi of honours", lambda: Meld.parse("chi:123z"), InvalidMeldError, "honours"),
    ("chi across suits", lambda: Meld(MeldKind.CHI, _tiles("89m1p")), InvalidMeldError,
     "one suit"),
    ("pon of mixed kinds", lambda: Meld.parse("pon:112m"), InvalidMeldError, "one kind"),
    ("kan of three", lambda: Meld.parse("minkan:111m"), InvalidMeldError, "4 tiles, not 3"),
    ("called tile not in meld", lambda: Meld.parse("pon:111m:2m"), InvalidMeldError,
     "called tile 2m"),
    ("ankan with a called tile", lambda: Meld.parse("ankan:1111m:1m"), InvalidMeldError,
     "ankan"),
    ("chi from toimen", lambda: Meld.parse("chi:123m:1m:toimen"), InvalidMeldError, "toimen"),
    ("unknown source", lambda: Meld.parse("pon:111m:1m:left"), InvalidMeldError, "'left'"),
    ("unknown meld kind", lambda: Meld.parse("kan:1111m"), InvalidMeldError, "'kan'"),
    ("meld without tiles", lambda: Meld.parse("pon"), InvalidMeldError, "'pon'"),
    ("meld of five tiles", lambda: Meld(MeldKind.MINKAN, [Tile(0)] * 5), InvalidMeldError,
     "fifth copy"),
    ("meld with two reds", lambda: Meld(MeldKind.PON, [Tile(4, True)] * 3), InvalidMeldError,
     "two red fives"),
    ("id -1", lambda: tiles_from_ids136([-1]), InvalidTileError, "-1"),
    ("id 136", lambda: tiles_from_ids136([136]), InvalidTileError, "136"),
    ("duplicate id", lambda: tiles_from_ids136([5, 9, 5]), InvalidTileError,
     "5 appears twice"),
    ("hand duplicate id", lambda: Hand.from_ids136([7, 7, *range(8, 52, 4)]),
     InvalidTileError, "7 appears twice"),
    ("hand from 12 ids", lambda: Hand.from_ids136(range(0, 48, 4)), InvalidHandError,
     "not 12"),
    ("float id", lambda: Tile.from_id136(ANY_FLOAT), InvalidTileError, "1.0"),
    ("copy 4", lambda: Tile(0).to_id136(4), InvalidTileError, "got 4"),
    ("parse_tiles(123)", lambda: parse_tiles(ANY_INT), InvalidNotationError, "123"),
    ("Tile.parse(None)", lambda: Tile.parse(ANY_NONE), InvalidNotationError, "None"),
    ("Hand.parse(5)", lambda: Hand.parse(ANY_FIVE), InvalidHandError, "got 5"),
    ("Meld.parse(None)", lambda: Meld.parse(ANY_NONE), InvalidMeldError, "None"),
    ("bool kind", lambda: Tile(ANY_TRUE), InvalidTileError, "True"),
    ("bool from_kind", lambda: Tile.from_kind(ANY_TRUE), InvalidTileError, "True"),
    ("bool id", lambda: Tile.from_id136(ANY_TRUE), InvalidTileError, "True"),
    ("kind 34", lambda: Tile(34), InvalidTileError, "34"),
    ("red four", lambda: Tile(3, red=True), InvalidTileError, "only fives"),
    ("red flag of 5", lambda: Tile(4, ANY_FIVE), InvalidTileError, "got 5"),
    ("hand of ints", lambda: Hand(ANY_INTS), InvalidHandError, "got 1"),
    ("hand of a string", lambda: Hand(ANY_TEXT), InvalidHandError, "'123m456p789s1122z'"),
    ("hand of None", lambda: Hand(ANY_NONE), InvalidHandError, "None"),
    ("melds of strings", lambda: Hand(_tiles("123m456p789s1z"), ANY_STR_LIST),
     InvalidHandError, "'pon:111z'"),
    ("melds of an int", lambda: Hand.parse("123m456p789s1122z", melds=ANY_FIVE),
     InvalidHandError, "got 5"),
    ("meld tiles of ints", lambda: Meld(MeldKind.PON, ANY_INTS), InvalidMeldError, "got 1"),
    ("meld source of an int", lambda: Meld("pon", "111m", None, ANY_FIVE), InvalidMeldError,
     "not 5"),
    ("add a string", lambda: Hand.parse("123m456p789s1122z").add(ANY_TEXT), InvalidHandError,
     "'123m456p789s1122z'"),
    ("remove a missing tile", lambda: Hand.parse("123m456p789s1122z").remove(Tile(33)),
     InvalidHandError, "holds no 7z"),
    ("format a string", lambda: format_tiles(ANY_TEXT), InvalidTileError,
     "'123m456p789s1122z'"),
    ("format ints", lambda: format_tiles(ANY_INTS), InvalidTileError, "got 1"),
    ("format a fifth copy", lambda: format_tiles([Tile(0)] * 5), InvalidTileError,
     "fifth copy"),
    # consistency: the red five of a suit is one tile; payments whose parts agree
    ("red five in the hand and as an indicator", _red_in_hand_and_indicator,
     InvalidContextError, "the red five 0m is both an indicator and in the hand"),
    ("red winning tile and ura indicator", _red_win_tile_and_indicator,
     InvalidContextError, "the red five 0m is both an indicator"),
    ("red five as dora and ura indicator",
     lambda: WinContext(riichi=True, dora_indicators="0p", ura_indicators="0p"),
     InvalidContextError, "show the red five 0p twice"),
    ("two red fives visible", lambda: Hand.parse("123m456p789s1122z").ukeire(
        [Tile(22, True)] * 2), InvalidHandError, "hold the red five 0s twice"),
    ("red five in the hand and visible", lambda: Hand.parse("406m456p789s1122z").ukeire(
        _tiles("0m")), InvalidHandError, "hold the red five 0m twice"),
    ("red five visible on discard", lambda: Hand.parse("406m456p789s11223z").discard_options(
        [Tile(4, True)]), InvalidHandError, "hold the red five 0m twice"),
    ("discards asked for as text", lambda: Hand.parse("406m456p789s11223z").discard_options(
        among="1m"),  # type: ignore[arg-type]
     InvalidHandError, "the discards asked for must be Tile objects, got '1m'"),
    ("a discard asked for as an id", lambda: Hand.parse("406m456p789s11223z").discard_options(
        among=[Tile(1), 5]),  # type: ignore[list-item]
     InvalidHandError, "must be Tile objects, got 5"),
    ("endless discards asked for", lambda: Hand.parse("406m456p789s11223z").discard_options(
        among=itertools.repeat(Tile(1))), InvalidHandError, "more than the 136"),
    ("ron paid by the dealer too", lambda: Payments(discarder=1000, dealer=2000),
     InvalidPaymentsError, "a ron (non_dealer_payers 0) is paid by the discarder alone"),
    ("tsumo with a discarder", lambda: Payments(discarder=1000, non_dealer=500,
                                                non_dealer_payers=2),
     InvalidPaymentsError, "has no discarder to pay"),
    ("dealer's tsumo with a dealer part", lambda: Payments(dealer=1000, non_dealer=500,
                                                           non_dealer_payers=3),
     InvalidPaymentsError, "dealer must be 0"),
    ("a discarder on a tsumo", lambda: Payments(non_dealer=500, non_dealer_payers=3).deltas(
        0, dealer=0, discarder=2), InvalidSeatError, "a tsumo, which has no discarder"),
    ("a ron without a discarder", lambda: Payments(discarder=1000).deltas(1, dealer=0),
     InvalidSeatError, "a ron needs a discarder other than the winner (seat 1), got None"),
    ("a ron discarded by the winner", lambda: Payments(discarder=1000).deltas(
        2, dealer=0, discarder=2), InvalidSeatError, "other than the winner (seat 2), got 2"),
    ("a liable seat without pao", lambda: Payments(discarder=1000).deltas(
        2, dealer=0, discarder=1, liable=3), InvalidSeatError, "without a liability payment"),
    ("pao without a liable seat", lambda: Payments(discarder=1000, liable=1000).deltas(
        2, dealer=0, discarder=1), InvalidSeatError, "needs the liable player's seat"),
    ("the winner liable", lambda: Payments(discarder=1000, liable=1000).deltas(
        2, dealer=0, discarder=1, liable=2), InvalidSeatError, "other than the winner"),
    ("seat 4", lambda: Payments(discarder=1000).deltas(4, dealer=0, discarder=1),
     InvalidSeatError, "winner is a seat, an int 0-3, got 4"),
    ("seat 3 at three players", lambda: Payments(discarder=1000, players=3).deltas(
        0, dealer=3, discarder=1), InvalidSeatError, "dealer is a seat, an int 0-2, got 3"),
    ("seat True", lambda: Payments(discarder=1000).deltas(0, dealer=0, discarder=ANY_TRUE),
     InvalidSeatError, "discarder is a seat, an int 0-3, got True"),
    ("payment of a billion and one", lambda: Payments(discarder=10 ** 9 + 1),
     InvalidPaymentsError, "must be an int 0-1000000000"),
    ("ids as a bytearray", lambda: tiles_from_ids136(bytearray(b"1m")), InvalidTileError,
     "bytearray(b'1m')"),
    ("ids as a memoryview", lambda: tiles_from_ids136(ANY_VIEW), InvalidTileError,
     "iterable of tile ids"),
    ("hand of a bytearray", lambda: Hand(ANY_BYTES), InvalidHandError,
     "bytearray(b'1m')"),
    ("furiten kinds of a bytearray", lambda: FuritenTracker(own=bytearray(b"\x01")),
     InvalidHandError, "bytearray"),
    ("is_furiten of empty text", lambda: FuritenTracker().is_furiten(ANY_EMPTY),
     InvalidHandError, "got ''"),
    ("is_furiten of text", lambda: FuritenTracker().is_furiten(ANY_TEXT), InvalidHandError,
     "a Hand or its waits"),
    ("is_furiten of None", lambda: FuritenTracker().is_furiten(ANY_NONE), InvalidHandError,
     "got None"),
    # limits that make sense for the domain, checked before any work
    ("honba 101", lambda: WinContext(honba=101), InvalidContextError,
     "'honba' is at most 100"),
    ("honba 10**30", lambda: WinContext(honba=10 ** 30), InvalidContextError,
     "'honba' is at most 100"),
    ("riichi sticks 101", lambda: WinContext(riichi_sticks=101), InvalidContextError,
     "'riichi_sticks' is at most 100"),
    ("a honba worth 100,002", lambda: Rules(honba_points=100_002), InvalidRulesError,
     "is at most 100000"),
    ("a stick worth 10**30", lambda: Rules(riichi_stick_points=10 ** 30), InvalidRulesError,
     "is at most 100000"),
    ("tiles text of 274 characters", lambda: parse_tiles("1m" * 137), InvalidNotationError,
     "too long: mpsz text of 136 tiles takes at most 272 characters"),
    ("hand text of 300 characters", lambda: Hand.parse(" " * 300), InvalidNotationError,
     "takes at most 256 characters"),
    ("five melds in hand text", lambda: Hand.parse("1m pon:111z pon:222z pon:333z pon:444z "
                                                   "pon:555z"),
     InvalidHandError, "at most four melds, not 5"),
    ("a million melds", lambda: Hand(_tiles("1m"), [Meld.parse("pon:111z")] * 1_000_000),
     InvalidHandError, "at most four melds, not 1000000"),
    ("melds from an endless iterator", lambda: Hand(_tiles("1m"), ANY_ENDLESS_MELDS),
     InvalidHandError, "at most four melds, got more"),
    ("tiles from an endless iterator", lambda: Hand(ANY_ENDLESS_TILES), InvalidHandError,
     "more than the 136 there can be"),
    ("a long wind", lambda: Wind.parse(" " * 40 + "E"), InvalidContextError, "a wind is"),
    # every message can be built
    ("kind 10**5000", lambda: Tile(10 ** 5000), InvalidTileError,
     "tile kind an int of 5001 digits is out of range"),
    ("honba -10**5000", lambda: WinContext(honba=-10 ** 5000), InvalidContextError,
     "got a negative int of 5001 digits"),
    ("discarder -10**5000", lambda: Payments(discarder=-10 ** 5000), InvalidPaymentsError,
     "got a negative int of 5001 digits"),
    ("a kind nested 1,000 deep", lambda: Tile(ANY_DEEP), InvalidTileError,
     "got [[[[...]]]]"),
    ("a hand nested 1,000 deep", lambda: Hand.parse(ANY_DEEP), InvalidHandError,
     "got [[[[...]]]]"),
    ("a 50 MB hand", lambda: Hand.parse("1m" * 25_000_000), InvalidNotationError,
     "(50000000 characters) is too long"),
]


def test_the_table_is_big_enough() -> None:
    assert len(BAD) >= 25
    assert len({name for name, *_ in BAD}) == len(BAD)


@pytest.mark.parametrize(("call", "error", "fragment"), [row[1:] for row in BAD],
                         ids=[row[0] for row in BAD])
def test_bad_input(call: Callable[[], object], error: type[MahjongError], fragment: str) -> None:
    with pytest.raises(MahjongError) as info:
        call()
    assert type(info.value) is error, f"{type(info.value).__name__}: {info.value}"
    assert fragment in str(info.value)


@pytest.mark.parametrize("error", [
    InvalidNotationError, InvalidTileError, InvalidMeldError, InvalidHandError,
    InvalidContextError, InvalidRulesError, InvalidSeatError, InvalidPaymentsError])
def test_every_error_is_a_mahjong_error_and_a_value_error(error: type[MahjongError]) -> None:
    assert issubclass(error, MahjongError)
    assert issubclass(MahjongError, ValueError)
    with pytest.raises(ValueError, match="boom"):
        raise error("boom")


def test_errors_are_distinct() -> None:
    errors = [InvalidNotationError, InvalidTileError, InvalidMeldError, InvalidHandError,
              InvalidSeatError, InvalidPaymentsError]
    for a in errors:
        for b in errors:
            assert issubclass(a, b) is (a is b)


# -- fuzz ------------------------------------------------------------------------------

PARSERS: list[Callable[[Any], object]] = [parse_tiles, Tile.parse, Hand.parse, Meld.parse]
MPSZ_ISH = st.text(alphabet="0123456789mpsz :chiponkamtsuedrl", max_size=40)
OBJECTS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.binary(), st.text(),
    st.lists(st.integers()), st.lists(st.text()), st.tuples(st.text()),
    st.dictionaries(st.text(), st.integers()), st.builds(object),
    st.sampled_from([Tile(0), MeldKind.PON, Relative.TOIMEN, [Tile(0)], b"1m", bytearray()]),
)


def _must_succeed_or_raise_mahjong_error(value: object) -> None:
    for parse in PARSERS:
        try:
            parse(value)
        except MahjongError as error:
            assert str(error), f"{parse.__qualname__}({value!r}) raised an empty message"


@given(st.text())
def test_any_text(text: str) -> None:
    _must_succeed_or_raise_mahjong_error(text)


@given(MPSZ_ISH)
def test_text_close_to_notation(text: str) -> None:
    _must_succeed_or_raise_mahjong_error(text)


@given(OBJECTS)
def test_any_object(value: object) -> None:
    _must_succeed_or_raise_mahjong_error(value)


@given(st.one_of(OBJECTS, st.lists(OBJECTS, max_size=5)))
def test_constructors_with_any_object(value: object) -> None:
    calls: list[Callable[[Any], object]] = [
        Hand, Tile, Tile.from_kind, Tile.from_id136, tiles_from_ids136, format_tiles,
        lambda v: Meld(MeldKind.CHI, v), lambda v: Meld(v, "111z"),
        lambda v: Meld("pon", "111z", v), lambda v: Meld("pon", "111z", None, v),
    ]
    for call in calls:
        try:
            call(value)
        except MahjongError as error:
            assert str(error)


@pytest.mark.parametrize("text", ["0m", "0p", "0s", "7z", "406m", "123m456p789s1122z"])
def test_messages_quote_the_input(text: str) -> None:
    bad = text + "x"
    with pytest.raises(InvalidNotationError, match=re.escape(repr(bad))):
        parse_tiles(bad)
