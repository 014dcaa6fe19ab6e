"""Tidy tables: rows against the server's own records, the round trip through CSV, JSON
lines and Parquet by the documented columns, the writers' errors and ``export``."""

from __future__ import annotations

import collections
import csv
import doctest
import importlib.util
import io
import json
import re
import sys
from pathlib import Path

import pytest

from mahjong_core import MahjongError
from mahjong_core.cli import main as cli_main
from mahjong_core.cli.export import game_rows
from mahjong_core.formats.mjlog import parse_mjlog
from mahjong_core.table import Game
from mahjong_core.tidy import TABLES, Column, Row, TableFormat, TableWriter, rows_of
from tests.support.log_tally import read_game

DATA = Path(__file__).parent / "data"
DOCS = (DATA / "real_games.mjlog").read_text(encoding="utf-8").splitlines() + (
    DATA / "sanma_games.mjlog").read_text(encoding="utf-8").splitlines()[:2]
GAMES = [parse_mjlog(doc) for doc in DOCS]
LOGGED = [read_game(doc) for doc in DOCS]
ROWS = {name: [row for number, game in enumerate(GAMES)
               for row in game_rows(number, game, table)]
        for name, table in TABLES.items()}
HAS_PYARROW = importlib.util.find_spec("pyarrow") is not None


def by_game(table: str) -> dict[int, list[dict[str, object]]]:
    names = TABLES[table].names
    out: dict[int, list[dict[str, object]]] = collections.defaultdict(list)
    for row in ROWS[table]:
        record: dict[str, object] = dict(zip(names, row, strict=True))
        number = record["game"]
        assert isinstance(number, int)
        out[number].append(record)
    return out


# -- the rows against the logs ---------------------------------------------------------


def test_player_games_as_the_logs_final_standing() -> None:
    games = by_game("player_games")
    for number, logged in enumerate(LOGGED):
        rows = games[number]
        assert [r["player"] for r in rows] == logged.names
        assert [r["final_score"] for r in rows] == logged.final_scores
        assert [r["place"] for r in rows] == logged.places


def test_wins_as_the_logs_agari() -> None:
    games = by_game("wins")
    for number, logged in enumerate(LOGGED):
        got = [(r["round"], r["winner"], r["from_seat"], r["fu"], r["points"],
                frozenset(str(r["yaku"]).split())) for r in games[number]]
        want = [(w.round, w.winner, w.from_seat, w.fu, w.points, w.yaku) for w in logged.wins]
        assert got == want


def test_rounds_as_the_logs_deals_and_draws() -> None:
    games = by_game("rounds")
    for number, logged in enumerate(LOGGED):
        rows = games[number]
        assert [r["round"] for r in rows] == list(range(logged.rounds))
        assert collections.Counter(r["draw"] for r in rows if r["draw"] is not None) == (
            logged.draws)
        assert sum(int(str(r["wins"])) for r in rows) == len(logged.wins)
        assert sum(int(str(r["discards"])) for r in rows) == logged.steps["discard"]


def test_player_rounds_as_the_logs_riichi_calls_and_wins() -> None:
    games = by_game("player_rounds")
    for number, logged in enumerate(LOGGED):
        rows = games[number]
        seats = range(len(logged.names))
        assert [sum(1 for r in rows if r["seat"] == s and r["riichi"]) for s in seats] == [
            logged.riichi[s] for s in seats]
        assert [sum(1 for r in rows if r["seat"] == s and r["calls"]) for s in seats] == [
            logged.calls[s] for s in seats]
        won = {(r["round"], r["seat"]) for r in rows if r["won"]}
        assert won == {(w.round, w.winner) for w in logged.wins}
        dealt = {(r["round"], r["seat"]) for r in rows if r["dealt_in"]}
        assert dealt == {(w.round, w.from_seat) for w in logged.wins if w.winner != w.from_seat}
        assert all(r["delta"] == int(str(r["end_score"])) - int(str(r["start_score"]))
                   for r in rows)


def test_actions_as_the_logs_steps() -> None:
    games = by_game("actions")
    melds = {"chi", "pon", "minkan", "shouminkan", "ankan", "kita"}
    for number, logged in enumerate(LOGGED):
        kinds = collections.Counter(str(r["action"]) for r in games[number])
        assert kinds["draw"] == logged.steps["draw"]
        assert kinds["discard"] == logged.steps["discard"]
        assert sum(kinds[k] for k in melds) == logged.steps["meld"]
        assert kinds["dora"] == logged.steps["dora"]
        assert kinds["riichi_accepted"] == sum(logged.riichi.values())
        assert kinds["tsumo"] + kinds["ron"] == len(logged.wins)
        rounds = collections.defaultdict(list)
        for r in games[number]:
            rounds[r["round"]].append(r["index"])
        assert all(indices == list(range(len(indices))) for indices in rounds.values())


