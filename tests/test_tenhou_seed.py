"""Tenhou's walls from the shuffle seed: real games, an independent oracle, bad seeds."""

from __future__ import annotations

import base64
import json
import struct
from collections.abc import Iterator
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.errors import InvalidContextError, InvalidLogError
from mahjong_core.formats import TenhouShuffle, ThreePlayerLayout, tenhou_walls
from mahjong_core.table import Wall

from .support.tenhou_shuffle_oracle import MersenneTwister, oracle_rounds

DATA = Path(__file__).resolve().parent / "data" / "tenhou_seed_games.json"
GAMES: list[dict[str, Any]] = json.loads(DATA.read_text())["games"]
BASE64 = "mt19937ar-sha512-n288-base64,"
HEX = "mt19937ar-sha512-n288,"
FOUR = list(range(136))
THREE = [i for i in range(136) if not 4 <= i < 32]
# A real seed, from the first game of the data file.
REAL_SEED: str = GAMES[0]["seed"]


def _base64_seed(words: list[int]) -> str:
    return BASE64 + base64.b64encode(struct.pack(f"<{len(words)}I", *words)).decode()


def _hex_seed(words: list[int]) -> str:
    return HEX + ",".join(f"{word:08X}" for word in words)


def _rounds() -> Iterator[tuple[str, int, dict[str, Any], TenhouShuffle]]:
    for game in GAMES:
        shuffles = tenhou_walls(game["seed"], players=game["players"])
        for number, (round_, shuffle) in enumerate(zip(game["rounds"], shuffles, strict=False)):
            yield f"{game['source']} round {number}", game["players"], round_, shuffle


ROUNDS = list(_rounds())


def test_the_data_has_what_the_checks_need() -> None:
    """The copied games reach every replacement tile and indicator the logs can show."""
    four = [r for _, players, r, _ in ROUNDS if players == 4]
    three = [r for _, players, r, _ in ROUNDS if players == 3]
    assert max(len(r["replacement"]) for r in four) == 4
    assert max(len(r["kan_dora"]) for r in four) == 4
    assert max(len(r["ura"]) for r in four) == 3
    assert max(len(r["replacement"]) for r in three) == 6
    assert max(len(r["kan_dora"]) for r in three) == 3
    assert max(len(r["ura"]) for r in three) == 3
    assert any(game["seed"].startswith(HEX) for game in GAMES)
    assert len(ROUNDS) == sum(len(game["rounds"]) for game in GAMES)


@pytest.mark.parametrize(("where", "players", "logged", "shuffle"), ROUNDS,
                         ids=[where for where, *_ in ROUNDS])
def test_real_rounds(where: str, players: int, logged: dict[str, Any],
                     shuffle: TenhouShuffle) -> None:
    """Deal, dice, dora, every draw, kan dora and ura as the game's log shows them."""
    dealer = logged["oya"]
    if players == 4:
        wall = shuffle.wall(dealer)
        hands, live, replacement = wall.hands, wall.live, wall.rinshan
        dora, ura = wall.dora, wall.ura
    else:
        hands, live, replacement, dora, ura = shuffle.three_player_layout(dealer)
    assert [sorted(hand) for hand in hands] == logged["hai"]
    assert shuffle.dice == (logged["dice"][0] + 1, logged["dice"][1] + 1)
    assert dora[0] == logged["dora"]
    drawn = logged["live"]
    assert len(drawn) <= len(live) - len(logged["replacement"])
    assert list(live[:len(drawn)]) == drawn
    assert list(replacement[:len(logged["replacement"])]) == logged["replacement"]
    assert list(dora[1:1 + len(logged["kan_dora"])]) == logged["kan_dora"]
    assert list(ura[:len(logged["ura"])]) == logged["ura"]


def test_a_whole_wall_is_drawn_in_an_exhaustive_draw() -> None:
    """Some rounds draw the live wall to its last tile, less one per replacement draw."""
    full = [(players, r) for _, players, r, _ in ROUNDS
            if len(r["live"]) + len(r["replacement"]) == (70 if players == 4 else 55)]
    assert {players for players, _ in full} == {3, 4}


