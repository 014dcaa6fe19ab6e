"""The table's rules around the hands: scores, game length, abortive draws, placements."""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

from .errors import InvalidContextError, InvalidRulesError, quote
from .rules import Rules
from .tile import bounded_list, is_text_like, plain_str

__all__ = ["MAHJONG_SOUL_TABLE", "TENHOU_EAST_TABLE", "TENHOU_SANMA_TABLE", "TENHOU_TABLE",
           "GameLength", "LeftoverSticks", "TableRules", "check_scores", "check_stick_value",
           "riichi_tiles_needed", "seats_by_place"]


class GameLength(enum.Enum):
    """How many round winds a game plays before it may end."""

    EAST = "east"
    """East-only (tonpuusen): East 1 to East 4."""
    EAST_SOUTH = "east_south"
    """Half a game (hanchan): East 1 to South 4."""

    @property
    def winds(self) -> int:
        """Round winds of the regular game: 1 (east-only) or 2 (east-south)."""
        return 1 if self is GameLength.EAST else 2


class LeftoverSticks(enum.Enum):
    """Where the riichi sticks still on the table at the game's end go; the value is its
    name in JSON."""

    FIRST = "first"
    """To the first place (to the first seat of equal scores from the first dealer)."""
    SHARED = "shared"
    """To the first place, split evenly between equal first scores (whole points: what
    does not split evenly goes to the first of them by seat from the first dealer)."""
    LOST = "lost"
    """To nobody: they stay out of the final scores, and the placement points then add up
    to less than zero by their value."""


_Choice = TypeVar("_Choice", bound=enum.Enum)


def _member(kind: type[_Choice], value: object, what: str) -> _Choice:
    """A member of ``kind`` from itself or its value (its name in JSON); raises
    InvalidRulesError naming ``what`` and the choices."""
    if isinstance(value, kind):
        return value
    try:
        if not isinstance(value, str):
            raise ValueError(value)
        return kind(plain_str(value))
    except ValueError:
        choices = " or ".join(repr(member.value) for member in kind)
        raise InvalidRulesError(f"{what} is {choices}, not {quote(value)}") from None


def _to_leftover(value: LeftoverSticks | str) -> LeftoverSticks:
    return _member(LeftoverSticks, value, "table rule 'leftover_sticks'")


