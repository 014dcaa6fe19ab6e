"""Hostile input to every public constructor and function.

Each call gets wrong types, huge ints (past Python's 4,300-digit conversion limit),
values nested 1,000 deep or more, odd str and int subclasses (some whose every method
raises ``Trap``) and over-long text, in every argument, beside valid values. Every call
must either succeed or raise a MahjongError whose message is short, printable and one
line; it must not change its inputs; and the same call must give the same answer twice.
Each hostile constant goes through every argument once (``test_every_argument_*``), and
hypothesis mixes them with valid values (``test_mixed_*``).
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_core import (
    MAHJONG_SOUL_RULES,
    NO_RED_FIVES_RULES,
    TENHOU_RULES,
    Decomposition,
    Form,
    FuritenTracker,
    Group,
    GroupKind,
    Hand,
    IdLayout,
    Meld,
    MeldKind,
    Payments,
    Relative,
    Rules,
    Tile,
    WinContext,
    Wind,
    WinResult,
    chinitsu,
    evaluate,
    format_tiles,
    parse_tiles,
    relative_seat,
    render,
    seat_from_relative,
    seat_of_wind,
    seat_wind,
    tiles_from_ids136,
)
from mahjong_core.cli import analyze as analyze_command
from mahjong_core.context import MAX_HONBA, MAX_RIICHI_STICKS
from mahjong_core.errors import quote
from mahjong_core.hand import MAX_HAND_TEXT
from mahjong_core.jsonapi import parse_request, result_to_json, score_request
from mahjong_core.points import MAX_PAYMENT
from mahjong_core.rules import MAX_STICK_POINTS
from mahjong_core.table import Wall
from mahjong_core.tile import MAX_TILES_TEXT
from tests.support.hostile_checks import Slot, Target
from tests.support.hostile_checks import cases as _cases
from tests.support.hostile_checks import check as _check
from tests.support.hostile_checks import keywords as _keywords
from tests.support.hostile_checks import options as _options
from tests.support.strategies import (
    DEEP_VALUES,
    HUGE_INTS,
    LONG_TEXTS,
    LoudInt,
    PlainStr,
    hands,
    hostile,
    melds,
    tile_lists,
    tiles,
)

HAND13 = Hand.parse("123m406p789s1122z")
HAND14 = Hand.parse("123m406p789s11222z")
TILE = Tile.parse("1z")
MELD = Meld.parse("pon:111z:1z:toimen")
READING = HAND14.decompositions()[0]
TILE2 = Tile.parse("2z")
WIN = evaluate(HAND13, TILE2, WinContext(riichi=True))
WALL = Wall.from_sequence(range(136), dealer=0)
RON = Payments(discarder=3900)
TSUMO = Payments(dealer=2000, non_dealer=1000, non_dealer_payers=2)
REQUEST = {"hand": "123m456p789s1122z", "win_tile": "2z", "riichi": True, "seat_wind": "S"}
REQUEST_KEYS = ("hand", "win_tile", "melds", "tsumo", "seat_wind", "dora_indicators", "honba",
                "riichi_sticks", "rules")

mpsz = tile_lists(max_size=14).map(format_tiles)
one_tile = tiles().map(str)
kinds = st.integers(0, 33)
ids = st.integers(0, 135)
bools = st.booleans()
layouts = st.sampled_from(list(IdLayout))
winds = st.sampled_from(["E", "S", "W", "N", "east", "north", *Wind])
seats = st.integers(0, 3)
sources = st.none() | st.sampled_from([*Relative, "kamicha", "toimen", "shimocha"])
meld_kinds = st.sampled_from([*MeldKind, "chi", "pon", "minkan", "shouminkan", "ankan"])
hands13 = hands(full=False)
hands14 = hands(full=True)
rules = st.sampled_from([TENHOU_RULES, MAHJONG_SOUL_RULES, NO_RED_FIVES_RULES])
contexts = st.builds(WinContext, tsumo=bools, riichi=bools, seat_wind=winds,
                     dora_indicators=tile_lists(max_size=2).map(format_tiles),
                     honba=st.integers(0, 5), riichi_sticks=st.integers(0, 5))
payments = st.sampled_from([RON, TSUMO, Payments(non_dealer=2000, non_dealer_payers=3),
                            Payments(discarder=4000, liable=4000, sticks=1000)])
shuffled = st.randoms(use_true_random=False).map(
    lambda rng: Wall.shuffled(rng, dealer=rng.randrange(4)))

concealed = hands13.map(lambda h: format_tiles(h.tiles))
requests = st.fixed_dictionaries(
    {"hand": concealed | hostile(concealed), "win_tile": one_tile | hostile(one_tile)},
    optional={key: strategy | hostile(strategy) for key, strategy in {
        "melds": st.just([{"kind": "pon", "tiles": "777z"}]), "tsumo": bools,
        "riichi": bools, "seat_wind": winds.filter(lambda w: isinstance(w, str)),
        "dora_indicators": st.just("1z"), "honba": st.integers(0, 5),
        "riichi_sticks": st.integers(0, 5), "rules": st.just({"double_yakuman": True}),
    }.items()})


def _fresh(rng: Any) -> Any:
    """A copy of a generator, so that each call starts from the same state (shuffling
    draws from the generator it is given, by design)."""
    return copy.deepcopy(rng) if isinstance(rng, random.Random) else rng


def _nine(values: Iterable[int]) -> tuple[int, ...]:
    return tuple(values)


TARGETS: list[Target] = [
    Target("Tile", Tile, (Slot(kinds, 4), Slot(bools, False))),
    Target("Tile.parse", Tile.parse, (Slot(one_tile, "5m"),)),
    Target("Tile.from_id136", lambda i, layout, red: Tile.from_id136(
        i, layout=layout, red_fives=red), (Slot(ids, 16), Slot(layouts, IdLayout.TENHOU),
                                           Slot(bools, True))),
    Target("Tile.from_kind", Tile.from_kind, (Slot(kinds, 0),)),
    Target("Tile.to_id136", lambda tile, copy, layout, red: tile.to_id136(
        copy, layout=layout, red_fives=red),
        (Slot(tiles(), TILE, False), Slot(st.integers(0, 3), 1), Slot(layouts, IdLayout.TENHOU),
         Slot(bools, True))),
    Target("parse_tiles", parse_tiles, (Slot(mpsz, "123m"),)),
    Target("format_tiles", format_tiles, (Slot(tile_lists(), [TILE]),)),
    Target("tiles_from_ids136", lambda i, layout, red: tiles_from_ids136(
        i, layout=layout, red_fives=red),
        (Slot(st.lists(ids, unique=True, max_size=14), [0, 16]), Slot(layouts, IdLayout.TENHOU),
         Slot(bools, True))),
    Target("Meld", Meld, (Slot(meld_kinds, "pon"), Slot(melds().map(lambda m: m.tiles), "777z"),
                          Slot(st.none() | tiles(), "7z"), Slot(sources, "toimen"))),
    Target("Meld.parse", Meld.parse, (Slot(melds().map(str), "chi:345m:3m:kamicha"),)),
    Target("Hand", Hand, (Slot(hands().map(lambda h: list(h.tiles)), list(HAND13.tiles)),
                          Slot(st.just([]) | st.lists(melds(), max_size=2), []))),
    Target("Hand.parse", Hand.parse, (Slot(hands().map(str), str(HAND13)),
                                      Slot(st.just(()), ()))),
    Target("Hand.from_ids136", lambda i, m, layout, red: Hand.from_ids136(
        i, m, layout=layout, red_fives=red),
        (Slot(st.permutations(range(136)).map(lambda wall: wall[:13]), list(range(0, 52, 4))),
         Slot(st.just(()), ()), Slot(layouts, IdLayout.TENHOU), Slot(bools, True))),
    Target("Hand.add", lambda hand, tile: hand.add(tile),
           (Slot(hands13, HAND13, False), Slot(tiles(), TILE))),
    Target("Hand.remove", lambda hand, tile: hand.remove(tile),
           (Slot(hands14, HAND14, False), Slot(tiles(), TILE))),
    Target("Hand.call", lambda hand, meld: hand.call(meld),
           (Slot(hands(), HAND13, False), Slot(melds(), MELD))),
    Target("Hand.count", lambda hand, tile: hand.count(tile),
           (Slot(hands(), HAND13, False), Slot(tiles(), TILE))),
    Target("Hand.is_wait", lambda hand, tile: hand.is_wait(tile),
           (Slot(hands13, HAND13, False), Slot(tiles(), TILE))),
    Target("Hand.ukeire", lambda hand, seen: hand.ukeire(seen),
           (Slot(hands13, HAND13, False), Slot(tile_lists(max_size=20), [TILE]))),
    Target("Hand.discard_options", lambda hand, seen: hand.discard_options(seen),
           (Slot(hands14, HAND14, False), Slot(tile_lists(max_size=20), [TILE]))),
    Target("Decomposition.winning_groups", lambda reading, tile: reading.winning_groups(tile),
           (Slot(st.just(READING), READING, False), Slot(tiles(), TILE))),
    Target("Group", Group, (Slot(st.sampled_from(list(GroupKind)), GroupKind.RUN),
                            Slot(tiles(), Tile(0)), Slot(bools, False), Slot(bools, False))),
    Target("Decomposition", Decomposition, (Slot(st.sampled_from(list(Form)), Form.STANDARD),
                                            Slot(st.just(READING.groups), READING.groups))),
    Target("WinContext", _keywords(WinContext), (_options({
        **{flag: bools for flag in ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan",
                                    "chankan", "haitei", "houtei", "tenhou", "chiihou",
                                    "renhou", "furiten")},
        "seat_wind": winds, "round_wind": winds, "pao": sources,
        "dora_indicators": tile_lists(max_size=5).map(format_tiles) | tile_lists(max_size=5),
        "ura_indicators": tile_lists(max_size=5).map(format_tiles),
        "honba": st.integers(0, 100), "riichi_sticks": st.integers(0, 100)},
        {"seat_wind": "S", "dora_indicators": "1z", "honba": 1, "riichi_sticks": 1}),)),
    Target("Wind.parse", Wind.parse, (Slot(winds.filter(lambda w: isinstance(w, str)), "S"),)),
    Target("Rules", _keywords(Rules), (_options({
        **{name: bools for name in ("red_fives", "open_tanyao", "kiriage_mangan",
                                    "kazoe_yakuman", "double_yakuman", "yakuman_stacking",
                                    "renhou", "pao", "rinshan_tsumo_fu")},
        "double_wind_pair_fu": st.sampled_from([2, 4]),
        "honba_points": st.sampled_from([0, 300, 1500]),
        "riichi_stick_points": st.sampled_from([0, 1000])}, {"honba_points": 1500}),)),
    Target("Rules.from_mapping", Rules.from_mapping,
           (Slot(st.dictionaries(st.sampled_from(["red_fives", "pao", "honba_points"]),
                                 st.booleans() | st.integers(0, 3000), max_size=3),
                 {"red_fives": False}),
            Slot(st.none() | rules, None))),
    Target("FuritenTracker", FuritenTracker,
           (Slot(st.lists(tiles() | kinds, max_size=8), [TILE]),
            Slot(st.lists(kinds, max_size=5), [0]), Slot(st.just(()), ()),
            Slot(bools, False))),
    Target("FuritenTracker.discarded", lambda tile: FuritenTracker().discarded(tile),
           (Slot(tiles(), TILE),)),
    Target("FuritenTracker.passed", lambda tile: FuritenTracker(riichi=True).passed(tile),
           (Slot(tiles(), TILE),)),
    Target("FuritenTracker.is_furiten", FuritenTracker(own=[0, 27]).is_furiten,
           (Slot(hands13 | st.lists(tiles(), max_size=5), HAND13),)),
    Target("Payments", _keywords(Payments), (_options({
        "discarder": st.integers(0, 50_000), "dealer": st.integers(0, 50_000),
        "non_dealer": st.integers(0, 50_000), "non_dealer_payers": st.sampled_from([0, 2, 3]),
        "liable": st.integers(0, 50_000), "sticks": st.integers(0, 5000)},
        {"discarder": 2000, "sticks": 1000}),)),
    Target("Payments.deltas", lambda pay, winner, dealer, discarder, liable: pay.deltas(
        winner, dealer=dealer, discarder=discarder, liable=liable),
        (Slot(payments, RON, False), Slot(st.integers(0, 3), 1), Slot(st.integers(0, 3), 0),
         Slot(st.none() | st.integers(0, 3), 2), Slot(st.none() | st.integers(0, 3), None))),
    Target("evaluate", evaluate, (Slot(hands13, HAND13), Slot(tiles(), TILE),
                                  Slot(contexts, WinContext()), Slot(rules, TENHOU_RULES))),
    Target("Wall", Wall, (Slot(shuffled.map(lambda w: w.hands), WALL.hands),
                          Slot(shuffled.map(lambda w: w.live), WALL.live),
                          Slot(shuffled.map(lambda w: w.rinshan), WALL.rinshan),
                          Slot(shuffled.map(lambda w: w.dora), WALL.dora),
                          Slot(shuffled.map(lambda w: w.ura), WALL.ura))),
    Target("Wall.from_sequence", lambda i, dealer: Wall.from_sequence(i, dealer=dealer),
           (Slot(st.permutations(range(136)), list(range(136))), Slot(st.integers(0, 3), 0))),
    Target("Wall.shuffled", lambda rng, dealer: Wall.shuffled(_fresh(rng), dealer=dealer),
           (Slot(st.randoms(use_true_random=False), random.Random(1)),
            Slot(st.integers(0, 3), 0))),
    Target("score_request", score_request, (Slot(requests, REQUEST, keys=REQUEST_KEYS),)),
    Target("parse_request", parse_request, (Slot(requests, REQUEST, keys=REQUEST_KEYS),)),
    Target("result_to_json", result_to_json,
           (Slot(st.sampled_from([evaluate(HAND13, TILE), evaluate(HAND13, Tile(28))]),
                 evaluate(HAND13, TILE)),)),
    Target("analyze", analyze_command.analyze, (Slot(hands(), HAND13),)),
    Target("analyze_text", analyze_command.analyze_text,
           (Slot(hands().map(str), "1112345678999m"),)),
    Target("format_analysis", analyze_command.format_analysis, (Slot(hands(), HAND14),)),
    Target("ChinitsuShape", chinitsu.ChinitsuShape,
           (Slot(st.lists(st.integers(0, 4), min_size=9, max_size=9).map(_nine), (1,) * 9),
            Slot(st.lists(st.integers(1, 9), unique=True).map(sorted), [1, 4]))),
    Target("tenpai_shapes", chinitsu.tenpai_shapes, (Slot(st.sampled_from([1, 4]), 1),)),
    Target("winning_shapes", chinitsu.winning_shapes, (Slot(st.sampled_from([2, 5]), 2),)),
    Target("quote", quote, (Slot(st.integers() | st.text(), "x"), Slot(st.integers(1, 99), 60))),
    Target("relative_seat", lambda seat, other, players: relative_seat(
        seat, other, players=players),
        (Slot(seats, 0), Slot(seats, 2), Slot(st.sampled_from([3, 4]), 4))),
    Target("seat_from_relative", lambda seat, where, players: seat_from_relative(
        seat, where, players=players),
        (Slot(seats, 1), Slot(st.sampled_from(list(Relative)), Relative.TOIMEN),
         Slot(st.sampled_from([3, 4]), 4))),
    Target("seat_wind", lambda seat, dealer, players: seat_wind(
        seat, dealer=dealer, players=players),
        (Slot(seats, 1), Slot(seats, 0), Slot(st.sampled_from([3, 4]), 4))),
    Target("seat_of_wind", lambda wind, dealer, players: seat_of_wind(
        wind, dealer=dealer, players=players),
        (Slot(st.sampled_from(list(Wind)), Wind.SOUTH), Slot(seats, 0),
         Slot(st.sampled_from([3, 4]), 4))),
    Target("render.tile_unicode", render.tile_unicode, (Slot(tiles(), TILE),)),
    Target("render.tiles_unicode", render.tiles_unicode, (Slot(tile_lists(), [TILE]),)),
    Target("render.meld_unicode", render.meld_unicode, (Slot(melds(), MELD),)),
    Target("render.hand_unicode", render.hand_unicode, (Slot(hands(), HAND13),)),
    Target("render.tile_svg", render.tile_svg, (Slot(tiles(), TILE),)),
    Target("render.tiles_svg", render.tiles_svg, (Slot(tile_lists(), [TILE]),)),
    Target("render.meld_svg", render.meld_svg, (Slot(melds(), MELD),)),
    Target("render.hand_svg", render.hand_svg, (Slot(hands(), HAND13),)),
    Target("render.result_unicode", lambda result, hand, tile, language: render.result_unicode(
        result, hand, tile, language=language),
        (Slot(st.just(WIN), WIN), Slot(st.just(HAND13), HAND13), Slot(st.just(TILE2), TILE2),
         Slot(st.sampled_from(["english", "japanese", "romaji"]), "japanese"))),
    Target("render.result_svg", lambda result, hand, tile: render.result_svg(result, hand, tile),
           (Slot(st.just(WIN), WIN), Slot(st.just(HAND13), HAND13),
            Slot(st.just(TILE2), TILE2))),
]


# -- the checks ----------------------------------------------------------------------


_IDS = [target.name for target in TARGETS]


def test_every_public_callable_is_a_target() -> None:
    names = set(_IDS)
    assert len(names) == len(TARGETS)
    for name in ("Tile", "Meld", "Hand", "WinContext", "Rules", "FuritenTracker", "Payments",
                 "evaluate", "Wall", "Hand.ukeire", "Hand.discard_options", "score_request"):
        assert name in names


@pytest.mark.parametrize("target", TARGETS, ids=_IDS)
def test_every_argument_takes_every_hostile_constant(target: Target) -> None:
    cases = list(_cases(target))
    assert cases
    for args in cases:
        _check(target, args)


@pytest.mark.parametrize("target", TARGETS, ids=_IDS)
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_mixed_hostile_and_valid_arguments(target: Target, data: st.DataObject) -> None:
    args = tuple(data.draw(slot.valid | hostile(slot.valid) if slot.hostile else slot.valid)
                 for slot in target.slots)
    _check(target, args)


# -- the limits refuse nothing a game can hold ----------------------------------------


def test_the_longest_valid_texts_fit_the_limits() -> None:
    every_tile = "".join(f"{rank}{suit}" * 4 for suit in "mps" for rank in "123456789")
    every_tile = every_tile.replace("5m5m5m5m", "0m5m5m5m").replace(
        "5p5p5p5p", "0p5p5p5p").replace("5s5s5s5s", "0s5s5s5s")
    every_tile += "".join(f"{rank}z" * 4 for rank in "1234567")
    assert len(every_tile) == MAX_TILES_TEXT
    assert len(parse_tiles(every_tile)) == 136
    kans = " ".join(f"shouminkan:{r}s{r}s{r}s{r}s:{r}s:shimocha" for r in "1234")
    for text in ("1m2m3m4p5p6p7s8s9s1z1z2z2z2z", f"1m1m {kans}", f"1m1m  {kans}  "):
        assert len(text) <= MAX_HAND_TEXT
        assert Hand.parse(text).is_full


def test_the_largest_payments_fit_the_limits() -> None:
    """Every counter at its limit and the dearest rules still pay less than MAX_PAYMENT."""
    dearest = Rules(double_yakuman=True, honba_points=MAX_STICK_POINTS - MAX_STICK_POINTS % 3,
                    riichi_stick_points=MAX_STICK_POINTS)
    context = WinContext(seat_wind="E", round_wind="E", honba=MAX_HONBA,
                         riichi_sticks=MAX_RIICHI_STICKS)
    result = evaluate(Hand.parse("1112223334447z"), Tile.parse("7z"), context, dearest)
    assert isinstance(result, WinResult) and result.yakuman >= 2
    assert result.total < MAX_PAYMENT
    assert max(result.payments.as_dict().values()) < MAX_PAYMENT


# -- what the hostile values reach ---------------------------------------------------


def test_valid_calls_succeed() -> None:
    """The defaults are valid, so the deterministic test changes one argument at a time
    from a call that works."""
    for target in TARGETS:
        assert _check(target, tuple(slot.default for slot in target.slots)).error is None, (
            target.name)


@pytest.mark.parametrize("value", [*HUGE_INTS, *DEEP_VALUES, *LONG_TEXTS, object()],
                         ids=lambda v: type(v).__name__)
@pytest.mark.parametrize("limit", [1, 20, 60, 200])
def test_quote_is_short_and_printable(value: object, limit: int) -> None:
    text = quote(value, limit)
    assert text.isprintable() and 0 < len(text) <= 20 * limit + 100


@given(st.one_of(st.none(), st.booleans(), st.integers(-10 ** 20, 10 ** 20), st.floats(),
                 st.text(max_size=60), st.binary(max_size=60),
                 st.lists(st.integers(-99, 99), max_size=4),
                 st.tuples(st.text(max_size=5), st.integers(-99, 99)),
                 st.dictionaries(st.text(max_size=5), st.integers(-99, 99), max_size=4)))
def test_quote_reads_as_repr_for_small_values(value: object) -> None:
    assert quote(value) == repr(value)


@pytest.mark.parametrize(("value", "expected"), [
    (10 ** 5000, "an int of 5001 digits"),
    (-10 ** 5000 + 1, "a negative int of 5000 digits"),
    (10 ** 29, repr(10 ** 29)),
    (PlainStr("1m"), "PlainStr('1m')"),
    (LoudInt(5), "LoudInt(5)"),
    ("ab" * 100, repr("ab" * 30) + "... (200 characters)"),
    ([[[[[1]]]]], "[[[[...]]]]"),
    ((1,), "(1,)"),
    (set(), "set()"),
    (frozenset({1}), "frozenset({1})"),
    (bytearray(b"1m"), "bytearray(b'1m')"),
], ids=lambda value: type(value).__name__)
def test_quote_examples(value: object, expected: str) -> None:
    assert quote(value) == expected


# -- hostile streams to the batch commands -------------------------------------------

STREAM_ENVIRONMENTS = [{"PYTHONIOENCODING": "utf-8:strict"},
                       {"PYTHONIOENCODING": "ascii:strict", "LC_ALL": "C"}]


def _command(args: list[str], data: bytes, env: dict[str, str] | None = None,
             ) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "mahjong_core", *args], input=data,
                          capture_output=True, timeout=120, check=False,
                          env={**os.environ, **(env or {})})


def _quiet(stderr: bytes) -> bool:
    return b"Traceback" not in stderr and b"Exception ignored" not in stderr and not stderr


GOOD_REQUESTS: list[dict[str, Any]] = [
    {"hand": "123m456p789s1122z", "win_tile": "2z", "riichi": True, "seat_wind": "S"},
    {"hand": "234m567p23455s66z", "win_tile": "6z", "tsumo": True},
    {"hand": "1112345678999p", "win_tile": "5p", "tsumo": True, "honba": 2},
    {"hand": "123m456p789s2345s", "win_tile": "5s", "riichi": True, "riichi_sticks": 3},
    {"hand": "1m", "win_tile": "1m", "melds": [
        {"kind": "pon", "tiles": "777z", "called": "7z", "from": "toimen"},
        {"kind": "chi", "tiles": "345p"}, {"kind": "ankan", "tiles": "1111s"},
        {"kind": "pon", "tiles": "222z"}]},
]


def _good(index: int) -> bytes:
    return json.dumps(GOOD_REQUESTS[index]).encode()


def _with(index: int, **changes: object) -> bytes:
    request: dict[str, object] = {**GOOD_REQUESTS[index], **changes}
    return json.dumps(request).encode()


# (bytes of the line, its ending, None for a good line or a fragment of its error)
SCORE_STREAM: list[tuple[bytes, bytes, str | None]] = [
    (_good(0), b"\n", None),
    (b"\xff" + _good(1), b"\n", "line 2 is not UTF-8: byte 0xff at position 0"),
    (b"", b"\n", None),  # blank
    (b'{"hand": "123m456p789s1122z", "win_tile', b"\n", "invalid JSON"),
    (b'{"hand": "123m456p789s1122z", "hand": "1m", "win_tile": "1z"}', b"\r\n",
     "duplicate key 'hand'"),
    (b'{"hand": "123m456p789s1122z", "win_tile": "1z", "honba": 1' + b"0" * 5000 + b"}",
     b"\n", "a number of 5001 characters"),
    (b'{"hand": "123m456p789s1122z", "win_tile": "1z", "rules": ' + b"[" * 2000
     + b"]" * 2000 + b"}", b"\n", "nesting deeper than 32 levels"),
    (_good(1), b"\r", None),  # a stream separated by \r alone
    (_good(2), b"\r", None),
    (b"   \t", b"\r\n", None),  # blank
    (_good(3) + b" " * 70_000, b"\n", "is longer than 65536 bytes"),
    (_with(0, riichi_sticks=10 ** 30), b"\n", "'riichi_sticks' is at most 100"),
    (_with(0, honba=101), b"\n", "'honba' is at most 100"),
    (_with(0, melds=[{"kind": "pon", "tiles": "111z"}] * 1000), b"\n",
     "at most four melds, not 1000"),
    (_with(0, hand="1m" * 20_000), b"\n", "is too long"),
    (_with(0, dora_indicators="0m", hand="406m456p789s1122z"), b"\n",
     "the red five 0m is both an indicator and in the hand"),
    (b'{"hand": "123m456p789s1122z", "win_tile": NaN}', b"\n", "NaN is not a JSON number"),
    (b'"\\ud800\xc3\xa9"', b"\n", "each line must be a JSON object"),
    (b"[1]", b"\r", "each line must be a JSON object, got [1]"),
    (b"", b"\r\n", None),  # blank
    (_good(4), b"", None),  # the last line has no ending
]


def _stream(items: list[tuple[bytes, bytes, str | None]]) -> bytes:
    return b"".join(line + ending for line, ending, _ in items)


def _answered(items: list[tuple[bytes, bytes, str | None]]) -> list[tuple[bytes, str | None]]:
    """The lines that must be answered (not blank), in order, with their expectation."""
    return [(line, problem) for line, _, problem in items if line.strip()]


@pytest.mark.parametrize("env", STREAM_ENVIRONMENTS, ids=["utf-8", "ascii-C"])
def test_score_answers_every_hostile_line_in_order(env: dict[str, str]) -> None:
    done = _command(["score"], _stream(SCORE_STREAM), env)
    assert _quiet(done.stderr), done.stderr[-2000:]
    assert done.returncode == 1
    answers = [json.loads(line) for line in done.stdout.split(b"\n")[:-1]]
    expected = _answered(SCORE_STREAM)
    assert len(answers) == len(expected) == 18
    for answer, (line, problem) in zip(answers, expected, strict=True):
        if problem is None:
            assert answer == score_request(json.loads(line)) and "error" not in answer
        else:
            assert set(answer) == {"error"} and problem in answer["error"], answer
            assert len(answer["error"]) < 400


def test_score_answers_differ_so_the_order_shows() -> None:
    answers = [json.dumps(score_request(request)) for request in GOOD_REQUESTS]
    assert len(set(answers)) == len(answers)


def test_score_exit_status_0_when_every_line_is_good() -> None:
    done = _command(["score"], b"\r".join(_good(i) for i in range(5)) + b"\r\n\r\n")
    assert done.returncode == 0 and _quiet(done.stderr)
    assert len(done.stdout.splitlines()) == 5


ANALYZE_STREAM: list[tuple[bytes, bytes, str | None]] = [
    (b"1112345678999m", b"\n", None),
    (b"123m\xff456p789s1122z", b"\n", "line 2 is not UTF-8: byte 0xff at position 4"),
    (b"", b"\r\n", None),
    (b"123m456p789s1122z", b"\r", None),
    (b"111222333m789p55z", b"\r", None),
    (b"1m" * 3000, b"\n", "longer than 4096 bytes"),
    (b"1m" * 200, b"\n", "is too long"),
    (b"[" * 3000 + b"]" * 3000, b"\n", "longer than 4096 bytes"),
    (b"[" * 1000, b"\n", "is too long"),
    ("123é456p789s1122z".encode(), b"\n", "unknown character 'é'"),
    (b"123m pon:111z pon:222z pon:333z pon:444z pon:555z", b"\n", "at most four melds"),
    (b"  \t ", b"\n", None),
    (b"1m" + b"0" * 60 + b"m", b"\n", "two red fives"),
    (b"55p ankan:1111s minkan:2222s shouminkan:3333s ankan:4444s", b"", None),
]


@pytest.mark.parametrize("env", STREAM_ENVIRONMENTS, ids=["utf-8", "ascii-C"])
def test_analyze_answers_every_hostile_line_in_order(env: dict[str, str]) -> None:
    done = _command(["analyze", "--json", "-"], _stream(ANALYZE_STREAM), env)
    assert _quiet(done.stderr), done.stderr[-2000:]
    assert done.returncode == 1
    answers = [json.loads(line) for line in done.stdout.split(b"\n")[:-1]]
    expected = _answered(ANALYZE_STREAM)
    assert len(answers) == len(expected) == 12
    for answer, (line, problem) in zip(answers, expected, strict=True):
        if problem is None:
            assert answer == analyze_command.analyze(Hand.parse(line.decode()))
        else:
            assert set(answer) == {"error"} and problem in answer["error"], answer


@pytest.mark.parametrize("env", STREAM_ENVIRONMENTS, ids=["utf-8", "ascii-C"])
def test_analyze_text_answers_under_any_encoding(env: dict[str, str]) -> None:
    done = _command(["analyze", "-"], _stream(ANALYZE_STREAM), env)
    assert _quiet(done.stderr), done.stderr[-2000:]
    assert done.returncode == 1
    lines = done.stdout.decode("utf-8").splitlines()
    heads = [line for line in lines if not line.startswith("  ")]
    assert len(heads) == 12
    assert heads[0].startswith("1112345678999m: 13 tiles, tenpai")
    assert heads[1].startswith("error: line 2 is not UTF-8")
    assert any("unknown character" in line and "123" in line for line in heads)


def _closed_early(args: list[str], data: bytes, read: bool) -> tuple[int, bytes]:
    """Run a command and close the pipe of its answers, after reading one line (as
    ``head -1`` does) or at once: (exit status, standard error)."""
    with tempfile.TemporaryFile() as source:
        source.write(data)
        source.seek(0)
        process = subprocess.Popen([sys.executable, "-m", "mahjong_core", *args],
                                   stdin=source, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
        assert process.stdout is not None and process.stderr is not None
        if read:
            assert process.stdout.readline()
        process.stdout.close()
        stderr = process.stderr.read()
        return process.wait(timeout=120), stderr


@pytest.mark.parametrize(("args", "data", "read", "status"), [
    (["score"], (_good(0) + b"\n") * 20_000, True, 0),
    (["score"], b"{bad\n" + (_good(0) + b"\n") * 20_000, True, 1),
    (["score"], b"{bad\n" + (_good(0) + b"\n") * 20_000, False, 1),
    (["analyze", "--json", "-"], b"1112345678999m\n" * 20_000, True, 0),
    (["analyze", "-"], b"1m\n" + b"111222333m789p55z\n" * 20_000, True, 1),
    (["chinitsu", "--tiles", "13"], b"", False, 0),
    (["demo", "--verbose", "--hands", "4"], b"", False, 0),
    (["--help"], b"", False, 0),
], ids=["score", "score-after-an-error", "score-unread", "analyze-json", "analyze-text",
        "chinitsu", "demo", "help"])
def test_a_closed_pipe_ends_a_command_quietly(args: list[str], data: bytes, read: bool,
                                             status: int) -> None:
    returncode, stderr = _closed_early(args, data, read)
    assert _quiet(stderr), stderr[-2000:]
    assert returncode == status
