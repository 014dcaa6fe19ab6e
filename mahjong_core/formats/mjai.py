"""mjai event logs: read into a ``GameLog``, written from the engine's record.

mjai is the protocol bots speak (Mortal's libriichi, RiichiEnv, mjai.app): one JSON
object a line, each an event with a ``type``. A game is ``start_game`` (``names``), then
for each round ``start_kyoku`` (``bakaze``, ``dora_marker``, ``kyoku`` 1-4, ``honba``,
``kyotaku``, ``oya``, ``scores``, ``tehais``), its events and ``end_kyoku``, then
``end_game``. The events: ``tsumo`` (``actor``, ``pai``), ``dahai`` (``actor``, ``pai``,
``tsumogiri``), ``chi``/``pon``/``daiminkan`` (``actor``, ``target`` the discarder,
``pai`` the called tile, ``consumed`` one's own tiles), ``kakan`` (``pai`` the added
tile, ``consumed`` the pon's), ``ankan`` (``consumed``), ``dora`` (``dora_marker``),
``reach`` (before its ``dahai``), ``reach_accepted`` (the stick on the table),
``hora`` (``actor`` the winner, ``target`` the discarder or the winner on a tsumo,
``deltas``, ``ura_markers``) and ``ryukyoku`` (``deltas``). Tiles are ``1m``-``9m``,
``1p``-``9p``, ``1s``-``9s``, ``E S W N`` for the winds, ``P F C`` for haku, hatsu and
chun, and ``5mr 5pr 5sr`` for the red fives. ``start_game`` may also say
``kyoku_first`` (0 an east-south game, 4 east only), ``aka_flag`` (red fives) and
``kuitan`` (false: no tanyao on an open hand); other rules are Tenhou's.

A three-player game is written as RiichiEnv writes one: three names, scores, hands and
deltas, and ``kita`` (``actor``, ``pai`` ``"N"``) for a north tile set aside. Reading
also takes the four-seat form of Mortal's three-player forks (an empty or unseen
fourth hand with a score of 0, a 0 delta for it, ``nukidora`` for ``kita``).

>>> lines = [
...     '{"type":"start_game","names":["A","B","C","D"]}',
...     '{"type":"start_kyoku","bakaze":"E","dora_marker":"1p","kyoku":1,"honba":0,'
...     '"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":['
...     '["1m","2m","3m","4m","5m","6m","7m","8m","9m","E","E","S","W"],'
...     '["1p","2p","3p","4p","5p","6p","7p","8p","9p","1s","1s","2s","3s"],'
...     '["3s","4s","5s","6s","7s","8s","9s","1m","1m","2m","3m","5sr","4m"],'
...     '["2m","3m","4m","5m","6m","7m","8m","9m","F","F","C","C","P"]]}',
...     '{"type":"tsumo","actor":0,"pai":"N"}',
...     '{"type":"hora","actor":0,"target":0,"deltas":[48000,-16000,-16000,-16000]}',
...     '{"type":"end_kyoku"}', '{"type":"end_game"}']
>>> game = parse_mjai("\\n".join(lines))
>>> [type(event).__name__ for event in game.rounds[0].events]
['Draw', 'Agari']
"""

from __future__ import annotations

import itertools
import json
import operator
from collections.abc import Callable, Sequence
from typing import NoReturn, TypeAlias, cast

from .._json import JSONRefused, load_json, load_json_lines
from ..errors import InvalidLogError, MahjongError, quote
from ..meld import MeldKind
from ..table import (
    DoraRevealed,
    GameLength,
    GameRecord,
    HiddenDraw,
    KitaDeclared,
    MeldCalled,
    RiichiAccepted,
    RoundRecord,
    SeenEvent,
    TileDiscarded,
    TileDrawn,
    Win,
)
from ..tile import Tile, TileId, plain_str
from ._round_builder import NO_TURN, RoundBuilder, Turn, discard_turn, draw_turn, tile_code
from .game_log import CallKind, GameLog, LogPlayer, LogRound
from .mjlog import decode_utf8
from .record_mjlog import check_names, check_source

__all__ = ["mjai_events", "parse_mjai", "tile_from_name",
           "tile_name", "write_mjai"]

