"""evaluate(): real Tenhou results, the high-score rule, situations that need the hand,
pao and properties."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core import (
    MAHJONG_SOUL_RULES,
    FuritenTracker,
    Hand,
    InvalidContextError,
    InvalidHandError,
    InvalidRulesError,
    Limit,
    MahjongError,
    Meld,
    MeldKind,
    NoWin,
    NoWinReason,
    Rules,
    Tile,
    WinContext,
    Wind,
    WinResult,
    Yaku,
    evaluate,
    parse_tiles,
)
from mahjong_core.jsonapi import score_request
from mahjong_core.points import limit_of
from tests.support.evaluation import eval_text, win_text

from .support.realdata_cases import CASES
from .support.reference_scoring import redden


def _compare(want: dict[str, Any], got: dict[str, object]) -> list[str]:
    """The fields on which the result disagrees with the server's record."""
    assert "error" not in got, got
    assert got["win"], got
    yaku = got["yaku"]
    assert isinstance(yaku, dict)
    if want["yakuman"]:
        bad = [] if set(yaku) == set(want["yaku"]) else ["yakuman"]
        return bad + ([] if got["points"] == want["points"] else ["points"])
    bad = [] if yaku == want["yaku"] else ["yaku"]
    bad += [key for key in ("dora", "han", "fu", "points", "limit") if got[key] != want[key]]
    return bad


@pytest.mark.parametrize(("what", "request_", "want"), CASES, ids=[c[0] for c in CASES])
def test_real_tenhou_results(what: str, request_: dict[str, Any], want: dict[str, Any]) -> None:
    got = score_request(request_)
    assert _compare(want, got) == [], (what, got)


def test_real_cases_cover_every_yaku_name() -> None:
    seen = {name for _, _, want in CASES for name in want["yaku"]}
    ordinary = {name for y in Yaku if not y.is_yakuman for name in y.names()}
    missing = ordinary - seen
    # a few yaku never came up in the logs, and the logs' rules have no open riichi,
    # renhou or nagashi mangan as a yaku; the derived case table covers them
    assert missing <= {"chankan", "ryanpeikou", "sanshoku_doukou", "sankantsu",
                       "honroutou", "junchan", "double_riichi", "haitei", "houtei",
                       "open_riichi", "double_open_riichi", "renhou_mangan", "nagashi_mangan"}






# -- the high-score rule --------------------------------------------------------------


def test_runs_beat_triplets_when_they_score_more() -> None:
    # 123m x3 + 789p + 99s: riichi pinfu iipeikou junchan (haneman) beats sanankou
    result = win_text("111222333m78p99s", "9p", riichi=True, seat_wind="S")
    assert result.yaku == Yaku.RIICHI | Yaku.PINFU | Yaku.IIPEIKOU | Yaku.JUNCHAN
    assert (result.han, result.limit, result.points) == (6, Limit.HANEMAN, 12000)


def test_triplets_beat_runs_when_they_score_more() -> None:
    result = win_text("111222333m45p99s", "3p", riichi=True, seat_wind="S")
    assert result.yaku == Yaku.RIICHI | Yaku.SANANKOU
    assert (result.han, result.fu, result.points) == (3, 50, 6400)


def test_the_placement_with_more_fu_wins() -> None:
    # 34556m + 4m reads 345m 456m: kanchan (in 345) 50 fu beats ryanmen (in 456) 40 fu
    result = win_text("34556m111p456s55z", "4m", riichi=True, seat_wind="S")
    assert (result.fu, result.points, result.wait.value) == (50, 1600, "kanchan")
    # on tsumo in a hand that can be pinfu, the ryanmen placement and pinfu win
    pinfu = win_text("34556m22p456789s", "4m", riichi=True, tsumo=True, seat_wind="S")
    assert pinfu.yaku == Yaku.RIICHI | Yaku.MENZEN_TSUMO | Yaku.PINFU
    assert (pinfu.fu, pinfu.points) == (20, 2700)


