"""The JSON Schemas of docs/ (replay, demo, match, stats, analyze): the commands' real
answers meet them (real Tenhou games replayed, games played by the engine, matches, hands),
the documented examples meet them, and answers with a key renamed, dropped or of the wrong
kind do not (so every check can fail)."""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import TENHOU_SANMA_RULES, Tile, Yaku
from mahjong_core.cli import analyze as analyze_command
from mahjong_core.cli import demo as demo_command
from mahjong_core.cli.replay import answer
from mahjong_core.match import run_match
from mahjong_core.table import TENHOU_EAST_TABLE, TENHOU_SANMA_TABLE, RiichiAccepted

from .support import json_schema, view_games

ROOT = Path(__file__).parent.parent
DOCS = ROOT / "docs"
COMMANDS = ("replay", "demo", "match", "stats", "analyze")


def schema(command: str) -> dict[str, Any]:
    """The schema of a command's JSON answer."""
    loaded: dict[str, Any] = json.loads((DOCS / f"{command}.schema.json").read_text("utf-8"))
    return loaded


def check(document: object, command: str, definition: str | None = None) -> list[str]:
    """The ways ``document`` breaks the command's schema (or one of its ``$defs``)."""
    root = schema(command)
    return json_schema.errors(document, root if definition is None else root["$defs"][definition],
                              root)


def _subschemas(node: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """A schema and every schema inside it."""
    yield node
    for keyword in ("properties", "$defs"):
        for inner in node.get(keyword, {}).values():
            yield from _subschemas(inner)
    for keyword in ("items", "additionalProperties", "propertyNames"):
        if isinstance(node.get(keyword), Mapping):
            yield from _subschemas(node[keyword])
    for keyword in ("oneOf", "anyOf"):
        for inner in node.get(keyword, ()):
            yield from _subschemas(inner)


@pytest.mark.parametrize("command", COMMANDS)
def test_each_schema_is_draft_2020_12_and_uses_only_what_the_validator_knows(
        command: str) -> None:
    root = schema(command)
    assert root["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert root["$id"] == f"urn:mahjong-core:{command}-json"
    found = list(_subschemas(root))
    assert len(found) > 10
    for node in found:
        json_schema.errors(None, node, root)  # raises on an unknown keyword or $ref


def test_the_yaku_names_are_the_score_interfaces_everywhere() -> None:
    names = json.loads((DOCS / "score.schema.json").read_text("utf-8"))["$defs"]["yaku_name"]
    for command in ("replay", "demo", "stats"):
        assert schema(command)["$defs"]["yaku_name"] == names
    page = (DOCS / "vocabulary.md").read_text("utf-8")
    listed = re.search(r"### Yaku names\n\n(.*?)\n\n", page, re.DOTALL)
    assert listed is not None
    words = re.findall(r"[a-z_0-9]+", re.sub(r"\(.*?\)|yakuman:", "", listed.group(1),
                                             flags=re.DOTALL))
    assert words == names["enum"] == [yaku.json_name for yaku in Yaku]


# -- replay -----------------------------------------------------------------------------------


def _replay_answers() -> list[dict[str, Any]]:
    answers = []
    for number, name in enumerate(view_games.REAL_GAMES):
        line, ok = answer(number, view_games.document(name))
        assert ok, line
        answers.append(json.loads(line))
    return answers


REPLAY = _replay_answers()


def test_replayed_real_games_meet_the_replay_schema() -> None:
    results = [r for game in REPLAY for played in game["rounds"] for r in played["results"]]
    assert len(REPLAY) >= 20 and len(results) >= 200
    assert {r["type"] for r in results if r["kind"] == "draw"} >= {
        "exhaustive", "nine_terminals", "four_kans", "nagashi_mangan"}
    assert any(r["kind"] == "win" and r["pao"] is not None for r in results)
    assert any(len(played["results"]) == 2 for game in REPLAY for played in game["rounds"])
    assert any(len(game["final"]["scores"]) == 3 for game in REPLAY)
    for game in REPLAY:
        assert check(game, "replay") == [], game["game"]


def test_replay_error_lines_and_the_documented_answer_meet_the_schema() -> None:
    line, ok = answer(7, "<mjloggm ver=\"2.3\"><GO type=\"169\"/></mjloggm>")
    assert not ok and check(json.loads(line), "replay") == []
    text = (DOCS / "replay.md").read_text("utf-8")
    shown = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.DOTALL)]
    assert len(shown) == 2
    for document in shown:
        assert check(document, "replay") == []


