"""The tenhou.net/6 JSON log: read into a ``GameLog``, written from the engine's record.

The viewer at tenhou.net/6 (and mjai-reviewer, and most converters) take a game as one
JSON object: ``name`` (the four players), ``rule`` (``disp``, the room and rules as
Tenhou shows them, and the red fives), ``log`` (one array of 17 elements per round),
optionally ``title``, ``sc`` (the final scores and points), ``ver``, ``ref``, ``lobby``,
``dan``, ``rate`` and ``sx``. A round is ``[round, honba, sticks]``, the scores at its
start, the dora indicators, the ura indicators, then for each seat its 13 dealt tiles,
what it took (draws and calls) and what it gave (discards and kans), and the result:
``["和了", deltas, [winner, from, liable, text, yaku...], ...]`` or a drawn round's
name (``"流局"``, ``"九種九牌"``, ...) with the deltas.

Tiles are two-digit codes: 11-19 man, 21-29 pin, 31-39 sou, 41-47 east, south, west,
north, haku, hatsu, chun, and 51-53 the red fives; 60 is the tile just drawn
(tsumogiri), 0 a placeholder after an open kan. A call is a string of codes with a
letter before one of them: ``c`` a chi (the called tile first), ``p`` a pon and ``m`` an
open kan (the letter's place says whose discard: first the player on the left, second
across, last on the right), ``k`` an added kan, ``a`` a closed kan, ``r`` a riichi
discard, ``f44`` a north tile set aside (kita). Each seat's draws and discards are listed
apart; reading puts them back in play order by following the turns.

A three-player game (``三`` in ``rule.disp``) keeps four of everything, as Tenhou
writes it: the fourth name is ``""``, the fourth seat is dealt nothing, scores 0 and
gets 0 of each result. A call's letter place counts the empty seat as a place at the
table: seat 0 calls seat 2's discard from across, seat 2 calls seat 0's from across.

>>> game = parse_tenhou6('{"name": ["A", "B", "C", "D"], "rule": {"disp": "般南喰赤", '
...     '"aka": 1}, "log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [21], [], '
...     '[11,12,13,14,15,16,17,18,19,41,41,42,43], [44], [], '
...     '[21,22,23,24,25,26,27,28,29,31,31,32,33], [], [], '
...     '[31,32,33,34,35,36,37,38,39,11,11,12,13], [], [], '
...     '[12,13,14,15,16,17,18,19,46,46,47,47,45], [], [], '
...     '["和了", [48000, -16000, -16000, -16000], [0, 0, 0, "役満16000点∀", "天和(役満)"]]]]}')
>>> [type(event).__name__ for event in game.rounds[0].events]
['Draw', 'Agari']
>>> game.rounds[0].events[1].recorded.yakuman
(37,)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from typing import Any, NoReturn, TypeAlias, cast

import attrs

from .._json import JSONRefused, load_json
from ..errors import InvalidLogError, MahjongError, quote
from ..meld import MeldKind
from ..points import Limit, limit_of, payments_for
from ..table import (
    DoraRevealed,
    Draw,
    DrawKind,
    GameLength,
    GameRecord,
    KitaDeclared,
    MeldCalled,
    RoundRecord,
    TableMeld,
    TileDiscarded,
    TileDrawn,
    Win,
)
from ..tile import Tile, TileId, plain_str
from ._round_builder import DRAWN_TILE, PLACEHOLDER, RIICHI, RoundBuilder, tile_code
from .game_log import (
    Agari,
    CallKind,
    GameLog,
    LogPlayer,
    LogRound,
    LogStanding,
    Ryuukyoku,
    check_texts,
)
from .record_mjlog import DRAW_TYPES, check_names, check_source
from .tenhou_yaku import TENHOU_YAKU_NAMES, tenhou_yaku_list

__all__ = ["DAN_NAMES", "parse_tenhou6", "write_tenhou6"]

DAN_NAMES: tuple[str, ...] = (
    "新人", "９級", "８級", "７級", "６級", "５級", "４級", "３級", "２級", "１級", "初段",
    "二段", "三段", "四段", "五段", "六段", "七段", "八段", "九段", "十段", "天鳳",
)
"""Tenhou's ranks as the JSON log names them; the index is the mjlog ``dan``."""

_TSUMOGIRI = 60
_PLACEHOLDER = 0
_NORTH_CODE = 44
_KITA = "f44"
_SEATS = 4
_SANMA = "三"
_WIN = "和了"
_DRAW_KIND_NAMES = {DrawKind.NAGASHI_MANGAN: "流し満貫", DrawKind.NINE_TERMINALS: "九種九牌",
                    DrawKind.FOUR_WINDS: "四風連打", DrawKind.FOUR_RIICHI: "四家立直",
                    DrawKind.FOUR_KANS: "四槓散了", DrawKind.TRIPLE_RON: "三家和了",
                    DrawKind.CHOMBO: "錯和"}
_DRAW_NAMES: dict[str, str | None] = {
    "流局": None, "全員聴牌": None, "全員不聴": None,
    **{name: DRAW_TYPES[kind] for kind, name in _DRAW_KIND_NAMES.items()}}
"""Each drawn round's name in a log, as its mjlog type."""
_LIMIT_NAMES = {Limit.MANGAN: "満貫", Limit.HANEMAN: "跳満", Limit.BAIMAN: "倍満",
                Limit.SANBAIMAN: "三倍満"}
_ROOMS = {"般": 0x00, "上": 0x80, "特": 0x20, "鳳": 0xA0}
_ROOM_BITS = 0xA0
_SPEED = 0x40
_TEXT = re.compile(r"(?:(\d+)符(\d+)飜|満貫|跳満|倍満|三倍満|数え役満|役満)"
                   r"(\d+)(?:-(\d+))?点(∀)?")
_YAKU_TEXT = re.compile(r"(.+)\((?:(\d+)飜|(役満))\)")
_WINDS = "ESWN"

_Json: TypeAlias = "dict[str, _Json] | list[_Json] | str | int | float | bool | None"


def _fail(message: str) -> NoReturn:
    raise InvalidLogError(message)


# --- tile codes ---------------------------------------------------------------------------


_TILE_OF_CODE = {
    **{10 * suit + rank: Tile(9 * (suit - 1) + rank - 1)
       for suit in (1, 2, 3, 4) for rank in range(1, 10 if suit < 4 else 8)},
    **{51 + suit: Tile(4 + 9 * suit, red=True) for suit in (0, 1, 2)}}
"""Every tile code's tile, made once (tiles are values: one object serves every
mention)."""


def _tile_of_code(code: object, what: str) -> Tile:
    """The tile of a code 11-47 or 51-53."""
    tile = _TILE_OF_CODE.get(code) if type(code) is int else None
    if tile is not None:
        return tile
    _fail(f"{what} {quote(code)} is no tile code (11-19, 21-29, 31-39, 41-47, 51-53)")


