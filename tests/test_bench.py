"""The benchmark command: its hands, its table and its answer checks (never its timings).

The peers (PyPI mahjong, riichienv) are not installed in CI, so ``--no-peers`` keeps the
runs alike everywhere; the checks against the construction run either way, and this file
checks the hands and our answers on them against the suite's own oracles.
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_core import Hand
from mahjong_core.cli import bench
from mahjong_core.jsonapi import score_request

from .support import oracle
from .support.shanten_oracle import chiitoitsu_oracle, kokushi_oracle, standard_oracle

SMALL = ["--quick", "--hands", "300", "--lines", "60", "--repeat", "1", "--no-peers"]
"""A run of a few seconds: every task, a few hundred hands, one timed pass."""
COLUMNS = ["task", "calls", "cold", "warm", "target", "met"]
TITLE_WIDTH = 32
"""The plain table's first column."""


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


def test_texts_are_the_same_hands() -> None:
    """The rows from mpsz text time the hands the rows from ids do."""
    ids, _ = bench.win_hands(300, seed=17)
    for hand in ids:
        assert Hand.parse(bench._mpsz(hand)) == Hand.from_ids136(hand)
    assert bench._mpsz([16, 17, 52, 88, 135, 0]) == "105m0p0s7z"


def _tiles(text: str) -> list[tuple[int, bool]]:
    """(kind, red) of each tile of mpsz text, read plainly."""
    tiles: list[tuple[int, bool]] = []
    digits: list[int] = []
    for char in text:
        if char.isdigit():
            digits.append(int(char))
            continue
        base = "mpsz".index(char) * 9
        tiles += [(base + (digit or 5) - 1, digit == 0) for digit in digits]
        digits = []
    assert not digits, text
    return tiles


def test_score_requests_are_built_wins_that_our_scorer_answers() -> None:
    requests = bench.score_requests(400, seed=13)
    assert requests == bench.score_requests(400, seed=13)
    assert requests != bench.score_requests(400, seed=14)
    meld_kinds: set[str] = set()
    flags: set[str] = set()
    wins = 0
    for request in requests:
        assert json.loads(json.dumps(request)) == request
        hand = _tiles(str(request["hand"])) + _tiles(str(request["win_tile"]))
        shown = list(hand)
        melds = request.get("melds", [])
        assert isinstance(melds, list) and len(melds) <= 4
        for meld in melds:
            meld_kinds.add(meld["kind"])
            tiles = _tiles(meld["tiles"])
            assert len(tiles) == (4 if meld["kind"].endswith("kan") else 3)
            hand += tiles[:3]  # a kan scores as its set
            shown += tiles
        assert _complete([4 * kind for kind, _ in hand]), request
        for key in ("dora_indicators", "ura_indicators"):
            shown += _tiles(str(request.get(key, "")))
        assert max(sum(1 for kind, _ in shown if kind == k) for k in range(34)) <= 4
        assert sum(1 for _, red in shown if red) == len({kind for kind, red in shown if red})
        closed = all(meld["kind"] == "ankan" for meld in melds)
        if request.get("riichi") or request.get("double_riichi") or "ura_indicators" in request:
            assert closed, request
        flags |= {key for key, value in request.items() if value is True}
        answer = score_request(request)
        assert "error" not in answer, (request, answer)
        assert answer["win"] is True or answer["reason"] == "no_yaku", (request, answer)
        wins += answer["win"] is True
    assert meld_kinds == {"chi", "pon", "minkan", "shouminkan", "ankan"}
    assert flags >= {"tsumo", "riichi", "double_riichi", "ippatsu", "rinshan"}
    assert wins > len(requests) // 2


def test_score_adapter_compiles() -> None:
    code = compile(bench.SCORE_ADAPTER, "score_adapter.py", "exec")
    assert "estimate_hand_value" in code.co_names or any(
        "estimate_hand_value" in getattr(const, "co_names", ()) for const in code.co_consts)


@pytest.mark.skipif(importlib.util.find_spec("mahjong") is None,
                    reason="PyPI mahjong is not installed (it is never a dependency)")
