"""docs/score.schema.json: the documented examples and hundreds of the scorer's own
requests and answers meet it, and wrong documents do not (so the check can fail)."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import Tile
from mahjong_core.cli._batch import Output
from mahjong_core.cli.score import score_stream
from mahjong_core.jsonapi import score_request

from .support import json_schema
from .support.realdata_cases import CASES as REAL_CASES
from .support.score_cases import CASES as DERIVED_CASES

ROOT = Path(__file__).parent.parent
SCHEMA: dict[str, Any] = json.loads((ROOT / "docs" / "score.schema.json").read_text("utf-8"))
DEFS: dict[str, Any] = SCHEMA["$defs"]


def check(document: object, name: str) -> list[str]:
    """The ways ``document`` breaks the schema's definition ``name``."""
    return json_schema.errors(document, DEFS[name], SCHEMA)


def _subschemas(node: object) -> Iterator[Mapping[str, Any]]:
    if isinstance(node, Mapping):
        if any(k in node for k in ("type", "enum", "const", "$ref", "oneOf", "anyOf")):
            yield node
        for key, value in node.items():
            if key not in ("enum", "const", "required", "description", "title"):
                yield from _subschemas(value)
    elif isinstance(node, list):
        for item in node:
            yield from _subschemas(item)


def test_the_schema_is_draft_2020_12_and_uses_only_what_the_validator_knows() -> None:
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    schemas = list(_subschemas(SCHEMA))
    assert len(schemas) > 50
    for schema in schemas:
        json_schema.errors(None, schema, SCHEMA)  # raises on an unknown keyword or $ref
    assert {"request", "answer", "win", "no_win", "error"} <= set(DEFS)


# -- the documented examples ----------------------------------------------------------------


def _blocks(text: str) -> Iterator[tuple[str, str]]:
    """(language, text) of each fenced code block of a Markdown text."""
    language: str | None = None
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("```"):
            if language is None:
                language, lines = line[3:].strip(), []
            else:
                yield language, "\n".join(lines)
                language = None
        elif language is not None:
            lines.append(line)


def _documented() -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[tuple[Any, Any]]]:
    """Requests and answers shown in README.md and docs/score.md, and each request that
    is shown with its answer, paired."""
    requests: list[dict[str, Any]] = []
    answers: list[dict[str, Any]] = []
    pairs: list[tuple[Any, Any]] = []
    for path in (ROOT / "README.md", ROOT / "docs" / "score.md"):
        text = path.read_text("utf-8")
        for language, block in _blocks(text):
            if language == "json":  # one answer, written on several lines
                answers.append(json.loads(block))
                continue
            if language not in ("sh", "text", ""):
                continue
            request = None
            for line in block.splitlines():
                echoed = re.search(r"echo '(\{.*\})'", line)
                if echoed:
                    request = json.loads(echoed.group(1))
                    requests.append(request)
                elif line.startswith("{"):
                    answer = json.loads(line)
                    answers.append(answer)
                    if request is not None:
                        pairs.append((request, answer))
        for inline in re.findall(r"`(\{\"error\": [^`]*\})`", text):
            answers.append(json.loads(inline))
    return requests, answers, pairs


def test_the_documented_examples_meet_the_schema() -> None:
    requests, answers, pairs = _documented()
    assert len(requests) >= 3 and len(answers) >= 6 and len(pairs) >= 3
    for request in requests:
        assert check(request, "request") == [], request
    for answer in answers:
        assert check(answer, "answer") == [], answer
    kinds = {("win" if a.get("win") else "error" if "error" in a else "no_win") for a in answers}
    assert kinds == {"win", "no_win", "error"}
    for request, answer in pairs:  # and the examples are what the scorer says
        assert score_request(request) == answer


# -- the scorer's own requests and answers ------------------------------------------------------

_FLAGS = ("riichi", "ippatsu", "double_riichi", "rinshan", "chankan", "haitei", "houtei")