_Json: TypeAlias = "dict[str, _Json] | list[_Json] | str | int | float | bool | None"
_HONOURS = ("E", "S", "W", "N", "P", "F", "C")
_SUITS = "mps"
_WINDS = ("E", "S", "W", "N")
_CALLS = {"chi": CallKind.CHI, "pon": CallKind.PON, "daiminkan": CallKind.MINKAN}
_KITA_EVENTS = ("kita", "nukidora")
_WHAT = {kind: f"a {quote(kind)} event" for kind in (
    "start_game", "start_kyoku", "tsumo", "dahai", "reach", "reach_accepted", "chi", "pon",
    "daiminkan", "kakan", "ankan", "kita", "nukidora", "dora", "hora", "ryukyoku",
    "end_kyoku", "end_game", "none")}
"""How a message names an event of each known type (quoted once, not per event)."""
_SEATS = 4
_UNSEEN = "?"


def _fail(message: str) -> NoReturn:
    raise InvalidLogError(message)


# --- tiles ------------------------------------------------------------------------------


def tile_name(tile: Tile) -> str:
    """A tile as mjai names it (``"5mr"`` for the red five of man).

    >>> tile_name(Tile.parse("0p")), tile_name(Tile.parse("6z"))
    ('5pr', 'F')
    """
    if tile.kind >= 27:
        return _HONOURS[tile.kind - 27]
    return f"{tile.kind % 9 + 1}{_SUITS[tile.kind // 9]}{'r' if tile.red else ''}"


_TILE_OF_NAME = {
    **{f"{rank}{suit}": Tile(9 * index + rank - 1) for index, suit in enumerate(_SUITS)
       for rank in range(1, 10)},
    **{f"5{suit}r": Tile(9 * index + 4, red=True) for index, suit in enumerate(_SUITS)},
    **{name: Tile(27 + index) for index, name in enumerate(_HONOURS)}}
"""Every mjai tile name's tile, made once (tiles are values: one object serves every
mention)."""


def _tile(value: object, what: str) -> Tile:
    tile = _TILE_OF_NAME.get(value) if value.__class__ is str else None
    if tile is not None:
        return tile
    _fail(f"{what} {quote(value)} is no mjai tile (1m-9m, 1p-9p, 1s-9s, E S W N P F C, 5mr 5pr "
          "5sr)")


def tile_from_name(name: object) -> Tile:
    """The tile an mjai name names (``"5mr"`` the red five of man, ``"P"`` haku).

    Raises InvalidLogError for anything else.

    >>> tile_from_name("5pr"), tile_from_name("C")
    (Tile.parse('0p'), Tile.parse('7z'))
    """
    return _tile(name, "tile")


def _tiles(value: object, what: str, count: int | None = None) -> list[Tile]:
    if value.__class__ is list and (count is None or len(cast(list[object], value)) == count):
        try:   # all names at once (None for an unknown name; an unhashable one raises)
            tiles = list(map(_TILE_OF_NAME.get, cast(list[str], value)))
        except TypeError:
            tiles = [None]
        if all(tiles):   # (a Tile is always true)
            return cast(list[Tile], tiles)
    if not isinstance(value, list) or (count is not None and len(value) != count):
        _fail(f"{what} is a list of {'' if count is None else f'{count} '}tiles, "
              f"got {value!r}"[:200])
    return [_tile(item, what) for item in value]


_CODE_OF_NAME = {name: tile_code(tile) for name, tile in _TILE_OF_NAME.items()}
"""Every mjai tile name's ``tile_code``."""


def _dealt_codes(hand: object, seat: int) -> list[int]:
    """A ``tehais`` hand's 13 tiles as ``tile_code`` values (looked up in C)."""
    if hand.__class__ is list and len(cast(list[object], hand)) == 13:
        try:
            return list(map(_CODE_OF_NAME.__getitem__, cast(list[str], hand)))
        except (KeyError, TypeError):   # named by _tiles below
            pass
    return list(map(tile_code, _tiles(hand, f"start_kyoku's tehais[{seat}]", 13)))


# --- reading ----------------------------------------------------------------------------


