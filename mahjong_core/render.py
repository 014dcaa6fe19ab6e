"""Pictures of tiles, hands, melds and scored wins: Unicode mahjong tiles and SVG.

**Unicode** uses the Mahjong Tiles block (U+1F000-U+1F02B): the winds 🀀🀁🀂🀃, the
dragons haku 🀆, hatsu 🀅 and chun 🀄, the characters (man) 🀇-🀏, the bamboos (sou)
🀐-🀘, the circles (pin) 🀙-🀡 and the back of a tile 🀫. The block has no red five, so a
red five is its five followed by ``RED_MARK`` (``*``): ``🀋*`` is 0m. A meld is written
as it lies on the table, seen by the player who made it: the tile called from a discard
lies sideways on the side it came from (left from kamicha, in the middle from toimen,
right from shimocha) and is shown in parentheses, ``(🀙)🀚🀛``; an added kan lays its
fourth tile on the sideways one, ``🀙(🀙🀙)🀙``; a closed kan shows its two end tiles
face down, ``🀫🀋*🀋🀫``. A meld whose source is not known lies straight. A hand is its
concealed tiles, then each meld in the order it was made, a space before each.

**SVG** pictures are self-contained (no font, image or style sheet is fetched: faces
are drawn with shapes, and text uses the viewer's own sans-serif font): each tile is a
rounded rectangle in a ``<g class="tile">`` group whose ``data-tile`` attribute holds the
tile in mpsz notation; the circles and bamboos are drawn dot by dot and stick by stick,
a characters tile shows its numeral (一 to 九) over 萬, the winds their characters
東 南 西 北, hatsu a green 發 and chun a red 中, every character drawn stroke by stroke;
haku is a blue frame. A red five is drawn in ``RED`` (its group also has the
class ``red``), a colour no other tile uses; a sideways tile is rotated a quarter turn
(class ``sideways``), a face-down tile shows its back (class ``back``); melds and the
winning tile are set apart by a gap.

>>> from mahjong_core import Hand, Meld
>>> Hand.parse("123m406p789s11z pon:777z:7z:toimen").unicode()
'🀇🀈🀉🀜🀝*🀞🀖🀗🀘🀀🀀 🀄(🀄)🀄'
>>> Meld.parse("chi:345s:3s:kamicha").unicode()
'(🀒)🀓🀔'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Literal, NamedTuple
from xml.sax.saxutils import escape

from . import _kanji
from .errors import InvalidHandError, InvalidMeldError, InvalidTileError, MahjongError, quote
from .hand import Hand
from .meld import Meld, MeldKind, Relative
from .tile import MAX_TILES, Tile, format_tiles

if TYPE_CHECKING:
    from .scoring import WinResult

__all__ = [
    "BACK",
    "RED",
    "RED_MARK",
    "Language",
    "hand_svg",
    "hand_unicode",
    "meld_slots",
    "meld_svg",
    "meld_unicode",
    "result_svg",
    "result_unicode",
    "tile_svg",
    "tile_symbols",
    "tile_unicode",
    "tiles_svg",
    "tiles_unicode",
    "value_line",
    "yaku_lines",
]

RED_MARK = "*"
"""What follows a red five's glyph in Unicode text (the block has no red five)."""
BACK = "\U0001F02B"
"""The Unicode back of a tile (a face-down tile of a closed kan)."""
RED = "#e8212b"
"""The colour of a red five's face in SVG; no other tile face uses it."""

Language = Literal["english", "japanese", "romaji"]
"""The names a scored win's picture gives its yaku and dora: the romaji names of the
``score`` interface (``Yaku.json_name``, ``dora``, ``aka``, ``ura``: the default, the one
vocabulary of every output), or their English (``Yaku.english``) or Japanese
(``Yaku.japanese``) translations."""

_HONOURS = "\U0001F000\U0001F001\U0001F002\U0001F003\U0001F006\U0001F005\U0001F004"
"""East, south, west, north, haku (white), hatsu (green), chun (red): kinds 27-33."""
_SUIT_STARTS = (0x1F007, 0x1F019, 0x1F010)
"""The first glyph of the characters (man), circles (pin) and bamboos (sou)."""


# -- checking what is given -----------------------------------------------------------


def _tile(value: object) -> Tile:
    if not isinstance(value, Tile):
        raise InvalidTileError(f"expected a Tile, got {quote(value)}")
    return value


