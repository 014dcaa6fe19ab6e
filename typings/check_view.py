"""Consumer code for the replay viewer, type-checked by ``mypy --strict`` and never run.

As in ``check_api.py``: ``assert_type`` pins what must type, each
``# type: ignore[code]`` a misuse mypy must reject (``warn_unused_ignores`` is on).
"""

from __future__ import annotations

from typing import assert_type

from mahjong_core import Meld, Tile
from mahjong_core.render import meld_slots, tile_symbols
from mahjong_core.table import Game, GameRecord
from mahjong_core.view import (
    Frame,
    JsonObject,
    RiverSlot,
    RoundView,
    SeatView,
    StepKind,
    game_html,
    game_views,
    log_html,
    notebook_html,
    page_data,
)

record: GameRecord = Game(seed=1).record()
assert_type(game_html(record, names=["a", "b", "c", "d"], seat=2, open_hands=False), str)
assert_type(record.to_html(title="a game"), str)
assert_type(log_html("<mjloggm ver=\"2.3\"></mjloggm>", seat=1), str)
assert_type(notebook_html(record, height=600), str)
assert_type(page_data(record, language="japanese"), JsonObject)

views = game_views(record)
assert_type(views, tuple[RoundView, ...])
view = views[0]
assert_type(view.key, str)
assert_type(view.turns(0), tuple[int, ...])
frame = view.frames[-1]
assert_type(frame, Frame)
assert_type(frame.kind, StepKind)
assert_type(frame.kind.is_end, bool)
assert_type(frame.seat, int | None)
assert_type(frame.tile, Tile | None)
assert_type(frame.dora, tuple[Tile, ...])
seat = frame.seats[0]
assert_type(seat, SeatView)
assert_type(seat.melds, tuple[Meld, ...])
assert_type(seat.river[0], RiverSlot)
assert_type(seat.river[0].sideways, bool)
assert_type(tile_symbols("t-"), str)
assert_type(meld_slots(Meld.parse("pon:555m"))[0][0], tuple[Tile, ...])

game_html(record, seat="0")  # type: ignore[arg-type]
game_html(record, names="abcd", language="latin")  # type: ignore[arg-type]
frame.live = 3  # type: ignore[misc]
