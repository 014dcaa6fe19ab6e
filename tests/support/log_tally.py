"""Counts read straight from the tags of Tenhou mjlog documents, as the server wrote them.

An oracle for the statistics and tidy tables: it never plays a game through the engine
and imports nothing of the library, it only reads what the server recorded (``UN``
names, ``INIT`` deals, ``N`` calls, ``REACH`` sticks, ``AGARI`` wins with their yaku ids
and values, ``RYUUKYOKU`` draws, the ``owari`` standing).
"""

from __future__ import annotations

import collections
import re
import urllib.parse
from collections.abc import Iterable

import attrs

_TAG = re.compile(r"<(\w+)((?:\s+[\w.]+\s*=\s*\"[^\"]*\")*)\s*/?>")
_ATTR = re.compile(r"([\w.]+)\s*=\s*\"([^\"]*)\"")

TENHOU_YAKU = dict(enumerate((
    "menzen_tsumo", "riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei", "pinfu",
    "tanyao", "iipeikou", "seat_wind", "seat_wind", "seat_wind", "seat_wind", "round_wind",
    "round_wind", "round_wind", "round_wind", "haku", "hatsu", "chun", "double_riichi",
    "chiitoitsu", "chanta", "ittsu", "sanshoku", "sanshoku_doukou", "sankantsu", "toitoi",
    "sanankou", "shousangen", "honroutou", "ryanpeikou", "junchan", "honitsu", "chinitsu",
    "renhou", "tenhou", "chiihou", "daisangen", "suuankou", "suuankou_tanki", "tsuuiisou",
    "ryuuiisou", "chinroutou", "chuuren", "junsei_chuuren", "kokushi", "kokushi_13",
    "daisuushii", "shousuushii", "suukantsu")))
"""Tenhou's yaku ids 0-51 and their names in the library's JSON (52-54 are dora)."""

_STEPS = {"T": "draw", "U": "draw", "V": "draw", "W": "draw",
          "D": "discard", "E": "discard", "F": "discard", "G": "discard"}

DRAW_KINDS = {"": "exhaustive", "nm": "nagashi_mangan", "yao9": "nine_terminals",
              "kaze4": "four_winds", "reach4": "four_riichi", "kan4": "four_kans",
              "ron3": "triple_ron"}
"""A ``RYUUKYOKU``'s ``type`` and the draw it is."""


@attrs.frozen
class LoggedWin:
    """An ``AGARI`` as written: round number, winner, discarder, fu, points, yaku names."""

    round: int
    winner: int
    from_seat: int
    fu: int
    points: int
    yaku: frozenset[str]


@attrs.define
class LoggedGame:
    """What one document records."""

    names: list[str] = attrs.field(factory=list)
    players: int = 4
    rounds: int = 0
    final_scores: list[int] = attrs.field(factory=list)
    riichi: collections.Counter[int] = attrs.field(factory=collections.Counter)
    calls: collections.Counter[int] = attrs.field(factory=collections.Counter)
    """Rounds in which each seat called a chi, pon or open kan."""
    wins: list[LoggedWin] = attrs.field(factory=list)
    draws: collections.Counter[str] = attrs.field(factory=collections.Counter)
    steps: collections.Counter[str] = attrs.field(factory=collections.Counter)
    """Tiles drawn (``draw``) and discarded (``discard``), melds called or declared
    (``meld``), dora indicators turned over after the first (``dora``)."""

    @property
    def places(self) -> list[int]:
        """Each seat's place from 1, by final score, ties by seat."""
        order = sorted(range(self.players), key=lambda s: (-self.final_scores[s], s))
        return [order.index(seat) + 1 for seat in range(self.players)]


def _ints(text: str | None) -> list[int]:
    return [int(x) for x in (text or "").split(",") if x.strip()]


