#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as v,b as le,c as N,d as de,e as d,f as w,g as R,h as E,i as V,j as ce,k as ue,l as pe,n as m,o as f,p as k,q as U,r as L,s as _,t as I,u as J,v as A}from"./chunk-TXEHBTMS.js";import"./chunk-6IKM6DCP.js";import{b as ie,c as B,d as ae}from"./chunk-S4F4RKHZ.js";import{a as se}from"./chunk-2QSSA2FW.js";import{a as S}from"./chunk-6CPL2PRN.js";import"./chunk-NYHJJLY3.js";import"./chunk-4ADGFKRA.js";import{accessSync as ft,constants as mt,statSync as ht,writeFileSync as gt}from"node:fs";import{basename as vt,dirname as wt,join as yt,resolve as Le}from"node:path";import{createHash as Ie}from"node:crypto";var W=`
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
`;var G=`
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
`;var fe=e=>`'sha256-${Ie("sha256").update(e).digest("base64")}'`;function Je(e){return JSON.stringify(e).replace(/</g,"\\u003c").replace(/>/g,"\\u003e").replace(/&/g,"\\u0026").replace(/\u2028/g,"\\u2028").replace(/\u2029/g,"\\u2029")}var ze=["default-src 'none'",`script-src ${fe(W)}`,`style-src ${fe(G)}`,"img-src data:","base-uri 'none'","form-action 'none'"].join("; ");function me(e){return`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${ze}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Rivumi journal</title>
<style>${G}</style>
</head>
<body data-status="loading">
<p id="status" role="status">Loading the journal\u2026 (this page needs JavaScript to show it)</p>
<main id="page"></main>
<script type="application/json" id="rivumi-data">${Je(e)}</script>
<script>${W}</script>
</body>
</html>
`}import{basename as je}from"node:path";var P=200,De=120,He=new Set(["v","seq","ts","type"]),O=e=>`${d(e.input)} in / ${d(e.output)} out / ${d(e.cached)} cached tokens`;function he(e,t){let n=new Map;for(let a of I(e))n.set(a.request??a.response,a);let r=new Map;for(let a of J(e))r.set(a.call??a.result,a);let s=e.find(a=>a.time!==void 0)?.time,o=[],l=0;for(let a of e){let i=n.get(a),u=r.get(a);if((a.type==="model.response"||a.type==="tool.result")&&!i&&!u)continue;if(o.length>=t.maxRows){l++;continue}let h=a.time!==void 0&&s!==void 0?`+${w(a.time-s)}`:"",b={seq:a.seq,at:h,phase:t.budget.take(_(a.type),40)};i?o.push({...b,...Ve(i,t)}):u?o.push({...b,...Ke(u,t)}):o.push({...b,...Fe(a,t)})}return{rows:o,omitted:l}}function Ve(e,{budget:t,prices:n,requests:r}){let s=e.response,o=e.request,l=k(s),a=L(s,l,n),i=s?m(s,"toolCalls"):void 0,u=[s?w(m(s,"ms")??0):"no response recorded",l?O(l):"",a!==void 0?E(a):"",i===void 0?"":i===0?"final answer":`${d(i)} tool call(s)`,s&&f(s,"finishReason")?`finish ${f(s,"finishReason")}`:"",o&&m(o,"messages")!==void 0?`${d(m(o,"messages")??0)} messages, ${R(m(o,"bytes")??0)}`:"",e.model],c=s?m(s,"status"):void 0,h=s&&f(s,"error"),b=(e.attempt??1)>1?` \xB7 attempt ${e.attempt}`:"";return{kind:"model",title:t.take(`model \xB7 turn ${e.turn??"?"}${b}`,P),detail:t.take(u.filter(Boolean).join(" \xB7 "),P*2),error:h?t.take(`${c?`HTTP ${c}: `:""}${h}${s?.fields.willRetry===!0?" (retried)":""}`):"",texts:r?We(r,e,t):[]}}function We(e,t,n){let r=t.request&&m(t.request,"requestsSeq");if(r===void 0)return[];let s=(t.attempt??1)>1?[]:(e.added(r)??[]).map(a=>({label:n.take(`sent \xB7 ${a.role}`,40),text:n.take(Ge(a))})),l=t.response!==void 0&&f(t.response,"error")===void 0?e.reply(r):void 0;if(l){let a=l.toolCalls.map(i=>`${i.name}(${i.arguments})`).join(`
`);s.push({label:"reply",text:n.take([l.content,a].filter(Boolean).join(`
`)||"(empty)")})}return s}function Ge(e){let t=typeof e.content=="string"?e.content:e.content?JSON.stringify(e.content):"",n=e.role==="assistant"?(e.tool_calls??[]).map(r=>r.type==="function"?`${r.function.name}(${r.function.arguments})`:r.type):[];return[t,...n].filter(Boolean).join(`
`)||"(empty)"}function Ke(e,{budget:t}){let n=e.result,r=n?.fields.ok,s=[n?r===!1?"failed":"ok":"no result recorded",n?w(m(n,"ms")??0):"",n&&m(n,"bytes")!==void 0?`output ${R(m(n,"bytes")??0)}`:"",e.call&&m(e.call,"turn")!==void 0?`turn ${m(e.call,"turn")}`:""],o=e.call?v(e.call.fields.arguments):"";return{kind:"tool",title:t.take(`tool \xB7 ${e.name}`,P),detail:t.take(s.filter(Boolean).join(" \xB7 "),P),error:n&&(r===!1||f(n,"error"))?t.take(f(n,"error")??"failed"):"",texts:o?[{label:"arguments",text:t.take(ge(o)),code:!0}]:[]}}function Fe(e,{budget:t}){let n=[],r=[];for(let[o,l]of Object.entries(e.fields)){if(He.has(o)||l===void 0||o==="error"&&A(e))continue;let a=o.toLowerCase().endsWith("usage")?k(e,o):void 0,i=a?O(a):v(l);e.type==="rlm.cell"&&(o==="code"||o==="output")||(i.length>De||i.includes(`
`)||Ye(l)?r.push({label:t.take(o,80),text:t.take(ge(i))}):n.push(`${o} ${i}`))}let s=N(e.fields.url);return{kind:t.take(K(e.type),40),title:t.take(e.type,P),detail:t.take(n.join(" \xB7 "),P*3),error:A(e)?t.take(Xe(e)):"",texts:r,...s?{href:s}:{}}}var Ye=e=>typeof e=="object"&&e!==null&&Object.keys(e).length>4;function Xe(e){let t=f(e,"error");return t||(e.type==="context.reload_rejected"?v(e.fields.rejected):f(e,"reason")??f(e,"conclusion")??"failed")}function ge(e){let t=e.trim();if(!(t.startsWith("{")||t.startsWith("["))||e.length>2e5)return e;try{return JSON.stringify(JSON.parse(t),null,2)}catch{return e}}function K(e){let t=e.includes(".")?e.slice(0,e.indexOf(".")):e;return["run","trigger","plan","workspace"].includes(t)?"run":["instructions","context","prompt","skills"].includes(t)?"context":t}var Ze=4e3,Qe=2e3,F=3,et=5;function we(e,t){let n=[],r=[],s=[],o=i=>{let u=r.findLast(c=>c.depth===i);return u||l(i,"start not recorded")},l=(i,u)=>{for(;(r.at(-1)?.depth??-1)>=i;)r.pop();let c={depth:i,view:{title:`RLM \xB7 depth ${i}`,detail:t.take(u,400),error:"",turns:[]},turns:[]},h=r.at(-1)?.turns.at(-1);return h&&r.at(-1)?.depth===i-1?h.view.nested.push(c.view):n.push(c.view),r.push(c),s.push(c),c},a=i=>i.turns.at(-1)??ve(i,"before the first turn");for(let i of e){if(!i.type.startsWith("rlm."))continue;let u=m(i,"depth")??0;switch(i.type){case"rlm.started":l(u,[`input ${d(m(i,"inputChars")??0)} chars`,f(i,"isolation")?`isolation ${f(i,"isolation")}`:"",f(i,"python")?`python ${f(i,"python")}`:""].filter(Boolean).join(" \xB7 "));break;case"rlm.turn":{let c=k(i),h=ve(o(u),`turn ${m(i,"iteration")??"?"}`);h.view.detail=t.take([f(i,"outcome")??"",w(m(i,"ms")??0),c?O(c):"",`prompt ${d(m(i,"promptChars")??0)} chars`].filter(Boolean).join(" \xB7 "),400),f(i,"error")&&(h.view.error=t.take(f(i,"error")));break}case"rlm.cell":tt(a(o(u)),i,t);break;case"rlm.child_call":rt(a(o(u)),i);break;case"rlm.finished":{let c=o(u),h=k(i);c.view.detail=t.take([c.view.detail,`${d(m(i,"iterations")??c.turns.length)} turns`,`${d(m(i,"childCalls")??0)} child calls`,i.fields.finalized===!0?"finalized":"not finalized",f(i,"reason")?`reason ${f(i,"reason")}`:"",h?`root ${O(h)}`:""].filter(Boolean).join(" \xB7 "),600),i.fields.finalized===!1&&(c.view.error=t.take(f(i,"reason")??"")),r.splice(r.indexOf(c));break}}}for(let i of s)for(let u of i.turns)u.view.batches=u.batches.map(c=>nt(c,t));return n}function ve(e,t){let n={view:{title:t,detail:"",error:"",texts:[],batches:[],nested:[]},batches:[]};return e.turns.push(n),e.view.turns.push(n.view),n}function tt(e,t,n){let r=[t.fields.finalized===!0?"finalized":"",t.fields.lost===!0?"REPL lost":""].filter(Boolean);e.view.detail=[e.view.detail,n.take(`cell ${w(m(t,"ms")??0)}, printed ${d(m(t,"stdoutChars")??0)} chars${r.length?`, ${r.join(", ")}`:""}`,200)].filter(Boolean).join(" \xB7 ");let s=f(t,"code"),o=f(t,"output");s!==void 0&&e.view.texts.push({label:"code",text:n.take(s,Ze),code:!0}),o&&e.view.texts.push({label:"output",text:n.take(o,Qe),code:!0});let l=f(t,"error");l&&(e.view.error=n.take(l))}function rt(e,t){let n=m(t,"ms")??0,r=t.time??0,s=r-n,o=f(t,"kind")??"call",l=e.batches.at(-1),a=l!==void 0&&l.kind===o&&(s<=l.start+et||s<l.firstEnd),i=a?l:{kind:o,calls:0,failed:0,start:s,end:r,firstEnd:r,sumMs:0,tokens:{input:0,output:0,cached:0},errors:[]};a||e.batches.push(i),i.calls++,i.start=Math.min(i.start,s),i.end=Math.max(i.end,r),i.firstEnd=Math.min(i.firstEnd,r),i.sumMs+=n,U(i.tokens,k(t)),t.fields.ok===!1&&(i.failed++,i.errors.push(f(t,"error")??"failed"))}function nt(e,t){let n=e.errors.slice(0,F).map(r=>t.take(r,400));return e.errors.length>F&&n.push(`\u2026 and ${d(e.errors.length-F)} more`),{title:t.take(`${d(e.calls)} \xD7 ${e.kind}`,120),detail:[e.calls>1?`fan-out ${d(e.calls)}`:"one call",`wall ${w(e.end-e.start)}`,e.calls>1?`sum ${w(e.sumMs)}`:"",O(e.tokens),e.failed>0?`${d(e.failed)} failed`:""].filter(Boolean).join(" \xB7 "),errors:n}}var C=e=>Array.isArray(e)?e.filter(t=>typeof t=="object"&&t!==null&&!Array.isArray(t)):[],z=e=>Array.isArray(e)?e.map(t=>v(t)):e===void 0?[]:[v(e)],ye=e=>typeof e=="number"?R(e):"";function be(e,t){return{id:"prompt",title:"Prompt sections",empty:"No prompt.built event: this run assembled no agent prompt.",tables:e.filter(r=>r.type==="prompt.built").map(r=>({caption:t.take(`seq ${r.seq} \xB7 ${ye(r.fields.bytes)} \xB7 cache key ${f(r,"cacheKey")?.slice(0,16)??"?"} (${r.fields.cacheKeySent===!0?"sent":"not sent"})`,300),columns:["section","version","stability","sources","size","sha256"],numeric:[1,4],rows:C(r.fields.sections).map(s=>[s.id,s.version,s.stability,z(s.sources).join(", "),ye(s.bytes),v(s.sha256).slice(0,16)].map(o=>t.take(o,400)))}))}}function xe(e,t){let n=[];for(let r of e.filter(s=>s.type==="instructions.resolved")){let s=r.fields.diagnostics??{},o=(u,c=400)=>t.take(u,c);n.push({caption:o(`seq ${r.seq} \xB7 from ${f(r,"from")??"?"}${s.truncated===!0?" \xB7 rendered instructions were cut to fit their budget":""}`),columns:["document","layer","status","reason","size","governs","sha256"],numeric:[4],rows:C(s.documents).map(u=>{let c=z(u.by),h=`${v(u.reason)}${c.length?` by ${c.join(", ")}`:""}`;return[o(u.path),o(u.layer,40),u.status==="rejected"?{text:o(u.status,40),error:!0}:o(u.status,40),o(h),typeof u.bytes=="number"?R(u.bytes):"",o(z(u.governs).join(", ")),o(v(u.sha256).slice(0,16),40)]})});let l=C(s.directories);l.length>0&&n.push({caption:"active directories",columns:["directory","governed by"],rows:l.map(u=>[o(u.dir),o(u.active??"(none)")])});let a=C(r.fields.skills).map(u=>[o(u.name),o(u.path),""]),i=C(r.fields.rejectedSkills).map(u=>["",o(u.path),{text:o(u.reason),error:!0}]);a.length+i.length>0&&n.push({caption:"skills",columns:["skill","path","rejected because"],rows:[...a,...i]})}return{id:"instructions",title:"Instructions",empty:"No instructions.resolved event: this run read no instruction documents.",tables:n}}function ke(e,t){let n=(s,o=400)=>t.take(s,o),r=[];for(let s of e)if(s.type==="memory.loaded"){let o=z(s.fields.ids);r.push([n(s.type,60),n(f(s,"source")),`${d(m(s,"selected")??0)} selected of ${d(m(s,"loaded")??0)} rows, ${d(m(s,"skipped")??0)} skipped`,n(o.length?o.join(", "):s.fields.ids===void 0?"(ids not recorded)":"(none)",4e3)])}else if(s.type.startsWith("memory.")){let{type:o,v:l,seq:a,ts:i,...u}=s.fields,c=f(s,"error");r.push([n(s.type,60),n(f(s,"source")??f(s,"command")??""),c?{text:n(c),error:!0}:n(f(s,"reason")??f(s,"conclusion")??""),n(v(u),600)])}return{id:"memory",title:"Memory",empty:"No memory events: this run did not read the memory store.",tables:r.length?[{columns:["event","source","what","details / ids"],rows:r}]:[]}}function $e(e,t,n){let r=(c,h=400)=>n.take(c,h),s=e.filter(c=>c.type==="review.findings"),o=C(t?.review?.findings),l=s.at(-1),a=l?C(l.fields.findings):o,i=a.map(c=>{let h=c.start_line!==void 0?`${v(c.start_line)}-${v(c.line)}`:v(c.line),b=c.posted??c.where??c.placement??c.target,$=N(c.url),p=s.length?b===void 0?"":v(b):"not recorded";return[r(c.severity,40),r(`${v(c.path)}${h?`:${h}`:""}`),$?{text:r(p||"link",200),href:$}:r(p,200),r(c.body??c.title??c.message,4e3)]}),u=s.length?[]:o.length?["From result.json beside the journal: this journal has no review.findings event, so where each finding was posted is not known."]:[];return{id:"findings",title:`Findings (${d(a.length)})`,empty:"No findings recorded (no review.findings event, and no result.json with findings beside the journal).",notes:u,tables:i.length?[{columns:["severity","where in the code","posted","finding"],rows:i}]:[]}}var Re=e=>e===void 0?"":E(e),Te=e=>[d(e.input),d(e.output),d(e.cached)];function Se(e,t){let n=(o,l=200)=>t.take(o,l),r=new Set(e.retries.map(o=>o.seq)),s=[...e.retries,...e.errors.filter(o=>!r.has(o.seq))].sort((o,l)=>o.seq-l.seq).map(o=>[String(o.seq),n(o.type,60),n(o.what),r.has(o.seq)?n(`${o.error} (retried)`,1e3):{text:n(o.error,1e3),error:!0}]);return{id:"stats",title:"Where the time and tokens went",notes:e.moreErrors>0?[`${d(e.moreErrors)} more errors are not listed.`]:[],tables:[{caption:"by phase (time: from the event before to each event of the phase)",columns:["phase","events","time","tokens in","out","cached","cost"],numeric:[1,2,3,4,5,6],rows:e.byPhase.map(o=>[n(o.phase,60),d(o.events),w(o.ms),...Te(o.tokens),Re(o.costUsd)])},{caption:"by model",columns:["model","requests","errors","time","tokens in","out","cached","cost"],numeric:[1,2,3,4,5,6,7],rows:e.byModel.map(o=>[n(o.model),d(o.requests),d(o.errors),w(o.ms),...Te(o.tokens),Re(o.costUsd)])},{caption:"by tool",columns:["tool","calls","errors","time","output"],numeric:[1,2,3,4],rows:e.byTool.map(o=>[n(o.tool),d(o.calls),d(o.errors),w(o.ms),R(o.bytes)])},{caption:"slowest requests",columns:["seq","request","model","time","tokens"],numeric:[0,3],rows:e.slowest.map(o=>[String(o.seq),n(o.what),n(o.model),w(o.ms),o.error?{text:n(o.error,400),error:!0}:o.tokens?`${d(o.tokens.input)} in / ${d(o.tokens.output)} out`:""])},{caption:`retries (${d(e.retries.length)}) and errors (${d(e.errors.length+e.moreErrors)})`,columns:["seq","event","what","error"],numeric:[0],rows:s}].filter(o=>o.rows.length>0)}}var ot=10,qe=100,Y=()=>({tokens:{input:0,output:0,cached:0},costUsd:void 0});function X(e,t,n){U(e.tokens,t),n!==void 0&&(e.costUsd=(e.costUsd??0)+n)}function st(e,t){let n=I(e).map(r=>{let s=k(r.response),o=(r.attempt??1)>1?` attempt ${r.attempt}`:"";return{seq:(r.request??r.response)?.seq??0,what:`model turn ${r.turn??"?"}${o}`,model:r.model,ms:(r.response&&m(r.response,"ms"))??0,tokens:s,costUsd:L(r.response,s,t),error:r.response?f(r.response,"error"):"no response recorded"}});for(let r of e){let s=Z(r);if(!s)continue;let o=k(r);n.push({seq:r.seq,what:s.what,model:f(r,"model")??s.model,ms:m(r,"ms")??0,tokens:o,costUsd:L(r,o,t),error:f(r,"error")})}return n.sort((r,s)=>r.seq-s.seq)}function Z(e){let t=m(e,"depth")??0;switch(e.type){case"rlm.turn":return{what:`RLM depth ${t} turn ${m(e,"iteration")??"?"}`,model:"(RLM root turns)"};case"rlm.child_call":return{what:`RLM depth ${t} child ${f(e,"kind")??"call"}`,model:"(RLM child calls)"};case"review.batch":return{what:`review batch ${f(e,"id")??"?"}`,model:"(review batches)"};default:return}}function D(e,t){let{events:n}=e,r=st(n,t),s=J(n),o=Y();for(let p of r)X(o,p.tokens,p.costUsd);let l=new Map,a;for(let p of n){let g=_(p.type),x=l.get(g)??{phase:g,events:0,ms:0,...Y()};if(l.set(g,x),x.events++,p.time!==void 0&&(a!==void 0&&p.time>a&&(x.ms+=p.time-a),a=Math.max(a??p.time,p.time)),p.type==="model.response"||Z(p)){let q=k(p);X(x,q,L(p,q,t))}}let i=new Map;for(let p of s){let g=i.get(p.name)??{tool:p.name,calls:0,errors:0,ms:0,bytes:0};i.set(p.name,g),g.calls++,(!p.result||p.result.fields.ok===!1)&&g.errors++,g.ms+=(p.result&&m(p.result,"ms"))??0,g.bytes+=(p.result&&m(p.result,"bytes"))??0}let u=new Map;for(let p of r){let g=u.get(p.model)??{model:p.model,requests:0,errors:0,ms:0,...Y()};u.set(p.model,g),g.requests++,p.error&&g.errors++,g.ms+=p.ms,X(g,p.tokens,p.costUsd)}let c=n.findLast(p=>p.type==="run.finished"),h=n.find(p=>p.time!==void 0)?.time,b=n.findLast(p=>p.time!==void 0)?.time,$=n.filter(A).map(Ee);return{events:n.length,ms:(c&&m(c,"ms"))??(h!==void 0&&b!==void 0?b-h:0),modelRequests:r.filter(p=>p.what.startsWith("model turn")).length,toolCalls:s.length,rlmTurns:n.filter(p=>p.type==="rlm.turn").length,childCalls:n.filter(p=>p.type==="rlm.child_call").length,reviewBatches:n.filter(p=>p.type==="review.batch").length,spend:o,recorded:c?{tokens:k(c),costUsd:m(c,"costUsd")}:void 0,byPhase:[...l.values()],byTool:[...i.values()].sort((p,g)=>g.calls-p.calls||p.tool.localeCompare(g.tool)),byModel:[...u.values()].sort((p,g)=>g.requests-p.requests),slowest:[...r].sort((p,g)=>g.ms-p.ms).slice(0,ot),retries:n.filter(p=>p.type==="model.response"&&p.fields.willRetry===!0).map(Ee),errors:$.slice(0,qe),moreErrors:Math.max(0,$.length-qe)}}function Ee(e){let t=m(e,"status"),n=e.type==="model.response"?`model turn ${m(e,"turn")??"?"} attempt ${m(e,"attempt")??"?"}${t?` (HTTP ${t})`:""}`:e.type==="tool.result"?`tool ${f(e,"name")??"?"}`:Z(e)?.what??(e.type.startsWith("rlm.")?`RLM depth ${m(e,"depth")??0}`:f(e,"phase")??f(e,"target")??f(e,"command")??""),r=f(e,"error")??(e.type==="context.reload_rejected"?JSON.stringify(e.fields.rejected??[]):f(e,"reason")??f(e,"conclusion")??"failed");return{seq:e.seq,type:e.type,what:n,error:r}}var it=2e6,at=1e4;function Oe(e,t={}){let n=new de(t.totalChars??it),{events:r}=e,s=D(e,t.prices),o=dt(e,s,n),l=[Se(s,n),be(r,n),xe(r,n),ke(r,n),$e(r,t.result,n)],a=we(r,n),i=he(r,{budget:n,prices:t.prices,maxRows:t.maxRows??at,requests:t.requests}),u=[...e.notes,...t.requests?.notes??[]].map(h=>n.take(h,1e3));i.omitted>0&&u.push(`The timeline lists the first ${d(i.rows.length)} rows; ${d(i.omitted)} later events are left out (the statistics count them).`),n.cutValues>0&&u.push(`This page holds at most about ${d(n.total)} characters of journal text: ${d(n.cutValues)} later values are shown only in part (${d(n.cutChars)} characters left out). 'rivumi journal stats' and the journal file have everything.`);let c=new Map;for(let h of i.rows)c.set(h.kind,(c.get(h.kind)??0)+1);return{...o,notes:u,timeline:{rows:i.rows,kinds:[...c],events:r.length},rlm:a,sections:l,footer:n.take(`Made by ${t.generator??"rivumi"} from ${je(e.path)} (${d(r.length)} events). Every value in this page comes from the journal and is shown as text.`,1e3)}}var lt=["success","partial","failure","skipped","refused"];function dt(e,t,n){let{events:r}=e,s=y=>r.find(M=>M.type===y),o=y=>r.findLast(M=>M.type===y),l=s("run.started"),a=s("trigger.parsed"),i=s("plan.decided"),u=o("run.finished"),c=o("run.failed"),h=a?.fields.detail??{},b=a&&f(a,"kind"),$=typeof h.number=="number"&&(b==="pull_request"||h.pr===!0)?h.number:void 0,p=(i&&f(i,"action"))??K(r[0]?.type??"run"),g=u&&f(u,"conclusion"),x=g?lt.find(y=>y===g)??"other":c?"failure":"unfinished",q=new Set;for(let y of r)(y.type==="model.request"||y.type==="rlm.child_call")&&f(y,"model")&&q.add(f(y,"model"));let re=r.find(y=>y.time!==void 0)?.time,Be=t.modelRequests+t.rlmTurns+t.childCalls+t.reviewBatches>0,ne=k(u)??(Be?t.spend.tokens:void 0),oe=(u&&m(u,"costUsd"))??t.spend.costUsd,Ne=pt(u,o("review.coverage")),Ue=[["Trigger",a||l?ct(l&&f(l,"event"),b,h):""],["Pull request",$!==void 0?`#${$}${h.fork===!0?" (from a fork)":""}`:""],["Plan",i?`${p}, ${i.fields.trusted===!0?"trusted":"untrusted"}: ${v(i.fields.reason)}`:""],["Model",[...q].join(", ")],["Conclusion",ut(u,c)],["Started",re!==void 0?new Date(re).toISOString().replace("T"," ").replace(/\.\d+Z$/," UTC"):""],["Time",w(t.ms)],["Tokens",ne?O(ne):""],["Cost",oe!==void 0?E(oe):"unknown (no prices recorded; pass --prices IN,OUT)"],["Coverage",Ne??""],["Rivumi",l?`${v(l.fields.version)} \xB7 ${v(l.fields.mode)} \xB7 run ${v(l.fields.runId)} attempt ${v(l.fields.attempt)}`:""],["Journal",`${je(e.path)} \xB7 ${d(r.length)} events \xB7 schema ${[...e.versions.keys()].map(y=>`v${y}`).join(", ")||"not recorded"}`]],_e=`Rivumi ${p}${$!==void 0?` of #${$}`:""}`;return{title:n.take(_e,200),badge:x,badgeText:n.take(g??(c?"failed":"unfinished"),60),header:Ue.filter(([,y])=>v(y)!=="").map(([y,M])=>[y,n.take(M,600)])}}function ct(e,t,n){let r=typeof n.action=="string"?` ${n.action}`:"",s=`${e??t??"?"}${r}${t&&t!==e?` (${t})`:""}`,o=Object.entries(n).filter(([l,a])=>!["number","action","event"].includes(l)&&a!==null&&typeof a!="object").map(([l,a])=>{let i=v(a);return`${l} ${/^[0-9a-f]{40,64}$/.test(i)?i.slice(0,12):i}`});return[s,...o].join(" \xB7 ")}function ut(e,t){return e?`${v(e.fields.conclusion)} (stop: ${v(e.fields.stop)})`:t?`failed in ${v(t.fields.phase)}: ${v(t.fields.error)}`:"not recorded: no run.finished event (the run was killed, or is still going)"}function pt(...e){for(let t of e){if(!t)continue;let n=t.type==="review.coverage"?t.fields.coverage??t.fields:t.fields.coverage;if(n==null)continue;if(typeof n=="string")return n;let r=n;if(typeof r.line=="string")return r.line;let s=r.hunks;return s&&typeof s.total=="number"?`${d(Number(s.examined??0))} of ${d(s.total)} hunks examined`:v(n)}}var Q=e=>e?`${d(e.input)} in / ${d(e.output)} out / ${d(e.cached)} cached`:"-",ee=e=>e===void 0?"-":E(e),T=(e,t=120)=>le(e,t).replace(/\r?\n/g,"\u23CE");function H(e,t,n){let r=e.map((o,l)=>Math.max(o.length,...t.map(a=>(a[l]??"").length))),s=o=>o.map((l,a)=>n.includes(a)?l.padStart(r[a]??0):l.padEnd(r[a]??0)).join("  ").trimEnd();return[s(e),...t.map(s)].map(o=>`  ${o}`)}function Ce(e,t){let n=[`${T(e.path,400)}: ${d(t.events)} events`];for(let r of e.notes)n.push(`note: ${r}`);n.push("",`time      ${w(t.ms)}`,`requests  ${d(t.modelRequests)} model, ${d(t.toolCalls)} tool calls, ${d(t.rlmTurns)} RLM turns, ${d(t.childCalls)} RLM child calls${t.reviewBatches?`, ${d(t.reviewBatches)} review batches`:""}`,`tokens    ${Q(t.spend.tokens)}`,`cost      ${ee(t.spend.costUsd)}${t.spend.costUsd===void 0?" (no prices: pass --prices IN,OUT)":""}`),t.recorded&&n.push(`recorded  ${Q(t.recorded.tokens)}${t.recorded.costUsd!==void 0?` \xB7 ${E(t.recorded.costUsd)}`:""} (run.finished)`),n.push("","by phase"),n.push(...H(["phase","events","time","tokens in","out","cached","cost"],t.byPhase.map(r=>[T(r.phase,40),d(r.events),w(r.ms),d(r.tokens.input),d(r.tokens.output),d(r.tokens.cached),ee(r.costUsd)]),[1,2,3,4,5,6])),t.byTool.length>0&&(n.push("","by tool"),n.push(...H(["tool","calls","errors","time","output"],t.byTool.map(r=>[T(r.tool,40),d(r.calls),d(r.errors),w(r.ms),R(r.bytes)]),[1,2,3,4]))),t.byModel.length>0&&(n.push("","by model"),n.push(...H(["model","requests","errors","time","tokens in","out","cached","cost"],t.byModel.map(r=>[T(r.model,60),d(r.requests),d(r.errors),w(r.ms),d(r.tokens.input),d(r.tokens.output),d(r.tokens.cached),ee(r.costUsd)]),[1,2,3,4,5,6,7]))),t.slowest.length>0&&(n.push("","slowest requests"),n.push(...H(["seq","time","request","model","tokens"],t.slowest.map(r=>[String(r.seq),w(r.ms),T(r.what,60),T(r.model,60),r.error?`error: ${T(r.error,80)}`:Q(r.tokens)]),[0,1]))),n.push("",`retries: ${d(t.retries.length)}`);for(let r of t.retries)n.push(`  seq ${r.seq}  ${T(r.what,60)}: ${T(r.error)}`);n.push("",`errors: ${d(t.errors.length+t.moreErrors)}`);for(let r of t.errors)n.push(`  seq ${r.seq}  ${T(r.type,40)}  ${T(r.what,60)}: ${T(r.error)}`);return t.moreErrors>0&&n.push(`  \u2026 and ${d(t.moreErrors)} more`),n.join(`
`)}var j=`usage: rivumi journal view JOURNAL [-o FILE] [--prices IN,OUT]
       rivumi journal stats JOURNAL [--json] [--prices IN,OUT]
       rivumi journal replay JOURNAL --base-url URL --model M [--limit N] [--json]

