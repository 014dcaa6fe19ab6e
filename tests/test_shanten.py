"""Shanten, ukeire and discard options, against oracles written here (never the engine's).

The definition under test (Tenhou's): shanten is the least number of exchanges (discard
one, draw one) that makes a hand tenpai, no draw ever making a fifth copy of a kind
(melds included); melds are fixed sets. Equivalently ``13 - 3 * melds - overlap``, where
overlap is the most tiles the concealed part shares with a complete hand that keeps the
melds and holds no kind more than four times.

Oracles:

* Targets (every one-suit hand): list every complete one-suit shape (j sets and a pair,
  no rank over four), take all their sub-multisets (the closure); a hand's overlap is the
  size of its largest sub-multiset in the closure.
* Suit search (random hands with melds): per suit, the best overlap with j sets and p
  pairs, by a depth-first search over the sets that take a new tile of the hand, under
  the copies the melds leave; the drawn-only sets must still fit. Suits are combined by
  trying every split of the sets.
* Seven pairs and thirteen orphans: the best overlap by counting.
* The definition itself: tenpai exactly when ``waits()`` is not empty, -1 exactly when
  ``is_complete()``, and one draw (13 tiles) or one discard (14 tiles) moves shanten by
  exactly the right step.
"""

from __future__ import annotations

import doctest
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence

import pytest

from mahjong_core import (
    DiscardOption,
    Hand,
    InvalidHandError,
    Meld,
    MeldKind,
    Tile,
    Ukeire,
    parse_tiles,
)
from mahjong_core._core import shanten as _shanten
from mahjong_core.hand import best_tile_among_kinds
from tests.support.shanten_oracle import (
    INF,
    YAOCHUU,
    Closure,
    chiitoitsu_oracle,
    kokushi_oracle,
    standard_oracle,
    vectors,
)
from tests.support.shanten_reference import reference_standard, reference_vector

TILES = tuple(Tile.from_kind(k) for k in range(34))
RED_KINDS = (4, 13, 22)


def hand_of(counts: Sequence[int], melds: Sequence[Meld] = ()) -> Hand:
    """A hand from 34 concealed counts (plain tiles) and melds."""
    return Hand([TILES[k] for k in range(34) for _ in range(counts[k])], melds)


def pon(kind: int) -> Meld:
    return Meld(MeldKind.PON, [TILES[kind]] * 3)


# -- oracle 1: complete targets and their closure (one suit) ---------------------------














@pytest.mark.parametrize("honours", [False, True])
def test_every_one_suit_hand_matches_the_targets(honours: bool) -> None:
    """Every count vector of 1-14 tiles of one suit that makes a legal hand (melds of
    another suit fill it up to 13 or 14) has the shanten of the targets oracle."""
    ranks = 7 if honours else 9
    checked = 0
    for melds_count in range(5):
        sets_count = 4 - melds_count
        closure = Closure(ranks, sets_count)
        fillers = [pon((0, 9, 18, 8)[i] if honours else 27 + i) for i in range(melds_count)]
        for size in (3 * sets_count + 1, 3 * sets_count + 2):
            for counts in vectors(ranks, size):
                key = sum(n << 3 * r for r, n in enumerate(counts))
                expected = 3 * sets_count + 1 - closure.overlap(key, size)
                first = 27 if honours else 9 * (checked % 3)  # spread over m, p, s
                counts34 = [0] * 34
                counts34[first:first + ranks] = counts
                hand = hand_of(counts34, fillers)
                assert hand.shanten_standard() == expected, hand
                if melds_count:
                    assert hand.shanten() == expected, hand
                else:
                    seven, thirteen = chiitoitsu_oracle(counts34), kokushi_oracle(counts34)
                    assert hand.shanten_chiitoitsu() == seven, hand
                    assert hand.shanten_kokushi() == thirteen, hand
                    assert hand.shanten() == min(expected, seven, thirteen), hand
                checked += 1
    assert checked == (31495 if honours else 312732)


def test_chinitsu_split() -> None:
    """The 93,600 thirteen-tile one-suit hands: 40,196 tenpai, 52,791 one from tenpai and
    613 two from it (seven pairs included)."""
    split = Counter(hand_of([*counts, *[0] * 25]).shanten() for counts in vectors(9, 13))
    assert split == {0: 40196, 1: 52791, 2: 613}


