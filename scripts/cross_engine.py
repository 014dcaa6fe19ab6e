#!/usr/bin/env python3
"""Cross-engine check of replay: games another engine played, read and replayed here.

RiichiEnv (a Rust engine, ``pip install riichienv``; the package does not need it) plays
seeded games with a random legal action for every seat it asks and writes each game as
mjai. Each log is read with ``parse_game(text, LogFormat("mjai"))`` and played through
``replay_game`` under the preset that matches RiichiEnv's rules (``--rule tenhou``: the
Tenhou presets; ``--rule mjsoul``: Mahjong Soul's, four players only). Then every round's
outcome (kind, winners, discarder, deltas) is compared with the log's ``hora`` and
``ryukyoku`` events, every round's start with the log's ``start_kyoku``, and the final
scores with RiichiEnv's own ``scores()``. Run it from the repository root:

    python scripts/cross_engine.py --mode 4p-red-half --games 200
    python scripts/cross_engine.py --mode 3p-red-half --games 200 --policy eager
    python scripts/cross_engine.py --mode 4p-red-half --seed 3 --games 50 --keep /tmp/differ

``--policy random`` picks uniformly among the legal actions; ``eager`` always takes a win,
a riichi, a kan, a kita or a nine-terminals draw when one is legal (more kans and rare
ends), else random; ``greedy`` is eager and otherwise discards towards a ready hand (many
more wins). A single-round mode (``4p-red-single``) is replayed leniently (no preset ends a
game after one round) and its final scores are not compared.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import re
import sys
import time
from collections.abc import Callable
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from mahjong_core.formats import LogFormat, parse_game, replay_game
from mahjong_core.presets import preset
from mahjong_core.table.records import Draw, GameRecord, Win

Event = dict[str, Any]

# RiichiEnv's ryukyoku reasons and the draw kinds they name (None: not a kind of ours).
REASONS = {"exhaustive_draw": ("exhaustive", "nagashi_mangan"),
           "kyushu_kyuhai": ("nine_terminals",), "sufuurenta": ("four_winds",),
           "suucha_riichi": ("four_riichi",), "suukansansen": ("four_kans",),
           "sanchaho": ("triple_ron",)}

PRESETS = {("tenhou", 4, False): "tenhou", ("tenhou", 4, True): "tenhou_east",
           ("tenhou", 3, False): "tenhou_sanma", ("tenhou", 3, True): "tenhou_sanma_east",
           ("mjsoul", 4, False): "mahjong_soul", ("mjsoul", 4, True): "mahjong_soul_east"}


def play(mode: str, seed: int, rule: str, policy: str) -> tuple[list[Event], list[int]]:
    """One RiichiEnv game: its mjai events and its final scores."""
    from riichienv import GameRule, RiichiEnv, calculate_shanten, calculate_shanten_3p
    game_rule = GameRule.default_tenhou() if rule == "tenhou" else GameRule.default_mjsoul()
    env = RiichiEnv(game_mode=mode, seed=seed, rule=game_rule)
    rng = random.Random(seed)
    shanten = calculate_shanten_3p if mode.startswith("3p") else calculate_shanten
    obs = env.reset()
    steps = 0
    while not env.done():
        steps += 1
        if steps > 50_000:
            raise RuntimeError("RiichiEnv's game does not end")
        actions = {}
        for seat, ob in obs.items():
            legal = sorted(ob.legal_actions(), key=lambda a: (  # a stable order
                int(a.action_type), a.tile, list(a.consume_tiles)))
            if legal:
                actions[seat] = choose(legal, list(ob.hand), policy, rng, shanten)
        obs = env.step(actions)
    return [dict(e) for e in env.mjai_log], list(env.scores())


def choose(legal: list[Any], hand: list[int], policy: str, rng: random.Random,
           shanten: Callable[[list[int]], int]) -> Any:
    """A legal action by the policy: ``random``; ``eager`` (any win, riichi, kan, kita or
    nine-terminals draw, else random); ``greedy`` (as eager, a call one time in three,
    else the discard that leaves the fewest tiles from ready, ties at random)."""
    from riichienv import ActionType
    if policy == "random":
        return rng.choice(legal)
    eager = [a for a in legal if a.action_type in (
        ActionType.TSUMO, ActionType.RON, ActionType.RIICHI, ActionType.ANKAN,
        ActionType.KAKAN, ActionType.DAIMINKAN, ActionType.KITA,
        ActionType.KYUSHU_KYUHAI)]
    if eager or policy == "eager":
        return rng.choice(eager or legal)
    calls = [a for a in legal if a.action_type in (ActionType.CHI, ActionType.PON)]
    if calls and rng.random() < 1 / 3:
        return rng.choice(calls)
    discards = [a for a in legal if a.action_type == ActionType.DISCARD]
    if not discards:
        passes = [a for a in legal if a.action_type == ActionType.PASS]
        return rng.choice(passes or legal)

    def left(action: Any) -> int:
        rest = list(hand)
        if action.tile in rest:
            rest.remove(action.tile)
        return int(shanten(rest)) if len(rest) % 3 == 1 else 9

    scored = [(left(a), rng.random(), i) for i, a in enumerate(discards)]
    return discards[min(scored)[2]]


def log_rounds(events: list[Event]) -> list[tuple[Event, list[Event]]]:
    """Each round's start_kyoku and its ends (hora and ryukyoku events)."""
    rounds: list[tuple[Event, list[Event]]] = []
    for event in events:
        if event["type"] == "start_kyoku":
            rounds.append((event, []))
        elif event["type"] in ("hora", "ryukyoku") and rounds:
            rounds[-1][1].append(event)
    return rounds


