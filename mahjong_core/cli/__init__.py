"""The command line: ``python -m mahjong_core COMMAND ...``.

Each command lives in its own module with a ``main(argv: list[str]) -> int``; this module
only dispatches, so ``--help`` stays cheap and importing one command loads nothing else.
Every command runs inside ``_batch.run_command``: when the reader of its output goes away
(``... | head -1``) it ends quietly, without a traceback, with the exit status it had
reached.
"""

from __future__ import annotations

import gc
import importlib
import sys
from collections.abc import Sequence

from ..errors import quote
from ._batch import run_command

__all__ = ["COMMANDS", "main", "usage", "version"]

COMMANDS: dict[str, tuple[str, str, str]] = {
    "analyze": ("mahjong_core.cli.analyze", "shapes, waits and readings of hands",
                "python -m mahjong_core analyze 1112345678999m"),
    "score": ("mahjong_core.cli.score", "score wins: one JSON object a line in and out",
              "echo '{\"hand\": \"123m456p789s1122z\", \"win_tile\": \"1z\"}' | "
              "python -m mahjong_core score"),
    "chinitsu": ("mahjong_core.cli.chinitsu", "every one-suit tenpai or winning shape",
                 "python -m mahjong_core chinitsu --tiles 13"),
    "replay": ("mahjong_core.cli.replay", "replay recorded games through the table engine",
               "python -m mahjong_core replay game.mjlog"),
    "convert": ("mahjong_core.cli.convert",
                "convert game logs: mjlog, tenhou.net/6 JSON, mjai",
                "python -m mahjong_core convert --to tenhou6 game.mjlog"),
    "export": ("mahjong_core.cli.export", "game logs as tidy tables: CSV, JSON lines, Parquet",
               "python -m mahjong_core export --table wins logs/ -o wins.csv"),
    "stats": ("mahjong_core.cli.stats", "per-player and corpus statistics over game logs",
              "python -m mahjong_core stats logs/"),
    "view": ("mahjong_core.cli.view", "game logs as self-contained HTML replay pages",
             "python -m mahjong_core view game.mjlog -o game.html"),
    "bench": ("mahjong_core.cli.bench", "time this library against installed peers",
              "python -m mahjong_core bench --quick"),
    "demo": ("mahjong_core.cli.demo", "a seeded four-player game, every win scored",
             "python -m mahjong_core demo --hands 8 --seed 1"),
    "match": ("mahjong_core.cli.match", "games between players, summed up per player",
              "python -m mahjong_core match --players heuristic,random,random,random "
              "--games 40"),
    "mjai-bot": ("mahjong_core.cli.mjai_bot", "a player as an mjai bot on stdin/stdout",
                 "python -m mahjong_core mjai-bot --player heuristic"),
}


def version() -> str:
    """The version of the package that runs: ``mahjong_core.__version__``, the
    ``version`` of its pyproject.toml and so of its installed metadata."""
    from .. import __version__

    return __version__


def usage() -> str:
    """The top-level help text."""
    lines = ["usage: python -m mahjong_core COMMAND [ARGS...]",
             "       python -m mahjong_core --version", "", "commands:"]
    for name, (_, summary, _) in COMMANDS.items():
        lines.append(f"  {name:<10}{summary}")
    lines += ["", "examples:"]
    lines += [f"  {example}" for _, _, example in COMMANDS.values()]
    lines += ["", "python -m mahjong_core COMMAND --help shows a command's options."]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; exit status 2 on a usage error. Without ``argv`` it is the program
    (``python -m mahjong_core``): its arguments come from the command line."""
    if argv is None:
        return run_command(lambda args: _dispatch(args, program=True), sys.argv[1:])
    return run_command(_dispatch, list(argv))


def _dispatch(args: list[str], program: bool = False) -> int:
    if not args:
        print(usage(), file=sys.stderr)
        return 2
    if args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    if args[0] in ("-V", "--version"):
        print(f"mahjong_core {version()}")
        return 0
    name, rest = args[0], args[1:]
    if name not in COMMANDS:
        print(f"mahjong_core: unknown command {quote(name)}\n\n{usage()}", file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    if program:  # what the program loaded lives to its end: the collector never walks it
        gc.freeze()  # again (nor at exit, some 5 ms); a caller's own objects are left alone
    try:
        result: int = module.main(rest)
    except SystemExit as stop:  # argparse's --help (0) and usage errors (2)
        if stop.code is None or isinstance(stop.code, int):
            return stop.code or 0
        print(stop.code, file=sys.stderr)
        return 1
    return result
