"""The game log every format reads into: a deal and the players' decisions.

Tenhou's mjlog XML, the tenhou.net/6 JSON log and mjai events all read into a
``GameLog``: the game's rules and players, and for each round its deal (``LogRound``)
and what happened in it, in order: draws, discards, calls (``LogCall``), riichi, new
dora, wins (``Agari``) and draws (``Ryuukyoku``), players leaving and coming back.
Whatever the log recorded as an outcome (scores, a win's value, the final standing) is
optional, ``None`` where it is not given: the table engine works every outcome out
itself when it replays the game (``replay_game``), and checks those given against its
own. Every record checks its fields when made and raises InvalidLogError naming the
field that does not fit.

Calls keep Tenhou's meld code (``LogCall.decode``, ``LogCall.encode``), the densest
exact description of a call, which mjlog writes as it is.
"""

from __future__ import annotations

import collections
import enum
import itertools
import math
import operator
import re
from collections.abc import Callable, Sequence
from typing import NoReturn, TypeAlias, TypeVar, cast

import attrs

from ..errors import InvalidLogError, quote, safe_repr
from ..table.records import GameOrigin
from ..tile import TileId, bounded_list, is_text_like

__all__ = [
    "Agari",
    "AgariRecord",
    "Bye",
    "Call",
    "CallKind",
    "Discard",
    "Draw",
    "GameLog",
    "LogCall",
    "LogEvent",
    "LogPlayer",
    "LogRound",
    "LogStanding",
    "NewDora",
    "Reconnect",
    "Riichi",
    "Ryuukyoku",
    "RyuukyokuRecord",
    "check_source",
    "check_texts",
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
_MOST_MELDS = (4, "a win has at most 4 melds")
_MOST_YAKUMAN = (_YAKU_IDS, f"each of Tenhou's {_YAKU_IDS} yaku ids at most once")


def _need_tiles(value: object, what: str, most: tuple[int, str] | None = None) -> None:
    if type(value) is not tuple:
        _fail(f"{what} is a tuple of tile ids, got {quote(value)}")
    if most is not None and len(value) > most[0]:
        _fail(f"{what} holds {len(value)} tiles, more than {most[0]}: {most[1]}")
    if value and (set(map(type, value)) != _INT_TYPE or min(value) < 0 or max(value) >= 136):
        # checked whole above (most tuples are right), the one at fault found here
        tile = next(tile for tile in value if type(tile) is not int or not 0 <= tile < 136)
        _fail(f"{what} holds tile ids 0-135, got {quote(tile)}")


_INT_TYPE = {int}
"""The types of a tuple of ints (not bools): one set compared, no loop in Python."""
_HUNDRED = 100


def _need_int(value: object, what: str, low: int | None = None) -> None:
    if type(value) is not int or (low is not None and value < low):
        _fail(f"{what} is an int{'' if low is None else f' of at least {low}'}, got {quote(value)}")


def _need_ints(value: object, what: str) -> None:
    if type(value) is not tuple or not set(map(type, value)) <= _INT_TYPE:
        _fail(f"{what} is a tuple of ints, got {quote(value)}")


def _are_ints_or_none(*values: object) -> bool:
    """Whether each value is an int (not a bool) or None: the usual case, told at once."""
    return set(map(type, values)) <= _INT_OR_NONE


_INT_OR_NONE = {int, type(None)}


def _need_points(value: object, what: str) -> None:
    """Scores in points, one a seat: the log writes them in hundreds."""
    if type(value) is not tuple or not set(map(type, value)) <= _INT_TYPE or any(
            map(_HUNDRED.__rmod__, value)):
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
class LogCall:
    """One decoded meld code: the kind, every tile id of the meld after the call, the tile
    taken from a discard and whose discard it was.

    ``tiles`` are ascending (a kita holds its one north). ``called`` is the discard taken
    (for a shouminkan: the pon's called tile), ``None`` for an ankan and a kita. ``added`` is
    a shouminkan's added tile. ``from_seat`` is the absolute seat of the discarder, ``None``
    for an ankan and a kita. ``code_tile`` is an ankan's id written into its code when the
    server wrote a copy other than the kind's first; ``None`` means the first copy.
    Raises InvalidLogError when the fields do not make a meld of that kind.

    >>> call = LogCall.decode(40271, who=0)
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
        name = kind.value   # read once: an enum member's value is a slow property
        _need_tiles(tiles, f"a {name}'s tiles")
        if any(a >= b for a, b in itertools.pairwise(tiles)):
            _fail(f"a {name}'s tiles are distinct ids in ascending order, got {tiles}")
        _optional(_need_tile, self.called, f"a {name}'s called tile")
        _optional(_need_tile, self.added, f"a {name}'s added tile")
        _optional(_need_seat, self.from_seat, f"a {name}'s source seat")
        _optional(_need_tile, self.code_tile, f"a {name}'s code tile")
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
    def decode(cls, code: int, who: int, players: int = 4) -> LogCall:
        """Decode the meld code ``m`` of an ``N`` tag made by seat ``who``.

        Raises InvalidLogError when the code decodes to no valid call for that seat in a
        game of that many players: unused bits set, no tile kind or run, a chi or pon with
        no source seat, a chi not from the seat before, a chi in a three-player game, a
        kita in a four-player one, a source that is a three-player game's empty seat.

        >>> LogCall.decode(31264, who=0, players=3).tiles
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
            call = _decoded(CallKind.CHI, tiles, tiles[called_index], None, source)
        elif code & 0x18:
            if code & 0x180 or code & 0x18 == 0x18:
                _fail(f"meld code {code} (pon or added kan) has unused bits set")
            pattern, called_index = divmod(code >> 9, 3)
            if pattern >= 34:
                _fail(f"meld code {code} (pon or added kan) names no tile kind")
            other = TileId(4 * pattern + (code >> 5 & 3))
            tiles = tuple(TileId(4 * pattern + c) for c in range(4) if 4 * pattern + c != other)
            if code & 0x8:
                call = _decoded(CallKind.PON, tiles, tiles[called_index], None, source)
            else:
                call = _decoded(CallKind.SHOUMINKAN, tuple(sorted((*tiles, other))),
                           tiles[called_index], other, source)
        elif code & 0x20:
            if code & 0xDF or code >> 10 != _NORTH:
                _fail(f"meld code {code} (kita) has unused bits set" if code & 0xDF
                      else f"tiles {(code >> 8,)} do not make a kita")
            call = _decoded(CallKind.KITA, (TileId(code >> 8),), None, None, None)
        else:
            if code & 0xFC:
                _fail(f"meld code {code} (kan) has unused bits set")
            tile = code >> 8
            if tile >= 136:
                _fail(f"meld code {code} (kan) names tile id {tile}")
            tiles = tuple(TileId(tile // 4 * 4 + c) for c in range(4))
            if relative:
                call = _decoded(CallKind.MINKAN, tiles, TileId(tile), None, source)
            else:
                call = _decoded(CallKind.ANKAN, tiles, None, None, None,
                           TileId(tile) if tile % 4 else None)
        call._check_table(who, players, code)
        return call

    def encode(self, who: int, players: int = 4) -> int:
        """The meld code of this call made by seat ``who``: ``decode`` of it gives it back.

        Raises InvalidLogError when seat ``who`` cannot make this call (its own discard, a
        chi not from the seat before, a seat a game of ``players`` does not have).

        >>> LogCall(CallKind.PON, (1, 2, 3), called=1, added=None, from_seat=2).encode(who=0)
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
        """The call fits seat ``who`` at a table of ``players`` (``code``: the meld code
        read, which a message names)."""
        kind, source = self.kind, self.from_seat
        if (players == 3 and kind is CallKind.CHI) or (players == 4 and kind is CallKind.KITA):
            _fail(f"{self._label(code)}: "
                  f"{'a three-player game has no chi' if players == 3 else ''}"
                  f"{'only a three-player game has kita' if players == 4 else ''}")
        if who >= players or (source is not None and source >= players):
            _fail(f"{self._label(code)} by seat {who} from seat {source} names a seat a "
                  f"three-player game does not have")
        self._check_caller(who, code)

    def _check_caller(self, who: int, code: int | None = None) -> None:
        """The call's source fits the caller ``who``."""
        source = self.from_seat
        if source == who:
            _fail(f"{self._label(code)} by seat {who} takes a tile from that seat itself")
        if self.kind is CallKind.CHI and source != (who + 3) % _SEATS:
            _fail(f"{self._label(code)} by seat {who} takes a tile from seat {source}, not "
                  f"from the seat before")

    def _label(self, code: int | None) -> str:
        """The call as a message names it: its kind, and the meld code it was read from."""
        return (f"a {self.kind.value}" if code is None
                else f"meld code {code} ({self.kind.value})")


def _decoded(kind: CallKind, tiles: tuple[TileId, ...], called: TileId | None,
             added: TileId | None, from_seat: int | None, code_tile: TileId | None = None
             ) -> LogCall:
    """A call ``LogCall.decode`` made, its fields not checked again: decode builds only
    calls the checks accept (the tests prove it for every code), and a call's checks cost
    more than its decoding."""
    return made_unchecked(LogCall, kind, tiles, called, added, from_seat, code_tile)


_SET = object.__setattr__
"""Sets a field of a frozen record the reader has made whole (``_decoded``)."""


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


_DRAWS = tuple(Draw(seat, TileId(tile)) for seat in range(_SEATS) for tile in range(136))
"""Every draw, at 136 * seat + tile: the readers share these values rather than build
one a draw."""
_DISCARDS = tuple(
    tuple(Discard(seat, TileId(tile), tsumogiri) for seat in range(_SEATS) for tile in range(136))
    for tsumogiri in (False, True))
"""Every discard, at ``[tsumogiri][136 * seat + tile]``."""


@attrs.frozen
class Call:
    """Seat ``seat`` calls or declares a meld (tag ``N``)."""

    __repr__ = safe_repr

    seat: int
    call: LogCall

    def __attrs_post_init__(self) -> None:
        _need_seat(self.seat, "a call's seat")
        if type(self.call) is not LogCall:
            _fail(f"a call's meld is an LogCall, got {quote(self.call)}")
        self.call._check_caller(self.seat)


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
class LogStanding:
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
    if type(value) is not LogStanding:
        _fail(f"{what} is an LogStanding, got {quote(value)}")


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
    melds: tuple[LogCall, ...] | None = None
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
    final: LogStanding | None = None

    def __attrs_post_init__(self) -> None:
        if not any(map(operator.is_not, _agari_record_values(self), _NONES)):
            _fail("a win's record holds at least one field; a win without one has "
                  "recorded=None")
        if not _are_ints_or_none(self.honba, self.sticks, self.fu, self.points, self.limit):
            for value, what in ((self.honba, "honba"), (self.sticks, "riichi sticks"),
                                (self.fu, "fu"), (self.points, "points"),
                                (self.limit, "limit")):
                _optional(_need_int, value, f"a win's {what}")
        _need_pair(self.honba, self.sticks, "a win's honba and sticks")
        if self.hand is not None:
            _need_tiles(self.hand, "a winning hand", _WIN_TILES)
        if self.melds is not None and (type(self.melds) is not tuple or not set(
                map(type, self.melds)) <= _LOG_CALL_TYPE):
            _fail(f"a winning hand's melds are a tuple of LogCall, got {quote(self.melds)}")
        if self.melds is not None:
            check_win_melds(self.melds)
        _optional(_need_tile, self.win_tile, "a winning tile")
        if len({self.fu is None, self.points is None, self.limit is None}) != 1:
            _fail("a win's fu, points and limit are all given or all None, got "
                  f"{quote(self.fu)}, {quote(self.points)} and {quote(self.limit)}")
        if self.yaku is not None and (
                type(self.yaku) is not tuple or not set(map(type, self.yaku)) <= _TUPLE_TYPE
                or not set(map(len, self.yaku)) <= _PAIR_LENGTH
                or not set(map(type, itertools.chain.from_iterable(self.yaku))) <= _INT_TYPE):
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


_AGARI_RECORD_FIELDS = tuple(field.name for field in attrs.fields(AgariRecord))
_agari_record_values = operator.attrgetter(*_AGARI_RECORD_FIELDS)
"""A win's record's fields as a tuple, read at once."""
_NONES = (None,) * len(_AGARI_RECORD_FIELDS)
"""Compared by identity with a record's fields: no field's own ``==`` is called."""
_LOG_CALL_TYPE = {LogCall}
_TUPLE_TYPE = {tuple}
_PAIR_LENGTH = {2}


def check_win_melds(melds: tuple[LogCall, ...]) -> None:
    """A winning hand's melds are at most 4, and its kita at most 4 (internal: for a
    reader that makes the record unchecked)."""
    kita = sum(1 for meld in melds if meld.kind is CallKind.KITA)
    if len(melds) - kita > _MOST_MELDS[0] or kita > _KITA:
        _fail(f"a win's melds are at most 4 and 4 kita, got {len(melds) - kita} and {kita}")


def made_unchecked(kind: type[_Record], *values: object) -> _Record:
    """A record of class ``kind`` holding ``values``, one a field in the class's order,
    made without its checks (internal: for a reader that has checked each value as it
    read it, the tests proving the records it makes equal to the checked ones). Most of
    a log's records cost more to check than to read."""
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(
            field.name for field in attrs.fields(cast(type[attrs.AttrsInstance], kind)))
    if len(values) != len(names):
        raise ValueError(f"{kind.__name__} has {len(names)} fields, got {len(values)} values")
    made: _Record = object.__new__(kind)
    # every field set in one C-level loop (consumed by an empty deque)
    collections.deque(map(_SET, itertools.repeat(made), names, values), 0)
    return made


_Record = TypeVar("_Record")
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""The field names of each record class ``made_unchecked`` has made (a few classes)."""


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
    final: LogStanding | None = None

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


LogEvent: TypeAlias = (
    Draw | Discard | Call | Riichi | NewDora | Agari | Ryuukyoku | Bye | Reconnect)
"""One thing that happens in a round, in log order."""



# --- rounds, players, games ------------------------------------------------------------


@attrs.frozen
class LogRound:
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
    events: tuple[LogEvent, ...] = ()

    def __attrs_post_init__(self) -> None:
        if self.round_index is not None and (
                type(self.round_index) is not int or not 0 <= self.round_index < 16):
            _fail(f"a round index is 0-15 (east 1 to north 4), got {quote(self.round_index)}")
        if self.honba is not None:
            _need_int(self.honba, "a round's honba", 0)
        if self.sticks is not None:
            _need_int(self.sticks, "a round's riichi sticks", 0)
        if type(self.dice) is not tuple or len(self.dice) != 2 or not set(
                map(type, self.dice)) <= _INT_TYPE or not 0 <= min(self.dice) <= max(
                self.dice) <= 5:
            _fail(f"a round's dice are two ints 0-5, got {quote(self.dice)}")
        _need_tile(self.dora_indicator, "a round's dora indicator")
        _optional(_need_points, self.scores, "a round's scores")
        _optional(_need_seat, self.dealer, "a round's dealer")
        hands = self.hands
        if type(hands) is not tuple or len(hands) != _SEATS:
            _fail(f"a round deals a hand to each seat 0-3, got {quote(hands)}")
        for hand in hands:
            _need_tiles(hand, "a dealt hand")
        if set(map(len, hands[:3])) != _DEALT or len(hands[3]) not in (0, 13):
            _fail(f"a round deals 13 tiles to each seat (none to a three-player game's fourth"
                  f"), got {[len(hand) for hand in hands]}")
        dealt = [*itertools.chain.from_iterable(hands), self.dora_indicator]
        if len(set(dealt)) != len(dealt):
            twice = sorted({tile for tile in dealt if dealt.count(tile) > 1})
            _fail(f"a round deals each tile once, but ids {twice} are dealt twice "
                  f"(the dora indicator included)")
        if type(self.events) is not tuple:
            _fail(f"a round's events are a tuple, got {quote(self.events)}")

    def _with_events(self, events: tuple[LogEvent, ...]) -> LogRound:
        """This round with ``events`` (a tuple of records, each checked when made): the
        other fields were checked when this round was made, so nothing is checked again."""
        copy = object.__new__(LogRound)
        setter = object.__setattr__
        for name in _LOG_ROUND_FIELDS:
            setter(copy, name, getattr(self, name))
        setter(copy, "events", events)
        return copy


_DEALT = {13}
"""The length of each hand dealt to the first three seats."""
_LOG_ROUND_FIELDS = tuple(field.name for field in attrs.fields(LogRound))
round_with_events = LogRound._with_events
"""``round_with_events(round, events)``: the round with other events, nothing checked
again (internal: for the readers, which check each event as they make it)."""


@attrs.frozen
class LogPlayer:
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
class GameLog:
    """One game as a log holds it, in any format: the rules, the players, the rounds.

    The fields are named after Tenhou's mjlog, the richest of the formats (another
    format fills what it holds): ``version`` (``ver``), ``shuffle_seed`` and
    ``shuffle_ref`` (the ``SHUFFLE`` tag), ``rule_type`` (the ``GO type`` bits: see
    ``players_count``, ``red_fives``, ``open_tanyao``, ``east_south``) and ``lobby``,
    ``players`` (their names, ranks and rates), ``first_dealer``, the ``rounds``, the
    ``opening`` events (players who leave or come back before the first deal) and the
    ``origin`` (file and index) it was read from. Raises InvalidLogError on fields of
    the wrong shape.
    """

    __repr__ = safe_repr

    version: str | None
    shuffle_seed: str | None
    rule_type: int
    lobby: int | None
    players: tuple[LogPlayer, ...]
    first_dealer: int
    rounds: tuple[LogRound, ...]
    opening: tuple[Bye | Reconnect, ...] = ()
    shuffle_ref: str | None = None
    origin: GameOrigin | None = None
    """Where the game was read from (its file and index), when it was read by
    ``iter_games``; ``replay_game`` passes it on to the record."""
    length_known: bool = True
    """False when the log does not say whether the game is east-south or east only (mjai
    without ``kyoku_first``): ``east_south`` is then the reader's guess from the rounds,
    and ``replay_game`` plays the other length where the rounds show the guess wrong."""

    def __attrs_post_init__(self) -> None:
        if self.version is not None and (type(self.version) is not str
                                         or _VERSION.match(self.version) is None):
            _fail(f"a game's version (ver) is a number such as 2.3, got {quote(self.version)}")
        _optional(_need_text, self.shuffle_seed, "a game's shuffle seed")
        _optional(_need_text, self.shuffle_ref, "a game's shuffle reference")
        _need_int(self.rule_type, "a game's rule type", 0)
        _optional(_need_int, self.lobby, "a game's lobby")
        if type(self.players) is not tuple or len(self.players) > _SEATS or any(
                type(player) is not LogPlayer for player in self.players):
            _fail(f"a game's players are a tuple of up to 4 LogPlayer, got {quote(self.players)}")
        _need_seat(self.first_dealer, "a game's first dealer")
        if type(self.rounds) is not tuple or any(
                type(round_) is not LogRound for round_ in self.rounds):
            _fail(f"a game's rounds are a tuple of LogRound, got {quote(self.rounds)}")
        _need_opening(self.opening, "a game's opening events")
        if self.origin is not None and type(self.origin) is not GameOrigin:
            _fail(f"a game's origin is a GameOrigin or None, got {quote(self.origin)}")
        if type(self.length_known) is not bool:
            _fail(f"a game's length_known is True or False, got {quote(self.length_known)}")

    @property
    def players_count(self) -> int:
        """3 or 4, from the rule type's three-player bit (0x10)."""
        return 3 if self.rule_type & 0x10 else 4

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names by seat (``players_count`` of them; ``""`` where the log
        names nobody)."""
        named = [player.name for player in self.players[:self.players_count]]
        return (*named, *[""] * (self.players_count - len(named)))

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
    """Refuse a writer's ``source`` that is neither None nor a ``GameLog``."""
    if source is not None and not isinstance(source, GameLog):
        _fail(f"a source log is a GameLog, got {quote(source)}")


def check_texts(value: object, count: int, what: str) -> None:
    """Refuse anything but a sequence of ``count`` strings (a writer's names or title);
    ``what`` says what is expected."""
    if (is_text_like(value) or not isinstance(value, Sequence)
            or len(bounded_list(value, count, what, InvalidLogError)) != count
            or any(type(item) is not str for item in value)):
        _fail(f"{what}, got {quote(value)}")
