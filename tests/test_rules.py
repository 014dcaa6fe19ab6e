"""The hand rules that take a situation's parts out of play: ippatsu, ura dora, kan dora.

Each option is checked present and just absent, in the scorer (a situation the rules never
give is refused; every other one scores as before) and in the engine on stacked walls (the
situation it builds leaves the part out).
"""

from __future__ import annotations

import pytest

from mahjong_core import Hand, Tile, WinContext, Yaku, evaluate
from mahjong_core.errors import InvalidContextError, InvalidRulesError
from mahjong_core.rules import Rules
from mahjong_core.scoring import WinResult
from mahjong_core.table import ClosedKan, DoraRevealed, Round, Tsumo

from .support.table_helpers import NOTEN, only_win, stacked_wall, step

NO_IPPATSU, NO_URA, NO_KAN_DORA = Rules(ippatsu=False), Rules(ura_dora=False), \
    Rules(kan_dora=False)

RIICHI_HAND = ("234m567m888p22s56s", "4s")
"""Riichi and tanyao on 4s (with 8p three times, an indicator of 7p makes three dora)."""


def scored(rules: Rules, **situation: object) -> WinResult:
    result = evaluate(Hand.parse(RIICHI_HAND[0]), Tile.parse(RIICHI_HAND[1]),
                      WinContext(**situation), rules)  # type: ignore[arg-type]
    assert isinstance(result, WinResult), result
    return result


def test_each_option_is_on_by_default_and_takes_only_a_bool() -> None:
    assert (Rules().ippatsu, Rules().ura_dora, Rules().kan_dora) == (True, True, True)
    for name in ("ippatsu", "ura_dora", "kan_dora"):
        assert getattr(Rules.from_mapping({name: False}), name) is False
        with pytest.raises(InvalidRulesError, match=name):
            Rules.from_mapping({name: "no"})


# -- the scorer -------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "situation", "refused"), [
    (NO_IPPATSU, {"riichi": True, "ippatsu": True}, "ippatsu is not played"),
    (NO_URA, {"riichi": True, "ura_indicators": (Tile.parse("7p"),),
              "dora_indicators": (Tile.parse("1z"),)}, "ura dora are not played"),
    (NO_KAN_DORA, {"riichi": True, "dora_indicators": (Tile.parse("1z"), Tile.parse("7p"))},
     "kan dora are not played"),
])
def test_a_situation_the_rules_never_give_is_refused(rules: Rules, situation: dict[str, object],
                                                    refused: str) -> None:
    with pytest.raises(InvalidContextError, match=refused):
        scored(rules, **situation)
    assert scored(Rules(), **situation).han > scored(Rules(), riichi=True).han


@pytest.mark.parametrize("rules", [NO_IPPATSU, NO_URA, NO_KAN_DORA])
def test_every_other_situation_scores_as_with_every_part_played(rules: Rules) -> None:
    """One dora indicator, riichi without ippatsu or ura: the same result either way."""
    situation = {"riichi": True, "dora_indicators": (Tile.parse("7p"),), "tsumo": True}
    ours, played = scored(rules, **situation), scored(Rules(), **situation)
    assert (ours.yaku, ours.han, ours.fu, ours.dora, ours.payments) == (
        played.yaku, played.han, played.fu, played.dora, played.payments)
    assert ours.dora == 3


# -- the engine -------------------------------------------------------------------------

WAIT_47S = "234m567m888p22s56s"


def riichi_round(rules: Rules, *, ura: str = "") -> Round:
    """Seat 1 riichis on its first discard and draws 4s on its next turn (ippatsu)."""
    junk = " ".join(["8m"] * 4 + ["9m"] * 4 + ["3s"])
    wall = stacked_wall([NOTEN, WAIT_47S, NOTEN, NOTEN], junk + " 4s", dora="1z", ura=ura)
    game_round = Round(wall, dealer=0, rules=rules)
    step(game_round, "*", "*", "*", "*", "*", "*!", "*", "*", "*")
    game_round.apply(Tsumo(1))
    return game_round


@pytest.mark.parametrize(("rules", "ippatsu"), [(Rules(), True), (NO_IPPATSU, False)])
def test_the_engine_gives_ippatsu_only_where_it_is_played(rules: Rules, ippatsu: bool) -> None:
    win = only_win(riichi_round(rules))
    assert win.context.ippatsu is ippatsu
    plain = Yaku.RIICHI | Yaku.MENZEN_TSUMO | Yaku.TANYAO
    assert win.result.yaku == (plain | Yaku.IPPATSU if ippatsu else plain)


@pytest.mark.parametrize(("rules", "ura"), [(Rules(), 3), (NO_URA, 0)])
def test_the_engine_turns_the_ura_over_only_where_it_is_played(rules: Rules, ura: int) -> None:
    win = only_win(riichi_round(rules, ura="7p"))
    assert len(win.context.ura_indicators) == (1 if ura else 0)
    assert win.result.ura == ura


KAN_HAND, NOTEN_NO_1M = "1111m234p567p789s", "478m369p147s1234z"


@pytest.mark.parametrize(("rules", "indicators", "points"), [
    # rinshan, menzen tsumo and the kan dora 2p: 3 han 60 fu, 3,900 from each
    (Rules(), 2, 3900),
    # no kan dora: rinshan and menzen tsumo, 2 han 60 fu, 2,000 from each
    (NO_KAN_DORA, 1, 2000),
])
def test_the_engine_turns_a_kans_dora_over_only_where_it_is_played(
        rules: Rules, indicators: int, points: int) -> None:
    wall = stacked_wall([KAN_HAND, NOTEN_NO_1M, NOTEN_NO_1M, NOTEN_NO_1M], "5z",
                        rinshan="5z", dora="6z 1p", ura="1z 1p")
    game_round = Round(wall, dealer=0, rules=rules)
    game_round.apply(ClosedKan(0, Tile.parse("1m")))
    assert game_round.dora_indicators == wall.dora[:indicators]
    assert sum(isinstance(e, DoraRevealed) for e in game_round.events) == indicators - 1
    game_round.apply(Tsumo(0))
    win = only_win(game_round)
    assert len(win.context.dora_indicators) == indicators
    assert win.deltas == (3 * points, -points, -points, -points)
