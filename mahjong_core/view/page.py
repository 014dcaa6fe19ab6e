"""The replay page: one self-contained HTML file per game.

The page holds everything it shows: the tile faces as SVG symbols (from ``render``), its
own style sheet and script (``viewer.css`` and ``viewer.js`` beside this module, written
inline), and the game as JSON (``page_data``). Nothing is fetched, so the file works
offline and alone. The frames of each round are written as changes: the first frame
whole, each later one only with what differs from the frame before (a list that changes
in a few places as ``{"index": value}``); the script puts the states back together.
"""

from __future__ import annotations

import functools
import html
import importlib.resources
import itertools
import json
import typing
from collections.abc import Sequence

from .. import render
from ..errors import InvalidContextError, MahjongError, quote
from ..formats.logs import LogFormat, parse_game
from ..formats.replay import replay_game
from ..meld import Meld
from ..render import Language
from ..table import Draw, DrawKind, GameRecord, Win
from ..tile import Tile
from .frames import Frame, RoundView, SeatView, game_views

__all__ = ["JsonObject", "frame_state", "game_html", "log_html", "meld_code", "notebook_html",
           "page_data"]

JsonObject = dict[str, object]
"""A JSON object as the page holds it."""

_WIND_NAMES = ("East", "South", "West", "North")
_DRAW_NAMES = {
    DrawKind.EXHAUSTIVE: "Exhaustive draw", DrawKind.NAGASHI_MANGAN: "Nagashi mangan",
    DrawKind.NINE_TERMINALS: "Nine terminals", DrawKind.FOUR_WINDS: "Four winds",
    DrawKind.FOUR_RIICHI: "Four riichi", DrawKind.FOUR_KANS: "Four kans",
    DrawKind.TRIPLE_RON: "Triple ron", DrawKind.CHOMBO: "Chombo"}
_MAX_NAME = 64
_MAX_TITLE = 200


# -- frames as the page holds them ---------------------------------------------------------

def _tiles(tiles: Sequence[Tile]) -> str:
    """Tiles as their mpsz names one after another: ``"1m1m0p7z"``."""
    return "".join(map(str, tiles))


def meld_code(meld: Meld) -> str:
    """A meld's slots, left to right, separated by spaces: ``5p`` upright, ``-5p``
    sideways, ``=5p0p`` two tiles lying sideways one on the other, ``#5s`` face down."""
    slots = []
    for tiles, sideways, hidden in render.meld_slots(meld):
        mark = "#" if hidden else "=" if len(tiles) > 1 else "-" if sideways else ""
        slots.append(mark + _tiles(tiles))
    return " ".join(slots)


_SeatCode = tuple[str, str, list[str], str, str, int, int]
"""A seat as the page holds it: ``h``, ``n``, ``m``, ``r``, ``k``, ``q`` and ``s``."""


def _seat_code(seat: SeatView) -> _SeatCode:
    river = "".join(("-" if r.sideways else "") + ("~" if r.tsumogiri else "") + str(r.tile)
                    for r in seat.river)
    return (_tiles(seat.concealed), "" if seat.drawn is None else str(seat.drawn),
            [meld_code(m) for m in seat.melds], river, _tiles(seat.kita), int(seat.riichi),
            seat.score)


def frame_state(frame: Frame, known: dict[int, tuple[SeatView, _SeatCode]] | None = None
                ) -> JsonObject:
    """A frame as the page holds it, whole: ``a`` the action (kind, seat or -1, tile or
    ""), per seat ``h`` the concealed tiles, ``n`` the tile drawn, ``m`` the melds
    (``meld_code``), ``r`` the river (each tile after ``-`` when it lies sideways and
    ``~`` when it was thrown just drawn), ``k`` the north tiles set aside, ``q`` 1 when
    its riichi stick lies on the table and ``s`` the score; then ``d`` the dora
    indicators, ``u`` the ura indicators, ``w`` the tiles left to draw, ``t`` the riichi
    sticks and ``v`` the seats laid open at the end. ``known`` keeps the seats already
    written (frames share a seat that did not change)."""
    codes = []
    for seat in frame.seats:
        if known is None:
            codes.append(_seat_code(seat))
            continue
        hit = known.get(id(seat))
        if hit is None or hit[0] is not seat:
            hit = known[id(seat)] = (seat, _seat_code(seat))
        codes.append(hit[1])
    columns = list(zip(*codes, strict=True))
    return {
        "a": [frame.kind.value, -1 if frame.seat is None else frame.seat,
              "" if frame.tile is None else str(frame.tile)],
        "h": list(columns[0]), "n": list(columns[1]), "m": list(columns[2]),
        "r": list(columns[3]), "k": list(columns[4]), "q": list(columns[5]),
        "s": list(columns[6]),
        "d": _tiles(frame.dora), "u": _tiles(frame.ura), "w": frame.live, "t": frame.sticks,
        "v": list(frame.revealed),
    }


