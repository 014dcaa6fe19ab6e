"""Tenhou's mjlog XML game logs, read into typed records and written back.

A file holds one or more ``<mjloggm ver="2.3">...</mjloggm>`` documents (often one per
line, plain or gzip-compressed). Each is a game: the rules (``GO``), the players (``UN``),
the first dealer (``TAIKYOKU``), then for each round its deal (``INIT``) and what happened
in it: draws, discards, calls, riichi, new dora, wins and draws, players leaving and
coming back. ``parse_mjlog`` turns one document into a ``GameLog``; ``format_mjlog``
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

import itertools
import re
from collections.abc import Callable
from decimal import Decimal
from itertools import compress, count
from operator import is_, itemgetter
from typing import NoReturn, cast
from urllib.parse import unquote_to_bytes

from ..errors import InvalidLogError, quote
from ..tile import TileId, plain_str
from .game_log import (
    _DEALT_TILES,
    _DISCARDS,
    _DRAWS,
    _INDICATORS,
    _MOST_MELDS,
    _MOST_YAKUMAN,
    _SEATS,
    _SHOWN_TILES,
    _VERSION,
    _WIN_TILES,
    _WINDS,
    _YAKU_IDS,
    Agari,
    AgariRecord,
    Bye,
    Call,
    Discard,
    Draw,
    GameLog,
    LogCall,
    LogEvent,
    LogPlayer,
    LogRound,
    LogStanding,
    NewDora,
    Reconnect,
    Riichi,
    Ryuukyoku,
    RyuukyokuRecord,
    check_win_melds,
    made_unchecked,
    round_with_events,
)

__all__ = ["decode_utf8", "format_mjlog", "parse_mjlog"]


def _fail(message: str) -> NoReturn:
    raise InvalidLogError(message)



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
_RUN = re.compile("(?:<[TUVWDEFG](?:[1-9]?[0-9]|1[0-2][0-9]|13[0-5])/>)+")
"""A run of draw and discard tags as Tenhou writes them (``<T52/>``: no leading zero, no
white space), read by ``_read_run``; ``_TOKEN`` reads any other draw or discard tag."""
_FOURTH = re.compile("<[WG]")
"""The fourth seat's draw or discard, which a three-player game has not."""
_DRAW_KEYS = {f"{letter}{tile}": 136 * seat + tile
              for seat, letter in enumerate("TUVW") for tile in range(136)}
"""Each draw tag's name (``T52``): its record's index in ``_DRAWS``."""
_RECORDS = (
    {name: _DRAWS[key] for name, key in _DRAW_KEYS.items()} | {
        f"{'DEFG'[seat]}{tile}": _DISCARDS[False][136 * seat + tile]
        for seat in range(_SEATS) for tile in range(136)},
    {f"{'DEFG'[seat]}{tile}": _DISCARDS[True][136 * seat + tile]
     for seat in range(_SEATS) for tile in range(136)})
"""Each draw or discard tag's record by its name: ``[False]`` any of them (a discard not
tsumogiri), ``[True]`` a tsumogiri discard."""
_TSUMOGIRI_AFTER: dict[str, Discard | None] = {
    name: _DISCARDS[False][key] for name, key in _DRAW_KEYS.items()} | dict.fromkeys(
        _RECORDS[True])
"""The discard (its record in ``_RECORDS[False]``) that is tsumogiri right after each draw
tag; None after a discard."""
_TSUMOGIRI_AFTER_DRAW = dict(enumerate(_DISCARDS[False])) | {-1: None}
"""The same by the draw's index in ``_DRAWS`` (-1: no draw)."""
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


_MOST_MELDS_AND_KITA = (8, "a win has at most 4 melds and 4 kita")
_MOST_YAKU_NUMBERS = (2 * _YAKU_IDS, f"each of Tenhou's {_YAKU_IDS} yaku ids at most once, "
                                     "with its han")
_MOST_SEAT_PAIRS = (2 * _SEATS, f"a score and a change for each of {_SEATS} seats")
_MOST_SCORES = (_SEATS, f"a score for each of {_SEATS} seats")
"""The longest list an attribute may hold, and the rule that says so (the tile lists'
are with the records'): a list is refused beyond its limit before any of its numbers is
read, a meld code decoded or a tile id checked."""