def test_score_adapter_answers_as_ours_does(tmp_path: Path) -> None:
    script = tmp_path / "score_adapter.py"
    script.write_text(bench.SCORE_ADAPTER, encoding="utf-8")
    requests = bench.score_requests(150, seed=21)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          input="".join(json.dumps(r) + "\n" for r in requests), check=True)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == len(requests)
    for request, theirs in zip(requests, answers, strict=True):
        ours = score_request(request)
        assert ours["win"] == theirs["win"], (request, ours, theirs)
        if ours["win"]:
            fu = ours["han"] < 13  # type: ignore[operator]
            assert ((ours["han"], ours["points"], ours["fu"] if fu else 0)
                    == (theirs["han"], theirs["points"], theirs["fu"] if fu else 0)), request


def _plain_rows(out: str) -> dict[str, list[str]]:
    """The plain table's rows: title -> the cells after it (calls, cold, warm, ...)."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("task"))
    assert lines[start].split() == COLUMNS
    rows: dict[str, list[str]] = {}
    for line in lines[start + 2:]:
        if not line or line.startswith(" "):
            break
        rows[line[:TITLE_WIDTH].strip()] = line[TITLE_WIDTH:].split()
    return rows


def test_small_run_prints_the_table_and_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(SMALL) == 0
    out = capsys.readouterr().out
    rows = _plain_rows(out)
    assert list(rows) == [bench._TITLES[task] for task in bench.TASKS]
    for task in bench.TASKS:
        title = bench._TITLES[task]
        calls, cold, warm = rows[title][:3]
        if task == "replay-dask" and importlib.util.find_spec("distributed") is None:
            assert calls == "0" and "skipped: Dask is not installed" in out
            continue
        assert int(calls) > 0 and float(warm) > 0, title
        assert cold == "-" if task in bench._CORPUS_ROWS else float(cold) > 0, title
    assert rows["score command, a JSON line"][0] == "60"
    assert rows["evaluate + yaku, from 136 ids"][0] == "30"
    assert out.count("built wins that ours does not find complete: 0") == 3
    assert out.count("built wins less one tile that ours finds with no wait: 0 of 150") == 3
    assert out.count("built wins less one tile that ours finds not tenpai: 0 of 150") == 3
    assert out.count("built riichi wins that ours does not score: 0") == 3
    assert "lines ours does not answer, answers with an error or finds incomplete: 0" in out
    assert out.count("hands after which points and riichi sticks do not add up: 0") == 2
    dask = importlib.util.find_spec("distributed") is not None
    assert out.count("games whose replay ends on other scores than were played: 0") == 4 + dask
    assert out.count("games answered otherwise than on one process: 0") == 1 + dask
    assert out.count("games refused (each message names why): 0 of 2") == 10 + dask
    for fmt in ("mjlog", "tenhou6", "mjai"):   # the stats rows count the rounds replayed
        assert rows[f"stats {fmt}, a round"][0] == rows[f"replay {fmt}, a round"][0], fmt
    assert out.rstrip().endswith("answers: ours agree with the construction")


def test_markdown_table(capsys: pytest.CaptureFixture[str]) -> None:
    """--markdown prints the table as the README shows it: one row a task, in order."""
    tasks = ["win", "evaluate-text", "score"]
    argv = [*SMALL, "--markdown", *(arg for task in tasks for arg in ("--only", task))]
    assert bench.main(argv) == 0
    out = capsys.readouterr().out
    table = [[cell.strip() for cell in line.strip().strip("|").split("|")]
             for line in out.splitlines() if line.startswith("|")]
    assert table[0] == ["task", "calls", "mahjong_core cold", "warm", "target", "met"]
    assert all(re.fullmatch(r"-{3,}:?", cell) for cell in table[1])
    assert len(table) == 2 + len(tasks) and {len(row) for row in table} == {6}
    assert [row[0] for row in table[2:]] == [bench._TITLES[task] for task in tasks]
    assert [row[1] for row in table[2:]] == ["300", "30", "60"]
    for row in table[2:]:
        assert float(row[2].replace(",", "")) > 0 and float(row[3].replace(",", "")) > 0
        assert row[5] in ("yes", "NO", "-")
    assert [row[4] for row in table[2:]] == ["<= 0.4", "-", "<= 62.5, >= 4x"]
    assert not any(line.startswith("task ") for line in out.splitlines())  # no plain table


def test_readme_table_is_the_markdown_form() -> None:
    """The README's Speed table has the columns and rows --markdown prints, in order."""
    readme = Path(__file__).resolve().parents[1] / "README.md"
    section = readme.read_text(encoding="utf-8").split("\n## Speed\n", 1)[1]
    section = section.split("\n## ", 1)[0]
    assert "python -m mahjong_core bench --markdown" in section
    table = [[cell.strip() for cell in line.strip().strip("|").split("|")]
             for line in section.splitlines() if line.startswith("|")]
    assert table[0][:6] == ["task", "calls", "mahjong_core cold", "warm", "target", "met"]
    for peer, ratio in zip(table[0][6::2], table[0][7::2], strict=True):
        assert peer.endswith(" cold / warm") and ratio == "ratio"
    assert [row[0] for row in table[2:]] == [bench._TITLES[task] for task in bench.TASKS]
    assert {len(row) for row in table} == {len(table[0])}


