"""The competition presets, case by case as their rule documents state them.

Each case names its source as ``docs/rules.md`` lists it (W = World Riichi Championship
2022, E = EMA Riichi Competition Rules 2016, M = M-League, J = the Japan Professional
Mahjong League's rules A and B) and works its expected value out
from the rule: the placement points from the document's own formula, the payments from the
scoring table, the table's behaviour from what the rule allows.
"""

from __future__ import annotations

import pathlib
import random

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mahjong_core import Hand, Tile, WinContext, evaluate
from mahjong_core.errors import InvalidContextError
from mahjong_core.presets import (
    EMA_RULES,
    EMA_TABLE,
    JPML_A_RULES,
    JPML_A_TABLE,
    JPML_B_RULES,
    JPML_B_TABLE,
    MLEAGUE_RULES,
    MLEAGUE_TABLE,
    WRC_RULES,
    WRC_TABLE,
)
from mahjong_core.rules import MAHJONG_SOUL_RULES, TENHOU_RULES, Rules
from mahjong_core.scoring import WinResult
from mahjong_core.table import (
    MAHJONG_SOUL_TABLE,
    TENHOU_TABLE,
    LeftoverSticks,
    Ron,
    Round,
    TableRules,
    Wall,
    Win,
)
from mahjong_core.table.rules import check_stick_value

from .support.table_helpers import NOTEN, deal, discard, step

PRESETS = {"wrc": (WRC_RULES, WRC_TABLE), "ema": (EMA_RULES, EMA_TABLE),
           "mleague": (MLEAGUE_RULES, MLEAGUE_TABLE)}

RANK_POINTS = {"wrc": (15, 5, -5, -15), "ema": (15, 5, -5, -15),
               "mleague": (50, 10, -10, -30)}
"""Each place's points on top of (score - 30,000) / 1,000, as each document gives them:
WRC session score = (score - 30,000) / 1,000 + uma [W4, W6]; EMA uma 15/5, no oka, scores
not rounded [E1]; M-League rank points +50 +10 -10 -30, the oka of 20 included
[M1]."""


def scored(hand: str, tile: str, rules: Rules, **situation: object) -> WinResult:
    result = evaluate(Hand.parse(hand), Tile.parse(tile), WinContext(**situation), rules)  # type: ignore[arg-type]
    assert isinstance(result, WinResult), result
    return result


# -- each preset is a table a game can be played by ---------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_each_preset_pays_a_riichi_stick_what_it_costs_and_deals_a_round(name: str) -> None:
    rules, table = PRESETS[name]
    check_stick_value(rules, table)
    game_round = Round(Wall.shuffled(random.Random(1), dealer=0), dealer=0,
                       rules=rules, table=table)
    assert game_round.scores == (table.start_score,) * 4


# -- placement: return score and uma --------------------------------------------------------


three_scores = st.lists(st.integers(-400, 1200).map(lambda hundreds: hundreds * 100),
                        min_size=3, max_size=3)


@pytest.mark.parametrize("name", PRESETS)
@settings(max_examples=150, deadline=None)
@given(three=three_scores)
def test_placement_points_follow_each_documents_formula(name: str, three: list[int]) -> None:
    """W4/W6: (score - 30,000) / 1,000 + uma, exact; E1: the same, scores below
    zero included; M1: the same with rank points that hold the oka. The four final scores
    hold every point the table started with; no two are equal."""
    table = PRESETS[name][1]
    scores = [*three, 4 * table.start_score - sum(three)]
    assume(len(set(scores)) == 4)
    order = sorted(range(4), key=lambda seat: -scores[seat])
    expected = [0.0] * 4
    for place, seat in enumerate(order):
        expected[seat] = (scores[seat] - 30000) / 1000 + RANK_POINTS[name][place]
    assert table.placement_points(scores) == pytest.approx(expected, abs=1e-9)


def test_a_worked_wrc_session_score() -> None:
    """W6's example: 40,000 at the top of the table is a session score of 25."""
    assert WRC_TABLE.placement_points([40000, 30000, 28000, 22000])[0] == 25.0


@pytest.mark.parametrize("name", PRESETS)
def test_tied_players_share_their_uma(name: str) -> None:
    """W4, W5, E1, M1: two players tied for first share the first and second places' uma."""
    table = PRESETS[name][1]
    first, second = RANK_POINTS[name][:2]
    start = table.start_score   # the scores add up to the table's total
    scores = [start + 10000, start + 10000, start - 5000, start - 15000]
    shared = (first + second) / 2 + (scores[0] - 30000) / 1000
    assert table.placement_points(scores)[:2] == (shared, shared)


