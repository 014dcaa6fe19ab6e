"""``convert`` and ``replay`` on the command line: every format in and out, one file per
game, a game the engine refuses."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_core import cli
from mahjong_core.cli.convert import convert
from mahjong_core.errors import IllegalActionError, InvalidLogError
from mahjong_core.formats import GameSource, LogFormat, iter_sources, parse_game
from mahjong_core.formats.logs import detect_format

DATA = Path(__file__).resolve().parent / "data"
GAME = DATA / "2019021004gm-00a9-0000-e2f6516d.mjlog"


def _run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mahjong_core", *args], input=stdin,
                          capture_output=True, text=True, timeout=300, check=False)


def _refused() -> str:
    """The game with seat 0's first discard changed into a tile seat 1 holds."""
    text = GAME.read_text(encoding="utf-8")
    other = re.search(r'hai1="(\d+),', text)
    assert other is not None
    return re.sub(r"<D\d+/>", f"<D{other.group(1)}/>", text, count=1)


def test_convert_is_a_command() -> None:
    assert "convert" in cli.COMMANDS


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai", "mjlog"])
def test_one_game_to_standard_output_and_back(fmt: str, tmp_path: Path) -> None:
    done = _run(["convert", "--to", fmt, str(GAME)])
    assert done.returncode == 0, done.stderr
    assert detect_format(done.stdout) is LogFormat(fmt)
    converted = tmp_path / f"game{LogFormat(fmt).suffix}"
    converted.write_text(done.stdout, encoding="utf-8")
    answers = _run(["replay", str(GAME), str(converted)]).stdout.splitlines()
    first, second = (json.loads(line) for line in answers)
    assert first["rounds"] == second["rounds"]
    assert (first["game"], second["game"]) == (0, 1)
    back = _run(["convert", "--to", "mjlog", str(converted)])
    assert back.returncode == 0, back.stderr
    again = _run(["replay", "-"], back.stdout).stdout
    assert json.loads(again)["rounds"] == first["rounds"]


def test_one_file_per_game_and_a_refused_one(tmp_path: Path) -> None:
    good = GAME.read_text(encoding="utf-8").strip()
    source = tmp_path / "games.mjlog"
    source.write_text(f"{good}\n{_refused()}\n{good}\n", encoding="utf-8")
    out = tmp_path / "out"
    done = _run(["convert", "--to", "mjai", "--out", str(out), str(source)])
    assert done.returncode == 1
    assert sorted(p.name for p in out.iterdir()) == ["00000.mjson", "00002.mjson"]
    # the message names the game and the file it is in
    assert re.search(rf"game 1 \({re.escape(str(source))}\): E1 honba 0: Discard\(seat=0, "
                     r".*\) is illegal: seat 0 does not hold", done.stderr)
    assert "2 of 3 games written" in done.stderr
    assert (out / "00000.mjson").read_text() == (out / "00002.mjson").read_text()
    tenhou = _run(["convert", "--to", "tenhou6", "--out", str(out), str(out / "00002.mjson")])
    assert tenhou.returncode == 0 and (out / "00000.json").exists()


def test_several_games_need_an_out_directory(tmp_path: Path) -> None:
    good = GAME.read_text(encoding="utf-8").strip()
    source = tmp_path / "games.mjlog"
    source.write_text(f"{good}\n{good}\n", encoding="utf-8")
    done = _run(["convert", "--to", "tenhou6", str(source)])
    assert done.returncode == 2 and "holds 2 games" in done.stderr
    assert _run(["convert", str(source)]).returncode == 2   # --to is required


def test_a_refused_game_names_the_round_and_the_action() -> None:
    done = _run(["convert", "--to", "tenhou6", "-"], _refused())
    assert done.returncode == 1 and done.stdout == ""
    assert "game 0 (standard input): E1 honba 0: Discard(seat=0" in done.stderr
    with pytest.raises(IllegalActionError, match="E1 honba 0"):
        convert(_refused(), LogFormat.MJAI)


@pytest.mark.parametrize("version", ["inf", "1e999", "nan"])
def test_a_version_that_is_not_a_number_is_the_log_s_error(version: str) -> None:
    text = GAME.read_text(encoding="utf-8").replace('ver="2.3"', f'ver="{version}"', 1)
    done = _run(["convert", "--to", "tenhou6", "-"], text)
    assert done.returncode == 1 and done.stdout == ""
    assert re.search(rf"game 0 \(standard input\): .*ver='{version}' is not a version "
                     "number", done.stderr)
    assert "the library failed" not in done.stderr


