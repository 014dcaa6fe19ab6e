"""Pictures: Unicode tiles checked against the Unicode character names, and SVG read back
with xml.etree (well formed, sized, one group per tile, red fives red, called tiles
lying sideways, nothing overlapping)."""

from __future__ import annotations

import itertools
import re
import unicodedata
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings

from mahjong_core import (
    Hand,
    InvalidHandError,
    InvalidMeldError,
    InvalidTileError,
    MahjongError,
    Meld,
    NoWin,
    NoWinReason,
    Tile,
    WinContext,
    WinResult,
    evaluate,
    parse_tiles,
    render,
)

from .support.strategies import hands

# -- an independent reading of the glyphs, from the Unicode character names --------------

RANKS = ["ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"]
SUITS = {"m": "CHARACTERS", "p": "CIRCLES", "s": "BAMBOOS"}
HONOURS = ["EAST WIND", "SOUTH WIND", "WEST WIND", "NORTH WIND", "WHITE DRAGON",
           "GREEN DRAGON", "RED DRAGON"]


def unicode_name(tile: str) -> str:
    """The Unicode name of the glyph a tile in mpsz (``5m``, ``0p``, ``7z``) is drawn with."""
    rank, suit = tile[0], tile[1]
    if suit == "z":
        return f"MAHJONG TILE {HONOURS[int(rank) - 1]}"
    return f"MAHJONG TILE {RANKS[int(rank or '5') - 1 if rank != '0' else 4]} OF {SUITS[suit]}"


def expected(layout: str) -> str:
    """Unicode text from a layout written in mpsz tokens: ``5m(0m)5m``, ``#`` a back."""
    out = []
    for token in re.findall(r"\d[mpsz]|[()# ]", layout):
        if token == "#":
            out.append(unicodedata.lookup("MAHJONG TILE BACK"))
        elif len(token) == 2:
            out.append(unicodedata.lookup(unicode_name(token)) + ("*" if token[0] == "0" else ""))
        else:
            out.append(token)
    return "".join(out)


def decode(text: str) -> list[str]:
    """The tiles (mpsz) a Unicode picture shows, read from the character names;
    ``back`` for a face-down tile."""
    names = {unicode_name(f"{r}{s}"): f"{r}{s}" for s in "mps" for r in "123456789"}
    names.update({unicode_name(f"{r}z"): f"{r}z" for r in "1234567"})
    tiles: list[str] = []
    for char in text:
        if char == "*":
            assert tiles and tiles[-1][0] == "5", text
            tiles[-1] = "0" + tiles[-1][1]
        elif char in "() ":
            continue
        elif unicodedata.name(char) == "MAHJONG TILE BACK":
            tiles.append("back")
        else:
            tiles.append(names[unicodedata.name(char)])
    return tiles


def test_every_tile_is_its_unicode_character() -> None:
    for text in [f"{r}{s}" for s in "mps" for r in "0123456789"[1:]] + [
            f"{r}z" for r in "1234567"] + ["0m", "0p", "0s"]:
        tile = Tile.parse(text)
        glyph = render.tile_unicode(tile)
        assert unicodedata.name(glyph[0]) == unicode_name(text)
        assert glyph[1:] == ("*" if tile.red else "")
    assert render.RED_MARK == "*" and unicodedata.name(render.BACK) == "MAHJONG TILE BACK"


MELDS = [
    ("chi:345s:3s:kamicha", "(3s)4s5s"),
    ("chi:345s:4s:kamicha", "(4s)3s5s"),
    ("chi:406p:0p:kamicha", "(0p)4p6p"),
    ("chi:123m", "1m2m3m"),
    ("chi:123m:2m", "1m2m3m"),
    ("chi:789m::kamicha", "(7m)8m9m"),
    ("pon:777z:7z:kamicha", "(7z)7z7z"),
    ("pon:777z:7z:toimen", "7z(7z)7z"),
    ("pon:777z:7z:shimocha", "7z7z(7z)"),
    ("pon:777z", "7z7z7z"),
    ("pon:055p:0p:toimen", "5p(0p)5p"),
    ("pon:055p:5p:toimen", "0p(5p)5p"),
    ("pon:055m::shimocha", "0m5m(5m)"),
    ("minkan:1111m:1m:kamicha", "(1m)1m1m1m"),
    ("minkan:1111m:1m:toimen", "1m(1m)1m1m"),
    ("minkan:1111m:1m:shimocha", "1m1m1m(1m)"),
    ("shouminkan:0555s:5s:shimocha", "0s5s(5s5s)"),
    ("shouminkan:0555s:0s:kamicha", "(0s5s)5s5s"),
    ("shouminkan:2222z:2z:toimen", "2z(2z2z)2z"),
    ("ankan:0555m", "#0m5m#"),
    ("ankan:1111z", "#1z1z#"),
]


