"""Three-player games in every log format: one game by example in the tenhou.net/6 JSON
(as Tenhou writes it), mjai (as RiichiEnv writes it, and the four-seat form) and mjlog,
round trips of engine-played three-player games, the commands, damaged three-player logs.

Tenhou's own three-player mjlogs written again from their replay are in
``test_record_mjlog``; the same games through every format in ``test_logs``.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from mahjong_core.cli.replay import record_json
from mahjong_core.errors import InvalidLogError
from mahjong_core.formats import (
    LogFormat,
    detect_format,
    format_mjlog,
    parse_game,
    parse_mjai,
    parse_mjlog,
    parse_tenhou6,
    record_to_mjlog,
    replay_game,
    write_game,
    write_mjai,
    write_tenhou6,
)
from mahjong_core.formats.game_log import Agari, Call, CallKind
from mahjong_core.table import GameRecord, KitaDeclared, Win

from .support.logs import documents
from .support.played_games import play, play_sanma, sanma_game_records, seen

DATA = Path(__file__).resolve().parent / "data"

ROUND: list[Any] = [
    [0, 0, 0], [35000, 35000, 35000, 0], [37], [],
    [11, 19, 21, 29, 31, 39, 41, 41, 42, 43, 45, 46, 47], [33, 34], [60, 60],
    [11, 19, 22, 23, 24, 25, 26, 27, 28, 32, 35, 36, 37], [44], ["f44"],
    [21, 22, 26, 27, 33, 33, 34, 35, 36, 38, 38, 42, 43], ["33p3333"], [22],
    [], [], [],
    ["和了", [48000, -48000, 0, 0], [0, 1, 0, "役満48000点", "国士無双(役満)"]]]
"""East 1 of a three-player game as Tenhou's JSON writes it: the dealer (seat 0, tenpai
on north for thirteen orphans) draws and lets 3s go; seat 2 pons it from across (the
letter in the second place: the empty fourth seat counts as a place at the table) and
discards 2p; the dealer lets 4s go; seat 1 draws a north and sets it aside (``f44``);
the dealer robs it: a dealer's yakuman of 48,000 leaves seat 1 below zero, which ends
the game."""


def _document(log_round: list[Any] | None = None, **fields: Any) -> str:
    data: dict[str, Any] = {
        "title": ["", ""], "name": ["A", "B", "C", ""],
        "rule": {"disp": "三般南喰赤", "aka53": 1, "aka52": 1, "aka51": 0},
        "log": [ROUND if log_round is None else log_round]}
    data.update(fields)
    return json.dumps(data, ensure_ascii=False)


def _example() -> GameRecord:
    return replay_game(parse_tenhou6(_document()))


def test_tenhou6_by_example() -> None:
    """Reading Tenhou's three-player layout: the room and rules, four names with an
    empty one, the pon from across, the kita, the ron on it; the engine's game ends at
    the bust."""
    game = parse_tenhou6(_document())
    assert game.players_count == 3 and game.rule_type == 0x10 | 0x08 | 0x01
    assert [p.name for p in game.players] == ["A", "B", "C", ""]
    (log_round,) = game.rounds
    assert log_round.scores == (35000, 35000, 35000, 0) and log_round.hands[3] == ()
    calls = [e for e in log_round.events if isinstance(e, Call)]
    assert [(c.seat, c.call.kind, c.call.from_seat) for c in calls] == [
        (2, CallKind.PON, 0), (1, CallKind.KITA, None)]
    win = log_round.events[-1]
    assert isinstance(win, Agari) and (win.seat, win.from_seat) == (0, 1)
    assert win.recorded is not None and win.recorded.win_tile == calls[1].call.tiles[0]
    assert win.recorded.yakuman == (47,) and win.recorded.deltas == (48000, -48000, 0, 0)
    record = replay_game(game)
    assert record.end_reason == "bust" and record.final_scores == (83000, -13000, 35000)
    (result,) = record.rounds[0].results
    assert isinstance(result, Win) and result.deltas == (48000, -48000, 0)
    assert not result.context.chankan


def test_tenhou6_written_as_tenhou_writes_it() -> None:
    out = json.loads(write_tenhou6(_example(), source=parse_tenhou6(_document())))
    assert out["log"] == [ROUND]
    assert out["name"] == ["A", "B", "C", ""]
    assert out["rule"] == {"disp": "三般南喰赤", "aka53": 1, "aka52": 1, "aka51": 0}
    # 35,000 start, 40,000 return (oka 15 to first), uma +20 0 -20
    assert out["sc"] == [83000, 78, -13000, -73, 35000, -5, 0, 0]
    plain = json.loads(write_tenhou6(play_sanma(3, rounds=1)))
    assert plain["name"] == ["Seat 0", "Seat 1", "Seat 2", ""]
    assert plain["rule"]["disp"].startswith("三般東") and "sc" not in plain
    assert all(r[13:16] == [[], [], []] and r[1][3] == 0 and len(r[16][1]) == 4
               for r in plain["log"] if len(r[16]) > 1)


MJAI_EVENTS: list[dict[str, Any]] = [
    {"type": "start_game", "names": ["A", "B", "C"]},
    {"type": "start_kyoku", "bakaze": "E", "dora_marker": "7s", "kyoku": 1, "honba": 0,
     "kyotaku": 0, "oya": 0, "scores": [35000, 35000, 35000],
     "tehais": [["1m", "9m", "1p", "9p", "1s", "9s", "E", "E", "S", "W", "P", "F", "C"],
                ["1m", "9m", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "2s", "5s", "6s", "7s"],
                ["1p", "2p", "6p", "7p", "3s", "3s", "4s", "5s", "6s", "8s", "8s", "S", "W"]]},
    {"type": "tsumo", "actor": 0, "pai": "3s"},
    {"type": "dahai", "actor": 0, "pai": "3s", "tsumogiri": True},
    {"type": "pon", "actor": 2, "target": 0, "pai": "3s", "consumed": ["3s", "3s"]},
    {"type": "dahai", "actor": 2, "pai": "2p", "tsumogiri": False},
    {"type": "tsumo", "actor": 0, "pai": "4s"},
    {"type": "dahai", "actor": 0, "pai": "4s", "tsumogiri": True},
    {"type": "tsumo", "actor": 1, "pai": "N"},
    {"type": "kita", "actor": 1, "pai": "N"},
    {"type": "hora", "actor": 0, "target": 1, "deltas": [48000, -48000, 0]},
    {"type": "end_kyoku"}, {"type": "end_game"}]
"""The same game as RiichiEnv writes a three-player game: three seats, ``kita``."""


def _lines(events: list[dict[str, Any]]) -> str:
    return "".join(json.dumps(event) + "\n" for event in events)


def _four_seats(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The four-seat form of Mortal's three-player forks: an unseen fourth hand scoring
    0, a 0 delta for it, ``nukidora`` without a ``pai``."""
    out = copy.deepcopy(events)
    for event in out:
        if event["type"] == "start_game":
            event["names"] = [*event["names"], ""]
        elif event["type"] == "start_kyoku":
            event["scores"] = [*event["scores"], 0]
            event["tehais"] = [*event["tehais"], ["?"] * 13]
        elif event["type"] == "hora":
            event["deltas"] = [*event["deltas"], 0]
        elif event["type"] == "kita":
            event["type"] = "nukidora"
            del event["pai"]
    return out


