"""Shanten and ukeire (private): per-suit need vectors, interned and combined by table.

The definition (Tenhou's): a hand's shanten is the least number of tile exchanges (discard
one tile, draw one) that makes it tenpai, where a draw can never bring a kind past four
copies counting the hand's own concealed tiles and melds. Equivalently, with W ranging over
the complete hands that keep the melds as they are and hold no kind more than four times
(melds included), and C the concealed part::

    shanten = (13 - 3 * melds) - max over W of |C & W|    (multiset intersection)

which is -1 for a complete 14-tile hand and 0 for a 13-tile hand with a real wait. So a
13-tile hand whose only wait is a kind it holds four times is not tenpai, four of a kind
counts as one pair towards seven pairs, and a kind held four times cannot be the pair that
is still missing. Melds are fixed sets: the concealed part must supply the other
``4 - melds`` sets and the pair, and a meld's tiles count against the four copies. Seven
pairs and thirteen orphans need a closed hand without melds.

The standard form splits by suit, because the four-copy limit is per kind. For one suit
(its concealed counts and, with melds, the copies its melds hold) the *need vector* gives,
for j = 0..4 sets and p = 0..1 pairs, the fewest tiles to draw so that the suit holds j
sets and p pairs without passing four copies of a kind (``INF`` when impossible). Entry
``2 * j + p``. A hand's standard shanten is the min-plus product of its four suits' vectors
read at ``(4 - melds, 1)``, less one.

Closed suits (no meld in them) are the common case and are answered from shipped tables
(``_tables``): ``VECTOR`` / ``HONOUR_VECTOR`` give, per suit key, the index of its need
vector in ``CATALOGUE`` (126 number-suit vectors and 55 honour ones, 130 different in
all), and a closed hand's standard shanten is
``FIN[AB[a << 8 | b] << 8 | CD[c << 8 | d]]`` less one: ``AB`` numbers the products of
two number suits' vectors (180 of them), ``CD`` those of a number suit's and the
honours' (165), ``FIN`` reads their product at (4 sets, 1 pair).
Seven pairs and thirteen orphans add the suits' ``PAIRS`` and ``ORPHANS`` bytes (see
``_suit``) and read ``CHIITOI`` / ``KOKUSHI``.

A suit with melds in it has caps below four, and its vector is worked out when first
needed. Vectors are interned to small ids and the algebra works on ids through bounded
tables (``_suit.BoundedTable``: at most ``limit`` entries each, the older half dropped
when full; filling one suit key costs about 5 us):

* ``CONV[a << 16 | b]``: the min-plus product of two vectors (two suits side by side);
* ``EMIN[a << 16 | b]``: their element-wise minimum (two alternatives);
* ``NUMBER[key]`` / ``HONOUR[key]``: a suit's vector id, the key being its concealed key
  plus its melds' copies (packed alike) times ``MELD_UNIT``; closed keys come from the
  shipped tables;
* ``FINALS[m][x << 16 | y]``: the shanten of a hand with m melds whose suits combine to x
  and y.

A number suit's vector with caps is built by a walk over its ranks (a triplet, a pair
and up to two runs may start at each rank; three identical runs are the same tiles as
three triplets), split at the boundary between ranks 4 and 5: ``LEFT`` holds, per 4-rank
prefix, the vectors of the walk up to rank 4 for each count of runs still open, ``RIGHT``
the vectors of the 5-rank rest for each count of runs coming in; the suit's vector is the
minimum over the nine boundary states of their products.

Ukeire: a draw lowers each entry of its suit's vector by at most one, so it lowers the
standard shanten exactly when it lowers an entry at which the minimum over the splits
between this suit and the product of the others is reached. ``OPTIMA[m][rest << 16 | v]``
gives that minimum and those entries, ``NUMBER_GAINS`` / ``HONOUR_GAINS`` (keyed by the
suit key and the entries) the ranks whose draw lowers one of them (a closed suit
compares its shipped vector with its neighbours' through ``LOWER``), and ``HELD`` /
``HONOUR_HELD`` the kinds held once and not held, for seven pairs and thirteen orphans.
A 13-tile hand's ukeire is then some twenty look-ups; a 14-tile hand's discards share the
products of the suits they leave alone. ``NUMBER_DISCARDS`` / ``HONOUR_DISCARDS`` give, per
suit key, each tile it may discard with the key and vector id left, so that the best
discard (``best_discard``) finds the lowest shanten at a look-up a discard and works out
the draws of those discards only.

Every table here is bounded. The interned vectors are finite (the need vectors a suit
can have, with or without melds, and their products); 400,000 hands crafted to put their
melds and tiles in one or two suits, asked for shanten, ukeire and discards, interned
8,880 of them, and ids are checked to fit their 16 bits.
"""

from __future__ import annotations

import _thread
import operator
from collections.abc import Callable, Sequence
from itertools import chain, compress
from typing import TypeVar

from . import tables as _tables
from .suit import HONOUR_RANKS, KEYS, RANKS, UNIT, BoundedTable

Item = TypeVar("Item")
Option = TypeVar("Option")

__all__ = [
    "CHIITOI",
    "CONV",
    "EMIN",
    "FINALS",
    "HONOUR",
    "HONOUR_GAINS",
    "HONOUR_HELD",
    "INF",
    "KOKUSHI",
    "MELD_UNIT",
    "NUMBER",
    "NUMBER_GAINS",
    "OPTIMA",
    "OTHER",
    "OTHER_GAINS",
    "UNREACHABLE",
    "chiitoitsu_shanten",
    "closed_standard",
    "discard_options",
    "improving",
    "kokushi_shanten",
    "lane_bits",
    "standard_shanten",
]

INF = 99
"""Need of an impossible (sets, pair) count."""
UNREACHABLE = 99
"""Shanten of seven pairs or thirteen orphans for a hand with melds."""
ID_BITS = 16
"""Vector ids are packed two to a table key, ``a << ID_BITS | b``."""
MELD_UNIT = KEYS
"""A suit's meld counts sit above its concealed counts in a table key:
``key + melds * MELD_UNIT`` (both packed as ``_suit`` packs counts)."""

