"""Matches: many seeded games between players, summed up per player with confidence
intervals, so that one can tell whether a change made a bot stronger.

Players are named by a spec: ``heuristic`` and ``random`` (the library's players),
``module:Class`` (a class of one's own, importable, called with no arguments) or
``mjai:COMMAND`` (an external mjai bot program, see ``mahjong_core.mjai_player``). Game
``i`` is played from a seed derived from the match's seed and ``i`` alone, and the seats
rotate from game to game; with ``duplicate``, each wall is played once per rotation of
the players through the seats, so the luck of the deal falls on every player alike.

>>> from mahjong_core.table import TableRules
>>> result = run_match(["heuristic", "random", "random", "random"], games=2, seed=1,
...                    table=TableRules(length="east"))
>>> [(p.name, p.games) for p in result.players]
[('heuristic', 2), ('random', 6)]
>>> sum(p.placement_points for p in result.players)
0.0
"""

from __future__ import annotations

import importlib
import math
import statistics
from collections.abc import Sequence

import attrs

from .arena import default_rules, play_game
from .errors import InvalidContextError, quote
from .parallel import Backend, Progress, derive_seed, run_all
from .players import HeuristicPlayer, Player, RandomPlayer
from .rules import Rules
from .table import TableRules, TileDiscarded, Win

__all__ = ["Estimate", "GameSummary", "MatchResult", "PlayerSummary", "SeatSummary",
           "make_player", "run_match"]

Z95 = 1.96
"""The normal quantile of a two-sided 95 % interval."""


def make_player(spec: str, *, rules: Rules, seed: int = 0) -> Player:
    """The player a spec names (see the module's description); ``seed`` seeds a random
    player. Raises InvalidContextError for an unknown name, a class that cannot be
    imported or made, or an object without ``choose``.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise InvalidContextError(f"a player is named by a non-empty str, got {quote(spec)}")
    if spec == "heuristic":
        return HeuristicPlayer(rules)
    if spec == "random":
        return RandomPlayer(seed)
    if spec.startswith("mjai:"):
        from .mjai_player import MjaiPlayer  # a program per game: loaded only when used

        return MjaiPlayer(spec[len("mjai:"):], rules=rules, name=spec)
    module_name, colon, class_name = spec.partition(":")
    if not colon or not module_name or not class_name:
        raise InvalidContextError(f"unknown player {quote(spec)}: heuristic, random, "
                                  "module:Class or mjai:COMMAND")
    try:
        factory = getattr(importlib.import_module(module_name), class_name)
        player = factory()
    except Exception as error:
        raise InvalidContextError(f"player {quote(spec)} cannot be made: "
                                  f"{type(error).__name__}: {error}") from None
    if not callable(getattr(player, "choose", None)):
        raise InvalidContextError(f"player {quote(spec)} has no choose(observation) method")
    chosen: Player = player
    return chosen


@attrs.frozen
class SeatSummary:
    """What one seat did in one game."""

    name: str
    place: int
    placement_points: float
    """Placement points (uma and oka included)."""
    rounds: int
    wins: int
    deal_ins: int
    """Rounds in which this seat's discard (or added kan) was won on."""
    riichi: int
    win_points: tuple[int, ...]
    """The value of each win (without honba and sticks)."""


@attrs.frozen
class GameSummary:
    """One game of a match: its index, its wall set (``duplicate``), each seat."""

    index: int
    wall_set: int
    seats: tuple[SeatSummary, ...]
    incidents: tuple[str, ...] = ()
    """What went wrong with an external bot (it timed out, died or answered an illegal
    or malformed action) and what was played instead."""


@attrs.frozen
class _GameTask:
    """What a worker needs to play game ``index`` of a match (plain values, pickled)."""

    index: int
    wall_set: int
    seed: int
    seating: tuple[str, ...]
    rules: Rules
    table: TableRules
    hands: int | None


