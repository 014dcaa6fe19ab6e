"""Tenhou's yaku numbering: the ids 0-54 its logs write, their names and their order.

An mjlog win lists ``yaku`` as (id, han) pairs and ``yakuman`` as ids; the tenhou.net/6
JSON log writes the same yaku by name (``"立直(1飜)"``). Ids 10-13 are the seat wind
(east to north), 14-17 the round wind, 52-54 the dora, ura dora and red fives.

>>> TENHOU_YAKU_NAMES[1], TENHOU_YAKU_NAMES[tenhou_yaku_id(Yaku.CHIITOITSU)]
('立直', '七対子')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from ..context import WinContext
from ..errors import InvalidLogError, quote
from ..meld import Meld
from ..scoring import WinResult
from ..yaku import Yaku

__all__ = [
    "AKA_ID",
    "DORA_ID",
    "TENHOU_YAKU_NAMES",
    "URA_ID",
    "tenhou_yaku_id",
    "tenhou_yaku_list",
    "yaku_of_tenhou_id",
]

DORA_ID = 52
"""The id of the dora count."""
URA_ID = 53
"""The id of the ura dora count (written for every riichi winner, 0 included)."""
AKA_ID = 54
"""The id of the red-five count."""

_SEAT_WIND = 10
_ROUND_WIND = 14
_HONOUR_LAST = 20
_HONOUR_KIND = {**{_SEAT_WIND + w: 27 + w for w in range(4)},
                **{_ROUND_WIND + w: 27 + w for w in range(4)}, 18: 31, 19: 32, 20: 33}
"""The honour kind of each seat-wind, round-wind and dragon id."""

_IDS: dict[Yaku, int] = {
    Yaku.MENZEN_TSUMO: 0, Yaku.RIICHI: 1, Yaku.IPPATSU: 2, Yaku.CHANKAN: 3,
    Yaku.RINSHAN: 4, Yaku.HAITEI: 5, Yaku.HOUTEI: 6, Yaku.PINFU: 7, Yaku.TANYAO: 8,
    Yaku.IIPEIKOU: 9, Yaku.HAKU: 18, Yaku.HATSU: 19, Yaku.CHUN: 20,
    Yaku.DOUBLE_RIICHI: 21, Yaku.CHIITOITSU: 22, Yaku.CHANTA: 23, Yaku.ITTSU: 24,
    Yaku.SANSHOKU: 25, Yaku.SANSHOKU_DOUKOU: 26, Yaku.SANKANTSU: 27, Yaku.TOITOI: 28,
    Yaku.SANANKOU: 29, Yaku.SHOUSANGEN: 30, Yaku.HONROUTOU: 31, Yaku.RYANPEIKOU: 32,
    Yaku.JUNCHAN: 33, Yaku.HONITSU: 34, Yaku.CHINITSU: 35, Yaku.RENHOU: 36,
    Yaku.TENHOU: 37, Yaku.CHIIHOU: 38, Yaku.DAISANGEN: 39, Yaku.SUUANKOU: 40,
    Yaku.SUUANKOU_TANKI: 41, Yaku.TSUUIISOU: 42, Yaku.RYUUIISOU: 43, Yaku.CHINROUTOU: 44,
    Yaku.CHUUREN: 45, Yaku.JUNSEI_CHUUREN: 46, Yaku.KOKUSHI: 47, Yaku.KOKUSHI_13: 48,
    Yaku.DAISUUSHII: 49, Yaku.SHOUSUUSHII: 50, Yaku.SUUKANTSU: 51,
}
_YAKU_BY_ID: dict[int, Yaku] = {number: yaku for yaku, number in _IDS.items()}
for _wind in range(4):
    _YAKU_BY_ID[_SEAT_WIND + _wind] = Yaku.SEAT_WIND
    _YAKU_BY_ID[_ROUND_WIND + _wind] = Yaku.ROUND_WIND

TENHOU_YAKU_NAMES: tuple[str, ...] = (
    "門前清自摸和", "立直", "一発", "槍槓", "嶺上開花", "海底摸月", "河底撈魚", "平和", "断幺九",
    "一盃口", "自風 東", "自風 南", "自風 西", "自風 北", "場風 東", "場風 南", "場風 西",
    "場風 北", "役牌 白", "役牌 發", "役牌 中", "両立直", "七対子", "混全帯幺九", "一気通貫",
    "三色同順", "三色同刻", "三槓子", "対々和", "三暗刻", "小三元", "混老頭", "二盃口",
    "純全帯幺九", "混一色", "清一色", "人和", "天和", "地和", "大三元", "四暗刻", "四暗刻単騎",
    "字一色", "緑一色", "清老頭", "九蓮宝燈", "純正九蓮宝燈", "国士無双", "国士無双１３面",
    "大四喜", "小四喜", "四槓子", "ドラ", "裏ドラ", "赤ドラ",
)
"""The name of each id, as the tenhou.net/6 JSON log writes it."""

# The order Tenhou lists a win's yaku in: riichi first, the dora counts last.
_ORDER = (1, 21, 2, 4, 5, 6, 0, 3, 7, 22, 30, 9, 32, 29, 24, 25, 28, 27, 8,
          *range(10, 21), 26, 33, 23, 31, 35, 34, 36, DORA_ID, AKA_ID, URA_ID)
_RANK: Mapping[int, int] = MappingProxyType({number: rank for rank, number in enumerate(_ORDER)})


def tenhou_yaku_id(yaku: Yaku, context: WinContext | None = None) -> int:
    """Tenhou's id of one yaku; a seat or round wind needs the ``context`` for its wind.

    Raises InvalidLogError for a combination of flags, or a wind yaku without a context.

    >>> from mahjong_core import WinContext
    >>> tenhou_yaku_id(Yaku.ROUND_WIND, WinContext(round_wind="S"))
    15
    """
    if not isinstance(yaku, Yaku):
        raise InvalidLogError(f"a yaku is a Yaku, got {quote(yaku)}")
    if context is not None and not isinstance(context, WinContext):
        raise InvalidLogError(f"a win's context is a WinContext, got {quote(context)}")
    if yaku is Yaku.SEAT_WIND or yaku is Yaku.ROUND_WIND:
        if context is None:
            raise InvalidLogError(f"the Tenhou id of {yaku.json_name} depends on the wind; "
                                  "give the win's context")
        return (_SEAT_WIND + context.seat_wind if yaku is Yaku.SEAT_WIND
                else _ROUND_WIND + context.round_wind)
    number = _IDS.get(yaku)
    if number is None:
        raise InvalidLogError(f"{quote(yaku)} is not one yaku with a Tenhou id")
    return number


def yaku_of_tenhou_id(number: int) -> Yaku | None:
    """The yaku of a Tenhou id (a wind id gives SEAT_WIND or ROUND_WIND); None for the
    dora counts 52-54.

    Raises InvalidLogError for a number that is no Tenhou yaku id.

    >>> yaku_of_tenhou_id(16), yaku_of_tenhou_id(53)
    (<Yaku.ROUND_WIND: 2048>, None)
    """
    if type(number) is not int or not 0 <= number < len(TENHOU_YAKU_NAMES):
        raise InvalidLogError(f"Tenhou yaku ids are 0-{len(TENHOU_YAKU_NAMES) - 1}, "
                              f"got {quote(number)}")
    return _YAKU_BY_ID.get(number)


def tenhou_yaku_list(result: WinResult, context: WinContext, melds: Sequence[Meld] = ()
                     ) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """A scored win's yaku as Tenhou writes them: (id, han) pairs in Tenhou's order, the
    dora, red-five and (for a riichi winner) ura counts last, and the yakuman ids.

    A yakuman hand has no pairs, only yakuman ids; any other hand no yakuman ids. The
    dora and red-five counts are listed when above zero, the ura count for every
    riichi winner. Honour sets count in Tenhou's order: concealed ones by kind, then the
    ``melds`` (the winner's) in the order they were made, the round wind before the seat
    wind of one set.
    """
    if result.yakuman:
        return (), tuple(sorted(tenhou_yaku_id(yaku, context) for yaku, _ in result.yaku_han))
    pairs = [(tenhou_yaku_id(yaku, context), han) for yaku, han in result.yaku_han]
    if result.dora:
        pairs.append((DORA_ID, result.dora))
    if result.aka:
        pairs.append((AKA_ID, result.aka))
    if context.riichi:
        pairs.append((URA_ID, result.ura))
    called = [meld.tiles[0].kind for meld in melds]

    def order(pair: tuple[int, int]) -> tuple[int, ...]:
        number = pair[0]
        if not _SEAT_WIND <= number <= _HONOUR_LAST:
            return (_RANK.get(number, len(_RANK)),)
        kind = _HONOUR_KIND[number]
        where = (1, called.index(kind)) if kind in called else (0, kind)
        return (_RANK[_SEAT_WIND], *where, number < _ROUND_WIND)

    pairs.sort(key=order)
    return tuple(pairs), ()
