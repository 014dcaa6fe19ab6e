"""Consumer code for the mjlog reader and writer, type-checked by ``mypy --strict``, never run.

As in ``check_api.py``: ``assert_type`` pins what must type, each
``# type: ignore[code]`` a misuse mypy must reject (``warn_unused_ignores`` is on).
"""

from __future__ import annotations

from typing import assert_never, assert_type

from mahjong_core import TileId
from mahjong_core.errors import InvalidLogError, MahjongError
from mahjong_core.formats.game_log import (
    Agari,
    AgariRecord,
    Bye,
    Call,
    CallKind,
    Discard,
    Draw,
    GameLog,
    LogCall,
    LogEvent,
    LogPlayer,
    LogRound,
    LogStanding,
    NewDora,
    Reconnect,
    Riichi,
    Ryuukyoku,
    RyuukyokuRecord,
)
from mahjong_core.formats.mjlog import format_mjlog, parse_mjlog


def reading(text: str) -> None:
    game = parse_mjlog(text)
    assert_type(game, GameLog)
    assert_type(format_mjlog(game), str)
    assert_type(game.version, str | None)
    assert_type(game.shuffle_seed, str | None)
    assert_type(game.rule_type, int)
    assert_type(game.lobby, int | None)
    assert_type(game.players, tuple[LogPlayer, ...])
    assert_type(game.first_dealer, int)
    assert_type(game.rounds, tuple[LogRound, ...])
    assert_type(game.opening, tuple[Bye | Reconnect, ...])
    assert_type(game.players_count, int)
    assert_type(game.red_fives, bool)
    assert_type(game.open_tanyao, bool)
    assert_type(game.east_south, bool)
    player = game.players[0]
    assert_type(player.name, str)
    assert_type(player.dan, int | None)
    assert_type(player.rate, float | None)
    assert_type(player.sex, str | None)


def rounds(round_: LogRound) -> None:
    assert_type(round_.round_index, int | None)
    assert_type(round_.honba, int | None)
    assert_type(round_.sticks, int | None)
    assert_type(round_.dice, tuple[int, int])
    assert_type(round_.dora_indicator, TileId)
    assert_type(round_.scores, tuple[int, ...] | None)
    assert_type(round_.dealer, int | None)
    assert_type(round_.hands, tuple[tuple[TileId, ...], ...])
    assert_type(round_.events, tuple[LogEvent, ...])


def events(event: LogEvent) -> None:
    if isinstance(event, Draw):
        assert_type(event.tile, TileId)
    elif isinstance(event, Discard):
        assert_type(event.tsumogiri, bool)
    elif isinstance(event, Call):
        assert_type(event.call, LogCall)
    elif isinstance(event, Riichi):
        assert_type(event.scores, tuple[int, ...] | None)
    elif isinstance(event, NewDora):
        assert_type(event.tile, TileId)
    elif isinstance(event, Agari):
        assert_type(event.ura_indicators, tuple[TileId, ...])
        assert_type(event.recorded, AgariRecord | None)
        if event.recorded is not None:
            assert_type(event.recorded.yaku, tuple[tuple[int, int], ...] | None)
            assert_type(event.recorded.melds, tuple[LogCall, ...] | None)
            assert_type(event.recorded.final, LogStanding | None)
    elif isinstance(event, Ryuukyoku):
        assert_type(event.kind, str | None)
        assert_type(event.recorded, RyuukyokuRecord | None)
    elif isinstance(event, Bye | Reconnect):
        assert_type(event.seat, int)
    else:
        assert_never(event)


def calls() -> None:
    call = LogCall.decode(40271, who=0)
    assert_type(call, LogCall)
    assert_type(LogCall.decode(31264, 0, players=3), LogCall)
    assert_type(call.encode(0), int)
    assert_type(call.kind, CallKind)
    assert_type(call.tiles, tuple[TileId, ...])
    assert_type(call.called, TileId | None)
    assert_type(call.added, TileId | None)
    assert_type(call.from_seat, int | None)
    assert_type(call.code_tile, TileId | None)
    LogCall.decode("40271", who=0)  # type: ignore[arg-type]
    call.encode()  # type: ignore[call-arg]
    Draw(0, 5)  # type: ignore[arg-type]
    Riichi(0, 2, [25000])  # type: ignore[arg-type]
    parse_mjlog(b"<mjloggm/>")  # type: ignore[arg-type]
    format_mjlog("<mjloggm/>")  # type: ignore[arg-type]


def errors(text: str) -> None:
    try:
        parse_mjlog(text)
    except InvalidLogError as error:
        assert_type(error, InvalidLogError)
        mahjong_error: MahjongError = error
        value_error: ValueError = mahjong_error
        del value_error
