"""The engine's game record as an mjlog game, every outcome written as Tenhou writes it.

``record_to_mjlog(record)`` turns a ``GameRecord`` (a game the table engine played or
replayed) into a ``GameLog``: each round's deal and every draw, discard, call, riichi
and new dora in play order, and each win and drawn round with the attributes Tenhou's
server writes (``ba``, ``hai``, ``m``, ``machi``, ``ten``, ``yaku``/``yakuman``,
``doraHai``, ``doraHaiUra``, ``sc``, ``paoWho``; ``owari`` when the game is over).
A three-player game is written as Tenhou writes one: the ``GO type`` bit 0x10, an
empty fourth seat (no tiles, a score of 0 in ``ten``, ``sc`` and ``owari``) and each
north tile set aside as a kita call. ``format_mjlog`` then writes the XML.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

from ..errors import InvalidLogError
from ..meld import MeldKind
from ..points import Limit
from ..table import (
    DoraRevealed,
    Draw,
    DrawKind,
    GameLength,
    GameRecord,
    KitaDeclared,
    MeldCalled,
    RiichiAccepted,
    RoundRecord,
    TableMeld,
    TileDiscarded,
    TileDrawn,
    Win,
)
from ..tile import TileId
from .game_log import (
    Agari,
    AgariRecord,
    Call,
    CallKind,
    Discard,
    GameLog,
    LogCall,
    LogEvent,
    LogPlayer,
    LogRound,
    LogStanding,
    NewDora,
    Riichi,
    Ryuukyoku,
    RyuukyokuRecord,
    check_texts,
)
from .game_log import Draw as LogDraw
from .game_log import check_source as check_source_type
from .tenhou_yaku import tenhou_yaku_list

__all__ = ["DRAW_TYPES", "check_names", "check_source", "record_to_mjlog", "rule_type_of",
           "table_call"]

_V = TypeVar("_V")

DRAW_TYPES: dict[DrawKind, str | None] = {
    DrawKind.EXHAUSTIVE: None, DrawKind.NAGASHI_MANGAN: "nm",
    DrawKind.NINE_TERMINALS: "yao9", DrawKind.FOUR_WINDS: "kaze4",
    DrawKind.FOUR_RIICHI: "reach4", DrawKind.FOUR_KANS: "kan4",
    DrawKind.TRIPLE_RON: "ron3", DrawKind.CHOMBO: "chombo",
}
"""Each kind of drawn round as the ``RYUUKYOKU`` tag's ``type`` (None: no type)."""

_CALL_KINDS = {MeldKind.CHI: CallKind.CHI, MeldKind.PON: CallKind.PON,
               MeldKind.MINKAN: CallKind.MINKAN, MeldKind.SHOUMINKAN: CallKind.SHOUMINKAN,
               MeldKind.ANKAN: CallKind.ANKAN}
_LIMITS = {None: 0, Limit.MANGAN: 1, Limit.HANEMAN: 2, Limit.BAIMAN: 3, Limit.SANBAIMAN: 4}
_YAKUMAN_LIMIT = 5
_PLAYER_GAME = 0x01
_RULE_BITS = 0x02 | 0x04 | 0x08 | 0x10
_SEATS = 4


def rule_type_of(record: GameRecord, base: int = _PLAYER_GAME) -> int:
    """The ``GO type`` bits of a record's rules: no red fives (0x02), no open tanyao
    (0x04), east-south (0x08), three players (0x10); the other bits (lobby, speed) come
    from ``base``.

    >>> from mahjong_core.table import Game
    >>> rule_type_of(Game(seed=1).record())
    9
    """
    rules = record.rules
    bits = (0 if rules.red_fives else 0x02) | (0 if rules.open_tanyao else 0x04)
    bits |= 0x08 if record.table.length is GameLength.EAST_SOUTH else 0
    bits |= 0x10 if rules.players == 3 else 0
    return (base & ~_RULE_BITS) | bits


def table_call(meld: TableMeld) -> LogCall:
    """A meld on the table as the mjlog call that makes it.

    Raises InvalidLogError for a meld whose ids do not make that call.
    """
    kind = _CALL_KINDS[meld.meld.kind]
    called = None if kind is CallKind.ANKAN else meld.called
    return LogCall(kind, tuple(sorted(meld.ids)), called, meld.added,
                     None if kind is CallKind.ANKAN else meld.from_seat)


def check_names(names: Sequence[str], players: int) -> list[str]:
    """``names`` as a list, checked to be one string a seat of a ``players`` table.

    Raises InvalidLogError for anything else.
    """
    count = "four" if players == 4 else "three"
    check_texts(names, players, f"names are {count} strings, one per seat")
    return list(names)


def check_source(record: GameRecord, source: GameLog | None) -> None:
    """Raises InvalidLogError unless ``source`` is None or a game (a ``GameLog``) of as
    many players as ``record``."""
    check_source_type(source)
    if source is not None and source.players_count != record.rules.players:
        raise InvalidLogError(f"a {source.players_count}-player log is no source for a "
                              f"{record.rules.players}-player record")


