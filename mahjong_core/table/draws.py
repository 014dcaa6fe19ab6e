"""How a round ends without a win, and what follows the end of each round: one function a
rule, called alike by the engine (``Round``, ``Game``) and by the log readers.

- Abortive draws: ``is_nine_terminals`` (kyuushu kyuuhai), ``is_four_winds`` (suufon
  renda), ``is_four_riichi`` (suucha riichi), ``is_four_kans`` (suukaikan),
  ``is_triple_ron`` (sanchahou); ``draw_after_discard`` says which of them, if any, a
  discard that nobody wins on brings under a table's rules (``may_draw_after_discard``
  is its quick test for the usual discard, which brings none).
- The exhaustive draw (ryuukyoku): ``tenpai_payments`` and ``nagashi_mangan_payments``;
  a chombo the engine's caller gives: ``chombo_payments``.
- After a round: ``dealer_repeats`` (renchan), ``next_honba``, ``dealer_stops``
  (agari-yame, tenpai-yame) and ``game_end``.

Tiles are named by kind, 0-33 in Tenhou's order (27-30 the winds); seats are ints.
See docs/adding-a-table-rule.md for adding a rule.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from ..points import payments_for
from ..rules import Rules
from .records import DrawKind, RoundResult, Win
from .rules import TableRules, seats_by_place

__all__ = ["chombo_payments", "dealer_repeats", "dealer_stops", "draw_after_discard",
           "game_end", "is_four_kans", "is_four_riichi", "is_four_winds", "is_nine_terminals",
           "is_triple_ron", "may_draw_after_discard", "nagashi_mangan_payments", "next_honba",
           "tenpai_payments", "terminal_and_honour_kinds"]

TERMINALS_AND_HONOURS = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
"""The kinds of the terminals (1 and 9 of each suit) and the honours."""
WINDS = frozenset((27, 28, 29, 30))
"""The kinds of the four winds."""


# -- the abortive draws -------------------------------------------------------------------

def terminal_and_honour_kinds(kinds: Iterable[int]) -> int:
    """How many different terminals and honours are among the tile ``kinds``.

    >>> terminal_and_honour_kinds([0, 0, 8, 9, 27, 28, 29, 30, 31, 5])
    8
    """
    return len(TERMINALS_AND_HONOURS.intersection(kinds))


def is_nine_terminals(kinds: Iterable[int]) -> bool:
    """Kyuushu kyuuhai: a hand holds nine or more different terminals and honours. Its
    owner may end the round on its first draw, before any call.

    >>> is_nine_terminals([0, 8, 9, 17, 18, 26, 27, 28, 29, 1, 2, 3, 4, 5])
    True
    """
    return terminal_and_honour_kinds(kinds) >= 9


def is_four_winds(discards: Sequence[int], *, called: bool, players: int) -> bool:
    """Suufon renda: the round's discards so far (their kinds, in order) are the first go-
    around's four, all of one wind, with no call or kan before them; at four players.

    >>> is_four_winds([27, 27, 27, 27], called=False, players=4)
    True
    >>> is_four_winds([27, 27, 27, 27, 5], called=False, players=4)
    False
    """
    return (players == 4 and len(discards) == 4 and not called
            and discards[0] in WINDS and len(set(discards)) == 1)


def is_four_riichi(riichi: Sequence[bool], *, declared_now: bool) -> bool:
    """Suucha riichi: all four players have declared riichi, the last on the discard that
    just passed (``declared_now``).

    >>> is_four_riichi([True] * 4, declared_now=True), is_four_riichi([True] * 3, declared_now=True)
    (True, False)
    """
    return declared_now and len(riichi) == 4 and all(riichi)


def is_four_kans(kan_seats: Sequence[int]) -> bool:
    """Suukaikan: four kans were made (``kan_seats``: the maker of each), by two or more
    players; the round ends once the fourth kan's discard passes. Four kans of one player
    play on (he may win with suukantsu).

    >>> is_four_kans([0, 0, 1, 2]), is_four_kans([3, 3, 3, 3])
    (True, False)
    """
    return len(kan_seats) == 4 and len(set(kan_seats)) > 1


def is_triple_ron(rons: int) -> bool:
    """Sanchahou: three players declare ron on one tile.

    >>> is_triple_ron(3), is_triple_ron(2)
    (True, False)
    """
    return rons == 3


def draw_after_discard(table: TableRules | None, *, riichi: Sequence[bool], riichi_now: bool,
                       discards: Sequence[int], called: bool, kan_seats: Sequence[int]
                       ) -> DrawKind | None:
    """The abortive draw that ends the round once a discard passes with no win on it, or
    None: four riichi, then four winds, then four kans, each when ``table`` has it (every
    one with ``table`` None: a log reader asking which draw a logged one is).

    ``riichi``: each seat's riichi, ``riichi_now`` when the discard declared one;
    ``discards``: the kinds discarded so far, in order; ``called``: a call or kan was made
    (a three-player kita counts); ``kan_seats``: the maker of each kan so far.

    >>> draw_after_discard(TableRules(), riichi=[False] * 4, riichi_now=False,
    ...                    discards=[28] * 4, called=False, kan_seats=[])
    <DrawKind.FOUR_WINDS: 'four_winds'>
    """
    if (table is None or table.four_riichi) and is_four_riichi(riichi, declared_now=riichi_now):
        return DrawKind.FOUR_RIICHI
    if (table is None or table.four_winds) and is_four_winds(
            discards, called=called, players=len(riichi)):
        return DrawKind.FOUR_WINDS
    if (table is None or table.four_kans) and is_four_kans(kan_seats):
        return DrawKind.FOUR_KANS
    return None


def may_draw_after_discard(*, riichi_now: bool, discards: int, kans: int) -> bool:
    """False when ``draw_after_discard`` is sure to find no draw, whatever the table: the
    discard declared no riichi, it is not the round's fourth and fewer than four kans were
    made. A game loop asks this first, as nearly every discard passes so.

    ``discards``: how many discards the round has had, this one included; ``kans``: how
    many kans were made.

    >>> may_draw_after_discard(riichi_now=False, discards=4, kans=0)
    True
    >>> may_draw_after_discard(riichi_now=False, discards=9, kans=1)
    False
    """
    return riichi_now or discards == 4 or kans == 4


# -- the exhaustive draw ------------------------------------------------------------------

def tenpai_payments(tenpai: Collection[int], *, players: int, total: int) -> tuple[int, ...]:
    """Each seat's change at an exhaustive draw: the noten players pay ``total`` to the
    tenpai ones, shared equally on each side; nothing when all or none are tenpai.

    >>> tenpai_payments([0], players=4, total=3000)
    (3000, -1000, -1000, -1000)
    >>> tenpai_payments([1, 2], players=3, total=2000)
    (-2000, 1000, 1000)
    """
    if not 0 < len(tenpai) < players:
        return (0,) * players
    take, pay = total // len(tenpai), -total // (players - len(tenpai))
    return tuple(take if seat in tenpai else pay for seat in range(players))


def nagashi_mangan_payments(winners: Iterable[int], *, dealer: int, rules: Rules
                            ) -> tuple[int, ...]:
    """Each seat's change when ``winners`` made nagashi mangan (every discard a terminal or
    honour, none called): each is paid a mangan tsumo, with no honba or riichi sticks.

    >>> nagashi_mangan_payments([1], dealer=0, rules=Rules())
    (-4000, 8000, -2000, -2000)
    """
    deltas = [0] * rules.players
    for winner in winners:
        _, payments = payments_for(2000, dealer=winner == dealer, tsumo=True, rules=rules)
        for seat, change in enumerate(payments.deltas(winner, dealer=dealer)):
            deltas[seat] += change
    return tuple(deltas)


# -- after the round ----------------------------------------------------------------------

def chombo_payments(offender: int, *, dealer: int, rules: Rules) -> tuple[int, ...]:
    """Each seat's change at a chombo: the offender pays each other player what that
    player would pay him for a mangan tsumo (a dealer 4,000 each; a non-dealer 4,000 to
    the dealer and 2,000 to each other).

    >>> chombo_payments(1, dealer=0, rules=Rules())
    (4000, -8000, 2000, 2000)
    """
    won = nagashi_mangan_payments([offender], dealer=dealer, rules=rules)
    return tuple(-change for change in won)


def dealer_repeats(results: Sequence[RoundResult], dealer: int) -> bool:
    """Renchan: the dealer deals again after a win of the dealer's own (one among several
    rons is enough), after an abortive draw, and after an exhaustive draw at which the
    dealer is tenpai.
    """
    for result in results:
        if isinstance(result, Win):
            if result.winner == dealer:
                return True
        elif result.kind.is_abortive:
            return True
        else:
            return dealer in result.tenpai
    return False


def next_honba(honba: int, *, repeat: bool, won: bool, chombo: bool = False) -> int:
    """The honba of the next round: one more after a dealer repeat or a draw, none after a
    win that passes the deal on, the same after a chombo (the hand is dealt again).

    >>> next_honba(2, repeat=False, won=True), next_honba(2, repeat=False, won=False)
    (0, 3)
    """
    if chombo:
        return honba
    return 0 if won and not repeat else honba + 1


def dealer_stops(table: TableRules, scores: Sequence[int], *, dealer: int, won: bool,
                 abortive: bool) -> bool:
    """The last hand's dealer, who would deal again, ends the game instead: on top (equal
    scores ranked by seat) with at least the target score (``TableRules.target``), after
    a win of the dealer's own (agari-yame, ``dealer_stop``) or tenpai at an exhaustive
    draw (tenpai-yame, ``tenpai_stop`` too); never after an abortive draw.

    >>> dealer_stops(TableRules(tenpai_stop=False), [20000, 25000, 25000, 30000], dealer=3,
    ...              won=False, abortive=False)
    False
    """
    if not table.dealer_stop or abortive or not (won or table.tenpai_stop):
        return False
    return seats_by_place(scores)[0] == dealer and scores[dealer] >= table.target


def game_end(table: TableRules, scores: Sequence[int], *, hand_index: int, repeat: bool,
             won: bool, abortive: bool, dealer: int) -> str | None:
    """Why the game ends after the round at ``hand_index`` (0 for East 1, repeats not
    counted), or None when it goes on: ``"bust"`` (a score below zero), ``"dealer stop"``
    (the last hand's dealer repeats on top with the target score: see ``dealer_stops``),
    ``"last round"`` or ``"extension"`` (someone reached the target score in an extra
    round, or the extra wind is over). ``won``: the round ended in a win; ``abortive``: in
    an abortive draw.

    >>> game_end(TableRules(), [30000, 25000, 25000, 20000], hand_index=7, repeat=False,
    ...          won=False, abortive=False, dealer=3)
    'last round'
    """
    if table.bust and min(scores) < 0:
        return "bust"
    last = table.hands - 1
    if hand_index < last:
        return None
    # the last regular hand and every extra one: a dealer repeat goes on unless the
    # dealer stops on top; otherwise the game ends once someone reaches the target
    # score, or after the last hand of the extra wind
    if repeat:
        if dealer_stops(table, scores, dealer=dealer, won=won, abortive=abortive):
            return "dealer stop"
        return None
    if max(scores) >= table.target:
        return "last round" if hand_index == last else "extension"
    if not table.extension or hand_index >= last + table.players:
        return "last round"
    return None