# -- red fives ------------------------------------------------------------------------------

RED_HAND, PLAIN_HAND = "234m067p23455s66z", "234m567p23455s66z"
"""Riichi and hatsu, won on 6z: the same hand with and without a red five."""


@pytest.mark.parametrize(("rules", "aka"), [
    (WRC_RULES, 0),      # W1 Mod.2.1: red fives are only an optional variant
    (EMA_RULES, 0),      # E1: no red fives since 2016
    (MLEAGUE_RULES, 1),  # M2, M3, M4: one red five a suit, each a dora
])
def test_a_red_five_counts_only_where_the_rules_play_them(rules: Rules, aka: int) -> None:
    red = scored(RED_HAND, "6z", rules, riichi=True, seat_wind="S")
    plain = scored(PLAIN_HAND, "6z", rules, riichi=True, seat_wind="S")
    assert red.han - plain.han == aka


# -- kiriage mangan ---------------------------------------------------------------------------

FOUR_HAN_THIRTY_FU = ("234m567p23456s88p", "7s")
"""Riichi, pinfu, tanyao and one dora (indicator 1m) on a ron: 4 han 30 fu."""


@pytest.mark.parametrize(("rules", "dealer", "points"), [
    (WRC_RULES, False, 8000),       # W5 (E1 names it as a difference): rounded up
    (WRC_RULES, True, 12000),
    (MLEAGUE_RULES, False, 8000),   # M3, M5: 7,700 is rounded up
    (EMA_RULES, False, 7700),       # E1: 4 han 30 fu is not rounded up
    (EMA_RULES, True, 11600),
])
def test_four_han_thirty_fu_is_a_mangan_only_with_kiriage(rules: Rules, dealer: bool,
                                                           points: int) -> None:
    result = scored(*FOUR_HAN_THIRTY_FU, rules, riichi=True, seat_wind="E" if dealer else "S",
                    dora_indicators=(Tile.parse("1m"),))
    assert (result.han, result.fu, result.points) == (4, 30, points)


# -- kazoe yakuman ----------------------------------------------------------------------------

FOURTEEN_HAN = ("2233445566778m", "8m")
"""Riichi, pinfu, tanyao, ryanpeikou, chinitsu and two dora (indicator 1m): 14 han, no
yakuman."""


@pytest.mark.parametrize(("rules", "points"), [
    (TENHOU_RULES, 32000),   # the default: a counted yakuman
    (WRC_RULES, 24000),      # W2, W6: 11 han or more is sanbaiman
    (EMA_RULES, 24000),      # E1
    (MLEAGUE_RULES, 24000),  # M3
])
def test_thirteen_han_without_a_yakuman(rules: Rules, points: int) -> None:
    """The sources' sanbaiman cap also rules out counted multiples (``kazoe_multiple``) and
    no limits (``aotenjou``, which would pay 14 han far more)."""
    result = scored(*FOURTEEN_HAN, rules, riichi=True, seat_wind="S",
                    dora_indicators=(Tile.parse("1m"),))
    assert (result.han, result.points) == (14, points)


# -- several yakuman --------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "points"), [
    (WRC_RULES, 64000),      # W2: different yakuman add up since 2022
    (MLEAGUE_RULES, 64000),  # M3: different yakuman add up
    (EMA_RULES, 32000),      # E1: a single yakuman at most
])
def test_daisangen_with_tsuuiisou(rules: Rules, points: int) -> None:
    assert scored("5556667771122z", "2z", rules, seat_wind="S").points == points


@pytest.mark.parametrize(("rules", "points"), [
    (WRC_RULES, 32000),           # W5: no hand shape counts twice
    (EMA_RULES, 32000),           # E1
    (MLEAGUE_RULES, 32000),       # M3: the 13-wait is no double yakuman
    (MAHJONG_SOUL_RULES, 64000),  # the contrast: a double yakuman there
])
def test_thirteen_orphans_on_its_thirteen_wait(rules: Rules, points: int) -> None:
    assert scored("19m19p19s1234567z", "1m", rules, seat_wind="S").points == points


