"""Per-suit engine (private): one suit's nine counts as one integer key, and its answers.

A number suit's counts c[0..8] (ranks 1-9) are packed three bits a rank:
``key = sum(c[r] << 3*r)``; the honours use the same packing over seven ranks. Adding a
tile of rank r is ``key + (1 << 3*r)``. Every answer (complete?, pair ranks, waits mask,
decompositions) is a function of the key alone, computed on first use and kept in a
table, so a whole hand is four look-ups.

The algorithms are those of the seed articles:

* 3N check: walk the ranks carrying the runs opened at the two previous ranks; the count
  at a rank minus the runs passing through it, taken mod 3, is the number of runs that
  must open there (three identical runs are always also three triplets), the rest is a
  triplet or nothing.
* Index sums: with s = sum(rank * count) mod 3 (ranks 0-8), a complete 3N suit has
  s == 0, so in a 3N+2 suit the pair rank p satisfies 2p == s (mod 3), i.e. p == 2s:
  only three pair ranks are tried. A 3N+2 suit waiting on x to become 3N has x == 2s,
  and a 3N+1 suit waiting on x with pair p has x + p == 2s.
* Decompositions: the forced walk gives the triplet-preferring reading; every other
  reading replaces three consecutive triplets with three identical runs (with at most
  four sets, at most one such swap fits).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = [
    "COMPLETE",
    "HONOUR_INFO",
    "INFO",
    "PAIR",
    "SET_FORM",
    "counts_of",
    "key_of",
]

BITS = 3
MASK = 7
SET_FORM = 4
"""Standard-form code of a suit that is all sets (3N complete)."""
PAIR = 5
"""Standard-form code of a suit that is sets and one pair (3N+2 complete)."""
STANDARD_TOTAL = 3 * SET_FORM + PAIR
"""Sum of the four suits' codes exactly when the hand is in standard form."""
CHIITOI_SHIFT = 8
KOKUSHI_SHIFT = 16
CHIITOI_POISON = 32
KOKUSHI_POISON = 64
KOKUSHI_PAIR = 16
KOKUSHI_TOTAL = 13 + KOKUSHI_PAIR
COMPLETE = STANDARD_TOTAL


def key_of(counts: list[int] | tuple[int, ...]) -> int:
    """Pack counts (one per rank) into a key."""
    key = 0
    for rank, count in enumerate(counts):
        key |= count << (BITS * rank)
    return key


def counts_of(key: int, ranks: int = 9) -> list[int]:
    """Unpack a key into its counts."""
    return [(key >> (BITS * r)) & MASK for r in range(ranks)]


# -- the seeds' checks on count lists -------------------------------------------------


def is_sets(c: list[int]) -> bool:
    """True when a number suit's counts are all sets (3N complete); c is not changed."""
    a = b = 0  # runs opened at the rank before and two ranks before
    for r in range(9):
        need = c[r] - a - b
        if need < 0:
            return False
        runs = need % 3
        if runs and r > 6:
            return False
        b, a = a, runs
    return a == 0 and b == 0


def index_sum(c: list[int]) -> int:
    """sum(rank * count) mod 3 over ranks 0-8."""
    return sum(r * n for r, n in enumerate(c)) % 3


def pair_ranks(c: list[int]) -> list[int]:
    """Ranks p at which taking a pair leaves all sets (3N+2 complete); c is not changed."""
    found = []
    for p in range((2 * index_sum(c)) % 3, 9, 3):
        if c[p] >= 2:
            c[p] -= 2
            if is_sets(c):
                found.append(p)
            c[p] += 2
    return found


def walk(c: list[int]) -> list[int] | None:
    """The triplet-preferring reading of an all-sets suit as set codes, or None.

    Codes: a triplet of rank r is r, a run starting at rank r is 9 + r.
    """
    sets: list[int] = []
    a = b = 0
    for r in range(9):
        need = c[r] - a - b
        if need < 0:
            return None
        runs = need % 3
        if runs and r > 6:
            return None
        if need >= 3:
            sets.append(r)
        sets.extend([9 + r] * runs)
        b, a = a, runs
    return sets if a == 0 and b == 0 else None


