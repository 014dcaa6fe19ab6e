"""Random wins and situations for the scorer's differential tests: every form, melds of
every kind, narrow kind ranges so that one-suit, honour and terminal hands come up."""

from __future__ import annotations

import random

from mahjong_core import Hand, Meld, MeldKind, Tile, WinContext, Wind

_MPSZ = "mpsz"


def _text(kinds: list[int]) -> str:
    return "".join(str(k % 9 + 1) for k in kinds) + _MPSZ[kinds[0] // 9]


def random_win(rng: random.Random) -> tuple[Hand, Tile]:
    """A random complete hand less its winning tile: sets and a pair with any melds,
    seven pairs or thirteen orphans; kinds are drawn from a narrow range half the time
    so that one-suit, honour and terminal hands (and their yakuman) come up."""
    form = rng.random()
    pool = list(range(34))
    if rng.random() < 0.5:
        lo = rng.choice([0, 9, 18, 27, 20])
        pool = [k for k in range(34) if lo <= k < lo + rng.choice([7, 9, 14])]
        if rng.random() < 0.3:
            pool = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    if form < 0.05:
        kinds = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        concealed = [*kinds, rng.choice(kinds)]
        win = rng.choice(concealed)
        concealed.remove(win)
        return Hand([Tile.from_kind(k) for k in concealed]), Tile.from_kind(win)
    if form < 0.15 and len(pool) >= 7:
        pairs = rng.sample(pool, 7)
        concealed = [k for k in pairs for _ in range(2)]
        win = rng.choice(concealed)
        concealed.remove(win)
        return Hand([Tile.from_kind(k) for k in concealed]), Tile.from_kind(win)
    while True:
        counts = [0] * 34
        pair = rng.choice(pool)
        counts[pair] += 2
        groups: list[list[int]] = []
        for _ in range(4):
            start = rng.choice(pool)
            if rng.random() < 0.5 and start < 27 and start % 9 <= 6:
                kinds = [start, start + 1, start + 2]
            else:
                kinds = [start] * 3
            groups.append(kinds)
            for k in kinds:
                counts[k] += 1
        if max(counts) > 4:
            continue
        melds: list[Meld] = []
        concealed = [pair, pair]
        for kinds in groups:
            roll = rng.random()
            if kinds[0] != kinds[1]:
                if roll < 0.2:
                    melds.append(Meld(MeldKind.CHI, _text(kinds)))
                    continue
            elif roll < 0.3 and counts[kinds[0]] == 3:
                kind = rng.choice([MeldKind.PON, MeldKind.MINKAN, MeldKind.SHOUMINKAN,
                                   MeldKind.ANKAN])
                size = 3 if kind is MeldKind.PON else 4
                melds.append(Meld(kind, _text([kinds[0]] * size)))
                continue
            concealed.extend(kinds)
        win = rng.choice(concealed)
        concealed.remove(win)
        return Hand([Tile.from_kind(k) for k in concealed], melds), Tile.from_kind(win)




def random_context(rng: random.Random, hand: Hand, win: Tile | None = None) -> WinContext:
    tsumo = rng.random() < 0.5
    closed = hand.is_closed
    riichi = closed and rng.random() < 0.4
    double = riichi and rng.random() < 0.1
    seat = rng.choice(list(Wind))
    first_turn = not hand.melds and not riichi and rng.random() < 0.03
    has_kan = any(m.is_kan for m in hand.melds)
    held = [hand.count(Tile(k)) + sum(1 for m in hand.melds for t in m.tiles if t.kind == k)
            + (win is not None and win.kind == k) for k in range(34)]
    # an indicator is a tile too (the first may be shown twice, as dora and ura)
    free = [k for k in range(27) if held[k] <= 2]
    indicators = "".join(str(k % 9 + 1) + "mps"[k // 9] for k in rng.sample(free, 3))
    rinshan = tsumo and has_kan and rng.random() < 0.2
    chankan = (not tsumo and win is not None and held[win.kind] == 1  # the robbed 4th copy
               and rng.random() < 0.05)
    dealer = seat is Wind.EAST
    return WinContext(
        open_riichi=riichi and rng.random() < 0.3,
        discarder_in_riichi=not tsumo and rng.random() < 0.3,
        paarenchan=rng.randrange(1, 3) if dealer and rng.random() < 0.05 else 0,
        renhou=first_turn and not tsumo and not dealer,
        tsumo=tsumo, riichi=riichi and not double, double_riichi=double,
        ippatsu=riichi and not rinshan and rng.random() < 0.2,  # a kan ends ippatsu
        rinshan=rinshan, chankan=chankan,
        haitei=tsumo and not first_turn and not rinshan and rng.random() < 0.05,
        houtei=not tsumo and not chankan and rng.random() < 0.05,
        tenhou=first_turn and tsumo and seat is Wind.EAST,
        chiihou=first_turn and tsumo and seat is not Wind.EAST,
        seat_wind=seat, round_wind=rng.choice([Wind.EAST, Wind.SOUTH]),
        dora_indicators=indicators[: 2 * rng.randrange(1, 4)],
        ura_indicators=indicators[:2] if riichi else "",
        honba=rng.randrange(3), riichi_sticks=rng.randrange(3))