def _tiles(values: Iterable[Tile]) -> list[Tile]:
    if isinstance(values, str | bytes | bytearray) or not isinstance(values, Iterable):
        raise InvalidTileError(f"expected an iterable of Tile, got {quote(values)}")
    tiles: list[Tile] = []
    for value in values:
        if len(tiles) == MAX_TILES:
            raise InvalidTileError(f"more than the {MAX_TILES} tiles there are")
        tiles.append(_tile(value))
    return tiles


def _meld(value: object) -> Meld:
    if not isinstance(value, Meld):
        raise InvalidMeldError(f"expected a Meld, got {quote(value)}")
    return value


def _hand(value: object) -> Hand:
    if not isinstance(value, Hand):
        raise InvalidHandError(f"expected a Hand, got {quote(value)}")
    return value


def _language(value: object) -> Language:
    if type(value) is str and value in _LANGUAGES:
        return _LANGUAGES[value]
    raise MahjongError(f"language is 'english', 'japanese' or 'romaji', not {quote(value)}")


_LANGUAGES: dict[str, Language] = {"english": "english", "japanese": "japanese",
                                   "romaji": "romaji"}


# -- the layout shared by both pictures -------------------------------------------------


class _Slot(NamedTuple):
    """One place in a row: an upright tile, or one or two tiles lying sideways (an
    added kan's tile lies on the called one). A face-down tile has ``hidden``."""

    tiles: tuple[Tile, ...]
    sideways: bool = False
    hidden: bool = False


_Group = tuple[_Slot, ...]


def _upright(tiles: Iterable[Tile]) -> _Group:
    return tuple(_Slot((t,)) for t in tiles)


_CALLED_AT = {Relative.KAMICHA: 0, Relative.TOIMEN: 1, Relative.SHIMOCHA: -1}
"""Where a called tile lies, counted from the left (-1: the right end)."""


def _meld_group(meld: Meld) -> _Group:
    """A meld's tiles as they lie on the table, seen by the player who made it."""
    tiles = list(meld.tiles)
    if meld.kind is MeldKind.ANKAN:
        return (_Slot((tiles[1],), hidden=True), _Slot((tiles[0],)), _Slot((tiles[2],)),
                _Slot((tiles[3],), hidden=True))
    source = meld.called_from
    if source is None:
        return _upright(tiles)
    called = meld.called
    if called is None or called not in tiles:  # unknown: a plain copy, else the lowest
        plain = [t for t in tiles if not t.red]
        called = plain[0] if meld.kind is not MeldKind.CHI and plain else tiles[0]
    tiles.remove(called)
    lying: tuple[Tile, ...] = (called,)
    if meld.kind is MeldKind.SHOUMINKAN:  # the added tile lies on the called one
        lying = (called, tiles.pop())
    slots = list(_upright(tiles))
    at = _CALLED_AT[source]
    slots.insert(len(slots) if at == -1 else at, _Slot(lying, sideways=True))
    return tuple(slots)


def _hand_groups(hand: Hand, win_tile: Tile | None = None) -> list[_Group]:
    groups = [_upright(hand.tiles)]
    if win_tile is not None:
        groups.append(_upright([win_tile]))
    groups += [_meld_group(m) for m in hand.melds]
    return groups


# -- Unicode ------------------------------------------------------------------------------


