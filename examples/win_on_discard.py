"""Win on a discard: the three other players check it for ron, before any call.

The dealer (P0) discards 3s with 1 honba and 1 riichi stick on the table:

* P1 (South) waits on 3s/6s with all simples and pinfu, and could also chi 3s with 45s;
* P2 (West) waits on 3s/5p, but discarded a 3s earlier: furiten, no ron; it could pon;
* P3 (North) has a pon of chun and waits on 3s (edge wait).

Ron comes first, so the pon and the chi are never offered. Two players win (a double
ron, as Tenhou allows): both are paid by the discarder, and the first winner in turn
order after the discarder takes the honba and the riichi sticks. Had all three won,
Tenhou would abort the hand (a triple ron is an abortive draw) and so does ``resolve``.

Run: ``python examples/win_on_discard.py``
"""

from __future__ import annotations

import attrs

from mahjong_core import (
    FuritenTracker,
    Hand,
    NoWin,
    Tile,
    WinContext,
    Wind,
    WinResult,
    evaluate,
    format_tiles,
)


@attrs.frozen
class Seat:
    """What the table knows about one player."""

    name: str
    wind: Wind
    hand: Hand
    furiten: FuritenTracker


def calls_possible(seat: Seat, tile: Tile, discarder_on_left: bool) -> list[str]:
    """The pon and chi ``seat`` could make on ``tile`` if nobody won on it."""
    calls = ["pon"] if seat.hand.count(tile) >= 2 else []
    if discarder_on_left and not tile.is_honour:
        for low in range(tile.kind - 2, tile.kind + 1):
            run = [Tile.from_kind(k) for k in range(low, low + 3) if k != tile.kind]
            same_suit = low // 9 == (low + 2) // 9 == tile.kind // 9 and low >= 0
            if same_suit and all(seat.hand.count(t) for t in run):
                calls.append(f"chi with {format_tiles(run)}")
    return calls


def resolve(tile: Tile, others: list[Seat], honba: int, sticks: int
            ) -> list[tuple[Seat, WinResult]]:
    """Check a discard for ron by the other players, given in turn order after the
    discarder; return the winners.

    The first winner gets ``honba`` and ``sticks``; a triple ron returns no winner.
    """
    winners: list[tuple[Seat, WinResult]] = []
    for seat in others:
        first = not winners
        context = WinContext(
            seat_wind=seat.wind, round_wind=Wind.EAST, dora_indicators="1z",
            furiten=seat.furiten.is_furiten(seat.hand),
            honba=honba if first else 0, riichi_sticks=sticks if first else 0)
        result = evaluate(seat.hand, tile, context)
        if isinstance(result, NoWin):
            print(f"  {seat.name}: no ron ({result.reason.value})")
            continue
        yaku = ", ".join(f"{y.names()[0]} {han}" for y, han in result.yaku_han)
        print(f"  {seat.name}: ron! {yaku}; {result.han} han {result.fu} fu, "
              f"{result.points} points; {seat.name} receives {result.total} "
              f"({result.payments.discarder} from the discarder, "
              f"{result.payments.sticks} in riichi sticks)")
        winners.append((seat, result))
    if len(winners) == 3:
        print("  triple ron: an abortive draw, nobody is paid")
        return []
    return winners


def main() -> None:
    """One discard, three ron checks, and the calls that ron pre-empts."""
    three_s = Tile.parse("3s")
    others = [  # in turn order after the discarder, P0 (the dealer)
        Seat("P1", Wind.SOUTH, Hand.parse("234567m34588p45s"),
             FuritenTracker().discarded(Tile.parse("1z"))),
        Seat("P2", Wind.WEST, Hand.parse("234456m55666p33s"),
             FuritenTracker().discarded(three_s)),
        Seat("P3", Wind.NORTH, Hand.parse("56799m789p12s pon:777z:7z:kamicha"),
             FuritenTracker()),
    ]
    print(f"P0 discards {three_s}; 1 honba and 1 riichi stick on the table")
    winners = resolve(three_s, others, honba=1, sticks=1)
    for seat in others:
        calls = calls_possible(seat, three_s, discarder_on_left=seat is others[0])
        if calls:
            print(f"  {seat.name} could {' or '.join(calls)}, but ron comes first")
    names = " and ".join(seat.name for seat, _ in winners)
    kind = "double ron" if len(winners) == 2 else "ron"
    paid = sum(result.payments.discarder for _, result in winners)
    print(f"{kind}: {names} win; P0 pays {paid} in all")


if __name__ == "__main__":
    main()
