"""Hypothesis strategies for tiles, tile lists, melds and valid hands.

Everything is dealt from a shuffled 136-tile wall (Tenhou ids), so the copy limits (four
per kind, one red five per suit, melds included) hold by construction, never by filtering.
"""

from __future__ import annotations

from hypothesis import strategies as st

from mahjong_core import Hand, Meld, MeldKind, Relative, Tile

__all__ = ["ALL_TILES", "hands", "meld_kinds", "melds", "tile_lists", "tiles", "walls"]

ALL_TILES: tuple[Tile, ...] = (
    *(Tile(kind) for kind in range(34)),
    *(Tile(kind, red=True) for kind in (4, 13, 22)),
)
"""The 37 distinct tiles: the 34 plain kinds and the three red fives."""

meld_kinds = st.sampled_from(list(MeldKind))


def tiles() -> st.SearchStrategy[Tile]:
    """Any one tile, plain or red."""
    return st.sampled_from(ALL_TILES)


def walls() -> st.SearchStrategy[list[int]]:
    """A shuffled wall: the 136 Tenhou ids in some order."""
    return st.permutations(range(136))


class _Pool:
    """The undealt part of a wall, by kind, in wall order."""

    def __init__(self, wall: list[int], red_fives: bool) -> None:
        self.red_fives = red_fives
        self.order = list(wall)
        self.by_kind: list[list[int]] = [[] for _ in range(34)]
        for tile_id in wall:
            self.by_kind[tile_id // 4].append(tile_id)

    def take(self, kind: int) -> Tile:
        tile_id = self.by_kind[kind].pop(0)
        self.order.remove(tile_id)
        return Tile.from_id136(tile_id, red_fives=self.red_fives)

    def deal(self, count: int) -> list[Tile]:
        dealt = self.order[:count]
        del self.order[:count]
        for tile_id in dealt:
            self.by_kind[tile_id // 4].remove(tile_id)
        return [Tile.from_id136(i, red_fives=self.red_fives) for i in dealt]


def _draw_meld(draw: st.DrawFn, pool: _Pool) -> Meld:
    """Take one meld of a drawn kind out of the pool."""
    kind = draw(meld_kinds)
    starts = [k for k in range(27) if k % 9 <= 6 and all(pool.by_kind[k + i] for i in range(3))]
    if kind is MeldKind.CHI and not starts:  # never with four melds or fewer
        kind = MeldKind.PON
    if kind is MeldKind.CHI:
        start = draw(st.sampled_from(starts))
        tiles = [pool.take(start + i) for i in range(3)]
    else:
        size = 3 if kind is MeldKind.PON else 4
        kinds = [k for k in range(34) if len(pool.by_kind[k]) >= size]
        chosen = draw(st.sampled_from(kinds))
        tiles = [pool.take(chosen) for _ in range(size)]
    if kind is MeldKind.ANKAN:
        return Meld(kind, tiles)
    called = draw(st.none() | st.sampled_from(tiles))
    sources = [Relative.KAMICHA] if kind is MeldKind.CHI else list(Relative)
    called_from = draw(st.none() | st.sampled_from(sources))
    return Meld(kind, tiles, called=called, called_from=called_from)


@st.composite
def tile_lists(draw: st.DrawFn, max_size: int = 14) -> list[Tile]:
    """Up to ``max_size`` tiles in dealt (unsorted) order, at most four of a kind and at
    most one red five per suit."""
    wall = draw(walls())
    red_fives = draw(st.booleans())
    size = draw(st.integers(0, min(max_size, 136)))
    return [Tile.from_id136(i, red_fives=red_fives) for i in wall[:size]]


@st.composite
def melds(draw: st.DrawFn) -> Meld:
    """Any legal meld of any kind, with or without its called tile and source."""
    return _draw_meld(draw, _Pool(draw(walls()), draw(st.booleans())))


@st.composite
def hands(draw: st.DrawFn, full: bool | None = None) -> Hand:
    """A valid hand with 0-4 melds of every kind.

    ``full`` True gives 14 - 3 * melds concealed tiles, False 13 - 3 * melds, None either.
    """
    pool = _Pool(draw(walls()), draw(st.booleans()))
    if full is None:
        full = draw(st.booleans())
    count = draw(st.integers(0, 4))
    hand_melds = [_draw_meld(draw, pool) for _ in range(count)]
    concealed = pool.deal(13 - 3 * count + int(full))
    return Hand(concealed, hand_melds)
