"""``python -m mahjong_core bench``: time this library against the installed peers.

Every task deals the same seeded hands (``random.Random``) to every library and times the
calls. The peers are PyPI ``mahjong`` and ``riichienv`` when they can be imported; they
are never dependencies of this project. A table gives microseconds per call, the ratio
peer time / our time (above 1 means this library is faster) and this library's targets.

The win check, the waits, shanten and a full evaluation each have three rows:

- the kernel (``win``, ...): each library's own input form (our ``Hand``, PyPI mahjong's
  34 counts, riichienv's ids or a pre-built evaluator) prepared before the clock starts;
- the whole call from 136 tile ids (``win-ids``, ...), as a user holding ids writes it:
  ours ``Hand.from_ids136(ids)`` then the question; for an evaluation also the winning
  ``Tile``, a ``WinContext`` with the indicators, ``evaluate`` and the yaku names;
- the whole call from mpsz text (``win-text``, ...): ``Hand.parse(text)`` then the
  question, the texts written before the clock starts.

``score`` runs ``python -m mahjong_core score`` in a subprocess on a batch of generated
JSON request lines (``score_requests``), against ``SCORE_ADAPTER``, a script doing the
same JSON work with PyPI mahjong, run with the same interpreter. ``import`` times the
import, ``selfplay`` / ``botplay`` whole hands through the table engine (four random
players timed per action, beside RiichiEnv's own environment stepped with random legal
actions; four heuristic players per hand), ``replay`` whole games read and replayed
(the bots' games written as mjlog, or ``--games FILE`` read as the ``replay`` command
reads its inputs).

Timing wrong answers is worthless, so every task then compares the answers: with each
peer on every hand, and with what the hands are by construction (a built win is complete,
a built win less one tile is tenpai, a built riichi win scores, every generated request
is answered). The exit status is 1 when this library contradicts the construction, 0
otherwise. (The test suite checks the benchmark's hands and this library's answers on
them against its own brute-force oracles; the package ships none.)

Each row is timed warm (the best of several passes in this process) and cold (one pass
in a fresh interpreter that has only imported the libraries and dealt the hands, so
whatever tables a library loads or fills on first use are paid for there). The import
and the score command start a fresh interpreter every time: there warm reads cached
bytecode and cold compiles the sources. Progress goes to standard error, the table and
the checks to standard output (``--markdown``: the table in Markdown).
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import importlib.util
import json
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

import mahjong_core
from mahjong_core import (
    Hand,
    MahjongError,
    Tile,
    WinContext,
    WinResult,
    evaluate,
    tiles_from_ids136,
)

__all__ = ["SCORE_ADAPTER", "TASKS", "main", "ron_hands", "score_requests", "tenpai_hands",
           "win_hands"]

_KERNELS = ("win", "waits", "shanten", "evaluate")
TASKS = (*(kernel + form for kernel in _KERNELS for form in ("", "-ids", "-text")),
         "score", "import", "selfplay", "botplay", "replay", "replay-tenhou6", "replay-mjai",
         "read-mjlog", "read-tenhou6", "read-mjai", "stats-mjlog", "stats-tenhou6",
         "stats-mjai", "replay-jobs2", "replay-dask")
"""Task names, in the order they run and print: each kernel on a prepared input, then as
a whole call from 136 ids (``-ids``) and from mpsz text (``-text``)."""

_TITLES = {
    "win": "win check, prepared Hand",
    "win-ids": "win check, from 136 ids",
    "win-text": "win check, from mpsz text",
    "waits": "waits, prepared Hand",
    "waits-ids": "waits, from 136 ids",
    "waits-text": "waits, from mpsz text",
    "shanten": "shanten, prepared Hand",
    "shanten-ids": "shanten, from 136 ids",
    "shanten-text": "shanten, from mpsz text",
    "evaluate": "evaluate, prepared Hand",
    "evaluate-ids": "evaluate + yaku, from 136 ids",
    "evaluate-text": "evaluate + yaku, from mpsz text",
    "score": "score command, a JSON line",
    "import": "import (ms)",
    "selfplay": "self-play, random, an action",
    "botplay": "self-play, bots, a hand",
    "replay": "replay mjlog, a round",
    "replay-tenhou6": "replay tenhou6, a round",
    "replay-mjai": "replay mjai, a round",
    "read-mjlog": "read mjlog, a round",
    "read-tenhou6": "read tenhou6, a round",
    "read-mjai": "read mjai, a round",
    "stats-mjlog": "stats mjlog, a round",
    "stats-tenhou6": "stats tenhou6, a round",
    "stats-mjai": "stats mjai, a round",
    "replay-jobs2": "replay mjlog, --jobs 2, a round",
    "replay-dask": "replay mjlog, Dask x2, a round",
}
_TARGETS: dict[str, tuple[float | None, float | None]] = {
    "win": (0.4, None), "waits": (1.5, None), "shanten": (1.0, None), "evaluate": (5.0, None),
    "win-ids": (None, 5.0), "shanten-ids": (None, 10.0), "evaluate-ids": (None, 10.0),
    "score": (1e6 / 16_000, 4.0), "import": (40.0, None), "replay": (400.0, None),
    "replay-tenhou6": (400.0, None), "replay-mjai": (400.0, None), "stats-mjlog": (400.0, None),
    "stats-tenhou6": (400.0, None), "stats-mjai": (400.0, None)}
"""Our targets, warm: at most so many microseconds per call (milliseconds for the import
with cached bytecode), and at least so many times faster than PyPI mahjong."""
COLD_FACTOR = 2.0
"""Our target for a kernel's cold pass: at most this many times its warm pass, judged on
passes of FULL_HANDS hands (a shorter pass weighs the tables' one-time loading more)."""
FULL_HANDS = 100_000
SCORE_LINES = 4000
"""Request lines in the score command's batch (a quarter with ``--quick``)."""

_PEERS = ("mahjong", "riichienv")
_PEER_TITLES = {"mahjong": "PyPI mahjong", "riichienv": "riichienv"}
_SEED_INDEX = {"win": 0, "waits": 1, "shanten": 2, "evaluate": 3, "import": 4, "selfplay": 5,
               "botplay": 6, "replay": 7, "score": 8}
"""Each task's hands come from ``seed * 100 + index``: the three rows of a kernel share
their hands."""
_RUN_SHARE = 0.7
"""Share of runs among the sets of a built winning hand (the rest are triplets)."""
_RED_IDS = frozenset({16, 52, 88})
_DORA_NAMES = frozenset({"Dora", "Aka Dora", "Ura Dora", "Nuki Dora"})
"""The peers' names for dora, which they list among the yaku."""

if TYPE_CHECKING:
    from ..formats.corpus import GameSource, ReadError

Answers = list[Any]


# -- the hands ----------------------------------------------------------------------------


def _counts34(ids: Sequence[int]) -> list[int]:
    counts = [0] * 34
    for tile_id in ids:
        counts[tile_id // 4] += 1
    return counts


def _kinds_key(ids: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(tile_id // 4 for tile_id in ids))


def _mpsz(ids: Sequence[int]) -> str:
    """mpsz text of 136 ids: ids 16, 52 and 88 are the red fives, written 0."""
    digits: dict[str, list[str]] = {"m": [], "p": [], "s": [], "z": []}
    for tile_id in sorted(ids):
        kind = tile_id // 4
        digits["mpsz"[kind // 9]].append("0" if tile_id in _RED_IDS else str(kind % 9 + 1))
    return "".join("".join(ranks) + suit for suit, ranks in digits.items() if ranks)


def _take(copies: dict[int, list[int]], kind: int, rng: random.Random) -> int:
    """A copy of ``kind`` not dealt yet (IndexError when all four are)."""
    left = copies.get(kind)
    if left is None:
        left = copies[kind] = rng.sample(range(4 * kind, 4 * kind + 4), 4)
    return left.pop()


def _deal_sets(rng: random.Random, dragon: bool = False
               ) -> tuple[list[list[int]], dict[int, list[int]]]:
    """A pair and four sets (runs or triplets) of 136 ids dealt from a shuffled wall, and
    the copies left of each kind they were dealt from; with ``dragon`` the first set is a
    triplet of dragons."""
    while True:
        kinds = [[rng.randrange(34)] * 2]
        for number in range(4):
            if dragon and not number:
                kinds.append([rng.choice((31, 32, 33))] * 3)
            elif rng.random() < _RUN_SHARE:
                start = rng.randrange(27)
                while start % 9 > 6:
                    start = rng.randrange(27)
                kinds.append([start, start + 1, start + 2])
            else:
                kinds.append([rng.randrange(34)] * 3)
        copies: dict[int, list[int]] = {}
        try:
            groups = [[_take(copies, kind, rng) for kind in group] for group in kinds]
        except IndexError:  # a fifth copy: deal again
            continue
        return groups, copies


def _built_win(rng: random.Random) -> list[int]:
    """Four sets and a pair, dealt from the copies of a shuffled wall (136 ids)."""
    groups, _ = _deal_sets(rng)
    return [tile_id for group in groups for tile_id in group]


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


Deal = tuple[list[int], int, list[int], list[int]]
"""A riichi ron to evaluate: 13 ids before the win, the winning id, the dora indicator
and the ura indicator (each a list of one id)."""
Texts = tuple[str, str, str, str, str]
"""A deal as mpsz text: the 13 tiles, the 14 with the win, the win, dora, ura."""


def _evaluate_deals(count: int, seed: int) -> list[Deal]:
    """``ron_hands`` with a dora and an ura indicator each, from the ids nobody holds."""
    rng = random.Random(seed + 1)
    deals: list[Deal] = []
    for ids, win in ron_hands(count, seed):
        held = {*ids, win}
        dora, ura = rng.sample([i for i in range(136) if i not in held], 2)
        deals.append((ids, win, [dora], [ura]))
    return deals


_RELATIVES = ("kamicha", "toimen", "shimocha")
_MELD_COUNTS = (0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 4)
_COUNTERS = (0, 0, 0, 0, 1, 1, 2, 3)


def _meld_of(ids: list[int], copies: dict[int, list[int]], rng: random.Random
             ) -> dict[str, object]:
    """A set called or declared, as the score command reads a meld."""
    if ids[0] // 4 != ids[1] // 4:  # a run
        return {"kind": "chi", "tiles": _mpsz(ids), "called": _mpsz([rng.choice(ids)]),
                "from": "kamicha"}
    kind = rng.choice(("pon", "pon", "pon", "minkan", "shouminkan", "ankan"))
    if kind != "pon":
        spare = copies[ids[0] // 4]
        if not spare:  # the fourth copy is in another set
            kind = "pon"
        else:
            ids.append(spare.pop())
    if kind == "ankan":
        return {"kind": kind, "tiles": _mpsz(ids)}
    return {"kind": kind, "tiles": _mpsz(ids), "called": _mpsz([rng.choice(ids)]),
            "from": rng.choice(_RELATIVES)}


def score_requests(count: int, seed: int) -> list[dict[str, object]]:
    """``count`` request objects for ``python -m mahjong_core score``, all built wins.

    Each is four sets and a pair dealt from a shuffled wall, closed or with one to four
    melds (chi, pon, open, added and closed kans) in the JSON meld form, less the winning
    tile; drawn or taken; riichi (sometimes ippatsu or double riichi) on most closed
    hands; a dora indicator and one more a kan, as many ura indicators with riichi;
    random winds, honba and riichi sticks, now and then a win on the last tile or on a
    kan's replacement tile. Half the open hands hold a triplet of dragons; an open hand
    may have no yaku, and "no_yaku" is then the answer.
    """
    rng = random.Random(seed)
    requests: list[dict[str, object]] = []
    while len(requests) < count:
        melded = rng.choice(_MELD_COUNTS)
        groups, copies = _deal_sets(rng, dragon=bool(melded) and rng.random() < 0.5)
        called = set(rng.sample(range(1, 5), melded))
        concealed = [tile_id for i, ids in enumerate(groups) if i not in called
                     for tile_id in ids]
        melds = [_meld_of(groups[i], copies, rng) for i in sorted(called)]
        win = concealed.pop(rng.randrange(len(concealed)))
        closed = all(meld["kind"] == "ankan" for meld in melds)
        kans = sum(1 for meld in melds if meld["kind"] in ("minkan", "shouminkan", "ankan"))
        held = {tile_id for ids in groups for tile_id in ids}
        indicators = rng.sample([i for i in range(136) if i not in held], 2 * (1 + kans))
        request: dict[str, object] = {"hand": _mpsz(concealed), "win_tile": _mpsz([win])}
        if melds:
            request["melds"] = melds
        tsumo = rng.random() < 0.4
        if tsumo:
            request["tsumo"] = True
        riichi = closed and rng.random() < 0.6
        if riichi:
            request["double_riichi" if rng.random() < 0.05 else "riichi"] = True
        if kans and tsumo and rng.random() < 0.25:
            request["rinshan"] = True
        else:
            if riichi and rng.random() < 0.15:
                request["ippatsu"] = True
            if rng.random() < 0.04:
                request["haitei" if tsumo else "houtei"] = True
        request["seat_wind"] = rng.choice("ESWN")
        request["round_wind"] = rng.choice("ES")
        request["dora_indicators"] = _mpsz(indicators[:1 + kans])
        if riichi:
            request["ura_indicators"] = _mpsz(indicators[1 + kans:])
        honba, sticks = rng.choice(_COUNTERS), rng.choice(_COUNTERS)
        if honba:
            request["honba"] = honba
        if sticks:
            request["riichi_sticks"] = sticks
        requests.append(request)
    return requests


SCORE_ADAPTER = '''\
"""Answer score requests with PyPI mahjong: JSON lines in, JSON lines out.

The peer of `python -m mahjong_core score` in `python -m mahjong_core bench`: each line
is read with json, its mpsz text turned into 136 ids, scored by HandCalculator and
answered in the same shape ({"win": ..., "han": ..., "points": ...}).
"""

import json
import sys

from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld
from mahjong.tile import TilesConverter

WINDS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
MELD_TYPES = {"chi": Meld.CHI, "pon": Meld.PON, "minkan": Meld.KAN,
              "shouminkan": Meld.SHOUMINKAN, "ankan": Meld.KAN}
DORA = {"Dora": "dora", "Aka Dora": "aka", "Ura Dora": "ura"}
REASONS = {"hand_not_winning": "not_complete", "no_yaku": "no_yaku"}
LIMITS = {"": None, "2x yakuman": "double_yakuman", "kazoe yakuman": "kazoe_yakuman"}
RULES = OptionalRules(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False)
CALCULATOR = HandCalculator()


def tile_ids(text, used):
    """The 136 ids of mpsz text, each a copy no other part of the request holds."""
    ids = []
    for tile in TilesConverter.one_line_string_to_136_array(text, has_aka_dora=True):
        while tile in used:
            tile += 1
        used.add(tile)
        ids.append(tile)
    return ids


def answer(request):
    used = set()
    tiles = tile_ids(request["hand"], used)
    win = tile_ids(request["win_tile"], used)[0]
    melds = []
    for meld in request.get("melds", []):
        ids = tile_ids(meld["tiles"], used)
        melds.append(Meld(MELD_TYPES[meld["kind"]], ids, opened=meld["kind"] != "ankan"))
        tiles += ids
    double = request.get("double_riichi", False)
    riichi = request.get("riichi", False) or double
    tsumo = request.get("tsumo", False)
    seat = WINDS[request.get("seat_wind", "E")]
    config = HandConfig(
        is_tsumo=tsumo, is_riichi=riichi, is_daburu_riichi=double,
        is_ippatsu=request.get("ippatsu", False), is_rinshan=request.get("rinshan", False),
        is_chankan=request.get("chankan", False), is_haitei=request.get("haitei", False),
        is_houtei=request.get("houtei", False), is_tenhou=request.get("tenhou", False),
        is_chiihou=request.get("chiihou", False), player_wind=seat,
        round_wind=WINDS[request.get("round_wind", "E")],
        tsumi_number=request.get("honba", 0), kyoutaku_number=request.get("riichi_sticks", 0),
        options=RULES)
    dora = tile_ids(request.get("dora_indicators", ""), used)
    ura = tile_ids(request.get("ura_indicators", ""), used) if riichi else []
    result = CALCULATOR.estimate_hand_value(tiles + [win], win, melds=melds,
                                            dora_indicators=dora, ura_dora_indicators=ura,
                                            config=config)
    if result.error:
        if result.error in REASONS:
            return {"win": False, "reason": REASONS[result.error]}
        return {"error": result.error}
    yaku, dora_han = {}, {"dora": 0, "aka": 0, "ura": 0}
    for item in result.yaku:
        han = item.han_open if result.is_open_hand else item.han_closed
        if item.name in DORA:
            dora_han[DORA[item.name]] = han
        else:
            yaku[item.name.lower().replace(" ", "_")] = han
    cost = result.cost
    main_payment = cost["main"] + cost["main_bonus"]
    if not tsumo:
        points, payments = cost["main"], {"discarder": main_payment}
    elif seat == EAST:
        points, payments = 3 * cost["main"], {"non_dealer": main_payment}
    else:
        points = cost["main"] + 2 * cost["additional"]
        payments = {"dealer": main_payment,
                    "non_dealer": cost["additional"] + cost["additional_bonus"]}
    level = cost["yaku_level"]
    return {"win": True, "han": result.han, "fu": result.fu, "limit": LIMITS.get(level, level),
            "yaku": yaku, "dora": dora_han, "points": points, "payments": payments,
            "total": cost["total"]}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            reply = answer(json.loads(line))
        except Exception as error:  # a line it cannot score: say so and go on
            reply = {"error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(reply) + "\\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
'''
"""The peer of the score command: a script answering the same request lines with PyPI
mahjong. It writes its answers buffered and flushes once at the end (the score command
also sends every answer before it waits for more input, so a program talking to it
through a pipe gets each answer in time: a little more work than this script does)."""


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


@attrs.define
class _Progress:
    """Where the run is, on standard error: a line a step, or one line updated in place
    when standard error is a terminal."""

    total: int
    enabled: bool
    terminal: bool
    step: int = 0
    title: str = ""

    def start(self, task: str) -> None:
        self.step += 1
        self.title = _TITLES[task]

    def say(self, what: str) -> None:
        if not self.enabled:
            return
        text = f"[{self.step}/{self.total}] {self.title}: {what}..."
        if self.terminal:
            width = shutil.get_terminal_size().columns - 1
            sys.stderr.write("\r\x1b[K" + text[:width])
            sys.stderr.flush()
        else:
            print(text, file=sys.stderr, flush=True)

    def finish(self) -> None:
        if self.enabled and self.terminal:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()


@attrs.define
class _Run:
    """One run's settings, and the hands its tasks share."""

    hands: int
    seed: int
    repeat: int
    lines: int
    games: str | None
    peers: dict[str, Any]
    progress: _Progress
    dealt: dict[tuple[str, int, int], Any] = attrs.Factory(dict)
    one_process: dict[tuple[str, str], tuple[float, list[Any]]] = attrs.Factory(dict)
    """A corpus row's time on one process and its answers, by (format, replayed)."""

    def deal(self, dealer: Callable[[int, int], Any], count: int, task: str) -> Any:
        """``dealer(count, seed)`` for the task's seed, dealt once for the kernel's rows."""
        seed = self.seed * 100 + _SEED_INDEX[task.split("-")[0]]
        key = (getattr(dealer, "__qualname__", ""), count, seed)
        if key not in self.dealt:
            self.progress.say("dealing")
            self.dealt = {key: dealer(count, seed)}  # only the latest: rows come in order
        return self.dealt[key]


@attrs.frozen
class _Entry:
    """One library in a row: a pass over all the inputs, what it calls, and how its raw
    answers are read for the comparison."""

    run: Callable[[], Answers]
    note: str = ""
    read: Callable[[Any], Any] | None = None


def _race(run: _Run, row: Row, entries: dict[str, _Entry]) -> None:
    """Time each library's pass and keep its answers."""
    for name, entry in entries.items():
        run.progress.say(f"warm, {name}")
        timing = _time(entry.run, row.calls, run.repeat)
        if entry.read is not None:
            timing = attrs.evolve(timing, answers=list(map(entry.read, timing.answers)))
        if name == "ours":
            row.ours = timing
        else:
            row.peers[name] = timing
        if entry.note:
            row.notes.append(f"{name}: {entry.note}")


def _load_peers(enabled: bool) -> dict[str, Any]:
    """The peers that import, by name: PyPI mahjong as a namespace of its modules."""
    peers: dict[str, Any] = {}
    if not enabled:
        return peers
    with contextlib.suppress(ImportError):
        modules = {name.rsplit(".", 1)[-1]: importlib.import_module(f"mahjong.{name}")
                   for name in ("agari", "shanten", "hand_calculating.hand",
                                "hand_calculating.hand_config", "constants", "tile")}
        peers["mahjong"] = types.SimpleNamespace(**modules)
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


def _tiles_mask(tiles: frozenset[Tile]) -> int:
    return _mask([tile.kind for tile in tiles])


def _disagree(ours: Answers, theirs: Answers) -> int:
    return sum(1 for a, b in zip(ours, theirs, strict=True) if a != b)


def _compare(row: Row, *totals: tuple[str, Callable[[Answers], int]]) -> None:
    """Add each per-library total and the per-hand disagreements to ``row.checks``."""
    for what, total in totals:
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


def _form(task: str) -> str:
    """The row's input form: kernel, ids or text."""
    return task.split("-")[1] if "-" in task else "kernel"


# -- the kernels: one task, a table of what differs -------------------------------------


@attrs.frozen
class _Hands:
    """A kernel row's inputs: the dealt hands (ids), their texts when the row reads
    text, and what each hand is by construction."""

    ids: list[Any]
    texts: list[Any]
    built: list[bool]


Library = Callable[[Any, str, _Hands], _Entry]
"""A library's pass in a row: (its module, the input form, the hands) -> _Entry."""


@attrs.frozen
class _Kernel:
    """What one kernel's three rows (prepared, from ids, from text) need: the hands,
    each library's pass in each form, and the checks of the answers."""

    deal: Callable[[_Run, str], _Hands]
    libraries: dict[str, Library]
    """"ours" and the peers that have this kernel."""
    judge: Callable[[Row, _Hands], None]


def _task_kernel(run: _Run, task: str) -> Row:
    """A kernel's row: the same hands to every library, each timed in the row's form,
    then the answers compared with each other and with the construction."""
    kernel = _KERNELS_BY_NAME[task.split("-")[0]]
    hands = kernel.deal(run, task)
    row = Row(task, len(hands.ids))
    form = _form(task)
    entries = {name: library(run.peers.get(name), form, hands)
               for name, library in kernel.libraries.items()
               if name == "ours" or name in run.peers}
    _race(run, row, entries)
    kernel.judge(row, hands)
    return row


def _dealt(dealer: Callable[[int, int], tuple[list[list[int]], list[bool]]]
           ) -> Callable[[_Run, str], _Hands]:
    """The hands of the win, waits and shanten rows (with their texts for a text row)."""
    def deal(run: _Run, task: str) -> _Hands:
        ids, built = run.deal(dealer, run.hands, task)
        return _Hands(ids, [_mpsz(h) for h in ids] if _form(task) == "text" else [], built)
    return deal


def _by_form(form: str, kernel: Callable[[], Answers], ids: Callable[[], Answers],
             text: Callable[[], Answers], notes: tuple[str, str, str], read: Any = None
             ) -> _Entry:
    """The entry of the row's form, from the three passes and their notes."""
    index = ("kernel", "ids", "text").index(form)
    return _Entry((kernel, ids, text)[index], notes[index], read)


def _win_ours(_: Any, form: str, hands: _Hands) -> _Entry:
    prepared = [Hand.from_ids136(h) for h in hands.ids] if form == "kernel" else []
    return _by_form(form, lambda: [h.is_complete() for h in prepared],
                    lambda: [Hand.from_ids136(x).is_complete() for x in hands.ids],
                    lambda: [Hand.parse(t).is_complete() for t in hands.texts],
                    ("", "Hand.from_ids136(ids).is_complete()",
                     "Hand.parse(text).is_complete()"))


def _win_mahjong(mahjong: Any, form: str, hands: _Hands) -> _Entry:
    agari, converter = mahjong.agari.Agari(), mahjong.tile.TilesConverter
    arrays = [_counts34(h) for h in hands.ids] if form == "kernel" else []
    return _by_form(form, lambda: [agari.is_agari(a) for a in arrays],
                    lambda: [agari.is_agari(converter.to_34_array(x)) for x in hands.ids],
                    lambda: [agari.is_agari(converter.one_line_string_to_34_array(
                        t, has_aka_dora=True)) for t in hands.texts],
                    ("Agari.is_agari(34 counts)",
                     "Agari().is_agari(TilesConverter.to_34_array(ids))",
                     "Agari().is_agari(TilesConverter.one_line_string_to_34_array(text))"))


def _win_riichienv(module: Any, form: str, hands: _Hands) -> _Entry:
    shanten, parse = module.calculate_shanten, module.parse_hand
    from_ids = (lambda: [shanten(x) == -1 for x in hands.ids],
                "calculate_shanten(136 ids) == -1 (it has no win check; it takes ids)")
    if form != "text":
        return _Entry(*from_ids)
    return _Entry(lambda: [shanten(parse(t)[0]) == -1 for t in hands.texts],
                  "calculate_shanten(parse_hand(text)[0]) == -1")


def _win_judge(row: Row, hands: _Hands) -> None:
    _compare(row, ("complete hands", sum))
    row.checks.append(f"complete by construction: {sum(hands.built)}")
    if row.ours is not None:
        wrong = sum(1 for won, ours in zip(hands.built, row.ours.answers, strict=True)
                    if won and not ours)
        row.wrong += wrong
        row.checks.append(f"built wins that ours does not find complete: {wrong}")


def _mahjong_waits(is_agari: Callable[[list[int]], bool]) -> Callable[[list[int]], int]:
    """PyPI mahjong has no waits call: is_agari on each of the 34 kinds added."""
    def waits(counts: list[int]) -> int:
        mask = 0
        for kind in range(34):
            if counts[kind] < 4:
                counts[kind] += 1
                if is_agari(counts):
                    mask |= 1 << kind
                counts[kind] -= 1
        return mask
    return waits


def _waits_ours(_: Any, form: str, hands: _Hands) -> _Entry:
    prepared = [Hand.from_ids136(h) for h in hands.ids] if form == "kernel" else []
    return _by_form(form, lambda: [h.waits_mask() for h in prepared],
                    lambda: [Hand.from_ids136(x).waits() for x in hands.ids],
                    lambda: [Hand.parse(t).waits() for t in hands.texts],
                    ("Hand.waits_mask() (a 34-bit mask; waits() builds a frozenset)",
                     "Hand.from_ids136(ids).waits() (a frozenset of Tiles)",
                     "Hand.parse(text).waits()"),
                    None if form == "kernel" else _tiles_mask)


def _waits_mahjong(mahjong: Any, form: str, hands: _Hands) -> _Entry:
    waits = _mahjong_waits(mahjong.agari.Agari().is_agari)
    converter = mahjong.tile.TilesConverter
    arrays = [_counts34(h) for h in hands.ids] if form == "kernel" else []
    return _by_form(form, lambda: [waits(a) for a in arrays],
                    lambda: [waits(converter.to_34_array(x)) for x in hands.ids],
                    lambda: [waits(converter.one_line_string_to_34_array(t, has_aka_dora=True))
                             for t in hands.texts],
                    ("Agari.is_agari on each of the 34 kinds added",
                     "TilesConverter.to_34_array(ids), then is_agari on each kind added",
                     "TilesConverter.one_line_string_to_34_array(text), then is_agari on "
                     "each kind added"))


def _waits_riichienv(module: Any, form: str, hands: _Hands) -> _Entry:
    evaluator = module.HandEvaluator
    built = [evaluator(list(h), []) for h in hands.ids] if form == "kernel" else []
    return _by_form(form, lambda: [e.get_waits() for e in built],
                    lambda: [evaluator(x, []).get_waits() for x in hands.ids],
                    lambda: [evaluator.hand_from_text(t).get_waits() for t in hands.texts],
                    ("HandEvaluator(136 ids).get_waits(), evaluator pre-built",
                     "HandEvaluator(ids, []).get_waits()",
                     "HandEvaluator.hand_from_text(text).get_waits()"), _mask)


def _waits_judge(row: Row, hands: _Hands) -> None:
    _compare(row, ("waits summed over all hands", lambda a: sum(m.bit_count() for m in a)))
    _check_built(row, hands.built, lambda answer: answer != 0, "with no wait")


def _shanten_ours(_: Any, form: str, hands: _Hands) -> _Entry:
    prepared = [Hand.from_ids136(h) for h in hands.ids] if form == "kernel" else []
    return _by_form(form, lambda: [h.shanten() for h in prepared],
                    lambda: [Hand.from_ids136(x).shanten() for x in hands.ids],
                    lambda: [Hand.parse(t).shanten() for t in hands.texts],
                    ("", "Hand.from_ids136(ids).shanten()", "Hand.parse(text).shanten()"))


def _shanten_mahjong(mahjong: Any, form: str, hands: _Hands) -> _Entry:
    shanten, converter = mahjong.shanten.Shanten(), mahjong.tile.TilesConverter
    arrays = [_counts34(h) for h in hands.ids] if form == "kernel" else []
    return _by_form(form, lambda: [shanten.calculate_shanten(a) for a in arrays],
                    lambda: [shanten.calculate_shanten(converter.to_34_array(x))
                             for x in hands.ids],
                    lambda: [shanten.calculate_shanten(converter.one_line_string_to_34_array(
                        t, has_aka_dora=True)) for t in hands.texts],
                    ("Shanten.calculate_shanten(34 counts)",
                     "Shanten().calculate_shanten(TilesConverter.to_34_array(ids))",
                     "Shanten().calculate_shanten(TilesConverter.one_line_string_to_34_array("
                     "text))"))


def _shanten_riichienv(module: Any, form: str, hands: _Hands) -> _Entry:
    calculate, parse = module.calculate_shanten, module.parse_hand
    if form != "text":
        return _Entry(lambda: [calculate(x) for x in hands.ids], "calculate_shanten(136 ids)")
    return _Entry(lambda: [calculate(parse(t)[0]) for t in hands.texts],
                  "calculate_shanten(parse_hand(text)[0])")


def _shanten_judge(row: Row, hands: _Hands) -> None:
    _compare(row, ("shanten summed over all hands", sum))
    _check_built(row, hands.built, lambda answer: answer == 0, "not tenpai")


# -- evaluation ---------------------------------------------------------------------------


def _our_score(result: Any, names: Sequence[str] | None = None) -> tuple[Any, ...]:
    """(han, fu, points, yaku listed) of one of our results; fu is left out from 13 han."""
    if not isinstance(result, WinResult):
        return (None, None, None, 0)
    han = result.han
    if names is None:
        names = result.yaku.names()
    return (han, result.fu if han < 13 else None, result.points, len(names))


def _mahjong_score(answer: tuple[Any, list[str]]) -> tuple[Any, ...]:
    result, names = answer
    han = result.han
    return (han, result.fu if han is not None and han < 13 else None,
            result.cost["main"] if result.cost else None,
            sum(1 for name in names if name not in _DORA_NAMES))


def _riichienv_score(answer: tuple[Any, list[str]]) -> tuple[Any, ...]:
    result, names = answer
    return (result.han, result.fu if result.han < 13 else None, result.ron_agari,
            sum(1 for name in names if name not in _DORA_NAMES))


def _deal_evaluations(run: _Run, task: str) -> _Hands:
    deals: list[Deal] = run.deal(_evaluate_deals, max(1, run.hands // 10), task)
    texts = [(_mpsz(h), _mpsz([*h, w]), _mpsz([w]), _mpsz(d), _mpsz(u))
             for h, w, d, u in deals] if _form(task) == "text" else []
    return _Hands(deals, texts, [True] * len(deals))


def _evaluate_ours(_: Any, form: str, hands: _Hands) -> _Entry:
    deals: list[Deal] = hands.ids
    if form == "kernel":
        prepared = [(Hand.from_ids136(h), Tile.from_id136(w),
                     WinContext(riichi=True, dora_indicators=tiles_from_ids136(d),
                                ura_indicators=tiles_from_ids136(u))) for h, w, d, u in deals]
        return _Entry(lambda: [evaluate(h, w, c) for h, w, c in prepared],
                      "evaluate(hand, win_tile, context), all three built beforehand: a "
                      "riichi ron, a dora and an ura indicator", _our_score)

    def ours_ids(deal: Deal) -> tuple[Any, list[str]]:
        ids, win, dora, ura = deal
        result = evaluate(Hand.from_ids136(ids), Tile.from_id136(win), WinContext(
            riichi=True, dora_indicators=tiles_from_ids136(dora),
            ura_indicators=tiles_from_ids136(ura)))
        return result, result.yaku.names() if isinstance(result, WinResult) else []

    def ours_text(texts: Texts) -> tuple[Any, list[str]]:
        hand, _, win, dora, ura = texts
        result = evaluate(Hand.parse(hand), Tile.parse(win), WinContext(
            riichi=True, dora_indicators=dora, ura_indicators=ura))
        return result, result.yaku.names() if isinstance(result, WinResult) else []

    return _by_form(form, list, lambda: [ours_ids(d) for d in deals],
                    lambda: [ours_text(t) for t in hands.texts],
                    ("", "evaluate(Hand.from_ids136(ids), Tile.from_id136(win), WinContext("
                     "riichi=True, dora_indicators=tiles_from_ids136(...), ura_indicators="
                     "...)), then result.yaku.names()",
                     "evaluate(Hand.parse(text), Tile.parse(win), WinContext(riichi=True, "
                     "dora_indicators=text, ura_indicators=text)), then result.yaku.names()"),
                    lambda answer: _our_score(*answer))


def _evaluate_judge(row: Row, hands: _Hands) -> None:
    if "riichienv" in row.peers and row.ours is not None:
        doubles = sum(1 for a, b in zip(row.ours.answers, row.peers["riichienv"].answers,
                                        strict=True) if a[0] == 13 and b[0] == 26)
        row.notes.append(f"riichienv always counts suuankou tanki, junsei chuuren and "
                         f"kokushi 13-wait double (ours by default not): {doubles} "
                         "hands differ by that rule alone")
    _compare(row, ("points summed over all hands", lambda a: sum(s[2] or 0 for s in a)),
             ("yaku listed over all hands (dora left out)", lambda a: sum(s[3] for s in a)))
    if row.ours is not None:
        losses = sum(1 for s in row.ours.answers if not s[0] or not s[2])
        row.wrong += losses
        row.checks.append(f"built riichi wins that ours does not score: {losses}")


def _mahjong_evaluate(mahjong: Any, form: str, hands: _Hands) -> _Entry:
    deals: list[Deal] = hands.ids
    texts: list[Texts] = hands.texts
    calculator = mahjong.hand.HandCalculator()
    config_class, converter = mahjong.hand_config.HandConfig, mahjong.tile.TilesConverter
    east = mahjong.constants.EAST
    rules = mahjong.hand_config.OptionalRules(has_open_tanyao=True, has_aka_dora=True,
                                              has_double_yakuman=False)
    if form == "kernel":
        config = config_class(is_riichi=True, player_wind=east, round_wind=east, options=rules)
        full = [([*h, w], w, d, u) for h, w, d, u in deals]
        return _Entry(lambda: [(calculator.estimate_hand_value(
            t, w, dora_indicators=d, ura_dora_indicators=u, config=config), [])
            for t, w, d, u in full],
            "HandCalculator.estimate_hand_value(14 ids, win id, indicators, one HandConfig("
            "is_riichi=True, red fives, east seat and round)), yaku not listed",
            lambda answer: _mahjong_score((answer[0], [y.name for y in answer[0].yaku or ()])))

    def from_ids(deal: Deal) -> tuple[Any, list[str]]:
        ids, win, dora, ura = deal
        config = config_class(is_riichi=True, player_wind=east, round_wind=east, options=rules)
        result = calculator.estimate_hand_value([*ids, win], win, dora_indicators=dora,
                                                ura_dora_indicators=ura, config=config)
        return result, [yaku.name for yaku in result.yaku or ()]

    def from_text(texts: Texts) -> tuple[Any, list[str]]:
        _, tiles, win, dora, ura = texts
        config = config_class(is_riichi=True, player_wind=east, round_wind=east, options=rules)
        result = calculator.estimate_hand_value(
            converter.one_line_string_to_136_array(tiles, has_aka_dora=True),
            converter.one_line_string_to_136_array(win, has_aka_dora=True)[0],
            dora_indicators=converter.one_line_string_to_136_array(dora, has_aka_dora=True),
            ura_dora_indicators=converter.one_line_string_to_136_array(ura, has_aka_dora=True),
            config=config)
        return result, [yaku.name for yaku in result.yaku or ()]

    if form == "ids":
        return _Entry(lambda: [from_ids(d) for d in deals],
                      "HandCalculator().estimate_hand_value(14 ids, win id, indicators, "
                      "HandConfig(is_riichi=True, ...)), then the yaku names", _mahjong_score)
    return _Entry(lambda: [from_text(t) for t in texts],
                  "TilesConverter.one_line_string_to_136_array for the 14 tiles, the win "
                  "and the indicators, then as from ids", _mahjong_score)


def _riichienv_evaluate(module: Any, form: str, hands: _Hands) -> _Entry:
    deals: list[Deal] = hands.ids
    texts: list[Texts] = hands.texts
    evaluator, conditions_class = module.HandEvaluator, module.Conditions
    parse_tile = module.parse_tile
    if form == "kernel":
        conditions = conditions_class(riichi=True)
        built = [(evaluator(sorted([*h, w]), []), w, d, u) for h, w, d, u in deals]
        return _Entry(lambda: [(e.calc(w, d, u, conditions), []) for e, w, d, u in built],
                      "HandEvaluator(14 ids).calc(win id, indicators, riichi), pre-built, "
                      "yaku not listed",
                      lambda answer: _riichienv_score(
                          (answer[0], [y.name_en for y in answer[0].yaku_list()])))

    def from_ids(deal: Deal) -> tuple[Any, list[str]]:
        ids, win, dora, ura = deal
        result = evaluator([*ids, win], []).calc(win, dora, ura, conditions_class(riichi=True))
        return result, [yaku.name_en for yaku in result.yaku_list()]

    def from_text(texts: Texts) -> tuple[Any, list[str]]:
        _, tiles, win, dora, ura = texts
        result = evaluator.hand_from_text(tiles).calc(
            parse_tile(win), [parse_tile(dora)], [parse_tile(ura)],
            conditions_class(riichi=True))
        return result, [yaku.name_en for yaku in result.yaku_list()]

    if form == "ids":
        return _Entry(lambda: [from_ids(d) for d in deals],
                      "HandEvaluator(14 ids, []).calc(win id, indicators, Conditions("
                      "riichi=True)), then the yaku names", _riichienv_score)
    return _Entry(lambda: [from_text(t) for t in texts],
                  "HandEvaluator.hand_from_text(14 tiles).calc(parse_tile(win), ...), then "
                  "the yaku names", _riichienv_score)


_KERNELS_BY_NAME = {
    "win": _Kernel(_dealt(win_hands), {"ours": _win_ours, "mahjong": _win_mahjong,
                                       "riichienv": _win_riichienv}, _win_judge),
    "waits": _Kernel(_dealt(tenpai_hands), {"ours": _waits_ours, "mahjong": _waits_mahjong,
                                            "riichienv": _waits_riichienv}, _waits_judge),
    "shanten": _Kernel(_dealt(tenpai_hands), {"ours": _shanten_ours,
                                              "mahjong": _shanten_mahjong,
                                              "riichienv": _shanten_riichienv},
                       _shanten_judge),
    "evaluate": _Kernel(_deal_evaluations, {"ours": _evaluate_ours,
                                            "mahjong": _mahjong_evaluate,
                                            "riichienv": _riichienv_evaluate},
                        _evaluate_judge),
}
"""Each kernel's rows, run by the one task ``_task_kernel``."""


# -- the engine ----------------------------------------------------------------------------


def _self_play_hands(hands: int, seed: int, heuristic: bool) -> list[tuple[int, int, int]]:
    """Play seeded games (``seed``, ``seed + 1``, ...) until ``hands`` hands are over.

    For each game: (hands played, actions applied, hands after which points and riichi
    sticks do not add up to the starting total)."""
    from ..players import HeuristicPlayer, Player, RandomPlayer
    from ..table import Game

    answers: list[tuple[int, int, int]] = []
    played = 0
    while played < hands:
        players: list[Player] = ([HeuristicPlayer()] * 4 if heuristic
                                 else [RandomPlayer(4 * seed + s) for s in range(4)])
        game = Game(seed=seed)
        actions = 0
        while not game.is_over and len(game.rounds) < hands - played:
            game_round = game.deal()
            while not game_round.is_over:
                seat = game_round.to_act[0]
                game_round.apply(players[seat].choose(game_round.observe(seat)))
                actions += 1
        record = game.record()
        total = sum(record.rounds[0].start_scores)
        broken = sum(1 for r in record.rounds
                     if sum(r.end_scores) + r.end_sticks * record.table.riichi_cost != total)
        answers.append((len(record.rounds), actions, broken))
        played += len(record.rounds)
        seed += 1
    return answers


def _riichienv_self_play(module: Any, actions: int, seed: int) -> list[tuple[int, int]]:
    """RiichiEnv's own environment, driven from Python as a training loop drives it: at
    each step every seat with legal actions picks one at random, until ``actions``
    actions are chosen. For each game: (steps, actions)."""
    rng = random.Random(seed)
    answers: list[tuple[int, int]] = []
    chosen = 0
    game = 0
    while chosen < actions:
        env = module.RiichiEnv(game_mode="4p-red-half", seed=seed * 1000 + game)
        observations = env.reset()
        steps = done = 0
        while not env.done() and chosen < actions:
            step = {}
            for seat, observation in observations.items():
                legal = observation.legal_actions()
                if legal:
                    step[seat] = rng.choice(legal)
            done += len(step)
            chosen += len(step)
            observations = env.step(step)
            steps += 1
        answers.append((steps, done))
        game += 1
    return answers


def _task_self_play(hands: int, seed: int, repeat: int, heuristic: bool,
                    peers: dict[str, Any] | None = None) -> Row:
    """Whole hands through the table engine: every decision is a player's choice from
    its seat's ``Observation``, applied by the engine (which refuses an illegal one).
    Random players are timed per action, beside RiichiEnv's environment playing random
    legal actions; the library's players per hand."""
    games = _self_play_hands(hands, seed, heuristic)
    actions = sum(a for _, a, _ in games)
    row = Row("botplay" if heuristic else "selfplay", hands if heuristic else actions)
    row.ours = _time(lambda: _self_play_hands(hands, seed, heuristic), row.calls, repeat)
    best, first = row.ours.best, row.ours.first
    played = sum(h for h, _, _ in row.ours.answers)
    if heuristic:
        row.notes.append(f"{1e6 / best:.0f} hands per second (first pass {1e6 / first:.0f}): "
                         f"four HeuristicPlayers, each decision from Round.observe, games "
                         f"from seeds {seed}-{seed + len(row.ours.answers) - 1}")
    else:
        row.notes.append(f"{1e6 / best:,.0f} actions per second ({actions:,} actions, "
                         f"{played} hands; first pass {1e6 / first:,.0f}): four "
                         "RandomPlayers, each decision from Round.observe")
        module = (peers or {}).get("riichienv")
        if module is not None:
            timing = _time(lambda: _riichienv_self_play(module, actions, seed), actions,
                           repeat)
            row.peers["riichienv"] = timing
            row.notes.append(f"riichienv: {1e6 / timing.best:,.0f} actions per second, its "
                             "RiichiEnv (4p-red-half) stepped from Python with a random "
                             "legal action for each seat asked")
    broken = sum(b for _, _, b in row.ours.answers)
    row.wrong += broken
    row.checks.append(f"hands played: {played}; hands after which points and riichi sticks "
                      f"do not add up: {broken}")
    return row


def _played_games(games: int, seed: int
                  ) -> tuple[list[GameSource | ReadError], list[tuple[int, ...]]]:
    """Games the heuristic players play, written as mjlog, with their final scores."""
    from ..formats.corpus import GameSource
    from ..formats.logs import LogFormat
    from ..formats.mjlog import format_mjlog
    from ..formats.record_mjlog import record_to_mjlog
    from ..players import HeuristicPlayer
    from ..table import Game

    documents: list[GameSource | ReadError] = []
    finals = []
    for number in range(games):
        game, player = Game(seed=seed + number), HeuristicPlayer()
        while not game.is_over:
            game_round = game.deal()
            while not game_round.is_over:
                seat = game_round.to_act[0]
                game_round.apply(player.choose(game_round.observe(seat)))
        record = game.record()
        documents.append(GameSource(format_mjlog(record_to_mjlog(record)), LogFormat.MJLOG,
                                    "played", number))
        finals.append(record.final_scores)
    return documents, finals


def _replay_game(item: GameSource | ReadError) -> tuple[tuple[int, ...], int] | str:
    """A game read and replayed: its final scores and its rounds, or why it is refused."""
    from ..formats.corpus import GameSource
    from ..formats.logs import parse_game
    from ..formats.replay import replay_game

    if not isinstance(item, GameSource):
        return item.message
    try:
        record = replay_game(parse_game(item.text, item.fmt))
    except MahjongError as error:
        return str(error)
    return record.final_scores, len(record.rounds)


def _read_game(item: GameSource | ReadError) -> tuple[int, int] | str:
    """A game read, not replayed: (its rounds, its events), or why it is refused."""
    from ..formats.corpus import GameSource
    from ..formats.logs import parse_game

    if not isinstance(item, GameSource):
        return item.message
    try:
        game = parse_game(item.text, item.fmt)
    except MahjongError as error:
        return str(error)
    return len(game.rounds), sum(len(r.events) for r in game.rounds)


def _game_stats(item: GameSource | ReadError) -> tuple[int, int] | str:
    """A game's counts as the stats command makes them (read, replayed, summed up): its
    rounds and its players' wins, or why it is refused."""
    from ..formats.corpus import GameSource
    from ..formats.logs import parse_game
    from .stats import game_stats

    if not isinstance(item, GameSource):
        return item.message
    try:
        stats = game_stats(parse_game(item.text, item.fmt))
    except MahjongError as error:
        return str(error)
    return stats.rounds, sum(player.wins for player in stats.players.values())


@attrs.frozen
class _CorpusRow:
    """One corpus row: the format read, what is done with each game, and where."""

    fmt: str
    work: str = "replay"
    """"read", "replay" (read and replayed) or "stats" (read, replayed and counted as the
    stats command counts)."""
    backend: str = "one process"
    """"one process", "--jobs 2" or "dask" (a LocalCluster of two workers)."""

    @property
    def replay(self) -> bool:
        """Whether each answer is a replay's (final scores, rounds)."""
        return self.work == "replay"


_CORPUS_WORK = {"read": (_read_game, "reading games", "read"),
                "replay": (_replay_game, "replaying games", "read and replayed"),
                "stats": (_game_stats, "counting games", "read, replayed and counted")}
"""Each corpus row's work: the function of one game (whose answer's first number is the
rounds, or its second for a replay), the progress line and the words of the note."""


_CORPUS_ROWS = {
    "replay": _CorpusRow("mjlog"), "replay-tenhou6": _CorpusRow("tenhou6"),
    "replay-mjai": _CorpusRow("mjai"), "read-mjlog": _CorpusRow("mjlog", "read"),
    "read-tenhou6": _CorpusRow("tenhou6", "read"), "read-mjai": _CorpusRow("mjai", "read"),
    "stats-mjlog": _CorpusRow("mjlog", "stats"), "stats-tenhou6": _CorpusRow("tenhou6", "stats"),
    "stats-mjai": _CorpusRow("mjai", "stats"),
    "replay-jobs2": _CorpusRow("mjlog", backend="--jobs 2"),
    "replay-dask": _CorpusRow("mjlog", backend="dask")}
"""The corpus rows, all run by ``_task_corpus``: the same games in each format."""


@attrs.frozen
class _Corpus:
    """The games of the corpus rows, in each format, and where they come from."""

    games: dict[str, list[GameSource | ReadError]]
    finals: list[tuple[int, ...]]
    source: str


def _corpus(games: int, seed: int, path: str | None) -> _Corpus:
    """The bots' games (or those of ``path``, read as ``replay`` reads them) in the three
    formats: each game that replays is written by the engine in the other two; a game
    that cannot be read or replayed stays refused in all three."""
    from ..formats.corpus import GameSource, ReadError, iter_sources
    from ..formats.logs import LogFormat, parse_game, write_game
    from ..formats.replay import replay_game

    if path is None:
        items, finals = _played_games(games, seed)
        source = f"{games} games the heuristic players played (seeds {seed}-{seed + games - 1})"
    else:
        items, finals, source = list(iter_sources([path])), [], path
    converted: dict[str, list[GameSource | ReadError]] = {fmt.value: [] for fmt in LogFormat}
    for item in items:
        try:
            if isinstance(item, ReadError):
                raise MahjongError(item.message)
            game = parse_game(item.text, item.fmt)
            record = replay_game(game)
        except MahjongError:   # refused in every format
            for fmt in LogFormat:
                converted[fmt.value].append(
                    item if isinstance(item, ReadError) or item.fmt is fmt
                    else ReadError(item.file, item.index, f"refused when read as {item.fmt}"))
            continue
        for fmt in LogFormat:
            converted[fmt.value].append(item if item.fmt is fmt else GameSource(
                write_game(record, fmt, source=game), fmt, item.file, item.index))
    return _Corpus(converted, finals, source)


@contextlib.contextmanager
def _corpus_backend(kind: str) -> Any:
    """The backend of a corpus row, or None for one process (a Dask LocalCluster of two
    single-thread worker processes is started and stopped here)."""
    from ..parallel import Dask, Processes

    if kind == "one process":
        yield None
    elif kind == "--jobs 2":
        with Processes(2) as processes:
            yield processes
    else:
        # the row is skipped before this when Dask is missing
        distributed: Any = importlib.import_module("distributed")
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                      dashboard_address=":0") as cluster, \
                distributed.Client(cluster) as client, Dask(client) as dask:
            yield dask


def _task_corpus(run: _Run, task: str) -> Row:
    """Whole games read (and replayed through the table engine) in one format, on one
    process, two local processes or a Dask cluster of two workers: the time of one
    round, over the rounds of the games read. A row whose every game is refused has no
    figure; a parallel row's answers must be one process's, in order."""
    from ..errors import quote
    from ..parallel import map_in_order

    spec = _CORPUS_ROWS[task]
    row = Row(task, 0)
    if spec.backend == "dask" and importlib.util.find_spec("distributed") is None:
        row.notes.append("skipped: Dask is not installed (pip install 'mahjong_core[dask]')")
        return row
    corpus: _Corpus = run.deal(lambda games, seed: _corpus(games, seed, run.games),
                               max(2, run.hands // 12500), "replay")
    # (every corpus row shares the replay row's games and seed)
    items = corpus.games[spec.fmt]
    function, doing, done = _CORPUS_WORK[spec.work]
    run.progress.say(doing)
    with _corpus_backend(spec.backend) as backend:
        if backend is None:
            timing = _time(lambda: [function(item) for item in items], 1, run.repeat)
        else:
            list(map_in_order(function, items[:4 * backend.workers], backend))  # start them
            timing = _time(lambda: [o.value if o.ok else o.error for o in map_in_order(
                function, items, backend)], 1, run.repeat)
    answers = timing.answers
    refused = [(n, a) for n, a in enumerate(answers) if isinstance(a, str)]
    rounds = sum(a[1] if spec.replay else a[0] for a in answers if not isinstance(a, str))
    row.calls = rounds
    where = spec.backend if spec.backend != "dask" else "a Dask LocalCluster of 2 workers"
    if rounds:
        row.ours = Timing(timing.best / rounds, timing.first / rounds,
                          [a if isinstance(a, str) else a[0] for a in answers])
        row.notes.append(f"{1e6 / row.ours.best:,.0f} rounds per second (first pass "
                         f"{1e6 / row.ours.first:,.0f}), {spec.fmt} "
                         f"{done}, {where}: "
                         f"{len(items) - len(refused)} of {len(items)} games from "
                         f"{corpus.source}")
    else:
        row.notes.append(f"no figure: every one of the {len(items)} games of {corpus.source} "
                         "was refused" if items else f"no figure: {corpus.source} holds no game")
    _judge_corpus(run, row, spec, answers, corpus.finals)
    first = f"; the first, game {refused[0][0]}: {quote(refused[0][1], 200)}" if refused else ""
    row.checks.append(f"games refused (each message names why): {len(refused)} of "
                      f"{len(items)}{first}")
    return row


def _judge_corpus(run: _Run, row: Row, spec: _CorpusRow, answers: list[Any],
                  finals: list[tuple[int, ...]]) -> None:
    """The finals against the games played; a parallel row against one process (its
    answers and its time: the scaling)."""
    if spec.replay and finals:
        wrong = sum(1 for got, want in zip(answers, finals, strict=True)
                    if isinstance(got, str) or got[0] != want)
        row.wrong += wrong
        row.checks.append(f"games whose replay ends on other scores than were played: {wrong}")
    if spec.backend == "one process":
        run.one_process[(spec.fmt, spec.work)] = (row.ours.best if row.ours else 0.0, answers)
        return
    alone = run.one_process.get((spec.fmt, spec.work))
    if alone is None:
        row.notes.append("run the replay row too for the scaling against one process")
        return
    differ = sum(1 for a, b in zip(answers, alone[1], strict=True) if a != b)
    row.wrong += differ
    row.checks.append(f"games answered otherwise than on one process: {differ}")
    if row.ours is not None and alone[0]:
        row.notes.append(f"{alone[0] / row.ours.best:.2f} times one process (target >= 1.8 "
                         f"on two free cores; load average {os.getloadavg()[0]:.1f})")


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




# -- the score command --------------------------------------------------------------------


class _ChildFailed(Exception):
    """A command the bench ran ended with an unexpected status."""


def _child_env() -> dict[str, str]:
    """The environment of a child interpreter that imports this very package."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(mahjong_core.__file__)))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
    return env


def _pipe(command: list[str], data: bytes, env: dict[str, str]) -> tuple[float, bytes]:
    """Seconds a command takes to answer ``data`` on standard input, and its answers.

    Raises _ChildFailed when it ends with a status other than 0 or 1 (1: some line was
    an error)."""
    start = time.perf_counter()
    done = subprocess.run(command, input=data, capture_output=True, env=env, check=False)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-1:]
        raise _ChildFailed(f"{' '.join(command[1:])} ended with status {done.returncode}"
                           + (f": {tail[0]}" if tail else ""))
    return seconds, done.stdout


def _score_command(run: _Run, name: str, command: list[str], batch: bytes, lines: int,
                   env: dict[str, str]) -> tuple[Timing, float, float]:
    """A command's warm timing on the batch (answers parsed), its cold pass (no bytecode
    cache) and its startup on empty input, in microseconds per line and milliseconds."""
    run.progress.say(f"cold, {name}")
    with tempfile.TemporaryDirectory(prefix="mahjong_core-bench-") as empty:
        compiling = {**env, "PYTHONPYCACHEPREFIX": empty, "PYTHONDONTWRITEBYTECODE": "1"}
        cold = _pipe(command, batch, compiling)[0] / lines * 1e6
    run.progress.say(f"warm, {name}")
    _pipe(command, b"", env)  # writes the bytecode cache
    startup = min(_pipe(command, b"", env)[0] for _ in range(run.repeat)) * 1e3
    passes: list[float] = []
    out = b""
    for _ in range(run.repeat):
        seconds, out = _pipe(command, batch, env)
        passes.append(seconds / lines * 1e6)
    answers = [json.loads(line) for line in out.splitlines()]
    return Timing(min(passes), passes[0], answers), cold, startup


def _score_key(answer: Any) -> tuple[Any, ...] | None:
    """(han, fu, points) of a win (fu left out from 13 han), None for anything else."""
    if not isinstance(answer, dict) or answer.get("win") is not True:
        return None
    han = answer.get("han")
    fu = answer.get("fu") if isinstance(han, int) and han < 13 else None
    return (han, fu, answer.get("points"))


def _kinds_of(answers: Answers) -> str:
    wins = sum(1 for a in answers if isinstance(a, dict) and a.get("win") is True)
    errors = sum(1 for a in answers if not isinstance(a, dict) or "error" in a)
    reasons: dict[str, int] = {}
    for answer in answers:
        if isinstance(answer, dict) and answer.get("win") is False:
            reason = str(answer.get("reason"))
            reasons[reason] = reasons.get(reason, 0) + 1
    others = "".join(f", {count} {reason}" for reason, count in sorted(reasons.items()))
    return f"{wins} wins{others}, {errors} errors"


def _task_score(run: _Run, task: str) -> Row:
    """The score command on a batch of request lines, in a subprocess, against the PyPI
    mahjong adapter."""
    requests = run.deal(score_requests, run.lines, task)
    batch = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in requests).encode()
    row = Row(task, len(requests))
    lines = len(requests)
    env = {k: v for k, v in _child_env().items() if k != "PYTHONDONTWRITEBYTECODE"}
    commands = {"ours": [sys.executable, "-m", "mahjong_core", "score"]}
    with tempfile.TemporaryDirectory(prefix="mahjong_core-bench-") as folder:
        if "mahjong" in run.peers:
            adapter = os.path.join(folder, "score_adapter.py")
            with open(adapter, "w", encoding="utf-8") as handle:
                handle.write(SCORE_ADAPTER)
            commands["mahjong"] = [sys.executable, adapter]
        env["PYTHONPYCACHEPREFIX"] = os.path.join(folder, "cache")
        for name, command in commands.items():
            try:
                timing, cold, startup = _score_command(run, name, command, batch, lines, env)
            except _ChildFailed as error:
                if name == "ours":
                    raise
                row.notes.append(f"{name}: the adapter failed, left out: {error}")
                continue
            if name == "ours":
                row.ours = timing
            else:
                row.peers[name] = timing
            row.cold[name] = cold
            work = timing.best * lines / 1e6 - startup / 1e3
            after = f", {lines / work:,.0f} after it" if work > 0 else ""
            row.notes.append(f"{name}: {1e6 / timing.best:,.0f} lines per second, the whole "
                             f"command (first pass {1e6 / timing.first:,.0f}); startup on "
                             f"empty input {startup:.0f} ms{after}")
    row.notes.append(f"{lines:,} requests in {len(batch):,} bytes: built wins, closed and "
                     "open (chi, pon, kans), riichi, tsumo, winds, indicators, honba, "
                     "sticks; cold: the command compiling its sources (no bytecode cache)")
    if "mahjong" in commands:
        row.notes.append("mahjong: the adapter SCORE_ADAPTER: json.loads, TilesConverter."
                         "one_line_string_to_136_array, Meld, HandConfig, HandCalculator."
                         "estimate_hand_value, json.dumps; answers buffered, flushed at the end")
    if row.ours is not None:
        _check_score(row, lines)
    return row


def _check_score(row: Row, lines: int) -> None:
    """Every line answered, none an error or incomplete; the peer's han/fu/points agree."""
    assert row.ours is not None
    ours = row.ours.answers
    row.checks.append(f"ours: {_kinds_of(ours)}")
    missing = lines - len(ours)
    bad = sum(1 for a in ours if not isinstance(a, dict) or "error" in a
              or a.get("reason") == "not_complete")
    row.wrong += bad + max(0, missing)
    row.checks.append(f"lines ours does not answer, answers with an error or finds "
                      f"incomplete: {bad + max(0, missing)}")
    for name, timing in row.peers.items():
        theirs = timing.answers
        row.checks.append(f"{name}: {_kinds_of(theirs)}")
        if len(theirs) != len(ours):
            row.checks.append(f"{name} answered {len(theirs)} lines of {lines}")
            continue
        pairs = [(_score_key(a), _score_key(b)) for a, b in zip(ours, theirs, strict=True)]
        both = [number for number, (a, b) in enumerate(pairs, 1) if a and b]
        differ = [number for number in both if pairs[number - 1][0] != pairs[number - 1][1]]
        neither = sum(1 for a, b in pairs if a is None and b is None)
        row.checks.append(f"lines both score as a win: {len(both)}, agreeing on han, fu and "
                          f"points: {len(both) - len(differ)}"
                          + (f" (first that differ: lines {differ[:5]})" if differ else ""))
        row.checks.append(f"lines neither scores: {neither}; only ours: "
                          f"{sum(1 for a, b in pairs if a and not b)}, only {name}: "
                          f"{sum(1 for a, b in pairs if b and not a)}")


# -- the report ---------------------------------------------------------------------------


def _cell(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.3f}" if value < 10 else f"{value:.1f}"


def _figure(value: float | None) -> str:
    """Two or three significant digits, for the Markdown table."""
    if value is None:
        return "-"
    return f"{value:.2f}" if value < 1 else f"{value:.1f}" if value < 10 else f"{value:,.0f}"


def _ratio(value: float) -> str:
    return f"{value:.0f}x" if value >= 10 else f"{value:.1f}x" if value >= 1 else \
        f"{value:.2f}x"


def _target(task: str) -> str:
    most, least = _TARGETS.get(task, (None, None))
    parts = []
    if most is not None:
        parts.append(f"<= {most:g}")
    if least is not None:
        parts.append(f">= {least:g}x")
    return ", ".join(parts) or "-"


def _met(row: Row, judge_cold: bool) -> str:
    """yes when the warm figure meets its targets: a time, and a ratio to PyPI mahjong
    when it ran; for a kernel (when ``judge_cold``) also its cold pass within COLD_FACTOR
    of its warm one. "-" when there is nothing to judge."""
    most, least = _TARGETS.get(row.task, (None, None))
    if row.ours is None:
        return "-"
    ours = row.ours.best
    verdicts: list[bool] = []
    if most is not None:
        verdicts.append(ours <= most)
        cold = row.cold.get("ours")
        if judge_cold and row.task in _KERNELS and cold is not None:
            verdicts.append(cold <= COLD_FACTOR * ours)
    peer = row.peers.get("mahjong")
    if least is not None and peer is not None:
        verdicts.append(peer.best >= least * ours)
    if not verdicts:
        return "-"
    return "yes" if all(verdicts) else "NO"


def _peer_ratio(row: Row, name: str) -> str:
    peer = row.peers.get(name)
    if peer is None or row.ours is None or not row.ours.best or not peer.best:
        return "-"
    return _ratio(peer.best / row.ours.best)


def _table(rows: list[Row], peer_names: list[str], judge_cold: bool) -> list[str]:
    header = f"{'task':<32}{'calls':>8}{'cold':>9}{'warm':>9}{'target':>16}{'met':>5}"
    for name in peer_names:
        header += f"{name + ' cold':>16}{'warm':>8}{'ratio':>8}"
    lines = [header, "-" * len(header)]
    for row in rows:
        ours = row.ours.best if row.ours else None
        line = (f"{_TITLES[row.task]:<32}{row.calls:>8}{_cell(row.cold.get('ours')):>9}"
                f"{_cell(ours):>9}{_target(row.task):>16}{_met(row, judge_cold):>5}")
        for name in peer_names:
            peer = row.peers.get(name)
            line += (f"{_cell(row.cold.get(name)):>16}{_cell(peer.best if peer else None):>8}"
                     f"{_peer_ratio(row, name):>8}")
        lines.append(line)
    return lines


def _markdown(rows: list[Row], peer_names: list[str], judge_cold: bool) -> list[str]:
    """The table as the README shows it."""
    head = ["task", "calls", "mahjong_core cold", "warm", "target", "met"]
    align = ["---", "---:", "---:", "---:", "---", "---"]
    for name in peer_names:
        head += [f"{_PEER_TITLES[name]} {_version(name)} cold / warm", "ratio"]
        align += ["---:", "---:"]
    lines = ["| " + " | ".join(head) + " |", "| " + " | ".join(align) + " |"]
    for row in rows:
        cells = [_TITLES[row.task], f"{row.calls:,}", _figure(row.cold.get("ours")),
                 _figure(row.ours.best if row.ours else None), _target(row.task),
                 _met(row, judge_cold)]
        for name in peer_names:
            peer = row.peers.get(name)
            pair = (f"{_figure(row.cold.get(name))} / {_figure(peer.best)}" if peer else "-")
            cells += [pair, _peer_ratio(row, name)]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core bench",
        description="Time this library against PyPI mahjong and riichienv where installed, "
                    "on the same seeded hands, and check that the answers agree. Progress "
                    "goes to standard error.",
        epilog="examples: python -m mahjong_core bench --quick; "
               "python -m mahjong_core bench --only win --only shanten --no-peers")
    parser.add_argument("--quick", action="store_true",
                        help="ten times fewer hands, a quarter of the score lines (for tests "
                             "and CI)")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the hands (2024)")
    parser.add_argument("--only", action="append", choices=TASKS, metavar="TASK",
                        help=f"run only this task (repeatable): {', '.join(TASKS)}")
    parser.add_argument("--hands", type=int, default=None,
                        help="hands for win, waits and shanten (100000, or 10000 with "
                             "--quick); the evaluations take a tenth, random self-play a "
                             "500th, self-play with the bots a 2000th")
    parser.add_argument("--lines", type=int, default=None,
                        help=f"request lines for the score command ({SCORE_LINES}, or "
                             f"{SCORE_LINES // 4} with --quick)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="timed passes per library; the best counts (5)")
    parser.add_argument("--no-peers", action="store_true",
                        help="time this library alone even when peers are installed")
    parser.add_argument("--games", metavar="FILE", default=None,
                        help="replay the games of FILE, read as the replay command reads "
                             "its inputs: mjlog, tenhou.net/6 or mjai logs, or game records "
                             'one a line ({"id": ..., "mjlog": "<mjloggm ..."}, or a '
                             '"tenhou6" or "mjai" key), plain or gzip (default: games the '
                             "bots play)")
    parser.add_argument("--markdown", action="store_true",
                        help="print the table in Markdown, as the project's README shows it")
    parser.add_argument("--quiet", action="store_true",
                        help="no progress lines on standard error")
    parser.add_argument("--cold-child", action="store_true", help=argparse.SUPPRESS)
    return parser


def _run_task(run: _Run, task: str) -> Row:
    if task.split("-")[0] in _KERNELS_BY_NAME:
        return _task_kernel(run, task)
    if task == "score":
        return _task_score(run, task)
    if task in _CORPUS_ROWS:
        return _task_corpus(run, task)
    seed = run.seed * 100 + _SEED_INDEX[task]
    if task == "import":
        run.progress.say("fresh interpreters")
        return _task_import(max(3, run.repeat + 2), run.peers)
    heuristic = task == "botplay"
    run.progress.say("playing")
    return _task_self_play(max(4, run.hands // (2000 if heuristic else 500)), seed,
                           run.repeat, heuristic, run.peers)


_COLD_IN_CHILD = frozenset(TASKS) - {"score", "import", *_CORPUS_ROWS}
"""The tasks whose cold pass runs in a fresh interpreter (``--cold-child``); the others
start their own."""


def _cold(task: str, args: argparse.Namespace) -> dict[str, float]:
    """A task's first pass per library, all in one fresh interpreter (``--cold-child``)."""
    command = [sys.executable, "-m", "mahjong_core", "bench", "--cold-child", "--quiet",
               "--only", task, "--seed", str(args.seed), "--hands", str(args.hands)]
    if args.no_peers:
        command.append("--no-peers")
    done = subprocess.run(command, check=True, capture_output=True, text=True,
                          env=_child_env())
    found: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return found


def _cold_child(run: _Run, task: str) -> int:
    """Print one JSON line: the first pass of each library on the task, microseconds."""
    row = _run_task(run, task)
    first = {name: timing.first for name, timing in row.peers.items()}
    if row.ours is not None:
        first["ours"] = row.ours.first
    print(json.dumps(first))
    return 0


def _header(args: argparse.Namespace, peer_names: list[str]) -> list[str]:
    lines = [f"mahjong_core {mahjong_core.__version__} bench: Python "
             f"{platform.python_version()} ({platform.machine()}), seed {args.seed}, best of "
             f"{args.repeat} passes"]
    lines += [f"  peer {name} {_version(name)}" for name in peer_names]
    lines += [f"  peer {name}: not importable, skipped" for name in _PEERS
              if name not in peer_names and not args.no_peers]
    lines.append("  times in microseconds per call (import in ms, score per line); cold: one "
                 "pass in a fresh\n  interpreter; warm: the best pass; ratio = peer warm / "
                 "our warm; target: a time, or a ratio to mahjong")
    return lines


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
        args.hands = 10_000 if args.quick else FULL_HANDS
    if args.lines is None:
        args.lines = SCORE_LINES // 4 if args.quick else SCORE_LINES
    if args.hands < 2 or args.repeat < 1 or args.lines < 1:
        print("bench: --hands must be >= 2, --lines and --repeat >= 1", file=sys.stderr)
        return 2
    tasks = [t for t in TASKS if not args.only or t in args.only]
    peers = _load_peers(not args.no_peers)
    progress = _Progress(len(tasks), not (args.quiet or args.cold_child), sys.stderr.isatty())
    run = _Run(args.hands, args.seed, 1 if args.cold_child else args.repeat, args.lines,
               args.games, peers, progress)
    if args.cold_child:
        return _cold_child(run, tasks[0])
    peer_names = [name for name in _PEERS if name in peers]
    print("\n".join(_header(args, peer_names)))
    print(flush=True)

    rows: list[Row] = []
    try:
        for task in tasks:
            progress.start(task)
            row = _run_task(run, task)
            if task in _COLD_IN_CHILD:
                progress.say("cold, a fresh interpreter")
                row.cold = _cold(task, args)
            rows.append(row)
    finally:
        progress.finish()

    judge_cold = args.hands >= FULL_HANDS
    print("\n".join(_markdown(rows, peer_names, judge_cold) if args.markdown
                    else _table(rows, peer_names, judge_cold)))
    if not judge_cold:
        print(f"  (cold passes are judged on runs of {FULL_HANDS:,} hands: a shorter pass "
              "weighs the tables' one-time loading more)")
    print()
    for row in rows:
        print(f"{_TITLES[row.task]}:")
        if row.ours is not None and row.task in _COLD_IN_CHILD and "ours" in row.cold:
            print(f"  ours, cold / warm: {row.cold['ours'] / row.ours.best:.2f}"
                  + (f" (target <= {COLD_FACTOR:g} on {FULL_HANDS:,} hands)"
                     if row.task in _KERNELS else ""))
        for line in row.notes + row.checks:
            print(f"  {line}")
    wrong = sum(row.wrong for row in rows)
    print()
    print(f"answers: {wrong} of ours contradict the construction"
          if wrong else "answers: ours agree with the construction")
    return 1 if wrong else 0