def _field(event: dict[str, object], key: str, what: str) -> object:
    if key not in event:
        _fail(f"{what} has no {key!r}")
    return event[key]


def _seat(event: dict[str, object], key: str, what: str, players: int = 4) -> int:
    value = _field(event, key, what)
    if type(value) is not int or not 0 <= value < players:
        _fail(f"{what}'s {key} is a seat 0-{players - 1}, got {quote(value)}")
    return value


def _count(event: dict[str, object], key: str, what: str, low: int = 0,
           high: int = 1_000_000) -> int:
    value = _field(event, key, what)
    if type(value) is not int or not low <= value <= high:
        _fail(f"{what}'s {key} is a whole number {low}-{high}, got {quote(value)}")
    return value


def _deltas(event: dict[str, object], what: str, players: int = 4) -> list[int] | None:
    value = event.get("deltas", event.get("delta"))
    if value is None:
        return None
    if not isinstance(value, list) or len(value) not in (players, _SEATS) or any(
            type(v) is not int for v in value) or (len(value) > players and value[3] != 0):
        count = "four" if players == 4 else "three (or four with a last 0)"
        _fail(f"{what}'s deltas are {count} whole numbers, got {value!r}"[:200])
    return cast(list[int], value[:players])


class _Reader:
    """One game's events read in order into rounds."""

    def __init__(self) -> None:
        self.names: list[str] | None = None
        self.kyoku_first: int | None = None
        self.red = False
        self.kuitan = True
        self.started = False
        self.ended = False
        self.rounds: list[LogRound] = []
        self.round: RoundBuilder | None = None
        self.reach: int | None = None
        self.east_only = True
        self.players: int | None = None
        """3 or 4, once start_game's names or the first start_kyoku say."""

    @property
    def seats(self) -> int:
        """The number of players (4 until the log says)."""
        return self.players or _SEATS

    def _seat(self, event: dict[str, object], key: str, what: str) -> int:
        return _seat(event, key, what, self.seats)

    def event(self, event: dict[str, object]) -> None:
        """Read one event: the game's frame (its start and end, a round's start and end)
        here, a round's own events through ``_ROUND_EVENTS`` (only the riichi player's
        dahai may follow a reach). One function: it runs for every event of a log."""
        kind = event.get("type")
        play = _ROUND_EVENTS.get(kind) if kind.__class__ is str else None
        builder = self.round
        if play is not None and builder is not None and self.reach is None:
            # most events: a round's own in an open round (so after start_game and before
            # end_game), no dahai awaited after a reach
            play(self, builder, event, _WHAT[kind])  # type: ignore[index]
            return
        what = _WHAT.get(kind) if kind.__class__ is str else "an event"
        if what is None:   # an unknown event type: quoted as the input has it
            what = f"a {quote(kind)} event"
        if not isinstance(kind, str):
            _fail(f"an event has a string type, got {kind!r}"[:200])
        if self.ended:
            _fail(f"{what} after end_game")
        if kind == "start_game":
            if self.started:
                _fail("a second start_game in one game")
            self._start_game(event)
            return
        if not self.started:
            _fail(f"{what} before start_game")
        if kind == "start_kyoku":
            if self.round is not None:
                _fail("a start_kyoku before the last round's end_kyoku")
            self._start_kyoku(event)
            return
        if kind == "end_game":
            if self.round is not None:
                _fail("end_game before the last round's end_kyoku")
            self.ended = True
            return
        if builder is None:
            _fail(f"{what} outside a round (before start_kyoku or after end_kyoku)")
        if kind == "end_kyoku":
            self.rounds.append(builder.finish())
            self.round = None
            return
        if self.reach is not None and kind != "dahai":
            _fail(f"{what} after seat {self.reach}'s reach, which its dahai must follow")
        play = _ROUND_EVENTS.get(kind)
        if play is not None:
            play(self, builder, event, what)
        elif kind != "none":
            _fail(f"unknown event type {quote(kind)}")

    def _actor_and_pai(self, event: dict[str, object], what: str) -> tuple[int, Tile | None]:
        """A tsumo's or dahai's seat, and its tile when both are right (most of a log's
        events, read at once); else the seat as ``_seat`` reads it (raising when wrong)
        and None, for the caller to read the tile as ``_pai`` does, in its own order."""
        actor, pai = event.get("actor"), event.get("pai")
        tile = _TILE_OF_NAME.get(pai) if pai.__class__ is str else None
        if tile is None or type(actor) is not int or not 0 <= actor < (self.players or _SEATS):
            return self._seat(event, "actor", what), None
        return actor, tile

    def _tsumo(self, builder: RoundBuilder, event: dict[str, object], what: str) -> None:
        actor, tile = self._actor_and_pai(event, what)
        builder.draw(actor, tile if tile is not None else self._pai(event, "pai", what))

    def _dahai(self, builder: RoundBuilder, event: dict[str, object], what: str) -> None:
        actor, tile = self._actor_and_pai(event, what)
        riichi = self.reach is not None
        if riichi and actor != self.reach:
            _fail(f"seat {actor}'s dahai follows seat {self.reach}'s reach")
        self.reach = None
        tsumogiri = event.get("tsumogiri")
        if tsumogiri is not None and type(tsumogiri) is not bool:
            _fail(f"{what}'s tsumogiri is true or false, got {quote(tsumogiri)}")
        builder.discard(actor, tile if tile is not None else self._pai(event, "pai", what),
                        riichi=riichi, tsumogiri=tsumogiri)

    def _reach(self, builder: RoundBuilder, event: dict[str, object], what: str) -> None:
        actor = self._seat(event, "actor", what)
        if builder.is_over or actor != builder.seat or builder.drawn is None:
            _fail(f"seat {actor} declares riichi, but it is not its turn after a draw")
        self.reach = actor

    def _reach_accepted(self, builder: RoundBuilder, event: dict[str, object],
                        what: str) -> None:
        builder.riichi_accepted(self._seat(event, "actor", what))

    def _call(self, builder: RoundBuilder, event: dict[str, object], what: str) -> None:
        """A chi, pon or daiminkan (the event's type, one of ``_CALLS``)."""
        actor = self._seat(event, "actor", what)
        builder.call(actor, _CALLS[cast(str, event["type"])],
                     self._seat(event, "target", what),
                     self._pai(event, "pai", what), self._consumed(event, what))

    def _kakan(self, builder: RoundBuilder, event: dict[str, object], what: str) -> None:
        builder.added_kan(self._seat(event, "actor", what), self._pai(event, "pai", what))

    def _kita(self, builder: RoundBuilder, event: dict[str, object], what: str) -> None:
        pai = event.get("pai", "N")
        tile = _tile(pai, f"{what}'s pai")
        builder.kita(self._seat(event, "actor", what), tile)

    def _ankan(self, builder: RoundBuilder, event: dict[str, object], what: str) -> None:
        builder.closed_kan(self._seat(event, "actor", what), self._consumed(event, what, 4))

    def _dora(self, builder: RoundBuilder, event: dict[str, object], what: str) -> None:
        builder.dora(self._pai(event, "dora_marker", what))

    def _hora(self, builder: RoundBuilder, event: dict[str, object], what: str) -> None:
        ura = event.get("ura_markers", event.get("uradora_markers"))
        builder.win(self._seat(event, "actor", what), self._seat(event, "target", what),
                    ura=[] if ura is None else self._tiles(ura, f"{what}'s ura markers"),
                    deltas=_deltas(event, what, self.seats))

    def _ryukyoku(self, builder: RoundBuilder, event: dict[str, object], what: str) -> None:
        draw = "yao9" if builder.drawn is not None else builder.draw_after_discard()
        builder.end_in_draw(draw, _deltas(event, what, self.seats))

    def _pai(self, event: dict[str, object], key: str, what: str) -> Tile:
        return _tile(_field(event, key, what), f"{what}'s {key}")

    def _tiles(self, value: object, what: str, count: int | None = None) -> list[Tile]:
        return _tiles(value, what, count)

    def _consumed(self, event: dict[str, object], what: str, count: int | None = None
                  ) -> list[Tile]:
        return self._tiles(_field(event, "consumed", what), f"{what}'s consumed", count)

    def _start_game(self, event: dict[str, object]) -> None:
        self.started = True
        names = event.get("names")
        if names is not None:
            if not isinstance(names, list) or len(names) not in (3, 4) or any(
                    not isinstance(n, str) for n in names):
                _fail(f"start_game's names are three or four strings, got {names!r}"[:200])
            self.names = cast(list[str], names)
            if len(names) == 3:
                self.players = 3
        first = event.get("kyoku_first")
        if first is not None:
            if first not in (0, 4) or type(first) is not int:
                _fail(f"start_game's kyoku_first is 0 (east-south) or 4 (east only), "
                      f"got {quote(first)}")
            self.kyoku_first = first
        red = event.get("aka_flag")
        if red is not None:   # else the red fives the log names say
            if type(red) is not bool:
                _fail(f"start_game's aka_flag is true or false, got {quote(red)}")
            self.red = red
        kuitan = event.get("kuitan", True)
        if type(kuitan) is not bool:
            _fail(f"start_game's kuitan is true or false, got {quote(kuitan)}")
        self.kuitan = kuitan

    def _start_kyoku(self, event: dict[str, object]) -> None:
        what = "start_kyoku"
        bakaze = _field(event, "bakaze", what)
        if bakaze not in _WINDS:
            _fail(f"start_kyoku's bakaze is E, S, W or N, got {quote(bakaze)}")
        players = self._round_players(event)
        kyoku = _count(event, "kyoku", what, 1, players)
        oya = _seat(event, "oya", what, players)
        if oya != kyoku - 1:
            _fail(f"start_kyoku's oya is seat {oya}, but kyoku {kyoku}'s dealer is seat "
                  f"{kyoku - 1}")
        honba = _count(event, "honba", what)
        sticks = _count(event, "kyotaku", what) if "kyotaku" in event else _count(
            event, "kyoutaku", what)
        scores = cast(list[int], _field(event, "scores", what))[:players]
        tehais = cast(list[object], _field(event, "tehais", what))[:players]
        hands = [_dealt_codes(hand, seat) for seat, hand in enumerate(tehais)]
        dora = self._pai(event, "dora_marker", what)
        index = 4 * _WINDS.index(bakaze) + kyoku - 1
        self.east_only &= index < 4
        red = bool(self.red)
        self.round = RoundBuilder(round_index=index, honba=honba, sticks=sticks,
                                  scores=scores, dealer=oya, hands=hands,
                                  dora=dora, red_fives=red, names=tile_name, players=players)

    def _round_players(self, event: dict[str, object]) -> int:
        """How many play, from start_kyoku's scores and tehais (three, or four whose
        last hand is empty or unseen with a score of 0, or four); the same every round."""
        what = "start_kyoku"
        scores = _field(event, "scores", what)
        tehais = _field(event, "tehais", what)
        if not isinstance(scores, list) or len(scores) not in (3, 4) or any(
                type(s) is not int for s in scores):
            _fail(f"start_kyoku's scores are three or four whole numbers, got "
                  f"{scores!r}"[:200])
        if not isinstance(tehais, list) or len(tehais) != len(scores):
            _fail(f"start_kyoku's tehais are one hand of 13 tiles a seat of its scores, got "
                  f"{tehais!r}"[:200])
        players = len(scores)
        fourth = tehais[3] if players == _SEATS else None
        if isinstance(fourth, list) and scores[3] == 0 and self.players != _SEATS and (
                not fourth or (len(fourth) == 13 and all(t == _UNSEEN for t in fourth))):
            players = 3
        if self.players is not None and players != self.players:
            _fail(f"start_kyoku deals to {players} seats, but this game has {self.players} "
                  "players")
        self.players = players
        return players

    def game(self) -> GameLog:
        if not self.started:
            _fail("the log has no start_game")
        if self.round is not None:
            _fail("the log stops inside a round (no end_kyoku)")
        if not self.ended:
            _fail("the log stops before end_game")
        red = bool(self.red)
        if self.kyoku_first is not None:
            east_south = self.kyoku_first == 0
        else:
            east_south = not self.east_only
        rule_type = (0x01 | (0 if red else 0x02) | (0 if self.kuitan else 0x04)
                     | (0x08 if east_south else 0) | (0x10 if self.players == 3 else 0))
        names = self.names[:self.seats] if self.names else []
        players = tuple(LogPlayer(name) for name in names)
        return GameLog(version=None, shuffle_seed=None, rule_type=rule_type, lobby=None,
                       players=players, first_dealer=0, rounds=tuple(self.rounds),
                       length_known=self.kyoku_first is not None)


