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

import argparse
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from . import _batch
from ._core.suit import BoundedMemo
from .context import WinContext
from .errors import InvalidContextError, InvalidHandError, InvalidMeldError, MahjongError, quote
from .hand import Hand
from .meld import Meld, MeldKind, Relative
from .rules import TENHOU_RULES, TENHOU_SANMA_RULES, Rules
from .scoring import NoWin, WinResult, evaluate
from .tile import Tile, _parse_tiles, plain_str

__all__ = ["MAX_LINE_BYTES", "main", "result_to_json", "score_request", "score_stream"]

MAX_LINE_BYTES = 1 << 16
"""The longest request line, in bytes (64 KiB). A request needs well under 2 KB even
with every key and rule written out; a longer line is refused before it is kept."""

_FLAGS = ("tsumo", "riichi", "ippatsu", "double_riichi", "rinshan", "chankan", "haitei",
          "houtei", "tenhou", "chiihou")
_KEYS = frozenset({"hand", "win_tile", "melds", "seat_wind", "round_wind", "dora_indicators",
                   "ura_indicators", "honba", "riichi_sticks", "rules", "players", "kita",
                   *_FLAGS})
_MELD_KEYS = frozenset({"kind", "tiles", "called", "from"})


def _check_object(value: object, what: str, allowed: frozenset[str],
                  required: tuple[str, ...], error: type[MahjongError]) -> Mapping[str, Any]:
    """An input object with only known keys and every required one, or ``error``; keys
    that are str subclasses are read as plain strings (in a copy)."""
    if not isinstance(value, Mapping):
        raise error(f"{what} must be a JSON object, got {quote(value)}")
    kinds = set(map(type, value))
    if kinds - {str}:  # not only plain str keys (JSON gives only those)
        if not all(isinstance(key, str) for key in value):
            raise error(f"{what} has a key that is not a string: {quote(value)}")
        value = {plain_str(key): item for key, item in value.items()}
    unknown = set(value) - allowed
    if unknown:
        raise error(f"{what} has unknown key(s) {quote(sorted(unknown))}")
    for key in required:
        if key not in value:
            raise error(f"{what} is missing required key {key!r}")
    return value


_MELDS: BoundedMemo[tuple[object, ...], Meld] = BoundedMemo(1 << 12)
"""Meld objects already read, by their four values (there are about two thousand valid
melds)."""
_PLAIN_TEXT = frozenset({str, type(None)})


def _meld(index: int, value: Any) -> Meld:
    if value.__class__ is dict and len(value) <= 4:
        key = (value.get("kind"), value.get("tiles"), value.get("called"), value.get("from"))
        known = _MELDS.get(key) if set(map(type, key)) <= _PLAIN_TEXT else None
        if known is not None and all(name in _MELD_KEYS for name in value):
            return known
        meld = _read_meld(index, value)
        if set(map(type, key)) <= _PLAIN_TEXT:
            _MELDS.remember(key, meld)
        return meld
    return _read_meld(index, value)


def _read_meld(index: int, value: Any) -> Meld:
    value = _check_object(value, f"melds[{index}]", _MELD_KEYS, ("kind", "tiles"),
                          InvalidMeldError)
    kind = value["kind"]
    if type(kind) is not str or kind not in {k.value for k in MeldKind}:
        raise InvalidMeldError(f"melds[{index}]: unknown meld kind {quote(kind)}")
    tiles = value["tiles"]
    if not isinstance(tiles, str):
        raise InvalidMeldError(
            f"melds[{index}]: tiles must be an mpsz string, got {quote(tiles)}")
    called = value.get("called")
    if called is not None and not isinstance(called, str):
        raise InvalidMeldError(
            f"melds[{index}]: called must be one mpsz tile, got {quote(called)}")
    source = value.get("from")
    if source is not None and not isinstance(source, str):
        raise InvalidMeldError(f"melds[{index}]: from must be a string, got {quote(source)}")
    try:
        return Meld(MeldKind(kind), tiles, called=called,
                    called_from=Relative(plain_str(source)) if source is not None else None)
    except ValueError as error:
        if isinstance(error, MahjongError):
            raise InvalidMeldError(f"melds[{index}]: {error}") from None
        raise InvalidMeldError(f"melds[{index}]: from must be kamicha, toimen or shimocha, "
                               f"not {quote(source)}") from None


