"""The table engine as a game loop sees it: events, observations, errors, copies, walls."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

import attrs
import pytest

from mahjong_core import TENHOU_SANMA_RULES, Tile, TileId, Wind
from mahjong_core.context import MAX_HONBA, MAX_RIICHI_STICKS
from mahjong_core.errors import IllegalActionError, InvalidContextError, MahjongError
from mahjong_core.table import (
    TENHOU_SANMA_TABLE,
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    MeldCalled,
    NineTerminals,
    OpenKan,
    Pass,
    Phase,
    Pon,
    RiichiAccepted,
    Ron,
    Round,
    TileDiscarded,
    TileDrawn,
    Tsumo,
    Wall,
    Win,
)
from mahjong_core.table.wall import THREE_PLAYER_IDS

from .support.table_helpers import (
    NOTEN,
    deal,
    discard,
    ids_of,
    pair_of,
    pon,
    stacked_wall,
    step,
    tsumogiri,
)

HANDS = ["147m369p147s123z5z", "55z234m678p678s9s1s", "222p444p555p77p88p",
         "78p147m147s1234z9m"]
"""Seat 1 can pon seat 0's 5z; seat 2 is tenpai on 7p and 8p; seat 3 can chi a 9p."""


def snapshot(r: Round) -> object:
    """Everything a caller can read of a round."""
    return (r.phase, r.current, r.to_act, r.scores, r.sticks, r.events, r.results,
            r.live_remaining, r.dora_indicators, r.drawn, r.last_tile, r.kans,
            tuple(r.concealed(s) for s in range(4)), tuple(r.melds(s) for s in range(4)),
            tuple(r.river(s) for s in range(4)), tuple(r.in_riichi(s) for s in range(4)),
            tuple(tuple(r.legal_actions(s)) for s in range(4)))


def test_events_record_each_step_in_order() -> None:
    r = deal(HANDS, "8m 8s 8m")
    first = r.events[0]
    assert isinstance(first, TileDrawn) and first == TileDrawn(0, r.wall.live[0], False)
    five = ids_of(r, 0, "5z")[0]
    discard(r, "5z")
    assert r.events[-1] == TileDiscarded(0, five, False, False)
    assert r.phase is Phase.CALLS and r.to_act == (1,) and r.last_tile == five
    pon(r, 1, "5z")
    called = r.events[-1]
    assert isinstance(called, MeldCalled) and called.seat == 1
    assert called.meld.called == five and called.meld.from_seat == 0
    assert r.river(0)[-1].called and r.melds(1) == (called.meld,)
    nine = ids_of(r, 1, "9s")[0]
    step(r, "9s")
    assert r.events[-2:] == (TileDiscarded(1, nine, False, False),
                             TileDrawn(2, r.wall.live[1], False))
    assert len(r.events) == 5 and r.live_remaining == 68


def test_a_riichi_stick_lies_down_once_the_discard_passes() -> None:
    r = deal(HANDS, "8m 9p")
    discard(r, "5z")
    pon(r, 1, "5z")
    step(r, "9s")
    drawn = r.drawn
    assert drawn is not None and r.current == 2
    r.apply(Discard(2, drawn, riichi=True))
    assert r.to_act == (3,)  # seat 3 may chi the 9p: the stick waits
    assert r.in_riichi(2) and r.sticks == 0 and r.scores[2] == 25000
    assert r.events[-1] == TileDiscarded(2, drawn, True, True)
    while r.phase is Phase.CALLS:
        r.apply(Pass(r.to_act[0]))
    assert r.sticks == 1 and r.scores[2] == 24000 and RiichiAccepted(2) in r.events
    assert r.river(2)[-1].riichi


def test_an_observation_shows_the_own_hand_and_the_open_table_only() -> None:
    r = deal(HANDS, "8m 8s 8m")
    discard(r, "5z")
    pon(r, 1, "5z")
    for seat in range(4):
        seen = r.observe(seat)
        assert seen.seat == seat and seen.hand == r.concealed(seat)
        assert seen.legal_actions == tuple(r.legal_actions(seat))
        assert seen.melds == tuple(r.melds(s) for s in range(4))
        assert seen.rivers == tuple(r.river(s) for s in range(4))
        hidden = {i for s in range(4) if s != seat for i in r.concealed(s)}
        assert hidden.isdisjoint(ids_in(seen)), seat
        assert seen.drawn is None  # seat 1 called: nobody holds a drawn tile
    step(r, "9s")
    assert r.observe(2).drawn == r.drawn and r.observe(3).drawn is None


