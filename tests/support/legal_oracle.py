"""The oracle of a round's legal lists and observations, built plainly from what the round
shows in public.

``legal_list`` tries every action a seat could name now (each of its tiles discarded, with
and without riichi, each pair of its tiles called, each kan, ...) on a copy of the round
(``Round.is_legal``) and keeps those accepted, in the order ``Round.legal_actions``
documents: on a turn, tsumo, then the discards (the drawn tile first, then the lowest id
of each distinct tile held, each with its riichi discard and open riichi after it), the
closed kans by kind, the added kans by meld, kita, nine terminals; answering a tile, pass,
ron, the pons, the open kan, the chis (one pair of ids per distinct pair of tiles, the
lowest, in id order). ``observation`` builds the ``Observation`` a seat should receive with
its public constructor, from the round's public readings and a legal list.
"""

from __future__ import annotations

from mahjong_core import Tile, TileId
from mahjong_core.table import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kita,
    KitaDeclared,
    LegalActions,
    NineTerminals,
    Observation,
    OpenKan,
    OpenRiichi,
    Pass,
    Phase,
    Pon,
    Ron,
    Round,
    SeenEvents,
    TileDiscarded,
    Tsumo,
)

__all__ = ["legal_list", "observation"]


def _tile(r: Round, tile_id: int) -> Tile:
    return Tile.from_id136(tile_id, red_fives=r.rules.red_fives)


def _lowest_pairs(r: Round, pairs: list[tuple[TileId, TileId]]
                  ) -> list[tuple[TileId, TileId]]:
    """One pair of ids per distinct pair of tiles (the lowest), in id order."""
    lowest: dict[tuple[Tile, Tile], tuple[TileId, TileId]] = {}
    for a, b in sorted(pairs):
        lowest.setdefault((_tile(r, a), _tile(r, b)), (a, b))
    return sorted(lowest.values())


def _discard_candidates(r: Round, seat: int) -> list[Action]:
    drawn = r.drawn
    ids = r.concealed(seat)
    order = [] if drawn is None else [drawn]
    firsts: dict[Tile, TileId] = {}
    for tile_id in ids:
        if tile_id != drawn:
            firsts.setdefault(_tile(r, tile_id), tile_id)
    order += sorted(firsts.values())
    candidates: list[Action] = []
    for tile_id in order:
        candidates += [Discard(seat, tile_id), Discard(seat, tile_id, riichi=True),
                       OpenRiichi(seat, tile_id)]
    return candidates


def _turn_candidates(r: Round, seat: int) -> list[Action]:
    ids = r.concealed(seat)
    candidates: list[Action] = [Tsumo(seat), *_discard_candidates(r, seat)]
    candidates += [ClosedKan(seat, Tile(kind)) for kind in range(34)
                   if sum(1 for i in ids if i // 4 == kind) == 4]
    for meld in r.melds(seat):
        fourth = [i for i in ids if i // 4 == meld.ids[0] // 4]
        if fourth:
            candidates.append(AddedKan(seat, min(fourth)))
    norths = sorted(i for i in ids if i // 4 == 30)
    if norths:
        drawn = r.drawn
        candidates.append(Kita(seat, drawn if drawn is not None and drawn // 4 == 30
                               else norths[0]))
    candidates.append(NineTerminals(seat))
    return candidates


def _answer_candidates(r: Round, seat: int) -> list[Action]:
    tile = r.last_tile
    assert tile is not None
    ids = r.concealed(seat)
    kind = tile // 4
    pairs = [(a, b) for a in ids for b in ids if a < b]
    pons = [(a, b) for a, b in pairs if a // 4 == b // 4 == kind]
    # any two other kinds near the tile's: the round's ``apply`` judges whether they run
    chis = [(a, b) for a, b in pairs if a // 4 != b // 4 != kind != a // 4
            and abs(a // 4 - kind) <= 2 and abs(b // 4 - kind) <= 2]
    return [Pass(seat), Ron(seat), *(Pon(seat, p) for p in pons), OpenKan(seat),
            *(Chi(seat, p) for p in chis)]


def legal_list(r: Round, seat: int) -> list[Action]:
    """What ``seat`` may do now, found by trying every candidate on a copy of ``r``."""
    if r.phase is Phase.OVER:
        return []
    if r.phase is Phase.TURN:
        if seat != r.current:
            return []
        candidates = _turn_candidates(r, seat)
    else:
        candidates = _answer_candidates(r, seat)
    legal = [a for a in candidates if r.is_legal(a)]
    pons = _lowest_pairs(r, [a.tiles for a in legal if isinstance(a, Pon)])
    chis = _lowest_pairs(r, [a.tiles for a in legal if isinstance(a, Chi)])
    kept: list[Action] = [a for a in legal if not isinstance(a, Pon | Chi)]
    at = next((n for n, a in enumerate(kept) if isinstance(a, OpenKan | Chi)), len(kept))
    kept[at:at] = [Pon(seat, p) for p in pons]
    return kept + [Chi(seat, p) for p in chis]


def observation(r: Round, seat: int, legal: list[Action]) -> Observation:
    """The observation ``seat`` should receive now (``legal`` its legal list), made by
    ``Observation``'s constructor, at a table without open riichi (whose declaration the
    round's public readings show only once its stick is accepted)."""
    assert not r.table.open_riichi
    players = r.players
    turn = r.phase is Phase.TURN
    return Observation(
        seat=seat, rules=r.rules, table=r.table, round_wind=r.round_wind, dealer=r.dealer,
        honba=r.honba, sticks=r.sticks, scores=r.scores, dora_indicators=r.dora_indicators,
        live_remaining=r.live_remaining, hand=r.concealed(seat),
        drawn=r.drawn if turn and seat == r.current else None,
        melds=tuple(r.melds(s) for s in range(players)),
        kita=tuple(tuple(e.tile for e in r.events if isinstance(e, KitaDeclared)
                         and e.seat == s) for s in range(players)),
        rivers=tuple(r.river(s) for s in range(players)),
        discards=tuple(e for e in r.events if isinstance(e, TileDiscarded)),
        riichi=tuple(r.in_riichi(s) for s in range(players)),
        phase=r.phase, current=r.current, last_tile=r.last_tile,
        legal_actions=LegalActions(legal, drawn=r.drawn if legal and turn else None,
                                   red_fives=r.rules.red_fives),
        events=SeenEvents(r.events, seat), open_hands=())
