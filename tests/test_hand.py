"""Hands: construction, notation, counts and the never-mutated guarantee."""

from __future__ import annotations

import itertools
from collections import Counter

import attrs
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from mahjong_core import (
    Hand,
    IdLayout,
    InvalidHandError,
    MahjongError,
    Meld,
    MeldKind,
    Tile,
    parse_tiles,
    tiles_from_ids136,
)
from mahjong_core import hand as hand_module
from mahjong_core.hand import KeptTiles
from tests.support.strategies import hands, tiles

NAMES = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)] + [
    f"{rank}z" for rank in range(1, 8)]


def _slot38(tile: Tile) -> int:
    """Independent 38-slot index: tens digit is the suit, units digit the rank."""
    name = str(tile.plain)
    return 10 * "mpsz".index(name[1]) + int(name[0])


@pytest.mark.parametrize(("text", "concealed", "meld_texts"), [
    ("123m456p789s1122z", "123m456p789s1122z", []),
    ("2211z987s654p321m", "123m456p789s1122z", []),
    ("123m456p789s11222z", "123m456p789s11222z", []),
    ("406m11z55p pon:777z:7z:toimen chi:123s", "406m55p11z",
     ["pon:777z:7z:toimen", "chi:123s"]),
    ("1z  ankan:1111m minkan:2222m pon:333m:3m chi:456m", "1z",
     ["ankan:1111m", "minkan:2222m", "pon:333m:3m", "chi:456m"]),
])
def test_parse(text: str, concealed: str, meld_texts: list[str]) -> None:
    hand = Hand.parse(text)
    assert hand.tiles == tuple(parse_tiles(concealed))
    assert hand.melds == tuple(Meld.parse(m) for m in meld_texts)
    assert str(hand) == " ".join([concealed, *meld_texts])
    assert repr(hand) == f"Hand.parse({str(hand)!r})"


def test_parse_with_a_melds_argument() -> None:
    pon = Meld.parse("pon:777z:7z:toimen")
    expected = Hand.parse("123m55p789s11z pon:777z:7z:toimen")
    assert Hand.parse("123m55p789s11z", melds=[pon]) == expected
    chi = Meld.parse("chi:789p")
    both = Hand.parse("123m5p111z pon:777z", melds=(chi,))
    assert both.melds == (Meld.parse("pon:777z"), chi)


@given(hands())
def test_parse_inverts_str(hand: Hand) -> None:
    again = Hand.parse(str(hand))
    assert again == hand
    assert hash(again) == hash(hand)
    assert [t.red for t in again.tiles] == [t.red for t in hand.tiles]
    assert again.melds == hand.melds


