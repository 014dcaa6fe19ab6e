"""What a round and a game leave behind: events, melds, results, and whole records."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

import attrs

from ..context import WinContext, Wind
from ..errors import safe_repr
from ..hand import Hand
from ..meld import Meld
from ..rules import Rules
from ..scoring import WinResult
from ..tile import Tile, TileId
from .rules import TableRules, seats_by_place
from .wall import Wall

__all__ = [
    "DoraRevealed",
    "Draw",
    "DrawKind",
    "Event",
    "GameOrigin",
    "GameRecord",
    "HiddenDraw",
    "KitaDeclared",
    "MeldCalled",
    "RiichiAccepted",
    "RiverTile",
    "RoundRecord",
    "RoundResult",
    "SeenEvent",
    "TableMeld",
    "TileDiscarded",
    "TileDrawn",
    "Win",
    "round_name",
]

_WIND_LETTERS = "ESWN"


def round_name(round_wind: Wind, dealer_index: int) -> str:
    """``"E1"`` ... ``"S4"``, ``"W1"``: the round wind's letter and the hand number."""
    return f"{_WIND_LETTERS[round_wind]}{dealer_index + 1}"


@attrs.frozen
class TableMeld:
    """A meld on the table: the library's ``Meld`` and the physical tiles that made it."""

    __repr__ = safe_repr

    meld: Meld
    ids: tuple[TileId, ...]
    """Every tile id of the meld, ascending."""
    called: TileId | None
    """The tile taken from a discard (a shouminkan keeps its pon's); None for an ankan."""
    from_seat: int | None
    """The seat the called tile came from; None for an ankan."""
    added: TileId | None = None
    """The tile a shouminkan added to its pon."""


@attrs.frozen
class RiverTile:
    """A discard as it lies in front of its player."""

    __repr__ = safe_repr

    tile: TileId
    tsumogiri: bool
    """The tile just drawn was thrown."""
    riichi: bool
    """The discard declared riichi."""
    called: bool
    """Another player called it (it lies in their meld now)."""


@attrs.frozen
class TileDrawn:
    """A seat drew a tile: from the live wall, or a replacement tile after a kan."""

    __repr__ = safe_repr

    seat: int
    tile: TileId
    rinshan: bool


@attrs.frozen
class TileDiscarded:
    """A seat discarded a tile."""

    __repr__ = safe_repr

    seat: int
    tile: TileId
    tsumogiri: bool
    riichi: bool
    """The discard declared riichi."""


@attrs.frozen
class MeldCalled:
    """A chi, pon or kan (``meld.meld.kind`` says which)."""

    __repr__ = safe_repr

    seat: int
    meld: TableMeld


@attrs.frozen
class KitaDeclared:
    """A seat set a north tile aside (three players); a replacement draw follows."""

    __repr__ = safe_repr

    seat: int
    tile: TileId


@attrs.frozen
class DoraRevealed:
    """A kan turned a new dora indicator over."""

    __repr__ = safe_repr

    indicator: TileId


@attrs.frozen
class RiichiAccepted:
    """A riichi discard passed without a win: the stick lies on the table."""

    __repr__ = safe_repr

    seat: int
    open: bool = False
    """The riichi was declared open (``OpenRiichi``): the hand is shown to everyone."""


Event = TileDrawn | TileDiscarded | MeldCalled | KitaDeclared | DoraRevealed | RiichiAccepted
"""One step of a round."""


@attrs.frozen
class HiddenDraw:
    """Another seat drew a tile, as a seat sees it: who, and whether it was a replacement
    tile after a kan or a north tile; the tile stays hidden."""

    __repr__ = safe_repr

    seat: int
    rinshan: bool


SeenEvent = Event | HiddenDraw
"""One step of a round as one seat saw it (``Observation.events``)."""


@attrs.frozen
class Win:
    """One win: what was scored and what it changed on each score.

    ``evaluate(hand, win_tile, context, rules)`` gives ``result`` again.
    """

    __repr__ = safe_repr

    winner: int
    from_seat: int
    """The discarder (or the player whose added kan was robbed); the winner on a tsumo."""
    hand: Hand
    """The winner's hand before the winning tile."""
    win_tile: TileId
    context: WinContext
    result: WinResult
    liable: int | None
    """The seat liable (pao) for a big three dragons or big four winds, if any."""
    deltas: tuple[int, ...]
    """Each seat's score change from this win (the riichi sticks collected included)."""

    @property
    def is_tsumo(self) -> bool:
        """True for a self-drawn win."""
        return self.from_seat == self.winner

    def to_dict(self) -> dict[str, Any]:
        """The win as plain JSON-ready values, under the keys of the replay answer
        (``kind`` ``"win"``, ``winner``, ``from``, ``pao``, ``han``, ``fu``, ``points``,
        ``yaku``, ``deltas``), then ``limit`` (its name or None), ``tsumo``, ``hand`` and
        ``win_tile`` (mpsz text)."""
        value = self.result
        return {"kind": "win", "winner": self.winner, "from": self.from_seat,
                "pao": self.liable, "han": value.han, "fu": value.fu, "points": value.points,
                "yaku": {yaku.json_name: han for yaku, han in value.yaku_han},
                "deltas": list(self.deltas),
                "limit": None if value.limit is None else value.limit.value,
                "tsumo": self.is_tsumo, "hand": str(self.hand),
                "win_tile": str(Tile.from_id136(self.win_tile))}


