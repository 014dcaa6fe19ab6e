"""Build the shipped per-suit tables (private): ``scripts/build_tables.py`` writes them.

Every table is computed from the definitions in ``_suit`` (standard-form codes, waits,
pairs and orphans), ``_shanten`` (need vectors by the walk over the ranks) and
``_score_tables`` (feature bits), over every key: every count vector of 0-4 per rank, in
key order (keys of more than 14 tiles, which no hand has, hold 0; the codes of 15-tile
keys are worked out only for the waits of 14-tile ones). ``tables()`` returns them by
name; ``_tables.pack`` makes the file. A test compares a fresh build with the file.
"""

from __future__ import annotations

import itertools
import struct
from collections.abc import Callable, Iterator

from . import score_tables as _score_tables
from . import shanten as _shanten
from . import suit as _suit
from . import tables as _tables

__all__ = ["build", "tables"]

MAX_TILES = 14
"""No suit of a hand holds more."""


def _every(ranks: int, max_tiles: int) -> Iterator[tuple[int, list[int]]]:
    """(key, counts) of every key of at most ``max_tiles`` tiles, ascending."""
    for key, digits in enumerate(itertools.product(range(5), repeat=ranks)):
        if sum(digits) <= max_tiles:  # the last digit varies fastest: it is rank 1's
            yield key, list(digits[::-1])


def tables() -> dict[str, bytes]:
    """Every shipped table by name (as ``_tables.NAMES`` lists them)."""
    number = _number_side()
    honour = _honour_side()
    catalogue = sorted(set(number.vectors) | set(honour.vectors))
    if len(catalogue) > 256:
        raise RuntimeError("more closed need vectors than a byte can number")
    index = {vector: i for i, vector in enumerate(catalogue)}
    out = dict(number.tables)
    out.update(honour.tables)
    out["VECTOR"] = bytes(0 if v is None else index[v] for v in number.per_key)
    out["HONOUR_VECTOR"] = bytes(0 if v is None else index[v] for v in honour.per_key)
    out["CATALOGUE"] = bytes(itertools.chain.from_iterable(catalogue))
    out.update(_products(sorted(set(number.vectors)), sorted(set(honour.vectors)), index))
    out.update(_readings(number.tables["SHAPE"]))
    return {name: out[name] for name in _tables.NAMES}


def _readings(shape: bytes) -> dict[str, bytes]:
    """READING_KEYS, READING_SPANS and READINGS: every complete key's readings, packed."""
    keys: list[int] = []
    spans: list[int] = []
    packed: list[int] = []
    for key in range(_suit.KEYS):
        if shape[key] & 7:
            readings = _suit.number_readings(key)
            if not readings or len(readings) > 7:
                raise RuntimeError(f"a complete key with {len(readings)} readings")
            keys.append(key)
            spans.append(len(packed) << 3 | len(readings))
            packed.extend(map(_suit.pack_reading, readings))
    return {"READING_KEYS": struct.pack(f"<{len(keys)}I", *keys),
            "READING_SPANS": struct.pack(f"<{len(spans)}I", *spans),
            "READINGS": struct.pack(f"<{len(packed)}I", *packed)}


class _Side:
    """One kind of suit's per-key tables and need vectors."""

    def __init__(self, tables: dict[str, bytes], per_key: list[Vector | None]) -> None:
        self.tables = tables
        self.per_key = per_key
        self.vectors = [v for v in per_key if v is not None]


Vector = tuple[int, ...]


