"""The tenhou.net/6 JSON log: Tenhou's own JSON of two real games, the call strings and
results by example, round trips of engine-played games, damaged logs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from mahjong_core.cli.replay import record_json
from mahjong_core.errors import InvalidLogError
from mahjong_core.formats import (
    GameLog,
    ReadError,
    iter_games,
    parse_mjlog,
    parse_tenhou6,
    replay_game,
    tenhou6,
    write_tenhou6,
)
from mahjong_core.formats.game_log import Agari, Call, CallKind, Ryuukyoku
from mahjong_core.formats.tenhou6 import DAN_NAMES
from mahjong_core.table import GameRecord

from .support.logs import documents, games
from .support.played_games import game_records, play, seen

DATA = Path(__file__).resolve().parent / "data"
GAMES = ("2019021004gm-00a9-0000-e2f6516d", "2019080322gm-00a9-0000-81e85e04")
"""Two ranked games: Tenhou's mjlog and the JSON Tenhou's server made of the same game."""


def _pair(name: str) -> tuple[str, dict[str, Any]]:
    mjlog = (DATA / f"{name}.mjlog").read_text(encoding="utf-8")
    tenhou = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    return mjlog, tenhou


@pytest.mark.parametrize("name", GAMES)
def test_the_writer_writes_what_tenhou_writes(name: str) -> None:
    """Every round (deal, takes, discards, call strings, indicators, results with their
    texts and yaku), the rule, the players and ``sc`` equal Tenhou's own JSON."""
    mjlog, tenhou = _pair(name)
    game = parse_mjlog(mjlog)
    ours = json.loads(write_tenhou6(replay_game(game), source=game))
    assert ours["log"] == tenhou["log"]
    for key in ("name", "rule", "sc", "dan", "rate", "sx", "lobby", "ver"):
        assert ours[key] == tenhou[key], key
    assert ours["title"] == ["", ""]


@pytest.mark.parametrize("name", GAMES)
def test_tenhous_json_reads_back_as_the_same_game(name: str) -> None:
    mjlog, tenhou = _pair(name)
    from_mjlog = replay_game(parse_mjlog(mjlog))
    from_json = replay_game(parse_tenhou6(json.dumps(tenhou, ensure_ascii=False)))
    assert record_json(from_json) == record_json(from_mjlog)
    assert seen(from_json) == seen(from_mjlog)


def test_fields_read_from_tenhous_json() -> None:
    _, tenhou = _pair(GAMES[1])
    game = parse_tenhou6(json.dumps(tenhou))
    assert [p.name for p in game.players] == tenhou["name"]
    assert [DAN_NAMES[p.dan or 0] for p in game.players] == tenhou["dan"]
    assert [p.rate for p in game.players] == tenhou["rate"]
    assert game.shuffle_ref == tenhou["ref"] and game.lobby == 0
    assert game.red_fives and game.open_tanyao and game.east_south
    assert game.rule_type & 0xA0 == 0xA0   # the phoenix room: 鳳
    first, nine = game.rounds[0], game.rounds[1]
    assert (first.round_index, first.honba, first.sticks, first.dealer) == (0, 0, 0, 0)
    assert first.scores == (25000,) * 4 and first.dice == (0, 0)
    win = first.events[-1]
    assert isinstance(win, Agari) and win.recorded is not None
    assert (win.seat, win.from_seat) == (0, 0)
    assert win.recorded.deltas == (6000, -2000, -2000, -2000)
    assert (win.recorded.fu, win.recorded.points) == (30, 6000)   # 2000 all
    assert win.recorded.yaku == ((19, 1), (52, 2))                # hatsu, dora 2
    draw = nine.events[-1]
    assert isinstance(draw, Ryuukyoku) and draw.kind == "yao9"
    final = game.rounds[-1].events[-1]
    assert isinstance(final, Ryuukyoku) and final.recorded is not None
    assert final.recorded.final is not None
    assert final.recorded.final.scores == (19600, 22900, 33500, 24000)
    assert final.recorded.final.points == (-30.0, -17.0, 43.0, 4.0)
    calls = [e.call for r in game.rounds for e in r.events if isinstance(e, Call)]
    assert {c.kind for c in calls} == {CallKind.CHI, CallKind.PON, CallKind.ANKAN}