_ROUND_EVENTS: dict[str, Callable[[_Reader, RoundBuilder, dict[str, object], str], None]] = {
    "tsumo": _Reader._tsumo, "dahai": _Reader._dahai, "reach": _Reader._reach,
    "reach_accepted": _Reader._reach_accepted,
    **{call: _Reader._call for call in _CALLS},
    "kakan": _Reader._kakan, **{kita: _Reader._kita for kita in _KITA_EVENTS},
    "ankan": _Reader._ankan, "dora": _Reader._dora, "hora": _Reader._hora,
    "ryukyoku": _Reader._ryukyoku}
"""How each event inside a round is played, by its type (``none`` does nothing)."""


def parse_mjai(document: str | bytes, *, fast: bool = True) -> GameLog:
    """Read one game's mjai events (``start_game`` to ``end_game``, one JSON object a
    line) into a ``GameLog``.

    Tiles get ids as they first appear (a red five its own, unless ``aka_flag`` is
    false); a drawn round's kind (nine terminals, four winds, four riichi, four kans,
    three rons or the wall run out) follows from where it comes. The dice, which mjai
    does not hold, are read as 0, 0. Raises InvalidLogError naming the line where the
    text is not JSON, an event is unknown or out of order (a dahai by a seat whose turn
    it is not, a call of a tile nobody discarded, an event after end_game), names an
    unknown tile or a tile the player does not hold, or the log stops early.

    Draws, discards and the events with nothing but a seat or a tile, written as mjai
    writers write them, are taken by their text without reading their JSON; with
    ``fast=False`` every line's JSON is read (slower, the same game or error).
    """
    if isinstance(document, bytes | bytearray):
        document = decode_utf8(document)
    if not isinstance(document, str):
        _fail(f"an mjai log is text, got {type(document).__name__}")
    return _read(plain_str(document), fast=fast)