Vector = tuple[int, ...]
"""Need per (sets j, pairs p) at index ``2 * j + p``, j = 0..4, p = 0..1."""


_LANE_BITS: list[tuple[int, ...]] = []
"""Per 9-bit mask, its bits as 0/1 (filled on first use)."""


def lane_bits() -> list[tuple[int, ...]]:
    """Per 9-bit mask (one suit's kinds in a kind mask), its bits as 0/1."""
    if not _LANE_BITS:
        _LANE_BITS[:] = [tuple(lane >> r & 1 for r in range(9)) for lane in range(512)]
    return _LANE_BITS


# -- the vector algebra --------------------------------------------------------------


def conv_vectors(a: Vector, b: Vector) -> Vector:
    """Min-plus product: the need of two disjoint parts taken together."""
    out = []
    for j in range(5):
        for p in range(2):
            best = INF
            for j1 in range(j + 1):
                for p1 in range(p + 1):
                    value = a[2 * j1 + p1] + b[2 * (j - j1) + p - p1]
                    if value < best:
                        best = value
            out.append(best)
    return tuple(out)


def min_vectors(a: Vector, b: Vector) -> Vector:
    """Element-wise minimum: the better of two alternatives."""
    return tuple(x if x < y else y for x, y in zip(a, b, strict=True))


def unit_vector(sets: int, pairs: int, cost: int) -> Vector:
    """The vector of one choice: ``sets`` sets and ``pairs`` pairs for ``cost`` draws."""
    return tuple(cost if (j, p) == (sets, pairs) else INF for j in range(5) for p in range(2))


VECTORS: list[Vector] = []
"""Interned vectors, by id."""
_IDS: dict[Vector, int] = {}
_INTERNING = _thread.allocate_lock()


def intern(vector: Vector) -> int:
    """The id of a vector (entries at or above INF are INF).

    Only table fills intern; the lock keeps ids unique when threads fill at once. The
    vectors are finite (see the module docstring); ids past 16 bits would be a bug.
    """
    vector = tuple(map(min, vector, _INFS))
    found = _IDS.get(vector)
    if found is not None:
        return found
    with _INTERNING:
        found = _IDS.get(vector)
        if found is None:
            found = len(VECTORS)
            if found >> ID_BITS:
                raise RuntimeError("more need vectors than table keys can hold")
            VECTORS.append(vector)
            _IDS[vector] = found
    return found


_INFS = (INF,) * 10

def _product(a: Vector, b: Vector) -> Vector:
    """``conv_vectors`` written out for the tables (entries not capped at INF; ``intern``
    caps them): entry ``2 * j + p`` is the least sum over the splits of j sets and p
    pairs between the two vectors (1 + 2 + 2 + 4 + 3 + 6 + 4 + 8 + 5 + 10 splits)."""
    a0, a1, a2, a3, a4, a5, a6, a7, a8, a9 = a
    b0, b1, b2, b3, b4, b5, b6, b7, b8, b9 = b
    return (a0 + b0,
            min(a0 + b1, a1 + b0),
            min(a0 + b2, a2 + b0),
            min(a0 + b3, a1 + b2, a2 + b1, a3 + b0),
            min(a0 + b4, a2 + b2, a4 + b0),
            min(a0 + b5, a1 + b4, a2 + b3, a3 + b2, a4 + b1, a5 + b0),
            min(a0 + b6, a2 + b4, a4 + b2, a6 + b0),
            min(a0 + b7, a1 + b6, a2 + b5, a3 + b4, a4 + b3, a5 + b2, a6 + b1, a7 + b0),
            min(a0 + b8, a2 + b6, a4 + b4, a6 + b2, a8 + b0),
            min(a0 + b9, a1 + b8, a2 + b7, a3 + b6, a4 + b5, a5 + b4, a6 + b3, a7 + b2,
                a8 + b1, a9 + b0))


_LOW = (1 << ID_BITS) - 1


def _conv(key: int) -> int:
    """``CONV``'s entry: the product of two interned vectors, the second often a unit
    vector (one choice at one cost), whose product only moves the first and adds."""
    a, b = VECTORS[key >> ID_BITS], key & _LOW
    unit = _UNIT_SHIFTS.get(b)
    if unit is None:
        return intern(_product(a, VECTORS[b]))
    places, cost = unit
    return intern(tuple(map(cost.__add__, map((*a, INF).__getitem__, places))))


CONV = BoundedTable(_conv, 1 << 15)
"""``a << 16 | b`` -> id of the min-plus product of vectors a and b."""
EMIN = BoundedTable(
    lambda key: intern(tuple(map(min, VECTORS[key >> ID_BITS], VECTORS[key & _LOW]))), 1 << 13)
"""``a << 16 | b`` -> id of the element-wise minimum of vectors a and b."""

EMPTY = intern(unit_vector(0, 0, 0))
"""No tiles: no sets and no pair for free, anything else impossible."""
IMPOSSIBLE = intern((INF,) * 10)
_UNIT = {(j, p, c): intern(unit_vector(j, p, c))
         for j in range(4) for p in range(2) for c in range(5)}
_UNIT_AT = tuple(_UNIT[j, p, c] for j in range(4) for p in range(2) for c in range(5))
"""``_UNIT`` flat: the unit vector of (j sets, p pairs, cost c) at ``5 * (2 * j + p) + c``."""
_UNIT_SHIFTS = {unit: (tuple(2 * (j - js) + p - ps if j >= js and p >= ps else 10
                             for j in range(5) for p in range(2)), cost)
                for (js, ps, cost), unit in _UNIT.items()}
"""A unit vector's id -> per entry of a product with it, the entry of the other vector it
moves there (10: none, INF) and the cost it adds."""


# -- closed suits: the shipped tables ---------------------------------------------------

_closed: list[int] = []


def closed_ids() -> list[int]:
    """Index in ``_tables.CATALOGUE`` -> interned id (the catalogue is interned once)."""
    if not _closed:
        data = _tables.CATALOGUE
        ids = [intern(tuple(data[i:i + 10])) for i in range(0, len(data), 10)]
        _closed[:] = ids  # one assignment: another thread sees the whole list or none
    return _closed