# -- oracle 2: per-suit search, for hands of every suit with melds ----------------------










class Deal:
    """A random hand dealt from a full set: melds first, then the concealed tiles."""

    def __init__(self, rng: random.Random, melds_count: int, full: bool,
                 reds: bool = False) -> None:
        pool = [4] * 34
        self.meld_counts = [0] * 34
        melds = []
        for _ in range(melds_count):
            kind = rng.choice(list(MeldKind))
            if kind is MeldKind.CHI:
                starts = [k for k in range(27) if k % 9 <= 6 and min(pool[k:k + 3]) > 0]
                first = rng.choice(starts)
                kinds = [first, first + 1, first + 2]
            else:
                size = 3 if kind is MeldKind.PON else 4
                kinds = [rng.choice([k for k in range(34) if pool[k] >= size])] * size
            for k in kinds:
                pool[k] -= 1
                self.meld_counts[k] += 1
            melds.append(Meld(kind, [TILES[k] for k in kinds]))
        wall = [k for k in range(34) for _ in range(pool[k])]
        size = 13 - 3 * melds_count + full
        concealed = sorted(rng.sample(wall, size))
        self.counts = [0] * 34
        for k in concealed:
            self.counts[k] += 1
            pool[k] -= 1
        self.pool = pool
        tiles = [TILES[k] for k in concealed]
        if reds:
            for i, k in enumerate(concealed):
                if k in RED_KINDS and concealed.index(k) == i and rng.random() < 0.5:
                    tiles[i] = Tile(k, red=True)
        self.hand = Hand(tiles, melds)
        self.melds = melds_count

    def visible(self, rng: random.Random, count: int) -> list[Tile]:
        """Some of the tiles outside the hand."""
        outside = [TILES[k] for k in range(34) for _ in range(self.pool[k])]
        return rng.sample(outside, count)


def deals(seed: int, count: int, reds: bool = False) -> Iterator[Deal]:
    rng = random.Random(seed)
    for i in range(count):
        yield Deal(rng, rng.randrange(5), bool(i % 2), reds)


def test_random_hands_with_melds_match_the_suit_search() -> None:
    """100,000 hands of every suit, 0-4 melds (chi, pon and every kan), 13 and 14 tiles."""
    for deal in deals(1, 100_000):
        hand = deal.hand
        standard = standard_oracle(deal.counts, deal.meld_counts, deal.melds)
        assert hand.shanten_standard() == standard, hand
        if deal.melds:
            assert hand.shanten() == standard, hand
            assert hand.shanten_chiitoitsu() == hand.shanten_kokushi() == 99
        else:
            seven, thirteen = chiitoitsu_oracle(deal.counts), kokushi_oracle(deal.counts)
            assert (hand.shanten_chiitoitsu(), hand.shanten_kokushi()) == (seven, thirteen)
            assert hand.shanten() == min(standard, seven, thirteen), hand


# -- oracle 3: the definition -----------------------------------------------------------


def test_tenpai_and_complete_agree_with_waits_and_completeness() -> None:
    """0 exactly when waits() is not empty (13 tiles), -1 exactly when complete (14)."""
    for deal in deals(2, 60_000):
        hand = deal.hand
        shanten = hand.shanten()
        if hand.is_full:
            assert (shanten == -1) == hand.is_complete(), hand
            assert shanten >= -1
        else:
            assert (shanten == 0) == bool(hand.waits()), hand
            assert shanten >= 0


def drawable(hand: Hand, meld_counts: Sequence[int]) -> list[Tile]:
    """The kinds of which the hand and its melds hold fewer than four."""
    return [TILES[k] for k in range(34) if hand.count(TILES[k]) + meld_counts[k] < 4]


def test_one_exchange_moves_shanten_by_one() -> None:
    """13 tiles at n >= 1: the best draw reaches n - 1 (so some exchange does, none
    does better); 14 tiles: the best discard keeps n. Together with the tenpai test this
    pins shanten down as the number of exchanges to tenpai."""
    for deal in deals(3, 6000):
        hand = deal.hand
        shanten = hand.shanten()
        if hand.is_full:
            if shanten >= 0:
                after = {hand.remove(t).shanten() for t in set(hand.tiles)}
                assert min(after) == shanten, hand
                assert max(after) <= shanten + 1, hand
        else:
            after = {hand.add(t).shanten() for t in drawable(hand, deal.meld_counts)}
            assert min(after) == shanten - 1, hand
            assert max(after) <= shanten, hand


