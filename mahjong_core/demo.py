"""A seeded four-player game built on mahjong_core: the library embedded in a game loop.

``python -m mahjong_core demo --hands 8 --seed 1`` prints a game; ``play_game(seed)``
returns it as immutable records (every draw, discard, call and win), which the tests
replay to check the engine and the library against each other; ``play_hand(wall)``
plays one hand from a wall in a given order.

The library answers every rules question the loop asks: ``evaluate`` decides each
tsumo and ron and scores it, ``FuritenTracker`` guards ron, ``Hand.waits`` /
``is_tenpai`` settle the exhaustive draw, and the bots choose by ``Hand.shanten`` and
``Hand.discard_options`` (shanten, then ukeire). The loop itself only moves tiles.

The table (Tenhou's ranked rules, kept small enough to read):

* 136 tiles (red fives are ids 16, 52 and 88) shuffled by ``random.Random(seed)``. The
  last 14 are the dead wall: 4 replacement tiles, 5 dora and 5 ura indicators. A kan
  draws a replacement tile and moves the last tile of the live wall into the dead wall,
  so the dead wall keeps 14 tiles and a hand has 70 draws at most.
* Every kan turns a new dora indicator over at once (Tenhou waits for the discard
  after an open kan). Chankan is a ron on the tile of an added kan. A fourth kan by
  more than one player ends the hand (abortive draw) once its discard passes; nobody
  declares a fifth. No kan on the last tile, no call on the last discard.
* Ron beats pon and kan, which beat chi. Double ron is allowed and the first winner in
  turn order after the discarder takes the honba and the riichi sticks; a triple ron
  is an abortive draw (Tenhou). Kuikae (discarding the called tile, or the other end of
  a chi's run) is not allowed.
* Riichi needs a closed hand, 1000 points and at least four tiles in the live wall;
  its stick goes on the table when the declaring discard passes (a ron on it cancels
  the riichi). Ippatsu ends with the player's next discard or any call.
* Furiten: each player's ``FuritenTracker`` hears their discards, every tile that goes
  by and their riichi; a furiten player can win by tsumo only.
* Pao: whoever discards the tile of a player's third dragon (or fourth wind) pon or
  kan is liable for a daisangen (daisuushii), passed to ``evaluate`` as
  ``WinContext.pao``.
* Exhaustive draw: the noten players pay 3000 in all to the tenpai ones (tenpai as
  ``Hand.is_tenpai`` says: no yaku needed, a wait on a kind held four times is none).
* The dealer repeats after a win or tenpai of their own and after an abortive draw;
  honba grow by one on a repeat or any draw and go back to 0 when a non-dealer wins.
* The game runs East 1 to South 4 (``--hands`` may stop it earlier). It ends when
  South 4 is over without a dealer repeat or when a score drops below zero: no West
  round, no agari-yame. Riichi sticks left at the end stay on the table and are
  reported with the standings.
* Not played: nagashi mangan; the abortive draws for nine terminals, four winds and
  four riichi; kans by a player in riichi; ron on a closed kan (kokushi).

The bots, all four the same:

* win whenever ``evaluate`` says so;
* discard the tile that leaves the lowest shanten, then the most ukeire — but short of
  tenpai against a riichi, a tile that player's ``FuritenTracker`` says they cannot
  ron on, when there is one;
* riichi when closed and tenpai, with 1000 points and tiles to come;
* call pon, chi or kan only when it lowers shanten (a kan: when it does not raise it)
  and the open hand keeps a yaku: a yakuhai set, or all simples (the bot then throws
  its terminals and honours first); a call that reaches tenpai must leave a wait that
  ``evaluate`` scores. So an open hand keeps a way to win.
"""

from __future__ import annotations

import argparse
import enum
import json
import random
import sys
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from .context import WinContext, Wind
from .furiten import FuritenTracker
from .hand import Hand
from .meld import Meld, MeldKind, Relative
from .rules import TENHOU_RULES, Rules
from .scoring import WinResult, evaluate
from .tile import Tile, TileId, format_tiles

__all__ = [
    "STARTING_SCORE",
    "Event",
    "EventKind",
    "GameRecord",
    "HandRecord",
    "MeldRecord",
    "Outcome",
    "Stats",
    "WinRecord",
    "format_game",
    "main",
    "play_game",
    "play_hand",
    "summarize",
]

STARTING_SCORE = 25000
"""Every player's score at the start of a game."""

_TILES: tuple[Tile, ...] = tuple(Tile.from_id136(i) for i in range(136))
"""The tile of each 136 id (red fives at 16, 52, 88)."""

_LIVE, _DEAD = 122, 14
_RIICHI_COST = 1000
_NOTEN_TOTAL = 3000
_WIND_NAMES = ("East", "South", "West", "North")


# -- records: what a game leaves behind ---------------------------------------------------


class EventKind(enum.Enum):
    """What happened at one step of a hand; the value is its name in the log and JSON."""

    DRAW = "draw"
    """A tile from the live wall."""
    RINSHAN = "rinshan"
    """The replacement tile after a kan, from the dead wall."""
    RIICHI = "riichi"
    """Riichi declared; the next event is the declaring discard."""
    DISCARD = "discard"
    CHI = "chi"
    PON = "pon"
    MINKAN = "minkan"
    """An open kan called from a discard."""
    SHOUMINKAN = "shouminkan"
    """A pon upgraded to a kan; ``tile`` is the added tile (the chankan chance)."""
    ANKAN = "ankan"
    DORA = "dora"
    """A kan dora indicator turned over; ``tile`` is the indicator."""
    TSUMO = "tsumo"
    RON = "ron"


@attrs.frozen
class Event:
    """One step of a hand: who did what with which physical tile."""

    kind: EventKind
    seat: int
    """The player acting (the winner for a win)."""
    tile: TileId
    """The tile drawn, discarded, called, added, won on, or the new dora indicator."""
    source: int | None = None
    """The player the tile came from: the discarder of a called or won tile."""
    tiles: tuple[TileId, ...] = ()
    """All the tiles of a meld (calls and kans)."""


