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

Vectors are few: every number suit of up to 14 tiles without melds has one of 126, the
honours one of 55, and the partial vectors of the fills, melds and suit combinations make
a few thousand more. So each is interned to a small id and the algebra works on ids through
lazily filled tables (filling one new suit key costs about 5 us):

* ``CONV[a << 16 | b]``: the min-plus product of two vectors (two suits side by side);
* ``EMIN[a << 16 | b]``: their element-wise minimum (two alternatives);
* ``NUMBER[key]`` / ``HONOUR[key]``: a suit key's vector (key as in ``_suit``, with the
  suit's meld counts packed the same way from bit 27; closed hands have none);
* ``FINALS[m][x << 16 | y]``: the shanten of a hand with m melds whose suits combine to x
  and y.

A closed hand's standard shanten is then seven look-ups. A number suit's vector is built by
a walk over its ranks (a triplet, a pair and up to two runs may start at each rank; three
identical runs are the same tiles as three triplets), split at the boundary between ranks
4 and 5: ``LEFT`` holds, per 4-rank prefix, the vectors of the walk up to rank 4 for each
count of runs still open, ``RIGHT`` the vectors of the 5-rank rest for each count of runs
coming in; the suit's vector is the minimum over the nine boundary states of their
products.

Seven pairs and thirteen orphans come from additive per-suit counters (``XNUMBER`` /
``XHONOUR``): kinds held twice or more, kinds held, terminal-or-honour kinds held and
those held twice or more, summed over the suits and read through ``OTHER``.

Ukeire: ``NUMBER_DRAWS`` / ``HONOUR_DRAWS`` list a suit key's legal draws (ranks held
fewer than four times, melds included) with the vector id and counters after each, so
every draw of a 13-tile hand costs one or two look-ups against the other suits' product.

