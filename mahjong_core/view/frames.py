"""The moments a replay steps through: the table after each action of a round.

A round's record holds the deal (its ``Wall``) and every event in order; folding the
events over the deal gives the table after each of them: every hand (with the tile just
drawn apart), every river as it lies (called tiles taken out, the riichi tile
sideways), the melds, the north tiles set aside, the dora indicators, the tiles left to
draw, the scores and the riichi sticks. A ``Frame`` is one such moment: the deal, each
draw, discard, call, kan or north tile, and the end, where the results are. Turning a
new dora indicator over and paying a riichi stick belong to the action they follow.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from ..errors import InvalidContextError, quote
from ..meld import Meld, MeldKind
from ..table import (
    DoraRevealed,
    Draw,
    DrawKind,
    GameRecord,
    KitaDeclared,
    MeldCalled,
    RiichiAccepted,
    RoundRecord,
    TableMeld,
    TileDiscarded,
    TileDrawn,
    Win,
)
from ..tile import Tile, TileId

__all__ = ["Frame", "RiverSlot", "RoundView", "SeatView", "StepKind", "game_views",
           "round_view"]


class StepKind(enum.Enum):
    """What happened at a frame; the value is its name in the page's data."""

    DEAL = "deal"
    DRAW = "draw"
    DISCARD = "discard"
    RIICHI = "riichi"
    """A discard that declares riichi."""
    CHI = "chi"
    PON = "pon"
    OPEN_KAN = "open_kan"
    ADDED_KAN = "added_kan"
    CLOSED_KAN = "closed_kan"
    KITA = "kita"
    """A north tile set aside (three players)."""
    TSUMO = "tsumo"
    RON = "ron"
    RYUUKYOKU = "ryuukyoku"
    """The round ended without a win (exhaustive or abortive draw)."""

    @property
    def is_end(self) -> bool:
        """True for the frame that ends a round (its results)."""
        return self in (StepKind.TSUMO, StepKind.RON, StepKind.RYUUKYOKU)

    @property
    def starts_turn(self) -> bool:
        """True when the acting seat must now choose a discard (or a win): after a draw,
        a chi or a pon."""
        return self in (StepKind.DRAW, StepKind.CHI, StepKind.PON)


_MELD_STEPS = {MeldKind.CHI: StepKind.CHI, MeldKind.PON: StepKind.PON,
               MeldKind.MINKAN: StepKind.OPEN_KAN, MeldKind.SHOUMINKAN: StepKind.ADDED_KAN,
               MeldKind.ANKAN: StepKind.CLOSED_KAN}


@attrs.frozen
class RiverSlot:
    """A discard as it lies in a river."""

    tile: Tile
    tsumogiri: bool
    """The tile just drawn was thrown."""
    sideways: bool
    """It lies sideways: the riichi discard, or the first discard after it when it was
    called."""


@attrs.frozen
class SeatView:
    """One seat at one moment."""

    concealed: tuple[Tile, ...]
    """The concealed tiles, in order, without the tile just drawn."""
    drawn: Tile | None
    """The tile just drawn (or the winning tile of a tsumo), shown apart."""
    melds: tuple[Meld, ...]
    """The melds in the order they were made (an added kan where its pon was)."""
    river: tuple[RiverSlot, ...]
    """The discards still in the river, in order (called tiles are in melds)."""
    kita: tuple[Tile, ...]
    """North tiles set aside (three players)."""
    riichi: bool
    """The seat's riichi stick lies on the table."""
    score: int


@attrs.frozen
class Frame:
    """The table at one moment of a round: after ``kind`` by ``seat`` with ``tile``."""

    kind: StepKind
    seat: int | None
    """Who acted (the first winner at a win; None at the deal and a draw that ends the
    round)."""
    tile: Tile | None
    """The tile drawn, discarded, called or set aside; the winning tile."""
    seats: tuple[SeatView, ...]
    dora: tuple[Tile, ...]
    """The dora indicators turned over."""
    ura: tuple[Tile, ...]
    """The ura indicators, shown at the end of a round won by a player in riichi."""
    live: int
    """Tiles left to draw from the live wall."""
    sticks: int
    """Riichi sticks on the table (those of the round's players included)."""
    revealed: tuple[int, ...] = ()
    """At the end: the seats whose hands are laid open (winners, tenpai players, the
    player who declared nine terminals)."""


