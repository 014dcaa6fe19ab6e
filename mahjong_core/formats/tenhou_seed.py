"""Tenhou's walls, rebuilt from the shuffle seed its game logs carry.

A Tenhou log opens with ``<SHUFFLE seed="mt19937ar-sha512-n288-base64,...">``. The base64
text is 624 little-endian 32-bit words that seed a Mersenne Twister (MT19937, seeded by
array). Each round then draws 288 words from it, hashes them with SHA-512 in nine blocks
of 32 words (128 bytes) into 144 random words, shuffles the tile ids with a swap shuffle
(position ``i`` swaps with ``i + rnd[i] % (n - i)``) and takes ``rnd[135] % 6 + 1`` and
``rnd[136] % 6 + 1`` as the dice. The tiles are dealt from the end of the shuffled array
and the dead wall is its start. Older logs write the seed as ``mt19937ar-sha512-n288,``
and 32 hexadecimal words; the rounds follow in the same way, except that each dead-wall
stack's two tiles lie the other way up.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import itertools
import operator
import random
import re
import struct
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NamedTuple, cast

import attrs

from ..errors import InvalidContextError, InvalidLogError, quote
from ..table.wall import Wall, trusted_wall
from ..tile import TileId, bounded_list, is_text_like, plain_str

__all__ = ["TenhouShuffle", "ThreePlayerLayout", "tenhou_walls"]

_BASE64_PREFIX = "mt19937ar-sha512-n288-base64,"
_HEX_PREFIX = "mt19937ar-sha512-n288,"
_KEY_WORDS = 624
_HEX_WORDS = 32
_HEX_WORD = re.compile(r"[0-9A-Fa-f]{1,8}")
_SOURCE_WORDS = 288
_SHA_BLOCK = 128
_SHA_BLOCKS = operator.itemgetter(*(slice(at, at + _SHA_BLOCK)
                                    for at in range(0, 4 * _SOURCE_WORDS, _SHA_BLOCK)))
"""A round's source bytes cut into the blocks hashed one by one."""
_DIGEST = type(hashlib.sha512()).digest
_RANDOM = struct.Struct("<137I")
"""The random words a round uses (of the 144 its digests give): 136 swaps at most, two dice."""
_FOUR_PLAYER_IDS = tuple(TileId(i) for i in range(136))
_THREE_PLAYER_IDS = tuple(TileId(i) for i in range(136) if not 4 <= i < 32)


def _getter(places: Iterable[int]) -> Callable[[Sequence[TileId]], tuple[TileId, ...]]:
    """The tiles at ``places`` of a shuffled array, in that order, in one C-level step."""
    return operator.itemgetter(*places)


class _DeadWall(NamedTuple):
    """Where a dead wall's replacement tiles and indicators lie in a shuffled array."""

    rinshan: Callable[[Sequence[TileId]], tuple[TileId, ...]]
    dora: Callable[[Sequence[TileId]], tuple[TileId, ...]]
    ura: Callable[[Sequence[TileId]], tuple[TileId, ...]]


# Where each part of a round's wall sits in Tenhou's array (the deal is read from the end).
_DEAD_WALL = _DeadWall(_getter((1, 0, 3, 2)), _getter((5, 7, 9, 11, 13)),
                       _getter((4, 6, 8, 10, 12)))
_HEX_DEAD_WALL = _DeadWall(_getter((0, 1, 2, 3)), _getter((4, 6, 8, 10, 12)),
                           _getter((5, 7, 9, 11, 13)))
_THREE_DEAD_WALL = _DeadWall(_getter((1, 0, 3, 2, 5, 4, 7, 6)), _getter((9, 11, 13, 15, 17)),
                             _getter((8, 10, 12, 14, 16)))
_FOUR_LIVE = slice(83, 13, -1)
"""The 70 live tiles of a four-player array, in drawing order (after the deal's 52)."""
_THREE_LIVE = slice(68, 13, -1)
"""The 55 live tiles of a three-player array, in drawing order (after the deal's 39)."""


def _short(text: str) -> str:
    return quote(text, 40)