def parse_request(obj: object) -> tuple[Hand, Tile, WinContext, Rules]:
    """Turn one input object into evaluate's arguments; raises MahjongError subclasses.

    More than four melds are refused before any is read.
    """
    obj = _check_object(obj, "each line", _KEYS, ("hand", "win_tile"), InvalidHandError)
    melds_value = obj.get("melds", [])
    if not isinstance(melds_value, list):
        raise InvalidMeldError(f"melds must be a list, got {quote(melds_value)}")
    if len(melds_value) > 4:
        raise InvalidMeldError(f"a hand has at most four melds, not {len(melds_value)}")
    melds = [_meld(i, m) for i, m in enumerate(melds_value)]
    hand_text = obj["hand"]
    if not isinstance(hand_text, str):
        raise InvalidHandError(f"hand must be an mpsz string, got {quote(hand_text)}")
    hand = Hand._from_text(hand_text, tuple(melds))
    if hand is None:
        hand = Hand(_parse_tiles(hand_text, "hand"), melds)
    win_text = obj["win_tile"]
    if not isinstance(win_text, str):
        raise InvalidHandError(f"win_tile must be one mpsz tile, got {quote(win_text)}")
    win = Tile.parse(win_text)
    players = obj.get("players", 4)
    if type(players) is not int or players not in (3, 4):
        raise InvalidContextError(f"players is 3 or 4, got {quote(players)}")
    base = TENHOU_SANMA_RULES if players == 3 else TENHOU_RULES
    overrides = obj.get("rules", {})
    if isinstance(overrides, Mapping) and overrides.get("players", players) != players:
        raise InvalidContextError(f"players is {players} but the rules say "
                                  f"{quote(overrides['players'])}")
    rules = Rules.from_mapping(overrides, base) if "rules" in obj else base
    options: dict[str, Any] = {flag: obj.get(flag, False) for flag in _FLAGS}
    for key in ("seat_wind", "round_wind"):
        options[key] = obj.get(key, "E")
        if not isinstance(options[key], str):
            raise InvalidContextError(
                f"{key} must be 'E', 'S', 'W' or 'N', got {quote(options[key])}")
    for key in ("dora_indicators", "ura_indicators"):
        value = obj.get(key, "")
        if not isinstance(value, str):
            raise InvalidContextError(f"{key} must be an mpsz string, got {quote(value)}")
        options[key] = value
    options["honba"] = obj.get("honba", 0)
    options["riichi_sticks"] = obj.get("riichi_sticks", 0)
    options["kita"] = obj.get("kita", 0)
    if type(options["kita"]) is int and options["kita"] and players != 3:
        raise InvalidContextError("north tiles are set aside (kita) only at three players; "
                                  "add \"players\": 3")
    return hand, win, WinContext(**options), rules


def result_to_json(result: WinResult | NoWin) -> dict[str, object]:
    """The output object of the JSON interface for a result.

    Raises InvalidHandError for anything but a WinResult or a NoWin.
    """
    if not isinstance(result, WinResult | NoWin):
        raise InvalidHandError(f"expected a WinResult or a NoWin, got {quote(result)}")
    if isinstance(result, NoWin):
        return {"win": False, "reason": result.reason.value}
    return {
        "win": True,
        "han": result.han,
        "fu": result.fu,
        "limit": result.limit.value if result.limit else None,
        "yaku": result.yaku_json(),
        "dora": {"dora": result.dora, "aka": result.aka, "ura": result.ura},
        "points": result.points,
        "payments": result.payments.as_dict(),
        "total": result.total,
    }


def score_request(obj: object) -> dict[str, object]:
    """Answer one parsed input object: a win, a non-win or ``{"error": ...}``.

    >>> score_request({"hand": "123m456p789s1122z", "win_tile": "1z", "tsumo": True})["yaku"]
    {'menzen_tsumo': 1, 'seat_wind': 1, 'round_wind': 1}
    """
    try:
        hand, win, context, rules = parse_request(obj)
        return result_to_json(evaluate(hand, win, context, rules))
    except MahjongError as error:
        return {"error": str(error)}


def score_stream(stream: _batch.Source, output: _batch.Output) -> int:
    """Answer every line of a byte stream that is not blank, in order, on ``output``.

    Gives the exit status: 1 if any line was an error, else 0. Raises
    ``_batch.OutputClosed`` when the reader of the answers goes away.
    """
    for line in _batch.read_lines(stream, max_bytes=MAX_LINE_BYTES, before_read=output.flush):
        if line.error is not None:
            output.write_json({"error": line.error}, error=True)
            continue
        try:
            obj = _batch.parse_json(line.text)
        except MahjongError as error:
            answer: dict[str, object] = {"error": str(error)}
        else:
            answer = score_request(obj)
        output.write_json(answer, error="error" in answer)
    output.flush()
    return output.status


def _parser() -> argparse.ArgumentParser:
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
    try:
        _parser().parse_args(list(argv))
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    return score_stream(sys.stdin, _batch.Output(flush_each=False))
