"""Statistics over played or recorded games, summed per player and over a corpus.

``stats_of(record)`` sums up one game as a ``CorpusStats``; corpus figures are the sum of
the games' (``a + b``, or ``a.merge(b)`` in place), and a sum is the same whatever the
order or grouping, so games may be counted on many processes and added up anywhere.
Nothing but counts is kept: a corpus of any size takes the memory of its players.

>>> from mahjong_core.table import Game
>>> game = Game()
>>> stats = stats_of(game.record(), names=["A", "B", "C", "D"])
>>> stats.games, stats.players["A"].games
(1, 1)
>>> total = stats + stats
>>> total.games, total.players["B"].placements
(2, (0, 2, 0, 0))
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence

import attrs

from .errors import InvalidContextError, quote
from .formats.game_log import GameLog
from .meld import MeldKind
from .table import Draw, GameRecord, MeldCalled, RiichiAccepted, RoundRecord, Win

__all__ = ["CALL_KINDS", "CorpusStats", "GameFilter", "PlayerStats", "seat_names", "stats_of",
           "sum_stats"]

CALL_KINDS = frozenset({MeldKind.CHI, MeldKind.PON, MeldKind.MINKAN})
"""The melds called from a discard: chi, pon and open kan (an added kan follows a pon,
a closed kan is not called)."""


def _add_places(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Placement counts added place by place (three places and four add up to four)."""
    if len(a) < len(b):
        a, b = b, a
    return tuple(x + (b[i] if i < len(b) else 0) for i, x in enumerate(a))


@attrs.frozen
class PlayerStats:
    """One player's counts over the games they sat in (see ``CorpusStats``)."""

    games: int = 0
    rounds: int = 0
    """Rounds played in those games."""
    placements: tuple[int, ...] = ()
    """Games finished 1st, 2nd, 3rd (and 4th at four players), by final score, equal
    scores ranked by seat order from the first dealer."""
    wins: int = 0
    """Wins (each winner of a double ron counts)."""
    tsumo: int = 0
    """Of the wins, the self-drawn ones."""
    deal_ins: int = 0
    """Rounds in which a win was made on this player's discard, added kan or north tile
    (a double ron counts once)."""
    riichi: int = 0
    """Riichi declarations that stood: the discard was not won on, the stick was paid."""
    calls: int = 0
    """Rounds in which this player called a chi, pon or open kan."""
    win_points: int = 0
    """The points of the wins: the hands' values, without honba or riichi sticks."""
    deal_in_points: int = 0
    """The points of the wins made on this player (every winner of a double ron)."""

    def __add__(self, other: PlayerStats) -> PlayerStats:
        """Both players' counts added up."""
        if not isinstance(other, PlayerStats):
            return NotImplemented
        return PlayerStats(
            self.games + other.games, self.rounds + other.rounds,
            _add_places(self.placements, other.placements), self.wins + other.wins,
            self.tsumo + other.tsumo, self.deal_ins + other.deal_ins,
            self.riichi + other.riichi, self.calls + other.calls,
            self.win_points + other.win_points, self.deal_in_points + other.deal_in_points)

    @property
    def average_place(self) -> float | None:
        """The mean final place (1 is first), None without games."""
        games = sum(self.placements)
        if not games:
            return None
        return sum(place * count for place, count in enumerate(self.placements, 1)) / games

    def to_json(self) -> dict[str, object]:
        """The counts under the ``stats --json`` answer's names (see docs/stats.md)."""
        return {"games": self.games, "rounds": self.rounds,
                "placements": list(self.placements), "wins": self.wins, "tsumo": self.tsumo,
                "deal_ins": self.deal_ins, "riichi": self.riichi,
                "win_points": self.win_points}


