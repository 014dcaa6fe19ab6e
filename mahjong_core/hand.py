"""Hands: the concealed tiles (as 38-slot counts and per-suit keys) plus the melds."""

from __future__ import annotations

import functools
import itertools
import operator
import re
import struct
import types
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple, NoReturn, cast

import attrs

from . import ukeire as _ukeire
from ._core import score_tables as _score_tables
from ._core import shanten as _shanten
from ._core import suit as _suit
from ._core import tables as _tables
from ._slots import SET_CLASS, writable
from .errors import InvalidHandError, InvalidNotationError, MahjongError, quote
from .meld import Meld, MeldKind, meld_code, meld_pack
from .shapes import Decomposition, Form, Group, GroupKind
from .tile import (
    MAX_TILES,
    PACK_KEYS,
    PACK_REDS,
    IdLayout,
    Tile,
    _parse_tiles,
    bounded_list,
    format_tiles,
    is_text_like,
    pack_of,
    plain_str,
    tile_of,
    tile_order,
    tile_pack,
    tiles_from_ids136,
)
from .ukeire import DiscardOption, Ukeire

__all__ = ["MAX_HAND_TEXT", "Hand"]

MAX_HAND_TEXT = 256
"""The longest text ``Hand.parse`` reads. The longest hand in notation, every tile with
its own suit letter and four melds written in full, takes about 130 characters; longer
text is refused before it is read."""

_UNIT = _suit.KIND_UNIT
"""A kind's one tile in its suit's key: keys are counts in base 5 (see _suit)."""
_RANK_UNITS = _suit.UNIT
_IS_RED = operator.attrgetter("red")
_INT_ONLY = frozenset((int,))
_COUNT_BYTES = bytes(range(5))
"""The bytes a count of copies may be."""
_FOUR_LESS = bytes([4, 3, 2, 1, 0, *range(5, 256)])
"""A ``bytes.translate`` table: a count of copies -> 4 less it."""
_TOP_BITS = int.from_bytes(b"\x80" * 34, "little")
@functools.cache
def _count_bytes() -> tuple[tuple[bytes, ...], tuple[bytes, ...]]:
    """The key of a suit's ranks 1-4 (below 5**4) -> the copies of each rank, a byte each;
    the same for the key of ranks 5-9 (a suit's key // 5**4). Made when first asked for
    (3,750 values: a millisecond and a half an import would pay for nothing)."""
    low = tuple(bytes(counts) for counts in map(operator.itemgetter(3, 2, 1, 0),
                                                itertools.product(range(5), repeat=4)))
    high = tuple(bytes(counts) for counts in map(operator.itemgetter(4, 3, 2, 1, 0),
                                                 itertools.product(range(5), repeat=5)))
    return low, high