def _read(document: str, *, fast: bool) -> GameLog:
    """The game of an mjai document. ``fast``: a line that is one of ``_TURN_LINES`` is
    played without reading its JSON, and one of ``_FIXED_LINES`` read by its text (the
    same steps and errors as when read: the tests hold the two ways equal)."""
    reader = _Reader()
    reader.red = any(f'"5{suit}r"' in document for suit in _SUITS)
    lines = document.splitlines()
    turns = list(map(_TURN_LINES.get, lines, itertools.repeat(NO_TURN))) if fast else [
        NO_TURN] * len(lines)
    read: dict[int, object] = {}
    batch: list[int] = []   # the other lines of plain JSON text, read at once
    for at in itertools.compress(range(len(lines)), map(
            operator.is_, turns, itertools.repeat(NO_TURN))):
        line = lines[at]
        event = _FIXED_LINES.get(line) if fast else None
        if event is not None:
            read[at] = event
        elif line.isascii() and not line.isspace() and line:
            batch.append(at)
    events = load_json_lines([lines[at] for at in batch])
    if events is not None:
        read.update(zip(batch, events, strict=True))
    at, number, count = 0, 0, len(lines)
    while at < count:
        builder = reader.round
        if turns[at] is not NO_TURN and builder is not None and reader.reach is None:
            played = builder.play_turns(itertools.islice(turns, at, None))
            if played:
                at = number = at + played
                continue
        line = lines[at]
        at += 1
        if turns[at - 1] is NO_TURN and not line.strip():
            continue
        number = at
        try:
            value = read.get(at - 1, _UNREAD)
            if value is _UNREAD:
                value = _event(line)
            if value.__class__ is not dict:
                _fail(f"an event is a JSON object, got {type(value).__name__}")
            reader.event(cast(dict[str, object], value))
        except MahjongError as error:
            raise InvalidLogError(f"line {number}{_where(reader, number)}: {error}") from None
    try:
        return reader.game()
    except MahjongError as error:
        raise InvalidLogError(f"after line {number}: {error}") from None


