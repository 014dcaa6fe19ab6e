"""Tidy tables of games: one row per game seat, round, player-round, win or action.

Each table (``TABLES``) has a fixed list of typed, documented columns; ``rows_of(record,
table)`` gives one game's rows as tuples in that column order, and a ``TableWriter``
writes rows, game after game, as CSV, JSON lines or Parquet (Parquet needs the optional
``pyarrow``: ``pip install 'mahjong_core[parquet]'``). pandas, polars and DuckDB read all
three. docs/export.md lists every column.

>>> from mahjong_core.table import Game
>>> record = Game().record()
>>> TABLES["player_games"].names[:4]
('game', 'seat', 'player', 'place')
>>> rows_of(record, "player_games", game=7, names=["A", "B", "C", "D"])[1]
(7, 1, 'B', 2, 25000, 5.0)
"""

from __future__ import annotations

import csv
import enum
import importlib
import io
import json
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any, Literal, TypeAlias, cast

import attrs

from .errors import InvalidContextError, MahjongError, did_you_mean, quote
from .stats import CALL_KINDS, seat_names
from .table import (
    DoraRevealed,
    Draw,
    Event,
    GameRecord,
    KitaDeclared,
    MeldCalled,
    RiichiAccepted,
    RoundRecord,
    TileDiscarded,
    TileDrawn,
    Win,
)
from .tile import Tile, format_tiles

__all__ = ["TABLES", "Cell", "Column", "Row", "TableFormat", "TableWriter", "TidyTable",
           "rows_of"]

Cell: TypeAlias = int | float | str | bool | None
"""One value of a row."""
Row: TypeAlias = tuple[Cell, ...]
"""One row: a value for each column, in the table's column order."""
ColumnType = Literal["int", "float", "str", "bool"]


@attrs.frozen
class Column:
    """One column: its name, its type, whether it may be missing (null), what it holds.

    A column that may be missing never holds an empty string, so a CSV file's empty field
    is read back without doubt: missing in a nullable column, ``""`` in a text column.
    """

    name: str
    type: ColumnType
    doc: str
    nullable: bool = False


_Builder = Callable[[GameRecord, int, Sequence[str]], list[Row]]


@attrs.frozen
class TidyTable:
    """A table: its name, what a row is, its columns, and how a game's rows are made."""

    name: str
    doc: str
    columns: tuple[Column, ...]
    _build: _Builder = attrs.field(repr=False, eq=False)

    @property
    def names(self) -> tuple[str, ...]:
        """The column names, in order."""
        return tuple(column.name for column in self.columns)

    def rows(self, record: GameRecord, *, game: int = 0,
             names: Sequence[str] | None = None) -> list[Row]:
        """The rows of one game, numbered ``game``, its players named ``names`` (else
        the record's, else ``"seat 0"``...). Raises InvalidContextError for names that
        are not one str a seat or a game number that is not an int from 0."""
        if type(game) is not int or game < 0:
            raise InvalidContextError(f"a game number is an int from 0, got {quote(game)}")
        return self._build(record, game, seat_names(record, names))


def _tile_table(red_fives: bool) -> tuple[tuple[Tile, ...], tuple[str, ...]]:
    tiles = tuple(Tile.from_id136(i, red_fives=red_fives) for i in range(136))
    return tiles, tuple(str(tile) for tile in tiles)


_TILES = {red: _tile_table(red) for red in (False, True)}
"""Each 136 id's tile and its mpsz, without and with red fives (built once)."""


def _tiles(record: GameRecord) -> tuple[tuple[Tile, ...], tuple[str, ...]]:
    """Each 136 id's tile and its mpsz under the record's rules."""
    return _TILES[record.rules.red_fives]


def _col(spec: str, doc: str) -> Column:
    """A column from ``"name:type"`` (``"name:type?"`` when it may be missing)."""
    name, _, kind = spec.partition(":")
    nullable = kind.endswith("?")
    kind = kind.rstrip("?")
    assert kind in ("int", "float", "str", "bool"), spec
    column_type: ColumnType = kind  # type: ignore[assignment]
    return Column(name, column_type, doc, nullable)


