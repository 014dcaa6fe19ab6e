"""A whole game at the table: dealer repeats, honba, sticks, the end of the game, placements.

Rounds are dealt from stacked walls: an all-noten round plays out untouched, a win round
has one seat win by ron on a chosen discard, a tenpai round leaves chosen seats tenpai.
"""

from __future__ import annotations

import pytest

from mahjong_core import TENHOU_RULES, Rules, TileId
from mahjong_core.errors import IllegalActionError, InvalidContextError, InvalidRulesError
from mahjong_core.table import (
    TENHOU_SANMA_TABLE,
    TENHOU_TABLE,
    Discard,
    Draw,
    DrawKind,
    Game,
    GameLength,
    Pass,
    Phase,
    Ron,
    Round,
    TableRules,
    Win,
    riichi_tiles_needed,
)

from .support.table_helpers import NOTEN, answer, pass_all, play_out, stacked_wall, tsumogiri

H2000 = "234m567m234p88p56s"
"""Pinfu tanyao on 4s: 2,000 (a dealer's 2,900)."""
H8000 = "555z66z23m567m888m"
"""Honitsu haku on 4m, 50 fu: a mangan."""
H32000 = "555z666z777z23m88p"
"""Big three dragons, closed, on 4m."""
WIN_TILE = {H2000: "4s", H8000: "4m", H32000: "4m"}
TENPAI = ["222m333m666m88m99m", "222p444p555p77p88p", "222s333s666s88s99s", "555666777z55m23s"]


def current(game: Game) -> Round:
    game_round = game.round
    assert game_round is not None
    return game_round


def noten_round(game: Game) -> None:
    """Nobody is tenpai: the dealer moves on (unless this is the dealer stop) with a honba."""
    play_out(game.deal(stacked_wall([NOTEN] * 4)))


def ron_round(game: Game, winner: int, discarder: int, hand: str) -> Win:
    """``winner`` (holding ``hand``) wins by ron on ``discarder``'s first discard."""
    dealer = game.dealer
    before = [(dealer + n) % 4 for n in range((discarder - dealer) % 4)]
    draws = " ".join(["8s"] * len(before) + [WIN_TILE[hand]])
    hands = [hand if s == winner else NOTEN for s in range(4)]
    game_round = game.deal(stacked_wall(hands, draws, dora="1z"))
    for _ in before:
        tsumogiri(game_round)
        pass_all(game_round)
    assert game_round.current == discarder
    tsumogiri(game_round)
    answer(game_round, Ron(winner))
    (win,) = game_round.results
    assert isinstance(win, Win) and game.round is game_round
    return win


def tenpai_round(game: Game, tenpai: tuple[int, ...], riichi: int | None = None) -> None:
    """An exhaustive draw with ``tenpai`` seats tenpai, ``riichi`` declaring on its first
    discard."""
    game_round = game.deal(stacked_wall([TENPAI[s] if s in tenpai else NOTEN
                                         for s in range(4)]))
    while not game_round.is_over:
        if game_round.phase is Phase.TURN:
            drawn = game_round.drawn
            assert drawn is not None
            declare = game_round.current == riichi and not game_round.river(riichi)
            game.apply(Discard(game_round.current, drawn, declare))
        else:
            game.apply(Pass(game_round.to_act[0]))


