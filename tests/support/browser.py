"""A headless Chromium for the viewer's tests, and what the page shows read back from it.

``start_browser`` opens Debian's ``chromium`` through ``chromedriver`` (both found on the
PATH, or named by ``MAHJONG_CHROMIUM`` and ``MAHJONG_CHROMEDRIVER``) and returns None
with the reason when there is none. ``WALK`` is a script the tests run in the page: it
steps through the whole game with the page's own key handling, one Right arrow at a
time, and returns what the board showed at every step (each area's tiles, the results
box) and every layout rule it found broken, at the end of each round and every few steps
(tiles overlapping or off the table, a river not in rows of six). ``expected_board``
says what the board must show for a state of the page's data.
"""

from __future__ import annotations

import os
import shutil
from typing import Any

__all__ = ["WALK", "board_of", "browser_problem", "expected_board", "layout_problems",
           "start_browser"]


def _paths() -> tuple[str | None, str | None]:
    browser = os.environ.get("MAHJONG_CHROMIUM") or next(
        (p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p),
        None)
    driver = os.environ.get("MAHJONG_CHROMEDRIVER") or shutil.which("chromedriver")
    return browser, driver


def browser_problem() -> str | None:
    """Why no browser can run here (None when one can)."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (it comes with the dev extra)"
    browser, driver = _paths()
    if browser is None:
        return "no chromium on the PATH (Debian: apt-get install chromium chromium-driver)"
    if driver is None:
        return "no chromedriver on the PATH (Debian: apt-get install chromium-driver)"
    return None


def start_browser(width: int = 1200, height: int = 900) -> Any:
    """A headless Chromium session (the caller quits it) that keeps the page's errors."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser, driver = _paths()
    options = webdriver.ChromeOptions()
    options.binary_location = browser or ""
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", f"--window-size={width},{height}",
                     "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    session = webdriver.Chrome(service=Service(driver or ""), options=options)
    session.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": (
        "window.__errors = [];"
        "window.addEventListener('error', (e) => window.__errors.push(String(e.message)));")})
    return session


BOARD = r"""
const href = (u) => u.getAttribute("href").slice(4);
const all = (root, sel) => Array.from(root.querySelectorAll(sel));
const seats = all(document, "#board g.seat").map((g) => ({
  seat: Number(g.dataset.seat),
  angle: Number(/rotate\((-?\d+)/.exec(g.getAttribute("transform"))[1]),
  hand: all(g, ".hand use").map(href),
  drawn: all(g, ".drawn use").map(href),
  melds: all(g, ".melds g.meld").map((m) => all(m, "use").map(href)),
  river: all(g, ".river use").map(href),
  kita: all(g, ".kita use").map(href),
}));
seats.sort((a, b) => a.seat - b.seat);
const box = document.getElementById("result");
let result = null;
if (!box.hidden) {
  const block = box.querySelector(".round-result");
  const tables = all(block, "table.deltas");
  result = {
    round: block.dataset.round,
    each: tables.slice(0, -1).map((t) => all(t, "td.delta").map((d) => Number(d.textContent))),
    deltas: all(tables[tables.length - 1], "td.delta").map((d) => Number(d.textContent)),
    scores: all(tables[tables.length - 1], "td.score").map((d) => Number(d.textContent)),
    final: all(block, ".final tr").map((r) => [Number(r.dataset.seat), r.children[1].textContent,
      Number(r.querySelector(".final-score").textContent),
      Number(r.querySelector(".points").textContent)]),
  };
}
const board = {moment: document.body.dataset.moment, seats,
  dora: all(document, "#board .dora use").map(href),
  ura: all(document, "#board .ura use").map(href), result};
"""

