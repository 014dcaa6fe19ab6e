"""The shipped per-suit tables and the bounded caches.

* The file in the package equals a fresh build from the definitions (``_build``).
* Every complete key's shipped readings read back as the definition gives them, and the
  scorer's reading tuples hold what their fields mean.
* A damaged file is refused.
* Every cache is a BoundedMap (a BoundedTable is one keyed by ints) or a BoundedMemo;
  with every limit cut to a few entries, a long run of mixed calls (every operation,
  hands with and without melds) never leaves a table over its limit, and the answers are
  those of a run with the full limits.
"""

from __future__ import annotations

import functools
import random
import sys
from collections.abc import Callable, Iterator

import pytest

from mahjong_core import (
    NO_RED_FIVES_RULES,
    Hand,
    Meld,
    MeldKind,
    Tile,
    WinContext,
    evaluate,
)
from mahjong_core._core import build as _build
from mahjong_core._core import score_tables as _score_tables
from mahjong_core._core import shanten as _shanten
from mahjong_core._core import suit as _suit
from mahjong_core._core import tables as _tables
from mahjong_core.hand import KeptTiles, hand_of_kept, scorer_view
from mahjong_core.shapes import Wait, run_wait

# -- the file -----------------------------------------------------------------------------


def shipped() -> dict[str, bytes]:
    data, directory = _tables.read()
    return {name: _tables.decompress(data, directory, name) for name in _tables.NAMES}


def test_shipped_tables_equal_a_fresh_build() -> None:
    """scripts/build_tables.py was run after the last change to a definition."""
    fresh = _build.tables()
    ours = shipped()
    assert list(fresh) == list(_tables.NAMES)
    stale = [name for name in _tables.NAMES if fresh[name] != ours[name]]
    assert stale == []


def test_table_sizes() -> None:
    tables = shipped()
    for name in ("SHAPE", "WAIT", "WAITS", "VECTOR", "PAIRS", "ORPHANS", "FEATURES"):
        assert len(tables[name]) == _suit.KEYS == 5 ** 9
        assert len(tables["HONOUR_" + name]) == _suit.HONOUR_KEYS == 5 ** 7
    assert len(tables["READING_KEYS"]) == 4 * 21_743
    assert len(tables["READINGS"]) == 4 * 23_533
    assert len(tables["CATALOGUE"]) == 10 * 130  # 126 number-suit vectors, 55 honour ones


def test_the_loaded_attributes_are_the_file() -> None:
    tables = shipped()
    for name in _tables.NAMES:
        assert getattr(_tables, name) == tables[name], name
    with pytest.raises(AttributeError):
        _tables.__getattr__("NOT_A_TABLE")


def test_a_damaged_file_is_refused() -> None:
    data, _ = _tables.read()
    with pytest.raises(ValueError, match="not a mahjong_core tables file"):
        _tables.unpack(b"x" + data)
    with pytest.raises(ValueError, match="damaged"):
        _tables.unpack(data[:-1])
    with pytest.raises(ValueError, match="damaged"):
        _tables.unpack(data + b"\0")
    good = _tables.pack(shipped())
    assert _tables.unpack(good) == _tables.unpack(data)


# -- readings -------------------------------------------------------------------------------


def complete_keys() -> list[int]:
    shape = _tables.SHAPE
    return [key for key in range(_suit.KEYS) if shape[key] & 7]


def test_shipped_readings_are_the_definition() -> None:
    keys = complete_keys()
    assert len(keys) == 21_743
    bad = [key for key in keys if _suit.READINGS[key] != _suit.number_readings(key)]
    assert bad == []
    assert _tables.readings_of(1) == ()  # one tile: not complete, no readings


