"""Shared helpers of the table-engine tests: stacked walls and small drivers for a round.

A stacked wall is written in mpsz: the four dealt hands (seat 0 first), the first live
draws in drawing order, and the dead wall's parts; every place left open is filled with
the unused tile ids, ascending (the dead wall's open places first, then the live wall's).
A ``"0"`` rank is a red five (id 16, 52 or 88); a plain five never takes the red id.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mahjong_core import Tile, TileId, Wind, parse_tiles
from mahjong_core.table import (
    TENHOU_TABLE,
    Action,
    Chi,
    Discard,
    Draw,
    DrawKind,
    Pass,
    Phase,
    Pon,
    Round,
    TableRules,
    Wall,
    Win,
)
from mahjong_core.table.round import _Seat

__all__ = [
    "NOTEN",
    "answer",
    "assert_same_state",
    "chi",
    "deal",
    "discard",
    "draw_kind",
    "held",
    "ids_of",
    "only_draw",
    "only_win",
    "pair_of",
    "pass_all",
    "play_out",
    "pon",
    "stacked_wall",
    "step",
    "tiles_of",
    "tsumogiri",
]

NOTEN = "147m369p147s1234z"
"""A hand far from tenpai that can call nothing: four seats holding it leave only tiles
that none of them can pon, chi or win on, so a round of it plays out untouched."""


def tiles_of(text: str) -> list[Tile]:
    """Tiles in the order written; spaces may separate groups (``"1m 5z 0p"``)."""
    return [tile for chunk in text.split() for tile in parse_tiles(chunk)]


class _Ids:
    """The unused ids of each kind, handed out lowest first."""

    def __init__(self) -> None:
        self.free = set(range(136))

    def take(self, tile: Tile, where: str) -> int:
        kind = tile.kind
        red = kind * 4 if kind in (4, 13, 22) else None
        if tile.red:
            choices = [red] if red in self.free else []
        else:
            choices = [i for i in range(4 * kind, 4 * kind + 4) if i in self.free and i != red]
        if not choices:
            raise ValueError(f"no {tile} left for {where}")
        chosen = min(choices)
        self.free.remove(chosen)
        return chosen


def stacked_wall(hands: Sequence[str], draws: str = "", *, last: str = "", rinshan: str = "",
                 dora: str = "", ura: str = "") -> Wall:
    """A wall dealing ``hands`` (seat 0 first), whose live wall starts with ``draws`` and
    ends with ``last``, and whose dead wall starts each part with ``rinshan``, ``dora``
    and ``ura``. A ``?`` among the draws is a place left to the filling.

    Raises ValueError when a kind is asked for more often than it exists.
    """
    if len(hands) != 4:
        raise ValueError("four hands, seat 0 first")
    ids = _Ids()
    dealt = [[ids.take(t, f"seat {s}'s hand") for t in tiles_of(hand)]
             for s, hand in enumerate(hands)]
    live: list[int | None] = []
    for chunk in draws.split():
        if chunk == "?":
            live.append(None)
        else:
            live += [ids.take(t, "the live wall") for t in parse_tiles(chunk)]
    end = [ids.take(t, "the live wall's end") for t in tiles_of(last)]
    parts = [[ids.take(t, name) for t in tiles_of(text)]
             for name, text in (("rinshan", rinshan), ("dora", dora), ("ura", ura))]
    rest = sorted(ids.free)
    for part, size in zip(parts, (4, 5, 5), strict=True):
        while len(part) < size:
            part.append(rest.pop(0))
    filled = [rest.pop(0) if i is None else i for i in live]
    filled += rest[:70 - len(filled) - len(end)] + end
    return Wall(dealt, filled, parts[0], parts[1], parts[2])


def deal(hands: Sequence[str], draws: str = "", *, last: str = "", rinshan: str = "",
         dora: str = "", ura: str = "", dealer: int = 0, round_wind: Wind = Wind.EAST,
         honba: int = 0, sticks: int = 0, scores: Sequence[int] | None = None,
         table: TableRules = TENHOU_TABLE) -> Round:
    """A round dealt from ``stacked_wall(hands, draws, ...)`` with Tenhou's hand rules."""
    wall = stacked_wall(hands, draws, last=last, rinshan=rinshan, dora=dora, ura=ura)
    return Round(wall, dealer=dealer, round_wind=round_wind, honba=honba, sticks=sticks,
                 scores=scores, table=table)


