"""Consumer code for the players and the demo's loop, type-checked by ``mypy --strict``
and never run.

A player of one's own is anything with ``choose(observation) -> Action``; the checks pin
that the shipped players are ``Player``-s, what they and ``play_game`` return, and the
misuse mypy must reject.
"""

from __future__ import annotations

from typing import assert_type

from mahjong_core import arena
from mahjong_core.cli.demo import PlayedGame, Stats, play_game, summarize
from mahjong_core.match import MatchResult, run_match
from mahjong_core.mjai_player import MjaiPlayer
from mahjong_core.players import HeuristicPlayer, Player, RandomPlayer
from mahjong_core.table import Action, Discard, Game, GameRecord, Observation, Pass


class FirstLegal:
    """A player of one's own: the first legal action, always."""

    def choose(self, observation: Observation) -> Action:
        return observation.legal_actions[0]


class AlwaysPass:
    """A player too (a poor one): returning only ``Pass`` still returns an ``Action``."""

    def choose(self, observation: Observation) -> Pass:
        return Pass(observation.seat)


class Mute:
    """Not a player: it answers nothing."""

    def choose(self, observation: Observation) -> None:
        return None


def players_are_players(observation: Observation) -> None:
    players: list[Player] = [HeuristicPlayer(), RandomPlayer(seed=1), FirstLegal(),
                             AlwaysPass()]
    assert_type(players[0].choose(observation), Action)
    assert_type(HeuristicPlayer().choose(observation), Action)
    assert_type(RandomPlayer().choose(observation), Action)
    bad: Player = Mute()  # type: ignore[assignment]
    del bad
    RandomPlayer(seed="one")  # type: ignore[arg-type]
    HeuristicPlayer().choose(Game().deal())  # type: ignore[arg-type]


def the_loop(players: list[Player]) -> None:
    game = Game(seed=1)
    while not game.is_over:
        game_round = game.deal()
        while not game_round.is_over:
            seat = game_round.to_act[0]
            action = players[seat].choose(game_round.observe(seat))
            if isinstance(action, Discard):
                assert_type(action.riichi, bool)
            game.apply(action)
    assert_type(game.record(), GameRecord)


def the_demo(players: list[Player]) -> None:
    game = play_game(1, hands=8, players=players)
    assert_type(game, PlayedGame)
    assert_type(game.record, GameRecord)
    assert_type(game.sticks_left, int)
    assert_type(game.standings()[0], tuple[int, int, float])
    assert_type(summarize([game.record]), Stats)
    assert_type(summarize([game.record]).average_points, float)
    play_game("1")  # type: ignore[arg-type]


def a_game_and_a_match(players: list[Player]) -> None:
    record = arena.play_game(players, seed=1)
    assert_type(record, GameRecord)
    assert_type(record.placements, tuple[int, ...])
    assert_type(record.names, tuple[str, ...])
    result = run_match(["heuristic", "random", "random", "random"], games=4, seed=1)
    assert_type(result, MatchResult)
    assert_type(result.players[0].average_placement.ci, float)
    assert_type(result.to_json(), dict[str, object])
    with MjaiPlayer("python bot.py") as bot:
        assert_type(bot.incidents, list[str])
    arena.play_game(players, seed="1")  # type: ignore[arg-type]
    run_match(["heuristic"] * 4, games="4")  # type: ignore[arg-type]