def compare(record: GameRecord, events: list[Event], scores: list[int],
            players: int) -> list[tuple[str, str]]:
    """Every difference between our record and RiichiEnv's: (class, text)."""
    found: list[tuple[str, str]] = []
    logged = log_rounds(events)
    if len(logged) != len(record.rounds):
        found.append(("round count", f"the log has {len(logged)} rounds, we played "
                      f"{len(record.rounds)}"))
    for number, ((start, ends), ours) in enumerate(zip(logged, record.rounds, strict=False)):
        where = f"round {number + 1} ({ours.name} honba {ours.honba})"
        if list(start["scores"][:players]) != list(ours.start_scores):
            found.append(("start scores", f"{where}: log {start['scores']}, ours "
                          f"{list(ours.start_scores)}"))
        found += [(c, f"{where}: {t}") for c, t in _round_differences(ends, ours.results,
                                                                     players)]
    if list(record.final_scores) != scores:
        found.append(("final scores", f"RiichiEnv {scores}, ours {list(record.final_scores)} "
                      f"({record.end_reason})"))
    return found


def _round_differences(ends: list[Event], results: tuple[Win | Draw, ...],
                       players: int) -> list[tuple[str, str]]:
    """A round's recorded ends against our results."""
    kinds = [e["type"] for e in ends]
    ours = ["hora" if isinstance(r, Win) else "ryukyoku" for r in results]
    if kinds != ours:
        return [("outcome kind", f"log {kinds}, ours {ours}")]
    found: list[tuple[str, str]] = []
    for end, result in zip(ends, results, strict=True):
        deltas = list(end.get("deltas", [])[:players])
        if isinstance(result, Win):
            if (end["actor"], end["target"]) != (result.winner, result.from_seat):
                found.append(("winner", f"log {end['actor']} from {end['target']}, ours "
                              f"{result.winner} from {result.from_seat}"))
        else:
            allowed = REASONS.get(end.get("reason", ""), ())
            if result.kind.value not in allowed:
                found.append(("draw kind", f"log {end.get('reason')}, ours "
                              f"{result.kind.value}"))
        if deltas != list(result.deltas):
            found.append(("deltas", f"log {deltas}, ours {list(result.deltas)}"))
    return found