def ids_in(value: object) -> set[int]:
    """Every tile id inside an attrs value (ints under fields named like tiles)."""
    found: set[int] = set()

    def walk(item: object, tile_field: bool) -> None:
        kind = type(item)
        if attrs.has(kind):
            for field in attrs.fields(kind):
                walk(getattr(item, field.name), field.name in TILE_FIELDS)
        elif isinstance(item, tuple | list):
            for part in item:
                walk(part, tile_field)
        elif tile_field and type(item) is int:
            found.add(item)

    walk(value, False)
    return found


TILE_FIELDS = {"hand", "drawn", "melds", "rivers", "dora_indicators", "last_tile", "tile",
               "tiles", "ids", "called", "added", "legal_actions", "meld"}


def test_illegal_actions_raise_and_change_nothing() -> None:
    r = deal(HANDS, "8m 8s 8m")
    not_held = next(i for i in range(136) if i not in r.concealed(0))
    wrong: list[Action] = [
        Discard(1, r.concealed(1)[0]), Discard(0, TileId(not_held)), Tsumo(0), Ron(1),
        Pass(0), Pon(1, pair_of(r, 1, "5z")), NineTerminals(0), OpenKan(0),
        ClosedKan(0, Tile.parse("1m")), AddedKan(0, r.concealed(0)[0]),
        Chi(1, (r.concealed(1)[0], r.concealed(1)[1]))]
    for action in wrong:
        before = snapshot(r)
        with pytest.raises(IllegalActionError) as caught:
            r.apply(action)
        assert snapshot(r) == before, action
        assert str(caught.value).startswith("E1 honba 0: ")
    discard(r, "5z")
    answers: list[Action] = [Discard(1, r.concealed(1)[0]), Tsumo(1), Ron(1), Pass(0),
                             Pass(2), Chi(1, (r.concealed(1)[0], r.concealed(1)[1])),
                             OpenKan(1), Pon(1, (ids_of(r, 1, "5z")[0], r.concealed(1)[0]))]
    for action in answers:
        before = snapshot(r)
        with pytest.raises(IllegalActionError):
            r.apply(action)
        assert snapshot(r) == before, action


def test_the_error_names_the_round_the_action_and_why() -> None:
    r = deal(HANDS, "8m", round_wind=Wind.SOUTH, dealer=0, honba=2)
    with pytest.raises(IllegalActionError) as caught:
        r.apply(Discard(1, r.concealed(1)[0]))
    message = str(caught.value)
    assert message.startswith("S1 honba 2: Discard(seat=1") and "seat 0's turn" in message
    with pytest.raises(IllegalActionError, match="does not hold"):
        r.apply(Discard(0, r.concealed(1)[0]))


@pytest.mark.parametrize("action", [
    Discard(0, TileId(136)), AddedKan(0, TileId(500)),
    Discard(0, "5z"),  # type: ignore[arg-type]
])
def test_a_tile_id_out_of_range_is_an_illegal_action(action: Discard | AddedKan) -> None:
    r = deal(HANDS, "8m")
    with pytest.raises(IllegalActionError):
        r.apply(action)


def test_actions_that_are_not_actions_are_refused() -> None:
    r = deal(HANDS, "8m")
    for bad in ("discard", None, Discard(7, TileId(0)), Pass(-1)):
        with pytest.raises(IllegalActionError):
            r.apply(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="Tile"):
        r.apply(ClosedKan(0, "1m"))  # type: ignore[arg-type]
    with pytest.raises(InvalidContextError):
        r.legal_actions(4)
    with pytest.raises(InvalidContextError):
        r.observe(-1)


# -- a round never holds what a win cannot carry ------------------------------------------

WINS_ON_1Z = ["123m456p789s1122z", "", "", ""]
"""Seat 0 wins on the 1z it draws."""