@pytest.mark.parametrize(("hand", "win", "situation", "fu", "items"), [
    # 111s as a closed triplet of terminals (30 fu counted) or 11s as the pair beside a
    # closed 777s (26): both 30 fu 1 han; a scorer at the table writes the triplet of 1s
    ("234m1112356777s", "4s", {"tsumo": True, "seat_wind": "W", "round_wind": "S"}, 30,
     (("base", 20), ("tsumo", 2), ("closed triplet of 1s", 8))),
    # 4m ends 234m (ryanmen, 34 fu) or sits inside 345m (kanchan, 36 fu): both 40 fu
    ("23345m222p678s99s", "4m", {"riichi": True, "seat_wind": "S"}, 40,
     (("base", 20), ("closed ron", 10), ("kanchan wait", 2), ("closed triplet of 2p", 4))),
    # an open hand: 6s ends 456s (ryanmen, 24 fu) or sits inside 567s (kanchan, 26 fu)
    ("4556777s chi:789s pon:222z", "6s", {"seat_wind": "N", "round_wind": "S"}, 30,
     (("base", 20), ("kanchan wait", 2), ("open triplet of 2z", 4))),
])
def test_of_readings_that_score_alike_the_one_counting_more_fu_before_rounding_shows(
        hand: str, win: str, situation: dict[str, Any], fu: int,
        items: tuple[tuple[str, int], ...]) -> None:
    result = win_text(hand, win, **situation)
    assert (result.fu, result.fu_items) == (fu, items)


def test_ryanpeikou_beats_seven_pairs() -> None:
    result = win_text("2233445566778m", "8m")
    assert result.yaku & Yaku.RYANPEIKOU and not result.yaku & Yaku.CHIITOITSU


# -- situations -----------------------------------------------------------------------




def test_situations_that_need_the_hand() -> None:
    open_hand = Hand.parse("123m456p789s1z pon:222z")
    with pytest.raises(InvalidContextError, match="riichi"):
        evaluate(open_hand, Tile.parse("1z"), WinContext(riichi=True))
    with pytest.raises(InvalidContextError, match="first-turn"):
        evaluate(open_hand, Tile.parse("1z"), WinContext(tsumo=True, tenhou=True))
    with pytest.raises(InvalidContextError, match="kan"):
        evaluate(open_hand, Tile.parse("1z"), WinContext(tsumo=True, rinshan=True))


def test_situations_that_contradict_the_tiles() -> None:
    # chankan robs the fourth copy: the winner cannot hold one
    with pytest.raises(InvalidContextError, match="chankan"):
        eval_text("123m456p789s1122z", "1z", chankan=True)
    robbed = eval_text("123m456p789s35s11z", "4s", chankan=True, seat_wind="S")
    assert isinstance(robbed, WinResult) and robbed.yaku == Yaku.CHANKAN
    # the indicators are tiles: with the hand no kind shows five times
    with pytest.raises(InvalidContextError, match="only four"):
        eval_text("111m456p789s1122z", "1z", dora_indicators="1m1m")
    assert isinstance(eval_text("111m456p789s1122z", "1z", dora_indicators="1m"), WinResult)
    # with red fives in play a suit has three plain fives and a red one
    four_fives = Hand.parse("234p456p678s8s minkan:5555m:5m:toimen")
    with pytest.raises(InvalidHandError, match="four plain fives of m"):
        evaluate(four_fives, Tile.parse("8s"), WinContext(seat_wind="S"))
    with_red = Hand.parse("234p456p678s8s minkan:0555m:5m:toimen")
    win = evaluate(with_red, Tile.parse("8s"), WinContext(seat_wind="S"))
    assert isinstance(win, WinResult) and win.aka == 1
    plain = evaluate(four_fives, Tile.parse("8s"), WinContext(seat_wind="S"),
                     Rules(red_fives=False))
    assert isinstance(plain, WinResult) and plain.aka == 0


