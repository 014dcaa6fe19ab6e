"""Whole-hand shapes against the brute-force oracle: complete?, waits, every reading.

Random hands come from ``shaped_hands`` below, a strategy biased toward the shapes that
matter (built from sets and a pair, seven pairs, thirteen orphans, one-suit hands, near
misses) with 0-4 melds of every kind; the plain random hands of ``tests.strategies``
are rarely complete or waiting. Hand-picked cases cover the rules the oracle states.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_core import (
    Decomposition,
    Form,
    GroupKind,
    Hand,
    InvalidHandError,
    Tile,
    Wait,
)
from tests.support import oracle
from tests.support.shaped_hands import HandData, shaped_hands

SETTINGS = settings(max_examples=500, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])














def canon(decomposition: Decomposition) -> oracle.CanonDecomposition:
    """A decomposition as the oracle writes it: form and sorted groups with flags."""
    return (decomposition.form.value, tuple(sorted(
        (str(g), g.kind.value, g.open, g.melded) for g in decomposition.groups)))


def kinds_of(mask: int) -> set[int]:
    return {k for k in range(34) if (mask >> k) & 1}


# -- random hands against the oracle ----------------------------------------------------


@SETTINGS
@given(shaped_hands(full=True))
def test_full_hands_match_the_oracle(data: HandData) -> None:
    tiles, melds = data
    hand = Hand(tiles, melds)
    expected = oracle.decompositions(tiles, melds)
    found = hand.decompositions()
    assert hand.is_complete() is bool(expected)
    assert hand.is_complete() is oracle.is_complete(tiles, melds)
    if not expected:
        assert found == ()
    assert len({canon(d) for d in found}) == len(found), "a reading listed twice"
    assert {canon(d) for d in found} == expected
    with pytest.raises(InvalidHandError):
        hand.waits()


@SETTINGS
@given(shaped_hands(full=False))
def test_waiting_hands_match_the_oracle(data: HandData) -> None:
    tiles, melds = data
    hand = Hand(tiles, melds)
    expected = oracle.waits(tiles, melds)
    assert kinds_of(hand.waits_mask()) == expected
    assert {t.kind for t in hand.waits()} == expected
    assert all(not t.red for t in hand.waits())
    assert hand.is_tenpai() is bool(expected)
    assert not hand.is_complete()
    assert hand.decompositions() == ()


@SETTINGS
@given(shaped_hands(full=True))
def test_decomposition_layout(data: HandData) -> None:
    """Standard readings first (pair, then sets in tile order), then seven pairs, then
    thirteen orphans; every group's tiles add up to the hand."""
    tiles, melds = data
    hand = Hand(tiles, melds)
    forms = [d.form for d in hand.decompositions()]
    order = [Form.STANDARD, Form.SEVEN_PAIRS, Form.THIRTEEN_ORPHANS]
    assert forms == sorted(forms, key=order.index)
    every = sorted([t.kind for t in tiles] + [t.kind for m in melds for t in m.tiles])
    for reading in hand.decompositions():
        assert sorted(k for g in reading.groups for k in g.kinds) == every
        if reading.form is Form.STANDARD:
            assert reading.groups[0].kind is GroupKind.PAIR
            assert reading.pair == reading.groups[0].tile
            assert len(reading.sets) == 4 == len(reading.groups) - 1
            firsts = [g.tile.kind for g in reading.sets]
            assert firsts == sorted(firsts)
            assert sum(g.melded for g in reading.groups) == len(melds)
        elif reading.form is Form.SEVEN_PAIRS:
            assert reading.pair is None and reading.sets == ()
        else:
            assert reading.groups[0].kind is GroupKind.PAIR
            assert [g.kind for g in reading.groups[1:]] == [GroupKind.SINGLE] * 12


@SETTINGS
@given(shaped_hands(), st.randoms(use_true_random=False))
def test_tile_order_does_not_matter_and_input_is_kept(data: HandData,
                                                      rng: random.Random) -> None:
    tiles, melds = data
    before_tiles, before_melds = list(tiles), list(melds)
    shuffled = list(tiles)
    rng.shuffle(shuffled)
    one, two = Hand(tiles, melds), Hand(shuffled, melds)
    assert one == two and str(one) == str(two)
    assert one.is_complete() is two.is_complete()
    assert one.decompositions() == two.decompositions()
    if not one.is_full:
        assert one.waits_mask() == two.waits_mask()
    assert tiles == before_tiles and melds == before_melds


