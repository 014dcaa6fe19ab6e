"""``python -m mahjong_core view``: a game log as a self-contained HTML replay page.

Each game of the log (Tenhou's mjlog XML, a tenhou.net/6 JSON log or mjai events, the
format recognised from the content) is played through the table engine and written as
one page (``mahjong_core.view``) that works offline with no file beside it.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
from collections.abc import Iterator

from ..errors import MahjongError, quote
from ..formats.corpus import GameSource, ReadError, iter_sources
from ..view import log_html
from ._batch import OutputClosed, publish

__all__ = ["main", "page_path"]

_EXAMPLES = """examples:
  python -m mahjong_core view game.mjlog                  # writes game.html
  python -m mahjong_core view game.json -o replay.html --seat 2 --closed
  python -m mahjong_core view many.mjlog.gz -o out/game.html   # out/game-1.html, ...
  python -m mahjong_core view - -o - < game.mjson > game.html

Without -o the page is written beside the log, named after it (game.mjlog: game.html).
A log of several games gives one page each, numbered from 1 (game-1.html, ...). -o -
writes the page to standard output (the log must then hold one game). Open the page in
any browser: Left and Right step through the actions, Shift with them through a seat's
turns, Up and Down through the rounds; the address's #E3-1/42 names the moment shown.
See docs/view.md."""

_LOG_SUFFIXES = (".gz", ".mjlog", ".mjson", ".json", ".xml", ".txt", ".log")


def page_path(log: str, out: str | None, number: int | None) -> str:
    """Where a page of ``log`` goes: ``out`` (or the log's name with its log suffixes
    replaced by ``.html``), with ``-number`` before the suffix for a log of several
    games (``number`` None for a log of one)."""
    if out is None:
        base = log
        while base.lower().endswith(_LOG_SUFFIXES):
            base = base[:base.rfind(".")]
        out = base + ".html"
    if number is None:
        return out
    stem, suffix = os.path.splitext(out)
    return f"{stem}-{number}{suffix or '.html'}"


def _write_file(path: str, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (its folder made if missing)."""
    directory = os.path.dirname(path) or "."
    os.makedirs(directory, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".view-", suffix=".html", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        publish(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def _write_out(text: str) -> None:
    """The page to standard output as UTF-8; OutputClosed when the reader went away."""
    stream = sys.stdout
    if stream is None:
        raise OutputClosed(0)
    try:
        buffer = getattr(stream, "buffer", None)
        if buffer is not None:
            stream.flush()
            buffer.write(text.encode("utf-8"))
            buffer.flush()
        else:
            stream.write(text)
            stream.flush()
    except BrokenPipeError:
        raise OutputClosed(0) from None


def _say(message: str, *, error: bool = False, quiet: bool = False) -> None:
    """A line about a game: on standard output, or standard error for an error or when
    the page itself goes to standard output (``quiet``)."""
    stream = sys.stderr if error or quiet else sys.stdout
    if stream is not None:
        try:
            print(message, file=stream, flush=True)
        except BrokenPipeError:
            raise OutputClosed(1 if error else 0) from None


def _parser() -> argparse.ArgumentParser:
    """The view command's arguments."""
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core view",
        description="Write a game log (Tenhou mjlog XML, tenhou.net/6 JSON or mjai events, "
                    "plain or gzip) as self-contained HTML pages that replay it: the table "
                    "as a player sees it, action by action, with each round's results and "
                    "the final standing. Every game is played through the table engine. "
                    "A game that cannot be read or replayed is reported on standard error "
                    "and the next ones are still written.",
        epilog=_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", metavar="LOG", help="the game log; - for standard input")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="the page to write (- for standard output)")
    parser.add_argument("--seat", type=int, default=0,
                        help="the seat at the bottom of the table, 0-3 (default 0)")
    parser.add_argument("--closed", action="store_true",
                        help="show only that seat's hand (the others open at a round's end)")
    parser.add_argument("--title", help="the page's title")
    parser.add_argument("--language", choices=("english", "japanese", "romaji"),
                        default="romaji",
                        help="the yaku's names: romaji as the score command writes them "
                             "(the default), or their english or japanese translations")
    return parser


def main(argv: list[str]) -> int:
    """Write a page for every game of the log; exit status 1 when any game failed."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.log == "-" and args.output is None:
        parser.error("give -o FILE (or -o - for standard output) when the log comes from "
                     "standard input")
    if not 0 <= args.seat <= 3:
        parser.error("--seat must be 0-3")
    items: Iterator[GameSource | ReadError] = iter_sources([args.log])
    first = list(itertools.islice(items, 2))
    several = len(first) > 1
    to_stdout = args.output == "-"
    if to_stdout and several:
        parser.error("-o - writes one page: the log holds more than one game")
    failed = 0
    for number, item in enumerate(itertools.chain(first, items), start=1):
        path = page_path(args.log, None if to_stdout else args.output,
                         number if several else None)
        try:
            if isinstance(item, ReadError):
                raise MahjongError(item.message)
            page = log_html(item.text, item.fmt, seat=args.seat, open_hands=not args.closed,
                            title=args.title, language=args.language)
            if to_stdout:
                _write_out(page)
                _say(f"game {number}: written ({len(page) // 1024} KB)", quiet=True)
            else:
                _write_file(path, page)
                _say(f"game {number}: {path} ({len(page) // 1024} KB)")
        except MahjongError as error:
            failed += 1
            _say(f"game {number}: {error}", error=True)
        except OSError as error:  # the file could not be written
            failed += 1
            _say(f"game {number}: not written: {error.strerror or error}", error=True)
        except OutputClosed:
            raise OutputClosed(1 if failed else 0) from None
        except Exception as error:  # a failure of the library itself: this game says so
            failed += 1
            _say(f"game {number}: the library failed on this game ({type(error).__name__}: "
                 f"{quote(str(error))}); please report it", error=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