def closed_standard(k0: int, k1: int, k2: int, k3: int) -> int:
    """Standard-form shanten of a closed hand's four keys, from the shipped tables."""
    vector = _tables.VECTOR
    return _tables.FIN[_tables.AB[vector[k0] << 8 | vector[k1]] << 8
                       | _tables.CD[vector[k2] << 8 | _tables.HONOUR_VECTOR[k3]]] - 1


# -- one suit's vector with melds -------------------------------------------------------

_CHOICES = sorted(
    (3 * t + 2 * q + u, u, t + u, q)
    for t in (0, 1) for q in (0, 1) for u in (0, 1, 2) if 3 * t + 2 * q + u <= 4)
"""At one rank: (copies used there, runs started, sets, pairs) for t triplets, q pairs
and u runs starting there; a triplet and a pair of one kind would be five copies."""
_STEPS = tuple((used, u, 5 * (2 * sets + pairs)) for used, u, sets, pairs in _CHOICES)
"""``_CHOICES`` for the walks: (copies used, runs started, the choice's row in
``_UNIT_AT``, whose entry ``row + cost`` is its unit vector at that cost)."""
_LEFT_RANKS = 4
_LEFT_KEYS = UNIT[_LEFT_RANKS]
_RIGHT_KEYS = KEYS // _LEFT_KEYS


def _left(key: int) -> tuple[int, ...]:
    """Ranks 1-4 (counts, plus meld counts times 5**4): per state ``3 * a + b`` (a runs
    started at rank 4, b at rank 3), the vector of the walk."""
    counts, melds = divmod(key, _LEFT_KEYS)[::-1]
    states = {0: EMPTY}
    for r in range(_LEFT_RANKS):
        h = counts // UNIT[r] % 5
        cap = 4 - melds // UNIT[r] % 5
        here: dict[int, int] = {}
        for state, vector in states.items():
            a, b = divmod(state, 3)
            for used, u, row in _STEPS:
                w = used + a + b
                if w > cap:
                    break
                found = CONV[vector << ID_BITS | _UNIT_AT[row + w - h if w > h else row]]
                old = here.get(3 * u + a)
                here[3 * u + a] = found if old is None else EMIN[old << ID_BITS | found]
        states = here
    return tuple(states.get(s, IMPOSSIBLE) for s in range(9))


def _right(key: int) -> tuple[int, ...]:
    """Ranks 5-9 (counts, plus meld counts times 5**5): per state ``3 * a + b`` (a runs
    coming in from rank 4, b from rank 3), the vector of the rest."""
    counts, melds = divmod(key, _RIGHT_KEYS)[::-1]
    after = [EMPTY] + [IMPOSSIBLE] * 8
    for r in range(RANKS - _LEFT_RANKS - 1, -1, -1):
        h = counts // UNIT[r] % 5
        cap = 4 - melds // UNIT[r] % 5
        here = []
        for state in range(9):
            a, b = divmod(state, 3)
            best = IMPOSSIBLE
            for used, u, row in _STEPS:
                w = used + a + b
                if w > cap:
                    break
                rest = after[3 * u + a]
                if rest == IMPOSSIBLE or (u and r > 2):
                    continue
                found = CONV[rest << ID_BITS | _UNIT_AT[row + w - h if w > h else row]]
                best = found if best == IMPOSSIBLE else EMIN[best << ID_BITS | found]
            here.append(best)
        after = here
    return tuple(after)


LEFT = BoundedTable(_left, 1 << 13)
RIGHT = BoundedTable(_right, 1 << 14)