# -- hand-picked cases ------------------------------------------------------------------


def tile(text: str) -> Tile:
    return Tile.parse(text)


def waits_text(hand: Hand) -> list[str]:
    return sorted(str(t) for t in hand.waits())


def check(text: str) -> Hand:
    """Parse a hand and check it against the oracle before the case's own asserts."""
    hand = Hand.parse(text)
    tiles, melds = list(hand.tiles), list(hand.melds)
    if hand.is_full:
        assert {canon(d) for d in hand.decompositions()} == oracle.decompositions(tiles, melds)
    else:
        assert kinds_of(hand.waits_mask()) == oracle.waits(tiles, melds)
    return hand


def test_four_of_a_kind_is_not_two_pairs() -> None:
    assert not check("1111m2233p4455s66z").is_complete()
    assert check("1111m2233p4455s66z").decompositions() == ()
    assert waits_text(check("1111m2233p4455s6z")) == []
    assert waits_text(check("1122m3344p5566s7z")) == ["7z"]
    assert waits_text(check("1122m3344p556s77z")) == ["6s"]


def test_seven_pairs_that_are_also_standard() -> None:
    hand = check("112233m445566p77z")
    assert [str(d) for d in hand.decompositions()] == [
        "77z 123m 123m 456p 456p", "11m 22m 33m 44p 55p 66p 77z"]
    assert [d.form for d in hand.decompositions()] == [Form.STANDARD, Form.SEVEN_PAIRS]


