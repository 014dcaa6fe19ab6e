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

A complete honour key has one reading: ``(pair, trip_mask, n_trips, trip_fu, trips)``.

These tables are filled on first use for complete keys only (21,743 number-suit keys and
498 honour keys of up to 14 tiles) and bounded. The feature bits of every suit key
(``number_features`` / ``honour_features``) are shipped as ``_tables.FEATURES`` and
``_tables.HONOUR_FEATURES``; ``KIND_FEATURES`` holds those of single tiles.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import suit as _suit
from . import tables as _tables
from .suit import BoundedTable

__all__ = [
    "HONOUR_READING",
    "KIND_FEATURES",
    "PLACEMENTS",
    "READINGS",
    "RYANMEN",
    "SHANPON",
    "TANKI",
]

RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI = range(5)


def run_wait(start: int, rank: int) -> int:
    """The wait (RYANMEN, KANCHAN or PENCHAN) a tile of ``rank`` completed in a run
    starting at ``start`` (ranks 0-8)."""
    if rank == start + 1:
        return KANCHAN
    if rank == start:
        return PENCHAN if start == 6 else RYANMEN
    return PENCHAN if start == 0 else RYANMEN

RUN, TRIP, PAIR = range(3)


def set_fu(yaochuu: bool, concealed: bool, kan: bool) -> int:
    """The fu of a triplet or kan: 2, doubled for a terminal or honour, doubled when
    concealed, four times for a kan. Every fu table and breakdown is built from this."""
    return 2 * (2 if yaochuu else 1) * (2 if concealed else 1) * (4 if kan else 1)


WAIT_FU = (0, 2, 2, 0, 2)
"""Fu of each wait code (RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI)."""

NumberReading = tuple[int, int, int, int, int, int, bool, int, tuple[int, ...], tuple[int, ...]]
HonourReading = tuple[int, int, int, int, tuple[int, ...]]
Placement = tuple[int, int, int]

