"""Per-suit engine (private): one suit's counts as one integer key, and its answers.

A suit's counts c[0..8] (ranks 1-9; the honours use the same layout over seven ranks) are
the digits of a base-5 number: ``key = sum(c[r] * 5**r)``, so adding a tile of rank r is
``key + UNIT[r]`` and every key of a number suit is below ``KEYS`` (5**9). That makes a
key a direct index: each per-key answer the kernels need is one byte of a table of
``KEYS`` bytes (``HONOUR_KEYS`` for the honours), built by ``_build`` from the definitions
below, shipped with the package and read by ``_tables``. A whole hand is four look-ups.

The algorithms:

* 3N check: walk the ranks carrying the runs opened at the two previous ranks; the count
  at a rank minus the runs passing through it, taken mod 3, is the number of runs that
  must open there (three identical runs are always also three triplets), the rest is a
  triplet or nothing.
* Index sums: with s = sum(rank * count) mod 3 (ranks 0-8), a complete 3N suit has
  s == 0, so in a 3N+2 suit the pair rank p satisfies 2p == s (mod 3), i.e. p == 2s:
  only three pair ranks are tried.
* Waits: a rank the suit holds fewer than four of is a wait when the key plus that rank
  has a standard-form code; with every key's code in a table, that is nine look-ups.
* Decompositions: the forced walk gives the triplet-preferring reading; every other
  reading replaces three consecutive triplets with three identical runs (with at most
  four sets, at most one such swap fits). The readings of every complete key ship
  packed (``pack_reading``) and are unpacked when first asked for.

The byte tables (one byte per key; the kernels add or AND four of them, one per suit):

* ``SHAPE``: bits 0-2 the standard-form code (``SET_FORM`` when the suit is all sets,
  ``PAIR`` when it is sets and one pair, else 0; four codes sum to ``STANDARD_TOTAL``
  exactly when the hand is in standard form, and the sum stays below 32), bit 5
  (``SEVEN``) every count is 0 or 2, bit 6 (``THIRTEEN``) the suit holds each of its
  orphans once or twice and nothing else, bit 7 (``NINE_WAIT``) rank 9 completes the suit.
  A closed 14-tile hand is seven pairs when all four suits have ``SEVEN`` and thirteen
  orphans when all four have ``THIRTEEN``.
* ``WAIT``: bits 0-2 the code again, bits 3-7 the code plus the sum of codes the other
  three suits need for this suit's waits to count: 12 (all sets) when the suit holds
  3N+1 tiles, 13 (sets and one pair) for 3N+2, 7 (never) for 3N.
* ``WAITS``: the ranks 1-8 (bit r = rank r + 1; the honours: all seven) that complete the
  suit; rank 9 is ``SHAPE``'s bit 7. A rank held four times is never a wait.
* ``PAIRS``: kinds held twice or more, plus kinds held at all << 3; summed over the suits of
  a closed hand of 13 or 14 tiles the fields never carry. Seven pairs wants 7 | 7 << 3
  (complete) or ``SEVEN_PAIRS_TENPAI`` (six pairs and a single).
* ``ORPHANS``: orphan kinds held, plus 1 << 4 when one of them is held twice or more.
  Thirteen orphans wants 13 (all, 13 tiles: the 13-sided wait) or ``THIRTEEN_ONE_SHORT``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import TypeVar

__all__ = [
    "HONOUR_KEYS",
    "HONOUR_READINGS",
    "KEYS",
    "KIND_UNIT",
    "PAIR",
    "READINGS",
    "SET_FORM",
    "STANDARD_TOTAL",
    "UNIT",
    "BoundedTable",
    "counts_of",
    "key_of",
]

RANKS = 9
HONOUR_RANKS = 7
UNIT: tuple[int, ...] = (1, 5, 25, 125, 625, 3125, 15625, 78125, 390625)
"""The key of one tile of rank r (0-8), 5**r: adding it to a key adds the tile."""
KIND_UNIT = tuple(UNIT[k % 9] for k in range(34))
"""The key of one tile of each kind 0-33 within its suit's key."""
KEYS = 5 * UNIT[8]
"""Number-suit keys are 0 .. KEYS - 1."""
HONOUR_KEYS = UNIT[7]
"""Honour keys are 0 .. HONOUR_KEYS - 1."""

SET_FORM = 4
"""Standard-form code of a suit that is all sets (3N complete)."""
PAIR = 5
"""Standard-form code of a suit that is sets and one pair (3N+2 complete)."""
STANDARD_TOTAL = 3 * SET_FORM + PAIR
"""Sum of the four suits' codes exactly when the hand is in standard form."""
CODE_FIELD = 31
"""The bits of a sum of four SHAPE bytes that hold the sum of their codes."""
SEVEN, THIRTEEN, NINE_WAIT = 1 << 5, 1 << 6, 1 << 7
SEVEN_PAIRS_TENPAI = 6 | 7 << 3
"""Summed PAIRS of a 13-tile hand with six pairs and one single (no kind held 3 times)."""
THIRTEEN_ONE_SHORT = 12 | 1 << 4
"""Summed ORPHANS of a 13-tile hand with twelve orphan kinds, one of them paired."""
NEVER = 7
"""What WAIT asks of the other suits for a 3N suit: no three codes sum to 7."""


