"""The JSON interface to ``evaluate``: a request object in, an answer object out.

``score_request`` reads one request (the hand before the win, the winning tile, the melds
and the situation, as ``docs/score.md`` and ``docs/score.schema.json`` describe them)
and answers a win, a non-win or ``{"error": ...}``; ``parse_request`` gives
``evaluate``'s arguments and ``result_to_json`` the answer of a result. The
``python -m mahjong_core score`` command (``mahjong_core.cli.score``) answers such
requests one JSON line at a time, each written by ``answer_line``: the text
``json.dumps`` gives of ``score_request``'s answer, made without the answer object.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ._core.suit import BoundedMemo
from .context import WinContext
from .errors import (
    InvalidContextError,
    InvalidHandError,
    InvalidMeldError,
    InvalidRulesError,
    MahjongError,
    did_you_mean,
    quote,
)
from .hand import Hand, hand_from_text
from .meld import Meld, MeldKind, Relative
from .points import Limit
from .rules import TENHOU_RULES, TENHOU_SANMA_RULES, Rules
from .scoring import NoWin, NoWinReason, WinResult, evaluate, result_values
from .tile import Tile, _parse_tiles, plain_str

__all__ = ["answer_line", "parse_request", "result_to_json", "score_request"]

_FLAGS = ("tsumo", "riichi", "ippatsu", "double_riichi", "rinshan", "chankan", "haitei",
          "houtei", "tenhou", "chiihou", "renhou", "open_riichi", "discarder_in_riichi",
          "nagashi")
_KEYS = frozenset({"hand", "win_tile", "melds", "seat_wind", "round_wind", "dora_indicators",
                   "ura_indicators", "honba", "riichi_sticks", "rules", "players", "kita",
                   "paarenchan", *_FLAGS})
_MELD_KEYS = frozenset({"kind", "tiles", "called", "from"})
_CONTEXT_KEYS = frozenset({*_FLAGS, "seat_wind", "round_wind", "dora_indicators",
                           "ura_indicators", "honba", "riichi_sticks", "kita", "paarenchan"})
"""The request keys that are WinContext's own arguments."""


def _check_object(value: object, what: str, allowed: frozenset[str],
                  required: tuple[str, ...], error: type[MahjongError]) -> Mapping[str, Any]:
    """An input object with only known keys and every required one, or ``error``; keys
    that are str subclasses are read as plain strings (in a copy)."""
    if (type(value) is dict and _ONLY_STR.issuperset(map(type, value))
            and allowed.issuperset(value)):  # a JSON object of known keys
        for key in required:
            if key not in value:
                raise error(f"{what} is missing required key {key!r}")
        return value
    if not isinstance(value, Mapping):
        raise error(f"{what} must be a JSON object, got {quote(value)}")
    kinds = set(map(type, value))
    if kinds - {str}:  # not only plain str keys (JSON gives only those)
        if not all(isinstance(key, str) for key in value):
            raise error(f"{what} has a key that is not a string: {quote(value)}")
        value = {plain_str(key): item for key, item in value.items()}
    unknown = set(value) - allowed
    if unknown:
        raise error(f"{what} has unknown key(s) {quote(sorted(unknown))}"
                    f"{did_you_mean(sorted(unknown), allowed)}")
    for key in required:
        if key not in value:
            raise error(f"{what} is missing required key {key!r}")
    return value


_MELDS: BoundedMemo[tuple[object, ...], Meld] = BoundedMemo(1 << 12)
"""Meld objects already read, by their four values (there are about two thousand valid
melds)."""
_ONLY_STR = frozenset({str})
_PLAIN_TEXT = frozenset({str, type(None)})
_MELD_KINDS = frozenset(kind.value for kind in MeldKind)


def _meld(index: int, value: Any) -> Meld:
    if isinstance(value, str):  # the library's meld notation, "pon:777z:7z:toimen"
        try:
            return Meld.parse(value)
        except MahjongError as error:
            raise InvalidMeldError(f"melds[{index}]: {error}") from None
    if (type(value) is dict and _ONLY_STR.issuperset(map(type, value))
            and _MELD_KEYS.issuperset(value)):  # a JSON object of known keys
        key = (value.get("kind"), value.get("tiles"), value.get("called"), value.get("from"))
        if _PLAIN_TEXT.issuperset(map(type, key)):  # only plain text is remembered
            known = _MELDS.get(key)
            if known is None:
                known = _MELDS.remember(key, _read_meld(index, value))
            return known
    return _read_meld(index, value)


