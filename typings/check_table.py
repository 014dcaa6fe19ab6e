"""Consumer code for the table engine, type-checked by ``mypy --strict`` and never run.

As in ``check_api.py``: ``assert_type`` pins what must type, each
``# type: ignore[code]`` a misuse mypy must reject (``warn_unused_ignores`` is on).
"""

from __future__ import annotations

import random
from typing import assert_type

from mahjong_core import TENHOU_RULES, Hand, Rules, Tile, TileId, WinContext, Wind, WinResult
from mahjong_core.table import (
    TENHOU_EAST_TABLE,
    TENHOU_TABLE,
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    DoraRevealed,
    Draw,
    DrawKind,
    Event,
    Game,
    GameLength,
    GameRecord,
    LegalActions,
    MeldCalled,
    NineTerminals,
    Observation,
    OpenKan,
    Pass,
    Phase,
    Pon,
    RiichiAccepted,
    RiverTile,
    Ron,
    Round,
    RoundRecord,
    RoundResult,
    SeenEvent,
    TableMeld,
    TableRules,
    TileDiscarded,
    TileDrawn,
    Tsumo,
    Wall,
    Win,
)


def a_game_loop(seed: int) -> None:
    game = Game(rules=TENHOU_RULES, table=TENHOU_TABLE, seed=seed)
    assert_type(game, Game)
    assert_type(Game(), Game)
    assert_type(game.round, Round | None)
    assert_type(game.scores, tuple[int, ...])
    assert_type(game.honba, int)
    assert_type(game.sticks, int)
    assert_type(game.round_index, int)
    assert_type(game.dealer, int)
    assert_type(game.round_wind, Wind)
    assert_type(game.next_round_name, str)
    assert_type(game.is_over, bool)
    assert_type(game.end_reason, str | None)
    assert_type(game.rounds, tuple[RoundRecord, ...])
    while not game.is_over:
        table_round = game.deal()
        assert_type(table_round, Round)
        while not table_round.is_over:
            seat = table_round.to_act[0]
            legal = game.legal_actions(seat)
            assert_type(legal, LegalActions)
            assert_type(game.apply(random.choice(legal)), None)
        assert_type(table_round.results, tuple[Win | Draw, ...])
    record = game.record()
    assert_type(record, GameRecord)
    assert_type(record.final_scores, tuple[int, ...])
    assert_type(record.points, tuple[float, ...])
    assert_type(record.rules, Rules)
    assert_type(record.table, TableRules)
    assert_type(game.observe(0), Observation)


def one_round(wall: Wall) -> None:
    table_round = Round(wall, dealer=0, round_wind=Wind.SOUTH, honba=1, sticks=2,
                        scores=(25000, 25000, 25000, 25000))
    assert_type(table_round.phase, Phase)
    assert_type(table_round.current, int)
    assert_type(table_round.to_act, tuple[int, ...])
    assert_type(table_round.name, str)
    assert_type(table_round.scores, tuple[int, ...])
    assert_type(table_round.sticks, int)
    assert_type(table_round.is_over, bool)
    assert_type(table_round.events, tuple[Event, ...])
    assert_type(table_round.results, tuple[RoundResult, ...])
    assert_type(table_round.live_remaining, int)
    assert_type(table_round.dora_indicators, tuple[TileId, ...])
    assert_type(table_round.kans, tuple[int, ...])
    assert_type(table_round.drawn, TileId | None)
    assert_type(table_round.last_tile, TileId | None)
    assert_type(table_round.concealed(0), tuple[TileId, ...])
    assert_type(table_round.melds(0), tuple[TableMeld, ...])
    assert_type(table_round.river(0), tuple[RiverTile, ...])
    assert_type(table_round.hand(0), Hand)
    assert_type(table_round.in_riichi(0), bool)
    assert_type(table_round.seat_wind(0), Wind)
    assert_type(table_round.copy(), Round)
    assert_type(table_round.record(), RoundRecord)
    assert_type(table_round.dealer_repeats, bool)
    assert_type(table_round.legal_actions(0), LegalActions)
    assert_type(table_round.is_legal(Pass(1)), bool)
    drawn = table_round.drawn
    if drawn is not None:
        assert_type(table_round.apply(Discard(0, drawn, riichi=True)), None)
    actions: list[Action] = [
        Discard(0, TileId(5)), Tsumo(0), Ron(1), Chi(1, (TileId(8), TileId(12))),
        Pon(2, (TileId(0), TileId(1))), OpenKan(3), AddedKan(0, TileId(3)),
        ClosedKan(0, Tile.parse("1m")), NineTerminals(0), Pass(2)]
    for action in actions:
        table_round.apply(action)
    seen = table_round.observe(2)
    assert_type(seen.hand, tuple[TileId, ...])
    assert_type(seen.drawn, TileId | None)
    assert_type(seen.melds, tuple[tuple[TableMeld, ...], ...])
    assert_type(seen.rivers, tuple[tuple[RiverTile, ...], ...])
    assert_type(seen.legal_actions, LegalActions)
    assert_type(seen.phase, Phase)
    assert_type(seen.own_hand, Hand)
    assert_type(seen.tiles, tuple[Tile, ...])
    assert_type(seen.visible_counts(), tuple[int, ...])
    assert_type(seen.visible_bytes(), bytes)
    assert_type(seen.kamicha, int)
    assert_type(seen.toimen, int | None)
    assert_type(seen.discard(Tile.parse("5m")), Discard)
    assert_type(seen.discard("5m", riichi=True), Discard)
    assert_type(seen.win(), Tsumo | Ron | None)
    assert_type(seen.legal_actions.parse("pass"), Action)
    assert_type(seen.legal_actions.text(Pass(2)), str)
    assert_type(seen.legal_actions.first(Pass), Pass | None)
    assert_type(seen.legal_actions.of_type(Chi), tuple[Chi, ...])
    assert_type(seen.events[0], SeenEvent)
    for option, discard in seen.discard_options():
        assert_type(option.shanten, int)
        assert_type(discard, Discard)
    seen.discard(5)  # type: ignore[arg-type]


