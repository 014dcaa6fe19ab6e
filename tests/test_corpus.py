"""The corpus reader: games from files, directories, globs, compressed files, archives,
standard input and open files, each a game or an error in its place; a damaged member of
every kind of container costs only what it holds."""

from __future__ import annotations

import bz2
import gzip
import io
import os
import pickle
import tarfile
import zipfile
from collections.abc import Iterable
from pathlib import Path

import attrs
import pytest

from mahjong_core.errors import InvalidLogError
from mahjong_core.formats import (
    GameLog,
    GameSource,
    LogFormat,
    ReadError,
    iter_games,
    iter_sources,
    parse_game,
    read_game,
    write_game,
)
from mahjong_core.formats.corpus import log_files
from mahjong_core.table import GameOrigin

from .support.logs import documents
from .support.played_games import play

DATA = Path(__file__).resolve().parent / "data"
MJLOGS = documents(DATA / "rare_rounds.mjlog")[:3]
TENHOU6 = write_game(play(3, rounds=2), LogFormat.TENHOU6)
MJAI = write_game(play(4, rounds=2), LogFormat.MJAI)
BAD = '<mjloggm ver="2.3"><GO type="x"/></mjloggm>'
"""A game that cannot be read (its GO type is no number)."""

Found = list[tuple[str, str, int | None]]
"""Each item as (kind, file, index): ``game`` for a game read, else the error's message."""


def _found(items: Iterable[GameLog | ReadError]) -> Found:
    out: Found = []
    for item in items:
        if isinstance(item, ReadError):
            out.append((item.message, item.file, item.index))
        else:
            assert item.origin is not None
            out.append(("game", item.origin.file, item.origin.index))
    return out


def _games(file: str, count: int) -> Found:
    return [("game", file, index) for index in range(count)]


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    """A directory of logs in every format, plain and compressed, with files it skips."""
    (tmp_path / "sub" / "deeper").mkdir(parents=True)
    (tmp_path / ".hidden").mkdir()
    (tmp_path / "a.mjlog").write_text("\n".join(MJLOGS) + "\n", encoding="utf-8")
    (tmp_path / "sub" / "b.json").write_text(TENHOU6, encoding="utf-8")
    (tmp_path / "sub" / "deeper" / "c.mjson.gz").write_bytes(gzip.compress(MJAI.encode()))
    (tmp_path / "README.md").write_text("not a log", encoding="utf-8")
    (tmp_path / ".hidden" / "d.mjlog").write_text(MJLOGS[0], encoding="utf-8")
    return tmp_path


def test_a_directory_is_read_recursively_in_name_order(corpus: Path) -> None:
    assert _found(iter_games(str(corpus))) == [
        *_games(f"{corpus}/a.mjlog", 3), *_games(f"{corpus}/sub/b.json", 1),
        *_games(f"{corpus}/sub/deeper/c.mjson.gz", 1)]


def test_a_directory_without_logs_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("not a log", encoding="utf-8")
    assert _found(iter_games(str(tmp_path))) == [
        (f"{tmp_path} holds no log file", str(tmp_path), None)]


def test_paths_globs_and_missing_files(corpus: Path) -> None:
    found = _found(iter_games([corpus / "a.mjlog", f"{corpus}/**/*.json",
                               f"{corpus}/*.nothing", f"{corpus}/missing.mjlog"]))
    assert found == [
        *_games(f"{corpus}/a.mjlog", 3), *_games(f"{corpus}/sub/b.json", 1),
        (f"{corpus}/*.nothing matches no file", f"{corpus}/*.nothing", None),
        (f"{corpus}/missing.mjlog cannot be read: No such file or directory",
         f"{corpus}/missing.mjlog", None)]


def _zip(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


def _tar(members: dict[str, bytes], mode: str = "w") -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode=mode) as archive:  # type: ignore[call-overload]
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return out.getvalue()


MEMBERS = {"x.mjlog": ("\n".join(MJLOGS) + "\n").encode(), "y/z.json": TENHOU6.encode(),
           "y/w.mjson.bz2": bz2.compress(MJAI.encode())}
