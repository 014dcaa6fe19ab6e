"""A player of the library (or one's own) as an mjai bot, at any mjai table.

The protocol is the one mjai.app bots speak (as do Mortal's libriichi and RiichiEnv):
each input line is a JSON array of mjai events (or one event object); ``start_game``
carries the bot's seat as ``id``; every line gets exactly one answer line, the bot's
action on the last event, ``{"type": "none"}`` when it has nothing to do. A riichi is
two answers, as mjai has it: ``reach`` first, then the ``dahai`` once the table has
sent the ``reach`` event back.

The bot knows only the events. At each line it lays out a round the table engine can
replay: its own tiles as the events name them, the other seats' hidden tiles as any of
the tiles it has not seen, every draw, discard, call, kan, north tile and dora
indicator where the events put them. Replayed through ``Round``, that round gives the
bot's seat the very legal actions and ``Observation`` a seat of the engine gets, and
the player chooses from them. Four and three players, with or without red fives
(``aka_flag``; else red fives unless the events show four plain fives of a suit).

    python -m mahjong_core mjai-bot --player heuristic
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from typing import TextIO

import attrs

from .context import Wind
from .errors import IllegalActionError, InvalidLogError, MahjongError, quote
from .formats.mjai import tile_from_name, tile_name
from .meld import MeldKind
from .players import Player
from .rules import TENHOU_RULES, TENHOU_SANMA_RULES, Rules
from .table import (
    TENHOU_SANMA_TABLE,
    TENHOU_TABLE,
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
    Round,
    Tsumo,
    Wall,
)
from .table.wall import THREE_PLAYER_IDS
from .tile import Tile, TileId

__all__ = ["MjaiBot", "action_to_mjai", "default_action", "serve"]

Event = dict[str, object]
_NONE: Event = {"type": "none"}
_WINDS = "ESWN"
_CALLS = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "daiminkan": MeldKind.MINKAN}
_LAYOUT = {4: (70, 4, 5), 3: (55, 8, 3)}
"""players -> live tiles, replacement tiles, dora indicators held apart (as ``Wall``)."""


def action_to_mjai(action: Action, observation: Observation) -> Event:
    """The mjai answer for one of the observation's legal actions (a riichi discard is
    its ``reach``; its ``dahai`` follows once the table sends the ``reach`` back)."""
    red = observation.rules.red_fives
    seat = observation.seat

    def name(tile_id: int) -> str:
        return tile_name(Tile.from_id136(tile_id, red_fives=red))

    if isinstance(action, Discard):
        if action.riichi:
            return {"type": "reach", "actor": seat}
        return {"type": "dahai", "actor": seat, "pai": name(action.tile),
                "tsumogiri": action.tile == observation.drawn}
    if isinstance(action, Tsumo):
        assert observation.drawn is not None
        return {"type": "hora", "actor": seat, "target": seat, "pai": name(observation.drawn)}
    last = observation.last_tile
    if isinstance(action, Ron):
        assert last is not None
        return {"type": "hora", "actor": seat, "target": observation.current, "pai": name(last)}
    if isinstance(action, Chi | Pon | OpenKan):
        assert last is not None
        own = action.tiles if isinstance(action, Chi | Pon) else tuple(
            i for i in observation.hand if i // 4 == last // 4)
        kind = "chi" if isinstance(action, Chi) else "pon" if isinstance(action, Pon) else (
            "daiminkan")
        return {"type": kind, "actor": seat, "target": observation.current, "pai": name(last),
                "consumed": [name(i) for i in own]}
    if isinstance(action, ClosedKan):
        own = tuple(i for i in observation.hand if i // 4 == action.kind.kind)
        return {"type": "ankan", "actor": seat, "consumed": [name(i) for i in own]}
    if isinstance(action, AddedKan):
        pon = next(m for m in observation.melds[seat] if m.ids[0] // 4 == action.tile // 4)
        return {"type": "kakan", "actor": seat, "pai": name(action.tile),
                "consumed": [name(i) for i in pon.ids]}
    if isinstance(action, Kita):
        return {"type": "kita", "actor": seat, "pai": name(action.tile)}
    if isinstance(action, NineTerminals):
        return {"type": "ryukyoku", "actor": seat}
    return dict(_NONE)


def default_action(observation: Observation) -> Action:
    """What is played for a player that cannot choose: on its turn the tile just drawn
    (else its first legal discard), otherwise a pass."""
    legal = observation.legal_actions
    discards = [a for a in legal if isinstance(a, Discard) and not a.riichi]
    if discards:
        return next((a for a in discards if a.tile == observation.drawn), discards[0])
    return legal.first(Pass) or legal[0]


@attrs.define
class _Hidden:
    """A tile of another seat's hand that the events have not named yet: its place in
    the wall (``where``: "hand", "live" or "rinshan", and the index there)."""

    where: str
    index: int
    tile: TileId | None = None


class _Layout:
    """One round's events laid out as a wall and the decisions to replay on it."""

    def __init__(self, seat: int, players: int, red: bool) -> None:
        self.seat = seat
        self.players = players
        self.red = red
        ids = range(136) if players == 4 else THREE_PLAYER_IDS
        self.pool: dict[Tile, list[TileId]] = {}
        for i in ids:
            self.pool.setdefault(self.tile(i), []).append(TileId(i))
        self.mine: list[TileId] = []
        self.drawn: TileId | None = None
        self.start_hands: list[list[_Hidden | TileId]] = []
        self.held: list[list[_Hidden]] = [[] for _ in range(players)]
        self.live: list[_Hidden | TileId] = []
        self.rinshan: list[_Hidden | TileId] = []
        self.indicators: list[TileId] = []
        self.replacement_next = [False] * players

    def tile(self, tile_id: int) -> Tile:
        return Tile.from_id136(tile_id, red_fives=self.red)

    def take(self, name: object) -> TileId:
        """A fresh id for a tile the events name."""
        tile = tile_from_name(name)
        if not self.red:
            tile = Tile(tile.kind)
        ids = self.pool.get(tile)
        if not ids:
            raise InvalidLogError(f"more copies of {quote(name)} than the game holds")
        return ids.pop(0)

    def deal(self, tehais: object) -> None:
        if not isinstance(tehais, list) or len(tehais) < self.players:
            raise InvalidLogError(f"start_kyoku's tehais are one hand a seat, got {quote(tehais)}")
        for seat in range(self.players):
            if seat == self.seat:
                hand = tehais[seat]
                if not isinstance(hand, list) or len(hand) != 13:
                    raise InvalidLogError(f"the bot's hand is 13 tiles, got {quote(hand)}")
                self.mine = [self.take(t) for t in hand]
                self.start_hands.append(list(self.mine))
            else:
                slots = [_Hidden("hand", k) for k in range(13)]
                self.start_hands.append(list(slots))
                self.held[seat] = list(slots)

    def give(self, seat: int, name: object, *, drawn: bool = False) -> TileId:
        """A tile that leaves ``seat``'s hand: one of the bot's own ids, or a hidden tile
        named now (the one just drawn for a tsumogiri, one held before otherwise)."""
        if seat == self.seat:
            tile = tile_from_name(name)
            matches = [i for i in self.mine if self.tile(i) == tile
                       or (not self.red and self.tile(i).kind == tile.kind)]
            if drawn and self.drawn in matches:
                choice: TileId | None = self.drawn
            else:
                others = [i for i in matches if i != self.drawn]
                choice = others[0] if others else (matches[0] if matches else None)
            if choice is None:
                raise InvalidLogError(f"seat {seat} does not hold {quote(name)}")
            self.mine.remove(choice)
            return choice
        hidden = self.held[seat]
        if not hidden:
            raise InvalidLogError(f"seat {seat} has no tile left to show as {quote(name)}")
        slot = hidden[-1] if drawn or len(hidden) == 1 else hidden[0]
        hidden.remove(slot)
        slot.tile = self.take(name)
        return slot.tile

    def draw(self, seat: int, name: object) -> None:
        rinshan = self.replacement_next[seat]
        self.replacement_next[seat] = False
        place = self.rinshan if rinshan else self.live
        if seat == self.seat:
            tile = self.take(name)
            self.mine.append(tile)
            self.drawn = tile
            place.append(tile)
        else:
            slot = _Hidden("rinshan" if rinshan else "live", len(place))
            self.held[seat].append(slot)
            place.append(slot)

    def wall(self) -> Wall:
        """The wall: the tiles the events named where they were, any unseen tile elsewhere."""
        free = sorted(i for ids in self.pool.values() for i in ids)

        def fill(items: Iterable[_Hidden | TileId], size: int) -> list[TileId]:
            out = [item.tile if isinstance(item, _Hidden) and item.tile is not None
                   else None if isinstance(item, _Hidden) else item for item in items]
            out += [None] * (size - len(out))
            return [free.pop() if i is None else i for i in out]

        live_size, rinshan_size, shown = _LAYOUT[self.players]
        if len(self.live) > live_size or len(self.rinshan) > rinshan_size:
            raise InvalidLogError("more draws than the wall holds")
        hands = tuple(tuple(fill(hand, 13)) for hand in self.start_hands)
        extra = self.indicators[shown:]
        # a three-player wall keeps its last indicators at the live wall's end
        places = [live_size - 2 - 2 * k for k in range(len(extra))]
        if any(p < len(self.live) for p in places):
            raise InvalidLogError("a dora indicator where a tile was drawn")
        live = fill(self.live, live_size)
        for place, tile in zip(places, extra, strict=True):
            free.append(live[place])
            live[place] = tile
        return Wall(hands=hands, live=tuple(live), rinshan=tuple(fill(self.rinshan,
                                                                      rinshan_size)),
                    dora=tuple(fill(self.indicators[:shown], shown)),
                    ura=tuple(fill((), shown)))