def _log(seats: list[tuple[list[int], list[Any], list[Any]]], result: list[Any]
         ) -> str:
    """A one-round log (East 1, seat 0 dealing) of each seat's dealt tiles, takes and
    discards."""
    log: list[Any] = [[0, 0, 0], [25000] * 4, [21], []]
    for dealt, takes, gives in seats:
        log += [dealt, takes, gives]
    log.append(result)
    return json.dumps({"name": ["A", "B", "C", "D"], "rule": {"disp": "般南喰赤", "aka": 1},
                       "log": [log]}, ensure_ascii=False)


def _steps(text: str) -> list[tuple[str, int]]:
    events = parse_tenhou6(text).rounds[0].events
    return [(type(e).__name__, getattr(e, "seat", -1)) for e in events]


def test_turns_put_back_in_order() -> None:
    """A pon jumps the turn; a call that fits the first of two equal discards but leads
    nowhere is taken on the second (seat 3 pons seat 1's chun only after seat 1 called)."""
    text = _log([
        ([11, 12, 13, 14, 15, 16, 17, 18, 19, 41, 41, 42, 43], [44], [60]),
        ([21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 33, 33, 47], [47, "3333p33"], [60, 47]),
        ([32, 33, 34, 35, 36, 37, 38, 39, 11, 11, 12, 13, 14], [44], [33]),
        ([12, 13, 14, 15, 16, 17, 18, 19, 46, 46, 47, 47, 45], ["47p4747"], [45])],
        ["流局", [0, 0, 0, 0]])
    assert _steps(text) == [
        ("Draw", 0), ("Discard", 0), ("Draw", 1), ("Discard", 1), ("Draw", 2),
        ("Discard", 2), ("Call", 1), ("Discard", 1), ("Call", 3), ("Discard", 3),
        ("Ryuukyoku", -1)]
    calls = [e.call for e in parse_tenhou6(text).rounds[0].events if isinstance(e, Call)]
    assert [(c.kind, c.from_seat) for c in calls] == [(CallKind.PON, 2), (CallKind.PON, 1)]


def test_a_call_nobody_can_make_is_refused() -> None:
    text = _log([
        ([11, 12, 13, 14, 15, 16, 17, 18, 19, 41, 41, 42, 43], [44], [60]),
        ([21, 22, 23, 24, 25, 26, 27, 28, 29, 31, 33, 33, 47], [47], [60]),
        ([32, 33, 34, 35, 36, 37, 38, 39, 11, 11, 12, 13, 14], [], []),
        ([12, 13, 14, 15, 16, 17, 18, 19, 46, 46, 47, 47, 45], ["p474747"], [45])],
        ["流局"])
    with pytest.raises(InvalidLogError, match="E1 honba 0: the seats' lists do not fit one "
                                              "order of turns"):
        parse_tenhou6(text)


@pytest.mark.parametrize(("ninth", "problem"), [(43, None), (22, "holding 8 kinds")])
def test_a_nine_terminals_draw_needs_nine_kinds(ninth: int, problem: str | None) -> None:
    """The reader holds a logged nine-terminals draw to the rule the engine applies."""
    others = [[16, 16, 17, 17, 18, 18, 23, 23, 24, 24, 25, 25, 26],
              [32, 32, 33, 33, 34, 34, 35, 35, 36, 36, 37, 37, 38],
              [44, 44, 45, 45, 46, 46, 47, 47, 26, 26, 27, 27, 28]]
    first = [11, 19, 21, 29, 31, 39, 41, 42, ninth, 12, 13, 14, 15]
    text = _log([(first, [22], []), *[(hand, [], []) for hand in others]], ["九種九牌"])
    if problem is None:
        draw = parse_tenhou6(text).rounds[0].events[-1]
        assert isinstance(draw, Ryuukyoku) and draw.kind == "yao9"
    else:
        with pytest.raises(InvalidLogError, match=f"seat 0 declares nine terminals {problem}"):
            parse_tenhou6(text)


def test_call_strings_by_example() -> None:
    """Tenhou's call strings written from the engine's melds: a red five laid last among
    one's own tiles, the letter before the called tile, an added kan's k before it."""
    from mahjong_core.formats.tenhou6 import _give, _take

    for text, kind, called, own, offset in (
            ("c275226", CallKind.CHI, "7p", ("0p", "6p"), 3),
            ("p252525", CallKind.PON, "5p", ("5p", "5p"), 3),
            ("25p2552", CallKind.PON, "5p", ("5p", "0p"), 2),
            ("1551p15", CallKind.PON, "5m", ("5m", "0m"), 1),
            ("m39393939", CallKind.MINKAN, "9s", ("9s", "9s", "9s"), 3),
            ("393939m39", CallKind.MINKAN, "9s", ("9s", "9s", "9s"), 1),
            ("53m353535", CallKind.MINKAN, "5s", ("0s", "5s", "5s"), 2)):
        take = _take(text, "take")
        assert take.kind is kind and str(take.tile) == called, text
        assert tuple(str(t) for t in take.own) == own and take.offset == offset, text
    assert [str(t) for t in _give("151515a51", "give").tiles] == ["5m", "5m", "5m", "0m"]
    assert _give("3737k3737", "give").kind == "kakan"
    assert [str(t) for t in _give("k51151515", "give").tiles] == ["0m"]
    riichi = _give("r60", "give")
    assert riichi.riichi and riichi.tiles == ()
    assert _give(0, "give").kind == "placeholder"


