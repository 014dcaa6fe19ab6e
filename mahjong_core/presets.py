"""Every named rule set, in one registry: each name gives what a hand scores (``Rules``)
and what happens around the hands (``TableRules``). The ``score`` command's ``"rules":
"NAME"``, ``--rules NAME`` on ``replay``, ``match`` and ``demo``, and the engine's callers
all read ``PRESETS`` (or ``preset(name)``).

Beside the online servers' rules (Tenhou's, Mahjong Soul's), the competition rule sets:
``docs/rules.md`` sets every option of every preset side by side with its source and
clause, and lists what a rule book says that no option expresses yet. Where no source could
be found for a value, the preset keeps the library's default (Tenhou's ranked lobby) and
the table says so.

>>> WRC_RULES.red_fives, EMA_RULES.yakuman_stacking, MLEAGUE_TABLE.uma
(False, False, (30, 10, -10, -30))
>>> rules, table = preset("tenhou_sanma")
>>> rules.players, table.players, table.start_score
(3, 3, 35000)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import attrs

from .errors import InvalidRulesError, did_you_mean, quote
from .rules import (
    MAHJONG_SOUL_RULES,
    NO_RED_FIVES_RULES,
    TENHOU_RULES,
    TENHOU_SANMA_RULES,
    Renhou,
    Rules,
)
from .table_rules import (
    MAHJONG_SOUL_TABLE,
    TENHOU_EAST_TABLE,
    TENHOU_SANMA_TABLE,
    TENHOU_TABLE,
    GameLength,
    LeftoverSticks,
    TableRules,
)

__all__ = ["EMA_RULES", "EMA_TABLE", "JPML_A_RULES", "JPML_A_TABLE", "JPML_B_RULES",
           "JPML_B_TABLE", "MLEAGUE_RULES", "MLEAGUE_TABLE", "PRESETS", "WRC_RULES",
           "WRC_TABLE", "Preset", "preset"]

WRC_RULES = Rules(red_fives=False, kiriage_mangan=True, kazoe_yakuman=False,
                  double_yakuman=False, yakuman_stacking=True, renhou=Renhou.MANGAN)
"""World Riichi Championship Rules 2022: no red fives (an optional variant, Optional Rules
Mod.2.1); 4 han 30 fu and 3 han 60 fu round up to mangan; 13 han or more without a yakuman
stops at sanbaiman; different yakuman in one hand add up (new in 2022) but no hand shape
counts twice; renhou is a mangan that adds to the hand's other yaku and dora (the 2014
errata; another summary gives the greater of a mangan and the hand's own value); pao for
daisangen and daisuushii (the 2015 edition's liability clause, §6.2). No open riichi (an
optional variant, Mod.3.1), daisharin or paarenchan; pinfu by tsumo is 20 fu. Open tanyao,
a rinshan tsumo's fu and a 4-fu double-wind pair as at Tenhou."""

WRC_TABLE = TableRules(start_score=30000, return_score=30000, uma=(15, 5, -5, -15),
                       extension=False, bust=False, dealer_stop=False, nagashi_mangan=False,
                       double_ron=False, open_kan_dora_at_discard=False,
                       kokushi_robs_closed_kan=True, round_points=False,
                       shared_places=True, nine_terminals=False, four_winds=False,
                       four_riichi=False, four_kans=False, triple_ron_draw=False,
                       leftover_sticks=LeftoverSticks.LOST, chombo_mangan=False)
"""World Riichi Championship Rules 2022, around the hands: 30,000 to start and to return
(no oka), uma +15 +5 -5 -15 on the exact score (session score = (score - 30,000) / 1,000 +
uma); an east-south game that ends after the south's fourth hand, with no agari-yame
(2015 edition §5.9.1) and no bust; no abortive draws; one winner per discard (head bump);
no nagashi mangan; every kan turns its dora over at once; thirteen orphans may rob a closed
kan; players on equal final scores share the uma of the places they hold; riichi sticks
left at the end go to nobody; a chombo is charged after the game (30,000 points), not paid
at the table."""

EMA_RULES = Rules(red_fives=False, kazoe_yakuman=False, double_yakuman=False,
                  yakuman_stacking=False, yakuman_limit=1, renhou=Renhou.MANGAN)
