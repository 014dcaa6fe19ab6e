"""The table's draw and round-end rules, one function each, against oracles written here:
counts by ``Tile``'s own terminal-or-honour test, payments summed by hand, and tables of
cases worked out from the rules (Tenhou's ranked lobby)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_core import Rules, Tile
from mahjong_core.table import Draw, DrawKind, TableRules, Tsumo
from mahjong_core.table.draws import (
    chombo_payments,
    dealer_repeats,
    draw_after_discard,
    game_end,
    is_four_kans,
    is_four_riichi,
    is_four_winds,
    is_nine_terminals,
    is_triple_ron,
    may_draw_after_discard,
    nagashi_mangan_payments,
    next_honba,
    tenpai_payments,
    terminal_and_honour_kinds,
)

from .support.table_helpers import NOTEN, deal

E, S, W, N = 27, 28, 29, 30


@given(st.lists(st.integers(0, 33), max_size=14))
def test_terminal_and_honour_kinds_counts_distinct_yaochuu(kinds: list[int]) -> None:
    expected = len({k for k in kinds if Tile(k).is_yaochuu})
    assert terminal_and_honour_kinds(kinds) == expected
    assert is_nine_terminals(kinds) is (expected >= 9)


@pytest.mark.parametrize(("discards", "called", "players", "expected"), [
    ([E, E, E, E], False, 4, True),
    ([N, N, N, N], False, 4, True),
    ([E, E, E], False, 4, False),           # the fourth has not passed yet
    ([E, E, E, E, 3], False, 4, False),     # the moment has passed
    ([E, E, E, S], False, 4, False),
    ([31, 31, 31, 31], False, 4, False),    # dragons are no winds
    ([E, E, E, E], True, 4, False),         # a call or kan came between
    ([E, E, E, E], False, 3, False),        # not at three players
])
def test_four_winds(discards: list[int], called: bool, players: int, expected: bool) -> None:
    assert is_four_winds(discards, called=called, players=players) is expected


@pytest.mark.parametrize(("riichi", "now", "expected"), [
    ([True] * 4, True, True),
    ([True] * 4, False, False),
    ([True, True, False, True], True, False),
    ([True] * 3, True, False),
])
def test_four_riichi(riichi: list[bool], now: bool, expected: bool) -> None:
    assert is_four_riichi(riichi, declared_now=now) is expected


@pytest.mark.parametrize(("seats", "expected"), [
    ([0, 1, 2, 3], True), ([0, 0, 0, 1], True), ([2, 2, 2, 2], False),
    ([0, 1, 2], False), ([], False),
])
def test_four_kans(seats: list[int], expected: bool) -> None:
    assert is_four_kans(seats) is expected


def test_triple_ron() -> None:
    assert [is_triple_ron(n) for n in range(4)] == [False, False, False, True]


@pytest.mark.parametrize(("table", "expected"), [
    (TableRules(), DrawKind.FOUR_RIICHI),
    (TableRules(four_riichi=False), DrawKind.FOUR_WINDS),
    (TableRules(four_riichi=False, four_winds=False), DrawKind.FOUR_KANS),
    (TableRules(four_riichi=False, four_winds=False, four_kans=False), None),
    (None, DrawKind.FOUR_RIICHI),
])
def test_draw_after_discard_follows_the_table_and_its_order(
        table: TableRules | None, expected: DrawKind | None) -> None:
    """A discard that brings every abortive draw at once: the first the table has (every
    draw without table rules)."""
    assert draw_after_discard(table, riichi=[True] * 4, riichi_now=True, discards=[E] * 4,
                              called=False, kan_seats=[0, 1, 0, 1]) is expected


def _histories(kinds: tuple[int, ...], most: int) -> list[tuple[int, ...]]:
    return [h for n in range(most + 1) for h in itertools.product(kinds, repeat=n)]


@pytest.mark.parametrize("riichi", [(True,) * 4, (True, True, True, False), (True,) * 3])
def test_may_draw_after_discard_holds_whenever_a_draw_comes(riichi: tuple[bool, ...]) -> None:
    """Every discard history of up to six discards of two winds, every kan history of up
    to five kans by two seats, with and without a riichi now or a call: the quick test is
    never False where ``draw_after_discard`` (every draw on) finds one, and it is False
    somewhere."""
    quick_false = 0
    for discards in _histories((E, S), 6):
        for kans in _histories((0, 1), 5):
            for riichi_now, called in itertools.product((False, True), repeat=2):
                may = may_draw_after_discard(riichi_now=riichi_now, discards=len(discards),
                                             kans=len(kans))
                quick_false += not may
                if not may:
                    assert draw_after_discard(None, riichi=riichi, riichi_now=riichi_now,
                                              discards=discards[:5], called=called,
                                              kan_seats=kans) is None
    assert quick_false


@pytest.mark.parametrize("players", [3, 4])
def test_tenpai_payments_share_the_total_on_each_side(players: int) -> None:
    total = 3000 if players == 4 else 2000
    for size in range(players + 1):
        for tenpai in itertools.combinations(range(players), size):
            deltas = tenpai_payments(tenpai, players=players, total=total)
            assert sum(deltas) == 0
            if size in (0, players):
                assert deltas == (0,) * players
                continue
            for seat in range(players):
                share = total / size if seat in tenpai else -total / (players - size)
                assert deltas[seat] == share


@pytest.mark.parametrize(("winners", "dealer", "deltas"), [
    ([0], 0, (12000, -4000, -4000, -4000)),
    ([2], 0, (-4000, -2000, 8000, -2000)),
    ([1, 2], 0, (-8000, 6000, 6000, -4000)),
])
def test_nagashi_mangan_is_paid_as_a_mangan_tsumo(winners: list[int], dealer: int,
                                                 deltas: tuple[int, ...]) -> None:
    assert nagashi_mangan_payments(winners, dealer=dealer, rules=Rules()) == deltas


@pytest.mark.parametrize(("kind", "tenpai", "repeats"), [
    (DrawKind.EXHAUSTIVE, (0,), True),
    (DrawKind.EXHAUSTIVE, (1, 2), False),
    (DrawKind.NAGASHI_MANGAN, (), False),
    (DrawKind.FOUR_WINDS, (), True),
    (DrawKind.NINE_TERMINALS, (), True),
])
def test_the_dealer_repeats_after_tenpai_or_an_abortive_draw(
        kind: DrawKind, tenpai: tuple[int, ...], repeats: bool) -> None:
    assert dealer_repeats([Draw(kind, tenpai, (0, 0, 0, 0))], dealer=0) is repeats


def test_the_dealer_repeats_after_a_win_of_the_dealers_own() -> None:
    r = deal(["123m456p789s5566z", NOTEN, NOTEN, NOTEN], "6z")
    r.apply(Tsumo(0))
    assert dealer_repeats(r.results, dealer=0) and not dealer_repeats(r.results, dealer=1)


@pytest.mark.parametrize(("honba", "repeat", "won", "expected"), [
    (0, True, True, 1), (2, True, False, 3), (2, False, True, 0), (2, False, False, 3),
])
def test_next_honba(honba: int, repeat: bool, won: bool, expected: int) -> None:
    assert next_honba(honba, repeat=repeat, won=won) == expected


@pytest.mark.parametrize(("table", "scores", "hand_index", "repeat", "expected"), [
    (TableRules(), [30000, 30000, 41000, -1000], 0, False, "bust"),
    (TableRules(bust=False), [30000, 30000, 41000, -1000], 0, False, None),
    (TableRules(), [25000] * 4, 6, False, None),
    (TableRules(), [31000, 25000, 25000, 19000], 7, False, "last round"),
    (TableRules(), [26000, 25000, 25000, 24000], 7, False, None),   # on to the west
    (TableRules(extension=False), [26000, 25000, 25000, 24000], 7, False, "last round"),
    (TableRules(), [26000, 25000, 25000, 24000], 8, False, None),
    (TableRules(), [30000, 25000, 25000, 20000], 8, False, "extension"),
    (TableRules(), [26000, 25000, 25000, 24000], 11, False, "last round"),
    (TableRules(), [20000, 25000, 25000, 30000], 7, True, "dealer stop"),
    (TableRules(dealer_stop=False), [20000, 25000, 25000, 30000], 7, True, None),
    (TableRules(), [20000, 25000, 25000, 29900], 7, True, None),
    (TableRules(), [30000, 25000, 15000, 30000], 7, True, None),   # seat 0 ranks first
])
def test_game_end(table: TableRules, scores: list[int], hand_index: int, repeat: bool,
                  expected: str | None) -> None:
    """Seat 3 deals the last regular hand (South 4, index 7)."""
    assert game_end(table, scores, hand_index=hand_index, repeat=repeat, won=repeat,
                    abortive=False, dealer=3) == expected


def test_no_dealer_stop_after_an_abortive_draw() -> None:
    assert game_end(TableRules(), [20000, 25000, 25000, 30000], hand_index=7, repeat=True,
                    won=False, abortive=True, dealer=3) is None


@pytest.mark.parametrize(("offender", "dealer", "deltas"), [
    (0, 0, (-12000, 4000, 4000, 4000)),
    (1, 0, (4000, -8000, 2000, 2000)),
    (3, 2, (2000, 2000, 4000, -8000)),
])
def test_a_chombo_pays_a_mangan_to_the_others(offender: int, dealer: int,
                                             deltas: tuple[int, ...]) -> None:
    assert chombo_payments(offender, dealer=dealer, rules=Rules()) == deltas


def test_a_chombo_at_three_players_pays_the_two_others() -> None:
    from mahjong_core import TENHOU_SANMA_RULES

    assert chombo_payments(1, dealer=0, rules=TENHOU_SANMA_RULES) == (4000, -6000, 2000)


@pytest.mark.parametrize(("honba", "expected"), [(0, 0), (3, 3)])
def test_no_honba_is_added_after_a_chombo(honba: int, expected: int) -> None:
    assert next_honba(honba, repeat=True, won=False, chombo=True) == expected