def classify(error: Exception) -> str:
    """A refusal's class: the error's type and its reason with the round, the numbers
    and the tiles left out."""
    reason = re.sub(r"^(round \d+ \()?[ESWN]\d honba \d+\)?: ", "", str(error))
    reason = re.sub(r"\([^()]*\)|\[[^\[\]]*\]|\b\d+[mpsz]?r?\b|\b[ESWNPFC]\b", "#", reason)
    return f"{type(error).__name__}: {reason[:90]}"


def check(events: list[Event], scores: list[int], rule: str, single: bool,
          tally: collections.Counter[str]) -> list[tuple[str, str]]:
    """One game's differences, or the refusal that stopped the replay (the ends and the
    west rounds of a game replayed counted in ``tally``)."""
    text = "\n".join(json.dumps(e, separators=(",", ":")) for e in events) + "\n"
    try:
        game = parse_game(text, LogFormat("mjai"))
    except Exception as error:  # every refusal is a finding
        return [("read: " + classify(error), str(error))]
    name = PRESETS[(rule, game.players_count, not game.east_south)]
    try:
        record = replay_game(game, base=preset(name), strict=not single)
    except Exception as error:
        kind = "replay: " + classify(error)
        if "records score changes" in str(error) and _karaten(events, str(error)):
            kind = KARATEN
        return [(kind, str(error))]
    tally[f"game ends: {record.end_reason}"] += 1
    tally["games into the west"] += any(r.name.startswith("W") for r in record.rounds)
    found = compare(record, events, scores, game.players_count)
    return [f for f in found if not (single and f[0] == "final scores")]


KARATEN = ("exhaustive draw: a seat waits only on kinds whose four copies its own hand and "
           "melds hold (karaten)")
NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNPFC")


def _karaten(events: list[Event], message: str) -> bool:
    """Whether the round the message names ends in an exhaustive draw with some seat
    whose every wait is a kind its hand and melds hold all four copies of."""
    from riichienv import calculate_shanten
    named = re.match(r"([ESWN])(\d) honba (\d+):", message)
    if named is None:
        return False
    wind, number, honba = named[1], int(named[2]), int(named[3])
    for start, ends, body in _round_bodies(events):
        if (start["bakaze"], start["kyoku"], start["honba"]) != (wind, number, honba):
            continue
        if [e.get("reason") for e in ends] != ["exhaustive_draw"]:
            return False
        for closed, melded in _final_hands(start, body):
            own = collections.Counter(closed) + collections.Counter(melded)
            waits = [k for k in range(34) if closed.count(k) < 4 and calculate_shanten(
                _ids([*closed, k])) == -1]
            if waits and all(own[k] == 4 for k in waits):
                return True
    return False


def _ids(kinds: list[int]) -> list[int]:
    """Tile ids (136) for kinds, each copy its own id."""
    seen: collections.Counter[int] = collections.Counter()
    ids = []
    for kind in kinds:
        ids.append(kind * 4 + seen[kind])
        seen[kind] += 1
    return ids


def _round_bodies(events: list[Event]) -> list[tuple[Event, list[Event], list[Event]]]:
    """Each round's start_kyoku, its ends and every event between."""
    rounds: list[tuple[Event, list[Event], list[Event]]] = []
    for event in events:
        if event["type"] == "start_kyoku":
            rounds.append((event, [], []))
        elif rounds:
            rounds[-1][2].append(event)
            if event["type"] in ("hora", "ryukyoku"):
                rounds[-1][1].append(event)
    return rounds


