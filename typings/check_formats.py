"""Consumer code for the game-log formats, type-checked and never run."""

from __future__ import annotations

from typing import assert_type

from mahjong_core.errors import IllegalActionError, InvalidLogError
from mahjong_core.formats import (
    GameLog,
    LogFormat,
    detect_format,
    format_mjlog,
    parse_game,
    parse_mjai,
    parse_tenhou6,
    read_games,
    read_mjai,
    read_tenhou6,
    record_to_mjlog,
    replay_game,
    split_games,
    split_mjai,
    split_tenhou6,
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


def logs_in(data: bytes, text: str) -> None:
    assert_type(read_tenhou6(data), list[GameLog])
    assert_type(read_mjai(text), list[GameLog])
    assert_type(read_games(data), list[GameLog])
    assert_type(parse_tenhou6(text), GameLog)
    assert_type(parse_mjai(text), GameLog)
    assert_type(split_tenhou6(text), list[str])
    assert_type(split_mjai(data), list[str])
    for fmt, document in split_games(data):
        assert_type(fmt, LogFormat)
        assert_type(fmt.suffix, str)
        game = parse_game(document, fmt)
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
    parse_game(b"{}")  # type: ignore[arg-type]
    record.end_reason = "bust"  # type: ignore[misc]
