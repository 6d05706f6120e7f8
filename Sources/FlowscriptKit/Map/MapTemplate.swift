import TabFlowScriptExploration
/// The map page: one HTML file with its CSS and JavaScript inline, which loads nothing (no
/// network, no fonts, no frameworks) and so opens from the file system. ``MapPage`` puts the
/// title where `{{TITLE}}` is and the explored flow (``MapData``'s JSON) where `{{DATA}}` is.
///
/// The script only draws what the JSON says: a phone drawn from the selected tab's presentation
/// layers, the inputs of the state with their explored outcomes, the path as `.flow` lines, a
/// search for the shortest path to a screen, and the path in the URL fragment.
enum MapTemplate {
  static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{TITLE}} — flowscript map</title>
<style>
*{box-sizing:border-box}
body{margin:0;font:14px/1.35 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1c1c1e;background:#eef0f4}
header{display:flex;gap:16px;align-items:center;padding:10px 18px;background:#1f2937;color:#f9fafb;flex-wrap:wrap}
header h1{font-size:16px;margin:0;font-weight:600}
header .meta{color:#cbd5e1;font-size:12px}
header form{margin-left:auto;display:flex;gap:6px}
header input{padding:5px 8px;border-radius:6px;border:0;width:190px;font:inherit}
button{font:inherit;cursor:pointer}
header button{padding:5px 10px;border-radius:6px;border:0;background:#3b82f6;color:#fff}
main{display:grid;grid-template-columns:330px minmax(300px,1fr) 330px;gap:18px;padding:16px 18px;align-items:start}
h2{font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#6b7280;margin:0 0 6px}
.panel{background:#fff;border-radius:10px;padding:12px;box-shadow:0 1px 2px rgba(0,0,0,.08);margin-bottom:14px}
.phone{position:relative;width:300px;height:560px;border:10px solid #111827;border-radius:38px;overflow:hidden;background:#fff;margin:0 auto 12px}
.layer{position:absolute;left:0;right:0;top:0;bottom:0;display:flex;flex-direction:column;background:#fff}
.layer.base{bottom:54px}
.layer.sheet{bottom:54px;border-radius:14px 14px 0 0;box-shadow:0 -4px 18px rgba(0,0,0,.22)}
.layer.cover{top:0;bottom:0}
.dim{position:absolute;left:0;right:0;top:0;bottom:0;background:rgba(17,24,39,.28)}
.grabber{width:38px;height:5px;border-radius:3px;background:#c7c7cc;margin:6px auto 0}
.navbar{display:flex;align-items:center;height:44px;padding:0 10px;border-bottom:1px solid #e5e7eb;background:#f9fafb;gap:6px}
.navbar .back{color:#2563eb;width:84px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.navbar .title{flex:1;text-align:center;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.navbar .pad{width:84px}
.content{padding:14px;overflow:auto;flex:1}
.content .name{font-family:ui-monospace,Menlo,Consolas,monospace;color:#6b7280;font-size:12px}
.content .big{font-size:22px;font-weight:700;margin:4px 0 10px}
.content .kv{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;background:#f3f4f6;border-radius:6px;padding:2px 6px;margin:3px 0;display:inline-block}
.content .act{display:block;color:#2563eb;font-size:13px;margin:4px 0}
.tabbar{position:absolute;left:0;right:0;bottom:0;height:54px;display:flex;border-top:1px solid #e5e7eb;background:#f9fafb}
.tabbar div{flex:1;text-align:center;padding-top:9px;color:#6b7280;font-size:12px}
.tabbar div b{display:block;width:18px;height:18px;margin:0 auto 2px;border-radius:5px;background:#d1d5db}
.tabbar .sel{color:#2563eb;font-weight:600}
.tabbar .sel b{background:#2563eb}
.facts{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;word-break:break-all}
.facts div{margin:2px 0}
.facts .tab.sel{font-weight:700}
.group{margin-bottom:10px}
.inp{display:flex;width:100%;text-align:left;gap:8px;align-items:baseline;border:1px solid #e5e7eb;background:#fff;border-radius:8px;padding:6px 9px;margin:4px 0}
.inp:hover{border-color:#93c5fd;background:#f8fbff}
.inp code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12.5px;flex:0 0 auto;max-width:62%;overflow-wrap:anywhere}
.inp .to{margin-left:auto;flex:1 1 0;min-width:0;font-size:12px;color:#6b7280;text-align:right}
.inp.k-state .to{color:#047857}
.inp.k-guard .to,.inp.k-ask .to{color:#b45309}
.inp.k-error .to,.inp.k-invalid .to,.inp.k-loop .to,.inp.k-input .to{color:#b91c1c}
.inp.k-beyond .to{color:#6d28d9}
.badge{display:inline-block;background:#db2777;color:#fff;border-radius:9px;padding:0 7px;font-size:11px;font-weight:600;margin-right:4px}
.changed{font-size:11px;color:#9d174d}
#result{min-height:20px;font-size:13px;border-radius:8px;padding:7px 9px;background:#f3f4f6;margin-bottom:10px}
#result.k-guard,#result.k-ask{background:#fef3c7}#result.k-error,#result.k-invalid,#result.k-loop,#result.k-input{background:#fee2e2}
#result.k-beyond{background:#ede9fe}#result.k-state{background:#d1fae5}
#path{margin:0;padding-left:22px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
#path li{margin:2px 0;word-break:break-all}
.buttons{display:flex;gap:6px;margin:8px 0}
.buttons button{padding:5px 10px;border-radius:6px;border:1px solid #d1d5db;background:#f9fafb}
#flow{width:100%;height:190px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:11.5px;border:1px solid #d1d5db;border-radius:6px;padding:6px}
.note{color:#6b7280;font-size:12px}
.review{margin:12px 18px 0;background:#fff;border-left:5px solid #db2777;border-radius:10px;padding:10px 14px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.review h2{color:#9d174d}
.review .summary{font-size:15px;font-weight:600}
.review .nearest{margin:4px 0;font-size:13px}
.review .controls{display:flex;gap:8px;align-items:center;margin:6px 0}
.review .controls button{padding:4px 10px;border-radius:6px;border:1px solid #f9a8d4;background:#fdf2f8}
.review ol{margin:6px 0 0;padding-left:22px;max-height:220px;overflow:auto}
.review li{margin:3px 0}
.review li button{border:0;background:none;color:#1d4ed8;text-align:left;padding:0;font:inherit;font-weight:600}
.review li .sub{font-size:12px;color:#4b5563;font-family:ui-monospace,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.inp.focus{outline:3px solid #db2777;outline-offset:1px}
#result.k-changed{background:#fce7f3}
#layers{text-align:center;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:11.5px}
</style>
</head>
<body>
<header>
  <h1>{{TITLE}}</h1><span class="meta" id="meta"></span>
  <form id="find"><input id="search" list="screens" placeholder="jump to a screen…" aria-label="screen"><datalist id="screens"></datalist><button id="go">Go</button></form>
</header>
<section class="review" id="review" hidden>
  <h2>Behaviour changed</h2>
  <div class="summary" id="review-summary"></div>
  <div class="note" id="review-initial"></div>
  <div class="nearest" id="review-nearest"></div>
  <div class="nearest" id="review-here"></div>
  <div class="controls"><button id="prev" aria-label="previous difference">◀ Previous</button><button id="next" aria-label="next difference">Next ▶</button><span id="review-position" class="note"></span></div>
  <ol id="changes"></ol>
</section>
<main>
  <section>
    <div class="phone" id="phone"></div>
    <div class="note" id="layers"></div>
  </section>
  <section>
    <div class="panel facts" id="facts"></div>
    <div class="panel"><h2>Last input</h2><div id="result" class="">Click an input to follow it.</div>
    <h2>Inputs from this state</h2><div id="inputs"></div></div>
  </section>
  <section>
    <div class="panel"><h2>Path</h2><ol id="path"></ol>
      <div class="buttons"><button id="undo">Undo</button><button id="reset">Reset</button><button id="copy">Copy as .flow</button></div>
      <textarea id="flow" readonly spellcheck="false" aria-label="path as a .flow scenario"></textarea>
      <div class="note" id="copied"></div>
    </div>
  </section>
</main>
<script id="data" type="application/json">{{DATA}}</script>
<script>
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const marks = new Map((D.marks || []).map(m => [m[0] + ":" + m[1], m[2]]));
const A = D.against || null;
// The marks in review order: by change (most affected first), then nearest first (states are
// numbered breadth first), then by input.
const order = (D.marks || []).map((m, k) => k).sort((a, b) => {
  const x = D.marks[a], y = D.marks[b];
  return (x[3] < 0 ? 1e9 : x[3]) - (y[3] < 0 ? 1e9 : y[3]) || x[0] - y[0] || x[1] - y[1];
});
let path = [];            // [{line, state}]
let result = null;        // what the last input clicked did, when it did not move
let focus = null;         // the marked transition the review controls went to: {state, input, at}

const $ = id => document.getElementById(id);
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
function current() { return path.length ? path[path.length - 1].state : 0; }
function row(s) { const r = D.states[s]; return {sel: r[0], stacks: r[1], ctx: r[2], url: r[3], pend: r[4], parent: r[5], via: r[6], inputs: r[7], app: r.length > 8 ? r[8] : -1}; }
// The layers presented over the tab bar (the app layer), bottom to top: its first layer stands for the tab bar.
function appLayersOf(r) { return r.app >= 0 ? layersOf(r.app).slice(1) : []; }
function screenOf(route) { return D.screens[D.routes[route][0]]; }
function layersOf(stack) { return D.stacks[stack].map(l => D.layers[l]); }
function topRoute(s) { const r = row(s), app = appLayersOf(r), ls = app.length ? app : layersOf(r.stacks[r.sel]), l = ls[ls.length - 1]; return l[3][l[3].length - 1]; }
function topName(s) { return screenOf(topRoute(s))[0]; }
function members(route) { return D.routes[route][1]; }
function literal(list) { return "{" + list.join(", ") + "}"; }
// A name as the line language writes it: bare when it is an identifier, else double-quoted with
// the escapes the line language reads (\\, \", \n, \t).
const nameEscapes = {"\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\t": "\\t"};
function flowName(name) {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : "\"" + name.replace(/[\\"\n\t]/g, c => nameEscapes[c]) + "\"";
}
// A tab's stack as `expect stack` writes it: feed > item > sheet:login > help.
function stackText(stack, layers) {
  const parts = [];
  for (const [style, , , routes] of (layers || layersOf(stack))) routes.forEach((r, j) => parts.push((j === 0 && style !== "root" ? style + ":" : "") + flowName(screenOf(r)[0])));
  return parts.join(" > ");
}
function outcome(s, i) {
  const code = D.out[s] ? D.out[s][i] : undefined;
  if (code === undefined) return {kind: "beyond", text: "beyond the explored depth (" + D.depth + ")"};
  if (code >= 0) {
    if (code === s) return {kind: "same", text: "same state"};
    const r = row(code), now = row(s);
    const tab = r.sel !== now.sel ? D.tabs[r.sel][0] + ": " : "";
    return {kind: "state", target: code, text: "→ " + tab + topName(code)};
  }
  if (code === -1) return {kind: "unchanged", text: "changes nothing"};
  if (code === -2) return {kind: "beyond", text: "leads beyond the explored depth (" + D.depth + (D.truncated ? ", or the state limit" : "") + ")"};
  if (code === -3) return {kind: "input", text: "cannot be written as a line"};
  const [kind, message] = D.fails[-10 - code];
  return {kind, message: D.texts[message], text: (kind === "guard" ? "blocks: " : kind === "ask" ? "asks: " : kind === "input" ? "error: " : kind + ": ") + D.texts[message]};
}
function inputKind(line) {
  if (line.startsWith("tab ")) return "Tabs";
  if (line === "back") return "Back";
  if (line.startsWith("url ")) return "Deep links";
  if (line.startsWith("set ")) return "Context";
  return "Actions of the top screen";
}

function drawLayer(style, nav, detents, routes, isBase) {
  const layer = el("div", "layer " + (isBase ? "base" : style));
  if (style === "sheet") {
    const d = detents || [];
    let top = "28px";
    const fraction = d.map(x => /^fraction:/.test(x) ? parseFloat(x.slice(9)) : x === "medium" ? 0.5 : null).filter(x => x);
    const height = d.filter(x => /^height:/.test(x)).map(x => parseFloat(x.slice(7)));
    if (fraction.length) top = (100 - 100 * Math.min(...fraction)) + "%";
    else if (height.length) top = "calc(100% - " + Math.min(...height) + "px)";
    layer.style.top = top;
    layer.dataset.detents = d.join(",");
    layer.appendChild(el("div", "grabber"));
  }
  const topR = routes[routes.length - 1], screen = screenOf(topR);
  if (nav) {
    const bar = el("div", "navbar");
    const back = routes.length > 1 ? "‹ " + screenOf(routes[routes.length - 2])[1] : style !== "root" && !isBase ? "✕" : "";
    bar.append(el("span", "back", back), el("span", "title", screen[1]), el("span", "pad"));
    layer.appendChild(bar);
  }
  const content = el("div", "content");
  content.append(el("div", "name", screen[0]));
  if (!nav) content.append(el("div", "big", screen[1]));
  for (const m of members(topR)) { content.append(el("span", "kv", m)); content.append(el("br")); }
  layer.appendChild(content);
  layer.dataset.screen = screen[0];
  return layer;
}

function drawPhone(s) {
  const r = row(s), phone = $("phone");
  phone.textContent = "";
  const layers = layersOf(r.stacks[r.sel]);
  layers.forEach(([style, nav, detents, routes], k) => {
    if (k > 0) phone.appendChild(el("div", "dim"));
    phone.appendChild(drawLayer(style, nav, detents, routes, k === 0));
    if (k === 0) {
      const bar = el("div", "tabbar");
      D.tabs.forEach(([id, title, ...declared], t) => { const item = el("div", t === r.sel ? "sel" : "", title); item.prepend(el("b")); item.dataset.tab = id; item.title = declared.filter(Boolean).join(", "); bar.appendChild(item); });
      phone.appendChild(bar);
    }
  });
  // What is presented over the whole tab bar, over the selected tab.
  const app = appLayersOf(r);
  app.forEach(([style, nav, detents, routes]) => {
    phone.appendChild(el("div", "dim"));
    const layer = drawLayer(style, nav, detents, routes, false);
    layer.dataset.app = "1";
    phone.appendChild(layer);
  });
  // The layers as the Presentation layer reads them, bottom to top.
  $("layers").textContent = "layers: " + layers.concat(app).map(([style, nav, detents, routes]) =>
    style + (detents ? " (" + detents.join(", ") + ")" : "") + (nav ? "" : " no navigation") + " [" + routes.map(r => screenOf(r)[0]).join(", ") + "]").join(" · ");
}

function drawFacts(s) {
  const r = row(s), facts = $("facts");
  facts.textContent = "";
  facts.appendChild(el("h2", "", "Stacks"));
  D.tabs.forEach(([id], t) => {
    const line = el("div", "tab" + (t === r.sel ? " sel" : ""), (t === r.sel ? "▸ " : "  ") + id + ": " + stackText(r.stacks[t]));
    line.dataset.tab = id; line.dataset.stack = stackText(r.stacks[t]); if (t === r.sel) line.dataset.selected = "1";
    facts.appendChild(line);
  });
  if (r.app >= 0) {
    const line = el("div", "tab app", "  app: " + stackText(-1, appLayersOf(r)));
    line.dataset.app = stackText(-1, appLayersOf(r));
    facts.appendChild(line);
  }
  facts.appendChild(el("h2", "", "Context"));
  const ctx = D.contexts[r.ctx];
  facts.appendChild(el("div", "", ctx.length ? ctx.join("  ") : "(empty)"));
  facts.appendChild(el("div", "", "url: " + (r.url >= 0 ? D.texts[r.url] : "none")));
  if (r.pend >= 0) facts.appendChild(el("div", "", "pending link: " + D.texts[r.pend]));
  facts.appendChild(el("div", "", "state " + s + " of " + D.states.length));
}

function drawInputs(s) {
  const r = row(s), box = $("inputs"), groups = new Map();
  box.textContent = "";
  D.inputs[r.inputs].forEach((lineIndex, i) => {
    const line = D.lines[lineIndex], o = outcome(s, i), kind = inputKind(line);
    if (!groups.has(kind)) { const g = el("div", "group"); g.appendChild(el("h2", "", kind)); groups.set(kind, g); }
    const b = el("button", "inp k-" + o.kind);
    b.dataset.line = line; b.dataset.outcome = o.kind;
    b.append(el("code", "", line));
    const to = el("span", "to");
    const mark = marks.get(s + ":" + i);
    if (mark != null) { to.append(el("span", "badge", "changed"), el("span", "changed", mark + " ")); b.dataset.changed = mark; }
    if (focus && focus.state === s && focus.input === i) { b.classList.add("focus"); b.dataset.focus = "1"; }
    to.append(document.createTextNode(o.text));
    b.append(to);
    b.addEventListener("click", () => follow(line, o, mark));
    groups.get(kind).appendChild(b);
  });
  for (const g of ["Actions of the top screen", "Back", "Tabs", "Deep links", "Context"]) if (groups.has(g)) box.appendChild(groups.get(g));
}

function drawResult() {
  const box = $("result");
  box.className = result ? "k-" + result.kind : "";
  box.textContent = result ? result.text : "Click an input to follow it.";
}

function drawPath() {
  const list = $("path");
  list.textContent = "";
  for (const step of path) list.appendChild(el("li", "", step.line));
  $("flow").value = flowText();
  $("undo").disabled = path.length === 0;
}

// The path as a scenario `flowscript run` passes: each line with the top screen it shows, then
// the selected tab, every tab's stack, the top screen's state and the context's keys.
function flowText() {
  const s = current(), r = row(s);
  const start = D.state === undefined ? "" : " --state " + D.state;
  const out = ["# " + D.script + start + ": " + path.length + " line(s) from flowscript map; run: flowscript run " + D.script + start + " FILE.flow"];
  for (const step of path) { out.push(step.line); out.push("expect top " + flowName(topName(step.state))); }
  out.push("expect tab " + flowName(D.tabs[r.sel][0]));
  D.tabs.forEach(([id], t) => out.push("expect stack " + flowName(id) + ": " + stackText(r.stacks[t])));
  if (r.app >= 0) out.push("expect app " + stackText(-1, appLayersOf(r)));
  const top = topRoute(s), m = members(top);
  out.push("expect top " + flowName(screenOf(top)[0]) + (m.length ? " " + literal(m) : ""));
  for (const member of D.contexts[r.ctx]) {
    const named = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(member);
    if (named) out.push("expect context " + named[1] + " " + named[2]);
  }
  return out.join("\n") + "\n";
}

// The lines that first reached state `s`, from the initial state.
function linesTo(s) {
  const lines = [];
  for (let t = s; row(t).parent >= 0; t = row(t).parent) lines.unshift(D.lines[row(t).via]);
  return lines;
}
function lineOfMark(k) { const [s, i] = D.marks[k]; return D.lines[D.inputs[row(s).inputs][i]]; }
function quoteLines(lines) { return lines.map(l => "'" + l + "'").join(", "); }

// Goes to the state of the marked transition at `at` in the review order and points at its input.
function goToMark(at) {
  if (!order.length) return;
  at = (at + order.length) % order.length;
  const [s, i, text, c] = D.marks[order[at]];
  restore(linesTo(s));
  focus = {state: s, input: i, at};
  const change = A && c >= 0 ? "change " + (c + 1) + " of " + A.changes.length + " (" + A.changes[c][0] + "): " : "";
  result = {kind: "changed", text: "difference " + (at + 1) + " of " + order.length + ": " + change + "'" + lineOfMark(order[at]) + "' " + text};
  render();
  const b = document.querySelector("#inputs button[data-focus]");
  if (b && b.scrollIntoView) b.scrollIntoView({block: "nearest"});
}

function drawReview(s) {
  if (!A) return;
  const here = (D.marks || []).filter(m => m[0] === s).length;
  $("review-here").textContent = here ? "This state: " + here + " changed input" + (here === 1 ? "" : "s") + " (marked below)." : "This state: no changed input.";
  $("review-position").textContent = order.length ? (focus ? "difference " + (focus.at + 1) + " of " + order.length : order.length + " marked transitions") : "";
}

function render() {
  const s = current();
  drawPhone(s); drawFacts(s); drawInputs(s); drawResult(); drawPath(); drawReview(s);
  const hash = "#" + path.map(p => encodeURIComponent(p.line)).join("&");
  if (location.hash !== hash && !(hash === "#" && location.hash === "")) { ignoreHash = hash; location.hash = hash; }
}

function follow(line, o, mark) {
  focus = null;
  if (o.kind === "state") path.push({line, state: o.target});
  describe(line, o, mark);
  render();
}

// What clicking `line` did, in the result box.
function describe(line, o, mark) {
  if (o.kind === "state") {
    result = {kind: "state", text: line + " " + o.text + (mark != null ? " (changed: " + mark + ")" : "")};
  } else if (o.kind === "guard" || o.kind === "ask") {
    // A block, or a question the host may confirm: the page says which.
    result = {kind: o.kind, text: line + ": " + (o.kind === "ask" ? "asks: " : "blocks: ") + o.message};
  } else if (o.kind === "unchanged" || o.kind === "same") {
    result = {kind: "unchanged", text: line + ": changes nothing"};
  } else if (o.kind === "beyond") {
    result = {kind: "beyond", text: line + " " + o.text + "; run flowscript map with --explore " + (D.depth + 1) + " or more to follow it"};
  } else {
    result = {kind: o.kind, text: line + ": " + o.text};
  }
  if (mark != null && o.kind !== "state") result.text += " (changed: " + mark + ")";
}

// Follows `lines` from the initial state as far as they lead to explored states. A line that is
// an input here but leads to no state (rejected, an error, nothing changed, beyond the depth)
// shows what it does, as a click would; a line that is no input here says so.
function restore(lines) {
  path = []; result = null; focus = null;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k], s = current(), set = D.inputs[row(s).inputs];
    const i = set.findIndex(l => D.lines[l] === line);
    if (i < 0) { result = {kind: "input", text: "the link's line '" + line + "' is not an input of this state (" + topName(s) + "); stopped before it"}; break; }
    const code = D.out[s] ? D.out[s][i] : undefined;
    if (code !== undefined && code >= 0) { path.push({line, state: code}); continue; }
    describe(line, outcome(s, i), marks.get(s + ":" + i));
    if (k < lines.length - 1) result.text += "; the link's " + (lines.length - 1 - k) + " line(s) after it were not followed";
    break;
  }
}
let ignoreHash = null;
function linesOfHash() { const h = location.hash.slice(1); return h ? h.split("&").map(decodeURIComponent) : []; }
window.addEventListener("hashchange", () => { if (location.hash === ignoreHash) return; restore(linesOfHash()); render(); });

$("undo").addEventListener("click", () => { path.pop(); result = null; focus = null; render(); });
$("reset").addEventListener("click", () => { path = []; result = null; focus = null; render(); });
$("next").addEventListener("click", () => goToMark(focus ? focus.at + 1 : 0));
$("prev").addEventListener("click", () => goToMark(focus ? focus.at - 1 : -1));

// The review banner of `map --against OLD`: what it was compared with, how much differs, the
// nearest difference from the initial state, and the changes by cause, each one click away.
function setUpReview() {
  if (!A) return;
  $("review").hidden = false;
  const plural = (n, word) => n + " " + word + (n === 1 ? "" : "s");
  $("review-summary").textContent = A.changes.length
    ? "Compared with " + A.old + ": " + plural(A.changes.length, "change") + " (affecting " + plural(A.sequences, "input sequence") + ")"
    : "Compared with " + A.old + ": no behavioural difference within " + D.depth + " lines";
  if (A.initial) $("review-initial").textContent = A.initial;
  // States are numbered breadth first: the marked state with the lowest number is the nearest.
  let nearest = -1;
  order.forEach((k, at) => { if (nearest < 0 || D.marks[k][0] < D.marks[order[nearest]][0]) nearest = at; });
  if (nearest >= 0) {
    const k = order[nearest], lines = linesTo(D.marks[k][0]);
    const where = lines.length ? lines.length + " line" + (lines.length === 1 ? "" : "s") + " away, after " + quoteLines(lines) : "on this first screen";
    const link = el("button", "", "go there");
    link.id = "nearest";
    link.addEventListener("click", () => goToMark(nearest));
    $("review-nearest").append("Nearest difference: '" + lineOfMark(k) + "' " + where + " — " + D.marks[k][2] + " ", link);
  } else if (A.changes.length) {
    $("review-nearest").textContent = "No difference is on an explored transition of this script (an input only the old script has); see the list.";
  }
  $("prev").disabled = $("next").disabled = order.length === 0;
  A.changes.forEach(([cause, count, lines, input, screen, was, now, differs], c) => {
    const item = el("li"), go = el("button", "change", cause + " — " + plural(count, "input sequence"));
    go.dataset.change = c;
    const at = order.findIndex(k => D.marks[k][3] === c);
    go.addEventListener("click", () => {
      if (at >= 0) { goToMark(at); return; }
      restore(lines);
      result = {kind: "changed", text: "change " + (c + 1) + ": '" + input + "' on " + screen + " was: " + was + "; now: " + now};
      render();
    });
    item.append(go, el("div", "sub", "shortest: " + quoteLines(lines.concat([input])) + " on " + screen),
      el("div", "sub", "was: " + was + " · now: " + now));
    if (differs.length) item.append(el("div", "sub", "differs: " + differs.join("; ")));
    $("changes").appendChild(item);
  });
}
$("copy").addEventListener("click", () => {
  const text = $("flow").value, done = () => { $("copied").textContent = "copied " + path.length + " line(s)"; };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, () => { $("flow").select(); document.execCommand("copy"); done(); });
  else { $("flow").select(); document.execCommand("copy"); done(); }
});
$("find").addEventListener("submit", e => {
  e.preventDefault();
  const q = $("search").value.trim().toLowerCase();
  if (!q) return;
  // States are numbered as a breadth-first search reached them: the first is the nearest.
  let found = -1;
  for (let s = 0; s < D.states.length && found < 0; s++) { const sc = screenOf(topRoute(s)); if (sc[0].toLowerCase() === q || sc[1].toLowerCase() === q) found = s; }
  if (found < 0) { result = {kind: "beyond", text: "no explored state shows " + q + " on top (within " + D.depth + " lines)"}; render(); return; }
  const lines = linesTo(found);
  restore(lines);
  result = {kind: "state", text: "shortest path to " + topName(found) + ": " + lines.length + " line(s)"};
  render();
});

const names = $("screens");
for (const [name] of D.screens) names.appendChild(el("option", "", name)).value = name;
$("meta").textContent = D.states.length + " states, " + D.depth + " lines deep" + (D.truncated ? " (cut at the state limit)" : "");
setUpReview();
restore(linesOfHash());
render();
document.documentElement.dataset.ready = "1";
window.mapDrawnMs = performance.now();
</script>
</body>
</html>
"""#
}
