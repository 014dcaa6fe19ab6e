"""Shanten oracles written without the library's tables: complete shapes and their
closure per suit, a per-suit search for sets and pairs, and the seven-pairs and
thirteen-orphans counts."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence

INF = 99


YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def suit_sets(ranks: int) -> list[tuple[int, ...]]:
    """Triplets of every rank, and runs when the suit has nine ranks."""
    sets: list[tuple[int, ...]] = [(r, r, r) for r in range(ranks)]
    if ranks == 9:
        sets += [(r, r + 1, r + 2) for r in range(7)]
    return sets


def complete_shapes(ranks: int, sets_count: int) -> set[int]:
    """Keys (3 bits a rank) of every shape of ``sets_count`` sets and a pair."""
    found: set[int] = set()
    for combo in itertools.combinations_with_replacement(suit_sets(ranks), sets_count):
        counts = [0] * ranks
        for shape in combo:
            for r in shape:
                counts[r] += 1
        for pair in range(ranks):
            counts[pair] += 2
            if max(counts) <= 4:
                found.add(sum(n << 3 * r for r, n in enumerate(counts)))
            counts[pair] -= 2
    return found


class Closure:
    """Everything contained in some complete shape; overlap = largest part inside."""

    def __init__(self, ranks: int, sets_count: int) -> None:
        self.ranks = ranks
        seen = complete_shapes(ranks, sets_count)
        frontier = list(seen)
        while frontier:
            smaller = []
            for key in frontier:
                for r in range(ranks):
                    if (key >> 3 * r) & 7 and key - (1 << 3 * r) not in seen:
                        seen.add(key - (1 << 3 * r))
                        smaller.append(key - (1 << 3 * r))
            frontier = smaller
        self.inside = seen
        self.memo: dict[int, int] = {}

    def overlap(self, key: int, size: int) -> int:
        if key in self.inside:
            return size
        found = self.memo.get(key)
        if found is None:
            found = 0
            for r in range(self.ranks):
                if (key >> 3 * r) & 7:
                    found = max(found, self.overlap(key - (1 << 3 * r), size - 1))
                    if found == size - 1:
                        break
            self.memo[key] = found
        return found


def vectors(ranks: int, total: int) -> Iterator[tuple[int, ...]]:
    """Every count vector over ``ranks`` ranks (at most 4 each) summing to ``total``."""
    if ranks == 1:
        if total <= 4:
            yield (total,)
        return
    for first in range(min(4, total) + 1):
        for rest in vectors(ranks - 1, total - first):
            yield (first, *rest)


def chiitoitsu_oracle(counts: Sequence[int]) -> int:
    """13 - the most tiles shared with seven distinct pairs."""
    return 13 - sum(sorted((min(n, 2) for n in counts), reverse=True)[:7])


def kokushi_oracle(counts: Sequence[int]) -> int:
    """13 - the most tiles shared with the thirteen orphans plus one of them again:
    one of each orphan held, and the chosen duplicate when held twice."""
    singles = sum(min(counts[k], 1) for k in YAOCHUU)
    return 13 - singles - max(counts[pair] >= 2 for pair in YAOCHUU)


def fits(free: list[int], sets_left: int, pair_left: int, sets: Sequence[tuple[int, ...]],
         start: int = 0) -> bool:
    """Can ``sets_left`` sets and ``pair_left`` pairs be drawn into the free copies?"""
    if pair_left:
        for r in range(len(free)):
            if free[r] >= 2:
                free[r] -= 2
                ok = fits(free, sets_left, 0, sets)
                free[r] += 2
                if ok:
                    return True
        return False
    if not sets_left:
        return True
    for i in range(start, len(sets)):
        for r in sets[i]:
            free[r] -= 1
        ok = min(free[r] for r in sets[i]) >= 0 and fits(free, sets_left - 1, 0, sets, i)
        for r in sets[i]:
            free[r] += 1
        if ok:
            return True
    return False


@functools.cache
def suit_need(counts: tuple[int, ...], caps: tuple[int, ...], top: int) -> tuple[int, ...]:
    """Fewest draws for j sets and p pairs in one suit (index 2 * j + p, j <= top),
    holding ``counts`` and allowed ``caps`` copies of each rank.

    Depth-first over multisets of sets, each adding a tile of the hand not yet used;
    a set that adds none is as good as one drawn anywhere, which ``fits`` checks. A
    branch stops once no target it can still reach could share more tiles.
    """
    ranks = len(counts)
    sets = suit_sets(ranks)
    size = sum(counts)
    targets = [(j, q) for j in range(top + 1) for q in range(2)]
    most = [min(size, 3 * j + 2 * q) for j, q in targets]
    best = [-1] * len(targets)
    shape = [0] * ranks

    def search(start: int, overlap: int, k: int, p: int) -> None:
        free = None
        open_ = False
        for i, (j, q) in enumerate(targets):
            if j >= k and q >= p and best[i] < most[i]:
                if best[i] < overlap:
                    if free is None:
                        free = [caps[r] - shape[r] for r in range(ranks)]
                    if fits(free, j - k, q - p, sets):
                        best[i] = overlap
                open_ = open_ or (j > k and best[i] < most[i])
        if not open_:
            return
        for i in range(start, len(sets)):
            a, b, c = sets[i]
            gain = (shape[a] < counts[a]) + (shape[b] < counts[b] - (a == b))
            gain += shape[c] < counts[c] - (b == c) - (a == c)
            shape[a] += 1
            shape[b] += 1
            shape[c] += 1
            if gain and shape[a] <= caps[a] and shape[b] <= caps[b] and shape[c] <= caps[c]:
                search(i, overlap + gain, k + 1, p)
            shape[a] -= 1
            shape[b] -= 1
            shape[c] -= 1

    search(0, 0, 0, 0)
    for r in range(ranks):
        if counts[r] and caps[r] >= 2:
            shape[r] += 2
            search(0, min(counts[r], 2), 0, 1)
            shape[r] -= 2
    return tuple(3 * j + 2 * q - found if found >= 0 else INF
                 for (j, q), found in zip(targets, best, strict=True))


def standard_oracle(counts: Sequence[int], meld_counts: Sequence[int], melds: int) -> int:
    """Standard-form shanten: per-suit needs, the sets split every way between suits."""
    parts = []
    for first, ranks in ((0, 9), (9, 9), (18, 9), (27, 7)):
        part = slice(first, first + ranks)
        parts.append((tuple(counts[part]), tuple(4 - n for n in meld_counts[part])))
    return combined_oracle(parts, melds)


def combined_oracle(parts: Sequence[tuple[tuple[int, ...], tuple[int, ...]]],
                    melds: int) -> int:
    """Standard-form shanten of suits given as (counts, allowed copies) per rank: each
    suit's needs from ``suit_need``, the sets split every way between the suits."""
    top = 4 - melds
    total = [0] + [INF] * (2 * top + 1)
    for held, caps in parts:
        need = suit_need(held, caps, top)
        combined = [INF] * (2 * top + 2)
        for i, a in enumerate(total):
            if a < INF:
                for k, b in enumerate(need):
                    j, p = i // 2 + k // 2, i % 2 + k % 2
                    if j <= top and p <= 1 and a + b < combined[2 * j + p]:
                        combined[2 * j + p] = a + b
        total = combined
    return total[2 * top + 1] - 1
