"""What the corpus commands (``replay``, ``convert``, ``export``, ``stats``) share: where
their games run (``--jobs``, ``--scheduler``) and the progress bar on standard error
(``--quiet``).

A command reads its inputs as a stream of games, maps a module-level function of one
game over them with ``parallel.map_in_order`` (or sums with ``parallel.fold_in_order``)
on the backend ``open_backend`` gives, and writes each answer in input order, telling the
``ProgressBar`` of each game done.
"""

from __future__ import annotations

import argparse
import bisect
import os
import shutil
import sys
import time
from collections.abc import Iterable, Iterator
from typing import IO

from ..errors import InvalidLogError, MahjongError
from ..formats import corpus as _reader
from ..formats.corpus import GameSource, ReadError, iter_sources, log_files
from ..formats.game_log import GameLog
from ..formats.replay import replay_game
from ..parallel import Dask, Local, Processes, backend_for
from ..table import GameRecord

__all__ = ["MAX_JOBS", "Corpus", "ProgressBar", "add_corpus_options", "add_inputs",
           "corpus_paths", "counted", "open_backend", "read_game", "replayed"]

_Item = GameSource | ReadError
"""One game of the inputs, or why it cannot be read."""

MAX_JOBS = 64
"""The most processes ``--jobs`` starts."""


def add_corpus_options(parser: argparse.ArgumentParser, verb: str) -> None:
    """``--jobs N``, ``--scheduler ADDRESS`` and ``--quiet``."""
    parser.add_argument("--jobs", type=int, default=1,
                        help=f"{verb} on this many local processes, 1-{MAX_JOBS} (default 1)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help=f"{verb} on the workers of a running Dask cluster whose "
                             "scheduler is at ADDRESS (tcp://host:port); needs the extra "
                             "mahjong_core[dask], and the library on every worker")
    parser.add_argument("--quiet", action="store_true",
                        help="no progress bar on standard error (it is shown only when "
                             "standard error is a terminal)")


def open_backend(parser: argparse.ArgumentParser, args: argparse.Namespace
                 ) -> Local | Processes | Dask:
    """The backend ``--jobs`` and ``--scheduler`` ask for; a usage error (exit status 2)
    for a bad ``--jobs``, both options at once, or a scheduler that cannot be used."""
    if not 1 <= args.jobs <= MAX_JOBS:
        parser.error(f"--jobs must be 1-{MAX_JOBS}")
    if args.scheduler is not None and args.jobs != 1:
        parser.error("--jobs and --scheduler cannot be given together (the cluster's "
                     "workers are its own)")
    try:
        return backend_for(args.jobs, args.scheduler)
    except MahjongError as error:
        parser.error(str(error))


class ProgressBar:
    """Games done, rounds a second, errors and the time left, on one line of standard
    error updated in place; shown only when ``stream`` is a terminal and not ``quiet``.

    The time left is estimated from the share of the inputs' bytes read, when every
    input is a plain file (not standard input, not compressed, not an archive)."""

    def __init__(self, paths: Iterable[str], quiet: bool = False,
                 stream: IO[str] | None = None) -> None:
        self._stream = sys.stderr if stream is None else stream
        self.shown = not quiet and self._stream is not None and _is_terminal(self._stream)
        self.games = self.rounds = self.errors = 0
        self.read = 0
        self.total = _plain_size(paths) if self.shown else None
        self._start = self._last = time.monotonic()

    def add(self, rounds: int = 0, error: bool | int = False, games: int = 1) -> None:
        """A game done (or ``games`` of them): its rounds, whether it was an error (or
        how many of them were)."""
        self.games += games
        self.rounds += rounds
        self.errors += error
        now = time.monotonic()
        if self.shown and now - self._last >= 0.2:
            self._last = now
            self._show(now)

    def _show(self, now: float) -> None:
        elapsed = max(now - self._start, 1e-9)
        text = (f"{self.games:,} games, {self.rounds / elapsed:,.0f} rounds/s, "
                f"{self.errors:,} errors")
        if self.total and self.read:
            left = elapsed * max(0, self.total - self.read) / self.read
            text += f", {int(left) // 60}:{int(left) % 60:02d} left"
        width = shutil.get_terminal_size().columns - 1
        self._stream.write("\r\x1b[K" + text[:width])
        self._stream.flush()

    def close(self) -> None:
        """Clear the line (the next game done shows it again)."""
        if self.shown:
            self._stream.write("\r\x1b[K")
            self._stream.flush()

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def counted(items: Iterable[_Item], bar: ProgressBar) -> Iterator[_Item]:
    """The games, each one's size added to the bar's bytes read as it is taken."""
    for item in items:
        if isinstance(item, GameSource):
            bar.read += len(item.text)
        yield item


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


