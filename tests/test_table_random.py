"""Random legal play: whole games of random choices among ``legal_actions``, checked after
every action.

The players lean toward winning, calling and declaring riichi so that those paths run
often. After every action: every tile id is somewhere exactly once, scores plus riichi
sticks add up to what they did at the start, the acting seat's observation shows no other
seat's concealed tiles, and a sample of actions that are not legal raise
``IllegalActionError`` and leave the round as it was. Every win is scored again from its
record. Games played on several threads at once equal the same games played alone.
"""

from __future__ import annotations

import math
import random
import threading
from collections import Counter
from collections.abc import Callable
from typing import Any, cast

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from mahjong_core import TENHOU_SANMA_RULES, Rules, Tile, TileId, evaluate
from mahjong_core.errors import IllegalActionError, InvalidRulesError
from mahjong_core.players import RandomPlayer
from mahjong_core.table import (
    TENHOU_SANMA_TABLE,
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Draw,
    Game,
    GameLength,
    GameRecord,
    Kita,
    LeftoverSticks,
    NineTerminals,
    Observation,
    OpenKan,
    OpenRiichi,
    Pass,
    Pon,
    Ron,
    Round,
    TableRules,
    TileDrawn,
    Tsumo,
    Win,
)
from mahjong_core.table import Phase as TablePhase


def choose(r: Round, seat: int, actions: list[Action], rng: random.Random) -> Action:
    """A random legal action, leaning toward wins, calls, kans and riichi."""
    wins = [a for a in actions if isinstance(a, Tsumo | Ron)]
    if wins and rng.random() < 0.9:
        return wins[0]
    kans = [a for a in actions if isinstance(a, OpenKan | AddedKan | ClosedKan)]
    if kans and rng.random() < 0.6:
        return rng.choice(kans)
    calls = [a for a in actions if isinstance(a, Pon | Chi)]
    if calls and rng.random() < 0.25:
        return rng.choice(calls)
    if NineTerminals(seat) in actions and rng.random() < 0.3:
        return NineTerminals(seat)
    discards = [a for a in actions if isinstance(a, Discard)]
    if not discards:
        return Pass(seat)
    riichi = [a for a in discards if a.riichi]
    if riichi and rng.random() < 0.8:
        return rng.choice(riichi)
    plain = [a for a in discards if not a.riichi]
    if len(plain) > 1 and rng.random() < 0.9:
        hand = r.hand(seat)
        red = r.rules.red_fives
        shanten = {a: hand.remove(Tile.from_id136(a.tile, red_fives=red)).shanten() for a in plain}
        best = min(shanten.values())
        return rng.choice([a for a in plain if shanten[a] == best])
    return rng.choice(plain)


# -- the invariants -----------------------------------------------------------------------


def check_tiles(r: Round) -> None:
    """Every id once: hands, melds, rivers (called tiles in the meld), live wall, dead wall;
    and the draws come off the wall in order."""
    wall = r.wall
    drawn = [e for e in r.events if isinstance(e, TileDrawn)]
    live_drawn = [e.tile for e in drawn if not e.rinshan]
    rinshan_drawn = [e.tile for e in drawn if e.rinshan]
    assert tuple(live_drawn) == wall.live[:len(live_drawn)]
    assert tuple(rinshan_drawn) == wall.rinshan[:len(rinshan_drawn)]
    kans = len(r.kans)
    assert r.live_remaining == len(wall.live) - len(live_drawn) - kans
    places: list[int] = []
    for seat in range(4):
        places += r.concealed(seat)
        for meld in r.melds(seat):
            places += meld.ids
        places += [t.tile for t in r.river(seat) if not t.called]
    places += wall.live[len(live_drawn):]  # the live wall left and the tiles kans moved
    places += wall.rinshan[len(rinshan_drawn):] + wall.dora + wall.ura
    assert sorted(places) == list(range(136))