def _turn_lines() -> dict[str, Turn]:
    """Each tsumo and dahai line as mjai writers write it (compact, or with Python's
    blanks), and its step for ``RoundBuilder.play_turns``."""
    lines: dict[str, Turn] = {}
    for comma, colon in ((",", ":"), (", ", ": ")):
        for seat in range(_SEATS):
            for name, tile in _TILE_OF_NAME.items():
                head = (f'{{"type"{colon}"%s"{comma}"actor"{colon}{seat}{comma}"pai"{colon}'
                        f'"{name}"')
                code = 2 * tile.kind + tile.red
                lines[head % "tsumo" + "}"] = draw_turn(seat, code)
                for tsumogiri in (False, True):
                    flag = "true" if tsumogiri else "false"
                    lines[head % "dahai" + f'{comma}"tsumogiri"{colon}{flag}}}'] = (
                        discard_turn(seat, code, tsumogiri))
    return lines


_TURN_LINES = _turn_lines()
"""The draws and discards (most of a log's lines) by their exact text."""


def _fixed_lines() -> dict[str, dict[str, object]]:
    """The lines of an event with nothing but a seat or a tile (reach, reach_accepted,
    dora) or nothing at all, as mjai writers write them, and their JSON value."""
    def event(**fields: object) -> dict[str, object]:
        return fields

    events = [*(event(type=kind, actor=seat) for kind in ("reach", "reach_accepted")
                for seat in range(_SEATS)),
              *(event(type="dora", dora_marker=name) for name in _TILE_OF_NAME),
              *(event(type=kind) for kind in ("end_kyoku", "end_game", "none"))]
    return {json.dumps(event, separators=separators): event for event in events
            for separators in ((",", ":"), (", ", ": "))}


