"""Replaying a recorded game through the table engine.

The log supplies only the deal and the players' decisions; the engine works out every
draw's place in the wall, every dora, every win's value, every payment and the end of the
game, and checks each outcome the log records against its own.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import NamedTuple, cast

import attrs

from ..errors import (
    IllegalActionError,
    InvalidContextError,
    InvalidLogError,
    MahjongError,
    quote,
)
from ..rules import TENHOU_RULES, TENHOU_SANMA_RULES, Rules
from ..table import (
    TENHOU_SANMA_TABLE,
    TENHOU_TABLE,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Draw,
    DrawKind,
    Game,
    GameLength,
    GameRecord,
    Kita,
    NineTerminals,
    OpenKan,
    Pass,
    Phase,
    Pon,
    Ron,
    Round,
    TableRules,
    Tsumo,
    Wall,
    Win,
)
from ..table.actions import every_discard
from ..table.wall import THREE_PLAYER_IDS, trusted_wall
from ..tile import Tile, TileId
from .game_log import (
    Agari,
    AgariRecord,
    Bye,
    Call,
    CallKind,
    GameLog,
    LogEvent,
    LogRound,
    LogStanding,
    NewDora,
    Reconnect,
    Riichi,
    Ryuukyoku,
)
from .game_log import Discard as LogDiscard
from .game_log import Draw as LogDraw
from .record_mjlog import DRAW_TYPES
from .tenhou_seed import TenhouShuffle, tenhou_walls

__all__ = ["check_shuffle_wall", "game_rules", "replay_game"]

_EAST_SOUTH = 0x08
"""The rule type's east-south bit (``GameLog.east_south``)."""
_PASSES = tuple(Pass(seat) for seat in range(4))
_RONS = tuple(Ron(seat) for seat in range(4))
_FOUR_PLAYER_IDS = bytes(range(136))
_THREE_PLAYER_IDS = bytes(THREE_PLAYER_IDS)
_THIRTEEN = [13] * 4
"""Each seat's dealt tiles, for as many seats as a round has."""
_ANSWERING = (Phase.CALLS, Phase.CHANKAN)

_OWN_CALLS = (CallKind.ANKAN, CallKind.SHOUMINKAN, CallKind.KITA)
"""Calls of one's own tiles, on one's turn."""
_BETWEEN = (Riichi, NewDora, Bye, Reconnect)
"""What a log may record between a discard and the answers to it or the next draw."""
_CALLS_OF_DISCARDS = (CallKind.CHI, CallKind.PON, CallKind.MINKAN)
"""Calls of another seat's discard."""
_REPLACED = (CallKind.MINKAN, CallKind.SHOUMINKAN, CallKind.ANKAN, CallKind.KITA)
"""Calls after which the caller draws a replacement tile."""
_ABORTS = {DRAW_TYPES[kind]: kind for kind in DrawKind if kind.is_abortive}
"""Each abortive draw by its mjlog type."""


def game_rules(game: GameLog, *, round_points: bool | None = None,
               base: tuple[Rules, TableRules] | None = None) -> tuple[Rules, TableRules]:
    """The hand and table rules of a Tenhou game: four or three players (Tenhou's
    ``TENHOU_RULES`` and ``TENHOU_TABLE``, or ``TENHOU_SANMA_RULES`` and
    ``TENHOU_SANMA_TABLE``), red fives, open tanyao and the game's length from its
    ``GO type`` flags, the starting score from its first deal, and whether placement
    points are whole numbers (``round_points``; by default as the log's own final
    standing shows, else whole, as Tenhou wrote them until about 2021). ``base`` (a
    named rule set's pair, ``preset(name)``) replaces Tenhou's rules beneath what the log
    states.

    Raises InvalidLogError for a value that is no GameLog, or a ``base`` for another
    number of players than the game's.
    """
    if not isinstance(game, GameLog):
        raise InvalidLogError(f"a game is a GameLog, got {quote(game)}")
    players = game.players_count
    if base is None:
        base = ((TENHOU_RULES, TENHOU_TABLE) if players == 4
                else (TENHOU_SANMA_RULES, TENHOU_SANMA_TABLE))
    base_rules, base_table = base
    if base_rules.players != players or base_table.players != players:
        raise InvalidLogError(f"the game has {players} players, the rules are for "
                              f"{base_table.players}")
    rules = attrs.evolve(base_rules, red_fives=game.red_fives, open_tanyao=game.open_tanyao)
    length = GameLength.EAST_SOUTH if game.east_south else GameLength.EAST
    start = game.rounds[0].scores[:players] if game.rounds and game.rounds[0].scores else None
    start_score = start[0] if start and len(set(start)) == 1 else base_table.start_score
    if round_points is None:
        final = _recorded_final(game)
        round_points = final is None or all(p == int(p) for p in final.points)
    return rules, attrs.evolve(base_table, length=length, start_score=start_score,
                               return_score=max(start_score, base_table.return_score),
                               round_points=round_points)