def _run_facts(runs: tuple[int, ...]) -> tuple[int, int, int, bool]:
    """(run mask, runs, identical pairs, all terminal) of a run set."""
    mask = 0
    for r in runs:
        mask |= 1 << r
    peikou = sum(runs.count(r) // 2 for r in set(runs))
    return mask, len(runs), peikou, all(r in (0, 6) for r in runs)


def _trip_facts(mask: int) -> tuple[tuple[int, ...], int, int, bool]:
    """(ranks, count, concealed fu, all terminal) of a triplet mask."""
    trips = tuple(r for r in range(9) if mask >> r & 1)
    return (trips, len(trips), sum(set_fu(r in (0, 8), True, False) for r in trips),
            all(r in (0, 8) for r in trips))


_RUN_FACTS: list[tuple[int, int, int, bool]] = []
_TRIP_FACTS: list[tuple[tuple[int, ...], int, int, bool]] = []


def _number_readings(key: int) -> tuple[NumberReading, ...]:
    """The scorer's readings of a complete key, from the shipped packed readings."""
    if not _TRIP_FACTS:  # one list assignment each: a thread sees all or nothing
        _RUN_FACTS[:] = [_run_facts(runs) for runs in _suit.RUN_SETS]
        _TRIP_FACTS[:] = [_trip_facts(mask) for mask in range(512)]
    out = []
    for packed in _tables.readings_of(key):
        pair = (packed & 15) - 1
        index = packed >> 4 & 511
        run_mask, n_runs, peikou, run_terminal = _RUN_FACTS[index]
        trips, n_trips, trip_fu, trip_terminal = _TRIP_FACTS[packed >> 13]
        terminal = run_terminal and trip_terminal and pair in (-1, 0, 8)
        out.append((pair, run_mask, packed >> 13, n_runs, n_trips, peikou, terminal,
                    trip_fu, _suit.RUN_SETS[index], trips))
    return tuple(out)


def _run_places(index: int) -> tuple[Placement, ...]:
    """The places of a winning tile of rank ``index % 9`` in the runs of run set
    ``index // 9`` (``_suit.RUN_SETS``): one per distinct run holding it."""
    runs, rank = _suit.RUN_SETS[index // 9], index % 9
    return tuple((run_wait(start, rank), start, RUN)
                 for start in sorted(set(runs)) if start <= rank <= start + 2)


_RUN_PLACES = BoundedTable(_run_places, 1 << 12)
"""``run set * 9 + rank`` -> its run placements (2,970 keys)."""


def _placements(index: int) -> tuple[tuple[Placement, ...], ...]:
    """Per reading of a complete key: the pair, then the triplet, then each distinct run
    that the winning tile of ``rank`` can complete (``index`` is ``key << 4 | rank``)."""
    key, rank = index >> 4, index & 15
    out = []
    for packed in _tables.readings_of(key):
        places = _RUN_PLACES[(packed >> 4 & 511) * 9 + rank]
        if packed >> 13 + rank & 1:
            places = ((SHANPON, rank, TRIP), *places)
        if (packed & 15) - 1 == rank:
            places = ((TANKI, rank, PAIR), *places)
        out.append(places)
    return tuple(out)


def _honour_reading(key: int) -> HonourReading:
    """The one reading of a complete honour key."""
    (pair, trips), = _suit.HONOUR_READINGS[key]
    mask = 0
    for r in trips:
        mask |= 1 << r
    return pair, mask, len(trips), len(trips) * set_fu(True, True, False), trips


NONEMPTY, TERMINAL, SIMPLE, NOT_GREEN = 1, 2, 4, 8


def number_features(c: Sequence[int]) -> int:
    """Feature bits of a number suit's counts (as ``_tables.FEATURES`` holds them)."""
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


def honour_features(c: Sequence[int]) -> int:
    """Feature bits of the honours' counts."""
    bits = 0
    if any(c):
        bits |= NONEMPTY | TERMINAL
    if any(c[r] for r in range(7) if r != 5):  # hatsu is green
        bits |= NOT_GREEN
    return bits


READINGS: BoundedTable[tuple[NumberReading, ...]] = BoundedTable(_number_readings, 1 << 15)
"""Complete number-suit key -> its readings for the scorer."""
PLACEMENTS: BoundedTable[tuple[tuple[Placement, ...], ...]] = BoundedTable(
    _placements, 1 << 14)
"""``key << 4 | rank`` -> per reading, the places of the winning tile (129,097 keys)."""
HONOUR_READING: BoundedTable[HonourReading] = BoundedTable(_honour_reading, 1 << 10)
"""Complete honour key -> its one reading for the scorer."""
KIND_FEATURES = tuple(
    number_features([int(r == k % 9) for r in range(9)]) << 4 * (k // 9) if k < 27
    else honour_features([int(r == k - 27) for r in range(7)]) << 12 for k in range(34))
"""Feature bits of one tile of each kind, at its suit's place in a feature word."""


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
            features |= KIND_FEATURES[kind]
        if is_run:
            run[s] |= 1 << r
            runs += 1
            terminal = terminal and r in (0, 6)
            continue
        trip[s] |= 1 << r
        trips += 1
        yaochuu = s == 3 or r in (0, 8)
        terminal = terminal and yaochuu
        value = set_fu(yaochuu, closed, is_kan)
        fu += value
        kans += is_kan
        ankans += closed
    return (run[0], run[1], run[2], trip[0], trip[1], trip[2], trip[3], runs, trips, ankans,
            kans, fu, terminal, features)


def combine_summaries(a: MeldSummary, b: MeldSummary) -> MeldSummary:
    """The summary of two sets of melds together: what ``meld_summary`` gives for both
    at once (masks and features joined, counts and fu added, the terminal test of both)."""
    return (a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3], a[4] | b[4], a[5] | b[5],
            a[6] | b[6], a[7] + b[7], a[8] + b[8], a[9] + b[9], a[10] + b[10], a[11] + b[11],
            a[12] and b[12], a[13] | b[13])
