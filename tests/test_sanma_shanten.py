"""Shanten, waits, ukeire and discard options at three players, against oracles written here.

At three players 2m-8m do not exist, so the man suit holds only 1m and 9m: they make
triplets and pairs, never runs. The oracle is the suit search of ``test_shanten`` with
the man suit read as a suit of two ranks (which has no runs), the other suits as they
are; waits, ukeire and discard options are checked by trying every tile that exists.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from mahjong_core import Hand, InvalidHandError, Meld, MeldKind, Tile
from tests.support.shanten_oracle import chiitoitsu_oracle, combined_oracle, kokushi_oracle

KINDS = (0, *range(8, 34))
"""The kinds of a three-player game."""
TILES = tuple(Tile(k) for k in range(34))


def three_player_standard(counts: Sequence[int], meld_counts: Sequence[int], melds: int) -> int:
    """Standard-form shanten with the man suit as two ranks (1m, 9m) and no runs there."""
    parts: list[tuple[tuple[int, ...], tuple[int, ...]]] = [
        ((counts[0], counts[8]), (4 - meld_counts[0], 4 - meld_counts[8]))]
    for first, ranks in ((9, 9), (18, 9), (27, 7)):
        part = slice(first, first + ranks)
        parts.append((tuple(counts[part]), tuple(4 - n for n in meld_counts[part])))
    return combined_oracle(parts, melds)


def oracle(counts: Sequence[int], meld_counts: Sequence[int], melds: int) -> int:
    standard = three_player_standard(counts, meld_counts, melds)
    if melds:
        return standard
    return min(standard, chiitoitsu_oracle(counts), kokushi_oracle(counts))


def hand_of(counts: Sequence[int], melds: Sequence[Meld] = ()) -> Hand:
    return Hand([TILES[k] for k in range(34) for _ in range(counts[k])], melds)


def test_every_man_vector_with_every_pin_vector_of_the_rest() -> None:
    """Every count of 1m and 9m (0-4 each) beside a pin suit filling the hand to 13 and 14
    tiles (every pin vector of that size), against the oracle."""
    checked = differs = 0
    for one, nine in itertools.product(range(5), repeat=2):
        for size in (13, 14):
            rest = size - one - nine
            if rest < 0 or rest > 36:
                continue
            rng = random.Random(one * 5 + nine + size)
            for _ in range(60):
                counts = [0] * 34
                counts[0], counts[8] = one, nine
                left = rest
                while left:
                    kind = rng.choice(range(9, 18)) if rng.random() < 0.8 else rng.choice(
                        range(27, 34))
                    if counts[kind] < 4:
                        counts[kind] += 1
                        left -= 1
                hand = hand_of(counts)
                assert hand.shanten(players=3) == oracle(counts, [0] * 34, 0), hand
                differs += hand.shanten(players=3) != hand.shanten()
                checked += 1
    assert checked > 2000 and differs > 0  # the three-player answer is not the four-player one


def _deal(rng: random.Random, melds_count: int, full: bool) -> tuple[Hand, list[int], list[int]]:
    pool = [0 if 1 <= k <= 7 else 4 for k in range(34)]
    meld_counts = [0] * 34
    melds = []
    for _ in range(melds_count):
        kind = rng.choice([MeldKind.PON, MeldKind.MINKAN, MeldKind.ANKAN])
        size = 3 if kind is MeldKind.PON else 4
        k = rng.choice([k for k in KINDS if pool[k] >= size])
        pool[k] -= size
        meld_counts[k] += size
        melds.append(Meld(kind, [TILES[k]] * size))
    # lean on 1m and 9m so that the man suit matters
    wall = [k for k in KINDS for _ in range(pool[k]) for _ in range(3 if k in (0, 8) else 1)]
    counts = [0] * 34
    size = 13 - 3 * melds_count + full
    while size:
        k = rng.choice(wall)
        if counts[k] < pool[k]:
            counts[k] += 1
            size -= 1
    return hand_of(counts, melds), counts, meld_counts


def test_random_three_player_hands_with_melds_match_the_oracle() -> None:
    rng = random.Random(7)
    for i in range(4000):
        melds = rng.randrange(5)
        hand, counts, meld_counts = _deal(rng, melds, bool(i % 2))
        expected = oracle(counts, meld_counts, melds)
        assert hand.shanten(players=3) == expected, hand
        assert hand.shanten_standard(players=3) == three_player_standard(
            counts, meld_counts, melds), hand


def test_waits_ukeire_and_discards_by_trying_every_tile() -> None:
    """Waits never name 2m-8m; ukeire are the existing draws that lower the shanten; each
    discard option's figures are those of the hand without that tile."""
    rng = random.Random(11)
    for _ in range(300):
        hand, counts, meld_counts = _deal(rng, rng.randrange(3), True)
        shanten = hand.shanten(players=3)
        options = hand.discard_options(players=3)
        assert options[0].shanten == min(o.shanten for o in options)
        assert hand.discard_options(players=3, lowest_only=True) == [
            o for o in options if o.shanten == options[0].shanten]
        among = rng.sample(hand.tiles, 2)
        assert hand.discard_options(players=3, lowest_only=True, among=among) == [
            o for o in options if o.shanten == options[0].shanten and o.tile.kind in
            {t.kind for t in among}]
        for option in options:
            rest = hand.remove(option.tile)
            assert option.shanten == rest.shanten(players=3)
            draws = []
            for kind in KINDS:
                if counts[kind] + meld_counts[kind] - (option.tile.kind == kind) < 4 and \
                        rest.add(TILES[kind]).shanten(players=3) < option.shanten:
                    draws.append(kind)
            assert [t.kind for t in option.ukeire.tiles] == draws, (hand, option.tile)
            assert option.shanten >= shanten - 1
        thirteen = hand.remove(options[0].tile)
        if thirteen.shanten(players=3) == 0:
            assert thirteen.waits() and all(not 1 <= t.kind <= 7 for t in thirteen.waits())


def test_two_to_eight_man_is_refused() -> None:
    hand = Hand.parse("123m456p789s1122z")
    for call in (lambda: hand.shanten(players=3), lambda: hand.ukeire(players=3),
                 lambda: Hand.parse("123m456p789s11223z").discard_options(players=3),
                 lambda: hand.shanten(players=5)):
        with pytest.raises(InvalidHandError):
            call()
