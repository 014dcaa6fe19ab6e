"""Tenhou's mjlog XML game logs, read into typed records and written back.

A file holds one or more ``<mjloggm ver="2.3">...</mjloggm>`` documents (often one per
line, plain or gzip-compressed). Each is a game: the rules (``GO``), the players (``UN``),
the first dealer (``TAIKYOKU``), then for each round its deal (``INIT``) and what happened
in it: draws, discards, calls, riichi, new dora, wins and draws, players leaving and
coming back. ``parse_mjlog`` turns one document into a ``MjlogGame``; ``format_mjlog``
writes one back, so that ``parse_mjlog(format_mjlog(game)) == game``.

Whatever the server recorded as an outcome (scores, the value of a win, the next round's
numbering) is optional: a log from which these were removed reads the same, with ``None``
where they were.

>>> game = parse_mjlog(
...     '<mjloggm ver="2.3"><GO type="169" lobby="0"/><TAIKYOKU oya="0"/>'
...     '<INIT seed="0,0,0,2,3,60" ten="250,250,250,250" oya="0" '
...     'hai0="0,4,8,12,16,20,24,28,32,36,40,44,48" hai1="1,5,9,13,17,21,25,29,33,37,41,45,49" '
...     'hai2="2,6,10,14,18,22,26,30,34,38,42,46,50" hai3="3,7,11,15,19,23,27,31,35,39,43,47,51"/>'
...     '<T52/><D52/><U53/><E1/><N who="2" m="11" /><F10/>'
...     '<RYUUKYOKU type="yao9" /></mjloggm>')
>>> game.players_count, game.east_south, len(game.rounds)
(4, True, 1)
>>> game.rounds[0].events[:2]
(Draw(seat=0, tile=52), Discard(seat=0, tile=52, tsumogiri=True))
>>> game.rounds[0].events[4].call.kind, game.rounds[0].events[4].call.tiles
(<CallKind.PON: 'pon'>, (1, 2, 3))
"""

from __future__ import annotations

import enum
import itertools
import math
import re
import zlib
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import NoReturn, TypeAlias, cast
from urllib.parse import unquote_to_bytes

import attrs

from ..errors import InvalidLogError, quote, safe_repr
from ..tile import TileId, bounded_list, is_text_like, plain_str

__all__ = [
    "Agari",
    "AgariRecord",
    "Bye",
    "Call",
    "CallKind",
    "Discard",
    "Draw",
    "MjlogCall",
    "MjlogEvent",
    "MjlogGame",
    "MjlogPlayer",
    "MjlogRound",
    "MjlogStanding",
    "NewDora",
    "Reconnect",
    "Riichi",
    "Ryuukyoku",
    "RyuukyokuRecord",
    "format_mjlog",
    "parse_mjlog",
    "read_mjlog",
    "split_mjlog",
]

_SEATS = 4
_NORTH = 30
_WINDS = "ESWN"


_VERSION = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,9})?\Z")
"""A log's version (``ver``): a number such as 2.3 (digits, a decimal point and digits)."""


def _fail(message: str) -> NoReturn:
    raise InvalidLogError(message)


# --- field checks shared by the records -------------------------------------------------


def _need_seat(value: object, what: str) -> None:
    if type(value) is not int or not 0 <= value < _SEATS:
        _fail(f"{what} is a seat 0-3, got {quote(value)}")


def _need_tile(value: object, what: str) -> None:
    if type(value) is not int or not 0 <= value < 136:
        _fail(f"{what} is a tile id 0-135, got {quote(value)}")


_WIN_TILES = (14, "a winning hand holds at most 14 tiles")
_SHOWN_TILES = (14, "a hand shows at most 14 tiles")
_DEALT_TILES = (13, "a seat is dealt 13 tiles")
_INDICATORS = (5, "a round shows at most 5 indicators, the first and one for each of 4 kans")
_YAKU_IDS = 55
"""Tenhou's yaku ids, 0-54: a win lists each at most once."""
_KITA = 4


def _need_tiles(value: object, what: str, most: tuple[int, str] | None = None) -> None:
    if type(value) is not tuple:
        _fail(f"{what} is a tuple of tile ids, got {quote(value)}")
    if most is not None and len(value) > most[0]:
        _fail(f"{what} holds {len(value)} tiles, more than {most[0]}: {most[1]}")
    for tile in value:
        if type(tile) is not int or not 0 <= tile < 136:
            _fail(f"{what} holds tile ids 0-135, got {quote(tile)}")


def _need_int(value: object, what: str, low: int | None = None) -> None:
    if type(value) is not int or (low is not None and value < low):
        _fail(f"{what} is an int{'' if low is None else f' of at least {low}'}, got {quote(value)}")


def _need_ints(value: object, what: str) -> None:
    if type(value) is not tuple or any(type(item) is not int for item in value):
        _fail(f"{what} is a tuple of ints, got {quote(value)}")


def _need_points(value: object, what: str) -> None:
    """Scores in points, one a seat: the log writes them in hundreds."""
    if type(value) is not tuple or any(type(item) is not int or item % 100 for item in value):
        _fail(f"{what} is a tuple of int points in multiples of 100, got {quote(value)}")
    if len(value) > _SEATS:
        _fail(f"{what} are one a seat, at most {_SEATS}, got {len(value)}")


def _need_text(value: object, what: str, *, comma: bool = True) -> None:
    if type(value) is not str or (not comma and "," in value):
        _fail(f"{what} is a str{'' if comma else ' without commas'}, got {quote(value)}")


def _need_number(value: object, what: str) -> None:
    if type(value) is not int and (type(value) is not float or not math.isfinite(value)):
        _fail(f"{what} is a finite number, got {quote(value)}")


def _optional(check: Callable[[object, str], None], value: object, what: str) -> None:
    if value is not None:
        check(value, what)


# --- calls -----------------------------------------------------------------------------


class CallKind(enum.Enum):
    """What an ``N`` tag's meld code declares."""

    CHI = "chi"
    PON = "pon"
    MINKAN = "minkan"
    """An open kan on a discard (daiminkan)."""
    SHOUMINKAN = "shouminkan"
    """A tile added to one's own pon (kakan)."""
    ANKAN = "ankan"
    KITA = "kita"
    """A north set aside in a three-player game."""


_FROM_DISCARD = frozenset({CallKind.CHI, CallKind.PON, CallKind.MINKAN, CallKind.SHOUMINKAN})


