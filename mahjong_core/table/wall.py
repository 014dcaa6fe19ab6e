"""The wall of one round: the deal, the live wall, and the dead wall's three parts."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import attrs

from ..errors import InvalidContextError, quote
from ..tile import TileId, is_text_like

__all__ = ["DEAD_WALL", "Wall"]

DEAD_WALL = 14
"""Tiles in the dead wall: 4 replacement tiles, 5 dora and 5 ura indicators."""

_HAND = 13


def _ids(value: Sequence[int]) -> tuple[TileId, ...]:
    if is_text_like(value) or not isinstance(value, Sequence):
        raise InvalidContextError(
            f"a part of a wall is a sequence of tile ids, got {quote(value)}")
    items = tuple(itertools.islice(value, 137))
    if len(items) > 136:
        raise InvalidContextError("a wall holds 136 tiles, got more")
    for item in items:
        if type(item) is not int or not 0 <= item < 136:
            raise InvalidContextError(f"tile ids are ints 0-135, got {quote(item)} in a wall")
    return tuple(TileId(i) for i in items)


def _hands(value: Sequence[Sequence[int]]) -> tuple[tuple[TileId, ...], ...]:
    if is_text_like(value) or not isinstance(value, Sequence):
        raise InvalidContextError(
            f"a wall's hands are a sequence of id sequences, got {quote(value)}")
    hands = tuple(itertools.islice(value, 5))
    if len(hands) > 4:
        raise InvalidContextError("a wall deals to 4 seats, got more hands")
    return tuple(_ids(hand) for hand in hands)


@attrs.frozen
class Wall:
    """Where every tile of a round sits, as physical tile ids (0-135).

    ``hands`` are the 13 tiles dealt to each seat (seat 0 first, whoever deals);
    ``live`` is the live wall in drawing order, the dealer's first draw first;
    ``rinshan`` the replacement tiles a kan draws, in order; ``dora`` and ``ura`` the
    five dora indicators in the order they are turned over and the ura indicator under
    each. Every kan moves the last live tile into the dead wall, so a round has
    ``len(live) - kans`` live draws. Raises InvalidContextError unless every id of the
    tile set is used exactly once.

    >>> wall = Wall.from_sequence(range(136), dealer=0)
    >>> wall.hands[0][:5], wall.live[0], wall.dora[0]
    ((0, 1, 2, 3, 16), 52, 126)
    """

    hands: tuple[tuple[TileId, ...], ...] = attrs.field(converter=_hands)
    live: tuple[TileId, ...] = attrs.field(converter=_ids)
    rinshan: tuple[TileId, ...] = attrs.field(converter=_ids)
    dora: tuple[TileId, ...] = attrs.field(converter=_ids)
    ura: tuple[TileId, ...] = attrs.field(converter=_ids)

    def __attrs_post_init__(self) -> None:
        if len(self.hands) != 4 or any(len(hand) != _HAND for hand in self.hands):
            raise InvalidContextError(
                f"a wall deals 13 tiles to each of 4 seats, got "
                f"{[len(hand) for hand in self.hands]}")
        if (len(self.rinshan), len(self.dora), len(self.ura)) != (4, 5, 5):
            raise InvalidContextError(
                "a dead wall holds 4 replacement tiles, 5 dora and 5 ura indicators, got "
                f"{len(self.rinshan)}, {len(self.dora)} and {len(self.ura)}")
        everything = [*(i for hand in self.hands for i in hand), *self.live, *self.rinshan,
                      *self.dora, *self.ura]
        if len(everything) != 136 or len(set(everything)) != 136:
            twice = sorted({i for i in everything if everything.count(i) > 1})
            raise InvalidContextError(
                f"a wall holds each of the 136 tile ids once; got {len(everything)} tiles"
                + (f", ids {twice[:5]} more than once" if twice else ""))

    @classmethod
    def from_sequence(cls, ids: Sequence[int], *, dealer: int) -> Wall:
        """Lay out 136 ids in drawing order: the first 52 are dealt four at a time
        (three rounds, then one each) from the dealer on, the next 70 are the live wall,
        the last 14 the dead wall (4 replacement tiles, 5 dora, 5 ura indicators).

        Raises InvalidContextError for anything but each id 0-135 once, or a bad dealer.
        """
        tiles = _ids(ids)
        if len(tiles) != 136:
            raise InvalidContextError(f"a wall has 136 tiles, got {len(tiles)}")
        if type(dealer) is not int or not 0 <= dealer < 4:
            raise InvalidContextError(f"the dealer is a seat 0-3, got {quote(dealer)}")
        hands: list[list[TileId]] = [[], [], [], []]
        at = 0
        for size in (4, 4, 4, 1):
            for offset in range(4):
                hands[(dealer + offset) % 4] += tiles[at:at + size]
                at += size
        return cls(hands, tiles[52:122], tiles[122:126], tiles[126:131], tiles[131:136])

    @classmethod
    def shuffled(cls, rng: random.Random, *, dealer: int) -> Wall:
        """A wall shuffled by ``rng`` (the same generator state gives the same wall).

        Raises InvalidContextError unless ``rng`` is a ``random.Random`` and the dealer
        a seat 0-3.
        """
        if not isinstance(rng, random.Random):
            raise InvalidContextError(f"rng must be a random.Random, got {quote(rng)}")
        ids = list(range(136))
        rng.shuffle(ids)
        return cls.from_sequence(ids, dealer=dealer)
