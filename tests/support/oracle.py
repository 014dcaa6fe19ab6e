"""Brute-force oracles for the shape tests, written plainly and independently of the engine.

Nothing here imports ``mahjong_core._core``, ``mahjong_core.hand`` or
``mahjong_core.shapes``: the oracles only read the plain data of ``Tile`` and ``Meld``
(kind numbers, meld kinds, meld tiles) and answer from first principles.

* One suit, forward: every multiset of sets (the 7 runs and 9 triplets of a number suit,
  or the 7 triplets of the honours) plus an optional pair, kept when no rank holds more
  than four tiles, is a complete suit; the map count vector -> readings built this way
  is the ground truth for completeness and readings.
* One suit, waits: a rank is a wait when the suit holds fewer than four of it and adding
  it gives a vector of that map.
* Whole hands: a recursive search over the 34 kind counts (the lowest remaining tile
  must open a pair, a triplet or a run), plus seven pairs, thirteen orphans and waits by
  trying every kind.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence

from mahjong_core import Meld, MeldKind, Tile

Counts = tuple[int, ...]
"""One suit's counts, one per rank (9 for a number suit, 7 for the honours)."""
Reading = tuple[int, tuple[int, ...]]
"""One suit's reading: (pair rank or -1, sorted set codes)."""
CanonGroup = tuple[str, str, bool, bool]
"""A group as (text such as "123m", kind name, open, melded)."""
CanonDecomposition = tuple[str, tuple[CanonGroup, ...]]
"""A reading of a whole hand as (form name, sorted groups)."""

RUN_CODE = 9
"""Set codes: a triplet of rank r is r, a run starting at rank r is 9 + r."""

YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
"""Kinds of the terminals and honours (the thirteen orphans)."""


# -- one suit ---------------------------------------------------------------------------


def set_vector(code: int, ranks: int = 9) -> Counts:
    """The counts of one set given by its code."""
    counts = [0] * ranks
    if code >= RUN_CODE:
        start = code - RUN_CODE
        for rank in (start, start + 1, start + 2):
            counts[rank] += 1
    else:
        counts[code] += 3
    return tuple(counts)


