"""Shapes of hands from the command line: ``python -m mahjong_core analyze HAND...``.

Each HAND is mpsz text, optionally followed by melds in ``Hand.parse``'s notation
(``"123m55p pon:777z:7z:toimen"``; an argument that is one meld alone continues the
hand before it, so the quotes may be left out). ``-`` reads hands one a line from standard
input: blank lines are skipped, ``\\r\\n``, ``\\n`` and a lone ``\\r`` each end a line, and
each line is decoded as UTF-8 on its own, so a line that is not UTF-8, or longer than
4 KiB, is answered with an error and the next lines go on. A hand is at most 256
characters. For each hand the answer is: complete or not, the waits of a 13-tile hand
and every reading of a 14-tile hand.

With ``--json`` each hand gives one line holding a JSON object::

    {"hand": "1112345678999m", "tiles": 13, "complete": false,
     "waits": ["1m", ..., "9m"], "decompositions": []}

``tiles`` counts physical tiles (a kan is four); ``waits`` is ``[]`` for a 14-tile hand;
each decomposition is a list of group strings (``"123m"``, ``"55p"``, ``"777z"``), the pair
first, melds included. A hand that cannot be read answers ``{"error": message}`` and the
others go on; the exit status is then 1 (2 for a usage error, else 0). When the reader
of the answers goes away (``... | head -1``) the command stops quietly with the status of
the hands answered so far.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator

from . import _batch
from .errors import InvalidHandError, MahjongError, quote
from .hand import Hand
from .meld import MeldKind
from .shapes import Decomposition, Form

__all__ = ["MAX_LINE_BYTES", "analyze", "analyze_text", "format_analysis", "main"]

MAX_LINE_BYTES = 1 << 12
"""The longest line read from standard input, in bytes (4 KiB): a hand takes at most
256 characters."""

_MELD_KINDS = frozenset(kind.value for kind in MeldKind)
_FORM_NAMES = {Form.STANDARD: "standard", Form.SEVEN_PAIRS: "seven pairs",
               Form.THIRTEEN_ORPHANS: "thirteen orphans"}


def analyze(hand: Hand) -> dict[str, object]:
    """The JSON-ready answer for one hand (see the module docstring for the keys).

    Raises InvalidHandError for anything but a Hand.

    >>> analyze(Hand.parse("123m456p789s1122z"))["waits"]
    ['1z', '2z']
    >>> analyze(Hand.parse("123m55p pon:777z:7z:toimen ankan:1111s chi:789p"))["tiles"]
    15
    """
    _check_hand(hand)
    tiles = len(hand.tiles) + sum(len(m.tiles) for m in hand.melds)
    if hand.is_full:
        waits: list[str] = []
        readings = [[str(g) for g in d.groups] for d in hand.decompositions()]
    else:
        waits = [str(t) for t in sorted(hand.waits())]
        readings = []
    return {"hand": str(hand), "tiles": tiles, "complete": hand.is_complete(),
            "waits": waits, "decompositions": readings}


def analyze_text(text: str) -> dict[str, object]:
    """``analyze`` of a hand in ``Hand.parse`` notation, or ``{"error": message}``.

    >>> analyze_text("123m")
    {'error': 'a hand with 0 meld(s) holds 13 or 14 concealed tiles, not 3 (123m)'}
    """
    try:
        hand = Hand.parse(text)
    except MahjongError as error:
        return {"error": str(error)}
    return analyze(hand)


def _check_hand(hand: object) -> None:
    if not isinstance(hand, Hand):
        raise InvalidHandError(f"expected a Hand, got {quote(hand)}")


def _reading_text(decomposition: Decomposition) -> str:
    groups = [f"[{g}]" if g.melded else str(g) for g in decomposition.groups]
    return f"{_FORM_NAMES[decomposition.form]}: {' '.join(groups)}"


def format_analysis(hand: Hand) -> str:
    """A readable answer for one hand (melds in brackets in the readings).

    Raises InvalidHandError for anything but a Hand.

    >>> print(format_analysis(Hand.parse("1112345678999m")))
    1112345678999m: 13 tiles, tenpai, waits on 1m 2m 3m 4m 5m 6m 7m 8m 9m (9 kinds)
    >>> print(format_analysis(Hand.parse("111222333m789p55z")))
    111222333m789p55z: 14 tiles, complete, 2 readings
      standard: 55z 111m 222m 333m 789p
      standard: 55z 123m 123m 123m 789p
    """
    _check_hand(hand)
    head = f"{hand}: {len(hand.tiles) + sum(len(m.tiles) for m in hand.melds)} tiles, "
    if hand.is_full:
        readings = hand.decompositions()
        if not readings:
            return head + "not complete"
        count = f"{len(readings)} reading{'s' if len(readings) > 1 else ''}"
        return "\n".join([head + "complete, " + count,
                          *(f"  {_reading_text(d)}" for d in readings)])
    waits = hand.waits()
    if not waits:
        return head + "not tenpai"
    listed = " ".join(str(t) for t in sorted(waits))
    kinds = f"{len(waits)} kind{'s' if len(waits) > 1 else ''}"
    return head + f"tenpai, waits on {listed} ({kinds})"


def _is_meld(arg: str) -> bool:
    """True for an argument that is one meld alone (``pon:777z:7z:toimen``)."""
    kind, colon, _ = arg.strip().partition(":")
    return bool(colon) and " " not in arg.strip() and kind in _MELD_KINDS


def _join_melds(args: Iterable[str]) -> Iterator[str]:
    """Hands from the arguments: a meld alone continues the hand before it."""
    current: str | None = None
    for arg in args:
        if current is not None and current != "-" and _is_meld(arg):
            current += " " + arg
            continue
        if current is not None:
            yield current
        current = arg
    if current is not None:
        yield current


def _hands(args: list[str], stdin: _batch.Source) -> Iterator[tuple[str, str | None]]:
    """(hand text, None) for each hand, or ("", why) for a line that cannot be read."""
    for arg in _join_melds(args):
        if arg == "-":
            for line in _batch.read_lines(stdin, max_bytes=MAX_LINE_BYTES):
                yield line.text.strip(), line.error
        else:
            yield arg.strip(), None


def _shown(text: str) -> str:
    """A hand's text as the text answer names it: as written when short and printable."""
    return text if len(text) <= 80 and text.isprintable() else quote(text)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core analyze",
        description="Complete?, waits and every reading of each hand.",
        epilog="examples: python -m mahjong_core analyze 1112345678999m; "
               "python -m mahjong_core analyze --json '123m55p pon:777z:7z:toimen'; "
               "python -m mahjong_core analyze - < hands.txt")
    parser.add_argument("hands", nargs="*", metavar="HAND",
                        help="a hand in mpsz notation with optional melds, or - to read "
                             "hands one a line from standard input")
    parser.add_argument("--json", action="store_true",
                        help="one JSON object a line: hand, tiles, complete, waits, "
                             "decompositions (or error)")
    return parser


def main(argv: list[str]) -> int:
    """Entry point of ``python -m mahjong_core analyze``.

    Exit status 0, 1 when some hand was an error, 2 on a usage error.
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        if not args.hands:
            parser.error("give at least one HAND, or - to read hands from standard input")
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    output = _batch.Output()
    for text, problem in _hands(args.hands, sys.stdin):
        hand = None
        if problem is None:
            try:
                hand = Hand.parse(text)
            except MahjongError as error:
                problem = str(error)
        if hand is not None:
            output.write(json.dumps(analyze(hand)) if args.json else format_analysis(hand))
        elif args.json:
            output.write_json({"error": problem}, error=True)
        else:  # a line that could not be read has no text to name
            output.write(f"{_shown(text)}: error: {problem}" if text else f"error: {problem}",
                         error=True)
    return output.status