"""EMA Riichi Competition Rules 2016: no red fives; no kiriage mangan; 11 han or more is
sanbaiman; at most a single yakuman a hand (daisuushii no longer double, nothing stacks);
renhou a mangan (here a 5-han yaku beside the hand's others: the summary's "strict
mangan" may mean the hand's other han do not add); no open riichi; open tanyao; pao for
the third dragon and fourth wind pung (§3.3.9)."""

EMA_TABLE = TableRules(start_score=30000, return_score=30000, uma=(15, 5, -5, -15),
                       extension=False, bust=False, dealer_stop=False, nagashi_mangan=False,
                       double_ron=True, open_kan_dora_at_discard=False, round_points=False,
                       shared_places=True, riichi_below_cost=True, nine_terminals=False,
                       four_winds=False, four_riichi=False, four_kans=False,
                       triple_ron_draw=False, chombo_mangan=False,
                       leftover_sticks=LeftoverSticks.SHARED)
"""EMA Riichi Competition Rules 2016, around the hands: scores kept from 0 (here 30,000 to
start and to return, the same thing), uma +15 +5 -5 -15 on the unrounded score, play
going on below zero; no abortive draws; double and triple ron, the discarder
paying each winner; no nagashi mangan; every kan turns its dora over at once; riichi at
any score; players on equal final scores share the uma of the places they hold, and
equal first places the riichi sticks left at the end; a chombo
is charged after the uma (20 points), not paid at the table."""

MLEAGUE_RULES = Rules(kiriage_mangan=True, kazoe_yakuman=False, double_wind_pair_fu=2)
"""M-League: one red five a suit; 4 han 30 fu rounds up to mangan; 13 han or more without a
yakuman is sanbaiman; different yakuman add up but no hand shape counts twice; a
double-wind pair is 2 fu; no open riichi; pao for daisangen and daisuushii; 300 a
honba."""

MLEAGUE_TABLE = TableRules(start_score=25000, return_score=30000, uma=(30, 10, -10, -30),
                           length=GameLength.EAST_SOUTH, extension=False, bust=False,
                           dealer_stop=False, riichi_min_tiles=0, double_ron=False,
                           open_kan_dora_at_discard=False, round_points=False,
                           shared_places=True, riichi_below_cost=True, nine_terminals=False,
                           four_winds=False, four_riichi=False, four_kans=False,
                           triple_ron_draw=False)
"""M-League, around the hands: 25,000 to start, 30,000 to return, rank points +50 +10 -10
-30 (uma +30 +10 -10 -30 and the oka of 20 to first place) with one decimal; both winds
always played (no bust, no agari-yame); riichi allowed with no draw left; no abortive
draws; one winner per discard (head bump); every kan turns its dora over at once; nobody
robs a closed kan; riichi at any score; equal final scores split their rank points."""


JPML_A_RULES = Rules(red_fives=False, kazoe_yakuman=False, yakuman_stacking=False,
                     renhou=Renhou.MANGAN, double_wind_pair_fu=2, ippatsu=False,
                     ura_dora=False, kan_dora=False)
"""Japan Professional Mahjong League, rule A (the league's official competition rule): no
ippatsu, no ura dora, no kan dora or kan ura (official rule, basic rules 3 and kan rule 1);
11 han or more is sanbaiman and no counted yakuman; one yakuman a hand; renhou a mangan; a
double-wind pair 2 fu; no kiriage mangan (7,700 and 11,600). Red fives: no source found
mentions them; the preset leaves them out."""

JPML_A_TABLE = TableRules(start_score=30000, return_score=30000,
                          floating_uma=((8, 4, -4, -8), (8, 3, 1, -12), (8, 4, -4, -8),
                                        (12, -1, -3, -8), (8, 4, -4, -8)),
                          extension=False, bust=False, dealer_stop=False, riichi_min_tiles=0,
                          double_ron=False, triple_ron_draw=False, nagashi_mangan=False,
                          leftover_sticks=LeftoverSticks.LOST, chombo_mangan=False,
                          shared_places=True, round_points=False)
"""Japan Professional Mahjong League, rule A, around the hands: 30,000 to start and to
return (no oka), an east-south game with no agari-yame and no bust; the uma floats with
how many end below 30,000 (one: +8 +3 +1 -12, two: +8 +4 -4 -8, three: +12 -1 -3 -8);
riichi allowed with no draw left; one winner per discard (head bump); the four abortive
draws; no nagashi mangan; riichi sticks left at the end go to nobody; a chombo is charged
after the game, not paid at the table."""