def test_mjai_by_example() -> None:
    """RiichiEnv's three-seat form and the four-seat one read as the same game as the
    tenhou.net/6 log (but for the red fives and the game's length, which these events do
    not say), and the writer writes RiichiEnv's form."""
    expected = seen(_example())
    for events in (MJAI_EVENTS, _four_seats(MJAI_EVENTS)):
        game = parse_mjai(_lines(events))
        assert game.players_count == 3 and [p.name for p in game.players] == ["A", "B", "C"]
        assert seen(replay_game(game))[2:] == expected[2:]
    written = [json.loads(line) for line in write_mjai(_example()).splitlines()]
    start, kyoku = written[0], written[1]
    assert start["names"] == ["Seat 0", "Seat 1", "Seat 2"]
    assert kyoku["scores"] == [35000] * 3 and len(kyoku["tehais"]) == 3
    assert {"type": "kita", "actor": 1, "pai": "N"} in written
    hora = next(e for e in written if e["type"] == "hora")
    assert (hora["actor"], hora["target"], hora["deltas"]) == (0, 1, [48000, -48000, 0])
    ours = [e for e in written if e["type"] not in ("start_game", "start_kyoku")]
    theirs = [e for e in MJAI_EVENTS if e["type"] not in ("start_game", "start_kyoku")]
    assert [{k: v for k, v in e.items() if k != "ura_markers"} for e in ours] == theirs


