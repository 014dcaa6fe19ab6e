"""Tenhou's mjlog XML: every field by example, meld codes, real logs, round trips, damage."""

from __future__ import annotations

import gzip
import random
import re
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mahjong_core import TileId
from mahjong_core.errors import InvalidLogError
from mahjong_core.formats import (
    GameSource,
    LogFormat,
    ReadError,
    iter_games,
    iter_sources,
    write_game,
)
from mahjong_core.formats.game_log import (
    Agari,
    AgariRecord,
    Bye,
    Call,
    CallKind,
    Discard,
    Draw,
    GameLog,
    LogCall,
    LogEvent,
    LogPlayer,
    LogRound,
    LogStanding,
    NewDora,
    Reconnect,
    Riichi,
    Ryuukyoku,
    RyuukyokuRecord,
)
from mahjong_core.formats.mjlog import (
    _read_as_written,
    _read_checked,
    format_mjlog,
    parse_mjlog,
)

from .support.mjlog_strategies import calls, games, players_and_seats
from .support.played_games import play, play_sanma

DATA = Path(__file__).parent / "data"
FOUR_PLAYER_LOGS = ("tenhou_4p_kans_nine_terminals.mjlog", "tenhou_4p_four_kans.mjlog",
                    "tenhou_4p_double_ron.mjlog.gz", "tenhou_4p_pao_old_format.mjlog")
THREE_PLAYER_LOG = "tenhou_3p_kita_minkan.mjlog"
REAL_LOGS = (*FOUR_PLAYER_LOGS, THREE_PLAYER_LOG)


def real_text(name: str) -> str:
    raw = (DATA / name).read_bytes()
    return (gzip.decompress(raw) if name.endswith(".gz") else raw).decode("utf-8").strip()


def ids(*values: int) -> tuple[TileId, ...]:
    return tuple(TileId(value) for value in values)


def dealt(first: int, step: int = 4) -> tuple[TileId, ...]:
    return ids(*range(first, first + 13 * step, step))


# --- every field by example: a small hand-written game ----------------------------------

def _hai(hand: tuple[TileId, ...]) -> str:
    return ",".join(map(str, hand))


ROUND_1_HANDS = tuple(dealt(seat) for seat in range(4))
ROUND_2_HANDS = tuple(dealt(13 * seat, 1) for seat in range(4))
DOC = "".join([
    '<mjloggm ver="2.3">',
    '<SHUFFLE seed="mt19937ar-sha512-n288-base64,q+/=" ref=""/>',
    '<GO type="169" lobby="1234"/>',
    '<UN n0="%E5%92%B2" n1="%41%6C%69%63%65" n2="%42%6F%62" n3="%43" dan="16,0,12,20" '
    'rate="2145.22,1500.00,1987.50,2300.01" sx="M,F,C,M"/>',
    '<TAIKYOKU oya="0"/>',
    '<BYE who="2" />',
    '<UN n2="%42%6F%62" />',
    '<INIT seed="4,1,2,3,5,60" ten="250,240,260,230" oya="0" ',
    " ".join(f'hai{seat}="{_hai(hand)}"' for seat, hand in enumerate(ROUND_1_HANDS)), "/>",
    "<T52/>", "<D52/>", "<U53/>", "<E1/>",
    '<N who="2" m="11" />', "<F10/>",
    "<W57/>", '<REACH who="3" step="1"/>', "<G57/>",
    '<REACH who="3" ten="250,240,260,220" step="2"/>',
    '<N who="0" m="34999" />', "<D40/>",
    "<U70/>", '<N who="1" m="17920" />', '<DORA hai="80" />', "<U72/>", "<E72/>",
    '<AGARI ba="1,3" hai="2,3,6,14,18,22,26,30,34,38,72" m="11" machi="72" ten="30,7700,0" '
    'yaku="1,1,7,1,54,1,53,0" doraHai="60,80" doraHaiUra="90,91" who="2" fromWho="1" '
    'sc="250,107,240,-107,260,0,220,0" />',
    '<AGARI ba="0,0" hai="3,7,11,15,19,23,27,31,35,39,43,47,51,72" machi="72" '
    'ten="40,32000,5" yakuman="39" doraHai="60,80" who="3" fromWho="1" paoWho="0" '
    'sc="357,0,133,-160,260,0,220,160" />',
    '<BYE who="3" />', '<UN n3="%43" />',
    '<INIT seed=",,,0,4,100" ',
    " ".join(f'hai{seat}="{_hai(hand)}"' for seat, hand in enumerate(ROUND_2_HANDS)), "/>",
    "<T60/>", "<D60/>",
    '<RYUUKYOKU ba="2,0" sc="357,-10,-27,30,260,-10,380,-10" hai1="13,14,15" hai3="39,40" '
    'owari="347,37.0,3,-47.0,250,-5.0,370,15.0" />',
    "</mjloggm>",
])

PON_OF_1M = LogCall(CallKind.PON, ids(1, 2, 3), TileId(1), None, 1)
EXPECTED = GameLog(
    version="2.3",
    shuffle_seed="mt19937ar-sha512-n288-base64,q+/=",
    rule_type=169,
    lobby=1234,
    players=(LogPlayer("咲", 16, 2145.22, "M"), LogPlayer("Alice", 0, 1500.0, "F"),
             LogPlayer("Bob", 12, 1987.5, "C"), LogPlayer("C", 20, 2300.01, "M")),
    first_dealer=0,
    rounds=(
        LogRound(
            round_index=4, honba=1, sticks=2, dice=(3, 5), dora_indicator=TileId(60),
            scores=(25000, 24000, 26000, 23000), dealer=0, hands=ROUND_1_HANDS,
            events=(
                Draw(0, TileId(52)), Discard(0, TileId(52), tsumogiri=True),
                Draw(1, TileId(53)), Discard(1, TileId(1), tsumogiri=False),
                Call(2, PON_OF_1M), Discard(2, TileId(10), tsumogiri=False),
                Draw(3, TileId(57)), Riichi(3, 1), Discard(3, TileId(57), tsumogiri=True),
                Riichi(3, 2, (25000, 24000, 26000, 22000)),
                Call(0, LogCall(CallKind.CHI, ids(54, 57, 61), TileId(57), None, 3)),
                Discard(0, TileId(40), tsumogiri=False),
                Draw(1, TileId(70)),
                Call(1, LogCall(CallKind.ANKAN, ids(68, 69, 70, 71), None, None, None,
                                  code_tile=TileId(70))),
                NewDora(TileId(80)), Draw(1, TileId(72)), Discard(1, TileId(72), True),
                Agari(2, 1, ids(90, 91), AgariRecord(
                    honba=1, sticks=3, hand=ids(2, 3, 6, 14, 18, 22, 26, 30, 34, 38, 72),
                    melds=(PON_OF_1M,), win_tile=TileId(72), fu=30, points=7700, limit=0,
                    yaku=((1, 1), (7, 1), (54, 1), (53, 0)), dora_indicators=ids(60, 80),
                    scores=(25000, 24000, 26000, 22000), deltas=(10700, -10700, 0, 0))),
                Agari(3, 1, (), AgariRecord(
                    honba=0, sticks=0, hand=dealt(3)[:13] + ids(72), win_tile=TileId(72),
                    fu=40, points=32000, limit=5, yakuman=(39,), dora_indicators=ids(60, 80),
                    pao=0, scores=(35700, 13300, 26000, 22000), deltas=(0, -16000, 0, 16000))),
                Bye(3), Reconnect(3))),
        LogRound(
            round_index=None, honba=None, sticks=None, dice=(0, 4),
            dora_indicator=TileId(100), scores=None, dealer=None, hands=ROUND_2_HANDS,
            events=(
                Draw(0, TileId(60)), Discard(0, TileId(60), tsumogiri=True),
                Ryuukyoku(None, RyuukyokuRecord(
                    honba=2, sticks=0, hands=(None, ids(13, 14, 15), None, ids(39, 40)),
                    scores=(35700, -2700, 26000, 38000), deltas=(-1000, 3000, -1000, -1000),
                    final=LogStanding((34700, 300, 25000, 37000),
                                        (37.0, -47.0, -5.0, 15.0))))))),
    opening=(Bye(2), Reconnect(2)),
    shuffle_ref="",
)


