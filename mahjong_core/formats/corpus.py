"""Reading a corpus of game logs as a stream: files, directories, archives, standard input.

``iter_games(inputs)`` yields every game of the inputs, in order, each a ``GameLog`` or,
for a game that cannot be read, a ``ReadError`` in its place that names the file and the
game, so one bad game costs only itself; nothing is held but the game being read. It is
the two stages below, which a program can run apart (the first is cheap, the second
can run in worker processes: a ``GameSource`` is small and pickles):

- ``iter_sources(inputs)`` finds the games: each a ``GameSource`` (its text, format,
  file and index in the file) or a ``ReadError``;
- ``read_game(source)`` reads one into a ``GameLog``.

An input is a path, a directory (read recursively, its log files in name order, then
its subfolders': see ``log_files``), a glob pattern (``logs/**/*.mjlog``), ``-``
(standard input), an open file (binary or text) or bytes in memory, or an iterable of
them. Each file is read as bytes, piece by piece; compression and archives are recognised from the
content, not the name: gzip and bzip2 (members one after another), zip and tar (also
compressed: ``.tar.gz``, ``.tgz``, ``.tar.bz2``), their members read in order, each as
a file of its own named ``archive:member``. A file holds games of one format,
recognised from its first line (``sniff_format``): Tenhou's mjlog XML, tenhou.net/6
JSON logs, mjai events, or game records one a line (``RECORD_KEYS``). It is cut into
games without decoding:

- mjlog: a game ends with ``</mjloggm>``, or where the next ``<mjloggm`` begins (an XML
  declaration before a document belongs to it);
- tenhou.net/6: a game is one JSON object; a line that begins with ``{`` while an object
  is still open starts a new one (the open one was cut short);
- mjai: a game ends with its ``end_game`` line, or where the next ``start_game`` begins;
- game records: a line is a game (blank lines are skipped).

Each game is then decoded as UTF-8 on its own, so a bad byte costs only its game. What
cannot be read becomes a ``ReadError`` in place of the game it spoils, and reading goes
on: a path that cannot be opened or read (missing, no permission), a pattern that
matches nothing, an input in no format the library reads or holding no game, a game of
more than ``MAX_GAME_BYTES`` bytes (found before more than that is kept), an mjai line
of more than ``MAX_LINE_BYTES``, a game that is not UTF-8, compressed data or an
archive that is damaged or cut short (the game it interrupts; an archive's next
members are still read where the archive allows it).

>>> import gzip
>>> log = ('<mjloggm ver="2.3"><GO type="169" lobby="0"/><TAIKYOKU oya="0"/>'
...        '<INIT seed="0,0,0,2,3,60" ten="250,250,250,250" oya="0" '
...        'hai0="0,4,8,12,16,20,24,28,32,36,40,44,48" '
...        'hai1="1,5,9,13,17,21,25,29,33,37,41,45,49" '
...        'hai2="2,6,10,14,18,22,26,30,34,38,42,46,50" '
...        'hai3="3,7,11,15,19,23,27,31,35,39,43,47,51"/>'
...        '<T52/><RYUUKYOKU type="yao9" /></mjloggm>')
>>> bad = '<mjloggm ver="2.3"><GO type="x"/></mjloggm>'
>>> data = gzip.compress("\\n".join([log, bad, log]).encode())
>>> [type(item).__name__ for item in iter_games(data)]
['GameLog', 'ReadError', 'GameLog']
>>> error = list(iter_games(data))[1]
>>> error.file, error.index, error.message
('data', 1, 'before the first round, character 19 <GO type="x"/>: type=\\'x\\' is not a number')
"""

from __future__ import annotations

import bz2
import glob
import io
import itertools
import json
import os
import re
import sys
import tarfile
import tempfile
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Literal, NoReturn, Protocol, TypeAlias, TypeVar, cast

import attrs

from .._json import load_json
from .._lines import read_lines
from ..errors import InvalidLogError, MahjongError, quote, safe_repr
from ..table.records import GameOrigin
from ..tile import plain_str
from .game_log import GameLog
from .logs import RECORD_KEYS, RECORDS, LogFormat, parse_game, sniff_format

__all__ = ["LOG_SUFFIXES", "MAX_GAME_BYTES", "MAX_LINE_BYTES", "GameSource", "Input",
           "ReadError", "iter_games", "iter_sources", "log_files", "read_game"]

