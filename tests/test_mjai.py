"""mjai events: tile names, each event's fields by example, round trips of engine-played
and real games, damaged logs."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core import Rules, Tile
from mahjong_core.cli.replay import record_json
from mahjong_core.errors import InvalidLogError
from mahjong_core.formats import ReadError, iter_games, parse_mjai, parse_mjlog, replay_game
from mahjong_core.formats import write_mjai as write
from mahjong_core.formats.game_log import Agari, GameLog, Ryuukyoku
from mahjong_core.formats.mjai import tile_name
from mahjong_core.table import (
    TENHOU_TABLE,
    DoraRevealed,
    GameLength,
    GameRecord,
    MeldCalled,
    RiichiAccepted,
    TileDiscarded,
    TileDrawn,
    Win,
)

from .support.logs import documents, games
from .support.played_games import game_records, play, play_sanma, seen
from .support.strategies import ALL_TILES

DATA = Path(__file__).resolve().parent / "data"
REAL = DATA / "2019021004gm-00a9-0000-e2f6516d.mjlog"


def _events(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize(("tile", "name"), [
    ("1m", "1m"), ("9m", "9m"), ("5p", "5p"), ("0p", "5pr"), ("0m", "5mr"), ("0s", "5sr"),
    ("1z", "E"), ("2z", "S"), ("3z", "W"), ("4z", "N"), ("5z", "P"), ("6z", "F"), ("7z", "C"),
])
def test_tile_names(tile: str, name: str) -> None:
    assert tile_name(Tile.parse(tile)) == name


def test_every_tile_name_reads_back() -> None:
    from mahjong_core.formats.mjai import _tile

    names = {tile_name(tile) for tile in ALL_TILES}
    assert len(names) == 37
    assert all(tile_name(_tile(name, "a tile")) == name for name in names)


def _engine_game() -> GameRecord:
    """An engine game with riichi, calls, kans and new dora in it."""
    for seed in range(100):
        record = play(seed, rules=Rules())
        events = [e for r in record.rounds for e in r.events]
        if (any(isinstance(e, RiichiAccepted) for e in events)
                and any(isinstance(e, DoraRevealed) for e in events)):
            return record
    raise AssertionError("no game with riichi and a kan")  # pragma: no cover


def test_fields_of_each_event() -> None:
    record = _engine_game()
    events = _events(write(record, names=["a", "b", "c", "d"]))
    assert events[0] == {"type": "start_game", "names": ["a", "b", "c", "d"],
                         "kyoku_first": 4, "aka_flag": True}
    assert events[-1] == {"type": "end_game"}
    first = record.rounds[0]
    start = events[1]
    assert start["type"] == "start_kyoku" and (start["bakaze"], start["kyoku"]) == ("E", 1)
    assert (start["honba"], start["kyotaku"], start["oya"]) == (0, 0, 0)
    assert start["scores"] == [25000] * 4
    assert start["dora_marker"] == tile_name(Tile.from_id136(first.wall.dora[0]))
    assert [sorted(h) for h in start["tehais"]] == [
        sorted(tile_name(Tile.from_id136(i)) for i in hand) for hand in first.wall.hands]
    # every engine event in order, with its mjai twin
    played = [e for r in record.rounds for e in r.events]
    body = [e for e in events if e["type"] not in ("start_game", "start_kyoku", "end_kyoku",
                                                   "end_game", "hora", "ryukyoku", "reach")]
    assert len(body) == len(played)
    for ours, theirs in zip(played, body, strict=True):
        if isinstance(ours, TileDrawn):
            assert theirs == {"type": "tsumo", "actor": ours.seat,
                              "pai": tile_name(Tile.from_id136(ours.tile))}
        elif isinstance(ours, TileDiscarded):
            assert theirs == {"type": "dahai", "actor": ours.seat, "tsumogiri": ours.tsumogiri,
                              "pai": tile_name(Tile.from_id136(ours.tile))}
        elif isinstance(ours, RiichiAccepted):
            assert theirs == {"type": "reach_accepted", "actor": ours.seat}
        elif isinstance(ours, DoraRevealed):
            assert theirs == {"type": "dora",
                              "dora_marker": tile_name(Tile.from_id136(ours.indicator))}
        else:
            assert isinstance(ours, MeldCalled)
            kind = ours.meld.meld.kind.value
            assert theirs["type"] == {"minkan": "daiminkan", "shouminkan": "kakan"}.get(
                kind, kind) and theirs["actor"] == ours.seat
            size = {"chi": 2, "pon": 2, "minkan": 3, "shouminkan": 3, "ankan": 4}[kind]
            assert len(theirs["consumed"]) == size
            if kind in ("chi", "pon", "minkan"):
                assert theirs["target"] == ours.meld.from_seat
    # a riichi: reach, then its dahai
    for n, event in enumerate(events):
        if event["type"] == "reach":
            assert events[n + 1]["type"] == "dahai" and events[n + 1]["actor"] == event["actor"]
    # results: the engine's deltas
    wins = [r for played_round in record.rounds for r in played_round.results]
    ends = [e for e in events if e["type"] in ("hora", "ryukyoku")]
    assert [e["deltas"] for e in ends] == [list(r.deltas) for r in wins]
    for event, result in zip(ends, wins, strict=True):
        if isinstance(result, Win):
            assert (event["actor"], event["target"]) == (result.winner, result.from_seat)
            assert event["ura_markers"] == [tile_name(t) for t in result.context.ura_indicators]


def test_rules_in_start_game() -> None:
    events = _events(write(play(5, rules=Rules(red_fives=False, open_tanyao=False),
                                table=TENHOU_TABLE, rounds=1)))
    assert events[0]["aka_flag"] is False and events[0]["kuitan"] is False
    assert events[0]["kyoku_first"] == 0
    assert not any("5mr" in json.dumps(e) for e in events)


@settings(max_examples=12, deadline=None)
@given(game_records())
def test_engine_games_round_trip(record: GameRecord) -> None:
    text = write(record)
    again = replay_game(parse_mjai(text))
    assert seen(again) == seen(record)
    assert write(again) == text


def test_a_real_game_round_trips() -> None:
    game = parse_mjlog(REAL.read_text(encoding="utf-8"))
    record = replay_game(game)
    text = write(record, source=game)
    assert _events(text)[0]["names"] == [p.name for p in game.players]
    back = parse_mjai(text)
    assert record_json(replay_game(back)) == record_json(record)
    # the hora and ryukyoku deltas are the server's
    server = [e.recorded.deltas for r in game.rounds for e in r.events
              if isinstance(e, Agari | Ryuukyoku) and e.recorded is not None]
    written = [tuple(e["deltas"]) for e in _events(text) if e["type"] in ("hora", "ryukyoku")]
    assert written == server


def _length_said(text: str, kyoku_first: int | None) -> str:
    """The log with its start_game saying ``kyoku_first`` (None: not saying the game's
    length, as RiichiEnv and the original mjai do not)."""
    first, rest = text.split("\n", 1)
    start = {k: v for k, v in json.loads(first).items() if k != "kyoku_first"}
    if kyoku_first is not None:
        start["kyoku_first"] = kyoku_first
    return json.dumps(start, separators=(",", ":")) + "\n" + rest


def test_an_unsaid_length_is_the_one_the_rounds_play_out() -> None:
    """Without kyoku_first the rounds decide: an east-only game that went on into the
    south (nobody had 30,000) and ended in S2 is east-only, and a game that goes on past
    where an east-only game ends is east-south, though it ends by a bust in the east."""
    record = play(0)   # east only, on into the south, over in S2 (someone reached 30,000)
    assert record.end_reason == "extension" and record.rounds[-1].name == "S2"
    again = replay_game(parse_mjai(_length_said(write(record), None)))
    assert again.table.length is GameLength.EAST and seen(again) == seen(record)
    assert again.final_scores == record.final_scores

    # RiichiEnv's three-player east-south game: the dealer tenpai and on top after E3
    # (an east-only game would stop there) plays on, until a seat goes below zero
    riichienv = (DATA / "riichienv_3p_south_game_busts_in_east.mjson").read_text(encoding="utf-8")
    events = _events(riichienv)
    assert "kyoku_first" not in events[0]
    assert {e["bakaze"] for e in events if e["type"] == "start_kyoku"} == {"E"}
    game = replay_game(parse_mjai(riichienv))
    assert game.table.length is GameLength.EAST_SOUTH and game.end_reason == "bust"
    assert [r.name for r in game.rounds] == ["E1", "E2", "E3", "E3", "E3"]
    assert [list(result.deltas) for r in game.rounds for result in r.results] == [
        e["deltas"] for e in events if e["type"] in ("hora", "ryukyoku")]
    # a length the log says is the log's word: east only, it goes on after the game ended
    with pytest.raises(InvalidLogError, match=r"round 4 \(E3 honba 1\): the log goes on "
                                              r"after the game ended \(dealer stop\)"):
        replay_game(parse_mjai(_length_said(riichienv, 4)))
    with pytest.raises(InvalidLogError, match=r"the log stops before the game ends"):
        replay_game(parse_mjai(_length_said(write(record), 0)))


def test_several_games_and_unfinished_ones() -> None:
    both = write(play(6, rounds=1)) + write(play(7, rounds=1))
    assert len(documents(both)) == 2
    read = games(both)
    assert [len(game.rounds) for game in read] == [1, 1]
    with pytest.raises(InvalidLogError, match="stops before the game ends"):
        replay_game(read[0])
    *_, bad = iter_games((both + '{"type":"start_game"}\n{"type":"start_kyoku"}').encode())
    assert isinstance(bad, ReadError) and bad.index == 2
    assert bad.message.startswith("line 2: start_kyoku has no 'bakaze'")


# --- damaged logs ----------------------------------------------------------------------

_GAME: list[dict[str, Any]] = [
    {"type": "start_game", "names": ["A", "B", "C", "D"]},
    {"type": "start_kyoku", "bakaze": "E", "dora_marker": "1p", "kyoku": 1, "honba": 0,
     "kyotaku": 0, "oya": 0, "scores": [25000] * 4, "tehais": [
         ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "E", "E", "S", "W"],
         ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1s", "1s", "2s", "3s"],
         ["3s", "4s", "5s", "6s", "7s", "8s", "9s", "1m", "1m", "2m", "3m", "5sr", "4m"],
         ["2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "F", "F", "C", "C", "P"]]},
    {"type": "tsumo", "actor": 0, "pai": "N"},
    {"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True},
    {"type": "tsumo", "actor": 1, "pai": "P"},
    {"type": "dahai", "actor": 1, "pai": "P", "tsumogiri": True},
    {"type": "pon", "actor": 3, "target": 1, "pai": "P", "consumed": ["P", "P"]},
]


def _text(events: list[dict[str, Any]]) -> str:
    return "\n".join(json.dumps(e) for e in events)


def test_the_example_reads() -> None:
    """The damaged logs below are this one spoiled; whole, it reads up to the pon."""
    text = _text([*_GAME[:6], {"type": "ryukyoku"}, {"type": "end_kyoku"},
                  {"type": "end_game"}])
    with pytest.raises(InvalidLogError, match="seat 3 calls a pon with P, which its hand does "
                                              "not hold"):
        parse_mjai(_text(_GAME))   # seat 3 holds one haku only
    assert [type(e).__name__ for e in parse_mjai(text).rounds[0].events][:4] == [
        "Draw", "Discard", "Draw", "Discard"]


def _dealt(seat: int, hand: list[str]) -> list[dict[str, Any]]:
    """The game's start with ``seat`` dealt ``hand`` instead."""
    tehais = list(_GAME[1]["tehais"])
    tehais[seat] = hand
    return [_GAME[0], {**_GAME[1], "tehais": tehais}]


