"""Statistics over games: the engine's counts against the server's own records, sums in
any grouping, filters, the readable table and the ``stats`` command."""

from __future__ import annotations

import doctest
import gzip
import itertools
import json
import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core import MahjongError
from mahjong_core.cli import main as cli_main
from mahjong_core.cli.stats import game_stats
from mahjong_core.formats.game_log import GameLog
from mahjong_core.formats.mjlog import parse_mjlog
from mahjong_core.formats.replay import replay_game
from mahjong_core.stats import CorpusStats, GameFilter, PlayerStats, stats_of, sum_stats
from mahjong_core.table import Game
from tests.support.log_tally import read_game, stats_json

DATA = Path(__file__).parent / "data"
FILES = ["real_games.mjlog", "rare_rounds.mjlog", "sanma_games.mjlog",
         "tenhou_3p_kita_minkan.mjlog", "tenhou_4p_four_kans.mjlog",
         "tenhou_4p_kans_nine_terminals.mjlog", "tenhou_4p_pao_old_format.mjlog",
         "2019021004gm-00a9-0000-e2f6516d.mjlog"]


def documents(name: str) -> list[str]:
    return [line for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line]


ALL = [doc for name in FILES for doc in documents(name)]
PARSED = [parse_mjlog(doc) for doc in ALL]
PER_GAME = [game_stats(game) for game in PARSED]


def test_the_data_holds_what_the_counts_must_meet() -> None:
    """Three- and four-player games, double rons, abortive draws, nagashi mangan, a
    player's reconnection (a second UN tag), yakuman."""
    logged = [read_game(doc) for doc in ALL]
    assert {game.players for game in logged} == {3, 4}
    assert any(len({w.round for w in g.wins}) < len(g.wins) for g in logged)
    draws = sum((g.draws for g in logged), start=type(logged[0].draws)())
    assert {"nine_terminals", "four_winds", "four_riichi", "four_kans",
            "nagashi_mangan", "exhaustive"} <= set(draws)
    assert any(doc.count("<UN n0=") > 1 for doc in ALL)
    assert any(w.yaku & {"daisangen", "suuankou", "kokushi", "tsuuiisou"}
               for g in logged for w in g.wins)


@pytest.mark.parametrize("name", FILES)
def test_each_file_counts_as_its_log_records(name: str) -> None:
    docs = documents(name)
    got = sum_stats(game_stats(parse_mjlog(doc)) for doc in docs).to_json()
    assert got == stats_json(read_game(doc) for doc in docs)


def test_the_corpus_counts_as_the_logs_record() -> None:
    total = sum_stats(PER_GAME)
    logged = [read_game(doc) for doc in ALL]
    assert total.to_json() == stats_json(logged)
    draws: dict[str, int] = {}
    for game in logged:
        for kind, count in game.draws.items():
            draws[kind] = draws.get(kind, 0) + count
    assert total.draws == draws
    assert total.wins == sum(len(game.wins) for game in logged)


def test_calls_and_deal_in_points_as_the_logs_record() -> None:
    """The figures beyond the JSON answer: rounds with a call, points dealt in."""
    total = sum_stats(PER_GAME)
    calls: dict[str, int] = {}
    dealt: dict[str, int] = {}
    for game in map(read_game, ALL):
        for seat, name in enumerate(game.names):
            calls[name] = calls.get(name, 0) + game.calls[seat]
        for win in game.wins:
            if win.from_seat != win.winner:
                name = game.names[win.from_seat]
                dealt[name] = dealt.get(name, 0) + win.points
    assert {name: p.calls for name, p in total.players.items()} == calls
    assert {name: p.deal_in_points for name, p in total.players.items() if name in dealt} == (
        dealt)


@settings(max_examples=30, deadline=None)
@given(st.permutations(range(len(PER_GAME))), st.lists(st.integers(0, len(PER_GAME)),
                                                       max_size=6))
def test_a_sum_is_the_same_in_any_order_and_grouping(order: list[int], cuts: list[int]
                                                      ) -> None:
    shuffled = [PER_GAME[i] for i in order]
    bounds = [0, *sorted(cuts), len(shuffled)]
    parts = [sum_stats(shuffled[a:b]) for a, b in itertools.pairwise(bounds)]
    whole = sum_stats(PER_GAME)
    grouped = sum_stats(parts)
    assert grouped == whole
    assert json.dumps(grouped.to_json()) == json.dumps(whole.to_json())


