"""Yaku names: the romaji JSON name, and English and Japanese display names for each."""

from __future__ import annotations

import itertools
import re
import unicodedata
from pathlib import Path

import pytest

from mahjong_core import MahjongError, Yaku
from mahjong_core.yaku import HAN, YAKUMAN

MEMBERS = list(Yaku)


def test_every_yaku_has_three_names_and_each_kind_is_distinct() -> None:
    assert len(MEMBERS) >= 46  # each with its definition: see test_scoring_rules
    for names in ([y.json_name for y in MEMBERS], [y.english for y in MEMBERS],
                  [y.japanese for y in MEMBERS]):
        assert all(names) and len(set(names)) == len(MEMBERS)
    for yaku in MEMBERS:
        assert len({yaku.json_name, yaku.english, yaku.japanese}) == 3


def test_english_names_are_plain_text_and_japanese_names_are_japanese() -> None:
    for yaku in MEMBERS:
        english, japanese = yaku.english, yaku.japanese
        assert english.isascii() and english[0].isupper() and english == english.strip()
        for char in japanese.replace(" ", ""):
            name = unicodedata.name(char)
            assert name.startswith(("CJK UNIFIED IDEOGRAPH", "HIRAGANA", "KATAKANA",
                                    "IDEOGRAPHIC ITERATION MARK")), (
                yaku, char)
        assert not any(c.isascii() and c != " " for c in japanese)


def test_a_yakuman_says_so_in_no_name_of_an_ordinary_yaku() -> None:
    # the thirteen-orphans and four-concealed-triplets forms share their base name
    assert Yaku.KOKUSHI_13.english.startswith(Yaku.KOKUSHI.english)
    assert Yaku.SUUANKOU_TANKI.japanese.startswith(Yaku.SUUANKOU.japanese)
    assert Yaku.JUNSEI_CHUUREN.japanese.endswith(Yaku.CHUUREN.japanese)
    ordinary = [y for y in MEMBERS if not y & YAKUMAN]
    assert len(ordinary) >= 30 and not any(1 << 32 <= int(y) < 1 << 56 for y in ordinary)


@pytest.mark.parametrize("attribute", ["english", "japanese", "json_name"])
def test_a_combination_or_nothing_has_no_display_name(attribute: str) -> None:
    for a, b in itertools.combinations(MEMBERS, 2):
        with pytest.raises(MahjongError, match="single yaku"):
            getattr(a | b, attribute)
    with pytest.raises(MahjongError, match="single yaku"):
        getattr(Yaku(0), attribute)


def test_the_score_document_lists_every_yaku_with_its_names_and_han() -> None:
    text = (Path(__file__).parent.parent / "docs" / "score.md").read_text("utf-8")
    rows = re.findall(r"^\| `(\w+)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$", text, re.MULTILINE)
    assert [name for name, *_ in rows] == [y.json_name for y in MEMBERS]
    for (_, english, japanese, han), yaku in zip(rows, MEMBERS, strict=True):
        assert (english.strip(), japanese.strip()) == (yaku.english, yaku.japanese)
        closed, opened = HAN[yaku]
        if yaku & YAKUMAN:
            assert han.strip() == "yakuman"
        else:
            assert han.strip() == f"{closed} / {opened or '-'}"


def test_a_yaku_prints_as_its_name() -> None:
    for yaku in MEMBERS:
        assert str(yaku) == f"{yaku}" == yaku.json_name == yaku.names()[0]
    assert str(Yaku.HATSU) == "hatsu" and f"{Yaku.DOUBLE_RIICHI:>15}" == "  double_riichi"
    assert repr(Yaku.HATSU) == "<Yaku.HATSU: 256>"
    assert f"{Yaku.HATSU:d}" == "256" and f"{Yaku.HATSU:#x}" == "0x100" and int(Yaku.HATSU) == 256


@pytest.mark.parametrize("combination", [
    Yaku.RIICHI | Yaku.TANYAO, Yaku.TANYAO | Yaku.RIICHI | Yaku.PINFU | Yaku.DAISANGEN,
    Yaku.KOKUSHI_13 | Yaku.TENHOU, Yaku(0), YAKUMAN])
def test_a_combination_prints_as_its_names_in_bit_order(combination: Yaku) -> None:
    assert str(combination) == f"{combination}" == ", ".join(combination.names())
    assert repr(combination).startswith("<Yaku.") or not combination
    assert str(Yaku.TANYAO | Yaku.RIICHI) == "riichi, tanyao"


def test_json_and_the_score_answers_write_yaku_as_before() -> None:
    import json

    from mahjong_core import Hand, Tile, WinContext, evaluate
    from mahjong_core.jsonapi import answer_line

    assert json.dumps(Yaku.HATSU) == "256" and json.dumps({"y": Yaku.RIICHI | Yaku.TANYAO}) == (
        '{"y": 33}')
    result = evaluate(Hand.parse("234m567p23455s66z"), Tile.parse("6z"),
                      WinContext(riichi=True, seat_wind="S"))
    assert str(result.yaku) == "riichi, hatsu" == ", ".join(result.yaku.names())  # type: ignore[union-attr]
    line, _ = answer_line({"hand": "234m567p23455s66z", "win_tile": "6z", "riichi": True,
                           "seat_wind": "S"})
    assert '"yaku": {"riichi": 1, "hatsu": 1}' in line
