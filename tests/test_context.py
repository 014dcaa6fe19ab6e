"""WinContext: impossible situations refused at construction."""

from __future__ import annotations

from typing import Any

import pytest

from mahjong_core import (
    InvalidContextError,
    Tile,
    WinContext,
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
