"""Game-log formats: Tenhou's mjlog XML, the tenhou.net/6 JSON log and mjai events.

Every reader turns its format into a ``GameLog`` (a deal and the players' decisions);
``replay_game`` plays it through the table engine, and each writer writes the engine's
``GameRecord``, so any game the engine plays or replays can be written in any format.
``iter_games`` reads a whole corpus as a stream (files, directories, archives, standard
input), a bad game costing only itself. Each format is a module of its own
(``mahjong_core.formats.game_log`` holds the game's records); the package names the
entry points.
"""

from __future__ import annotations

from .corpus import GameSource, ReadError, iter_games, iter_sources, read_game
from .game_log import GameLog, LogRound
from .logs import LogFormat, detect_format, parse_game, write_game
from .mjai import parse_mjai, write_mjai
from .mjlog import format_mjlog, parse_mjlog
from .record_mjlog import record_to_mjlog
from .replay import replay_game
from .tenhou6 import parse_tenhou6, write_tenhou6
from .tenhou_seed import TenhouShuffle, ThreePlayerLayout, tenhou_walls

__all__ = [
    "GameLog",
    "GameSource",
    "LogFormat",
    "LogRound",
    "ReadError",
    "TenhouShuffle",
    "ThreePlayerLayout",
    "detect_format",
    "format_mjlog",
    "iter_games",
    "iter_sources",
    "parse_game",
    "parse_mjai",
    "parse_mjlog",
    "parse_tenhou6",
    "read_game",
    "record_to_mjlog",
    "replay_game",
    "tenhou_walls",
    "write_game",
    "write_mjai",
    "write_tenhou6",
]