@pytest.mark.parametrize(("rules", "other_cap"), [
    (EMA_RULES, {"yakuman_stacking": True}),   # E1: the maximum score is a single yakuman
    (EMA_RULES, {"yakuman_limit": None}),      # E1: yakuman are not cumulative
])
def test_each_of_the_emas_yakuman_caps_holds_on_its_own(rules: Rules,
                                                        other_cap: dict[str, object]) -> None:
    """E1 states the cap twice (no stacking, at most one yakuman); each option keeps
    daisangen with tsuuiisou to one yakuman with the other lifted."""
    lifted = Rules.from_mapping(other_cap, base=rules)
    assert scored("5556667771122z", "2z", lifted, seat_wind="S").points == 32000


# -- renhou -----------------------------------------------------------------------------------

RENHOU_ALONE = ("13m456p789s999p11z", "2m")
"""A closed kanchan ron with no yaku of its own: only renhou can score it."""
RENHOU_WITH_TANYAO = ("46m456p678s222s88p", "5m")
"""A closed kanchan ron with tanyao, its only other han."""


@pytest.mark.parametrize("rules", [
    WRC_RULES,  # W5, W6: renhou is a mangan
    EMA_RULES,  # E1: renhou is a mangan, and a yaku by itself
])
def test_renhou_alone_is_a_mangan(rules: Rules) -> None:
    assert scored(*RENHOU_ALONE, rules, renhou=True, seat_wind="S").points == 8000


@pytest.mark.parametrize(("rules", "points"), [
    (WRC_RULES, 12000),  # W6: renhou adds to the other yaku and dora: 5 + 1 han, haneman
    (EMA_RULES, 12000),  # E1 says a mangan; the option adds the other han as W6 does
    (TENHOU_RULES, 1300),  # the contrast: no renhou, tanyao alone at 40 fu
])
def test_renhou_with_tanyao(rules: Rules, points: int) -> None:
    assert scored(*RENHOU_WITH_TANYAO, rules, renhou=True, seat_wind="S").points == points


# -- open riichi, daisharin, paarenchan ---------------------------------------------------------


@pytest.mark.parametrize(("rules", "han"), [
    (WRC_RULES, 3),      # W1 Mod.3.1 (an optional variant only), W5: no open riichi
    (EMA_RULES, 3),      # E3: no open riichi among the yaku
    (MLEAGUE_RULES, 3),  # M2: no open riichi
    (Rules(open_riichi=True), 4),  # the contrast: open riichi is 2 han
])
def test_a_riichi_declared_open_is_a_plain_riichi(rules: Rules, han: int) -> None:
    """Riichi, pinfu and tanyao on a ron: an open declaration adds nothing where the rules
    do not play open riichi."""
    result = scored(*FOUR_HAN_THIRTY_FU, rules, riichi=True, open_riichi=True, seat_wind="S")
    assert result.han == han


def test_daisharin_is_no_yakuman_under_wrc() -> None:
    """W5: the pairs 2-8 of one suit are scored by their yaku: riichi-less ryanpeikou,
    pinfu, tanyao and chinitsu, 11 han, sanbaiman (a yakuman where daisharin is played)."""
    hand = ("2233445566778p", "8p")
    assert scored(*hand, WRC_RULES, seat_wind="S").points == 24000
    assert scored(*hand, attrs.evolve(WRC_RULES, daisharin=True), seat_wind="S").points == 32000


def test_paarenchan_is_no_yakuman_under_wrc() -> None:
    """W5: a dealer's eighth win in a row scores normally: riichi, pinfu and tanyao."""
    result = scored(*FOUR_HAN_THIRTY_FU, WRC_RULES, riichi=True, seat_wind="E", paarenchan=1)
    assert (result.yakuman, result.points) == (0, 5800)


def test_pinfu_by_tsumo_is_twenty_fu_under_wrc() -> None:
    """W5: the tsumo's 2 fu are waived on pinfu: menzen tsumo, pinfu and tanyao at 20 fu,
    700 from each non-dealer and 1,300 from the dealer (30 fu would be 1,000 and 2,000)."""
    result = scored(*FOUR_HAN_THIRTY_FU, WRC_RULES, tsumo=True, seat_wind="S")
    assert (result.han, result.fu, result.points) == (3, 20, 2700)


# -- fu ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "fu", "points"), [
    (TENHOU_RULES, 50, 2400),   # 20 + 10 closed ron + 8 closed 9m + 4 for the pair: 42
    (MLEAGUE_RULES, 40, 2000),  # M1: the pair is 2 fu, 40 in all
])
def test_a_double_wind_pair(rules: Rules, fu: int, points: int) -> None:
    result = scored("999m234p567s34s11z", "2s", rules, riichi=True, seat_wind="E",
                    round_wind="E")
    assert (result.fu, result.points) == (fu, points)