def _random_requests(count: int, seed: int) -> list[dict[str, Any]]:
    """Requests dealt from shuffled walls: complete hands (sets and a pair, some with
    melds) and plain deals, with random situations, at four and three players."""
    rng = random.Random(seed)
    requests = []
    for number in range(count):
        three = number % 5 == 0
        kinds = [k for k in range(34) if not (three and 1 <= k <= 7)]
        wall = [k for k in kinds for _ in range(4)]
        rng.shuffle(wall)
        if number % 2:  # a complete hand: runs and triplets, then a pair
            hand: list[int] = []
            for _ in range(4):
                start = rng.choice([k for k in kinds if k < 27 and k % 9 < 7])
                group = [start] * 3 if rng.random() < 0.4 else [start, start + 1, start + 2]
                if all(hand.count(k) + group.count(k) <= 4 for k in group) and all(
                        k in kinds for k in group):
                    hand += group
            pair = rng.choice(kinds)
            if hand.count(pair) <= 2:
                hand += [pair, pair]
            hand += wall[:14 - len(hand)]
        else:
            hand = wall[:14]
        tiles = [str(Tile(k)) for k in hand]
        win = tiles.pop(rng.randrange(len(tiles)))
        request: dict[str, Any] = {"hand": "".join(tiles), "win_tile": win,
                                   "tsumo": rng.random() < 0.4,
                                   "seat_wind": rng.choice("ESW" if three else "ESWN"),
                                   "round_wind": rng.choice("ES"),
                                   "dora_indicators": str(Tile(rng.choice(kinds))),
                                   "honba": rng.randrange(4),
                                   "riichi_sticks": rng.randrange(3)}
        for flag in _FLAGS:
            if rng.random() < 0.08:
                request[flag] = True
        if three:
            request["players"] = 3
            request["kita"] = rng.randrange(3)
        if rng.random() < 0.2:
            request["rules"] = {"double_yakuman": True, "kiriage_mangan": rng.random() < 0.5}
        elif rng.random() < 0.2:
            request["rules"] = rng.choice(["tenhou_sanma" if three else "mahjong_soul", {
                "aotenjou": True, "renhou": "mangan", "open_riichi": True,
                "open_riichi_sashikomi": True, "paarenchan": True, "daichisei": True}, {
                "kazoe_multiple": True, "yakuman_limit": 6, "daisharin": True,
                "open_pinfu_fu": 20, "pinfu_tsumo_fu": True, "paarenchan": True,
                "paarenchan_needs_yaku": False}])
        if rng.random() < 0.05 and request["seat_wind"] == "E":
            request["paarenchan"] = rng.randrange(1, 3)
        requests.append(request)
    return requests


def _scorer_lines() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    requests = [case.request for case in DERIVED_CASES]
    requests += [request for _, request, _ in REAL_CASES]
    requests += _random_requests(400, seed=12)
    answers = [score_request(request) for request in requests]
    # lines the scorer cannot read are answered too, each with an error
    stream = io.BytesIO(b"{not json\n\xff\xfe\n[1, 2]\n" + b"[" * 40 + b"\n"
                        + json.dumps({"hand": "1m", "win_tile": "1m", "honba": 1}).encode())
    out = io.StringIO()
    score_stream(stream, Output(out))
    answers += [json.loads(line) for line in out.getvalue().splitlines()]
    return requests, answers


REQUESTS, ANSWERS = _scorer_lines()


def test_hundreds_of_the_scorers_answers_meet_the_schema() -> None:
    wins = [a for a in ANSWERS if a.get("win") is True]
    no_wins = [a for a in ANSWERS if a.get("win") is False]
    failures = [a for a in ANSWERS if "error" in a]
    assert len(ANSWERS) >= 700 and len(wins) >= 300 and len(no_wins) >= 100
    assert len(failures) >= 10
    assert {tuple(sorted(a["payments"])) for a in wins} == {
        ("discarder",), ("dealer", "non_dealer"), ("non_dealer",)}
    assert any(a["limit"] and "yakuman" in a["limit"] for a in wins)
    for answer in ANSWERS:
        assert check(answer, "answer") == [], answer
        assert json_schema.is_valid(answer, SCHEMA)


def test_every_request_the_scorer_answers_meets_the_schema() -> None:
    assert len(REQUESTS) >= 700
    for request in REQUESTS:
        problems = check(request, "request")
        assert problems == [], (request, problems)


# -- wrong documents are refused ------------------------------------------------------------------

WIN = {"win": True, "han": 4, "fu": 40, "limit": "mangan", "yaku": {"riichi": 1, "tanyao": 1},
       "dora": {"dora": 1, "aka": 1, "ura": 0}, "points": 8000,
       "payments": {"discarder": 8300}, "total": 8300}
REQUEST = {"hand": "123m456p789s1122z", "win_tile": "2z", "riichi": True, "seat_wind": "S",
           "melds": []}


