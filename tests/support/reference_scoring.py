"""A plain reference scorer for differential tests of ``mahjong_core.scoring``.

It reads a hand through the public ``Hand.decompositions()`` (itself proven against brute
force) and scores each reading with straightforward code: no per-suit tables, no bit
tricks. It returns the fields the fast scorer must agree on.
"""

from __future__ import annotations

import attrs

from mahjong_core import (
    Form,
    Group,
    GroupKind,
    Hand,
    Renhou,
    Rules,
    Tile,
    Wait,
    WinContext,
    Yaku,
)
from mahjong_core.meld import Meld, MeldKind
from mahjong_core.points import limit_of, payments_for
from mahjong_core.tile import tile_of
from mahjong_core.yaku import DOUBLE_YAKUMAN_FORMS, HAN, YAKUMAN


@attrs.frozen
class Reference:
    """What the reference scorer found: the fields compared with ``evaluate``."""

    yaku: Yaku
    han: int
    fu: int
    points: int
    total: int
    counted_fu: int
    """The fu the chosen reading counts before rounding (``counted_fu`` of its items): of
    readings that score alike, a scorer writes the one that counts the most."""


_OPEN_PINFU_SHAPE = "open pinfu-shaped ron"


def counted_fu(items: tuple[tuple[str, int], ...]) -> int:
    """The fu a breakdown counts before rounding: its items, less the 10 that lift an
    open hand of 20 fu won by ron to 30 (a minimum, as the rounding is)."""
    return sum(value for name, value in items if name != _OPEN_PINFU_SHAPE)


# -- tile classes as kind masks -------------------------------------------------------

_HONOURS = sum(1 << k for k in range(27, 34))
_TERMINALS = sum(1 << k for k in (0, 8, 9, 17, 18, 26))
_YAOCHUU = _HONOURS | _TERMINALS
_GREEN = sum(1 << k for k in (19, 20, 21, 23, 25, 32))
_SUIT_MASKS = tuple(sum(1 << k for k in range(9 * s, 9 * s + 9)) for s in range(3))
_DRAGON_YAKU = {31: Yaku.HAKU, 32: Yaku.HATSU, 33: Yaku.CHUN}
_RUN, _TRIPLET, _KAN = 0, 1, 2


@attrs.frozen
class _Set:
    kind: int
    shape: int  # _RUN, _TRIPLET or _KAN
    open: bool
    melded: bool


def _is_yaochuu_set(s: _Set) -> bool:
    if s.shape == _RUN:
        return s.kind % 9 in (0, 6)
    return bool((_YAOCHUU >> s.kind) & 1)


def _is_terminal_set(s: _Set) -> bool:
    if s.shape == _RUN:
        return s.kind % 9 in (0, 6)
    return bool((_TERMINALS >> s.kind) & 1)