def test_a_call_string_read_again_is_checked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A call string read before gives the same take, and a three-player game still
    refuses it where it does not fit; a full store of read strings reads on."""
    from mahjong_core.formats import tenhou6

    first = tenhou6._take("c275226", "take")
    assert tenhou6._take("c275226", "take") is first
    with pytest.raises(InvalidLogError, match="is a chi, which a three-player game"):
        tenhou6._take("c275226", "take", 0, 3)
    tenhou6._take("p252525", "take")   # the discarder is the seat on the left
    with pytest.raises(InvalidLogError, match="calls a tile of the empty fourth seat"):
        tenhou6._take("p252525", "take", 0, 3)
    assert tenhou6._take("p252525", "take", 1, 3).offset == 3
    monkeypatch.setattr(tenhou6, "_CALL_TAKES", {})
    monkeypatch.setattr(tenhou6, "_MOST_CALL_TAKES", 1)
    tenhou6._take("p252525", "take")
    again = tenhou6._take("c275226", "take")
    assert tenhou6._CALL_TAKES.keys() == {"p252525"} and again == first


@settings(max_examples=12, deadline=None)
@given(game_records())
def test_engine_games_round_trip(record: GameRecord) -> None:
    """An engine-played game written and read back replays to the same game."""
    text = write_tenhou6(record)
    again = replay_game(parse_tenhou6(text))
    assert seen(again) == seen(record)
    assert write_tenhou6(again) == text


def test_an_unfinished_game_writes_no_final_standing() -> None:
    record = play(3, rounds=2)
    data = json.loads(write_tenhou6(record, names=["a", "b", "c", "d"], title=["t", "u"]))
    assert "sc" not in data and len(data["log"]) == 2
    assert data["name"] == ["a", "b", "c", "d"] and data["title"] == ["t", "u"]
    assert json.loads(write_tenhou6(play(3)))["sc"]


def test_rules_in_the_rule_object() -> None:
    from mahjong_core import Rules

    no_red = json.loads(write_tenhou6(play(1, rules=Rules(red_fives=False))))
    assert no_red["rule"] == {"disp": "般東喰", "aka": 0}
    no_kuitan = parse_tenhou6(write_tenhou6(play(2, rules=Rules(open_tanyao=False))))
    assert not no_kuitan.open_tanyao and no_kuitan.red_fives and not no_kuitan.east_south


def test_several_documents() -> None:
    one = write_tenhou6(play(4))
    assert documents(one + "\n" + one) == [one, one]
    assert len(games((one + "\n" + one).encode())) == 2
    first, cut = iter_games((one + "\n" + one[:-40]).encode())
    assert isinstance(first, GameLog)
    assert isinstance(cut, ReadError) and cut.index == 1 and "not JSON" in cut.message


# --- damaged logs ----------------------------------------------------------------------


def _damaged(change: str) -> str:
    _, tenhou = _pair(GAMES[0])
    log = tenhou["log"]
    if change == "tile":
        log[2][5][3] = 48
    elif change == "call":
        log[0][8][10] = "c375337"      # a chi of 7s with a 7s of its own
    elif change == "order":
        log[3][5][4] = "p121212"       # seat 0 pons a 2m from seat 3 (it came from seat 2)
    elif change == "actor":
        log[1][16][2][0] = 1           # seat 1 wins what seat 3 drew
    elif change == "result":
        log[4][16] = ["流れ", [0, 0, 0, 0]]
    elif change == "deltas":
        log[0][16][1][:2] = [-5950, -3050]   # not in hundreds
    elif change == "fifth":
        log[0][4][:5] = [11] * 5       # seat 0 dealt five 1m
    elif change == "dealt":
        log[1][7][12] = 48             # seat 1 dealt no tile
    elif change == "red":
        log[0][4][0] = log[0][10][0] = 51   # seats 0 and 2 each dealt the red 5m
    return json.dumps(tenhou, ensure_ascii=False)


@pytest.mark.parametrize(("change", "message"), [
    ("tile", r"E3 honba 0: seat 0's take 3 48 is no tile code"),
    ("call", r"E1 honba 0: seat 1 calls a chi with 37, which its hand does not hold"),
    ("order", r"E4 honba 0: the seats' lists do not fit one order of turns"),
    ("actor", r"E2 honba 0: the seats' lists do not fit one order of turns.*result"),
    ("result", r"S1 honba 0: the result '流れ' is neither"),
    ("deltas", r"E1 honba 0: a win's deltas is a tuple of int points in multiples of 100"),
    ("fifth", r"E1 honba 0: a dealt tile 11 would be a fifth 11"),
    ("dealt", r"E2 honba 0: seat 1's dealt tile 48 is no tile code"),
    ("red", r"E1 honba 0: a dealt tile is a second red 51"),
])
def test_damaged_logs_name_the_place(change: str, message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        parse_tenhou6(_damaged(change))


@pytest.mark.parametrize("cut", [1, 100, 3000, 6000])
def test_truncated_json(cut: int) -> None:
    text = (DATA / f"{GAMES[0]}.json").read_text(encoding="utf-8")
    with pytest.raises(InvalidLogError, match=r"not JSON: .* at line 1 column \d+"):
        parse_tenhou6(text[:cut])


@pytest.mark.parametrize(("text", "message"), [
    ("[1, 2]", "a JSON object"),
    ('{"name": ["a"]}', "no log list"),
    ('{"log": [[1, 2]]}', "round 1: a round is a list of 17 elements"),
    ('{"log": [], "rule": {"disp": "三般南喰赤"}, "name": ["a", "b", "c", "d"]}',
     "fourth name of a three-player game"),
    ('{"log": [], "name": ["a", "b"]}', "four names"),
    ('{"log": [], "name": ["a", "b", "c", "d"], "dan": ["x", "y", "z", "w"]}', "ranks"),
    ('{"log": [], "sc": [1, 2]}', "sc is four pairs"),
])
def test_damaged_objects(text: str, message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        parse_tenhou6(text)


@pytest.mark.parametrize("version", ["1e400", '"inf"', '"2.3 beta"'])
def test_a_version_that_is_not_a_number_is_the_log_s_error(version: str) -> None:
    _, tenhou = _pair(GAMES[0])
    text = json.dumps(tenhou, ensure_ascii=False).replace('"ver": 2.3', f'"ver": {version}')
    assert f'"ver": {version}' in text
    with pytest.raises(InvalidLogError, match=r"version \(ver\) is a number such as 2.3"):
        parse_tenhou6(text)


# --- the quick path and the checking path ------------------------------------------------


def _real_documents() -> list[str]:
    """Real games (rare rounds, kans, double ron, three-player kita and rinshan) as
    tenhou.net/6 JSON, and Tenhou's own JSON of two games."""
    texts = [*documents(DATA / "rare_rounds.mjlog"), *documents(DATA / "sanma_games.mjlog"),
             *((DATA / f"{name}.mjlog").read_text(encoding="utf-8")
               for name in ("tenhou_3p_kita_minkan", "tenhou_4p_four_kans",
                            "tenhou_4p_kans_nine_terminals", "tenhou_4p_pao_old_format"))]
    out = []
    for text in texts:
        game = parse_mjlog(text)
        out.append(write_tenhou6(replay_game(game, strict=False), source=game))
    return out + [json.dumps(_pair(name)[1], ensure_ascii=False) for name in GAMES]


