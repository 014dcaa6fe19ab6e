"""Seats: absolute, relative and wind, each checked exhaustively against tables written
out here, against each other and against what the table engine records."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest

from mahjong_core import (
    InvalidPaymentsError,
    InvalidSeatError,
    Payments,
    Relative,
    Wind,
    relative_seat,
    seat_from_relative,
    seat_of_wind,
    seat_wind,
)
from mahjong_core.table import MeldCalled, Win

from .support.played_games import play, play_sanma

# (seat, other) -> where other sits, as seen from seat, written out by hand: at four
# players the next in turn is on the right (shimocha), the one before on the left.
RELATIVE_4 = {
    (0, 1): "shimocha", (0, 2): "toimen", (0, 3): "kamicha",
    (1, 2): "shimocha", (1, 3): "toimen", (1, 0): "kamicha",
    (2, 3): "shimocha", (2, 0): "toimen", (2, 1): "kamicha",
    (3, 0): "shimocha", (3, 1): "toimen", (3, 2): "kamicha",
}
RELATIVE_3 = {
    (0, 1): "shimocha", (0, 2): "kamicha",
    (1, 2): "shimocha", (1, 0): "kamicha",
    (2, 0): "shimocha", (2, 1): "kamicha",
}
# dealer -> the winds of seats 0, 1, 2, 3
WINDS_4 = {0: "ESWN", 1: "NESW", 2: "WNES", 3: "SWNE"}
WINDS_3 = {0: "ESW", 1: "WES", 2: "SWE"}
LETTERS = {"E": Wind.EAST, "S": Wind.SOUTH, "W": Wind.WEST, "N": Wind.NORTH}


@pytest.mark.parametrize(("players", "table"), [(4, RELATIVE_4), (3, RELATIVE_3)])
def test_relative_seats_match_the_written_table(players: int,
                                                table: dict[tuple[int, int], str]) -> None:
    pairs = [(s, o) for s in range(players) for o in range(players) if s != o]
    assert sorted(pairs) == sorted(table)
    for (seat, other), name in table.items():
        relative = relative_seat(seat, other, players=players)
        assert relative is Relative(name)
        assert seat_from_relative(seat, relative, players=players) == other


@pytest.mark.parametrize(("players", "table"), [(4, WINDS_4), (3, WINDS_3)])
def test_seat_winds_match_the_written_table(players: int, table: dict[int, str]) -> None:
    assert sorted(table) == list(range(players))
    for dealer, letters in table.items():
        for seat, letter in enumerate(letters):
            wind = seat_wind(seat, dealer=dealer, players=players)
            assert wind is LETTERS[letter]
            assert seat_of_wind(wind, dealer=dealer, players=players) == seat
        assert letters[dealer] == "E"  # the dealer is east


def test_every_seat_sees_each_other_seat_once() -> None:
    for players in (3, 4):
        for seat in range(players):
            seen = [relative_seat(seat, o, players=players) for o in range(players) if o != seat]
            assert len(set(seen)) == players - 1
            # the player on the right sees this seat on the left, and the other way round
            for other in range(players):
                if other != seat:
                    there = relative_seat(other, seat, players=players)
                    here = relative_seat(seat, other, players=players)
                    flipped = {Relative.SHIMOCHA: Relative.KAMICHA,
                               Relative.KAMICHA: Relative.SHIMOCHA,
                               Relative.TOIMEN: Relative.TOIMEN}
                    assert there is flipped[here]


BAD_SEATS: list[Any] = [-1, 4, True, False, None, "1", 1.0, 10 ** 100]


@pytest.mark.parametrize("bad", BAD_SEATS)
def test_bad_seats_are_refused(bad: Any) -> None:
    calls: list[Callable[[], object]] = [
        lambda: relative_seat(bad, 1), lambda: relative_seat(1, bad),
        lambda: seat_from_relative(bad, Relative.TOIMEN),
        lambda: seat_wind(bad, dealer=0), lambda: seat_wind(0, dealer=bad),
        lambda: seat_of_wind(Wind.EAST, dealer=bad)]
    if bad != 4:
        calls += [lambda: relative_seat(0, 1, players=bad),
                  lambda: seat_wind(0, dealer=0, players=bad)]
    for call in calls:
        with pytest.raises(InvalidSeatError):
            call()


def test_impossible_seats_are_refused() -> None:
    with pytest.raises(InvalidSeatError, match="no relative seat to itself"):
        relative_seat(2, 2)
    with pytest.raises(InvalidSeatError, match="an int 0-2 at 3 players, not 3"):
        relative_seat(0, 3, players=3)
    with pytest.raises(InvalidSeatError, match="no toimen at 3 players"):
        seat_from_relative(0, Relative.TOIMEN, players=3)
    with pytest.raises(InvalidSeatError, match="no seat has the north wind"):
        seat_of_wind(Wind.NORTH, dealer=0, players=3)
    with pytest.raises(InvalidSeatError, match="a Relative, not 'toimen'"):
        seat_from_relative(0, "toimen")  # type: ignore[arg-type]
    with pytest.raises(InvalidSeatError, match="a Wind, not 0"):
        seat_of_wind(0, dealer=0)  # type: ignore[arg-type]
    assert seat_wind(3, dealer=3, players=4) is Wind.EAST


def test_the_engine_uses_the_same_convention() -> None:
    """Every call the engine records names its source both ways, and every win's seat
    wind is the winner's: the converters agree with both on played games."""
    calls = winds = 0
    for players, record in [(4, play(seed)) for seed in range(3)] + [
            (3, play_sanma(seed)) for seed in range(3)]:
        for played in record.rounds:
            for event in played.events:
                if isinstance(event, MeldCalled) and event.meld.from_seat is not None:
                    relative = relative_seat(event.seat, event.meld.from_seat, players=players)
                    assert event.meld.meld.called_from is relative
                    assert seat_from_relative(event.seat, relative,
                                              players=players) == event.meld.from_seat
                    calls += 1
            for result in played.results:
                if isinstance(result, Win):
                    assert result.context.seat_wind is seat_wind(
                        result.winner, dealer=played.dealer, players=players)
                    winds += 1
    assert calls > 10 and winds > 5