_FIXED_LINES = _fixed_lines()
"""Lines read without reading their JSON (their values are only read, never changed)."""
_UNREAD = object()


def _event(line: str) -> object:
    """One line's JSON value, read strictly (for a log that is not all plain JSON
    objects, one a line); raises InvalidLogError saying why it cannot be read."""
    try:
        return load_json(line)
    except json.JSONDecodeError as error:
        _fail(f"not JSON: {error.msg} at column {error.colno}")
    except JSONRefused as refused:
        _fail(f"refused JSON: {refused}")


def _where(reader: _Reader, number: int) -> str:
    builder = reader.round
    if builder is None or builder.round_index is None:
        return ""
    index = builder.round_index
    return f" ({'ESWN'[index // 4]}{index % 4 + 1} honba {builder.honba})"








# --- writing ----------------------------------------------------------------------------


def _names(record: GameRecord, source: GameLog | None, names: Sequence[str] | None
           ) -> list[str]:
    count = record.rules.players
    if names is not None:
        return check_names(names, count)
    if source is not None and len(source.players) >= count:
        return [player.name for player in source.players[:count]]
    return [f"Seat {seat}" for seat in range(count)]


def mjai_events(event: SeenEvent, name: Callable[[TileId], str]) -> list[dict[str, _Json]]:
    """The mjai events of one engine event (a riichi discard is ``reach`` and ``dahai``;
    another seat's hidden draw a ``tsumo`` of ``"?"``); ``name`` names a tile id.

    >>> [e["type"] for e in mjai_events(TileDiscarded(1, TileId(16), False, True), str)]
    ['reach', 'dahai']
    """
    def names(ids: Sequence[TileId]) -> list[_Json]:
        return [name(i) for i in sorted(ids)]

    events: list[dict[str, _Json]] = []
    if isinstance(event, HiddenDraw):
        return [{"type": "tsumo", "actor": event.seat, "pai": _UNSEEN}]
    if isinstance(event, TileDrawn):
        events.append({"type": "tsumo", "actor": event.seat, "pai": name(event.tile)})
    elif isinstance(event, TileDiscarded):
        if event.riichi:
            events.append({"type": "reach", "actor": event.seat})
        events.append({"type": "dahai", "actor": event.seat, "pai": name(event.tile),
                       "tsumogiri": event.tsumogiri})
    elif isinstance(event, RiichiAccepted):
        events.append({"type": "reach_accepted", "actor": event.seat})
    elif isinstance(event, DoraRevealed):
        events.append({"type": "dora", "dora_marker": name(event.indicator)})
    elif isinstance(event, KitaDeclared):
        events.append({"type": "kita", "actor": event.seat, "pai": name(event.tile)})
    elif isinstance(event, MeldCalled):
        meld = event.meld
        kind = meld.meld.kind
        if kind is MeldKind.ANKAN:
            events.append({"type": "ankan", "actor": event.seat, "consumed": names(meld.ids)})
        elif kind is MeldKind.SHOUMINKAN:
            assert meld.added is not None
            events.append({"type": "kakan", "actor": event.seat, "pai": name(meld.added),
                           "consumed": names([i for i in meld.ids if i != meld.added])})
        else:
            assert meld.called is not None and meld.from_seat is not None
            label = {MeldKind.CHI: "chi", MeldKind.PON: "pon",
                     MeldKind.MINKAN: "daiminkan"}[kind]
            events.append({"type": label, "actor": event.seat, "target": meld.from_seat,
                           "pai": name(meld.called),
                           "consumed": names([i for i in meld.ids if i != meld.called])})
    return events


