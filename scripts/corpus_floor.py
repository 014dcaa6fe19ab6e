#!/usr/bin/env python3
"""How little reading and replaying a round of a game log can cost in pure Python.

The bench's corpus target is 2,500 rounds a second in one process (400 us a round), from
each of the three formats. This script times, on the same games, in one run:

- ``decode``: the format's text turned into Python values by the standard library's C
  code alone (one regular-expression pass over an mjlog, ``json.loads`` of a tenhou.net/6
  game or of each mjai line): what any pure-Python reader pays before it looks at a value;
- ``touch``: that, and every event looked at once in Python: each tile mention mapped to
  its kind and counted into or out of its seat's hand (no rule checked, no call decoded,
  no wall, no scoring): the least a replay that knows the hands can do;
- ``read``: this library's reader (``parse_game``);
- ``replay``: the table engine replaying the games already read (``replay_game``), every
  action checked and every outcome worked out and compared with the log's;

and prints processor microseconds a round, the best of ``--repeat`` passes. What is left of the
400 us once ``touch`` is paid is what all the rules may cost. Run it from the repository
root on a file of game records, one JSON object a line with an ``"mjlog"`` key:

    python scripts/corpus_floor.py GAMES.jsonl            # --games N: the first N only
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import mahjong_core.formats as formats

BUDGET = 1e6 / 2500
"""Microseconds a round at 2,500 rounds a second."""

_MJLOG_TAG = re.compile(r"<([A-Z]+)(\d*)([^>]*)>")
_MJLOG_HANDS = re.compile(r'hai\d="([^"]*)"')
_DRAWS = {letter: seat for seat, letter in enumerate("TUVW")}
_DISCARDS = {letter: seat for seat, letter in enumerate("DEFG")}


def touch_mjlog(text: str) -> int:
    """Each tag of an mjlog looked at once, each hand's tiles counted; the rounds."""
    rounds = 0
    counts = [[0] * 34 for _ in range(4)]
    for name, number, attributes in _MJLOG_TAG.findall(text):
        if number:
            seat = _DRAWS.get(name)
            if seat is not None:
                counts[seat][int(number) >> 2] += 1
            else:
                counts[_DISCARDS[name]][int(number) >> 2] -= 1
        elif name == "INIT":
            rounds += 1
            counts = [[0] * 34 for _ in range(4)]
            for seat, dealt in enumerate(_MJLOG_HANDS.findall(attributes)):
                hand = counts[seat]
                for tile in dealt.split(","):
                    hand[int(tile) >> 2] += 1
    return rounds