The tables only grow (like ``_suit``'s): a suit key is filled once, in about 5 us; every
closed suit of up to 14 tiles together makes some 400,000 keys and 5,000 vector ids.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence

import attrs

from ._suit import LazyTable
from .meld import Meld
from .tile import Tile

__all__ = [
    "CONV",
    "EMIN",
    "FINALS",
    "HONOUR",
    "HONOUR_DRAWS",
    "INF",
    "NUMBER",
    "NUMBER_DRAWS",
    "OTHER",
    "UNREACHABLE",
    "XHONOUR",
    "XNUMBER",
    "DiscardOption",
    "Ukeire",
    "chiitoitsu_shanten",
    "improving",
    "kokushi_shanten",
    "meld_keys",
    "reference_standard",
    "reference_vector",
    "standard_shanten",
]

INF = 99
"""Need of an impossible (sets, pair) count."""
UNREACHABLE = 99
"""Shanten of seven pairs or thirteen orphans for a hand with melds."""
ID_BITS = 16
"""Vector ids are packed two to a table key, ``a << ID_BITS | b``."""
MELD_SHIFT = 27
"""A suit's meld counts sit above its concealed counts in a table key."""
_CONCEALED = (1 << MELD_SHIFT) - 1

Vector = tuple[int, ...]
"""Need per (sets j, pairs p) at index ``2 * j + p``, j = 0..4, p = 0..1."""

_Table = LazyTable
"""The per-key tables of this module fill themselves like those of ``_suit``."""


# -- results -------------------------------------------------------------------------


@attrs.frozen
class Ukeire:
    """The draws that lower a 13-tile hand's shanten, with how many of each are unseen.

    Unseen copies are four less those in the hand, its melds and the tiles given as
    visible; a kind whose last copies are all visible is listed with 0. A kind the hand
    and its melds hold four times is never a draw.

    >>> from mahjong_core import Hand
    >>> ukeire = Hand.parse("123m456p789s1122z").ukeire()
    >>> ukeire.shanten, ukeire.total, [str(t) for t in ukeire.tiles]
    (0, 4, ['1z', '2z'])
    """

    shanten: int
    """Shanten of the hand before the draw; each of these draws brings it one lower."""
    draws: tuple[tuple[Tile, int], ...]
    """(tile, unseen copies) per improving kind, in kind order; plain tiles, never red."""

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The improving kinds, in kind order."""
        return tuple(tile for tile, _ in self.draws)

    @property
    def total(self) -> int:
        """Unseen copies of all improving kinds together."""
        return sum(count for _, count in self.draws)

    def as_dict(self) -> dict[Tile, int]:
        """A new dict: improving tile -> unseen copies."""
        return dict(self.draws)


@attrs.frozen
class DiscardOption:
    """One discard from a 14-tile hand: the tile, the shanten after it and its ukeire.

    The ukeire counts the discarded copy as seen (it is no longer in the wall).
    """

    tile: Tile
    """The tile to discard; the plain five when the hand holds a plain and a red one."""
    shanten: int
    """Shanten of the 13 tiles left."""
    ukeire: Ukeire
    """The draws that lower that shanten, with their unseen copies."""

    @property
    def total(self) -> int:
        """Unseen copies of all improving draws after this discard."""
        return self.ukeire.total


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


_INTERNING = threading.Lock()


def intern(vector: Vector) -> int:
    """The id of a vector (entries at or above INF are INF).

    Only table fills intern; the lock keeps ids unique when threads fill at once.
    """
    vector = tuple(x if x < INF else INF for x in vector)
    with _INTERNING:
        found = _IDS.get(vector)
        if found is None:
            found = len(VECTORS)
            if found >> ID_BITS:
                raise RuntimeError("more need vectors than table keys can hold")
            VECTORS.append(vector)
            _IDS[vector] = found
    return found


_LOW = (1 << ID_BITS) - 1
CONV = _Table(lambda key: intern(conv_vectors(VECTORS[key >> ID_BITS], VECTORS[key & _LOW])))
"""``a << 16 | b`` -> id of the min-plus product of vectors a and b."""
EMIN = _Table(lambda key: intern(min_vectors(VECTORS[key >> ID_BITS], VECTORS[key & _LOW])))
"""``a << 16 | b`` -> id of the element-wise minimum of vectors a and b."""

EMPTY = intern(unit_vector(0, 0, 0))
"""No tiles: no sets and no pair for free, anything else impossible."""
IMPOSSIBLE = intern((INF,) * 10)
_UNIT = {(j, p, c): intern(unit_vector(j, p, c))
         for j in range(4) for p in range(2) for c in range(5)}


# -- one suit's vector ----------------------------------------------------------------

_CHOICES = sorted(
    (3 * t + 2 * q + u, u, t + u, q)
    for t in (0, 1) for q in (0, 1) for u in (0, 1, 2) if 3 * t + 2 * q + u <= 4)
"""At one rank: (copies used there, runs started, sets, pairs) for t triplets, q pairs
and u runs starting there; a triplet and a pair of one kind would be five copies."""


def _left(key: int) -> tuple[int, ...]:
    """Ranks 1-4 (12 bits of counts, 12 bits of meld counts above): per state
    ``3 * a + b`` (a runs started at rank 4, b at rank 3), the vector of the walk."""
    states = {0: EMPTY}
    for r in range(4):
        h = (key >> 3 * r) & 7
        cap = 4 - ((key >> (12 + 3 * r)) & 7)
        here: dict[int, int] = {}
        for state, vector in states.items():
            a, b = divmod(state, 3)
            for used, u, sets, pairs in _CHOICES:
                w = used + a + b
                if w > cap:
                    break
                found = CONV[vector << ID_BITS | _UNIT[sets, pairs, w - h if w > h else 0]]
                old = here.get(3 * u + a)
                here[3 * u + a] = found if old is None else EMIN[old << ID_BITS | found]
        states = here
    return tuple(states.get(s, IMPOSSIBLE) for s in range(9))


def _right(key: int) -> tuple[int, ...]:
    """Ranks 5-9 (15 bits of counts, 15 bits of meld counts above): per state
    ``3 * a + b`` (a runs coming in from rank 4, b from rank 3), the vector of the rest."""
    after = [EMPTY] + [IMPOSSIBLE] * 8
    for r in range(4, -1, -1):
        h = (key >> 3 * r) & 7
        cap = 4 - ((key >> (15 + 3 * r)) & 7)
        here = []
        for state in range(9):
            a, b = divmod(state, 3)
            best = IMPOSSIBLE
            for used, u, sets, pairs in _CHOICES:
                w = used + a + b
                if w > cap:
                    break
                rest = after[3 * u + a]
                if rest == IMPOSSIBLE or (u and r > 2):
                    continue
                found = CONV[rest << ID_BITS | _UNIT[sets, pairs, w - h if w > h else 0]]
                best = found if best == IMPOSSIBLE else EMIN[best << ID_BITS | found]
            here.append(best)
        after = here
    return tuple(after)


LEFT = _Table(_left)
RIGHT = _Table(_right)


def _number(key: int) -> int:
    counts, melds = key & _CONCEALED, key >> MELD_SHIFT
    left = LEFT[(counts & 0o7777) | (melds & 0o7777) << 12]
    right = RIGHT[(counts >> 12) | (melds >> 12) << 15]
    best = IMPOSSIBLE
    for a, b in zip(left, right, strict=True):
        if a != IMPOSSIBLE and b != IMPOSSIBLE:
            found = CONV[a << ID_BITS | b]
            best = found if best == IMPOSSIBLE else EMIN[best << ID_BITS | found]
    return best


_KIND = {(h, cap): intern(tuple(
    0 if (j, p) == (0, 0)
    else max(0, 2 - h) if (j, p) == (0, 1) and cap >= 2
    else max(0, 3 - h) if (j, p) == (1, 0) and cap >= 3
    else INF
    for j in range(5) for p in range(2))) for cap in range(5) for h in range(cap + 1)}
"""One honour kind holding h of cap copies: nothing, its pair or its triplet."""


def _honour(key: int) -> int:
    vector = EMPTY
    for r in range(7):
        h = (key >> 3 * r) & 7
        cap = 4 - ((key >> (MELD_SHIFT + 3 * r)) & 7)
        vector = CONV[vector << ID_BITS | _KIND[h, cap]]
    return vector


NUMBER = _Table(_number)
"""Number-suit key (meld counts from bit 27) -> vector id."""
HONOUR = _Table(_honour)
"""Honour key (meld counts from bit 27) -> vector id."""


def _final(melds: int) -> _Table[int]:
    index = 2 * (4 - melds) + 1
    return _Table(lambda key: VECTORS[CONV[key]][index] - 1)


FINALS = tuple(_final(m) for m in range(5))
"""Per number of melds: ``x << 16 | y`` -> standard shanten of the hand whose suits
combine (by CONV) to x and y."""


# -- seven pairs and thirteen orphans -------------------------------------------------


def _counters(key: int, ranks: int) -> int:
    counts = [(key >> 3 * r) & 7 for r in range(ranks)]
    orphans = counts if ranks == 7 else [counts[0], counts[8]]
    return (sum(n >= 2 for n in counts) | sum(n >= 1 for n in counts) << 4
            | sum(n >= 1 for n in orphans) << 8 | sum(n >= 2 for n in orphans) << 12)


def _other(counters: int) -> int:
    return min(_chiitoitsu(counters), _kokushi(counters))


def _chiitoitsu(counters: int) -> int:
    """13 - (tiles of seven distinct pairs held): pairs count twice, singles once."""
    pairs, kinds = counters & 15, (counters >> 4) & 15
    return 13 - pairs - min(kinds, 7)


def _kokushi(counters: int) -> int:
    return 13 - ((counters >> 8) & 15) - (((counters >> 12) & 15) > 0)


XNUMBER = _Table(lambda key: _counters(key, 9))
"""Number-suit key -> additive counters: pairs | kinds << 4 | orphans << 8 | orphan
pairs << 12 (kinds held at least twice, kinds held, terminals held, terminals held at
least twice)."""
XHONOUR = _Table(lambda key: _counters(key, 7))
"""Honour key -> the same counters (every honour is an orphan)."""
OTHER = _Table(_other)
"""Summed counters of a closed 13- or 14-tile hand -> min(seven pairs, thirteen orphans)."""


# -- whole hands ----------------------------------------------------------------------


def meld_keys(melds: Iterable[Meld]) -> tuple[int, int, int, int]:
    """Per suit, the copies of each kind the melds hold, packed like a key."""
    keys = [0, 0, 0, 0]
    for meld in melds:
        tiles = meld.tiles
        kind = tiles[0].kind
        if tiles[1].kind == kind:  # pon or kan
            keys[kind // 9] += len(tiles) << 3 * (kind % 9)
        else:  # chi: one each of three consecutive ranks
            keys[kind // 9] += 0o111 << 3 * (kind % 9)
    return keys[0], keys[1], keys[2], keys[3]


def standard_shanten(keys: Sequence[int], melded: Sequence[int], melds: int) -> int:
    """Standard-form shanten of concealed keys with the melds' keys and count."""
    number = NUMBER
    a = number[keys[0] | melded[0] << MELD_SHIFT]
    b = number[keys[1] | melded[1] << MELD_SHIFT]
    c = number[keys[2] | melded[2] << MELD_SHIFT]
    d = HONOUR[keys[3] | melded[3] << MELD_SHIFT]
    return FINALS[melds][CONV[a << ID_BITS | b] << ID_BITS | CONV[c << ID_BITS | d]]


def chiitoitsu_shanten(keys: Sequence[int]) -> int:
    """Seven-pairs shanten of a closed hand's keys."""
    x = XNUMBER
    return _chiitoitsu(x[keys[0]] + x[keys[1]] + x[keys[2]] + XHONOUR[keys[3]])


def kokushi_shanten(keys: Sequence[int]) -> int:
    """Thirteen-orphans shanten of a closed hand's keys."""
    x = XNUMBER
    return _kokushi(x[keys[0]] + x[keys[1]] + x[keys[2]] + XHONOUR[keys[3]])


Draws = tuple[tuple[int, int, int], ...]
"""A suit's legal draws: (rank bit, vector id after, counters after)."""


def _draws(table: _Table[int], x_table: _Table[int], ranks: int) -> _Table[Draws]:
    def compute(key: int) -> Draws:
        found = []
        for r in range(ranks):
            if ((key >> 3 * r) & 7) + ((key >> (MELD_SHIFT + 3 * r)) & 7) < 4:
                drawn = key + (1 << 3 * r)
                found.append((1 << r, table[drawn], x_table[drawn & _CONCEALED]))
        return tuple(found)
    return _Table(compute)


NUMBER_DRAWS = _draws(NUMBER, XNUMBER, 9)
"""Number-suit key (with meld counts) -> its legal draws."""
HONOUR_DRAWS = _draws(HONOUR, XHONOUR, 7)
"""Honour key (with meld counts) -> its legal draws."""


def improving(keys: Sequence[int], melded: Sequence[int], melds: int) -> tuple[int, int]:
    """(shanten, mask over kinds 0-33 of the draws that lower it) for a 13-tile hand.

    A kind the hand and its melds hold four times is never a draw.
    """
    final = FINALS[melds]
    full = [keys[s] | melded[s] << MELD_SHIFT for s in range(4)]
    a, b, c, d = NUMBER[full[0]], NUMBER[full[1]], NUMBER[full[2]], HONOUR[full[3]]
    ab, cd = CONV[a << ID_BITS | b], CONV[c << ID_BITS | d]
    shanten = final[ab << ID_BITS | cd]
    rests = (CONV[b << ID_BITS | cd], CONV[a << ID_BITS | cd],
             CONV[ab << ID_BITS | d], CONV[ab << ID_BITS | c])
    xs = [XNUMBER[keys[0]], XNUMBER[keys[1]], XNUMBER[keys[2]], XHONOUR[keys[3]]]
    x_total = xs[0] + xs[1] + xs[2] + xs[3]
    if not melds:
        shanten = min(shanten, OTHER[x_total])
    mask = 0
    for suit in range(4):
        rest = rests[suit] << ID_BITS
        draws = (HONOUR_DRAWS if suit == 3 else NUMBER_DRAWS)[full[suit]]
        found = 0
        if melds:
            for bit, after, _ in draws:
                if final[rest | after] < shanten:
                    found |= bit
        else:
            x_rest = x_total - xs[suit]
            other = OTHER
            for bit, after, counters in draws:
                if final[rest | after] < shanten or other[x_rest + counters] < shanten:
                    found |= bit
        mask |= found << 9 * suit
    return shanten, mask


# -- the plain path: no tables, no ids, no split ---------------------------------------


def reference_vector(counts: Sequence[int], caps: Sequence[int], runs: bool) -> Vector:
    """One suit's need vector by a plain walk over all its ranks (no tables).

    ``caps[r]`` is how many copies of rank r the suit may hold (4 less the melds' copies).
    """
    states: dict[tuple[int, int], Vector] = {(0, 0): unit_vector(0, 0, 0)}
    ranks = len(counts)
    for r in range(ranks):
        new: dict[tuple[int, int], Vector] = {}
        for (a, b), vector in states.items():
            for used, u, sets, pairs in _CHOICES:
                w = used + a + b
                if w > caps[r] or (u and (not runs or r > ranks - 3)):
                    continue
                found = conv_vectors(vector, unit_vector(sets, pairs, max(0, w - counts[r])))
                old = new.get((u, a))
                new[u, a] = found if old is None else min_vectors(old, found)
        states = new
    return states[0, 0]


def reference_standard(counts34: Sequence[int], meld_counts34: Sequence[int], melds: int) -> int:
    """Standard-form shanten from 34 concealed and 34 meld counts, without tables."""
    total = unit_vector(0, 0, 0)
    for suit in range(4):
        ranks = range(9 * suit, 9 * suit + (7 if suit == 3 else 9))
        vector = reference_vector([counts34[k] for k in ranks],
                                  [4 - meld_counts34[k] for k in ranks], suit < 3)
        total = conv_vectors(total, vector)
    return total[2 * (4 - melds) + 1] - 1
