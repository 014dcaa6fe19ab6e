"""Hypothesis strategies for mjlog records: every valid meld call, and whole games.

Calls are built from their parts (tile kind, copies, called position, source seat), never
by decoding a code, so that they can test the decoder. Games are built so that they are
writable: seats within the game's players, discards whose tsumogiri flag follows the draws,
each round ended by a win or a draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from hypothesis import strategies as st

from mahjong_core import TileId
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

__all__ = ["calls", "games", "players_and_seats"]

T = TypeVar("T")


def _tile(kind: int, copy: int) -> TileId:
    return TileId(4 * kind + copy)


def players_and_seats() -> st.SearchStrategy[tuple[int, int]]:
    """A number of players (3 or 4) and one of its seats."""
    return st.sampled_from([(players, who) for players in (3, 4) for who in range(players)])


def _sources(who: int, players: int) -> list[int]:
    return [seat for seat in range(players) if seat != who]


@st.composite
def calls(draw: st.DrawFn, who: int, players: int) -> LogCall:
    """Any call seat ``who`` can make at a table of ``players``."""
    kinds = [CallKind.PON, CallKind.MINKAN, CallKind.SHOUMINKAN, CallKind.ANKAN]
    kinds.append(CallKind.CHI if players == 4 else CallKind.KITA)
    kind = draw(st.sampled_from(kinds))
    if kind is CallKind.CHI:
        suit, start = draw(st.integers(0, 2)), draw(st.integers(0, 6))
        copies = draw(st.tuples(*[st.integers(0, 3)] * 3))
        tiles = tuple(_tile(9 * suit + start + i, copies[i]) for i in range(3))
        return LogCall(kind, tiles, draw(st.sampled_from(tiles)), None, (who + 3) % 4)
    if kind is CallKind.KITA:
        return LogCall(kind, (_tile(30, draw(st.integers(0, 3))),), None, None, None)
    tile_kind = draw(st.integers(0, 33))
    four = tuple(_tile(tile_kind, copy) for copy in range(4))
    if kind is CallKind.ANKAN:
        return LogCall(kind, four, None, None, None, draw(st.none() | st.sampled_from(four[1:])))
    source = draw(st.sampled_from(_sources(who, players)))
    if kind is CallKind.MINKAN:
        return LogCall(kind, four, draw(st.sampled_from(four)), None, source)
    apart = draw(st.sampled_from(four))
    three = tuple(tile for tile in four if tile != apart)
    called = draw(st.sampled_from(three))
    if kind is CallKind.PON:
        return LogCall(kind, three, called, None, source)
    return LogCall(kind, four, called, apart, source)


def _maybe(strategy: st.SearchStrategy[T]) -> st.SearchStrategy[T | None]:
    return st.none() | strategy


_TEXT = st.text(max_size=12)
_VERSIONS = st.from_regex(r"[0-9]{1,9}(\.[0-9]{1,9})?", fullmatch=True)
_FLOATS = st.floats(allow_nan=False, allow_infinity=False)
_POINTS = st.integers(-2000, 2000).map(lambda hundreds: 100 * hundreds)
_IDS = st.integers(0, 135).map(TileId)
_ID_TUPLES = st.lists(_IDS, max_size=14).map(tuple)


@st.composite
def _standing(draw: st.DrawFn) -> LogStanding:
    size = draw(st.integers(0, 4))
    return LogStanding(tuple(draw(st.lists(_POINTS, min_size=size, max_size=size))),
                         tuple(draw(st.lists(_FLOATS, min_size=size, max_size=size))))


@st.composite
def _score_changes(draw: st.DrawFn) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    if draw(st.booleans()):
        return None
    size = draw(st.integers(0, 4))
    return (tuple(draw(st.lists(_POINTS, min_size=size, max_size=size))),
            tuple(draw(st.lists(_POINTS, min_size=size, max_size=size))))


@st.composite
def _agari(draw: st.DrawFn, players: int) -> Agari:
    seat = draw(st.integers(0, players - 1))
    ba = draw(_maybe(st.tuples(st.integers(0, 20), st.integers(0, 10))))
    ten = draw(_maybe(st.tuples(st.integers(0, 200), st.integers(0, 200000), st.integers(0, 5))))
    changes = draw(_score_changes())
    hand, win_tile = draw(_maybe(_ID_TUPLES)), draw(_maybe(_IDS))
    dora = draw(_maybe(st.lists(_IDS, max_size=5).map(tuple)))
    melds = draw(_maybe(st.lists(calls(seat, players), max_size=4).map(tuple)))
    yaku = draw(_maybe(st.lists(st.tuples(st.integers(0, 54), st.integers(0, 13)),
                                max_size=5).map(tuple)))
    yakuman = draw(_maybe(st.lists(st.integers(0, 54), max_size=3).map(tuple)))
    pao, final = draw(_maybe(st.integers(0, players - 1))), draw(_maybe(_standing()))
    given = (ba, ten, changes, hand, win_tile, dora, melds, yaku, yakuman, pao, final)
    record = None if all(value is None for value in given) else AgariRecord(
        honba=None if ba is None else ba[0], sticks=None if ba is None else ba[1],
        hand=hand, melds=melds, win_tile=win_tile,
        fu=None if ten is None else ten[0], points=None if ten is None else ten[1],
        limit=None if ten is None else ten[2], yaku=yaku, yakuman=yakuman,
        dora_indicators=dora, scores=None if changes is None else changes[0],
        deltas=None if changes is None else changes[1], pao=pao, final=final)
    return Agari(seat, draw(st.integers(0, players - 1)),
                 draw(st.lists(_IDS, max_size=5).map(tuple)), record)


@st.composite
def _ryuukyoku(draw: st.DrawFn, players: int) -> Ryuukyoku:
    kind = draw(_maybe(st.sampled_from(["yao9", "kaze4", "reach4", "kan4", "ron3", "nm"])
                       | _TEXT))
    ba = draw(_maybe(st.tuples(st.integers(0, 20), st.integers(0, 10))))
    changes = draw(_score_changes())
    hands = tuple(draw(_maybe(_ID_TUPLES)) if seat < players else None for seat in range(4))
    final = draw(_maybe(_standing()))
    if ba is None and changes is None and final is None and hands == (None,) * 4:
        return Ryuukyoku(kind)
    return Ryuukyoku(kind, RyuukyokuRecord(
        honba=None if ba is None else ba[0], sticks=None if ba is None else ba[1],
        hands=hands, scores=None if changes is None else changes[0],
        deltas=None if changes is None else changes[1], final=final))


@st.composite
def _events(draw: st.DrawFn, players: int, named: int) -> tuple[LogEvent, ...]:
    """A round's events: play, then a win (or a multiple ron) or a draw, then leavers."""
    seats = st.integers(0, players - 1)
    presence: list[Callable[[int], LogEvent]] = [Bye]
    if named:
        presence.append(Reconnect)
    events: list[LogEvent] = []
    drawn: tuple[int, int] | None = None
    for _ in range(draw(st.integers(0, 12))):
        step = draw(st.sampled_from(["turn", "turn", "discard", "call", "riichi", "dora",
                                     "presence"]))
        if step == "turn":
            seat, tile = draw(seats), draw(_IDS)
            events.append(Draw(seat, tile))
            drawn = (seat, tile)
            if draw(st.booleans()):
                events.append(Discard(seat, tile, True))
                drawn = None
        elif step == "discard":
            seat, tile = draw(seats), draw(_IDS)
            events.append(Discard(seat, tile, drawn == (seat, tile)))
            drawn = None
        elif step == "call":
            seat = draw(seats)
            events.append(Call(seat, draw(calls(seat, players))))
            drawn = None
        elif step == "riichi":
            events.append(Riichi(draw(seats), draw(st.integers(1, 2)),
                                 draw(_maybe(st.lists(_POINTS, max_size=4).map(tuple)))))
        elif step == "dora":
            events.append(NewDora(draw(_IDS)))
        else:
            events.append(draw(st.sampled_from(presence))(
                draw(st.integers(0, min(players, named or players) - 1))))
    if draw(st.booleans()):
        events.extend(draw(st.lists(_agari(players), min_size=1, max_size=3)))
    else:
        events.append(draw(_ryuukyoku(players)))
    for _ in range(draw(st.integers(0, 2))):
        events.append(draw(st.sampled_from(presence))(
            draw(st.integers(0, min(players, named or players) - 1))))
    return tuple(events)