def test_real_seed_against_the_oracle() -> None:
    raw = base64.b64decode(REAL_SEED[len(BASE64):])
    key = list(struct.unpack("<624I", raw))
    expected = oracle_rounds(key, 3, FOUR)
    got = [(list(s.yama), s.dice) for s in islice(tenhou_walls(REAL_SEED), 3)]
    assert got == expected


def test_oracle_twister_matches_the_reference_output() -> None:
    """The published mt19937ar check: init_by_array({0x123, 0x234, 0x345, 0x456})."""
    mt = MersenneTwister([0x123, 0x234, 0x345, 0x456])
    assert [mt.next() for _ in range(5)] == [
        1067595299, 955945823, 477289528, 4107218783, 4228976476]


words = st.integers(0, 2**32 - 1)


@settings(max_examples=12, deadline=None)
@given(st.lists(words, min_size=624, max_size=624), st.booleans(), st.sampled_from([3, 4]))
def test_base64_seeds_against_the_oracle(key: list[int], zero_top: bool, players: int) -> None:
    """Any 624 words, the last one zero or not (the two ways the generator is seeded)."""
    if zero_top:
        key[-1] = 0
    tiles = FOUR if players == 4 else THREE
    got = [(list(s.yama), s.dice)
           for s in islice(tenhou_walls(_base64_seed(key), players=players), 2)]
    assert got == oracle_rounds(key, 2, tiles)


@settings(max_examples=12, deadline=None)
@given(st.lists(words, min_size=32, max_size=32), st.booleans())
def test_hex_seeds_against_the_oracle(key: list[int], zero_top: bool) -> None:
    if zero_top:
        key[-1] = 0
    shuffles = list(islice(tenhou_walls(_hex_seed(key)), 2))
    assert [(list(s.yama), s.dice) for s in shuffles] == oracle_rounds(key, 2, FOUR)
    assert all(s.hex_seed for s in shuffles)


@settings(max_examples=20, deadline=None)
@given(st.lists(words, min_size=624, max_size=624), st.integers(0, 3))
def test_every_wall_holds_every_id_once(key: list[int], dealer: int) -> None:
    for shuffle in islice(tenhou_walls(_base64_seed(key)), 3):
        assert sorted(shuffle.yama) == FOUR
        assert all(1 <= die <= 6 for die in shuffle.dice)
        wall = shuffle.wall(dealer)
        ids = [*(i for hand in wall.hands for i in hand), *wall.live, *wall.rinshan,
               *wall.dora, *wall.ura]
        assert sorted(ids) == FOUR
        assert wall.hands[dealer][:4] == shuffle.yama[:-5:-1]


@settings(max_examples=20, deadline=None)
@given(st.lists(words, min_size=624, max_size=624), st.integers(0, 2))
def test_three_player_layout_holds_every_id(key: list[int], dealer: int) -> None:
    """All 108 ids once, but for the last four live tiles, which are also the fourth and
    fifth indicators of both kinds."""
    for shuffle in islice(tenhou_walls(_base64_seed(key), players=3), 3):
        assert sorted(shuffle.yama) == THREE
        layout = shuffle.three_player_layout(dealer)
        assert isinstance(layout, ThreePlayerLayout)
        assert [len(hand) for hand in layout.hands] == [13, 13, 13]
        assert (len(layout.live), len(layout.replacement)) == (55, 8)
        assert sorted(layout.dora[3:] + layout.ura[3:]) == sorted(layout.live[51:])
        ids = [*(i for hand in layout.hands for i in hand), *layout.live, *layout.replacement,
               *layout.dora[:3], *layout.ura[:3]]
        assert sorted(ids) == THREE


@settings(max_examples=20, deadline=None)
@given(st.lists(words, min_size=624, max_size=624), st.sampled_from([3, 4]),
       st.integers(0, 2), st.booleans())
