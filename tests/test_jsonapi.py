"""The JSON request and answer: score_request, parse_request and the yaku names."""

from __future__ import annotations

import pytest

from mahjong_core import (
    Hand,
    MahjongError,
    Rules,
    Tile,
    Wind,
    Yaku,
)
from mahjong_core.jsonapi import parse_request, score_request


@pytest.mark.parametrize(("request_", "fragment"), [
    ({"hand": "123m456p789s1122x", "win_tile": "1z"}, "unknown character"),
    ({"hand": "1111m456p789s112z", "win_tile": "1m"}, "copies"),
    ({"hand": "123m456p789s112z", "win_tile": "1z"}, "13 or 14"),
    ({"hand": "123m456p789s1122z", "win_tile": "1z", "melds": [{"kind": "pon"}]}, "tiles"),
    ({"hand": "123m456p789s1122z", "win_tile": "1z", "melds": "pon"}, "list"),
    ({"hand": "123m456p789s1122z", "win_tile": "1z", "colour": "red"}, "unknown key"),
    ({"hand": "123m456p789s1122z", "win_tile": "1z", "rules": {"kuitan": True}}, "unknown rule"),
    ({"hand": "123m456p789s1122z", "win_tile": "1z", "rules": {"red_fives": 1}}, "red_fives"),
    ({"hand": "123m456p789s1122z", "win_tile": "1z", "tsumo": "yes"}, "tsumo"),
    ({"hand": "123m456p789s1122z", "win_tile": "1z", "honba": "2"}, "honba"),
    ({"hand": 123, "win_tile": "1z"}, "hand"),
    ({"win_tile": "1z"}, "hand"),
    ({"hand": "123m456p789s1122z", "win_tile": "12z"}, "one tile"),
    ([1, 2], "object"),
])
def test_json_bad_input_is_an_error_object(request_: object, fragment: str) -> None:
    answer = score_request(request_)
    assert set(answer) == {"error"}
    assert fragment in str(answer["error"])


def test_json_parse_request_builds_the_python_values() -> None:
    hand, win, context, rules = parse_request({
        "hand": "123m456p789s1122z", "win_tile": "2z", "melds": [], "tsumo": True,
        "seat_wind": "S", "round_wind": "E", "rules": {"double_yakuman": True}})
    assert hand == Hand.parse("123m456p789s1122z") and win == Tile.parse("2z")
    assert context.seat_wind is Wind.SOUTH and context.tsumo
    assert rules == Rules(double_yakuman=True)


def test_json_names_of_single_yaku() -> None:
    assert Yaku.DOUBLE_RIICHI.json_name == "double_riichi"
    assert [y.json_name for y in Yaku] == [n for y in Yaku for n in y.names()]
    with pytest.raises(MahjongError):
        _ = (Yaku.RIICHI | Yaku.PINFU).json_name