def test_wrong_argument_types_raise_library_errors() -> None:
    hand, tile = Hand.parse("123m456p789s1122z"), Tile.parse("1z")
    with pytest.raises(InvalidHandError):
        evaluate("123m", tile)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError):
        evaluate(hand, "1z")  # type: ignore[arg-type]
    with pytest.raises(InvalidContextError):
        evaluate(hand, tile, {"tsumo": True})  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError):
        evaluate(hand, tile, WinContext(), {"red_fives": False})  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="before the win"):
        evaluate(hand.add(tile), tile)
    with pytest.raises(InvalidHandError, match="copies"):
        evaluate(Hand.parse("1111m456p789s112z"), Tile.parse("1m"))


def test_not_complete_and_no_yaku() -> None:
    assert eval_text("123m456p789s1122z", "3z") == NoWin(NoWinReason.NOT_COMPLETE)
    # open hand, complete, only dora: no yaku
    result = eval_text("234m456p11s88s chi:789p", "8s", dora_indicators="7s")
    assert result == NoWin(NoWinReason.NO_YAKU)


def test_dora_never_makes_a_yakuless_hand_win_and_never_joins_a_yakuman() -> None:
    assert isinstance(eval_text("234m456p11s88s chi:789p", "8s", dora_indicators="1s7s0s"), NoWin)
    yakuman = win_text("19m19p19s1234567z", "1m", dora_indicators="9m")
    assert yakuman.han == 13 and yakuman.dora == 0


# -- furiten ---------------------------------------------------------------------------






# -- payments, limits and pao -----------------------------------------------------------








def test_pao_on_tsumo_and_ron() -> None:
    hand = Hand.parse("123m5p pon:555z pon:666z pon:777z:7z:toimen")
    tsumo = evaluate(hand, Tile.parse("5p"), WinContext(tsumo=True, seat_wind="S",
                                                        pao="toimen", honba=1))
    assert isinstance(tsumo, WinResult) and tsumo.yaku == Yaku.DAISANGEN
    assert tsumo.payments.liable == 32300 and tsumo.payments.total == 32300
    assert tsumo.payments.dealer == 0 and tsumo.payments.non_dealer == 0
    ron = evaluate(hand, Tile.parse("5p"), WinContext(seat_wind="S", pao="toimen"))
    assert isinstance(ron, WinResult)
    assert ron.payments.liable == 16000 and ron.payments.discarder == 16000
    no_pao = evaluate(hand, Tile.parse("5p"), WinContext(seat_wind="S", pao="toimen"),
                      Rules(pao=False))
    assert isinstance(no_pao, WinResult) and no_pao.payments.discarder == 32000


def test_pao_ron_charges_the_honba_to_the_liable_player() -> None:
    """Tenhou: on a pao ron the liable player pays half and the honba, the discarder half."""
    hand = Hand.parse("22m55p pon:555z:5z:toimen pon:666z:6z:kamicha pon:777z:7z:shimocha")
    ron = evaluate(hand, Tile.parse("2m"), WinContext(seat_wind="S", pao="shimocha", honba=1))
    assert isinstance(ron, WinResult)
    assert (ron.payments.liable, ron.payments.discarder) == (16300, 16000)
    # seat 1 wins on seat 3's discard; seat 2 (its shimocha) fed the third dragon
    assert ron.payments.deltas(1, dealer=0, discarder=3, liable=2) == (0, 32300, -16300, -16000)
    soul = evaluate(hand, Tile.parse("2m"), WinContext(seat_wind="S", pao="shimocha", honba=1),
                    MAHJONG_SOUL_RULES)
    assert isinstance(soul, WinResult)
    assert (soul.payments.liable, soul.payments.discarder) == (16000, 16300)


