"""The table engine: the wall, the state of a round, legal actions and the game's flow.

A game loop deals a round, asks ``to_act`` who must decide, offers each seat its
``legal_actions`` (or an ``observe``-d view) and ``apply``-s what it chooses; the engine
deals the draws, settles calls by priority, scores every win through ``evaluate`` and
carries scores, honba and riichi sticks from round to round by ``TableRules``.
"""

from __future__ import annotations

from ..presets import PRESETS, Preset, preset
from .actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kita,
    LegalActions,
    NineTerminals,
    OpenKan,
    OpenRiichi,
    Pass,
    Pon,
    Ron,
    Tsumo,
    action_text,
)
from .game import Game
from .records import (
    DoraRevealed,
    Draw,
    DrawKind,
    Event,
    GameOrigin,
    GameRecord,
    HiddenDraw,
    KitaDeclared,
    MeldCalled,
    RiichiAccepted,
    RiverTile,
    RoundRecord,
    RoundResult,
    SeenEvent,
    TableMeld,
    TileDiscarded,
    TileDrawn,
    Win,
)
from .round import Observation, Phase, Round, SeenEvents, ShownDiscard, ShownDraw
from .rules import (
    MAHJONG_SOUL_TABLE,
    TENHOU_EAST_TABLE,
    TENHOU_SANMA_TABLE,
    TENHOU_TABLE,
    GameLength,
    LeftoverSticks,
    TableRules,
    check_stick_value,
    riichi_tiles_needed,
)
from .wall import Wall

__all__ = [
    "MAHJONG_SOUL_TABLE",
    "PRESETS",
    "TENHOU_EAST_TABLE",
    "TENHOU_SANMA_TABLE",
    "TENHOU_TABLE",
    "Action",
    "AddedKan",
    "Chi",
    "ClosedKan",
    "Discard",
    "DoraRevealed",
    "Draw",
    "DrawKind",
    "Event",
    "Game",
    "GameLength",
    "GameOrigin",
    "GameRecord",
    "HiddenDraw",
    "Kita",
    "KitaDeclared",
    "LeftoverSticks",
    "LegalActions",
    "MeldCalled",
    "NineTerminals",
    "Observation",
    "OpenKan",
    "OpenRiichi",
    "Pass",
    "Phase",
    "Pon",
    "Preset",
    "RiichiAccepted",
    "RiverTile",
    "Ron",
    "Round",
    "RoundRecord",
    "RoundResult",
    "SeenEvent",
    "SeenEvents",
    "ShownDiscard",
    "ShownDraw",
    "TableMeld",
    "TableRules",
    "TileDiscarded",
    "TileDrawn",
    "Tsumo",
    "Wall",
    "Win",
    "action_text",
    "check_stick_value",
    "preset",
    "riichi_tiles_needed",
]