_GAME = _col("game:int", "the game's number among the inputs' games, from 0")
_ROUND = _col("round:int", "the round's number in its game, from 0")
_SEAT = _col("seat:int", "the seat, 0 being the first dealer's")
_PLAYER = _col("player:str", "the seat's player, by name")


# -- the rows of each table --------------------------------------------------------------


def _player_games(record: GameRecord, game: int, names: Sequence[str]) -> list[Row]:
    places = record.placements
    return [(game, seat, name, places[seat], record.final_scores[seat], record.points[seat])
            for seat, name in enumerate(names)]


def _rounds(record: GameRecord, game: int, names: Sequence[str]) -> list[Row]:
    rows: list[Row] = []
    for number, played in enumerate(record.rounds):
        wins = sum(1 for result in played.results if isinstance(result, Win))
        draw = next((r.kind.value for r in played.results if isinstance(r, Draw)), None)
        discards = sum(1 for event in played.events if type(event) is TileDiscarded)
        rows.append((game, number, played.name, played.name[0], played.dealer_index + 1,
                     played.dealer, played.honba, played.sticks, wins, draw, discards))
    return rows


def _player_rounds(record: GameRecord, game: int, names: Sequence[str]) -> list[Row]:
    rows: list[Row] = []
    for number, played in enumerate(record.rounds):
        riichi, calls = _riichi_and_calls(played, len(names))
        won = {r.winner for r in played.results if isinstance(r, Win)}
        tsumo = {r.winner for r in played.results if isinstance(r, Win) and r.is_tsumo}
        dealt_in = {r.from_seat for r in played.results if isinstance(r, Win) and not r.is_tsumo}
        tenpai = next((set(r.tenpai) for r in played.results
                       if isinstance(r, Draw) and not r.kind.is_abortive), None)
        for seat, name in enumerate(names):
            start, end = played.start_scores[seat], played.end_scores[seat]
            rows.append((game, number, seat, name, seat == played.dealer, start, end,
                         end - start, riichi[seat], calls[seat], seat in won, seat in tsumo,
                         seat in dealt_in, None if tenpai is None else seat in tenpai))
    return rows


def _riichi_and_calls(played: RoundRecord, seats: int) -> tuple[list[bool], list[int]]:
    """Which seats' riichi stood, and how many chi, pon and open kans each called."""
    riichi = [False] * seats
    calls = [0] * seats
    for event in played.events:
        if type(event) is RiichiAccepted:
            riichi[event.seat] = True
        elif type(event) is MeldCalled and event.meld.meld.kind in CALL_KINDS:
            calls[event.seat] += 1
    return riichi, calls


def _wins(record: GameRecord, game: int, names: Sequence[str]) -> list[Row]:
    _, tiles = _tiles(record)
    rows: list[Row] = []
    for number, played in enumerate(record.rounds):
        for result in played.results:
            if not isinstance(result, Win):
                continue
            value, who = result.result, result.winner
            limit = value.limit
            rows.append((
                game, number, who, names[who], result.from_seat, names[result.from_seat],
                result.is_tsumo, who == played.dealer, value.han, value.fu, value.points,
                None if limit is None else limit.value, value.yakuman,
                " ".join(value.yaku.names()), value.dora, value.aka, value.ura,
                result.context.riichi, result.hand.is_closed, tiles[result.win_tile],
                value.wait.value, result.liable, result.deltas[who]))
    return rows


def _actions(record: GameRecord, game: int, names: Sequence[str]) -> list[Row]:
    tiles = _tiles(record)
    rows: list[Row] = []
    for number, played in enumerate(record.rounds):
        index = 0
        for event in played.events:
            rows.append((game, number, index, *_action(event, names, *tiles)))
            index += 1
        for result in played.results:
            if isinstance(result, Win):
                who = result.winner
                rows.append((game, number, index, who, names[who],
                             "tsumo" if result.is_tsumo else "ron", tiles[1][result.win_tile],
                             None, None if result.is_tsumo else result.from_seat,
                             False, False, False))
                index += 1
    return rows


