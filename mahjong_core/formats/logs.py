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
from collections.abc import Sequence
from typing import Literal

from .._json import load_json
from ..errors import InvalidLogError, quote
from ..table import GameRecord
from ..tile import plain_str
from .game_log import GameLog
from .mjai import parse_mjai, write_mjai
from .mjlog import format_mjlog, parse_mjlog
from .record_mjlog import record_to_mjlog
from .tenhou6 import parse_tenhou6, write_tenhou6

__all__ = ["RECORDS", "RECORD_KEYS", "LogFormat", "detect_format", "parse_game", "sniff_format",
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


RECORD_KEYS = {"mjlog": LogFormat.MJLOG, "tenhou6": LogFormat.TENHOU6,
               "mjai": LogFormat.MJAI}
"""The keys under which a game record (one JSON object a line, such as ``{"id": ...,
"source": ..., "mjlog": "<mjloggm ...>...</mjloggm>"}``) keeps its game: ``"mjlog"`` the
XML text; ``"tenhou6"`` the log as an object or as its JSON text; ``"mjai"`` the events
as a list of objects or as text, one event a line. Its other keys are not read."""
RECORDS: Literal["records"] = "records"
"""The form of an input of game records, one a line (each game in any of the formats)."""
_BLANK = b" \t\r\n"
_BOM = b"\xef\xbb\xbf"


def sniff_format(head: bytes) -> LogFormat | Literal["records"] | None:
    """The form an input's first line opens (its first bytes, up to the end of its first
    line that is not blank): ``<`` opens mjlog XML; a JSON object with a ``type`` mjai
    events; one with an ``"mjlog"``, ``"tenhou6"`` or ``"mjai"`` key and no ``log``
    game records one a line (``RECORDS``); any other ``{`` a tenhou.net/6 log (a line
    that is no JSON on its own opens a log spread over many lines: mjai when it names a
    ``"type"`` and no ``"log"``), whose reader says what it lacks. None for anything
    else."""
    body = head.lstrip(_BLANK)
    if body.startswith(_BOM):
        body = body[len(_BOM):].lstrip(_BLANK)
    if body.startswith(b"<"):
        return LogFormat.MJLOG
    if not body.startswith(b"{"):
        return None
    line = body.split(b"\n", 1)[0].split(b"\r", 1)[0]
    try:
        first = load_json(line.decode("utf-8"))
    except (ValueError, RecursionError):  # not JSON on its own: a log over many lines
        return LogFormat.MJAI if b'"type"' in line and b'"log"' not in line else (
            LogFormat.TENHOU6)
    if isinstance(first, dict) and "type" in first:
        return LogFormat.MJAI
    if isinstance(first, dict) and "log" not in first and first.keys() & RECORD_KEYS:
        return RECORDS
    return LogFormat.TENHOU6


def detect_format(data: str | bytes) -> LogFormat:
    """The format of one game's log, from its first line (see ``sniff_format``): ``<``
    opens mjlog XML; a JSON object with a ``type`` opens mjai events, any other a
    tenhou.net/6 log.

    Raises InvalidLogError for text in none of them (a game record line included: its
    game is read by ``iter_games``).
    """
    if isinstance(data, str):
        head = plain_str(data)[:_HEAD_CHARS].encode("utf-8", "surrogatepass")
    elif isinstance(data, bytes | bytearray | memoryview):
        head = bytes(data[:4 * _HEAD_CHARS])
    else:
        raise InvalidLogError(f"a game log is text or bytes, got {type(data).__name__}")
    fmt = sniff_format(head)
    if isinstance(fmt, LogFormat):
        return fmt
    shown = head.lstrip(_BLANK + _BOM)[:40].decode("utf-8", "replace")
    raise InvalidLogError(f"the log is neither mjlog XML (<mjloggm ...>) nor a tenhou.net/6 "
                          f"JSON log nor mjai events; it starts {quote(shown)}")


_HEAD_CHARS = 1 << 20
"""How much of a log ``detect_format`` looks at: its first line fits (an mjai event or a
record line is far shorter; a longer first line is a log spread over many)."""


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