_PACKED = (b"\x1f\x8b", b"BZh", b"PK\x03\x04", b"PK\x05\x06")
"""How gzip, bzip2 and zip data begin: a file whose size is not its text's."""


def _plain_size(paths: Iterable[str]) -> int | None:
    """The inputs' bytes in all, or None when one is not a plain uncompressed file."""
    total = 0
    for path in paths:
        try:
            if path == "-" or not os.path.isfile(path):
                return None
            with open(path, "rb") as handle:
                if handle.read(4).startswith(_PACKED):
                    return None
            total += os.path.getsize(path)
        except OSError:
            return None
    return total


def add_inputs(parser: argparse.ArgumentParser) -> None:
    """The commands' inputs argument: files or folders, ``-`` or none for standard input."""
    parser.add_argument("inputs", nargs="*", metavar="FILE|DIR",
                        help="game logs or folders of them; - or none for standard input")


def corpus_paths(paths: Iterable[str]) -> Iterator[str]:
    """The files of ``paths`` as the reader opens them: a folder gives its log files
    (``log_files``); a file or ``-`` is given as it is."""
    for path in paths:
        if path == "-" or not os.path.isdir(path):
            yield path
        else:
            yield from log_files(path)


class Corpus:
    """The games of the inputs (``iter_sources``: files, folders read recursively,
    archives, standard input) as a stream, and which file each game came from (only the
    number of each file's first game is kept).

    ``games`` is read once, in order; the n-th game it gives is game n."""

    def __init__(self, paths: Iterable[str], bar: ProgressBar,
                 items: Iterator[_Item] | None = None) -> None:
        self._paths = list(paths)
        self._bar = bar
        self._items = items
        self._starts: list[int] = []
        self._sources: list[str] = []

    def games(self) -> Iterator[_Item]:
        """Every game of the inputs (or of ``items``, when they were given: the inputs'
        games already begun), in order, its size told to the progress bar."""
        items = iter_sources(self._paths) if self._items is None else self._items
        for number, item in enumerate(counted(items, self._bar)):
            if not self._sources or self._sources[-1] != item.file:
                self._starts.append(number)
                self._sources.append(item.file)
            yield item

    def report(self, number: int, error: str) -> None:
        """Name game ``number``'s error on standard error (``game 3 (logs/a.mjlog):
        ...``)."""
        source = self._sources[bisect.bisect_right(self._starts, number) - 1]
        if sys.stderr is not None:
            print(f"game {number} ({source}): {error}", file=sys.stderr, flush=True)


def read_game(item: _Item) -> GameLog:
    """The game of one piece of the input. Raises InvalidLogError for one that cannot be
    read (the reason the reader gave, or the parser's)."""
    if isinstance(item, ReadError):
        raise InvalidLogError(item.message)
    return _reader.read_game(item)


def replayed(game: GameLog) -> tuple[GameRecord, list[str] | None]:
    """The engine's record of ``game`` and its players' names by seat as its log gives
    them (None when it names fewer than its seats).

    Raises InvalidLogError or IllegalActionError for a game the engine cannot replay.
    """
    record = replay_game(game)
    named = len(game.players) >= len(record.final_scores)
    return record, list(record.names) if named else None
