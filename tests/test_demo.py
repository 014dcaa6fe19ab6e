"""The demo: over 1,000 hands played by the players through the table engine.

Every choice a player makes is checked against its observation as it is made: it must be
one of the legal actions, and for the heuristic player it must be what its policy
promises (a win whenever one is offered, the lowest shanten, riichi on a closed tenpai
discard, defence against a riichi, calls that lower the shanten and keep a yaku). The
records the games leave behind are then checked on their own: points and riichi sticks
conserved, every win re-evaluated and its payments worked out here from han and fu, the
dealer and honba carried by the rules. Last, what the command prints is read back.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from mahjong_core import (
    TENHOU_SANMA_RULES,
    Hand,
    Meld,
    MeldKind,
    Relative,
    Tile,
    Wind,
    WinResult,
    evaluate,
    format_tiles,
)
from mahjong_core.cli.demo import (
    PlayedGame,
    format_game,
    game_json,
    main,
    play_game,
    summarize,
)
from mahjong_core.errors import IllegalActionError, InvalidContextError
from mahjong_core.players import HeuristicPlayer, Player, RandomPlayer
from mahjong_core.table import (
    TENHOU_SANMA_TABLE,
    TENHOU_TABLE,
    Action,
    Chi,
    Discard,
    Draw,
    GameRecord,
    KitaDeclared,
    Observation,
    OpenKan,
    Pon,
    RiichiAccepted,
    Ron,
    RoundRecord,
    TileDiscarded,
    TileDrawn,
    Tsumo,
    Win,
)

HANDS = 1000
"""Hands the heuristic players play."""
POLICY_HANDS = 250
"""Of those, the hands in which every choice is also checked against the policy."""
RANDOM_HANDS = 300
TOTAL = 4 * TENHOU_TABLE.start_score
ENDS = ("last round", "bust", "dealer stop", "extension")


def tile(tile_id: int) -> Tile:
    return Tile.from_id136(tile_id)


# -- players whose every choice is checked ------------------------------------------------


class Checked:
    """Wraps a player: each choice must be legal and, with ``policy``, follow the
    heuristic player's rules; counts what it checked."""

    def __init__(self, player: Player, counts: dict[str, int], policy: bool) -> None:
        self.player = player
        self.counts = counts
        self.policy = policy

    def choose(self, observation: Observation) -> Action:
        action = self.player.choose(observation)
        assert action in observation.legal_actions, (action, observation.legal_actions)
        self.counts["decisions"] += 1
        if self.policy:
            check_policy(observation, action, self.counts)
        return action


def hand_of(observation: Observation) -> Hand:
    return Hand([tile(i) for i in observation.hand],
                [m.meld for m in observation.melds[observation.seat]])


def yakuhai(observation: Observation) -> set[int]:
    return {31, 32, 33, 27 + (observation.seat - observation.dealer) % 4,
            27 + observation.round_wind}


def check_policy(observation: Observation, action: Action, counts: dict[str, int]) -> None:
    """What the heuristic player promises, worked out from the observation."""
    legal = observation.legal_actions
    seat = observation.seat
    wins = [a for a in legal if isinstance(a, Tsumo | Ron)]
    if wins:
        assert action == wins[0]
        counts["wins offered"] += 1
        return
    if isinstance(action, Discard) and not observation.riichi[seat]:
        check_discard(observation, action, counts)
    elif isinstance(action, Pon | Chi | OpenKan):
        check_call(observation, action, counts)


