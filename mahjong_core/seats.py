"""Seats: absolute seat numbers, seats relative to a player, and seat winds.

One convention holds everywhere in the library (the table engine, its records, the log
formats and ``Payments.deltas``):

- An **absolute seat** is an int 0-3 (0-2 at three players) that a player keeps for the
  whole game. Seat 0 deals the first hand (east in the first round); the turn passes
  from seat ``s`` to seat ``s + 1`` (counter-clockwise round the table, modulo the
  number of players).
- A **relative seat** (``Relative``) is where another player sits as seen by one
  player: ``SHIMOCHA`` on the right plays next (``s + 1``), ``TOIMEN`` sits opposite
  (``s + 2``, four players only), ``KAMICHA`` on the left played just before
  (``s - 1``), the only one a chi is called from.
- A **seat wind** (``Wind``) follows the dealer: the dealer is east and the winds go on
  in turn order, so seat ``s`` is ``Wind((s - dealer) % players)``.

Every function raises InvalidSeatError for a seat that is not an int in range (``bool``
is refused), a player count other than 3 or 4, a player asked about their own seat, and
a toimen or a north seat at three players.

>>> relative_seat(0, 3), seat_from_relative(0, Relative.KAMICHA)
(<Relative.KAMICHA: 'kamicha'>, 3)
>>> seat_wind(2, dealer=1), seat_of_wind(Wind.EAST, dealer=1)
(<Wind.SOUTH: 1>, 1)
>>> relative_seat(0, 2, players=3)
<Relative.KAMICHA: 'kamicha'>
"""

from __future__ import annotations

from .context import Wind
from .errors import InvalidSeatError, quote
from .meld import Relative

__all__ = ["relative_seat", "seat_from_relative", "seat_of_wind", "seat_wind"]

_OFFSETS = {4: {Relative.SHIMOCHA: 1, Relative.TOIMEN: 2, Relative.KAMICHA: 3},
            3: {Relative.SHIMOCHA: 1, Relative.KAMICHA: 2}}
"""How far round the table (in turn order) each relative seat sits."""
_RELATIVES = {players: {offset: relative for relative, offset in offsets.items()}
              for players, offsets in _OFFSETS.items()}


def _players(players: object) -> int:
    if type(players) is not int or players not in (3, 4):
        raise InvalidSeatError(f"players is 3 or 4, not {quote(players)}")
    return players


def _seat(value: object, what: str, players: int) -> int:
    if type(value) is not int or not 0 <= value < players:
        raise InvalidSeatError(f"{what} is a seat, an int 0-{players - 1} at {players} "
                               f"players, not {quote(value)}")
    return value


def relative_seat(seat: int, other: int, *, players: int = 4) -> Relative:
    """Where absolute seat ``other`` sits as seen from absolute seat ``seat``.

    Raises InvalidSeatError for a bad seat or ``other == seat``.

    >>> [relative_seat(1, other).value for other in (2, 3, 0)]
    ['shimocha', 'toimen', 'kamicha']
    """
    count = _players(players)
    _seat(seat, "seat", count)
    _seat(other, "other", count)
    if other == seat:
        raise InvalidSeatError(f"seat {seat} has no relative seat to itself")
    return _RELATIVES[count][(other - seat) % count]


def seat_from_relative(seat: int, relative: Relative, *, players: int = 4) -> int:
    """The absolute seat that sits at ``relative`` as seen from absolute seat ``seat``.

    Raises InvalidSeatError for a bad seat, a value that is not a Relative, or
    ``Relative.TOIMEN`` at three players.

    >>> seat_from_relative(0, Relative.SHIMOCHA), seat_from_relative(2, Relative.TOIMEN)
    (1, 0)
    """
    count = _players(players)
    _seat(seat, "seat", count)
    if not isinstance(relative, Relative):
        raise InvalidSeatError(f"relative is a Relative, not {quote(relative)}")
    offset = _OFFSETS[count].get(relative)
    if offset is None:
        raise InvalidSeatError(f"there is no {relative.value} at {count} players")
    return (seat + offset) % count


def seat_wind(seat: int, *, dealer: int, players: int = 4) -> Wind:
    """The seat wind of absolute seat ``seat`` in a hand dealt by absolute seat ``dealer``.

    Raises InvalidSeatError for a bad seat.

    >>> [seat_wind(seat, dealer=3).name for seat in range(4)]
    ['SOUTH', 'WEST', 'NORTH', 'EAST']
    """
    count = _players(players)
    _seat(seat, "seat", count)
    _seat(dealer, "dealer", count)
    return Wind((seat - dealer) % count)


def seat_of_wind(wind: Wind, *, dealer: int, players: int = 4) -> int:
    """The absolute seat whose seat wind is ``wind`` in a hand dealt by ``dealer``.

    Raises InvalidSeatError for a bad seat, a value that is not a Wind, or
    ``Wind.NORTH`` at three players.

    >>> seat_of_wind(Wind.NORTH, dealer=2)
    1
    """
    count = _players(players)
    _seat(dealer, "dealer", count)
    if not isinstance(wind, Wind):
        raise InvalidSeatError(f"wind is a Wind, not {quote(wind)}")
    if wind >= count:
        raise InvalidSeatError(f"no seat has the {wind.name.lower()} wind at {count} players")
    return (dealer + wind) % count