def _code(tile: Tile) -> int:
    """The code of a tile."""
    if tile.red:
        return 51 + tile.kind // 9
    return 10 * (tile.kind // 9 + 1) + tile.kind % 9 + 1


def _hand_order(code: int) -> int:
    """Tenhou's order of dealt tiles: a red five just after the plain fives."""
    return 100 * (code - 50) + 51 if code > 50 else 10 * code


# --- reading: each seat's lists -------------------------------------------------------------


@attrs.frozen
class _Take:
    """An item of a seat's takes: a draw, or a chi, pon or open kan."""

    kind: CallKind | None
    """None for a draw."""
    tile: Tile
    """The drawn or called tile."""
    own: tuple[Tile, ...] = ()
    offset: int = 0
    """Seats after the caller of the discarder (3: the player on the left)."""


@attrs.frozen
class _Give:
    """An item of a seat's discards: a discard, a closed or added kan, or a placeholder."""

    kind: str
    """``"discard"``, ``"ankan"``, ``"kakan"``, ``"kita"`` or ``"placeholder"``."""
    tiles: tuple[Tile, ...] = ()
    """The discarded tile (none for tsumogiri), the kan's tiles, the added tile."""
    riichi: bool = False


def _codes(text: str, letters: str, what: str) -> tuple[str, int, list[Tile]]:
    """A call string's letter, the index of the code it marks, and its tiles."""
    found = [(index, char) for index, char in enumerate(text) if not char.isdigit()]
    if len(found) != 1 or found[0][1] not in letters or found[0][0] % 2:
        _fail(f"{what} {quote(text)} is no call string (two-digit codes, one of them after a "
              f"letter {'/'.join(letters)})")
    at, letter = found[0]
    digits = text[:at] + text[at + 1:]
    if len(digits) % 2 or not digits.isascii():
        _fail(f"{what} {quote(text)} is no call string (two-digit codes)")
    holds = f"{what} {quote(text)} holds"
    tiles = [_tile_of_code(int(digits[i:i + 2]), holds) for i in range(0, len(digits), 2)]
    return letter, at // 2, tiles


def _take(item: object, what: str, seat: int = 0, players: int = 4) -> _Take:
    """An item of ``seat``'s takes in a game of ``players``."""
    if type(item) is int:
        return _Take(None, _tile_of_code(item, what))
    take = _CALL_TAKES.get(item) if type(item) is str else None
    if take is None:
        take = _call_take(item, what)
    if players == 3:
        if take.kind is CallKind.CHI:
            _fail(f"{what} {item!r} is a chi, which a three-player game does not have")
        if (seat + take.offset) % _SEATS >= players:
            _fail(f"{what} {item!r} calls a tile of the empty fourth seat")
    return take


def _call_take(item: object, what: str) -> _Take:
    """A call string's take, kept in ``_CALL_TAKES`` while it has room."""
    if not isinstance(item, str):
        _fail(f"{what} {quote(item)} is a tile code or a call string")
    letter, at, tiles = _codes(item, "cpm", what)
    size = 4 if letter == "m" else 3
    if len(tiles) != size:
        _fail(f"{what} {quote(item)} holds {len(tiles)} tiles, a {'kan' if size == 4 else 'call'} "
              f"{size}")
    places = {"c": (0,), "p": (0, 1, 2), "m": (0, 1, 3)}[letter]
    if at not in places:
        _fail(f"{what} {quote(item)} marks no tile a {'chi' if letter == 'c' else 'call'} can take")
    offset = 3 if at == 0 else 2 if at == 1 else 1
    kind = {"c": CallKind.CHI, "p": CallKind.PON, "m": CallKind.MINKAN}[letter]
    take = _Take(kind, tiles[at], tuple(t for n, t in enumerate(tiles) if n != at), offset)
    if type(item) is str and len(_CALL_TAKES) < _MOST_CALL_TAKES:
        _CALL_TAKES[item] = take
    return take


_CALL_TAKES: dict[str, _Take] = {}
"""The take of each call string read so far (a game repeats few of them; reading one
costs more than its turn), up to ``_MOST_CALL_TAKES`` of them. A take is a value: one
object serves every mention."""
_MOST_CALL_TAKES = 4096


_DRAWN = {code: _Take(None, tile) for code, tile in _TILE_OF_CODE.items()}
"""The take of each tile code (a draw), made once: most of a seat's takes."""
_DISCARDED = {_TSUMOGIRI: _Give("discard"), _PLACEHOLDER: _Give("placeholder"),
              **{code: _Give("discard", (tile,)) for code, tile in _TILE_OF_CODE.items()}}
"""The discard item of each number a seat's discards may hold, made once: most of them."""


def _takes(items: list[object], where: str, seat: int, players: int) -> list[_Take]:
    """A seat's takes (``where`` names the round; an item's own name is made only for a
    message)."""
    takes = []
    for n, item in enumerate(items):
        take = _DRAWN.get(item) if type(item) is int else None
        takes.append(take if take is not None
                     else _take(item, f"{where}: seat {seat}'s take {n}", seat, players))
    return takes


def _gives(items: list[object], where: str, seat: int) -> list[_Give]:
    """A seat's discards (``where`` names the round)."""
    gives = []
    for n, item in enumerate(items):
        give = _DISCARDED.get(item) if type(item) is int else None
        gives.append(give if give is not None
                     else _give(item, f"{where}: seat {seat}'s discard {n}"))
    return gives


def _give(item: object, what: str) -> _Give:
    if type(item) is int:
        if item == _TSUMOGIRI:
            return _Give("discard")
        if item == _PLACEHOLDER:
            return _Give("placeholder")
        return _Give("discard", (_tile_of_code(item, what),))
    if not isinstance(item, str):
        _fail(f"{what} {quote(item)} is a tile code or a riichi, kan or kita string")
    if item.startswith("f"):
        if item != _KITA:
            _fail(f"{what} {quote(item)} is no kita ({_KITA!r}: a north tile set aside)")
        return _Give("kita", (_tile_of_code(_NORTH_CODE, what),))
    if item.startswith("r"):
        rest = item[1:]
        if not rest.isdigit() or len(rest) != 2:
            _fail(f"{what} {quote(item)} is no riichi discard (r and a tile code or 60)")
        code = int(rest)
        return _Give("discard", () if code == _TSUMOGIRI else (_tile_of_code(code, what),),
                     riichi=True)
    letter, at, tiles = _codes(item, "ak", what)
    if len(tiles) != 4:
        _fail(f"{what} {quote(item)} holds {len(tiles)} tiles, a kan 4")
    if letter == "a":
        return _Give("ankan", tuple(tiles))
    if at == 3:
        _fail(f"{what} {quote(item)} marks no tile an added kan can add")
    return _Give("kakan", (tiles[at],))


# --- reading: the turns put back in order ----------------------------------------------------

_Step: TypeAlias = tuple[str, int, object]
"""("draw"|"discard"|"call"|"kakan"|"ankan"|"kita", seat, the item)."""
_End: TypeAlias = tuple[str, frozenset[int], int | None]
"""How the round ends, as ``_order`` reads it."""
_MAX_STATES = 20000


@attrs.define
class _State:
    takes: list[int]
    gives: list[int]
    mode: str
    seat: int
    steps: list[_Step]
    last: Tile | None = None
    drawn: list[Tile | None] = attrs.field(factory=lambda: [None] * 4)

    def copy(self) -> _State:
        return _State(list(self.takes), list(self.gives), self.mode, self.seat,
                      list(self.steps), self.last, list(self.drawn))


def _order(takes: Sequence[Sequence[_Take]], gives: Sequence[Sequence[_Give]], dealer: int,
           end: _End) -> list[_Step]:
    """The seats' items in play order: the turn passes to the next seat after a discard,
    unless a seat whose next take is a call of that discard calls it (an open kan or pon
    tried before a chi, a call before no call, other orders when those lead nowhere).

    ``end`` says how the round ends: ``("tsumo", {winner}, None)``, ``("ron", winners,
    discarder)``, ``("yao9", ...)`` or ``("draw", ...)``. Raises InvalidLogError when
    no order uses every item and ends the round that way.
    """
    stack = [_State([0] * 4, [0] * 4, "draw", dealer, [])]
    deepest = (-1, "the lists are empty")
    tried = 0
    while stack:
        tried += 1
        if tried > _MAX_STATES:
            _fail("the seats' lists fit together in too many ways to follow")
        state = stack.pop()
        outcome = _advance(state, takes, gives, stack, end)
        if outcome is None:
            return state.steps
        deepest = max(deepest, (len(state.steps), outcome))
    _fail(f"the seats' lists do not fit one order of turns: {deepest[1]} "
          f"(after {deepest[0]} steps in the longest order tried)")


def _exhausted(state: _State, takes: Sequence[Sequence[_Take]],
               gives: Sequence[Sequence[_Give]]) -> bool:
    """Whether every seat's takes and gives are used up (no seat's count passes its list's
    length, so the sums tell; a three-player round's fourth count stays 0)."""
    return (sum(state.takes) == sum(map(len, takes))
            and sum(state.gives) == sum(map(len, gives)))


_GO_ON = ""
"""What a turn's helper answers when the round goes on (None: it ended as the result
says; any other text: why this order fails)."""


def _advance(state: _State, takes: Sequence[Sequence[_Take]], gives: Sequence[Sequence[_Give]],
             stack: list[_State], end: _End) -> str | None:
    """Follow the turns from ``state``; push the alternatives at each choice. None when
    the round ends as the result says with every item used, else why this order fails."""
    outcome: str | None
    while True:
        if state.mode in ("draw", "rinshan"):
            outcome = _draw(state, takes)
        elif state.mode == "act":
            outcome = _act(state, takes, gives, end)
        else:   # answer: the others may call the discard, else the next seat draws
            outcome = _answer(state, takes, gives, stack, end)
        if outcome != _GO_ON:
            return outcome


def _draw(state: _State, takes: Sequence[Sequence[_Take]]) -> str:
    """The seat in turn draws its next take (a wall or dead-wall tile)."""
    seat = state.seat
    index = state.takes[seat]
    if index >= len(takes[seat]):
        return f"seat {seat} must draw, but its takes are used up"
    item = takes[seat][index]
    if item.kind is not None:
        return (f"seat {seat} must draw, but its next take (item {index}) is a "
                f"{item.kind.value}")
    state.takes[seat] += 1
    state.drawn[seat] = item.tile
    state.steps.append(("draw", seat, item.tile))
    state.mode = "act"
    return _GO_ON


def _act(state: _State, takes: Sequence[Sequence[_Take]], gives: Sequence[Sequence[_Give]],
         end: _End) -> str | None:
    """The seat that drew or called gives its next item: a discard, a closed or added kan,
    a kita, or nothing when its list (and the round) ends on its draw."""
    how, winners, source = end
    seat = state.seat
    index = state.gives[seat]
    if index >= len(gives[seat]):
        if not _exhausted(state, takes, gives):
            return f"seat {seat}'s discards end while other lists go on"
        if (how == "tsumo" and winners == {seat}) or how == "yao9":
            return None
        return f"the round ends on seat {seat}'s draw, but the result says otherwise"
    give = gives[seat][index]
    state.gives[seat] += 1
    drawn, state.drawn[seat] = state.drawn[seat], None
    if give.kind == "placeholder":
        return f"seat {seat}'s discard item {index} is a placeholder 0 out of place"
    if give.kind == "ankan":
        state.steps.append(("ankan", seat, give.tiles))
        state.mode = "rinshan"
        return _GO_ON
    if give.kind in ("kakan", "kita"):
        state.steps.append((give.kind, seat, give.tiles[0]))
        if _exhausted(state, takes, gives):
            if how == "ron" and source == seat:
                return None
            what = "an added kan" if give.kind == "kakan" else "a kita"
            return (f"the round ends on {what}, but the result is no ron on its "
                    "tile")
        state.mode = "rinshan"
        return _GO_ON
    tile = give.tiles[0] if give.tiles else drawn
    if tile is None:
        return f"seat {seat} discards the tile it drew (60), but it called instead"
    state.steps.append(("discard", seat, give))
    state.last = tile
    state.mode = "answer"
    return _GO_ON


def _answer(state: _State, takes: Sequence[Sequence[_Take]], gives: Sequence[Sequence[_Give]],
            stack: list[_State], end: _End) -> str | None:
    """After a discard: the round ends on it, or the seats whose next take calls it may
    call (a kan or pon tried before a chi), or the next seat draws. ``state`` follows the
    first choice; the others are pushed on ``stack``."""
    how, _, source = end
    seat = state.seat
    if _exhausted(state, takes, gives):
        if how in ("draw", "ron3") or (how == "ron" and source == seat):
            return None
        return f"the round ends on seat {seat}'s discard, but the result says otherwise"
    callers = _callers(state, takes)
    players = len(takes)
    following = (seat + 1) % players
    index = state.takes[following]
    draws = index < len(takes[following]) and takes[following][index].kind is None
    if not callers and draws:   # the usual turn: no choice to remember
        state.seat, state.mode = following, "draw"
        return _GO_ON
    options = [_called(state, gives, other, item) for other, item in callers]
    if draws:
        option = state.copy()
        option.seat = following
        option.mode = "draw"
        options.append(option)
    if not options:
        return (f"after seat {seat}'s discard nobody calls it and seat {following} "
                "cannot draw")
    stack.extend(reversed(options[1:]))
    chosen = options[0]
    state.takes, state.gives, state.mode, state.seat = (
        chosen.takes, chosen.gives, chosen.mode, chosen.seat)
    state.steps, state.last, state.drawn = chosen.steps, chosen.last, chosen.drawn
    return _GO_ON


def _callers(state: _State, takes: Sequence[Sequence[_Take]]) -> list[tuple[int, _Take]]:
    """The other seats whose next take is a call of the last discard, in turn order from
    the discarder, a chi after the pons and kans."""
    seat = state.seat
    callers: list[tuple[int, int, _Take]] = []
    players = len(takes)
    for step in range(1, players):
        other = (seat + step) % players
        index, items = state.takes[other], takes[other]
        if index < len(items):
            item = items[index]
            if (item.kind is not None and (other + item.offset) % 4 == seat
                    and item.tile == state.last):
                rank = 1 if item.kind is CallKind.CHI else 0
                callers.append((rank, other, item))
    if not callers:   # after most discards
        return []
    callers.sort(key=lambda entry: entry[0])
    return [(other, item) for _, other, item in callers]


def _called(state: _State, gives: Sequence[Sequence[_Give]], other: int,
            item: _Take) -> _State:
    """A copy of ``state`` in which seat ``other`` calls the last discard with ``item``
    (an open kan skips its placeholder 0 and draws from the dead wall)."""
    option = state.copy()
    option.takes[other] += 1
    option.steps.append(("call", other, item))
    option.seat = other
    if item.kind is CallKind.MINKAN:
        index = option.gives[other]
        if index < len(gives[other]) and gives[other][index].kind == "placeholder":
            option.gives[other] += 1
        option.mode = "rinshan"
    else:
        option.mode = "act"
    return option


# --- reading: rounds and games ----------------------------------------------------------------


_INT_TYPE = {int}


def _ints(value: object, what: str | Callable[[], str], count: int | None = None
          ) -> list[int]:
    """``value`` as a list of whole numbers (``count`` of them); ``what`` names it (a
    function: its name made only for a message)."""
    if not isinstance(value, list) or (value and {*map(type, value)} != _INT_TYPE) or (
            count is not None and len(value) != count):
        name = what if isinstance(what, str) else what()
        _fail(f"{name} is a list of {'' if count is None else f'{count} '}whole numbers, "
              f"got {value!r}"[:200])
    return cast(list[int], value)


def _label(meta: list[int], number: int) -> str:
    index, honba = meta[0], meta[1]
    if 0 <= index < 16:
        return f"{_WINDS[index // 4]}{index % 4 + 1} honba {honba}"
    return f"round {number}"


@attrs.frozen
class _WinInfo:
    """One win of a result: who, from whom, and what the log records of it."""

    winner: int
    source: int
    deltas: tuple[int, ...]
    pao: int | None
    fu: int | None = None
    points: int | None = None
    limit: int | None = None
    yaku: tuple[tuple[int, int], ...] | None = None
    yakuman: tuple[int, ...] | None = None


def _win_record(info: list[_Json], deltas: list[int], what: str, players: int) -> _WinInfo:
    if len(info) < 3 or any(not isinstance(v, int) or isinstance(v, bool)
                            or not 0 <= v < players for v in info[:3]):
        _fail(f"{what} [winner, from, liable, ...] names seats 0-{players - 1}, got "
              f"{info!r}"[:200])
    winner, source, liable = cast(list[int], info[:3])
    pao = None if liable == winner else liable
    text = info[3] if len(info) > 3 else None
    match = _TEXT.fullmatch(text) if isinstance(text, str) else None
    value: tuple[int | None, int | None, int | None] = (None, None, None)
    if match is not None and match.group(1) is not None:
        first, second = int(match.group(3)), match.group(4)
        payers = players - 1   # a tsumo's each-payer amounts times the payers
        points = ((payers - 1) * first + int(second) if second is not None
                  else payers * first if match.group(5) else first)
        value = (int(match.group(1)), points, 0)
    yaku: list[tuple[int, int]] = []
    yakuman: list[int] = []
    for entry in info[4:]:
        found = _YAKU_TEXT.fullmatch(entry) if isinstance(entry, str) else None
        if found is None or found.group(1) not in _YAKU_NUMBERS:
            # yaku named otherwise: the engine works them out in any case
            return _WinInfo(winner, source, tuple(deltas), pao, *value)
        number = _YAKU_NUMBERS[found.group(1)]
        if found.group(3):
            yakuman.append(number)
        else:
            yaku.append((number, int(found.group(2))))
    return _WinInfo(winner, source, tuple(deltas), pao, *value,
                    yaku=tuple(yaku) if yaku and not yakuman else None,
                    yakuman=tuple(yakuman) if yakuman else None)


_YAKU_NUMBERS = {name: number for number, name in reversed(list(enumerate(TENHOU_YAKU_NAMES)))}
"""Each yaku name's first number in ``TENHOU_YAKU_NAMES``."""


def _deltas(value: object, what: str | Callable[[], str], players: int) -> list[int]:
    """A result's score changes: one a seat, a three-player game's empty fourth seat 0 or
    left out."""
    deltas = _ints(value, what)
    if len(deltas) != players and not (len(deltas) == _SEATS and deltas[3] == 0):
        what = what if isinstance(what, str) else what()
        _fail(f"{what} are one per seat ({players}{', or 4 with a last 0' if players == 3 else ''}"
              f"), got {deltas}")
    return deltas[:players]


def _end_of(result: object, where: str, players: int
            ) -> tuple[tuple[str, frozenset[int], int | None], list[_WinInfo], str | None,
                       list[int] | None]:
    """How a round's result says it ends: the end for ``_order``, the wins, the draw's
    mjlog type and deltas."""
    what = f"{where}: the result"
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        _fail(f"{what} is a list opening with its name, got {result!r}"[:200])
    name = result[0]
    if name == _WIN:
        wins = []
        rest = result[1:]
        if not rest or len(rest) % 2:
            _fail(f"{what} pairs each win's deltas with its details, got {result!r}"[:200])
        for at in range(0, len(rest), 2):
            deltas = _deltas(rest[at], f"{what}'s deltas", players)
            info = rest[at + 1]
            if not isinstance(info, list):
                _fail(f"{what}'s details are a list, got {info!r}"[:200])
            wins.append(_win_record(cast(list[_Json], info), deltas, what, players))
        winners = frozenset(w.winner for w in wins)
        sources = {w.source for w in wins}
        if len(sources) != 1 or len(winners) != len(wins):
            _fail(f"{what} has wins from different seats or one winner twice")
        source = next(iter(sources))
        tsumo = winners == {source}
        if len(wins) > 1 and tsumo:
            _fail(f"{what} has more than one win on a tsumo")
        return ("tsumo" if tsumo else "ron", winners, source), wins, None, None
    if name not in _DRAW_NAMES:
        _fail(f"{what} {quote(name)} is neither {_WIN!r} nor a drawn round's name "
              f"({', '.join(_DRAW_NAMES)})")
    draw_deltas = _deltas(result[1], f"{what}'s deltas", players) if len(result) > 1 else None
    if len(result) > 2:
        _fail(f"{what} of a drawn round is its name and the deltas, got {result!r}"[:200])
    kind = _DRAW_NAMES[name]
    how = "draw" if kind not in ("yao9", "ron3") else kind
    return (how, frozenset(), None), [], kind, draw_deltas


def _round(raw: object, number: int, red_fives: bool, players: int) -> LogRound:
    """A round of the log: read the quick way when its turns are plain, else by the
    checking path, which searches the order of turns and names what is damaged."""
    quick = _quick_round(raw, number, red_fives, players)
    return quick if quick is not None else _checked_round(raw, number, red_fives, players)


@attrs.frozen
class _Head:
    """What a round's lists hold before the turns: its place, the scores, the
    indicators, the dealt hands and the result."""

    meta: list[int]
    where: str
    scores: list[int]
    dora: list[Tile]
    ura: list[Tile]
    hands: list[bytes]
    """As ``tile_code`` values."""
    end: _End
    wins: list[_WinInfo]
    draw_kind: str | None
    draw_deltas: list[int] | None


def _head(raw: object, number: int, players: int,
          seat_lists: Callable[[str, int, object, object], None]) -> _Head:
    """A round's lists but the turns, checked; ``seat_lists`` takes each seat's takes and
    discards (checked to be lists) in seat order, before the result is read."""
    if not isinstance(raw, list) or len(raw) != 17:
        _fail(f"round {number}: a round is a list of 17 elements, got "
              f"{len(raw) if isinstance(raw, list) else type(raw).__name__}")
    meta = _ints(raw[0], lambda: f"round {number}: [round, honba, sticks]", 3)
    where = _label(meta, number)
    if not 0 <= meta[0] < 16 or meta[1] < 0 or meta[2] < 0:
        _fail(f"{where}: [round, honba, sticks] is [0-15, 0 or more, 0 or more], got {meta}")
    scores = _deltas(raw[1], lambda: f"{where}: the scores", players)
    dora = [_TILE_OF_CODE.get(c) or _tile_of_code(c, f"{where}: the dora indicator")
            for c in _ints(raw[2], lambda: f"{where}: the dora indicators")]
    ura = [_TILE_OF_CODE.get(c) or _tile_of_code(c, f"{where}: the ura indicator")
           for c in _ints(raw[3], lambda: f"{where}: the ura indicators")]
    if not 1 <= len(dora) <= 5 or len(ura) > len(dora):
        _fail(f"{where}: 1-5 dora indicators and no more ura indicators, got {len(dora)} and "
              f"{len(ura)}")
    hands: list[bytes] = []
    for seat in range(_SEATS):
        dealt, took, gave = raw[4 + 3 * seat: 7 + 3 * seat]
        if seat >= players:
            if dealt != [] or took != [] or gave != []:
                _fail(f"{where}: the empty fourth seat of a three-player game has tiles or "
                      f"turns ({dealt!r}, {took!r}, {gave!r})"[:200])
            continue
        codes = _as_codes(dealt, _TAKE_BYTES)
        if codes is None or len(codes) != 13:   # named item by item
            named = partial("{}: seat {}'s dealt tiles".format, where, seat)
            codes = bytes(_dealt_codes(_ints(dealt, named, 13), where, seat))
        hands.append(codes)
        for value, name in ((took, "takes"), (gave, "discards")):
            if not isinstance(value, list):
                _fail(f"{where}: seat {seat}'s {name} are a list, got {value!r}"[:200])
        seat_lists(where, seat, took, gave)
    end, wins, draw_kind, draw_deltas = _end_of(raw[16], where, players)
    if meta[0] % 4 >= players:
        _fail(f"{where}: a three-player game has no fourth hand of a round wind")
    return _Head(meta, where, scores, dora, ura, hands, end, wins, draw_kind, draw_deltas)


def _dealt_codes(dealt: list[int], where: str, seat: int) -> list[int]:
    """A seat's dealt tiles as ``tile_code`` values (looked up in C)."""
    try:
        return list(map(_TAKE_CODES.__getitem__, dealt))
    except KeyError:   # named at the first that is no tile code
        for code in dealt:
            _tile_of_code(code, f"{where}: seat {seat}'s dealt tile")
        raise AssertionError("a code refused at once is refused again") from None


def _builder(head: _Head, red_fives: bool, players: int) -> RoundBuilder:
    meta = head.meta
    return RoundBuilder(round_index=meta[0], honba=meta[1], sticks=meta[2],
                        scores=head.scores, dealer=meta[0] % 4, hands=head.hands,
                        dora=head.dora[0], red_fives=red_fives,
                        names=lambda tile: str(_code(tile)), players=players)


def _finish(builder: RoundBuilder, head: _Head) -> LogRound:
    """The round's result written after its turns."""
    for win in head.wins:
        builder.win(win.winner, win.source,
                    ura=head.ura if builder.riichi_declared[win.winner] else (),
                    deltas=win.deltas, fu=win.fu, points=win.points, limit=win.limit,
                    yaku=win.yaku, yakuman=win.yakuman, pao=win.pao)
    if not head.wins:
        builder.end_in_draw(head.draw_kind, head.draw_deltas if head.draw_deltas is not None
                            else [0] * builder.players)
    return builder.finish()


def _checked_round(raw: object, number: int, red_fives: bool, players: int) -> LogRound:
    """A round read by searching the order of its turns (see ``_order``), every item
    checked as it comes."""
    takes: list[list[_Take]] = []
    gives: list[list[_Give]] = []

    def seat_lists(where: str, seat: int, took: object, gave: object) -> None:
        takes.append(_takes(cast(list[object], took), where, seat, players))
        gives.append(_gives(cast(list[object], gave), where, seat))

    head = _head(raw, number, players, seat_lists)
    try:
        steps = _order(takes, gives, head.meta[0] % 4, head.end)
        builder = _builder(head, red_fives, players)
        _build(builder, steps, head.dora[1:])
        return _finish(builder, head)
    except InvalidLogError as error:
        raise InvalidLogError(f"{head.where}: {error}") from None


# --- reading: the quick path ------------------------------------------------------------------

_TAKE_CODES = {code: tile_code(tile) for code, tile in _TILE_OF_CODE.items()}
"""Each tile code as ``RoundBuilder.follow_lists`` takes a draw of it."""
_GIVE_CODES = {**_TAKE_CODES, _TSUMOGIRI: DRAWN_TILE, _PLACEHOLDER: PLACEHOLDER}
_NO_CODE = 255
"""What ``_TAKE_BYTES`` and ``_GIVE_BYTES`` make of a number that is no item of theirs."""
_TAKE_BYTES = bytes(_TAKE_CODES.get(number, _NO_CODE) for number in range(256))
_GIVE_BYTES = bytes(_GIVE_CODES.get(number, _NO_CODE) for number in range(256))
"""``_TAKE_CODES`` and ``_GIVE_CODES`` as tables for ``bytes.translate``: a list of small
whole numbers made bytes is read in C."""


def _as_codes(items: object, table: bytes) -> bytes | None:
    """A list of numbers that are all keys of ``table``'s codes, as those codes (read in
    C: most of a log's lists); None for any other value, left to the item-by-item
    reading. ``bytes`` takes any small whole number: ``true`` and ``false`` are 1 and 0,
    neither a tile code (a ``false`` that reads as a placeholder is looked at again)."""
    if items.__class__ is not list:
        return None
    try:
        codes = bytes(cast(list[int], items)).translate(table)
    except (TypeError, ValueError):   # an item that is no number 0-255
        return None
    if _NO_CODE in codes or (PLACEHOLDER in codes and any(
            item is False for item in cast(list[object], items))):
        return None
    return codes


def _quick_round(raw: object, number: int, red_fives: bool, players: int) -> LogRound | None:
    """A round whose turns follow the plain order (no kan, no kita: see
    ``RoundBuilder.follow_lists``) read without searching it, nor making an item object
    a take or discard; None for any other round, or a damaged one, which the checking
    path (``_checked_round``) reads or refuses, naming the place. Whatever the quick
    path reads, the checking path reads the same (tests/test_tenhou6.py proves it)."""
    takes: list[Sequence[int | _Take] | None] = []
    gives: list[Sequence[int | _Give] | None] = []

    def seat_lists(where: str, seat: int, took: object, gave: object) -> None:
        takes.append(_listed_takes(cast(list[object], took), where, seat, players))
        gives.append(_listed_gives(cast(list[object], gave), where, seat))

    try:
        head = _head(raw, number, players, seat_lists)
        if None in takes or None in gives:
            return None
        builder = _builder(head, red_fives, players)
        ends = builder.follow_lists(cast(list[Sequence[int | _Take]], takes),
                                    cast(list[Sequence[int | _Give]], gives), head.dora[1:])
        if ends is None or not _ends_as(head.end, ends, builder.seat):
            return None
        return _finish(builder, head)
    except InvalidLogError:
        return None


def _ends_as(end: _End, ends: str, seat: int) -> bool:
    """Whether lists that end on ``seat``'s ``"discard"``, ``"draw"`` or ``"kan"`` end
    as the result says (as ``_act`` and ``_answer`` decide)."""
    how, winners, source = end
    if ends == "discard":
        return how in ("draw", "ron3") or (how == "ron" and source == seat)
    if ends == "draw":
        return (how == "tsumo" and winners == {seat}) or how == "yao9"
    return how == "ron" and source == seat


_INT_OR_STR = {int, str}


def _mapped(items: list[object], codes: Mapping[int, int]) -> list[int | None]:
    """Each item's code, None for an item that is no whole number in ``codes`` (a string:
    read in C when every item is a whole number or a string)."""
    if {*map(type, items)} <= _INT_OR_STR:
        return list(map(codes.get, cast(list[int], items)))
    return [codes.get(item) if item.__class__ is int else None
            for item in items]


def _nones(listed: list[Any]) -> Iterator[int]:
    """Where ``listed`` holds None, found in C (a list has few)."""
    at = -1
    while True:
        try:
            at = listed.index(None, at + 1)
        except ValueError:
            return
        yield at


def _listed_takes(items: list[object], where: str, seat: int, players: int
                  ) -> Sequence[int | _Take] | None:
    """A seat's takes as ``follow_lists`` takes them; None when it cannot take an item."""
    codes = _as_codes(items, _TAKE_BYTES)
    if codes is not None:
        return codes
    takes = cast(list[int | _Take | None], _mapped(items, _TAKE_CODES))
    for n in _nones(takes):   # a call string (or no tile code: left None)
        if items[n].__class__ is not int:
            takes[n] = _take(items[n], f"{where}: seat {seat}'s take {n}", seat, players)
    return None if None in takes else cast(list[int | _Take], takes)


def _listed_gives(items: list[object], where: str, seat: int) -> Sequence[int | _Give] | None:
    """A seat's discards as ``follow_lists`` takes them; None when it cannot take an
    item."""
    codes = _as_codes(items, _GIVE_BYTES)
    if codes is not None:
        return codes
    gives = cast(list[int | _Give | None], _mapped(items, _GIVE_CODES))
    for n in _nones(gives):   # a riichi, kan or kita string (or no tile code: left None)
        item = items[n]
        if item.__class__ is not int:
            give = _give(item, f"{where}: seat {seat}'s discard {n}")
            if give.kind != "discard":
                gives[n] = give
            elif give.riichi:
                code = tile_code(give.tiles[0]) if give.tiles else DRAWN_TILE
                gives[n] = code + RIICHI
    return None if None in gives else cast(list[int | _Give], gives)


def _build(builder: RoundBuilder, steps: list[_Step], kan_dora: list[Tile]) -> None:
    """Feed the ordered steps to the builder, turning kan dora over as the table does:
    a closed kan's at once, an open or added kan's when its maker next discards."""
    pending = 0
    indicators = iter(kan_dora)
    after_added = after_kita = False
    for kind, seat, item in steps:
        if kind == "draw":
            if after_added:
                builder.turn_over(pending, indicators)
                pending = 1
                after_added = False
            elif after_kita:   # a kita that passed turns over an earlier kan's dora
                builder.turn_over(pending, indicators)
                pending = 0
                after_kita = False
            builder.draw(seat, cast(Tile, item))
        elif kind == "discard":
            give = cast(_Give, item)
            builder.turn_over(pending, indicators)
            pending = 0
            builder.discard(seat, give.tiles[0] if give.tiles else None, riichi=give.riichi)
        elif kind == "call":
            take = cast(_Take, item)
            builder.call(seat, cast(CallKind, take.kind), (seat + take.offset) % _SEATS,
                         take.tile, take.own)
            if take.kind is CallKind.MINKAN:
                builder.turn_over(pending, indicators)
                pending = 1
        elif kind == "kakan":
            builder.added_kan(seat, cast(Tile, item))
            after_added = True
        elif kind == "kita":
            builder.kita(seat, cast(Tile, item))
            after_kita = True
        else:
            builder.turn_over(pending, indicators)
            pending = 0
            builder.closed_kan(seat, cast(tuple[Tile, ...], item))
            builder.turn_over(1, indicators)
    left = sum(1 for _ in indicators)
    if left:
        _fail(f"the log lists {left} dora indicator(s) more than the kans turn over")


def _rule_type(rule: Mapping[str, object], logs: list[object]) -> int:
    disp = rule.get("disp")
    text = disp if isinstance(disp, str) else ""
    bits = 0x01
    sanma = text.startswith(_SANMA)
    text = text.removeprefix(_SANMA)
    tenhou_like = "南" in text or "東" in text
    if sanma or (not tenhou_like and logs and all(
            isinstance(r, list) and len(r) == 17 and r[13] == [] for r in logs)):
        bits |= 0x10
    if tenhou_like:
        bits |= _ROOMS.get(text[:1], 0) | (_SPEED if "速" in text else 0)
    red_keys = [rule[key] for key in ("aka", "aka51", "aka52", "aka53") if key in rule]
    if any(type(v) is not int for v in red_keys):
        _fail(f"the rule's red-five counts are whole numbers, got {rule!r}"[:200])
    if red_keys:
        red = any(cast(int, v) > 0 for v in red_keys)
    elif tenhou_like:
        red = "赤" in text
    else:
        red = any(code in (51, 52, 53) for code in _all_codes(logs))
    if not red:
        bits |= 0x02
    if tenhou_like and "喰" not in text:
        bits |= 0x04
    if "南" in text or (not tenhou_like and any(
            isinstance(r, list) and r and isinstance(r[0], list) and r[0]
            and type(r[0][0]) is int and r[0][0] >= 4 for r in logs)):
        bits |= 0x08
    return bits


def _all_codes(value: object) -> list[int]:
    """Every tile code a round's lists name (call strings' codes included)."""
    if type(value) is int:
        return [value]
    if isinstance(value, list):
        return [code for item in value for code in _all_codes(item)]
    if isinstance(value, str):
        digits = "".join(ch for ch in value if "0" <= ch <= "9")
        return [int(digits[i:i + 2]) for i in range(0, len(digits) - 1, 2)]
    return []


def _players(data: Mapping[str, object], players: int) -> tuple[LogPlayer, ...]:
    names = data.get("name")
    if names is None:
        return ()
    if not isinstance(names, list) or len(names) not in (players, _SEATS) or any(
            not isinstance(n, str) for n in names):
        count = "four names" if players == 4 else "three names (and a fourth \"\")"
        _fail(f"name is a list of {count}, got {names!r}"[:200])
    if len(names) == _SEATS and players == 3 and names[3]:
        _fail(f"the fourth name of a three-player game is \"\", got {names[3]!r}"[:200])
    columns: dict[str, list[object] | None] = {}
    for key in ("dan", "rate", "sx"):
        value = data.get(key)
        if value is not None and (not isinstance(value, list) or len(value) != len(names)):
            _fail(f"{key} is a list with one entry per name, got {value!r}"[:200])
        columns[key] = value
    out = []
    for seat, name in enumerate(cast(list[str], names)):
        dans, rates, sexes = columns["dan"], columns["rate"], columns["sx"]
        dan = None
        if dans is not None:
            if dans[seat] not in DAN_NAMES:
                _fail(f"dan {quote(dans[seat])} is none of Tenhou's ranks")
            dan = DAN_NAMES.index(cast(str, dans[seat]))
        rate = None
        if rates is not None:
            if type(rates[seat]) not in (int, float):
                _fail(f"rate {quote(rates[seat])} is not a number")
            rate = float(cast(float, rates[seat]))
        sex = None
        if sexes is not None:
            if not isinstance(sexes[seat], str):
                _fail(f"sx {quote(sexes[seat])} is not a string")
            sex = cast(str, sexes[seat])
        out.append(LogPlayer(name, dan, rate, sex))
    return tuple(out)


def _standing(value: object, players: int) -> LogStanding:
    if not isinstance(value, list) or len(value) not in (2 * players, 2 * _SEATS) or any(
            type(v) not in (int, float) for v in value):
        _fail(f"sc is {'four' if players == 4 else 'three (or four)'} pairs of score and "
              f"points, got {value!r}"[:200])
    numbers = cast(list[float], value)
    if len(numbers) != 2 * _SEATS:
        numbers = [*numbers, 0, 0]
    elif players == 3 and numbers[6:] != [0, 0]:
        _fail(f"sc gives the empty fourth seat of a three-player game a score, got {value!r}"
              [:200])
    scores = tuple(numbers[0::2])
    if any(type(s) is not int for s in scores):
        _fail(f"sc's scores are whole numbers, got {quote(value)}")
    return LogStanding(cast(tuple[int, ...], scores), tuple(float(p) for p in numbers[1::2]))


def _load(document: str | bytes, what: str = "the document") -> object:
    if isinstance(document, bytes | bytearray):
        try:
            document = bytes(document).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            _fail(f"{what}: byte {error.start} is not UTF-8")
    if not isinstance(document, str):
        _fail(f"a tenhou.net/6 log is JSON text, got {type(document).__name__}")
    try:
        return load_json(plain_str(document))
    except JSONRefused as refused:
        raise InvalidLogError(f"{what} is refused: {refused}") from None
    except json.JSONDecodeError as error:
        raise InvalidLogError(f"{what} is not JSON: {error.msg} at line {error.lineno} "
                              f"column {error.colno} (character {error.pos})") from None
    except RecursionError:
        raise InvalidLogError(f"{what} nests JSON too deeply") from None


def parse_tenhou6(document: str | bytes) -> GameLog:
    """Read one tenhou.net/6 JSON log into a ``GameLog``.

    Each seat's takes and discards are put back in play order by following the turns;
    tiles get ids as they first appear (red fives their own). The dice, which the
    format does not hold, are read as 0, 0; the results become the rounds' records
    (deltas, the win's value and yaku where the text says them) and ``sc`` the final
    standing. Raises InvalidLogError naming the round, seat and item where the JSON is
    damaged or truncated, holds an unknown tile code, call or result, or lists a take or
    discard that fits no order of turns (a call of a tile nobody discarded, a seat that
    would act out of turn).
    """
    data = _load(document)
    if not isinstance(data, dict):
        _fail(f"a tenhou.net/6 log is a JSON object, got {type(data).__name__}")
    logs = data.get("log")
    if not isinstance(logs, list):
        _fail("the object has no log list of rounds")
    rule = data.get("rule", {})
    if not isinstance(rule, dict):
        _fail(f"rule is an object, got {rule!r}"[:200])
    rule_type = _rule_type(rule, logs)
    red_fives = not rule_type & 0x02
    players = 3 if rule_type & 0x10 else 4
    rounds = [_round(raw, number, red_fives, players) for number, raw in enumerate(logs, 1)]
    final = data.get("sc")
    if final is not None:
        standing = _standing(final, players)
        if rounds:
            rounds[-1] = _with_final(rounds[-1], standing)
    version = data.get("ver")
    reference = data.get("ref")
    lobby = data.get("lobby")
    if lobby is not None and type(lobby) is not int:
        _fail(f"lobby is a whole number, got {quote(lobby)}")
    return GameLog(
        version=str(version) if type(version) in (int, float, str) else None,
        shuffle_seed=None, rule_type=rule_type, lobby=lobby,
        players=_players(data, players), first_dealer=0, rounds=tuple(rounds),
        shuffle_ref=reference if isinstance(reference, str) and reference else None)


def _with_final(log_round: LogRound, final: LogStanding) -> LogRound:
    events = list(log_round.events)
    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        if isinstance(event, Agari | Ryuukyoku) and event.recorded is not None:
            if isinstance(event, Agari):
                assert event.recorded is not None
                events[index] = attrs.evolve(event, recorded=attrs.evolve(event.recorded,
                                                                          final=final))
            else:
                assert event.recorded is not None
                events[index] = attrs.evolve(event, recorded=attrs.evolve(event.recorded,
                                                                          final=final))
            break
    return attrs.evolve(log_round, events=tuple(events))






# --- writing --------------------------------------------------------------------------------


def _layout(tiles: Sequence[Tile], called: Tile, slot: int, size: int) -> list[Tile]:
    """A meld's tiles as the viewer lays them out: the called one at ``slot``, a red five
    of one's own at the last other place."""
    own = sorted((t for t in tiles), key=lambda t: t.red)
    own.remove(called)
    slots: list[Tile | None] = [None] * size
    slots[slot] = called
    free = [n for n in range(size) if n != slot]
    for place, tile in zip(free, own, strict=True):
        slots[place] = tile
    return [t for t in slots if t is not None]


def _meld_tiles(meld: TableMeld, red_fives: bool) -> list[Tile]:
    return [Tile.from_id136(i, red_fives=red_fives) for i in meld.ids]


_SLOTS = {3: {3: 0, 2: 1, 1: 2}, 4: {3: 0, 2: 1, 1: 3}}


def _call_string(meld: TableMeld, seat: int, red_fives: bool) -> str:
    """The take a chi, pon or open kan writes, or the discard an added or closed kan does."""
    kind = meld.meld.kind
    tiles = _meld_tiles(meld, red_fives)
    if kind is MeldKind.ANKAN:
        order = sorted(tiles, key=lambda t: t.red)
        return "".join(str(_code(t)) for t in order[:3]) + "a" + str(_code(order[3]))
    assert meld.called is not None and meld.from_seat is not None
    called = Tile.from_id136(meld.called, red_fives=red_fives)
    offset = (meld.from_seat - seat) % 4
    if kind is MeldKind.CHI:
        own = sorted(i for i in meld.ids if i != meld.called)
        return "c" + str(_code(called)) + "".join(
            str(_code(Tile.from_id136(i, red_fives=red_fives))) for i in own)
    if kind is MeldKind.SHOUMINKAN:
        assert meld.added is not None
        added = Tile.from_id136(meld.added, red_fives=red_fives)
        pon = [Tile.from_id136(i, red_fives=red_fives) for i in meld.ids if i != meld.added]
        slot = _SLOTS[3][offset]
        codes = [str(_code(t)) for t in _layout(pon, called, slot, 3)]
        codes.insert(slot, "k" + str(_code(added)))
        return "".join(codes)
    size = 4 if kind is MeldKind.MINKAN else 3
    slot = _SLOTS[size][offset]
    codes = [str(_code(t)) for t in _layout(tiles, called, slot, size)]
    codes[slot] = ("m" if size == 4 else "p") + codes[slot]
    return "".join(codes)


def _value_text(win: Win, dealer: int, record: GameRecord) -> str:
    value = win.result
    rules = record.rules
    if value.limit is None:
        rank = f"{value.fu}符{value.han}飜"
    else:
        rank = _LIMIT_NAMES.get(value.limit, "役満")
    if not win.is_tsumo:
        return f"{rank}{value.points}点"
    base = limit_of(value.han, value.fu, value.yakuman, rules)[1]
    _, paid = payments_for(base, dealer=win.winner == dealer, tsumo=True, rules=rules)
    if win.winner == dealer:
        return f"{rank}{paid.non_dealer}点∀"
    return f"{rank}{paid.non_dealer}-{paid.dealer}点"


def _win_details(win: Win, dealer: int, record: GameRecord) -> list[_Json]:
    pairs, yakuman = tenhou_yaku_list(win.result, win.context, win.hand.melds)
    details: list[_Json] = [win.winner, win.from_seat,
                            win.liable if win.liable is not None else win.winner,
                            _value_text(win, dealer, record)]
    details += [f"{TENHOU_YAKU_NAMES[n]}({han}飜)" for n, han in pairs if han]
    details += [f"{TENHOU_YAKU_NAMES[n]}(役満)" for n in yakuman]
    return details


def _four(values: Sequence[int]) -> list[_Json]:
    """One value a seat of four, 0 for a three-player game's empty fourth seat."""
    return [*values, *[0] * (_SEATS - len(values))]


def _result(played: RoundRecord, record: GameRecord) -> list[_Json]:
    wins = [r for r in played.results if isinstance(r, Win)]
    if wins:
        out: list[_Json] = [_WIN]
        for win in wins:
            out += [_four(win.deltas), _win_details(win, played.dealer, record)]
        return out
    draw = played.results[0]
    assert isinstance(draw, Draw)
    if draw.kind is DrawKind.EXHAUSTIVE:
        if len(draw.tenpai) in (0, record.rules.players):
            return ["全員聴牌" if draw.tenpai else "全員不聴"]
        return ["流局", _four(draw.deltas)]
    name = _DRAW_KIND_NAMES[draw.kind]
    return [name, _four(draw.deltas)] if any(draw.deltas) else [name]


def _round_json(played: RoundRecord, record: GameRecord) -> list[_Json]:
    red = record.rules.red_fives

    def code(tile_id: TileId) -> int:
        return _code(Tile.from_id136(tile_id, red_fives=red))

    takes: list[list[_Json]] = [[], [], [], []]
    gives: list[list[_Json]] = [[], [], [], []]
    shown = 1
    for event in played.events:
        if isinstance(event, TileDrawn):
            takes[event.seat].append(code(event.tile))
        elif isinstance(event, TileDiscarded):
            value = _TSUMOGIRI if event.tsumogiri else code(event.tile)
            gives[event.seat].append(f"r{value}" if event.riichi else value)
        elif isinstance(event, MeldCalled):
            text = _call_string(event.meld, event.seat, red)
            if event.meld.meld.kind in (MeldKind.ANKAN, MeldKind.SHOUMINKAN):
                gives[event.seat].append(text)
            else:
                takes[event.seat].append(text)
                if event.meld.meld.kind is MeldKind.MINKAN:
                    gives[event.seat].append(_PLACEHOLDER)
        elif isinstance(event, KitaDeclared):
            gives[event.seat].append(_KITA)
        elif isinstance(event, DoraRevealed):
            shown += 1
    for given in gives:
        while given and given[-1] == _PLACEHOLDER:
            given.pop()
    wall = played.wall
    riichi_win = any(isinstance(r, Win) and r.context.riichi for r in played.results)
    out: list[_Json] = [
        [4 * played.round_wind + played.dealer_index, played.honba, played.sticks],
        _four(played.start_scores),
        cast(_Json, [code(wall.dora_indicator(n)) for n in range(shown)]),
        cast(_Json, [code(wall.ura_indicator(n)) for n in range(shown)] if riichi_win else [])]
    for seat in range(_SEATS):
        if seat >= wall.players:
            out += [[], [], []]
            continue
        dealt = sorted((code(i) for i in wall.hands[seat]), key=_hand_order)
        out += [cast(_Json, dealt), takes[seat], gives[seat]]
    out.append(_result(played, record))
    return out


def _disp(record: GameRecord, rule_type: int) -> str:
    room = next((name for name, bits in _ROOMS.items() if bits == rule_type & _ROOM_BITS), "般")
    length = "南" if record.table.length is GameLength.EAST_SOUTH else "東"
    return ((_SANMA if record.rules.players == 3 else "")
            + room + length + ("喰" if record.rules.open_tanyao else "")
            + ("赤" if record.rules.red_fives else "") + ("速" if rule_type & _SPEED else ""))


def _number(value: float) -> int | float:
    return int(value) if value == int(value) else value


def _seat_names(record: GameRecord, source: GameLog | None,
                names: Sequence[str] | None) -> list[str]:
    """The four names of ``name``: the given ``names``, else the source's players, else
    ``"Seat 0"``...; an empty name for a three-player game's fourth seat."""
    count = record.rules.players
    players = source.players if source is not None else ()
    if names is not None:
        seat_names = check_names(names, count)
    elif len(players) >= count:
        seat_names = [p.name for p in players[:count]]
    else:
        seat_names = [f"Seat {seat}" for seat in range(count)]
    return seat_names + [""] * (_SEATS - count)


def _rule(record: GameRecord, rule_type: int) -> dict[str, _Json]:
    """The ``rule`` object: the room and rules shown, and the red fives."""
    rule: dict[str, _Json] = {"disp": _disp(record, rule_type)}
    if record.rules.red_fives:
        rule.update(aka53=1, aka52=1, aka51=1 if record.rules.players == 4 else 0)
    else:
        rule["aka"] = 0
    return rule


def _source_fields(source: GameLog) -> dict[str, _Json]:
    """What the source log adds: its version, game reference and lobby, and the four
    players' ranks, rates and sexes when every player has one."""
    out: dict[str, _Json] = {}
    players = source.players
    if source.version is not None:
        try:
            out["ver"] = _number(float(source.version))
        except ValueError:
            out["ver"] = source.version
    if source.shuffle_ref:
        out["ref"] = source.shuffle_ref
    if source.lobby is not None:
        out["lobby"] = source.lobby
    if len(players) == 4 and all(p.dan is not None and 0 <= p.dan < len(DAN_NAMES)
                                 for p in players):
        out["dan"] = [DAN_NAMES[cast(int, p.dan)] for p in players]
    if len(players) == 4 and all(p.rate is not None for p in players):
        out["rate"] = [_number(cast(float, p.rate)) for p in players]
    if len(players) == 4 and all(p.sex is not None for p in players):
        out["sx"] = [cast(str, p.sex) for p in players]
    return out


def write_tenhou6(record: GameRecord, *, source: GameLog | None = None,
                  names: Sequence[str] | None = None, title: Sequence[str] = ("", "")) -> str:
    """The tenhou.net/6 JSON log of a game the engine played or replayed, on one line.

    Every draw, discard, call and result is the engine's; ``sc`` (the final scores and
    points) is written once the game is over. ``source``, the log the record was
    replayed from, gives the players (names, ranks, rates), the room and the game's
    reference; ``names`` name the seats (``"Seat 0"``... when neither says); ``title``
    is the viewer's two title lines. A three-player game is written as Tenhou writes
    one: ``三`` first in ``rule.disp``, four names (the last ``""``), an empty fourth seat
    in every round and a 0 for it in the scores, deltas and ``sc``, each north tile set
    aside as ``"f44"`` among its player's discards. The text loads in the tenhou.net/6
    viewer (paste it, or open ``https://tenhou.net/6/#json=`` followed by it). Raises
    InvalidLogError for names that are not one string a seat or a source of another
    number of players.
    """
    if not isinstance(record, GameRecord):
        raise InvalidLogError(f"write_tenhou6 writes a GameRecord, got {type(record).__name__}")
    check_source(record, source)
    seat_names = _seat_names(record, source, names)
    check_texts(title, 2, "a title is two strings")
    rule_type = source.rule_type if source is not None else 0x01
    out: dict[str, _Json] = {"title": list(title), "name": cast(_Json, seat_names),
                             "rule": _rule(record, rule_type)}
    if source is not None:
        out.update(_source_fields(source))
    out["log"] = [_round_json(played, record) for played in record.rounds]
    if record.end_reason is not None:
        standing: list[_Json] = [
            v for score, points in zip(record.final_scores, record.points, strict=True)
            for v in (score, _number(points))]
        out["sc"] = standing + [0, 0] * (_SEATS - record.rules.players)
    try:
        return json.dumps(out, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError) as error:   # pragma: no cover - the values are plain
        raise MahjongError(f"the log could not be written as JSON: {error}") from None
