"""What an observation offers a player: its hand, the tiles it sees, the seats around it
and the legal action for a tile, checked on every decision of random games against what
the round itself knows."""

from __future__ import annotations

import ast
import copy
import inspect
import textwrap
from collections import Counter
from collections.abc import Iterator
from itertools import islice, pairwise

import attrs
import pytest

from mahjong_core import TENHOU_SANMA_RULES, Hand, Tile
from mahjong_core.errors import IllegalActionError, InvalidNotationError, InvalidSeatError
from mahjong_core.hand import scorer_view
from mahjong_core.meld import Relative
from mahjong_core.seats import relative_seat
from mahjong_core.table import (
    Discard,
    DoraRevealed,
    Game,
    HiddenDraw,
    Observation,
    Phase,
    Ron,
    Round,
    TileDrawn,
    Tsumo,
)
from tests.support.played_games import SANMA_EAST_TABLE, positions

SEEDS = range(6)


def observations(seed: int, players: int = 4) -> Iterator[tuple[Round, Observation]]:
    """The observation of every decision of two rounds of a random game, with its round
    (as it stands until the next item is asked for)."""
    positions_of = positions(seed) if players == 4 else positions(
        seed, rules=TENHOU_SANMA_RULES, table=SANMA_EAST_TABLE)
    for r, seat in positions_of:
        yield r, r.observe(seat)


