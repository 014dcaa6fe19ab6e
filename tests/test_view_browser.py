"""The replay page in a real browser (headless Chromium through selenium; skipped, with
the reason, only where no browser is installed: CI installs one).

Each game's page is stepped through to its end with the page's own key handling: no
script error; at every step the board shows exactly the tiles of that moment (each
hand, drawn tile, meld, river, north tiles and indicators, as the Python frames say) and
keeps the layout rules (no tile on another or off the table, rivers in rows of six);
each round ends on its results (every win's and the round's score changes, the scores
after it) and the last on the final standing the engine computed. The keys, the buttons,
the round list and the address's fragment move through the game as a player expects.
Set ``MAHJONG_VIEW_SHOTS`` to a folder to keep screenshots of a few moments to look at.
"""

from __future__ import annotations

import os
import pathlib
from collections.abc import Iterator
from typing import Any

import pytest

from mahjong_core.view import game_html, page_data

from .support.browser import (
    WALK,
    board_of,
    browser_problem,
    expected_board,
    layout_problems,
    start_browser,
)
from .support.view_games import names, record
from .support.view_oracle import merge_changes

_PROBLEM = browser_problem()
if _PROBLEM is not None and os.environ.get("CI"):
    raise RuntimeError(f"CI runs the browser tests, but {_PROBLEM}")
pytestmark = pytest.mark.skipif(_PROBLEM is not None, reason=f"no browser: {_PROBLEM}")

WALKED = ("real_games-1", "sanma_games-3", "engine-4p-5", "engine-3p-4")
"""Games stepped through whole: a double ron, a chankan, pao and busts; a three-player
game with kita and a ron on a north tile; games the engine played (kans, riichi)."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    session = start_browser()
    try:
        yield session
    finally:
        session.quit()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    return tmp_path_factory.mktemp("pages")


def _open(browser: Any, folder: pathlib.Path, name: str, fragment: str = "",
          **options: Any) -> str:
    path = folder / f"{name}-{len(options)}.html"
    if not path.exists() or options:
        path.write_text(game_html(record(name), names=names(name), **options), encoding="utf-8")
    url = path.as_uri()
    browser.get("about:blank")
    browser.get(url + fragment)
    return url


def _errors(browser: Any) -> list[str]:
    logged = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    return [*logged, *browser.execute_script("return window.__errors")]


def _shot(browser: Any, name: str) -> None:
    folder = os.environ.get("MAHJONG_VIEW_SHOTS")
    if folder:
        pathlib.Path(folder).mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(pathlib.Path(folder) / f"{name}.png"))


def _expected_walk(name: str, *, open_hands: bool = True, seat: int = 0
                   ) -> list[tuple[str, dict[str, Any]]]:
    data = page_data(record(name))
    steps = []
    for written in data["rounds"]:  # type: ignore[attr-defined]
        for number, state in enumerate(merge_changes(written["frames"])):
            steps.append((f"{written['key']}/{number}",
                          expected_board(state, seat_seen=seat, open_hands=open_hands)))
    return steps


def _shown(board: dict[str, Any]) -> dict[str, Any]:
    return {"seats": [{k: s[k] for k in ("hand", "drawn", "melds", "river", "kita")}
                      for s in board["seats"]], "dora": board["dora"], "ura": board["ura"]}


@pytest.mark.parametrize("name", WALKED)
def test_stepping_through_a_whole_game(browser: Any, pages: pathlib.Path, name: str) -> None:
    _open(browser, pages, name)
    walked = browser.execute_script(WALK, 15)
    assert not walked["errors"] and not _errors(browser)
    expected = _expected_walk(name)
    frames = walked["frames"]
    assert [f["moment"] for f in frames] == [moment for moment, _ in expected]
    for frame, (moment, board) in zip(frames, expected, strict=True):
        assert _shown(frame) == board, moment
    problems = {p for found in walked["layout"] for p in found}
    assert not problems and len(walked["layout"]) > len(frames) // 15
    game = record(name)
    ends = [f for f in frames if f["result"] is not None]
    assert len(ends) == len(game.rounds)
    for shown, played in zip(ends, game.rounds, strict=True):
        result = shown["result"]
        assert result["round"] == f"{played.name}-{played.honba}"
        assert result["each"] == [list(r.deltas) for r in played.results]
        assert result["deltas"] == list(played.deltas)
        assert result["scores"] == list(played.end_scores)
        players = names(name) or [f"Seat {s}" for s in range(4)]
        order = sorted(range(len(game.final_scores)), key=lambda s: -game.final_scores[s])
        standing = [[s, players[s], game.final_scores[s], round(game.points[s], 1)]
                    for s in order]
        assert result["final"] == ([] if played is not game.rounds[-1] else standing)


def test_only_one_seats_hand_until_the_end(browser: Any, pages: pathlib.Path) -> None:
    """Seen from seat 2 with the others' hands closed: their tiles are backs until the
    end of a round lays open the winners' and tenpai hands; seat 2 sits at the bottom."""
    name = "real_games-5"
    _open(browser, pages, name, seat=2, open_hands=False)
    walked = browser.execute_script(WALK, 0)
    assert not walked["errors"]
    expected = _expected_walk(name, open_hands=False, seat=2)
    for frame, (moment, board) in zip(walked["frames"], expected, strict=True):
        assert _shown(frame) == board, moment
        assert [s["angle"] for s in frame["seats"]] == [180, 90, 0, -90]
    backs = sum(f["seats"][0]["hand"].count("back") for f in walked["frames"])
    assert backs > 1000


