"""Hands biased toward complete and waiting shapes, for the shape and analysis tests."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from mahjong_core import Meld, MeldKind, Relative, Tile
from tests.support import oracle

HandData = tuple[list[Tile], list[Meld]]
"""Concealed tiles (in drawn order) and melds."""


ALL_KINDS = tuple(range(34))


def _window(draw: st.DrawFn) -> tuple[int, ...]:
    """The kinds a hand is mostly built from: all, one suit (with or without honours),
    or five ranks of one suit (many readings)."""
    choice = draw(st.sampled_from(["all", "suit", "suit+honours", "window"]))
    if choice == "all":
        return ALL_KINDS
    suit = draw(st.integers(0, 2))
    if choice == "window":
        start = 9 * suit + draw(st.integers(0, 4))
        return tuple(range(start, start + 5))
    kinds = tuple(range(9 * suit, 9 * suit + 9))
    return kinds + tuple(range(27, 34)) if choice == "suit+honours" else kinds


def _pick(draw: st.DrawFn, left: list[int], kinds: Sequence[int], need: int = 1) -> int:
    """A kind of ``kinds`` (else of any kind) with at least ``need`` copies left."""
    candidates = [k for k in kinds if left[k] >= need] or [
        k for k in ALL_KINDS if left[k] >= need]
    return draw(st.sampled_from(candidates))


def _draw_set(draw: st.DrawFn, left: list[int], kinds: Sequence[int]) -> list[int]:
    """The kinds of one run or triplet, taken out of ``left``."""
    runs = [k for k in kinds if k < 27 and k % 9 <= 6
            and left[k] and left[k + 1] and left[k + 2]]
    triplets = [k for k in kinds if left[k] >= 3]
    options = [(True, k) for k in runs] + [(False, k) for k in triplets]
    if not options:
        runs = [k for k in ALL_KINDS if k < 27 and k % 9 <= 6
                and left[k] and left[k + 1] and left[k + 2]]
        options = [(True, k) for k in runs] + [(False, k) for k in ALL_KINDS if left[k] >= 3]
    is_run, first = draw(st.sampled_from(options))
    group = [first, first + 1, first + 2] if is_run else [first] * 3
    for k in group:
        left[k] -= 1
    return group


def _draw_meld(draw: st.DrawFn, left: list[int], kinds: Sequence[int]) -> Meld:
    """One meld of any kind, its tiles taken out of ``left``."""
    kind = draw(st.sampled_from(list(MeldKind)))
    starts = [k for k in kinds if k < 27 and k % 9 <= 6
              and left[k] and left[k + 1] and left[k + 2]]
    if kind is MeldKind.CHI and starts:
        first = draw(st.sampled_from(starts))
        group = [first, first + 1, first + 2]
    else:
        if kind is MeldKind.CHI:
            kind = MeldKind.PON
        size = 3 if kind is MeldKind.PON else 4
        group = [_pick(draw, left, kinds, size)] * size
    for k in group:
        left[k] -= 1
    tiles = [Tile.from_kind(k) for k in group]
    if kind is MeldKind.ANKAN:
        return Meld(kind, tiles)
    called = draw(st.none() | st.sampled_from(tiles))
    sources = [Relative.KAMICHA] if kind is MeldKind.CHI else list(Relative)
    return Meld(kind, tiles, called=called, called_from=draw(st.none() | st.sampled_from(sources)))


@st.composite
def shaped_hands(draw: st.DrawFn, full: bool | None = None) -> HandData:
    """A valid hand (13 or 14 tiles, melds counted as three) biased toward complete and
    waiting shapes; the concealed tiles come in a drawn, unsorted order."""
    left = [4] * 34
    if full is None:
        full = draw(st.booleans())
    style = draw(st.sampled_from(["sets", "sets", "sets", "pairs", "orphans", "random"]))
    kinds = _window(draw)
    melds: list[Meld] = []
    if style in ("sets", "random"):
        melds = [_draw_meld(draw, left, kinds) for _ in range(draw(st.integers(0, 4)))]
    size = 14 - 3 * len(melds)
    concealed: list[int] = []
    if style == "sets":
        for _ in range(4 - len(melds)):
            concealed += _draw_set(draw, left, kinds)
        pair = _pick(draw, left, kinds, 2)
        left[pair] -= 2
        concealed += [pair, pair]
    elif style == "pairs":
        distinct = draw(st.booleans())  # else a four of a kind may pass for two pairs
        for _ in range(7):
            if distinct:
                used = set(concealed)
                pair = _pick(draw, left, [k for k in kinds if k not in used]
                             or [k for k in ALL_KINDS if k not in used], 2)
            else:
                pair = _pick(draw, left, kinds, 2)
            left[pair] -= 2
            concealed += [pair, pair]
    elif style == "orphans":
        concealed = list(oracle.YAOCHUU)
        concealed.append(draw(st.sampled_from(oracle.YAOCHUU)))
        for k in concealed:
            left[k] -= 1
    else:
        for _ in range(size):
            k = _pick(draw, left, kinds)
            left[k] -= 1
            concealed.append(k)
    # near misses: swap up to two tiles for others
    for _ in range(draw(st.integers(0, 2)) if draw(st.booleans()) else 0):
        index = draw(st.integers(0, len(concealed) - 1))
        left[concealed[index]] += 1
        k = _pick(draw, left, kinds if draw(st.booleans()) else ALL_KINDS)
        left[k] -= 1
        concealed[index] = k
    if not full:
        index = draw(st.integers(0, len(concealed) - 1))
        left[concealed.pop(index)] += 1
    tiles = [Tile.from_kind(k) for k in concealed]
    for five in (4, 13, 22):  # at most one red five a suit
        spots = [i for i, k in enumerate(concealed) if k == five]
        if len(spots) > 0 and draw(st.booleans()):
            tiles[draw(st.sampled_from(spots))] = Tile(five, red=True)
    order = draw(st.permutations(range(len(tiles))))
    return [tiles[i] for i in order], melds
