#!/usr/bin/env python3
"""How much faster two processes can be than one on this machine: a plain integer loop (no
memory traffic) and the library's replay of real games, each run alone, then two at once.

    python scripts/two_processes.py games.jsonl

(a file of game records, one JSON object a line with an ``"mjlog"`` key). On two free
cores two copies take as long as one; where they take longer (shared or busy cores), no
split of a job over two processes can gain more than ``2 * alone / pair``, which is what
``corpus_scaling.py``'s figures are to be read against.
"""

from __future__ import annotations

import subprocess
import sys
import time

LOOP = "s = 0\nfor i in range(30_000_000):\n    s += i * i\n"
REPLAY = """
import json, sys
import mahjong_core.formats as formats
with open(sys.argv[1]) as lines:
    texts = [json.loads(line)["mjlog"] for line, _ in zip(lines, range(150))]
for text in texts:
    try:  # a private lobby's final points may differ: the rounds are replayed
        formats.replay_game(formats.parse_mjlog(text), round_points=False)
    except ValueError:
        pass
"""


def run(code: str, copies: int, games: str) -> float:
    """Seconds until ``copies`` interpreters running ``code`` side by side are all done."""
    start = time.perf_counter()
    children = [subprocess.Popen([sys.executable, "-c", code, games]) for _ in range(copies)]
    for child in children:
        child.wait()
    return time.perf_counter() - start


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    for name, code in (("integer loop", LOOP), ("replay", REPLAY)):
        alone = min(run(code, 1, sys.argv[1]) for _ in range(3))
        pair = min(run(code, 2, sys.argv[1]) for _ in range(3))
        print(f"{name}: alone {alone:.2f} s, two at once {pair:.2f} s: slowdown "
              f"{pair / alone:.2f}, the most a two-process split can gain {2 * alone / pair:.2f}x")


if __name__ == "__main__":
    main()
