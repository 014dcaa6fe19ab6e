"""Hostile input to the table engine and the game-log formats.

The checks of ``tests/test_hostile.py`` (``tests/hostile_checks.py``), applied to every
public constructor and function of ``mahjong_core.table`` and ``mahjong_core.formats``: each
call succeeds or raises a MahjongError with a short one-line message, leaves its inputs
as they were and gives the same answer twice. A round that refuses an action is left as
it was. Logs are damaged in every way a file can be: cut short, bytes changed, numbers
made huge, keys given twice, nesting made deep, events swapped, dropped or repeated; the
games read from them are changed field by field and replayed.
"""

from __future__ import annotations

import gzip
import io
import itertools
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_core import (
    TENHOU_RULES,
    TENHOU_SANMA_RULES,
    MahjongError,
    Tile,
    TileId,
    WinContext,
    Wind,
    Yaku,
)
from mahjong_core.cli.convert import convert
from mahjong_core.cli.replay import answer as replay_answer
from mahjong_core.errors import (
    IllegalActionError,
    InvalidContextError,
    InvalidLogError,
    InvalidRulesError,
)
from mahjong_core.formats import (
    GameLog,
    GameSource,
    LogFormat,
    ReadError,
    TenhouShuffle,
    detect_format,
    format_mjlog,
    iter_games,
    iter_sources,
    parse_game,
    parse_mjai,
    parse_mjlog,
    parse_tenhou6,
    record_to_mjlog,
    replay_game,
    tenhou_walls,
    write_game,
    write_mjai,
    write_tenhou6,
)
from mahjong_core.formats import game_log as mjlog_module
from mahjong_core.formats.game_log import LogCall, LogRound
from mahjong_core.formats.replay import game_rules
from mahjong_core.formats.tenhou_yaku import tenhou_yaku_id, yaku_of_tenhou_id
from mahjong_core.jsonapi import score_request
from mahjong_core.table import (
    TENHOU_SANMA_TABLE,
    TENHOU_TABLE,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Game,
    Kita,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Ron,
    Round,
    TableRules,
    Tsumo,
    Wall,
)
from mahjong_core.table import records as table_records
from tests.support.hostile_checks import Slot, Target, cases, check, keywords, options
from tests.support.logs import documents
from tests.support.strategies import (
    HUGE_INTS,
    LoudInt,
    LoudStr,
    PlainInt,
    PlainStr,
    deep_values,
    hostile,
    huge_ints,
    long_texts,
    wrong_types,
)

DATA = Path(__file__).parent / "data"
MJLOG = (DATA / "2019021004gm-00a9-0000-e2f6516d.mjlog").read_text(encoding="utf-8")
TENHOU6 = (DATA / "2019021004gm-00a9-0000-e2f6516d.json").read_text(encoding="utf-8")
GAME = parse_mjlog(MJLOG)
RECORD = replay_game(GAME)
MJAI = write_mjai(RECORD, source=GAME)
SANMA_MJLOG = documents(DATA / "tenhou_3p_kita_minkan.mjlog")[0]
SANMA_GAME = parse_mjlog(SANMA_MJLOG)
SEED = GAME.shuffle_seed
assert SEED is not None
DOCUMENTS = {LogFormat.MJLOG: MJLOG, LogFormat.TENHOU6: TENHOU6, LogFormat.MJAI: MJAI}


# -- rounds in the states an action meets ------------------------------------------------

WALL = Wall.from_sequence(range(136), dealer=0)
SANMA_WALL = Wall.shuffled(random.Random(3), dealer=0, players=3)
CALLS_WALL = Wall.stacked(["123m456p789s1234z", "55z406m11p22s3467z", "", ""],
                          live="5z")


def _turn_round() -> Round:
    return Round(WALL, dealer=0)


def _answer_round() -> Round:
    """Seat 0 has discarded its drawn 5z: seat 1 may pon, seat 2 and 3 pass."""
    game_round = Round(CALLS_WALL, dealer=0)
    game_round.apply(Discard(0, game_round.drawn or TileId(0)))
    return game_round


def _sanma_round() -> Round:
    return Round(SANMA_WALL, dealer=0, rules=TENHOU_SANMA_RULES, table=TENHOU_SANMA_TABLE)


ROUNDS: dict[str, Callable[[], Round]] = {
    "turn": _turn_round, "answer": _answer_round, "sanma": _sanma_round}


def _snapshot(game_round: Round) -> tuple[object, ...]:
    return (game_round.record(), game_round.phase, game_round.current, game_round.to_act,
            game_round.drawn, game_round.last_tile,
            tuple(game_round.legal_actions(seat) for seat in range(game_round.players)))


def _apply(make: Callable[[], Round]) -> Callable[[object], object]:
    """Apply an action to a fresh round; a refused one must leave the round as it was."""
    def apply(action: object) -> object:
        game_round = make()
        before = _snapshot(game_round)
        try:
            game_round.apply(action)  # type: ignore[arg-type]
        except MahjongError:
            assert _snapshot(game_round) == before, f"a refused {action!r} changed the round"
            raise
        return _snapshot(game_round)
    return apply


def _is_legal(make: Callable[[], Round]) -> Callable[[object], object]:
    return lambda action: make().is_legal(action)  # type: ignore[arg-type]


def _seat_call(name: str, make: Callable[[], Round]) -> Callable[[object], object]:
    return lambda seat: getattr(make(), name)(seat)


LEGAL = {name: [action for seat in range(make().players) for action in make().legal_actions(seat)]
         for name, make in ROUNDS.items()}
assert all(LEGAL.values())
assert any(isinstance(action, Pon) for action in LEGAL["answer"])

ACTION_CLASSES: tuple[type, ...] = (Discard, Tsumo, Ron, Chi, Pon, OpenKan, AddedKan, ClosedKan,
                                    Kita, NineTerminals, Pass)


def _field_values() -> st.SearchStrategy[object]:
    """What a hostile client may put into an action's field (the subclasses whose methods
    raise are in the constant cases: hypothesis hashes what it draws)."""
    return st.one_of(huge_ints(), deep_values(), long_texts(), wrong_types(),
                     st.builds(PlainInt, st.integers(-5, 140)), st.builds(PlainStr, st.text()),
                     st.integers(-5, 140),
                     st.tuples(st.integers(0, 135), st.integers(0, 135)),
                     st.sampled_from([Tile(0), Tile(30), "1m", True, (1,), (1, 2, 3)]))


@st.composite
def hostile_actions(draw: st.DrawFn) -> object:
    """An action of any class with any field hostile, or something that is no action."""
    kind = draw(st.sampled_from(ACTION_CLASSES))
    fields = attrs.fields(kind)
    values = [draw(_field_values() | st.integers(0, 3)) for _ in fields]
    if draw(st.booleans()):
        return kind(*values)
    return draw(st.sampled_from([
        mjlog_module.Discard(0, TileId(5), False), mjlog_module.Draw(0, TileId(5)), Tile(5),
        None, "Discard(0, 5)", PlainStr("pass"), object()]))