def _players(record: GameRecord, source: GameLog | None, names: Sequence[str] | None
             ) -> tuple[LogPlayer, ...]:
    count = record.rules.players
    players = source.players if source is not None else ()
    if names is None:
        return players
    named = check_names(names, count)
    if count == 3:
        named.append(players[3].name if len(players) == _SEATS else "")
    if len(players) == len(named):
        return tuple(LogPlayer(name, p.dan, p.rate, p.sex)
                     for name, p in zip(named, players, strict=True))
    return tuple(LogPlayer(name) for name in named)


def record_to_mjlog(record: GameRecord, *, source: GameLog | None = None,
                    names: Sequence[str] | None = None) -> GameLog:
    """An mjlog game of ``record``: every round's deal and events, every outcome the
    engine's, and the final standing (``owari``) when the game is over.

    ``source``, the log the record was replayed from, gives what the record does not
    hold: the players, the lobby and room bits of the rule type, the shuffle seed and
    each round's dice (else the dice are written as 0, 0). ``names`` name the seats (a
    three-player game's empty fourth seat is named ""). Raises InvalidLogError for a
    source of another number of players or names that are not one string a seat.

    >>> from mahjong_core.table import Game, Pass
    >>> game = Game(seed=3)
    >>> game_round = game.deal()
    >>> while not game_round.is_over:
    ...     seat = game_round.to_act[0]
    ...     actions = game_round.legal_actions(seat)
    ...     game_round.apply(next((a for a in actions if isinstance(a, Pass)), actions[0]))
    >>> log = record_to_mjlog(game.record())
    >>> log.rule_type, len(log.rounds), type(log.rounds[0].events[-1]).__name__
    (9, 1, 'Ryuukyoku')
    """
    if not isinstance(record, GameRecord):
        raise InvalidLogError(f"record_to_mjlog writes a GameRecord, got {type(record).__name__}")
    check_source(record, source)
    players = _players(record, source, names)
    rounds = []
    for number, played in enumerate(record.rounds):
        dice = (0, 0)
        if source is not None and number < len(source.rounds):
            dice = source.rounds[number].dice
        last = number == len(record.rounds) - 1 and record.end_reason is not None
        final = LogStanding(_padded(record.final_scores, 0),
                              _padded(tuple(record.points), 0.0)) if last else None
        rounds.append(_round(played, record, dice, final))
    return GameLog(
        version=source.version if source is not None else "2.3",
        shuffle_seed=source.shuffle_seed if source is not None else None,
        rule_type=rule_type_of(record, source.rule_type if source is not None else _PLAYER_GAME),
        lobby=source.lobby if source is not None else 0,
        players=players, first_dealer=0, rounds=tuple(rounds),
        shuffle_ref=source.shuffle_ref if source is not None else None)


def _play(played: RoundRecord, record: GameRecord, hands: list[list[TileId]],
          melds: list[list[LogCall]], scores: list[int]
          ) -> tuple[list[LogEvent], int, int, int]:
    """The round's play as mjlog events, keeping ``hands``, ``melds`` and ``scores`` (the
    riichi sticks paid) up to date; with the sticks on the table, the dora indicators
    shown and the last seat to draw."""
    sticks = played.sticks
    dora_shown = 1
    last_drawer = played.dealer
    events: list[LogEvent] = []
    for event in played.events:
        if isinstance(event, TileDrawn):
            hands[event.seat].append(event.tile)
            last_drawer = event.seat
            events.append(LogDraw(event.seat, event.tile))
        elif isinstance(event, TileDiscarded):
            if event.riichi:
                events.append(Riichi(event.seat, 1))
            hands[event.seat].remove(event.tile)
            events.append(Discard(event.seat, event.tile, event.tsumogiri))
        elif isinstance(event, RiichiAccepted):
            scores[event.seat] -= record.table.riichi_cost
            sticks += 1
            events.append(Riichi(event.seat, 2, _padded(tuple(scores), 0)))
        elif isinstance(event, MeldCalled):
            events.append(Call(event.seat, _called(event, hands[event.seat],
                                                   melds[event.seat])))
        elif isinstance(event, KitaDeclared):
            hands[event.seat].remove(event.tile)
            call = LogCall(CallKind.KITA, (event.tile,), None, None, None)
            melds[event.seat].append(call)
            events.append(Call(event.seat, call))
        elif isinstance(event, DoraRevealed):
            dora_shown += 1
            events.append(NewDora(event.indicator))
    return events, sticks, dora_shown, last_drawer


def _called(event: MeldCalled, hand: list[TileId], seat_melds: list[LogCall]) -> LogCall:
    """The call's mjlog form; its own tiles leave ``hand``, and it joins ``seat_melds``
    (an added kan in place of its pon)."""
    call = table_call(event.meld)
    own = (call.tiles if call.kind is CallKind.ANKAN
           else (call.added,) if call.added is not None
           else tuple(i for i in call.tiles if i != call.called))
    for tile_id in own:
        if tile_id is not None:
            hand.remove(tile_id)
    if call.kind is CallKind.SHOUMINKAN:
        index = next(n for n, m in enumerate(seat_melds)
                     if m.kind is CallKind.PON and m.called == call.called)
        seat_melds[index] = call
    else:
        seat_melds.append(call)
    return call


