"""``python -m mahjong_core convert``: game logs from one format into another, through the engine.

Each game of the inputs (Tenhou's mjlog XML, tenhou.net/6 JSON logs or mjai events, the
format recognised from the content) is played through the table engine; the game the
engine recorded is written in the format asked for, so every converted game is a legal
one and every result in it is the engine's.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
from collections.abc import Iterator

from ..errors import MahjongError, quote
from ..formats.corpus import MAX_GAME_BYTES, MAX_LINE_BYTES, GameSource, ReadError, iter_sources
from ..formats.logs import LogFormat, parse_game, write_game
from ..formats.replay import replay_game
from ..parallel import map_in_order
from ._batch import OutputClosed, publish
from ._corpus import Corpus, ProgressBar, add_corpus_options, corpus_paths, open_backend

__all__ = ["convert", "main"]

_EXAMPLES = """examples:
  python -m mahjong_core convert --to tenhou6 game.mjlog > game.json
  python -m mahjong_core convert --to mjai game.json > game.mjson
  python -m mahjong_core convert --to mjlog --out converted/ logs/*.mjlog
  python -m mahjong_core convert --to mjai --jobs 2 --out converted/ logs/*.mjlog

Without --out the input must hold one game, written to standard output. With --out DIR
each game goes to its own file, named by its position among all the inputs' games,
counting from 0: 00000.json (tenhou6), 00000.mjson (mjai), 00000.mjlog. A game the
engine refuses is reported on standard error, naming the round and the action, and
gets no file; the exit status is then 1."""


def convert(document: str, to: LogFormat, fmt: LogFormat | None = None) -> str:
    """One game (in ``fmt``, recognised from the text when None) played through the
    engine and written in ``to``.

    Raises InvalidLogError for a game that cannot be read and IllegalActionError for
    one the engine refuses; the message names the round and the action.
    """
    return _convert_rounds(document, to, fmt)[0]


def _convert_rounds(document: str, to: LogFormat, fmt: LogFormat | None) -> tuple[str, int]:
    """``convert`` and the rounds played."""
    game = parse_game(document, fmt)
    record = replay_game(game)
    return write_game(record, to, source=game), len(record.rounds)


def _converted(work: tuple[GameSource | ReadError, LogFormat]) -> tuple[str, str | None, int]:
    """One game converted (what the workers run): its text, or why it cannot be, and its
    rounds."""
    item, to = work
    try:
        if isinstance(item, ReadError):
            raise MahjongError(item.message)
        text, rounds = _convert_rounds(item.text, to, item.fmt)
        return text, None, rounds
    except MahjongError as error:
        return "", str(error), 0
    except Exception as error:  # a failure of the library itself: this game says so
        return "", (f"the library failed on this game ({type(error).__name__}: "
                    f"{quote(str(error))}); please report it"), 0


def _write(directory: str | None, number: int, to: LogFormat, text: str) -> None:
    """A converted game to standard output (no ``directory``) or to its file."""
    if directory is None:
        _write_out(text)
    else:
        _write_file(directory, f"{number:05d}{to.suffix}",
                    text if text.endswith("\n") else text + "\n")


def _write_file(directory: str, name: str, text: str) -> None:
    """Write ``text`` to ``directory/name`` whole or not at all."""
    handle, temporary = tempfile.mkstemp(prefix=".convert-", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        publish(temporary, os.path.join(directory, name))
    except BaseException:
        os.unlink(temporary)
        raise


def _write_out(text: str) -> None:
    """Write a converted game to standard output as UTF-8 (the format's own encoding,
    whatever the locale's); raises OutputClosed when the reader went away."""
    stream = sys.stdout
    if stream is None:
        raise OutputClosed(0)
    data = (text if text.endswith("\n") else text + "\n").encode("utf-8")
    try:
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            stream.flush()
            buffer.write(data)
            buffer.flush()
        else:
            stream.write(data.decode("utf-8"))
            stream.flush()
    except BrokenPipeError:
        raise OutputClosed(0) from None


def _report(message: str) -> None:
    """One line on standard error (a message about a game or the run)."""
    if sys.stderr is not None:
        print(message, file=sys.stderr, flush=True)


def main(argv: list[str]) -> int:
    """Convert every game of the inputs; exit status 1 when any game failed."""
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core convert",
        description="Convert game logs between Tenhou's mjlog XML, the tenhou.net/6 JSON "
                    "log and mjai events. Every game is played through the table engine: "
                    "the output holds the engine's own results. A game that cannot be "
                    "read or converted is reported on standard error and the next ones "
                    f"are still converted. A game may take {MAX_GAME_BYTES // (1 << 20)} "
                    f"MiB, an mjai line {MAX_LINE_BYTES // (1 << 20)} MiB.",
        epilog=_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--to", required=True, choices=[f.value for f in LogFormat],
                        help="the format to write")
    parser.add_argument("--out", metavar="DIR",
                        help="write one file per game into DIR (made if missing)")
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="game logs (mjlog, tenhou.net/6 JSON or mjai); - or none for "
                             "standard input")
    add_corpus_options(parser, "convert")
    args = parser.parse_args(argv)
    to = LogFormat(args.to)
    backend = open_backend(parser, args)
    files = args.files or ["-"]
    items: Iterator[GameSource | ReadError] = iter_sources(files)
    if args.out is None:
        first = list(itertools.islice(items, 2))
        if len(first) != 1:
            count = len(first) + sum(1 for _ in items)
            parser.error(f"the input holds {count} games; without --out DIR it must hold "
                         "one")
        items = iter(first)
    else:
        try:
            os.makedirs(args.out, exist_ok=True)
        except OSError as error:
            parser.error(f"cannot make the directory {args.out}: {error.strerror or error}")
    failed = total = 0
    with backend, ProgressBar(corpus_paths(files), args.quiet) as bar:
        corpus = Corpus(files, bar, items)
        work = ((item, to) for item in corpus.games())
        for number, outcome in enumerate(map_in_order(_converted, work, backend)):
            total += 1
            text, problem, rounds = outcome.value or (
                "", f"the library failed on this game ({quote(outcome.error)}); please "
                    "report it", 0)
            try:
                if problem is None:
                    _write(args.out, number, to, text)
            except OSError as error:   # the file could not be written
                problem = f"not written: {error.strerror or error}"
            except OutputClosed:
                raise OutputClosed(1 if failed else 0) from None
            if problem is not None:
                failed += 1
                bar.close()  # the error on a line of its own
                corpus.report(number, problem)
            bar.add(rounds, problem is not None)
    if args.out is not None:
        _report(f"{total - failed} of {total} games written to {args.out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
