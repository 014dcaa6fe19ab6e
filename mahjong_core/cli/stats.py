"""``python -m mahjong_core stats``: per-player and corpus statistics over game logs.

Every game of the inputs is played through the table engine and summed up per player
(by name) and over the corpus; ``--json`` prints the sums as one JSON object (see
docs/stats.md), without it a readable table.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..formats.game_log import GameLog
from ..stats import CorpusStats, GameFilter, stats_of
from ._batch import Output
from ._corpus import add_inputs, each_game, replayed

__all__ = ["game_stats", "main"]

_EXAMPLES = """examples:
  python -m mahjong_core stats logs/
  python -m mahjong_core stats --json logs/ more.mjlog.gz > stats.json
  python -m mahjong_core stats --player NoName --players 4 --lobby 0 logs/

A folder is read with everything under it. A game that cannot be read or replayed is
named on standard error and counted in "errors"; the exit status is then 1."""


def game_stats(game: GameLog, only: GameFilter | None = None) -> CorpusStats:
    """One game's counts, the players named as its log names them; an empty CorpusStats
    for a game ``only`` does not accept.

    Raises InvalidLogError or IllegalActionError for a game the engine cannot replay.
    """
    if only is not None and not only.accepts(game):
        return CorpusStats()
    return stats_of(*replayed(game))


def main(argv: list[str]) -> int:
    """Sum up every game of the inputs; exit status 1 when any game was an error."""
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core stats",
        description="Statistics over game logs (mjlog, tenhou.net/6 JSON or mjai, plain "
                    "or gzip; folders read recursively), every game played through the "
                    "table engine: per player games, placements, win, tsumo, deal-in, "
                    "riichi and call rates, average win and deal-in; over the corpus "
                    "yaku and draws.",
        epilog=_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_inputs(parser)
    parser.add_argument("--json", action="store_true",
                        help="one JSON object (see docs/stats.md) instead of the table")
    parser.add_argument("--player", action="append", default=[], metavar="NAME",
                        help="only games NAME sat in, and only NAME's line (repeatable)")
    parser.add_argument("--players", type=int, choices=(3, 4),
                        help="only games of this many players")
    parser.add_argument("--lobby", type=int, metavar="N",
                        help="only games of this lobby (0: the public lobby)")
    args = parser.parse_args(argv)
    if args.lobby is not None and args.lobby < 0:
        parser.error("--lobby is a number from 0")
    only = GameFilter(players=args.players, lobby=args.lobby, names=frozenset(args.player))
    total = CorpusStats()
    for answer in each_game(args.inputs or ["-"], lambda _, game: game_stats(game, only)):
        if answer.error is not None:
            answer.report()
            total.merge(CorpusStats.failed())
        elif answer.value is not None:
            total.merge(answer.value)
    if args.player:
        total = total.only(args.player)
    output = Output()
    text = (json.dumps(total.to_json(), ensure_ascii=False, separators=(", ", ": "))
            if args.json else total.table())
    output.write(text, error=total.errors > 0)
    output.flush()
    return output.status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
