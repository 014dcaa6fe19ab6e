"""The table's rules as the engine's modules import them: ``TableRules`` is a value beside
``Rules`` (``mahjong_core.table_rules``), so that the named rule sets, which pair the two,
sit below the engine and the ``score`` command reads them without loading it."""

from __future__ import annotations

from ..table_rules import (
    MAHJONG_SOUL_TABLE,
    TENHOU_EAST_TABLE,
    TENHOU_SANMA_TABLE,
    TENHOU_TABLE,
    GameLength,
    LeftoverSticks,
    TableRules,
    check_scores,
    check_stick_value,
    riichi_tiles_needed,
    seats_by_place,
)

__all__ = ["MAHJONG_SOUL_TABLE", "TENHOU_EAST_TABLE", "TENHOU_SANMA_TABLE", "TENHOU_TABLE",
           "GameLength", "LeftoverSticks", "TableRules", "check_scores", "check_stick_value",
           "riichi_tiles_needed", "seats_by_place"]
