"""Games the table engine plays with random players, and what a log must keep of them.

``play`` drives a ``Game`` with a seeded random player at every seat: it wins when it can,
calls and declares kans and riichi often, sets north tiles aside (three players), and
otherwise discards what lowers its shanten (now and then a random tile), so the games
hold wins, calls, kans, kita, riichi and draws of every kind. ``seen`` is the part of a
record a log shows, with every tile named by its kind (and red flag) rather than its id,
for comparing a game with its copy read back from a log.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
from hypothesis import strategies as st

from mahjong_core import TENHOU_SANMA_RULES, Rules, Tile
from mahjong_core.table import (
    TENHOU_EAST_TABLE,
    TENHOU_SANMA_TABLE,
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    DoraRevealed,
    Game,
    GameLength,
    GameRecord,
    Kita,
    KitaDeclared,
    MeldCalled,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    RiichiAccepted,
    Ron,
    Round,
    TableRules,
    TileDiscarded,
    TileDrawn,
    Tsumo,
    Win,
)

__all__ = ["RULE_SETS", "SANMA_EAST_TABLE", "SANMA_RULE_SETS", "game_records", "play",
           "play_sanma", "positions", "sanma_game_records", "seen"]

RULE_SETS = (Rules(), Rules(red_fives=False), Rules(open_tanyao=False))
"""The hand rules the played games use: Tenhou's, no red fives, no open tanyao."""
SANMA_RULE_SETS = (TENHOU_SANMA_RULES, attrs.evolve(TENHOU_SANMA_RULES, red_fives=False),
                   attrs.evolve(TENHOU_SANMA_RULES, open_tanyao=False))
"""The same for three players."""
SANMA_EAST_TABLE = attrs.evolve(TENHOU_SANMA_TABLE, length=GameLength.EAST)
"""Tenhou's three-player table, east rounds only."""


def _choose(game_round: Round, seat: int, rng: random.Random) -> Action:
    actions = game_round.legal_actions(seat)
    wins = [a for a in actions if isinstance(a, Tsumo | Ron)]
    if wins and rng.random() < 0.95:
        return wins[0]
    kans = [a for a in actions if isinstance(a, ClosedKan | AddedKan | OpenKan)]
    if kans and rng.random() < 0.6:
        return rng.choice(kans)
    kita = [a for a in actions if isinstance(a, Kita)]
    if kita and rng.random() < 0.8:
        return kita[0]
    calls = [a for a in actions if isinstance(a, Pon | Chi)]
    if calls and rng.random() < 0.35:
        return rng.choice(calls)
    if any(isinstance(a, NineTerminals) for a in actions) and rng.random() < 0.5:
        return NineTerminals(seat)
    discards = [a for a in actions if isinstance(a, Discard)]
    if not discards:
        return Pass(seat)
    riichi = [a for a in discards if a.riichi]
    if riichi and rng.random() < 0.8:
        return rng.choice(riichi)
    if rng.random() < 0.15:
        return rng.choice(discards)
    hand = game_round.hand(seat)
    best = min(discards, key=lambda a: (
        hand.remove(Tile.from_id136(a.tile, red_fives=game_round.rules.red_fives)).shanten(),
        rng.random()))
    return best


def play(seed: int, *, rules: Rules | None = None, table: TableRules = TENHOU_EAST_TABLE,
         rounds: int | None = None) -> GameRecord:
    """A game the engine played from ``seed``: whole, or its first ``rounds`` rounds."""
    rng = random.Random(seed)
    game = Game(rules=rules if rules is not None else RULE_SETS[seed % len(RULE_SETS)],
                table=table, seed=seed)
    while not game.is_over and (rounds is None or len(game.rounds) < rounds):
        game_round = game.deal()
        while not game_round.is_over:
            seat = game_round.to_act[0]
            game.apply(_choose(game_round, seat, rng))
    return game.record()


