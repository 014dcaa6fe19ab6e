"""Matches: seeded, the same on any number of processes, every place taken once a game,
duplicate seating, per-player summaries checked against the games' own records."""

from __future__ import annotations

import json
import statistics
from collections import Counter

import attrs
import pytest

from mahjong_core.arena import play_game
from mahjong_core.cli import main as cli_main
from mahjong_core.errors import InvalidContextError
from mahjong_core.match import Estimate, run_match
from mahjong_core.parallel import derive_seed
from mahjong_core.players import HeuristicPlayer, RandomPlayer
from mahjong_core.table import TENHOU_EAST_TABLE, Action, Observation

SHORT = {"table": TENHOU_EAST_TABLE, "hands": 2}
"""Games of two hands keep the tests fast."""


class FirstLegal:
    """A player of the tests' own: always the first legal action."""

    def choose(self, observation: Observation) -> Action:
        return observation.legal_actions[0]


SPECS = ["heuristic", "random", "tests.test_match:FirstLegal", "random"]


def test_the_same_match_on_one_or_two_processes() -> None:
    one = run_match(SPECS, games=8, seed=5, **SHORT)  # type: ignore[arg-type]
    two = run_match(SPECS, games=8, seed=5, jobs=2, **SHORT)  # type: ignore[arg-type]
    assert one == two
    assert one.to_json() == two.to_json()
    assert run_match(SPECS, games=8, seed=6, **SHORT) != one  # type: ignore[arg-type]


def test_every_place_once_a_game_and_points_sum_to_zero() -> None:
    result = run_match(SPECS, games=8, seed=2, **SHORT)  # type: ignore[arg-type]
    assert len(result.summaries) == 8 and not result.errors
    for game in result.summaries:
        assert sorted(seat.place for seat in game.seats) == [1, 2, 3, 4]
        assert sum(seat.placement_points for seat in game.seats) == pytest.approx(0)
        assert Counter(seat.name for seat in game.seats) == Counter(SPECS)
    assert [p.name for p in result.players] == ["heuristic", "random",
                                                "tests.test_match:FirstLegal"]
    assert sum(p.placement_points for p in result.players) == pytest.approx(0)
    assert [p.games for p in result.players] == [8, 16, 8]
    assert [sum(p.placements) for p in result.players] == [8, 16, 8]


def test_a_summary_is_its_games_counted_again() -> None:
    result = run_match(SPECS, games=4, seed=9, **SHORT)  # type: ignore[arg-type]
    heuristic = result.players[0]
    seats = [s for g in result.summaries for s in g.seats if s.name == "heuristic"]
    places = [s.place for s in seats]
    assert heuristic.average_placement.mean == statistics.fmean(places)
    assert heuristic.average_placement.ci == pytest.approx(
        1.96 * statistics.stdev(places) / 2)
    rounds = sum(s.rounds for s in seats)
    assert heuristic.win_rate.mean == pytest.approx(sum(s.wins for s in seats) / rounds)
    # the first game again, by hand: seated as given, seeded from (seed, 0)
    seed = derive_seed(9, 0)
    record = play_game([HeuristicPlayer(), RandomPlayer(derive_seed(seed, 1)), FirstLegal(),
                        RandomPlayer(derive_seed(seed, 3))], seed=seed,
                       **SHORT)  # type: ignore[arg-type]
    first = result.summaries[0]
    assert record.placements == tuple(s.place for s in first.seats)
    assert record.points == tuple(s.placement_points for s in first.seats)


def test_duplicate_plays_each_wall_in_every_rotation() -> None:
    specs = ["heuristic", "random", "random", "tests.test_match:FirstLegal"]
    result = run_match(specs, games=8, seed=1, duplicate=True, **SHORT)  # type: ignore[arg-type]
    sets: dict[int, list[tuple[str, ...]]] = {}
    for game in result.summaries:
        sets.setdefault(game.wall_set, []).append(tuple(s.name for s in game.seats))
    assert sorted(sets) == [0, 1]
    for seatings in sets.values():
        for seat in range(4):
            assert Counter(s[seat] for s in seatings) == Counter(specs)
    with pytest.raises(InvalidContextError, match="multiple of 4"):
        run_match(specs, games=6, duplicate=True)


def test_three_players() -> None:
    result = run_match(["random", "random", "tests.test_match:FirstLegal"], games=3, seed=1,
                       hands=2)
    assert all(sorted(s.place for s in g.seats) == [1, 2, 3] for g in result.summaries)
    assert [len(p.placements) for p in result.players] == [3, 3]


@pytest.mark.parametrize("specs", [
    ["heuristic"] * 2, ["nobody"] * 4, ["no_such_module:X"] * 4,
    ["tests.test_match:Nothing"] * 4, ["tests.test_match:SHORT"] * 4, "heuristic",
])
def test_bad_players_are_refused_before_any_game(specs: list[str]) -> None:
    with pytest.raises(InvalidContextError):
        run_match(specs, games=1)


@pytest.mark.parametrize("bad", [{"games": 0}, {"games": 1, "seed": "1"},
                                 {"games": 1, "jobs": 0}])
def test_bad_settings_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(InvalidContextError):
        run_match(SPECS, **bad)  # type: ignore[arg-type]


def test_estimates() -> None:
    assert Estimate.of([]) == Estimate(0.0, 0.0) and Estimate.of([2.0]) == Estimate(2.0, 0.0)
    assert Estimate.of([1.0, 3.0]).ci == pytest.approx(1.96 * 2 ** 0.5 / 2 ** 0.5)


def test_the_command_prints_the_apis_json_and_a_table(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    args = ["match", "--players", ",".join(SPECS), "--games", "4", "--seed", "3",
            "--length", "east", "--hands", "2"]
    assert cli_main([*args, "--json", "--quiet"]) == 0
    printed = json.loads(capsys.readouterr().out)
    expected = run_match(SPECS, games=4, seed=3, **SHORT).to_json()  # type: ignore[arg-type]
    assert printed == expected
    assert {"games", "players"} <= printed.keys()
    assert {"name", "games", "rounds", "placements", "average_placement",
            "placement_points"} <= printed[
        "players"][0].keys()
    assert cli_main(args) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0].split()[:3] == ["player", "games", "places"]
    assert "heuristic" in out and "4/4 games" in err
    assert cli_main(["match", "--players", "a,b", "--games", "1"]) == 2
    assert attrs.has(type(run_match(SPECS, games=1, hands=1)))
