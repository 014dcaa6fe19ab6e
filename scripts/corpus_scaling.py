#!/usr/bin/env python3
"""How much faster the corpus commands run on two local processes than on one.

Runs ``python -m mahjong_core replay`` and ``stats --json`` on the games of FILE, with
``--jobs 1`` and ``--jobs 2`` in turn (``--passes`` times each, the best pass counting),
checks that both give the same output, and prints each command's time, its rounds per
second and the ratio one process / two processes (the project's target: at least 1.8 on
two free cores), beside that of two one-process runs started together: what the machine's
two cores give two jobs that share nothing. The load average is printed before and after: on a busy machine the
ratio says little. Run it from the repository root:

    python scripts/corpus_scaling.py games.jsonl            # --passes 3, both commands
    python scripts/corpus_scaling.py --command replay logs/
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(command: str, jobs: int, inputs: list[str]) -> tuple[float, bytes]:
    """One run's wall time and standard output."""
    argv = [sys.executable, "-m", "mahjong_core", command, "--quiet", "--jobs", str(jobs)]
    if command == "stats":
        argv.append("--json")
    env = {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}
    start = time.perf_counter()
    done = subprocess.run([*argv, *inputs], capture_output=True, env=env, check=False)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):   # 1: some game was refused, which is an answer
        sys.exit(f"{' '.join(argv)} failed: {done.stderr.decode(errors='replace')[-500:]}")
    return seconds, done.stdout


def two_at_once(command: str, inputs: list[str]) -> float:
    """Wall time of two one-process runs started together: what two free cores give two
    jobs that share nothing, the most ``--jobs 2`` could gain on this machine."""
    argv = [sys.executable, "-m", "mahjong_core", command, "--quiet", *inputs]
    env = {**os.environ, "PYTHONPATH": ROOT + os.pathsep + os.environ.get("PYTHONPATH", "")}
    start = time.perf_counter()
    both = [subprocess.Popen(argv, stdout=subprocess.DEVNULL, env=env) for _ in range(2)]
    for process in both:
        process.wait()
    return time.perf_counter() - start


def rounds_of(command: str, output: bytes) -> int:
    """The rounds the output answers for (replay: each game line's rounds)."""
    if command == "stats":
        return int(json.loads(output)["rounds"])
    return sum(len(json.loads(line).get("rounds", [])) for line in output.splitlines())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inputs", nargs="+", metavar="FILE|DIR")
    parser.add_argument("--command", action="append", choices=("replay", "stats"),
                        help="the command to time (repeatable; default both)")
    parser.add_argument("--passes", type=int, default=3, help="passes of each (3)")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    worst = 0
    for command in args.command or ["replay", "stats"]:
        best = {1: float("inf"), 2: float("inf")}
        together = float("inf")
        outputs: dict[int, bytes] = {}
        for _ in range(args.passes):
            for jobs in (1, 2):   # alternated, so that a change of load hits both
                seconds, outputs[jobs] = run(command, jobs, args.inputs)
                best[jobs] = min(best[jobs], seconds)
            together = min(together, two_at_once(command, args.inputs))
        same = outputs[1] == outputs[2]
        worst |= not same
        rounds = rounds_of(command, outputs[1])
        print(f"{command}: {rounds:,} rounds; one process {best[1]:.2f} s "
              f"({rounds / best[1]:,.0f} rounds/s), --jobs 2 {best[2]:.2f} s "
              f"({rounds / best[2]:,.0f} rounds/s): {best[1] / best[2]:.2f} times "
              f"(target >= 1.8); outputs {'identical' if same else 'DIFFER'}")
        print(f"  two one-process runs at once: {together:.2f} s, {2 * best[1] / together:.2f} "
              f"times one: this machine's own limit for two processes")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 1 if worst else 0


if __name__ == "__main__":
    sys.exit(main())
