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
from collections.abc import Callable, Sequence

from . import _score_tables, _shanten, _suit, _tables

__all__ = ["build", "tables"]

MAX_TILES = 14
"""No suit of a hand holds more."""


def _counts(ranks: int) -> list[tuple[int, ...] | None]:
    """Per key, its counts (rank 1 first), or None for a key of more than 15 tiles."""
    out: list[tuple[int, ...] | None] = []
    for digits in itertools.product(range(5), repeat=ranks):  # the last digit varies fastest
        counts = digits[::-1]
        out.append(counts if sum(counts) <= MAX_TILES + 1 else None)
    return out


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

    def __init__(self, tables: dict[str, bytes], per_key: list[tuple[int, ...] | None]) -> None:
        self.tables = tables
        self.per_key = per_key
        self.vectors = [v for v in per_key if v is not None]


def _side(ranks: int, code: Callable[[list[int]], int], walk: Callable[[int], int],
          features: Callable[[Sequence[int]], int]) -> _Side:
    vectors: list[tuple[int, ...] | None] = []

    def vector(key: int) -> tuple[int, ...]:
        return _shanten.VECTORS[walk(key)]

    honours = ranks == _suit.HONOUR_RANKS
    every = _counts(ranks)
    size = len(every)
    codes = bytearray(size)
    for key, counts in enumerate(every):
        if counts is not None:
            codes[key] = code(list(counts))
    shape, wait, waits = bytearray(size), bytearray(size), bytearray(size)
    pairs, orphans, feature = bytearray(size), bytearray(size), bytearray(size)
    for key, counts in enumerate(every):
        if counts is None or sum(counts) > MAX_TILES:
            vectors.append(None)
            continue
        c = list(counts)
        mask = 0
        for r in range(ranks):
            if c[r] < 4 and codes[key + _suit.UNIT[r]]:
                mask |= 1 << r
        seven = all(n in (0, 2) for n in c)
        if honours:
            thirteen = all(n in (1, 2) for n in c)
            orphan_counts = c
        else:
            thirteen = c[0] in (1, 2) and c[8] in (1, 2) and sum(c) == c[0] + c[8]
            orphan_counts = [c[0], c[8]]
        shape[key] = (codes[key] | seven * _suit.SEVEN | thirteen * _suit.THIRTEEN
                      | (mask >> 8) * _suit.NINE_WAIT)
        need = (_suit.NEVER, 3 * _suit.SET_FORM, 2 * _suit.SET_FORM + _suit.PAIR)[sum(c) % 3]
        wait[key] = codes[key] | (codes[key] + need) << 3
        waits[key] = mask & 255
        pairs[key] = sum(n >= 2 for n in c) | sum(n >= 1 for n in c) << 3
        orphans[key] = (sum(n >= 1 for n in orphan_counts)
                        | any(n >= 2 for n in orphan_counts) << 4)
        feature[key] = features(c)
        vectors.append(vector(key))
    prefix = "HONOUR_" if honours else ""
    found = {"SHAPE": shape, "WAIT": wait, "WAITS": waits, "PAIRS": pairs,
             "ORPHANS": orphans, "FEATURES": feature}
    return _Side({prefix + name: bytes(table) for name, table in found.items()}, vectors)


def _number_side() -> _Side:
    return _side(_suit.RANKS, _suit.number_code, _shanten.number_walk,
                 _score_tables.number_features)


def _honour_side() -> _Side:
    return _side(_suit.HONOUR_RANKS, _suit.honour_code, _shanten.honour_walk,
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
