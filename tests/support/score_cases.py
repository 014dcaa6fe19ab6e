"""A table of scoring cases, each derived by hand from the rules, checked against the scorer.

Every row is one SCORE_JSON.md input object and the output fields it must produce under the
default rules (Tenhou's ranked lobby, DESIGN.md "Default rules") or the rules the row names.
The numbers were worked out by hand, never taken from running any library; the comment on
a row shows the working (fu items in order: base 20, closed ron 10 / tsumo 2, sets, wait,
pair). Points: base = fu * 2^(han+2) (mangan 2000, haneman 3000, baiman 4000, sanbaiman
6000, yakuman 8000 per yakuman); ron 4x base (dealer 6x), tsumo 1x from each non-dealer and
2x from the dealer (dealer tsumo 2x from each), each rounded up to 100.

Unless a row says otherwise the winner is a non-dealer: seat South, round East.
``test_table_is_consistent`` re-derives the points, payments and totals of every row from
its han, fu and limit, and checks the tiles of every input, so a slip in the arithmetic of
the table shows up even before the scorer exists.
"""

from __future__ import annotations

from typing import NamedTuple

Obj = dict[str, object]


class Case(NamedTuple):
    """One row: an id, the input object, and the output fields that must match exactly."""

    id: str
    request: Obj
    expected: Obj


# --------------------------------------------------------------------------------------
# Builders
# --------------------------------------------------------------------------------------


def q(hand: str, win_tile: str, *melds: Obj, **situation: object) -> Obj:
    """An input object: seat South, round East unless overridden."""
    request: Obj = {"hand": hand, "win_tile": win_tile, "seat_wind": "S", "round_wind": "E"}
    if melds:
        request["melds"] = list(melds)
    request.update(situation)
    return request


def chi(tiles: str) -> Obj:
    return {"kind": "chi", "tiles": tiles}


def pon(tiles: str) -> Obj:
    return {"kind": "pon", "tiles": tiles}


def minkan(tiles: str) -> Obj:
    return {"kind": "minkan", "tiles": tiles}


def shouminkan(tiles: str) -> Obj:
    return {"kind": "shouminkan", "tiles": tiles}


def ankan(tiles: str) -> Obj:
    return {"kind": "ankan", "tiles": tiles}


def ron(n: int) -> dict[str, int]:
    return {"discarder": n}


def tsumo(*, dealer: int, non_dealer: int) -> dict[str, int]:
    """A non-dealer's tsumo: the dealer pays ``dealer``, each other non-dealer ``non_dealer``."""
    return {"dealer": dealer, "non_dealer": non_dealer}


def tsumo_all(n: int) -> dict[str, int]:
    """The dealer's tsumo: each of the three others pays ``n``."""
    return {"non_dealer": n}


def dora(dora: int = 0, aka: int = 0, ura: int = 0) -> dict[str, int]:
    return {"dora": dora, "aka": aka, "ura": ura}


def _sum_payments(payments: dict[str, int]) -> int:
    if "discarder" in payments:
        return payments["discarder"]
    if "dealer" in payments:
        return payments["dealer"] + 2 * payments["non_dealer"]
    return 3 * payments["non_dealer"]


def win(yaku: dict[str, int], han: int, fu: int | None, limit: str | None, points: int,
        payments: dict[str, int], *, dora: dict[str, int] | None = None,
        total: int | None = None) -> Obj:
    """The expected fields of a win. ``fu`` None: not checked (yakuman). ``total`` defaults
    to the sum of the payments (no riichi sticks on the table)."""
    expected: Obj = {"win": True, "yaku": yaku, "han": han, "limit": limit, "points": points,
                     "payments": payments,
                     "total": _sum_payments(payments) if total is None else total}
    if fu is not None:
        expected["fu"] = fu
    if dora is not None:
        expected["dora"] = dora
    return expected


def yakuman(yaku: dict[str, int], points: int, payments: dict[str, int],
            *, total: int | None = None) -> Obj:
    """A yakuman hand: han is 13 per yakuman (26 for a counted-double one)."""
    han = sum(yaku.values())
    names = {13: "yakuman", 26: "double_yakuman", 39: "triple_yakuman"}
    return win(yaku, han, None, names[han], points, payments, total=total)


def nowin(reason: str) -> Obj:
    return {"win": False, "reason": reason}


# Hands used many times (13 concealed tiles before the win).
K = "123m456m789p24s99s"  # wins on 3s by kanchan; no yaku of its own (not tanyao, not pinfu)
P = "123m456m789p23s99s"  # wins on 4s by ryanmen; pinfu (pair 9s is no yakuhai)
TP = "234m567m345p67s88s"  # wins on 5s by ryanmen: tanyao + pinfu
TK = "234m567m345p46s88s"  # wins on 5s by kanchan: tanyao, no pinfu
CHIN = "1334556677899m"  # wins on 2m: 123 345 567 678 99, kanchan only: closed chinitsu
# Ten tiles for a hand with one called meld, winning on 6s by ryanmen (78s):
# 234m 456p 678s 99m -- no yaku without the meld.
V = "234m456p78s99m"
# Ten tiles beside chi 123m, winning on 3s by kanchan: 123m 456m 789p 234s 99s, no yaku.
OK = "456m789p24s99s"
CHI123 = chi("123m")

