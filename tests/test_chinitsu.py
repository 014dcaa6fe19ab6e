"""One-suit analysis: every line equals the published procedure run on the oracle: take a
tile out of every winning shape, gather the tiles that complete what is left."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter, defaultdict

import pytest

from mahjong_core import chinitsu
from mahjong_core.chinitsu import ChinitsuShape, tenpai_shapes, winning_shapes
from mahjong_core.cli import chinitsu as chinitsu_command
from tests.support import oracle

NINE_GATES = "311111113,123456789,9,13"
TENPAI13 = {1: 14_193, 2: 14_493, 3: 6_739, 4: 2_948, 5: 1_335, 6: 392, 7: 79, 8: 16, 9: 1}
WINS = {2: 9, 5: 135, 8: 996, 11: 4_475, 14: 13_277}


def digits(counts: tuple[int, ...]) -> str:
    return "".join(map(str, counts))


@pytest.fixture(scope="module")
def wins_by_size() -> dict[int, list[tuple[int, ...]]]:
    """Oracle: winning one-suit shapes by size; 14 tiles include seven distinct pairs."""
    by_size: dict[int, list[tuple[int, ...]]] = defaultdict(list)
    for counts in oracle.complete_suits(14):
        if sum(counts) % 3 == 2:
            by_size[sum(counts)].append(counts)
    for counts in oracle.count_vectors(9, 14):
        if oracle.is_seven_pairs_suit(counts) and counts not in by_size[14]:
            by_size[14].append(counts)
    return by_size


def seed_lines(wins: list[tuple[int, ...]], tiles: int) -> list[str]:
    """The published procedure: take one tile out of every winning shape, gather the tiles
    taken out per remaining shape, sort (``sort | uniq``), append the counts."""
    waits: dict[tuple[int, ...], set[int]] = defaultdict(set)
    for win in wins:
        for rank in range(9):
            if win[rank]:
                shape = (*win[:rank], win[rank] - 1, *win[rank + 1:])
                waits[shape].add(rank + 1)
    lines = []
    for shape, ranks in waits.items():
        text = "".join(map(str, sorted(ranks)))
        lines.append(f"{digits(shape)},{text},{len(ranks)},{tiles}")
    return sorted(lines)


@pytest.mark.parametrize("tiles", chinitsu.TENPAI_SIZES)
def test_tenpai_lines_follow_the_seed(tiles: int,
                                      wins_by_size: dict[int, list[tuple[int, ...]]]) -> None:
    lines = [shape.line() for shape in tenpai_shapes(tiles)]
    assert lines == seed_lines(wins_by_size[tiles + 1], tiles)
    assert lines == sorted(lines)  # ascending, as the seed's sort leaves them


@pytest.mark.parametrize("tiles", chinitsu.WIN_SIZES)
def test_winning_shapes(tiles: int, wins_by_size: dict[int, list[tuple[int, ...]]]) -> None:
    lines = [shape.line() for shape in winning_shapes(tiles)]
    assert lines == sorted(f"{digits(c)},{tiles}" for c in wins_by_size[tiles])
    assert len(lines) == WINS[tiles]


def test_known_counts() -> None:
    shapes = tenpai_shapes(13)
    assert len(shapes) == 40_196
    assert Counter(len(s.waits) for s in shapes) == Counter(TENPAI13)
    assert len(winning_shapes(14)) == 13_277
    assert NINE_GATES in {s.line() for s in shapes}


def test_seed_examples() -> None:
    """The seed's nine pure nine-gates wins all lead to the one nine-sided shape."""
    wins = {s.paishiki for s in winning_shapes(14)}
    for text in ("411111113", "321111113", "312111113", "311211113", "311121113",
                 "311112113", "311111213", "311111123", "311111114"):
        assert text in wins
    by_counts = {s.paishiki: s for s in tenpai_shapes(13)}
    assert by_counts["311111113"].waits == (1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert by_counts["311111113"].tiles == 13
    assert by_counts["222222100"].waits == (1, 4, 7)  # 7 pairs, 123 123 456 456 7 ...
    assert by_counts["220220221"].waits == (9,)  # seven pairs only: tanki on 9
    assert by_counts["444100000"].line() == "444100000,45,2,13"  # no 1-4 waits: all held


def test_shape_values() -> None:
    shape = ChinitsuShape([3, 1, 1, 1, 1, 1, 1, 1, 3], [1, 2, 3, 4, 5, 6, 7, 8, 9])
    assert shape.line() == NINE_GATES
    assert shape == ChinitsuShape((3, 1, 1, 1, 1, 1, 1, 1, 3), tuple(range(1, 10)))
    assert ChinitsuShape((2, 2, 2, 2, 2, 2, 2, 0, 0)).line() == "222222200,14"
    for counts in ([1] * 8, [5, 0, 0, 0, 0, 0, 0, 0, 0], [-1] * 9):
        with pytest.raises(ValueError, match="nine counts"):
            ChinitsuShape(counts)
    for waits in ([2, 1], [0], [10], [1, 1]):
        with pytest.raises(ValueError, match="waits"):
            ChinitsuShape([1] + [0] * 8, waits)


@pytest.mark.parametrize("tiles", [0, 2, 3, 14, -1])
def test_tenpai_size_errors(tiles: int) -> None:
    with pytest.raises(ValueError, match="1, 4, 7, 10 or 13"):
        tenpai_shapes(tiles)


@pytest.mark.parametrize("tiles", [0, 1, 3, 13, 17])
def test_win_size_errors(tiles: int) -> None:
    with pytest.raises(ValueError, match="2, 5, 8, 11 or 14"):
        winning_shapes(tiles)


# -- the command line -------------------------------------------------------------------


def test_main_prints_the_lines_and_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert chinitsu_command.main([]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 40_196 and NINE_GATES in lines
    assert lines == [s.line() for s in tenpai_shapes(13)]
    assert "40196 tenpai shapes of 13 tiles" in err
    assert "9 waits: 1" in err and "1 wait: 14193" in err


def test_main_tiles_and_wins(capsys: pytest.CaptureFixture[str]) -> None:
    assert chinitsu_command.main(["--tiles", "4"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [s.line() for s in tenpai_shapes(4)]
    assert "249 tenpai shapes of 4 tiles" in err
    assert chinitsu_command.main(["--wins"]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 13_277 and "311111114,14" in out.splitlines()
    assert "13277 winning shapes of 14 tiles (18 of them seven pairs only)" in err
    assert chinitsu_command.main(["--wins", "--tiles", "5"]) == 0
    assert capsys.readouterr().out.splitlines() == [s.line() for s in winning_shapes(5)]


@pytest.mark.parametrize(("argv", "message"), [
    (["--tiles", "3"], "a tenpai shape has 1, 4, 7, 10 or 13 tiles, not 3"),
    (["--tiles", "14"], "not 14"),
    (["--wins", "--tiles", "13"], "a winning shape has 2, 5, 8, 11 or 14 tiles, not 13"),
    (["--tiles", "x"], "invalid int value: 'x'"),
    (["--tiles"], "expected one argument"),
    (["--bogus"], "unrecognized arguments: --bogus"),
    (["13"], "unrecognized arguments: 13"),
])
def test_usage_errors_exit_2(argv: list[str], message: str,
                             capsys: pytest.CaptureFixture[str]) -> None:
    assert chinitsu_command.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err and "usage: python -m mahjong_core chinitsu" in err


def test_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert chinitsu_command.main(["--help"]) == 0
    assert "--wins" in capsys.readouterr().out


def test_through_the_dispatcher() -> None:
    done = subprocess.run([sys.executable, "-m", "mahjong_core", "chinitsu", "--tiles", "1"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"{'0' * (r - 1)}1{'0' * (9 - r)},{r},1,1"
                                        for r in range(9, 0, -1)]
    assert "9 tenpai shapes of 1 tile;" in done.stderr
    bad = subprocess.run([sys.executable, "-m", "mahjong_core", "chinitsu", "--tiles", "2"],
                         capture_output=True, text=True, timeout=120, check=False)
    assert bad.returncode == 2 and "not 2" in bad.stderr and bad.stdout == ""