def test_mjlog_written_as_tenhou_writes_it() -> None:
    """GO type 0x10, the empty fourth seat in UN, INIT (hai3, ten), sc and owari, the
    kita as an N tag with its code (tile id << 8 | 0x20)."""
    game = parse_tenhou6(_document())
    text = format_mjlog(record_to_mjlog(_example(), source=game))
    north = next(e.call.tiles[0] for e in game.rounds[0].events
                 if isinstance(e, Call) and e.call.kind is CallKind.KITA)
    assert '<GO type="25"/>' in text and 'n3=""' in text
    assert 'ten="350,350,350,0"' in text and 'hai3=""/>' in text
    assert f'<N who="1" m="{north << 8 | 0x20}" />' in text
    assert 'sc="350,480,350,-480,350,0,0,0"' in text
    assert 'owari="830,78.0,-130,-73.0,350,-5.0,0,0.0"' in text
    assert 'yakuman="47"' in text and f'machi="{north}"' in text
    assert seen(replay_game(parse_mjlog(text))) == seen(_example())
    plain = record_to_mjlog(play_sanma(3, rounds=1))
    assert plain.players == () and plain.rule_type == 0x10 | 0x01
    named = record_to_mjlog(play_sanma(3, rounds=1), names=["a", "b", "c"])
    assert [p.name for p in named.players] == ["a", "b", "c", ""]


# --- round trips of engine-played games ---------------------------------------------------


@pytest.mark.parametrize("fmt", list(LogFormat))
@settings(max_examples=8, deadline=None)
@given(record=sanma_game_records())
def test_engine_games_round_trip(fmt: LogFormat, record: GameRecord) -> None:
    """A three-player game the engine played, written and read back, replays to the same
    game (deal, every decision, every result) and is written again the same."""
    text = write_game(record, fmt)
    assert detect_format(text) is fmt
    again = replay_game(parse_game(text))
    assert seen(again) == seen(record)
    assert record_json(again) == record_json(record)
    assert write_game(again, fmt) == text
    if fmt is LogFormat.MJLOG:
        assert parse_mjlog(text) == record_to_mjlog(record)


@pytest.mark.parametrize("fmt", [LogFormat.TENHOU6, LogFormat.MJAI])
def test_a_kita_in_riichi_sets_the_drawn_north_aside(fmt: LogFormat) -> None:
    """A player in riichi may set aside only the north tile it has just drawn: a reader
    of a log that names tiles, not ids, gives that kita the drawn tile's id (a game the
    round-trip property found, whose riichi player holds another north)."""
    record = play_sanma(14375220)
    assert seen(replay_game(parse_game(write_game(record, fmt), fmt))) == seen(record)


def test_the_played_games_set_north_tiles_aside() -> None:
    """The strategy's games hold kita, wins counting them and a win on the replacement."""
    records = [play_sanma(seed) for seed in range(12)]
    events = [e for r in records for p in r.rounds for e in p.events]
    wins = [w for r in records for p in r.rounds for w in p.results if isinstance(w, Win)]
    assert any(isinstance(e, KitaDeclared) for e in events)
    assert any(w.context.kita for w in wins) and any(w.context.rinshan for w in wins)


# --- the commands ----------------------------------------------------------------------------


def _run(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mahjong_core", *args], input=stdin,
                          capture_output=True, text=True, timeout=300, check=False)


def test_convert_and_replay_a_three_player_game(tmp_path: Path) -> None:
    """A real three-player game converted to each format replays to the same answer."""
    source = tmp_path / "game.mjlog"
    source.write_text(documents(DATA / "sanma_games.mjlog")[2],
                      encoding="utf-8")
    paths = [source]
    for fmt in ("tenhou6", "mjai", "mjlog"):
        done = _run(["convert", "--to", fmt, str(source)])
        assert done.returncode == 0, done.stderr
        path = tmp_path / f"converted{LogFormat(fmt).suffix}"
        path.write_text(done.stdout, encoding="utf-8")
        paths.append(path)
    done = _run(["replay", *map(str, paths)])
    assert done.returncode == 0, done.stdout
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 4 and all(len(a["final"]["scores"]) == 3 for a in answers)
    assert all(a["rounds"] == answers[0]["rounds"] for a in answers)
    assert all(a["final"] == answers[0]["final"] for a in answers)


# --- damaged three-player logs ------------------------------------------------------------------


def _changed(where: tuple[int, ...], value: Any) -> list[Any]:
    changed = copy.deepcopy(ROUND)
    target = changed
    for index in where[:-1]:
        target = target[index]
    target[where[-1]] = value
    return changed