@given(hands())
def test_generated_hands_respect_the_copy_limits(hand: Hand) -> None:
    every = [*hand.tiles, *(t for m in hand.melds for t in m.tiles)]
    assert max(Counter(t.kind for t in every).values()) <= 4
    for suit in range(3):
        assert sum(1 for t in every if t.red and t.kind // 9 == suit) <= 1
    assert len(hand.melds) <= 4
    assert len(hand.tiles) + 3 * len(hand.melds) in (13, 14)
    assert list(hand.tiles) == sorted(hand.tiles)


@given(hands(full=True))
def test_full_hands(hand: Hand) -> None:
    assert hand.is_full
    assert len(hand.tiles) == 14 - 3 * len(hand.melds)


@given(hands(full=False))
def test_waiting_hands(hand: Hand) -> None:
    assert not hand.is_full
    assert len(hand.tiles) == 13 - 3 * len(hand.melds)


@given(hands())
def test_is_closed_means_no_called_meld(hand: Hand) -> None:
    expected = all(m.kind is MeldKind.ANKAN for m in hand.melds)
    assert hand.is_closed is expected


@given(hands())
def test_counts_agree_with_the_tiles(hand: Hand) -> None:
    by_name = Counter(str(t.plain) for t in hand.tiles)
    assert hand.counts34() == tuple(by_name[name] for name in NAMES)
    c38 = hand.counts38()
    assert len(c38) == 38
    assert [c38[i] for i in (0, 10, 20, 30)] == [0, 0, 0, 0]
    by_slot = Counter(_slot38(t) for t in hand.tiles)
    assert c38 == tuple(by_slot[slot] for slot in range(38))
    assert sum(c38) == len(hand.tiles)
    for name in NAMES:
        assert hand.count(Tile.parse(name)) == by_name[name]


def test_count_ignores_the_red_flag_and_melds() -> None:
    hand = Hand.parse("05m123p789s11z pon:222z")
    assert hand.count(Tile.parse("5m")) == 2
    assert hand.count(Tile.parse("0m")) == 2
    assert hand.count(Tile.parse("2z")) == 0
    assert hand.counts38()[5] == 2
    assert hand.counts34()[4] == 2


@given(hands(full=False), tiles())
def test_add_returns_a_new_hand(hand: Hand, tile: Tile) -> None:
    before = (hand.tiles, hand.melds, str(hand))
    try:
        grown = hand.add(tile)
    except InvalidHandError as error:
        held = [t for t in (*hand.tiles, *(t for m in hand.melds for t in m.tiles))
                if t.kind == tile.kind]
        assert len(held) == 4 or (tile.red and any(t.red for t in held)), str(error)
    else:
        assert grown.is_full and grown.melds == hand.melds
        assert Counter(grown.tiles) - Counter(hand.tiles) == Counter([tile])
        assert tile in grown.tiles
        assert sorted(grown.tiles) == list(grown.tiles)
        assert grown.remove(tile) == hand
    assert (hand.tiles, hand.melds, str(hand)) == before


@given(st.data())
def test_remove_returns_a_new_hand(data: st.DataObject) -> None:
    hand = data.draw(hands(full=True))
    tile = data.draw(st.sampled_from(hand.tiles))
    before = (hand.tiles, hand.melds, str(hand))
    shrunk = hand.remove(tile)
    assert not shrunk.is_full and shrunk.melds == hand.melds
    assert Counter(hand.tiles) - Counter(shrunk.tiles) == Counter([tile])
    assert (hand.tiles, hand.melds, str(hand)) == before
    assert shrunk.add(tile) == hand


def test_remove_needs_the_exact_tile() -> None:
    hand = Hand.parse("05m123p789s111z pon:222z")
    assert str(hand.remove(Tile.parse("0m"))) == "5m123p789s111z pon:222z"
    assert str(hand.remove(Tile.parse("5m"))) == "0m123p789s111z pon:222z"
    with pytest.raises(InvalidHandError, match="holds no 2z"):
        hand.remove(Tile.parse("2z"))
    hand = Hand.parse("55m123p789s111z pon:222z")
    with pytest.raises(InvalidHandError, match="holds no 0m"):
        hand.remove(Tile.parse("0m"))


def test_add_to_a_full_hand_fails() -> None:
    hand = Hand.parse("123m456p789s11122z")
    with pytest.raises(InvalidHandError, match="already holds 14 tiles"):
        hand.add(Tile.parse("3z"))


def test_the_callers_lists_are_not_modified() -> None:
    concealed = parse_tiles("9s1z5m0p3p2m1m1z")
    melds = [Meld.parse("chi:789p"), Meld.parse("pon:222s")]
    before_tiles, before_melds = list(concealed), list(melds)
    hand = Hand(concealed, melds)
    assert concealed == before_tiles
    assert melds == before_melds
    assert hand.tiles == tuple(sorted(before_tiles))
    assert hand.melds == tuple(before_melds)
    melds.append(Meld.parse("pon:333s"))
    concealed.clear()
    assert hand.melds == tuple(before_melds)
    assert len(hand.tiles) == 8


def test_generators_are_accepted() -> None:
    text = "123m456p789s1122z"
    assert Hand(t for t in parse_tiles(text)) == Hand.parse(text)


def test_hands_are_frozen() -> None:
    hand = Hand.parse("123m456p789s1122z")
    with pytest.raises(AttributeError):
        hand.tiles = ()  # type: ignore[misc]
    assert str(hand) == "123m456p789s1122z"


@pytest.mark.parametrize(("red_fives", "text"), [
    (True, "123m067p789s1122z"), (False, "123m567p789s1122z")])
def test_from_ids136(red_fives: bool, text: str) -> None:
    ids = [112, 0, 4, 8, 52, 57, 61, 96, 100, 104, 108, 109, 113]
    assert Hand.from_ids136(ids, red_fives=red_fives) == Hand.parse(text)
    melded = Hand.from_ids136(ids[:10], [Meld.parse("pon:444z")], red_fives=red_fives)
    assert str(melded) == text.replace("1122z", "2z") + " pon:444z"


@given(st.permutations(range(136)), st.booleans(), st.sampled_from(list(IdLayout)))
def test_from_ids136_matches_tile_by_tile(wall: list[int], red_fives: bool,
                                          layout: IdLayout) -> None:
    ids = wall[:13]
    hand = Hand.from_ids136(ids, layout=layout, red_fives=red_fives)
    expected = sorted(Tile.from_id136(i, layout=layout, red_fives=red_fives) for i in ids)
    assert list(hand.tiles) == expected
    assert hand.melds == ()


def test_remove_from_a_13_tile_hand_fails() -> None:
    with pytest.raises(InvalidHandError, match="none to spare"):
        Hand.parse("123m456p789s1122z").remove(Tile.parse("1m"))


@given(st.data())
def test_add_and_remove_equal_building_the_hand_afresh(data: st.DataObject) -> None:
    hand = data.draw(hands(full=True))
    tile = data.draw(st.sampled_from(hand.tiles))
    shrunk = hand.remove(tile)
    fresh = Hand(list(shrunk.tiles), shrunk.melds)
    # the fast paths carry the same derived state a full construction computes
    for derived in (shrunk, shrunk.add(tile)):
        again = Hand(list(derived.tiles), derived.melds)
        assert derived == again and str(derived) == str(again)
        assert _state(derived) == _state(again)
        assert derived.counts34() == again.counts34()
        if not derived.is_full:
            assert derived.waits_mask() == again.waits_mask()
        assert derived.is_complete() == again.is_complete()
        assert derived.shanten() == again.shanten()
    assert fresh == shrunk


@pytest.mark.parametrize(("before", "meld", "after"), [
    ("23m456p789s11222z", "chi:123m:1m:kamicha", "456p789s11222z chi:123m:1m:kamicha"),
    ("30m456p789s11222z", "chi:340m:4m:kamicha", "456p789s11222z chi:340m:4m:kamicha"),
    ("23m456p789s11222z", "pon:222z:2z:toimen", "23m456p789s112z pon:222z:2z:toimen"),
    ("23m456p789s11222z", "minkan:2222z:2z:shimocha", "23m456p789s11z minkan:2222z:2z:shimocha"),
    ("23m456p789s112222z", "ankan:2222z", "23m456p789s11z ankan:2222z"),
    ("23m456p789s112z pon:222z:2z:toimen", "shouminkan:2222z:2z:toimen",
     "23m456p789s11z shouminkan:2222z:2z:toimen"),
])
def test_call_moves_the_meld_tiles_out_of_the_hand(before: str, meld: str, after: str) -> None:
    hand = Hand.parse(before)
    called = hand.call(Meld.parse(meld))
    assert str(called) == after
    assert str(hand) == before  # the original hand is unchanged
    # a chi or pon leaves a hand that must discard; a kan one that must draw
    assert called.is_full == (Meld.parse(meld).kind in (MeldKind.CHI, MeldKind.PON))


def _claims(hand: Hand) -> list[tuple[MeldKind, list[Tile], Tile]]:
    """Every chi, pon and minkan a 13-tile hand's own tiles can make: (kind, own tiles,
    a called tile), any red five as held; a called five plain or red."""
    found = []
    for n in (2, 3):
        for own in {tuple(c) for c in itertools.combinations(hand.tiles, n)}:
            kinds = sorted(t.kind for t in own)
            if len(set(kinds)) == 1:
                calls = [kinds[0]]
            elif n == 2 and kinds[0] < 27 and kinds[0] // 9 == kinds[1] // 9 < 3 and (
                    kinds[1] - kinds[0] in (1, 2)):
                calls = [k for k in range(kinds[1] - 2, kinds[0] + 3) if k // 9 == kinds[0] // 9
                         and k not in kinds and max(k, kinds[1]) - min(k, kinds[0]) == 2]
            else:
                continue
            kind = MeldKind.CHI if len(set(kinds)) == 2 else (
                MeldKind.PON if n == 2 else MeldKind.MINKAN)
            for k in calls:
                found += [(kind, list(own), Tile(k, red=red))
                          for red in ((False, True) if k in (4, 13, 22) else (False,))]
    return found


