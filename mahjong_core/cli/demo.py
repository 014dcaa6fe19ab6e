"""A seeded game: the table engine embedded in a game loop, and its printing.

``python -m mahjong_core demo --hands 8 --seed 1`` prints a four-player game (``--players
3`` Tenhou's three-player game); ``play_game(seed)`` returns it as the engine's records.
The loop is all there is to embedding the engine::

    game = Game(seed=seed)
    while not game.is_over:
        game_round = game.deal()
        while not game_round.is_over:
            seat = game_round.to_act[0]
            game.apply(players[seat].choose(game_round.observe(seat)))

The engine (``mahjong_core.table``) deals the walls, lists each seat's legal actions,
settles calls by priority, scores every win with ``evaluate`` and carries scores, honba
and riichi sticks from round to round by Tenhou's ranked rules; the players
(``mahjong_core.players``, a ``HeuristicPlayer`` a seat by default) see only their seat's
``Observation``. Everything printed comes from the records the engine leaves behind.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from .. import render
from ..errors import InvalidContextError, InvalidRulesError
from ..formats.logs import LogFormat, write_game
from ..hand import Hand
from ..jsonapi import result_to_json
from ..meld import MeldKind
from ..players import HeuristicPlayer, Player
from ..rules import TENHOU_RULES, Rules
from ..table import (
    PRESETS,
    TENHOU_TABLE,
    DoraRevealed,
    Draw,
    DrawKind,
    Event,
    Game,
    GameRecord,
    KitaDeclared,
    MeldCalled,
    RoundRecord,
    TableRules,
    TileDiscarded,
    TileDrawn,
    Win,
    preset,
)
from ..tile import Tile, format_tiles

__all__ = ["PlayedGame", "Stats", "draw_json", "format_game", "game_json", "main", "play_game",
           "round_json", "summarize", "win_json"]

_TILES = tuple(Tile.from_id136(i) for i in range(136))
_WIND_NAMES = ("East", "South", "West", "North")
_CALLS = (MeldKind.CHI, MeldKind.PON, MeldKind.MINKAN)


@attrs.frozen
class PlayedGame:
    """A game the demo played: its seed, the engine's record and why it stopped."""

    seed: int
    record: GameRecord
    end: str
    """The engine's end reason (``"last round"``, ``"bust"``, ``"dealer stop"``,
    ``"extension"``) or ``"round limit"`` when ``hands`` (rounds) stopped it first."""

    @property
    def is_over(self) -> bool:
        """True when the game ended by its rules (not by the round limit)."""
        return self.end != "round limit"

    @property
    def sticks_left(self) -> int:
        """Riichi sticks still on the table (none once the game is over: first place
        takes them)."""
        rounds = self.record.rounds
        return 0 if self.is_over or not rounds else rounds[-1].end_sticks

    def standings(self) -> tuple[tuple[int, int, float], ...]:
        """(seat, score, placement points) from first to last; ties go to the earlier seat."""
        record = self.record
        order = sorted(range(len(record.final_scores)),
                       key=lambda seat: (-record.final_scores[seat], seat))
        return tuple((seat, record.final_scores[seat], record.points[seat]) for seat in order)


def play_game(seed: int, hands: int | None = None, *,
              players: Sequence[Player] | None = None, rules: Rules = TENHOU_RULES,
              table: TableRules = TENHOU_TABLE) -> PlayedGame:
    """Play one game from ``Game(seed=seed)`` until it ends, or for ``hands`` rounds.

    ``players`` are the seats' players, one for each seat of ``table`` (seat 0 deals
    first; default: a ``HeuristicPlayer`` a seat); ``TENHOU_SANMA_RULES`` and
    ``TENHOU_SANMA_TABLE`` make it Tenhou's three-player game. The same seed and players
    always give the same game. Raises IllegalActionError when a player chooses an action
    that is not legal, and InvalidContextError unless there is one player a seat.

    >>> game = play_game(7, hands=2)
    >>> len(game.record.rounds), sum(game.record.final_scores) + 1000 * game.sticks_left
    (2, 100000)
    """
    count = table.players
    seats: Sequence[Player] = (players if players is not None
                               else [HeuristicPlayer(rules)] * count)
    if len(seats) != count:
        raise InvalidContextError(f"the table seats {('three', 'four')[count - 3]} players, "
                                  f"got {len(seats)}")
    game = Game(rules=rules, table=table, seed=seed)
    while not game.is_over and (hands is None or len(game.rounds) < hands):
        game_round = game.deal()
        while not game_round.is_over:
            seat = game_round.to_act[0]
            game.apply(seats[seat].choose(game_round.observe(seat)))
    return PlayedGame(seed, game.record(), game.end_reason or "round limit")