JPML_B_RULES = Rules(kiriage_mangan=True, kazoe_yakuman=False, yakuman_stacking=False,
                     renhou=Renhou.MANGAN, double_wind_pair_fu=2)
"""Japan Professional Mahjong League, rule B: standard riichi with ippatsu (and, no source
saying otherwise, ura and kan dora); kiriage mangan; 11 han or more is sanbaiman; one
yakuman a hand; renhou a mangan; a double-wind pair 2 fu."""

JPML_B_TABLE = TableRules(start_score=30000, return_score=30000, uma=(15, 5, -5, -15),
                          extension=False, double_ron=False, triple_ron_draw=False,
                          nagashi_mangan=False, leftover_sticks=LeftoverSticks.LOST,
                          chombo_mangan=False, round_points=False)
"""Japan Professional Mahjong League, rule B, around the hands: 30,000 to start and to
return, uma +15 +5 -5 -15, equal scores ranked by seat from the dealer; an east-south game
that a score below zero ends and the last dealer on top may stop; one winner per discard;
the four abortive draws; no nagashi mangan; leftover riichi sticks go to nobody."""


@attrs.frozen
class Preset:
    """One named rule set: what a hand scores and what happens around the hands."""

    rules: Rules
    table: TableRules
    description: str
    """One line on what the rule set is."""


PRESETS: Mapping[str, Preset] = MappingProxyType({
    "tenhou": Preset(TENHOU_RULES, TENHOU_TABLE,
                     "Tenhou's ranked lobby, east-south (the default)"),
    "tenhou_east": Preset(TENHOU_RULES, TENHOU_EAST_TABLE, "Tenhou's ranked lobby, east only"),
    "tenhou_sanma": Preset(TENHOU_SANMA_RULES, TENHOU_SANMA_TABLE,
                           "Tenhou's three-player ranked lobby, east-south"),
    "tenhou_sanma_east": Preset(TENHOU_SANMA_RULES,
                                attrs.evolve(TENHOU_SANMA_TABLE, length=GameLength.EAST),
                                "Tenhou's three-player ranked lobby, east only"),
    "tenhou_no_red": Preset(NO_RED_FIVES_RULES, TENHOU_TABLE,
                            "Tenhou's ranked lobby without red fives"),
    "mahjong_soul": Preset(MAHJONG_SOUL_RULES, MAHJONG_SOUL_TABLE,
                           "Mahjong Soul's ranked rules, east-south"),
    "mahjong_soul_east": Preset(MAHJONG_SOUL_RULES,
                                attrs.evolve(MAHJONG_SOUL_TABLE, length=GameLength.EAST),
                                "Mahjong Soul's ranked rules, east only"),
    "wrc": Preset(WRC_RULES, WRC_TABLE, "World Riichi Championship Rules 2022"),
    "ema": Preset(EMA_RULES, EMA_TABLE, "EMA Riichi Competition Rules 2016"),
    "mleague": Preset(MLEAGUE_RULES, MLEAGUE_TABLE, "M-League"),
    "jpml_a": Preset(JPML_A_RULES, JPML_A_TABLE,
                     "Japan Professional Mahjong League, rule A (no ippatsu, ura or kan dora)"),
    "jpml_b": Preset(JPML_B_RULES, JPML_B_TABLE, "Japan Professional Mahjong League, rule B"),
})
"""Every named rule set, by name."""


def preset(name: str) -> tuple[Rules, TableRules]:
    """The hand rules and the table's rules of the rule set called ``name`` (one of
    ``PRESETS``).

    Raises InvalidRulesError for an unknown name, suggesting the nearest known one.

    >>> preset("tenhou_eats")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mahjong_core.errors.InvalidRulesError: ... (did you mean 'tenhou_east'?) ...
    """
    found = PRESETS.get(name) if isinstance(name, str) else None
    if found is None:
        hint = did_you_mean([name], PRESETS) if isinstance(name, str) else ""
        raise InvalidRulesError(f"unknown rule set {quote(name)}{hint} (known: "
                                f"{', '.join(PRESETS)})")
    return found.rules, found.table
