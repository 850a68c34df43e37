// artsheets serve: the Scan page's upload and the game page's review. No framework.
"use strict";

const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const kid of kids) e.append(kid);
  return e;
};
const who = () => localStorage.getItem("artsheets-who") || "";

// --- Scan: upload with progress, then the game page -------------------------------------
function setupUpload() {
  const form = $("#upload");
  if (!form) return;
  $("#who").value = who();
  $("#who").addEventListener("change", (e) => localStorage.setItem("artsheets-who", e.target.value));
  const send = (file) => {
    if (!file) return;
    const bar = $("#progress"), msg = $("#message");
    bar.hidden = false; msg.className = ""; msg.textContent = "Uploading...";
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/scans");
    xhr.setRequestHeader("X-Who", who());
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) bar.firstChild.style.width = `${(100 * e.loaded) / e.total}%`; };
    xhr.onload = () => {
      let body = {};
      try { body = JSON.parse(xhr.responseText); } catch (_) { /* not JSON */ }
      if (xhr.status === 200 || xhr.status === 202) { location.href = body.url; return; }
      msg.className = "error"; msg.textContent = body.error || `upload failed (${xhr.status})`;
    };
    xhr.onerror = () => { msg.className = "error"; msg.textContent = "the upload did not reach the server; check the network and try again"; };
    xhr.send(file);
  };
  for (const id of ["#camera", "#file"]) $(id).addEventListener("change", (e) => send(e.target.files[0]));
}

// --- Game: wait for the scan, then the sheet, scores and doubts --------------------------
let state = null;

async function poll(id) {
  const res = await fetch(`/api/scans/${id}`);
  const body = await res.json();
  if (!res.ok) { showStatus(body.error, true); return; }
  state = body;
  if (body.status === "queued") showStatus(`Waiting to be read: number ${body.position} in the queue...`);
  else if (body.status === "scanning") showStatus("Reading the photo...");
  if (body.status === "queued" || body.status === "scanning") { setTimeout(() => poll(id), 400); return; }
  if (body.status !== "done") { showStatus(body.error || `this scan ${body.status}`, true); return; }
  render();
}

function showStatus(text, bad = false) {
  const s = $("#status");
  s.hidden = false; s.textContent = text; s.className = bad ? "error" : "muted";
}

const colourOf = (k) => (k === null || k === undefined ? null : state.colours[String(k)]);
const colourName = (k) => (k === null || k === undefined ? "blank" : `colour ${k}`);
const swatch = (k) => el("span", { class: "swatch", style: `background:${colourOf(k) || "#fff"}` });

function render() {
  $("#status").hidden = true;
  $("#result").hidden = false;
  document.querySelector("h1").textContent = `${state.title} - game ${state.id}`;
  renderSheet(); renderScores(); renderDoubts(); renderHistory();
}

function renderHistory() {
  $("#photo-link").href = state.photo;
  $("#reading-link").href = `/api/scans/${state.id}`;
  const list = $("#corrections"); list.replaceChildren();
  for (const c of state.corrections) {
    list.append(el("li", { text: `${c.at.slice(0, 16).replace("T", " ")} ${c.who}: ${c.region} ${colourName(c.before)} -> ${colourName(c.after)}` }));
  }
  if (!state.corrections.length) list.append(el("li", { class: "muted", text: "no corrections yet" }));
}