def _constant_actions() -> list[object]:
    """Each action class with each hostile constant in each field, and lookalikes."""
    found: list[object] = [None, "pass", LoudStr("Pass"), Tile(0), 0, (0, 5),
                           mjlog_module.Discard(0, TileId(5), False), {"seat": 0},
                           mjlog_module.Draw(1, TileId(5))]
    for kind in ACTION_CLASSES:
        fields = attrs.fields(kind)
        base: list[object] = [0, *([TileId(5)] * (len(fields) - 1))]
        if kind is Discard:
            base = [0, TileId(5), False]
        elif kind in (Chi, Pon):
            base = [1, (TileId(134), TileId(135))]
        elif kind is ClosedKan:
            base = [0, Tile(0)]
        for index in range(len(fields)):
            for value in [*HUGE_INTS[:3], -1, 4, 136, None, "5", LoudInt(0), PlainInt(0),
                          True, 1.0, (10 ** 5000, 2), [5, 6], Tile(4)]:
                found.append(kind(*base[:index], value, *base[index + 1:]))
    return found


SEAT_VALUES = st.integers(-1, 4)


def _round_targets() -> list[Target]:
    targets = []
    for name, make in ROUNDS.items():
        legal = LEGAL[name]
        actions = st.sampled_from(legal) | hostile_actions()
        targets += [
            Target(f"Round.apply[{name}]", _apply(make), (Slot(actions, legal[0]),)),
            Target(f"Round.is_legal[{name}]", _is_legal(make), (Slot(actions, legal[0]),)),
        ]
        for method in ("legal_actions", "observe", "hand", "river", "melds", "concealed",
                       "in_riichi", "seat_wind"):
            targets.append(Target(f"Round.{method}[{name}]", _seat_call(method, make),
                                  (Slot(SEAT_VALUES, 1),)))
    return targets


def _game_apply(action: object) -> object:
    game = Game(seed=1)
    game.deal(WALL)
    game.apply(action)  # type: ignore[arg-type]
    return game.round.record() if game.round is not None else None


def _game_seat(name: str) -> Callable[[object], object]:
    def call(seat: object) -> object:
        game = Game(seed=1)
        game.deal(WALL)
        return getattr(game, name)(seat)
    return call


def _game_deal(wall: object) -> object:
    game = Game(seed=1)
    return game.deal(wall).record()  # type: ignore[arg-type]


def _game(options_: dict[str, object]) -> object:
    game = Game(**options_)  # type: ignore[arg-type]
    played = game.deal()
    return played.record() if options_.get("seed") is not None else played.scores


def _wall_index(name: str) -> Callable[[object], object]:
    return lambda index: getattr(WALL, name)(index)


FRESH = object()
"""Stands for a new generator in each call (shuffling draws from the one it is given)."""


def _shuffled(rng: object, dealer: object, players: object) -> object:
    fresh = random.Random(1) if rng is FRESH else rng
    return Wall.shuffled(fresh, dealer=dealer, players=players)  # type: ignore[arg-type]


TABLE_RULE_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "players": st.sampled_from([3, 4]), "length": st.sampled_from(["east", "east_south"]),
    "start_score": st.integers(0, 100_000), "return_score": st.integers(0, 100_000),
    "uma": st.just((20, 10, -10, -20)), "extension": st.booleans(), "bust": st.booleans(),
    "riichi_cost": st.integers(0, 5000), "riichi_min_tiles": st.integers(0, 10),
    "noten_payment": st.integers(0, 5000), "double_ron": st.booleans(),
    "round_points": st.booleans()}

TABLE_TARGETS: list[Target] = [
    *_round_targets(),
    Target("Round", lambda wall, opts: _snapshot(Round(wall, **{"dealer": 0, **opts})), (
        Slot(st.just(WALL), WALL),
        options({"dealer": st.integers(0, 3), "round_wind": st.sampled_from(list(Wind)),
                 "dealer_index": st.integers(0, 3), "honba": st.integers(0, 10),
                 "sticks": st.integers(0, 10),
                 "scores": st.lists(st.integers(-10_000, 100_000), min_size=4, max_size=4),
                 "rules": st.just(TENHOU_RULES), "table": st.just(TENHOU_TABLE)},
                {"dealer": 1, "round_wind": Wind.SOUTH, "dealer_index": 1, "honba": 2,
                 "sticks": 1, "scores": [25000, 25000, 20000, 30000], "rules": TENHOU_RULES,
                 "table": TENHOU_TABLE}))),
    Target("Game", _game, (options({"rules": st.just(TENHOU_RULES),
                                    "table": st.just(TENHOU_TABLE),
                                    "seed": st.integers()},
                                   {"seed": 5, "rules": TENHOU_RULES, "table": TENHOU_TABLE}),)),
    Target("Game.deal", _game_deal, (Slot(st.just(WALL) | st.just(None), WALL),)),
    Target("Game.apply", _game_apply,
           (Slot(st.sampled_from(LEGAL["turn"]) | hostile_actions(), LEGAL["turn"][0]),)),
    *(Target(f"Game.{name}", _game_seat(name), (Slot(SEAT_VALUES, 0),))
      for name in ("legal_actions", "observe")),
    Target("TableRules", keywords(TableRules), (options(TABLE_RULE_VALUES, {
        "length": "east", "start_score": 30000, "uma": (15, 5, -5, -15),
        "riichi_cost": 1000, "players": 4}),)),
    Target("TableRules.placement_points", TENHOU_TABLE.placement_points,
           (Slot(st.lists(st.integers(-50_000, 150_000), min_size=4, max_size=4),
                 [25000, 24000, 31000, 20000]),)),
    Target("Wall.stacked", lambda hands, opts: Wall.stacked(hands, **opts), (
        Slot(st.sampled_from([["123m", "", "", ""], ["1z", "2z", "3z"]]),
             ["123m456p789s1122z", "", "", ""]),
        options({"live": st.sampled_from(["", "5z", "0m"]), "rinshan": st.just("1m"),
                 "dora": st.just("9s"), "ura": st.just("")},
                {"live": "2z", "dora": "1z", "rinshan": "7z", "ura": "0p"}))),
    Target("Wall.shuffled", _shuffled, (Slot(st.just(FRESH), FRESH),
                                        Slot(st.integers(0, 2), 0),
                                        Slot(st.sampled_from([3, 4]), 3))),
    Target("Wall.dora_indicator", _wall_index("dora_indicator"), (Slot(st.integers(0, 6), 1),)),
    Target("Wall.ura_indicator", _wall_index("ura_indicator"), (Slot(st.integers(0, 6), 1),)),
]


def _record_target(value: Any) -> Target:
    """The constructor of an attrs value, each field's default the value's own."""
    kind = type(value)
    names = [field.name for field in attrs.fields(kind) if field.init]  # what a caller sets
    slots = tuple(Slot(st.just(getattr(value, name)), getattr(value, name)) for name in names)

    def make(*args: object) -> object:
        return kind(**dict(zip(names, args, strict=True)))
    prefix = "mjlog." if kind.__module__.endswith(".game_log") else ""
    return Target(prefix + kind.__name__, make, slots)


def _some_event(kind: type) -> object:
    for played in RECORD.rounds:
        for event in played.events:
            if type(event) is kind:
                return event
    raise AssertionError(kind)