@st.composite
def _round(draw: st.DrawFn, players: int, named: int) -> LogRound:
    wall = draw(st.permutations(range(136)))
    hands = [tuple(TileId(i) for i in wall[13 * seat:13 * seat + 13]) for seat in range(players)]
    if players == 3:
        hands.append(())
    return LogRound(
        draw(_maybe(st.integers(0, 15))), draw(_maybe(st.integers(0, 20))),
        draw(_maybe(st.integers(0, 10))), (draw(st.integers(0, 5)), draw(st.integers(0, 5))),
        TileId(wall[60]), draw(_maybe(st.lists(_POINTS, max_size=4).map(tuple))),
        draw(_maybe(st.integers(0, 3))), tuple(hands), draw(_events(players, named)))


@st.composite
def _players(draw: st.DrawFn) -> tuple[LogPlayer, ...]:
    count = draw(st.integers(0, 4))
    dans = draw(st.booleans())
    rates = draw(st.booleans())
    sexes = draw(st.booleans())
    return tuple(
        LogPlayer(draw(_TEXT), draw(st.integers(-5, 25)) if dans else None,
                    draw(_FLOATS) if rates else None,
                    draw(st.text(max_size=3).filter(lambda s: "," not in s)) if sexes else None)
        for _ in range(count))


@st.composite
def games(draw: st.DrawFn) -> GameLog:
    """Any game ``format_mjlog`` can write: three or four players, up to three rounds."""
    players = draw(st.sampled_from([3, 4]))
    rule_type = draw(st.integers(0, 0x1FF)) & ~0x10 | (0x10 if players == 3 else 0)
    named = draw(_players())
    count = min(players, len(named))
    opening: list[Bye | Reconnect] = [Bye(seat) for seat in draw(
        st.lists(st.integers(0, players - 1), max_size=2))]
    if count:
        opening += [Reconnect(seat) for seat in draw(
            st.lists(st.integers(0, count - 1), max_size=2))]
    return GameLog(
        draw(_maybe(_VERSIONS)), draw(_maybe(_TEXT)), rule_type,
        draw(_maybe(st.integers(0, 9999))), named, draw(st.integers(0, players - 1)),
        tuple(draw(st.lists(_round(players, count), max_size=3))), tuple(opening),
        draw(_maybe(_TEXT)))