def _key(seed: str) -> tuple[bytes, bool]:
    """The seed's words (32-bit, little-endian), and whether it is the older hexadecimal
    form."""
    if not isinstance(seed, str):
        raise InvalidLogError(f"a Tenhou shuffle seed is a string, got {quote(seed)}")
    seed = plain_str(seed)
    if seed.startswith(_BASE64_PREFIX):
        body = seed[len(_BASE64_PREFIX):]
        try:   # a sound text in one C-level step; the checking decoder names what is wrong
            raw = binascii.a2b_base64(body, strict_mode=True)
        except (binascii.Error, ValueError):
            raw = _checked_base64(body)
        if len(raw) != 4 * _KEY_WORDS:
            raise InvalidLogError(
                f"a shuffle seed holds {4 * _KEY_WORDS} bytes ({_KEY_WORDS} words), "
                f"got {len(raw)} bytes in {_short(seed)}")
        return raw, False
    if seed.startswith(_HEX_PREFIX):
        words = seed[len(_HEX_PREFIX):].split(",")
        if len(words) != _HEX_WORDS:
            raise InvalidLogError(
                f"a hexadecimal shuffle seed holds {_HEX_WORDS} words, got {len(words)} "
                f"in {_short(seed)}")
        for word in words:
            if not _HEX_WORD.fullmatch(word):
                raise InvalidLogError(
                    f"a shuffle seed word is 1-8 hexadecimal digits, got {quote(word)}")
        return struct.pack(f"<{_HEX_WORDS}I", *(int(word, 16) for word in words)), True
    raise InvalidLogError(
        f"a Tenhou shuffle seed starts {_BASE64_PREFIX!r} (or {_HEX_PREFIX!r}), "
        f"got {_short(seed)}")


def _checked_base64(body: str) -> bytes:
    """The bytes of a seed's base64 text, or InvalidLogError saying how it is damaged."""
    try:
        return base64.b64decode(body, validate=True)
    except (binascii.Error, ValueError) as error:
        raise InvalidLogError(
            f"the shuffle seed's base64 text is damaged ({error}): {_short(body)}"
        ) from None


