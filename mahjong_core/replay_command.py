"""``python -m mahjong_core replay``: whole recorded games played through the table engine.

Each game's deal and decisions go through the engine, which works out every outcome
itself; the answer is one JSON line per game, in input order.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from .errors import MahjongError
from .formats.mjlog import parse_mjlog, split_mjlog
from .formats.replay import replay_mjlog
from .table import Draw, GameRecord, Win

__all__ = ["answer", "main", "record_json"]

_EXAMPLES = """examples:
  python -m mahjong_core replay game.mjlog
  python -m mahjong_core replay --jobs 2 logs/*.mjlog > answers.jsonl
  zcat many.mjlog.gz | python -m mahjong_core replay -

Each answer line is {"game": n, "rounds": [...], "final": {...}} or
{"game": n, "error": "..."}; see docs/replay.md for every field."""


def record_json(record: GameRecord) -> dict[str, Any]:
    """A game record as the replay answer writes it (without the ``game`` number)."""
    rounds = []
    for played in record.rounds:
        results: list[dict[str, Any]] = []
        for result in played.results:
            if isinstance(result, Win):
                value = result.result
                results.append({
                    "kind": "win", "winner": result.winner, "from": result.from_seat,
                    "pao": result.liable, "han": value.han, "fu": value.fu,
                    "points": value.points,
                    "yaku": {yaku.json_name: han for yaku, han in value.yaku_han},
                    "deltas": list(result.deltas)})
            else:
                assert isinstance(result, Draw)
                results.append({"kind": "draw", "type": result.kind.value,
                                "tenpai": list(result.tenpai), "deltas": list(result.deltas)})
        rounds.append({"round": played.name, "honba": played.honba,
                       "riichi_sticks": played.sticks, "dealer": played.dealer,
                       "start_scores": list(played.start_scores), "results": results})
    return {"rounds": rounds, "final": {"scores": list(record.final_scores),
                                        "points": list(record.points)}}


def answer(number: int, document: str) -> tuple[str, bool]:
    """The answer line for one mjlog document and whether the game replayed (an error
    line names the round and the action when it cannot be)."""
    try:
        out: dict[str, Any] = {"game": number, **record_json(replay_mjlog(parse_mjlog(document)))}
    except MahjongError as error:
        return json.dumps({"game": number, "error": str(error)}), False
    return json.dumps(out, separators=(", ", ": ")), True


def _answer_pair(item: tuple[int, str]) -> tuple[str, bool]:
    return answer(*item)


def _documents(paths: list[str]) -> Iterator[str]:
    """Every mjlog document of the inputs in order; standard input streams line by line."""
    for path in paths or ["-"]:
        if path == "-":
            yield from _stream(sys.stdin.buffer)
            continue
        with open(path, "rb") as handle:
            data = handle.read()
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        yield from split_mjlog(data)


def _stream(lines: Iterable[bytes]) -> Iterator[str]:
    """Documents from a byte stream as soon as each one is complete."""
    pending = ""
    for raw in lines:
        pending += raw.decode("utf-8", errors="replace")
        if "</mjloggm>" not in pending:
            continue
        cut = pending.rindex("</mjloggm>") + len("</mjloggm>")
        yield from split_mjlog(pending[:cut])
        pending = pending[cut:]
    if pending.strip():
        yield from split_mjlog(pending)


def main(argv: list[str]) -> int:
    """Replay every game of the inputs; exit status 1 when any game was an error."""
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core replay",
        description="Replay Tenhou mjlog games (plain or gzip, one or more documents a "
                    "file) through the table engine: every outcome is the engine's own. "
                    "One JSON line per game, in input order.",
        epilog=_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="mjlog files; - or none for standard input")
    parser.add_argument("--jobs", type=int, default=1,
                        help="replay on this many processes (default 1)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    failed = False
    numbered = enumerate(_documents(args.files))
    if args.jobs == 1:
        answers: Iterable[tuple[str, bool]] = (answer(n, doc) for n, doc in numbered)
        for line, ok in answers:
            failed |= not ok
            print(line, flush=True)
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            for line, ok in pool.map(_answer_pair, numbered, chunksize=4):
                failed |= not ok
                print(line, flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