def test_pao_covers_a_composite_yakuman_whole() -> None:
    """Daisangen with tsuuiisou: Tenhou's liable player answers for both yakuman."""
    hand = Hand.parse("1z444z pon:555z:5z:toimen pon:666z:6z:kamicha pon:777z:7z:shimocha")
    tsumo = evaluate(hand, Tile.parse("1z"), WinContext(tsumo=True, seat_wind="S",
                                                        pao="toimen", honba=2))
    assert isinstance(tsumo, WinResult) and tsumo.yakuman == 2
    assert tsumo.payments.liable == 64600 and tsumo.payments.total == 64600
    assert tsumo.payments.deltas(1, dealer=0, liable=3) == (0, 64600, 0, -64600)
    ron = evaluate(hand, Tile.parse("1z"), WinContext(seat_wind="S", pao="toimen"))
    assert isinstance(ron, WinResult)
    assert (ron.payments.liable, ron.payments.discarder) == (32000, 32000)
    soul = evaluate(hand, Tile.parse("1z"), WinContext(tsumo=True, seat_wind="S", pao="toimen"),
                    Rules(pao_whole_hand=False))
    assert isinstance(soul, WinResult)
    # only the daisangen share is the liable player's; the tsuuiisou is paid as a tsumo
    assert soul.payments.liable == 32000
    assert (soul.payments.dealer, soul.payments.non_dealer) == (16000, 8000)


def test_stacked_and_double_yakuman() -> None:
    # daisuushii + tsuuiisou + suuankou tanki (closed, tsumo)
    hand = Hand.parse("1112223334445z")
    result = evaluate(hand, Tile.parse("5z"), WinContext(tsumo=True, seat_wind="S"))
    assert isinstance(result, WinResult)
    assert result.yaku == Yaku.DAISUUSHII | Yaku.TSUUIISOU | Yaku.SUUANKOU_TANKI
    assert result.limit is Limit.TRIPLE_YAKUMAN and result.points == 96000
    double = evaluate(hand, Tile.parse("5z"), WinContext(tsumo=True, seat_wind="S"),
                      Rules(double_yakuman=True))
    assert isinstance(double, WinResult) and double.yakuman == 5 and double.points == 160000
    single = evaluate(hand, Tile.parse("5z"), WinContext(tsumo=True, seat_wind="S"),
                      Rules(yakuman_stacking=False))
    assert isinstance(single, WinResult) and single.yakuman == 1 and single.points == 32000


# -- properties ------------------------------------------------------------------------


def _random_win(rng: random.Random) -> tuple[Hand, Tile]:
    """A random complete hand (sets, a pair, maybe melds), less a random winning tile."""
    while True:
        counts = [0] * 34
        groups: list[list[int]] = []
        melds: list[Meld] = []
        pair = rng.randrange(34)
        counts[pair] += 2
        ok = True
        for _ in range(4):
            if rng.random() < 0.5:
                start = rng.randrange(27)
                if start % 9 > 6:
                    ok = False
                    break
                kinds = [start, start + 1, start + 2]
            else:
                kinds = [rng.randrange(34)] * 3
            for k in kinds:
                counts[k] += 1
            groups.append(kinds)
        if not ok or max(counts) > 4:
            continue
        concealed: list[int] = [pair, pair]
        for kinds in groups:
            if rng.random() < 0.25:
                kind = MeldKind.CHI if kinds[0] != kinds[1] else MeldKind.PON
                text = "".join(str(k % 9 + 1) for k in kinds) + "mpsz"[kinds[0] // 9]
                melds.append(Meld(kind, text))
            else:
                concealed.extend(kinds)
        win = rng.choice(concealed)
        concealed.remove(win)
        tiles = [Tile.from_kind(k) for k in concealed]
        return Hand(tiles, melds), Tile.from_kind(win)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.booleans(), st.sampled_from(list(Wind)))
