"""Named rule sets: the registry (``mahjong_core.presets``, which the table package
re-exports), and the same pair by every name through ``score``'s ``"rules"``, and
``--rules PRESET`` on demo, match and replay."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import MAHJONG_SOUL_RULES, NO_RED_FIVES_RULES, TENHOU_RULES, Rules
from mahjong_core.cli import main as cli_main
from mahjong_core.cli import match as match_command
from mahjong_core.cli import replay as replay_command
from mahjong_core.cli.demo import format_game, play_game
from mahjong_core.errors import InvalidRulesError
from mahjong_core.formats.replay import replay_game
from mahjong_core.jsonapi import answer_line, parse_request
from mahjong_core.match import MatchResult, run_match
from mahjong_core.table import (
    MAHJONG_SOUL_TABLE,
    PRESETS,
    TENHOU_EAST_TABLE,
    TENHOU_TABLE,
    GameLength,
    TableRules,
    preset,
)
from tests.support.logs import games as read_games

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize(("name", "rules", "table"), [
    ("tenhou", TENHOU_RULES, TENHOU_TABLE),
    ("tenhou_east", TENHOU_RULES, TENHOU_EAST_TABLE),
    ("tenhou_no_red", NO_RED_FIVES_RULES, TENHOU_TABLE),
    ("mahjong_soul", MAHJONG_SOUL_RULES, MAHJONG_SOUL_TABLE),
])
def test_a_name_gives_its_pair(name: str, rules: Rules, table: TableRules) -> None:
    assert preset(name) == (rules, table)


def test_every_preset_is_a_consistent_pair() -> None:
    for name, entry in PRESETS.items():
        rules, table = preset(name)
        assert rules.players == table.players, name
        assert rules.riichi_stick_points == table.riichi_cost, name
        assert entry.description, name
    assert preset("tenhou_sanma_east")[1] == TableRules(
        players=3, start_score=35000, return_score=40000, uma=(20, 0, -20),
        noten_payment=2000, length=GameLength.EAST)


@pytest.mark.parametrize(("name", "hint"), [
    ("tenhuo", "did you mean 'tenhou'?"), ("Tenhou_East", "did you mean 'tenhou_east'?"),
    ("nothing like it", "known: tenhou, "), (3, "known: tenhou, ")])
def test_an_unknown_name_is_refused_with_the_nearest(name: str, hint: str) -> None:
    with pytest.raises(InvalidRulesError, match="unknown rule set") as caught:
        preset(name)
    assert hint in str(caught.value)


# -- the commands ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", [
    ["demo", "--quiet"], ["match", "--players", "random,random,random,random", "--games", "1"],
    ["replay", str(DATA / "real_games.mjlog")]])
def test_an_unknown_name_is_a_usage_error_with_the_nearest(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main([*command, "--rules", "tenhou_eats"]) == 2
    assert "unknown rule set 'tenhou_eats' (did you mean 'tenhou_east'?)" in (
        capsys.readouterr().err)


def test_demo_plays_the_named_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    rules, table = preset("tenhou_sanma_east")
    game = play_game(4, 3, rules=rules, table=table)
    assert cli_main(["demo", "--rules", "tenhou_sanma_east", "--seed", "4", "--hands", "3"]) == 0
    assert capsys.readouterr().out == format_game(game) + "\n"
    assert cli_main(["demo", "--rules", "tenhou", "--players", "3"]) == 2
    assert "does not fit the rule set 'tenhou' (4 players)" in capsys.readouterr().err


def test_match_plays_the_named_rule_set(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    specs = ["heuristic", "random", "random", "random"]
    played: list[tuple[object, object]] = []

    def spy(*args: Any, **kwargs: Any) -> MatchResult:
        played.append((kwargs["rules"], kwargs["table"]))
        return run_match(*args, **kwargs)

    monkeypatch.setattr(match_command, "run_match", spy)
    args = ["match", "--players", ",".join(specs), "--games", "2", "--hands", "2", "--json",
            "--quiet"]
    assert cli_main([*args, "--rules", "tenhou_no_red"]) == 0
    rules, table = preset("tenhou_no_red")
    assert played == [(rules, table)]
    printed = json.loads(capsys.readouterr().out)
    assert printed == run_match(specs, games=2, hands=2, rules=rules, table=table).to_json()
    assert cli_main([*args, "--rules", "tenhou_east", "--length", "east_south"]) == 0
    assert played[-1] == (TENHOU_RULES, TENHOU_TABLE)   # --length over the rule set's
    assert cli_main(args) == 0
    assert played[-1] == (TENHOU_RULES, TENHOU_TABLE)   # Tenhou's by default


def test_replay_keeps_what_the_log_states_under_a_named_rule_set(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = DATA / "real_games.mjlog"
    games = read_games(path.read_bytes())
    assert cli_main(["replay", str(path), "--rules", "tenhou_no_red"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == len(games)
    for line, game in zip(lines, games, strict=True):
        record = replay_game(game, base=preset("tenhou_no_red"))
        assert record.rules.red_fives is game.red_fives   # the log's own rule
        assert line["final"]["scores"] == list(record.final_scores)
    assert cli_main(["replay", str(path), "--rules", "tenhou_sanma"]) == 1
    assert "the game has 4 players, the rules are for 3" in capsys.readouterr().out


def test_one_registry_holds_every_name() -> None:
    """The package root, the table package and the presets module give one registry."""
    import mahjong_core
    import mahjong_core.presets
    import mahjong_core.table
    assert mahjong_core.PRESETS is mahjong_core.table.PRESETS is mahjong_core.presets.PRESETS
    assert {"tenhou", "tenhou_east", "tenhou_sanma", "tenhou_sanma_east", "tenhou_no_red",
            "mahjong_soul", "mahjong_soul_east", "wrc", "ema", "mleague", "jpml_a",
            "jpml_b"} == set(PRESETS)


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_score_command_reads_each_names_hand_rules(name: str) -> None:
    rules, _ = preset(name)
    request = {"hand": "123m456p789s1122z", "win_tile": "1z", "rules": name}
    if rules.players == 3:
        request["hand"] = "111m456p789s1122z"
    assert parse_request(request)[3] == rules


@pytest.mark.parametrize("name", list(PRESETS))
def test_match_and_demo_play_each_name_by_its_pair(
        name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    rules, table = preset(name)
    played: list[tuple[object, object]] = []

    def spy(*args: Any, **kwargs: Any) -> MatchResult:
        played.append((kwargs["rules"], kwargs["table"]))
        return run_match(*args, **kwargs)

    monkeypatch.setattr(match_command, "run_match", spy)
    seats = ",".join(["random"] * table.players)
    assert cli_main(["match", "--players", seats, "--games", "1", "--hands", "1", "--json",
                     "--quiet", "--rules", name]) == 0
    assert played == [(rules, table)]
    capsys.readouterr()
    assert cli_main(["demo", "--rules", name, "--seed", "2", "--hands", "1"]) == 0
    assert capsys.readouterr().out == format_game(play_game(2, 1, rules=rules, table=table)) + "\n"


@pytest.mark.parametrize("name", [name for name, p in PRESETS.items() if p.table.players == 4])
def test_replay_replays_under_each_names_pair(
        name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    bases: list[object] = []

    def spy(game: Any, base: Any = None) -> Any:
        bases.append(base)
        return replay_game(game, base=base)

    monkeypatch.setattr(replay_command, "replay_game", spy)
    cli_main(["replay", str(DATA / "real_games.mjlog"), "--rules", name])
    capsys.readouterr()
    assert bases and all(base == preset(name) for base in bases)


def test_the_score_schema_names_every_rule_set() -> None:
    schema = json.loads((Path(__file__).parents[1] / "docs" / "score.schema.json").read_text(
        encoding="utf-8"))
    found: list[object] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("rules"), dict) and "anyOf" in node["rules"]:
                found.append(node["rules"]["anyOf"][0]["enum"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    assert found and all(named == list(PRESETS) for named in found)


def test_the_score_command_plays_a_rule_set_without_ippatsu() -> None:
    """``"rules": "jpml_a"`` refuses an ippatsu (an error line, the batch goes on), where
    ``"jpml_b"`` scores it."""
    request = {"hand": "234m567p23456s88p", "win_tile": "7s", "riichi": True, "ippatsu": True,
               "seat_wind": "S"}
    line, error = answer_line({**request, "rules": "jpml_a"})
    assert error and "ippatsu is not played" in json.loads(line)["error"]
    line, error = answer_line({**request, "rules": "jpml_b"})
    assert not error and "ippatsu" in json.loads(line)["yaku"]
