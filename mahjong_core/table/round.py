"""One round at the table: the referee a game loop drives, from the deal to the payments.

A ``Round`` is an object its owner drives with ``apply``; it shares nothing with any other
round, so rounds of different games can run in parallel threads. At each point
``to_act`` names the seats that must decide and ``legal_actions(seat)`` lists what each may
do; draws are dealt by the round itself. An action that is not legal raises
``IllegalActionError`` naming the action and why, and leaves the round unchanged.
"""

from __future__ import annotations

import copy
import enum
import functools
from bisect import bisect_left, insort
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple, Protocol, cast, overload

import attrs

from .._slots import writable
from ..context import MAX_HONBA, MAX_RIICHI_STICKS, WinContext, Wind
from ..errors import IllegalActionError, InvalidContextError, quote, safe_repr
from ..hand import Hand, KeptTiles, hand_of_kept, held_counts
from ..meld import Meld, MeldKind, Relative
from ..rules import TENHOU_RULES, Rules
from ..scoring import WinResult, evaluate
from ..seats import relative_seat, seat_from_relative, seat_wind
from ..tile import Tile, TileId
from ..ukeire import DiscardOption
from .actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kita,
    LegalActions,
    NineTerminals,
    OpenKan,
    OpenRiichi,
    Pass,
    Pon,
    Ron,
    Tsumo,
    every_discard,
    legal_actions_of,
)
from .draws import (
    TERMINALS_AND_HONOURS,
    chombo_payments,
    dealer_repeats,
    draw_after_discard,
    is_nine_terminals,
    is_triple_ron,
    may_draw_after_discard,
    nagashi_mangan_payments,
    tenpai_payments,
    terminal_and_honour_kinds,
)
from .records import (
    DoraRevealed,
    Draw,
    DrawKind,
    Event,
    HiddenDraw,
    KitaDeclared,
    MeldCalled,
    RiichiAccepted,
    RiverTile,
    RoundRecord,
    RoundResult,
    SeenEvent,
    TableMeld,
    TileDiscarded,
    TileDrawn,
    Win,
    round_name,
)
from .rules import TENHOU_TABLE, TableRules, check_scores, check_stick_value
from .wall import Wall

__all__ = ["Observation", "Phase", "Round", "SeenEvents", "ShownDiscard", "ShownDraw"]

_RED = tuple(Tile.from_id136(i) for i in range(136))
_PLAIN = tuple(Tile.from_id136(i, red_fives=False) for i in range(136))
_DRAGONS = frozenset((31, 32, 33))
_WINDS = frozenset((27, 28, 29, 30))
_RELATIVE = {4: (None, Relative.SHIMOCHA, Relative.TOIMEN, Relative.KAMICHA),
             3: (None, Relative.SHIMOCHA, Relative.KAMICHA)}
_AFTER = {players: tuple(tuple((s + k) % players for k in range(1, players))
                         for s in range(players)) for players in (3, 4)}
"""Players -> by seat, the other seats in turn order after it."""
_NEXT = {players: tuple(others[0] for others in after) for players, after in _AFTER.items()}
"""Players -> by seat, the seat whose turn follows (the first of ``_AFTER``'s)."""
_NORTH = 30
_KIND_BITS = ~3
"""A tile id's kind bits: ``tile & _KIND_BITS`` is ``4 * kind``."""
_RED_IDS = frozenset((16, 52, 88))
_SHOWN = tuple(1 << 8 * (i >> 2) for i in range(136))
"""Per id, one tile in a round's count of the tiles shown (a byte per kind in an int)."""
_KIND_OF_ID = bytes(i >> 2 for i in range(256))
"""``bytes(ids).translate(_KIND_OF_ID)``: the kinds of tile ids, a byte each."""


def _runs_with(kind: int) -> tuple[tuple[int, int], ...]:
    """The pairs of kinds that make a run with a suit tile of ``kind``."""
    rank = kind % 9
    pairs = []
    for low in range(max(rank - 2, 0), min(rank, 6) + 1):
        first, second = (kind - rank + r for r in range(low, low + 3) if r != rank)
        pairs.append((first, second))
    return tuple(pairs)


_CHI_NEEDS = tuple(_runs_with(kind) for kind in range(27))
"""Suit kind -> the pairs of kinds that make a run with it."""


class _Steps(NamedTuple):
    """Every draw and discard record a round can make: frozen values the rounds share
    rather than build again."""

    draws: tuple[TileDrawn, ...]
    """``TileDrawn(seat, tile, rinshan)`` at ``2 * (136 * seat + tile) + rinshan``."""
    discards: tuple[tuple[RiverTile, ...], tuple[TileDiscarded, ...]]
    """``RiverTile(tile, tsumogiri, riichi, False)`` at ``4 * tile + flags`` and
    ``TileDiscarded(seat, tile, tsumogiri, riichi)`` at ``4 * (136 * seat + tile) + flags``,
    where ``flags`` is ``2 * tsumogiri + riichi``."""
    by_seat: tuple[tuple[tuple[TileDrawn, ...], tuple[TileDiscarded, ...]], ...]
    """The same by seat (a run of turns reads them so): the seat's live draws at ``tile``
    and its discards at ``4 * tile + flags``."""


@functools.cache
def _steps() -> _Steps:
    """The shared records, built on first use (not when the package is imported)."""
    flags = [(tsumogiri, riichi) for tsumogiri in (False, True) for riichi in (False, True)]
    draws = tuple(TileDrawn(seat, TileId(tile), rinshan) for seat in range(4)
                  for tile in range(136) for rinshan in (False, True))
    discards = tuple(TileDiscarded(seat, TileId(tile), tsumogiri, riichi) for seat in range(4)
                     for tile in range(136) for tsumogiri, riichi in flags)
    return _Steps(
        draws,
        (tuple(RiverTile(TileId(tile), tsumogiri, riichi, False) for tile in range(136)
               for tsumogiri, riichi in flags), discards),
        tuple((draws[272 * seat:272 * (seat + 1):2], discards[544 * seat:544 * (seat + 1)])
              for seat in range(4)))


_KEYS_RED = tuple(2 * (i >> 2) + (i in _RED_IDS) for i in range(136))
"""Tile id -> its kind, twice over, plus one for a red five: the discards a hand offers,
one per key."""
_KEYS_PLAIN = tuple(2 * (i >> 2) for i in range(136))
"""The same without red fives."""
_TILE_OF_KEY = {key: _RED[i] for i, key in enumerate(_KEYS_RED)}
"""A key of ``_KEYS_RED`` or ``_KEYS_PLAIN`` -> its tile."""


@functools.cache
def _plain_discards() -> tuple[tuple[Discard, ...], ...]:
    """``Discard(seat, tile)`` at ``[seat][tile]``, the very values of ``every_discard``."""
    made = every_discard()
    return tuple(made[272 * seat:272 * (seat + 1):2] for seat in range(4))


@functools.cache
def _may_end(kans: int) -> bytes:
    """By how many discards a round with ``kans`` kans has had, 1 where the next one,
    declaring no riichi, may end it by an abortive draw (``may_draw_after_discard``,
    asked for every discard a round can have)."""
    return bytes(may_draw_after_discard(riichi_now=False, discards=n + 1, kans=kans)
                 for n in range(137))


class ShownDiscard(Protocol):
    """A discard as a log shows it: the seat and the tile (a log's own discard event, a
    ``TileDiscarded``)."""

    @property
    def seat(self) -> int:
        """The seat that discarded."""

    @property
    def tile(self) -> TileId:
        """The tile id it discarded."""


class ShownDraw(Protocol):
    """A draw as a record shows it: the seat that drew and the tile it drew (a
    ``TileDrawn``, or a log's own draw event)."""

    @property
    def seat(self) -> int:
        """The seat that drew."""

    @property
    def tile(self) -> int:
        """The tile id it drew."""


class Phase(enum.Enum):
    """Where a round stands."""

    TURN = "turn"
    """One seat holds 14 tiles (after a draw or a call) and must discard, win or kan."""
    CALLS = "calls"
    """The other seats answer a discard: win, call or pass."""
    CHANKAN = "chankan"
    """The other seats answer a tile added to a kan: win on it or pass."""
    OVER = "over"
    """The round has ended; ``results`` says how."""


# enum members as module constants: reading one through its class costs several times more
# (the enum class's metaclass has its own attribute lookup), and the engine asks on every
# action
_TURN = Phase.TURN
_CALLS = Phase.CALLS
_CHANKAN = Phase.CHANKAN
_OVER = Phase.OVER
_PON = MeldKind.PON
_CHI = MeldKind.CHI