class MjaiBot:
    """A ``Player`` (made by ``make_player(rules)`` once the table's rules are known) as
    an mjai bot: ``react`` takes one input line's events and gives the answer.

    Raises nothing on bad input: an event it cannot follow is answered with ``none``
    (and said on ``log``), and the next ``start_kyoku`` starts afresh.
    """

    def __init__(self, make_player: Callable[[Rules], Player], *,
                 log: TextIO | None = None) -> None:
        self.make_player = make_player
        self.log = log
        self.seat: int | None = None
        self.red: bool | None = None
        self.player: Player | None = None
        self.rules: Rules | None = None
        self.start: Event | None = None
        self.events: list[Event] = []
        self.riichi_tile: TileId | None = None

    def react(self, events: list[Event]) -> Event:
        """The answer to one line of events: the action on the last, or ``none``."""
        for event in events:
            self._take(event)
        if self.start is None or self.seat is None or not events:
            return dict(_NONE)
        try:
            return self._decide()
        except MahjongError as error:
            self._say(f"cannot follow the round ({error}); answering none")
            return dict(_NONE)

    def _say(self, text: str) -> None:
        if self.log is not None:
            print(f"mjai-bot: {text}", file=self.log, flush=True)

    def _take(self, event: Event) -> None:
        kind = event.get("type")
        if kind == "start_game":
            seat = event.get("id")
            self.seat = seat if type(seat) is int and 0 <= seat < 4 else 0
            aka = event.get("aka_flag")
            self.red = aka if type(aka) is bool else None
            self.player = None
            self.start = None
        elif kind == "start_kyoku":
            self.start = event
            self.events = []
            self.riichi_tile = None
        elif kind in ("end_kyoku", "end_game"):
            self.start = None
        elif self.start is not None and kind != "none":
            self.events.append(event)

    def _players(self) -> int:
        assert self.start is not None
        scores = self.start.get("scores")
        tehais = self.start.get("tehais")
        if isinstance(scores, list) and len(scores) == 3:
            return 3
        if (isinstance(tehais, list) and len(tehais) == 4 and isinstance(scores, list)
                and scores[3] == 0 and isinstance(tehais[3], list)
                and all(t == "?" for t in tehais[3]) and self.seat != 3 and not any(
                    e.get("actor") == 3 for e in self.events)):
            return 3
        return 4

    def _red(self) -> bool:
        if self.red is not None:
            return self.red
        names = [str(t) for t in _named_tiles(self.start, self.events)]
        if any(n.endswith("r") for n in names):
            return True
        return not any(names.count(f"5{suit}") == 4 for suit in "mps")

    def _decide(self) -> Event:
        assert self.start is not None and self.seat is not None
        players = self._players()
        rules = TENHOU_RULES if players == 4 else TENHOU_SANMA_RULES
        red = self._red()
        if red != rules.red_fives:
            rules = attrs.evolve(rules, red_fives=red)
        if self.player is None or self.rules != rules:
            self.player, self.rules = self.make_player(rules), rules
        game_round, riichi = _replay(self.start, self.events, self.seat, players, rules)
        if self.seat not in game_round.to_act:
            return dict(_NONE)
        seen = game_round.observe(self.seat)
        seen = _with_riichi(seen, riichi, self.events)
        last = self.events[-1] if self.events else {}
        if last.get("type") == "reach" and last.get("actor") == self.seat:
            return self._riichi_discard(seen)
        try:
            action = self.player.choose(seen)
        except Exception as error:  # the player's own failure: the bot plays on
            self._say(f"the player failed ({type(error).__name__}: {error}); playing the "
                      "default")
            action = default_action(seen)
        if action not in seen.legal_actions:
            self._say(f"the player chose {quote(action)}, which is not legal; playing the "
                      "default")
            action = default_action(seen)
        if isinstance(action, Discard) and action.riichi:
            self.riichi_tile = action.tile
        return action_to_mjai(action, seen)

    def _riichi_discard(self, seen: Observation) -> Event:
        """The dahai after the bot's own reach: the tile chosen with it."""
        options = [a for a in seen.legal_actions if isinstance(a, Discard) and a.riichi]
        if not options:
            raise IllegalActionError("no riichi discard is legal after the reach")
        chosen = next((a for a in options if a.tile == self.riichi_tile), None)
        if chosen is None:
            assert self.player is not None
            pick = self.player.choose(attrs.evolve(seen, legal_actions=type(
                seen.legal_actions)(options, drawn=seen.drawn, red_fives=seen.rules.red_fives)))
            chosen = pick if isinstance(pick, Discard) and pick in options else options[0]
        return action_to_mjai(Discard(chosen.seat, chosen.tile), seen)


