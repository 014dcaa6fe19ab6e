"""The scoring rules, written once: every yaku and every fu item, in the domain's words.

Each yaku is a small function of one reading of a win (a ``Win``: the hand read as a
pair and sets, or seven pairs, or thirteen orphans, with the winning tile placed in one
group) registered with its han, closed and open. Each fu item is a function of the same
``Win`` that returns the items it adds, each with its label. To add a yaku, write its
function here with ``@yaku(...)`` (see docs/adding-a-yaku.md).

These definitions are what a result's breakdown shows (``WinResult.fu_items``, the han
of ``WinResult.yaku_han``). ``evaluate`` itself scores with a fast kernel over per-suit
tables (``scoring._standard_readings``); the tests prove it equal to these definitions
on every closed one-suit win and on random wins under every preset of rules.

>>> from mahjong_core import Hand, Tile, WinContext
>>> win = next(wins(Hand.parse("234m567p23455s66z"), Tile.parse("6z"),
...                 WinContext(riichi=True, seat_wind="S")))
>>> yaku_of(win).names(), fu_of(win)
(['riichi', 'hatsu'], 40)
>>> fu_items(win)  # the ron completed the triplet of 6z: it counts as open
(('base', 20), ('closed ron', 10), ('open triplet of 6z', 4))
>>> tanyao.__doc__
'Only simples (2-8 of a suit); an open hand only where the rules allow open tanyao.'

"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Mapping
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

import attrs

from .rules import TENHOU_RULES, Renhou
from .shapes import Decomposition, Form, Group, GroupKind, Wait, WinningGroup
from .tile import Tile, tile_of
from .yaku import DOUBLE_YAKUMAN_FORMS, YAKUMAN, Yaku

if TYPE_CHECKING:
    from .context import WinContext
    from .hand import Hand
    from .rules import Rules

__all__ = ["AOTENJOU_CONTAINED", "FU_RULES", "HAN", "YAKU_RULES", "FuRule", "Win", "YakuRule",
           "fu", "fu_items", "fu_of", "set_fu", "wins", "yaku", "yaku_han", "yaku_of",
           "yakuman_han"]

# -- the tiles, by kind (0-8 man, 9-17 pin, 18-26 sou, 27-30 winds, 31-33 dragons) ---------

TERMINALS = frozenset({0, 8, 9, 17, 18, 26})
WINDS = frozenset(range(27, 31))
DRAGONS = frozenset(range(31, 34))
HONOURS = WINDS | DRAGONS
GREEN = frozenset({19, 20, 21, 23, 25, 32})
"""2, 3, 4, 6 and 8 of sou and hatsu: the tiles drawn in green only."""
_HAKU, _HATSU, _CHUN = 31, 32, 33
_NAME = tuple(str(tile_of(kind)) for kind in range(34))
"""Each kind's name in mpsz notation, as the fu items write it."""


_OPEN = operator.attrgetter("open")


def _is_triplet(group: Group) -> bool:
    return group.kind is GroupKind.TRIPLET or group.kind is GroupKind.KAN


