#!/usr/bin/env python3
"""Machine instructions one action of random self-play costs, counted by valgrind's callgrind.

The loop is the self-play bench's: ``seat = round.to_act[0]; round.apply(players[seat].choose(
round.observe(seat)))`` with ``RandomPlayer`` at every seat, over whole seeded games. An
instruction count hardly changes with the machine's load, so two versions can be compared
on a busy machine: run it from each checkout's root, or point ``--tree`` at another
checkout (``git worktree add /tmp/old REV``).

    python scripts/selfplay_instructions.py --games 4
    python scripts/selfplay_instructions.py --games 4 --tree /tmp/old

The figure is the count of a child that plays one game and then ``--games`` more, less the
count of a child that plays the first game only (start-up, tables built on first use),
divided by the actions of the later games. The objects alive after the first game are
moved out of the garbage collector's sight (``gc.freeze``): otherwise whether a full
collection of all of them falls inside the games counted swings the figure by 20,000
instructions an action. ``--profile FILE`` keeps the callgrind output of
the longer run for ``callgrind_annotate``. Needs valgrind.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from instruction_counts import child_env, count  # this script's folder is on the path

PLAY = """
import gc
import sys
import attrs
from mahjong_core.players import RandomPlayer
from mahjong_core.rules import TENHOU_RULES, TENHOU_SANMA_RULES
from mahjong_core.table import Game
from mahjong_core.table_rules import TENHOU_SANMA_TABLE, TENHOU_TABLE

def play(seed, players, red):
    rules = TENHOU_RULES if players == 4 else TENHOU_SANMA_RULES
    game = Game(seed=seed, rules=attrs.evolve(rules, red_fives=red),
                table=TENHOU_TABLE if players == 4 else TENHOU_SANMA_TABLE)
    chooser = [RandomPlayer(4 * seed + s) for s in range(players)]
    actions = 0
    while not game.is_over:
        game_round = game.deal()
        while not game_round.is_over:
            seat = game_round.to_act[0]
            game_round.apply(chooser[seat].choose(game_round.observe(seat)))
            actions += 1
    return actions

games, players, red = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == "red"
play(1000, players, red)
gc.collect()
gc.freeze()  # the collector walks only what the games make, not the tables built so far
print(sum(play(seed, players, red) for seed in range(1, games + 1)))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tree", default=os.getcwd(), help="checkout to measure (here)")
    parser.add_argument("--games", type=int, default=4, help="games counted (4)")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument("--no-red", action="store_true", help="play without red fives")
    parser.add_argument("--profile", help="keep the longer run's callgrind output here")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is needed (apt-get install valgrind)")
    cache = tempfile.mkdtemp(prefix="selfplay-counts-")
    env = child_env(args.tree, cache)
    red = "plain" if args.no_red else "red"
    play = [sys.executable, "-c", PLAY]
    subprocess.run([*play, "1", str(args.players), red], env=env, check=True, cwd=cache,
                   capture_output=True)  # bytecode
    first, _ = count([*play, "0", str(args.players), red], env)
    more, actions = count([*play, str(args.games), str(args.players), red], env,
                          keep=os.path.abspath(args.profile) if args.profile else None)
    total = int(actions)
    print(f"self-play, {args.players} players, {red} fives: {total} actions, "
          f"{(more - first) / total:,.0f} instructions an action")
    shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