# -- Payments.deltas: every combination of seats ------------------------------------------

PAYMENTS = {
    "ron": (Payments(discarder=3900, sticks=1000), Payments(discarder=3900, players=3)),
    "ron with pao": (Payments(discarder=16000, liable=16000),
                     Payments(discarder=16000, liable=16000, players=3)),
    "non-dealer tsumo": (Payments(dealer=2000, non_dealer=1000, non_dealer_payers=2),
                         Payments(dealer=2000, non_dealer=1000, non_dealer_payers=1,
                                  players=3)),
    "dealer tsumo": (Payments(non_dealer=2000, non_dealer_payers=3, sticks=2000),
                     Payments(non_dealer=2000, non_dealer_payers=2, players=3)),
    "tsumo with pao": (Payments(liable=32000, non_dealer_payers=2),
                       Payments(liable=32000, non_dealer_payers=1, players=3)),
}


def _fits(name: str, players: int, winner: int, dealer: int, discarder: int | None,
          liable: int | None) -> bool:
    """Whether the seats fit the payments, by the rules as a player states them."""
    ron = name.startswith("ron")
    pao = name.endswith("pao")
    if ron and discarder in (None, winner):
        return False  # somebody else dealt in
    if not ron and discarder is not None:
        return False  # nobody deals in on a tsumo
    if name == "dealer tsumo" and winner != dealer:
        return False
    if name in ("non-dealer tsumo", "tsumo with pao") and winner == dealer:
        return False
    if pao:
        return liable is not None and liable != winner
    return liable is None


@pytest.mark.parametrize("name", list(PAYMENTS))
@pytest.mark.parametrize("players", [4, 3])
def test_deltas_accept_exactly_the_seats_that_fit(name: str, players: int) -> None:
    payments = PAYMENTS[name][players == 3]
    options = [None, *range(players)]
    accepted = 0
    for winner, dealer, discarder, liable in itertools.product(
            range(players), range(players), options, options):
        if not _fits(name, players, winner, dealer, discarder, liable):
            with pytest.raises(InvalidSeatError):
                payments.deltas(winner, dealer=dealer, discarder=discarder, liable=liable)
            continue
        accepted += 1
        deltas = payments.deltas(winner, dealer=dealer, discarder=discarder, liable=liable)
        want = [0] * players
        if discarder is not None:
            want[discarder] -= payments.discarder
        if liable is not None:
            want[liable] -= payments.liable
        if name.endswith("tsumo"):
            for seat in range(players):
                if seat != winner:
                    want[seat] -= payments.dealer if seat == dealer else payments.non_dealer
        want[winner] = payments.total
        assert deltas == tuple(want)
        assert sum(deltas) == payments.sticks
    assert accepted > 0


def test_payments_errors_are_their_own() -> None:
    with pytest.raises(InvalidPaymentsError):
        Payments(discarder=-1)
    with pytest.raises(InvalidPaymentsError):
        Payments(discarder=100, players=5)
    assert not issubclass(InvalidPaymentsError, InvalidSeatError)
    assert not issubclass(InvalidSeatError, InvalidPaymentsError)
