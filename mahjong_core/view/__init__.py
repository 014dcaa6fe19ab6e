"""The replay viewer: a whole game as one self-contained HTML page.

``game_html(record)`` turns a ``GameRecord`` (a game the engine played, or a log replayed
through it) into a page that works offline with nothing beside it: the table as a
player pictures it, stepped through action by action, by a seat's turns or by round,
with each round's results and the final standing. ``game_views`` gives the same
moments as Python values (``Frame``: every hand, river, meld, dora indicator, score and
stick after each action), which is what the page draws.

>>> from mahjong_core.table import Game
>>> game = Game(seed=1)
>>> page = game_html(game.record())
>>> page.startswith("<!DOCTYPE html>"), "<script src" in page
(True, False)
"""

from __future__ import annotations

from .frames import Frame, RiverSlot, RoundView, SeatView, StepKind, game_views, round_view
from .page import (
    JsonObject,
    frame_state,
    game_html,
    log_html,
    meld_code,
    notebook_html,
    page_data,
)

__all__ = [
    "Frame",
    "JsonObject",
    "RiverSlot",
    "RoundView",
    "SeatView",
    "StepKind",
    "frame_state",
    "game_html",
    "game_views",
    "log_html",
    "meld_code",
    "notebook_html",
    "page_data",
    "round_view",
]