def test_dealer_repeats_honba_and_sticks_carry_from_round_to_round() -> None:
    game = Game()
    assert (game.next_round_name, game.honba, game.dealer) == ("E1", 0, 0)
    ron_round(game, 0, 1, H2000)  # the dealer wins: E1 again, one honba
    assert (game.next_round_name, game.honba, game.sticks) == ("E1", 1, 0)
    assert game.scores == (27900, 22100, 25000, 25000)
    noten_round(game)  # dealer noten: the deal moves, the honba stays on and grows
    assert (game.next_round_name, game.honba, game.dealer) == ("E2", 2, 1)
    tenpai_round(game, (1,), riichi=1)  # the dealer tenpai in riichi: E2 again
    assert (game.next_round_name, game.honba, game.sticks) == ("E2", 3, 1)
    assert game.scores == (26900, 24100, 24000, 24000)
    win = ron_round(game, 3, 1, H2000)  # a non-dealer wins: honba and sticks are paid out
    assert win.deltas == (0, -2900, 0, 3900)
    assert (game.next_round_name, game.honba, game.sticks, game.dealer) == ("E3", 0, 0, 2)
    assert game.scores == (26900, 21200, 24000, 27900)
    names = [(r.name, r.honba, r.sticks, r.dealer) for r in game.rounds]
    assert names == [("E1", 0, 0, 0), ("E1", 1, 0, 0), ("E2", 2, 0, 1), ("E2", 3, 1, 1)]
    assert [r.start_scores for r in game.rounds][1:] == [r.end_scores for r in game.rounds][:-1]
    assert not game.is_over and game.end_reason is None


def test_abortive_draws_repeat_the_dealer_with_a_honba() -> None:
    game = Game()
    game_round = game.deal(stacked_wall([NOTEN] * 4))
    for _ in range(4):
        game_round.apply(Discard(game_round.current, held_east(game_round)))
        pass_all(game_round)
    assert game_round.results == (Draw(DrawKind.FOUR_WINDS, (), (0, 0, 0, 0)),)
    assert (game.next_round_name, game.honba, game.scores) == ("E1", 1, (25000,) * 4)


