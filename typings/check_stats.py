"""Consumer code for the statistics and tidy tables: type-checked, never run."""

from __future__ import annotations

import io
from typing import assert_type

from mahjong_core.stats import CorpusStats, GameFilter, PlayerStats, stats_of, sum_stats
from mahjong_core.table import Game, GameRecord
from mahjong_core.tidy import TABLES, Cell, Row, TableFormat, TableWriter, TidyTable, rows_of

record: GameRecord = Game().record()
one = stats_of(record, names=["A", "B", "C", "D"])
assert_type(one, CorpusStats)
assert_type(one + one, CorpusStats)
assert_type(sum_stats([one, one]), CorpusStats)
assert_type(one.players["A"], PlayerStats)
assert_type(one.players["A"].average_place, float | None)
assert_type(one.to_json(), dict[str, object])
assert_type(GameFilter(players=3).players, int | None)
one + 1  # type: ignore[operator]

assert_type(TABLES["wins"], TidyTable)
rows = rows_of(record, "wins", game=2)
assert_type(rows, list[Row])
assert_type(rows[0][0], Cell)
writer = TableWriter(io.StringIO(), "wins", TableFormat.CSV)
writer.write(rows)
writer.write(["not a row"])  # type: ignore[list-item]