def scorer_reading(pair: int, codes: tuple[int, ...]) -> _score_tables.NumberReading:
    """The scorer's tuple for a reading, field by field as _score_tables documents it."""
    runs = tuple(c - 9 for c in codes if c >= 9)
    trips = tuple(c for c in codes if c < 9)
    return (pair, sum({1 << r for r in runs}), sum(1 << r for r in trips), len(runs),
            len(trips), sum(runs.count(r) // 2 for r in set(runs)),
            all(r in (0, 6) for r in runs) and all(r in (0, 8) for r in trips)
            and pair in (-1, 0, 8),
            sum(8 if r in (0, 8) else 4 for r in trips), runs, trips)


def test_scorer_readings_hold_their_fields() -> None:
    bad = []
    for key in complete_keys():
        expected = tuple(scorer_reading(p, c) for p, c in _suit.number_readings(key))
        if _score_tables.READINGS[key] != expected:
            bad.append(key)
    assert bad == []


def test_placements_hold_every_place() -> None:
    """Per reading: the pair, the triplet and each distinct run the winning rank is in."""
    run_waits = {Wait.RYANMEN: _score_tables.RYANMEN, Wait.KANCHAN: _score_tables.KANCHAN,
                 Wait.PENCHAN: _score_tables.PENCHAN}
    bad = []
    for key in complete_keys():
        counts = _suit.counts_of(key)
        for rank in (r for r in range(9) if counts[r]):
            expected = []
            for pair, codes in _suit.number_readings(key):
                places = []
                if pair == rank:
                    places.append((_score_tables.TANKI, rank, _score_tables.PAIR))
                if rank in codes:
                    places.append((_score_tables.SHANPON, rank, _score_tables.TRIP))
                for start in sorted({c - 9 for c in codes if c >= 9}):
                    if start <= rank <= start + 2:
                        places.append((run_waits[run_wait(start, rank)], start,
                                       _score_tables.RUN))
                expected.append(tuple(places))
            if _score_tables.PLACEMENTS[key << 4 | rank] != tuple(expected):
                bad.append((key, rank))
    assert bad == []


def test_packed_readings_round_trip() -> None:
    for runs in _suit.RUN_SETS:
        for pair in (-1, 0, 4, 8):
            for trips in ((), (0,), (2, 5, 8)):
                codes = tuple(sorted([*trips, *(9 + r for r in runs)]))
                packed = _suit.pack_reading((pair, codes))
                assert _suit.unpack_reading(packed) == (
                    pair, runs, sum(1 << r for r in trips))


# -- bounded tables -------------------------------------------------------------------------


def test_bounded_table_keeps_the_newer_half() -> None:
    calls: list[int] = []

    def square(key: int) -> int:
        calls.append(key)
        return key * key

    table = _suit.BoundedTable(square, 8)
    for key in range(20):
        assert table[key] == key * key
        assert len(table) <= 8
    # full at 8 entries, the older 4 go: 0-3 before 8, 4-7 before 12, 8-11 before 16
    assert list(table) == list(range(12, 20))
    assert table[19] == 361 and calls[-1] == 19 and len(calls) == 20  # a hit computes nothing
    assert table[0] == 0 and len(calls) == 21  # an evicted key is computed again


def bounded_tables() -> Iterator[tuple[str, _suit.BoundedMap[object, object]]]:
    """Every BoundedMap the package holds at module level (tuples of them too)."""
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith("mahjong_core") or module is None:
            continue
        for name, value in sorted(vars(module).items()):
            items = value if isinstance(value, tuple) else (value,)
            for i, item in enumerate(items):
                if isinstance(item, _suit.BoundedMap):
                    yield f"{module_name}.{name}[{i}]", item


def memos() -> dict[str, _suit.BoundedMemo[object, object]]:
    """Every BoundedMemo the package holds at module level."""
    return {f"{module_name}.{name}": value
            for module_name, module in sorted(sys.modules.items())
            if module_name.startswith("mahjong_core") and module is not None
            for name, value in sorted(vars(module).items())
            if isinstance(value, _suit.BoundedMemo)}


def test_every_cache_is_bounded() -> None:
    """No module holds a dict that fills itself or is filled with what callers give
    unless it is a BoundedMap or a BoundedMemo (module constants are never written)."""
    import mahjong_core.jsonapi  # noqa: F401  (its memo of melds)
    tables = dict(bounded_tables())
    assert len(tables) >= 30
    assert set(memos()) >= {"mahjong_core.meld._PARSED", "mahjong_core.context._INDICATOR_TEXT",
                            "mahjong_core.jsonapi._MELDS"}
    for module_name, module in sys.modules.items():
        if not module_name.startswith("mahjong_core") or module is None:
            continue
        for name, value in vars(module).items():
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, dict) and hasattr(type(item), "__missing__"):
                    assert isinstance(item, _suit.BoundedMap), f"{module_name}.{name}"
    for name, table in tables.items():
        assert 0 < table.limit <= 1 << 17, name
    for name, memo in memos().items():
        assert 0 < memo.limit <= 1 << 12, name