def check_observation(seen: Observation, r: Round) -> None:
    """The seat sees its own tiles and the open table, never another seat's hand."""
    seat = seen.seat
    assert seen.hand == r.concealed(seat)
    hidden = {i for s in range(4) if s != seat for i in r.concealed(s)}
    shown: set[int] = set(seen.hand) | set(seen.dora_indicators)
    shown |= {i for i in (seen.drawn, seen.last_tile) if i is not None}
    shown |= {i for melds in seen.melds for m in melds for i in m.ids}
    shown |= {t.tile for river in seen.rivers for t in river}
    for action in seen.legal_actions:
        shown |= set(getattr(action, "tiles", ())) | {getattr(action, "tile", -1)}
    assert hidden.isdisjoint(shown)
    assert seen.drawn == (r.drawn if r.phase is TablePhase.TURN and seat == r.current else None)


def calls_allowed(r: Round, seat: int, tile: TileId) -> tuple[bool, bool]:
    """Whether ``seat`` may pon and chi ``tile`` if the current seat discards it, worked
    out here from the seat's concealed tiles: a pon needs two of the kind, a chi two tiles
    making a run with it from the seat after the discarder, and after either some tile
    must be left that kuikae allows (not the called kind, nor after a chi at one end of
    its run the kind beyond the other end)."""
    if seat == r.current or r.in_riichi(seat) or r.live_remaining <= 0:
        return False, False
    kind = tile // 4
    kinds = [i // 4 for i in r.concealed(seat)]

    def some_left(own: list[int], forbidden: set[int]) -> bool:
        rest = list(kinds)
        for k in own:
            rest.remove(k)
        return any(k not in forbidden for k in rest)

    pon = kinds.count(kind) >= 2 and some_left([kind, kind], {kind})
    chi = False
    if seat == (r.current + 1) % 4 and kind < 27:
        suit, rank = divmod(kind, 9)
        for low in range(max(rank - 2, 0), min(rank, 6) + 1):
            run = [9 * suit + low + step for step in range(3)]
            own = [k for k in run if k != kind]
            if all(k in kinds for k in own):
                forbidden = {kind}
                if kind == run[0] and low + 3 <= 8:
                    forbidden.add(run[2] + 1)
                if kind == run[2] and low >= 1:
                    forbidden.add(run[0] - 1)
                chi = chi or some_left(own, forbidden)
    return pon, chi


def check_call_offers(r: Round, allowed: list[tuple[bool, bool]], tile: TileId) -> None:
    """After a discard, each seat is offered pon and chi as ``calls_allowed`` worked out
    before it, and asked only if it has more than a pass to choose from; when nobody was
    asked anything, nobody was allowed a call."""
    if r.phase is TablePhase.CALLS and r.last_tile == tile:
        for seat in range(4):
            legal = r.legal_actions(seat)
            offered = (any(isinstance(a, Pon) for a in legal),
                       any(isinstance(a, Chi) for a in legal))
            assert offered == allowed[seat], (seat, legal)
            # a seat is asked only when it has something to decide
            assert (seat in r.to_act) == (legal != [] and legal != [Pass(seat)]), (seat, legal)
    else:
        assert not any(pon or chi for pon, chi in allowed)


def state(r: Round) -> tuple[object, ...]:
    """What an illegal action must leave as it was (``legal_actions`` apart)."""
    return (r.phase, r.current, r.to_act, r.scores, r.sticks, len(r.events), r.results,
            r.live_remaining, r.dora_indicators, r.drawn, r.last_tile, r.kans,
            tuple(r.concealed(s) for s in range(4)), tuple(len(r.melds(s)) for s in range(4)),
            tuple(len(r.river(s)) for s in range(4)))


def options(r: Round) -> tuple[tuple[Action, ...], ...]:
    return tuple(tuple(r.legal_actions(s)) for s in range(4))


def illegal_sample(r: Round, rng: random.Random) -> list[Action]:
    """Actions that cannot be legal now: a seat not asked, a tile not held, a win, call or
    riichi the legal list does not offer."""
    out: list[Action] = []
    asked = r.to_act
    others = [s for s in range(4) if s not in asked]
    if others:
        seat = rng.choice(others)
        anything: list[Action] = [Pass(seat), Ron(seat), Tsumo(seat),
                                  Discard(seat, rng.choice(r.concealed(seat)))]
        out.append(rng.choice(anything))
    seat = rng.choice(asked)
    legal = r.legal_actions(seat)
    held = r.concealed(seat)
    if Ron(seat) not in legal:
        out.append(Ron(seat))
    if Tsumo(seat) not in legal:
        out.append(Tsumo(seat))
    out.append(Discard(seat, TileId(rng.choice([i for i in range(136) if i not in held]))))
    kinds = {(type(a), tuple(sorted(t // 4 for t in a.tiles)))
             for a in legal if isinstance(a, Pon | Chi)}
    if len(held) >= 2:
        first, second = rng.sample(held, 2)
        for call in (Pon, Chi):
            if (call, tuple(sorted((first // 4, second // 4)))) not in kinds:
                out.append(call(seat, (first, second)))
    if r.phase is TablePhase.TURN:
        discard_kinds = {a.tile // 4 for a in legal if isinstance(a, Discard) and not a.riichi}
        riichi_kinds = {a.tile // 4 for a in legal if isinstance(a, Discard) and a.riichi}
        tile = rng.choice(held)
        if tile // 4 not in riichi_kinds:
            out.append(Discard(seat, tile, riichi=True))
        if tile // 4 not in discard_kinds:
            out.append(Discard(seat, tile))
    return out


class Stats(Counter[str]):
    """What a run of random play went through."""


def play_game(seed: int, hands: int, stats: Stats, *, check: bool = True,
              try_listed: Callable[[Round], None] | None = None) -> GameRecord:
    """Play up to ``hands`` rounds of one game by random legal choices."""
    rng = random.Random(seed)  # the players' choices
    probe = random.Random(~seed)  # the checks' own, so that checking changes no choice
    game = Game(seed=seed)
    while not game.is_over and stats["hands"] < hands:
        r = game.deal()
        stats["hands"] += 1
        total = sum(r.scores) + 1000 * r.sticks
        while not r.is_over:
            seat = rng.choice(r.to_act)
            if check:
                seen = r.observe(seat)
                check_observation(seen, r)
                actions = list(seen.legal_actions)
                if probe.random() < 0.1:
                    before, offered = state(r), options(r)
                    for bad in illegal_sample(r, probe):
                        with pytest.raises(IllegalActionError):
                            r.apply(bad)
                        assert state(r) == before, bad
                        stats["refused"] += 1
                    assert options(r) == offered
                if try_listed is not None:
                    try_listed(r)
            else:
                actions = list(r.legal_actions(seat))
            action = choose(r, seat, actions, rng)
            allowed = ([calls_allowed(r, s, action.tile) for s in range(4)]
                       if check and isinstance(action, Discard) else None)
            game.apply(action)
            if allowed is not None:
                assert isinstance(action, Discard)
                check_call_offers(r, allowed, action.tile)
                stats["calls offered"] += sum(pon + chi for pon, chi in allowed)
            stats["actions"] += 1
            stats[type(action).__name__] += 1
            if check:
                check_tiles(r)
                assert sum(r.scores) + 1000 * r.sticks == total
        for result in r.results:
            if isinstance(result, Win):
                stats["wins"] += 1
                tile = Tile.from_id136(result.win_tile, red_fives=game.rules.red_fives)
                assert evaluate(result.hand, tile, result.context, game.rules) == result.result
                assert sum(result.deltas) == 1000 * result.context.riichi_sticks
            else:
                assert isinstance(result, Draw)
                stats[result.kind.value] += 1
                assert sum(result.deltas) == 0
        assert sum(game.scores) + 1000 * game.sticks == 100_000
    record = game.record()
    if game.is_over:
        stats["games"] += 1
        assert sum(record.final_scores) == 100_000
        assert sum(record.points) == pytest.approx(0)
    return record


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_random_legal_play_keeps_every_invariant(seed: int) -> None:
    play_game(seed, 10, Stats())


def try_every_listed_action(r: Round) -> None:
    """Each listed action applies cleanly on a copy, and the round is left as it was."""
    before, offered = state(r), options(r)
    for seat in r.to_act:
        for action in r.legal_actions(seat):
            twin = r.copy()
            twin.apply(action)
            check_tiles(twin)
    assert state(r) == before and options(r) == offered


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(st.integers(0, 2**32 - 1))
def test_every_listed_action_applies_cleanly_on_a_copy(seed: int) -> None:
    stats = Stats()
    record = play_game(seed, 4, stats, try_listed=try_every_listed_action)
    # the same game without trying anything on copies: the copies changed nothing
    assert play_game(seed, 4, Stats(), check=False) == record


def test_games_on_threads_equal_the_same_games_played_alone() -> None:
    seeds = [11, 12, 13, 14]
    alone = [play_game(seed, 6, Stats(), check=False) for seed in seeds]
    together: list[tuple[int, GameRecord]] = []

    def run(seed: int) -> None:
        together.append((seed, play_game(seed, 6, Stats(), check=False)))

    threads = [threading.Thread(target=run, args=(seed,)) for seed in seeds * 2]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(seed for seed, _ in together) == sorted(seeds * 2)
    for seed, record in together:
        assert record == alone[seeds.index(seed)]


# -- any accepted rules: every point kept, every refused action harmless ---------------------

RULE_FLAGS = ("red_fives", "open_tanyao", "kiriage_mangan", "kazoe_yakuman", "double_yakuman",
              "yakuman_stacking", "renhou", "pao", "pao_whole_hand", "rinshan_tsumo_fu",
              "ippatsu", "ura_dora", "kan_dora")
TABLE_FLAGS = ("extension", "bust", "dealer_stop", "nagashi_mangan", "double_ron",
               "triple_ron_draw", "nine_terminals", "four_winds", "four_riichi", "four_kans",
               "open_kan_dora_at_discard", "kokushi_robs_closed_kan", "round_points",
               "tenpai_stop", "shared_places", "riichi_below_cost", "open_riichi",
               "chombo_mangan")
POINTS = st.sampled_from([0, 100, 1000, 2000]) | st.integers(0, 20_000)


@st.composite
def configurations(draw: st.DrawFn) -> tuple[Rules, TableRules]:
    """Rules and table rules the library accepts, every value drawn: a stick worth what it
    costs (anything else is refused, checked here on the way), honba that split among
    the payers of a tsumo, a noten payment that splits among any tenpai and noten."""
    players = draw(st.sampled_from([3, 4]))
    stick, cost = draw(POINTS), draw(POINTS)
    rules = Rules(players=players, honba_points=(players - 1) * draw(st.integers(0, 1000)),
                  riichi_stick_points=stick,
                  double_wind_pair_fu=draw(st.sampled_from([2, 4])),
                  **{name: draw(st.booleans()) for name in RULE_FLAGS})
    first = draw(st.integers(0, 60))
    uma = (first, 0, -first) if players == 3 else (first, first // 3, -(first // 3), -first)
    table = TableRules(
        players=players, length=draw(st.sampled_from(list(GameLength))),
        start_score=draw(st.integers(0, 100_000)), return_score=draw(st.integers(0, 100_000)),
        uma=uma, riichi_cost=cost, riichi_min_tiles=draw(st.integers(0, 10)),
        noten_payment=math.lcm(*range(1, players)) * draw(st.integers(0, 2000)),
        target_score=draw(st.none() | st.integers(0, 100_000)),
        leftover_sticks=draw(st.sampled_from(list(LeftoverSticks))))
    flags: dict[str, Any] = {name: draw(st.booleans()) for name in TABLE_FLAGS}
    table = attrs.evolve(table, **flags)
    if cost != stick:
        with pytest.raises(InvalidRulesError, match=r"riichi_cost.*riichi_stick_points"):
            Game(rules=rules, table=table)
        table = attrs.evolve(table, riichi_cost=stick)
    return rules, table


def any_action(r: Round, rng: random.Random) -> object:
    """A legal action or one made up: any class, any seat, a tile held or not, fields of
    the wrong type or size."""
    players = r.players
    asked = list(r.to_act)
    seat = rng.choice(asked) if asked and rng.random() < 0.7 else rng.choice(
        [*range(players), -1, players])
    legal = [a for s in range(players) for a in r.legal_actions(s)]
    if legal and rng.random() < 0.3:
        return rng.choice(legal)
    held = list(r.concealed(seat)) if 0 <= seat < players else []
    ids = held + list(range(136))
    tile = rng.choice([*([rng.choice(ids)] * 6), -1, 136, "5m", 1.0, True, None])
    pair = rng.choice([(rng.choice(ids), rng.choice(ids)), tuple(rng.sample(ids, 2)),
                       [rng.choice(ids), rng.choice(ids)], (rng.choice(ids),), None])
    kind = rng.choice([Discard, Tsumo, Ron, Chi, Pon, OpenKan, AddedKan, ClosedKan, Kita,
                       NineTerminals, Pass, OpenRiichi])
    if kind is Discard:
        return Discard(seat, tile, rng.choice([False, True, 1, None]))  # type: ignore[arg-type]
    if kind in (Chi, Pon):
        return kind(seat, cast(Any, pair))
    if kind in (AddedKan, Kita, OpenRiichi):
        return kind(seat, cast(Any, tile))
    if kind is ClosedKan:
        return ClosedKan(seat, rng.choice([Tile(rng.randrange(34)), Tile(27), "1m"]))  # type: ignore[arg-type]
    return kind(seat)


def observable(r: Round) -> tuple[object, ...]:
    """Everything a caller can read of a round: its record (events, results, scores,
    sticks), who must act, and every seat's observation (hand, table, legal actions)."""
    return (r.record(), r.phase, r.to_act, r.live_remaining,
            tuple(r.observe(seat) for seat in range(r.players)))


def play_any_rules(rules: Rules, table: TableRules, seed: int, hands: int,
                   uniform: tuple[bool, ...] = ()) -> Stats:
    """Random players play ``hands`` hands: the library's ``RandomPlayer`` at the seats
    ``uniform`` names, ``choose`` (which leans toward wins, calls and riichi) at the
    others. Now and then a random action is tried first: refused, it must leave the round
    exactly as it was. Points plus riichi sticks on the table stay what they were after
    every action and at the end."""
    stats = Stats()
    players = [RandomPlayer(seed + s) for s in range(table.players)]
    rng = random.Random(seed)
    probe = random.Random(~seed)
    game = Game(rules=rules, table=table, seed=seed)
    total = table.players * table.start_score
    while not game.is_over and stats["hands"] < hands:
        r = game.deal()
        stats["hands"] += 1
        while not r.is_over:
            if probe.random() < 0.15:
                action, before = any_action(r, probe), observable(r)
                try:
                    game.apply(action)  # type: ignore[arg-type]
                    stats["made-up actions applied"] += 1
                except IllegalActionError:
                    assert observable(r) == before, action
                    stats["made-up actions refused"] += 1
            else:
                seat = r.to_act[0]
                view = r.observe(seat)
                game.apply(players[seat].choose(view) if seat < len(uniform) and uniform[seat]
                           else choose(r, seat, list(view.legal_actions), rng))
            assert sum(r.scores) + r.sticks * table.riichi_cost == total
        stats.update(type(result).__name__ for result in r.results)
    record = game.record()
    if game.is_over:
        stats["games"] += 1
        lost = game.sticks if table.leftover_sticks is LeftoverSticks.LOST else 0
        assert sum(record.final_scores) + lost * table.riichi_cost == total
    return stats


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configurations(), st.integers(0, 2**32 - 1), st.lists(st.booleans(), max_size=4))
def test_any_accepted_rules_keep_every_point_and_refused_actions_change_nothing(
        rules_and_table: tuple[Rules, TableRules], seed: int, uniform: list[bool]) -> None:
    play_any_rules(*rules_and_table, seed, hands=4, uniform=tuple(uniform))


def test_the_property_meets_wins_draws_and_refusals() -> None:
    """The random play above reaches what it is meant to check."""
    stats = Stats()
    for seed, players in zip(range(8), (3, 4) * 4, strict=True):
        table = TENHOU_SANMA_TABLE if players == 3 else TableRules()
        stats.update(play_any_rules(TENHOU_SANMA_RULES if players == 3 else Rules(), table,
                                    seed, hands=3, uniform=(seed % 4 == 0,) * 2))
    assert stats["Win"] > 5 and stats["Draw"] and stats["made-up actions refused"] > 50
    assert stats["made-up actions applied"], stats