def held(game_round: Round, seat: int, text: str) -> TileId:
    """The id of a ``text`` tile that ``seat`` holds (the tile just drawn first)."""
    tile = Tile.parse(text)
    drawn = game_round.drawn
    red = game_round.rules.red_fives
    if (drawn is not None and game_round.current == seat
            and Tile.from_id136(drawn, red_fives=red) == tile):
        return drawn
    for tile_id in game_round.concealed(seat):
        if Tile.from_id136(tile_id, red_fives=red) == tile:
            return tile_id
    raise AssertionError(f"seat {seat} holds no {text}: {game_round.hand(seat)}")


def ids_of(game_round: Round, seat: int, text: str) -> tuple[TileId, ...]:
    """Ids that ``seat`` holds for each tile of ``text`` (``"55z"``: two distinct 5z)."""
    red = game_round.rules.red_fives
    free = list(game_round.concealed(seat))
    out = []
    for tile in tiles_of(text):
        found = next((i for i in free if Tile.from_id136(i, red_fives=red) == tile), None)
        assert found is not None, f"seat {seat} holds no more {tile}: {game_round.hand(seat)}"
        free.remove(found)
        out.append(found)
    return tuple(out)


def pair_of(game_round: Round, seat: int, text: str) -> tuple[TileId, TileId]:
    """Two ids of ``text`` tiles that ``seat`` holds."""
    first, second = ids_of(game_round, seat, text * 2)
    return first, second


def pon(game_round: Round, seat: int, text: str) -> None:
    """``seat`` calls pon with two of its own ``text`` tiles (everyone else passes)."""
    answer(game_round, Pon(seat, pair_of(game_round, seat, text)))


def chi(game_round: Round, seat: int, own: str) -> None:
    """``seat`` calls chi with its own tiles ``own`` (``"23m"``; everyone else passes)."""
    first, second = ids_of(game_round, seat, own)
    answer(game_round, Chi(seat, (first, second)))


def answer(game_round: Round, *actions: Action) -> None:
    """The given answers to the discard, every other seat asked passing."""
    seats = {a.seat for a in actions}
    for seat in game_round.to_act:
        if seat not in seats:
            game_round.apply(Pass(seat))
    for action in actions:
        game_round.apply(action)


def discard(game_round: Round, text: str, *, riichi: bool = False) -> None:
    """The seat whose turn it is discards a ``text`` tile (the drawn one if it is that)."""
    seat = game_round.current
    game_round.apply(Discard(seat, held(game_round, seat, text), riichi))


def tsumogiri(game_round: Round) -> None:
    """The seat whose turn it is throws the tile it drew."""
    drawn = game_round.drawn
    assert drawn is not None, "no tile was drawn"
    game_round.apply(Discard(game_round.current, drawn))


def pass_all(game_round: Round) -> None:
    """Every seat asked about a discard or an added kan lets it go."""
    while game_round.phase in (Phase.CALLS, Phase.CHANKAN):
        game_round.apply(Pass(game_round.to_act[0]))


def step(game_round: Round, *texts: str) -> None:
    """Discards in turn, each let go by everyone: ``step(r, "1m", "9p")``; ``"*"`` is a
    tsumogiri and a trailing ``"!"`` a riichi (``"3m!"``)."""
    for text in texts:
        riichi = text.endswith("!")
        text = text.rstrip("!")
        if text == "*":
            drawn = game_round.drawn
            assert drawn is not None
            game_round.apply(Discard(game_round.current, drawn, riichi))
        else:
            discard(game_round, text, riichi=riichi)
        pass_all(game_round)