def _opens(code: int) -> bool:
    """Whether an ``N`` meld code is a chi, a pon or an open kan (not an added or closed
    kan, not a north tile set aside)."""
    if code & 0x4 or code & 0x8:
        return True
    if code & 0x10 or code & 0x20:
        return False
    return code & 0x3 != 0   # a kan called from another seat


def read_game(xml: str) -> LoggedGame:
    """The counts of one mjlog document."""
    game = LoggedGame()
    called: set[int] = set()
    for match in _TAG.finditer(xml):
        tag, attrs_ = match.group(1), dict(_ATTR.findall(match.group(2)))
        step = _STEPS.get(tag[0]) if tag[1:].isdigit() else None
        if step is not None:
            game.steps[step] += 1
            continue
        if tag == "GO":
            game.players = 3 if int(attrs_.get("type", "0")) & 0x10 else 4
        elif tag == "UN" and "n0" in attrs_ and not game.names:  # later UN: a reconnection
            game.names = [urllib.parse.unquote(attrs_.get(f"n{i}", "")) for i in range(4)]
        elif tag == "INIT":
            game.rounds += 1
            called = set()
        elif tag == "DORA":
            game.steps["dora"] += 1
        elif tag == "N":
            game.steps["meld"] += 1
            who = int(attrs_["who"])
            if _opens(int(attrs_["m"])) and who not in called:
                called.add(who)
                game.calls[who] += 1
        elif tag == "REACH" and attrs_.get("step") == "2":
            game.riichi[int(attrs_["who"])] += 1
        elif tag == "AGARI":
            fu, points = _ints(attrs_.get("ten"))[:2]
            ids = _ints(attrs_.get("yaku"))[0::2] + _ints(attrs_.get("yakuman"))
            game.wins.append(LoggedWin(game.rounds - 1, int(attrs_["who"]),
                                       int(attrs_["fromWho"]), fu, points,
                                       frozenset(TENHOU_YAKU[i] for i in ids if i in TENHOU_YAKU)))
        elif tag == "RYUUKYOKU":
            game.draws[DRAW_KINDS[attrs_.get("type", "")]] += 1
        if tag in ("AGARI", "RYUUKYOKU") and "owari" in attrs_:
            standing = attrs_["owari"].split(",")
            game.final_scores = [int(s) * 100 for s in standing[0::2][:game.players]]
    game.names = game.names[:game.players]
    return game


def stats_json(games: Iterable[LoggedGame]) -> dict[str, object]:
    """The ``stats --json`` answer for these games, counted from their tags."""
    players: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    places: dict[str, list[int]] = collections.defaultdict(list)
    yaku: collections.Counter[str] = collections.Counter()
    total_games = total_rounds = 0
    for game in games:
        total_games += 1
        total_rounds += game.rounds
        for seat, name in enumerate(game.names):
            counts = players[name]
            counts["games"] += 1
            counts["rounds"] += game.rounds
            counts["riichi"] += game.riichi[seat]
            places[name].append(game.places[seat])
            counts["seats"] = max(counts["seats"], game.players)
        dealt_in = set()
        for win in game.wins:
            counts = players[game.names[win.winner]]
            counts["wins"] += 1
            counts["win_points"] += win.points
            if win.winner == win.from_seat:
                counts["tsumo"] += 1
            elif (win.round, win.from_seat) not in dealt_in:
                dealt_in.add((win.round, win.from_seat))
                players[game.names[win.from_seat]]["deal_ins"] += 1
            yaku.update(win.yaku)
    out = {}
    for name, counts in players.items():
        placements = [places[name].count(place) for place in range(1, counts["seats"] + 1)]
        out[name] = {"games": counts["games"], "rounds": counts["rounds"],
                     "placements": placements, "wins": counts["wins"],
                     "tsumo": counts["tsumo"], "deal_ins": counts["deal_ins"],
                     "riichi": counts["riichi"], "win_points": counts["win_points"]}
    return {"games": total_games, "rounds": total_rounds, "errors": 0, "players": out,
            "yaku": dict(yaku)}
