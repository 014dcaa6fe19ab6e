"""The JSON request and answer: score_request, parse_request and the yaku names."""

from __future__ import annotations

import json

import pytest

from mahjong_core import (
    Hand,
    MahjongError,
    Rules,
    Tile,
    Wind,
    Yaku,
)
from mahjong_core.cli.bench import score_requests
from mahjong_core.jsonapi import answer_line, parse_request, score_request
from tests.support import realdata_cases, score_cases


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


_BAD_REQUESTS: list[object] = [
    {"hand": "123m456p789s1122z", "win_tile": "1z", "melds": "pon"},
    {"hand": "123m456p789s1122z", "win_tile": "1z", "colour": "r\u00e9d \ud800"},
    {"hand": "123m456p789s1122z", "win_tile": "1z", "furiten": True},
    {"hand": "123m456p789s1122z", "win_tile": "3z"},
    [1, 2], None, "hand",
]


_SANMA_REQUESTS: list[object] = [
    {"hand": "111m456p789s23s11z", "win_tile": "1s", "riichi": True, "players": 3,
     "seat_wind": seat, "tsumo": tsumo, "kita": kita, "dora_indicators": "9p", "honba": 1}
    for seat in ("E", "S") for tsumo in (True, False) for kita in (0, 2)]


@pytest.mark.parametrize("requests", [
    [case.request for case in score_cases.CASES],
    _SANMA_REQUESTS,
    [request for _, request, _ in realdata_cases.CASES],
    score_requests(800, 11),
    _BAD_REQUESTS,
], ids=["rule cases", "three players", "real wins", "generated", "refused"])
def test_answer_line_is_the_answer_as_json_writes_it(requests: list[object]) -> None:
    # the score command's direct writer against the answer object through json.dumps
    assert requests
    for request in requests:
        answer = score_request(request)
        assert answer_line(request) == (json.dumps(answer), "error" in answer)


@pytest.mark.parametrize(("notation", "fields"), [
    ("chi:789p", {"kind": "chi", "tiles": "789p"}),
    ("pon:777z:7z:toimen", {"kind": "pon", "tiles": "777z", "called": "7z", "from": "toimen"}),
    ("ankan:1111z", {"kind": "ankan", "tiles": "1111z"}),
    ("minkan:0555m::kamicha", {"kind": "minkan", "tiles": "0555m", "from": "kamicha"}),
])
def test_json_melds_in_notation_read_as_their_objects(notation: str,
                                                      fields: dict[str, str]) -> None:
    base = {"hand": "234m456p11s88s", "win_tile": "8s", "tsumo": True, "seat_wind": "S"}
    written = parse_request({**base, "melds": [notation]})
    spelled = parse_request({**base, "melds": [fields]})
    assert written == spelled
    assert score_request({**base, "melds": [notation]}) == score_request(
        {**base, "melds": [fields]})


@pytest.mark.parametrize(("request_", "fragment"), [
    ({"hand": "123m456p789s1122z", "win_tile": "1z", "riichii": True},
     "unknown key(s) ['riichii'] (did you mean 'riichi'?)"),
    ({"hand": "123m456p789s1122z", "win_tile": "1z", "dora_indicator": "1m"},
     "(did you mean 'dora_indicators'?)"),
    ({"hand": "123m456p789s1122z", "win_tile": "1z", "melds": [{"kind": "pon", "tile": "111z"}]},
     "(did you mean 'tiles'?)"),
    ({"hand": "123m456p789s1122z", "win_tile": "1z", "rules": {"double_yakumann": True}},
     "(did you mean 'double_yakuman'?)"),
    ({"hand": "123m456p789s1122z", "win_tile": "1z", "melds": ["kong:1111z"]},
     "melds[0]: unknown meld kind 'kong'"),
])
def test_json_unknown_names_are_answered_with_the_nearest_known_one(
        request_: object, fragment: str) -> None:
    assert fragment in str(score_request(request_)["error"])


def test_json_a_name_near_none_gets_no_suggestion() -> None:
    error = str(score_request({"hand": "123m456p789s1122z", "win_tile": "1z", "colour": 1})
                ["error"])
    assert error == "each line has unknown key(s) ['colour']"