def set_readings(c: list[int]) -> list[tuple[int, ...]]:
    """Every reading of an all-sets suit (empty when it is not all sets)."""
    base = walk(c)
    if base is None:
        return []
    readings = [tuple(sorted(base))]
    triplets = {code for code in base if code < 9}
    for r in range(7):
        if r in triplets and r + 1 in triplets and r + 2 in triplets:
            swapped = [code for code in base if code not in (r, r + 1, r + 2)]
            swapped.extend([9 + r] * 3)
            readings.append(tuple(sorted(swapped)))
    return readings


# -- per-key answers ------------------------------------------------------------------


def _number_info(key: int) -> int:
    """Packed completeness codes of a number suit (standard, chiitoi, kokushi fields)."""
    c = counts_of(key)
    total = sum(c)
    std = 0
    if total % 3 == 0:
        std = SET_FORM if is_sets(c) else 0
    elif total % 3 == 2:
        std = PAIR if pair_ranks(c) else 0
    if all(n in (0, 2) for n in c):
        chiitoi = total // 2
    else:
        chiitoi = CHIITOI_POISON
    if c[0] in (1, 2) and c[8] in (1, 2) and total == c[0] + c[8]:
        kokushi = 2 + KOKUSHI_PAIR * ((c[0] == 2) + (c[8] == 2))
    else:
        kokushi = KOKUSHI_POISON
    return std | chiitoi << CHIITOI_SHIFT | kokushi << KOKUSHI_SHIFT


def _honour_info(key: int) -> int:
    """Packed completeness codes of the honours."""
    c = counts_of(key, 7)
    pairs = c.count(2)
    std = 0
    if all(n in (0, 2, 3) for n in c):
        if pairs == 0:
            std = SET_FORM
        elif pairs == 1:
            std = PAIR
    chiitoi = pairs if all(n in (0, 2) for n in c) else CHIITOI_POISON
    if all(n in (1, 2) for n in c):
        kokushi = 7 + KOKUSHI_PAIR * pairs
    else:
        kokushi = KOKUSHI_POISON
    return std | chiitoi << CHIITOI_SHIFT | kokushi << KOKUSHI_SHIFT


def number_waits(key: int) -> int:
    """Waits mask (bit r = rank r) of a number suit: ranks that complete it.

    For a 3N+2 suit: ranks x that make it all sets (x == 2s mod 3). For a 3N+1 suit:
    ranks x that make it sets and a pair (x + p == 2s mod 3 for the pair p). A rank of
    which the suit already holds four is never a wait. Other sizes have no waits.
    """
    c = counts_of(key)
    total = sum(c)
    s = index_sum(c)
    mask = 0
    if total % 3 == 2:
        for x in range((2 * s) % 3, 9, 3):
            if c[x] < 4:
                c[x] += 1
                if is_sets(c):
                    mask |= 1 << x
                c[x] -= 1
    elif total % 3 == 1:
        for x in range(9):
            if c[x] >= 4:
                continue
            c[x] += 1
            for p in range((2 * s - x) % 3, 9, 3):
                if c[p] >= 2:
                    c[p] -= 2
                    ok = is_sets(c)
                    c[p] += 2
                    if ok:
                        mask |= 1 << x
                        break
            c[x] -= 1
    return mask


def honour_waits(key: int) -> int:
    """Waits mask of the honours (bit r = honour r, 0 = east ... 6 = chun)."""
    c = counts_of(key, 7)
    mask = 0
    for x in range(7):
        if c[x] >= 4:
            continue
        c[x] += 1
        total = sum(c)
        pairs = c.count(2)
        if all(n in (0, 2, 3) for n in c) and (
            (total % 3 == 0 and pairs == 0) or (total % 3 == 2 and pairs == 1)
        ):
            mask |= 1 << x
        c[x] -= 1
    return mask


Reading = tuple[int, tuple[int, ...]]
"""One reading of a suit: (pair rank or -1, set codes)."""


def number_readings(key: int) -> tuple[Reading, ...]:
    """Every reading of a complete number suit (empty when it is not complete)."""
    c = counts_of(key)
    total = sum(c)
    if total % 3 == 0:
        return tuple((-1, sets) for sets in set_readings(c))
    if total % 3 != 2:
        return ()
    readings: list[Reading] = []
    for p in pair_ranks(c):
        c[p] -= 2
        readings.extend((p, sets) for sets in set_readings(c))
        c[p] += 2
    return tuple(readings)


