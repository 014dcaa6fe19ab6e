"""The table's rules that the rule sets change around the hands: a target score apart from
the return score, an uma that floats with the scores, where leftover riichi sticks go, and
whether a chombo is paid at the table. Each option present and just absent; the game's
flow on stacked walls."""

from __future__ import annotations

import pytest

from mahjong_core.errors import InvalidRulesError
from mahjong_core.table import (
    MAHJONG_SOUL_TABLE,
    TENHOU_TABLE,
    Draw,
    DrawKind,
    Game,
    LeftoverSticks,
    TableRules,
)
from mahjong_core.table.draws import dealer_stops, game_end
from mahjong_core.table.game import _pay_leftover_sticks

from .support.table_helpers import NOTEN, play_out, stacked_wall, step

FLOATING = ((8, 4, -4, -8), (8, 3, 1, -12), (8, 4, -4, -8), (12, -1, -3, -8), (8, 4, -4, -8))
"""An uma by how many players end below the return score (none to all four)."""


def test_the_defaults_are_tenhous() -> None:
    table = TableRules()
    assert (table.target_score, table.target, table.floating_uma, table.leftover_sticks,
            table.chombo_mangan) == (None, 30000, None, LeftoverSticks.FIRST, True)


@pytest.mark.parametrize("changes", [
    {"target_score": -1}, {"target_score": "30000"}, {"target_score": True},
    {"floating_uma": FLOATING[:4]}, {"floating_uma": ((8, 4, -4, -8),) * 6},
    {"floating_uma": (*FLOATING[:4], (8, 4, -4))},
    {"floating_uma": (*FLOATING[:4], (9, 4, -4, -8))},
    {"floating_uma": "8 4 -4 -8"}, {"leftover_sticks": "nobody"}, {"leftover_sticks": 0},
    {"chombo_mangan": 1},
])
def test_bad_values_are_refused(changes: dict[str, object]) -> None:
    with pytest.raises(InvalidRulesError):
        TableRules(**changes)  # type: ignore[arg-type]


def test_leftover_sticks_are_read_by_name() -> None:
    assert TableRules(leftover_sticks="lost").leftover_sticks is LeftoverSticks.LOST


# -- the target score ---------------------------------------------------------------------

BELOW_TARGET = [29000, 27000, 24000, 20000]
"""After the last hand, two players above 25,000 and nobody at 30,000."""


@pytest.mark.parametrize(("table", "end"), [
    (TableRules(return_score=25000, target_score=30000), None),  # into the west
    (TableRules(return_score=25000), "last round"),              # the return score reached
    (TableRules(), None),
])
def test_the_target_decides_the_extension(table: TableRules, end: str | None) -> None:
    assert game_end(table, BELOW_TARGET, hand_index=7, repeat=False, won=True, abortive=False,
                    dealer=3) == end


@pytest.mark.parametrize(("table", "stops"), [
    (TableRules(return_score=25000, target_score=30000), False),
    (TableRules(return_score=25000), True),
])
def test_the_target_decides_the_dealer_stop(table: TableRules, stops: bool) -> None:
    assert dealer_stops(table, [20000, 24000, 27000, 29000], dealer=3, won=True,
                        abortive=False) is stops


def test_a_target_leaves_the_placement_points_to_the_return_score() -> None:
    scores = [35000, 30000, 20000, 15000]
    assert TableRules(return_score=25000, target_score=30000, uma=(15, 5, -5, -15)
                      ).placement_points(scores) == (25.0, 10.0, -10.0, -25.0)


# -- the floating uma ---------------------------------------------------------------------


@pytest.mark.parametrize(("scores", "uma"), [
    ([40000, 32000, 31000, 17000], FLOATING[1]),
    ([50000, 30000, 25000, 15000], FLOATING[2]),  # 30,000 is not below
    ([60000, 25000, 20000, 15000], FLOATING[3]),
    ([30000, 30000, 30000, 30000], FLOATING[0]),
])
def test_the_uma_floats_with_the_players_below_the_return_score(
        scores: list[int], uma: tuple[int, ...]) -> None:
    table = TableRules(start_score=30000, floating_uma=FLOATING, round_points=False)
    assert table.uma_for(scores) == uma
    order = sorted(range(4), key=lambda seat: -scores[seat])
    expected = [0.0] * 4
    for place, seat in enumerate(order):
        expected[seat] = (scores[seat] - 30000) / 1000 + uma[place]
    assert table.placement_points(scores) == pytest.approx(expected)
    assert TableRules(start_score=30000).uma_for(scores) == TENHOU_TABLE.uma