def _check_bool(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise InvalidRulesError(f"table rule {attribute.name!r} must be true or false, "
                                f"got {quote(value)}")


def _check_points(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value <= 1_000_000:
        raise InvalidRulesError(f"table rule {attribute.name!r} must be a whole number of "
                                f"points from 0 to 1,000,000, got {quote(value)}")


def _flag(default: bool) -> Any:
    return attrs.field(default=default, validator=_check_bool)


def _to_uma(value: Sequence[int]) -> tuple[int, ...]:
    items = None if is_text_like(value) or not isinstance(value, Sequence) else (
        bounded_list(value, 4, "uma", InvalidRulesError))
    if (items is None or len(items) not in (3, 4)
            or any(type(v) is not int or abs(v) > 1000 for v in items)):
        raise InvalidRulesError(
            f"uma is a whole number of thousands per place, first place first, got {quote(value)}")
    if sum(items):
        raise InvalidRulesError(f"uma must add up to zero, got {tuple(items)}")
    return tuple(items)


def _to_floating_uma(value: Sequence[Sequence[int]] | None) -> tuple[tuple[int, ...], ...] | None:
    if value is None:
        return None
    items = None if is_text_like(value) or not isinstance(value, Sequence) else (
        bounded_list(value, 5, "floating_uma", InvalidRulesError))
    if items is None or len(items) not in (4, 5):
        raise InvalidRulesError("floating_uma is one uma per count of players below the return "
                                f"score, from none to all, got {quote(value)}")
    return tuple(_to_uma(uma) for uma in items)


def _check_target(instance: object, attribute: attrs.Attribute[int | None],
                  value: int | None) -> None:
    if value is not None and (type(value) is not int or not 0 <= value <= 1_000_000):
        raise InvalidRulesError("table rule 'target_score' must be null or a whole number of "
                                f"points from 0 to 1,000,000, got {quote(value)}")


def _check_players(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value not in (3, 4):
        raise InvalidRulesError(f"table rule 'players' must be 3 or 4, got {quote(value)}")


def _to_length(value: GameLength | str) -> GameLength:
    return _member(GameLength, value, "a game length")


def seats_by_place(scores: Sequence[int]) -> list[int]:
    """The seats from first place to last by score; equal scores rank by seat order from
    the first dealer (seat 0), as Tenhou ranks them.

    >>> seats_by_place([24000, 30000, 24000, 22000])
    [1, 0, 2, 3]
    """
    return sorted(range(len(scores)), key=lambda seat: (-scores[seat], seat))


def riichi_tiles_needed(players: int) -> int:
    """Live tiles that must be left for a riichi at a table of ``players``: one draw for
    each player, so that the declarer still draws once more (4 at four players, 3 at
    three, as at Tenhou). ``TableRules.riichi_min_tiles`` defaults to it.

    >>> riichi_tiles_needed(4), riichi_tiles_needed(3)
    (4, 3)
    """
    return players


def _riichi_tiles_default(rules: TableRules) -> int:
    return riichi_tiles_needed(rules.players)


_MAX_SCORE = 10 ** 9
"""Far beyond any score a game reaches."""


def check_scores(value: Sequence[int], players: int) -> list[int]:
    """``value`` as a list of ``players`` scores; raises InvalidContextError unless it holds
    one int per player, each within a billion points of zero."""
    items = None if is_text_like(value) or not isinstance(value, Sequence) else (
        bounded_list(value, players, "scores", InvalidContextError))
    if (items is None or len(items) != players
            or any(type(v) is not int or abs(v) > _MAX_SCORE for v in items)):
        raise InvalidContextError(f"scores are {players} ints within {_MAX_SCORE:,} points of "
                                  f"zero, got {quote(value)}")
    return items


@attrs.frozen(kw_only=True)
class TableRules:
    """How a game around the hands runs; the defaults are Tenhou's ranked lobby.

    ``Rules`` says what a hand scores; this says where the points start, when the game
    ends, which abortive draws exist and how the final placement is paid. Raises
    InvalidRulesError for a value of the wrong type.

    >>> TableRules().start_score, TableRules(length="east").hands
    (25000, 4)
    """

    players: int = attrs.field(default=4, validator=_check_players)
    length: GameLength = attrs.field(default=GameLength.EAST_SOUTH, converter=_to_length)
    start_score: int = attrs.field(default=25000, validator=_check_points)
    return_score: int = attrs.field(default=30000, validator=_check_points)
    """The score that placement points count from (the first place takes the difference
    from the starting score, the oka), and the ``target`` unless ``target_score`` says
    otherwise."""
    target_score: int | None = attrs.field(default=None, validator=_check_target)
    """The score that ends an extended game and that the last dealer needs to stop it
    (``target``); None: the return score."""
    uma: tuple[int, ...] = attrs.field(default=(20, 10, -10, -20), converter=_to_uma)
    """Placement bonus in thousands of points, first place first (one per player)."""
    floating_uma: tuple[tuple[int, ...], ...] | None = attrs.field(
        default=None, converter=_to_floating_uma)
    """An uma that depends on how many players end below the return score: entry k
    (first place first, like ``uma``) applies when k players are below it, from none to
    all (one entry per count); None: ``uma`` whatever the scores."""
    extension: bool = _flag(True)
    """When nobody reaches ``return_score`` by the last hand, play on into the next wind
    (south after east-only, west after east-south), ending at the first hand that leaves
    someone there, and at the latest after that wind's fourth hand."""
    bust: bool = _flag(True)
    """The game ends when a score drops below zero."""
    dealer_stop: bool = _flag(True)
    """The last hand's dealer ends the game by winning while on top with at least
    ``return_score`` (agari-yame), and by being tenpai at an exhaustive draw as well when
    ``tenpai_stop`` (tenpai-yame)."""
    tenpai_stop: bool = _flag(True)
    """With ``dealer_stop``, tenpai at an exhaustive draw stops the game as a win does
    (tenpai-yame); otherwise only a win does."""
    shared_places: bool = _flag(False)
    """Equal final scores share their places: each gets the average of the uma (and of the
    first place's oka) of the places they hold together. Otherwise equal scores rank by
    seat from the first dealer (``seats_by_place``), as at Tenhou; leftover riichi sticks
    go to that first seat either way."""
    riichi_cost: int = attrs.field(default=1000, validator=_check_points)
    """The stick a riichi puts on the table; a player needs this many points to riichi
    unless ``riichi_below_cost``."""
    riichi_below_cost: bool = _flag(False)
    """A player with fewer than ``riichi_cost`` points may riichi all the same (the score
    goes below zero, which busts the game only if the round ends so)."""
    open_riichi: bool = _flag(False)
    """A riichi may be declared open (``Discard(..., riichi=True)`` with ``OpenRiichi``):
    the declarer's concealed tiles are shown to every seat for the rest of the round."""
    riichi_min_tiles: int = attrs.field(
        default=attrs.Factory(_riichi_tiles_default, takes_self=True), validator=_check_points)
    """Live tiles that must be left for a riichi (``riichi_tiles_needed(players)`` unless
    given: 4, or 3 at three players)."""
    noten_payment: int = attrs.field(default=3000, validator=_check_points)
    """What the noten players pay the tenpai ones in all at an exhaustive draw, shared
    equally on both sides (so a multiple of 6, or of 2 at three players)."""
    nagashi_mangan: bool = _flag(True)
    double_ron: bool = _flag(True)
    """Two players may win on one discard (otherwise the first in turn order wins)."""
    triple_ron_draw: bool = _flag(True)
    """Three rons on one discard are an abortive draw."""
    nine_terminals: bool = _flag(True)
    four_winds: bool = _flag(True)
    four_riichi: bool = _flag(True)
    four_kans: bool = _flag(True)
    """Four kans by two or more players end the round once the fourth kan's discard passes."""
    open_kan_dora_at_discard: bool = _flag(True)
    """An open or added kan turns its dora over when its maker discards (at once if False);
    a closed kan always turns it over at once."""
    kokushi_robs_closed_kan: bool = _flag(False)
    """Thirteen orphans may win on the tile of a closed kan."""
    chombo: bool = _flag(False)
    """The engine's caller may end a round with a chombo (``Round.chombo(seat)``, for an
    offence the caller judges): the same dealer deals the hand again with the same honba,
    the offender paying a mangan with ``chombo_mangan``."""
    chombo_mangan: bool = _flag(True)
    """With ``chombo``, the offender pays a mangan as if each other player had won it
    from him by tsumo; otherwise no points move at the table (rule books that charge a
    chombo after the game, in placement points, leave that to the caller)."""
    leftover_sticks: LeftoverSticks = attrs.field(default=LeftoverSticks.FIRST,
                                                  converter=_to_leftover)
    """Where riichi sticks still on the table at the game's end go: to first place or
    to nobody."""
    round_points: bool = _flag(True)
    """Placement points are whole numbers (Tenhou's logs until about 2021); otherwise
    they keep the hundreds as one decimal (Tenhou's logs since about 2022)."""

    def __attrs_post_init__(self) -> None:
        for uma in (self.uma, *(self.floating_uma or ())):
            if len(uma) != self.players:
                raise InvalidRulesError(f"uma has one value per player ({self.players}), got "
                                        f"{uma}")
        if self.floating_uma is not None and len(self.floating_uma) != self.players + 1:
            raise InvalidRulesError(
                f"floating_uma has one uma for each count of players below the return score "
                f"(0 to {self.players}), got {len(self.floating_uma)}")
        # one to all but one player may be tenpai: the payment splits evenly among any
        # number of payers and of takers (3,000 at four players, 2,000 at three)
        parts = math.lcm(*range(1, self.players))
        if self.noten_payment % parts:
            raise InvalidRulesError(
                f"table rule 'noten_payment' must split evenly among any number of tenpai and "
                f"noten players (a multiple of {parts} at {self.players} players), got "
                f"{self.noten_payment}")

    @property
    def target(self) -> int:
        """The score that ends an extended game and that the last dealer needs to stop:
        ``target_score``, or the return score.

        >>> TableRules().target, TableRules(return_score=25000, target_score=30000).target
        (30000, 30000)
        """
        return self.return_score if self.target_score is None else self.target_score

    def uma_for(self, scores: Sequence[int]) -> tuple[int, ...]:
        """The uma that final ``scores`` are paid: ``uma``, or with ``floating_uma`` the
        entry for how many of them are below the return score.

        >>> floating = ((8, 4, -4, -8), (8, 3, 1, -12), (8, 4, -4, -8), (12, -1, -3, -8),
        ...             (8, 4, -4, -8))
        >>> TableRules(floating_uma=floating).uma_for([45000, 31000, 30000, 14000])
        (8, 3, 1, -12)

        Raises InvalidContextError unless ``scores`` holds one int per player.
        """
        scores = check_scores(scores, self.players)
        if self.floating_uma is None:
            return self.uma
        return self.floating_uma[sum(score < self.return_score for score in scores)]

    @property
    def hands(self) -> int:
        """Hands of the regular game, repeats not counted (8 for east-south, 6 with
        three players)."""
        return self.length.winds * self.players

    def placement_points(self, scores: Sequence[int]) -> tuple[float, ...]:
        """Each seat's final points: the score in thousands, rounded half away from
        zero (with ``round_points``), less the return score, plus the uma (``uma_for``);
        first place takes what makes the points add up to zero, the oka included (with
        leftover sticks ``LOST``, the oka alone: what the players started below the return
        score). Equal scores rank by seat, or with ``shared_places`` share the uma and oka
        of their places equally.

        >>> TENHOU_TABLE.placement_points([5500, 57100, 20600, 16800])
        (-44.0, 66.0, 1.0, -23.0)
        >>> TableRules(round_points=False).placement_points([14800, 31400, 24900, 28900])
        (-35.2, 41.4, -15.1, 8.9)
        >>> TableRules(shared_places=True).placement_points([30000, 30000, 20000, 20000])
        (25.0, 25.0, -25.0, -25.0)

        Raises InvalidContextError unless ``scores`` holds one int per player, each within
        a billion points of zero.
        """
        scores = check_scores(scores, self.players)
        order = seats_by_place(scores)
        base = [self._tenths_over_return(score) for score in scores]
        # each place's bonus: its uma; the first's also what makes the sum zero (the oka)
        bonus = [10 * uma for uma in self.uma_for(scores)]
        if self.leftover_sticks is not LeftoverSticks.LOST:
            bonus[0] = -sum(base) - sum(bonus[1:])
        else:
            bonus[0] += self.players * (self.return_score - self.start_score) // 100
        if self.shared_places:
            shares = [float(b) for b in bonus]
            for tied in _tied_places(scores, order):
                share = sum(bonus[place] for place in tied) / len(tied)
                for place in tied:
                    shares[place] = share
            return tuple((base[seat] + shares[place]) / 10 for place, seat in _by_seat(order))
        return tuple((base[seat] + bonus[place]) / 10 for place, seat in _by_seat(order))

    def _tenths_over_return(self, score: int) -> int:
        """A final score less the return score, in tenths of a thousand points (the
        thousands rounded half away from zero first with ``round_points``)."""
        if self.round_points:
            whole, rest = divmod(abs(score), 1000)
            whole += rest >= 500
            return 10 * ((whole if score >= 0 else -whole) - self.return_score // 1000)
        return (score - self.return_score) // 100


def _tied_places(scores: Sequence[int], order: Sequence[int]) -> list[list[int]]:
    """The places (0 first) that equal scores hold together, each run of two or more."""
    runs: list[list[int]] = []
    for place in range(1, len(order)):
        if scores[order[place]] == scores[order[place - 1]]:
            if runs and runs[-1][-1] == place - 1:
                runs[-1].append(place)
            else:
                runs.append([place - 1, place])
    return runs


def _by_seat(order: Sequence[int]) -> list[tuple[int, int]]:
    """(place, seat) pairs in seat order."""
    return sorted(enumerate(order), key=lambda pair: pair[1])


def check_stick_value(rules: Rules, table: TableRules) -> None:
    """Raises InvalidRulesError unless a riichi stick pays the winner what it cost its
    declarer (``Rules.riichi_stick_points`` equal to ``TableRules.riichi_cost``): every
    point stays on the table.

    >>> check_stick_value(Rules(), TableRules(riichi_cost=2000))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mahjong_core.errors.InvalidRulesError: a riichi stick costs 2000 ... pays the winner 1000 ...
    """
    if rules.riichi_stick_points != table.riichi_cost:
        raise InvalidRulesError(
            f"a riichi stick costs {table.riichi_cost} (TableRules.riichi_cost) but pays the "
            f"winner {rules.riichi_stick_points} (Rules.riichi_stick_points): the two must be "
            f"equal")


TENHOU_TABLE = TableRules()
"""Tenhou's ranked east-south game."""

TENHOU_EAST_TABLE = TableRules(length=GameLength.EAST)
"""Tenhou's ranked east-only game."""

MAHJONG_SOUL_TABLE = TableRules(return_score=25000, target_score=30000,
                                uma=(15, 5, -5, -15), triple_ron_draw=False,
                                round_points=False)
"""Mahjong Soul's ranked four-player east-south game (use with ``MAHJONG_SOUL_RULES``):
25,000 to start, placement points counted from the same 25,000 (no oka) on the exact
score with an uma of +15 +5 -5 -15; the game plays on into the west while nobody has
30,000; three rons on one discard all win. Otherwise as Tenhou's table."""

TENHOU_SANMA_TABLE = TableRules(players=3, start_score=35000, return_score=40000,
                                uma=(20, 0, -20), noten_payment=2000)
"""Tenhou's ranked three-player east-south game (use with ``TENHOU_SANMA_RULES``)."""
