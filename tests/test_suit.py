"""The per-suit engine against brute force, on every one-suit count vector of 0-14 tiles.

One pass over the 405,350 number-suit vectors (and the honour vectors) compares the
shipped tables' verdict, flags and waits and the engine's readings with the
forward-generated oracle of ``tests/oracle.py``; the individual tests then assert on that
survey, so a failure names the first few vectors that disagree.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter

import pytest

from mahjong_core._core import score_tables as _score_tables
from mahjong_core._core import suit as _suit
from mahjong_core._core import tables as _tables
from tests.support import oracle

Counts = oracle.Counts
Reading = oracle.Reading

NUMBER_VECTORS = 405_350
SHOW = 5
"""How many disagreeing vectors a failure message shows."""


def pack(counts: Counts) -> int:
    """The key of a count vector, as the engine's docstring defines it (base 5, rank 1
    the lowest digit)."""
    return sum(n * 5 ** rank for rank, n in enumerate(counts))


def digits(counts: Counts) -> str:
    """A vector as a digit string, rank 1 first (the digital paishiki order)."""
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
    bad_bytes: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    """(vector, table) where a byte of WAIT, PAIRS, ORPHANS, FEATURES or the thirteen
    orphans flag is not what its definition says."""
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
    """Engine: ranks that make a 13-tile suit seven pairs (the SHAPE seven-pairs flag)."""
    mask = 0
    for rank in range(9):
        if key // 5 ** rank % 5 < 4:
            grown = key + 5 ** rank
            if _tables.SHAPE[grown] & _suit.SEVEN:
                mask |= 1 << rank
    return mask


def table_waits(key: int) -> int:
    """Engine: the waits of a number suit (WAITS, and rank 9 from SHAPE)."""
    return _tables.WAITS[key] | (_tables.SHAPE[key] >> 7) << 8


def byte_errors(counts: Counts, key: int, honours: bool) -> list[str]:
    """The tables among WAIT, PAIRS, ORPHANS, FEATURES and SHAPE's thirteen-orphans flag
    whose byte for ``counts`` is not what the module docstring of _suit defines."""
    prefix = "HONOUR_" if honours else ""
    code = getattr(_tables, prefix + "SHAPE")[key] & 7
    need = (7, 12, 13)[sum(counts) % 3]
    orphans = counts if honours else (counts[0], counts[8])
    features = (_score_tables.honour_features(counts) if honours
                else _score_tables.number_features(counts))
    thirteen = (all(n in (1, 2) for n in counts) if honours else
                counts[0] in (1, 2) and counts[8] in (1, 2) and not any(counts[1:8]))
    expected = {
        "WAIT": code | (code + need) << 3,
        "PAIRS": sum(n >= 2 for n in counts) | sum(n >= 1 for n in counts) << 3,
        "ORPHANS": sum(n >= 1 for n in orphans) | any(n >= 2 for n in orphans) << 4,
        "FEATURES": features,
    }
    wrong = [name for name, value in expected.items()
             if getattr(_tables, prefix + name)[key] != value]
    if bool(getattr(_tables, prefix + "SHAPE")[key] & _suit.THIRTEEN) != thirteen:
        wrong.append("SHAPE thirteen")
    return wrong


@pytest.fixture(scope="module")
def survey(complete: dict[Counts, set[Reading]]) -> Survey:
    """Run the engine over every number-suit vector of 0-14 tiles once."""
    result = Survey()
    shape, readings_of = _tables.SHAPE, _suit.number_readings
    for counts in oracle.count_vectors(9, 14):
        result.vectors += 1
        key = pack(counts)
        total = sum(counts)
        truth = complete.get(counts)
        expected = 0 if truth is None else (_suit.PAIR if total % 3 == 2 else _suit.SET_FORM)
        code = shape[key]
        verdict = code & 7
        if verdict != expected and len(result.bad_verdict) < SHOW:
            result.bad_verdict.append((digits(counts), verdict, expected))
        if verdict:
            result.complete[(total // 3, total % 3 == 2)] += 1
        got = readings_of(key)
        if (len(got) != len(set(got)) or set(got) != (truth or set())) \
                and len(result.bad_readings) < SHOW:
            result.bad_readings.append((digits(counts), sorted(got), sorted(truth or ())))
        mask = table_waits(key)
        brute = oracle.suit_waits(counts, complete)
        if mask != brute and len(result.bad_waits) < SHOW:
            result.bad_waits.append((digits(counts), mask, brute))
        seven = bool(code & _suit.SEVEN) and total == 14
        if seven != oracle.is_seven_pairs_suit(counts) and len(result.bad_seven_pairs) < SHOW:
            result.bad_seven_pairs.append(digits(counts))
        if len(result.bad_bytes) < SHOW:
            result.bad_bytes.extend((digits(counts), name)
                                    for name in byte_errors(counts, key, honours=False))
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
    """SHAPE & 7 is 4 for all sets, 5 for sets and a pair, 0 otherwise."""
    assert survey.bad_verdict == []


def test_readings(survey: Survey) -> None:
    """number_readings lists every reading once, and nothing else."""
    assert survey.bad_readings == []


def test_waits(survey: Survey) -> None:
    """The WAITS table equals trying every rank, for every vector (3N ones have none)."""
    assert survey.bad_waits == []


def test_seven_pairs_field(survey: Survey) -> None:
    assert survey.bad_seven_pairs == []


def test_other_bytes(survey: Survey) -> None:
    assert survey.bad_bytes == []


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
    """The bounded tables answer what the functions answer; keys pack and unpack."""
    for text in ("", "11", "123", "1112345678999", "11123334445599", "22334455667788"):
        key = pack(tiles_of(text))
        assert _suit.READINGS[key] == _suit.number_readings(key)
        assert _suit.key_of(list(tiles_of(text))) == key
        assert tuple(_suit.counts_of(key)) == tiles_of(text)


def test_tables_hold_nothing_past_fourteen_tiles() -> None:
    """A key of more than 14 tiles is in no hand; its bytes are 0 in every table."""
    for key in (pack((4, 4, 4, 3, 0, 0, 0, 0, 0)), pack((0,) * 5 + (4, 4, 4, 4))):
        for name in ("SHAPE", "WAIT", "WAITS", "VECTOR", "PAIRS", "ORPHANS", "FEATURES"):
            assert getattr(_tables, name)[key] == 0, name


# -- the seeds' cases -------------------------------------------------------------------

RUN = oracle.RUN_CODE


def readings_of(text: str) -> set[Reading]:
    return set(_suit.number_readings(pack(tiles_of(text))))


def test_two_order_counterexample(complete: dict[Counts, set[Reading]]) -> None:
    """11123334445599 is complete (111 234 345 345 99); two orders miss it."""
    key = pack(tiles_of("11123334445599"))
    assert _tables.SHAPE[key] & 7 == _suit.PAIR
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
    assert table_waits(pack(tiles_of("1112345678999"))) == 0b111111111


# -- honours ----------------------------------------------------------------------------


def test_honours_exhaustive(honours_complete: dict[Counts, set[Reading]]) -> None:
    """HONOUR_SHAPE, honour_readings, HONOUR_WAITS and the other honour tables on every
    7-count vector of 0-14."""
    bad: list[tuple[str, str]] = []
    seen = 0
    for counts in oracle.count_vectors(7, 14):
        seen += 1
        key = pack(counts)
        total = sum(counts)
        truth = honours_complete.get(counts)
        expected = 0 if truth is None else (_suit.PAIR if total % 3 == 2 else _suit.SET_FORM)
        code = _tables.HONOUR_SHAPE[key]
        if code & 7 != expected:
            bad.append((digits(counts), "verdict"))
        if set(_suit.honour_readings(key)) != (truth or set()):
            bad.append((digits(counts), "readings"))
        if _tables.HONOUR_WAITS[key] != oracle.suit_waits(counts, honours_complete):
            bad.append((digits(counts), "waits"))
        seven = all(n in (0, 2) for n in counts) and counts.count(2) == 7
        if (bool(code & _suit.SEVEN) and total == 14) != seven:
            bad.append((digits(counts), "seven pairs"))
        bad.extend((digits(counts), name) for name in byte_errors(counts, key, honours=True))
        if len(bad) >= SHOW:
            break
    assert bad == []
    assert seen == sum(1 for c in itertools.product(range(5), repeat=7) if sum(c) <= 14)