# -- ukeire and discard options against trying every tile -------------------------------


def brute_ukeire(hand: Hand, meld_counts: Sequence[int], seen: Sequence[int]) -> Ukeire:
    """Draw every tile and keep those that lower shanten; count what nobody sees."""
    shanten = hand.shanten()
    draws = []
    for tile in drawable(hand, meld_counts):
        if hand.add(tile).shanten() < shanten:
            draws.append((tile, 4 - seen[tile.kind]))
    return Ukeire(shanten, tuple(draws))


def test_ukeire_matches_trying_every_draw() -> None:
    rng = random.Random(4)
    for deal in deals(5, 4000):
        if deal.hand.is_full:
            continue
        visible = deal.visible(rng, rng.randrange(20))
        seen = [deal.counts[k] + deal.meld_counts[k] for k in range(34)]
        for tile in visible:
            seen[tile.kind] += 1
        ukeire = deal.hand.ukeire(visible)
        assert ukeire == brute_ukeire(deal.hand, deal.meld_counts, seen)
        assert ukeire.total == sum(ukeire.as_dict().values())
        assert ukeire.tiles == tuple(ukeire.as_dict())
        if ukeire.shanten == 0:
            assert set(ukeire.tiles) == deal.hand.waits()


def test_discard_options_match_trying_every_discard() -> None:
    rng = random.Random(6)
    for deal in deals(7, 600, reds=True):
        hand = deal.hand
        if not hand.is_full:
            continue
        visible = deal.visible(rng, rng.randrange(20))
        seen = [deal.counts[k] + deal.meld_counts[k] for k in range(34)]
        for tile in visible:
            seen[tile.kind] += 1
        options = hand.discard_options(visible)
        expected = brute_discard_options(hand, deal.meld_counts, seen)
        assert options == expected, hand
        assert options[0].shanten == hand.shanten() or hand.shanten() == -1
        lowest = [o for o in expected if o.shanten == expected[0].shanten]
        assert hand.discard_options(visible, lowest_only=True) == lowest, hand
        # some kinds only (held or not), in the same order; the lowest shanten of all
        among = rng.sample(hand.tiles, min(len(hand.tiles), rng.randrange(1, 5)))
        among.append(Tile(rng.randrange(34)))
        kinds = {t.kind for t in among}
        assert hand.discard_options(visible, among=among) == [
            o for o in expected if o.tile.kind in kinds], hand
        assert hand.discard_options(visible, lowest_only=True, among=among) == [
            o for o in lowest if o.tile.kind in kinds], hand
        # the first option alone, from the counts the player sees, as a list or bytes
        assert hand.best_discard(seen) == expected[0], hand
        chosen = [o for o in expected if o.tile.kind in kinds]
        assert hand.best_discard(bytes(seen), among=among) == (chosen[0] if chosen else None)
        # its tile and shanten alone, ties broken by the draws all the same
        assert hand.best_discard_tile(seen) == (expected[0].tile, expected[0].shanten), hand
        assert hand.best_discard_tile(bytes(seen), among=among) == (
            (chosen[0].tile, chosen[0].shanten) if chosen else None), hand
        # the same with the kinds asked for as a mask (the player's way)
        mask = sum(1 << kind for kind in kinds)
        assert best_tile_among_kinds(hand, bytes(seen), mask) == (
            (chosen[0].tile, chosen[0].shanten) if chosen else None), hand


def brute_discard_options(hand: Hand, meld_counts: Sequence[int],
                          seen: Sequence[int]) -> list[DiscardOption]:
    """Discard every kind and try every draw; the discarded copy counts as seen."""
    expected = []
    for kind in sorted({t.kind for t in hand.tiles}):
        tile = max(t for t in hand.tiles if t.kind == kind)  # plain five after red
        ukeire = brute_ukeire(hand.remove(tile), meld_counts, seen)
        expected.append(DiscardOption(tile, ukeire.shanten, ukeire))
    expected.sort(key=lambda o: (o.shanten, -o.total, o.tile.kind))
    return expected