class _Seat:
    """One seat's private state during a round (owned by its ``Round``)."""

    __slots__ = ("base", "counts", "discards_before_draw", "double_riichi",
                 "drawn", "forbidden", "fours", "full", "ids", "ippatsu", "is_open", "kept",
                 "kita", "liable", "melds", "passed_from", "riichi", "riichi_drawn",
                 "riichi_from", "river", "shanten_floor", "tiles", "waits_cache")

    def __init__(self, ids: Sequence[TileId], tiles: tuple[Tile, ...]) -> None:
        self.tiles = tiles
        self.ids: list[TileId] = sorted(ids)
        """Concealed tile ids, kept ascending."""
        kinds = bytes(ids).translate(_KIND_OF_ID)
        counts = [0] * 34
        for kind in kinds:  # a plain loop: half the cost of summing _SHOWN's ints
            counts[kind] += 1
        self.counts = counts
        """Concealed tiles per kind."""
        self.kept = KeptTiles(kinds)
        """The concealed tiles as the waits tables read them."""
        self.fours = 0
        """Bit per kind held four times."""
        if 4 in counts:
            self.fours = sum(1 << kind for kind, count in enumerate(counts) if count == 4)
        # tuples, replaced when they change, so that an observation shares them as they are
        self.melds: tuple[TableMeld, ...] = ()
        self.is_open = False
        """Some meld was called from another seat's discard (a closed kan is not)."""
        self.river: tuple[RiverTile, ...] = ()
        """Its discards (a called one stays, marked): empty until its first discard."""
        self.kita: tuple[TileId, ...] = ()
        """North tiles set aside (three players)."""
        self.riichi = False
        self.double_riichi = False
        self.ippatsu = False
        # furiten, worked out when a win is asked for (``Round._furiten_kinds``): the
        # river, and the tiles that went by (the round's ``_gone``) from these places on
        self.passed_from = 0
        """The length of the round's ``_gone`` at this seat's last discard."""
        self.riichi_from = 0
        """The same at its riichi discard."""
        self.riichi_drawn = 0
        """Bit per kind drawn since its riichi."""
        self.forbidden = 0
        """Bit per kind this seat may not discard right after its call (kuikae)."""
        self.liable: int | None = None
        self.drawn: TileId | None = None
        """The tile drawn this turn: the hand is ``base`` plus it."""
        self.base: Hand | None = None
        """The hand without ``drawn`` (the whole hand when nothing was drawn), if built."""
        self.full: Hand | None = None
        """The whole hand, if built."""
        self.waits_cache = -1
        """The waits of the hand without ``drawn`` (-1: not worked out yet): after a draw,
        the drawn tile completes the hand exactly when its kind is one of them."""
        self.discards_before_draw: tuple[Action, ...] | None = None
        """The hand without ``drawn``'s discards on an ordinary turn, if listed (one per
        tile, red fives apart, the lowest id of each, in id order): a turn after a
        tsumogiri lists the same."""
        self.shanten_floor = -1
        """At most the shanten of ``kept`` (-1: nothing known): its shanten when it was
        last worked out, less one for each draw since (a discard never lowers a hand's
        shanten, a draw lowers it by one at most)."""

    def hand(self) -> Hand:
        """The concealed tiles and melds as a ``Hand`` (built only when asked for)."""
        if self.full is None:
            if self.drawn is not None and self.base is not None:
                self.full = self.base.add(self.tiles[self.drawn])
            else:
                self.full = self._kept_hand()
                if self.drawn is None:
                    self.base = self.full
        return self.full

    def _kept_hand(self) -> Hand:
        """The whole hand made from ``kept`` without checking the ids again (as an
        observation's ``own_hand`` makes it)."""
        ids = self.ids
        reds = 0
        if self.tiles is _RED:
            reds = (16 in ids) | (52 in ids) << 1 | (88 in ids) << 2
        return hand_of_kept(self.kept.keys(), len(ids), reds, self.fours,
                            tuple([m.meld for m in self.melds]) if self.melds else ())

    def hand_before_draw(self) -> Hand:
        """The hand without ``drawn`` (the whole hand when nothing was drawn)."""
        if self.drawn is None:
            return self.hand()
        if self.base is None:
            drawn = self.drawn
            self.base = self._built([i for i in self.ids if i != drawn])
        return self.base

    def _built(self, ids: list[TileId]) -> Hand:
        return Hand.from_ids136(ids, tuple([m.meld for m in self.melds]) if self.melds else (),
                                red_fives=self.tiles is _RED)

    def waits(self) -> int:
        """The waits of the hand between turns (0 while it holds a drawn tile)."""
        if self.drawn is not None:
            return 0
        return self.waits_cache if self.waits_cache >= 0 else self.waits_before_draw()

    def waits_before_draw(self) -> int:
        """The waits of the hand without ``drawn`` (0 for a hand of 14 after a call),
        worked out from ``kept`` rather than a ``Hand`` and kept until the hand changes.
        Only the concealed tiles make a wait a fifth tile (the suit tables hold no wait on
        a fifth copy): a wait whose other copies are in the seat's own melds (a pon or a
        kan of it) is a wait, as Tenhou counts a hand tenpai (called tiles are not the
        hand's)."""
        if self.waits_cache >= 0:
            return self.waits_cache
        melds = self.melds
        drawn = -1 if self.drawn is None else self.drawn >> 2
        if self.shanten_floor > 0:  # one or more from tenpai, without the drawn tile too
            waits = 0
        elif len(self.ids) - (drawn >= 0) != 13 - 3 * len(melds):
            waits = 0  # 14 tiles after a call
        else:
            waits = self.kept.waits_mask(without=drawn, closed=not melds)
        self.waits_cache = waits
        return waits

    def tenpai_after_discard(self, tile_id: TileId) -> bool:
        """The hand (of 14, on its turn) waits on some tile once ``tile_id`` leaves it
        (waits as ``waits_before_draw`` counts them), read from ``kept``."""
        return self.kept.waits_mask(without=tile_id >> 2, closed=not self.melds) != 0

    def add(self, tile_id: TileId) -> None:
        """A drawn tile joins the hand (and the kinds drawn since a riichi); nothing is
        worked out (the hand before it stays as ``base`` and its waits as
        ``waits_cache`` as far as they were known)."""
        if self.drawn is None:
            self.base = self.full
        else:  # a second tile without a discard between: what was kept is for no hand now
            self.base = None
            self.waits_cache = -1
            self.discards_before_draw = None
        insort(self.ids, tile_id)
        kind = tile_id >> 2
        self.kept.add(kind)
        self.shanten_floor -= 1
        count = self.counts[kind] + 1
        self.counts[kind] = count
        if count == 4:
            self.fours |= 1 << kind
        if self.riichi:
            self.riichi_drawn |= 1 << kind
        self.drawn = tile_id
        self.full = None

    def put_out(self, tile_id: TileId, shown: RiverTile, gone: int) -> None:
        """A discard: the tile leaves the hand for the river (as ``shown``), and the
        tiles that go by count for furiten from ``gone`` on (the length of the round's
        log of them); after a tsumogiri the hand and its waits stay as they were."""
        self.ids.remove(tile_id)
        kind = tile_id >> 2
        self.kept.remove(kind)
        self.counts[kind] -= 1
        if self.fours:
            self.fours &= ~(1 << kind)
        self.river += (shown,)
        self.forbidden = 0
        self.passed_from = gone
        drawn, self.drawn = self.drawn, None
        if drawn == tile_id:
            self.full = self.base
            return
        if self.melds:
            full = self.full
            if full is None and drawn is not None and self.base is not None:
                full = self.base.add(self.tiles[drawn])
            self.full = self.base = (full.remove(self.tiles[tile_id]) if full is not None
                                     else None)
        else:  # a closed hand is built from its ids for less than a tile in and one out
            self.full = self.base = None
        self.waits_cache = -1
        self.discards_before_draw = None

    def take_for_meld(self, ids: Sequence[TileId]) -> None:
        """Tiles leave the hand for a meld (the ``Hand`` is rebuilt when next asked for)."""
        for i in ids:
            self.ids.remove(i)
            self.kept.remove(i >> 2)
            self.counts[i // 4] -= 1
            self.fours &= ~(1 << (i // 4))
        self.shanten_floor = -1
        self.drawn = None
        self.full = self.base = None
        self.waits_cache = -1
        self.discards_before_draw = None


class SeenEvents(Sequence[SeenEvent]):
    """A round's events as one seat saw them, other seats' draws as ``HiddenDraw``: an
    immutable sequence over the events that had happened when it was made."""

    __slots__ = ("_events", "_seat", "_size")

    def __init__(self, events: Sequence[Event] = (), seat: int = 0) -> None:
        self._events = events
        self._seat = seat
        self._size = len(events)

    def _seen(self, event: Event) -> SeenEvent:
        if type(event) is TileDrawn and event.seat != self._seat:
            return HiddenDraw(event.seat, event.rinshan)
        return event

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> SeenEvent: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[SeenEvent, ...]: ...

    def __getitem__(self, index: int | slice) -> SeenEvent | tuple[SeenEvent, ...]:
        if isinstance(index, slice):
            return tuple(map(self._seen, self._events[:self._size][index]))
        if not -self._size <= index < self._size:
            raise IndexError("event index out of range")
        return self._seen(self._events[index % self._size])

    def __iter__(self) -> Iterator[SeenEvent]:
        return map(self._seen, self._events[:self._size])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"SeenEvents({len(self)} events)"


@attrs.frozen
class Observation:
    """What one seat can see: its own hand and everything open on the table.

    The fields are what the table shows; the methods are what a player works out from
    them: its ``Hand`` (``own_hand``), the tiles it can see (``visible_counts``), where
    the others sit (``kamicha``, ``wind_of``) and the legal action for a tile
    (``discard``), or for the engine's advice (``discard_options``).

    >>> from mahjong_core.table import Game
    >>> observation = Game(seed=1).deal().observe(0)
    >>> str(observation.own_hand), observation.seat_wind.name, observation.kamicha
    ('3m12306p134569s27z', 'EAST', 3)
    >>> option, action = observation.discard_options()[0]
    >>> str(option.tile), str(action), action in observation.legal_actions
    ('3m', '3m', True)
    """

    __repr__ = safe_repr

    seat: int
    """The observing seat (0-3, 0-2 at three players; seat 0 dealt the game's first hand)."""
    rules: Rules
    """What a hand scores (red fives, open tanyao, ...)."""
    table: TableRules
    """The rules around the hands (scores, riichi cost, game length, ...)."""
    round_wind: Wind
    dealer: int
    """The dealer's seat (east this round)."""
    honba: int
    """Honba sticks of this round."""
    sticks: int
    """Riichi sticks on the table now (those declared this round included)."""
    scores: tuple[int, ...]
    """Every seat's score now (a riichi stick already paid)."""
    dora_indicators: tuple[TileId, ...]
    """The dora indicators turned over so far (ids)."""
    live_remaining: int
    """Tiles left to draw from the live wall."""
    hand: tuple[TileId, ...]
    """This seat's concealed tiles (ids, ascending), the tile just drawn included; the
    melds are in ``melds[seat]``. ``own_hand`` gives both as a ``Hand``."""
    drawn: TileId | None
    """The tile this seat just drew, when it is this seat's turn after a draw (it is in
    ``hand`` too); None after a call and outside its turn."""
    melds: tuple[tuple[TableMeld, ...], ...]
    """Every seat's melds, by seat, in the order they were made."""
    kita: tuple[tuple[TileId, ...], ...]
    """Every seat's north tiles set aside (three players), by seat."""
    rivers: tuple[tuple[RiverTile, ...], ...]
    """Every seat's discards, by seat (a called one marked ``called``: its tile lies in
    the caller's meld)."""
    discards: tuple[TileDiscarded, ...]
    """Every discard of the round in the order it was made (which went by after a riichi,
    for instance)."""
    riichi: tuple[bool, ...]
    """Which seats are in riichi."""
    phase: Phase
    """Where the round stands: a seat's turn, or answers to a discard or an added kan."""
    current: int
    """The seat whose turn it is (the discarder while others answer a discard)."""
    last_tile: TileId | None
    """The discard (or added kan tile) the others are answering, if any."""
    legal_actions: LegalActions
    """What this seat may do now (empty when it has nothing to decide); it also reads and
    writes the actions' text (``legal_actions.parse("5m")``)."""
    events: SeenEvents = attrs.field(factory=lambda: SeenEvents(), repr=False)
    """Every step of the round so far as this seat saw it: the other seats' draws as
    ``HiddenDraw``, everything else as it happened."""
    open_hands: tuple[tuple[TileId, ...] | None, ...] = ()
    """Each seat's concealed tiles (ids, ascending) once it declared an open riichi, by
    seat; None for a hand that stays hidden (empty where the table has no open riichi)."""
    _seat_hand: Hand | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """The table's own ``Hand`` of ``hand`` and this seat's melds when it had built it
    (``own_hand`` then costs nothing); None otherwise, and in an observation made by its
    constructor."""
    _kept: tuple[tuple[int, int, int, int], int] | None = attrs.field(
        default=None, init=False, eq=False, repr=False)
    """The round's own reading of ``hand``: its suit keys (``KeptTiles.keys``) and the
    kinds it holds four times, from which ``own_hand`` makes the ``Hand`` without
    checking the ids again; None in an observation made by its constructor."""
    _shown: int | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """The round's count of the tiles shown to every seat but the dora indicators (a
    byte per kind), to which ``visible_counts`` adds those and the seat's concealed
    tiles; None in an observation made by its constructor."""

    # -- the seat's own tiles ---------------------------------------------------------

    @property
    def players(self) -> int:
        """How many play: 4, or 3."""
        return len(self.scores)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The concealed tiles as ``Tile`` values (red fives as the rules have them)."""
        tiles = _RED if self.rules.red_fives else _PLAIN
        return tuple(tiles[i] for i in self.hand)

    @property
    def own_hand(self) -> Hand:
        """This seat's concealed tiles and melds as a ``Hand`` (14 tiles on its turn)."""
        known = self._seat_hand
        if known is not None:
            return known
        melds = self.melds[self.seat]
        called = tuple([m.meld for m in melds]) if melds else ()
        kept, ids = self._kept, self.hand
        if kept is None:
            return Hand.from_ids136(ids, called, red_fives=self.rules.red_fives)
        reds = 0
        if self.rules.red_fives:  # the red fives' ids, looked for in bytes (memchr)
            held = bytes(ids)
            reds = (16 in held) | (52 in held) << 1 | (88 in held) << 2
        return hand_of_kept(kept[0], len(ids), reds, kept[1], called)

    def visible_tiles(self) -> tuple[Tile, ...]:
        """The tiles seen outside this seat's ``Hand``: every river tile not called, the
        other seats' melds, every north tile set aside and the dora indicators; what
        ``Hand.ukeire`` and ``Hand.discard_options`` take as ``visible``."""
        tiles = _RED if self.rules.red_fives else _PLAIN
        seen = [tiles[r.tile] for river in self.rivers for r in river if not r.called]
        seen += [tiles[i] for seat, melds in enumerate(self.melds) if seat != self.seat
                 for m in melds for i in m.ids]
        seen += [tiles[i] for norths in self.kita for i in norths]
        seen += [tiles[i] for i in self.dora_indicators]
        return tuple(seen)

    def visible_counts(self) -> tuple[int, ...]:
        """Copies seen of each of the 34 kinds (Tenhou order): ``visible_tiles`` and the
        seat's own hand and melds; ``4 - count`` copies may still come."""
        return tuple(self.visible_bytes())

    def visible_bytes(self) -> bytes:
        """``visible_counts`` as 34 bytes, a count each: what ``Hand.best_discard`` and
        ``Hand.best_discard_tile`` read fastest."""
        shown, kept = self._shown, self._kept
        if shown is not None and kept is not None:  # kept by the round as the tiles showed
            shown += held_counts(kept[0])  # the seat's concealed tiles
            for i in self.dora_indicators:
                shown += _SHOWN[i]
            return shown.to_bytes(34, "little")
        ids = [r.tile for river in self.rivers for r in river if not r.called]
        ids += self.hand
        ids += self.dora_indicators
        for melds in self.melds:  # every seat's, this seat's own among them
            for meld in melds:
                ids += meld.ids
        for norths in self.kita:
            ids += norths
        counts = bytearray(34)
        for i in ids:
            counts[i >> 2] += 1
        return bytes(counts)

    # -- the seats around ---------------------------------------------------------------

    @property
    def seat_wind(self) -> Wind:
        """This seat's wind this round."""
        return Wind((self.seat - self.dealer) % self.players)

    def wind_of(self, seat: int) -> Wind:
        """The wind of ``seat`` this round. Raises InvalidSeatError for a bad seat."""
        return seat_wind(seat, dealer=self.dealer, players=self.players)

    def relative(self, seat: int) -> Relative:
        """Where ``seat`` sits as seen from this seat. Raises InvalidSeatError for a bad
        seat or this seat itself."""
        return relative_seat(self.seat, seat, players=self.players)

    @property
    def kamicha(self) -> int:
        """The seat on the left, who plays just before (a chi is called from it)."""
        return seat_from_relative(self.seat, Relative.KAMICHA, players=self.players)

    @property
    def shimocha(self) -> int:
        """The seat on the right, who plays next."""
        return seat_from_relative(self.seat, Relative.SHIMOCHA, players=self.players)

    @property
    def toimen(self) -> int | None:
        """The seat opposite; None at three players."""
        if self.players == 3:
            return None
        return seat_from_relative(self.seat, Relative.TOIMEN, players=self.players)

    # -- the legal action for a choice ----------------------------------------------------

    @property
    def is_turn(self) -> bool:
        """True when this seat is to discard (or win, kan, ...) now."""
        return self.phase is _TURN and self.current == self.seat and bool(
            self.legal_actions)

    def discard(self, tile: Tile | str, *, riichi: bool = False,
                tsumogiri: bool | None = None) -> Discard:
        """The legal discard of ``tile`` (a ``Tile`` or mpsz text; a red five is told
        from a plain one where the rules play them), with ``riichi`` the riichi discard.
        ``tsumogiri`` True takes the tile just drawn, False one held before; None takes
        either (the one held before, when both may go).

        Raises InvalidNotationError for bad text, IllegalActionError when no such
        discard is legal now.
        """
        wanted = Tile.parse(tile) if isinstance(tile, str) else tile
        if not isinstance(wanted, Tile):
            raise IllegalActionError(f"a discard names a Tile, got {quote(tile)}")
        if not self.rules.red_fives:
            wanted = Tile(wanted.kind)
        tiles = _RED if self.rules.red_fives else _PLAIN
        found = [a for a in self.legal_actions if isinstance(a, Discard)
                 and a.riichi == riichi and tiles[a.tile] == wanted
                 and (tsumogiri is None or (a.tile == self.drawn) == tsumogiri)]
        if not found:
            what = f"{'riichi ' if riichi else ''}{wanted}"
            raise IllegalActionError(f"seat {self.seat} may not discard {what} now (legal: "
                                     f"{self.legal_actions or 'nothing'})")
        return next((a for a in found if a.tile != self.drawn), found[0])

    def win(self) -> Tsumo | Ron | None:
        """The legal tsumo or ron, if there is one."""
        return self.legal_actions.first(Tsumo) or self.legal_actions.first(Ron)

    def discard_options(self) -> list[tuple[DiscardOption, Discard]]:
        """``Hand.discard_options`` of this seat's hand on its turn, each with its legal
        discard, best first: the lowest shanten, then the most unseen improving tiles
        (the tiles this seat sees counted as gone). Options the table forbids (kuikae,
        riichi) are left out; an option naming a five is played with that five, or with the
        other five of its suit when only that one may go (a red five drawn in riichi).

        Raises IllegalActionError outside this seat's turn.
        """
        if self.phase is not _TURN or self.current != self.seat or not self.legal_actions:
            raise IllegalActionError(f"seat {self.seat} has no discard to choose now")
        hand = self.own_hand
        options = hand.discard_options(self.visible_tiles(), players=self.players)
        plain = [a for a in self.legal_actions if isinstance(a, Discard) and not a.riichi]
        chosen = []
        for option in options:
            try:
                chosen.append((option, self.discard(option.tile)))
            except IllegalActionError:  # the other five of the kind may be the legal one
                other = next((a for a in plain if a.tile >> 2 == option.tile.kind), None)
                if other is not None:
                    chosen.append((option, other))
        return chosen


_NEW = object.__new__
_OBSERVATION_TWIN: Any = writable(Observation)
"""Observation's writable twin: ``Round.observe`` fills a new one and makes it an
Observation."""


_OpenParts = tuple[tuple[tuple[TableMeld, ...], ...], tuple[tuple[TileId, ...], ...],
                   tuple[bool, ...]]


def _open_parts(seats: list[_Seat]) -> _OpenParts:
    """What every seat sees of each seat but its river, by seat: melds, north tiles,
    riichi. Each read written out: a comprehension a field costs three times as much."""
    if len(seats) == 4:
        s0, s1, s2, s3 = seats
        return ((s0.melds, s1.melds, s2.melds, s3.melds), (s0.kita, s1.kita, s2.kita, s3.kita),
                (s0.riichi, s1.riichi, s2.riichi, s3.riichi))
    s0, s1, s2 = seats
    return ((s0.melds, s1.melds, s2.melds), (s0.kita, s1.kita, s2.kita),
            (s0.riichi, s1.riichi, s2.riichi))


def _called_meld(kind: MeldKind, ids: tuple[TileId, ...], called: TileId, called_from: Relative,
                 red_fives: bool) -> Meld:
    """The ``Meld`` of a chi, pon or open kan of tiles ``ids``, ``called`` among them:
    a frozen value the rounds share, as building one checks its tiles again. A meld is
    its tiles' kinds and red fives, not their ids: it is looked up by those."""
    keys = _KEYS_RED if red_fives else _KEYS_PLAIN
    return _meld_of_keys(kind, tuple([keys[i] for i in ids]), keys[called], called_from)


@functools.lru_cache(maxsize=1024)
def _meld_of_keys(kind: MeldKind, keys: tuple[int, ...], called: int, called_from: Relative
                  ) -> Meld:
    """``_called_meld`` of tiles given as their keys (``_KEYS_RED``: twice the kind, plus
    one for a red five), from a bounded cache: the distinct calls are a few hundred."""
    return Meld(kind, [_TILE_OF_KEY[k] for k in keys], called=_TILE_OF_KEY[called],
                called_from=called_from)


def _relative(caller: int, source: int, players: int = 4) -> Relative:
    relative = _RELATIVE[players][(source - caller) % players]
    assert relative is not None
    return relative


def _kuikae(kind: MeldKind, called: int, own: Sequence[int]) -> int:
    """Kinds a caller may not discard next: the called kind and, for a chi called at one
    end of its run, the kind beyond the other end (called 4 with 56: not 7 either)."""
    mask = 1 << called
    if kind is _CHI:
        low, high = sorted(own)
        if called < low and high % 9 < 8:
            mask |= 1 << (high + 1)
        elif called > high and low % 9 > 0:
            mask |= 1 << (low - 1)
    return mask


def _chi_checks(kind: int) -> tuple[tuple[int, int, int], ...]:
    """For each pair of kinds that makes a run with ``kind``: the pair and the kind beyond
    it that kuikae also forbids after that chi (-1 when there is none)."""
    checks = []
    for first, second in _CHI_NEEDS[kind]:
        beyond = _kuikae(MeldKind.CHI, kind, (first, second)) & ~(1 << kind)
        checks.append((first, second, beyond.bit_length() - 1))
    return tuple(checks)


_CHI_CHECKS = tuple(_chi_checks(kind) for kind in range(27))
"""Suit kind -> ``_chi_checks(kind)``."""


def _checked_round(wall: Wall, dealer: int, round_wind: Wind, dealer_index: int | None,
                   honba: int, sticks: int, scores: Sequence[int] | None, rules: Rules,
                   table: TableRules) -> list[int]:
    """The checks of ``Round``'s arguments (see its docstring); the start scores as a list."""
    if not isinstance(wall, Wall):
        raise InvalidContextError(f"a round needs a Wall, got {quote(wall)}")
    if not isinstance(rules, Rules) or not isinstance(table, TableRules):
        raise InvalidContextError("rules must be a Rules and table a TableRules value")
    players = wall.players
    if rules.players != players or table.players != players:
        raise InvalidContextError(
            f"a {players}-player wall needs rules and table rules for {players} players, "
            f"got {rules.players} and {table.players}")
    check_stick_value(rules, table)
    if type(dealer) is not int or not 0 <= dealer < players:
        raise InvalidContextError(f"the dealer is a seat 0-{players - 1}, got {quote(dealer)}")
    if dealer_index is not None and (type(dealer_index) is not int
                                     or not 0 <= dealer_index < players):
        raise InvalidContextError(f"the dealer index (the hand number less one) is "
                                  f"0-{players - 1}, got {quote(dealer_index)}")
    if not isinstance(round_wind, Wind):
        raise InvalidContextError(f"the round wind is a Wind, got {quote(round_wind)}")
    # what a win in this round can carry (every player may add a riichi stick)
    for name, value, most in (("honba", honba, MAX_HONBA),
                              ("sticks", sticks, MAX_RIICHI_STICKS - players)):
        if type(value) is not int or not 0 <= value <= most:
            raise InvalidContextError(
                f"{name} must be an int from 0 to {most}, got {quote(value)}")
    if scores is None:
        scores = (table.start_score,) * players
    return check_scores(scores, players)


class Round:
    """The state of one round, changed only by ``apply``.

    ``wall`` says where every tile lies; the dealer draws first. ``scores`` are the
    scores at the start; riichi sticks and payments change ``scores`` as the round goes.
    Raises InvalidRulesError for rules whose riichi stick pays other than it costs, and
    InvalidContextError for a bad seat or score list (one int per player, within a
    billion points of zero), or for more honba or riichi sticks than a win in the round
    could carry (``MAX_HONBA``; ``MAX_RIICHI_STICKS`` less one stick per player).

    >>> from mahjong_core.table import Wall
    >>> game_round = Round(Wall.from_sequence(range(136), dealer=0), dealer=0)
    >>> game_round.phase, game_round.current, game_round.live_remaining
    (<Phase.TURN: 'turn'>, 0, 69)
    """

    _open_view: _OpenParts | None = None
    """``_open_parts`` of the seats as they stand (None until made, and again after a
    change of some seat's melds, north tiles or riichi)."""

    _shown = 0
    """The tiles shown to every seat but the dora indicators (an observation's
    ``visible_counts`` less those and the seat's concealed tiles), a byte per kind from
    the lowest: each discard and the tiles a meld or a north set aside takes from a hand,
    as they show (0 until the first)."""

    def __init__(self, wall: Wall, *, dealer: int, round_wind: Wind = Wind.EAST,
                 dealer_index: int | None = None, honba: int = 0, sticks: int = 0,
                 scores: Sequence[int] | None = None, rules: Rules = TENHOU_RULES,
                 table: TableRules = TENHOU_TABLE) -> None:
        scores = _checked_round(wall, dealer, round_wind, dealer_index, honba, sticks, scores,
                                rules, table)
        self.players = players = wall.players
        self._after = _AFTER[players]
        self.rules = rules
        self.table = table
        self.wall = wall
        self.dealer = dealer
        self.round_wind = round_wind
        self.dealer_index = dealer if dealer_index is None else dealer_index
        self.honba = honba
        self.start_sticks = sticks
        self.sticks = sticks
        self.start_scores = tuple(scores)
        self._scores = list(scores)
        self._tiles = _RED if rules.red_fives else _PLAIN
        self._seats = [_Seat(hand, self._tiles) for hand in wall.hands]
        steps = _steps()
        self._draw_records = steps.draws
        self._river_records, self._discard_records = steps.discards
        self._events: list[Event] = []
        self._discard_log: list[TileDiscarded] = []  # an observation's ``discards``
        self._discards_shown: tuple[TileDiscarded, ...] = ()
        """``_discard_log`` as the last observation showed it (until the next discard)."""
        self._gone: list[int] = []  # each tile that went by: 4 * kind + the offering seat
        self._results: list[RoundResult] = []
        self._live_used = self._rinshan_used = 0
        self._kans: list[int] = []
        self._kitas = 0
        self._live_left = len(wall.live)
        """Live tiles left to draw: each live draw, kan and north tile set aside takes one."""
        self._dora_shown = 1
        self._dora_ids: tuple[TileId, ...] = (wall.dora_indicator(0),)
        self._dora_pending = 0
        self._calls_made = False
        """A call, kan or kita happened: first-turn chances (double riichi, ...) are over."""
        self._riichi_pending: int | None = None
        self._open_riichi: tuple[int, ...] = ()
        """The seats that declared an open riichi: their concealed tiles are shown."""
        self.phase = _TURN
        self.current = dealer
        self._drawn: TileId | None = None
        self._rinshan_turn = False
        self._last_tile: TileId | None = None
        self._answers: dict[int, Action] = {}
        self._claimed = False
        """Some answer in ``_answers`` is more than a plain Pass (a win or a call)."""
        self._wins_offered: dict[int, tuple[Hand, WinContext, WinResult]] = {}
        """Seat -> the win on the tile being answered, worked out when it was offered."""
        self._robbing_closed_kan = False
        """The tile being answered is a closed kan's (only thirteen orphans may take it)."""
        self._robbing_kita = False
        """The tile being answered is a north tile set aside (a win on it is no chankan)."""
        self._options: dict[int, int] = {}
        """Seat -> bit set of what it may answer (see _ANSWER_*)."""
        self._draw(dealer, rinshan=False)

    # -- what anyone may read -------------------------------------------------------------

    @property
    def name(self) -> str:
        """``"E1"`` ... ``"S4"``."""
        return round_name(self.round_wind, self.dealer_index)

    @property
    def scores(self) -> tuple[int, ...]:
        """The scores now (riichi sticks already paid in, results once the round is over)."""
        return tuple(self._scores)

    @property
    def is_over(self) -> bool:
        """True once the round has ended."""
        return self.phase is _OVER

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """How the round ended: one draw, or one win per winner in turn order."""
        return tuple(self._results)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every step so far."""
        return tuple(self._events)

    @property
    def live_remaining(self) -> int:
        """Tiles left to draw from the live wall."""
        return self._live_left

    @property
    def dora_indicators(self) -> tuple[TileId, ...]:
        """The dora indicators turned over so far."""
        return self._dora_ids

    @property
    def kans(self) -> tuple[int, ...]:
        """The seat of each kan made, in order."""
        return tuple(self._kans)

    @property
    def drawn(self) -> TileId | None:
        """The tile the current seat just drew (None after a call or outside its turn)."""
        return self._drawn if self.phase is _TURN else None

    @property
    def last_tile(self) -> TileId | None:
        """The discard or added kan tile the other seats are answering, if any."""
        return self._last_tile if self.phase in (_CALLS, _CHANKAN) else None

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now, in turn order."""
        phase = self.phase
        if phase is _TURN:
            return _ALONE[self.current]
        if phase is _OVER:
            return ()
        options, answers = self._options, self._answers
        return tuple([s for s in self._after[self.current] if s in options and s not in answers])

    def concealed(self, seat: int) -> tuple[TileId, ...]:
        """A seat's concealed tile ids, ascending."""
        return tuple(self._seat(seat).ids)

    def melds(self, seat: int) -> tuple[TableMeld, ...]:
        """A seat's melds, in the order they were made."""
        return self._seat(seat).melds

    def river(self, seat: int) -> tuple[RiverTile, ...]:
        """A seat's discards, in order."""
        return self._seat(seat).river

    def hand(self, seat: int) -> Hand:
        """A seat's concealed tiles and melds as a ``Hand``."""
        return self._hand(self._seat(seat))

    def in_riichi(self, seat: int) -> bool:
        """True once the seat has declared riichi."""
        return self._seat(seat).riichi

    def seat_wind(self, seat: int) -> Wind:
        """The seat wind of ``seat`` in this round."""
        self._seat(seat)
        return Wind((seat - self.dealer) % self.players)

    def observe(self, seat: int) -> Observation:
        """What ``seat`` sees now: the other hands and the wall stay hidden."""
        if seat.__class__ is not int or not 0 <= seat < self.players:
            self._seat(seat)  # raises, naming the bad seat
        seats = self._seats
        me = seats[seat]
        phase = self.phase
        turn = phase is _TURN
        # the fields set by plain assignment on the writable twin (see ``_slots``): the
        # values are immutable or shared tuples that the round replaces, never changes
        seen = _NEW(_OBSERVATION_TWIN)  # an Observation in the making (Any)
        seen.seat = seat
        seen.rules = self.rules
        seen.table = self.table
        seen.round_wind = self.round_wind
        seen.dealer = self.dealer
        seen.honba = self.honba
        seen.sticks = self.sticks
        seen.scores = tuple(self._scores)
        seen.dora_indicators = self._dora_ids
        seen.live_remaining = self._live_left
        seen.hand = tuple(me.ids)
        seen.drawn = self._drawn if turn and seat == self.current else None
        parts = self._open_view
        if parts is None:  # made again after a call, kan, north tile or riichi
            parts = self._open_view = _open_parts(seats)
        seen.melds, seen.kita, seen.riichi = parts
        seen.rivers = tuple([s.river for s in seats]) if len(seats) == 3 else (
            seats[0].river, seats[1].river, seats[2].river, seats[3].river)
        shown = self._discards_shown
        if len(shown) != len(self._discard_log):  # a tuple made once per discard observed
            shown = self._discards_shown = tuple(self._discard_log)
        seen.discards = shown
        seen.phase = phase
        seen.current = self.current
        seen.last_tile = None if turn or phase is _OVER else self._last_tile
        seen.legal_actions = self._legal(seat, me)
        # ``SeenEvents(self._events, seat)`` without its constructor's call: the round's
        # own list, which only grows (the view keeps its length now)
        events: SeenEvents = _NEW(SeenEvents)
        events._events = self._events
        events._seat = seat
        events._size = len(self._events)
        seen.events = events
        seen.open_hands = (self._open_hands() if self._open_riichi or self.table.open_riichi
                           else ())
        # the seat's Hand as far as the round has built it, for ``own_hand``
        seen._seat_hand = me.full
        seen._shown = self._shown
        seen._kept = (me.kept.keys(), me.fours)
        seen.__class__ = Observation
        made: Observation = seen
        return made

    def _open_hands(self) -> tuple[tuple[TileId, ...] | None, ...]:
        """Each seat's concealed tiles if it declared an open riichi (else None)."""
        if not self._open_riichi:
            return () if not self.table.open_riichi else (None,) * self.players
        return tuple(tuple(sorted(s.ids)) if n in self._open_riichi else None
                     for n, s in enumerate(self._seats))

    def record(self) -> RoundRecord:
        """The round so far as a record (complete once the round is over)."""
        return RoundRecord(
            round_wind=self.round_wind, dealer=self.dealer, dealer_index=self.dealer_index,
            honba=self.honba, sticks=self.start_sticks, start_scores=self.start_scores,
            wall=self.wall, events=tuple(self._events), results=tuple(self._results),
            end_scores=self.scores, end_sticks=self.sticks)

    def copy(self) -> Round:
        """An independent copy to try actions on (the values inside are immutable)."""
        twin = copy.copy(self)
        twin._scores = list(self._scores)
        twin._events = list(self._events)
        twin._gone = list(self._gone)
        twin._discard_log = list(self._discard_log)
        twin._results = list(self._results)
        twin._kans = list(self._kans)
        twin._answers = dict(self._answers)
        twin._wins_offered = dict(self._wins_offered)
        twin._options = dict(self._options)
        seats = []
        for seat in self._seats:
            other = copy.copy(seat)
            other.ids = list(seat.ids)
            other.counts = list(seat.counts)
            other.kept = seat.kept.copy()
            seats.append(other)
        twin._seats = seats
        return twin

    # -- legal actions --------------------------------------------------------------------

    def legal_actions(self, seat: int) -> LegalActions:
        """Everything ``seat`` may do now; empty when it has nothing to decide.

        On its turn: each discard (the drawn tile first, then one per distinct tile of
        the hand, a copy of the drawn tile's kind included), each riichi discard, tsumo,
        kans, kita and the nine-terminals draw. Answering a discard:
        pass, ron, pon, open kan and chi choices. Answering an added kan: pass or ron.
        """
        return self._legal(seat, self._seat(seat))

    def _legal(self, seat: int, me: _Seat) -> LegalActions:
        if self.phase is not _TURN:
            return legal_actions_of(self._answers_of(seat, me), None, self.rules.red_fives)
        if seat != self.current:
            return legal_actions_of((), None, self.rules.red_fives)
        actions = self._turn_actions(seat, me)
        if self.table.open_riichi:
            actions = _with_open_riichi(actions)
        return legal_actions_of(actions, self._drawn, self.rules.red_fives)

    def _answers_of(self, seat: int, me: _Seat) -> list[Action]:
        """What ``seat`` may answer to the tile on the table (nothing once it answered)."""
        if self.phase is _OVER:
            return []
        options = self._options.get(seat, 0)
        if not options or seat in self._answers:
            return []
        actions: list[Action] = [_PASS[seat]]
        tile = self._last_tile
        assert tile is not None
        if options & _ANSWER_RON:
            actions.append(_RON[seat])
        if options & _ANSWER_PON:
            actions += [Pon(seat, pair) for pair in self._pon_pairs(me, tile >> 2)]
        if options & _ANSWER_KAN:
            actions.append(_OPEN_KAN[seat])
        if options & _ANSWER_CHI:
            actions += [Chi(seat, pair) for pair in self._chi_pairs(me, tile)]
        return actions

    def is_legal(self, action: Action) -> bool:
        """True when ``apply(action)`` would be accepted now."""
        try:
            self.copy().apply(action)
        except IllegalActionError:
            return False
        return True

    def _turn_actions(self, seat: int, me: _Seat) -> list[Action]:
        """What ``seat`` may do on its turn, in ``legal_actions``' order."""
        drawn = self._drawn
        actions: list[Action] = []
        if drawn is None:  # after a call: the discards kuikae leaves
            self._discard_actions(seat, me, None, actions, False)
            return actions
        waits = me.waits_cache if me.waits_cache >= 0 else me.waits_before_draw()
        # the drawn tile wins only if it is one of the waits of the hand before it
        if (waits >> (drawn >> 2)) & 1 and self._tsumo_result(seat, me) is not None:
            actions.append(_TSUMO[seat])
        if me.riichi:
            actions.append(every_discard()[272 * seat + 2 * drawn])  # Discard(seat, drawn)
        else:
            self._discard_actions(seat, me, drawn, actions, not me.is_open
                                  and self._riichi_in_reach(seat, me, waits))
        if me.fours or me.melds or self.players == 3 or not me.river:
            self._declarations(seat, me, drawn, actions)
        return actions

    def _declarations(self, seat: int, me: _Seat, drawn: TileId, actions: list[Action]
                      ) -> None:
        """The turn's actions after the discards: closed kans, added kans, kita, the
        nine-terminals draw."""
        fours = me.fours
        while fours:  # each kind held four times, in kind order
            kind = (fours & -fours).bit_length() - 1
            fours &= fours - 1
            if self._closed_kan_problem(seat, me, kind) is None:
                actions.append(ClosedKan(seat, Tile(kind)))
        for meld in me.melds:
            kind = meld.ids[0] >> 2
            if (meld.meld.kind is _PON and me.counts[kind]
                    and self._kan_room() is None):  # the lowest id of the fourth copy
                actions.append(AddedKan(seat, next(i for i in me.ids if i >> 2 == kind)))
        if self.players == 3 and self._kita_problem(seat, me) is None:
            norths = sorted(i for i in me.ids if i // 4 == _NORTH)
            actions.append(Kita(seat, drawn if drawn // 4 == _NORTH else norths[0]))
        if self._first_turn(me) and self._nine_terminals_problem(seat, me) is None:
            actions.append(NineTerminals(seat))

    def _riichi_in_reach(self, seat: int, me: _Seat, waits: int) -> bool:
        """Some riichi discard may be legal for the closed hand of ``me`` after its draw
        (``waits``: those of the hand before the draw): nothing but the discard stops a
        riichi, and the 14 tiles are tenpai after some discard. Worth knowing before
        trying each discard: a hand that waits already keeps its waits by the drawn
        tile's discard, and one two or more from tenpai before the draw (a draw lowers
        shanten by one at most) is not tenpai after any discard."""
        if self._riichi_problem(seat, me, None) is not None:
            return False
        if waits:
            return True
        if not me.melds:  # no closed kan: the kept tiles are the whole hand
            if me.shanten_floor > 0:  # still one or more from tenpai: not worked out again
                return False
            me.shanten_floor = shanten = me.kept.shanten()
            return shanten <= 0
        # a closed kan: tenpai after some discard, waits counted as the draws count them
        return any(me.tenpai_after_discard(TileId(kind << 2))
                   for kind, count in enumerate(me.counts) if count)

    def _discard_actions(self, seat: int, me: _Seat, drawn: TileId | None,
                         actions: list[Action], riichi: bool) -> None:
        """The discards of a seat not in riichi: the drawn tile first (tsumogiri), then
        one tile of each kind from the hand, a red five apart, a copy of the drawn kind
        included (the lowest id of each), each followed by its riichi discard when that
        is legal too (tried only when ``riichi``: some may be)."""
        forbidden = me.forbidden
        # in id order a kind's copies come together, the red five (the lowest id) first
        keys = _KEYS_RED if self.rules.red_fives else _KEYS_PLAIN
        if not forbidden and not riichi:  # the usual turn, in fewer steps a tile
            plain = _plain_discards()[seat]
            if drawn is not None:
                actions.append(plain[drawn])
                if me.discards_before_draw is not None:  # kept since a tsumogiri
                    actions += me.discards_before_draw
                    return
            start = len(actions)
            append = actions.append
            last = -1
            for tile_id in me.ids:
                if (key := keys[tile_id]) != last and tile_id != drawn:
                    last = key
                    append(plain[tile_id])
            if drawn is not None:
                me.discards_before_draw = tuple(actions[start:])
            return
        made = every_discard()
        base = 272 * seat
        if drawn is not None and not (forbidden and (forbidden >> (drawn >> 2)) & 1):
            actions.append(made[base + 2 * drawn])
            if riichi and self._riichi_problem(seat, me, drawn) is None:
                actions.append(made[base + 2 * drawn + 1])
        last = -1
        for tile_id in me.ids:
            key = keys[tile_id]
            if key == last or tile_id == drawn:
                continue
            last = key
            if forbidden and (forbidden >> (tile_id >> 2)) & 1:
                continue
            at = base + 2 * tile_id
            actions.append(made[at])
            if riichi and self._riichi_problem(seat, me, tile_id) is None:
                actions.append(made[at + 1])

    # -- applying an action ---------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Carry out one seat's decision.

        Raises IllegalActionError, naming the action and why, when it is not allowed
        now; the round is then unchanged. An action of a subclass of an action class is
        read once, field by field, and carried out as the action of those values.
        """
        # the two most common actions, checked at once: a discard on its turn, a pass
        if type(action) is Discard and self.phase is _TURN:
            who, tile = action.seat, action.tile
            if (who.__class__ is int and who == self.current and tile.__class__ is int
                    and 0 <= tile < 136 and action.riichi.__class__ is bool):
                self._discard(action)
                return
        elif (type(action) is Pass and (self.phase is _CALLS or self.phase is _CHANKAN)
              and action.seat.__class__ is int and 0 <= action.seat < self.players):
            self._answer(action)
            return
        if type(action) not in _ACTION_TYPES:
            action = self._read_once(action)
        phase = self.phase
        if phase is _OVER:
            raise self._illegal(action, "the round is over")
        self._check_action(action)
        seat = action.seat
        if phase is _TURN:
            if seat != self.current:
                raise self._illegal(action, f"it is seat {self.current}'s turn")
            handler = _TURN_ACTIONS.get(type(action))
            if handler is None:
                raise self._illegal(action, f"seat {seat} must discard, win or declare a kan")
            handler(self, action)
            return
        self._answer(action)

    def apply_passed(self, discard: Discard) -> None:
        """Carry out ``discard`` and let every other seat pass on it, as a log records a
        discard nobody won on or called: the same as ``apply(discard)`` followed by a
        ``Pass`` of each seat in ``to_act``, for less, as what the others could have done
        is not worked out. The round then stands where those passes leave it: the next
        seat's turn after its draw, or over (an abortive or exhaustive draw).

        Raises IllegalActionError as ``apply`` does for a discard not allowed now (the
        round is then unchanged), and for an action that is no ``Discard``.
        """
        action = discard
        if action.__class__ is not Discard:
            action = self._read_once(discard)
            if type(action) is not Discard:
                raise IllegalActionError(f"{self._where()}: {quote(discard)} is no discard "
                                         "to let go")
        seat, tile = action.seat, action.tile
        if (seat.__class__ is int and seat == self.current and self.phase is _TURN
                and tile.__class__ is int and 0 <= tile < 136
                and action.riichi.__class__ is bool):
            self._discard(action, passed=True)
            return
        self.apply(action)  # refuses it, saying why: a discard is taken on its seat's turn only
        raise AssertionError(f"{quote(action)} was carried out without its passes")

    def apply_passed_run(self, discards: Sequence[Discard], draws: Sequence[ShownDraw]) -> int:
        """Carry out a run of turns nobody calls or wins on, as a log records them: each
        discard let go as ``apply_passed`` does, ``draws[n]`` the draw the next seat is
        expected to make after ``discards[n]``. The run stops after the first discard
        whose draw is another (another seat or tile, or none: the round is over) and
        returns how many discards were carried out; the round stands as ``apply_passed``
        left it after the last one.

        Raises IllegalActionError as ``apply_passed`` does for a discard not allowed when
        its turn comes (the discards before it carried out, the round as they left it),
        and for a run with other than one draw per discard.
        """
        self._check_run(len(discards), len(draws))
        # a Discard value declaring no riichi may be let go as a plain turn; anything
        # else (a riichi, a subclass, what is no discard) goes to apply_passed as it is
        plain = [d.__class__ is Discard and d.riichi is False for d in discards]
        return self._let_go(discards, draws, plain)

    def apply_passed_turns(self, discards: Sequence[ShownDiscard],
                           draws: Sequence[ShownDraw]) -> int:
        """``apply_passed_run`` for discards read from a log: each item names only the
        seat and the tile (a log's discard event, a ``TileDiscarded``), none declares
        riichi, and no ``Discard`` value is made for it unless its turn needs more than
        the plain bookkeeping (a replay's way through the turns nobody answers).

        Raises IllegalActionError as ``apply_passed_run`` does, and for an item whose
        seat or tile is no int (the turns before it carried out).
        """
        self._check_run(len(discards), len(draws))
        return self._let_go(discards, draws, None)

    def _check_run(self, discards: int, draws: int) -> None:
        if discards != draws:
            raise IllegalActionError(f"{self._where()}: a run of {discards} discards "
                                     f"needs as many draws, got {draws}")

    def _let_go(self, discards: Sequence[ShownDiscard], draws: Sequence[ShownDraw],
                plain: list[bool] | None) -> int:
        """The turns of a run: as many as ``_pass_plain`` takes at once, each other one by
        ``apply_passed`` (``plain``: which of ``discards`` are Discard values that may be
        let go as plain turns, the rest given to ``apply_passed`` as they are; None: every
        one names a seat and a tile only)."""
        total = len(discards)
        done = 0
        while done < total:
            stop = total if plain is None else next(
                (n for n in range(done, total) if not plain[n]), total)
            if stop > done:
                done, over = self._pass_plain(discards, draws, done, stop)
                if over or done == total:
                    return done
            item = discards[done]
            self.apply_passed(self._discard_of(item) if plain is None
                              else cast(Discard, item))
            draw = draws[done]
            done += 1
            if self._drawn != draw.tile or self.current != draw.seat:
                return done
        return total

    def _discard_of(self, item: ShownDiscard) -> Discard:
        """The plain ``Discard`` of a log's discard (its seat and tile)."""
        seat, tile = getattr(item, "seat", None), getattr(item, "tile", None)
        if not (type(seat) is int and 0 <= seat < self.players
                and type(tile) is int and 0 <= tile < 136):
            raise IllegalActionError(f"{self._where()}: {quote(item)} is no discard to let "
                                     "go (a seat and a tile id)")
        return _plain_discards()[seat][tile]

    def _pass_plain(self, discards: Sequence[ShownDiscard], draws: Sequence[ShownDraw],
                    start: int, stop: int) -> tuple[int, bool]:
        """The plain turns of a run from ``discards[start]`` on (before ``stop``), carried
        out as bookkeeping in one loop; returns where it stopped and whether the run is
        over (a draw other than the log's was made). A turn is plain when nothing but the
        bookkeeping can happen in it: its seat, out of kuikae, discards without riichi
        after a draw the drawn tile, or a tile it holds when out of riichi with its hand
        closed or not built as a ``Hand``; a seat in riichi only once its ippatsu is
        over; no dora waits to be turned, no abortive draw may follow
        (``may_draw_after_discard``) and the wall gives the next draw. The first other
        turn is left to ``apply_passed``, the one place its rules are written.

        Each turn does what ``_put_out`` and ``_went_by`` (its discard) and ``_Seat.add``
        (the next seat's draw) do, but that a drawn tile joins its seat's ids, counts and
        kept tiles only once the seat keeps it (after tsumogiri nothing changes there):
        ``held`` says the drawn tile has joined them (the tile drawn before the run, and
        each draw of a seat in riichi, which ``_Seat.add`` itself takes, as it records
        the kinds drawn for furiten), and the tile leaves them again on its turn. The
        last draw, if not held, is left to ``_Seat.add`` (``_caught_up``).

        Kept whole: one loop over the turns is the run, and a call per step is what it
        saves.
        """
        seat, drawn = self.current, self._drawn
        if (drawn is None or self.phase is not _TURN or self._riichi_pending is not None
                or self._dora_pending):
            return start, False
        stop = min(stop, start + self._live_left)  # the wall's last tile: the step's
        # the first discard that may end the round by an abortive draw: the step's too
        # (``_may_end`` read from the number of discards made so far)
        made = len(self._discard_log)
        ending = _may_end(len(self._kans)).find(1, made)
        if ending >= 0:
            stop = min(stop, start + ending - made)
        seats, live, used, after = self._seats, self.wall.live, self._live_used, _NEXT[self.players]
        add_event, add_discard = self._events.append, self._discard_log.append
        add_gone, gone = self._gone.append, len(self._gone) - start  # at turn n: gone + n
        by_seat, river_records = _steps().by_seat, self._river_records
        first, shown, held = start, 0, True
        n, over = start, False
        try:
            while n < stop:
                discard = discards[n]
                try:
                    tile, who = discard.tile, discard.seat
                except AttributeError:  # no discard: refused by the step
                    break
                me = seats[seat]
                if (tile.__class__ is not int or who.__class__ is not int or who != seat
                        or me.forbidden):
                    break
                if tile == drawn:
                    if me.riichi and me.ippatsu:
                        break
                elif (me.riichi or tile not in me.ids
                      or (me.melds and (me.full is not None or me.base is not None))):
                    break
                ids = me.ids
                if held:  # the drawn tile leaves ids, counts and kept tiles again
                    ids.remove(drawn)
                    kind_in = drawn >> 2
                    me.counts[kind_in] -= 1
                    me.kept.remove(kind_in)
                    if me.fours:
                        me.fours &= ~(1 << kind_in)
                    me.drawn = None
                    me.base = me.full = me.base if tile == drawn else None
                else:  # its draw, as _Seat.add makes it
                    me.shanten_floor -= 1
                    me.base = me.full
                if tile == drawn:  # tsumogiri: the hand before the draw, as it was
                    at = 4 * tile + 2
                else:
                    at = 4 * tile
                    ids.remove(tile)
                    insort(ids, drawn)
                    kind_in, kind_out = drawn >> 2, tile >> 2
                    counts = me.counts
                    counts[kind_in] += 1
                    counts[kind_out] -= 1
                    me.kept.add(kind_in)
                    me.kept.remove(kind_out)
                    if counts[kind_in] == 4:
                        me.fours |= 1 << kind_in
                    if me.fours:
                        me.fours &= ~(1 << kind_out)
                    me.full = me.base = None
                    me.waits_cache = -1
                    me.discards_before_draw = None
                me.river += (river_records[at],)
                me.passed_from = gone + n
                shown += _SHOWN[tile]
                event = by_seat[seat][1][at]
                add_discard(event)
                add_event(event)
                add_gone(tile & _KIND_BITS | seat)
                seat = after[seat]
                drawn = live[used]
                used += 1
                held = seats[seat].riichi
                if held:
                    seats[seat].add(drawn)
                add_event(by_seat[seat][0][drawn])
                draw = draws[n]
                n += 1
                if draw.tile != drawn or draw.seat != seat:
                    over = True
                    break
        finally:
            if n > first:
                self._caught_up(n - first, used, shown, held)
        return n, over

    def _caught_up(self, turns: int, used: int, shown: int, held: bool) -> None:
        """The round after ``turns`` plain turns (``_pass_plain``), ``used`` live tiles
        drawn after them, ``shown`` the tiles they discarded (see ``_shown``): the last
        drawn tile joins its seat's hand as ``_Seat.add`` takes it, unless ``held``
        (taken already)."""
        self._shown += shown
        self._live_used = used
        self._live_left -= turns
        self.current = seat = (self.current + turns) % self.players
        self._drawn = drawn = self.wall.live[used - 1]
        self._rinshan_turn = False
        self._last_tile = None
        if not held:
            self._seats[seat].add(drawn)  # the draw kept out of its seat's tiles till now

    def _read_once(self, action: object) -> Any:
        """``action`` as a value of the library's action class it derives from, each field
        read once (a property may answer differently on a second read); anything that is
        no action comes back as it is, to be refused."""
        kind = next((k for k in _ACTION_CLASSES if isinstance(action, k)), None)
        if kind is None:
            return action
        values: dict[str, object] = {}
        for field in attrs.fields(kind):
            try:
                values[field.name] = getattr(action, field.name)
            except Exception as error:  # a field of the caller's own making
                raise IllegalActionError(
                    f"{self._where()}: a {kind.__name__} whose {field.name} cannot be read "
                    f"({type(error).__name__}) is illegal") from None
        return kind(**values)

    # -- the turn -------------------------------------------------------------------------

    def _discard(self, action: Discard, *, passed: bool = False,
                 given: Sequence[Action] | None = None) -> bool:
        """The discard ``action`` on its seat's turn, then the other seats asked about it
        (``passed``: every one of them lets it go, unasked; ``given``: the answers
        ``apply_answered`` gives, see ``_open_window``, which says whether they settled
        it)."""
        seat, tile_id, riichi = action.seat, action.tile, action.riichi
        me = self._seats[seat]
        if tile_id not in me.ids:
            raise self._illegal(action, f"seat {seat} does not hold {self._name(tile_id)}")
        if riichi.__class__ is not bool:
            raise self._illegal(action, "riichi is true or false")
        kind = tile_id >> 2
        drawn = self._drawn
        if me.forbidden and (me.forbidden >> kind) & 1:
            raise self._illegal(action, f"{self._name(tile_id)} may not be discarded right "
                                "after the call that took it or its other side (kuikae)")
        if me.riichi:
            if tile_id != drawn or riichi:
                raise self._illegal(action, f"seat {seat} is in riichi and must discard the "
                                    "tile it drew, without declaring again")
            me.ippatsu = False
        elif riichi:
            problem = self._riichi_problem(seat, me, tile_id)
            if problem is not None:
                raise self._illegal(action, problem)
            me.riichi = True
            self._open_view = None
            me.double_riichi = self._first_turn(me)
            me.ippatsu = True
            me.riichi_from = len(self._gone)
            self._riichi_pending = seat
        if self._dora_pending:
            self._flush_dora()
        self._put_out(seat, me, tile_id, riichi)
        if passed:  # as when the last seat asked passes (the answers kept of a window
            self._went_by(seat, tile_id, None)  # are read only while one is open)
            return False
        return self._open_window(_CALLS, seat, tile_id, given)

    def _put_out(self, seat: int, me: _Seat, tile_id: TileId, riichi: bool) -> None:
        """The discard's traces, once it is allowed: the tile leaves the hand for the
        river, the round's discards and its events."""
        at = 4 * tile_id + 2 * (tile_id == self._drawn) + riichi  # see _Steps.discards
        me.put_out(tile_id, self._river_records[at], len(self._gone))
        self._shown += _SHOWN[tile_id]
        event = self._discard_records[544 * seat + at]
        self._discard_log.append(event)
        self._events.append(event)

    def _tsumo(self, action: Tsumo) -> None:
        seat = action.seat
        me = self._seats[seat]
        if self._drawn is None:
            raise self._illegal(action, f"seat {seat} has not drawn (a call is not a draw)")
        result = self._tsumo_result(seat, me)
        if result is None:
            raise self._illegal(action, f"seat {seat}'s hand does not win on "
                                f"{self._name(self._drawn)}")
        hand, context, win = result
        self._finish_wins([(seat, seat, hand, self._drawn, context, win)])

    def _tsumo_result(self, seat: int, me: _Seat) -> tuple[Hand, WinContext, WinResult] | None:
        drawn = self._drawn
        assert drawn is not None
        if not (me.waits_before_draw() >> (drawn >> 2)) & 1:
            return None  # the drawn tile is none of the waits: no whole Hand to build
        full = self._hand(me)
        if not full.is_complete():
            return None
        hand = full.remove(self._tiles[drawn])
        first = self._first_turn(me) and not self._rinshan_turn
        context = self._context(seat, me, tsumo=True, first=first)
        result = evaluate(hand, self._tiles[drawn], context, self.rules)
        if not isinstance(result, WinResult):
            return None
        return hand, context, result

    def _closed_kan(self, action: ClosedKan) -> None:
        seat = action.seat
        me = self._seats[seat]
        kind = action.kind.kind if isinstance(action.kind, Tile) else None  # read once
        if type(kind) is not int or not 0 <= kind < 34:
            raise self._illegal(action, "a closed kan names its kind as a Tile")
        problem = self._closed_kan_problem(seat, me, kind)
        if problem is not None:
            raise self._illegal(action, problem)
        ids = tuple(sorted(i for i in me.ids if i // 4 == kind))
        me.take_for_meld(ids)
        self._shown += 4 * _SHOWN[ids[0]]
        meld = TableMeld(Meld(MeldKind.ANKAN, [self._tiles[i] for i in ids]), ids, None, None)
        me.melds += (meld,)
        self._open_view = None
        self._events.append(MeldCalled(seat, meld))
        self._interrupt()
        self._flush_dora()
        self._reveal_dora()
        self._count_kan(seat)
        if self.table.kokushi_robs_closed_kan:
            self._robbing_closed_kan = True
            self._open_window(_CHANKAN, seat, ids[0])
        else:
            self._draw(seat, rinshan=True)

    def _closed_kan_problem(self, seat: int, me: _Seat, kind: int) -> str | None:
        if self._drawn is None:
            return f"seat {seat} has not drawn (no kan right after a call)"
        held = [i for i in me.ids if i // 4 == kind]
        if len(held) != 4:
            return f"seat {seat} holds {len(held)} of {Tile(kind)}, not four"
        room = self._kan_room()
        if room is not None:
            return room
        if me.riichi:
            if self._drawn // 4 != kind:
                return "in riichi a closed kan must use the tile just drawn"
            before = self._hand(me).remove(self._tiles[self._drawn])
            rest = [self._tiles[i] for i in me.ids if i // 4 != kind]
            after = Hand(rest, [*(m.meld for m in me.melds),
                                Meld(MeldKind.ANKAN, [self._tiles[i] for i in held])])
            if after.waits_mask() != before.waits_mask():
                return "in riichi a closed kan may not change the waits"
        return None

    def _kan_room(self) -> str | None:
        if len(self._kans) >= 4:
            return "four kans have been made; there is no fifth"
        return self._replacement_room()

    def _replacement_room(self) -> str | None:
        if self.live_remaining <= 0:
            return "no kan or north tile set aside on the last tile"
        if self._rinshan_used >= len(self.wall.rinshan):
            return "no replacement tile is left"
        return None

    def _kita(self, action: Kita) -> None:
        seat, tile_id = action.seat, action.tile
        me = self._seats[seat]
        problem = self._kita_problem(seat, me)
        if problem is None and (tile_id not in me.ids or tile_id // 4 != _NORTH):
            problem = f"seat {seat} holds no north tile {self._name(tile_id)}"
        if problem is None and me.riichi and tile_id != self._drawn:
            problem = f"seat {seat} is in riichi: only the north tile just drawn may be set aside"
        if problem is not None:
            raise self._illegal(action, problem)
        me.take_for_meld((tile_id,))
        self._shown += _SHOWN[tile_id]
        me.kita += (tile_id,)
        self._open_view = None
        self._events.append(KitaDeclared(seat, tile_id))
        self._robbing_kita = True
        self._open_window(_CHANKAN, seat, tile_id)

    def _kita_problem(self, seat: int, me: _Seat) -> str | None:
        if self.players != 3:
            return "north tiles are set aside only at three players"
        if self._drawn is None:
            return f"seat {seat} has not drawn (nothing is set aside right after a call)"
        if not me.counts[_NORTH]:
            return f"seat {seat} holds no north tile"
        if me.riichi and self._drawn // 4 != _NORTH:
            return f"seat {seat} is in riichi and did not draw a north tile"
        return self._replacement_room()

    def _added_kan(self, action: AddedKan) -> None:
        seat, tile_id = action.seat, action.tile
        me = self._seats[seat]
        if self._drawn is None:
            raise self._illegal(action, f"seat {seat} has not drawn (no kan right after a call)")
        if tile_id not in me.ids:
            raise self._illegal(action, f"seat {seat} does not hold {self._name(tile_id)}")
        index = next((n for n, m in enumerate(me.melds) if m.meld.kind is MeldKind.PON
                      and m.ids[0] // 4 == tile_id // 4), None)
        if index is None:
            raise self._illegal(action, f"seat {seat} has no pon of {self._name(tile_id)}")
        room = self._kan_room()
        if room is not None:
            raise self._illegal(action, room)
        pon = me.melds[index]
        ids = tuple(sorted((*pon.ids, tile_id)))
        meld = TableMeld(Meld(MeldKind.SHOUMINKAN, [self._tiles[i] for i in ids],
                              called=pon.meld.called, called_from=pon.meld.called_from),
                         ids, pon.called, pon.from_seat, tile_id)
        me.take_for_meld((tile_id,))
        self._shown += _SHOWN[tile_id]
        me.melds = (*me.melds[:index], meld, *me.melds[index + 1:])
        self._open_view = None
        self._events.append(MeldCalled(seat, meld))
        # ippatsu, the first go-around and an earlier kan's pending dora wait until the
        # kan stands: a win robbing it comes first
        self._open_window(_CHANKAN, seat, tile_id)

    def _open_riichi_discard(self, action: OpenRiichi) -> None:
        """A riichi discard as any other, whose declarer's hand is shown from now on."""
        if not self.table.open_riichi:
            raise self._illegal(action, "these table rules have no open riichi")
        seat = action.seat
        self._open_riichi += (seat,)  # before the discard: its stick may be accepted at once
        try:
            self._discard(Discard(seat, action.tile, riichi=True))
        except IllegalActionError:
            self._open_riichi = self._open_riichi[:-1]
            raise

    def _nine_terminals(self, action: NineTerminals) -> None:
        problem = self._nine_terminals_problem(action.seat, self._seats[action.seat])
        if problem is not None:
            raise self._illegal(action, problem)
        self._finish_draw(DrawKind.NINE_TERMINALS)

    def _nine_terminals_problem(self, seat: int, me: _Seat) -> str | None:
        if not self.table.nine_terminals:
            return "these table rules have no nine-terminals draw"
        if self._drawn is None or not self._first_turn(me):
            return "nine terminals is declared on one's first draw, before any call"
        kinds = [i >> 2 for i in me.ids]
        if not is_nine_terminals(kinds):
            return (f"seat {seat} holds {terminal_and_honour_kinds(kinds)} kinds of terminals "
                    "and honours, not nine")
        return None

    def _riichi_problem(self, seat: int, me: _Seat, tile_id: TileId | None) -> str | None:
        """Why riichi with the discard ``tile_id`` is not allowed (None: it is); without a
        tile, only what does not depend on the discard is checked."""
        if me.riichi:
            return f"seat {seat} is already in riichi"
        if me.is_open:
            return f"seat {seat}'s hand is open; riichi needs a closed hand"
        if self._scores[seat] < self.table.riichi_cost and not self.table.riichi_below_cost:
            return f"seat {seat} has {self._scores[seat]} points; riichi costs " \
                   f"{self.table.riichi_cost}"
        if self._live_left < self.table.riichi_min_tiles:
            return f"only {self._live_left} tiles are left; riichi needs " \
                   f"{self.table.riichi_min_tiles}"
        if tile_id is not None and not me.tenpai_after_discard(tile_id):
            return f"seat {seat}'s hand is not tenpai after discarding {self._name(tile_id)}"
        return None

    # -- answers to a discard or an added kan ---------------------------------------------

    def _open_window(self, phase: Phase, seat: int, tile_id: TileId,
                     given: Sequence[Action] | None = None) -> bool:
        """Ask the other seats about ``tile_id``; settle at once when nobody may act, or as
        the answers ``given`` (``apply_answered``'s) settle it when they may, only their
        seats asked: True when they did. Kept whole: it runs on every discard answered,
        and a function call per seat asked costs about what the seat's check does."""
        self.phase = phase
        self.current = seat
        self._last_tile = tile_id
        self._drawn = None
        self._claimed = False
        if given is None:
            asked = _ASK_ALL[self.players][seat]
        else:
            named = [action.seat for action in given]
            if seat in named or len(set(named)) < len(named):
                return self._open_window(phase, seat, tile_id)  # asked in full: refused there
            asked = tuple([(action.seat, _WANTED[type(action)]) for action in given])
        options = _NOBODY
        wins: dict[int, tuple[Hand, WinContext, WinResult]] | None = None
        kind = tile_id // 4
        calls = phase is _CALLS and self._live_left > 0
        chi_seat = (seat + 1) % 4 if calls and kind < 27 and self.players == 4 else -1
        closed_kan = phase is _CHANKAN and self._robbing_closed_kan
        seats = self._seats
        for other, wanted in asked:
            s = seats[other]
            bits = 0
            if wanted & _ANSWER_RON:
                # between turns (no tile drawn) a hand's waits are those before a draw
                waits = s.waits_cache if s.waits_cache >= 0 else s.waits_before_draw()
                if (waits >> kind) & 1 and (not closed_kan or s.hand().shanten_kokushi() == 0):
                    offered = self._ron_result(other, s, tile_id)
                    if offered is not None:
                        wins = wins or {}
                        wins[other] = offered
                        bits = _ANSWER_RON
            if calls and not s.riichi and wanted & _ANSWER_CALLS:
                same = s.counts[kind]
                if same >= 2:
                    # kuikae after a pon forbids only the called kind: some other tile
                    # must be left (_can_discard_after with the pon's two tiles)
                    if len(s.ids) > same:
                        bits |= _ANSWER_PON
                    if same == 3 and self._kan_room() is None:
                        bits |= _ANSWER_KAN
                if other == chi_seat and self._has_chi(s, kind):
                    bits |= _ANSWER_CHI
            if bits:
                if options is _NOBODY:
                    options = {}
                options[other] = bits
        self._options = options
        if given is not None:
            return (self._settle_given(given, options, wins)
                    or self._open_window(phase, seat, tile_id))  # asked in full, as apply
        if options:  # the answers and the wins of this window (read only while it is open)
            self._answers = {}
            self._wins_offered = wins or {}
        else:  # settled as when every seat asked passes: nobody won, the tile went by
            self._went_by(seat, tile_id, None)
        return False

    def _settle_given(self, given: Sequence[Action], options: dict[int, int],
                      wins: dict[int, tuple[Hand, WinContext, WinResult]] | None) -> bool:
        """Settle the window by the answers ``apply_answered`` gives (every other seat
        asked passing), ``options`` and ``wins`` worked out for their seats alone: False,
        nothing settled, when some answer is not allowed."""
        if len(options) < len(given):  # some seat may answer nothing
            return False
        self._answers = {}
        self._wins_offered = wins or {}
        try:
            for action in given:
                self._check_answer(action)
        except IllegalActionError:
            return False
        self._answers = {action.seat: action for action in given}
        self._claimed = True
        self._settle()
        return True

    def apply_answered(self, discard: Discard, answers: Sequence[Ron | Chi | Pon | OpenKan]
                       ) -> bool:
        """Carry out ``discard`` and the calls or wins ``answers`` of other seats on it,
        every other seat asked passing, as a log records a discard called or won on: the
        same as ``apply(discard)`` then ``apply_answers(answers)``, for less (only the
        seats answering are asked what they may do). True once both are carried out.

        False when some answer is not allowed after the discard: the discard alone is then
        carried out, as ``apply`` carries it out, and the caller answers (or names what is
        wrong) from there. Raises IllegalActionError as ``apply`` does for a discard not
        allowed now, and for an action that is no ``Discard`` (the round unchanged).
        """
        if discard.__class__ is not Discard:
            action = self._read_once(discard)
            if type(action) is not Discard:
                raise IllegalActionError(f"{self._where()}: {quote(discard)} is no discard "
                                         "to answer")
            discard = action
        tile = discard.tile
        if not (self.phase is _TURN
                and discard.seat.__class__ is int and discard.seat == self.current
                and tile.__class__ is int and 0 <= tile < 136
                and discard.riichi.__class__ is bool and answers
                and all(type(a) in _WANTED and a.seat.__class__ is int
                        and 0 <= a.seat < self.players for a in answers)):
            self.apply(discard)
            return False
        return self._discard(discard, given=answers)

    def apply_answers(self, answers: Sequence[Action]) -> None:
        """Carry out ``answers`` to the discard or added kan on the table (each of another
        seat), every other seat still asked passing: the same as a ``Pass`` of each seat
        in ``to_act`` that ``answers`` does not name, then ``apply`` of each answer in
        order, as a log records a call or the wins on a tile, for less (no action goes
        through ``apply`` one at a time).

        Raises IllegalActionError as ``apply`` does for an answer not allowed (each
        answer's seat and fields are checked first, then the answers of seats not asked,
        then the others in order), for a seat named twice, and when no discard or added
        kan is being answered; the round is then unchanged.
        """
        actions = [a if type(a) in _ACTION_TYPES else self._read_once(a) for a in answers]
        phase = self.phase
        if phase is not _CALLS and phase is not _CHANKAN:
            why = ("the round is over" if phase is _OVER
                   else "no discard or added kan is being answered")
            if actions:
                raise self._illegal(actions[0], why)
            raise IllegalActionError(f"{self._where()}: {why}")
        for action in actions:
            self._check_action(action)
        asked = self.to_act
        for action in actions:
            if action.seat not in asked:
                self._check_answer(action)  # raises: the seat may not answer
        named: set[int] = set()
        for action in actions:
            if action.seat in named:
                raise self._illegal(action, f"seat {action.seat} has already answered")
            named.add(action.seat)
            self._check_answer(action)
        recorded = self._answers
        for seat in asked:
            if seat not in named:
                recorded[seat] = _PASS[seat]
        for action in actions:
            recorded[action.seat] = action
            if type(action) is not Pass:
                self._claimed = True
        if len(recorded) == len(self._options):
            self._settle()

    def _check_action(self, action: Action) -> None:
        """What ``apply`` checks of an action before the round reads it: a seat of the
        table, fields of the right kind."""
        seat = getattr(action, "seat", None)
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalActionError(f"{self._where()}: {quote(action)} is not an action of a seat "
                                     f"0-{self.players - 1}")
        if type(action) is not Pass:
            problem = _field_problem(action)
            if problem is not None:
                raise self._illegal(action, problem)

    def _answer(self, action: Action) -> None:
        seat = action.seat
        if (type(action) is not Pass or seat == self.current or seat not in self._options
                or seat in self._answers):  # a pass of a seat asked needs no more checks
            self._check_answer(action)
        self._answers[seat] = action
        if type(action) is not Pass:
            self._claimed = True
        if len(self._answers) == len(self._options):
            self._settle()

    def _check_answer(self, action: Action) -> None:
        """Raise IllegalActionError, saying why, unless ``action`` is an answer its seat
        may give to the tile on the table now."""
        seat = action.seat
        if seat == self.current or seat not in self._options:
            tile_id = self._last_tile
            if isinstance(action, Ron) and seat != self.current and tile_id is not None:
                raise self._illegal(action, self._why_no_ron(seat, self._seats[seat], tile_id))
            what = "win on or call" if self.phase is _CALLS else "win on"
            raise self._illegal(action, f"seat {seat} may not {what} "
                                f"{self._name(tile_id)}" if seat != self.current
                                else f"seat {seat} cannot answer its own tile")
        if seat in self._answers:
            raise self._illegal(action, f"seat {seat} has already answered")
        options = self._options[seat]
        tile_id = self._last_tile
        assert tile_id is not None
        me = self._seats[seat]
        if type(action) is Pass:
            pass
        elif isinstance(action, Ron):
            if not options & _ANSWER_RON:
                raise self._illegal(action, self._why_no_ron(seat, me, tile_id))
        elif isinstance(action, Pon):
            if not options & _ANSWER_PON:
                raise self._illegal(action, f"seat {seat} cannot pon {self._name(tile_id)}")
            self._check_own(action, me, action.tiles, [tile_id // 4] * 2)
        elif isinstance(action, OpenKan):
            if not options & _ANSWER_KAN:
                raise self._illegal(action, f"seat {seat} cannot kan {self._name(tile_id)}")
        elif isinstance(action, Chi):
            if not options & _ANSWER_CHI:
                raise self._illegal(action, f"seat {seat} cannot chi {self._name(tile_id)}")
            self._check_chi(action, me, tile_id)
        elif not isinstance(action, Pass):
            raise self._illegal(action, f"seat {seat} may only answer the "
                                f"{'added kan' if self.phase is _CHANKAN else 'discard'}")

    def _check_own(self, action: Action, me: _Seat, tiles: Sequence[int],
                   kinds: Sequence[int]) -> None:
        if (not isinstance(tiles, tuple) or len(tiles) != len(kinds)
                or any(type(t) is not int for t in tiles) or len(set(tiles)) != len(tiles)):
            raise self._illegal(action, "a call names distinct tile ids of one's own")
        for tile_id, kind in zip(tiles, kinds, strict=True):
            if tile_id not in me.ids or tile_id // 4 != kind:
                raise self._illegal(action, f"seat {action.seat} does not hold "
                                    f"{self._name(tile_id) if 0 <= tile_id < 136 else tile_id}"
                                    " for that call")

    def _check_chi(self, action: Chi, me: _Seat, tile_id: TileId) -> None:
        kind = tile_id // 4
        tiles = action.tiles
        kinds = [t // 4 for t in tiles] if isinstance(tiles, tuple) and all(
            type(t) is int for t in tiles) else []
        run = sorted([*kinds, kind])
        if (len(kinds) != 2 or run[2] - run[0] != 2 or len(set(run)) != 3
                or run[0] // 9 != run[2] // 9 or run[2] >= 27):
            raise self._illegal(action, f"those tiles do not make a run with "
                                f"{self._name(tile_id)}")
        self._check_own(action, me, tiles, kinds)
        if not self._can_discard_after(me, kinds, kind, MeldKind.CHI):
            raise self._illegal(action, "after that chi every tile left is one kuikae forbids")

    def _settle(self) -> None:
        """Every seat asked has answered: wins first, then the abortive draws, then calls;
        else the next seat draws (or the wall has run out)."""
        seat, tile_id = self.current, self._last_tile
        assert tile_id is not None
        answers = self._answers if self._claimed else None  # None: every seat asked passed
        if answers:
            rons = [s for s in self._after[seat] if isinstance(answers.get(s), Ron)]
            if rons:
                self._settle_rons(rons, seat, tile_id)
                return
        self._went_by(seat, tile_id, answers)

    def _went_by(self, seat: int, tile_id: TileId, answers: dict[int, Action] | None) -> None:
        """Nobody won on ``seat``'s tile ``tile_id``: it went by every other seat; then the
        kan it was added to stands, or the riichi declared with it, an abortive draw, a
        call among ``answers`` (None: every seat passed), the wall's end or the next draw
        follows."""
        self._gone.append(tile_id & _KIND_BITS | seat)
        if self.phase is _CHANKAN:
            self._kan_stands(seat)
            return
        riichi_now = self._riichi_pending is not None
        if riichi_now:
            self._accept_riichi()
        if may_draw_after_discard(riichi_now=riichi_now, discards=len(self._discard_log),
                                  kans=len(self._kans)):
            # the kinds of the first five discards are enough to tell four winds
            opening = [discard.tile >> 2 for discard in self._discard_log[:5]]
            abortive = draw_after_discard(
                self.table, riichi=[s.riichi for s in self._seats], riichi_now=riichi_now,
                discards=opening, called=self._calls_made, kan_seats=self._kans)
            if abortive is not None:
                self._finish_draw(abortive)
                return
        if answers:
            caller = next((s for s in self._after[seat]
                           if isinstance(answers.get(s), _PON_OR_KAN)), None)
            if caller is None:
                caller = next((s for s in answers if isinstance(answers[s], Chi)), None)
            if caller is not None:
                self._call(caller, answers[caller], seat, tile_id)
                return
        if self._live_left <= 0:
            self._exhaustive_draw()
            return
        self._draw((seat + 1) % self.players, rinshan=False)

    def _settle_rons(self, rons: list[int], seat: int, tile_id: TileId) -> None:
        """``rons`` (in turn order after ``seat``) declared ron on ``tile_id``."""
        if self.table.triple_ron_draw and is_triple_ron(len(rons)):
            self._finish_draw(DrawKind.TRIPLE_RON)
            return
        if not self.table.double_ron:
            rons = rons[:1]
        wins = []
        for n, winner in enumerate(rons):
            # the first winner's win is the one offered (nothing it depends on has
            # changed since); a second one takes no honba or riichi sticks
            result = (self._wins_offered.get(winner) if n == 0
                      else self._ron_result(winner, self._seats[winner], tile_id, first=False))
            assert result is not None
            hand, context, win = result
            wins.append((winner, seat, hand, tile_id, context, win))
        self._finish_wins(wins)

    def _kan_stands(self, seat: int) -> None:
        """Nobody robbed ``seat``'s added kan, closed kan or north tile: it stands and
        ``seat`` draws its replacement tile."""
        self.phase = _TURN
        if self._robbing_kita:  # the north passed: it stands as a call does
            self._robbing_kita = False
            self._interrupt()
            self._flush_dora()
            self._kitas += 1
            self._live_left -= 1
        elif not self._robbing_closed_kan:
            self._interrupt()
            self._flush_dora()
            self._count_kan(seat)
            self._dora_pending += 1
            if not self.table.open_kan_dora_at_discard:
                self._flush_dora()
        self._robbing_closed_kan = False
        self._draw(seat, rinshan=True)

    def _accept_riichi(self) -> None:
        """The riichi declared with the discard that passed stands: its stick goes down."""
        riichi = self._riichi_pending
        assert riichi is not None
        self._riichi_pending = None
        self._scores[riichi] -= self.table.riichi_cost
        self.sticks += 1
        self._events.append(RiichiAccepted(riichi, open=riichi in self._open_riichi))

    def _call(self, caller: int, action: Action, source: int, tile_id: TileId) -> None:
        me = self._seats[caller]
        kind = tile_id // 4
        own: tuple[TileId, ...]
        if isinstance(action, _PON_OR_CHI):
            own = action.tiles
            meld_kind = MeldKind.PON if isinstance(action, Pon) else MeldKind.CHI
        else:
            own = tuple(i for i in me.ids if i // 4 == kind)
            meld_kind = MeldKind.MINKAN
        ids = tuple(sorted((*own, tile_id)))
        relative = _relative(caller, source, self.players)
        meld = TableMeld(_called_meld(meld_kind, ids, tile_id, relative, self._tiles is _RED),
                         ids, tile_id, source)
        me.take_for_meld(own)
        self._shown += sum([_SHOWN[i] for i in own])
        me.melds += (meld,)
        self._open_view = None
        me.is_open = True
        giver = self._seats[source]
        taken = giver.river[-1]
        giver.river = (*giver.river[:-1], RiverTile(taken.tile, taken.tsumogiri, taken.riichi,
                                                    True))
        self._events.append(MeldCalled(caller, meld))
        self._interrupt()
        if meld_kind is not MeldKind.CHI and me.liable is None:
            group = _DRAGONS if kind in _DRAGONS else _WINDS if kind in _WINDS else None
            if group is not None:
                sets = sum(1 for m in me.melds if m.ids[0] // 4 in group)
                if sets == len(group):
                    me.liable = source
        if meld_kind is MeldKind.MINKAN:
            self._flush_dora()
            self._count_kan(caller)
            self._dora_pending += 1
            if not self.table.open_kan_dora_at_discard:
                self._flush_dora()
            self._draw(caller, rinshan=True)
            return
        self.phase = _TURN
        self.current = caller
        self._drawn = None
        self._rinshan_turn = False
        me.forbidden = _kuikae(meld_kind, kind, [i // 4 for i in own])

    def _pon_pairs(self, me: _Seat, kind: int) -> list[tuple[TileId, TileId]]:
        """Each distinct pair of own tiles of ``kind`` (a red five told apart), as its
        lowest ids."""
        ids = me.ids
        at = bisect_left(ids, 4 * kind)
        pairs = [(ids[at], ids[at + 1])]
        if me.counts[kind] == 3 and ids[at] in _RED_IDS and self._tiles is _RED:
            pairs.append((ids[at + 1], ids[at + 2]))  # a red five and two plain ones
        return pairs

    def _chi_pairs(self, me: _Seat, tile_id: TileId) -> list[tuple[TileId, TileId]]:
        """Each distinct pair of own tiles that makes a run with ``tile_id`` and leaves a
        legal discard (one pair per combination of tiles, red fives told apart, the lowest
        ids of each), in id order."""
        kind = tile_id >> 2
        if kind >= 27:
            return []
        counts = me.counts
        # what _can_discard_after counts: the tiles left but those of the called kind
        # and of the kind beyond the run, which kuikae forbids
        left = len(me.ids) - 2 - counts[kind]
        pairs = [(a, b) for first, second, beyond in _CHI_CHECKS[kind]
                 if counts[first] and counts[second]
                 and left - (counts[beyond] if beyond >= 0 else 0) > 0
                 for a in self._distinct(me, first) for b in self._distinct(me, second)]
        pairs.sort()
        return pairs

    def _distinct(self, me: _Seat, kind: int) -> tuple[TileId, ...]:
        """The lowest id of each distinct tile of ``kind`` held: the red five first."""
        ids = me.ids
        at = bisect_left(ids, 4 * kind)
        lowest = ids[at]
        if lowest in _RED_IDS and me.counts[kind] > 1 and self._tiles is _RED:
            return (lowest, ids[at + 1])
        return (lowest,)

    def _has_chi(self, me: _Seat, kind: int) -> bool:
        """Some pair of own tiles makes a run with a tile of ``kind`` (a suit's) and leaves
        a discard."""
        counts = me.counts
        # what _can_discard_after counts: the tiles left but those of the called kind
        # and of the kind beyond the run, which kuikae forbids
        left = len(me.ids) - 2 - counts[kind]
        for first, second, beyond in _CHI_CHECKS[kind]:
            if counts[first] and counts[second] and (
                    left - (counts[beyond] if beyond >= 0 else 0) > 0):
                return True
        return False

    def _can_discard_after(self, me: _Seat, own_kinds: Sequence[int], called: int,
                           kind: MeldKind) -> bool:
        """After calling, some tile is left that kuikae allows discarding."""
        forbidden = _kuikae(kind, called, own_kinds)
        counts = me.counts
        left = len(me.ids) - len(own_kinds)
        for k in range(max(called - 3, 0), min(called + 4, 34)):
            if (forbidden >> k) & 1:
                left -= counts[k] - own_kinds.count(k)
        return left > 0

    # -- wins and the end of the round ------------------------------------------------------

    def _ron_result(self, seat: int, me: _Seat, tile_id: TileId, first: bool = True
                    ) -> tuple[Hand, WinContext, WinResult] | None:
        if self._furiten(seat, me):
            return None
        context = self._context(seat, me, tsumo=False, first=False, with_sticks=first)
        hand = self._hand(me)
        result = evaluate(hand, self._tiles[tile_id], context, self.rules)
        if not isinstance(result, WinResult):
            return None
        return hand, context, result

    def _why_no_ron(self, seat: int, me: _Seat, tile_id: TileId) -> str:
        name = self._name(tile_id)
        if not (self._waits(me) >> (tile_id // 4)) & 1:
            return f"seat {seat} declares ron on {name} but its hand does not win on it"
        if self._furiten(seat, me):
            return f"seat {seat} declares ron on {name} but is furiten"
        if self.phase is _CHANKAN and self._robbing_closed_kan:
            return f"seat {seat} may not rob a closed kan"
        return f"seat {seat} declares ron on {name} but the hand has no yaku"

    def _furiten(self, seat: int, me: _Seat) -> bool:
        return bool(self._waits(me) & self._furiten_kinds(seat, me))

    def _furiten_kinds(self, seat: int, me: _Seat) -> int:
        """Bit per kind ``me`` may not win on by ron: its own discards, the tiles that
        went by since its last discard and, since its riichi, every tile that went by or
        that it drew. Worked out when asked from the log of the tiles that went by
        (``_gone``: one entry per tile, rather than a mark on each seat it passed)."""
        kinds = me.riichi_drawn
        for tile in me.river:
            kinds |= 1 << (tile.tile >> 2)
        for gone in self._gone[me.riichi_from if me.riichi else me.passed_from:]:
            if gone & 3 != seat:
                kinds |= 1 << (gone >> 2)
        return kinds

    def _context(self, seat: int, me: _Seat, *, tsumo: bool, first: bool,
                 with_sticks: bool = True) -> WinContext:
        return _with_open_riichi_context(
            self._situation(seat, me, tsumo=tsumo, first=first, with_sticks=with_sticks),
            opened=seat in self._open_riichi)

    def _situation(self, seat: int, me: _Seat, *, tsumo: bool, first: bool,
                   with_sticks: bool) -> WinContext:
        last = self.live_remaining <= 0
        rinshan = tsumo and self._rinshan_turn
        dealer = seat == self.dealer
        indicators = tuple(self._tiles[i] for i in self.dora_indicators)
        ura = tuple(self._tiles[self.wall.ura_indicator(i)] for i in range(self._dora_shown)) \
            if me.riichi and self.rules.ura_dora else ()
        return WinContext(
            tsumo=tsumo, riichi=me.riichi, double_riichi=me.double_riichi,
            ippatsu=me.ippatsu and not rinshan and self.rules.ippatsu, rinshan=rinshan,
            chankan=self.phase is _CHANKAN and not tsumo and not self._robbing_kita,
            haitei=tsumo and last and not rinshan, houtei=not tsumo and last
            and self.phase is _CALLS, tenhou=tsumo and first and dealer,
            chiihou=tsumo and first and not dealer,
            renhou=(not tsumo and not me.river and not self._calls_made
                    and not dealer and bool(self.rules.renhou)),
            seat_wind=self.seat_wind(seat), round_wind=self.round_wind,
            dora_indicators=indicators, ura_indicators=ura,
            honba=self.honba if with_sticks else 0,
            riichi_sticks=self.sticks if with_sticks else 0,
            pao=_relative(seat, me.liable, self.players) if me.liable is not None else None,
            kita=len(me.kita))

    def _finish_wins(self, wins: Sequence[tuple[int, int, Hand, TileId, WinContext,
                                                 WinResult]]) -> None:
        for winner, source, hand, tile_id, context, result in wins:
            liable = self._seats[winner].liable if result.payments.liable else None
            deltas = result.payments.deltas(
                winner, dealer=self.dealer, discarder=None if source == winner else source,
                liable=liable)
            for s, change in enumerate(deltas):
                self._scores[s] += change
            self._results.append(Win(winner, source, hand, tile_id, context, result, liable,
                                     deltas))
        self.sticks = 0
        self._end()

    def _finish_draw(self, kind: DrawKind, tenpai: tuple[int, ...] = (),
                     deltas: tuple[int, ...] | None = None,
                     nagashi: tuple[int, ...] = ()) -> None:
        if deltas is None:
            deltas = (0,) * self.players
        for s, change in enumerate(deltas):
            self._scores[s] += change
        self._results.append(Draw(kind, tenpai, deltas, nagashi))
        self._end()

    def _exhaustive_draw(self) -> None:
        players = self.players
        # every hand holds 13 tiles (less its melds' share) after the last discard: it is
        # tenpai when it waits on some tile, as its kept waits say without a Hand
        tenpai = tuple(s for s in range(players) if self._seats[s].waits())
        nagashi = tuple(s for s in range(players) if self.table.nagashi_mangan
                        and _is_nagashi(self._seats[s].river))
        if nagashi:
            self._finish_draw(DrawKind.NAGASHI_MANGAN, tenpai, nagashi_mangan_payments(
                nagashi, dealer=self.dealer, rules=self.rules), nagashi)
            return
        self._finish_draw(DrawKind.EXHAUSTIVE, tenpai, tenpai_payments(
            tenpai, players=players, total=self.table.noten_payment))

    def _end(self) -> None:
        self.phase = _OVER
        self._options = {}
        self._answers = {}
        self._drawn = None

    @property
    def dealer_repeats(self) -> bool:
        """True when this round's dealer deals the next one (a win or tenpai of the
        dealer's own, or an abortive draw). Meaningful once the round is over."""
        return dealer_repeats(self._results, self.dealer)

    def chombo(self, seat: int) -> None:
        """End the round with a chombo of ``seat``, for an offence the caller judges (a
        false win, a wrong riichi, ...): ``seat`` pays a mangan to the others
        (``chombo_payments``) where ``TableRules.chombo_mangan`` says so, and the same
        hand is dealt again. Riichi sticks stay on the
        table.

        Raises IllegalActionError where the table rules have no chombo or the round is
        over, InvalidContextError for a bad seat.
        """
        self._seat(seat)
        if not self.table.chombo:
            raise IllegalActionError(f"{self._where()}: these table rules have no chombo")
        if self.phase is _OVER:
            raise IllegalActionError(f"{self._where()}: the round is over")
        self._finish_draw(DrawKind.CHOMBO, deltas=chombo_payments(
            seat, dealer=self.dealer, rules=self.rules) if self.table.chombo_mangan else None)

    # -- the wall -------------------------------------------------------------------------

    def _draw(self, seat: int, *, rinshan: bool) -> None:
        if rinshan:
            tile_id = self.wall.rinshan[self._rinshan_used]
            self._rinshan_used += 1
        else:
            tile_id = self.wall.live[self._live_used]
            self._live_used += 1
            self._live_left -= 1
        self._seats[seat].add(tile_id)
        self.phase = _TURN
        self.current = seat
        self._drawn = tile_id
        self._rinshan_turn = rinshan
        self._last_tile = None
        self._events.append(self._draw_records[272 * seat + 2 * tile_id + rinshan])

    def _count_kan(self, seat: int) -> None:
        self._kans.append(seat)
        self._live_left -= 1

    def _reveal_dora(self) -> None:
        if self._dora_shown < 5 and self.rules.kan_dora:
            indicator = self.wall.dora_indicator(self._dora_shown)
            self._events.append(DoraRevealed(indicator))
            self._dora_ids += (indicator,)
            self._dora_shown += 1

    def _flush_dora(self) -> None:
        while self._dora_pending:
            self._dora_pending -= 1
            self._reveal_dora()

    def _first_turn(self, me: _Seat) -> bool:
        """Still one's first turn: nothing discarded and the first go-around unbroken."""
        return not me.river and not self._calls_made

    def _interrupt(self) -> None:
        """A call, a kan or a north tile set aside (as Tenhou treats a kita: like a call,
        once nobody robs it): every ippatsu ends, the kita player's own included, and the
        first go-around is broken for everyone (double riichi, tenhou and chiihou, renhou,
        nine terminals)."""
        self._calls_made = True
        for s in self._seats:
            s.ippatsu = False

    # -- helpers --------------------------------------------------------------------------

    def _seat(self, seat: int) -> _Seat:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise InvalidContextError(f"a seat is an int 0-{self.players - 1}, got {quote(seat)}")
        return self._seats[seat]

    @staticmethod
    def _hand(me: _Seat) -> Hand:
        return me.hand()

    @staticmethod
    def _waits(me: _Seat) -> int:
        return me.waits()

    def _name(self, tile_id: object) -> str:
        """A tile id as mpsz text (anything that is not a tile id quoted as it is)."""
        if type(tile_id) is int and 0 <= tile_id < 136:
            return str(self._tiles[tile_id])
        return f"{quote(tile_id)} (not a tile id 0-135)"

    def _where(self) -> str:
        return f"{self.name} honba {self.honba}"

    def _illegal(self, action: Action, why: str) -> IllegalActionError:
        return IllegalActionError(f"{self._where()}: {quote(action)} is illegal: {why}")


def _is_nagashi(river: Sequence[RiverTile]) -> bool:
    """Some discards, every one a terminal or honour and none called: nagashi mangan."""
    return bool(river) and all(r.tile >> 2 in TERMINALS_AND_HONOURS and not r.called
                               for r in river)


def _with_open_riichi_context(context: WinContext, *, opened: bool) -> WinContext:
    """The one place where the engine tells scoring that the winner's riichi was open: the
    ``WinContext`` flag ``_OPEN_RIICHI_FLAG`` is set when ``opened`` and the situation has
    that field (scoring's side of open riichi); otherwise ``context`` as it is."""
    if opened and _OPEN_RIICHI_FLAG in attrs.fields_dict(WinContext):
        flag: dict[str, Any] = {_OPEN_RIICHI_FLAG: True}
        return attrs.evolve(context, **flag)
    return context


_OPEN_RIICHI_FLAG = "open_riichi"
"""The name of the ``WinContext`` field that says the riichi was declared open."""


def _with_open_riichi(actions: list[Action]) -> list[Action]:
    """``actions`` with an open riichi after each riichi discard."""
    out: list[Action] = []
    for action in actions:
        out.append(action)
        if type(action) is Discard and action.riichi:
            out.append(OpenRiichi(action.seat, action.tile))
    return out


def _is_id(value: object) -> bool:
    return type(value) is int and 0 <= value < 136


def _field_problem(action: object) -> str | None:
    """What is wrong with an action's fields, checked before the table reads them: a tile
    id is an int 0-135, a call's own tiles a pair of them, riichi a bool, a closed kan's
    kind a Tile."""
    if isinstance(action, Discard | OpenRiichi | AddedKan | Kita) and not _is_id(action.tile):
        return f"a tile id is an int 0-135, got {quote(action.tile)}"
    if isinstance(action, Discard) and type(action.riichi) is not bool:
        return "riichi is true or false"
    if isinstance(action, Chi | Pon) and (type(action.tiles) is not tuple
                                          or len(action.tiles) != 2
                                          or not all(map(_is_id, action.tiles))):
        return f"a call names two tile ids 0-135 of one's own, got {quote(action.tiles)}"
    if isinstance(action, ClosedKan) and not isinstance(action.kind, Tile):
        return "a closed kan names its kind as a Tile"
    return None


_TURN_ACTIONS: dict[type, Callable[[Round, Any], object]] = {
    Discard: Round._discard, OpenRiichi: Round._open_riichi_discard, Tsumo: Round._tsumo,
    ClosedKan: Round._closed_kan, AddedKan: Round._added_kan, Kita: Round._kita,
    NineTerminals: Round._nine_terminals}
"""What a seat may do on its turn, by the action's type."""

_ACTION_CLASSES = (*_TURN_ACTIONS, Ron, Chi, Pon, OpenKan, Pass)
"""Every action class."""
_ACTION_TYPES = frozenset(_ACTION_CLASSES)
"""The same, to look an action's exact type up (such an action is read as it is)."""

_NOBODY: dict[int, int] = {}
"""No seat may answer (never changed in place: a window that asks someone makes its own)."""
_ANSWER_RON = 1
_ANSWER_PON = 2
_ANSWER_KAN = 4
_ANSWER_CHI = 8
_ANSWER_CALLS = _ANSWER_PON | _ANSWER_KAN | _ANSWER_CHI
_ANSWER_ANY = _ANSWER_RON | _ANSWER_CALLS
_PON_OR_KAN = (Pon, OpenKan)
_PON_OR_CHI = (Pon, Chi)
"""Classes of calls, as ``isinstance`` reads them at once (``Pon | OpenKan`` is a new union
object each time it is written in a function)."""
_WANTED = {Ron: _ANSWER_RON, Pon: _ANSWER_CALLS, Chi: _ANSWER_CALLS, OpenKan: _ANSWER_CALLS}
"""What an answer needs worked out of its seat's options, by its type."""
_ASK_ALL = {players: tuple(tuple((other, _ANSWER_ANY) for other in _AFTER[players][seat])
                           for seat in range(players)) for players in (3, 4)}
"""Players -> by seat, every other seat in turn order, each asked everything (what
``Round._open_window`` asks in a window open to all)."""

_TSUMO = tuple(Tsumo(seat) for seat in range(4))
_RON = tuple(Ron(seat) for seat in range(4))
_PASS = tuple(Pass(seat) for seat in range(4))
_OPEN_KAN = tuple(OpenKan(seat) for seat in range(4))
"""The actions that name a seat alone, by seat: frozen values a legal list shares."""
_ALONE = ((0,), (1,), (2,), (3,))
"""``to_act`` on each seat's turn."""
