"""The library's exceptions: one base class, one subclass per kind of wrong input."""

from __future__ import annotations

__all__ = [
    "IllegalActionError",
    "InvalidContextError",
    "InvalidHandError",
    "InvalidLogError",
    "InvalidMeldError",
    "InvalidNotationError",
    "InvalidRulesError",
    "InvalidTileError",
    "MahjongError",
]


class MahjongError(ValueError):
    """Base class of every error this library raises on bad input."""


class InvalidNotationError(MahjongError):
    """Text that is not valid mpsz (or meld) notation."""


class InvalidTileError(MahjongError):
    """A tile value out of range: an unknown kind or id, a red non-five, a fifth copy."""


class InvalidMeldError(MahjongError):
    """A meld whose tiles, called tile or source do not make a legal call."""


class InvalidHandError(MahjongError):
    """A hand with a wrong tile count, too many copies of a kind, or bad melds."""


class InvalidContextError(MahjongError):
    """A win situation that cannot happen (chankan on tsumo, ippatsu without riichi, ...)."""


class InvalidRulesError(MahjongError):
    """An unknown rule name or a rule value of the wrong type."""


class InvalidLogError(MahjongError):
    """A game log that cannot be read: damaged or truncated text, an unknown tag, tile code
    or event, or events in an impossible order. The message names the place."""


class IllegalActionError(MahjongError):
    """An action the table does not allow at this point: a discard of a tile not held, a
    call that does not fit, a riichi that is not tenpai, a win that is not one."""
