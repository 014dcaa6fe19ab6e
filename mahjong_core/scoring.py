"""Scoring a win: the design card's pipeline, from hand and situation to payments.

furiten guard -> thirteen orphans -> every standard reading -> seven pairs fallback ->
yaku, fu and points for every reading and every placement of the winning tile, keeping
the highest points (ties: a yakuman over a counted one, then more han, then more fu,
then more fu counted before rounding, the reading a scorer at the table writes).

The rules themselves (each yaku, each fu item) are written once, readably, in
``scoring_rules``; a result's breakdown (``fu_items``, ``scored_win``) comes from there.
This module is the fast kernel that computes the same answers, proven equal to those
definitions by ``tests/test_scoring_rules.py`` (every closed one-suit win, random wins
under every preset). The inner loop works on plain integers: each suit's readings come
from per-suit tables (``_score_tables``) with their run and triplet masks, identical-run
counts, terminal flags and triplet fu, so a reading is scored with a few bit operations.

Two functions are long on purpose: ``evaluate`` (the guard and the whole-hand facts every
call needs) and ``_standard_readings`` (the loop over readings). Each is one frame where a
call per step would cost a few percent of a 5 us evaluation; what is not on every call's
path is split out (``_check_*``, ``_table_dora``, ``_nine_gates``, ``_thirteen_orphans``,
``_seven_pairs``, ``_highest``). A new yaku starts in ``scoring_rules``, not here (see
docs/adding-a-yaku.md).
"""

from __future__ import annotations

import enum
import functools
import itertools
import operator
from collections.abc import Callable, Iterable
from typing import Literal, NamedTuple

import attrs

from . import scoring_rules as _rules
from . import yaku as _yaku
from ._core import score_tables as _t
from ._core import suit as _suit
from ._core import tables as _tables
from .context import SHOWN_MORE as _SHOWN_MORE
from .context import Facts, WinContext
from .context import facts_of as _facts_of
from .errors import InvalidContextError, InvalidHandError, InvalidRulesError, quote
from .hand import Hand, MeldInfo
from .hand import scorer_view as _hand_view
from .meld import Meld, MeldKind
from .points import Limit, Payments, four_player_payments, limit_of, payments_for
from .rules import TENHOU_RULES, Renhou, Rules
from .shapes import Decomposition, Form, Group, GroupKind, Wait, WinningGroup
from .tile import Tile, tile_of
from .yaku import DOUBLE_YAKUMAN_FORMS, HAN, YAKUMAN, Yaku

__all__ = ["NoWin", "NoWinReason", "WinResult", "evaluate", "nagashi_mangan"]


class NoWinReason(enum.Enum):
    """Why a hand does not win; the value is its name in JSON."""

    NOT_COMPLETE = "not_complete"
    NO_YAKU = "no_yaku"
    FURITEN = "furiten"


@attrs.frozen
class NoWin:
    """The answer for a hand that does not win, with the reason."""

    reason: NoWinReason

    @property
    def is_win(self) -> Literal[False]:
        """Always False."""
        return False

    def __bool__(self) -> Literal[False]:
        """A non-win is falsy, so ``if result:`` keeps the wins (and mypy narrows the
        result to ``WinResult`` there)."""
        return False


_NOT_COMPLETE = NoWin(NoWinReason.NOT_COMPLETE)
_NO_YAKU = NoWin(NoWinReason.NO_YAKU)
_FURITEN = NoWin(NoWinReason.FURITEN)

# A set of the chosen reading: (kind, shape, open, melded); shape 0 run, 1 triplet, 2 kan.
_SetInfo = tuple[int, int, bool, bool]
_RUN, _TRIPLET, _KAN = 0, 1, 2


class _Scored(NamedTuple):
    """A result's values, then the reading that scored, by name: what ``WinResult``
    keeps as a plain tuple of these fields in this order (one allocation per result,
    which the scorer's speed needs: a named tuple would be built twice), named when a
    reader asks (``WinResult._reading``); the reading is turned into groups, yaku han and
    fu items only then."""

    yaku: Yaku
    han: int
    fu: int
    dora: int
    aka: int
    ura: int
    limit: Limit | None
    yakuman: int
    points: int
    payments: Payments
    wait: Wait
    # the reading
    form: Form
    pair: int
    """The pair's kind (standard, thirteen orphans) or -1."""
    parts: tuple[object, ...]
    """Seven pairs and thirteen orphans: their groups as (kind, -1, False, False); the
    standard form: the four suits' table readings and the melds, turned into sets
    only when the reading is asked for."""
    place: tuple[int, int, int]
    """(wait, rank, placement shape) as in _score_tables: the wait (an index into
    ``_WAITS``) and the group the winning tile completed."""
    win: int
    """The winning tile's kind."""
    context: WinContext
    rules: Rules
    is_open: bool
    reds: int
    """Bit s: the hand (the winning tile and the melds included) holds suit s's red five."""

    @property
    def win_group(self) -> tuple[int, int]:
        """(kind, shape) of the group the winning tile completed; shape -1 for the pair."""
        _, rank, shape = self.place
        return (self.win - self.win % 9 + rank, -1 if shape == _PLACE_PAIR else
                (_RUN if shape == _PLACE_RUN else _TRIPLET))

    @property
    def sets(self) -> tuple[_SetInfo, ...]:
        """The sets (or pairs, or singles) in group order."""
        if self.form is not Form.STANDARD or not self.parts:  # (nagashi: none)
            return self.parts  # type: ignore[return-value]
        return _standard_sets(*self.parts)  # type: ignore[arg-type]


_ReadingValues = tuple[Form, int, tuple[object, ...], tuple[int, int, int], int, WinContext,
                       Rules, bool, int]
"""The reading's fields of a ``_Scored``, as a plain tuple."""
_Values = tuple[Yaku, int, int, int, int, int, Limit | None, int, int, Payments, Wait, Form,
                int, tuple[object, ...], tuple[int, int, int], int, WinContext, Rules, bool, int]
"""A result's values: the fields of ``_Scored``, in its order, as a plain tuple."""
result_values: Callable[[WinResult], _Values] = operator.attrgetter("_values")
"""``result_values(result)``: a result's values (the fields of ``_Scored`` in order) in
one C call, for the JSON writer (internal: the scorer's interface to its own results,
not part of the API)."""
_RESULT_FIELDS = _Scored._fields[:11]
"""The fields a result shows (its repr)."""


