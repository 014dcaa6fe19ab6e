"""``python -m mahjong_core chinitsu``: every one-suit tenpai or winning shape, one a line
(see ``mahjong_core.chinitsu``); a count summary goes to standard error."""

from __future__ import annotations

import argparse
import os
import sys

from ..chinitsu import TENPAI_SIZES, WIN_SIZES, summary, tenpai_shapes, winning_shapes

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core chinitsu",
        description="Print every one-suit tenpai shape as 'counts,waits,number of waits,"
                    "tiles' (the digital paishiki notation), in ascending order of the "
                    "counts; a summary goes to standard error.",
        epilog="example: python -m mahjong_core chinitsu --tiles 13 | grep ',9,13$'")
    parser.add_argument("--tiles", type=int, metavar="N", default=None,
                        help="tiles in the shape: 1, 4, 7, 10 or 13 (default 13); "
                             "with --wins 2, 5, 8, 11 or 14 (default 14)")
    parser.add_argument("--wins", action="store_true",
                        help="print the winning shapes as 'counts,tiles' instead")
    return parser


def main(argv: list[str]) -> int:
    """Entry point of ``python -m mahjong_core chinitsu``; exit status 2 on a usage error."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        sizes = WIN_SIZES if args.wins else TENPAI_SIZES
        tiles = sizes[-1] if args.tiles is None else args.tiles
        if tiles not in sizes:
            what = "winning" if args.wins else "tenpai"
            parser.error(f"argument --tiles: a {what} shape has "
                         f"{', '.join(map(str, sizes[:-1]))} or {sizes[-1]} tiles, not {tiles}")
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    shapes = winning_shapes(tiles) if args.wins else tenpai_shapes(tiles)
    out = sys.stdout
    try:
        out.write("".join(shape.line() + "\n" for shape in shapes))
        out.flush()
    except BrokenPipeError:  # piped into head: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
        return 0
    print(summary(shapes, tiles, args.wins), file=sys.stderr)
    return 0
