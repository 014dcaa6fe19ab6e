#!/usr/bin/env python3
"""Open real games' replay pages in a headless browser and check what they show.

Reads a JSON-lines file of Tenhou games (one object a line, the game's mjlog text under
``"mjlog"``), writes each game's page, opens it in headless Chromium, steps through every
action to the end with the page's own keys, and checks: no script error, every round ends
on its results, and the final standing shows the final scores the server recorded (the
``owari`` of the log's last AGARI or RYUUKYOKU tag, read here from the text itself).
Prints one line per failing game, then the counts and the pages' sizes. Run it from the
repository root (selenium and Debian's chromium and chromium-driver installed):

    python scripts/view_check.py games.jsonl --limit 30
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong_core.view import log_html
from tests.support.browser import WALK, browser_problem, start_browser


def recorded_final(mjlog: str) -> list[int]:
    """The final scores the server wrote, seat by seat: ``owari`` holds score/100, points
    pairs (four pairs at three players too, the last empty)."""
    found = re.findall(r'owari="([^"]*)"', mjlog)
    if not found:
        raise ValueError("the log records no final standing")
    values = found[-1].split(",")
    return [round(float(score) * 100) for score in values[0::2]]


def check(browser: object, mjlog: str, folder: Path, number: int) -> tuple[str | None, int]:
    """What is wrong with one game's page (None when nothing is) and the page's size."""
    page = log_html(mjlog)
    path = folder / f"game-{number}.html"
    path.write_text(page, encoding="utf-8")
    browser.get(path.as_uri())  # type: ignore[attr-defined]
    walked = browser.execute_script(WALK, 0)  # type: ignore[attr-defined]
    size = len(page.encode("utf-8"))
    if walked["errors"]:
        return f"script errors {walked['errors'][:3]}", size
    ends = [f["result"] for f in walked["frames"] if f["result"] is not None]
    rounds = len({f["moment"].split("/")[0] for f in walked["frames"]})
    if len(ends) != rounds:
        return f"{len(ends)} results shown for {rounds} rounds", size
    standing = ends[-1]["final"]
    shown = [score for _, _, score, _ in sorted(standing)]
    wanted = recorded_final(mjlog)[:len(standing)]
    if shown != wanted:
        return f"final scores shown {shown}, the server's {wanted}", size
    return None, size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="a JSON-lines file of games with an 'mjlog' key")
    parser.add_argument("--limit", type=int, default=30, help="games to open (default 30)")
    args = parser.parse_args()
    problem = browser_problem()
    if problem is not None:
        parser.error(f"no browser: {problem}")
    games = []
    with open(args.file, encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                games.append(json.loads(line)["mjlog"])
            if len(games) == args.limit:
                break
    browser = start_browser()
    failed, sizes = 0, []
    started = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as folder:
            for number, mjlog in enumerate(games):
                try:
                    wrong, size = check(browser, mjlog, Path(folder), number)
                    sizes.append(size)
                except Exception as error:
                    wrong = f"{type(error).__name__}: {error}"
                if wrong is not None:
                    failed += 1
                    print(f"game {number}: {wrong}")
    finally:
        browser.quit()
    seconds = time.perf_counter() - started
    print(f"{len(games) - failed} of {len(games)} games show the server's final scores "
          f"({seconds:.0f} s); page sizes in KB: median "
          f"{statistics.median(sizes) / 1024:.0f}, smallest {min(sizes) / 1024:.0f}, "
          f"largest {max(sizes) / 1024:.0f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
