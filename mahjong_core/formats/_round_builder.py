"""Rounds of an mjlog game built step by step from logs that name tiles, not tile ids.

The tenhou.net/6 JSON log and mjai name each tile by its kind (and red flag); an
``GameLog`` holds physical tile ids. ``RoundBuilder`` gives every tile an id as it
first appears (dealt, drawn, turned over as an indicator), finds the id a discard or a
call takes in the player's hand, follows whose turn it is, and writes the events, the
riichi sticks and the outcome records an mjlog round holds. A three-player round is
written as Tenhou writes one: an empty fourth seat with no tiles and a score of 0.
Each method raises InvalidLogError naming what does not fit; the reader adds where in
its input it is.
"""

from __future__ import annotations

import enum
import itertools
import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NoReturn, Protocol, TypeAlias, cast

import attrs

from ..errors import InvalidLogError
from ..table.draws import draw_after_discard, is_nine_terminals, terminal_and_honour_kinds
from ..table.records import DrawKind
from ..table.wall import THREE_PLAYER_IDS
from ..tile import Tile, TileId
from .game_log import (
    _DISCARDS,
    _DRAWS,
    Agari,
    AgariRecord,
    Call,
    CallKind,
    Discard,
    Draw,
    LogCall,
    LogEvent,
    LogRound,
    NewDora,
    Riichi,
    Ryuukyoku,
    RyuukyokuRecord,
    check_win_melds,
    made_unchecked,
)
from .record_mjlog import DRAW_TYPES

__all__ = ["DRAWN_TILE", "NO_TURN", "PLACEHOLDER", "RIICHI", "RIICHI_COST", "ListedCall",
           "ListedKan", "RoundBuilder", "Turn", "discard_turn", "draw_turn", "tile_code"]

RIICHI_COST = 1000
"""The stick a riichi puts on the table in the logs these readers take."""
_LIVE_TILES = {4: 70, 3: 55}
_NORTH = 30
_SEATS = 4

_RED_TABLE = tuple(Tile.from_id136(i) for i in range(136))
_PLAIN_TABLE = tuple(Tile.from_id136(i, red_fives=False) for i in range(136))


def _code(tile: Tile) -> int:
    """A tile as one small int (twice the kind, plus one for a red five): ids are matched
    to tiles by comparing ints, which is much cheaper than comparing Tiles."""
    return 2 * tile.kind + tile.red


_RED_CODES = tuple(map(_code, _RED_TABLE))
_PLAIN_CODES = tuple(map(_code, _PLAIN_TABLE))


def _ids_of_codes(codes: tuple[int, ...], ids: Sequence[int]) -> dict[int, tuple[TileId, ...]]:
    """The ids of each tile code, in ascending order: a round's ids before any is given."""
    found: dict[int, list[TileId]] = {}
    for tile_id in ids:
        found.setdefault(codes[tile_id], []).append(TileId(tile_id))
    return {code: tuple(tile_ids) for code, tile_ids in found.items()}


_FREE = {(red, players): _ids_of_codes(_RED_CODES if red else _PLAIN_CODES,
                                       range(136) if players == 4 else THREE_PLAYER_IDS)
         for red in (False, True) for players in (3, 4)}
"""The ids of each code in a game with or without red fives, of 3 or 4 players."""
_FREE_CODES = {game: (tuple(ids), tuple(ids.values())) for game, ids in _FREE.items()}
"""``_FREE``'s codes and their ids apart, for a round's copy made in one step."""
_TILE_OF_CODE = {_code(tile): tile for tile in _RED_TABLE}
"""The tile of each ``tile_code``."""
_FIRST = itertools.repeat(0)
"""The index ``list.pop`` takes each tile's lowest free id at."""


def _fail(message: str) -> NoReturn:
    raise InvalidLogError(message)


# --- the records' checks passed at once (the records then made unchecked) --------------

_NO_DICE = (0, 0)
"""The dice of a log that has none."""
_INT_TYPE = {int}
_HUNDRED = 100
_MOST_YAKU = 55
"""Tenhou's yaku ids: a win lists at most this many."""
_AGARI_FIELDS = tuple(field.name for field in attrs.fields(AgariRecord))


def _in_hundreds(points: Sequence[int]) -> bool:
    """Whether points are whole numbers in hundreds, one a seat."""
    return ({*map(type, points)} <= _INT_TYPE and not any(map(_HUNDRED.__rmod__, points))
            and len(points) <= _SEATS)


def _plain_round(round_index: object, honba: object, sticks: object, dice: object,
                 scores: Sequence[int] | None, dealer: object) -> bool:
    """Whether a round's own fields (all but its tiles and events, which the builder
    makes right) pass ``LogRound``'s checks."""
    return ((round_index is None or (type(round_index) is int and 0 <= round_index < 16))
            and (honba is None or (type(honba) is int and honba >= 0))
            and (sticks is None or (type(sticks) is int and sticks >= 0))
            and dice is _NO_DICE and (scores is None or _in_hundreds(scores))
            and type(dealer) is int and 0 <= dealer < _SEATS)


def _is_plain_win(*fields: Any) -> bool:
    """Whether a win's record fields (``AgariRecord``'s, in order) made by the builder of
    a plain round pass its checks: what the reader gave (the value, the yaku, the
    deltas and the pao seat) is of the right shape, and the melds are few enough."""
    hand, melds, fu, points, limit, yaku, yakuman, scores, deltas, pao = _WIN_CHECKED(fields)
    return (len(hand) <= 14 and ((fu is None and points is None and limit is None) or (
        type(fu) is int and type(points) is int and type(limit) is int))
        and (yaku is None or (len(yaku) <= _MOST_YAKU and {*map(type, yaku)} <= {tuple}
                              and {*map(len, yaku)} <= {2} and {*map(
                                  type, itertools.chain.from_iterable(yaku))} <= _INT_TYPE))
        and (yakuman is None or (len(yakuman) <= _MOST_YAKU
                                 and {*map(type, yakuman)} <= _INT_TYPE))
        and (scores is None or _in_hundreds(scores)) and (deltas is None or _in_hundreds(deltas))
        and (pao is None or (type(pao) is int and 0 <= pao < _SEATS)) and _few_melds(melds))


