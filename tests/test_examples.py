"""The example scripts run and print the facts they are about.

Expected points are worked out here from the rules (base points = fu x 2^(han+2),
capped at mangan; payments rounded up to 100), not copied from the scripts' output.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from mahjong_core.cli.demo import play_game
from mahjong_core.table import Win

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def run(script: str, *args: str) -> str:
    """Run an example as a user would and return what it printed."""
    done = subprocess.run([sys.executable, str(EXAMPLES / script), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=True)
    assert done.stderr == ""
    return done.stdout


def up(points: int) -> int:
    """Round up to the next 100."""
    return -(-points // 100) * 100


def base_points(han: int, fu: int) -> int:
    """Base points of an ordinary hand below haneman."""
    return 2000 if han >= 5 else min(fu << (han + 2), 2000)


def test_win_on_draw_scores_the_tsumo() -> None:
    out = run("win_on_draw.py")
    assert "draw 9m: no tsumo (not_complete)" in out
    assert "draw 4s: tsumo!" in out
    for yaku in ("riichi 1", "menzen_tsumo 1", "pinfu 1", "tanyao 1"):
        assert yaku in out
    # 4 han of yaku + 1 dora (indicator 3m, the hand holds 4m): mangan
    assert "dora 1" in out and "5 han 20 fu (mangan)" in out
    honba, sticks = 1, 1
    base = base_points(5, 20)
    dealer_pays = up(2 * base) + 100 * honba
    other_pays = up(base) + 100 * honba
    total = dealer_pays + 2 * other_pays + 1000 * sticks
    assert f"{up(2 * base) + 2 * up(base)} points" in out
    assert f"the dealer pays {dealer_pays}, each other player {other_pays}" in out
    assert f"the winner receives {total}" in out


def test_win_on_discard_double_ron_furiten_and_call_priority() -> None:
    out = run("win_on_discard.py")
    honba, sticks = 1, 1
    # P1, first after the discarder: pinfu + tanyao, 2 han 30 fu, with honba and sticks
    p1 = up(4 * base_points(2, 30))
    p1_paid = p1 + 300 * honba
    assert "P1: ron! pinfu 1, tanyao 1; 2 han 30 fu" in out
    assert f"{p1} points; P1 receives {p1_paid + 1000 * sticks} ({p1_paid} from" in out
    # P2 waits on 3s too but discarded one: furiten
    assert "P2: no ron (furiten)" in out
    # P3: chun, open, edge wait: 20 + 4 (open chun pon) + 2 (penchan) -> 30 fu
    p3 = up(4 * base_points(1, 30))
    assert f"P3: ron! chun 1; 1 han 30 fu, {p3} points; P3 receives {p3} " in out
    assert "P1 could chi with 45s, but ron comes first" in out
    assert "P2 could pon, but ron comes first" in out
    assert f"double ron: P1 and P3 win; P0 pays {p1_paid + p3} in all" in out


def standings(out: str) -> list[tuple[int, int, float]]:
    """(seat, score, placement points) from first place down, read from the output."""
    return [(int(seat), int(score), float(points)) for seat, score, points in re.findall(
        r"^  \d\. P(\d) (-?\d+) \(([-+]\d+\.\d)\)$", out, re.MULTILINE)]


def test_game_loop_plays_the_demos_game_through_the_engine() -> None:
    out = run("game_loop.py", "--hands", "8", "--seed", "1")
    game = play_game(1, hands=8)  # the demo's loop, same seed and players
    lines = out.splitlines()
    rounds = game.record.rounds
    assert len(rounds) == 8 and lines[8] == "stopped after 8 rounds"
    for line, played in zip(lines, rounds, strict=False):
        assert line.startswith(f"{played.name} honba {played.honba}: ")
        scores = " ".join(str(s) for s in played.end_scores)
        assert line.endswith(f"-> {scores} (sticks {played.end_sticks})")
        for result in played.results:
            if isinstance(result, Win):
                assert f"{result.result.han} han {result.result.fu} fu, " \
                       f"{result.result.points} points" in line
            else:
                assert "draw" in line
    table = standings(out)
    assert [score for _, score, _ in table] == sorted(game.record.final_scores, reverse=True)
    for seat, score, points in table:
        assert (score, points) == (game.record.final_scores[seat], game.record.points[seat])


def test_game_loop_with_random_players_ends_the_game() -> None:
    out = run("game_loop.py", "--seed", "2", "--random")
    assert "game over (" in out
    table = standings(out)
    assert len(table) == 4
    assert sum(score for _, score, _ in table) == 100000  # leftover sticks go to first place
    assert abs(sum(points for _, _, points in table)) < 1e-9


def test_a_bot_of_ones_own_plays_a_duplicate_match() -> None:
    out = run("greedy_bot.py", "--games", "4", "--hands", "2", "--jobs", "2")
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["player", "games", "places"]
    greedy, heuristic = lines[1].split(), lines[2].split()
    assert greedy[:2] == ["greedy_bot:Greedy", "4"] and heuristic[:2] == ["heuristic", "12"]
    assert sum(map(int, greedy[2].split("/"))) == 4
    assert lines[-1].startswith("4 games, seed 0, duplicate")
