"""play_game: whole games between players, their records' names, placements and points."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_core.arena import default_rules, play_game, player_name
from mahjong_core.errors import IllegalActionError, InvalidContextError
from mahjong_core.players import HeuristicPlayer, Player, RandomPlayer
from mahjong_core.table import (
    TENHOU_EAST_TABLE,
    TENHOU_SANMA_TABLE,
    Action,
    Game,
    GameLength,
    Observation,
    Pass,
)


def place_of(scores: tuple[int, ...], seat: int) -> int:
    """Tenhou's place, counted: the seats ahead are those with more points, or as many
    and an earlier seat."""
    return 1 + sum(1 for other, score in enumerate(scores)
                   if score > scores[seat] or (score == scores[seat] and other < seat))


@given(st.lists(st.integers(-50000, 100000).map(lambda n: n - n % 100), min_size=3,
                max_size=4))
def test_placements_follow_scores_and_seat_order_for_ties(scores: list[int]) -> None:
    record = attrs.evolve(Game().record(), final_scores=tuple(scores))
    assert record.placements == tuple(place_of(tuple(scores), s) for s in range(len(scores)))


def test_a_game_between_named_players() -> None:
    players: list[Player] = [HeuristicPlayer(), RandomPlayer(1), HeuristicPlayer(),
                             RandomPlayer(2)]
    record = play_game(players, seed=3, table=TENHOU_EAST_TABLE)
    assert record.end_reason is not None
    assert record.names == ("HeuristicPlayer", "RandomPlayer", "HeuristicPlayer",
                            "RandomPlayer")
    assert sorted(record.placements) == [1, 2, 3, 4]
    assert sum(record.points) == 0
    best = record.placements.index(1)
    assert record.final_scores[best] == max(record.final_scores)
    again = play_game([HeuristicPlayer(), RandomPlayer(1), HeuristicPlayer(), RandomPlayer(2)],
                      seed=3, table=TENHOU_EAST_TABLE)
    assert again == record


def test_three_players_get_the_three_player_game() -> None:
    record = play_game([RandomPlayer(s) for s in range(3)], seed=2, hands=2,
                       names=["a", "b", "c"])
    assert record.table == TENHOU_SANMA_TABLE and record.rules.players == 3
    assert record.names == ("a", "b", "c") and len(record.rounds) == 2
    assert sorted(record.placements) == [1, 2, 3]


class Named:
    name = "mine"

    def choose(self, observation: Observation) -> Action:
        return observation.legal_actions[0]


class Cheat:
    def choose(self, observation: Observation) -> Action:
        return Pass(observation.seat)


def test_names_come_from_the_players() -> None:
    assert player_name(Named()) == "mine" and player_name(Cheat()) == "Cheat"


def test_an_illegal_choice_names_the_seat_and_player() -> None:
    with pytest.raises(IllegalActionError, match=r"seat 0 \(Cheat\)"):
        play_game([Cheat(), Named(), Named(), Named()], seed=1)


@pytest.mark.parametrize("bad", [
    {"players": [Named()] * 2}, {"players": [Named()] * 4, "names": ["a"]},
    {"players": [Named()] * 4, "names": "abcd"}, {"players": [Named()] * 4, "hands": 0},
    {"players": [Named()] * 3, "table": TENHOU_EAST_TABLE}, {"players": "abcd"},
])
def test_bad_games_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(InvalidContextError):
        play_game(**bad)  # type: ignore[arg-type]


def test_default_rules_fit_the_player_count() -> None:
    rules, table = default_rules(4, table=TENHOU_EAST_TABLE)
    assert rules.players == 4 and table.length is GameLength.EAST
    with pytest.raises(InvalidContextError):
        default_rules(5)