_WIN_CHECKED = operator.itemgetter(2, 3, 5, 6, 7, 8, 9, 11, 12, 13)
"""A win record's fields ``_is_plain_win`` looks at."""


def _few_melds(melds: tuple[LogCall, ...]) -> bool:
    """Whether a winning hand's melds pass ``check_win_melds``."""
    try:
        check_win_melds(melds)
    except InvalidLogError:
        return False
    return True


def _is_meld(kind: CallKind, tiles: tuple[TileId, ...], seat: int, from_seat: int) -> bool:
    """Whether a call's ascending tiles make its kind (a chi's a run, from the seat
    before; a pon's or kan's one kind): ``LogCall`` and ``Call`` then accept it."""
    first = tiles[0] >> 2
    if kind is CallKind.CHI:
        return (first < 27 and first % 9 <= 6 and tiles[1] >> 2 == first + 1
                and tiles[2] >> 2 == first + 2 and from_seat == (seat + 3) % _SEATS)
    return tiles[-1] >> 2 == first


DRAWN_TILE = 100
"""In ``RoundBuilder.follow_lists``' discards: the tile just drawn (no ``tile_code``; all
the discards' numbers fit a byte, so a reader may hand a seat's list over as bytes)."""
RIICHI = 128
"""In ``RoundBuilder.follow_lists``' discards: added to a discard that declares riichi."""
PLACEHOLDER = 101
"""In ``RoundBuilder.follow_lists``' discards: the place an open kan takes."""
_COPIES = {game: {code: ids.get(code, ()) for code in (*range(2 * 33 + 2), PLACEHOLDER)}
           for game, ids in _FREE.items()}
"""``_FREE`` with every code (none for a tile the game has not) and ``PLACEHOLDER`` (no
tile): looked up by subscript where a code may be any of them."""


def tile_code(tile: Tile) -> int:
    """A tile as ``RoundBuilder.follow_lists`` takes it: twice the kind, plus one for a
    red five."""
    return _code(tile)


class ListedKan(Protocol):
    """A closed or added kan or a kita in a seat's list of discards."""

    @property
    def kind(self) -> str:
        """``"ankan"``, ``"kakan"`` or ``"kita"``."""

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The kan's four tiles, or the added or set-aside tile."""


class ListedCall(Protocol):
    """A chi, pon or open kan in a seat's list of takes."""

    @property
    def kind(self) -> CallKind | None:
        """The call's kind (never None in a list of takes)."""

    @property
    def tile(self) -> Tile:
        """The discard it takes."""

    @property
    def own(self) -> tuple[Tile, ...]:
        """The caller's own tiles."""

    @property
    def offset(self) -> int:
        """Seats after the caller of the discarder (3: the player on the left)."""


Turn: TypeAlias = "tuple[int, int, bool, tuple[Any, ...]]"
"""A step of ``RoundBuilder.play_turns``: ``(step, code, tsumogiri, events)``, ``step``
the seat for a draw, 4 + the seat for a discard, anything else no plain step; ``code``
the tile's ``tile_code``; ``events`` the step's events by tile id (a discard's by
tsumogiri, then tile id)."""
NO_TURN: Turn = (-1, -1, False, ())
"""A line or item that is no plain draw or discard."""


def draw_turn(seat: int, code: int) -> Turn:
    """``seat`` draws the tile of ``code``, as ``RoundBuilder.play_turns`` takes it."""
    return seat, code, False, _SEAT_DRAWS[seat]


def discard_turn(seat: int, code: int, tsumogiri: bool) -> Turn:
    """``seat`` discards the tile of ``code`` (``tsumogiri``: the tile it drew), as
    ``RoundBuilder.play_turns`` takes it."""
    return 4 + seat, code, tsumogiri, _SEAT_DISCARDS[seat]


class _Phase(enum.Enum):
    DRAW = "draw"          # ``seat`` draws next (the round's first draw)
    ACT = "act"            # ``seat`` holds a full hand: discard, kan, tsumo, nine terminals
    ANSWER = "answer"      # the others answer ``seat``'s discard; else the next seat draws
    RINSHAN = "rinshan"    # ``seat`` draws a replacement tile after its kan
    CHANKAN = "chankan"    # the others may rob ``seat``'s added kan or kita; else it draws
    WON = "won"            # a ron ended the round: more rons on the same tile may follow
    OVER = "over"


_ACT, _ANSWER, _CHANKAN = _Phase.ACT, _Phase.ANSWER, _Phase.CHANKAN
"""The phases ``follow_lists`` sets, looked up once (an enum member's lookup is slow)."""
_FOLLOWING = {players: tuple((seat + 1) % players for seat in range(players))
              for players in (3, 4)}
"""The seat after each, at a table of 3 or 4."""
_AFTER_DISCARD = {players: tuple((step - 3) % players for step in range(8)) for players in (3, 4)}
"""At a table of 3 or 4, the seat that draws after a discard of ``play_turns``' step."""
_SEAT_DRAWS = tuple(_DRAWS[136 * seat: 136 * seat + 136] for seat in range(_SEATS))
"""Each seat's draw of each tile id (``_DRAWS`` by seat)."""
_SEAT_DISCARDS = tuple(tuple(_DISCARDS[tsumogiri][136 * seat: 136 * seat + 136]
                             for tsumogiri in (False, True)) for seat in range(_SEATS))
"""Each seat's discard of each tile id, at ``[seat][tsumogiri][tile]``."""
_PLAIN_TAKES = frozenset(_RED_CODES)
"""The takes of ``follow_lists`` that are draws (a tile's code), not calls."""