@attrs.define(eq=True)
class CorpusStats:
    """Counts summed over games: per player (by name) and over all of them.

    Add two with ``+`` (a new object) or ``merge`` (in place); the sum of the same games
    is equal whatever their order or grouping. ``to_json`` is the ``stats --json`` answer.
    """

    games: int = 0
    rounds: int = 0
    errors: int = 0
    """Games that could not be read or replayed (counted by the caller, see ``failed``)."""
    wins: int = 0
    """Wins in all (each winner of a double ron counts)."""
    players: dict[str, PlayerStats] = attrs.field(factory=dict)
    """Each player's counts, by name."""
    yaku: dict[str, int] = attrs.field(factory=dict)
    """How many wins had each yaku (by its JSON name; dora are not yaku)."""
    draws: dict[str, int] = attrs.field(factory=dict)
    """Rounds that ended without a win, by the draw's kind (``DrawKind`` values)."""

    @classmethod
    def failed(cls) -> CorpusStats:
        """What a game that cannot be read or replayed adds: one error."""
        return cls(errors=1)

    def merge(self, other: CorpusStats) -> CorpusStats:
        """Add ``other``'s counts to this object's (``other`` is left as it is); returns
        self. Raises InvalidContextError for anything but a CorpusStats."""
        if not isinstance(other, CorpusStats):
            raise InvalidContextError(f"a CorpusStats merges another, got {quote(other)}")
        self.games += other.games
        self.rounds += other.rounds
        self.errors += other.errors
        self.wins += other.wins
        players = self.players
        for name, counts in other.players.items():
            mine = players.get(name)
            players[name] = counts if mine is None else mine + counts
        _add_counts(self.yaku, other.yaku)
        _add_counts(self.draws, other.draws)
        return self

    def __add__(self, other: CorpusStats) -> CorpusStats:
        """Both sums added up, in a new object."""
        if not isinstance(other, CorpusStats):
            return NotImplemented
        return self.copy().merge(other)

    def copy(self) -> CorpusStats:
        """An independent copy (its dicts are new; the PlayerStats are values)."""
        return CorpusStats(self.games, self.rounds, self.errors, self.wins,
                           dict(self.players), dict(self.yaku), dict(self.draws))

    def only(self, names: Iterable[str]) -> CorpusStats:
        """A copy that keeps only the players of ``names`` (the corpus counts stay)."""
        keep = set(names)
        out = self.copy()
        out.players = {name: p for name, p in self.players.items() if name in keep}
        return out

    def to_json(self) -> dict[str, object]:
        """The ``stats --json`` answer: players sorted by name, yaku by count (most
        first) then name, so equal sums give equal text."""
        return {"games": self.games, "rounds": self.rounds, "errors": self.errors,
                "players": {name: self.players[name].to_json()
                            for name in sorted(self.players)},
                "yaku": dict(_by_count(self.yaku))}

    def table(self) -> str:
        """The figures as a readable text table (see docs/stats.md)."""
        return "\n".join([*_corpus_lines(self), "", *_player_lines(self), "",
                          *_yaku_lines(self)])


def _add_counts(into: dict[str, int], counts: Mapping[str, int]) -> None:
    for key, count in counts.items():
        into[key] = into.get(key, 0) + count


def _by_count(counts: Mapping[str, int]) -> list[tuple[str, int]]:
    """Counts, the largest first, equal counts by name."""
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def _rate(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}" if whole else "-"


def _mean(total: int, count: int) -> str:
    return f"{total / count:.0f}" if count else "-"


def _corpus_lines(stats: CorpusStats) -> list[str]:
    drawn = sum(stats.draws.values())
    kinds = ", ".join(f"{kind} {count}" for kind, count in _by_count(stats.draws))
    return [f"{stats.games} games, {stats.rounds} rounds, {stats.errors} errors",
            f"{stats.wins} wins, {drawn} draws" + (f" ({kinds})" if kinds else "")]


_PLAYER_HEAD = ("player", "games", "rounds", "1st", "2nd", "3rd", "4th", "place", "win%",
                "tsumo%", "deal-in%", "riichi%", "call%", "avg win", "avg deal-in")


def _player_lines(stats: CorpusStats) -> list[str]:
    """A line per player, the most games first (equal counts by name)."""
    rows: list[tuple[str, ...]] = [_PLAYER_HEAD]
    order = sorted(stats.players.items(), key=lambda item: (-item[1].games, item[0]))
    for name, p in order:
        places = [str(n) for n in (*p.placements, 0, 0, 0, 0)[:4]]
        if len(p.placements) == 3:
            places[3] = "-"
        average = p.average_place
        rows.append((_shown(name)[:24], str(p.games), str(p.rounds), *places,
                     "-" if average is None else f"{average:.2f}", _rate(p.wins, p.rounds),
                     _rate(p.tsumo, p.wins), _rate(p.deal_ins, p.rounds),
                     _rate(p.riichi, p.rounds), _rate(p.calls, p.rounds),
                     _mean(p.win_points, p.wins), _mean(p.deal_in_points, p.deal_ins)))
    return _aligned(rows)


def _shown(name: str) -> str:
    """A name as a table cell: a control character (a line break, a tab, an escape)
    written as its escape, so that the row stays one line."""
    if name.isprintable():
        return name
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in name)


def _yaku_lines(stats: CorpusStats) -> list[str]:
    rows = [("yaku", "wins", "of wins%")]
    rows += [(name, str(count), _rate(count, stats.wins))
             for name, count in _by_count(stats.yaku)]
    return _aligned(rows)


def _width(text: str) -> int:
    """The columns ``text`` takes on a terminal (a wide East Asian character takes two)."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _aligned(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows as text columns: the first to the left, the others to the right."""
    widths = [max(_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell + " " * (widths[i] - _width(cell)) if i == 0
                      else " " * (widths[i] - _width(cell)) + cell
                      for i, cell in enumerate(row)).rstrip() for row in rows]


