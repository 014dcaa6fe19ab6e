"""Game-log formats: Tenhou's mjlog XML, the tenhou.net/6 JSON log and mjai events.

Every reader turns its format into a ``GameLog`` (a deal and the players' decisions);
``replay_game`` plays it through the table engine, and each writer writes the engine's
``GameRecord``, so any game the engine plays or replays can be written in any format.
Each format is a module of its own (``mahjong_core.formats.mjlog`` holds the mjlog event
records); the package names the entry points.
"""

from __future__ import annotations

from .game_log import GameLog
from .logs import LogFormat, detect_format, parse_game, read_games, split_games, write_game
from .mjai import parse_mjai, read_mjai, split_mjai, write_mjai
from .mjlog import format_mjlog, parse_mjlog, read_mjlog, split_mjlog
from .record_mjlog import record_to_mjlog
from .replay import replay_game
from .tenhou6 import parse_tenhou6, read_tenhou6, split_tenhou6, write_tenhou6
from .tenhou_seed import TenhouShuffle, ThreePlayerLayout, tenhou_walls

__all__ = [
    "GameLog",
    "LogFormat",
    "TenhouShuffle",
    "ThreePlayerLayout",
    "detect_format",
    "format_mjlog",
    "parse_game",
    "parse_mjai",
    "parse_mjlog",
    "parse_tenhou6",
    "read_games",
    "read_mjai",
    "read_mjlog",
    "read_tenhou6",
    "record_to_mjlog",
    "replay_game",
    "split_games",
    "split_mjai",
    "split_mjlog",
    "split_tenhou6",
    "tenhou_walls",
    "write_game",
    "write_mjai",
    "write_tenhou6",
]
