"""Hypothesis strategies: tiles, tile lists, melds and valid hands, and hostile values.

Everything is dealt from a shuffled 136-tile wall (Tenhou ids), so the copy limits (four
per kind, one red five per suit, melds included) hold by construction, never by filtering.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from mahjong_core import Hand, Meld, MeldKind, Relative, Tile

__all__ = [
    "ALL_TILES",
    "DEEP_VALUES",
    "HUGE_INTS",
    "LONG_TEXTS",
    "LoudInt",
    "LoudStr",
    "PlainInt",
    "PlainStr",
    "Trap",
    "deep_values",
    "hands",
    "hostile",
    "huge_ints",
    "long_texts",
    "meld_kinds",
    "melds",
    "odd_ints",
    "odd_strs",
    "tile_lists",
    "tiles",
    "walls",
    "wrong_types",
]

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


# -- hostile values --------------------------------------------------------------------
# What a server may pass on from its clients: wrong types, huge ints, deep nesting, odd
# str and int subclasses and over-long text. Big values are built once and sampled, so
# that an example costs what the library does with it, not what building it costs.


class Trap(Exception):
    """Raised by every method a ``LoudStr`` or ``LoudInt`` overrides: the library must
    treat a subclass of str or int as its plain value, or refuse it, and never run its
    methods."""


class PlainStr(str):
    """A str subclass that overrides nothing."""

    __slots__ = ()


class PlainInt(int):
    """An int subclass that overrides nothing."""

    __slots__ = ()


def _sprung(name: str) -> object:
    def method(self: object, *args: object, **kwargs: object) -> object:
        raise Trap(f"{type(self).__name__}.{name} was called")
    return method


_TRAPPED = ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__",
            "__len__", "__iter__", "__getitem__", "__contains__", "__str__", "__format__",
            "__add__", "__radd__", "__mul__", "__mod__", "__bool__", "__index__", "__int__",
            "__float__", "__and__", "__or__", "__rshift__", "__lshift__", "__sub__",
            "__floordiv__", "__neg__", "__abs__", "__reduce__", "__reduce_ex__",
            "strip", "split", "upper", "lower", "startswith", "endswith", "find", "encode",
            "partition", "replace", "join", "isdigit", "bit_length", "to_bytes")


def _loud(base: type[Any]) -> type:
    """A subclass of ``base`` whose every method above raises Trap (its repr is honest,
    so that a failing example can be shown)."""
    members: dict[str, object] = {name: _sprung(name) for name in _TRAPPED
                                  if hasattr(base, name)}
    shown = base.__dict__["__repr__"]
    members["__repr__"] = lambda self: f"{type(self).__name__}({shown(self)})"
    members["__slots__"] = ()
    return type(f"Loud{base.__name__.title()}", (base,), members)


LoudStr: type[str] = _loud(str)
"""A str subclass whose methods raise Trap."""
LoudInt: type[int] = _loud(int)
"""An int subclass whose methods raise Trap."""


def _nested(depth: int, make: Any) -> object:
    value: object = 0
    for _ in range(depth):
        value = make(value)
    return value


def _cycle() -> list[object]:
    found: list[object] = [1]
    found.append(found)
    return found


HUGE_INTS: tuple[int, ...] = (10 ** 5000, -10 ** 5000, 10 ** 4299, 2 ** 64, -2 ** 63,
                              10 ** 30, 10 ** 100_000 + 7)
"""Ints past any limit: over Python's 4,300-digit conversion limit, 64-bit edges, 10**30."""

DEEP_VALUES: tuple[object, ...] = (
    _nested(1000, lambda v: [v]), _nested(3000, lambda v: [v]),
    _nested(1500, lambda v: (v,)), _nested(1200, lambda v: {"rules": v}),
    _nested(1000, lambda v: [v, "1m"]), _cycle(),
)
"""Lists, tuples and dicts nested 1,000 to 3,000 deep, and a list that holds itself."""

LONG_TEXTS: tuple[str, ...] = ("1m" * 50_000, "x" * 1_000_000, "123m456p789s1122z" * 4000,
                               "pon:111z " * 10_000, " " * 100_000, "0" * 5000 + "m",
                               "\ud800" * 1000, "é" * 20_000)
"""Text far longer than any notation: mpsz-like, plain, melds, spaces, surrogates."""


def _one_of(values: tuple[Any, ...]) -> st.SearchStrategy[Any]:
    """One of the values, drawn by index (a strategy that lists them could not show
    itself: their repr fails or is huge)."""
    return st.integers(0, len(values) - 1).map(values.__getitem__)


def huge_ints() -> st.SearchStrategy[int]:
    """Ints past every limit, and any int."""
    return _one_of(HUGE_INTS) | st.integers()


def deep_values() -> st.SearchStrategy[object]:
    """Values nested 1,000 deep or more."""
    return _one_of(DEEP_VALUES)


def long_texts() -> st.SearchStrategy[str]:
    """Over-long text."""
    return _one_of(LONG_TEXTS) | st.text(min_size=300, max_size=2000)


def odd_strs(texts: st.SearchStrategy[str] | None = None) -> st.SearchStrategy[str]:
    """Text as str subclasses: plain ones and ones whose methods raise Trap."""
    base = texts if texts is not None else st.text(max_size=20)
    return st.builds(PlainStr, base) | st.builds(LoudStr, base)


def odd_ints(ints: st.SearchStrategy[int] | None = None) -> st.SearchStrategy[int]:
    """Ints as int subclasses (bool among them): plain ones and ones that raise Trap."""
    base = ints if ints is not None else st.integers(-200, 200)
    return st.builds(PlainInt, base) | st.builds(LoudInt, base) | st.booleans()


def wrong_types() -> st.SearchStrategy[object]:
    """Values of every other type: None, floats, bytes-likes, containers, library values
    where others are expected, and plain objects."""
    return st.one_of(
        st.none(), st.floats(), st.complex_numbers(), st.binary(max_size=10),
        st.builds(bytearray, st.binary(max_size=10)),
        st.binary(max_size=10).map(lambda data: memoryview(data)),
        st.lists(st.integers(), max_size=5), st.tuples(st.text(max_size=5)),
        st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
        st.sets(st.integers(), max_size=3), st.frozensets(st.text(max_size=3), max_size=3),
        st.builds(object), _one_of((range(10 ** 5000),)), st.just(Ellipsis),
        st.sampled_from([float("nan"), float("inf"), -0.0, 1e308]),
        _one_of((Tile(0), Tile(4, True), MeldKind.PON, Relative.TOIMEN,
                         [Tile(0)] * 5, [Tile(4, True)] * 2, [Tile(0)] * 100_000,
                         Meld.parse("pon:111z"), Hand.parse("123m456p789s1122z"), b"1m",
                         bytearray(b"1m"), [None], [[]], {"hand": []}, (), "", " ", "\x00")),
    )


def hostile(like: st.SearchStrategy[Any] | None = None) -> st.SearchStrategy[Any]:
    """Any hostile value; with ``like`` (a strategy of valid str or int values), also
    those values as odd subclasses, so that they reach past the first type check."""
    kinds = [huge_ints(), deep_values(), long_texts(), odd_strs(), odd_ints(), wrong_types()]
    if like is not None:
        kinds.append(like.flatmap(_as_odd))
    return st.one_of(kinds)


def _as_odd(value: object) -> st.SearchStrategy[object]:
    if type(value) is str:
        return odd_strs(st.just(value))
    if type(value) is int:
        return odd_ints(st.just(value))
    return st.just(value)