# -- abortive draws and several rons ----------------------------------------------------------


@pytest.mark.parametrize(("table", "aborts"), [
    (TENHOU_TABLE, True),
    (WRC_TABLE, False),      # W4, W5: no abortive draws
    (EMA_TABLE, False),      # E1
    (MLEAGUE_TABLE, False),  # M2, M4
    (MAHJONG_SOUL_TABLE, True),  # S0: four winds abort the hand
    (JPML_A_TABLE, True),   # J1 draws 3, J4: the four abortive draws are played
    (JPML_B_TABLE, True),   # J4
])
def test_four_winds_on_the_first_go_around(table: TableRules, aborts: bool) -> None:
    game_round = deal([NOTEN] * 4, table=table)
    step(game_round, "1z", "1z", "1z")
    discard(game_round, "1z")
    assert game_round.is_over is aborts


KANCHAN_5P, SHANPON_5P = "234m678m345s77p46p", "234p567s678s22m55p"
RYANMEN_5P = "345m456s234s34p88p"
"""Three hands winning on 5p."""


@pytest.mark.parametrize(("table", "winners"), [
    (WRC_TABLE, [1]),           # W5 (E1 names it as a difference): head bump
    (MLEAGUE_TABLE, [1]),       # M1, M2: head bump
    (EMA_TABLE, [1, 2, 3]),     # E1: double and triple ron, each paid by the discarder
    (MAHJONG_SOUL_TABLE, [1, 2, 3]),  # S0: multiple rons; three rons abort nothing
    (JPML_A_TABLE, [1]),        # J1 basic 6, J4: head bump
    (JPML_B_TABLE, [1]),        # J4
    (TENHOU_TABLE, []),         # the contrast: three rons abort the hand
])
def test_three_rons_on_one_discard(table: TableRules, winners: list[int]) -> None:
    game_round = deal([NOTEN, KANCHAN_5P, SHANPON_5P, RYANMEN_5P], "5p", table=table,
                      dora="9m")
    discard(game_round, "5p")
    for seat in (3, 2, 1):
        if not game_round.is_over:
            game_round.apply(Ron(seat))
    assert game_round.is_over
    assert [r.winner for r in game_round.results if isinstance(r, Win)] == winners


# -- the side-by-side document --------------------------------------------------------------


@pytest.mark.parametrize("options", [Rules, TableRules])
def test_the_rules_document_has_a_row_for_every_option(options: type) -> None:
    """docs/rules.md sets every option side by side: a field added to ``Rules`` or
    ``TableRules`` needs its row there, with each rule set's value and source."""
    document = (pathlib.Path(__file__).parents[1] / "docs" / "rules.md").read_text(
        encoding="utf-8")
    field_cells = [line.split("|")[2] for line in document.splitlines()
                   if line.startswith("| ") and line.count("|") > 3]
    missing = [f.name for f in attrs.fields(options)
               if not any(f"`{f.name}`" in cell for cell in field_cells)]
    assert not missing


@pytest.mark.parametrize(("name", "allowed"), [("wrc", False), ("ema", True), ("mleague", True)])
def test_riichi_below_the_sticks_cost(name: str, allowed: bool) -> None:
    """E1 (riichi at any score) and M2 (allowed under 1,000); WRC silent: Tenhou's kept."""
    table = PRESETS[name][1]
    assert table.riichi_below_cost is allowed
    assert table.riichi_cost == 1000


# -- Japan Professional Mahjong League, rules A and B -----------------------------------------


@pytest.mark.parametrize(("situation", "refused"), [
    ({"riichi": True, "ippatsu": True}, "ippatsu"),                          # J1 basic 3
    ({"riichi": True, "dora_indicators": (Tile.parse("1m"),),
      "ura_indicators": (Tile.parse("1m"),)}, "ura dora"),                   # J1 basic 3
    ({"riichi": True, "dora_indicators": (Tile.parse("1m"), Tile.parse("1z"))},
     "kan dora"),                                                            # J1 kan 1
])
def test_jpml_a_plays_no_ippatsu_ura_or_kan_dora(situation: dict[str, object],
                                                  refused: str) -> None:
    """J1, J3: a situation holding one of them cannot arise under rule A; rule B has
    ippatsu among its yaku [J4] and, nothing saying otherwise, the dora Tenhou plays."""
    hand, tile = Hand.parse(FOUR_HAN_THIRTY_FU[0]), Tile.parse(FOUR_HAN_THIRTY_FU[1])
    context = WinContext(seat_wind="S", **situation)  # type: ignore[arg-type]
    with pytest.raises(InvalidContextError, match=refused):
        evaluate(hand, tile, context, JPML_A_RULES)
    result = evaluate(hand, tile, context, JPML_B_RULES)
    assert isinstance(result, WinResult) and result.han > 3