MAX_GAME_BYTES = 4 << 20
"""The largest game, in bytes (4 MiB): a real whole game takes 10-120 KB."""
MAX_LINE_BYTES = 1 << 20
"""The longest mjai line (one event), in bytes (1 MiB); an event takes about 100 bytes.
mjlog and tenhou.net/6 games have no line limit of their own: one may be written on a
single line or on many."""
LOG_SUFFIXES = (".mjlog", ".xml", ".json", ".jsonl", ".ndjson", ".mjson", ".log", ".txt",
                ".gz", ".tgz", ".bz2", ".zip", ".tar")
"""The file names a directory's walk reads (case aside): logs, compressed logs and
archives. A file named on its own is read whatever its name."""

Input: TypeAlias = "str | os.PathLike[str] | bytes | bytearray | IO[bytes] | IO[str]"
"""One input: a path, a directory, a glob pattern or ``-`` (standard input); an open
file; bytes in memory."""

_CHUNK = 1 << 16
_BLANK = b" \t\r\n"
_BOM = b"\xef\xbb\xbf"
_HEAD_BYTES = 512
"""Bytes looked at before an input is told apart: a tar header's ``ustar`` mark sits at
byte 257."""
_SPOOL_BYTES = 16 << 20
"""A zip archive that comes as a stream (zip needs to seek) is kept in memory up to
this size, and on disk beyond it."""


@attrs.frozen
class GameSource:
    """One game found in the inputs, not yet read: its ``text``, its format (``fmt``),
    the ``file`` it is in (a path as given, ``standard input``, ``data`` for bytes, or
    ``archive.zip:member``) and its ``index`` among that file's games, from 0.
    ``read_game`` reads it."""

    __repr__ = safe_repr

    text: str
    fmt: LogFormat
    file: str
    index: int

    @property
    def origin(self) -> GameOrigin:
        """The file and index, as a ``GameOrigin``."""
        return GameOrigin(self.file, self.index)


@attrs.frozen
class ReadError:
    """A game (or a whole input) that cannot be read, in its place among the games:
    the ``file``, the game's ``index`` in it (None when the problem is the file's own:
    missing, in no format, holding no game), and the ``message`` saying why (``str``
    of the error)."""

    __repr__ = safe_repr

    file: str
    index: int | None
    message: str

    def __str__(self) -> str:
        return self.message


def iter_games(inputs: Input | Iterable[Input], *, stdin: IO[bytes] | None = None
               ) -> Iterator[GameLog | ReadError]:
    """Every game of ``inputs`` (see the module's notes), in order: a ``GameLog`` (with its
    ``origin``) or a ``ReadError`` in the place of a game that cannot be read. ``-`` is
    ``stdin`` (standard input's bytes by default). Never raises for what the inputs hold;
    raises InvalidLogError (when it comes to it) for an input that is no path, file or
    bytes."""
    for item in iter_sources(inputs, stdin=stdin):
        if isinstance(item, ReadError):
            yield item
            continue
        try:
            yield read_game(item)
        except MahjongError as error:
            yield ReadError(item.file, item.index, str(error))


def read_game(source: GameSource) -> GameLog:
    """The game of one ``GameSource``, its ``origin`` set.

    Raises InvalidLogError naming the place where the game cannot be read.
    """
    if not isinstance(source, GameSource):
        raise MahjongError(f"read_game reads a GameSource, got {quote(source)}")
    game = parse_game(source.text, source.fmt)
    return attrs.evolve(game, origin=source.origin)


def iter_sources(inputs: Input | Iterable[Input], *, stdin: IO[bytes] | None = None
                 ) -> Iterator[GameSource | ReadError]:
    """Every game of ``inputs``, found and not yet read (see the module's notes), in
    order: a ``GameSource``, or a ``ReadError`` in the place of a game (or an input)
    that cannot be read. Never raises for what the inputs hold; raises InvalidLogError
    (when it comes to it) for an input that is no path, file or bytes."""
    for name, stream, path in _files(inputs, stdin):
        if isinstance(stream, ReadError):
            yield stream
            continue
        try:
            yield from _file_sources(name, stream, path)
        finally:
            if path is not None:
                stream.close()


# -- inputs -----------------------------------------------------------------------------

_Opened: TypeAlias = "tuple[str, IO[bytes] | ReadError, str | None]"


def _is_one(inputs: object) -> bool:
    return isinstance(inputs, str | bytes | bytearray | memoryview | os.PathLike) or hasattr(
        inputs, "read")


