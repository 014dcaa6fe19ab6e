"""The per-suit engine against brute force, on every one-suit count vector of 0-14 tiles.

One pass over the 405,350 number-suit vectors (and the honour vectors) compares the
engine's verdict, readings and waits with the forward-generated oracle of
``tests/oracle.py``; the individual tests then assert on that survey, so a failure names
the first few vectors that disagree.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter

import pytest

from mahjong_core import _suit
from tests import oracle

Counts = oracle.Counts
Reading = oracle.Reading

NUMBER_VECTORS = 405_350
SHOW = 5
"""How many disagreeing vectors a failure message shows."""


def pack(counts: Counts) -> int:
    """The key of a count vector, as the engine's docstring defines it (3 bits a rank)."""
    return sum(n << (3 * rank) for rank, n in enumerate(counts))


def digits(counts: Counts) -> str:
    """A vector as a digit string, rank 1 first (as seed 004 writes it)."""
    return "".join(map(str, counts))


def tiles_of(text: str) -> Counts:
    """Counts of one-suit tiles written as rank digits (``"11123334445599"``)."""
    return tuple(text.count(str(rank)) for rank in range(1, 10))


def mask_count(mask: int) -> int:
    return bin(mask).count("1")


@dataclasses.dataclass
class Survey:
    """What the engine answered over every vector, and where it disagreed with the oracle."""

    vectors: int = 0
    bad_verdict: list[tuple[str, int, int]] = dataclasses.field(default_factory=list)
    bad_readings: list[tuple[str, object, object]] = dataclasses.field(default_factory=list)
    bad_waits: list[tuple[str, int, int]] = dataclasses.field(default_factory=list)
    bad_seven_pairs: list[str] = dataclasses.field(default_factory=list)
    complete: Counter[tuple[int, bool]] = dataclasses.field(default_factory=Counter)
    """Engine-complete vectors by (number of sets, has a pair)."""
    tenpai13: Counter[int] = dataclasses.field(default_factory=Counter)
    """13-tile standard tenpai shapes by number of waits (engine)."""
    tenpai13_with_pairs: Counter[int] = dataclasses.field(default_factory=Counter)
    """13-tile tenpai shapes, seven pairs included, by number of waits (engine)."""
    wins14: int = 0
    """14-tile complete shapes, seven pairs included (engine)."""


@pytest.fixture(scope="module")
def complete() -> dict[Counts, set[Reading]]:
    """Oracle: complete number-suit vectors of up to 15 tiles (15 for the waits of 14)."""
    return oracle.complete_suits(15)


@pytest.fixture(scope="module")
def honours_complete() -> dict[Counts, set[Reading]]:
    """Oracle: complete honour vectors of up to 15 tiles."""
    return oracle.complete_suits(15, honours=True)


def seven_pairs_waits(key: int) -> int:
    """Engine: ranks that make a 13-tile suit seven pairs (the INFO seven-pairs field)."""
    mask = 0
    for rank in range(9):
        if (key >> (3 * rank)) & 7 < 4:
            grown = key + (1 << (3 * rank))
            if (_suit.INFO[grown] >> _suit.CHIITOI_SHIFT) & 255 == 7:
                mask |= 1 << rank
    return mask


