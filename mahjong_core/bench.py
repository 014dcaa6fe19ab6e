"""``python -m mahjong_core bench``: time this library against the installed peers.

Every task deals the same seeded hands (``random.Random``) to every library, converts them
to each library's own input form before the clock starts, and times the calls. The peers
are PyPI ``mahjong`` and ``riichienv`` when they can be imported; they are never
dependencies of this project. A table gives microseconds per call, the ratio peer time /
our time (above 1 means this library is faster) and this library's targets.

Timing wrong answers is worthless, so every task then compares the answers: with each
peer on every hand, and with what the hands are by construction (a built win is
complete, a built win less one tile is tenpai, a built riichi win scores). The exit
status is 1 when this library contradicts the construction, 0 otherwise. (The test
suite checks the benchmark's hands and this library's answers on them against its own
brute-force oracles; the package ships none.)

Each task is timed twice: warm (the best of several passes in this process) and cold
(one pass in a fresh interpreter that has only imported the libraries and dealt the
hands, so whatever tables a library loads or fills on first use are paid for there).

Tasks: ``win`` (is a 14-tile hand complete), ``waits`` (the tiles a 13-tile hand waits
on), ``shanten``, ``evaluate`` (score a closed riichi ron), ``import`` (import time,
warm with cached bytecode, cold compiling the sources), and ``selfplay`` / ``botplay``
(whole hands through the table engine, four random or four heuristic players choosing
from each seat's observation).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

import mahjong_core
from mahjong_core import Hand, MahjongError, Tile, WinContext, evaluate

__all__ = ["TASKS", "main", "ron_hands", "tenpai_hands", "win_hands"]

TASKS = ("win", "waits", "shanten", "evaluate", "import", "selfplay", "botplay", "replay")
"""Task names, in the order they run and print."""

_TITLES = {
    "win": "(a) win check",
    "waits": "(b) waits",
    "shanten": "(c) shanten",
    "evaluate": "(d) full evaluation",
    "import": "(e) import",
    "selfplay": "(f) self-play, random",
    "botplay": "(g) self-play, bots",
    "replay": "(h) replay, a round",
}
_TARGETS = {"win": 0.4, "waits": 1.5, "shanten": 1.0, "evaluate": 5.0, "import": 40.0,
            "replay": 1000.0}
"""Our targets, warm: microseconds per call, milliseconds for the import (cached bytecode)."""
COLD_FACTOR = 2.0
"""Our target for a kernel's cold pass: at most this many times its warm pass, judged on
passes of FULL_HANDS hands (a shorter pass weighs the tables' one-time loading more)."""
FULL_HANDS = 100_000

_PEERS = ("mahjong", "riichienv")
_RUN_SHARE = 0.7
"""Share of runs among the sets of a built winning hand (the rest are triplets)."""

Answers = list[Any]


# -- the hands ----------------------------------------------------------------------------


def _counts34(ids: Sequence[int]) -> list[int]:
    counts = [0] * 34
    for tile_id in ids:
        counts[tile_id // 4] += 1
    return counts


def _kinds_key(ids: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(tile_id // 4 for tile_id in ids))


def _built_win(rng: random.Random) -> list[int]:
    """Four sets and a pair, dealt from the copies of a shuffled wall (136 ids)."""
    while True:
        copies = [[4 * kind + c for c in range(4)] for kind in range(34)]
        for ids in copies:
            rng.shuffle(ids)
        hand: list[int] = []
        groups = [[rng.randrange(34)] * 2]
        for _ in range(4):
            if rng.random() < _RUN_SHARE:
                start = rng.randrange(27)
                while start % 9 > 6:
                    start = rng.randrange(27)
                groups.append([start, start + 1, start + 2])
            else:
                groups.append([rng.randrange(34)] * 3)
        try:
            for group in groups:
                hand.extend(copies[kind].pop() for kind in group)
        except IndexError:  # a fifth copy: deal again
            continue
        return hand


def win_hands(count: int, seed: int) -> tuple[list[list[int]], list[bool]]:
    """``count`` distinct 14-tile hands (136 ids) and whether each was built complete.

    Half are built as four sets and a pair; the others are dealt at random (a dealt hand
    is complete about once in a few hundred thousand deals). No two hands hold the same
    kinds, so no whole-hand cache can answer for a hand it has already seen. The order
    is shuffled.
    """
    rng = random.Random(seed)
    seen: set[tuple[int, ...]] = set()
    hands: list[tuple[list[int], bool]] = []
    while len(hands) < count // 2:
        ids = _built_win(rng)
        key = _kinds_key(ids)
        if key not in seen:
            seen.add(key)
            hands.append((ids, True))
    while len(hands) < count:
        ids = rng.sample(range(136), 14)
        key = _kinds_key(ids)
        if key not in seen:
            seen.add(key)
            hands.append((ids, False))
    rng.shuffle(hands)
    return [ids for ids, _ in hands], [won for _, won in hands]


def tenpai_hands(count: int, seed: int) -> tuple[list[list[int]], list[bool]]:
    """``count`` distinct 13-tile hands (136 ids) and whether each was built tenpai.

    Half are a built win less one tile (tenpai: the tile taken out completes it again),
    half are dealt at random. The order is shuffled.
    """
    rng = random.Random(seed)
    seen: set[tuple[int, ...]] = set()
    hands: list[tuple[list[int], bool]] = []
    while len(hands) < count:
        built = len(hands) < count // 2
        if built:
            ids = _built_win(rng)
            del ids[rng.randrange(14)]
        else:
            ids = rng.sample(range(136), 13)
        key = _kinds_key(ids)
        if key not in seen:
            seen.add(key)
            hands.append((ids, built))
    rng.shuffle(hands)
    return [ids for ids, _ in hands], [built for _, built in hands]


def ron_hands(count: int, seed: int) -> list[tuple[list[int], int]]:
    """``count`` distinct built wins as (13 ids before the win, winning tile id)."""
    rng = random.Random(seed)
    seen: set[tuple[int, ...]] = set()
    hands: list[tuple[list[int], int]] = []
    while len(hands) < count:
        ids = _built_win(rng)
        key = _kinds_key(ids)
        if key not in seen:
            seen.add(key)
            win = ids.pop(rng.randrange(14))
            hands.append((sorted(ids), win))
    return hands


def _hand(ids: Sequence[int]) -> Hand:
    return Hand.from_ids136(ids)


# -- timing -------------------------------------------------------------------------------


@attrs.frozen
class Timing:
    """One library's run of one task: best and first pass, and its answers."""

    best: float
    """Microseconds per call, best pass."""
    first: float
    """Microseconds per call, first pass in this process."""
    answers: Answers


def _time(run: Callable[[], Answers], calls: int, repeat: int) -> Timing:
    """Run ``run`` ``repeat`` times with the collector off, as timeit does."""
    passes: list[float] = []
    answers: Answers = []
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(repeat):
            start = time.perf_counter()
            answers = run()
            passes.append((time.perf_counter() - start) / calls * 1e6)
    finally:
        if enabled:
            gc.enable()
    return Timing(min(passes), passes[0], answers)


@attrs.define
class Row:
    """One task's line in the table and its answer check."""

    task: str
    calls: int
    ours: Timing | None = None
    peers: dict[str, Timing] = attrs.Factory(dict)
    cold: dict[str, float] = attrs.Factory(dict)
    """Per library ("ours" or a peer), microseconds per call of a pass in a fresh
    interpreter (milliseconds of an import that compiles the sources)."""
    notes: list[str] = attrs.Factory(list)
    checks: list[str] = attrs.Factory(list)
    wrong: int = 0
    """How many of our answers contradict the construction of the hands."""


def _load_peers(enabled: bool) -> dict[str, Any]:
    """The peer modules that import, by name; 'mahjong' is a tuple of its five modules."""
    peers: dict[str, Any] = {}
    if not enabled:
        return peers
    with contextlib.suppress(ImportError):
        peers["mahjong"] = tuple(importlib.import_module(f"mahjong.{name}") for name in (
            "agari", "shanten", "hand_calculating.hand", "hand_calculating.hand_config",
            "constants"))
    with contextlib.suppress(ImportError):
        peers["riichienv"] = importlib.import_module("riichienv._riichienv")
    return peers


def _version(name: str) -> str:
    try:
        from importlib.metadata import version
        return version(name)
    except Exception:  # not installed as a distribution
        return "?"


def _mask(kinds: Sequence[int]) -> int:
    mask = 0
    for kind in kinds:
        mask |= 1 << kind
    return mask


def _disagree(ours: Answers, theirs: Answers) -> int:
    return sum(1 for a, b in zip(ours, theirs, strict=True) if a != b)


def _compare(row: Row, what: str, total: Callable[[Answers], int]) -> None:
    """Add the per-library totals and the per-hand disagreements to ``row.checks``."""
    parts: list[str] = []
    if row.ours is not None:
        parts.append(f"ours {total(row.ours.answers)}")
    parts += [f"{name} {total(t.answers)}" for name, t in row.peers.items()]
    if parts:
        row.checks.append(f"{what}: " + ", ".join(parts))
    if row.ours is not None:
        for name, timing in row.peers.items():
            row.checks.append(
                f"hands where {name} disagrees with ours: "
                f"{_disagree(row.ours.answers, timing.answers)}")


def _check_built(row: Row, built: list[bool], fine: Callable[[Any], bool],
                 what: str) -> None:
    """Half the hands were built one tile short of a win: ours must find them tenpai."""
    if row.ours is None:
        return
    wrong = sum(1 for b, answer in zip(built, row.ours.answers, strict=True)
                if b and not fine(answer))
    row.wrong += wrong
    row.checks.append(f"built wins less one tile that ours finds {what}: {wrong} "
                      f"of {sum(built)}")


# -- the tasks ----------------------------------------------------------------------------


def _task_win(n: int, seed: int, repeat: int, peers: dict[str, Any]) -> Row:
    row = Row("win", n)
    ids, complete = win_hands(n, seed)
    hands = [_hand(h) for h in ids]
    row.ours = _time(lambda: [h.is_complete() for h in hands], n, repeat)
    if "mahjong" in peers:
        is_agari = peers["mahjong"][0].Agari.is_agari
        arrays = [_counts34(h) for h in ids]
        row.peers["mahjong"] = _time(lambda: [is_agari(a) for a in arrays], n, repeat)
        row.notes.append("mahjong: Agari.is_agari(34 counts)")
    if "riichienv" in peers:
        shanten = peers["riichienv"].calculate_shanten
        lists = [list(h) for h in ids]
        row.peers["riichienv"] = _time(lambda: [shanten(x) == -1 for x in lists], n, repeat)
        row.notes.append("riichienv: calculate_shanten(136 ids) == -1 (it has no win check)")
    _compare(row, "complete hands", sum)
    built = sum(complete)
    row.checks.append(f"complete by construction: {built}")
    if row.ours is not None:
        wrong = sum(1 for won, ours in zip(complete, row.ours.answers, strict=True)
                    if won and not ours)
        row.wrong += wrong
        row.checks.append(f"built wins that ours does not find complete: {wrong}")
    return row


def _task_waits(n: int, seed: int, repeat: int, peers: dict[str, Any]) -> Row:
    row = Row("waits", n)
    ids, built_tenpai = tenpai_hands(n, seed)
    hands = [_hand(h) for h in ids]
    row.ours = _time(lambda: [h.waits_mask() for h in hands], n, repeat)
    row.notes.append("ours: Hand.waits_mask() (a 34-bit mask; waits() builds a frozenset)")
    if "mahjong" in peers:
        is_agari = peers["mahjong"][0].Agari.is_agari
        arrays = [_counts34(h) for h in ids]

        def mahjong_waits(c: list[int]) -> int:
            mask = 0
            for kind in range(34):
                if c[kind] < 4:
                    c[kind] += 1
                    if is_agari(c):
                        mask |= 1 << kind
                    c[kind] -= 1
            return mask

        row.peers["mahjong"] = _time(lambda: [mahjong_waits(a) for a in arrays], n, repeat)
        row.notes.append("mahjong: Agari.is_agari on each of the 34 kinds added")
    if "riichienv" in peers:
        evaluator = peers["riichienv"].HandEvaluator
        built = [evaluator(list(h), []) for h in ids]
        timing = _time(lambda: [e.get_waits() for e in built], n, repeat)
        row.peers["riichienv"] = attrs.evolve(timing, answers=[_mask(w) for w in timing.answers])
        row.notes.append("riichienv: HandEvaluator(136 ids).get_waits(), evaluator pre-built")
    _compare(row, "waits summed over all hands", lambda a: sum(m.bit_count() for m in a))
    _check_built(row, built_tenpai, lambda answer: answer != 0, "with no wait")
    return row


def _task_shanten(n: int, seed: int, repeat: int, peers: dict[str, Any]) -> Row:
    row = Row("shanten", n)
    ids, built_tenpai = tenpai_hands(n, seed)
    hands = [_hand(h) for h in ids]
    row.ours = _time(lambda: [h.shanten() for h in hands], n, repeat)
    if "mahjong" in peers:
        calculate = peers["mahjong"][1].Shanten.calculate_shanten
        arrays = [_counts34(h) for h in ids]
        row.peers["mahjong"] = _time(lambda: [calculate(a) for a in arrays], n, repeat)
        row.notes.append("mahjong: Shanten.calculate_shanten(34 counts)")
    if "riichienv" in peers:
        shanten = peers["riichienv"].calculate_shanten
        lists = [list(h) for h in ids]
        row.peers["riichienv"] = _time(lambda: [shanten(x) for x in lists], n, repeat)
        row.notes.append("riichienv: calculate_shanten(136 ids)")
    _compare(row, "shanten summed over all hands", sum)
    _check_built(row, built_tenpai, lambda answer: answer == 0, "not tenpai")
    return row


def _score_of(result: Any) -> tuple[Any, ...]:
    """(han, fu, points) of one of our results; fu is left out above 12 han."""
    han = getattr(result, "han", None)
    points = getattr(result, "points", None)
    fu = getattr(result, "fu", None) if han is not None and han < 13 else None
    return (han, fu, points)


def _task_evaluate(n: int, seed: int, repeat: int,
                   peers: dict[str, Any]) -> Row:
    row = Row("evaluate", n)
    deals = ron_hands(n, seed)
    context = WinContext(riichi=True)
    prepared = [(_hand(h), Tile.from_id136(w)) for h, w in deals]
    timing = _time(lambda: [evaluate(h, w, context) for h, w in prepared], n, repeat)
    row.ours = attrs.evolve(timing, answers=[_score_of(r) for r in timing.answers])
    row.notes.append("ours: evaluate(hand13, win_tile, WinContext(riichi=True))")
    if "mahjong" in peers:
        _, _, hand_module, config_module, constants = peers["mahjong"]
        estimate = hand_module.HandCalculator.estimate_hand_value
        config = config_module.HandConfig(
            is_riichi=True, player_wind=constants.EAST, round_wind=constants.EAST,
            options=config_module.OptionalRules(
                has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False))
        full = [([*h, w], w) for h, w in deals]
        timing = _time(lambda: [estimate(t, w, config=config) for t, w in full], n, repeat)
        row.peers["mahjong"] = attrs.evolve(timing, answers=[
            (r.han, r.fu if r.han is not None and r.han < 13 else None,
             r.cost["main"] if r.cost else None) for r in timing.answers])
        row.notes.append("mahjong: HandCalculator.estimate_hand_value(14 ids, win id, "
                         "HandConfig(is_riichi=True, red fives, east seat and round))")
    if "riichienv" in peers:
        module = peers["riichienv"]
        conditions = module.Conditions(riichi=True)
        built = [(module.HandEvaluator(sorted([*h, w]), []), w) for h, w in deals]
        timing = _time(lambda: [e.calc(w, [], [], conditions) for e, w in built], n, repeat)
        row.peers["riichienv"] = attrs.evolve(timing, answers=[
            (r.han, r.fu if r.han < 13 else None, r.ron_agari) for r in timing.answers])
        row.notes.append("riichienv: HandEvaluator(14 ids).calc(win id, riichi), pre-built")
        if row.ours is not None:
            doubles = sum(1 for a, b in zip(row.ours.answers, row.peers["riichienv"].answers,
                                            strict=True) if a[0] == 13 and b[0] == 26)
            row.notes.append(f"riichienv always counts suuankou tanki, junsei chuuren and "
                             f"kokushi 13-wait double (ours by default not): {doubles} "
                             "hands differ by that rule alone")
    _compare(row, "points summed over all hands", lambda a: sum(s[2] or 0 for s in a))
    if row.ours is not None:
        losses = sum(1 for s in row.ours.answers if not s[0] or not s[2])
        row.wrong += losses
        row.checks.append(f"built riichi wins that ours does not score: {losses}")
    return row


def _self_play_hands(hands: int, seed: int, heuristic: bool) -> list[tuple[int, int]]:
    """Play seeded games (``seed``, ``seed + 1``, ...) until ``hands`` hands are over.

    For each game: (hands played, hands after which points and riichi sticks do not add
    up to the starting total)."""
    from .demo import play_game
    from .players import HeuristicPlayer, Player, RandomPlayer

    answers: list[tuple[int, int]] = []
    played = 0
    while played < hands:
        players: list[Player] = ([HeuristicPlayer()] * 4 if heuristic
                                 else [RandomPlayer(4 * seed + s) for s in range(4)])
        record = play_game(seed, hands - played, players=players).record
        total = sum(record.rounds[0].start_scores)
        broken = sum(1 for r in record.rounds
                     if sum(r.end_scores) + r.end_sticks * record.table.riichi_cost != total)
        answers.append((len(record.rounds), broken))
        played += len(record.rounds)
        seed += 1
    return answers


def _task_self_play(hands: int, seed: int, repeat: int, heuristic: bool) -> Row:
    """Whole hands through the table engine: every decision is a player's choice from
    its seat's ``Observation``, applied by the engine (which refuses an illegal one)."""
    row = Row("botplay" if heuristic else "selfplay", hands)
    row.ours = _time(lambda: _self_play_hands(hands, seed, heuristic), hands, repeat)
    best, first = row.ours.best, row.ours.first
    who = "HeuristicPlayer" if heuristic else "RandomPlayer"
    row.notes.append(f"{1e6 / best:.0f} hands per second (first pass {1e6 / first:.0f}): "
                     f"four {who}s, each decision from Round.observe, games from seeds "
                     f"{seed}-{seed + len(row.ours.answers) - 1}")
    broken = sum(b for _, b in row.ours.answers)
    row.wrong += broken
    row.checks.append(f"hands played: {sum(h for h, _ in row.ours.answers)}; hands after "
                      f"which points and riichi sticks do not add up: {broken}")
    return row


def _replay_documents(games: int, seed: int, path: str | None
                      ) -> tuple[list[str], list[tuple[int, ...]]]:
    """mjlog documents to replay, with the final scores each should give (empty when read
    from ``path``): by default games the heuristic players play, written as mjlog."""
    from .formats.mjlog import format_mjlog, split_mjlog
    from .formats.record_mjlog import record_to_mjlog
    from .players import HeuristicPlayer
    from .table import Game

    if path is not None:
        with open(path, "rb") as handle:
            return split_mjlog(handle.read()), []
    documents, finals = [], []
    for number in range(games):
        game, player = Game(seed=seed + number), HeuristicPlayer()
        while not game.is_over:
            game_round = game.deal()
            while not game_round.is_over:
                seat = game_round.to_act[0]
                game_round.apply(player.choose(game_round.observe(seat)))
        record = game.record()
        documents.append(format_mjlog(record_to_mjlog(record)))
        finals.append(record.final_scores)
    return documents, finals


def _task_replay(games: int, seed: int, repeat: int, path: str | None) -> Row:
    """Whole games read from mjlog and replayed through the table engine (parse included):
    the time of one round."""
    from .formats.mjlog import parse_mjlog
    from .formats.replay import replay_mjlog

    documents, finals = _replay_documents(games, seed, path)

    def replay(document: str) -> tuple[int, ...] | str:
        try:
            return replay_mjlog(parse_mjlog(document)).final_scores
        except MahjongError as error:
            return str(error)

    def run() -> Answers:
        return [replay(document) for document in documents]

    rounds = sum(document.count("<INIT ") for document in documents)
    row = Row("replay", rounds)
    row.ours = _time(run, max(rounds, 1), repeat)
    source = path if path is not None else (f"{games} games the heuristic players played "
                                            f"(seeds {seed}-{seed + games - 1})")
    row.notes.append(f"{1e6 / row.ours.best:.0f} rounds per second (first pass "
                     f"{1e6 / row.ours.first:.0f}), mjlog parsed and replayed, one process: "
                     f"{len(documents)} games from {source}")
    refused = sum(1 for answer in row.ours.answers if isinstance(answer, str))
    row.checks.append(f"games the engine refused (its message names why): {refused}")
    if finals:
        row.wrong += sum(1 for got, want in zip(row.ours.answers, finals, strict=True)
                         if got != want)
        row.checks.append(f"games whose replay ends on other scores than were played: "
                          f"{row.wrong}")
    return row


def _import_seconds(statement: str, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", statement], check=True, env=env)
    return time.perf_counter() - start


def _task_import(repeat: int, peers: dict[str, Any]) -> Row:
    """Median wall time of a fresh ``python -c 'import ...'`` less a bare interpreter's.

    Every library reads its bytecode from one fresh cache (``PYTHONPYCACHEPREFIX``),
    written by an untimed first run, whatever ``PYTHONDONTWRITEBYTECODE`` says.
    """
    row = Row("import", repeat)
    statements = {"ours": "import mahjong_core"}
    if "mahjong" in peers:
        statements["mahjong"] = ("import mahjong.agari, mahjong.shanten, "
                                 "mahjong.hand_calculating.hand")
    if "riichienv" in peers:
        statements["riichienv"] = "import riichienv"
    samples: dict[str, list[float]] = {name: [] for name in ["bare", *statements]}
    cold: dict[str, list[float]] = {name: [] for name in statements}
    with tempfile.TemporaryDirectory(prefix="mahjong_core-bench-") as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        for statement in ["pass", *statements.values()]:  # write the bytecode caches
            _import_seconds(statement, env)
        for _ in range(repeat):
            samples["bare"].append(_import_seconds("pass", env))
            for name, statement in statements.items():
                samples[name].append(_import_seconds(statement, env))
        for _ in range(repeat):  # cold: a bytecode cache that stays empty
            with tempfile.TemporaryDirectory(prefix="mahjong_core-bench-") as empty:
                compiling = {**env, "PYTHONPYCACHEPREFIX": empty,
                             "PYTHONDONTWRITEBYTECODE": "1"}
                for name, statement in statements.items():
                    cold[name].append(_import_seconds(statement, compiling))
    bare = statistics.median(samples["bare"])
    for name in statements:
        ms = max(0.0, statistics.median(samples[name]) - bare) * 1e3
        timing = Timing(ms, ms, [])
        if name == "ours":
            row.ours = timing
        else:
            row.peers[name] = timing
        row.cold[name] = max(0.0, statistics.median(cold[name]) - bare) * 1e3
    row.notes.append(f"median of {repeat} fresh interpreters less a bare one "
                     f"({bare * 1e3:.1f} ms); warm reads cached bytecode, cold compiles "
                     "the sources; ours includes attrs; mahjong imports agari, shanten "
                     "and hand")
    return row


# -- the report ---------------------------------------------------------------------------


def _cell(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.3f}" if value < 10 else f"{value:.1f}"


def _ratio(value: float) -> str:
    return f"{value:.1f}x" if value >= 1 else f"{value:.2f}x"


def _met(row: Row, judge_cold: bool) -> str:
    """yes when the warm figure meets its target and (when ``judge_cold``) a kernel's cold
    pass is within COLD_FACTOR of its warm one."""
    if row.ours is None:
        return "-"
    ours = row.ours.best
    cold = row.cold.get("ours")
    if row.task not in _TARGETS:
        return "-"
    if ours > _TARGETS[row.task]:
        return "NO"
    if judge_cold and row.task != "import" and cold is not None and cold > COLD_FACTOR * ours:
        return "NO"
    return "yes"


def _table(rows: list[Row], peer_names: list[str], judge_cold: bool) -> list[str]:
    header = f"{'task':<22}{'calls':>8}{'cold':>9}{'warm':>9}{'target':>10}{'met':>5}"
    for name in peer_names:
        header += f"{name + ' cold':>16}{'warm':>8}{'ratio':>8}"
    lines = [header, "-" * len(header)]
    for row in rows:
        unit = " (ms)" if row.task == "import" else ""
        ours = row.ours.best if row.ours else None
        target = _TARGETS.get(row.task)
        goal = "-" if target is None else "<= " + _cell(target)
        line = (f"{_TITLES[row.task] + unit:<22}{row.calls:>8}{_cell(row.cold.get('ours')):>9}"
                f"{_cell(ours):>9}{goal:>10}{_met(row, judge_cold):>5}")
        for name in peer_names:
            peer = row.peers.get(name)
            theirs = peer.best if peer else None
            ratio = _ratio(theirs / ours) if theirs and ours else "-"
            line += f"{_cell(row.cold.get(name)):>16}{_cell(theirs):>8}{ratio:>8}"
        lines.append(line)
    return lines


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core bench",
        description="Time this library against PyPI mahjong and riichienv where installed, "
                    "on the same seeded hands, and check that the answers agree.",
        epilog="examples: python -m mahjong_core bench --quick; "
               "python -m mahjong_core bench --only win --only shanten --no-peers")
    parser.add_argument("--quick", action="store_true",
                        help="ten times fewer hands (for tests and CI)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the hands (2024)")
    parser.add_argument("--only", action="append", choices=TASKS, metavar="TASK",
                        help=f"run only this task (repeatable): {', '.join(TASKS)}")
    parser.add_argument("--hands", type=int, default=None,
                        help="hands for win, waits and shanten (100000, or 10000 with "
                             "--quick); full evaluation takes a tenth, random self-play "
                             "a 500th, self-play with the bots a 2000th")
    parser.add_argument("--repeat", type=int, default=5,
                        help="timed passes per library; the best counts (5)")
    parser.add_argument("--no-peers", action="store_true",
                        help="time this library alone even when peers are installed")
    parser.add_argument("--games", metavar="FILE", default=None,
                        help="replay the mjlog games of FILE (default: games the bots play)")
    parser.add_argument("--cold-child", action="store_true", help=argparse.SUPPRESS)
    return parser


def _run_task(task: str, hands: int, seed: int, repeat: int, peers: dict[str, Any]) -> Row:
    if task == "win":
        return _task_win(hands, seed, repeat, peers)
    if task == "waits":
        return _task_waits(hands, seed, repeat, peers)
    if task == "shanten":
        return _task_shanten(hands, seed, repeat, peers)
    if task in ("selfplay", "botplay"):
        heuristic = task == "botplay"
        return _task_self_play(max(4, hands // (2000 if heuristic else 500)), seed, repeat,
                               heuristic)
    return _task_evaluate(max(1, hands // 10), seed, repeat, peers)


def _cold(task: str, args: argparse.Namespace) -> dict[str, float]:
    """A task's first pass per library, each in one fresh interpreter (``--cold-child``)."""
    command = [sys.executable, "-m", "mahjong_core", "bench", "--cold-child", "--only", task,
               "--seed", str(args.seed), "--hands", str(args.hands)]
    if args.no_peers:
        command.append("--no-peers")
    # the child imports this very package, wherever it was imported from
    root = os.path.dirname(os.path.dirname(os.path.abspath(mahjong_core.__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
    done = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
    found: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return found


def _cold_child(task: str, args: argparse.Namespace, peers: dict[str, Any]) -> int:
    """Print one JSON line: the first pass of each library on the task, microseconds."""
    row = _run_task(task, args.hands, args.seed * 100 + TASKS.index(task), 1, peers)
    first = {name: timing.first for name, timing in row.peers.items()}
    if row.ours is not None:
        first["ours"] = row.ours.first
    print(json.dumps(first))
    return 0


def main(argv: list[str]) -> int:
    """Run the benchmark; print the table and the answer checks.

    Exit status 1 when this library contradicts the construction, 2 on a usage error.
    """
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return int(stop.code or 0)
    if args.hands is None:
        args.hands = 10_000 if args.quick else 100_000
    if args.hands < 2 or args.repeat < 1:
        print("bench: --hands must be >= 2 and --repeat >= 1", file=sys.stderr)
        return 2
    tasks = [t for t in TASKS if not args.only or t in args.only]
    peers = _load_peers(not args.no_peers)
    if args.cold_child:
        return _cold_child(tasks[0], args, peers)
    peer_names = [name for name in _PEERS if name in peers]
    absent = [name for name in _PEERS if name not in peers]

    print(f"mahjong_core {mahjong_core.__version__} bench: Python {platform.python_version()} "
          f"({platform.machine()}), seed {args.seed}, best of {args.repeat} passes")
    for name in peer_names:
        print(f"  peer {name} {_version(name)}")
    for name in absent:
        print(f"  peer {name}: not importable, skipped")
    print("  times in microseconds per call (import in ms); cold: one pass in a fresh "
          "interpreter;\n  warm: the best pass; ratio = peer warm / our warm")
    print(flush=True)

    rows: list[Row] = []
    for task in tasks:
        print(f"bench: {_TITLES[task]}...", file=sys.stderr, flush=True)
        if task == "import":
            rows.append(_task_import(max(3, args.repeat + 2), peers))
            continue
        if task == "replay":
            rows.append(_task_replay(max(2, args.hands // 12500), args.seed * 100 +
                                     TASKS.index(task), args.repeat, args.games))
            continue
        row = _run_task(task, args.hands, args.seed * 100 + TASKS.index(task), args.repeat,
                        peers)
        row.cold = _cold(task, args)
        rows.append(row)

    judge_cold = args.hands >= FULL_HANDS
    print("\n".join(_table(rows, peer_names, judge_cold)))
    if not judge_cold:
        print(f"  (cold passes are judged on runs of {FULL_HANDS:,} hands: a shorter pass "
              "weighs the tables' one-time loading more)")
    print()
    for row in rows:
        print(f"{_TITLES[row.task]}:")
        if row.ours is not None and row.task != "import" and "ours" in row.cold:
            print(f"  ours, cold / warm: {row.cold['ours'] / row.ours.best:.2f} "
                  f"(target <= {COLD_FACTOR:g} on {FULL_HANDS:,} hands)")
        for line in row.notes + row.checks:
            print(f"  {line}")
    wrong = sum(row.wrong for row in rows)
    print()
    print(f"answers: {wrong} of ours contradict the construction"
          if wrong else "answers: ours agree with the construction")
    return 1 if wrong else 0
