"""``python -m mahjong_core score``: the JSON-lines interface to ``evaluate``.

One JSON object a line in, one a line out, in order: every line that is not blank gets
exactly one answer, and blank lines (empty or only whitespace) are skipped. A line that
cannot be read or scored is answered with ``{"error": "..."}`` and the next lines are
still answered: bytes that are not UTF-8 (each line is decoded on its own), a line longer
than 64 KiB, text that is not JSON, a key given twice, nesting deeper than 32 levels, a
number longer than 40 characters, more than four melds, a hand or tiles text longer than
mpsz can be (272 characters), honba or riichi sticks over 100. ``\\r\\n``, ``\\n`` and a
lone ``\\r`` each end a line. The exit status is 1 when any line was an error, else 0;
when the reader of the answers goes away (``... | head -1``) the command stops quietly
with the status of the lines answered so far.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..errors import MahjongError
from ..jsonapi import answer_line
from . import _batch

if TYPE_CHECKING:
    import argparse

__all__ = ["MAX_LINE_BYTES", "main", "score_stream"]

MAX_LINE_BYTES = 1 << 16
"""The longest request line, in bytes (64 KiB). A request needs well under 2 KB even
with every key and rule written out; a longer line is refused before it is kept."""


def score_stream(stream: _batch.Source, output: _batch.Output) -> int:
    """Answer every line of a byte stream that is not blank, in order, on ``output``.

    Gives the exit status: 1 if any line was an error, else 0. Raises
    ``_batch.OutputClosed`` when the reader of the answers goes away.
    """
    try:
        for line in _batch.read_lines(stream, max_bytes=MAX_LINE_BYTES,
                                      before_read=output.flush):
            if line.error is not None:
                output.write_json({"error": line.error}, error=True)
                continue
            try:
                obj = _batch.parse_json(line.text)
            except MahjongError as error:
                output.write_json({"error": str(error)}, error=True)
            else:
                text, refused = answer_line(obj)
                output.write(text, error=refused)
    except KeyboardInterrupt:  # the answers given so far still go out
        with contextlib.suppress(_batch.OutputClosed):
            output.flush()
        raise
    output.flush()
    return output.status


def _parser() -> argparse.ArgumentParser:
    import argparse  # only for arguments: a plain run starts without it

    return argparse.ArgumentParser(
        prog="python -m mahjong_core score",
        description="Score wins: one JSON object a line on standard input (the hand before\n"
                    "the win, the winning tile, the melds and the situation), one JSON answer\n"
                    "a line on standard output, in the same order. A line that cannot be\n"
                    "read or scored is answered with {\"error\": ...} and the next lines are\n"
                    "still answered; the exit status is then 1.",
        epilog="example:\n"
               "  echo '{\"hand\": \"123m456p789s1122z\", \"win_tile\": \"2z\", "
               "\"riichi\": true, \"seat_wind\": \"S\"}' \\\n"
               "      | python -m mahjong_core score\n"
               "  python -m mahjong_core score < requests.jsonl > answers.jsonl\n\n"
               "Every request key (three-player games: \"players\": 3 and \"kita\"), the "
               "answer's fields\nand the yaku names: docs/score.md in the project's source; "
               "a JSON Schema of both\nlines: docs/score.schema.json.",
        formatter_class=argparse.RawDescriptionHelpFormatter)


def main(argv: Sequence[str]) -> int:
    """Entry point of ``python -m mahjong_core score``; exit status 2 on a usage error."""
    if argv:  # the command takes none, but says so (and gives --help) the usual way
        try:
            _parser().parse_args(list(argv))
        except SystemExit as stop:
            return stop.code if isinstance(stop.code, int) else 2
    return score_stream(sys.stdin, _batch.Output(flush_each=False))