def test_a_round_starts_only_with_the_honba_and_sticks_a_win_can_carry() -> None:
    """A round takes at most ``MAX_HONBA`` honba and ``MAX_RIICHI_STICKS`` less one stick
    per player (each may riichi in it), the bounds of ``WinContext``: the largest round
    scores its wins, one more is refused at once."""
    wall = Wall.stacked(WINS_ON_1Z, live="1z")
    with pytest.raises(InvalidContextError, match="honba must be an int from 0 to 100"):
        Round(wall, dealer=0, honba=MAX_HONBA + 1)
    with pytest.raises(InvalidContextError, match="sticks must be an int from 0 to 96"):
        Round(wall, dealer=0, sticks=MAX_RIICHI_STICKS - 3)
    most = Round(wall, dealer=0, honba=MAX_HONBA, sticks=MAX_RIICHI_STICKS - 4)
    assert Tsumo(0) in most.legal_actions(0)
    most.apply(Tsumo(0))
    (win,) = most.results
    assert isinstance(win, Win) and win.context.honba == MAX_HONBA
    assert win.context.riichi_sticks == MAX_RIICHI_STICKS - 4


def test_every_seat_may_riichi_in_a_round_with_the_most_sticks() -> None:
    """Three players each declare riichi, then the dealer wins: the win carries the sticks
    of the round's start and of all three riichi."""
    wall = Wall.stacked(["123456789p1133s", "11199m345789s66z", "9m1256p4678s3457z"],
                        live="2z2z2z3s", dora="7p")
    game_round = Round(wall, dealer=0, honba=MAX_HONBA, sticks=MAX_RIICHI_STICKS - 3,
                       rules=TENHOU_SANMA_RULES, table=TENHOU_SANMA_TABLE)
    for seat in range(3):
        drawn = game_round.drawn
        assert game_round.current == seat and drawn is not None
        riichi = seat < 2
        game_round.apply(Discard(seat, drawn, riichi=riichi))
        while game_round.phase is not Phase.TURN:
            game_round.apply(Pass(game_round.to_act[0]))
    assert game_round.sticks == MAX_RIICHI_STICKS - 1
    game_round.apply(Tsumo(0))
    (win,) = game_round.results
    assert isinstance(win, Win) and win.context.riichi_sticks == MAX_RIICHI_STICKS - 1


def test_a_discard_that_may_be_robbed_at_the_most_honba_is_offered_and_won() -> None:
    """The discard another seat could ron on: offered, won, at the largest honba."""
    game_round = deal([NOTEN, NOTEN, "222p444p555p77p88p", NOTEN], "7p", honba=MAX_HONBA)
    tsumogiri(game_round)
    assert game_round.phase is Phase.CALLS and Ron(2) in game_round.legal_actions(2)
    game_round.apply(Ron(2))
    (win,) = game_round.results
    assert isinstance(win, Win) and win.winner == 2 and win.context.honba == MAX_HONBA


# -- an action is read once --------------------------------------------------------------


def fickle(kind: type[Any], fields: dict[str, object], answers: dict[str, list[object]]
           ) -> Any:
    """An instance of a subclass of the action class ``kind``: ``fields`` as given, and
    each field of ``answers`` a property that gives its values one read after another
    (the last for ever after)."""
    def reader(name: str) -> property:
        def read(self: object) -> object:
            values = vars(self)[name]
            return values.pop(0) if len(values) > 1 else values[0]
        return property(read)

    subclass = type(f"Fickle{kind.__name__}", (kind,), {name: reader(name) for name in answers})
    action: Any = object.__new__(subclass)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    for name, values in answers.items():
        vars(action)[name] = list(values)
    return action


def _fickle_cases() -> list[tuple[str, Callable[[], Round], Callable[[Round], Any]]]:
    """(name, the round, a fickle action on it)."""
    def turn() -> Round:
        return deal(HANDS, "8m")

    def answering() -> Round:
        r = deal(HANDS, "8m")
        discard(r, "5z")  # seat 1 may pon it
        return r

    def pon_then_others(r: Round) -> Any:
        pair, others = pair_of(r, 1, "5z"), ids_of(r, 1, "2m3m")
        return fickle(Pon, {"seat": 1}, {"tiles": [pair, pair, others]})

    def discard_then_another(r: Round) -> Any:
        held = r.concealed(0)
        return fickle(Discard, {"seat": 0, "riichi": False}, {"tile": [held[0], held[5]]})

    def seat_1_then_0(r: Round) -> Any:
        return fickle(Pass, {}, {"seat": [1, 0]})

    def riichi_then_not(r: Round) -> Any:
        return fickle(Discard, {"seat": 0, "tile": r.drawn}, {"riichi": [False, True, 1]})

    return [("pon", answering, pon_then_others), ("discard", turn, discard_then_another),
            ("pass", answering, seat_1_then_0), ("riichi", turn, riichi_then_not)]