def _moment(browser: Any) -> str:
    found: str = browser.execute_script("return document.body.dataset.moment")
    return found


def test_keys_buttons_and_the_round_list(browser: Any, pages: pathlib.Path) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    name = "real_games-5"
    views = page_data(record(name))["rounds"]
    assert isinstance(views, list)
    _open(browser, pages, name)
    assert _moment(browser) == f"{views[0]['key']}/0"
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    assert _moment(browser) == f"{views[0]['key']}/3"
    body.send_keys(Keys.ARROW_LEFT)
    assert _moment(browser) == f"{views[0]['key']}/2"
    turns = views[0]["turns"][0]
    ActionChains(browser).key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT).key_up(
        Keys.SHIFT).perform()
    assert _moment(browser) == f"{views[0]['key']}/{next(t for t in turns if t > 2)}"
    body.send_keys(Keys.ARROW_DOWN)
    assert _moment(browser) == f"{views[1]['key']}/0"
    body.send_keys(Keys.END)
    last = len(views[1]["frames"]) - 1
    assert _moment(browser) == f"{views[1]['key']}/{last}"
    assert browser.find_element(By.ID, "result").is_displayed()
    body.send_keys(Keys.ESCAPE)
    assert not browser.find_element(By.ID, "result").is_displayed()
    body.send_keys(Keys.ARROW_RIGHT)
    assert _moment(browser) == f"{views[2]['key']}/0"
    body.send_keys(Keys.ARROW_LEFT)
    assert _moment(browser) == f"{views[1]['key']}/{last}"
    for button, moment in (("round", f"{views[2]['key']}/0"),
                           ("step", f"{views[2]['key']}/1"),
                           ("turn", f"{views[2]['key']}/{views[2]['turns'][0][0]}"),
                           ("turn-back", f"{views[1]['key']}/"
                                         f"{len(views[1]['frames']) - 1}"),
                           ("round-back", f"{views[1]['key']}/0"),
                           ("round-back", f"{views[0]['key']}/0"),
                           ("step-back", f"{views[0]['key']}/0")):
        browser.find_element(By.CSS_SELECTOR, f'[data-go="{button}"]').click()
        assert _moment(browser) == moment, button
    Select(browser.find_element(By.ID, "round-list")).select_by_index(4)
    assert _moment(browser) == f"{views[4]['key']}/0"
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()  # to the page, not the list
    assert _moment(browser) == f"{views[4]['key']}/1"
    Select(browser.find_element(By.ID, "seat-list")).select_by_index(1)
    assert board_of(browser)["seats"][1]["angle"] == 0
    assert not _errors(browser)


