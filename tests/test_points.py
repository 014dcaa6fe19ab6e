"""Limits, base points, payments and each seat's score change."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_core import (
    Hand,
    InvalidSeatError,
    Limit,
    MahjongError,
    Rules,
    Tile,
    WinContext,
    WinResult,
    evaluate,
)
from mahjong_core.points import limit_of, payments_for


@pytest.mark.parametrize(("han", "fu", "limit", "base"), [
    (1, 30, None, 240), (3, 60, None, 1920), (4, 30, None, 1920), (3, 70, Limit.MANGAN, 2000),
    (4, 40, Limit.MANGAN, 2000), (5, 30, Limit.MANGAN, 2000), (6, 30, Limit.HANEMAN, 3000),
    (7, 30, Limit.HANEMAN, 3000), (8, 30, Limit.BAIMAN, 4000), (10, 30, Limit.BAIMAN, 4000),
    (11, 30, Limit.SANBAIMAN, 6000), (12, 30, Limit.SANBAIMAN, 6000),
    (13, 30, Limit.KAZOE_YAKUMAN, 8000), (26, 30, Limit.KAZOE_YAKUMAN, 8000),
])
def test_limits(han: int, fu: int, limit: Limit | None, base: int) -> None:
    assert limit_of(han, fu) == (limit, base)


def test_kiriage_and_no_kazoe() -> None:
    assert limit_of(4, 30, rules=Rules(kiriage_mangan=True)) == (Limit.MANGAN, 2000)
    assert limit_of(3, 60, rules=Rules(kiriage_mangan=True)) == (Limit.MANGAN, 2000)
    assert limit_of(13, 30, rules=Rules(kazoe_yakuman=False)) == (Limit.SANBAIMAN, 6000)


@given(st.integers(1, 12), st.sampled_from([20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110]),
       st.booleans(), st.integers(0, 5))
def test_tsumo_payments_add_up_and_points_never_fall_as_han_rises(
        han: int, fu: int, dealer: bool, honba: int) -> None:
    base = limit_of(han, fu)[1]
    points, pay = payments_for(base, dealer=dealer, tsumo=True, honba=honba)
    paid = pay.dealer + pay.non_dealer * pay.non_dealer_payers
    assert paid == points + 300 * honba
    assert pay.non_dealer_payers == (3 if dealer else 2)
    ron, _ = payments_for(base, dealer=dealer, tsumo=False)
    more, _ = payments_for(limit_of(han + 1, fu)[1], dealer=dealer, tsumo=False)
    assert more >= ron
    assert points % 100 == 0 and ron % 100 == 0


@pytest.mark.parametrize(("situation", "seats", "want"), [
    ({"seat_wind": "S", "riichi_sticks": 2, "honba": 1}, {"winner": 1, "dealer": 0,
                                                        "discarder": 3},
     (0, 2900 + 2000, 0, -2900)),
    ({"seat_wind": "S", "tsumo": True, "honba": 1}, {"winner": 2, "dealer": 1},
     (-1400, -2700, 5500, -1400)),
    ({"seat_wind": "E", "tsumo": True}, {"winner": 3, "dealer": 3},
     (-3900, -3900, -3900, 11700)),  # riichi, tsumo, double east: 4 han 30 fu
])
def test_payment_deltas_per_seat(situation: dict[str, Any], seats: dict[str, int],
                                 want: tuple[int, ...]) -> None:
    # riichi and a wind triplet on a 1z/2z shanpon
    hand = Hand.parse("123m456p789s1122z")
    win = evaluate(hand, Tile.parse("2z" if situation["seat_wind"] == "S" else "1z"),
                   WinContext(riichi=True, **situation))
    assert isinstance(win, WinResult)
    deltas = win.payments.deltas(**seats)
    assert deltas == want
    assert sum(deltas) == win.payments.sticks
    assert deltas[seats["winner"]] == win.total


def test_payment_deltas_with_pao_and_bad_seats() -> None:
    hand = Hand.parse("123m5p pon:555z pon:666z pon:777z:7z:toimen")
    ron = evaluate(hand, Tile.parse("5p"), WinContext(seat_wind="S", pao="toimen"))
    assert isinstance(ron, WinResult)
    assert ron.payments.deltas(1, dealer=0, discarder=0, liable=3) == (-16000, 32000, 0, -16000)
    with pytest.raises(InvalidSeatError):
        ron.payments.deltas(1, dealer=0, discarder=0)  # the liable seat is missing
    with pytest.raises(InvalidSeatError):
        ron.payments.deltas(1, dealer=0, discarder=1, liable=3)
    with pytest.raises(InvalidSeatError):
        ron.payments.deltas(4, dealer=0, discarder=1, liable=3)


def test_deltas_refuse_seats_that_do_not_fit_the_payments() -> None:
    dealer_tsumo = payments_for(2000, dealer=True, tsumo=True)[1]
    with pytest.raises(MahjongError, match="dealer tsumo"):
        dealer_tsumo.deltas(1, dealer=0)
    other_tsumo = payments_for(2000, dealer=False, tsumo=True)[1]
    with pytest.raises(MahjongError, match="non-dealer tsumo"):
        other_tsumo.deltas(0, dealer=0)
    with pytest.raises(InvalidSeatError, match="winner is a seat"):
        other_tsumo.deltas(None, dealer=0)  # type: ignore[arg-type]


@pytest.mark.parametrize(("han", "yakuman", "rules", "limit", "base"), [
    (25, 0, Rules(kazoe_multiple=True), Limit.KAZOE_YAKUMAN, 8000),
    (26, 0, Rules(kazoe_multiple=True), Limit.DOUBLE_YAKUMAN, 16000),
    (39, 0, Rules(kazoe_multiple=True), Limit.TRIPLE_YAKUMAN, 24000),
    (26, 0, Rules(), Limit.KAZOE_YAKUMAN, 8000),
    (91, 0, Rules(kazoe_multiple=True, yakuman_limit=6), Limit.SEXTUPLE_YAKUMAN, 48000),
    (0, 7, Rules(), Limit.SEPTUPLE_YAKUMAN, 56000),
    (0, 7, Rules(yakuman_limit=6), Limit.SEXTUPLE_YAKUMAN, 48000),
    (0, 6, Rules(yakuman_limit=6), Limit.SEXTUPLE_YAKUMAN, 48000),
])
def test_counted_and_stacked_yakuman_limits(han: int, yakuman: int, rules: Rules,
                                            limit: Limit, base: int) -> None:
    assert limit_of(han, 30, yakuman, rules) == (limit, base)