# -- statistics ---------------------------------------------------------------------------


@attrs.frozen
class Stats:
    """Counts over many rounds: how the players play and how rounds end."""

    games: int
    rounds: int
    tsumo: int
    """Rounds won by tsumo."""
    ron: int
    """Rounds won by ron (a double ron counts once)."""
    double_ron: int
    exhaustive_draws: int
    """Exhaustive draws, nagashi mangan included."""
    abortive_draws: int
    riichi: int
    """Riichi declarations."""
    calls: int
    """Chi, pon and open kans."""
    kans: int
    """Kans declared (open, closed and added)."""
    wins: int
    """Winners (two for a double ron)."""
    win_points: int
    """The wins' points summed over all winners (without honba and sticks)."""

    @property
    def average_points(self) -> float:
        """Average value of a win."""
        return self.win_points / self.wins if self.wins else 0.0


def summarize(games: Iterable[GameRecord]) -> Stats:
    """Count outcomes, riichi, calls and points over some games' records."""
    counts = dict.fromkeys(("games", "rounds", "tsumo", "ron", "double_ron",
                            "exhaustive_draws", "abortive_draws", "riichi", "calls", "kans",
                            "wins", "win_points"), 0)
    for game in games:
        counts["games"] += 1
        for played in game.rounds:
            counts["rounds"] += 1
            wins = [r for r in played.results if isinstance(r, Win)]
            draws = [r for r in played.results if isinstance(r, Draw)]
            if wins:
                counts["tsumo" if wins[0].is_tsumo else "ron"] += 1
                counts["double_ron"] += len(wins) == 2
            for draw in draws:
                counts["abortive_draws" if draw.kind.is_abortive else "exhaustive_draws"] += 1
            for event in played.events:
                if isinstance(event, TileDiscarded):
                    counts["riichi"] += event.riichi
                elif isinstance(event, MeldCalled):
                    kind = event.meld.meld.kind
                    counts["calls"] += kind in _CALLS
                    counts["kans"] += event.meld.meld.is_kan
            counts["wins"] += len(wins)
            counts["win_points"] += sum(w.result.points for w in wins)
    return Stats(**counts)


# -- printing -----------------------------------------------------------------------------

def _round_name(played: RoundRecord) -> str:
    return f"{_WIND_NAMES[played.round_wind]} {played.dealer_index + 1}"


