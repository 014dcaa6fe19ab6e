"""The plain path of the shanten tables: one suit's need vector by a walk over its
ranks, and a hand's standard-form shanten from its counts, with no table at all.

The tests hold the library's table-driven answers against these walks; the vector
algebra (``conv_vectors``, ``min_vectors``, ``unit_vector``) and the per-rank choices
are the library's own, which the walks only combine.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_core._core.shanten import _CHOICES, Vector, conv_vectors, min_vectors, unit_vector


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
