"""Consumer code for Tenhou's walls from the shuffle seed, type-checked and never run."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice
from typing import assert_type

from mahjong_core import TileId
from mahjong_core.errors import InvalidLogError
from mahjong_core.formats import TenhouShuffle, ThreePlayerLayout, tenhou_walls
from mahjong_core.table import Wall


def walls_from_a_seed(seed: str) -> None:
    shuffles = tenhou_walls(seed)
    assert_type(shuffles, Iterator[TenhouShuffle])
    assert_type(tenhou_walls(seed, players=3), Iterator[TenhouShuffle])
    for shuffle in islice(shuffles, 3):
        assert_type(shuffle.yama, tuple[TileId, ...])
        assert_type(shuffle.dice, tuple[int, int])
        assert_type(shuffle.hex_seed, bool)
        wall = shuffle.wall(dealer=0)
        assert_type(wall, Wall)
        assert_type(wall.live, tuple[TileId, ...])
        assert_type(shuffle.wall(2).dora[0], TileId)
        ids: tuple[int, ...] = shuffle.yama
        assert ids


def three_players(seed: str) -> None:
    layout = next(tenhou_walls(seed, players=3)).three_player_layout(0)
    assert_type(layout, ThreePlayerLayout)
    assert_type(layout.hands, tuple[tuple[TileId, ...], ...])
    assert_type(layout.replacement, tuple[TileId, ...])
    hands, _, _, dora, _ = layout
    assert_type(hands[0], tuple[TileId, ...])
    assert_type(dora, tuple[TileId, ...])
    assert_type(TenhouShuffle(tuple(range(136)), (3, 4), hex_seed=True), TenhouShuffle)


def errors(seed: str) -> None:
    try:
        tenhou_walls(seed)
    except InvalidLogError as error:
        assert_type(error, InvalidLogError)


def misuse(seed: bytes, shuffle: TenhouShuffle) -> None:
    tenhou_walls(seed)  # type: ignore[arg-type]
    tenhou_walls("x", 3)  # type: ignore[call-arg]
    tenhou_walls("x", players="3")  # type: ignore[arg-type]
    shuffle.wall("east")  # type: ignore[arg-type]
    shuffle.dice = (1, 1)  # type: ignore[misc]
    TenhouShuffle(tuple(range(136)), (1, 2), True)  # type: ignore[call-arg]
    print(next(tenhou_walls("x")).rinshan)  # type: ignore[attr-defined]