def test_seven_pairs_and_thirteen_orphans_draws_match_trying_every_tile() -> None:
    """Closed hands from few kinds, often orphans, where seven pairs or thirteen orphans
    is often the best form (random deals rarely are): ukeire and discard options."""
    rng = random.Random(10)
    forms: Counter[str] = Counter()
    for i in range(3000):
        pool = rng.sample(YAOCHUU, rng.randrange(9, 14)) if i % 2 else rng.sample(
            range(34), rng.randrange(5, 10))
        pool = sorted({*pool, *rng.sample(range(34), rng.randrange(3))})
        kinds = rng.sample([k for k in pool for _ in range(4)], 13 + i % 4 // 2)
        counts = [kinds.count(k) for k in range(34)]
        hand = hand_of(counts)
        shanten = hand.shanten()
        forms["seven pairs"] += hand.shanten_chiitoitsu() == shanten
        forms["thirteen orphans"] += hand.shanten_kokushi() == shanten
        if hand.is_full:
            expected = brute_discard_options(hand, [0] * 34, counts)
            assert hand.discard_options() == expected
            assert hand.discard_options(lowest_only=True) == [
                o for o in expected if o.shanten == expected[0].shanten]
            assert hand.best_discard() == hand.best_discard(counts) == expected[0], hand
            assert hand.best_discard_tile(counts) == (expected[0].tile, expected[0].shanten)
        else:
            assert hand.ukeire() == brute_ukeire(hand, [0] * 34, counts), hand
    assert min(forms.values()) > 400, forms


@pytest.mark.parametrize(("seen", "message"), [
    ("1" * 34, "34 numbers 0-4"),
    ([1] * 33, "34 numbers 0-4"),
    ([1] * 33 + [True], "34 numbers 0-4"),
    ([1] * 33 + [1.0], "34 numbers 0-4"),
    ([1] * 33 + [5], "34 numbers 0-4"),
    ([1] * 33 + [-1], "34 numbers 0-4"),
    (bytes([1] * 33 + [5]), "34 numbers 0-4"),
    (bytes(35), "34 numbers 0-4"),
    ({k: 1 for k in range(34)}, "34 numbers 0-4"),
    ([1] * 34, "must count the hand"),  # the hand holds two 1z
    (bytes([4] * 27 + [1, 4, 4, 4, 4, 4, 4]), "must count the hand"),
])
def test_best_discard_refuses_bad_seen_counts(seen: object, message: str) -> None:
    hand = Hand.parse("123m456p789s11223z")
    with pytest.raises(InvalidHandError, match=message):
        hand.best_discard(seen)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match=message):
        hand.best_discard_tile(seen)  # type: ignore[arg-type]


def test_best_discard_refuses_a_thirteen_tile_hand_and_bad_among() -> None:
    with pytest.raises(InvalidHandError, match="best discard"):
        Hand.parse("123m456p789s1122z").best_discard()
    with pytest.raises(InvalidHandError, match="Tile objects"):
        Hand.parse("123m456p789s11223z").best_discard(among=["1m"])  # type: ignore[list-item]
    assert Hand.parse("123m456p789s11223z").best_discard(among=[Tile.parse("5z")]) is None
    with pytest.raises(InvalidHandError, match="best discard"):
        Hand.parse("123m456p789s1122z").best_discard_tile()
    assert Hand.parse("123m456p789s11223z").best_discard_tile(among=[Tile.parse("5z")]) is None


def random_suit(rng: random.Random, max_tiles: int) -> tuple[bool, list[int], list[int], int]:
    """A random suit (honours 30 % of the time) with some kinds capped by melds elsewhere:
    (honours, counts, caps, table key: the counts plus the meld copies times MELD_UNIT)."""
    honours = rng.random() < 0.3
    ranks = 7 if honours else 9
    caps = [4] * ranks
    for _ in range(rng.randrange(3)):
        caps[rng.randrange(ranks)] = rng.choice((0, 1, 3))
    counts = [0] * ranks
    size = rng.randrange(max_tiles + 1)
    while sum(counts) < size and sum(counts) < sum(caps):
        r = rng.randrange(ranks)
        if counts[r] < caps[r]:
            counts[r] += 1
    key = sum(n * 5 ** r for r, n in enumerate(counts))
    key += sum((4 - c) * 5 ** r for r, c in enumerate(caps)) * _shanten.MELD_UNIT
    return honours, counts, caps, key


