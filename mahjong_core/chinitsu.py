"""One-suit (chinitsu) analysis: every tenpai or winning shape of one suit.

The analysis lists every one-suit tenpai shape as a "digital paishiki" line
``counts,waits,number of waits,tiles``: the nine counts of ranks 1-9, the ranks that
complete the shape (ascending), how many ranks that is, and the number of tiles. The pure
nine gates is ``311111113,123456789,9,13``. ``python -m mahjong_core chinitsu`` prints
these lines; ``--wins`` prints the winning shapes as ``counts,tiles`` instead.

The shapes come in ascending order of the count string (``000000113,...`` first), as
``sort | uniq`` would order the lines.

A 13-tile shape waits on seven pairs as well as on four sets and a pair, and a 14-tile
winning shape may be seven distinct pairs (``220220222``);
a rank of which the shape already holds four is never a wait. Smaller sizes (1, 4, 7, 10
tiles waiting; 2, 5, 8, 11 winning) use the standard form only. The answers come from the
per-suit engine tables (``mahjong_core._core.suit``); a count summary goes to standard error.

>>> shape = next(s for s in tenpai_shapes(13) if s.paishiki == "311111113")
>>> shape.line()
'311111113,123456789,9,13'
>>> len(tenpai_shapes(13)), len(winning_shapes(14))
(40196, 13277)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import attrs

from ._core import suit as _suit
from ._core import tables as _tables
from .errors import InvalidHandError, InvalidTileError, quote

__all__ = ["TENPAI_SIZES", "WIN_SIZES", "ChinitsuShape", "summary", "tenpai_shapes",
           "winning_shapes"]

TENPAI_SIZES = (1, 4, 7, 10, 13)
"""Tile counts a one-suit shape can wait with (3N+1)."""
WIN_SIZES = (2, 5, 8, 11, 14)
"""Tile counts a one-suit shape can win with (3N+2)."""
SEVEN_PAIRS_TILES = 14


def _to_counts(value: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    if not isinstance(value, tuple | list):
        raise InvalidTileError(f"a one-suit shape is nine counts 0-4, not {quote(value)}")
    counts = tuple(value)
    if len(counts) != 9 or not all(type(n) is int and 0 <= n <= 4 for n in counts):
        raise InvalidTileError(f"a one-suit shape is nine counts 0-4, not {quote(value)}")
    return counts


def _to_waits(value: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    if not isinstance(value, tuple | list) or not all(type(r) is int for r in value):
        raise InvalidTileError(f"waits are ranks 1-9, not {quote(value)}")
    waits = tuple(value)
    if list(waits) != sorted(set(waits)) or not all(1 <= r <= 9 for r in waits):
        raise InvalidTileError(
            f"waits are distinct ranks 1-9 in ascending order, not {quote(value)}")
    return waits


@attrs.frozen
class ChinitsuShape:
    """One one-suit shape: its counts per rank and, for a tenpai shape, its waits.

    ``waits`` is empty for a winning shape. Raises InvalidTileError for counts that are
    not nine numbers 0-4 or waits that are not ascending ranks 1-9.

    >>> ChinitsuShape((3, 1, 1, 1, 1, 1, 1, 1, 3), (1, 2, 3, 4, 5, 6, 7, 8, 9)).line()
    '311111113,123456789,9,13'
    >>> ChinitsuShape((2, 2, 2, 2, 2, 2, 2, 0, 0)).line()
    '222222200,14'
    """

    counts: tuple[int, ...] = attrs.field(converter=_to_counts)
    """How many tiles of ranks 1-9 the shape holds."""
    waits: tuple[int, ...] = attrs.field(default=(), converter=_to_waits)
    """The ranks 1-9 that complete a tenpai shape, ascending; empty for a win."""

    @property
    def tiles(self) -> int:
        """The number of tiles."""
        return sum(self.counts)

    @property
    def paishiki(self) -> str:
        """The nine counts as digits, rank 1 first (``"311111113"``)."""
        return "".join(map(str, self.counts))

    def line(self) -> str:
        """The seed's line: ``counts,waits,number of waits,tiles`` for a tenpai shape,
        ``counts,tiles`` for a winning shape."""
        if not self.waits:
            return f"{self.paishiki},{self.tiles}"
        waits = "".join(map(str, self.waits))
        return f"{self.paishiki},{waits},{len(self.waits)},{self.tiles}"


def _vectors(tiles: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every (counts, key) of ``tiles`` tiles in one suit, in ascending paishiki order."""
    counts = [0] * 9

    def place(rank: int, left: int, key: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if rank == 8:
            if left <= 4:
                counts[8] = left
                yield tuple(counts), key + left * _suit.UNIT[8]
            return
        for n in range(min(4, left) + 1):
            if left - n <= 4 * (8 - rank):
                counts[rank] = n
                yield from place(rank + 1, left - n, key + n * _suit.UNIT[rank])

    yield from place(0, tiles, 0)


def _seven_pairs(key: int, tiles: int) -> bool:
    """Seven pairs: 14 tiles, every count 0 or 2."""
    return tiles == SEVEN_PAIRS_TILES and bool(_tables.SHAPE[key] & _suit.SEVEN)


def _waits_mask(key: int, tiles: int) -> int:
    """Ranks (bit r = rank r + 1) that complete a one-suit shape."""
    mask = _tables.WAITS[key] | (_tables.SHAPE[key] >> 7) << 8
    if tiles + 1 == SEVEN_PAIRS_TILES:
        for rank in range(9):
            unit = _suit.UNIT[rank]
            if key // unit % 5 == 1 and _seven_pairs(key + unit, SEVEN_PAIRS_TILES):
                mask |= 1 << rank
    return mask


def tenpai_shapes(tiles: int = 13) -> list[ChinitsuShape]:
    """Every one-suit shape of ``tiles`` tiles that waits on at least one rank.

    Ascending paishiki order; seven pairs count for 13 tiles. Raises InvalidHandError
    (a ValueError) unless ``tiles`` is 1, 4, 7, 10 or 13.

    >>> [s.line() for s in tenpai_shapes(1)][:2]
    ['000000001,9,1,1', '000000010,8,1,1']
    """
    if type(tiles) is not int or tiles not in TENPAI_SIZES:
        raise InvalidHandError(
            f"a one-suit tenpai shape has 1, 4, 7, 10 or 13 tiles, not {quote(tiles)}")
    shapes = []
    for counts, key in _vectors(tiles):
        mask = _waits_mask(key, tiles)
        if mask:
            waits = tuple(r + 1 for r in range(9) if (mask >> r) & 1)
            shapes.append(ChinitsuShape(counts, waits))
    return shapes


def winning_shapes(tiles: int = 14) -> list[ChinitsuShape]:
    """Every complete one-suit shape of ``tiles`` tiles (sets and a pair; seven pairs too
    for 14), in ascending paishiki order.

    Raises InvalidHandError (a ValueError) unless ``tiles`` is 2, 5, 8, 11 or 14.

    >>> [s.line() for s in winning_shapes(2)][:2]
    ['000000002,2', '000000020,2']
    """
    if type(tiles) is not int or tiles not in WIN_SIZES:
        raise InvalidHandError(
            f"a one-suit winning shape has 2, 5, 8, 11 or 14 tiles, not {quote(tiles)}")
    shape = _tables.SHAPE
    shapes = []
    for counts, key in _vectors(tiles):
        if shape[key] & 7 == _suit.PAIR or _seven_pairs(key, tiles):
            shapes.append(ChinitsuShape(counts))
    return shapes


def summary(shapes: list[ChinitsuShape], tiles: int, wins: bool) -> str:
    """The count summary written to standard error."""
    if wins:
        seven = sum(1 for s in shapes if _tables.SHAPE[_suit.key_of(s.counts)] & 7 == 0)
        extra = f" ({seven} of them seven pairs only)" if tiles == SEVEN_PAIRS_TILES else ""
        return f"{len(shapes)} winning shapes of {tiles} tiles{extra}"
    by_waits = Counter(len(s.waits) for s in shapes)
    size = f"{tiles} tile{'s' if tiles != 1 else ''}"
    lines = [f"{len(shapes)} tenpai shapes of {size}; by number of waits:"]
    lines += [f"  {n} wait{'s' if n > 1 else ''}: {by_waits[n]}" for n in sorted(by_waits)]
    return "\n".join(lines)