"""An archive's members: three mjlog games, a tenhou.net/6 game, a compressed mjai game."""
CONTAINERS = {
    "logs.zip": _zip(MEMBERS),
    "logs.tar": _tar(MEMBERS),
    "logs.tar.gz": _tar(MEMBERS, "w:gz"),
    "logs.tar.bz2": _tar(MEMBERS, "w:bz2"),
    "logs.zip.gz": gzip.compress(_zip(MEMBERS)),
}


@pytest.mark.parametrize("name", list(CONTAINERS))
def test_archives_are_read_member_by_member(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_bytes(CONTAINERS[name])
    expected = [*_games(f"{path}:x.mjlog", 3), *_games(f"{path}:y/z.json", 1),
                *_games(f"{path}:y/w.mjson.bz2", 1)]
    assert _found(iter_games(str(path))) == expected
    with path.open("rb") as handle:   # an open file, named after it
        assert _found(iter_games(handle)) == expected
    from_stdin = _found(iter_games("-", stdin=io.BytesIO(CONTAINERS[name])))
    assert from_stdin == [(kind, file.replace(str(path), "standard input"), index)
                          for kind, file, index in expected]


@pytest.mark.parametrize("pack", [lambda data: data, gzip.compress, bz2.compress],
                         ids=["plain", "gzip", "bzip2"])
def test_files_in_memory_standard_input_and_text_streams(pack: object) -> None:
    data = pack(("\n".join(MJLOGS) + "\n").encode())  # type: ignore[operator]
    assert _found(iter_games(data)) == _games("data", 3)
    assert _found(iter_games(["-"], stdin=io.BytesIO(data))) == _games("standard input", 3)
    text = io.StringIO("\n".join(MJLOGS))
    assert _found(iter_games(text)) == _games("a stream", 3)


@pytest.mark.parametrize("pack", [gzip.compress, bz2.compress], ids=["gzip", "bzip2"])
def test_members_one_after_another_larger_than_a_piece(pack: object) -> None:
    """Two compressed members (each inflating past the 64 KiB a piece is read in) and zero
    padding read as the games of both, in order."""
    games = ("\n".join(MJLOGS * 12) + "\n").encode()
    assert len(games) > 1 << 16
    data = pack(games) + pack(games) + bytes(512)  # type: ignore[operator]
    assert _found(iter_games(data)) == _games("data", 2 * 12 * len(MJLOGS))


def test_a_bad_game_costs_only_itself_in_every_container(tmp_path: Path) -> None:
    games = (MJLOGS[0] + "\n" + BAD + "\n" + MJLOGS[1] + "\n").encode()
    message = "before the first round, character 19 <GO type=\"x\"/>: type='x' is not a number"
    for name, data in {"p.mjlog": games, "g.mjlog.gz": gzip.compress(games),
                       "b.mjlog.bz2": bz2.compress(games), "z.zip": _zip({"m": games}),
                       "t.tgz": _tar({"m": games}, "w:gz")}.items():
        path = tmp_path / name
        path.write_bytes(data)
        file = f"{path}:m" if name[0] in "zt" else str(path)
        found = _found(iter_games(str(path)))
        assert found == [("game", file, 0), (message, file, 1), ("game", file, 2)], name


def test_a_damaged_zip_member_costs_only_that_member(tmp_path: Path) -> None:
    data = bytearray(_zip({"a.mjlog": MJLOGS[0].encode(), "b.mjlog": MJLOGS[1].encode(),
                           "c.json": TENHOU6.encode()}))
    inside = data.index(b"b.mjlog") + len(b"b.mjlog") + 40   # in b's compressed data
    data[inside] ^= 0xFF
    path = tmp_path / "damaged.zip"
    path.write_bytes(bytes(data))
    found = _found(iter_games(str(path)))
    assert found[0] == ("game", f"{path}:a.mjlog", 0)
    assert found[-1] == ("game", f"{path}:c.json", 0)
    (damage,) = found[1:-1]
    assert damage[1:] == (f"{path}:b.mjlog", None)
    assert damage[0].startswith(f"{path}:b.mjlog: ") and "damaged" in damage[0]


def test_a_damaged_tar_ends_the_archive_after_the_games_before_it(tmp_path: Path) -> None:
    whole = _tar({"a.mjlog": MJLOGS[0].encode(), "b.mjlog": MJLOGS[1].encode()})
    second = whole.index(b"b.mjlog")   # the second member's header
    path = tmp_path / "damaged.tar"
    path.write_bytes(whole[:second] + b"\xff" * 100 + whole[second + 100:])
    found = _found(iter_games(str(path)))
    assert found[0] == ("game", f"{path}:a.mjlog", 0)
    assert found[1:] == [(f"{path}: the tar archive is damaged (the header at byte {second} "
                          "cannot be read; nothing after it can be found)", str(path), None)]


@pytest.mark.parametrize(("pack", "message"), [
    (gzip.compress, "the gzip data ends early (cut short)"),
    (bz2.compress, "the bzip2 data ends early (cut short)"),
], ids=["gzip", "bzip2"])
def test_compressed_data_cut_short_keeps_the_games_before_the_cut(pack: object,
                                                                  message: str) -> None:
    """Members (or streams) one after another, one a game: cut in the last."""
    data = b"".join(pack((game + "\n").encode()) for game in MJLOGS)  # type: ignore[operator]
    found = _found(iter_games(data[:-20]))
    assert found == [*_games("data", 2), (f"data: {message}", "data", 2)]


def test_damaged_bzip2_data_is_an_error_in_its_place() -> None:
    data = bytearray(bz2.compress(("\n".join(MJLOGS) + "\n").encode()))
    data[len(data) // 2] ^= 0xFF
    found = _found(iter_games(bytes(data)))
    assert found[-1][0].startswith("data: the bzip2 data is damaged")


def test_sources_are_small_frozen_picklable_values_read_anywhere() -> None:
    sources = list(iter_sources(("\n".join(MJLOGS) + "\n" + BAD).encode()))
    assert all(isinstance(source, GameSource) for source in sources)
    first = sources[0]
    assert isinstance(first, GameSource)
    assert (first.fmt, first.file, first.index, first.text) == (LogFormat.MJLOG, "data", 0,
                                                               MJLOGS[0])
    assert pickle.loads(pickle.dumps(sources)) == sources
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        first.index = 3  # type: ignore[misc]
    game = read_game(first)
    assert game.origin == GameOrigin("data", 0)
    assert attrs.evolve(game, origin=None) == parse_game(MJLOGS[0])
    last = sources[-1]
    assert isinstance(last, GameSource)
    with pytest.raises(InvalidLogError, match="type='x' is not a number"):
        read_game(last)
    (error,) = [item for item in iter_games(("\n".join(MJLOGS) + "\n" + BAD).encode())
                if isinstance(item, ReadError)]
    assert (error.file, error.index) == ("data", 3)
    assert pickle.loads(pickle.dumps(error)) == error


def test_inputs_that_are_no_input_are_refused() -> None:
    (empty,) = iter_games(b"")
    assert empty == ReadError("data", None, "data holds no game")
    with pytest.raises(InvalidLogError, match="an input is a path, a file or bytes, got 5"):
        list(iter_games([b"", 5]))  # type: ignore[list-item]
    with pytest.raises(InvalidLogError, match="got 5"):
        list(iter_sources(5))  # type: ignore[arg-type]


def test_a_folder_gives_its_own_files_before_its_subfolders(tmp_path: Path) -> None:
    """docs/stats.md: its files in name order, then each subfolder (not one sort of every
    path, which would put ``a/`` between ``a-b.mjlog`` and ``b.mjlog``)."""
    (tmp_path / "a").mkdir()
    for path in ("a-b.mjlog", "a/x.mjlog", "b.mjlog"):
        (tmp_path / path).write_text(MJLOGS[0], encoding="utf-8")
    assert log_files(str(tmp_path)) == [f"{tmp_path}/a-b.mjlog", f"{tmp_path}/b.mjlog",
                                        f"{tmp_path}/a/x.mjlog"]
    assert [file for _, file, _ in _found(iter_games(tmp_path))] == log_files(str(tmp_path))


def test_a_linked_folder_is_read_once_and_a_pipe_is_not_opened(tmp_path: Path) -> None:
    """A link to a folder is followed (a link back up is not walked again); a pipe named
    like a log would wait for a writer forever: it is an error, never opened."""
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "a.mjlog").write_text(MJLOGS[0], encoding="utf-8")
    (tmp_path / "more").mkdir()
    (tmp_path / "more" / "b.mjlog").write_text(MJLOGS[1], encoding="utf-8")
    (logs / "more").symlink_to(tmp_path / "more")
    (logs / "up").symlink_to(logs)
    os.mkfifo(logs / "pipe.mjlog")
    (logs / "gone.mjlog").symlink_to(tmp_path / "missing")
    (logs / "linked.mjlog").symlink_to(logs / "pipe.mjlog")
    assert _found(iter_games(str(logs))) == [
        *_games(f"{logs}/a.mjlog", 1),
        (f"{logs}/gone.mjlog cannot be read: No such file or directory",
         f"{logs}/gone.mjlog", None),
        (f"{logs}/linked.mjlog is not a regular file", f"{logs}/linked.mjlog", None),
        (f"{logs}/pipe.mjlog is not a regular file", f"{logs}/pipe.mjlog", None),
        *_games(f"{logs}/more/b.mjlog", 1)]


@pytest.mark.parametrize(("kind", "members"), [("zip", {}), ("zip", {"folder/": b""}),
                                               ("tar", {}), ("tar", {"folder/": b""})],
                         ids=["empty zip", "zip of a folder", "empty tar", "tar of a folder"])
def test_an_archive_without_a_file_holds_no_game(kind: str, members: dict[str, bytes],
                                                 tmp_path: Path) -> None:
    if kind == "zip":
        data = _zip(members)
    else:
        out = io.BytesIO()
        with tarfile.open(fileobj=out, mode="w") as archive:
            for name in members:
                info = tarfile.TarInfo(name.rstrip("/"))
                info.type = tarfile.DIRTYPE
                archive.addfile(info)
        data = out.getvalue()
    path = tmp_path / f"logs.{kind}"
    path.write_bytes(data)
    assert _found(iter_games(str(path))) == [(f"{path} holds no game", str(path), None)]


def test_an_encrypted_or_unsupported_zip_member_costs_only_itself(tmp_path: Path) -> None:
    data = bytearray(_zip({"a.mjlog": MJLOGS[0].encode(), "b.mjlog": MJLOGS[1].encode(),
                           "c.mjlog": MJLOGS[2].encode()}))
    central = data.index(b"PK\x01\x02")
    data[central + 8] |= 0x01                # a: encrypted (general purpose flag bit 0)
    second = data.index(b"PK\x01\x02", central + 4)
    data[second + 10:second + 12] = b"\x09\x00"   # b: deflate64, which zipfile lacks
    path = tmp_path / "locked.zip"
    path.write_bytes(bytes(data))
    assert _found(iter_games(str(path))) == [
        (f"{path}:a.mjlog is encrypted (a password is needed)", f"{path}:a.mjlog", None),
        (f"{path}:b.mjlog cannot be read: its compression (method 9) is not supported",
         f"{path}:b.mjlog", None),
        *_games(f"{path}:c.mjlog", 1)]


def test_a_recursive_pattern_reads_each_file_once(corpus: Path) -> None:
    """``logs/**`` matches the folder, its subfolders and their files: each file is
    read once (walking the folders and reading the files matched too read them twice,
    and a sum counted every game twice)."""
    found = _found(iter_games(f"{corpus}/**"))
    assert sorted(found) == sorted(set(found))
    assert [item for item in found if item[0] == "game"] == [
        *_games(f"{corpus}/a.mjlog", 3), *_games(f"{corpus}/sub/b.json", 1),
        *_games(f"{corpus}/sub/deeper/c.mjson.gz", 1)]