def _side(ranks: int, code: Callable[[list[int]], int], vector: Callable[[int], Vector],
          features: Callable[[list[int]], int]) -> _Side:
    honours = ranks == _suit.HONOUR_RANKS
    size = 5 ** ranks
    units = _suit.UNIT[:ranks]
    codes = bytearray(size)
    for key, counts in _every(ranks, MAX_TILES + 1):  # 15 tiles: the waits of 14
        codes[key] = code(counts)
    shape, wait, waits = bytearray(size), bytearray(size), bytearray(size)
    pairs, orphans, feature = bytearray(size), bytearray(size), bytearray(size)
    vectors: list[Vector | None] = [None] * size
    needs = (_suit.NEVER, 3 * _suit.SET_FORM, 2 * _suit.SET_FORM + _suit.PAIR)
    for key, c in _every(ranks, MAX_TILES):
        mask = 0
        for r, unit in enumerate(units):
            if c[r] < 4 and codes[key + unit]:
                mask |= 1 << r
        absent, once, twice = c.count(0), c.count(1), c.count(2)
        seven = absent + twice == ranks
        if honours:
            thirteen = once + twice == ranks
            orphan_counts = c
        else:
            thirteen = c[0] in (1, 2) and c[8] in (1, 2) and absent == 7
            orphan_counts = [c[0], c[8]]
        shape[key] = (codes[key] | seven * _suit.SEVEN | thirteen * _suit.THIRTEEN
                      | (mask >> 8) * _suit.NINE_WAIT)
        wait[key] = codes[key] | (codes[key] + needs[sum(c) % 3]) << 3
        waits[key] = mask & 255
        pairs[key] = ranks - absent - once | (ranks - absent) << 3
        orphans[key] = (sum(n >= 1 for n in orphan_counts)
                        | any(n >= 2 for n in orphan_counts) << 4)
        feature[key] = features(c)
        vectors[key] = vector(key)
    prefix = "HONOUR_" if honours else ""
    found = {"SHAPE": shape, "WAIT": wait, "WAITS": waits, "PAIRS": pairs,
             "ORPHANS": orphans, "FEATURES": feature}
    return _Side({prefix + name: bytes(table) for name, table in found.items()}, vectors)


def _number_side() -> _Side:
    memo: dict[tuple[tuple[int, ...], tuple[int, ...]], Vector] = {}
    low = _suit.UNIT[4]

    def vector(key: int) -> Vector:
        # the walk's two halves: keys that share both share their vector
        halves = (_shanten.LEFT[key % low], _shanten.RIGHT[key // low])
        found = memo.get(halves)
        if found is None:
            found = memo[halves] = _shanten.VECTORS[_shanten.number_walk(key)]
        return found

    return _side(_suit.RANKS, _suit.number_code, vector, _score_tables.number_features)


def _honour_side() -> _Side:
    return _side(_suit.HONOUR_RANKS, _suit.honour_code,
                 lambda key: _shanten.VECTORS[_shanten.honour_walk(key)],
                 _score_tables.honour_features)


def _products(numbers: list[tuple[int, ...]], honours: list[tuple[int, ...]],
              index: dict[tuple[int, ...], int]) -> dict[str, bytes]:
    """AB, CD and FIN: the closed hand's standard shanten through two products."""
    def product(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(min(x, _shanten.INF) for x in _shanten.conv_vectors(a, b))

    ab_of = {(a, b): product(a, b) for a in numbers for b in numbers}
    cd_of = {(c, d): product(c, d) for c in numbers for d in honours}
    ab_classes = sorted(set(ab_of.values()))
    cd_classes = sorted(set(cd_of.values()))
    if max(len(ab_classes), len(cd_classes)) > 256:
        raise RuntimeError("more products of closed vectors than a byte can number")
    ab_index = {v: i for i, v in enumerate(ab_classes)}
    cd_index = {v: i for i, v in enumerate(cd_classes)}
    ab, cd, fin = bytearray(1 << 16), bytearray(1 << 16), bytearray(1 << 16)
    for (a, b), v in ab_of.items():
        ab[index[a] << 8 | index[b]] = ab_index[v]
    for (c, d), v in cd_of.items():
        cd[index[c] << 8 | index[d]] = cd_index[v]
    for x, left in enumerate(ab_classes):
        for y, right in enumerate(cd_classes):
            fin[x << 8 | y] = min(product(left, right)[9], _shanten.INF)  # (4 sets, 1 pair)
    return {"AB": bytes(ab), "CD": bytes(cd), "FIN": bytes(fin)}


def build() -> bytes:
    """The contents of the package's tables file."""
    return _tables.pack(tables())