@attrs.frozen(repr=False)
class WinResult:
    """A scored win: yaku, dora, han, fu, limit, points and payments.

    The values and the reading that scored sit in one plain tuple (the fields of
    ``_Scored``) behind read-only properties; ``yaku_han``, ``fu_items`` and
    ``decomposition`` are built when asked for.
    """

    _values: _Values

    @property
    def yaku(self) -> Yaku:
        """The yaku as flags (dora are counts, not yaku)."""
        return self._values[0]

    @property
    def han(self) -> int:
        """All han, dora included; 13 per yakuman in a yakuman hand."""
        return self._values[1]

    @property
    def fu(self) -> int:
        """Fu, rounded up to 10 (25 for seven pairs)."""
        return self._values[2]

    @property
    def dora(self) -> int:
        """Dora from the indicators (kan dora included)."""
        return self._values[3]

    @property
    def aka(self) -> int:
        """Red fives held (0 when the rules have none)."""
        return self._values[4]

    @property
    def ura(self) -> int:
        """Ura dora (only with riichi)."""
        return self._values[5]

    @property
    def limit(self) -> Limit | None:
        """The limit reached, or None below mangan."""
        return self._values[6]

    @property
    def yakuman(self) -> int:
        """How many yakuman the hand counts (0 for an ordinary hand)."""
        return self._values[7]

    @property
    def points(self) -> int:
        """The hand's value without honba or riichi sticks."""
        return self._values[8]

    @property
    def red_fives(self) -> tuple[Tile, ...]:
        """The red fives the hand holds (the winning tile and the melds included), in suit
        order, whatever the rules (``aka`` counts them as dora where red fives are in
        play)."""
        reds = self._values[19]
        return tuple(_RED_FIVES[suit] for suit in range(3) if reds >> suit & 1)

    @property
    def payments(self) -> Payments:
        """Who pays what, honba and sticks included."""
        return self._values[9]

    @property
    def wait(self) -> Wait:
        """The wait the winning tile completed in the chosen reading."""
        return self._values[10]

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={value!r}"
                           for name, value in zip(_RESULT_FIELDS, self._values, strict=False))
        return f"WinResult({fields})"

    @property
    def is_win(self) -> Literal[True]:
        """Always True."""
        return True

    def __bool__(self) -> Literal[True]:
        """A win is always true (a ``NoWin`` is false)."""
        return True

    @property
    def total(self) -> int:
        """What the winner receives: payments, honba and riichi sticks."""
        return self.payments.total

    @property
    def yaku_han(self) -> tuple[tuple[Yaku, int], ...]:
        """Each yaku with its han (26 for a double form under double-yakuman rules)."""
        member = _yaku.MEMBER_OF_BIT
        return tuple((member[bit], han) for bit, han in self._bit_han())

    def _bit_han(self) -> list[tuple[int, int]]:
        """(bit, han) of each yaku, in bit order, from the per-bit tables."""
        values = self._values  # read by index: naming them costs more than the rest here
        flags = int(values[0])
        bits = _yaku.set_bits(flags & _yaku.ALL_BITS)
        side = values[18]
        han = _HAN_BY_BIT
        if flags & _Y_YAKUMAN:  # a yakuman's han: 13, 26 a double form, 13 a paarenchan
            context, rules = values[16], values[17]
            return [(b, _rules.yakuman_han(_yaku.MEMBER_OF_BIT[b], context, rules)
                     if _Y_YAKUMAN >> b & 1 else han[b][side]) for b in bits]
        return [(b, han[b][side]) for b in bits]

    def yaku_json(self) -> dict[str, int]:
        """The yaku as the JSON interface writes them: each name with its han."""
        name = _yaku.NAME_OF_BIT
        return {name[bit]: han for bit, han in self._bit_han()}

    @property
    def decomposition(self) -> Decomposition:
        """The reading that scored highest."""
        reading = self._reading
        return _decomposition(reading, reading.sets)

    @property
    def fu_items(self) -> tuple[tuple[str, int], ...]:
        """The fu breakdown: each item and its fu, before rounding up to 10, as the
        definitions in ``scoring_rules`` count them for the reading that scored (of
        readings that score alike, the one that counts the most fu); none for a nagashi
        mangan, which has no reading."""
        if self._values[15] < 0:
            return ()
        return _rules.fu_items(self.scored_win)

    @property
    def _reading(self) -> _Scored:
        """The values with the reading that scored (``win_group``, ``sets``), as earlier
        versions named them for tools that read them."""
        return _Scored._make(self._values)

    @property
    def scored_win(self) -> _rules.Win:
        """The reading that scored with the winning tile placed in it, as the rules in
        ``scoring_rules`` read it (``yaku_of``, ``fu_items``, each yaku's definition)."""
        reading = self._reading
        sets = reading.sets
        decomposition = _decomposition(reading, sets)  # raises for a nagashi mangan
        win = reading.win
        if reading.form is Form.STANDARD:  # the pair, then the sets in order
            kind, shape = reading.win_group
            index = 0 if shape < 0 else 1 + next(
                i for i, (k, s, _, melded) in enumerate(sets)
                if k == kind and s == shape and not melded)
        else:
            index = next(i for i, g in enumerate(decomposition.groups) if g.tile.kind == win)
        return _rules.Win(decomposition, WinningGroup(index, reading.wait), tile_of(win),
                          reading.context, reading.rules)

    def unicode(self, hand: Hand | None = None, win_tile: Tile | None = None) -> str:
        """The win in three lines of text: its tiles in Unicode mahjong tiles, its yaku
        and dora with their han, its value and payments (``render.result_unicode``).

        Give the hand before the win and the winning tile to see them as they were;
        without them the tiles are the reading that scored.
        Raises InvalidHandError for only one of ``hand`` and ``win_tile``.
        """
        from . import render

        return render.result_unicode(self, hand, win_tile)

    def _repr_svg_(self) -> str:
        """The win as an SVG picture (shown by notebooks; ``render.result_svg``)."""
        from . import render

        return render.result_svg(self)


# -- constant tables ------------------------------------------------------------------

_WAITS = (Wait.RYANMEN, Wait.KANCHAN, Wait.PENCHAN, Wait.SHANPON, Wait.TANKI, Wait.KOKUSHI,
          Wait.KOKUSHI_13)
_KOKUSHI, _KOKUSHI_13 = 5, 6
_UNIT = _suit.KIND_UNIT
"""A kind's one tile in its suit's key (counts in base 5, see _suit)."""
_DORA_NEXT = tuple(tile_of(k).dora_next().kind for k in range(34))
_RED_FIVES = tuple(Tile(9 * suit + 4, red=True) for suit in range(3))
_NORTH = 30
_YAOCHUU_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_POPCOUNT = tuple(bin(i).count("1") for i in range(128))


def _bits(yaku: Yaku) -> int:
    return int(yaku)


Y_RIICHI, Y_DOUBLE_RIICHI, Y_IPPATSU = _bits(Yaku.RIICHI), _bits(Yaku.DOUBLE_RIICHI), \
    _bits(Yaku.IPPATSU)
