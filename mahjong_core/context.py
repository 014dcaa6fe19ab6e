"""The situation of one win: how it was made and what is on the table."""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable
from typing import Any, NamedTuple, NoReturn

import attrs

from ._core.suit import BoundedMemo
from ._slots import SET_CLASS, fast_field, fast_init
from .errors import InvalidContextError, MahjongError, quote
from .meld import Relative
from .tile import Tile, _parse_tiles, check_copies, plain_str
from .yaku import Yaku

__all__ = ["MAX_HONBA", "MAX_RIICHI_STICKS", "WinContext", "Wind"]
# Facts and facts_of are the scorer's interface to a situation, not part of the API.

MAX_HONBA = 100
"""The most honba a situation may carry. Real games seldom pass ten; a hundred is far
beyond any table and keeps every payment a small number."""
MAX_RIICHI_STICKS = 100
"""The most riichi sticks a situation may carry: a four-player table's 100,000 points
make a hundred sticks of 1,000."""
_FIVES = frozenset({4, 13, 22})


class Wind(enum.IntEnum):
    """A seat or round wind; the value is its offset from the east tile (kind 27)."""

    EAST = 0
    SOUTH = 1
    WEST = 2
    NORTH = 3

    @classmethod
    def parse(cls, text: str) -> Wind:
        """``"E"``, ``"S"``, ``"W"`` or ``"N"`` (also the full English names)."""
        if isinstance(text, str) and str.__len__(text) <= 32:
            key = plain_str(text).strip().upper()
            for wind in cls:
                if key in (wind.name, wind.name[0]):
                    return wind
        raise InvalidContextError(f"a wind is 'E', 'S', 'W' or 'N', not {quote(text)}")

    @property
    def tile(self) -> Tile:
        """The wind's tile (1z-4z)."""
        return Tile(27 + self.value)

    @property
    def letter(self) -> str:
        """``"E"``, ``"S"``, ``"W"`` or ``"N"``."""
        return self.name[0]


def _to_wind(value: Wind | str) -> Wind:
    """A wind from a ``Wind`` or its letter or name."""
    if value.__class__ is str:
        wind = _WINDS.get(value)  # Wind.EAST is 0: test for None, not truth
        if wind is not None:
            return wind
    if isinstance(value, Wind):
        return value
    return Wind.parse(value)


def _to_indicators(value: Any) -> tuple[Tile, ...]:
    if isinstance(value, str):
        try:
            return tuple(_parse_tiles(value, "dora indicators"))
        except MahjongError as error:
            raise InvalidContextError(str(error)) from None
    if isinstance(value, tuple | list):
        if len(value) > 5:  # before the items are looked at (the count is checked again)
            raise InvalidContextError(
                f"there are at most five dora indicators, got {len(value)}")
        for item in value:
            if not isinstance(item, Tile):
                raise InvalidContextError(
                    f"indicators must be Tile objects, got {quote(item)}")
        try:
            check_copies(value, "the dora indicators")
        except MahjongError as error:
            raise InvalidContextError(str(error)) from None
        return tuple(value)
    raise InvalidContextError(
        f"indicators must be mpsz text or a sequence of Tile, got {quote(value)}")


def _refuse_count(name: str, value: object) -> NoReturn:
    if name == "kita":
        raise InvalidContextError(
            f"'kita' counts north tiles set aside, 0-4, got {quote(value)}")
    if name == "paarenchan":
        raise InvalidContextError(
            f"'paarenchan' counts the win's paarenchan yakuman, 0-8, got {quote(value)}")
    if type(value) is not int or value < 0:
        raise InvalidContextError(f"{name!r} must be a non-negative int, got {quote(value)}")
    most = MAX_HONBA if name == "honba" else MAX_RIICHI_STICKS
    raise InvalidContextError(
        f"{name!r} is at most {most}, far beyond any real table; got {quote(value)}")


def _refuse_flag(name: str, value: object) -> NoReturn:
    raise InvalidContextError(f"{name!r} must be true or false, got {quote(value)}")


_INDICATOR_TEXT: BoundedMemo[str, tuple[Tile, ...]] = BoundedMemo(1 << 12)
"""Indicator text already read, and its tiles."""


def _indicators(value: str | tuple[Tile, ...] | list[Tile]) -> tuple[Tile, ...]:
    """Indicators from mpsz text or tiles, through a bounded memory of text seen."""
    if value.__class__ is str:
        tiles = _INDICATOR_TEXT.get(value)
        if tiles is None:
            tiles = _INDICATOR_TEXT.remember(value, _to_indicators(value))
        return tiles
    if value.__class__ is tuple or value.__class__ is list:
        if not value:
            return ()
        if len(value) == 1 and value[0].__class__ is Tile:
            return (value[0],)  # one tile: nothing to count
    return _to_indicators(value)


