"""Shapes of hands from the command line: ``python -m mahjong_core analyze HAND...``.

Each HAND is mpsz text, optionally followed by melds in ``Hand.parse``'s notation
(``"123m55p pon:777z:7z:toimen"``; an argument that is one meld alone continues the
hand before it, so the quotes may be left out). ``-`` reads hands one a line from standard
input: blank lines are skipped, ``\\r\\n``, ``\\n`` and a lone ``\\r`` each end a line, and
each line is decoded as UTF-8 on its own, so a line that is not UTF-8, or longer than
4 KiB, is answered with an error and the next lines go on. A hand is at most 256
characters. For each hand the answer is: complete or not, the waits of a 13-tile hand
and every reading of a 14-tile hand; for a 13-tile hand that is not tenpai its shanten
and ukeire (the draws that lower the shanten, with the copies of each not in the hand),
and for a 14-tile hand that is not complete its shanten and best discards (the lowest
shanten after the discard, then the most ukeire).

With ``--json`` each hand gives one line holding a JSON object::

    {"hand": "1112345678999m", "tiles": 13, "complete": false,
     "waits": ["1m", ..., "9m"], "decompositions": [], "shanten": 0,
     "ukeire": {"total": 23, "draws": [["1m", 1], ["2m", 3], ...]}, "discards": []}

``tiles`` counts physical tiles (a kan is four); ``waits`` is ``[]`` for a 14-tile hand;
each decomposition is a list of group strings (``"123m"``, ``"55p"``, ``"777z"``), the pair
first, melds included. ``shanten`` is -1 for a complete hand, 0 for tenpai. ``ukeire``
(13 tiles; ``null`` for 14) gives the improving draws in tile order with their unseen
copies and their sum; ``discards`` (14 tiles; ``[]`` for 13) is every discard, best
first, each ``{"tile": ..., "shanten": ..., "ukeire": {...}}`` with the discarded copy
counted as seen. A hand that cannot be read answers ``{"error": message}`` and the
others go on; the exit status is then 1 (2 for a usage error, else 0). When the reader
of the answers goes away (``... | head -1``) the command stops quietly with the status of
the hands answered so far.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from ..errors import InvalidHandError, MahjongError, quote
from ..hand import Hand
from ..meld import MeldKind
from ..shapes import Decomposition, Form
from . import _batch

if TYPE_CHECKING:
    from .. import Ukeire

__all__ = ["MAX_LINE_BYTES", "SHOWN_DISCARDS", "analyze", "analyze_text", "format_analysis",
           "main"]

MAX_LINE_BYTES = 1 << 12
"""The longest line read from standard input, in bytes (4 KiB): a hand takes at most
256 characters."""

SHOWN_DISCARDS = 5
"""The most discards the text answer lists (the JSON answer lists them all)."""

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
    ukeire: dict[str, object] | None = None
    discards: list[dict[str, object]] = []
    if hand.is_full:
        waits: list[str] = []
        readings = [[str(g) for g in d.groups] for d in hand.decompositions()]
        discards = [{"tile": str(option.tile), "shanten": option.shanten,
                     "ukeire": _ukeire_json(option.ukeire)}
                    for option in hand.discard_options()]
    else:
        waits = [str(t) for t in sorted(hand.waits())]
        readings = []
        ukeire = _ukeire_json(hand.ukeire())
    return {"hand": str(hand), "tiles": tiles, "complete": hand.is_complete(),
            "waits": waits, "decompositions": readings, "shanten": hand.shanten(),
            "ukeire": ukeire, "discards": discards}


def _ukeire_json(ukeire: Ukeire) -> dict[str, object]:
    return {"total": ukeire.total, "draws": [[str(t), n] for t, n in ukeire.draws]}


def _ukeire_text(ukeire: Ukeire) -> str:
    """``ukeire 10 (3 kinds): 1z:2 4z:4 5z:4``."""
    kinds = len(ukeire.draws)
    draws = " ".join(f"{t}:{n}" for t, n in ukeire.draws)
    return f"ukeire {ukeire.total} ({kinds} kind{'s' if kinds != 1 else ''}): {draws}"


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
    >>> print(format_analysis(Hand.parse("123m456p789s1145z")))
    123m456p789s1145z: 13 tiles, not tenpai, shanten 1
      ukeire 8 (3 kinds): 1z:2 4z:3 5z:3
    >>> print(format_analysis(Hand.parse("1236m456p789s1134z")))
    1236m456p789s1134z: 14 tiles, not complete, shanten 1
      discard 3z: shanten 1, ukeire 24 (7 kinds): 4m:4 5m:4 6m:3 7m:4 8m:4 1z:2 4z:3
      discard 4z: shanten 1, ukeire 24 (7 kinds): 4m:4 5m:4 6m:3 7m:4 8m:4 1z:2 3z:3
      discard 6m: shanten 1, ukeire 8 (3 kinds): 1z:2 3z:3 4z:3
    """
    _check_hand(hand)
    head = f"{hand}: {len(hand.tiles) + sum(len(m.tiles) for m in hand.melds)} tiles, "
    if hand.is_full:
        readings = hand.decompositions()
        if not readings:
            return "\n".join([head + f"not complete, shanten {hand.shanten()}",
                              *_discard_lines(hand)])
        count = f"{len(readings)} reading{'s' if len(readings) > 1 else ''}"
        return "\n".join([head + "complete, " + count,
                          *(f"  {_reading_text(d)}" for d in readings)])
    waits = hand.waits()
    if not waits:
        ukeire = hand.ukeire()
        return "\n".join([head + f"not tenpai, shanten {ukeire.shanten}",
                          f"  {_ukeire_text(ukeire)}"])
    listed = " ".join(str(t) for t in sorted(waits))
    kinds = f"{len(waits)} kind{'s' if len(waits) > 1 else ''}"
    return head + f"tenpai, waits on {listed} ({kinds})"


def _discard_lines(hand: Hand) -> list[str]:
    """The best discards of a 14-tile hand: those reaching the lowest shanten, the most
    ukeire first, at most ``SHOWN_DISCARDS`` of them."""
    options = hand.discard_options()
    best = [o for o in options if o.shanten == options[0].shanten]
    lines = [f"  discard {o.tile}: shanten {o.shanten}, {_ukeire_text(o.ukeire)}"
             for o in best[:SHOWN_DISCARDS]]
    if len(best) > SHOWN_DISCARDS:
        lines.append(f"  and {len(best) - SHOWN_DISCARDS} more discards to shanten "
                     f"{options[0].shanten}")
    return lines


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
        description="Complete?, waits and every reading of each hand; the shanten and "
                    "ukeire of a 13-tile hand that is not tenpai; the shanten and best "
                    "discards of a 14-tile hand that is not complete.",
        epilog="examples:\n"
               "  python -m mahjong_core analyze 1112345678999m\n"
               "  python -m mahjong_core analyze 1236m456p789s1234z\n"
               "  python -m mahjong_core analyze --json '123m55p pon:777z:7z:toimen'\n"
               "  python -m mahjong_core analyze - < hands.txt",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("hands", nargs="*", metavar="HAND",
                        help="a hand in mpsz notation with optional melds, or - to read "
                             "hands one a line from standard input")
    parser.add_argument("--json", action="store_true",
                        help="one JSON object a line: hand, tiles, complete, waits, "
                             "decompositions, shanten, ukeire, discards (or error)")
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