# -- demo and the game record as a dict -------------------------------------------------------


def _demo_json(*args: str) -> dict[str, Any]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert demo_command.main(["--json", *args]) == 0
    loaded: dict[str, Any] = json.loads(out.getvalue())
    return loaded


DEMO = [_demo_json("--seed", "1"), _demo_json("--seed", "3", "--hands", "2"),
        _demo_json("--seed", "2", "--players", "3")]


def test_the_demos_games_meet_the_demo_schema() -> None:
    assert DEMO[1]["final"]["end_reason"] is None and DEMO[0]["final"]["end_reason"]
    for document in DEMO:
        assert check(document, "demo") == []
        game = {k: v for k, v in document.items() if k != "seed"}
        assert check(game, "demo", "game") == []


@pytest.mark.parametrize("name", view_games.REAL_GAMES)
def test_real_games_as_dicts_meet_the_game_schema(name: str) -> None:
    """Every real game replayed, written as a game dict (names, pao, double rons, nagashi
    mangan, kans, three players)."""
    record = view_games.record(name)
    game = demo_command.game_json(record)
    assert check(game, "demo", "game") == []
    for written, played in zip(game["rounds"], record.rounds, strict=True):
        sticks = [sum(1 for e in played.events if isinstance(e, RiichiAccepted) and e.seat == s)
                  for s in range(len(played.start_scores))]
        assert written["riichi_deposits"] == [record.table.riichi_cost * n for n in sticks]


def test_a_game_dict_keeps_replays_words() -> None:
    """Where replay and a game dict say the same thing, they use the same keys and values."""
    for number, name in enumerate(view_games.REAL_GAMES[:6]):
        game = demo_command.game_json(view_games.record(name))
        replayed = REPLAY[number]
        assert [{k: played[k] for k in replayed_round}
                | {"results": [{k: r[k] for k in rr} for r, rr in zip(
                    played["results"], replayed_round["results"], strict=True)]}
                for played, replayed_round in zip(game["rounds"], replayed["rounds"],
                                                  strict=True)] == replayed["rounds"]
        assert {k: game["final"][k] for k in replayed["final"]} == replayed["final"]


# -- match, stats, analyze ------------------------------------------------------------------


def test_a_matchs_json_meets_the_match_schema() -> None:
    four = run_match(["heuristic", "random", "random", "random"], games=4, seed=2,
                     table=TENHOU_EAST_TABLE, hands=2).to_json()
    three = run_match(["heuristic", "random", "random"], games=3, seed=1, duplicate=True,
                      rules=TENHOU_SANMA_RULES, table=TENHOU_SANMA_TABLE, hands=1).to_json()
    bad = run_match(["heuristic", "random", "random", "tests.test_schemas:Broken"], games=1,
                    table=TENHOU_EAST_TABLE, hands=1).to_json()
    assert bad["errors"]
    for document in (four, three, bad):
        assert check(document, "match") == []


class Broken:
    """A player that fails at its first decision."""

    def choose(self, observation: object) -> object:
        raise RuntimeError("broken on purpose")


PLAYER = "Aさん"
STATS = {"games": 2, "rounds": 19, "errors": 1,
         "players": {PLAYER: {"games": 2, "rounds": 19, "placements": [1, 1, 0, 0],
                             "wins": 5, "tsumo": 2, "deal_ins": 1, "riichi": 3,
                             "win_points": 25300}},
         "yaku": {"riichi": 3, "menzen_tsumo": 2, "hatsu": 1}}


def test_a_stats_answer_meets_the_stats_schema() -> None:
    assert check(STATS, "stats") == []