class DrawKind(enum.Enum):
    """How a round ended without a win; the value is its name in JSON."""

    EXHAUSTIVE = "exhaustive"
    NAGASHI_MANGAN = "nagashi_mangan"
    NINE_TERMINALS = "nine_terminals"
    FOUR_WINDS = "four_winds"
    FOUR_RIICHI = "four_riichi"
    FOUR_KANS = "four_kans"
    TRIPLE_RON = "triple_ron"
    CHOMBO = "chombo"
    """A penalty the engine's caller gave (``Round.chombo``), not a draw of the rules."""

    @property
    def is_abortive(self) -> bool:
        """True for the draws that end a round before its wall runs out."""
        return self not in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN)


@attrs.frozen
class Draw:
    """A round that ended without a win."""

    __repr__ = safe_repr

    kind: DrawKind
    tenpai: tuple[int, ...]
    """The seats tenpai at an exhaustive draw (a wait only on a kind the concealed hand
    holds four of is not tenpai; one whose other copies are in the seat's own melds is);
    empty for an abortive draw."""
    deltas: tuple[int, ...]
    """Noten or nagashi mangan payments (zeros for an abortive draw)."""
    nagashi: tuple[int, ...] = ()
    """The seats paid a nagashi mangan."""

    def to_dict(self) -> dict[str, Any]:
        """The draw as plain JSON-ready values, under the keys of the replay answer
        (``kind`` ``"draw"``, ``type``, ``tenpai``, ``deltas``), then ``nagashi``."""
        return {"kind": "draw", "type": self.kind.value, "tenpai": list(self.tenpai),
                "deltas": list(self.deltas), "nagashi": list(self.nagashi)}


RoundResult = Win | Draw
"""How one round ended (a double ron has two wins)."""


@attrs.frozen
class RoundRecord:
    """One round from the deal to the payments."""

    __repr__ = safe_repr

    round_wind: Wind
    dealer: int
    """The dealer's seat."""
    dealer_index: int
    """0-3: East 1 is 0 ... East 4 is 3 (the hand number less one)."""
    honba: int
    sticks: int
    """Riichi sticks on the table at the start."""
    start_scores: tuple[int, ...]
    wall: Wall
    events: tuple[Event, ...]
    results: tuple[RoundResult, ...]
    end_scores: tuple[int, ...]
    end_sticks: int
    """Riichi sticks left on the table at the end."""

    @property
    def name(self) -> str:
        """``"E1"`` ... ``"S4"``, ``"W1"``."""
        return round_name(self.round_wind, self.dealer_index)

    @property
    def deltas(self) -> tuple[int, ...]:
        """Every score change of the round: riichi sticks, wins and draw payments."""
        return tuple(end - start for end, start in zip(self.end_scores, self.start_scores,
                                                       strict=True))

    @property
    def riichi_deposits(self) -> tuple[int, ...]:
        """What each seat put on the table for riichi this round (a stick for each
        declaration that stood): the part of its score change that is no result's delta."""
        moved = [sum(column) for column in zip(*(r.deltas for r in self.results), strict=True)]
        return tuple(start + paid - end for start, paid, end in zip(
            self.start_scores, moved or [0] * len(self.start_scores), self.end_scores,
            strict=True))

    def to_dict(self) -> dict[str, Any]:
        """The round as plain JSON-ready values, under the keys of the replay answer
        (``round``, ``honba``, ``riichi_sticks``, ``dealer``, ``start_scores``,
        ``results``: each ``Win.to_dict`` or ``Draw.to_dict``), then ``end_scores`` and
        ``end_riichi_sticks``. The wall and the events are left out: the log writers
        (``mahjong_core.formats``) write them."""
        return {"round": self.name, "honba": self.honba, "riichi_sticks": self.sticks,
                "dealer": self.dealer, "start_scores": list(self.start_scores),
                "results": [result.to_dict() for result in self.results],
                "end_scores": list(self.end_scores), "end_riichi_sticks": self.end_sticks}


