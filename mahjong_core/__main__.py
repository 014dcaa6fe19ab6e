"""``python -m mahjong_core``: the command line (see ``mahjong_core.cli``)."""

import sys

from .cli import main

sys.exit(main())
