"""Consumer code for the game-log formats, type-checked and never run."""

from __future__ import annotations

from pathlib import Path
from typing import IO, Any, assert_type

from mahjong_core.errors import IllegalActionError, InvalidLogError
from mahjong_core.formats import (
    GameLog,
    GameSource,
    LogFormat,
    ReadError,
    detect_format,
    format_mjlog,
    iter_games,
    iter_sources,
    parse_game,
    parse_mjai,
    parse_tenhou6,
    read_game,
    record_to_mjlog,
    replay_game,
    tenhou_walls,
    write_game,
    write_mjai,
    write_tenhou6,
)
from mahjong_core.formats.mjai import tile_name
from mahjong_core.formats.replay import check_shuffle_wall
from mahjong_core.formats.tenhou6 import DAN_NAMES
from mahjong_core.formats.tenhou_yaku import (
    TENHOU_YAKU_NAMES,
    tenhou_yaku_id,
    tenhou_yaku_list,
    yaku_of_tenhou_id,
)
from mahjong_core.scoring import WinResult
from mahjong_core.table import Game, GameRecord, Win
from mahjong_core.tile import Tile
from mahjong_core.yaku import Yaku


def engine_game_out(game: Game) -> None:
    record = game.record()
    assert_type(record.end_reason, str | None)
    assert_type(write_tenhou6(record), str)
    assert_type(write_tenhou6(record, names=["a", "b", "c", "d"], title=("t", "")), str)
    assert_type(write_mjai(record, names=("a", "b", "c", "d")), str)
    log = record_to_mjlog(record, names=["a", "b", "c", "d"])
    assert_type(log, GameLog)
    assert_type(format_mjlog(log), str)
    assert_type(write_game(record, LogFormat.MJAI), str)


def corpus_in(data: bytes, path: str, handle: IO[bytes], paths: list[Path]) -> None:
    for item in iter_games([path, handle, data, *paths]):
        if isinstance(item, ReadError):
            assert_type(item.file, str)
            assert_type(item.index, int | None)
            assert_type(item.message, str)
            continue
        assert_type(item, GameLog)
        assert_type(item.names, tuple[str, ...])
        if item.origin is not None:
            assert_type(item.origin.index, int)
        record = replay_game(item, strict=False)
        assert_type(record.warnings, tuple[str, ...])
        assert_type(record.to_dict(), dict[str, Any])
    for source in iter_sources("logs/**/*.mjlog"):
        if isinstance(source, GameSource):
            assert_type(source.text, str)
            assert_type(read_game(source), GameLog)


def logs_in(data: bytes, text: str) -> None:
    assert_type(parse_tenhou6(text), GameLog)
    assert_type(parse_mjai(text), GameLog)
    for source in iter_sources(data):
        if isinstance(source, ReadError):
            continue
        fmt = source.fmt
        assert_type(fmt, LogFormat)
        assert_type(fmt.suffix, str)
        game = parse_game(source.text, fmt)
        try:
            record = replay_game(game)
        except (InvalidLogError, IllegalActionError) as error:
            assert_type(str(error), str)
            continue
        assert_type(record, GameRecord)
        converted = write_game(record, LogFormat.TENHOU6, source=game)
        assert_type(detect_format(converted), LogFormat)
        if game.shuffle_seed is not None:
            for log_round, shuffle in zip(game.rounds, tenhou_walls(game.shuffle_seed),
                                          strict=False):
                assert_type(check_shuffle_wall(log_round, shuffle, 0), None)


def names_and_ids(win: Win, result: WinResult) -> None:
    pairs, yakuman = tenhou_yaku_list(result, win.context, win.hand.melds)
    assert_type(pairs, tuple[tuple[int, int], ...])
    assert_type(yakuman, tuple[int, ...])
    assert_type(tenhou_yaku_id(Yaku.RIICHI), int)
    assert_type(yaku_of_tenhou_id(53), Yaku | None)
    assert_type(TENHOU_YAKU_NAMES[1], str)
    assert_type(DAN_NAMES[16], str)
    assert_type(tile_name(Tile.parse("0m")), str)


def misuse(record: GameRecord, game: GameLog) -> None:
    write_tenhou6(game)  # type: ignore[arg-type]
    write_mjai(record, game)  # type: ignore[call-arg]
    write_game(record, "mjai")  # type: ignore[arg-type]
    record_to_mjlog(record, game)  # type: ignore[call-arg]
    detect_format(1)  # type: ignore[arg-type]
    iter_games(1)  # type: ignore[arg-type]
    read_game("<mjloggm/>")  # type: ignore[arg-type]
    parse_game(b"{}")  # type: ignore[arg-type]
    record.end_reason = "bust"  # type: ignore[misc]
