"""Consumer code for scoring, shanten and the game-loop helpers, type-checked and never run.

As in ``check_api.py``: ``assert_type`` pins what must type, each
``# type: ignore[code]`` a misuse mypy must reject (``warn_unused_ignores`` is on).
"""

from __future__ import annotations

from typing import Literal, assert_type

from mahjong_core import (
    HAN,
    TENHOU_RULES,
    YAKUMAN,
    Decomposition,
    DiscardOption,
    FuritenTracker,
    Hand,
    Limit,
    Meld,
    NoWin,
    NoWinReason,
    Payments,
    Relative,
    Rules,
    Tile,
    Ukeire,
    Wait,
    WinContext,
    Wind,
    WinResult,
    Yaku,
    evaluate,
)
from mahjong_core.jsonapi import score_request
from mahjong_core.points import limit_of, payments_for


def scoring(hand: Hand, tile: Tile) -> None:
    context = WinContext(tsumo=True, riichi=True, seat_wind="S", dora_indicators="1m")
    assert_type(context.seat_wind, Wind)
    assert_type(context.dora_indicators, tuple[Tile, ...])
    assert_type(context.is_dealer, bool)
    rules = Rules(double_yakuman=True)
    assert_type(Rules.from_mapping({"kiriage_mangan": True}), Rules)
    assert_type(TENHOU_RULES, Rules)
    result = evaluate(hand, tile, context, rules)
    assert_type(result, WinResult | NoWin)
    if isinstance(result, NoWin):
        assert_type(result.reason, NoWinReason)
        return
    assert_type(result.yaku, Yaku)
    assert_type(result.yaku_han, tuple[tuple[Yaku, int], ...])
    assert_type(result.han, int)
    assert_type(result.fu, int)
    assert_type(result.fu_items, tuple[tuple[str, int], ...])
    assert_type(result.limit, Limit | None)
    assert_type(result.points, int)
    assert_type(result.total, int)
    assert_type(result.wait, Wait)
    assert_type(result.decomposition, Decomposition)
    payments = result.payments
    assert_type(payments, Payments)
    assert_type(payments.as_dict(), dict[str, int])
    assert_type(payments.deltas(0, dealer=0, discarder=1), tuple[int, ...])
    assert_type(result.yaku.names(), list[str])
    assert_type(Yaku.PINFU.json_name, str)
    assert_type(HAN[Yaku.PINFU], tuple[int, int])
    assert_type(YAKUMAN, Yaku)
    assert_type(limit_of(3, 30), tuple[Limit | None, int])
    assert_type(payments_for(2000, dealer=False, tsumo=True), tuple[int, Payments])
    assert_type(score_request({"hand": "123m456p789s1122z", "win_tile": "1z"}),
                dict[str, object])

    evaluate("123m", tile)  # type: ignore[arg-type]
    evaluate(hand, "1z")  # type: ignore[arg-type]
    evaluate(hand, tile, {"tsumo": True})  # type: ignore[arg-type]
    evaluate(hand, tile, context, {"red_fives": False})  # type: ignore[arg-type]
    result.han = 3  # type: ignore[misc]
    WinContext(True)  # type: ignore[call-arg]
    Rules(double_wind_pair_fu="4")  # type: ignore[arg-type]
    payments.deltas(0, 0)  # type: ignore[call-arg]
    WinContext(tsumo="yes")  # type: ignore[arg-type]
    WinContext(seat_wind=2)  # type: ignore[arg-type]
    WinContext(round_wind=0)  # type: ignore[arg-type]
    WinContext(dora_indicators=[8, 40])  # type: ignore[list-item]
    WinContext(ura_indicators=(Tile(8), 40))  # type: ignore[arg-type]
    WinContext(pao=2)  # type: ignore[arg-type]
    WinContext(honba="1")  # type: ignore[arg-type]
    assert_type(WinContext(seat_wind=Wind.SOUTH, dora_indicators=[tile]).pao, Relative | None)


def narrowing(hand: Hand, tile: Tile) -> None:
    """A result narrows by its truth: a non-win is falsy, a win is always true."""
    result = evaluate(hand, tile)
    if result:
        assert_type(result, WinResult)
        assert_type(result.is_win, Literal[True])
    else:
        assert_type(result, NoWin)
        assert_type(result.is_win, Literal[False])
    if not result:
        assert_type(result.reason, NoWinReason)
        return
    assert_type(result.points, int)


def shanten_and_calls(hand: Hand, tile: Tile, meld: Meld) -> None:
    assert_type(hand.shanten(), int)
    assert_type(hand.shanten_standard(), int)
    assert_type(hand.shanten_chiitoitsu(), int)
    assert_type(hand.shanten_kokushi(), int)
    ukeire = hand.ukeire(visible=[tile])
    assert_type(ukeire, Ukeire)
    assert_type(ukeire.draws, tuple[tuple[Tile, int], ...])
    assert_type(ukeire.total, int)
    options = hand.add(tile).discard_options()
    assert_type(options, list[DiscardOption])
    assert_type(options[0].tile, Tile)
    assert_type(hand.call(meld), Hand)
    assert_type(hand.is_wait(tile), bool)
    tracker = FuritenTracker().discarded(tile).passed(tile).declared_riichi()
    assert_type(tracker, FuritenTracker)
    assert_type(tracker.is_furiten(hand), bool)
    assert_type(tracker.is_furiten([tile]), bool)

    hand.ukeire(visible="1m")  # type: ignore[arg-type]
    hand.call("pon:111z")  # type: ignore[arg-type]
    tracker.is_furiten("1m")  # type: ignore[arg-type]
    FuritenTracker(own=None)  # type: ignore[arg-type]
    FuritenTracker(own=[1.5])  # type: ignore[list-item]
    FuritenTracker(riichi=1)  # type: ignore[arg-type]
    assert_type(FuritenTracker(own=[tile, 3]).own, frozenset[int])
    shanten: str = hand.shanten()  # type: ignore[assignment]
    del shanten