@pytest.mark.parametrize(("rules", "points"), [
    (JPML_A_RULES, 7700),   # J2: 4 han 30 fu is 7,700 (no kiriage)
    (JPML_B_RULES, 8000),   # J4: kiriage mangan
])
def test_jpml_four_han_thirty_fu(rules: Rules, points: int) -> None:
    result = scored(*FOUR_HAN_THIRTY_FU, rules, riichi=True, seat_wind="S",
                    dora_indicators=(Tile.parse("1m"),))
    assert (result.han, result.fu, result.points) == (4, 30, points)


@pytest.mark.parametrize("rules", [JPML_A_RULES, JPML_B_RULES])
def test_jpml_caps_counted_and_stacked_hands(rules: Rules) -> None:
    """J0, J2, J3, J4: 11 han or more is sanbaiman, no counted yakuman; J3, J4: one
    yakuman a hand (daisangen with tsuuiisou pays one)."""
    result = scored(*FOURTEEN_HAN, rules, riichi=True, seat_wind="S",
                    dora_indicators=(Tile.parse("1m"),))
    assert (result.han, result.points) == (14, 24000)
    assert scored("5556667771122z", "2z", rules, seat_wind="S").points == 32000


@pytest.mark.parametrize("rules", [JPML_A_RULES, JPML_B_RULES])
def test_jpml_renhou_and_double_wind_pair(rules: Rules) -> None:
    """J0, J2: renhou a mangan; J2: a double-wind pair is 2 fu (40 fu, as M-League)."""
    assert scored(*RENHOU_ALONE, rules, renhou=True, seat_wind="S").points == 8000
    result = scored("999m234p567s34s11z", "2s", rules, riichi=True, seat_wind="E",
                    round_wind="E")
    assert result.fu == 40


@pytest.mark.parametrize(("scores", "points"), [
    # J4: one player below 30,000: +8 +3 +1 -12
    ([40000, 32000, 31000, 17000], (18.0, 5.0, 2.0, -25.0)),
    # two below: +8 +4 -4 -8
    ([50000, 30000, 25000, 15000], (28.0, 4.0, -9.0, -23.0)),
    # three below: +12 -1 -3 -8
    ([60000, 25000, 20000, 15000], (42.0, -6.0, -13.0, -23.0)),
])
def test_jpml_a_uma_floats_with_the_players_below_thirty_thousand(
        scores: list[int], points: tuple[float, ...]) -> None:
    assert JPML_A_TABLE.placement_points(scores) == points


def test_jpml_riichi_sticks_left_at_the_end_go_to_nobody() -> None:
    """J1 riichi 4 (rule A), J4 (rule B): 1,000 left on the table leaves the final scores
    1,000 short and the placement points one below zero."""
    scores = [40000, 32000, 31000, 16000]
    for table in (JPML_A_TABLE, JPML_B_TABLE):
        assert table.leftover_sticks is LeftoverSticks.LOST
        assert sum(table.placement_points(scores)) == pytest.approx(-1.0)


def test_jpml_b_pays_a_fixed_uma_by_seat_order() -> None:
    """J4: uma 15/5 on (score - 30,000) / 1,000; equal scores rank by seat from the
    dealer."""
    assert JPML_B_TABLE.placement_points([30000, 30000, 30000, 30000]) == (15.0, 5.0, -5.0, -15.0)


def test_jpml_a_riichi_with_no_draw_left_and_no_dealer_stop() -> None:
    """J1 riichi 5: riichi with no draw left; J1 basic 8: no agari-yame; J4: no bust."""
    assert JPML_A_TABLE.riichi_min_tiles == 0
    assert not JPML_A_TABLE.dealer_stop and not JPML_A_TABLE.bust
    assert JPML_B_TABLE.dealer_stop and JPML_B_TABLE.bust   # J4 for rule B


def test_ema_riichi_sticks_left_at_the_end_go_to_first_place_shared_if_tied() -> None:
    """E1: riichi sticks left on the table at the end go to first place, split between
    players tied for it."""
    assert EMA_TABLE.leftover_sticks is LeftoverSticks.SHARED
    assert WRC_TABLE.leftover_sticks is LeftoverSticks.LOST