def test_the_fragment_reopens_the_same_moment(browser: Any, pages: pathlib.Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    name = "sanma_games-3"
    views = page_data(record(name))["rounds"]
    assert isinstance(views, list)
    key = views[3]["key"]
    url = _open(browser, pages, name, f"#{key}/42")
    assert _moment(browser) == f"{key}/42"
    opened = browser.find_element(By.ID, "board").get_attribute("innerHTML")
    _open(browser, pages, name)
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(3):
        body.send_keys(Keys.ARROW_DOWN)
    body.send_keys(*[Keys.ARROW_RIGHT] * 42)
    assert _moment(browser) == f"{key}/42"
    assert browser.find_element(By.ID, "board").get_attribute("innerHTML") == opened
    assert browser.execute_script("return location.hash") == f"#{key}/42"
    _shot(browser, f"{name}-{key}-42")
    browser.get(url + f"#{views[1]['key']}/5")
    assert _moment(browser) == f"{views[1]['key']}/5"  # a new fragment moves the page
    for wrong in ("#Z9-0/1", f"#{key}/x", "#", f"#{key}/99999"):
        _open(browser, pages, name, wrong)
        clamped = wrong == f"#{key}/99999"
        assert _moment(browser) == (f"{key}/{len(views[3]['frames']) - 1}" if clamped
                                    else f"{views[0]['key']}/0")
    assert not _errors(browser)


def _busiest(states: list[dict[str, Any]]) -> int:
    """The frame with the most melds and discards on the table (the layout's hardest)."""
    return max(range(len(states)), key=lambda i: (
        sum(len(m) for m in states[i]["m"]) * 8 + sum(len(r) for r in states[i]["r"])))


def _moment_of(name: str, which: str) -> str:
    """A fragment: the first deal, the busiest frame of the game, the frame with the most
    north tiles set aside, a double ron's results or the end of the game."""
    rounds: Any = page_data(record(name))["rounds"]
    states = [(r["key"], merge_changes(r["frames"])) for r in rounds]
    if which == "deal":
        return f"#{states[0][0]}/0"
    if which == "end":
        return f"#{states[-1][0]}/{len(states[-1][1]) - 1}"
    if which == "double ron":
        key, frames = next((r["key"], r["frames"]) for r in rounds if len(r["results"]) == 2)
        return f"#{key}/{len(frames) - 1}"
    if which == "kita":
        return max((f"#{key}/{i}" for key, frames in states for i, state in enumerate(frames)),
                   key=lambda f: len("".join(dict(states)[f[1:].split("/")[0]][
                       int(f.split("/")[1])]["k"])))
    key, frames = max(states, key=lambda kf: max(
        sum(len(m) for m in s["m"]) * 8 + sum(len(r) for r in s["r"]) for s in kf[1]))
    return f"#{key}/{_busiest(frames)}"


@pytest.mark.parametrize(("name", "which"), [
    ("real_games-1", "deal"), ("real_games-1", "busiest"), ("tenhou_4p_four_kans", "busiest"),
    ("tenhou_3p_kita_minkan", "kita"), ("tenhou_4p_double_ron", "double ron"),
    ("engine-4p-5", "end")])
def test_screenshots_of_a_few_moments(browser: Any, pages: pathlib.Path, name: str,
                                      which: str) -> None:
    """A few moments (a deal, the busiest tables, north tiles set aside, a double ron's
    results, a game's end) drawn whole: the layout rules hold there too, and the
    pictures are kept when ``MAHJONG_VIEW_SHOTS`` names a folder."""
    fragment = _moment_of(name, which)
    _open(browser, pages, name, fragment)
    assert _moment(browser) == fragment[1:]
    assert layout_problems(browser) == []
    assert not _errors(browser)
    _shot(browser, f"{name}-{which.replace(' ', '-')}")


FACES = r"""
const size = arguments[0], done = arguments[arguments.length - 1];
const ids = Array.from(document.querySelectorAll("#table symbol")).map((s) => s.id);
const defs = document.querySelector("#table defs").innerHTML;
const canvas = document.createElement("canvas");
canvas.width = size[0]; canvas.height = size[1];
const context = canvas.getContext("2d", {willReadFrequently: true});
const pixels = {};
let left = ids.length;
for (const id of ids) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
    width="${size[0]}" height="${size[1]}" viewBox="0 0 30 40"><defs>${defs}</defs>
    <use href="#${id}" width="30" height="40"/></svg>`;
  const image = new Image();
  image.onload = () => {
    context.clearRect(0, 0, size[0], size[1]);
    context.drawImage(image, 0, 0);
    pixels[id] = Array.from(context.getImageData(0, 0, size[0], size[1]).data);
    left -= 1;
    if (!left) done(pixels);
  };
  image.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg);
}
"""


@pytest.mark.parametrize("size", [(30, 40), (18, 24)])
def test_tile_faces_are_told_apart_at_the_sizes_shown(browser: Any, pages: pathlib.Path,
                                                       size: tuple[int, int]) -> None:
    """Each of the 38 tile pictures drawn at the size the table shows it (and at the
    dora indicators' size) differs from every other in many pixels, and its marks stay
    inside the tile."""
    _open(browser, pages, "engine-4p-5")
    browser.set_script_timeout(30)
    pixels = browser.execute_async_script(FACES, list(size))
    assert len(pixels) == 38
    width, height = size
    faces = {name: [tuple(p[i:i + 3]) for i in range(0, len(p), 4)] for name, p in pixels.items()}
    face_colour = (0xFB, 0xF8, 0xEF)
    for name, face in faces.items():
        inner = [face[y * width + x] for y in range(2, height - 2) for x in range(2, width - 2)]
        inked = sum(sum(abs(a - b) for a, b in zip(p, face_colour, strict=True)) > 90
                    for p in inner)
        assert inked >= len(inner) // 20, name
        raw = pixels[name]
        corners = [raw[3], raw[4 * width - 1], raw[-4 * width + 3], raw[-1]]
        assert all(alpha < 128 for alpha in corners), name  # the rounded corners stay clear
    names_ = sorted(faces)
    for i, first in enumerate(names_):
        for second in names_[i + 1:]:
            differ = sum(sum(abs(x - y) for x, y in zip(a, b, strict=True)) > 120
                         for a, b in zip(faces[first], faces[second], strict=True))
            assert differ >= 8, (first, second, differ)
