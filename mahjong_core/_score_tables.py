"""Per-suit scoring tables (private): what each reading of a suit brings to the score.

For a complete number suit (key as in ``_suit``) the table holds, for every reading, a
tuple ``(pair, run_mask, trip_mask, n_runs, n_trips, peikou, terminal, trip_fu, runs,
trips)``:

* ``pair``: the pair's rank or -1; ``runs`` / ``trips``: run starts and triplet ranks;
* ``run_mask`` / ``trip_mask``: bit r set for a run starting at r / a triplet of r, so
  sanshoku is ``m & p & s`` and ittsu ``mask & 0b1001001 == 0b1001001``;
* ``peikou``: pairs of identical runs (iipeikou 1, ryanpeikou 2);
* ``terminal``: every group of the suit, pair included, holds a 1 or a 9 (junchan / chanta);
* ``trip_fu``: fu of its triplets counted as concealed (8 for 1 and 9, else 4).

The placement table, keyed by ``key << 4 | rank`` of the winning tile, lists for each
reading the distinct places the tile can sit as ``(wait, rank, shape)``.

Honours have one reading at most: ``(pair, trip_mask, n_trips, trip_fu, trips)``.
"""

from __future__ import annotations

from . import _suit
from ._suit import LazyTable
from .shapes import Wait, run_wait

__all__ = [
    "FEATURES",
    "HONOUR_FEATURES",
    "HONOUR_READINGS",
    "PLACEMENTS",
    "READINGS",
    "RYANMEN",
    "SHANPON",
    "TANKI",
]

RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI = range(5)
_RUN_WAITS = {Wait.RYANMEN: RYANMEN, Wait.KANCHAN: KANCHAN, Wait.PENCHAN: PENCHAN}
RUN, TRIP, PAIR = range(3)

NumberReading = tuple[int, int, int, int, int, int, bool, int, tuple[int, ...], tuple[int, ...]]
HonourReading = tuple[int, int, int, int, tuple[int, ...]]
Placement = tuple[int, int, int]

def _number_readings(key: int) -> tuple[NumberReading, ...]:
    out = []
    for pair, codes in _suit.READINGS[key]:
        runs = tuple(c - 9 for c in codes if c >= 9)
        trips = tuple(c for c in codes if c < 9)
        run_mask = 0
        for r in runs:
            run_mask |= 1 << r
        trip_mask = 0
        for r in trips:
            trip_mask |= 1 << r
        peikou = sum(runs.count(r) // 2 for r in set(runs))
        terminal = (all(r in (0, 6) for r in runs) and all(r in (0, 8) for r in trips)
                    and pair in (-1, 0, 8))
        trip_fu = sum(8 if r in (0, 8) else 4 for r in trips)
        out.append((pair, run_mask, trip_mask, len(runs), len(trips), peikou, terminal,
                    trip_fu, runs, trips))
    return tuple(out)


def _placements(index: int) -> tuple[tuple[Placement, ...], ...]:
    key, rank = index >> 4, index & 15
    out = []
    for pair, _, _, _, _, _, _, _, runs, trips in READINGS[key]:
        places: list[Placement] = []
        if pair == rank:
            places.append((TANKI, rank, PAIR))
        if rank in trips:
            places.append((SHANPON, rank, TRIP))
        for start in sorted(set(runs)):
            if start <= rank <= start + 2:
                places.append((_RUN_WAITS[run_wait(start, rank)], start, RUN))
        out.append(tuple(places))
    return tuple(out)


def _honour_readings(key: int) -> tuple[HonourReading, ...]:
    out = []
    for pair, trips in _suit.HONOUR_READINGS[key]:
        mask = 0
        for r in trips:
            mask |= 1 << r
        out.append((pair, mask, len(trips), 8 * len(trips), trips))
    return tuple(out)


NONEMPTY, TERMINAL, SIMPLE, NOT_GREEN = 1, 2, 4, 8


def _number_features(key: int) -> int:
    c = _suit.counts_of(key)
    bits = 0
    if any(c):
        bits |= NONEMPTY
    if c[0] or c[8]:
        bits |= TERMINAL
    if any(c[1:8]):
        bits |= SIMPLE
    if any(c[r] for r in (0, 4, 6, 8)):  # sou 2, 3, 4, 6, 8 are green
        bits |= NOT_GREEN
    return bits


def _honour_features(key: int) -> int:
    c = _suit.counts_of(key, 7)
    bits = 0
    if any(c):
        bits |= NONEMPTY | TERMINAL
    if any(c[r] for r in range(7) if r != 5):  # hatsu is green
        bits |= NOT_GREEN
    return bits


READINGS: LazyTable[tuple[NumberReading, ...]] = LazyTable(_number_readings)
PLACEMENTS: LazyTable[tuple[tuple[Placement, ...], ...]] = LazyTable(_placements)
HONOUR_READINGS: LazyTable[tuple[HonourReading, ...]] = LazyTable(_honour_readings)
FEATURES: LazyTable[int] = LazyTable(_number_features)
HONOUR_FEATURES: LazyTable[int] = LazyTable(_honour_features)


MeldSummary = tuple[int, int, int, int, int, int, int, int, int, int, int, int, bool, int]
"""What a hand's melds bring to scoring: run masks of m, p, s; triplet masks of m, p, s
and honours; numbers of runs, triplets, closed kans and kans; their fu; whether every
meld holds a terminal or honour; and their feature bits (as ``FEATURES``, shifted)."""

NO_MELDS: MeldSummary = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, True, 0)


def meld_summary(melds: tuple[tuple[int, bool, bool, bool], ...]) -> MeldSummary:
    """Summarise melds given as (first kind, is_run, is_kan, is_closed) tuples."""
    run = [0, 0, 0]
    trip = [0, 0, 0, 0]
    runs = trips = ankans = kans = fu = features = 0
    terminal = True
    for first, is_run, is_kan, closed in melds:
        s, r = divmod(first, 9)
        for kind in ((first, first + 1, first + 2) if is_run else (first,)):
            if kind < 27:
                features |= FEATURES[1 << 3 * (kind % 9)] << 4 * (kind // 9)
            else:
                features |= HONOUR_FEATURES[1 << 3 * (kind - 27)] << 12
        if is_run:
            run[s] |= 1 << r
            runs += 1
            terminal = terminal and r in (0, 6)
            continue
        trip[s] |= 1 << r
        trips += 1
        yaochuu = s == 3 or r in (0, 8)
        terminal = terminal and yaochuu
        value = (4 if yaochuu else 2) * (2 if closed else 1) * (4 if is_kan else 1)
        fu += value
        kans += is_kan
        ankans += closed
    return (run[0], run[1], run[2], trip[0], trip[1], trip[2], trip[3], runs, trips, ankans,
            kans, fu, terminal, features)


# -- completeness and features in one look-up per suit ------------------------------------
#
# SHAPE[s][key] is _suit's completeness word of the suit (standard, seven pairs and
# thirteen orphans fields, summed over the four suits by the scorer) plus the suit's
# feature bits at bit FEATURE_SHIFT + 4 * s, where no lower field ever carries.

FEATURE_SHIFT = 40


def _shape(suit: int) -> LazyTable[int]:
    if suit == 3:
        return LazyTable(lambda key: _suit.HONOUR_INFO[key]
                         | HONOUR_FEATURES[key] << FEATURE_SHIFT + 12)
    return LazyTable(lambda key: _suit.INFO[key] | FEATURES[key] << FEATURE_SHIFT + 4 * suit)


SHAPE = (_shape(0), _shape(1), _shape(2), _shape(3))