@attrs.frozen
class RoundView:
    """One round as a replay shows it: its record and its frames."""

    record: RoundRecord
    frames: tuple[Frame, ...]

    @property
    def key(self) -> str:
        """The round's name and honba: ``"E3-1"`` (unique in a game)."""
        return f"{self.record.name}-{self.record.honba}"

    def turns(self, seat: int) -> tuple[int, ...]:
        """The frames at which ``seat`` must choose a discard (``StepKind.starts_turn``).

        Raises InvalidContextError for a seat not at the table.
        """
        if type(seat) is not int or not 0 <= seat < len(self.record.start_scores):
            raise InvalidContextError(f"no seat {quote(seat)} at this table")
        return tuple(i for i, frame in enumerate(self.frames)
                     if frame.seat == seat and frame.kind.starts_turn)


def game_views(record: GameRecord) -> tuple[RoundView, ...]:
    """Every round of a game as a replay shows it.

    Raises InvalidContextError for anything but a GameRecord, or a record whose events do
    not fit its deal (a tile discarded that the seat does not hold, ...).
    """
    if not isinstance(record, GameRecord):
        raise InvalidContextError(f"a game to show is a GameRecord, got {quote(record)}")
    red, cost = record.rules.red_fives, record.table.riichi_cost
    return tuple(round_view(played, red_fives=red, riichi_cost=cost) for played in record.rounds)


def round_view(played: RoundRecord, *, red_fives: bool = True, riichi_cost: int = 1000
               ) -> RoundView:
    """A round's frames, from its record (``red_fives`` as the game's rules say).

    Raises InvalidContextError for a record whose events do not fit its deal.
    """
    if not isinstance(played, RoundRecord):
        raise InvalidContextError(f"a round to show is a RoundRecord, got {quote(played)}")
    if type(red_fives) is not bool or type(riichi_cost) is not int or riichi_cost < 0:
        raise InvalidContextError(f"red_fives is True or False and riichi_cost an int of 0 or "
                                  f"more, got {quote(red_fives)} and {quote(riichi_cost)}")
    table = _Table(played, red_fives, riichi_cost)
    frames = [table.frame(StepKind.DEAL, None, None)]
    event: object = None
    try:
        for event in played.events:
            if isinstance(event, DoraRevealed | RiichiAccepted):
                table.apply_aside(event)
                frames[-1] = table.again(frames[-1])
            else:
                frames.append(table.apply(event))
        event = played.results
        frames.append(table.end())
    except (IndexError, KeyError, TypeError, AttributeError):  # a seat or tile out of range
        raise InvalidContextError(f"{table.where()}: {quote(event)} does not fit the "
                                  "table") from None
    return RoundView(played, tuple(frames))


class _Discard:
    """A discard in a river while the round is folded (``called`` changes later)."""

    __slots__ = ("called", "riichi", "tile", "tsumogiri")

    def __init__(self, tile: TileId, tsumogiri: bool, riichi: bool) -> None:
        self.tile = tile
        self.tsumogiri = tsumogiri
        self.riichi = riichi
        self.called = False