@pytest.fixture(scope="module")
def survey(complete: dict[Counts, set[Reading]]) -> Survey:
    """Run the engine over every number-suit vector of 0-14 tiles once."""
    result = Survey()
    info, readings_of, waits_of = _suit.INFO, _suit.number_readings, _suit.number_waits
    for counts in oracle.count_vectors(9, 14):
        result.vectors += 1
        key = pack(counts)
        total = sum(counts)
        truth = complete.get(counts)
        expected = 0 if truth is None else (_suit.PAIR if total % 3 == 2 else _suit.SET_FORM)
        code = info[key]
        verdict = code & 255
        if verdict != expected and len(result.bad_verdict) < SHOW:
            result.bad_verdict.append((digits(counts), verdict, expected))
        if verdict:
            result.complete[(total // 3, total % 3 == 2)] += 1
        got = readings_of(key)
        if (len(got) != len(set(got)) or set(got) != (truth or set())) \
                and len(result.bad_readings) < SHOW:
            result.bad_readings.append((digits(counts), sorted(got), sorted(truth or ())))
        mask = waits_of(key)
        brute = oracle.suit_waits(counts, complete)
        if mask != brute and len(result.bad_waits) < SHOW:
            result.bad_waits.append((digits(counts), mask, brute))
        seven = (code >> _suit.CHIITOI_SHIFT) & 255 == 7
        if seven != oracle.is_seven_pairs_suit(counts) and len(result.bad_seven_pairs) < SHOW:
            result.bad_seven_pairs.append(digits(counts))
        if total == 13 and mask:
            result.tenpai13[mask_count(mask)] += 1
        if total == 13:
            both = mask | seven_pairs_waits(key)
            if both:
                result.tenpai13_with_pairs[mask_count(both)] += 1
        if total == 14 and (verdict or seven):
            result.wins14 += 1
    return result


# -- the oracle's own counts ------------------------------------------------------------

SETS_ONLY = {0: 1, 1: 16, 2: 127, 3: 627, 4: 2_098}
WITH_PAIR = {0: 9, 1: 135, 2: 996, 3: 4_475, 4: 13_259}
TENPAI13 = {1: 14_193, 2: 14_493, 3: 6_739, 4: 2_948, 5: 1_335, 6: 392, 7: 79, 8: 16, 9: 1}
"""Thirteen-tile one-suit tenpai shapes by number of waits, seven pairs included."""
SEVEN_PAIRS_ONLY_TENPAI13 = 126
"""Thirteen-tile shapes whose only wait is a seven-pairs tanki (all single waits)."""


def expected_complete() -> Counter[tuple[int, bool]]:
    table: Counter[tuple[int, bool]] = Counter()
    for n, count in SETS_ONLY.items():
        table[(n, False)] = count
    for n, count in WITH_PAIR.items():
        table[(n, True)] = count
    return table


def test_oracle_counts(complete: dict[Counts, set[Reading]]) -> None:
    found: Counter[tuple[int, bool]] = Counter(
        (sum(c) // 3, sum(c) % 3 == 2) for c in complete if sum(c) <= 14)
    assert found == expected_complete()
    assert sum(found.values()) == 21_743
    seven_pairs = {c for c in itertools.product((0, 2), repeat=9) if c.count(2) == 7}
    assert len(seven_pairs) == 36
    wins = {c for c in complete if sum(c) == 14} | seven_pairs
    assert len(wins) == 13_277
    with_pairs: dict[Counts, set[Reading]] = {c: set() for c in wins}
    with_pairs.update((c, set()) for c in complete if sum(c) < 14)
    by_waits: Counter[int] = Counter()
    for counts in oracle.count_vectors(9, 13):
        if sum(counts) == 13:
            mask = oracle.suit_waits(counts, with_pairs)
            if mask:
                by_waits[mask_count(mask)] += 1
    assert by_waits == Counter(TENPAI13)
    assert sum(by_waits.values()) == 40_196


def test_vector_count(survey: Survey) -> None:
    assert survey.vectors == NUMBER_VECTORS


# -- the engine, exhaustively -----------------------------------------------------------


def test_verdict(survey: Survey) -> None:
    """INFO & 255 is 4 for all sets, 5 for sets and a pair, 0 otherwise."""
    assert survey.bad_verdict == []


def test_readings(survey: Survey) -> None:
    """number_readings lists every reading once, and nothing else."""
    assert survey.bad_readings == []


def test_waits(survey: Survey) -> None:
    """number_waits equals trying every rank, for every vector (3N ones have none)."""
    assert survey.bad_waits == []


def test_seven_pairs_field(survey: Survey) -> None:
    assert survey.bad_seven_pairs == []


def test_engine_counts(survey: Survey) -> None:
    assert survey.complete == expected_complete()
    assert sum(survey.complete.values()) == 21_743
    assert survey.wins14 == 13_277


def test_engine_tenpai_counts(survey: Survey) -> None:
    assert survey.tenpai13_with_pairs == Counter(TENPAI13)
    assert sum(survey.tenpai13_with_pairs.values()) == 40_196
    standard = Counter(TENPAI13)
    standard[1] -= SEVEN_PAIRS_ONLY_TENPAI13
    assert survey.tenpai13 == standard
    assert sum(survey.tenpai13.values()) == 40_070


def test_tables_match_functions() -> None:
    """The lazily filled tables answer what the functions answer."""
    for text in ("", "11", "123", "1112345678999", "11123334445599", "22334455667788"):
        key = pack(tiles_of(text))
        assert _suit.WAITS[key] == _suit.number_waits(key)
        assert _suit.READINGS[key] == _suit.number_readings(key)
        assert _suit.key_of(list(tiles_of(text))) == key
        assert tuple(_suit.counts_of(key)) == tiles_of(text)


# -- the seeds' cases -------------------------------------------------------------------

RUN = oracle.RUN_CODE


def readings_of(text: str) -> set[Reading]:
    return set(_suit.number_readings(pack(tiles_of(text))))


def test_two_order_counterexample(complete: dict[Counts, set[Reading]]) -> None:
    """Seed 002: 11123334445599 is complete (111 234 345 345 99); two orders miss it."""
    key = pack(tiles_of("11123334445599"))
    assert _suit.INFO[key] & 255 == _suit.PAIR
    expected = {(8, (0, RUN + 1, RUN + 2, RUN + 2))}
    assert readings_of("11123334445599") == expected
    assert complete[tiles_of("11123334445599")] == expected


SEED_000 = [
    # [1,2,3],[4,4,4],[5,5],[8,8,8],[9,9,9]
    ("12344455888999", {(4, (3, 7, 8, RUN + 0))}),
    ("22334455667788", {
        (1, (RUN + 2, RUN + 2, RUN + 5, RUN + 5)),  # 22 345 345 678 678
        (4, (RUN + 1, RUN + 1, RUN + 5, RUN + 5)),  # 234 234 55 678 678
        (7, (RUN + 1, RUN + 1, RUN + 4, RUN + 4)),  # 234 234 567 567 88
    }),
    ("11122233344455", {
        # The seed prints the first as [1,1,1],[2,2],[3,4,5],[3,4,5]: its printer shows
        # one group per rank, so the run 234 that shares rank 2 with the pair is not shown.
        (1, (0, RUN + 1, RUN + 2, RUN + 2)),  # 111 22 234 345 345
        (4, (0, 1, 2, 3)),  # 111 222 333 444 55
        (4, (3, RUN + 0, RUN + 0, RUN + 0)),  # 123 123 123 444 55
        (4, (0, RUN + 1, RUN + 1, RUN + 1)),  # 111 234 234 234 55
    }),
]


@pytest.mark.parametrize(("text", "expected"), SEED_000)
def test_seed_000_examples(text: str, expected: set[Reading],
                           complete: dict[Counts, set[Reading]]) -> None:
    assert readings_of(text) == expected
    assert complete[tiles_of(text)] == expected


def test_pure_nine_gates_waits() -> None:
    assert _suit.number_waits(pack(tiles_of("1112345678999"))) == 0b111111111


# -- honours ----------------------------------------------------------------------------


def test_honours_exhaustive(honours_complete: dict[Counts, set[Reading]]) -> None:
    """HONOUR_INFO, honour_readings and honour_waits on every 7-count vector of 0-14."""
    bad: list[tuple[str, str]] = []
    seen = 0
    for counts in oracle.count_vectors(7, 14):
        seen += 1
        key = pack(counts)
        total = sum(counts)
        truth = honours_complete.get(counts)
        expected = 0 if truth is None else (_suit.PAIR if total % 3 == 2 else _suit.SET_FORM)
        code = _suit.HONOUR_INFO[key]
        if code & 255 != expected:
            bad.append((digits(counts), "verdict"))
        if set(_suit.honour_readings(key)) != (truth or set()):
            bad.append((digits(counts), "readings"))
        if _suit.honour_waits(key) != oracle.suit_waits(counts, honours_complete):
            bad.append((digits(counts), "waits"))
        seven = all(n in (0, 2) for n in counts) and counts.count(2) == 7
        if ((code >> _suit.CHIITOI_SHIFT) & 255 == 7) != seven:
            bad.append((digits(counts), "seven pairs"))
        if len(bad) >= SHOW:
            break
    assert bad == []
    assert seen == sum(1 for c in itertools.product(range(5), repeat=7) if sum(c) <= 14)
