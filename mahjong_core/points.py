"""Points: limits, base points and who pays what."""

from __future__ import annotations

import enum

import attrs

from .errors import InvalidHandError, InvalidPaymentsError, InvalidSeatError, quote
from .rules import TENHOU_RULES, Rules

__all__ = ["Limit", "Payments", "base_points", "limit_of", "payments_for"]


class Limit(enum.Enum):
    """A scoring limit; the value is its name in JSON."""

    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    KAZOE_YAKUMAN = "kazoe_yakuman"
    YAKUMAN = "yakuman"
    DOUBLE_YAKUMAN = "double_yakuman"
    TRIPLE_YAKUMAN = "triple_yakuman"
    QUADRUPLE_YAKUMAN = "quadruple_yakuman"
    QUINTUPLE_YAKUMAN = "quintuple_yakuman"
    SEXTUPLE_YAKUMAN = "sextuple_yakuman"
    SEPTUPLE_YAKUMAN = "septuple_yakuman"
    OCTUPLE_YAKUMAN = "octuple_yakuman"


_MULTIPLES = (Limit.YAKUMAN, Limit.DOUBLE_YAKUMAN, Limit.TRIPLE_YAKUMAN,
              Limit.QUADRUPLE_YAKUMAN, Limit.QUINTUPLE_YAKUMAN, Limit.SEXTUPLE_YAKUMAN,
              Limit.SEPTUPLE_YAKUMAN, Limit.OCTUPLE_YAKUMAN)


def limit_of(han: int, fu: int, yakuman: int = 0,
             rules: Rules = TENHOU_RULES) -> tuple[Limit | None, int]:
    """The limit reached and the base points of a hand.

    ``yakuman`` is the number of yakuman (0 for an ordinary hand), at most the rules'
    ``yakuman_limit``; a counted hand of 13 han or more is a yakuman under
    ``kazoe_yakuman`` (one more for each 13 han under ``kazoe_multiple``), else a
    sanbaiman. Raises InvalidHandError for a negative count.

    >>> limit_of(3, 70)
    (<Limit.MANGAN: 'mangan'>, 2000)
    >>> limit_of(4, 30)
    (None, 1920)
    """
    if han < 0 or fu < 0 or yakuman < 0:
        raise InvalidHandError(f"han, fu and yakuman are counts, got {(han, fu, yakuman)}")
    if han >= 26 and rules.kazoe_multiple and not yakuman:
        yakuman = han // 13
    if yakuman:
        if rules.yakuman_limit:
            yakuman = min(yakuman, rules.yakuman_limit)
        return _MULTIPLES[min(yakuman, len(_MULTIPLES)) - 1], 8000 * yakuman
    if han >= 13:
        if rules.kazoe_yakuman:
            return Limit.KAZOE_YAKUMAN, 8000
        return Limit.SANBAIMAN, 6000
    if han >= 11:
        return Limit.SANBAIMAN, 6000
    if han >= 8:
        return Limit.BAIMAN, 4000
    if han >= 6:
        return Limit.HANEMAN, 3000
    base = fu << (han + 2)
    if han >= 5 or base >= 2000 or (rules.kiriage_mangan and base == 1920):
        return Limit.MANGAN, 2000
    return None, base


def base_points(han: int, fu: int, rules: Rules = TENHOU_RULES) -> int:
    """Base points (fu x 2^(han+2), capped by the limits) of an ordinary hand."""
    return limit_of(han, fu, 0, rules)[1]


