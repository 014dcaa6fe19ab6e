"""The situation of one win: how it was made and what is on the table."""

from __future__ import annotations

import enum
from typing import Any

import attrs

from .errors import InvalidContextError, MahjongError, quote
from .meld import Relative
from .tile import Tile, _parse_tiles, check_copies, plain_str
from .yaku import Yaku

__all__ = ["MAX_HONBA", "MAX_RIICHI_STICKS", "WinContext", "Wind"]

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


def _to_wind(value: Any) -> Wind:
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


def _check_flag(instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise InvalidContextError(
            f"{attribute.name!r} must be true or false, got {quote(value)}")


def _check_count(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 0:
        raise InvalidContextError(
            f"{attribute.name!r} must be a non-negative int, got {quote(value)}")
    most = MAX_HONBA if attribute.name == "honba" else MAX_RIICHI_STICKS
    if value > most:
        raise InvalidContextError(
            f"{attribute.name!r} is at most {most}, far beyond any real table; "
            f"got {quote(value)}")


def _check_kita(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value <= 4:
        raise InvalidContextError(f"'kita' counts north tiles set aside, 0-4, got {quote(value)}")


def _to_relative(value: Any) -> Relative | None:
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
    return attrs.field(default=False, validator=_check_flag)


@attrs.frozen(kw_only=True)
class WinContext:
    """How a win was made and the table around it.

    Impossible combinations raise InvalidContextError at construction: chankan or houtei
    on tsumo, rinshan or haitei on ron, ippatsu without riichi, tenhou for a non-dealer
    or on ron, chiihou for the dealer or on ron, riichi with tenhou/chiihou, haitei with
    houtei, more than five dora indicators, a red five shown twice, ``honba`` over
    ``MAX_HONBA`` or ``riichi_sticks`` over ``MAX_RIICHI_STICKS`` (100 each).

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
    seat_wind: Wind = attrs.field(default=Wind.EAST, converter=_to_wind)
    round_wind: Wind = attrs.field(default=Wind.EAST, converter=_to_wind)
    dora_indicators: tuple[Tile, ...] = attrs.field(
        default=(), converter=_to_indicators)
    """Dora indicators, kan dora included."""
    ura_indicators: tuple[Tile, ...] = attrs.field(
        default=(), converter=_to_indicators)
    """Ura dora indicators (they count only with riichi)."""
    honba: int = attrs.field(default=0, validator=_check_count)
    riichi_sticks: int = attrs.field(default=0, validator=_check_count)
    pao: Relative | None = attrs.field(default=None, converter=_to_relative)
    """The player liable for a daisangen or daisuushii (who fed its last set)."""
    kita: int = attrs.field(default=0, validator=_check_kita)
    """North tiles the winner has set aside (three-player kita, 0-4): each is a dora."""
    # derived once for the scorer's inner loop (not part of the value)
    _yaku: int = attrs.field(init=False, eq=False, repr=False)
    _ordinary: int = attrs.field(init=False, eq=False, repr=False)
    _yakuman: int = attrs.field(init=False, eq=False, repr=False)
    _shown: tuple[tuple[int, int], ...] = attrs.field(init=False, eq=False, repr=False)
    """(kind, copies) of the tiles the dora and ura indicators show."""
    _red_shown: int = attrs.field(init=False, eq=False, repr=False)
    """Bit s is set when an indicator is the red five of suit s."""
    _tile_checks: bool = attrs.field(init=False, eq=False, repr=False)
    """True when the scorer must check the situation against the hand's tiles."""
    _winds: int = attrs.field(init=False, eq=False, repr=False)
    """seat_wind * 4 + round_wind, as a plain int."""
    _seat_round: tuple[int, int] = attrs.field(init=False, eq=False, repr=False)
    _dora: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _ura: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    _first_turn: bool = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
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
        if len(self.dora_indicators) > 5 or len(self.ura_indicators) > 5:
            problems.append("there are at most five dora indicators (one and four kan dora)")
        if self.ura_indicators and len(self.ura_indicators) > len(self.dora_indicators):
            problems.append("there are never more ura indicators than dora indicators")
        if problems:
            raise InvalidContextError("impossible win situation: " + "; ".join(problems))
        flags = Yaku(0)
        if self.double_riichi:
            flags |= Yaku.DOUBLE_RIICHI
        elif self.riichi:
            flags |= Yaku.RIICHI
        for flag, yaku in ((self.ippatsu, Yaku.IPPATSU), (self.rinshan, Yaku.RINSHAN),
                           (self.chankan, Yaku.CHANKAN), (self.haitei, Yaku.HAITEI),
                           (self.houtei, Yaku.HOUTEI), (self.tenhou, Yaku.TENHOU),
                           (self.chiihou, Yaku.CHIIHOU)):
            if flag:
                flags |= yaku
        object.__setattr__(self, "_yaku", int(flags))
        first_draw = Yaku.TENHOU | Yaku.CHIIHOU
        object.__setattr__(self, "_ordinary", int(flags & ~first_draw))
        object.__setattr__(self, "_yakuman", int(flags & first_draw))
        object.__setattr__(self, "_winds", 4 * int(self.seat_wind) + int(self.round_wind))
        object.__setattr__(self, "_seat_round", (int(self.seat_wind), int(self.round_wind)))
        shown = [t.kind for t in (*self.dora_indicators, *self.ura_indicators)]
        object.__setattr__(self, "_shown", tuple((k, shown.count(k)) for k in sorted(set(shown))))
        object.__setattr__(self, "_tile_checks", self.chankan or bool(shown))
        if any(n > 4 for _, n in self._shown):
            raise InvalidContextError("the dora and ura indicators show a kind five times")
        red_shown = 0
        if not _FIVES.isdisjoint(shown):  # a five is shown: is it a red one, and twice?
            for tile in (*self.dora_indicators, *self.ura_indicators):
                if tile.red:
                    if red_shown >> tile.kind // 9 & 1:
                        raise InvalidContextError(
                            f"the dora and ura indicators show the red five {tile} twice; "
                            "there is one")
                    red_shown |= 1 << tile.kind // 9
        object.__setattr__(self, "_red_shown", red_shown)
        object.__setattr__(self, "_dora", tuple(t.dora_next().kind for t in self.dora_indicators))
        object.__setattr__(self, "_ura", tuple(t.dora_next().kind for t in self.ura_indicators)
                           if self.in_riichi else ())
        object.__setattr__(self, "_first_turn", self.tenhou or self.chiihou or self.renhou)

    @property
    def is_dealer(self) -> bool:
        """True when the winner sits east."""
        return self.seat_wind is Wind.EAST

    @property
    def in_riichi(self) -> bool:
        """True with riichi or double riichi."""
        return self.riichi or self.double_riichi
