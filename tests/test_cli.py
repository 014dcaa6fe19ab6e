"""The command line: dispatch, usage errors and the JSON-lines scorer."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

import pytest

import mahjong_core
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


def test_score_without_arguments_starts_without_argparse() -> None:
    """The scorer's start-up is part of every batch: a plain run skips the argument parser
    (and the modules its help formatter loads)."""
    code = ("import sys; from mahjong_core import cli; status = cli.main(['score']); "
            "print(status, 'argparse' in sys.modules, 'shutil' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], input=json.dumps(WIN) + "\n",
                          capture_output=True, text=True, timeout=120, check=False)
    *answers, last = done.stdout.splitlines()
    assert json.loads(answers[0])["win"] is True
    assert last == "0 False False"


# -- help, version and usage errors of every command ------------------------------------------

SUBCOMMANDS = list(cli.COMMANDS)


def test_every_command_is_listed_with_an_example() -> None:
    assert SUBCOMMANDS == ["analyze", "score", "chinitsu", "replay", "convert", "export",
                           "stats", "view", "bench", "demo", "match", "mjai-bot"]
    text = cli.usage()
    for name, (_, summary, example) in cli.COMMANDS.items():
        assert f"  {name:<10}{summary}" in text and f"  {example}" in text
    assert "python -m mahjong_core --version" in text


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_each_command_has_argparse_help_with_an_example(
        name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([name, "--help"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.startswith(f"usage: python -m mahjong_core {name}")
    assert "-h, --help" in out  # argparse's own option list
    epilog = out[out.index("-h, --help"):]
    examples = [line for line in epilog.splitlines() if f"python -m mahjong_core {name}" in line]
    assert examples, out
    assert out.count("example") >= 1


def test_score_help_points_to_the_format_documents(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["score", "--help"]) == 0
    out = capsys.readouterr().out
    assert "docs/score.md" in out and "docs/score.schema.json" in out


@pytest.mark.parametrize("name", SUBCOMMANDS)
def test_each_command_refuses_an_unknown_option(name: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    args = [name, "--no-such-option"]
    if name == "convert":
        args += ["--to", "mjai"]
    if name == "match":
        args += ["--players", "random,random,random,random", "--games", "1"]
    if name == "view":
        args += ["game.mjlog"]
    if name == "export":
        args += ["--table", "wins"]
    assert cli.main(args) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert f"usage: python -m mahjong_core {name}" in err
    assert "unrecognized arguments: --no-such-option" in err


@pytest.mark.parametrize(("args", "message"), [
    (["chinitsu", "--tiles", "12"], "a tenpai shape has 1, 4, 7, 10 or 13 tiles, not 12"),
    (["demo", "--hands", "0"], "--hands must be at least 1"),
    (["demo", "--seed", "x"], "argument --seed: invalid int value: 'x'"),
    (["replay", "--jobs", "0"], "--jobs must be"),
    (["convert", "--to", "png", "game.mjlog"], "argument --to: invalid choice: 'png'"),
    (["bench", "--only", "nothing"], "argument --only: invalid choice: 'nothing'"),
    (["analyze"], "give at least one HAND"),
])
def test_bad_arguments_exit_2_with_a_message(args: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "usage: python -m mahjong_core" in err


def _pyproject_version() -> str:
    with open(Path(__file__).parent.parent / "pyproject.toml", "rb") as handle:
        version = tomllib.load(handle)["project"]["version"]
    assert isinstance(version, str)
    return version


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert mahjong_core.__version__ == _pyproject_version()
    assert re.fullmatch(r"\d+\.\d+\.\d+", mahjong_core.__version__)
    for flag in ("--version", "-V"):
        assert cli.main([flag]) == 0
        assert capsys.readouterr().out == f"mahjong_core {mahjong_core.__version__}\n"
    done = _run(["--version"])
    assert done.returncode == 0 and done.stdout == f"mahjong_core {_pyproject_version()}\n"


def test_a_bad_argument_through_the_interpreter() -> None:
    done = _run(["demo", "--hands", "two"])
    assert done.returncode == 2 and done.stdout == ""
    assert "argument --hands: invalid int value: 'two'" in done.stderr
    assert "Traceback" not in done.stderr


def test_analyze_stops_quietly_when_its_reader_goes_away() -> None:
    with tempfile.TemporaryFile() as source:
        source.write(b"1236m456p789s1234z\n" * 5000)  # each answer several lines long
        source.seek(0)
        process = subprocess.Popen([sys.executable, "-m", "mahjong_core", "analyze", "-"],
                                   stdin=source, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline().startswith(b"1236m456p789s1234z: 14 tiles")
        process.stdout.close()
        assert process.wait(timeout=120) == 0
        assert process.stderr.read() == b""


def test_score_answers_each_line_before_the_next_is_sent() -> None:
    """A program talking through a pipe gets each answer while the command waits for its
    next line (answers are sent whenever the command would wait for input), and a batch
    gets every answer at the end."""
    process = subprocess.Popen([sys.executable, "-m", "mahjong_core", "score"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    requests = [{"hand": "123m456p789s1122z", "win_tile": "2z", "riichi": True},
                {"hand": "123m456p789s1122z", "win_tile": "3z"},
                {"hand": "234m456p11s88s", "win_tile": "8s", "melds": [
                    {"kind": "chi", "tiles": "789p", "called": "7p", "from": "kamicha"}]}]
    answers = []
    for request in requests:  # the next line is written only once the answer came back
        process.stdin.write(json.dumps(request).encode() + b"\n")
        process.stdin.flush()
        answers.append(json.loads(process.stdout.readline()))
    process.stdin.close()
    assert process.stdout.read() == b""
    assert process.wait(timeout=60) == 0
    assert answers[0]["yaku"] == {"riichi": 1}  # 2z is south: no yakuhai for east
    assert answers[1:] == [{"win": False, "reason": "not_complete"},
                           {"win": False, "reason": "no_yaku"}]


def test_score_sends_the_answers_given_before_an_interrupt(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from mahjong_core.cli import _batch
    from mahjong_core.cli import score as score_command

    answered: list[object] = []

    def answer(obj: object) -> tuple[str, bool]:
        if len(answered) == 2:
            raise KeyboardInterrupt
        answered.append(obj)
        return f'{{"n": {len(answered)}}}', False

    monkeypatch.setattr(score_command, "answer_line", answer)
    out = io.StringIO()
    lines = b"".join(b'{"line": %d}\n' % n for n in range(5))
    with pytest.raises(KeyboardInterrupt):
        score_command.score_stream(io.BytesIO(lines), _batch.Output(out, flush_each=False))
    assert out.getvalue() == '{"n": 1}\n{"n": 2}\n'


def test_only_the_program_freezes_what_it_loaded() -> None:
    # run as the program, a command's start-up objects are frozen for the collector;
    # called from Python with arguments, the caller's objects are left alone
    import gc

    before = gc.get_freeze_count()
    assert cli.main(["score", "--help"]) == 0
    assert gc.get_freeze_count() == before
    probe = ("import gc, sys\n"
             "from mahjong_core import cli\n"
             "sys.argv = ['mahjong_core', 'score']\n"
             "status = cli.main()\n"
             "print(status, gc.get_freeze_count() > 1000)\n")
    done = subprocess.run([sys.executable, "-c", probe], input="", capture_output=True,
                          text=True, check=True)
    assert done.stdout.split()[-2:] == ["0", "True"]
