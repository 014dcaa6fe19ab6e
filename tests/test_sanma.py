"""Three-player riichi (sanma) as Tenhou plays it: scoring, the table engine and real games."""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

import pytest

from mahjong_core import (
    TENHOU_RULES,
    TENHOU_SANMA_RULES,
    Hand,
    InvalidContextError,
    InvalidHandError,
    InvalidRulesError,
    Payments,
    Rules,
    Tile,
    TileId,
    WinContext,
    WinResult,
    Yaku,
    evaluate,
    parse_tiles,
)
from mahjong_core.errors import IllegalActionError, InvalidPaymentsError, InvalidSeatError
from mahjong_core.formats.mjlog import parse_mjlog
from mahjong_core.formats.replay import replay_game
from mahjong_core.table import (
    TENHOU_SANMA_TABLE,
    Chi,
    Discard,
    Draw,
    DrawKind,
    Game,
    Kita,
    KitaDeclared,
    NineTerminals,
    Pass,
    Phase,
    Ron,
    Round,
    TileDrawn,
    Tsumo,
    Wall,
    Win,
)
from mahjong_core.table.wall import THREE_PLAYER_IDS
from tests.support.logs import documents
from tests.support.table_helpers import blank

DATA = Path(__file__).parent / "data"

# -- scoring ------------------------------------------------------------------------------

SANMA = TENHOU_SANMA_RULES


def win(hand: str, tile: str, rules: Rules = SANMA, **situation: object) -> WinResult:
    result = evaluate(Hand.parse(hand), Tile.parse(tile), WinContext(**situation), rules)  # type: ignore[arg-type]
    assert isinstance(result, WinResult), result
    return result


def test_tsumo_loss_non_dealer_mangan() -> None:
    """A non-dealer's mangan tsumo: 4,000 from the dealer and 2,000 from the other player."""
    result = win("123456789p23s11z", "1s", tsumo=True, seat_wind="S", riichi=True,
                 dora_indicators="9p")
    assert result.han == 5 and result.limit is not None and result.limit.value == "mangan"
    assert (result.payments.dealer, result.payments.non_dealer) == (4000, 2000)
    assert result.payments.non_dealer_payers == 1 and result.points == 6000
    assert result.payments.as_dict() == {"dealer": 4000, "non_dealer": 2000}
    # seat 1 wins, seat 0 deals, seat 2 pays the non-dealer share; no fourth seat pays
    assert result.payments.deltas(1, dealer=0) == (-4000, 6000, -2000)


def test_tsumo_loss_dealer_mangan_and_honba() -> None:
    """The dealer's mangan tsumo is 4,000 from each of two; a honba adds 100 from each."""
    result = win("123456789p23s11z", "1s", tsumo=True, seat_wind="E", riichi=True, honba=1,
                 dora_indicators="9p")
    assert result.payments.non_dealer == 4100 and result.payments.non_dealer_payers == 2
    assert result.points == 8000 and result.payments.total == 8200
    assert result.payments.as_dict() == {"non_dealer": 4100}
    assert result.payments.deltas(0, dealer=0) == (8200, -4100, -4100)


def test_ron_pays_as_four_players_with_200_a_honba() -> None:
    result = win("111m456p789s23s11z", "1s", riichi=True, seat_wind="S", honba=2)
    four = win("111m456p789s23s11z", "1s", TENHOU_RULES, riichi=True, seat_wind="S", honba=2)
    assert result.fu == four.fu and result.han == four.han
    assert result.points == four.points
    assert result.payments.discarder == four.points + 400
    assert four.payments.discarder == four.points + 600


def test_one_man_indicator_makes_nine_man_the_dora() -> None:
    hand = "999m456p789s23s11z"
    sanma = win(hand, "1s", riichi=True, dora_indicators="1m")
    four = win(hand, "1s", TENHOU_RULES, riichi=True, dora_indicators="1m")
    assert sanma.dora == 3 and four.dora == 0
    # a 9m indicator points to 1m at both tables
    assert win("111m456p789s23s11z", "1s", riichi=True, dora_indicators="9m").dora == 3