def _to_relative(value: Relative | str | None) -> Relative | None:
    if value is None or isinstance(value, Relative):
        return value
    if isinstance(value, str):
        try:
            return Relative(plain_str(value))
        except ValueError:
            pass
    raise InvalidContextError(
        f"a liable player is 'kamicha', 'toimen' or 'shimocha', not {quote(value)}")


def _flag() -> Any:
    return attrs.field(default=False, metadata=fast_field(plain=bool, refuse=_refuse_flag))


def _count(most: int) -> Any:
    return attrs.field(default=0, metadata=fast_field(most=most, refuse=_refuse_count))


_WINDS: dict[object, Wind] = {**{w: w for w in Wind}, **{w.name[0]: w for w in Wind},
                              **{w.name: w for w in Wind}}
"""The winds as most callers give them; anything else goes through ``Wind.parse``."""
_WIND_NAMES: dict[str, Wind] = {name: wind for name, wind in _WINDS.items()
                                if isinstance(name, str)}
"""The winds by the letters and names most callers give."""
_SEAT_ROUND = tuple(tuple((seat, round_) for round_ in range(4)) for seat in range(4))
SHOWN_MORE = 1 << 34
"""In ``WinContext._shown_mask``: some kind is shown by more than one indicator."""
_DORA_NEXT = tuple(Tile(kind).dora_next().kind for kind in range(34))
_Y_IPPATSU, _Y_RINSHAN, _Y_CHANKAN = int(Yaku.IPPATSU), int(Yaku.RINSHAN), int(Yaku.CHANKAN)
_Y_HAITEI, _Y_HOUTEI = int(Yaku.HAITEI), int(Yaku.HOUTEI)
_Y_TENHOU, _Y_CHIIHOU = int(Yaku.TENHOU), int(Yaku.CHIIHOU)
_RIICHI_BITS = (0, int(Yaku.RIICHI), int(Yaku.DOUBLE_RIICHI), int(Yaku.DOUBLE_RIICHI))


class Facts(NamedTuple):
    """What the scorer reads of a situation, derived once when it is made, by name: the
    context keeps these fields in this order as a plain tuple (``FactValues``, read
    through ``facts_of``), which the scorer unpacks in one step (a named tuple unpacks
    several times slower); ``Facts._make`` names them where a reader wants names."""

    yaku: int
    """The yaku flags of the situation (riichi, ippatsu, rinshan, ..., tenhou, chiihou)."""
    ordinary: int
    """Those flags that are not yakuman."""
    yakuman: int
    """Those that are (tenhou, chiihou)."""
    shown: tuple[tuple[int, int], ...]
    """(kind, copies) of the tiles the dora and ura indicators show."""
    shown_mask: int
    """Bit k for each kind shown, and bit ``SHOWN_MORE`` when a kind is shown more than
    once: the scorer checks ``shown`` against the hand only when it meets these bits."""
    red_shown: int
    """Bit s is set when an indicator is the red five of suit s."""
    tile_checks: bool
    """True when the scorer must check the situation against the hand's tiles."""
    winds: int
    """seat_wind * 4 + round_wind, as a plain int."""
    seat_round: tuple[int, int]
    dora: tuple[int, ...]
    """The dora kinds, one per indicator."""
    ura: tuple[int, ...]
    """The ura dora kinds (none without riichi)."""
    first_turn: bool
    """Tenhou, chiihou or renhou."""
    optional: bool
    """Renhou, open riichi, paarenchan or nagashi: the scorer looks at the rules' options
    for them."""


FactValues = tuple[int, int, int, tuple[tuple[int, int], ...], int, int, bool, int,
                   tuple[int, int], tuple[int, ...], tuple[int, ...], bool, bool]
"""The fields of ``Facts`` in order, as the plain tuple a context keeps."""


