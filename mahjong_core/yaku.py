"""Yaku: one flag bit each, and their immutable han table."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from .errors import MahjongError

__all__ = ["DOUBLE_YAKUMAN_FORMS", "HAN", "YAKUMAN", "Yaku", "han_of", "set_bits"]


class Yaku(enum.IntFlag):
    """Every yaku, one bit each; ``yaku.name.lower()`` is its name in JSON and docs.

    >>> (Yaku.RIICHI | Yaku.TANYAO).names()
    ['riichi', 'tanyao']
    """

    RIICHI = 1 << 0
    DOUBLE_RIICHI = 1 << 1
    IPPATSU = 1 << 2
    MENZEN_TSUMO = 1 << 3
    PINFU = 1 << 4
    TANYAO = 1 << 5
    IIPEIKOU = 1 << 6
    HAKU = 1 << 7
    HATSU = 1 << 8
    CHUN = 1 << 9
    SEAT_WIND = 1 << 10
    ROUND_WIND = 1 << 11
    RINSHAN = 1 << 12
    CHANKAN = 1 << 13
    HAITEI = 1 << 14
    HOUTEI = 1 << 15
    CHIITOITSU = 1 << 16
    CHANTA = 1 << 17
    ITTSU = 1 << 18
    SANSHOKU = 1 << 19
    SANSHOKU_DOUKOU = 1 << 20
    SANANKOU = 1 << 21
    SANKANTSU = 1 << 22
    TOITOI = 1 << 23
    HONROUTOU = 1 << 24
    SHOUSANGEN = 1 << 25
    RYANPEIKOU = 1 << 26
    JUNCHAN = 1 << 27
    HONITSU = 1 << 28
    CHINITSU = 1 << 29
    OPEN_RIICHI = 1 << 30
    DOUBLE_OPEN_RIICHI = 1 << 31
    # yakuman: bits 32-55
    TENHOU = 1 << 32
    CHIIHOU = 1 << 33
    RENHOU = 1 << 34
    KOKUSHI = 1 << 35
    KOKUSHI_13 = 1 << 36
    SUUANKOU = 1 << 37
    SUUANKOU_TANKI = 1 << 38
    DAISANGEN = 1 << 39
    SHOUSUUSHII = 1 << 40
    DAISUUSHII = 1 << 41
    TSUUIISOU = 1 << 42
    RYUUIISOU = 1 << 43
    CHINROUTOU = 1 << 44
    CHUUREN = 1 << 45
    JUNSEI_CHUUREN = 1 << 46
    SUUKANTSU = 1 << 47
    DAISHARIN = 1 << 48
    DAISUURIN = 1 << 49
    DAICHIKURIN = 1 << 50
    DAICHISEI = 1 << 51
    SASHIKOMI = 1 << 52
    PAARENCHAN = 1 << 53
    # ordinary yaku of optional rules that do not fit below bit 32
    RENHOU_MANGAN = 1 << 56
    NAGASHI_MANGAN = 1 << 57

    def names(self) -> list[str]:
        """The JSON names of the flags set, in bit order."""
        return [NAME_OF_BIT[b] for b in set_bits(int(self) & ALL_BITS)]

    def __str__(self) -> str:
        """The names of the flags set, as ``names()`` gives them, joined by ``", "``.

        >>> str(Yaku.HATSU), str(Yaku.TANYAO | Yaku.RIICHI)
        ('hatsu', 'riichi, tanyao')
        """
        return ", ".join(self.names())

    def __format__(self, spec: str) -> str:
        """As ``str()`` in text (``f"{yaku:>12}"``); a number's format (``d``, ``x``, ...)
        formats the flags' value."""
        if spec and spec[-1] in _NUMBER_FORMATS:
            return int.__format__(self, spec)
        return format(str(self), spec)

    def members(self) -> tuple[Yaku, ...]:
        """Each flag set, as a single yaku, in bit order.

        >>> (Yaku.TANYAO | Yaku.RIICHI).members()
        (<Yaku.RIICHI: 1>, <Yaku.TANYAO: 32>)
        """
        return tuple(MEMBER_OF_BIT[b] for b in set_bits(int(self) & ALL_BITS))

    @property
    def json_name(self) -> str:
        """The name of a single yaku as JSON and the docs write it (``"double_riichi"``).

        Raises MahjongError for a combination of flags (use ``names()``).
        """
        value = int(self) & ALL_BITS
        if value & (value - 1) or not value:
            raise MahjongError(f"json_name needs a single yaku, not {self.names()}")
        return NAME_OF_BIT[value.bit_length() - 1]

    @property
    def is_yakuman(self) -> bool:
        """True when every flag set is a yakuman."""
        return bool(self) and not self & ~YAKUMAN

    @property
    def english(self) -> str:
        """The English display name of a single yaku (``"All simples"`` for tanyao).

        Raises MahjongError for a combination of flags or none.

        >>> Yaku.TANYAO.english, Yaku.KOKUSHI_13.english
        ('All simples', 'Thirteen orphans (13-sided wait)')
        """
        return _ENGLISH[_single(self, "english")]

    @property
    def japanese(self) -> str:
        """The Japanese display name of a single yaku (``"断幺九"`` for tanyao).

        Raises MahjongError for a combination of flags or none.

        >>> Yaku.TANYAO.japanese, Yaku.MENZEN_TSUMO.japanese
        ('断幺九', '門前清自摸和')
        """
        return _JAPANESE[_single(self, "japanese")]