def _action(event: Event, names: Sequence[str], tiles: Sequence[Tile],
            text: Sequence[str]) -> tuple[Cell, ...]:
    """seat, player, action, tile, tiles, from_seat, tsumogiri, riichi, rinshan (``tiles``
    and ``text``: each 136 id's tile and its mpsz)."""
    kind = type(event)
    if kind is TileDrawn:
        assert isinstance(event, TileDrawn)
        return (event.seat, names[event.seat], "draw", text[event.tile], None, None,
                False, False, event.rinshan)
    if kind is TileDiscarded:
        assert isinstance(event, TileDiscarded)
        return (event.seat, names[event.seat], "discard", text[event.tile], None, None,
                event.tsumogiri, event.riichi, False)
    if kind is MeldCalled:
        assert isinstance(event, MeldCalled)
        meld = event.meld
        tile = meld.added if meld.added is not None else meld.called
        return (event.seat, names[event.seat], meld.meld.kind.value,
                None if tile is None else text[tile],
                format_tiles(tiles[i] for i in meld.ids), meld.from_seat, False, False, False)
    if kind is KitaDeclared:
        assert isinstance(event, KitaDeclared)
        return (event.seat, names[event.seat], "kita", text[event.tile], None, None,
                False, False, False)
    if kind is RiichiAccepted:
        assert isinstance(event, RiichiAccepted)
        return (event.seat, names[event.seat], "riichi_accepted", None, None, None,
                False, False, False)
    assert isinstance(event, DoraRevealed)
    return (None, None, "dora", text[event.indicator], None, None, False, False, False)


