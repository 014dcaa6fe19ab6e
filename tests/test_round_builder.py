"""The round builder the text-log readers share: what it makes without checking again
is what the checks accept, and what they refuse is refused with their message."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from mahjong_core.errors import InvalidLogError
from mahjong_core.formats import (
    LogFormat,
    parse_game,
    parse_mjai,
    parse_mjlog,
    replay_game,
    write_game,
)
from mahjong_core.formats.game_log import Agari, Call, GameLog, LogRound

from .support.logs import documents

DATA = Path(__file__).resolve().parent / "data"
_REAL_GAMES = [*documents(DATA / "rare_rounds.mjlog"),
               (DATA / "2019021004gm-00a9-0000-e2f6516d.mjlog").read_text(encoding="utf-8"),
               *documents(DATA / "sanma_games.mjlog"),
               (DATA / "tenhou_3p_kita_minkan.mjlog").read_text(encoding="utf-8")]
"""Real four- and three-player games with rare rounds (kans, kita, double ron, pao)."""


def _rechecked(log_round: LogRound) -> None:
    """Each record of the round made again through its checks is equal to it."""
    assert attrs.evolve(log_round) == log_round
    for event in log_round.events:
        assert attrs.evolve(event) == event
        if isinstance(event, Call):
            assert attrs.evolve(event.call) == event.call
        if isinstance(event, Agari) and event.recorded is not None:
            assert attrs.evolve(event.recorded) == event.recorded


@pytest.mark.parametrize("fmt", [LogFormat.TENHOU6, LogFormat.MJAI])
@pytest.mark.parametrize("number", range(len(_REAL_GAMES)))
def test_records_made_unchecked_pass_the_checks(fmt: LogFormat, number: int) -> None:
    """The rounds, calls and wins a reader makes without their checks (the builder made
    them right, or checked what the log gave at once) pass the checks, equal."""
    game = parse_mjlog(_REAL_GAMES[number])
    read = parse_game(write_game(replay_game(game), fmt, source=game), fmt)
    assert isinstance(read, GameLog)
    for log_round in read.rounds:
        _rechecked(log_round)


def _call_game(actor: int, consumed: list[str]) -> str:
    """Seat 0 draws N and discards 1m, which ``actor`` calls as a chi with ``consumed``."""
    tehais = [["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "E", "E", "S", "W"],
              ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s", "1s", "2s", "3s"],
              ["3s", "4s", "5s", "6s", "7s", "8s", "9s", "1m", "1m", "2m", "3m", "5s", "4m"],
              ["2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "F", "F", "C", "C", "P"]]
    lines = ['{"type":"start_game"}',
             '{"type":"start_kyoku","bakaze":"E","dora_marker":"1p","kyoku":1,"honba":0,'
             f'"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":{tehais}}}'
             .replace("'", '"'),
             '{"type":"tsumo","actor":0,"pai":"N"}',
             '{"type":"dahai","actor":0,"pai":"1m","tsumogiri":false}',
             f'{{"type":"chi","actor":{actor},"target":0,"pai":"1m","consumed":'
             f'{consumed}}}'.replace("'", '"')]
    return "\n".join(lines)


@pytest.mark.parametrize(("actor", "consumed", "message"), [
    (2, ["2m", "3m"], r"line 5 .*a chi by seat 2 takes a tile from seat 0, not from the "
                      "seat before"),
    (3, ["2m", "4m"], r"line 5 .*tiles \(0, 6, 14\) do not make a chi"),
    (3, ["4m", "5m"], r"line 5 .*tiles \(0, 14, 17\) do not make a chi"),
    (2, ["1m", "4m"], r"line 5 .*tiles \(0, 1, 13\) do not make a chi"),
])
def test_a_call_the_checks_refuse_is_refused_with_their_message(
        actor: int, consumed: list[str], message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        parse_mjai(_call_game(actor, consumed))
