"""Replay checks each round's deal, dice, draws and indicators against the walls of the
game's shuffle seed, and names the first tile that differs."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

from mahjong_core import TileId
from mahjong_core.errors import InvalidLogError
from mahjong_core.formats import TenhouShuffle, parse_mjlog, replay_game, tenhou_walls
from mahjong_core.formats.game_log import (
    Agari,
    Call,
    CallKind,
    Draw,
    GameLog,
    LogEvent,
    LogRound,
    NewDora,
)
from mahjong_core.formats.replay import _shows_as_shuffled, _wall_seen, check_shuffle_wall

from .support.logs import documents

DATA = Path(__file__).resolve().parent / "data"
LOGS = [*documents(DATA / "rare_rounds.mjlog"),
        (DATA / "2019021004gm-00a9-0000-e2f6516d.mjlog").read_text(encoding="utf-8")]


@pytest.mark.parametrize("number", range(len(LOGS)))
def test_real_games_match_their_seed(number: int) -> None:
    game = parse_mjlog(LOGS[number])
    assert game.shuffle_seed is not None
    for log_round, shuffle in zip(game.rounds, tenhou_walls(game.shuffle_seed), strict=False):
        assert log_round.dealer is not None
        check_shuffle_wall(log_round, shuffle, log_round.dealer)
    replay_game(game)


def _game() -> GameLog:
    return parse_mjlog(LOGS[-1])


def _with_round(game: GameLog, number: int, log_round: LogRound) -> GameLog:
    rounds = list(game.rounds)
    rounds[number] = log_round
    return attrs.evolve(game, rounds=tuple(rounds))


def _swap(log_round: LogRound, first: int, second: int) -> LogRound:
    """The round with two tile ids exchanged in its deal, draws and indicators."""
    def other(tile: TileId) -> TileId:
        return TileId(second if tile == first else first if tile == second else tile)

    def others(tiles: tuple[TileId, ...]) -> tuple[TileId, ...]:
        return tuple(other(tile) for tile in tiles)

    events: list[LogEvent] = []
    for event in log_round.events:
        if isinstance(event, Draw | NewDora):
            events.append(attrs.evolve(event, tile=other(event.tile)))
        elif isinstance(event, Agari):
            events.append(attrs.evolve(event, ura_indicators=others(event.ura_indicators)))
        else:
            events.append(event)
    return attrs.evolve(log_round, hands=tuple(others(hand) for hand in log_round.hands),
                        dora_indicator=other(log_round.dora_indicator), events=tuple(events))


def test_a_changed_draw_is_named() -> None:
    game = _game()
    first = game.rounds[0]
    draws = [e for e in first.events if isinstance(e, Draw)]
    # the 5th draw exchanged with a tile nobody sees (a copy of the same kind if possible)
    seen = {t for h in first.hands for t in h} | {d.tile for d in draws} | {
        first.dora_indicator}
    target = draws[4].tile
    hidden = next(t for t in range(136) if t not in seen)
    damaged = _with_round(game, 0, _swap(first, target, hidden))
    with pytest.raises(InvalidLogError, match=(
            rf"round 1 \(E1 honba 0\): draw 5 \(seat {draws[4].seat}\) is .* \(id {hidden}\), "
            rf"but the wall from the game's shuffle seed has .* \(id {target}\) there")):
        replay_game(damaged)


def test_a_changed_deal_is_named() -> None:
    game = _game()
    first = game.rounds[0]
    dealt = first.hands[2][0]
    elsewhere = first.hands[3][0]
    with pytest.raises(InvalidLogError, match=r"E1 honba 0\): seat 2 is dealt .*, but the wall "
                                              r"from the game's shuffle seed deals it"):
        replay_game(_with_round(game, 0, _swap(first, dealt, elsewhere)))


def test_changed_dice_and_indicators_are_named() -> None:
    game = _game()
    first = game.rounds[0]
    with pytest.raises(InvalidLogError, match=r"E1 honba 0\): the log's dice are"):
        replay_game(_with_round(game, 0, attrs.evolve(first, dice=(5, 5))))
    seen = {t for h in first.hands for t in h} | {
        e.tile for e in first.events if isinstance(e, Draw)}
    hidden = next(t for t in range(136) if t not in seen and t != first.dora_indicator)
    with pytest.raises(InvalidLogError, match=r"dora indicator 1 is .*shuffle seed"):
        replay_game(_with_round(game, 0, _swap(first, first.dora_indicator, hidden)))


def test_a_changed_ura_indicator_is_named() -> None:
    game = _game()
    number, log_round, ura = next(
        (n, r, e.ura_indicators[0]) for n, r in enumerate(game.rounds)
        for e in r.events if isinstance(e, Agari) and e.ura_indicators)
    seen = {t for h in log_round.hands for t in h} | {
        e.tile for e in log_round.events if isinstance(e, Draw | NewDora)} | {
        log_round.dora_indicator}
    hidden = next(t for t in range(136) if t not in seen and t != ura)
    with pytest.raises(InvalidLogError, match=r"ura indicator 1 is .*shuffle seed"):
        replay_game(_with_round(game, number, _swap(log_round, ura, hidden)))


def test_another_games_seed_is_refused() -> None:
    game = _game()
    other = parse_mjlog(LOGS[0]).shuffle_seed
    with pytest.raises(InvalidLogError, match="seat 0 is dealt"):
        replay_game(attrs.evolve(game, shuffle_seed=other))
    replay_game(attrs.evolve(game, shuffle_seed=None))   # no seed: nothing to check


def _draws_around_a_kan() -> tuple[GameLog, int, list[int]]:
    """A real round with a replacement draw after a kan: the game, the round's number and
    the event indices of the live draw before it, the replacement draw and the live draw
    after it."""
    for document in LOGS:
        game = parse_mjlog(document)
        for number, log_round in enumerate(game.rounds):
            events = log_round.events
            for at, event in enumerate(events[:-1]):
                if (isinstance(event, Call) and event.call.kind in _KANS
                        and isinstance(events[at + 1], Draw)):
                    before = max(n for n in range(at) if isinstance(events[n], Draw))
                    after = next(n for n in range(at + 2, len(events))
                                 if isinstance(events[n], Draw))
                    return game, number, [before, at + 1, after]
    raise AssertionError("no replacement draw in the logs")


_KANS = (CallKind.MINKAN, CallKind.ANKAN, CallKind.SHOUMINKAN)


@pytest.mark.parametrize(("changed", "named"), [
    ((1, 2), r"replacement draw \d+ \(seat \d\) is .* \(id {0}\)"),
    ((0, 1), r"round \d+ \(.*\): draw \d+ \(seat \d\) is .* \(id {0}\)"),
])
def test_the_first_changed_draw_is_named_live_or_replacement(changed: tuple[int, int],
                                                             named: str) -> None:
    """Of two changed draws, one a replacement draw, the one the log shows first."""
    game, number, places = _draws_around_a_kan()
    log_round = game.rounds[number]
    seen = {t for h in log_round.hands for t in h} | {
        e.tile for e in log_round.events if isinstance(e, Draw | NewDora)} | {
        log_round.dora_indicator}
    hidden = [t for t in range(136) if t not in seen][:2]
    for place, tile in zip(changed, hidden, strict=True):
        drawn = log_round.events[places[place]]
        assert isinstance(drawn, Draw)
        log_round = _swap(log_round, drawn.tile, TileId(tile))
    with pytest.raises(InvalidLogError, match=named.format(hidden[0])):
        replay_game(_with_round(game, number, log_round))


def _round_checked(log_round: LogRound, shuffle: TenhouShuffle) -> str | None:
    """The message of the tile-by-tile check of a round against its shuffle, or None."""
    assert log_round.dealer is not None
    try:
        check_shuffle_wall(log_round, shuffle, log_round.dealer)
    except InvalidLogError as error:
        return str(error)
    return None


@pytest.mark.parametrize("number", range(len(LOGS)))
def test_the_comparison_in_a_few_steps_passes_only_what_the_check_passes(number: int) -> None:
    """Every real round passes the comparison of whole parts (the common case costs no look
    tile by tile); each round changed (two tiles exchanged, the dice, a hand's order) fails
    it whenever the tile-by-tile check refuses it, and the check's answer is unchanged."""
    game = parse_mjlog(LOGS[number])
    assert game.shuffle_seed is not None
    rng = random.Random(number)
    refused = 0
    for log_round, shuffle in zip(game.rounds, tenhou_walls(game.shuffle_seed), strict=False):
        assert log_round.dealer is not None
        wall = shuffle.wall(log_round.dealer)
        dice = (shuffle.dice[0] - 1, shuffle.dice[1] - 1)
        seen = _wall_seen(log_round)
        assert _shows_as_shuffled(log_round, seen, wall, dice)
        first, second = rng.sample(range(136), 2)
        hands = tuple(hand[::-1] for hand in log_round.hands)
        for changed in (_swap(log_round, TileId(first), TileId(second)),
                        attrs.evolve(log_round, dice=(dice[1], dice[0])),
                        attrs.evolve(log_round, hands=hands)):
            message = _round_checked(changed, shuffle)
            fast = _shows_as_shuffled(changed, _wall_seen(changed), wall, dice)
            assert not (fast and message is not None)
            refused += message is not None
    assert refused >= len(game.rounds)