@pytest.mark.parametrize(("notation", "layout"), MELDS)
def test_melds_lie_as_on_the_table(notation: str, layout: str) -> None:
    meld = Meld.parse(notation)
    assert meld.unicode() == render.meld_unicode(meld) == expected(layout)


HANDS = [
    ("1112345678999m", "1m1m1m2m3m4m5m6m7m8m9m9m9m"),
    ("123m406p789s11222z", "1m2m3m4p0p6p7s8s9s1z1z2z2z2z"),
    ("123m406p789s11z pon:777z:7z:toimen", "1m2m3m4p0p6p7s8s9s1z1z 7z(7z)7z"),
    ("1m pon:777z:7z:toimen shouminkan:0555p:0p:kamicha ankan:0555s chi:678s:7s:kamicha",
     "1m 7z(7z)7z (0p5p)5p5p #0s5s# (7s)6s8s"),
    ("19m19p19s1234567z", "1m9m1p9p1s9s1z2z3z4z5z6z7z"),
]


@pytest.mark.parametrize(("notation", "layout"), HANDS)
def test_hands_show_concealed_tiles_then_each_meld(notation: str, layout: str) -> None:
    hand = Hand.parse(notation)
    assert hand.unicode() == render.hand_unicode(hand) == expected(layout)


def _all_tiles(hand: Hand) -> list[str]:
    return [str(t) for t in hand.tiles] + [str(t) for m in hand.melds for t in m.tiles]


@settings(max_examples=300, deadline=None)
@given(hands())
def test_any_hand_shows_each_of_its_tiles_once(hand: Hand) -> None:
    shown = decode(hand.unicode())
    backs = shown.count("back")
    assert backs == 2 * sum(m.kind.value == "ankan" for m in hand.melds)
    assert len(shown) == len(_all_tiles(hand))
    assert not Counter(t for t in shown if t != "back") - Counter(_all_tiles(hand))
    assert hand.unicode().count(" ") == len(hand.melds)
    assert Counter(svg_tiles(hand_svg_root(hand))) == Counter(_all_tiles(hand))


def test_tiles_keep_their_order() -> None:
    tiles = parse_tiles("9m1z0s3p")
    assert render.tiles_unicode(tiles) == expected("9m1z0s3p")
    assert render.tiles_unicode([]) == ""


# -- SVG --------------------------------------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def hand_svg_root(hand: Hand) -> ET.Element:
    return ET.fromstring(hand._repr_svg_())


def tile_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if "tile" in g.get("class", "").split()]


def svg_tiles(root: ET.Element) -> list[str]:
    return [str(g.get("data-tile")) for g in tile_groups(root)]


def _is_bright_red(colour: str | None) -> bool:
    if colour is None or not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
        return False
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return r >= 200 and g <= 90 and b <= 90


def _colours(group: ET.Element) -> list[str | None]:
    return [e.get(a) for e in group.iter() for a in ("fill", "stroke")]


def boxes(root: ET.Element) -> list[tuple[ET.Element, tuple[float, float, float, float]]]:
    """Each tile group and the box it covers, from the transforms of it and its parents."""
    parents = {child: parent for parent in root.iter() for child in parent}
    found = []
    for group in tile_groups(root):
        width = float(group.find(f"{SVG}rect").get("width", "0")) + 1  # type: ignore[union-attr]
        height = float(group.find(f"{SVG}rect").get("height", "0")) + 1  # type: ignore[union-attr]
        x = y = 0.0
        rotated = False
        node: ET.Element | None = group
        while node is not None:
            for kind, args in re.findall(r"(\w+)\(([^)]*)\)", node.get("transform", "")):
                numbers = [float(n) for n in args.replace(",", " ").split()]
                if kind == "translate":
                    x, y = x + numbers[0], y + (numbers[1] if len(numbers) > 1 else 0)
                else:
                    assert kind == "rotate" and numbers == [-90.0] and node is group
                    rotated = True
            node = parents.get(node)
        box = (x, y - width, x + height, y) if rotated else (x, y, x + width, y + height)
        found.append((group, box))
    return found


