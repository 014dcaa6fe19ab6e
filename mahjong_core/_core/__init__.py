"""The private fast core: per-suit tables and the int kernels behind the public objects.

Everything here works on ints (suit keys, kind masks, packed tables) and imports nothing
from the public modules but the errors; ``hand``, ``scoring`` and the other public
modules turn its answers into tiles, hands and results. ``tables.bin`` holds the shipped
per-suit tables, written by ``scripts/build_tables.py`` from the definitions in
``build``.
"""
