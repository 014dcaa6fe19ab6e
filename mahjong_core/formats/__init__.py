"""Game-log formats: Tenhou's mjlog XML, the tenhou.net/6 JSON log and mjai events."""

from __future__ import annotations

__all__: list[str] = []