def _named_tiles(start: Event | None, events: list[Event]) -> list[object]:
    names: list[object] = []
    if start is not None:
        tehais = start.get("tehais")
        for hand in tehais if isinstance(tehais, list) else []:
            names += hand if isinstance(hand, list) else []
        names.append(start.get("dora_marker"))
    for event in events:
        for key in ("pai", "dora_marker"):
            if key in event:
                names.append(event[key])
        consumed = event.get("consumed")
        if isinstance(consumed, list):
            names += consumed
    return [n for n in names if n != "?"]


def _with_riichi(seen: Observation, riichi: list[int], events: list[Event]) -> Observation:
    """The observation with the other seats' riichi, which the replay made plain discards:
    flags, sticks and scores as the table has them."""
    if not riichi:
        return seen
    flags = list(seen.riichi)
    scores = list(seen.scores)
    sticks = seen.sticks
    accepted = [e.get("actor") for e in events if e.get("type") == "reach_accepted"]
    for seat in riichi:
        flags[seat] = True
        if seat in accepted:
            scores[seat] -= 1000
            sticks += 1
    return attrs.evolve(seen, riichi=tuple(flags), scores=tuple(scores), sticks=sticks)


_ACTED = ("tsumo", "dahai", "reach", "chi", "pon", "daiminkan", "ankan", "kakan", "kita",
          "nukidora")
