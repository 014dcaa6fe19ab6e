"""A seeded four-player game: the library embedded in a game loop.

The engine lives in ``mahjong_core.demo`` (so ``python -m mahjong_core demo`` works from
an installed package); this script only runs it. Read that module for the loop: the
wall, the draws and discards, the calls, and every win checked and scored by
``evaluate``.

Run: ``python examples/game_loop.py --hands 8 --seed 1`` (``--help`` for the options:
``--quiet``, ``--verbose``, ``--json``, ``--unicode``).
"""

from __future__ import annotations

import sys

from mahjong_core.demo import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
