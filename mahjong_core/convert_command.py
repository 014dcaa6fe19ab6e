"""``python -m mahjong_core convert``: game logs from one format into another, through the engine.

Each game of the inputs (Tenhou's mjlog XML, tenhou.net/6 JSON logs or mjai events, the
format recognised from the content) is played through the table engine; the game the
engine recorded is written in the format asked for, so every converted game is a legal
one and every result in it is the engine's.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Iterator

from .errors import MahjongError
from .formats.logs import LogFormat, parse_game, split_games, write_game
from .formats.replay import replay_mjlog

__all__ = ["convert", "main"]

_EXAMPLES = """examples:
  python -m mahjong_core convert --to tenhou6 game.mjlog > game.json
  python -m mahjong_core convert --to mjai game.json > game.mjson
  python -m mahjong_core convert --to mjlog --out converted/ logs/*.mjlog

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
    game = parse_game(document, fmt)
    return write_game(replay_mjlog(game), to, source=game)


def _games(paths: list[str]) -> Iterator[tuple[LogFormat, str] | MahjongError]:
    for path in paths or ["-"]:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
        try:
            yield from split_games(data)
        except MahjongError as error:
            yield MahjongError(f"{path}: {error}")


def _write_file(directory: str, name: str, text: str) -> None:
    """Write ``text`` to ``directory/name`` whole or not at all."""
    handle, temporary = tempfile.mkstemp(prefix=".convert-", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.replace(temporary, os.path.join(directory, name))
    except BaseException:
        os.unlink(temporary)
        raise


def main(argv: list[str]) -> int:
    """Convert every game of the inputs; exit status 1 when any game failed."""
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core convert",
        description="Convert game logs between Tenhou's mjlog XML, the tenhou.net/6 JSON "
                    "log and mjai events. Every game is played through the table engine: "
                    "the output holds the engine's own results.",
        epilog=_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--to", required=True, choices=[f.value for f in LogFormat],
                        help="the format to write")
    parser.add_argument("--out", metavar="DIR",
                        help="write one file per game into DIR (made if missing)")
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="game logs (mjlog, tenhou.net/6 JSON or mjai); - or none for "
                             "standard input")
    args = parser.parse_args(argv)
    to = LogFormat(args.to)
    items = list(_games(args.files))
    if args.out is None and len(items) != 1:
        parser.error(f"the input holds {len(items)} games; without --out DIR it must hold "
                     "one")
    if args.out is not None:
        os.makedirs(args.out, exist_ok=True)
    failed = 0
    for number, item in enumerate(items):
        try:
            if isinstance(item, MahjongError):
                raise item
            text = convert(item[1], to, item[0])
        except MahjongError as error:
            failed += 1
            print(f"game {number}: {error}", file=sys.stderr, flush=True)
            continue
        if args.out is None:
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
        else:
            _write_file(args.out, f"{number:05d}{to.suffix}", text if text.endswith("\n")
                        else text + "\n")
    if args.out is not None:
        print(f"{len(items) - failed} of {len(items)} games written to {args.out}",
              file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