def complete_suits(max_tiles: int = 14, *, honours: bool = False) -> dict[Counts, set[Reading]]:
    """Every complete one-suit count vector of at most ``max_tiles`` tiles, with its readings.

    Built forward from every multiset of sets plus an optional pair; no rank may hold
    more than four tiles. The empty vector is complete (zero sets, no pair).
    """
    ranks = 7 if honours else 9
    codes = range(ranks) if honours else range(ranks + 7)
    vectors = {code: set_vector(code, ranks) for code in codes}
    found: dict[Counts, set[Reading]] = {}
    for n_sets in range(max_tiles // 3 + 1):
        for combo in itertools.combinations_with_replacement(codes, n_sets):
            counts = [0] * ranks
            for code in combo:
                for rank, n in enumerate(vectors[code]):
                    counts[rank] += n
            if max(counts, default=0) > 4:
                continue
            for pair in range(-1, ranks):
                if pair >= 0:
                    if counts[pair] > 2 or 3 * n_sets + 2 > max_tiles:
                        continue
                    counts[pair] += 2
                found.setdefault(tuple(counts), set()).add((pair, combo))
                if pair >= 0:
                    counts[pair] -= 2
    return found


def suit_waits(counts: Counts, complete: dict[Counts, set[Reading]]) -> int:
    """Mask of the ranks that make ``counts`` complete (fewer than four held), by trial."""
    mask = 0
    for rank, held in enumerate(counts):
        if held < 4:
            grown = (*counts[:rank], held + 1, *counts[rank + 1:])
            if grown in complete:
                mask |= 1 << rank
    return mask


def count_vectors(ranks: int = 9, max_tiles: int = 14) -> Iterator[Counts]:
    """Every vector of ``ranks`` counts 0-4 with at most ``max_tiles`` tiles in all."""
    for counts in itertools.product(range(5), repeat=ranks):
        if sum(counts) <= max_tiles:
            yield counts


def is_seven_pairs_suit(counts: Counts) -> bool:
    """True for one suit that is seven distinct pairs and nothing else."""
    return all(n in (0, 2) for n in counts) and counts.count(2) == 7


# -- whole hands ------------------------------------------------------------------------


def _kind_text(kinds: Sequence[int]) -> str:
    return "".join(str(k % 9 + 1) for k in kinds) + "mpsz"[kinds[0] // 9]


def canon_group(name: str, first: int, *, open_: bool = False, melded: bool = False) -> CanonGroup:
    """The canonical form of a group named by its kind name and lowest kind."""
    sizes = {"pair": 2, "triplet": 3, "kan": 4, "single": 1}
    kinds = [first, first + 1, first + 2] if name == "run" else [first] * sizes[name]
    return (_kind_text(kinds), name, open_, melded)


def meld_group(meld: Meld) -> CanonGroup:
    """The canonical group of a declared meld."""
    first = min(t.kind for t in meld.tiles)
    if meld.kind is MeldKind.CHI:
        name = "run"
    elif meld.kind is MeldKind.PON:
        name = "triplet"
    else:
        name = "kan"
    return canon_group(name, first, open_=meld.kind is not MeldKind.ANKAN, melded=True)


def kind_counts(tiles: Iterable[Tile]) -> list[int]:
    """Counts per kind 0-33."""
    counts = [0] * 34
    for tile in tiles:
        counts[tile.kind] += 1
    return counts


def _search(counts: list[int], need_pair: bool) -> Iterator[list[CanonGroup]]:
    """Every way (with repeats) to split ``counts`` into sets and, if asked, one pair."""
    first = next((k for k in range(34) if counts[k]), None)
    if first is None:
        if not need_pair:
            yield []
        return
    if need_pair and counts[first] >= 2:
        counts[first] -= 2
        for rest in _search(counts, False):
            yield [canon_group("pair", first), *rest]
        counts[first] += 2
    if counts[first] >= 3:
        counts[first] -= 3
        for rest in _search(counts, need_pair):
            yield [canon_group("triplet", first), *rest]
        counts[first] += 3
    if first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        for k in (first, first + 1, first + 2):
            counts[k] -= 1
        for rest in _search(counts, need_pair):
            yield [canon_group("run", first), *rest]
        for k in (first, first + 1, first + 2):
            counts[k] += 1


def is_full(tiles: Sequence[Tile], melds: Sequence[Meld]) -> bool:
    """True when concealed tiles plus three per meld make 14."""
    return len(tiles) + 3 * len(melds) == 14


def standard_readings(tiles: Sequence[Tile], melds: Sequence[Meld]) -> set[CanonDecomposition]:
    """Every four-sets-and-a-pair reading of a 14-tile hand (melds as fixed sets)."""
    if not is_full(tiles, melds):
        return set()
    fixed = [meld_group(m) for m in melds]
    return {("standard", tuple(sorted(groups + fixed)))
            for groups in _search(kind_counts(tiles), True)}


def is_seven_pairs(tiles: Sequence[Tile], melds: Sequence[Meld]) -> bool:
    """Seven distinct pairs, no melds (four of a kind is not two pairs)."""
    counts = kind_counts(tiles)
    return not melds and len(tiles) == 14 and counts.count(2) == 7


def is_thirteen_orphans(tiles: Sequence[Tile], melds: Sequence[Meld]) -> bool:
    """All thirteen terminal and honour kinds, one of them twice, no melds."""
    counts = kind_counts(tiles)
    return (not melds and len(tiles) == 14 and all(counts[k] for k in YAOCHUU)
            and sum(counts[k] for k in YAOCHUU) == 14)


def decompositions(tiles: Sequence[Tile], melds: Sequence[Meld]) -> set[CanonDecomposition]:
    """Every reading of a 14-tile hand: standard, seven pairs, thirteen orphans."""
    found = standard_readings(tiles, melds)
    counts = kind_counts(tiles)
    if is_seven_pairs(tiles, melds):
        found.add(("seven_pairs", tuple(sorted(
            canon_group("pair", k) for k in range(34) if counts[k] == 2))))
    if is_thirteen_orphans(tiles, melds):
        pair = next(k for k in YAOCHUU if counts[k] == 2)
        found.add(("thirteen_orphans", tuple(sorted(
            [canon_group("pair", pair)]
            + [canon_group("single", k) for k in YAOCHUU if k != pair]))))
    return found


def is_complete(tiles: Sequence[Tile], melds: Sequence[Meld]) -> bool:
    """True for a complete 14-tile hand."""
    return is_full(tiles, melds) and bool(decompositions(tiles, melds))


def waits(tiles: Sequence[Tile], melds: Sequence[Meld]) -> set[int]:
    """Kinds that complete a 13-tile hand; a kind held four times (melds too) is none."""
    held = kind_counts([*tiles, *(t for m in melds for t in m.tiles)])
    return {kind for kind in range(34)
            if held[kind] < 4 and is_complete([*tiles, Tile.from_kind(kind)], melds)}