def results_and_events(result: RoundResult, event: Event) -> None:
    if isinstance(result, Win):
        assert_type(result.winner, int)
        assert_type(result.from_seat, int)
        assert_type(result.hand, Hand)
        assert_type(result.win_tile, TileId)
        assert_type(result.context, WinContext)
        assert_type(result.result, WinResult)
        assert_type(result.liable, int | None)
        assert_type(result.deltas, tuple[int, ...])
        assert_type(result.is_tsumo, bool)
    else:
        assert_type(result, Draw)
        assert_type(result.kind, DrawKind)
        assert_type(result.kind.is_abortive, bool)
        assert_type(result.tenpai, tuple[int, ...])
        assert_type(result.nagashi, tuple[int, ...])
    if isinstance(event, TileDrawn):
        assert_type(event.rinshan, bool)
    elif isinstance(event, TileDiscarded):
        assert_type(event.tsumogiri, bool)
    elif isinstance(event, MeldCalled):
        assert_type(event.meld, TableMeld)
        assert_type(event.meld.from_seat, int | None)
    elif isinstance(event, DoraRevealed):
        assert_type(event.indicator, TileId)
    elif isinstance(event, RiichiAccepted):
        assert_type(event.seat, int)


def walls_and_rules(rng: random.Random) -> None:
    assert_type(Wall.from_sequence(range(136), dealer=0), Wall)
    assert_type(Wall.shuffled(rng, dealer=1), Wall)
    wall = Wall.shuffled(rng, dealer=0)
    assert_type(wall.hands, tuple[tuple[TileId, ...], ...])
    assert_type(wall.live, tuple[TileId, ...])
    table = TableRules(length=GameLength.EAST, start_score=30000, uma=(30, 10, -10, -30))
    assert_type(table, TableRules)
    assert_type(TableRules(length="east"), TableRules)
    assert_type(table.placement_points([30000, 30000, 20000, 20000]), tuple[float, ...])
    assert_type(TENHOU_EAST_TABLE.length, GameLength)
    assert_type(table.start_score, int)


def misuse(game: Game, table_round: Round, result: RoundResult, win: Win, tile: Tile,
           record: GameRecord, seen: Observation) -> None:
    Discard(0, 5)  # type: ignore[arg-type]
    Discard(0, tile)  # type: ignore[arg-type]
    Discard(0, TileId(5), "riichi")  # type: ignore[arg-type]
    ClosedKan(0, 4)  # type: ignore[arg-type]
    Pon(0, (TileId(1),))  # type: ignore[arg-type]
    Chi(0, [TileId(1), TileId(2)])  # type: ignore[arg-type]
    Tsumo()  # type: ignore[call-arg]
    game.apply("discard")  # type: ignore[arg-type]
    table_round.apply(tile)  # type: ignore[arg-type]
    table_round.apply(Discard)  # type: ignore[arg-type]
    Round(Wall.from_sequence(range(136), dealer=0), 0)  # type: ignore[call-arg]
    Wall.from_sequence(range(136))  # type: ignore[call-arg]
    Game(TENHOU_RULES)  # type: ignore[call-arg]
    Game(seed="seven")  # type: ignore[arg-type]
    Game(rules=TENHOU_TABLE)  # type: ignore[arg-type]
    game.scores = (25000, 25000, 25000, 25000)  # type: ignore[misc]
    win.deltas = (0, 0, 0, 0)  # type: ignore[misc]
    record.final_scores = ()  # type: ignore[misc]
    result.winner  # type: ignore[union-attr]  # noqa: B018
    seen.hand.append(TileId(0))  # type: ignore[attr-defined]
    after: int = table_round.drawn + 1  # type: ignore[operator]
    first: Discard = game.legal_actions(0)[0]  # type: ignore[assignment]
    name: int = game.end_reason  # type: ignore[assignment]
    TableRules(length=3)  # type: ignore[arg-type]
    TENHOU_TABLE.placement_points([25000.5, 25000, 25000, 24999.5])  # type: ignore[list-item]
    del after, first, name