def held_east(game_round: Round) -> TileId:
    return next(i for i in game_round.concealed(game_round.current) if i // 4 == 27)


def play_to_south_4(game: Game) -> None:
    while game.next_round_name != "S4":
        noten_round(game)


def test_the_west_round_when_nobody_has_30000_after_south_4() -> None:
    game = Game()
    play_to_south_4(game)
    noten_round(game)
    assert (game.next_round_name, game.honba, game.round_index) == ("W1", 8, 8)
    assert not game.is_over
    ron_round(game, 1, 0, H2000)  # 2000 + 8 honba: seat 1 has 29,400, not enough
    assert (game.next_round_name, game.honba, game.is_over) == ("W2", 0, False)
    ron_round(game, 2, 1, H8000)  # seat 2 reaches 33,000: the extension ends here
    assert game.is_over and game.end_reason == "extension"
    record = game.record()
    assert record.final_scores == (20600, 21400, 33000, 25000)
    assert [r.name for r in record.rounds][-3:] == ["S4", "W1", "W2"]
    with pytest.raises(IllegalActionError, match="over"):
        game.deal()


def test_a_dealer_repeat_in_the_west_round_goes_on() -> None:
    game = Game()
    play_to_south_4(game)
    noten_round(game)
    tenpai_round(game, (0,))  # the west 1 dealer alone tenpai: 28,000, West 1 again
    assert (game.next_round_name, game.honba, game.is_over) == ("W1", 9, False)


def test_the_west_round_ends_after_west_4_at_the_latest() -> None:
    game = Game()
    while not game.is_over:
        noten_round(game)
    assert [r.name for r in game.rounds][-5:] == ["S4", "W1", "W2", "W3", "W4"]
    assert game.end_reason == "last round" and game.scores == (25000,) * 4
    assert game.record().points == (35.0, 5.0, -15.0, -25.0)


def test_no_west_round_without_the_extension_rule() -> None:
    game = Game(table=TableRules(extension=False))
    play_to_south_4(game)
    noten_round(game)
    assert game.is_over and game.end_reason == "last round" and len(game.rounds) == 8


def test_an_east_game_extends_into_the_south() -> None:
    game = Game(table=TableRules(length=GameLength.EAST))
    for _ in range(4):
        noten_round(game)
    assert game.next_round_name == "S1" and not game.is_over
    ron_round(game, 2, 1, H8000)
    assert game.is_over and game.end_reason == "extension"


@pytest.mark.parametrize("dealer_stop", [True, False])
def test_the_all_last_dealer_stops_by_winning_on_top(dealer_stop: bool) -> None:
    game = Game(table=TableRules(dealer_stop=dealer_stop))
    play_to_south_4(game)
    ron_round(game, 3, 0, H2000)  # 2900 + 7 honba: the dealer has 30,000 and leads
    assert game.scores == (20000, 25000, 25000, 30000)
    if dealer_stop:
        assert game.is_over and game.end_reason == "dealer stop"
    else:
        assert not game.is_over and (game.next_round_name, game.honba) == ("S4", 8)


def test_the_all_last_dealer_stops_by_tenpai_on_top() -> None:
    game = Game()
    ron_round(game, 3, 0, H2000)  # seat 3: 27,000
    play_to_south_4(game)
    tenpai_round(game, (3,))  # the dealer alone tenpai: 30,000 and on top
    assert game.is_over and game.end_reason == "dealer stop"
    assert game.record().final_scores == (22000, 24000, 24000, 30000)


@pytest.mark.parametrize("tenpai_stop", [True, False])
def test_tenpai_stop_is_its_own_option_beside_the_stop_by_a_win(tenpai_stop: bool) -> None:
    table = TableRules(tenpai_stop=tenpai_stop)
    game = Game(table=table)
    ron_round(game, 3, 0, H2000)  # seat 3: 27,000
    play_to_south_4(game)
    tenpai_round(game, (3,))  # the dealer alone tenpai: 30,000 and on top
    if tenpai_stop:
        assert game.is_over and game.end_reason == "dealer stop"
        return
    assert not game.is_over and (game.next_round_name, game.honba) == ("S4", 7)
    won = Game(table=table)  # a win still stops the game
    play_to_south_4(won)
    ron_round(won, 3, 0, H2000)
    assert won.is_over and won.end_reason == "dealer stop"


def test_no_dealer_stop_when_the_dealer_is_not_on_top() -> None:
    game = Game()
    ron_round(game, 1, 0, H8000)  # seat 1: 33,000
    ron_round(game, 1, 2, H8000)  # and as the dealer 12,000 more: 45,000
    play_to_south_4(game)
    assert (game.honba, game.scores) == (7, (17000, 45000, 13000, 25000))
    ron_round(game, 3, 0, H2000)  # the dealer reaches 30,000, but seat 1 leads
    assert game.scores[3] == 30000
    assert not game.is_over and (game.next_round_name, game.honba) == ("S4", 8)
    noten_round(game)  # the dealer noten: someone has 30,000, the game is over
    assert game.is_over and game.end_reason == "last round"


@pytest.mark.parametrize(("start", "over"), [(8000, False), (7900, True)])
def test_a_score_below_zero_ends_the_game(start: int, over: bool) -> None:
    game = Game(table=TableRules(start_score=start))
    ron_round(game, 1, 0, H8000)
    assert game.scores[0] == start - 8000
    assert game.is_over is over and game.end_reason == ("bust" if over else None)


def test_no_bust_when_the_table_plays_on_below_zero() -> None:
    game = Game(table=TableRules(bust=False))
    ron_round(game, 1, 0, H32000)
    assert game.scores[0] == -7000 and not game.is_over
    bust = Game()
    ron_round(bust, 1, 0, H32000)
    assert bust.is_over and bust.end_reason == "bust"
    assert bust.record().points == (-57.0, 67.0, 5.0, -15.0)


def test_leftover_riichi_sticks_go_to_first_place() -> None:
    game = Game(table=TableRules(length=GameLength.EAST))
    ron_round(game, 1, 0, H8000)
    noten_round(game)
    noten_round(game)
    tenpai_round(game, (2,), riichi=2)  # East 4: seat 2 alone tenpai in riichi
    assert game.is_over and game.end_reason == "last round"
    assert game.scores == (16000, 32000, 27000, 24000) and game.sticks == 1
    record = game.record()
    assert record.final_scores == (16000, 33000, 27000, 24000)
    assert record.points == (-34.0, 43.0, 7.0, -16.0)


@pytest.mark.parametrize(("table", "scores", "points"), [
    (TableRules(), (25000, 25000, 25000, 25000), (35.0, 5.0, -15.0, -25.0)),
    # whole thousands, half away from zero
    (TableRules(), (45500, 24500, 15500, 14500), (54.0, 5.0, -24.0, -35.0)),
    (TableRules(), (31000, 70000, -500, -500), (11.0, 81.0, -41.0, -51.0)),
    # hundreds kept
    (TableRules(round_points=False), (45500, 24500, 15500, 14500), (55.5, 4.5, -24.5, -35.5)),
    (TableRules(round_points=False), (31000, 70000, -500, -500), (11.0, 80.0, -40.5, -50.5)),
    # another uma, no oka
    (TableRules(uma=(30, 10, -10, -30), return_score=25000), (25000,) * 4,
     (30.0, 10.0, -10.0, -30.0)),
])
def test_placement_points(table: TableRules, scores: tuple[int, ...],
                          points: tuple[float, ...]) -> None:
    assert table.placement_points(scores) == points


@pytest.mark.parametrize(("scores", "tenhou", "shared"), [
    # no tie: both alike
    ((40000, 30000, 20000, 10000), (50.0, 10.0, -20.0, -40.0), (50.0, 10.0, -20.0, -40.0)),
    # a tie for first: the oka and uma of first and second shared
    ((30000, 30000, 20000, 20000), (40.0, 10.0, -20.0, -30.0), (25.0, 25.0, -25.0, -25.0)),
    # a tie for second and third (seat 1 before seat 3): their +10 and -10 shared
    ((40000, 25000, 10000, 25000), (50.0, 5.0, -40.0, -15.0), (50.0, -5.0, -40.0, -5.0)),
    # three tied for second, seat order otherwise 1, 2, 3
    ((40000, 20000, 20000, 20000), (50.0, 0.0, -20.0, -30.0),
     (50.0, -50 / 3, -50 / 3, -50 / 3)),
    # all four tied: each 30,000 - 25,000 ... and an equal share of everything
    ((25000,) * 4, (35.0, 5.0, -15.0, -25.0), (0.0, 0.0, 0.0, 0.0)),
])
def test_shared_places_split_the_uma_of_the_places_they_share(
        scores: tuple[int, ...], tenhou: tuple[float, ...], shared: tuple[float, ...]) -> None:
    assert TableRules().placement_points(scores) == tenhou
    points = TableRules(shared_places=True).placement_points(scores)
    assert points == pytest.approx(shared)
    assert sum(points) == pytest.approx(0)


def test_table_rules_refuse_bad_values() -> None:
    for bad in ({"uma": (20, 10, -10)}, {"uma": (20, 10, -10, -10)}, {"start_score": -1},
                {"bust": 1}, {"length": "west"}, {"tenpai_stop": "yes"},
                {"shared_places": None}, {"riichi_below_cost": 0}, {"open_riichi": 1},
                {"chombo": "no"}):
        with pytest.raises(InvalidRulesError):
            TableRules(**bad)


@pytest.mark.parametrize(("table", "tiles"), [
    (TENHOU_TABLE, 4), (TENHOU_SANMA_TABLE, 3), (TableRules(players=3, uma=(15, 0, -15)), 3),
    (TableRules(players=3, uma=(15, 0, -15), riichi_min_tiles=4), 4),
    (TableRules(riichi_min_tiles=0), 0)])
def test_riichi_needs_one_live_tile_per_player_unless_told(table: TableRules,
                                                         tiles: int) -> None:
    """The declarer must still draw once more: as many live tiles as players."""
    assert table.riichi_min_tiles == tiles
    assert riichi_tiles_needed(4) == 4 and riichi_tiles_needed(3) == 3


# -- every point stays on the table --------------------------------------------------------


@pytest.mark.parametrize(("rules", "table"), [
    (TENHOU_RULES, TableRules(riichi_cost=2000)),
    (Rules(riichi_stick_points=500), TENHOU_TABLE),
    (Rules(riichi_stick_points=0), TableRules(riichi_cost=1000)),
])
def test_a_stick_worth_other_than_it_costs_is_refused(rules: Rules, table: TableRules) -> None:
    """A riichi stick must pay the winner what it cost its declarer, or points are lost."""
    wall = stacked_wall([NOTEN] * 4)
    for build in (lambda: Game(rules=rules, table=table),
                  lambda: Round(wall, dealer=0, rules=rules, table=table)):
        with pytest.raises(InvalidRulesError) as caught:
            build()
        message = str(caught.value)
        assert "riichi_cost" in message and "riichi_stick_points" in message, message


def test_a_stick_of_another_value_on_both_sides_keeps_every_point() -> None:
    game = Game(rules=Rules(riichi_stick_points=2000), table=TableRules(riichi_cost=2000,
                                                                       length=GameLength.EAST))
    tenpai_round(game, (1,), riichi=1)  # seat 1 puts a stick of 2,000 down
    assert game.sticks == 1 and sum(game.scores) == 98000
    win = ron_round(game, 3, 1, H2000)  # and the winner takes it
    assert win.deltas == (0, -2300, 0, 4300) and sum(game.scores) == 100000


@pytest.mark.parametrize(("players", "payment"), [(4, 1000), (4, 2000), (4, 3001), (3, 1001),
                                                  (3, 3)])
def test_a_noten_payment_that_does_not_split_evenly_is_refused(players: int,
                                                                payment: int) -> None:
    """The noten players share the payment and the tenpai ones take it in equal parts,
    whatever their numbers: a multiple of 6 at four players (1, 2 or 3 on a side), of 2
    at three."""
    uma = (20, 10, -10, -20) if players == 4 else (20, 0, -20)
    with pytest.raises(InvalidRulesError, match="noten_payment"):
        TableRules(players=players, uma=uma, noten_payment=payment)


@pytest.mark.parametrize("tenpai", [(0,), (0, 1), (0, 1, 2), (1, 3)])
def test_a_noten_payment_of_1200_splits_exactly(tenpai: tuple[int, ...]) -> None:
    game = Game(table=TableRules(noten_payment=1200))
    tenpai_round(game, tenpai)
    (draw,) = game.rounds[-1].results
    assert isinstance(draw, Draw)
    assert draw.deltas == tuple(1200 // len(tenpai) if s in tenpai else -1200 // (4 - len(tenpai))
                                for s in range(4))
    assert sum(draw.deltas) == 0 and sum(game.scores) == 100000


def test_the_game_refuses_actions_out_of_turn() -> None:
    game = Game(seed=5)
    with pytest.raises(IllegalActionError):
        game.apply(Pass(0))
    with pytest.raises(IllegalActionError):
        game.observe(0)
    assert game.legal_actions(0) == []
    game.deal()
    with pytest.raises(IllegalActionError, match="still being played"):
        game.deal()


def test_a_seed_makes_the_walls_repeatable() -> None:
    walls = [Game(seed=seed).deal().wall for seed in (7, 7, 8)]
    assert walls[0] == walls[1] != walls[2]


def test_a_chombo_where_the_table_has_it_pays_a_mangan_and_deals_the_hand_again() -> None:
    plain = Game()
    plain_round = plain.deal(stacked_wall([NOTEN] * 4))
    with pytest.raises(IllegalActionError, match="no chombo"):
        plain_round.chombo(1)
    assert not plain_round.is_over and plain_round.scores == (25000,) * 4
    game = Game(table=TableRules(chombo=True))
    noten_round(game)  # East 2, honba 1: seat 1 deals
    game_round = game.deal(stacked_wall([NOTEN] * 4))
    with pytest.raises(InvalidContextError):
        game_round.chombo(4)
    game_round.chombo(2)
    assert game_round.results == (Draw(DrawKind.CHOMBO, (), (2000, 4000, -8000, 2000)),)
    assert (game.next_round_name, game.honba, game.scores) == (
        "E2", 1, (27000, 29000, 17000, 27000))
    with pytest.raises(IllegalActionError, match="round is over"):
        game_round.chombo(2)
