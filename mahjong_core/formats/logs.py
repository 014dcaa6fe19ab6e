"""Any game log: its format recognised from the content, its games read and written.

Tenhou's mjlog XML, the tenhou.net/6 JSON log and mjai events all read into
``GameLog`` (a deal and the players' decisions); ``replay_game`` plays one through the
engine, and a writer turns the engine's ``GameRecord`` into any of the three.

>>> detect_format('<mjloggm ver="2.3">'), detect_format('{"log": []}')
(<LogFormat.MJLOG: 'mjlog'>, <LogFormat.TENHOU6: 'tenhou6'>)
>>> detect_format('{"type":"start_game","names":["A","B","C","D"]}')
<LogFormat.MJAI: 'mjai'>
"""

from __future__ import annotations

import enum
import gzip
import json
import zlib
from collections.abc import Sequence

from ..errors import InvalidLogError, quote
from ..table import GameRecord
from ..tile import plain_str
from .game_log import GameLog
from .mjai import parse_mjai, split_mjai, write_mjai
from .mjlog import decode_utf8, format_mjlog, parse_mjlog, split_mjlog
from .record_mjlog import record_to_mjlog
from .tenhou6 import parse_tenhou6, split_tenhou6, write_tenhou6

__all__ = ["LogFormat", "detect_format", "parse_game", "read_games", "split_games",
           "write_game"]


class LogFormat(enum.Enum):
    """The game-log formats the library reads and writes; the value is its name on the
    command line."""

    MJLOG = "mjlog"
    """Tenhou's mjlog XML (``<mjloggm>`` documents)."""
    TENHOU6 = "tenhou6"
    """The tenhou.net/6 viewer's JSON log."""
    MJAI = "mjai"
    """mjai events, one JSON object a line."""

    @property
    def suffix(self) -> str:
        """The file name ending of a game in this format (``".json"`` for tenhou6)."""
        return {"mjlog": ".mjlog", "tenhou6": ".json", "mjai": ".mjson"}[self.value]


def _text(data: str | bytes) -> str:
    if isinstance(data, str):
        return plain_str(data)
    if not isinstance(data, bytes | bytearray | memoryview):
        raise InvalidLogError(f"a game log is text or bytes, got {type(data).__name__}")
    raw = bytes(data)
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError, zlib.error) as error:
            raise InvalidLogError(f"the gzip data is damaged: {error}") from None
    return decode_utf8(raw)


def detect_format(data: str | bytes) -> LogFormat:
    """The format of a log, from its first characters: ``<`` opens mjlog XML; a JSON
    object with a ``type`` opens mjai events, one with a ``log`` a tenhou.net/6 log.

    Raises InvalidLogError for text that is none of them.
    """
    text = _text(data)
    start = 0
    while start < len(text) and text[start] in "\ufeff \t\r\n":
        start += 1
    if text.startswith("<", start):
        return LogFormat.MJLOG
    if text.startswith("{", start):
        try:
            first, _ = json.JSONDecoder().raw_decode(text, start)
        except (ValueError, RecursionError):  # not JSON, or a number Python cannot read
            first = None
        if isinstance(first, dict):
            if "type" in first:
                return LogFormat.MJAI
            if "log" in first:
                return LogFormat.TENHOU6
        else:
            line = text[start:text.find("\n", start) if "\n" in text[start:] else len(text)]
            if '"type"' in line and '"log"' not in line:
                return LogFormat.MJAI
            if '"log"' in text:
                return LogFormat.TENHOU6
    shown = text[start:start + 40]
    raise InvalidLogError(f"the log is neither mjlog XML (<mjloggm ...>) nor a tenhou.net/6 "
                          f"JSON log nor mjai events; it starts {quote(shown)}")


def split_games(data: str | bytes) -> list[tuple[LogFormat, str]]:
    """The games in ``data`` (text or bytes, plain or gzip), each with its format, in
    order; a damaged game is returned as it is, for ``parse_game`` to name the problem.

    Raises InvalidLogError for data in no format the library reads.
    """
    text = _text(data)
    if not text.strip():
        return []
    fmt = detect_format(text)
    split = {LogFormat.MJLOG: split_mjlog, LogFormat.TENHOU6: split_tenhou6,
             LogFormat.MJAI: split_mjai}[fmt]
    return [(fmt, piece) for piece in split(text)]


def parse_game(document: str, fmt: LogFormat | None = None) -> GameLog:
    """Read one game in ``fmt`` (recognised from the text when None).

    Raises InvalidLogError naming the place where the game cannot be read.
    """
    if fmt is None:
        fmt = detect_format(document)
    if fmt is LogFormat.MJLOG:
        return parse_mjlog(document)
    if fmt is LogFormat.TENHOU6:
        return parse_tenhou6(document)
    if fmt is LogFormat.MJAI:
        return parse_mjai(document)
    raise InvalidLogError(f"no log format {quote(fmt)}")


def read_games(data: str | bytes) -> list[GameLog]:
    """Every game in ``data``, whatever its format (see ``split_games``).

    Raises InvalidLogError on the first that cannot be read, naming it (``game 2: ...``).
    """
    games = []
    for number, (fmt, document) in enumerate(split_games(data), 1):
        try:
            games.append(parse_game(document, fmt))
        except InvalidLogError as error:
            raise InvalidLogError(f"game {number}: {error}") from None
    return games


def write_game(record: GameRecord, fmt: LogFormat, *, source: GameLog | None = None,
               names: Sequence[str] | None = None) -> str:
    """A game record in ``fmt``: the mjlog document, the tenhou.net/6 JSON or the mjai
    lines (see ``write_tenhou6``, ``write_mjai`` and ``record_to_mjlog``).

    Raises InvalidLogError for names that are not one string a seat, or a source of
    another number of players.
    """
    if fmt is LogFormat.MJLOG:
        return format_mjlog(record_to_mjlog(record, source=source, names=names))
    if fmt is LogFormat.TENHOU6:
        return write_tenhou6(record, source=source, names=names)
    if fmt is LogFormat.MJAI:
        return write_mjai(record, source=source, names=names)
    raise InvalidLogError(f"no log format {quote(fmt)}")