class _Printer:
    """Writes the engine's records as text, in mpsz or in Unicode mahjong tiles
    (``mahjong_core.render``: a red five is its five and ``*``, a called tile in
    parentheses)."""

    def __init__(self, unicode: bool) -> None:
        self.unicode = unicode

    def tiles(self, tiles: Iterable[Tile]) -> str:
        items = sorted(tiles)
        if self.unicode:
            return render.tiles_unicode(items)
        return format_tiles(items)

    def ids(self, ids: Iterable[int]) -> str:
        return self.tiles(_TILES[i] for i in ids)

    def hand(self, hand: Hand) -> str:
        if self.unicode:
            return render.hand_unicode(hand)
        melds = [f"[{m.kind.value} {self.tiles(m.tiles)}]" for m in hand.melds]
        return " ".join([self.tiles(hand.tiles), *melds])

    def win(self, win: Win) -> list[str]:
        result = win.result
        tile = self.ids([win.win_tile])
        how = "tsumo" if win.is_tsumo else f"ron on seat {win.from_seat}"
        if win.context.chankan:
            how += " (chankan)"
        yaku = ", ".join(f"{y.names()[0]} {han}" for y, han in result.yaku_han)
        dora = [f"{name} {n}" for name, n in (("dora", result.dora), ("aka", result.aka),
                                               ("ura", result.ura)) if n]
        limit = f" {result.limit.value}" if result.limit else ""
        pay = result.payments
        parts = []
        if not win.is_tsumo:
            parts.append(f"seat {win.from_seat} pays {pay.discarder}")
        elif pay.non_dealer and not pay.dealer:  # the dealer's tsumo
            parts.append(f"{pay.non_dealer} from each")
        elif pay.non_dealer_payers == 1:  # three players: one other pays
            parts.append(f"dealer pays {pay.dealer}, the other {pay.non_dealer}")
        elif pay.dealer or pay.non_dealer:
            parts.append(f"dealer pays {pay.dealer}, others {pay.non_dealer} each")
        if pay.liable:
            parts.append(f"seat {win.liable} pays {pay.liable} (pao)")
        if pay.sticks:
            parts.append(f"{pay.sticks} in riichi sticks")
        return [
            f"  seat {win.winner} wins by {how} with {tile}: {self.hand(win.hand)} + {tile}",
            f"    {yaku}{'; ' if dora else ''}{', '.join(dora)}",
            f"    {result.han} han {result.fu} fu{limit}: {result.points} points; "
            f"{', '.join(parts)}; +{pay.total} in all",
        ]

    def draw(self, draw: Draw) -> str:
        if draw.kind.is_abortive:
            return f"  abortive draw ({draw.kind.value.replace('_', ' ')})"
        ready = ", ".join(f"seat {s}" for s in draw.tenpai) or "nobody"
        if draw.kind is DrawKind.NAGASHI_MANGAN:
            paid = ", ".join(f"seat {s}" for s in draw.nagashi)
            return f"  exhaustive draw, nagashi mangan for {paid}; tenpai: {ready}"
        return f"  exhaustive draw; tenpai: {ready}"

    def event(self, event: Event, turn: int, verbose: bool) -> str | None:
        """The line of an event: calls, kans, north tiles set aside, riichi and new dora
        always; draws and discards with ``verbose``; None for the rest."""
        if isinstance(event, MeldCalled):
            meld = event.meld
            kind = meld.meld.kind
            tiles = self.ids(meld.ids)
            if kind in _CALLS:
                assert meld.called is not None
                return (f"  seat {event.seat} calls {kind.value} {tiles} on seat "
                        f"{meld.from_seat}'s {self.ids([meld.called])}")
            return f"  seat {event.seat} declares {kind.value} {tiles}"
        if isinstance(event, DoraRevealed):
            return f"  new dora indicator {self.ids([event.indicator])}"
        if isinstance(event, KitaDeclared):
            return f"  seat {event.seat} sets {self.ids([event.tile])} aside (kita)"
        if isinstance(event, TileDiscarded):
            tile = self.ids([event.tile])
            if verbose:
                riichi = " (riichi)" if event.riichi else ""
                how = "tsumogiri" if event.tsumogiri else "discard"
                return f"  {turn:3} seat {event.seat} {how} {tile}{riichi}"
            if event.riichi:
                return f"  seat {event.seat} declares riichi, discarding {tile}"
        if isinstance(event, TileDrawn) and verbose:
            what = "rinshan" if event.rinshan else "draw"
            return f"  {turn:3} seat {event.seat} {what} {self.ids([event.tile])}"
        return None

    def round_record(self, played: RoundRecord, verbose: bool) -> list[str]:
        scores = " ".join(str(s) for s in played.start_scores)
        lines = [f"{_round_name(played)}, {played.honba} honba, {played.sticks} riichi "
                 f"sticks; dealer seat {played.dealer}; scores {scores}",
                 f"  dora indicator {self.ids(played.wall.dora[:1])}"]
        players = len(played.wall.hands)
        for seat, deal in enumerate(played.wall.hands):
            wind = _WIND_NAMES[(seat - played.dealer) % players][0]
            lines.append(f"  seat {seat} ({wind}) {self.ids(deal)}")
        turn = 0
        for event in played.events:
            if isinstance(event, TileDrawn) and not event.rinshan:
                turn += 1
            line = self.event(event, turn, verbose)
            if line is not None:
                lines.append(line)
        wins = [r for r in played.results if isinstance(r, Win)]
        if len(wins) > 1:
            lines.append("  double ron: the first winner after the discarder takes honba "
                         "and sticks")
        for result in played.results:
            lines += self.win(result) if isinstance(result, Win) else [self.draw(result)]
            lines.append("    deltas " + " ".join(f"{d:+}" for d in result.deltas))
        if any(played.riichi_deposits):
            lines.append("  riichi deposits " + " ".join(map(str, played.riichi_deposits)))
        after = " ".join(str(s) for s in played.end_scores)
        lines.append(f"  scores {after}; riichi sticks {played.end_sticks}")
        return lines


