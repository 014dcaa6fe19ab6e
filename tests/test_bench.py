"""The benchmark command: its hands, its table and its answer checks (never its timings).

The peers (PyPI mahjong, riichienv) are not installed in CI, so ``--no-peers`` keeps the
runs alike everywhere; the checks against the construction run either way, and this file
checks the hands and our answers on them against the suite's own oracles.
"""

from __future__ import annotations

import json

import pytest

from mahjong_core import Hand, bench

from . import oracle
from .test_shanten import chiitoitsu_oracle, kokushi_oracle, standard_oracle

SMALL = ["--quick", "--hands", "300", "--repeat", "1", "--no-peers"]
"""A run of a second or two: every task, a few hundred hands, one timed pass."""


def _sets_only(counts: list[int]) -> bool:
    """The lowest tile opens a triplet or a run, recursively (independent of the engine)."""
    first = next((k for k in range(34) if counts[k]), None)
    if first is None:
        return True
    if counts[first] >= 3:
        counts[first] -= 3
        ok = _sets_only(counts)
        counts[first] += 3
        if ok:
            return True
    if first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        for kind in (first, first + 1, first + 2):
            counts[kind] -= 1
        ok = _sets_only(counts)
        for kind in (first, first + 1, first + 2):
            counts[kind] += 1
        return ok
    return False


def _complete(ids: list[int]) -> bool:
    """Four sets and a pair, seven pairs or thirteen orphans, by plain search."""
    counts = [0] * 34
    for tile_id in ids:
        counts[tile_id // 4] += 1
    if sorted(counts)[-7:] == [2] * 7:
        return True
    orphans = (0, 8, 9, 17, 18, 26, *range(27, 34))
    if all(counts[k] for k in orphans) and sum(counts[k] for k in orphans) == 14:
        return True
    for pair in range(34):
        if counts[pair] >= 2:
            counts[pair] -= 2
            ok = _sets_only(counts)
            counts[pair] += 2
            if ok:
                return True
    return False


def test_win_hands_are_distinct_half_complete_and_labelled_right() -> None:
    ids, complete = bench.win_hands(400, seed=7)
    assert len(ids) == 400 and all(len(h) == 14 for h in ids)
    assert all(len(set(h)) == 14 for h in ids)  # distinct tile ids within a hand
    assert len({tuple(sorted(t // 4 for t in h)) for h in ids}) == 400  # distinct hands
    assert sum(complete) == 200
    truth = [_complete(h) for h in ids]
    assert all(t for t, built in zip(truth, complete, strict=True) if built)
    assert [Hand.from_ids136(h).is_complete() for h in ids] == truth


def test_hands_are_seeded() -> None:
    assert bench.win_hands(50, seed=3) == bench.win_hands(50, seed=3)
    assert bench.tenpai_hands(50, seed=3) == bench.tenpai_hands(50, seed=3)
    assert bench.tenpai_hands(50, seed=3) != bench.tenpai_hands(50, seed=4)
    assert bench.ron_hands(20, seed=3) == bench.ron_hands(20, seed=3)


def test_tenpai_hands_are_distinct_thirteen_tiles() -> None:
    hands, _ = bench.tenpai_hands(300, seed=5)
    assert all(len(h) == 13 and len(set(h)) == 13 for h in hands)
    assert len({tuple(sorted(t // 4 for t in h)) for h in hands}) == 300
    assert sum(Hand.from_ids136(h).is_tenpai() for h in hands) >= 100


def test_our_answers_on_the_bench_hands_equal_the_oracles() -> None:
    """What the benchmark times is right: waits and shanten on its hands, by brute force."""
    hands, built = bench.tenpai_hands(200, seed=9)
    assert sum(built) == 100
    for ids, was_built in zip(hands, built, strict=True):
        hand = Hand.from_ids136(ids)
        tiles = list(hand.tiles)
        want = oracle.waits(tiles, [])
        assert {k for k in range(34) if hand.waits_mask() >> k & 1} == want
        if was_built:
            assert want and hand.shanten() == 0
        assert (hand.shanten() == 0) == bool(want)
        counts = hand.counts34()
        assert hand.shanten() == min(standard_oracle(counts, [0] * 34, 0),
                                     chiitoitsu_oracle(counts), kokushi_oracle(counts))


def test_ron_hands_are_built_wins() -> None:
    for ids, win in bench.ron_hands(100, seed=11):
        assert len(ids) == 13 and win not in ids
        assert _complete([*ids, win])


def test_small_run_prints_the_table_and_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(SMALL) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if line.startswith("task"))
    assert header.split() == ["task", "calls", "cold", "warm", "target", "met"]
    for title in ("(a) win check", "(b) waits", "(c) shanten", "(d) full evaluation",
                  "(e) import (ms)"):
        line = next(line for line in out.splitlines() if line.startswith(title))
        cold, warm = line[len(title):].split()[1:3]  # after the calls
        assert float(cold) > 0 and float(warm) > 0, line
    for title in ("(f) self-play, random", "(g) self-play, bots"):
        assert any(line.startswith(title) for line in out.splitlines()), title
    assert "built wins that ours does not find complete: 0" in out
    assert "built wins less one tile that ours finds with no wait: 0 of 150" in out
    assert "built wins less one tile that ours finds not tenpai: 0 of 150" in out
    assert "built riichi wins that ours does not score: 0" in out
    assert out.count("hands after which points and riichi sticks do not add up: 0") == 2
    assert out.rstrip().endswith("answers: ours agree with the construction")


def test_cold_child_prints_first_passes(capsys: pytest.CaptureFixture[str]) -> None:
    """What a fresh interpreter reports to the run that measures cold passes."""
    assert bench.main([*SMALL, "--only", "shanten", "--cold-child"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert list(first) == ["ours"] and first["ours"] > 0


def test_only_one_task(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main([*SMALL, "--only", "waits"]) == 0
    out = capsys.readouterr().out
    assert "(b) waits" in out
    assert "(a) win check" not in out and "(e) import" not in out


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--only", "nonsense"]) == 2
    assert bench.main(["--hands", "1"]) == 2
    capsys.readouterr()


def test_self_play_rates(capsys: pytest.CaptureFixture[str]) -> None:
    """Both self-play rows: the hands asked for are played, and the rate is their time."""
    assert bench.main(["--no-peers", "--repeat", "1", "--hands", "6000", "--only", "selfplay",
                       "--only", "botplay"]) == 0
    out = capsys.readouterr().out
    assert "(a) win check" not in out
    # title (three words), calls, cold first pass, warm best
    rows = {line[:21].strip(): [line.split()[3], line.split()[5]] for line in out.splitlines()
            if line.startswith(("(f) self-play", "(g) self-play")) and not line.endswith(":")}
    assert rows["(f) self-play, random"][0] == "12"  # 6000 // 500 hands
    assert rows["(g) self-play, bots"][0] == "4"  # at least four hands
    for what, title in (("RandomPlayers", "(f) self-play, random"),
                        ("HeuristicPlayers", "(g) self-play, bots")):
        line = next(x for x in out.splitlines() if f"four {what}" in x)
        rate = float(line.split()[0])  # hands per second, from microseconds per hand
        assert abs(rate - 1e6 / float(rows[title][1])) <= 0.01 * rate + 1
    assert "hands played: 12;" in out and "hands played: 4;" in out