def _files(inputs: Input | Iterable[Input], stdin: IO[bytes] | None) -> Iterator[_Opened]:
    """Each file of the inputs: its name, its stream (or why it cannot be opened), and
    its path when it was opened here (to be closed, or to be read as a zip)."""
    items = [inputs] if _is_one(inputs) else cast(Iterable[object], inputs)
    try:
        iterator = iter(items)
    except TypeError:
        _not_an_input(inputs)
    for item in iterator:
        if isinstance(item, bytes | bytearray | memoryview):
            yield "data", io.BytesIO(bytes(item)), None
        elif hasattr(item, "read"):
            named = getattr(item, "name", None)
            yield (_shown(named) if isinstance(named, str) else "a stream"), item, None  # type: ignore[misc]
        elif isinstance(item, str):
            yield from _paths(plain_str(item), stdin)
        elif isinstance(item, os.PathLike):
            yield from _paths(os.fspath(item), stdin)
        else:
            _not_an_input(item)


def _not_an_input(value: object) -> NoReturn:
    raise InvalidLogError(f"an input is a path, a file or bytes, got {quote(value)}")


def _shown(path: str) -> str:
    return path if path.isprintable() and len(path) <= 200 else quote(path)


def _paths(path: str | bytes, stdin: IO[bytes] | None) -> Iterator[_Opened]:
    """The files a path names: ``-`` standard input, a file, a directory's log files
    (recursively, in name order), or a glob pattern's matches."""
    if isinstance(path, bytes):
        path = os.fsdecode(path)
    name = _shown(path)
    if path == "-":
        source = stdin if stdin is not None else getattr(sys.stdin, "buffer", None)
        if source is None:
            yield "standard input", ReadError("standard input", None,
                                              "standard input holds no game"), None
        else:
            yield "standard input", source, None
        return
    if os.path.isdir(path):
        yield from _walk(path)
        return
    if not os.path.lexists(path) and glob.has_magic(path):
        matches = sorted(glob.glob(path, recursive=True))
        if not matches:
            yield name, ReadError(name, None, f"{name} matches no file"), None
        seen: set[str] = set()   # logs/** matches a folder, its subfolders and files
        for match in matches:
            if os.path.isdir(match):
                yield from _walk(match, seen)
            elif _first_time(match, seen):
                yield from _opened(match)
        return
    yield from _opened(path)


def log_files(directory: str) -> list[str]:
    """The log files under ``directory`` in the order the reader opens them: a folder's
    files named with a log suffix (``LOG_SUFFIXES``) in name order, then each subfolder's
    the same way (a linked folder followed, a folder met again not read twice); hidden
    files and folders skipped."""
    return [path for path, problem in _walked(directory) if problem is None]


def _walked(directory: str) -> Iterator[tuple[str, str | None]]:
    """Each log file under ``directory`` (see ``log_files``) and what keeps it from
    being read, when something does: a folder that cannot be listed, a file that is
    not a regular one (a pipe, a device: opening it may wait for ever)."""
    seen: set[tuple[int, int]] = set()
    folders = [directory]
    while folders:
        folder = folders.pop()
        try:
            status = os.stat(folder)
            if (status.st_dev, status.st_ino) in seen:
                continue
            seen.add((status.st_dev, status.st_ino))
            with os.scandir(folder) as listing:
                entries = sorted((entry for entry in listing if not entry.name.startswith(".")),
                                 key=lambda entry: entry.name)
        except OSError as error:
            yield folder, f"cannot be read: {error.strerror or error}"
            continue
        below = []
        for entry in entries:
            if _is_folder(entry):
                below.append(entry.path)
            elif entry.name.lower().endswith(LOG_SUFFIXES):
                yield entry.path, _not_regular(entry)
        folders += reversed(below)


