"""Readings of a complete hand: groups, decompositions and where the winning tile sits."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs

from .errors import InvalidHandError, quote
from .tile import Tile

__all__ = ["Decomposition", "Form", "Group", "GroupKind", "Wait", "WinningGroup"]


def _of_type(kind: type) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """An attrs validator that raises the library's error for a value of the wrong type."""
    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, kind):
            raise InvalidHandError(
                f"{attribute.name} must be {kind.__name__}, got {quote(value)}")
    return check


def _groups(value: object) -> tuple[Group, ...]:
    if not isinstance(value, tuple | list) or not all(isinstance(g, Group) for g in value):
        raise InvalidHandError(f"groups must be a sequence of Group, got {quote(value)}")
    if not value:
        raise InvalidHandError("a reading has at least one group")
    return tuple(value)


class GroupKind(enum.Enum):
    """What a group of tiles is."""

    RUN = "run"
    TRIPLET = "triplet"
    KAN = "kan"
    PAIR = "pair"
    SINGLE = "single"
    """One of the twelve lone tiles of thirteen orphans."""


class Form(enum.Enum):
    """The three shapes a complete hand can take."""

    STANDARD = "standard"
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"


class Wait(enum.Enum):
    """The wait the winning tile completed."""

    RYANMEN = "ryanmen"
    """Two-sided run wait (45 waiting on 3 or 6)."""
    KANCHAN = "kanchan"
    """Closed wait inside a run (46 waiting on 5)."""
    PENCHAN = "penchan"
    """Edge wait (12 waiting on 3, 89 waiting on 7)."""
    SHANPON = "shanpon"
    """Two pairs, one of which becomes a triplet."""
    TANKI = "tanki"
    """A single tile waiting for its pair."""
    KOKUSHI = "kokushi"
    """Thirteen orphans waiting on its one missing kind."""
    KOKUSHI_13 = "kokushi_13"
    """Thirteen orphans holding all thirteen kinds, waiting on any of them."""


_GROUP_SIZES = {GroupKind.RUN: 3, GroupKind.TRIPLET: 3, GroupKind.KAN: 4, GroupKind.PAIR: 2,
                GroupKind.SINGLE: 1}


@attrs.frozen(repr=False)
class Group:
    """A run, triplet, kan, pair or single, named by its lowest tile (never red).

    ``open`` is True for a set called from another player; ``melded`` for any declared
    meld, including a closed kan.
    """

    kind: GroupKind = attrs.field(validator=_of_type(GroupKind))
    tile: Tile = attrs.field(validator=_of_type(Tile))
    open: bool = attrs.field(default=False, validator=_of_type(bool))
    melded: bool = attrs.field(default=False, validator=_of_type(bool))

    @property
    def kinds(self) -> tuple[int, ...]:
        """The tile kinds the group holds, lowest first."""
        k = self.tile.kind
        if self.kind is GroupKind.RUN:
            return (k, k + 1, k + 2)
        return (k,) * _GROUP_SIZES[self.kind]

    @property
    def is_set(self) -> bool:
        """True for runs, triplets and kans (the groups that count toward four sets)."""
        return self.kind in (GroupKind.RUN, GroupKind.TRIPLET, GroupKind.KAN)

    def __str__(self) -> str:
        text = str(self.tile)
        suit = text[1]
        return "".join(str(k % 9 + 1) for k in self.kinds) + suit

    def __repr__(self) -> str:
        flags = (", open" if self.open else "") + (", melded" if self.melded else "")
        return f"<Group {self.kind.value} {self}{flags}>"


@attrs.frozen
class WinningGroup:
    """The group of a reading that the winning tile completed, and the wait it made."""

    group: int
    """Index into ``Decomposition.groups``."""
    wait: Wait


@attrs.frozen(repr=False)
class Decomposition:
    """One way to read a complete hand.

    ``groups`` lists the pair first, then the sets in tile order (melds included, marked
    ``melded``); seven pairs lists seven pairs; thirteen orphans lists its pair and then
    its twelve singles.
    """

    form: Form = attrs.field(validator=_of_type(Form))
    groups: tuple[Group, ...] = attrs.field(converter=_groups)

    @property
    def pair(self) -> Tile | None:
        """The pair's tile for the standard form and thirteen orphans, else None."""
        if self.form is Form.SEVEN_PAIRS:
            return None
        return self.groups[0].tile

    @property
    def sets(self) -> tuple[Group, ...]:
        """The runs, triplets and kans."""
        return tuple(g for g in self.groups if g.is_set)

    def winning_groups(self, win_tile: Tile) -> tuple[WinningGroup, ...]:
        """Every distinct group the winning tile can have completed, with its wait.

        Only concealed groups can hold the winning tile; identical groups give one
        winning group. Empty when the tile is nowhere in the reading's concealed part.

        >>> from mahjong_core import Hand
        >>> reading = Hand.parse("344556m22p345678s").decompositions()[0]
        >>> [g.wait.value for g in reading.winning_groups(Tile.parse("4m"))]
        ['kanchan', 'ryanmen']
        """
        if not isinstance(win_tile, Tile):
            raise InvalidHandError(f"expected a Tile, got {quote(win_tile)}")
        w = win_tile.kind
        found: list[WinningGroup] = []
        seen: set[Group] = set()
        for index, group in enumerate(self.groups):
            if group.melded or group in seen or w not in group.kinds:
                continue
            seen.add(group)
            wait = _wait_of(self.form, group, w)
            if wait is not None:
                found.append(WinningGroup(index, wait))
        return tuple(found)

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)

    def __repr__(self) -> str:
        return f"<Decomposition {self.form.value} {self}>"


def _wait_of(form: Form, group: Group, w: int) -> Wait | None:
    if form is Form.THIRTEEN_ORPHANS:
        return Wait.KOKUSHI_13 if group.kind is GroupKind.PAIR else Wait.KOKUSHI
    kind = group.kind
    if kind is GroupKind.PAIR:
        return Wait.TANKI
    if kind is GroupKind.TRIPLET:
        return Wait.SHANPON
    if kind is GroupKind.RUN:
        return run_wait(group.tile.kind % 9, w % 9)
    return None  # a concealed kan is always declared, never completed by a win


def run_wait(start: int, rank: int) -> Wait:
    """The wait a tile of ``rank`` completed in a run starting at ``start`` (ranks 0-8)."""
    if rank == start + 1:
        return Wait.KANCHAN
    if rank == start:
        return Wait.PENCHAN if start == 6 else Wait.RYANMEN
    return Wait.PENCHAN if start == 0 else Wait.RYANMEN
