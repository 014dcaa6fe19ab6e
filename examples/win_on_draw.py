"""Win on a draw: is the drawn tile a tsumo, and what does it score?

A non-dealer in riichi holds 234m 456p 88p 23456s and waits on 1s, 4s or 7s. The game
loop draws a tile, asks ``evaluate`` and either pays the win or goes on to the discard.

Run: ``python examples/win_on_draw.py``
"""

from __future__ import annotations

from mahjong_core import Hand, NoWin, Tile, WinContext, WinResult, evaluate


def describe(result: WinResult) -> list[str]:
    """The lines a table would show for a scored win."""
    yaku = ", ".join(f"{y.names()[0]} {han}" for y, han in result.yaku_han)
    dora = f"; dora {result.dora}, aka {result.aka}, ura {result.ura}"
    limit = f" ({result.limit.value})" if result.limit else ""
    pay = result.payments
    return [
        f"  yaku: {yaku}{dora}",
        f"  {result.han} han {result.fu} fu{limit}: {result.points} points",
        f"  the dealer pays {pay.dealer}, each other player {pay.non_dealer}, "
        f"riichi sticks {pay.sticks}: the winner receives {result.total}",
    ]


def main() -> None:
    """Check two draws against the same waiting hand."""
    hand = Hand.parse("234m45688p23456s")
    print(f"hand {hand}: waits on {' '.join(str(t) for t in sorted(hand.waits()))}")
    situation = WinContext(
        tsumo=True, riichi=True, seat_wind="S", round_wind="E",
        dora_indicators="3m", ura_indicators="9p", honba=1, riichi_sticks=1)
    for drawn in (Tile.parse("9m"), Tile.parse("4s")):
        result = evaluate(hand, drawn, situation)
        if isinstance(result, NoWin):
            print(f"draw {drawn}: no tsumo ({result.reason.value}); the player discards")
            continue
        print(f"draw {drawn}: tsumo!")
        for line in describe(result):
            print(line)


if __name__ == "__main__":
    main()
