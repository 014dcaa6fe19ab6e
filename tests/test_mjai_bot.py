"""The library's players as mjai bots: whole games against the table engine through a
pipe (four and three players, with and without red fives), one answer a line, and
answers of none to what cannot be followed."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import attrs
import pytest

from mahjong_core.match import make_player, run_match
from mahjong_core.mjai_bot import MjaiBot, serve
from mahjong_core.rules import TENHOU_RULES, TENHOU_SANMA_RULES, Rules
from mahjong_core.table import TENHOU_EAST_TABLE, TENHOU_SANMA_TABLE, GameLength, TableRules

BOT = f"mjai:{sys.executable} -m mahjong_core mjai-bot"


@pytest.mark.parametrize(("specs", "rules", "table"), [
    ([BOT, f"{BOT} --player random", "heuristic", "random"], TENHOU_RULES, TENHOU_EAST_TABLE),
    ([BOT, BOT, "heuristic", "heuristic"], Rules(red_fives=False), TENHOU_EAST_TABLE),
    ([f"{BOT} --player random", f"{BOT} --player random", "random"], TENHOU_SANMA_RULES,
     attrs.evolve(TENHOU_SANMA_TABLE, length=GameLength.EAST)),
])
def test_the_bot_plays_whole_games_against_the_engine(specs: list[str], rules: Rules,
                                                      table: TableRules) -> None:
    result = run_match(specs, games=len(specs), seed=3, rules=rules, table=table, hands=3)
    assert result.errors == () and result.incidents == ()
    assert sum(p.games for p in result.players) == len(specs) ** 2


def heuristic(rules: Rules) -> object:
    return make_player("heuristic", rules=rules)


def test_junk_is_answered_with_none() -> None:
    source = io.StringIO("\n".join([
        "not json", '{"type": "start_game", "id": 1}', "[1, 2]",
        '[{"type": "start_kyoku", "bakaze": "E"}]',
        '{"type": "tsumo", "actor": 1, "pai": "9z"}', '{"type": "end_game"}',
        '{"type": "never read"}']) + "\n")
    out = io.StringIO()
    log = io.StringIO()
    assert serve(heuristic, source, out, log) == 0  # type: ignore[arg-type]
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers == [{"type": "none"}] * 6
    assert "not a JSON event" in log.getvalue() and "cannot follow" in log.getvalue()


def test_a_bots_first_turn_from_events() -> None:
    bot = MjaiBot(heuristic)  # type: ignore[arg-type]
    hand = ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"]
    start = {"type": "start_kyoku", "bakaze": "E", "dora_marker": "1p", "kyoku": 1,
             "honba": 0, "kyotaku": 0, "oya": 0, "scores": [25000] * 4,
             "tehais": [hand] + [["?"] * 13] * 3}
    answer = bot.react([{"type": "start_game", "id": 0}, start,
                        {"type": "tsumo", "actor": 0, "pai": "5mr"}])
    assert answer == {"type": "reach", "actor": 0}  # thirteen orphans, waiting on all 13
    assert bot.react([{"type": "reach", "actor": 0}]) == {
        "type": "dahai", "actor": 0, "pai": "5mr", "tsumogiri": True}
    assert bot.react([{"type": "dahai", "actor": 0, "pai": "5mr", "tsumogiri": True},
                      {"type": "reach_accepted", "actor": 0},
                      {"type": "tsumo", "actor": 1, "pai": "?"}]) == {"type": "none"}
    assert bot.react([{"type": "dahai", "actor": 1, "pai": "C", "tsumogiri": True}]) == {
        "type": "hora", "actor": 0, "target": 1, "pai": "C"}


def test_the_command_answers_one_line_a_line() -> None:
    lines = ['[{"type":"start_game","id":2}]', '{"type":"end_kyoku"}', "[]"]
    done = subprocess.run([sys.executable, "-m", "mahjong_core", "mjai-bot"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.splitlines() == ['{"type":"none"}'] * 3
