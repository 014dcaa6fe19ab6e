"""What a player may do at the table: one frozen value per kind of decision.

Draws are not decisions: the table deals them. Every action names the seat (0-3) that
takes it; tiles are physical tile ids (0-135), so a red five is told from a plain one.

Each action has a short text, ``str(action)``: the tile in mpsz for a discard
(``"5m"``, ``"0p"`` for a red five), ``"riichi 5m"`` for a riichi discard,
``"open_riichi 5m"`` for an open one (where the table rules allow it), the keyword
and one's own tiles for a call (``"chi 46m"``, ``"pon 55m"``, ``"ankan 1z"``,
``"shouminkan 0m"``), the keyword alone for the rest (``"tsumo"``, ``"ron"``,
``"pass"``, ``"minkan"``, ``"kita"``, ``"nine_terminals"``). Since a tile id says which
physical copy is meant, text is read back against a position: ``LegalActions.parse``.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

import attrs

from ..errors import IllegalActionError, InvalidNotationError, quote, safe_repr
from ..tile import Tile, TileId, format_tiles

__all__ = [
    "Action",
    "AddedKan",
    "Chi",
    "ClosedKan",
    "Discard",
    "Kita",
    "LegalActions",
    "NineTerminals",
    "OpenKan",
    "OpenRiichi",
    "Pass",
    "Pon",
    "Ron",
    "Tsumo",
    "action_text",
]


@attrs.frozen
class Discard:
    """Discard ``tile`` from the hand; with ``riichi`` the discard declares riichi."""

    __repr__ = safe_repr

    def __str__(self) -> str:
        return action_text(self)

    seat: int
    tile: TileId
    riichi: bool = False


@attrs.frozen
class OpenRiichi:
    """Discard ``tile`` declaring an open riichi: the hand is shown to every seat for the
    rest of the round (legal only where ``TableRules.open_riichi`` allows it)."""

    __repr__ = safe_repr

    def __str__(self) -> str:
        return action_text(self)

    seat: int
    tile: TileId


@attrs.frozen
class Tsumo:
    """Win on the tile just drawn."""

    __repr__ = safe_repr

    def __str__(self) -> str:
        return action_text(self)

    seat: int


@attrs.frozen
class Ron:
    """Win on the tile just discarded, or on the tile added to a kan (chankan)."""

    __repr__ = safe_repr

    def __str__(self) -> str:
        return action_text(self)

    seat: int


@attrs.frozen
class Chi:
    """Call the discard of the player on the left into a run with two of one's own tiles."""

    __repr__ = safe_repr

    def __str__(self) -> str:
        return action_text(self)

    seat: int
    tiles: tuple[TileId, TileId]


@attrs.frozen
class Pon:
    """Call a discard into a triplet with two of one's own tiles."""

    __repr__ = safe_repr

    def __str__(self) -> str:
        return action_text(self)

    seat: int
    tiles: tuple[TileId, TileId]


@attrs.frozen
class OpenKan:
    """Call a discard into a kan with the three of that kind one holds (daiminkan)."""

    __repr__ = safe_repr

    def __str__(self) -> str:
        return action_text(self)

    seat: int


@attrs.frozen
class AddedKan:
    """Add the drawn or held fourth tile ``tile`` to one's pon (shouminkan)."""

    __repr__ = safe_repr

    def __str__(self) -> str:
        return action_text(self)

    seat: int
    tile: TileId


@attrs.frozen
class ClosedKan:
    """Set aside the four tiles of ``kind`` held in the hand (ankan)."""

    __repr__ = safe_repr

    def __str__(self) -> str:
        return action_text(self)

    seat: int
    kind: Tile


@attrs.frozen
class Kita:
    """Set aside the north tile ``tile`` as a dora and draw a replacement (three players)."""

    __repr__ = safe_repr

    def __str__(self) -> str:
        return action_text(self)

    seat: int
    tile: TileId


@attrs.frozen
class NineTerminals:
    """Abort the round on one's first draw with nine kinds of terminals and honours."""

    __repr__ = safe_repr

    def __str__(self) -> str:
        return action_text(self)

    seat: int