def _recorded_final(game: GameLog) -> LogStanding | None:
    """The final standing the log records on its last win or draw, if it does."""
    for end in reversed(_ends(game.rounds[-1])) if game.rounds else ():
        if end.recorded is not None and end.recorded.final is not None:
            return end.recorded.final
    return None


def _ends(log_round: LogRound) -> list[Agari | Ryuukyoku]:
    """The round's wins or draw: the events at its end."""
    events = log_round.events
    at = len(events)
    while at and type(events[at - 1]) in (Agari, Ryuukyoku, Bye, Reconnect):
        at -= 1
    return [e for e in events[at:] if isinstance(e, Agari | Ryuukyoku)]


def replay_game(game: GameLog, *, round_points: bool | None = None, strict: bool = True,
                base: tuple[Rules, TableRules] | None = None) -> GameRecord:
    """Play every round of ``game`` through the engine and return the engine's record,
    with the game's names, lobby and origin.

    Raises IllegalActionError for an action the rules do not allow at that point and
    InvalidLogError for a log that contradicts itself or the engine's outcome (a
    recorded score, value or end that differs), or whose deal, draws or indicators
    differ from the walls its shuffle seed gives (see ``check_shuffle_wall``); the
    message names the round. ``round_points`` and ``base`` (a named rule set's pair,
    ``preset(name)``) are passed to ``game_rules``.

    What the log cannot say is the log's to say: a private lobby's placement points
    (set by its own uma, which no log states) are the ones it recorded, the difference
    in the record's ``warnings``. With ``strict=False`` so are any recorded placement
    points that differ from the engine's (the rounding of another era, a lobby the log
    does not name), and a log that stops between rounds gives the record of the rounds
    it holds, unfinished (``end_reason`` None), with a warning; the rounds themselves
    are checked as strictly as ever.
    """
    if not isinstance(game, GameLog):
        raise InvalidLogError(f"a game to replay is a GameLog, got {quote(game)}")
    if round_points is not None and type(round_points) is not bool:
        raise InvalidLogError(f"round_points is True, False or None, got {quote(round_points)}")
    if type(strict) is not bool:
        raise InvalidLogError(f"strict is True or False, got {quote(strict)}")
    engine = _played(game, round_points, base)
    rules = engine.rules
    warnings: list[str] = []
    final = _recorded_final(game)
    if not engine.is_over:
        stop = (f"the log stops before the game ends (next round {engine.next_round_name} "
                f"honba {engine.honba})")
        if strict or final is not None:   # a recorded end the engine does not reach
            raise InvalidLogError(stop)
        warnings.append(stop)
    record = attrs.evolve(engine.record(), names=game.names, origin=game.origin,
                          lobby=game.lobby)
    if final is not None:
        points = tuple(round(p, 1) for p in record.points)
        scores, logged = final.scores[:rules.players], final.points[:rules.players]
        private = _own_uma(game)
        if scores != record.final_scores or (logged != points and strict and not private):
            raise InvalidLogError(
                f"the log's final standing is {list(scores)} {list(logged)}, "
                f"the engine's {list(record.final_scores)} {list(points)}")
        if logged != points:  # rules the log does not state: the points are the ones it wrote
            why = "a private lobby's uma" if private else "rules the log does not state"
            warnings.append(f"the log's placement points {list(logged)} are kept ({why}); "
                            f"by the table's rules they are {list(points)}")
            record = attrs.evolve(record, points=tuple(logged))
    return attrs.evolve(record, warnings=tuple(warnings)) if warnings else record


