#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{createHash as n}from"node:crypto";function o(){return`"use strict";
(() => {
  // src/viewer/page/dom.ts
  var n = (x) => Number(x).toLocaleString("en-US");
  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== void 0 && text !== null) node.textContent = String(text);
    return node;
  }
  function add(parent, child) {
    parent.appendChild(child);
    return child;
  }
  function linkOrText(text, href) {
    if (typeof href !== "string" || !/^https?:\\/\\//i.test(href)) return el("span", null, text);
    const a = el("a", null, text);
    a.setAttribute("href", href);
    a.setAttribute("rel", "noopener noreferrer nofollow");
    a.setAttribute("target", "_blank");
    return a;
  }
  function firstLine(text) {
    const line = text.split("\\n")[0] ?? "";
    return line.length > 80 ? line.slice(0, 80) + "\\u2026" : line;
  }
  var lazy = /* @__PURE__ */ new WeakMap();
  function longText(label, text, code) {
    const details = el("details", "long");
    add(details, el("summary", null, label + " \\xB7 " + n(text.length) + " chars"));
    add(details, el("pre", code ? "code" : null));
    lazy.set(details, text);
    details.addEventListener("toggle", () => {
      if (details.open) fill(details);
    });
    return details;
  }
  function fill(details) {
    const text = lazy.get(details);
    if (text === void 0) return;
    lazy.delete(details);
    if (details.lastChild) details.lastChild.textContent = text;
  }
  function fullText(node) {
    const own = lazy.get(node);
    let text = (node.textContent ?? "") + (own !== void 0 ? "\\n" + own : "");
    node.querySelectorAll("details.long").forEach((d) => {
      const inner = lazy.get(d);
      if (inner !== void 0) text += "\\n" + inner;
    });
    return text;
  }
  function section(parent, id, title) {
    const s = add(parent, el("section"));
    s.id = id;
    add(s, el("h2", null, title));
    return s;
  }

  // src/viewer/page/timeline.ts
  function renderRow(list, r) {
    const row = add(list, el("div", "row event trow" + (r.error ? " error" : "")));
    row.setAttribute("data-kind", r.kind);
    if (r.error) row.setAttribute("data-error", "1");
    add(row, el("div", "seq", r.seq));
    add(row, el("div", "at", r.at));
    add(row, el("div", "phase", r.phase));
    add(add(row, el("div", "title")), linkOrText(r.title, r.href));
    const detail = add(row, el("div", "detail"));
    add(detail, el("div", null, r.detail));
    if (r.error) add(detail, el("div", "err", r.error));
    r.texts.forEach((t) => add(detail, longText(t.label, t.text, t.code)));
  }
  function renderTimeline(parent, timeline) {
    const rows = timeline.rows;
    const title = \`Timeline \\xB7 \${n(rows.length)} rows from \${n(timeline.events)} events\`;
    const s = section(parent, "timeline", title);
    const controls = add(s, el("div", "controls"));
    const search = add(controls, el("input"));
    search.type = "search";
    search.id = "search";
    search.placeholder = "Search the rows of every table";
    search.setAttribute("aria-label", "Search");
    const kind = add(controls, el("select"));
    kind.id = "kind";
    kind.setAttribute("aria-label", "Kind of event");
    const all = add(kind, el("option", null, "every kind (" + n(rows.length) + ")"));
    all.value = "all";
    timeline.kinds.forEach(([name, count]) => {
      const o = add(kind, el("option", null, name + " (" + n(count) + ")"));
      o.value = name;
    });
    const errorCount = rows.filter((r) => r.error).length;
    const label = add(controls, el("label"));
    const errorsOnly = add(label, el("input"));
    errorsOnly.type = "checkbox";
    errorsOnly.id = "errors-only";
    add(label, document.createTextNode(" only errors (" + n(errorCount) + ")"));
    const shown = add(controls, el("span", "muted"));
    shown.id = "shown";
    const list = add(s, el("div", "timeline"));
    list.id = "timeline-rows";
    const head = add(list, el("div", "trow head"));
    ["seq", "time", "phase", "event", "detail"].forEach((c) => add(head, el("div", null, c)));
    rows.forEach((r) => renderRow(list, r));
    const texts = /* @__PURE__ */ new Map();
    function apply() {
      const q = search.value.trim().toLowerCase();
      let count = 0;
      let total = 0;
      document.querySelectorAll(".row").forEach((tr) => {
        const event = tr.classList.contains("event");
        let ok = true;
        if (event) {
          total++;
          if (kind.value !== "all" && tr.getAttribute("data-kind") !== kind.value) ok = false;
          if (errorsOnly.checked && !tr.hasAttribute("data-error")) ok = false;
        }
        if (ok && q) {
          let text = texts.get(tr);
          if (text === void 0) texts.set(tr, text = fullText(tr).toLowerCase());
          ok = text.indexOf(q) >= 0;
          if (ok)
            tr.querySelectorAll("details").forEach((d) => {
              if (!d.open && fullText(d).toLowerCase().indexOf(q) >= 0) {
                fill(d);
                d.open = true;
              }
            });
        }
        tr.hidden = !ok;
        if (ok && event) count++;
      });
      shown.textContent = "showing " + n(count) + " of " + n(total) + " rows";
    }
    let timer = 0;
    search.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(apply, 150);
    });
    kind.addEventListener("change", apply);
    errorsOnly.addEventListener("change", apply);
    apply();
    return (key, value) => {
      if (key === "errors") errorsOnly.checked = true;
      else if (key === "kind" && timeline.kinds.some(([name]) => name === value)) kind.value = value;
      else if (key === "q") search.value = value;
      else return;
      apply();
    };
  }

  // src/viewer/page/script.ts
  var BADGES = ["success", "partial", "failure", "skipped", "refused", "unfinished", "other"];
  var body = document.body;
  var statusLine = byId("status");
  function byId(id) {
    const node = document.getElementById(id);
    if (!node) throw new Error(\`the page has no #\${id}\`);
    return node;
  }
  function fail(message) {
    body.setAttribute("data-status", "error");
    statusLine.textContent = "This page could not be shown: " + message;
  }
  window.addEventListener("error", (event) => fail(String(event.message)));
  function cell(tag, value, numeric) {
    const td = el(tag, numeric ? "num" : null);
    const v = typeof value === "string" ? { text: value } : value;
    if ("error" in v && v.error) td.classList.add("err");
    if ("href" in v && v.href) add(td, linkOrText(v.text, v.href));
    else if (v.text.length > 160 || v.text.indexOf("\\n") >= 0)
      add(td, longText(firstLine(v.text), v.text, "code" in v ? v.code : void 0));
    else td.textContent = v.text;
    return td;
  }
  function table(t) {
    const tbl = el("table");
    if (t.caption) add(tbl, el("caption", null, t.caption));
    const numeric = t.numeric ?? [];
    const head = add(add(tbl, el("thead")), el("tr"));
    t.columns.forEach((c, i) => add(head, cell("th", c, numeric.indexOf(i) >= 0)));
    const tbody = add(tbl, el("tbody"));
    t.rows.forEach((r) => {
      const tr = add(tbody, el("tr", "row"));
      r.forEach((c, i) => add(tr, cell("td", c, numeric.indexOf(i) >= 0)));
    });
    return tbl;
  }
  function renderSection(parent, sec) {
    const s = section(parent, sec.id, sec.title);
    (sec.notes ?? []).forEach((note) => add(s, el("p", "muted", note)));
    if (sec.tables.length === 0) add(s, el("p", "muted", sec.empty ?? "Nothing recorded."));
    sec.tables.forEach((t) => add(s, table(t)));
  }
  function summaryOf(title, detail) {
    const s = el("summary");
    add(s, el("span", null, title + " "));
    add(s, el("span", "detail", detail));
    return s;
  }
  function addTexts(parent, texts) {
    texts.forEach((x) => {
      add(parent, el("div", "muted", x.label));
      add(parent, el("pre", x.code ? "code" : null, x.text));
    });
  }
  function renderNode(node) {
    const li = el("li");
    const d = add(li, el("details", "node"));
    d.open = true;
    add(d, summaryOf(node.title, node.detail));
    if (node.error) add(d, el("div", "err", node.error));
    const turns = add(d, el("ul"));
    node.turns.forEach((t) => {
      const td = add(add(turns, el("li")), el("details", "turn"));
      add(td, summaryOf(t.title, t.detail));
      if (t.error) add(td, el("div", "err", t.error));
      addTexts(td, t.texts);
      if (t.batches.length) {
        const list = add(td, el("ul"));
        t.batches.forEach((b) => {
          const batch = add(list, el("li", "batch"));
          add(batch, el("strong", null, b.title + " "));
          add(batch, el("span", "detail", b.detail));
          b.errors.forEach((e) => add(batch, el("div", "err", e)));
        });
      }
      if (t.nested.length) {
        const nested = add(td, el("ul"));
        t.nested.forEach((child) => add(nested, renderNode(child)));
      }
    });
    return li;
  }
  function hashParts() {
    return location.hash.replace(/^#/, "").split("&").map((part) => {
      const eq = part.indexOf("=");
      let value = eq < 0 ? "" : part.slice(eq + 1);
      try {
        value = decodeURIComponent(value);
      } catch {
      }
      return [eq < 0 ? part : part.slice(0, eq), value];
    });
  }
  function setAll(open) {
    document.querySelectorAll("details").forEach((d) => {
      if (open) fill(d);
      d.open = open;
    });
  }
  function renderHeader(page, data) {
    document.title = data.title + " \\xB7 " + data.badgeText;
    const h1 = add(page, el("h1"));
    add(h1, el("span", null, data.title));
    const badge = BADGES.indexOf(data.badge) >= 0 ? data.badge : "other";
    add(h1, el("span", "badge " + badge, data.badgeText));
    const dl = add(page, el("dl", "header"));
    data.header.forEach(([term, value]) => {
      add(dl, el("dt", null, term));
      add(dl, el("dd", null, value));
    });
    if (data.notes.length) {
      const notes = add(page, el("div", "notes"));
      notes.setAttribute("role", "note");
      data.notes.forEach((note) => add(notes, el("p", null, note)));
    }
  }
  function renderNav(page, parts) {
    const nav = add(page, el("nav"));
    parts.forEach((p) => {
      const a = add(nav, el("a", null, p.title));
      a.setAttribute("href", "#" + p.id);
    });
    const expand = add(nav, el("button", null, "expand all"));
    expand.type = "button";
    expand.addEventListener("click", () => setAll(true));
    const collapse = add(nav, el("button", null, "collapse all"));
    collapse.type = "button";
    collapse.addEventListener("click", () => setAll(false));
  }
  function render() {
    const started = Date.now();
    const data = JSON.parse(byId("rivumi-data").textContent ?? "");
    const page = byId("page");
    renderHeader(page, data);
    const stats = data.sections.filter((x) => x.id === "stats");
    const rest = data.sections.filter((x) => x.id !== "stats");
    const nav = [
      { id: "timeline", title: "Timeline" },
      { id: "rlm", title: "RLM" }
    ];
    renderNav(page, [...stats, ...nav, ...rest]);
    stats.forEach((sec) => renderSection(page, sec));
    const filter = renderTimeline(page, data.timeline);
    const rlm = section(page, "rlm", "RLM runs (" + n(data.rlm.length) + ")");
    if (data.rlm.length === 0) add(rlm, el("p", "muted", "No RLM run in this journal."));
    else {
      const tree = add(add(rlm, el("div", "tree")), el("ul"));
      data.rlm.forEach((node) => add(tree, renderNode(node)));
    }
    rest.forEach((sec) => renderSection(page, sec));
    add(page, el("footer", null, data.footer));
    function honourHash() {
      hashParts().forEach(([key, value]) => {
        if (key === "expand-all") setAll(true);
        else filter(key, value);
      });
    }
    window.addEventListener("hashchange", honourHash);
    honourHash();
    body.setAttribute("data-status", "ready");
    body.setAttribute("data-render-ms", String(Date.now() - started));
    statusLine.textContent = "ready";
  }
  try {
    render();
  } catch (error) {
    fail(error instanceof Error && error.message ? error.message : String(error));
  }
})();
`}var r=o();var t=`
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #fff; --panel: #f6f8fa;
  --line: #d1d9e0; --err: #cf222e; --err-bg: #ffebe9; --ok: #1a7f37; --warn: #9a6700; --accent: #0969da; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117;
  --panel: #151b23; --line: #3d444d; --err: #ff7b72; --err-bg: #3c1618; --ok: #3fb950;
  --warn: #d29922; --accent: #4493f8; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--fg); background: var(--bg); }
main { padding: 16px 24px 48px; max-width: 1600px; margin: 0 auto; }
h1 { font-size: 22px; margin: 4px 0 12px; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
h2 { font-size: 17px; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 14px; margin: 14px 0 6px; color: var(--muted); font-weight: 600; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0; padding: 8px; max-height: 32em;
  overflow: auto; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; }
.badge { font-size: 13px; padding: 2px 10px; border-radius: 999px; border: 1px solid currentColor; font-weight: 600; }
.badge.success { color: var(--ok); } .badge.partial, .badge.unfinished, .badge.skipped { color: var(--warn); }
.badge.failure, .badge.refused { color: var(--err); } .badge.other { color: var(--muted); }
dl.header { display: grid; grid-template-columns: max-content 1fr; gap: 3px 16px; margin: 0;
  padding: 12px 16px; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; }
dl.header dt { color: var(--muted); } dl.header dd { margin: 0; overflow-wrap: anywhere; }
.notes { margin: 12px 0; padding: 8px 16px; border-left: 4px solid var(--warn); background: var(--panel); }
.notes p { margin: 4px 0; }
nav { margin: 14px 0 0; display: flex; gap: 14px; flex-wrap: wrap; }
a { color: var(--accent); }
.controls { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; margin: 8px 0;
  position: sticky; top: 0; background: var(--bg); padding: 6px 0; z-index: 1; }
.controls input[type=search] { min-width: 280px; padding: 5px 8px; font: inherit; }
.controls select, .controls button { font: inherit; padding: 4px 8px; }
.muted { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: 4px 0 10px; }
caption { text-align: left; color: var(--muted); padding: 4px 0; }
th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--line);
  overflow-wrap: anywhere; }
th { background: var(--panel); font-weight: 600; position: relative; }
#stats table { width: auto; min-width: 50%; }
td.num, th.num { padding-left: 20px; text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
tr.error td { background: var(--err-bg); }
.err { color: var(--err); font-weight: 600; }
.timeline { border-top: 1px solid var(--line); }
.trow { display: grid; grid-template-columns: 4em 5.5em 6em minmax(9em, 15em) minmax(0, 1fr);
  gap: 0 10px; padding: 4px 8px; border-bottom: 1px solid var(--line); }
.trow.event { content-visibility: auto; contain-intrinsic-size: auto 30px; }
.trow[hidden] { display: none; }
.trow.head { font-weight: 600; background: var(--panel); }
.trow.error { background: var(--err-bg); }
.trow > div { min-width: 0; overflow-wrap: anywhere; }
.trow .at, .trow .seq { white-space: nowrap; color: var(--muted); font-variant-numeric: tabular-nums; }
.trow .title { font-weight: 600; }
details.long > summary { cursor: pointer; color: var(--muted); }
details.long { margin: 2px 0; }
.tree ul { list-style: none; margin: 0; padding-left: 22px; border-left: 1px dashed var(--line); }
.tree li { margin: 3px 0; }
.tree details > summary { cursor: pointer; }
.tree .node > summary { font-weight: 600; }
.tree .detail { color: var(--muted); font-weight: normal; }
.tree .batch { margin: 2px 0; }
#status { margin: 0; padding: 6px 24px; color: var(--muted); }
body[data-status="ready"] #status { display: none; }
body[data-status="error"] #status { color: var(--err); font-weight: 600; }
footer { margin-top: 32px; color: var(--muted); font-size: 12px; overflow-wrap: anywhere; }
`;var a=e=>`'sha256-${n("sha256").update(e).digest("base64")}'`;function i(e){return JSON.stringify(e).replace(/</g,"\\u003c").replace(/>/g,"\\u003e").replace(/&/g,"\\u0026").replace(/\u2028/g,"\\u2028").replace(/\u2029/g,"\\u2029")}var p=["default-src 'none'",`script-src ${a(r)}`,`style-src ${a(t)}`,"img-src data:","base-uri 'none'","form-action 'none'"].join("; ");function m(e){return`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${p}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Rivumi journal</title>
<style>${t}</style>
</head>
<body data-status="loading">
<p id="status" role="status">Loading the journal\u2026 (this page needs JavaScript to show it)</p>
<main id="page"></main>
<script type="application/json" id="rivumi-data">${i(e)}</script>
<script>${r}</script>
</body>
</html>
`}export{i as a,p as b,m as c};