@attrs.frozen
class Pass:
    """Let a discard (or a kan's added tile) go without calling or winning."""

    __repr__ = safe_repr

    def __str__(self) -> str:
        return action_text(self)

    seat: int


Action = (Discard | OpenRiichi | Tsumo | Ron | Chi | Pon | OpenKan | AddedKan | ClosedKan
          | Kita | NineTerminals | Pass)
"""Any decision a player can make."""


_KEYWORDS: dict[type, str] = {Tsumo: "tsumo", Ron: "ron", Pass: "pass", OpenKan: "minkan",
                              Kita: "kita", NineTerminals: "nine_terminals"}
"""The text of the actions that carry nothing but their seat (and Kita, whose tile the
position decides)."""
_RED_IDS = frozenset((16, 52, 88))


def _tile_text(tile_id: int, red_fives: bool) -> str:
    if type(tile_id) is not int or not 0 <= tile_id < 136:
        return f"?{quote(tile_id)}"
    return str(Tile.from_id136(tile_id, red_fives=red_fives))


def action_text(action: Action, *, red_fives: bool = True) -> str:
    """The short text of an action (see the module's description); with ``red_fives``
    false, ids 16, 52 and 88 are written as plain fives.

    >>> action_text(Discard(0, 16, riichi=True)), action_text(Chi(1, (12, 20)))
    ('riichi 0m', 'chi 46m')
    """
    keyword = _KEYWORDS.get(type(action))
    if keyword is not None:
        return keyword
    if isinstance(action, Discard):
        text = _tile_text(action.tile, red_fives)
        return f"riichi {text}" if action.riichi is True else text
    if isinstance(action, OpenRiichi):
        return f"open_riichi {_tile_text(action.tile, red_fives)}"
    if isinstance(action, Chi | Pon):
        name = "chi" if isinstance(action, Chi) else "pon"
        own = action.tiles
        if (type(own) is tuple and len(own) == 2
                and all(type(i) is int and 0 <= i < 136 for i in own)):
            return f"{name} {format_tiles(Tile.from_id136(i, red_fives=red_fives) for i in own)}"
        return f"{name} ?{quote(own)}"
    if isinstance(action, AddedKan):
        return f"shouminkan {_tile_text(action.tile, red_fives)}"
    if isinstance(action, ClosedKan):
        kind = action.kind
        return f"ankan {Tile(kind.kind) if isinstance(kind, Tile) else f'?{quote(kind)}'}"
    return quote(action)


_A = TypeVar("_A", Discard, OpenRiichi, Tsumo, Ron, Chi, Pon, OpenKan, AddedKan, ClosedKan, Kita,
             NineTerminals, Pass)
_GRAMMAR = re.compile(
    r"(?:(?:open_)?riichi )?(?:tsumogiri )?(?:[0-9][mps]|[1-7]z)"
    r"|(?:chi|pon) [0-9]{2}[mps]|pon [1-7]{2}z|(?:ankan|shouminkan) (?:[0-9][mps]|[1-7]z)"
    r"|tsumo|ron|pass|minkan|kita|nine_terminals")
"""Every text an action can have (the tiles themselves are checked against the position)."""


_NEW_TUPLE = tuple.__new__


