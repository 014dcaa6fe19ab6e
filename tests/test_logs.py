"""Logs in any format: the format recognised from the content, and real games with rare
rounds (pao, a double ron, nine terminals, four winds, nagashi mangan, four kans, four
riichi) through every format and back."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import attrs
import pytest

from mahjong_core.cli.replay import record_json
from mahjong_core.errors import InvalidLogError
from mahjong_core.formats import (
    GameSource,
    LogFormat,
    ReadError,
    detect_format,
    iter_games,
    iter_sources,
    parse_game,
    replay_game,
    write_game,
)
from mahjong_core.formats.game_log import Agari, GameLog, Ryuukyoku
from mahjong_core.formats.mjlog import parse_mjlog

from .support.logs import documents
from .support.played_games import play, play_sanma, seen

DATA = Path(__file__).resolve().parent / "data"
RARE = documents(DATA / "rare_rounds.mjlog")
REAL = RARE + [(DATA / f"{name}.mjlog").read_text(encoding="utf-8")
               for name in ("2019021004gm-00a9-0000-e2f6516d",
                            "2019080322gm-00a9-0000-81e85e04")]
SANMA = [*documents(DATA / "sanma_games.mjlog"),
         (DATA / "tenhou_3p_kita_minkan.mjlog").read_text(encoding="utf-8")]
"""Three-player games: kita robbed for ron, rinshan after kita, nagashi mangan, nine
terminals, open and added kans, a player leaving and coming back."""


def test_the_data_has_the_rare_rounds() -> None:
    kinds = {e.kind for doc in RARE for r in parse_mjlog(doc).rounds for e in r.events
             if isinstance(e, Ryuukyoku)}
    assert {"yao9", "kaze4", "nm", "kan4", "reach4"} <= kinds
    wins = [[e for e in r.events if isinstance(e, Agari)]
            for doc in RARE for r in parse_mjlog(doc).rounds]
    assert any(len(w) == 2 for w in wins)
    assert any(a.recorded is not None and a.recorded.pao is not None for w in wins for a in w)


def _server(game: GameLog) -> list[tuple[tuple[int, ...] | None, list[tuple[int, ...]]]]:
    """Each round's start scores and each result's deltas, as the server recorded them."""
    return [(r.scores, [e.recorded.deltas for e in r.events
                        if isinstance(e, Agari | Ryuukyoku) and e.recorded is not None
                        and e.recorded.deltas is not None])
            for r in game.rounds]


@pytest.mark.parametrize("fmt", list(LogFormat))
@pytest.mark.parametrize("number", range(len(REAL) + len(SANMA)))
def test_real_games_through_every_format(number: int, fmt: LogFormat) -> None:
    """The game read back from each format replays to the same game, with the same
    answers, and the deltas and scores it holds are the server's (three-player games
    included)."""
    game = parse_mjlog((REAL + SANMA)[number])
    record = replay_game(game)
    text = write_game(record, fmt, source=game)
    assert detect_format(text) is fmt
    back = parse_game(text)
    again = replay_game(back)
    assert seen(again)[2:4] == seen(record)[2:4]   # rounds and final scores
    if fmt is not LogFormat.MJAI:   # mjai holds no placement points: whole ones are read
        assert record_json(again) == record_json(record)
    assert [deltas for _, deltas in _server(back)] == [d for _, d in _server(game)]
    assert [scores for scores, _ in _server(back)] == [s for s, _ in _server(game)]


@pytest.mark.parametrize("fmt", list(LogFormat))
def test_iter_sources_reads_files_of_several_games(fmt: LogFormat) -> None:
    texts = [write_game(play(seed, rounds=1), fmt) for seed in (1, 2)]
    joined = "\n".join(t.rstrip("\n") for t in texts) + "\n"
    pieces = list(iter_sources(joined.encode()))
    assert all(isinstance(p, GameSource) for p in pieces)
    sources = [p for p in pieces if isinstance(p, GameSource)]
    assert [(p.fmt, p.file, p.index) for p in sources] == [(fmt, "data", 0), (fmt, "data", 1)]
    assert [parse_game(p.text, p.fmt).rounds[0].hands for p in sources] == [
        parse_game(t, fmt).rounds[0].hands for t in texts]
    assert len(list(iter_sources(gzip.compress(joined.encode())))) == 2
    assert [type(g).__name__ for g in iter_games(joined.encode())] == ["GameLog", "GameLog"]


@pytest.mark.parametrize(("text", "message"), [
    ("hello", "neither mjlog XML"), ("[1, 2]", "neither mjlog XML"),
])
def test_unknown_formats(text: str, message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        detect_format(text)
    (error,) = iter_sources(text.encode())
    assert isinstance(error, ReadError) and error.index is None
    assert message in error.message


def test_any_other_json_object_is_read_as_a_tenhou6_log_that_names_what_it_lacks() -> None:
    assert detect_format('{"a": 1}') is LogFormat.TENHOU6
    (error,) = iter_games(b'{"a": 1}')
    assert isinstance(error, ReadError) and error.index == 0 and "log" in error.message


@pytest.mark.parametrize(("data", "message", "index"), [
    (b"  \n", "data holds no game", None),
    (gzip.compress(b"<mjloggm>", mtime=0)[:12], "gzip data ends early", 0),
    (b"<mjloggm \xff>", "not UTF-8", 0),
])
def test_damaged_data(data: bytes, message: str, index: int | None) -> None:
    (error,) = iter_sources(data)
    assert isinstance(error, ReadError)
    assert message in error.message and (error.file, error.index) == ("data", index)


def test_a_game_that_cannot_be_read_is_an_error_in_its_place() -> None:
    (error,) = iter_games(b'{"log": [[1]]}')
    assert isinstance(error, ReadError) and (error.file, error.index) == ("data", 0)
    assert "round 1" in error.message


def test_suffixes() -> None:
    assert [f.suffix for f in LogFormat] == [".mjlog", ".json", ".mjson"]
    assert json.loads(write_game(play(1, rounds=1), LogFormat.TENHOU6))["log"]


_MJLOG = REAL[-1]


def _mjlog_damaged(change: str) -> str:
    if change == "truncated":
        return _MJLOG[:len(_MJLOG) // 2]
    if change == "tile":
        return re.sub(r"<T\d+/>", "<T140/>", _MJLOG, count=1)
    if change == "order":
        return re.sub(r"(<(?:AGARI|RYUUKYOKU) [^>]*/>)", r"\1<T5/>", _MJLOG, count=1)
    return re.sub(r'<N who="\d"', '<N who="7"', _MJLOG, count=1)


@pytest.mark.parametrize(("change", "message"), [
    ("truncated", r"E\d honba \d, event \d+, character \d+ .*cut-off"),
    ("tile", r"E1 honba 0, event 0, character \d+ <T140/>: tile id 140 is not 0-135"),
    ("order", r"E1 honba 0, event \d+, character \d+ <T5/>: a draw outside a round's play"),
    ("actor", r"event \d+, character \d+ <N who=\"7\".*who=7 is not a seat"),
])
def test_damaged_mjlog_names_the_place(change: str, message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        parse_game(_mjlog_damaged(change))


def test_an_mjlog_action_out_of_turn_is_refused() -> None:
    """A discard by a seat whose turn it is not: the engine names the round and action."""
    from mahjong_core.errors import IllegalActionError

    damaged = _MJLOG.replace("<D", "<E", 1)
    with pytest.raises((IllegalActionError, InvalidLogError), match=r"E1 honba 0"):
        replay_game(parse_game(damaged))


def _checked(value: object) -> object:
    """``value`` made again through the checking constructors: each record (its nested
    records first) from its fields, each tuple item by item."""
    if isinstance(value, tuple):
        return tuple(map(_checked, value))
    kind = type(value)
    if attrs.has(kind):
        return kind(**{field.name: _checked(getattr(value, field.name))
                       for field in attrs.fields(kind)})
    return value


@pytest.mark.parametrize("fmt", list(LogFormat))
@pytest.mark.parametrize(("seed", "players"), [(11, 4), (12, 4), (13, 4), (14, 3), (15, 3)])
def test_every_record_a_reader_makes_is_one_the_checks_accept(fmt: LogFormat, seed: int,
                                                              players: int) -> None:
    """The readers make some records without checking them again (a call as decoded, a
    draw or discard looked up): every one of an engine-played game, written in each format
    and read back, is equal to the one the checking constructors make of its fields, and
    the game read back replays to the record."""
    record = play(seed) if players == 4 else play_sanma(seed)
    game = parse_game(write_game(record, fmt))
    assert game.players_count == players
    assert _checked(game) == game
    assert seen(replay_game(game)) == seen(record)


@pytest.mark.parametrize("number", range(len(REAL) + len(SANMA)))
def test_every_record_read_from_a_real_mjlog_is_one_the_checks_accept(number: int) -> None:
    game = parse_mjlog((REAL + SANMA)[number])
    assert _checked(game) == game
