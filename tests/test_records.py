"""Records as plain JSON-ready values: ``to_dict`` of a game, its rounds and results."""

from __future__ import annotations

import json
from pathlib import Path

import attrs

from mahjong_core.cli.replay import record_json
from mahjong_core.formats import iter_games, replay_game
from mahjong_core.formats.game_log import GameLog
from mahjong_core.table import Draw, GameOrigin, GameRecord, Win

from .support.played_games import play

DATA = Path(__file__).resolve().parent / "data"


def _replayed() -> list[GameRecord]:
    games = [item for item in iter_games(str(DATA / "rare_rounds.mjlog"))]
    assert all(isinstance(game, GameLog) for game in games)
    return [replay_game(game) for game in games if isinstance(game, GameLog)]


def test_a_record_is_json_as_it_is_with_the_replay_answers_keys() -> None:
    for record in [*_replayed(), play(2)]:
        data = record.to_dict()
        assert json.loads(json.dumps(data)) == data
        answer = record_json(record)
        for ours, theirs in zip(data["rounds"], answer["rounds"], strict=True):
            assert {key: ours[key] for key in theirs if key != "results"} == {
                key: value for key, value in theirs.items() if key != "results"}
            for result, expected in zip(ours["results"], theirs["results"], strict=True):
                assert {key: result[key] for key in expected} == expected
        assert data["final"]["scores"] == answer["final"]["scores"]
        assert data["final"]["points"] == answer["final"]["points"]


def test_the_dict_holds_what_an_analyst_asks_for() -> None:
    record = _replayed()[0]
    data = record.to_dict()
    assert data["names"] == list(record.names) and len(data["names"]) == 4
    assert data["final"]["placements"] == list(record.placements)
    assert sorted(data["final"]["placements"]) == [1, 2, 3, 4]
    assert data["origin"] == {"file": str(DATA / "rare_rounds.mjlog"), "index": 0}
    assert data["lobby"] == 0 and data["warnings"] == [] and data["end_reason"]
    assert data["rules"]["red_fives"] is True and data["table"]["length"] == "east_south"
    assert data["table"]["uma"] == [20, 10, -10, -20]


def test_results_name_their_values() -> None:
    record = play(7)
    wins = [r for played in record.rounds for r in played.results if isinstance(r, Win)]
    draws = [r for played in record.rounds for r in played.results if isinstance(r, Draw)]
    assert wins
    for win in wins:
        data = win.to_dict()
        assert (data["kind"], data["winner"], data["from"], data["tsumo"]) == (
            "win", win.winner, win.from_seat, win.is_tsumo)
        assert data["hand"] == str(win.hand) and data["deltas"] == list(win.deltas)
        assert data["limit"] == (None if win.result.limit is None else win.result.limit.value)
    for draw in draws:
        assert draw.to_dict() == {"kind": "draw", "type": draw.kind.value,
                                  "tenpai": list(draw.tenpai), "deltas": list(draw.deltas),
                                  "nagashi": list(draw.nagashi)}
    first = record.rounds[0].to_dict()
    assert first["round"] == "E1" and first["end_scores"] == list(record.rounds[0].end_scores)


def test_an_origin_is_a_small_value() -> None:
    origin = GameOrigin("a.zip:b.mjlog", 3)
    assert origin.to_dict() == {"file": "a.zip:b.mjlog", "index": 3}
    assert attrs.evolve(origin, index=4) != origin