def test_draw_tables_match_the_plain_walk() -> None:
    """A draw lowers each entry of its suit's vector by 0 or 1 (ukeire rests on it), and
    the per-suit draw tables say which entries, as the plain walk does."""
    rng = random.Random(11)
    for _ in range(80):
        honours, counts, caps, key = random_suit(rng, 13)
        ranks = len(counts)
        own = reference_vector(counts, caps, not honours)
        drops = (_shanten.HONOUR_DROPS if honours else _shanten.NUMBER_DROPS)[key]
        gains = _shanten.HONOUR_GAINS if honours else _shanten.NUMBER_GAINS
        lowered = []
        for r in range(ranks):
            lower = 0
            if counts[r] < caps[r]:
                after = reference_vector(
                    [n + (q == r) for q, n in enumerate(counts)], caps, not honours)
                for i in range(10):
                    assert after[i] == own[i] or after[i] == own[i] - 1 < INF - 1, (counts, caps)
                    lower |= (after[i] < own[i]) << i
            assert (drops >> 10 * r) & 1023 == lower, (counts, caps, r)
            lowered.append(lower)
        for where in rng.sample(range(1, 1024), 5):
            expected = sum(1 << r for r in range(ranks) if lowered[r] & where)
            assert gains[key << _shanten.OPT_BITS | where] == expected, (counts, caps, where)


@pytest.mark.parametrize("build", [Hand.parse, lambda text: Hand.from_ids136(
    Hand.parse(text).to_ids136())], ids=["text", "ids"])
def test_discard_keeps_the_red_five_unless_it_is_the_only_five(
        build: Callable[[str], Hand]) -> None:
    both = build("055m123p456p789s11z")
    assert [str(o.tile) for o in both.discard_options() if o.tile.kind == 4] == ["5m"]
    red_only = build("0m23m123p456p789s11z")
    assert [str(o.tile) for o in red_only.discard_options() if o.tile.kind == 4] == ["0m"]
    three = build("0m23m123p4056p78s11z")
    assert [str(o.tile) for o in three.discard_options() if o.tile.kind in (4, 13)] == [
        "0m", "5p"]


# -- the table-driven answers against the plain path --------------------------------------


def test_suit_tables_match_the_plain_walk() -> None:
    rng = random.Random(8)
    for _ in range(600):
        honours, counts, caps, key = random_suit(rng, 14)
        table = _shanten.HONOUR if honours else _shanten.NUMBER
        found = _shanten.VECTORS[table[key]]
        assert found == reference_vector(counts, caps, not honours), (counts, caps)


def test_hand_tables_match_the_plain_path() -> None:
    for deal in deals(9, 300):
        expected = reference_standard(deal.counts, deal.meld_counts, deal.melds)
        assert deal.hand.shanten_standard() == expected, deal.hand


# -- examples ------------------------------------------------------------------------------