def format_game(game: PlayedGame, *, unicode: bool = False, verbose: bool = False,
                quiet: bool = False) -> str:
    """A game as readable text: each hand (unless ``quiet``), then the standings."""
    printer = _Printer(unicode)
    rounds = game.record.rounds
    lines = [f"seed {game.seed}: {len(rounds)} rounds"]
    if not quiet:
        for played in rounds:
            lines += printer.round_record(played, verbose)
    if game.is_over:
        lines.append(f"game over ({game.end}); final standings (score, placement points):")
    else:
        lines.append(f"stopped after {len(rounds)} rounds; standings so far (score, "
                     "placement points):")
    for place, (seat, score, points) in enumerate(game.standings(), start=1):
        lines.append(f"  {place}. seat {seat} {score} ({points:+.1f})")
    if game.sticks_left:
        lines.append(f"  {game.sticks_left} riichi stick(s) left on the table")
    stats = summarize([game.record])
    lines.append(f"summary: {stats.tsumo} tsumo, {stats.ron} ron, {stats.exhaustive_draws} "
                 f"exhaustive and {stats.abortive_draws} abortive draws; {stats.riichi} riichi, "
                 f"{stats.calls} calls, {stats.kans} kans; average win "
                 f"{stats.average_points:.0f} points")
    return "\n".join(lines)


def win_json(win: Win) -> dict[str, Any]:
    """A win in the vocabulary of docs/vocabulary.md: replay's keys (``kind``, ``winner``,
    ``from``, ``pao``, ``deltas``), the ``score`` answer's (``han``, ``fu``, ``limit``,
    ``yaku``, ``dora``, ``points``, ``payments``, ``total``) and the hand (``tsumo``,
    ``hand``, ``melds``, ``win_tile``, as a ``score`` request writes them)."""
    value = result_to_json(win.result)
    del value["win"]
    return {"kind": "win", "winner": win.winner, "from": win.from_seat, "pao": win.liable,
            "tsumo": win.is_tsumo, "hand": format_tiles(win.hand.tiles),
            "melds": [str(meld) for meld in win.hand.melds],
            "win_tile": str(_TILES[win.win_tile]), **value, "deltas": list(win.deltas)}


def draw_json(draw: Draw) -> dict[str, Any]:
    """A draw as ``replay`` writes it (``kind``, ``type``, ``tenpai``, ``deltas``), with the
    seats paid a nagashi mangan (``nagashi``)."""
    return {"kind": "draw", "type": draw.kind.value, "tenpai": list(draw.tenpai),
            "nagashi": list(draw.nagashi), "deltas": list(draw.deltas)}


def round_json(played: RoundRecord) -> dict[str, Any]:
    """A round: replay's keys (``round``, ``honba``, ``riichi_sticks``, ``dealer``,
    ``start_scores``, ``results``), then ``riichi_deposits``, ``end_scores`` and
    ``end_riichi_sticks``."""
    return {"round": played.name, "honba": played.honba, "riichi_sticks": played.sticks,
            "dealer": played.dealer, "start_scores": list(played.start_scores),
            "results": [win_json(x) if isinstance(x, Win) else draw_json(x)
                        for x in played.results],
            "riichi_deposits": list(played.riichi_deposits),
            "end_scores": list(played.end_scores), "end_riichi_sticks": played.end_sticks}


