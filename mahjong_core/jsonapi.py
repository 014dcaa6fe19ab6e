"""``python -m mahjong_core score``: the JSON-lines interface to ``evaluate``.

One JSON object a line in, one a line out, in order. A bad line is answered with
``{"error": "..."}`` and the next lines are still processed; the exit status is 1 when
any line was an error. The format is specified in SCORE_JSON.md.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from .context import WinContext
from .errors import InvalidContextError, InvalidHandError, InvalidMeldError, MahjongError
from .hand import Hand
from .meld import Meld, MeldKind, Relative
from .rules import TENHOU_RULES, Rules
from .scoring import NoWin, WinResult, evaluate
from .tile import Tile, _parse_tiles

__all__ = ["main", "result_to_json", "score_request"]

_FLAGS = ("tsumo", "riichi", "ippatsu", "double_riichi", "rinshan", "chankan", "haitei",
          "houtei", "tenhou", "chiihou")
_KEYS = frozenset({"hand", "win_tile", "melds", "seat_wind", "round_wind", "dora_indicators",
                   "ura_indicators", "honba", "riichi_sticks", "rules", *_FLAGS})
_MELD_KEYS = frozenset({"kind", "tiles", "called", "from"})


def _check_object(value: object, what: str, allowed: frozenset[str],
                  required: tuple[str, ...], error: type[MahjongError]) -> Mapping[str, Any]:
    """An input object with only known keys and every required one, or ``error``."""
    if not isinstance(value, Mapping):
        raise error(f"{what} must be a JSON object, got {value!r}")
    unknown = set(value) - allowed
    if unknown:
        raise error(f"{what} has unknown key(s) {sorted(unknown)}")
    for key in required:
        if key not in value:
            raise error(f"{what} is missing required key {key!r}")
    return value


def _meld(index: int, value: Any) -> Meld:
    value = _check_object(value, f"melds[{index}]", _MELD_KEYS, ("kind", "tiles"),
                          InvalidMeldError)
    kind = value["kind"]
    if not isinstance(kind, str) or kind not in {k.value for k in MeldKind}:
        raise InvalidMeldError(f"melds[{index}]: unknown meld kind {kind!r}")
    tiles = value["tiles"]
    if not isinstance(tiles, str):
        raise InvalidMeldError(f"melds[{index}]: tiles must be an mpsz string, got {tiles!r}")
    called = value.get("called")
    if called is not None and not isinstance(called, str):
        raise InvalidMeldError(f"melds[{index}]: called must be one mpsz tile, got {called!r}")
    source = value.get("from")
    if source is not None and not isinstance(source, str):
        raise InvalidMeldError(f"melds[{index}]: from must be a string, got {source!r}")
    try:
        return Meld(MeldKind(kind), tiles, called=called,
                    called_from=Relative(source) if source is not None else None)
    except ValueError as error:
        if isinstance(error, MahjongError):
            raise InvalidMeldError(f"melds[{index}]: {error}") from None
        raise InvalidMeldError(f"melds[{index}]: from must be kamicha, toimen or shimocha, "
                               f"not {source!r}") from None


def parse_request(obj: object) -> tuple[Hand, Tile, WinContext, Rules]:
    """Turn one input object into evaluate's arguments; raises MahjongError subclasses."""
    obj = _check_object(obj, "each line", _KEYS, ("hand", "win_tile"), InvalidHandError)
    melds_value = obj.get("melds", [])
    if not isinstance(melds_value, list):
        raise InvalidMeldError(f"melds must be a list, got {melds_value!r}")
    melds = [_meld(i, m) for i, m in enumerate(melds_value)]
    hand_text = obj["hand"]
    if not isinstance(hand_text, str):
        raise InvalidHandError(f"hand must be an mpsz string, got {hand_text!r}")
    hand = Hand(_parse_tiles(hand_text, "hand"), melds)
    win_text = obj["win_tile"]
    if not isinstance(win_text, str):
        raise InvalidHandError(f"win_tile must be one mpsz tile, got {win_text!r}")
    win = Tile.parse(win_text)
    rules = Rules.from_mapping(obj["rules"]) if "rules" in obj else TENHOU_RULES
    options: dict[str, Any] = {flag: obj.get(flag, False) for flag in _FLAGS}
    for key in ("seat_wind", "round_wind"):
        options[key] = obj.get(key, "E")
        if not isinstance(options[key], str):
            raise InvalidContextError(f"{key} must be 'E', 'S', 'W' or 'N', got {options[key]!r}")
    for key in ("dora_indicators", "ura_indicators"):
        value = obj.get(key, "")
        if not isinstance(value, str):
            raise InvalidContextError(f"{key} must be an mpsz string, got {value!r}")
        options[key] = value
    options["honba"] = obj.get("honba", 0)
    options["riichi_sticks"] = obj.get("riichi_sticks", 0)
    return hand, win, WinContext(**options), rules


def result_to_json(result: WinResult | NoWin) -> dict[str, object]:
    """The output object of the JSON interface for a result."""
    if isinstance(result, NoWin):
        return {"win": False, "reason": result.reason.value}
    return {
        "win": True,
        "han": result.han,
        "fu": result.fu,
        "limit": result.limit.value if result.limit else None,
        "yaku": {y.name.lower(): h for y, h in result.yaku_han if y.name},
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


def score_lines(lines: TextIO, out: TextIO) -> int:
    """Answer every non-blank line of ``lines`` on ``out``; 1 if any line was an error."""
    status = 0
    for line in lines:
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
            answer: dict[str, object] = {"error": f"invalid JSON: {error}"}
        else:
            answer = score_request(obj)
        if "error" in answer:
            status = 1
        out.write(json.dumps(answer) + "\n")
        out.flush()
    return status


def main(argv: Sequence[str]) -> int:
    """Entry point of ``python -m mahjong_core score``."""
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip() if __doc__ else "")
        print("\nusage: python -m mahjong_core score < requests.jsonl > answers.jsonl")
        return 0
    if argv:
        print(f"score: unexpected arguments {list(argv)!r}; it reads standard input",
              file=sys.stderr)
        return 2
    return score_lines(sys.stdin, sys.stdout)