@attrs.frozen
class MjlogCall:
    """One decoded meld code: the kind, every tile id of the meld after the call, the tile
    taken from a discard and whose discard it was.

    ``tiles`` are ascending (a kita holds its one north). ``called`` is the discard taken
    (for a shouminkan: the pon's called tile), ``None`` for an ankan and a kita. ``added`` is
    a shouminkan's added tile. ``from_seat`` is the absolute seat of the discarder, ``None``
    for an ankan and a kita. ``code_tile`` is an ankan's id written into its code when the
    server wrote a copy other than the kind's first; ``None`` means the first copy.
    Raises InvalidLogError when the fields do not make a meld of that kind.

    >>> call = MjlogCall.decode(40271, who=0)
    >>> call.kind, call.tiles, call.called, call.from_seat
    (<CallKind.CHI: 'chi'>, (61, 66, 70), 61, 3)
    >>> call.encode(who=0)
    40271
    """

    __repr__ = safe_repr

    kind: CallKind
    tiles: tuple[TileId, ...]
    called: TileId | None
    added: TileId | None
    from_seat: int | None
    code_tile: TileId | None = None

    def __attrs_post_init__(self) -> None:
        kind, tiles = self.kind, self.tiles
        if type(kind) is not CallKind:
            _fail(f"a call's kind is a CallKind, got {quote(kind)}")
        _need_tiles(tiles, f"a {kind.value}'s tiles")
        if any(a >= b for a, b in itertools.pairwise(tiles)):
            _fail(f"a {kind.value}'s tiles are distinct ids in ascending order, got {tiles}")
        _optional(_need_tile, self.called, f"a {kind.value}'s called tile")
        _optional(_need_tile, self.added, f"a {kind.value}'s added tile")
        _optional(_need_seat, self.from_seat, f"a {kind.value}'s source seat")
        _optional(_need_tile, self.code_tile, f"a {kind.value}'s code tile")
        kinds = {tile // 4 for tile in tiles}
        if kind is CallKind.CHI:
            first = tiles[0] // 4 if tiles else 0
            shape_ok = (len(tiles) == 3 and first < 27 and first % 9 <= 6
                        and [tile // 4 for tile in tiles] == [first, first + 1, first + 2])
        elif kind is CallKind.PON:
            shape_ok = len(tiles) == 3 and len(kinds) == 1
        elif kind is CallKind.KITA:
            shape_ok = len(tiles) == 1 and tiles[0] // 4 == _NORTH
        else:
            shape_ok = len(tiles) == 4 and len(kinds) == 1
        if not shape_ok:
            _fail(f"tiles {tiles} do not make a {kind.value}")
        from_discard = kind in _FROM_DISCARD
        if from_discard != (self.called is not None) or from_discard != (
                self.from_seat is not None):
            _fail(f"a {kind.value} {'names' if from_discard else 'has no'} called tile and "
                  f"source seat, got called={quote(self.called)}, "
                  f"from_seat={quote(self.from_seat)}")
        if self.called is not None and self.called not in tiles:
            _fail(f"a {kind.value}'s called tile {self.called} is not among its tiles {tiles}")
        if (kind is CallKind.SHOUMINKAN) != (self.added is not None):
            _fail(f"only a shouminkan names an added tile, got added={quote(self.added)} for a "
                  f"{kind.value}")
        if self.added is not None and (self.added not in tiles or self.added == self.called):
            _fail(f"a shouminkan's added tile {self.added} is one of its tiles {tiles} other "
                  f"than the called {self.called}")
        if self.code_tile is not None and (
                kind is not CallKind.ANKAN or self.code_tile not in tiles[1:]):
            _fail(f"only an ankan names a code tile, one of its copies after the first "
                  f"(None for the first), got {quote(self.code_tile)} for a {kind.value} of "
                  f"{tiles}")

    @classmethod
    def decode(cls, code: int, who: int, players: int = 4) -> MjlogCall:
        """Decode the meld code ``m`` of an ``N`` tag made by seat ``who``.

        Raises InvalidLogError when the code decodes to no valid call for that seat in a
        game of that many players: unused bits set, no tile kind or run, a chi or pon with
        no source seat, a chi not from the seat before, a chi in a three-player game, a
        kita in a four-player one, a source that is a three-player game's empty seat.

        >>> MjlogCall.decode(31264, who=0, players=3).tiles
        (122,)
        """
        _check_who(who, players)
        if type(code) is not int or not 0 <= code < 0x10000:
            _fail(f"a meld code is an int 0-65535, got {quote(code)}")
        relative = code & 3
        source = (who + relative) % _SEATS if relative else None
        if relative == 0 and code & 0x1C:
            _fail(f"meld code {code} ({'chi' if code & 0x4 else 'pon or added kan'}) names "
                  f"no source seat")
        if code & 0x4:
            if code & 0x200:
                _fail(f"meld code {code} (chi) has bit 9 set")
            pattern, called_index = divmod(code >> 10, 3)
            if pattern >= 21:
                _fail(f"meld code {code} (chi) starts at no run 1-7 of a suit")
            first = pattern // 7 * 9 + pattern % 7
            tiles = tuple(TileId(4 * (first + i) + (code >> (3 + 2 * i) & 3)) for i in range(3))
            call = cls(CallKind.CHI, tiles, tiles[called_index], None, source)
        elif code & 0x18:
            if code & 0x180 or code & 0x18 == 0x18:
                _fail(f"meld code {code} (pon or added kan) has unused bits set")
            pattern, called_index = divmod(code >> 9, 3)
            if pattern >= 34:
                _fail(f"meld code {code} (pon or added kan) names no tile kind")
            other = TileId(4 * pattern + (code >> 5 & 3))
            tiles = tuple(TileId(4 * pattern + c) for c in range(4) if 4 * pattern + c != other)
            if code & 0x8:
                call = cls(CallKind.PON, tiles, tiles[called_index], None, source)
            else:
                call = cls(CallKind.SHOUMINKAN, tuple(sorted((*tiles, other))),
                           tiles[called_index], other, source)
        elif code & 0x20:
            if code & 0xDF:
                _fail(f"meld code {code} (kita) has unused bits set")
            call = cls(CallKind.KITA, (TileId(code >> 8),), None, None, None)
        else:
            if code & 0xFC:
                _fail(f"meld code {code} (kan) has unused bits set")
            tile = code >> 8
            if tile >= 136:
                _fail(f"meld code {code} (kan) names tile id {tile}")
            tiles = tuple(TileId(tile // 4 * 4 + c) for c in range(4))
            if relative:
                call = cls(CallKind.MINKAN, tiles, TileId(tile), None, source)
            else:
                call = cls(CallKind.ANKAN, tiles, None, None, None,
                           TileId(tile) if tile % 4 else None)
        call._check_table(who, players, code)
        return call

    def encode(self, who: int, players: int = 4) -> int:
        """The meld code of this call made by seat ``who``: ``decode`` of it gives it back.

        Raises InvalidLogError when seat ``who`` cannot make this call (its own discard, a
        chi not from the seat before, a seat a game of ``players`` does not have).

        >>> MjlogCall(CallKind.PON, (1, 2, 3), called=1, added=None, from_seat=2).encode(who=0)
        10
        """
        _check_who(who, players)
        self._check_table(who, players, None)
        kind, tiles = self.kind, self.tiles
        relative = 0 if self.from_seat is None else (self.from_seat - who) % _SEATS
        if kind is CallKind.CHI:
            first = tiles[0] // 4
            pattern = first // 9 * 7 + first % 9
            code = (pattern * 3 + tiles.index(cast(TileId, self.called))) << 10 | 0x4
            for i, tile in enumerate(tiles):
                code |= (tile & 3) << (3 + 2 * i)
            return code | relative
        if kind is CallKind.PON or kind is CallKind.SHOUMINKAN:
            kind_base = tiles[0] // 4 * 4
            if kind is CallKind.PON:
                other = next(kind_base + c for c in range(4) if kind_base + c not in tiles)
                three, flag = tiles, 0x8
            else:
                other = cast(TileId, self.added)
                three, flag = tuple(tile for tile in tiles if tile != other), 0x10
            index = three.index(cast(TileId, self.called))
            return (tiles[0] // 4 * 3 + index) << 9 | (other & 3) << 5 | flag | relative
        if kind is CallKind.KITA:
            return tiles[0] << 8 | 0x20
        if kind is CallKind.MINKAN:
            return cast(TileId, self.called) << 8 | relative
        return (tiles[0] if self.code_tile is None else self.code_tile) << 8

    def _check_table(self, who: int, players: int, code: int | None) -> None:
        """The call fits seat ``who`` at a table of ``players``."""
        label = f"a {self.kind.value}" if code is None else (
            f"meld code {code} ({self.kind.value})")
        if players == 3 and self.kind is CallKind.CHI:
            _fail(f"{label}: a three-player game has no chi")
        if players == 4 and self.kind is CallKind.KITA:
            _fail(f"{label}: only a three-player game has kita")
        if who >= players or (self.from_seat is not None and self.from_seat >= players):
            _fail(f"{label} by seat {who} from seat {self.from_seat} names a seat a "
                  f"three-player game does not have")
        self._check_caller(who, label)

    def _check_caller(self, who: int, label: str) -> None:
        """The call's source fits the caller ``who``."""
        source = self.from_seat
        if source == who:
            _fail(f"{label} by seat {who} takes a tile from that seat itself")
        if self.kind is CallKind.CHI and source != (who + 3) % _SEATS:
            _fail(f"{label} by seat {who} takes a tile from seat {source}, not from the seat "
                  f"before")


def _check_who(who: object, players: object) -> None:
    if type(players) is not int or players not in (3, 4):
        _fail(f"a game has 3 or 4 players, got {quote(players)}")
    if type(who) is not int or not 0 <= who < players:
        _fail(f"a {players}-player game's seats are 0-{players - 1}, got {quote(who)}")


# --- events ----------------------------------------------------------------------------


@attrs.frozen
class Draw:
    """Seat ``seat`` draws ``tile`` (tags ``T``, ``U``, ``V``, ``W``)."""

    __repr__ = safe_repr

    seat: int
    tile: TileId

    def __attrs_post_init__(self) -> None:
        _need_seat(self.seat, "a draw's seat")
        _need_tile(self.tile, "a drawn tile")


@attrs.frozen
class Discard:
    """Seat ``seat`` discards ``tile`` (tags ``D``, ``E``, ``F``, ``G``).

    ``tsumogiri``: the tile is the one this seat has just drawn. The log does not write it:
    the reader works it out, and a game is written only when its flags agree with its draws.
    """

    __repr__ = safe_repr

    seat: int
    tile: TileId
    tsumogiri: bool

    def __attrs_post_init__(self) -> None:
        _need_seat(self.seat, "a discard's seat")
        _need_tile(self.tile, "a discarded tile")
        if type(self.tsumogiri) is not bool:
            _fail(f"a discard's tsumogiri is a bool, got {quote(self.tsumogiri)}")


@attrs.frozen
class Call:
    """Seat ``seat`` calls or declares a meld (tag ``N``)."""

    __repr__ = safe_repr

    seat: int
    call: MjlogCall

    def __attrs_post_init__(self) -> None:
        _need_seat(self.seat, "a call's seat")
        if type(self.call) is not MjlogCall:
            _fail(f"a call's meld is an MjlogCall, got {quote(self.call)}")
        self.call._check_caller(self.seat, f"a {self.call.kind.value}")


@attrs.frozen
class Riichi:
    """Seat ``seat`` declares riichi (step 1) or has it accepted (step 2, tag ``REACH``).

    ``scores``: the scores the server wrote after the accepted stick, in points, or None.
    """

    __repr__ = safe_repr

    seat: int
    step: int
    scores: tuple[int, ...] | None = None

    def __attrs_post_init__(self) -> None:
        _need_seat(self.seat, "a riichi's seat")
        if type(self.step) is not int or self.step not in (1, 2):
            _fail(f"a riichi's step is 1 (declared) or 2 (accepted), got {quote(self.step)}")
        _optional(_need_points, self.scores, "a riichi's scores")


@attrs.frozen
class NewDora:
    """A new dora indicator is turned over after a kan (tag ``DORA``)."""

    __repr__ = safe_repr

    tile: TileId

    def __attrs_post_init__(self) -> None:
        _need_tile(self.tile, "a dora indicator")


@attrs.frozen
class MjlogStanding:
    """The final standing the server wrote when the game ended (``owari``).

    ``scores`` in points, ``points`` the placement points (oka and uma included).
    """

    __repr__ = safe_repr

    scores: tuple[int, ...]
    points: tuple[float, ...]

    def __attrs_post_init__(self) -> None:
        _need_points(self.scores, "a final standing's scores")
        if type(self.points) is not tuple or len(self.points) != len(self.scores):
            _fail(f"a final standing has one number of points per score, got {quote(self.points)}")
        for value in self.points:
            _need_number(value, "a final standing's points")


def _need_pair(first: object, second: object, what: str) -> None:
    if (first is None) != (second is None):
        _fail(f"{what} are both given or both None, got {quote(first)} and {quote(second)}")


def _need_standing(value: object, what: str) -> None:
    if type(value) is not MjlogStanding:
        _fail(f"{what} is an MjlogStanding, got {quote(value)}")


@attrs.frozen(kw_only=True)
class AgariRecord:
    """The server's record of a win; every field is None where the log does not say.

    ``honba`` and ``sticks`` on the table (``ba``); the winner's concealed ``hand`` with the
    winning tile; its ``melds``; the ``win_tile`` (``machi``); ``fu``, ``points`` and
    ``limit`` (0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 yakuman; ``ten``);
    ``yaku`` as (Tenhou yaku id, han) pairs; ``yakuman`` ids; ``dora_indicators``; each
    seat's ``scores`` before the win and the ``deltas``, in points (``sc``); the ``pao``
    seat; the ``final`` standing when the game ended here. The ura indicators are the
    ``Agari`` event's. Raises InvalidLogError on a field of the wrong shape, or when no
    field is given (a win without a record has ``recorded=None``).
    """

    __repr__ = safe_repr

    honba: int | None = None
    sticks: int | None = None
    hand: tuple[TileId, ...] | None = None
    melds: tuple[MjlogCall, ...] | None = None
    win_tile: TileId | None = None
    fu: int | None = None
    points: int | None = None
    limit: int | None = None
    yaku: tuple[tuple[int, int], ...] | None = None
    yakuman: tuple[int, ...] | None = None
    dora_indicators: tuple[TileId, ...] | None = None
    scores: tuple[int, ...] | None = None
    deltas: tuple[int, ...] | None = None
    pao: int | None = None
    final: MjlogStanding | None = None

    def __attrs_post_init__(self) -> None:
        if all(getattr(self, field.name) is None for field in attrs.fields(AgariRecord)):
            _fail("a win's record holds at least one field; a win without one has "
                  "recorded=None")
        _optional(_need_int, self.honba, "a win's honba")
        _optional(_need_int, self.sticks, "a win's riichi sticks")
        _need_pair(self.honba, self.sticks, "a win's honba and sticks")
        if self.hand is not None:
            _need_tiles(self.hand, "a winning hand", _WIN_TILES)
        if self.melds is not None and (type(self.melds) is not tuple or any(
                type(meld) is not MjlogCall for meld in self.melds)):
            _fail(f"a winning hand's melds are a tuple of MjlogCall, got {quote(self.melds)}")
        if self.melds is not None:
            kita = sum(1 for meld in self.melds if meld.kind is CallKind.KITA)
            if len(self.melds) - kita > _MOST_MELDS[0] or kita > _KITA:
                _fail(f"a win's melds are at most 4 and 4 kita, got {len(self.melds) - kita} "
                      f"and {kita}")
        _optional(_need_tile, self.win_tile, "a winning tile")
        for value, what in ((self.fu, "fu"), (self.points, "points"), (self.limit, "limit")):
            _optional(_need_int, value, f"a win's {what}")
        if len({self.fu is None, self.points is None, self.limit is None}) != 1:
            _fail("a win's fu, points and limit are all given or all None, got "
                  f"{quote(self.fu)}, {quote(self.points)} and {quote(self.limit)}")
        if self.yaku is not None and (type(self.yaku) is not tuple or any(
                type(pair) is not tuple or len(pair) != 2
                or any(type(item) is not int for item in pair) for pair in self.yaku)):
            _fail(f"a win's yaku are (id, han) pairs of ints, got {quote(self.yaku)}")
        _optional(_need_ints, self.yakuman, "a win's yakuman")
        for ids, what in ((self.yaku, "yaku"), (self.yakuman, "yakuman")):
            if ids is not None and len(ids) > _YAKU_IDS:
                _fail(f"a win's {what} are at most {_MOST_YAKUMAN[0]}: {_MOST_YAKUMAN[1]}, "
                      f"got {len(ids)}")
        if self.dora_indicators is not None:
            _need_tiles(self.dora_indicators, "a win's dora indicators", _INDICATORS)
        _check_score_changes(self.scores, self.deltas, "a win's")
        _optional(_need_seat, self.pao, "a win's pao seat")
        _optional(_need_standing, self.final, "a win's final standing")


def _check_score_changes(scores: object, deltas: object, whose: str) -> None:
    _optional(_need_points, scores, f"{whose} scores")
    _optional(_need_points, deltas, f"{whose} deltas")
    _need_pair(scores, deltas, f"{whose} scores and deltas")
    if scores is not None and len(cast(tuple[int, ...], scores)) != len(
            cast(tuple[int, ...], deltas)):
        _fail(f"{whose} scores and deltas have one entry per seat each, got {quote(scores)} and "
              f"{quote(deltas)}")


def _no_hands() -> tuple[tuple[TileId, ...] | None, ...]:
    return (None, None, None, None)


@attrs.frozen(kw_only=True)
class RyuukyokuRecord:
    """The server's record of a drawn round; every field is None where the log does not say.

    ``honba`` and ``sticks`` (``ba``); ``hands``: the hand each seat showed (``hai0``-
    ``hai3``; None for a seat that did not show); ``scores`` before and ``deltas``, in
    points (``sc``); the ``final`` standing when the game ended here. Raises
    InvalidLogError on a field of the wrong shape, or when no field is given.
    """

    __repr__ = safe_repr

    honba: int | None = None
    sticks: int | None = None
    hands: tuple[tuple[TileId, ...] | None, ...] = attrs.field(factory=_no_hands)
    scores: tuple[int, ...] | None = None
    deltas: tuple[int, ...] | None = None
    final: MjlogStanding | None = None

    def __attrs_post_init__(self) -> None:
        if type(self.hands) is not tuple or len(self.hands) != _SEATS:
            _fail(f"a drawn round's hands are one entry per seat 0-3, got {quote(self.hands)}")
        for hand in self.hands:
            if hand is not None:
                _need_tiles(hand, "a shown hand", _SHOWN_TILES)
        if (self.honba is None and self.scores is None and self.final is None
                and self.hands == _no_hands()):
            _fail("a drawn round's record holds at least one field; a draw without one has "
                  "recorded=None")
        _optional(_need_int, self.honba, "a draw's honba")
        _optional(_need_int, self.sticks, "a draw's riichi sticks")
        _need_pair(self.honba, self.sticks, "a draw's honba and sticks")
        _check_score_changes(self.scores, self.deltas, "a draw's")
        _optional(_need_standing, self.final, "a draw's final standing")


@attrs.frozen
class Agari:
    """Seat ``seat`` wins on ``from_seat``'s discard, or on its own draw when the two are
    equal (tag ``AGARI``); ``ura_indicators`` as the log shows them (empty unless the
    winner was in riichi); ``recorded`` what the server wrote of the win, if anything."""

    __repr__ = safe_repr

    seat: int
    from_seat: int
    ura_indicators: tuple[TileId, ...] = ()
    recorded: AgariRecord | None = None

    def __attrs_post_init__(self) -> None:
        _need_seat(self.seat, "a winner's seat")
        _need_seat(self.from_seat, "a win's source seat")
        _need_tiles(self.ura_indicators, "a win's ura indicators", _INDICATORS)
        if self.recorded is not None and type(self.recorded) is not AgariRecord:
            _fail(f"a win's record is an AgariRecord or None, got {quote(self.recorded)}")


@attrs.frozen
class Ryuukyoku:
    """The round ends in a draw (tag ``RYUUKYOKU``).

    ``kind`` is the log's ``type``: None for an exhaustive draw (or one whose type was
    removed), ``"yao9"``, ``"kaze4"``, ``"reach4"``, ``"kan4"``, ``"ron3"`` for the abortive
    draws, ``"nm"`` for nagashi mangan. ``recorded``: what the server wrote, if anything.
    """

    __repr__ = safe_repr

    kind: str | None = None
    recorded: RyuukyokuRecord | None = None

    def __attrs_post_init__(self) -> None:
        _optional(_need_text, self.kind, "a draw's type")
        if self.recorded is not None and type(self.recorded) is not RyuukyokuRecord:
            _fail(f"a draw's record is a RyuukyokuRecord or None, got {quote(self.recorded)}")


@attrs.frozen
class Bye:
    """Seat ``seat`` leaves the table (disconnects; tag ``BYE``)."""

    __repr__ = safe_repr

    seat: int

    def __attrs_post_init__(self) -> None:
        _need_seat(self.seat, "a leaving seat")


@attrs.frozen
class Reconnect:
    """Seat ``seat`` comes back (a later ``UN`` tag naming that seat's player)."""

    __repr__ = safe_repr

    seat: int

    def __attrs_post_init__(self) -> None:
        _need_seat(self.seat, "a reconnecting seat")


MjlogEvent: TypeAlias = (
    Draw | Discard | Call | Riichi | NewDora | Agari | Ryuukyoku | Bye | Reconnect)
"""One thing that happens in a round, in log order."""

_DRAWS = tuple(Draw(seat, TileId(tile)) for seat in range(_SEATS) for tile in range(136))
"""Every draw, at 136 * seat + tile: the reader shares these values rather than build them."""
_DISCARDS = tuple(
    tuple(Discard(seat, TileId(tile), tsumogiri) for seat in range(_SEATS) for tile in range(136))
    for tsumogiri in (False, True))


# --- rounds, players, games ------------------------------------------------------------


@attrs.frozen
class MjlogRound:
    """One round: its deal (tag ``INIT``) and its events in order.

    ``round_index`` (0 = east 1, 4 = south 1, ...), ``honba`` and ``sticks`` are the
    ``seed`` fields 0-2 and ``scores`` (in points) and ``dealer`` the ``ten`` and ``oya``
    attributes: None where the log leaves them out. ``dice`` as the log writes them (each
    0-5, a die's pips less one), ``dora_indicator`` the first indicator, ``hands`` the 13
    ids dealt to each seat (a three-player game's empty fourth seat has ``()``).
    Raises InvalidLogError on fields of the wrong shape or a tile dealt twice.
    """

    __repr__ = safe_repr

    round_index: int | None
    honba: int | None
    sticks: int | None
    dice: tuple[int, int]
    dora_indicator: TileId
    scores: tuple[int, ...] | None
    dealer: int | None
    hands: tuple[tuple[TileId, ...], ...]
    events: tuple[MjlogEvent, ...] = ()

    def __attrs_post_init__(self) -> None:
        if self.round_index is not None and (
                type(self.round_index) is not int or not 0 <= self.round_index < 16):
            _fail(f"a round index is 0-15 (east 1 to north 4), got {quote(self.round_index)}")
        if self.honba is not None:
            _need_int(self.honba, "a round's honba", 0)
        if self.sticks is not None:
            _need_int(self.sticks, "a round's riichi sticks", 0)
        if type(self.dice) is not tuple or len(self.dice) != 2 or any(
                type(die) is not int or not 0 <= die <= 5 for die in self.dice):
            _fail(f"a round's dice are two ints 0-5, got {quote(self.dice)}")
        _need_tile(self.dora_indicator, "a round's dora indicator")
        _optional(_need_points, self.scores, "a round's scores")
        _optional(_need_seat, self.dealer, "a round's dealer")
        hands = self.hands
        if type(hands) is not tuple or len(hands) != _SEATS:
            _fail(f"a round deals a hand to each seat 0-3, got {quote(hands)}")
        for hand in hands:
            _need_tiles(hand, "a dealt hand")
        if any(len(hand) != 13 for hand in hands[:3]) or len(hands[3]) not in (0, 13):
            _fail(f"a round deals 13 tiles to each seat (none to a three-player game's fourth"
                  f"), got {[len(hand) for hand in hands]}")
        dealt = [tile for hand in hands for tile in hand]
        dealt.append(self.dora_indicator)
        if len(set(dealt)) != len(dealt):
            twice = sorted({tile for tile in dealt if dealt.count(tile) > 1})
            _fail(f"a round deals each tile once, but ids {twice} are dealt twice "
                  f"(the dora indicator included)")
        if type(self.events) is not tuple:
            _fail(f"a round's events are a tuple, got {quote(self.events)}")

    def _with_events(self, events: tuple[MjlogEvent, ...]) -> MjlogRound:
        """This round with ``events`` (a tuple of records, each checked when made): the
        other fields were checked when this round was made, so nothing is checked again."""
        copy = object.__new__(MjlogRound)
        setter = object.__setattr__
        for field in attrs.fields(MjlogRound):
            setter(copy, field.name, getattr(self, field.name))
        setter(copy, "events", events)
        return copy


@attrs.frozen
class MjlogPlayer:
    """A player as the ``UN`` tag names them: ``name``, ``dan`` (Tenhou's rank index),
    ``rate`` and ``sex`` (``M``, ``F``, ``C`` for a computer); None where not given."""

    __repr__ = safe_repr

    name: str
    dan: int | None = None
    rate: float | None = None
    sex: str | None = None

    def __attrs_post_init__(self) -> None:
        _need_text(self.name, "a player's name")
        try:
            self.name.encode("utf-8")
        except UnicodeEncodeError:
            raise InvalidLogError(
                f"a player's name is text UTF-8 can write, got {quote(self.name)}") from None
        _optional(_need_int, self.dan, "a player's dan")
        _optional(_need_number, self.rate, "a player's rate")
        if self.sex is not None:
            _need_text(self.sex, "a player's sex", comma=False)


def _need_opening(value: object, what: str) -> None:
    if type(value) is not tuple or any(type(event) not in (Bye, Reconnect) for event in value):
        _fail(f"{what} is a tuple of Bye and Reconnect events, got {quote(value)}")


@attrs.frozen
class MjlogGame:
    """One mjlog document: the game's rules, players and rounds.

    ``version`` (``ver``), ``shuffle_seed`` and ``shuffle_ref`` (the ``SHUFFLE`` tag),
    ``rule_type`` and ``lobby`` (``GO``), ``players`` (the first ``UN``), ``first_dealer``
    (``TAIKYOKU``), the ``rounds``, and the ``opening`` events: players who leave or come
    back before the first deal. Raises InvalidLogError on fields of the wrong shape.
    """

    __repr__ = safe_repr

    version: str | None
    shuffle_seed: str | None
    rule_type: int
    lobby: int | None
    players: tuple[MjlogPlayer, ...]
    first_dealer: int
    rounds: tuple[MjlogRound, ...]
    opening: tuple[Bye | Reconnect, ...] = ()
    shuffle_ref: str | None = None

    def __attrs_post_init__(self) -> None:
        if self.version is not None and (type(self.version) is not str
                                         or _VERSION.match(self.version) is None):
            _fail(f"a game's version (ver) is a number such as 2.3, got {quote(self.version)}")
        _optional(_need_text, self.shuffle_seed, "a game's shuffle seed")
        _optional(_need_text, self.shuffle_ref, "a game's shuffle reference")
        _need_int(self.rule_type, "a game's rule type", 0)
        _optional(_need_int, self.lobby, "a game's lobby")
        if type(self.players) is not tuple or len(self.players) > _SEATS or any(
                type(player) is not MjlogPlayer for player in self.players):
            _fail(f"a game's players are a tuple of up to 4 MjlogPlayer, got {quote(self.players)}")
        _need_seat(self.first_dealer, "a game's first dealer")
        if type(self.rounds) is not tuple or any(
                type(round_) is not MjlogRound for round_ in self.rounds):
            _fail(f"a game's rounds are a tuple of MjlogRound, got {quote(self.rounds)}")
        _need_opening(self.opening, "a game's opening events")

    @property
    def players_count(self) -> int:
        """3 or 4, from the rule type's three-player bit (0x10)."""
        return 3 if self.rule_type & 0x10 else 4

    @property
    def red_fives(self) -> bool:
        """Whether red fives are in play (the rule type's 0x02 bit is clear)."""
        return not self.rule_type & 0x02

    @property
    def open_tanyao(self) -> bool:
        """Whether tanyao counts on an open hand (the rule type's 0x04 bit is clear)."""
        return not self.rule_type & 0x04

    @property
    def east_south(self) -> bool:
        """Whether the game is east-south (0x08 set) rather than east only."""
        return bool(self.rule_type & 0x08)


def check_source(source: object) -> None:
    """Refuse a writer's ``source`` that is neither None nor an ``MjlogGame``."""
    if source is not None and not isinstance(source, MjlogGame):
        _fail(f"a source log is an MjlogGame, got {quote(source)}")


def check_texts(value: object, count: int, what: str) -> None:
    """Refuse anything but a sequence of ``count`` strings (a writer's names or title);
    ``what`` says what is expected."""
    if (is_text_like(value) or not isinstance(value, Sequence)
            or len(bounded_list(value, count, what, InvalidLogError)) != count
            or any(type(item) is not str for item in value)):
        _fail(f"{what}, got {quote(value)}")


# --- reading ---------------------------------------------------------------------------

_S = "[ \t\r\n]"
"""XML's white space (its production S): the only characters a tag may hold between its
name, its attributes, their ``=`` and its ``/>``."""
_NAME = "[A-Za-z_][A-Za-z0-9_]*"
_VALUE = "(?:\"[^\"<]*\"|'[^'<]*')"
"""An attribute's value, in double or single quotes (XML allows no ``<`` in it)."""
_TOKEN = re.compile(
    f"<([A-Z])([0-9]+){_S}*/>"
    f"|<(/?)([A-Za-z]+)([0-9]*)((?:{_S}+{_NAME}{_S}*={_S}*{_VALUE})*){_S}*(/?)>"
    r"|(\s+)|([^<\s][^<]*|<[^<]*)")
"""One token: a draw or discard (1, 2), another tag (3-7), whitespace (8) or stray text (9).
A tag may hold the white space XML allows: ``<T52 />``, ``<N who = '2'\n m="11"/>``."""
_ATTRIBUTE = re.compile(f'({_NAME}){_S}*={_S}*"([^"<]*)"')
_QUOTED_ATTRIBUTE = re.compile(f"({_NAME}){_S}*={_S}*(?:\"([^\"<]*)\"|'([^'<]*)')")
_INT = re.compile(r"-?[0-9]+\Z")
_INTS = re.compile(r"(?:-?[0-9]+(?:,-?[0-9]+)*)?\Z")
_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?\Z")
_ENTITY = re.compile(r"&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);")
_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
_SIMPLE = {letter: (seat, True) for seat, letter in enumerate("TUVW")} | {
    letter: (seat, False) for seat, letter in enumerate("DEFG")}
"""A draw or discard tag's letter: the seat and whether it draws."""
_SIMPLE_TAGS = {f"<{letter}{tile}/>": (seat, 136 * seat + tile, draws)
                for letter, (seat, draws) in _SIMPLE.items() for tile in range(136)}
"""Each draw or discard tag as a log writes it (no leading zeros): the seat, the index of
its record in ``_DRAWS`` or ``_DISCARDS`` and whether it draws."""
_HANDS = ("hai0", "hai1", "hai2", "hai3")
_KNOWN = {
    "mjloggm": frozenset({"ver"}),
    "SHUFFLE": frozenset({"seed", "ref"}),
    "GO": frozenset({"type", "lobby"}),
    "UN": frozenset({"n0", "n1", "n2", "n3", "dan", "rate", "sx"}),
    "TAIKYOKU": frozenset({"oya"}),
    "INIT": frozenset({"seed", "ten", "oya", *_HANDS}),
    "N": frozenset({"who", "m"}),
    "REACH": frozenset({"who", "step", "ten"}),
    "DORA": frozenset({"hai"}),
    "AGARI": frozenset({"ba", "hai", "m", "machi", "ten", "yaku", "yakuman", "doraHai",
                        "doraHaiUra", "who", "fromWho", "paoWho", "sc", "owari"}),
    "RYUUKYOKU": frozenset({"type", "ba", "sc", "owari", *_HANDS}),
    "BYE": frozenset({"who"}),
}


_MOST_MELDS = (4, "a win has at most 4 melds")
_MOST_MELDS_AND_KITA = (8, "a win has at most 4 melds and 4 kita")
_MOST_YAKU_NUMBERS = (2 * _YAKU_IDS, f"each of Tenhou's {_YAKU_IDS} yaku ids at most once, "
                                     "with its han")
_MOST_YAKUMAN = (_YAKU_IDS, f"each of Tenhou's {_YAKU_IDS} yaku ids at most once")
_MOST_SEAT_PAIRS = (2 * _SEATS, f"a score and a change for each of {_SEATS} seats")
_MOST_SCORES = (_SEATS, f"a score for each of {_SEATS} seats")
"""The longest list an attribute may hold, and the rule that says so (the tile lists'
are with the records'): a list is refused beyond its limit before any of its numbers is
read, a meld code decoded or a tile id checked."""

_MAX_DIGITS = 18
"""The longest number an attribute may hold: every number of a log fits."""
_LONG_NUMBER = re.compile(f"[0-9]{{{_MAX_DIGITS + 1}}}")


def _quoted_attributes(text: str) -> list[tuple[str, str]]:
    """A tag's (name, value) pairs, its values in double or single quotes (a log's own
    are all in double quotes, which ``_ATTRIBUTE`` reads alone)."""
    return [(name, double or single) for name, double, single in _QUOTED_ATTRIBUTE.findall(text)]


def _shown(text: str) -> str:
    """Text of the log as a message shows it: its first 57 characters when printable,
    quoted otherwise."""
    shown = text if len(text) <= 60 else text[:57] + "..."
    return shown if shown.isprintable() else quote(text, 57)


def _unescape(value: str) -> str:
    if "&" not in value:
        return value

    def entity(match: re.Match[str]) -> str:
        name = match.group(1)
        if name[0] != "#":
            return _ENTITIES[name]
        digits = name[2:] if name[1] == "x" else name[1:]
        code = int(digits, 16 if name[1] == "x" else 10) if len(digits) <= 8 else -1
        if not 0 < code <= 0x10FFFF:
            _fail(f"character reference {_shown('&' + name + ';')} names no character")
        return chr(code)

    return _ENTITY.sub(entity, value)


def _int(attrs_: dict[str, str], key: str) -> int:
    value = attrs_.get(key)
    if value is None:
        _fail(f"the {key} attribute is missing")
    if _INT.match(value) is None:
        _fail(f"{key}={quote(value)} is not a number")
    if len(value) > _MAX_DIGITS:
        _fail(f"{key}={quote(value)} is a number of more than {_MAX_DIGITS} digits")
    return int(value)


def _opt_int(attrs_: dict[str, str], key: str) -> int | None:
    return None if key not in attrs_ else _int(attrs_, key)


def _ints(attrs_: dict[str, str], key: str, count: int | None = None,
          most: tuple[int, str] | None = None) -> list[int]:
    """The numbers of a list attribute: exactly ``count`` of them, or at most as many as
    ``most`` says (the limit and its rule), counted before any is read."""
    value = attrs_[key]
    if count is not None or most is not None:
        found = value.count(",") + 1 if value else 0
        if count is not None and found != count:
            _fail(f"{key} holds {found} numbers, not {count}")
        if most is not None and found > most[0]:
            _fail(f"{key} holds {found} numbers, more than {most[0]}: {most[1]}")
    if _INTS.match(value) is None:
        _fail(f"{key}={quote(value)} is not a list of numbers")
    if _LONG_NUMBER.search(value) is not None:
        _fail(f"{key}={quote(value)} holds a number of more than {_MAX_DIGITS} digits")
    return list(map(int, value.split(","))) if value else []


def _tile_list(attrs_: dict[str, str], key: str,
               most: tuple[int, str] | None = None) -> tuple[TileId, ...]:
    tiles = _ints(attrs_, key, most=most)
    if tiles and (min(tiles) < 0 or max(tiles) >= 136):
        tile = next(tile for tile in tiles if not 0 <= tile < 136)
        _fail(f"{key}={quote(attrs_[key])} holds {tile}, not a tile id 0-135")
    return cast(tuple[TileId, ...], tuple(tiles))


def _seat(attrs_: dict[str, str], key: str, players: int) -> int:
    seat = _int(attrs_, key)
    if not 0 <= seat < players:
        _fail(f"{key}={seat} is not a seat of a {players}-player game")
    return seat


def _hundreds(numbers: list[int]) -> tuple[int, ...]:
    return tuple(100 * number for number in numbers)


def _score_changes(attrs_: dict[str, str]) -> tuple[tuple[int, ...] | None,
                                                   tuple[int, ...] | None]:
    if "sc" not in attrs_:
        return None, None
    numbers = _ints(attrs_, "sc", most=_MOST_SEAT_PAIRS)
    if len(numbers) % 2:
        _fail(f"sc={quote(attrs_['sc'])} does not pair each score with a change")
    return _hundreds(numbers[0::2]), _hundreds(numbers[1::2])


def _ba(attrs_: dict[str, str]) -> tuple[int | None, int | None]:
    if "ba" not in attrs_:
        return None, None
    honba, sticks = _ints(attrs_, "ba", 2)
    return honba, sticks


def _standing(attrs_: dict[str, str]) -> MjlogStanding | None:
    value = attrs_.get("owari")
    if value is None:
        return None
    found = value.count(",") + 1 if value else 0
    if found > _MOST_SEAT_PAIRS[0]:
        _fail(f"owari holds {found} items, more than {_MOST_SEAT_PAIRS[0]}: a score and "
              "placement points for each of 4 seats")
    items = value.split(",") if value else []
    if len(items) % 2 or any(_INT.match(item) is None for item in items[0::2]) or any(
            _NUMBER.match(item) is None for item in items[1::2]):
        _fail(f"owari={quote(value)} is not a list of score, points pairs")
    return MjlogStanding(_hundreds([int(item) for item in items[0::2]]),
                         tuple(float(item) for item in items[1::2]))


def _agari(attrs_: dict[str, str], players: int) -> Agari:
    who = _seat(attrs_, "who", players)
    source = _seat(attrs_, "fromWho", players)
    ura = _tile_list(attrs_, "doraHaiUra", _INDICATORS) if "doraHaiUra" in attrs_ else ()
    if attrs_.keys() <= {"who", "fromWho", "doraHaiUra"}:
        return Agari(who, source, ura)
    honba, sticks = _ba(attrs_)
    melds = None
    if "m" in attrs_:
        most = _MOST_MELDS if players == 4 else _MOST_MELDS_AND_KITA
        melds = tuple(MjlogCall.decode(code, who, players)
                      for code in _ints(attrs_, "m", most=most))
    win_tile = None
    if "machi" in attrs_:
        win_tile = _tile_list(attrs_, "machi", (1, "a win has one winning tile"))
        if len(win_tile) != 1:
            _fail(f"machi={quote(attrs_['machi'])} is not one tile id")
    fu = points = limit = None
    if "ten" in attrs_:
        fu, points, limit = _ints(attrs_, "ten", 3)
    yaku = None
    if "yaku" in attrs_:
        numbers = _ints(attrs_, "yaku", most=_MOST_YAKU_NUMBERS)
        if len(numbers) % 2:
            _fail(f"yaku={quote(attrs_['yaku'])} does not pair each yaku with its han")
        yaku = tuple(zip(numbers[0::2], numbers[1::2], strict=True))
    scores, deltas = _score_changes(attrs_)
    pao = _seat(attrs_, "paoWho", players) if "paoWho" in attrs_ else None
    record = AgariRecord(
        honba=honba, sticks=sticks,
        hand=_tile_list(attrs_, "hai", _WIN_TILES) if "hai" in attrs_ else None,
        melds=melds, win_tile=None if win_tile is None else win_tile[0],
        fu=fu, points=points, limit=limit, yaku=yaku,
        yakuman=(tuple(_ints(attrs_, "yakuman", most=_MOST_YAKUMAN)) if "yakuman" in attrs_
                 else None),
        dora_indicators=(_tile_list(attrs_, "doraHai", _INDICATORS) if "doraHai" in attrs_
                         else None),
        scores=scores, deltas=deltas, pao=pao, final=_standing(attrs_))
    return Agari(who, source, ura, record)


def _ryuukyoku(attrs_: dict[str, str], players: int) -> Ryuukyoku:
    kind = attrs_.get("type")
    if kind is not None:
        kind = _unescape(kind)
    if attrs_.keys() <= {"type"}:
        return Ryuukyoku(kind)
    for seat in range(players, _SEATS):
        if _HANDS[seat] in attrs_:
            _fail(f"{_HANDS[seat]} shows a hand for a seat a {players}-player game does not have")
    honba, sticks = _ba(attrs_)
    scores, deltas = _score_changes(attrs_)
    hands = tuple(_tile_list(attrs_, key, _SHOWN_TILES) if key in attrs_ else None
                  for key in _HANDS)
    return Ryuukyoku(kind, RyuukyokuRecord(honba=honba, sticks=sticks, hands=hands,
                                           scores=scores, deltas=deltas,
                                           final=_standing(attrs_)))


def _seed_field(text: str, what: str) -> int | None:
    if not text:
        return None
    if _INT.match(text) is None:
        _fail(f"the seed's {what} {quote(text)} is not a number")
    return int(text)


def _init(attrs_: dict[str, str], players: int) -> MjlogRound:
    if "seed" not in attrs_:
        _fail("the seed attribute is missing")
    fields = attrs_["seed"].split(",")
    if len(fields) != 6:
        _fail(f"seed={quote(attrs_['seed'])} is not round,honba,sticks,die,die,dora indicator")
    round_index = _seed_field(fields[0], "round")
    honba = _seed_field(fields[1], "honba")
    sticks = _seed_field(fields[2], "riichi sticks")
    dice = (_seed_field(fields[3], "first die"), _seed_field(fields[4], "second die"))
    dora = _seed_field(fields[5], "dora indicator")
    if dice[0] is None or dice[1] is None or dora is None:
        _fail(f"seed={quote(attrs_['seed'])} leaves out the dice or the dora indicator")
    hands: list[tuple[TileId, ...]] = []
    for seat, key in enumerate(_HANDS):
        if key not in attrs_:
            if seat < players:
                _fail(f"the {key} attribute is missing")
            hands.append(())
            continue
        hands.append(_tile_list(attrs_, key, _DEALT_TILES))
    if players == 3 and hands[3]:
        _fail("hai3 deals tiles to the fourth seat of a three-player game")
    if players == 4 and not hands[3]:
        _fail("hai3 deals no tiles to the fourth seat of a four-player game")
    return MjlogRound(
        round_index, honba, sticks, (dice[0], dice[1]), TileId(dora),
        _hundreds(_ints(attrs_, "ten", most=_MOST_SCORES)) if "ten" in attrs_ else None,
        _seat(attrs_, "oya", _SEATS) if "oya" in attrs_ else None, tuple(hands))


def _version(attrs_: dict[str, str]) -> str | None:
    if "ver" not in attrs_:
        return None
    version = _unescape(attrs_["ver"])
    if _VERSION.match(version) is None:
        _fail(f"ver={quote(version)} is not a version number such as 2.3")
    return version


def _decode_name(value: str) -> str:
    try:
        return unquote_to_bytes(value).decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidLogError(f"the name {quote(value)} is not URL-encoded UTF-8") from None


def _players(attrs_: dict[str, str]) -> tuple[MjlogPlayer, ...]:
    names = [attrs_[key] for key in ("n0", "n1", "n2", "n3") if key in attrs_]
    if any(f"n{seat}" not in attrs_ for seat in range(len(names))):
        _fail("the names are not n0, n1, ... in seat order")
    count = len(names)

    def column(key: str) -> list[str] | None:
        if key not in attrs_:
            return None
        items = attrs_[key].split(",")
        if len(items) != count:
            _fail(f"{key}={quote(attrs_[key])} has {len(items)} entries for {count} players")
        return items

    dans, rates, sexes = column("dan"), column("rate"), column("sx")
    players = []
    for seat, name in enumerate(names):
        dan = rate = None
        if dans is not None:
            if _INT.match(dans[seat]) is None:
                _fail(f"dan={quote(attrs_['dan'])} holds {quote(dans[seat])}, not a number")
            dan = int(dans[seat])
        if rates is not None:
            if _NUMBER.match(rates[seat]) is None:
                _fail(f"rate={quote(attrs_['rate'])} holds {quote(rates[seat])}, not a number")
            rate = float(rates[seat])
        players.append(MjlogPlayer(_decode_name(name), dan, rate,
                                   None if sexes is None else _unescape(sexes[seat])))
    return tuple(players)


def _reconnect(attrs_: dict[str, str], players: int) -> Reconnect:
    seats = [int(key[1]) for key in attrs_ if key in ("n0", "n1", "n2", "n3")]
    if len(seats) != 1 or len(attrs_) != 1:
        _fail("a UN tag after the first names the one player who comes back, with no other "
              "attribute")
    if seats[0] >= players:
        _fail(f"n{seats[0]} is not a seat of a {players}-player game")
    _decode_name(attrs_[f"n{seats[0]}"])
    return Reconnect(seats[0])


def _label(round_: MjlogRound | None, number: int) -> str:
    if round_ is None:
        return "before the first round"
    if round_.round_index is None:
        return f"round {number}"
    label = f"{_WINDS[round_.round_index // 4]}{round_.round_index % 4 + 1}"
    return label if round_.honba is None else f"{label} honba {round_.honba}"


def parse_mjlog(document: str) -> MjlogGame:
    """Read one mjlog document (``<mjloggm ...>...</mjloggm>``) into an ``MjlogGame``.

    An optional XML declaration may come first; white space between tags is ignored, and
    so is the white space XML allows inside a tag (``<T52 />``, one attribute a line);
    attribute values may be in double or single quotes.
    Raises InvalidLogError naming the round (``E2 honba 1``, or ``round 5`` when the log
    leaves the numbering out), the event index, the character offset and the tag where
    the document is damaged or truncated, holds an unknown tag or attribute, a number that
    is not one, a tile id or seat out of range, a meld code that decodes to no call, or
    events in an impossible order (a draw after the round ended, no deal yet).
    """
    if not isinstance(document, str):
        _fail(f"an mjlog document is a str, got {type(document).__name__}")
    document = plain_str(document)
    start = 0
    while start < len(document) and document[start] in "\ufeff \t\r\n":
        start += 1
    if document.startswith("<?xml", start):
        end = document.find("?>", start)
        start = len(document) if end < 0 else end + 2
    version: str | None = None
    seed: str | None = None
    ref: str | None = None
    rule_type: int | None = None
    lobby: int | None = None
    players: tuple[MjlogPlayer, ...] | None = None
    first_dealer: int | None = None
    players_count = _SEATS
    opening: list[Bye | Reconnect] = []
    rounds: list[MjlogRound] = []
    round_: MjlogRound | None = None
    events: list[MjlogEvent] = []
    ended: Agari | Ryuukyoku | None = None   # the round's first Agari or Ryuukyoku
    drawn = -1              # 136 * seat + tile of the last draw not yet followed by a discard
    playing = False         # inside a round, before its win or draw
    opened = closed = False
    match: re.Match[str] | None = None

    def finish_round() -> None:
        if round_ is None:
            return
        if ended is None:
            _fail(f"{_label(round_, len(rounds) + 1)} ends without a win or a draw")
        rounds.append(round_._with_events(tuple(events)))

    def simple_problem(letter: str, digits: str) -> NoReturn:
        kind = _SIMPLE.get(letter)
        if closed:
            _fail("text after </mjloggm>")
        if kind is None:
            _fail(f"unknown tag {_shown(f'<{letter}{digits}>')}")
        seat, is_draw = kind
        if seat >= players_count:
            _fail(f"seat {seat} {'draws' if is_draw else 'discards'}, but a "
                  f"{players_count}-player game has no seat {seat}")
        if len(digits) > _MAX_DIGITS or int(digits) >= 136:
            _fail(f"tile id {_shown(digits)} is not 0-135")
        _fail(f"a {'draw' if is_draw else 'discard'} outside a round's play")

    try:
        for match in _TOKEN.finditer(document, start):
            simple = _SIMPLE_TAGS.get(match.group())
            if simple is not None and playing and simple[0] < players_count:
                key = simple[1]
                if simple[2]:
                    events.append(_DRAWS[key])
                    drawn = key
                else:
                    events.append(_DISCARDS[key == drawn][key])
                    drawn = -1
                continue
            letter, digits = match.group(1, 2)
            if letter is not None:
                kind = _SIMPLE.get(letter)
                tile = int(digits) if len(digits) <= _MAX_DIGITS else 136
                if kind is None or not playing or kind[0] >= players_count or tile >= 136:
                    simple_problem(letter, digits)
                key = 136 * kind[0] + tile
                if kind[1]:
                    events.append(_DRAWS[key])
                    drawn = key
                else:
                    events.append(_DISCARDS[key == drawn][key])
                    drawn = -1
                continue
            name = match.group(4)
            if name is None:
                if match.group(8) is not None:
                    continue
                text = match.group(0)
                _fail(f"a cut-off or malformed tag: {quote(text, 40)}" if text[0] == "<"
                      else f"text outside a tag: {quote(text, 40)}")
            if closed:
                _fail("text after </mjloggm>")
            if match.group(5):
                if name in _SIMPLE and not match.group(3):
                    _fail(f"a draw or discard tag is written "
                          f"{_shown(f'<{name}{match.group(5)}/>')}")
                _fail(f"unknown tag {_shown(f'<{match.group(3)}{name}{match.group(5)}>')}")
            if match.group(3):
                if name != "mjloggm" or match.group(6) or match.group(7):
                    _fail(f"unexpected closing tag {_shown(f'</{name}>')}")
                if not opened:
                    _fail("</mjloggm> before <mjloggm>")
                finish_round()
                closed = True
                playing = False
                continue
            known = _KNOWN.get(name)
            if known is None:
                _fail(f"unknown tag {_shown(f'<{name}>')}")
            text = match.group(6)
            pairs = _ATTRIBUTE.findall(text) if "'" not in text else _quoted_attributes(text)
            attrs_ = dict(pairs)
            if len(attrs_) != len(pairs):
                _fail(f"an attribute is given twice in <{name}>")
            if not attrs_.keys() <= known:
                _fail(f"<{name}> has unknown attributes {quote(sorted(attrs_.keys() - known))}")
            if name == "mjloggm":
                if opened or match.group(7):
                    _fail("a second <mjloggm> inside the document" if opened
                          else "<mjloggm/> holds no game")
                opened = True
                version = _version(attrs_)
                continue
            if not opened:
                _fail(f"a document starts with <mjloggm ...>, got <{name}>")
            if not match.group(7):
                _fail(f"<{name} ...> is not closed with />")
            if name == "N":
                who = _seat(attrs_, "who", players_count)
                if not playing:
                    _fail("a call outside a round's play")
                events.append(Call(who, MjlogCall.decode(_int(attrs_, "m"), who, players_count)))
                drawn = -1
            elif name == "REACH":
                who = _seat(attrs_, "who", players_count)
                if not playing:
                    _fail("a riichi outside a round's play")
                scores = (_hundreds(_ints(attrs_, "ten", most=_MOST_SCORES)) if "ten" in attrs_
                          else None)
                events.append(Riichi(who, _int(attrs_, "step"), scores))
            elif name == "DORA":
                if not playing:
                    _fail("a new dora outside a round's play")
                events.append(NewDora(TileId(_int(attrs_, "hai"))))
            elif name == "INIT":
                if rule_type is None or first_dealer is None:
                    _fail("a round starts before the GO and TAIKYOKU tags")
                finish_round()
                round_ = None
                events = []
                ended = None
                drawn = -1
                round_ = _init(attrs_, players_count)
                playing = True
            elif name == "AGARI":
                if round_ is None or (ended is not None and type(ended) is not Agari):
                    _fail("a win outside a round" if round_ is None
                          else "a win after the round ended in a draw")
                agari = _agari(attrs_, players_count)
                events.append(agari)
                ended = ended or agari
                playing = False
            elif name == "RYUUKYOKU":
                if not playing:
                    _fail("a drawn round outside a round's play")
                ryuukyoku = _ryuukyoku(attrs_, players_count)
                events.append(ryuukyoku)
                ended = ryuukyoku
                playing = False
            elif name == "BYE":
                bye = Bye(_seat(attrs_, "who", players_count))
                (events if round_ is not None else opening).append(bye)
            elif name == "UN":
                if players is None:
                    if rounds or round_ is not None:
                        _fail("the players are named after the first round started")
                    players = _players(attrs_)
                else:
                    reconnect = _reconnect(attrs_, players_count)
                    (events if round_ is not None else opening).append(reconnect)
            elif round_ is not None:
                _fail(f"a <{name}> tag inside the rounds")
            elif name == "GO":
                if rule_type is not None:
                    _fail("a second GO tag")
                rule_type = _int(attrs_, "type")
                if rule_type < 0:
                    _fail(f"type={rule_type} is not a set of rule bits")
                lobby = _opt_int(attrs_, "lobby")
                players_count = 3 if rule_type & 0x10 else 4
            elif name == "TAIKYOKU":
                if first_dealer is not None:
                    _fail("a second TAIKYOKU tag")
                first_dealer = _seat(attrs_, "oya", players_count)
            else:   # SHUFFLE
                if seed is not None or ref is not None:
                    _fail("a second SHUFFLE tag")
                seed = _unescape(attrs_["seed"]) if "seed" in attrs_ else None
                ref = _unescape(attrs_["ref"]) if "ref" in attrs_ else None
        if not closed:
            match = None
            if not opened:
                _fail("no <mjloggm ...> document here" if start >= len(document)
                      else "a document starts with <mjloggm ...>")
            _fail("the document ends without </mjloggm> (truncated?)")
        if rule_type is None or first_dealer is None:
            match = None
            _fail("the document has no GO or no TAIKYOKU tag")
        return MjlogGame(version, seed, rule_type, lobby, players or (), first_dealer,
                         tuple(rounds), tuple(opening), ref)
    except InvalidLogError as error:
        if match is None:
            where = f"{_label(round_, len(rounds) + 1)}, at the end of the document"
        else:
            tag = match.group(0)
            label = (f"round {len(rounds) + 1}" if match.group(4) == "INIT"
                     else _label(round_, len(rounds) + 1))
            where = (f"{label}, "
                     f"{'event ' + str(len(events)) + ', ' if round_ is not None else ''}"
                     f"character {match.start()} "
                     f"{_shown(tag)}")
        raise InvalidLogError(f"{where}: {error}") from None


def decode_utf8(raw: bytes | bytearray | memoryview) -> str:
    """A log's bytes as text (a leading byte-order mark dropped).

    Raises InvalidLogError naming the first byte that is not UTF-8.
    """
    try:
        return bytes(raw).decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InvalidLogError(f"byte {error.start} is not UTF-8: {error.reason}") from None


def split_mjlog(data: str | bytes) -> list[str]:
    """The mjlog documents in ``data`` (text, or UTF-8 bytes plain or gzip-compressed), one
    string each, in order.

    Splits before each ``<mjloggm``; a damaged or truncated document is returned as it is,
    so that ``parse_mjlog`` names what is wrong with it. Raises InvalidLogError when the
    bytes are not valid gzip or UTF-8 (naming the byte offset).

    >>> split_mjlog('<mjloggm ver="2.3">...</mjloggm>\\n<mjloggm ver="2.3">...')
    ['<mjloggm ver="2.3">...</mjloggm>', '<mjloggm ver="2.3">...']
    """
    if isinstance(data, bytes | bytearray | memoryview):
        raw = bytes(data)
        if raw[:2] == b"\x1f\x8b":
            raw = _gunzip(raw)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidLogError(f"byte {error.start} is not UTF-8: {error.reason}") from None
    elif isinstance(data, str):
        text = plain_str(data)
    else:
        _fail(f"mjlog data is str or bytes, got {type(data).__name__}")
    starts = [match.start() for match in re.finditer(r"<mjloggm\b", text)]
    if not starts or text[:starts[0]].strip(" \t\r\n\ufeff") == "":
        starts = starts[1:]
    bounds = [0, *starts, len(text)]
    pieces = (text[begin:end].strip(" \t\r\n\ufeff")
              for begin, end in itertools.pairwise(bounds))
    return [piece for piece in pieces if piece]


def _gunzip(raw: bytes) -> bytes:
    """Every gzip member's bytes; what a truncated member holds is kept."""
    out: list[bytes] = []
    offset = 0
    while offset < len(raw):
        if raw[offset:offset + 2] != b"\x1f\x8b":
            if raw[offset:].strip(b"\x00") == b"":
                break
            _fail(f"byte {offset} follows the gzip data but starts no gzip member")
        inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
        try:
            out.append(inflater.decompress(raw[offset:]))
        except zlib.error as error:
            raise InvalidLogError(f"the gzip member at byte {offset} is damaged: {error}") from None
        if not inflater.eof:
            break
        offset = len(raw) - len(inflater.unused_data)
    return b"".join(out)


def read_mjlog(data: str | bytes) -> list[MjlogGame]:
    """Every game in ``data`` (see ``split_mjlog``), in order.

    Raises InvalidLogError on the first document that cannot be read, naming it
    (``document 2: E1 honba 0, event 14, ...``).
    """
    games = []
    for number, document in enumerate(split_mjlog(data), 1):
        try:
            games.append(parse_mjlog(document))
        except InvalidLogError as error:
            raise InvalidLogError(f"document {number}: {error}") from None
    return games


# --- writing ---------------------------------------------------------------------------

_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                          "\t": "&#9;", "\n": "&#10;", "\r": "&#13;"})


def _text(value: str) -> str:
    return value.translate(_ESCAPES)


def _join(numbers: tuple[int, ...] | list[int]) -> str:
    return ",".join(map(str, numbers))


def _hundredths(points: tuple[int, ...]) -> list[int]:
    return [value // 100 for value in points]


def _float(value: float, decimals: int) -> str:
    """``value`` with ``decimals`` places as Tenhou writes it, or every digit it needs."""
    text = f"{value:.{decimals}f}"
    if float(text) == value:
        return text
    return format(Decimal(repr(value)), "f")


def _name(name: str) -> str:
    return "".join(f"%{byte:02X}" for byte in name.encode("utf-8"))


def _sc(scores: tuple[int, ...] | None, deltas: tuple[int, ...] | None) -> str:
    if scores is None or deltas is None:
        return ""
    return f' sc="{_join([v for pair in zip(_hundredths(scores), _hundredths(deltas), strict=True) for v in pair])}"'   # noqa: E501


def _owari(final: MjlogStanding | None) -> str:
    if final is None:
        return ""
    items = [f"{score // 100},{_float(points, 1)}"
             for score, points in zip(final.scores, final.points, strict=True)]
    return f' owari="{",".join(items)}"'


def _write_round(round_: MjlogRound, players: tuple[MjlogPlayer, ...], count: int,
                 label: str, out: list[str]) -> None:
    """Write one round's tags, refusing what ``parse_mjlog`` would read differently."""
    if (count == 3) != (round_.hands[3] == ()):
        _fail(f"{label}: a {count}-player round deals "
              f"{'no' if count == 3 else '13'} tiles to the fourth seat")
    out.append(_init_tag(round_))
    drawn: tuple[int, int] | None = None
    ended: Agari | Ryuukyoku | None = None
    for index, event in enumerate(round_.events):
        where = f"{label}, event {index}"
        if ended is not None and not (isinstance(event, Bye | Reconnect) or (
                isinstance(event, Agari) and isinstance(ended, Agari))):
            _fail(f"{where}: {quote(event)} comes after the round ended")
        try:
            if isinstance(event, Draw | Discard):
                _check_seats(count, event.seat)
                if isinstance(event, Draw):
                    drawn = (event.seat, event.tile)
                    out.append(f"<{'TUVW'[event.seat]}{event.tile}/>")
                    continue
                if event.tsumogiri != (drawn == (event.seat, event.tile)):
                    _fail(f"{quote(event)} says tsumogiri={event.tsumogiri}, but the tile is "
                          f"{'not ' if event.tsumogiri else ''}the one just drawn")
                drawn = None
                out.append(f"<{'DEFG'[event.seat]}{event.tile}/>")
            elif isinstance(event, Call):
                drawn = None
                out.append(f'<N who="{event.seat}" m="{event.call.encode(event.seat, count)}" />')
            elif isinstance(event, Riichi):
                _check_seats(count, event.seat)
                ten = "" if event.scores is None else f' ten="{_join(_hundredths(event.scores))}"'
                out.append(f'<REACH who="{event.seat}"{ten} step="{event.step}"/>')
            elif isinstance(event, NewDora):
                out.append(f'<DORA hai="{event.tile}" />')
            elif isinstance(event, Agari):
                ended = ended or event
                out.append(_agari_tag(event, count))
            elif isinstance(event, Ryuukyoku):
                ended = event
                out.append(_ryuukyoku_tag(event, count))
            elif isinstance(event, Bye | Reconnect):
                out.append(_presence_tag(event, players, count))
            else:
                _fail(f"{quote(event)} is not an mjlog event")
        except InvalidLogError as error:
            raise InvalidLogError(f"{where}: {error}") from None
    if ended is None:
        _fail(f"{label}: the round ends without a win or a draw")


def _check_seats(count: int, *seats: int | None) -> None:
    for seat in seats:
        if seat is not None and seat >= count:
            _fail(f"seat {seat} is not a seat of a {count}-player game")


def _presence_tag(event: Bye | Reconnect, players: tuple[MjlogPlayer, ...], count: int) -> str:
    _check_seats(count, event.seat)
    if isinstance(event, Bye):
        return f'<BYE who="{event.seat}" />'
    if event.seat >= len(players):
        _fail(f"seat {event.seat} reconnects, but the game names no player there")
    return f'<UN n{event.seat}="{_name(players[event.seat].name)}" />'


def _agari_tag(agari: Agari, count: int) -> str:
    _check_seats(count, agari.seat, agari.from_seat)
    record = agari.recorded
    ura = (f' doraHaiUra="{_join(agari.ura_indicators)}"' if agari.ura_indicators else "")
    who = f' who="{agari.seat}" fromWho="{agari.from_seat}"'
    if record is None:
        return f"<AGARI{ura}{who} />"
    _check_seats(count, record.pao)
    out = []
    if record.honba is not None:
        out.append(f' ba="{record.honba},{record.sticks}"')
    if record.hand is not None:
        out.append(f' hai="{_join(record.hand)}"')
    if record.melds is not None:
        codes = [meld.encode(agari.seat, count) for meld in record.melds]
        out.append(f' m="{_join(codes)}"')
    if record.win_tile is not None:
        out.append(f' machi="{record.win_tile}"')
    if record.fu is not None:
        out.append(f' ten="{record.fu},{record.points},{record.limit}"')
    if record.yaku is not None:
        out.append(f' yaku="{_join([v for pair in record.yaku for v in pair])}"')
    if record.yakuman is not None:
        out.append(f' yakuman="{_join(record.yakuman)}"')
    if record.dora_indicators is not None:
        out.append(f' doraHai="{_join(record.dora_indicators)}"')
    out.append(ura)
    out.append(who)
    if record.pao is not None:
        out.append(f' paoWho="{record.pao}"')
    out.append(_sc(record.scores, record.deltas))
    out.append(_owari(record.final))
    return f"<AGARI{''.join(out)} />"


def _ryuukyoku_tag(ryuukyoku: Ryuukyoku, count: int) -> str:
    out = [] if ryuukyoku.kind is None else [f' type="{_text(ryuukyoku.kind)}"']
    record = ryuukyoku.recorded
    if record is not None:
        if any(hand is not None for hand in record.hands[count:]):
            _fail(f"a hand is shown by a seat a {count}-player game does not have")
        if record.honba is not None:
            out.append(f' ba="{record.honba},{record.sticks}"')
        out.append(_sc(record.scores, record.deltas))
        for key, hand in zip(_HANDS, record.hands, strict=True):
            if hand is not None:
                out.append(f' {key}="{_join(hand)}"')
        out.append(_owari(record.final))
    return f"<RYUUKYOKU{''.join(out)} />"


def _init_tag(round_: MjlogRound) -> str:
    def field(value: int | None) -> str:
        return "" if value is None else str(value)

    seed = (f"{field(round_.round_index)},{field(round_.honba)},{field(round_.sticks)},"
            f"{round_.dice[0]},{round_.dice[1]},{round_.dora_indicator}")
    ten = "" if round_.scores is None else f' ten="{_join(_hundredths(round_.scores))}"'
    oya = "" if round_.dealer is None else f' oya="{round_.dealer}"'
    hands = "".join(f' {key}="{_join(hand)}"' for key, hand in zip(_HANDS, round_.hands,
                                                                   strict=True))
    return f'<INIT seed="{seed}"{ten}{oya}{hands}/>'


def _un_tag(players: tuple[MjlogPlayer, ...]) -> str:
    out = [f' n{seat}="{_name(player.name)}"' for seat, player in enumerate(players)]
    for key, values in (
            ("dan", [None if p.dan is None else str(p.dan) for p in players]),
            ("rate", [None if p.rate is None else _float(p.rate, 2) for p in players]),
            ("sx", [None if p.sex is None else _text(p.sex) for p in players])):
        given = [value for value in values if value is not None]
        if len(given) not in (0, len(values)):
            _fail(f"the players' {key} is given for some and not for others: {values}")
        if given:
            out.append(f' {key}="{",".join(given)}"')
    return f"<UN{''.join(out)}/>"


def format_mjlog(game: MjlogGame) -> str:
    """Write ``game`` as one mjlog document on one line, as Tenhou writes it.

    ``parse_mjlog(format_mjlog(game)) == game``. Raises InvalidLogError, naming the round
    and event, for a game the format cannot hold or that would read back differently: a
    seat or call the game's number of players does not allow, a discard whose tsumogiri
    flag disagrees with the draws, a round without a win or a draw, events after its end.
    """
    if type(game) is not MjlogGame:
        _fail(f"format_mjlog writes an MjlogGame, got {type(game).__name__}")
    players = game.players_count
    out = ["<mjloggm>" if game.version is None else f'<mjloggm ver="{_text(game.version)}">']
    if game.shuffle_seed is not None or game.shuffle_ref is not None:
        seed = "" if game.shuffle_seed is None else f' seed="{_text(game.shuffle_seed)}"'
        ref = "" if game.shuffle_ref is None else f' ref="{_text(game.shuffle_ref)}"'
        out.append(f"<SHUFFLE{seed}{ref}/>")
    lobby = "" if game.lobby is None else f' lobby="{game.lobby}"'
    out.append(f'<GO type="{game.rule_type}"{lobby}/>')
    if game.players:
        out.append(_un_tag(game.players))
    if game.first_dealer >= players:
        _fail(f"the first dealer {game.first_dealer} is not a seat of a {players}-player game")
    out.append(f'<TAIKYOKU oya="{game.first_dealer}"/>')

    for event in game.opening:
        try:
            out.append(_presence_tag(event, game.players, players))
        except InvalidLogError as error:
            raise InvalidLogError(f"before the first round: {error}") from None
    for number, round_ in enumerate(game.rounds, 1):
        _write_round(round_, game.players, players, _label(round_, number), out)
    out.append("</mjloggm>")
    return "".join(out)

