"""Games of the test data, read by the corpus reader (a test fails on any that cannot be)."""

from __future__ import annotations

from pathlib import Path

from mahjong_core.formats import GameLog, GameSource, ReadError, iter_games, iter_sources


def documents(data: Path | str | bytes) -> list[str]:
    """The text of every game of a file (a Path) or of text or bytes in memory."""
    found = list(iter_sources(_input(data)))
    assert all(isinstance(item, GameSource) for item in found), found
    return [item.text for item in found if isinstance(item, GameSource)]


def games(data: Path | str | bytes) -> list[GameLog]:
    """Every game of a file (a Path) or of text or bytes in memory, read."""
    found = list(iter_games(_input(data)))
    assert not any(isinstance(item, ReadError) for item in found), found
    return [item for item in found if isinstance(item, GameLog)]


def _input(data: Path | str | bytes) -> str | bytes:
    return str(data) if isinstance(data, Path) else (
        data.encode("utf-8") if isinstance(data, str) else data)
