"""A slow, independent reading of Tenhou's shuffle for the tests to compare against.

Everything is written out long-hand: the Mersenne Twister (MT19937) with its array seeding
and tempering, the 288 source words hashed with SHA-512 block by block, the swap shuffle
and the dice; nothing from the library or from ``random`` is used.
"""

from __future__ import annotations

import hashlib

__all__ = ["MersenneTwister", "oracle_rounds"]

_N = 624
_M = 397
_MASK = 0xFFFFFFFF


class MersenneTwister:
    """MT19937 seeded by ``init_by_array(key)``; ``next()`` is ``genrand_int32``."""

    def __init__(self, key: list[int]) -> None:
        mt = [0] * _N
        mt[0] = 19650218
        for i in range(1, _N):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK
        i, j = 1, 0
        for _ in range(max(_N, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(_N - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000
        self.mt = mt
        self.index = _N

    def _twist(self) -> None:
        mt = self.mt
        for k in range(_N):
            y = (mt[k] & 0x80000000) | (mt[(k + 1) % _N] & 0x7FFFFFFF)
            mt[k] = mt[(k + _M) % _N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self.index = 0

    def next(self) -> int:
        if self.index >= _N:
            self._twist()
        y = self.mt[self.index]
        self.index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y


def _le_bytes(words: list[int]) -> bytes:
    out = bytearray()
    for word in words:
        out += bytes((word & 0xFF, (word >> 8) & 0xFF, (word >> 16) & 0xFF, word >> 24))
    return bytes(out)


def _le_words(data: bytes) -> list[int]:
    return [data[k] | data[k + 1] << 8 | data[k + 2] << 16 | data[k + 3] << 24
            for k in range(0, len(data), 4)]


def oracle_rounds(key: list[int], rounds: int,
                  tiles: list[int]) -> list[tuple[list[int], tuple[int, int]]]:
    """The first ``rounds`` shuffles of ``tiles`` (the tile array and dice 1-6)."""
    mt = MersenneTwister(key)
    out = []
    for _ in range(rounds):
        src = [mt.next() for _ in range(288)]
        rnd: list[int] = []
        for block in range(9):
            rnd += _le_words(hashlib.sha512(_le_bytes(src[32 * block:32 * block + 32])).digest())
        yama = list(tiles)
        n = len(yama)
        for i in range(n - 1):
            j = i + rnd[i] % (n - i)
            yama[i], yama[j] = yama[j], yama[i]
        out.append((yama, (rnd[135] % 6 + 1, rnd[136] % 6 + 1)))
    return out