WIN = next(r for played in RECORD.rounds for r in played.results
           if isinstance(r, table_records.Win))
DRAW = next(r for played in RECORD.rounds for r in played.results
            if isinstance(r, table_records.Draw))
VALUES: list[object] = [
    Discard(0, TileId(5), True), Tsumo(1), Ron(2), Chi(1, (TileId(4), TileId(8))),
    Pon(3, (TileId(4), TileId(5))), OpenKan(0), AddedKan(1, TileId(6)), ClosedKan(2, Tile(3)),
    Kita(0, TileId(120)), NineTerminals(3), Pass(1),
    *(_some_event(kind) for kind in (table_records.TileDrawn, table_records.TileDiscarded,
                                     table_records.MeldCalled, table_records.RiichiAccepted)),
    table_records.DoraRevealed(TileId(7)), table_records.KitaDeclared(0, TileId(120)),
    table_records.RiverTile(TileId(5), False, False, True),
    _some_event(table_records.MeldCalled).meld,  # type: ignore[attr-defined]
    WIN, DRAW, RECORD.rounds[0], RECORD,
    *GAME.rounds[0].events[:2], GAME.rounds[0], GAME.players[0], GAME,
    next(e for r in GAME.rounds for e in r.events if isinstance(e, mjlog_module.Call)),
    next(e for r in GAME.rounds for e in r.events if isinstance(e, mjlog_module.Riichi)),
    next(e for r in GAME.rounds for e in r.events if isinstance(e, mjlog_module.Agari)),
    next(e for r in GAME.rounds for e in r.events if isinstance(e, mjlog_module.Ryuukyoku)),
    next(e for r in GAME.rounds for e in r.events if isinstance(e, mjlog_module.Agari)).recorded,
    next(e for r in GAME.rounds for e in r.events
         if isinstance(e, mjlog_module.Ryuukyoku)).recorded,
    next(e for e in SANMA_GAME.rounds[0].events if isinstance(e, mjlog_module.Call)).call,
    mjlog_module.Bye(2), mjlog_module.NewDora(TileId(9)), _answer_round().observe(1),
    mjlog_module.LogStanding((25000, 25000, 25000, 25000), (5.0, 15.0, -5.0, -15.0)),
]
RECORD_TARGETS = [_record_target(value) for value in VALUES]


# -- the formats ---------------------------------------------------------------------------

HOSTILE_SNIPPETS = [
    '"', "<", ">", "/>", "{", "}", "[", "]", ",", ":", "\x00", "\ud800", "\ufeff", "&#0;",
    "&#x110000;", "&bogus;", "9" * 5000, "-" + "9" * 50, "1e999", "NaN", "-Infinity", "[" * 3000,
    "{" * 3000, '"type":"dahai","actor":0,"pai":"5mr","tsumogiri":false', ' who="9" ',
    '<N who="0" m="99999999999999999999"/>', '<DORA hai="500"/>', '<T99999/>',
    '<INIT seed="0,0,0,0,0,0" ten="1,1,1,1" oya="0" hai0="" hai1="" hai2="" hai3=""/>',
    '<AGARI who="0" fromWho="0"/>', '<RYUUKYOKU type="yao9"/>', '<REACH who="0" step="2"/>',
    '<mjloggm ver="2.3">', "</mjloggm>", '{"type":"end_game"}\n', '{"type":"start_game"}\n',
    '"log": [], "log": []', "\r", "\n\n", "é" * 100, "x" * 70_000,
]


@st.composite
def damaged(draw: st.DrawFn, document: str) -> str:
    """A document cut, with a piece dropped, repeated or swapped, or a snippet put in."""
    size = len(document)
    at = draw(st.integers(0, size))
    end = draw(st.integers(at, min(size, at + 400)))
    how = draw(st.sampled_from(["cut", "drop", "repeat", "insert", "replace", "swap", "number"]))
    if how == "cut":
        return document[:at]
    if how == "drop":
        return document[:at] + document[end:]
    if how == "repeat":
        return document[:end] + document[at:end] + document[end:]
    if how == "insert":
        return document[:at] + draw(st.sampled_from(HOSTILE_SNIPPETS)) + document[at:]
    if how == "replace":
        return document[:at] + draw(st.text(max_size=5)) + document[end:]
    if how == "number":
        return document[:at] + draw(st.sampled_from(["0", "-1", "135", "136", "3", "4",
                                                     "10" * 30, "99999"])) + document[at + 1:]
    other = draw(st.integers(0, size))
    first, second = sorted((at, other))
    piece = document[first:first + 50]
    return document[:first] + document[second:second + 50] + document[first + 50:second] + (
        piece + document[second + 50:])