def _read_meld(index: int, value: Any) -> Meld:
    value = _check_object(value, f"melds[{index}]", _MELD_KEYS, ("kind", "tiles"),
                          InvalidMeldError)
    kind = value["kind"]
    if type(kind) is not str or kind not in _MELD_KINDS:
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
    if "melds" in obj:
        melds_value = obj["melds"]
        if not isinstance(melds_value, list):
            raise InvalidMeldError(f"melds must be a list, got {quote(melds_value)}")
        if len(melds_value) > 4:
            raise InvalidMeldError(f"a hand has at most four melds, not {len(melds_value)}")
        melds = tuple([_meld(i, m) for i, m in enumerate(melds_value)])
    else:
        melds = ()
    hand_text = obj["hand"]
    if not isinstance(hand_text, str):
        raise InvalidHandError(f"hand must be an mpsz string, got {quote(hand_text)}")
    hand = hand_from_text(hand_text, melds)
    if hand is None:
        hand = Hand(_parse_tiles(hand_text, "hand"), melds)
    win_text = obj["win_tile"]
    if not isinstance(win_text, str):
        raise InvalidHandError(f"win_tile must be one mpsz tile, got {quote(win_text)}")
    win = Tile.parse(win_text)
    named = _preset(obj["rules"]) if isinstance(obj.get("rules"), str) else None
    players = obj.get("players", 4 if named is None else named.players)
    if type(players) is not int or players not in (3, 4):
        raise InvalidContextError(f"players is 3 or 4, got {quote(players)}")
    rules = TENHOU_SANMA_RULES if players == 3 else TENHOU_RULES
    if named is not None:
        if named.players != players:
            raise InvalidContextError(f"players is {players} but the rules "
                                      f"{quote(obj['rules'])} are for {named.players}")
        rules = named
    elif "rules" in obj:
        overrides = obj["rules"]
        if isinstance(overrides, Mapping) and overrides.get("players", players) != players:
            raise InvalidContextError(f"players is {players} but the rules say "
                                      f"{quote(overrides['players'])}")
        rules = Rules.from_mapping(overrides, rules)
    options: dict[str, Any] = {key: obj[key] for key in _CONTEXT_KEYS.intersection(obj)}
    for key in ("seat_wind", "round_wind"):  # absent keys take WinContext's defaults
        if key in options and not isinstance(options[key], str):
            raise InvalidContextError(
                f"{key} must be 'E', 'S', 'W' or 'N', got {quote(options[key])}")
    for key in ("dora_indicators", "ura_indicators"):
        if key in options and not isinstance(options[key], str):
            raise InvalidContextError(f"{key} must be an mpsz string, got {quote(options[key])}")
    kita = options.get("kita", 0)
    if type(kita) is int and kita and players != 3:
        raise InvalidContextError("north tiles are set aside (kita) only at three players; "
                                  "add \"players\": 3")
    return hand, win, WinContext(**options), rules


def _preset(name: str) -> Rules:
    """The hand rules of the named rule set (``presets.PRESETS``); raises InvalidRulesError
    for another name."""
    # imported here: the registry builds every rule set, a cost the score command's
    # start-up need not pay unless a request names its rules
    from .presets import PRESETS

    found = PRESETS.get(name)
    if found is None:
        raise InvalidRulesError(
            f"unknown rule set {quote(name)}{did_you_mean([name], PRESETS)} (rule sets: "
            f"{', '.join(PRESETS)}; or an object of rule names)")
    return found.rules


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


def answer_line(obj: object) -> tuple[str, bool]:
    """``score_request``'s answer as one line of JSON, exactly as ``json.dumps`` writes
    that answer, and whether it is an error: the score command's line, written directly
    (no answer object, no generic encoder).

    >>> answer_line({"hand": "123m456p789s1122z", "win_tile": "2z"})
    ('{"win": false, "reason": "no_yaku"}', False)
    """
    try:
        hand, win, context, rules = parse_request(obj)
        result = evaluate(hand, win, context, rules)
    except MahjongError as error:
        return json.dumps({"error": str(error)}), True
    if isinstance(result, NoWin):
        return _NO_WIN_LINES[result.reason], False
    _, han, fu, dora, aka, ura, limit, _, points, payments = result_values(result)[:10]
    if payments.non_dealer_payers == 0:
        paid = f'{{"discarder": {payments.discarder}'
    elif payments.non_dealer_payers == payments.players - 1:
        paid = f'{{"non_dealer": {payments.non_dealer}'
    else:
        paid = f'{{"dealer": {payments.dealer}, "non_dealer": {payments.non_dealer}'
    if payments.liable:
        paid += f', "liable": {payments.liable}'
    yaku = ", ".join([f'"{name}": {value}' for name, value in result.yaku_json().items()])
    return (f'{{"win": true, "han": {han}, "fu": {fu}, "limit": '
            f'{_LIMIT_TEXT[limit]}, "yaku": {{{yaku}}}, "dora": {{"dora": {dora}, '
            f'"aka": {aka}, "ura": {ura}}}, "points": {points}, '
            f'"payments": {paid}}}, "total": {payments.total}}}'), False


_NO_WIN_LINES = {reason: json.dumps({"win": False, "reason": reason.value})
                 for reason in NoWinReason}
_LIMIT_TEXT: dict[Limit | None, str] = {limit: json.dumps(limit.value) for limit in Limit}
_LIMIT_TEXT[None] = "null"