Y_TSUMO, Y_PINFU, Y_TANYAO = _bits(Yaku.MENZEN_TSUMO), _bits(Yaku.PINFU), _bits(Yaku.TANYAO)
Y_IIPEIKOU, Y_RYANPEIKOU = _bits(Yaku.IIPEIKOU), _bits(Yaku.RYANPEIKOU)
Y_HAKU, Y_SEAT, Y_ROUND = _bits(Yaku.HAKU), _bits(Yaku.SEAT_WIND), _bits(Yaku.ROUND_WIND)
Y_RINSHAN, Y_CHANKAN = _bits(Yaku.RINSHAN), _bits(Yaku.CHANKAN)
Y_HAITEI, Y_HOUTEI = _bits(Yaku.HAITEI), _bits(Yaku.HOUTEI)
Y_CHIITOITSU, Y_CHANTA, Y_ITTSU = _bits(Yaku.CHIITOITSU), _bits(Yaku.CHANTA), _bits(Yaku.ITTSU)
Y_SANSHOKU, Y_DOUKOU = _bits(Yaku.SANSHOKU), _bits(Yaku.SANSHOKU_DOUKOU)
Y_SANANKOU, Y_SANKANTSU = _bits(Yaku.SANANKOU), _bits(Yaku.SANKANTSU)
Y_TOITOI, Y_HONROUTOU = _bits(Yaku.TOITOI), _bits(Yaku.HONROUTOU)
Y_SHOUSANGEN, Y_JUNCHAN = _bits(Yaku.SHOUSANGEN), _bits(Yaku.JUNCHAN)
Y_HONITSU, Y_CHINITSU = _bits(Yaku.HONITSU), _bits(Yaku.CHINITSU)
Y_TENHOU, Y_CHIIHOU, Y_RENHOU = _bits(Yaku.TENHOU), _bits(Yaku.CHIIHOU), _bits(Yaku.RENHOU)
Y_KOKUSHI, Y_KOKUSHI_13 = _bits(Yaku.KOKUSHI), _bits(Yaku.KOKUSHI_13)
Y_SUUANKOU, Y_SUUANKOU_TANKI = _bits(Yaku.SUUANKOU), _bits(Yaku.SUUANKOU_TANKI)
Y_DAISANGEN, Y_SHOUSUUSHII = _bits(Yaku.DAISANGEN), _bits(Yaku.SHOUSUUSHII)
Y_DAISUUSHII, Y_TSUUIISOU = _bits(Yaku.DAISUUSHII), _bits(Yaku.TSUUIISOU)
Y_RYUUIISOU, Y_CHINROUTOU = _bits(Yaku.RYUUIISOU), _bits(Yaku.CHINROUTOU)
Y_CHUUREN, Y_JUNSEI = _bits(Yaku.CHUUREN), _bits(Yaku.JUNSEI_CHUUREN)
Y_SUUKANTSU = _bits(Yaku.SUUKANTSU)
Y_OPEN_RIICHI, Y_DOUBLE_OPEN_RIICHI = _bits(Yaku.OPEN_RIICHI), _bits(Yaku.DOUBLE_OPEN_RIICHI)
Y_DAISHARIN, Y_DAISUURIN = _bits(Yaku.DAISHARIN), _bits(Yaku.DAISUURIN)
Y_DAICHIKURIN, Y_DAICHISEI = _bits(Yaku.DAICHIKURIN), _bits(Yaku.DAICHISEI)
Y_SASHIKOMI, Y_PAARENCHAN = _bits(Yaku.SASHIKOMI), _bits(Yaku.PAARENCHAN)
Y_RENHOU_MANGAN, Y_NAGASHI = _bits(Yaku.RENHOU_MANGAN), _bits(Yaku.NAGASHI_MANGAN)
_WHEELS = (Y_DAISUURIN, Y_DAISHARIN, Y_DAICHIKURIN)
"""Daisharin's hand in man, pin and sou."""
_WHEELS_KEY = sum(2 * _suit.KIND_UNIT[rank] for rank in range(1, 8))
"""A suit's key holding two each of its 2-8 (daisharin's hand)."""
_SITUATION_YAKUMAN = (Y_TENHOU | Y_CHIIHOU | Y_RENHOU | Y_TSUUIISOU | Y_DAISHARIN | Y_DAISUURIN
                      | Y_DAICHIKURIN | Y_SASHIKOMI | Y_PAARENCHAN)
"""The yakuman seven pairs may hold (of the situation, or of the tiles held)."""
_CONTAINED = {_bits(yakuman): _bits(within)
              for yakuman, within in _rules.AOTENJOU_CONTAINED.items()}
"""Under aotenjou, each yakuman's bit -> the yaku it contains (not counted beside it)."""
_Y_YAKUMAN = _bits(YAKUMAN)
_RENHOU_YAKUMAN = Renhou.YAKUMAN
_Y_DOUBLE = _bits(DOUBLE_YAKUMAN_FORMS)

# han of each flag bit, closed and open
_EVERY_FLAG = sum(map(int, Yaku))
_HAN_BY_BIT: tuple[tuple[int, int], ...] = tuple(
    HAN.get(Yaku(1 << b), (0, 0)) if (1 << b) & _EVERY_FLAG else (0, 0) for b in range(64))


_READINGS, _PLACEMENTS, _HONOUR_READING = _t.READINGS, _t.PLACEMENTS, _t.HONOUR_READING
_STANDARD_TOTAL, _CODES = _suit.STANDARD_TOTAL, _suit.CODE_FIELD
_SEVEN, _THIRTEEN = _suit.SEVEN, _suit.THIRTEEN
_RYANMEN, _KANCHAN, _SHANPON, _TANKI = _t.RYANMEN, _t.KANCHAN, _t.SHANPON, _t.TANKI
_PLACE_PAIR, _PLACE_RUN = _t.PAIR, _t.RUN
_STANDARD, _MANGAN = Form.STANDARD, Limit.MANGAN  # enum members: class look-ups are slow
_FIVES = 1 << 4 | 1 << 13 | 1 << 22
_HONOUR_PLACES = (tuple(((_t.SHANPON, r, _t.TRIP),) for r in range(7)),
                  tuple(((_t.TANKI, r, _t.PAIR),) for r in range(7)))
"""Where an honour winning tile sits: [is the pair][rank] -> its one placement."""
_WAIT_FU = _t.WAIT_FU
_PINFU_FU = (((30, 30), (30, 30)), ((20, 20), (30, 22)))
"""Pinfu's fu, rounded and counted, by [tsumo][the rules give it the tsumo fu]: 30 on a
ron, 20 on a tsumo (22, so 30, with the tsumo fu)."""
"""Fu of each wait: ryanmen, kanchan, penchan, shanpon, tanki."""


def _han(flags: int, is_open: bool) -> int:
    han = 0
    while flags:
        low = flags & -flags
        han += _HAN_BY_BIT[low.bit_length() - 1][is_open]
        flags ^= low
    return han


# feature words: suit s's feature bits sit at 4*s
_NONEMPTY_NUM = _t.NONEMPTY | _t.NONEMPTY << 4 | _t.NONEMPTY << 8
_HONOURS_PRESENT = _t.NONEMPTY << 12
_ANY_YAOCHUU = _t.TERMINAL | _t.TERMINAL << 4 | _t.TERMINAL << 8 | _HONOURS_PRESENT
_ANY_SIMPLE = _t.SIMPLE | _t.SIMPLE << 4 | _t.SIMPLE << 8
_NOT_ALL_GREEN = _t.NONEMPTY | _t.NONEMPTY << 4 | _t.NOT_GREEN << 8 | _t.NOT_GREEN << 12
_KIND_FEATURES = _t.KIND_FEATURES