def test_every_field_by_example() -> None:
    game = parse_mjlog(DOC)
    assert game == EXPECTED
    assert (game.players_count, game.red_fives, game.open_tanyao, game.east_south) == (
        4, True, True, True)


def test_the_example_is_written_back_as_it_was() -> None:
    assert format_mjlog(EXPECTED) == DOC


@pytest.mark.parametrize(("rule_type", "expected"), [
    (0x00, (4, True, True, False)),
    (0x02, (4, False, True, False)),
    (0x04, (4, True, False, False)),
    (0x08, (4, True, True, True)),
    (0x10, (3, True, True, False)),
    (0xB9, (3, True, True, True)),
    (0x0F, (4, False, False, True)),
])
def test_rule_bits(rule_type: int, expected: tuple[int, bool, bool, bool]) -> None:
    game = attrs.evolve(EXPECTED, rule_type=rule_type)
    assert (game.players_count, game.red_fives, game.open_tanyao, game.east_south) == expected


def test_whitespace_between_tags_and_an_xml_declaration_are_read() -> None:
    spaced = '<?xml version="1.0" encoding="UTF-8"?>\n' + DOC.replace("><", ">\n  <")
    assert parse_mjlog(spaced) == EXPECTED


_XML_BLANKS = " \t\r\n"
"""XML's white space (its production S): the only characters allowed inside a tag."""
_ANY_TAG = re.compile(r'<(/?)([A-Za-z]+[0-9]*)((?:\s+[A-Za-z_][A-Za-z0-9_]*="[^"]*")*)\s*(/?)>')
_ONE_ATTRIBUTE = re.compile(r'([A-Za-z_][A-Za-z0-9_]*)="([^"]*)"')


def _xml_spaced(document: str, gap: Callable[[bool], str], quote: Callable[[str], str]) -> str:
    """``document`` with every tag rewritten as XML also allows: ``gap(needed)`` is the
    white space put where XML requires some (True) or allows some (False), ``quote`` an
    attribute value's quotes."""
    def tag(match: re.Match[str]) -> str:
        closing, name, attributes, empty = match.groups()
        if closing:
            return f"</{name}{gap(False)}>"
        pairs = "".join(f"{gap(True)}{key}{gap(False)}={gap(False)}{quote(value)}"
                        for key, value in _ONE_ATTRIBUTE.findall(attributes))
        return f"<{name}{pairs}{gap(False)}{empty}>"

    return _ANY_TAG.sub(tag, document)


def _double(value: str) -> str:
    return f'"{value}"'


@pytest.mark.parametrize(("gap", "quote"), [
    (lambda needed: " ", _double),                             # <T52 />, <N who="2" m="11" />
    (lambda needed: " \t\r\n" if needed else "\n", _double),   # every kind of white space
    (lambda needed: "\t" if needed else "", lambda value: f"'{value}'"),   # single quotes
])
def test_white_space_and_quotes_xml_allows_inside_tags_read_as_the_compact_form(
        gap: Callable[[bool], str], quote: Callable[[str], str]) -> None:
    spaced = _xml_spaced(DOC, gap, quote)
    assert spaced != DOC and "<T52" in spaced
    assert parse_mjlog(spaced) == EXPECTED


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_any_white_space_xml_allows_in_any_tag_reads_as_the_compact_form(
        data: st.DataObject) -> None:
    blanks = st.text(alphabet=_XML_BLANKS, max_size=3)

    def gap(needed: bool) -> str:
        return data.draw(blanks.filter(bool) if needed else blanks)

    def quote(value: str) -> str:
        mark = data.draw(st.sampled_from("\"'"))
        return f"{mark}{value}{mark}"

    assert parse_mjlog(_xml_spaced(DOC, gap, quote)) == EXPECTED


def test_a_single_quoted_value_may_hold_a_double_quote_and_the_reverse() -> None:
    text = DOC.replace('ref=""', "ref='a\"b'").replace('ver="2.3"', "ver='2.3'")
    game = parse_mjlog(text.replace('lobby="1234"', "lobby='1234'"))
    assert game == attrs.evolve(EXPECTED, shuffle_ref='a"b')
    assert parse_mjlog(DOC.replace('ref=""', "ref=\"a'b\"")).shuffle_ref == "a'b"


@pytest.mark.parametrize(("old", "new"), [
    ("<T52/>", "< T52/>"),              # no white space after <
    ("<T52/>", "<T52/ >"),              # nor between / and >
    ("<T52/>", "<T52\x0b/>"),           # a vertical tab is not XML white space
    ('<N who="2" m="11" />', '<N who="2"m="11" />'),       # attributes need white space between
    ('<N who="2" m="11" />', '<N\u3000who="2" m="11" />'),  # an ideographic space neither
    ('<N who="2" m="11" />', "<N who=\"2' m=\"11\" />"),    # quotes that do not pair
    ("</mjloggm>", "</ mjloggm>"),
])
def test_white_space_xml_does_not_allow_is_refused(old: str, new: str) -> None:
    with pytest.raises(InvalidLogError, match=r"malformed tag|unknown tag|text outside a tag"):
        parse_mjlog(_damage(old, new))


def test_whole_number_rates_and_points_are_numbers_too() -> None:
    game = attrs.evolve(EXPECTED, players=(LogPlayer("a", 1, 1500, "M"),) * 4)
    assert 'rate="1500.00,1500.00,1500.00,1500.00"' in format_mjlog(game)
    assert parse_mjlog(format_mjlog(game)) == game


def test_character_references_in_text_attributes() -> None:
    text = DOC.replace('ref=""', 'ref="a&amp;b&lt;&#x41;&#66;&quot;"')
    game = parse_mjlog(text)
    assert game.shuffle_ref == 'a&b<AB"'
    assert parse_mjlog(format_mjlog(game)) == game


@pytest.mark.parametrize("version", ["inf", "1e999", "nan", "-inf", "2.3.1", "", "abc",
                                     "1" + "0" * 400, "&#50;.3x"])
def test_a_version_that_is_not_a_number_is_the_log_s_error(version: str) -> None:
    with pytest.raises(InvalidLogError, match=r"^before the first round, character 0 "
                                              r".*: ver=.* is not a version number"):
        parse_mjlog(DOC.replace('ver="2.3"', f'ver="{version}"'))
    with pytest.raises(InvalidLogError, match="a game's version"):
        attrs.evolve(EXPECTED, version=version)