TABLES: dict[str, TidyTable] = {table.name: table for table in (
    TidyTable("player_games", "one row per seat of each game: how it finished", (
        _GAME, _SEAT, _PLAYER,
        _col("place:int", "the final place, 1 for first (equal scores: seat order)"),
        _col("final_score:int", "the final score, leftover riichi sticks to first place"),
        _col("points:float", "placement points, uma and oka included")), _player_games),
    TidyTable("rounds", "one row per round", (
        _GAME, _ROUND, _col("name:str", "E1 ... S4, W1: the round wind and hand number"),
        _col("round_wind:str", "E, S, W or N"),
        _col("hand:int", "the hand number in the round wind, 1-4"),
        _col("dealer:int", "the dealer's seat"),
        _col("honba:int", "honba (repeat counters) at the start"),
        _col("riichi_sticks:int", "riichi sticks on the table at the start"),
        _col("wins:int", "wins that ended the round (2 for a double ron)"),
        _col("draw:str?", "how the round ended without a win (exhaustive, nine_terminals, "
                          "...); missing when it was won"),
        _col("discards:int", "discards made in the round")), _rounds),
    TidyTable("player_rounds", "one row per seat of each round", (
        _GAME, _ROUND, _SEAT, _PLAYER,
        _col("dealer:bool", "the seat dealt this round"),
        _col("start_score:int", "the score at the start"),
        _col("end_score:int", "the score at the end"),
        _col("delta:int", "end_score - start_score (riichi sticks paid included)"),
        _col("riichi:bool", "the seat's riichi stood (its stick was paid)"),
        _col("calls:int", "chi, pon and open kans called from discards"),
        _col("won:bool", "the seat won the round"),
        _col("tsumo:bool", "the seat won by drawing the tile itself"),
        _col("dealt_in:bool", "a win was made on the seat's discard, added kan or north"),
        _col("tenpai:bool?", "tenpai at an exhaustive draw; missing when the round was won "
                             "or ended by an abortive draw")), _player_rounds),
    TidyTable("wins", "one row per win (two for a double ron)", (
        _GAME, _ROUND, _col("winner:int", "the winner's seat"),
        _col("player:str", "the winner's name"),
        _col("from_seat:int", "the seat that dealt in; the winner's own on a tsumo"),
        _col("from_player:str", "that seat's player"),
        _col("tsumo:bool", "a self-drawn win"),
        _col("dealer:bool", "the winner was the dealer"),
        _col("han:int", "han, dora included (13 per yakuman)"), _col("fu:int", "fu"),
        _col("points:int", "the hand's value, without honba or riichi sticks"),
        _col("limit:str?", "mangan, haneman, baiman, sanbaiman, kazoe_yakuman, yakuman, "
                           "...; missing below mangan"),
        _col("yakuman:int", "how many yakuman the hand counts"),
        _col("yaku:str", "the yaku, by their JSON names, separated by spaces"),
        _col("dora:int", "dora from the indicators"), _col("aka:int", "red fives"),
        _col("ura:int", "ura dora"), _col("riichi:bool", "the winner was in riichi"),
        _col("closed:bool", "the winner's hand had no called meld (closed kans allowed)"),
        _col("win_tile:str", "the winning tile in mpsz (0m: a red five)"),
        _col("wait:str", "the wait the tile completed: ryanmen, kanchan, penchan, shanpon, "
                         "tanki, ..."),
        _col("pao:int?", "the seat liable for a big three dragons or big four winds"),
        _col("gain:int", "the winner's score change from this win, honba and riichi sticks "
                         "included")), _wins),
    TidyTable("actions", "one row per step of each round, in order: draws, discards, calls, "
                         "kita, dora revealed, riichi sticks paid, then the wins", (
        _GAME, _ROUND, _col("index:int", "the step's place in its round, from 0"),
        _col("seat:int?", "the seat acting; missing for a dora revealed"),
        _col("player:str?", "the seat's player; missing for a dora revealed"),
        _col("action:str", "draw, discard, chi, pon, minkan, shouminkan, ankan, kita, "
                           "dora, riichi_accepted, tsumo or ron"),
        _col("tile:str?", "the tile drawn, discarded, called, added to a pon, set aside, "
                          "turned over as dora indicator or won on"),
        _col("tiles:str?", "a meld's tiles in mpsz"),
        _col("from_seat:int?", "the seat a call or a ron took the tile from"),
        _col("tsumogiri:bool", "a discard of the tile just drawn"),
        _col("riichi:bool", "a discard that declared riichi"),
        _col("rinshan:bool", "a replacement draw after a kan or a north tile")), _actions),
)}
"""Every table, by name."""


def rows_of(record: GameRecord, table: str | TidyTable, *, game: int = 0,
            names: Sequence[str] | None = None) -> list[Row]:
    """One game's rows of ``table`` (a name of ``TABLES`` or a table), see
    ``TidyTable.rows``. Raises InvalidContextError for an unknown table."""
    return _table(table).rows(record, game=game, names=names)


def _table(table: str | TidyTable) -> TidyTable:
    if isinstance(table, TidyTable):
        return table
    found = TABLES.get(table) if isinstance(table, str) else None
    if found is None:
        raise InvalidContextError(f"no table {quote(table)}{did_you_mean([str(table)], TABLES)}"
                                  f"; the tables are {', '.join(TABLES)}")
    return found


class TableFormat(enum.Enum):
    """How a table is written; the value is its name on the command line."""

    CSV = "csv"
    """Comma-separated values with a header line; true/false, an empty field if missing."""
    JSONL = "jsonl"
    """JSON lines: one object a row, its keys the column names in order."""
    PARQUET = "parquet"
    """Apache Parquet, the columns typed (needs ``pyarrow``)."""

    @classmethod
    def of_path(cls, path: str) -> TableFormat | None:
        """The format a file name's ending says (``.csv``, ``.jsonl``/``.ndjson``,
        ``.parquet``/``.pq``), None for any other."""
        lower = path.lower()
        for ending, fmt in ((".csv", cls.CSV), (".jsonl", cls.JSONL), (".ndjson", cls.JSONL),
                            (".parquet", cls.PARQUET), (".pq", cls.PARQUET)):
            if lower.endswith(ending):
                return fmt
        return None


