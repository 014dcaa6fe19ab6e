"""The actions' text: written for every legal action of random games (four and three
players, with and without red fives) and read back to the same action; bad text refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core import TENHOU_SANMA_RULES, Rules, Tile, TileId
from mahjong_core.errors import IllegalActionError, InvalidNotationError, MahjongError
from mahjong_core.table import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kita,
    LegalActions,
    NineTerminals,
    OpenKan,
    Pass,
    Pon,
    Ron,
    Tsumo,
    action_text,
)
from tests.support.played_games import SANMA_EAST_TABLE, positions

TEXTS: list[tuple[Action, str]] = [
    (Discard(0, TileId(0)), "1m"),
    (Discard(1, TileId(16)), "0m"),
    (Discard(1, TileId(17)), "5m"),
    (Discard(2, TileId(135), riichi=True), "riichi 7z"),
    (Discard(0, TileId(52), riichi=True), "riichi 0p"),
    (Tsumo(0), "tsumo"),
    (Ron(3), "ron"),
    (Pass(2), "pass"),
    (OpenKan(1), "minkan"),
    (Kita(0, TileId(120)), "kita"),
    (NineTerminals(0), "nine_terminals"),
    (Chi(1, (TileId(12), TileId(20))), "chi 46m"),
    (Chi(1, (TileId(12), TileId(16))), "chi 40m"),
    (Pon(2, (TileId(88), TileId(89))), "pon 05s"),
    (Pon(2, (TileId(124), TileId(125))), "pon 55z"),
    (AddedKan(0, TileId(52)), "shouminkan 0p"),
    (ClosedKan(0, Tile.parse("1z")), "ankan 1z"),
    (ClosedKan(0, Tile.parse("0m")), "ankan 5m"),
]


@pytest.mark.parametrize(("action", "text"), TEXTS)
def test_each_action_has_its_text(action: Action, text: str) -> None:
    assert str(action) == text == action_text(action)
    legal = LegalActions([action])
    assert legal.text(action) == text and legal.parse(text) == action
    assert legal.parse(f"  {text.replace(' ', '   ')} ") == action


def test_without_red_fives_a_five_is_plain() -> None:
    legal = LegalActions([Discard(0, TileId(16)), Pon(1, (TileId(52), TileId(53)))],
                         red_fives=False)
    assert legal.texts() == ("5m", "pon 55p")
    assert legal.parse("5m") == Discard(0, TileId(16))
    with pytest.raises(IllegalActionError):
        legal.parse("0m")


def test_a_tsumogiri_is_marked_only_where_the_hand_holds_another() -> None:
    three, drawn = TileId(8), TileId(9)
    legal = LegalActions([Discard(0, drawn), Discard(0, three), Discard(0, drawn, riichi=True),
                          Discard(0, three, riichi=True), Discard(0, TileId(40))], drawn=drawn)
    assert legal.texts() == ("tsumogiri 3m", "3m", "riichi tsumogiri 3m", "riichi 3m", "2p")
    alone = LegalActions([Discard(0, TileId(9)), Discard(0, TileId(40))], drawn=TileId(9))
    assert alone.texts() == ("3m", "2p")
    assert alone.parse("tsumogiri 3m") == Discard(0, TileId(9))  # accepted where it is not needed
    with pytest.raises(IllegalActionError):
        alone.parse("tsumogiri 2p")


@pytest.mark.parametrize(("text", "error"), [
    ("", InvalidNotationError), ("5", InvalidNotationError), ("8z", InvalidNotationError),
    ("chi", InvalidNotationError), ("riichi", InvalidNotationError),
    ("discard 5m", InvalidNotationError), ("pon 5m", InvalidNotationError),
    ("Tsumo", InvalidNotationError), ("6m", IllegalActionError), ("ron", IllegalActionError),
    ("chi 46m", IllegalActionError), ("riichi 1m", IllegalActionError),
])
def test_bad_or_illegal_text_is_refused(text: str, error: type[MahjongError]) -> None:
    legal = LegalActions([Discard(0, TileId(0)), Pass(0)])
    with pytest.raises(error):
        legal.parse(text)
    with pytest.raises(IllegalActionError):
        legal.text(Ron(0))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_any_text_is_an_action_or_refused_by_the_librarys_error(text: str) -> None:
    legal = LegalActions([Discard(0, TileId(0)), Discard(0, TileId(1), riichi=True), Pass(0),
                          Chi(0, (TileId(4), TileId(8)))])
    try:
        action = legal.parse(text)
    except MahjongError:
        return
    assert action in legal


GAMES = [(seed, None, None) for seed in range(8)] + [
    (seed, TENHOU_SANMA_RULES, SANMA_EAST_TABLE) for seed in range(4)]


@pytest.mark.parametrize(("seed", "rules", "table"), GAMES)
def test_every_legal_action_of_random_games_round_trips(seed: int, rules: Rules | None,
                                                         table: object) -> None:
    kwargs = {} if rules is None else {"rules": rules, "table": table}
    checked = 0
    for game_round, seat in positions(seed, rounds=3, **kwargs):  # type: ignore[arg-type]
        legal = game_round.legal_actions(seat)
        texts = legal.texts()
        assert len(set(texts)) == len(legal), texts
        for action, text in zip(legal, texts, strict=True):
            assert legal.text(action) == text and legal.parse(text) == action
            plain = action_text(action, red_fives=game_round.rules.red_fives)
            assert text == plain or (isinstance(action, Discard) and action.tile == legal.drawn
                                     and text.replace("tsumogiri ", "") == plain)
            if game_round.rules.red_fives:
                assert plain == str(action)
            checked += 1
        assert str(legal) == ", ".join(texts)
    assert checked > 100
