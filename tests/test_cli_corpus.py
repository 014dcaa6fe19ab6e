"""The corpus commands' shared options and progress bar: --jobs, --scheduler, --quiet,
games, rounds a second, errors and the time left on a terminal's standard error only."""

from __future__ import annotations

import bz2
import gzip
import io
import os
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from mahjong_core.cli._corpus import ProgressBar, counted
from mahjong_core.formats.corpus import GameSource
from mahjong_core.formats.logs import LogFormat

GAMES = Path(__file__).parent / "data" / "real_games.mjlog"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_counts_games_rounds_and_errors_and_estimates_the_time_left(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = iter(float(n) for n in range(100))
    monkeypatch.setattr("mahjong_core.cli._corpus.time.monotonic", lambda: next(clock))
    screen = Terminal()
    size = GAMES.stat().st_size
    bar = ProgressBar([str(GAMES)], stream=screen)
    assert bar.shown and bar.total == size
    items = counted([GameSource("x" * (size // 4), LogFormat.MJLOG, "a file", 0)] * 2, bar)
    next(items)
    bar.add(rounds=10)
    next(items)
    bar.add(error=True)
    last = screen.getvalue().split("\r\x1b[K")[-1]
    # the clock ticks a second a call: two games and 10 rounds in 2 s, half the bytes
    # read in 2 s: 2 s left
    assert last == "2 games, 5 rounds/s, 1 errors, 0:02 left"
    bar.close()
    assert screen.getvalue().endswith("\r\x1b[K")


@pytest.mark.parametrize(("quiet", "stream"), [(True, Terminal()), (False, io.StringIO())],
                         ids=["quiet", "not-a-terminal"])
def test_the_bar_is_silent_when_quiet_or_not_on_a_terminal(quiet: bool,
                                                           stream: io.StringIO) -> None:
    bar = ProgressBar([str(GAMES)], quiet=quiet, stream=stream)
    for _ in range(3):
        bar.add(rounds=5)
    bar.close()
    assert not bar.shown and stream.getvalue() == "" and bar.games == 3


def test_no_time_left_without_the_inputs_size(tmp_path: Path) -> None:
    """The text read is measured against the files' size: only for plain files (a
    compressed file or an archive is not its text's size)."""
    packed = {"games.mjlog.gz": gzip.compress(GAMES.read_bytes()),
              "games.mjlog.bz2": bz2.compress(GAMES.read_bytes())}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("games.mjlog", GAMES.read_bytes())
    packed["games.zip"] = out.getvalue()
    for name, data in packed.items():
        (tmp_path / name).write_bytes(data)
    for paths in (["-"], *([str(tmp_path / name)] for name in packed),
                  [str(GAMES), str(tmp_path / "missing")]):
        assert ProgressBar(paths, stream=Terminal()).total is None, paths


def command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mahjong_core", *args], capture_output=True,
                          text=True, timeout=300, check=False)


@pytest.mark.parametrize(("args", "message"), [
    (["replay", "--jobs", "0"], "--jobs must be 1-64"),
    (["convert", "--to", "mjai", "--jobs", "65"], "--jobs must be 1-64"),
    (["replay", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1"], "cannot be given together"),
])
def test_bad_corpus_options_are_usage_errors(args: list[str], message: str) -> None:
    done = command(*args, str(GAMES))
    assert done.returncode == 2 and message in done.stderr and done.stdout == ""


def test_convert_on_two_processes_writes_the_same_files(tmp_path: Path) -> None:
    for jobs in ("1", "2"):
        done = command("convert", "--to", "mjai", "--jobs", jobs, "--quiet", "--out",
                       str(tmp_path / jobs), str(GAMES))
        assert done.returncode == 0, done.stderr
    one, two = sorted((tmp_path / "1").iterdir()), sorted((tmp_path / "2").iterdir())
    assert [p.name for p in one] == [p.name for p in two] and len(one) >= 5
    assert all(a.read_bytes() == b.read_bytes() for a, b in zip(one, two, strict=True))


def test_written_files_are_ordinary_files_not_private_ones(tmp_path: Path) -> None:
    """A table or a converted game is written whole (a temporary file renamed), with
    the permissions any new file gets (the umask's), not the temporary file's 0600."""
    mask = os.umask(0o027)
    try:
        table = tmp_path / "rounds.csv"
        done = command("export", "--table", "rounds", "--quiet", "-o", str(table), str(GAMES))
        assert done.returncode == 0, done.stderr
        done = command("convert", "--to", "tenhou6", "--quiet", "--out", str(tmp_path / "c"),
                       str(GAMES))
        assert done.returncode == 0, done.stderr
    finally:
        os.umask(mask)
    written = [table, *(tmp_path / "c").iterdir()]
    assert len(written) >= 6
    assert {stat.S_IMODE(path.stat().st_mode) for path in written} == {0o640}


def test_a_folder_as_the_table_to_write_is_refused_before_any_game(tmp_path: Path) -> None:
    done = command("export", "--table", "rounds", "-o", str(tmp_path), str(GAMES))
    assert done.returncode == 2, done
    assert f"{tmp_path} is a folder" in done.stderr and done.stdout == ""
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["wins.csv.gz", "wins.jsonl.gz", "wins.jsonl.Gz"])
def test_a_table_named_gz_is_written_gzip_compressed(name: str, tmp_path: Path) -> None:
    """pandas, polars and DuckDB read ``x.csv.gz`` as gzip: plain text under that name
    would be refused by all three (the ending in any case)."""
    plain = tmp_path / name[:-3]
    packed = tmp_path / name
    for path in (plain, packed):
        done = command("export", "--table", "wins", "--quiet", "-o", str(path), str(GAMES))
        assert done.returncode == 0, done.stderr
    assert gzip.decompress(packed.read_bytes()) == plain.read_bytes()
    assert plain.read_bytes().count(b"\n") > 5


def test_parquet_is_not_gzipped(tmp_path: Path) -> None:
    done = command("export", "--table", "wins", "-o", str(tmp_path / "w.parquet.gz"),
                   str(GAMES))
    assert done.returncode == 2 and "parquet" in done.stderr and not list(tmp_path.iterdir())