@given(hands(full=False))
@example(Hand.parse("340m506p789s1122z"))
@example(Hand.parse("0555m4p789s112z", [Meld.parse("pon:555p")]))
def test_a_claim_carries_the_state_a_full_construction_computes(hand: Hand) -> None:
    # every chi, pon and minkan the hand's own tiles make, the called tile plain or red:
    # the same hand as built from its tiles (or an error as that construction raises)
    for kind, own, called in _claims(hand):
        try:
            meld = Meld(kind, [called, *own], called=called, called_from="kamicha")
        except MahjongError:
            continue  # two red fives
        rest = list(hand.tiles)
        for tile in own:
            rest.remove(tile)
        try:
            expected = Hand(rest, [*hand.melds, meld])
        except MahjongError:  # a fifth copy or a second red five: the claim raises as well
            with pytest.raises(MahjongError):
                hand.call(meld)
            continue
        claimed = hand.call(meld)
        assert claimed == expected and str(claimed) == str(expected), (hand, meld)
        assert _state(claimed) == _state(expected)
        assert claimed.shanten() == expected.shanten()


@pytest.mark.parametrize(("before", "meld", "fragment"), [
    ("23m456p789s11222z", "chi:123m", "called tile"),
    ("23m456p789s11222z", "chi:345m:4m:kamicha", "holds no 5m"),
    ("23m456p789s11222z", "chi:123m:0m", "not in"),
    ("23m456p789s112222z", "pon:222z:2z", "13 tiles, not 14"),
    ("23m456p789s11222z", "ankan:2222z", "14 tiles"),
    ("23m456p789s112222z", "shouminkan:2222z:2z", "no pon of 2z"),
    ("23m456p789s112222z", "ankan:3333z", "holds no 3z"),
])
def test_impossible_calls_raise(before: str, meld: str, fragment: str) -> None:
    with pytest.raises(MahjongError, match=fragment):
        Hand.parse(before).call(Meld.parse(meld))