def test_unreadable_input() -> None:
    done = _run(["convert", "--to", "mjai", "-"], "hello")
    assert done.returncode == 1 and "neither mjlog XML" in done.stderr


@pytest.mark.parametrize("fmt", ["tenhou6", "mjai"])
def test_replay_streams_json_formats_from_standard_input(fmt: str) -> None:
    text = _run(["convert", "--to", fmt, str(GAME)]).stdout
    if fmt == "tenhou6":   # a pretty-printed log spread over many lines
        text = json.dumps(json.loads(text), indent=1, ensure_ascii=False)
    done = _run(["replay"], text + "\n" + text)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0, done.stderr
    assert [a["game"] for a in answers] == [0, 1]
    assert answers[0]["rounds"] == answers[1]["rounds"]
    assert len(parse_game(text).rounds) == len(answers[0]["rounds"])


def test_replay_answers_an_unreadable_input_with_an_error_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{nope", encoding="utf-8")
    done = _run(["replay", str(bad), str(GAME)])
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1
    assert "error" in answers[0] and "rounds" in answers[1]


def _records() -> tuple[list[str], list[str | None]]:
    """JSON lines of game records, each holding one game or the problem that spoils it:
    the lines, and for each the answer's error (None for a game)."""
    mjlog = GAME.read_text(encoding="utf-8").strip()
    tenhou6 = convert(mjlog, LogFormat.TENHOU6)
    mjai = convert(mjlog, LogFormat.MJAI)
    cases: list[tuple[object, str | None]] = [
        ({"id": "a", "source": {"repo": "x", "path": "y"}, "mjlog": mjlog}, None),
        ({"tenhou6": json.loads(tenhou6)}, None),
        ({"tenhou6": tenhou6, "id": 3}, None),
        ({"mjai": [json.loads(line) for line in mjai.splitlines()]}, None),
        ({"mjai": mjai}, None),
        ({"id": "b", "source": {}}, 'holds no game: a record keeps it under "mjlog", '
                                    '"tenhou6" or "mjai"'),
        ({"mjlog": mjlog, "mjai": mjai}, 'holds more than one game ("mjlog", "mjai")'),
        ({"mjlog": 5}, '"mjlog" is the log\'s text, got 5'),
        ({"mjai": [5]}, '"mjai" is the events as a list of objects or as text'),
        ([1, 2], "is not a JSON object"),
        ("{not json", "is not JSON"),
        ({"mjlog": mjlog[:len(mjlog) // 2]}, "malformed tag"),
        ({"id": "last", "mjlog": mjlog}, None),
    ]
    lines = [case if isinstance(case, str) else json.dumps(case, ensure_ascii=False)
             for case, _ in cases]
    return lines, [problem for _, problem in cases]


def test_replay_reads_game_records_one_a_line(tmp_path: Path) -> None:
    """One JSON object a line whose "mjlog", "tenhou6" or "mjai" key holds the game (the
    form a corpus keeps with an id and a source): each record is answered as its log
    alone would be, a bad record is an error line naming its line, and reading goes on."""
    lines, problems = _records()
    path = tmp_path / "games.jsonl"
    path.write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    found = list(iter_sources([str(path)]))
    assert len(found) == len(lines)
    rounds = len(parse_game(GAME.read_text(encoding="utf-8")).rounds)
    for number, (game, problem) in enumerate(zip(found, problems, strict=True)):
        assert (game.file, game.index) == (str(path), number)
        if problem is None:
            assert isinstance(game, GameSource), (number, game)
            assert game.fmt.value in lines[number]
            assert len(parse_game(game.text, game.fmt).rounds) == rounds
        elif isinstance(game, GameSource):   # a damaged game: the record is read, the game not
            with pytest.raises(InvalidLogError, match=problem):
                parse_game(game.text, game.fmt)
        else:
            assert problem in game.message, (number, game.message)
            assert game.message.startswith(f"{path}, line {2 * number + 1}: "), game.message
    done = _run(["replay", "-"], path.read_text(encoding="utf-8"))
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1 and [a["game"] for a in answers] == list(range(len(lines)))
    plain = json.loads(_run(["replay", str(GAME)]).stdout)
    for answer_, problem in zip(answers, problems, strict=True):
        assert ("error" in answer_) == (problem is not None)
        if problem is None:
            assert answer_["rounds"] == plain["rounds"] and answer_["final"] == plain["final"]