def test_shuffles_and_walls_pass_the_checks_of_their_own_constructors(
        key: list[int], players: int, dealer: int, hex_seed: bool) -> None:
    """The generator and ``wall`` skip the checks of ``TenhouShuffle`` and ``Wall`` (their
    parts are a permutation by construction): built through the checks, they come out the
    same, with tuples of plain ints for parts."""
    seed = _hex_seed(key[:32]) if hex_seed else _base64_seed(key)
    for shuffle in islice(tenhou_walls(seed, players=players), 2):
        checked = TenhouShuffle(list(shuffle.yama), shuffle.dice, hex_seed=shuffle.hex_seed)
        assert checked == shuffle and type(shuffle.yama) is tuple
        assert shuffle.hex_seed is hex_seed
        wall = shuffle.wall(dealer)
        parts = (wall.hands, wall.live, wall.rinshan, wall.dora, wall.ura)
        assert Wall(*parts) == wall
        assert all(type(part) is tuple for part in (*parts, *wall.hands))
        assert {type(i) for hand in wall.hands for i in hand} == {int}


def test_hex_seed_turns_the_dead_wall_stacks_over() -> None:
    yama = tuple(range(136))
    new = TenhouShuffle(yama, (1, 1)).wall(0)
    old = TenhouShuffle(yama, (1, 1), hex_seed=True).wall(0)
    assert (new.rinshan, new.dora, new.ura) == ((1, 0, 3, 2), (5, 7, 9, 11, 13), (4, 6, 8, 10, 12))
    assert (old.rinshan, old.dora, old.ura) == ((0, 1, 2, 3), (4, 6, 8, 10, 12), (5, 7, 9, 11, 13))
    assert (new.hands, new.live) == (old.hands, old.live)


def test_three_player_positions() -> None:
    """Where each part sits in the array: the logs show replacement draws up to the sixth,
    indicators up to the fourth dora and third ura; the rest follow the stacks' pattern."""
    yama = tuple(THREE)
    layout = TenhouShuffle(yama, (1, 1)).three_player_layout(1)
    position = {tile: at for at, tile in enumerate(yama)}
    assert [position[i] for i in layout.replacement] == [1, 0, 3, 2, 5, 4, 7, 6]
    assert [position[i] for i in layout.dora] == [9, 11, 13, 15, 17]
    assert [position[i] for i in layout.ura] == [8, 10, 12, 14, 16]
    assert [position[i] for i in layout.live] == list(range(68, 13, -1))
    assert [position[i] for i in layout.hands[1][:5]] == [107, 106, 105, 104, 95]


def test_walls_are_lazy_endless_and_independent() -> None:
    first = tenhou_walls(REAL_SEED)
    assert iter(first) is first
    a = list(islice(first, 40))
    b = list(islice(tenhou_walls(REAL_SEED), 40))
    assert a == b
    assert len({s.yama for s in a}) == 40
    assert next(first) != a[-1]


# Values typed Any so that the API can be handed what its annotations forbid.
ANY: Any = None


@pytest.mark.parametrize(("seed", "words"), [
    ("mt19937ar-sha512-n288-base32," + "A" * 3328, "starts"),
    ("mt19937ar," + "0" * 10, "starts"),
    ("", "starts"),
    (BASE64 + "A" * 3327 + "!", "damaged"),
    (BASE64 + "A" * 3327, "damaged"),
    (BASE64 + "AAAA" * 831, "2496 bytes"),
    (BASE64 + "AAAA" * 833, "2496 bytes"),
    (BASE64, "2496 bytes"),
    (HEX + ",".join(["00000000"] * 31), "32 words, got 31"),
    (HEX + ",".join(["00000000"] * 31 + ["0000000G"]), "'0000000G'"),
    (HEX + ",".join(["00000000"] * 31 + ["123456789"]), "'123456789'"),
    (HEX + ",".join(["00000000"] * 31 + [""]), "hexadecimal digits"),
    (ANY, "a string"),
])
def test_bad_seeds(seed: str, words: str) -> None:
    with pytest.raises(InvalidLogError, match="seed") as caught:
        tenhou_walls(seed)
    assert words in str(caught.value)