def _next_call(marks: list[bool], start: int) -> int:
    """Where a seat's next call is in its takes from ``start`` on (``marks``: whether each
    take is a draw, and a last False), -1 when none is."""
    at = marks.index(False, start)
    return at if at < len(marks) - 1 else -1


def _awaited(calling: set[int], takes: Sequence[Sequence[object]], taken: list[int]
             ) -> set[int]:
    """The seats whose discard the seats of ``calling`` call with their next take (their
    next take is a call: a ``ListedCall``)."""
    return {(seat + cast(ListedCall, takes[seat][taken[seat]]).offset) % _SEATS
            for seat in calling}


def _used_up(takes: Sequence[Sequence[object]], gives: Sequence[Sequence[object]],
             taken: list[int], given: list[int]) -> bool:
    """Whether ``follow_lists`` has used every take and discard (no count passes its
    list's length, so the sums tell)."""
    return sum(taken) == sum(map(len, takes)) and sum(given) == sum(map(len, gives))


class RoundBuilder:
    """One round's mjlog events, built from tile names in play order."""

    def __init__(self, *, round_index: int | None, honba: int | None, sticks: int | None,
                 scores: Sequence[int] | None, dealer: int,
                 hands: Sequence[Sequence[int]], dora: Tile, red_fives: bool,
                 dice: tuple[int, int] = _NO_DICE, names: Callable[[Tile], str] = str,
                 players: int = 4) -> None:
        """A round of ``players`` seats (3 or 4): ``hands`` (each seat's 13 dealt tiles, as
        ``tile_code`` values) and ``scores`` have one entry a seat, the empty fourth seat
        of a three-player game left out."""
        if players not in (3, 4):
            _fail(f"a game has 3 or 4 players, got {players!r}")
        self.players = players
        self.red_fives = red_fives
        self._names = names
        self._table = _RED_TABLE if red_fives else _PLAIN_TABLE
        self._codes = _RED_CODES if red_fives else _PLAIN_CODES
        self._free = self._fresh_ids()
        if len(hands) != players or any(len(hand) != 13 for hand in hands):
            _fail(f"a round deals 13 tiles to each of {players} seats, got "
                  f"{[len(hand) for hand in hands]}")
        if scores is not None and len(scores) != players:
            _fail(f"a round's scores are one per seat ({players}), got {list(scores)}")
        self._ids = _FREE[bool(red_fives), players]
        self._copies = _COPIES[bool(red_fives), players]
        dealt = self._dealt_ids(hands)
        self._dealt = tuple(map(tuple, map(sorted, dealt)))
        self.hands: list[set[TileId]] = list(map(set, dealt))
        """The ids each seat holds (a set: a discard finds its id without a search)."""
        self._dora = self._new(dora, "the dora indicator")
        self.dora_ids: list[TileId] = [self._dora]
        self.melds: list[list[LogCall]] = [[] for _ in range(_SEATS)]
        self.events: list[LogEvent] = []
        self.round_index, self.honba, self.sticks = round_index, honba, sticks
        self.start_scores = None if scores is None else tuple(scores)
        self.scores = None if scores is None else list(scores)
        self.dealer = dealer
        self.dice = dice
        self._plain = _plain_round(round_index, honba, sticks, dice, self.start_scores, dealer)
        """Whether the round's own fields are what ``LogRound`` accepts: the round and
        its win records are then made without checking them again."""
        self.table_sticks = sticks or 0
        self.phase = _Phase.DRAW
        self.seat = dealer
        self.drawn: TileId | None = None
        self.last: TileId | None = None
        """The discard (or added kan tile) the others may answer."""
        self.riichi_pending: int | None = None
        self.riichi_declared = [False] * players
        self.ura_ids: tuple[TileId, ...] | None = None
        self.kans = 0
        self.kitas = 0
        self._robbed = "added kan"
        """What the others may rob in the CHANKAN phase: an added kan or a kita."""
        self.kan_seats: list[int] = []
        """The maker of each kan so far."""
        self.live_draws = 0
        self.called = False
        self.last_riichi = False
        self.first_win = True

    # -- tiles ----------------------------------------------------------------------------

    def _new(self, tile: Tile, what: str) -> TileId:
        """A fresh id for a tile that appears for the first time."""
        free = self._free.get(2 * tile.kind + tile.red)
        if not free:
            self._no_id(tile, what)
        return free.pop(0)

    def _fresh_ids(self) -> dict[int, list[TileId]]:
        """The ids of each tile code, none given yet (copied from ``_FREE`` in C)."""
        codes, ids = _FREE_CODES[bool(self.red_fives), self.players]
        return dict(zip(codes, map(list, ids), strict=True))

    def _dealt_ids(self, hands: Sequence[Sequence[int]]) -> list[list[TileId]]:
        """Fresh ids for the dealt hands' tile codes (``_new`` for each tile, in C: each
        code's list of free ids popped at its first)."""
        frees = self._free
        try:
            return [list(map(list.pop, map(frees.__getitem__, hand), _FIRST)) for hand in hands]
        except (KeyError, IndexError):   # a tile the game has not, or no copy left: named
            self._free = frees = self._fresh_ids()   # tile by tile, from the start again
        for hand in hands:
            for code in hand:
                if not frees.get(code):
                    self._no_id(_TILE_OF_CODE[code], "a dealt tile")
                frees[code].pop(0)
        raise AssertionError("a dealt tile refused at once is refused again")

    def _no_id(self, tile: Tile, what: str) -> NoReturn:
        """Why ``tile`` gets no fresh id: the game has no such tile, or its copies are all
        out (``_free`` holds a list for each tile the game has, so the check runs only
        here)."""
        self._check_tile(tile, what)
        _fail(f"{what} {self._name(tile)} would be a fifth {self._name(tile)}"
              if not tile.red else f"{what} is a second red {self._name(tile)}")

    def _check_tile(self, tile: Tile, what: str) -> None:
        if tile.red and not self.red_fives:
            _fail(f"{what} is a red five, but this game plays without red fives")
        if self.players == 3 and 1 <= tile.kind <= 7:
            _fail(f"{what} is {self._name(tile)}, which a three-player game does not have "
                  "(no 2m-8m)")

    def _name(self, tile: Tile) -> str:
        return self._names(tile)

    def name_of(self, tile_id: int) -> str:
        """A tile id's tile as the log names it."""
        return self._names(self._table[tile_id])

    def tile_of(self, tile_id: int) -> Tile:
        """A tile id's tile (red fives as the game's rules have them)."""
        return self._table[tile_id]

    def _take(self, seat: int, tile: Tile, what: str, *, avoid: TileId | None = None) -> TileId:
        """The id of ``tile`` in ``seat``'s hand (another copy than ``avoid`` if it has one);
        the id leaves the hand."""
        hand = self.hands[seat]
        matches = [i for i in self._ids.get(2 * tile.kind + tile.red, ()) if i in hand]
        if not matches:   # a tile the game has not either: the hand holds none
            self._check_tile(tile, what)
            _fail(f"seat {seat} {what} {self._name(tile)}, which its hand does not hold")
        # the lowest copy (the ids ascend), another than ``avoid`` if the hand has one
        chosen = matches[1] if matches[0] == avoid and len(matches) > 1 else matches[0]
        hand.remove(chosen)
        return chosen

    # -- whose turn -------------------------------------------------------------------------

    def _expected(self) -> str:
        phase, seat = self.phase, self.seat
        if phase is _Phase.DRAW:
            return f"seat {seat} draws first"
        if phase is _Phase.ACT:
            return f"it is seat {seat}'s turn to discard"
        if phase is _Phase.ANSWER:
            return (f"the others answer seat {seat}'s discard or seat "
                    f"{(seat + 1) % self.players} draws")
        if phase is _Phase.RINSHAN:
            return f"seat {seat} draws a replacement tile after its kan"
        if phase is _Phase.CHANKAN:
            return f"the others may rob seat {seat}'s {self._robbed}, else it draws"
        return "the round is over"

    def _accept_riichi(self) -> None:
        seat = self.riichi_pending
        if seat is None:
            return
        self.riichi_pending = None
        self.table_sticks += 1
        if self.scores is not None:
            self.scores[seat] -= RIICHI_COST
        self.events.append(Riichi(seat, 2, self._padded(self.scores)))

    def _padded(self, values: Sequence[int] | None) -> tuple[int, ...] | None:
        """One value a seat as an mjlog round holds them: 0 for a three-player game's
        empty fourth seat."""
        if values is None:
            return None
        return (*values, *(0,) * (_SEATS - self.players))

    def _per_seat(self, values: Sequence[int], what: str) -> list[int]:
        """A log's score changes, one a seat: a three-player log may also give the empty
        fourth seat its 0."""
        values = list(values)
        if len(values) == _SEATS and self.players == 3 and values[3] == 0:
            values = values[:3]
        if len(values) != self.players:
            _fail(f"{what} are one per seat ({self.players}), got {values}")
        return values

    # -- the steps ----------------------------------------------------------------------------

    def draw(self, seat: int, tile: Tile) -> None:
        """``seat`` draws ``tile`` (from the live wall or, after its kan, the dead wall)."""
        phase = self.phase
        if phase is _Phase.ANSWER and seat == (self.seat + 1) % self.players:
            if self.riichi_pending is not None:
                self._accept_riichi()
        elif not (phase in (_Phase.DRAW, _Phase.RINSHAN, _Phase.CHANKAN) and seat == self.seat):
            _fail(f"seat {seat} draws, but {self._expected()}")
        if phase in (_Phase.DRAW, _Phase.ANSWER):
            self.live_draws += 1
        free = self._free.get(2 * tile.kind + tile.red)
        if not free:
            self._no_id(tile, f"seat {seat}'s draw")
        tile_id = free.pop(0)
        self.hands[seat].add(tile_id)
        self.events.append(_DRAWS[136 * seat + tile_id])
        self.phase, self.seat, self.drawn, self.last = _Phase.ACT, seat, tile_id, None

    def discard(self, seat: int, tile: Tile | None, *, riichi: bool = False,
                tsumogiri: bool | None = None) -> None:
        """``seat`` discards ``tile`` (None: the tile it just drew); with ``riichi`` the
        discard declares riichi. ``tsumogiri`` (when the log says) picks the drawn copy
        of ``tile`` or another one in the hand."""
        if self.phase is not _Phase.ACT or seat != self.seat:
            _fail(f"seat {seat} discards, but {self._expected()}")
        drawn = self.drawn
        if tile is None or tsumogiri:
            if drawn is None:
                _fail(f"seat {seat} discards the tile it drew, but it has drawn none "
                      "(it called)")
            if tile is not None and self._table[drawn] != tile:
                _fail(f"seat {seat} discards {self._name(tile)} as the tile it drew, but it "
                      f"drew {self.name_of(drawn)}")
            self.hands[seat].remove(drawn)
            tile_id = drawn
        else:
            tile_id = self._take(seat, tile, "discards", avoid=drawn)
        if riichi and not self._declare_riichi(seat):
            _fail(f"seat {seat} declares riichi a second time")
        self.events.append(_DISCARDS[tile_id == drawn][136 * seat + tile_id])
        self._answer_state(seat, tile_id, riichi)

    def follow_lists(self, takes: Sequence[Sequence[int | ListedCall]],
                     gives: Sequence[Sequence[int | ListedKan]],
                     kan_dora: Sequence[Tile] = ()) -> str | None:
        """Play the turns of a round whose seats' takes and discards are listed apart (as
        tenhou.net/6 lists them), from the dealer's first draw. A take is a drawn tile's
        ``tile_code`` or a call; a discard a ``tile_code`` or ``DRAWN_TILE`` (either plus
        ``RIICHI`` for a riichi discard), ``PLACEHOLDER`` (the place of an open kan), or
        a closed or added kan or a kita. ``kan_dora`` are the indicators the kans turn
        over: a closed kan's at once, another's when its maker next discards (as the
        table does).

        The turn passes to the next seat after a discard unless a seat whose next take
        calls that discard calls it (a pon or kan before a chi): the order a round is
        most often played in. Says where the lists end: ``"discard"``, ``"draw"`` or
        ``"kan"`` (of the seat ``seat``); None when they do not follow that order (a
        take where a draw is due, a placeholder out of place, a tile with no copy left,
        lists that end apart, more indicators than kans): the builder is then left
        part-way, and the reader searches the order with a new one. Raises
        InvalidLogError where a call or kan does not fit, as ``call`` and the kans do.

        Kept whole: one loop over the turns is the reading of a round, and a call per
        turn would cost more than the turn.
        """
        players, hands, free, ids_of = self.players, self.hands, self._free, self._copies
        add_event = self.events.append
        lists = [(takes[seat], gives[seat], _SEAT_DRAWS[seat], _SEAT_DISCARDS[seat])
                 for seat in range(players)]
        listed: Sequence[tuple[Sequence[Any], Sequence[Any], tuple[Draw, ...],
                               tuple[tuple[Discard, ...], ...]]] = lists
        taken, given = [0] * players, [0] * players
        marks = [[*map(_PLAIN_TAKES.__contains__, items), False] for items in takes]
        call_at = [_next_call(marked, 0) for marked in marks]
        """Each seat's next take that is a call (-1: none)."""
        calling = {seat for seat in range(players) if call_at[seat] == 0}
        awaited = _awaited(calling, takes, taken)
        """The seats whose discard a seat in ``calling`` calls next."""
        seat, dora, riichi, drawn = self.seat, iter(kan_dora), False, None
        tile_id, following = cast(TileId | None, None), _FOLLOWING[players]
        pending = 0   # kan dora to turn over at the next discard
        live, waiting, robbed = True, False, False   # a live draw, a riichi, a kan to rob
        calls = rinshan = 0   # the calls and replacement draws made (the live draws: the
        first = self.live_draws   # first before, and all the takes but those since)
        while True:   # ``seat`` draws
            items, seat_gives, seat_draws, seat_discards = listed[seat]
            index = taken[seat]
            try:   # a call, no take left, no copy left: not the plain order
                tile_id = free[items[index]].pop(0)
            except (IndexError, KeyError):   # or the round ended on the last discard
                if not live or tile_id is None or not _used_up(takes, gives, taken, given):
                    return None
                self._answer_state((seat - 1) % players, tile_id, riichi)
                self.live_draws = first + sum(taken) - calls - rinshan
                return "discard" if next(dora, None) is None else None
            taken[seat] = index = index + 1
            if index == call_at[seat]:
                calling.add(seat)
                awaited = _awaited(calling, takes, taken)
            if waiting:
                if self.riichi_pending is not None:
                    self._accept_riichi()
                waiting = False
            if robbed:   # after an added kan or a kita
                self.turn_over(pending, dora)
                pending = 1 if self._robbed == "added kan" else 0
                robbed = False
            hand = hands[seat]
            hand.add(tile_id)
            add_event(seat_draws[tile_id])
            drawn = tile_id
            if not live:   # a replacement draw
                live, rinshan = True, rinshan + 1
            while True:   # ``seat`` discards (another may call it) or makes a kan
                index = given[seat]
                try:
                    give = seat_gives[index]
                except IndexError:
                    self.phase, self.seat, self.drawn, self.last = _ACT, seat, drawn, None
                    self.last_riichi = riichi
                    self.live_draws = first + sum(taken) - calls - rinshan
                    return "draw" if _used_up(takes, gives, taken, given) and next(
                        dora, None) is None else None
                given[seat] = index + 1
                if give.__class__ is not int:
                    self.phase, self.seat, self.drawn, self.last = _ACT, seat, drawn, None
                    self.last_riichi = riichi
                    self.live_draws = first + sum(taken) - calls - rinshan
                    pending = self._listed_kan(seat, give, pending, dora)
                    robbed = self.phase is _CHANKAN
                    if robbed and _used_up(takes, gives, taken, given):
                        return "kan" if next(dora, None) is None else None
                    live = False
                    break
                if pending:
                    self.turn_over(pending, dora)
                    pending = 0
                riichi = give >= RIICHI
                if riichi:
                    give -= RIICHI
                if give != DRAWN_TILE:   # the lowest copy in the hand (the drawn one is the
                    for tile_id in ids_of[give]:   # highest of its kind)
                        if tile_id in hand:
                            break
                    else:
                        return None
                elif drawn is None:
                    return None
                else:
                    tile_id = drawn
                hand.remove(tile_id)
                if riichi:
                    if not self._declare_riichi(seat):
                        return None
                    waiting = True
                add_event(seat_discards[tile_id == drawn][tile_id])
                caller = self._listed_caller(seat, tile_id, calling, takes, taken) \
                    if seat in awaited else None
                if caller is None:   # the next seat draws (or the lists end: see above)
                    seat = following[seat]
                    break
                other, call = caller
                taken[other] = index = taken[other] + 1
                calls += 1
                call_at[other] = _next_call(marks[other], index)
                if call_at[other] != index:
                    calling.discard(other)
                awaited = _awaited(calling, takes, taken)
                self._answer_state(seat, tile_id, riichi)
                self.call(other, cast(CallKind, call.kind), (other + call.offset) % _SEATS,
                          call.tile, call.own)
                seat, drawn, hand, waiting = other, None, hands[other], False
                _, seat_gives, _, seat_discards = listed[seat]
                if call.kind is CallKind.MINKAN:
                    if given[other] < len(gives[other]) and gives[other][given[other]] == \
                            PLACEHOLDER:
                        given[other] += 1
                    self.turn_over(pending, dora)
                    pending, live = 1, False
                    break

    def _answer_state(self, seat: int, discard: TileId, riichi: bool) -> None:
        """The state ``discard`` would leave: the others answer ``seat``'s discard."""
        self.phase, self.seat, self.drawn, self.last = _ANSWER, seat, None, discard
        self.last_riichi = riichi

    def _declare_riichi(self, seat: int) -> bool:
        """``seat`` declares riichi with its discard; False when it has declared it
        before."""
        if self.riichi_declared[seat]:
            return False
        self.riichi_declared[seat] = True
        self.events.append(Riichi(seat, 1))
        self.riichi_pending = seat
        return True

    def _listed_kan(self, seat: int, kan: ListedKan, pending: int, dora: Iterator[Tile]
                    ) -> int:
        """``seat``'s closed or added kan or kita of ``follow_lists``; the kan dora
        still to turn over."""
        if kan.kind == "ankan":
            self.turn_over(pending, dora)
            self.closed_kan(seat, kan.tiles)
            self.turn_over(1, dora)
            return 0
        if kan.kind == "kakan":
            self.added_kan(seat, kan.tiles[0])
        elif kan.kind == "kita":
            self.kita(seat, kan.tiles[0])
        else:
            _fail(f"seat {seat}'s discard is a {kan.kind} out of place")
        return pending

    def turn_over(self, count: int, dora: Iterator[Tile]) -> None:
        """Turn over the next ``count`` kan dora indicators."""
        for _ in range(count):
            tile = next(dora, None)
            if tile is None:
                _fail(f"a kan turns over dora indicator {len(self.dora_ids) + 1}, but the "
                      "log lists no more")
            self.dora(tile)

    def _listed_caller(self, seat: int, discard: TileId, calling: set[int],
                       takes: Sequence[Sequence[int | ListedCall]], taken: list[int]
                       ) -> tuple[int, ListedCall] | None:
        """The seat that calls ``seat``'s ``discard``, and its call: of the seats whose
        next take calls it, the first after ``seat`` with a pon, else the one with a chi."""
        code = self._codes[discard]
        found = None
        for step in range(1, self.players):
            other = (seat + step) % self.players
            if other in calling:
                call = cast(ListedCall, takes[other][taken[other]])
                if (other + call.offset) % _SEATS == seat and _code(call.tile) == code:
                    if call.kind is not CallKind.CHI:
                        return other, call
                    found = found or (other, call)
        return found

    def riichi_accepted(self, seat: int) -> None:
        """The log says ``seat``'s riichi stick is on the table (before the next step)."""
        if self.riichi_pending != seat:
            _fail(f"seat {seat}'s riichi is accepted, but seat {seat} has no riichi waiting")
        self._accept_riichi()

    def call(self, seat: int, kind: CallKind, from_seat: int, called: Tile,
             own: Sequence[Tile]) -> None:
        """``seat`` calls the discard ``called`` of ``from_seat`` with its ``own`` tiles
        (chi, pon or open kan)."""
        if kind is CallKind.CHI and self.players == 3:
            _fail(f"seat {seat} calls a chi, which a three-player game does not have")
        if self.phase is not _Phase.ANSWER or seat == self.seat:
            _fail(f"seat {seat} calls a {kind.value}, but {self._expected()}")
        if from_seat != self.seat:
            _fail(f"seat {seat} calls a tile from seat {from_seat}, but seat {self.seat} "
                  "discarded last")
        assert self.last is not None
        if self._table[self.last] != called:
            _fail(f"seat {seat} calls {self._name(called)}, but seat {self.seat} discarded "
                  f"{self.name_of(self.last)}")
        size = 3 if kind is CallKind.MINKAN else 2
        if len(own) != size:
            _fail(f"a {kind.value} takes {size} tiles of one's own, got {len(own)}")
        self._accept_riichi()
        what = f"calls a {kind.value} with"
        ids = [self._take(seat, tile, what) for tile in own]
        tiles = tuple(sorted((*ids, self.last)))
        if _is_meld(kind, tiles, seat, from_seat):
            call = made_unchecked(LogCall, kind, tiles, self.last, None, from_seat, None)
            self.events.append(made_unchecked(Call, seat, call))
        else:   # refused by the checks, which say why
            call = LogCall(kind, tiles, self.last, None, from_seat)
            self.events.append(Call(seat, call))
        self.melds[seat].append(call)
        self.seat, self.drawn, self.last = seat, None, None
        self.called = True
        if kind is CallKind.MINKAN:
            self._kan(seat)
            self.phase = _Phase.RINSHAN
        else:
            self.phase = _Phase.ACT

    def added_kan(self, seat: int, added: Tile) -> None:
        """``seat`` adds ``added`` to its pon of that kind."""
        if self.phase is not _Phase.ACT or seat != self.seat or self.drawn is None:
            _fail(f"seat {seat} adds a tile to a pon, but {self._expected()}"
                  + (" (it has drawn none)" if self.phase is _Phase.ACT else ""))
        self._check_tile(added, f"seat {seat}'s added kan")
        melds = self.melds[seat]
        index = next((n for n, meld in enumerate(melds) if meld.kind is CallKind.PON
                      and meld.tiles[0] // 4 == added.kind), None)
        if index is None:
            _fail(f"seat {seat} adds {self._name(added)} to a pon it does not have")
        pon = melds[index]
        tile_id = self._take(seat, added, "adds to its pon")
        call = LogCall(CallKind.SHOUMINKAN, tuple(sorted((*pon.tiles, tile_id))), pon.called,
                         tile_id, pon.from_seat)
        melds[index] = call
        self.events.append(Call(seat, call))
        self._kan(seat)
        self._robbed = "added kan"
        self.phase, self.drawn, self.last = _Phase.CHANKAN, None, tile_id

    def kita(self, seat: int, tile: Tile) -> None:
        """``seat`` sets a north tile aside (three players); a replacement draw follows
        unless another seat robs it for ron."""
        if self.players != 3:
            _fail(f"seat {seat} sets a north tile aside, which only a three-player game does")
        if self.phase is not _Phase.ACT or seat != self.seat or self.drawn is None:
            _fail(f"seat {seat} sets a north tile aside, but {self._expected()}"
                  + (" (it has drawn none)" if self.phase is _Phase.ACT else ""))
        if tile.kind != _NORTH:
            _fail(f"seat {seat} sets {self._name(tile)} aside; only a north tile is set aside")
        drawn = self.drawn
        if self.riichi_declared[seat] and self._table[drawn] == tile:
            self.hands[seat].remove(drawn)   # in riichi only the north just drawn may go
            tile_id = drawn
        else:
            tile_id = self._take(seat, tile, "sets aside")
        call = LogCall(CallKind.KITA, (tile_id,), None, None, None)
        self.melds[seat].append(call)
        self.events.append(Call(seat, call))
        self.kitas += 1
        self._robbed = "north tile"
        self.phase, self.drawn, self.last = _Phase.CHANKAN, None, tile_id

    def closed_kan(self, seat: int, tiles: Sequence[Tile]) -> None:
        """``seat`` sets aside four tiles of one kind."""
        if self.phase is not _Phase.ACT or seat != self.seat or self.drawn is None:
            _fail(f"seat {seat} declares a closed kan, but {self._expected()}"
                  + (" (it has drawn none)" if self.phase is _Phase.ACT else ""))
        if len(tiles) != 4 or len({tile.kind for tile in tiles}) != 1:
            _fail(f"a closed kan is four tiles of one kind, got "
                  f"{' '.join(self._name(tile) for tile in tiles)}")
        ids = [self._take(seat, tile, "declares a closed kan with") for tile in tiles]
        call = LogCall(CallKind.ANKAN, tuple(sorted(ids)), None, None, None)
        self.melds[seat].append(call)
        self.events.append(Call(seat, call))
        self._kan(seat)
        self.phase, self.drawn, self.last = _Phase.RINSHAN, None, None

    def _kan(self, seat: int) -> None:
        self.kans += 1
        self.kan_seats.append(seat)
        self.called = True

    def _discard_kinds(self) -> list[int]:
        """The kinds of the round's first five discards, in order: all ``draw_after_discard``
        needs (a fifth discard rules four winds out), read from the events when a drawn
        round asks."""
        kinds = (event.tile >> 2 for event in self.events if event.__class__ is Discard)
        return list(itertools.islice(kinds, 5))

    def draw_after_discard(self) -> str | None:
        """What a drawn round right after the last discard is, as the mjlog type: four
        riichi, four winds, four kans, the wall run out (None), or else a triple ron."""
        if self.phase is not _Phase.ANSWER:
            _fail(f"the round ends in a draw, but {self._expected()}")
        abortive = draw_after_discard(
            None, riichi=self.riichi_declared, riichi_now=self.last_riichi,
            discards=self._discard_kinds(), called=self.called, kan_seats=self.kan_seats)
        if abortive is not None:
            return DRAW_TYPES[abortive]
        if self.live_draws >= _LIVE_TILES[self.players] - self.kans - self.kitas:
            return None
        if self.players != 4:
            _fail(f"the round ends in a draw after seat {self.seat}'s discard with live tiles "
                  "left, which no draw of a three-player game does")
        return DRAW_TYPES[DrawKind.TRIPLE_RON]

    def dora(self, tile: Tile) -> None:
        """A new dora indicator is turned over."""
        if self.phase in (_Phase.WON, _Phase.OVER):
            _fail(f"a new dora indicator after the round ended ({self._expected()})")
        if len(self.dora_ids) >= 5:
            _fail("a sixth dora indicator; a round has five")
        tile_id = self._new(tile, "a new dora indicator")
        self.dora_ids.append(tile_id)
        self.events.append(NewDora(tile_id))

    def _ura(self, ura: Sequence[Tile]) -> tuple[TileId, ...]:
        if not ura:
            return ()
        if self.ura_ids is None:
            if len(ura) > len(self.dora_ids):
                _fail(f"{len(ura)} ura indicators under {len(self.dora_ids)} dora indicators")
            self.ura_ids = tuple(self._new(tile, "an ura indicator") for tile in ura)
        elif [self._table[i] for i in self.ura_ids] != list(ura):
            _fail("the winners of one round show different ura indicators")
        return self.ura_ids

    def win(self, seat: int, from_seat: int, *, ura: Sequence[Tile] = (),
            deltas: Sequence[int] | None = None, fu: int | None = None,
            points: int | None = None, limit: int | None = None,
            yaku: Sequence[tuple[int, int]] | None = None,
            yakuman: Sequence[int] | None = None, pao: int | None = None) -> None:
        """``seat`` wins on its draw (``from_seat == seat``) or on ``from_seat``'s
        discard or added kan; ``ura`` are the ura indicators it shows. The rest is the
        log's record of the win, where it has one (``deltas`` at least)."""
        phase = self.phase
        if seat == from_seat:
            if phase is not _Phase.ACT or seat != self.seat or self.drawn is None:
                _fail(f"seat {seat} wins on its draw, but {self._expected()}")
            win_tile = self.drawn
            hand = tuple(sorted(self.hands[seat]))
        else:
            if phase not in (_Phase.ANSWER, _Phase.CHANKAN, _Phase.WON) or \
                    from_seat != self.seat or seat == self.seat:
                _fail(f"seat {seat} wins on seat {from_seat}'s tile, but {self._expected()}")
            assert self.last is not None
            win_tile = self.last
            hand = tuple(sorted((*self.hands[seat], win_tile)))
        ura_ids = self._ura(ura)
        recorded = None
        if deltas is not None:
            deltas = self._per_seat(deltas, "a win's score changes")
            scores = self._padded(self.scores)
            if self.scores is not None:
                self.scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
            fields: tuple[Any, ...] = (self.honba,
                      None if self.honba is None else self.table_sticks if self.first_win else 0,
                      hand, tuple(self.melds[seat]), win_tile, fu, points, limit,
                      None if yaku is None else tuple(yaku),
                      None if yakuman is None else tuple(yakuman), tuple(self.dora_ids),
                      scores, None if scores is None else self._padded(deltas), pao, None)
            recorded = (made_unchecked(AgariRecord, *fields)
                        if self._plain and _is_plain_win(*fields) else AgariRecord(
                            **dict(zip(_AGARI_FIELDS, fields, strict=True))))
        self.first_win = False
        self.events.append(Agari(seat, from_seat, ura_ids, recorded))
        self.phase, self.drawn = _Phase.WON, None

    def end_in_draw(self, kind: str | None, deltas: Sequence[int] | None = None) -> None:
        """The round ends without a win: ``kind`` as an mjlog ``RYUUKYOKU`` type (None for
        an exhaustive draw, ``"yao9"`` for nine terminals declared by the seat to act)."""
        phase = self.phase
        if kind == DRAW_TYPES[DrawKind.NINE_TERMINALS]:
            if phase is not _Phase.ACT or self.drawn is None:
                _fail(f"a nine-terminals draw is declared on a draw, but {self._expected()}")
            kinds = [tile_id // 4 for tile_id in self.hands[self.seat]]
            if not is_nine_terminals(kinds):
                _fail(f"seat {self.seat} declares nine terminals holding "
                      f"{terminal_and_honour_kinds(kinds)} kinds of terminals and honours")
        elif phase is not _Phase.ANSWER:
            _fail(f"the round ends in a draw, but {self._expected()}")
        if kind != DRAW_TYPES[DrawKind.TRIPLE_RON]:
            self._accept_riichi()
        recorded = None
        if deltas is not None:
            deltas = self._per_seat(deltas, "a drawn round's score changes")
            if self.scores is not None:
                recorded = RyuukyokuRecord(
                    honba=self.honba, sticks=None if self.honba is None else self.table_sticks,
                    scores=self._padded(self.scores), deltas=self._padded(deltas))
                self.scores = [s + d for s, d in zip(self.scores, deltas, strict=True)]
        self.events.append(Ryuukyoku(kind, recorded))
        self.phase = _Phase.OVER

    @property
    def is_over(self) -> bool:
        """True once a win or a draw ended the round."""
        return self.phase in (_Phase.WON, _Phase.OVER)

    def finish(self) -> LogRound:
        """The round as an ``LogRound``. Raises InvalidLogError before it has ended."""
        if not self.is_over:
            _fail(f"the round stops before a win or a draw ({self._expected()})")
        hands = (*self._dealt, *((),) * (_SEATS - self.players))
        fields = (self.round_index, self.honba, self.sticks, self.dice, self._dora,
                  self._padded(self.start_scores), self.dealer, hands, tuple(self.events))
        return made_unchecked(LogRound, *fields) if self._plain else LogRound(*fields)

    def play_turns(self, turns: Iterable[Turn]) -> int:
        """Plays the plain draws and discards at the head of ``turns``, each a
        ``draw_turn`` or ``discard_turn`` (a riichi discard is not plain), or ``NO_TURN``
        (no plain step). Plays them as ``draw`` and ``discard`` would, in
        one loop with the state in locals (most of a log's steps). Stops at the first step
        that is not plain or that ``draw`` or ``discard`` would refuse, before changing
        anything for it, and returns how many it played: the caller plays or refuses the
        next through them.

        Kept whole: the loop is the reading of most of a log, and a call per step (to
        ``draw``, ``discard`` or a helper) would cost more than the step."""
        phase, seat, players = self.phase, self.seat, self.players
        if phase is _Phase.ANSWER:
            want = (seat + 1) % players
        elif phase is _Phase.ACT:
            want = 4 + seat
        elif phase is _Phase.DRAW or phase is _Phase.RINSHAN or phase is _Phase.CHANKAN:
            want = seat
        else:
            return 0
        free, codes, hands = self._free, self._codes, self.hands
        copies = self._copies   # each code's ids, ascending
        events, after, drawing = self.events, _AFTER_DISCARD[players], want < 4
        drawn, pending, accepted = self.drawn, self.riichi_pending, 0
        before = len(events)
        for step, code, tsumogiri, made in turns:
            if step != want:
                break
            if step < 4:   # a draw
                try:
                    tile = free[code].pop(0)
                except (KeyError, IndexError):   # a tile the game has not, or no copy left
                    break
                if pending is not None:
                    self._accept_riichi()
                    pending, accepted = None, 1
                hands[step].add(tile)
                events.append(made[tile])
                drawn, want = tile, step + 4
                continue
            hand = hands[step - 4]
            if tsumogiri:
                if drawn is None or codes[drawn] != code:
                    break
                taken = drawn
            else:   # its lowest copy in the hand (the drawn one is the highest of its kind)
                for taken in copies[code]:
                    if taken in hand:
                        break
                else:
                    break
            hand.remove(taken)
            events.append(made[taken == drawn][taken])
            drawn, want = None, after[step]   # the next seat draws
        steps = len(events) - before - accepted
        if steps:   # draws and discards alternate
            drew = (steps + drawing) // 2
            discarded = steps - drew
            self.live_draws += drew - (phase is _Phase.RINSHAN or phase is _Phase.CHANKAN)
            if want < 4:
                self.phase, self.seat, self.last = _Phase.ANSWER, (want - 1) % players, taken
            else:
                self.phase, self.seat, self.last = _Phase.ACT, want - 4, None
            self.drawn = drawn
            if discarded:
                self.last_riichi = False
        return steps
