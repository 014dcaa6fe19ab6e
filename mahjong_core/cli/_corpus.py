"""The games of a corpus, each put through one function: the ``stats`` and ``export``
commands' single place where inputs are read and games are answered.

A folder is read recursively (its files in name order, then each subfolder in name
order); each file or standard input is
read as ``replay`` reads it (``_games.read_inputs``: any format, plain or gzip, several
games a file). Each game is read into an ``MjlogGame`` and given to the command's
function with its number (its place among all the inputs' games, from 0); a game that
cannot be read or whose function raises a ``MahjongError`` is answered with its error.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Generic, TypeVar

import attrs

from ..errors import MahjongError
from ..formats.logs import parse_game
from ..formats.mjlog import MjlogGame
from ..formats.replay import replay_mjlog
from ..table import GameRecord
from ._games import GameText, read_inputs

__all__ = ["GameAnswer", "add_inputs", "corpus_paths", "each_game", "replayed"]

_R = TypeVar("_R")


@attrs.frozen
class GameAnswer(Generic[_R]):
    """One game's answer: the function's ``value``, or why the game has none."""

    number: int
    """The game's place among all the inputs' games, from 0."""
    source: str
    """The file (or ``standard input``) it came from."""
    value: _R | None = None
    error: str | None = None

    def report(self) -> None:
        """Name this game's error on standard error (``game 3 (logs/a.mjlog): ...``)."""
        print(f"game {self.number} ({self.source}): {self.error}", file=sys.stderr)


def add_inputs(parser: argparse.ArgumentParser) -> None:
    """The commands' inputs argument: files or folders, ``-`` or none for standard input."""
    parser.add_argument("inputs", nargs="*", metavar="FILE|DIR",
                        help="game logs or folders of them; - or none for standard input")


def corpus_paths(paths: Iterable[str]) -> Iterator[str]:
    """The files of ``paths``: a folder gives every file under it, its own files in name
    order, then each subfolder's in name order (hidden files and folders skipped); a file
    or ``-`` is given as it is."""
    for path in paths:
        if path == "-" or not os.path.isdir(path):
            yield path
            continue
        for folder, folders, files in os.walk(path):
            folders[:] = sorted(name for name in folders if not name.startswith("."))
            for name in sorted(files):
                if not name.startswith("."):
                    yield os.path.join(folder, name)


def each_game(paths: Iterable[str], function: Callable[[int, MjlogGame], _R]
              ) -> Iterator[GameAnswer[_R]]:
    """``function(number, game)`` for every game of the inputs, in order."""
    number = 0
    for path in corpus_paths(paths):
        source = "standard input" if path == "-" else path
        for item in read_inputs([path]):
            yield _answer(number, source, item, function)
            number += 1


def _answer(number: int, source: str, item: GameText,
            function: Callable[[int, MjlogGame], _R]) -> GameAnswer[_R]:
    if item.error is not None or item.fmt is None:
        return GameAnswer(number, source, error=item.error or "no game")
    try:
        return GameAnswer(number, source, function(number, parse_game(item.text, item.fmt)))
    except MahjongError as error:
        return GameAnswer(number, source, error=str(error))


def replayed(game: MjlogGame) -> tuple[GameRecord, list[str] | None]:
    """The engine's record of ``game`` and its players' names by seat as its log gives
    them (None when it names fewer than its seats).

    Raises InvalidLogError or IllegalActionError for a game the engine cannot replay.
    """
    record = replay_mjlog(game)
    seats = len(record.final_scores)
    names = [player.name for player in game.players[:seats]]
    return record, names if len(names) == seats else None
