"""``python -m mahjong_core replay``: whole recorded games played through the table engine.

Each game's deal and decisions go through the engine, which works out every outcome
itself; the answer is one JSON line per game, in input order. Games come as Tenhou's
mjlog XML, tenhou.net/6 JSON logs or mjai events, the format recognised from the content.
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

from ..errors import MahjongError, quote
from ..formats.corpus import MAX_GAME_BYTES, MAX_LINE_BYTES, GameSource, ReadError, iter_sources
from ..formats.logs import LogFormat, parse_game
from ..formats.mjlog import parse_mjlog
from ..formats.replay import replay_game
from ..table import GameRecord
from ._batch import Output

__all__ = ["answer", "main", "record_json"]

_EXAMPLES = """examples:
  python -m mahjong_core replay game.mjlog
  python -m mahjong_core replay --jobs 2 logs/*.mjlog > answers.jsonl
  zcat many.mjlog.gz | python -m mahjong_core replay -
  python -m mahjong_core replay game.json game.mjson

Each answer line is {"game": n, "rounds": [...], "final": {...}} or
{"game": n, "error": "..."}; see docs/replay.md for every field."""


_ROUND_KEYS = ("round", "honba", "riichi_sticks", "dealer", "start_scores")
_RESULT_KEYS = {"win": ("kind", "winner", "from", "pao", "han", "fu", "points", "yaku", "deltas"),
                "draw": ("kind", "type", "tenpai", "deltas")}


def record_json(record: GameRecord) -> dict[str, Any]:
    """A game record as the replay answer writes it (without the ``game`` number): the
    keys of ``GameRecord.to_dict`` that docs/replay.md lists."""
    rounds = []
    for played in record.rounds:
        whole = played.to_dict()
        results = [{key: result[key] for key in _RESULT_KEYS[result["kind"]]}
                   for result in whole["results"]]
        rounds.append({**{key: whole[key] for key in _ROUND_KEYS}, "results": results})
    return {"rounds": rounds, "final": {"scores": list(record.final_scores),
                                        "points": list(record.points)}}


def answer(number: int, document: str, fmt: LogFormat = LogFormat.MJLOG) -> tuple[str, bool]:
    """The answer line for one game (an mjlog document unless ``fmt`` says otherwise) and
    whether the game replayed (an error line names the round and the action when it
    cannot be)."""
    try:
        game = parse_mjlog(document) if fmt is LogFormat.MJLOG else parse_game(document, fmt)
        out: dict[str, Any] = {"game": number, **record_json(replay_game(game))}
    except MahjongError as error:
        return json.dumps({"game": number, "error": str(error)}), False
    return json.dumps(out, separators=(", ", ": ")), True


_Item = GameSource | ReadError
"""One game of the inputs, or why it cannot be read."""

MAX_JOBS = 64
"""The most processes ``--jobs`` starts."""


def _answer_item(number: int, item: GameSource | ReadError) -> tuple[str, bool]:
    """The answer line for one game of the input, whatever it holds: an error line for a
    game that cannot be read or replayed (and, should the library fail, for that)."""
    if isinstance(item, ReadError):
        return json.dumps({"game": number, "error": item.message}), False
    try:
        return answer(number, item.text, item.fmt)
    except Exception as error:  # a failure of the library itself: this game's answer says so
        return json.dumps({"game": number, "error": f"the library failed on this game "
                                                    f"({type(error).__name__}: "
                                                    f"{quote(str(error))}); please report "
                                                    "it"}), False


def _answer_pair(pair: tuple[int, GameSource | ReadError]) -> tuple[str, bool]:
    return _answer_item(*pair)


def _in_order(pool: Executor, items: Iterable[tuple[int, GameSource | ReadError]], window: int
              ) -> Iterator[tuple[str, bool]]:
    """The answers of ``items``, replayed on ``pool``, in input order; at most ``window``
    games are read ahead. A game the pool cannot answer (a worker died) is answered
    here."""
    pending: collections.deque[tuple[tuple[int, _Item], Future[tuple[str, bool]]]] = (
        collections.deque())

    def result(item: tuple[int, GameSource | ReadError], future: Future[tuple[str, bool]]
               ) -> tuple[str, bool]:
        try:
            return future.result()
        except Exception:  # the pool broke: this game is answered here
            return _answer_pair(item)

    for item in items:
        try:
            future = pool.submit(_answer_pair, item)
        except Exception:  # the pool broke: this game is answered here
            future = Future()
            future.set_result(_answer_pair(item))
        pending.append((item, future))
        if len(pending) >= window:
            yield result(*pending.popleft())
    while pending:
        yield result(*pending.popleft())


def main(argv: list[str]) -> int:
    """Replay every game of the inputs; exit status 1 when any game was an error."""
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core replay",
        description="Replay recorded games through the table engine: Tenhou mjlog XML "
                    "(plain or gzip, one or more documents a file), tenhou.net/6 JSON logs "
                    "or mjai events, the format recognised from the content. Every outcome "
                    "is the engine's own. One JSON line per game, in input order; a game "
                    "that cannot be read or replayed gets an error line and the next ones "
                    f"are still answered. A game may take {MAX_GAME_BYTES // (1 << 20)} MiB, "
                    f"an mjai line {MAX_LINE_BYTES // (1 << 20)} MiB.",
        epilog=_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="game logs (mjlog, tenhou.net/6 JSON or mjai); - or none for "
                             "standard input")
    parser.add_argument("--jobs", type=int, default=1,
                        help=f"replay on this many processes, 1-{MAX_JOBS} (default 1)")
    args = parser.parse_args(argv)
    if not 1 <= args.jobs <= MAX_JOBS:
        parser.error(f"--jobs must be 1-{MAX_JOBS}")
    output = Output()
    numbered = enumerate(iter_sources(args.files or ["-"]))
    if args.jobs == 1:
        for number, item in numbered:
            line, ok = _answer_item(number, item)
            output.write(line, error=not ok)
        return output.status
    pool = ProcessPoolExecutor(args.jobs)
    try:
        for line, ok in _in_order(pool, numbered, 4 * args.jobs):
            output.write(line, error=not ok)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    return output.status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
