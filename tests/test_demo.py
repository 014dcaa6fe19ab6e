"""The demo game: over 1,000 seeded hands, replay every record and check it independently.

The engine's records are replayed here from the shuffled wall and the event log alone:
the tiles must account for all 136 ids, each win must be what ``evaluate`` says for
the recorded hand and situation, no ron may be furiten (recomputed here from the
discards, not taken from the engine's trackers), and the points must add up.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator

import pytest

from mahjong_core import (
    Hand,
    Meld,
    MeldKind,
    Relative,
    Tile,
    Wind,
    WinResult,
    Yaku,
    evaluate,
    parse_tiles,
    tiles_from_ids136,
)
from mahjong_core.demo import (
    STARTING_SCORE,
    EventKind,
    GameRecord,
    HandRecord,
    Outcome,
    WinRecord,
    format_game,
    main,
    play_game,
    play_hand,
    summarize,
)

HANDS = 1000
TOTAL = 4 * STARTING_SCORE
CALLS = (EventKind.CHI, EventKind.PON, EventKind.MINKAN)
KANS = (EventKind.MINKAN, EventKind.SHOUMINKAN, EventKind.ANKAN)


@pytest.fixture(scope="module")
def games() -> list[GameRecord]:
    """Whole games from seeds 0, 1, 2, ... until they hold at least 1,000 hands."""
    played: list[GameRecord] = []
    seed = 0
    while sum(len(g.hands) for g in played) < HANDS:
        played.append(play_game(seed))
        seed += 1
    return played


def all_hands(games: list[GameRecord]) -> Iterator[HandRecord]:
    for game in games:
        yield from game.hands


def tile(tile_id: int) -> Tile:
    return Tile.from_id136(tile_id)


# -- an independent replay of one hand ------------------------------------------------


def base_points(han: int, fu: int) -> int:
    """Base points as the rules define them (no yakuman here)."""
    if han >= 13:
        return 8000
    if han >= 11:
        return 6000
    if han >= 8:
        return 4000
    if han >= 6:
        return 3000
    return min(fu << (han + 2), 2000)


def up(points: int) -> int:
    return -(-points // 100) * 100


class Replay:
    """Walks a hand's events from the wall and the deal, checking each step."""

    def __init__(self, record: HandRecord) -> None:
        self.record = record
        wall = record.wall
        assert sorted(wall) == list(range(136))
        assert sorted(i for deal in record.deal for i in deal) == sorted(wall[:52])
        self.concealed: list[list[int]] = [list(deal) for deal in record.deal]
        self.melds: list[list[list[int]]] = [[], [], [], []]
        self.melds_lib: list[list[Meld]] = [[], [], [], []]
        self.opened = [False] * 4
        self.rivers: list[list[int]] = [[], [], [], []]
        self.live_draws = self.rinshan_draws = self.kans = 0
        self.sticks = record.sticks_before
        # furiten, recomputed from what went by
        self.own: list[set[int]] = [set(), set(), set(), set()]
        self.since: list[set[int]] = [set(), set(), set(), set()]
        self.after_riichi: list[set[int]] = [set(), set(), set(), set()]
        self.riichi = [False] * 4
        self.double_riichi = [False] * 4
        self.ippatsu = [False] * 4
        self.discarded = [False] * 4
        self.interrupted = False
        self.pending: tuple[int, int, bool] | None = None
        """(seat, kind, is a kan tile) of a tile offered for ron and not passed yet."""
        self.riichi_pending = False
        self.added = (0, 0)
        """(seat, tile id) of the last added kan."""
        self.last_draw: EventKind | None = None
        self.wins_seen = 0

    @property
    def live_left(self) -> int:
        return 70 - self.live_draws - self.kans

    def hand(self, seat: int) -> Hand:
        return Hand(tiles_from_ids136(self.concealed[seat]), self.melds_lib[seat])

    def pass_pending(self) -> None:
        """The offered tile went by: temporary (and riichi) furiten for the others."""
        if self.pending is None:
            return
        seat, kind, _ = self.pending
        for other in range(4):
            if other != seat:
                self.since[other].add(kind)
                if self.riichi[other]:
                    self.after_riichi[other].add(kind)
        if self.riichi_pending:
            self.sticks += 1
            self.riichi_pending = False
        self.pending = None

    def run(self) -> None:
        record = self.record
        wall = record.wall
        events = record.events
        for index, event in enumerate(events):
            seat, kind = event.seat, event.kind
            if kind is not EventKind.RON:
                if self.pending is not None and self.pending[2]:  # an added kan went by
                    self.complete_added_kan()
                self.pass_pending()
            if kind is EventKind.DRAW:
                assert event.tile == wall[52 + self.live_draws]
                self.live_draws += 1
                assert self.live_left >= 0
                self.concealed[seat].append(event.tile)
                self.last_draw = kind
                nxt = events[index + 1] if index + 1 < len(events) else None
                if self.riichi[seat] and (nxt is None or nxt.kind is not EventKind.TSUMO):
                    self.after_riichi[seat].add(event.tile // 4)
            elif kind is EventKind.RINSHAN:
                assert event.tile == wall[122 + self.rinshan_draws]
                self.rinshan_draws += 1
                assert self.rinshan_draws == self.kans
                self.concealed[seat].append(event.tile)
                self.last_draw = kind
            elif kind is EventKind.RIICHI:
                assert not self.opened[seat] and not self.riichi[seat]
                assert self.live_left >= 4
                assert record.scores_before[seat] >= 1000  # one riichi per seat and hand
                self.riichi[seat] = self.ippatsu[seat] = True
                self.double_riichi[seat] = not self.discarded[seat] and not self.interrupted
                nxt = events[index + 1]
                assert nxt.kind is EventKind.DISCARD and nxt.seat == seat
            elif kind is EventKind.DISCARD:
                self.concealed[seat].remove(event.tile)
                self.rivers[seat].append(event.tile)
                if self.riichi[seat] and events[index - 1].kind is not EventKind.RIICHI:
                    self.ippatsu[seat] = False
                if events[index - 1].kind is EventKind.RIICHI:
                    assert self.hand(seat).is_tenpai(), "riichi on a hand that is not tenpai"
                    self.riichi_pending = True
                self.own[seat].add(event.tile // 4)
                self.since[seat].clear()
                self.discarded[seat] = True
                self.pending = (seat, event.tile // 4, False)
            elif kind in CALLS:
                assert event.source is not None and event.source != seat
                assert not self.riichi[seat]
                assert self.live_left > 0, "a call on the last discard"
                if kind is EventKind.CHI:
                    assert (event.source - seat) % 4 == 3, "chi from a player not on the left"
                assert self.rivers[event.source].pop() == event.tile
                for i in event.tiles:
                    if i != event.tile:
                        self.concealed[seat].remove(i)
                self.add_meld(seat, list(event.tiles), kind, event.tile, event.source)
                self.opened[seat] = True
                self.break_ippatsu()
                if kind is EventKind.MINKAN:
                    self.kans += 1
            elif kind is EventKind.SHOUMINKAN:
                assert self.live_left > 0
                self.pending = (seat, event.tile // 4, True)
                self.added = (seat, event.tile)
            elif kind is EventKind.ANKAN:
                assert self.live_left > 0 and not self.riichi[seat]
                for i in event.tiles:
                    self.concealed[seat].remove(i)
                self.add_meld(seat, list(event.tiles), kind, None, None)
                self.kans += 1
                self.break_ippatsu()
            elif kind is EventKind.DORA:
                assert event.tile == wall[126 + self.kans]
            else:
                self.check_win(event.seat, event.tile, kind is EventKind.TSUMO, event.source)
        assert self.wins_seen == len(record.wins)
        self.check_end()

    def add_meld(self, seat: int, ids: list[int], kind: EventKind, called: int | None,
                 source: int | None) -> None:
        self.melds[seat].append(ids)
        relative = None
        if source is not None:
            relative = (Relative.SHIMOCHA, Relative.TOIMEN,
                        Relative.KAMICHA)[(source - seat) % 4 - 1]
        self.melds_lib[seat].append(Meld(MeldKind(kind.value), tiles_from_ids136(ids),
                                         called=tile(called) if called is not None else None,
                                         called_from=relative))

    def complete_added_kan(self) -> None:
        seat, added = self.added
        self.concealed[seat].remove(added)
        index = next(n for n, ids in enumerate(self.melds[seat])
                     if len(ids) == 3 and all(i // 4 == added // 4 for i in ids))
        self.melds[seat][index] = [*self.melds[seat][index], added]
        pon = self.melds_lib[seat][index]
        self.melds_lib[seat][index] = Meld(MeldKind.SHOUMINKAN, (*pon.tiles, tile(added)),
                                           called=pon.called, called_from=pon.called_from)
        self.kans += 1
        self.break_ippatsu()

    def break_ippatsu(self) -> None:
        self.interrupted = True
        self.ippatsu = [False] * 4

    def check_win(self, seat: int, win_id: int, tsumo: bool, source: int | None) -> None:
        record = self.record
        win = record.wins[self.wins_seen]
        self.wins_seen += 1
        assert win.winner == seat and win.win_tile_id == win_id and win.discarder == source
        assert win.win_tile == tile(win_id)
        ctx = win.context
        if tsumo:
            self.concealed[seat].remove(win_id)
        assert win.hand == self.hand(seat), "the recorded hand is not the replayed one"
        if tsumo:
            self.concealed[seat].append(win_id)
        # the situation, recomputed from the events
        chankan = not tsumo and self.pending is not None and self.pending[2]
        assert ctx.tsumo == tsumo and ctx.chankan == chankan
        assert ctx.rinshan == (tsumo and self.last_draw is EventKind.RINSHAN)
        assert ctx.haitei == (tsumo and self.last_draw is EventKind.DRAW
                              and self.live_left == 0)
        assert ctx.houtei == (not tsumo and not chankan and self.live_left == 0)
        assert ctx.riichi == self.riichi[seat]
        assert ctx.double_riichi == self.double_riichi[seat]
        assert ctx.ippatsu == self.ippatsu[seat]
        first = tsumo and not self.discarded[seat] and not self.interrupted
        assert ctx.tenhou == (first and seat == record.dealer)
        assert ctx.chiihou == (first and seat != record.dealer)
        assert ctx.seat_wind == Wind((seat - record.dealer) % 4)
        assert ctx.round_wind == record.round_wind
        indicators = [tile(i) for i in record.wall[126:127 + self.kans]]
        assert list(ctx.dora_indicators) == indicators
        if ctx.riichi:
            assert list(ctx.ura_indicators) == [tile(i) for i in record.wall[131:132 + self.kans]]
        first_winner = self.wins_seen == 1
        assert ctx.honba == (record.honba if first_winner else 0)
        assert ctx.riichi_sticks == (self.sticks if first_winner else 0)
        if not tsumo:
            waits = {t.kind for t in win.hand.waits()}
            seen = self.own[seat] | self.since[seat] | self.after_riichi[seat]
            assert not waits & seen, f"a furiten ron: waits {waits}, seen {seen & waits}"
            assert not ctx.furiten

    def check_end(self) -> None:
        record = self.record
        wall = record.wall
        assert self.kans == len(record.kans) <= 4
        assert len(record.dora_indicators) == 1 + self.kans
        for seat in range(4):
            assert sorted(self.concealed[seat]) == sorted(record.concealed[seat])
            assert [list(m.ids) for m in record.melds[seat]] == self.melds[seat]
            assert list(record.rivers[seat]) == self.rivers[seat]
            size = len(self.concealed[seat]) + 3 * len(self.melds[seat])
            assert size in (13, 14)
        assert list(record.live_wall) == list(wall[52 + self.live_draws:122 - self.kans])
        assert self.live_draws + len(record.live_wall) + self.kans == 70
        assert self.rinshan_draws == self.kans
        if record.outcome is Outcome.EXHAUSTIVE_DRAW:
            assert self.live_draws == 70 - self.kans
            assert record.live_wall == ()
        assert len(record.dead_wall) == 14
        assert sorted(record.dead_wall) == sorted(
            (*wall[122 + self.rinshan_draws:], *wall[122 - self.kans:122]))
        everything = [*record.live_wall, *record.dead_wall]
        for seat in range(4):
            everything += [*record.concealed[seat], *record.rivers[seat]]
            everything += [i for m in record.melds[seat] for i in m.ids]
        assert sorted(everything) == list(range(136))
        if record.outcome is Outcome.EXHAUSTIVE_DRAW:
            assert record.tenpai == tuple(self.hand(s).is_tenpai() for s in range(4))


# -- the tests ------------------------------------------------------------------------


def test_games_hold_1000_hands(games: list[GameRecord]) -> None:
    assert sum(len(g.hands) for g in games) >= HANDS
    assert all(g.end in ("south 4 over", "bust") for g in games)


def test_every_hand_replays_from_the_wall_and_the_events(games: list[GameRecord]) -> None:
    for record in all_hands(games):
        Replay(record).run()


def test_points_are_conserved_after_every_hand(games: list[GameRecord]) -> None:
    for game in games:
        scores, sticks = (STARTING_SCORE,) * 4, 0
        for record in game.hands:
            assert (record.scores_before, record.sticks_before) == (scores, sticks)
            assert sum(record.scores_after) + 1000 * record.sticks_after == TOTAL
            moved = tuple(a - b for a, b in zip(record.scores_after, record.scores_before,
                                                strict=True))
            assert moved == record.deltas
            scores, sticks = record.scores_after, record.sticks_after
        assert (game.scores, game.riichi_sticks) == (scores, sticks)


def expected_payments(win: WinRecord) -> tuple[int, ...]:
    """What each seat pays or gets for a non-yakuman win without pao, from han and fu."""
    result, ctx = win.result, win.context
    base = base_points(result.han, result.fu)
    dealer = ctx.seat_wind is Wind.EAST
    deltas = [0, 0, 0, 0]
    if win.discarder is not None:
        paid = up(base * (6 if dealer else 4)) + 300 * ctx.honba
        deltas[win.discarder] = -paid
    else:
        dealer_seat = (win.winner - ctx.seat_wind) % 4
        for seat in range(4):
            if seat != win.winner:
                share = 2 if dealer or seat == dealer_seat else 1
                deltas[seat] = -(up(base * share) + 100 * ctx.honba)
    deltas[win.winner] = -sum(deltas) + 1000 * ctx.riichi_sticks
    return tuple(deltas)


def test_every_win_re_evaluates_to_the_same_payments(games: list[GameRecord]) -> None:
    checked = 0
    for record in all_hands(games):
        for win in record.wins:
            again = evaluate(win.hand, win.win_tile, win.context)
            assert isinstance(again, WinResult)
            assert again.payments == win.result.payments
            assert (again.yaku, again.han, again.fu) == (win.result.yaku, win.result.han,
                                                        win.result.fu)
            assert sum(win.deltas) == win.result.payments.sticks
            assert win.deltas[win.winner] == win.result.total
            if not win.result.yakuman and win.liable is None:
                assert win.deltas == expected_payments(win), win
                checked += 1
    assert checked > 100


def test_exhaustive_draws_pay_noten_and_riichi_sticks(games: list[GameRecord]) -> None:
    for record in all_hands(games):
        riichi_paid = [0] * 4
        for seat in record.riichi_seats:
            riichi_paid[seat] -= 1000
        if record.outcome is Outcome.EXHAUSTIVE_DRAW:
            ready = sum(record.tenpai)
            for seat in range(4):
                noten = 0
                if 0 < ready < 4:
                    noten = 3000 // ready if record.tenpai[seat] else -3000 // (4 - ready)
                assert record.deltas[seat] == noten + riichi_paid[seat]
        elif record.outcome is Outcome.ABORTIVE_DRAW:
            assert record.abort_reason in ("triple ron", "four kans")
            assert not record.wins


def repeats(record: HandRecord) -> bool:
    """The dealer deals again: an abortive draw, a dealer win or a tenpai dealer."""
    return (record.outcome is Outcome.ABORTIVE_DRAW
            or any(w.winner == record.dealer for w in record.wins)
            or (record.outcome is Outcome.EXHAUSTIVE_DRAW and record.tenpai[record.dealer]))


def test_dealers_rotate_and_games_end_by_the_rules(games: list[GameRecord]) -> None:
    for game in games:
        first = game.hands[0]
        assert (first.dealer, first.round_wind, first.honba) == (0, Wind.EAST, 0)
        for before, after in zip(game.hands, game.hands[1:], strict=False):
            assert min(before.scores_after) >= 0
            won = bool(before.wins)
            repeat = repeats(before)
            index = 4 * before.round_wind + before.dealer + (0 if repeat else 1)
            assert (after.dealer, after.round_wind) == (index % 4, Wind(index // 4))
            assert after.honba == (0 if won and not repeat else before.honba + 1)
        last = game.hands[-1]
        if game.end == "bust":
            assert min(last.scores_after) < 0
        else:
            assert min(last.scores_after) >= 0
            assert (last.round_wind, last.dealer) == (Wind.SOUTH, 3)
            assert not repeats(last)


def test_the_bots_produce_every_kind_of_result(games: list[GameRecord]) -> None:
    stats = summarize(games)
    assert stats.hands >= HANDS
    assert stats.tsumo > 0.1 * stats.hands
    assert stats.ron > 0.2 * stats.hands
    assert stats.exhaustive_draws > 0.05 * stats.hands
    assert stats.riichi > 0.3 * stats.hands
    assert stats.calls > 0.5 * stats.hands
    assert stats.kans > 0
    assert 1000 < stats.average_points < 12000
    kinds = {e.kind for h in all_hands(games) for e in h.events}
    assert kinds >= {EventKind.CHI, EventKind.PON, EventKind.RIICHI}


def test_the_same_seed_plays_the_same_game() -> None:
    assert play_game(11, hands=3) == play_game(11, hands=3)
    assert format_game(play_game(11, hands=3)) == format_game(play_game(11, hands=3))
    assert play_game(11, hands=3).hands[0].wall != play_game(12, hands=3).hands[0].wall


def run_main(*args: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(args)) == 0
    return out.getvalue()


def test_command_line_log_summary_and_json() -> None:
    log = run_main("--hands", "3", "--seed", "5")
    assert log.count(" honba, ") == 3 and "final standings" in log
    quiet = run_main("--hands", "3", "--seed", "5", "--quiet")
    assert "honba" not in quiet and "final standings" in quiet
    data = json.loads(run_main("--hands", "3", "--seed", "5", "--json"))
    assert len(data["hands"]) == 3
    assert sum(data["scores"]) + 1000 * data["riichi_sticks"] == TOTAL
    assert "\U0001F000" in run_main("--hands", "3", "--seed", "5", "--unicode")


# -- stacked walls: situations too rare to wait for -------------------------------------


def stacked_wall(deals: tuple[str, str, str, str], draws: str) -> list[int]:
    """A wall that deals these 13 tiles to seats 0-3 (seat 0 deals) and then draws
    ``draws`` in order; the rest of the wall follows in id order."""
    pool = list(range(136))

    def take(text: str) -> list[int]:
        ids = []
        for t in parse_tiles(text):
            tile_id = next(i for i in pool if tile(i) == t)
            pool.remove(tile_id)
            ids.append(tile_id)
        return ids

    hands = [take(deal) for deal in deals]
    assert all(len(h) == 13 for h in hands)
    head: list[int] = []
    for size in (4, 4, 4, 1):
        for hand in hands:
            head += hand[:size]
            del hand[:size]
    return head + take(draws) + pool


def play_stacked(deals: tuple[str, str, str, str], draws: str, honba: int = 0,
                 sticks: int = 0) -> HandRecord:
    """Play a stacked hand and check it like any other."""
    record = play_hand(stacked_wall(deals, draws), honba=honba, sticks=sticks)
    Replay(record).run()
    assert sum(record.scores_after) + 1000 * record.sticks_after == TOTAL + 1000 * sticks
    return record


# Three players wait on 7z, which the dealer draws and throws at once.
TRIPLE_RON = ("12345m456p789s23s", "112233778899p7z", "11445566s8899m7z",
              "77m33s11223344z7z")


def test_a_triple_ron_is_an_abortive_draw() -> None:
    record = play_stacked(TRIPLE_RON, "7z", honba=2, sticks=1)
    assert (record.outcome, record.abort_reason) == (Outcome.ABORTIVE_DRAW, "triple ron")
    assert record.wins == () and record.deltas == (0, 0, 0, 0)
    assert record.sticks_after == 1 and record.dealer_repeats


def test_a_double_ron_gives_honba_and_sticks_to_the_first_winner() -> None:
    deals = (*TRIPLE_RON[:3], "1m5m9m1p5p9p1s5s9s1234z")
    record = play_stacked(deals, "7z", honba=2, sticks=1)
    assert record.outcome is Outcome.RON
    first, second = record.wins
    assert (first.winner, second.winner) == (1, 2)  # turn order after the discarder
    assert (first.context.honba, first.context.riichi_sticks) == (2, 1)
    assert (second.context.honba, second.context.riichi_sticks) == (0, 0)
    paid = first.result.payments.discarder + second.result.payments.discarder
    assert record.deltas[0] == -paid
    assert record.sticks_after == 0


def test_chankan_robs_an_added_kan() -> None:
    # P0 riichi on 5p; P1 pons it; P2 riichi waiting on 2p-5p; P1 draws the last 5p
    # and adds it to the pon: P2 wins on it, with ippatsu.
    deals = ("123456m789s23s5p1z", "55p234678m345s6s2z", "34789p456s678m7m3z",
             "159m26p159s14567z")
    record = play_stacked(deals, "1z7m9p4z0p")
    kinds = [e.kind for e in record.events]
    assert EventKind.SHOUMINKAN in kinds and record.kans == ()
    (win,) = record.wins
    assert (win.winner, win.discarder) == (2, 1)
    assert win.context.chankan and win.result.yaku & Yaku.CHANKAN
    assert win.context.ippatsu and win.result.yaku & Yaku.IPPATSU


def test_pao_makes_the_feeder_of_the_third_dragon_pay() -> None:
    deals = ("123m456p789p23s7s5z", "556677z234m5p9m1p9s", "567m345p34567s6z7z",
             "19m19p1s1234z8m2p8p2s")
    record = play_stacked(deals, "8s9s9s1z9p3p0p")
    (win,) = record.wins
    assert win.result.yaku & Yaku.DAISANGEN
    assert win.liable == 2  # P2 discarded the 7z of the third dragon pon
    pay = win.result.payments
    assert pay.liable == win.result.points
    assert record.deltas[2] == -pay.liable - 1000  # and P2's riichi stick


def test_four_kans_by_two_players_abort_the_hand() -> None:
    deals = ("1111z2222z123m45p", "3333z4444z456s78s", "147m258p369s1599p",
             "258m369p147s2688s")
    record = play_stacked(deals, "9m9p")
    assert (record.outcome, record.abort_reason) == (Outcome.ABORTIVE_DRAW, "four kans")
    assert sorted(record.kans) == [0, 0, 1, 1]
    assert len(record.dora_indicators) == 5