def _points_of(base: int, dealer: bool, tsumo: bool) -> int:
    if not tsumo:
        return -(-base * (6 if dealer else 4) // 100) * 100
    if dealer:
        return 3 * (-(-2 * base // 100) * 100)
    return -(-2 * base // 100) * 100 + 2 * (-(-base // 100) * 100)


_LIMITS = tuple(limit_of(max(han, 5), 0) for han in range(13))
"""(limit, base) by han 5-12, which fu do not change (below 5 han unused)."""


def _yakuman_count(flags: int, rules: Rules, paarenchan: int, limited: bool = True) -> int:
    """How many yakuman ``flags`` count (``paarenchan`` for its flag), at most the rules'
    ``yakuman_limit`` when ``limited``."""
    counts = []
    while flags:
        low = flags & -flags
        counts.append(paarenchan if low == Y_PAARENCHAN else
                      2 if rules.double_yakuman and low & _Y_DOUBLE else 1)
        flags ^= low
    count = sum(counts) if rules.yakuman_stacking or not limited else max(counts)
    most = rules.yakuman_limit
    return min(count, most) if most and limited else count


def _only_largest(flags: int, rules: Rules, paarenchan: int) -> int:
    """Without stacking, keep only the largest yakuman (the first of equal ones)."""
    best, best_n = 0, 0
    while flags:
        low = flags & -flags
        n = (paarenchan if low == Y_PAARENCHAN else
             2 if rules.double_yakuman and low & _Y_DOUBLE else 1)
        if n > best_n:
            best, best_n = low, n
        flags ^= low
    return best


_DEFAULT_CONTEXT = WinContext()


def _tile_yaku(key: int) -> tuple[int, int, bool, bool]:
    """Yaku that depend only on which kinds a hand holds, from its feature word.

    ``key`` is the feature word, plus 1 << 16 when tanyao does not count (an open hand
    under rules without open tanyao). Returns (yaku flags, yakuman flags, whether all
    tiles are terminals and honours, whether the hand is one suit without honours).
    """
    features, no_tanyao = key & 0xFFFF, key >> 16
    flags = yakuman = 0
    terminals_and_honours = False
    if not features & _NONEMPTY_NUM:
        yakuman |= Y_TSUUIISOU
    if not features & _ANY_YAOCHUU:
        if not no_tanyao:
            flags |= Y_TANYAO
    elif not features & _ANY_SIMPLE:
        terminals_and_honours = True
        if features & _HONOURS_PRESENT:
            if features & _NONEMPTY_NUM:
                flags |= Y_HONROUTOU
        else:
            yakuman |= Y_CHINROUTOU
    suits = _POPCOUNT[(features & 1) | (features >> 3 & 2) | (features >> 6 & 4)]
    if suits == 1:
        flags |= Y_HONITSU if features & _HONOURS_PRESENT else Y_CHINITSU
    if not features & _NOT_ALL_GREEN:
        yakuman |= Y_RYUUIISOU
    return flags, yakuman, terminals_and_honours, suits == 1 and not features & _HONOURS_PRESENT


_TILE_YAKU = _suit.BoundedTable(_tile_yaku, 1 << 14)
"""Feature word (and the tanyao bit) -> _tile_yaku's answer."""
_new = object.__new__
_set_values = WinResult.__dict__["_values"].__set__
"""The scorer builds its results from computed values directly, with one slot write
each (past the frozen class's guard), instead of through attrs' generated __init__."""
_BASE_HAN = _suit.BoundedTable(lambda key: _han(key >> 1, bool(key & 1)), 1 << 12)
"""Han of a set of flags, keyed by flags << 1 | is_open."""
_Candidate = tuple[int, int, int, int, Form, int, tuple[object, ...], tuple[int, int, int], int]
"""One scored placement: flags, han without dora, fu, yakuman flags, then the reading's
form, pair, parts and the winning tile's place (see ``_Scored``)."""
_PAIR_FU = {4 * seat + round_ | double << 4: tuple(
    (double if seat == round_ else 2) if r in (seat, round_) else (2 if r >= 4 else 0)
    for r in range(7)) for seat in range(4) for round_ in range(4) for double in (2, 4)}
"""Fu of an honour pair (index 0-6), keyed by seat * 4 + round | double-wind fu << 4."""
_ITTSU_RUNS = 1 << 0 | 1 << 3 | 1 << 6
"""Runs from ranks 1, 4 and 7 of one suit, as bits of a run mask: a pure straight."""
_PLAIN_PAYMENTS = _suit.BoundedTable(
    lambda key: four_player_payments(key >> 2, bool(key & 2), bool(key & 1), 0, 0), 1 << 12)
"""(points, payments) at four players without honba or riichi sticks, keyed by
base << 2 | dealer << 1 | tsumo (payments are values, so results may share them)."""
_YAKU_OF = _suit.BoundedTable(Yaku, 1 << 12)
"""Yaku flags by value, so a result does not pay for the enum's constructor each time."""


def evaluate(hand: Hand, win_tile: Tile, context: WinContext = _DEFAULT_CONTEXT,  # noqa: C901
             rules: Rules = TENHOU_RULES) -> WinResult | NoWin:
    """Score the win of ``win_tile`` on ``hand`` (the 13-tile hand before the win).

    Every reading and every placement of the winning tile is scored; the highest points
    win (ties: a yakuman over kazoe, then more han, more fu, more fu before rounding,
    the reading a scorer at the table writes in ``fu_items``). A furiten ron is
    refused before any other work.
    Raises InvalidHandError for a 14-tile hand or a fifth copy, InvalidContextError for
    a situation the hand cannot be in (riichi with an open hand, tenhou with melds,
    rinshan without a kan, indicators that are tiles the hand holds, such as a red five
    in both), InvalidRulesError for rules that are not ``Rules``.

    The pipeline: the guard (the arguments, the furiten ron, the hand with its winning
    tile; inline, as every call runs it), the three forms' completeness from the suits'
    shapes, the facts of the whole hand (features, dora), then ``_thirteen_orphans``,
    ``_standard_readings`` (every reading, every placement of the winning tile),
    ``_seven_pairs`` and ``_highest``.

    Kept whole (about 130 lines), measured: every call runs it, and each part split out
    would cost a call with its arguments and results, about 0.08 us (timeit: a call of
    ten arguments returning five values), some 1.5% of a 5 us evaluation per part; what
    not every call runs is split out (``_check_*``, ``_situation_options``,
    ``nagashi_mangan``, ``_table_dora``, ``_nine_gates``).

    >>> from mahjong_core import Hand, Tile, WinContext
    >>> result = evaluate(Hand.parse("234m567p23455s66z"), Tile.parse("6z"),
    ...                   WinContext(riichi=True, seat_wind="S"))
    >>> result.yaku.names(), result.han, result.fu, result.points
    (['riichi', 'hatsu'], 2, 40, 2600)
    """
    # -- the arguments, the furiten ron, the hand with its winning tile ------------------
    if (hand.__class__ is not Hand or win_tile.__class__ is not Tile
            or context.__class__ is not WinContext or rules.__class__ is not Rules):
        _check_types(hand, win_tile, context, rules)
    melds = hand.melds
    full, hand_keys, meld_info, red_suits, four_copies = _hand_view(hand)
    facts = _facts_of(context)  # a plain tuple of Facts' fields: one quick unpacking
    (situation, base_flags, yakuman_base, _, shown_mask, red_shown, tile_checks, winds,
     seat_round, dora_kinds, ura_kinds, _, optional) = facts
    if full:
        raise InvalidHandError(
            f"evaluate takes the hand before the win (13 tiles with melds), not {hand}")
    if melds or situation & Y_RINSHAN:
        _check_melds(hand, meld_info, context, Facts._make(facts))
    if not (rules.ippatsu and rules.ura_dora and rules.kan_dora):
        _check_unplayed(context, rules)
    if context.furiten and not context.tsumo:
        return _FURITEN

    win = win_tile.kind
    suit = win // 9
    keys = [*hand_keys]
    meld_counts, summary, is_open, _ = meld_info
    held = keys[suit] // _UNIT[win] % 5 + meld_counts[win] + 1  # a key's digits stop at 4
    if held > 4:
        raise InvalidHandError(
            f"a fifth copy of {tile_of(win)}: the hand {hand} holds all four copies")
    keys[suit] += _UNIT[win]
    if win_tile.red and (red_suits >> suit) & 1:
        raise InvalidHandError(f"a second red five: the hand {hand} already holds {win_tile}")
    four_held = four_copies | (held == 4) << win  # bit k: all four copies of kind k
    if tile_checks:  # chankan or indicators: checked against the hand's tiles
        if red_shown or context.chankan:
            _check_red_and_chankan(hand, red_suits, held, win_tile, context, Facts._make(facts))
        if shown_mask & (four_held | _SHOWN_MORE):
            _check_shown(hand, win_tile, keys, meld_counts, four_held, Facts._make(facts))
    if rules.red_fives and four_held & _FIVES:
        _check_plain_fives(hand, red_suits, meld_counts, keys, win_tile)
    if optional and context.nagashi:
        return nagashi_mangan(context, rules)
    tsumo = context.tsumo

    # -- which forms are complete: the suits' shapes ----------------------------------
    k0, k1, k2, k3 = keys
    shapes = _tables.SHAPE
    s0, s1, s2, s3 = shapes[k0], shapes[k1], shapes[k2], _tables.HONOUR_SHAPE[k3]
    standard = (s0 + s1 + s2 + s3) & _CODES == _STANDARD_TOTAL
    special = 0 if melds else s0 & s1 & s2 & s3  # every suit fits: 14 closed tiles complete
    chiitoi = special & _SEVEN
    kokushi = special & _THIRTEEN
    if not (standard or chiitoi or kokushi):
        return _NOT_COMPLETE

    # -- facts about the whole hand -----------------------------------------------------
    table = _tables.FEATURES
    features = (table[k0] | table[k1] << 4 | table[k2] << 8
                | _tables.HONOUR_FEATURES[k3] << 12)
    if melds:
        features |= summary[13]
    dealer = winds < 4
    dora = ura = 0
    if tile_checks:  # some indicators (or a chankan)
        for k in dora_kinds:
            dora += keys[k // 9] // _UNIT[k] % 5 + meld_counts[k]
        for k in ura_kinds:
            ura += keys[k // 9] // _UNIT[k] % 5 + meld_counts[k]
    if rules.players != 4 or context.kita:
        dora, ura = _table_dora(hand, meld_counts, win_tile, keys, context, rules)
    reds = red_suits | win_tile.red << suit
    aka = _POPCOUNT[reds] if rules.red_fives else 0
    if optional:  # renhou, open riichi, sashikomi, paarenchan
        base_flags, yakuman_base = _situation_options(base_flags, yakuman_base, context, rules)
    if kokushi:
        return _thirteen_orphans(keys, win, yakuman_base, (dora, aka, ura), context, rules,
                                 dealer, tsumo)

    # -- situational yaku and those that depend only on which tiles are held -------------
    if tsumo and not is_open:
        base_flags |= Y_TSUMO
    tile_flags, tile_yakuman, honroutou, one_suit = _TILE_YAKU[
        features | (is_open and not rules.open_tanyao) << 16]
    base_flags |= tile_flags
    yakuman_base |= tile_yakuman
    if one_suit and not melds:
        yakuman_base |= _nine_gates(keys[suit], win % 9)
        if rules.daisharin and keys[suit] == _WHEELS_KEY:
            yakuman_base |= _WHEELS[suit] if suit == 1 or rules.daisharin_all_suits else 0

    # -- every reading of every complete form, then the highest ---------------------------
    found: list[_Candidate] = []
    no_yaku = False
    if standard:
        no_yaku = _standard_readings(found, keys, win, features, base_flags, yakuman_base,
                                     honroutou, melds, summary, is_open, context, winds,
                                     seat_round, rules)
    if chiitoi:
        found.append(_seven_pairs(keys, win, base_flags, yakuman_base, rules))
    if optional and context.paarenchan:
        found = _with_paarenchan(found, rules)
    if not found:
        return _NO_YAKU if no_yaku else _NOT_COMPLETE
    return _highest(found, dora + aka + ura, dora, aka, ura, win, context, rules, is_open,
                    dealer, reds)


def _situation_options(base_flags: int, yakuman_base: int, context: WinContext,
                       rules: Rules) -> tuple[int, int]:
    """The situation's yaku under the rules' options: renhou, open riichi in place of
    riichi, sashikomi, and paarenchan where it needs no other yaku."""
    if context.renhou and rules.renhou:
        if rules.renhou is _RENHOU_YAKUMAN:
            yakuman_base |= Y_RENHOU
        else:
            base_flags |= Y_RENHOU_MANGAN
    if context.open_riichi and rules.open_riichi:
        if base_flags & Y_RIICHI:
            base_flags ^= Y_RIICHI | Y_OPEN_RIICHI
        elif base_flags & Y_DOUBLE_RIICHI:
            base_flags ^= Y_DOUBLE_RIICHI | Y_DOUBLE_OPEN_RIICHI
        if rules.open_riichi_sashikomi and not context.tsumo and not context.discarder_in_riichi:
            yakuman_base |= Y_SASHIKOMI
    if context.paarenchan and rules.paarenchan and not rules.paarenchan_needs_yaku:
        yakuman_base |= Y_PAARENCHAN
    return base_flags, yakuman_base


def _with_paarenchan(found: list[_Candidate], rules: Rules) -> list[_Candidate]:
    """Where paarenchan needs another yaku, the candidates (which have one) with
    paarenchan added: yakuman hands (under aotenjou, one more yakuman beside the rest)."""
    if not rules.paarenchan or not rules.paarenchan_needs_yaku:
        return found
    added = []
    for flags, han, fu, yakuman, *reading in found:
        yakuman |= Y_PAARENCHAN
        if not rules.aotenjou:
            flags, han = yakuman, 0
        added.append((flags, han, fu, yakuman, *reading))
    return added  # type: ignore[return-value]


def nagashi_mangan(context: WinContext = _DEFAULT_CONTEXT,
                   rules: Rules = TENHOU_RULES) -> WinResult:
    """A nagashi mangan at the exhaustive draw, scored as a mangan by tsumo (5 han, 30
    fu; ``context`` gives the seat, the honba and the riichi sticks). ``evaluate`` gives
    the same for a situation with ``nagashi``, whatever the hand. The result has no
    reading: ``fu_items`` is empty and ``decomposition`` raises InvalidHandError.

    >>> nagashi_mangan(WinContext(nagashi=True, seat_wind="S")).payments.as_dict()
    {'dealer': 4000, 'non_dealer': 2000}
    """
    if not isinstance(context, WinContext) or not isinstance(rules, Rules):
        _check_types(Hand.parse("1m"), Tile(0), context, rules)
    dealer = context.is_dealer
    points, payments = payments_for(2000, dealer=dealer, tsumo=True, honba=context.honba,
                                    riichi_sticks=context.riichi_sticks, rules=rules)
    return WinResult((_YAKU_OF[Y_NAGASHI], 5, 30, 0, 0, 0, _MANGAN, 0, points, payments,
                      Wait.TANKI, Form.STANDARD, -1, (), _NO_PLACE, -1, context, rules, False,
                      0))


_NO_PLACE = (_t.TANKI, 0, _t.PAIR)
"""The place of a result without a reading (nagashi mangan)."""


def _aotenjou_result(found: list[_Candidate], extra_han: int, dora: int, aka: int, ura: int,
                     win: int, context: WinContext, rules: Rules, is_open: bool,
                     dealer: bool, reds: int) -> WinResult:
    """Aotenjou: the candidate paid the most at fu x 2^(han + 2), without a limit, a
    yakuman counting its han beside the other yaku (less those it contains) and the dora,
    without honba or riichi sticks."""
    paarenchan, best = context.paarenchan, None
    for candidate in found:
        flags, han, fu, yakuman = candidate[:4]
        count = 0
        if yakuman:
            contained = 0
            for bit, within in _CONTAINED.items():
                if yakuman & bit:
                    contained |= within
            flags = (flags | yakuman) & ~contained
            count = _yakuman_count(yakuman, rules, paarenchan, limited=False)
            han = _han(flags & ~_Y_YAKUMAN, is_open) + 13 * count
        total = han + extra_han
        key = (fu << total + 2, total, fu, candidate[8])
        if best is None or key > best[0]:
            best = (key, flags, count, candidate)
    assert best is not None
    (base, han, fu, _), flags, count, candidate = best
    form, pair, parts, place = candidate[4:8]
    points, payments = payments_for(base, dealer=dealer, tsumo=context.tsumo, rules=rules)
    return WinResult((_YAKU_OF[flags], han, fu, dora, aka, ura, None, count, points, payments,
                      _WAITS[place[0]], form, pair, parts, place, win, context, rules, is_open,
                      reds))


def _check_shown(hand: Hand, win_tile: Tile, keys: list[int], meld_counts: bytes,
                 four_held: int, facts: Facts) -> None:
    """The indicators are tiles too: one shown is too many when the hand holds all
    four, more than one are counted against the copies held."""
    for k, shown in facts.shown:
        if four_held >> k & 1 or (shown > 1 and (
                shown + keys[k // 9] // _UNIT[k] % 5 + meld_counts[k] > 4)):
            raise InvalidContextError(
                f"the indicators show {shown} {tile_of(k)} and the hand {hand} with "
                f"{win_tile} holds more: there are only four")


def _nine_gates(key: int, rank: int) -> int:
    """Chuuren or junsei chuuren (or 0) of a closed one-suit hand's key, won on
    ``rank``."""
    counts = _suit.counts_of(key)
    if counts[0] >= 3 and counts[8] >= 3 and min(counts[1:8]) >= 1:
        counts[rank] -= 1
        return Y_JUNSEI if counts == [3, 1, 1, 1, 1, 1, 1, 1, 3] else Y_CHUUREN
    return 0


def _thirteen_orphans(keys: list[int], win: int, yakuman_base: int,
                      dora: tuple[int, int, int], context: WinContext, rules: Rules,
                      dealer: bool, tsumo: bool) -> WinResult:
    """The thirteen orphans reading (the thirteen-wait form when the pair is the winning
    tile). Under aotenjou it counts its yakuman and the dora (no other yaku), at 30 fu
    on a tsumo and 40 on a ron (base, closed ron or tsumo, and the single wait)."""
    pair = next(k for k in _YAOCHUU_KINDS
                if keys[k // 9] // _UNIT[k] % 5 == 2)
    thirteen = pair == win
    flags = yakuman_base | (Y_KOKUSHI_13 if thirteen else Y_KOKUSHI)
    sets = tuple((k, -2, False, False) for k in _YAOCHUU_KINDS if k != pair)
    if context.paarenchan and rules.paarenchan:
        flags |= Y_PAARENCHAN
    place = (_KOKUSHI_13 if thirteen else _KOKUSHI, win % 9, _t.PAIR)
    if rules.aotenjou:
        fu = 30 if tsumo else 40
        return _highest([(0, 0, fu, flags, Form.THIRTEEN_ORPHANS, pair, sets, place, fu)],
                        sum(dora), *dora, win, context, rules, False, dealer, 0)
    reading = (Form.THIRTEEN_ORPHANS, pair, sets, place, win, context, rules, False, 0)
    return _yakuman_result(flags, 0, reading, context, rules, dealer, tsumo)


def _standard_readings(found: list[_Candidate], keys: list[int], win: int, features: int,  # noqa: C901
                       base_flags: int, yakuman_base: int, honroutou: bool,
                       melds: tuple[Meld, ...], summary: _t.MeldSummary, is_open: bool,
                       context: WinContext, winds: int, seat_round: tuple[int, int],
                       rules: Rules) -> bool:
    """Every standard reading and every placement of the winning tile in it, scored and
    added to ``found`` when it has a yaku; True when some placement had none.

    ``summary`` is what the melds bring (``_score_tables.NO_MELDS`` without melds).

    Kept whole (about 150 lines), measured: its loops run once per reading and once per
    placement, and a call for either would cost about 0.08 us each (as measured for
    ``evaluate``), several percent of a hand with a few readings and placements."""
    tsumo = context.tsumo
    pair_fu_of = _PAIR_FU[winds | rules.double_wind_pair_fu << 4]
    suit = win // 9
    k0, k1, k2, k3 = keys
    base_han = _BASE_HAN[base_flags << 1 | is_open]
    no_yaku = False
    (mr0, mr1, mr2, mt0, mt1, mt2, mtz, meld_runs, _, ankans, kans, meld_fu,
     meld_terminal, _) = summary
    if kans == 4:
        yakuman_base |= Y_SUUKANTSU
    elif kans == 3:  # seven pairs needs no melds, so this flag stays in this form
        base_flags |= Y_SANKANTSU
        base_han += 2
    # fu of the base, closed ron and tsumo (a rinshan tsumo counts under Tenhou rules)
    base_fu = (22 if rules.rinshan_tsumo_fu or not context.rinshan else 20) if tsumo else (
        20 if is_open else 30)
    pinfu_fu, pinfu_counted = _PINFU_FU[tsumo][rules.pinfu_tsumo_fu]
    open_pinfu_fu = rules.open_pinfu_fu
    whole = not rules.aotenjou  # a yakuman counts alone (under aotenjou, beside the rest)
    readings = _READINGS
    r0, r1, r2 = readings[k0], readings[k1], readings[k2]
    honours = _HONOUR_READING[k3]
    pair_z, trips_z, n_trips_z, fu_z, _ = honours
    rank = win % 9
    win_places = _PLACEMENTS[keys[suit] << 4 | rank] if suit < 3 else None
    combos: Iterable[tuple[_t.NumberReading, _t.NumberReading, _t.NumberReading, int]]
    if len(r0) == 1 and len(r1) == 1 and len(r2) == 1:
        combos = ((r0[0], r1[0], r2[0], 0),)
    else:
        combos = [(a, b, c, (i0, i1, i2)[suit] if suit < 3 else 0)
                  for (i0, a), (i1, b), (i2, c)
                  in itertools.product(enumerate(r0), enumerate(r1), enumerate(r2))]
    for a, b, c, win_reading in combos:
        # each suit's reading (see _score_tables.NumberReading), unpacked by name
        pair_a, runs_a, trips_a, n_runs_a, n_trips_a, peikou_a, ends_a, fu_a, _, _ = a
        pair_b, runs_b, trips_b, n_runs_b, n_trips_b, peikou_b, ends_b, fu_b, _, _ = b
        pair_c, runs_c, trips_c, n_runs_c, n_trips_c, peikou_c, ends_c, fu_c, _, _ = c
        if pair_a >= 0:
            pair = pair_a
        elif pair_b >= 0:
            pair = 9 + pair_b
        elif pair_c >= 0:
            pair = 18 + pair_c
        else:
            pair = 27 + pair_z
        tmz = trips_z | mtz
        n_runs = n_runs_a + n_runs_b + n_runs_c + meld_runs
        concealed_trips = n_trips_a + n_trips_b + n_trips_c + n_trips_z + ankans
        trip_fu = fu_a + fu_b + fu_c + fu_z + meld_fu
        flags = base_flags
        han = base_han
        yakuman = yakuman_base
        # the han of each yaku is added as its flag is set (closed / open values)
        if tmz:
            dragons = _POPCOUNT[tmz >> 4]
            winds = _POPCOUNT[tmz & 15]
            if dragons == 3:
                yakuman |= Y_DAISANGEN
            if winds == 4:
                yakuman |= Y_DAISUUSHII
            elif winds == 3 and 27 <= pair <= 30:
                yakuman |= Y_SHOUSUUSHII
            if dragons:
                flags |= (tmz >> 4) * Y_HAKU  # haku, hatsu, chun are consecutive bits
                han += dragons
            seat, round_ = seat_round
            if (tmz >> seat) & 1:
                flags |= Y_SEAT
                han += 1
            if (tmz >> round_) & 1:
                flags |= Y_ROUND
                han += 1
            if dragons == 2 and pair >= 31:
                flags |= Y_SHOUSANGEN
                han += 2
        if not honroutou and n_runs and ends_a and ends_b and ends_c and meld_terminal:
            if features & _HONOURS_PRESENT:
                flags |= Y_CHANTA
                han += 2 - is_open  # kuisagari: one han less when open
            else:
                flags |= Y_JUNCHAN
                han += 3 - is_open
        if not n_runs:
            flags |= Y_TOITOI
            han += 2
        if n_runs >= 3:
            rm0, rm1, rm2 = runs_a | mr0, runs_b | mr1, runs_c | mr2
            if (rm0 & _ITTSU_RUNS == _ITTSU_RUNS or rm1 & _ITTSU_RUNS == _ITTSU_RUNS
                    or rm2 & _ITTSU_RUNS == _ITTSU_RUNS):
                flags |= Y_ITTSU
                han += 2 - is_open
            if rm0 & rm1 & rm2:
                flags |= Y_SANSHOKU
                han += 2 - is_open
        elif (trips_a | mt0) & (trips_b | mt1) & (trips_c | mt2):
            flags |= Y_DOUKOU
            han += 2
        # an honour pair's fu: a dragon, the seat or round wind (zero for a pinfu pair)
        pair_fu = pair_fu_of[pair - 27] if pair >= 27 else 0
        pinfu_shape = False
        if not is_open:
            peikou = peikou_a + peikou_b + peikou_c
            if peikou >= 2:
                flags |= Y_RYANPEIKOU
                han += 3
            elif peikou:
                flags |= Y_IIPEIKOU
                han += 1
            pinfu_shape = n_runs == 4 and not pair_fu
        # placements of the winning tile in this reading
        places = (win_places[win_reading] if win_places is not None
                  else _HONOUR_PLACES[pair_z == rank][rank])
        parts = (a, b, c, honours, melds)
        reading_fu = base_fu + pair_fu + trip_fu
        for place in places:
            wait, place_rank, _ = place
            if pinfu_shape and wait == _RYANMEN and not (yakuman and whole):  # no suuankou
                found.append((flags | Y_PINFU, han + 1, pinfu_fu, yakuman, _STANDARD, pair,
                              parts, place, pinfu_counted))
                continue
            concealed = concealed_trips
            fu = reading_fu + _WAIT_FU[wait]
            if wait == _SHANPON and not tsumo:  # a ron makes the triplet an open one
                concealed -= 1
                fu -= 4 if suit == 3 or place_rank in (0, 8) else 2
            y = yakuman
            if concealed == 4:
                y |= Y_SUUANKOU_TANKI if wait == _TANKI else Y_SUUANKOU
            counted = fu
            fu = (fu + 9) // 10 * 10
            if fu == 20:
                fu = open_pinfu_fu
            f = flags
            total = han
            if concealed == 3:
                f |= Y_SANANKOU
                total += 2
            if y and whole:
                f, total = y, 0
            elif not f and not y:
                no_yaku = True
                continue
            found.append((f, total, fu, y, _STANDARD, pair, parts, place, counted))
    return no_yaku


def _seven_pairs(keys: list[int], win: int, base_flags: int, yakuman_base: int,
                 rules: Rules) -> _Candidate:
    """The seven pairs reading of a closed hand (honroutou and the one-suit yaku come
    with ``base_flags``, from the kinds held); of honours, daichisei where the rules
    play it."""
    pairs = tuple((k, -1, False, False) for k in range(34)
                  if keys[k // 9] // _UNIT[k] % 5 == 2)
    y = yakuman_base & _SITUATION_YAKUMAN
    if y & Y_TSUUIISOU and rules.daichisei:
        y |= Y_DAICHISEI
    f = base_flags | Y_CHIITOITSU
    han = _han(f, False)
    if y and not rules.aotenjou:
        f, han = y, 0
    return (f, han, 25, y, Form.SEVEN_PAIRS, -1, pairs, (_t.TANKI, win % 9, _PLACE_PAIR), 25)


def _highest(found: list[_Candidate], extra_han: int, dora: int, aka: int, ura: int,
             win: int, context: WinContext, rules: Rules, is_open: bool,
             dealer: bool, reds: int) -> WinResult:
    """The candidate that scores the most, as a result (dora counted for an ordinary
    hand; ``reds``: the suits whose red five the hand holds)."""
    tsumo = context.tsumo
    if rules.aotenjou:
        return _aotenjou_result(found, extra_han, dora, aka, ura, win, context, rules,
                                is_open, dealer, reds)
    best = found[0] if len(found) == 1 else _best(found, extra_han, rules, dealer, tsumo,
                                                  context.paarenchan)
    flags, han, fu, yakuman, form, pair, parts, place, _ = best
    if yakuman:
        return _yakuman_result(flags, fu, (form, pair, parts, place, win, context, rules,
                                           is_open, reds), context, rules, dealer, tsumo)
    han += extra_han
    if han < 5:  # _limit_and_base's common case, inline
        base, limit = fu << han + 2, None
        if base >= 1920 and (base > 1920 or rules.kiriage_mangan):
            base, limit = 2000, _MANGAN
    else:
        limit, base = _limit_and_base(han, fu, rules)
    if rules.players == 4:
        honba, sticks = context.honba, context.riichi_sticks
        if honba or sticks:
            points, payments = four_player_payments(base, dealer, tsumo,
                                                     honba * rules.honba_points,
                                                     sticks * rules.riichi_stick_points)
        else:
            points, payments = _PLAIN_PAYMENTS[base << 2 | dealer << 1 | tsumo]
    else:
        points, payments = payments_for(base, dealer=dealer, tsumo=tsumo, honba=context.honba,
                                        riichi_sticks=context.riichi_sticks, rules=rules)
    result: WinResult = _new(WinResult)
    _set_values(result, (
        _YAKU_OF[flags], han, fu, dora, aka, ura, limit, 0, points, payments, _WAITS[place[0]],
        form, pair, parts, place, win, context, rules, is_open, reds))
    return result


def _best(found: list[_Candidate], extra_han: int, rules: Rules, dealer: bool,
          tsumo: bool, paarenchan: int) -> _Candidate:
    """Of several candidates the one with the highest points; ties: a yakuman, then more
    han, then more fu, then more fu counted before rounding (the reading a scorer writes:
    the closed triplet of 1s rather than the pair, the kanchan rather than the ryanmen);
    the first of equal candidates stays."""
    best, best_key = found[0], (-1, 0, 0, 0, 0)
    for candidate in found:
        han, fu, yakuman, counted = candidate[1], candidate[2], candidate[3], candidate[8]
        if yakuman:
            base = 8000 * _yakuman_count(yakuman, rules, paarenchan)
        else:
            total = han + extra_han
            base = fu << total + 2 if total < 5 else 2000
            if base >= 1920:
                base = _limit_and_base(total, fu, rules)[1]
        key = (_points_of(base, dealer, tsumo), 1 if yakuman else 0, han, fu, counted)
        if key > best_key:
            best, best_key = candidate, key
    return best


def _table_dora(hand: Hand, meld_counts: bytes, win_tile: Tile, keys: list[int],
                ctx: WinContext, rules: Rules) -> tuple[int, int]:
    """Dora and ura at a three-player table or with north tiles set aside (kita).

    At three players 2m-8m do not exist, so a 1m indicator makes 9m the dora; each north
    tile set aside is one dora, and one more for each indicator that makes north the dora.
    """
    def held(kind: int) -> int:
        return keys[kind // 9] // _UNIT[kind] % 5 + meld_counts[kind]

    if rules.players == 3:
        missing = next((k for k in range(1, 8) if held(k)), None)
        if missing is not None:
            raise InvalidHandError(f"a three-player game has no 2m-8m, but the hand {hand} "
                                   f"with {win_tile} holds {tile_of(missing)}")
    shown_north = sum(t.kind == _NORTH for t in (*ctx.dora_indicators, *ctx.ura_indicators))
    if ctx.kita and held(_NORTH) + ctx.kita + shown_north > 4:
        raise InvalidHandError(f"the hand {hand} with {win_tile}, {ctx.kita} north tiles set "
                               "aside and the indicators show more than four north tiles")

    def count(indicators: tuple[Tile, ...]) -> int:
        total = 0
        for indicator in indicators:
            kind = 8 if rules.players == 3 and indicator.kind == 0 else _DORA_NEXT[indicator.kind]
            total += held(kind) + (ctx.kita if kind == _NORTH else 0)
        return total

    ura = count(ctx.ura_indicators) if ctx.in_riichi else 0
    return ctx.kita + count(ctx.dora_indicators), ura


def _check_unplayed(context: WinContext, rules: Rules) -> None:
    """Raise InvalidContextError for a situation that rules without ippatsu, ura dora or
    kan dora never give."""
    if context.ippatsu and not rules.ippatsu:
        raise InvalidContextError("ippatsu is not played under these rules (Rules(ippatsu="
                                  "False))")
    if context.ura_indicators and not rules.ura_dora:
        raise InvalidContextError("ura dora are not played under these rules (Rules(ura_dora="
                                  f"False)), got {len(context.ura_indicators)} ura indicators")
    if len(context.dora_indicators) > 1 and not rules.kan_dora:
        raise InvalidContextError(
            "kan dora are not played under these rules (Rules(kan_dora=False)): one dora "
            f"indicator only, got {len(context.dora_indicators)}")


def _check_types(hand: object, win_tile: object, context: object, rules: object) -> None:
    """Raise the library's error for an argument of the wrong type (subclasses pass)."""
    if not isinstance(hand, Hand):
        raise InvalidHandError(f"evaluate needs a Hand, got {quote(hand)}")
    if not isinstance(win_tile, Tile):
        raise InvalidHandError(f"the winning tile must be a Tile, got {quote(win_tile)}")
    if not isinstance(context, WinContext):
        raise InvalidContextError(f"the situation must be a WinContext, got {quote(context)}")
    if not isinstance(rules, Rules):
        raise InvalidRulesError(f"rules must be a Rules value, got {quote(rules)}")


def _check_melds(hand: Hand, melds: MeldInfo, ctx: WinContext, facts: Facts) -> None:
    """Situations a hand with melds (or without a kan) cannot be in."""
    if melds.is_open and facts.yaku & (Y_RIICHI | Y_DOUBLE_RIICHI):
        raise InvalidContextError("riichi needs a closed hand, but this hand has called melds")
    if hand.melds and facts.first_turn:
        raise InvalidContextError("a first-turn win cannot come after a meld")
    if facts.yaku & Y_RINSHAN and not melds.summary[10] and not ctx.kita:
        raise InvalidContextError("a rinshan win needs a kan among the melds (or a north "
                                  "tile set aside)")


def _check_red_and_chankan(hand: Hand, red_suits: int, held: int, win_tile: Tile,
                           ctx: WinContext, facts: Facts) -> None:
    """A red five among the indicators or a chankan, checked against the hand."""
    red = facts.red_shown & (red_suits | win_tile.red << win_tile.kind // 9)
    if red:
        five = tile_of(9 * (red & -red).bit_length() - 5, True)
        raise InvalidContextError(
            f"the red five {five} is both an indicator and in the hand {hand} with "
            f"{win_tile}; there is one")
    if ctx.chankan and held > 1:
        raise InvalidContextError(
            f"chankan robs the fourth {win_tile.plain} from another player's kan; "
            f"the hand {hand} cannot hold one too")


def _check_plain_fives(hand: Hand, red_suits: int, meld_counts: bytes, keys: list[int],
                       win_tile: Tile) -> None:
    """With red fives in play a suit has three plain fives and one red, not four plain."""
    red = red_suits | win_tile.red << win_tile.kind // 9
    for suit in range(3):
        fives = keys[suit] // _UNIT[4] % 5 + meld_counts[9 * suit + 4]
        if fives == 4 and not (red >> suit) & 1:
            raise InvalidHandError(
                f"the hand {hand} with {win_tile} holds four plain fives of {'mps'[suit]}, "
                "but with red fives in play one is red (write it 0, or use "
                "Rules(red_fives=False))")


def _limit_and_base(han: int, fu: int, rules: Rules) -> tuple[Limit | None, int]:
    """``limit_of`` of an ordinary hand, worked out here below 13 han: fu x 2^(han+2)
    below 5 han, mangan from 2000 (or from 1920 with kiriage), then the limit of the han."""
    if han < 5:
        base = fu << han + 2
        if base < 1920 or (base == 1920 and not rules.kiriage_mangan):
            return None, base
        return _MANGAN, 2000
    if han < 13:
        return _LIMITS[han]
    return limit_of(han, fu, 0, rules)


def _yakuman_result(flags: int, fu: int, reading: _ReadingValues, ctx: WinContext, rules: Rules,
                    dealer: bool, tsumo: bool) -> WinResult:
    paarenchan = ctx.paarenchan
    if not rules.yakuman_stacking:
        flags = _only_largest(flags, rules, paarenchan)
    count = _yakuman_count(flags, rules, paarenchan)
    liable = 0
    limit, base = limit_of(0, fu, count, rules)
    if rules.pao and ctx.pao is not None and flags & (Y_DAISANGEN | Y_DAISUUSHII):
        liable = base if rules.pao_whole_hand else \
            8000 * _yakuman_count(flags & (Y_DAISANGEN | Y_DAISUUSHII), rules, paarenchan)
    points, payments = payments_for(base, dealer=dealer, tsumo=tsumo, honba=ctx.honba,
                                    riichi_sticks=ctx.riichi_sticks, liable_base=liable,
                                    rules=rules)
    return WinResult((_YAKU_OF[flags], 13 * count, fu, 0, 0, 0, limit, count, points, payments,
                      _WAITS[reading[3][0]], *reading))


def _standard_sets(man: _t.NumberReading, pin: _t.NumberReading, sou: _t.NumberReading,
                   honours: _t.HonourReading, melds: tuple[Meld, ...]) -> tuple[_SetInfo, ...]:
    sets = [*_suit_sets(0, man[8], man[9]), *_suit_sets(9, pin[8], pin[9]),
            *_suit_sets(18, sou[8], sou[9]), *_suit_sets(27, (), honours[4])]
    for meld in melds:
        mkind = meld.kind
        first = meld.tiles[0].kind
        if mkind is MeldKind.CHI:
            sets.append((first, _RUN, True, True))
        elif mkind is MeldKind.PON:
            sets.append((first, _TRIPLET, True, True))
        else:
            sets.append((first, _KAN, mkind is not MeldKind.ANKAN, True))
    sets.sort()  # by kind, shape, then concealed before melded (open implies melded)
    return tuple(sets)


@functools.lru_cache(maxsize=4096)
def _suit_sets(first: int, runs: tuple[int, ...], triplets: tuple[int, ...]
               ) -> tuple[_SetInfo, ...]:
    """The concealed sets of one suit's reading (kinds from ``first``), kept: a suit has
    few readings."""
    return (*((first + r, _RUN, False, False) for r in runs),
            *((first + r, _TRIPLET, False, False) for r in triplets))


_GROUP_KINDS = (GroupKind.RUN, GroupKind.TRIPLET, GroupKind.KAN)


@functools.lru_cache(maxsize=512)  # 424 sets can be told apart: every one is kept
def _set_group(key: _SetInfo) -> Group:
    """A set of a reading, by (kind, shape, open, melded), as a group: groups are values,
    so the readings results show share them (made when first shown, not at import)."""
    kind, shape, is_open, melded = key
    return Group(_GROUP_KINDS[shape], tile_of(kind), open=is_open, melded=melded)


_PAIRS = tuple(Group(GroupKind.PAIR, tile_of(kind)) for kind in range(34))
_SINGLES = tuple(Group(GroupKind.SINGLE, tile_of(kind)) for kind in range(34))


def _decomposition(reading: _Scored, sets: tuple[_SetInfo, ...]) -> Decomposition:
    """The reading (with its ``sets``) as the shapes layer writes it (its groups are valid
    by construction, so the value is filled directly, as ``evaluate`` fills its results).
    Raises InvalidHandError for a nagashi mangan, which has none."""
    if reading.win < 0:
        raise InvalidHandError("a nagashi mangan has no reading: it is scored whatever the hand")
    form = reading.form
    if form is Form.SEVEN_PAIRS:
        groups = tuple(_PAIRS[k] for k, _, _, _ in sets)
    elif form is Form.THIRTEEN_ORPHANS:
        groups = (_PAIRS[reading.pair], *(_SINGLES[k] for k, _, _, _ in sets))
    else:
        groups = (_PAIRS[reading.pair], *map(_set_group, sets))
    made: Decomposition = _new(Decomposition)
    _FILL(made, "form", form)
    _FILL(made, "groups", groups)
    return made


_FILL = object.__setattr__