def test_adding_leaves_both_sides_as_they_were() -> None:
    a, b = PER_GAME[0], PER_GAME[1]
    before = (pickle.dumps(a), pickle.dumps(b))
    total = a + b
    assert (pickle.dumps(a), pickle.dumps(b)) == before
    assert total.games == 2 and total is not a
    copy = a.copy()
    copy.merge(b)
    assert copy == total and a != total


def test_stats_pickle_whole() -> None:
    total = sum_stats(PER_GAME)
    assert pickle.loads(pickle.dumps(total)) == total


def test_a_failed_game_counts_as_an_error_only() -> None:
    total = PER_GAME[0] + CorpusStats.failed()
    assert (total.errors, total.games) == (1, 1)
    assert total.to_json()["errors"] == 1


def test_placements_of_three_and_four_players_add_up() -> None:
    three = PlayerStats(games=1, placements=(0, 0, 1))
    four = PlayerStats(games=1, placements=(0, 1, 0, 0))
    assert (three + four).placements == (three + four).placements == (0, 1, 1, 0)
    assert (three + four).average_place == 2.5
    assert PlayerStats().average_place is None


def test_the_json_answer_is_sorted() -> None:
    answer = sum_stats(PER_GAME).to_json()
    players = answer["players"]
    yaku = answer["yaku"]
    assert isinstance(players, dict) and isinstance(yaku, dict)
    assert list(players) == sorted(players)
    assert list(yaku.values()) == sorted(yaku.values(), reverse=True)
    assert list(answer) == ["games", "rounds", "errors", "players", "yaku"]
    assert all(list(p) == ["games", "rounds", "placements", "wins", "tsumo", "deal_ins",
                           "riichi", "win_points"] for p in players.values())


def test_names_default_to_the_records_then_to_seats() -> None:
    record = Game().record()
    assert sorted(stats_of(record).players) == ["seat 0", "seat 1", "seat 2", "seat 3"]
    same = stats_of(record, names=["A", "A", "B", "C"])
    assert same.players["A"].games == 2 and same.players["A"].placements == (1, 1, 0, 0)


@pytest.mark.parametrize("names", [["A"], "ABCD", ["A", "B", "C", 4]])
def test_names_that_are_not_one_a_seat_are_refused(names: object) -> None:
    with pytest.raises(MahjongError, match="names are one str"):
        stats_of(Game().record(), names=names)  # type: ignore[arg-type]


def test_merge_refuses_other_values() -> None:
    with pytest.raises(MahjongError, match="merges another"):
        CorpusStats().merge(3)  # type: ignore[arg-type]


def _players_and_lobby(game: GameLog) -> tuple[int, int | None]:
    return game.players_count, game.lobby


@pytest.mark.parametrize("only", [GameFilter(players=3), GameFilter(players=4),
                                  GameFilter(lobby=0), GameFilter(players=4, lobby=0)])
def test_a_filter_keeps_the_games_of_its_rules(only: GameFilter) -> None:
    kept = [g for g in PARSED if (only.players in (None, g.players_count)
                                  and only.lobby in (None, g.lobby))]
    assert 0 < len(kept) < len(PARSED)
    total = sum_stats(game_stats(game, only) for game in PARSED)
    assert total == sum_stats(game_stats(game) for game in kept)


def test_a_filter_by_name_keeps_the_games_that_name_sat_in() -> None:
    name = PARSED[0].players[1].name
    only = GameFilter(names=frozenset({name}))
    total = sum_stats(game_stats(game, only) for game in PARSED)
    assert total.games == sum(1 for g in PARSED if name in {p.name for p in g.players}) >= 1
    assert total.only([name]).players == {name: total.players[name]}


@pytest.mark.parametrize("fields", [{"players": 2}, {"lobby": -1}, {"lobby": "0"},
                                    {"names": {"a"}}])
def test_bad_filters_are_refused(fields: dict[str, object]) -> None:
    with pytest.raises(MahjongError, match="filter"):
        GameFilter(**fields)  # type: ignore[arg-type]


def test_the_table_shows_each_rate() -> None:
    stats = CorpusStats(games=4, rounds=40, wins=10, draws={"exhaustive": 3},
                        yaku={"riichi": 5, "pinfu": 2},
                        players={"Ann": PlayerStats(4, 40, (1, 1, 1, 1), 10, 4, 5, 8, 12,
                                                    60000, 20000)})
    lines = stats.table().splitlines()
    assert lines[:2] == ["4 games, 40 rounds, 0 errors", "10 wins, 3 draws (exhaustive 3)"]
    assert lines[4].split() == ["Ann", "4", "40", "1", "1", "1", "1", "2.50", "25.0", "40.0",
                                "12.5", "20.0", "30.0", "6000", "4000"]
    assert lines[-2].split() == ["riichi", "5", "50.0"]


