"""The per-suit answer tables (private), read from the package's data file on first use.

``tables.bin`` is written by ``scripts/build_tables.py`` from the definitions in
``suit``, ``shanten`` and ``score_tables`` (the code is ``build``); a test builds the
tables afresh and compares them with the file. Each table is a ``bytes`` value: the
per-suit ones hold one byte per suit key (``_suit`` gives the layouts), the others are
indexed by small packed numbers (``_shanten`` gives those). A table is decompressed the
first time a kernel reads it, as a module attribute, and kept: the set is complete and
fixed in size (about 15 MB once every table is in use), so nothing grows with use and a
first call costs what a later one does, plus one decompression of a few milliseconds.
"""

from __future__ import annotations

import bisect
import os

__all__ = ["FILE", "NAMES", "decompress", "pack", "read", "readings_of", "unpack"]

MAGIC = b"mahjong_core tables 1\n"
"""The file starts with this line; a different one is another format."""
FILE = "tables.bin"

NAMES = (
    "SHAPE", "WAIT", "WAITS", "VECTOR", "PAIRS", "ORPHANS", "FEATURES",
    "HONOUR_SHAPE", "HONOUR_WAIT", "HONOUR_WAITS", "HONOUR_VECTOR", "HONOUR_PAIRS",
    "HONOUR_ORPHANS", "HONOUR_FEATURES",
    "CATALOGUE", "AB", "CD", "FIN",
    "READING_KEYS", "READING_SPANS", "READINGS",
)
"""Every table in the file, in file order."""

SHAPE: bytes
WAIT: bytes
WAITS: bytes
VECTOR: bytes
"""Closed number-suit key -> index of its need vector in CATALOGUE."""
PAIRS: bytes
ORPHANS: bytes
FEATURES: bytes
HONOUR_SHAPE: bytes
HONOUR_WAIT: bytes
HONOUR_WAITS: bytes
HONOUR_VECTOR: bytes
HONOUR_PAIRS: bytes
HONOUR_ORPHANS: bytes
HONOUR_FEATURES: bytes
CATALOGUE: bytes
"""The need vectors of closed suits, ten bytes each (see ``_shanten``)."""
AB: bytes
"""``a << 8 | b`` for two number suits' vectors -> class of their product."""
CD: bytes
"""``c << 8 | d`` for a number suit's and the honours' vectors -> class of their product."""
FIN: bytes
"""``ab << 8 | cd`` -> standard shanten + 1 of a closed hand with those two products."""
READING_KEYS: bytes
"""The complete number-suit keys of up to 14 tiles, ascending, 4 bytes each (little end
first)."""
READING_SPANS: bytes
"""Per complete key: its first reading in READINGS << 3 | its number of readings."""
READINGS: bytes
"""Every reading of every complete key, packed by ``_suit.pack_reading``, 4 bytes each."""

_HEADER = "<16sII"
"""Per table: name, size, compressed size (struct and zlib load with the first table)."""


def pack(tables: dict[str, bytes]) -> bytes:
    """The file holding ``tables`` (every name of NAMES), each compressed."""
    import struct
    import zlib
    parts = [MAGIC, struct.pack("<I", len(NAMES))]
    blobs = []
    for name in NAMES:
        blob = zlib.compress(tables[name], 9)
        parts.append(struct.pack(_HEADER, name.encode(), len(tables[name]), len(blob)))
        blobs.append(blob)
    return b"".join(parts + blobs)


def unpack(data: bytes) -> dict[str, tuple[int, int, int]]:
    """The directory of a file: name -> (offset, compressed size, size).

    Raises ValueError for data that is not a tables file of this format.
    """
    import struct
    if not data.startswith(MAGIC):
        raise ValueError("not a mahjong_core tables file of this version")
    (count,) = struct.unpack_from("<I", data, len(MAGIC))
    offset = len(MAGIC) + 4
    entries = []
    for _ in range(count):
        raw, size, packed = struct.unpack_from(_HEADER, data, offset)
        entries.append((raw.rstrip(b"\0").decode(), size, packed))
        offset += struct.calcsize(_HEADER)
    directory = {}
    for name, size, packed in entries:
        directory[name] = (offset, packed, size)
        offset += packed
    if offset != len(data) or tuple(directory) != NAMES:
        raise ValueError("a damaged mahjong_core tables file")
    return directory


def decompress(data: bytes, directory: dict[str, tuple[int, int, int]], name: str) -> bytes:
    """One table of a file."""
    import zlib
    offset, packed, size = directory[name]
    table = zlib.decompress(data[offset:offset + packed])
    if len(table) != size:
        raise ValueError(f"a damaged mahjong_core tables file: {name}")
    return table


_file: tuple[bytes, dict[str, tuple[int, int, int]]] | None = None


def read() -> tuple[bytes, dict[str, tuple[int, int, int]]]:
    """The package's data file and its directory (read once)."""
    global _file
    if _file is None:
        try:  # the usual install: a file beside this module (importlib.resources costs 10 ms)
            with open(os.path.join(os.path.dirname(__file__), FILE), "rb") as f:
                data = f.read()
        except OSError:  # a zipped package, say
            from importlib.resources import files
            data = files(__package__).joinpath(FILE).read_bytes()
        _file = data, unpack(data)
    return _file


def __getattr__(name: str) -> bytes:
    """Load a table the first time it is asked for; later reads find the attribute."""
    if name not in NAMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    data, directory = read()
    table = decompress(data, directory, name)
    globals()[name] = table  # two threads may both load it: the same bytes either way
    return table


_index: list[tuple[tuple[int, ...], bytes, bytes]] = []
"""The complete keys (ascending), their spans and the readings, once first asked for."""


def readings_of(key: int) -> tuple[int, ...]:
    """The packed readings of a number-suit key (none when it is not complete)."""
    if not _index:
        import struct
        words = __getattr__("READING_KEYS")
        # two threads may both fill it: the same values either way
        _index[:] = [(struct.unpack(f"<{len(words) // 4}I", words),
                      __getattr__("READING_SPANS"), __getattr__("READINGS"))]
    keys, spans, packed = _index[0]
    at = bisect.bisect_left(keys, key)
    if at == len(keys) or keys[at] != key:
        return ()
    span = int.from_bytes(spans[4 * at:4 * at + 4], "little")
    start, count = span >> 3, span & 7
    return tuple(int.from_bytes(packed[4 * i:4 * i + 4], "little")
                 for i in range(start, start + count))