_NUMBER_FORMATS = frozenset("bcdoxXneEfFgG%")
"""The presentation types of a format that format a number."""

YAKUMAN = Yaku(sum(int(y) for y in Yaku.__members__.values() if 1 << 32 <= int(y) < 1 << 56))
"""The mask of all yakuman: bits 32-55 (the ordinary yaku take bits 0-31 and 56 up)."""

DOUBLE_YAKUMAN_FORMS = (Yaku.KOKUSHI_13 | Yaku.SUUANKOU_TANKI | Yaku.JUNSEI_CHUUREN
                        | Yaku.DAISUUSHII)
"""The forms that count as two yakuman when ``Rules.double_yakuman`` is set."""

def han_of(yaku: Yaku, is_open: bool) -> int:
    """The han of one yaku in a closed or open hand (0 when it needs a closed hand)."""
    from .scoring_rules import HAN

    return HAN[yaku][1 if is_open else 0]


def _bit_lists(width: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(b for b in range(width) if value >> b & 1) for value in range(1 << width))


_CHUNK = 8
_CHUNK_BITS = _bit_lists(_CHUNK)
"""The set bits of every 8-bit value: a flag word is read a chunk at a time."""
_CHUNK_MASK = (1 << _CHUNK) - 1
# The flags by bit position, as the scorer reads a flag word (internal, not in __all__).
MEMBER_OF_BIT: dict[int, Yaku] = {
    y.value.bit_length() - 1: y for y in Yaku.__members__.values()}
"""Bit position -> the single yaku."""
NAME_OF_BIT: dict[int, str] = {b: y.name.lower() for b, y in MEMBER_OF_BIT.items() if y.name}
"""Bit position -> the yaku's JSON name."""
ALL_BITS = sum(1 << b for b in MEMBER_OF_BIT)
"""Every defined flag (a value may carry others, which no list shows)."""


def _shifted(index: int) -> tuple[tuple[int, ...], ...]:
    """The set bits of every 8-bit value, as positions in chunk ``index`` of a word."""
    table = _SHIFTED[index]
    if table is None:  # filled once per chunk; two threads would store equal tables
        table = _SHIFTED[index] = tuple(
            tuple(b + _CHUNK * index for b in bits) for bits in _CHUNK_BITS)
    return table


_SHIFTED: list[tuple[tuple[int, ...], ...] | None] = [_CHUNK_BITS, *[None] * 7]


def set_bits(value: int) -> tuple[int, ...]:
    """The positions of the bits set in a non-negative int below 2**64, lowest first.

    >>> set_bits(0b100101), set_bits(1 << 47 | 1 << 33)
    ((0, 2, 5), (33, 47))
    """
    if value <= _CHUNK_MASK:
        return _CHUNK_BITS[value]
    found: list[int] = []
    index = 0
    while value:
        chunk = value & _CHUNK_MASK
        if chunk:
            found += (_SHIFTED[index] or _shifted(index))[chunk]
        value >>= _CHUNK
        index += 1
    return tuple(found)


def _single(yaku: Yaku, what: str) -> Yaku:
    """The one yaku a flag value holds; raises MahjongError for a combination or none."""
    value = int(yaku)
    if value & ALL_BITS != value or value & (value - 1) or not value:
        raise MahjongError(f"{what} needs a single yaku, not {yaku.names()}")
    return MEMBER_OF_BIT[value.bit_length() - 1]