def _round_ends(played: RoundRecord, hands: list[list[TileId]], melds: list[list[LogCall]],
                scores: list[int], sticks: int, dora_shown: int, last_drawer: int
                ) -> list[Agari | Ryuukyoku]:
    """The round's wins or draw, each with the scores before it (the sticks go to the
    first win)."""
    wall = played.wall
    dora = [wall.dora_indicator(n) for n in range(dora_shown)]
    first = True
    ends: list[Agari | Ryuukyoku] = []
    for result in played.results:
        if isinstance(result, Win):
            ura = tuple(wall.ura_indicator(n) for n in range(dora_shown)) \
                if result.context.riichi else ()
            agari = _agari(played, result, hands[result.winner], melds[result.winner],
                           scores, sticks if first else 0, dora)
            scores = [s + d for s, d in zip(scores, result.deltas, strict=True)]
            ends.append(Agari(result.winner, result.from_seat, tuple(ura), agari))
            first = False
        else:
            assert isinstance(result, Draw)
            shown = _shown(result, last_drawer, len(played.start_scores))
            drawn = RyuukyokuRecord(
                honba=played.honba, sticks=sticks,
                hands=tuple(tuple(sorted(hands[s])) if s in shown else None
                            for s in range(_SEATS)),
                scores=_padded(tuple(scores), 0), deltas=_padded(result.deltas, 0))
            scores = [s + d for s, d in zip(scores, result.deltas, strict=True)]
            ends.append(Ryuukyoku(DRAW_TYPES[result.kind], drawn))
    return ends


def _agari(played: RoundRecord, result: Win, held: list[TileId], winner_melds: list[LogCall],
           scores: list[int], sticks: int, dora: list[TileId]) -> AgariRecord:
    """A win as the mjlog records it: the winning hand, its value and yaku, and the
    scores before it."""
    hand = held if result.is_tsumo else [*held, result.win_tile]
    value = result.result
    pairs, yakuman = tenhou_yaku_list(value, result.context, result.hand.melds)
    limit = _YAKUMAN_LIMIT if value.yakuman or value.limit is Limit.KAZOE_YAKUMAN \
        else _LIMITS.get(value.limit, _YAKUMAN_LIMIT)
    return AgariRecord(
        honba=played.honba, sticks=sticks, hand=tuple(sorted(hand)),
        melds=tuple(reversed(winner_melds)) or None,
        win_tile=result.win_tile, fu=value.fu, points=value.points, limit=limit,
        yaku=pairs or None, yakuman=yakuman or None, dora_indicators=tuple(dora),
        scores=_padded(tuple(scores), 0),
        deltas=_padded(result.deltas, 0), pao=result.liable)


def _with_final(end: Agari | Ryuukyoku, final: LogStanding) -> Agari | Ryuukyoku:
    """The game's last result, with the final standing recorded on it."""
    if isinstance(end, Agari):
        assert end.recorded is not None
        return attrs.evolve(end, recorded=attrs.evolve(end.recorded, final=final))
    assert end.recorded is not None
    return attrs.evolve(end, recorded=attrs.evolve(end.recorded, final=final))


def _padded(values: tuple[_V, ...], empty: _V) -> tuple[_V, ...]:
    """One value a seat as an mjlog game holds them: ``empty`` for a three-player game's
    fourth seat."""
    return (*values, *(empty,) * (_SEATS - len(values)))


def _round(played: RoundRecord, record: GameRecord, dice: tuple[int, int],
           final: LogStanding | None) -> LogRound:
    wall = played.wall
    hands: list[list[TileId]] = [list(hand) for hand in wall.hands]
    melds: list[list[LogCall]] = [[] for _ in range(_SEATS)]
    scores = list(played.start_scores)
    events, sticks, dora_shown, last_drawer = _play(played, record, hands, melds, scores)
    ends = _round_ends(played, hands, melds, scores, sticks, dora_shown, last_drawer)
    if final is not None and ends:
        ends[-1] = _with_final(ends[-1], final)
    events += ends
    return LogRound(
        round_index=4 * played.round_wind + played.dealer_index, honba=played.honba,
        sticks=played.sticks, dice=dice, dora_indicator=wall.dora[0],
        scores=_padded(played.start_scores, 0), dealer=played.dealer,
        hands=_padded(wall.hands, ()), events=tuple(events))


def _shown(result: Draw, last_drawer: int, players: int) -> tuple[int, ...]:
    """The seats whose hands Tenhou shows at a drawn round."""
    if result.kind in (DrawKind.EXHAUSTIVE, DrawKind.NAGASHI_MANGAN):
        return result.tenpai
    if result.kind is DrawKind.NINE_TERMINALS:
        return (last_drawer,)
    if result.kind is DrawKind.FOUR_RIICHI:
        return tuple(range(players))
    return ()