def test_results_are_stable_under_order_and_rereading(seed: int, tsumo: bool, seat: Wind) -> None:
    rng = random.Random(seed)
    hand, win = redden(*_random_win(rng))
    held = [t.kind for t in (*hand.tiles, win, *(t for m in hand.melds for t in m.tiles))]
    indicator = next(Tile(k) for k in range(34) if held.count(k) < 4)
    context = WinContext(tsumo=tsumo, seat_wind=seat, dora_indicators=[indicator])
    result = evaluate(hand, win, context)
    shuffled = list(hand.tiles)
    rng.shuffle(shuffled)
    assert evaluate(Hand(shuffled, hand.melds), win, context) == result
    if not isinstance(result, WinResult):
        return
    # rebuilding the hand from the chosen reading gives the same points
    kinds = [k for g in result.decomposition.groups if not g.melded for k in g.kinds]
    kinds.remove(win.kind)
    rebuilt, rewin = redden(Hand([Tile.from_kind(k) for k in kinds], hand.melds), win.plain)
    again = evaluate(rebuilt, rewin, context)
    assert isinstance(again, WinResult) and again.points == result.points
    if tsumo:
        pay = result.payments
        assert pay.dealer + pay.non_dealer * pay.non_dealer_payers == result.points


def test_inputs_are_not_modified() -> None:
    tiles = parse_tiles("123m456p789s1122z")
    before = list(tiles)
    hand = Hand(tiles)
    evaluate(hand, Tile.parse("1z"), WinContext(tsumo=True))
    assert tiles == before and hand == Hand(before)


# -- the JSON interface ----------------------------------------------------------------












@pytest.mark.parametrize("call", [
    lambda: FuritenTracker(own=None),  # type: ignore[arg-type]
    lambda: FuritenTracker(own={-1}),
    lambda: FuritenTracker(own={34}),
    lambda: FuritenTracker(riichi=1),  # type: ignore[arg-type]
    lambda: FuritenTracker().discarded("1m"),  # type: ignore[arg-type]
    lambda: Rules(honba_points=100),
    lambda: Rules.from_mapping({}, base="tenhou"),  # type: ignore[arg-type]
    lambda: limit_of(-3, 30),
    lambda: limit_of(0, 30, -1),
])
def test_bad_values_raise_library_errors(call: Any) -> None:
    with pytest.raises(MahjongError):
        call()






def test_results_narrow_by_truth() -> None:
    """A non-win is falsy and a win truthy, whatever its value (a 0-han result never
    exists, but the truth does not depend on the fields)."""
    win = evaluate(Hand.parse("123m456p789s1122z"), Tile.parse("2z"),
                   WinContext(riichi=True))
    no_yaku = evaluate(Hand.parse("234m456p11s88s chi:789p"), Tile.parse("8s"))
    not_complete = evaluate(Hand.parse("123m456p789s1123z"), Tile.parse("4z"))
    assert win and win.is_win is True
    assert not no_yaku and no_yaku.is_win is False
    assert not not_complete and [r for r in (win, no_yaku, not_complete) if r] == [win]


# -- the rule options --------------------------------------------------------------------


@pytest.mark.parametrize(("notation", "tile", "ctx", "han", "fu", "points"), [
    # riichi, tanyao, pinfu: 3 han 30 fu, 30 x 2^5 = 960 a base, 3,840 -> 3,900; the honba
    # and the stick are not paid
    ("234m567m345p67s88s", "5s", WinContext(riichi=True, honba=1, riichi_sticks=1, seat_wind="S"),
     3, 30, 3900),
    # kokushi on its thirteen-sided wait, a double: 26 han; 20 + 2 tsumo + 2 single wait
    # -> 30 fu; the dealer's tsumo: 3 x (2 x 30 x 2^28 rounded up to 100)
    ("19m19p19s1234567z", "1z", WinContext(tsumo=True), 26, 30, 3 * 16106127400),
    # menzen tsumo 1, haku 1, suuankou tanki 26 (double), tsuuiisou 13 = 41 han (toitoi
    # and sanankou are within suuankou); 20 + 2 + 2 tanki + 2 hatsu pair + 4 x 8 = 58 -> 60;
    # base 60 x 2^43 = 527,765,581,332,480, twice that rounded up to 100 from each
    ("2223334445556z", "6z", WinContext(tsumo=True), 41, 60, 3 * 1055531162665000),
])
def test_aotenjou_pays_fu_and_han_without_a_limit(notation: str, tile: str, ctx: WinContext,
                                                  han: int, fu: int, points: int) -> None:
    rules = Rules(aotenjou=True, double_yakuman=True)
    result = evaluate(Hand.parse(notation), Tile.parse(tile), ctx, rules)
    assert isinstance(result, WinResult)
    assert (result.han, result.fu, result.limit, result.points, result.total) == (
        han, fu, None, points, points)
    assert sum(h for _, h in result.yaku_han) == han


