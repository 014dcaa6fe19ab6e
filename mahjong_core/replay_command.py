"""``python -m mahjong_core replay``: whole recorded games played through the table engine.

Each game's deal and decisions go through the engine, which works out every outcome
itself; the answer is one JSON line per game, in input order. Games come as Tenhou's
mjlog XML, tenhou.net/6 JSON logs or mjai events, the format recognised from the content.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from .errors import MahjongError
from .formats.logs import LogFormat, detect_format, parse_game, split_games
from .formats.mjlog import parse_mjlog, split_mjlog
from .formats.replay import replay_mjlog
from .formats.tenhou6 import split_tenhou6
from .table import Draw, GameRecord, Win

__all__ = ["answer", "main", "record_json"]

_EXAMPLES = """examples:
  python -m mahjong_core replay game.mjlog
  python -m mahjong_core replay --jobs 2 logs/*.mjlog > answers.jsonl
  zcat many.mjlog.gz | python -m mahjong_core replay -
  python -m mahjong_core replay game.json game.mjson

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


def answer(number: int, document: str, fmt: LogFormat = LogFormat.MJLOG) -> tuple[str, bool]:
    """The answer line for one game (an mjlog document unless ``fmt`` says otherwise) and
    whether the game replayed (an error line names the round and the action when it
    cannot be)."""
    try:
        game = parse_mjlog(document) if fmt is LogFormat.MJLOG else parse_game(document, fmt)
        out: dict[str, Any] = {"game": number, **record_json(replay_mjlog(game))}
    except MahjongError as error:
        return json.dumps({"game": number, "error": str(error)}), False
    return json.dumps(out, separators=(", ", ": ")), True


_Document = tuple[LogFormat, str]


def _documents(paths: list[str]) -> Iterator[_Document | MahjongError]:
    """Every game of the inputs in order, with its format; standard input streams game by
    game. An input in no format the library reads gives its error in place of games."""
    for path in paths or ["-"]:
        if path == "-":
            yield from _stream(sys.stdin.buffer)
            continue
        with open(path, "rb") as handle:
            data = handle.read()
        try:
            yield from split_games(data)
        except MahjongError as error:
            yield error


def _stream(lines: Iterable[bytes]) -> Iterator[_Document | MahjongError]:
    """Games from a byte stream as soon as each one is complete, the format recognised
    from the first line that is not blank."""
    iterator = iter(lines)
    first = b""
    for raw in iterator:
        if raw.strip():
            first = raw
            break
    if not first:
        return
    head = first.decode("utf-8", errors="replace")
    try:
        fmt = LogFormat.MJLOG if head.lstrip("\ufeff \t").startswith("<") else \
            detect_format(head)
    except MahjongError:
        fmt = LogFormat.TENHOU6   # a JSON log spread over several lines
    rest = _chain(first, iterator)
    if fmt is LogFormat.MJLOG:
        yield from ((fmt, doc) for doc in _stream_mjlog(rest))
    elif fmt is LogFormat.MJAI:
        yield from ((fmt, doc) for doc in _stream_mjai(rest))
    else:
        yield from ((fmt, doc) for doc in _stream_tenhou6(rest))


def _chain(first: bytes, rest: Iterator[bytes]) -> Iterator[str]:
    yield first.decode("utf-8", errors="replace")
    for raw in rest:
        yield raw.decode("utf-8", errors="replace")


def _stream_mjlog(lines: Iterable[str]) -> Iterator[str]:
    pending = ""
    for line in lines:
        pending += line
        if "</mjloggm>" not in pending:
            continue
        cut = pending.rindex("</mjloggm>") + len("</mjloggm>")
        yield from split_mjlog(pending[:cut])
        pending = pending[cut:]
    if pending.strip():
        yield from split_mjlog(pending)


def _stream_mjai(lines: Iterable[str]) -> Iterator[str]:
    pending: list[str] = []
    for line in lines:
        if not line.strip():
            continue
        pending.append(line.rstrip("\r\n"))
        if '"end_game"' in line and _is_end(line):
            yield "\n".join(pending)
            pending = []
    if pending:
        yield "\n".join(pending)


def _is_end(line: str) -> bool:
    try:
        event = json.loads(line)
    except (json.JSONDecodeError, RecursionError):
        return False
    return isinstance(event, dict) and event.get("type") == "end_game"


def _stream_tenhou6(lines: Iterable[str]) -> Iterator[str]:
    pending = ""
    for line in lines:
        pending += line
        if not line.rstrip().endswith("}"):
            continue   # no JSON object ends on this line
        pieces = split_tenhou6(pending)
        complete = [p for p in pieces if _complete(p)]
        if complete and len(complete) == len(pieces):
            yield from complete
            pending = ""
    if pending.strip():
        yield from split_tenhou6(pending)


def _complete(piece: str) -> bool:
    try:
        json.loads(piece)
    except (json.JSONDecodeError, RecursionError):
        return False
    return True


def main(argv: list[str]) -> int:
    """Replay every game of the inputs; exit status 1 when any game was an error."""
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core replay",
        description="Replay recorded games through the table engine: Tenhou mjlog XML "
                    "(plain or gzip, one or more documents a file), tenhou.net/6 JSON logs "
                    "or mjai events, the format recognised from the content. Every outcome "
                    "is the engine's own. One JSON line per game, in input order.",
        epilog=_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="game logs (mjlog, tenhou.net/6 JSON or mjai); - or none for "
                             "standard input")
    parser.add_argument("--jobs", type=int, default=1,
                        help="replay on this many processes (default 1)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    failed = False
    numbered = enumerate(_documents(args.files))
    if args.jobs == 1:
        for number, item in numbered:
            line, ok = _answer_item(number, item)
            failed |= not ok
            print(line, flush=True)
    else:
        with ProcessPoolExecutor(args.jobs) as pool:
            for line, ok in pool.map(_answer_any, numbered, chunksize=4):
                failed |= not ok
                print(line, flush=True)
    return 1 if failed else 0


def _answer_item(number: int, item: _Document | MahjongError) -> tuple[str, bool]:
    if isinstance(item, MahjongError):
        return json.dumps({"game": number, "error": str(item)}), False
    return answer(number, item[1], item[0])


def _answer_any(pair: tuple[int, _Document | MahjongError]) -> tuple[str, bool]:
    return _answer_item(*pair)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