@attrs.frozen
class MeldRecord:
    """A meld as the library sees it, with the physical tiles that made it."""

    meld: Meld
    ids: tuple[TileId, ...]
    source: int | None
    """The seat the called tile came from (None for a closed kan)."""


@attrs.frozen
class WinRecord:
    """One win: exactly what was passed to ``evaluate`` and what it answered.

    ``evaluate(hand, win_tile, context, rules)`` gives ``result`` again.
    """

    winner: int
    discarder: int | None
    """None for a tsumo (the discarder of a chankan is the player who added the kan)."""
    hand: Hand
    """The winner's hand before the winning tile (13 tiles with melds)."""
    win_tile: Tile
    win_tile_id: TileId
    context: WinContext
    result: WinResult
    liable: int | None
    """The seat liable (pao) for a daisangen or daisuushii, if any."""
    deltas: tuple[int, int, int, int]
    """What the win changed on each score (riichi sticks collected included)."""


class Outcome(enum.Enum):
    """How a hand ended."""

    TSUMO = "tsumo"
    RON = "ron"
    EXHAUSTIVE_DRAW = "exhaustive_draw"
    ABORTIVE_DRAW = "abortive_draw"


@attrs.frozen
class HandRecord:
    """One hand from the shuffle to the payments, and the table as it was left."""

    number: int
    """0 for the game's first hand."""
    round_wind: Wind
    dealer: int
    """The dealer's seat (seat 0 deals East 1)."""
    honba: int
    sticks_before: int
    """Riichi sticks on the table at the start."""
    scores_before: tuple[int, int, int, int]
    wall: tuple[TileId, ...]
    """The 136 ids as shuffled: the live wall first, the 14-tile dead wall last."""
    deal: tuple[tuple[TileId, ...], ...]
    """The 13 tiles dealt to each seat."""
    events: tuple[Event, ...]
    outcome: Outcome
    wins: tuple[WinRecord, ...]
    tenpai: tuple[bool, ...]
    """Who was tenpai at an exhaustive draw (all False otherwise)."""
    abort_reason: str | None
    deltas: tuple[int, int, int, int]
    """Every score change of the hand: riichi sticks, wins, noten payments."""
    scores_after: tuple[int, int, int, int]
    sticks_after: int
    dora_indicators: tuple[TileId, ...]
    ura_indicators: tuple[TileId, ...]
    concealed: tuple[tuple[TileId, ...], ...]
    """Each seat's concealed tiles at the end (a tsumo winner holds 14 with melds)."""
    melds: tuple[tuple[MeldRecord, ...], ...]
    rivers: tuple[tuple[TileId, ...], ...]
    """Each seat's discards still in front of them (called tiles moved to a meld)."""
    live_wall: tuple[TileId, ...]
    """The live wall left undrawn."""
    dead_wall: tuple[TileId, ...]
    """The 14 tiles of the dead wall at the end."""
    kans: tuple[int, ...]
    """The seat of each kan, in order."""

    @property
    def round_name(self) -> str:
        """``"East 1"`` ... ``"South 4"``."""
        return f"{_WIND_NAMES[self.round_wind]} {self.dealer + 1}"

    @property
    def riichi_seats(self) -> tuple[int, ...]:
        """The seats that declared riichi, in order."""
        return tuple(e.seat for e in self.events if e.kind is EventKind.RIICHI)

    @property
    def dealer_repeats(self) -> bool:
        """True when the same dealer deals the next hand."""
        if self.outcome is Outcome.ABORTIVE_DRAW:
            return True
        if self.outcome is Outcome.EXHAUSTIVE_DRAW:
            return self.tenpai[self.dealer]
        return any(w.winner == self.dealer for w in self.wins)


@attrs.frozen
class GameRecord:
    """A whole game: its seed, its hands and the final scores."""

    seed: int
    hands: tuple[HandRecord, ...]
    scores: tuple[int, int, int, int]
    riichi_sticks: int
    """Riichi sticks left on the table at the end (nobody collects them)."""
    end: str
    """Why the game ended: ``"south 4 over"``, ``"bust"`` or ``"hand limit"``."""

    def standings(self) -> tuple[tuple[int, int], ...]:
        """(seat, score) from first to last place; ties go to the earlier seat."""
        return tuple(sorted(enumerate(self.scores), key=lambda item: (-item[1], item[0])))


# -- the hand engine ----------------------------------------------------------------------


def _relative(caller: int, source: int) -> Relative:
    """Where ``source`` sits as seen by ``caller``."""
    return (Relative.SHIMOCHA, Relative.TOIMEN, Relative.KAMICHA)[(source - caller) % 4 - 1]


class _Plan(enum.Enum):
    """The yaku an open hand counts on."""

    YAKUHAI = "yakuhai"
    TANYAO = "tanyao"


@attrs.define
class _Player:
    """One seat's private state during a hand (mutable, never leaves the engine)."""

    seat: int
    hand: Hand
    ids: list[TileId]
    melds: list[MeldRecord] = attrs.field(factory=list)
    river: list[TileId] = attrs.field(factory=list)
    furiten: FuritenTracker = attrs.field(factory=FuritenTracker)
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    has_discarded: bool = False
    shanten: int = 8
    """Shanten of the hand after the last discard."""
    forbidden: frozenset[int] = frozenset()
    """Kinds that may not be discarded right after a call (kuikae)."""
    liable: int | None = None
    """The seat that fed this player's third dragon or fourth wind set (pao)."""

    def take(self, tile: Tile) -> TileId:
        """Remove one concealed id of ``tile`` (red flag included) and return it."""
        for index, tile_id in enumerate(self.ids):
            if _TILES[tile_id] == tile:
                return self.ids.pop(index)
        raise AssertionError(f"seat {self.seat} holds no {tile}")

    def rebuild(self) -> None:
        """Make ``hand`` agree with ``ids`` and ``melds`` after a call or a kan."""
        self.hand = Hand([_TILES[i] for i in self.ids], [m.meld for m in self.melds])


@attrs.frozen
class _Call:
    """A call a bot wants to make on a discard."""

    kind: MeldKind
    own: tuple[TileId, ...]
    """The caller's tiles that join the called one."""


