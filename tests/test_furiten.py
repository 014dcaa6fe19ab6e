"""FuritenTracker and the furiten guard of evaluate."""

from __future__ import annotations

from mahjong_core import (
    FuritenTracker,
    Hand,
    NoWin,
    NoWinReason,
    Tile,
    WinResult,
)
from tests.support.evaluation import eval_text


def test_furiten_ron_is_refused_but_tsumo_is_not() -> None:
    assert eval_text("123m456p789s1122z", "1z", furiten=True) == NoWin(NoWinReason.FURITEN)
    assert isinstance(eval_text("123m456p789s1122z", "1z", furiten=True, tsumo=True), WinResult)


def test_furiten_tracker_kinds() -> None:
    hand = Hand.parse("123m456p789s2345s")  # waits 2s 5s
    fresh = FuritenTracker()
    assert not fresh.is_furiten(hand)
    assert fresh.discarded(Tile.parse("5s")).is_furiten(hand)  # own discard: permanent
    temporary = fresh.passed(Tile.parse("2s"))
    assert temporary.is_furiten(hand)
    assert not temporary.discarded(Tile.parse("9m")).is_furiten(hand)
    riichi = fresh.declared_riichi().passed(Tile.parse("2s"))
    assert riichi.discarded(Tile.parse("9m")).is_furiten(hand)  # riichi: permanent
    assert fresh.discarded(Tile.parse("0s")).is_furiten([Tile.parse("5s")])
    assert fresh == FuritenTracker()  # trackers are values: nothing changed


def test_furiten_tracker_takes_tiles_or_kinds() -> None:
    assert FuritenTracker(own=[Tile.parse("5s")]) == FuritenTracker(own={22})