function renderSheet() {
  const box = $("#sheet");
  if (!box.querySelector("img")) box.append(el("img", { src: state.sheet_image, alt: "the sheet as photographed" }));
  box.querySelector("svg")?.remove();
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${state.page.width} ${state.page.height}`);
  const order = [...state.regions].sort((a, b) => a.doubted - b.doubted); // doubts on top
  for (const r of order) {
    const pts = r.polygon || r.polyline;
    const pairs = []; for (let i = 0; i < pts.length; i += 2) pairs.push(`${pts[i]},${pts[i + 1]}`);
    const shape = document.createElementNS(NS, r.polygon ? "polygon" : "polyline");
    shape.setAttribute("points", pairs.join(" "));
    let cls = r.polygon ? "r" : "r line";
    if (r.doubted) cls += " doubt"; else if (r.corrected) cls += " fixed";
    shape.setAttribute("class", cls);
    if (!r.polygon) shape.setAttribute("stroke-width", Math.max(3, r.width || 0));
    shape.dataset.region = r.id;
    const title = document.createElementNS(NS, "title"); title.textContent = r.id; shape.append(title);
    shape.addEventListener("click", () => openRegion(r.id));
    svg.append(shape);
  }
  box.append(svg);
}

function renderScores() {
  const v = $("#verdict");
  const result = state.result ? state.result[0].toUpperCase() + state.result.slice(1) : "No result yet";
  v.className = `verdict ${state.final ? "final" : "open"}`;
  v.id = "verdict";
  v.textContent = state.final ? `Final: ${result}` : `${state.doubted.length} region(s) to settle - so far: ${result}`;
  const t = $("#scores"); t.replaceChildren();
  const hasTallies = Object.keys(state.tallies).length > 0;
  t.append(el("tr", {}, el("th", { text: "player" }), el("th", { text: "score" }), ...(hasTallies ? [el("th", { text: "tallied" })] : [])));
  for (const p of state.players) {
    const score = state.scores ? state.scores[p] : (state.outcome_scores || {})[p];
    const tally = state.tallies[p];
    const row = el("tr", { "data-player": p },
      el("td", {}, swatch(p), `player ${p}`),
      el("td", { class: "score", text: score ?? "-" }));
    if (hasTallies) row.append(el("td", { class: tally !== undefined && state.scores && tally !== score ? "mismatch" : "", text: tally ?? "-" }));
    t.append(row);
  }
  const checks = $("#checks"); checks.replaceChildren();
  for (const m of state.checks) checks.append(el("li", { text: m }));
}

function renderDoubts() {
  const d = $("#doubts"); d.replaceChildren();
  if (!state.doubted.length) return;
  d.append(el("p", { text: "The scanner is unsure of these regions; tap one to settle it:" }));
  const chips = el("div", { class: "chips" });
  for (const id of state.doubted) chips.append(el("button", { class: "chip", type: "button", "data-region": id, onclick: () => openRegion(id), text: id }));
  d.append(chips);
}

function openRegion(id) {
  const r = state.regions.find((x) => x.id === id);
  const dlg = $("#region");
  $("#region-title").textContent = `${r.id} (${r.kind.replace("_", " ")})`;
  $("#crop").src = `/games/${state.id}/crop/${encodeURIComponent(r.id)}.jpg`;
  const why = r.reason ? `Why in doubt: ${r.reason}.` : `Read as ${colourName(r.first)}${r.confidence !== undefined ? `, ${Math.round(r.confidence * 100)}% sure` : ""}.`;
  $("#region-why").textContent = why;
  const choices = $("#choices"); choices.replaceChildren();
  const keys = Object.keys(state.colours).map(Number);
  for (const k of [...keys, null]) {
    const mark = k === r.first ? "1st choice" : (k === r.second ? "2nd choice" : "");
    const b = el("button", { type: "button", "data-colour": k === null ? "blank" : String(k), class: k === r.color ? "now" : "" },
      k === null ? el("span", { class: "swatch", style: "background:#fff" }) : swatch(k),
      colourName(k), el("small", { text: mark || "\u00a0" }));
    b.addEventListener("click", () => settle(r.id, k));
    choices.append(b);
  }
  if (!dlg.open) dlg.showModal();
}

async function settle(region, colour) {
  const res = await fetch(`/api/scans/${state.id}/corrections`, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ region, colour, who: who() || "player" }),
  });
  const body = await res.json();
  if (!res.ok) { $("#region-why").textContent = body.error; return; }
  state = body;
  $("#region").close();
  render();
}

setupUpload();
const game = $("#game");
if (game) poll(game.dataset.id);
