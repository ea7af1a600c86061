#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{A as W,B as I,C as O,D as B,a as g,b as se,c as J,d as ie,e as m,f as w,g as S,h as $,o as f,p,q as ae,r as N,s as k,t as z,u as de,v as P,w as V,x as _,y as D,z as H}from"./chunk-QDTHPMFK.js";import{createHash as Pe}from"node:crypto";function Me(){return`"use strict";
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
`}var F=Me();var K=`
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
`;var le=e=>`'sha256-${Pe("sha256").update(e).digest("base64")}'`;function _e(e){return JSON.stringify(e).replace(/</g,"\\u003c").replace(/>/g,"\\u003e").replace(/&/g,"\\u0026").replace(/\u2028/g,"\\u2028").replace(/\u2029/g,"\\u2029")}var Oe=["default-src 'none'",`script-src ${le(F)}`,`style-src ${le(K)}`,"img-src data:","base-uri 'none'","form-action 'none'"].join("; ");function pt(e){return`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${Oe}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Rivumi journal</title>
<style>${K}</style>
</head>
<body data-status="loading">
<p id="status" role="status">Loading the journal\u2026 (this page needs JavaScript to show it)</p>
<main id="page"></main>
<script type="application/json" id="rivumi-data">${_e(e)}</script>
<script>${F}</script>
</body>
</html>
`}var Be=10,ce=100,Y=()=>({tokens:{...N},costUsd:void 0});function X(e,t,n){V(e.tokens,t),n!==void 0&&(e.costUsd=(e.costUsd??0)+n)}function Ue(e,t){let n=H(e).map(r=>{let s=k(r.response),o=(r.attempt??1)>1?` attempt ${r.attempt}`:"";return{seq:(r.request??r.response)?.seq??0,what:`model turn ${r.turn??"?"}${o}`,model:r.model,ms:(r.response&&f(r.response,"ms"))??0,tokens:s,costUsd:_(r.response,s,t),error:r.response?p(r.response,"error"):"no response recorded"}});for(let r of e){let s=Z(r);if(!s)continue;let o=k(r);n.push({seq:r.seq,what:s.what,model:p(r,"model")??s.model,ms:f(r,"ms")??0,tokens:o,costUsd:_(r,o,t),error:p(r,"error")})}return n.sort((r,s)=>r.seq-s.seq)}function Z(e){let t=f(e,"depth")??0;switch(e.type){case"rlm.turn":return{what:`RLM depth ${t} turn ${f(e,"iteration")??"?"}`,model:"(RLM root turns)"};case"rlm.child_call":return{what:`RLM depth ${t} child ${p(e,"kind")??"call"}`,model:"(RLM child calls)"};case"review.batch":return{what:`review batch ${p(e,"id")??"?"}`,model:"(review batches)"};default:return}}function pe(e,t){let{events:n}=e,r=Ue(n,t),s=W(n),o=Y();for(let c of r)X(o,c.tokens,c.costUsd);let u=new Map,d;for(let c of n){let y=D(c.type),E=u.get(y)??{phase:y,events:0,ms:0,...Y()};if(u.set(y,E),E.events++,c.time!==void 0&&(d!==void 0&&c.time>d&&(E.ms+=c.time-d),d=Math.max(d??c.time,c.time)),c.type==="model.response"||Z(c)){let A=k(c);X(E,A,_(c,A,t))}}let a=new Map;for(let c of s){let y=a.get(c.name)??{tool:c.name,calls:0,errors:0,ms:0,bytes:0};a.set(c.name,y),y.calls++,(!c.result||c.result.fields.ok===!1)&&y.errors++,y.ms+=(c.result&&f(c.result,"ms"))??0,y.bytes+=(c.result&&f(c.result,"bytes"))??0}let i=new Map;for(let c of r){let y=i.get(c.model)??{model:c.model,requests:0,errors:0,ms:0,...Y()};i.set(c.model,y),y.requests++,c.error&&y.errors++,y.ms+=c.ms,X(y,c.tokens,c.costUsd)}let l=n.findLast(c=>c.type==="run.finished"),h=n.find(c=>c.time!==void 0)?.time,v=n.findLast(c=>c.time!==void 0)?.time,R=n.filter(I).map(ue),T=l&&f(l,"costUsd"),C=o.costUsd===void 0&&T!==void 0;if(C)for(let c of[...u.values(),...i.values()])c.costUsd===void 0&&Le(c.tokens,o.tokens)&&(c.costUsd=T);return{events:n.length,ms:h!==void 0&&v!==void 0?v-h:(l&&f(l,"ms"))??0,modelRequests:r.filter(c=>c.what.startsWith("model turn")).length,toolCalls:s.length,rlmTurns:n.filter(c=>c.type==="rlm.turn").length,childCalls:n.filter(c=>c.type==="rlm.child_call").length,reviewBatches:n.filter(c=>c.type==="review.batch").length,reviewRepairs:n.filter(c=>c.type==="review.batch"&&ae(c,"repaired")===!0).length,negotiated:n.filter(c=>c.type==="model.negotiated").map(c=>`${p(c,"refused")??"?"} -> ${p(c,"instead")??"?"}`),spend:o,costUsd:C?T:o.costUsd,costFrom:C?"run.finished":o.costUsd!==void 0?"requests":void 0,recorded:l?{tokens:k(l),costUsd:T,ms:f(l,"ms")}:void 0,byPhase:[...u.values()],byTool:[...a.values()].sort((c,y)=>y.calls-c.calls||c.tool.localeCompare(y.tool)),byModel:[...i.values()].sort((c,y)=>y.requests-c.requests),slowest:[...r].sort((c,y)=>y.ms-c.ms).slice(0,Be),retries:n.filter(c=>c.type==="model.response"&&c.fields.willRetry===!0).map(ue),errors:R.slice(0,ce),moreErrors:Math.max(0,R.length-ce)}}function Le(e,t){return e.input+e.output>0&&e.input===t.input&&e.output===t.output}function ue(e){let t=f(e,"status"),n=e.type==="model.response"?`model turn ${f(e,"turn")??"?"} attempt ${f(e,"attempt")??"?"}${t?` (HTTP ${t})`:""}`:e.type==="tool.result"?`tool ${p(e,"name")??"?"}`:Z(e)?.what??(e.type.startsWith("rlm.")?`RLM depth ${f(e,"depth")??0}`:p(e,"phase")??p(e,"target")??p(e,"command")??""),r=p(e,"error")??(e.type==="context.reload_rejected"?JSON.stringify(e.fields.rejected??[]):p(e,"reason")??p(e,"conclusion")??"failed");return{seq:e.seq,type:e.type,what:n,error:r}}var Q=e=>e?z(e):"-",me=(e,t)=>Array.from({length:t},(n,r)=>e+r),fe=e=>e===void 0?"-":$(e),x=(e,t=120)=>se(e,t).replace(/\r?\n/g,"\u23CE");function G(e,t,n){let r=e.map((o,u)=>Math.max(o.length,...t.map(d=>(d[u]??"").length))),s=o=>o.map((u,d)=>n.includes(d)?u.padStart(r[d]??0):u.padEnd(r[d]??0)).join("  ").trimEnd();return[s(e),...t.map(s)].map(o=>`  ${o}`)}function Ie(e){return e.costUsd===void 0?"- (no cost recorded: pass --prices IN,OUT to price it)":e.costFrom==="run.finished"?`${$(e.costUsd)} (as the run recorded it)`:$(e.costUsd)}function ee(e){let t=e.recorded?.ms;return t!==void 0&&Math.abs(t-e.ms)>=Math.max(100,e.ms/100)?`${w(e.ms)} (${w(t)} to the outcome, then publishing)`:w(e.ms)}function wt(e,t){let n=[`${x(e.path,400)}: ${m(t.events)} events`];for(let o of e.notes)n.push(`note: ${o}`);n.push("",`time      ${ee(t)}`,`requests  ${m(t.modelRequests)} model, ${m(t.toolCalls)} tool calls, ${m(t.rlmTurns)} RLM turns, ${m(t.childCalls)} RLM child calls${t.reviewBatches?`, ${m(t.reviewBatches)} review batches${t.reviewRepairs?` (${m(t.reviewRepairs)} repaired: one more request each)`:""}`:""}`,...t.negotiated.length>0?[`refused   ${x(t.negotiated.join("; "),400)}`]:[],`tokens    ${Q(t.spend.tokens)}`,`cost      ${Ie(t)}`),t.recorded&&n.push(`recorded  ${Q(t.recorded.tokens)}${t.recorded.costUsd!==void 0?` \xB7 ${$(t.recorded.costUsd)}`:""} (run.finished)`),n.push("","by phase");let r=P(t.byPhase),s=["phase","events","time",...O(r),"cost"];if(n.push(...G(s,t.byPhase.map(o=>[x(o.phase,40),m(o.events),w(o.ms),...B(o.tokens,r),fe(o.costUsd)]),me(1,s.length-1))),t.byTool.length>0&&(n.push("","by tool"),n.push(...G(["tool","calls","errors","time","output"],t.byTool.map(o=>[x(o.tool,40),m(o.calls),m(o.errors),w(o.ms),S(o.bytes)]),[1,2,3,4]))),t.byModel.length>0){n.push("","by model");let o=P(t.byModel),u=["model","requests","errors","time",...O(o),"cost"];n.push(...G(u,t.byModel.map(d=>[x(d.model,60),m(d.requests),m(d.errors),w(d.ms),...B(d.tokens,o),fe(d.costUsd)]),me(1,u.length-1)))}t.slowest.length>0&&(n.push("","slowest requests"),n.push(...G(["seq","time","request","model","tokens"],t.slowest.map(o=>[String(o.seq),w(o.ms),x(o.what,60),x(o.model,60),o.error?`error: ${x(o.error,80)}`:Q(o.tokens)]),[0,1]))),n.push("",`retries: ${m(t.retries.length)}`);for(let o of t.retries)n.push(`  seq ${o.seq}  ${x(o.what,60)}: ${x(o.error)}`);n.push("",`errors: ${m(t.errors.length+t.moreErrors)}`);for(let o of t.errors)n.push(`  seq ${o.seq}  ${x(o.type,40)}  ${x(o.what,60)}: ${x(o.error)}`);return t.moreErrors>0&&n.push(`  \u2026 and ${m(t.moreErrors)} more`),n.join(`
`)}import{basename as qe}from"node:path";var U=200,Ae=120,Je=new Set(["v","seq","ts","type"]),q=e=>`${z(e)} tokens`;function he(e,t){let n=new Map;for(let d of H(e))n.set(d.request??d.response,d);let r=new Map;for(let d of W(e))r.set(d.call??d.result,d);let s=e.find(d=>d.time!==void 0)?.time,o=[],u=0;for(let d of e){let a=n.get(d),i=r.get(d);if((d.type==="model.response"||d.type==="tool.result")&&!a&&!i)continue;if(o.length>=t.maxRows){u++;continue}let h=d.time!==void 0&&s!==void 0?`+${w(d.time-s)}`:"",v={seq:d.seq,at:h,phase:t.budget.take(D(d.type),40)};a?o.push({...v,...Ne(a,t)}):i?o.push({...v,...De(i,t)}):o.push({...v,...He(d,t)})}return{rows:o,omitted:u}}function Ne(e,{budget:t,prices:n,requests:r}){let s=e.response,o=e.request,u=k(s),d=_(s,u,n),a=s?f(s,"toolCalls"):void 0,i=[s?w(f(s,"ms")??0):"no response recorded",u?q(u):"",d!==void 0?$(d):"",a===void 0?"":a===0?"final answer":`${m(a)} tool call(s)`,s&&p(s,"finishReason")?`finish ${p(s,"finishReason")}`:"",o&&f(o,"messages")!==void 0?`${m(f(o,"messages")??0)} messages, ${S(f(o,"bytes")??0)}`:"",e.model],l=s?f(s,"status"):void 0,h=s&&p(s,"error"),v=(e.attempt??1)>1?` \xB7 attempt ${e.attempt}`:"";return{kind:"model",title:t.take(`model \xB7 turn ${e.turn??"?"}${v}`,U),detail:t.take(i.filter(Boolean).join(" \xB7 "),U*2),error:h?t.take(`${l?`HTTP ${l}: `:""}${h}${s?.fields.willRetry===!0?" (retried)":""}`):"",texts:r?ze(r,e,t):[]}}function ze(e,t,n){let r=t.request&&f(t.request,"requestsSeq");if(r===void 0)return[];let s=(t.attempt??1)>1?[]:(e.added(r)??[]).map(d=>({label:n.take(`sent \xB7 ${d.role}`,40),text:n.take(Ve(d))})),u=t.response!==void 0&&p(t.response,"error")===void 0?e.reply(r):void 0;if(u){let d=u.toolCalls.map(a=>`${a.name}(${a.arguments})`).join(`
`);s.push({label:"reply",text:n.take([u.content,d].filter(Boolean).join(`
`)||"(empty)")})}return s}function Ve(e){let t=typeof e.content=="string"?e.content:e.content?JSON.stringify(e.content):"",n=e.role==="assistant"?(e.tool_calls??[]).map(r=>r.type==="function"?`${r.function.name}(${r.function.arguments})`:r.type):[];return[t,...n].filter(Boolean).join(`
`)||"(empty)"}function De(e,{budget:t}){let n=e.result,r=n?.fields.ok,s=[n?r===!1?"failed":"ok":"no result recorded",n?w(f(n,"ms")??0):"",n&&f(n,"bytes")!==void 0?`output ${S(f(n,"bytes")??0)}`:"",e.call&&f(e.call,"turn")!==void 0?`turn ${f(e.call,"turn")}`:""],o=e.call?g(e.call.fields.arguments):"";return{kind:"tool",title:t.take(`tool \xB7 ${e.name}`,U),detail:t.take(s.filter(Boolean).join(" \xB7 "),U),error:n&&(r===!1||p(n,"error"))?t.take(p(n,"error")??"failed"):"",texts:o?[{label:"arguments",text:t.take(ge(o)),code:!0}]:[]}}function He(e,{budget:t}){let n=[],r=[];for(let[o,u]of Object.entries(e.fields)){if(Je.has(o)||u===void 0||o==="error"&&I(e))continue;let d=o.toLowerCase().endsWith("usage")?k(e,o):void 0,a=d?q(d):g(u);e.type==="rlm.cell"&&(o==="code"||o==="output")||(a.length>Ae||a.includes(`
`)||We(u)?r.push({label:t.take(o,80),text:t.take(ge(a))}):n.push(`${o} ${a}`))}let s=J(e.fields.url);return{kind:t.take(te(e.type),40),title:t.take(e.type,U),detail:t.take(n.join(" \xB7 "),U*3),error:I(e)?t.take(Ge(e)):"",texts:r,...s?{href:s}:{}}}var We=e=>typeof e=="object"&&e!==null&&Object.keys(e).length>4;function Ge(e){let t=p(e,"error");return t||(e.type==="context.reload_rejected"?g(e.fields.rejected):p(e,"reason")??p(e,"conclusion")??"failed")}function ge(e){let t=e.trim();if(!(t.startsWith("{")||t.startsWith("["))||e.length>2e5)return e;try{return JSON.stringify(JSON.parse(t),null,2)}catch{return e}}function te(e){let t=e.includes(".")?e.slice(0,e.indexOf(".")):e;return["run","trigger","plan","workspace"].includes(t)?"run":["instructions","context","prompt","skills"].includes(t)?"context":t}var Fe=4e3,Ke=2e3,ne=3,Ye=5;function we(e,t){let n=[],r=[],s=[],o=a=>{let i=r.findLast(l=>l.depth===a);return i||u(a,"start not recorded")},u=(a,i)=>{for(;(r.at(-1)?.depth??-1)>=a;)r.pop();let l={depth:a,view:{title:`RLM \xB7 depth ${a}`,detail:t.take(i,400),error:"",turns:[]},turns:[]},h=r.at(-1)?.turns.at(-1);return h&&r.at(-1)?.depth===a-1?h.view.nested.push(l.view):n.push(l.view),r.push(l),s.push(l),l},d=a=>a.turns.at(-1)??ye(a,"before the first turn");for(let a of e){if(!a.type.startsWith("rlm."))continue;let i=f(a,"depth")??0;switch(a.type){case"rlm.started":u(i,[`input ${m(f(a,"inputChars")??0)} chars`,p(a,"isolation")?`isolation ${p(a,"isolation")}`:"",p(a,"python")?`python ${p(a,"python")}`:""].filter(Boolean).join(" \xB7 "));break;case"rlm.turn":{let l=k(a),h=ye(o(i),`turn ${f(a,"iteration")??"?"}`);h.view.detail=t.take([p(a,"outcome")??"",w(f(a,"ms")??0),l?q(l):"",`prompt ${m(f(a,"promptChars")??0)} chars`].filter(Boolean).join(" \xB7 "),400),p(a,"error")&&(h.view.error=t.take(p(a,"error")));break}case"rlm.cell":Xe(d(o(i)),a,t);break;case"rlm.child_call":Ze(d(o(i)),a);break;case"rlm.finished":{let l=o(i),h=k(a);l.view.detail=t.take([l.view.detail,`${m(f(a,"iterations")??l.turns.length)} turns`,`${m(f(a,"childCalls")??0)} child calls`,a.fields.finalized===!0?"finalized":"not finalized",p(a,"reason")?`reason ${p(a,"reason")}`:"",h?`root ${q(h)}`:""].filter(Boolean).join(" \xB7 "),600),a.fields.finalized===!1&&(l.view.error=t.take(p(a,"reason")??"")),r.splice(r.indexOf(l));break}}}for(let a of s)for(let i of a.turns)i.view.batches=i.batches.map(l=>Qe(l,t));return n}function ye(e,t){let n={view:{title:t,detail:"",error:"",texts:[],batches:[],nested:[]},batches:[]};return e.turns.push(n),e.view.turns.push(n.view),n}function Xe(e,t,n){let r=[t.fields.finalized===!0?"finalized":"",t.fields.lost===!0?"REPL lost":""].filter(Boolean);e.view.detail=[e.view.detail,n.take(`cell ${w(f(t,"ms")??0)}, printed ${m(f(t,"stdoutChars")??0)} chars${r.length?`, ${r.join(", ")}`:""}`,200)].filter(Boolean).join(" \xB7 ");let s=p(t,"code"),o=p(t,"output");s!==void 0&&e.view.texts.push({label:"code",text:n.take(s,Fe),code:!0}),o&&e.view.texts.push({label:"output",text:n.take(o,Ke),code:!0});let u=p(t,"error");u&&(e.view.error=n.take(u))}function Ze(e,t){let n=f(t,"ms")??0,r=t.time??0,s=r-n,o=p(t,"kind")??"call",u=e.batches.at(-1),d=u!==void 0&&u.kind===o&&(s<=u.start+Ye||s<u.firstEnd),a=d?u:{kind:o,calls:0,failed:0,start:s,end:r,firstEnd:r,sumMs:0,tokens:{...N},errors:[]};d||e.batches.push(a),a.calls++,a.start=Math.min(a.start,s),a.end=Math.max(a.end,r),a.firstEnd=Math.min(a.firstEnd,r),a.sumMs+=n,V(a.tokens,k(t)),t.fields.ok===!1&&(a.failed++,a.errors.push(p(t,"error")??"failed"))}function Qe(e,t){let n=e.errors.slice(0,ne).map(r=>t.take(r,400));return e.errors.length>ne&&n.push(`\u2026 and ${m(e.errors.length-ne)} more`),{title:t.take(`${m(e.calls)} \xD7 ${e.kind}`,120),detail:[e.calls>1?`fan-out ${m(e.calls)}`:"one call",`wall ${w(e.end-e.start)}`,e.calls>1?`sum ${w(e.sumMs)}`:"",q(e.tokens),e.failed>0?`${m(e.failed)} failed`:""].filter(Boolean).join(" \xB7 "),errors:n}}var M=e=>Array.isArray(e)?e.filter(t=>typeof t=="object"&&t!==null&&!Array.isArray(t)):[],j=e=>Array.isArray(e)?e.map(t=>g(t)):e===void 0?[]:[g(e)],be=e=>typeof e=="number"?S(e):"";function ve(e,t){return{id:"prompt",title:"Prompt sections",empty:"No prompt.built event: this run assembled no agent prompt.",tables:e.filter(r=>r.type==="prompt.built").map(r=>({caption:t.take(`seq ${r.seq} \xB7 ${be(r.fields.bytes)} \xB7 cache key ${p(r,"cacheKey")?.slice(0,16)??"?"} (${r.fields.cacheKeySent===!0?"sent":"not sent"})`,300),columns:["section","version","stability","sources","size","sha256"],numeric:[1,4],rows:M(r.fields.sections).map(s=>[s.id,s.version,s.stability,j(s.sources).join(", "),be(s.bytes),g(s.sha256).slice(0,16)].map(o=>t.take(o,400)))}))}}function ke(e,t){let n=[];for(let r of e.filter(s=>s.type==="instructions.resolved")){let s=r.fields.diagnostics??{},o=(i,l=400)=>t.take(i,l);n.push({caption:o(`seq ${r.seq} \xB7 from ${p(r,"from")??"?"}${s.layering==="stack"?" \xB7 layers stacked":""}${s.truncated===!0?` \xB7 rendered instructions were cut to fit their budget${j(s.cut).length?`: ${j(s.cut).join(", ")} not shown in full`:""}`:""}`),columns:["document","layer","status","reason","size","governs","sha256"],numeric:[4],rows:M(s.documents).map(i=>{let l=j(i.by),h=`${g(i.reason)}${l.length?` by ${l.join(", ")}`:""}`;return[o(i.path),o(i.layer,40),i.status==="rejected"?{text:o(i.status,40),error:!0}:o(i.status,40),o(h),typeof i.bytes=="number"?S(i.bytes):"",o(j(i.governs).join(", ")),o(g(i.sha256).slice(0,16),40)]})});let u=M(s.directories);u.length>0&&n.push({caption:"active directories",columns:["directory","governed by"],rows:u.map(i=>[o(i.dir),o(j(i.layers).length>0?j(i.layers).join(", "):i.active??"(none)")])});let d=M(r.fields.skills).map(i=>[o(i.name),o(i.path),""]),a=M(r.fields.rejectedSkills).map(i=>["",o(i.path),{text:o(i.reason),error:!0}]);d.length+a.length>0&&n.push({caption:"skills",columns:["skill","path","rejected because"],rows:[...d,...a]})}return{id:"instructions",title:"Instructions",empty:"No instructions.resolved event: this run read no instruction documents.",tables:n}}function xe(e,t){let n=(s,o=400)=>t.take(s,o),r=[];for(let s of e)if(s.type==="memory.loaded"){let o=j(s.fields.ids);r.push([n(s.type,60),n(p(s,"source")),`${m(f(s,"selected")??0)} selected of ${m(f(s,"loaded")??0)} rows, ${m(f(s,"skipped")??0)} skipped`,n(o.length?o.join(", "):s.fields.ids===void 0?"(ids not recorded)":"(none)",4e3)])}else if(s.type.startsWith("memory.")){let{type:o,v:u,seq:d,ts:a,...i}=s.fields,l=p(s,"error");r.push([n(s.type,60),n(p(s,"source")??p(s,"command")??""),l?{text:n(l),error:!0}:n(p(s,"reason")??p(s,"conclusion")??""),n(g(i),600)])}return{id:"memory",title:"Memory",empty:"No memory events: this run did not read the memory store.",tables:r.length?[{columns:["event","source","what","details / ids"],rows:r}]:[]}}function $e(e,t,n){let r=(l,h=400)=>n.take(l,h),s=e.filter(l=>l.type==="review.findings"),o=M(t?.review?.findings),u=s.at(-1),d=u?M(u.fields.findings):o,a=d.map(l=>{let h=l.start_line!==void 0?`${g(l.start_line)}-${g(l.line)}`:g(l.line),v=l.posted??l.where??l.placement??l.target,R=J(l.url),T=s.length?v===void 0?"":g(v):"not recorded";return[r(l.severity,40),r(`${g(l.path)}${h?`:${h}`:""}`),R?{text:r(T||"link",200),href:R}:r(T,200),r(l.body??l.title??l.message,4e3)]}),i=s.length?[]:o.length?["From result.json beside the journal: this journal has no review.findings event, so where each finding was posted is not known."]:[];return{id:"findings",title:`Findings (${m(d.length)})`,empty:"No findings recorded (no review.findings event, and no result.json with findings beside the journal).",notes:i,tables:a.length?[{columns:["severity","where in the code","posted","finding"],rows:a}]:[]}}var Re=e=>e===void 0?"":$(e),Te=(e,t)=>Array.from({length:t-e},(n,r)=>e+r);function Se(e,t){let n=(i,l=200)=>t.take(i,l),r=P(e.byPhase),s=["phase","events","time",...O(r),"cost"],o=P(e.byModel),u=["model","requests","errors","time",...O(o),"cost"],d=new Set(e.retries.map(i=>i.seq)),a=[...e.retries,...e.errors.filter(i=>!d.has(i.seq))].sort((i,l)=>i.seq-l.seq).map(i=>[String(i.seq),n(i.type,60),n(i.what),d.has(i.seq)?n(`${i.error} (retried)`,1e3):{text:n(i.error,1e3),error:!0}]);return{id:"stats",title:"Where the time and tokens went",notes:e.moreErrors>0?[`${m(e.moreErrors)} more errors are not listed.`]:[],tables:[{caption:"by phase (time: from the event before to each event of the phase)",columns:s,numeric:Te(1,s.length),rows:e.byPhase.map(i=>[n(i.phase,60),m(i.events),w(i.ms),...B(i.tokens,r),Re(i.costUsd)])},{caption:"by model",columns:u,numeric:Te(1,u.length),rows:e.byModel.map(i=>[n(i.model),m(i.requests),m(i.errors),w(i.ms),...B(i.tokens,o),Re(i.costUsd)])},{caption:"by tool",columns:["tool","calls","errors","time","output"],numeric:[1,2,3,4],rows:e.byTool.map(i=>[n(i.tool),m(i.calls),m(i.errors),w(i.ms),S(i.bytes)])},{caption:"slowest requests",columns:["seq","request","model","time","tokens"],numeric:[0,3],rows:e.slowest.map(i=>[String(i.seq),n(i.what),n(i.model),w(i.ms),i.error?{text:n(i.error,400),error:!0}:i.tokens?`${m(i.tokens.input)} in / ${m(i.tokens.output)} out${de(i.tokens)}`:""])},{caption:`retries (${m(e.retries.length)}) and errors (${m(e.errors.length+e.moreErrors)})`,columns:["seq","event","what","error"],numeric:[0],rows:a}].filter(i=>i.rows.length>0)}}var et=2e6,tt=1e4;function zt(e,t={}){let n=new ie(t.totalChars??et),{events:r}=e,s=pe(e,t.prices),o=rt(e,s,n),u=[Se(s,n),ve(r,n),ke(r,n),xe(r,n),$e(r,t.result,n)],d=we(r,n),a=he(r,{budget:n,prices:t.prices,maxRows:t.maxRows??tt,requests:t.requests}),i=[...e.notes,...t.requests?.notes??[]].map(h=>n.take(h,1e3));a.omitted>0&&i.push(`The timeline lists the first ${m(a.rows.length)} rows; ${m(a.omitted)} later events are left out (the statistics count them).`),n.cutValues>0&&i.push(`This page holds at most about ${m(n.total)} characters of journal text: ${m(n.cutValues)} later values are shown only in part (${m(n.cutChars)} characters left out). 'rivumi journal stats' and the journal file have everything.`);let l=new Map;for(let h of a.rows)l.set(h.kind,(l.get(h.kind)??0)+1);return{...o,notes:i,timeline:{rows:a.rows,kinds:[...l],events:r.length},rlm:d,sections:u,footer:n.take(`Made by ${t.generator??"rivumi"} from ${qe(e.path)} (${m(r.length)} events). Every value in this page comes from the journal and is shown as text.`,1e3)}}var nt=["success","partial","failure","skipped","refused"];function rt(e,t,n){let{events:r}=e,s=b=>r.find(L=>L.type===b),o=b=>r.findLast(L=>L.type===b),u=s("run.started"),d=s("trigger.parsed"),a=s("plan.decided"),i=o("run.finished"),l=o("run.failed"),h=d?.fields.detail??{},v=d&&p(d,"kind"),R=typeof h.number=="number"&&(v==="pull_request"||h.pr===!0)?h.number:void 0,T=(a&&p(a,"action"))??te(r[0]?.type??"run"),C=i&&p(i,"conclusion"),c=C?nt.find(b=>b===C)??"other":l?"failure":"unfinished",y=new Set;for(let b of r)(b.type==="model.request"||b.type==="rlm.child_call")&&p(b,"model")&&y.add(p(b,"model"));let E=r.find(b=>b.time!==void 0)?.time,A=t.modelRequests+t.rlmTurns+t.childCalls+t.reviewBatches>0,re=k(i)??(A?t.spend.tokens:void 0),oe=t.costUsd,je=it(i,o("review.coverage")),Ce=[["Trigger",d||u?ot(u&&p(u,"event"),v,h):""],["Pull request",R!==void 0?`#${R}${h.fork===!0?" (from a fork)":""}`:""],["Plan",a?`${T}, ${a.fields.trusted===!0?"trusted":"untrusted"}: ${g(a.fields.reason)}`:""],["Model",[...y].join(", ")],["Conclusion",st(i,l)],["Started",E!==void 0?new Date(E).toISOString().replace("T"," ").replace(/\.\d+Z$/," UTC"):""],["Time",ee(t)],["Tokens",re?q(re):""],["Cost",oe!==void 0?$(oe):"unknown (no cost recorded; pass --prices IN,OUT)"],["Coverage",je??""],["Rivumi",u?`${g(u.fields.version)} \xB7 ${g(u.fields.mode)} \xB7 run ${g(u.fields.runId)} attempt ${g(u.fields.attempt)}`:""],["Journal",`${qe(e.path)} \xB7 ${m(r.length)} events \xB7 schema ${[...e.versions.keys()].map(b=>`v${b}`).join(", ")||"not recorded"}`]],Ee=`Rivumi ${T}${R!==void 0?` of #${R}`:""}`;return{title:n.take(Ee,200),badge:c,badgeText:n.take(C??(l?"failed":"unfinished"),60),header:Ce.filter(([,b])=>g(b)!=="").map(([b,L])=>[b,n.take(L,600)])}}function ot(e,t,n){let r=typeof n.action=="string"?` ${n.action}`:"",s=`${e??t??"?"}${r}${t&&t!==e?` (${t})`:""}`,o=Object.entries(n).filter(([u,d])=>!["number","action","event"].includes(u)&&d!==null&&typeof d!="object").map(([u,d])=>{let a=g(d);return`${u} ${/^[0-9a-f]{40,64}$/.test(a)?a.slice(0,12):a}`});return[s,...o].join(" \xB7 ")}function st(e,t){return e?`${g(e.fields.conclusion)} (stop: ${g(e.fields.stop)})`:t?`failed in ${g(t.fields.phase)}: ${g(t.fields.error)}`:"not recorded: no run.finished event (the run was killed, or is still going)"}function it(...e){for(let t of e){if(!t)continue;let n=t.type==="review.coverage"?t.fields.coverage??t.fields:t.fields.coverage;if(n==null)continue;if(typeof n=="string")return n;let r=n;if(typeof r.line=="string")return r.line;let s=r.hunks;return s&&typeof s.total=="number"?`${m(Number(s.examined??0))} of ${m(s.total)} hunks examined`:g(n)}}export{pt as a,pe as b,wt as c,zt as d};