def test_progress_goes_to_stderr_unless_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main([*SMALL, "--only", "win-ids", "--only", "shanten-text"]) == 0
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert lines[0] == "[1/2] win check, from 136 ids: dealing..."
    assert "[1/2] win check, from 136 ids: warm, ours..." in lines
    assert lines[-1] == "[2/2] shanten, from mpsz text: cold, a fresh interpreter..."
    assert "[1/2]" not in captured.out
    assert bench.main([*SMALL, "--only", "win-ids", "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_cold_child_prints_first_passes(capsys: pytest.CaptureFixture[str]) -> None:
    """What a fresh interpreter reports to the run that measures cold passes."""
    assert bench.main([*SMALL, "--only", "shanten-ids", "--cold-child"]) == 0
    captured = capsys.readouterr()
    first = json.loads(captured.out)
    assert list(first) == ["ours"] and first["ours"] > 0
    assert captured.err == ""


def test_only_one_task(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main([*SMALL, "--only", "waits-text"]) == 0
    rows = _plain_rows(capsys.readouterr().out)
    assert list(rows) == ["waits, from mpsz text"]


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--only", "nonsense"]) == 2
    assert bench.main(["--hands", "1"]) == 2
    assert bench.main(["--lines", "0"]) == 2
    capsys.readouterr()


def test_self_play_rates(capsys: pytest.CaptureFixture[str]) -> None:
    """Both self-play rows: the hands asked for are played, random play timed per action
    and the bots per hand, and each rate is its row's time."""
    assert bench.main(["--no-peers", "--quiet", "--repeat", "1", "--hands", "6000", "--only",
                       "selfplay", "--only", "botplay"]) == 0
    out = capsys.readouterr().out
    rows = _plain_rows(out)
    assert list(rows) == ["self-play, random, an action", "self-play, bots, a hand"]
    assert rows["self-play, bots, a hand"][0] == "4"  # at least four hands
    assert "hands played: 12;" in out and "hands played: 4;" in out  # 6000 // 500 hands
    actions = next(x for x in out.splitlines() if "four RandomPlayers" in x)
    assert f"({int(rows['self-play, random, an action'][0]):,} actions, 12 hands" in actions
    for unit, title in (("actions", "self-play, random, an action"),
                        ("hands", "self-play, bots, a hand")):
        line = next(x for x in out.splitlines() if f" {unit} per second" in x)
        rate = float(line.split()[0].replace(",", ""))  # from microseconds per call
        assert abs(rate - 1e6 / float(rows[title][2])) <= 0.01 * rate + 1


_FLOOR = Path(__file__).resolve().parents[1] / "scripts" / "speed_floor.py"


@pytest.mark.skipif(importlib.util.find_spec("mahjong") is None,
                    reason="PyPI mahjong is not installed (it is never a dependency)")
def test_speed_floor_measures_beside_the_peer() -> None:
    done = subprocess.run([sys.executable, str(_FLOOR), "--hands", "40"],
                          capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("win check from 14 ids, 40 hands: PyPI mahjong ")
    assert "Hand.from_ids136(ids).is_complete()" in lines[4]
    assert lines[5].startswith("evaluate from ids, 4 riichi rons")


@pytest.mark.skipif(importlib.util.find_spec("mahjong") is not None,
                    reason="PyPI mahjong is installed")
def test_speed_floor_says_it_needs_the_peer() -> None:
    done = subprocess.run([sys.executable, str(_FLOOR), "--hands", "40"],
                          capture_output=True, text=True)
    assert done.returncode == 1 and "pip install mahjong" in done.stderr


DATA = Path(__file__).resolve().parent / "data"
GAMES = [(DATA / name).read_text(encoding="utf-8").strip()
         for name in ("2019021004gm-00a9-0000-e2f6516d.mjlog",
                      "2019080322gm-00a9-0000-81e85e04.mjlog")]
ROUNDS = sum(game.count("<INIT") for game in GAMES)


def _replay_row(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[list[str], str]:
    """The replay row of a run on the games of ``path``, and the whole output."""
    status = bench.main(["--no-peers", "--quiet", "--repeat", "1", "--only", "replay",
                         "--games", str(path)])
    out = capsys.readouterr().out
    assert status == 0
    return _plain_rows(out)["replay mjlog, a round"], out


def test_replay_of_game_records_one_a_line(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """--games reads the JSON lines a checker keeps ({"id", "source", "mjlog"}) as it
    reads the logs themselves: every round replayed, no game refused."""
    records = tmp_path / "games.jsonl"
    records.write_text("".join(json.dumps({"id": f"g{n}", "source": {"repo": "r"},
                                           "mjlog": game}) + "\n"
                               for n, game in enumerate(GAMES)), encoding="utf-8")
    plain = tmp_path / "games.mjlog"
    plain.write_text("\n".join(GAMES) + "\n", encoding="utf-8")
    for path in (records, plain):
        row, out = _replay_row(path, capsys)
        assert row[0] == str(ROUNDS) and float(row[2]) > 0, out
        assert "games refused (each message names why): 0 of 2" in out
        assert f"2 of 2 games from {path}" in out


def test_a_replay_row_whose_games_are_all_refused_has_no_figure(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused = tmp_path / "games.jsonl"
    refused.write_text("".join(json.dumps({"id": n, "game": game}) + "\n"
                               for n, game in enumerate(GAMES)), encoding="utf-8")
    row, out = _replay_row(refused, capsys)
    assert row == ["0", "-", "-", "<=", "400", "-"], out
    assert "no figure: every one of the 2 games of" in out
    assert "games refused (each message names why): 2 of 2; the first, game 0: " in out
    assert " yes" not in out


_CORPUS_FLOOR = Path(__file__).resolve().parents[1] / "scripts" / "corpus_floor.py"


def test_corpus_floor_times_each_step_of_each_format(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    records.write_text("".join(json.dumps({"mjlog": game}) + "\n" for game in GAMES),
                       encoding="utf-8")
    done = subprocess.run([sys.executable, str(_CORPUS_FLOOR), str(records), "--repeat", "1"],
                          capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("microseconds a round (budget 400: 2,500 rounds a second); "
                               "2 games, best of 1 passes")
    assert lines[1].split() == ["format", "decode", "touch", "read", "replay", "whole", "left",
                                "for", "rules"]
    rows = {line.split()[0]: [int(x) for x in line.split()[1:]] for line in lines[2:]}
    assert list(rows) == ["mjlog", "tenhou6", "mjai"]
    for decode, touch, read, replay, whole, left in rows.values():
        assert min(decode, touch, read, replay) > 0
        assert abs(whole - (read + replay)) <= 1 and abs(left - (400 - touch)) <= 1
