#!/usr/bin/env python3
"""Write mahjong_core/_core/tables.bin, the per-suit tables the package ships, from their
definitions (mahjong_core/_core/build.py). With --check, compare instead and exit 1 when the
file differs from a fresh build.

Run it from the repository root after changing a definition:
    python scripts/build_tables.py
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong_core._core import build as _build
from mahjong_core._core import tables as _tables


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="compare the shipped file with a fresh build instead of writing")
    args = parser.parse_args()
    path = os.path.normpath(os.path.join(os.path.dirname(_tables.__file__), _tables.FILE))
    start = time.perf_counter()
    tables = _build.tables()
    took = time.perf_counter() - start
    if args.check:
        with open(path, "rb") as f:
            data = f.read()
        directory = _tables.unpack(data)
        stale = [name for name in _tables.NAMES
                 if _tables.decompress(data, directory, name) != tables[name]]
        print(f"built in {took:.1f} s; " + (f"differs: {', '.join(stale)}" if stale
                                             else f"{path} matches"))
        return 1 if stale else 0
    data = _tables.pack(tables)
    with open(path, "wb") as f:
        f.write(data)
    raw = sum(len(t) for t in tables.values())
    print(f"built in {took:.1f} s; wrote {path}: {len(data):,} bytes "
          f"({raw:,} bytes of tables)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
