"""Melds: construction, notation round trips, kinds and the caller's inputs."""

from __future__ import annotations

import pytest
from hypothesis import given

from mahjong_core import InvalidMeldError, Meld, MeldKind, Relative, Tile, parse_tiles
from tests.support.strategies import melds

SIZES = {MeldKind.CHI: 3, MeldKind.PON: 3, MeldKind.MINKAN: 4, MeldKind.SHOUMINKAN: 4,
         MeldKind.ANKAN: 4}


@pytest.mark.parametrize(("text", "kind", "tiles", "called", "called_from"), [
    ("chi:345m:3m:kamicha", MeldKind.CHI, "345m", "3m", Relative.KAMICHA),
    ("chi:406p:0p", MeldKind.CHI, "406p", "0p", None),
    ("pon:777z:7z:toimen", MeldKind.PON, "777z", "7z", Relative.TOIMEN),
    ("pon:505s", MeldKind.PON, "055s", None, None),
    ("pon:111m::shimocha", MeldKind.PON, "111m", None, Relative.SHIMOCHA),
    ("minkan:5550m:5m:shimocha", MeldKind.MINKAN, "0555m", "5m", Relative.SHIMOCHA),
    ("shouminkan:9999p:9p:toimen", MeldKind.SHOUMINKAN, "9999p", "9p", Relative.TOIMEN),
    ("ankan:1111z", MeldKind.ANKAN, "1111z", None, None),
])
def test_parse(text: str, kind: MeldKind, tiles: str, called: str | None,
               called_from: Relative | None) -> None:
    meld = Meld.parse(text)
    assert meld.kind is kind
    assert meld.tiles == tuple(parse_tiles(tiles))
    assert meld.called == (None if called is None else Tile.parse(called))
    assert meld.called_from is called_from
    assert Meld.parse(str(meld)) == meld


@pytest.mark.parametrize(("text", "canonical"), [
    ("chi:543m:4m:kamicha", "chi:345m:4m:kamicha"),
    ("pon:5p0p5p", "pon:055p"),
    ("pon:111m::toimen", "pon:111m::toimen"),
    ("ankan:7777z", "ankan:7777z"),
    ("chi:3s2s1s:1s", "chi:123s:1s"),
])
def test_str_is_canonical(text: str, canonical: str) -> None:
    meld = Meld.parse(text)
    assert str(meld) == canonical
    assert repr(meld) == f"Meld.parse({canonical!r})"


@given(melds())
def test_parse_inverts_str(meld: Meld) -> None:
    again = Meld.parse(str(meld))
    assert again == meld
    assert hash(again) == hash(meld)
    assert [t.red for t in again.tiles] == [t.red for t in meld.tiles]


@given(melds())
def test_generated_melds_are_well_formed(meld: Meld) -> None:
    kinds = [t.kind for t in meld.tiles]
    assert len(meld.tiles) == SIZES[meld.kind]
    assert list(meld.tiles) == sorted(meld.tiles)
    if meld.kind is MeldKind.CHI:
        assert kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]
        assert kinds[0] < 27 and kinds[0] // 9 == kinds[2] // 9
        assert meld.called_from in (None, Relative.KAMICHA)
    else:
        assert len(set(kinds)) == 1
    if meld.called is not None:
        assert meld.called in meld.tiles
    assert meld.first == meld.tiles[0].plain
    assert not meld.first.red


@given(melds())
def test_constructor_equals_parse(meld: Meld) -> None:
    rebuilt = Meld(meld.kind.value, list(reversed(meld.tiles)),
                   called=None if meld.called is None else str(meld.called),
                   called_from=None if meld.called_from is None else meld.called_from.value)
    assert rebuilt == meld


@pytest.mark.parametrize(("text", "is_open", "is_kan"), [
    ("chi:123s", True, False),
    ("pon:222s", True, False),
    ("minkan:3333s", True, True),
    ("shouminkan:4444s", True, True),
    ("ankan:5555s", False, True),
])
def test_open_and_kan(text: str, is_open: bool, is_kan: bool) -> None:
    meld = Meld.parse(text)
    assert meld.is_open is is_open
    assert meld.is_kan is is_kan


def test_first_is_the_plain_lowest_tile() -> None:
    assert Meld.parse("pon:055m").first == Tile.parse("5m")
    assert Meld.parse("chi:067s").first == Tile.parse("5s")
    assert Meld.parse("chi:340p").first == Tile.parse("3p")


def test_the_callers_list_is_not_modified() -> None:
    given_tiles = parse_tiles("645m")
    before = list(given_tiles)
    meld = Meld(MeldKind.CHI, given_tiles, called=given_tiles[0])
    assert given_tiles == before
    assert meld.tiles == tuple(parse_tiles("456m"))
    assert isinstance(meld.tiles, tuple)


def test_melds_are_frozen_and_hashable() -> None:
    meld = Meld.parse("pon:111z:1z:toimen")
    with pytest.raises(AttributeError):
        meld.kind = MeldKind.CHI  # type: ignore[misc]
    assert meld.kind is MeldKind.PON
    assert len({meld, Meld.parse("pon:111z:1z:toimen"), Meld.parse("pon:111z")}) == 2


def test_called_tile_red_flag_matters() -> None:
    assert Meld.parse("pon:055m:0m").called == Tile.parse("0m")
    with pytest.raises(InvalidMeldError, match="0m"):
        Meld.parse("pon:555m:0m")
    with pytest.raises(InvalidMeldError, match="5m"):
        Meld.parse("pon:005m:5m")


@pytest.mark.parametrize("kind", list(MeldKind))
def test_wrong_sizes(kind: MeldKind) -> None:
    size = SIZES[kind]
    text = "123m" if kind is MeldKind.CHI and size == 3 else "1111m"
    tiles = parse_tiles(text)
    for wrong in (tiles[:size - 1], [*tiles[:size], Tile.parse("9s")]):
        with pytest.raises(InvalidMeldError, match=f"a {kind.value} has {size} tiles"):
            Meld(kind, wrong)