REAL_JSON = _real_documents()


def _rounds(text: str) -> tuple[list[Any], bool, int]:
    data = json.loads(text)
    rule_type = tenhou6._rule_type(data.get("rule", {}), data["log"])
    return data["log"], not rule_type & 0x02, 3 if rule_type & 0x10 else 4


def _both_paths(raw: Any, number: int, red: bool, players: int) -> None:
    """The quick path reads a round as the checking path does, or leaves it to it."""
    quick = tenhou6._quick_round(raw, number, red, players)
    try:
        checked = tenhou6._checked_round(raw, number, red, players)
    except InvalidLogError:
        assert quick is None
    else:
        assert quick is None or quick == checked


@pytest.mark.parametrize("number", range(len(REAL_JSON)))
def test_the_quick_path_reads_every_real_round_as_the_checking_path(number: int) -> None:
    """Every round of the real games (kans, kita, rinshan, chankan, double ron, nine
    terminals, nagashi mangan among them) is read the quick way, equal to the checking
    path's reading."""
    rounds, red, players = _rounds(REAL_JSON[number])
    for at, raw in enumerate(rounds, 1):
        quick = tenhou6._quick_round(raw, at, red, players)
        assert quick is not None, at
        assert quick == tenhou6._checked_round(raw, at, red, players)


