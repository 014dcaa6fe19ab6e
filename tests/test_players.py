"""The players: decisions on positions dealt from stacked walls, and on many openings.

The heuristic player's policy is checked against what it promises, worked out here from
the observation alone: the lowest shanten, then the most ukeire; riichi on a closed tenpai
discard; a riichi player's own discards thrown in defence; calls only with a yaku.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

from mahjong_core import (
    NO_RED_FIVES_RULES,
    TENHOU_RULES,
    TENHOU_SANMA_RULES,
    Hand,
    InvalidContextError,
    Rules,
    Tile,
    parse_tiles,
)
from mahjong_core.errors import IllegalActionError
from mahjong_core.players import HeuristicPlayer, Player, RandomPlayer
from mahjong_core.table import (
    TENHOU_SANMA_TABLE,
    TENHOU_TABLE,
    Chi,
    ClosedKan,
    Discard,
    Game,
    Kita,
    LegalActions,
    NineTerminals,
    Observation,
    OpenKan,
    Pass,
    Phase,
    Pon,
    Ron,
    Round,
    TableRules,
    Tsumo,
    Wall,
)
from tests.support.reference_player import ReferencePlayer

BOT = HeuristicPlayer()

# Hands for the seats a test does not look at: every number kind once and four honours,
# no pair and no two tiles of a suit closer than three apart, so they never call or win.
F1, F2, F3 = "147m258p369s3457z", "258m369p147s3457z", "369m147p258s3457z"


def tile(tile_id: int) -> Tile:
    return Tile.from_id136(tile_id)


def stacked(hands: Sequence[str], draws: str = "") -> Wall:
    """A wall that deals ``hands`` (mpsz, seat 0 first) and then draws ``draws`` in
    order; every other id follows in id order."""
    pool = list(range(136))

    def take(text: str) -> list[int]:
        ids = []
        for wanted in parse_tiles(text):
            found = next(i for i in pool if tile(i) == wanted)
            pool.remove(found)
            ids.append(found)
        return ids

    dealt = [take(hand) for hand in hands]
    live = take(draws)
    more = 70 - len(live)
    live += pool[:more]
    rest = pool[more:]
    return Wall(dealt, live, rest[:4], rest[4:9], rest[9:14])


def deal(hands: Sequence[str], draws: str = "") -> Round:
    return Round(stacked(hands, draws), dealer=0)


def discard(game_round: Round, seat: int, text: str, *, riichi: bool = False) -> None:
    """``seat`` discards a tile of ``text`` (mpsz) from its hand."""
    wanted = Tile.parse(text)
    tile_id = next(i for i in game_round.concealed(seat) if tile(i) == wanted)
    game_round.apply(Discard(seat, tile_id, riichi))


def pass_calls(game_round: Round) -> None:
    """Every seat asked about a discard lets it go."""
    while game_round.phase is Phase.CALLS:
        game_round.apply(Pass(game_round.to_act[0]))


def discarded(action: object) -> str:
    assert isinstance(action, Discard), action
    return str(tile(action.tile))


# -- on its turn --------------------------------------------------------------------------


def test_takes_a_tsumo() -> None:
    observation = deal(["123m456p789s1122z", F1, F2, F3], "1z").observe(0)
    assert BOT.choose(observation) == Tsumo(0)


def test_declares_riichi_on_a_closed_tenpai_discard() -> None:
    choice = BOT.choose(deal(["123m456p789s1122z", F1, F2, F3], "6z").observe(0))
    assert isinstance(choice, Discard) and choice.riichi
    assert discarded(choice) == "6z"


def test_no_riichi_with_too_few_points() -> None:
    game_round = Round(stacked(["123m456p789s1122z", F1, F2, F3], "6z"), dealer=0,
                       scores=(900, 33000, 33100, 33000))
    choice = BOT.choose(game_round.observe(0))
    assert isinstance(choice, Discard) and not choice.riichi
    assert discarded(choice) == "6z"


def test_makes_a_closed_kan_that_keeps_the_shanten() -> None:
    observation = deal(["6666z456p789s234s", F1, F2, F3], "1z").observe(0)
    assert BOT.choose(observation) == ClosedKan(0, Tile.parse("6z"))


def test_aborts_with_nine_terminals_far_from_tenpai() -> None:
    observation = deal(["19m19p19s1266z8m8p5s", F1, F2, F3], "5m").observe(0)
    assert BOT.choose(observation) == NineTerminals(0)


def test_throws_a_riichi_players_discard_in_defence() -> None:
    hands = ["123m456p789s1122z", "19m2589p3456s467z", F2, F3]
    choices = []
    for riichi in (False, True):
        game_round = deal(hands, "5s8m")
        discard(game_round, 0, "5s", riichi=riichi)
        pass_calls(game_round)
        choices.append(discarded(BOT.choose(game_round.observe(1))))
    assert choices[0] != "5s"  # it would rather keep the 3456s shape
    assert choices[1] == "5s"  # the only tile the riichi player cannot ron on


def value(hand: Hand, tile_id: int, seen: list[Tile]) -> tuple[int, int]:
    """Shanten after discarding ``tile_id``, then fewer unseen improving tiles is worse."""
    rest = hand.remove(tile(tile_id))
    return rest.shanten(), -rest.ukeire([*seen, tile(tile_id)]).total


def test_discards_by_shanten_then_ukeire_on_many_openings() -> None:
    """The dealer's first decision of 150 seeded deals, checked by trying every discard."""
    thought = 0
    for seed in range(150):
        game_round = Game(seed=seed).deal()
        observation = game_round.observe(0)
        choice = BOT.choose(observation)
        assert choice in observation.legal_actions
        if not isinstance(choice, Discard):
            assert isinstance(choice, Tsumo | NineTerminals | ClosedKan)
            continue
        hand = game_round.hand(0)
        seen = [tile(i) for i in observation.dora_indicators]
        options = [a for a in observation.legal_actions if isinstance(a, Discard)]
        assert value(hand, choice.tile, seen) == min(value(hand, a.tile, seen)
                                                     for a in options)
        riichi_legal = Discard(0, choice.tile, True) in observation.legal_actions
        assert choice.riichi == riichi_legal
        thought += choice != options[0]  # not simply the tile just drawn
    assert thought > 100