def sum_stats(parts: Iterable[CorpusStats]) -> CorpusStats:
    """The sum of ``parts`` (none: an empty CorpusStats); the parts are not changed."""
    total = CorpusStats()
    for part in parts:
        total.merge(part)
    return total


def seat_names(record: GameRecord, names: Sequence[str] | None = None) -> tuple[str, ...]:
    """The players' names by seat: ``names``, else the record's, else ``"seat 0"``,
    ``"seat 1"``, ... Raises InvalidContextError for names that are not one str a seat.
    """
    seats = len(record.final_scores)
    chosen = record.names if names is None else names
    if not chosen:
        return tuple(f"seat {seat}" for seat in range(seats))
    if isinstance(chosen, str) or len(chosen) != seats or not all(
            isinstance(name, str) for name in chosen):
        raise InvalidContextError(f"names are one str for each of the {seats} seats, "
                                  f"got {quote(chosen)}")
    return tuple(chosen)


def stats_of(record: GameRecord, names: Sequence[str] | None = None) -> CorpusStats:
    """One game's counts (see ``seat_names`` for the players' names).

    Raises InvalidContextError for names that are not one str a seat.
    """
    seats = seat_names(record, names)
    counts = [_SeatCounts() for _ in seats]
    out = CorpusStats(games=1, rounds=len(record.rounds))
    for played in record.rounds:
        _count_round(played, counts, out)
    places = record.placements
    rounds = len(record.rounds)
    for seat, name in enumerate(seats):
        c = counts[seat]
        placements = [0] * len(seats)
        placements[places[seat] - 1] = 1
        player = PlayerStats(1, rounds, tuple(placements), c.wins, c.tsumo, c.deal_ins,
                             c.riichi, c.calls, c.win_points, c.deal_in_points)
        mine = out.players.get(name)  # two seats of one name (a bot against itself)
        out.players[name] = player if mine is None else mine + player
    return out


@attrs.define
class _SeatCounts:
    wins: int = 0
    tsumo: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    win_points: int = 0
    deal_in_points: int = 0


def _count_round(played: RoundRecord, counts: list[_SeatCounts], out: CorpusStats) -> None:
    """Add one round's wins, deal-ins, riichi, calls, yaku and draw to the counts."""
    called: set[int] = set()
    for event in played.events:
        if type(event) is RiichiAccepted:
            counts[event.seat].riichi += 1
        elif type(event) is MeldCalled and event.meld.meld.kind in CALL_KINDS:
            called.add(event.seat)
    for seat in called:
        counts[seat].calls += 1
    dealt_in: set[int] = set()
    for result in played.results:
        if isinstance(result, Draw):
            out.draws[result.kind.value] = out.draws.get(result.kind.value, 0) + 1
            continue
        assert isinstance(result, Win)
        points = result.result.points
        winner = counts[result.winner]
        winner.wins += 1
        winner.win_points += points
        out.wins += 1
        if result.is_tsumo:
            winner.tsumo += 1
        else:
            counts[result.from_seat].deal_in_points += points
            dealt_in.add(result.from_seat)
        for name in result.result.yaku.names():
            out.yaku[name] = out.yaku.get(name, 0) + 1
    for seat in dealt_in:
        counts[seat].deal_ins += 1


@attrs.frozen
class GameFilter:
    """Which games to count: by the number of players, the lobby and the players' names
    (a game is kept when any of ``names`` sat in it); an empty field keeps every game.

    Raises InvalidContextError for fields of the wrong kind.
    """

    players: int | None = None
    """3 or 4: only games of that many players."""
    lobby: int | None = None
    """Only games of that lobby (Tenhou's ``GO lobby``; 0 is the public lobby)."""
    names: frozenset[str] = frozenset()

    def __attrs_post_init__(self) -> None:
        if self.players is not None and self.players not in (3, 4):
            raise InvalidContextError(f"a filter's players is 3 or 4, got {quote(self.players)}")
        if self.lobby is not None and (type(self.lobby) is not int or self.lobby < 0):
            raise InvalidContextError(f"a filter's lobby is a number from 0, got "
                                      f"{quote(self.lobby)}")
        if type(self.names) is not frozenset or not all(
                isinstance(name, str) for name in self.names):
            raise InvalidContextError(f"a filter's names are a frozenset of str, got "
                                      f"{quote(self.names)}")

    def accepts(self, game: GameLog) -> bool:
        """Whether ``game`` (as read from its log) is one to count."""
        if self.players is not None and game.players_count != self.players:
            return False
        if self.lobby is not None and game.lobby != self.lobby:
            return False
        return not self.names or any(p.name in self.names for p in game.players)
