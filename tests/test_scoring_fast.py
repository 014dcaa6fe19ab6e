"""The scorer's fast paths and tables against the plain computations they replace."""

from __future__ import annotations

import pytest

from mahjong_core import Hand, Meld, MeldKind, Rules, Tile, WinContext, evaluate
from mahjong_core import scoring as _scoring
from mahjong_core.errors import InvalidContextError
from mahjong_core.points import limit_of, payments_for

RULE_VARIANTS = [Rules(kiriage_mangan=kiriage, kazoe_yakuman=kazoe)
                 for kiriage in (False, True) for kazoe in (False, True)]


@pytest.mark.parametrize("rules", RULE_VARIANTS)
def test_limit_and_base_equals_limit_of(rules: Rules) -> None:
    # a win has a han, and fu rounded up to 10 (25 for seven pairs)
    for han in range(1, 40):
        for fu in (25, *range(20, 260, 10)):
            assert _scoring._limit_and_base(han, fu, rules) == limit_of(han, fu, 0, rules)


def test_points_of_equals_payments_for() -> None:
    bases = {limit_of(han, fu)[1] for han in range(14) for fu in range(20, 180, 2)}
    bases |= {8000 * n for n in range(1, 7)}
    for base in bases:
        for dealer in (False, True):
            for tsumo in (False, True):
                points = payments_for(base, dealer=dealer, tsumo=tsumo)[0]
                assert _scoring._points_of(base, dealer, tsumo) == points


def _indicator_refusal(kind: int, concealed: int, pon: bool, win_is_kind: bool,
                       shown: int) -> bool:
    """Whether evaluate refuses indicators showing ``shown`` copies of ``kind`` when the
    hand holds ``concealed`` of them (the winning tile among them when ``win_is_kind``)
    and maybe a pon of them."""
    others = [k for k in range(34) if k != kind]
    in_hand = concealed - win_is_kind
    melds = [Meld(MeldKind.PON, [Tile(kind)] * 3)] if pon else []
    filler = 13 - 3 * len(melds) - in_hand
    tiles = [Tile(kind)] * in_hand + [Tile(k) for k in others[:filler]]
    win = Tile(kind) if win_is_kind else Tile(others[filler])
    context = WinContext(dora_indicators=[Tile(kind)] * shown)
    try:
        evaluate(Hand(tiles, melds), win, context, Rules(red_fives=False))
    except InvalidContextError as error:
        assert "the indicators show" in str(error)
        return True
    return False


def test_indicators_are_refused_exactly_when_the_copies_exceed_four() -> None:
    """The copies-held shortcut (a kind held four times, from the hand's bits) against
    the plain count, for every kind, held count, pon, winning tile and shown count."""
    cases = 0
    for kind in range(34):
        for pon in (False, True):
            for concealed in range(0, 5 - 3 * pon):
                for win_is_kind in (False, True):
                    if win_is_kind and not concealed:
                        continue
                    for shown in range(1, 5):
                        held = concealed + 3 * pon
                        assert _indicator_refusal(kind, concealed, pon, win_is_kind,
                                                  shown) == (held + shown > 4)
                        cases += 1
    assert cases > 34 * 30


def test_plain_payments_table_equals_payments_for() -> None:
    """The table of payments without honba or sticks, for every base a hand can have."""
    bases = {limit_of(han, fu, 0, rules)[1] for han in range(1, 14)
             for fu in (25, *range(20, 180, 10)) for rules in RULE_VARIANTS}
    for base in bases:
        for dealer in (False, True):
            for tsumo in (False, True):
                key = base << 2 | dealer << 1 | tsumo
                assert _scoring._PLAIN_PAYMENTS[key] == payments_for(base, dealer=dealer,
                                                                     tsumo=tsumo)


def test_melds_summary_equals_the_summary_of_all_melds_at_once() -> None:
    # every pair of meld codes, then runs of three and four: each meld's own summary,
    # combined, is what the summary of the melds together gives
    from mahjong_core import hand as _hand
    from mahjong_core._core.score_tables import meld_summary

    def plain(codes: tuple[int, ...]) -> object:
        return meld_summary(tuple((c >> 3, bool(c & 4), bool(c & 2), bool(c & 1))
                                  for c in codes))

    def key(codes: tuple[int, ...]) -> int:
        return sum(code + 1 << 9 * i for i, code in enumerate(codes))

    codes = [code for code in range(8 * 34)  # a run starts at ranks 1-7 of a number suit
             if not code & 4 or (code >> 3 < 27 and (code >> 3) % 9 <= 6)]
    for first in codes:
        assert _hand._melds_summary(key((first,))) == plain((first,))
        for second in codes:
            pair = (first, second)
            assert _hand._melds_summary(key(pair)) == plain(pair)
    for start in range(len(codes)):
        more = tuple(codes[(start + 37 * i) % len(codes)] for i in range(4))
        assert _hand._melds_summary(key(more[:3])) == plain(more[:3])
        assert _hand._melds_summary(key(more)) == plain(more)
