"""Real Tenhou games played through the table engine, whole and with their outcomes blanked.

``data/real_games.mjlog`` holds nine whole games as the Tenhou server wrote them, one
document a line, from the test data of public repositories: tsubakisakura/mjlog2json
(data/2019103023gm-00a9-0000-f90e0fe9.xml), nissymori/mahjax
(tests/red_mahjong/assets/mjlog/cornercases/2010091009gm-00a9-0000-83af2648&tw=2.mjlog and
encdec-four-winds-no-winner.mjlog), dnovikoff/tenhou (log/test_data/pao.xml) and
mjx-project/mjx (2022060101gm-00a9-0000-4f6762de, 2016052515gm-00a9-0000-c4d72066,
2018040923gm-00a9-0000-1833afca, 2022060101gm-00a9-0000-839435a1,
2022060108gm-00a9-0000-f731fc38). Between them they hold double rons, pao, a chankan,
nagashi mangan, every abortive draw the server records but the triple ron, a west
extension, a dealer stop and busts.

The replay checks every recorded outcome against its own as it goes; these tests also hold
the final standing against the log's ``owari``, and the blanked logs (the deal and the
decisions only) against the whole ones.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_core import MahjongError, Yaku
from mahjong_core.cli.replay import record_json
from mahjong_core.formats.mjlog import parse_mjlog
from mahjong_core.formats.replay import replay_game
from mahjong_core.table import Draw, GameRecord, Win
from tests.support.table_helpers import blank

DATA = Path(__file__).parent / "data" / "real_games.mjlog"
GAMES = DATA.read_text(encoding="utf-8").splitlines()

FEATURES = [
    {"double ron", "nine terminals", "pao", "bust"},
    {"double ron", "chankan", "bust"},
    {"pao", "bust"},
    {"nagashi mangan"},
    {"four kans"},
    {"four riichi"},
    {"four winds"},
    {"west"},
    {"dealer stop"},
]
"""What each game of the file shows, in file order."""


def features(record: GameRecord) -> set[str]:
    """The rules a replayed game went through, read from the engine's record."""
    found: set[str] = set()
    for played in record.rounds:
        wins = [r for r in played.results if isinstance(r, Win)]
        if len(wins) > 1:
            found.add("double ron")
        for win in wins:
            if win.liable is not None:
                found.add("pao")
            if win.result.yaku & Yaku.CHANKAN:
                found.add("chankan")
        for result in played.results:
            if isinstance(result, Draw) and result.kind.value != "exhaustive":
                found.add(result.kind.value.replace("_", " "))
        if played.name.startswith("W"):
            found.add("west")
    if min(record.final_scores) < 0:
        found.add("bust")
    last = record.rounds[-1]
    results = last.results
    if not found & {"bust", "west"} and (
            any(isinstance(r, Win) and r.winner == last.dealer for r in results)
            or any(isinstance(r, Draw) and last.dealer in r.tenpai for r in results)):
        found.add("dealer stop")
    return found


def owari(document: str) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The final scores and points the server recorded (``owari``, in hundreds)."""
    match = re.search(r'owari="([^"]*)"', document)
    assert match is not None
    values = [float(v) for v in match.group(1).split(",")]
    return tuple(round(100 * v) for v in values[0::2]), tuple(values[1::2])


def whole_points(document: str) -> bool:
    return all(p == int(p) for p in owari(document)[1])






@pytest.mark.parametrize("number", range(len(GAMES)))
def test_a_real_game_replays_to_the_recorded_final_standing(number: int) -> None:
    document = GAMES[number]
    record = replay_game(parse_mjlog(document))
    scores, points = owari(document)
    assert record.final_scores == scores
    assert record.points == pytest.approx(points)
    assert features(record) >= FEATURES[number]


def _with_standing(document: str, lobby: str, points: tuple[float, ...]) -> str:
    scores, _ = owari(document)
    standing = ",".join(f"{s // 100},{p}" for s, p in zip(scores, points, strict=True))
    document = re.sub(r'owari="[^"]*"', f'owari="{standing}"', document)
    return re.sub(r'lobby="[^"]*"', f'lobby="{lobby}"', document)


def test_a_private_lobby_s_own_uma_is_taken_from_its_log() -> None:
    """A private lobby sets its own uma, which the log does not state: the final scores
    are checked, the placement points are the log's; in the public lobby they are checked."""
    document = GAMES[0]
    assert 'lobby="0"' in document
    own = (60.0, 10.0, -20.0, -50.0)
    record = replay_game(parse_mjlog(_with_standing(document, "1234", own)))
    assert record.points == own
    assert record.final_scores == owari(document)[0]
    with pytest.raises(MahjongError, match="final standing"):
        replay_game(parse_mjlog(_with_standing(document, "0", own)))
    wrong = re.sub(r'owari="(\d+)', lambda m: f'owari="{int(m.group(1)) + 10}', document)
    with pytest.raises(MahjongError, match="final standing"):
        replay_game(parse_mjlog(_with_standing(wrong, "1234", own)))