def test_aotenjou_does_not_count_what_a_yakuman_contains() -> None:
    result = evaluate(Hand.parse("2223334445556z"), Tile.parse("6z"), WinContext(tsumo=True),
                      Rules(aotenjou=True))
    assert isinstance(result, WinResult)
    assert result.yaku.names() == ["menzen_tsumo", "haku", "suuankou_tanki", "tsuuiisou"]


@pytest.mark.parametrize(("limit", "han", "points"), [(None, 26, 64000), (2, 26, 64000),
                                                      (1, 13, 32000)])
def test_a_limit_on_stacked_yakuman(limit: int | None, han: int, points: int) -> None:
    result = evaluate(Hand.parse("19m19p19s1234567z"), Tile.parse("1z"),
                      WinContext(seat_wind="S"), Rules(double_yakuman=True, yakuman_limit=limit))
    assert isinstance(result, WinResult) and (result.han, result.points) == (han, points)


def test_nagashi_mangan_is_a_tsumo_mangan_whatever_the_hand() -> None:
    from mahjong_core import nagashi_mangan

    dealer = nagashi_mangan(WinContext(nagashi=True, honba=1))
    assert (dealer.han, dealer.fu, dealer.limit, dealer.yaku) == (5, 30, Limit.MANGAN,
                                                                 Yaku.NAGASHI_MANGAN)
    assert dealer.payments.as_dict() == {"non_dealer": 4100} and dealer.fu_items == ()
    result = evaluate(Hand.parse("123m456m789p24s99s"), Tile.parse("5s"),
                      WinContext(nagashi=True, seat_wind="W"))
    assert isinstance(result, WinResult) and result.points == 8000
    with pytest.raises(InvalidHandError):
        _ = result.decomposition


@pytest.mark.parametrize("call", [
    lambda: Rules(kazoe_multiple=True, kazoe_yakuman=False),
    lambda: Rules(daisharin_all_suits=True),
    lambda: Rules(open_riichi_sashikomi=True),
    lambda: Rules(renhou="sometimes"),
    lambda: Rules(renhou=1),
    lambda: Rules(renhou=[]),
    lambda: Rules(yakuman_limit=0),
    lambda: Rules(yakuman_limit=9),
    lambda: Rules(yakuman_limit=True),
    lambda: Rules(open_pinfu_fu=25),
    lambda: Rules(aotenjou="yes"),  # type: ignore[arg-type]
    lambda: WinContext(open_riichi=True),
    lambda: WinContext(tsumo=True, discarder_in_riichi=True),
    lambda: WinContext(paarenchan=1, seat_wind="S"),
    lambda: WinContext(paarenchan=9),
    lambda: WinContext(nagashi=1),  # type: ignore[arg-type]
])
def test_bad_options_raise_library_errors(call: Any) -> None:
    with pytest.raises((InvalidRulesError, InvalidContextError)):
        call()


def test_renhou_reads_its_old_values() -> None:
    from mahjong_core import Renhou

    assert Rules(renhou=True).renhou is Renhou.YAKUMAN
    assert Rules(renhou=False) == Rules() and not Rules().renhou
    assert Rules.from_mapping({"renhou": "mangan"}).renhou is Renhou.MANGAN
