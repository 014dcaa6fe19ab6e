"""The games the viewer's tests show: real Tenhou games from the tests' data (four and
three players: double rons, a chankan, pao, kans, kita robbed, nagashi mangan, every
abortive draw the data holds) replayed through the engine, and games the engine played
with random players."""

from __future__ import annotations

import functools
import gzip
from pathlib import Path

from mahjong_core.formats import replay_game
from mahjong_core.formats.mjlog import parse_mjlog
from mahjong_core.table import GameRecord

from .logs import documents
from .played_games import play, play_sanma

__all__ = ["ENGINE_GAMES", "REAL_GAMES", "document", "names", "record"]

DATA = Path(__file__).resolve().parent.parent / "data"


def _documents() -> dict[str, str]:
    found: dict[str, str] = {}
    for file in ("real_games", "rare_rounds", "sanma_games"):
        for number, text in enumerate(documents(DATA / f"{file}.mjlog")):
            found[f"{file}-{number}"] = text
    for file in ("tenhou_3p_kita_minkan", "tenhou_4p_four_kans",
                 "tenhou_4p_kans_nine_terminals", "tenhou_4p_pao_old_format"):
        found[file] = (DATA / f"{file}.mjlog").read_text(encoding="utf-8")
    found["tenhou_4p_double_ron"] = gzip.decompress(
        (DATA / "tenhou_4p_double_ron.mjlog.gz").read_bytes()).decode("utf-8")
    return found


_DOCUMENTS = _documents()
REAL_GAMES = tuple(_DOCUMENTS)
"""The real games' names."""
ENGINE_GAMES = ("engine-4p-1", "engine-4p-2", "engine-4p-5", "engine-3p-1", "engine-3p-4")
"""Games the engine played (four and three players, east rounds, random players)."""


def document(name: str) -> str:
    """The mjlog text of a game of ``REAL_GAMES``, as the Tenhou server wrote it."""
    return _DOCUMENTS[name]


@functools.cache
def record(name: str) -> GameRecord:
    """The engine's record of a game of ``REAL_GAMES`` or ``ENGINE_GAMES``."""
    if name.startswith("engine-"):
        _, players, seed = name.split("-")
        return (play if players == "4p" else play_sanma)(int(seed))
    return replay_game(parse_mjlog(_DOCUMENTS[name]))


def names(name: str) -> list[str] | None:
    """The players' names of a real game (None for a game the engine played)."""
    if name.startswith("engine-"):
        return None
    game = parse_mjlog(_DOCUMENTS[name])
    return [player.name for player in game.players][:game.players_count]
