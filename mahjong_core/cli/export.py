"""``python -m mahjong_core export``: game logs as tidy tables (CSV, JSON lines, Parquet).

Every game of the inputs is played through the table engine and written as rows of one
table (``mahjong_core.tidy.TABLES``: player_games, rounds, player_rounds, wins, actions),
game after game in input order, so pandas, polars and DuckDB read it directly.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import os
import sys
import tempfile
from collections.abc import Sequence
from typing import IO

import attrs

from ..errors import MahjongError
from ..formats.corpus import GameSource, ReadError
from ..formats.game_log import GameLog
from ..parallel import Backend, map_in_order
from ..tidy import TABLES, Row, TableFormat, TableWriter, TidyTable
from ._batch import publish
from ._corpus import (
    Corpus,
    ProgressBar,
    add_corpus_options,
    add_inputs,
    corpus_paths,
    open_backend,
    read_game,
    replayed,
)

__all__ = ["game_rows", "main"]

_EXAMPLES = """examples:
  python -m mahjong_core export --table wins logs/ -o wins.parquet
  python -m mahjong_core export --table player_rounds logs/ -o player_rounds.csv
  python -m mahjong_core export --table actions --format jsonl game.mjlog | head
  python -m mahjong_core export --table rounds --jobs 2 logs/ -o rounds.csv

The format is the output file's ending (.csv, .jsonl, .parquet; .csv.gz and .jsonl.gz
are gzip-compressed) unless --format says;
standard output takes csv (the default) or jsonl. Parquet needs pyarrow (pip install
'mahjong_core[parquet]'). docs/export.md lists every column. A game that cannot be read
or replayed is named on standard error and has no rows; the exit status is then 1."""


def game_rows(number: int, game: GameLog, table: TidyTable) -> list[Row]:
    """The rows of ``table`` for game ``number``, its players named as its log names them.

    Raises InvalidLogError or IllegalActionError for a game the engine cannot replay.
    """
    return _rows_and_rounds(number, game, table)[0]


def _rows_and_rounds(number: int, game: GameLog, table: TidyTable
                     ) -> tuple[list[Row], int]:
    record, names = replayed(game)
    return table.rows(record, game=number, names=names), len(record.rounds)


def _pair_rows(pair: tuple[int, GameSource | ReadError], table: TidyTable) -> tuple[list[Row], int]:
    """The rows of one numbered piece of the input and its rounds (what the workers
    run)."""
    number, item = pair
    return _rows_and_rounds(number, read_game(item), table)


@attrs.frozen
class _Job:
    """What to write: the inputs' games as one table, where they run, the progress bar."""

    inputs: Sequence[str]
    table: TidyTable
    fmt: TableFormat
    backend: Backend
    bar: ProgressBar


def _write(stream: IO[str] | IO[bytes], job: _Job) -> int:
    """Write every game's rows to ``stream``, in input order; the number of games that
    were errors."""
    writer = TableWriter(stream, job.table, job.fmt)
    corpus = Corpus(job.inputs, job.bar)
    work = functools.partial(_pair_rows, table=job.table)
    errors = 0
    for number, outcome in enumerate(map_in_order(work, enumerate(corpus.games()),
                                                  job.backend)):
        if outcome.value is None:
            job.bar.close()  # the error on a line of its own
            corpus.report(number, outcome.error or "lost")
            errors += 1
        else:
            writer.write(outcome.value[0])
        job.bar.add(0 if outcome.value is None else outcome.value[1], outcome.value is None)
    writer.close()
    return errors


def _gzipped(path: str) -> bool:
    """Whether a table written to ``path`` is gzip-compressed: its name ends in .gz (in
    any case), after the format's own ending."""
    return path.lower().endswith(".gz")


def _write_file(path: str, job: _Job) -> int:
    """Write to ``path`` whole or not at all (a temporary file beside it, then renamed)."""
    folder = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(prefix=".export-", dir=folder)
    try:
        if job.fmt is TableFormat.PARQUET:
            with os.fdopen(handle, "wb") as binary:
                errors = _write(binary, job)
        elif _gzipped(path):
            with (os.fdopen(handle, "wb") as binary,
                  gzip.GzipFile(fileobj=binary, mode="wb", mtime=0) as packed,
                  io.TextIOWrapper(packed, encoding="utf-8", newline="") as text):
                errors = _write(text, job)
        else:
            with os.fdopen(handle, "w", encoding="utf-8", newline="") as text:
                errors = _write(text, job)
        publish(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
    return errors


def main(argv: list[str]) -> int:
    """Write one table of every game of the inputs; exit status 1 when any game was an
    error, 2 for a usage error."""
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core export",
        description="Game logs (mjlog, tenhou.net/6 JSON or mjai; plain, gzip, bzip2, zip "
                    "or tar; folders read recursively) played through the table engine "
                    "and written as one tidy table: a row per seat of a game, round, seat "
                    "of a round, win or action, with fixed, documented columns.",
        epilog=_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_inputs(parser)
    parser.add_argument("--table", required=True, choices=list(TABLES),
                        help="the table to write")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="the file to write (default: standard output)")
    parser.add_argument("--format", choices=[fmt.value for fmt in TableFormat],
                        help="csv, jsonl or parquet (default: the output's ending, else csv)")
    add_corpus_options(parser, "replay the games")
    args = parser.parse_args(argv)
    output = args.output or ""
    named = output[:-3] if _gzipped(output) else output
    fmt = (TableFormat(args.format) if args.format else
           TableFormat.of_path(named) or TableFormat.CSV)
    if args.output is None and fmt is TableFormat.PARQUET:
        parser.error("parquet is written to a file: give -o FILE")
    if fmt is TableFormat.PARQUET and named != output:
        parser.error("parquet compresses its own columns: name the file .parquet, not .gz")
    if args.output is not None and os.path.isdir(args.output):
        parser.error(f"{args.output} is a folder: -o names the file to write")
    inputs = args.inputs or ["-"]
    try:
        with (open_backend(parser, args) as backend,
              ProgressBar(corpus_paths(inputs), args.quiet) as bar):
            job = _Job(inputs, TABLES[args.table], fmt, backend, bar)
            if args.output is None:  # a closed pipe ends the command quietly (run_command)
                errors = _write(sys.stdout, job)
            else:
                errors = _write_file(args.output, job)
    except MahjongError as error:  # pyarrow missing
        print(f"export: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        if args.output is None:
            raise
        print(f"export: {args.output} cannot be written: {error.strerror or error}",
              file=sys.stderr)
        return 1
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