def test_the_stats_commands_answer_meets_the_stats_schema(tmp_path: Path) -> None:
    stats_command = pytest.importorskip("mahjong_core.cli.stats")
    path = tmp_path / "games.mjlog"
    path.write_text("\n".join(view_games.document(name) for name in view_games.REAL_GAMES[:9]),
                    encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        stats_command.main([str(path), "--json"])
    document = json.loads(out.getvalue())
    assert document["games"] == 9 and check(document, "stats") == []


def _hands(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    wall = [str(Tile(k)) for k in range(34) for _ in range(4)]
    hands = ["1112345678999m", "19m19p19s1234567z", "119m19p19s1234567z", "11122233344455m",
             "123m55p789s pon:777z:7z:toimen ankan:1111s", "22334455667788p", "1z"]
    for number in range(count):
        rng.shuffle(wall)
        hands.append("".join(sorted(wall[:13 + number % 2])))
    return hands


def test_analyzed_hands_meet_the_analyze_schema() -> None:
    answers = [analyze_command.analyze_text(hand) for hand in _hands(60, 4)]
    assert sum("error" in a for a in answers) == 1
    assert any(a.get("complete") for a in answers) and any(a.get("waits") for a in answers)
    for document in answers:
        assert check(document, "analyze") == [], document


# -- a key renamed, dropped or of the wrong kind is refused ----------------------------------


def _mutations(document: Any, path: tuple[str | int, ...] = ()
               ) -> Iterator[tuple[str, Any]]:
    """Copies of ``document`` with one change each, named: every key of every object
    renamed, and given a value of another kind (a number for a string, else a string)."""
    if isinstance(document, dict):
        for key in document:
            where = "/".join(map(str, (*path, key)))
            yield f"rename {where}", _replace(document, key, rename=True)
            yield f"retype {where}", {**document, key: 7 if isinstance(document[key], str)
                                      else "?"}
            for label, changed in _mutations(document[key], (*path, key)):
                yield label, {**document, key: changed}
    elif isinstance(document, list) and document:
        for label, changed in _mutations(document[0], (*path, 0)):
            yield label, [changed, *document[1:]]


def _replace(document: dict[str, Any], key: str, *, rename: bool) -> dict[str, Any]:
    """The object with ``key`` renamed (a plural made singular or the other way round: the
    slip most easily made) or, without ``rename``, dropped."""
    out = dict(document)
    value = out.pop(key)
    if rename:
        out[key + "s" if not key.endswith("s") else key[:-1]] = value
    return out


def _a_round_of_each_kind(document: dict[str, Any]) -> dict[str, Any]:
    """The game cut to a round won and a round drawn (fewer, quicker mutations)."""
    won = next(r for r in document["rounds"] if r["results"][0]["kind"] == "win")
    drawn = next(r for r in document["rounds"] if r["results"][0]["kind"] == "draw")
    return {**document, "rounds": [won, drawn]}


@pytest.mark.parametrize(("command", "document"), [
    ("replay", _a_round_of_each_kind(REPLAY[0])),
    ("demo", _a_round_of_each_kind(DEMO[0])),
    ("stats", STATS),
    ("analyze", analyze_command.analyze_text("1112345678999m")),
    ("analyze", analyze_command.analyze_text("11122233344455m")),
], ids=["replay", "demo", "stats", "analyze-13", "analyze-14"])
def test_every_key_renamed_or_of_the_wrong_kind_is_refused(command: str, document: Any
                                                            ) -> None:
    assert check(document, command) == []
    tried = 0
    for label, changed in _mutations(document):
        if label == f"rename players/{PLAYER}":
            continue  # a player's name is any name
        assert check(changed, command) != [], label
        tried += 1
    assert tried >= 20


def test_a_match_with_a_key_renamed_is_refused() -> None:
    document = run_match(["heuristic", "random", "random", "random"], games=1,
                         table=TENHOU_EAST_TABLE, hands=1).to_json()
    players: list[dict[str, Any]] = document["players"]  # type: ignore[assignment]
    for key in players[0]:
        renamed = [_replace(players[0], key, rename=True), *players[1:]]
        assert check({**document, "players": renamed}, "match") != [], key
    for new, old in (("rounds", "hands"), ("placement_points", "points")):  # the old names
        assert check({**document, "players": [
            {(old if k == new else k): v for k, v in players[0].items()}]}, "match") != []


def test_the_vocabularys_example_is_what_the_demo_prints_and_meets_the_schema() -> None:
    text = (DOCS / "vocabulary.md").read_text("utf-8")
    (shown,) = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.DOTALL)]
    assert shown == _demo_json("--seed", "4", "--hands", "2")
    assert check(shown, "demo") == []
