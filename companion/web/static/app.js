// The phone view: follows the box through server-sent events, reconnects by itself, and reads
// the saved games. Read-only: it only ever sends GET requests. No external scripts.
"use strict";

const $ = (id) => document.getElementById(id);
let labels = {};
let source = null;
let lastMessage = 0;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "style") node.style.cssText = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

function text(id, value) { $(id).textContent = value; }
function fill(id, nodes) { $(id).replaceChildren(...nodes); }
function swatch(hex) { return el("span", { class: "swatch", style: `background:${hex}` }); }
function letter(l, hex) { return el("span", { class: "letter", style: `background:${hex}` }, l); }

function applyLabels(data) {
  labels = data.labels || labels;
  document.documentElement.lang = data.language || "en";
  text("tab-live", labels.live); text("tab-history", labels.history);
  text("h-track", labels.track); text("h-line", labels.line); text("h-value", labels.value);
  text("h-pair", labels.pair); text("h-shares", labels.shares); text("h-players", labels.players);
  text("h-payouts", labels.payouts); text("phase-title", labels.train_phase);
  text("csv", labels.download_csv); text("json", labels.download_json);
  text("chart-title", labels.chart);
}

function showLive(data) {
  applyLabels(data);
  text("title", data.title || "Companion");
  document.title = data.title ? `${data.title} · Companion` : "Companion";
  $("no-game").hidden = Boolean(data.kind);
  text("no-game", labels.no_game);
  $("metro").hidden = !data.metro;
  $("clockgame").hidden = !data.clock;
  $("other").hidden = Boolean(data.metro || data.clock || !data.kind);
  text("other-title", data.title);
  text("h-ranking", labels.ranking);
  $("ranking").hidden = !(data.result && data.result.length);
  fill("result", (data.result || []).map(([rank, who, figure]) =>
    el("li", {}, el("span", {}, `${rank}. ${who}`), el("strong", {}, figure))));
  if (data.metro) showMetro(data.metro);
  if (data.clock) showClock(data.clock);
}

function showMetro(m) {
  text("round", m.round_text);
  $("ended").hidden = !m.ended; text("ended", labels.ended);
  const body = $("lines").tBodies[0];
  body.replaceChildren(...m.lines.map((line) => {
    const where = line.trains.map((t) => el("div", { class: "train" }, `▶ ${t.vehicle} · ${t.stop} ${t.name}`));
    return el("tr", { "data-line": line.letter },
      el("td", {}, letter(line.letter, line.hex), " ", line.name, ...where),
      el("td", { class: "num", "data-testid": `value-${line.letter}` }, line.value_text),
      el("td", { class: "num" }, line.pair_text),
      el("td", {}, line.shares.join(", ")));
  }));
  fill("players", m.players.map((p) => el("li", { "data-player": p.color },
    el("span", {}, swatch(p.hex), p.name),
    el("strong", { "data-testid": `cash-${p.color}` }, p.cash_text))));
  fill("payouts", m.payouts.slice().reverse().map((p) => el("li", {}, swatch(p.owner.hex), p.text)));
  const ph = m.phase;
  $("phase").hidden = !ph;
  if (ph) {
    text("phase-step", ph.step_text);
    text("phase-at", ph.moving ? `${ph.moving} → ${ph.at}` : "");
    text("phase-last", ph.last);
    $("phase-waiting").hidden = !ph.waiting; text("phase-waiting", labels.waiting);
  }
}

function showClock(c) {
  text("clock-label", c.label);
  text("clock", c.clock);
  $("clock").className = "clock" + (c.urgent ? " urgent" : "") + (c.paused ? " paused" : "");
  text("clock-headline", c.headline);
  fill("clock-rows", c.rows.map((r) => el("li", {},
    el("span", {}, swatch(r.hex), r.name, el("span", { class: "note" }, ` ${r.status}`)),
    el("strong", {}, r.main))));
}