def test_thirteen_orphans_thirteen_sided() -> None:
    hand = check("19m19p19s1234567z")
    assert waits_text(hand) == sorted(
        ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"])
    won = check("119m19p19s1234567z")
    (reading,) = won.decompositions()
    assert reading.form is Form.THIRTEEN_ORPHANS
    assert str(reading.groups[0]) == "11m"
    assert [p.wait for p in reading.winning_groups(tile("1m"))] == [Wait.KOKUSHI_13]


def test_thirteen_orphans_single_wait() -> None:
    assert waits_text(check("19m19p19s1234566z")) == ["7z"]
    assert waits_text(check("11m19p19s1234567z")) == ["9m"]
    (reading,) = check("19m19p19s12345667z").decompositions()
    assert [p.wait for p in reading.winning_groups(tile("7z"))] == [Wait.KOKUSHI]
    assert waits_text(check("11m9p19s12345677z")) == []


def test_a_kind_held_four_times_with_the_melds_is_no_wait() -> None:
    pon = "pon:111m:1m:toimen chi:234p:2p:kamicha pon:555s:5s:shimocha pon:777z:7z:toimen"
    assert waits_text(check(f"1m {pon}")) == []
    other = pon.replace("pon:111m:1m:toimen", "pon:999m:9m:toimen")
    assert waits_text(check(f"1m {other}")) == ["1m"]
    # 4456m waits on 4m (tanki) and 7m (44 + 56); both chis hold a 4m
    melds = "chi:345m:3m:kamicha chi:456m:6m:kamicha pon:777z:7z:toimen"
    assert waits_text(check(f"4456m {melds}")) == ["7m"]
    assert waits_text(check("4456m chi:345m:3m:kamicha pon:222p pon:777z")) == ["4m", "7m"]
    assert waits_text(check("1m ankan:2222m pon:333m chi:789p chi:789p")) == ["1m"]
    assert waits_text(check("3m ankan:2222m pon:333m chi:789p chi:789p")) == []


def test_concealed_four_of_a_kind_is_not_a_wait() -> None:
    assert waits_text(check("1111m234p567s789s")) == []  # 111 + 1 would need a fifth 1m
    assert waits_text(check("1111234567899m")) == ["3m", "6m", "9m"]


def test_pure_nine_gates() -> None:
    assert waits_text(check("1112345678999m")) == [f"{r}m" for r in range(1, 10)]


def test_melds_are_fixed_sets() -> None:
    hand = check("123m55p pon:777z:7z:toimen ankan:1111s chi:789p:7p:kamicha")
    (reading,) = hand.decompositions()
    assert [(str(g), g.kind, g.open, g.melded) for g in reading.groups] == [
        ("55p", GroupKind.PAIR, False, False),
        ("123m", GroupKind.RUN, False, False),
        ("789p", GroupKind.RUN, True, True),
        ("1111s", GroupKind.KAN, False, True),
        ("777z", GroupKind.TRIPLET, True, True),
    ]
    assert reading.winning_groups(tile("7z")) == ()
    assert reading.winning_groups(tile("7p")) == ()
    assert [p.wait for p in reading.winning_groups(tile("5p"))] == [Wait.TANKI]


# -- winning groups: the group the winning tile completed and its wait ---------------------


def winning_groups(text: str, win: str) -> list[set[tuple[str, Wait]]]:
    """For each reading, the (group, wait) pairs the winning tile can take."""
    hand = check(text)
    assert hand.is_complete()
    out = []
    for reading in hand.decompositions():
        out.append({(str(reading.groups[p.group]), p.wait)
                    for p in reading.winning_groups(tile(win))})
    return out


def test_kanchan_or_ryanmen() -> None:
    """34556m + 4m: 3-5 kanchan or 56 waiting on 4 (ryanmen), in one reading."""
    assert winning_groups("344556m22p345678s", "4m") == [
        {("345m", Wait.KANCHAN), ("456m", Wait.RYANMEN)}]


def test_23456_winning_on_4() -> None:
    """23456m + 4m reads 234 456: the 4 ends either run, ryanmen both ways."""
    assert winning_groups("234456m22p345678s", "4m") == [
        {("234m", Wait.RYANMEN), ("456m", Wait.RYANMEN)}]


def test_penchan_and_its_neighbours() -> None:
    assert winning_groups("123m456m789p234s55z", "3m") == [{("123m", Wait.PENCHAN)}]
    assert winning_groups("789m123p456p234s55z", "7m") == [{("789m", Wait.PENCHAN)}]
    assert winning_groups("123m456m789p234s55z", "1m") == [{("123m", Wait.RYANMEN)}]
    assert winning_groups("789m123p456p234s55z", "9m") == [{("789m", Wait.RYANMEN)}]
    assert winning_groups("345m456m789p234s55z", "3m") == [{("345m", Wait.RYANMEN)}]
    assert winning_groups("567m456m789p234s55z", "7m") == [{("567m", Wait.RYANMEN)}]
    assert winning_groups("123m456m789p234s55z", "2m") == [{("123m", Wait.KANCHAN)}]


def test_shanpon_and_tanki() -> None:
    assert winning_groups("111m555p789p234s55z", "5p") == [{("555p", Wait.SHANPON)}]
    assert winning_groups("111m555p789p234s55z", "5z") == [{("55z", Wait.TANKI)}]
    assert winning_groups("11122m789p234s555z", "2m") == [{("22m", Wait.TANKI)}]
    # 11 123: the 1m made the pair (tanki) or the run's end (23 waiting on 1 and 4)
    assert winning_groups("11123m456p789s333z", "1m") == [
        {("11m", Wait.TANKI), ("123m", Wait.RYANMEN)}]


def test_three_triplets_or_three_runs() -> None:
    """111222333m + 3m won: shanpon in 111 222 333, penchan in 123 123 123 (the three
    identical runs give one winning group)."""
    found = winning_groups("111222333m456p77z", "3m")
    assert sorted(map(sorted, found)) == [[("123m", Wait.PENCHAN)], [("333m", Wait.SHANPON)]]


def test_seven_pairs_placement_is_tanki() -> None:
    hand = check("1133m5577p2288s11z")
    (reading,) = hand.decompositions()
    assert reading.form is Form.SEVEN_PAIRS
    assert [p.wait for p in reading.winning_groups(tile("8s"))] == [Wait.TANKI]
    assert reading.winning_groups(tile("4s")) == ()


def test_red_five_wins_like_a_five() -> None:
    hand = check("344506m22p345678s")
    (reading,) = hand.decompositions()
    assert [p.wait for p in reading.winning_groups(tile("0m"))] == [Wait.RYANMEN, Wait.KANCHAN]
    assert reading.winning_groups(tile("0m")) == reading.winning_groups(tile("5m"))


def test_a_winning_group_is_not_named_like_a_games_placement() -> None:
    """The place of the winning tile in a reading is a ``WinningGroup``; "placement" is
    kept for a player's place at the end of a game (``GameRecord.placements``)."""
    import mahjong_core
    from mahjong_core import shapes

    assert "WinningGroup" in mahjong_core.__all__ and "Placement" not in mahjong_core.__all__
    assert not hasattr(mahjong_core, "Placement") and not hasattr(shapes, "Placement")
    assert not hasattr(Decomposition, "placements")