@pytest.mark.parametrize("version", ["2.3", "2", "10.25", "&#50;.3"])
def test_a_version_number_reads(version: str) -> None:
    game = parse_mjlog(DOC.replace('ver="2.3"', f'ver="{version}"'))
    assert game.version == version.replace("&#50;", "2")


# --- meld codes --------------------------------------------------------------------------

def _call(kind: CallKind, tiles: tuple[int, ...], called: int | None = None,
          added: int | None = None, source: int | None = None,
          code_tile: int | None = None) -> LogCall:
    return LogCall(kind, ids(*tiles), None if called is None else TileId(called),
                     None if added is None else TileId(added), source,
                     None if code_tile is None else TileId(code_tile))


# Codes from the real logs in tests/data. The evidence is in the log around each N tag:
# the tag before it discards the called tile, the caller's INIT hand (or a draw) holds the
# others; for an added kan, the caller's earlier pon and the tile it has just drawn.
KNOWN_CODES = [
    # double ron log, E1: <F22/> (6m) then seat 3 chis with 12 (4m) and 19 (5m) dealt
    (11623, 3, 4, _call(CallKind.CHI, (12, 19, 22), 22, source=2)),
    # old format log, E2: <G61/> (7p) then seat 0 chis with 66 and 70 dealt
    (40271, 0, 4, _call(CallKind.CHI, (61, 66, 70), 61, source=3)),
    # kans log, E2: <E133/> (chun) then seat 3 pons with 132 and 135 dealt
    (51274, 3, 4, _call(CallKind.PON, (132, 133, 135), 133, source=1)),
    # kans log, E3: <G80/> (3s) then seat 0 pons with 81 and 82 dealt
    (30827, 0, 4, _call(CallKind.PON, (80, 81, 82), 80, source=3)),
    # double ron log, E4: <D17/> (5m) then seat 2 pons with 16 (the red five) and 18
    (6762, 2, 4, _call(CallKind.PON, (16, 17, 18), 17, source=0)),
    # kans log, E3: <G36/> (1p) then seat 0 kans with 37 and 39 dealt, 38 drawn
    (9219, 0, 4, _call(CallKind.MINKAN, (36, 37, 38, 39), 36, source=3)),
    # kans log, E3: seat 3 draws <W108/> and kans 108-111 (haku), closed
    (27648, 3, 4, _call(CallKind.ANKAN, (108, 109, 110, 111))),
    # four kans log, E4: seat 0 draws <T16/> and kans 16-19 (5m); the code names copy 18
    (4608, 0, 4, _call(CallKind.ANKAN, (16, 17, 18, 19), code_tile=18)),
    # double ron log: seat 1 pons 112-114 (chun) calling 114 from seat 3, draws <U115/>
    (44146, 1, 4, _call(CallKind.SHOUMINKAN, (112, 113, 114, 115), 114, 115, 3)),
    # four kans log, E4: seat 2's pon of 3m called 8 from seat 1, adds the drawn 10
    (3155, 2, 4, _call(CallKind.SHOUMINKAN, (8, 9, 10, 11), 8, 10, 1)),
    # three-player log, E1: seat 0 sets aside a dealt north, 123
    (31520, 0, 3, _call(CallKind.KITA, (123,))),
    # three-player log, E1: <D108/> then seat 2 pons haku with 110 and 111 dealt
    (41514, 2, 3, _call(CallKind.PON, (108, 110, 111), 108, source=0)),
    # three-player log, E3: <E55/> (6p) then seat 2 kans with 52, 53, 54 dealt
    (14083, 2, 3, _call(CallKind.MINKAN, (52, 53, 54, 55), 55, source=1)),
]


@pytest.mark.parametrize(("code", "who", "players", "expected"), KNOWN_CODES)
def test_known_codes(code: int, who: int, players: int, expected: LogCall) -> None:
    assert LogCall.decode(code, who, players) == expected
    assert expected.encode(who, players) == code


def test_known_codes_cover_every_kind() -> None:
    assert {call.kind for _, _, _, call in KNOWN_CODES} == set(CallKind)


def _valid_codes(who: int, players: int) -> dict[CallKind, int]:
    counts = dict.fromkeys(CallKind, 0)
    for code in range(1 << 16):
        try:
            call = LogCall.decode(code, who, players)
        except InvalidLogError:
            continue
        assert call.encode(who, players) == code
        # decode builds its calls unchecked: each is one the checking constructor makes
        assert LogCall(call.kind, call.tiles, call.called, call.added, call.from_seat,
                       call.code_tile) == call
        counts[call.kind] += 1
    return counts


@pytest.mark.parametrize(("players", "who"), [(4, 0), (4, 1), (4, 2), (4, 3), (3, 0), (3, 1),
                                               (3, 2)])
def test_every_16_bit_code_decodes_to_its_own_encoding_or_to_nothing(players: int,
                                                                       who: int) -> None:
    # What each kind admits, counted from its parts: a chi is one of 21 runs, called at
    # one of 3 places, each tile one of 4 copies, always from the seat before; a pon or an
    # added kan is one of 34 kinds, one of 4 copies left out (or added), called at one of
    # 3 places, from any other seat; an open kan is one of the 136 ids called from any
    # other seat; an ankan one of 136 ids; a kita one of the 4 norths.
    sources = players - 1 if players == 4 else 2
    expected = {
        CallKind.CHI: 21 * 3 * 4 ** 3 if players == 4 else 0,
        CallKind.PON: 34 * 4 * 3 * sources,
        CallKind.SHOUMINKAN: 34 * 4 * 3 * sources,
        CallKind.MINKAN: 136 * sources,
        CallKind.ANKAN: 136,
        CallKind.KITA: 4 if players == 3 else 0,
    }
    assert _valid_codes(who, players) == expected


@given(players_and_seats().flatmap(
    lambda table: st.tuples(st.just(table), calls(table[1], table[0]))))
def test_encode_then_decode_gives_the_call_back(case: tuple[tuple[int, int], LogCall]) -> None:
    (players, who), call = case
    assert LogCall.decode(call.encode(who, players), who, players) == call