@settings(max_examples=12, deadline=None)
@given(game_records())
def test_the_quick_path_reads_engine_games_as_the_checking_path(record: GameRecord) -> None:
    rounds, red, players = _rounds(write_tenhou6(record))
    for at, raw in enumerate(rounds, 1):
        quick = tenhou6._quick_round(raw, at, red, players)
        assert quick is not None and quick == tenhou6._checked_round(raw, at, red, players)


_ODD_ITEMS: list[Any] = [False, True, 0, 60, 256, -11, 11.0, None, "11", [11]]
"""JSON values that are no item of a seat's list, or not of every list: ``false`` is 0
(a discard's placeholder) and ``true`` 1 to Python's ``bytes``."""


def _mutations(raw: list[Any]) -> list[list[Any]]:
    """A round changed in each of the ways a damaged log may be: an item of a seat's
    lists dropped, doubled, moved to the next seat, or replaced by another code, a call
    string, a kan string or a value of another type (in the dealt tiles too)."""
    out = []
    for seat in range(4):
        for column in (4, 5, 6):
            items = raw[4 + 3 * seat + column - 4]
            for at in range(0, len(items), 3):
                for change in (3, 6) if column == 4 else range(7):
                    copy = json.loads(json.dumps(raw))
                    mine = copy[4 + 3 * seat + column - 4]
                    other = copy[4 + 3 * ((seat + 1) % 4) + column - 4]
                    if change == 6:
                        mine[at] = _ODD_ITEMS[(at // 3 + seat + column) % len(_ODD_ITEMS)]
                    elif change == 0:
                        del mine[at]
                    elif change == 1:
                        mine.insert(at, mine[at])
                    elif change == 2:
                        other.insert(min(at, len(other)), mine.pop(at))
                    elif change == 3:
                        mine[at] = 60 if column == 6 else 11 + (at * 7) % 37
                    elif change == 4:
                        mine[at] = "p" + "11" * 3 if column == 5 else "r60"
                    else:
                        mine[at] = "111111a11" if column == 6 else "m11111111"
                    out.append(copy)
    return out


@pytest.mark.parametrize("number", [0, len(REAL_JSON) - 1, len(REAL_JSON) - 2])
def test_damaged_rounds_read_or_refused_as_the_checking_path_does(number: int) -> None:
    """Rounds of real games damaged many ways: the quick path reads each as the checking
    path does, or leaves it to the checking path (whose error ``parse_tenhou6`` raises)."""
    rounds, red, players = _rounds(REAL_JSON[number])
    for at, raw in enumerate(rounds[:3], 1):
        for damaged in _mutations(raw):
            _both_paths(damaged, at, red, players)


def test_a_damaged_round_is_refused_as_the_checking_path_refuses_it() -> None:
    data = json.loads(REAL_JSON[-1])
    data["log"][0][5].insert(3, data["log"][0][5][3])   # seat 0 draws a tile twice
    text = json.dumps(data, ensure_ascii=False)
    with pytest.raises(InvalidLogError) as quick:
        parse_tenhou6(text)
    with pytest.raises(InvalidLogError) as checked:
        tenhou6._checked_round(data["log"][0], 1, True, 4)
    assert str(quick.value) == str(checked.value)


def test_a_false_in_place_of_a_placeholder_is_refused() -> None:
    """``false`` is 0 to Python's ``bytes``: in place of an open kan's placeholder 0 the
    quick path leaves the round to the checking path, which refuses it."""
    placed = [(number, at, seat, rounds[at][6 + 3 * seat].index(0))
              for number in range(len(REAL_JSON))
              for rounds, _, _ in [_rounds(REAL_JSON[number])]
              for at in range(len(rounds)) for seat in range(4)
              if 0 in rounds[at][6 + 3 * seat]]
    assert placed   # an open kan in the real games
    for number, at, seat, index in placed:
        rounds, red, players = _rounds(REAL_JSON[number])
        assert tenhou6._quick_round(rounds[at], at + 1, red, players) is not None
        rounds[at][6 + 3 * seat][index] = False
        assert tenhou6._quick_round(rounds[at], at + 1, red, players) is None
        with pytest.raises(InvalidLogError, match=r"discard .* is a tile code"):
            tenhou6._checked_round(rounds[at], at + 1, red, players)