def honour_readings(key: int) -> tuple[Reading, ...]:
    """The reading of complete honours (at most one)."""
    c = counts_of(key, 7)
    if not all(n in (0, 2, 3) for n in c) or c.count(2) > 1:
        return ()
    pair = c.index(2) if 2 in c else -1
    return ((pair, tuple(r for r in range(7) if c[r] == 3)),)


T = TypeVar("T")


class LazyTable(dict[int, T]):
    """A dict that fills a missing key with ``compute(key)``, a pure function.

    Two threads may compute the same entry; both store the same value.
    """

    __slots__ = ("compute",)

    def __init__(self, compute: Callable[[int], T]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key: int) -> T:
        value = self.compute(key)
        self[key] = value
        return value


INFO = LazyTable(_number_info)
"""Number-suit key -> packed completeness codes."""
HONOUR_INFO = LazyTable(_honour_info)
"""Honour key -> packed completeness codes."""
WAITS = LazyTable(number_waits)
"""Number-suit key -> waits mask."""
HONOUR_WAITS = LazyTable(honour_waits)
"""Honour key -> waits mask."""
READINGS = LazyTable(number_readings)
"""Number-suit key -> readings."""
HONOUR_READINGS = LazyTable(honour_readings)
"""Honour key -> readings."""


# -- waits of a 13-tile hand, packed per suit -------------------------------------------
#
# One int a suit, fields 12 bits apart so that summing four suits never carries:
#   bits  0-2   standard-form code (0, SET_FORM or PAIR) of the suit as it is
#   bits  3-7   the code sum the other three suits need for this suit's waits to count:
#               12 (all sets) when the suit has 3N+1 tiles, 13 (sets and one pair) when it
#               has 3N+2, 31 (never) otherwise
#   bits 12-20  the suit's waits mask
#   bits 24-35  seven pairs: pairs + 7 * singles, or 512 when a count is 3 or more;
#               the four suits sum to 13 exactly when the hand is one pair short
#   bits 36-44  ranks held once (the seven-pairs wait)
#   bits 48-59  thirteen orphans: kinds + 16 * pairs, or 512 when a non-orphan or a
#               third copy is held; 13 (all kinds) or 28 (a pair and twelve kinds)
#   bits 60-68  orphan ranks not held (the single wait)

WAIT_FIELD, CHIITOI_FIELD, SINGLES_FIELD, KOKUSHI_FIELD, MISSING_FIELD = 12, 24, 36, 48, 60
FIELD = (1 << 12) - 1


def _wait_info(key: int, ranks: int, orphans: tuple[int, ...],
               waits: Callable[[int], int], code: int) -> int:
    c = counts_of(key, ranks)
    total = sum(c)
    need = (31, 12, 13)[total % 3]
    if max(c) >= 3:
        chiitoi = 512
    else:
        chiitoi = c.count(2) + 7 * c.count(1)
    singles = sum(1 << r for r in range(ranks) if c[r] == 1)
    if any(c[r] for r in range(ranks) if r not in orphans) or max(c) >= 3:
        kokushi = 512
    else:
        kokushi = sum(1 for r in orphans if c[r]) + 16 * sum(1 for r in orphans if c[r] == 2)
    missing = sum(1 << r for r in orphans if not c[r])
    return (code | need << 3 | waits(key) << WAIT_FIELD | chiitoi << CHIITOI_FIELD
            | singles << SINGLES_FIELD | kokushi << KOKUSHI_FIELD | missing << MISSING_FIELD)


WAIT_INFO = LazyTable(lambda key: _wait_info(key, 9, (0, 8), WAITS.__getitem__,
                                             INFO[key] & 255))
"""Number-suit key -> packed waits information (see the field list above)."""
HONOUR_WAIT_INFO = LazyTable(lambda key: _wait_info(key, 7, tuple(range(7)),
                                                    HONOUR_WAITS.__getitem__,
                                                    HONOUR_INFO[key] & 255))
"""Honour key -> packed waits information."""