def _plain(action: Any) -> Action:
    """The action of the class a fickle action derives from, with the first answers."""
    kind = type(action).__mro__[1]
    return cast(Action, kind(**{f.name: getattr(action, f.name) for f in attrs.fields(kind)}))


@pytest.mark.parametrize(("make", "action"), [case[1:] for case in _fickle_cases()],
                         ids=[case[0] for case in _fickle_cases()])
def test_an_action_whose_fields_change_acts_on_its_first_answers(
        make: Callable[[], Round], action: Callable[[Round], Any]) -> None:
    """Each field is read once and the action is carried out (or refused) on the values
    read: the round ends as the plain action of those values leaves it."""
    expected, actual = make(), make()
    plain = _plain(action(expected))
    fickle_action = action(actual)
    expected.apply(plain)
    actual.apply(fickle_action)
    assert snapshot(actual) == snapshot(expected)
    while actual.phase is not Phase.TURN:  # what was recorded is the plain action
        actual.apply(Pass(actual.to_act[0]))
        expected.apply(Pass(expected.to_act[0]))
    assert snapshot(actual) == snapshot(expected)


def test_the_round_refuses_everything_once_over() -> None:
    r = deal(["123m456p789s5566z", NOTEN, NOTEN, NOTEN], "5z")
    r.apply(Tsumo(0))
    assert r.is_over and r.to_act == () and all(r.legal_actions(s) == [] for s in range(4))
    with pytest.raises(IllegalActionError, match="over"):
        r.apply(Discard(0, r.concealed(0)[0]))


def test_a_copy_is_independent_of_its_original() -> None:
    r = deal([NOTEN, "55z147m369p147s12z", NOTEN, NOTEN], "5z 8m 5z")
    tsumogiri(r)  # the dealer throws 5z: seat 1 may pon it
    twin = r.copy()
    twin.apply(Pon(1, pair_of(r, 1, "5z")))
    assert r.is_legal(Pon(1, pair_of(r, 1, "5z")))
    assert r.phase is Phase.CALLS and r.melds(1) == () and len(twin.melds(1)) == 1
    r.apply(Pass(1))
    step(r, "*")
    tsumogiri(r)  # seat 2 throws the last 5z: seat 1 still holds two
    assert any(isinstance(a, Pon) for a in r.legal_actions(1))


def test_a_copy_is_independent_of_its_original_in_what_it_records() -> None:
    r = deal(HANDS, "8m")
    twin = r.copy()
    discard(twin, "5z")
    assert r.phase is Phase.TURN and r.events != twin.events and r.river(0) == ()
    assert r.concealed(0) != twin.concealed(0)


def test_round_and_wall_refuse_bad_input() -> None:
    wall = stacked_wall([NOTEN] * 4)
    for kwargs in ({"dealer": 4}, {"dealer": 0, "honba": -1}, {"dealer": 0, "sticks": "1"},
                   {"dealer": 0, "scores": (25000, 25000, 25000)},
                   {"dealer": 0, "round_wind": "E"}):
        with pytest.raises(InvalidContextError):
            Round(wall, **kwargs)
    with pytest.raises(InvalidContextError):
        Round("wall", dealer=0)  # type: ignore[arg-type]
    ids = list(range(136))
    with pytest.raises(InvalidContextError, match="once"):
        Wall(wall.hands, (*wall.live[:-1], wall.live[0]), wall.rinshan, wall.dora, wall.ura)
    with pytest.raises(InvalidContextError):
        Wall.from_sequence(ids[:135], dealer=0)
    with pytest.raises(InvalidContextError):
        Wall.from_sequence(ids, dealer=4)
    with pytest.raises(InvalidContextError):
        Wall(wall.hands[:3], wall.live, wall.rinshan, wall.dora, wall.ura)


def test_a_wall_laid_out_from_a_sequence_deals_from_the_dealer() -> None:
    ids = list(range(136))
    wall = Wall.from_sequence(ids, dealer=2)
    # four, four, four and one each, the dealer (seat 2) first
    assert wall.hands[2] == (0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48)
    assert wall.hands[3][:4] == (4, 5, 6, 7) and wall.hands[1][-1] == 51
    assert wall.live == tuple(range(52, 122)) and wall.rinshan == (122, 123, 124, 125)
    assert wall.dora == (126, 127, 128, 129, 130) and wall.ura == (131, 132, 133, 134, 135)
    r = Round(wall, dealer=2)
    assert r.current == 2 and r.drawn == 52 and r.live_remaining == 69