def test_a_row_holds_a_value_of_its_columns_type() -> None:
    kinds = {"int": int, "float": float, "str": str, "bool": bool}
    for name, table in TABLES.items():
        assert ROWS[name], name
        for row in ROWS[name]:
            assert len(row) == len(table.columns)
            for value, column in zip(row, table.columns, strict=True):
                if value is None:
                    assert column.nullable, (name, column.name)
                else:
                    assert type(value) is kinds[column.type], (name, column.name, value)
                    assert not (column.nullable and value == ""), (name, column.name)


# -- writing and reading back by the documented columns ---------------------------------


def read_cell(text: str, column: Column) -> object:
    """A CSV field read back as its column's documented type says."""
    if text == "" and column.nullable:
        return None
    if column.type == "bool":
        assert text in ("true", "false")
        return text == "true"
    return {"int": int, "float": float, "str": str}[column.type](text)


def written(table: str, fmt: TableFormat) -> bytes | str:
    stream: io.BytesIO | io.StringIO = io.BytesIO() if fmt is TableFormat.PARQUET else (
        io.StringIO())
    writer = TableWriter(stream, table, fmt)
    rows = ROWS[table]
    writer.write(rows[:len(rows) // 3])      # written in pieces, as games come
    writer.write(rows[len(rows) // 3:])
    writer.close()
    return stream.getvalue()


@pytest.mark.parametrize("table", list(TABLES))
def test_csv_round_trip(table: str) -> None:
    text = written(table, TableFormat.CSV)
    assert isinstance(text, str)
    reader = csv.reader(io.StringIO(text))
    columns = TABLES[table].columns
    assert next(reader) == [c.name for c in columns]
    back = [tuple(read_cell(cell, c) for cell, c in zip(line, columns, strict=True))
            for line in reader]
    assert back == ROWS[table]


@pytest.mark.parametrize("table", list(TABLES))
def test_json_lines_round_trip(table: str) -> None:
    text = written(table, TableFormat.JSONL)
    assert isinstance(text, str)
    names = list(TABLES[table].names)
    objects = [json.loads(line) for line in text.splitlines()]
    assert all(list(obj) == names for obj in objects)
    assert [tuple(obj.values()) for obj in objects] == ROWS[table]


@pytest.mark.skipif(not HAS_PYARROW, reason="pyarrow is not installed")
@pytest.mark.parametrize("table", list(TABLES))
def test_parquet_round_trip(table: str) -> None:
    import pyarrow.parquet as pq  # type: ignore[import-not-found, import-untyped, unused-ignore]

    data = written(table, TableFormat.PARQUET)
    assert isinstance(data, bytes)
    read = pq.read_table(io.BytesIO(data))
    columns = TABLES[table].columns
    arrow = {"int": "int64", "float": "double", "str": "string", "bool": "bool"}
    assert [(f.name, str(f.type), f.nullable) for f in read.schema] == [
        (c.name, arrow[c.type], c.nullable) for c in columns]
    assert [tuple(r.values()) for r in read.to_pylist()] == ROWS[table]


def test_an_empty_table_is_still_a_file() -> None:
    out = io.StringIO()
    writer = TableWriter(out, "wins", TableFormat.CSV)
    writer.write([])
    writer.close()
    assert out.getvalue() == ",".join(TABLES["wins"].names) + "\n"


def test_parquet_without_pyarrow_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(MahjongError, match=r"needs pyarrow: pip install 'mahjong_core\[parquet\]'"):
        TableWriter(io.BytesIO(), "wins", TableFormat.PARQUET)


@pytest.mark.parametrize(("stream", "fmt"), [(io.BytesIO(), TableFormat.CSV),
                                             (io.StringIO(), TableFormat.PARQUET),
                                             (io.BytesIO(), TableFormat.JSONL)])
def test_a_stream_of_the_wrong_kind_is_refused(stream: io.IOBase, fmt: TableFormat) -> None:
    with pytest.raises(MahjongError, match="stream"):
        TableWriter(stream, "rounds", fmt)  # type: ignore[arg-type]


def test_an_unknown_table_is_refused() -> None:
    with pytest.raises(MahjongError, match=r"no table 'win'.*did you mean 'wins'"):
        rows_of(Game().record(), "win")


@pytest.mark.parametrize("game", [-1, 1.0, "0", True])
def test_a_bad_game_number_is_refused(game: object) -> None:
    with pytest.raises(MahjongError, match="game number"):
        rows_of(Game().record(), "rounds", game=game)  # type: ignore[arg-type]


@pytest.mark.parametrize(("path", "fmt"), [("a.csv", TableFormat.CSV),
                                           ("a.JSONL", TableFormat.JSONL),
                                           ("a.ndjson", TableFormat.JSONL),
                                           ("d/a.parquet", TableFormat.PARQUET),
                                           ("a.txt", None)])
def test_a_format_from_a_file_name(path: str, fmt: TableFormat | None) -> None:
    assert TableFormat.of_path(path) is fmt


# -- the documentation lists every column ------------------------------------------------


def documented_columns() -> dict[str, list[tuple[str, str]]]:
    """Each table's (column, type) rows as docs/export.md lists them."""
    text = (Path(__file__).parent.parent / "docs" / "export.md").read_text(encoding="utf-8")
    tables: dict[str, list[tuple[str, str]]] = {}
    current = None
    for line in text.splitlines():
        heading = re.match(r"^### `(\w+)`", line)
        if heading:
            current = tables.setdefault(heading.group(1), [])
            continue
        cell = re.match(r"^\| `(\w+)` \| `(\w+\??)` \|", line)
        if cell and current is not None:
            current.append((cell.group(1), cell.group(2)))
    return tables


def test_the_docs_list_every_column_in_order() -> None:
    documented = documented_columns()
    assert list(documented) == list(TABLES)
    for name, table in TABLES.items():
        assert documented[name] == [(c.name, c.type + ("?" if c.nullable else ""))
                                    for c in table.columns], name


# -- the export command ------------------------------------------------------------------


def _folder(tmp: Path) -> Path:
    for i, doc in enumerate(DOCS):
        (tmp / f"{i:02d}.mjlog").write_text(doc, encoding="utf-8")
    return tmp


@pytest.mark.parametrize("ending", ["csv", "jsonl"])
def test_export_writes_a_file(tmp_path: Path, ending: str) -> None:
    out = tmp_path / f"wins.{ending}"
    folder = tmp_path / "in"
    folder.mkdir()
    assert cli_main(["export", "--table", "wins", str(_folder(folder)), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text == written("wins", TableFormat(ending))


def test_export_to_standard_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["export", "--table", "player_games", "--format", "jsonl",
                     str(_folder(tmp_path))]) == 0
    assert capsys.readouterr().out == written("player_games", TableFormat.JSONL)


def test_export_names_a_bad_game_and_goes_on(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    folder = _folder(tmp_path)
    (folder / "05.mjlog").write_text(DOCS[5][:3000], encoding="utf-8")
    assert cli_main(["export", "--table", "player_games", str(folder)]) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith("game 5 (") and "05.mjlog" in captured.err
    games = {line.split(",")[0] for line in captured.out.splitlines()[1:]}
    assert games == {str(n) for n in range(len(DOCS)) if n != 5}


def test_export_parquet_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["export", "--table", "wins", "--format", "parquet", "x.mjlog"]) == 2
    assert "give -o FILE" in capsys.readouterr().err


def test_export_without_pyarrow_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    out = tmp_path / "wins.parquet"
    assert cli_main(["export", "--table", "wins", str(_folder(tmp_path)), "-o", str(out)]) == 2
    assert "needs pyarrow" in capsys.readouterr().err
    assert not out.exists() and not list(tmp_path.glob(".export-*"))


def test_row_helpers_agree() -> None:
    """``rows_of`` by name and the table's own ``rows`` give the same rows."""
    record = Game().record()
    assert rows_of(record, "player_games", game=3) == TABLES["player_games"].rows(
        record, game=3)
    rows: list[Row] = rows_of(record, "player_games", game=3)
    assert [r[2] for r in rows] == ["seat 0", "seat 1", "seat 2", "seat 3"]


def test_the_docs_examples_run() -> None:
    path = Path(__file__).parent.parent / "docs" / "export.md"
    result = doctest.testfile(str(path), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 5 and result.failed == 0


def test_export_writes_the_same_rows_on_two_processes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _folder(tmp_path)
    (folder / "03.mjlog").write_text(DOCS[3][:3000], encoding="utf-8")
    answers = []
    for jobs in ("1", "2"):
        assert cli_main(["export", "--table", "wins", "--jobs", jobs, "--quiet",
                         str(folder)]) == 1
        answers.append(capsys.readouterr())
    assert answers[0] == answers[1]
    assert answers[0].err.startswith("game 3 (") and "03.mjlog" in answers[0].err
    games = [int(line.split(",")[0]) for line in answers[0].out.splitlines()[1:]]
    assert games == sorted(games) and 3 not in games and max(games) == len(DOCS) - 1