def _changes(before: JsonObject, after: JsonObject) -> JsonObject:
    """What ``after`` changes of ``before``: changed keys, a list of the same length
    that changes in fewer places than half as ``{"index": value}``. The action ``a`` is
    always written."""
    out: JsonObject = {}
    for key, value in after.items():
        old = before.get(key)
        if key == "a":
            out[key] = value
            continue
        if value == old:
            continue
        if isinstance(value, list) and isinstance(old, list) and len(value) == len(old):
            changed = {str(i): v for i, (v, w) in enumerate(zip(value, old, strict=True))
                       if v != w}
            if len(changed) * 2 < len(value):
                out[key] = changed
                continue
        out[key] = value
    return out


def _round_frames(view: RoundView) -> list[JsonObject]:
    known: dict[int, tuple[SeatView, _SeatCode]] = {}
    states = [frame_state(frame, known) for frame in view.frames]
    return states[:1] + [_changes(a, b) for a, b in itertools.pairwise(states)]


# -- results --------------------------------------------------------------------------------

def _win_json(win: Win, red_fives: bool, language: Language) -> JsonObject:
    value = win.result
    return {
        "kind": "win", "winner": win.winner, "from": win.from_seat, "tsumo": win.is_tsumo,
        "hand": _tiles(win.hand.tiles), "melds": [meld_code(m) for m in win.hand.melds],
        "tile": str(Tile.from_id136(win.win_tile, red_fives=red_fives)),
        "yaku": [[name, han] for name, han in render.yaku_lines(value, language=language)],
        "value": render.value_line(value), "points": value.points,
        "pao": win.liable, "deltas": list(win.deltas)}


def _draw_json(draw: Draw) -> JsonObject:
    return {"kind": "draw", "type": draw.kind.value, "name": _DRAW_NAMES[draw.kind],
            "tenpai": list(draw.tenpai),
            "nagashi": list(draw.nagashi), "deltas": list(draw.deltas)}


def _round_json(view: RoundView, red_fives: bool, language: Language) -> JsonObject:
    played = view.record
    players = len(played.start_scores)
    return {
        "key": view.key, "name": f"{_WIND_NAMES[played.round_wind]} {played.dealer_index + 1}",
        "honba": played.honba, "dealer": played.dealer, "wind": int(played.round_wind),
        "frames": _round_frames(view),
        "turns": [list(view.turns(seat)) for seat in range(players)],
        "results": [_win_json(r, red_fives, language) if isinstance(r, Win) else _draw_json(r)
                    for r in played.results],
        "start_scores": list(played.start_scores), "end_scores": list(played.end_scores),
        "riichi_deposits": list(played.riichi_deposits)}


# -- the page ---------------------------------------------------------------------------------

def _names(names: Sequence[str] | None, players: int) -> list[str]:
    if names is None:
        return [f"Seat {seat}" for seat in range(players)]
    if isinstance(names, str | bytes) or not isinstance(names, Sequence) or len(names) != players:
        raise InvalidContextError(f"names are {players} strings, one a seat, got {quote(names)}")
    out = []
    for name in names:
        if type(name) is not str or len(name) > _MAX_NAME:
            raise InvalidContextError(f"a player's name is a string of up to {_MAX_NAME} "
                                      f"characters, got {quote(name)}")
        out.append(name)
    return out


def _options(record: GameRecord, seat: int, open_hands: bool, title: str | None) -> None:
    if not isinstance(record, GameRecord):
        raise InvalidContextError(f"a game to show is a GameRecord, got {quote(record)}")
    players = record.table.players
    if type(seat) is not int or not 0 <= seat < players:
        raise InvalidContextError(f"the seat seen from is 0-{players - 1}, got {quote(seat)}")
    if type(open_hands) is not bool:
        raise InvalidContextError(f"open_hands is True or False, got {quote(open_hands)}")
    if title is not None and (type(title) is not str or len(title) > _MAX_TITLE):
        raise InvalidContextError(f"a title is a string of up to {_MAX_TITLE} characters, "
                                  f"got {quote(title)}")


def page_data(record: GameRecord, *, names: Sequence[str] | None = None, seat: int = 0,
              open_hands: bool = True, language: Language = "romaji") -> JsonObject:
    """The game as the page holds it: the players, each round (its key such as
    ``"E3-1"``, name, honba, dealer, frames as ``frame_state`` writes them, each seat's
    ``turns``, results, start and end scores and riichi deposits) and the final standing,
    in the words of docs/vocabulary.md.

    Raises InvalidContextError for anything but a GameRecord, names that are not one
    string (up to 64 characters) a seat, or a seat not at the table; MahjongError for an
    unknown ``language``.
    """
    _options(record, seat, open_hands, None)
    players = record.table.players
    red = record.rules.red_fives
    if type(language) is not str or language not in typing.get_args(Language):
        raise MahjongError(f"language is 'english', 'japanese' or 'romaji', not "
                           f"{quote(language)}")
    rounds = [_round_json(view, red, language) for view in game_views(record)]
    if names is None and record.names:  # a game played or read with its players' names
        names = record.names
    return {"players": players, "names": _names(names, players), "seat": seat,
            "open": open_hands, "rounds": rounds,
            "final": {"scores": list(record.final_scores), "points": list(record.points),
                      "end_reason": record.end_reason}}


