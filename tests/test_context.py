"""WinContext: impossible situations refused at construction."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from mahjong_core import (
    InvalidContextError,
    Tile,
    WinContext,
    Wind,
)


@pytest.mark.parametrize("situation", [
    {"chankan": True, "tsumo": True},
    {"haitei": True},
    {"houtei": True, "tsumo": True},
    {"rinshan": True},
    {"ippatsu": True},
    {"tenhou": True, "tsumo": True, "seat_wind": "S"},
    {"tenhou": True},
    {"chiihou": True, "tsumo": True},
    {"chiihou": True, "tsumo": True, "seat_wind": "W", "riichi": True},
    {"haitei": True, "houtei": True, "tsumo": True},
    {"renhou": True, "seat_wind": "E"},
    {"riichi": "yes"},
    {"honba": -1},
    {"riichi_sticks": 1.5},
    {"seat_wind": "X"},
    {"dora_indicators": "1m2m3m4m5m6m"},
    {"dora_indicators": "1m", "ura_indicators": "1m2m"},
    {"dora_indicators": "8z"},
    {"rinshan": True, "haitei": True, "tsumo": True},
    {"chankan": True, "houtei": True},
    {"riichi": True, "ippatsu": True, "rinshan": True, "tsumo": True},
    {"dora_indicators": [Tile(0)] * 5},
    {"dora_indicators": "11m", "ura_indicators": "111m"},
])
def test_impossible_situations_raise(situation: dict[str, Any]) -> None:
    with pytest.raises(InvalidContextError):
        WinContext(**situation)


def test_a_context_is_frozen_and_keeps_its_class_after_it_is_made() -> None:
    """The initialiser fills the slots through a writable twin class and switches back:
    the value is a WinContext (or the caller's subclass), frozen, whether it was made or
    refused."""

    class Situation(WinContext):
        __slots__ = ()

    for cls in (WinContext, Situation):
        made = cls(riichi=True, dora_indicators="3m", ura_indicators="4p", seat_wind="S")
        assert type(made) is cls and made.riichi and made.seat_wind is Wind.SOUTH
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            made.riichi = False  # type: ignore[misc]
        with pytest.raises(InvalidContextError):
            cls(ippatsu=True)
        assert attrs.evolve(made, tsumo=True) == cls(
            tsumo=True, riichi=True, dora_indicators="3m", ura_indicators="4p", seat_wind="S")