def _play_rounds(engine: Game, game: GameLog) -> InvalidLogError | None:
    """Every round of the log through ``engine``, each checked as it is played; the
    refusal of a log that goes on after the engine's game ended is returned (with the
    rounds before it played), not raised."""
    rules = engine.rules
    shuffles = (tenhou_walls(game.shuffle_seed, players=rules.players) if game.shuffle_seed
                else None)
    for number, log_round in enumerate(game.rounds):
        if engine.is_over:
            return InvalidLogError(f"{_where(engine, number)}: the log goes on after the "
                                   f"game ended ({engine.end_reason})")
        try:
            _check_start(engine, log_round)
            seen = _wall_seen(log_round)
            try:
                wall = _wall(log_round, rules.players, seen)
            except InvalidContextError as error:
                raise InvalidLogError(f"the deal and draws do not fit one wall: "
                                      f"{error}") from None
            if shuffles is not None:
                _check_shuffle(log_round, seen, next(shuffles), engine.dealer)
        except InvalidLogError as error:
            # named here, once something is wrong: the round as the engine is about to deal it
            raise InvalidLogError(f"{_where(engine, number)}: {error}") from None
        table_round = engine.deal(wall)
        _play(table_round, log_round)
        _check_outcomes(table_round, log_round)
    return None


def _where(engine: Game, number: int) -> str:
    """The log's round ``number`` (from 0) named as the engine is about to deal it."""
    return f"round {number + 1} ({engine.next_round_name} honba {engine.honba})"


def _played(game: GameLog, round_points: bool | None,
            base: tuple[Rules, TableRules] | None) -> Game:
    """The engine that played every round of ``game``. A log that does not say the
    game's length (``length_known`` False) is played to the other length where its rounds
    show the reader's guess wrong: the game over before the log is, or not over where
    the log ends, and over there at the other length."""
    rules, table = game_rules(game, round_points=round_points, base=base)
    engine = Game(rules=rules, table=table)
    goes_on = _play_rounds(engine, game)
    if game.length_known or (goes_on is None and engine.is_over):
        if goes_on is not None:
            raise goes_on
        return engine
    other = attrs.evolve(game, rule_type=game.rule_type ^ _EAST_SOUTH, length_known=True)
    rules, table = game_rules(other, round_points=round_points, base=base)
    second = Game(rules=rules, table=table)
    try:
        if _play_rounds(second, other) is None and second.is_over:
            return second
    except MahjongError:
        pass
    if goes_on is not None:
        raise goes_on
    return engine


def _own_uma(game: GameLog) -> bool:
    """A private lobby (a lobby number other than 0) sets its own uma, which its log does
    not state: its final placement points are the log's to say, not the engine's."""
    return game.lobby is not None and game.lobby != 0


def _check_outcomes(table_round: Round, log_round: LogRound) -> None:
    """Each outcome the log records (where it does) against the engine's."""
    ends = _ends(log_round)
    results = table_round.results
    for end, result in zip(ends, results, strict=False):
        recorded = end.recorded
        if recorded is None:
            continue
        players = table_round.players
        checks: list[tuple[str, object, object]] = [
            ("score changes", recorded.deltas[:players] if recorded.deltas else None,
             result.deltas)]
        if isinstance(recorded, AgariRecord) and isinstance(result, Win):
            value = result.result
            checks += [("points", recorded.points, value.points),
                       ("liable seat", recorded.pao, result.liable)]
            if not value.yakuman:
                checks.append(("fu", recorded.fu, value.fu))
        for name, logged, ours in checks:
            if logged is not None and logged != ours:
                raise _mismatch(table_round, f"the log records {name} {logged}, the "
                                f"engine has {ours}")


def _check_start(engine: Game, log_round: LogRound) -> None:
    """The round's start as the log records it (where it does) against the engine's."""
    expected: list[tuple[str, object, object]] = [
        ("round", log_round.round_index, 4 * engine.round_wind + engine.dealer),
        ("honba", log_round.honba, engine.honba),
        ("riichi sticks", log_round.sticks, engine.sticks),
        ("dealer", log_round.dealer, engine.dealer),
        ("scores", log_round.scores[:engine.players] if log_round.scores else None,
         engine.scores),
    ]
    for name, recorded, ours in expected:
        if recorded is not None and recorded != ours:
            raise InvalidLogError(f"the log records {name} {quote(recorded)}, the engine has "
                                  f"{ours}")


