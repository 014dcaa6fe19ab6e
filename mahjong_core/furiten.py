"""Furiten: a small per-player record that a game loop feeds, and the ron guard."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .errors import InvalidHandError, quote
from .hand import Hand
from .tile import Tile, is_text_like

__all__ = ["FuritenTracker"]


def _kinds(value: Iterable[Tile | int]) -> frozenset[int]:
    """Converter: an iterable of kinds 0-33 (or of tiles) as a frozenset of kinds."""
    if is_text_like(value) or not isinstance(value, Iterable):
        raise InvalidHandError(f"expected tiles or kinds 0-33, got {quote(value)}")
    kinds = set()
    for item in value:
        if isinstance(item, Tile):
            kinds.add(item.kind)
        elif type(item) is int and 0 <= item < 34:
            kinds.add(item)
        else:
            raise InvalidHandError(f"expected a Tile or a kind 0-33, got {quote(item)}")
    return frozenset(kinds)


def _check_flag(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise InvalidHandError(
            f"{attribute.name!r} must be true or false, got {quote(value)}")


def _kind(tile: object) -> int:
    if not isinstance(tile, Tile):
        raise InvalidHandError(f"expected a Tile, got {quote(tile)}")
    return tile.kind


_EMPTY: frozenset[int] = frozenset()


def _tracker(own: frozenset[int], since_discard: frozenset[int],
             after_riichi: frozenset[int], riichi: bool) -> FuritenTracker:
    """A tracker of fields already checked (the methods' results)."""
    tracker = object.__new__(FuritenTracker)
    setter = object.__setattr__
    setter(tracker, "own", own)
    setter(tracker, "since_discard", since_discard)
    setter(tracker, "after_riichi", after_riichi)
    setter(tracker, "riichi", riichi)
    return tracker


@attrs.frozen
class FuritenTracker:
    """What one player has discarded and let pass; every method returns a new tracker.

    A ron is furiten when any of the hand's waits is among the player's own discards
    (permanent), among the tiles others discarded since the player's last discard
    (temporary: it ends with the player's next discard), or among the tiles let pass
    after riichi (permanent for the rest of the hand).

    >>> hand = Hand.parse("123m456p789s2345s")
    >>> tracker = FuritenTracker().discarded(Tile.parse("9p")).passed(Tile.parse("2s"))
    >>> tracker.is_furiten(hand)
    True
    >>> tracker.discarded(Tile.parse("1z")).is_furiten(hand)
    False
    """

    own: frozenset[int] = attrs.field(default=frozenset(), converter=_kinds)
    """Kinds this player has discarded (called-away discards included)."""
    since_discard: frozenset[int] = attrs.field(default=frozenset(), converter=_kinds)
    """Kinds others discarded (or added to a kan) since this player's last discard."""
    after_riichi: frozenset[int] = attrs.field(default=frozenset(), converter=_kinds)
    """Kinds let pass since this player declared riichi."""
    riichi: bool = attrs.field(default=False, validator=_check_flag)

    def discarded(self, tile: Tile) -> FuritenTracker:
        """This player discarded ``tile``: it joins the discards, temporary furiten ends."""
        kind = _kind(tile)
        own = self.own if kind in self.own else self.own | {kind}
        return _tracker(own, _EMPTY, self.after_riichi, self.riichi)

    def passed(self, tile: Tile) -> FuritenTracker:
        """A tile this player could have won on went by without a win.

        Call it for every other player's discard and every tile added to a kan (and, in
        riichi, for this player's own draw that was not declared tsumo).
        """
        kind = _kind(tile)
        after = self.after_riichi
        if self.riichi and kind not in after:
            after = after | {kind}
        since = self.since_discard
        return _tracker(self.own, since if kind in since else since | {kind}, after,
                        self.riichi)

    def declared_riichi(self) -> FuritenTracker:
        """This player declared riichi: from now on a passed winning tile is permanent."""
        return _tracker(self.own, self.since_discard, self.after_riichi, True)

    def is_furiten(self, waits: Hand | Iterable[Tile]) -> bool:
        """True when a ron would be furiten, given the waiting hand or its waits.

        Raises InvalidHandError for a 14-tile hand, or for anything but a hand or an
        iterable of tiles (text is not taken for tiles).
        """
        if isinstance(waits, Hand):
            mask = waits.waits_mask()
        elif is_text_like(waits) or not isinstance(waits, Iterable):
            raise InvalidHandError(
                f"is_furiten needs a Hand or its waits as tiles, got {quote(waits)}")
        else:
            mask = 0
            for tile in waits:
                mask |= 1 << _kind(tile)
        seen = self.own | self.since_discard | self.after_riichi
        return any((mask >> kind) & 1 for kind in seen)