"""The events that name a seat as their ``actor``."""
_ANSWERED = ("dahai", "kakan", "ankan", "kita", "nukidora")
"""The events the other seats may answer (a win or a call on the tile)."""


def _replay(start: Event, events: list[Event], seat: int, players: int, rules: Rules
            ) -> tuple[Round, list[int]]:
    """The round as the events have played it, laid out and replayed through the engine;
    and the other seats in riichi (replayed as plain discards)."""
    layout = _Layout(seat, players, rules.red_fives)
    layout.deal(start.get("tehais"))
    layout.indicators.append(layout.take(start.get("dora_marker")))
    decisions: list[tuple[int, Action]] = []
    follower = _Follower(layout)
    for event in events:
        kind = event.get("type")
        if kind == "dora":
            layout.indicators.append(layout.take(event.get("dora_marker")))
        elif kind in _ACTED:
            actor = event.get("actor")
            if type(actor) is not int or not 0 <= actor < players:
                raise InvalidLogError(f"a {kind} event's actor is a seat, got {quote(actor)}")
            decision = follower.follow(str(kind), actor, event)
            if decision is not None:
                decisions.append((actor, decision))
    moves = [e.get("type") for e in events if e.get("type") not in (
        "dora", "reach_accepted", "reach")]
    answering = bool(moves) and moves[-1] in _ANSWERED
    return _apply_all(start, layout, decisions, seat, rules, answering)


