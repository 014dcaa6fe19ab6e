"""``python -m mahjong_core view``: game logs as replay pages, and the demo's ``--html``."""

from __future__ import annotations

import gzip
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import cli
from mahjong_core.cli.demo import play_game
from mahjong_core.cli.view import page_path
from mahjong_core.view import log_html

from .support.logs import documents

DATA = Path(__file__).resolve().parent / "data"
GAMES = documents(DATA / "sanma_games.mjlog")[:3]


def _data(page: str) -> dict[str, Any]:
    found = re.search(r'<script id="mj-data" type="application/json">(.*?)</script>', page,
                      re.DOTALL)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def test_a_log_of_one_game_gives_a_page_beside_it(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.mjlog.gz"
    log.write_bytes(gzip.compress(GAMES[0].encode("utf-8")))
    assert cli.main(["view", str(log)]) == 0
    page = (tmp_path / "game.html").read_text(encoding="utf-8")
    assert page == log_html(GAMES[0])
    assert len(_data(page)["names"]) == 3 and "Seat 0" not in _data(page)["names"]
    assert capsys.readouterr().out.startswith(f"game 1: {tmp_path / 'game.html'} (")


def test_each_game_of_a_log_gets_its_page_and_a_bad_one_an_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    damaged = GAMES[1].replace('hai1="', 'hai1="200,', 1)
    assert damaged != GAMES[1]
    log = tmp_path / "games.mjlog"
    log.write_text("\n".join([GAMES[0], damaged, GAMES[2]]), encoding="utf-8")
    out = tmp_path / "pages" / "replay.html"
    assert cli.main(["view", str(log), "-o", str(out), "--seat", "1", "--closed"]) == 1
    written = sorted(p.name for p in out.parent.iterdir())
    assert written == ["replay-1.html", "replay-3.html"]
    third = (out.parent / "replay-3.html").read_text(encoding="utf-8")
    assert third == log_html(GAMES[2], seat=1, open_hands=False)
    assert _data(third)["seat"] == 1 and _data(third)["open"] is False
    captured = capsys.readouterr()
    assert "game 2: " in captured.err and "game 2" not in captured.out
    assert captured.out.count("game ") == 2


def test_a_page_to_standard_output() -> None:
    done = subprocess.run([sys.executable, "-m", "mahjong_core", "view", "-", "-o", "-",
                           "--title", "Hello"], input=GAMES[0].encode("utf-8"),
                          capture_output=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    page = done.stdout.decode("utf-8")
    assert page == log_html(GAMES[0], title="Hello") and "<title>Hello</title>" in page
    assert done.stderr.decode().startswith("game 1: written")


@pytest.mark.parametrize(("args", "stdin", "message"), [
    (["view", "-"], "", "give -o FILE"),
    (["view", "x.mjlog", "--seat", "4"], "", "--seat must be 0-3"),
    (["view", "-", "-o", "-"], "\n".join(GAMES[:2]), "-o - writes one page"),
    (["view", "x.mjlog", "--language", "latin"], "", "invalid choice: 'latin'"),
])
def test_usage_errors(args: list[str], stdin: str, message: str) -> None:
    done = subprocess.run([sys.executable, "-m", "mahjong_core", *args], input=stdin,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2 and message in done.stderr and done.stdout == ""


def test_a_missing_log_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["view", str(tmp_path / "none.mjlog")]) == 1
    assert "cannot be read" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(("log", "out", "number", "path"), [
    ("game.mjlog", None, None, "game.html"),
    ("logs/game.mjlog.gz", None, None, "logs/game.html"),
    ("game.json", None, 2, "game-2.html"),
    ("game", None, None, "game.html"),
    ("game.mjlog", "out/replay.html", 3, "out/replay-3.html"),
    ("game.mjlog", "replay", 1, "replay-1.html"),
])
def test_page_paths(log: str, out: str | None, number: int | None, path: str) -> None:
    assert page_path(log, out, number) == path


def test_the_demo_writes_its_game_as_a_page(tmp_path: Path) -> None:
    from mahjong_core.cli.demo import main

    page = tmp_path / "demo.html"
    assert main(["--seed", "2", "--hands", "3", "--quiet", "--html", str(page)]) == 0
    record = play_game(2, 3).record
    assert page.read_text(encoding="utf-8") == record.to_html(
        names=[f"Bot {seat}" for seat in range(4)], title="Demo game, seed 2")
    assert len(_data(page.read_text(encoding="utf-8"))["rounds"]) == 3
