"""evaluate() against the plain reference scorer on random wins, situations and rules."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core import Rules, WinResult, evaluate

from .support.random_wins import random_context, random_win
from .support.reference_scoring import Reference, counted_fu, redden, reference_evaluate

RULES = [Rules(), Rules(double_yakuman=True), Rules(yakuman_stacking=False, rinshan_tsumo_fu=False),
         Rules(open_tanyao=False, kiriage_mangan=True), Rules(kazoe_yakuman=False),
         Rules(double_wind_pair_fu=2, red_fives=False),
         Rules(open_riichi=True, open_riichi_sashikomi=True, renhou="mangan", paarenchan=True,
               pinfu_tsumo_fu=True, open_pinfu_fu=20),
         Rules(renhou="yakuman", paarenchan=True, paarenchan_needs_yaku=False,
               double_yakuman=True, yakuman_limit=2, kazoe_multiple=True)]


@settings(max_examples=1500, deadline=None)
@given(st.integers(0, 2**40), st.sampled_from(RULES))
def test_fast_scorer_equals_reference(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    hand, win = redden(*random_win(rng))
    context = random_context(rng, hand, win)
    fast = evaluate(hand, win, context, rules)
    slow = reference_evaluate(hand, win, context, rules)
    if isinstance(slow, str):
        assert not fast.is_win and fast.reason.value == slow
        return
    assert isinstance(fast, WinResult)
    assert Reference(fast.yaku, fast.han, fast.fu, fast.points, fast.total,
                     counted_fu(fast.fu_items)) == slow
    # the lazily built parts agree with the numbers
    items = fast.fu_items
    if fast.decomposition.form.value == "standard" and not fast.yakuman:
        assert -(-sum(v for _, v in items) // 10) * 10 == fast.fu
    listed = sum(h for _, h in fast.yaku_han)
    if fast.yakuman and rules.yakuman_limit:  # each yakuman listed, the limit's han paid
        listed = min(listed, 13 * rules.yakuman_limit)
    assert listed + (fast.dora + fast.aka + fast.ura if not fast.yakuman else 0) == fast.han