@attrs.frozen
class GameOrigin:
    """Where a game was read from: its ``file`` (a path as given, ``standard input``, or
    ``archive.zip:member``) and its ``index`` among that file's games, from 0."""

    __repr__ = safe_repr

    file: str
    index: int

    def to_dict(self) -> dict[str, Any]:
        """``{"file": ..., "index": ...}``."""
        return {"file": self.file, "index": self.index}


def _plain(instance: object, field: attrs.Attribute[object], value: object) -> object:
    """A rule's value as JSON holds it: an enum as its value, a tuple as a list."""
    if isinstance(value, enum.Enum):
        return value.value
    return list(value) if isinstance(value, tuple) else value


@attrs.frozen
class GameRecord:
    """A whole game: its rules, every round and the final standing."""

    __repr__ = safe_repr

    rules: Rules
    table: TableRules
    rounds: tuple[RoundRecord, ...]
    final_scores: tuple[int, ...]
    """Scores at the end, the riichi sticks left on the table given to first place."""
    points: tuple[float, ...]
    """Placement points (uma and oka included)."""
    end_reason: str | None = None
    """Why the game ended (``Game.end_reason``); None for a game still going on, whose
    ``final_scores`` and ``points`` are the standing so far."""
    names: tuple[str, ...] = ()
    """The players' names by seat, when the game was played or read with them."""
    origin: GameOrigin | None = None
    """Where the game was read from (file and index), for a game replayed from a log."""
    lobby: int | None = None
    """The lobby the log names (Tenhou's ``GO lobby``: 0 the public lobbies, another
    number a private lobby, which sets its own uma), for a game replayed from a log."""
    warnings: tuple[str, ...] = ()
    """What a lenient replay accepted that the engine could not confirm (placement points
    by rules the log does not state, a log that stops before the game ends)."""

    @property
    def is_finished(self) -> bool:
        """True when the game reached its end (``end_reason`` is set)."""
        return self.end_reason is not None

    @property
    def placements(self) -> tuple[int, ...]:
        """Each seat's final place, 1 for first: by ``final_scores``, equal scores ranked
        by seat order from the first dealer (seat 0), as Tenhou ranks them.

        >>> from mahjong_core.table import Game
        >>> record = attrs.evolve(Game().record(), final_scores=(24000, 30000, 24000, 22000))
        >>> record.placements
        (2, 1, 3, 4)
        """
        places = [0] * len(self.final_scores)
        for place, seat in enumerate(seats_by_place(self.final_scores), start=1):
            places[seat] = place
        return tuple(places)

    def to_dict(self) -> dict[str, Any]:
        """The game as plain JSON-ready values (``json.dumps`` takes it as it is): under
        the keys of the replay answer ``rounds`` (each ``RoundRecord.to_dict``) and
        ``final`` (``scores``, ``points``, and ``placements``, 1 for first), then
        ``names``, ``end_reason`` (None for a game that did not end), ``origin``
        (``{"file", "index"}`` or None), ``lobby``, ``warnings``, and the ``rules`` and
        ``table`` rules, each field under its name (enums as their values).

        >>> from mahjong_core.table import Game
        >>> data = Game(seed=1).record().to_dict()     # a game not yet dealt
        >>> data["final"]["placements"], data["end_reason"], data["rules"]["red_fives"]
        ([1, 2, 3, 4], None, True)
        """
        return {"rounds": [played.to_dict() for played in self.rounds],
                "final": {"scores": list(self.final_scores), "points": list(self.points),
                          "placements": list(self.placements)},
                "names": list(self.names), "end_reason": self.end_reason,
                "origin": None if self.origin is None else self.origin.to_dict(),
                "lobby": self.lobby, "warnings": list(self.warnings),
                "rules": attrs.asdict(self.rules, value_serializer=_plain),
                "table": attrs.asdict(self.table, value_serializer=_plain)}

    def to_html(self, *, names: Sequence[str] | None = None, seat: int = 0,
                open_hands: bool = True, title: str | None = None) -> str:
        """The game as one self-contained HTML page that replays it (see
        ``mahjong_core.view.game_html``, which raises InvalidContextError for bad options).
        """
        from ..view import game_html  # the viewer sits above the table: loaded when asked

        return game_html(self, names=names, seat=seat, open_hands=open_hands, title=title)

    def _repr_html_(self) -> str:
        """A notebook shows the game in the replay viewer, in a frame of its own."""
        from ..view import notebook_html

        return notebook_html(self)