def tile_unicode(tile: Tile) -> str:
    """A tile's glyph, followed by ``RED_MARK`` for a red five.

    Raises InvalidTileError for anything but a Tile.

    >>> tile_unicode(Tile.parse("1z")), tile_unicode(Tile.parse("0p"))
    ('🀀', '🀝*')
    """
    kind = _tile(tile).kind
    if kind >= 27:
        return _HONOURS[kind - 27]
    glyph = chr(_SUIT_STARTS[kind // 9] + kind % 9)
    return glyph + RED_MARK if tile.red else glyph


def tiles_unicode(tiles: Iterable[Tile]) -> str:
    """Tiles' glyphs in the order given, with nothing between them.

    Raises InvalidTileError for anything but Tile values (at most 136).

    >>> from mahjong_core import parse_tiles
    >>> tiles_unicode(parse_tiles("19m19p19s1234567z"))
    '🀇🀏🀙🀡🀐🀘🀀🀁🀂🀃🀆🀅🀄'
    """
    return "".join(tile_unicode(t) for t in _tiles(tiles))


def _group_unicode(group: _Group) -> str:
    parts = []
    for slot in group:
        text = BACK if slot.hidden else "".join(tile_unicode(t) for t in slot.tiles)
        parts.append(f"({text})" if slot.sideways else text)
    return "".join(parts)


def meld_unicode(meld: Meld) -> str:
    """A meld as it lies on the table (see the module's description).

    Raises InvalidMeldError for anything but a Meld.

    >>> meld_unicode(Meld.parse("shouminkan:5555p:5p:shimocha"))
    '🀝🀝(🀝🀝)'
    >>> meld_unicode(Meld.parse("ankan:0555m"))
    '🀫🀋*🀋🀫'
    """
    return _group_unicode(_meld_group(_meld(meld)))


def hand_unicode(hand: Hand) -> str:
    """A hand: its concealed tiles, then each meld after a space.

    Raises InvalidHandError for anything but a Hand.

    >>> hand_unicode(Hand.parse("1112345678999m"))
    '🀇🀇🀇🀈🀉🀊🀋🀌🀍🀎🀏🀏🀏'
    """
    return " ".join(_group_unicode(g) for g in _hand_groups(_hand(hand)))


def _result_groups(result: WinResult, hand: Hand | None,
                   win_tile: Tile | None) -> list[_Group]:
    """The picture of a win: the hand and the winning tile set apart when they are
    given, else the reading that scored: each concealed group (thirteen orphans as
    one), then the melds, a five of each red five's kind drawn red (the first such in
    the picture: the result keeps which fives were red, not in which group)."""
    from .scoring import WinResult

    if not isinstance(result, WinResult):
        raise InvalidHandError(f"expected a WinResult, got {quote(result)}")
    if (hand is None) != (win_tile is None):
        raise InvalidHandError("give both the hand before the win and the winning tile, "
                               "or neither")
    if hand is not None:
        return _hand_groups(_hand(hand), _tile(win_tile))
    from .shapes import Form, GroupKind

    reading = result.decomposition
    reds = {red.kind: red for red in result.red_fives}

    def tiles_of(kinds: Iterable[int]) -> list[Tile]:
        return [reds.pop(k) if k in reds else Tile(k) for k in kinds]

    concealed = [g for g in reading.groups if not g.melded]
    if reading.form is Form.THIRTEEN_ORPHANS:
        kinds = sorted(k for g in concealed for k in g.kinds)
        groups: list[_Group] = [_upright(tiles_of(kinds))]
    else:
        groups = [_upright(tiles_of(g.kinds)) for g in concealed]
    for group in reading.groups:
        if not group.melded:
            continue
        tiles = tiles_of(group.kinds)
        if group.kind is GroupKind.KAN and not group.open:   # its red five face up
            groups.append((_Slot((tiles[1],), hidden=True), *_upright([tiles[0], tiles[2]]),
                           _Slot((tiles[3],), hidden=True)))
        else:
            groups.append(_upright(tiles))
    return groups


_DORA_NAMES = {"english": ("Dora", "Red fives", "Ura dora"),
               "japanese": ("ドラ", "赤ドラ", "裏ドラ"),
               "romaji": ("dora", "aka", "ura")}


def _yaku_lines(result: WinResult, language: Language) -> list[tuple[str, int]]:
    """(name, han) of each yaku, then of each kind of dora held."""
    lines = []
    for yaku, han in result.yaku_han:
        name = (yaku.english if language == "english" else
                yaku.japanese if language == "japanese" else yaku.json_name)
        lines.append((name, han))
    for name, count in zip(_DORA_NAMES[language], (result.dora, result.aka, result.ura),
                           strict=True):
        if count:
            lines.append((name, count))
    return lines


def _summary(result: WinResult) -> str:
    """``4 han 40 fu, mangan: 8000 points`` (a yakuman without han and fu)."""
    limit = result.limit
    if result.yakuman:
        assert limit is not None
        return f"{limit.value.replace('_', ' ')}: {result.points} points"
    head = f"{result.han} han {result.fu} fu"
    if limit is not None:
        head += f", {limit.value.replace('_', ' ')}"
    return f"{head}: {result.points} points"


def _payments(result: WinResult) -> str:
    """Who pays what: ``ron: the discarder pays 2900; 3900 in all``."""
    pay = result.payments
    if pay.non_dealer_payers == 0:
        parts = [f"ron: the discarder pays {pay.discarder}"]
    elif pay.non_dealer_payers == pay.players - 1:
        parts = [f"tsumo: each other player pays {pay.non_dealer}"]
    else:
        parts = [f"tsumo: the dealer pays {pay.dealer}, each other player {pay.non_dealer}"]
    if pay.liable:
        parts.append(f"the liable player pays {pay.liable}")
    if pay.sticks:
        parts.append(f"{pay.sticks} in riichi sticks")
    return "; ".join([*parts, f"{pay.total} in all"])


def result_unicode(result: WinResult, hand: Hand | None = None, win_tile: Tile | None = None,
                   *, language: Language = "romaji") -> str:
    """A scored win in three lines: the picture, the yaku and dora with their han, and
    the value with who pays what.

    With ``hand`` (the hand before the win) and ``win_tile``, as given to ``evaluate``,
    the picture is that hand with the winning tile set apart before the melds; without
    them it is the reading that scored, each concealed group (the pair first) and then
    the melds, a space between two (the result keeps which fives were red but not in
    which group, nor which tile was called). ``language`` names the yaku.
    Raises InvalidHandError for anything but a WinResult, or only one of ``hand`` and
    ``win_tile``; MahjongError for an unknown ``language``.

    >>> from mahjong_core import Hand, Tile, WinContext, evaluate
    >>> hand, tile = Hand.parse("234m406p23455s66z"), Tile.parse("6z")
    >>> result = evaluate(hand, tile, WinContext(riichi=True, seat_wind="S"))
    >>> print(result_unicode(result, hand, tile))
    🀈🀉🀊🀜🀝*🀞🀑🀒🀓🀔🀔🀅🀅 🀅
    riichi 1, hatsu 1, aka 1
    3 han 40 fu: 5200 points; ron: the discarder pays 5200; 5200 in all
    """
    language = _language(language)
    groups = _result_groups(result, hand, win_tile)
    yaku = ", ".join(f"{name} {han}" for name, han in _yaku_lines(result, language))
    picture = " ".join(_group_unicode(g) for g in groups)
    return "\n".join([picture, yaku, f"{_summary(result)}; {_payments(result)}"])


# -- SVG ------------------------------------------------------------------------------------

_W, _H = 30, 40
"""A tile's width and height."""
_STEP = 1
"""Space between two tiles of a group."""
_GAP = 10
"""Space between groups (the concealed tiles, the winning tile, each meld)."""
_PAD = 4
_LINE = 18
"""Height of a line of text under a win's picture."""

_FACE = "#fbf8ef"
_EDGE = "#6d6a60"
_BACK_FILL = "#e0902f"
_INK = "#1c1c1c"
_BLUE = "#1f4f93"
_GREEN = "#1f7a3b"
_DRAGON_RED = "#a5201c"
_MAN_RED = "#9b1b1b"

_DOTS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((15, 20),),
    2: ((15, 11), (15, 29)),
    3: ((8, 9), (15, 20), (22, 31)),
    4: ((9, 12), (21, 12), (9, 28), (21, 28)),
    5: ((8.5, 10), (21.5, 10), (15, 20), (8.5, 30), (21.5, 30)),
    6: ((9, 9), (21, 9), (9, 20), (21, 20), (9, 31), (21, 31)),
    7: ((7, 7), (15, 10.5), (23, 14), (9, 24), (21, 24), (9, 33), (21, 33)),
    8: ((9, 7), (21, 7), (9, 15.7), (21, 15.7), (9, 24.3), (21, 24.3), (9, 33), (21, 33)),
    9: ((7.5, 9), (15, 9), (22.5, 9), (7.5, 20), (15, 20), (22.5, 20), (7.5, 31), (15, 31),
        (22.5, 31)),
}
"""Where a circles tile's dots sit, by rank."""
_DOT_RADIUS = {1: 10.0, 2: 6.5, 3: 5.0, 4: 5.0, 5: 4.5, 6: 4.5, 7: 3.7, 8: 3.7, 9: 3.7}

_STICKS: dict[int, tuple[tuple[float, float, float], ...]] = {
    1: ((15, 20, 26),),
    2: ((15, 11, 12), (15, 29, 12)),
    3: ((15, 11, 12), (9, 29, 12), (21, 29, 12)),
    4: ((9, 11, 12), (21, 11, 12), (9, 29, 12), (21, 29, 12)),
    5: ((8, 11, 12), (22, 11, 12), (15, 20, 12), (8, 29, 12), (22, 29, 12)),
    6: ((7, 11, 12), (15, 11, 12), (23, 11, 12), (7, 29, 12), (15, 29, 12), (23, 29, 12)),
    7: ((15, 8, 9), (7, 20, 9), (15, 20, 9), (23, 20, 9), (7, 32, 9), (15, 32, 9),
        (23, 32, 9)),
    8: ((6, 11, 12), (12, 11, 12), (18, 11, 12), (24, 11, 12), (6, 29, 12), (12, 29, 12),
        (18, 29, 12), (24, 29, 12)),
    9: ((7, 8, 9), (15, 8, 9), (23, 8, 9), (7, 20, 9), (15, 20, 9), (23, 20, 9), (7, 32, 9),
        (15, 32, 9), (23, 32, 9)),
}
"""Where a bamboos tile's sticks sit, by rank: (centre x, centre y, length)."""


def _circles(rank: int, red: bool) -> list[str]:
    radius = _DOT_RADIUS[rank]
    parts = []
    for index, (x, y) in enumerate(_DOTS[rank]):
        colour = RED if red else (_BLUE if (index + rank) % 2 else _GREEN)
        parts.append(f'<circle cx="{x}" cy="{y}" r="{radius}" fill="{colour}"/>')
        parts.append(f'<circle cx="{x}" cy="{y}" r="{radius * 0.45:.2f}" fill="none" '
                     f'stroke="{_FACE}" stroke-width="{max(radius * 0.18, 0.7):.2f}"/>')
    return parts


def _bamboos(rank: int, red: bool) -> list[str]:
    width = 3.6 if rank == 8 else 4.4 if rank != 1 else 6.0
    parts = []
    for index, (x, y, length) in enumerate(_STICKS[rank]):
        colour = RED if red else (_BLUE if rank in (5, 9) and index == len(
            _STICKS[rank]) // 2 else _GREEN)
        parts.append(f'<rect x="{x - width / 2:.2f}" y="{y - length / 2:.2f}" '
                     f'width="{width}" height="{length}" rx="{width / 2.5:.2f}" '
                     f'fill="{colour}"/>')
        parts.append(f'<line x1="{x - width / 2:.2f}" y1="{y}" x2="{x + width / 2:.2f}" '
                     f'y2="{y}" stroke="{_FACE}" stroke-width="0.8"/>')
    return parts


def _strokes(glyph: _kanji.Glyph, box: tuple[float, float, float, float], colour: str,
             width: float) -> str:
    """A character's strokes drawn with a round pen in ``box`` (x, y, width, height)."""
    return (f'<path d="{_kanji.path_data(glyph, *box)}" fill="none" stroke="{colour}" '
            f'stroke-width="{width}" stroke-linecap="round" stroke-linejoin="round"/>')


def _face(tile: Tile) -> list[str]:
    """The marks on a tile's face, in a 30 x 40 box: the characters suit's numeral over
    萬, the circles' dots, the bamboos' sticks, the winds' and dragons' characters."""
    kind = tile.kind
    if kind < 9:
        numeral = RED if tile.red else _INK
        sign = RED if tile.red else _MAN_RED
        return [_strokes(_kanji.NUMERALS[kind], (6, 3.5, 18, 15), numeral, 2.3),
                _strokes(_kanji.MAN, (5, 20, 20, 17), sign, 1.5)]
    if kind < 18:
        return _circles(kind - 8, tile.red)
    if kind < 27:
        return _bamboos(kind - 17, tile.red)
    if kind < 31:
        return [_strokes(_kanji.WINDS[kind - 27], (4, 7, 22, 26), _INK, 2.4)]
    if kind == 31:  # haku: an empty blue frame
        return [f'<rect x="6" y="7" width="18" height="26" rx="2" fill="none" '
                f'stroke="{_BLUE}" stroke-width="2.4"/>']
    if kind == 32:
        return [_strokes(_kanji.DRAGONS[0], (3.5, 6, 23, 28), _GREEN, 1.9)]
    return [_strokes(_kanji.DRAGONS[1], (4, 6, 22, 28), _DRAGON_RED, 2.8)]


def _tile_group(tile: Tile, transform: str, *, sideways: bool = False,
                hidden: bool = False) -> str:
    """One tile: a rounded rectangle and its face, in a group of its own."""
    classes = "tile" + (" red" if tile.red else "") + (" sideways" if sideways else "") + (
        " back" if hidden else "")
    body = (f'<rect x="0.5" y="0.5" width="{_W - 1}" height="{_H - 1}" rx="4" '
            f'fill="{_BACK_FILL if hidden else _FACE}" stroke="{_EDGE}"/>')
    face = "" if hidden else "".join(_face(tile))
    return (f'<g class="{classes}" data-tile="{tile}" transform="{transform}">'
            f'{body}{face}</g>')


def _row_height(groups: Sequence[_Group]) -> int:
    stacked = any(len(s.tiles) > 1 for g in groups for s in g)
    return 2 * _W + _STEP if stacked else _H


def _draw_groups(groups: Sequence[_Group], top: float) -> tuple[list[str], float]:
    """The tiles of a row whose bottom edge is at ``top`` plus the row's height, and
    the row's width."""
    bottom = top + _row_height(groups)
    parts: list[str] = []
    x: float = 0
    for number, group in enumerate(g for g in groups if g):
        if number:
            x += _GAP
        for index, slot in enumerate(group):
            if index:
                x += _STEP
            if slot.sideways:
                for level, tile in enumerate(slot.tiles):
                    y = bottom - level * (_W + _STEP)
                    parts.append(_tile_group(tile, f"translate({x:g} {y:g}) rotate(-90)",
                                             sideways=True))
                x += _H
            else:
                parts.append(_tile_group(slot.tiles[0], f"translate({x:g} {bottom - _H:g})",
                                         hidden=slot.hidden))
                x += _W
    return parts, x


def _text_width(line: str) -> float:
    """About how wide a line of 13-pixel text is (wide East Asian characters count
    about twice)."""
    return sum(13.0 if unicodedata.east_asian_width(c) in "WF" else 7.2 for c in line)


def _svg(groups: Sequence[_Group], title: str, lines: Sequence[str] = ()) -> str:
    """A whole picture: the row of tiles, then lines of text under it."""
    tiles, width = _draw_groups(groups, _PAD)
    row = _row_height(groups)
    text_width = max((_text_width(line) for line in lines), default=0)
    full_width = _PAD * 2 + max(width, text_width)
    height = _PAD * 2 + row + _LINE * len(lines) + (4 if lines else 0)
    texts = [f'<text x="{_PAD}" y="{_PAD + row + 4 + _LINE * (i + 1) - 5}" '
             f'font-family="sans-serif" font-size="13" fill="{_INK}">{escape(line)}</text>'
             for i, line in enumerate(lines)]
    size = f"{full_width:g}", f"{height:g}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size[0]}" height="{size[1]}" '
            f'viewBox="0 0 {size[0]} {size[1]}" role="img">'
            f'<title>{escape(title)}</title>'
            f'<g transform="translate({_PAD} 0)">{"".join(tiles)}</g>'
            f'{"".join(texts)}</svg>')


def tile_svg(tile: Tile) -> str:
    """One tile as an SVG picture.

    Raises InvalidTileError for anything but a Tile.
    """
    tile = _tile(tile)
    return _svg([_upright([tile])], str(tile))


def tiles_svg(tiles: Iterable[Tile]) -> str:
    """Tiles side by side, in the order given, as an SVG picture.

    Raises InvalidTileError for anything but Tile values (at most 136).
    """
    items = _tiles(tiles)
    return _svg([_upright(items)], format_tiles(items) if items else "no tiles")


def meld_svg(meld: Meld) -> str:
    """A meld as it lies on the table, as an SVG picture (the called tile sideways).

    Raises InvalidMeldError for anything but a Meld.
    """
    meld = _meld(meld)
    return _svg([_meld_group(meld)], str(meld))


def hand_svg(hand: Hand) -> str:
    """A hand as an SVG picture: the concealed tiles, then each meld set apart.

    Raises InvalidHandError for anything but a Hand.

    >>> svg = hand_svg(Hand.parse("123m55p789s11z pon:777z:7z:toimen"))
    >>> svg.count('class="tile'), svg.count('class="tile sideways"')
    (13, 1)
    """
    hand = _hand(hand)
    return _svg(_hand_groups(hand), str(hand))


def result_svg(result: WinResult, hand: Hand | None = None, win_tile: Tile | None = None,
               *, language: Language = "romaji") -> str:
    """A scored win as an SVG picture: the tiles as ``result_unicode`` shows them, then
    a line for each yaku and kind of dora with its han, the value and the payments.

    Raises as ``result_unicode`` does.
    """
    language = _language(language)
    groups = _result_groups(result, hand, win_tile)
    lines = [f"{name}: {han} han" for name, han in _yaku_lines(result, language)]
    lines += [_summary(result), _payments(result)]
    if hand is not None:
        title = f"{hand} winning on {win_tile}"
    else:
        title = str(result.decomposition)
    return _svg(groups, title, lines)



# -- pieces for pages that draw many tiles --------------------------------------------------

FACES: tuple[Tile, ...] = (*(Tile(kind) for kind in range(34)),
                           *(Tile(kind, red=True) for kind in (4, 13, 22)))
"""Every tile face: the 34 kinds, then the red fives 0m, 0p and 0s."""


def tile_symbols(prefix: str = "mj-") -> str:
    """SVG ``<symbol>`` definitions of every tile face and of the back, 30 x 40 each:
    ``prefix`` and the tile's mpsz name (``mj-5m``, ``mj-0m``, ``mj-7z``) or ``back``.
    A page holds them once and draws each tile with ``<use href="#mj-5m">``.

    Raises MahjongError for a prefix that is not letters, digits, ``-`` or ``_``.

    >>> symbols = tile_symbols()
    >>> symbols.count("<symbol "), 'id="mj-0m"' in symbols, 'id="mj-back"' in symbols
    (38, True, True)
    """
    if type(prefix) is not str or not prefix.replace("-", "").replace("_", "").isalnum() or (
            not prefix.isascii() or len(prefix) > 20):
        raise MahjongError(f"a symbol prefix is up to 20 ASCII letters, digits, - or _, "
                           f"not {quote(prefix)}")
    parts = []
    for name, fill, face in [*((str(t), _FACE, "".join(_face(t))) for t in FACES),
                             ("back", _BACK_FILL, "")]:
        parts.append(f'<symbol id="{prefix}{name}" viewBox="0 0 {_W} {_H}">'
                     f'<rect x="0.5" y="0.5" width="{_W - 1}" height="{_H - 1}" rx="4" '
                     f'fill="{fill}" stroke="{_EDGE}"/>{face}</symbol>')
    return "".join(parts)


def meld_slots(meld: Meld) -> tuple[tuple[tuple[Tile, ...], bool, bool], ...]:
    """A meld's tiles as they lie on the table, left to right as the player who made it
    sees them: each slot is (tiles, sideways, face down). The called tile lies sideways
    on the side it came from, an added kan's tile lies on it (a slot of two tiles), and
    a closed kan's end tiles lie face down.

    Raises InvalidMeldError for anything but a Meld.

    >>> [(str(t[0]), side) for t, side, _ in meld_slots(Meld.parse("pon:055p:0p:toimen"))]
    [('5p', False), ('0p', True), ('5p', False)]
    """
    return tuple((slot.tiles, slot.sideways, slot.hidden) for slot in _meld_group(_meld(meld)))


def yaku_lines(result: WinResult, *, language: Language = "romaji"
               ) -> list[tuple[str, int]]:
    """(name, han) of each yaku of a scored win, then of each kind of dora it holds, as
    ``result_svg`` lists them; ``language`` names the yaku.

    Raises InvalidHandError for anything but a WinResult; MahjongError for an unknown
    ``language``.
    """
    from .scoring import WinResult

    if not isinstance(result, WinResult):
        raise InvalidHandError(f"expected a WinResult, got {quote(result)}")
    return _yaku_lines(result, _language(language))


def value_line(result: WinResult) -> str:
    """A scored win's value in words: ``4 han 40 fu, mangan: 8000 points`` (a yakuman
    without han and fu).

    Raises InvalidHandError for anything but a WinResult.
    """
    from .scoring import WinResult

    if not isinstance(result, WinResult):
        raise InvalidHandError(f"expected a WinResult, got {quote(result)}")
    return _summary(result)
