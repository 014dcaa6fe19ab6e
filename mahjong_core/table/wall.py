"""The wall of one round: the deal, the live wall, and the dead wall's three parts."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import cast

import attrs

from ..errors import InvalidContextError, quote
from ..tile import TileId, bounded_list, is_text_like

__all__ = ["DEAD_WALL", "THREE_PLAYER_IDS", "Wall"]

DEAD_WALL = 14
"""Tiles in the dead wall at the start of a round."""

THREE_PLAYER_IDS: tuple[TileId, ...] = tuple(TileId(i) for i in range(136) if not 4 <= i < 32)
"""The 108 tile ids of a three-player game: every tile but 2m-8m."""

_THREE_PLAYER_SET = frozenset(THREE_PLAYER_IDS)
_HAND = 13
# players -> (live tiles, replacement tiles, dora indicators held apart)
_LAYOUT = {4: (70, 4, 5), 3: (55, 8, 3)}


_ALL_IDS = frozenset(range(136))
_INT = frozenset((int,))


def _ids(value: Sequence[int]) -> tuple[TileId, ...]:
    if type(value) is tuple or type(value) is list:  # the common case, known to be finite
        items = tuple(value)
    elif is_text_like(value) or not isinstance(value, Sequence):
        raise InvalidContextError(
            f"a part of a wall is a sequence of tile ids, got {quote(value)}")
    else:
        items = tuple(itertools.islice(value, 137))
    if len(items) > 136:
        raise InvalidContextError("a wall holds 136 tiles, got more")
    # the common case in two C-level passes: every item an int (bools and int subclasses
    # are not) and every value an id 0-135
    if not _INT.issuperset(map(type, items)) or not _ALL_IDS.issuperset(items):
        for item in items:
            if type(item) is not int or not 0 <= item < 136:
                raise InvalidContextError(f"tile ids are ints 0-135, got {quote(item)} in a wall")
    return cast(tuple[TileId, ...], items)


def _hands(value: Sequence[Sequence[int]]) -> tuple[tuple[TileId, ...], ...]:
    if type(value) is tuple or type(value) is list:  # the common case, known to be finite
        hands = tuple(value)
    elif is_text_like(value) or not isinstance(value, Sequence):
        raise InvalidContextError(
            f"a wall's hands are a sequence of id sequences, got {quote(value)}")
    else:
        hands = tuple(itertools.islice(value, 5))
    if len(hands) > 4:
        raise InvalidContextError("a wall deals to 4 seats, got more hands")
    return tuple(_ids(hand) for hand in hands)


def _check_indicator(index: object) -> None:
    if type(index) is not int or not 0 <= index < 5:
        raise InvalidContextError(f"an indicator's index is an int 0-4 (one more with each "
                                  f"kan), got {quote(index)}")


@attrs.frozen
class Wall:
    """Where every tile of a round sits, as physical tile ids (0-135).

    ``hands`` are the 13 tiles dealt to each seat (seat 0 first, whoever deals);
    ``live`` is the live wall in drawing order, the dealer's first draw first;
    ``rinshan`` the replacement tiles drawn after a kan (or a north tile set aside), in
    order; ``dora`` and ``ura`` the dora indicators in the order they are turned over and
    the ura indicator under each. Every replacement draw moves the last live tile into
    the dead wall, so a round has ``len(live)`` live draws less one per replacement draw.

    Four players: 4 x 13 dealt, 70 live, 4 replacement tiles, 5 dora and 5 ura
    indicators. Three players (108 tiles, no 2m-8m): 3 x 13 dealt, 55 live, 8 replacement
    tiles, 3 dora and 3 ura indicators; as at Tenhou, the 4th and 5th indicators are the
    live wall's last tiles (dora ``live[-2]``, ``live[-4]``; ura ``live[-1]``,
    ``live[-3]``), turned over only once replacement draws have taken them out of the
    live wall. Raises InvalidContextError unless every id of the tile set is used once.

    >>> wall = Wall.from_sequence(range(136), dealer=0)
    >>> wall.hands[0][:5], wall.live[0], wall.dora[0], wall.players
    ((0, 1, 2, 3, 16), 52, 126, 4)
    """

    hands: tuple[tuple[TileId, ...], ...] = attrs.field(converter=_hands)
    live: tuple[TileId, ...] = attrs.field(converter=_ids)
    rinshan: tuple[TileId, ...] = attrs.field(converter=_ids)
    dora: tuple[TileId, ...] = attrs.field(converter=_ids)
    ura: tuple[TileId, ...] = attrs.field(converter=_ids)

    def __attrs_post_init__(self) -> None:
        players = len(self.hands)
        if players not in _LAYOUT or any(len(hand) != _HAND for hand in self.hands):
            raise InvalidContextError(
                f"a wall deals 13 tiles to each of 3 or 4 seats, got "
                f"{[len(hand) for hand in self.hands]}")
        live, rinshan, indicators = _LAYOUT[players]
        sizes = (len(self.live), len(self.rinshan), len(self.dora), len(self.ura))
        if sizes != (live, rinshan, indicators, indicators):
            raise InvalidContextError(
                f"a {players}-player wall has {live} live tiles, {rinshan} replacement tiles, "
                f"{indicators} dora and {indicators} ura indicators, got {sizes[0]}, "
                f"{sizes[1]}, {sizes[2]} and {sizes[3]}")
        everything = [*itertools.chain.from_iterable(self.hands), *self.live, *self.rinshan,
                      *self.dora, *self.ura]
        expected = _ALL_IDS if players == 4 else _THREE_PLAYER_SET
        if len(everything) != len(expected) or not expected.issuperset(everything) or len(
                set(everything)) != len(expected):
            twice = sorted({i for i in everything if everything.count(i) > 1})
            foreign = sorted(set(everything) - expected)
            problem = (f"ids {twice[:5]} more than once" if twice
                       else f"ids {foreign[:5]} that are not in a {players}-player game"
                       if foreign else "missing ids")
            raise InvalidContextError(
                f"a {players}-player wall holds each of its {len(expected)} tile ids once; "
                f"got {len(everything)} tiles with {problem}")

    @classmethod
    def _trusted(cls, hands: tuple[tuple[TileId, ...], ...], live: tuple[TileId, ...],
                 rinshan: tuple[TileId, ...], dora: tuple[TileId, ...],
                 ura: tuple[TileId, ...]) -> Wall:
        """A wall from parts this library laid out itself from a set of ids already known
        to hold each tile id of the set once (a checked permutation), so not checked again.
        Every part must be a tuple of int ids and the layout sizes right."""
        wall = object.__new__(cls)
        setter = object.__setattr__
        setter(wall, "hands", hands)
        setter(wall, "live", live)
        setter(wall, "rinshan", rinshan)
        setter(wall, "dora", dora)
        setter(wall, "ura", ura)
        return wall

    @property
    def players(self) -> int:
        """3 or 4."""
        return len(self.hands)

    def dora_indicator(self, index: int) -> TileId:
        """The ``index``-th dora indicator (0 is the one shown at the start, 4 the last).

        Raises InvalidContextError for an index that is not an int 0-4.
        """
        _check_indicator(index)
        if index < len(self.dora):
            return self.dora[index]
        return self.live[-2 - 2 * (index - len(self.dora))]

    def ura_indicator(self, index: int) -> TileId:
        """The ura indicator under the ``index``-th dora indicator (0-4).

        Raises InvalidContextError for an index that is not an int 0-4.
        """
        _check_indicator(index)
        if index < len(self.ura):
            return self.ura[index]
        return self.live[-1 - 2 * (index - len(self.ura))]

    @classmethod
    def stacked(cls, hands: Sequence[str], *, live: str = "", rinshan: str = "",
                dora: str = "", ura: str = "") -> Wall:
        """A wall set up from mpsz text: each seat's 13 tiles, then the first tiles of the
        live wall, the replacement tiles and the indicators; every other place gets the
        remaining tiles in id order. A ``0`` takes the red five; other fives avoid it.
        Three hands make a three-player wall.

        Raises InvalidContextError (or the notation's own error) for bad text, more
        copies than exist, or more tiles than a place holds (14 for a hand, 6 indicators).

        >>> wall = Wall.stacked(["123m456p789s1122z", "", "", ""], live="2z", dora="1z")
        >>> wall.live[0] // 4, wall.dora[0] // 4, len(wall.hands[1])
        (28, 27, 13)
        """
        from ..tile import parse_tiles

        if is_text_like(hands) or not isinstance(hands, Sequence) or len(
                bounded_list(hands, 4, "a stacked wall's hands", InvalidContextError)) < 3:
            raise InvalidContextError(f"a stacked wall takes 3 or 4 hands of mpsz text, got "
                                      f"{quote(hands)}")
        hands = list(hands)
        players = len(hands)
        pool: dict[int, list[int]] = {}
        for i in (range(136) if players == 4 else THREE_PLAYER_IDS):
            pool.setdefault(i // 4, []).append(i)

        def take(text: str, where: str) -> list[TileId]:
            ids = []
            for tile in parse_tiles(text):
                left = pool.get(tile.kind, [])
                red = [i for i in left if i in (16, 52, 88)]
                plain = [i for i in left if i not in (16, 52, 88)]
                choice = red if tile.red else plain
                if not choice:
                    raise InvalidContextError(f"no {tile} is left for {where} in a "
                                              f"{players}-player wall")
                left.remove(choice[0])
                ids.append(TileId(choice[0]))
            return ids

        def place(text: str, where: str, size: int) -> tuple[list[TileId], int]:
            ids = take(text, where)
            if len(ids) > size:
                raise InvalidContextError(f"{len(ids)} tiles for {where}, more than the {size} "
                                          f"a {players}-player wall has there")
            return ids, size

        live_size, rinshan_size, indicators = _LAYOUT[players]
        dealt = [place(text, f"hand {seat}", _HAND) for seat, text in enumerate(hands)]
        wanted = [place(live, "the live wall", live_size),
                  place(rinshan, "the replacement tiles", rinshan_size),
                  place(dora, "the dora indicators", indicators),
                  place(ura, "the ura indicators", indicators)]
        # no place holds more than its size and the pool holds the whole tile set, so the
        # tiles left fill every place exactly
        rest = iter(sorted(i for ids in pool.values() for i in ids))
        hands_ids = [[*ids, *itertools.islice(rest, size - len(ids))] for ids, size in dealt]
        filled = [[*ids, *itertools.islice(rest, size - len(ids))] for ids, size in wanted]
        return cls(hands_ids, *filled)

    @classmethod
    def from_sequence(cls, ids: Sequence[int], *, dealer: int) -> Wall:
        """Lay out 136 ids (or the 108 of a three-player game) in drawing order: the first
        52 (39) are dealt four at a time (three rounds, then one each) from the dealer
        on, the next 70 (55) are the live wall, then the replacement tiles (4, or 8), the
        dora indicators (5, or 3) and the ura indicators (5, or 3).

        Raises InvalidContextError for anything but each id of the tile set once, or a bad
        dealer.
        """
        tiles = _ids(ids)
        players = {136: 4, 108: 3}.get(len(tiles))
        if players is None:
            raise InvalidContextError(f"a wall has 136 tiles (108 for three players), got "
                                      f"{len(tiles)}")
        if type(dealer) is not int or not 0 <= dealer < players:
            raise InvalidContextError(
                f"the dealer is a seat 0-{players - 1}, got {quote(dealer)}")
        live, rinshan, indicators = _LAYOUT[players]
        hands: list[list[TileId]] = [[] for _ in range(players)]
        at = 0
        for size in (4, 4, 4, 1):
            for offset in range(players):
                hands[(dealer + offset) % players] += tiles[at:at + size]
                at += size
        parts = []
        for size in (live, rinshan, indicators, indicators):
            parts.append(tiles[at:at + size])
            at += size
        expected = _ALL_IDS if players == 4 else _THREE_PLAYER_SET
        if len(set(tiles)) == len(tiles) and expected.issuperset(tiles):
            return cls._trusted(tuple(map(tuple, hands)), *parts)
        return cls(hands, *parts)  # refuses the ids, saying how

    @classmethod
    def shuffled(cls, rng: random.Random, *, dealer: int, players: int = 4) -> Wall:
        """A wall shuffled by ``rng`` (the same generator state gives the same wall).

        Raises InvalidContextError unless ``rng`` is a ``random.Random``, ``players`` 3 or
        4 and the dealer one of their seats.
        """
        if not isinstance(rng, random.Random):
            raise InvalidContextError(f"rng must be a random.Random, got {quote(rng)}")
        if type(players) is not int or players not in _LAYOUT:
            raise InvalidContextError(f"a table has 3 or 4 players, not {quote(players)}")
        ids: list[int] = list(range(136)) if players == 4 else list(THREE_PLAYER_IDS)
        if type(rng) is random.Random:
            _shuffle(rng, ids)
        else:  # a subclass may draw its numbers its own way
            rng.shuffle(ids)
        return cls.from_sequence(ids, dealer=dealer)


_BITS = tuple(n.bit_length() for n in range(137))


def _shuffle(rng: random.Random, ids: list[int]) -> None:
    """``rng.shuffle(ids)`` of a plain ``random.Random``, with the same draws in the same
    order (Fisher-Yates from the end, each index below ``n`` drawn as ``n.bit_length()``
    random bits until one is below ``n``), written out: the library's own shuffle calls a
    helper per tile, which cost a game loop as much as several of its turns."""
    bits = rng.getrandbits
    for i in range(len(ids) - 1, 0, -1):
        k = _BITS[i + 1]
        j = bits(k)
        while j > i:
            j = bits(k)
        ids[i], ids[j] = ids[j], ids[i]


trusted_wall = Wall._trusted
"""``trusted_wall(hands, live, rinshan, dora, ura)``: a wall from parts the library laid
out itself from a checked permutation of the ids, not checked again (internal: for the
log readers that rebuild a server's wall)."""
