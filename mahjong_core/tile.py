"""Tiles: the 34 kinds, red fives, the 136-id layouts and mpsz notation.

Kinds follow the Tenhou order used by logs and other tools: 0-8 are 1-9m, 9-17 are 1-9p,
18-26 are 1-9s and 27-33 are east, south, west, north, haku, hatsu, chun.
"""

from __future__ import annotations

import enum
import itertools
import operator
from collections.abc import Callable, Iterable
from typing import Any, NewType

import attrs

from .errors import InvalidNotationError, InvalidTileError, MahjongError, quote

__all__ = [
    "MAX_TILES",
    "MAX_TILES_TEXT",
    "IdLayout",
    "Suit",
    "Tile",
    "TileId",
    "format_tiles",
    "parse_tiles",
    "tiles_from_ids136",
]

TileId = NewType("TileId", int)
"""A physical tile's id, 0-135, as in Tenhou logs."""

RED_FIVE_KINDS = (4, 13, 22)
"""Kinds of 5m, 5p and 5s, the only kinds that have a red copy."""

MAX_TILES = 136
"""The tiles of a whole set: no list of distinct physical tiles is longer."""
MAX_TILES_TEXT = 2 * MAX_TILES
"""The longest mpsz text that can be valid: 136 tiles, each with its own suit letter.
Longer text is refused before it is read."""

_RED_IDS = frozenset({16, 52, 88})
_SUIT_LETTERS = "mpsz"
_HONOUR_NAMES = ("east", "south", "west", "north", "haku", "hatsu", "chun")


class Suit(enum.IntEnum):
    """The four suits, in Tenhou order; the value times 9 is the suit's first kind."""

    MAN = 0
    PIN = 1
    SOU = 2
    HONOUR = 3

    @property
    def letter(self) -> str:
        """The mpsz letter: ``m``, ``p``, ``s`` or ``z``."""
        return _SUIT_LETTERS[self.value]


class IdLayout(enum.Enum):
    """How a 136 id maps to a kind.

    ``TENHOU`` (the default everywhere): kind = id // 4, red fives 16, 52, 88.
    ``MOD34``: kind = id % 34 with suits in m, s, p order, a layout some programs use,
    and no red fives.
    """

    TENHOU = "tenhou"
    MOD34 = "mod34"


def plain_str(value: str) -> str:
    """The plain ``str`` of a str subclass, so that none of its overrides runs later."""
    return value if type(value) is str else str.__str__(value)


def is_text_like(value: object) -> bool:
    """True for text and bytes-like values, which iterate as characters or small ints
    and are never taken for a collection of tiles, ids or kinds."""
    return isinstance(value, str | bytes | bytearray | memoryview)


def bounded_list(items: Iterable[Any], limit: int, what: str,
                 error: type[MahjongError]) -> list[Any]:
    """The items of an iterable as a list, refusing more than ``limit`` before reading
    them all (an endless iterator included)."""
    if type(items) is list or type(items) is tuple:
        found = list(items)
    else:
        found = list(itertools.islice(items, limit + 1))
    if len(found) > limit:
        size = len(found) if type(items) is list or type(items) is tuple else "more"
        raise error(f"{what}: {size} items, more than the {limit} there can be")
    return found


def _check_layout(layout: object, red_fives: object) -> None:
    if not isinstance(layout, IdLayout):
        raise InvalidTileError(f"layout must be an IdLayout, got {quote(layout)}")
    if type(red_fives) is not bool:
        raise InvalidTileError(f"red_fives must be a bool, got {quote(red_fives)}")


def _check_kind(value: object) -> int:
    if type(value) is not int:
        raise InvalidTileError(f"a tile kind must be an int 0-33, got {quote(value)}")
    if not 0 <= value < 34:
        raise InvalidTileError(f"tile kind {quote(value)} is out of range 0-33")
    return value


# A hand's tiles add up to one int, their "pack": 34 five-bit count fields (bits 0-169),
# the four suits' base-5 keys of 21 bits each (from bit 170) and three-bit red-five counts
# per suit (from bit 254). Adding packs never carries between fields for up to 31 tiles of
# a kind, so a sum of at most 30 tiles is exact, and a fifth copy or a second red five
# shows in its field (see hand.py).
PACK_KEYS = 170
"""Bit where the suits' keys start in a pack (21 bits a suit)."""
PACK_REDS = 254
"""Bit where the red-five counts start in a pack (3 bits a suit)."""
_KEY_UNITS = (1, 5, 25, 125, 625, 3125, 15625, 78125, 390625)


def pack_of(kind: int, red: bool) -> int:
    """One tile's pack: its count field, its key unit and its red-five count."""
    suit = kind // 9
    pack = 1 << 5 * kind | _KEY_UNITS[kind % 9] << PACK_KEYS + 21 * suit
    return pack | 1 << PACK_REDS + 3 * suit if red else pack


