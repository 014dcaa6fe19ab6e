/* The replay page's script: puts each round's states back together from the game data
   and draws the one asked for. Nothing is fetched. */
(() => {
  "use strict";
  const data = JSON.parse(document.getElementById("mj-data").textContent);
  const N = data.players;
  const SIZE = 800, MID = 400, BOX = 220, W = 30, H = 40;
  const EDGE = 80;               // where a hand row starts and its melds end
  const RIVER_X = MID - BOX / 2, RIVER_Y = MID + BOX / 2 + 4, ROW = 6;
  const WINDS = ["E", "S", "W", "N"], WIND_NAMES = ["East", "South", "West", "North"];
  const SLOTS = /([-~]*)(\d[mpsz])/g;
  const VERBS = {
    deal: "deal", draw: "draws", discard: "discards", riichi: "declares riichi with",
    chi: "calls chi on", pon: "calls pon on", open_kan: "calls kan on",
    added_kan: "adds to a kan", closed_kan: "declares a closed kan of",
    kita: "sets aside", tsumo: "wins by tsumo with", ron: "wins by ron on",
    ryuukyoku: "the round ends in a draw"};

  // -- the states, put back together --------------------------------------------------
  function merge(before, change) {
    if (before === null) return change;
    const after = Object.assign({}, before);
    for (const key of Object.keys(change)) {
      const value = change[key];
      if (value !== null && typeof value === "object" && !Array.isArray(value)) {
        const list = before[key].slice();
        for (const index of Object.keys(value)) list[Number(index)] = value[index];
        after[key] = list;
      } else {
        after[key] = value;
      }
    }
    return after;
  }
  const rounds = data.rounds.map((r) => {
    let state = null;
    return Object.assign({}, r, {states: r.frames.map((c) => (state = merge(state, c)))});
  });
  const keys = rounds.map((r) => r.key);

  // -- where we are -------------------------------------------------------------------------
  const view = {round: 0, frame: 0, seat: data.seat, open: data.open, hideResult: false};

  function go(round, frame) {
    view.round = Math.max(0, Math.min(round, rounds.length - 1));
    const last = rounds[view.round].states.length - 1;
    view.frame = Math.max(0, Math.min(frame, last));
    view.hideResult = false;
    draw();
    const hash = "#" + keys[view.round] + "/" + view.frame;
    if (location.hash !== hash) {
      try { history.replaceState(null, "", hash); } catch (e) { /* a sandboxed frame */ }
    }
  }
  function lastFrame(round) { return rounds[round].states.length - 1; }
  function step(by) {
    const r = view.round, f = view.frame + by;
    if (f < 0) { if (r > 0) go(r - 1, lastFrame(r - 1)); return; }
    if (f > lastFrame(r)) { if (r < rounds.length - 1) go(r + 1, 0); return; }
    go(r, f);
  }
  function turn(by) {
    const turns = rounds[view.round].turns[view.seat];
    if (by > 0) {
      const next = turns.find((f) => f > view.frame);
      if (next !== undefined) go(view.round, next);
      else if (view.frame < lastFrame(view.round)) go(view.round, lastFrame(view.round));
      else if (view.round < rounds.length - 1) {
        const first = rounds[view.round + 1].turns[view.seat][0];
        go(view.round + 1, first === undefined ? 0 : first);
      }
    } else {
      const before = turns.filter((f) => f < view.frame);
      if (before.length) go(view.round, before[before.length - 1]);
      else if (view.round > 0) go(view.round - 1, lastFrame(view.round - 1));
      else go(0, 0);
    }
  }
  function round(by) {
    if (by < 0 && view.frame > 0) go(view.round, 0);
    else go(view.round + by, 0);
  }
  function fromHash() {
    const match = /^#([A-Z]\d-\d+)\/(\d+)$/.exec(location.hash);
    const at = match ? keys.indexOf(match[1]) : -1;
    if (at < 0) return false;
    go(at, Number(match[2]));
    return true;
  }

  // -- drawing --------------------------------------------------------------------------------
  function esc(text) {
    return String(text).replace(/[&<>"']/g, (c) => "&#" + c.charCodeAt(0) + ";");
  }
  function codes(text) { return text.match(/\d[mpsz]/g) || []; }
  function upright(code, x, bottom, cls, scale) {
    const s = scale || 1;
    return `<use href="#mj-${code}" class="tile ${cls || ""}" data-tile="${code}" ` +
      `x="${x}" y="${bottom - H * s}" width="${W * s}" height="${H * s}"/>`;
  }
  function sideways(code, x, bottom, cls) {
    return `<use href="#mj-${code}" class="tile sideways ${cls || ""}" data-tile="${code}" ` +
      `width="${W}" height="${H}" transform="translate(${x} ${bottom}) rotate(-90)"/>`;
  }
  function seatAngle(seat) {
    const offset = (seat - view.seat + N) % N;
    const place = N === 4 ? offset : [0, 1, 3][offset];
    return [0, -90, 180, 90][place];
  }
  function slotWidth(slot) { return slot[0] === "-" || slot[0] === "=" ? H : W; }
  function meldTiles(meld, right, bottom) {
    const slots = meld.split(" ");
    let x = right - slots.reduce((sum, s) => sum + slotWidth(s), 0);
    const start = x, out = [];
    for (const slot of slots) {
      const mark = slot[0], tiles = codes(slot);
      if (mark === "=") {
        out.push(sideways(tiles[0], x, bottom), sideways(tiles[1], x, bottom - W - 1));
      } else if (mark === "-") {
        out.push(sideways(tiles[0], x, bottom));
      } else {
        out.push(upright(mark === "#" ? "back" : tiles[0], x, bottom));
      }
      x += slotWidth(slot);
    }
    return [out.join(""), start];
  }
  // each seat is drawn as the bottom seat, then turned to its place round the table
  function handRow(state, seat, shown) {
    const bottom = SIZE - 4;
    let x = EDGE;
    const hand = codes(state.h[seat]).map((c) => upright(shown ? c : "back", (x += W) - W, bottom));
    const drawn = state.n[seat];
    let right = SIZE - EDGE;
    const melds = state.m[seat].map((meld) => {
      const [tiles, start] = meldTiles(meld, right, bottom);
      right = start - 6;
      return `<g class="meld">${tiles}</g>`;
    });
    const kita = codes(state.k[seat]).map((c, i) => upright(c, SIZE - EDGE - (i + 1) * W, bottom - H - 8));
    return `<g class="hand">${hand.join("")}</g>` +
      `<g class="drawn">${drawn ? upright(shown ? drawn : "back", x + 8, bottom) : ""}</g>` +
      `<g class="melds">${melds.join("")}</g><g class="kita">${kita.join("")}</g>`;
  }
  function riverRows(state, seat) {
    const river = [];
    let index = 0, x = RIVER_X, mark = "";
    for (const [, flags, code] of state.r[seat].matchAll(SLOTS)) {
      if (index % ROW === 0) x = RIVER_X;
      const bottom = RIVER_Y + (Math.floor(index / ROW) + 1) * H;
      const cls = flags.includes("~") ? "tsumogiri" : "";
      const wide = flags.includes("-");
      river.push(wide ? sideways(code, x, bottom, cls) : upright(code, x, bottom, cls));
      mark = `<rect class="mark" x="${x}" y="${bottom - (wide ? W : H)}" ` +
        `width="${wide ? H : W}" height="${wide ? W : H}" rx="4"/>`;
      x += wide ? H : W;
      index += 1;
    }
    const action = state.a;
    const justThrown = action[1] === seat && (action[0] === "discard" || action[0] === "riichi");
    return `<g class="river">${river.join("")}${justThrown ? mark : ""}</g>`;
  }
  function seatLabels(state, seat) {
    const r = rounds[view.round], edge = MID + BOX / 2;
    const dealer = r.dealer === seat ? " dealer" : "";
    const parts = [`<text class="seat-text${dealer}" x="${MID}" y="${edge - 10}" text-anchor="middle">` +
      `<tspan class="wind">${WINDS[(seat - r.dealer + N) % N]}</tspan> ${state.s[seat]}</text>`];
    if (state.q[seat]) {
      parts.push(`<rect class="stick" x="${MID - 50}" y="${edge - 38}" width="100" height="8" rx="3"/>` +
        `<circle class="stick-dot" cx="${MID}" cy="${edge - 34}" r="2.6"/>`);
    }
    const now = state.a[1] === seat ? " now" : "";
    parts.push(`<text class="name${now}" x="${EDGE}" y="${SIZE - 4 - H - 10}">${esc(data.names[seat])}</text>`);
    return parts.join("");
  }
  function seatBoard(state, seat, shown) {
    return `<g class="seat" data-seat="${seat}" transform="rotate(${seatAngle(seat)} ${MID} ${MID})">` +
      handRow(state, seat, shown) + riverRows(state, seat) + seatLabels(state, seat) + "</g>";
  }
  function indicators(text, y, cls) {
    const shown = codes(text), size = 0.6, step = W * size + 1;
    let x = MID - (5 * step) / 2;
    const out = [];
    for (let i = 0; i < 5; i += 1) {
      out.push(upright(i < shown.length ? shown[i] : "back", x, y, i < shown.length ? "" : "hidden", size));
      x += step;
    }
    return `<g class="${cls}">${out.join("")}</g>`;
  }
  function centre(state) {
    const r = rounds[view.round];
    const parts = [`<rect class="centre" x="${MID - BOX / 2}" y="${MID - BOX / 2}" width="${BOX}" height="${BOX}" rx="8"/>`,
      `<text class="centre-text big" x="${MID}" y="${MID - 36}">${r.name}</text>`,
      `<text class="centre-text small" x="${MID}" y="${MID - 19}">honba ${r.honba} · sticks ${state.t}</text>`,
      `<text class="centre-text small" x="${MID}" y="${MID - 4}">${state.w} tiles left</text>`,
      indicators(state.d, MID + 28, "dora")];
    if (state.u) parts.push(indicators(state.u, MID + 55, "ura"));
    return parts.join("");
  }
  function isShown(state, seat) {
    return view.open || seat === view.seat || state.v.includes(seat);
  }
  function draw() {
    const r = rounds[view.round], state = r.states[view.frame];
    const seats = [];
    for (let seat = 0; seat < N; seat += 1) seats.push(seatBoard(state, seat, isShown(state, seat)));
    document.getElementById("board").innerHTML = centre(state) + seats.join("");
    drawSide(r, state);
    drawResult(r, state);
    document.body.dataset.moment = r.key + "/" + view.frame;
  }

  // -- the side panel --------------------------------------------------------------------------
  function who(seat) {
    const r = rounds[view.round];
    return `${WIND_NAMES[(seat - r.dealer + N) % N]} (${esc(data.names[seat])})`;
  }
  function mini(code) {
    return `<svg width="21" height="28" viewBox="0 0 30 40"><use href="#mj-${code}" width="30" height="40"/></svg>`;
  }
  function actionText(state) {
    const [kind, seat, tile] = state.a;
    if (kind === "deal") return "The deal";
    if (kind === "ryuukyoku") return "The round ends in a draw";
    return `${who(seat)} ${VERBS[kind]} ${tile ? mini(tile) : ""}`;
  }
  function drawSide(r, state) {
    document.getElementById("moment").textContent =
      `#${r.key}/${view.frame} · ${view.frame} of ${r.states.length - 1}`;
    document.getElementById("action").innerHTML = actionText(state);
    document.getElementById("round-list").value = String(view.round);
    document.getElementById("seat-list").value = String(view.seat);
    document.getElementById("open-hands").checked = view.open;
    const rows = [];
    for (let seat = 0; seat < N; seat += 1) {
      const now = state.a[1] === seat ? ' class="now"' : "";
      rows.push(`<tr${now}><td>${WINDS[(seat - r.dealer + N) % N]}</td><td>${esc(data.names[seat])}</td>` +
        `<td class="num">${state.s[seat]}</td></tr>`);
    }
    document.getElementById("scores").innerHTML = rows.join("");
  }

  // -- the results -------------------------------------------------------------------------------
  function handPicture(win) {
    const bottom = win.melds.some((m) => m.includes("=")) ? H + W + 1 : H;
    const parts = [];
    let x = 0;
    for (const c of codes(win.hand)) { parts.push(upright(c, x, bottom)); x += W; }
    parts.push(upright(win.tile, x + 8, bottom, "win-tile"));
    x += 8 + W;
    for (const meld of win.melds) {
      const width = meld.split(" ").reduce((sum, s) => sum + slotWidth(s), 0);
      parts.push(meldTiles(meld, x + 8 + width, bottom)[0]);
      x += 8 + width;
    }
    return `<svg class="hand-picture" width="${x * 0.8}" height="${bottom * 0.8}" ` +
      `viewBox="0 0 ${x} ${bottom}">${parts.join("")}</svg>`;
  }
  function deltas(list, scores) {
    const rows = list.map((d, seat) =>
      `<tr><td>${who(seat)}</td><td class="num delta">${d > 0 ? "+" : ""}${d}</td>` +
      (scores ? `<td class="num score">${scores[seat]}</td>` : "") + "</tr>");
    return `<table class="deltas">${rows.join("")}</table>`;
  }
  function winBlock(win) {
    const how = win.tsumo ? "Tsumo" : `Ron from ${who(win.from)}`;
    const yaku = win.yaku.map(([name, han]) => `<tr><td>${esc(name)}</td><td class="num">${han} han</td></tr>`);
    const pao = win.pao === null ? "" : `<p>${who(win.pao)} is liable (pao).</p>`;
    return `<div class="win"><h3>${who(win.winner)}: ${how}</h3>${handPicture(win)}` +
      `<table class="yaku">${yaku.join("")}</table><div class="value">${esc(win.value)}</div>${pao}` +
      deltas(win.deltas, null) + "</div>";
  }
  function drawBlock(result) {
    const tenpai = result.tenpai.length ? result.tenpai.map(who).join(", ") : "nobody";
    const nagashi = result.nagashi.length ? `<p>Nagashi mangan: ${result.nagashi.map(who).join(", ")}</p>` : "";
    return `<div class="draw"><h3>${esc(result.name)}</h3><p>Tenpai: ${tenpai}</p>${nagashi}` +
      deltas(result.deltas, null) + "</div>";
  }
  function finalBlock() {
    const f = data.final;
    const order = f.scores.map((s, seat) => seat).sort((a, b) => f.scores[b] - f.scores[a] || a - b);
    const rows = order.map((seat, place) =>
      `<tr data-seat="${seat}"><td>${place + 1}.</td><td>${esc(data.names[seat])}</td>` +
      `<td class="num final-score">${f.scores[seat]}</td>` +
      `<td class="num points">${f.points[seat] > 0 ? "+" : ""}${f.points[seat].toFixed(1)}</td></tr>`);
    const title = f.end_reason ? `Final standing (${esc(f.end_reason)})` : "Standing so far";
    return `<div class="final"><h3>${title}</h3><table>${rows.join("")}</table></div>`;
  }
  function drawResult(r, state) {
    const box = document.getElementById("result");
    const end = view.frame === r.states.length - 1;
    if (!end || view.hideResult) { box.hidden = true; box.innerHTML = ""; return; }
    const blocks = r.results.map((x) => (x.kind === "win" ? winBlock(x) : drawBlock(x)));
    if (r.results.some((x) => x.kind === "win")) {
      const ura = state.u ? ` &nbsp; Ura dora indicators ${codes(state.u).map(mini).join("")}` : "";
      blocks.unshift(`<p class="indicators">Dora indicators ${codes(state.d).map(mini).join("")}${ura}</p>`);
    }
    const deposited = r.riichi_deposits.map((d, seat) => [d, seat]).filter(([d]) => d);
    if (deposited.length) {
      blocks.push(`<p class="deposits">Riichi deposits: ${deposited.map(([d, seat]) => `${who(seat)} ${d}`).join(", ")}</p>`);
    }
    const changes = r.end_scores.map((score, seat) => score - r.start_scores[seat]);
    blocks.push(`<h3>Scores after ${esc(r.name)}</h3>` + deltas(changes, r.end_scores));
    if (view.round === rounds.length - 1) blocks.push(finalBlock());
    box.innerHTML = `<button class="close" title="hide (Esc)">×</button>` +
      `<div class="round-result" data-round="${r.key}">${blocks.join("")}</div>`;
    box.hidden = false;
    box.querySelector(".close").onclick = () => { view.hideResult = true; draw(); };
  }

  // -- the controls ------------------------------------------------------------------------------
  function buildSide() {
    const options = rounds.map((r, i) => `<option value="${i}">${esc(r.name)} · ${r.honba} honba</option>`);
    const seats = data.names.map((name, i) => `<option value="${i}">${esc(name)}</option>`);
    document.getElementById("side").innerHTML =
      `<div class="controls">` +
      `<button data-go="round-back" title="previous round (Up)">«</button>` +
      `<button data-go="turn-back" title="the seat's previous turn (Shift+Left)">‹‹</button>` +
      `<button data-go="step-back" title="previous action (Left)">‹</button>` +
      `<button data-go="step" title="next action (Right)">›</button>` +
      `<button data-go="turn" title="the seat's next turn (Shift+Right)">››</button>` +
      `<button data-go="round" title="next round (Down)">»</button></div>` +
      `<div id="moment" class="moment"></div><div id="action" class="action"></div>` +
      `<label>Round <select id="round-list">${options.join("")}</select></label>` +
      `<label>Seen from <select id="seat-list">${seats.join("")}</select></label>` +
      `<label><input type="checkbox" id="open-hands"> every hand open</label>` +
      `<table id="scores" class="scores"></table>` +
      `<p class="keys">Left and Right: one action. Shift with them: the seat's turns. ` +
      `Up and Down: rounds. Home and End: the round's start and end. Esc: hide the results.</p>`;
    const moves = {"round-back": () => round(-1), "turn-back": () => turn(-1),
      "step-back": () => step(-1), "step": () => step(1), "turn": () => turn(1),
      "round": () => round(1)};
    for (const button of document.querySelectorAll("[data-go]")) {
      button.onclick = () => moves[button.dataset.go]();
    }
    // after a choice the arrow keys move through the game again, not through the list
    document.getElementById("round-list").onchange = (e) => { e.target.blur(); go(Number(e.target.value), 0); };
    document.getElementById("seat-list").onchange = (e) => { e.target.blur(); view.seat = Number(e.target.value); draw(); };
    document.getElementById("open-hands").onchange = (e) => { e.target.blur(); view.open = e.target.checked; draw(); };
  }
  document.addEventListener("keydown", (e) => {
    const tag = e.target && e.target.tagName;
    if (tag === "SELECT" || tag === "INPUT" || e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = {
      ArrowRight: () => (e.shiftKey ? turn(1) : step(1)),
      ArrowLeft: () => (e.shiftKey ? turn(-1) : step(-1)),
      ArrowDown: () => round(1), ArrowUp: () => round(-1),
      Home: () => go(view.round, 0), End: () => go(view.round, lastFrame(view.round)),
      Escape: () => { view.hideResult = true; draw(); }};
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  window.addEventListener("hashchange", fromHash);
  buildSide();
  if (!rounds.length) {
    document.getElementById("action").textContent = "No round has been played.";
    return;
  }
  if (!fromHash()) go(0, 0);
})();