class _Evaluator:
    """State of one evaluation (never shared between calls)."""

    def __init__(self, hand: Hand, win: Tile, ctx: WinContext, rules: Rules) -> None:
        self.hand = hand
        self.win = win.kind
        self.ctx = ctx
        self.rules = rules
        self.full = hand.add(win)
        self.counts = list(self.full.counts34())
        self.is_open = not hand.is_closed
        all_counts = list(self.counts)
        present = 0
        reds = 0
        for tile in self.full.tiles:
            reds += tile.red
        for meld in hand.melds:
            for tile in meld.tiles:
                all_counts[tile.kind] += 1
                reds += tile.red
        for kind, n in enumerate(all_counts):
            if n:
                present |= 1 << kind
        self.present = present
        self.all_counts = all_counts
        self.aka = reds if rules.red_fives else 0
        self.dora = sum(all_counts[t.dora_next().kind] for t in ctx.dora_indicators)
        ura = sum(all_counts[t.dora_next().kind] for t in ctx.ura_indicators)
        self.ura = ura if ctx.in_riichi else 0
        self.meld_sets = [self._meld_set(m.kind, m.first.kind) for m in hand.melds]
        self.situational = self._situational()
        self.best: tuple[tuple[int, int, int, int, int], Reference] | None = None
        self.had_complete = False

    @staticmethod
    def _meld_set(kind: MeldKind, first: int) -> _Set:
        if kind is MeldKind.CHI:
            return _Set(first, _RUN, True, True)
        if kind is MeldKind.PON:
            return _Set(first, _TRIPLET, True, True)
        return _Set(first, _KAN, kind is not MeldKind.ANKAN, True)

    def _situational(self) -> Yaku:
        ctx = self.ctx
        y = Yaku(0)
        shown = ctx.open_riichi and self.rules.open_riichi
        if ctx.double_riichi:
            y |= Yaku.DOUBLE_OPEN_RIICHI if shown else Yaku.DOUBLE_RIICHI
        elif ctx.riichi:
            y |= Yaku.OPEN_RIICHI if shown else Yaku.RIICHI
        if ctx.renhou and self.rules.renhou is Renhou.MANGAN:
            y |= Yaku.RENHOU_MANGAN
        if ctx.ippatsu:
            y |= Yaku.IPPATSU
        if ctx.tsumo and not self.is_open:
            y |= Yaku.MENZEN_TSUMO
        if ctx.rinshan:
            y |= Yaku.RINSHAN
        if ctx.chankan:
            y |= Yaku.CHANKAN
        if ctx.haitei:
            y |= Yaku.HAITEI
        if ctx.houtei:
            y |= Yaku.HOUTEI
        return y

    def _situational_yakuman(self) -> Yaku:
        ctx = self.ctx
        y = Yaku(0)
        if ctx.tenhou:
            y |= Yaku.TENHOU
        if ctx.chiihou:
            y |= Yaku.CHIIHOU
        if ctx.renhou and self.rules.renhou is Renhou.YAKUMAN:
            y |= Yaku.RENHOU
        if (ctx.open_riichi and self.rules.open_riichi_sashikomi and not ctx.tsumo
                and not ctx.discarder_in_riichi):
            y |= Yaku.SASHIKOMI
        return y

    def _count_yakuman(self) -> Yaku:
        """Yakuman that depend only on which tiles the hand holds."""
        present = self.present
        y = Yaku(0)
        if not present & ~_HONOURS:
            y |= Yaku.TSUUIISOU
        if not present & ~_TERMINALS:
            y |= Yaku.CHINROUTOU
        if not present & ~_GREEN:
            y |= Yaku.RYUUIISOU
        if not self.hand.melds:
            for s in range(3):
                if not present & ~_SUIT_MASKS[s]:
                    c = self.counts[9 * s:9 * s + 9]
                    if (c[0] >= 3 and c[8] >= 3 and all(n >= 1 for n in c[1:8])):
                        before = list(c)
                        before[self.win - 9 * s] -= 1
                        if before == [3, 1, 1, 1, 1, 1, 1, 1, 3]:
                            y |= Yaku.JUNSEI_CHUUREN
                        else:
                            y |= Yaku.CHUUREN
        return y

    # -- candidates ---------------------------------------------------------------------

    def offer(self, yaku: Yaku, fu: int, fu_items: tuple[tuple[str, int], ...],
              groups: tuple[Group, ...], form: Form, wait: Wait) -> None:
        """Score one reading and placement and keep it if it is the best so far."""
        rules, ctx = self.rules, self.ctx
        self.had_complete = True
        if ctx.paarenchan and rules.paarenchan and (yaku or not rules.paarenchan_needs_yaku):
            yaku |= Yaku.PAARENCHAN
        yakuman_flags = yaku & YAKUMAN
        if yakuman_flags:
            parts = []
            count = 0
            for y in Yaku:
                if y & yakuman_flags:
                    n = 2 if (rules.double_yakuman and y & DOUBLE_YAKUMAN_FORMS) else 1
                    parts.append((y, 13 * (ctx.paarenchan if y is Yaku.PAARENCHAN else n)))
            if not rules.yakuman_stacking:
                parts = [max(parts, key=lambda p: p[1])]
            count = sum(n for _, n in parts) // 13
            if rules.yakuman_limit:
                count = min(count, rules.yakuman_limit)
            liable = 0
            base = limit_of(0, fu, count, rules)[1]
            if rules.pao and ctx.pao is not None:
                liable = sum(n for y, n in parts if y & (Yaku.DAISANGEN | Yaku.DAISUUSHII))
                if liable:
                    liable = base if rules.pao_whole_hand else liable // 13 * 8000
            han = 13 * count
            flags = Yaku(0)
            for y, _ in parts:
                flags |= y
            result_yaku = tuple(parts)
            dora = aka = ura = 0
        else:
            if not yaku:
                return
            is_open = self.is_open
            result_yaku = tuple((y, HAN[y][is_open]) for y in Yaku if y & yaku)
            dora, aka, ura = self.dora, self.aka, self.ura
            han = sum(h for _, h in result_yaku) + dora + aka + ura
            base = limit_of(han, fu, 0, rules)[1]
            flags = yaku
            count = 0
            liable = 0
        points, payments = payments_for(
            base, dealer=ctx.is_dealer, tsumo=ctx.tsumo, honba=ctx.honba,
            riichi_sticks=ctx.riichi_sticks, liable_base=liable, rules=rules)
        # yakuman beat kazoe; then more han, more fu, more fu before rounding
        key = (points, 1 if yakuman_flags else 0, han, fu, counted_fu(fu_items))
        if self.best is not None and self.best[0] >= key:
            return
        result = Reference(flags, han, fu, points, payments.total, counted_fu(fu_items))
        self.best = (key, result)

    # -- forms ----------------------------------------------------------------------------

    def kokushi(self) -> None:
        c = self.counts
        if self.hand.melds or any(c[k] for k in range(34) if not (_YAOCHUU >> k) & 1):
            return
        kinds = [k for k in range(34) if (_YAOCHUU >> k) & 1]
        if not all(c[k] for k in kinds):
            return
        pair = next(k for k in kinds if c[k] == 2)
        thirteen = pair == self.win
        yaku = (Yaku.KOKUSHI_13 if thirteen else Yaku.KOKUSHI) | self._situational_yakuman()
        groups = (Group(GroupKind.PAIR, tile_of(pair)),
                  *(Group(GroupKind.SINGLE, tile_of(k)) for k in kinds if k != pair))
        self.offer(yaku, 0, (), groups, Form.THIRTEEN_ORPHANS,
                   Wait.KOKUSHI_13 if thirteen else Wait.KOKUSHI)

    def chiitoitsu(self) -> None:
        c = self.counts
        if self.hand.melds or c.count(2) != 7:
            return
        pairs = [k for k in range(34) if c[k] == 2]
        groups = tuple(Group(GroupKind.PAIR, tile_of(k)) for k in pairs)
        yakuman = self._situational_yakuman()
        if not self.present & ~_HONOURS:
            yakuman |= Yaku.TSUUIISOU
        if yakuman:
            self.offer(yakuman, 25, (("seven pairs", 25),), groups, Form.SEVEN_PAIRS,
                       Wait.TANKI)
            return
        yaku = self.situational | Yaku.CHIITOITSU | self._colour_yaku()
        present = self.present
        if not present & _YAOCHUU:
            if self.rules.open_tanyao or not self.is_open:
                yaku |= Yaku.TANYAO
        elif not present & ~_YAOCHUU:
            yaku |= Yaku.HONROUTOU
        self.offer(yaku, 25, (("seven pairs", 25),), groups, Form.SEVEN_PAIRS, Wait.TANKI)

    def _colour_yaku(self) -> Yaku:
        present = self.present
        suits = [s for s in range(3) if present & _SUIT_MASKS[s]]
        if len(suits) == 1:
            return Yaku.HONITSU if present & _HONOURS else Yaku.CHINITSU
        return Yaku(0)

    def standard(self) -> None:
        base_yakuman = self._situational_yakuman() | self._count_yakuman()
        colour = self._colour_yaku()
        shapes = {GroupKind.RUN: _RUN, GroupKind.TRIPLET: _TRIPLET, GroupKind.KAN: _KAN}
        for reading in self.full.decompositions():
            if reading.form is not Form.STANDARD:
                continue
            pair = reading.groups[0].tile.kind
            sets = [_Set(g.tile.kind, shapes[g.kind], g.open, g.melded) for g in reading.sets]
            self._reading(pair, sets, base_yakuman, colour)

    def _reading(self, pair: int, sets: list[_Set], base_yakuman: Yaku, colour: Yaku) -> None:
        ctx, rules, win = self.ctx, self.rules, self.win
        sets.sort(key=lambda s: (s.kind, s.shape, s.melded))
        groups = (Group(GroupKind.PAIR, tile_of(pair)), *(_group(s) for s in sets))
        # where the winning tile can sit: (index into groups, wait)
        placements: list[tuple[int, Wait]] = []
        if pair == win:
            placements.append((0, Wait.TANKI))
        seen: set[tuple[int, int]] = set()
        for i, s in enumerate(sets):
            if s.melded or (s.kind, s.shape) in seen:
                continue
            if s.shape == _TRIPLET and s.kind == win:
                placements.append((i + 1, Wait.SHANPON))
            elif s.shape == _RUN and s.kind <= win <= s.kind + 2:
                rank = s.kind % 9
                if win == s.kind + 1:
                    wait = Wait.KANCHAN
                elif win == s.kind:
                    wait = Wait.PENCHAN if rank == 6 else Wait.RYANMEN
                else:
                    wait = Wait.PENCHAN if rank == 0 else Wait.RYANMEN
                placements.append((i + 1, wait))
            else:
                continue
            seen.add((s.kind, s.shape))

        # reading-level facts
        seat, round_ = 27 + ctx.seat_wind, 27 + ctx.round_wind
        dragons = sum(1 for s in sets if s.shape and s.kind >= 31)
        winds = sum(1 for s in sets if s.shape and 27 <= s.kind <= 30)
        runs = [s.kind for s in sets if s.shape == _RUN]
        triplets = [s.kind for s in sets if s.shape]
        kans = sum(1 for s in sets if s.shape == _KAN)

        yakuman = base_yakuman
        if dragons == 3:
            yakuman |= Yaku.DAISANGEN
        if winds == 4:
            yakuman |= Yaku.DAISUUSHII
        elif winds == 3 and 27 <= pair <= 30:
            yakuman |= Yaku.SHOUSUUSHII
        if kans == 4:
            yakuman |= Yaku.SUUKANTSU

        yaku = self.situational | colour
        if dragons == 2 and pair >= 31:
            yaku |= Yaku.SHOUSANGEN
        for s in sets:
            if s.shape:
                if s.kind >= 31:
                    yaku |= _DRAGON_YAKU[s.kind]
                else:
                    if s.kind == seat:
                        yaku |= Yaku.SEAT_WIND
                    if s.kind == round_:
                        yaku |= Yaku.ROUND_WIND
        present = self.present
        if not present & _YAOCHUU:
            if rules.open_tanyao or not self.is_open:
                yaku |= Yaku.TANYAO
        elif not present & ~_YAOCHUU:
            yaku |= Yaku.HONROUTOU
        elif runs and (_YAOCHUU >> pair) & 1 and all(_is_yaochuu_set(s) for s in sets):
            if present & _HONOURS:
                yaku |= Yaku.CHANTA
            elif all(_is_terminal_set(s) for s in sets):
                yaku |= Yaku.JUNCHAN
        if not runs:
            yaku |= Yaku.TOITOI
        if kans == 3:
            yaku |= Yaku.SANKANTSU
        if len(runs) >= 3:
            run_set = set(runs)
            for first in (0, 9, 18):
                if {first, first + 3, first + 6} <= run_set:
                    yaku |= Yaku.ITTSU
            for r in range(7):
                if {r, 9 + r, 18 + r} <= run_set:
                    yaku |= Yaku.SANSHOKU
        if len(triplets) >= 3:
            trip_set = set(triplets)
            for r in range(9):
                if {r, 9 + r, 18 + r} <= trip_set:
                    yaku |= Yaku.SANSHOKU_DOUKOU
        if not self.is_open:
            closed_runs = [s.kind for s in sets if s.shape == _RUN]
            identical = 0
            for kind in set(closed_runs):
                identical += closed_runs.count(kind) // 2
            if identical >= 2:
                yaku |= Yaku.RYANPEIKOU
            elif identical == 1:
                yaku |= Yaku.IIPEIKOU
        yakuhai_pair = pair >= 31 or pair in (seat, round_)

        for index, wait in placements:
            self._placement(pair, sets, groups, index, wait, yaku, yakuman, yakuhai_pair,
                            seat, round_)

    def _placement(self, pair: int, sets: list[_Set], groups: tuple[Group, ...], index: int,
                   wait: Wait, yaku: Yaku, yakuman: Yaku, yakuhai_pair: bool, seat: int,
                   round_: int) -> None:
        tsumo = self.ctx.tsumo
        # concealed triplets: a triplet completed by a ron on a shanpon is an open one
        ron_triplet = -1 if tsumo or wait is not Wait.SHANPON else index - 1
        concealed = sum(1 for i, s in enumerate(sets)
                        if s.shape and not s.open and i != ron_triplet)
        if concealed == 4:
            yakuman |= Yaku.SUUANKOU_TANKI if wait is Wait.TANKI else Yaku.SUUANKOU
        if yakuman:
            fu, items = self._fu(pair, sets, wait, ron_triplet, seat, round_, False)
            self.offer(yakuman, fu, items, groups, Form.STANDARD, wait)
            return
        if concealed == 3:
            yaku |= Yaku.SANANKOU
        pinfu = (not self.is_open and wait is Wait.RYANMEN and not yakuhai_pair
                 and all(s.shape == _RUN for s in sets))
        if pinfu:
            yaku |= Yaku.PINFU
        fu, items = self._fu(pair, sets, wait, ron_triplet, seat, round_, pinfu)
        self.offer(yaku, fu, items, groups, Form.STANDARD, wait)

    def _fu(self, pair: int, sets: list[_Set], wait: Wait, ron_triplet: int, seat: int,
            round_: int, pinfu: bool) -> tuple[int, tuple[tuple[str, int], ...]]:
        ctx, rules = self.ctx, self.rules
        tsumo = ctx.tsumo
        if pinfu:
            if tsumo and rules.pinfu_tsumo_fu:
                return 30, (("base", 20), ("tsumo", 2))
            if tsumo:
                return 20, (("base", 20),)
            return 30, (("base", 20), ("closed ron", 10))
        items: list[tuple[str, int]] = [("base", 20)]
        if not self.is_open and not tsumo:
            items.append(("closed ron", 10))
        if tsumo and (rules.rinshan_tsumo_fu or not ctx.rinshan):
            items.append(("tsumo", 2))
        if wait in (Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI):
            items.append((f"{wait.value} wait", 2))
        pair_tile = tile_of(pair)
        if pair >= 31:
            items.append((f"pair of {pair_tile}", 2))
        elif pair == seat and pair == round_:
            items.append((f"pair of {pair_tile} (double wind)", rules.double_wind_pair_fu))
        elif pair in (seat, round_):
            items.append((f"pair of {pair_tile}", 2))
        for i, s in enumerate(sets):
            if not s.shape:
                continue
            value = 4 if (_YAOCHUU >> s.kind) & 1 else 2
            is_open = s.open or i == ron_triplet
            if not is_open:
                value *= 2
            if s.shape == _KAN:
                value *= 4
            name = "kan" if s.shape == _KAN else "triplet"
            state = "open" if is_open else "closed"
            items.append((f"{state} {name} of {tile_of(s.kind)}", value))
        fu = sum(v for _, v in items)
        fu = -(-fu // 10) * 10
        if fu == 20 and rules.open_pinfu_fu == 30:
            # an open hand of runs won on a two-sided wait by ron: 30 fu
            items.append((_OPEN_PINFU_SHAPE, 10))
            fu = 30
        return fu, tuple(items)


def _group(s: _Set) -> Group:
    kind = (GroupKind.RUN, GroupKind.TRIPLET, GroupKind.KAN)[s.shape]
    return Group(kind, tile_of(s.kind), open=s.open, melded=s.melded)


def reference_evaluate(hand: Hand, win_tile: Tile, context: WinContext,
                       rules: Rules) -> Reference | str:
    """The reference result, or the reason there is no win."""
    if context.furiten and not context.tsumo:
        return "furiten"
    state = _Evaluator(hand, win_tile, context, rules)
    state.kokushi()
    if state.best is None:
        state.standard()
        state.chiitoitsu()
    if state.best is None:
        return "no_yaku" if state.had_complete else "not_complete"
    return state.best[1]


def redden(hand: Hand, win: Tile) -> tuple[Hand, Tile]:
    """Make one five red in each suit that holds all four fives, as red-five rules have it."""
    tiles, melds = list(hand.tiles), list(hand.melds)
    for five in (Tile(4), Tile(13), Tile(22)):
        held = tiles.count(five) + (win == five) + sum(m.tiles.count(five) for m in melds)
        if held < 4:
            continue
        red = Tile(five.kind, red=True)
        if five in tiles:
            tiles[tiles.index(five)] = red
        elif win == five:
            win = red
        else:
            i = next(i for i, m in enumerate(melds) if five in m.tiles)
            old = melds[i]
            new_tiles = list(old.tiles)
            new_tiles[new_tiles.index(five)] = red
            melds[i] = Meld(old.kind, new_tiles, called=old.called, called_from=old.called_from)
    return Hand(tiles, melds), win