class _Follower:
    """Each seat's event as a decision to replay, its tiles named on the layout."""

    def __init__(self, layout: _Layout) -> None:
        self.layout = layout
        self.reach: int | None = None
        self.last_discard: TileId | None = None

    def follow(self, kind: str, actor: int, event: Event) -> Action | None:
        layout = self.layout
        if kind == "tsumo":
            layout.draw(actor, event.get("pai"))
            return None
        if kind == "reach":
            self.reach = actor
            return None
        if kind == "dahai":
            tile = layout.give(actor, event.get("pai"), drawn=event.get("tsumogiri") is True)
            riichi, self.reach, self.last_discard = self.reach == actor, None, tile
            if actor == layout.seat:
                layout.drawn = None
            return Discard(actor, tile, riichi=riichi)
        if kind in _CALLS:
            return _call(layout, actor, kind, event, self.last_discard)
        layout.replacement_next[actor] = True  # a kan or a north tile: a replacement draw
        if kind == "ankan":
            consumed = event.get("consumed")
            if not isinstance(consumed, list) or len(consumed) != 4:
                raise InvalidLogError(f"an ankan consumes four tiles, got {quote(consumed)}")
            ids = [layout.give(actor, name) for name in consumed]
            return ClosedKan(actor, Tile(ids[0] // 4))
        if kind == "kakan":
            return AddedKan(actor, layout.give(actor, event.get("pai")))
        return Kita(actor, layout.give(actor, event.get("pai", "N")))


def _call(layout: _Layout, actor: int, kind: object, event: Event,
          last_discard: TileId | None) -> Action:
    consumed = event.get("consumed")
    if last_discard is None or not isinstance(consumed, list) or not 2 <= len(consumed) <= 3:
        raise InvalidLogError(f"a {kind} calls the last discard with its own tiles, got "
                              f"{quote(event)}")
    own = [layout.give(actor, name) for name in consumed]
    if kind == "daiminkan":
        layout.replacement_next[actor] = True
        return OpenKan(actor)
    pair = (own[0], own[1])
    return Chi(actor, pair) if kind == "chi" else Pon(actor, pair)


def _apply_all(start: Event, layout: _Layout, decisions: list[tuple[int, Action]], seat: int,
               rules: Rules, answering: bool) -> tuple[Round, list[int]]:
    """Replay the decisions; other seats that were asked about a discard pass unless
    they called it. ``answering``: the last event is a tile the others may still claim,
    so the bot's seat is left to answer it."""
    players = layout.players
    bakaze = start.get("bakaze")
    kyoku = start.get("kyoku")
    oya = start.get("oya")
    scores = start.get("scores")
    if bakaze not in ("E", "S", "W", "N") or type(kyoku) is not int or type(oya) is not int:
        raise InvalidLogError(f"start_kyoku names its wind, kyoku and dealer, got {quote(start)}")
    if not isinstance(scores, list):
        raise InvalidLogError(f"start_kyoku's scores are a list, got {quote(scores)}")
    honba, sticks = start.get("honba", 0), start.get("kyotaku", start.get("kyoutaku", 0))
    if type(honba) is not int or type(sticks) is not int:
        raise InvalidLogError(f"start_kyoku's honba and kyotaku are ints, got {quote(start)}")
    table = TENHOU_TABLE if players == 4 else TENHOU_SANMA_TABLE
    game_round = Round(layout.wall(), dealer=oya, round_wind=_wind(bakaze),
                       dealer_index=min(kyoku - 1, players - 1), honba=honba,
                       sticks=sticks, scores=scores[:players], rules=rules,
                       table=table)
    riichi: list[int] = []
    for actor, action in decisions:
        if game_round.phase in (Phase.CALLS, Phase.CHANKAN):
            for other in game_round.to_act:
                if other != actor or isinstance(action, Discard | ClosedKan | AddedKan | Kita):
                    game_round.apply(Pass(other))
        if isinstance(action, Discard) and action.riichi and actor != seat:
            # another seat's hidden tiles are stand-ins, so its riichi is replayed as a
            # plain discard (the engine would hold the stand-ins to riichi's rules) and
            # put back into the observation
            game_round.apply(Discard(actor, action.tile))
            riichi.append(actor)
            continue
        game_round.apply(action)
    if game_round.phase in (Phase.CALLS, Phase.CHANKAN):
        for other in game_round.to_act:
            if other != seat or not answering:
                game_round.apply(Pass(other))
    return game_round, riichi


def _wind(letter: object) -> Wind:
    return Wind(_WINDS.index(str(letter)))


def _read(line: str) -> list[Event] | None:
    try:
        value = json.loads(line)
    except ValueError:
        return None
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
        return None
    return value


def serve(make_player: Callable[[Rules], Player], stdin: TextIO = sys.stdin,
          stdout: TextIO = sys.stdout, log: TextIO | None = sys.stderr) -> int:
    """Answer each line of ``stdin`` with one line on ``stdout`` until the input ends
    (or ``end_game``); a line that is not JSON events is answered with ``none``."""
    bot = MjaiBot(make_player, log=log)
    for line in stdin:
        if not line.strip():
            continue
        events = _read(line)
        if events is None:
            bot._say(f"not a JSON event or array of events: {quote(line.strip())}")
            answer = dict(_NONE)
        else:
            answer = bot.react(events)
        stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
        stdout.flush()
        if events and any(e.get("type") == "end_game" for e in events):
            break
    return 0