def test_bad_seed_message_quotes_a_short_start() -> None:
    with pytest.raises(InvalidLogError) as caught:
        tenhou_walls("nonsense," + "x" * 5000)
    assert "'nonsense,xxxx" in str(caught.value)
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("players", [2, 5, ANY, 4.0, True])
def test_bad_player_count(players: int) -> None:
    with pytest.raises(InvalidContextError, match="3 or 4 players"):
        tenhou_walls(REAL_SEED, players=players)


def test_wrong_layout_or_dealer() -> None:
    four = next(tenhou_walls(REAL_SEED))
    three = next(tenhou_walls(REAL_SEED, players=3))
    wall, layout = three.wall(2), three.three_player_layout(2)
    assert wall.players == 3 and (wall.hands, wall.live, wall.rinshan) == (
        layout.hands, layout.live, layout.replacement)
    assert [wall.dora_indicator(i) for i in range(5)] == list(layout.dora)
    assert [wall.ura_indicator(i) for i in range(5)] == list(layout.ura)
    with pytest.raises(InvalidContextError, match="dealer"):
        three.wall(3)
    with pytest.raises(InvalidContextError, match="wall"):
        four.three_player_layout(0)
    dealers: list[Any] = [-1, 4, None, 1.0]
    for dealer in dealers:
        with pytest.raises(InvalidContextError, match="dealer"):
            four.wall(dealer)
    with pytest.raises(InvalidContextError, match="dealer"):
        three.three_player_layout(3)


@pytest.mark.parametrize(("yama", "dice", "words"), [
    (tuple(range(135)), (1, 1), "136 tiles"),
    ((0, *range(1, 135), 0), (1, 1), "missing [135], more than once [0]"),
    (tuple(range(108)), (1, 1), "missing [108, 109"),
    ((*range(135), 135.0), (1, 1), "ints"),
    ("abc", (1, 1), "sequence"),
    (tuple(range(136)), (0, 1), "dice"),
    (tuple(range(136)), (1, 7), "dice"),
    (tuple(range(136)), [1, 1], "dice"),
    (tuple(range(136)), (1, 1, 1), "dice"),
])
def test_bad_shuffles(yama: Any, dice: Any, words: str) -> None:
    with pytest.raises(InvalidContextError) as caught:
        TenhouShuffle(yama, dice)
    assert words in str(caught.value)


def test_bad_hex_flag() -> None:
    with pytest.raises(InvalidContextError, match="hex_seed"):
        TenhouShuffle(tuple(range(136)), (1, 1), hex_seed=ANY)


@pytest.mark.parametrize("body", [
    "AAAA" * 831 + "AA==", "AAAA" * 831 + "A===", "=" + "AAAA" * 832, "AA=A" + "AAAA" * 831,
    "AAAA" * 832 + "=", "AAAA" * 416 + " " + "AAAA" * 416, "AAAA" * 831 + "AAA\u00e9",
    "AAAA" * 832 + "AA==",
])
def test_base64_texts_are_refused_as_the_checking_decoder_refuses_them(body: str) -> None:
    """A seed's text is decoded in one strict step, and any text that step refuses is
    named as the checking decoder names it: the same error (or the same walls) for every
    text."""
    try:
        raw = base64.b64decode(body, validate=True)
    except ValueError as error:
        expected = f"damaged ({error})"
    else:
        if len(raw) == 2496:
            canonical = BASE64 + base64.b64encode(raw).decode()
            assert next(tenhou_walls(BASE64 + body)) == next(tenhou_walls(canonical))
            return
        expected = f"got {len(raw)} bytes"
    with pytest.raises(InvalidLogError, match="seed") as caught:
        tenhou_walls(BASE64 + body)
    assert expected in str(caught.value)