def _wall(log_round: LogRound, players: int, shown: _Seen) -> Wall:
    """The wall as far as the log shows it (``shown``), the unseen places filled with the
    unseen tiles.

    Three-player walls keep their 4th and 5th indicators at the live wall's end (see
    ``Wall``), so those go there.
    """
    live, rinshan, dora = shown.live, shown.rinshan, shown.dora
    ura = next((indicators for _, indicators in reversed(shown.uras) if indicators), ())
    hands = log_round.hands[:players]
    if players == 4:
        live_size, rinshan_size, held_apart = 70, 4, 5
        tile_ids = _FOUR_PLAYER_IDS
    else:
        live_size, rinshan_size, held_apart = 55, 8, 3
        tile_ids = _THREE_PLAYER_IDS
    shown_ids = [*itertools.chain.from_iterable(hands), *live, *rinshan, *dora, *ura]
    unseen, trusted = _unseen(shown_ids, tile_ids)
    if len(live) > live_size:
        raise InvalidContextError(f"the log shows {len(live)} live draws; a wall has "
                                  f"{live_size}")
    taken = 0   # unseen tiles placed so far

    def fill(part: Sequence[int], size: int, what: str) -> tuple[int, ...]:
        """``part``, then the next unseen tiles (or -1 once there are none) up to ``size``."""
        nonlocal taken
        if len(part) > size:
            raise InvalidContextError(f"the log shows {len(part)} {what}; a wall has {size}")
        whole = (*part, *unseen[taken:taken + size - len(part)])
        taken += size - len(part)
        return whole if len(whole) == size else (*whole, *(-1,) * (size - len(whole)))

    if len(dora) <= held_apart and len(ura) <= held_apart:
        # no indicator the log shows lies in the live wall: the draws, then unseen tiles
        whole_live = fill(live, live_size, "live draws")
    else:
        whole_live, taken = _live_with_indicators(live, live_size, dora[held_apart:],
                                                  ura[held_apart:], unseen)
    parts = (whole_live, fill(rinshan, rinshan_size, "replacement draws"),
             fill(dora[:held_apart], held_apart, "dora indicators"),
             fill(ura[:held_apart], held_apart, "ura indicators"))
    if trusted and list(map(len, hands)) == _THIRTEEN[:players]:
        # the log's ids are ints (its records check them), shown once each and all of the
        # set; the unseen ones fill the wall's other places once each: the wall's own
        # check would pass
        return trusted_wall(hands, *cast(tuple[tuple[TileId, ...], ...], parts))
    return Wall(hands, *parts)   # refuses the ids, saying how


def _unseen(shown: list[int], tile_ids: bytes) -> tuple[list[int], bool]:
    """The ids of the set (``tile_ids``, in order, a byte each) that ``shown`` does not
    hold, in order, and whether ``shown`` holds ids of the set only, once each.

    The set's bytes less those shown, in C: cheaper than a set of the shown ids."""
    try:
        shown_bytes = bytes(shown)
    except (TypeError, ValueError):   # an id past 255 (or no int): not of the set
        seen = set(shown)
        return [i for i in tile_ids if i not in seen], False
    unseen = tile_ids.translate(None, shown_bytes)
    return list(unseen), len(tile_ids) - len(unseen) == len(shown)


def _live_with_indicators(live: list[int], live_size: int, dora: Sequence[int],
                          ura: Sequence[int], unseen: list[int]
                          ) -> tuple[tuple[int, ...], int]:
    """The live wall of a three-player round whose 4th or 5th indicators the log shows:
    those at the wall's end (as ``Wall`` keeps them), the draws, and unseen tiles (or -1
    once there are none) in the other places; and how many places took unseen tiles."""
    slots: list[int | None] = [*live, *([None] * (live_size - len(live)))]
    for index, tile in enumerate(dora):
        at = live_size - 2 - 2 * index
        if at < len(live):
            raise InvalidContextError("a dora indicator the log shows was drawn as well")
        slots[at] = tile
    for index, under in enumerate(ura):
        at = live_size - 1 - 2 * index
        if at < len(live):
            raise InvalidContextError("an ura indicator the log shows was drawn as well")
        slots[at] = under
    rest = iter(unseen)
    return (tuple(next(rest, -1) if tile is None else tile for tile in slots),
            slots.count(None))


class _Seen(NamedTuple):
    """The wall's tiles a log shows, in order, each draw with the index of its event."""

    live: list[int]
    """The live draws (where they are: ``_live_draws_at``)."""
    rinshan: list[int]
    """The replacement draws after a kan (or a north tile set aside)."""
    rinshan_at: list[int]
    dora: list[TileId]
    """The dora indicators."""
    uras: list[tuple[int, tuple[TileId, ...]]]
    """Each win's event index and ura indicators."""