_NAMES: dict[Yaku, tuple[str, str]] = {
    Yaku.RIICHI: ("Riichi", "立直"),
    Yaku.DOUBLE_RIICHI: ("Double riichi", "両立直"),
    Yaku.IPPATSU: ("One-shot", "一発"),
    Yaku.MENZEN_TSUMO: ("Fully concealed self-draw", "門前清自摸和"),
    Yaku.PINFU: ("No-points hand", "平和"),
    Yaku.TANYAO: ("All simples", "断幺九"),
    Yaku.IIPEIKOU: ("Pure double run", "一盃口"),
    Yaku.HAKU: ("White dragon", "役牌 白"),
    Yaku.HATSU: ("Green dragon", "役牌 發"),
    Yaku.CHUN: ("Red dragon", "役牌 中"),
    Yaku.SEAT_WIND: ("Seat wind", "自風牌"),
    Yaku.ROUND_WIND: ("Round wind", "場風牌"),
    Yaku.RINSHAN: ("Win on a kan's replacement tile", "嶺上開花"),
    Yaku.CHANKAN: ("Robbing a kan", "槍槓"),
    Yaku.HAITEI: ("Win on the last draw", "海底摸月"),
    Yaku.HOUTEI: ("Win on the last discard", "河底撈魚"),
    Yaku.CHIITOITSU: ("Seven pairs", "七対子"),
    Yaku.CHANTA: ("Terminal or honour in each set", "混全帯幺九"),
    Yaku.ITTSU: ("Pure straight", "一気通貫"),
    Yaku.SANSHOKU: ("Mixed triple run", "三色同順"),
    Yaku.SANSHOKU_DOUKOU: ("Triple triplets", "三色同刻"),
    Yaku.SANANKOU: ("Three concealed triplets", "三暗刻"),
    Yaku.SANKANTSU: ("Three kans", "三槓子"),
    Yaku.TOITOI: ("All triplets", "対々和"),
    Yaku.HONROUTOU: ("All terminals and honours", "混老頭"),
    Yaku.SHOUSANGEN: ("Little three dragons", "小三元"),
    Yaku.RYANPEIKOU: ("Twice pure double run", "二盃口"),
    Yaku.JUNCHAN: ("Terminal in each set", "純全帯幺九"),
    Yaku.HONITSU: ("Half flush", "混一色"),
    Yaku.CHINITSU: ("Full flush", "清一色"),
    Yaku.TENHOU: ("Blessing of heaven", "天和"),
    Yaku.CHIIHOU: ("Blessing of earth", "地和"),
    Yaku.RENHOU: ("Blessing of man", "人和"),
    Yaku.KOKUSHI: ("Thirteen orphans", "国士無双"),
    Yaku.KOKUSHI_13: ("Thirteen orphans (13-sided wait)", "国士無双十三面待ち"),
    Yaku.SUUANKOU: ("Four concealed triplets", "四暗刻"),
    Yaku.SUUANKOU_TANKI: ("Four concealed triplets (single wait)", "四暗刻単騎"),
    Yaku.DAISANGEN: ("Big three dragons", "大三元"),
    Yaku.SHOUSUUSHII: ("Little four winds", "小四喜"),
    Yaku.DAISUUSHII: ("Big four winds", "大四喜"),
    Yaku.TSUUIISOU: ("All honours", "字一色"),
    Yaku.RYUUIISOU: ("All green", "緑一色"),
    Yaku.CHINROUTOU: ("All terminals", "清老頭"),
    Yaku.CHUUREN: ("Nine gates", "九蓮宝燈"),
    Yaku.JUNSEI_CHUUREN: ("Pure nine gates", "純正九蓮宝燈"),
    Yaku.SUUKANTSU: ("Four kans", "四槓子"),
    Yaku.OPEN_RIICHI: ("Open riichi", "オープン立直"),
    Yaku.DOUBLE_OPEN_RIICHI: ("Double open riichi", "ダブルオープン立直"),
    Yaku.DAISHARIN: ("Big wheels", "大車輪"),
    Yaku.DAISUURIN: ("Big wheels of man", "大数隣"),
    Yaku.DAICHIKURIN: ("Big bamboo wheels", "大竹林"),
    Yaku.DAICHISEI: ("Big seven stars", "大七星"),
    Yaku.SASHIKOMI: ("Dealing into an open riichi", "オープン立直への放銃"),
    Yaku.PAARENCHAN: ("Eight dealer wins in a row", "八連荘"),
    Yaku.RENHOU_MANGAN: ("Blessing of man (mangan)", "人和満貫"),
    Yaku.NAGASHI_MANGAN: ("Mangan at the draw", "流し満貫"),
}
"""Each yaku's English and Japanese display names (the romaji is ``json_name``)."""

_ENGLISH: Mapping[Yaku, str] = MappingProxyType({y: e for y, (e, _) in _NAMES.items()})
_JAPANESE: Mapping[Yaku, str] = MappingProxyType({y: j for y, (_, j) in _NAMES.items()})



if TYPE_CHECKING:
    HAN: Mapping[Yaku, tuple[int, int]]
    """Han of each yaku as (closed, open), from the definitions in ``scoring_rules``."""


def __getattr__(name: str) -> object:
    """``HAN``: the han of each yaku are written with its definition
    (``mahjong_core.scoring_rules``), which needs the flags above, so they are read from
    there when first asked for."""
    if name == "HAN":
        from .scoring_rules import HAN

        return HAN
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