class LegalActions(tuple[Action, ...]):
    """What one seat may do at one point: a tuple of actions that also reads and writes
    their text.

    ``text(action)`` is ``str(action)``, with plain fives when the table plays without
    red fives, and with ``tsumogiri`` before the tile of a discard of the drawn tile when
    the hand holds another tile of the same text (``"tsumogiri 5m"``, ``"riichi
    tsumogiri 5m"``); ``parse(text)`` gives the action back, so that
    ``parse(text(a)) == a`` for every action ``a`` of the collection.

    >>> legal = LegalActions([Discard(0, 8), Discard(0, 9), Discard(0, 16, riichi=True)],
    ...                      drawn=9)
    >>> [legal.text(a) for a in legal]
    ['3m', 'tsumogiri 3m', 'riichi 0m']
    >>> legal.parse("tsumogiri 3m"), legal.first(Discard)
    (Discard(seat=0, tile=9, riichi=False), Discard(seat=0, tile=8, riichi=False))
    """

    drawn: TileId | None = None
    """The tile the seat just drew (None when it has not drawn)."""
    red_fives: bool = True
    """Ids 16, 52 and 88 are red fives."""

    def __new__(cls, actions: Iterable[Action] = (), *, drawn: TileId | None = None,
                red_fives: bool = True) -> LegalActions:
        return legal_actions_of(actions, drawn, red_fives, cls)

    def __str__(self) -> str:
        return ", ".join(self.texts())

    def __eq__(self, other: object) -> bool:
        """Equal to a tuple or a list of the same actions in the same order."""
        if isinstance(other, list):
            return tuple.__eq__(self, tuple(other))
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def texts(self) -> tuple[str, ...]:
        """The text of each action, in order."""
        return tuple(self._by_text())

    def text(self, action: Action) -> str:
        """The text of one of these actions. Raises IllegalActionError for another action."""
        for text, candidate in self._by_text().items():
            if candidate == action:
                return text
        raise IllegalActionError(f"{quote(action)} is not one of the legal actions ({self})")

    def parse(self, text: str) -> Action:
        """The action whose text is ``text`` (spaces around words do not matter;
        ``tsumogiri`` may also be written where it is not needed).

        Raises InvalidNotationError for text that is no action's, IllegalActionError
        for an action that is not among these.
        """
        if not isinstance(text, str):
            raise InvalidNotationError(f"an action's text is a str, got {quote(text)}")
        words = " ".join(text.split())
        found = self._by_text().get(words)
        if found is not None:
            return found
        if not _GRAMMAR.fullmatch(words):
            raise InvalidNotationError(f"{quote(text)} is not an action (a tile such as "
                                       "'5m', 'riichi 5m', 'chi 46m', 'pon 55m', 'tsumo', "
                                       "'ron', 'pass', ...)")
        if "tsumogiri " in words and self.drawn is not None:
            plain = words.replace("tsumogiri ", "")
            for action in self:
                if (isinstance(action, Discard | OpenRiichi) and action.tile == self.drawn
                        and action_text(action, red_fives=self.red_fives) == plain):
                    return action
        legal = str(self) or "nothing"
        raise IllegalActionError(f"{quote(text)} is not legal now (legal: {legal})")

    def first(self, kind: type[_A]) -> _A | None:
        """The first action of type ``kind`` (``Pass``, ``Discard``, ...), or None."""
        for action in self:
            if type(action) is kind:
                return action
        return None

    def of_type(self, kind: type[_A]) -> tuple[_A, ...]:
        """Every action of type ``kind``, in order."""
        return tuple(a for a in self if type(a) is kind)

    def _by_text(self) -> dict[str, Action]:
        cached: dict[str, Action] | None = self.__dict__.get("_texts")
        if cached is not None:
            return cached
        texts = [action_text(a, red_fives=self.red_fives) for a in self]
        counts = Counter(texts)
        table: dict[str, Action] = {}
        for text, action in zip(texts, self, strict=True):
            if (counts[text] > 1 and isinstance(action, Discard | OpenRiichi)
                    and action.tile == self.drawn):
                head, _, tile = text.rpartition(" ")
                text = f"{head} tsumogiri {tile}".lstrip()
            table.setdefault(text, action)
        self.__dict__["_texts"] = table
        return table


def legal_actions_of(actions: Iterable[Action], drawn: TileId | None, red_fives: bool,
                     cls: type[LegalActions] = LegalActions) -> LegalActions:
    """``LegalActions(actions, drawn=drawn, red_fives=red_fives)``, for less (internal: the
    round lists its legal actions at every decision, and a class call with keywords
    costs more than the tuple it makes); ``cls`` a subclass's."""
    made = _NEW_TUPLE(cls, actions)
    # the class holds the usual values: an instance keeps only what differs
    if drawn is not None:
        made.drawn = drawn
    if red_fives is not True:
        made.red_fives = red_fives
    return made


@functools.cache
def every_discard() -> tuple[Discard, ...]:
    """Every discard a seat can make, ``Discard(seat, tile, riichi)`` at
    ``2 * (136 * seat + tile) + riichi`` (internal: frozen values that rounds and replays
    share rather than build again at each turn; built on first use)."""
    return tuple(Discard(seat, TileId(tile), riichi) for seat in range(4)
                 for tile in range(136) for riichi in (False, True))
