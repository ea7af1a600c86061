#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{A as W,B as U,C as B,D as A,a as g,b as se,c as z,d as ie,e as f,f as y,g as S,h as $,o as m,p,q as ae,r as J,s as x,t as I,u as de,v as M,w as D,x as L,y as H,z as V}from"./chunk-QM4QF44D.js";import{createHash as je}from"node:crypto";var G=`
(function () {
  "use strict";
  var body = document.body;
  var statusLine = document.getElementById("status");
  var BADGES = ["success", "partial", "failure", "skipped", "refused", "unfinished", "other"];
  function fail(message) {
    body.setAttribute("data-status", "error");
    statusLine.textContent = "This page could not be shown: " + message;
  }
  window.addEventListener("error", function (event) { fail(String(event.message)); });
  function n(x) { return Number(x).toLocaleString("en-US"); }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function add(parent, child) { parent.appendChild(child); return child; }
  function linkOrText(text, href) {
    if (typeof href !== "string" || !/^https?:\\/\\//i.test(href)) return el("span", null, text);
    var a = el("a", null, text);
    a.setAttribute("href", href);
    a.setAttribute("rel", "noopener noreferrer nofollow");
    a.setAttribute("target", "_blank");
    return a;
  }
  function firstLine(text) {
    var line = text.split("\\n")[0];
    return line.length > 80 ? line.slice(0, 80) + "\\u2026" : line;
  }
  // A collapsed text enters the document when it is first opened: a page of many rows stays light.
  var lazy = new WeakMap();
  function longText(label, text, code) {
    var details = el("details", "long");
    add(details, el("summary", null, label + " \\u00b7 " + n(text.length) + " chars"));
    add(details, el("pre", code ? "code" : null));
    lazy.set(details, text);
    details.addEventListener("toggle", function () { if (details.open) fill(details); });
    return details;
  }
  function fill(details) {
    var text = lazy.get(details);
    if (text === undefined) return;
    lazy.delete(details);
    details.lastChild.textContent = text;
  }
  /** Everything a row holds, its collapsed texts included. */
  function fullText(node) {
    var text = node.textContent + (lazy.has(node) ? "\\n" + lazy.get(node) : "");
    node.querySelectorAll("details.long").forEach(function (d) {
      if (lazy.has(d)) text += "\\n" + lazy.get(d);
    });
    return text;
  }
  function cell(tag, value, numeric) {
    var td = el(tag, numeric ? "num" : null);
    var v = typeof value === "string" ? { text: value } : value;
    if (v.error) td.classList.add("err");
    if (v.href) add(td, linkOrText(v.text, v.href));
    else if (v.text.length > 160 || v.text.indexOf("\\n") >= 0) add(td, longText(firstLine(v.text), v.text, v.code));
    else td.textContent = v.text;
    return td;
  }
  function table(t) {
    var tbl = el("table");
    if (t.caption) add(tbl, el("caption", null, t.caption));
    var numeric = t.numeric || [];
    var head = add(add(tbl, el("thead")), el("tr"));
    t.columns.forEach(function (c, i) { add(head, cell("th", c, numeric.indexOf(i) >= 0)); });
    var tbody = add(tbl, el("tbody"));
    t.rows.forEach(function (r) {
      var tr = add(tbody, el("tr", "row"));
      r.forEach(function (c, i) { add(tr, cell("td", c, numeric.indexOf(i) >= 0)); });
    });
    return tbl;
  }
  function section(parent, id, title) {
    var s = add(parent, el("section"));
    s.id = id;
    add(s, el("h2", null, title));
    return s;
  }
  function renderSection(parent, sec) {
    var s = section(parent, sec.id, sec.title);
    (sec.notes || []).forEach(function (note) { add(s, el("p", "muted", note)); });
    if (sec.tables.length === 0) add(s, el("p", "muted", sec.empty || "Nothing recorded."));
    sec.tables.forEach(function (t) { add(s, table(t)); });
  }
  function summaryOf(title, detail) {
    var s = el("summary");
    add(s, el("span", null, title + " "));
    add(s, el("span", "detail", detail));
    return s;
  }
  function renderNode(node) {
    var li = el("li");
    var d = add(li, el("details", "node"));
    d.open = true;
    add(d, summaryOf(node.title, node.detail));
    if (node.error) add(d, el("div", "err", node.error));
    var turns = add(d, el("ul"));
    node.turns.forEach(function (t) {
      var td = add(add(turns, el("li")), el("details", "turn"));
      add(td, summaryOf(t.title, t.detail));
      if (t.error) add(td, el("div", "err", t.error));
      t.texts.forEach(function (x) {
        add(td, el("div", "muted", x.label));
        add(td, el("pre", x.code ? "code" : null, x.text));
      });
      if (t.batches.length) {
        var list = add(td, el("ul"));
        t.batches.forEach(function (b) {
          var li2 = add(list, el("li", "batch"));
          add(li2, el("strong", null, b.title + " "));
          add(li2, el("span", "detail", b.detail));
          b.errors.forEach(function (e) { add(li2, el("div", "err", e)); });
        });
      }
      if (t.nested.length) {
        var nested = add(td, el("ul"));
        t.nested.forEach(function (child) { add(nested, renderNode(child)); });
      }
    });
    return li;
  }
  function renderTimeline(parent, timeline) {
    var rows = timeline.rows;
    var s = section(parent, "timeline", "Timeline \\u00b7 " + n(rows.length) + " rows from " + n(timeline.events) + " events");
    var controls = add(s, el("div", "controls"));
    var search = add(controls, el("input"));
    search.type = "search";
    search.id = "search";
    search.placeholder = "Search the rows of every table";
    search.setAttribute("aria-label", "Search");
    var kind = add(controls, el("select"));
    kind.id = "kind";
    kind.setAttribute("aria-label", "Kind of event");
    var all = add(kind, el("option", null, "every kind (" + n(rows.length) + ")"));
    all.value = "all";
    timeline.kinds.forEach(function (k) {
      var o = add(kind, el("option", null, k[0] + " (" + n(k[1]) + ")"));
      o.value = k[0];
    });
    var errorCount = rows.filter(function (r) { return r.error; }).length;
    var label = add(controls, el("label"));
    var errorsOnly = add(label, el("input"));
    errorsOnly.type = "checkbox";
    errorsOnly.id = "errors-only";
    add(label, document.createTextNode(" only errors (" + n(errorCount) + ")"));
    var shown = add(controls, el("span", "muted"));
    shown.id = "shown";
    // Rows are grid lines rather than table rows, so the browser lays out only those on screen.
    var list = add(s, el("div", "timeline"));
    list.id = "timeline-rows";
    var head = add(list, el("div", "trow head"));
    ["seq", "time", "phase", "event", "detail"].forEach(function (c) { add(head, el("div", null, c)); });
    rows.forEach(function (r) {
      var row = add(list, el("div", "row event trow" + (r.error ? " error" : "")));
      row.setAttribute("data-kind", r.kind);
      if (r.error) row.setAttribute("data-error", "1");
      add(row, el("div", "seq", r.seq));
      add(row, el("div", "at", r.at));
      add(row, el("div", "phase", r.phase));
      add(add(row, el("div", "title")), linkOrText(r.title, r.href));
      var detail = add(row, el("div", "detail"));
      add(detail, el("div", null, r.detail));
      if (r.error) add(detail, el("div", "err", r.error));
      r.texts.forEach(function (t) { add(detail, longText(t.label, t.text, t.code)); });
    });
    var texts = new Map();
    function apply() {
      var q = search.value.trim().toLowerCase();
      var count = 0;
      var total = 0;
      var trs = document.querySelectorAll(".row");
      for (var i = 0; i < trs.length; i++) {
        var tr = trs[i];
        var event = tr.classList.contains("event");
        var ok = true;
        if (event) {
          total++;
          if (kind.value !== "all" && tr.getAttribute("data-kind") !== kind.value) ok = false;
          if (errorsOnly.checked && !tr.hasAttribute("data-error")) ok = false;
        }
        if (ok && q) {
          if (!texts.has(tr)) texts.set(tr, fullText(tr).toLowerCase());
          ok = texts.get(tr).indexOf(q) >= 0;
          // Open the collapsed texts that hold what was searched for.
          if (ok) tr.querySelectorAll("details").forEach(function (d) {
            if (!d.open && fullText(d).toLowerCase().indexOf(q) >= 0) { fill(d); d.open = true; }
          });
        }
        tr.hidden = !ok;
        if (ok && event) count++;
      }
      shown.textContent = "showing " + n(count) + " of " + n(total) + " rows";
    }
    var timer = 0;
    search.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(apply, 150);
    });
    kind.addEventListener("change", apply);
    errorsOnly.addEventListener("change", apply);
    apply();
    return function fromHash(key, value) {
      if (key === "errors") errorsOnly.checked = true;
      else if (key === "kind" && timeline.kinds.some(function (k) { return k[0] === value; })) kind.value = value;
      else if (key === "q") search.value = value;
      else return;
      apply();
    };
  }
  /** The address's #part: expand-all, errors, kind=K and q=TEXT, joined with &. */
  function hashParts() {
    return location.hash.replace(/^#/, "").split("&").map(function (part) {
      var eq = part.indexOf("=");
      var value = eq < 0 ? "" : part.slice(eq + 1);
      try { value = decodeURIComponent(value); } catch (e) { /* shown as written */ }
      return [eq < 0 ? part : part.slice(0, eq), value];
    });
  }
  function setAll(open) {
    var all = document.querySelectorAll("details");
    for (var i = 0; i < all.length; i++) {
      if (open) fill(all[i]);
      all[i].open = open;
    }
  }
  function render() {
    var started = Date.now();
    var data = JSON.parse(document.getElementById("rivumi-data").textContent);
    var page = document.getElementById("page");
    document.title = data.title + " \\u00b7 " + data.badgeText;
    var h1 = add(page, el("h1"));
    add(h1, el("span", null, data.title));
    add(h1, el("span", "badge " + (BADGES.indexOf(data.badge) >= 0 ? data.badge : "other"), data.badgeText));
    var dl = add(page, el("dl", "header"));
    data.header.forEach(function (f) {
      add(dl, el("dt", null, f[0]));
      add(dl, el("dd", null, f[1]));
    });
    if (data.notes.length) {
      var notes = add(page, el("div", "notes"));
      notes.setAttribute("role", "note");
      data.notes.forEach(function (note) { add(notes, el("p", null, note)); });
    }
    var nav = add(page, el("nav"));
    var stats = data.sections.filter(function (x) { return x.id === "stats"; });
    var rest = data.sections.filter(function (x) { return x.id !== "stats"; });
    var parts = stats.concat([{ id: "timeline", title: "Timeline" }, { id: "rlm", title: "RLM" }], rest);
    parts.forEach(function (p) {
      var a = add(nav, el("a", null, p.title));
      a.setAttribute("href", "#" + p.id);
    });
    var expand = add(nav, el("button", null, "expand all"));
    expand.type = "button";
    expand.addEventListener("click", function () { setAll(true); });
    var collapse = add(nav, el("button", null, "collapse all"));
    collapse.type = "button";
    collapse.addEventListener("click", function () { setAll(false); });
    stats.forEach(function (sec) { renderSection(page, sec); });
    var filter = renderTimeline(page, data.timeline);
    var rlm = section(page, "rlm", "RLM runs (" + n(data.rlm.length) + ")");
    if (data.rlm.length === 0) add(rlm, el("p", "muted", "No RLM run in this journal."));
    else {
      var tree = add(add(rlm, el("div", "tree")), el("ul"));
      data.rlm.forEach(function (node) { add(tree, renderNode(node)); });
    }
    rest.forEach(function (sec) { renderSection(page, sec); });
    add(page, el("footer", null, data.footer));
    function honourHash() {
      hashParts().forEach(function (p) {
        if (p[0] === "expand-all") setAll(true);
        else filter(p[0], p[1]);
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
    fail(error && error.message ? error.message : String(error));
  }
})();
`;var K=`
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
`;var le=e=>`'sha256-${je("sha256").update(e).digest("base64")}'`;function Me(e){return JSON.stringify(e).replace(/</g,"\\u003c").replace(/>/g,"\\u003e").replace(/&/g,"\\u0026").replace(/\u2028/g,"\\u2028").replace(/\u2029/g,"\\u2029")}var Le=["default-src 'none'",`script-src ${le(G)}`,`style-src ${le(K)}`,"img-src data:","base-uri 'none'","form-action 'none'"].join("; ");function ut(e){return`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${Le}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Rivumi journal</title>
<style>${K}</style>
</head>
<body data-status="loading">
<p id="status" role="status">Loading the journal\u2026 (this page needs JavaScript to show it)</p>
<main id="page"></main>
<script type="application/json" id="rivumi-data">${Me(e)}</script>
<script>${G}</script>
</body>
</html>
`}var Be=10,ce=100,X=()=>({tokens:{...J},costUsd:void 0});function Y(e,t,n){D(e.tokens,t),n!==void 0&&(e.costUsd=(e.costUsd??0)+n)}function Ae(e,t){let n=V(e).map(r=>{let s=x(r.response),o=(r.attempt??1)>1?` attempt ${r.attempt}`:"";return{seq:(r.request??r.response)?.seq??0,what:`model turn ${r.turn??"?"}${o}`,model:r.model,ms:(r.response&&m(r.response,"ms"))??0,tokens:s,costUsd:L(r.response,s,t),error:r.response?p(r.response,"error"):"no response recorded"}});for(let r of e){let s=Z(r);if(!s)continue;let o=x(r);n.push({seq:r.seq,what:s.what,model:p(r,"model")??s.model,ms:m(r,"ms")??0,tokens:o,costUsd:L(r,o,t),error:p(r,"error")})}return n.sort((r,s)=>r.seq-s.seq)}function Z(e){let t=m(e,"depth")??0;switch(e.type){case"rlm.turn":return{what:`RLM depth ${t} turn ${m(e,"iteration")??"?"}`,model:"(RLM root turns)"};case"rlm.child_call":return{what:`RLM depth ${t} child ${p(e,"kind")??"call"}`,model:"(RLM child calls)"};case"review.batch":return{what:`review batch ${p(e,"id")??"?"}`,model:"(review batches)"};default:return}}function pe(e,t){let{events:n}=e,r=Ae(n,t),s=W(n),o=X();for(let c of r)Y(o,c.tokens,c.costUsd);let u=new Map,d;for(let c of n){let v=H(c.type),O=u.get(v)??{phase:v,events:0,ms:0,...X()};if(u.set(v,O),O.events++,c.time!==void 0&&(d!==void 0&&c.time>d&&(O.ms+=c.time-d),d=Math.max(d??c.time,c.time)),c.type==="model.response"||Z(c)){let N=x(c);Y(O,N,L(c,N,t))}}let a=new Map;for(let c of s){let v=a.get(c.name)??{tool:c.name,calls:0,errors:0,ms:0,bytes:0};a.set(c.name,v),v.calls++,(!c.result||c.result.fields.ok===!1)&&v.errors++,v.ms+=(c.result&&m(c.result,"ms"))??0,v.bytes+=(c.result&&m(c.result,"bytes"))??0}let i=new Map;for(let c of r){let v=i.get(c.model)??{model:c.model,requests:0,errors:0,ms:0,...X()};i.set(c.model,v),v.requests++,c.error&&v.errors++,v.ms+=c.ms,Y(v,c.tokens,c.costUsd)}let l=n.findLast(c=>c.type==="run.finished"),h=n.find(c=>c.time!==void 0)?.time,b=n.findLast(c=>c.time!==void 0)?.time,T=n.filter(U).map(ue),R=l&&m(l,"costUsd"),C=o.costUsd===void 0&&R!==void 0;if(C)for(let c of[...u.values(),...i.values()])c.costUsd===void 0&&Pe(c.tokens,o.tokens)&&(c.costUsd=R);return{events:n.length,ms:h!==void 0&&b!==void 0?b-h:(l&&m(l,"ms"))??0,modelRequests:r.filter(c=>c.what.startsWith("model turn")).length,toolCalls:s.length,rlmTurns:n.filter(c=>c.type==="rlm.turn").length,childCalls:n.filter(c=>c.type==="rlm.child_call").length,reviewBatches:n.filter(c=>c.type==="review.batch").length,reviewRepairs:n.filter(c=>c.type==="review.batch"&&ae(c,"repaired")===!0).length,negotiated:n.filter(c=>c.type==="model.negotiated").map(c=>`${p(c,"refused")??"?"} -> ${p(c,"instead")??"?"}`),spend:o,costUsd:C?R:o.costUsd,costFrom:C?"run.finished":o.costUsd!==void 0?"requests":void 0,recorded:l?{tokens:x(l),costUsd:R,ms:m(l,"ms")}:void 0,byPhase:[...u.values()],byTool:[...a.values()].sort((c,v)=>v.calls-c.calls||c.tool.localeCompare(v.tool)),byModel:[...i.values()].sort((c,v)=>v.requests-c.requests),slowest:[...r].sort((c,v)=>v.ms-c.ms).slice(0,Be),retries:n.filter(c=>c.type==="model.response"&&c.fields.willRetry===!0).map(ue),errors:T.slice(0,ce),moreErrors:Math.max(0,T.length-ce)}}function Pe(e,t){return e.input+e.output>0&&e.input===t.input&&e.output===t.output}function ue(e){let t=m(e,"status"),n=e.type==="model.response"?`model turn ${m(e,"turn")??"?"} attempt ${m(e,"attempt")??"?"}${t?` (HTTP ${t})`:""}`:e.type==="tool.result"?`tool ${p(e,"name")??"?"}`:Z(e)?.what??(e.type.startsWith("rlm.")?`RLM depth ${m(e,"depth")??0}`:p(e,"phase")??p(e,"target")??p(e,"command")??""),r=p(e,"error")??(e.type==="context.reload_rejected"?JSON.stringify(e.fields.rejected??[]):p(e,"reason")??p(e,"conclusion")??"failed");return{seq:e.seq,type:e.type,what:n,error:r}}var Q=e=>e?I(e):"-",fe=(e,t)=>Array.from({length:t},(n,r)=>e+r),me=e=>e===void 0?"-":$(e),k=(e,t=120)=>se(e,t).replace(/\r?\n/g,"\u23CE");function F(e,t,n){let r=e.map((o,u)=>Math.max(o.length,...t.map(d=>(d[u]??"").length))),s=o=>o.map((u,d)=>n.includes(d)?u.padStart(r[d]??0):u.padEnd(r[d]??0)).join("  ").trimEnd();return[s(e),...t.map(s)].map(o=>`  ${o}`)}function _e(e){return e.costUsd===void 0?"- (no cost recorded: pass --prices IN,OUT to price it)":e.costFrom==="run.finished"?`${$(e.costUsd)} (as the run recorded it)`:$(e.costUsd)}function ee(e){let t=e.recorded?.ms;return t!==void 0&&Math.abs(t-e.ms)>=Math.max(100,e.ms/100)?`${y(e.ms)} (${y(t)} to the outcome, then publishing)`:y(e.ms)}function vt(e,t){let n=[`${k(e.path,400)}: ${f(t.events)} events`];for(let o of e.notes)n.push(`note: ${o}`);n.push("",`time      ${ee(t)}`,`requests  ${f(t.modelRequests)} model, ${f(t.toolCalls)} tool calls, ${f(t.rlmTurns)} RLM turns, ${f(t.childCalls)} RLM child calls${t.reviewBatches?`, ${f(t.reviewBatches)} review batches${t.reviewRepairs?` (${f(t.reviewRepairs)} repaired: one more request each)`:""}`:""}`,...t.negotiated.length>0?[`refused   ${k(t.negotiated.join("; "),400)}`]:[],`tokens    ${Q(t.spend.tokens)}`,`cost      ${_e(t)}`),t.recorded&&n.push(`recorded  ${Q(t.recorded.tokens)}${t.recorded.costUsd!==void 0?` \xB7 ${$(t.recorded.costUsd)}`:""} (run.finished)`),n.push("","by phase");let r=M(t.byPhase),s=["phase","events","time",...B(r),"cost"];if(n.push(...F(s,t.byPhase.map(o=>[k(o.phase,40),f(o.events),y(o.ms),...A(o.tokens,r),me(o.costUsd)]),fe(1,s.length-1))),t.byTool.length>0&&(n.push("","by tool"),n.push(...F(["tool","calls","errors","time","output"],t.byTool.map(o=>[k(o.tool,40),f(o.calls),f(o.errors),y(o.ms),S(o.bytes)]),[1,2,3,4]))),t.byModel.length>0){n.push("","by model");let o=M(t.byModel),u=["model","requests","errors","time",...B(o),"cost"];n.push(...F(u,t.byModel.map(d=>[k(d.model,60),f(d.requests),f(d.errors),y(d.ms),...A(d.tokens,o),me(d.costUsd)]),fe(1,u.length-1)))}t.slowest.length>0&&(n.push("","slowest requests"),n.push(...F(["seq","time","request","model","tokens"],t.slowest.map(o=>[String(o.seq),y(o.ms),k(o.what,60),k(o.model,60),o.error?`error: ${k(o.error,80)}`:Q(o.tokens)]),[0,1]))),n.push("",`retries: ${f(t.retries.length)}`);for(let o of t.retries)n.push(`  seq ${o.seq}  ${k(o.what,60)}: ${k(o.error)}`);n.push("",`errors: ${f(t.errors.length+t.moreErrors)}`);for(let o of t.errors)n.push(`  seq ${o.seq}  ${k(o.type,40)}  ${k(o.what,60)}: ${k(o.error)}`);return t.moreErrors>0&&n.push(`  \u2026 and ${f(t.moreErrors)} more`),n.join(`
`)}import{basename as qe}from"node:path";var P=200,Ue=120,Ne=new Set(["v","seq","ts","type"]),q=e=>`${I(e)} tokens`;function he(e,t){let n=new Map;for(let d of V(e))n.set(d.request??d.response,d);let r=new Map;for(let d of W(e))r.set(d.call??d.result,d);let s=e.find(d=>d.time!==void 0)?.time,o=[],u=0;for(let d of e){let a=n.get(d),i=r.get(d);if((d.type==="model.response"||d.type==="tool.result")&&!a&&!i)continue;if(o.length>=t.maxRows){u++;continue}let h=d.time!==void 0&&s!==void 0?`+${y(d.time-s)}`:"",b={seq:d.seq,at:h,phase:t.budget.take(H(d.type),40)};a?o.push({...b,...ze(a,t)}):i?o.push({...b,...De(i,t)}):o.push({...b,...He(d,t)})}return{rows:o,omitted:u}}function ze(e,{budget:t,prices:n,requests:r}){let s=e.response,o=e.request,u=x(s),d=L(s,u,n),a=s?m(s,"toolCalls"):void 0,i=[s?y(m(s,"ms")??0):"no response recorded",u?q(u):"",d!==void 0?$(d):"",a===void 0?"":a===0?"final answer":`${f(a)} tool call(s)`,s&&p(s,"finishReason")?`finish ${p(s,"finishReason")}`:"",o&&m(o,"messages")!==void 0?`${f(m(o,"messages")??0)} messages, ${S(m(o,"bytes")??0)}`:"",e.model],l=s?m(s,"status"):void 0,h=s&&p(s,"error"),b=(e.attempt??1)>1?` \xB7 attempt ${e.attempt}`:"";return{kind:"model",title:t.take(`model \xB7 turn ${e.turn??"?"}${b}`,P),detail:t.take(i.filter(Boolean).join(" \xB7 "),P*2),error:h?t.take(`${l?`HTTP ${l}: `:""}${h}${s?.fields.willRetry===!0?" (retried)":""}`):"",texts:r?Je(r,e,t):[]}}function Je(e,t,n){let r=t.request&&m(t.request,"requestsSeq");if(r===void 0)return[];let s=(t.attempt??1)>1?[]:(e.added(r)??[]).map(d=>({label:n.take(`sent \xB7 ${d.role}`,40),text:n.take(Ie(d))})),u=t.response!==void 0&&p(t.response,"error")===void 0?e.reply(r):void 0;if(u){let d=u.toolCalls.map(a=>`${a.name}(${a.arguments})`).join(`
`);s.push({label:"reply",text:n.take([u.content,d].filter(Boolean).join(`
`)||"(empty)")})}return s}function Ie(e){let t=typeof e.content=="string"?e.content:e.content?JSON.stringify(e.content):"",n=e.role==="assistant"?(e.tool_calls??[]).map(r=>r.type==="function"?`${r.function.name}(${r.function.arguments})`:r.type):[];return[t,...n].filter(Boolean).join(`
`)||"(empty)"}function De(e,{budget:t}){let n=e.result,r=n?.fields.ok,s=[n?r===!1?"failed":"ok":"no result recorded",n?y(m(n,"ms")??0):"",n&&m(n,"bytes")!==void 0?`output ${S(m(n,"bytes")??0)}`:"",e.call&&m(e.call,"turn")!==void 0?`turn ${m(e.call,"turn")}`:""],o=e.call?g(e.call.fields.arguments):"";return{kind:"tool",title:t.take(`tool \xB7 ${e.name}`,P),detail:t.take(s.filter(Boolean).join(" \xB7 "),P),error:n&&(r===!1||p(n,"error"))?t.take(p(n,"error")??"failed"):"",texts:o?[{label:"arguments",text:t.take(ge(o)),code:!0}]:[]}}function He(e,{budget:t}){let n=[],r=[];for(let[o,u]of Object.entries(e.fields)){if(Ne.has(o)||u===void 0||o==="error"&&U(e))continue;let d=o.toLowerCase().endsWith("usage")?x(e,o):void 0,a=d?q(d):g(u);e.type==="rlm.cell"&&(o==="code"||o==="output")||(a.length>Ue||a.includes(`
`)||Ve(u)?r.push({label:t.take(o,80),text:t.take(ge(a))}):n.push(`${o} ${a}`))}let s=z(e.fields.url);return{kind:t.take(te(e.type),40),title:t.take(e.type,P),detail:t.take(n.join(" \xB7 "),P*3),error:U(e)?t.take(We(e)):"",texts:r,...s?{href:s}:{}}}var Ve=e=>typeof e=="object"&&e!==null&&Object.keys(e).length>4;function We(e){let t=p(e,"error");return t||(e.type==="context.reload_rejected"?g(e.fields.rejected):p(e,"reason")??p(e,"conclusion")??"failed")}function ge(e){let t=e.trim();if(!(t.startsWith("{")||t.startsWith("["))||e.length>2e5)return e;try{return JSON.stringify(JSON.parse(t),null,2)}catch{return e}}function te(e){let t=e.includes(".")?e.slice(0,e.indexOf(".")):e;return["run","trigger","plan","workspace"].includes(t)?"run":["instructions","context","prompt","skills"].includes(t)?"context":t}var Fe=4e3,Ge=2e3,ne=3,Ke=5;function ye(e,t){let n=[],r=[],s=[],o=a=>{let i=r.findLast(l=>l.depth===a);return i||u(a,"start not recorded")},u=(a,i)=>{for(;(r.at(-1)?.depth??-1)>=a;)r.pop();let l={depth:a,view:{title:`RLM \xB7 depth ${a}`,detail:t.take(i,400),error:"",turns:[]},turns:[]},h=r.at(-1)?.turns.at(-1);return h&&r.at(-1)?.depth===a-1?h.view.nested.push(l.view):n.push(l.view),r.push(l),s.push(l),l},d=a=>a.turns.at(-1)??ve(a,"before the first turn");for(let a of e){if(!a.type.startsWith("rlm."))continue;let i=m(a,"depth")??0;switch(a.type){case"rlm.started":u(i,[`input ${f(m(a,"inputChars")??0)} chars`,p(a,"isolation")?`isolation ${p(a,"isolation")}`:"",p(a,"python")?`python ${p(a,"python")}`:""].filter(Boolean).join(" \xB7 "));break;case"rlm.turn":{let l=x(a),h=ve(o(i),`turn ${m(a,"iteration")??"?"}`);h.view.detail=t.take([p(a,"outcome")??"",y(m(a,"ms")??0),l?q(l):"",`prompt ${f(m(a,"promptChars")??0)} chars`].filter(Boolean).join(" \xB7 "),400),p(a,"error")&&(h.view.error=t.take(p(a,"error")));break}case"rlm.cell":Xe(d(o(i)),a,t);break;case"rlm.child_call":Ye(d(o(i)),a);break;case"rlm.finished":{let l=o(i),h=x(a);l.view.detail=t.take([l.view.detail,`${f(m(a,"iterations")??l.turns.length)} turns`,`${f(m(a,"childCalls")??0)} child calls`,a.fields.finalized===!0?"finalized":"not finalized",p(a,"reason")?`reason ${p(a,"reason")}`:"",h?`root ${q(h)}`:""].filter(Boolean).join(" \xB7 "),600),a.fields.finalized===!1&&(l.view.error=t.take(p(a,"reason")??"")),r.splice(r.indexOf(l));break}}}for(let a of s)for(let i of a.turns)i.view.batches=i.batches.map(l=>Ze(l,t));return n}function ve(e,t){let n={view:{title:t,detail:"",error:"",texts:[],batches:[],nested:[]},batches:[]};return e.turns.push(n),e.view.turns.push(n.view),n}function Xe(e,t,n){let r=[t.fields.finalized===!0?"finalized":"",t.fields.lost===!0?"REPL lost":""].filter(Boolean);e.view.detail=[e.view.detail,n.take(`cell ${y(m(t,"ms")??0)}, printed ${f(m(t,"stdoutChars")??0)} chars${r.length?`, ${r.join(", ")}`:""}`,200)].filter(Boolean).join(" \xB7 ");let s=p(t,"code"),o=p(t,"output");s!==void 0&&e.view.texts.push({label:"code",text:n.take(s,Fe),code:!0}),o&&e.view.texts.push({label:"output",text:n.take(o,Ge),code:!0});let u=p(t,"error");u&&(e.view.error=n.take(u))}function Ye(e,t){let n=m(t,"ms")??0,r=t.time??0,s=r-n,o=p(t,"kind")??"call",u=e.batches.at(-1),d=u!==void 0&&u.kind===o&&(s<=u.start+Ke||s<u.firstEnd),a=d?u:{kind:o,calls:0,failed:0,start:s,end:r,firstEnd:r,sumMs:0,tokens:{...J},errors:[]};d||e.batches.push(a),a.calls++,a.start=Math.min(a.start,s),a.end=Math.max(a.end,r),a.firstEnd=Math.min(a.firstEnd,r),a.sumMs+=n,D(a.tokens,x(t)),t.fields.ok===!1&&(a.failed++,a.errors.push(p(t,"error")??"failed"))}function Ze(e,t){let n=e.errors.slice(0,ne).map(r=>t.take(r,400));return e.errors.length>ne&&n.push(`\u2026 and ${f(e.errors.length-ne)} more`),{title:t.take(`${f(e.calls)} \xD7 ${e.kind}`,120),detail:[e.calls>1?`fan-out ${f(e.calls)}`:"one call",`wall ${y(e.end-e.start)}`,e.calls>1?`sum ${y(e.sumMs)}`:"",q(e.tokens),e.failed>0?`${f(e.failed)} failed`:""].filter(Boolean).join(" \xB7 "),errors:n}}var j=e=>Array.isArray(e)?e.filter(t=>typeof t=="object"&&t!==null&&!Array.isArray(t)):[],E=e=>Array.isArray(e)?e.map(t=>g(t)):e===void 0?[]:[g(e)],we=e=>typeof e=="number"?S(e):"";function be(e,t){return{id:"prompt",title:"Prompt sections",empty:"No prompt.built event: this run assembled no agent prompt.",tables:e.filter(r=>r.type==="prompt.built").map(r=>({caption:t.take(`seq ${r.seq} \xB7 ${we(r.fields.bytes)} \xB7 cache key ${p(r,"cacheKey")?.slice(0,16)??"?"} (${r.fields.cacheKeySent===!0?"sent":"not sent"})`,300),columns:["section","version","stability","sources","size","sha256"],numeric:[1,4],rows:j(r.fields.sections).map(s=>[s.id,s.version,s.stability,E(s.sources).join(", "),we(s.bytes),g(s.sha256).slice(0,16)].map(o=>t.take(o,400)))}))}}function xe(e,t){let n=[];for(let r of e.filter(s=>s.type==="instructions.resolved")){let s=r.fields.diagnostics??{},o=(i,l=400)=>t.take(i,l);n.push({caption:o(`seq ${r.seq} \xB7 from ${p(r,"from")??"?"}${s.layering==="stack"?" \xB7 layers stacked":""}${s.truncated===!0?` \xB7 rendered instructions were cut to fit their budget${E(s.cut).length?`: ${E(s.cut).join(", ")} not shown in full`:""}`:""}`),columns:["document","layer","status","reason","size","governs","sha256"],numeric:[4],rows:j(s.documents).map(i=>{let l=E(i.by),h=`${g(i.reason)}${l.length?` by ${l.join(", ")}`:""}`;return[o(i.path),o(i.layer,40),i.status==="rejected"?{text:o(i.status,40),error:!0}:o(i.status,40),o(h),typeof i.bytes=="number"?S(i.bytes):"",o(E(i.governs).join(", ")),o(g(i.sha256).slice(0,16),40)]})});let u=j(s.directories);u.length>0&&n.push({caption:"active directories",columns:["directory","governed by"],rows:u.map(i=>[o(i.dir),o(E(i.layers).length>0?E(i.layers).join(", "):i.active??"(none)")])});let d=j(r.fields.skills).map(i=>[o(i.name),o(i.path),""]),a=j(r.fields.rejectedSkills).map(i=>["",o(i.path),{text:o(i.reason),error:!0}]);d.length+a.length>0&&n.push({caption:"skills",columns:["skill","path","rejected because"],rows:[...d,...a]})}return{id:"instructions",title:"Instructions",empty:"No instructions.resolved event: this run read no instruction documents.",tables:n}}function ke(e,t){let n=(s,o=400)=>t.take(s,o),r=[];for(let s of e)if(s.type==="memory.loaded"){let o=E(s.fields.ids);r.push([n(s.type,60),n(p(s,"source")),`${f(m(s,"selected")??0)} selected of ${f(m(s,"loaded")??0)} rows, ${f(m(s,"skipped")??0)} skipped`,n(o.length?o.join(", "):s.fields.ids===void 0?"(ids not recorded)":"(none)",4e3)])}else if(s.type.startsWith("memory.")){let{type:o,v:u,seq:d,ts:a,...i}=s.fields,l=p(s,"error");r.push([n(s.type,60),n(p(s,"source")??p(s,"command")??""),l?{text:n(l),error:!0}:n(p(s,"reason")??p(s,"conclusion")??""),n(g(i),600)])}return{id:"memory",title:"Memory",empty:"No memory events: this run did not read the memory store.",tables:r.length?[{columns:["event","source","what","details / ids"],rows:r}]:[]}}function $e(e,t,n){let r=(l,h=400)=>n.take(l,h),s=e.filter(l=>l.type==="review.findings"),o=j(t?.review?.findings),u=s.at(-1),d=u?j(u.fields.findings):o,a=d.map(l=>{let h=l.start_line!==void 0?`${g(l.start_line)}-${g(l.line)}`:g(l.line),b=l.posted??l.where??l.placement??l.target,T=z(l.url),R=s.length?b===void 0?"":g(b):"not recorded";return[r(l.severity,40),r(`${g(l.path)}${h?`:${h}`:""}`),T?{text:r(R||"link",200),href:T}:r(R,200),r(l.body??l.title??l.message,4e3)]}),i=s.length?[]:o.length?["From result.json beside the journal: this journal has no review.findings event, so where each finding was posted is not known."]:[];return{id:"findings",title:`Findings (${f(d.length)})`,empty:"No findings recorded (no review.findings event, and no result.json with findings beside the journal).",notes:i,tables:a.length?[{columns:["severity","where in the code","posted","finding"],rows:a}]:[]}}var Te=e=>e===void 0?"":$(e),Re=(e,t)=>Array.from({length:t-e},(n,r)=>e+r);function Se(e,t){let n=(i,l=200)=>t.take(i,l),r=M(e.byPhase),s=["phase","events","time",...B(r),"cost"],o=M(e.byModel),u=["model","requests","errors","time",...B(o),"cost"],d=new Set(e.retries.map(i=>i.seq)),a=[...e.retries,...e.errors.filter(i=>!d.has(i.seq))].sort((i,l)=>i.seq-l.seq).map(i=>[String(i.seq),n(i.type,60),n(i.what),d.has(i.seq)?n(`${i.error} (retried)`,1e3):{text:n(i.error,1e3),error:!0}]);return{id:"stats",title:"Where the time and tokens went",notes:e.moreErrors>0?[`${f(e.moreErrors)} more errors are not listed.`]:[],tables:[{caption:"by phase (time: from the event before to each event of the phase)",columns:s,numeric:Re(1,s.length),rows:e.byPhase.map(i=>[n(i.phase,60),f(i.events),y(i.ms),...A(i.tokens,r),Te(i.costUsd)])},{caption:"by model",columns:u,numeric:Re(1,u.length),rows:e.byModel.map(i=>[n(i.model),f(i.requests),f(i.errors),y(i.ms),...A(i.tokens,o),Te(i.costUsd)])},{caption:"by tool",columns:["tool","calls","errors","time","output"],numeric:[1,2,3,4],rows:e.byTool.map(i=>[n(i.tool),f(i.calls),f(i.errors),y(i.ms),S(i.bytes)])},{caption:"slowest requests",columns:["seq","request","model","time","tokens"],numeric:[0,3],rows:e.slowest.map(i=>[String(i.seq),n(i.what),n(i.model),y(i.ms),i.error?{text:n(i.error,400),error:!0}:i.tokens?`${f(i.tokens.input)} in / ${f(i.tokens.output)} out${de(i.tokens)}`:""])},{caption:`retries (${f(e.retries.length)}) and errors (${f(e.errors.length+e.moreErrors)})`,columns:["seq","event","what","error"],numeric:[0],rows:a}].filter(i=>i.rows.length>0)}}var Qe=2e6,et=1e4;function Jt(e,t={}){let n=new ie(t.totalChars??Qe),{events:r}=e,s=pe(e,t.prices),o=nt(e,s,n),u=[Se(s,n),be(r,n),xe(r,n),ke(r,n),$e(r,t.result,n)],d=ye(r,n),a=he(r,{budget:n,prices:t.prices,maxRows:t.maxRows??et,requests:t.requests}),i=[...e.notes,...t.requests?.notes??[]].map(h=>n.take(h,1e3));a.omitted>0&&i.push(`The timeline lists the first ${f(a.rows.length)} rows; ${f(a.omitted)} later events are left out (the statistics count them).`),n.cutValues>0&&i.push(`This page holds at most about ${f(n.total)} characters of journal text: ${f(n.cutValues)} later values are shown only in part (${f(n.cutChars)} characters left out). 'rivumi journal stats' and the journal file have everything.`);let l=new Map;for(let h of a.rows)l.set(h.kind,(l.get(h.kind)??0)+1);return{...o,notes:i,timeline:{rows:a.rows,kinds:[...l],events:r.length},rlm:d,sections:u,footer:n.take(`Made by ${t.generator??"rivumi"} from ${qe(e.path)} (${f(r.length)} events). Every value in this page comes from the journal and is shown as text.`,1e3)}}var tt=["success","partial","failure","skipped","refused"];function nt(e,t,n){let{events:r}=e,s=w=>r.find(_=>_.type===w),o=w=>r.findLast(_=>_.type===w),u=s("run.started"),d=s("trigger.parsed"),a=s("plan.decided"),i=o("run.finished"),l=o("run.failed"),h=d?.fields.detail??{},b=d&&p(d,"kind"),T=typeof h.number=="number"&&(b==="pull_request"||h.pr===!0)?h.number:void 0,R=(a&&p(a,"action"))??te(r[0]?.type??"run"),C=i&&p(i,"conclusion"),c=C?tt.find(w=>w===C)??"other":l?"failure":"unfinished",v=new Set;for(let w of r)(w.type==="model.request"||w.type==="rlm.child_call")&&p(w,"model")&&v.add(p(w,"model"));let O=r.find(w=>w.time!==void 0)?.time,N=t.modelRequests+t.rlmTurns+t.childCalls+t.reviewBatches>0,re=x(i)??(N?t.spend.tokens:void 0),oe=t.costUsd,Ee=st(i,o("review.coverage")),Ce=[["Trigger",d||u?rt(u&&p(u,"event"),b,h):""],["Pull request",T!==void 0?`#${T}${h.fork===!0?" (from a fork)":""}`:""],["Plan",a?`${R}, ${a.fields.trusted===!0?"trusted":"untrusted"}: ${g(a.fields.reason)}`:""],["Model",[...v].join(", ")],["Conclusion",ot(i,l)],["Started",O!==void 0?new Date(O).toISOString().replace("T"," ").replace(/\.\d+Z$/," UTC"):""],["Time",ee(t)],["Tokens",re?q(re):""],["Cost",oe!==void 0?$(oe):"unknown (no cost recorded; pass --prices IN,OUT)"],["Coverage",Ee??""],["Rivumi",u?`${g(u.fields.version)} \xB7 ${g(u.fields.mode)} \xB7 run ${g(u.fields.runId)} attempt ${g(u.fields.attempt)}`:""],["Journal",`${qe(e.path)} \xB7 ${f(r.length)} events \xB7 schema ${[...e.versions.keys()].map(w=>`v${w}`).join(", ")||"not recorded"}`]],Oe=`Rivumi ${R}${T!==void 0?` of #${T}`:""}`;return{title:n.take(Oe,200),badge:c,badgeText:n.take(C??(l?"failed":"unfinished"),60),header:Ce.filter(([,w])=>g(w)!=="").map(([w,_])=>[w,n.take(_,600)])}}function rt(e,t,n){let r=typeof n.action=="string"?` ${n.action}`:"",s=`${e??t??"?"}${r}${t&&t!==e?` (${t})`:""}`,o=Object.entries(n).filter(([u,d])=>!["number","action","event"].includes(u)&&d!==null&&typeof d!="object").map(([u,d])=>{let a=g(d);return`${u} ${/^[0-9a-f]{40,64}$/.test(a)?a.slice(0,12):a}`});return[s,...o].join(" \xB7 ")}function ot(e,t){return e?`${g(e.fields.conclusion)} (stop: ${g(e.fields.stop)})`:t?`failed in ${g(t.fields.phase)}: ${g(t.fields.error)}`:"not recorded: no run.finished event (the run was killed, or is still going)"}function st(...e){for(let t of e){if(!t)continue;let n=t.type==="review.coverage"?t.fields.coverage??t.fields:t.fields.coverage;if(n==null)continue;if(typeof n=="string")return n;let r=n;if(typeof r.line=="string")return r.line;let s=r.hunks;return s&&typeof s.total=="number"?`${f(Number(s.examined??0))} of ${f(s.total)} hunks examined`:g(n)}}export{ut as a,pe as b,vt as c,Jt as d};