def check_svg(text: str) -> ET.Element:
    """A picture that is well formed, sized, and whose tiles lie inside it, apart."""
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    width, height = float(root.get("width", "0")), float(root.get("height", "0"))
    assert width > 0 and height > 0
    assert [float(v) for v in root.get("viewBox", "").split()] == [0, 0, width, height]
    assert root.find(f"{SVG}title") is not None
    placed = boxes(root)
    for _, (left, top, right, bottom) in placed:
        assert 0 <= left < right <= width and 0 <= top < bottom <= height
    for i, (_, a) in enumerate(placed):
        for _, b in placed[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    for group in tile_groups(root):
        red = group.get("data-tile", "")[0] == "0"
        assert ("red" in group.get("class", "").split()) is red
        back = "back" in group.get("class", "").split()
        assert any(_is_bright_red(c) for c in _colours(group)) is (red and not back)
        assert ("rotate" in group.get("transform", "")) is (
            "sideways" in group.get("class", "").split())
    return root


@pytest.mark.parametrize(("notation", "layout"), HANDS)
def test_hand_pictures(notation: str, layout: str) -> None:
    hand = Hand.parse(notation)
    assert hand._repr_svg_() == render.hand_svg(hand)
    root = check_svg(hand._repr_svg_())
    assert Counter(svg_tiles(root)) == Counter(_all_tiles(hand))
    # the picture's order is the Unicode text's, a face-down tile included
    shown = decode(expected(layout))
    groups = tile_groups(root)
    assert [("back" if "back" in g.get("class", "") else g.get("data-tile")) for g in groups] \
        == shown
    sideways = [g.get("data-tile") for g in groups if "sideways" in g.get("class", "")]
    assert len(sideways) == expected(layout).count("(") + sum(
        m.kind.value == "shouminkan" for m in hand.melds)


@pytest.mark.parametrize(("notation", "layout"), MELDS)
def test_meld_pictures(notation: str, layout: str) -> None:
    meld = Meld.parse(notation)
    assert meld._repr_svg_() == render.meld_svg(meld)
    root = check_svg(meld._repr_svg_())
    groups = tile_groups(root)
    assert Counter(svg_tiles(root)) == Counter(str(t) for t in meld.tiles)
    lying = re.findall(r"\(([^)]*)\)", layout)
    assert [g.get("data-tile") for g in groups if "sideways" in g.get("class", "")] == (
        re.findall(r"\d[mpsz]", lying[0]) if lying else [])
    assert sum("back" in g.get("class", "") for g in groups) == layout.count("#")


def test_melds_are_set_apart_and_an_added_kan_lies_on_its_pon() -> None:
    hand = Hand.parse("1m pon:777z:7z:toimen shouminkan:0555p:0p:kamicha ankan:0555s "
                      "chi:678s:7s:kamicha")
    placed = boxes(check_svg(hand._repr_svg_()))
    columns = sorted({(box[0], box[2]) for _, box in placed})
    gaps = [b[0] - a[1] for a, b in itertools.pairwise(columns)]
    wide = [g for g in gaps if g >= 5]
    assert len(wide) == 4  # a gap before each of the four melds
    assert all(0 <= g < min(wide) / 2 for g in gaps if g not in wide)
    stacked = [box for group, box in placed if group.get("data-tile") in ("0p", "5p")
               and "sideways" in group.get("class", "")]
    assert len(stacked) == 2 and stacked[0][0] == stacked[1][0]
    assert stacked[0][1] >= stacked[1][3]  # the added tile lies above the called one


def test_every_tile_and_every_red_five() -> None:
    tiles = parse_tiles("123456789m123456789p123456789s1234567z") + parse_tiles("0m0p0s")
    root = check_svg(render.tiles_svg(tiles))
    assert svg_tiles(root) == [str(t) for t in tiles]
    faces = [ET.tostring(g) for g in tile_groups(root)]
    assert len(set(faces)) == len(faces)  # no two tiles look alike
    assert check_svg(render.tile_svg(Tile.parse("0s"))).get("width") is not None


# -- scored wins ------------------------------------------------------------------------------


def _win(notation: str, tile: str, **situation: Any) -> tuple[WinResult, Hand, Tile]:
    hand, win_tile = Hand.parse(notation), Tile.parse(tile)
    result = evaluate(hand, win_tile, WinContext(**situation))
    assert isinstance(result, WinResult)
    return result, hand, win_tile


def test_a_win_in_text() -> None:
    result, hand, tile = _win("234m406p23455s66z", "6z", riichi=True, seat_wind="S",
                              honba=1, riichi_sticks=1)
    picture, yaku, value = render.result_unicode(result, hand, tile).split("\n")
    assert picture == expected("2m3m4m4p0p6p2s3s4s5s5s6z6z 6z")
    assert yaku == "riichi 1, hatsu 1, aka 1"  # the score interface's names by default
    assert value == ("3 han 40 fu: 5200 points; ron: the discarder pays 5500; 1000 in riichi "
                     "sticks; 6500 in all")
    reading = result.unicode().split("\n")[0]
    assert reading == expected("5s5s 2m3m4m 4p0p6p 2s3s4s 6z6z6z")
    assert render.result_unicode(result, language="japanese").split("\n")[1] == (
        "立直 1, 役牌 發 1, 赤ドラ 1")
    assert render.result_unicode(result, language="english").split("\n")[1] == (
        "Riichi 1, Green dragon 1, Red fives 1")


def test_a_yakuman_and_a_tsumo_in_text() -> None:
    result, hand, tile = _win("19m19p19s1234567z", "1m", tsumo=True)
    picture, yaku, value = result.unicode(hand, tile).split("\n")
    assert picture == expected("1m9m1p9p1s9s1z2z3z4z5z6z7z 1m")
    assert yaku == "kokushi_13 13"
    assert value == "yakuman: 48000 points; tsumo: each other player pays 16000; 48000 in all"
    assert result.unicode().split("\n")[0] == expected("1m1m9m1p9p1s9s1z2z3z4z5z6z7z")
    seven, _, _ = _win("1122m3344p5566s7z", "7z", tsumo=True, seat_wind="S")
    assert seven.unicode().split("\n")[0] == expected("1m1m 2m2m 3p3p 4p4p 5s5s 6s6s 7z7z")
    assert seven.unicode().split("\n")[2] == (
        "3 han 25 fu: 3200 points; tsumo: the dealer pays 1600, each other player 800; "
        "3200 in all")


def test_a_win_as_a_picture() -> None:
    result, hand, tile = _win("1m pon:777z:7z:toimen shouminkan:0555p:0p:kamicha ankan:0555s "
                              "chi:678s:7s:kamicha", "1m")
    root = check_svg(render.result_svg(result, hand, tile))
    assert Counter(svg_tiles(root)) == Counter([*_all_tiles(hand), "1m"])
    texts = [t.text for t in root.iter(f"{SVG}text") if t.text and " han" in t.text]
    assert texts == ["chun: 1 han", "aka: 2 han", "3 han 50 fu: 9600 points"]
    plain = check_svg(result._repr_svg_())
    assert plain.findtext(f"{SVG}title") == str(result.decomposition)
    assert Counter(svg_tiles(plain)) == Counter([*_all_tiles(hand), "1m"])
    assert sum("back" in g.get("class", "") for g in tile_groups(plain)) == 2


@pytest.mark.parametrize(("notation", "tile", "reds"), [
    ("234m406p23455s66z", "6z", ["0p"]),                     # in the concealed tiles
    ("234m46p23455s666z", "0p", []),                          # the winning tile
    ("34056m11p chi:067s pon:777z", "7m", ["0m", "0s"]),      # concealed and in a chi
    ("34555m22p234s pon:505p:0p:toimen", "2p", ["0p"]),       # in a pon only
    ("2m pon:777z:7z:toimen shouminkan:0555p:0p:kamicha ankan:0555s chi:678s:7s:kamicha",
     "2m", ["0p", "0s"]),                                     # in an added and a closed kan
    ("340m340p340s11z78s", "9s", ["0m", "0p", "0s"]),         # every suit's red five
])
def test_the_reading_s_picture_shows_the_red_fives_the_hand_holds(
        notation: str, tile: str, reds: list[str]) -> None:
    """Without the hand, a win's picture is its reading: the same tiles the hand and
    the winning tile are, each red five drawn red (the notebook's picture)."""
    result, hand, win = _win(notation, tile, tsumo=True)
    held = Counter([*_all_tiles(hand), str(win)])
    assert [str(t) for t in result.red_fives] == sorted(
        {t for t in held if t[0] == "0"}, key=lambda t: "mps".index(t[1]))
    assert sorted(t for t in held if t[0] == "0") == sorted([*reds, *(
        [tile] if tile[0] == "0" else [])])
    for picture in (result._repr_svg_(), render.result_svg(result)):
        assert Counter(svg_tiles(check_svg(picture))) == held
    assert result.unicode().split("\n")[0].count(render.RED_MARK) == len(
        [t for t in held.elements() if t[0] == "0"])


BAD: list[tuple[Any, type[MahjongError]]] = [
    (lambda: render.tile_unicode(5), InvalidTileError),  # type: ignore[arg-type]
    (lambda: render.tiles_unicode("1m"), InvalidTileError),  # type: ignore[arg-type]
    (lambda: render.tiles_svg([Tile(0)] * 137), InvalidTileError),
    (lambda: render.meld_unicode("pon:111z"), InvalidMeldError),  # type: ignore[arg-type]
    (lambda: render.hand_svg("123m"), InvalidHandError),  # type: ignore[arg-type]
    (lambda: render.result_unicode(NoWin(NoWinReason.NOT_COMPLETE)),  # type: ignore[arg-type]
     InvalidHandError),
    (lambda: _win("234m406p23455s66z", "6z", riichi=True)[0].unicode(
        Hand.parse("234m406p23455s66z")), InvalidHandError),
    (lambda: render.result_unicode(_win("234m406p23455s66z", "6z", riichi=True)[0],
                                   language="french"), MahjongError),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("call", "error"), BAD)
def test_bad_input_raises_the_library_error(call: Any, error: type[MahjongError]) -> None:
    with pytest.raises(MahjongError) as info:
        call()
    assert type(info.value) is error


# -- faces drawn without a font, and the pieces pages draw with ----------------------------


def _points(path_data: str) -> list[tuple[float, float]]:
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path_data)]
    return list(zip(numbers[0::2], numbers[1::2], strict=True))