def game_json(record: GameRecord) -> dict[str, Any]:
    """A game record in the vocabulary of docs/vocabulary.md (docs/demo.schema.json,
    ``$defs/game``): its ``rounds`` and its ``final`` standing (``scores``, placement
    ``points``, ``end_reason``, and the ``riichi_sticks`` still on the table), with the
    players' ``names`` when the record has them."""
    rounds = record.rounds
    over = record.end_reason is not None
    out: dict[str, Any] = {"names": list(record.names)} if record.names else {}
    out["rounds"] = [round_json(played) for played in rounds]
    out["final"] = {"scores": list(record.final_scores), "points": list(record.points),
                    "end_reason": record.end_reason,
                    "riichi_sticks": 0 if over or not rounds else rounds[-1].end_sticks}
    return out


def _game_json(game: PlayedGame) -> dict[str, Any]:
    return {"seed": game.seed, **game_json(game.record)}


def _parser() -> argparse.ArgumentParser:
    """The demo command's arguments."""
    parser = argparse.ArgumentParser(
        prog="python -m mahjong_core demo",
        description="Bots play a seeded game through the table engine; every win is "
                    "checked and scored by mahjong_core.",
        epilog="examples: python -m mahjong_core demo --hands 8 --seed 1; "
               "python -m mahjong_core demo --players 3 --seed 2; "
               "python -m mahjong_core demo --seed 3 --unicode --tenhou6 game.json; "
               "python -m mahjong_core demo --seed 3 --html game.html")
    parser.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    parser.add_argument("--hands", type=int, default=None,
                        help="stop after this many rounds (default: play the game out)")
    parser.add_argument("--players", type=int, choices=(3, 4), default=None,
                        help="4 (Tenhou's ranked east-south game, the default) or 3 "
                             "(Tenhou's three-player game: no 2m-8m, no chi, north tiles "
                             "set aside as dora)")
    parser.add_argument("--rules", metavar="PRESET", default=None,
                        help=f"a named rule set ({', '.join(PRESETS)}); its players are "
                             "the game's")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--quiet", action="store_true", help="print the summary only")
    output.add_argument("--verbose", action="store_true", help="print every draw and discard")
    output.add_argument("--json", action="store_true", help="print the game as JSON")
    parser.add_argument("--unicode", action="store_true",
                        help="print tiles as Unicode mahjong tiles (a red five is its five "
                             "followed by *, a called tile is in parentheses)")
    for fmt, what in ((LogFormat.TENHOU6, "tenhou.net/6 JSON log (opens in Tenhou's viewer)"),
                      (LogFormat.MJAI, "mjai event log (one JSON event a line)"),
                      (LogFormat.MJLOG, "Tenhou mjlog XML")):
        parser.add_argument(f"--{fmt.value}", metavar="FILE",
                            help=f"also write the game as a {what}")
    parser.add_argument("--html", metavar="FILE",
                        help="also write the game as a self-contained HTML replay page")
    return parser


def main(argv: list[str]) -> int:
    """``python -m mahjong_core demo``: play and print a seeded game."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.hands is not None and args.hands < 1:
        parser.error("--hands must be at least 1")
    try:
        rules, table = preset(args.rules if args.rules is not None
                              else "tenhou_sanma" if args.players == 3 else "tenhou")
    except InvalidRulesError as error:
        parser.error(str(error))
    if args.players is not None and args.players != table.players:
        parser.error(f"--players {args.players} does not fit the rule set {args.rules!r} "
                     f"({table.players} players)")
    game = play_game(args.seed, args.hands, rules=rules, table=table)
    names = [f"Bot {seat}" for seat in range(table.players)]
    for fmt in LogFormat:
        path = getattr(args, fmt.value)
        if path is not None:
            text = write_game(game.record, fmt, names=names)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text if text.endswith("\n") else text + "\n")
    if args.html is not None:
        with open(args.html, "w", encoding="utf-8") as handle:
            handle.write(game.record.to_html(names=names, title=f"Demo game, seed {args.seed}"))
    if args.json:
        print(json.dumps(_game_json(game), indent=1))
    else:
        print(format_game(game, unicode=args.unicode, verbose=args.verbose, quiet=args.quiet))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
