"""An mjai program as a player: a well-behaved one plays whole games through a pipe, one
that sleeps, dies, answers garbage or illegal moves is reported by seat and round and
replaced by the stated default while the game goes on."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mahjong_core.arena import play_game
from mahjong_core.errors import InvalidContextError
from mahjong_core.match import run_match
from mahjong_core.mjai_player import MjaiPlayer
from mahjong_core.players import RandomPlayer
from mahjong_core.table import TENHOU_EAST_TABLE

BOT = Path(__file__).parent / "support" / "mjai_test_bot.py"


def bot(mode: str, start: int = 1, *, answer_timeout: float = 10.0,
        game_timeout: float = 600.0) -> MjaiPlayer:
    return MjaiPlayer([sys.executable, str(BOT), mode, str(start)],
                      answer_timeout=answer_timeout, game_timeout=game_timeout)


def test_a_well_behaved_bot_plays_whole_games() -> None:
    with bot("good") as player:
        record = play_game([player, RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)],
                           seed=4, table=TENHOU_EAST_TABLE, hands=3)
    assert player.incidents == [] and len(record.rounds) == 3
    assert record.names[0].startswith("mjai:")


@pytest.mark.parametrize(("mode", "what", "every_move"), [
    ("sleep", "no answer within 1 s", False),
    ("die", "the bot has exited", False),
    ("garbage", "which is not JSON", True),
    ("illegal", "which is not legal", True),
    ("strange", "which is not an mjai action", True),
])
def test_a_misbehaving_bot_is_reported_and_the_game_goes_on(mode: str, what: str,
                                                             every_move: bool) -> None:
    with bot(mode, start=3, answer_timeout=1.0) as player:
        record = play_game([RandomPlayer(1), player, RandomPlayer(2), RandomPlayer(3)],
                           seed=2, table=TENHOU_EAST_TABLE, hands=2)
    assert len(record.rounds) == 2
    assert player.incidents, mode
    first = player.incidents[0]
    assert first.startswith("seat 1 E1 honba 0: ") and what in first, first
    assert "played '" in first
    if every_move:
        assert len(player.incidents) > 1
    else:  # stopped once, then the default plays without asking again
        assert len(player.incidents) == 1 and "stopped" in first


def test_the_game_time_limit() -> None:
    with bot("slow", answer_timeout=5.0, game_timeout=0.5) as player:
        play_game([player, RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)], seed=1,
                  table=TENHOU_EAST_TABLE, hands=1)
    assert len(player.incidents) == 1 and "used up its 0.5 s" in player.incidents[0]


def test_a_program_that_cannot_start() -> None:
    with MjaiPlayer(["/nonexistent/bot"]) as player:
        play_game([player, RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)], seed=1, hands=1)
    assert len(player.incidents) == 1 and "cannot start" in player.incidents[0]


@pytest.mark.parametrize("bad", [{"command": ""}, {"command": []},
                                 {"command": "x", "answer_timeout": 0},
                                 {"command": "x", "game_timeout": "1"}])
def test_bad_settings_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(InvalidContextError):
        MjaiPlayer(**bad)  # type: ignore[arg-type]


def test_a_match_reports_incidents_by_game_and_goes_on() -> None:
    spec = f"mjai:{sys.executable} {BOT} garbage 2"
    result = run_match([spec, "random", "random", "random"], games=2, seed=1, hands=1,
                       table=TENHOU_EAST_TABLE)
    assert not result.errors and len(result.summaries) == 2
    assert result.incidents and result.incidents[0].startswith("game 0 seat 0 (mjai:")