_TENHOU6_KIND = {code: (code // 10 - 1) * 9 + code % 10 - 1 for code in range(11, 48)}
for _red in (51, 52, 53):
    _TENHOU6_KIND[_red] = (_red - 51) * 9 + 4


def touch_tenhou6(text: str) -> int:
    """Each tile mention of a tenhou.net/6 game looked at once; the rounds."""
    kind_of = _TENHOU6_KIND
    log = json.loads(text)["log"]
    for round_ in log:
        for seat in range(len(round_) // 3 - 1):
            hand = [0] * 34
            for tile in round_[4 + 3 * seat]:
                hand[kind_of[tile]] += 1
            for tile in round_[5 + 3 * seat]:
                if type(tile) is int:
                    hand[kind_of[tile]] += 1
            for tile in round_[6 + 3 * seat]:
                if type(tile) is int and tile > 0 and tile != 60:  # 0: no discard
                    hand[kind_of[tile]] -= 1
    return len(log)


_MJAI_KIND = {name: index for index, name in enumerate(
    [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)] + list("ESWNPFC"))}
_MJAI_KIND.update({"5mr": 4, "5pr": 13, "5sr": 22})


def touch_mjai(text: str) -> int:
    """Each mjai event decoded (a line met again in the game: once) and looked at once,
    each hand's tiles counted; the rounds."""
    kind_of = _MJAI_KIND
    rounds = 0
    counts = [[0] * 34 for _ in range(4)]
    for event in decode_mjai(text):
        kind = event["type"]
        if kind == "tsumo":
            counts[event["actor"]][kind_of[event["pai"]]] += 1
        elif kind == "dahai":
            counts[event["actor"]][kind_of[event["pai"]]] -= 1
        elif kind == "start_kyoku":
            rounds += 1
            counts = [[0] * 34 for _ in range(4)]
            for hand, dealt in zip(counts, event["tehais"], strict=False):
                for tile in dealt:
                    if tile != "?":
                        hand[kind_of[tile]] += 1
    return rounds


def decode_mjlog(text: str) -> object:
    """The tags, by one regular-expression pass."""
    return _MJLOG_TAG.findall(text)


def decode_tenhou6(text: str) -> object:
    """The game's JSON document."""
    return json.loads(text)


def decode_mjai(text: str) -> list[dict[str, Any]]:
    """Each line's event; a line met again in the game is decoded once (as a reader may:
    a game repeats most of its draw and discard lines)."""
    lines = text.splitlines()
    known: dict[str, dict[str, Any]] = {}
    for line in set(lines):
        known[line] = json.loads(line)
    return [known[line] for line in lines]


STEPS: dict[str, tuple[Callable[[str], object], Callable[[str], int]]] = {
    "mjlog": (decode_mjlog, touch_mjlog),
    "tenhou6": (decode_tenhou6, touch_tenhou6),
    "mjai": (decode_mjai, touch_mjai),
}


def best(run: Callable[[], object], repeat: int) -> float:
    """Processor seconds of the quickest of ``repeat`` passes (processor time, so that
    other work on the machine hardly moves the figure)."""
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def each(work: Callable[[Any], object], items: Sequence[Any]) -> None:
    """``work`` done on each item, its answer dropped (as a corpus pass drops each game's)."""
    for item in items:
        work(item)


def games_in(path: str, count: int) -> list[str]:
    """The first ``count`` games' mjlog texts."""
    with open(path, encoding="utf-8") as lines:
        return [json.loads(line)["mjlog"] for line, _ in zip(lines, range(count), strict=False)]


def written(texts: Sequence[str], name: str) -> list[str]:
    """The games (mjlog texts) as the format ``name`` writes them: those that replay."""
    if name == "mjlog":
        return list(texts)
    fmt, out = formats.LogFormat(name), []
    for text in texts:
        game = formats.parse_mjlog(text)
        try:  # another era's or lobby's final points are the log's
            record = formats.replay_game(game, round_points=False, strict=False)
        except ValueError:
            continue
        out.append(formats.write_game(record, fmt, source=game))
    return out


def measure(name: str, texts: list[str], repeat: int) -> dict[str, float]:
    """Microseconds a round of each step for the format ``name``."""
    fmt = formats.LogFormat(name)
    decode, touch = STEPS[name]
    rounds = sum(touch(text) for text in texts)
    games = [formats.parse_game(text, fmt) for text in texts]
    assert rounds == sum(len(game.rounds) for game in games), "the touch miscounted rounds"
    steps: dict[str, Callable[[], object]] = {
        "decode": lambda: each(decode, texts),
        "touch": lambda: each(touch, texts),
        "read": lambda: each(lambda text: formats.parse_game(text, fmt), texts),
        "replay": lambda: each(lambda game: formats.replay_game(game, strict=False), games),
    }
    return {step: best(run, repeat) / rounds * 1e6 for step, run in steps.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", help="a file of game records (an 'mjlog' key a line)")
    parser.add_argument("--games", type=int, default=10**9, dest="count",
                        help="the first N games only (all by default)")
    parser.add_argument("--repeat", type=int, default=3, help="passes; the best counts")
    args = parser.parse_args()
    texts = games_in(args.games, args.count)
    print(f"microseconds a round (budget {BUDGET:.0f}: 2,500 rounds a second); "
          f"{len(texts)} games, best of {args.repeat} passes")
    print(f"{'format':<9}{'decode':>9}{'touch':>9}{'read':>9}{'replay':>9}{'whole':>9}"
          f"{'left for rules':>16}")
    for name in STEPS:
        us = measure(name, written(texts, name), args.repeat)
        print(f"{name:<9}{us['decode']:>9.0f}{us['touch']:>9.0f}{us['read']:>9.0f}"
              f"{us['replay']:>9.0f}{us['read'] + us['replay']:>9.0f}"
              f"{BUDGET - us['touch']:>16.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