LAYOUT = r"""
const problems = [];
const svg = document.getElementById("table").getBoundingClientRect();
const scale = svg.width / 800;
const rects = all(document, "#board use").map((u) => u.getBoundingClientRect());
for (const r of rects) {
  if (r.left < svg.left - 0.5 || r.top < svg.top - 0.5 || r.right > svg.right + 0.5 ||
      r.bottom > svg.bottom + 0.5) problems.push("a tile off the table");
}
for (let i = 0; i < rects.length; i += 1) {
  for (let j = i + 1; j < rects.length; j += 1) {
    const a = rects[i], b = rects[j];
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 1 && h > 1) problems.push("two tiles overlap");
  }
}
// each river in rows of six, seen from its own seat: turn the tiles' centres back
for (const g of all(document, "#board g.seat")) {
  const angle = -Number(/rotate\((-?\d+)/.exec(g.getAttribute("transform"))[1]) * Math.PI / 180;
  const local = all(g, ".river use").map((u) => {
    const r = u.getBoundingClientRect();
    const x = (r.left + r.width / 2 - svg.left) / scale - 400;
    const y = (r.top + r.height / 2 - svg.top) / scale - 400;
    return [x * Math.cos(angle) - y * Math.sin(angle), x * Math.sin(angle) + y * Math.cos(angle)];
  });
  local.forEach(([x, y], i) => {
    const row = Math.floor(i / 6);  // rows of six tiles 40 high, outward from the middle
    if (Math.abs(y - (local[0][1] + 40 * row)) > 6 || local[0][1] < 100) {
      problems.push("a river tile off its row");
    }
    if (i % 6 && x <= local[i - 1][0]) problems.push("a river row not left to right");
  });
}
"""

WALK = ("const frames = []; const layout = []; let guard = 0;\n" + "const press = () => "
        "document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true, "
        "cancelable: true}));\n"
        "const every = arguments[0];\n"
        "while (guard < 100000) {\n  guard += 1;\n"
        + BOARD + "  frames.push(board);\n"
        "  if (every && (guard % every === 1 || board.result)) {\n" + LAYOUT
        + "    layout.push(problems);\n  }\n"
        "  const before = document.body.dataset.moment;\n  press();\n"
        "  if (document.body.dataset.moment === before) break;\n}\n"
        "return {frames, layout, errors: window.__errors};")
"""Step through the whole game from where the page is; ``arguments[0]``: check the layout
rules every that many steps and at the end of every round (0: never). A check takes some
milliseconds: it makes the browser lay the table out."""


def layout_problems(session: Any) -> list[str]:
    """The layout rules the board breaks now (as ``WALK`` checks them)."""
    found: list[str] = session.execute_script(BOARD + LAYOUT + "return problems;")
    return found


def board_of(session: Any) -> dict[str, Any]:
    """What the board shows now (as one step of ``WALK`` reads it)."""
    found: dict[str, Any] = session.execute_script(BOARD + "return board;")
    return found


def _meld_tiles(code: str) -> list[str]:
    tiles: list[str] = []
    for slot in code.split(" "):
        if slot.startswith("#"):
            tiles.append("back")
        else:
            body = slot.lstrip("-=")
            tiles += [body[i:i + 2] for i in range(0, len(body), 2)]
    return tiles


def _codes(text: str) -> list[str]:
    return [text[i:i + 2] for i in range(0, len(text), 2) if text[i].isdigit()]


def expected_board(state: dict[str, Any], *, seat_seen: int, open_hands: bool) -> dict[str, Any]:
    """What the board must show for ``state`` (a state of the page's data): each seat's
    hand and drawn tile (backs where hidden), melds, river and north tiles, and the five
    dora (and, when shown, ura) indicator places, backs where not yet turned over."""
    seats = []
    for seat, hand in enumerate(state["h"]):
        shown = open_hands or seat == seat_seen or seat in state["v"]
        drawn = [state["n"][seat]] if state["n"][seat] else []
        seats.append({
            "hand": _codes(hand) if shown else ["back"] * len(_codes(hand)),
            "drawn": drawn if shown else ["back"] * len(drawn),
            "melds": [_meld_tiles(m) for m in state["m"][seat]],
            "river": _codes(state["r"][seat].replace("-", "").replace("~", "")),
            "kita": _codes(state["k"][seat])})

    def places(text: str) -> list[str]:
        return _codes(text) + ["back"] * (5 - len(_codes(text))) if text else []

    return {"seats": seats, "dora": places(state["d"]), "ura": places(state["u"])}
