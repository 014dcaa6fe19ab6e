"""``python -m mahjong_core stats``: per-player and corpus statistics over game logs.

Every game of the inputs is played through the table engine and summed up per player
(by name) and over the corpus; ``--json`` prints the sums as one JSON object (see
docs/stats.md), without it a readable table.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys

from ..formats.corpus import GameSource, ReadError
from ..formats.game_log import GameLog
from ..parallel import Backend, Folded, fold_in_order
from ..stats import CorpusStats, GameFilter, stats_of
from ._batch import Output
from ._corpus import (
    Corpus,
    ProgressBar,
    add_corpus_options,
    add_inputs,
    corpus_paths,
    open_backend,
    read_game,
    replayed,
)

__all__ = ["game_stats", "main"]

_EXAMPLES = """examples:
  python -m mahjong_core stats logs/
  python -m mahjong_core stats --json logs/ more.mjlog.gz > stats.json
  python -m mahjong_core stats --player NoName --players 4 --lobby 0 logs/
  python -m mahjong_core stats --jobs 2 logs/
  python -m mahjong_core stats --scheduler tcp://10.0.0.5:8786 --json logs/

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


def _item_stats(item: GameSource | ReadError, only: GameFilter | None = None) -> CorpusStats:
    """``game_stats`` of one piece of the input (what the workers run)."""
    return game_stats(read_game(item), only)


def _sum_games(corpus: Corpus, only: GameFilter, backend: Backend, bar: ProgressBar
               ) -> CorpusStats:
    """Every game's counts, summed where they ran; each error named and counted."""

    def told(part: Folded[CorpusStats]) -> None:
        rounds = 0 if part.value is None else part.value.rounds
        bar.add(rounds, len(part.errors), games=part.count + len(part.errors))

    folded = fold_in_order(functools.partial(_item_stats, only=only), corpus.games(),
                           CorpusStats.merge, backend, progress=told)
    bar.close()
    total = CorpusStats() if folded.value is None else folded.value
    for number, error in folded.errors:
        corpus.report(number, error)
        total.merge(CorpusStats.failed())
    return total


def main(argv: list[str]) -> int:
    """Sum up every game of the inputs; exit status 1 when any game was an error."""
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core stats",
        description="Statistics over game logs (mjlog, tenhou.net/6 JSON or mjai; plain, "
                    "gzip, bzip2, zip or tar; folders read recursively), every game "
                    "played through the table engine: per player games, placements, win, "
                    "tsumo, deal-in, riichi and call rates, average win and deal-in; over "
                    "the corpus yaku and draws.",
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
    add_corpus_options(parser, "count")
    args = parser.parse_args(argv)
    if args.lobby is not None and args.lobby < 0:
        parser.error("--lobby is a number from 0")
    only = GameFilter(players=args.players, lobby=args.lobby, names=frozenset(args.player))
    inputs = args.inputs or ["-"]
    with (open_backend(parser, args) as backend,
          ProgressBar(corpus_paths(inputs), args.quiet) as bar):
        total = _sum_games(Corpus(inputs, bar), only, backend, bar)
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