def _wall_seen(log_round: LogRound) -> _Seen:
    """The wall's tiles the log shows, in order: the live draws, the replacement draws
    after a kan (a draw right after a kan, kita or added kan, past any new dora, win or
    connection note), the dora indicators and the ura indicators of each win.

    Kept as one loop over the events with a test of each one's class: cheaper than
    finding each kind's places apart (most of a round is draws and discards)."""
    live: list[int] = []
    drawn = live.append
    rinshan: list[int] = []
    rinshan_at: list[int] = []
    dora = [log_round.dora_indicator]
    uras: list[tuple[int, tuple[TileId, ...]]] = []
    replacement = False   # the next draw is a replacement draw
    at = -1
    for event in log_round.events:
        at += 1
        kind = event.__class__
        if kind is LogDiscard:
            replacement = False
        elif kind is LogDraw:
            if replacement:
                rinshan.append(event.tile)   # type: ignore[union-attr]
                rinshan_at.append(at)
                replacement = False
            else:
                drawn(event.tile)   # type: ignore[union-attr]
        elif kind is Call:
            replacement = event.call.kind in _REPLACED   # type: ignore[union-attr]
        elif kind is NewDora:
            dora.append(event.tile)   # type: ignore[union-attr]
        elif kind is Agari:
            uras.append((at, event.ura_indicators))   # type: ignore[union-attr]
        elif kind is not Bye and kind is not Reconnect:
            replacement = False
    return _Seen(live, rinshan, rinshan_at, dora, uras)


def _live_draws_at(log_round: LogRound, seen: _Seen) -> list[int]:
    """The event index of each live draw ``seen`` holds: every draw but the replacement
    draws (looked for only to name a draw that differs)."""
    replacements = set(seen.rinshan_at)
    return [at for at, event in enumerate(log_round.events)
            if type(event) is LogDraw and at not in replacements]


def _play(table_round: Round, log_round: LogRound) -> None:
    """Apply the log's decisions to ``table_round`` and check what the log shows."""
    riichi: set[int] = set()
    events = log_round.events
    shown_dora = [log_round.dora_indicator]
    index = 0
    count = len(events)
    turn = Phase.TURN
    discards = every_discard()
    apply_passed = table_round.apply_passed
    while index < count:
        event = events[index]
        index += 1
        if type(event) is LogDraw:
            if table_round.phase is not turn:
                _pass_all(table_round)
            # the drawn tile is None but on a turn after a draw
            if table_round.drawn != event.tile or table_round.current != event.seat:
                raise _mismatch(table_round, f"the log has seat {event.seat} draw "
                                f"{_name(event.tile)}, but {_expected(table_round)}")
        elif type(event) is LogDiscard:
            if not riichi and index < count and type(events[index]) is LogDraw:
                # the common case: turns nobody calls or wins on, carried out at once; the
                # run's last draw (or the one the engine did not make) checked as above
                index = _run(table_round, events, index - 1)
                continue
            declared = event.seat in riichi
            if declared:
                riichi.discard(event.seat)
            discard = discards[2 * (136 * event.seat + event.tile) + declared]
            if (index < count and type(events[index]) is LogDraw) or _goes_by(events, index):
                apply_passed(discard)
            else:  # answered (or a log the table finds wrong after the plain discard)
                index = _answered(table_round, discard, events, index)
        elif isinstance(event, Riichi):
            if event.step == 1:
                riichi.add(event.seat)
        elif isinstance(event, Call):
            _call(table_round, event)
        elif isinstance(event, NewDora):
            shown_dora.append(event.tile)
        elif isinstance(event, Agari):
            winners = [event]
            while index < len(events):
                following = events[index]
                if not isinstance(following, Agari):
                    break
                winners.append(following)
                index += 1
            _wins(table_round, winners)
        elif isinstance(event, Ryuukyoku):
            _draw(table_round, event)
    if not table_round.is_over:
        raise _mismatch(table_round, "the log stops before the round ends")
    if list(table_round.dora_indicators) != shown_dora:
        raise _mismatch(table_round, f"the log turns over dora indicators "
                        f"{_names(shown_dora)}, the engine {_names(table_round.dora_indicators)}")