def check_discard(observation: Observation, action: Discard, counts: dict[str, int]) -> None:
    legal = observation.legal_actions
    hand = hand_of(observation)
    options = {a.tile // 4: a.tile for a in legal if isinstance(a, Discard)}
    shanten = {kind: hand.remove(tile(i)).shanten() for kind, i in options.items()}
    least = min(shanten.values())
    # riichi exactly when the chosen discard allows it
    assert action.riichi == (Discard(observation.seat, action.tile, True) in legal)
    counts["riichi"] += action.riichi
    threats = [s for s in range(4) if s != observation.seat and observation.riichi[s]]
    melds = hand.melds
    tanyao_plan = bool(melds) and not any(
        m.kind is not MeldKind.CHI and m.first.kind in yakuhai(observation) for m in melds)
    if threats and least >= 1:
        safe = set.intersection(*({r.tile // 4 for r in observation.rivers[s]}
                                  for s in threats))
        if safe & options.keys():
            assert action.tile // 4 in safe, "no defence against a riichi"
            counts["defence"] += 1
    elif not threats and not tanyao_plan:
        assert shanten[action.tile // 4] == least, "a discard that raises the shanten"
        counts["discards"] += 1


def check_call(observation: Observation, action: Pon | Chi | OpenKan,
               counts: dict[str, int]) -> None:
    assert observation.last_tile is not None
    called = observation.last_tile
    hand = hand_of(observation)
    if isinstance(action, OpenKan):
        own = [i for i in observation.hand if i // 4 == called // 4]
        kind = MeldKind.MINKAN
    else:
        own = list(action.tiles)
        kind = MeldKind.PON if isinstance(action, Pon) else MeldKind.CHI
    relative = (Relative.SHIMOCHA, Relative.TOIMEN,
                Relative.KAMICHA)[(observation.current - observation.seat) % 4 - 1]
    after = hand.call(Meld(kind, [tile(i) for i in [*own, called]], called=tile(called),
                           called_from=relative))
    sets = [m for m in after.melds if m.kind is not MeldKind.CHI]
    has_yakuhai = any(m.first.kind in yakuhai(observation) for m in sets)
    all_simples = all(t.is_simple for m in after.melds for t in m.tiles)
    assert has_yakuhai or all_simples, f"a call without a yaku: {after}"
    if kind is MeldKind.MINKAN:
        assert after.shanten() <= hand.shanten()
    else:
        best = min(after.remove(t).shanten() for t in set(after.tiles))
        assert best < hand.shanten(), f"a call that does not lower the shanten: {after}"
    counts["calls"] += 1


# -- the games ----------------------------------------------------------------------------


def play_until(hands: int, make: type[HeuristicPlayer] | type[RandomPlayer],
               counts: dict[str, int], policy_hands: int = 0) -> list[PlayedGame]:
    """Whole games from seeds 0, 1, 2, ... until they hold ``hands`` hands."""
    played: list[PlayedGame] = []
    seed = total = 0
    while total < hands:
        inner: list[Player] = ([HeuristicPlayer()] * 4 if make is HeuristicPlayer
                               else [RandomPlayer(seed * 4 + s) for s in range(4)])
        policy = total < policy_hands
        players = [Checked(p, counts, policy) for p in inner]
        played.append(play_game(seed, players=players))
        total += len(played[-1].record.rounds)
        seed += 1
    return played


@pytest.fixture(scope="module")
def bot_counts() -> dict[str, int]:
    return dict.fromkeys(("decisions", "wins offered", "riichi", "defence", "discards",
                          "calls"), 0)


@pytest.fixture(scope="module")
def bot_games(bot_counts: dict[str, int]) -> list[PlayedGame]:
    return play_until(HANDS, HeuristicPlayer, bot_counts, POLICY_HANDS)


@pytest.fixture(scope="module")
def random_games() -> list[PlayedGame]:
    return play_until(RANDOM_HANDS, RandomPlayer, {"decisions": 0})


def rounds_of(games: list[PlayedGame]) -> Iterator[RoundRecord]:
    for game in games:
        yield from game.record.rounds


def test_the_bots_play_1000_hands_each_choice_legal_and_by_the_policy(
        bot_games: list[PlayedGame], bot_counts: dict[str, int]) -> None:
    assert sum(len(g.record.rounds) for g in bot_games) >= HANDS
    assert all(g.end in ENDS for g in bot_games)
    assert bot_counts["decisions"] > 50 * HANDS
    # the policy checks did look at every kind of decision
    for what in ("wins offered", "riichi", "defence", "discards", "calls"):
        assert bot_counts[what] > 20, (what, bot_counts)


def test_random_players_play_whole_games(random_games: list[PlayedGame]) -> None:
    assert sum(len(g.record.rounds) for g in random_games) >= RANDOM_HANDS
    assert all(g.end in ENDS for g in random_games)


def expected_deltas(win: Win, dealer: int) -> tuple[int, ...]:
    """What each seat pays or gets for a non-yakuman win without pao, from han and fu."""
    result, ctx = win.result, win.context
    han, fu = result.han, result.fu
    base = (8000 if han >= 13 else 6000 if han >= 11 else 4000 if han >= 8
            else 3000 if han >= 6 else min(fu << (han + 2), 2000))

    def up(points: int) -> int:
        return -(-points // 100) * 100

    deltas = [0, 0, 0, 0]
    if not win.is_tsumo:
        deltas[win.from_seat] = -(up(base * (6 if win.winner == dealer else 4))
                                  + 300 * ctx.honba)
    else:
        for seat in range(4):
            if seat != win.winner:
                share = 2 if dealer in (seat, win.winner) else 1
                deltas[seat] = -(up(base * share) + 100 * ctx.honba)
    deltas[win.winner] = -sum(deltas) + 1000 * ctx.riichi_sticks
    return tuple(deltas)


def check_round(played: RoundRecord) -> None:
    """Points, sticks and every win of one round."""
    assert sum(played.start_scores) + 1000 * played.sticks == TOTAL
    assert sum(played.end_scores) + 1000 * played.end_sticks == TOTAL
    accepted = [e.seat for e in played.events if isinstance(e, RiichiAccepted)]
    wins = [r for r in played.results if isinstance(r, Win)]
    for seat in range(4):
        paid = sum(r.deltas[seat] for r in played.results) - 1000 * accepted.count(seat)
        assert played.deltas[seat] == paid
    assert played.end_sticks == (0 if wins else played.sticks + len(accepted))
    for win in wins:
        again = evaluate(win.hand, tile(win.win_tile), win.context)
        assert isinstance(again, WinResult) and again == win.result
        pay = win.result.payments
        assert win.deltas[win.winner] == pay.total and sum(win.deltas) == pay.sticks
        if not win.result.yakuman and win.liable is None:
            assert win.deltas == expected_deltas(win, played.dealer)
        assert win.context.seat_wind == Wind((win.winner - played.dealer) % 4)


def repeats(played: RoundRecord) -> bool:
    """The dealer deals again: a dealer win, a dealer tenpai at the wall's end, or an
    abortive draw."""
    for result in played.results:
        if isinstance(result, Win):
            if result.winner == played.dealer:
                return True
        elif result.kind.is_abortive:
            return True
        else:
            return played.dealer in result.tenpai
    return False


def check_game(game: PlayedGame) -> None:
    """The rounds chain into each other by the table rules; the standing adds up."""
    record = game.record
    first = record.rounds[0]
    assert first.start_scores == (TENHOU_TABLE.start_score,) * 4
    assert (first.dealer, first.round_wind, first.honba, first.sticks) == (0, Wind.EAST, 0, 0)
    for before, after in zip(record.rounds, record.rounds[1:], strict=False):
        check_round(before)
        assert (after.start_scores, after.sticks) == (before.end_scores, before.end_sticks)
        repeat = repeats(before)
        index = 4 * before.round_wind + before.dealer_index + (not repeat)
        assert (after.round_wind, after.dealer_index, after.dealer) == (
            Wind(min(index // 4, 3)), index % 4, index % 4)
        won = any(isinstance(r, Win) for r in before.results)
        assert after.honba == (0 if won and not repeat else before.honba + 1)
    last = record.rounds[-1]
    check_round(last)
    final = list(last.end_scores)
    if game.is_over:
        top = min(range(4), key=lambda s: (-final[s], s))
        final[top] += 1000 * last.end_sticks
        assert game.sticks_left == 0
        if game.end == "bust":
            assert min(final) < 0
        else:
            assert 4 * last.round_wind + last.dealer_index >= 7
    assert record.final_scores == tuple(final)
    assert sum(record.final_scores) + 1000 * game.sticks_left == TOTAL
    assert record.points == TENHOU_TABLE.placement_points(final)
    assert abs(sum(record.points)) < 1e-9


def test_bot_games_conserve_points_and_follow_the_table_rules(
        bot_games: list[PlayedGame]) -> None:
    for game in bot_games:
        check_game(game)


def test_random_games_conserve_points_and_follow_the_table_rules(
        random_games: list[PlayedGame]) -> None:
    for game in random_games:
        check_game(game)


def test_the_bots_produce_every_kind_of_result(bot_games: list[PlayedGame]) -> None:
    stats = summarize(g.record for g in bot_games)
    assert stats.games == len(bot_games) and stats.rounds >= HANDS
    assert stats.tsumo > 0.1 * stats.rounds
    assert stats.ron > 0.2 * stats.rounds
    assert stats.double_ron > 0
    assert stats.exhaustive_draws > 0.05 * stats.rounds
    assert stats.riichi > 0.3 * stats.rounds
    assert stats.calls > 0.5 * stats.rounds
    assert stats.kans > 0
    assert 1000 < stats.average_points < 12000
    wins = [r for p in rounds_of(bot_games) for r in p.results if isinstance(r, Win)]
    assert sum(w.result.points for w in wins) == stats.win_points
    assert len(wins) == stats.wins


def test_the_same_seed_plays_the_same_game() -> None:
    assert play_game(11, hands=3) == play_game(11, hands=3)
    assert format_game(play_game(11, hands=3)) == format_game(play_game(11, hands=3))
    assert play_game(11, hands=1).record.rounds[0].wall != \
        play_game(12, hands=1).record.rounds[0].wall

    def randoms(seed: int) -> list[Player]:
        return [RandomPlayer(seed + s) for s in range(4)]

    assert play_game(3, hands=4, players=randoms(3)) == play_game(3, hands=4,
                                                                   players=randoms(3))


def test_a_player_that_breaks_the_rules_is_stopped() -> None:
    class Cheat:
        def choose(self, observation: Observation) -> Action:
            return Tsumo(observation.seat)  # whatever it holds

    with pytest.raises(IllegalActionError, match="Tsumo"):
        play_game(1, players=[Cheat()] * 4)
    with pytest.raises(InvalidContextError, match="four players"):
        play_game(1, players=[HeuristicPlayer()] * 3)


def test_three_bots_play_a_whole_three_player_game() -> None:
    game = play_game(2, rules=TENHOU_SANMA_RULES, table=TENHOU_SANMA_TABLE)
    record = game.record
    assert game.is_over and game.end in ENDS and len(record.final_scores) == 3
    assert sum(record.final_scores) == 3 * TENHOU_SANMA_TABLE.start_score
    assert sorted(seat for seat, _, _ in game.standings()) == [0, 1, 2]
    assert record.points == TENHOU_SANMA_TABLE.placement_points(record.final_scores)
    for played in record.rounds:
        assert sum(played.end_scores) + 1000 * played.end_sticks == 105000
    assert any(isinstance(e, KitaDeclared) for p in record.rounds for e in p.events)
    with pytest.raises(InvalidContextError, match="three players"):
        play_game(1, players=[HeuristicPlayer()] * 4, rules=TENHOU_SANMA_RULES,
                  table=TENHOU_SANMA_TABLE)


def test_the_command_plays_three_players(tmp_path: pytest.TempPathFactory) -> None:
    from pathlib import Path

    from mahjong_core.formats.replay import replay_game

    from .support.logs import games

    game = play_game(2, rules=TENHOU_SANMA_RULES, table=TENHOU_SANMA_TABLE)
    path = Path(str(tmp_path)) / "game.mjlog"
    log = run_main("--players", "3", "--seed", "2", "--mjlog", str(path))
    assert log == format_game(game) + "\n"
    assert "game over" in log and " (W) " in log and " (N) " not in log and " seat 3" not in log
    kitas = [e for p in game.record.rounds for e in p.events if isinstance(e, KitaDeclared)]
    assert log.count(" aside (kita)") == len(kitas) > 0
    standing = re.findall(r"^  \d\. seat (\d) (-?\d+) \(([-+]\d+\.\d)\)$", log, re.MULTILINE)
    assert [int(seat) for seat, _, _ in standing] == [seat for seat, _, _ in game.standings()]
    (written,) = games(path)
    assert replay_game(written).final_scores == game.record.final_scores


# -- what the command prints --------------------------------------------------------------


def run_main(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(args)) == 0
    return out.getvalue()


def test_the_log_shows_each_round_from_the_records() -> None:
    game = play_game(5, hands=4)
    log = run_main("--hands", "4", "--seed", "5")
    assert log == format_game(game) + "\n"
    assert log.startswith("seed 5: 4 rounds\n")
    assert log.count(" honba, ") == 4
    for played in game.record.rounds:
        for result in played.results:
            if isinstance(result, Win):
                r = result.result
                assert f"seat {result.winner} wins by " in log
                assert f"{r.han} han {r.fu} fu" in log and f"{r.points} points" in log
            else:
                assert ("exhaustive draw" if not result.kind.is_abortive
                        else "abortive draw") in log
        scores = " ".join(str(s) for s in played.end_scores)
        assert f"scores {scores}; riichi sticks {played.end_sticks}" in log
        for event in played.events:
            if isinstance(event, TileDiscarded) and event.riichi:
                assert f"seat {event.seat} declares riichi, discarding {tile(event.tile)}" in log
    standing = re.findall(r"^  \d\. seat (\d) (-?\d+) \(([-+]\d+\.\d)\)$", log, re.MULTILINE)
    assert len(standing) == 4
    for seat, score, points in standing:
        assert int(score) == game.record.final_scores[int(seat)]
        assert float(points) == game.record.points[int(seat)]
    assert "standings so far" in log  # four hands do not finish a game


def test_a_whole_game_quiet_verbose_and_unicode() -> None:
    game = play_game(4)
    quiet = run_main("--seed", "4", "--quiet")
    assert " honba, " not in quiet
    assert f"game over ({game.end}); final standings" in quiet and "summary:" in quiet
    verbose = run_main("--seed", "4", "--hands", "2", "--verbose")
    two = play_game(4, hands=2).record.rounds
    drawn = sum(isinstance(e, TileDrawn) for p in two for e in p.events)
    thrown = sum(isinstance(e, TileDiscarded) for p in two for e in p.events)
    assert len(re.findall(r"^ +\d+ seat \d (draw|rinshan) ", verbose, re.MULTILINE)) == drawn
    assert len(re.findall(r"^ +\d+ seat \d (discard|tsumogiri) ", verbose, re.MULTILINE)) == thrown
    glyphs = run_main("--seed", "4", "--hands", "1", "--unicode")
    assert max(glyphs) >= "\U0001F000" and not re.search(r"\d[mpsz]", glyphs.split("\n")[2])


def test_json_output_matches_the_records() -> None:
    game = play_game(5, hands=3)
    data = json.loads(run_main("--hands", "3", "--seed", "5", "--json"))
    assert data["seed"] == 5 and set(data) == {"seed", "rounds", "final"}
    final = data["final"]
    assert final == {"scores": list(game.record.final_scores),
                     "points": list(game.record.points), "end_reason": None,
                     "riichi_sticks": game.sticks_left}
    assert sum(final["scores"]) + 1000 * final["riichi_sticks"] == TOTAL
    assert len(data["rounds"]) == 3
    for entry, played in zip(data["rounds"], game.record.rounds, strict=True):
        assert (entry["round"], entry["honba"], entry["riichi_sticks"], entry["dealer"]) == (
            played.name, played.honba, played.sticks, played.dealer)
        for out, result in zip(entry["results"], played.results, strict=True):
            assert out["deltas"] == list(result.deltas)
            if isinstance(result, Win):
                assert (out["kind"], out["winner"], out["from"], out["pao"]) == (
                    "win", result.winner, result.from_seat, result.liable)
                assert (out["han"], out["fu"], out["points"], out["total"]) == (
                    result.result.han, result.result.fu, result.result.points,
                    result.result.total)
            else:
                assert isinstance(result, Draw)
                assert (out["kind"], out["type"]) == ("draw", result.kind.value)


def _json_games() -> list[tuple[dict[str, object], GameRecord]]:
    """Whole games as ``demo --json`` writes them, with the records they came from: four
    and three players, every round."""
    games = [play_game(seed) for seed in (1, 6)]
    games.append(play_game(2, rules=TENHOU_SANMA_RULES, table=TENHOU_SANMA_TABLE))
    return [(game_json(game.record), game.record) for game in games]


def test_riichi_deposits_stand_apart_from_the_results_deltas() -> None:
    """A round's end scores are its start scores, every result's deltas and less the riichi
    deposits; the sticks on the table grow by the deposits and go to a winner; each round
    starts where the last ended."""
    deposited = collected = 0
    for data, record in _json_games():
        rounds: list[dict[str, Any]] = data["rounds"]  # type: ignore[assignment]
        for entry, played in zip(rounds, record.rounds, strict=True):
            deposits = entry["riichi_deposits"]
            sticks_paid = [sum(1 for e in played.events
                               if isinstance(e, RiichiAccepted) and e.seat == seat)
                           for seat in range(len(deposits))]
            assert deposits == [1000 * n for n in sticks_paid]
            for seat, end in enumerate(entry["end_scores"]):
                moved = sum(result["deltas"][seat] for result in entry["results"])
                assert end == entry["start_scores"][seat] + moved - deposits[seat]
            won = any(result["kind"] == "win" for result in entry["results"])
            sticks = entry["riichi_sticks"] + sum(deposits) // 1000
            assert entry["end_riichi_sticks"] == (0 if won else sticks)
            deposited += sum(deposits)
            collected += won and sticks > 0
        for before, after in itertools.pairwise(rounds):
            assert after["start_scores"] == before["end_scores"]
            assert after["riichi_sticks"] == before["end_riichi_sticks"]
    assert deposited >= 10_000 and collected >= 5


def test_a_win_is_written_in_the_score_commands_words() -> None:
    """Each win holds the score answer of its hand: the same request to ``score`` (the
    hand, melds and winning tile written out, the situation from the record) answers the
    same value keys."""
    from mahjong_core.jsonapi import score_request

    checked = 0
    for data, record in _json_games():
        rounds: list[dict[str, Any]] = data["rounds"]  # type: ignore[assignment]
        for entry, played in zip(rounds, record.rounds, strict=True):
            for out, result in zip(entry["results"], played.results, strict=True):
                if not isinstance(result, Win) or record.table.players == 3:
                    continue
                c = result.context
                request = {"hand": out["hand"], "melds": out["melds"],
                           "win_tile": out["win_tile"], "tsumo": out["tsumo"],
                           "riichi": c.riichi, "double_riichi": c.double_riichi,
                           "ippatsu": c.ippatsu, "rinshan": c.rinshan, "chankan": c.chankan,
                           "haitei": c.haitei, "houtei": c.houtei, "tenhou": c.tenhou,
                           "chiihou": c.chiihou, "seat_wind": "ESWN"[c.seat_wind],
                           "round_wind": "ESWN"[c.round_wind],
                           "dora_indicators": format_tiles(c.dora_indicators),
                           "ura_indicators": format_tiles(c.ura_indicators),
                           "honba": c.honba, "riichi_sticks": c.riichi_sticks}
                answer = score_request(request)
                assert answer.pop("win") is True
                assert {k: out[k] for k in answer} == answer
                assert out["deltas"][out["winner"]] == out["total"]
                checked += 1
    assert checked >= 15


def test_bad_hand_count_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--hands", "0"])
    assert stop.value.code == 2
    assert "--hands must be at least 1" in capsys.readouterr().err


def test_demo_writes_its_game_in_each_log_format(tmp_path: pytest.TempPathFactory) -> None:
    """The game written as tenhou.net/6 JSON, mjai and mjlog replays to the same game."""
    from pathlib import Path

    from mahjong_core.formats.replay import replay_game

    from .support.logs import games

    base = Path(str(tmp_path))
    paths = {fmt: base / f"game.{fmt}" for fmt in ("tenhou6", "mjai", "mjlog")}
    run_main("--seed", "1", "--quiet", *(arg for fmt, path in paths.items()
                                          for arg in (f"--{fmt}", str(path))))
    def outcomes(record: GameRecord) -> list[tuple[object, ...]]:
        """Each result's kind, seats, value and score changes (mjai names tiles, not the
        physical copies, so the ids of a replayed game may differ)."""
        return [(r.winner, r.from_seat, r.result.han, r.result.fu, r.result.points, r.deltas)
                if isinstance(r, Win) else (r.kind, r.tenpai, r.deltas)
                for played_round in record.rounds for r in played_round.results]

    played = play_game(1).record
    assert len(played.rounds) > 4
    for path in paths.values():
        (game,) = games(path)
        replayed = replay_game(game)
        assert replayed.final_scores == played.final_scores
        assert replayed.points == played.points
        assert outcomes(replayed) == outcomes(played)