def game_records() -> st.SearchStrategy[GameRecord]:
    """Whole east-only games the engine played, from a random seed."""
    return st.integers(0, 2**32 - 1).map(play)


def play_sanma(seed: int, *, rules: Rules | None = None,
               table: TableRules = SANMA_EAST_TABLE, rounds: int | None = None) -> GameRecord:
    """A three-player game the engine played from ``seed`` (Tenhou's rules, east rounds
    only unless ``table`` says otherwise)."""
    return play(seed, rules=rules if rules is not None
                else SANMA_RULE_SETS[seed % len(SANMA_RULE_SETS)], table=table, rounds=rounds)


def sanma_game_records() -> st.SearchStrategy[GameRecord]:
    """Whole east-only three-player games the engine played, from a random seed."""
    return st.integers(0, 2**32 - 1).map(play_sanma)


def _name(tile_id: int, red: bool) -> str:
    return str(Tile.from_id136(tile_id, red_fives=red))


def seen(record: GameRecord) -> list[Any]:
    """What a log shows of a record, every tile by its name: each round's start, deal,
    shown dora, events and results (values, deltas, the ura shown), its end scores, and
    the final standing."""
    red = record.rules.red_fives
    rounds: list[Any] = []
    for played in record.rounds:
        shown = 1 + sum(isinstance(e, DoraRevealed) for e in played.events)
        events: list[Any] = []
        for event in played.events:
            if isinstance(event, TileDrawn):
                events.append(("draw", event.seat, _name(event.tile, red), event.rinshan))
            elif isinstance(event, TileDiscarded):
                events.append(("discard", event.seat, _name(event.tile, red), event.tsumogiri,
                               event.riichi))
            elif isinstance(event, MeldCalled):
                meld = event.meld
                events.append(("meld", event.seat, meld.meld.kind.value,
                               sorted(_name(i, red) for i in meld.ids),
                               None if meld.called is None else _name(meld.called, red),
                               meld.from_seat,
                               None if meld.added is None else _name(meld.added, red)))
            elif isinstance(event, DoraRevealed):
                events.append(("dora", _name(event.indicator, red)))
            elif isinstance(event, RiichiAccepted):
                events.append(("riichi accepted", event.seat))
            elif isinstance(event, KitaDeclared):
                events.append(("kita", event.seat, _name(event.tile, red)))
        results: list[Any] = []
        for result in played.results:
            if isinstance(result, Win):
                value = result.result
                results.append(("win", result.winner, result.from_seat,
                                _name(result.win_tile, red), result.deltas, value.han, value.fu,
                                value.points, value.yaku_han, result.liable,
                                [str(t) for t in result.context.ura_indicators]))
            else:
                results.append(("draw", result.kind.value, result.tenpai, result.deltas))
        rounds.append((played.name, played.dealer, played.honba, played.sticks,
                       played.start_scores,
                       [sorted(_name(i, red) for i in hand) for hand in played.wall.hands],
                       [_name(played.wall.dora_indicator(n), red) for n in range(shown)],
                       events, results,
                       played.end_scores, played.end_sticks))
    return [record.rules, record.table.length, rounds, record.final_scores, record.points,
            record.end_reason]


def positions(seed: int, *, rules: Rules | None = None, table: TableRules = TENHOU_EAST_TABLE,
              rounds: int = 2) -> Iterator[tuple[Round, int]]:
    """Every decision of the first ``rounds`` rounds of the game ``play(seed)`` plays: the
    round (before the decision) and the seat that decides; the game goes on with the
    same choices as ``play`` makes once the caller resumes."""
    rng = random.Random(seed)
    game = Game(rules=rules if rules is not None else RULE_SETS[seed % len(RULE_SETS)],
                table=table, seed=seed)
    while not game.is_over and len(game.rounds) < rounds:
        game_round = game.deal()
        while not game_round.is_over:
            seat = game_round.to_act[0]
            yield game_round, seat
            game.apply(_choose(game_round, seat, rng))