def _play(task: _GameTask) -> GameSummary:
    """Play one game of a match and sum it up per seat."""
    players = [make_player(spec, rules=task.rules, seed=derive_seed(task.seed, seat))
               for seat, spec in enumerate(task.seating)]
    try:
        record = play_game(players, seed=task.seed, rules=task.rules, table=task.table,
                           names=task.seating, hands=task.hands)
    finally:
        for player in players:
            close = getattr(player, "close", None)
            if callable(close):
                close()
    incidents = tuple(f"game {task.index} seat {seat} ({task.seating[seat]}) {line}"
                      for seat, player in enumerate(players)
                      for line in getattr(player, "incidents", ()))
    seats = []
    for seat, name in enumerate(task.seating):
        wins = [r for played in record.rounds for r in played.results
                if isinstance(r, Win) and r.winner == seat]
        deal_ins = sum(1 for played in record.rounds if any(
            isinstance(r, Win) and r.from_seat == seat and r.winner != seat
            for r in played.results))
        riichi = sum(1 for played in record.rounds for e in played.events
                     if isinstance(e, TileDiscarded) and e.seat == seat and e.riichi)
        seats.append(SeatSummary(name, record.placements[seat], record.points[seat],
                                 len(record.rounds), len(wins), deal_ins, riichi,
                                 tuple(w.result.points for w in wins)))
    return GameSummary(task.index, task.wall_set, tuple(seats), incidents)


@attrs.frozen
class Estimate:
    """A mean and the half-width of its 95 % confidence interval (mean ± 1.96·s/√n,
    s the sample standard deviation over n units; 0 with fewer than two units)."""

    mean: float
    ci: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        """The estimate from some units' values (0 ± 0 for none)."""
        if not values:
            return cls(0.0, 0.0)
        mean = statistics.fmean(values)
        if len(values) < 2:
            return cls(mean, 0.0)
        return cls(mean, Z95 * statistics.stdev(values) / math.sqrt(len(values)))


@attrs.frozen
class PlayerSummary:
    """One player's results over a match (every seat it held under its name)."""

    name: str
    games: int
    rounds: int
    placements: tuple[int, ...]
    """How often it took each place, first place first."""
    placement_points: float
    """Its placement points summed over the match."""
    average_placement: Estimate
    placement_points_per_game: Estimate
    win_rate: Estimate
    """Rounds won, per round played."""
    deal_in_rate: Estimate
    """Rounds dealt into, per round played."""
    riichi_rate: Estimate
    """Riichi declared, per round played."""
    average_win: Estimate
    """Points of a win (without honba and sticks)."""

    def to_json(self) -> dict[str, object]:
        """The summary as JSON values (see docs/match.md)."""
        out: dict[str, object] = {"name": self.name, "games": self.games,
                                  "rounds": self.rounds, "placements": list(self.placements),
                                  "placement_points": round(self.placement_points, 1)}
        for key in ("average_placement", "placement_points_per_game", "win_rate",
                    "deal_in_rate", "riichi_rate", "average_win"):
            estimate: Estimate = getattr(self, key)
            out[key] = round(estimate.mean, 4)
            out[f"{key}_ci"] = round(estimate.ci, 4)
        return out


@attrs.frozen
class MatchResult:
    """A whole match: its settings, every game's summary and each player's."""

    games: int
    seed: int
    duplicate: bool
    summaries: tuple[GameSummary, ...]
    players: tuple[PlayerSummary, ...]
    """One per distinct name, in the order the names were first given."""
    errors: tuple[str, ...] = ()
    """Games that could not be played, with why (their results are left out)."""

    @property
    def incidents(self) -> tuple[str, ...]:
        """Every external bot's failure, game by game."""
        return tuple(line for game in self.summaries for line in game.incidents)

    def to_json(self) -> dict[str, object]:
        """The match as one JSON object (see docs/match.md)."""
        return {"games": self.games, "seed": self.seed, "duplicate": self.duplicate,
                "players": [p.to_json() for p in self.players],
                "incidents": list(self.incidents), "errors": list(self.errors)}

    def table(self) -> str:
        """The players' summaries as a plain text table."""
        width = max([6, *(len(p.name) for p in self.players)])
        lines = [f"{'player':<{width}} {'games':>5} {'places':<16} {'avg place':>13} "
                 f"{'points/game':>14} {'win %':>11} {'deal-in %':>11} {'riichi %':>11} "
                 f"{'avg win':>13}"]
        for p in self.players:
            places = "/".join(str(n) for n in p.placements)
            lines.append(
                f"{p.name:<{width}} {p.games:>5} {places:<16} "
                f"{_pm(p.average_placement, 2):>13} {_pm(p.placement_points_per_game, 1):>14} "
                f"{_pm(p.win_rate, 1, 100):>11} {_pm(p.deal_in_rate, 1, 100):>11} "
                f"{_pm(p.riichi_rate, 1, 100):>11} {_pm(p.average_win, 0):>13}")
        lines.append(f"{self.games} games, seed {self.seed}"
                     f"{', duplicate' if self.duplicate else ''}; ± is a 95 % confidence "
                     "interval")
        return "\n".join(lines)