def _corpus(folder: Path) -> Path:
    """The test games as a folder of plain and gzipped files, some in a subfolder, and one
    damaged game."""
    (folder / "sub").mkdir()
    for i, doc in enumerate(ALL):
        path = folder / ("sub" if i % 3 == 0 else "") / f"{i:03d}.mjlog"
        if i % 2:
            path.with_suffix(".mjlog.gz").write_bytes(gzip.compress(doc.encode()))
        else:
            path.write_text(doc, encoding="utf-8")
    return folder


def test_the_command_counts_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    assert cli_main(["stats", "--json", str(_corpus(tmp_path))]) == 0
    assert json.loads(capsys.readouterr().out) == stats_json(map(read_game, ALL))


def test_the_command_names_a_bad_game_and_counts_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = _corpus(tmp_path)
    (corpus / "zz_bad.mjlog").write_text(ALL[0][:len(ALL[0]) // 2], encoding="utf-8")
    assert cli_main(["stats", "--json", str(corpus)]) == 1
    captured = capsys.readouterr()
    answer = json.loads(captured.out)
    assert (answer["errors"], answer["games"]) == (1, len(ALL))
    # a folder's own files are read before its subfolders' (docs/stats.md)
    root_files = sum(1 for i in range(len(ALL)) if i % 3)
    assert captured.err.startswith(f"game {root_files} (")
    assert "zz_bad.mjlog): " in captured.err and "malformed tag" in captured.err


def test_the_command_filters_and_prints_a_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = _corpus(tmp_path)
    assert cli_main(["stats", "--players", "3", str(corpus)]) == 0
    out = capsys.readouterr().out
    three = sum(1 for g in PARSED if g.players_count == 3)
    assert out.startswith(f"{three} games, ")
    name = PARSED[0].players[2].name
    assert cli_main(["stats", "--json", "--player", name, str(corpus)]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert list(answer["players"]) == [name]


def test_a_replayed_record_counts_as_the_command() -> None:
    """The library's ``stats_of`` over an engine record with the log's names is what the
    command counts."""
    game = PARSED[0]
    record = replay_game(game)
    assert stats_of(record, [p.name for p in game.players]) == PER_GAME[0]


def test_the_docs_examples_run() -> None:
    path = Path(__file__).parent.parent / "docs" / "stats.md"
    result = doctest.testfile(str(path), module_relative=False,
                              optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 4 and result.failed == 0


def _answer_where(corpus: Path, capsys: pytest.CaptureFixture[str], *where: str
                  ) -> tuple[int, str, str]:
    status = cli_main(["stats", "--json", "--quiet", *where, str(corpus)])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _with_bad_games(folder: Path) -> Path:
    corpus = _corpus(folder)
    (corpus / "sub" / "zz_bad.mjlog").write_text(ALL[0][:len(ALL[0]) // 2], encoding="utf-8")
    (corpus / "0_empty.mjlog").write_text("", encoding="utf-8")
    return corpus


def test_the_command_counts_the_same_on_two_processes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = _with_bad_games(tmp_path)
    here = _answer_where(corpus, capsys)
    assert here[0] == 1 and json.loads(here[1])["errors"] == 2
    assert here[2].count("\ngame ") == 1 and "zz_bad.mjlog): " in here[2]
    assert _answer_where(corpus, capsys, "--jobs", "2") == here


def test_the_command_counts_the_same_on_a_dask_cluster(
        cluster: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = _with_bad_games(tmp_path)
    here = _answer_where(corpus, capsys)
    assert here[0] == 1 and json.loads(here[1])["games"] == len(ALL)
    assert _answer_where(corpus, capsys, "--scheduler", cluster) == here


def test_a_name_with_control_characters_keeps_the_table_one_line_a_player() -> None:
    """A log's name may hold a line break or a tab (URL-encoded in mjlog): the table
    shows it escaped, so its line stays one line and the columns stay aligned."""
    names = ["a\nb", "c\td", "\x1b[2Jx", "ふつう"]
    table = stats_of(Game().record(), names=names).table()
    lines = table.splitlines()
    head = lines.index(next(line for line in lines if line.startswith("player")))
    rows = lines[head + 1:head + 5]
    assert sorted(row.split("  ")[0].strip() for row in rows) == sorted(
        ["a\\nb", "c\\td", "\\x1b[2Jx", "ふつう"])
    assert "\x1b" not in table and "\t" not in table
    assert len({len(row) + sum(ord(c) > 0x3000 for c in row) for row in rows}) == 1