@attrs.frozen(eq=False, order=False, repr=False)
class Tile:
    """One tile kind (0-33, Tenhou order), with a flag for a red five.

    Equal when kind and red flag are equal; hashed and ordered by kind (a red five sorts
    just before the plain five of its suit).

    >>> Tile.parse("0p")
    Tile.parse('0p')
    >>> Tile.parse("0p").kind == Tile.parse("5p").kind
    True
    """

    kind: int = attrs.field()
    red: bool = attrs.field(default=False)
    _order: int = attrs.field(init=False, repr=False)
    """Sort key: 2 * kind, less one for a red five (C-level sorting with attrgetter)."""
    _pack: int = attrs.field(init=False, repr=False)
    """The tile's share of a hand's packed counts (see ``pack_of``)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_order", 2 * self.kind + (not self.red))
        object.__setattr__(self, "_pack", pack_of(self.kind, self.red))

    @kind.validator
    def _validate_kind(self, attribute: attrs.Attribute[int], value: int) -> None:
        _check_kind(value)

    @red.validator
    def _validate_red(self, attribute: attrs.Attribute[bool], value: bool) -> None:
        if type(value) is not bool:
            raise InvalidTileError(f"the red flag must be a bool, got {quote(value)}")
        if value and self.kind not in RED_FIVE_KINDS:
            raise InvalidTileError(f"only fives can be red, not kind {self.kind}")

    # -- construction -----------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse one tile in mpsz notation (``"5m"``, ``"0p"``, ``"7z"``).

        Raises InvalidNotationError unless the text is exactly one tile.
        """
        if text.__class__ is str:
            known = _ONE_TILE.get(text)
            if known is not None:
                return known
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise InvalidNotationError(f"expected exactly one tile, got {quote(text)}")
        return tiles[0]

    @classmethod
    def from_id136(cls, tile_id: int, *, layout: IdLayout = IdLayout.TENHOU,
                   red_fives: bool = True) -> Tile:
        """The tile of a 136 id (Tenhou layout unless ``layout`` says otherwise).

        With the Tenhou layout and ``red_fives``, ids 16, 52 and 88 are red fives.
        Raises InvalidTileError for a non-int or an id outside 0-135.
        """
        if tile_id.__class__ is int and layout is _TENHOU and red_fives is True:
            try:
                return _TENHOU_TILE_OF_ID[tile_id]
            except KeyError:  # out of range: said below
                pass
        if type(tile_id) is not int:
            raise InvalidTileError(f"a tile id must be an int 0-135, got {quote(tile_id)}")
        if not 0 <= tile_id < 136:
            raise InvalidTileError(f"tile id {quote(tile_id)} is out of range 0-135")
        _check_layout(layout, red_fives)
        if layout is IdLayout.MOD34:
            seed = tile_id % 34
            if 9 <= seed < 18:  # the seeds number sou before pin
                return _TILES[seed + 9]
            if 18 <= seed < 27:
                return _TILES[seed - 9]
            return _TILES[seed]
        if red_fives and tile_id in _RED_IDS:
            return _RED_TILES[tile_id // 36]
        return _TILES[tile_id // 4]

    @classmethod
    def from_kind(cls, kind: int) -> Tile:
        """The plain (not red) tile of a kind 0-33; raises InvalidTileError otherwise."""
        return _TILES[_check_kind(kind)]

    def to_id136(self, copy: int = 0, *, layout: IdLayout = IdLayout.TENHOU,
                 red_fives: bool = True) -> TileId:
        """The id of this tile's ``copy`` (0-3) in a 136-tile set.

        With the Tenhou layout and red fives in play, a red five is copy 0 (ids 16, 52,
        88) and a plain five is one of copies 1-3.
        Raises InvalidTileError for a copy that does not exist.
        """
        if type(copy) is not int or not 0 <= copy < 4:
            raise InvalidTileError(f"copy must be an int 0-3, got {quote(copy)}")
        _check_layout(layout, red_fives)
        if layout is IdLayout.MOD34:
            if self.red:
                raise InvalidTileError("the mod34 layout has no red fives")
            suit = self.kind // 9
            seed = self.kind if suit in (0, 3) else (self.kind + 9 if suit == 1 else self.kind - 9)
            return TileId(seed + 34 * copy)
        if red_fives and self.kind in RED_FIVE_KINDS:
            if self.red and copy != 0:
                raise InvalidTileError(f"a red five is copy 0 only, not copy {copy}")
            if not self.red and copy == 0:
                raise InvalidTileError(f"copy 0 of {self} is the red five; use copies 1-3")
        elif self.red:
            raise InvalidTileError("a red five has no id when red fives are not in play")
        return TileId(4 * self.kind + copy)

    # -- properties -------------------------------------------------------------------

    @property
    def suit(self) -> Suit:
        """The suit (honours are ``Suit.HONOUR``)."""
        return Suit(self.kind // 9)

    @property
    def rank(self) -> int:
        """1-9 for suited tiles, 1-7 for honours (E S W N haku hatsu chun)."""
        return self.kind % 9 + 1

    @property
    def is_honour(self) -> bool:
        """True for winds and dragons."""
        return self.kind >= 27

    @property
    def is_wind(self) -> bool:
        """True for east, south, west and north."""
        return 27 <= self.kind < 31

    @property
    def is_dragon(self) -> bool:
        """True for haku, hatsu and chun."""
        return self.kind >= 31

    @property
    def is_terminal(self) -> bool:
        """True for a suited one or nine."""
        return self.kind < 27 and self.kind % 9 in (0, 8)

    @property
    def is_yaochuu(self) -> bool:
        """True for terminals and honours (the thirteen-orphans kinds)."""
        return self.kind >= 27 or self.kind % 9 in (0, 8)

    @property
    def is_simple(self) -> bool:
        """True for suited 2-8 (the tanyao kinds)."""
        return not self.is_yaochuu

    @property
    def plain(self) -> Tile:
        """This kind without the red flag."""
        return _TILES[self.kind]

    def dora_next(self) -> Tile:
        """The dora this tile points to as an indicator.

        9 wraps to 1 within a suit, north to east, chun to haku.

        >>> Tile.parse("9s").dora_next(), Tile.parse("4z").dora_next()
        (Tile.parse('1s'), Tile.parse('1z'))
        """
        kind = self.kind
        if kind < 27:
            return _TILES[kind - 8 if kind % 9 == 8 else kind + 1]
        if kind < 31:
            return _TILES[27 if kind == 30 else kind + 1]
        return _TILES[31 if kind == 33 else kind + 1]

    # -- value semantics --------------------------------------------------------------

    def __str__(self) -> str:
        if self.red:
            return "0" + _SUIT_LETTERS[self.kind // 9]
        return f"{self.kind % 9 + 1}{_SUIT_LETTERS[self.kind // 9]}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        assert isinstance(other, Tile)
        return self.kind == other.kind and self.red == other.red

    def __hash__(self) -> int:
        return hash(self.kind)

    def __lt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self._order < other._order

    def __le__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self._order <= other._order

    def __gt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self._order > other._order

    def __ge__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self._order >= other._order


_TILES: tuple[Tile, ...] = tuple(Tile(k) for k in range(34))
_RED_TILES: tuple[Tile, ...] = tuple(Tile(k, True) for k in RED_FIVE_KINDS)
_RED_BY_KIND = {k: t for k, t in zip(RED_FIVE_KINDS, _RED_TILES, strict=True)}
_ONE_TILE = {str(tile): tile for tile in (*_TILES, *_RED_TILES)}
"""The text of each tile, as ``Tile.parse`` reads it most often."""


tile_order = operator.attrgetter("_order")
"""Sort key of tiles in canonical order (kind, a red five before the plain ones)."""
tile_pack = operator.attrgetter("_pack")
"""A tile's ``pack_of`` value, kept when it was made (internal: one C call)."""


def tile_of(kind: int, red: bool = False) -> Tile:
    """The shared Tile object of a kind (internal: no validation)."""
    return _RED_BY_KIND[kind] if red else _TILES[kind]


def check_copies(tiles: Iterable[Tile], what: str | Callable[[], str]) -> None:
    """Raise InvalidTileError if ``tiles`` hold a kind more than four times or two reds.

    ``what`` names the tiles in the message, or makes that name (only when one is raised).
    """
    counts = [0] * 34
    reds = [0] * 3
    for tile in tiles:
        counts[tile.kind] += 1
        if counts[tile.kind] > 4:
            name = what if isinstance(what, str) else what()
            raise InvalidTileError(f"{name} holds a fifth copy of {tile.plain}")
        if tile.red:
            suit = tile.kind // 9
            reds[suit] += 1
            if reds[suit] > 1:
                name = what if isinstance(what, str) else what()
                raise InvalidTileError(f"{name} holds two red fives of one suit ({tile})")


def parse_tiles(text: str) -> list[Tile]:
    """Parse mpsz notation (``"123m406p789s1122z"``) into tiles, in the written order.

    ``0`` is a red five; honours are ``1z``-``7z`` (E S W N haku hatsu chun).
    Raises InvalidNotationError for text that is not mpsz (text longer than
    ``MAX_TILES_TEXT``, 272 characters, is refused unread), InvalidTileError for a
    fifth copy of a kind or a second red five of a suit.

    >>> parse_tiles("340m11z")
    [Tile.parse('3m'), Tile.parse('4m'), Tile.parse('0m'), Tile.parse('1z'), Tile.parse('1z')]
    """
    return _parse_tiles(text, "tiles")


def _parse_tiles(text: Any, what: str) -> list[Tile]:
    if not isinstance(text, str):
        raise InvalidNotationError(
            f"{what} must be an mpsz string, got {type(text).__name__} {quote(text)}")
    text = plain_str(text)
    if len(text) > MAX_TILES_TEXT:
        raise InvalidNotationError(
            f"{what} {quote(text)} is too long: mpsz text of 136 tiles takes at most "
            f"{MAX_TILES_TEXT} characters")
    tiles: list[Tile] = []
    digits: list[int] = []
    start = 0
    for position, char in enumerate(text):
        if "0" <= char <= "9":
            if not digits:
                start = position
            digits.append(ord(char) - 48)
            continue
        suit = _SUIT_LETTERS.find(char) if char else -1
        if suit < 0 or len(char) != 1:
            raise InvalidNotationError(
                f"unknown character {char!r} at position {position} in {quote(text)} "
                "(expected digits followed by one of m, p, s, z)")
        if not digits:
            raise InvalidNotationError(
                f"suit letter {char!r} at position {position} in {quote(text)} has no digits")
        for digit in digits:
            if suit == 3:
                if not 1 <= digit <= 7:
                    raise InvalidNotationError(
                        f"{digit}z in {quote(text)} is not a tile (honours are 1z-7z)")
                tiles.append(_TILES[27 + digit - 1])
            elif digit == 0:
                tiles.append(_RED_TILES[suit])
            else:
                tiles.append(_TILES[9 * suit + digit - 1])
        digits = []
    if digits:
        raise InvalidNotationError(
            f"digits {quote(text[start:])} at the end of {quote(text)} have no suit letter")
    check_copies(tiles, lambda: quote(text))
    return tiles


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Write tiles in canonical mpsz: sorted, grouped by suit, ``0`` for a red five.

    Raises InvalidTileError for a non-Tile item, a fifth copy, two reds of a suit or
    more than 136 tiles.

    >>> format_tiles(parse_tiles("1z5m0m3p"))
    '05m3p1z'
    """
    if is_text_like(tiles) or not isinstance(tiles, Iterable):
        raise InvalidTileError(f"expected an iterable of Tile, got {quote(tiles)}")
    items = bounded_list(tiles, MAX_TILES, "the tiles", InvalidTileError)
    for item in items:
        if not isinstance(item, Tile):
            raise InvalidTileError(f"expected Tile objects, got {quote(item)}")
    check_copies(items, "the tiles")
    items.sort(key=tile_order)
    parts: list[str] = []
    for suit in range(4):
        digits = "".join(str(t)[0] for t in items if t.kind // 9 == suit)
        if digits:
            parts.append(digits + _SUIT_LETTERS[suit])
    return "".join(parts)


def tiles_from_ids136(ids: Iterable[int], *, layout: IdLayout = IdLayout.TENHOU,
                      red_fives: bool = True) -> list[Tile]:
    """Tiles of a collection of distinct 136 ids.

    Raises InvalidTileError for an id out of range, a non-int or a repeated id, or for
    text or bytes in place of the ids.
    """
    if ((ids.__class__ is list or ids.__class__ is tuple) and layout is _TENHOU
            and red_fives is True):
        count = len(ids)
        if count == 1:  # a single id (a dora indicator, say): no repeat to look for
            tile_id = ids[0]
            if tile_id.__class__ is int:
                try:
                    return [_TENHOU_TILE_OF_ID[tile_id]]
                except KeyError:  # out of range: the plain walk below names it
                    pass
        elif count <= MAX_TILES:
            try:
                found = list(map(_TENHOU_TILE_GET, ids))
            except (KeyError, TypeError):  # not an id: the plain walk below names it
                pass
            else:
                if _COUNT_OF(map(type, ids), int) == count and len(set(ids)) == count:
                    return found
    if is_text_like(ids) or not isinstance(ids, Iterable):
        raise InvalidTileError(f"expected an iterable of tile ids, got {quote(ids)}")
    seen: set[int] = set()
    tiles: list[Tile] = []
    for tile_id in ids:
        tile = Tile.from_id136(tile_id, layout=layout, red_fives=red_fives)
        if tile_id in seen:
            raise InvalidTileError(f"tile id {quote(tile_id)} appears twice")
        seen.add(tile_id)
        tiles.append(tile)
    return tiles


_TENHOU_TILE_OF_ID: dict[int, Tile] = {
    i: _RED_TILES[i // 36] if i in _RED_IDS else _TILES[i // 4] for i in range(136)}
"""The tile of each id in the Tenhou layout with red fives (ids 16, 52 and 88)."""
_TENHOU_TILE_GET = _TENHOU_TILE_OF_ID.__getitem__
_TENHOU = IdLayout.TENHOU
_COUNT_OF = operator.countOf
