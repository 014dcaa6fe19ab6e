"""A bot of one's own, written from the README alone, measured against the library's.

``Greedy`` wins whenever it may, otherwise throws the tile the hand's own advice puts
first (the lowest shanten, then the most tiles that improve it), and never calls. This
script seats it against three ``HeuristicPlayer``s in a duplicate match (every wall
played once per rotation of the players through the seats) and prints the summary.

Run: ``python examples/greedy_bot.py --games 8`` (``--jobs 2`` on two processes);
``python -m mahjong_core mjai-bot --player greedy_bot:Greedy`` (with ``examples`` on
``PYTHONPATH``) puts it at any mjai table.
"""

from __future__ import annotations

import argparse
import sys

from mahjong_core.match import run_match
from mahjong_core.table import TENHOU_EAST_TABLE, Action, Observation


class Greedy:
    """Wins when it can, else throws what the hand's advice puts first; never calls."""

    name = "greedy"

    def choose(self, observation: Observation) -> Action:
        """The win, the advised discard, or a pass."""
        win = observation.win()
        if win is not None:
            return win
        if observation.is_turn:
            _, action = observation.discard_options()[0]
            return action
        return observation.legal_actions.parse("pass")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Greedy against three heuristic players.")
    parser.add_argument("--games", type=int, default=8, help="a multiple of 4 (default 8)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--hands", type=int, default=None, help="stop each game after these")
    args = parser.parse_args(argv)
    result = run_match(["greedy_bot:Greedy", "heuristic", "heuristic", "heuristic"],
                       games=args.games, seed=args.seed, duplicate=True, jobs=args.jobs,
                       table=TENHOU_EAST_TABLE, hands=args.hands)
    print(result.table())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