CASES: list[Case] = [
    # ==================================================================================
    # riichi, ippatsu, double riichi, menzen tsumo            (K: kanchan 3s, closed)
    # closed ron 20+10+2 kanchan = 32 -> 40 fu; closed tsumo 20+2+2 = 24 -> 30 fu
    # ==================================================================================
    Case("riichi-ron", q(K, "3s", riichi=True),
         win({"riichi": 1}, 1, 40, None, 1300, ron(1300))),
    Case("riichi-absent-no-yaku", q(K, "3s"), nowin("no_yaku")),
    Case("riichi-tsumo", q(K, "3s", riichi=True, tsumo=True),
         win({"riichi": 1, "menzen_tsumo": 1}, 2, 30, None, 2000,
             tsumo(dealer=1000, non_dealer=500))),
    Case("menzen-tsumo-closed", q(K, "3s", tsumo=True),
         win({"menzen_tsumo": 1}, 1, 30, None, 1100, tsumo(dealer=500, non_dealer=300))),
    # open (chi 123m): the same shape has no menzen tsumo and nothing else
    Case("menzen-tsumo-absent-open", q(OK, "3s", CHI123, tsumo=True), nowin("no_yaku")),
    Case("ippatsu-ron", q(K, "3s", riichi=True, ippatsu=True),
         win({"riichi": 1, "ippatsu": 1}, 2, 40, None, 2600, ron(2600))),
    # 3 han 30 fu tsumo: 960 -> 1000 / 1920 -> 2000
    Case("ippatsu-tsumo", q(K, "3s", riichi=True, ippatsu=True, tsumo=True),
         win({"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1}, 3, 30, None, 4000,
             tsumo(dealer=2000, non_dealer=1000))),
    Case("double-riichi-alone", q(K, "3s", double_riichi=True),
         win({"double_riichi": 2}, 2, 40, None, 2600, ron(2600))),
    Case("double-riichi-replaces-riichi", q(K, "3s", riichi=True, double_riichi=True),
         win({"double_riichi": 2}, 2, 40, None, 2600, ron(2600))),
    # 4 han 30 fu tsumo: 1920 -> 2000 / 3840 -> 3900
    Case("double-riichi-ippatsu-tsumo",
         q(K, "3s", double_riichi=True, ippatsu=True, tsumo=True),
         win({"double_riichi": 2, "ippatsu": 1, "menzen_tsumo": 1}, 4, 30, None, 7900,
             tsumo(dealer=3900, non_dealer=2000))),
    # dealer: 1 han 40 fu ron 320*6 = 1920 -> 2000
    Case("riichi-dealer-ron", q(K, "3s", riichi=True, seat_wind="E"),
         win({"riichi": 1}, 1, 40, None, 2000, ron(2000))),
    # dealer tsumo 2 han 30 fu: 480*2 = 960 -> 1000 from each
    Case("riichi-dealer-tsumo", q(K, "3s", riichi=True, tsumo=True, seat_wind="E"),
         win({"riichi": 1, "menzen_tsumo": 1}, 2, 30, None, 3000, tsumo_all(1000))),
    Case("menzen-tsumo-dealer", q(K, "3s", tsumo=True, seat_wind="E"),
         win({"menzen_tsumo": 1}, 1, 30, None, 1500, tsumo_all(500))),
    # tsumo 2 fu crossing a boundary: 20+2 tsumo+8 closed 999p+2 kanchan = 32 -> 40
    Case("tsumo-fu-crosses-boundary", q("123m456m999p24s88s", "3s", tsumo=True),
         win({"menzen_tsumo": 1}, 1, 40, None, 1500, tsumo(dealer=700, non_dealer=400))),
    # the same on ron: 20+10+8+2 = 40 exactly
    Case("closed-ron-fu-exact-40", q("123m456m999p24s88s", "3s", riichi=True),
         win({"riichi": 1}, 1, 40, None, 1300, ron(1300))),

    # ==================================================================================
    # pinfu                                                   (P: ryanmen 4s, pair 9s)
    # ==================================================================================
    Case("pinfu-ron-30", q(P, "4s"), win({"pinfu": 1}, 1, 30, None, 1000, ron(1000))),
    # pinfu tsumo: 20 fu, no tsumo 2 fu; 2 han 20 fu: 320 -> 400 / 640 -> 700
    Case("pinfu-tsumo-20", q(P, "4s", tsumo=True),
         win({"pinfu": 1, "menzen_tsumo": 1}, 2, 20, None, 1500,
             tsumo(dealer=700, non_dealer=400))),
    # dealer 2 han 30 fu ron: 480*6 = 2880 -> 2900
    Case("pinfu-riichi-dealer-ron", q(P, "4s", riichi=True, seat_wind="E"),
         win({"riichi": 1, "pinfu": 1}, 2, 30, None, 2900, ron(2900))),
    Case("pinfu-dealer-tsumo", q(P, "4s", tsumo=True, seat_wind="E"),
         win({"pinfu": 1, "menzen_tsumo": 1}, 2, 20, None, 2100, tsumo_all(700))),
    # 4 han 20 fu tsumo: 1280 -> 1300 / 2560 -> 2600
    Case("pinfu-riichi-ippatsu-tsumo", q(P, "4s", riichi=True, ippatsu=True, tsumo=True),
         win({"riichi": 1, "ippatsu": 1, "pinfu": 1, "menzen_tsumo": 1}, 4, 20, None, 5200,
             tsumo(dealer=2600, non_dealer=1300))),
    # a wind pair that is neither seat (S) nor round (E) wind keeps pinfu
    Case("pinfu-west-pair", q("123m456m789p23s33z", "4s"),
         win({"pinfu": 1}, 1, 30, None, 1000, ron(1000))),
    Case("pinfu-east-pair-in-south-round", q("123m456m789p23s11z", "4s", round_wind="S"),
         win({"pinfu": 1}, 1, 30, None, 1000, ron(1000))),
    # yakuhai pairs break pinfu: 20+10+2 pair = 32 -> 40
    Case("pinfu-broken-seat-wind-pair", q("123m456m789p23s22z", "4s", riichi=True),
         win({"riichi": 1}, 1, 40, None, 1300, ron(1300))),
    Case("pinfu-broken-round-wind-pair", q("123m456m789p23s11z", "4s", riichi=True),
         win({"riichi": 1}, 1, 40, None, 1300, ron(1300))),
    Case("pinfu-broken-dragon-pair", q("123m456m789p23s77z", "4s", riichi=True),
         win({"riichi": 1}, 1, 40, None, 1300, ron(1300))),
    # penchan 12s+3s and tanki 9s: +2 each, 32 -> 40, no pinfu
    Case("pinfu-broken-penchan", q("123m456m789p12s99s", "3s", riichi=True),
         win({"riichi": 1}, 1, 40, None, 1300, ron(1300))),
    Case("pinfu-broken-tanki", q("123m456m789p234s9s", "9s", riichi=True),
         win({"riichi": 1}, 1, 40, None, 1300, ron(1300))),
    # open pinfu shape (chi 234m, open tanyao): 20 fu ron -> 30
    Case("open-pinfu-shape-ron-30", q("567m345p67s88s", "5s", chi("234m")),
         win({"tanyao": 1}, 1, 30, None, 1000, ron(1000))),
    # open tsumo: 20+2 = 22 -> 30
    Case("open-pinfu-shape-tsumo-30", q("567m345p67s88s", "5s", chi("234m"), tsumo=True),
         win({"tanyao": 1}, 1, 30, None, 1100, tsumo(dealer=500, non_dealer=300))),

    # ==================================================================================
    # tanyao
    # ==================================================================================
    # closed: 20+10+4 closed 666s+2 tanki = 36 -> 40
    Case("tanyao-closed", q("234m567m345p666s8s", "8s"),
         win({"tanyao": 1}, 1, 40, None, 1300, ron(1300))),
    # open: 20+2 open 666s+2 tanki = 24 -> 30
    Case("tanyao-open", q("234m567m345p8s", "8s", pon("666s")),
         win({"tanyao": 1}, 1, 30, None, 1000, ron(1000))),
    Case("tanyao-absent-terminal", q("234m567m345p9s", "9s", pon("666s")), nowin("no_yaku")),
    Case("open-tanyao-off", q("234m567m345p8s", "8s", pon("666s"),
                              rules={"open_tanyao": False}), nowin("no_yaku")),
    Case("open-tanyao-off-closed-still", q("234m567m345p666s8s", "8s",
                                           rules={"open_tanyao": False}),
         win({"tanyao": 1}, 1, 40, None, 1300, ron(1300))),
    Case("tanyao-pinfu", q(TP, "5s"),
         win({"tanyao": 1, "pinfu": 1}, 2, 30, None, 2000, ron(2000))),
    # dealer tsumo 3 han 20 fu: 640*2 = 1280 -> 1300 each
    Case("tanyao-pinfu-tsumo-dealer", q(TP, "5s", tsumo=True, seat_wind="E"),
         win({"tanyao": 1, "pinfu": 1, "menzen_tsumo": 1}, 3, 20, None, 3900,
             tsumo_all(1300))),

    # ==================================================================================
    # iipeikou, ryanpeikou
    # ==================================================================================
    # 123m 123m 456p 789s(kanchan 8s) 44z: 20+10+2 = 32 -> 40
    Case("iipeikou", q("112233m456p79s44z", "8s"),
         win({"iipeikou": 1}, 1, 40, None, 1300, ron(1300))),
    Case("iipeikou-absent", q("123345m456p79s44z", "8s"), nowin("no_yaku")),
    # 234m 234m 567p 678p, tanki 9s: one pair of runs only
    Case("ryanpeikou-absent", q("223344m567678p9s", "9s"),
         win({"iipeikou": 1}, 1, 40, None, 1300, ron(1300))),
    Case("iipeikou-open-not-counted", q("123m456p79s44z", "8s", CHI123), nowin("no_yaku")),
    # 4 han 20 fu tsumo
    Case("iipeikou-tanyao-pinfu-tsumo", q("223344m456p5578s", "6s", tsumo=True),
         win({"tanyao": 1, "pinfu": 1, "iipeikou": 1, "menzen_tsumo": 1}, 4, 20, None, 5200,
             tsumo(dealer=2600, non_dealer=1300))),
    # 234m 234m 567p 567p, tanki 9s: 20+10+2 = 32 -> 40; beats chiitoitsu (2 han 25 fu)
    Case("ryanpeikou", q("223344m556677p9s", "9s"),
         win({"ryanpeikou": 3}, 3, 40, None, 5200, ron(5200))),
    # ryanpeikou+tanyao 4 han 40 fu = mangan, chiitoitsu+tanyao only 3 han 25 fu = 3200
    Case("ryanpeikou-beats-chiitoitsu", q("223344m556677p8s", "8s"),
         win({"ryanpeikou": 3, "tanyao": 1}, 4, 40, "mangan", 8000, ron(8000))),

    # ==================================================================================
    # yakuhai (V + a pon, ron 6s by ryanmen): open 20+4 honour pon = 24 -> 30
    # ==================================================================================
    Case("haku", q(V, "6s", pon("555z")), win({"haku": 1}, 1, 30, None, 1000, ron(1000))),
    Case("hatsu", q(V, "6s", pon("666z")), win({"hatsu": 1}, 1, 30, None, 1000, ron(1000))),
    Case("chun", q(V, "6s", pon("777z")), win({"chun": 1}, 1, 30, None, 1000, ron(1000))),
    Case("seat-wind-south", q(V, "6s", pon("222z")),
         win({"seat_wind": 1}, 1, 30, None, 1000, ron(1000))),
    Case("seat-wind-north", q(V, "6s", pon("444z"), seat_wind="N"),
         win({"seat_wind": 1}, 1, 30, None, 1000, ron(1000))),
    Case("round-wind-east", q(V, "6s", pon("111z")),
         win({"round_wind": 1}, 1, 30, None, 1000, ron(1000))),
    Case("round-wind-west", q(V, "6s", pon("333z"), round_wind="W"),
         win({"round_wind": 1}, 1, 30, None, 1000, ron(1000))),
    Case("guest-wind-west-no-yaku", q(V, "6s", pon("333z")), nowin("no_yaku")),
    Case("south-pon-west-seat-no-yaku", q(V, "6s", pon("222z"), seat_wind="W"),
         nowin("no_yaku")),
    Case("double-wind-south", q(V, "6s", pon("222z"), round_wind="S"),
         win({"seat_wind": 1, "round_wind": 1}, 2, 30, None, 2000, ron(2000))),
    Case("double-wind-east-dealer", q(V, "6s", pon("111z"), seat_wind="E"),
         win({"seat_wind": 1, "round_wind": 1}, 2, 30, None, 2900, ron(2900))),
    # closed 777z: 20+10+8 = 38 -> 40
    Case("chun-closed-ron", q(V + "777z", "6s"),
         win({"chun": 1}, 1, 40, None, 1300, ron(1300))),
    # 20+2+8 = 30 exactly
    Case("chun-closed-tsumo", q(V + "777z", "6s", tsumo=True),
         win({"chun": 1, "menzen_tsumo": 1}, 2, 30, None, 2000,
             tsumo(dealer=1000, non_dealer=500))),
    # open kan of an honour: 20+16 = 36 -> 40
    Case("chun-minkan", q(V, "6s", minkan("7777z")),
         win({"chun": 1}, 1, 40, None, 1300, ron(1300))),
    # closed kan of an honour: 20+10+32 = 62 -> 70; 1 han 70 fu: 560*4 = 2240 -> 2300
    Case("chun-ankan-ron", q(V, "6s", ankan("7777z")),
         win({"chun": 1}, 1, 70, None, 2300, ron(2300))),
    # 20+2+32 = 54 -> 60; 2 han 60 fu tsumo: 960 -> 1000 / 1920 -> 2000
    Case("chun-ankan-tsumo", q(V, "6s", ankan("7777z"), tsumo=True),
         win({"chun": 1, "menzen_tsumo": 1}, 2, 60, None, 4000,
             tsumo(dealer=2000, non_dealer=1000))),
    Case("chun-dealer-ron", q(V, "6s", pon("777z"), seat_wind="E"),
         win({"chun": 1}, 1, 30, None, 1500, ron(1500))),
    # open tsumo 20+4+2 = 26 -> 30; dealer tsumo 240*2 = 480 -> 500 each
    Case("chun-dealer-tsumo", q(V, "6s", pon("777z"), seat_wind="E", tsumo=True),
         win({"chun": 1}, 1, 30, None, 1500, tsumo_all(500))),

    # ==================================================================================
    # fu items
    # ==================================================================================
    # shanpon ron: the 555s triplet counts open: 20+10+8 closed 999p+2 open 555s = 40
    # (counted closed it would be 42 -> 50)
    Case("shanpon-ron-makes-minkou", q("12345688m999p55s", "5s", riichi=True),
         win({"riichi": 1}, 1, 40, None, 1300, ron(1300))),
    # shanpon tsumo keeps it concealed: 20+2+8+4 = 34 -> 40
    Case("shanpon-tsumo-stays-ankou", q("12345688m999p55s", "5s", riichi=True, tsumo=True),
         win({"riichi": 1, "menzen_tsumo": 1}, 2, 40, None, 2700,
             tsumo(dealer=1300, non_dealer=700))),
    # pon haku 4 + closed 999p 8 + closed 111s 8 + hatsu pair 2 = 20+22 = 42 -> 50
    Case("dragon-pair-2fu", q("23m999p111s66z", "4m", pon("555z")),
         win({"haku": 1}, 1, 50, None, 1600, ron(1600))),
    # 20+10+8 closed 999p+2 kanchan+2 pair = 42 -> 50 (without the pair 40)
    Case("seat-wind-pair-2fu", q("123m456m999p24s22z", "3s", riichi=True),
         win({"riichi": 1}, 1, 50, None, 1600, ron(1600))),
    Case("round-wind-pair-2fu", q("123m456m999p24s11z", "3s", riichi=True),
         win({"riichi": 1}, 1, 50, None, 1600, ron(1600))),
    Case("guest-wind-pair-0fu", q("123m456m999p24s33z", "3s", riichi=True),
         win({"riichi": 1}, 1, 40, None, 1300, ron(1300))),
    # double-wind pair (dealer, East round, pair 1z): 20+10+8+4 = 42 -> 50; 400*6 = 2400
    Case("double-wind-pair-4fu-dealer",
         q("123m456m999p23s11z", "4s", riichi=True, seat_wind="E"),
         win({"riichi": 1}, 1, 50, None, 2400, ron(2400))),
    # the rule off: 2 fu, 40 fu; 320*6 = 1920 -> 2000
    Case("double-wind-pair-2fu-rule",
         q("123m456m999p23s11z", "4s", riichi=True, seat_wind="E",
           rules={"double_wind_pair_fu": 2}),
         win({"riichi": 1}, 1, 40, None, 2000, ron(2000))),
    Case("double-wind-pair-4fu-south",
         q("123m456m999p23s22z", "4s", riichi=True, round_wind="S"),
         win({"riichi": 1}, 1, 50, None, 1600, ron(1600))),
    Case("double-wind-pair-2fu-rule-south",
         q("123m456m999p23s22z", "4s", riichi=True, round_wind="S",
           rules={"double_wind_pair_fu": 2}),
         win({"riichi": 1}, 1, 40, None, 1300, ron(1300))),
    # closed simple triplet 4, closed terminal triplet 8: 20+10+4+8 = 42 -> 50
    Case("closed-triplets-4-and-8", q("2345699m111p888s", "4m", riichi=True),
         win({"riichi": 1}, 1, 50, None, 1600, ron(1600))),
    # open honour 4, open terminal 4, open simple 2: 20+4+4+2 = 30 exactly
    Case("open-triplets-4-4-2", q("2399m", "4m", pon("777z"), pon("111p"), pon("888s")),
         win({"chun": 1}, 1, 30, None, 1000, ron(1000))),
    # open haku 4 + open 222m 2 + hatsu pair 2 + kanchan 2 = 30 exactly
    Case("open-simple-triplet-2", q("234p79s66z", "8s", pon("555z"), pon("222m")),
         win({"haku": 1}, 1, 30, None, 1000, ron(1000))),
    # open simple kan 8: 20+8+4 = 32 -> 40
    Case("minkan-simple-8", q("234m23p99m", "4p", minkan("8888s"), pon("777z")),
         win({"chun": 1}, 1, 40, None, 1300, ron(1300))),
    # open terminal kan 16: 20+16+4+2 kanchan = 42 -> 50
    Case("minkan-terminal-16", q("234m13p99m", "2p", minkan("9999p"), pon("777z")),
         win({"chun": 1}, 1, 50, None, 1600, ron(1600))),
    # added kan is an open kan: 20+8+4+2 kanchan = 34 -> 40 (closed 16 would give 50)
    Case("shouminkan-simple-8", q("456m13s99m", "2s", shouminkan("2222p"), pon("777z")),
         win({"chun": 1}, 1, 40, None, 1300, ron(1300))),
    # closed simple kan 16: 20+10+16 = 46 -> 50
    Case("ankan-simple-16", q("12399m456p23s", "4s", ankan("8888s"), riichi=True),
         win({"riichi": 1}, 1, 50, None, 1600, ron(1600))),
    # closed terminal kan 32: 20+10+32 = 62 -> 70; 560*4 = 2240 -> 2300
    Case("ankan-terminal-32", q("123m45677p23s", "4s", ankan("9999m"), riichi=True),
         win({"riichi": 1}, 1, 70, None, 2300, ron(2300))),
    # 20+10+32+32+2 tanki+2 chun pair = 98 -> 100; 800*4 = 3200
    Case("fu-100", q("234567s7z", "7z", ankan("9999m"), ankan("1111p"), riichi=True),
         win({"riichi": 1}, 1, 100, None, 3200, ron(3200))),

    # ==================================================================================
    # chiitoitsu: always 25 fu
    # ==================================================================================
    Case("chiitoitsu-ron", q("1133m5577p99s112z", "2z"),
         win({"chiitoitsu": 2}, 2, 25, None, 1600, ron(1600))),
    # 3 han 25 fu tsumo: 800 / 1600
    Case("chiitoitsu-tsumo", q("1133m5577p99s112z", "2z", tsumo=True),
         win({"chiitoitsu": 2, "menzen_tsumo": 1}, 3, 25, None, 3200,
             tsumo(dealer=1600, non_dealer=800))),
    Case("chiitoitsu-riichi", q("1133m5577p99s112z", "2z", riichi=True),
         win({"riichi": 1, "chiitoitsu": 2}, 3, 25, None, 3200, ron(3200))),
    Case("chiitoitsu-tanyao", q("2233m4466p33588s", "5s"),
         win({"chiitoitsu": 2, "tanyao": 1}, 3, 25, None, 3200, ron(3200))),
    Case("chiitoitsu-dealer-ron", q("1133m5577p99s112z", "2z", seat_wind="E"),
         win({"chiitoitsu": 2}, 2, 25, None, 2400, ron(2400))),
    Case("chiitoitsu-dealer-tsumo", q("1133m5577p99s112z", "2z", seat_wind="E", tsumo=True),
         win({"chiitoitsu": 2, "menzen_tsumo": 1}, 3, 25, None, 4800, tsumo_all(1600))),
    # dora 9s (indicator 8s) on the 99s pair: 2 dora; 4 han 25 fu = 1600*4
    Case("chiitoitsu-dora-pair", q("1133m5577p99s112z", "2z", dora_indicators="8s"),
         win({"chiitoitsu": 2}, 4, 25, None, 6400, ron(6400), dora=dora(2))),
    Case("chiitoitsu-honitsu", q("1133557799m112z", "2z"),
         win({"chiitoitsu": 2, "honitsu": 3}, 5, 25, "mangan", 8000, ron(8000))),
    Case("chiitoitsu-chinitsu", q("1224455778899m", "1m"),
         win({"chiitoitsu": 2, "chinitsu": 6}, 8, 25, "baiman", 16000, ron(16000))),
    # four of a kind is not two pairs
    Case("chiitoitsu-four-of-a-kind", q("1111m3355p7799s1z", "1z"), nowin("not_complete")),

    # ==================================================================================
    # chanta, junchan, ittsu, sanshoku, honitsu, chinitsu: closed vs open (kuisagari)
    # closed kanchan/penchan ron 20+10+2 = 32 -> 40; open 20+2 = 22 -> 30
    # ==================================================================================
    Case("chanta-closed", q("123m789m123p89s44z", "7s"),
         win({"chanta": 2}, 2, 40, None, 2600, ron(2600))),
    Case("chanta-open", q("789m123p89s44z", "7s", CHI123),
         win({"chanta": 1}, 1, 30, None, 1000, ron(1000))),
    Case("chanta-absent", q("789m234p89s44z", "7s", CHI123), nowin("no_yaku")),
    Case("chanta-pinfu", q("123m789m123p78s44z", "9s"),
         win({"chanta": 2, "pinfu": 1}, 3, 30, None, 3900, ron(3900))),
    Case("junchan-closed", q("123m789m123p1189s", "7s"),
         win({"junchan": 3}, 3, 40, None, 5200, ron(5200))),
    Case("junchan-open", q("789m123p1189s", "7s", CHI123),
         win({"junchan": 2}, 2, 30, None, 2000, ron(2000))),
    Case("ittsu-closed", q("123456789m13p99s", "2p"),
         win({"ittsu": 2}, 2, 40, None, 2600, ron(2600))),
    Case("ittsu-open", q("123456m13p99s", "2p", chi("789m")),
         win({"ittsu": 1}, 1, 30, None, 1000, ron(1000))),
    Case("ittsu-absent", q("123456m13p99s", "2p", chi("789p")), nowin("no_yaku")),
    Case("ittsu-pinfu", q("123456789m23p99s", "4p"),
         win({"ittsu": 2, "pinfu": 1}, 3, 30, None, 3900, ron(3900))),
    Case("sanshoku-closed", q("123m123p123s46m99s", "5m"),
         win({"sanshoku": 2}, 2, 40, None, 2600, ron(2600))),
    Case("sanshoku-open", q("123m123s46m99s", "5m", chi("123p")),
         win({"sanshoku": 1}, 1, 30, None, 1000, ron(1000))),
    Case("sanshoku-absent", q("123m234s46m99s", "5m", chi("123p")), nowin("no_yaku")),
    # 234m 55m 678m 999m 444z (4z north: no yakuhai): 20+10+8 999m+8 444z = 46 -> 50
    Case("honitsu-closed", q("2355678999m444z", "4m"),
         win({"honitsu": 3}, 3, 50, None, 6400, ron(6400))),
    # pon 444z: 20+4+8 = 32 -> 40
    Case("honitsu-open", q("2355678999m", "4m", pon("444z")),
         win({"honitsu": 2}, 2, 40, None, 2600, ron(2600))),
    Case("honitsu-absent", q("2355678m999p", "4m", pon("444z")), nowin("no_yaku")),
    # 123 345 567 678 99m, 2m only by kanchan: 40 fu, 6 han haneman
    Case("chinitsu-closed", q(CHIN, "2m"),
         win({"chinitsu": 6}, 6, 40, "haneman", 12000, ron(12000))),
    # chi 123m + 345 567 678 99m, ron 8m ryanmen: 20 -> 30 fu, 5 han mangan
    Case("chinitsu-open", q("3455667799m", "8m", CHI123),
         win({"chinitsu": 5}, 5, 30, "mangan", 8000, ron(8000))),

    # ==================================================================================
    # toitoi, sanankou, honroutou, sankantsu, shousangen, sanshoku doukou
    # ==================================================================================
    # pons 222m 888p 555s (2+2+2), shanpon ron 9m: 999m open 4 -> 20+6+4 = 30
    Case("toitoi-shanpon-ron", q("99m44z", "9m", pon("222m"), pon("888p"), pon("555s")),
         win({"toitoi": 2}, 2, 30, None, 2000, ron(2000))),
    # tsumo: 999m concealed 8: 20+2+6+8 = 36 -> 40
    Case("toitoi-shanpon-tsumo",
         q("99m44z", "9m", pon("222m"), pon("888p"), pon("555s"), tsumo=True),
         win({"toitoi": 2}, 2, 40, None, 2700, tsumo(dealer=1300, non_dealer=700))),
    # tanki 4z: 20+6+8 closed 999m+2 = 36 -> 40
    Case("toitoi-tanki", q("999m4z", "4z", pon("222m"), pon("888p"), pon("555s")),
         win({"toitoi": 2}, 2, 40, None, 2600, ron(2600))),
    Case("toitoi-absent", q("99m44z", "9m", chi("234m"), pon("888p"), pon("555s")),
         nowin("no_yaku")),
    # 111m 234m 555p 999s + tanki 4z: 20+10+8+4+8+2 = 52 -> 60; 2 han 60 fu = 3900
    Case("sanankou-tanki-ron", q("111234m555p999s4z", "4z"),
         win({"sanankou": 2}, 2, 60, None, 3900, ron(3900))),
    # 4m read into 456m (ryanmen 56m) keeps 444m concealed: sanankou; 20+10+4+4+4 = 42 -> 50.
    # (read as the shanpon 44m/99s it would be an open 444m and no yaku)
    Case("sanankou-ron-on-run", q("44456m777p888s99s", "4m"),
         win({"sanankou": 2}, 2, 50, None, 3200, ron(3200))),
    # ron on the shanpon 9s/4z: 999s is open, two concealed triplets, no sanankou;
    # 20+10+8 111m+4 555p+4 999s = 46 -> 50
    Case("sanankou-lost-shanpon-ron", q("111234m555p99s44z", "9s", riichi=True),
         win({"riichi": 1}, 1, 50, None, 1600, ron(1600))),
    # tsumo: 20+2+8+4+8 = 42 -> 50; 3 han 50 fu tsumo 1600 / 3200
    Case("sanankou-shanpon-tsumo", q("111234m555p99s44z", "9s", tsumo=True),
         win({"menzen_tsumo": 1, "sanankou": 2}, 3, 50, None, 6400,
             tsumo(dealer=3200, non_dealer=1600))),
    # open hand (chi 234p), three concealed triplets: 20+4 555m+4 777s+8 999s+2 = 38 -> 40
    Case("sanankou-open-hand", q("555m777s999s4z", "4z", chi("234p")),
         win({"sanankou": 2}, 2, 40, None, 2600, ron(2600))),
    # pons 111m 999p (4+4), closed 111s 8, shanpon ron 9s open 4: 20+20 = 40
    Case("honroutou-toitoi", q("111s99s44z", "9s", pon("111m"), pon("999p")),
         win({"toitoi": 2, "honroutou": 2}, 4, 40, "mangan", 8000, ron(8000))),
    # 4 han 25 fu: 1600*4 = 6400
    Case("honroutou-chiitoitsu", q("1199m1199p1199s1z", "1z"),
         win({"chiitoitsu": 2, "honroutou": 2}, 4, 25, None, 6400, ron(6400))),
    # a run 123s: no honroutou, no toitoi, but chanta (open 1): 20+4+4+4 = 32 -> 40
    Case("honroutou-absent-chanta", q("123s99s44z", "9s", pon("111m"), pon("999p")),
         win({"chanta": 1}, 1, 40, None, 1300, ron(1300))),
    # three open simple kans 8+8+8, tanki 2: 20+26 = 46 -> 50; 2 han 50 fu = 3200
    Case("sankantsu",
         q("345m9p", "9p", minkan("2222m"), minkan("8888p"), minkan("6666s")),
         win({"sankantsu": 2}, 2, 50, None, 3200, ron(3200))),
    Case("sankantsu-absent",
         q("345m9p", "9p", minkan("2222m"), minkan("8888p"), pon("555s")),
         nowin("no_yaku")),
    # pon haku 4, closed hatsu 8, chun pair 2: 20+14 = 34 -> 40; 4 han = mangan
    Case("shousangen", q("123m45p66677z", "3p", pon("555z")),
         win({"haku": 1, "hatsu": 1, "shousangen": 2}, 4, 40, "mangan", 8000, ron(8000))),
    Case("shousangen-absent", q("123m45p99s666z", "3p", pon("555z")),
         win({"haku": 1, "hatsu": 1}, 2, 40, None, 2600, ron(2600))),
    # pon 222m 2, closed 222p 222s 4+4, tanki 2: 20+12 = 32 -> 40
    Case("sanshoku-doukou", q("456m222p222s9s", "9s", pon("222m")),
         win({"sanshoku_doukou": 2}, 2, 40, None, 2600, ron(2600))),
    Case("sanshoku-doukou-absent", q("456m222p222s9s", "9s", pon("333m")), nowin("no_yaku")),

    # ==================================================================================
    # situational yaku
    # ==================================================================================
    Case("haitei-open", q(OK, "3s", CHI123, tsumo=True, haitei=True),
         win({"haitei": 1}, 1, 30, None, 1100, tsumo(dealer=500, non_dealer=300))),
    Case("haitei-closed", q(K, "3s", tsumo=True, haitei=True),
         win({"menzen_tsumo": 1, "haitei": 1}, 2, 30, None, 2000,
             tsumo(dealer=1000, non_dealer=500))),
    Case("houtei-open", q(OK, "3s", CHI123, houtei=True),
         win({"houtei": 1}, 1, 30, None, 1000, ron(1000))),
    Case("houtei-absent", q(OK, "3s", CHI123), nowin("no_yaku")),
    Case("houtei-riichi", q(K, "3s", riichi=True, houtei=True),
         win({"riichi": 1, "houtei": 1}, 2, 40, None, 2600, ron(2600))),
    Case("chankan-closed", q(K, "3s", chankan=True),
         win({"chankan": 1}, 1, 40, None, 1300, ron(1300))),
    Case("chankan-open", q(OK, "3s", CHI123, chankan=True),
         win({"chankan": 1}, 1, 30, None, 1000, ron(1000))),
    # ankan 8888p 16, tsumo 2 (rinshan keeps it), kanchan 2, seat pair 2: 42 -> 50
    # (without the tsumo 2 fu it would be 40); 2 han 50 fu tsumo 800 / 1600
    Case("rinshan-ankan", q("234m567m13s22z", "2s", ankan("8888p"), tsumo=True, rinshan=True),
         win({"menzen_tsumo": 1, "rinshan": 1}, 2, 50, None, 3200,
             tsumo(dealer=1600, non_dealer=800))),
    # open kan 8: 20+8+2+2+2 = 34 -> 40
    Case("rinshan-minkan",
         q("234m567m13s22z", "2s", minkan("8888p"), tsumo=True, rinshan=True),
         win({"rinshan": 1}, 1, 40, None, 1500, tsumo(dealer=700, non_dealer=400))),
    Case("rinshan-absent", q("234m567m13s22z", "2s", ankan("8888p"), tsumo=True),
         win({"menzen_tsumo": 1}, 1, 50, None, 1600, tsumo(dealer=800, non_dealer=400))),
    Case("tenhou", q(P, "4s", seat_wind="E", tsumo=True, tenhou=True),
         yakuman({"tenhou": 13}, 48000, tsumo_all(16000))),
    Case("chiihou", q(P, "4s", tsumo=True, chiihou=True),
         yakuman({"chiihou": 13}, 32000, tsumo(dealer=16000, non_dealer=8000))),
    Case("tenhou-tsuuiisou", q("1122334455667z", "7z", seat_wind="E", tsumo=True,
                               tenhou=True),
         yakuman({"tenhou": 13, "tsuuiisou": 13}, 96000, tsumo_all(32000))),

    # ==================================================================================
    # dora, aka dora, ura dora, kan dora
    # ==================================================================================
    # indicator 3m -> 4m (one in K)
    Case("dora-one", q(K, "3s", riichi=True, dora_indicators="3m"),
         win({"riichi": 1}, 2, 40, None, 2600, ron(2600), dora=dora(1))),
    # 9m -> 1m (one in P)
    Case("dora-wraps-9-to-1", q(P, "4s", dora_indicators="9m"),
         win({"pinfu": 1}, 2, 30, None, 2000, ron(2000), dora=dora(1))),
    # 7z (chun) -> 5z (haku): the pon counts 3; 4 han 30 fu = 7700
    Case("dora-dragon-wraps", q(V, "6s", pon("555z"), dora_indicators="7z"),
         win({"haku": 1}, 4, 30, None, 7700, ron(7700), dora=dora(3))),
    # 4z (north) -> 1z (east)
    Case("dora-wind-wraps", q(V, "6s", pon("111z"), dora_indicators="4z"),
         win({"round_wind": 1}, 4, 30, None, 7700, ron(7700), dora=dora(3))),
    # 8s -> 9s, the pair: 2 dora
    Case("dora-on-pair", q(P, "4s", dora_indicators="8s"),
         win({"pinfu": 1}, 3, 30, None, 3900, ron(3900), dora=dora(2))),
    Case("aka-one", q("123m406m789p23s99s", "4s"),
         win({"pinfu": 1}, 2, 30, None, 2000, ron(2000), dora=dora(aka=1))),
    Case("aka-red-fives-off", q("123m406m789p23s99s", "4s", rules={"red_fives": False}),
         win({"pinfu": 1}, 1, 30, None, 1000, ron(1000), dora=dora())),
    # indicator 4m -> 5m: the red five is also a 5m
    Case("aka-is-also-dora", q("123m406m789p23s99s", "4s", dora_indicators="4m"),
         win({"pinfu": 1}, 3, 30, None, 3900, ron(3900), dora=dora(1, aka=1))),
    # 345m 678m 456p 567s 88s with three red fives: tanyao+pinfu+3 = 5 han
    Case("aka-three", q("34067m406p06788s", "8m"),
         win({"tanyao": 1, "pinfu": 1}, 5, 30, "mangan", 8000, ron(8000),
             dora=dora(aka=3))),
    Case("aka-three-red-fives-off", q("34067m406p06788s", "8m", rules={"red_fives": False}),
         win({"tanyao": 1, "pinfu": 1}, 2, 30, None, 2000, ron(2000), dora=dora())),
    # red five inside a pon (open tanyao): 20+2 = 22 -> 30
    Case("aka-in-pon", q("23467m45688s", "5m", pon("550p")),
         win({"tanyao": 1}, 2, 30, None, 2000, ron(2000), dora=dora(aka=1))),
    # kan dora: 7p -> 8p (kan: 4), 1s -> 2s (one); haku 1 + 5 = 6 han haneman;
    # 20+4 haku+8 open kan = 32 -> 40
    Case("kan-dora-two-indicators",
         q("234m23s99m", "4s", pon("555z"), minkan("8888p"), dora_indicators="7p1s"),
         win({"haku": 1}, 6, 40, "haneman", 12000, ron(12000), dora=dora(5))),
    # ura 3m -> 4m, 8p -> 9p: one each; as many dora indicators (1z -> 2z, 2z -> 3z: none)
    Case("ura-two-indicators", q(K, "3s", riichi=True, dora_indicators="1z2z",
                                 ura_indicators="3m8p"),
         win({"riichi": 1}, 3, 40, None, 5200, ron(5200), dora=dora(ura=2))),
    Case("ura-and-dora", q(K, "3s", riichi=True, dora_indicators="8p", ura_indicators="3m"),
         win({"riichi": 1}, 3, 40, None, 5200, ron(5200), dora=dora(1, ura=1))),
    Case("ura-only-with-riichi", q(K, "3s", tsumo=True, dora_indicators="1z",
                                   ura_indicators="3m"),
         win({"menzen_tsumo": 1}, 1, 30, None, 1100, tsumo(dealer=500, non_dealer=300),
             dora=dora())),
    Case("ura-with-double-riichi", q(K, "3s", double_riichi=True, dora_indicators="1z",
                                     ura_indicators="3m"),
         win({"double_riichi": 2}, 3, 40, None, 5200, ron(5200), dora=dora(ura=1))),
    Case("dora-is-no-yaku-open", q(OK, "3s", CHI123, dora_indicators="8s"),
         nowin("no_yaku")),
    Case("dora-is-no-yaku-closed", q(K, "3s", dora_indicators="3m"), nowin("no_yaku")),

    # ==================================================================================
    # honba (300 a stick on ron, 100 from each on tsumo) and riichi sticks (1000 each)
    # ==================================================================================
    Case("honba-ron", q(P, "4s", honba=2),
         win({"pinfu": 1}, 1, 30, None, 1000, ron(1600))),
    Case("honba-and-sticks-ron", q(P, "4s", honba=1, riichi_sticks=2),
         win({"pinfu": 1}, 1, 30, None, 1000, ron(1300), total=3300)),
    Case("sticks-ron", q(P, "4s", riichi_sticks=3),
         win({"pinfu": 1}, 1, 30, None, 1000, ron(1000), total=4000)),
    Case("honba-tsumo", q(K, "3s", tsumo=True, honba=1),
         win({"menzen_tsumo": 1}, 1, 30, None, 1100, tsumo(dealer=600, non_dealer=400))),
    Case("honba-and-stick-tsumo", q(K, "3s", tsumo=True, honba=1, riichi_sticks=1),
         win({"menzen_tsumo": 1}, 1, 30, None, 1100, tsumo(dealer=600, non_dealer=400),
             total=2400)),
    Case("honba-dealer-ron", q(P, "4s", seat_wind="E", honba=3),
         win({"pinfu": 1}, 1, 30, None, 1500, ron(2400))),
    Case("honba-dealer-tsumo", q(P, "4s", seat_wind="E", tsumo=True, honba=1),
         win({"pinfu": 1, "menzen_tsumo": 1}, 2, 20, None, 2100, tsumo_all(800))),
    Case("honba-and-stick-dealer-tsumo",
         q(K, "3s", riichi=True, tsumo=True, seat_wind="E", honba=2, riichi_sticks=1),
         win({"riichi": 1, "menzen_tsumo": 1}, 2, 30, None, 3000, tsumo_all(1200),
             total=4600)),
    Case("honba-mangan-ron", q("3455667799m", "8m", CHI123, honba=1),
         win({"chinitsu": 5}, 5, 30, "mangan", 8000, ron(8300))),
    Case("honba-yakuman-tsumo", q("11122m555p999s44z", "2m", tsumo=True, honba=1),
         yakuman({"suuankou": 13}, 32000, tsumo(dealer=16100, non_dealer=8100))),

    # ==================================================================================
    # limits
    # ==================================================================================
    # ankan 8888p 16, closed 999s 8, kanchan 2: 20+10+26 = 56 -> 60; riichi + dora 2
    # (indicator 3z -> 4z pair): 3 han 60 fu = 1920*4 = 7680 -> 7700
    Case("3han-60fu", q("13m456m999s44z", "2m", ankan("8888p"), riichi=True,
                        dora_indicators="3z"),
         win({"riichi": 1}, 3, 60, None, 7700, ron(7700), dora=dora(2))),
    Case("3han-60fu-dealer", q("13m456m999s44z", "2m", ankan("8888p"), riichi=True,
                               dora_indicators="3z", seat_wind="E"),
         win({"riichi": 1}, 3, 60, None, 11600, ron(11600), dora=dora(2))),
    Case("3han-60fu-kiriage", q("13m456m999s44z", "2m", ankan("8888p"), riichi=True,
                                dora_indicators="3z", rules={"kiriage_mangan": True}),
         win({"riichi": 1}, 3, 60, "mangan", 8000, ron(8000), dora=dora(2))),
    # ankan 9999p 32, kanchan 2, seat pair 2: 20+10+36 = 66 -> 70; dora 1z -> 2z pair:
    # 3 han 70 fu = 2240 > 2000: mangan
    Case("3han-70fu-mangan", q("13m456m234s22z", "2m", ankan("9999p"), riichi=True,
                               dora_indicators="1z"),
         win({"riichi": 1}, 3, 70, "mangan", 8000, ron(8000), dora=dora(2))),
    # riichi tanyao pinfu + dora (3m -> 4m): 4 han 30 fu = 7700 without kiriage
    Case("4han-30fu", q(TP, "5s", riichi=True, dora_indicators="3m"),
         win({"riichi": 1, "tanyao": 1, "pinfu": 1}, 4, 30, None, 7700, ron(7700),
             dora=dora(1))),
    Case("4han-30fu-dealer", q(TP, "5s", riichi=True, dora_indicators="3m", seat_wind="E"),
         win({"riichi": 1, "tanyao": 1, "pinfu": 1}, 4, 30, None, 11600, ron(11600),
             dora=dora(1))),
    Case("4han-30fu-kiriage", q(TP, "5s", riichi=True, dora_indicators="3m",
                                rules={"kiriage_mangan": True}),
         win({"riichi": 1, "tanyao": 1, "pinfu": 1}, 4, 30, "mangan", 8000, ron(8000),
             dora=dora(1))),
    Case("4han-30fu-kiriage-dealer",
         q(TP, "5s", riichi=True, dora_indicators="3m", seat_wind="E",
           rules={"kiriage_mangan": True}),
         win({"riichi": 1, "tanyao": 1, "pinfu": 1}, 4, 30, "mangan", 12000, ron(12000),
             dora=dora(1))),
    # kanchan tsumo 20+2+2 = 24 -> 30: 4 han 30 fu tsumo 2000 / 3900
    Case("4han-30fu-tsumo", q(TK, "5s", riichi=True, tsumo=True, dora_indicators="3m"),
         win({"riichi": 1, "menzen_tsumo": 1, "tanyao": 1}, 4, 30, None, 7900,
             tsumo(dealer=3900, non_dealer=2000), dora=dora(1))),
    Case("4han-30fu-tsumo-kiriage",
         q(TK, "5s", riichi=True, tsumo=True, dora_indicators="3m",
           rules={"kiriage_mangan": True}),
         win({"riichi": 1, "menzen_tsumo": 1, "tanyao": 1}, 4, 30, "mangan", 8000,
             tsumo(dealer=4000, non_dealer=2000), dora=dora(1))),
    # kanchan ron 40 fu; dora 7s -> 8s pair: 4 han 40 fu = mangan
    Case("4han-40fu-mangan", q(TK, "5s", riichi=True, dora_indicators="7s"),
         win({"riichi": 1, "tanyao": 1}, 4, 40, "mangan", 8000, ron(8000), dora=dora(2))),
    Case("5han-20fu-mangan", q(TP, "5s", riichi=True, tsumo=True, dora_indicators="3m"),
         win({"riichi": 1, "menzen_tsumo": 1, "tanyao": 1, "pinfu": 1}, 5, 20, "mangan",
             8000, tsumo(dealer=4000, non_dealer=2000), dora=dora(1))),
    Case("7han-haneman", q(CHIN, "2m", riichi=True),
         win({"riichi": 1, "chinitsu": 6}, 7, 40, "haneman", 12000, ron(12000))),
    Case("7han-haneman-tsumo", q(CHIN, "2m", tsumo=True),
         win({"menzen_tsumo": 1, "chinitsu": 6}, 7, 30, "haneman", 12000,
             tsumo(dealer=6000, non_dealer=3000))),
    Case("7han-haneman-dealer-tsumo", q(CHIN, "2m", tsumo=True, seat_wind="E"),
         win({"menzen_tsumo": 1, "chinitsu": 6}, 7, 30, "haneman", 18000, tsumo_all(6000))),
    Case("8han-baiman", q(CHIN, "2m", riichi=True, ippatsu=True),
         win({"riichi": 1, "ippatsu": 1, "chinitsu": 6}, 8, 40, "baiman", 16000,
             ron(16000))),
    # dora 8m -> 9m pair: 6+1+1+2 = 10 han, dealer tsumo 8000 each
    Case("10han-baiman-dealer-tsumo",
         q(CHIN, "2m", riichi=True, tsumo=True, seat_wind="E", dora_indicators="8m"),
         win({"riichi": 1, "menzen_tsumo": 1, "chinitsu": 6}, 10, 30, "baiman", 24000,
             tsumo_all(8000), dora=dora(2))),
    Case("11han-sanbaiman-tsumo",
         q(CHIN, "2m", riichi=True, ippatsu=True, tsumo=True, dora_indicators="8m"),
         win({"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "chinitsu": 6}, 11, 30,
             "sanbaiman", 24000, tsumo(dealer=12000, non_dealer=6000), dora=dora(2))),
    # dora 8m -> 9m (2), 4m -> 5m (2)
    Case("12han-sanbaiman-ron",
         q(CHIN, "2m", riichi=True, ippatsu=True, dora_indicators="8m4m"),
         win({"riichi": 1, "ippatsu": 1, "chinitsu": 6}, 12, 40, "sanbaiman", 24000,
             ron(24000), dora=dora(4))),
    Case("13han-kazoe-yakuman",
         q(CHIN, "2m", riichi=True, ippatsu=True, tsumo=True, dora_indicators="8m4m"),
         win({"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "chinitsu": 6}, 13, 30,
             "kazoe_yakuman", 32000, tsumo(dealer=16000, non_dealer=8000), dora=dora(4))),
    Case("13han-kazoe-off-sanbaiman",
         q(CHIN, "2m", riichi=True, ippatsu=True, tsumo=True, dora_indicators="8m4m",
           rules={"kazoe_yakuman": False}),
         win({"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "chinitsu": 6}, 13, 30,
             "sanbaiman", 24000, tsumo(dealer=12000, non_dealer=6000), dora=dora(4))),
    # with a red 5m: 6+1+1 + dora 4 + aka 1 = 13, dealer ron
    Case("13han-kazoe-dealer-ron",
         q("1334056677899m", "2m", riichi=True, ippatsu=True, seat_wind="E",
           dora_indicators="8m4m"),
         win({"riichi": 1, "ippatsu": 1, "chinitsu": 6}, 13, 40, "kazoe_yakuman", 48000,
             ron(48000), dora=dora(4, aka=1))),
    # 22 + 345 345 678 678 (8m from 67m, ryanmen): chinitsu 6 ryanpeikou 3 tanyao 1
    # pinfu 1 riichi 1 tsumo 1 = 13 han, 20 fu
    Case("13han-kazoe-ryanpeikou-chinitsu",
         q("2233445566778m", "8m", riichi=True, tsumo=True),
         win({"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1, "ryanpeikou": 3,
              "chinitsu": 6}, 13, 20, "kazoe_yakuman", 32000,
             tsumo(dealer=16000, non_dealer=8000))),
    Case("mangan-dealer-ron", q("3455667799m", "8m", CHI123, seat_wind="E"),
         win({"chinitsu": 5}, 5, 30, "mangan", 12000, ron(12000))),
    # open tsumo 20+2 = 22 -> 30
    Case("mangan-dealer-tsumo", q("3455667799m", "8m", CHI123, seat_wind="E", tsumo=True),
         win({"chinitsu": 5}, 5, 30, "mangan", 12000, tsumo_all(4000))),

    # ==================================================================================
    # yakuman
    # ==================================================================================
    Case("kokushi", q("19m19p19s1234566z", "7z"), yakuman({"kokushi": 13}, 32000, ron(32000))),
    Case("kokushi-dealer-tsumo", q("19m19p19s1234566z", "7z", seat_wind="E", tsumo=True),
         yakuman({"kokushi": 13}, 48000, tsumo_all(16000))),
    Case("kokushi-not-complete", q("19m19p19s1234566z", "6z"), nowin("not_complete")),
    Case("kokushi-13-wait", q("19m19p19s1234567z", "1m"),
         yakuman({"kokushi_13": 13}, 32000, ron(32000))),
    Case("kokushi-13-wait-double", q("19m19p19s1234567z", "1m",
                                     rules={"double_yakuman": True}),
         yakuman({"kokushi_13": 26}, 64000, ron(64000))),
    Case("kokushi-single-wait-double-rule", q("19m19p19s1234566z", "7z",
                                              rules={"double_yakuman": True}),
         yakuman({"kokushi": 13}, 32000, ron(32000))),
    # 111m 222m 555p 999s 44z, tsumo 2m on the shanpon
    Case("suuankou-tsumo", q("11122m555p999s44z", "2m", tsumo=True),
         yakuman({"suuankou": 13}, 32000, tsumo(dealer=16000, non_dealer=8000))),
    Case("suuankou-double-rule-stays-single",
         q("11122m555p999s44z", "2m", tsumo=True, rules={"double_yakuman": True}),
         yakuman({"suuankou": 13}, 32000, tsumo(dealer=16000, non_dealer=8000))),
    # ron on the shanpon: 222m is open: sanankou + toitoi 4 han;
    # 20+10+8 111m+2 222m+4 555p+8 999s = 52 -> 60, mangan
    Case("suuankou-shanpon-ron-is-sanankou-toitoi", q("11122m555p999s44z", "2m"),
         win({"sanankou": 2, "toitoi": 2}, 4, 60, "mangan", 8000, ron(8000))),
    Case("suuankou-tanki-ron", q("111222m555p999s4z", "4z"),
         yakuman({"suuankou_tanki": 13}, 32000, ron(32000))),
    Case("suuankou-tanki-double", q("111222m555p999s4z", "4z",
                                    rules={"double_yakuman": True}),
         yakuman({"suuankou_tanki": 26}, 64000, ron(64000))),
    Case("suuankou-tanki-dealer-tsumo",
         q("111222m555p999s4z", "4z", seat_wind="E", tsumo=True),
         yakuman({"suuankou_tanki": 13}, 48000, tsumo_all(16000))),
    Case("daisangen", q("23m99p666777z", "4m", pon("555z")),
         yakuman({"daisangen": 13}, 32000, ron(32000))),
    Case("daisangen-dealer", q("23m99p666777z", "4m", pon("555z"), seat_wind="E"),
         yakuman({"daisangen": 13}, 48000, ron(48000))),
    # dora do not add to a yakuman
    Case("daisangen-with-dora", q("23m99p666777z", "4m", pon("555z"), dora_indicators="7z"),
         yakuman({"daisangen": 13}, 32000, ron(32000))),
    Case("shousuushii", q("23m11122233344z", "4m"),
         yakuman({"shousuushii": 13}, 32000, ron(32000))),
    # two wind triplets and a wind pair: round + seat wind only; 20+10+8+8 = 46 -> 50
    Case("shousuushii-absent", q("23m567p11122244z", "4m"),
         win({"round_wind": 1, "seat_wind": 1}, 2, 50, None, 3200, ron(3200))),
    Case("daisuushii", q("5m222333444z", "5m", pon("111z")),
         yakuman({"daisuushii": 13}, 32000, ron(32000))),
    Case("daisuushii-double", q("5m222333444z", "5m", pon("111z"),
                                rules={"double_yakuman": True}),
         yakuman({"daisuushii": 26}, 64000, ron(64000))),
    Case("daisuushii-tsuuiisou", q("2223334445z", "5z", pon("111z")),
         yakuman({"daisuushii": 13, "tsuuiisou": 13}, 64000, ron(64000))),
    Case("daisuushii-tsuuiisou-suuankou-tanki", q("1112223334445z", "5z"),
         yakuman({"daisuushii": 13, "tsuuiisou": 13, "suuankou_tanki": 13}, 96000,
                 ron(96000))),
    Case("daisangen-tsuuiisou", q("1116667772z", "2z", pon("555z")),
         yakuman({"daisangen": 13, "tsuuiisou": 13}, 64000, ron(64000))),
    Case("no-stacking-double-rule-keeps-largest",
         q("2223334445z", "5z", pon("111z"),
           rules={"double_yakuman": True, "yakuman_stacking": False}),
         yakuman({"daisuushii": 26}, 64000, ron(64000))),
    Case("tsuuiisou-chiitoitsu", q("1122334455667z", "7z"),
         yakuman({"tsuuiisou": 13}, 32000, ron(32000))),
    # one pair of 1m: honroutou + honitsu + chiitoitsu = 7 han, haneman
    Case("tsuuiisou-absent", q("11m11223344556z", "6z"),
         win({"chiitoitsu": 2, "honroutou": 2, "honitsu": 3}, 7, 25, "haneman", 12000,
             ron(12000))),
    # 234s 234s 666s 888s 66z, kanchan 3s
    Case("ryuuiisou", q("22344666888s66z", "3s"),
         yakuman({"ryuuiisou": 13}, 32000, ron(32000))),
    # 555s is not green: honitsu + iipeikou; 20+10+4+4+2 kanchan+2 hatsu pair = 42 -> 50
    Case("ryuuiisou-absent", q("22344555888s66z", "3s"),
         win({"honitsu": 3, "iipeikou": 1}, 4, 50, "mangan", 8000, ron(8000))),
    Case("chinroutou", q("111s999s9m", "9m", pon("111m"), pon("999p")),
         yakuman({"chinroutou": 13}, 32000, ron(32000))),
    # 111 234 55 678 999m
    Case("chuuren", q("1113455678999m", "2m"), yakuman({"chuuren": 13}, 32000, ron(32000))),
    Case("chuuren-double-rule-stays-single", q("1113455678999m", "2m",
                                               rules={"double_yakuman": True}),
         yakuman({"chuuren": 13}, 32000, ron(32000))),
    Case("junsei-chuuren", q("1112345678999m", "5m"),
         yakuman({"junsei_chuuren": 13}, 32000, ron(32000))),
    Case("junsei-chuuren-double", q("1112345678999m", "5m", rules={"double_yakuman": True}),
         yakuman({"junsei_chuuren": 26}, 64000, ron(64000))),
    Case("junsei-chuuren-dealer-tsumo", q("1112345678999m", "9m", seat_wind="E", tsumo=True),
         yakuman({"junsei_chuuren": 13}, 48000, tsumo_all(16000))),
    # open: chinitsu 5 only; 20+8 111m+8 999m+2 tanki 5m = 38 -> 40
    Case("chuuren-open-is-chinitsu", q("1115678999m", "5m", chi("234m")),
         win({"chinitsu": 5}, 5, 40, "mangan", 8000, ron(8000))),
    Case("suukantsu", q("9m", "9m", minkan("2222m"), minkan("8888p"), shouminkan("6666s"),
                        ankan("4444z")),
         yakuman({"suukantsu": 13}, 32000, ron(32000))),

    # ==================================================================================
    # the high-score rule: every reading and every place of the winning tile
    # ==================================================================================
    # 111 222 333m: sanankou, 20+10+8+4+4+2 tanki = 48 -> 50 (3200) beats
    # 123 123 123m: iipeikou, 40 fu (1300)
    Case("high-score-triplets-over-runs", q("111222333m456p9s", "9s"),
         win({"sanankou": 2}, 2, 50, None, 3200, ron(3200))),
    # tsumo: sanankou+tsumo 20+2+8+4+4+2 = 40 (3 han 40 fu, 5200) beats
    # iipeikou+tsumo 30 fu (2000)
    Case("high-score-triplets-over-runs-tsumo", q("111222333m456p9s", "9s", tsumo=True),
         win({"menzen_tsumo": 1, "sanankou": 2}, 3, 40, None, 5200,
             tsumo(dealer=2600, non_dealer=1300))),
    # 123m x3 789p 99s: pinfu iipeikou junchan = 5 han mangan beats sanankou 2 han
    Case("high-score-runs-over-triplets", q("111222333m78p99s", "9p"),
         win({"pinfu": 1, "iipeikou": 1, "junchan": 3}, 5, 30, "mangan", 8000, ron(8000))),
    # 222 333 444m: sanankou+tanyao 20+10+12 = 42 -> 50 (6400) beats
    # 234m x3: pinfu+tanyao+iipeikou 30 fu (3900)
    Case("high-score-sanankou-over-pinfu", q("222333444m56p88s", "4p"),
         win({"tanyao": 1, "sanankou": 2}, 3, 50, None, 6400, ron(6400))),
    # 345m 456m, 4m as kanchan (3_5) or ryanmen (56): kanchan 20+10+8+2+2 seat pair = 42
    # -> 50 (1600) beats ryanmen 40 (1300)
    Case("high-score-kanchan-over-ryanmen", q("34556m999p123s22z", "4m", riichi=True),
         win({"riichi": 1}, 1, 50, None, 1600, ron(1600))),
    # the same tiles where ryanmen gives pinfu (the kanchan reading has no yaku)
    Case("high-score-ryanmen-pinfu", q("34556m123p789s99s", "4m"),
         win({"pinfu": 1}, 1, 30, None, 1000, ron(1000))),
    Case("high-score-ryanmen-pinfu-tsumo", q("34556m123p789s99s", "4m", tsumo=True),
         win({"pinfu": 1, "menzen_tsumo": 1}, 2, 20, None, 1500,
             tsumo(dealer=700, non_dealer=400))),

    # ==================================================================================
    # not a win
    # ==================================================================================
    Case("not-complete", q(K, "5s"), nowin("not_complete")),
    Case("not-complete-open", q(OK, "1s", CHI123), nowin("not_complete")),
]

# ---- the rule options, each present and just absent (worked by hand as above)
WHEEL = "2233445566778m"  # wins on 8m: 22m, 345m x2, 678m x2 (ryanmen): pinfu, ryanpeikou
CASES += [
    # 20 (pinfu tsumo) + 2 (tsumo fu under pinfu_tsumo_fu) = 22 -> 30; 2 han 30 fu: base 480
    Case("pinfu-tsumo-fu-counted", q("34556m123p789s99s", "4m", tsumo=True,
                                     rules={"pinfu_tsumo_fu": True}),
         win({"pinfu": 1, "menzen_tsumo": 1}, 2, 30, None, 2000,
             tsumo(dealer=1000, non_dealer=500))),
    # open tanyao of runs by ron on a ryanmen: 20 fu, 30 by default; 1 han 20 fu: base 160
    Case("open-pinfu-shape-20-fu", q("456m234p34s88s", "5s", chi("678p"),
                                     rules={"open_pinfu_fu": 20}),
         win({"tanyao": 1}, 1, 20, None, 700, ron(700))),
    Case("open-pinfu-shape-30-fu", q("456m234p34s88s", "5s", chi("678p")),
         win({"tanyao": 1}, 1, 30, None, 1000, ron(1000))),
    # riichi 1 ippatsu 1 tsumo 1 pinfu 1 tanyao 1 ryanpeikou 3 chinitsu 6 = 14; dora 2m 4m 6m
    # 8m two each = 8; ura 2m 4m two each = 4: 26 han, a double yakuman under kazoe_multiple
    Case("kazoe-multiple-26-han-double", q(WHEEL, "8m", riichi=True, ippatsu=True, tsumo=True,
                                           dora_indicators="1m3m5m7m", ura_indicators="1m3m",
                                           rules={"kazoe_multiple": True, "red_fives": False}),
         win({"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1,
              "ryanpeikou": 3, "chinitsu": 6}, 26, 20, "double_yakuman", 64000,
             tsumo(dealer=32000, non_dealer=16000), dora=dora(8, 0, 4))),
    # without ippatsu: 25 han, one counted yakuman even under kazoe_multiple
    Case("kazoe-multiple-25-han-single", q(WHEEL, "8m", riichi=True, tsumo=True,
                                           dora_indicators="1m3m5m7m", ura_indicators="1m3m",
                                           rules={"kazoe_multiple": True, "red_fives": False}),
         win({"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1, "ryanpeikou": 3,
              "chinitsu": 6}, 25, 20, "kazoe_yakuman", 32000,
             tsumo(dealer=16000, non_dealer=8000), dora=dora(8, 0, 4))),
    Case("kazoe-26-han-single-by-default", q(WHEEL, "8m", riichi=True, ippatsu=True,
                                             tsumo=True, dora_indicators="1m3m5m7m",
                                             ura_indicators="1m3m", rules={"red_fives": False}),
         win({"riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "pinfu": 1, "tanyao": 1,
              "ryanpeikou": 3, "chinitsu": 6}, 26, 20, "kazoe_yakuman", 32000,
             tsumo(dealer=16000, non_dealer=8000), dora=dora(8, 0, 4))),
    # renhou as 5 han beside pinfu: 6 han, haneman
    Case("renhou-mangan", q(P, "4s", renhou=True, rules={"renhou": "mangan"}),
         win({"pinfu": 1, "renhou_mangan": 5}, 6, 30, "haneman", 12000, ron(12000))),
    Case("renhou-yakuman", q(P, "4s", renhou=True, rules={"renhou": "yakuman"}),
         yakuman({"renhou": 13}, 32000, ron(32000))),
    Case("renhou-off", q(P, "4s", renhou=True), win({"pinfu": 1}, 1, 30, None, 1000, ron(1000))),
    # open riichi 2 + tanyao 1 + pinfu 1 = 4 han 30 fu: base 1920
    Case("open-riichi", q(TP, "5s", riichi=True, open_riichi=True, rules={"open_riichi": True}),
         win({"pinfu": 1, "tanyao": 1, "open_riichi": 2}, 4, 30, None, 7700, ron(7700))),
    Case("open-riichi-not-played", q(TP, "5s", riichi=True, open_riichi=True),
         win({"riichi": 1, "pinfu": 1, "tanyao": 1}, 3, 30, None, 3900, ron(3900))),
    Case("open-riichi-sashikomi", q(TP, "5s", riichi=True, open_riichi=True, rules={
        "open_riichi": True, "open_riichi_sashikomi": True}),
         yakuman({"sashikomi": 13}, 32000, ron(32000))),
    Case("open-riichi-dealt-in-by-riichi", q(TP, "5s", riichi=True, open_riichi=True,
                                             discarder_in_riichi=True, rules={
                                                 "open_riichi": True,
                                                 "open_riichi_sashikomi": True}),
         win({"pinfu": 1, "tanyao": 1, "open_riichi": 2}, 4, 30, None, 7700, ron(7700))),
    Case("daisharin", q("2233445566778p", "8p", rules={"daisharin": True}),
         yakuman({"daisharin": 13}, 32000, ron(32000))),
    Case("daisuurin-needs-all-suits", q(WHEEL, "8m", rules={"daisharin": True,
                                                             "daisharin_all_suits": True}),
         yakuman({"daisuurin": 13}, 32000, ron(32000))),
    Case("daichisei", q("1122334455667z", "7z", rules={"daichisei": True}),
         yakuman({"tsuuiisou": 13, "daichisei": 13}, 64000, ron(64000))),
    Case("paarenchan", q(TP, "5s", seat_wind="E", paarenchan=1, rules={"paarenchan": True}),
         yakuman({"paarenchan": 13}, 48000, ron(48000))),
    Case("paarenchan-not-played", q(TP, "5s", seat_wind="E", paarenchan=1),
         win({"pinfu": 1, "tanyao": 1}, 2, 30, None, 2900, ron(2900))),
    # nagashi mangan: a tsumo mangan whatever the hand
    Case("nagashi-mangan", q(K, "3s", nagashi=True, tsumo=True),
         win({"nagashi_mangan": 5}, 5, 30, "mangan", 8000, tsumo(dealer=4000, non_dealer=2000))),
]

# ---- yakuman_stacking off with two equal yakuman: which one is listed is not specified,
# so only the value is checked (one yakuman instead of two).
_NO_STACK = win({}, 13, None, "yakuman", 32000, ron(32000))
del _NO_STACK["yaku"]
CASES.append(Case("no-stacking-counts-one-yakuman",
                  q("1116667772z", "2z", pon("555z"), rules={"yakuman_stacking": False}),
                  _NO_STACK))


# --------------------------------------------------------------------------------------
# The test
# --------------------------------------------------------------------------------------


_MISSING = object()