def play_out(game_round: Round) -> None:
    """Tsumogiri and pass until the round ends (nobody wins, calls or declares)."""
    while not game_round.is_over:
        if game_round.phase is Phase.TURN:
            tsumogiri(game_round)
        else:
            pass_all(game_round)


def only_draw(game_round: Round) -> Draw:
    """The round's single result, which must be a draw."""
    (result,) = game_round.results
    assert isinstance(result, Draw), result
    return result


def only_win(game_round: Round) -> Win:
    """The round's single result, which must be a win."""
    (result,) = game_round.results
    assert isinstance(result, Win), result
    return result


def draw_kind(game_round: Round) -> DrawKind:
    """The kind of the round's draw."""
    return only_draw(game_round).kind


_TAG = re.compile(r"<([A-Z]+)((?:\s+[A-Za-z0-9]+=\"[^\"]*\")*)\s*(/?)>")


_ATTR = re.compile(r'([A-Za-z0-9]+)="([^"]*)"')


_KEPT = {
    "AGARI": {"who", "fromWho", "doraHaiUra"},
    "REACH": {"who", "step"},
}


_ABORTS = {"yao9", "kaze4", "reach4", "kan4", "ron3"}


def blank(document: str) -> str:
    """The game with every outcome the server worked out left out: later deals keep only
    the hands, dice and dora indicator, wins only who won from whom (and the ura
    indicators), draws only the kind of an abortive one, riichi only who and the step."""
    inits = 0

    def rewrite(match: re.Match[str]) -> str:
        nonlocal inits
        name, body, close = match.groups()
        pairs = _ATTR.findall(body)
        if name == "INIT":
            inits += 1
            if inits == 1:
                return match.group(0)
            kept = []
            for key, value in pairs:
                if key == "seed":
                    kept.append((key, ",,," + ",".join(value.split(",")[3:])))
                elif key not in ("ten", "oya"):
                    kept.append((key, value))
            pairs = kept
        elif name in _KEPT:
            pairs = [(k, v) for k, v in pairs if k in _KEPT[name]]
        elif name == "RYUUKYOKU":
            pairs = [(k, v) for k, v in pairs if k == "type" and v in _ABORTS]
        else:
            return match.group(0)
        return "<" + name + "".join(f' {k}="{v}"' for k, v in pairs) + (" /" if close else "") \
            + ">"

    return _TAG.sub(rewrite, document)


def whole_state(game_round: Round) -> dict[str, object]:
    """Everything a round keeps (its private fields, each seat's slots among them, the
    kept tiles as their keys), what anyone reads of it (its record, each seat's
    observation, on a copy) and its legal lists: for comparing two rounds."""
    state = {name: getattr(game_round, name) for name in
             {*vars(game_round), "_open_view", "_shown"} if name != "_seats"}
    for seat, me in enumerate(game_round._seats):
        for slot in _Seat.__slots__:
            value = getattr(me, slot)
            state[f"seat {seat} {slot}"] = value.keys() if slot == "kept" else value
    twin = game_round.copy()
    state["record"] = twin.record()
    for seat in range(game_round.players):
        state[f"observation {seat}"] = twin.observe(seat)
        state[f"legal {seat}"] = twin.legal_actions(seat)
    return state


def assert_same_state(got: Round, expected: Round) -> None:
    """``got`` keeps and shows exactly what ``expected`` does (``whole_state``); the
    fields that differ are named."""
    mine, theirs = whole_state(got), whole_state(expected)
    assert mine.keys() == theirs.keys(), mine.keys() ^ theirs.keys()
    differ = [name for name in mine if mine[name] != theirs[name]]
    assert not differ, differ