# -- answering a discard ------------------------------------------------------------------


def test_takes_a_ron() -> None:
    game_round = deal([F1, "234m567p23455s66z", F2, F3], "6z")
    discard(game_round, 0, "6z")
    observation = game_round.observe(1)
    assert any(isinstance(a, Pon) for a in observation.legal_actions)  # ron comes first
    assert BOT.choose(observation) == Ron(1)


def test_pons_a_dragon_that_lowers_the_shanten() -> None:
    game_round = deal([F1, "2m567p2359s11z66z8m", F2, F3], "6z")
    discard(game_round, 0, "6z")
    choice = BOT.choose(game_round.observe(1))
    assert isinstance(choice, Pon)
    game_round.apply(choice)
    assert game_round.hand(1).shanten() < Hand.parse("2m567p2359s11z66z8m").shanten()


def test_passes_a_pon_without_a_yaku() -> None:
    game_round = deal([F1, "99m567p2358s11z68m", F2, F3], "9m")
    discard(game_round, 0, "9m")
    observation = game_round.observe(1)
    assert any(isinstance(a, Pon) for a in observation.legal_actions)
    assert BOT.choose(observation) == Pass(1)


def test_chis_towards_all_simples() -> None:
    game_round = deal([F1, "35m567p234688s66p", F2, F3], "4m")
    discard(game_round, 0, "4m")
    choice = BOT.choose(game_round.observe(1))
    assert isinstance(choice, Chi)
    assert sorted(str(tile(i)) for i in choice.tiles) == ["3m", "5m"]


# -- three players ------------------------------------------------------------------------

SANMA_BOT = HeuristicPlayer(TENHOU_SANMA_RULES)
SANMA_OTHERS = ("19m278p59s125677z", "99m1456p79s35566z")
"""Seats 1 and 2 in the three-player positions: they call and win on nothing here."""