def example(text: str) -> Hand:
    """Concealed mpsz tiles, filled up to 13 or 14 with pons of kinds the text lacks."""
    tiles = parse_tiles(text)
    free = [k for k in range(33, -1, -1) if all(t.kind != k for t in tiles)]
    return Hand(tiles, [pon(free[i]) for i in range((14 - len(tiles)) // 3)])


@pytest.mark.parametrize(("text", "shanten", "standard", "seven", "thirteen"), [
    ("123m456p789s1122z", 0, 0, 4, 8),
    ("123m456p789s11223z", 0, 0, 4, 7),
    ("123m456p789s11222z", -1, -1, 4, 8),
    ("1111m234p567p789s", 1, 1, 5, 10),  # its only wait would be a fifth 1m
    ("1111m234p567p7899s", 0, 0, 4, 10),
    ("11112222333344m", -1, -1, 5, 11),  # 123m four times and 44m
    ("1111m223344p556s", 1, 1, 2, 11),  # four of a kind is one pair towards seven pairs
    ("1122m3344p5566s77z", -1, 3, -1, 10),
    ("1122m3344p5566s7z", 0, 3, 0, 10),
    ("11223344m556677p", -1, -1, -1, 11),
    ("19m19p19s1234567z", 0, 8, 6, 0),
    ("19m19p19s12345677z", -1, 7, 5, -1),
    ("19m19p19s1234566z", 0, 7, 5, 0),
    ("1111m", 1, 1, 99, 99),  # three pons: no pair can be drawn to 1111
    ("1m", 0, 0, 99, 99),
    ("11m", -1, -1, 99, 99),
    ("1111z", 1, 1, 99, 99),
])
def test_examples(text: str, shanten: int, standard: int, seven: int, thirteen: int) -> None:
    hand = example(text)
    assert (hand.shanten(), hand.shanten_standard(), hand.shanten_chiitoitsu(),
            hand.shanten_kokushi()) == (shanten, standard, seven, thirteen)


def test_melds_hold_copies_too() -> None:
    """A meld's tiles are copies the hand holds: they block draws and leave fewer unseen."""
    blocked = Hand.parse("1m456p789s777z pon:111m")  # tanki on a fifth 1m
    assert blocked.shanten() == 1 and not blocked.waits()
    assert Tile.parse("7z") not in blocked.ukeire().tiles  # 7777z would wait on a fifth
    assert Hand.parse("2m456p789s pon:777z ankan:1111m").ukeire().draws == (
        (Tile.parse("2m"), 3),)
    assert Hand.parse("56m456p789s77z chi:789m").ukeire().draws == (
        (Tile.parse("4m"), 4), (Tile.parse("7m"), 3))
    assert Hand.parse("56m456p77z pon:777m pon:444m").ukeire().draws == (
        (Tile.parse("4m"), 1), (Tile.parse("7m"), 1))
    assert Hand.parse("56m456p77z pon:777m minkan:4444m").ukeire().draws == (
        (Tile.parse("7m"), 1),)


def test_bad_calls_raise() -> None:
    thirteen = Hand.parse("123m456p789s1122z")
    fourteen = thirteen.add(Tile.parse("3z"))
    with pytest.raises(InvalidHandError, match="14-tile"):
        thirteen.discard_options()
    with pytest.raises(InvalidHandError, match="13-tile"):
        fourteen.ukeire()
    with pytest.raises(InvalidHandError, match="Tile objects"):
        thirteen.ukeire(["1z"])  # type: ignore[list-item]
    with pytest.raises(InvalidHandError, match="Tile objects"):
        thirteen.ukeire("1z")  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="more than four"):
        thirteen.ukeire([Tile.parse("1z")] * 3)
    assert thirteen.ukeire([Tile.parse("1z")] * 2).as_dict() == {
        Tile.parse("1z"): 0, Tile.parse("2z"): 2}


def test_results_are_values() -> None:
    hand = Hand.parse("123m456p789s11223z")
    first, again = hand.discard_options(), hand.discard_options()
    assert first == again and first is not again
    assert hash(first[0]) == hash(again[0])
    mapping = first[0].ukeire.as_dict()
    mapping.clear()
    assert first[0].ukeire.total == 4


def test_docstring_examples() -> None:
    finder, runner = doctest.DocTestFinder(), doctest.DocTestRunner()
    for obj in (Hand.shanten, Hand.ukeire, Hand.discard_options, Ukeire):
        for test in finder.find(obj, globs={"Hand": Hand, "Tile": Tile}):
            runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_a_product_with_a_unit_vector_is_the_full_product() -> None:
    # CONV moves a vector's entries for a unit vector (one choice at one cost) instead of
    # trying every split: the same vector, for every unit and every closed suit's vector
    others = [*_shanten.closed_ids(), _shanten.EMPTY, _shanten.IMPOSSIBLE]
    units = sorted(set(_shanten._UNIT.values()))
    assert len(units) == 40
    for other in others:
        for unit in units:
            full = _shanten.intern(_shanten._product(_shanten.VECTORS[other],
                                                     _shanten.VECTORS[unit]))
            assert _shanten._conv(other << _shanten.ID_BITS | unit) == full


def test_the_written_out_product_is_the_min_plus_product() -> None:
    # every pair of closed suits' vectors (number and honour), and vectors with
    # impossible entries, against conv_vectors, the definition
    vectors = [_shanten.VECTORS[i] for i in sorted(set(_shanten.closed_ids()))]
    rng = random.Random(7)
    vectors += [tuple(rng.choice((0, 1, 2, 3, _shanten.INF)) for _ in range(10))
                for _ in range(60)]
    assert len(vectors) > 180
    inf = _shanten.INF
    for a in vectors:
        for b in vectors:  # entries at or above INF are INF (interning caps them so)
            product = tuple(min(x, inf) for x in _shanten._product(a, b))
            assert product == _shanten.conv_vectors(a, b)
