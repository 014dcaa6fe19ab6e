"""The analyze command: JSON and text answers, stdin, per-hand errors and exit status."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core import Hand, Tile, parse_tiles
from mahjong_core.cli import analyze
from tests.support import oracle
from tests.support.shaped_hands import shaped_hands
from tests.support.strategies import hands


def run(argv: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, stdin: str = "") -> tuple[int, list[str], str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = analyze.main(argv)
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def answers(argv: list[str], capsys: pytest.CaptureFixture[str],
            monkeypatch: pytest.MonkeyPatch, stdin: str = "") -> tuple[int, list[dict[str, Any]]]:
    status, lines, _ = run(["--json", *argv], capsys, monkeypatch, stdin)
    return status, [json.loads(line) for line in lines]


PROGRESS = ("shanten", "ukeire", "discards")
"""The keys of an answer about the way to tenpai (checked on their own below)."""


def shapes(found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The answers without the keys about the way to tenpai."""
    return [{k: v for k, v in answer.items() if k not in PROGRESS} for answer in found]


def test_json_thirteen_tiles(capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    status, found = answers(["9998887654321m"], capsys, monkeypatch)
    assert status == 0
    assert shapes(found) == [{"hand": "1234567888999m", "tiles": 13, "complete": False,
                      "waits": ["1m", "3m", "4m", "6m", "7m", "8m", "9m"],
                      "decompositions": []}]


def test_json_readings(capsys: pytest.CaptureFixture[str],
                       monkeypatch: pytest.MonkeyPatch) -> None:
    status, found = answers(["111222333m789p55z", "1133m5577p2288s11z",
                             "119m19p19s1234567z", "1111m2233p4455s66z"], capsys, monkeypatch)
    assert status == 0
    assert [a["shanten"] for a in found] == [-1, -1, -1, 1]
    assert shapes(found) == [
        {"hand": "111222333m789p55z", "tiles": 14, "complete": True, "waits": [],
         "decompositions": [["55z", "111m", "222m", "333m", "789p"],
                            ["55z", "123m", "123m", "123m", "789p"]]},
        {"hand": "1133m5577p2288s11z", "tiles": 14, "complete": True, "waits": [],
         "decompositions": [["11m", "33m", "55p", "77p", "22s", "88s", "11z"]]},
        {"hand": "119m19p19s1234567z", "tiles": 14, "complete": True, "waits": [],
         "decompositions": [["11m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z",
                             "5z", "6z", "7z"]]},
        {"hand": "1111m2233p4455s66z", "tiles": 14, "complete": False, "waits": [],
         "decompositions": []},
    ]


def test_json_melds_count_physical_tiles(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    status, found = answers(["123m55p chi:789p:7p:kamicha ankan:1111s pon:777z:7z:toimen",
                             "55p ankan:1111s minkan:2222s shouminkan:3333s ankan:4444s",
                             "5p ankan:1111s minkan:2222s shouminkan:3333s ankan:4444s"],
                            capsys, monkeypatch)
    assert status == 0
    assert shapes(found)[0] == {
        "hand": "123m55p chi:789p:7p:kamicha ankan:1111s pon:777z:7z:toimen", "tiles": 15,
        "complete": True, "waits": [],
        "decompositions": [["55p", "123m", "789p", "1111s", "777z"]]}
    assert found[1]["tiles"] == 18 and found[1]["complete"] is True
    assert found[2]["waits"] == ["5p"] and found[2]["tiles"] == 17


def test_errors_answer_and_the_rest_go_on(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    status, found = answers(["123m", "123m456p789s1122z", "11111m22p", "123x"],
                            capsys, monkeypatch)
    assert status == 1
    assert len(found) == 4
    assert found[0] == {"error": "a hand with 0 meld(s) holds 13 or 14 concealed tiles, "
                                 "not 3 (123m)"}
    assert found[1]["waits"] == ["1z", "2z"]
    assert set(found[2]) == {"error"} and "11111m" in found[2]["error"]
    assert "unknown character 'x'" in found[3]["error"]


def test_stdin_lines(capsys: pytest.CaptureFixture[str],
                     monkeypatch: pytest.MonkeyPatch) -> None:
    text = "123m456p789s1122z\n\n   \n  1112345678999m  \nnot a hand\n"
    status, found = answers(["-"], capsys, monkeypatch, text)
    assert status == 1
    assert [a.get("hand", "error") for a in found] == [
        "123m456p789s1122z", "1112345678999m", "error"]
    status, found = answers(["1m19p19s1234567z9m", "-", "123m456p789s11222z"], capsys,
                            monkeypatch, "123m456p789s1122z\n")
    assert status == 0
    assert [a["hand"] for a in found] == [
        "19m19p19s1234567z", "123m456p789s1122z", "123m456p789s11222z"]


def test_meld_arguments_join_the_hand_before(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    status, found = answers(["123m456p1122z", "pon:777z:7z:toimen", "1112345678999m"],
                            capsys, monkeypatch)
    assert status == 0
    assert [a["hand"] for a in found] == [
        "123m456p1122z pon:777z:7z:toimen", "1112345678999m"]
    status, found = answers(["pon:777z"], capsys, monkeypatch)
    assert status == 1 and "error" in found[0]


def test_text_form(capsys: pytest.CaptureFixture[str],
                   monkeypatch: pytest.MonkeyPatch) -> None:
    status, lines, err = run(["1112345678999m", "111222333m789p55z", "1111m2233p4455s66z",
                              "123m456p789s1145z", "123m", "55p ankan:1111s pon:222s "
                              "chi:345s:3s chi:789s"], capsys, monkeypatch)
    assert status == 1 and err == ""
    assert lines == [
        "1112345678999m: 13 tiles, tenpai, waits on 1m 2m 3m 4m 5m 6m 7m 8m 9m (9 kinds)",
        "111222333m789p55z: 14 tiles, complete, 2 readings",
        "  standard: 55z 111m 222m 333m 789p",
        "  standard: 55z 123m 123m 123m 789p",
        "1111m2233p4455s66z: 14 tiles, not complete, shanten 1",
        "  discard 1m: shanten 1, ukeire 112 (28 kinds): " + " ".join(
            f"{t}:4" for t in parse_tiles("23456789m1456789p1236789s123457z")),
        "123m456p789s1145z: 13 tiles, not tenpai, shanten 1",
        "  ukeire 8 (3 kinds): 1z:2 4z:3 5z:3",
        "123m: error: a hand with 0 meld(s) holds 13 or 14 concealed tiles, not 3 (123m)",
        "55p ankan:1111s pon:222s chi:345s:3s chi:789s: 15 tiles, complete, 1 reading",
        "  standard: 55p [1111s] [222s] [345s] [789s]",
    ]


@pytest.mark.parametrize(("argv", "message"), [
    ([], "give at least one HAND"),
    (["--json"], "give at least one HAND"),
    (["--bogus", "123m456p789s1122z"], "unrecognized arguments: --bogus"),
])
def test_usage_errors_exit_2(argv: list[str], message: str,
                             capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    status, lines, err = run(argv, capsys, monkeypatch)
    assert status == 2 and lines == []
    assert message in err and "usage: python -m mahjong_core analyze" in err


def test_help(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, lines, _ = run(["--help"], capsys, monkeypatch)
    assert status == 0 and any("--json" in line for line in lines)


@settings(max_examples=150, deadline=None)
@given(st.one_of(hands(), shaped_hands().map(lambda data: Hand(*data))))
def test_answer_agrees_with_the_oracle(hand: Hand) -> None:
    answer = analyze.analyze(hand)
    assert Hand.parse(str(answer["hand"])) == hand
    tiles, melds = list(hand.tiles), list(hand.melds)
    assert answer["tiles"] == len(tiles) + sum(len(m.tiles) for m in melds)
    assert answer["complete"] is oracle.is_complete(tiles, melds)
    if hand.is_full:
        assert answer["waits"] == []
        readings = answer["decompositions"]
        assert isinstance(readings, list)
        assert sorted(sorted(r) for r in readings) == sorted(
            sorted(g[0] for g in groups) for _, groups in oracle.decompositions(tiles, melds))
    else:
        expected = sorted(oracle.waits(tiles, melds))
        assert answer["waits"] == [f"{k % 9 + 1}{'mpsz'[k // 9]}" for k in expected]
        assert answer["decompositions"] == []
    assert json.loads(json.dumps(answer)) == answer


def test_the_way_to_tenpai(capsys: pytest.CaptureFixture[str],
                           monkeypatch: pytest.MonkeyPatch) -> None:
    # 123m 456p 789s sets, a 1z pair: 4z or 5z makes a second pair, 1z a triplet
    status, found = answers(["123m456p789s1145z", "1236m456p789s1134z"], capsys, monkeypatch)
    assert status == 0
    assert found[0]["shanten"] == 1 and found[0]["discards"] == []
    assert found[0]["ukeire"] == {"total": 8, "draws": [["1z", 2], ["4z", 3], ["5z", 3]]}
    # throwing 3z (or 4z) keeps 6m and the other honour: 4-8m, 1z and that honour help
    assert found[1]["shanten"] == 1 and found[1]["ukeire"] is None
    first = found[1]["discards"][0]
    assert first == {"tile": "3z", "shanten": 1, "ukeire": {"total": 24, "draws": [
        ["4m", 4], ["5m", 4], ["6m", 3], ["7m", 4], ["8m", 4], ["1z", 2], ["4z", 3]]}}
    assert [d["tile"] for d in found[1]["discards"]][:3] == ["3z", "4z", "6m"]
    status, lines, _ = run(["1236m456p789s1234z"], capsys, monkeypatch)
    assert lines[0] == "1236m456p789s1234z: 14 tiles, not complete, shanten 2"
    assert [line.split(":")[0] for line in lines[1:]] == [
        "  discard 1z", "  discard 2z", "  discard 3z", "  discard 4z", "  discard 6m"]
    status, lines, _ = run(["1357m1357p1357s12z"], capsys, monkeypatch)
    best = [line for line in lines if line.startswith("  discard ")]
    assert len(best) == analyze.SHOWN_DISCARDS and lines[-1].startswith("  and ")


@settings(max_examples=100, deadline=None)
@given(hands())
def test_shanten_ukeire_and_discards_mean_what_they_say(hand: Hand) -> None:
    answer = analyze.analyze(hand)
    shanten = hand.shanten()
    assert answer["shanten"] == shanten
    if not hand.is_full:
        ukeire = answer["ukeire"]
        assert isinstance(ukeire, dict) and answer["discards"] == []
        draws = [(Tile.parse(t), n) for t, n in ukeire["draws"]]
        assert ukeire["total"] == sum(n for _, n in draws)
        held = hand.counts34()
        melded = [t.kind for m in hand.melds for t in m.tiles]
        for kind in range(34):
            tile = Tile(kind)
            if held[kind] + melded.count(kind) == 4:
                assert tile not in dict(draws)
                continue
            improves = hand.add(tile).shanten() < shanten
            assert (tile in dict(draws)) is improves
            if improves:
                assert dict(draws)[tile] == 4 - held[kind] - melded.count(kind)
    else:
        assert answer["ukeire"] is None
        discards = answer["discards"]
        assert isinstance(discards, list)
        assert sorted(d["tile"] for d in discards) == sorted(
            {str(t.plain) if hand.count(t.plain) > 1 or not t.red else str(t)
             for t in hand.tiles})
        for option in discards:
            after = hand.remove(Tile.parse(option["tile"]))
            assert option["shanten"] == after.shanten()
        keys = [(d["shanten"], -d["ukeire"]["total"]) for d in discards]
        assert keys == sorted(keys)


def test_through_the_dispatcher() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mahjong_core", "analyze", "--json", "-", "bad"],
        input="1112345678999m\n", capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 1, done.stderr
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["waits"] == [f"{r}m" for r in range(1, 10)]
    assert "error" in second and "Traceback" not in done.stderr