_JSON = json.JSONEncoder(ensure_ascii=False)
"""One encoder for every row (``json.dumps`` with options makes one a call)."""

_BATCH = 1 << 16
"""Rows kept before a Parquet row group is written."""


class TableWriter:
    """Writes one table's rows, in the order given, to a text stream (CSV, JSON lines) or
    a binary one (Parquet); ``close`` ends the file (it does not close the stream).

    Raises MahjongError when Parquet is asked for and ``pyarrow`` is not installed.
    """

    def __init__(self, stream: IO[str] | IO[bytes], table: str | TidyTable,
                 fmt: TableFormat) -> None:
        self.table = _table(table)
        self.format = fmt
        if not isinstance(fmt, TableFormat):
            raise InvalidContextError(f"a table format is a TableFormat, got {quote(fmt)}")
        if (fmt is TableFormat.PARQUET) == isinstance(stream, io.TextIOBase):
            raise InvalidContextError(f"{fmt.value} is written to a "
                                      f"{'binary' if fmt is TableFormat.PARQUET else 'text'} "
                                      f"stream, got {quote(stream)}")
        self._stream = stream
        self._pending: list[Row] = []
        self._arrow: Any = None     # pyarrow and its objects, when Parquet is written
        self._schema: Any = None
        self._parquet: Any = None
        if fmt is TableFormat.PARQUET:
            self._start_parquet()
        elif fmt is TableFormat.CSV:
            self._csv = csv.writer(_text(stream), lineterminator="\n")
            self._csv.writerow(self.table.names)

    def write(self, rows: Iterable[Row]) -> None:
        """Write rows (each a value a column, in the table's column order)."""
        if self.format is TableFormat.CSV:
            self._csv.writerows(tuple(_csv_cell(cell) for cell in row) for row in rows)
        elif self.format is TableFormat.JSONL:
            names = self.table.names
            encode = _JSON.encode
            _text(self._stream).write("".join(
                encode(dict(zip(names, row, strict=True))) + "\n" for row in rows))
        else:
            self._pending.extend(rows)
            if len(self._pending) >= _BATCH:
                self._flush_parquet()

    def close(self) -> None:
        """Write what is kept and end the file (Parquet's footer)."""
        if self.format is TableFormat.PARQUET and self._parquet is not None:
            self._flush_parquet()
            self._parquet.close()
            self._parquet = None

    def _start_parquet(self) -> None:
        try:
            pa = importlib.import_module("pyarrow")
            pq = importlib.import_module("pyarrow.parquet")
        except ImportError:
            raise MahjongError("writing Parquet needs pyarrow: pip install "
                               "'mahjong_core[parquet]' (or write csv or jsonl)") from None
        types = {"int": pa.int64(), "float": pa.float64(), "str": pa.string(),
                 "bool": pa.bool_()}
        self._arrow = pa
        self._schema = pa.schema([pa.field(c.name, types[c.type], nullable=c.nullable)
                                  for c in self.table.columns])
        self._parquet = pq.ParquetWriter(self._stream, self._schema)

    def _flush_parquet(self) -> None:
        pa = self._arrow
        rows, self._pending = self._pending, []
        columns = list(zip(*rows, strict=True)) if rows else [()] * len(self.table.columns)
        arrays = [pa.array(values, type=field.type)
                  for values, field in zip(columns, self._schema, strict=True)]
        self._parquet.write_batch(pa.RecordBatch.from_arrays(arrays, schema=self._schema))


def _text(stream: IO[str] | IO[bytes]) -> IO[str]:
    """The stream of a text format (checked to be text when the writer was made)."""
    return cast("IO[str]", stream)


def _csv_cell(cell: Cell) -> Cell:
    if cell is True:
        return "true"
    if cell is False:
        return "false"
    return "" if cell is None else cell