def _final_hands(start: Event, body: list[Event]) -> list[tuple[list[int], list[int]]]:
    """Each seat's concealed kinds and melded kinds (kita left out) at the round's end."""
    def kind(pai: str) -> int:
        return NAMES.index(pai.rstrip("r"))
    hands = [[kind(p) for p in tehai] for tehai in start["tehais"]]
    melds: list[list[int]] = [[] for _ in hands]
    for e in body:
        seat, what = e.get("actor"), e["type"]
        if what == "tsumo":
            hands[seat].append(kind(e["pai"]))
        elif what in ("dahai", "kita"):
            hands[seat].remove(kind(e["pai"]))
        elif what in ("chi", "pon", "daiminkan", "ankan", "kakan"):
            taken = e["consumed"] if what != "kakan" else [e["pai"]]
            for p in taken:
                hands[seat].remove(kind(p))
            melds[seat] += [kind(p) for p in taken]
            if what in ("chi", "pon", "daiminkan"):
                melds[seat].append(kind(e["pai"]))
    return list(zip(hands, melds, strict=True))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", default="4p-red-half",
                        help="RiichiEnv game mode: 4p-red-half, 4p-red-east, 4p-red-single, "
                        "3p-red-half, ...")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1, help="game g plays RiichiEnv's seed "
                        "SEED * 100000 + g")
    parser.add_argument("--game", type=int, help="play only this game")
    parser.add_argument("--rule", choices=("tenhou", "mjsoul"), default="tenhou")
    parser.add_argument("--policy", choices=("random", "eager", "greedy"), default="random")
    parser.add_argument("--keep", help="write each game that disagrees to DIR/SEED.mjson")
    parser.add_argument("--examples", type=int, default=3, help="examples shown a class")
    args = parser.parse_args()
    numbers = [args.game] if args.game is not None else list(range(args.games))
    classes: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    tally: collections.Counter[str] = collections.Counter()
    started = time.perf_counter()
    for number in numbers:
        seed = args.seed * 100_000 + number
        events, scores = play(args.mode, seed, args.rule, args.policy)
        _count(tally, events)
        found = check(events, scores, args.rule, args.mode.endswith("single"), tally)
        if found and args.keep:
            os.makedirs(args.keep, exist_ok=True)
            with open(os.path.join(args.keep, f"{seed}.mjson"), "w", encoding="utf-8") as out:
                out.writelines(json.dumps(e, separators=(",", ":")) + "\n" for e in events)
        tally["games agreeing"] += not found
        for kind, text in found:
            classes[kind] += 1
            if len(examples[kind]) < args.examples:
                examples[kind].append(f"seed {seed}: {text}")
    report(args, tally, classes, examples, time.perf_counter() - started, len(numbers))
    return 1 if classes else 0


def _count(tally: collections.Counter[str], events: list[Event]) -> None:
    """What the games hold: rounds, wins, draws by reason, kans, kita."""
    tally["games"] += 1
    for event in events:
        kind = event["type"]
        if kind == "start_kyoku":
            tally["rounds"] += 1
        elif kind == "hora":
            tally["wins: " + ("tsumo" if event["actor"] == event["target"] else "ron")] += 1
        elif kind == "ryukyoku":
            tally["draws: " + str(event.get("reason"))] += 1
        elif kind in ("ankan", "kakan", "daiminkan", "kita", "reach_accepted"):
            tally[kind] += 1
    wins = 0
    for before, event in zip([{"type": ""}, *events], events, strict=False):
        if event["type"] == "hora":
            wins += 1
            tally["wins: robbing a kan or kita"] += before["type"] in ("kakan", "ankan", "kita")
            tally["wins: pao"] += _pao(event)
        elif event["type"] == "end_kyoku":
            tally["rounds with 2+ wins"] += wins > 1
            wins = 0


def _pao(hora: Event) -> bool:
    """A win a liable seat pays (all or half): a tsumo with one payer, a ron with two."""
    payers = sum(1 for d in hora["deltas"] if d < 0)
    return payers == (1 if hora["actor"] == hora["target"] else 2)


def report(args: argparse.Namespace, tally: collections.Counter[str],
           classes: collections.Counter[str], examples: dict[str, list[str]],
           seconds: float, games: int) -> None:
    """The figures and the examples."""
    print(f"RiichiEnv {args.mode}, rule {args.rule}, policy {args.policy}, seed {args.seed}: "
          f"{games} games in {seconds:.1f} s")
    print("  " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))
    print(f"  disagreements: {sum(classes.values())} in "
          f"{games - tally['games agreeing']} games")
    for kind, count in classes.most_common():
        print(f"  {count:5d}  {kind}")
        for example in examples[kind]:
            print(f"         {example[:400]}")


if __name__ == "__main__":
    sys.exit(main())