_NUMBERS = {str(number): number for number in range(-1000, 1000)}
"""Each number of up to three digits as a log writes it (no plus sign, no leading zero):
its int, looked up rather than checked and converted (seats, tile ids, yaku, scores and
changes in hundreds)."""
_MAX_DIGITS = 18
"""The longest number an attribute may hold: every number of a log fits."""
_LONG_NUMBER = re.compile(f"[0-9]{{{_MAX_DIGITS + 1}}}")
_SHORT_INTS = re.compile(f"(?:-?[0-9]{{1,{_MAX_DIGITS}}}(?:,-?[0-9]{{1,{_MAX_DIGITS}}})*)?\\Z")
"""A list attribute that is right (``_INTS`` with no number too long): one test where a log
is right, the two that say what is wrong only where it is not."""


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
    number = _NUMBERS.get(value)   # type: ignore[arg-type]
    if number is not None:   # a seat, a step, a tile id
        return number
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
    numbers = list(map(_NUMBERS.get, value.split(","))) if value else []
    if None not in numbers:   # most lists: each number a key of _NUMBERS
        return cast(list[int], numbers)
    if _SHORT_INTS.match(value) is None:
        if _INTS.match(value) is None:
            _fail(f"{key}={quote(value)} is not a list of numbers")
        _fail(f"{key}={quote(value)} holds a number of more than {_MAX_DIGITS} digits")
    return list(map(int, value.split(","))) if value else []


def _tile_list(attrs_: dict[str, str], key: str,
               most: tuple[int, str] | None = None) -> tuple[TileId, ...]:
    """The tile ids of a list attribute, at most as many as ``most`` says (counted before
    any is read)."""
    value = attrs_[key]
    if most is None or value.count(",") < most[0]:
        # as Tenhou writes them, each id is a key of _NUMBERS, 0-135: one lookup each
        found = tuple(map(_NUMBERS.get, value.split(","))) if value else ()
        if None not in found and _are_tile_ids(cast(tuple[TileId, ...], found)):
            return cast(tuple[TileId, ...], found)
    tiles = _ints(attrs_, key, most=most)
    if tiles and (min(tiles) < 0 or max(tiles) >= 136):
        tile = next(tile for tile in tiles if not 0 <= tile < 136)
        _fail(f"{key}={quote(attrs_[key])} holds {tile}, not a tile id 0-135")
    return cast(tuple[TileId, ...], tuple(tiles))


def _are_tile_ids(numbers: tuple[int, ...]) -> bool:
    return not numbers or (min(numbers) >= 0 and max(numbers) < 136)


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