@pytest.mark.parametrize(("make", "message"), [
    (lambda: _call(CallKind.CHI, (0, 4, 12), 0, source=3), "do not make a chi"),
    (lambda: _call(CallKind.CHI, (28, 32, 36), 28, source=3), "do not make a chi"),
    (lambda: _call(CallKind.PON, (0, 1, 4), 0, source=1), "do not make a pon"),
    (lambda: _call(CallKind.PON, (2, 1, 0), 0, source=1), "ascending"),
    (lambda: _call(CallKind.PON, (0, 1, 2), 3, source=1), "not among its tiles"),
    (lambda: _call(CallKind.PON, (0, 1, 2)), "names called tile and source seat"),
    (lambda: _call(CallKind.ANKAN, (0, 1, 2, 3), 0, source=1), "has no called tile"),
    (lambda: _call(CallKind.SHOUMINKAN, (0, 1, 2, 3), 0, source=1), "added tile"),
    (lambda: _call(CallKind.SHOUMINKAN, (0, 1, 2, 3), 0, 0, 1), "other than the called"),
    (lambda: _call(CallKind.MINKAN, (0, 1, 2, 3), 0, 0, 1), "only a shouminkan"),
    (lambda: _call(CallKind.ANKAN, (0, 1, 2, 3), code_tile=0), "None for the first"),
    (lambda: _call(CallKind.PON, (0, 1, 2), 0, source=1, code_tile=1), "only an ankan"),
    (lambda: _call(CallKind.KITA, (116,)), "do not make a kita"),
    (lambda: _call(CallKind.PON, (0, 1, 136), 0, source=1), "tile ids 0-135"),
    (lambda: _call(CallKind.PON, (0, 1, 2), 0, source=4), "seat 0-3"),
])
def test_a_call_that_is_no_meld_is_refused(make: Callable[[], LogCall], message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        make()


@pytest.mark.parametrize(("call", "who", "players", "message"), [
    (_call(CallKind.CHI, (0, 4, 8), 0, source=1), 0, 4, "not from the seat before"),
    (_call(CallKind.PON, (0, 1, 2), 0, source=2), 2, 4, "from that seat itself"),
    (_call(CallKind.CHI, (0, 4, 8), 0, source=2), 0, 3, "a three-player game has no chi"),
    (_call(CallKind.KITA, (120,)), 0, 4, "only a three-player game has kita"),
    (_call(CallKind.PON, (0, 1, 2), 0, source=3), 1, 3, "seat a three-player game does not"),
    (_call(CallKind.ANKAN, (0, 1, 2, 3)), 3, 3, "seats are 0-2"),
    (_call(CallKind.ANKAN, (0, 1, 2, 3)), 0, 5, "3 or 4 players"),
])
def test_a_call_a_seat_cannot_make_is_not_encoded(call: LogCall, who: int, players: int,
                                                  message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        call.encode(who, players)


@pytest.mark.parametrize(("code", "who", "players", "message"), [
    (65535, 0, 4, r"meld code 65535 \(chi\) has bit 9 set"),
    (-1, 0, 4, "0-65535"),
    (1 << 16, 0, 4, "0-65535"),
    (63 << 10 | 0x4 | 3, 0, 4, "no run"),
    (102 << 9 | 0x8 | 1, 0, 4, "names no tile kind"),
    (0x18 | 1, 0, 4, "unused bits"),
    (0x1 << 8 | 0x20 | 1, 0, 3, "kita"),
    (31264, 0, 4, r"meld code 31264 \(kita\): only a three-player game has kita"),
    (136 << 8 | 1, 0, 4, "names tile id 136"),
    (0x41, 0, 4, r"\(kan\) has unused bits"),
    (0x408, 0, 4, r"\(pon or added kan\) names no source seat"),
    (0x404, 0, 4, r"\(chi\) names no source seat"),
    (0x408 | 1, 2, 3, "seat a three-player game does not have"),
    (40271, 0, 3, r"meld code 40271 \(chi\): a three-player game has no chi"),
])
def test_a_code_that_decodes_to_nothing_valid(code: int, who: int, players: int,
                                              message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        LogCall.decode(code, who, players)


# --- the real logs -----------------------------------------------------------------------

@pytest.mark.parametrize("name", REAL_LOGS)
def test_real_logs_survive_format_then_parse(name: str) -> None:
    game = parse_mjlog(real_text(name))
    assert parse_mjlog(format_mjlog(game)) == game


@pytest.mark.parametrize("name", [name for name in REAL_LOGS if "old_format" not in name])
def test_real_logs_are_written_back_to_the_letter(name: str) -> None:
    text = real_text(name)
    assert format_mjlog(parse_mjlog(text)) == text


def test_an_older_log_differs_only_in_how_numbers_are_written() -> None:
    text = real_text("tenhou_4p_pao_old_format.mjlog")
    written = format_mjlog(parse_mjlog(text))
    # rates written as whole numbers and placement points without a decimal come back
    # in today's form; every tag is otherwise the same
    assert 'rate="2105,2069,2082,2102"' in text
    assert 'rate="2105.00,2069.00,2082.00,2102.00"' in written
    normal = re.compile(r"(\d+)\.0+\b")
    assert normal.sub(r"\1", written) == normal.sub(r"\1", text)


TAG = re.compile(r"<(\w+)([^>]*)>")
ATTRIBUTE = re.compile(r'(\w+)="([^"]*)"')


def _tracked_calls(text: str, players: int) -> list[tuple[LogCall, bool]]:
    """Each N tag of a log decoded, and whether it fits what the log shows: hands kept from
    the INIT tags and the draw and discard tags by this test's own reading of the text."""
    hands: list[set[int]] = []
    last_discard: tuple[int, int] | None = None
    pons: dict[tuple[int, int], tuple[int | None, int | None]] = {}
    found = []
    for name, body in TAG.findall(text):
        attributes = dict(ATTRIBUTE.findall(body))
        if name == "INIT":
            hands = [{int(x) for x in attributes[f"hai{seat}"].split(",") if x}
                     for seat in range(4)]
            pons = {}
        elif re.fullmatch(r"[TUVW]\d+", name):
            hands["TUVW".index(name[0])].add(int(name[1:]))
        elif re.fullmatch(r"[DEFG]\d+", name):
            seat = "DEFG".index(name[0])
            hands[seat].remove(int(name[1:]))
            last_discard = (seat, int(name[1:]))
        elif name == "N":
            who = int(attributes["who"])
            call = LogCall.decode(int(attributes["m"]), who, players)
            hand = hands[who]
            if call.kind is CallKind.SHOUMINKAN:
                added = call.added
                pon = pons.get((who, call.tiles[0] // 4))
                fits = added in hand and pon == (call.called, call.from_seat)
                hand.discard(added or -1)
            elif call.called is not None:
                fits = last_discard == (call.from_seat, call.called) and all(
                    tile in hand for tile in call.tiles if tile != call.called)
                hand.difference_update(call.tiles)
                if call.kind is CallKind.PON:
                    pons[(who, call.tiles[0] // 4)] = (call.called, call.from_seat)
            else:
                fits = all(tile in hand for tile in call.tiles)
                hand.difference_update(call.tiles)
            found.append((call, fits))
            last_discard = None
    return found


@pytest.mark.parametrize("name", REAL_LOGS)
def test_every_call_in_the_real_logs_fits_the_hands_the_log_shows(name: str) -> None:
    text = real_text(name)
    found = _tracked_calls(text, 3 if name == THREE_PLAYER_LOG else 4)
    assert len(found) == text.count("<N ")
    assert all(fits for _, fits in found)
    game = parse_mjlog(text)
    parsed = [event.call for round_ in game.rounds for event in round_.events
              if isinstance(event, Call)]
    assert parsed == [call for call, _ in found]


def test_the_real_logs_hold_what_they_were_chosen_for() -> None:
    def events(name: str) -> list[LogEvent]:
        return [event for round_ in parse_mjlog(real_text(name)).rounds
                for event in round_.events]

    def kinds(name: str) -> set[CallKind]:
        return {event.call.kind for event in events(name) if isinstance(event, Call)}

    assert kinds("tenhou_4p_kans_nine_terminals.mjlog") == {
        CallKind.CHI, CallKind.PON, CallKind.MINKAN, CallKind.ANKAN}
    assert any(isinstance(event, Ryuukyoku) and event.kind == "yao9"
               for event in events("tenhou_4p_kans_nine_terminals.mjlog"))
    four_kans = events("tenhou_4p_four_kans.mjlog")
    assert [event.kind for event in four_kans if isinstance(event, Ryuukyoku)].count(
        "kan4") == 1
    assert any(isinstance(event, Call) and event.call.code_tile is not None
               for event in four_kans)
    game = parse_mjlog(real_text("tenhou_4p_double_ron.mjlog.gz"))
    assert any(sum(isinstance(event, Agari) for event in round_.events) == 2
               for round_ in game.rounds)
    old = events("tenhou_4p_pao_old_format.mjlog")
    assert any(isinstance(e, Agari) and e.recorded and e.recorded.pao is not None for e in old)
    assert any(isinstance(e, Riichi) and e.step == 2 and e.scores is None for e in old)
    three = parse_mjlog(real_text(THREE_PLAYER_LOG))
    assert three.players_count == 3
    assert all(round_.hands[3] == () for round_ in three.rounds)
    assert {CallKind.KITA, CallKind.MINKAN, CallKind.SHOUMINKAN} <= kinds(THREE_PLAYER_LOG)
    assert any(isinstance(e, Bye) for e in events(THREE_PLAYER_LOG))
    assert any(isinstance(e, Reconnect) for e in events(THREE_PLAYER_LOG))


def test_tsumogiri_follows_the_draw_just_before() -> None:
    # a discard is tsumogiri when the last draw, discard or call before it is this seat's
    # draw of the same tile (a riichi declaration or a new dora may come between)
    expected = []
    last = ""
    for name, _ in TAG.findall(real_text("tenhou_4p_four_kans.mjlog")):
        if re.fullmatch(r"[DEFG]\d+", name):
            expected.append(last == "TUVW"["DEFG".index(name[0])] + name[1:])
        if re.fullmatch(r"[TUVWDEFG]\d+", name) or name in ("N", "INIT"):
            last = name
    game = parse_mjlog(real_text("tenhou_4p_four_kans.mjlog"))
    flags = [event.tsumogiri for round_ in game.rounds for event in round_.events
             if isinstance(event, Discard)]
    assert flags == expected
    assert 0 < sum(flags) < len(flags)


# --- the blanked form --------------------------------------------------------------------

ABORTIVE = {"yao9", "kaze4", "reach4", "kan4", "ron3"}


def _blank(text: str) -> str:
    """The log with the server's outcomes removed, as a replay's input has them."""
    first = True

    def tag(match: re.Match[str]) -> str:
        nonlocal first
        name, body = match.group(1), match.group(2)
        pairs = ATTRIBUTE.findall(body)
        if name == "INIT":
            if first:
                first = False
                return match.group(0)
            pairs = [(k, ",,," + ",".join(v.split(",")[3:]) if k == "seed" else v)
                     for k, v in pairs if k not in ("ten", "oya")]
        elif name == "AGARI":
            pairs = [(k, v) for k, v in pairs if k in ("who", "fromWho", "doraHaiUra")]
        elif name == "RYUUKYOKU":
            pairs = [(k, v) for k, v in pairs if k == "type" and v in ABORTIVE]
        elif name == "REACH":
            pairs = [(k, v) for k, v in pairs if k != "ten"]
        else:
            return match.group(0)
        return f"<{name}{''.join(f' {k}={chr(34)}{v}{chr(34)}' for k, v in pairs)} />"

    return TAG.sub(tag, text)


def _without_outcomes(event: LogEvent) -> LogEvent:
    if isinstance(event, Agari):
        return Agari(event.seat, event.from_seat, event.ura_indicators)
    if isinstance(event, Riichi):
        return Riichi(event.seat, event.step)
    if isinstance(event, Ryuukyoku):
        return Ryuukyoku(event.kind if event.kind in ABORTIVE else None)
    return event


@pytest.mark.parametrize("name", REAL_LOGS)
def test_the_blanked_form_reads_with_none_where_the_outcomes_were(name: str) -> None:
    full = parse_mjlog(real_text(name))
    blanked = parse_mjlog(_blank(real_text(name)))
    rounds = [attrs.evolve(round_, events=tuple(_without_outcomes(e) for e in round_.events))
              for round_ in full.rounds]
    rounds[1:] = [attrs.evolve(round_, round_index=None, honba=None, sticks=None, scores=None,
                               dealer=None) for round_ in rounds[1:]]
    expected = attrs.evolve(full, rounds=tuple(rounds))
    assert blanked == expected
    assert parse_mjlog(format_mjlog(blanked)) == blanked


# --- files: gzip, several documents ------------------------------------------------------

def _read(data: bytes | str) -> list[GameLog | str]:
    """Every game of ``data`` as ``iter_games`` reads it (without its origin), an error as
    its message."""
    raw = data.encode() if isinstance(data, str) else data
    return [item.message if isinstance(item, ReadError) else attrs.evolve(item, origin=None)
            for item in iter_games(raw)]


def test_gzip_input_reads_as_the_plain_text() -> None:
    raw = (DATA / "tenhou_4p_double_ron.mjlog.gz").read_bytes()
    assert raw[:2] == b"\x1f\x8b"
    assert _read(raw) == _read(real_text("tenhou_4p_double_ron.mjlog.gz"))


def test_several_documents_in_one_file_plain_and_gzip() -> None:
    texts = [real_text(name) for name in REAL_LOGS]
    expected = [parse_mjlog(text) for text in texts]
    one_per_line = "\n".join(texts) + "\n"
    assert [item.text for item in iter_sources(one_per_line.encode())
            if isinstance(item, GameSource)] == texts
    assert _read(one_per_line) == expected
    assert _read("".join(texts)) == expected
    assert _read(gzip.compress(one_per_line.encode())) == expected
    members = b"".join(gzip.compress((text + "\n").encode()) for text in texts)
    assert _read(members) == expected
    assert _read(b"  \n") == ["data holds no game"]


def test_a_truncated_gzip_file_keeps_what_it_holds_and_names_the_cut_document() -> None:
    texts = [real_text(name) for name in FOUR_PLAYER_LOGS[:2]]
    raw = gzip.compress("\n".join(texts).encode())
    cut = raw[:len(raw) * 3 // 4]
    first, second = iter_sources(cut)
    assert isinstance(first, GameSource) and first.text == texts[0]
    assert isinstance(second, ReadError) and second.index == 1
    assert second.message == "data: the gzip data ends early (cut short)"


def test_a_damaged_document_costs_only_itself() -> None:
    found = _read("<mjloggm>a</mjloggm>\njunk\n<mjloggm ver=")
    assert found == [
        "before the first round, character 9 a: text outside a tag: 'a'",
        "before the first round, character 0 junk: text outside a tag: 'junk'",
        "before the first round, character 0 <mjloggm ver=: a cut-off or malformed tag: "
        "'<mjloggm ver='"]


@pytest.mark.parametrize(("data", "message"), [
    (b"\x1f\x8b\x09\x00" + bytes(12), "data: the gzip data is damaged (Error -3 "),
    ("<mjloggm>é</mjloggm>".encode("latin-1"), "the game is not UTF-8: byte 0xe9 at position 9"),
    (gzip.compress(b"<mjloggm/>", mtime=0) + b"junk", "data: the gzip data is damaged"),
])
def test_bytes_that_are_not_gzip_or_utf8(data: bytes, message: str) -> None:
    assert any(isinstance(item, str) and item.startswith(message) for item in _read(data))


# --- damaged input -----------------------------------------------------------------------

def _damage(old: str, new: str) -> str:
    assert DOC.count(old) == 1
    return DOC.replace(old, new)


def _place(text: str, tag: str, event: int, round_: str = "S1 honba 1") -> str:
    return f"^{round_}, event {event}, character {text.index(tag)} {re.escape(tag)}: "


DAMAGED = [
    # (the damaged document, a pattern for the whole message's start and its problem)
    (DOC[:DOC.index("<F10/>") + 3], _place(DOC, "<F1", 5) + "a cut-off or malformed tag"),
    (DOC[:DOC.index("<F10/>")], "^S1 honba 1, at the end of the document: the document "
                                "ends without </mjloggm>"),
    (_damage("<F10/>", "<X10/>"), _place(_damage("<F10/>", "<X10/>"), "<X10/>", 5)
     + r"unknown tag <X10>"),
    (_damage("<F10/>", '<FOO a="1"/>'),
     _place(_damage("<F10/>", '<FOO a="1"/>'), '<FOO a="1"/>', 5) + "unknown tag <FOO>"),
    (_damage("<T52/>", "<T136/>"),
     _place(_damage("<T52/>", "<T136/>"), "<T136/>", 0) + "tile id 136 is not 0-135"),
    (_damage('<N who="2" m="11" />', '<N who="5" m="11" />'),
     _place(_damage('<N who="2" m="11" />', '<N who="5" m="11" />'), '<N who="5" m="11" />',
            4) + "who=5 is not a seat of a 4-player game"),
    (_damage('<BYE who="3" />', '<BYE who="5" />'),
     _place(_damage('<BYE who="3" />', '<BYE who="5" />'), '<BYE who="5" />', 19)
     + "who=5 is not a seat"),
    (_damage('<REACH who="3" step="1"/>', '<REACH who="x" step="1"/>'),
     _place(_damage('<REACH who="3" step="1"/>', '<REACH who="x" step="1"/>'),
            '<REACH who="x" step="1"/>', 7) + "who='x' is not a number"),
    (_damage('<N who="0" m="34999" />', '<N who="0" m="3.5" />'),
     _place(_damage('<N who="0" m="34999" />', '<N who="0" m="3.5" />'),
            '<N who="0" m="3.5" />', 10) + "m='3.5' is not a number"),
    (_damage('<N who="0" m="34999" />', '<N who="0" m="65535" />'),
     _place(_damage('<N who="0" m="34999" />', '<N who="0" m="65535" />'),
            '<N who="0" m="65535" />', 10) + r"meld code 65535 \(chi\) has bit 9 set"),
    (_damage('<N who="0" m="34999" />', '<N who="0" m="34997" />'),
     _place(_damage('<N who="0" m="34999" />', '<N who="0" m="34997" />'),
            '<N who="0" m="34997" />', 10)
     + r"meld code 34997 \(chi\) by seat 0 takes a tile from seat 1, not from the seat before"),
    (_damage('<N who="1" m="17920" />', '<N who="1" m="31264" />'),
     _place(_damage('<N who="1" m="17920" />', '<N who="1" m="31264" />'),
            '<N who="1" m="31264" />', 13) + r"meld code 31264 \(kita\): only a three-player "
                                             "game has kita"),
    (_damage('seed="4,1,2,3,5,60"', 'seed="4,1,2,3,five,60"'),
     "^round 1, character .* <INIT.*: the seed's second die 'five' is not a number"),
    (_damage('<DORA hai="80" />', '<DORA hai="80" foo="1" />'),
     r"event 14, .*: <DORA> has unknown attributes \['foo'\]"),
    (_damage('<DORA hai="80" />', '<DORA hai="80">'), "is not closed with />"),
    (_damage("15.0\" />", "15.0\" /><AGARI who=\"0\" fromWho=\"0\" />"),
     "^round 2, event 3, .*: a win after the round ended in a draw"),
    (_damage("15.0\" />", "15.0\" /><D61/>"), r"^round 2, event 3, .*<D61/>: a discard outside"),
    (_damage("<T60/><D60/><RYUUKYOKU", "<T60/><D60/><INIT seed=\",,,0,0,0\"/><RYUUKYOKU"),
     "^round 2, event 2, .*: round 2 ends without a win or a draw"),
    (_damage('<GO type="169" lobby="1234"/>', ""),
     "^round 1, character .*<INIT.*: a round starts before the GO and TAIKYOKU tags"),
    (_damage("</mjloggm>", "</mjloggm>x"), "text outside a tag|text after </mjloggm>"),
    (_damage("<mjloggm ver=\"2.3\">", "<mjlog>"), "unknown tag <mjlog>"),
    ("<GO type=\"1\"/></mjloggm>", "a document starts with <mjloggm"),
]


@pytest.mark.parametrize(("text", "message"), DAMAGED)
def test_damaged_input_names_the_place(text: str, message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        parse_mjlog(text)


def _numbers(count: int, number: int = 1) -> str:
    return ",".join([str(number)] * count)


def _tag(marker: str) -> str:
    """The tag of DOC that holds ``marker``."""
    start = DOC.rindex("<", 0, DOC.index(marker) + 1)
    return DOC[start:DOC.index(">", start) + 1]


FIRST_WIN = _tag('ten="30,7700,0"')


def _attribute(old: str, new: str, within: str = FIRST_WIN) -> str:
    """DOC with ``old`` replaced by ``new`` in the tag ``within``."""
    assert within.count(old) == 1
    return _damage(within, within.replace(old, new))


LISTS_OVER_THEIR_LIMIT = [
    # (the attribute as it was, as it is now, the message)
    # a fifth meld code that decodes to nothing: refused for the count, before decoding
    ('m="11"', f'm="{_numbers(4, 11)},65535"',
     "m holds 5 numbers, more than 4: a win has at most 4 melds"),
    ('hai="2,', f'hai="{_numbers(4)},2,', "hai holds 15 numbers, more than 14"),
    ('yaku="1,1,', f'yaku="{_numbers(104)},1,1,', "yaku holds 112 numbers, more than 110"),
    ('doraHai="60,80"', f'doraHai="{_numbers(6)}"', "doraHai holds 6 numbers, more than 5"),
    ('doraHaiUra="90,91"', f'doraHaiUra="{_numbers(6)}"', "doraHaiUra holds 6 numbers"),
    ('sc="250,', 'sc="0,0,250,', "sc holds 10 numbers, more than 8"),
    ('ten="30,7700,0"', f'ten="{_numbers(100_000)}"', "ten holds 100000 numbers, not 3"),
    ('ba="1,3"', 'ba="1,3,0"', "ba holds 3 numbers, not 2"),
]


@pytest.mark.parametrize(("old", "new", "message"), LISTS_OVER_THEIR_LIMIT)
def test_a_win_s_list_longer_than_its_rule_allows_is_refused(old: str, new: str,
                                                             message: str) -> None:
    with pytest.raises(InvalidLogError, match=f"^S1 honba 1, event 17, .*: {message}"):
        parse_mjlog(_attribute(old, new))


@pytest.mark.parametrize(("within", "old", "new", "message"), [
    (_tag('yakuman="39"'), 'yakuman="39"', f'yakuman="{_numbers(56, 39)}"',
     "yakuman holds 56 numbers, more than 55"),
    (_tag("<INIT"), 'ten="250,240,260,230"', 'ten="250,240,260,230,0"',
     "ten holds 5 numbers, more than 4"),
    (_tag("<INIT"), 'hai0="0,', f'hai0="{_numbers(3, 135)},0,',
     "hai0 holds 16 numbers, more than 13: a seat is dealt 13 tiles"),
    (_tag('ten="250,240,260,220"'), 'ten="250,240,260,220"', 'ten="250,240,260,220,0"',
     "ten holds 5 numbers, more than 4"),
    (_tag("<RYUUKYOKU"), 'hai1="13,14,15"', f'hai1="{_numbers(15, 13)}"',
     "hai1 holds 15 numbers, more than 14"),
    (_tag("<RYUUKYOKU"), 'owari="347,', 'owari="0,0,347,', "owari holds 10 items, more than 8"),
])
def test_every_other_list_longer_than_its_rule_allows_is_refused(
        within: str, old: str, new: str, message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        parse_mjlog(_attribute(old, new, within))


def test_a_three_player_win_counts_four_melds_and_four_kita() -> None:
    text = real_text(THREE_PLAYER_LOG)
    four_kita = 'm="31264,30752,43625,45673"'
    assert four_kita in text
    nine = 'm="31264,30752,31008,31520,43625,45673,43625,45673,43625"'
    with pytest.raises(InvalidLogError, match="m holds 9 numbers, more than 8: a win has "
                                              "at most 4 melds and 4 kita"):
        parse_mjlog(text.replace(four_kita, nine))
    five_melds = 'm="31264,43625,45673,43625,45673,43625"'
    with pytest.raises(InvalidLogError, match="a win's melds are at most 4 and 4 kita"):
        parse_mjlog(text.replace(four_kita, five_melds))


def test_a_draw_or_discard_tag_with_leading_zeros_reads_as_without() -> None:
    """Logs write tile ids without leading zeros; a tag with them takes the reader's
    slower path and still reads the same (a tsumogiri included)."""
    padded = DOC.replace("<T52/><D52/>", "<T052/><D0052/>").replace("<E1/>", "<E01/>")
    assert padded != DOC and parse_mjlog(padded) == parse_mjlog(DOC)
    assert parse_mjlog(DOC).rounds[0].events[1] == Discard(0, TileId(52), True)


def test_a_draw_by_a_seat_a_three_player_game_does_not_have() -> None:
    text = real_text(THREE_PLAYER_LOG)
    first = text.index("<T", text.index("<INIT"))
    damaged = text[:first] + "<W5/>" + text[first:]
    with pytest.raises(InvalidLogError, match=re.escape(
            f"E1 honba 0, event 0, character {first} <W5/>: seat 3 draws, but a "
            f"3-player game has no seat 3")):
        parse_mjlog(damaged)


def test_a_bad_document_is_an_error_in_its_place() -> None:
    bad = _damage("<T52/>", "<T136/>")
    found = list(iter_games("\n".join([DOC, DOC, bad, DOC]).encode()))
    assert [type(item).__name__ for item in found] == ["GameLog", "GameLog", "ReadError",
                                                       "GameLog"]
    error = found[2]
    assert isinstance(error, ReadError) and error.index == 2
    assert error.message.startswith("S1 honba 1, event 0, ")


def test_not_text() -> None:
    bad: object = 12
    with pytest.raises(InvalidLogError, match="is a str"):
        parse_mjlog(bad)  # type: ignore[arg-type]


# --- records and writing -----------------------------------------------------------------

@pytest.mark.parametrize(("make", "message"), [
    (lambda: Draw(4, TileId(0)), "seat 0-3"),
    (lambda: Draw(0, TileId(136)), "tile id 0-135"),
    (lambda: Discard(0, TileId(1), 1), "tsumogiri is a bool"),  # type: ignore[arg-type]
    (lambda: Riichi(0, 3), "step is 1"),
    (lambda: Riichi(0, 2, (25050,)), "multiples of 100"),
    (lambda: Agari(0, 1, (TileId(140),)), "tile ids 0-135"),
    (lambda: AgariRecord(), "at least one field"),
    (lambda: AgariRecord(honba=1), "both given or both None"),
    (lambda: AgariRecord(fu=30, points=1000), "all given or all None"),
    (lambda: AgariRecord(scores=(0, 0), deltas=(0,)), "one entry per seat"),
    (lambda: AgariRecord(yaku=((1, 1, 1),)), "pairs"),  # type: ignore[arg-type]
    (lambda: AgariRecord(melds=(PON_OF_1M,) * 5), "melds are at most 4 and 4 kita"),
    (lambda: AgariRecord(hand=ids(*range(15))), "holds 15 tiles, more than 14"),
    (lambda: AgariRecord(dora_indicators=ids(*range(6))), "holds 6 tiles, more than 5"),
    (lambda: AgariRecord(yakuman=(39,) * 56), "yakuman are at most 55"),
    (lambda: Agari(0, 1, ids(*range(6))), "ura indicators holds 6 tiles"),
    (lambda: Riichi(0, 2, (0,) * 5), "one a seat, at most 4"),
    (lambda: RyuukyokuRecord(hands=(ids(*range(15)), None, None, None)), "more than 14"),
    (lambda: AgariRecord(melds=(_call(CallKind.KITA, (120,)),) * 5), "at most 4 and 4 kita"),
    (lambda: RyuukyokuRecord(), "at least one field"),
    (lambda: RyuukyokuRecord(hands=(None,)), "one entry per seat"),
    (lambda: LogStanding((100,), (1.0, 2.0)), "one number of points per score"),
    (lambda: LogStanding((100,), (float("nan"),)), "finite"),
    (lambda: LogPlayer("a", rate=float("inf")), "finite"),
    (lambda: LogPlayer("a", rate=True), "finite"),
    (lambda: LogPlayer("\ud800"), "UTF-8"),
    (lambda: LogPlayer("a", sex="M,F"), "without commas"),
    (lambda: attrs.evolve(EXPECTED.rounds[0], dice=(0, 6)), "dice"),
    (lambda: attrs.evolve(EXPECTED.rounds[0], round_index=16), "round index"),
    (lambda: attrs.evolve(EXPECTED.rounds[0], hands=EXPECTED.rounds[0].hands[:3]),
     "each seat"),
    (lambda: attrs.evolve(EXPECTED.rounds[0], dora_indicator=TileId(0)), "dealt twice"),
    (lambda: attrs.evolve(EXPECTED.rounds[0], hands=(dealt(0)[:12],) * 4), "13 tiles"),
    (lambda: attrs.evolve(EXPECTED, opening=(Draw(0, TileId(0)),)),  # type: ignore[arg-type]
     "Bye and Reconnect"),
    (lambda: attrs.evolve(EXPECTED, players=EXPECTED.players * 2), "up to 4"),
])
def test_a_record_of_the_wrong_shape_is_refused(make: Callable[[], object],
                                                message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        make()


def _with_events(*events: LogEvent) -> GameLog:
    return attrs.evolve(EXPECTED, rounds=(attrs.evolve(EXPECTED.rounds[0], events=events),))


THREE_PLAYERS = attrs.evolve(EXPECTED, rule_type=EXPECTED.rule_type | 0x10, rounds=(
    attrs.evolve(EXPECTED.rounds[0], hands=(*EXPECTED.rounds[0].hands[:3], ()),
                 events=(Ryuukyoku(),)),))


@pytest.mark.parametrize(("game", "message"), [
    (_with_events(Draw(0, TileId(5)), Discard(0, TileId(5), False), Ryuukyoku()),
     "^S1 honba 1, event 1: .*tsumogiri=False, but the tile is the one just drawn"),
    (_with_events(Draw(0, TileId(5)), Discard(0, TileId(6), True), Ryuukyoku()),
     "^S1 honba 1, event 1: .*tsumogiri=True, but the tile is not the one just drawn"),
    (_with_events(Draw(0, TileId(5))), "^S1 honba 1: the round ends without a win or a draw"),
    (_with_events(Ryuukyoku(), Draw(0, TileId(5))), "^S1 honba 1, event 1: .*after the round"),
    (_with_events(Ryuukyoku(), Agari(0, 1)), "^S1 honba 1, event 1: .*after the round"),
    (_with_events(Call(0, _call(CallKind.KITA, (120,))), Ryuukyoku()),
     "^S1 honba 1, event 0: a kita: only a three-player game has kita"),
    (attrs.evolve(_with_events(Reconnect(2), Ryuukyoku()), players=EXPECTED.players[:2],
                  opening=()),
     "^S1 honba 1, event 0: seat 2 reconnects, but the game names no player there"),
    (attrs.evolve(THREE_PLAYERS, rounds=(attrs.evolve(THREE_PLAYERS.rounds[0], events=(
        Draw(3, TileId(5)), Ryuukyoku())),)), "^S1 honba 1, event 0: seat 3 is not a seat"),
    (attrs.evolve(THREE_PLAYERS, rounds=(attrs.evolve(THREE_PLAYERS.rounds[0], events=(
        Ryuukyoku(None, RyuukyokuRecord(hands=(None, None, None, ()))),)),)),
     "shown by a seat a 3-player game"),
    (attrs.evolve(THREE_PLAYERS, rounds=EXPECTED.rounds[:1]), "deals no tiles to the fourth"),
    (attrs.evolve(EXPECTED, rounds=THREE_PLAYERS.rounds), "deals 13 tiles to the fourth"),
    (attrs.evolve(THREE_PLAYERS, first_dealer=3), "first dealer 3"),
    (attrs.evolve(EXPECTED, players=(LogPlayer("a", dan=1), LogPlayer("b"))),
     "dan is given for some"),
    (attrs.evolve(EXPECTED, players=EXPECTED.players[:1], opening=(Reconnect(2),)),
     "^before the first round: seat 2 reconnects, but the game names no player there"),
])
def test_a_game_that_would_read_back_differently_is_not_written(game: GameLog,
                                                                message: str) -> None:
    with pytest.raises(InvalidLogError, match=message):
        format_mjlog(game)


@settings(max_examples=60, deadline=None)
@given(games())
def test_any_writable_game_reads_back_equal(game: GameLog) -> None:
    text = format_mjlog(game)
    assert "\n" not in text
    assert parse_mjlog(text) == game
    assert [item.text for item in iter_sources((text + "\n" + text).encode())
            if isinstance(item, GameSource)] == [text, text]


def _list_problem(value: str) -> str | None:
    """What is wrong with a list attribute's value, as a reader of numbers sees it."""
    items = value.split(",") if value else []
    if any(re.fullmatch(r"-?[0-9]+", item) is None for item in items):
        return "is not a list of numbers"
    if any(len(item.lstrip("-")) > 18 for item in items):
        return "holds a number of more than 18 digits"
    return None


@settings(max_examples=200)
@example(["1" * 19])
@example(["-" + "1" * 18])
@example(["-" + "1" * 19, "2"])
@example(["1", "2" * 19])
@example(["1" * 18, "3"])
@example(["1a"])
@example(["1", ""])
@given(st.lists(st.from_regex(r"-?[0-9]{1,21}", fullmatch=True)
                | st.text("0123456789-a ", max_size=4), max_size=4))
def test_a_list_attribute_is_read_or_refused_for_what_is_wrong(items: list[str]) -> None:
    value = ",".join(items)
    document = ('<mjloggm ver="2.3"><GO type="169" lobby="0"/><TAIKYOKU oya="0"/>'
                f'<INIT seed="0,0,0,2,3,60" ten="{value}" oya="0" '
                + " ".join(f'hai{seat}="{",".join(str(4 * n + seat) for n in range(13))}"'
                           for seat in range(4))
                + '/><RYUUKYOKU type="yao9" /></mjloggm>')
    problem = _list_problem(value)
    if problem is None:
        game = parse_mjlog(document)
        assert game.rounds[0].scores == tuple(100 * int(item) for item in items if value)
    else:
        with pytest.raises(InvalidLogError, match=re.escape(problem)):
            parse_mjlog(document)


# --- the reading of a document as Tenhou writes it ---------------------------------------

def _outcome(read: Callable[[str], GameLog], document: str) -> GameLog | str:
    try:
        return read(document)
    except InvalidLogError as error:
        return f"InvalidLogError: {error}"


@pytest.mark.parametrize("name", REAL_LOGS)
def test_a_log_as_tenhou_writes_it_is_read_as_written_to_the_checking_readers_game(
        name: str) -> None:
    document = real_text(name)
    game = _read_as_written(document)
    assert game is not None
    assert game == _read_checked(document)


def _mutations(document: str, count: int, seed: int) -> list[str]:
    """``count`` copies of ``document``, each with one character deleted, inserted or
    replaced (by one that matters to the format) at a random place."""
    chooser = random.Random(seed)
    out = []
    for _ in range(count):
        at = chooser.randrange(len(document))
        char = chooser.choice('<>/"=, -0159WGNx')
        edit = chooser.randrange(3)
        out.append(document[:at] + ("" if edit == 0 else char) + document[at + (edit != 1):])
    return out


@pytest.mark.parametrize("name", ["tenhou_4p_double_ron.mjlog.gz", THREE_PLAYER_LOG])
def test_a_damaged_log_reads_to_what_the_checking_readers_say(name: str) -> None:
    """parse_mjlog (which reads a document as Tenhou writes it in a few steps, and leaves
    any other to the checking readers) gives the checking readers' game or error for
    every one-character damage of a real log."""
    mutations = _mutations(real_text(name), 150, seed=len(name))
    for mutated in mutations:
        assert _outcome(parse_mjlog, mutated) == _outcome(_read_checked, mutated), mutated
    assert any(_read_as_written(mutated) is not None for mutated in mutations)


@pytest.mark.parametrize(("seed", "players"), [(1, 4), (2, 4), (3, 3)])
def test_an_engine_written_mjlog_is_read_as_written(seed: int, players: int) -> None:
    record = play(seed) if players == 4 else play_sanma(seed)
    document = write_game(record, LogFormat.MJLOG)
    game = _read_as_written(document)
    assert game is not None
    assert game == _read_checked(document)
