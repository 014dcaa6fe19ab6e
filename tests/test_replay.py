"""Replaying a log: what the record takes from the log (names, lobby, origin), and the
lenient replay of what a log cannot say (placement points by rules it does not state, a
log that stops between rounds), beside the strict default."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import cast

import attrs
import pytest

from mahjong_core.cli.demo import main as demo
from mahjong_core.cli.replay import record_json
from mahjong_core.errors import (
    IllegalActionError,
    InvalidContextError,
    InvalidLogError,
    MahjongError,
)
from mahjong_core.formats import (
    GameLog,
    LogFormat,
    iter_games,
    parse_game,
    parse_mjlog,
    record_to_mjlog,
    replay_game,
    write_game,
)
from mahjong_core.formats import replay as replay_module
from mahjong_core.formats.game_log import (
    Agari,
    Bye,
    Call,
    CallKind,
    LogEvent,
    LogRound,
    NewDora,
    Reconnect,
    Riichi,
)
from mahjong_core.formats.game_log import Discard as LogDiscard
from mahjong_core.formats.game_log import Draw as LogDraw
from mahjong_core.formats.replay import _live_draws_at, _wall, _wall_seen
from mahjong_core.table import Discard, GameOrigin, Round, ShownDiscard, ShownDraw, Wall
from mahjong_core.tile import TileId

from .support.logs import documents
from .support.played_games import play
from .support.table_helpers import assert_same_state

DATA = Path(__file__).resolve().parent / "data"
REAL = documents(DATA / "rare_rounds.mjlog")[1]
"""A real game of the public lobby (lobby 0) with its final standing."""
_OWARI = re.compile(r'owari="([^"]*)"')


def _with(document: str, *, lobby: str | None = None, points: float = 0.0,
          score: int = 0) -> GameLog:
    """The real game from another lobby, or with its first seat's placement points (and
    its final score, in hundreds) changed by ``points`` and ``score``, the last seat's by
    the opposite."""
    if lobby is not None:
        document = document.replace('lobby="0"', f'lobby="{lobby}"', 1)
    owari = _OWARI.search(document)
    assert owari is not None
    values = [float(value) for value in owari.group(1).split(",")]
    values[0] += score
    values[6] -= score
    values[1] += points
    values[7] -= points
    text = ",".join(str(int(v)) if i % 2 == 0 else f"{v:.1f}" for i, v in enumerate(values))
    return parse_mjlog(document[:owari.start(1)] + text + document[owari.end(1):])


def test_the_record_keeps_the_names_lobby_and_origin_of_its_log(tmp_path: Path) -> None:
    path = tmp_path / "game.mjlog"
    path.write_text(REAL, encoding="utf-8")
    (game,) = iter_games(str(path))
    assert isinstance(game, GameLog) and game.origin == GameOrigin(str(path), 0)
    record = replay_game(game)
    assert record.names == game.names == tuple(p.name for p in game.players)
    assert len(record.names) == 4 and all(record.names)
    assert (record.origin, record.lobby, record.warnings) == (game.origin, 0, ())
    assert record.is_finished


def test_a_private_lobby_keeps_its_own_placement_points_with_a_warning() -> None:
    public = replay_game(parse_mjlog(REAL))
    private = _with(REAL, lobby="1234", points=5.0)
    record = replay_game(private)
    assert record.points == (public.points[0] + 5.0, *public.points[1:3],
                             public.points[3] - 5.0)
    assert record.final_scores == public.final_scores and record.lobby == 1234
    (warning,) = record.warnings
    assert warning.startswith("the log's placement points [")
    assert f"are kept (a private lobby's uma); by the table's rules they are " \
           f"{list(public.points)}" in warning


def test_other_placement_points_are_an_error_unless_the_replay_is_lenient() -> None:
    public = replay_game(parse_mjlog(REAL))
    other = _with(REAL, points=0.5)
    with pytest.raises(InvalidLogError, match="the log's final standing is"):
        replay_game(other)
    record = replay_game(other, strict=False)
    assert record.points[0] == public.points[0] + 0.5
    assert record_json(record)["rounds"] == record_json(public)["rounds"]
    (warning,) = record.warnings
    assert "(rules the log does not state)" in warning


@pytest.mark.parametrize("strict", [True, False])
def test_other_final_scores_are_an_error_even_when_lenient(strict: bool) -> None:
    with pytest.raises(InvalidLogError, match="the log's final standing is"):
        replay_game(_with(REAL, lobby="7", score=10), strict=strict)


@pytest.mark.parametrize("fmt", list(LogFormat))
def test_a_log_that_stops_between_rounds_replays_what_it_holds(fmt: LogFormat) -> None:
    played = play(5, rounds=2)
    assert not played.is_finished
    game = parse_game(write_game(played, fmt))
    with pytest.raises(InvalidLogError, match="the log stops before the game ends"):
        replay_game(game)
    record = replay_game(game, strict=False)
    assert not record.is_finished and record.end_reason is None
    assert record_json(record)["rounds"] == record_json(played)["rounds"]
    assert record.final_scores == played.final_scores
    (warning,) = record.warnings
    assert re.fullmatch(r"the log stops before the game ends \(next round [ES][1-4] honba "
                        r"\d+\)", warning)


def test_the_demos_own_short_log_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "one.mjlog"
    with contextlib.redirect_stdout(io.StringIO()):
        assert demo(["--hands", "1", "--seed", "3", "--quiet", "--mjlog", str(path)]) == 0
    (game,) = iter_games(str(path))
    assert isinstance(game, GameLog)
    record = replay_game(game, strict=False)
    assert len(record.rounds) == 1 and not record.is_finished
    assert record.warnings[0].startswith("the log stops before the game ends")


def test_a_round_that_breaks_the_rules_is_an_error_even_when_lenient() -> None:
    draw = re.search(r"<T(\d+)/>", REAL)
    assert draw is not None
    broken = REAL[:draw.start()] + REAL[draw.end():]   # the first draw left out
    with pytest.raises((InvalidLogError, IllegalActionError)):
        replay_game(parse_mjlog(broken), strict=False)


def test_strict_is_a_bool() -> None:
    with pytest.raises(InvalidLogError, match="strict is True or False"):
        replay_game(parse_mjlog(REAL), strict=1)  # type: ignore[arg-type]


# -- the discards nobody answers: let go at once, as every seat's pass would ---------------

REAL_GAMES = (DATA / "real_games.mjlog").read_text(encoding="utf-8").splitlines()
"""Nine real games: double rons, pao, a chankan, nagashi mangan, the abortive draws."""


def _outcome(game: GameLog) -> object:
    """The replay's record, or its error's type and message."""
    try:
        return replay_game(game, strict=False)
    except MahjongError as error:
        return type(error), str(error)


def _mutants(game: GameLog, number: int) -> list[GameLog]:
    """Broken copies of ``game`` up to its round ``number``, with the shuffle check left
    out: at a sample of that round's events, a discard of another tile, a riichi declared
    before a discard, the event after a discard left out, a draw by the next seat, a win
    by another seat, an event left out."""
    log_round = game.rounds[number]
    events = list(log_round.events)
    changed: list[list[LogEvent]] = []
    for at in range(number % 7, len(events), 7):
        event = events[at]
        if isinstance(event, LogDiscard):
            changed += [[*events[:at], attrs.evolve(event, tile=TileId((event.tile + 5) % 136)),
                         *events[at + 1:]],
                        [*events[:at], Riichi(event.seat, 1), *events[at:]],
                        [*events[:at + 1], *events[at + 2:]]]  # what follows it left out
        elif isinstance(event, LogDraw | Agari):
            seat = (event.seat + 1) % game.players_count
            changed.append([*events[:at], attrs.evolve(event, seat=seat), *events[at + 1:]])
        changed.append([*events[:at], *events[at + 1:]])
    return [attrs.evolve(game, shuffle_seed=None, rounds=(
        *game.rounds[:number], attrs.evolve(log_round, events=tuple(mutated))))
        for mutated in changed]


def _first_discard_alone(table_round: Round, discards: Sequence[ShownDiscard],
                         draws: Sequence[ShownDraw]) -> int:
    """A run cut to its first discard, applied alone (``Round.apply``): one discard
    carried out, the passes to come as the log's next event is replayed."""
    table_round.apply(Discard(discards[0].seat, TileId(discards[0].tile)))
    return 1