# -- leftover riichi sticks ---------------------------------------------------------------

WAIT_47S = "234m567m888p22s56s"


def busted_with_a_stick(leftover: LeftoverSticks) -> Game:
    """The dealer, on 500 points, riichis below the stick's cost and is alone tenpai at
    the draw: the others pay 1,000 each and go below zero, the stick still on the table."""
    table = TableRules(start_score=500, return_score=500, riichi_below_cost=True,
                       leftover_sticks=leftover, round_points=False)
    game = Game(table=table)
    game_round = game.deal(stacked_wall([WAIT_47S, NOTEN, NOTEN, NOTEN], "8m"))
    step(game_round, "*!")
    play_out(game_round)
    assert game.is_over and game.sticks == 1
    return game


@pytest.mark.parametrize(("leftover", "final", "total"), [
    (LeftoverSticks.FIRST, (3500, -500, -500, -500), 2000),
    (LeftoverSticks.SHARED, (3500, -500, -500, -500), 2000),  # no tie: as FIRST
    (LeftoverSticks.LOST, (2500, -500, -500, -500), 1000),
])
def test_leftover_sticks_go_to_first_place_or_to_nobody(
        leftover: LeftoverSticks, final: tuple[int, ...], total: int) -> None:
    record = busted_with_a_stick(leftover).record()
    assert record.final_scores == final and sum(record.final_scores) == total
    # the placement points add up to zero, or to the lost stick's value below it
    assert sum(record.points) == pytest.approx((total - 2000) / 1000)


@pytest.mark.parametrize(("scores", "points", "leftover", "final"), [
    ([30000, 30000, 20000, 19000], 1000, LeftoverSticks.FIRST, [31000, 30000, 20000, 19000]),
    ([30000, 30000, 20000, 19000], 1000, LeftoverSticks.SHARED, [30500, 30500, 20000, 19000]),
    ([20000, 30000, 30000, 19000], 2000, LeftoverSticks.SHARED, [20000, 31000, 31000, 19000]),
    # three equal: what does not split evenly goes to the first of them by seat
    ([25000, 25000, 25000, 25000 - 1], 1000, LeftoverSticks.SHARED, [25334, 25333, 25333, 24999]),
    ([30000, 30000, 20000, 19000], 1000, LeftoverSticks.LOST, [30000, 30000, 20000, 19000]),
])
def test_leftover_sticks_split_between_equal_first_places(
        scores: list[int], points: int, leftover: LeftoverSticks, final: list[int]) -> None:
    paid = list(scores)
    _pay_leftover_sticks(paid, points, leftover)
    assert paid == final


# -- chombo -------------------------------------------------------------------------------


@pytest.mark.parametrize(("mangan", "deltas"), [
    (True, (4000, -8000, 2000, 2000)),
    (False, (0, 0, 0, 0)),
])
def test_a_chombo_is_paid_at_the_table_only_with_chombo_mangan(
        mangan: bool, deltas: tuple[int, ...]) -> None:
    game = Game(table=TableRules(chombo=True, chombo_mangan=mangan))
    game_round = game.deal(stacked_wall([NOTEN] * 4))
    game_round.chombo(1)
    assert game_round.results == (Draw(DrawKind.CHOMBO, (), deltas),)
    assert game.scores == tuple(25000 + d for d in deltas)
    assert (game.next_round_name, game.honba) == ("E1", 0)   # the same hand dealt again


# -- Mahjong Soul's table -----------------------------------------------------------------


def test_mahjong_souls_placement_counts_from_the_start_with_its_uma() -> None:
    """S0: (score - 25,000) / 1,000 + uma 15/5, on the exact score."""
    assert MAHJONG_SOUL_TABLE.placement_points([42300, 25000, 18700, 14000]) == (
        32.3, 5.0, -11.3, -26.0)


def test_mahjong_soul_plays_on_until_someone_has_thirty_thousand() -> None:
    """S1: past the last hand while nobody has 30,000, though placement counts from
    25,000."""
    assert game_end(MAHJONG_SOUL_TABLE, BELOW_TARGET, hand_index=7, repeat=False, won=True,
                    abortive=False, dealer=3) is None
    assert game_end(MAHJONG_SOUL_TABLE, [30000, 27000, 24000, 19000], hand_index=8,
                    repeat=False, won=True, abortive=False, dealer=0) == "extension"