def _up(points: int) -> int:
    return -(-points // 100) * 100


MAX_PAYMENT = 10 ** 9
"""The most any one part of a payment may be: far beyond what the rules can produce
(honba and riichi sticks are bounded), and small enough to print and write as JSON."""

_PAYMENT_FIELDS = ("discarder", "dealer", "non_dealer", "non_dealer_payers", "liable", "sticks")


@attrs.frozen(init=False, repr=False)
class Payments:
    """Who pays the winner what, honba included.

    On ron only ``discarder`` is set (plus ``liable`` with pao); on a non-dealer's tsumo
    ``dealer`` is what the dealer pays and ``non_dealer`` what each other player pays;
    on the dealer's tsumo ``non_dealer`` is what each of the others pays. ``sticks`` are
    the riichi sticks the winner collects; ``total`` is everything the winner receives.
    ``players`` is 4, or 3 at a three-player table (a tsumo is paid by the two others).
    The values sit in one tuple behind read-only properties.
    Raises InvalidPaymentsError for a part that is not an int 0-``MAX_PAYMENT`` or parts
    that contradict each other: a discarder's payment on a tsumo, a dealer's or
    non-dealer's payment on a ron, a dealer's payment on the dealer's own tsumo.

    >>> Payments(discarder=8300).total
    8300
    """

    _values: tuple[int, int, int, int, int, int, int]

    def __init__(self, discarder: int = 0, dealer: int = 0, non_dealer: int = 0,
                 non_dealer_payers: int = 0, liable: int = 0, sticks: int = 0, *,
                 players: int = 4) -> None:
        values = (discarder, dealer, non_dealer, non_dealer_payers, liable, sticks)
        for name, value in zip(_PAYMENT_FIELDS, values, strict=True):
            if type(value) is not int or not 0 <= value <= MAX_PAYMENT:
                raise InvalidPaymentsError(f"payment {name!r} must be an int 0-{MAX_PAYMENT}, "
                                       f"got {quote(value)}")
        if type(players) is not int or players not in (3, 4):
            raise InvalidPaymentsError(f"players is 3 or 4, not {quote(players)}")
        if non_dealer_payers not in (0, players - 2, players - 1):
            raise InvalidPaymentsError(
                f"non_dealer_payers is 0, {players - 2} or {players - 1} at a {players}-player "
                f"table, not {quote(non_dealer_payers)}")
        if non_dealer_payers and discarder:
            raise InvalidPaymentsError(f"a tsumo (non_dealer_payers {non_dealer_payers}) has no "
                                   f"discarder to pay {discarder}")
        if not non_dealer_payers and (dealer or non_dealer):
            raise InvalidPaymentsError("a ron (non_dealer_payers 0) is paid by the discarder "
                                   "alone; dealer and non_dealer must be 0")
        if non_dealer_payers == players - 1 and dealer:
            raise InvalidPaymentsError(f"on the dealer's tsumo (non_dealer_payers "
                                   f"{non_dealer_payers}) the others pay non_dealer; dealer "
                                   "must be 0")
        object.__setattr__(self, "_values", (*values, players))

    @property
    def discarder(self) -> int:
        """What the discarder pays on ron (honba included)."""
        return self._values[0]

    @property
    def dealer(self) -> int:
        """What the dealer pays on a non-dealer's tsumo."""
        return self._values[1]

    @property
    def non_dealer(self) -> int:
        """What each paying non-dealer pays on tsumo."""
        return self._values[2]

    @property
    def non_dealer_payers(self) -> int:
        """How many players pay ``non_dealer`` (2 or 3 on tsumo, 0 on ron)."""
        return self._values[3]

    @property
    def liable(self) -> int:
        """What the player liable for a daisangen or daisuushii pays (pao)."""
        return self._values[4]

    @property
    def sticks(self) -> int:
        """The riichi sticks the winner collects, in points."""
        return self._values[5]

    @property
    def players(self) -> int:
        """Players at the table (4, or 3)."""
        return self._values[6]

    def __repr__(self) -> str:
        fields = [f"{name}={value}" for name, value
                  in zip(_PAYMENT_FIELDS, self._values[:6], strict=True) if value]
        if self.players != 4:
            fields.append(f"players={self.players}")
        return f"Payments({', '.join(fields)})"

    @property
    def total(self) -> int:
        """Everything the winner receives."""
        return (self.discarder + self.dealer + self.non_dealer * self.non_dealer_payers
                + self.liable + self.sticks)

    def deltas(self, winner: int, *, dealer: int, discarder: int | None = None,
               liable: int | None = None) -> tuple[int, ...]:
        """Each seat's score change (seats 0-3, or 0-2 at three players), the riichi
        sticks going to the winner.

        Seats are absolute (``mahjong_core.seats``). ``discarder`` is given on a ron and
        only then; ``liable`` when a liable player pays (pao) and only then. The changes
        add up to the sticks the winner takes from the table.
        Raises InvalidSeatError for a seat that is not an int 0-3 (0-2 at three
        players) and for seats that do not fit these payments: a missing discarder on
        a ron or one given on a tsumo, a discarder or liable seat that is the winner, a
        liable seat missing or given without a liability payment, a winner who is (or
        is not) the dealer when the payments are a non-dealer's (a dealer's) tsumo.

        >>> Payments(dealer=4100, non_dealer=2100, non_dealer_payers=2).deltas(1, dealer=0)
        (-4100, 8300, -2100, -2100)
        >>> Payments(discarder=2000).deltas(1, dealer=0, discarder=3, liable=2)
        Traceback (most recent call last):
          ...
        mahjong_core.errors.InvalidSeatError: liable seat 2 given without a liability payment
        """
        players = self.players
        for name, seat in (("winner", winner), ("dealer", dealer), ("discarder", discarder),
                           ("liable", liable)):
            if (seat is not None or name in ("winner", "dealer")) and (
                    type(seat) is not int or not 0 <= seat < players):
                raise InvalidSeatError(f"{name} is a seat, an int 0-{players - 1}, "
                                       f"got {quote(seat)}")
        tsumo = self.non_dealer_payers != 0
        dealer_tsumo = self.non_dealer_payers == players - 1
        if tsumo and dealer_tsumo != (winner == dealer):
            whose = "dealer" if dealer_tsumo else "non-dealer"
            raise InvalidSeatError(f"these payments are for a {whose} tsumo, but the winner "
                                   f"is seat {winner} and the dealer seat {dealer}")
        if tsumo and discarder is not None:
            raise InvalidSeatError(f"these payments are for a tsumo, which has no discarder; "
                                   f"got discarder {discarder}")
        if not tsumo and (discarder is None or discarder == winner):
            raise InvalidSeatError(f"a ron needs a discarder other than the winner (seat "
                                   f"{winner}), got {quote(discarder)}")
        if self.liable and (liable is None or liable == winner):
            raise InvalidSeatError(f"a liability payment needs the liable player's seat, "
                                   f"other than the winner (seat {winner}); got {quote(liable)}")
        if not self.liable and liable is not None:
            raise InvalidSeatError(f"liable seat {liable} given without a liability payment")
        change = [0] * players
        if not tsumo:
            assert discarder is not None
            change[discarder] -= self.discarder
        else:
            for seat in range(players):
                if seat != winner:
                    change[seat] -= self.dealer if seat == dealer else self.non_dealer
        if liable is not None:
            change[liable] -= self.liable
        change[winner] = self.sticks - sum(change)
        return tuple(change)

    def as_dict(self) -> dict[str, int]:
        """The payments as the JSON interface writes them (without sticks)."""
        if self.non_dealer_payers == 0:
            out = {"discarder": self.discarder}
        elif self.non_dealer_payers == self.players - 1:
            out = {"non_dealer": self.non_dealer}
        else:
            out = {"dealer": self.dealer, "non_dealer": self.non_dealer}
        if self.liable:
            out["liable"] = self.liable
        return out


def payments_for(base: int, *, dealer: bool, tsumo: bool, honba: int = 0,
                 riichi_sticks: int = 0, liable_base: int = 0,
                 rules: Rules = TENHOU_RULES) -> tuple[int, Payments]:
    """The hand's points (without honba and sticks) and the payments.

    ``liable_base`` is the part of ``base`` that a liable player (pao) pays: in full on
    tsumo (with the honba), half of it on ron, the discarder paying the rest; the honba
    of a ron goes to the liable player under ``rules.pao_whole_hand``, else to the
    discarder.

    >>> payments_for(2000, dealer=False, tsumo=True, honba=1)[1].as_dict()
    {'dealer': 4100, 'non_dealer': 2100}
    """
    if rules.players == 4 and not liable_base:
        return four_player_payments(base, dealer, tsumo, honba * rules.honba_points,
                                    riichi_sticks * rules.riichi_stick_points)
    payers = rules.players - 1
    honba_each = honba * rules.honba_points // payers
    sticks = riichi_sticks * rules.riichi_stick_points
    factor = 6 if dealer else 4
    players = rules.players
    if not tsumo:
        points = _up(base * factor)
        liable = liable_base * factor // 2
        discarder = points - liable
        if liable and rules.pao_whole_hand:
            liable += honba * rules.honba_points
        else:
            discarder += honba * rules.honba_points
        return points, Payments(discarder=discarder, liable=liable, sticks=sticks,
                                players=players)
    factor = 2 * payers if dealer else 1 + payers  # a tsumo's total in base points
    if liable_base:
        liable = liable_base * factor + honba * rules.honba_points
        rest = base - liable_base
        honba_each = 0
    else:
        liable, rest = 0, base
    if dealer:
        each = _up(2 * rest) if rest else 0
        points = payers * each + (liable_base * factor)
        return points, Payments(non_dealer=each + (honba_each if rest else 0),
                                non_dealer_payers=payers, liable=liable, sticks=sticks,
                                players=players)
    from_dealer = _up(2 * rest) if rest else 0
    from_other = _up(rest) if rest else 0
    points = from_dealer + (payers - 1) * from_other + liable_base * factor
    return points, Payments(dealer=from_dealer + (honba_each if rest else 0),
                            non_dealer=from_other + (honba_each if rest else 0),
                            non_dealer_payers=payers - 1, liable=liable, sticks=sticks,
                            players=players)


_new = object.__new__
_set_values = Payments.__dict__["_values"].__set__


def four_player_payments(base: int, dealer: bool, tsumo: bool, honba: int,
                         sticks: int) -> tuple[int, Payments]:
    """``payments_for`` at four players without a liable player, where the scorer
    spends its time: ``honba`` and ``sticks`` in points (internal, arguments checked by
    the caller)."""
    payments = _new(Payments)
    if not tsumo:
        points = -(-base * (6 if dealer else 4) // 100) * 100
        _set_values(payments, (points + honba, 0, 0, 0, 0, sticks, 4))
    elif dealer:
        each = -(-2 * base // 100) * 100
        points = 3 * each
        _set_values(payments, (0, 0, each + honba // 3, 3, 0, sticks, 4))
    else:
        from_dealer = -(-2 * base // 100) * 100
        from_other = -(-base // 100) * 100
        points = from_dealer + 2 * from_other
        _set_values(payments, (0, from_dealer + honba // 3, from_other + honba // 3, 2, 0,
                               sticks, 4))
    return points, payments