@pytest.mark.parametrize("number", range(len(REAL_GAMES)))
def test_a_discard_let_go_replays_as_every_seat_s_pass(
        number: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real game (whole, then broken copies of one round: discards of tiles not held,
    riichi not tenpai, draws by the wrong seat, wins that are none, events left out)
    replays to the same record or the same error whether each run of discards nobody
    answers is let go at once (``Round.apply_passed_turns``, and ``Round.apply_passed`` for
    a discard alone) or each discard is applied alone, each seat asked passing on it as the
    log's next event is replayed."""
    game = parse_mjlog(REAL_GAMES[number])
    games = [game, *_mutants(game, number % len(game.rounds))]
    fast = [_outcome(g) for g in games]
    # each discard applied alone, the passes given as the next event is replayed
    monkeypatch.setattr(Round, "apply_passed", Round.apply)
    monkeypatch.setattr(Round, "apply_passed_turns", _first_discard_alone)
    assert [_outcome(g) for g in games] == fast
    assert not isinstance(fast[0], tuple)  # the whole game replays
    assert sum(isinstance(f, tuple) for f in fast) > len(fast) // 3  # most copies fail


def _checked_turns(checked: list[int]) -> Callable[..., int]:
    """``Round.apply_passed_turns`` that also carries out the same turns on a copy of
    the round one ``apply_passed`` at a time, and checks the two rounds keep and show
    the same afterwards, or refuse the same discard with the same message (the turns
    carried out counted in ``checked``)."""
    kernel = Round.apply_passed_turns

    def both_ways(table_round: Round, discards: Sequence[ShownDiscard],
                  draws: Sequence[ShownDraw]) -> int:
        steps = table_round.copy()
        expected: object = len(discards)
        try:
            for done, (discard, draw) in enumerate(zip(discards, draws, strict=True), 1):
                steps.apply_passed(Discard(discard.seat, discard.tile))
                if (steps.drawn, steps.current) != (draw.tile, draw.seat):
                    expected = done
                    break
        except IllegalActionError as error:
            expected = str(error)
        try:
            got: object = kernel(table_round, discards, draws)
        except IllegalActionError as error:
            got = str(error)
        assert got == expected
        assert_same_state(table_round, steps)
        checked.append(got if isinstance(got, int) else 0)
        if isinstance(got, str):
            raise IllegalActionError(got)
        return cast(int, got)

    return both_ways


def _logs_of_every_kind() -> list[GameLog]:
    """Real games (four and three players, kans, north tiles, rare rounds) and games the
    engine played written as mjlog."""
    logs = [parse_mjlog(text) for name in _KAN_LOGS
            for text in (DATA / name).read_text(encoding="utf-8").splitlines()[:3]]
    return logs + [record_to_mjlog(play(seed)) for seed in range(4)]


def test_replayed_runs_leave_each_round_as_its_turns_one_at_a_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every run of turns a replay hands the engine at once (``Round.apply_passed_turns``)
    leaves the round keeping and showing what ``apply_passed`` one discard at a time
    leaves (every field, each seat's state, record, observations, legal lists), on real
    logs and engine-written ones, whole and broken (a discard of a tile not held, a draw
    by another seat: the same count or error, the round as the steps left it)."""
    checked: list[int] = []
    monkeypatch.setattr(Round, "apply_passed_turns", _checked_turns(checked))
    games = _logs_of_every_kind()
    for game in games:
        assert not isinstance(_outcome(game), tuple)
    for number, game in enumerate(games[:4]):
        for mutant in _mutants(game, number % len(game.rounds))[:12]:
            _outcome(mutant)
    assert len(checked) > 500 and sum(checked) > 5000 and checked.count(0) > 3  # 0: refused


def _wall_seen_oracle(log_round: LogRound) -> tuple[list[object], ...]:
    """What the log shows of the wall, event by event: each draw right after a kan,
    kita or added kan (past new dora, wins and connection notes) a replacement draw,
    any other a live draw, with their event indexes; the dora indicators; each win's
    index and ura indicators."""
    live: list[object] = []
    live_at: list[object] = []
    rinshan: list[object] = []
    rinshan_at: list[object] = []
    dora: list[object] = [log_round.dora_indicator]
    uras: list[object] = []
    replacement = False
    for at, event in enumerate(log_round.events):
        if isinstance(event, LogDraw):
            (rinshan if replacement else live).append(event.tile)
            (rinshan_at if replacement else live_at).append(at)
        elif isinstance(event, NewDora):
            dora.append(event.tile)
        elif isinstance(event, Agari):
            uras.append((at, event.ura_indicators))
        if isinstance(event, Call):
            replacement = event.call.kind in (CallKind.MINKAN, CallKind.SHOUMINKAN,
                                              CallKind.ANKAN, CallKind.KITA)
        elif not isinstance(event, NewDora | Agari | Bye | Reconnect):
            replacement = False
    return live, live_at, rinshan, rinshan_at, dora, uras


_KAN_LOGS = ["real_games.mjlog", "rare_rounds.mjlog", "sanma_games.mjlog",
             "tenhou_3p_kita_minkan.mjlog", "tenhou_4p_four_kans.mjlog",
             "tenhou_4p_kans_nine_terminals.mjlog"]


@pytest.mark.parametrize("name", _KAN_LOGS)
def test_the_wall_a_log_shows_is_read_as_event_by_event(name: str) -> None:
    """Every round of real games (kans, north tiles, chankan, double rons) and of their
    broken copies: the live and replacement draws, dora and ura indicators the replay
    reads from a log are those an event-by-event reading finds."""
    kans = 0
    for text in documents(DATA / name):
        game = parse_mjlog(text)
        for log_round in [r for g in [game, *_mutants(game, 0)] for r in g.rounds]:
            seen = _wall_seen(log_round)
            live, live_at, *others = _wall_seen_oracle(log_round)
            assert tuple(seen) == (live, *others)
            assert _live_draws_at(log_round, seen) == live_at
            kans += len(seen.rinshan)
    assert kans > 0


def _built_wall(log_round: LogRound, players: int) -> object:
    """The wall the replay builds from a round, or its error's type and message."""
    try:
        return _wall(log_round, players, _wall_seen(log_round))
    except MahjongError as error:
        return type(error), str(error)


def _with_draw_of(log_round: LogRound, tile: TileId) -> LogRound:
    """The round with its first draw's tile replaced by ``tile``."""
    events = list(log_round.events)
    at, draw = next((n, event) for n, event in enumerate(events)
                    if isinstance(event, LogDraw))
    events[at] = attrs.evolve(draw, tile=tile)
    return attrs.evolve(log_round, events=tuple(events))


def _plain_wall(log_round: LogRound, players: int) -> object:
    """The wall as a plain reading lays it out (or its error's type and message): what the
    log shows in its places (a three-player round's 4th and 5th indicators at the live
    wall's end), every other place filled in order with the set's ids the log does not
    show, smallest first (-1 once there are none), checked whole by ``Wall``."""
    live, _, rinshan, _, dora, uras = _wall_seen_oracle(log_round)
    wins = cast(list[tuple[int, tuple[int, ...]]], uras)
    ura = next((indicators for _, indicators in reversed(wins) if indicators), ())
    hands = log_round.hands[:players]
    sizes = (70, 4, 5) if players == 4 else (55, 8, 3)
    tile_set = set(range(136)) if players == 4 else {i for i in range(136)
                                                       if not 4 <= i < 32}
    shown = {*(i for hand in hands for i in hand), *live, *rinshan, *dora, *ura}
    unseen = iter(sorted(tile_set - shown))
    live_size, rinshan_size, apart = sizes
    if len(live) > live_size or len(rinshan) > rinshan_size:
        return InvalidContextError, "too many draws"
    slots: list[object] = [*live, *[None] * (live_size - len(live))]
    for index, tile in enumerate(dora[apart:]):
        if live_size - 2 - 2 * index < len(live):
            return InvalidContextError, "a dora indicator the log shows was drawn as well"
        slots[live_size - 2 - 2 * index] = tile
    for index, tile in enumerate(ura[apart:]):
        if live_size - 1 - 2 * index < len(live):
            return InvalidContextError, "an ura indicator the log shows was drawn as well"
        slots[live_size - 1 - 2 * index] = tile
    parts: list[list[object]] = [slots, [*rinshan, *[None] * (rinshan_size - len(rinshan))],
             [*dora[:apart], *[None] * (apart - len(dora[:apart]))],
             [*ura[:apart], *[None] * (apart - len(ura[:apart]))]]
    filled = [tuple(next(unseen, -1) if tile is None else tile for tile in part)
              for part in parts]
    try:
        return Wall(hands, *filled)  # type: ignore[arg-type]
    except MahjongError as error:
        return type(error), str(error)


@pytest.mark.parametrize("name", _KAN_LOGS)
def test_the_wall_is_the_plain_reading(name: str) -> None:
    """Real rounds (kans, north tiles, indicators at a three-player wall's end), copies
    that show a tile twice and broken copies: the replay's wall (or error) is the plain
    reading's."""
    cases = []
    for text in documents(DATA / name):
        game = parse_mjlog(text)
        for log_round in [r for g in [game, *_mutants(game, 0)] for r in g.rounds]:
            cases += [log_round, *[_with_draw_of(log_round, tile) for tile in (
                log_round.hands[0][0], log_round.dora_indicator,
                TileId((log_round.dora_indicator + 1) % 136))]]
        built = [(_built_wall(r, game.players_count), _plain_wall(r, game.players_count))
                 for r in cases]
        for ours, plain in built:
            if isinstance(plain, tuple) and plain[1] == "too many draws":
                assert isinstance(ours, tuple) and ours[0] is InvalidContextError \
                    and "a wall has" in ours[1]
            else:
                assert ours == plain
        assert any(isinstance(ours, Wall) for ours, _ in built)
        assert any(isinstance(ours, tuple) for ours, _ in built)


@pytest.mark.parametrize("name", _KAN_LOGS)
def test_the_wall_built_unchecked_is_the_checked_wall(name: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay lays a wall out without the wall's own check only where that check
    passes: real rounds (kans, north tiles) and copies that show a dealt tile, the dora
    indicator or another draw's tile again give the same wall, or the same error, as a
    wall checked whole."""
    cases = []
    for text in documents(DATA / name):
        game = parse_mjlog(text)
        for log_round in game.rounds:
            cases += [(log_round, game.players_count),
                      *[(_with_draw_of(log_round, tile), game.players_count) for tile in (
                          log_round.hands[0][0], log_round.dora_indicator,
                          TileId((log_round.dora_indicator + 1) % 136))]]
    fast = [_built_wall(r, players) for r, players in cases]
    monkeypatch.setattr(replay_module, "trusted_wall", Wall)
    assert [_built_wall(r, players) for r, players in cases] == fast
    assert sum(isinstance(f, Wall) for f in fast) >= len(cases) // 4
    assert sum(isinstance(f, tuple) and f[0] is InvalidContextError for f in fast) > 0