def _changed(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = {**base, **changes}
    return {k: v for k, v in out.items() if v is not _DROP}


_DROP = object()

WRONG_ANSWERS: list[Any] = [
    _changed(WIN, total=_DROP),
    _changed(WIN, extra=1),
    _changed(WIN, han="4"),
    _changed(WIN, han=0),
    _changed(WIN, han=True),
    _changed(WIN, fu=-10),
    _changed(WIN, fu=40.5),
    _changed(WIN, limit="megaman"),
    _changed(WIN, yaku={"riichi": 1, "pinfuu": 1}),
    _changed(WIN, yaku={}),
    _changed(WIN, yaku={"riichi": 0}),
    _changed(WIN, yaku={"riichi": 105}),
    _changed(WIN, dora={"dora": 1, "aka": 1}),
    _changed(WIN, dora={"dora": 1, "aka": 4, "ura": 0}),
    _changed(WIN, payments={"discarder": 8300, "dealer": 100}),
    _changed(WIN, payments={"dealer": 4000}),
    _changed(WIN, payments={}),
    _changed(WIN, payments={"liable": 8000}),
    _changed(WIN, win=False),
    _changed(WIN, win=1),
    {"win": False, "reason": "bad_luck"},
    {"win": False},
    {"win": False, "reason": "no_yaku", "han": 0},
    {"win": True, "reason": "no_yaku"},
    {"error": ""},
    {"error": 3},
    {"error": "bad", "win": False},
    {},
    [],
    None,
    "win",
]

WRONG_REQUESTS: list[Any] = [
    _changed(REQUEST, win_tile=_DROP),
    _changed(REQUEST, hand=_DROP),
    _changed(REQUEST, wind="E"),
    _changed(REQUEST, hand="123m456p789s1122q"),
    _changed(REQUEST, hand="8z"),
    _changed(REQUEST, hand="1m" * 137),
    _changed(REQUEST, hand=123),
    _changed(REQUEST, win_tile="11m"),
    _changed(REQUEST, win_tile="0z"),
    _changed(REQUEST, riichi="yes"),
    _changed(REQUEST, seat_wind="X"),
    _changed(REQUEST, honba=101),
    _changed(REQUEST, honba=-1),
    _changed(REQUEST, honba=True),
    _changed(REQUEST, riichi_sticks=1.5),
    _changed(REQUEST, melds=[{"kind": "pon", "tiles": "111z"}] * 5),
    _changed(REQUEST, melds=[{"kind": "kong", "tiles": "1111z"}]),
    _changed(REQUEST, melds=[{"kind": "pon", "tiles": "111z", "from": "left"}]),
    _changed(REQUEST, melds=[{"kind": "pon", "tiles": "111z", "who": "toimen"}]),
    _changed(REQUEST, melds=[{"tiles": "111z"}]),
    _changed(REQUEST, melds={"kind": "pon"}),
    _changed(REQUEST, melds=["pon:111x"]),
    _changed(REQUEST, melds=["kong:1111z"]),
    _changed(REQUEST, melds=["pon:111z:1z:left"]),
    _changed(REQUEST, rules={"double_yakuman": "yes"}),
    _changed(REQUEST, rules={"no_such_rule": True}),
    _changed(REQUEST, rules={"double_wind_pair_fu": 3}),
    _changed(REQUEST, rules=None),
    _changed(REQUEST, rules="no_such_rule_set"),
    _changed(REQUEST, rules={"renhou": "sometimes"}),
    _changed(REQUEST, rules={"yakuman_limit": 0}),
    _changed(REQUEST, rules={"open_pinfu_fu": 25}),
    _changed(REQUEST, paarenchan=9),
    _changed(REQUEST, nagashi="yes"),
    _changed(REQUEST, players=5),
    _changed(REQUEST, kita=5),
]


@pytest.mark.parametrize("answer", WRONG_ANSWERS, ids=[str(i) for i in range(len(WRONG_ANSWERS))])
def test_wrong_answers_are_refused(answer: Any) -> None:
    assert check(WIN, "answer") == []
    assert check(answer, "answer") != []


@pytest.mark.parametrize("request_", WRONG_REQUESTS,
                         ids=[str(i) for i in range(len(WRONG_REQUESTS))])
def test_wrong_requests_are_refused_by_the_schema_and_the_scorer(request_: Any) -> None:
    assert check(REQUEST, "request") == []
    assert check(request_, "request") != []
    assert json_schema.errors(request_, SCHEMA) != []  # neither a request nor an answer
    assert "error" in score_request(request_)


# -- the validator itself ---------------------------------------------------------------------


def test_the_validator_follows_the_standard_where_it_matters() -> None:
    assert json_schema.is_valid(3, {"type": "integer"})
    assert json_schema.is_valid(3.0, {"type": "integer"})
    assert not json_schema.is_valid(True, {"type": "integer"})
    assert not json_schema.is_valid(1, {"enum": [True]})
    assert json_schema.is_valid(1.0, {"const": 1})
    assert json_schema.is_valid("xx12m", {"pattern": "[0-9]m"})  # patterns are searched
    assert not json_schema.is_valid(2, {"oneOf": [{"minimum": 0}, {"maximum": 5}]})
    assert json_schema.is_valid(2, {"anyOf": [{"minimum": 0}, {"maximum": 5}]})
    assert not json_schema.is_valid({"a": 1}, {"additionalProperties": False})
    assert not json_schema.is_valid([], {"minItems": 1})
    assert json_schema.is_valid([1], {"minItems": 1, "maxItems": 1})
    assert json_schema.is_valid({"a": 1}, {"additionalProperties": {"type": "integer"}})
    with pytest.raises(json_schema.UnsupportedSchema):
        json_schema.errors(1, {"multipleOf": 2})
    with pytest.raises(json_schema.UnsupportedSchema):
        json_schema.errors(1, {"$ref": "#/$defs/missing"})
