"""The table engine as the judge of a replay's frames, and the page's frames put back
together as its script does.

``engine_moments`` replays a round's record through a fresh ``Round``, turning each
event back into the decision that made it, and yields the engine's own view of the table
after every decision, with how many of the round's events had happened by then.
``merge_changes`` is the page script's ``merge`` written again in Python.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import attrs

from mahjong_core import Meld, Tile
from mahjong_core.table import (
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    DoraRevealed,
    Draw,
    DrawKind,
    GameRecord,
    Kita,
    KitaDeclared,
    MeldCalled,
    NineTerminals,
    OpenKan,
    Pass,
    Phase,
    Pon,
    RiichiAccepted,
    Ron,
    Round,
    RoundRecord,
    TileDiscarded,
    Tsumo,
    Win,
)

__all__ = ["EngineSeat", "Moment", "engine_moments", "frame_index", "merge_changes"]

_ANSWERING = (Phase.CALLS, Phase.CHANKAN)


@attrs.frozen
class EngineSeat:
    """One seat as the engine holds it: every concealed tile (the drawn one too), melds,
    the discards still in the river (tile, tsumogiri), north tiles, whether its riichi
    stick lies on the table."""

    tiles: tuple[Tile, ...]
    drawn: Tile | None
    melds: tuple[Meld, ...]
    river: tuple[tuple[Tile, bool], ...]
    kita: tuple[Tile, ...]
    riichi: bool


@attrs.frozen
class Moment:
    """The engine's table after one decision, and how many events had happened."""

    events: int
    seats: tuple[EngineSeat, ...]
    dora: tuple[Tile, ...]
    live: int
    scores: tuple[int, ...]
    sticks: int
    over: bool
    """The round has ended (its last frame shows it)."""


def _moment(game_round: Round, red: bool) -> Moment:
    def tile(i: int) -> Tile:
        return Tile.from_id136(i, red_fives=red)

    seats = []
    for seat in range(game_round.players):
        seen = game_round.observe(seat)
        drawn = seen.drawn
        seats.append(EngineSeat(
            tiles=tuple(sorted((tile(i) for i in seen.hand), key=lambda t: (t.kind, t.red))),
            drawn=None if drawn is None else tile(drawn),
            melds=tuple(m.meld for m in game_round.melds(seat)),
            river=tuple((tile(r.tile), r.tsumogiri) for r in game_round.river(seat)
                        if not r.called),
            kita=tuple(tile(i) for i in seen.kita[seat]),
            riichi=any(isinstance(e, RiichiAccepted) and e.seat == seat
                       for e in game_round.events)))
    return Moment(events=len(game_round.events), seats=tuple(seats),
                  dora=tuple(tile(i) for i in game_round.dora_indicators),
                  live=game_round.live_remaining, scores=game_round.scores,
                  sticks=game_round.sticks, over=game_round.is_over)


def _answer(game_round: Round, *actions: Any) -> None:
    """The seats of ``actions`` answer with them, every other seat asked passes."""
    mine = {action.seat for action in actions}
    for seat in game_round.to_act:
        if seat not in mine:
            game_round.apply(Pass(seat))
    for action in actions:
        if game_round.phase in _ANSWERING:
            game_round.apply(action)


def _pass_all(game_round: Round) -> None:
    while game_round.phase in _ANSWERING:
        game_round.apply(Pass(game_round.to_act[0]))


def _decide(game_round: Round, event: object) -> bool:
    """Make the decision behind ``event``; False for an event no decision makes."""
    if isinstance(event, TileDiscarded):
        _pass_all(game_round)
        game_round.apply(Discard(event.seat, event.tile, event.riichi))
    elif isinstance(event, KitaDeclared):
        _pass_all(game_round)
        game_round.apply(Kita(event.seat, event.tile))
    elif isinstance(event, MeldCalled):
        meld, seat = event.meld, event.seat
        kind = meld.meld.kind.value
        if kind == "ankan":
            _pass_all(game_round)
            game_round.apply(ClosedKan(seat, Tile(meld.ids[0] // 4)))
        elif kind == "shouminkan":
            _pass_all(game_round)
            assert meld.added is not None
            game_round.apply(AddedKan(seat, meld.added))
        else:
            own = tuple(i for i in meld.ids if i != meld.called)
            call = (Chi(seat, (own[0], own[1])) if kind == "chi" else
                    Pon(seat, (own[0], own[1])) if kind == "pon" else OpenKan(seat))
            _answer(game_round, call)
    else:
        return False
    return True


def _finish(game_round: Round, played: RoundRecord) -> None:
    wins = [r for r in played.results if isinstance(r, Win)]
    if wins and wins[0].is_tsumo:
        _pass_all(game_round)
        game_round.apply(Tsumo(wins[0].winner))
    elif wins:
        _answer(game_round, *(Ron(w.winner) for w in wins))
    else:
        draw = played.results[0]
        assert isinstance(draw, Draw)
        if draw.kind is DrawKind.NINE_TERMINALS:
            _pass_all(game_round)
            game_round.apply(NineTerminals(game_round.current))
        elif draw.kind is DrawKind.TRIPLE_RON:
            _answer(game_round, *(Ron(s) for s in game_round.to_act))
        else:
            _pass_all(game_round)


def engine_moments(record: GameRecord, played: RoundRecord) -> Iterator[Moment]:
    """The engine's table after each decision of ``played`` (a round of ``record``)."""
    game_round = Round(played.wall, dealer=played.dealer, round_wind=played.round_wind,
                       dealer_index=played.dealer_index, honba=played.honba,
                       sticks=played.sticks, scores=played.start_scores,
                       rules=record.rules, table=record.table)
    red = record.rules.red_fives
    yield _moment(game_round, red)
    for index, event in enumerate(played.events):
        if len(game_round.events) > index:  # the engine made it itself (a draw, ...)
            continue
        if _decide(game_round, event):
            yield _moment(game_round, red)
    _finish(game_round, played)
    assert game_round.is_over and game_round.results == played.results
    yield _moment(game_round, red)


def frame_index(played: RoundRecord, events: int) -> int:
    """The frame of the table after the first ``events`` events: one for the deal and
    one for each event but a new dora indicator or a riichi stick."""
    return sum(not isinstance(e, DoraRevealed | RiichiAccepted) for e in played.events[:events])


def merge_changes(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The page's states from its frames: the first whole, each later one the state
    before with its changes (a dict changing a list at the indices it names)."""
    states: list[dict[str, Any]] = []
    for change in frames:
        if not states:
            states.append(dict(change))
            continue
        state = dict(states[-1])
        for key, value in change.items():
            if isinstance(value, dict):
                items = list(state[key])
                for index, item in value.items():
                    items[int(index)] = item
                state[key] = items
            else:
                state[key] = value
        states.append(state)
    return states