def _run(table_round: Round, events: tuple[LogEvent, ...], start: int) -> int:
    """Carry out the turns from ``events[start]`` on, each a discard followed by a draw
    (``Round.apply_passed_turns``), and return the index of the draw that follows the
    last discard carried out."""
    end = start + 2  # the discard at ``start`` and the draw after it begin the run
    last = len(events) - 1
    while end < last and type(events[end]) is LogDiscard and type(events[end + 1]) is LogDraw:
        end += 2
    taken = cast("tuple[LogDiscard, ...]", events[start:end:2])
    draws = cast("tuple[LogDraw, ...]", events[start + 1:end:2])
    return start + 2 * table_round.apply_passed_turns(taken, draws) - 1


def _goes_by(events: Sequence[object], index: int) -> bool:
    """The discard just before ``events[index]`` goes by: the log's next event but a
    riichi, dora or connection note is one the table reaches only once every seat let the
    discard go (a draw, a kan or north tile of one's own, a draw that ends the round)."""
    count = len(events)
    while index < count and isinstance(events[index], _BETWEEN):
        index += 1
    if index == count:
        return False
    event = events[index]
    return (isinstance(event, LogDraw)
            or (isinstance(event, Call) and event.call.kind in _OWN_CALLS)
            or (isinstance(event, Ryuukyoku) and event.kind not in ("yao9", "ron3")))


def _pass_all(table_round: Round) -> None:
    """Nobody called or won: every seat still asked lets the tile go."""
    while table_round.phase in _ANSWERING:
        table_round.apply(_PASSES[table_round.to_act[0]])


def _answer(table_round: Round, answers: Sequence[Ron | Chi | Pon | OpenKan]) -> None:
    """Give the seats of ``answers`` their answer and let every other seat asked pass."""
    if table_round.phase not in _ANSWERING:
        raise _mismatch(table_round, f"the log has seat {answers[0].seat} answer a discard, "
                        f"but {_expected(table_round)}")
    table_round.apply_answers(answers)


def _answered(table_round: Round, discard: Discard, events: tuple[LogEvent, ...],
              index: int) -> int:
    """Carry out ``discard`` (the event before ``events[index]``) and, when the log's next
    event is a call of it or the log's next events are wins on it that the table allows,
    those too, at once (``Round.apply_answered``); return the index of the first event
    not carried out."""
    event = events[index] if index < len(events) else None
    if type(event) is Call and event.call.called == discard.tile:
        action = _called(event)
        if action is not None:
            return index + 1 if table_round.apply_answered(discard, (action,)) else index
    elif type(event) is Agari and event.seat != event.from_seat:
        end = index + 1
        while end < len(events) and type(events[end]) is Agari:
            end += 1
        winners = cast("list[Agari]", list(events[index:end]))
        if table_round.apply_answered(discard, _rons(winners)):
            _check_wins(table_round, winners)
            return end
        return index
    table_round.apply(discard)
    return index


def _called(event: Call) -> Chi | Pon | OpenKan | None:
    """The table's action of a log's chi, pon or open kan, if it names its called tile
    among its tiles (None for anything else)."""
    call, seat = event.call, event.seat
    if call.kind not in _CALLS_OF_DISCARDS:
        return None
    own = [i for i in call.tiles if i != call.called]
    if call.called is None or len(own) != len(call.tiles) - 1:
        return None
    if call.kind is CallKind.CHI:
        return Chi(seat, (own[0], own[1]))
    if call.kind is CallKind.PON:
        return Pon(seat, (own[0], own[1]))
    return OpenKan(seat)


