"""Players for the table engine: each picks one of a seat's legal actions from what it sees.

A ``Player`` is anything with ``choose(observation) -> action``: it is handed the
``Observation`` of its seat (its own hand, every river and meld, the dora indicators, the
scores; never the wall or another hand) and returns one of ``observation.legal_actions``.
The engine never imports this module; a game loop passes each seat's observation to its
player and applies the answer::

    seat = game_round.to_act[0]
    game.apply(players[seat].choose(game_round.observe(seat)))

``RandomPlayer`` picks uniformly among the legal actions. ``HeuristicPlayer`` plays a
simple, reasonable game with the library's shape tools:

* it wins whenever it may (tsumo and ron are only ever legal with a yaku);
* it discards the tile that leaves the lowest shanten, then the most ukeire (the tiles it
  can see counted as gone); short of tenpai while another player is in riichi, it throws
  a tile that player has discarded (they cannot ron on it), when it holds one;
* it declares riichi when the discard it chose leaves a closed hand tenpai and riichi is
  legal (the engine checks the points and the tiles left);
* it calls pon, chi or an open kan only when the call lowers its shanten (a kan: when it
  does not raise it) and the open hand keeps a yaku, a yakuhai set or all simples (it
  then throws its terminals and honours first); a call that reaches tenpai must leave a
  live wait (not all four copies in sight) that ``evaluate`` scores. A closed or added
  kan is made on the same terms, and a closed kan in riichi whenever the engine allows
  it (it never changes the waits);
* it aborts with nine terminals when its hand is three or more steps from tenpai;
* at three players it sets a north tile aside (a dora and a replacement draw) whenever
  the hand without it is no further from tenpai than after its best discard (always in
  riichi).
"""

from __future__ import annotations

import enum
import operator
import random
from collections.abc import Sequence
from typing import NamedTuple, Protocol, cast