def _constant_damage(document: str) -> list[str]:
    """A fixed set of damaged versions: cut at ten places, every snippet at three."""
    size = len(document)
    found = [document[:size * k // 10] for k in range(10)]
    for snippet in HOSTILE_SNIPPETS:
        for k in (1, 5, 9):
            at = size * k // 10
            found.append(document[:at] + snippet + document[at:])
    return found


_V = TypeVar("_V", GameLog, LogRound)

FOREIGN_EVENTS: list[object] = [None, "D12", 5, Tile(3), Discard(0, TileId(5)),
                                 table_records.RiichiAccepted(0), GAME.rounds[1],
                                 GAME.players[0], (mjlog_module.Draw(0, TileId(5)),)]


def _evolve(value: _V, **changes: object) -> _V:
    """``attrs.evolve``, or the value unchanged when the change is refused (the
    constructors' own targets check how they refuse)."""
    try:
        return attrs.evolve(value, **changes)  # type: ignore[arg-type]
    except Exception:
        return value


def _mutate(game: GameLog, how: str, at: int, other: int, value: object) -> GameLog:
    """A game changed in one place; what the records' own checks refuse is left out."""
    rounds = list(game.rounds)
    index = at % len(rounds)
    target = rounds[index]
    events = list(target.events)
    spot = other % max(len(events), 1)
    if how == "rule_type":
        return _evolve(game, rule_type=value)
    if how == "first_dealer":
        return _evolve(game, first_dealer=value)
    if how == "players":
        return _evolve(game, players=game.players[:other % 5])
    if how == "rounds":
        changed = [rounds[:index] + rounds[index + 1:], [*rounds, target],
                   [*rounds[other % len(rounds):], *rounds[:other % len(rounds)]],
                   rounds[::-1]][other % 4]
        return _evolve(game, rounds=tuple(changed))
    if how in ("round_index", "honba", "sticks", "scores", "dealer", "dora_indicator",
               "dice"):
        rounds[index] = _evolve(target, **{how: value})
    elif how == "hands":
        hands = list(target.hands)
        hands[at % 4], hands[other % 4] = hands[other % 4], hands[at % 4]
        rounds[index] = _evolve(target, hands=tuple(hands))
    elif how == "drop":
        rounds[index] = _evolve(target, events=tuple(events[:spot] + events[spot + 1:]))
    elif how == "repeat":
        rounds[index] = _evolve(target, events=tuple(events[:spot + 1] + events[spot:]))
    elif how == "swap":
        there = (spot + 1 + at) % max(len(events), 1)
        events[spot], events[there] = events[there], events[spot]
        rounds[index] = _evolve(target, events=tuple(events))
    elif how == "foreign":
        rounds[index] = _evolve(target, events=tuple([*events[:spot], value, *events[spot:]]))
    elif how == "borrow":
        source = rounds[other % len(rounds)].events
        events[spot] = source[at % len(source)]
        rounds[index] = _evolve(target, events=tuple(events))
    return _evolve(game, rounds=tuple(rounds))


MUTATIONS = ("rule_type", "first_dealer", "players", "rounds", "round_index", "honba", "sticks",
             "scores", "dealer", "dora_indicator", "dice", "hands", "drop", "repeat", "swap",
             "foreign", "borrow")
MUTATION_VALUES: list[object] = [
    None, 0, 1, 3, 5, 0x10, 0x19, 15, 135, 10 ** 5000, 10 ** 30, -1, (0, 0), (5, 5),
    (25000, 25000, 25000), (10 ** 30, 0, 0, 0), (100, 100, 100, 100), *FOREIGN_EVENTS]

mutated_games = st.builds(
    _mutate, st.sampled_from([GAME, SANMA_GAME]), st.sampled_from(MUTATIONS),
    st.integers(0, 400), st.integers(0, 400), st.sampled_from(MUTATION_VALUES))


def _constant_games() -> list[GameLog]:
    """Each field mutation with every other value, and every event mutation at three
    places, on the four-player game; each kind of mutation once on the three-player
    game."""
    valued = ("rule_type", "first_dealer", "round_index", "honba", "sticks", "scores",
              "dealer", "dora_indicator", "dice", "foreign")
    found = [_mutate(GAME, how, 3, 40, value) for index, how in enumerate(valued)
             for value in MUTATION_VALUES[index % 2::2]]
    found += [_mutate(GAME, how, at, other, None) for how in MUTATIONS if how not in valued
              for at, other in ((0, 1), (3, 40), (7, 333))]
    found += [_mutate(SANMA_GAME, how, 2, 17, value)
              for how, value in zip(MUTATIONS, itertools.cycle(MUTATION_VALUES))]
    return found


def _replay_text(document: object, fmt: object) -> object:
    return replay_game(parse_game(document, fmt))  # type: ignore[arg-type]


FORMATS = st.sampled_from(list(LogFormat))


def _documents(fmt: LogFormat) -> st.SearchStrategy[str]:
    return st.just(DOCUMENTS[fmt]) | damaged(DOCUMENTS[fmt])


def _any_document() -> st.SearchStrategy[str]:
    return FORMATS.flatmap(_documents)


def _bytes_of(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def _in_memory(data: object) -> object:
    """Text as the bytes of a file (``iter_sources`` takes a str as a path)."""
    return str.encode(data, "utf-8", "surrogatepass") if isinstance(data, str) else data


def _all_sources(data: object) -> list[GameSource | ReadError]:
    return list(iter_sources(_in_memory(data)))  # type: ignore[arg-type]


def _all_games(data: object) -> list[GameLog | ReadError]:
    return list(iter_games(_in_memory(data)))  # type: ignore[arg-type]


FORMAT_TARGETS: list[Target] = [
    Target("parse_mjlog", parse_mjlog, (Slot(_documents(LogFormat.MJLOG), MJLOG),)),
    Target("parse_tenhou6", parse_tenhou6, (Slot(_documents(LogFormat.TENHOU6), TENHOU6),)),
    Target("parse_mjai", parse_mjai, (Slot(_documents(LogFormat.MJAI), MJAI),)),
    Target("detect_format", detect_format, (Slot(_any_document(), MJAI),)),
    Target("iter_sources", _all_sources, (Slot(_any_document(), TENHOU6),)),
    Target("iter_games", _all_games, (Slot(_any_document(), MJLOG),)),
    Target("parse_game", parse_game, (Slot(_any_document(), TENHOU6),
                                      Slot(st.none() | FORMATS, None))),
    Target("replay(parse_game)", _replay_text, (Slot(_any_document(), MJAI),
                                                Slot(st.none() | FORMATS, None))),
    Target("replay_game", lambda game, points: replay_game(game, round_points=points),
           (Slot(mutated_games, GAME), Slot(st.none() | st.booleans(), None))),
    Target("format_mjlog", format_mjlog, (Slot(st.just(GAME), GAME),)),
    Target("write_game", lambda record, fmt, source, names: write_game(
        record, fmt, source=source, names=names),
        (Slot(st.just(RECORD), RECORD), Slot(FORMATS, LogFormat.TENHOU6),
         Slot(st.none() | st.just(GAME), GAME), Slot(st.none() | st.just(list("abcd")), None))),
    *(Target(name, lambda record, source, names, write=write: write(
        record, source=source, names=names),
        (Slot(st.just(RECORD), RECORD), Slot(st.none() | st.just(GAME), None),
         Slot(st.none() | st.just(["A", "B", "C", "D"]), ["A", "B", "C", "D"])))
      for name, write in (("write_tenhou6", write_tenhou6), ("write_mjai", write_mjai),
                          ("record_to_mjlog", record_to_mjlog))),
    Target("tenhou_walls", lambda seed, players: [
        shuffle.dice for shuffle in itertools.islice(tenhou_walls(seed, players=players), 2)],
        (Slot(st.just(SEED), SEED), Slot(st.sampled_from([3, 4]), 4))),
    Target("TenhouShuffle.wall", lambda shuffle, dealer: shuffle.wall(dealer),
           (Slot(st.just(next(tenhou_walls(SEED))), next(tenhou_walls(SEED)), False),
            Slot(st.integers(0, 3), 2))),
    Target("TenhouShuffle.three_player_layout",
           lambda shuffle, dealer: shuffle.three_player_layout(dealer),
           (Slot(st.just(next(tenhou_walls(SEED, players=3))),
                 next(tenhou_walls(SEED, players=3)), False), Slot(st.integers(0, 2), 2))),
    Target("TenhouShuffle", lambda yama, dice, hex_seed: TenhouShuffle(
        yama, dice, hex_seed=hex_seed),
        (Slot(st.permutations(range(136)), list(range(136))), Slot(st.just((1, 6)), (3, 4)),
         Slot(st.booleans(), False))),
    Target("LogCall.decode", LogCall.decode,
           (Slot(st.integers(0, 65535), 11623), Slot(st.integers(0, 3), 3),
            Slot(st.sampled_from([3, 4]), 4))),
    Target("LogCall.encode", lambda call, who, players: call.encode(who, players),
           (Slot(st.just(LogCall.decode(11623, 3)), LogCall.decode(11623, 3), False),
            Slot(st.integers(0, 3), 3), Slot(st.sampled_from([3, 4]), 4))),
    Target("game_rules", lambda game, points: game_rules(game, round_points=points),
           (Slot(st.sampled_from([GAME, SANMA_GAME]), GAME),
            Slot(st.none() | st.booleans(), None))),
    Target("tenhou_yaku_id", tenhou_yaku_id,
           (Slot(st.sampled_from(list(Yaku)), Yaku.ROUND_WIND),
            Slot(st.none() | st.just(WinContext(round_wind="S")), WinContext(round_wind="S")))),
    Target("yaku_of_tenhou_id", yaku_of_tenhou_id, (Slot(st.integers(0, 60), 16),)),
    Target("score_request[players,kita]", score_request, (Slot(
        st.fixed_dictionaries({"hand": st.just("123456789p23s11z"), "win_tile": st.just("1s")},
                              optional={"players": st.sampled_from([3, 4]) | hostile(),
                                        "kita": st.integers(0, 4) | hostile(),
                                        "tsumo": st.booleans()}),
        {"hand": "123456789p23s11z", "win_tile": "1s", "players": 3, "kita": 1, "tsumo": True},
        keys=("players", "kita")),)),
]

TARGETS = [*TABLE_TARGETS, *RECORD_TARGETS, *FORMAT_TARGETS]
_IDS = [target.name for target in TARGETS]

_TEXT_TARGETS = {"parse_mjlog": MJLOG, "parse_tenhou6": TENHOU6, "parse_mjai": MJAI,
                 "detect_format": MJAI, "iter_games": MJLOG, "iter_sources": TENHOU6,
                 "parse_game": TENHOU6, "replay(parse_game)": MJAI}
_RECORD_NAMES = {target.name for target in RECORD_TARGETS}
_ACTION_TARGETS = {target.name for target in TARGETS
                   if target.name.startswith(("Round.apply", "Round.is_legal", "Game.apply"))}


def _all_cases(target: Target) -> list[tuple[object, ...]]:
    """The hostile constants in each argument, and for a text the damaged documents (as
    bytes too where bytes are read), for an action every hostile action."""
    found = list(cases(target))
    if target.name in _RECORD_NAMES:  # values that hold anything: a long list is a list
        found = [args for args in found if not any(
            type(arg) is list and len(arg) > 1000 for arg in args)]
    if target.name in _TEXT_TARGETS:
        rest = tuple(slot.default for slot in target.slots[1:])
        damaged_texts = _constant_damage(_TEXT_TARGETS[target.name])
        found += [(text, *rest) for text in damaged_texts]
        if target.name.startswith("iter_"):
            found += [(_bytes_of(text), *rest) for text in damaged_texts[::7]]
    if target.name in _ACTION_TARGETS:
        found += [(action,) for action in _constant_actions()]
    if target.name == "replay_game":
        found += [(game, None) for game in _constant_games()]
    return found


def test_the_targets_cover_the_table_and_the_formats() -> None:
    names = set(_IDS)
    assert len(names) == len(TARGETS)
    for name in ("Round", "Game", "TableRules", "Wall.stacked", "Discard", "Pon", "Kita",
                 "mjlog.GameLog", "mjlog.LogRound", "mjlog.Discard", "parse_mjlog",
                 "parse_tenhou6", "parse_mjai", "iter_games", "tenhou_walls", "replay_game",
                 "Round.apply[answer]", "Round.observe[sanma]", "GameRecord"):
        assert name in names, name


def test_valid_calls_succeed() -> None:
    for target in TARGETS:
        assert check(target, tuple(slot.default for slot in target.slots)).error is None, (
            target.name)


@pytest.mark.parametrize("target", TARGETS, ids=_IDS)
def test_every_argument_takes_every_hostile_constant(target: Target) -> None:
    found = _all_cases(target)
    assert found
    for args in found:
        check(target, args)


@pytest.mark.parametrize("target", TARGETS, ids=_IDS)
@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_mixed_hostile_and_valid_arguments(target: Target, data: st.DataObject) -> None:
    args = tuple(data.draw(slot.valid | hostile(slot.valid) if slot.hostile else slot.valid)
                 for slot in target.slots)
    check(target, args)


# -- damaged logs, read and replayed ------------------------------------------------------


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(FORMATS.flatmap(lambda fmt: st.tuples(st.just(fmt), damaged(DOCUMENTS[fmt]))))
def test_a_damaged_log_is_read_or_refused(item: tuple[LogFormat, str]) -> None:
    fmt, document = item
    outcome = check(Target("replay(parse_game)", _replay_text, ()), (document, fmt))
    if outcome.error is None:
        assert outcome.result is not None


# -- hostile streams to replay and convert -------------------------------------------------

MJLOG_B = (DATA / "2019080322gm-00a9-0000-81e85e04.mjlog").read_text(encoding="utf-8").strip()
"""A second real game, so that the answers' order shows."""
ENVIRONMENTS = [{"PYTHONIOENCODING": "utf-8:strict"},
                {"PYTHONIOENCODING": "ascii:strict", "LC_ALL": "C"}]


def _command(args: list[str], data: bytes = b"", env: dict[str, str] | None = None
             ) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "mahjong_core", *args], input=data,
                          capture_output=True, timeout=300, check=False,
                          env={**os.environ, **(env or {})})


class Item(NamedTuple):
    """One game of a stream: its bytes, and None for a good game (the text replayed in
    its format) or a fragment of its error."""

    data: bytes
    fmt: LogFormat
    problem: str | None


def _good(text: str, fmt: LogFormat) -> Item:
    return Item(text.encode("utf-8"), fmt, None)


def _bad(data: bytes | str, fmt: LogFormat, problem: str) -> Item:
    return Item(data if isinstance(data, bytes) else data.encode("utf-8"), fmt, problem)


M, T6, MJ = LogFormat.MJLOG, LogFormat.TENHOU6, LogFormat.MJAI
OPEN_TAG = '<mjloggm ver="2.3">'
TOO_LARGE = (OPEN_TAG + " " * (5 << 20) + "</mjloggm>").encode()

MJLOG_STREAM: list[Item] = [
    _good(MJLOG, M),
    _bad(MJLOG.encode().replace(b"<T", b"\xff<T", 1), M, "not UTF-8"),
    _good(MJLOG_B.replace("><", ">\n<"), M),  # a document over many lines
    _bad(MJLOG[:len(MJLOG) // 2], M, "cut-off or malformed tag"),
    _good(MJLOG_B, M),
    _bad(TOO_LARGE, M, f"larger than {4 << 20} bytes"),
    _bad(MJLOG.replace('<GO type="', '<GO type="1' + "0" * 5000, 1), M,
         "more than 18 digits"),
    _bad(re.sub(r"(<T[0-9]+/>)", r'\1<N who="0" m="99999999999999999"/>', MJLOG, count=1), M,
         "a meld code is an int 0-65535"),
    _bad(OPEN_TAG + "</mjloggm>", M, "no GO or no TAIKYOKU"),
    _good(MJLOG.replace("><", ">\r<"), M),
    _good(MJLOG_B, M),
]


def _replaced(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


TENHOU6_STREAM: list[Item] = [
    _good(TENHOU6.strip(), T6),
    _bad(_replaced(TENHOU6.strip(), '"log":', '"log": [], "log":'), T6, "duplicate key 'log'"),
    _bad(_replaced(TENHOU6.strip(), '"ver":2.3', '"ver":' + "[" * 3000 + "]" * 3000), T6,
         "nesting deeper than 32 levels"),
    _bad(_replaced(TENHOU6.strip(), '"ver":2.3', '"ver":1' + "0" * 5000), T6,
         "a number of 5001 characters"),
    _bad(_replaced(TENHOU6.strip(), '"ver":2.3', '"ver":NaN'), T6, "NaN is not a JSON number"),
    _bad("this line is no JSON", T6, "is not JSON"),
    _bad(TENHOU6.strip()[:3000], T6, "is not JSON"),  # cut short: the next { line starts anew
    _bad(TENHOU6.strip().encode().replace(b'"ref"', b'"r\xffef"', 1), T6, "not UTF-8"),
    _good(TENHOU6.strip(), T6),
]

MJAI_LINES = MJAI.strip().split("\n")
MJAI_STREAM: list[Item] = [
    _good(MJAI.strip(), MJ),
    _bad("\n".join([MJAI_LINES[0], MJAI_LINES[1].replace('"kyoku":1', '"kyoku":1,"kyoku":1'),
                    *MJAI_LINES[2:]]), MJ, "duplicate key 'kyoku'"),
    _bad("\n".join([*MJAI_LINES[:3], '{"type":"dahai","pai":"' + "x" * (1 << 20) + '"}',
                    *MJAI_LINES[3:]]), MJ, "longer than 1048576 bytes"),
    _bad("\n".join(MJAI_LINES[:40]), MJ, "line 40"),  # no end_game: the next game starts
    _bad(b"\n".join([MJAI_LINES[0].encode(), b'{"type":"tsumo"\xff}',
                     *(line.encode() for line in MJAI_LINES[1:])]), MJ, "not UTF-8"),
    _good(MJAI.strip(), MJ),
]


def _stream_bytes(items: list[Item], ending: bytes = b"\n") -> bytes:
    return b"".join(item.data + ending for item in items)


def _check_answers(stdout: bytes, items: list[Item], first: int = 0) -> None:
    """One answer line per item, in order, each the in-process answer of a good game or
    an error naming the problem."""
    lines = stdout.split(b"\n")
    assert lines[-1] == b""
    answers = [json.loads(line) for line in lines[:-1]]
    assert [a["game"] for a in answers] == list(range(first, first + len(items)))
    for number, (answer_, item) in enumerate(zip(answers, items, strict=True), first):
        if item.problem is None:
            expected, ok = replay_answer(number, item.data.decode(), item.fmt)
            assert ok and answer_ == json.loads(expected), (number, answer_.get("error"))
        else:
            assert set(answer_) == {"game", "error"}, (number, answer_)
            assert item.problem in answer_["error"], (number, answer_["error"][:300])
            assert len(answer_["error"]) < 600 and "library failed" not in answer_["error"]


@pytest.mark.parametrize("env", ENVIRONMENTS, ids=["utf-8", "ascii-C"])
@pytest.mark.parametrize("stream", [MJLOG_STREAM, TENHOU6_STREAM, MJAI_STREAM],
                         ids=["mjlog", "tenhou6", "mjai"])
def test_replay_answers_every_game_of_a_hostile_stream_in_order(
        stream: list[Item], env: dict[str, str]) -> None:
    done = _command(["replay"], _stream_bytes(stream), env)
    assert done.stderr == b"", done.stderr[-2000:]
    assert done.returncode == 1
    _check_answers(done.stdout, stream)


def test_replay_with_jobs_gives_the_same_answers() -> None:
    data = _stream_bytes(MJLOG_STREAM)
    single = _command(["replay", "-"], data)
    parallel = _command(["replay", "--jobs", "3", "-"], data)
    assert parallel.stderr == b"" and parallel.returncode == single.returncode == 1
    assert parallel.stdout == single.stdout
    assert _command(["replay", "--jobs", "1000", "-"], b"").returncode == 2


def test_replay_answers_every_input_file(tmp_path: Path) -> None:
    good = tmp_path / "good.mjlog"
    good.write_text(MJLOG + "\n" + MJLOG_B, encoding="utf-8")
    zipped = tmp_path / "games.mjlog.gz"
    zipped.write_bytes(gzip.compress(_stream_bytes([_good(MJLOG_B, M), _good(MJLOG, M)])))
    cut = tmp_path / "cut.mjlog.gz"
    cut.write_bytes(zipped.read_bytes()[:-200])
    damaged_zip = bytearray(zipped.read_bytes())
    damaged_zip[len(damaged_zip) // 2] ^= 0xFF
    broken = tmp_path / "damaged.mjlog.gz"
    broken.write_bytes(bytes(damaged_zip))
    empty = tmp_path / "empty.mjlog"
    empty.write_bytes(b"")
    unknown = tmp_path / "unknown.txt"
    unknown.write_bytes(b"hello\n")
    folder = tmp_path / "folder"   # read recursively: its log files, not the others
    (folder / "deeper").mkdir(parents=True)
    (folder / "nothing").mkdir()
    (folder / "deeper" / "game.json").write_text(MJLOG_B, encoding="utf-8")
    (folder / "notes.md").write_text("not a log", encoding="utf-8")
    files: list[tuple[Path, list[Item]]] = [
        (good, [_good(MJLOG, M), _good(MJLOG_B, M)]),
        (folder, [_good(MJLOG_B, M)]),
        (folder / "nothing", [_bad(b"", M, "nothing holds no log file")]),
        (tmp_path / "missing.mjlog", [_bad(b"", M, "cannot be read: No such file")]),
        (empty, [_bad(b"", M, "holds no game")]),
        (unknown, [_bad(b"", M, "neither mjlog XML")]),
        (zipped, [_good(MJLOG_B, M), _good(MJLOG, M)]),
        (cut, [_good(MJLOG_B, M), _bad(b"", M, "the gzip data ends early")]),
        (broken, [_bad(b"", M, "the gzip data is damaged")]),
        (good, [_good(MJLOG, M), _good(MJLOG_B, M)]),
    ]
    done = _command(["replay", *(str(path) for path, _ in files)])
    assert done.stderr == b"" and done.returncode == 1
    items = [item for _, found in files for item in found]
    if b"the gzip data is damaged" not in done.stdout:  # the damage fell after the first game
        items[-3:-2] = [_good(MJLOG_B, M), _bad(b"", M, "the gzip data is damaged")]
    _check_answers(done.stdout, items)


def _closed_early(args: list[str], data: bytes) -> tuple[int, bytes]:
    """Run a command, read one line of its answers and close the pipe (as ``head -1``
    does): (exit status, standard error)."""
    with tempfile.TemporaryFile() as source:
        source.write(data)
        source.seek(0)
        process = subprocess.Popen([sys.executable, "-m", "mahjong_core", *args],
                                   stdin=source, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.readline()
        process.stdout.close()
        stderr = process.stderr.read()
        return process.wait(timeout=300), stderr


@pytest.mark.parametrize("args", [["replay"], ["replay", "--jobs", "2"],
                                  ["convert", "--to", "mjai"]],
                         ids=["replay", "replay-jobs", "convert"])
def test_a_closed_pipe_ends_replay_and_convert_quietly(args: list[str]) -> None:
    data = (MJLOG + "\n").encode() * (1 if args[0] == "convert" else 200)
    status, stderr = _closed_early(args, data)
    assert stderr == b"", stderr[-2000:]
    assert status == 0


def test_convert_writes_every_good_game_and_reports_every_bad_one(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = _command(["convert", "--to", "tenhou6", "--out", str(out), "-"],
                    _stream_bytes(MJLOG_STREAM), ENVIRONMENTS[1])
    assert done.returncode == 1
    report = done.stderr.decode("ascii").splitlines()
    bad = [n for n, item in enumerate(MJLOG_STREAM) if item.problem is not None]
    assert [line.split(":")[0] for line in report[:-1]] == [
        f"game {n} (standard input)" for n in bad]
    for line, number in zip(report, bad, strict=False):
        assert MJLOG_STREAM[number].problem in line, line  # type: ignore[operator]
    total = len(MJLOG_STREAM)
    assert report[-1] == f"{total - len(bad)} of {total} games written to {out}"
    written = sorted(path.name for path in out.iterdir())
    assert written == [f"{n:05d}.json" for n, item in enumerate(MJLOG_STREAM)
                       if item.problem is None]
    for n, item in enumerate(MJLOG_STREAM):
        if item.problem is None:
            text = (out / f"{n:05d}.json").read_text(encoding="utf-8")
            assert text == convert(item.data.decode(), LogFormat.TENHOU6, M) + "\n"


def test_convert_writes_utf8_under_any_locale() -> None:
    done = _command(["convert", "--to", "mjai"], MJLOG.encode(), ENVIRONMENTS[1])
    assert done.returncode == 0 and done.stderr == b""
    assert done.stdout.decode("utf-8") == convert(MJLOG, LogFormat.MJAI)


# -- what the hostile input found, one case each --------------------------------------------

_TURN = _turn_round()
_HONBA = _evolve(GAME.rounds[0], honba=10 ** 5000)
FINDINGS: list[tuple[str, Callable[[], object], type[MahjongError] | None, str]] = [
    ("a Tenhou wall of range(10**5000) was iterated for ever",
     lambda: TenhouShuffle(range(10 ** 5000), (1, 1)), InvalidContextError, "more than the 136"),
    ("an action with a huge int could not be shown",
     lambda: repr(Discard(0, TileId(10 ** 5000))), None, "tile=an int of 5001 digits"),
    ("a huge dealer broke the message", lambda: Round(WALL, dealer=10 ** 5000),
     InvalidContextError, "an int of 5001 digits"),
    ("the dealer index was not checked", lambda: Round(WALL, dealer=0, dealer_index=10 ** 5000),
     InvalidContextError, "dealer index"),
    ("a round's scores were not bounded", lambda: Round(WALL, dealer=0, scores=[10 ** 30] * 4),
     InvalidContextError, "within 1,000,000,000"),
    ("seat_wind took any seat", lambda: _TURN.seat_wind("x"),  # type: ignore[arg-type]
     InvalidContextError, "a seat is an int"),
    ("a float tile id reached a shift", lambda: _turn_round().apply(Discard(0, 1.0)),  # type: ignore[arg-type]
     IllegalActionError, "a tile id is an int 0-135, got 1.0"),
    ("an int subclass's methods ran", lambda: _turn_round().apply(Discard(0, TileId(LoudInt(5)))),
     IllegalActionError, "a tile id is an int 0-135"),
    ("a call's tiles were not checked",
     lambda: _answer_round().apply(Pon(1, (TileId(10 ** 30), TileId(2)))),
     IllegalActionError, "two tile ids"),
    ("an indicator index went past the wall", lambda: WALL.dora_indicator(10 ** 5000),
     InvalidContextError, "index is an int 0-4"),
    ("placement points took any scores", lambda: TENHOU_TABLE.placement_points("abcd"),  # type: ignore[arg-type]
     InvalidContextError, "scores are 4 ints"),
    ("a game's seed went to random.Random", lambda: Game(seed=[1]),  # type: ignore[arg-type]
     InvalidContextError, "seed is an int"),
    ("uma of range(10**5000) overflowed len()", lambda: TableRules(uma=range(10 ** 5000)),
     InvalidRulesError, "uma"),
    ("a game length that is a str subclass ran its methods",
     lambda: TableRules(length=LoudStr("east")).length, None, "GameLength.EAST"),
    ("players of the wrong type reached a dict",
     lambda: Wall.shuffled(random.Random(1), dealer=0, players=[3]),  # type: ignore[arg-type]
     InvalidContextError, "3 or 4 players"),
    ("stacked hands of range(10**5000) overflowed len()",
     lambda: Wall.stacked(range(10 ** 5000)),  # type: ignore[arg-type]
     InvalidContextError, "stacked wall's hands"),
    ("an mjlog number of 5,000 digits reached int()",
     lambda: parse_mjlog(MJLOG.replace('<GO type="', '<GO type="1' + "0" * 5000, 1)),
     InvalidLogError, "more than 18 digits"),
    ("a character reference of many digits reached int()",
     lambda: parse_mjlog(MJLOG.replace('ver="2.3"', 'ver="&#' + "9" * 5000 + ';"', 1)),
     InvalidLogError, "names no character"),
    ("a draw tag of many digits reached int()",
     lambda: parse_mjlog(re.sub(r"<T[0-9]+/>", "<T" + "1" * 5000 + "/>", MJLOG, count=1)),
     InvalidLogError, "is not 0-135"),
    ("a tag with a line break made the message unprintable",
     lambda: parse_mjlog(MJLOG.replace("<TAIKYOKU", "<TAIKYOKU\nx", 1)),
     InvalidLogError, "character"),
    ("a tenhou.net/6 key given twice was taken silently",
     lambda: parse_tenhou6(TENHOU6.replace('"log":', '"log":[],"log":', 1)), InvalidLogError,
     "duplicate key 'log'"),
    ("a tenhou.net/6 number of 5,000 digits reached int()",
     lambda: parse_tenhou6(TENHOU6.replace('"ver":2.3', '"ver":1' + "0" * 5000, 1)),
     InvalidLogError, "a number of 5001 characters"),
    ("NaN was read as a number", lambda: parse_tenhou6('{"log": [], "sc": [NaN]}'),
     InvalidLogError, "NaN is not a JSON number"),
    ("an mjai number of 5,000 digits reached int()",
     lambda: parse_mjai('{"type":"start_game","x":1' + "0" * 5000 + "}"), InvalidLogError,
     "a number of 5001 characters"),
    ("iter_sources of an int raised TypeError", lambda: list(iter_sources(5)),  # type: ignore[arg-type]
     InvalidLogError, "an input is a path, a file or bytes, got 5"),
    ("iter_sources converted the numbers it only splits",
     lambda: len(list(iter_sources(b'{"log": 1' + b"0" * 5000 + b'}\n{"log": []}'))), None, "2"),
    ("detect_format converted the numbers it only looks at",
     lambda: detect_format('{"log": 1' + "0" * 5000 + "}"), None, "TENHOU6"),
    ("replay_game of a non-game raised AttributeError", lambda: replay_game(5),  # type: ignore[arg-type]
     InvalidLogError, "a GameLog"),
    ("a logged honba of 5,000 digits broke the message",
     lambda: replay_game(_evolve(GAME, rounds=(_HONBA, *GAME.rounds[1:]))), InvalidLogError,
     "an int of 5001 digits"),
    ("a Tenhou yaku id of 5,000 digits broke the message", lambda: yaku_of_tenhou_id(10 ** 5000),
     InvalidLogError, "an int of 5001 digits"),
    ("a yaku that is no Yaku reached a dict", lambda: tenhou_yaku_id([1]),  # type: ignore[arg-type]
     InvalidLogError, "a yaku is a Yaku"),
    ("game_rules of a non-game raised AttributeError", lambda: game_rules(5),  # type: ignore[arg-type]
     InvalidLogError, "a GameLog"),
    ("a writer's source of the wrong type raised AttributeError",
     lambda: write_tenhou6(RECORD, source=5), InvalidLogError, "a GameLog"),  # type: ignore[arg-type]
    ("a writer's names of range(10**5000) overflowed len()",
     lambda: write_mjai(RECORD, names=range(10 ** 5000)),  # type: ignore[arg-type]
     InvalidLogError, "names are four strings"),
    ("a title of None raised TypeError",
     lambda: write_tenhou6(RECORD, title=None), InvalidLogError, "a title is two strings"),  # type: ignore[arg-type]
    ("a player's rate of 5,000 digits overflowed isfinite()",
     lambda: repr(mjlog_module.LogPlayer("x", rate=10 ** 5000)), None, "5001 digits"),
    ("a riichi step that is an int subclass ran its methods",
     lambda: mjlog_module.Riichi(0, LoudInt(1)), InvalidLogError, "a riichi's step"),
    ("a player count that is an int subclass ran its methods",
     lambda: LogCall.decode(11623, 3, LoudInt(4)), InvalidLogError, "3 or 4 players"),
    ("a kita count that is an int subclass ran its methods",
     lambda: score_request({"hand": "123456789p23s11z", "win_tile": "1s", "kita": LoudInt(1)}),
     None, "'kita' counts north tiles"),
]


@pytest.mark.parametrize(("call", "error", "fragment"), [case[1:] for case in FINDINGS],
                         ids=[case[0] for case in FINDINGS])
def test_each_finding_is_fixed(call: Callable[[], object], error: type[MahjongError] | None,
                               fragment: str) -> None:
    if error is None:
        assert fragment in str(call())
        return
    with pytest.raises(error) as caught:
        call()
    message = str(caught.value)
    assert fragment in message and message.isprintable() and len(message) < 600, message


# -- the stream of games: where games begin and end ------------------------------------------


class Trickle(io.RawIOBase):
    """A byte stream that gives its data in pieces of the given sizes, as a pipe does."""

    def __init__(self, data: bytes, sizes: list[int]) -> None:
        self.data, self.sizes, self.at = data, sizes, 0

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        step = self.sizes.pop(0) if self.sizes else 65536
        piece = self.data[self.at:self.at + step]
        self.at += len(piece)
        return piece


SEPARATORS = st.sampled_from([b"\n", b"\r\n", b"\n\n", b" \t\n", b"\r"])
GOOD_GAMES = {M: [MJLOG.strip(), MJLOG_B, MJLOG_B.replace("><", ">\n<")],
              T6: [TENHOU6.strip(), json.dumps(json.loads(TENHOU6), indent=1)],
              MJ: [MJAI.strip()]}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([M, T6, MJ]), st.data())
def test_good_games_come_out_as_they_went_in(fmt: LogFormat, data: st.DataObject) -> None:
    """Any number of good games, any separators, any piece sizes, gzip or not, a byte
    order mark or not: the same games, in order."""
    games = data.draw(st.lists(st.sampled_from(GOOD_GAMES[fmt]), max_size=4))
    separators = [data.draw(SEPARATORS if fmt is MJ else SEPARATORS | st.just(b""))
                  for _ in games]
    stream = b"".join(game.encode() + sep for game, sep in zip(games, separators, strict=True))
    if data.draw(st.booleans()):
        stream = b"\xef\xbb\xbf" + stream
    if data.draw(st.booleans()):
        stream = gzip.compress(stream)
    sizes = data.draw(st.lists(st.integers(1, 5000), max_size=50))
    found = list(iter_sources(["-"], stdin=Trickle(stream, sizes)))  # type: ignore[arg-type]
    if not games:
        assert found == [ReadError("standard input", None, "standard input holds no game")]
        return
    assert [(type(g), g.file, g.index) for g in found] == [
        (GameSource, "standard input", index) for index in range(len(games))]
    found_ = [g for g in found if isinstance(g, GameSource)]
    assert [g.fmt for g in found_] == [fmt] * len(games)
    if fmt is MJ:  # lines as they were, whatever ended them and blanks after them
        assert [[line.strip() for line in g.text.split("\n")] for g in found_] == [
            game.split("\n") for game in games]
    else:
        assert [g.text for g in found_] == games


@pytest.mark.parametrize("separator", [b"", b" ", b"\n"])
def test_a_gzip_file_cut_short_answers_every_game_before_the_cut(separator: bytes,
                                                                 tmp_path: Path) -> None:
    """Several mjlog games in one gzip file, one after another on one line (or one a
    line), cut at many places: every game complete before the cut is answered, and the
    cut is one error naming the file."""
    games = [MJLOG.strip(), MJLOG_B, MJLOG.strip(), MJLOG_B]
    raw = separator.join(game.encode() for game in games)
    ends = list(itertools.accumulate(len(game.encode()) + len(separator) for game in games))
    zipped = gzip.compress(raw)
    path = tmp_path / "games.mjlog.gz"
    for cut in range(20, len(zipped), len(zipped) // 23):
        path.write_bytes(zipped[:cut])
        inflated = len(zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(zipped[:cut]))
        complete = sum(1 for end in ends if end - len(separator) <= inflated)
        found = list(iter_sources([str(path)]))
        assert [(g.fmt, g.text) for g in found[:-1] if isinstance(g, GameSource)] == [
            (M, game) for game in games[:complete]]
        assert found[-1] == ReadError(str(path), complete if inflated else None,
                                      f"{path}: the gzip data ends early (cut short)")
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([M, T6, MJ]).flatmap(
    lambda fmt: st.sampled_from(GOOD_GAMES[fmt]) | damaged(DOCUMENTS[fmt])), max_size=4),
    st.lists(st.binary(max_size=8), max_size=4), st.lists(st.integers(1, 3000), max_size=30),
    st.booleans())
def test_any_stream_is_cut_into_games_or_errors(pieces: list[str], junk: list[bytes],
                                                sizes: list[int], zipped: bool) -> None:
    """Whatever the bytes, reading them raises nothing, and every game is text or an
    error; a good game after a line break is never lost."""
    stream = b"".join(piece.encode("utf-8", "surrogatepass") + extra + b"\n"
                      for piece, extra in zip(pieces, [*junk, *[b""] * len(pieces)],
                                              strict=False))
    if zipped:
        stream = gzip.compress(stream)[:len(stream) // 2 if junk and junk[0] else None]
    found = list(iter_sources(["-"], stdin=Trickle(stream, sizes)))  # type: ignore[arg-type]
    assert found
    for game in found:
        if isinstance(game, GameSource):
            assert game.text
        else:
            assert game.message.isprintable() and len(game.message) < 600
