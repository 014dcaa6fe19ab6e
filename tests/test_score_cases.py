"""The derived score cases (``tests/support/score_cases.py``) through the JSON scorer,
and the arithmetic of each row checked on its own."""

from __future__ import annotations

import json
import math
import re
from typing import cast

import pytest

from mahjong_core.jsonapi import score_request
from tests.support.score_cases import _MISSING, CASES, Case, _sum_payments


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_score_case(case: Case) -> None:
    result = score_request(case.request)
    wrong = [f"  {key}: expected {want!r}, got {result.get(key, _MISSING)!r}"
             for key, want in case.expected.items() if result.get(key, _MISSING) != want]
    assert not wrong, (f"{case.id}: {json.dumps(case.request)}\n" + "\n".join(wrong)
                       + f"\n  whole result: {result!r}")


# --------------------------------------------------------------------------------------
# The table checks itself: tiles, han sums, limits, points, payments, totals
# --------------------------------------------------------------------------------------

_LIMIT_BASE = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000,
               "kazoe_yakuman": 8000, "yakuman": 8000, "double_yakuman": 16000,
               "triple_yakuman": 24000}


def _kinds(text: str) -> list[str]:
    """mpsz text as plain kinds ("0m" counts as "5m")."""
    assert re.fullmatch(r"(\d+[mpsz])*", text), text
    return [("5" if d == "0" else d) + suit
            for digits, suit in re.findall(r"(\d+)([mpsz])", text) for d in digits]


def _limit(han: int, fu: int, rules: dict[str, object]) -> str | None:
    if han >= 13:
        return "kazoe_yakuman" if rules.get("kazoe_yakuman", True) else "sanbaiman"
    for least, name in ((11, "sanbaiman"), (8, "baiman"), (6, "haneman"), (5, "mangan")):
        if han >= least:
            return name
    if fu * 2 ** (han + 2) > 2000:
        return "mangan"
    if rules.get("kiriage_mangan", False) and (han, fu) in ((4, 30), (3, 60)):
        return "mangan"
    return None


def _up(n: float) -> int:
    return math.ceil(n / 100) * 100


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_table_is_consistent(case: Case) -> None:
    request, expected = case.request, case.expected
    melds = cast(list[dict[str, str]], request.get("melds", []))
    hand = _kinds(cast(str, request["hand"]))
    assert len(hand) == 13 - 3 * len(melds)
    tiles = [*hand, *_kinds(cast(str, request["win_tile"]))]
    for key in ("dora_indicators", "ura_indicators"):
        tiles += _kinds(cast(str, request.get(key, "")))
    assert len(_kinds(cast(str, request.get("ura_indicators", "")))) <= len(
        _kinds(cast(str, request.get("dora_indicators", ""))))
    for meld in melds:
        tiles += _kinds(meld["tiles"])
    assert all(tiles.count(tile) <= 4 for tile in tiles)
    if not expected["win"]:
        assert set(expected) == {"win", "reason"}
        return
    rules = cast(dict[str, object], request.get("rules", {}))
    han, limit = cast(int, expected["han"]), cast(str | None, expected["limit"])
    yaku = cast(dict[str, int], expected.get("yaku", {}))
    counts = cast(dict[str, int], expected.get("dora", {}))
    counted = rules.get("kazoe_multiple") and han >= 26 and yaku and not any(
        value % 13 == 0 for value in yaku.values())
    if counted:  # a counted hand of 26 han or more: a yakuman for each 13
        assert han == sum(yaku.values()) + sum(counts.values())
        assert limit == {2: "double_yakuman", 3: "triple_yakuman"}[han // 13]
        base = 8000 * (han // 13)
    elif limit in ("yakuman", "double_yakuman", "triple_yakuman"):
        assert han == 13 * {"yakuman": 1, "double_yakuman": 2, "triple_yakuman": 3}[limit]
        assert not yaku or sum(yaku.values()) == han
        base = 8000 * han // 13
    else:
        assert han == sum(yaku.values()) + sum(counts.values())
        fu = cast(int, expected["fu"])
        assert fu == 25 or fu % 10 == 0
        assert limit == _limit(han, fu, rules)
        base = _LIMIT_BASE[limit] if limit else fu * 2 ** (han + 2)
    dealer = request["seat_wind"] == "E"
    honba = cast(int, request.get("honba", 0))
    if not request.get("tsumo", False):
        points = _up(base * (6 if dealer else 4))
        payments = {"discarder": points + 300 * honba}
    elif dealer:
        points = 3 * _up(2 * base)
        payments = {"non_dealer": _up(2 * base) + 100 * honba}
    else:
        points = _up(2 * base) + 2 * _up(base)
        payments = {"dealer": _up(2 * base) + 100 * honba,
                    "non_dealer": _up(base) + 100 * honba}
    assert expected["points"] == points
    assert expected["payments"] == payments
    sticks = cast(int, request.get("riichi_sticks", 0))
    assert expected["total"] == _sum_payments(payments) + 1000 * sticks


def test_table_size_and_ids() -> None:
    assert len(CASES) >= 200
    assert len({case.id for case in CASES}) == len(CASES)
