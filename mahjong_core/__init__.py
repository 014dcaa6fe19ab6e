"""mahjong_core: a typed, pure-Python riichi mahjong rules and scoring core.

>>> from mahjong_core import Hand, Tile
>>> Hand.parse("123m456p789s1122z").add(Tile.parse("1z")).is_complete()
True
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .errors import (
    IllegalActionError,
    InvalidContextError,
    InvalidHandError,
    InvalidLogError,
    InvalidMeldError,
    InvalidNotationError,
    InvalidPaymentsError,
    InvalidRulesError,
    InvalidSeatError,
    InvalidTileError,
    MahjongError,
)
from .furiten import FuritenTracker
from .hand import Hand
from .meld import Meld, MeldKind, Relative
from .shapes import Decomposition, Form, Group, GroupKind, Wait, WinningGroup
from .tile import IdLayout, Suit, Tile, TileId, format_tiles, parse_tiles, tiles_from_ids136
from .ukeire import DiscardOption, Ukeire

if TYPE_CHECKING:
    from .context import WinContext, Wind
    from .points import Limit, Payments
    from .presets import PRESETS, Preset, preset
    from .rules import (
        MAHJONG_SOUL_RULES,
        NO_RED_FIVES_RULES,
        TENHOU_RULES,
        TENHOU_SANMA_RULES,
        Renhou,
        Rules,
    )
    from .scoring import NoWin, NoWinReason, WinResult, evaluate, nagashi_mangan
    from .scoring_rules import HAN
    from .seats import relative_seat, seat_from_relative, seat_of_wind, seat_wind
    from .yaku import YAKUMAN, Yaku

_SCORING = {
    "WinContext": "context", "Wind": "context", "Limit": "points", "Payments": "points",
    "MAHJONG_SOUL_RULES": "rules", "NO_RED_FIVES_RULES": "rules", "TENHOU_RULES": "rules",
    "TENHOU_SANMA_RULES": "rules", "Rules": "rules", "Renhou": "rules",
    "PRESETS": "presets", "Preset": "presets", "preset": "presets",
    "NoWin": "scoring", "nagashi_mangan": "scoring",
    "NoWinReason": "scoring", "WinResult": "scoring",
    "evaluate": "scoring", "HAN": "scoring_rules", "YAKUMAN": "yaku", "Yaku": "yaku",
    "relative_seat": "seats", "seat_from_relative": "seats", "seat_of_wind": "seats",
    "seat_wind": "seats",
}
"""The scoring side's names and their modules: imported on first use, so that a program
that only reads hands does not load the scorer (``import mahjong_core`` stays cheap)."""


def __getattr__(name: str) -> object:
    """Import a scoring name's module the first time the name is asked for."""
    module = _SCORING.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """Every public name, loaded or not."""
    return sorted({*globals(), *__all__})


__all__ = [
    "HAN",
    "MAHJONG_SOUL_RULES",
    "NO_RED_FIVES_RULES",
    "PRESETS",
    "TENHOU_RULES",
    "TENHOU_SANMA_RULES",
    "YAKUMAN",
    "Decomposition",
    "DiscardOption",
    "Form",
    "FuritenTracker",
    "Group",
    "GroupKind",
    "Hand",
    "IdLayout",
    "IllegalActionError",
    "InvalidContextError",
    "InvalidHandError",
    "InvalidLogError",
    "InvalidMeldError",
    "InvalidNotationError",
    "InvalidPaymentsError",
    "InvalidRulesError",
    "InvalidSeatError",
    "InvalidTileError",
    "Limit",
    "MahjongError",
    "Meld",
    "MeldKind",
    "NoWin",
    "NoWinReason",
    "Payments",
    "Preset",
    "Relative",
    "Renhou",
    "Rules",
    "Suit",
    "Tile",
    "TileId",
    "Ukeire",
    "Wait",
    "WinContext",
    "WinResult",
    "Wind",
    "WinningGroup",
    "Yaku",
    "evaluate",
    "format_tiles",
    "nagashi_mangan",
    "parse_tiles",
    "preset",
    "relative_seat",
    "seat_from_relative",
    "seat_of_wind",
    "seat_wind",
    "tiles_from_ids136",
]

__version__ = "0.1.0"