def _held_in(suit: int) -> _suit.BoundedTable[int]:
    """A suit's key -> its copies of each rank, a byte each, at the suit's place among
    the 34 bytes of ``Hand._unseen_of`` (an int: the four suits' add up)."""
    def compute(key: int) -> int:
        low, high = _count_bytes()
        return int.from_bytes(low[key % 625] + high[key // 625], "little") << 72 * suit
    return _suit.BoundedTable(compute, 1 << 13)


_HELD_MAN, _HELD_PIN, _HELD_SOU, _HELD_HONOURS = map(_held_in, range(4))


def held_counts(keys: tuple[int, int, int, int]) -> int:
    """The copies of each kind 0-33 that four suit keys (``KeptTiles.keys``) hold, a
    byte a kind in an int (``int.to_bytes(34, "little")`` gives the counts)."""
    return _HELD_MAN[keys[0]] + _HELD_PIN[keys[1]] + _HELD_SOU[keys[2]] + _HELD_HONOURS[keys[3]]


_THREE_PLAYER_KINDS = (0, *range(8, 34))
"""The kinds of a three-player game: every kind but 2m-8m."""


def _add_red(red_suits: int, tile: Tile) -> int:
    """Mark the suit of a red five; a second red five of a suit is an error."""
    bit = 1 << tile.kind // 9
    if red_suits & bit:
        raise InvalidHandError(f"the hand holds two red fives of {tile.suit.letter}; "
                               "there is one")
    return red_suits | bit
_YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_YAOCHUU_MASK = sum(1 << k for k in _YAOCHUU)
_STANDARD, _CODES, _SPECIAL = _suit.STANDARD_TOTAL, _suit.CODE_FIELD, _suit.SEVEN | _suit.THIRTEEN
_SEVEN_TENPAI, _THIRTEEN_SHORT = _suit.SEVEN_PAIRS_TENPAI, _suit.THIRTEEN_ONE_SHORT


class MeldInfo(NamedTuple):
    """What a hand's melds bring to its questions (internal)."""

    counts: bytes
    """The melds' copies of each kind 0-33, a byte each."""
    summary: _score_tables.MeldSummary
    """The melds as the scorer sees them."""
    is_open: bool
    """True once a meld other than a closed kan was called."""
    keys: tuple[int, int, int, int]
    """The melds' copies per suit, packed as the shanten tables want them."""


_CLOSED = MeldInfo(bytes(34), _score_tables.NO_MELDS, False, (0, 0, 0, 0))
"""A hand without melds."""


def _to_tiles(value: Iterable[Tile]) -> tuple[Tile, ...]:
    if is_text_like(value) or not isinstance(value, Iterable):
        raise InvalidHandError(f"hand tiles must be a sequence of Tile, got {quote(value)}")
    items = bounded_list(value, MAX_TILES, "hand tiles", InvalidHandError)
    for item in items:
        if not isinstance(item, Tile):
            raise InvalidHandError(f"hand tiles must be Tile objects, got {quote(item)}")
    items.sort(key=tile_order)
    return tuple(items)


def _to_melds(value: Iterable[Meld]) -> tuple[Meld, ...]:
    if is_text_like(value) or not isinstance(value, Iterable):
        raise InvalidHandError(f"melds must be a sequence of Meld, got {quote(value)}")
    if type(value) is list or type(value) is tuple:
        items = tuple(value)
        if len(items) > 4:  # before any meld is looked at
            raise InvalidHandError(f"a hand has at most four melds, not {len(items)}")
    else:
        items = tuple(itertools.islice(value, 5))
        if len(items) > 4:
            raise InvalidHandError("a hand has at most four melds, got more")
    for item in items:
        if not isinstance(item, Meld):
            raise InvalidHandError(f"melds must be Meld objects, got {quote(item)}")
    return items


@attrs.frozen(repr=False)
class Hand:
    """A player's concealed tiles and melds.

    The concealed part holds 13 or 14 tiles less three per meld (a kan counts as three).
    Construction raises InvalidHandError for a wrong count, a fifth copy of a kind
    (melds included) or two red fives of a suit. Every method returns new values; a hand
    is never changed.

    >>> hand = Hand.parse("123m456p789s1122z")
    >>> hand.waits()
    frozenset({Tile.parse('1z'), Tile.parse('2z')})
    >>> str(hand.add(Tile.parse("2z")))
    '123m456p789s11222z'
    """

    _tiles: tuple[Tile, ...] = attrs.field(converter=_to_tiles, eq=False, alias="tiles")
    """Concealed tiles, sorted. A hand built from ids or text, or by ``add`` or ``remove``,
    leaves this slot unset until the tiles are first read (``_LazyTiles``), so that
    reading it, ``attrs.evolve`` and pickling all see the tiles."""
    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_to_melds)
    """Declared melds in the order they were made."""
    _keys: tuple[int, int, int, int] = attrs.field(init=False, repr=False)
    """The concealed counts of each suit (m, p, s, honours) as a base-5 number."""
    _hand_reds: int = attrs.field(init=False, repr=False)
    """Bit s is set when the concealed tiles hold the red five of suit s."""
    _red_suits: int = attrs.field(init=False, eq=False, repr=False)
    """Bit s is set when suit s has its red five in the hand or the melds."""
    _full: bool = attrs.field(init=False, eq=False, repr=False)
    _exhausted: int = attrs.field(init=False, eq=False, repr=False)
    """Bit k is set when the hand and its melds hold all four copies of kind k."""
    _meld_info: MeldInfo = attrs.field(init=False, eq=False, repr=False)
    """What the melds bring: copies per kind, the scorer's summary, openness, shanten keys."""
    _scorer_view: HandView = attrs.field(init=False, eq=False, repr=False)
    """What the scorer reads (``scorer_view``), set with the fields it repeats when the
    hand is built: one slot read per evaluation, where five cost about 3% of one."""

    def __attrs_post_init__(self) -> None:
        tiles, melds = self._tiles, self.melds
        if len(tiles) > _MAX_PACKED:
            _explain(tiles, melds)
        # the slots are filled while the hand is briefly of its class's writable twin
        made = self.__class__
        SET_CLASS(self, "__class__", _TWIN if made is Hand else writable(made))
        try:
            built = _setup(self, sum(map(tile_pack, tiles)), len(tiles), melds)  # type: ignore[arg-type]
        finally:
            SET_CLASS(self, "__class__", made)
        if not built:
            _explain(tiles, melds)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Concealed tiles, sorted."""
        return self._tiles

    def _with_keys(self, keys: tuple[int, int, int, int], exhausted: int, hand_reds: int,
                   red_suits: int) -> Hand:
        """A hand of one tile more or less with the same melds, already validated: only
        its keys are set, its tiles worked out when first asked for (a hand in a game
        loop changes a tile at a time and is seldom shown)."""
        hand = _NEW(_TWIN)
        hand.melds = self.melds
        hand._keys = keys
        hand._exhausted = exhausted
        hand._full = full = not self._full
        hand._meld_info = meld_info = self._meld_info
        hand._hand_reds = hand_reds
        hand._red_suits = red_suits
        hand._scorer_view = (full, keys, meld_info, red_suits, exhausted)
        hand.__class__ = Hand  # type: ignore[assignment]
        return hand

    # -- construction -----------------------------------------------------------------

    @classmethod
    def parse(cls, text: str, melds: Iterable[Meld] = ()) -> Hand:
        """Parse mpsz concealed tiles, optionally followed by melds in meld notation.

        ``Hand.parse("123m55p pon:777z:7z:toimen")`` equals
        ``Hand.parse("123m55p", melds=[Meld.parse("pon:777z:7z:toimen")])``.
        Raises InvalidNotationError (text longer than ``MAX_HAND_TEXT``, 256 characters,
        is refused unread), InvalidMeldError or InvalidHandError (more than four melds
        are refused before any is read).
        """
        if not isinstance(text, str):
            raise InvalidHandError(f"a hand must be an mpsz string, got {quote(text)}")
        text = plain_str(text)
        if len(text) > MAX_HAND_TEXT:
            raise InvalidNotationError(f"hand {quote(text)} is too long: a hand in notation "
                                       f"takes at most {MAX_HAND_TEXT} characters")
        head, *rest = text.split(" ") if text else [""]
        written = [part for part in rest if part]
        if len(written) > 4:
            raise InvalidHandError(
                f"hand {quote(text)}: a hand has at most four melds, not {len(written)}")
        parsed = (*(Meld.parse(part) for part in written), *_to_melds(melds))
        if cls is Hand:
            hand = cls._from_text(head, parsed)
            if hand is not None:
                return hand
        try:
            tiles = _parse_tiles(head, "hand")
        except MahjongError as error:
            raise type(error)(f"hand {quote(text)}: {error}") from None
        return cls(tiles, parsed)

    @staticmethod
    def _from_text(text: str, melds: tuple[Meld, ...]) -> Hand | None:
        """The hand of plain mpsz text and checked melds, or None when they make no hand
        (the caller's plain walk then says why)."""
        if text.__class__ is not str or len(text) > MAX_HAND_TEXT:
            return None
        packed = _pack_text(text)
        if packed is None:
            return None
        hand = _NEW(_TWIN)
        built = _setup(hand, packed[0], packed[1], melds)
        hand.__class__ = Hand  # type: ignore[assignment]
        return hand if built else None

    @classmethod
    def from_ids136(cls, ids: Iterable[int], melds: Iterable[Meld] = (), *,
                    layout: IdLayout = IdLayout.TENHOU, red_fives: bool = True) -> Hand:
        """A hand from distinct 136 ids (Tenhou layout by default).

        Raises InvalidTileError for a bad or repeated id, InvalidHandError for a bad count.

        >>> hand = Hand.from_ids136([0, 4, 8, 36, 40, 44, 72, 76, 80, 108, 109, 112, 113])
        >>> str(hand), hand.to_ids136() == sorted(hand.to_ids136())
        ('123m123p123s1122z', True)
        """
        if ((ids.__class__ is list or ids.__class__ is tuple) and layout is _TENHOU
                and cls is Hand and (red_fives is True or red_fives is False)):
            count = len(ids)
            if count <= 14:
                try:
                    packed = sum(map(_ID_GET, ids))
                except (KeyError, TypeError):  # not an id: the plain walk names it
                    pass
                else:
                    # distinct ids (one presence bit each) of exact type int: at most four
                    # of a kind and one red five a suit
                    if ((packed >> _ID_PRESENCE).bit_count() == count
                            and [*map(type, ids)] == _INTS[count]):
                        if melds is _NO_MELDS and count > 12:
                            # a closed hand: its slots filled through the writable
                            # twin, then made a Hand (see _slots)
                            built = _NEW(_TWIN)
                            built.melds = _NO_MELDS
                            low = (packed & _ID_LOW).to_bytes(_ID_LOW_BYTES, "big")
                            built._keys = keys = _ID_KEYS_OF(low)
                            built._hand_reds = built._red_suits = reds = (
                                low[-1] if red_fives else 0)
                            built._full = is_full = count == 14
                            quads = packed & _ID_QUADS
                            built._exhausted = exhausted = (
                                _kinds_of_bits(quads, _QUAD_BITS, 3) if quads else 0)
                            built._meld_info = _CLOSED
                            built._scorer_view = (is_full, keys, _CLOSED, reds, exhausted)
                            built.__class__ = Hand  # type: ignore[assignment]
                            return built
                        called = _to_melds(melds)
                        full = sum(map(_ID_PACK_GET if red_fives else _ID_PACK_GET_PLAIN, ids))
                        hand = _NEW(_TWIN)
                        ok = _setup(hand, full, count, called)
                        hand.__class__ = Hand  # type: ignore[assignment]
                        if ok:
                            return hand
        return cls(tiles_from_ids136(ids, layout=layout, red_fives=red_fives), melds)

    def to_ids136(self) -> list[int]:
        """Tile ids (Tenhou layout) of the concealed tiles, ascending: each kind's copies
        numbered from the lowest id, a red five being copy 0 and a plain five copies 1-3.

        A hand keeps its tiles, not the ids they were dealt with, so ids that went in
        come back renumbered this way.
        """
        ids: list[int] = []
        keys, red_suits = self._keys, self._hand_reds
        for kind in range(34):
            held = keys[kind // 9] // _UNIT[kind] % 5
            if held:
                first = 4 * kind
                if kind in _FIVE_KINDS and held < 4 and not red_suits >> kind // 9 & 1:
                    first += 1  # copy 0 is the red five
                ids.extend(range(first, first + held))
        return ids

    def add(self, tile: Tile) -> Hand:
        """A new hand with ``tile`` added (a draw or a claimed winning tile).

        Raises InvalidHandError for a hand that already holds 14 tiles, a fifth copy of
        a kind (melds included) or a second red five.
        """
        if tile.__class__ is not Tile:
            raise InvalidHandError(f"expected a Tile, got {quote(tile)}")
        if self._full:
            raise InvalidHandError(f"the hand {self} already holds 14 tiles")
        kind = tile.kind
        suit, unit = kind // 9, _UNIT[kind]
        keys = list(self._keys)
        held = keys[suit] // unit % 5 + self._meld_info.counts[kind] + 1  # digits stop at 4
        if held > 4:
            raise InvalidHandError(
                f"the hand {self} holds all four copies of {tile.plain}; it cannot take a "
                "fifth")
        keys[suit] += unit
        red_suits, hand_reds = self._red_suits, self._hand_reds
        if tile.red:
            red_suits = _add_red(red_suits, tile)
            hand_reds |= 1 << kind // 9
        exhausted = self._exhausted | (1 << kind) if held == 4 else self._exhausted
        return self._with_keys((keys[0], keys[1], keys[2], keys[3]), exhausted, hand_reds,
                               red_suits)

    def remove(self, tile: Tile) -> Hand:
        """A new hand without one copy of ``tile`` (red flag must match).

        Raises InvalidHandError when the hand does not hold that tile or holds only 13.
        """
        if tile.__class__ is not Tile:
            raise InvalidHandError(f"expected a Tile, got {quote(tile)}")
        kind = tile.kind
        held = self._keys[kind // 9] // _UNIT[kind] % 5
        if kind in _FIVE_KINDS:
            red = self._hand_reds >> kind // 9 & 1
            held = red if tile.red else held - red
        if not held:
            raise InvalidHandError(f"the hand {self} holds no {tile}")
        if not self._full:
            raise InvalidHandError(f"the hand {self} holds 13 tiles; it has none to spare")
        keys = list(self._keys)
        keys[kind // 9] -= _UNIT[kind]
        hand_reds, red_suits = self._hand_reds, self._red_suits
        if tile.red:
            hand_reds &= ~(1 << kind // 9)
            red_suits &= ~(1 << kind // 9)
        return self._with_keys((keys[0], keys[1], keys[2], keys[3]),
                               self._exhausted & ~(1 << kind), hand_reds, red_suits)

    def call(self, meld: Meld) -> Hand:
        """The hand after declaring ``meld``, its tiles moved out of the concealed part.

        A chi, pon or minkan claims ``meld.called`` (which must be given) on a 13-tile
        hand: the meld's other tiles come from the hand; after a chi or pon the hand
        discards, after a minkan it draws a replacement. An ankan sets aside four tiles of
        a 14-tile hand; a shouminkan adds a tile of a 14-tile hand to its pon of that kind,
        the pon becoming the kan. Red fives must match exactly.
        Raises InvalidHandError when the hand cannot make the call.

        >>> hand = Hand.parse("23m456p789s11222z")
        >>> str(hand.call(Meld.parse("chi:123m:1m:kamicha")))
        '456p789s11222z chi:123m:1m:kamicha'
        >>> str(Hand.parse("456p789s1z2222z chi:123m").call(Meld.parse("ankan:2222z")))
        '456p789s1z chi:123m ankan:2222z'
        """
        if not isinstance(meld, Meld):
            raise InvalidHandError(f"expected a Meld, got {quote(meld)}")
        claimed = self._claimed(meld)
        return claimed if claimed is not None else self._call_from_tiles(meld)

    def _call_from_tiles(self, meld: Meld) -> Hand:
        """``call`` with the tiles listed and the hand built from them: every kind of
        meld, and every refusal with its reason."""
        tiles = list(self.tiles)
        melds = list(self.melds)
        kind = meld.kind
        if kind in (MeldKind.CHI, MeldKind.PON, MeldKind.MINKAN):
            if self._full:
                raise InvalidHandError(f"a {kind.value} claims a discard: the hand {self} "
                                       "must hold 13 tiles, not 14")
            if meld.called is None:
                raise InvalidHandError(f"a {kind.value} needs its called tile: {meld}")
            needed = list(meld.tiles)
            needed.remove(meld.called)
            melds.append(meld)
        elif kind is MeldKind.ANKAN:
            if not self._full:
                raise InvalidHandError(f"an ankan is declared from 14 tiles, not from {self}")
            needed = list(meld.tiles)
            melds.append(meld)
        else:
            if not self._full:
                raise InvalidHandError(f"a shouminkan is declared from 14 tiles, not from {self}")
            pon = next((m for m in melds if m.kind is MeldKind.PON
                        and m.first == meld.first), None)
            if pon is None:
                raise InvalidHandError(f"the hand {self} has no pon of {meld.first} to add to")
            needed = list(meld.tiles)
            for tile in pon.tiles:
                if tile not in needed:
                    raise InvalidHandError(f"{meld} does not extend the pon {pon}")
                needed.remove(tile)
            # the kan keeps the pon's called tile and source; a different one is an error
            called = meld.called if meld.called is not None else pon.called
            source = meld.called_from if meld.called_from is not None else pon.called_from
            if ((pon.called is not None and called != pon.called)
                    or (pon.called_from is not None and source != pon.called_from)):
                raise InvalidHandError(f"{meld} was not called as the pon {pon} was")
            melds[melds.index(pon)] = Meld(meld.kind, meld.tiles, called=called,
                                            called_from=source)
        for tile in needed:
            if tile not in tiles:
                raise InvalidHandError(f"the hand {self} holds no {tile} for {meld}")
            tiles.remove(tile)
        return Hand(tiles, melds)

    def _claimed(self, meld: Meld) -> Hand | None:
        """``call`` of a chi, pon or minkan with its called tile on a 13-tile hand, from
        the keys (the tiles are not listed): None for any other call, or when the hand
        cannot make it, for ``call`` to say why."""
        called = meld.called
        if meld.kind not in _CLAIMS or self._full or called is None:
            return None
        keys = list(self._keys)
        hand_reds = self._hand_reds
        needed = list(meld.tiles)
        needed.remove(called)
        for tile in needed:  # each from the concealed tiles, a red five as such
            kind = tile.kind
            suit, unit = kind // 9, _UNIT[kind]
            held = keys[suit] // unit % 5
            if kind in _FIVE_KINDS:
                red = hand_reds >> suit & 1
                if tile.red:
                    held, hand_reds = red, hand_reds & ~(1 << suit)
                else:
                    held -= red
            if not held:
                return None
            keys[suit] -= unit
        kind = called.kind
        copies = self._keys[kind // 9] // _UNIT[kind] % 5 + self._meld_info.counts[kind] + 1
        red_suits = self._red_suits
        if called.red:
            if red_suits >> kind // 9 & 1:
                return None  # a second red five
            red_suits |= 1 << kind // 9
        if copies > 4:
            return None
        hand = _NEW(_TWIN)
        melds = hand.melds = (*self.melds, meld)
        hand._keys = new_keys = (keys[0], keys[1], keys[2], keys[3])
        hand._exhausted = exhausted = self._exhausted | (1 << kind if copies == 4 else 0)
        hand._full = full = meld.kind is not _MINKAN
        hand._meld_info = info = _remembered_melds(melds)[0]
        hand._hand_reds = hand_reds
        hand._red_suits = red_suits
        hand._scorer_view = (full, new_keys, info, red_suits, exhausted)
        hand.__class__ = Hand  # type: ignore[assignment]
        return hand

    # -- simple questions -------------------------------------------------------------

    @property
    def is_closed(self) -> bool:
        """True when no meld was called (closed kans keep a hand closed)."""
        return not self._meld_info.is_open

    @property
    def is_full(self) -> bool:
        """True for a 14-tile hand (3N+2 concealed), one that may be complete."""
        return self._full

    def count(self, tile: Tile) -> int:
        """How many tiles of this kind the concealed part holds (red or not)."""
        if not isinstance(tile, Tile):
            raise InvalidHandError(f"expected a Tile, got {quote(tile)}")
        return self._keys[tile.kind // 9] // _UNIT[tile.kind] % 5

    def counts34(self) -> tuple[int, ...]:
        """Concealed counts per kind 0-33."""
        keys = self._keys
        return tuple(keys[k // 9] // _UNIT[k] % 5 for k in range(34))

    def counts38(self) -> tuple[int, ...]:
        """Concealed counts in the 38-slot layout (slots 0, 10, 20, 30 are always 0)."""
        c34 = self.counts34()
        slots = [0] * 38
        for kind, n in enumerate(c34):
            slots[kind + kind // 9 + 1] = n
        return tuple(slots)

    # -- shapes -----------------------------------------------------------------------

    def is_complete(self) -> bool:
        """True for a complete 14-tile hand: four sets and a pair, seven pairs or
        thirteen orphans (melds count as sets). Always False for a 13-tile hand."""
        km, kp, ks, kz = self._keys
        shape = _tables.SHAPE
        a, b, c, d = shape[km], shape[kp], shape[ks], _tables.HONOUR_SHAPE[kz]
        if (a + b + c + d) & _CODES == _STANDARD:
            return True
        # seven pairs or thirteen orphans: every suit fits, and the hand is 14 closed tiles
        return bool(a & b & c & d & _SPECIAL) and self._full and not self.melds

    def _require(self, full: bool, what: str) -> None:
        if self.is_full != full:
            size = "14" if full else "13"
            raise InvalidHandError(
                f"{what} needs a {size}-tile hand (melds included), not {self}")

    def waits_mask(self) -> int:
        """Bitmask over kinds 0-33 of the tiles that complete this 13-tile hand.

        A kind of which the hand and its melds hold all four copies is not a wait.
        Raises InvalidHandError for a 14-tile hand.
        """
        if self._full:
            self._require(False, "waits")
        return _waits_of_keys(self._keys, not self.melds, self._exhausted)

    def waits(self) -> frozenset[Tile]:
        """The tiles that would complete this 13-tile hand (empty when not tenpai).

        Raises InvalidHandError for a 14-tile hand.
        """
        mask = self.waits_mask()
        return frozenset(tile_of(k) for k in range(34) if (mask >> k) & 1)

    def is_wait(self, tile: Tile) -> bool:
        """True when ``tile`` (red or not) completes this 13-tile hand.

        ``waits()`` holds plain tiles, so ``Tile.parse("0m") in hand.waits()`` is False
        even when 5m is a wait; this compares kinds.
        Raises InvalidHandError for a 14-tile hand or a non-tile.
        """
        if not isinstance(tile, Tile):
            raise InvalidHandError(f"expected a Tile, got {quote(tile)}")
        return bool((self.waits_mask() >> tile.kind) & 1)

    def is_tenpai(self) -> bool:
        """True when a 13-tile hand waits on at least one tile."""
        return self.waits_mask() != 0

    def decompositions(self) -> tuple[Decomposition, ...]:
        """Every reading of a complete 14-tile hand; empty when it is not complete.

        Standard readings come first (all of them), then seven pairs, then thirteen
        orphans. Melds appear as fixed sets.
        """
        if not self.is_full:
            return ()
        found: list[Decomposition] = []
        keys = self._keys
        shape = _tables.SHAPE
        if (shape[keys[0]] + shape[keys[1]] + shape[keys[2]] + _tables.HONOUR_SHAPE[keys[3]]
                & _CODES) == _STANDARD:  # the readings are kept for complete suits only
            per_suit = [_suit.READINGS[keys[0]], _suit.READINGS[keys[1]],
                        _suit.READINGS[keys[2]], _suit.HONOUR_READINGS[keys[3]]]
            meld_groups = [_meld_group(m) for m in self.melds]
            for combo in itertools.product(*per_suit):
                pairs = [(suit, p) for suit, (p, _) in enumerate(combo) if p >= 0]
                if len(pairs) != 1:
                    continue
                suit, p = pairs[0]
                groups = [Group(GroupKind.PAIR, tile_of(9 * suit + p))]
                sets: list[Group] = []
                for s, (_, codes) in enumerate(combo):
                    for code in codes:
                        if s < 3 and code >= 9:
                            sets.append(Group(GroupKind.RUN, tile_of(9 * s + code - 9)))
                        else:
                            sets.append(Group(GroupKind.TRIPLET, tile_of(9 * s + code)))
                sets.extend(meld_groups)
                sets.sort(key=_group_order)
                found.append(Decomposition(Form.STANDARD, (*groups, *sets)))
        if not self.melds:
            c = self.counts34()
            if c.count(2) == 7:
                found.append(Decomposition(Form.SEVEN_PAIRS, tuple(
                    Group(GroupKind.PAIR, tile_of(k)) for k in range(34) if c[k] == 2)))
            elif all(c[k] for k in _YAOCHUU) and sum(c[k] for k in _YAOCHUU) == 14:
                pair = next(k for k in _YAOCHUU if c[k] == 2)
                found.append(Decomposition(Form.THIRTEEN_ORPHANS, (
                    Group(GroupKind.PAIR, tile_of(pair)),
                    *(Group(GroupKind.SINGLE, tile_of(k)) for k in _YAOCHUU if k != pair))))
        return tuple(found)

    # -- shanten and ukeire -----------------------------------------------------------
    # Tenhou's shanten: the fewest tile exchanges to tenpai, where no draw may make a
    # fifth copy of a kind (hand and melds counted); melds are fixed sets. The tables and
    # the definition are in _shanten.

    def shanten(self, *, players: int = 4) -> int:
        """Tenhou's shanten: the fewest exchanges (discard one, draw one) to tenpai.

        -1 for a complete 14-tile hand, 0 for tenpai. The least of the standard form,
        seven pairs and thirteen orphans (only the standard form once a meld is called).
        A draw never makes a fifth copy of a kind, melds included: a hand whose only wait
        is a kind it holds four times is not tenpai, four of a kind is one pair for seven
        pairs, and a kind held four times cannot become the missing pair.

        >>> Hand.parse("123m456p789s1122z").shanten()
        0
        >>> Hand.parse("1111m234p567p789s").shanten()  # would wait on a fifth 1m
        1
        >>> hand = Hand.parse("11119999m234s66z")
        >>> hand.shanten(), hand.shanten(players=3)  # the fourth 1m makes no 123m at three
        (1, 2)

        ``players=3`` counts a three-player game, which has no 2m-8m (a hand holding one
        raises InvalidHandError).
        """
        if players != 4:
            return self._three_player_shanten(players)
        if self.melds:
            return _shanten.standard_shanten(self._keys, self._meld_info.keys, len(self.melds))
        return _closed_shanten_of(self._keys)

    def shanten_standard(self, *, players: int = 4) -> int:
        """Shanten towards four sets and a pair (melds are sets), as in ``shanten``."""
        if players != 4:
            self._check_three_players(players)
            return _shanten.three_player_standard(self._keys, self._meld_info.keys,
                                                  len(self.melds))
        return _shanten.standard_shanten(self._keys, self._meld_info.keys, len(self.melds))

    def _check_three_players(self, players: object) -> None:
        """Raise unless ``players`` is 3 and the hand holds no 2m-8m."""
        if players != 3 or type(players) is not int:
            raise InvalidHandError(f"players is 3 or 4, got {quote(players)}")
        if self._keys[0] % _RANK_UNITS[8] >= _RANK_UNITS[1] or (
                self._meld_info.counts[1:8] != _CLOSED.counts[1:8]):
            raise InvalidHandError(f"a three-player game has no 2m-8m, but the hand {self} "
                                   "holds some")

    def _three_player_shanten(self, players: object) -> int:
        self._check_three_players(players)
        standard = _shanten.three_player_standard(self._keys, self._meld_info.keys,
                                                  len(self.melds))
        if self.melds:
            return standard
        return min(standard, _shanten.chiitoitsu_shanten(self._keys),
                   _shanten.kokushi_shanten(self._keys))

    def shanten_chiitoitsu(self) -> int:
        """Shanten towards seven pairs (seven distinct kinds, two of each).

        ``13 - pairs - min(kinds, 7)``: four of a kind is one pair. A hand with melds
        (a closed kan included) can never make seven pairs and gets 99.
        """
        if self.melds:
            return _shanten.UNREACHABLE
        return _shanten.chiitoitsu_shanten(self._keys)

    def shanten_kokushi(self) -> int:
        """Shanten towards thirteen orphans: ``13 - orphan kinds - (1 if one is paired)``.

        A hand with melds can never make thirteen orphans and gets 99.
        """
        if self.melds:
            return _shanten.UNREACHABLE
        return _shanten.kokushi_shanten(self._keys)

    def ukeire(self, visible: Iterable[Tile] = (), *, players: int = 4) -> Ukeire:
        """The draws that lower this 13-tile hand's shanten, with their unseen copies.

        ``visible`` holds the tiles seen outside this hand (discards, other players'
        melds, dora indicators); this hand's own tiles and melds are counted already.
        Raises InvalidHandError for a 14-tile hand, a visible item that is not a Tile,
        visible tiles that make more than four copies of a kind with the hand, or a red
        five seen twice (the red five of a suit is one tile).

        >>> ukeire = Hand.parse("23m456p789s11z pon:111p").ukeire([Tile.parse("4m")] * 2)
        >>> [(str(tile), count) for tile, count in ukeire.draws], ukeire.total
        ([('1m', 4), ('4m', 2)], 6)
        """
        if self._full:
            self._require(False, "ukeire")
        unseen = self._unseen(visible)
        if players != 4:
            return self._three_player_ukeire(players, unseen)
        shanten, mask = _shanten.improving(self._keys, self._meld_info.keys, len(self.melds))
        return _ukeire.ukeire_of(shanten, mask, unseen)

    def _three_player_ukeire(self, players: object, unseen: list[int]) -> Ukeire:
        """Ukeire at three players, by trying each draw that exists (no 2m-8m)."""
        shanten = self._three_player_shanten(players)
        unseen[1:8] = [0] * 7
        held = self.counts34()
        mask = 0
        for kind in _THREE_PLAYER_KINDS:
            if (held[kind] + self._meld_info.counts[kind] < 4
                    and self.add(_ukeire.PLAIN[kind]).shanten(players=3) < shanten):
                mask |= 1 << kind
        return _ukeire.ukeire_of(shanten, mask, unseen)

    def discard_options(self, visible: Iterable[Tile] = (), *, players: int = 4,
                        lowest_only: bool = False, among: Iterable[Tile] | None = None
                        ) -> list[DiscardOption]:
        """Every discard of this 14-tile hand with its shanten and ukeire, best first.

        Best is the lowest shanten, then the most unseen improving tiles, then kind order.
        One option per kind: a red five and a plain five give the same shanten and
        ukeire, so the option names the plain five when the hand holds both. Unseen
        counts treat the discarded copy as seen. ``visible`` is as for ``ukeire``. With
        ``lowest_only``, only the discards that leave the lowest shanten of all (the
        first options, found for about half the work). With ``among``, only the
        discards of those tiles' kinds (the others are not worked out), in the same
        order. Raises InvalidHandError for a 13-tile hand or bad visible or ``among``
        tiles.

        >>> best = Hand.parse("123m456p789s11223z").discard_options()[0]
        >>> str(best.tile), best.shanten, best.total
        ('3z', 0, 4)
        >>> [str(o.tile) for o in Hand.parse("123m456p789s11223z").discard_options(
        ...     among=[Tile.parse("1m"), Tile.parse("2z")])]
        ['1m', '2z']
        """
        if not self._full:
            self._require(True, "discard options")
        kinds = _shanten.ALL_KINDS if among is None else _kinds_mask(among)
        if players != 4:
            options = [o for o in self._three_player_discards(players, visible)
                       if kinds >> o.tile.kind & 1]
            if lowest_only:  # the lowest of all: the 14 tiles' shanten (0 when complete)
                within = max(self.shanten(players=players), 0)
                return [o for o in options if o.shanten <= within]
            return options
        # a 14-tile hand's shanten is its best discard's (0 for a complete hand)
        within = max(self.shanten(), 0) if lowest_only is True else 99
        return _ukeire.discard_options(self._keys, self._meld_info.keys, len(self.melds),
                                        self._unseen(visible), self._option_tiles(), within,
                                        kinds)

    def best_discard(self, seen: Sequence[int] | bytes | None = None, *,
                     among: Iterable[Tile] | None = None) -> DiscardOption | None:
        """The first of ``discard_options`` (four players), for less work: only the
        discards that leave the lowest shanten have their ukeire worked out. None when
        ``among`` (as for ``discard_options``) names no tile the hand holds.

        ``seen`` counts the copies of each of the 34 kinds (Tenhou order) a player sees,
        this hand's tiles and melds included (``Observation.visible_counts``; ``bytes``
        of 34 counts are read fastest); None sees only this hand. Raises InvalidHandError
        for a 13-tile hand, for counts that are not 34 numbers from 0 to 4 or that see
        fewer copies of a kind than the hand holds, and for bad ``among`` tiles.

        >>> option = Hand.parse("123m456p789s11223z").best_discard()
        >>> str(option.tile), option.shanten, option.total
        ('3z', 0, 4)
        """
        found = self._best_found(seen, _shanten.ALL_KINDS if among is None
                                 else _kinds_mask(among))
        if found is None:
            return None
        kind, shanten, mask, unseen = found
        return DiscardOption(self._option_tile(kind), shanten,
                             _ukeire.ukeire_of(shanten, mask, unseen))

    def best_discard_tile(self, seen: Sequence[int] | bytes | None = None, *,
                          among: Iterable[Tile] | None = None) -> tuple[Tile, int] | None:
        """The tile of ``best_discard`` and the shanten it leaves, for less work still:
        its ukeire is not listed. Takes ``seen`` and ``among`` and raises as
        ``best_discard`` does.

        >>> tile, shanten = Hand.parse("123m456p789s11223z").best_discard_tile()
        >>> str(tile), shanten
        ('3z', 0)
        """
        return self._best_tile(seen, _shanten.ALL_KINDS if among is None else _kinds_mask(among))

    def _best_tile(self, seen: Sequence[int] | bytes | None, kinds: int
                   ) -> tuple[Tile, int] | None:
        """``best_discard_tile`` among the ``kinds`` (a kinds mask over 0-33)."""
        found = self._best_found(seen, kinds, draws=False)
        if found is None:
            return None
        return self._option_tile(found[0]), found[1]

    def _best_found(self, seen: Sequence[int] | bytes | None, kinds: int,
                    draws: bool = True) -> tuple[int, int, int, bytes] | None:
        """``best_discard``'s kind, shanten and draws mask among the ``kinds`` (a kinds
        mask; without ``draws``, -1 when no tie had to be broken by them), with the
        unseen counts."""
        if not self._full:
            self._require(True, "a best discard")
        unseen = self._unseen_of(seen)
        found = _shanten.best_discard(self._keys, self._meld_info.keys, len(self.melds),
                                      unseen, kinds, draws)
        if found is None:
            return None
        return found[0], found[1], found[2], unseen

    def _option_tile(self, kind: int) -> Tile:
        """The tile that names a kind's discard option (see ``_option_tiles``)."""
        if self._hand_reds and kind in _FIVE_KINDS and self._hand_reds >> kind // 9 & 1 \
                and self._keys[kind // 9] // _UNIT[kind] % 5 == 1:
            return tile_of(kind, True)
        return _ukeire.PLAIN[kind]

    def _option_tiles(self) -> Sequence[Tile]:
        """The tile that names each kind's discard option: the plain one, or the red five
        when the hand holds no plain five of its suit."""
        if not self._hand_reds:
            return _ukeire.PLAIN
        tiles = list(_ukeire.PLAIN)
        for kind in _FIVE_KINDS:
            tiles[kind] = self._option_tile(kind)
        return tiles

    def _unseen_of(self, seen: Sequence[int] | bytes | None) -> bytes:
        """4 less ``seen`` per kind (as ``best_discard`` takes it), a byte each, checked."""
        held = held_counts(self._keys)
        if self.melds:
            held += int.from_bytes(self._meld_info.counts, "little")
        if seen is None:
            return held.to_bytes(34, "little").translate(_FOUR_LESS)
        if type(seen) is not bytes:
            if is_text_like(seen) or not isinstance(seen, Sequence) or len(seen) != 34 \
                    or not {*map(type, seen)} <= _INT_ONLY or min(seen) < 0 or max(seen) > 4:
                raise InvalidHandError(f"seen counts are 34 numbers 0-4, got {quote(seen)}")
            seen = bytes(seen)
        elif len(seen) != 34 or seen.translate(None, _COUNT_BYTES):
            raise InvalidHandError(f"seen counts are 34 numbers 0-4, got {quote(seen)}")
        # every kind seen at least as often as the hand holds it, all kinds at once: a
        # byte that borrows loses its top bit (a byte never falls below 0x7c)
        if (int.from_bytes(seen, "little") | _TOP_BITS) - held & _TOP_BITS != _TOP_BITS:
            raise InvalidHandError(f"seen counts must count the hand {self}'s own tiles, got "
                                   f"{quote(list(seen))}")
        return seen.translate(_FOUR_LESS)

    def _three_player_discards(self, players: object, visible: Iterable[Tile]
                               ) -> list[DiscardOption]:
        """Discard options at three players: each kind tried, its ukeire by ``ukeire``."""
        self._check_three_players(players)
        seen = list(visible) if not is_text_like(visible) and isinstance(visible, Iterable) \
            else visible
        self._unseen(seen)  # the visible tiles checked once, as four players do
        chosen: dict[int, Tile] = {}
        for tile in self.tiles:  # sorted: a plain five after the red one, and kept
            chosen[tile.kind] = tile
        options = []
        for tile in chosen.values():
            ukeire = self.remove(tile).ukeire([*seen, tile], players=3)
            options.append(DiscardOption(tile, ukeire.shanten, ukeire))
        options.sort(key=lambda o: (o.shanten, -o.total, o.tile.kind))
        return options

    def _unseen(self, visible: Iterable[Tile]) -> list[int]:
        """4 less the copies in the hand, its melds and ``visible``, per kind."""
        if (type(visible) is list or type(visible) is tuple) and len(visible) <= MAX_TILES:
            items = visible  # the usual case, checked fast
        elif is_text_like(visible) or not isinstance(visible, Iterable):
            raise InvalidHandError(
                f"visible tiles must be Tile objects, got {quote(visible)}")
        else:
            items = bounded_list(visible, MAX_TILES, "visible tiles", InvalidHandError)
        k0, k1, k2, k3 = self._keys
        low, high = _UNSEEN_LOW, _UNSEEN_HIGH
        unseen = [*low[k0 % 625], *high[k0 // 625], *low[k1 % 625], *high[k1 // 625],
                  *low[k2 % 625], *high[k2 // 625], *low[k3 % 625], *high[k3 // 625][:3]]
        if self.melds:
            unseen = list(map(operator.sub, unseen, self._meld_info.counts))
        # the usual case, plain tiles, is told by their types at once
        if {*map(type, items)} <= _JUST_TILES or all(isinstance(t, Tile) for t in items):
            for kind in map(_KIND_OF, items):
                unseen[kind] -= 1
            if min(unseen) >= 0:
                if any(map(_IS_RED, items)):
                    self._check_red_fives(items)
                return unseen
        # a bad item or a fifth copy: find the first one, as a plain walk would
        unseen = [4 - n - m for n, m in zip(self.counts34(), self._meld_info.counts, strict=True)]
        for tile in items:
            if not isinstance(tile, Tile):
                raise InvalidHandError(
                    f"visible tiles must be Tile objects, got {quote(tile)}")
            unseen[tile.kind] -= 1
            if unseen[tile.kind] < 0:
                raise InvalidHandError(
                    f"the visible tiles and the hand {self} hold more than four {tile.plain}")
        raise AssertionError("unreachable: the fast count found a bad visible tile")

    def _check_red_fives(self, visible: Iterable[Tile]) -> None:
        """Raise InvalidHandError when the visible tiles and the hand show a red five
        twice: each suit has one."""
        red_suits = self._red_suits
        for tile in visible:
            if tile.red:
                bit = 1 << tile.kind // 9
                if red_suits & bit:
                    raise InvalidHandError(
                        f"the visible tiles and the hand {self} hold the red five "
                        f"{tile} twice; there is one")
                red_suits |= bit

    # -- text -------------------------------------------------------------------------

    def __str__(self) -> str:
        return " ".join([format_tiles(self.tiles), *(str(m) for m in self.melds)])

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    # -- pictures -----------------------------------------------------------------------

    def unicode(self) -> str:
        """The hand in Unicode mahjong tiles (``mahjong_core.render``).

        >>> Hand.parse("123m406p789s11z pon:777z:7z:toimen").unicode()
        '🀇🀈🀉🀜🀝*🀞🀖🀗🀘🀀🀀 🀄(🀄)🀄'
        """
        from . import render

        return render.hand_unicode(self)

    def _repr_svg_(self) -> str:
        """The hand as an SVG picture (shown by notebooks; ``render.hand_svg``)."""
        from . import render

        return render.hand_svg(self)


_GROUP_RANK = {GroupKind.PAIR: 0, GroupKind.RUN: 1, GroupKind.TRIPLET: 2, GroupKind.KAN: 3,
               GroupKind.SINGLE: 4}


def _group_order(group: Group) -> tuple[int, int, int]:
    return (group.tile.kind, _GROUP_RANK[group.kind], group.melded)


def _meld_group(meld: Meld) -> Group:
    if meld.is_kan:
        kind = GroupKind.KAN
    elif meld.tiles[0].kind == meld.tiles[1].kind:
        kind = GroupKind.TRIPLET
    else:
        kind = GroupKind.RUN
    return Group(kind, meld.first, open=meld.is_open, melded=True)


# -- building a hand from packed tiles (see tile.pack_of) -----------------------------

_JUST_TILES = frozenset((Tile,))
_KIND_OF = operator.attrgetter("kind")
_UNSEEN_LOW = tuple(map(operator.itemgetter(3, 2, 1, 0),
                         itertools.product(range(4, -1, -1), repeat=4)))
"""The key of a suit's ranks 1-4 (below 5**4) -> four less the copies of each rank (the
product's last place, rank 1, turns fastest, as the key's lowest digit does)."""
_UNSEEN_HIGH = tuple(map(operator.itemgetter(4, 3, 2, 1, 0),
                          itertools.product(range(4, -1, -1), repeat=5)))
"""The key of ranks 5-9 (a suit's key // 5**4) -> the same."""
_NEW = object.__new__
_FIELD = (1 << 21) - 1
_COUNTS = (1 << PACK_KEYS) - 1
_ELEVENS = sum(11 << 5 * k for k in range(34))
_TWELVES = sum(12 << 5 * k for k in range(34))
_SIXTEENS = sum(16 << 5 * k for k in range(34))
"""A count field plus 11 reaches 16 exactly when it is five or more (plus 12: four)."""
_RED_EXCESS = 0b110110110
"""Red-five fields of two or more."""
_MAX_PACKED = 14
_INTS = tuple([int] * n for n in range(15))
"""The types of a list of n plain ints (bool and other int subclasses are refused)."""
_FIVE_KINDS = frozenset({4, 13, 22})
_CLAIMS = frozenset((MeldKind.CHI, MeldKind.PON, MeldKind.MINKAN))
_MINKAN = MeldKind.MINKAN
"""A module constant: an enum member read through its class costs ten times more."""
_ID_REDS, _ID_KEYS, _ID_COUNTS, _ID_PRESENCE = 0, 8, 136, 238
_ID_KEY: dict[int, int] = {
    i: (1 << _ID_PRESENCE + i | 1 << _ID_COUNTS + 3 * (i // 4)
        | _suit.KIND_UNIT[i // 4] << _ID_KEYS + 32 * (3 - i // 36)
        | (1 << _ID_REDS + i // 36 if i in (16, 52, 88) else 0))
    for i in range(136)}
"""A 136 id's share of a closed hand's whole state, which one sum of them gives. From
the lowest bit: the red fives (bit s for suit s: ids 16, 52 and 88); the suit keys, 32
bits each, honours lowest and man highest, so that the bytes of the low part read as
four big-endian words give them in suit order; three bits a kind counting its copies
(4 sets the field's top bit); and one bit an id, to find repeats."""
_ID_GET = _ID_KEY.__getitem__
_ID_LOW_BYTES = _ID_COUNTS // 8
_ID_LOW = (1 << _ID_COUNTS) - 1
"""The red fives and the suit keys of a sum of ``_ID_KEY`` values: its last byte and the
four words before it."""
_ID_KEYS_OF = struct.Struct(">IIII").unpack_from
_ID_QUADS = sum(4 << _ID_COUNTS + 3 * k for k in range(34))
"""The top bit of each kind's count: four copies held."""
_QUAD_BITS = _ID_COUNTS + 2
"""Where the first of ``_ID_QUADS``'s bits is (three bits a kind)."""
_ID_PACK_GET = {i: pack_of(i // 4, i in (16, 52, 88)) for i in range(136)}.__getitem__
"""A 136 id's tile's pack (see ``tile.pack_of``), ids 16, 52 and 88 red."""
_ID_PACK_GET_PLAIN = {i: pack_of(i // 4, False) for i in range(136)}.__getitem__
_TENHOU = IdLayout.TENHOU
_TEXT_PACK: dict[str, dict[str, int]] = {
    letter: {str(d): pack_of(9 * suit + (d or 5) - 1, d == 0)
             for d in range(10 if suit < 3 else 8) if suit < 3 or d}
    for suit, letter in enumerate("mpsz")}
_MPSZ = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)*")
_GROUPS = re.compile(r"[0-9]+[mps]|[1-7]+z")


def _group_pack(group: str) -> int:
    """The pack of one group of mpsz text: digits and their suit letter."""
    return sum(map(_TEXT_PACK[group[-1]].__getitem__, group[:-1]))


_GROUP_PACKS: _suit.BoundedMap[str, int] = _suit.BoundedMap(_group_pack, 1 << 12)
"""A group of mpsz text (as ``_GROUPS`` finds it) -> its pack, worked out on first sight."""


_ClosedShanten = tuple[bytes, bytes, bytes, bytes, bytes, bytes, bytes, bytes, bytes,
                       tuple[int, ...], tuple[int, ...]]
_CLOSED_SHANTEN: _ClosedShanten | None = None
"""The tables ``Hand.shanten`` reads for a closed hand, in one tuple once first used (one
unpacking where each would be a module attribute read)."""


def _closed_shanten() -> _ClosedShanten:
    """Load and keep ``_CLOSED_SHANTEN`` (two threads may both: the same tables)."""
    global _CLOSED_SHANTEN
    _CLOSED_SHANTEN = (_tables.VECTOR, _tables.PAIRS, _tables.ORPHANS, _tables.HONOUR_VECTOR,
                       _tables.HONOUR_PAIRS, _tables.HONOUR_ORPHANS, _tables.AB, _tables.CD,
                       _tables.FIN, _shanten.CHIITOI, _shanten.KOKUSHI)
    return _CLOSED_SHANTEN


def _pack_text(text: str) -> tuple[int, int] | None:
    """The pack and the tile count of plain mpsz text, or None for anything else."""
    if _MPSZ.fullmatch(text) is None:
        return None
    groups = _GROUPS.findall(text)
    return sum(map(_GROUP_PACKS.__getitem__, groups)), len(text) - len(groups)


def _kinds_mask(tiles: Iterable[Tile]) -> int:
    """Bit per kind of ``tiles``. Raises InvalidHandError for anything but Tiles."""
    if ((type(tiles) is list or type(tiles) is tuple) and len(tiles) <= MAX_TILES
            and {*map(type, tiles)} <= _JUST_TILES):  # the usual case, checked at once
        return sum({*map(_KIND_BITS.__getitem__, map(_KIND_OF, tiles))})
    if is_text_like(tiles) or not isinstance(tiles, Iterable):
        raise InvalidHandError(f"the discards asked for must be Tile objects, got {quote(tiles)}")
    mask = 0
    for tile in bounded_list(tiles, MAX_TILES, "discards asked for", InvalidHandError):
        if not isinstance(tile, Tile):
            raise InvalidHandError(
                f"the discards asked for must be Tile objects, got {quote(tile)}")
        mask |= 1 << tile.kind
    return mask


_KIND_BITS = tuple(1 << k for k in range(34))


def _kinds_of_bits(bits: int, first: int, width: int) -> int:
    """Bitmask over the kinds k whose bit ``first + width * k`` is set in ``bits`` (no
    other bit is set), one step a set bit: a hand holds few fours of a kind."""
    kinds = 0
    while bits:
        top = bits.bit_length() - 1
        kinds |= 1 << (top - first) // width
        bits ^= 1 << top
    return kinds


_CODE_COUNTS = tuple(
    (0x10101 if code & 4 else 4 if code & 2 else 3) << 8 * (code >> 3) for code in range(8 * 34))
"""``Meld._code`` -> the meld's copies of each kind, a byte a kind (``int.to_bytes`` gives
``MeldInfo.counts``)."""
_ONE_MELD = _suit.BoundedTable(lambda code: _score_tables.meld_summary(
    ((code >> 3, bool(code & 4), bool(code & 2), bool(code & 1)),)), 1 << 9)
"""``Meld._code`` -> the scorer's summary of that meld alone (272 codes)."""


def _melds_summary(code: int) -> _score_tables.MeldSummary:
    """The scorer's summary of melds given as ``_MELD_SUMMARIES`` keys them: each meld's
    own summary, combined."""
    summary = _ONE_MELD[(code & 511) - 1]
    code >>= 9
    while code:
        summary = _score_tables.combine_summaries(summary, _ONE_MELD[(code & 511) - 1])
        code >>= 9
    return summary


_MELD_SUMMARIES = _suit.BoundedTable(_melds_summary, 1 << 12)
"""Melds (each ``Meld._code`` + 1, nine bits a meld, the first lowest) -> the scorer's
summary of them."""


class _LazyTiles:
    """Hand's ``_tiles`` slot, read and set through the slot itself, and filled from the
    hand's keys and red fives when first read unset (a hand in a game loop changes a tile
    at a time and is seldom shown).

    A descriptor rather than ``__getattr__`` on Hand: a class with ``__getattr__`` loses
    the interpreter's fast attribute and method lookup for every attribute."""

    __slots__ = ("_slot",)

    def __init__(self, slot: types.MemberDescriptorType) -> None:
        self._slot = slot

    def __get__(self, hand: Hand | None, owner: type | None = None) -> object:
        if hand is None:
            return self
        try:
            return self._slot.__get__(hand, owner)
        except AttributeError:
            tiles = _tiles_of(hand._keys, hand._hand_reds)
            self._slot.__set__(hand, tiles)
            return tiles

    def __set__(self, hand: Hand, tiles: tuple[Tile, ...]) -> None:
        self._slot.__set__(hand, tiles)

    def __delete__(self, hand: Hand) -> None:
        self._slot.__delete__(hand)


setattr(Hand, "_tiles", _LazyTiles(Hand.__dict__["_tiles"]))  # noqa: B010 (a class attribute)


HandView = tuple[bool, tuple[int, int, int, int], MeldInfo, int, int]
"""What the scorer reads of a hand: whether it is a 14-tile (full) hand, its suit keys,
its melds' ``MeldInfo``, its red fives (bit s for suit s) and the kinds it holds all
four copies of (bit k)."""
hand_from_text: Callable[[str, tuple[Meld, ...]], Hand | None] = Hand._from_text
"""``hand_from_text(text, melds)``: a hand from plain mpsz text read in one pass, or None
when the text is anything else (the caller's full parse then says why; internal)."""
best_tile_among_kinds: Callable[[Hand, bytes, int], tuple[Tile, int] | None] = Hand._best_tile
"""``best_tile_among_kinds(hand, seen, kinds)``: ``hand.best_discard_tile(seen, among=...)``
with the tiles asked for as a mask of their kinds (bit k for kind k, 0-33) rather than a
list of tiles (internal: a player's kinds are a mask already)."""
scorer_view: Callable[[Hand], HandView] = operator.attrgetter("_scorer_view")
"""``scorer_view(hand)``: the scorer's interface to a hand (internal, not part of the
API; one C call that reads one slot)."""


if TYPE_CHECKING:
    class _Fill(Hand):
        """Hand's slots, writable: the type of a hand being built (see ``_slots``)."""

        _tiles: tuple[Tile, ...]
        melds: tuple[Meld, ...]
        _keys: tuple[int, int, int, int]
        _hand_reds: int
        _red_suits: int
        _full: bool
        _exhausted: int
        _meld_info: MeldInfo
        _scorer_view: HandView


_TWIN = cast("type[_Fill]", writable(Hand))
"""Hand's writable twin: a new hand is made of it, filled, then made a Hand."""


_NO_MELDS: tuple[Meld, ...] = ()
"""The empty tuple (one object): ``melds is _NO_MELDS`` finds the usual no-melds call."""


def _waits_of_keys(keys: Sequence[int], closed: bool, exhausted: int) -> int:
    """``Hand.waits_mask`` of a 13-tile hand of suit ``keys``: ``closed`` without melds
    (seven pairs and thirteen orphans count), ``exhausted`` the kinds of which the hand
    and its melds hold all four copies (left out of an open hand's waits)."""
    k0, k1, k2, k3 = keys
    table = _tables.WAIT
    a, b, c, d = table[k0], table[k1], table[k2], _tables.HONOUR_WAIT[k3]
    # a suit's waits count when the other suits make up what it needs (see _suit)
    total = (a & 7) + (b & 7) + (c & 7) + (d & 7)
    mask = 0
    if a >> 3 == total:
        mask = _tables.WAITS[k0] | (_tables.SHAPE[k0] >> 7) << 8
    if b >> 3 == total:
        mask |= (_tables.WAITS[k1] | (_tables.SHAPE[k1] >> 7) << 8) << 9
    if c >> 3 == total:
        mask |= (_tables.WAITS[k2] | (_tables.SHAPE[k2] >> 7) << 8) << 18
    if d >> 3 == total:
        mask |= _tables.HONOUR_WAITS[k3] << 27
    if closed:
        pairs, orphans = _tables.PAIRS, _tables.ORPHANS
        if pairs[k0] + pairs[k1] + pairs[k2] + _tables.HONOUR_PAIRS[k3] == _SEVEN_TENPAI:
            mask |= _kinds_held(keys, 1)  # six pairs and a single: the single
        held = orphans[k0] + orphans[k1] + orphans[k2] + _tables.HONOUR_ORPHANS[k3]
        if held == 13:
            mask |= _YAOCHUU_MASK
        elif held == _THIRTEEN_SHORT:
            mask |= _YAOCHUU_MASK & _kinds_held(keys, 0)  # the orphan not held
        return mask
    return mask & ~exhausted


def _closed_shanten_of(keys: Sequence[int]) -> int:
    """``Hand.shanten`` of a closed hand of suit ``keys`` (four players)."""
    k0, k1, k2, k3 = keys  # the closed tables of _shanten, inline
    vector, pairs, orphans, honour_vector, honour_pairs, honour_orphans, ab, cd, fin, \
        chiitoi, kokushi = _CLOSED_SHANTEN or _closed_shanten()
    standard = fin[ab[vector[k0] << 8 | vector[k1]] << 8
                   | cd[vector[k2] << 8 | honour_vector[k3]]] - 1
    seven = chiitoi[pairs[k0] + pairs[k1] + pairs[k2] + honour_pairs[k3]]
    thirteen = kokushi[orphans[k0] + orphans[k1] + orphans[k2] + honour_orphans[k3]]
    if thirteen < seven:
        seven = thirteen
    return seven if seven < standard else standard


def _kinds_held(keys: Sequence[int], count: int) -> int:
    """Bitmask over kinds 0-33 of those the suit ``keys`` hold ``count`` times."""
    return sum(1 << k for k in range(34) if keys[k // 9] // _UNIT[k] % 5 == count)


class KeptTiles:
    """Concealed tiles kept a tile at a time, as a game loop changes them, that answer
    ``Hand.waits_mask`` and a closed hand's ``Hand.shanten`` without a ``Hand`` being
    built: the table engine's way to those tables (the tiles are trusted to make a
    hand: nothing is checked).

    >>> kept = KeptTiles([0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 28, 28])
    >>> kept.waits_mask(closed=True) == Hand.parse("123m123p123s1122z").waits_mask()
    True
    >>> kept.add(27)
    >>> kept.shanten(), kept.shanten(without=27)
    (-1, 0)
    """

    __slots__ = ("_keys",)

    def __init__(self, kinds: Iterable[int] = ()) -> None:
        keys = [0, 0, 0, 0]
        for kind in kinds:
            keys[kind // 9] += _UNIT[kind]
        self._keys = keys

    def add(self, kind: int) -> None:
        """One more tile of ``kind`` (0-33)."""
        self._keys[kind // 9] += _UNIT[kind]

    def remove(self, kind: int) -> None:
        """One tile of ``kind`` fewer."""
        self._keys[kind // 9] -= _UNIT[kind]

    def waits_mask(self, *, without: int = -1, closed: bool, exhausted: int = 0) -> int:
        """The waits of the 13 tiles kept (less one of kind ``without``, when given), as
        ``Hand.waits_mask`` has them, with melds unless ``closed``: ``exhausted`` the
        kinds of which the tiles and the melds hold all four copies."""
        return _waits_of_keys(self._less(without), closed, exhausted)

    def shanten(self, *, without: int = -1) -> int:
        """``Hand.shanten`` (four players) of the tiles kept as a closed hand (less one
        of kind ``without``, when given)."""
        return _closed_shanten_of(self._less(without))

    def _less(self, without: int) -> list[int]:
        """The keys kept, less one tile of kind ``without`` (none when it is -1)."""
        if without < 0:
            return self._keys
        keys = self._keys.copy()
        keys[without // 9] -= _UNIT[without]
        return keys

    def copy(self) -> KeptTiles:
        """An independent copy."""
        twin = KeptTiles()
        twin._keys = self._keys.copy()
        return twin

    def keys(self) -> tuple[int, int, int, int]:
        """The tiles kept as their four suits' keys (what ``hand_of_kept`` reads)."""
        return (*self._keys,)  # type: ignore[return-value]  # four keys, always


def hand_of_kept(keys: tuple[int, int, int, int], count: int, hand_reds: int, fours: int,
                 melds: tuple[Meld, ...]) -> Hand:
    """The ``Hand`` of concealed tiles a game loop keeps (internal; trusted, nothing is
    checked): their suit keys (``KeptTiles.keys``) and count, the suits whose red five
    they hold (bit s), the kinds they hold four times, and the melds.

    A few slot writes where ``Hand.from_ids136`` sums and checks every id: a player
    asks for its hand on every turn."""
    hand = _NEW(_TWIN)
    hand.melds = melds
    hand._keys = keys
    hand._hand_reds = hand_reds
    if melds:
        info, meld_reds, copies = _kept_melds(melds)
        red_suits = hand_reds | meld_reds
        exhausted = fours
        for kind, held in copies:  # the hand's copies of a melded kind make four?
            if keys[kind // 9] // _UNIT[kind] % 5 + held == 4:
                exhausted |= 1 << kind
        full = count == 14 - 3 * len(melds)
    else:
        info, red_suits, exhausted, full = _CLOSED, hand_reds, fours, count == 14
    hand._red_suits = red_suits
    hand._full = full
    hand._exhausted = exhausted
    hand._meld_info = info
    hand._scorer_view = (full, keys, info, red_suits, exhausted)
    hand.__class__ = Hand  # type: ignore[assignment]
    return hand


_MeldCopies = tuple[MeldInfo, tuple[tuple[int, int], ...]]
_KEPT_MELDS: _suit.BoundedMemo[tuple[int, ...], _MeldCopies] = _suit.BoundedMemo(1 << 10)
"""Melds (their ``meld_code`` values, in order) -> their ``MeldInfo`` and each kind they
hold with its copies there: a seat's melds change only when it calls, and its hand is
asked for every turn."""


def _kept_melds(melds: tuple[Meld, ...]) -> tuple[MeldInfo, int, tuple[tuple[int, int], ...]]:
    """What melds bring to ``hand_of_kept``: their ``MeldInfo``, their red fives (bit s)
    and each kind they hold with its copies there."""
    info, copies = _remembered_melds(melds)
    return info, _reds_of(sum(map(meld_pack, melds))), copies


def _remembered_melds(melds: tuple[Meld, ...]) -> _MeldCopies:
    """The ``MeldInfo`` of melds and each kind they hold with its copies there, from
    ``_KEPT_MELDS`` (worked out and kept there the first time)."""
    codes = tuple(map(meld_code, melds))
    known = _KEPT_MELDS.get(codes)
    if known is None:
        info = _meld_info_of(melds)
        known = _KEPT_MELDS.remember(codes, (info, tuple(
            (kind, held) for kind, held in enumerate(info.counts) if held)))
    return known


def _keys_of(pack: int) -> tuple[int, int, int, int]:
    """The four suit keys of a pack (21 bits a suit from ``PACK_KEYS``)."""
    return (pack >> PACK_KEYS & _FIELD, pack >> PACK_KEYS + 21 & _FIELD,
            pack >> PACK_KEYS + 42 & _FIELD, pack >> PACK_KEYS + 63 & _FIELD)


def _reds_of(pack: int) -> int:
    """Bit s for each suit s whose red-five field (3 bits from ``PACK_REDS``) is set."""
    reds = pack >> PACK_REDS
    return reds & 1 | reds >> 2 & 2 | reds >> 4 & 4


def _setup(hand: _Fill, pack: int, count: int, melds: tuple[Meld, ...]) -> bool:
    """Set a hand's fields (the hand of a writable twin class) from the concealed tiles'
    pack and count and the melds.

    False (nothing set but the melds) when they do not make a hand: a wrong count, a
    fifth copy or a second red five; ``_explain`` then says which.
    """
    hand.melds = melds
    expected = 13 - 3 * len(melds)
    if (count != expected and count != expected + 1) or (
            (pack & _COUNTS) + _ELEVENS & _SIXTEENS) or pack >> PACK_REDS & _RED_EXCESS:
        return False
    if not melds:  # a closed hand
        hand._keys = keys = _keys_of(pack)
        hand._hand_reds = hand._red_suits = reds = _reds_of(pack)
        hand._full = full = count == 14
        four = (pack & _COUNTS) + _TWELVES & _SIXTEENS
        hand._exhausted = exhausted = _kinds_of_bits(four, 4, 5) if four else 0
        hand._meld_info = _CLOSED
        hand._scorer_view = (full, keys, _CLOSED, reds, exhausted)
        return True
    melds_pack = sum(map(meld_pack, melds))  # at most 4 + 16 of a kind, 1 + 4 reds a suit
    held = pack + melds_pack
    counts = held & _COUNTS
    if counts + _ELEVENS & _SIXTEENS or held >> PACK_REDS & _RED_EXCESS:
        return False
    hand._keys = keys = _keys_of(pack)
    hand._hand_reds = _reds_of(pack)
    hand._red_suits = reds = _reds_of(held)
    hand._full = full = count == expected + 1
    four = counts + _TWELVES & _SIXTEENS
    hand._exhausted = exhausted = _kinds_of_bits(four, 4, 5) if four else 0
    hand._meld_info = info = _meld_info_of(melds, melds_pack)
    hand._scorer_view = (full, keys, info, reds, exhausted)
    return True


def _meld_info_of(melds: tuple[Meld, ...], melds_pack: int | None = None) -> MeldInfo:
    """What some melds bring to a hand (``melds_pack``: their pack, when known)."""
    code = copies = 0
    is_open = False
    for index, meld in enumerate(melds):
        this = meld_code(meld)
        code |= this + 1 << 9 * index
        copies += _CODE_COUNTS[this]
        is_open = is_open or meld.kind is not MeldKind.ANKAN
    if melds_pack is None:
        melds_pack = sum(map(meld_pack, melds))
    return MeldInfo(copies.to_bytes(34, "little"), _MELD_SUMMARIES[code], is_open,
                    _keys_of(melds_pack))


def _explain(tiles: tuple[Tile, ...], melds: tuple[Meld, ...]) -> NoReturn:
    """Raise InvalidHandError for concealed tiles and melds that make no hand."""
    counts = [0] * 34
    red_suits = 0
    for tile in tiles:
        counts[tile.kind] += 1
        if tile.red:
            red_suits = _add_red(red_suits, tile)
    for meld in melds:
        for tile in meld.tiles:
            counts[tile.kind] += 1
            if tile.red:
                red_suits = _add_red(red_suits, tile)
    if max(counts) > 4:
        kind = next(k for k in range(34) if counts[k] > 4)
        raise InvalidHandError(
            f"the hand holds {counts[kind]} copies of {tile_of(kind)} (melds included); "
            "there are only four")
    expected = 13 - 3 * len(melds)
    raise InvalidHandError(
        f"a hand with {len(melds)} meld(s) holds {expected} or {expected + 1} "
        f"concealed tiles, not {len(tiles)} ({format_tiles(tiles) or 'none'})")


def _tiles_of(keys: tuple[int, int, int, int], red_suits: int) -> tuple[Tile, ...]:
    """The sorted concealed tiles that suit keys and red fives describe."""
    tiles: list[Tile] = []
    for suit in range(4):
        key = keys[suit]
        kind = 9 * suit
        while key:
            key, held = divmod(key, 5)
            if held:
                if kind in _FIVE_KINDS and red_suits >> suit & 1:
                    tiles.append(tile_of(kind, True))
                    held -= 1
                tiles.extend([_ukeire.PLAIN[kind]] * held)
            kind += 1
    return tuple(tiles)