class _Table:
    """The table while a round's events are folded over its deal."""

    def __init__(self, played: RoundRecord, red_fives: bool, riichi_cost: int) -> None:
        players = len(played.wall.hands)
        self.played = played
        self.red_fives = red_fives
        self.riichi_cost = riichi_cost
        self.hands = [list(hand) for hand in played.wall.hands]
        self.drawn: list[TileId | None] = [None] * players
        self.melds: list[list[TableMeld]] = [[] for _ in range(players)]
        self.rivers: list[list[_Discard]] = [[] for _ in range(players)]
        self.kita: list[list[TileId]] = [[] for _ in range(players)]
        self.riichi = [False] * players
        self.scores = list(played.start_scores)
        self.sticks = played.sticks
        self.dora = [played.wall.dora_indicator(0)]
        self.live = len(played.wall.live)
        self.pons: dict[TableMeld, TableMeld] = {}
        """Each added kan's pon, for a kan robbed by a win (it stays a pon)."""
        self.tiles = _TILES[red_fives]
        self.views: list[SeatView | None] = [None] * players
        """Each seat's view as it is now; None once the seat changed."""

    def tile(self, tile_id: TileId) -> Tile:
        return self.tiles[tile_id]

    def apply(self, event: object) -> Frame:
        """Fold one action's event in and return the frame after it."""
        if isinstance(event, TileDrawn):
            self.drawn[event.seat] = event.tile
            self.views[event.seat] = None
            self.live -= 1  # a replacement draw moves the live wall's last tile aside
            return self.frame(StepKind.DRAW, event.seat, event.tile)
        if isinstance(event, TileDiscarded):
            self.take(event.seat, event.tile)
            self.rivers[event.seat].append(_Discard(event.tile, event.tsumogiri, event.riichi))
            self.views[event.seat] = None
            return self.frame(StepKind.RIICHI if event.riichi else StepKind.DISCARD,
                              event.seat, event.tile)
        if isinstance(event, MeldCalled):
            return self.call(event.seat, event.meld)
        if isinstance(event, KitaDeclared):
            self.take(event.seat, event.tile)
            self.kita[event.seat].append(event.tile)
            return self.frame(StepKind.KITA, event.seat, event.tile)
        raise InvalidContextError(f"{self.where()}: no frame for the event {quote(event)}")

    def apply_aside(self, event: DoraRevealed | RiichiAccepted) -> None:
        """A new dora indicator or a riichi stick: part of the frame before it."""
        if isinstance(event, DoraRevealed):
            self.dora.append(event.indicator)
        else:
            self.riichi[event.seat] = True
            self.views[event.seat] = None
            self.scores[event.seat] -= self.riichi_cost
            self.sticks += 1

    def call(self, seat: int, meld: TableMeld) -> Frame:
        kind = meld.meld.kind
        step = _MELD_STEPS[kind]
        if kind is MeldKind.ANKAN:
            for tile_id in meld.ids:
                self.take(seat, tile_id)
            self.melds[seat].append(meld)
        elif kind is MeldKind.SHOUMINKAN:
            if meld.added is None:
                raise InvalidContextError(f"{self.where()}: an added kan without its tile")
            self.take(seat, meld.added)
            mine = self.melds[seat]
            at = next((i for i, old in enumerate(mine) if old.meld.kind is MeldKind.PON
                       and set(old.ids) <= set(meld.ids)), None)
            if at is None:
                raise InvalidContextError(f"{self.where()}: seat {seat} adds to a pon it "
                                          "does not have")
            self.pons[meld] = mine[at]
            mine[at] = meld
        else:
            self.called_from(meld)
            for tile_id in meld.ids:
                if tile_id != meld.called:
                    self.take(seat, tile_id)
            self.melds[seat].append(meld)
        tile = meld.added if kind is MeldKind.SHOUMINKAN else (
            meld.called if meld.called is not None else meld.ids[0])
        return self.frame(step, seat, tile)

    def called_from(self, meld: TableMeld) -> None:
        """Mark the called discard in its river."""
        river = self.rivers[meld.from_seat] if meld.from_seat is not None else []
        if not river or river[-1].tile != meld.called or river[-1].called:
            raise InvalidContextError(f"{self.where()}: the called tile is not the last "
                                      f"discard of seat {meld.from_seat}")
        river[-1].called = True
        if meld.from_seat is not None:
            self.views[meld.from_seat] = None

    def take(self, seat: int, tile_id: TileId) -> None:
        """Take a tile out of a seat's hand, the tile just drawn joining the hand first."""
        drawn = self.drawn[seat]
        if drawn is not None:
            self.hands[seat].append(drawn)
            self.drawn[seat] = None
        self.views[seat] = None
        hand = self.hands[seat]
        if tile_id not in hand:
            raise InvalidContextError(f"{self.where()}: seat {seat} does not hold "
                                      f"{self.tile(tile_id)} (id {tile_id})")
        hand.remove(tile_id)

    def end(self) -> Frame:
        """The frame of the results: scores and sticks as the round left them."""
        played = self.played
        results = played.results
        wins = [r for r in results if isinstance(r, Win)]
        self.scores = list(played.end_scores)
        self.sticks = played.end_sticks
        self.views = [None] * len(self.views)
        ura = next((w.context.ura_indicators for w in wins if w.context.ura_indicators), ())
        for win in wins:
            if not win.is_tsumo:  # the winning tile joins the winner's hand, shown apart
                self.drawn[win.winner] = win.win_tile
            if win.context.chankan:  # the robbed kan stays a pon
                mine = self.melds[win.from_seat]
                mine[:] = [self.pons.get(meld, meld) for meld in mine]
            aside = self.kita[win.from_seat]
            if not win.is_tsumo and win.win_tile in aside:  # a north tile set aside, robbed
                aside.remove(win.win_tile)
        if wins:
            first = wins[0]
            kind = StepKind.TSUMO if first.is_tsumo else StepKind.RON
            revealed = tuple(sorted({w.winner for w in wins}))
            return self.frame(kind, first.winner, first.win_tile, ura=ura, revealed=revealed)
        shown: set[int] = set()
        for draw in results:
            assert isinstance(draw, Draw)
            shown.update(draw.tenpai)
            if draw.kind is DrawKind.NINE_TERMINALS:
                shown.add(self.last_to_draw())
        return self.frame(StepKind.RYUUKYOKU, None, None, revealed=tuple(sorted(shown)))

    def last_to_draw(self) -> int:
        draws = [e.seat for e in self.played.events if isinstance(e, TileDrawn)]
        return draws[-1] if draws else self.played.dealer

    def seat_view(self, seat: int) -> SeatView:
        known = self.views[seat]
        if known is None:
            known = self.views[seat] = self.make_view(seat)
        return known

    def make_view(self, seat: int) -> SeatView:
        tile = self.tile
        drawn = self.drawn[seat]
        river = [d for d in self.rivers[seat] if not d.called]
        declared = next((i for i, d in enumerate(self.rivers[seat]) if d.riichi), None)
        sideways = None if declared is None else next(
            (d for d in self.rivers[seat][declared:] if not d.called), None)
        return SeatView(
            concealed=tuple(sorted((tile(i) for i in self.hands[seat]), key=_order)),
            drawn=None if drawn is None else tile(drawn),
            melds=tuple(m.meld for m in self.melds[seat]),
            river=tuple(RiverSlot(tile(d.tile), d.tsumogiri, d is sideways) for d in river),
            kita=tuple(tile(i) for i in self.kita[seat]),
            riichi=self.riichi[seat], score=self.scores[seat])

    def frame(self, kind: StepKind, seat: int | None, tile_id: TileId | None, *,
              ura: Sequence[Tile] = (), revealed: tuple[int, ...] = ()) -> Frame:
        return Frame(kind=kind, seat=seat,
                     tile=None if tile_id is None else self.tile(tile_id),
                     seats=tuple(self.seat_view(s) for s in range(len(self.hands))),
                     dora=tuple(self.tile(i) for i in self.dora), ura=tuple(ura),
                     live=self.live, sticks=self.sticks, revealed=revealed)

    def again(self, frame: Frame) -> Frame:
        """``frame`` with the table as it is now (after a dora or a riichi stick)."""
        return attrs.evolve(self.frame(frame.kind, frame.seat, None), tile=frame.tile)

    def where(self) -> str:
        played = self.played
        return f"round {played.name} honba {played.honba}"


_TILES = {red: tuple(Tile.from_id136(i, red_fives=red) for i in range(136))
          for red in (False, True)}
"""Each tile id's Tile, without and with red fives."""


def _order(tile: Tile) -> tuple[int, bool]:
    """Tiles in hand order: by kind, a red five after its plain copies."""
    return tile.kind, tile.red
