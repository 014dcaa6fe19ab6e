"""``python -m mahjong_core match``: seeded games between players, summed up per player."""

from __future__ import annotations

import argparse
import json
import sys

import attrs

from ..errors import InvalidRulesError, MahjongError
from ..match import run_match
from ..table import PRESETS, GameLength, preset

__all__ = ["main"]

_EPILOG = """players: heuristic, random (the library's), module:Class (a class of one's own,
called with no arguments) or mjai:COMMAND (an mjai bot program, started once per game).

examples:
  python -m mahjong_core match --players heuristic,random,random,random --games 40
  python -m mahjong_core match --players mybot:Bot,heuristic,heuristic,heuristic \\
      --games 400 --duplicate --jobs 2 --json

The result is the same for any --jobs with one --seed; see docs/match.md."""


def _progress(done: int, total: int) -> None:
    end = "\n" if done == total else ""
    print(f"\rmatch: {done}/{total} games", end=end, file=sys.stderr, flush=True)


def main(argv: list[str]) -> int:
    """Run a match and print its table (or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core match", epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Seeded games between three or four players; per player: places, "
                    "average place, placement points, win, deal-in and riichi rates and "
                    "average win, each mean with a 95 %% confidence interval.")
    parser.add_argument("--players", required=True,
                        help="three or four players, comma-separated, one a seat")
    parser.add_argument("--games", type=int, required=True, help="games to play")
    parser.add_argument("--seed", type=int, default=0, help="the match's seed (default 0)")
    parser.add_argument("--duplicate", action="store_true",
                        help="play each wall once per rotation of the players through the "
                             "seats (--games a multiple of the players)")
    parser.add_argument("--jobs", type=int, default=1, help="local processes (default 1)")
    parser.add_argument("--rules", metavar="PRESET", default=None,
                        help=f"a named rule set ({', '.join(PRESETS)}; default tenhou, or "
                             "tenhou_sanma for three players)")
    parser.add_argument("--length", choices=[g.value for g in GameLength], default=None,
                        help="east-only or east-south games (default: the rule set's, "
                             "east_south)")
    parser.add_argument("--hands", type=int, default=None,
                        help="stop each game after this many hands")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quiet", action="store_true", help="no progress line")
    args = parser.parse_args(argv)
    specs = [s.strip() for s in args.players.split(",")]
    default = "tenhou_sanma" if len(specs) == 3 else "tenhou"
    try:
        rules, table = preset(default if args.rules is None else args.rules)
    except InvalidRulesError as error:
        parser.error(str(error))
    if args.length is not None:
        table = attrs.evolve(table, length=GameLength(args.length))
    try:
        result = run_match(specs, games=args.games, seed=args.seed, duplicate=args.duplicate,
                           jobs=args.jobs, rules=rules, table=table, hands=args.hands,
                           progress=None if args.quiet else _progress)
    except MahjongError as error:
        print(f"match: {error}", file=sys.stderr)
        return 2
    for line in (*result.incidents, *result.errors):
        print(f"match: {line}", file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_json(), separators=(",", ":")))
    else:
        print(result.table())
    return 1 if result.errors else 0