@pytest.mark.parametrize(("events", "message"), [
    ([*_GAME[:3], {"type": "dahai", "actor": 2, "pai": "1m", "tsumogiri": False}],
     r"line 4 \(E1 honba 0\): seat 2 discards, but it is seat 0's turn"),
    ([*_GAME[:3], {"type": "dahai", "actor": 0, "pai": "5z", "tsumogiri": False}],
     r"line 4 \(E1 honba 0\): .*'5z' is no mjai tile"),
    ([*_GAME[:2], {"type": "dahai", "actor": 0, "pai": "1m", "tsumogiri": False}],
     r"line 3 \(E1 honba 0\): seat 0 discards, but seat 0 draws first"),
    ([_GAME[0], _GAME[2]], r"line 2: a 'tsumo' event outside a round"),
    ([_GAME[1]], r"line 1: a 'start_kyoku' event before start_game"),
    ([*_GAME[:4], {"type": "chi", "actor": 1, "target": 3, "pai": "N",
                   "consumed": ["2m", "3m"]}], r"line 5 .*seat 1 calls a tile from seat 3"),
    ([*_GAME[:4], {"type": "hora", "actor": 0, "target": 0}],
     r"line 5 .*seat 0 wins on its draw, but"),
    ([*_GAME[:4], {"type": "reach_accepted", "actor": 0}], r"line 5 .*no riichi waiting"),
    ([*_GAME[:3], {"type": "frobnicate"}], r"line 4 .*unknown event type 'frobnicate'"),
    ([*_GAME[:3], {"type": "tsumo", "actor": 7, "pai": "1m"}], r"line 4 .*seat 0-3"),
    (_GAME[:4], r"after line 4: the log stops inside a round"),
    (_dealt(0, ["1m"] * 13), r"line 2: a dealt tile 1m would be a fifth 1m"),
    (_dealt(2, ["5sr", *_GAME[1]["tehais"][2][1:]]), r"line 2: a dealt tile is a second red 5sr"),
    (_dealt(0, ["1m"] * 12 + ["1x"]), r"line 2: start_kyoku's tehais\[0\] '1x' is no mjai tile"),
])
def test_damaged_logs_name_the_line(events: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        parse_mjai(_text(events))


def test_truncated_json_names_the_line() -> None:
    text = _text(_GAME[:4])
    with pytest.raises(InvalidLogError, match=r"line 4 \(E1 honba 0\): not JSON"):
        parse_mjai(text[:-5])


def test_events_after_end_game() -> None:
    text = _text([*_GAME[:6], {"type": "ryukyoku"}, {"type": "end_kyoku"},
                  {"type": "end_game"}, {"type": "end_game"}])
    with pytest.raises(InvalidLogError, match="line 10: a 'end_game' event after end_game"):
        parse_mjai(text)


# --- the fast path (lines played without their JSON) against the checking path ---------

_REAL_GAMES = [*documents(DATA / "rare_rounds.mjlog"), REAL.read_text(encoding="utf-8"),
               *documents(DATA / "sanma_games.mjlog"),
               (DATA / "tenhou_3p_kita_minkan.mjlog").read_text(encoding="utf-8")]
"""Real four- and three-player games with rare rounds (kans, kita, double ron, pao)."""


def _both_ways(text: str) -> tuple[GameLog | str, GameLog | str]:
    """The game, or the error message, read with the fast path and with every line's
    JSON read and checked."""
    def read(fast: bool) -> GameLog | str:
        try:
            return parse_mjai(text, fast=fast)
        except InvalidLogError as error:
            return str(error)

    return read(True), read(False)


def _spaced(text: str) -> str:
    """The same events as Python writes JSON by default (blanks after , and :)."""
    return "\n".join(json.dumps(json.loads(line)) for line in text.splitlines())


@pytest.mark.parametrize("number", range(len(_REAL_GAMES)))
def test_fast_path_reads_real_games_as_the_checking_path(number: int) -> None:
    game = parse_mjlog(_REAL_GAMES[number])
    text = write(replay_game(game), source=game)
    fast, checked = _both_ways(text)
    assert isinstance(fast, GameLog) and fast == checked
    assert _both_ways(_spaced(text)) == (fast, fast)
    assert fast == parse_mjai(text)


def _mutated(lines: list[str], data: st.DataObject) -> str:
    """The lines with one damaged: removed, repeated, swapped with the next, another
    seat, tile or tsumogiri flag, or a blank line put before it."""
    at = data.draw(st.integers(0, len(lines) - 2))
    line = lines[at]
    how = data.draw(st.sampled_from(["drop", "repeat", "swap", "seat", "tile", "flag",
                                     "blank"]))
    if how == "drop":
        return "\n".join(lines[:at] + lines[at + 1:])
    if how == "repeat":
        return "\n".join(lines[:at + 1] + lines[at:])
    if how == "swap":
        return "\n".join([*lines[:at], lines[at + 1], line, *lines[at + 2:]])
    if how == "blank":
        return "\n".join([*lines[:at], "  ", *lines[at:]])
    if how == "seat":
        line = re.sub(r'"actor":\d', f'"actor":{data.draw(st.integers(0, 4))}', line)
    elif how == "tile":
        name = data.draw(st.sampled_from([*(tile_name(t) for t in ALL_TILES), "?", "5z"]))
        line = re.sub(r'"pai":"[^"]*"', f'"pai":"{name}"', line)
    else:
        line = line.replace("true", "FALSE").replace("false", "true").replace("FALSE", "false")
    return "\n".join([*lines[:at], line, *lines[at + 1:]])


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans(), st.data())
def test_fast_path_refuses_damaged_logs_as_the_checking_path(
        seed: int, sanma: bool, data: st.DataObject) -> None:
    """A damaged log gives the same error (or, when the damage still makes a game, the
    same game) read either way."""
    record = play_sanma(seed, rounds=2) if sanma else play(seed, rounds=2)
    lines = write(record).splitlines()
    fast, checked = _both_ways(_mutated(lines, data))
    assert fast == checked
