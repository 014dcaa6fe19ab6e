"""Game-log formats: Tenhou's mjlog XML and its wall seed, played through the table engine.

Each format is a module of its own (``mahjong_core.formats.mjlog`` holds the mjlog event
records); the package names the entry points.
"""

from __future__ import annotations

from .mjlog import MjlogGame, format_mjlog, parse_mjlog, read_mjlog, split_mjlog
from .tenhou_seed import TenhouShuffle, ThreePlayerLayout, tenhou_walls

__all__ = [
    "MjlogGame",
    "TenhouShuffle",
    "ThreePlayerLayout",
    "format_mjlog",
    "parse_mjlog",
    "read_mjlog",
    "split_mjlog",
    "tenhou_walls",
]