def key_of(counts: Sequence[int]) -> int:
    """Pack counts (one per rank) into a key."""
    key = 0
    for rank, count in enumerate(counts):
        key += count * UNIT[rank]
    return key


def counts_of(key: int, ranks: int = RANKS) -> list[int]:
    """Unpack a key into its counts."""
    counts = []
    for _ in range(ranks):
        key, count = divmod(key, 5)
        counts.append(count)
    return counts


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


# -- per-suit definitions (what the byte tables hold) ---------------------------------


def number_code(c: list[int]) -> int:
    """SET_FORM, PAIR or 0 for a number suit's counts."""
    total = sum(c)
    if total % 3 == 0:
        return SET_FORM if is_sets(c) else 0
    if total % 3 == 2:
        return PAIR if pair_ranks(c) else 0
    return 0


def honour_code(c: list[int]) -> int:
    """SET_FORM, PAIR or 0 for the honours' counts (triplets and at most one pair)."""
    if not all(n in (0, 2, 3) for n in c):
        return 0
    pairs = c.count(2)
    return SET_FORM if pairs == 0 else PAIR if pairs == 1 else 0


# -- readings of complete suits --------------------------------------------------------


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


RUN_SETS = [runs for n in range(5) for runs in itertools.combinations_with_replacement(range(7), n)]
"""Every multiset of at most four runs (sorted run starts 0-6): 330 of them."""
_RUN_SET_INDEX = {runs: i for i, runs in enumerate(RUN_SETS)}


def pack_reading(reading: Reading) -> int:
    """A number suit's reading as (pair + 1) | run set << 4 | triplet mask << 13, the form
    ``_tables`` ships (run set: index in RUN_SETS)."""
    pair, codes = reading
    runs = tuple(c - 9 for c in codes if c >= 9)
    return (pair + 1 | _RUN_SET_INDEX[runs] << 4
            | sum(1 << c for c in codes if c < 9) << 13)


def unpack_reading(packed: int) -> tuple[int, tuple[int, ...], int]:
    """(pair rank or -1, run starts, triplet mask) of a packed reading."""
    return (packed & 15) - 1, RUN_SETS[packed >> 4 & 511], packed >> 13


def _shipped_readings(key: int) -> tuple[Reading, ...]:
    """number_readings, from the shipped table (``_tables.readings_of``)."""
    from . import tables as _tables
    out = []
    for packed in _tables.readings_of(key):
        pair, runs, trips = unpack_reading(packed)
        codes = [r for r in range(RANKS) if trips >> r & 1] + [9 + r for r in runs]
        out.append((pair, tuple(sorted(codes))))
    return tuple(out)


def honour_readings(key: int) -> tuple[Reading, ...]:
    """The reading of complete honours (at most one)."""
    c = counts_of(key, HONOUR_RANKS)
    if not all(n in (0, 2, 3) for n in c) or c.count(2) > 1:
        return ()
    pair = c.index(2) if 2 in c else -1
    return ((pair, tuple(r for r in range(HONOUR_RANKS) if c[r] == 3)),)


T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class BoundedMap(dict[K, V]):
    """A dict that fills a missing key with ``compute(key)``, a pure function, and holds
    at most ``limit`` entries: when it is full, the older half goes before a new entry.
    Its keys are ints or plain strings (hashed and compared without Python code).

    Two threads may compute the same entry; both store the same value.
    """

    __slots__ = ("compute", "limit")

    def __init__(self, compute: Callable[[K], V], limit: int) -> None:
        super().__init__()
        self.compute = compute
        self.limit = limit

    def __missing__(self, key: K) -> V:
        value = self.compute(key)
        if len(self) >= self.limit:
            # the list is taken in one C call (the keys run no Python code), so another
            # thread cannot change the dict under it; pop tolerates a key gone meanwhile
            for old in list(itertools.islice(self, len(self) // 2)):
                self.pop(old, None)
        self[key] = value
        return value


class BoundedTable(BoundedMap[int, T]):
    """A ``BoundedMap`` keyed by ints: the per-key tables of the kernels."""

    __slots__ = ()


class BoundedMemo(dict[K, V]):
    """Values already worked out from an input, by that input: at most ``limit``
    entries, emptied when full. Only immutable values go in, so a value handed out is
    never changed by anyone."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def remember(self, key: K, value: V) -> V:
        """Keep ``value`` under ``key`` (emptying the memo first when it is full)."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


READINGS = BoundedTable(_shipped_readings, 1 << 13)
"""Complete number-suit key -> readings (21,743 complete keys of up to 14 tiles), as
number_readings gives them, read from the shipped table."""
HONOUR_READINGS = BoundedTable(honour_readings, 1 << 10)
"""Complete honour key -> readings (498 complete keys)."""
