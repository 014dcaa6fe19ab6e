"""The engine's record as an mjlog game: Tenhou's own logs written again from their replay,
Tenhou's yaku ids and order, round trips of engine-played games."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings

from mahjong_core import (
    Hand,
    Meld,
    MeldKind,
    Rules,
    Tile,
    WinContext,
    WinResult,
    Yaku,
    evaluate,
)
from mahjong_core.errors import InvalidLogError
from mahjong_core.formats import format_mjlog, parse_mjlog, record_to_mjlog, replay_game
from mahjong_core.formats.game_log import (
    Agari,
    Bye,
    Call,
    CallKind,
    GameLog,
    LogEvent,
    Reconnect,
    Riichi,
    Ryuukyoku,
)
from mahjong_core.formats.tenhou_yaku import (
    TENHOU_YAKU_NAMES,
    tenhou_yaku_id,
    tenhou_yaku_list,
    yaku_of_tenhou_id,
)
from mahjong_core.table import TENHOU_TABLE, GameRecord

from .support.logs import documents
from .support.played_games import game_records, play, seen

DATA = Path(__file__).resolve().parent / "data"
LOGS = [*documents(DATA / "rare_rounds.mjlog"),
        *((DATA / f"{name}.mjlog").read_text(encoding="utf-8")
          for name in ("2019021004gm-00a9-0000-e2f6516d", "2019080322gm-00a9-0000-81e85e04")),
        *documents(DATA / "sanma_games.mjlog"),
        (DATA / "tenhou_3p_kita_minkan.mjlog").read_text(encoding="utf-8")]
"""Four-player games, then three-player ones (the empty fourth seat, kita)."""


def _comparable(event: LogEvent) -> LogEvent:
    """What Tenhou writes that a record does not keep: an ankan's code copy, a riichi's
    scores (older logs leave them out) and the yakuman fu (the engine counts none)."""
    if isinstance(event, Call) and event.call.kind is CallKind.ANKAN:
        return attrs.evolve(event, call=attrs.evolve(event.call, code_tile=None))
    if isinstance(event, Riichi):
        return attrs.evolve(event, scores=None)
    if isinstance(event, Agari) and event.recorded is not None:
        recorded = event.recorded
        melds = None if recorded.melds is None else tuple(
            attrs.evolve(m, code_tile=None) for m in recorded.melds)
        fu = 0 if recorded.yakuman else recorded.fu
        return attrs.evolve(event, recorded=attrs.evolve(recorded, melds=melds, fu=fu))
    return event


def _events(game: GameLog) -> list[list[LogEvent]]:
    return [[_comparable(e) for e in r.events if not isinstance(e, Bye | Reconnect)]
            for r in game.rounds]


@pytest.mark.parametrize("number", range(len(LOGS)))
def test_tenhous_logs_written_again_from_their_replay(number: int) -> None:
    """Every tag and attribute Tenhou wrote (deal, draws, calls, riichi, dora, each win's
    ba, hai, m, machi, ten, yaku in Tenhou's order, doraHai, doraHaiUra, sc, paoWho, each
    drawn round's type, ba, sc and shown hands, owari) comes out of the engine's record;
    in a three-player game also the GO type's 0x10, the empty fourth seat in UN, INIT, sc
    and owari, and each kita (its meld code, among the winner's melds in m, in the dora
    count)."""
    game = parse_mjlog(LOGS[number])
    written = record_to_mjlog(replay_game(game), source=game)
    assert [attrs.evolve(r, events=()) for r in written.rounds] == [
        attrs.evolve(r, events=()) for r in game.rounds]
    assert _events(written) == _events(game)
    assert (written.players, written.rule_type, written.shuffle_seed) == (
        game.players, game.rule_type, game.shuffle_seed)
    assert parse_mjlog(format_mjlog(written)) == written


@settings(max_examples=12, deadline=None)
@given(game_records())
def test_engine_games_round_trip(record: GameRecord) -> None:
    log = record_to_mjlog(record)
    text = format_mjlog(log)
    assert parse_mjlog(text) == log
    again = replay_game(parse_mjlog(text))
    assert seen(again) == seen(record)
    assert record_to_mjlog(again) == log


def test_an_unfinished_game_has_no_final_standing() -> None:
    record = play(2, rounds=1)
    ends = [e for r in record_to_mjlog(record).rounds for e in r.events
            if isinstance(e, Agari | Ryuukyoku)]
    assert all(e.recorded is not None and e.recorded.final is None for e in ends)
    log = record_to_mjlog(play(2))
    last = log.rounds[-1].events[-1]
    assert isinstance(last, Agari | Ryuukyoku) and last.recorded is not None
    assert last.recorded.final is not None


def test_names_and_rules() -> None:
    log = record_to_mjlog(play(1, rules=Rules(), rounds=1), names=["a", "b", "c", "d"])
    assert [p.name for p in log.players] == ["a", "b", "c", "d"]
    assert log.rule_type == 0x01 and log.red_fives and not log.east_south
    no_kuitan = record_to_mjlog(play(1, rules=Rules(open_tanyao=False, red_fives=False),
                                     table=TENHOU_TABLE, rounds=1))
    assert no_kuitan.rule_type == 0x01 | 0x02 | 0x04 | 0x08
    with pytest.raises(InvalidLogError, match="four strings"):
        record_to_mjlog(play(1, rounds=1), names=["a"])
    with pytest.raises(InvalidLogError, match="GameRecord"):
        record_to_mjlog("game")  # type: ignore[arg-type]


# --- Tenhou's yaku ids --------------------------------------------------------------------


def test_yaku_ids_both_ways() -> None:
    assert len(TENHOU_YAKU_NAMES) == 55
    for number in range(52):
        yaku = yaku_of_tenhou_id(number)
        assert yaku is not None
        if yaku in (Yaku.SEAT_WIND, Yaku.ROUND_WIND):
            wind = (number - 10) % 4
            context = WinContext(seat_wind="ESWN"[wind], round_wind="ESWN"[wind])
            assert tenhou_yaku_id(yaku, context) in (10 + wind, 14 + wind)
        else:
            assert tenhou_yaku_id(yaku) == number
    assert [yaku_of_tenhou_id(n) for n in (52, 53, 54)] == [None, None, None]
    with pytest.raises(InvalidLogError, match="0-54"):
        yaku_of_tenhou_id(55)
    with pytest.raises(InvalidLogError, match="context"):
        tenhou_yaku_id(Yaku.SEAT_WIND)


def test_honour_yaku_in_tenhous_order() -> None:
    """Concealed honour sets first by kind, then the melds as they were made, the round
    wind before the seat wind: haku (concealed), chun, then east twice."""
    melds = [Meld(MeldKind.PON, "777z", called="7z", called_from="toimen"),
             Meld(MeldKind.PON, "111z", called="1z", called_from="kamicha")]
    hand = Hand.parse("555z234m9p", melds)
    context = WinContext(seat_wind="E", round_wind="E", dora_indicators="1m")
    result = evaluate(hand, Tile.parse("9p"), context)
    assert isinstance(result, WinResult)
    pairs, yakuman = tenhou_yaku_list(result, context, melds)
    assert [n for n, _ in pairs] == [18, 20, 14, 10, 52]
    assert yakuman == ()
    reversed_melds = tenhou_yaku_list(result, context, melds[::-1])[0]
    assert [n for n, _ in reversed_melds] == [18, 14, 10, 20, 52]


def test_yakuman_and_ura() -> None:
    context = WinContext(tsumo=True, seat_wind="E", tenhou=True)
    result = evaluate(Hand.parse("19m19p19s1234567z"), Tile.parse("1z"), context)
    assert isinstance(result, WinResult)
    assert tenhou_yaku_list(result, context) == ((), (37, 48))
    riichi = WinContext(riichi=True, dora_indicators="9p", ura_indicators="9s")
    result = evaluate(Hand.parse("234m567p23455s11p"), Tile.parse("1p"), riichi)
    assert isinstance(result, WinResult)
    pairs, _ = tenhou_yaku_list(result, riichi)
    assert pairs[0] == (1, 1) and pairs[-1] == (53, 0) and (52, 3) in pairs
