"""Games between players: ``play_game`` plays one to its end and returns its record.

A player is anything with ``choose(observation) -> action`` (``mahjong_core.players``);
its name is its ``name`` attribute where it has one, else its class's name::

    record = play_game([HeuristicPlayer()] * 4, seed=1)
    record.placements, record.points, record.names

Three players give a three-player game (Tenhou's three-player rules unless ``rules`` and
``table`` say otherwise). The same seed, players and rules always give the same game;
nothing is shared between games.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .errors import IllegalActionError, InvalidContextError, quote
from .players import Player
from .rules import TENHOU_RULES, TENHOU_SANMA_RULES, Rules
from .table import TENHOU_SANMA_TABLE, TENHOU_TABLE, Game, GameRecord, TableRules

__all__ = ["default_rules", "play_game", "player_name"]


def player_name(player: object) -> str:
    """A player's ``name`` attribute (a non-empty str), else its class's name."""
    name = getattr(player, "name", None)
    return name if isinstance(name, str) and name else type(player).__name__


def default_rules(players: int, rules: Rules | None = None, table: TableRules | None = None
                  ) -> tuple[Rules, TableRules]:
    """``rules`` and ``table``, each defaulting to Tenhou's for ``players`` (3 or 4).

    Raises InvalidContextError for another count or rules for another count of players.
    """
    if type(players) is not int or players not in (3, 4):
        raise InvalidContextError(f"a game has three or four players, got {quote(players)}")
    if table is None:
        table = TENHOU_TABLE if players == 4 else TENHOU_SANMA_TABLE
    if rules is None:
        rules = TENHOU_RULES if players == 4 else TENHOU_SANMA_RULES
    if not isinstance(rules, Rules) or not isinstance(table, TableRules):
        raise InvalidContextError("rules must be a Rules and table a TableRules value")
    if rules.players != players or table.players != players:
        raise InvalidContextError(f"{players} players need rules and table rules for "
                                  f"{players}, got {rules.players} and {table.players}")
    return rules, table


def play_game(players: Sequence[Player], *, seed: int | None = None,
              rules: Rules | None = None, table: TableRules | None = None,
              names: Sequence[str] | None = None, hands: int | None = None) -> GameRecord:
    """Play a game to its end: ``players[seat]`` decides for ``seat`` (seat 0 deals first).

    ``seed`` makes the walls repeatable; ``hands`` stops the game after that many hands
    (its record then holds the standing so far). The record carries ``names`` (by
    default each player's ``player_name``), ``placements`` and placement ``points``.
    Raises InvalidContextError for a player count other than 3 or 4 or names that do not
    fit, IllegalActionError naming the seat when a player chooses an action that is not
    legal.

    >>> from mahjong_core.players import HeuristicPlayer, RandomPlayer
    >>> record = play_game([HeuristicPlayer(), RandomPlayer(1), RandomPlayer(2),
    ...                     RandomPlayer(3)], seed=1, hands=2)
    >>> record.names, len(record.rounds), sorted(record.placements)
    (('HeuristicPlayer', 'RandomPlayer', 'RandomPlayer', 'RandomPlayer'), 2, [1, 2, 3, 4])
    """
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise InvalidContextError(f"players are a sequence of players, got {quote(players)}")
    seats = list(players)
    rules, table = default_rules(len(seats), rules, table)
    if names is None:
        names = [player_name(p) for p in seats]
    if (isinstance(names, str) or len(names) != len(seats)
            or not all(isinstance(n, str) for n in names)):
        raise InvalidContextError(f"names are one str a player, got {quote(names)}")
    if hands is not None and (type(hands) is not int or hands < 1):
        raise InvalidContextError(f"hands is a whole number from 1, got {quote(hands)}")
    game = Game(rules=rules, table=table, seed=seed)
    while not game.is_over and (hands is None or len(game.rounds) < hands):
        game_round = game.deal()
        while not game_round.is_over:
            seat = game_round.to_act[0]
            action = seats[seat].choose(game_round.observe(seat))
            try:
                game.apply(action)
            except IllegalActionError as error:
                raise IllegalActionError(f"seat {seat} ({names[seat]}): {error}") from None
    return attrs.evolve(game.record(), names=tuple(names))
