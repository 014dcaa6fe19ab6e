"""The heuristic player's decision rule written plainly, as the oracle of its fast version.

``ReferencePlayer`` decides as ``HeuristicPlayer`` promises to (see mahjong_core/players.py)
by the slow, obvious route: its ``Hand`` built from the observation's tiles, every
discard ranked by the whole ``Hand.discard_options`` list, then filtered and reordered;
each call tried in full. It shares no code with the player but the library's values.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_core import Hand, Meld, MeldKind, Rules, Tile, WinContext, evaluate
from mahjong_core.context import Wind
from mahjong_core.seats import relative_seat
from mahjong_core.table import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kita,
    NineTerminals,
    Observation,
    OpenKan,
    Pass,
    Phase,
    Pon,
    Ron,
    Tsumo,
)

YAKUHAI = "yakuhai"
TANYAO = "tanyao"


class ReferencePlayer:
    """The heuristic policy, the slow way (one per table's ``rules``)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def tile(self, tile_id: int) -> Tile:
        return Tile.from_id136(tile_id, red_fives=self.rules.red_fives)

    def choose(self, obs: Observation) -> Action:
        actions = obs.legal_actions
        for action in actions:
            if isinstance(action, Tsumo | Ron):
                return action
        if obs.phase is Phase.TURN:
            return self.turn(obs, actions)
        return self.answer(obs, actions)

    # -- what the seat sees

    def hand(self, obs: Observation) -> Hand:
        return Hand([self.tile(i) for i in obs.hand], [m.meld for m in obs.melds[obs.seat]])

    def visible(self, obs: Observation, without: int | None) -> list[Tile]:
        seen = [self.tile(r.tile) for river in obs.rivers for r in river
                if not r.called and r.tile != without]
        seen += [self.tile(i) for seat, melds in enumerate(obs.melds) if seat != obs.seat
                 for m in melds for i in m.ids]
        seen += [self.tile(i) for norths in obs.kita for i in norths]
        seen += [self.tile(i) for i in obs.dora_indicators]
        return seen

    def plan(self, obs: Observation, melds: Sequence[Meld]) -> str | None:
        """The yaku open melds count on: a yakuhai set, else all simples, else None."""
        players = len(obs.riichi)
        yakuhai = {31, 32, 33, 27 + (obs.seat - obs.dealer) % players, 27 + obs.round_wind}
        if any(m.kind is not MeldKind.CHI and m.tiles[0].kind in yakuhai for m in melds):
            return YAKUHAI
        if all(not t.is_yaochuu for m in melds for t in m.tiles):
            return TANYAO
        return None

    def safe_kinds(self, obs: Observation) -> set[int] | None:
        threats = [s for s in range(len(obs.riichi)) if s != obs.seat and obs.riichi[s]]
        if not threats:
            return None
        return set.intersection(*({r.tile // 4 for r in obs.rivers[s]} for s in threats))

    def best_discard(self, obs: Observation, hand: Hand, allowed: set[int],
                     without: int | None = None) -> tuple[Tile, int] | None:
        options = [o for o in hand.discard_options(self.visible(obs, without))
                   if o.tile.kind in allowed]
        if not options:
            return None
        if not hand.is_closed and self.plan(obs, hand.melds) == TANYAO:
            options = ([o for o in options if o.tile.is_yaochuu]
                       + [o for o in options if not o.tile.is_yaochuu])
        best = options[0]
        safe = self.safe_kinds(obs)
        if safe is not None and best.shanten >= 1:
            best = next((o for o in options if o.tile.kind in safe), best)
        return best.tile, best.shanten

    # -- its turn

    def turn(self, obs: Observation, actions: Sequence[Action]) -> Action:
        discards = [a for a in actions if isinstance(a, Discard)]
        if obs.riichi[obs.seat]:
            extra = [a for a in actions if isinstance(a, ClosedKan | Kita)]
            return extra[0] if extra else discards[0]
        hand = self.hand(obs)
        choice = self.best_discard(obs, hand, {a.tile // 4 for a in discards})
        assert choice is not None
        tile, shanten = choice
        nine = [a for a in actions if isinstance(a, NineTerminals)]
        if shanten >= 3 and nine:
            return nine[0]
        for action in actions:
            if isinstance(action, Kita) and (
                    hand.remove(self.tile(action.tile)).shanten() <= shanten):
                return action
        for action in actions:
            if isinstance(action, ClosedKan | AddedKan) and self.wants_kan(
                    obs, hand, action, shanten):
                return action
        same = [a for a in discards if self.tile(a.tile) == tile]
        riichi = [a for a in same if a.riichi]
        plain = [a for a in same if not a.riichi]
        if riichi:
            return riichi[0]
        return plain[0] if plain else next(a for a in discards if a.tile // 4 == tile.kind)

    def wants_kan(self, obs: Observation, hand: Hand, action: ClosedKan | AddedKan,
                  shanten: int) -> bool:
        if isinstance(action, ClosedKan):
            meld = Meld(MeldKind.ANKAN, [t for t in hand.tiles if t.kind == action.kind.kind])
        else:
            pon = next(m for m in hand.melds if m.kind is MeldKind.PON
                   and m.tiles[0].kind == action.tile // 4)
            meld = Meld(MeldKind.SHOUMINKAN, (*pon.tiles, self.tile(action.tile)))
        after = hand.call(meld)
        return after.shanten() <= shanten and (
            after.is_closed or self.plan(obs, after.melds) is not None)

    # -- answering a discard

    def answer(self, obs: Observation, actions: Sequence[Action]) -> Action:
        passing = next(a for a in actions if isinstance(a, Pass))
        calls = [a for a in actions if isinstance(a, Pon | Chi | OpenKan)]
        if not calls or obs.last_tile is None:
            return passing
        hand = self.hand(obs)
        now = hand.shanten()
        ranked = []
        for order, call in enumerate(calls):
            shanten = self.call_value(obs, hand, now, call, obs.last_tile)
            if shanten is not None:
                ranked.append((shanten, order, call))
        return min(ranked, key=lambda item: item[:2])[2] if ranked else passing

    def call_value(self, obs: Observation, hand: Hand, now: int, call: Pon | Chi | OpenKan,
                   tile_id: int) -> int | None:
        tile = self.tile(tile_id)
        if isinstance(call, OpenKan):
            own = tuple(i for i in obs.hand if i // 4 == tile.kind)
            kind = MeldKind.MINKAN
        else:
            own = call.tiles
            kind = MeldKind.PON if isinstance(call, Pon) else MeldKind.CHI
        meld = Meld(kind, [tile, *(self.tile(i) for i in own)], called=tile,
                    called_from=relative_seat(obs.seat, obs.current,
                                              players=obs.rules.players))
        after = hand.call(meld)
        plan = self.plan(obs, after.melds)
        if plan is None:
            return None
        if kind is MeldKind.MINKAN:
            if plan == TANYAO and any(t.is_yaochuu for t in after.tiles):
                return None
            return after.shanten() if after.shanten() <= now else None
        forbidden = {tile.kind}
        if kind is MeldKind.CHI:
            low, high = sorted(i // 4 for i in own)
            if tile.kind < low and high % 9 < 8:
                forbidden.add(high + 1)
            elif tile.kind > high and low % 9 > 0:
                forbidden.add(low - 1)
        choice = self.best_discard(obs, after, set(range(34)) - forbidden, without=tile_id)
        if choice is None or choice[1] >= now:
            return None
        rest = after.remove(choice[0])
        if plan == TANYAO and any(t.is_yaochuu for t in rest.tiles):
            return None
        if choice[1] == 0 and not self.scores_a_wait(obs, rest, [
                choice[0], *self.visible(obs, tile_id)]):
            return None
        return choice[1]

    def scores_a_wait(self, obs: Observation, hand: Hand, elsewhere: list[Tile]) -> bool:
        """Some wait of ``hand`` with a copy out of sight (not in the hand, its melds or
        ``elsewhere``) wins by ron with a yaku."""
        in_sight = [*hand.tiles, *(t for meld in hand.melds for t in meld.tiles), *elsewhere]
        context = WinContext(seat_wind=Wind((obs.seat - obs.dealer) % len(obs.riichi)),
                             round_wind=obs.round_wind,
                             dora_indicators=tuple(self.tile(i) for i in obs.dora_indicators))
        return any(evaluate(hand, wait, context, self.rules).is_win for wait in hand.waits()
                   if sum(t.kind == wait.kind for t in in_sight) < 4)