@pytest.mark.parametrize("number", range(len(GAMES)))
def test_a_blanked_real_game_gives_the_same_answers(number: int) -> None:
    document = GAMES[number]
    blanked = blank(document)
    assert "owari" not in blanked and ' sc="' not in blanked and ' ten="' in blanked
    whole = record_json(replay_game(parse_mjlog(document)))
    bare = record_json(replay_game(parse_mjlog(blanked), round_points=whole_points(document)))
    assert bare == whole


def test_the_file_covers_every_rule_it_is_kept_for() -> None:
    assert len(GAMES) == len(FEATURES)
    assert set().union(*FEATURES) == {
        "double ron", "pao", "chankan", "nagashi mangan", "nine terminals", "four winds",
        "four riichi", "four kans", "west", "dealer stop", "bust"}


# -- the command line --------------------------------------------------------------------


def replay(tmp_path: Path, documents: list[str], *options: str
           ) -> tuple[int, list[dict[str, object]]]:
    games = tmp_path / "games.mjlog"
    games.write_text("".join(d + "\n" for d in documents), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mahjong_core", "replay", *options, str(games)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()]


def test_replay_answers_one_line_per_game_in_order(tmp_path: Path) -> None:
    status, answers = replay(tmp_path, GAMES)
    assert status == 0
    assert [a["game"] for a in answers] == list(range(len(GAMES)))
    for document, answer in zip(GAMES, answers, strict=True):
        scores, points = owari(document)
        final = answer["final"]
        assert isinstance(final, dict)
        assert tuple(final["scores"]) == scores and tuple(final["points"]) == points
        rounds = answer["rounds"]
        assert isinstance(rounds, list) and len(rounds) == document.count("<INIT")
    status, parallel = replay(tmp_path, GAMES, "--jobs", "2")
    assert status == 0 and parallel == answers


PAO_GAME = GAMES[2]
"""Four rounds: E1 tsumo, E1 honba 1 tsumo, E2 a ron of seat 1 on seat 0, E2 honba 1 pao."""


def damaged() -> list[tuple[str, str]]:
    """Broken copies of the pao game, each with the round its error must name."""
    game = PAO_GAME
    end = game.rindex("</mjloggm>")
    last_round = game[game.rindex("<INIT"):end]
    return [
        (game[:len(game) // 2], "E1 honba 1"),  # cut off in the middle of a tag
        (game[:game.index("<AGARI", game.index('seed="1,0,0'))] + "</mjloggm>",
         "E2 honba 0"),  # the log stops inside a round
        (game.replace("<D105/>", "<D0/>", 1), "E1 honba 0"),  # a tile seat 0 does not hold
        (game.replace('<N who="0" m="40271" />', '<N who="2" m="40271" />', 1),
         "E1 honba 1"),  # a call by a seat that cannot make it
        (game.replace('who="1" fromWho="0"', 'who="3" fromWho="0"', 1),
         "E2 honba 0"),  # a ron by a hand that does not win
        (game[:end] + last_round + "</mjloggm>", "E3 honba 0"),  # on after the game ended
    ]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_damaged_game_is_an_error_naming_its_round_and_the_next_games_go_on(
        tmp_path: Path, jobs: str) -> None:
    broken = damaged()
    documents = [d for document, _ in broken for d in (document, GAMES[6])]
    status, answers = replay(tmp_path, documents, "--jobs", jobs)
    assert status == 1
    assert [a["game"] for a in answers] == list(range(len(documents)))
    for (_, where), error, good in zip(broken, answers[0::2], answers[1::2], strict=True):
        message = error.get("error")
        assert isinstance(message, str) and where in message, (where, message)
        assert "rounds" not in error
        assert "error" not in good and good["final"] == answers[1]["final"]


@pytest.mark.parametrize(("document", "action"), [
    (PAO_GAME.replace('<N who="0" m="40271" />', '<N who="2" m="40271" />', 1), "chi"),
    (PAO_GAME.replace('who="1" fromWho="0"', 'who="3" fromWho="0"', 1), "ron"),
])
def test_a_call_or_ron_the_table_does_not_offer_is_named_in_the_error(document: str,
                                                                        action: str) -> None:
    with pytest.raises(MahjongError, match=rf"(?i)\b{action}\b"):
        replay_game(parse_mjlog(document))