class _HandPlay:
    """Plays one hand; the only mutable state of a game, thrown away at the end."""

    def __init__(self, *, number: int, wall: Sequence[int], dealer: int, round_wind: Wind,
                 honba: int, sticks: int, scores: Sequence[int], rules: Rules) -> None:
        self.number = number
        self.wall = tuple(TileId(i) for i in wall)
        self.dealer, self.round_wind, self.rules = dealer, round_wind, rules
        self.honba, self.sticks_before = honba, sticks
        self.scores_before = tuple(scores)
        self.scores = list(scores)
        self.sticks = sticks
        self.live: list[TileId] = list(self.wall[:_LIVE])
        dead = self.wall[_LIVE:]
        self.replacements: list[TileId] = list(dead[:4])
        self.indicator_ids, self.ura_ids = dead[4:9], dead[9:14]
        self.moved: list[TileId] = []
        """Live-wall tiles that kans moved into the dead wall."""
        self.kans: list[int] = []
        self.events: list[Event] = []
        self.riichi_pending = False
        """The last discard declared riichi: its stick goes down if the discard passes."""
        self.interrupted = False
        """A call or kan happened: no more tenhou, chiihou or double riichi."""
        self.wins: list[WinRecord] = []
        self.outcome: Outcome | None = None
        self.abort_reason: str | None = None
        self.tenpai: tuple[bool, ...] = (False,) * 4
        hands: list[list[TileId]] = [[], [], [], []]
        for size in (4, 4, 4, 1):
            for offset in range(4):
                seat = (dealer + offset) % 4
                hands[seat] += self.live[:size]
                del self.live[:size]
        self.deal = tuple(tuple(h) for h in hands)
        self.players = [_Player(s, Hand([_TILES[i] for i in hands[s]]), list(hands[s]))
                        for s in range(4)]
        for p in self.players:
            p.shanten = p.hand.shanten()

    # -- the table ----------------------------------------------------------------------

    @property
    def dora_count(self) -> int:
        """Dora indicators face up: one plus one per kan."""
        return 1 + len(self.kans)

    def seat_wind(self, seat: int) -> Wind:
        """The seat wind of ``seat`` in this hand."""
        return Wind((seat - self.dealer) % 4)

    def log(self, kind: EventKind, seat: int, tile: TileId, source: int | None = None,
            tiles: tuple[TileId, ...] = ()) -> None:
        """Record one event."""
        self.events.append(Event(kind, seat, tile, source, tiles))

    def context(self, p: _Player, *, tsumo: bool, honba: int, sticks: int,
                rinshan: bool = False, chankan: bool = False, last: bool = False,
                first_draw: bool = False) -> WinContext:
        """The WinContext of a win by ``p`` right now."""
        dealer = p.seat == self.dealer
        indicators = tuple(_TILES[i] for i in self.indicator_ids[:self.dora_count])
        ura = tuple(_TILES[i] for i in self.ura_ids[:self.dora_count]) if p.riichi else ()
        pao = _relative(p.seat, p.liable) if p.liable is not None else None
        return WinContext(
            tsumo=tsumo, riichi=p.riichi, double_riichi=p.double_riichi, ippatsu=p.ippatsu,
            rinshan=rinshan, chankan=chankan, haitei=tsumo and last and not rinshan,
            houtei=not tsumo and last, tenhou=first_draw and dealer,
            chiihou=first_draw and not dealer, furiten=not tsumo and p.furiten.is_furiten(p.hand),
            seat_wind=self.seat_wind(p.seat), round_wind=self.round_wind,
            dora_indicators=indicators, ura_indicators=ura, honba=honba,
            riichi_sticks=sticks, pao=pao)

    # -- the bots -------------------------------------------------------------------------

    def visible(self, p: _Player, without: TileId | None = None) -> list[Tile]:
        """The tiles ``p`` sees outside its own hand: every river, the other players'
        melds and the dora indicators (``without`` a discard that ``p`` may call)."""
        tiles = [_TILES[i] for q in self.players for i in q.river if i != without]
        tiles += [_TILES[i] for q in self.players if q is not p for m in q.melds for i in m.ids]
        tiles += [_TILES[i] for i in self.indicator_ids[:self.dora_count]]
        return tiles

    def plan(self, p: _Player, hand: Hand) -> _Plan | None:
        """The yaku an open hand relies on (None: a closed hand, or an open one with none)."""
        if hand.is_closed:
            return None
        yakuhai = {31, 32, 33, 27 + self.seat_wind(p.seat), 27 + self.round_wind}
        if any(m.kind is not MeldKind.CHI and m.first.kind in yakuhai for m in hand.melds):
            return _Plan.YAKUHAI
        if all(not t.is_yaochuu for m in hand.melds for t in m.tiles):
            return _Plan.TANYAO
        return None

    def choose_discard(self, p: _Player, hand: Hand, forbidden: frozenset[int] = frozenset(),
                       without: TileId | None = None) -> tuple[Tile, int] | None:
        """The discard (and the shanten it leaves) for a 14-tile ``hand``, or None if every
        tile is ``forbidden``. ``discard_options`` ranks them: lowest shanten, then most
        ukeire. An open all-simples hand throws its terminals and honours first; a hand
        short of tenpai against a riichi throws a tile that player cannot ron on."""
        options = [o for o in hand.discard_options(self.visible(p, without))
                   if o.tile.kind not in forbidden]
        if self.plan(p, hand) is _Plan.TANYAO:
            options = [o for o in options if o.tile.is_yaochuu] or options
        if not options:
            return None
        best = options[0]
        threats = [other.furiten for other in self.players if other.riichi and other is not p]
        if threats and best.shanten >= 1:
            safe = [o for o in options if all(t.is_furiten([o.tile]) for t in threats)]
            best = safe[0] if safe else best
        return best.tile, best.shanten

    def wants_riichi(self, p: _Player, after: Hand) -> bool:
        """Riichi: closed, tenpai after the discard, 1000 points, four tiles to come."""
        return (not p.riichi and after.is_closed and self.scores[p.seat] >= _RIICHI_COST
                and len(self.live) >= 4 and after.is_tenpai())

    def wants_kan(self, p: _Player, shanten: int) -> tuple[MeldKind, Tile] | None:
        """A closed or added kan on the 14-tile hand that does not raise ``shanten``."""
        if p.riichi or len(self.kans) >= 4 or not self.live:
            return None
        hand = p.hand
        added = [m.meld.first for m in p.melds
                 if m.meld.kind is MeldKind.PON and hand.count(m.meld.first)]
        closed = [Tile.from_kind(k) for k in sorted({t.kind for t in hand.tiles})
                  if hand.count(Tile.from_kind(k)) == 4]
        for kind, tiles in ((MeldKind.SHOUMINKAN, added), (MeldKind.ANKAN, closed)):
            for tile in tiles:
                after = self.kan_hand(p, kind, tile)
                if after.shanten() <= shanten and (hand.is_closed or self.plan(p, after)):
                    return kind, tile
        return None

    def kan_hand(self, p: _Player, kind: MeldKind, tile: Tile) -> Hand:
        """``p``'s hand after a closed or added kan of ``tile`` (before the rinshan draw)."""
        tiles = list(p.hand.tiles)
        melds = [m.meld for m in p.melds]
        if kind is MeldKind.ANKAN:
            tiles = [t for t in tiles if t.kind != tile.kind]
            melds.append(Meld(MeldKind.ANKAN, [t for t in p.hand.tiles if t.kind == tile.kind]))
        else:
            tiles.remove(next(t for t in tiles if t.kind == tile.kind))
            melds = [Meld(MeldKind.SHOUMINKAN, (*m.tiles, tile)) if m.kind is MeldKind.PON
                     and m.first.kind == tile.kind else m for m in melds]
        return Hand(tiles, melds)

    def wants_call(self, p: _Player, tile_id: TileId, source: int) -> _Call | None:
        """The call ``p`` makes on a discard, if any (see the module docstring)."""
        tile = _TILES[tile_id]
        if p.riichi or not self.live:
            return None
        same = tuple(i for i in p.ids if i // 4 == tile.kind)
        calls: list[_Call] = []
        if len(same) == 3 and len(self.kans) < 4:
            calls.append(_Call(MeldKind.MINKAN, same))
        if len(same) >= 2:
            calls.append(_Call(MeldKind.PON, same[:2]))
        if (source - p.seat) % 4 == 3 and tile.kind < 27:  # chi: from the left only
            rank = tile.kind % 9
            for low in range(max(rank - 2, 0), min(rank, 6) + 1):
                need = [tile.kind - rank + r for r in range(low, low + 3) if r != rank]
                found = [next((i for i in p.ids if i // 4 == k), None) for k in need]
                own = tuple(i for i in found if i is not None)
                if len(own) == 2:
                    calls.append(_Call(MeldKind.CHI, own))
        ranked = [(shanten, order, call) for order, call in enumerate(calls)
                  if (shanten := self.call_value(p, tile_id, source, call)) is not None]
        return min(ranked, key=lambda item: item[:2])[2] if ranked else None

    def call_value(self, p: _Player, tile_id: TileId, source: int, call: _Call) -> int | None:
        """The shanten a call leads to, or None if the bot would not make it."""
        tile = _TILES[tile_id]
        kind, own = call.kind, call.own
        meld = Meld(kind, [tile, *(_TILES[i] for i in own)], called=tile,
                    called_from=_relative(p.seat, source))
        rest = list(p.ids)
        for i in own:
            rest.remove(i)
        hand = Hand([_TILES[i] for i in rest], [*(m.meld for m in p.melds), meld])
        plan = self.plan(p, hand)
        if plan is None:
            return None
        if kind is MeldKind.MINKAN:  # keeps shanten; all simples must hold already
            if plan is _Plan.TANYAO and any(t.is_yaochuu for t in hand.tiles):
                return None
            shanten = hand.shanten()
            return shanten if shanten <= p.shanten else None
        choice = self.choose_discard(p, hand, _kuikae(kind, tile, own), without=tile_id)
        if choice is None or choice[1] >= p.shanten:
            return None
        after = hand.remove(choice[0])
        if plan is _Plan.TANYAO and any(t.is_yaochuu for t in after.tiles):
            return None
        if choice[1] == 0:  # tenpai: some wait must score
            ctx = self.context(p, tsumo=False, honba=0, sticks=0)
            ctx = attrs.evolve(ctx, furiten=False, riichi=False, double_riichi=False,
                               ippatsu=False, ura_indicators=())
            if not any(evaluate(after, w, ctx, self.rules).is_win for w in after.waits()):
                return None
        return choice[1]

    # -- turns ----------------------------------------------------------------------------

    def play(self) -> None:
        """Play the hand to its end."""
        seat, rinshan, called = self.dealer, False, False
        while True:
            p = self.players[seat]
            if called:
                choice = self.choose_discard(p, p.hand, p.forbidden)
                assert choice is not None  # the call was only made with a legal discard
                discard = self.discard(p, *choice)
            else:
                if not self.live and not rinshan:
                    self.exhaustive_draw()
                    return
                maybe = self.turn(p, rinshan)
                if maybe is None:
                    return
                discard = maybe
            step = self.after_discard(p, discard)
            if step is None:
                return
            seat, kind = step
            rinshan = kind is MeldKind.MINKAN
            called = kind in (MeldKind.PON, MeldKind.CHI)

    def draw(self, p: _Player, rinshan: bool) -> TileId:
        """Take the next tile: from the dead wall after a kan, else from the live wall."""
        if rinshan:
            tile_id = self.replacements.pop(0)
            self.log(EventKind.RINSHAN, p.seat, tile_id)
        else:
            tile_id = self.live.pop(0)
            self.log(EventKind.DRAW, p.seat, tile_id)
        return tile_id

    def turn(self, p: _Player, rinshan: bool) -> TileId | None:
        """Draw, then tsumo, kan (and draw again) or discard. None when the hand ended."""
        while True:
            tile_id = self.draw(p, rinshan)
            tile = _TILES[tile_id]
            first = not p.has_discarded and not self.interrupted
            ctx = self.context(p, tsumo=True, honba=self.honba, sticks=self.sticks,
                               rinshan=rinshan, last=not self.live, first_draw=first)
            result = evaluate(p.hand, tile, ctx, self.rules)
            if isinstance(result, WinResult):
                self.win(p, None, tile_id, ctx, result)
                self.outcome = Outcome.TSUMO
                p.ids.append(tile_id)
                return None
            if p.riichi:
                p.furiten = p.furiten.passed(tile)
            p.ids.append(tile_id)
            p.hand = p.hand.add(tile)
            if p.riichi:  # the drawn tile goes straight out
                return self.discard(p, tile, p.shanten)
            choice = self.choose_discard(p, p.hand)
            assert choice is not None
            kan = self.wants_kan(p, choice[1])
            if kan is None:
                return self.discard(p, choice[0], choice[1])
            if not self.declare_kan(p, *kan):
                return None
            rinshan = True

    def discard(self, p: _Player, tile: Tile, shanten: int) -> TileId:
        """Discard ``tile`` (which leaves ``shanten``), declaring riichi if the bot wants."""
        after = p.hand.remove(tile)
        declare = self.wants_riichi(p, after)
        self.riichi_pending = declare
        if declare:
            p.riichi, p.ippatsu = True, True
            p.double_riichi = not p.has_discarded and not self.interrupted
            p.furiten = p.furiten.declared_riichi()
        elif p.riichi:
            p.ippatsu = False
        tile_id = p.take(tile)
        if declare:
            self.log(EventKind.RIICHI, p.seat, tile_id)
        self.log(EventKind.DISCARD, p.seat, tile_id)
        p.hand, p.shanten, p.forbidden = after, shanten, frozenset()
        p.has_discarded = True
        p.river.append(tile_id)
        p.furiten = p.furiten.discarded(tile)
        return tile_id

    def ron_round(self, discarder: _Player, tile_id: TileId, *, chankan: bool) -> bool:
        """Offer ``tile_id`` to the other three for ron; True when the hand ended."""
        tile = _TILES[tile_id]
        found: list[tuple[_Player, WinContext, WinResult]] = []
        for offset in (1, 2, 3):
            p = self.players[(discarder.seat + offset) % 4]
            bonus = not found  # the first winner takes honba and sticks
            ctx = self.context(p, tsumo=False, honba=self.honba if bonus else 0,
                               sticks=self.sticks if bonus else 0, chankan=chankan,
                               last=not self.live and not chankan)
            result = evaluate(p.hand, tile, ctx, self.rules)
            if isinstance(result, WinResult):
                found.append((p, ctx, result))
        if len(found) == 3:
            self.outcome, self.abort_reason = Outcome.ABORTIVE_DRAW, "triple ron"
            return True
        for p, ctx, result in found:
            self.win(p, discarder.seat, tile_id, ctx, result)
        if found:
            self.outcome = Outcome.RON
            return True
        for offset in (1, 2, 3):
            p = self.players[(discarder.seat + offset) % 4]
            p.furiten = p.furiten.passed(tile)
        return False

    def after_discard(self, p: _Player, tile_id: TileId) -> tuple[int, MeldKind | None] | None:
        """Ron, then the riichi stick, then calls. Returns the next seat and the call it
        made, or None when the hand ended."""
        if self.ron_round(p, tile_id, chankan=False):
            return None
        if self.riichi_pending:
            self.scores[p.seat] -= _RIICHI_COST
            self.sticks += 1
            self.riichi_pending = False
        if len(self.kans) == 4 and len(set(self.kans)) > 1:
            self.outcome, self.abort_reason = Outcome.ABORTIVE_DRAW, "four kans"
            return None
        if not self.live:
            return (p.seat + 1) % 4, None
        calls = [(c, self.wants_call(c, tile_id, p.seat))
                 for c in (self.players[(p.seat + k) % 4] for k in (1, 2, 3))]
        chosen = [(c, call) for c, call in calls if call is not None]
        if not chosen:
            return (p.seat + 1) % 4, None
        # pon and kan before chi: at most one player holds a pair of the discard
        caller, call = min(chosen, key=lambda item: item[1].kind is MeldKind.CHI)
        self.make_call(caller, p, tile_id, call)
        return caller.seat, call.kind

    def make_call(self, caller: _Player, source: _Player, tile_id: TileId, call: _Call) -> None:
        """Move the discard and the caller's tiles into a new open meld."""
        tile = _TILES[tile_id]
        source.river.pop()
        for i in call.own:
            caller.ids.remove(i)
        ids = (tile_id, *call.own)
        meld = Meld(call.kind, [_TILES[i] for i in ids], called=tile,
                    called_from=_relative(caller.seat, source.seat))
        caller.melds.append(MeldRecord(meld, ids, source.seat))
        caller.rebuild()
        self.break_first_turn()
        kinds = [m.meld.first.kind for m in caller.melds if m.meld.kind is not MeldKind.CHI]
        if call.kind is not MeldKind.CHI and (
                (tile.kind >= 31 and sum(k >= 31 for k in kinds) == 3)
                or (27 <= tile.kind < 31 and sum(27 <= k < 31 for k in kinds) == 4)):
            caller.liable = source.seat
        self.log(EventKind(call.kind.value), caller.seat, tile_id, source.seat, ids)
        if call.kind is MeldKind.MINKAN:
            self.kan_done(caller)
        else:
            caller.forbidden = _kuikae(call.kind, tile, call.own)

    def declare_kan(self, p: _Player, kind: MeldKind, tile: Tile) -> bool:
        """A closed or added kan; False when a chankan ron ended the hand."""
        if kind is MeldKind.SHOUMINKAN:
            added = next(i for i in p.ids if i // 4 == tile.kind)
            index = next(n for n, m in enumerate(p.melds) if m.meld.kind is MeldKind.PON
                         and m.meld.first.kind == tile.kind)
            pon = p.melds[index]
            self.log(EventKind.SHOUMINKAN, p.seat, added, pon.source, (*pon.ids, added))
            if self.ron_round(p, added, chankan=True):
                return False
            p.ids.remove(added)
            meld = Meld(MeldKind.SHOUMINKAN, (*pon.meld.tiles, _TILES[added]),
                        called=pon.meld.called, called_from=pon.meld.called_from)
            p.melds[index] = MeldRecord(meld, (*pon.ids, added), pon.source)
        else:
            ids = tuple(i for i in p.ids if i // 4 == tile.kind)
            for i in ids:
                p.ids.remove(i)
            p.melds.append(MeldRecord(Meld(MeldKind.ANKAN, [_TILES[i] for i in ids]), ids,
                                      None))
            self.log(EventKind.ANKAN, p.seat, ids[0], None, ids)
        p.rebuild()
        self.break_first_turn()
        self.kan_done(p)
        return True

    def kan_done(self, p: _Player) -> None:
        """After any kan: the haitei tile moves to the dead wall, a new dora shows."""
        self.kans.append(p.seat)
        self.moved.append(self.live.pop())
        indicator = self.indicator_ids[len(self.kans)]
        self.log(EventKind.DORA, p.seat, indicator)

    def break_first_turn(self) -> None:
        """A call or kan: ippatsu ends for everyone, and so do first-turn wins."""
        self.interrupted = True
        for p in self.players:
            p.ippatsu = False

    # -- endings --------------------------------------------------------------------------

    def win(self, p: _Player, discarder: int | None, tile_id: TileId, ctx: WinContext,
            result: WinResult) -> None:
        """Pay a win: the payers, the liable player, honba and sticks to the winner."""
        pay = result.payments
        deltas = [0, 0, 0, 0]
        if discarder is None:
            for seat in range(4):
                if seat != p.seat:
                    deltas[seat] -= pay.dealer if seat == self.dealer else pay.non_dealer
        else:
            deltas[discarder] -= pay.discarder
        if pay.liable:
            assert p.liable is not None
            deltas[p.liable] -= pay.liable
        deltas[p.seat] += pay.total
        self.sticks -= ctx.riichi_sticks
        for seat in range(4):
            self.scores[seat] += deltas[seat]
        kind = EventKind.TSUMO if discarder is None else EventKind.RON
        self.log(kind, p.seat, tile_id, discarder)
        d0, d1, d2, d3 = deltas
        self.wins.append(WinRecord(p.seat, discarder, p.hand, _TILES[tile_id], tile_id, ctx,
                                   result, p.liable, (d0, d1, d2, d3)))

    def exhaustive_draw(self) -> None:
        """The wall is empty: noten players pay the tenpai ones 3000 in all."""
        self.outcome = Outcome.EXHAUSTIVE_DRAW
        self.tenpai = tuple(p.hand.is_tenpai() for p in self.players)
        ready = sum(self.tenpai)
        if 0 < ready < 4:
            for seat, ok in enumerate(self.tenpai):
                change = _NOTEN_TOTAL // ready if ok else -_NOTEN_TOTAL // (4 - ready)
                self.scores[seat] += change

    def record(self) -> HandRecord:
        """The finished hand as an immutable record."""
        assert self.outcome is not None
        s = self.scores
        b = self.scores_before
        deltas = tuple(after - before for after, before in zip(s, b, strict=True))
        return HandRecord(
            number=self.number, round_wind=self.round_wind, dealer=self.dealer,
            honba=self.honba, sticks_before=self.sticks_before,
            scores_before=(b[0], b[1], b[2], b[3]), wall=self.wall, deal=self.deal,
            events=tuple(self.events), outcome=self.outcome, wins=tuple(self.wins),
            tenpai=self.tenpai, abort_reason=self.abort_reason,
            deltas=(deltas[0], deltas[1], deltas[2], deltas[3]),
            scores_after=(s[0], s[1], s[2], s[3]), sticks_after=self.sticks,
            dora_indicators=self.indicator_ids[:self.dora_count],
            ura_indicators=self.ura_ids[:self.dora_count],
            concealed=tuple(tuple(p.ids) for p in self.players),
            melds=tuple(tuple(p.melds) for p in self.players),
            rivers=tuple(tuple(p.river) for p in self.players),
            live_wall=tuple(self.live),
            dead_wall=(*self.replacements, *self.indicator_ids, *self.ura_ids, *self.moved),
            kans=tuple(self.kans))


def _kuikae(kind: MeldKind, tile: Tile, own: Sequence[TileId]) -> frozenset[int]:
    """Kinds the caller may not discard next: the called kind, and for a chi called at
    one end of the run, the kind at the run's other side (called 4 with 56: not 7)."""
    forbidden = {tile.kind}
    if kind is MeldKind.CHI:
        kinds = sorted(i // 4 for i in own)
        if tile.kind < kinds[0] and kinds[1] % 9 < 8:
            forbidden.add(kinds[1] + 1)
        elif tile.kind > kinds[1] and kinds[0] % 9 > 0:
            forbidden.add(kinds[0] - 1)
    return frozenset(forbidden)


# -- the game -----------------------------------------------------------------------------


def play_hand(wall: Sequence[int], *, dealer: int = 0, round_wind: Wind = Wind.EAST,
              honba: int = 0, sticks: int = 0,
              scores: Sequence[int] = (STARTING_SCORE,) * 4, number: int = 0,
              rules: Rules = TENHOU_RULES) -> HandRecord:
    """Play one hand from ``wall``, the 136 ids in drawing order.

    The first 52 ids are dealt four at a time (three rounds, then one each) starting
    with the dealer; the live wall follows; the last 14 ids are the dead wall (4
    replacement tiles, then 5 dora and 5 ura indicators). ``play_game`` calls this with
    shuffled walls; a test can stack the wall to set up a situation.
    Raises ValueError unless ``wall`` holds each id 0-135 once.
    """
    if sorted(wall) != list(range(136)):
        raise ValueError("the wall must hold each tile id 0-135 exactly once")
    play = _HandPlay(number=number, wall=wall, dealer=dealer, round_wind=round_wind,
                     honba=honba, sticks=sticks, scores=scores, rules=rules)
    play.play()
    return play.record()


def play_game(seed: int, hands: int | None = None, *, rules: Rules = TENHOU_RULES
              ) -> GameRecord:
    """Play one game from ``random.Random(seed)``: East 1 to South 4, or ``hands`` hands
    if that comes first. The same seed always gives the same game.

    >>> game = play_game(7, hands=2)
    >>> len(game.hands), sum(game.scores) + 1000 * game.riichi_sticks
    (2, 100000)
    """
    rng = random.Random(seed)
    scores = [STARTING_SCORE] * 4
    sticks = honba = round_index = 0
    records: list[HandRecord] = []
    end = "hand limit"
    while hands is None or len(records) < hands:
        wall = list(range(136))
        rng.shuffle(wall)
        record = play_hand(wall, dealer=round_index % 4, round_wind=Wind(round_index // 4),
                           honba=honba, sticks=sticks, scores=scores, number=len(records),
                           rules=rules)
        records.append(record)
        scores, sticks = list(record.scores_after), record.sticks_after
        if record.dealer_repeats:
            honba += 1
        else:
            round_index += 1
            honba = 0 if record.outcome in (Outcome.TSUMO, Outcome.RON) else honba + 1
        if min(scores) < 0:
            end = "bust"
            break
        if round_index == 8:
            end = "south 4 over"
            break
    return GameRecord(seed, tuple(records), (scores[0], scores[1], scores[2], scores[3]),
                      sticks, end)


# -- statistics ---------------------------------------------------------------------------


@attrs.frozen
class Stats:
    """Counts over many hands: how the bots play and how hands end."""

    games: int
    hands: int
    tsumo: int
    """Hands won by tsumo."""
    ron: int
    """Hands won by ron (a double ron counts once)."""
    double_ron: int
    exhaustive_draws: int
    abortive_draws: int
    riichi: int
    """Riichi declarations."""
    calls: int
    """Chi, pon and open kans."""
    kans: int
    wins: int
    """Winners (two for a double ron)."""
    win_points: int
    """The hands' points summed over all winners (without honba and sticks)."""

    @property
    def average_points(self) -> float:
        """Average value of a win."""
        return self.win_points / self.wins if self.wins else 0.0


def summarize(games: Iterable[GameRecord]) -> Stats:
    """Count outcomes, riichi, calls and points over some games."""
    counts = dict.fromkeys(("games", "hands", "tsumo", "ron", "double_ron",
                            "exhaustive_draws", "abortive_draws", "riichi", "calls", "kans",
                            "wins", "win_points"), 0)
    outcome_key = {Outcome.TSUMO: "tsumo", Outcome.RON: "ron",
                   Outcome.EXHAUSTIVE_DRAW: "exhaustive_draws",
                   Outcome.ABORTIVE_DRAW: "abortive_draws"}
    calls = {EventKind.CHI, EventKind.PON, EventKind.MINKAN}
    for game in games:
        counts["games"] += 1
        for hand in game.hands:
            counts["hands"] += 1
            counts[outcome_key[hand.outcome]] += 1
            counts["double_ron"] += len(hand.wins) == 2
            counts["riichi"] += len(hand.riichi_seats)
            counts["calls"] += sum(e.kind in calls for e in hand.events)
            counts["kans"] += len(hand.kans)
            counts["wins"] += len(hand.wins)
            counts["win_points"] += sum(w.result.points for w in hand.wins)
    return Stats(**counts)


# -- printing -----------------------------------------------------------------------------

_UNICODE_HONOURS = "\U0001F000\U0001F001\U0001F002\U0001F003\U0001F006\U0001F005\U0001F004"


def _unicode(tile: Tile) -> str:
    """The Unicode mahjong glyph of a tile (a red five looks like a five)."""
    kind = tile.kind
    if kind >= 27:
        return _UNICODE_HONOURS[kind - 27]
    start = (0x1F007, 0x1F019, 0x1F010)[kind // 9]  # man, pin, sou
    return chr(start + kind % 9)


class _Printer:
    """Writes records as text, in mpsz or Unicode tiles."""

    def __init__(self, unicode: bool) -> None:
        self.unicode = unicode

    def tiles(self, tiles: Iterable[Tile]) -> str:
        items = sorted(tiles)
        if self.unicode:
            return "".join(_unicode(t) for t in items)
        return format_tiles(items)

    def ids(self, ids: Iterable[int]) -> str:
        return self.tiles(_TILES[i] for i in ids)

    def hand(self, hand: Hand) -> str:
        melds = [f"[{m.kind.value} {self.tiles(m.tiles)}]" for m in hand.melds]
        return " ".join([self.tiles(hand.tiles), *melds])

    def win(self, win: WinRecord) -> list[str]:
        result = win.result
        how = "tsumo" if win.discarder is None else f"ron on P{win.discarder}"
        if win.context.chankan:
            how += " (chankan)"
        yaku = ", ".join(f"{y.names()[0]} {han}" for y, han in result.yaku_han)
        dora = [f"{name} {n}" for name, n in (("dora", result.dora), ("aka", result.aka),
                                               ("ura", result.ura)) if n]
        limit = f" {result.limit.value}" if result.limit else ""
        pay = result.payments
        parts = []
        if win.discarder is not None:
            parts.append(f"P{win.discarder} pays {pay.discarder}")
        elif pay.non_dealer_payers == 3 and pay.non_dealer:
            parts.append(f"{pay.non_dealer} from each")
        elif pay.dealer or pay.non_dealer:
            parts.append(f"dealer pays {pay.dealer}, others {pay.non_dealer} each")
        if pay.liable:
            parts.append(f"P{win.liable} pays {pay.liable} (pao)")
        if pay.sticks:
            parts.append(f"{pay.sticks} in riichi sticks")
        paid = ", ".join(parts)
        return [
            f"  P{win.winner} wins by {how} with {self.tiles([win.win_tile])}: "
            f"{self.hand(win.hand)} + {self.tiles([win.win_tile])}",
            f"    {yaku}{'; ' if dora else ''}{', '.join(dora)}",
            f"    {result.han} han {result.fu} fu{limit}: {result.points} points; {paid}; "
            f"+{pay.total} in all",
        ]

    def event(self, event: Event) -> str | None:
        """The line of a notable event (calls, kans, riichi, dora); None for the rest."""
        who = f"P{event.seat}"
        tile = self.ids([event.tile])
        kind = event.kind
        if kind in (EventKind.CHI, EventKind.PON, EventKind.MINKAN):
            return f"  {who} calls {kind.value} {self.ids(event.tiles)} on P{event.source}'s {tile}"
        if kind in (EventKind.ANKAN, EventKind.SHOUMINKAN):
            return f"  {who} declares {kind.value} {self.ids(event.tiles)}"
        if kind is EventKind.RIICHI:
            return f"  {who} declares riichi, discarding {tile}"
        if kind is EventKind.DORA:
            return f"  new dora indicator {tile}"
        return None

    def hand_record(self, hand: HandRecord, verbose: bool) -> list[str]:
        scores = " ".join(str(s) for s in hand.scores_before)
        lines = [f"{hand.round_name}, {hand.honba} honba, {hand.sticks_before} riichi "
                 f"sticks; dealer P{hand.dealer}; scores {scores}",
                 f"  dora indicator {self.ids(hand.wall[_LIVE + 4:_LIVE + 5])}"]
        for seat, deal in enumerate(hand.deal):
            wind = _WIND_NAMES[(seat - hand.dealer) % 4][0]
            lines.append(f"  P{seat} ({wind}) {self.ids(deal)}")
        turn = 0
        for event in hand.events:
            if verbose and event.kind in (EventKind.DRAW, EventKind.RINSHAN,
                                          EventKind.DISCARD):
                if event.kind is EventKind.DRAW:
                    turn += 1
                lines.append(f"  {turn:3} P{event.seat} {event.kind.value} "
                             f"{self.ids([event.tile])}")
                continue
            line = self.event(event)
            if line is not None:
                lines.append(line)
        if len(hand.wins) == 2:
            lines.append("  double ron: the first winner after the discarder takes honba "
                         "and sticks")
        for win in hand.wins:
            lines += self.win(win)
        if hand.outcome is Outcome.EXHAUSTIVE_DRAW:
            ready = [f"P{s}" for s, ok in enumerate(hand.tenpai) if ok]
            lines.append(f"  exhaustive draw; tenpai: {', '.join(ready) or 'nobody'}")
        elif hand.outcome is Outcome.ABORTIVE_DRAW:
            lines.append(f"  abortive draw ({hand.abort_reason})")
        changes = " ".join(f"{d:+}" for d in hand.deltas)
        after = " ".join(str(s) for s in hand.scores_after)
        lines.append(f"  changes {changes}; scores {after}; riichi sticks {hand.sticks_after}")
        return lines


def format_game(game: GameRecord, *, unicode: bool = False, verbose: bool = False,
                quiet: bool = False) -> str:
    """A game as readable text: each hand (unless ``quiet``), then the standings."""
    printer = _Printer(unicode)
    lines = [f"seed {game.seed}: {len(game.hands)} hands"]
    if not quiet:
        for hand in game.hands:
            lines += printer.hand_record(hand, verbose)
    lines.append(f"game over ({game.end}); final standings:")
    for place, (seat, score) in enumerate(game.standings(), start=1):
        lines.append(f"  {place}. P{seat} {score}")
    if game.riichi_sticks:
        lines.append(f"  {game.riichi_sticks} riichi stick(s) left on the table")
    stats = summarize([game])
    lines.append(f"summary: {stats.tsumo} tsumo, {stats.ron} ron, {stats.exhaustive_draws} "
                 f"exhaustive and {stats.abortive_draws} abortive draws; {stats.riichi} riichi, "
                 f"{stats.calls} calls, {stats.kans} kans; average win "
                 f"{stats.average_points:.0f} points")
    return "\n".join(lines)


def _game_json(game: GameRecord) -> dict[str, Any]:
    def win(w: WinRecord) -> dict[str, Any]:
        r = w.result
        return {"winner": w.winner, "discarder": w.discarder, "hand": str(w.hand),
                "win_tile": str(w.win_tile), "yaku": dict((y.names()[0], h)
                                                           for y, h in r.yaku_han),
                "dora": r.dora, "aka": r.aka, "ura": r.ura, "han": r.han, "fu": r.fu,
                "limit": r.limit.value if r.limit else None, "points": r.points,
                "payments": r.payments.as_dict(), "total": r.total, "deltas": list(w.deltas)}

    return {
        "seed": game.seed, "end": game.end, "scores": list(game.scores),
        "riichi_sticks": game.riichi_sticks,
        "hands": [{"round": h.round_name, "honba": h.honba, "outcome": h.outcome.value,
                   "wins": [win(w) for w in h.wins], "tenpai": list(h.tenpai),
                   "abort_reason": h.abort_reason, "riichi": list(h.riichi_seats),
                   "deltas": list(h.deltas), "scores": list(h.scores_after)}
                  for h in game.hands],
    }


def main(argv: list[str]) -> int:
    """``python -m mahjong_core demo``: play and print a seeded game."""
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core demo",
        description="Four bots play a seeded game; every win is checked and scored by "
                    "mahjong_core.")
    parser.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    parser.add_argument("--hands", type=int, default=None,
                        help="stop after this many hands (default: East 1 to South 4)")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--quiet", action="store_true", help="print the summary only")
    output.add_argument("--verbose", action="store_true", help="print every draw and discard")
    output.add_argument("--json", action="store_true", help="print the game as JSON")
    parser.add_argument("--unicode", action="store_true", help="print tiles as Unicode glyphs")
    args = parser.parse_args(argv)
    if args.hands is not None and args.hands < 1:
        parser.error("--hands must be at least 1")
    game = play_game(args.seed, args.hands)
    if args.json:
        print(json.dumps(_game_json(game), indent=1))
    else:
        print(format_game(game, unicode=args.unicode, verbose=args.verbose, quiet=args.quiet))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
