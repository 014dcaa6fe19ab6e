"""The situation of one win: how it was made and what is on the table."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, NoReturn

import attrs

from ._core.suit import BoundedMemo
from ._slots import SET_CLASS, writable
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


def _check_count(name: str, value: object) -> NoReturn:
    if type(value) is not int or value < 0:
        raise InvalidContextError(f"{name!r} must be a non-negative int, got {quote(value)}")
    most = MAX_HONBA if name == "honba" else MAX_RIICHI_STICKS
    raise InvalidContextError(
        f"{name!r} is at most {most}, far beyond any real table; got {quote(value)}")


def _check_kita(value: object) -> NoReturn:
    raise InvalidContextError(f"'kita' counts north tiles set aside, 0-4, got {quote(value)}")


_INDICATOR_TEXT: BoundedMemo[str, tuple[Tile, ...]] = BoundedMemo(1 << 12)
"""Indicator text already read, and its tiles."""


def _indicators(value: Any) -> tuple[Tile, ...]:
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
    return attrs.field(default=False)


_FLAG_NAMES = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei",
               "houtei", "tenhou", "chiihou", "renhou", "furiten")
_BOOLS = [bool] * 12
_WINDS: dict[object, Wind] = {**{w: w for w in Wind}, **{w.name[0]: w for w in Wind},
                              **{w.name: w for w in Wind}}
"""The winds as most callers give them; anything else goes through ``Wind.parse``."""
_SEAT_ROUND = tuple(tuple((seat, round_) for round_ in range(4)) for seat in range(4))
SHOWN_MORE = 1 << 34
"""In ``WinContext._shown_mask``: some kind is shown by more than one indicator."""
_DORA_NEXT = tuple(Tile(kind).dora_next().kind for kind in range(34))
_Y_IPPATSU, _Y_RINSHAN, _Y_CHANKAN = int(Yaku.IPPATSU), int(Yaku.RINSHAN), int(Yaku.CHANKAN)
_Y_HAITEI, _Y_HOUTEI = int(Yaku.HAITEI), int(Yaku.HOUTEI)
_Y_TENHOU, _Y_CHIIHOU = int(Yaku.TENHOU), int(Yaku.CHIIHOU)
_RIICHI_BITS = (0, int(Yaku.RIICHI), int(Yaku.DOUBLE_RIICHI), int(Yaku.DOUBLE_RIICHI))


@attrs.frozen(kw_only=True, init=False)
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
    seat_wind: Wind = attrs.field(default=Wind.EAST)
    round_wind: Wind = attrs.field(default=Wind.EAST)
    dora_indicators: tuple[Tile, ...] = attrs.field(default=())
    """Dora indicators, kan dora included."""
    ura_indicators: tuple[Tile, ...] = attrs.field(default=())
    """Ura dora indicators (they count only with riichi)."""
    honba: int = attrs.field(default=0)
    riichi_sticks: int = attrs.field(default=0)
    pao: Relative | None = attrs.field(default=None)
    """The player liable for a daisangen or daisuushii (who fed its last set)."""
    kita: int = attrs.field(default=0)
    """North tiles the winner has set aside (three-player kita, 0-4): each is a dora."""
    # derived once for the scorer's inner loop (not part of the value)
    _yaku: int = attrs.field(init=False, eq=False, repr=False)
    _ordinary: int = attrs.field(init=False, eq=False, repr=False)
    _yakuman: int = attrs.field(init=False, eq=False, repr=False)
    _shown: tuple[tuple[int, int], ...] = attrs.field(init=False, eq=False, repr=False)
    """(kind, copies) of the tiles the dora and ura indicators show."""
    _shown_mask: int = attrs.field(init=False, eq=False, repr=False)
    """Bit k for each kind shown, and bit ``SHOWN_MORE`` when a kind is shown more than
    once: the scorer checks ``_shown`` against the hand only when it meets these bits."""
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

    def __init__(self, *, tsumo: bool = False, riichi: bool = False,
                 double_riichi: bool = False, ippatsu: bool = False, rinshan: bool = False,
                 chankan: bool = False, haitei: bool = False, houtei: bool = False,
                 tenhou: bool = False, chiihou: bool = False, renhou: bool = False,
                 furiten: bool = False, seat_wind: Wind | str = Wind.EAST,
                 round_wind: Wind | str = Wind.EAST,
                 dora_indicators: str | tuple[Tile, ...] | list[Tile] = (),
                 ura_indicators: str | tuple[Tile, ...] | list[Tile] = (),
                 honba: int = 0, riichi_sticks: int = 0, pao: Relative | str | None = None,
                 kita: int = 0) -> None:
        # the slots are filled by plain assignment while the object is briefly of a
        # writable twin class (same layout), then it is made its own class again
        made = self.__class__
        SET_CLASS(self, "__class__", _TWIN if made is WinContext else writable(made))
        fill: _Fill = self  # type: ignore[assignment]
        try:
            if [*map(type, (tsumo, riichi, double_riichi, ippatsu, rinshan, chankan, haitei, houtei,
                            tenhou, chiihou, renhou, furiten))] != _BOOLS:
                for name, value in zip(_FLAG_NAMES, (tsumo, riichi, double_riichi, ippatsu, rinshan,
                                                     chankan, haitei, houtei, tenhou, chiihou,
                                                     renhou, furiten), strict=True):
                    if type(value) is not bool:
                        raise InvalidContextError(
                            f"{name!r} must be true or false, got {quote(value)}")
            fill.tsumo = tsumo
            fill.riichi = riichi
            fill.double_riichi = double_riichi
            fill.ippatsu = ippatsu
            fill.rinshan = rinshan
            fill.chankan = chankan
            fill.haitei = haitei
            fill.houtei = houtei
            fill.tenhou = tenhou
            fill.chiihou = chiihou
            fill.renhou = renhou
            fill.furiten = furiten
            seat = seat_wind if seat_wind.__class__ is Wind else (
                _WINDS.get(seat_wind) if seat_wind.__class__ is str else None)
            if seat is None:
                seat = _to_wind(seat_wind)
            fill.seat_wind = seat
            wind = round_wind if round_wind.__class__ is Wind else (
                _WINDS.get(round_wind) if round_wind.__class__ is str else None)
            if wind is None:
                wind = _to_wind(round_wind)
            fill.round_wind = wind
            dora = _indicators(dora_indicators)
            fill.dora_indicators = dora
            ura = _indicators(ura_indicators)
            fill.ura_indicators = ura
            if honba.__class__ is not int or not 0 <= honba <= MAX_HONBA:
                _check_count("honba", honba)
            fill.honba = honba
            if riichi_sticks.__class__ is not int or not 0 <= riichi_sticks <= MAX_RIICHI_STICKS:
                _check_count("riichi_sticks", riichi_sticks)
            fill.riichi_sticks = riichi_sticks
            fill.pao = None if pao is None else _to_relative(pao)
            if kita.__class__ is not int or not 0 <= kita <= 4:
                _check_kita(kita)
            fill.kita = kita
            # the situation as a whole, then what the scorer reads
            if (chankan or houtei or rinshan or haitei or ippatsu or tenhou or chiihou or renhou
                    or len(dora) > 4 or len(ura) > len(dora)):
                self._check_situation()
            flags = _RIICHI_BITS[riichi + 2 * double_riichi]
            if ippatsu or rinshan or chankan or haitei or houtei:
                flags |= (ippatsu and _Y_IPPATSU) | (rinshan and _Y_RINSHAN) | (
                    chankan and _Y_CHANKAN) | (haitei and _Y_HAITEI) | (houtei and _Y_HOUTEI)
            fill._ordinary = flags
            first = (tenhou and _Y_TENHOU) | (chiihou and _Y_CHIIHOU)
            fill._yakuman = first
            fill._yaku = flags | first
            seat_value, round_value = seat.value, wind.value
            fill._winds = 4 * seat_value + round_value
            fill._seat_round = _SEAT_ROUND[seat_value][round_value]
            if dora or ura:
                self._derive_indicators()
            else:
                fill._shown = ()
                fill._shown_mask = 0
                fill._tile_checks = chankan
                fill._red_shown = 0
                fill._dora = ()
                fill._ura = ()
            fill._first_turn = tenhou or chiihou or renhou
        finally:
            self.__class__ = made

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
        if len(self.dora_indicators) > 5 or len(self.ura_indicators) > 5:
            problems.append("there are at most five dora indicators (one and four kan dora)")
        if self.ura_indicators and len(self.ura_indicators) > len(self.dora_indicators):
            problems.append("there are never more ura indicators than dora indicators")
        if problems:
            raise InvalidContextError("impossible win situation: " + "; ".join(problems))

    def _derive_indicators(self) -> None:
        """The indicators as the scorer reads them; raises for a kind or red five shown
        too often."""
        fill: _Fill = self  # type: ignore[assignment]  # called while writable
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
        fill._shown = shown
        mask = 0
        for kind, copies in shown:
            mask |= 1 << kind if copies == 1 else 1 << kind | SHOWN_MORE
        fill._shown_mask = mask
        fill._tile_checks = True
        red_shown = 0
        for tile in tiles:  # a red five shown twice is refused: there is one a suit
            if tile.red:
                if red_shown >> tile.kind // 9 & 1:
                    raise InvalidContextError(
                        f"the dora and ura indicators show the red five {tile} twice; "
                        "there is one")
                red_shown |= 1 << tile.kind // 9
        fill._red_shown = red_shown
        count = len(dora)
        fill._dora = tuple(map(_DORA_NEXT.__getitem__, kinds[:count]))
        fill._ura = tuple(map(_DORA_NEXT.__getitem__, kinds[count:])
               if self.riichi or self.double_riichi else ())

    @property
    def is_dealer(self) -> bool:
        """True when the winner sits east."""
        return self.seat_wind is Wind.EAST

    @property
    def in_riichi(self) -> bool:
        """True with riichi or double riichi."""
        return self.riichi or self.double_riichi


if TYPE_CHECKING:
    class _Fill(WinContext):
        """WinContext's slots, writable: the type of a context being initialised."""

        tsumo: bool
        riichi: bool
        double_riichi: bool
        ippatsu: bool
        rinshan: bool
        chankan: bool
        haitei: bool
        houtei: bool
        tenhou: bool
        chiihou: bool
        renhou: bool
        furiten: bool
        seat_wind: Wind
        round_wind: Wind
        dora_indicators: tuple[Tile, ...]
        ura_indicators: tuple[Tile, ...]
        honba: int
        riichi_sticks: int
        pao: Relative | None
        kita: int
        _yaku: int
        _ordinary: int
        _yakuman: int
        _shown: tuple[tuple[int, int], ...]
        _shown_mask: int
        _red_shown: int
        _tile_checks: bool
        _winds: int
        _seat_round: tuple[int, int]
        _dora: tuple[int, ...]
        _ura: tuple[int, ...]
        _first_turn: bool


_TWIN = writable(WinContext)
"""WinContext's own writable twin (subclasses get theirs from ``writable``)."""
