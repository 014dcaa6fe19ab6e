"""``python -m mahjong_core replay``: whole recorded games played through the table engine.

Each game's deal and decisions go through the engine, which works out every outcome
itself; the answer is one JSON line per game, in input order. Games come as Tenhou's
mjlog XML, tenhou.net/6 JSON logs or mjai events, the format recognised from the content.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from typing import Any

from ..errors import InvalidRulesError, MahjongError, quote
from ..formats.corpus import MAX_GAME_BYTES, MAX_LINE_BYTES, GameSource, ReadError, iter_sources
from ..formats.logs import LogFormat, parse_game
from ..formats.mjlog import parse_mjlog
from ..formats.replay import replay_game
from ..parallel import map_in_order
from ..table import PRESETS, GameRecord, preset
from ._batch import Output
from ._corpus import ProgressBar, add_corpus_options, corpus_paths, counted, open_backend

__all__ = ["answer", "main", "record_json"]

_EXAMPLES = """examples:
  python -m mahjong_core replay game.mjlog
  python -m mahjong_core replay --jobs 2 logs/*.mjlog > answers.jsonl
  python -m mahjong_core replay --scheduler tcp://10.0.0.5:8786 logs/*.mjlog.gz
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


def answer(number: int, document: str, fmt: LogFormat = LogFormat.MJLOG,
           rules: str | None = None) -> tuple[str, bool]:
    """The answer line for one game (an mjlog document unless ``fmt`` says otherwise) and
    whether the game replayed (an error line names the round and the action when it
    cannot be); ``rules`` names a rule set (``PRESETS``) to replay under instead of
    Tenhou's."""
    line, ok, _ = _answer_rounds(number, document, fmt, rules)
    return line, ok


def _answer_rounds(number: int, document: str, fmt: LogFormat,
                   rules: str | None = None) -> tuple[str, bool, int]:
    """``answer`` and the rounds replayed."""
    try:
        game = parse_mjlog(document) if fmt is LogFormat.MJLOG else parse_game(document, fmt)
        record = replay_game(game, base=None if rules is None else preset(rules))
    except MahjongError as error:
        return json.dumps({"game": number, "error": str(error)}), False, 0
    out: dict[str, Any] = {"game": number, **record_json(record)}
    return json.dumps(out, separators=(", ", ": ")), True, len(record.rounds)


def _answer_item(number: int, item: GameSource | ReadError, rules: str | None = None
                 ) -> tuple[str, bool, int]:
    """The answer line for one game of the input, whatever it holds, whether it replayed,
    and its rounds: an error line for a game that cannot be read or replayed (and,
    should the library fail, for that)."""
    if isinstance(item, ReadError):
        return json.dumps({"game": number, "error": item.message}), False, 0
    try:
        return _answer_rounds(number, item.text, item.fmt, rules)
    except Exception as error:  # a failure of the library itself: this game's answer says so
        return _failed(number, error), False, 0


def _failed(number: int, error: BaseException | str) -> str:
    what = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
    return json.dumps({"game": number, "error": f"the library failed on this game "
                                                f"({quote(what)}); please report it"})


def _answer_pair(pair: tuple[int, GameSource | ReadError], rules: str | None = None
                 ) -> tuple[str, bool, int]:
    """``_answer_item`` of one numbered game (what the workers run)."""
    return _answer_item(*pair, rules)


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
    parser.add_argument("--rules", metavar="PRESET", default=None,
                        help=f"replay under this named rule set ({', '.join(PRESETS)}) "
                             "instead of Tenhou's; what the log states (players, red fives, "
                             "open tanyao, length, starting score) still holds")
    add_corpus_options(parser, "replay")
    args = parser.parse_args(argv)
    if args.rules is not None:
        try:
            preset(args.rules)
        except InvalidRulesError as error:
            parser.error(str(error))
    files = args.files or ["-"]
    output = Output()
    with (open_backend(parser, args) as backend,
          ProgressBar(corpus_paths(files), args.quiet) as bar):
        numbered = enumerate(counted(iter_sources(files), bar))
        work = functools.partial(_answer_pair, rules=args.rules)
        for number, outcome in enumerate(map_in_order(work, numbered, backend)):
            line, ok, rounds = (outcome.value if outcome.value is not None
                                else (_failed(number, outcome.error or "lost"), False, 0))
            output.write(line, error=not ok)
            bar.add(rounds, not ok)
    return output.status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
