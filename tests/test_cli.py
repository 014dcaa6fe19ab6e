"""The command line: dispatch, usage errors and the JSON-lines scorer."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mahjong_core import cli


def _run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mahjong_core", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    for name in ("analyze", "score", "chinitsu", "bench", "demo"):
        assert f"  {name} " in out
        assert f"python -m mahjong_core {name}" in out


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 2
    assert cli.main(["frobnicate"]) == 2
    assert "unknown command 'frobnicate'" in capsys.readouterr().err


WIN = {"hand": "123m456p789s1122z", "win_tile": "2z", "riichi": True, "seat_wind": "S"}


def test_score_answers_every_line_in_order_and_reports_errors() -> None:
    lines = [json.dumps(WIN), "{not json", json.dumps({**WIN, "hand": "123m456p789s1122q"}),
             "", json.dumps({**WIN, "win_tile": "3z"}), json.dumps([1]),
             json.dumps({**WIN, "tsumo": True})]
    done = _run(["score"], "\n".join(lines) + "\n")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1, done.stderr
    assert len(answers) == 6  # the blank line is skipped
    assert answers[0]["win"] is True and answers[0]["points"] == 2600
    assert "invalid JSON" in answers[1]["error"]
    assert "unknown character 'q'" in answers[2]["error"]
    assert answers[3] == {"win": False, "reason": "not_complete"}
    assert "object" in answers[4]["error"]
    assert answers[5]["payments"] == {"dealer": 2600, "non_dealer": 1300}  # 3 han 40 fu
    assert "Traceback" not in done.stderr


def test_score_survives_hostile_lines() -> None:
    lines = ["[" * 100_000, '{"honba": 1' + "0" * 5000 + "}",
             json.dumps({**WIN, "rules": None}), json.dumps({**WIN, "rules": []}),
             json.dumps(WIN)]
    done = _run(["score"], "\n".join(lines) + "\n")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert len(answers) == 5
    assert all("error" in a for a in answers[:4])  # a falsy "rules" is not the default
    assert answers[4]["points"] == 2600


def test_score_exit_status_is_0_without_errors() -> None:
    done = _run(["score"], json.dumps(WIN) + "\n")
    assert done.returncode == 0 and json.loads(done.stdout)["total"] == 2600


def test_score_rejects_arguments() -> None:
    assert _run(["score", "extra"]).returncode == 2
