"""mahjong_core: a typed, pure-Python riichi mahjong rules and scoring core.

>>> from mahjong_core import Hand, Tile
>>> Hand.parse("123m456p789s1122z").add(Tile.parse("1z")).is_complete()
True
"""

from __future__ import annotations

from ._shanten import DiscardOption, Ukeire
from .context import WinContext, Wind
from .errors import (
    IllegalActionError,
    InvalidContextError,
    InvalidHandError,
    InvalidLogError,
    InvalidMeldError,
    InvalidNotationError,
    InvalidRulesError,
    InvalidTileError,
    MahjongError,
)
from .furiten import FuritenTracker
from .hand import Hand
from .meld import Meld, MeldKind, Relative
from .points import Limit, Payments
from .rules import MAHJONG_SOUL_RULES, NO_RED_FIVES_RULES, TENHOU_RULES, TENHOU_SANMA_RULES, Rules
from .scoring import NoWin, NoWinReason, WinResult, evaluate
from .shapes import Decomposition, Form, Group, GroupKind, Placement, Wait
from .tile import IdLayout, Suit, Tile, TileId, format_tiles, parse_tiles, tiles_from_ids136
from .yaku import HAN, YAKUMAN, Yaku

__all__ = [
    "HAN",
    "MAHJONG_SOUL_RULES",
    "NO_RED_FIVES_RULES",
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
    "InvalidRulesError",
    "InvalidTileError",
    "Limit",
    "MahjongError",
    "Meld",
    "MeldKind",
    "NoWin",
    "NoWinReason",
    "Payments",
    "Placement",
    "Relative",
    "Rules",
    "Suit",
    "Tile",
    "TileId",
    "Ukeire",
    "Wait",
    "WinContext",
    "WinResult",
    "Wind",
    "Yaku",
    "evaluate",
    "format_tiles",
    "parse_tiles",
    "tiles_from_ids136",
]

__version__ = "0.1.0"