def test_is_wait_compares_kinds_so_red_fives_count() -> None:
    hand = Hand.parse("123m456p789s1134m")  # waits on 2m and 5m
    assert hand.is_wait(Tile.parse("0m")) and hand.is_wait(Tile.parse("5m"))
    assert Tile.parse("0m") not in hand.waits()  # waits() holds plain tiles
    assert not hand.is_wait(Tile.parse("6m"))
    assert [hand.is_wait(Tile(k)) for k in range(34)] == [
        Tile(k) in hand.waits() for k in range(34)]


def test_added_kan_keeps_the_pon_source() -> None:
    hand = Hand.parse("23m456p789s112z pon:222z:2z:toimen")
    kan = hand.call(Meld.parse("shouminkan:2222z"))
    assert str(kan) == "23m456p789s11z shouminkan:2222z:2z:toimen"
    with pytest.raises(MahjongError, match="not called as the pon"):
        hand.call(Meld.parse("shouminkan:2222z:2z:kamicha"))


# -- the three ways in: tiles, text and ids give the same hand ----------------------------


def _state(hand: Hand) -> tuple[object, ...]:
    """Everything a hand holds, derived fields included (the scorer reads them); the
    scorer's view, set by every way of building a hand, repeats five of them."""
    view = (hand._full, hand._keys, hand._meld_info, hand._red_suits, hand._exhausted)
    assert hand_module.scorer_view(hand) == view
    return (hand.tiles, hand.melds, hand._keys, hand._hand_reds, hand._red_suits,
            hand._full, hand._exhausted, hand._meld_info.counts, hand._meld_info.summary,
            hand._meld_info.is_open, hand._meld_info.keys)