@pytest.mark.parametrize("tile", [*parse_tiles("123456789m1234567z"), Tile.parse("0m")],
                         ids=str)
def test_characters_are_strokes_inside_the_tile(tile: Tile) -> None:
    """The characters suit, the winds and the dragons need no font: their faces are
    strokes (the characters suit two characters, numeral and 萬), every point well
    inside the 30 x 40 tile."""
    (group,) = tile_groups(check_svg(render.tile_svg(tile)))
    assert group.find(f".//{SVG}text") is None
    paths = list(group.iter(f"{SVG}path"))
    assert len(paths) == (2 if tile.kind < 9 else 0 if tile.kind == 31 else 1)
    for path in paths:
        assert path.get("fill") == "none" and path.get("stroke-linecap") == "round"
        for x, y in _points(path.get("d", "")):
            assert 2 <= x <= 28 and 2 <= y <= 38, (tile, x, y)


def test_tile_symbols_hold_each_face_once() -> None:
    """Each symbol is the tile's picture as ``tile_svg`` draws it: the body and the face."""
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{render.tile_symbols()}</svg>')
    symbols = {s.get("id"): s for s in root.iter(f"{SVG}symbol")}
    faces = [*(Tile(k) for k in range(34)), *parse_tiles("0m0p0s")]
    assert list(symbols) == [f"mj-{t}" for t in faces] + ["mj-back"]
    for tile in faces:
        (group,) = tile_groups(ET.fromstring(render.tile_svg(tile)))
        assert [ET.tostring(e) for e in symbols[f"mj-{tile}"]] == [ET.tostring(e) for e in group]
    assert render.tile_symbols("t_").count('id="t_') == 38


