"""Consumer code for the foundation API, type-checked by ``mypy --strict`` and never run.

Each ``assert_type`` pins what a public name returns; each ``# type: ignore[code]`` marks a
misuse mypy must reject (``warn_unused_ignores`` fails the check if a rejection vanishes).
The checks live in functions that nothing calls, so importing this module does nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import assert_type

from mahjong_core import (
    Decomposition,
    Form,
    Group,
    GroupKind,
    Hand,
    IdLayout,
    InvalidHandError,
    InvalidMeldError,
    InvalidNotationError,
    InvalidTileError,
    MahjongError,
    Meld,
    MeldKind,
    Relative,
    Suit,
    Tile,
    TileId,
    Wait,
    WinningGroup,
    format_tiles,
    parse_tiles,
    tiles_from_ids136,
)


def tiles_and_suits() -> None:
    tile = Tile(4)
    assert_type(tile, Tile)
    assert_type(Tile(4, red=True), Tile)
    assert_type(Tile(4, True), Tile)
    assert_type(Tile.parse("0m"), Tile)
    assert_type(Tile.from_kind(33), Tile)
    assert_type(Tile.from_id136(16), Tile)
    assert_type(Tile.from_id136(16, layout=IdLayout.MOD34, red_fives=False), Tile)
    assert_type(tile.kind, int)
    assert_type(tile.red, bool)
    assert_type(tile.suit, Suit)
    assert_type(tile.rank, int)
    assert_type(tile.is_honour, bool)
    assert_type(tile.is_wind, bool)
    assert_type(tile.is_dragon, bool)
    assert_type(tile.is_terminal, bool)
    assert_type(tile.is_yaochuu, bool)
    assert_type(tile.is_simple, bool)
    assert_type(tile.plain, Tile)
    assert_type(tile.dora_next(), Tile)
    assert_type(tile < Tile(5), bool)
    assert_type(tile <= Tile(5), bool)
    assert_type(tile > Tile(5), bool)
    assert_type(tile >= Tile(5), bool)
    assert_type(tile == Tile(5), bool)
    assert_type(hash(tile), int)
    assert_type(str(tile), str)
    assert_type(sorted([tile, Tile(0)]), list[Tile])
    assert_type(max(tile, Tile(0)), Tile)
    assert_type(Suit(0), Suit)
    assert_type(Suit.PIN.letter, str)
    assert_type(tile.suit.value, int)
    assert_type(IdLayout("tenhou"), IdLayout)
    assert_type(IdLayout("tenhou").value, str)


def tile_ids() -> None:
    tile_id = Tile(4).to_id136(1)
    assert_type(tile_id, TileId)
    assert_type(Tile(4).to_id136(1, layout=IdLayout.MOD34, red_fives=False), TileId)
    as_int: int = tile_id
    assert_type(TileId(16), TileId)
    assert_type(Tile.from_id136(tile_id), Tile)
    assert_type(tiles_from_ids136([16, 17, as_int]), list[Tile])
    assert_type(tiles_from_ids136(range(136), layout=IdLayout.MOD34), list[Tile])
    assert_type(tiles_from_ids136([TileId(5)], red_fives=False), list[Tile])


def notation() -> None:
    tiles = parse_tiles("123m406p789s1122z")
    assert_type(tiles, list[Tile])
    assert_type(format_tiles(tiles), str)
    assert_type(format_tiles(tuple(tiles)), str)
    assert_type(format_tiles(t for t in tiles), str)
    assert_type(format_tiles(frozenset(tiles)), str)


def melds() -> None:
    meld = Meld(MeldKind.PON, "777z", called="7z", called_from="toimen")
    assert_type(meld, Meld)
    assert_type(Meld("chi", parse_tiles("345m")), Meld)
    assert_type(Meld(MeldKind.CHI, tuple(parse_tiles("345m")), Tile.parse("3m"),
                     Relative.KAMICHA), Meld)
    assert_type(Meld.parse("ankan:1111z"), Meld)
    assert_type(meld.kind, MeldKind)
    assert_type(meld.tiles, tuple[Tile, ...])
    assert_type(meld.called, Tile | None)
    assert_type(meld.called_from, Relative | None)
    assert_type(meld.is_open, bool)
    assert_type(meld.is_kan, bool)
    assert_type(meld.first, Tile)
    assert_type(MeldKind("shouminkan"), MeldKind)
    assert_type(meld.kind.value, str)
    assert_type(Relative("shimocha"), Relative)


def hands() -> None:
    hand = Hand(parse_tiles("123m456p789s1122z"))
    assert_type(hand, Hand)
    assert_type(Hand(parse_tiles("123m5p11z"), [Meld.parse("pon:777z")]), Hand)
    assert_type(Hand(t for t in parse_tiles("123m456p789s1122z")), Hand)
    assert_type(Hand.parse("123m456p789s1122z"), Hand)
    assert_type(Hand.parse("123m5p11z", melds=(Meld.parse("pon:777z"),)), Hand)
    assert_type(Hand.from_ids136(range(13)), Hand)
    assert_type(Hand.from_ids136(range(13), [], layout=IdLayout.TENHOU, red_fives=True), Hand)
    assert_type(hand.tiles, tuple[Tile, ...])
    assert_type(hand.melds, tuple[Meld, ...])
    assert_type(hand.add(Tile(27)), Hand)
    assert_type(hand.remove(Tile(0)), Hand)
    assert_type(hand.is_closed, bool)
    assert_type(hand.is_full, bool)
    assert_type(hand.count(Tile(0)), int)
    assert_type(hand.counts34(), tuple[int, ...])
    assert_type(hand.counts38(), tuple[int, ...])
    assert_type(hand.is_complete(), bool)
    assert_type(hand.is_tenpai(), bool)
    assert_type(hand.waits_mask(), int)
    assert_type(hand.waits(), frozenset[Tile])
    assert_type(hand.decompositions(), tuple[Decomposition, ...])
    assert_type(str(hand), str)
    assert_type(hash(hand), int)


def shapes(hand: Hand, win: Tile) -> None:
    reading = hand.decompositions()[0]
    assert_type(reading.form, Form)
    assert_type(reading.groups, tuple[Group, ...])
    assert_type(reading.pair, Tile | None)
    assert_type(reading.sets, tuple[Group, ...])
    assert_type(reading.winning_groups(win), tuple[WinningGroup, ...])
    assert_type(Decomposition(Form.SEVEN_PAIRS, ()), Decomposition)
    group = reading.groups[0]
    assert_type(group.kind, GroupKind)
    assert_type(group.tile, Tile)
    assert_type(group.open, bool)
    assert_type(group.melded, bool)
    assert_type(group.kinds, tuple[int, ...])
    assert_type(group.is_set, bool)
    assert_type(Group(GroupKind.RUN, Tile(0), open=True, melded=True), Group)
    winning_group = reading.winning_groups(win)[0]
    assert_type(winning_group.group, int)
    assert_type(winning_group.wait, Wait)
    assert_type(WinningGroup(0, Wait.TANKI), WinningGroup)
    assert_type(Wait("ryanmen"), Wait)
    assert_type(Form("standard"), Form)
    assert_type(GroupKind("pair"), GroupKind)


def errors() -> None:
    value_error: ValueError = MahjongError("x")
    base: MahjongError = InvalidTileError("x")
    for error in (InvalidNotationError, InvalidTileError, InvalidMeldError, InvalidHandError):
        base = error("x")
    del value_error, base
    try:
        parse_tiles("x")
    except MahjongError as caught:
        assert_type(caught, MahjongError)


def misuse(hand: Hand, tile: Tile, meld: Meld, reading: Decomposition,
           ids: Iterator[int]) -> None:
    Tile("5m")  # type: ignore[arg-type]
    Tile(4, red="yes")  # type: ignore[arg-type]
    Tile.parse(5)  # type: ignore[arg-type]
    Tile.parse(tile)  # type: ignore[arg-type]
    Tile.from_kind("1m")  # type: ignore[arg-type]
    Tile.from_id136("16")  # type: ignore[arg-type]
    Tile.from_id136(16, IdLayout.MOD34)  # type: ignore[call-arg]
    Tile.from_id136(16, layout="mod34")  # type: ignore[arg-type]
    tile.to_id136(layout=IdLayout.TENHOU, red=True)  # type: ignore[call-arg]
    tile.kind = 3  # type: ignore[misc]
    tile.red = True  # type: ignore[misc]
    less = tile < 3  # type: ignore[operator]
    total = tile + tile  # type: ignore[operator]
    next_tile: Tile = tile.dora_next  # type: ignore[assignment]
    rank: str = tile.rank  # type: ignore[assignment]
    tile_id: TileId = 16  # type: ignore[assignment]
    suit: str = tile.suit  # type: ignore[assignment]
    parse_tiles(["1m"])  # type: ignore[arg-type]
    parse_tiles(None)  # type: ignore[arg-type]
    format_tiles("123m")  # type: ignore[arg-type]
    format_tiles([1, 2])  # type: ignore[list-item]
    tiles_from_ids136(["16"])  # type: ignore[list-item]
    tiles_from_ids136(ids, IdLayout.MOD34)  # type: ignore[call-arg]
    listed: list[TileId] = tiles_from_ids136(ids)  # type: ignore[assignment]
    Meld(MeldKind.PON, 555)  # type: ignore[arg-type]
    Meld(1, "555m")  # type: ignore[arg-type]
    Meld("pon", "555m", called=5)  # type: ignore[arg-type]
    Meld("pon", "555m", called_from=2)  # type: ignore[arg-type]
    Meld("pon", ["5m", "5m", "5m"])  # type: ignore[list-item]
    Meld.parse(b"pon:555m")  # type: ignore[arg-type]
    meld.tiles.append(tile)  # type: ignore[attr-defined]
    meld.kind = MeldKind.CHI  # type: ignore[misc]
    called_kind: int = meld.called.kind  # type: ignore[union-attr]
    Hand(5)  # type: ignore[arg-type]
    Hand(["1m", "2m"])  # type: ignore[list-item]
    Hand("123m456p789s1122z")  # type: ignore[arg-type]
    Hand([tile], melds=["pon:111z"])  # type: ignore[list-item]
    Hand.parse(5)  # type: ignore[arg-type]
    Hand.parse("1z", [meld], IdLayout.TENHOU)  # type: ignore[call-arg]
    Hand.from_ids136(ids, [], IdLayout.TENHOU)  # type: ignore[call-arg]
    hand.add("1z")  # type: ignore[arg-type]
    hand.remove(0)  # type: ignore[arg-type]
    hand.count("1z")  # type: ignore[arg-type]
    hand.tiles = ()  # type: ignore[misc]
    hand.waits().add(tile)  # type: ignore[attr-defined]
    counts: list[int] = hand.counts34()  # type: ignore[assignment]
    complete: bool = hand.is_complete  # type: ignore[assignment]
    pair_kind: int = reading.pair.kind  # type: ignore[union-attr]
    WinningGroup(0, "tanki")  # type: ignore[arg-type]
    Group(GroupKind.RUN, 0)  # type: ignore[arg-type]
    Decomposition("standard", ())  # type: ignore[arg-type]
    Suit.MAN.letter = "x"  # type: ignore[misc]
    del less, total, next_tile, rank, tile_id, suit, listed
    del called_kind, counts, complete, pair_kind