@attrs.frozen(kw_only=True)
class WinContext:
    """How a win was made and the table around it.

    Impossible combinations raise InvalidContextError at construction: chankan or houtei
    on tsumo, rinshan or haitei on ron, ippatsu without riichi, tenhou for a non-dealer
    or on ron, chiihou for the dealer or on ron, riichi with tenhou/chiihou, haitei with
    houtei, more than five dora indicators, a red five shown twice, ``honba`` over
    ``MAX_HONBA`` or ``riichi_sticks`` over ``MAX_RIICHI_STICKS`` (100 each).

    The fields are declared here once; the constructor is written from them (see
    ``_slots.fast_init``) and ends with ``_derive``.

    >>> WinContext(tsumo=True, riichi=True, seat_wind="S").is_dealer
    False
    """

    tsumo: bool = _flag()
    riichi: bool = _flag()
    double_riichi: bool = _flag()
    """Riichi on the first turn; implies ``riichi``."""
    ippatsu: bool = _flag()
    rinshan: bool = _flag()
    chankan: bool = _flag()
    haitei: bool = _flag()
    houtei: bool = _flag()
    tenhou: bool = _flag()
    chiihou: bool = _flag()
    renhou: bool = _flag()
    """A non-dealer's ron before their first draw (scores only if the rules allow it)."""
    furiten: bool = _flag()
    """The winner is furiten: a ron is refused (see ``FuritenTracker``)."""
    seat_wind: Wind = attrs.field(default=Wind.EAST, converter=_to_wind,
                                  metadata=fast_field(plain=Wind, table=_WIND_NAMES))
    round_wind: Wind = attrs.field(default=Wind.EAST, converter=_to_wind,
                                   metadata=fast_field(plain=Wind, table=_WIND_NAMES))
    dora_indicators: tuple[Tile, ...] = attrs.field(default=(), converter=_indicators)
    """Dora indicators, kan dora included."""
    ura_indicators: tuple[Tile, ...] = attrs.field(default=(), converter=_indicators)
    """Ura dora indicators (they count only with riichi)."""
    honba: int = _count(MAX_HONBA)
    riichi_sticks: int = _count(MAX_RIICHI_STICKS)
    pao: Relative | None = attrs.field(default=None, converter=_to_relative,
                                       metadata=fast_field(plain=type(None)))
    """The player liable for a daisangen or daisuushii (who fed its last set)."""
    kita: int = _count(4)
    """North tiles the winner has set aside (three-player kita, 0-4): each is a dora."""
    open_riichi: bool = _flag()
    """The riichi (or double riichi) was declared open, the hand shown: open riichi
    where the rules play it (``Rules.open_riichi``), else a plain riichi."""
    discarder_in_riichi: bool = _flag()
    """On a ron, the discarder had declared riichi (a ron on an open riichi from such a
    player is never sashikomi)."""
    paarenchan: int = _count(8)
    """Paarenchan yakuman the dealer's win is worth (0-8): one for the eighth win in a
    row, where the rules play it (``Rules.paarenchan``)."""
    nagashi: bool = _flag()
    """A nagashi mangan at the exhaustive draw (every discard a terminal or an honour,
    none called): scored as a tsumo mangan whatever the hand."""
    _facts: FactValues = attrs.field(init=False, eq=False, repr=False)
    """What the scorer reads, derived once (``facts_of``)."""

    def _derive(self) -> None:
        """Check the situation as a whole and derive what the scorer reads (called by
        the constructor once every field is set)."""
        if (self.chankan or self.houtei or self.rinshan or self.haitei or self.ippatsu
                or self.tenhou or self.chiihou or self.renhou or len(self.dora_indicators) > 4
                or len(self.ura_indicators) > len(self.dora_indicators) or self.open_riichi
                or self.discarder_in_riichi or self.paarenchan):
            self._check_situation()
        flags = _RIICHI_BITS[self.riichi + 2 * self.double_riichi]
        if self.ippatsu or self.rinshan or self.chankan or self.haitei or self.houtei:
            flags |= (self.ippatsu and _Y_IPPATSU) | (self.rinshan and _Y_RINSHAN) | (
                self.chankan and _Y_CHANKAN) | (self.haitei and _Y_HAITEI) | (
                self.houtei and _Y_HOUTEI)
        first = (self.tenhou and _Y_TENHOU) | (self.chiihou and _Y_CHIIHOU)
        seat, wind = self.seat_wind.value, self.round_wind.value
        if self.dora_indicators or self.ura_indicators:
            shown, mask, red, dora, ura = self._indicator_facts()
            checks = True
        else:
            shown, mask, red, dora, ura, checks = (), 0, 0, (), (), self.chankan
        SET_CLASS(self, "_facts", (
            flags | first, flags, first, shown, mask, red, checks, 4 * seat + wind,
            _SEAT_ROUND[seat][wind], dora, ura, self.tenhou or self.chiihou or self.renhou,
            self.renhou or self.open_riichi or self.paarenchan > 0 or self.nagashi))

    def _check_situation(self) -> None:
        """Raise InvalidContextError for an impossible combination."""
        problems = []
        ron = not self.tsumo
        if self.chankan and self.tsumo:
            problems.append("chankan is a ron, not a tsumo")
        if self.houtei and self.tsumo:
            problems.append("houtei is a ron on the last discard, not a tsumo")
        if self.rinshan and ron:
            problems.append("rinshan is a tsumo on the replacement tile, not a ron")
        if self.haitei and ron:
            problems.append("haitei is a tsumo on the last tile, not a ron")
        if self.haitei and self.houtei:
            problems.append("haitei and houtei cannot both happen")
        if self.chankan and (self.rinshan or self.haitei or self.houtei):
            problems.append("chankan cannot come with rinshan, haitei or houtei "
                            "(no kan is made on the last tile)")
        if self.rinshan and self.haitei:
            problems.append("a replacement tile from the dead wall is never haitei")
        if self.ippatsu and self.rinshan:
            problems.append("a kan ends ippatsu, so a rinshan win has none")
        if self.ippatsu and not (self.riichi or self.double_riichi):
            problems.append("ippatsu needs riichi")
        if self.tenhou and (ron or self.seat_wind is not Wind.EAST):
            problems.append("tenhou is the dealer's tsumo on the first draw")
        if self.chiihou and (ron or self.seat_wind is Wind.EAST):
            problems.append("chiihou is a non-dealer's tsumo on the first draw")
        if self.tenhou and self.chiihou:
            problems.append("tenhou and chiihou cannot both happen")
        if self.renhou and (self.tsumo or self.seat_wind is Wind.EAST):
            problems.append("renhou is a non-dealer's ron before the first draw")
        if (self.tenhou or self.chiihou or self.renhou) and (self.riichi or self.double_riichi):
            problems.append("no riichi can come before the first draw")
        if (self.tenhou or self.chiihou) and (self.rinshan or self.haitei):
            problems.append("a first-draw win is not a rinshan or haitei win")
        if self.furiten and self.tenhou:
            problems.append("a tenhou cannot be furiten")
        if self.open_riichi and not (self.riichi or self.double_riichi):
            problems.append("open riichi is a riichi")
        if self.discarder_in_riichi and self.tsumo:
            problems.append("a tsumo has no discarder")
        if self.paarenchan and self.seat_wind is not Wind.EAST:
            problems.append("paarenchan is the dealer's win")
        if len(self.dora_indicators) > 5 or len(self.ura_indicators) > 5:
            problems.append("there are at most five dora indicators (one and four kan dora)")
        if self.ura_indicators and len(self.ura_indicators) > len(self.dora_indicators):
            problems.append("there are never more ura indicators than dora indicators")
        if problems:
            raise InvalidContextError("impossible win situation: " + "; ".join(problems))

    def _indicator_facts(self) -> tuple[tuple[tuple[int, int], ...], int, int, tuple[int, ...],
                                        tuple[int, ...]]:
        """The indicators as the scorer reads them: (kind, copies) shown, their mask,
        the red fives shown, the dora and ura kinds. Raises for a kind or a red five
        shown too often."""
        dora, ura = self.dora_indicators, self.ura_indicators
        tiles = dora + ura
        kinds = [tile.kind for tile in tiles]
        if len(kinds) == 1:
            shown: tuple[tuple[int, int], ...] = ((kinds[0], 1),)
        elif len(kinds) == 2:
            first, second = kinds
            shown = (((first, 2),) if first == second else
                     ((first, 1), (second, 1)) if first < second else ((second, 1), (first, 1)))
        else:
            shown = tuple((k, kinds.count(k)) for k in sorted(set(kinds)))
            if any(n > 4 for _, n in shown):
                raise InvalidContextError("the dora and ura indicators show a kind five times")
        mask = 0
        for kind, copies in shown:
            mask |= 1 << kind if copies == 1 else 1 << kind | SHOWN_MORE
        red_shown = 0
        for tile in tiles:  # a red five shown twice is refused: there is one a suit
            if tile.red:
                if red_shown >> tile.kind // 9 & 1:
                    raise InvalidContextError(
                        f"the dora and ura indicators show the red five {tile} twice; "
                        "there is one")
                red_shown |= 1 << tile.kind // 9
        count = len(dora)
        return (shown, mask, red_shown, tuple(map(_DORA_NEXT.__getitem__, kinds[:count])),
                tuple(map(_DORA_NEXT.__getitem__, kinds[count:])
                      if self.riichi or self.double_riichi else ()))

    @property
    def is_dealer(self) -> bool:
        """True when the winner sits east."""
        return self.seat_wind is Wind.EAST

    @property
    def in_riichi(self) -> bool:
        """True with riichi or double riichi."""
        return self.riichi or self.double_riichi


WinContext.__init__ = fast_init(WinContext, WinContext._derive)  # type: ignore[method-assign]


facts_of: Callable[[WinContext], FactValues] = operator.attrgetter("_facts")
"""``facts_of(context)``: what the scorer reads of a situation (the values layer's
interface for it; one C call)."""