@pytest.mark.parametrize("prefix", ["", "a b", '"><x', "mj-é", 5, "x" * 21])
def test_a_bad_symbol_prefix_is_refused(prefix: Any) -> None:
    with pytest.raises(MahjongError, match="a symbol prefix is"):
        render.tile_symbols(prefix)


@pytest.mark.parametrize(("notation", "layout"), MELDS)
def test_meld_slots_lie_as_the_pictures_do(notation: str, layout: str) -> None:
    meld = Meld.parse(notation)
    slots = render.meld_slots(meld)
    assert sorted(str(t) for tiles, _, _ in slots for t in tiles) == sorted(
        str(t) for t in meld.tiles)
    assert sum(hidden for _, _, hidden in slots) == layout.count("#")
    assert sum(sideways for _, sideways, _ in slots) == layout.count("(")
    assert render.meld_unicode(meld).count("(") == layout.count("(")
    with pytest.raises(InvalidMeldError):
        render.meld_slots("pon:555m")  # type: ignore[arg-type]


def test_yaku_lines_and_value_line_are_the_texts_lines() -> None:
    result, hand, tile = _win("234m406p23455s66z", "6z", riichi=True, seat_wind="S")
    text = render.result_unicode(result, hand, tile).splitlines()
    assert ", ".join(f"{n} {h}" for n, h in render.yaku_lines(result)) == text[1]
    assert text[2].startswith(render.value_line(result) + ";")
    assert render.yaku_lines(result, language="romaji")[0] == ("riichi", 1)
    with pytest.raises(InvalidHandError):
        render.value_line(NoWin(NoWinReason.NO_YAKU))  # type: ignore[arg-type]