class _OwnDraws(random.Random):
    """A generator that draws its numbers its own way (every shuffle reverses)."""

    def shuffle(self, x: Any) -> None:
        x.reverse()


@pytest.mark.parametrize("players", [3, 4])
def test_a_shuffled_wall_is_the_generators_own_shuffle(players: int) -> None:
    ids = list(range(136)) if players == 4 else list(THREE_PLAYER_IDS)
    for seed in range(300):
        rng, twin = random.Random(seed), random.Random(seed)
        expected = list(ids)
        twin.shuffle(expected)
        assert Wall.shuffled(rng, dealer=0, players=players) == Wall.from_sequence(
            expected, dealer=0)
        assert rng.getstate() == twin.getstate()  # the same numbers drawn, no more
    own = Wall.shuffled(_OwnDraws(1), dealer=1, players=players)
    assert own == Wall.from_sequence(ids[::-1], dealer=1)


@pytest.mark.parametrize("players", [3, 4])
def test_a_wall_from_a_sequence_equals_the_checked_wall_of_its_parts(players: int) -> None:
    ids = list(range(136)) if players == 4 else list(THREE_PLAYER_IDS)
    for seed in range(20):
        random.Random(seed).shuffle(ids)
        wall = Wall.from_sequence(ids, dealer=seed % players)
        parts = (wall.hands, wall.live, wall.rinshan, wall.dora, wall.ura)
        assert Wall(*parts) == wall
        assert all(type(part) is tuple for part in (*parts, *wall.hands))
        dealt = 13 * players
        assert wall.hands[seed % players][:4] == tuple(ids[:4])
        assert (*wall.live, *wall.rinshan, *wall.dora, *wall.ura) == tuple(ids[dealt:])


@pytest.mark.parametrize(("change", "words"), [
    (lambda ids: [*ids[:-1], ids[0]], "once"),
    (lambda ids: [*ids[:-1], True], "ints 0-135"),
    (lambda ids: [*ids[:-1], 136], "ints 0-135"),
    (lambda ids: [*ids[:-1], -1], "ints 0-135"),
    (lambda ids: [*ids[:-1], 3.0], "ints 0-135"),
    (lambda ids: [*ids[:107], 5], "not in a 3-player game"),
])
def test_a_sequence_that_is_no_permutation_is_refused(
        change: Callable[[list[int]], list[int]], words: str) -> None:
    ids = change(list(range(136)) if words != "not in a 3-player game"
                 else list(THREE_PLAYER_IDS))
    with pytest.raises(InvalidContextError, match=words):
        Wall.from_sequence(ids, dealer=0)


@pytest.mark.parametrize(("hands", "places", "words"), [
    (["123m456p789s11223z", "", "", ""], {}, "14 tiles for hand 0, more than the 13 a 4-"),
    (["", "", "19m19p19s1234567z1p"], {}, "14 tiles for hand 2, more than the 13 a 3-"),
    (["", "", "", ""], {"dora": "123456z"}, "6 tiles for the dora indicators, more than the 5"),
    (["", "", ""], {"ura": "1234z"}, "4 tiles for the ura indicators, more than the 3"),
    (["", "", "", ""], {"rinshan": "12345z"}, "5 tiles for the replacement tiles, more than the 4"),
    (["", "", ""], {"live": "1234567z" * 4 + "19m" * 4 + "123456789p" * 2 + "12s"},
     "56 tiles for the live wall, more than the 55 a 3-player"),
])
def test_a_stacked_wall_refuses_more_tiles_than_a_place_holds(
        hands: list[str], places: dict[str, str], words: str) -> None:
    with pytest.raises(InvalidContextError, match=words):
        Wall.stacked(hands, **places)


def test_a_stacked_wall_takes_each_place_up_to_its_size() -> None:
    every_kind = "123456789m123456789p123456789s1234567z"
    wall = Wall.stacked(["123m456p789s1122z", "", "", ""], live=every_kind * 2 + "19m",
                        rinshan="1199p", dora="44m66m7m", ura="34567z")
    assert [i // 4 for i in wall.live] == [*range(34), *range(34), 0, 8]
    assert [i // 4 for i in (*wall.rinshan, *wall.dora, *wall.ura)] == [
        9, 9, 17, 17, 3, 3, 5, 5, 6, 29, 30, 31, 32, 33]


def test_errors_are_the_librarys_own() -> None:
    assert issubclass(IllegalActionError, MahjongError)
    assert issubclass(IllegalActionError, ValueError)
