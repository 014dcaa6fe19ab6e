#!/usr/bin/env python3
"""How little a pure-Python call from 136 tile ids can cost, beside PyPI mahjong.

The bench's targets for whole calls are ratios to PyPI mahjong (``python -m mahjong_core
bench``). This script times, on the bench's own hands, the least work any pure-Python
answer from ids must do (read each id once through a table, refuse what is not an id),
so that a target below that floor shows as such. Run it from the repository root with
PyPI mahjong installed beside the package:

    python scripts/speed_floor.py            # --hands N: fewer hands, a quicker run
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import timeit
from collections.abc import Callable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong_core import Hand, Tile, WinContext, evaluate, tiles_from_ids136
from mahjong_core._core import suit as _suit
from mahjong_core._core import tables as _tables
from mahjong_core.cli.bench import _evaluate_deals, win_hands


def per_call(run: Callable[[], object], calls: int) -> float:
    """Microseconds a call: the best of seven passes, the collector off (as the bench)."""
    gc.disable()
    try:
        return min(timeit.repeat(run, number=1, repeat=7)) / calls * 1e6
    finally:
        gc.enable()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000,
                        help="hands for the win check (a tenth for evaluate): 100,000 as the bench")
    count = parser.parse_args().hands
    try:
        from mahjong.agari import Agari
        from mahjong.constants import EAST
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
        from mahjong.tile import TilesConverter
    except ImportError:
        print("PyPI mahjong is not installed: pip install mahjong==2.1.0", file=sys.stderr)
        return 1
    hands = [[*map(int, ids)] for ids in win_hands(count, 2024)[0]]  # compact lists
    value = {i: _suit.KIND_UNIT[i // 4] << 32 * (3 - i // 36) | 1 << 128 + i
             for i in range(136)}.__getitem__  # a suit key share and a presence bit per id
    ints = [int] * 14
    shape, honour_shape, low = _tables.SHAPE, _tables.HONOUR_SHAPE, (1 << 32) - 1

    def floor_verdict(ids: list[int]) -> bool:
        packed = sum(map(value, ids))
        if (packed >> 128).bit_count() != 14 or [*map(type, ids)] != ints:
            raise ValueError("not 14 distinct ids")
        a, b = shape[packed >> 96 & low], shape[packed >> 64 & low]
        c, d = shape[packed >> 32 & low], honour_shape[packed & low]
        return (a + b + c + d) & _suit.CODE_FIELD == _suit.STANDARD_TOTAL or bool(
            a & b & c & d & (_suit.SEVEN | _suit.THIRTEEN))

    if [floor_verdict(ids) for ids in hands] != [Hand.from_ids136(ids).is_complete()
                                                 for ids in hands]:
        raise AssertionError("the floor's verdict differs from Hand.is_complete")
    agari, convert = Agari(), TilesConverter.to_34_array
    peer = per_call(lambda: [agari.is_agari(convert(ids)) for ids in hands], count)
    rows = [
        ("read each id once through a table", per_call(
            lambda: [sum(map(value, ids)) for ids in hands], count)),
        ("... and refuse repeats and non-ints", per_call(
            lambda: [(sum(map(value, ids)) >> 128).bit_count() == 14
                     and [*map(type, ids)] == ints for ids in hands], count)),
        ("... and answer from the suit tables (no Hand)", per_call(
            lambda: [floor_verdict(ids) for ids in hands], count)),
        ("Hand.from_ids136(ids).is_complete()", per_call(
            lambda: [Hand.from_ids136(ids).is_complete() for ids in hands], count)),
    ]
    print(f"win check from 14 ids, {count:,} hands: PyPI mahjong {peer:.2f} us, "
          f"so 5x is {peer / 5:.2f} us")
    for what, took in rows:
        print(f"  {what:48s} {took:5.2f} us  ({peer / took:.1f}x)")

    deals = _evaluate_deals(max(1, count // 10), 2024)
    calculator = HandCalculator()
    rules = OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False)

    def peer_call(ids: list[int], win: int, dora: list[int], ura: list[int]) -> list[str]:
        config = HandConfig(is_riichi=True, player_wind=EAST, round_wind=EAST, options=rules)
        result = calculator.estimate_hand_value([*ids, win], win, dora_indicators=dora,
                                                ura_dora_indicators=ura, config=config)
        return [yaku.name for yaku in result.yaku or ()]

    peer = per_call(lambda: [peer_call(*deal) for deal in deals], len(deals))
    prepared = [(Hand.from_ids136(ids), Tile.from_id136(win),
                 WinContext(riichi=True, dora_indicators=tiles_from_ids136(dora),
                            ura_indicators=tiles_from_ids136(ura)))
                for ids, win, dora, ura in deals]
    kernel = per_call(lambda: [evaluate(*args) for args in prepared], len(deals))
    print(f"evaluate from ids, {len(deals):,} riichi rons: PyPI mahjong {peer:.1f} us "
          f"(the bench's call), so 10x is {peer / 10:.1f} us")
    print(f"  evaluate alone, its inputs built beforehand      {kernel:5.2f} us  "
          f"({peer / kernel:.1f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