def test_north_tiles_set_aside_are_dora() -> None:
    hand = "111m456p789s23s11z"
    assert win(hand, "1s", riichi=True, kita=2).dora == 2
    # with a west indicator north is the dora: each north set aside counts twice
    assert win(hand, "1s", riichi=True, kita=2, dora_indicators="3z").dora == 4
    # a west ura indicator does the same for a riichi hand
    result = win(hand, "1s", riichi=True, kita=1, dora_indicators="1p", ura_indicators="3z")
    assert (result.dora, result.ura) == (1, 1)


def test_a_win_on_the_replacement_tile_after_a_north_tile() -> None:
    result = win("111m456p789s23s11z", "1s", tsumo=True, rinshan=True, kita=1)
    assert result.yaku & Yaku.RINSHAN and result.dora == 1
    with pytest.raises(InvalidContextError, match="rinshan"):
        evaluate(Hand.parse("111m456p789s23s11z"), Tile.parse("1s"),
                 WinContext(tsumo=True, rinshan=True), SANMA)


@pytest.mark.parametrize(("hand", "tile", "situation", "message"), [
    ("123456789p23s55m", "1s", {}, "no 2m-8m"),
    ("123456789p11s44z", "4z", {"kita": 2}, "north"),
])
def test_impossible_three_player_hands(hand: str, tile: str, situation: dict[str, int],
                                       message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        evaluate(Hand.parse(hand), Tile.parse(tile), WinContext(**situation), SANMA)  # type: ignore[arg-type]


def test_three_player_rules_and_payments_are_checked() -> None:
    with pytest.raises(InvalidRulesError):
        Rules(players=5)
    with pytest.raises(InvalidRulesError, match="split evenly"):
        Rules(players=3, honba_points=301)
    with pytest.raises(InvalidContextError):
        WinContext(kita=5)
    with pytest.raises(InvalidPaymentsError):
        Payments(dealer=100, non_dealer=100, non_dealer_payers=3, players=3)
    with pytest.raises(InvalidSeatError):
        Payments(non_dealer=100, non_dealer_payers=2, players=3).deltas(3, dealer=3)


# -- the table engine ---------------------------------------------------------------------


def _ids(text: str, pool: dict[int, list[int]]) -> list[int]:
    """Physical ids for mpsz ``text`` taken from ``pool`` (a red five takes its red id)."""
    out = []
    for tile in parse_tiles(text):
        red = tile.kind * 4 if tile.red else None
        choices = pool[tile.kind]
        pick = red if red is not None else next(i for i in choices if i not in (16, 52, 88))
        choices.remove(pick)
        out.append(pick)
    return out


def sanma_wall(hands: Iterable[str], live: str = "", rinshan: str = "",
               dora: str = "1p") -> Wall:
    """A three-player wall with the given hands, first live draws, replacement tiles and
    first dora indicator; the other places hold the remaining tiles in id order."""
    pool: dict[int, list[int]] = {}
    for i in THREE_PLAYER_IDS:
        pool.setdefault(i // 4, []).append(i)
    dealt = [_ids(h, pool) for h in hands]
    first_live, first_rinshan, first_dora = _ids(live, pool), _ids(rinshan, pool), _ids(dora, pool)
    rest = iter(sorted(i for ids in pool.values() for i in ids))
    live_ids = first_live + [next(rest) for _ in range(55 - len(first_live))]
    rinshan_ids = first_rinshan + [next(rest) for _ in range(8 - len(first_rinshan))]
    dora_ids = first_dora + [next(rest) for _ in range(2)]
    ura_ids = [next(rest) for _ in range(3)]
    return Wall(dealt, live_ids, rinshan_ids, dora_ids, ura_ids)


def sanma_round(wall: Wall, **kwargs: object) -> Round:
    return Round(wall, dealer=0, rules=SANMA, table=TENHOU_SANMA_TABLE, **kwargs)  # type: ignore[arg-type]


def test_kita_is_robbed_for_ron_without_chankan() -> None:
    wall = sanma_wall(["19m1234p12s12356z", "123456789p123s4z", "99m5678p789s7777z"],
                      live="4z", dora="5z")
    game_round = sanma_round(wall)
    north = game_round.drawn
    assert north is not None and north // 4 == 30
    assert Kita(0, north) in game_round.legal_actions(0)
    game_round.apply(Kita(0, north))
    assert game_round.phase is Phase.CHANKAN and game_round.to_act == (1,)
    assert Ron(1) in game_round.legal_actions(1)
    game_round.apply(Ron(1))
    (result,) = game_round.results
    assert isinstance(result, Win) and (result.winner, result.from_seat) == (1, 0)
    assert not result.context.chankan and not result.result.yaku & Yaku.CHANKAN
    assert result.result.yaku & Yaku.ITTSU
    # ittsu (2 han) and 40 fu on a non-dealer ron: 2,600 from the dealer
    assert result.deltas == (-2600, 2600, 0)


def test_kita_passes_then_the_replacement_tile_wins_as_rinshan() -> None:
    wall = sanma_wall(["123456789p11s23s", "19m1234p12s12356z", "99m5678p789s7777z"],
                      live="4z", rinshan="4s")
    game_round = sanma_round(wall)
    north = game_round.drawn
    assert north is not None
    game_round.apply(Kita(0, north))
    assert game_round.phase is Phase.TURN and game_round.drawn is not None
    assert any(isinstance(e, KitaDeclared) for e in game_round.events)
    assert game_round.live_remaining == 55 - 1 - 1  # one draw, one tile moved by the kita
    assert Tsumo(0) in game_round.legal_actions(0)
    game_round.apply(Tsumo(0))
    (result,) = game_round.results
    assert isinstance(result, Win)
    yaku = result.result.yaku
    assert yaku & Yaku.RINSHAN and yaku & Yaku.MENZEN_TSUMO and not yaku & Yaku.TENHOU
    assert result.context.kita == 1 and result.result.dora >= 1
    each = -result.deltas[1]
    assert result.deltas == (2 * each, -each, -each)  # the dealer's tsumo: two payers


def test_no_chi_at_three_players() -> None:
    """Seat 1 holds 45p and 78p: at four players it could chi the 6p; at three it may not."""
    wall = sanma_wall(["19m1234p12s12356z", "123456789p123s4z", "99m5678p789s7777z"],
                      live="6p")
    game_round = sanma_round(wall)
    sixes = [a for a in game_round.legal_actions(0)
             if getattr(a, "tile", -1) // 4 == 14 and not getattr(a, "riichi", False)]
    game_round.apply(sixes[0])
    assert game_round.phase is Phase.TURN and game_round.current == 1  # nobody was asked
    with pytest.raises(IllegalActionError):
        game_round.apply(Chi(1, (TileId(12 * 4), TileId(13 * 4))))


def test_exhaustive_draw_pays_2000_between_three() -> None:
    rng = random.Random(5)
    seen = set()
    for _ in range(40):
        game = Game(rules=SANMA, table=TENHOU_SANMA_TABLE, seed=rng.randrange(1 << 30))
        game_round = game.deal()
        while not game_round.is_over:
            seat = game_round.to_act[0]
            actions = [a for a in game_round.legal_actions(seat)
                       if not isinstance(a, Ron | Tsumo | Kita) and not getattr(a, "riichi", False)]
            game_round.apply(actions[0] if isinstance(actions[0], Pass) else actions[-1])
        result = game_round.results[-1]
        if isinstance(result, Draw) and result.kind is DrawKind.EXHAUSTIVE:
            tenpai = len(result.tenpai)
            seen.add(tenpai)
            if 0 < tenpai < 3:
                assert sorted(result.deltas) == sorted(
                    [2000 // tenpai] * tenpai + [-2000 // (3 - tenpai)] * (3 - tenpai))
            else:
                assert result.deltas == (0, 0, 0)
    assert {0, 1, 2} <= seen, seen  # noten payments with none, one and two tenpai


def test_three_player_game_flow_and_placement() -> None:
    game = Game(rules=SANMA, table=TENHOU_SANMA_TABLE, seed=3)
    assert game.scores == (35000, 35000, 35000)
    names = []
    rng = random.Random(3)
    while not game.is_over:
        game_round = game.deal()
        names.append(game_round.name)
        while not game_round.is_over:
            seat = game_round.to_act[0]
            actions = game_round.legal_actions(seat)
            wins = [a for a in actions if isinstance(a, Ron | Tsumo)]
            game_round.apply(wins[0] if wins else rng.choice(actions))
        assert sum(game_round.scores) + 1000 * game_round.sticks == 105000
        assert all(len(r.deltas) == 3 for r in game_round.results)
    assert names[0] == "E1" and "E3" in names and "E4" not in names
    record = game.record()
    assert sum(record.final_scores) == 105000 and len(record.points) == 3
    assert TENHOU_SANMA_TABLE.placement_points([48700, 27600, 28700]) == (43.0, -32.0, -11.0)


def test_a_three_player_wall_is_checked() -> None:
    ids = list(THREE_PLAYER_IDS)
    with pytest.raises(InvalidContextError):
        Wall.from_sequence([*ids[:-1], 4], dealer=0)  # a 2m in a three-player wall
    with pytest.raises(InvalidContextError):
        Wall.from_sequence(ids, dealer=3)
    wall = Wall.from_sequence(ids, dealer=1)
    assert wall.players == 3 and len(wall.live) == 55 and len(wall.rinshan) == 8
    assert wall.dora_indicator(3) == wall.live[-2] and wall.ura_indicator(4) == wall.live[-3]


# -- real games ---------------------------------------------------------------------------

@pytest.mark.parametrize("document", documents(DATA / "sanma_games.mjlog"),
                         ids=lambda d: str(len(d)))
def test_real_three_player_games_replay_as_recorded(document: str) -> None:
    game = parse_mjlog(document)
    record = replay_game(game)  # every recorded value, payment and end is checked on the way
    last = game.rounds[-1].events[-1]
    recorded = getattr(last, "recorded", None)
    assert recorded is not None and recorded.final is not None
    assert record.final_scores == recorded.final.scores[:3]
    assert record.points == recorded.final.points[:3]
    blanked = replay_game(parse_mjlog(blank(document)))
    assert blanked.final_scores == record.final_scores and blanked.points == record.points
    assert [r.results for r in blanked.rounds] == [r.results for r in record.rounds]


# -- the JSON scorer ----------------------------------------------------------------------


def _score(*requests: dict[str, object]) -> list[dict[str, object]]:
    from mahjong_core.jsonapi import score_request

    return [score_request(r) for r in requests]


def test_score_json_takes_players_and_kita() -> None:
    tsumo, kita, four_kita, no_two_man = _score(
        {"hand": "123456789p23s11z", "win_tile": "1s", "tsumo": True, "riichi": True,
         "seat_wind": "S", "dora_indicators": "9p", "players": 3},
        {"hand": "111m456p789s23s11z", "win_tile": "1s", "riichi": True, "players": 3,
         "kita": 2, "dora_indicators": "3z", "seat_wind": "S"},
        {"hand": "111m456p789s23s11z", "win_tile": "1s", "riichi": True, "kita": 1},
        {"hand": "123m456p789s23s11z", "win_tile": "1s", "players": 3})
    assert tsumo["payments"] == {"dealer": 4000, "non_dealer": 2000} and tsumo["points"] == 6000
    assert kita["dora"] == {"dora": 4, "aka": 0, "ura": 0}
    assert "three players" in str(four_kita["error"])
    assert "2m-8m" in str(no_two_man["error"])
    (clash,) = _score({"hand": "111m456p789s23s11z", "win_tile": "1s", "players": 3,
                       "rules": {"players": 4}})
    assert "players is 3" in str(clash["error"])
    (honba,) = _score({"hand": "111m456p789s23s11z", "win_tile": "1s", "riichi": True,
                       "players": 3, "honba": 1, "seat_wind": "S"})
    assert honba["payments"] == {"discarder": int(str(honba["points"])) + 200}


def _riichi_then_seat1(draw: str) -> Round:
    """Seat 0 declares riichi (waiting on 1s/3s); seat 1 draws ``draw``."""
    wall = Wall.stacked(["123456789p1133s", "19m278p3s5s125677z", "99m126p79s355667z"],
                        live=f"9m{draw}", rinshan="2z", dora="5z")
    game_round = sanma_round(wall)
    drawn = game_round.drawn
    assert drawn is not None
    game_round.apply(Discard(0, drawn, riichi=True))
    while game_round.phase is not Phase.TURN:
        game_round.apply(Pass(game_round.to_act[0]))
    assert game_round.current == 1
    return game_round


def _ron_on_three_sou(game_round: Round) -> Win:
    three = next(i for i in game_round.concealed(1) if i // 4 == 20)
    game_round.apply(Discard(1, TileId(three)))
    game_round.apply(Ron(0))
    (result,) = game_round.results
    assert isinstance(result, Win)
    return result


def test_a_north_set_aside_ends_ippatsu_unless_robbed() -> None:
    """As Tenhou's logs show: seat 1's kita passes, so seat 0's ron in its first go-around
    after riichi has no ippatsu; without the kita it has."""
    plain = _riichi_then_seat1("3z")
    assert _ron_on_three_sou(plain).context.ippatsu
    kita = _riichi_then_seat1("4z")
    north = kita.drawn
    assert north is not None
    kita.apply(Kita(1, north))
    assert kita.phase is Phase.TURN and kita.current == 1
    assert not _ron_on_three_sou(kita).context.ippatsu


def test_in_riichi_only_the_drawn_north_is_set_aside() -> None:
    wall = Wall.stacked(["123456789p11s44z", "19m278p3s5s125677z", "99m126p79s355667z"],
                        live="9m2z4z", dora="5z")
    game_round = sanma_round(wall)
    held = next(i for i in game_round.concealed(0) if i // 4 == 30)
    assert Kita(0, TileId(held)) in game_round.legal_actions(0)  # not in riichi: any north
    drawn = game_round.drawn
    assert drawn is not None
    game_round.apply(Discard(0, drawn, riichi=True))  # waits on 1s / 4z
    while game_round.phase is not Phase.TURN or game_round.current != 0:
        actions = game_round.legal_actions(game_round.to_act[0])
        passes = [a for a in actions if isinstance(a, Pass)]
        safe = [a for a in actions if isinstance(a, Discard) and a.tile // 4 not in (18, 30)]
        game_round.apply(passes[0] if passes else safe[0])
    assert not any(isinstance(a, Kita) for a in game_round.legal_actions(0))
    with pytest.raises(IllegalActionError, match="riichi"):
        game_round.apply(Kita(0, TileId(held)))


# -- a north set aside interrupts the first go-around -------------------------------------
#
# Tenhou treats a kita like a call: once it stands (nobody robs it), every chance of the
# first go-around is gone for everyone (double riichi, tenhou and chiihou, renhou, nine
# terminals) and so is the ippatsu of every riichi made before it, the kita player's own
# included (Tenhou's logs: a riichi player who sets aside the north drawn in the go-around
# after the riichi wins on the replacement tile without ippatsu).

WAITS_1S_3S = "123456789p1133s"
"""Seat 1's hand in these tests: ittsu in pin, waiting on 1s and 3s."""
OTHERS = ("19m278p59s125677z", "99m1456p79s35566z")
"""The dealer's and seat 2's hands: they can neither win on nor call what is thrown here."""


def _after_the_dealers_turn(kita: bool, throw: str, draws: str, seat1: str = WAITS_1S_3S,
                            rules: Rules = SANMA) -> Round:
    """The dealer's first draw is a north that it sets aside, ``throw`` coming as the
    replacement (``kita``), or ``throw`` itself; the dealer throws it. ``draws`` are the
    next live draws (seat 1's, then seat 2's)."""
    first = "4z" if kita else throw
    wall = Wall.stacked([OTHERS[0], seat1, OTHERS[1]], live=first + draws,
                        rinshan=throw if kita else "", dora="7p")
    game_round = Round(wall, dealer=0, rules=rules, table=TENHOU_SANMA_TABLE)
    drawn = game_round.drawn
    assert drawn is not None
    if kita:
        game_round.apply(Kita(0, drawn))
        assert game_round.phase is Phase.TURN and game_round.current == 0
        drawn = game_round.drawn
        assert drawn is not None and game_round.events[-1] == TileDrawn(0, drawn, True)
    game_round.apply(Discard(0, drawn))
    return game_round


def _tsumogiri_by(game_round: Round, *seats: int) -> None:
    """After the discard on the table is let go, each of ``seats`` in turn throws the tile
    it draws, which everyone lets go."""
    for seat in seats:
        while game_round.phase is not Phase.TURN:
            game_round.apply(Pass(game_round.to_act[0]))
        drawn = game_round.drawn
        assert game_round.current == seat and drawn is not None
        game_round.apply(Discard(seat, drawn))
    while game_round.phase is not Phase.TURN:
        game_round.apply(Pass(game_round.to_act[0]))


def _win_of_seat_1(game_round: Round, action: Tsumo | Ron) -> Win:
    game_round.apply(action)
    (result,) = game_round.results
    assert isinstance(result, Win) and result.winner == 1
    return result


@pytest.mark.parametrize("kita", [False, True])
def test_a_first_discard_after_anothers_kita_is_a_plain_riichi(kita: bool) -> None:
    """Seat 1's riichi on its first discard is a double riichi (2 han) unless the dealer
    set a north aside before it: then it is a plain riichi (1 han), as Tenhou scores it.
    Ippatsu is kept either way (the kita came before the riichi)."""
    game_round = _after_the_dealers_turn(kita, "2z", "8s3s")
    assert game_round.phase is Phase.TURN and game_round.current == 1
    seat1_draw = game_round.drawn
    assert seat1_draw is not None
    game_round.apply(Discard(1, seat1_draw, riichi=True))
    three = game_round.drawn
    assert game_round.current == 2 and three is not None and three // 4 == 20
    game_round.apply(Discard(2, three))
    win = _win_of_seat_1(game_round, Ron(1))
    han = dict(win.result.yaku_han)
    assert win.context.double_riichi is not kita
    assert han.get(Yaku.DOUBLE_RIICHI) == (None if kita else 2)
    assert han.get(Yaku.RIICHI) == (1 if kita else None)
    assert han[Yaku.IPPATSU] == 1 and han[Yaku.ITTSU] == 2


@pytest.mark.parametrize("kita", [False, True])
def test_no_chiihou_after_anothers_kita(kita: bool) -> None:
    game_round = _after_the_dealers_turn(kita, "2z", "3s")
    assert game_round.current == 1 and Tsumo(1) in game_round.legal_actions(1)
    win = _win_of_seat_1(game_round, Tsumo(1))
    assert win.context.chiihou is not kita
    if kita:
        assert win.result.yaku == Yaku.MENZEN_TSUMO | Yaku.ITTSU
    else:
        assert win.result.yaku == Yaku.CHIIHOU


@pytest.mark.parametrize("kita", [False, True])
def test_no_renhou_after_anothers_kita(kita: bool) -> None:
    """With renhou in the rules, seat 1's ron on the dealer's first discard, before its
    own first draw, is renhou unless a kita came first."""
    rules = Rules(players=3, honba_points=200, renhou=True)
    game_round = _after_the_dealers_turn(kita, "3s", "", rules=rules)
    assert game_round.to_act == (1,)
    win = _win_of_seat_1(game_round, Ron(1))
    assert win.context.renhou is not kita
    assert bool(win.result.yaku & Yaku.RENHOU) is not kita


@pytest.mark.parametrize("kita", [False, True])
def test_no_nine_terminals_after_anothers_kita(kita: bool) -> None:
    game_round = _after_the_dealers_turn(kita, "2z", "3s", seat1="19m19p19s123z2345p")
    assert game_round.current == 1
    assert (NineTerminals(1) in game_round.legal_actions(1)) is not kita
    if kita:
        with pytest.raises(IllegalActionError, match="nine terminals"):
            game_round.apply(NineTerminals(1))
    else:
        game_round.apply(NineTerminals(1))
        assert game_round.results == (Draw(DrawKind.NINE_TERMINALS, (), (0, 0, 0)),)


def test_ones_own_kita_ends_ones_first_turn() -> None:
    """The dealer sets a north aside on its first draw: its riichi on the discard after
    it is a plain riichi (with ippatsu)."""
    wall = Wall.stacked([WAITS_1S_3S, *OTHERS], live="4z5z2z3s", rinshan="8s", dora="7p")
    game_round = sanma_round(wall)
    north = game_round.drawn
    assert north is not None
    game_round.apply(Kita(0, north))
    replacement = game_round.drawn
    assert replacement is not None
    game_round.apply(Discard(0, replacement, riichi=True))
    _tsumogiri_by(game_round, 1, 2)
    assert game_round.current == 0 and Tsumo(0) in game_round.legal_actions(0)
    game_round.apply(Tsumo(0))
    (win,) = game_round.results
    assert isinstance(win, Win) and not win.context.double_riichi
    assert win.result.yaku == Yaku.RIICHI | Yaku.IPPATSU | Yaku.MENZEN_TSUMO | Yaku.ITTSU


def test_a_riichi_players_own_kita_leaves_no_ippatsu_on_the_replacement() -> None:
    """As Tenhou's logs show: seat 0 declares riichi, sets aside the north it draws in
    the next go-around and wins on the replacement tile: riichi, rinshan and tsumo, no
    ippatsu."""
    wall = Wall.stacked([WAITS_1S_3S, *OTHERS], live="5z2z2z4z", rinshan="3s", dora="7p")
    game_round = sanma_round(wall)
    first = game_round.drawn
    assert first is not None
    game_round.apply(Discard(0, first, riichi=True))
    _tsumogiri_by(game_round, 1, 2)
    north = game_round.drawn
    assert game_round.current == 0 and north is not None and north // 4 == 30
    game_round.apply(Kita(0, north))
    game_round.apply(Tsumo(0))
    (win,) = game_round.results
    assert isinstance(win, Win) and win.context.rinshan and not win.context.ippatsu
    assert win.result.yaku == (Yaku.DOUBLE_RIICHI | Yaku.RINSHAN | Yaku.MENZEN_TSUMO
                               | Yaku.ITTSU)


# -- riichi near the end of the wall ------------------------------------------------------


def test_a_three_player_riichi_needs_three_live_tiles() -> None:
    """Tenhou lets a three-player riichi be declared while the declarer can still draw once
    more: with 3 live tiles left (the two others draw 2), not with 2."""
    assert TENHOU_SANMA_TABLE.riichi_min_tiles == 3
    wall = Wall.stacked([WAITS_1S_3S, "11199m345789s66z", "9m1256p4679s3457z"], dora="7p")
    game_round = sanma_round(wall)
    while not (game_round.phase is Phase.TURN and game_round.current == 0
               and game_round.live_remaining == 3):
        if game_round.phase is Phase.TURN:
            drawn = game_round.drawn
            assert drawn is not None
            game_round.apply(Discard(game_round.current, drawn))
        else:
            game_round.apply(Pass(game_round.to_act[0]))
    drawn = game_round.drawn
    assert drawn is not None and Discard(0, drawn, riichi=True) in game_round.legal_actions(0)
    game_round.apply(Discard(0, drawn, riichi=True))
    while game_round.phase is not Phase.TURN:
        game_round.apply(Pass(game_round.to_act[0]))
    assert game_round.in_riichi(0) and game_round.current == 1
    assert game_round.live_remaining == 2 and game_round.hand(1).shanten() == 0
    assert not any(isinstance(a, Discard) and a.riichi for a in game_round.legal_actions(1))
    drawn = game_round.drawn
    assert drawn is not None
    with pytest.raises(IllegalActionError, match="only 2 tiles are left; riichi needs 3"):
        game_round.apply(Discard(1, drawn, riichi=True))