def _is_folder(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _not_regular(entry: os.DirEntry[str]) -> str | None:
    """None for a regular file (or a link to one), or a broken link, which opening
    names; else why it is not opened (a pipe, a device, or a link to one)."""
    try:
        if entry.is_file() or (entry.is_symlink() and not os.path.exists(entry.path)):
            return None
    except OSError:
        return None
    return "is not a regular file"


def _first_time(path: str, seen: set[str]) -> bool:
    """Whether ``path`` is met for the first time (``seen`` keeps the real paths)."""
    real = os.path.realpath(path)
    if real in seen:
        return False
    seen.add(real)
    return True


def _walk(directory: str, seen: set[str] | None = None) -> Iterator[_Opened]:
    """The log files of a folder, opened; an error for a folder without one. Within a
    pattern's matches (``seen``), a file already met is not read again and a folder
    without logs is no error of its own."""
    found = seen is not None
    for path, problem in _walked(directory):
        found = True
        if seen is not None and not _first_time(path, seen):
            continue
        if problem is None:
            yield from _opened(path)
        else:
            name = _shown(path)
            yield name, ReadError(name, None, f"{name} {problem}"), None
    if not found:
        name = _shown(directory)
        yield name, ReadError(name, None, f"{name} holds no log file"), None


def _opened(path: str) -> Iterator[_Opened]:
    name = _shown(path)
    try:
        handle = open(path, "rb")  # noqa: SIM115 (closed by iter_sources once read)
    except (OSError, ValueError) as error:  # ValueError: a NUL byte in the path
        problem = getattr(error, "strerror", None) or error
        yield name, ReadError(name, None, f"{name} cannot be read: {problem}"), None
        return
    yield name, handle, path


# -- one file ---------------------------------------------------------------------------


class _Broken(Exception):
    """The input cannot be read on from here (a read failed, the data is damaged)."""


_READ_ERRORS = (OSError, EOFError, zlib.error, zipfile.BadZipFile, tarfile.TarError,
                ValueError)


def _file_sources(name: str, stream: IO[bytes], path: str | None = None
                  ) -> Iterator[GameSource | ReadError]:
    """The games of one file, each problem in the place of the game it spoils."""
    index = 0
    for item in _file_games(name, stream, path):
        if isinstance(item, _Piece):
            item = (GameSource(item.text, item.fmt, name, index)
                    if item.error is None and item.fmt is not None
                    else ReadError(name, index, item.error or "no game"))
            index += 1
        yield item


@attrs.frozen
class _Piece:
    """One game of a file, or why it cannot be read."""

    fmt: LogFormat | None
    text: str
    error: str | None = None


def _file_games(name: str, stream: IO[bytes], path: str | None
                ) -> Iterator[_Piece | GameSource | ReadError]:
    head, chunks, broken = _peek(_chunks(stream))
    packed = True
    while packed:
        packed = False
        if head.startswith(b"\x1f\x8b"):
            head, chunks, broken = _peek(_inflate(_chain([head], chunks)))
            packed = True
            path = None
        elif head.startswith(b"BZh") and head[4:10] == b"1AY&SY":
            head, chunks, broken = _peek(_bunzip(_chain([head], chunks)))
            packed = True
            path = None
    if head.startswith(b"PK\x03\x04") or head.startswith(b"PK\x05\x06"):
        yield from _zip_members(name, _chain([head], chunks), path)
        return
    if len(head) >= 262 and head[257:262] == b"ustar":
        yield from _tar_members(name, _chain([head], chunks))
        return
    if head.startswith(_BOM):
        head = head[len(_BOM):]
    if not head.lstrip(_BLANK) or (len(head) <= MAX_LINE_BYTES and not head.strip(b"\x00")):
        # blank, or zero bytes only (an empty tar archive): _peek read it all
        message = f"{name}: {broken}" if broken else f"{name} holds no game"
        yield ReadError(name, None, message)
        return
    fmt = sniff_format(head)
    if fmt is None:
        yield ReadError(name, None, f"{name}: the log is neither mjlog XML (<mjloggm ...>) "
                                    "nor a tenhou.net/6 JSON log nor mjai events; it starts "
                                    f"{quote(head.lstrip(_BLANK)[:40].decode('utf-8', 'replace'))}")
        return
    count = 0
    for game in _SPLITTERS[fmt](_chain([head], chunks), name):
        count += 1
        yield game
    if not count:
        yield ReadError(name, None, f"{name} holds no game")


def _zip_members(name: str, chunks: Iterator[bytes], path: str | None
                 ) -> Iterator[GameSource | ReadError]:
    """Each member of a zip archive, read as a file of its own."""
    try:
        if path is not None:
            archive = zipfile.ZipFile(path)
        else:   # a stream: kept aside, since a zip is read from its end
            spool = tempfile.SpooledTemporaryFile(_SPOOL_BYTES)  # noqa: SIM115 (the archive's)
            for chunk in chunks:
                spool.write(chunk)
            archive = zipfile.ZipFile(spool)
    except (_Broken, *_READ_ERRORS) as error:
        yield ReadError(name, None, f"{name}: the zip archive is damaged ({error})")
        return
    with archive:
        members = [member for member in archive.infolist() if not member.is_dir()]
        if not members:
            yield ReadError(name, None, f"{name} holds no game")
        for member in members:
            label = f"{name}:{_shown(member.filename)}"
            try:
                handle = archive.open(member)
            except _READ_ERRORS as error:
                yield ReadError(label, None, f"{label} cannot be read: {error}")
                continue
            except NotImplementedError:
                yield ReadError(label, None, f"{label} cannot be read: its compression "
                                             f"(method {member.compress_type}) is not supported")
                continue
            except RuntimeError:  # zipfile's word for a member that needs a password
                yield ReadError(label, None, f"{label} is encrypted (a password is needed)")
                continue
            with handle:
                yield from _file_sources(label, handle)


def _tar_members(name: str, chunks: Iterator[bytes]) -> Iterator[GameSource | ReadError]:
    """Each file of a tar archive, read as a file of its own, in order. A header that
    cannot be read ends the archive (what follows it cannot be found): an error then
    stands for the rest, where ``tarfile`` alone would stop as at the archive's end."""
    stream = _Stream(chunks)
    try:
        files = 0
        with tarfile.open(fileobj=io.BufferedReader(stream), mode="r|") as archive:
            for member in archive:
                if not member.isfile():
                    continue
                files += 1
                label = f"{name}:{_shown(member.name)}"
                handle = archive.extractfile(member)
                if handle is not None:
                    yield from _file_sources(label, handle)
            end = archive.offset
        if stream.holds_data_after(end):
            yield ReadError(name, None, f"{name}: the tar archive is damaged (the header at "
                                        f"byte {end} cannot be read; nothing after it can be "
                                        "found)")
        elif not files:
            yield ReadError(name, None, f"{name} holds no game")
    except (_Broken, *_READ_ERRORS) as error:
        yield ReadError(name, None, f"{name}: the tar archive is damaged ({error})")


# -- bytes in ---------------------------------------------------------------------------


def _chunks(stream: IO[bytes] | IO[str]) -> Iterator[bytes]:
    """The stream's bytes as soon as each piece arrives (a text stream's text encoded)."""
    source = getattr(stream, "buffer", None) or stream
    read = getattr(source, "read1", None) or source.read
    while True:
        try:
            chunk = read(_CHUNK)
        except _READ_ERRORS as error:
            raise _Broken(f"reading failed: {getattr(error, 'strerror', None) or error}"
                          ) from None
        if not chunk:
            return
        if isinstance(chunk, str):  # a text stream without bytes beneath
            chunk = chunk.encode("utf-8", "surrogatepass")
        yield bytes(chunk)


def _chain(first: Iterable[bytes], rest: Iterator[bytes]) -> Iterator[bytes]:
    yield from first
    yield from rest


def _peek(chunks: Iterator[bytes]) -> tuple[bytes, Iterator[bytes], _Broken | None]:
    """The input's first bytes: at least ``_HEAD_BYTES`` and up to its first line's end
    after the first byte that is not blank (at most ``MAX_LINE_BYTES`` and a piece), or
    all of it when shorter; then the pieces after them, and why the input cannot be read
    on when it broke before.

    A break (a read that failed, data damaged or cut short) is kept for the end of
    what came before it: the games before the damage are still read, in a file whose
    games are all on one line as in one a line."""
    head = bytearray()
    try:
        for chunk in chunks:
            head += chunk
            body = head.lstrip(_BLANK + _BOM)
            if len(head) >= _HEAD_BYTES and body and (
                    b"\n" in body or b"\r" in body or len(body) > MAX_LINE_BYTES):
                break
    except _Broken as broken:
        return bytes(head), _broken_after(broken), broken
    return bytes(head), chunks, None


def _broken_after(broken: _Broken) -> Iterator[bytes]:
    """No more pieces: the input broke (raised when the reader gets here)."""
    yield from ()
    raise broken


def _inflate(chunks: Iterator[bytes]) -> Iterator[bytes]:
    """Gzip members one after another, inflated as they come (see ``_members``)."""
    return _members(chunks, lambda: zlib.decompressobj(16 + zlib.MAX_WBITS),
                    lambda inflater, out: (inflater.unconsumed_tail, len(out) == _CHUNK),
                    "gzip", (zlib.error,))


def _bunzip(chunks: Iterator[bytes]) -> Iterator[bytes]:
    """Bzip2 streams one after another, decompressed as they come (see ``_members``)."""
    return _members(chunks, bz2.BZ2Decompressor,
                    lambda decompressor, _: (b"", not decompressor.needs_input),
                    "bzip2", (OSError, EOFError, ValueError))


class _Unpacker(Protocol):
    """What gzip's and bzip2's decompressors have in common."""

    @property
    def eof(self) -> bool: ...
    @property
    def unused_data(self) -> bytes: ...
    def decompress(self, data: bytes, max_length: int, /) -> bytes: ...


_U = TypeVar("_U", bound=_Unpacker)


def _members(chunks: Iterator[bytes], start: Callable[[], _U],
             after: Callable[[_U, bytes], tuple[bytes, bool]], what: str,
             errors: tuple[type[Exception], ...]) -> Iterator[bytes]:
    """Compressed members one after another, decompressed as they come, a piece of at
    most ``_CHUNK`` bytes at a time (a small input that inflates to a huge one never lands
    in memory at once); zero bytes after the last member are padding. ``after(unpacker,
    out)`` gives the input the unpacker handed back and whether it still holds output.
    Raises _Broken where the data is damaged or ends early."""
    unpacker = start()
    begun = False   # the current member has been fed
    for chunk in chunks:
        data = chunk
        while data:
            if unpacker.eof:   # another member follows, or zero padding
                if not data.strip(b"\x00"):
                    break
                unpacker = start()
                begun = False
            try:
                out = unpacker.decompress(data, _CHUNK)
                begun = True
                while True:
                    if out:
                        yield out
                    if unpacker.eof:
                        data = unpacker.unused_data
                        break
                    data, held = after(unpacker, out)
                    if data or not held:
                        break
                    out = unpacker.decompress(b"", _CHUNK)   # output still held back
            except errors as error:
                raise _Broken(f"the {what} data is damaged ({error})") from None
    if begun and not unpacker.eof:
        raise _Broken(f"the {what} data ends early (cut short)")


# -- games out --------------------------------------------------------------------------


def _game(fmt: LogFormat, data: bytes | bytearray, size: int) -> _Piece:
    """A game's bytes decoded, or why they cannot be."""
    if size > MAX_GAME_BYTES:
        return _Piece(fmt, "", f"the game is larger than {MAX_GAME_BYTES} bytes (at least "
                                 f"{size}); a real game takes 10-120 KB")
    try:
        return _Piece(fmt, bytes(data).decode("utf-8"))
    except UnicodeDecodeError as error:
        return _Piece(fmt, "", f"the game is not UTF-8: byte 0x{data[error.start]:02x} at "
                                 f"position {error.start} ({error.reason})")


def _broken(fmt: LogFormat, name: str, broken: _Broken) -> _Piece:
    return _Piece(fmt, "", f"{name}: {broken}")


_MJLOG_MARK = re.compile(rb"<mjloggm[\s>/]|</mjloggm\s*>")
_MARK_TAIL = 16
"""Bytes kept from the end of what was searched: a mark cut between two pieces."""


def _mjlog_games(chunks: Iterator[bytes], name: str) -> Iterator[_Piece | ReadError]:
    fmt = LogFormat.MJLOG
    pending = bytearray()
    dropped = 0     # bytes of the current game no longer kept (it is too large)
    scan = 0        # where the search for the next mark goes on
    try:
        for chunk in chunks:
            pending += chunk
            while (mark := _MJLOG_MARK.search(pending, scan)) is not None:
                if mark.group().startswith(b"</"):
                    yield _game(fmt, pending[:mark.end()].strip(_BLANK), dropped + mark.end())
                    del pending[:mark.end()]
                    dropped = scan = 0
                    continue
                opened = mark.start()
                before = pending[:opened].strip(_BLANK)
                if dropped or (before and not (before.startswith(b"<?xml")
                                               and before.endswith(b"?>"))):
                    # a game that is too large, cut short, or stray text
                    yield _game(fmt, before, dropped + opened)
                    del pending[:opened]
                    dropped = opened = 0
                scan = opened + len(b"<mjloggm")
            scan = max(scan, len(pending) - _MARK_TAIL)
            if dropped + len(pending) > MAX_GAME_BYTES and scan > 0:
                dropped += scan
                del pending[:scan]
                scan = 0
    except _Broken as broken:
        yield _broken(fmt, name, broken)
        return
    rest = pending.strip(_BLANK)
    if rest or dropped:
        yield _game(fmt, rest, dropped + len(pending))


_JSON_STEP = re.compile(rb'[{}"\n]')
_STRING_STEP = re.compile(rb'["\\\n]')


def _tenhou6_games(chunks: Iterator[bytes], name: str) -> Iterator[_Piece | ReadError]:
    """JSON objects one after another; what lies between them (not blank) is a game of
    its own, refused when read."""
    split = _Tenhou6Split()
    try:
        for chunk in chunks:
            yield from split.feed(chunk)
    except _Broken as broken:
        yield _broken(LogFormat.TENHOU6, name, broken)
        return
    yield from split.finish()


class _Tenhou6Split:
    """Where the scan of tenhou.net/6 text stands between pieces of bytes."""

    def __init__(self) -> None:
        self.pending = bytearray()   # the current object (or stray text) from its start
        self.dropped = 0
        self.at = 0                  # where scanning goes on in ``pending``
        self.depth = 0
        self.in_string = False
        self.stray = False           # ``pending`` holds text outside any object

    def feed(self, chunk: bytes) -> Iterator[_Piece]:
        """The games that end in ``chunk``."""
        self.pending += chunk
        while self.at < len(self.pending):
            if self.depth == 0 and not self.stray:
                if not self._begin():
                    break
                continue
            piece = self._stray_text() if self.stray else self._object()
            if piece is None:
                break
            yield piece
        if self.dropped + len(self.pending) > MAX_GAME_BYTES and self.at > 0:
            self.dropped += self.at     # what was scanned is no longer kept
            del self.pending[:self.at]
            self.at = 0

    def finish(self) -> Iterator[_Piece]:
        """What is left at the end: a game cut short, or stray text."""
        rest = self.pending.strip(_BLANK)
        if rest or self.dropped:
            yield _game(LogFormat.TENHOU6, rest, self.dropped + len(self.pending))

    def _begin(self) -> bool:
        """Between games: skip blanks; an object or stray text begins (False: no byte yet)."""
        pending = self.pending
        body = pending[self.at:].lstrip(_BLANK)
        skipped = len(pending) - self.at - len(body)
        del pending[:self.at + skipped]
        self.at = 0
        if not body:
            return False
        if pending[0:1] == b"{":
            self.depth, self.at = 1, 1
        else:
            self.stray = True
        return True

    def _stray_text(self) -> _Piece | None:
        """Stray text runs to the next line that begins with {; None: not found yet."""
        pending = self.pending
        found = pending.find(b"\n{", self.at)
        if found < 0:
            self.at = max(self.at, len(pending) - 1)
            return None
        piece = _game(LogFormat.TENHOU6, pending[:found].strip(_BLANK), self.dropped + found)
        del pending[:found + 1]
        self.dropped = self.at = 0
        self.stray = False
        return piece

    def _object(self) -> _Piece | None:
        """Scan the object to its closing brace, or to a line that opens a new one (the
        current one is cut short); None: more bytes are needed."""
        pending, at, depth, in_string = self.pending, self.at, self.depth, self.in_string
        piece: _Piece | None = None
        while piece is None:
            step = (_STRING_STEP if in_string else _JSON_STEP).search(pending, at)
            if step is None:
                at = len(pending)
                break
            byte = pending[step.start()]
            at = step.end()
            if byte == 0x5C:    # a backslash: the next byte is escaped
                if at >= len(pending):
                    at -= 1     # wait for the escaped byte
                    break
                at += 1
            elif byte == 0x22:  # a quote
                in_string = not in_string
            elif byte == 0x0A:  # a newline (never inside a JSON string)
                in_string = False
                if at >= len(pending):
                    at -= 1     # wait for the next line's first byte
                    break
                if pending[at] == 0x7B:   # { opens a line: a new object
                    piece = _game(LogFormat.TENHOU6, pending[:at].strip(_BLANK),
                                  self.dropped + at)
                    del pending[:at]
                    self.dropped, at, depth = 0, 1, 1
            elif byte == 0x7B:
                depth += 1
            else:               # }
                depth -= 1
                if depth == 0:
                    piece = _game(LogFormat.TENHOU6, pending[:at], self.dropped + at)
                    del pending[:at]
                    self.dropped = at = 0
        self.at, self.depth, self.in_string = at, depth, in_string
        return piece


class _Stream(io.RawIOBase):
    """A readable stream over pieces of bytes (for ``read_lines`` and ``tarfile``), which
    keeps the last ``_TAIL`` bytes it gave."""

    def __init__(self, chunks: Iterator[bytes]) -> None:
        self._chunks = chunks
        self._rest = b""
        self._given = 0
        self._tail = bytearray()

    def readable(self) -> bool:
        return True

    def _next(self) -> bytes:
        data = self._rest or next(self._chunks, b"")
        self._rest = b""
        return data

    def _gave(self, data: bytes) -> bytes:
        self._given += len(data)
        self._tail += data
        del self._tail[:-_TAIL]
        return data

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        data = self._next()
        size = min(len(buffer), len(data))
        buffer[:size] = data[:size]
        self._rest = data[size:]
        self._gave(data[:size])
        return size

    def read1(self, size: int = -1) -> bytes:
        return self._gave(self._next())

    def holds_data_after(self, offset: int) -> bool:
        """Whether any byte from ``offset`` on (the last ones given and all those not
        yet given) is other than zero."""
        start = offset - (self._given - len(self._tail))
        if any(self._tail[max(start, 0):]):
            return True
        return any(any(chunk) for chunk in itertools.chain([self._rest], self._chunks))


_TAIL = 1 << 16
"""Bytes a ``_Stream`` keeps of what it gave: more than ``tarfile`` reads ahead (10 KiB)."""


def _mjai_games(chunks: Iterator[bytes], name: str) -> Iterator[_Piece | ReadError]:
    """Lines from a ``start_game`` to an ``end_game``; a line that cannot be read (not
    UTF-8, too long) spoils its game, which still ends where it would."""
    fmt = LogFormat.MJAI
    lines: list[str] = []
    size = 0
    problem: str | None = None

    def finish() -> _Piece:
        if problem is not None:
            return _Piece(fmt, "", problem)
        return _Piece(fmt, "\n".join(lines))

    try:
        for line in read_lines(_Stream(chunks), max_bytes=MAX_LINE_BYTES):
            text = line.text
            if (line.error is None and '"start_game"' in text and _is_type(text, "start_game")
                    and (lines or problem is not None)):
                yield finish()
                lines, size, problem = [], 0, None
            if line.error is not None:
                problem = problem or f"{name}: {line.error}"
                continue
            size += len(text.encode("utf-8", "surrogatepass")) + 1
            if size > MAX_GAME_BYTES and problem is None:
                problem = (f"the game is larger than {MAX_GAME_BYTES} bytes (at least {size}); "
                           "a real game takes 10-120 KB")
                lines = []
            elif problem is None:
                lines.append(text)
            if '"end_game"' in text and _is_type(text, "end_game"):
                yield finish()
                lines, size, problem = [], 0, None
    except _Broken as broken:
        yield _broken(fmt, name, broken)
        return
    if lines or problem is not None:
        yield finish()


def _is_type(line: str, kind: str) -> bool:
    try:
        event = load_json(line)
    except (ValueError, RecursionError):
        return False
    return isinstance(event, dict) and event.get("type") == kind


def _record_games(chunks: Iterator[bytes], name: str) -> Iterator[_Piece | ReadError]:
    """A game a line, each under one of ``RECORD_KEYS``; a line that holds none cannot be
    read (not UTF-8, too long, not a JSON object) is an error in its place."""
    try:
        for line in read_lines(_Stream(chunks), max_bytes=2 * MAX_GAME_BYTES):
            if line.error is not None:
                yield _Piece(None, "", f"{name}: {line.error}")
                continue
            try:
                fmt, text = _record_game(line.text)
            except MahjongError as error:
                yield _Piece(None, "", f"{name}, line {line.number}: {error}")
                continue
            size = len(text.encode("utf-8", "surrogatepass"))
            yield _Piece(fmt, text) if size <= MAX_GAME_BYTES else _game(fmt, b"", size)
    except _Broken as broken:
        yield _Piece(None, "", f"{name}: {broken}")


def _record_game(line: str) -> tuple[LogFormat, str]:
    """The format and text of the game one record keeps (see ``RECORD_KEYS``).

    Raises MahjongError for a line that is not a JSON object or does not hold one game.
    """
    try:
        record = load_json(line)
    except (ValueError, RecursionError) as error:
        raise MahjongError(f"the record is not JSON: {error}") from None
    if not isinstance(record, dict):
        raise MahjongError(f"the record is not a JSON object: {quote(line, 40)}")
    keys = [key for key in RECORD_KEYS if key in record]
    if not keys:
        raise MahjongError('the record holds no game: a record keeps it under "mjlog", '
                           '"tenhou6" or "mjai"')
    if len(keys) > 1:
        raise MahjongError(f"the record holds more than one game "
                           f"({', '.join(json.dumps(key) for key in keys)}): one a line")
    key = keys[0]
    fmt, value = RECORD_KEYS[key], record[key]
    if isinstance(value, str):
        return fmt, value
    if fmt is LogFormat.TENHOU6 and isinstance(value, dict):
        return fmt, json.dumps(value, ensure_ascii=False)
    if fmt is LogFormat.MJAI and isinstance(value, list) and all(
            isinstance(event, dict) for event in value):
        return fmt, "\n".join(json.dumps(event, ensure_ascii=False) for event in value)
    shape = {LogFormat.MJLOG: "the log's text",
             LogFormat.TENHOU6: "the log as an object or as its text",
             LogFormat.MJAI: "the events as a list of objects or as text"}[fmt]
    raise MahjongError(f"{json.dumps(key)} is {shape}, got {quote(value)}")


_SPLITTERS: dict[LogFormat | Literal["records"],
                 Callable[[Iterator[bytes], str], Iterator[_Piece | ReadError]]] = {
    LogFormat.MJLOG: _mjlog_games, LogFormat.TENHOU6: _tenhou6_games,
    LogFormat.MJAI: _mjai_games, RECORDS: _record_games}
"""Where a file of each format is cut into games."""