def _pm(estimate: Estimate, digits: int, scale: float = 1.0) -> str:
    return f"{estimate.mean * scale:.{digits}f}±{estimate.ci * scale:.{digits}f}"


def _tasks(specs: Sequence[str], games: int, seed: int, duplicate: bool, rules: Rules,
           table: TableRules, hands: int | None) -> list[_GameTask]:
    count = len(specs)
    tasks = []
    for index in range(games):
        wall_set = index // count if duplicate else index
        shift = index % count
        seating = tuple(specs[(seat - shift) % count] for seat in range(count))
        tasks.append(_GameTask(index, wall_set, derive_seed(seed, wall_set), seating, rules,
                               table, hands))
    return tasks


def run_match(specs: Sequence[str], *, games: int, seed: int = 0, duplicate: bool = False,
              jobs: int = 1, rules: Rules | None = None, table: TableRules | None = None,
              hands: int | None = None, backend: Backend | None = None,
              progress: Progress | None = None) -> MatchResult:
    """Play ``games`` games between the players ``specs`` names (one a seat, three or
    four) and sum them up per player.

    Game ``i`` seats the players rotated by ``i`` and is played from a seed derived from
    ``seed`` and ``i`` (with ``duplicate``, from its wall set, ``i // players``), so the
    result is the same for any ``jobs`` or ``backend``. ``hands`` stops each game after
    that many hands. Raises InvalidContextError for a bad spec, count, seed or rules
    (checked before any game runs); a game that fails is reported in ``errors``.
    """
    if isinstance(specs, str) or not isinstance(specs, Sequence) or len(specs) not in (3, 4):
        raise InvalidContextError(f"a match seats three or four players, got {quote(specs)}")
    rules, table = default_rules(len(specs), rules, table)
    for spec in dict.fromkeys(specs):
        if not spec.startswith("mjai:"):  # an external bot is started only to play
            make_player(spec, rules=rules)
    if type(games) is not int or games < 1:
        raise InvalidContextError(f"games is a whole number from 1, got {quote(games)}")
    if type(seed) is not int:
        raise InvalidContextError(f"a match's seed is an int, got {quote(seed)}")
    if duplicate and games % len(specs):
        raise InvalidContextError(f"a duplicate match plays each wall {len(specs)} times: "
                                  f"games must be a multiple of {len(specs)}, got {games}")
    tasks = _tasks(specs, games, seed, duplicate, rules, table, hands)
    outcomes = run_all(_play, tasks, jobs=jobs, backend=backend, progress=progress)
    summaries = tuple(o.value for o in outcomes if o.value is not None)
    errors = tuple(f"game {task.index}: {o.error}" for task, o in zip(tasks, outcomes,
                                                                          strict=True)
                   if o.error is not None)
    players = tuple(_summarize(name, summaries, duplicate, len(specs))
                    for name in dict.fromkeys(specs))
    return MatchResult(games, seed, duplicate, summaries, players, errors)


def _summarize(name: str, games: Sequence[GameSummary], duplicate: bool, count: int
               ) -> PlayerSummary:
    """A player's summary: the means over its games (with ``duplicate``, over wall sets,
    each set's mean one unit) and the rates over its rounds."""
    seats = [(game.wall_set, seat) for game in games for seat in game.seats
             if seat.name == name]
    units: dict[int, list[SeatSummary]] = {}
    for number, (wall_set, seat) in enumerate(seats):
        units.setdefault(wall_set if duplicate else number, []).append(seat)
    places = [statistics.fmean(s.place for s in unit) for unit in units.values()]
    points = [statistics.fmean(s.placement_points for s in unit) for unit in units.values()]
    per_round: dict[str, list[float]] = {"wins": [], "deal_ins": [], "riichi": []}
    for _, seat in seats:
        for key, values in per_round.items():
            hits = getattr(seat, key)
            values += [1.0] * hits + [0.0] * (seat.rounds - hits)
    counts = [0] * count
    for _, seat in seats:
        counts[seat.place - 1] += 1
    return PlayerSummary(
        name=name, games=len(seats), rounds=sum(s.rounds for _, s in seats),
        placements=tuple(counts),
        placement_points=round(sum(s.placement_points for _, s in seats), 1),
        average_placement=Estimate.of(places), placement_points_per_game=Estimate.of(points),
        win_rate=Estimate.of(per_round["wins"]),
        deal_in_rate=Estimate.of(per_round["deal_ins"]),
        riichi_rate=Estimate.of(per_round["riichi"]),
        average_win=Estimate.of([float(v) for _, s in seats for v in s.win_points]))