function setStatus(on) {
  const s = $("status");
  s.className = "status " + (on ? "on" : "off");
  s.textContent = on ? (labels.connected || "Live") : (labels.reconnecting || "…");
}

function connect() {
  if (source) source.close();
  source = new EventSource("/api/events");
  source.addEventListener("live", (e) => {
    lastMessage = Date.now();
    showLive(JSON.parse(e.data));
    setStatus(true);
  });
  source.addEventListener("message", () => { lastMessage = Date.now(); });
  source.onopen = () => { lastMessage = Date.now(); setStatus(true); };
  source.onerror = () => { setStatus(false); };
}

// EventSource retries by itself after a network error, but gives up after a refusal (503):
// start again then, and when nothing, not even the keep-alive, arrived for 40 s.
setInterval(() => {
  const dead = !source || source.readyState === EventSource.CLOSED;
  if (dead || Date.now() - lastMessage > 40000) connect();
}, 2000);

async function getJSON(url) {
  const r = await fetch(url, { cache: "no-store" });
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return r.json();
}

async function showHistory() {
  let games = [];
  try { games = await getJSON("/api/games"); } catch (e) { return; }
  fill("games", games.length ? games.map((g) => {
    const result = g.result.map(([rank, who, fig]) => `${rank}. ${who} ${fig}`).join(" · ");
    const item = el("li", { "data-game": g.id },
      el("strong", {}, `#${g.id} ${g.title}`),
      el("span", { class: "note" }, `${when(g.started)} · ${g.finished ? labels.finished : labels.playing}`),
      el("span", { class: "result" }, result));
    item.addEventListener("click", () => showGame(g));
    return item;
  }) : [el("li", {}, labels.no_games)]);
}

function when(iso) {
  const d = new Date(iso);
  return isNaN(d) ? iso : d.toLocaleString(document.documentElement.lang, { dateStyle: "short", timeStyle: "short" });
}

async function showGame(g) {
  $("chart-box").hidden = false;
  $("json").href = `/games/${g.id}.json`;
  let data = null;
  try { data = await getJSON(`/api/games/${g.id}/chart`); } catch (e) { data = null; }
  fill("chart", data ? [chart(data.lines)] : []);
}

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

function chart(lines) {
  const w = 600, h = 300, pad = 36;
  const rounds = Math.max(1, ...lines.map((l) => l.values.length));
  const top = Math.max(1000, ...lines.flatMap((l) => l.values));
  const x = (i) => pad + (rounds > 1 ? (i * (w - 2 * pad)) / (rounds - 1) : 0);
  const y = (v) => h - pad - (v * (h - 2 * pad)) / top;
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: "100%", role: "img" });
  root.append(svg("line", { x1: pad, y1: h - pad, x2: w - pad, y2: h - pad, stroke: "#555" }));
  for (let i = 0; i < rounds; i++) {
    const t = svg("text", { x: x(i), y: h - pad + 16, "text-anchor": "middle" });
    t.textContent = String(i + 1);
    root.append(t);
  }
  const t = svg("text", { x: 2, y: pad - 8 });
  t.textContent = String(top);
  root.append(t);
  for (const line of lines) {
    if (!line.values.length) continue;
    const points = line.values.map((v, i) => `${x(i)},${y(v)}`).join(" ");
    root.append(svg("polyline", { points, fill: "none", stroke: line.hex, "stroke-width": 3, "data-line": line.letter }));
    line.values.forEach((v, i) => root.append(svg("circle", { cx: x(i), cy: y(v), r: 3, fill: line.hex })));
    const last = line.values.length - 1;
    const label = svg("text", { x: x(last) + 4, y: y(line.values[last]) + 4 });
    label.textContent = line.letter;
    root.append(label);
  }
  return root;
}

function route() {
  const history = location.hash === "#history";
  $("live").hidden = history; $("history").hidden = !history;
  $("tab-live").classList.toggle("on", !history); $("tab-history").classList.toggle("on", history);
  if (history) showHistory();
}

window.addEventListener("hashchange", route);
route();
connect();
