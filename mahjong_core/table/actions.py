"""What a player may do at the table: one frozen value per kind of decision.

Draws are not decisions: the table deals them. Every action names the seat (0-3) that
takes it; tiles are physical tile ids (0-135), so a red five is told from a plain one.
"""

from __future__ import annotations

import attrs

from ..errors import safe_repr
from ..tile import Tile, TileId

__all__ = [
    "Action",
    "AddedKan",
    "Chi",
    "ClosedKan",
    "Discard",
    "Kita",
    "NineTerminals",
    "OpenKan",
    "Pass",
    "Pon",
    "Ron",
    "Tsumo",
]


@attrs.frozen
class Discard:
    """Discard ``tile`` from the hand; with ``riichi`` the discard declares riichi."""

    __repr__ = safe_repr

    seat: int
    tile: TileId
    riichi: bool = False


@attrs.frozen
class Tsumo:
    """Win on the tile just drawn."""

    __repr__ = safe_repr

    seat: int


@attrs.frozen
class Ron:
    """Win on the tile just discarded, or on the tile added to a kan (chankan)."""

    __repr__ = safe_repr

    seat: int


@attrs.frozen
class Chi:
    """Call the discard of the player on the left into a run with two of one's own tiles."""

    __repr__ = safe_repr

    seat: int
    tiles: tuple[TileId, TileId]


@attrs.frozen
class Pon:
    """Call a discard into a triplet with two of one's own tiles."""

    __repr__ = safe_repr

    seat: int
    tiles: tuple[TileId, TileId]


@attrs.frozen
class OpenKan:
    """Call a discard into a kan with the three of that kind one holds (daiminkan)."""

    __repr__ = safe_repr

    seat: int


@attrs.frozen
class AddedKan:
    """Add the drawn or held fourth tile ``tile`` to one's pon (shouminkan)."""

    __repr__ = safe_repr

    seat: int
    tile: TileId


@attrs.frozen
class ClosedKan:
    """Set aside the four tiles of ``kind`` held in the hand (ankan)."""

    __repr__ = safe_repr

    seat: int
    kind: Tile


@attrs.frozen
class Kita:
    """Set aside the north tile ``tile`` as a dora and draw a replacement (three players)."""

    __repr__ = safe_repr

    seat: int
    tile: TileId


@attrs.frozen
class NineTerminals:
    """Abort the round on one's first draw with nine kinds of terminals and honours."""

    __repr__ = safe_repr

    seat: int


@attrs.frozen
class Pass:
    """Let a discard (or a kan's added tile) go without calling or winning."""

    __repr__ = safe_repr

    seat: int


Action = (Discard | Tsumo | Ron | Chi | Pon | OpenKan | AddedKan | ClosedKan | Kita
          | NineTerminals | Pass)
"""Any decision a player can make."""