def sanma_observation(hand: str, draw: str) -> Observation:
    """The dealer's first decision at three players, holding ``hand`` and drawing ``draw``."""
    wall = Wall.stacked([hand, *SANMA_OTHERS], live=draw, dora="7p")
    return Round(wall, dealer=0, rules=TENHOU_SANMA_RULES,
                 table=TENHOU_SANMA_TABLE).observe(0)


def test_sets_a_north_aside_it_does_not_need() -> None:
    """A north set aside is a dora and a replacement draw; the tenpai hand loses nothing."""
    observation = sanma_observation("123456789p1133s", "4z")
    assert observation.drawn is not None
    assert SANMA_BOT.choose(observation) == Kita(0, observation.drawn)


def test_keeps_a_north_its_hand_needs() -> None:
    """Thirteen orphans tenpai needs its north: the useless 5p goes instead."""
    observation = sanma_observation("19m19p19s1234567z", "5p")
    assert any(isinstance(a, Kita) for a in observation.legal_actions)
    assert discarded(SANMA_BOT.choose(observation)) == "5p"


def test_plays_whole_three_player_games() -> None:
    """Three heuristic players play Tenhou's three-player game out: every choice legal,
    north tiles set aside, points kept, riichi defended against with three seats."""
    kinds: Counter[str] = Counter()
    for seed in range(3):
        game = Game(rules=TENHOU_SANMA_RULES, table=TENHOU_SANMA_TABLE, seed=seed)
        while not game.is_over:
            game_round = game.deal()
            while not game_round.is_over:
                seat = game_round.to_act[0]
                observation = game_round.observe(seat)
                action = SANMA_BOT.choose(observation)
                assert action in observation.legal_actions
                kinds[type(action).__name__] += 1
                kinds["facing riichi"] += any(observation.riichi) and not observation.riichi[seat]
                game.apply(action)
        assert sum(game.record().final_scores) == 3 * TENHOU_SANMA_TABLE.start_score
    assert kinds["Kita"] and kinds["Tsumo"] + kinds["Ron"] and kinds["facing riichi"], kinds


# -- the protocol, the random player and bad input ----------------------------------------


def test_both_players_are_players_and_choose_legal_actions() -> None:
    players: list[Player] = [BOT, RandomPlayer(seed=3), HeuristicPlayer(NO_RED_FIVES_RULES)]
    game_round = Game(seed=5).deal()
    observation = game_round.observe(0)
    for player in players:
        assert player.choose(observation) in observation.legal_actions


def test_choices_depend_on_the_observation_only() -> None:
    """The heuristic player keeps no state: the same view gets the same answer."""
    for seed in range(20):
        game_round = Game(seed=seed).deal()
        observation = game_round.observe(0)
        assert BOT.choose(observation) == HeuristicPlayer().choose(observation)
        assert BOT.choose(observation) == BOT.choose(observation)


def test_the_random_player_is_seeded_and_uses_every_kind_of_choice() -> None:
    observation = Game(seed=2).deal().observe(0)
    one, two = RandomPlayer(seed=9), RandomPlayer(seed=9)
    assert [one.choose(observation) for _ in range(20)] == \
        [two.choose(observation) for _ in range(20)]
    picks = {RandomPlayer(seed=s).choose(observation) for s in range(400)}
    assert picks == set(observation.legal_actions)


@pytest.mark.parametrize("seed", [0, 7])
def test_the_random_player_picks_what_random_choice_picks(seed: int) -> None:
    """A seed's choices are those of ``random.Random(seed).choice`` over the legal lists,
    along a whole game (lists of two actions to many)."""
    player, reference = RandomPlayer(seed), random.Random(seed)
    game = Game(seed=seed)
    sizes = set()
    while not game.is_over:
        game_round = game.deal()
        while not game_round.is_over:
            observation = game_round.observe(game_round.to_act[0])
            chosen = player.choose(observation)
            assert chosen == reference.choice(observation.legal_actions)
            sizes.add(len(observation.legal_actions))
            game_round.apply(chosen)
    assert {2, 3, 4, 5, 9} <= sizes