def number_walk(full: int) -> int:
    """The vector id of a number suit (key plus meld counts times MELD_UNIT) by the walk."""
    counts, melds = full % MELD_UNIT, full // MELD_UNIT
    left = LEFT[counts % _LEFT_KEYS + melds % _LEFT_KEYS * _LEFT_KEYS]
    right = RIGHT[counts // _LEFT_KEYS + melds // _LEFT_KEYS * _RIGHT_KEYS]
    found = [CONV[a << ID_BITS | b] for a, b in zip(left, right, strict=True)
             if a != IMPOSSIBLE and b != IMPOSSIBLE]
    if len(found) == 1:
        return found[0]
    # the minimum of the boundary states at once: their partial minima are not interned
    return intern(tuple(map(min, *map(VECTORS.__getitem__, found))))


_KIND = {(h, cap): intern(tuple(
    0 if (j, p) == (0, 0)
    else max(0, 2 - h) if (j, p) == (0, 1) and cap >= 2
    else max(0, 3 - h) if (j, p) == (1, 0) and cap >= 3
    else INF
    for j in range(5) for p in range(2))) for cap in range(5) for h in range(cap + 1)}
"""One honour kind holding h of cap copies: nothing, its pair or its triplet."""


def honour_walk(full: int) -> int:
    """The vector id of the honours (key plus meld counts times MELD_UNIT)."""
    vector = EMPTY
    counts, melds = full % MELD_UNIT, full // MELD_UNIT
    for r in range(HONOUR_RANKS):
        h = counts // UNIT[r] % 5
        cap = 4 - melds // UNIT[r] % 5
        vector = CONV[vector << ID_BITS | _KIND[h, cap]]
    return vector


def _number(full: int) -> int:
    if full < MELD_UNIT:
        return closed_ids()[_tables.VECTOR[full]]
    return number_walk(full)


def _honour(full: int) -> int:
    if full < MELD_UNIT:
        return closed_ids()[_tables.HONOUR_VECTOR[full]]
    return honour_walk(full)


NUMBER = BoundedTable(_number, 1 << 15)
"""Number-suit key (plus meld counts times MELD_UNIT) -> vector id. The kernels read a
closed key's id from the shipped table instead (``closed_ids()[_tables.VECTOR[key]]``),
so this holds suits with melds."""
HONOUR = BoundedTable(_honour, 1 << 13)
"""Honour key (plus meld counts times MELD_UNIT) -> vector id (suits with melds)."""


def _final(melds: int) -> BoundedTable[int]:
    index = 2 * (4 - melds) + 1
    return BoundedTable(lambda key: VECTORS[CONV[key]][index] - 1, 1 << 12)


FINALS = tuple(_final(m) for m in range(5))
"""Per number of melds: ``x << 16 | y`` -> standard shanten of the hand whose suits
combine (by CONV) to x and y."""


# -- seven pairs and thirteen orphans -------------------------------------------------
#
# A closed hand's counters: the sum of its suits' PAIRS bytes (kinds held twice or more,
# kinds held << 3) and, from bit 7, of their ORPHANS bytes (orphan kinds held, orphans
# held twice or more << 4). Neither field carries for 13 or 14 tiles.

CHIITOI = tuple(13 - (x & 7) - min(x >> 3, 7) for x in range(128))
"""Summed PAIRS -> seven-pairs shanten: 13 - pairs - min(kinds, 7); four of a kind is one
pair."""
KOKUSHI = tuple(13 - (x & 15) - (x >> 4 > 0) for x in range(128))
"""Summed ORPHANS -> thirteen-orphans shanten: 13 - orphan kinds - (1 if one is paired)."""
OTHER = BoundedTable(lambda c: min(CHIITOI[c & 127], KOKUSHI[c >> 7]), 1 << 14)
"""Summed counters (PAIRS | ORPHANS << 7) -> min(seven pairs, thirteen orphans); the
16,384 keys fit."""


def _counters(keys: Sequence[int]) -> int:
    """The summed counters of a closed hand's keys."""
    pairs, orphans = _tables.PAIRS, _tables.ORPHANS
    k0, k1, k2, k3 = keys
    return (pairs[k0] + pairs[k1] + pairs[k2] + _tables.HONOUR_PAIRS[k3]
            | (orphans[k0] + orphans[k1] + orphans[k2] + _tables.HONOUR_ORPHANS[k3]) << 7)


# -- whole hands ----------------------------------------------------------------------


def standard_shanten(keys: Sequence[int], melded: Sequence[int], melds: int) -> int:
    """Standard-form shanten of concealed keys with the melds' keys and count."""
    if not melds:
        return closed_standard(keys[0], keys[1], keys[2], keys[3])
    a, b, c, d = vector_ids(keys, melded)
    return FINALS[melds][CONV[a << ID_BITS | b] << ID_BITS | CONV[c << ID_BITS | d]]


def vector_ids(keys: Sequence[int], melded: Sequence[int]) -> tuple[int, int, int, int]:
    """The four suits' vector ids: closed suits' from the shipped tables."""
    closed = _closed or closed_ids()
    vector = _tables.VECTOR
    k0, k1, k2, k3 = keys
    m0, m1, m2, m3 = melded
    return (NUMBER[k0 + m0 * MELD_UNIT] if m0 else closed[vector[k0]],
            NUMBER[k1 + m1 * MELD_UNIT] if m1 else closed[vector[k1]],
            NUMBER[k2 + m2 * MELD_UNIT] if m2 else closed[vector[k2]],
            HONOUR[k3 + m3 * MELD_UNIT] if m3 else closed[_tables.HONOUR_VECTOR[k3]])


def _man_as_honours(key: int) -> int:
    """A man key of a three-player hand (1m and 9m only) as an honour key of two kinds:
    without 2m-8m, 1m and 9m make triplets and pairs but never runs, as honours do."""
    return key % 5 + key // UNIT[8] % 5 * UNIT[1]


def three_player_standard(keys: Sequence[int], melded: Sequence[int], melds: int) -> int:
    """Standard-form shanten at a three-player table (no 2m-8m): the man suit is counted
    as two honour kinds, so no run through the missing tiles is ever assumed."""
    closed = _closed or closed_ids()
    _, b, c, d = vector_ids(keys, melded)
    key, meld = _man_as_honours(keys[0]), _man_as_honours(melded[0])
    a = HONOUR[key + meld * MELD_UNIT] if meld else closed[_tables.HONOUR_VECTOR[key]]
    return FINALS[melds][CONV[a << ID_BITS | b] << ID_BITS | CONV[c << ID_BITS | d]]


def chiitoitsu_shanten(keys: Sequence[int]) -> int:
    """Seven-pairs shanten of a closed hand's keys."""
    return CHIITOI[_counters(keys) & 127]


def kokushi_shanten(keys: Sequence[int]) -> int:
    """Thirteen-orphans shanten of a closed hand's keys."""
    return KOKUSHI[_counters(keys) >> 7]


# -- ukeire: the draws that lower a 13-tile hand's shanten ----------------------------
#
# A draw into one suit lowers each entry of that suit's vector by 0 or 1: one more tile
# held saves at most the draw of that very tile and never costs one, and whether an entry
# is reachable at all depends only on the melds. So with R the product of the other three
# suits and V the suit's vector, the standard shanten ``min over i of V[i] + R[T - i]``
# (T the target (4 - melds, 1)) drops exactly when the draw lowers V at an index i where
# that minimum is reached. ``OPTIMA`` gives the minimum and those indices for the pair
# (R, V); ``NUMBER_GAINS`` / ``HONOUR_GAINS`` give, for a suit key and a set of indices,
# the ranks whose draw lowers one of them (from ``NUMBER_DROPS`` / ``HONOUR_DROPS``: per
# rank, the indices its draw lowers). Seven pairs and thirteen orphans drop by
# counting: a draw pairing a single or adding a kind (while fewer than seven are held),
# an orphan kind not held, or pairing an orphan while none is paired.

OPT_BITS = 10
"""A set of vector indices is a 10-bit mask in the low bits of ``OPTIMA`` values and of
``NUMBER_GAINS`` / ``HONOUR_GAINS`` keys."""
_OPT_MASK = (1 << OPT_BITS) - 1


def _optima(melds: int) -> BoundedTable[int]:
    top = 4 - melds
    splits = [(2 * j + p, 2 * (top - j) + 1 - p) for j in range(top + 1) for p in range(2)]

    def compute(key: int) -> int:
        rest, own = VECTORS[key >> ID_BITS], VECTORS[key & _LOW]
        best, where = INF, 0
        for i, k in splits:
            value = own[i] + rest[k]
            if value < best:
                best, where = value, 1 << i
            elif value == best:
                where |= 1 << i
        return INF << OPT_BITS if best >= INF else best << OPT_BITS | where
    return BoundedTable(compute, 1 << 13)


OPTIMA = tuple(_optima(m) for m in range(5))
"""Per number of melds: ``rest << 16 | own`` -> ``(shanten + 1) << 10 | indices``: the
standard shanten of a hand whose suit has vector ``own`` and whose other suits combine to
``rest`` (as in ``FINALS``), and the bits i of ``own`` at which it is reached."""


def _lower(key: int) -> int:
    before, after = _CATALOGUE[key >> 8], _CATALOGUE[key & 255]
    return sum(compress(_INDEX_BITS, map(operator.lt, after, before)))


_CATALOGUE: list[Vector] = []
LOWER = BoundedTable(_lower, 1 << 15)
"""``i << 8 | j`` for two closed vectors' indices in ``_tables.CATALOGUE`` -> the mask of
the entries where j is lower (a closed suit and the suit after a draw); 16,900 keys fit."""


def _drops(table: BoundedTable[int], vector_bytes: str, ranks: int) -> BoundedTable[int]:
    def compute(full: int) -> int:
        counts, melds = full % MELD_UNIT, full // MELD_UNIT
        found = 0
        if not melds:  # a closed suit: two shipped vectors per rank
            if not _CATALOGUE:
                _CATALOGUE[:] = [VECTORS[i] for i in closed_ids()]
            vector, lower = getattr(_tables, vector_bytes), LOWER
            own = vector[full] << 8
            for r in range(ranks):
                if counts // UNIT[r] % 5 < 4:
                    found |= lower[own | vector[full + UNIT[r]]] << 10 * r
            return found
        mine = VECTORS[table[full]]
        for r in range(ranks):
            if counts // UNIT[r] % 5 + melds // UNIT[r] % 5 < 4:
                after = VECTORS[table[full + UNIT[r]]]
                found |= sum(compress(_INDEX_BITS, map(operator.lt, after, mine))) << 10 * r
        return found
    return BoundedTable(compute, 1 << 15)


_INDEX_BITS = tuple(1 << i for i in range(10))
NUMBER_DROPS = _drops(NUMBER, "VECTOR", RANKS)
"""Number-suit key (with meld counts) of at most 13 tiles (a suit of a 13-tile hand) ->
per rank r, the mask of the vector's indices that a draw of r lowers, at bits 10 * r; 0
for a rank held four times."""
HONOUR_DROPS = _drops(HONOUR, "HONOUR_VECTOR", HONOUR_RANKS)
"""The same for the honours."""


def _gains(drops: BoundedTable[int], ranks: int) -> BoundedTable[int]:
    def compute(key: int) -> int:
        full, where = key >> OPT_BITS, key & _OPT_MASK
        # a closed suit's drops cost two look-ups a rank: only those with melds are kept
        found = drops.compute(full) if full < MELD_UNIT else drops[full]
        return sum(1 << r for r in range(ranks) if found >> 10 * r & where)
    return BoundedTable(compute, 1 << 15)


NUMBER_GAINS = _gains(NUMBER_DROPS, RANKS)
"""``key << 10 | indices`` (a number-suit key with its meld counts) -> mask of the ranks
whose draw lowers the suit's vector at one of the indices; never a rank held four times."""
HONOUR_GAINS = _gains(HONOUR_DROPS, HONOUR_RANKS)
"""The same for the honours."""


def _held_part(key: int, ranks: int, first: int) -> int:
    """HELD of the ``ranks`` ranks from ``first`` whose counts are ``key``'s digits."""
    counts = [key // UNIT[r] % 5 for r in range(ranks)]
    return (sum(1 << first + r for r in range(ranks) if counts[r] == 1)
            | sum(1 << first + r for r in range(ranks) if counts[r] == 0) << 36)


_HELD_PARTS: list[tuple[int, ...]] = []


def _held(ranks: int) -> BoundedTable[int]:
    def compute(key: int) -> int:  # ranks 1-4 and the rest, each from a small table
        if not _HELD_PARTS:
            _HELD_PARTS[:] = [tuple(_held_part(k, 4, 0) for k in range(_LEFT_KEYS)),
                              tuple(_held_part(k, 5, 4) for k in range(_RIGHT_KEYS)),
                              tuple(_held_part(k, 3, 4) for k in range(UNIT[3]))]
        low, high = divmod(key, _LEFT_KEYS)[::-1]
        return _HELD_PARTS[0][low] | _HELD_PARTS[1 if ranks == RANKS else 2][high]
    return BoundedTable(compute, 1 << 13)


HELD = _held(RANKS)
"""Concealed number-suit key -> ranks held once | ranks not held << 36, so that four
suits shifted by 9 * suit and or-ed give the kinds held once (bits 0-33) and the kinds
not held (from bit 36)."""
HONOUR_HELD = _held(HONOUR_RANKS)
"""The same for the honours."""

_LANES = (1 << 36) - 1
ALL_KINDS = (1 << 34) - 1
"""The kinds mask of ``discard_options`` that asks for every kind."""
_ORPHANS = sum(1 << k for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


def _other_select(counters: int) -> int:
    chi, kok = CHIITOI[counters & 127], KOKUSHI[counters >> 7]
    best = min(chi, kok)
    singles = absent = 0
    if chi == best:
        singles = _LANES
        absent = _LANES if (counters >> 3) & 15 < 7 else 0
    if kok == best:
        absent |= _ORPHANS
        singles |= 0 if counters >> 11 else _ORPHANS
    return singles | absent << 36


OTHER_GAINS = BoundedTable(_other_select, 1 << 14)
"""Summed counters of a closed 13-tile hand -> a selector of the kinds whose draw lowers
``OTHER`` (kinds held once from bit 0, kinds not held from bit 36, as in the combined
``HELD``): with ``g = held & selector``, the draws are ``g & (1 << 36) - 1 | g >> 36``."""


def improving(keys: Sequence[int], melded: Sequence[int], melds: int) -> tuple[int, int]:
    """(shanten, mask over kinds 0-33 of the draws that lower it) for a 13-tile hand.

    A kind the hand and its melds hold four times is never a draw.
    """
    conv, optima, low = CONV, OPTIMA[melds], _OPT_MASK
    f0, f1, f2 = (keys[0] + melded[0] * MELD_UNIT, keys[1] + melded[1] * MELD_UNIT,
                  keys[2] + melded[2] * MELD_UNIT)
    f3 = keys[3] + melded[3] * MELD_UNIT
    a, b, c, d = vector_ids(keys, melded)
    ab, cd = conv[a << ID_BITS | b], conv[c << ID_BITS | d]
    oa = optima[conv[b << ID_BITS | cd] << ID_BITS | a]
    standard = shanten = (oa >> OPT_BITS) - 1
    if not melds:
        counters = _counters(keys)
        other = OTHER[counters]
        if other < shanten:
            shanten = other
    mask = 0
    if standard == shanten:
        gains = NUMBER_GAINS
        mask = (gains[f0 << OPT_BITS | oa & low]
                | gains[f1 << OPT_BITS | optima[conv[a << ID_BITS | cd] << ID_BITS | b] & low] << 9
                | gains[f2 << OPT_BITS | optima[conv[ab << ID_BITS | d] << ID_BITS | c] & low] << 18
                | HONOUR_GAINS[f3 << OPT_BITS
                               | optima[conv[ab << ID_BITS | c] << ID_BITS | d] & low] << 27)
    if not melds and other == shanten:
        g = (HELD[f0] | HELD[f1] << 9 | HELD[f2] << 18
             | HONOUR_HELD[f3] << 27) & OTHER_GAINS[counters]
        mask |= g & _LANES | g >> 36
    return shanten, mask


_SuitRow = tuple[int, int, int, int, int, BoundedTable[int], BoundedTable[int], bytes, bytes,
                 BoundedTable[int], BoundedTable[int], tuple[tuple[tuple[int, int], ...], ...],
                 bytes]
_suit_rows: list[_SuitRow] = []


def _suits() -> list[_SuitRow]:
    """Per suit s: s, the other three suits t1 < t2 < t3 (only t3 can be the honours),
    9 * s, its NUMBER and GAINS tables, its PAIRS and ORPHANS bytes, its HELD table, the
    GAINS table of t3, per mask of ranks the (kind, the rank's key) of each rank in it, and
    its VECTOR bytes."""
    if not _suit_rows:
        rows = []
        for s in range(4):
            t1, t2, t3 = (t for t in range(4) if t != s)
            number = s < 3
            held = tuple(tuple((9 * s + r, UNIT[r]) for r in range(RANKS if number else 7)
                               if lane >> r & 1) for lane in range(512))
            rows.append((s, t1, t2, t3, 9 * s, NUMBER if number else HONOUR,
                         NUMBER_GAINS if number else HONOUR_GAINS,
                         _tables.PAIRS if number else _tables.HONOUR_PAIRS,
                         _tables.ORPHANS if number else _tables.HONOUR_ORPHANS,
                         HELD if number else HONOUR_HELD,
                         HONOUR_GAINS if number else NUMBER_GAINS, held,
                         _tables.VECTOR if number else _tables.HONOUR_VECTOR))
        _suit_rows[:] = rows
    return _suit_rows


def discard_options(keys: Sequence[int], melded: Sequence[int], melds: int,
                    items: Sequence[tuple[Item, int]],
                    make: Callable[[int, int, tuple[tuple[Item, int], ...]], Option],
                    within: int = 99, kinds: int = ALL_KINDS) -> list[Option]:
    """A 14-tile hand's discards, best first (lowest shanten, most unseen improving
    draws, kind), one per kind it holds: ``make(kind, shanten, draws)`` with the shanten
    of the 13 tiles left and their draws, the items of ``items`` (one per kind: what to
    show for the kind and its unseen copies, counted with the 14 tiles) that lower it.
    Only the discards that leave a shanten of at most ``within`` are made, and only of
    the kinds whose bits are set in ``kinds``.

    Only the discarded suit changes, so the products of the other suits are taken once
    per call, and the other suits' gains once per vector the discarded suit is left with.

    Kept whole (about 90 lines), measured: every bot turn runs it, and its per-suit loop
    split out as a function called once per suit cost about 3% (78 to 80 us a call,
    timeit best of 30 over 200 random closed hands).
    """
    counts = operator.itemgetter(1)  # an item's unseen copies
    lanes_of = _LANE_BITS or lane_bits()
    conv, optima, low, number_gains = CONV, OPTIMA[melds], _OPT_MASK, NUMBER_GAINS
    full = [keys[0] + melded[0] * MELD_UNIT, keys[1] + melded[1] * MELD_UNIT,
            keys[2] + melded[2] * MELD_UNIT, keys[3] + melded[3] * MELD_UNIT]
    v0, v1, v2, v3 = vector_ids(keys, melded)
    p01, p23 = conv[v0 << ID_BITS | v1], conv[v2 << ID_BITS | v3]
    p02, p13 = conv[v0 << ID_BITS | v2], conv[v1 << ID_BITS | v3]
    p03, p12 = conv[v0 << ID_BITS | v3], conv[v1 << ID_BITS | v2]
    vectors = (v0, v1, v2, v3)
    rests = (conv[v1 << ID_BITS | p23], conv[v0 << ID_BITS | p23],
             conv[p01 << ID_BITS | v3], conv[p01 << ID_BITS | v2])
    # pairs[s][t]: the product of the two suits that are neither s nor t
    pairs = ((0, p23, p13, p12), (p23, 0, p03, p02), (p13, p03, 0, p01), (p12, p02, p01, 0))
    closed = not melds
    rows = _suits()
    if closed:
        other_table, other_gains, lanes = OTHER, OTHER_GAINS, _LANES
        xs = [row[7][keys[s]] | row[8][keys[s]] << 7 for s, row in enumerate(rows)]
        x_total = xs[0] + xs[1] + xs[2] + xs[3]
        shapes = (HELD[keys[0]], HELD[keys[1]] << 9, HELD[keys[2]] << 18,
                  HONOUR_HELD[keys[3]] << 27)
        shape_total = shapes[0] | shapes[1] | shapes[2] | shapes[3]
    ranked = []
    closed_vector = _closed or closed_ids()
    for (s, t1, t2, t3, shift, table, gains, pair_bytes, orphan_bytes, held_table, g3, held,
         vector_bytes) in rows:
        key = keys[s]
        lane = ~(held_table[key] >> 36) & kinds >> shift & 511  # the kinds asked for held
        if not lane:
            continue
        rest = rests[s] << ID_BITS
        f1, f2, f3 = full[t1] << OPT_BITS, full[t2] << OPT_BITS, full[t3] << OPT_BITS
        by_pair = pairs[s]
        p1, p2, p3 = by_pair[t1] << ID_BITS, by_pair[t2] << ID_BITS, by_pair[t3] << ID_BITS
        u1, u2, u3 = vectors[t1], vectors[t2], vectors[t3]
        s1, s2, s3 = 9 * t1, 9 * t2, 9 * t3
        elsewhere: dict[int, int] = {}  # vector id of this suit -> the others' gains
        if closed:
            x_rest = x_total - xs[s]
            shape_rest = shape_total ^ shapes[s]
        whole = full[s]
        for kind, unit in held[lane]:
            f = whole - unit
            v = table[f] if f >= MELD_UNIT else closed_vector[vector_bytes[f]]
            o = optima[rest | v]
            standard = shanten = (o >> OPT_BITS) - 1
            if closed:
                left = key - unit
                counters = x_rest + (pair_bytes[left] | orphan_bytes[left] << 7)
                other = other_table[counters]
                if other < shanten:
                    shanten = other
            if shanten > within:
                continue
            if standard == shanten:
                mask = elsewhere.get(v, -1)
                if mask < 0:
                    mask = elsewhere[v] = (
                        number_gains[f1 | optima[conv[p1 | v] << ID_BITS | u1] & low] << s1
                        | number_gains[f2 | optima[conv[p2 | v] << ID_BITS | u2] & low] << s2
                        | g3[f3 | optima[conv[p3 | v] << ID_BITS | u3] & low] << s3)
                mask |= gains[f << OPT_BITS | o & low] << shift
            else:
                mask = 0
            if closed and other == shanten:
                g = (shape_rest | held_table[f] << shift) & other_gains[counters]
                mask |= g & lanes | g >> 36
            draws = tuple(compress(items, chain(
                lanes_of[mask & 511], lanes_of[mask >> 9 & 511],
                lanes_of[mask >> 18 & 511], lanes_of[mask >> 27])))
            # sorted by shanten, then by most unseen draws (at most 136), then by kind
            ranked.append(((shanten + 1) << 16 | (255 - sum(map(counts, draws))) << 8 | kind,
                           make(kind, shanten, draws)))
    ranked.sort(key=_FIRST)
    return [option for _, option in ranked]


_FIRST = operator.itemgetter(0)


_PLANES = tuple(bytes.maketrans(b"\0\1\2\3\4", digits)
                for digits in (b"01010", b"00110", b"00001"))
"""``bytes.translate`` tables: an unseen count 0-4 -> its bit 0, 1 or 2 as a binary digit
(``best_discard`` reads the 34 counts' bits as three masks over the kinds)."""


_Found = tuple[int, int, int, int, int, int]
"""A discard found by ``_lowest_discards``: (kind, suit, the suit's full key after it, its
vector id, its ``OPTIMA`` entry, the counters of seven pairs and thirteen orphans or -1)."""


_Discards = tuple[tuple[int, int, int, int], ...]


def _suit_discards(table: BoundedTable[int], vector_bytes: str, pair_bytes: str,
                   orphan_bytes: str, ranks: int, limit: int) -> BoundedTable[_Discards]:
    def compute(full: int) -> _Discards:
        counts = full % MELD_UNIT
        vector = getattr(_tables, vector_bytes)
        pairs, orphans = getattr(_tables, pair_bytes), getattr(_tables, orphan_bytes)
        closed = _closed or closed_ids()
        found = []
        for r in range(ranks):
            if counts // UNIT[r] % 5:
                f = full - UNIT[r]
                left = counts - UNIT[r]
                found.append((r, f, table[f] if f >= MELD_UNIT else closed[vector[f]],
                              pairs[left] | orphans[left] << 7))
        return tuple(found)
    return BoundedTable(compute, limit)


NUMBER_DISCARDS = _suit_discards(NUMBER, "VECTOR", "PAIRS", "ORPHANS", RANKS, 1 << 12)
"""Number-suit key (with meld counts) -> per rank held, in rank order: (the rank, the key
less that tile, its vector id, its ``PAIRS | ORPHANS << 7`` counters)."""
HONOUR_DISCARDS = _suit_discards(HONOUR, "HONOUR_VECTOR", "HONOUR_PAIRS", "HONOUR_ORPHANS",
                                 HONOUR_RANKS, 1 << 11)
"""The same for the honours."""


def _lowest_discards(keys: Sequence[int], full: Sequence[int], vectors: Sequence[int],
                     melds: int, kinds: int) -> tuple[int, list[_Found]]:
    """The discards of a 14-tile hand among the held ``kinds`` (a kinds mask) that leave
    the lowest shanten among them: (that shanten, those discards in kind order); (99, [])
    when none is asked for. ``full`` and ``vectors`` are the suits' keys with their meld
    counts and their vector ids. Only the shanten is worked out, a look-up or two each."""
    optima, other_table = OPTIMA[melds], OTHER
    v0, v1, v2, v3 = vectors
    p01, p23 = CONV[v0 << ID_BITS | v1], CONV[v2 << ID_BITS | v3]
    rests = (CONV[v1 << ID_BITS | p23], CONV[v0 << ID_BITS | p23],
             CONV[p01 << ID_BITS | v3], CONV[p01 << ID_BITS | v2])
    closed = not melds
    floor = 99  # no discard leaves seven pairs or thirteen orphans below this
    if closed:
        pairs, orphans = _tables.PAIRS, _tables.ORPHANS
        k0, k1, k2, k3 = keys
        xs = (pairs[k0] | orphans[k0] << 7, pairs[k1] | orphans[k1] << 7,
              pairs[k2] | orphans[k2] << 7,
              _tables.HONOUR_PAIRS[k3] | _tables.HONOUR_ORPHANS[k3] << 7)
        x_total = xs[0] + xs[1] + xs[2] + xs[3]
        floor = other_table[x_total]  # the 14 tiles': a discard never lowers them
    lowest = 99
    found: list[_Found] = []
    for s, discards in enumerate(_DISCARDS):
        first = 9 * s
        lane = kinds >> first & 511
        if not lane:
            continue
        rest = rests[s] << ID_BITS
        x_rest = x_total - xs[s] if closed else 0
        for r, f, v, x in discards[full[s]]:
            if not lane >> r & 1:
                continue
            o = optima[rest | v]
            shanten = (o >> OPT_BITS) - 1
            counters = -1
            if floor <= shanten:  # the other forms may reach the standard one
                counters = x_rest + x
                other = other_table[counters]
                if other < shanten:
                    shanten = other
            if shanten <= lowest:
                if shanten < lowest:
                    lowest, found = shanten, []
                found.append((first + r, s, f, v, o, counters))
    return lowest, found


_DISCARDS = (NUMBER_DISCARDS, NUMBER_DISCARDS, NUMBER_DISCARDS, HONOUR_DISCARDS)


def best_discard(keys: Sequence[int], melded: Sequence[int], melds: int,
                 unseen: Sequence[int], kinds: int = ALL_KINDS, draws: bool = True
                 ) -> tuple[int, int, int] | None:
    """The first of ``discard_options`` among the held ``kinds`` (a kinds mask), or None
    when none is asked for: (kind, shanten left, mask over kinds 0-33 of the draws that
    lower it). ``unseen`` is as for ``discard_options``: the draws are only worked out
    for the discards that leave the lowest shanten, the only ones that can come first.
    Without ``draws`` the mask is only worked out to rank tied discards (-1 when one
    discard alone leaves the lowest shanten)."""
    full = (keys[0] + melded[0] * MELD_UNIT, keys[1] + melded[1] * MELD_UNIT,
            keys[2] + melded[2] * MELD_UNIT, keys[3] + melded[3] * MELD_UNIT)
    vectors = vector_ids(keys, melded)
    shanten, found = _lowest_discards(keys, full, vectors, melds, kinds)
    if not found:
        return None
    if not draws and len(found) == 1:
        return found[0][0], shanten, -1
    masks = _draw_masks(keys, full, vectors, melds, shanten, found)
    if len(found) == 1:
        return found[0][0], shanten, masks[0]
    # the unseen copies of a mask's kinds counted by the bits of the counts: bits 0, 1
    # and 2 of the 34 counts each a mask over the kinds (the translated counts read as a
    # binary numeral, kind 33 first)
    numeral = bytes(unseen)[::-1]
    b0, b1, b2 = _PLANES
    p0, p1, p2 = (int(numeral.translate(b0), 2), int(numeral.translate(b1), 2),
                  int(numeral.translate(b2), 2))
    best, most = 0, -1
    for i, mask in enumerate(masks):
        total = ((mask & p0).bit_count() + 2 * (mask & p1).bit_count()
                 + 4 * (mask & p2).bit_count())
        if total > most:  # the first of the most: the lowest kind
            best, most = i, total
    return found[best][0], shanten, masks[best]


def _draw_masks(keys: Sequence[int], full: Sequence[int], vectors: Sequence[int], melds: int,
                shanten: int, found: list[_Found]) -> list[int]:
    """Per discard ``found`` (leaving ``shanten``), the mask over kinds 0-33 of the draws
    that lower its shanten: the suits' products taken once for them all."""
    conv, optima, low, other_table = CONV, OPTIMA[melds], _OPT_MASK, OTHER
    pairs: tuple[tuple[int, ...], ...] = ()
    elsewhere: dict[int, int] = {}  # suit << ID_BITS | its vector id -> the others' gains
    held = -1
    level = shanten + 1  # an OPTIMA entry's level: the standard shanten + 1
    masks = []
    for _, s, f, v, o, counters in found:
        mask = 0
        if o >> OPT_BITS == level:  # the standard form reaches the shanten
            key = s << ID_BITS | v
            mask = elsewhere.get(key, -1)
            if mask < 0:
                if not pairs:
                    pairs = _pair_products(vectors)
                by_pair = pairs[s]
                mask = 0
                for t, gains, shift in _OTHER_SUITS[s]:
                    mask |= gains[full[t] << OPT_BITS | optima[
                        conv[by_pair[t] << ID_BITS | v] << ID_BITS | vectors[t]] & low] << shift
                elsewhere[key] = mask
            mask |= _SUIT_GAINS[s][f << OPT_BITS | o & low] << 9 * s
        if counters >= 0 and other_table[counters] == shanten:
            if held < 0:
                held = (HELD[keys[0]] | HELD[keys[1]] << 9 | HELD[keys[2]] << 18
                        | HONOUR_HELD[keys[3]] << 27)
            table = HONOUR_HELD if s == 3 else HELD
            g = (held ^ (table[keys[s]] ^ table[f]) << 9 * s) & OTHER_GAINS[counters]
            mask |= g & _LANES | g >> 36
        masks.append(mask)
    return masks


_SUIT_GAINS = (NUMBER_GAINS, NUMBER_GAINS, NUMBER_GAINS, HONOUR_GAINS)
_OTHER_SUITS = tuple(tuple((t, _SUIT_GAINS[t], 9 * t) for t in range(4) if t != s)
                     for s in range(4))
"""Per suit, the other suits: (suit, its gains table, its shift in a kinds mask)."""


def _pair_products(vectors: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Per suit s, per suit t: the product of the two suits that are neither s nor t."""
    v0, v1, v2, v3 = vectors
    conv = CONV
    p01, p23 = conv[v0 << ID_BITS | v1], conv[v2 << ID_BITS | v3]
    p02, p13 = conv[v0 << ID_BITS | v2], conv[v1 << ID_BITS | v3]
    p03, p12 = conv[v0 << ID_BITS | v3], conv[v1 << ID_BITS | v2]
    return ((0, p23, p13, p12), (p23, 0, p03, p02), (p13, p03, 0, p01), (p12, p02, p01, 0))