@pytest.mark.parametrize(("where", "value", "message"), [
    ((9, 0), "f45", r"E1 honba 0: seat 1's discard 0 'f45' is no kita"),
    ((11, 0), "c333435", r"E1 honba 0: seat 2's take 0 'c333435' is a chi, which a "
                         "three-player game does not have"),
    ((11, 0), "3333p33", r"E1 honba 0: seat 2's take 0 '3333p33' calls a tile of the "
                         "empty fourth seat"),
    ((13,), [11] * 13, r"E1 honba 0: the empty fourth seat of a three-player game has tiles"),
    ((16, 1), [48000, -48000, 0, 5], r"E1 honba 0: the result's deltas are one per seat "
                                      r"\(3, or 4 with a last 0\)"),
    ((4, 0), 12, r"E1 honba 0: the seats' lists do not fit|a dealt tile is 12, which a "
                 "three-player game does not have"),
    ((1,), [35000, 35000], r"E1 honba 0: the scores are one per seat \(3"),
    ((0,), [3, 0, 0], r"E4 honba 0: a three-player game has no fourth hand"),
])
def test_damaged_tenhou6_names_the_place(where: tuple[int, ...], value: Any,
                                         message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        parse_tenhou6(_document(_changed(where, value)))


@pytest.mark.parametrize(("fields", "message"), [
    ({"name": ["A", "B", "C", "D"]}, "fourth name of a three-player game is"),
    ({"sc": [83000, 78, -13000, -73, 35000, -5, 100, 1]}, "sc gives the empty fourth seat"),
    ({"sc": [1, 2]}, r"sc is three \(or four\) pairs"),
    ({"dan": ["新人"] * 3}, "dan is a list with one entry per name"),
])
def test_damaged_tenhou6_fields(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        parse_tenhou6(_document(**fields))


def _mjai_changed(index: int, **fields: Any) -> str:
    events = copy.deepcopy(MJAI_EVENTS)
    events[index].update(fields)
    return _lines(events)


@pytest.mark.parametrize(("text", "message"), [
    (_mjai_changed(9, actor=3), r"line 10 \(E1 honba 0\): a 'kita' event's actor is a seat "
                                "0-2, got 3"),
    (_mjai_changed(9, pai="E"), r"line 10 \(E1 honba 0\): seat 1 sets E aside; only a north"),
    (_mjai_changed(9, actor=2), r"line 10 \(E1 honba 0\): seat 2 sets a north tile aside, but "
                                "it is seat 1's turn"),
    (_mjai_changed(1, kyoku=4, oya=3), r"line 2: start_kyoku's kyoku is a whole number 1-3"),
    (_mjai_changed(2, pai="5m"), r"line 3 \(E1 honba 0\): seat 0's draw is 5m, which a "
                                 "three-player game does not have"),
    (_mjai_changed(10, deltas=[48000, -48000, 0, 9]), r"line 11 \(E1 honba 0\): a 'hora' "
                                                     r"event's deltas are three"),
    (_mjai_changed(4, type="chi"), r"line 5 \(E1 honba 0\): seat 2 calls a chi, which a "
                                   "three-player game does not have"),
])
def test_damaged_mjai_names_the_line(text: str, message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        parse_mjai(text)


def test_mjai_seat_counts_agree() -> None:
    four = write_mjai(play(1, rounds=1)).splitlines()
    kita = json.dumps({"type": "kita", "actor": 0, "pai": "N"})
    with pytest.raises(InvalidLogError, match="only a three-player game does"):
        parse_mjai("\n".join([*four[:3], kita]))
    three = _lines(MJAI_EVENTS).splitlines()
    with pytest.raises(InvalidLogError, match=rf"line {len(four)}: start_kyoku deals to 3 "
                                              "seats, but this game has 4 players"):
        parse_mjai("\n".join([*four[:-1], three[1]]))


def test_writers_refuse_a_source_or_names_of_another_table() -> None:
    sanma, four = play_sanma(3, rounds=1), play(1, rounds=1)
    four_game = record_to_mjlog(four)
    for fmt in LogFormat:
        with pytest.raises(InvalidLogError, match="a 4-player log is no source for a "
                                                  "3-player record"):
            write_game(sanma, fmt, source=four_game)
        with pytest.raises(InvalidLogError, match="names are three strings"):
            write_game(sanma, fmt, names=["a", "b", "c", "d"])
        with pytest.raises(InvalidLogError, match="a 3-player log is no source"):
            write_game(four, fmt, source=record_to_mjlog(sanma))
