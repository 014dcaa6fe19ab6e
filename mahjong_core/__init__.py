"""mahjong_core: a typed, pure-Python riichi mahjong rules and scoring core.

>>> from mahjong_core import Hand, Tile
>>> Hand.parse("123m456p789s1122z").add(Tile.parse("1z")).is_complete()
True
"""

from __future__ import annotations

from .errors import (
    InvalidContextError,
    InvalidHandError,
    InvalidMeldError,
    InvalidNotationError,
    InvalidRulesError,
    InvalidTileError,
    MahjongError,
)
from .hand import Hand
from .meld import Meld, MeldKind, Relative
from .shapes import Decomposition, Form, Group, GroupKind, Placement, Wait
from .tile import IdLayout, Suit, Tile, TileId, format_tiles, parse_tiles, tiles_from_ids136

__all__ = [
    "Decomposition",
    "Form",
    "Group",
    "GroupKind",
    "Hand",
    "IdLayout",
    "InvalidContextError",
    "InvalidHandError",
    "InvalidMeldError",
    "InvalidNotationError",
    "InvalidRulesError",
    "InvalidTileError",
    "MahjongError",
    "Meld",
    "MeldKind",
    "Placement",
    "Relative",
    "Suit",
    "Tile",
    "TileId",
    "Wait",
    "format_tiles",
    "parse_tiles",
    "tiles_from_ids136",
]

__version__ = "0.1.0"