_KEPT = tuple(map(Tile.parse, ["2p", "3p", "4p", "6s", "7s", "8s", "2z", "2z", "5z", "5z", "5z"]))
"""Eleven concealed tiles that sit beside any chi."""


def test_memos_stay_within_their_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Melds, indicators and JSON melds read many times over a cut limit: each memo stays
    within it, empties when full and gives the answers a fresh read gives."""
    from mahjong_core import jsonapi
    found = memos()
    for memo in found.values():
        monkeypatch.setattr(memo, "limit", CUT)
        memo.clear()
    rng = random.Random(9)
    peak = dict.fromkeys(found, 0)
    for _ in range(600):
        kind = rng.randrange(27)
        start = kind - kind % 9 + min(kind % 9, 6)
        text = f"chi:{start % 9 + 1}{start % 9 + 2}{start % 9 + 3}{'mps'[start // 9]}"
        pon = f"pon:{str(kind % 9 + 1) * 3}m"
        assert Meld.parse(text) == Meld(MeldKind.CHI, text.split(":")[1])
        # a hand of kept tiles with that chi: its melds' summary read from their memo
        chi = (Meld.parse(text),)
        kept = hand_of_kept(KeptTiles(t.kind for t in _KEPT).keys(), 11, 0, 0, chi)
        assert scorer_view(kept) == scorer_view(Hand(_KEPT, chi))
        indicator = f"{kind % 9 + 1}{'mps'[kind // 9]}"
        assert WinContext(dora_indicators=indicator).dora_indicators == (Tile(kind),)
        answer = jsonapi.score_request({
            "hand": "234p678s2255z", "win_tile": "5z",
            "melds": [{"kind": "pon", "tiles": pon.split(":")[1],
                       "from": rng.choice(["kamicha", "toimen", "shimocha"])}]})
        assert answer.get("win") is True, answer  # a haku triplet, whatever the pon
        for name, memo in found.items():
            assert len(memo) <= CUT, name
            peak[name] = max(peak[name], len(memo))
    assert all(size == CUT for size in peak.values()), peak  # every memo filled and emptied


def built_win(rng: random.Random, melds: int) -> Hand:
    """Four sets and a pair, the first ``melds`` sets called: a complete 14-tile hand."""
    while True:
        counts = [0] * 34
        pair = rng.randrange(34)
        groups = [[pair, pair]]
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.choice([k for k in range(27) if k % 9 < 7])
                groups.append([start, start + 1, start + 2])
            else:
                groups.append([rng.randrange(34)] * 3)
        for group in groups:
            for k in group:
                counts[k] += 1
        if max(counts) <= 4:
            break
    called = [Meld(MeldKind.CHI if g[0] != g[1] else MeldKind.PON, [Tile(k) for k in g])
              for g in groups[1:1 + melds]]
    concealed = [k for g in groups[:1] + groups[1 + melds:] for k in g]
    return Hand([Tile(k) for k in concealed], called)


def random_hand(rng: random.Random, melds: int, full: bool) -> Hand:
    """A hand dealt from a shuffled wall, with ``melds`` chi or pon melds (crafted into
    one or two suits half the time, so that the meld tables see many keys)."""
    if full and rng.random() < 0.4:
        return built_win(rng, melds)
    while True:
        counts = [0] * 34
        hand_melds = []
        suits = rng.sample(range(4), 2) if rng.random() < 0.5 else list(range(4))
        for _ in range(melds):
            suit = rng.choice(suits)
            if suit < 3 and rng.random() < 0.5:
                start = 9 * suit + rng.randrange(7)
                kinds = [start, start + 1, start + 2]
                meld_kind = MeldKind.CHI
            else:
                kinds = [9 * suit + rng.randrange(9 if suit < 3 else 7)] * 3
                meld_kind = MeldKind.PON
            if any(counts[k] + kinds.count(k) > 4 for k in kinds):
                break
            for k in kinds:
                counts[k] += 1
            hand_melds.append(Meld(meld_kind, [Tile(k) for k in kinds]))
        if len(hand_melds) < melds:
            continue
        pool = [k for s in suits for k in range(9 * s, 9 * s + (9 if s < 3 else 7))
                for _ in range(4 - counts[k])]
        concealed = rng.sample(pool, 13 - 3 * melds + full)
        return Hand([Tile(k) for k in concealed], hand_melds)


Call = Callable[[], object]


def scoring(hand: Hand, tile: Tile, context: WinContext) -> Call:
    return lambda: evaluate(hand, tile, context, NO_RED_FIVES_RULES)


def mixed_calls(seed: int, count: int) -> Iterator[Call]:
    """``count`` calls of every operation on random hands, closed and with 1-3 melds."""
    rng = random.Random(seed)
    context = WinContext()
    for _ in range(count):
        hand = random_hand(rng, rng.choice((0, 0, 1, 2, 3, 4)), rng.random() < 0.5)
        yield functools.partial(Hand.parse, str(hand))  # the hand read back from its text
        if hand.is_full:
            yield hand.is_complete
            yield hand.decompositions
            yield hand.shanten
            yield hand.discard_options
            yield hand.best_discard
            tile = hand.tiles[rng.randrange(len(hand.tiles))]
            yield scoring(hand.remove(tile), tile, context)
        else:
            yield hand.waits_mask
            yield hand.shanten
            yield hand.shanten_standard
            yield hand.ukeire


HANDS = 400
"""Random hands for the bounds run: about 1,800 calls, which overflow every table's cut
limit many times over."""
CUT = 16
"""The limit every table gets for the bounds run."""


def test_tables_stay_within_their_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    full = [call() for call in mixed_calls(5, HANDS)]
    tables = dict(bounded_tables())
    for table in tables.values():
        monkeypatch.setattr(table, "limit", CUT)
        table.clear()
    # interned vector ids stay valid when the tables holding them are emptied
    calls = 0
    peak = dict.fromkeys(tables, 0)
    last = dict.fromkeys(tables, 0)
    evictions = dict.fromkeys(tables, 0)  # times a table was found smaller than before
    for expected, call in zip(full, mixed_calls(5, HANDS), strict=True):
        assert call() == expected
        calls += 1
        for name, table in tables.items():
            size = len(table)
            assert size <= CUT, name
            peak[name] = max(peak[name], size)
            evictions[name] += size < last[name]
            last[name] = size
    assert calls > 4 * HANDS
    idle = sorted(name for name, size in peak.items() if size < CUT)
    assert all(evictions[name] for name in tables if name not in idle)  # limits enforced
    # closed hands use the shipped tables, four melds leave few keys, the yaku few sets,
    # the payments few bases
    assert set(idle) <= {"mahjong_core._core.shanten.FINALS[0]",
                         "mahjong_core._core.shanten.FINALS[4]",
                         "mahjong_core._core.shanten.OPTIMA[4]",
                         "mahjong_core.scoring._BASE_HAN[0]",
                         "mahjong_core.scoring._PLAIN_PAYMENTS[0]",
                         "mahjong_core.scoring._YAKU_OF[0]"}
    assert len(_shanten.VECTORS) < 1 << _shanten.ID_BITS