def _plain_state(tiles: list[Tile], melds: tuple[Meld, ...]) -> tuple[object, ...]:
    """The same fields worked out here, tile by tile, without the library's packing."""
    counts = Counter(t.kind for t in tiles)
    meld_counts = Counter(t.kind for m in melds for t in m.tiles)
    held = counts + meld_counts
    keys = tuple(sum(counts[9 * s + r] * 5 ** r for r in range(9 if s < 3 else 7))
                 for s in range(4))
    meld_keys = tuple(sum(meld_counts[9 * s + r] * 5 ** r for r in range(9 if s < 3 else 7))
                      for s in range(4))
    hand_reds = sum(1 << t.kind // 9 for t in tiles if t.red)
    all_reds = hand_reds | sum(1 << t.kind // 9 for m in melds for t in m.tiles if t.red)
    return (tuple(sorted(tiles, key=lambda t: (t.kind, not t.red))), melds, keys, hand_reds,
            all_reds, len(tiles) == 14 - 3 * len(melds),
            sum(1 << k for k, n in held.items() if n == 4),
            bytes(meld_counts[k] for k in range(34)),
            any(m.kind is not MeldKind.ANKAN for m in melds), meld_keys)


@given(hands())
def test_text_ids_and_tiles_give_the_same_hand(hand: Hand) -> None:
    want = _plain_state(list(hand.tiles), hand.melds)
    got = _state(hand)
    assert got[:8] + got[9:] == want  # the scorer's meld summary is checked by scoring tests
    parsed = Hand.parse(str(hand))
    assert _state(parsed) == _state(hand) and parsed == hand and hash(parsed) == hash(hand)
    ids = hand.to_ids136()
    assert ids == sorted(set(ids)) and len(ids) == len(hand.tiles)
    assert [Tile.from_id136(i) for i in ids] == list(hand.tiles)
    rebuilt = Hand.from_ids136(ids, hand.melds)
    assert _state(rebuilt) == _state(hand) and rebuilt == hand


@given(st.lists(st.integers(0, 135), min_size=13, max_size=14, unique=True), st.booleans())
def test_from_ids136_equals_the_tile_by_tile_build(ids: list[int], red: bool) -> None:
    tiles = [Tile.from_id136(i, red_fives=red) for i in ids]
    fast = Hand.from_ids136(ids, red_fives=red)
    assert _state(fast) == _state(Hand(tiles)) and fast == Hand(tiles)
    assert _state(fast)[:8] + _state(fast)[9:] == _plain_state(tiles, ())
    assert Hand.from_ids136(tuple(ids), red_fives=red) == fast
    assert Hand.from_ids136(iter(ids), red_fives=red) == fast  # the plain walk


@st.composite
def _ids_with_quads(draw: st.DrawFn) -> list[int]:
    """13 or 14 distinct ids holding every copy of up to three kinds."""
    kinds = draw(st.lists(st.integers(0, 33), unique=True, max_size=3))
    ids = [4 * kind + copy for kind in kinds for copy in range(4)]
    rest = draw(st.permutations(sorted(set(range(136)) - set(ids))))
    ids += rest[:draw(st.sampled_from((13, 14))) - len(ids)]
    return draw(st.permutations(ids))


@given(_ids_with_quads(), st.booleans())
def test_from_ids136_finds_every_kind_held_four_times(ids: list[int], red: bool) -> None:
    tiles = [Tile.from_id136(i, red_fives=red) for i in ids]
    fast = Hand.from_ids136(ids, red_fives=red)
    assert _state(fast)[:8] + _state(fast)[9:] == _plain_state(tiles, ())
    assert fast == Hand(tiles) and type(fast) is Hand


@pytest.mark.parametrize(("first", "width"), [(hand_module._QUAD_BITS, 3), (4, 5)])
def test_kinds_of_bits_reads_every_set_of_up_to_four_kinds(first: int, width: int) -> None:
    # both layouts a hand's fours of a kind come in: the id sum's count fields and a pack's
    for size in range(5):
        for kinds in itertools.combinations(range(34), size):
            bits = sum(1 << first + width * kind for kind in kinds)
            assert hand_module._kinds_of_bits(bits, first, width) == sum(1 << k for k in kinds)


class _Int(int):
    """An int subclass: not a tile id, as bool is not."""


_BAD_ID = st.one_of(
    st.sampled_from((-1, 136, 137, -136)), st.booleans(), st.integers(0, 135).map(float),
    st.integers(0, 135).map(_Int), st.just("1"))


@st.composite
def _would_be_ids(draw: st.DrawFn) -> list[object]:
    """11 to 15 distinct ids, a few of them perhaps swapped for a repeat or a non-id."""
    ids: list[object] = list(draw(st.permutations(range(136)))[:draw(st.integers(11, 15))])
    for _ in range(draw(st.integers(0, 2))):
        spot = draw(st.integers(0, len(ids) - 1))
        ids[spot] = draw(st.one_of(_BAD_ID, st.sampled_from(ids)))
    return ids


@given(_would_be_ids(), st.booleans(), st.booleans())
def test_from_ids136_answers_as_the_tile_by_tile_build(ids: list[object], red: bool,
                                                       as_tuple: bool) -> None:
    """Would-be ids, valid or not: the same hand or the same error as building the
    tiles one id at a time."""
    given_ids = tuple(ids) if as_tuple else ids
    try:
        expected: Hand | str = Hand(tiles_from_ids136(given_ids, red_fives=red))  # type: ignore[arg-type]
    except MahjongError as error:
        expected = f"{type(error).__name__}: {error}"
    try:
        got: Hand | str = Hand.from_ids136(given_ids, red_fives=red)  # type: ignore[arg-type]
    except MahjongError as error:
        got = f"{type(error).__name__}: {error}"
    assert got == expected
    if isinstance(got, Hand):
        assert isinstance(expected, Hand) and _state(got) == _state(expected)


@given(hands(full=True), st.data())
def test_add_and_remove_on_a_hand_from_text(hand: Hand, data: st.DataObject) -> None:
    """A hand read from text builds its tiles only when asked; add and remove agree."""
    lazy = Hand.parse(str(hand))
    tile = data.draw(st.sampled_from(hand.tiles))
    removed, plain_removed = lazy.remove(tile), hand.remove(tile)
    assert _state(removed) == _state(plain_removed)
    assert _state(removed.add(tile)) == _state(plain_removed.add(tile)) == _state(hand)


BAD_IDS = [
    ([True, *range(4, 16)], "a tile id must be an int 0-135, got True"),
    ([1.0, *range(4, 16)], "a tile id must be an int 0-135, got 1.0"),
    ([*range(12), -1], "tile id -1 is out of range 0-135"),
    ([*range(12), 136], "tile id 136 is out of range 0-135"),
    ([*range(12), 11], "tile id 11 appears twice"),
    ([*range(12), "1"], "a tile id must be an int 0-135, got '1'"),
    ([*range(12), [3]], "a tile id must be an int 0-135, got [3]"),
]


@pytest.mark.parametrize(("ids", "message"), BAD_IDS)
def test_bad_ids_are_refused_by_name(ids: list[object], message: str) -> None:
    for given_ids in (ids, tuple(ids)):
        with pytest.raises(MahjongError) as caught:
            Hand.from_ids136(given_ids)  # type: ignore[arg-type]
        assert message in str(caught.value)


def test_from_ids136_refuses_wrong_counts_and_conflicting_melds() -> None:
    with pytest.raises(InvalidHandError, match="holds 13 or 14 concealed tiles, not 12"):
        Hand.from_ids136(list(range(12)))
    with pytest.raises(InvalidHandError, match="7 copies of 1m"):  # 1m x4 and pon of 1m
        Hand.from_ids136([0, 1, 2, 3, 36, 40, 44, 72, 76, 80], [Meld.parse("pon:111m")])
    with pytest.raises(InvalidHandError, match="two red fives of m"):
        Hand.from_ids136([16, 36, 40, 44, 72, 76, 80, 108, 109, 112, 113],
                         [Meld.parse("pon:055m")])


@given(hands())
def test_a_hand_from_text_or_ids_copies_pickles_and_evolves(hand: Hand) -> None:
    """Hands built from text or ids, or a tile at a time, keep their tiles unbuilt until
    asked; copying, pickling and ``attrs.evolve`` still see every tile, and a copy reads
    as the scorer reads the hand."""
    import copy
    import pickle

    import attrs
    if hand.is_full:
        by_tile = hand.remove(hand.tiles[-1]).add(hand.tiles[-1])
    else:  # a plain tile of the first kind the hand and its melds hold fewer than four of
        held = hand.counts34()
        for meld in hand.melds:
            for tile in meld.tiles:
                held = (*held[:tile.kind], held[tile.kind] + 1, *held[tile.kind + 1:])
        extra = Tile(next(kind for kind, n in enumerate(held) if n < 4))
        by_tile = hand.add(extra).remove(extra)
    for lazy in (Hand.parse(str(hand)), Hand.from_ids136(hand.to_ids136(), hand.melds),
                 by_tile):
        assert pickle.loads(pickle.dumps(lazy)) == hand
        copied = copy.deepcopy(lazy)
        assert copied.tiles == hand.tiles
        view = hand_module.scorer_view
        assert view(copied) == view(pickle.loads(pickle.dumps(lazy))) == view(hand)
        evolved = attrs.evolve(lazy, melds=hand.melds)
        assert evolved == hand and evolved.tiles == hand.tiles
    with pytest.raises(AttributeError):
        _ = Hand.parse(str(hand)).no_such_field  # type: ignore[attr-defined]


def test_a_hand_keeps_the_plain_attribute_lookup() -> None:
    """Hand defines neither ``__getattr__`` nor ``__getattribute__``: either would turn
    off the interpreter's fast lookup of every attribute and method of every hand."""
    assert type(Hand.parse("123m456p789s1122z")).__getattribute__ is object.__getattribute__
    assert not any("__getattr__" in vars(cls) for cls in Hand.__mro__)


def test_a_hand_is_frozen_and_keeps_its_class_however_it_is_made() -> None:
    """Hands fill their slots through a writable twin class and switch back: every way
    in gives a Hand (or the caller's subclass), frozen, equal to the tile-by-tile build."""

    class Held(Hand):
        __slots__ = ()

    text = "123m456p789s1122z"
    tiles = tuple(parse_tiles(text))
    pon = Meld.parse("pon:555z")
    made = [
        (Hand, Hand(tiles)), (Held, Held(tiles)), (Held, Held.parse(text)),
        (Hand, Hand.parse(text)), (Hand, Hand.parse("123m456p789s1z", [pon])),
        (Hand, Hand.from_ids136(Hand(tiles).to_ids136())),
        (Hand, Hand.from_ids136(Hand.parse("123m456p789s1z", [pon]).to_ids136(), [pon])),
        (Hand, Hand(tiles).add(Tile.parse("2z"))),
        (Hand, Hand(tiles).add(Tile.parse("2z")).remove(Tile.parse("1m"))),
    ]
    for cls, hand in made:
        assert type(hand) is cls
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            hand.melds = ()  # type: ignore[misc]
        assert hand == cls(hand.tiles, hand.melds) and hash(hand) == hash(
            cls(hand.tiles, hand.melds))
    with pytest.raises(InvalidHandError):
        Held(tiles[:5])


# -- KeptTiles: the engine's tiles kept a tile at a time ------------------------------------

def _exhausted(hand: Hand) -> int:
    """Kinds of which the hand and its melds hold all four copies, counted from tiles."""
    held = Counter(t.kind for t in hand.tiles)
    held.update(t.kind for meld in hand.melds for t in meld.tiles)
    return sum(1 << kind for kind, copies in held.items() if copies == 4)


@given(st.data())
def test_kept_tiles_answer_the_waits_and_shanten_of_the_hand(data: st.DataObject) -> None:
    """KeptTiles, fed the concealed tiles one by one (less one of a kind with
    ``without``), answers the waits a brute force over every added tile finds, and a
    closed hand's shanten as the Hand does."""
    hand = data.draw(hands())
    kinds = [t.kind for t in hand.tiles]
    kept = KeptTiles(kinds)
    if hand.is_full:
        dropped = data.draw(st.sampled_from(hand.tiles))
        thirteen = hand.remove(dropped)
        without = dropped.kind
    else:
        thirteen, without = hand, -1
    exhausted = _exhausted(thirteen)
    brute = sum(1 << kind for kind in range(34)
                if not (exhausted >> kind) & 1 and thirteen.add(Tile(kind)).is_complete())
    got = kept.waits_mask(without=without, closed=not hand.melds, exhausted=exhausted)
    assert got == brute == thirteen.waits_mask()
    if not hand.melds:
        assert kept.shanten() == hand.shanten()
        assert kept.shanten(without=without) == thirteen.shanten()
    twin = kept.copy()
    twin.remove(kinds[0])
    assert kept.waits_mask(without=without, closed=not hand.melds, exhausted=exhausted) == got


@given(hands(), st.data())
def test_a_hand_of_kept_tiles_is_the_hand_built_from_its_tiles(hand: Hand,
                                                               data: st.DataObject) -> None:
    """``hand_of_kept`` from KeptTiles fed the tiles one by one (some taken out and put
    back, as a game loop does), the red fives and the kinds held four times counted
    here: every field as the checked construction sets it, with the same melds (the
    melds' own summary looked up again after other melds)."""
    tiles = list(hand.tiles)
    kept = KeptTiles(t.kind for t in tiles)
    for tile in data.draw(st.lists(st.sampled_from(tiles), max_size=3)):
        kept.remove(tile.kind)
        kept.add(tile.kind)
    reds = sum(1 << t.kind // 9 for t in tiles if t.red)
    held = Counter(t.kind for t in tiles)
    fours = sum(1 << kind for kind, copies in held.items() if copies == 4)
    for _ in range(2):  # the second time the melds' summary is one already made
        built = hand_module.hand_of_kept(kept.keys(), len(tiles), reds, fours, hand.melds)
        assert built == hand and str(built) == str(hand)
        state = _state(built)
        assert state == _state(hand)
        assert state[:8] + state[9:] == _plain_state(tiles, hand.melds)
        assert built.shanten() == hand.shanten()
