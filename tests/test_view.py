"""The replay viewer's frames and page, in Python: every frame equals the engine's own table
at every decision of real and played games; the page's compact frames give the states
back; the page is self-contained; bad options are refused. ``test_view_browser.py``
drives the page itself in a browser."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_core import InvalidContextError, MahjongError, Meld, Tile, TileId
from mahjong_core.table import (
    DoraRevealed,
    Game,
    GameRecord,
    MeldCalled,
    RiichiAccepted,
    RoundRecord,
    TileDiscarded,
    TileDrawn,
    Win,
)
from mahjong_core.view import (
    StepKind,
    frame_state,
    game_html,
    game_views,
    meld_code,
    notebook_html,
    page_data,
    round_view,
)

from .support.played_games import game_records, sanma_game_records
from .support.view_games import ENGINE_GAMES, REAL_GAMES, names, record
from .support.view_oracle import Moment, engine_moments, frame_index, merge_changes

ALL_GAMES = REAL_GAMES + ENGINE_GAMES


def _tiles(seat: Any) -> tuple[Tile, ...]:
    held = seat.concealed + ((seat.drawn,) if seat.drawn is not None else ())
    return tuple(sorted(held, key=lambda t: (t.kind, t.red)))


def _differences(view_frame: Any, moment: Moment) -> list[str]:
    found: list[str] = []
    for number, (mine, engine) in enumerate(zip(view_frame.seats, moment.seats, strict=True)):
        river = tuple((r.tile, r.tsumogiri) for r in mine.river)
        checks: tuple[tuple[str, object, object], ...] = (("tiles", _tiles(mine), engine.tiles),
                                   ("drawn", mine.drawn, engine.drawn),
                                   ("melds", mine.melds, engine.melds),
                                   ("river", river, engine.river),
                                   ("kita", mine.kita, engine.kita),
                                   ("riichi stick", mine.riichi, engine.riichi))
        for what, ours, theirs in checks:
            if ours != theirs:
                found.append(f"seat {number} {what}: {ours} != {theirs}")
    scores = tuple(s.score for s in view_frame.seats)
    table: tuple[tuple[str, object, object], ...] = (
        ("dora", view_frame.dora, moment.dora), ("live", view_frame.live, moment.live),
        ("scores", scores, moment.scores), ("sticks", view_frame.sticks, moment.sticks))
    for what, ours, theirs in table:
        if ours != theirs:
            found.append(f"{what}: {ours} != {theirs}")
    return found


@pytest.mark.parametrize("name", ALL_GAMES)
def test_every_frame_is_the_engines_table_at_every_decision(name: str) -> None:
    """The engine replays each round's decisions; after each one (once a new dora or a
    riichi stick it waits to settle has come) the frame of that moment shows exactly
    the engine's hands, drawn tile, melds, rivers, north tiles, sticks, dora, tiles
    left and scores; the last frame shows the scores the round ended with."""
    _compare_with_the_engine(record(name))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(game_records(), sanma_game_records()))
def test_frames_of_games_played_from_random_seeds(game: GameRecord) -> None:
    _compare_with_the_engine(game)


def _compare_with_the_engine(game: GameRecord) -> None:
    compared = 0
    for view in game_views(game):
        played = view.record
        for moment in engine_moments(game, played):
            if moment.over:
                last = view.frames[-1]
                assert (tuple(s.score for s in last.seats), last.sticks, last.dora) == (
                    played.end_scores, played.end_sticks, moment.dora)
                continue
            following = played.events[moment.events:moment.events + 1]
            if following and isinstance(following[0], DoraRevealed | RiichiAccepted):
                continue  # the frame shows what the engine settles next
            frame = view.frames[frame_index(played, moment.events)]
            assert not _differences(frame, moment), (view.key, moment.events)
            compared += 1
    assert compared > 10 * len(game.rounds)


@pytest.mark.parametrize("name", ALL_GAMES)
def test_frames_follow_the_events(name: str) -> None:
    """One frame for the deal, one per draw, discard, call, kan and north tile, one for
    the end; each action's seat and tile; the results' frame reveals the winners."""
    game = record(name)
    for view in game_views(game):
        played = view.record
        frames = view.frames
        actions = [e for e in played.events if not isinstance(e, DoraRevealed | RiichiAccepted)]
        assert len(frames) == len(actions) + 2
        assert frames[0].kind is StepKind.DEAL and frames[-1].kind.is_end
        assert not any(f.kind.is_end for f in frames[:-1])
        for frame, event in zip(frames[1:], actions, strict=False):
            assert frame.seat == getattr(event, "seat", None)
        wins = [r for r in played.results if isinstance(r, Win)]
        assert set(frames[-1].revealed) >= {w.winner for w in wins}
        for seat in range(len(played.start_scores)):
            turns = view.turns(seat)
            assert turns == tuple(sorted(turns))
            assert all(frames[i].seat == seat and frames[i].kind.starts_turn for i in turns)


def test_a_ron_shows_the_winning_tile_beside_the_winners_hand() -> None:
    game = record("tenhou_4p_double_ron")
    for view in game_views(game):
        for result in view.record.results:
            if isinstance(result, Win) and not result.is_tsumo:
                seat = view.frames[-1].seats[result.winner]
                assert seat.drawn == Tile.from_id136(result.win_tile)
                assert len(_tiles(seat)) + 3 * len(seat.melds) == 14


def test_a_robbed_kan_stays_a_pon() -> None:
    """real_games-1 holds a chankan: the robbed added kan shows as the pon it was."""
    game = record("real_games-1")
    robbed = [(view, r) for view in game_views(game) for r in view.record.results
              if isinstance(r, Win) and r.context.chankan]
    assert robbed
    for view, win in robbed:
        before = view.frames[-2].seats[win.from_seat].melds
        after = view.frames[-1].seats[win.from_seat].melds
        assert [m.kind.value for m in before].count("shouminkan") == [
            m.kind.value for m in after].count("shouminkan") + 1
        assert sum(len(m.tiles) for m in before) == sum(len(m.tiles) for m in after) + 1


def test_the_riichi_tile_lies_sideways_or_the_next_when_it_was_called() -> None:
    """In every game: each river of a seat that declared riichi has exactly one sideways
    tile, the first discard at or after the declaration still in the river."""
    seen = 0
    for name in ALL_GAMES:
        for view in game_views(record(name)):
            played = view.record
            last = view.frames[-2]
            for seat, mine in enumerate(last.seats):
                discards = [e for e in played.events
                            if isinstance(e, TileDiscarded) and e.seat == seat]
                sideways = [r for r in mine.river if r.sideways]
                declared = [i for i, e in enumerate(discards) if e.riichi]
                if not declared:
                    assert not sideways
                    continue
                assert len(sideways) <= 1
                seen += 1
                position = len([d for d in discards[:declared[0]]
                                if not _called(played, d)])
                if position < len(mine.river):
                    assert mine.river[position].sideways
    assert seen > 30


def _called(played: RoundRecord, discard: TileDiscarded) -> bool:
    """Whether the discard was called: a call on it follows (after a riichi stick)."""
    index = played.events.index(discard)
    return any(isinstance(e, MeldCalled) and e.meld.called == discard.tile
               and e.meld.from_seat == discard.seat for e in played.events[index + 1:index + 3])


@pytest.mark.parametrize("name", ["real_games-0", "sanma_games-2", "engine-4p-1"])
def test_the_pages_frames_give_the_states_back(name: str) -> None:
    """The first frame whole, then only changes: put back together they are the frames."""
    game = record(name)
    data = page_data(game)
    rounds = data["rounds"]
    assert isinstance(rounds, list)
    for view, written in zip(game_views(game), rounds, strict=True):
        states = merge_changes(written["frames"])
        assert states == [frame_state(f) for f in view.frames]
        assert written["key"] == view.key
        assert written["turns"] == [list(view.turns(s)) for s in range(len(written["turns"]))]
        changes = written["frames"][1:]
        assert all(set(c) <= set(states[0]) and "a" in c for c in changes)
        whole = sum(len(json.dumps(state)) for state in states[1:])
        assert sum(len(json.dumps(c)) for c in changes) < whole / 3


def test_the_page_holds_the_results_and_final_standing() -> None:
    game = record("real_games-0")
    data = page_data(game, names=names("real_games-0"))
    rounds = data["rounds"]
    assert isinstance(rounds, list) and len(rounds) == len(game.rounds)
    for written, played in zip(rounds, game.rounds, strict=True):
        assert written["start_scores"] == list(played.start_scores)
        assert written["end_scores"] == list(played.end_scores)
        assert written["riichi_deposits"] == list(played.riichi_deposits)
        assert [r["deltas"] for r in written["results"]] == [list(r.deltas)
                                                             for r in played.results]
        assert [(r["kind"], r.get("type")) for r in written["results"]] == [
            ("win", None) if isinstance(r, Win) else ("draw", r.kind.value)
            for r in played.results]
    assert any(any(r["riichi_deposits"]) for r in rounds)
    assert data["final"] == {"scores": list(game.final_scores), "points": list(game.points),
                             "end_reason": game.end_reason}


@pytest.mark.parametrize(("text", "code"), [
    ("pon:055p:0p:toimen", "5p -0p 5p"),
    ("chi:345s:3s:kamicha", "-3s 4s 5s"),
    ("pon:777z:7z:shimocha", "7z 7z -7z"),
    ("minkan:5555m:5m:toimen", "5m -5m 5m 5m"),
    ("shouminkan:5555p:5p:shimocha", "5p 5p =5p5p"),
    ("ankan:0555s", "#5s 0s 5s #5s"),
])
def test_meld_codes(text: str, code: str) -> None:
    assert meld_code(Meld.parse(text)) == code


def test_the_page_is_self_contained() -> None:
    page = game_html(record("engine-3p-1"))
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"(src|href)=\"(?!#)", page), "a file or address the page fetches"
    assert "http" not in page.replace('"http://www.w3.org', "")
    assert page.count("<symbol ") == 38 and page.count("<script") == 2


def test_names_cannot_break_out_of_the_page() -> None:
    hostile = ["</script><script>alert(1)</script>", "<b>&amp;", "'\"", "é 東"]
    page = game_html(record("engine-4p-1"), names=hostile, title="</title><i>")
    assert "</script><script>alert" not in page and "<b>&amp;" not in page
    assert "</title><i>" not in page
    data = re.search(r'<script id="mj-data" type="application/json">(.*?)</script>', page,
                     re.DOTALL)
    assert data is not None and json.loads(data.group(1))["names"] == hostile


@pytest.mark.parametrize(("options", "message"), [
    ({"names": ["a", "b"]}, "names are 4 strings"),
    ({"names": "abcd"}, "names are 4 strings"),
    ({"names": ["a", "b", "c", 4]}, "a player's name is a string"),
    ({"names": ["a", "b", "c", "d" * 65]}, "a player's name is a string"),
    ({"seat": 4}, "the seat seen from is 0-3"),
    ({"seat": True}, "the seat seen from is 0-3"),
    ({"open_hands": 1}, "open_hands is True or False"),
    ({"title": 5}, "a title is a string"),
    ({"language": "klingon"}, "language is 'english'"),
])
def test_bad_options_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(MahjongError, match=message):
        game_html(record("engine-4p-1"), **options)


def test_what_is_not_a_game_is_refused() -> None:
    with pytest.raises(InvalidContextError, match="a game to show is a GameRecord"):
        game_html("game.mjlog")  # type: ignore[arg-type]
    with pytest.raises(InvalidContextError, match="a round to show is a RoundRecord"):
        round_view(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidContextError, match="a height is 200-4000"):
        notebook_html(record("engine-4p-1"), height=10)


def test_a_game_not_yet_played_gives_a_page_without_rounds() -> None:
    data = page_data(Game(seed=1).record())
    assert data["rounds"] == [] and data["final"] == {
        "scores": [25000] * 4, "points": list(Game(seed=1).record().points),
        "end_reason": None}


def test_records_show_themselves() -> None:
    game = record("engine-4p-2")
    assert game.to_html(names=["a", "b", "c", "d"]) == game_html(game, names=["a", "b", "c", "d"])
    frame = game._repr_html_()
    assert frame.startswith("<iframe srcdoc=") and "&lt;svg" in frame
    assert frame == notebook_html(game)
    playing = Game(seed=3)
    playing.deal()
    assert playing._repr_html_() == notebook_html(playing.record())


def test_a_record_whose_events_do_not_fit_its_deal_is_refused() -> None:
    import attrs

    game = record("engine-4p-1")
    played = game.rounds[0]
    events = list(played.events)
    at = next(i for i, e in enumerate(events) if isinstance(e, TileDiscarded))
    discard = events[at]
    assert isinstance(discard, TileDiscarded)
    events[at] = attrs.evolve(discard, tile=TileId(135 - discard.tile))
    broken = attrs.evolve(played, events=tuple(events))
    with pytest.raises(InvalidContextError, match="round E1 honba 0: seat 0 does not hold"):
        round_view(broken)


def test_without_script_the_page_shows_each_rounds_results_in_text() -> None:
    """A reader that runs no script (or draws no SVG) gets every round's results with the
    Unicode mahjong tiles, and the final scores."""
    game = record("tenhou_4p_double_ron")
    page = game_html(game, names=names("tenhou_4p_double_ron"))
    found = re.search(r"<noscript>(.*)</noscript>", page, re.DOTALL)
    assert found is not None
    text = found.group(1)
    assert text.count("<h2>") == len(game.rounds)
    wins = sum(isinstance(r, Win) for played in game.rounds for r in played.results)
    assert text.count(" wins by ") == wins
    assert re.search("[\U0001F000-\U0001F02B]", text)
    final = re.search(r"Final scores: (.*)</p>", text)
    assert final is not None
    assert [int(s) for s in re.findall(r" (-?\d+) \(", final.group(1))] == list(game.final_scores)


@pytest.mark.parametrize("change", ["seat", "tile", "options"])
def test_a_damaged_record_is_refused_with_the_event(change: str) -> None:
    import attrs

    played = record("engine-4p-1").rounds[0]
    events = list(played.events)
    drawn = events[0]
    assert isinstance(drawn, TileDrawn)
    if change == "options":
        with pytest.raises(InvalidContextError, match="red_fives is True or False"):
            round_view(played, red_fives=1)  # type: ignore[arg-type]
        return
    events[0] = attrs.evolve(drawn, seat=9) if change == "seat" else attrs.evolve(
        drawn, tile=TileId(400))
    with pytest.raises(InvalidContextError, match=r"round E1 honba 0: TileDrawn\(.*does not fit"):
        round_view(attrs.evolve(played, events=tuple(events)))


def test_a_page_names_the_players_a_record_names() -> None:
    from mahjong_core.arena import play_game
    from mahjong_core.players import RandomPlayer

    record = play_game([RandomPlayer(seed=s) for s in range(4)], seed=5, hands=1,
                       names=["Ann", "Bo", "Cy", "Di"])
    assert page_data(record)["names"] == ["Ann", "Bo", "Cy", "Di"]
    assert page_data(record, names=["a", "b", "c", "d"])["names"] == ["a", "b", "c", "d"]