def _standing(attrs_: dict[str, str]) -> LogStanding | None:
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
    return LogStanding(_hundreds([int(item) for item in items[0::2]]),
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
        melds = tuple(LogCall.decode(code, who, players)
                      for code in _ints(attrs_, "m", most=most))
        check_win_melds(melds)
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
    # every field read and checked as AgariRecord checks it: the record is not checked again
    record = made_unchecked(
        AgariRecord, honba, sticks,
        _tile_list(attrs_, "hai", _WIN_TILES) if "hai" in attrs_ else None,
        melds, None if win_tile is None else win_tile[0], fu, points, limit, yaku,
        tuple(_ints(attrs_, "yakuman", most=_MOST_YAKUMAN)) if "yakuman" in attrs_ else None,
        _tile_list(attrs_, "doraHai", _INDICATORS) if "doraHai" in attrs_ else None,
        scores, deltas, pao, _standing(attrs_))
    return made_unchecked(Agari, who, source, ura, record)


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
    number = _NUMBERS.get(text)
    if number is not None:
        return number
    if _INT.match(text) is None:
        _fail(f"the seed's {what} {quote(text)} is not a number")
    return int(text)


def _init(attrs_: dict[str, str], players: int) -> LogRound:
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
    return LogRound(
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


def _players(attrs_: dict[str, str]) -> tuple[LogPlayer, ...]:
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
        players.append(LogPlayer(_decode_name(name), dan, rate,
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


def _label(round_: LogRound | None, number: int) -> str:
    if round_ is None:
        return "before the first round"
    if round_.round_index is None:
        return f"round {number}"
    label = f"{_WINDS[round_.round_index // 4]}{round_.round_index % 4 + 1}"
    return label if round_.honba is None else f"{label} honba {round_.honba}"


class _Document:
    """What the tags of one document read so far hold; a method a tag reads each other
    tag (``_READERS``), while ``parse_mjlog`` reads the draws and discards itself."""

    def __init__(self) -> None:
        self.version: str | None = None
        self.seed: str | None = None
        self.ref: str | None = None
        self.rule_type: int | None = None
        self.lobby: int | None = None
        self.players: tuple[LogPlayer, ...] | None = None
        self.first_dealer: int | None = None
        self.players_count = _SEATS
        self.opening: list[Bye | Reconnect] = []
        self.rounds: list[LogRound] = []
        self.round: LogRound | None = None
        self.events: list[LogEvent] = []
        self.ended: Agari | Ryuukyoku | None = None   # the round's first Agari or Ryuukyoku
        self.drawn = -1     # 136 * seat + tile of the last draw not yet followed by a discard
        self.playing = False    # inside a round, before its win or draw
        self.opened = self.closed = False

    def game(self) -> GameLog:
        """The document read whole. Raises InvalidLogError where it is not."""
        if not self.closed:
            if not self.opened:
                _fail("a document starts with <mjloggm ...>")
            _fail("the document ends without </mjloggm> (truncated?)")
        if self.rule_type is None or self.first_dealer is None:
            _fail("the document has no GO or no TAIKYOKU tag")
        return GameLog(self.version, self.seed, self.rule_type, self.lobby,
                       self.players or (), self.first_dealer, tuple(self.rounds),
                       tuple(self.opening), self.ref)

    def finish_round(self) -> None:
        if self.round is None:
            return
        if self.ended is None:
            _fail(f"{_label(self.round, len(self.rounds) + 1)} ends without a win or a draw")
        self.rounds.append(round_with_events(self.round, tuple(self.events)))

    def simple_problem(self, letter: str, digits: str) -> NoReturn:
        """Why a draw or discard tag cannot be read here."""
        kind = _SIMPLE.get(letter)
        if self.closed:
            _fail("text after </mjloggm>")
        if kind is None:
            _fail(f"unknown tag {_shown(f'<{letter}{digits}>')}")
        seat, is_draw = kind
        if seat >= self.players_count:
            _fail(f"seat {seat} {'draws' if is_draw else 'discards'}, but a "
                  f"{self.players_count}-player game has no seat {seat}")
        if len(digits) > _MAX_DIGITS or int(digits) >= 136:
            _fail(f"tile id {_shown(digits)} is not 0-135")
        _fail(f"a {'draw' if is_draw else 'discard'} outside a round's play")

    def tag(self, match: re.Match[str]) -> None:
        """Read one tag other than a draw or a discard: its closing, its attributes, then
        its own reader."""
        name = match.group(4)
        if name is None:
            if match.group(8) is not None:
                return
            text = match.group(0)
            _fail(f"a cut-off or malformed tag: {quote(text, 40)}" if text[0] == "<"
                  else f"text outside a tag: {quote(text, 40)}")
        if self.closed:
            _fail("text after </mjloggm>")
        if match.group(5):
            if name in _SIMPLE and not match.group(3):
                _fail(f"a draw or discard tag is written {_shown(f'<{name}{match.group(5)}/>')}")
            _fail(f"unknown tag {_shown(f'<{match.group(3)}{name}{match.group(5)}>')}")
        if match.group(3):
            self.close(match, name)
            return
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
            self.open(attrs_, bool(match.group(7)))
            return
        if not self.opened:
            _fail(f"a document starts with <mjloggm ...>, got <{name}>")
        if not match.group(7):
            _fail(f"<{name} ...> is not closed with />")
        _READERS[name](self, attrs_)

    def open(self, attrs_: dict[str, str], empty: bool) -> None:
        if self.opened or empty:
            _fail("a second <mjloggm> inside the document" if self.opened
                  else "<mjloggm/> holds no game")
        self.opened = True
        self.version = _version(attrs_)

    def close(self, match: re.Match[str], name: str) -> None:
        if name != "mjloggm" or match.group(6) or match.group(7):
            _fail(f"unexpected closing tag {_shown(f'</{name}>')}")
        if not self.opened:
            _fail("</mjloggm> before <mjloggm>")
        self.finish_round()
        self.closed = True
        self.playing = False

    def call(self, attrs_: dict[str, str]) -> None:     # N
        who = _seat(attrs_, "who", self.players_count)
        if not self.playing:
            _fail("a call outside a round's play")
        # decode checks the call fits seat who (Call's own check)
        self.events.append(made_unchecked(Call, who, LogCall.decode(
            _int(attrs_, "m"), who, self.players_count)))
        self.drawn = -1

    def riichi(self, attrs_: dict[str, str]) -> None:   # REACH
        who = _seat(attrs_, "who", self.players_count)
        if not self.playing:
            _fail("a riichi outside a round's play")
        scores = (_hundreds(_ints(attrs_, "ten", most=_MOST_SCORES)) if "ten" in attrs_
                  else None)
        self.events.append(Riichi(who, _int(attrs_, "step"), scores))

    def new_dora(self, attrs_: dict[str, str]) -> None:     # DORA
        if not self.playing:
            _fail("a new dora outside a round's play")
        self.events.append(NewDora(TileId(_int(attrs_, "hai"))))

    def deal(self, attrs_: dict[str, str]) -> None:     # INIT
        if self.rule_type is None or self.first_dealer is None:
            _fail("a round starts before the GO and TAIKYOKU tags")
        self.finish_round()
        self.round = None
        self.events = []
        self.ended = None
        self.drawn = -1
        self.round = _init(attrs_, self.players_count)
        self.playing = True

    def win(self, attrs_: dict[str, str]) -> None:  # AGARI
        if self.round is None or (self.ended is not None and type(self.ended) is not Agari):
            _fail("a win outside a round" if self.round is None
                  else "a win after the round ended in a draw")
        agari = _agari(attrs_, self.players_count)
        self.events.append(agari)
        self.ended = self.ended or agari
        self.playing = False

    def drawn_round(self, attrs_: dict[str, str]) -> None:  # RYUUKYOKU
        if not self.playing:
            _fail("a drawn round outside a round's play")
        ryuukyoku = _ryuukyoku(attrs_, self.players_count)
        self.events.append(ryuukyoku)
        self.ended = ryuukyoku
        self.playing = False

    def bye(self, attrs_: dict[str, str]) -> None:  # BYE
        bye = Bye(_seat(attrs_, "who", self.players_count))
        (self.events if self.round is not None else self.opening).append(bye)

    def players_tag(self, attrs_: dict[str, str]) -> None:  # UN
        if self.players is None:
            if self.rounds or self.round is not None:
                _fail("the players are named after the first round started")
            self.players = _players(attrs_)
        else:
            reconnect = _reconnect(attrs_, self.players_count)
            (self.events if self.round is not None else self.opening).append(reconnect)

    def before_rounds(self, name: str) -> None:
        if self.round is not None:
            _fail(f"a <{name}> tag inside the rounds")

    def rules(self, attrs_: dict[str, str]) -> None:    # GO
        self.before_rounds("GO")
        if self.rule_type is not None:
            _fail("a second GO tag")
        self.rule_type = _int(attrs_, "type")
        if self.rule_type < 0:
            _fail(f"type={self.rule_type} is not a set of rule bits")
        self.lobby = _opt_int(attrs_, "lobby")
        self.players_count = 3 if self.rule_type & 0x10 else 4

    def first_deal(self, attrs_: dict[str, str]) -> None:   # TAIKYOKU
        self.before_rounds("TAIKYOKU")
        if self.first_dealer is not None:
            _fail("a second TAIKYOKU tag")
        self.first_dealer = _seat(attrs_, "oya", self.players_count)

    def shuffle(self, attrs_: dict[str, str]) -> None:  # SHUFFLE
        self.before_rounds("SHUFFLE")
        if self.seed is not None or self.ref is not None:
            _fail("a second SHUFFLE tag")
        self.seed = _unescape(attrs_["seed"]) if "seed" in attrs_ else None
        self.ref = _unescape(attrs_["ref"]) if "ref" in attrs_ else None


_READERS: dict[str, Callable[[_Document, dict[str, str]], None]] = {
    "N": _Document.call, "REACH": _Document.riichi, "DORA": _Document.new_dora,
    "INIT": _Document.deal, "AGARI": _Document.win, "RYUUKYOKU": _Document.drawn_round,
    "BYE": _Document.bye, "UN": _Document.players_tag, "GO": _Document.rules,
    "TAIKYOKU": _Document.first_deal, "SHUFFLE": _Document.shuffle}
"""The reader of each tag but ``mjloggm`` (opened and closed by ``_Document.tag``) and
the draws and discards (read by ``parse_mjlog`` itself, being most of a log)."""


def parse_mjlog(document: str) -> GameLog:
    """Read one mjlog document (``<mjloggm ...>...</mjloggm>``) into a ``GameLog``.

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
    game = _read_as_written(document)
    return game if game is not None else _read_checked(document)


def _read_checked(document: str) -> GameLog:
    """``parse_mjlog``'s reading of any document, one tag at a time (the runs of draws and
    discards at once): it names the place of each problem."""
    start = _body_start(document)
    read = _Document()
    events = read.events
    drawn = -1
    playing = False
    players_count = _SEATS
    match: re.Match[str] | None = None
    try:
        at, end = start, len(document)
        while at < end:
            # the draws and discards, most of a log, are read here a run at a time (at
            # most a few seats' tags stop a run): the rest by their readers
            run = _RUN.match(document, at)
            if run is not None and playing and (players_count == _SEATS or _FOURTH.search(
                    document, at, run.end()) is None):
                at = run.end()
                drawn = _read_run(document[run.start() + 1:at - 2], events, drawn)
                continue
            match = _TOKEN.match(document, at)
            assert match is not None   # the last alternatives take any character
            at = match.end()
            letter, digits = match.group(1, 2)
            if letter is not None:   # a draw or discard not as Tenhou writes it
                kind = _SIMPLE.get(letter)
                tile = int(digits) if len(digits) <= _MAX_DIGITS else 136
                if kind is None or not playing or kind[0] >= players_count or tile >= 136:
                    read.simple_problem(letter, digits)
                key = 136 * kind[0] + tile
                if kind[1]:
                    events.append(_DRAWS[key])
                    drawn = key
                else:
                    events.append(_DISCARDS[key == drawn][key])
                    drawn = -1
                continue
            read.drawn = drawn
            read.tag(match)
            events, drawn, playing = read.events, read.drawn, read.playing
            players_count = read.players_count
        match = None
        if not read.opened and start >= len(document):
            _fail("no <mjloggm ...> document here")
        return read.game()
    except InvalidLogError as error:
        raise InvalidLogError(f"{_where(read, match)}: {error}") from None


def _read_run(text: str, events: list[LogEvent], drawn: int) -> int:
    """Read a run of draw and discard tags as Tenhou writes them (``text``: the run less
    its first ``<`` and last ``/>``) into ``events``; ``drawn`` is the draw a discard may
    follow, as ``parse_mjlog`` keeps it, before the run and (returned) after it.

    Each tag's record is looked up by name, a discard's as tsumogiri when the tag before
    draws the same tile for the same seat: lookups made in C over the whole run (a name
    that is no tag's raises KeyError)."""
    names = text.split("/><")
    get = itemgetter(*names, names[0])     # a tuple even for one name: the last one dropped
    records = list(get(_RECORDS[False]))
    records.pop()
    # a discard is tsumogiri when its record is the one after the tag before it
    for index in compress(count(), map(is_, (_TSUMOGIRI_AFTER_DRAW[drawn],
                                             *get(_TSUMOGIRI_AFTER)), records)):
        records[index] = _RECORDS[True][names[index]]
    events += records
    return _DRAW_KEYS.get(names[-1], -1)


# --- reading a document as Tenhou writes it ----------------------------------------------
# ``_read_as_written`` reads a document written exactly as Tenhou writes one (its tags in
# Tenhou's spelling, their attributes in Tenhou's order, no white space) in a few steps a
# round, and gives up (None) at the first thing it does not expect: ``_read_checked`` then
# reads the document, to the same GameLog or to the error naming the place. Each value is
# read and checked as the checking readers read and check it (tests compare the two on
# real, engine-written and damaged logs).

_TILE_IDS = {str(tile): TileId(tile) for tile in range(136)}
"""Each tile id as Tenhou writes it: a lookup refuses any other text."""
_ROUND_TAGS = "N|REACH|DORA|BYE|UN|AGARI|RYUUKYOKU"
"""The tags a round holds besides its deal, draws and discards."""


def _as_written_patterns(players: int) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A round's deal (``INIT``'s attributes) and each of its other tags as Tenhou writes
    them in a ``players``-player game: a call, a riichi, a win, or (last) another tag left
    to its checking reader. The draws and discards are the text between two tags."""
    seat = "([0-3])" if players == 4 else "([0-2])"
    deal = re.compile('seed="([^"]*)" ten="([^"]*)" oya="([0-3])" hai0="([^"]*)" '
                      'hai1="([^"]*)" hai2="([^"]*)" hai3="([^"]*)"/>')
    tag = re.compile(
        f'<(?:N who="{seat}" m="([0-9]{{1,5}})" '
        f'|REACH who="{seat}" (?:ten="([^"]*)" )?step="([12])"'
        f'|AGARI ba="([^"]*)" hai="([^"]*)" (?:m="([0-9]{{1,5}}(?:,[0-9]{{1,5}})*)" )?'
        f'machi="([^"]*)" ten="([0-9]{{1,6}}),([0-9]{{1,7}}),([0-9])" (?:yaku="([^"]*)" )?'
        f'(?:yakuman="([^"]*)" )?doraHai="([^"]*)" (?:doraHaiUra="([^"]*)" )?'
        f'who="{seat}" fromWho="{seat}" (?:paoWho="{seat}" )?sc="([^"]*)" '
        f'(?:owari="([^"]*)" )?'
        f'|(?:{_ROUND_TAGS})(?=[ \t\r\n/])[^<>]*)/>')
    return deal, tag


_AS_WRITTEN = {players: _as_written_patterns(players) for players in (3, 4)}


def _small_numbers(text: str, most: int) -> list[int]:
    """At most ``most`` numbers of up to three digits (``_NUMBERS``), as Tenhou writes a list."""
    numbers = list(map(_NUMBERS.__getitem__, text.split(",")))
    if len(numbers) > most:
        raise _NotAsWritten
    return numbers


def _tiles(text: str, most: int) -> tuple[TileId, ...]:
    """At most ``most`` tile ids, as Tenhou writes a list of them."""
    tiles = tuple(map(_TILE_IDS.__getitem__, text.split(",")))
    if len(tiles) > most:
        raise _NotAsWritten
    return tiles


class _NotAsWritten(Exception):
    """The document is not as ``_read_as_written`` expects: ``_read_checked`` reads it."""


def _read_as_written(document: str) -> GameLog | None:
    """The game of a document as Tenhou writes it, or None for ``_read_checked`` to read
    (any other document, or one that is damaged)."""
    first = document.find("<INIT ")
    if not document.startswith("<mjloggm") or not document.endswith("</mjloggm>") or first < 0:
        return None
    read = _Document()
    try:
        for match in _TOKEN.finditer(document, 0, first):
            if match.group(1) is not None:
                return None
            read.tag(match)
        if read.rule_type is None or read.first_dealer is None:
            return None
        patterns = _AS_WRITTEN[read.players_count]
        for text in document[first + 6:-10].split("<INIT "):
            read.rounds.append(_round_as_written(read, text, patterns))
        read.round = None
        read.closed = True
        return read.game()
    except (_NotAsWritten, ValueError, KeyError):   # InvalidLogError is a ValueError
        return None


def _round_as_written(read: _Document, text: str,
                      patterns: tuple[re.Pattern[str], re.Pattern[str]]) -> LogRound:
    """One round (``text``: its ``INIT`` tag less ``<INIT ``, and the tags to the next)."""
    deal, tag = patterns
    found = deal.match(text)
    if found is None:
        raise _NotAsWritten
    players = read.players_count
    round_ = _deal_as_written(found.groups(), players)
    events: list[LogEvent] = []
    read.round, read.events, read.ended, read.playing = round_, events, None, True
    at = found.end()
    drawn = -1
    for found in tag.finditer(text, at):
        start = found.start()
        if start != at:     # the draws and discards between two tags
            run = text[at:start]
            if not read.playing or run[0] != "<" or run[-2:] != "/>" or (
                    players == 3 and _FOURTH.search(run) is not None):
                raise _NotAsWritten
            drawn = _read_run(run[1:-2], events, drawn)
        at = found.end()
        groups = found.groups()
        if groups[0] is not None:   # N
            if not read.playing:
                raise _NotAsWritten
            seat = _NUMBERS[groups[0]]
            events.append(made_unchecked(Call, seat, LogCall.decode(
                int(groups[1]), seat, players)))
            drawn = -1
        elif groups[2] is not None:     # REACH
            if not read.playing:
                raise _NotAsWritten
            ten = groups[3]
            events.append(made_unchecked(
                Riichi, _NUMBERS[groups[2]], _NUMBERS[groups[4]],
                None if ten is None else _hundreds(_small_numbers(ten, _MOST_SCORES[0]))))
        elif groups[5] is not None:     # AGARI
            if read.ended is not None and type(read.ended) is not Agari:
                raise _NotAsWritten
            agari = _win_as_written(groups[5:], players)
            events.append(agari)
            read.ended = read.ended or agari
            read.playing = False
        else:
            read.drawn = drawn
            _tag_as_written(read, found.group(0))
            drawn = read.drawn
    if at != len(text) or read.ended is None:
        raise _NotAsWritten
    return round_with_events(round_, tuple(events))


def _deal_as_written(groups: tuple[str, ...], players: int) -> LogRound:
    """The deal of an ``INIT`` tag the deal pattern has matched (fields read and checked
    as ``LogRound`` checks them, each tile dealt once)."""
    seed, ten, dealer, *dealt = groups
    index, honba, sticks, die, other_die, dora = map(_NUMBERS.__getitem__, seed.split(","))
    hands = (*(_tiles(hand, 13) for hand in dealt[:3]),
             _tiles(dealt[3], 13) if players == 4 else ())
    tiles = [*itertools.chain.from_iterable(hands), dora]
    if (not 0 <= index < 16 or honba < 0 or sticks < 0 or not 0 <= die <= 5
            or not 0 <= other_die <= 5 or dora not in _NUMBERS_OF_TILES
            or len(tiles) != 13 * players + 1 or len(set(tiles)) != len(tiles)
            or (players == 3 and dealt[3])):
        raise _NotAsWritten
    return made_unchecked(
        LogRound, index, honba, sticks, (die, other_die), dora,
        _hundreds(_small_numbers(ten, _MOST_SCORES[0])), _NUMBERS[dealer], hands, ())


_NUMBERS_OF_TILES = frozenset(range(136))


def _tag_as_written(read: _Document, text: str) -> None:
    """Read a tag the patterns leave to its checking reader."""
    found = _TOKEN.fullmatch(text)
    if found is None or found.group(4) is None:
        raise _NotAsWritten
    read.tag(found)


def _win_as_written(groups: tuple[str, ...], players: int) -> Agari:
    """The win of an ``AGARI`` tag the tag pattern has matched (fields read and checked
    as ``_agari`` reads and checks them)."""
    (ba, hand, codes, machi, fu, points, limit, yaku, yakuman, dora, ura, who, source, pao,
     sc, owari) = groups[:16]
    seat = _NUMBERS[who]
    honba, sticks = _small_numbers(ba, 2)
    melds = None
    if codes is not None:
        numbers = list(map(int, codes.split(",")))
        if len(numbers) > (_MOST_MELDS if players == 4 else _MOST_MELDS_AND_KITA)[0]:
            raise _NotAsWritten
        melds = tuple(LogCall.decode(code, seat, players) for code in numbers)
        check_win_melds(melds)
    pairs = None
    if yaku is not None:
        numbers = _small_numbers(yaku, _MOST_YAKU_NUMBERS[0])
        if len(numbers) % 2:
            raise _NotAsWritten
        pairs = tuple(zip(numbers[0::2], numbers[1::2], strict=True))
    changes = _small_numbers(sc, _MOST_SEAT_PAIRS[0])
    if len(changes) % 2:
        raise _NotAsWritten
    record = made_unchecked(
        AgariRecord, honba, sticks, _tiles(hand, _WIN_TILES[0]), melds, _TILE_IDS[machi],
        int(fu), int(points), int(limit), pairs,
        None if yakuman is None else tuple(_small_numbers(yakuman, _MOST_YAKUMAN[0])),
        _tiles(dora, _INDICATORS[0]), _hundreds(changes[0::2]), _hundreds(changes[1::2]),
        None if pao is None else _NUMBERS[pao],
        None if owari is None else _standing({"owari": owari}))
    return made_unchecked(Agari, seat, _NUMBERS[source],
                          () if ura is None else _tiles(ura, _INDICATORS[0]), record)


def _body_start(document: str) -> int:
    """Where the document's tags begin: after a byte-order mark, white space and an XML
    declaration (the end of the text when the declaration is not closed)."""
    start = 0
    while start < len(document) and document[start] in "\ufeff \t\r\n":
        start += 1
    if document.startswith("<?xml", start):
        end = document.find("?>", start)
        start = len(document) if end < 0 else end + 2
    return start


def _where(read: _Document, match: re.Match[str] | None) -> str:
    """The place of a problem: the round, the event and the tag, or the document's end."""
    if match is None:
        return f"{_label(read.round, len(read.rounds) + 1)}, at the end of the document"
    tag = match.group(0)
    label = (f"round {len(read.rounds) + 1}" if match.group(4) == "INIT"
             else _label(read.round, len(read.rounds) + 1))
    event = f"event {len(read.events)}, " if read.round is not None else ""
    return f"{label}, {event}character {match.start()} {_shown(tag)}"


def decode_utf8(raw: bytes | bytearray | memoryview) -> str:
    """A log's bytes as text (a leading byte-order mark dropped).

    Raises InvalidLogError naming the first byte that is not UTF-8.
    """
    try:
        return bytes(raw).decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise InvalidLogError(f"byte {error.start} is not UTF-8: {error.reason}") from None








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


def _owari(final: LogStanding | None) -> str:
    if final is None:
        return ""
    items = [f"{score // 100},{_float(points, 1)}"
             for score, points in zip(final.scores, final.points, strict=True)]
    return f' owari="{",".join(items)}"'


def _write_round(round_: LogRound, players: tuple[LogPlayer, ...], count: int,
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


def _presence_tag(event: Bye | Reconnect, players: tuple[LogPlayer, ...], count: int) -> str:
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


def _init_tag(round_: LogRound) -> str:
    def field(value: int | None) -> str:
        return "" if value is None else str(value)

    seed = (f"{field(round_.round_index)},{field(round_.honba)},{field(round_.sticks)},"
            f"{round_.dice[0]},{round_.dice[1]},{round_.dora_indicator}")
    ten = "" if round_.scores is None else f' ten="{_join(_hundredths(round_.scores))}"'
    oya = "" if round_.dealer is None else f' oya="{round_.dealer}"'
    hands = "".join(f' {key}="{_join(hand)}"' for key, hand in zip(_HANDS, round_.hands,
                                                                   strict=True))
    return f'<INIT seed="{seed}"{ten}{oya}{hands}/>'


def _un_tag(players: tuple[LogPlayer, ...]) -> str:
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


def format_mjlog(game: GameLog) -> str:
    """Write ``game`` as one mjlog document on one line, as Tenhou writes it.

    ``parse_mjlog(format_mjlog(game)) == game``. Raises InvalidLogError, naming the round
    and event, for a game the format cannot hold or that would read back differently: a
    seat or call the game's number of players does not allow, a discard whose tsumogiri
    flag disagrees with the draws, a round without a win or a draw, events after its end.
    """
    if type(game) is not GameLog:
        _fail(f"format_mjlog writes a GameLog, got {type(game).__name__}")
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