@functools.cache
def _asset(name: str) -> str:
    return importlib.resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _script_json(data: JsonObject) -> str:
    """JSON safe inside a ``<script>`` element (no ``<``, ``>`` or ``&`` as such)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _fallback(record: GameRecord, names: Sequence[str]) -> str:
    """The game in text and Unicode tiles, for a reader that runs no script."""
    who = [html.escape(name) for name in names]
    red = record.rules.red_fives
    lines = []
    for played in record.rounds:
        lines.append(f"<h2>{_WIND_NAMES[played.round_wind]} {played.dealer_index + 1}, "
                     f"{played.honba} honba</h2>")
        for result in played.results:
            if isinstance(result, Win):
                tile = Tile.from_id136(result.win_tile, red_fives=red)
                how = "tsumo" if result.is_tsumo else f"ron from {who[result.from_seat]}"
                text = render.result_unicode(result.result, result.hand, tile)
                lines.append(f"<p>{who[result.winner]} wins by {how}:<br>"
                             + "<br>".join(html.escape(t) for t in text.splitlines()) + "</p>")
            else:
                lines.append(f"<p>{_DRAW_NAMES[result.kind]}</p>")
        changes = ", ".join(f"{who[seat]} {delta:+}" for seat, delta in enumerate(played.deltas))
        lines.append(f"<p>Changes: {changes}</p>")
    standing = ", ".join(f"{who[seat]} {score} ({points:+.1f})" for seat, (score, points)
                         in enumerate(zip(record.final_scores, record.points, strict=True)))
    lines.append(f"<p>Final scores: {standing}</p>")
    return "\n".join(lines)


def game_html(record: GameRecord, *, names: Sequence[str] | None = None, seat: int = 0,
              open_hands: bool = True, title: str | None = None,
              language: Language = "romaji") -> str:
    """A game as one self-contained HTML page that replays it.

    ``names`` are the players' names (one a seat; by default the record's own, else
    ``Seat 0`` ...), ``seat`` the seat at the bottom of the table, ``open_hands``
    whether every hand is shown (else only that seat's, the others laid open at the end
    of a round as the rules show them), ``title`` the page's title, ``language`` the
    names of the yaku (by default the ``score`` interface's). Raises as ``page_data``
    does, and InvalidContextError for a title that is not a string of up to 200
    characters.
    """
    _options(record, seat, open_hands, title)
    data = page_data(record, names=names, seat=seat, open_hands=open_hands,
                     language=language)
    players = data["names"]
    assert isinstance(players, list)
    heading = title if title is not None else "Mahjong game: " + ", ".join(players)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(heading)}</title><style>{_asset('viewer.css')}</style></head>\n"
        '<body><div id="viewer" class="viewer">'
        '<div class="table-wrap"><svg id="table" class="table" viewBox="0 0 800 800" '
        'role="img" aria-label="the table">'
        f'<defs>{render.tile_symbols()}</defs><g id="board"></g></svg>'
        '<div id="result" class="result" hidden></div></div>'
        '<div id="side" class="side"></div></div>\n'
        f'<noscript><div class="fallback">{_fallback(record, players)}</div></noscript>\n'
        f'<script id="mj-data" type="application/json">{_script_json(data)}</script>\n'
        f"<script>{_asset('viewer.js')}</script>\n</body></html>\n")


def log_html(document: str, fmt: LogFormat | None = None, *, seat: int = 0,
             open_hands: bool = True, title: str | None = None,
             language: Language = "romaji") -> str:
    """The page of one game log (mjlog, tenhou.net/6 JSON or mjai; ``fmt`` recognised from
    the text when None), replayed through the engine, with the players' names the log
    gives (cut to 64 characters).

    Raises InvalidLogError for a log that cannot be read, IllegalActionError for one the
    engine refuses (the message names the round and the action), and as ``game_html``
    does for bad options.
    """
    game = parse_game(document, fmt)
    record = replay_game(game)
    names = [player.name[:_MAX_NAME] for player in game.players][:record.table.players]
    if len(names) != record.table.players:
        names = [f"Seat {seat}" for seat in range(record.table.players)]
    return game_html(record, names=names, seat=seat, open_hands=open_hands, title=title,
                     language=language)


def notebook_html(record: GameRecord, *, names: Sequence[str] | None = None, seat: int = 0,
                  open_hands: bool = True, language: Language = "romaji",
                  height: int = 860) -> str:
    """The page of ``game_html`` in an ``<iframe>`` of its own, for a notebook's output
    (its script and style stay apart from the notebook's and from other games').

    Raises as ``game_html`` does, and InvalidContextError for a height that is not an
    int of 200-4000 pixels.
    """
    if type(height) is not int or not 200 <= height <= 4000:
        raise InvalidContextError(f"a height is 200-4000 pixels, got {quote(height)}")
    page = game_html(record, names=names, seat=seat, open_hands=open_hands,
                     language=language)
    return (f'<iframe srcdoc="{html.escape(page, quote=True)}" sandbox="allow-scripts" '
            f'style="width: 100%; height: {height}px; border: 0;" '
            'title="mahjong game replay"></iframe>')