Reads the journal.jsonl of any run (review, task, memory command, RLM, triage; action or CLI).
view    writes one self-contained HTML page (default: JOURNAL with .html): the run, a searchable
        timeline, the RLM tree, the prompt sections, instructions, memory and findings. It loads
        nothing from the network; every journal value is shown as text, bounded.
stats   prints tokens, cost and time by phase, by tool and by model, the slowest requests, the
        retries and the errors.
replay  sends the run's recorded root requests (requests.jsonl beside the journal) to another
        endpoint and model, one by one, and reports tokens, time and whether each reply's tool
        calls or final answer differ. It runs no tool and writes nothing. Key: OPENAI_API_KEY.
--prices IN,OUT prices requests in USD per million input and output tokens, when the journal
        has no cost.`;async function pr(e){if(ie(e,j))return 0;let[t,...n]=e;switch(t){case"view":return bt(n);case"stats":return xt(n);case"replay":return kt(n);case void 0:throw new S(`a subcommand is required: view, stats or replay
${j}`);default:throw new S(`unknown subcommand '${t}'; expected view, stats or replay
${j}`)}}var Pe={prices:{type:"string"}};async function bt(e){let{values:t,positionals:n}=B({args:e,allowPositionals:!0,options:{output:{type:"string",short:"o"},...Pe}},j),r=te(n),s=Ae(t.prices),o=await V(r),l=me(Oe(o,{prices:s,result:ue(r),requests:await pe(r),generator:`rivumi ${se}`}));if(t.output==="-")return process.stdout.write(l),0;let a=Le(t.output??yt(wt(r),`${vt(r).replace(/\.jsonl?$/,"")}.html`));try{gt(a,l)}catch(i){throw new Error(`-o ${a}: ${i instanceof Error?i.message:String(i)}`)}for(let i of o.notes)process.stderr.write(`note: ${i.split(`
`)[0]}
`);return process.stdout.write(`${a} (${R(Buffer.byteLength(l))}, ${o.events.length} events)
`),0}async function xt(e){let{values:t,positionals:n}=B({args:e,allowPositionals:!0,options:{json:{type:"boolean",default:!1},...Pe}},j),r=te(n),s=await V(r),o=D(s,Ae(t.prices)),l=t.json?JSON.stringify({journal:r,version:ce(s)??null,notes:s.notes,...o},Me):Ce(s,o);return process.stdout.write(`${l}
`),0}async function kt(e){let{values:t,positionals:n}=B({args:e,allowPositionals:!0,options:{"base-url":{type:"string"},model:{type:"string"},limit:{type:"string"},json:{type:"boolean",default:!1}}},j),r=te(n),s=t["base-url"];if(!s)throw new S(`--base-url URL is required for replay
${j}`);if(!/^https?:\/\//i.test(s))throw new S(`--base-url ${s}: expected an http(s) URL such as https://api.openai.com/v1`);if(!t.model)throw new S(`--model M is required for replay
${j}`);let o=t.limit===void 0?void 0:ae("limit",t.limit,1),{createOpenAIModel:l}=await import("./openai-model-FIQANVCB.js"),{readCliEnv:a}=await import("./bootstrap-LS5GRSNY.js"),{Redactor:i}=await import("./redact-SGZOGMFJ.js"),u=a(),c=new i;c.add(u.apiKey);let{formatReplay:h,NoRecordedRequests:b,replayJournal:$}=await import("./journal-replay-PQOMKQR5.js"),p=new AbortController,g=()=>p.abort(new Error("cancelled"));process.once("SIGINT",g);try{let x=await $({journalPath:r,model:l({baseUrl:s,apiKey:u.apiKey,model:t.model,redact:q=>c.redact(q)}),baseUrl:s,limit:o,signal:p.signal});return process.stdout.write(`${t.json?JSON.stringify(x,Me):h(x)}
`),x.items.some(q=>"error"in q.replayed)?1:0}catch(x){if(!(x instanceof b))throw x;return process.stderr.write(`rivumi: ${x.message}
`),1}finally{process.off("SIGINT",g)}}var Me=(e,t)=>t===void 0?null:t;function te(e){let[t,...n]=e;if(!t)throw new S(`JOURNAL is required: the path of a journal.jsonl
${j}`);if(n.length>0)throw new S(`unexpected argument '${n[0]}': give one JOURNAL`);let r=Le(t);try{if(ft(r,mt.R_OK),!ht(r).isFile())throw new Error("not a file")}catch{throw new S(`JOURNAL ${t}: not a readable file`)}return r}function Ae(e){if(e===void 0)return;let t=/^\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*$/.exec(e);if(!t)throw new S(`--prices ${e}: expected IN,OUT in USD per million tokens, such as 0.4,1.6`);return{inputPerMTok:Number(t[1]),outputPerMTok:Number(t[2])}}export{j as USAGE,pr as run};