def hidden_from(r: Round, seat: int) -> Counter[int]:
    """Per kind, the tiles ``seat`` cannot see: the other concealed hands and every wall
    tile not drawn or turned over (the oracle of ``visible_counts``)."""
    wall = r.wall
    drawn = [e for e in r.events if isinstance(e, TileDrawn)]
    live = sum(not e.rinshan for e in drawn)
    rinshan = sum(e.rinshan for e in drawn)
    shown = 1 + sum(isinstance(e, DoraRevealed) for e in r.events)
    indicators = [wall.dora_indicator(n) for n in range(5)]
    in_play = {i for s in range(r.players) for i in r.concealed(s)}
    in_play |= {i for s in range(r.players) for m in r.melds(s) for i in m.ids}
    in_play |= {t.tile for s in range(r.players) for t in r.river(s)}
    # a three-player wall keeps its last indicators at the live wall's end: a drawn one
    # is in play, not hidden
    unseen = set(wall.live[live:]) | set(wall.rinshan[rinshan:]) | set(wall.ura)
    unseen |= set(indicators[shown:])
    unseen -= set(indicators[:shown])  # turned over, even where it lies in the live wall
    hidden = [i for s in range(r.players) if s != seat for i in r.concealed(s)]
    hidden += unseen - in_play
    return Counter(i // 4 for i in hidden)


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_hand_and_the_seen_tiles_agree_with_the_round(seed: int, players: int) -> None:
    for r, seen in observations(seed, players):
        seat = seen.seat
        built = Hand([Tile.from_id136(i, red_fives=seen.rules.red_fives)
                      for i in seen.hand], [m.meld for m in r.melds(seat)])
        assert seen.own_hand == r.hand(seat)
        assert seen.own_hand == built
        # what the scorer reads too (the hand's full flag, the kinds it has all of, ...)
        assert scorer_view(seen.own_hand) == scorer_view(built)
        assert [t.kind for t in seen.tiles] == [i // 4 for i in r.concealed(seat)]
        hidden = hidden_from(r, seat)
        copies = 4 if players == 4 else None
        for kind, count in enumerate(seen.visible_counts()):
            total = copies if copies is not None else (0 if 1 <= kind <= 7 else 4)
            assert count == total - hidden[kind], (kind, seen.visible_counts())
        mine = Counter(t.kind for t in seen.own_hand.tiles)
        mine.update(t.kind for m in seen.own_hand.melds for t in m.tiles)
        outside = Counter(t.kind for t in seen.visible_tiles())
        assert [outside[k] + mine[k] for k in range(34)] == list(seen.visible_counts())
        assert seen.visible_bytes() == bytes(seen.visible_counts())


@pytest.mark.parametrize("players", [4, 3])
def test_the_seats_around(players: int) -> None:
    for _, seen in islice(observations(1, players), 40):
        seat = seen.seat
        assert seen.players == players
        assert (seen.shimocha - seat) % players == 1
        assert (seat - seen.kamicha) % players == 1
        assert seen.toimen == (None if players == 3 else (seat + 2) % 4)
        assert seen.seat_wind == seen.wind_of(seat)
        assert [seen.wind_of(s) for s in range(players)] == [
            (s - seen.dealer) % players for s in range(players)]
        others = [s for s in range(players) if s != seat]
        assert [seen.relative(s) for s in others] == [relative_seat(seat, s, players=players)
                                                      for s in others]
        assert seen.relative(seen.kamicha) is Relative.KAMICHA
        with pytest.raises(InvalidSeatError):
            seen.relative(seat)


@pytest.mark.parametrize("seed", SEEDS)
def test_discard_finds_each_legal_discard_and_only_those(seed: int) -> None:
    for _, seen in observations(seed):
        tiles = [Tile.from_id136(i, red_fives=seen.rules.red_fives) for i in range(136)]
        discards = [a for a in seen.legal_actions if isinstance(a, Discard)]
        for action in discards:
            tile = tiles[action.tile]
            tsumogiri = action.tile == seen.drawn
            assert seen.discard(tile, riichi=action.riichi, tsumogiri=tsumogiri) == action
            assert seen.discard(str(tile), riichi=action.riichi) in discards
        legal = {(tiles[a.tile], a.riichi) for a in discards}
        for kind in range(34):
            for riichi in (False, True):
                if (Tile(kind), riichi) not in legal:
                    with pytest.raises(IllegalActionError):
                        seen.discard(Tile(kind), riichi=riichi)
        assert seen.win() == (seen.legal_actions.first(Tsumo) or seen.legal_actions.first(Ron))


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize("seed", SEEDS[:3])
def test_discard_options_are_the_hands_advice_as_legal_actions(seed: int, players: int) -> None:
    for _, seen in observations(seed, players):
        if not seen.is_turn:
            with pytest.raises(IllegalActionError):
                seen.discard_options()
            continue
        options = seen.discard_options()
        advice = seen.own_hand.discard_options(seen.visible_tiles(), players=players)
        assert [o for o, _ in options] == [o for o in advice
                                           if any(o.tile.kind == a.tile // 4
                                                  for _, a in options)]
        for option, action in options:
            assert action in seen.legal_actions and not action.riichi
            played = Tile.from_id136(action.tile, red_fives=seen.rules.red_fives)
            assert played == option.tile or (played.kind == option.tile.kind and all(
                a.tile >> 2 != played.kind or a.tile == action.tile
                for a in seen.legal_actions if isinstance(a, Discard)))
        kinds = {a.tile // 4 for a in seen.legal_actions if isinstance(a, Discard)}
        assert {o.tile.kind for o, _ in options} == kinds


def test_discard_refuses_bad_text_and_values() -> None:
    seen = Game(seed=1).deal().observe(0)
    with pytest.raises(InvalidNotationError):
        seen.discard("8z")
    with pytest.raises(IllegalActionError):
        seen.discard(16)  # type: ignore[arg-type]
    assert seen.phase is Phase.TURN and seen.is_turn


def test_help_says_what_every_field_holds() -> None:
    tree = ast.parse(textwrap.dedent(inspect.getsource(Observation)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    documented = {node.target.id for node, after in pairwise(body)
                  if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
                  and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant)}
    fields = {field.name for field in attrs.fields(Observation)}
    assert fields - documented == {"round_wind"}  # a Wind says what it is
    assert "the tile just drawn included" in " ".join((_doc("hand")).split())


def _doc(name: str) -> str:
    source = textwrap.dedent(inspect.getsource(Observation))
    start = source.index(f"\n{' ' * 4}{name}: ")
    return source[start:source.index('"""', source.index('"""', start) + 3)]


@pytest.mark.parametrize("players", [4, 3])
def test_events_are_the_rounds_with_other_draws_hidden(players: int) -> None:
    kept = []
    for r, seen in islice(observations(2, players), 300):
        kept.append((seen, seen.events))
        events = seen.events
        assert len(events) == len(r.events)
        for mine, real in zip(events, r.events, strict=True):
            if isinstance(real, TileDrawn) and real.seat != seen.seat:
                assert mine == HiddenDraw(real.seat, real.rinshan)
            else:
                assert mine == real
    # the round went on: each observation still holds the events it was made with
    assert all(seen.events == events for seen, events in kept)


@pytest.mark.parametrize("players", [4, 3])
def test_observe_builds_the_value_its_constructor_builds(players: int) -> None:
    for _, seen in islice(observations(3, players), 200):
        assert type(seen) is Observation
        # the fields a caller sets: the round's own Hand (``own_hand`` ready made) is not one
        fields = {f.name: getattr(seen, f.name) for f in attrs.fields(Observation) if f.init}
        made = Observation(**fields)
        assert made == seen and made.own_hand == seen.own_hand
        # counted from the fields, as the round counted them while the tiles showed
        assert made.visible_counts() == seen.visible_counts()
        assert made.visible_bytes() == seen.visible_bytes() == bytes(seen.visible_counts())
        assert attrs.evolve(seen) == seen
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            seen.seat = 1  # type: ignore[misc]


@pytest.mark.parametrize("players", [4, 3])
def test_observations_kept_do_not_change_as_the_round_goes_on(players: int) -> None:
    kept = []
    for _, seen in islice(observations(4, players), 300):
        fields = tuple(getattr(seen, f.name) for f in attrs.fields(Observation))
        # every field an immutable value (hashable), copied as it stands now
        hash(fields)
        kept.append((seen, copy.deepcopy(fields)))
    assert all(tuple(getattr(seen, f.name) for f in attrs.fields(Observation)) == fields
               for seen, fields in kept)
