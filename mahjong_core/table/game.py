"""A whole game: rounds one after another, scores, honba and sticks carried, the end."""

from __future__ import annotations

import random

from ..context import Wind
from ..errors import IllegalActionError, InvalidContextError, quote
from ..rules import TENHOU_RULES, Rules
from .actions import Action, LegalActions
from .draws import game_end, next_honba
from .records import Draw, DrawKind, GameRecord, RoundRecord, Win, round_name
from .round import Observation, Phase, Round
from .rules import TENHOU_TABLE, LeftoverSticks, TableRules, check_stick_value, seats_by_place
from .wall import Wall

__all__ = ["Game"]

_OVER = Phase.OVER  # read through the enum class on every action, it costs more
_WINDS = tuple(Wind)
"""The winds in order: indexing a tuple costs less than calling the enum class."""


class Game:
    """A game a loop drives: ``deal`` each round, ``apply`` the players' actions.

    Seat 0 deals the first round. After each round the game carries the scores, honba
    and riichi sticks on and decides, by ``table``, whether it ends (bust, the last
    hand, the dealer stopping on top, the extension). ``seed`` makes the walls that
    ``deal()`` shuffles repeatable; nothing is shared with another game. Raises
    InvalidContextError for rules of the wrong type or player count, or a seed that is
    not an int, and InvalidRulesError for a riichi stick that pays other than it costs.

    >>> game = Game(seed=1)
    >>> game_round = game.deal()
    >>> game_round.name, game.scores, game.is_over
    ('E1', (25000, 25000, 25000, 25000), False)
    """

    def __init__(self, *, rules: Rules = TENHOU_RULES, table: TableRules = TENHOU_TABLE,
                 seed: int | None = None) -> None:
        if not isinstance(rules, Rules) or not isinstance(table, TableRules):
            raise InvalidContextError("rules must be a Rules and table a TableRules value")
        if seed is not None and type(seed) is not int:
            raise InvalidContextError(f"a game's seed is an int or None, got {quote(seed)}")
        if rules.players != table.players:
            raise InvalidContextError(f"the rules are for {rules.players} players, the table "
                                      f"rules for {table.players}")
        check_stick_value(rules, table)
        self.rules = rules
        self.table = table
        self.players = table.players
        self._rng = random.Random(seed)
        self._scores = [table.start_score] * table.players
        self._round_index = 0
        self._honba = 0
        self._sticks = 0
        self._records: list[RoundRecord] = []
        self._round: Round | None = None
        self._counted = True
        self._end: str | None = None

    # -- where the game stands ------------------------------------------------------------

    @property
    def round(self) -> Round | None:
        """The round being played (or the last one, once it is over); None before a deal."""
        return self._round

    @property
    def scores(self) -> tuple[int, ...]:
        """Scores between rounds (during a round, ``round.scores`` moves with it)."""
        self._sync()
        return tuple(self._scores)

    @property
    def honba(self) -> int:
        """Honba of the next round to deal (of the current one while it runs)."""
        self._sync()
        return self._honba

    @property
    def sticks(self) -> int:
        """Riichi sticks on the table between rounds."""
        self._sync()
        return self._sticks

    @property
    def round_index(self) -> int:
        """0 for East 1, 4 for South 1, 8 for West 1 (repeats not counted)."""
        self._sync()
        return self._round_index

    @property
    def dealer(self) -> int:
        """The dealer of the next (or current) round."""
        return self.round_index % self.players

    @property
    def round_wind(self) -> Wind:
        """The round wind of the next (or current) round."""
        return _wind_of(self.round_index, self.players)

    @property
    def next_round_name(self) -> str:
        """``"E1"`` ... of the next round to deal."""
        return round_name(self.round_wind, self.dealer)

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        self._sync()
        return self._end is not None

    @property
    def end_reason(self) -> str | None:
        """Why the game ended: ``"last round"``, ``"bust"``, ``"dealer stop"`` or
        ``"extension"`` (someone reached the return score in an extra round)."""
        self._sync()
        return self._end

    @property
    def rounds(self) -> tuple[RoundRecord, ...]:
        """The records of the rounds that are over."""
        self._sync()
        return tuple(self._records)

    # -- driving it -----------------------------------------------------------------------

    def deal(self, wall: Wall | None = None) -> Round:
        """Start the next round on ``wall`` (or a wall shuffled from the game's seed).

        Raises IllegalActionError when the game is over or a round is still running.
        """
        self._sync()
        if self._end is not None:
            raise IllegalActionError(f"the game is over ({self._end}); no round to deal")
        if self._round is not None and not self._round.is_over:
            raise IllegalActionError(f"round {self._round.name} is still being played")
        dealer = self._round_index % self.players
        if wall is None:
            wall = Wall.shuffled(self._rng, dealer=dealer, players=self.players)
        self._round = Round(wall, dealer=dealer,
                            round_wind=_wind_of(self._round_index, self.players),
                            dealer_index=dealer, honba=self._honba, sticks=self._sticks,
                            scores=self._scores, rules=self.rules, table=self.table)
        self._counted = False
        return self._round

    def apply(self, action: Action) -> None:
        """Apply an action to the current round (see ``Round.apply``)."""
        played = self._round
        if played is None:
            raise IllegalActionError("no round has been dealt yet")
        played.apply(action)
        if played.phase is _OVER:  # only an action that ends the round changes the game
            self._sync()

    def legal_actions(self, seat: int) -> LegalActions:
        """What ``seat`` may do now in the current round."""
        return self._round.legal_actions(seat) if self._round is not None else LegalActions()

    def observe(self, seat: int) -> Observation:
        """What ``seat`` sees of the current round. Raises IllegalActionError before a deal."""
        if self._round is None:
            raise IllegalActionError("no round has been dealt yet")
        return self._round.observe(seat)

    def record(self) -> GameRecord:
        """The game's record: its rounds and, once over, the final standing (before the
        end, the scores so far and their placement points)."""
        self._sync()
        scores = list(self._scores)
        if self._end is not None and self._sticks:
            _pay_leftover_sticks(scores, self._sticks * self.table.riichi_cost,
                                 self.table.leftover_sticks)
        return GameRecord(rules=self.rules, table=self.table, rounds=tuple(self._records),
                          final_scores=tuple(scores),
                          points=self.table.placement_points(scores), end_reason=self._end)

    def _repr_html_(self) -> str:
        """A notebook shows the game so far (its finished rounds) in the replay viewer."""
        return self.record()._repr_html_()

    # -- after each round -----------------------------------------------------------------

    def _sync(self) -> None:
        """Take a finished round into account once: scores, counters and the end."""
        played = self._round
        if self._counted or played is None or not played.is_over:
            return
        self._counted = True
        self._records.append(played.record())
        self._scores = list(played.scores)
        self._sticks = played.sticks
        repeat = played.dealer_repeats
        won = any(isinstance(r, Win) for r in played.results)
        abortive = not won and all(r.kind.is_abortive for r in played.results
                                   if not isinstance(r, Win))
        current = self._round_index
        if not repeat:
            self._round_index += 1
        chombo = any(isinstance(r, Draw) and r.kind is DrawKind.CHOMBO for r in played.results)
        self._honba = next_honba(self._honba, repeat=repeat, won=won, chombo=chombo)
        self._end = game_end(self.table, self._scores, hand_index=current, repeat=repeat,
                             won=won, abortive=abortive, dealer=played.dealer)


def _wind_of(round_index: int, players: int) -> Wind:
    """The round wind of the round at ``round_index`` (north for every one past it)."""
    return _WINDS[min(round_index // players, 3)]


def _pay_leftover_sticks(scores: list[int], points: int, rule: LeftoverSticks) -> None:
    """Give the riichi sticks left at the game's end (``points``) as ``rule`` says."""
    if rule is LeftoverSticks.LOST:
        return
    order = seats_by_place(scores)
    firsts = [seat for seat in order if scores[seat] == scores[order[0]]]
    if rule is LeftoverSticks.FIRST:
        firsts = firsts[:1]
    share, rest = divmod(points, len(firsts))
    for seat in firsts:
        scores[seat] += share
    scores[firsts[0]] += rest
