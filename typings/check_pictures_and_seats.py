"""Consumer code for pictures, seats and yaku names, type-checked by ``mypy --strict`` and
never run (see check_api.py for the conventions)."""

from __future__ import annotations

from typing import assert_type

from mahjong_core import (
    Hand,
    InvalidPaymentsError,
    InvalidSeatError,
    MahjongError,
    Meld,
    Payments,
    Relative,
    Tile,
    Wind,
    WinResult,
    Yaku,
    relative_seat,
    render,
    seat_from_relative,
    seat_of_wind,
    seat_wind,
)


def pictures(hand: Hand, meld: Meld, result: WinResult, tile: Tile) -> None:
    assert_type(hand.unicode(), str)
    assert_type(meld.unicode(), str)
    assert_type(result.unicode(), str)
    assert_type(result.unicode(hand, tile), str)
    assert_type(hand._repr_svg_(), str)
    assert_type(meld._repr_svg_(), str)
    assert_type(result._repr_svg_(), str)
    assert_type(render.tile_unicode(tile), str)
    assert_type(render.tiles_unicode([tile, tile]), str)
    assert_type(render.hand_svg(hand), str)
    assert_type(render.result_svg(result, hand, tile, language="japanese"), str)
    assert_type(render.result_unicode(result, language="romaji"), str)
    render.result_unicode(result, language="french")  # type: ignore[arg-type]
    render.hand_unicode("123m")  # type: ignore[arg-type]
    render.meld_svg(hand)  # type: ignore[arg-type]


def seats() -> None:
    assert_type(relative_seat(0, 1), Relative)
    assert_type(relative_seat(0, 1, players=3), Relative)
    assert_type(seat_from_relative(0, Relative.TOIMEN), int)
    assert_type(seat_wind(0, dealer=1), Wind)
    assert_type(seat_of_wind(Wind.WEST, dealer=1), int)
    seat_wind(0, 1)  # type: ignore[call-arg]
    seat_from_relative(0, "toimen")  # type: ignore[arg-type]
    assert_type(Payments(discarder=1000).deltas(1, dealer=0, discarder=2), tuple[int, ...])
    error: MahjongError = InvalidSeatError("seat 4")
    other: MahjongError = InvalidPaymentsError("a ron with a dealer's part")
    assert isinstance(error, ValueError) and isinstance(other, ValueError)


def yaku_names(yaku: Yaku) -> None:
    assert_type(yaku.english, str)
    assert_type(yaku.japanese, str)
    assert_type(yaku.json_name, str)
