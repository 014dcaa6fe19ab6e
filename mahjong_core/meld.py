"""Melds: chi, pon and the three kinds of kan, with the called tile and its source."""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable

import attrs

from ._core.suit import BoundedMemo
from .errors import InvalidMeldError, MahjongError, quote
from .tile import MAX_TILES, Tile, _parse_tiles, format_tiles, plain_str

__all__ = ["Meld", "MeldKind", "Relative"]


class MeldKind(enum.Enum):
    """The five kinds of meld; the value is the name used in notation and JSON."""

    CHI = "chi"
    PON = "pon"
    MINKAN = "minkan"
    """An open kan called from a discard (daiminkan)."""
    SHOUMINKAN = "shouminkan"
    """A pon upgraded to a kan with the fourth tile (added kan)."""
    ANKAN = "ankan"
    """A closed kan of four drawn tiles."""


class Relative(enum.Enum):
    """The seat a called tile came from, relative to the caller."""

    KAMICHA = "kamicha"
    """The player on the left, the only one a chi may be called from."""
    TOIMEN = "toimen"
    """The player opposite."""
    SHIMOCHA = "shimocha"
    """The player on the right."""


_PACK_OF = operator.attrgetter("_pack")
meld_pack: Callable[[Meld], int] = _PACK_OF
"""The packed tiles of a meld (the sum of their ``pack_of`` values; internal)."""
meld_code = operator.attrgetter("_code")
"""A meld's code: its kind and first kind in one int, which the hand's tables index
(internal)."""
_PARSED: BoundedMemo[str, Meld] = BoundedMemo(1 << 12)
"""Meld notation already read, and its meld. There are about two thousand valid melds."""

_SIZES = {MeldKind.CHI: 3, MeldKind.PON: 3, MeldKind.MINKAN: 4, MeldKind.SHOUMINKAN: 4,
          MeldKind.ANKAN: 4}


def _to_tiles(value: str | tuple[Tile, ...] | list[Tile]) -> tuple[Tile, ...]:
    """Converter: mpsz text or an iterable of tiles, sorted into a tuple."""
    if isinstance(value, str):
        try:
            tiles = _parse_tiles(value, "meld tiles")
        except MahjongError as error:
            raise InvalidMeldError(str(error)) from None
        return tuple(sorted(tiles))
    if isinstance(value, tuple | list):
        if len(value) > MAX_TILES:
            raise InvalidMeldError(f"a meld of {len(value)} tiles: a meld has 3 or 4")
        for item in value:
            if not isinstance(item, Tile):
                raise InvalidMeldError(f"meld tiles must be Tile objects, got {quote(item)}")
        return tuple(sorted(value))
    raise InvalidMeldError(
        f"meld tiles must be mpsz text or a sequence of Tile, got {quote(value)}")


def _to_called(value: Tile | str | None) -> Tile | None:
    if value is None or isinstance(value, Tile):
        return value
    if isinstance(value, str):
        try:
            return Tile.parse(value)
        except MahjongError as error:
            raise InvalidMeldError(f"called tile: {error}") from None
    raise InvalidMeldError(f"the called tile must be a Tile or None, got {quote(value)}")


def _to_relative(value: Relative | str | None) -> Relative | None:
    if value is None or isinstance(value, Relative):
        return value
    if isinstance(value, str):
        try:
            return Relative(plain_str(value))
        except ValueError:
            pass
    raise InvalidMeldError(
        f"a meld comes from 'kamicha', 'toimen' or 'shimocha', not {quote(value)}")


def _to_kind(value: MeldKind | str) -> MeldKind:
    if isinstance(value, MeldKind):
        return value
    if isinstance(value, str):
        try:
            return MeldKind(plain_str(value))
        except ValueError:
            pass
    names = ", ".join(k.value for k in MeldKind)
    raise InvalidMeldError(f"unknown meld kind {quote(value)} (expected one of {names})")


