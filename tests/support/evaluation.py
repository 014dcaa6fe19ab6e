"""Evaluate a hand written in notation: what the scoring tests call again and again."""

from __future__ import annotations

from typing import Any

from mahjong_core import Hand, NoWin, Tile, WinContext, WinResult, evaluate


def eval_text(hand: str, win: str, **situation: Any) -> WinResult | NoWin:
    """``evaluate`` of a hand and winning tile in notation, in a situation."""
    return evaluate(Hand.parse(hand), Tile.parse(win), WinContext(**situation))


def win_text(hand: str, win: str, **situation: Any) -> WinResult:
    """As ``eval_text``, for a hand that must win."""
    result = eval_text(hand, win, **situation)
    assert isinstance(result, WinResult), result
    return result