@attrs.frozen
class Win:
    """One reading of a winning hand with the winning tile placed in it: what the rules
    read. ``winning_group`` names the group the winning tile completed and its wait."""

    reading: Decomposition
    winning_group: WinningGroup
    win_tile: Tile
    context: WinContext
    rules: Rules

    @property
    def form(self) -> Form:
        """Standard (four sets and a pair), seven pairs or thirteen orphans."""
        return self.reading.form

    @property
    def wait(self) -> Wait:
        """The wait the winning tile completed."""
        return self.winning_group.wait

    @property
    def tsumo(self) -> bool:
        """Won by self-draw (else by ron)."""
        return self.context.tsumo

    @cached_property
    def is_open(self) -> bool:
        """Some set was called from another player (a closed kan keeps a hand closed)."""
        return any(map(_OPEN, self.reading.groups))

    @property
    def pair(self) -> int:
        """The pair's kind (-1 for seven pairs)."""
        pair = self.reading.pair
        return -1 if pair is None else pair.kind

    @cached_property
    def sets(self) -> tuple[Group, ...]:
        """The runs, triplets and kans, melds included."""
        groups = self.reading.groups
        if self.form is Form.STANDARD and groups[0].kind is GroupKind.PAIR:
            return groups[1:]  # the pair first, then the sets (``Decomposition``)
        return self.reading.sets

    @cached_property
    def runs(self) -> tuple[int, ...]:
        """The first kind of each run."""
        return tuple(g.tile.kind for g in self.sets if g.kind is GroupKind.RUN)

    @cached_property
    def triplets(self) -> tuple[int, ...]:
        """The kind of each triplet or kan."""
        return tuple(g.tile.kind for g in self.sets if _is_triplet(g))

    @cached_property
    def kans(self) -> int:
        """How many kans, closed or open."""
        return sum(1 for g in self.sets if g.kind is GroupKind.KAN)

    @cached_property
    def concealed_triplets(self) -> int:
        """Triplets and kans not called from another player; the triplet a ron completed
        on a shanpon wait counts as open."""
        won = self.reading.groups[self.winning_group.group]
        return sum(1 for g in self.sets if _is_triplet(g) and not g.open
                   and not (g is won and self.wait is Wait.SHANPON and not self.tsumo))

    @cached_property
    def kinds(self) -> frozenset[int]:
        """Every kind the hand holds, melds included."""
        return frozenset(k for group in self.reading.groups for k in group.kinds)

    @cached_property
    def yaku(self) -> Yaku:
        """The yaku the win scores (``yaku_of``)."""
        return yaku_of(self)

    @cached_property
    def scores_pinfu(self) -> bool:
        """Pinfu is among the yaku the win scores (pinfu changes the fu items)."""
        return bool(self.yaku & Yaku.PINFU)

    @cached_property
    def nine_gates(self) -> str:
        """"pure", "plain" or "" (not nine gates): a closed hand of one suit holding
        1112345678999 and one more tile of it; pure when the thirteen tiles before the
        win were exactly those."""
        groups = self.reading.groups
        if self.form is not Form.STANDARD or any(g.melded for g in groups) \
                or len({k // 9 for k in self.kinds}) != 1 or self.kinds & HONOURS:
            return ""
        suit = min(self.kinds) // 9 * 9
        counts = [0] * 9
        for group in groups:
            for kind in group.kinds:
                counts[kind - suit] += 1
        if counts[0] < 3 or counts[8] < 3 or min(counts[1:8]) < 1:
            return ""
        counts[self.win_tile.kind - suit] -= 1
        return "pure" if counts == [3, 1, 1, 1, 1, 1, 1, 1, 3] else "plain"

    def ron_opens(self, group: Group) -> bool:
        """True for the triplet a ron completed on a shanpon wait (it scores as open)."""
        return (not self.tsumo and self.wait is Wait.SHANPON
                and group is self.reading.groups[self.winning_group.group])


def wins(hand: Hand, win_tile: Tile, context: WinContext, rules: Rules | None = None
         ) -> Iterator[Win]:
    """Every reading of ``hand`` with ``win_tile`` and every place of the winning tile in
    it, as the rules read them (``evaluate`` keeps the one that scores the most)."""
    table = TENHOU_RULES if rules is None else rules
    for reading in hand.add(win_tile).decompositions():
        for winning_group in reading.winning_groups(win_tile):
            yield Win(reading, winning_group, win_tile, context, table)


# -- yaku -----------------------------------------------------------------------------------


class YakuRule(NamedTuple):
    """One yaku: its flag, its han (closed, open; 0 open when it needs a closed hand)
    and the test of a win, whose docstring says the rule."""

    yaku: Yaku
    han: tuple[int, int]
    applies: Callable[[Win], bool]

    @property
    def says(self) -> str:
        """The rule in words (its definition's docstring)."""
        return " ".join((self.applies.__doc__ or "").split())


_RULES: list[YakuRule] = []


def yaku(member: Yaku, closed: int, open: int = 0
         ) -> Callable[[Callable[[Win], bool]], Callable[[Win], bool]]:
    """Register the function below as the definition of ``member`` with its han
    (``open=0``: only a closed hand scores it; a yakuman is ``closed=open=13``)."""

    def register(applies: Callable[[Win], bool]) -> Callable[[Win], bool]:
        _RULES.append(YakuRule(member, (closed, open), applies))
        return applies

    return register


# situational yaku: how the win was made


@yaku(Yaku.RIICHI, 1)
def riichi(win: Win) -> bool:
    """Riichi was declared (and not on the first turn, which is double riichi, nor open
    where the rules play open riichi)."""
    return win.context.riichi and not win.context.double_riichi and not _open_riichi(win)


@yaku(Yaku.DOUBLE_RIICHI, 2)
def double_riichi(win: Win) -> bool:
    """Riichi was declared on the first turn, before any call (and not open where the
    rules play open riichi)."""
    return win.context.double_riichi and not _open_riichi(win)


@yaku(Yaku.OPEN_RIICHI, 2)
def open_riichi(win: Win) -> bool:
    """Riichi was declared open, the hand shown, where the rules play open riichi (not on
    the first turn, which is double open riichi)."""
    return _open_riichi(win) and not win.context.double_riichi


@yaku(Yaku.DOUBLE_OPEN_RIICHI, 3)
def double_open_riichi(win: Win) -> bool:
    """Open riichi declared on the first turn, where the rules play open riichi."""
    return _open_riichi(win) and win.context.double_riichi


def _open_riichi(win: Win) -> bool:
    return win.context.open_riichi and win.rules.open_riichi


@yaku(Yaku.IPPATSU, 1)
def ippatsu(win: Win) -> bool:
    """The win came within one go-around of riichi, with no call in between."""
    return win.context.ippatsu


@yaku(Yaku.MENZEN_TSUMO, 1)
def menzen_tsumo(win: Win) -> bool:
    """A closed hand won by self-draw."""
    return win.tsumo


@yaku(Yaku.PINFU, 1)
def pinfu(win: Win) -> bool:
    """A closed hand of four runs and a pair worth no fu (not a dragon, the seat wind or
    the round wind), won on a two-sided wait."""
    return (win.form is Form.STANDARD and len(win.runs) == 4 and win.wait is Wait.RYANMEN
            and _pair_fu(win) == 0)


@yaku(Yaku.TANYAO, 1, 1)
def tanyao(win: Win) -> bool:
    """Only simples (2-8 of a suit); an open hand only where the rules allow open tanyao."""
    return (not win.kinds & (TERMINALS | HONOURS)
            and (not win.is_open or win.rules.open_tanyao))


@yaku(Yaku.IIPEIKOU, 1)
def iipeikou(win: Win) -> bool:
    """A closed hand with two identical runs (but not two such pairs: ryanpeikou)."""
    return _identical_run_pairs(win) == 1


@yaku(Yaku.HAKU, 1, 1)
def haku(win: Win) -> bool:
    """A triplet or kan of white dragons."""
    return _HAKU in win.triplets


@yaku(Yaku.HATSU, 1, 1)
def hatsu(win: Win) -> bool:
    """A triplet or kan of green dragons."""
    return _HATSU in win.triplets


@yaku(Yaku.CHUN, 1, 1)
def chun(win: Win) -> bool:
    """A triplet or kan of red dragons."""
    return _CHUN in win.triplets


@yaku(Yaku.SEAT_WIND, 1, 1)
def seat_wind(win: Win) -> bool:
    """A triplet or kan of the winner's seat wind."""
    return 27 + win.context.seat_wind in win.triplets


@yaku(Yaku.ROUND_WIND, 1, 1)
def round_wind(win: Win) -> bool:
    """A triplet or kan of the round's wind."""
    return 27 + win.context.round_wind in win.triplets


@yaku(Yaku.RINSHAN, 1, 1)
def rinshan(win: Win) -> bool:
    """Won by self-draw on the replacement tile after a kan."""
    return win.context.rinshan


@yaku(Yaku.CHANKAN, 1, 1)
def chankan(win: Win) -> bool:
    """Won by robbing the tile another player added to a pon to make a kan."""
    return win.context.chankan


@yaku(Yaku.HAITEI, 1, 1)
def haitei(win: Win) -> bool:
    """Won by self-draw on the last tile of the wall."""
    return win.context.haitei


@yaku(Yaku.HOUTEI, 1, 1)
def houtei(win: Win) -> bool:
    """Won by ron on the last discard."""
    return win.context.houtei


@yaku(Yaku.CHIITOITSU, 2)
def chiitoitsu(win: Win) -> bool:
    """Seven different pairs."""
    return win.form is Form.SEVEN_PAIRS


@yaku(Yaku.CHANTA, 2, 1)
def chanta(win: Win) -> bool:
    """Every set and the pair hold a terminal or an honour, with at least one run and
    one honour."""
    return _every_group_holds(win, TERMINALS | HONOURS) and bool(win.kinds & HONOURS)


@yaku(Yaku.ITTSU, 2, 1)
def ittsu(win: Win) -> bool:
    """The runs 123, 456 and 789 of one suit."""
    runs = set(win.runs)
    return any({first, first + 3, first + 6} <= runs for first in (0, 9, 18))


@yaku(Yaku.SANSHOKU, 2, 1)
def sanshoku(win: Win) -> bool:
    """The same run in each of the three suits."""
    runs = set(win.runs)
    return any({rank, 9 + rank, 18 + rank} <= runs for rank in range(7))


@yaku(Yaku.SANSHOKU_DOUKOU, 2, 2)
def sanshoku_doukou(win: Win) -> bool:
    """Triplets (or kans) of the same number in each of the three suits."""
    triplets = set(win.triplets)
    return any({rank, 9 + rank, 18 + rank} <= triplets for rank in range(9))


@yaku(Yaku.SANANKOU, 2, 2)
def sanankou(win: Win) -> bool:
    """Three concealed triplets or kans (a triplet completed by ron is not concealed)."""
    return win.concealed_triplets == 3


@yaku(Yaku.SANKANTSU, 2, 2)
def sankantsu(win: Win) -> bool:
    """Three kans."""
    return win.kans == 3


@yaku(Yaku.TOITOI, 2, 2)
def toitoi(win: Win) -> bool:
    """Four triplets or kans and a pair: no run."""
    return win.form is Form.STANDARD and not win.runs


@yaku(Yaku.HONROUTOU, 2, 2)
def honroutou(win: Win) -> bool:
    """Only terminals and honours, both of them."""
    kinds = win.kinds
    return kinds <= TERMINALS | HONOURS and bool(kinds & TERMINALS) and bool(kinds & HONOURS)


@yaku(Yaku.SHOUSANGEN, 2, 2)
def shousangen(win: Win) -> bool:
    """Two triplets of dragons and a pair of the third."""
    return win.pair in DRAGONS and len(DRAGONS.intersection(win.triplets)) == 2


@yaku(Yaku.RYANPEIKOU, 3)
def ryanpeikou(win: Win) -> bool:
    """A closed hand with two pairs of identical runs."""
    return _identical_run_pairs(win) == 2


@yaku(Yaku.JUNCHAN, 3, 2)
def junchan(win: Win) -> bool:
    """Every set and the pair hold a terminal, with at least one run and no honour."""
    return _every_group_holds(win, TERMINALS) and not win.kinds & HONOURS


@yaku(Yaku.HONITSU, 3, 2)
def honitsu(win: Win) -> bool:
    """One suit with honours."""
    return _suits(win) == 1 and bool(win.kinds & HONOURS)


@yaku(Yaku.CHINITSU, 6, 5)
def chinitsu(win: Win) -> bool:
    """One suit and nothing else."""
    return _suits(win) == 1 and not win.kinds & HONOURS


# yakuman (13 han each; the four double forms count twice under double-yakuman rules)


@yaku(Yaku.TENHOU, 13, 13)
def tenhou(win: Win) -> bool:
    """The dealer wins on the first draw."""
    return win.context.tenhou


@yaku(Yaku.CHIIHOU, 13, 13)
def chiihou(win: Win) -> bool:
    """A non-dealer wins on the first draw, before any call."""
    return win.context.chiihou


@yaku(Yaku.RENHOU, 13, 13)
def renhou(win: Win) -> bool:
    """A non-dealer wins by ron before the first draw, where the rules make renhou a
    yakuman."""
    return win.context.renhou and win.rules.renhou is Renhou.YAKUMAN


@yaku(Yaku.RENHOU_MANGAN, 5)
def renhou_mangan(win: Win) -> bool:
    """A non-dealer wins by ron before the first draw, where the rules make renhou a
    yaku of 5 han."""
    return win.context.renhou and win.rules.renhou is Renhou.MANGAN


@yaku(Yaku.NAGASHI_MANGAN, 5, 5)
def nagashi_mangan(win: Win) -> bool:
    """Every discard a terminal or an honour, none called, at the exhaustive draw: a
    mangan whatever the hand (``scoring.nagashi_mangan`` scores it)."""
    return win.context.nagashi


@yaku(Yaku.KOKUSHI, 13, 13)
def kokushi(win: Win) -> bool:
    """Thirteen orphans: one of each terminal and honour and a pair of one of them."""
    return win.wait is Wait.KOKUSHI


@yaku(Yaku.KOKUSHI_13, 13, 13)
def kokushi_13(win: Win) -> bool:
    """Thirteen orphans waiting on all thirteen kinds (the pair is the winning tile)."""
    return win.wait is Wait.KOKUSHI_13


@yaku(Yaku.SUUANKOU, 13, 13)
def suuankou(win: Win) -> bool:
    """Four concealed triplets or kans, the last not completed on a single wait."""
    return win.concealed_triplets == 4 and win.wait is not Wait.TANKI


@yaku(Yaku.SUUANKOU_TANKI, 13, 13)
def suuankou_tanki(win: Win) -> bool:
    """Four concealed triplets or kans, won on the pair's single wait."""
    return win.concealed_triplets == 4 and win.wait is Wait.TANKI


@yaku(Yaku.DAISANGEN, 13, 13)
def daisangen(win: Win) -> bool:
    """Triplets or kans of all three dragons."""
    return set(win.triplets) >= DRAGONS


@yaku(Yaku.SHOUSUUSHII, 13, 13)
def shousuushii(win: Win) -> bool:
    """Triplets of three winds and a pair of the fourth."""
    return win.pair in WINDS and len(WINDS.intersection(win.triplets)) == 3


@yaku(Yaku.DAISUUSHII, 13, 13)
def daisuushii(win: Win) -> bool:
    """Triplets or kans of all four winds."""
    return set(win.triplets) >= WINDS


@yaku(Yaku.TSUUIISOU, 13, 13)
def tsuuiisou(win: Win) -> bool:
    """Only honours."""
    return win.kinds <= HONOURS


@yaku(Yaku.RYUUIISOU, 13, 13)
def ryuuiisou(win: Win) -> bool:
    """Only green tiles: 2, 3, 4, 6, 8 of sou and hatsu."""
    return win.kinds <= GREEN


@yaku(Yaku.CHINROUTOU, 13, 13)
def chinroutou(win: Win) -> bool:
    """Only terminals."""
    return win.kinds <= TERMINALS


@yaku(Yaku.CHUUREN, 13, 13)
def chuuren(win: Win) -> bool:
    """Nine gates: a closed hand of one suit holding 1112345678999 and one more tile of
    that suit, the thirteen before the win not being those thirteen exactly."""
    return win.nine_gates == "plain"


@yaku(Yaku.JUNSEI_CHUUREN, 13, 13)
def junsei_chuuren(win: Win) -> bool:
    """Pure nine gates: the thirteen tiles before the win were 1112345678999 of one
    suit, so every tile of the suit won."""
    return win.nine_gates == "pure"


@yaku(Yaku.SUUKANTSU, 13, 13)
def suukantsu(win: Win) -> bool:
    """Four kans."""
    return win.kans == 4


@yaku(Yaku.DAISHARIN, 13, 13)
def daisharin(win: Win) -> bool:
    """Two each of 2-8 of pin, closed, where the rules play daisharin."""
    return win.rules.daisharin and _wheels(win) == 1


@yaku(Yaku.DAISUURIN, 13, 13)
def daisuurin(win: Win) -> bool:
    """Two each of 2-8 of man, closed, where the rules play daisharin in every suit."""
    return win.rules.daisharin_all_suits and _wheels(win) == 0


@yaku(Yaku.DAICHIKURIN, 13, 13)
def daichikurin(win: Win) -> bool:
    """Two each of 2-8 of sou, closed, where the rules play daisharin in every suit."""
    return win.rules.daisharin_all_suits and _wheels(win) == 2


@yaku(Yaku.DAICHISEI, 13, 13)
def daichisei(win: Win) -> bool:
    """Seven pairs of the seven honours, where the rules play daichisei (a yakuman
    beside tsuuiisou)."""
    return win.rules.daichisei and win.form is Form.SEVEN_PAIRS and win.kinds <= HONOURS


@yaku(Yaku.SASHIKOMI, 13, 13)
def sashikomi(win: Win) -> bool:
    """A ron on an open riichi from a player not in riichi, where the rules make it a
    yakuman."""
    return (win.rules.open_riichi_sashikomi and _open_riichi(win) and not win.tsumo
            and not win.context.discarder_in_riichi)


@yaku(Yaku.PAARENCHAN, 13, 13)
def paarenchan(win: Win) -> bool:
    """The dealer's eighth win in a row, where the rules play paarenchan: as many yakuman
    as the situation's ``paarenchan`` counts (``yaku_of`` drops it from a hand without
    another yaku where the rules want one)."""
    return win.rules.paarenchan and win.context.paarenchan > 0


# what several yaku ask


def _wheels(win: Win) -> int:
    """The suit (0 man, 1 pin, 2 sou) of a closed hand of two each of its 2-8, else -1."""
    groups = win.reading.groups
    if any(g.melded for g in groups):
        return -1
    kinds = [k for g in groups for k in g.kinds]
    first = min(kinds)
    if first % 9 != 1 or first >= 27 or sorted(kinds) != [first + i // 2 for i in range(14)]:
        return -1
    return first // 9


def _suits(win: Win) -> int:
    """How many of the three suits the hand holds."""
    return len({k // 9 for k in win.kinds if k < 27})


def _identical_run_pairs(win: Win) -> int:
    """Pairs of identical runs (two for 223344m 223344p or for four identical runs)."""
    runs = win.runs
    return sum(runs.count(first) // 2 for first in set(runs))


def _every_group_holds(win: Win, kinds: frozenset[int]) -> bool:
    """Chanta and junchan: a standard hand with a run, every group holding one of
    ``kinds``."""
    return (win.form is Form.STANDARD and bool(win.runs)
            and all(kinds.intersection(g.kinds) for g in win.reading.groups))


YAKU_RULES: tuple[YakuRule, ...] = tuple(sorted(_RULES, key=lambda rule: int(rule.yaku)))
"""Every yaku's definition, in flag order."""

HAN: Mapping[Yaku, tuple[int, int]] = MappingProxyType({r.yaku: r.han for r in YAKU_RULES})
"""Han of each yaku as (closed, open); 0 open means the yaku needs a closed hand.
Yakuman are listed with 13 (one yakuman); see ``DOUBLE_YAKUMAN_FORMS``."""


def yaku_of(win: Win) -> Yaku:
    """The yaku of a win by the definitions: each that applies (in a closed hand, or
    open where it has open han); when a yakuman applies, only the yakuman count
    (under aotenjou, beside the other yaku less those the yakuman contain). Paarenchan
    needs another yaku where ``Rules.paarenchan_needs_yaku`` says so."""
    found = Yaku(0)
    side = 1 if win.is_open else 0
    for rule in YAKU_RULES:
        if rule.han[side] and rule.applies(win):
            found |= rule.yaku
    if found == Yaku.PAARENCHAN and win.rules.paarenchan_needs_yaku:
        return Yaku(0)
    if win.rules.aotenjou:  # thirteen orphans: its yakuman alone, as without aotenjou
        if win.form is Form.THIRTEEN_ORPHANS:
            return found & YAKUMAN
        return found & ~_contained(found)
    return found & YAKUMAN or found


def _contained(found: Yaku) -> Yaku:
    """The yaku that the yakuman found contain, which aotenjou does not count twice."""
    dropped = Yaku(0)
    for yakuman, within in AOTENJOU_CONTAINED.items():
        if found & yakuman:
            dropped |= within
    return dropped


AOTENJOU_CONTAINED: Mapping[Yaku, Yaku] = MappingProxyType({
    Yaku.DAISANGEN: Yaku.HAKU | Yaku.HATSU | Yaku.CHUN | Yaku.SHOUSANGEN,
    Yaku.TSUUIISOU: Yaku.TOITOI | Yaku.HONROUTOU,
    Yaku.DAISUUSHII: Yaku.TOITOI,
    Yaku.SUUANKOU: Yaku.TOITOI | Yaku.SANANKOU,
    Yaku.SUUANKOU_TANKI: Yaku.TOITOI | Yaku.SANANKOU,
    Yaku.CHINROUTOU: Yaku.TOITOI | Yaku.HONROUTOU,
    Yaku.SUUKANTSU: Yaku.TOITOI | Yaku.SANKANTSU,
    Yaku.CHUUREN: Yaku.CHINITSU,
    Yaku.JUNSEI_CHUUREN: Yaku.CHINITSU,
    Yaku.DAISHARIN: Yaku.CHINITSU | Yaku.PINFU | Yaku.TANYAO | Yaku.RYANPEIKOU | Yaku.CHIITOITSU,
    Yaku.DAISUURIN: Yaku.CHINITSU | Yaku.PINFU | Yaku.TANYAO | Yaku.RYANPEIKOU | Yaku.CHIITOITSU,
    Yaku.DAICHIKURIN: Yaku.CHINITSU | Yaku.PINFU | Yaku.TANYAO | Yaku.RYANPEIKOU
    | Yaku.CHIITOITSU,
    Yaku.RYUUIISOU: Yaku.HONITSU,
})
"""Under aotenjou, each yakuman and the yaku it contains, which are not counted beside
it (daisangen holds its three dragon triplets, suuankou its three concealed ones)."""


def yaku_han(win: Win) -> tuple[tuple[Yaku, int], ...]:
    """Each yaku of a win with its han: 13 a yakuman (26 for a double form under
    double-yakuman rules, 13 for each paarenchan counted; without yakuman stacking only
    the first of the largest)."""
    found = win.yaku
    side = 1 if win.is_open else 0
    if found & YAKUMAN:
        counted = [(y, yakuman_han(y, win.context, win.rules)) for y in (found & YAKUMAN).members()]
        if not win.rules.yakuman_stacking and not win.rules.aotenjou:
            counted = [max(counted, key=lambda pair: pair[1])]
        ordinary = [(y, HAN[y][side]) for y in (found & ~YAKUMAN).members()]
        return tuple(sorted(counted + ordinary, key=lambda pair: int(pair[0])))
    return tuple((y, HAN[y][side]) for y in found.members())


def yakuman_han(yakuman: Yaku, context: WinContext, rules: Rules) -> int:
    """The han of one yakuman: 13, 26 for a double form under double-yakuman rules, 13
    for each paarenchan the situation counts."""
    if yakuman is Yaku.PAARENCHAN:
        return 13 * context.paarenchan
    return 26 if rules.double_yakuman and yakuman & DOUBLE_YAKUMAN_FORMS else 13


# -- fu -------------------------------------------------------------------------------------

FuItems = tuple[tuple[str, int], ...]


class FuRule(NamedTuple):
    """One fu item: the items it adds to a win, given the fu counted before it; the
    docstring of ``items`` says the rule."""

    name: str
    items: Callable[[Win, int], FuItems]


_FU: list[FuRule] = []


def fu(name: str) -> Callable[[Callable[[Win, int], FuItems]], Callable[[Win, int], FuItems]]:
    """Register the function below as the fu item ``name`` (items are counted in the
    order they are registered)."""

    def register(items: Callable[[Win, int], FuItems]) -> Callable[[Win, int], FuItems]:
        _FU.append(FuRule(name, items))
        return items

    return register


@fu("base")
def base_fu(win: Win, counted: int) -> FuItems:
    """Every hand of four sets and a pair starts from 20 fu."""
    return (("base", 20),)


@fu("closed ron")
def closed_ron_fu(win: Win, counted: int) -> FuItems:
    """A closed hand won by ron: 10 fu."""
    return () if win.is_open or win.tsumo else (("closed ron", 10),)


@fu("tsumo")
def tsumo_fu(win: Win, counted: int) -> FuItems:
    """Winning by self-draw: 2 fu, but none for pinfu (unless the rules give pinfu the
    tsumo fu), nor on a kan's replacement tile where the rules give rinshan no tsumo fu."""
    if not win.tsumo or (win.scores_pinfu and not win.rules.pinfu_tsumo_fu):
        return ()
    if win.context.rinshan and not win.rules.rinshan_tsumo_fu:
        return ()
    return (("tsumo", 2),)


@fu("wait")
def wait_fu(win: Win, counted: int) -> FuItems:
    """A closed (kanchan), edge (penchan) or single (tanki) wait: 2 fu."""
    if win.wait in (Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI):
        return ((f"{win.wait.value} wait", 2),)
    return ()


def _pair_fu(win: Win) -> int:
    pair, ctx = win.pair, win.context
    seat, round_ = 27 + ctx.seat_wind, 27 + ctx.round_wind
    if pair in DRAGONS:
        return 2
    if pair == seat == round_:
        return win.rules.double_wind_pair_fu
    return 2 if pair in (seat, round_) else 0


@fu("pair")
def pair_fu(win: Win, counted: int) -> FuItems:
    """A pair of dragons, of the seat wind or of the round wind: 2 fu; of a wind that is
    both, the rules' double-wind fu (4 or 2)."""
    value = _pair_fu(win)
    if not value:
        return ()
    ctx = win.context
    double = " (double wind)" if win.pair == 27 + ctx.seat_wind == 27 + ctx.round_wind else ""
    return ((f"pair of {_NAME[win.pair]}{double}", value),)


def set_fu(terminal_or_honour: bool, concealed: bool, kan: bool) -> int:
    """A triplet's fu: 2, doubled for a terminal or honour, doubled when concealed, four
    times for a kan."""
    return 2 * (2 if terminal_or_honour else 1) * (2 if concealed else 1) * (4 if kan else 1)


@fu("sets")
def triplet_fu(win: Win, counted: int) -> FuItems:
    """Each triplet and kan: ``set_fu`` (a triplet a ron completed on a shanpon wait is
    an open one); runs are worth nothing."""
    items = []
    for group in win.sets:
        if not _is_triplet(group):
            continue
        kind, kan = group.tile.kind, group.kind is GroupKind.KAN
        opened = group.open or win.ron_opens(group)
        items.append((f"{'open' if opened else 'closed'} {'kan' if kan else 'triplet'} "
                      f"of {_NAME[kind]}",
                      set_fu(kind in TERMINALS or kind in HONOURS, not opened, kan)))
    return tuple(items)


@fu("open pinfu-shaped ron")
def at_least_thirty(win: Win, counted: int) -> FuItems:
    """A hand that is not pinfu and counts no more than 20 fu (an open hand of runs won
    by ron on a two-sided wait) gets 10 fu, so that it scores 30, where the rules score
    it 30 (``Rules.open_pinfu_fu``)."""
    if counted > 20 or win.rules.open_pinfu_fu == 20 or win.scores_pinfu:
        return ()
    return (("open pinfu-shaped ron", 10),)


FU_RULES: tuple[FuRule, ...] = tuple(_FU)
"""Every fu item of a hand of four sets and a pair, in the order they are counted."""


def fu_items(win: Win) -> FuItems:
    """The fu breakdown of a win, before rounding: seven pairs is 25 fu, thirteen
    orphans none (under aotenjou, where fu pay: 20, 10 for the closed ron or 2 for the
    tsumo, 2 for the single wait), a standard hand the items of ``FU_RULES``."""
    if win.form is Form.SEVEN_PAIRS:
        return (("seven pairs", 25),)
    if win.form is Form.THIRTEEN_ORPHANS:
        if not win.rules.aotenjou:
            return ()
        return (("base", 20), ("tsumo", 2) if win.tsumo else ("closed ron", 10),
                ("tanki wait", 2))
    items: FuItems = ()
    counted = 0
    for rule in FU_RULES:
        added = rule.items(win, counted)
        if added:
            items += added
            counted += sum(value for _, value in added)
    return items


def fu_of(win: Win) -> int:
    """The fu a win scores: its items' sum, rounded up to 10 (seven pairs stays 25)."""
    total = sum(value for _, value in fu_items(win))
    return total if win.form is Form.SEVEN_PAIRS else -(-total // 10) * 10
