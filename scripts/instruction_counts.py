#!/usr/bin/env python3
"""Machine instructions the library's common calls cost, counted by valgrind's callgrind.

Unlike a timing, an instruction count hardly changes with the machine's load, so two
versions of the library can be compared on a busy machine: run it from each checkout's
root, or point ``--tree`` at another checkout (``git worktree add /tmp/old REV``).

    python scripts/instruction_counts.py --games games.jsonl
    python scripts/instruction_counts.py --games games.jsonl --tree /tmp/old
    python scripts/instruction_counts.py --games games.jsonl --only-games --format mjai

Each figure is a child interpreter's count with the measured work less the count of the
same child without it (start-up, data preparation): ``evaluate`` on fresh hands and again
on the same hands (warm), the ``score`` command per request line (the requests made by this
checkout's bench, whatever tree is measured) and its start-up, and reading and replaying
the first 40 mjlog games of a file of game records (one JSON object a line with an
``"mjlog"`` key), as mjlog or written by this checkout in another format. Needs valgrind;
bytecode is cached in a folder of its own, written by an uncounted run of each child first.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

EVALUATE = """
import sys
from mahjong_core import Hand, Tile, WinContext, evaluate, tiles_from_ids136
from mahjong_core.cli.bench import _evaluate_deals
deals = _evaluate_deals(2000, 2027)
made = [(Hand.from_ids136(h), Tile.from_id136(w), WinContext(
    riichi=True, dora_indicators=tiles_from_ids136(d), ura_indicators=tiles_from_ids136(u)))
    for h, w, d, u in deals]
for _ in range(int(sys.argv[1])):
    for hand, win, context in made:
        evaluate(hand, win, context)
"""

REQUESTS = """
import json, sys
from mahjong_core.cli.bench import score_requests
with open(sys.argv[1], "w") as out:
    out.writelines(json.dumps(r) + "\\n" for r in score_requests(1000, 2031))
"""

PREPARE = """
import json, sys
import mahjong_core.formats as formats
with open(sys.argv[1]) as lines:
    texts = [json.loads(line)["mjlog"] for line, _ in zip(lines, range(40))]
if sys.argv[3] != "mjlog":
    fmt = formats.LogFormat(sys.argv[3])
    converted = []
    for text in texts:
        game = formats.parse_mjlog(text)
        try:  # another era's or lobby's final points are the log's (strict=False)
            record = formats.replay_game(game, round_points=False, strict=False)
        except ValueError:  # kept out of the other formats
            continue
        converted.append(formats.write_game(record, fmt, source=game))
    texts = converted
with open(sys.argv[2], "w") as out:
    out.writelines(json.dumps(text) + "\\n" for text in texts)
"""

GAMES = """
import json, sys
import mahjong_core.formats as formats
with open(sys.argv[1]) as lines:
    texts = [json.loads(line) for line in lines]
if sys.argv[2] != "none":
    fmt = formats.LogFormat(sys.argv[3])
    games = [formats.parse_game(text, fmt) for text in texts]
    if sys.argv[2] == "replay":
        for game in games:
            try:  # another era's or lobby's final points are the log's (strict=False)
                formats.replay_game(game, round_points=False, strict=False)
            except ValueError:
                pass
    print(sum(len(game.rounds) for game in games))
"""


def count(argv: list[str], env: dict[str, str], stdin: str | None = None,
          keep: str | None = None) -> tuple[int, str]:
    """Instructions of one child run (and its standard output), in an empty folder so that
    the library comes from ``PYTHONPATH`` alone; ``keep`` names a file for the callgrind
    output (for ``callgrind_annotate``)."""
    with tempfile.TemporaryDirectory() as folder:
        out_file = keep or os.path.join(folder, "callgrind.out")
        with open(stdin or os.devnull, "rb") as source:
            done = subprocess.run(["valgrind", "--tool=callgrind",
                                   f"--callgrind-out-file={out_file}", *argv],
                                  stdin=source, capture_output=True, env=env, check=True,
                                  cwd=folder)
    found = re.search(rb"Collected : (\d+)", done.stderr)
    if found is None:
        sys.exit("valgrind printed no count")
    return int(found.group(1)), done.stdout.decode()


def child_env(tree: str, cache: str) -> dict[str, str]:
    """The environment of a counted child: the library from ``tree`` alone, bytecode
    written to and read from ``cache``, one hash seed (the same count every run)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=os.path.abspath(tree), PYTHONPYCACHEPREFIX=cache,
               PYTHONHASHSEED="0")
    return env


def score_figures(env: dict[str, str], cache: str, here: str) -> None:
    """Print the figures of ``evaluate`` and of the ``score`` command."""
    python = [sys.executable, "-c"]
    subprocess.run([*python, EVALUATE, "1"], env=env, check=True, cwd=cache)  # bytecode
    none, _ = count([*python, EVALUATE, "0"], env)
    once, _ = count([*python, EVALUATE, "1"], env)
    thrice, _ = count([*python, EVALUATE, "3"], env)
    print(f"evaluate: {(once - none) / 2000:,.0f} a fresh hand, "
          f"{(thrice - once) / 4000:,.0f} warm")
    requests = os.path.join(cache, "requests.jsonl")  # made by this checkout, for any tree
    subprocess.run([*python, REQUESTS, requests], env={**env, "PYTHONPATH": here}, check=True,
                   cwd=cache)
    score = [sys.executable, "-m", "mahjong_core", "score"]
    subprocess.run(score, env=env, check=True, cwd=cache, stdin=subprocess.DEVNULL)  # bytecode
    start, _ = count(score, env)
    lines, _ = count(score, env, requests)
    print(f"score command: {(lines - start) / 1000:,.0f} a request line, "
          f"start-up {start / 1e6:,.0f}M")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", default=os.getcwd(), help="checkout to measure (here)")
    parser.add_argument("--games", help="game records, one JSON object a line (\"mjlog\")")
    parser.add_argument("--format", action="append", choices=("mjlog", "tenhou6", "mjai"),
                        help="the format the games are read in (again for more; default "
                             "mjlog); other formats are written by this checkout")
    parser.add_argument("--only-games", action="store_true",
                        help="skip the evaluate and score figures")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is needed (apt-get install valgrind)")
    cache = tempfile.mkdtemp(prefix="instruction-counts-")
    env = child_env(args.tree, cache)
    python = [sys.executable, "-c"]
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if not args.only_games:
        score_figures(env, cache, here)
    for fmt in (args.format or ["mjlog"]) if args.games else ():
        texts = os.path.join(cache, f"games-{fmt}.jsonl")
        subprocess.run([*python, PREPARE, os.path.abspath(args.games), texts, fmt],
                       env={**env, "PYTHONPATH": here}, check=True, cwd=cache)
        subprocess.run([*python, GAMES, texts, "replay", fmt], env=env, check=True, cwd=cache,
                       capture_output=True)  # writes the bytecode of what a replay imports
        none, _ = count([*python, GAMES, texts, "none", fmt], env)
        read, rounds = count([*python, GAMES, texts, "read", fmt], env)
        replayed, _ = count([*python, GAMES, texts, "replay", fmt], env)
        total = int(rounds)
        print(f"{fmt}, {total} rounds: {(read - none) / total:,.0f} to read a round, "
              f"{(replayed - read) / total:,.0f} to replay it")
    shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