@attrs.frozen(repr=False)
class Meld:
    """A called or declared set: its kind, its tiles (sorted), the called tile and source.

    ``called`` and ``called_from`` may be left out when unknown; an ankan has neither.
    Raises InvalidMeldError when the tiles do not make the kind of meld, or the called
    tile or source is impossible.

    >>> Meld.parse("chi:345m:3m:kamicha").tiles
    (Tile.parse('3m'), Tile.parse('4m'), Tile.parse('5m'))
    >>> str(Meld(MeldKind.PON, "777z", called="7z", called_from="toimen"))
    'pon:777z:7z:toimen'
    """

    kind: MeldKind = attrs.field(converter=_to_kind)
    tiles: tuple[Tile, ...] = attrs.field(converter=_to_tiles)
    called: Tile | None = attrs.field(default=None, converter=_to_called)
    called_from: Relative | None = attrs.field(default=None, converter=_to_relative)
    _pack: int = attrs.field(init=False, eq=False, repr=False)
    """The tiles' packed counts, keys and red fives, as a hand adds them up."""
    _code: int = attrs.field(init=False, eq=False, repr=False)
    """first kind * 8 + 4 * is_run + 2 * is_kan + is_closed: the meld as the scorer sees it."""

    def __attrs_post_init__(self) -> None:
        kind, tiles = self.kind, self.tiles
        if len(tiles) == _SIZES[kind]:  # the common, valid meld: checked without text
            kinds = [t.kind for t in tiles]
            first = kinds[0]
            called, source = self.called, self.called_from
            if (sum(t.red for t in tiles) <= 1
                    and (first < 27 and first % 9 <= 6 and kinds == [first, first + 1, first + 2]
                         and (source is None or source is Relative.KAMICHA)
                         if kind is MeldKind.CHI else kinds.count(first) == len(kinds))
                    and (called is None and source is None if kind is MeldKind.ANKAN
                         else called is None or called in tiles)):
                _SET_PACK(self, sum(map(_PACK_OF, tiles)))
                _SET_CODE(self, first * 8 + 4 * (kind is MeldKind.CHI)
                          + 2 * (len(tiles) == 4) + (kind is MeldKind.ANKAN))
                return
        # something is wrong: the plain checks say what, with the tiles written out
        try:
            text = format_tiles(tiles) if tiles else "no tiles"
        except MahjongError as error:  # a fifth copy or two red fives
            raise InvalidMeldError(f"meld tiles: {error}") from None
        if len(tiles) != _SIZES[kind]:
            raise InvalidMeldError(
                f"a {kind.value} has {_SIZES[kind]} tiles, not {len(tiles)} ({text})")
        kinds = [t.kind for t in tiles]
        if kind is MeldKind.CHI:
            if kinds[0] >= 27:
                raise InvalidMeldError(f"a chi cannot be made of honours ({text})")
            if kinds[0] // 9 != kinds[2] // 9 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
                raise InvalidMeldError(
                    f"a chi is three consecutive tiles of one suit, not {text}")
            if self.called_from not in (None, Relative.KAMICHA):
                raise InvalidMeldError(
                    f"a chi can only be called from kamicha, not {self.called_from.value}")
        elif len(set(kinds)) != 1:
            raise InvalidMeldError(f"a {kind.value} is made of one kind of tile, not {text}")
        if kind is MeldKind.ANKAN:
            if self.called is not None or self.called_from is not None:
                raise InvalidMeldError("an ankan is declared from the hand: no called tile")
        elif self.called is not None and self.called not in tiles:
            raise InvalidMeldError(f"the called tile {self.called} is not in {text}")
        reds = [t for t in tiles if t.red]
        if len(reds) > 1:
            raise InvalidMeldError(f"{text} holds two red fives")
        # every meld the checks above pass was accepted before them
        raise InvalidMeldError(f"not a valid {kind.value}: {text}")

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Parse ``kind:tiles[:called[:from]]``, e.g. ``"pon:555p:0p:toimen"``.

        Raises InvalidMeldError for anything else.
        """
        if text.__class__ is str:
            known = _PARSED.get(text)
            if known is not None:
                return known
        elif not isinstance(text, str):
            raise InvalidMeldError(f"meld notation must be a string, got {quote(text)}")
        text = plain_str(text)
        parts = text.split(":", 4)
        if not 2 <= len(parts) <= 4:
            raise InvalidMeldError(
                f"meld notation is kind:tiles[:called[:from]], got {quote(text)}")
        called = parts[2] if len(parts) > 2 and parts[2] else None
        source = parts[3] if len(parts) > 3 else None
        meld = cls(_to_kind(parts[0]), parts[1], called=called, called_from=source)
        if cls is Meld:
            _PARSED.remember(text, meld)
        return meld

    @property
    def is_open(self) -> bool:
        """True for every meld but an ankan (which keeps the hand closed)."""
        return self.kind is not MeldKind.ANKAN

    @property
    def is_kan(self) -> bool:
        """True for the three kinds of kan."""
        return len(self.tiles) == 4

    @property
    def first(self) -> Tile:
        """The lowest tile, without the red flag (the kind of a pon or kan)."""
        return self.tiles[0].plain

    def __str__(self) -> str:
        text = f"{self.kind.value}:{format_tiles(self.tiles)}"
        if self.called is not None:
            text += f":{self.called}"
        if self.called_from is not None:
            text += f"{'' if self.called is not None else ':'}:{self.called_from.value}"
        return text

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"

    def unicode(self) -> str:
        """The meld in Unicode mahjong tiles as it lies on the table, the called tile in
        parentheses on the side it came from (``mahjong_core.render``).

        >>> Meld.parse("pon:777z:7z:kamicha").unicode()
        '(🀄)🀄🀄'
        """
        from . import render

        return render.meld_unicode(self)

    def _repr_svg_(self) -> str:
        """The meld as an SVG picture (shown by notebooks; ``render.meld_svg``)."""
        from . import render

        return render.meld_svg(self)


_SET_PACK: Callable[[Meld, int], None] = Meld.__dict__["_pack"].__set__
_SET_CODE: Callable[[Meld, int], None] = Meld.__dict__["_code"].__set__