def _seeded_by_array(words: bytes) -> random.Random:
    """An MT19937 generator seeded by ``init_by_array`` with the 32-bit little-endian
    ``words``.

    ``random.Random(n)`` seeds by array with the 32-bit words of ``n`` (least significant
    first), dropping high zero words; when the key's last word is zero the state is
    worked out here instead.
    """
    if words[-4:] != bytes(4):
        return random.Random(int.from_bytes(words, "little"))
    key = struct.unpack(f"<{len(words) // 4}I", words)
    state = [19650218] + [0] * 623
    for i in range(1, 624):
        prev = state[i - 1]
        state[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF
    i, j = 1, 0
    for _ in range(max(624, len(key))):
        prev = state[i - 1]
        state[i] = ((state[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + j) & 0xFFFFFFFF
        i, j = i + 1, j + 1
        if i == 624:
            state[0], i = state[623], 1
        if j == len(key):
            j = 0
    for _ in range(623):
        prev = state[i - 1]
        state[i] = ((state[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        i += 1
        if i == 624:
            state[0], i = state[623], 1
    state[0] = 0x80000000
    rng = random.Random()
    rng.setstate((3, (*state, 624), None))
    return rng


def _check_dealer(dealer: int, seats: int) -> None:
    if type(dealer) is not int or not 0 <= dealer < seats:
        raise InvalidContextError(f"the dealer is a seat 0-{seats - 1}, got {quote(dealer)}")


def _dealt_places(size: int, seats: int, dealer: int
                  ) -> Callable[[Sequence[TileId]], tuple[TileId, ...]]:
    """Where the seats' dealt tiles lie in a shuffled array of ``size`` tiles, seat 0's 13
    first, each seat's in the order they are dealt, as one getter: the deal takes four
    tiles each from the array's end, three times round from the dealer, then one each."""
    places: list[list[int]] = [[] for _ in range(seats)]
    at = size - 1
    for block in (4, 4, 4, 1):
        for offset in range(seats):
            places[(dealer + offset) % seats] += range(at, at - block, -1)
            at -= block
    return _getter(itertools.chain.from_iterable(places))


_DEALS = {(size, seats, dealer): _dealt_places(size, seats, dealer)
          for size, seats in ((136, 4), (108, 3)) for dealer in range(seats)}
"""The seats' dealt tiles in a shuffled array, by array size, seats and dealer."""


def _hands(dealt: tuple[TileId, ...]) -> tuple[tuple[TileId, ...], ...]:
    """Each seat's 13 of the seats' dealt tiles (seat 0's first)."""
    return ((dealt[:13], dealt[13:26], dealt[26:39], dealt[39:]) if len(dealt) == 52
            else (dealt[:13], dealt[13:26], dealt[26:]))


class ThreePlayerLayout(NamedTuple):
    """Where a three-player round's 108 tiles go, as tuples of tile ids.

    ``hands`` are the 13 tiles dealt to seats 0-2; ``live`` the 55 live tiles in drawing
    order; ``replacement`` the 8 tiles that kans and kita (north) draw, in order;
    ``dora`` and ``ura`` the 5 dora indicators in reveal order and the ura indicator
    under each. Every replacement draw moves the last live tile into the dead wall, so a
    round has ``55 - replacements`` live draws, and the fourth and fifth indicators (of
    both kinds) are among the last four live tiles: they are only turned over once enough
    replacement draws have taken those tiles out of the live wall.
    """

    hands: tuple[tuple[TileId, ...], ...]
    live: tuple[TileId, ...]
    replacement: tuple[TileId, ...]
    dora: tuple[TileId, ...]
    ura: tuple[TileId, ...]


def _three_or_four(yama: tuple[TileId, ...]) -> int:
    if len(yama) not in (108, 136):
        raise InvalidContextError(
            f"a Tenhou wall has 136 tiles (or 108 with three players), got {len(yama)}")
    return 4 if len(yama) == 136 else 3


def _yama(value: Sequence[int]) -> tuple[TileId, ...]:
    if is_text_like(value) or not isinstance(value, Sequence):
        raise InvalidContextError(f"a Tenhou wall is a sequence of tile ids, got {quote(value)}")
    items = bounded_list(value, 136, "a Tenhou wall", InvalidContextError)
    if any(type(i) is not int for i in items):
        raise InvalidContextError(f"tile ids are ints 0-135, got {quote(value)} as a Tenhou wall")
    ids = cast(tuple[TileId, ...], tuple(items))
    expected = _FOUR_PLAYER_IDS if _three_or_four(ids) == 4 else _THREE_PLAYER_IDS
    if tuple(sorted(ids)) != expected:
        twice = sorted({i for i in ids if ids.count(i) > 1})
        missing = sorted(set(expected) - set(ids))
        raise InvalidContextError(
            f"a Tenhou wall of {len(ids)} tiles holds each of its tile ids once; "
            f"missing {missing[:5]}, more than once {twice[:5]}")
    return ids


def _dice(value: tuple[int, int]) -> tuple[int, int]:
    if (not isinstance(value, tuple) or len(value) != 2
            or any(type(die) is not int or not 1 <= die <= 6 for die in value)):
        raise InvalidContextError(f"the dice are two ints 1-6, got {quote(value)}")
    return value


def _check_hex_seed(instance: TenhouShuffle, attribute: attrs.Attribute[bool],
                    value: bool) -> None:
    if type(value) is not bool:
        raise InvalidContextError(f"hex_seed is True or False, got {quote(value)}")


@attrs.frozen
class TenhouShuffle:
    """One round's shuffle: Tenhou's tile array and the dice.

    ``yama`` holds the 136 tile ids (108 with three players) in the order the shuffle
    leaves them: the deal and the live wall are read from its end, the dead wall is its
    start. ``dice`` are the two dice, 1-6 each (Tenhou's INIT tag writes each one less).
    ``hex_seed`` marks a round of the older hexadecimal seed form, whose dead-wall stacks
    lie the other way up. Raises InvalidContextError unless ``yama`` holds each tile id
    of the set once and the dice are 1-6.
    """

    yama: tuple[TileId, ...] = attrs.field(converter=_yama)
    dice: tuple[int, int] = attrs.field(converter=_dice)
    hex_seed: bool = attrs.field(default=False, kw_only=True, validator=_check_hex_seed)

    def wall(self, dealer: int) -> Wall:
        """The round's wall with ``dealer`` dealing (a three-player wall from a 108-tile
        shuffle, its 4th and 5th indicators at the live wall's end as ``Wall`` keeps them).

        Raises InvalidContextError for a bad dealer.
        """
        # ``yama`` was checked to hold each id of its set once, and the layout below
        # places every one of them once: the wall needs no second check
        yama = self.yama
        if len(yama) != 136:
            layout = self.three_player_layout(dealer)
            return trusted_wall(layout.hands, layout.live, layout.replacement,
                                 layout.dora[:3], layout.ura[:3])
        _check_dealer(dealer, 4)
        dead = _HEX_DEAD_WALL if self.hex_seed else _DEAD_WALL
        return trusted_wall(_hands(_DEALS[136, 4, dealer](yama)),
                            yama[_FOUR_LIVE], dead.rinshan(yama), dead.dora(yama),
                            dead.ura(yama))

    def three_player_layout(self, dealer: int) -> ThreePlayerLayout:
        """The three-player round's layout with ``dealer`` (seat 0-2) dealing.

        Raises InvalidContextError for a bad dealer or a four-player array.
        """
        if len(self.yama) != 108:
            raise InvalidContextError(
                "a four-player shuffle has no three-player layout; use wall()")
        _check_dealer(dealer, 3)
        yama = self.yama
        return ThreePlayerLayout(
            _hands(_DEALS[108, 3, dealer](yama)), yama[_THREE_LIVE],
            _THREE_DEAD_WALL.rinshan(yama), _THREE_DEAD_WALL.dora(yama),
            _THREE_DEAD_WALL.ura(yama))


def tenhou_walls(seed: str, *, players: int = 4) -> Iterator[TenhouShuffle]:
    """Every round's shuffle of a Tenhou game, in order, from its SHUFFLE seed.

    The iterator never ends (a game's rounds take what they need); each shuffle is made
    when asked for. ``players=3`` shuffles the 108 tiles of three-player mahjong (no
    2m-8m). Raises InvalidLogError, at once, for a seed that is not
    ``mt19937ar-sha512-n288-base64,`` and 624 words in base64 (or the older
    ``mt19937ar-sha512-n288,`` and 32 hexadecimal words), and InvalidContextError for
    ``players`` other than 3 or 4.

    >>> from itertools import islice
    >>> seed = "mt19937ar-sha512-n288-base64," + "AQID" * 832
    >>> [shuffle.dice for shuffle in islice(tenhou_walls(seed), 3)]
    [(1, 1), (1, 2), (4, 3)]
    >>> next(tenhou_walls(seed)).wall(dealer=0).dora[0]
    19
    """
    key, hex_seed = _key(seed)
    if type(players) is not int or players not in (3, 4):
        raise InvalidContextError(f"Tenhou games have 3 or 4 players, got {quote(players)}")
    return _shuffles(_seeded_by_array(key), hex_seed,
                     _FOUR_PLAYER_IDS if players == 4 else _THREE_PLAYER_IDS)


def _shuffles(rng: random.Random, hex_seed: bool,
              ids: tuple[TileId, ...]) -> Iterator[TenhouShuffle]:
    size = len(ids)
    swaps = range(size - 1)
    while True:
        source = rng.getrandbits(32 * _SOURCE_WORDS).to_bytes(4 * _SOURCE_WORDS, "little")
        rnd = _RANDOM.unpack_from(b"".join(map(_DIGEST, map(hashlib.sha512,
                                                             _SHA_BLOCKS(source)))))
        yama = list(ids)
        # position i swaps with i + rnd[i] % (size - i): the fewest bytecodes a swap (the
        # offsets worked out apart, by map, cost more than they save)
        for i in swaps:
            j = i + rnd[i] % (size - i)
            yama[i], yama[j] = yama[j], yama[i]
        # a permutation of ``ids`` and dice 1-6 by construction: no need to check them again
        shuffle = object.__new__(TenhouShuffle)
        setter = object.__setattr__
        setter(shuffle, "yama", tuple(yama))
        setter(shuffle, "dice", (rnd[135] % 6 + 1, rnd[136] % 6 + 1))
        setter(shuffle, "hex_seed", hex_seed)
        yield shuffle