def test_bad_input_raises_the_library_errors() -> None:
    game_round = Game(seed=1).deal()
    idle = game_round.observe(1)  # seat 1 has nothing to decide on the dealer's turn
    assert idle.legal_actions == ()
    for player in (BOT, RandomPlayer()):
        with pytest.raises(IllegalActionError, match="seat 1 has nothing to decide"):
            player.choose(idle)
        with pytest.raises(InvalidContextError, match="Observation"):
            player.choose("1m")  # type: ignore[arg-type]
    with pytest.raises(InvalidContextError, match="Rules"):
        HeuristicPlayer("tenhou")  # type: ignore[arg-type]


def test_an_answer_that_offers_no_pass_is_refused() -> None:
    game_round = Game(seed=3).deal()
    while True:  # the first discard someone may call, which the player lets go by
        seen = game_round.observe(game_round.to_act[0])
        calls = [a for a in seen.legal_actions if isinstance(a, Pon | Chi | OpenKan)]
        if calls and isinstance(BOT.choose(seen), Pass):
            break
        game_round.apply(BOT.choose(seen))
    damaged = attrs.evolve(seen, legal_actions=LegalActions(calls))
    with pytest.raises(IllegalActionError, match="offers a pass"):
        BOT.choose(damaged)


# -- the same choices as the rule written plainly -----------------------------------------

RULE_TABLES = {
    "four players, red fives": (TENHOU_RULES, TENHOU_TABLE),
    "four players, no red fives": (NO_RED_FIVES_RULES, TENHOU_TABLE),
    "three players, red fives": (TENHOU_SANMA_RULES, TENHOU_SANMA_TABLE),
    "three players, no red fives": (attrs.evolve(TENHOU_SANMA_RULES, red_fives=False),
                                    TENHOU_SANMA_TABLE),
}


def reference_games(rules: Rules, table: TableRules, seeds: range) -> Counter[str]:
    """Play the seeded games with the heuristic player at every seat, checking each of its
    choices against the plain rule's on the same observation; the choices, by kind."""
    player, reference = HeuristicPlayer(rules), ReferencePlayer(rules)
    kinds: Counter[str] = Counter()
    for seed in seeds:
        game = Game(rules=rules, table=table, seed=seed)
        while not game.is_over:
            game_round = game.deal()
            while not game_round.is_over:
                observation = game_round.observe(game_round.to_act[0])
                action = player.choose(observation)
                assert action == reference.choose(observation), (seed, observation)
                kinds[type(action).__name__] += 1
                kinds["defence"] += any(observation.riichi) and not observation.riichi[
                    observation.seat]
                game.apply(action)
    return kinds


@pytest.mark.parametrize("name", RULE_TABLES)
def test_choices_equal_the_plain_rule_in_whole_games(name: str) -> None:
    """Every choice of seeded whole games (4 and 3 players, red fives or not) is the one
    the policy written plainly (tests/support/reference_player.py) makes; the games
    reach calls, riichi, wins and defence against a riichi."""
    rules, table = RULE_TABLES[name]
    kinds = reference_games(rules, table, range(2))
    for kind in ("Discard", "Pass", "defence"):
        assert kinds[kind], kinds
    assert kinds["Pon"] + kinds["Chi"] and kinds["Tsumo"] + kinds["Ron"], kinds


@pytest.mark.parametrize("name", ["three players, red fives", "three players, no red fives"])
def test_a_call_does_not_count_on_a_wait_whose_copies_are_all_in_sight(name: str) -> None:
    """Seed 4126 offers a pon that would leave a wait on 2p with the other three 2p in the
    hand's pon and the fourth a dora indicator: the player weighs only live waits (and
    ``evaluate`` is never asked about a fifth copy); its choices are the plain rule's."""
    rules, table = RULE_TABLES[name]
    assert reference_games(rules, table, range(4126, 4127))["Discard"]
