"""``python -m mahjong_core mjai-bot``: one of the library's players (or one's own) as an
mjai bot process, reading events on standard input and answering on standard output."""

from __future__ import annotations

import argparse
import sys

from ..errors import MahjongError
from ..match import make_player
from ..mjai_bot import serve
from ..players import Player
from ..rules import TENHOU_RULES, Rules

__all__ = ["main"]

_EPILOG = """Each input line is a JSON array of mjai events (or one event); start_game
carries the bot's seat as "id". Every line gets one answer line: the bot's action on the
last event, or {"type":"none"}. See docs/bots.md.

examples:
  python -m mahjong_core mjai-bot
  python -m mahjong_core mjai-bot --player mybot:Bot"""


def main(argv: list[str]) -> int:
    """Serve standard input until it ends."""
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core mjai-bot", epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="A player as an mjai bot (the protocol of mjai.app bots).")
    parser.add_argument("--player", default="heuristic",
                        help="heuristic (default), random or module:Class")
    parser.add_argument("--seed", type=int, default=0, help="a random player's seed")
    args = parser.parse_args(argv)
    if args.player.startswith("mjai:"):
        parser.error("--player names a player of this library or of one's own, not an "
                     "mjai program")
    try:
        make_player(args.player, rules=TENHOU_RULES)
    except MahjongError as error:
        print(f"mjai-bot: {error}", file=sys.stderr)
        return 2

    def player_for(rules: Rules) -> Player:
        return make_player(args.player, rules=rules, seed=args.seed)

    return serve(player_for)