def _call(table_round: Round, event: Call) -> None:
    call, seat = event.call, event.seat
    if call.kind is CallKind.ANKAN:
        _pass_all(table_round)
        table_round.apply(ClosedKan(seat, Tile(call.tiles[0] // 4)))
        return
    if call.kind is CallKind.SHOUMINKAN:
        _pass_all(table_round)
        if call.added is None:
            raise _mismatch(table_round, f"seat {seat}'s added kan names no added tile")
        table_round.apply(AddedKan(seat, call.added))
        return
    if call.kind is CallKind.KITA:
        _pass_all(table_round)
        table_round.apply(Kita(seat, call.tiles[0]))
        return
    action = _called(event)  # a chi, pon or open kan: None when it names no called tile
    if action is None or call.called is None:
        raise _mismatch(table_round, f"seat {seat}'s {call.kind.value} does not name the "
                        "called tile among its tiles")
    if table_round.last_tile != call.called:
        raise _mismatch(table_round, f"seat {seat} calls {_name(call.called)}, but "
                        f"{_expected(table_round)}")
    _answer(table_round, (action,))


def _wins(table_round: Round, winners: list[Agari]) -> None:
    first = winners[0]
    if first.seat == first.from_seat:
        if len(winners) > 1:
            raise _mismatch(table_round, "the log has more than one win on a tsumo")
        _pass_all(table_round)
        table_round.apply(Tsumo(first.seat))
    else:
        _answer(table_round, _rons(winners))
    _check_wins(table_round, winners)


def _rons(winners: list[Agari]) -> list[Ron]:
    """The rons of a log's wins on a tile: a seat the log names twice answers once (the
    wins then differ from the log's)."""
    return list(dict.fromkeys(_RONS[w.seat] for w in winners))


def _check_wins(table_round: Round, winners: list[Agari]) -> None:
    """The engine's wins against the log's."""
    results = [r for r in table_round.results if isinstance(r, Win)]
    got = [(r.winner, r.from_seat) for r in results]
    want = [(w.seat, w.from_seat) for w in winners]
    if got != want:
        raise _mismatch(table_round, f"the log has wins (winner, from) {want}, the engine "
                        f"{got}")


def _draw(table_round: Round, event: Ryuukyoku) -> None:
    kind = event.kind
    if kind == "yao9":
        _pass_all(table_round)
        table_round.apply(NineTerminals(table_round.current))
    elif kind == "ron3":
        if table_round.phase is not Phase.CALLS:
            raise _mismatch(table_round, f"the log has a triple ron, but "
                            f"{_expected(table_round)}")
        _answer(table_round, [_RONS[s] for s in table_round.to_act
                              if _RONS[s] in table_round.legal_actions(s)])
    else:
        _pass_all(table_round)
    results = table_round.results
    if not table_round.is_over or not results or not isinstance(results[-1], Draw):
        raise _mismatch(table_round, f"the log ends the round in a draw ({kind or 'exhaustive'})"
                        f", but {_expected(table_round)}")
    ours = results[-1].kind
    wanted = _ABORTS.get(kind or "")
    if wanted is not None and ours is not wanted:
        raise _mismatch(table_round, f"the log records a {wanted.value} draw, the engine a "
                        f"{ours.value} draw")
    if wanted is None and kind != "nm" and ours.is_abortive:
        raise _mismatch(table_round, f"the log records an exhaustive draw, the engine a "
                        f"{ours.value} draw")


def _expected(table_round: Round) -> str:
    """What the engine is waiting for, in words."""
    if table_round.is_over:
        return "the round is already over"
    if table_round.phase is Phase.TURN:
        drawn = table_round.drawn
        return (f"it is seat {table_round.current}'s turn"
                + (f" after drawing {_name(drawn)}" if drawn is not None else " after a call"))
    tile = table_round.last_tile
    return (f"seats {list(table_round.to_act)} are answering seat {table_round.current}'s "
            f"{_name(tile) if tile is not None else 'tile'}")


def _mismatch(table_round: Round, why: str) -> MahjongError:
    return IllegalActionError(f"{table_round.name} honba {table_round.honba}: {why}")


def _name(tile_id: TileId | int) -> str:
    return str(Tile.from_id136(tile_id)) if 0 <= tile_id < 136 else str(tile_id)


def _names(ids: Sequence[int]) -> str:
    return " ".join(_name(i) for i in ids) or "none"


def check_shuffle_wall(log_round: LogRound, shuffle: TenhouShuffle, dealer: int,
                       where: str = "") -> None:
    """Check a round's deal, dice, draws and dora and ura indicators against the wall its
    game's shuffle seed gives (``tenhou_walls``), the round dealt by ``dealer``.

    Raises InvalidLogError naming the first tile (or the dice) that differs.
    """
    _check_shuffle(log_round, _wall_seen(log_round), shuffle, dealer, where)


def _check_shuffle(log_round: LogRound, seen: _Seen, shuffle: TenhouShuffle, dealer: int,
                   where: str = "") -> None:
    """``check_shuffle_wall`` of the tiles ``seen`` in the round: what the log shows is
    compared with the shuffle's wall part by part, in a few C-level steps, and the first
    difference looked for tile by tile only when there is one."""
    wall = shuffle.wall(dealer)
    first, second = shuffle.dice
    dice = (first - 1, second - 1)
    if _shows_as_shuffled(log_round, seen, wall, dice):
        return
    prefix = f"{where}: " if where else ""

    def differ(what: str, logged: int, expected: int) -> InvalidLogError:
        return InvalidLogError(f"{prefix}{what} is {_name(logged)} (id {logged}), but the wall "
                               f"from the game's shuffle seed has {_name(expected)} (id "
                               f"{expected}) there")

    logged_hands = log_round.hands[:wall.players]
    if logged_hands != wall.hands:   # not in the order dealt (as Tenhou writes them)
        _check_shuffle_deal(logged_hands, wall.hands, prefix)
    if log_round.dice != dice:
        raise InvalidLogError(f"{prefix}the log's dice are {list(log_round.dice)}, the shuffle "
                              f"seed's {list(dice)} (as the log writes them, 0-5)")
    # each difference with the index of the event that shows it: the first one is named
    found: list[tuple[int, str, int, int, Sequence[int]]] = [
        (_live_draws_at(log_round, seen)[n], f"draw {n + 1}", n, seen.live[n], wall.live)
        for n in _first_difference(seen.live, wall.live)]
    found += [(seen.rinshan_at[n], f"replacement draw {n + 1}", n, seen.rinshan[n],
               wall.rinshan) for n in _first_difference(seen.rinshan, wall.rinshan)]
    if found:
        at, what, place, shown, tiles = min(found, key=lambda difference: difference[0])
        draw = log_round.events[at]
        drawer = draw.seat if isinstance(draw, LogDraw) else None
        raise differ(f"{what} (seat {drawer})", shown, tiles[min(place, len(tiles) - 1)])
    for _, ura in seen.uras:
        if _indicators_differ(ura, wall.ura):
            for number, tile in enumerate(ura[:5]):
                if tile != wall.ura_indicator(number):
                    raise differ(f"ura indicator {number + 1}", tile,
                                 wall.ura_indicator(number))
    if _indicators_differ(seen.dora, wall.dora):
        for number, tile in enumerate(seen.dora[:5]):
            if tile != wall.dora_indicator(number):
                raise differ(f"dora indicator {number + 1}", tile, wall.dora_indicator(number))


def _shows_as_shuffled(log_round: LogRound, seen: _Seen, wall: Wall,
                       dice: tuple[int, int]) -> bool:
    """Whether the round shows its deal (in the order dealt), ``dice`` (0-5), draws and
    indicators just as ``wall`` (the shuffle's) has them, each among the tiles the wall
    keeps in that part (False as well for what is left to the look tile by tile: another
    order of dealt tiles, a three-player round's 4th or 5th indicator)."""
    live, rinshan, dora, ura = seen.live, seen.rinshan, seen.dora, wall.ura
    if (log_round.hands[:len(wall.hands)] != wall.hands or log_round.dice != dice
            or tuple(live) != wall.live[:len(live)]
            or tuple(rinshan) != wall.rinshan[:len(rinshan)]
            or len(dora) > len(wall.dora) or tuple(dora) != wall.dora[:len(dora)]):
        return False
    return all(len(shown) <= len(ura) and shown == ura[:len(shown)] for _, shown in seen.uras)


def _check_shuffle_deal(logged_hands: Sequence[Sequence[int]],
                        dealt_hands: Sequence[Sequence[int]], prefix: str) -> None:
    """Each seat's logged deal against the shuffle's: a tile it is not dealt, or another
    number of tiles, is named."""
    for seat, (logged, dealt) in enumerate(zip(logged_hands, dealt_hands, strict=True)):
        if sorted(logged) == sorted(dealt):
            continue
        extra = [tile for tile in logged if tile not in dealt]
        if extra or len(logged) != len(dealt):
            missing = [tile for tile in dealt if tile not in logged]
            raise InvalidLogError(
                f"{prefix}seat {seat} is dealt {_names(extra)}, but the wall from the game's "
                f"shuffle seed deals it {_names(missing)} instead")


def _indicators_differ(shown: Sequence[int], kept: tuple[TileId, ...]) -> bool:
    """Whether indicators the log shows may differ from the wall's: False when they are
    all among the ones the wall keeps apart (``kept``) and the same."""
    return len(shown) > len(kept) or tuple(shown) != kept[:len(shown)]


def _first_difference(logged: list[int], tiles: Sequence[int]) -> list[int]:
    """The index of the first of ``logged`` that differs from ``tiles`` at its place (or
    lies beyond them), if any: ``[index]`` or ``[]``."""
    if len(logged) <= len(tiles) and logged == list(tiles[:len(logged)]):
        return []
    return [next(n for n, tile in enumerate(logged) if n >= len(tiles) or tile != tiles[n])]
