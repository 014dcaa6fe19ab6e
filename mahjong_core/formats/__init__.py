"""Game-log formats: Tenhou's mjlog XML, the tenhou.net/6 JSON log and mjai events."""

from __future__ import annotations

from .tenhou_seed import TenhouShuffle, ThreePlayerLayout, tenhou_walls

__all__ = ["TenhouShuffle", "ThreePlayerLayout", "tenhou_walls"]
