"""The scorer's fast paths and tables against the plain computations they replace."""

from __future__ import annotations

import pytest

from mahjong_core import Rules
from mahjong_core import scoring as _scoring
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
