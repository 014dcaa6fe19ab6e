"""Ukeire and discard options: what a hand draws to improve, and what to throw."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import attrs

from ._core import shanten as _shanten
from ._slots import writable
from .tile import Tile, tile_of

__all__ = ["DiscardOption", "Ukeire"]


@attrs.frozen
class Ukeire:
    """The draws that lower a 13-tile hand's shanten, with how many of each are unseen.

    Unseen copies are four less those in the hand, its melds and the tiles given as
    visible; a kind whose last copies are all visible is listed with 0. A kind the hand
    and its melds hold four times is never a draw.

    >>> from mahjong_core import Hand
    >>> ukeire = Hand.parse("123m456p789s1122z").ukeire()
    >>> ukeire.shanten, ukeire.total, [str(t) for t in ukeire.tiles]
    (0, 4, ['1z', '2z'])
    """

    shanten: int
    """Shanten of the hand before the draw; each of these draws brings it one lower."""
    draws: tuple[tuple[Tile, int], ...]
    """(tile, unseen copies) per improving kind, in kind order; plain tiles, never red."""

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The improving kinds, in kind order."""
        return tuple(tile for tile, _ in self.draws)

    @property
    def total(self) -> int:
        """Unseen copies of all improving kinds together."""
        return sum(count for _, count in self.draws)

    def as_dict(self) -> dict[Tile, int]:
        """A new dict: improving tile -> unseen copies."""
        return dict(self.draws)


@attrs.frozen
class DiscardOption:
    """One discard from a 14-tile hand: the tile, the shanten after it and its ukeire.

    The ukeire counts the discarded copy as seen (it is no longer in the wall).
    """

    tile: Tile
    """The tile to discard; the plain five when the hand holds a plain and a red one."""
    shanten: int
    """Shanten of the 13 tiles left."""
    ukeire: Ukeire
    """The draws that lower that shanten, with their unseen copies."""

    @property
    def total(self) -> int:
        """Unseen copies of all improving draws after this discard."""
        return self.ukeire.total


_NEW = object.__new__
_UKEIRE_TWIN: Any = writable(Ukeire)
_OPTION_TWIN: Any = writable(DiscardOption)
PLAIN = tuple(tile_of(k) for k in range(34))
"""The plain tile of each kind."""


_DRAW_PAIRS = tuple(tuple((tile, count) for count in range(5)) for tile in PLAIN)
"""Per kind, per unseen count 0-4: the draw ``(plain tile, count)`` (shared: immutable)."""


@functools.cache
def kinds_by_lane() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per suit, per 9-bit mask of its ranks (a kinds mask's bits ``9 * suit`` on): the
    kinds of those ranks (made when first asked for)."""
    return tuple(tuple(tuple(9 * suit + r for r in range(9) if lane >> r & 1)
                       for lane in range(512 if suit < 3 else 128)) for suit in range(4))


def ukeire_of(shanten: int, mask: int, unseen: Sequence[int]) -> Ukeire:
    """The Ukeire of the kinds in ``mask`` (bits 0-33) with their unseen copies (0-4)."""
    man, pin, sou, honours = kinds_by_lane()
    kinds = (*man[mask & 511], *pin[mask >> 9 & 511], *sou[mask >> 18 & 511],
             *honours[mask >> 27])
    # the ready-made (tile, count) pair of each kind; set on the writable twin (see
    # _slots) as ``discard_options`` does: attrs' constructor calls a slot setter a field
    ukeire = _NEW(_UKEIRE_TWIN)
    ukeire.shanten = shanten
    pairs = _DRAW_PAIRS
    ukeire.draws = tuple([pairs[kind][unseen[kind]] for kind in kinds])
    ukeire.__class__ = Ukeire
    made: Ukeire = ukeire
    return made


def discard_options(keys: Sequence[int], melded: Sequence[int], melds: int,
                    unseen: Sequence[int], tiles: Sequence[Tile], within: int = 99,
                    kinds: int = _shanten.ALL_KINDS) -> list[DiscardOption]:
    """A 14-tile hand's discards, best first: ``tiles[kind]`` for each kind it holds, the
    shanten of the 13 tiles left and their ukeire (``unseen`` counted with the 14); only
    those that leave a shanten of at most ``within``, of the kinds in the mask ``kinds``."""
    def make(kind: int, shanten: int, draws: tuple[tuple[Tile, int], ...]) -> DiscardOption:
        # the kernel's checked values set by plain assignment on the writable twins (see
        # _slots): attrs' constructors call a slot setter a field
        ukeire = _NEW(_UKEIRE_TWIN)
        ukeire.shanten = shanten
        ukeire.draws = draws
        ukeire.__class__ = Ukeire
        made = _NEW(_OPTION_TWIN)
        made.tile = tiles[kind]
        made.shanten = shanten
        made.ukeire = ukeire
        made.__class__ = DiscardOption
        option: DiscardOption = made
        return option

    return _shanten.discard_options(keys, melded, melds, tuple(zip(PLAIN, unseen, strict=True)),
                                    make, within, kinds)