from .context import WinContext, Wind
from .errors import IllegalActionError, InvalidContextError
from .hand import Hand, best_tile_among_kinds
from .meld import Meld, MeldKind
from .rules import TENHOU_RULES, Rules
from .scoring import evaluate
from .seats import relative_seat
from .table import (
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
from .tile import Tile, TileId

__all__ = ["HeuristicPlayer", "Player", "RandomPlayer"]

_DRAGONS = frozenset((31, 32, 33))
_KANS = frozenset((ClosedKan, AddedKan))
_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_YAOCHUU_MASK = sum(1 << k for k in _YAOCHUU)
_YAOCHUU_ID = tuple(int(i >> 2 in _YAOCHUU) for i in range(136))
_ALL_KINDS = (1 << 34) - 1
_WINS = frozenset((Tsumo, Ron))
_DISCARD_ONLY = frozenset((Discard,))
_CALLS = (Pon, Chi, OpenKan)  # a tuple: ``Pon | Chi | OpenKan`` is built again each time
_KIND_OF = operator.attrgetter("kind")
_ID_KIND = tuple(i >> 2 for i in range(136))
# enum members as module constants: reading one through its class costs about ten times
# a global's read (the enum's own attribute lookup), and every decision reads some
_TURN = Phase.TURN
_CHI, _PON, _MINKAN = MeldKind.CHI, MeldKind.PON, MeldKind.MINKAN



class _Plan(enum.Enum):
    """The yaku an open hand counts on."""

    YAKUHAI = "yakuhai"
    TANYAO = "tanyao"


_YAKUHAI, _TANYAO = _Plan.YAKUHAI, _Plan.TANYAO


class _Claim(NamedTuple):
    """A call a player weighs: the meld's kind, the called tile, the ids of the hand's
    tiles it takes and the yaku the open hand would count on."""

    kind: MeldKind
    tile: Tile
    own: tuple[TileId, ...]
    plan: _Plan


class Player(Protocol):
    """Anything that picks one of a seat's legal actions from that seat's observation."""

    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``."""
        ...


def _check(observation: Observation) -> tuple[Action, ...]:
    """The legal actions of an observation that asks for a decision."""
    if not isinstance(observation, Observation):
        raise InvalidContextError(f"a player chooses from an Observation, got {observation!r}")
    if not observation.legal_actions:
        raise IllegalActionError(f"seat {observation.seat} has nothing to decide now "
                                 f"(phase {observation.phase.value})")
    return observation.legal_actions


class RandomPlayer:
    """Picks uniformly at random among the legal actions; ``seed`` makes it repeatable.

    Raises IllegalActionError when the observation offers nothing to decide.

    >>> from mahjong_core.table import Game
    >>> game_round = Game(seed=1).deal()
    >>> seat = game_round.to_act[0]
    >>> observation = game_round.observe(seat)
    >>> RandomPlayer(seed=1).choose(observation) in observation.legal_actions
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        """A legal action, at random."""
        if observation.__class__ is Observation and observation.legal_actions:
            legal: tuple[Action, ...] = observation.legal_actions
        else:  # something else, or nothing to decide: refused
            legal = _check(observation)
        # what ``random.Random.choice`` draws (the same choices for a seed), without its
        # two calls in Python: the fewest bits that hold the size, drawn until below it
        size = len(legal)
        width = size.bit_length()
        getrandbits = self._rng.getrandbits
        pick = getrandbits(width)
        while pick >= size:
            pick = getrandbits(width)
        return legal[pick]


class HeuristicPlayer:
    """Plays by shanten and ukeire, riichi when tenpai, calls that keep a yaku.

    See the module's description for the whole policy. ``rules`` must be the table's
    (red fives and what scores decide its calls); the player keeps no state between
    decisions, so one instance may serve several seats and games. Raises
    IllegalActionError when the observation offers nothing to decide.

    >>> from mahjong_core.table import Game
    >>> game_round = Game(seed=1).deal()
    >>> observation = game_round.observe(game_round.to_act[0])
    >>> choice = HeuristicPlayer().choose(observation)
    >>> choice, str(Tile.from_id136(choice.tile))
    (Discard(seat=0, tile=8, riichi=False), '3m')
    """

    def __init__(self, rules: Rules = TENHOU_RULES) -> None:
        if not isinstance(rules, Rules):
            raise InvalidContextError(f"rules must be a Rules value, got {rules!r}")
        self.rules = rules
        self._tiles = tuple(Tile.from_id136(i, red_fives=rules.red_fives) for i in range(136))
        self._reds = tuple(tile.red for tile in self._tiles)

    def choose(self, observation: Observation) -> Action:
        """The action this policy takes in the observed position."""
        actions = _check(observation)
        types = {*map(type, actions)}
        if not _WINS.isdisjoint(types):
            return next(a for a in actions if isinstance(a, Tsumo | Ron))
        if observation.phase is _TURN:
            return self._turn(observation, actions, types)
        return self._answer(observation, actions)

    # -- what the seat sees -------------------------------------------------------------

    def _yakuhai(self, obs: Observation) -> frozenset[int]:
        seat_wind = 27 + (obs.seat - obs.dealer) % len(obs.riichi)
        return _DRAGONS | {seat_wind, 27 + obs.round_wind}

    def _plan(self, obs: Observation, hand: Hand) -> _Plan | None:
        """The yaku an open hand counts on; None for a closed hand or an open one with none."""
        if hand.is_closed:
            return None
        return self._open_plan(obs, [(m.kind, tuple(map(_KIND_OF, m.tiles)))
                                     for m in hand.melds])

    def _open_plan(self, obs: Observation, melds: Sequence[tuple[MeldKind, tuple[int, ...]]]
                   ) -> _Plan | None:
        """The yaku an open hand with ``melds`` (each a kind and its tiles' kinds) counts
        on, or None."""
        simples = True
        for kind, kinds in melds:
            first = kinds[0]  # a set of honours: a yakuhai one, unless a chi
            if first >= 27 and kind is not _CHI and first in self._yakuhai(obs):
                return _YAKUHAI
            simples = simples and _YAOCHUU.isdisjoint(kinds)
        return _TANYAO if simples else None

    def _safe_kinds(self, obs: Observation) -> int | None:
        """Kinds no riichi player can ron on (their own discards), as a kinds mask; None
        without a riichi."""
        if True not in obs.riichi:
            return None
        threats = [s for s, riichi in enumerate(obs.riichi) if riichi and s != obs.seat]
        if not threats:
            return None
        safe = _ALL_KINDS
        for seat in threats:
            safe &= sum({1 << (r.tile >> 2) for r in obs.rivers[seat]})
        return safe

    def _best_discard(self, obs: Observation, hand: Hand, allowed: int | None,
                      seen: bytes) -> tuple[Tile, int] | None:
        """The discard (and the shanten it leaves) from a 14-tile ``hand`` among the
        ``allowed`` kinds (a kinds mask; None: every kind it holds), or None when none is
        allowed: the first in the order of ``Hand.discard_options`` (with tanyao,
        terminals and honours first); while another seat is in riichi and that first
        discard leaves the hand one step or more from tenpai, the first of those a
        riichi player has discarded, if any. ``seen`` is what the seat sees
        (``Observation.visible_bytes``)."""
        groups: tuple[int | None, ...] = (allowed,)
        if not hand.is_closed and self._plan(obs, hand) is _TANYAO:
            every = _ALL_KINDS if allowed is None else allowed  # terminals, honours first
            groups = (every & _YAOCHUU_MASK, every & ~_YAOCHUU_MASK)
        safe = self._safe_kinds(obs) if True in obs.riichi else None
        if safe is None:  # nothing to defend against
            return hand.best_discard_tile(seen) if groups[0] is None else _first_option(
                hand, seen, groups)  # (every kind held: the one group, the usual turn)
        # a 14-tile hand's shanten is its best discard's: when it is one or more, so is
        # the first discard's, and a riichi calls for a safe tile at once
        defend = hand.shanten() >= 1
        if not defend:
            best = _first_option(hand, seen, groups)
            if best is None or best[1] < 1:
                return best
        for group in groups:
            option = _option(hand, seen, safe if group is None else group & safe)
            if option is not None:
                return option
        if defend:
            best = _first_option(hand, seen, groups)
        return best

    # -- on its turn --------------------------------------------------------------------

    def _turn(self, obs: Observation, actions: Sequence[Action], types: set[type[Action]]
              ) -> Action:
        discards = (cast("Sequence[Discard]", actions) if types == _DISCARD_ONLY
                    else [a for a in actions if isinstance(a, Discard)])
        if obs.riichi[obs.seat]:  # a closed kan the engine allows, or the drawn north aside
            extra = next((a for a in actions if isinstance(a, ClosedKan | Kita)), None)
            return extra if extra is not None else discards[0]
        hand = obs.own_hand
        # after a draw every tile held may go (kuikae binds only right after a call)
        allowed = None if obs.drawn is not None else _kinds_of(discards)
        seen = obs.visible_bytes()
        choice = self._best_discard(obs, hand, allowed, seen)
        assert choice is not None  # a turn always offers a discard
        same = _discards_of(discards, choice[0].kind)
        if not same:  # a table that forbids more: among its discards only
            choice = self._best_discard(obs, hand, _kinds_of(discards), seen)
            assert choice is not None
            same = _discards_of(discards, choice[0].kind)
        tile, shanten = choice
        if shanten >= 3 and NineTerminals in types:
            return next(a for a in actions if isinstance(a, NineTerminals))
        if Kita in types:
            kita = next(a for a in actions if isinstance(a, Kita))
            if hand.remove(self._tiles[kita.tile]).shanten() <= shanten:
                return kita
        if not types.isdisjoint(_KANS):
            for action in actions:
                if isinstance(action, ClosedKan | AddedKan) and self._wants_kan(
                        obs, hand, action, shanten):
                    return action
        # the discard of that tile (kind and red flag), the riichi one first
        red, reds = tile.red, self._reds
        pick = None
        for action in same:
            if reds[action.tile] is red:
                if action.riichi:
                    return action
                if pick is None:
                    pick = action
        return same[0] if pick is None else pick

    def _wants_kan(self, obs: Observation, hand: Hand, action: ClosedKan | AddedKan,
                   shanten: int) -> bool:
        """A kan that leaves the shanten no higher and an open hand its yaku."""
        if isinstance(action, ClosedKan):
            kind = action.kind.kind
            meld = Meld(MeldKind.ANKAN, [t for t in hand.tiles if t.kind == kind])
        else:
            pon = next(m for m in hand.melds if m.kind is MeldKind.PON
                       and m.first.kind == action.tile // 4)
            meld = Meld(MeldKind.SHOUMINKAN, (*pon.tiles, self._tiles[action.tile]))
        after = hand.call(meld)
        return after.shanten() <= shanten and (after.is_closed or self._plan(obs, after)
                                               is not None)

    # -- answering a discard ------------------------------------------------------------

    def _answer(self, obs: Observation, actions: Sequence[Action]) -> Action:
        calls = [a for a in actions if isinstance(a, _CALLS)]
        if not calls or obs.last_tile is None:
            return _pass_of(actions)
        # the calls it might make, told from the melds and tiles alone: the hand is
        # built, and its shanten worked out, only when one is left
        melds = [(m.meld.kind, tuple(map(_KIND_OF, m.meld.tiles)))
                 for m in obs.melds[obs.seat]]
        planned = [(order, call, claim) for order, call in enumerate(calls)
                   if (claim := self._call_plan(obs, melds, call, obs.last_tile)) is not None]
        if not planned:
            return _pass_of(actions)
        hand = obs.own_hand
        now = hand.shanten()
        # a call and a discard reach no lower shanten than drawing the tile would (the
        # meld's tiles count as a set either way), never below tenpai: a chi or pon is
        # worth weighing only when that draw would lower ``now``, and a call that
        # reaches the draw's shanten comes before every later one
        floor = hand.add(self._tiles[obs.last_tile]).shanten() if now >= 1 else now
        ranked: list[tuple[int, int, Action]] = []
        seen = b""  # counted when a call's discard is weighed
        for order, call, claim in planned:
            if floor >= now and not isinstance(call, OpenKan):
                continue
            seen = seen or obs.visible_bytes()
            shanten = self._call_value(obs, hand, now, claim, seen)
            if shanten is not None:
                if shanten <= floor:
                    return call
                ranked.append((shanten, order, call))
        if not ranked:
            return _pass_of(actions)
        return min(ranked, key=lambda item: item[:2])[2]

    def _call_plan(self, obs: Observation, melds: Sequence[tuple[MeldKind, tuple[int, ...]]],
                   call: Pon | Chi | OpenKan, tile_id: TileId) -> _Claim | None:
        """The call as this player would weigh it, or None when it would not make it
        whatever its hand's shape: a call that leaves an open hand (``melds``: the seat's
        melds, each a kind and its tiles' kinds) no yaku, or that counts on all simples
        while the hand holds more terminals and honours than may go after it."""
        tile = self._tiles[tile_id]
        if isinstance(call, OpenKan):
            own: tuple[TileId, ...] = tuple(i for i in obs.hand if i // 4 == tile.kind)
            kind = _MINKAN
        else:
            own = call.tiles
            kind = _PON if isinstance(call, Pon) else _CHI
        plan = self._open_plan(obs, [*melds, (kind, (tile.kind, *map(_ID_KIND.__getitem__, own)))])
        if plan is None:
            return None
        if plan is _TANYAO and sum(map(_YAOCHUU_ID.__getitem__, obs.hand)) >= (
                1 if kind is _MINKAN else 2):
            return None  # all simples, and the meld takes none: one at most may go after it
        return _Claim(kind, tile, own, plan)

    def _call_value(self, obs: Observation, hand: Hand, now: int, claim: _Claim,
                    seen: bytes) -> int | None:
        """The shanten the call leads to, or None if this player would not make it
        (``seen``: what the seat sees, ``Observation.visible_bytes``)."""
        kind, tile, own, plan = claim
        tiles = self._tiles
        meld = Meld(kind, [tile, *map(tiles.__getitem__, own)], called=tile,
                    called_from=relative_seat(obs.seat, obs.current,
                                              players=obs.rules.players))
        after = hand.call(meld)
        if kind is _MINKAN:  # keeps the shanten; all simples must hold already
            if plan is _TANYAO and any(t.is_yaochuu for t in after.tiles):
                return None
            shanten = after.shanten()
            return shanten if shanten <= now else None
        if max(after.shanten(), 0) >= now:  # no discard after the call gets below ``now``
            return None
        allowed = _ALL_KINDS & ~_kuikae(kind, tile.kind, [*map(_ID_KIND.__getitem__, own)])
        choice = self._best_discard(obs, after, allowed, seen)
        if choice is None or choice[1] >= now:
            return None
        rest = after.remove(choice[0])
        if plan is _TANYAO and any(t.is_yaochuu for t in rest.tiles):
            return None
        if choice[1] == 0 and not self._scores_a_wait(obs, rest, seen):
            return None
        return choice[1]

    def _scores_a_wait(self, obs: Observation, hand: Hand, seen: bytes) -> bool:
        """Some live wait of the tenpai ``hand`` (one of which the seat does not see all
        four copies in ``seen``, a dora indicator included) wins by ron with a yaku."""
        context = WinContext(seat_wind=Wind((obs.seat - obs.dealer) % len(obs.riichi)),
                             round_wind=obs.round_wind,
                             dora_indicators=tuple(self._tiles[i] for i in obs.dora_indicators))
        return any(evaluate(hand, wait, context, self.rules).is_win
                   for wait in hand.waits() if seen[wait.kind] < 4)


def _kuikae(kind: MeldKind, called: int, own: Sequence[int]) -> int:
    """Kinds a caller may not discard right after the call, as a kinds mask: the called
    kind and, for a chi called at one end of its run, the kind beyond the other end."""
    forbidden = 1 << called
    if kind is _CHI:
        low, high = sorted(own)
        if called < low and high % 9 < 8:
            forbidden |= 1 << high + 1
        elif called > high and low % 9 > 0:
            forbidden |= 1 << low - 1
    return forbidden


def _pass_of(actions: Sequence[Action]) -> Pass:
    """The pass among an answer's legal actions; IllegalActionError when there is none."""
    for action in actions:
        if isinstance(action, Pass):
            return action
    raise IllegalActionError(f"an answer to a discard offers a pass, got {list(actions)!r}")


def _discards_of(discards: Sequence[Discard], kind: int) -> list[Discard]:
    """The discards of tiles of ``kind``, in order."""
    return [a for a in discards if a.tile >> 2 == kind]


def _kinds_of(discards: Sequence[Discard]) -> int:
    """The kinds mask of some discard actions."""
    return sum({1 << (a.tile >> 2) for a in discards})


def _option(hand: Hand, seen: bytes, kinds: int | None) -> tuple[Tile, int] | None:
    """The tile of the first of ``hand.discard_options`` among the discards of ``kinds``
    (a kinds mask; None: every kind held) and the shanten it leaves."""
    if kinds is None:
        return hand.best_discard_tile(seen)
    if not kinds:
        return None
    return best_tile_among_kinds(hand, seen, kinds)


def _first_option(hand: Hand, seen: bytes, groups: Sequence[int | None]
                  ) -> tuple[Tile, int] | None:
    """``_option`` of the first group of kinds that holds a discard."""
    for kinds in groups:
        option = _option(hand, seen, kinds)
        if option is not None:
            return option
    return None