def _round_events(played: RoundRecord, red: bool) -> list[dict[str, _Json]]:
    def name(tile_id: TileId) -> str:
        return tile_name(Tile.from_id136(tile_id, red_fives=red))

    def names(ids: Sequence[TileId]) -> list[_Json]:
        return [name(i) for i in sorted(ids)]

    wall = played.wall
    out: list[dict[str, _Json]] = [{
        "type": "start_kyoku", "bakaze": _WINDS[played.round_wind],
        "dora_marker": name(wall.dora[0]), "kyoku": played.dealer_index + 1,
        "honba": played.honba, "kyotaku": played.sticks, "oya": played.dealer,
        "scores": cast(_Json, list(played.start_scores)),
        "tehais": [names(hand) for hand in wall.hands]}]
    shown = 1
    for event in played.events:
        shown += isinstance(event, DoraRevealed)
        out += mjai_events(event, name)
    for result in played.results:
        if isinstance(result, Win):
            ura = ([name(wall.ura_indicator(n)) for n in range(shown)]
                   if result.context.riichi else [])
            out.append({"type": "hora", "actor": result.winner, "target": result.from_seat,
                        "deltas": cast(_Json, list(result.deltas)),
                        "ura_markers": cast(_Json, ura)})
        else:
            out.append({"type": "ryukyoku", "deltas": cast(_Json, list(result.deltas))})
    out.append({"type": "end_kyoku"})
    return out


def write_mjai(record: GameRecord, *, source: GameLog | None = None,
               names: Sequence[str] | None = None) -> str:
    """The mjai events of a game the engine played or replayed, one JSON object a line
    (each line ends with a newline).

    Every event and result is the engine's, in the dialect Mortal's libriichi and
    RiichiEnv read; ``start_game`` also says ``kyoku_first`` and ``aka_flag``, and
    ``"kuitan": false`` when tanyao does not count on an open hand. A three-player game
    is written as RiichiEnv writes one: three seats everywhere and a ``kita`` event for
    each north tile set aside. The players' names come from ``names``, else from
    ``source`` (the log the record was replayed from), else ``"Seat 0"``... Raises
    InvalidLogError for names that are not one string a seat or a source of another
    number of players.
    """
    if not isinstance(record, GameRecord):
        raise InvalidLogError(f"write_mjai writes a GameRecord, got {type(record).__name__}")
    check_source(record, source)
    red = record.rules.red_fives
    start: dict[str, _Json] = {
        "type": "start_game", "names": cast(_Json, _names(record, source, names)),
        "kyoku_first": 0 if record.table.length is GameLength.EAST_SOUTH else 4,
        "aka_flag": red}
    if not record.rules.open_tanyao:
        start["kuitan"] = False
    events = [start]
    for played in record.rounds:
        events += _round_events(played, red)
    events.append({"type": "end_game"})
    return "".join(json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for event in events)
