"""A game loop around the table engine: deal, ask who must act, let that player choose, apply.

The engine (``mahjong_core.table``) is the referee: it deals the walls, lists what each
seat may do, settles calls, scores every win and carries scores, honba and riichi sticks
from round to round. The players (``mahjong_core.players``) see only their own seat's
``Observation`` and answer with one of its legal actions. This script prints one line a
round and the final standing; ``python -m mahjong_core demo`` prints every call, riichi
and win of the same games.

Run: ``python examples/game_loop.py --hands 8 --seed 1`` (``--random`` seats random
players at seats 1-3).
"""

from __future__ import annotations

import argparse
import sys

from mahjong_core import Tile
from mahjong_core.players import HeuristicPlayer, Player, RandomPlayer
from mahjong_core.table import Game, Round, Win


def play(seed: int, hands: int | None, players: list[Player]) -> Game:
    """Play a seeded game to its end (or for ``hands`` rounds), printing each round."""
    game = Game(seed=seed)
    while not game.is_over and (hands is None or len(game.rounds) < hands):
        game_round = game.deal()
        while not game_round.is_over:
            seat = game_round.to_act[0]
            action = players[seat].choose(game_round.observe(seat))
            game.apply(action)  # raises IllegalActionError for an illegal choice
        print(describe(game_round))
    return game


def describe(game_round: Round) -> str:
    """One line: the round, how it ended, the scores after it."""
    parts = []
    for result in game_round.results:
        if isinstance(result, Win):
            how = "tsumo" if result.is_tsumo else f"ron on P{result.from_seat}"
            tile = Tile.from_id136(result.win_tile)
            parts.append(f"P{result.winner} {how} with {tile}, {result.result.han} han "
                         f"{result.result.fu} fu, {result.result.points} points")
        else:
            tenpai = ", tenpai " + " ".join(f"P{s}" for s in result.tenpai) \
                if result.tenpai else ""
            parts.append(f"{result.kind.value.replace('_', ' ')} draw{tenpai}")
    scores = " ".join(str(s) for s in game_round.scores)
    return (f"{game_round.name} honba {game_round.honba}: {'; '.join(parts)} "
            f"-> {scores} (sticks {game_round.sticks})")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="A seeded game through the table engine.")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--hands", type=int, default=None, help="stop after this many")
    parser.add_argument("--random", action="store_true", help="random players at seats 1-3")
    args = parser.parse_args(argv)
    players: list[Player] = [HeuristicPlayer()]
    players += [RandomPlayer(args.seed * 4 + s) if args.random else HeuristicPlayer()
                for s in (1, 2, 3)]
    game = play(args.seed, args.hands, players)
    record = game.record()
    print(f"game over ({game.end_reason})" if game.is_over
          else f"stopped after {len(record.rounds)} rounds")
    order = sorted(range(4), key=lambda s: (-record.final_scores[s], s))
    for place, seat in enumerate(order, start=1):
        print(f"  {place}. P{seat} {record.final_scores[seat]} ({record.points[seat]:+.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
