"""Competition rule sets: each a ``Rules`` (what a hand scores) and a ``TableRules`` (what
happens around the hands).

``docs/rules.md`` sets every option of every preset side by side with its source and
clause, and lists what a rule book says that no option expresses yet (tied players sharing
their uma, riichi below 1,000 points, chombo). Where no source could be
found for a value, the preset keeps the library's default (Tenhou's ranked lobby).

>>> WRC_RULES.red_fives, EMA_RULES.yakuman_stacking, MLEAGUE_TABLE.uma
(False, False, (30, 10, -10, -30))
"""

from __future__ import annotations

from .rules import Renhou, Rules
from .table.rules import GameLength, TableRules

__all__ = ["EMA_RULES", "EMA_TABLE", "MLEAGUE_RULES", "MLEAGUE_TABLE", "WRC_RULES",
           "WRC_TABLE"]

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
                       four_riichi=False, four_kans=False, triple_ron_draw=False)
"""World Riichi Championship Rules 2022, around the hands: 30,000 to start and to return
(no oka), uma +15 +5 -5 -15 on the exact score (session score = (score - 30,000) / 1,000 +
uma); an east-south game that ends after the south's fourth hand, with no agari-yame
(2015 edition §5.9.1) and no bust; no abortive draws; one winner per discard (head bump);
no nagashi mangan; every kan turns its dora over at once; thirteen orphans may rob a closed
kan; players on equal final scores share the uma of the places they hold."""

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
                       triple_ron_draw=False)
"""EMA Riichi Competition Rules 2016, around the hands: scores kept from 0 (here 30,000 to
start and to return, the same thing), uma +15 +5 -5 -15 on the unrounded score, play
going on below zero; no abortive draws; double and triple ron, the discarder
paying each winner; no nagashi mangan; every kan turns its dora over at once; riichi at
any score; players on equal final scores share the uma of the places they hold."""

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
