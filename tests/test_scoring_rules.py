"""The scorer's kernel against the rules as written in ``scoring_rules``.

``evaluate`` scores with bit operations over per-suit tables; ``scoring_rules`` says each
yaku and fu item plainly. They must agree: the kernel's points are the most any reading
scores by the definitions, and the reading it keeps scores, by the definitions, exactly
its yaku, han and fu. Proven on every closed one-suit win (every 13-tile one-suit tenpai
shape, every wait, by tsumo and by ron) and on random wins under every preset.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core import (
    MAHJONG_SOUL_RULES,
    NO_RED_FIVES_RULES,
    TENHOU_RULES,
    TENHOU_SANMA_RULES,
    Hand,
    NoWin,
    NoWinReason,
    Rules,
    Tile,
    WinContext,
    WinResult,
    Yaku,
    evaluate,
)
from mahjong_core import scoring_rules as rules_
from mahjong_core._core import score_tables
from mahjong_core.chinitsu import tenpai_shapes
from mahjong_core.errors import MahjongError
from mahjong_core.points import limit_of, payments_for
from mahjong_core.scoring_rules import Win
from mahjong_core.yaku import HAN, YAKUMAN

from .support.random_wins import random_context, random_win
from .support.reference_scoring import redden

PRESETS = [TENHOU_RULES, MAHJONG_SOUL_RULES, TENHOU_SANMA_RULES, NO_RED_FIVES_RULES,
           Rules(double_yakuman=True), Rules(yakuman_stacking=False, rinshan_tsumo_fu=False),
           Rules(open_tanyao=False, kiriage_mangan=True), Rules(kazoe_yakuman=False),
           Rules(double_wind_pair_fu=2, renhou=True),
           Rules(open_riichi=True, open_riichi_sashikomi=True, paarenchan=True, renhou="mangan"),
           Rules(daisharin=True, daisharin_all_suits=True, daichisei=True, paarenchan=True,
                 paarenchan_needs_yaku=False, pinfu_tsumo_fu=True, open_pinfu_fu=20),
           Rules(kazoe_multiple=True, yakuman_limit=2, double_yakuman=True),
           Rules(aotenjou=True, double_yakuman=True, open_riichi=True, paarenchan=True)]


def _points(win: Win, dora: int) -> int:
    """What a reading scores by the definitions (dora count only without yakuman)."""
    counted = rules_.yaku_han(win)
    han = sum(h for _, h in counted)
    rules, ctx = win.rules, win.context
    if rules.aotenjou:
        base = rules_.fu_of(win) << han + dora + 2
    elif win.yaku & YAKUMAN:
        base = limit_of(0, rules_.fu_of(win), han // 13, rules)[1]
    else:
        base = limit_of(han + dora, rules_.fu_of(win), 0, rules)[1]
    return payments_for(base, dealer=ctx.is_dealer, tsumo=ctx.tsumo, rules=rules)[0]


def check_kernel_against_definitions(hand: Hand, tile: Tile, ctx: WinContext,
                                     rules: Rules) -> WinResult | NoWin:
    """Assert that ``evaluate`` agrees with the definitions; return its answer."""
    result = evaluate(hand, tile, ctx, rules)
    readings = list(rules_.wins(hand, tile, ctx, rules))
    scoring = [w for w in readings if w.yaku]
    if isinstance(result, NoWin):
        reason = NoWinReason.NO_YAKU if readings else NoWinReason.NOT_COMPLETE
        assert (result.reason, scoring) == (reason, [])
        return result
    kept = result.scored_win
    assert any(w.reading == kept.reading and w.winning_group == kept.winning_group
               for w in readings)
    assert rules_.yaku_han(kept) == result.yaku_han
    assert rules_.fu_of(kept) == result.fu
    dora = result.dora + result.aka + result.ura
    assert max(_points(w, dora) for w in scoring) == result.points == _points(kept, dora)
    return result


def _one_suit_wins(chunk: int, chunks: int) -> list[tuple[Hand, Tile]]:
    found = []
    for shape in tenpai_shapes(13)[chunk::chunks]:
        tiles = [Tile(rank) for rank in range(9) for _ in range(shape.counts[rank])]
        found += [(Hand(tiles), Tile(rank - 1)) for rank in shape.waits]
    return found


CHUNKS = 8


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_kernel_equals_definitions_on_every_closed_one_suit_win(chunk: int) -> None:
    """Every 13-tile one-suit tenpai shape and every wait, won by tsumo and by a riichi
    ron in the south seat (four plain fives allowed): chinitsu, pinfu, iipeikou,
    ryanpeikou, ittsu, sanankou, suuankou, chuuren, every wait and every placement of the
    winning tile."""
    contexts = (WinContext(tsumo=True), WinContext(riichi=True, seat_wind="S"))
    seen: set[Yaku] = set()
    for hand, tile in _one_suit_wins(chunk, CHUNKS):
        for ctx in contexts:
            result = check_kernel_against_definitions(hand, tile, ctx, NO_RED_FIVES_RULES)
            if isinstance(result, WinResult):
                seen.update(result.yaku.members())
    assert {Yaku.PINFU, Yaku.CHINITSU, Yaku.IIPEIKOU, Yaku.ITTSU, Yaku.SANANKOU} <= seen


@settings(max_examples=700, deadline=None)
@given(st.integers(0, 2**40), st.sampled_from(PRESETS))
def test_kernel_equals_definitions_on_random_wins(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    hand, tile = random_win(rng)
    if rules.red_fives:
        hand, tile = redden(hand, tile)
    ctx = random_context(rng, hand, tile)
    try:
        evaluate(hand, tile, ctx, rules)
    except MahjongError:  # 2m-8m at three players
        assert rules.players == 3
        return
    check_kernel_against_definitions(hand, tile, ctx, rules)


@pytest.mark.parametrize(("notation", "tile", "ctx", "expected"), [
    ("123m456p789s5522z", "5z", WinContext(tsumo=True), {"haku", "menzen_tsumo"}),
    ("123m123p123s5566z", "6z", WinContext(), {"sanshoku", "hatsu"}),
    ("111m999m111p999s1z", "1z", WinContext(seat_wind="N"), {"suuankou_tanki"}),
    ("119m19p19s123456z", "7z", WinContext(), {"kokushi"}),
    ("19m19p19s1234567z", "1z", WinContext(), {"kokushi_13"}),
])
def test_the_definitions_read_a_few_wins(notation: str, tile: str, ctx: WinContext,
                                         expected: set[str]) -> None:
    """A new yaku adds a row here: its definition must find it, and the kernel agree."""
    check_a_row(notation, tile, ctx, TENHOU_RULES, expected)


def check_a_row(notation: str, tile: str, ctx: WinContext, rules: Rules,
                expected: set[str]) -> None:
    """The definitions find exactly ``expected`` in the kept reading; the kernel agrees."""
    hand, win = Hand.parse(notation), Tile.parse(tile)
    readings = rules_.wins(hand, win, ctx, rules)
    assert {name for w in readings for name in w.yaku.names()} >= expected
    result = check_kernel_against_definitions(hand, win, ctx, rules)
    assert isinstance(result, WinResult) and set(result.yaku.names()) >= expected


WHEELS = Rules(daisharin=True)
ALL_WHEELS = Rules(daisharin=True, daisharin_all_suits=True)
OPEN_RIICHI = Rules(open_riichi=True, open_riichi_sashikomi=True)
EIGHT = Rules(paarenchan=True)


@pytest.mark.parametrize(("notation", "tile", "ctx", "rules", "expected", "absent"), [
    ("2233445566778p", "8p", WinContext(), WHEELS, {"daisharin"}, set()),
    ("2233445566778p", "8p", WinContext(), TENHOU_RULES, {"chinitsu"}, {"daisharin"}),
    ("2233445566778m", "8m", WinContext(), WHEELS, {"chinitsu"}, {"daisuurin"}),
    ("2233445566778m", "8m", WinContext(), ALL_WHEELS, {"daisuurin"}, set()),
    ("2233445566778s", "8s", WinContext(), ALL_WHEELS, {"daichikurin"}, set()),
    ("2233445566779p", "9p", WinContext(), ALL_WHEELS, set(), {"daisharin"}),  # 9p: no
    ("1122334455667z", "7z", WinContext(), Rules(daichisei=True), {"daichisei", "tsuuiisou"},
     set()),
    ("1122334455667z", "7z", WinContext(), TENHOU_RULES, {"tsuuiisou"}, {"daichisei"}),
    ("234m567p23455s66z", "6z", WinContext(riichi=True, open_riichi=True, seat_wind="S"),
     Rules(open_riichi=True), {"open_riichi", "hatsu"}, {"riichi", "sashikomi"}),
    ("234m567p23455s66z", "6z", WinContext(riichi=True, open_riichi=True, seat_wind="S"),
     TENHOU_RULES, {"riichi", "hatsu"}, {"open_riichi"}),
    ("234m567p23455s66z", "6z", WinContext(double_riichi=True, open_riichi=True,
                                           seat_wind="S"), OPEN_RIICHI, {"sashikomi"}, set()),
    ("234m567p23455s66z", "6z", WinContext(riichi=True, open_riichi=True, seat_wind="S",
                                           discarder_in_riichi=True), OPEN_RIICHI,
     {"open_riichi"}, {"sashikomi"}),
    ("234m567p23455s66z", "6z", WinContext(riichi=True, open_riichi=True, seat_wind="S",
                                           tsumo=True), OPEN_RIICHI, {"open_riichi"},
     {"sashikomi"}),
    ("234m567p23455s66z", "6z", WinContext(paarenchan=1), EIGHT, {"paarenchan"}, set()),
    ("234m567p23455s66z", "6z", WinContext(paarenchan=1), TENHOU_RULES, {"hatsu"},
     {"paarenchan"}),
    ("123m456p789s1122z", "2z", WinContext(renhou=True, seat_wind="S"),
     Rules(renhou="mangan"), {"renhou_mangan"}, {"renhou"}),
    ("123m456p789s1122z", "2z", WinContext(renhou=True, seat_wind="S"),
     Rules(renhou="yakuman"), {"renhou"}, {"renhou_mangan"}),
    ("123m456p789s1122z", "2z", WinContext(renhou=True, seat_wind="S"), TENHOU_RULES,
     {"seat_wind"}, {"renhou", "renhou_mangan"}),
])
def test_each_optional_yaku_present_and_just_absent(notation: str, tile: str, ctx: WinContext,
                                                    rules: Rules, expected: set[str],
                                                    absent: set[str]) -> None:
    """Each optional yaku where its rule and its shape are both there, and missing where
    either is just short of it (the rule off, a 9 for an 8, a tsumo, a discarder in
    riichi): the definitions and the kernel agree on both sides."""
    hand, win = Hand.parse(notation), Tile.parse(tile)
    result = check_kernel_against_definitions(hand, win, ctx, rules)
    assert isinstance(result, WinResult)
    assert expected <= set(result.yaku.names()) and not absent & set(result.yaku.names())


@pytest.mark.parametrize(("paarenchan", "needs_yaku", "han"), [
    (1, True, None), (1, False, 13), (2, False, 26)])
def test_paarenchan_without_another_yaku(paarenchan: int, needs_yaku: bool,
                                         han: int | None) -> None:
    """A hand with no yaku of its own: paarenchan alone wins it only where the rules want
    no other yaku; its count gives the yakuman."""
    rules = Rules(paarenchan=True, paarenchan_needs_yaku=needs_yaku)
    ctx = WinContext(paarenchan=paarenchan)
    result = check_kernel_against_definitions(Hand.parse("123m456p789s1122z"),
                                              Tile.parse("2z"), ctx, rules)
    assert (result.han if isinstance(result, WinResult) else None) == han


def test_every_yaku_has_one_definition_and_its_han() -> None:
    defined = [rule.yaku for rule in rules_.YAKU_RULES]
    assert sorted(defined) == sorted(Yaku.__members__.values()) == defined
    assert all(rule.says and rule.han == HAN[rule.yaku] for rule in rules_.YAKU_RULES)
    assert all(rule.han == (13, 13) for rule in rules_.YAKU_RULES if rule.yaku & YAKUMAN)


@pytest.mark.parametrize("yaochuu", [False, True])
@pytest.mark.parametrize("concealed", [False, True])
@pytest.mark.parametrize("kan", [False, True])
def test_the_kernels_triplet_fu_is_the_definition(yaochuu: bool, concealed: bool,
                                                  kan: bool) -> None:
    assert score_tables.set_fu(yaochuu, concealed, kan) == rules_.set_fu(yaochuu, concealed, kan)


@pytest.mark.parametrize(("notation", "tile", "ctx", "items"), [
    ("234m567p23455s66z", "6z", WinContext(riichi=True, seat_wind="S"),
     (("base", 20), ("closed ron", 10), ("open triplet of 6z", 4))),
    ("234m567p234s5599m", "1m", WinContext(tsumo=True), None),  # not a win: no reading
    ("123m456p78945s99m", "3s", WinContext(tsumo=True), (("base", 20),)),  # pinfu tsumo
    ("1112345678999m", "5m", WinContext(), (("base", 20), ("closed ron", 10),  # yakuman
                                            ("tanki wait", 2), ("closed triplet of 1m", 8),
                                            ("closed triplet of 9m", 8))),
])
def test_fu_items_follow_the_definitions(notation: str, tile: str, ctx: WinContext,
                                         items: tuple[tuple[str, int], ...] | None) -> None:
    result = evaluate(Hand.parse(notation), Tile.parse(tile), ctx)
    if items is None:
        assert not result
        return
    assert isinstance(result, WinResult)
    assert result.fu_items == items == rules_.fu_items(result.scored_win)
