#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{b as ie,c as B,d as ae}from"./chunk-S4F4RKHZ.js";import{a as g,b as le,c as U,d as de,e as d,f as w,g as $,h as S,i as V,j as ce,k as ue,l as f,m as p,n as k,o as N,p as C,q as _,r as I,s as J,t as A}from"./chunk-M7IOGFND.js";import"./chunk-5F7Y4K22.js";import{a as se}from"./chunk-2QSSA2FW.js";import{a as R}from"./chunk-6CPL2PRN.js";import"./chunk-NYHJJLY3.js";import"./chunk-4ADGFKRA.js";import{accessSync as ct,constants as ut,statSync as pt,writeFileSync as mt}from"node:fs";import{basename as ft,dirname as ht,join as gt,resolve as Ce}from"node:path";import{createHash as _e}from"node:crypto";var G=`
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
  function longText(label, text, code) {
    var details = el("details", "long");
    add(details, el("summary", null, label + " \\u00b7 " + n(text.length) + " chars"));
    add(details, el("pre", code ? "code" : null, text));
    return details;
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
          if (!texts.has(tr)) texts.set(tr, tr.textContent.toLowerCase());
          ok = texts.get(tr).indexOf(q) >= 0;
          // Open the collapsed texts that hold what was searched for.
          if (ok) tr.querySelectorAll("details").forEach(function (d) {
            if (!d.open && d.textContent.toLowerCase().indexOf(q) >= 0) d.open = true;
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
    for (var i = 0; i < all.length; i++) all[i].open = open;
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
`;var W=`
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
`;var pe=e=>`'sha256-${_e("sha256").update(e).digest("base64")}'`;function Ie(e){return JSON.stringify(e).replace(/</g,"\\u003c").replace(/>/g,"\\u003e").replace(/&/g,"\\u0026").replace(/\u2028/g,"\\u2028").replace(/\u2029/g,"\\u2029")}var Je=["default-src 'none'",`script-src ${pe(G)}`,`style-src ${pe(W)}`,"img-src data:","base-uri 'none'","form-action 'none'"].join("; ");function me(e){return`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${Je}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Rivumi journal</title>
<style>${W}</style>
</head>
<body data-status="loading">
<p id="status" role="status">Loading the journal\u2026 (this page needs JavaScript to show it)</p>
<main id="page"></main>
<script type="application/json" id="rivumi-data">${Ie(e)}</script>
<script>${G}</script>
</body>
</html>
`}import{basename as qe}from"node:path";var L=200,ze=120,De=new Set(["v","seq","ts","type"]),q=e=>`${d(e.input)} in / ${d(e.output)} out / ${d(e.cached)} cached tokens`;function fe(e,t){let n=new Map;for(let l of I(e))n.set(l.request??l.response,l);let r=new Map;for(let l of J(e))r.set(l.call??l.result,l);let s=e.find(l=>l.time!==void 0)?.time,o=[],c=0;for(let l of e){let i=n.get(l),a=r.get(l);if((l.type==="model.response"||l.type==="tool.result")&&!i&&!a)continue;if(o.length>=t.maxRows){c++;continue}let h=l.time!==void 0&&s!==void 0?`+${w(l.time-s)}`:"",x={seq:l.seq,at:h,phase:t.budget.take(_(l.type),40)};i?o.push({...x,...He(i,t)}):a?o.push({...x,...Ve(a,t)}):o.push({...x,...Ge(l,t)})}return{rows:o,omitted:c}}function He(e,{budget:t,prices:n}){let r=e.response,s=e.request,o=k(r),c=C(r,o,n),l=r?f(r,"toolCalls"):void 0,i=[r?w(f(r,"ms")??0):"no response recorded",o?q(o):"",c!==void 0?S(c):"",l===void 0?"":l===0?"final answer":`${d(l)} tool call(s)`,r&&p(r,"finishReason")?`finish ${p(r,"finishReason")}`:"",s&&f(s,"messages")!==void 0?`${d(f(s,"messages")??0)} messages, ${$(f(s,"bytes")??0)}`:"",e.model],a=r?f(r,"status"):void 0,m=r&&p(r,"error"),h=(e.attempt??1)>1?` \xB7 attempt ${e.attempt}`:"";return{kind:"model",title:t.take(`model \xB7 turn ${e.turn??"?"}${h}`,L),detail:t.take(i.filter(Boolean).join(" \xB7 "),L*2),error:m?t.take(`${a?`HTTP ${a}: `:""}${m}${r?.fields.willRetry===!0?" (retried)":""}`):"",texts:[]}}function Ve(e,{budget:t}){let n=e.result,r=n?.fields.ok,s=[n?r===!1?"failed":"ok":"no result recorded",n?w(f(n,"ms")??0):"",n&&f(n,"bytes")!==void 0?`output ${$(f(n,"bytes")??0)}`:"",e.call&&f(e.call,"turn")!==void 0?`turn ${f(e.call,"turn")}`:""],o=e.call?g(e.call.fields.arguments):"";return{kind:"tool",title:t.take(`tool \xB7 ${e.name}`,L),detail:t.take(s.filter(Boolean).join(" \xB7 "),L),error:n&&(r===!1||p(n,"error"))?t.take(p(n,"error")??"failed"):"",texts:o?[{label:"arguments",text:t.take(he(o)),code:!0}]:[]}}function Ge(e,{budget:t}){let n=[],r=[];for(let[o,c]of Object.entries(e.fields)){if(De.has(o)||c===void 0||o==="error"&&A(e))continue;let l=o.toLowerCase().endsWith("usage")?k(e,o):void 0,i=l?q(l):g(c);e.type==="rlm.cell"&&(o==="code"||o==="output")||(i.length>ze||i.includes(`
`)||We(c)?r.push({label:t.take(o,80),text:t.take(he(i))}):n.push(`${o} ${i}`))}let s=U(e.fields.url);return{kind:t.take(K(e.type),40),title:t.take(e.type,L),detail:t.take(n.join(" \xB7 "),L*3),error:A(e)?t.take(Ke(e)):"",texts:r,...s?{href:s}:{}}}var We=e=>typeof e=="object"&&e!==null&&Object.keys(e).length>4;function Ke(e){let t=p(e,"error");return t||(e.type==="context.reload_rejected"?g(e.fields.rejected):p(e,"reason")??p(e,"conclusion")??"failed")}function he(e){let t=e.trim();if(!(t.startsWith("{")||t.startsWith("["))||e.length>2e5)return e;try{return JSON.stringify(JSON.parse(t),null,2)}catch{return e}}function K(e){let t=e.includes(".")?e.slice(0,e.indexOf(".")):e;return["run","trigger","plan","workspace"].includes(t)?"run":["instructions","context","prompt","skills"].includes(t)?"context":t}var Fe=4e3,Ye=2e3,F=3,Xe=5;function ve(e,t){let n=[],r=[],s=[],o=i=>{let a=r.findLast(m=>m.depth===i);return a||c(i,"start not recorded")},c=(i,a)=>{for(;(r.at(-1)?.depth??-1)>=i;)r.pop();let m={depth:i,view:{title:`RLM \xB7 depth ${i}`,detail:t.take(a,400),error:"",turns:[]},turns:[]},h=r.at(-1)?.turns.at(-1);return h&&r.at(-1)?.depth===i-1?h.view.nested.push(m.view):n.push(m.view),r.push(m),s.push(m),m},l=i=>i.turns.at(-1)??ge(i,"before the first turn");for(let i of e){if(!i.type.startsWith("rlm."))continue;let a=f(i,"depth")??0;switch(i.type){case"rlm.started":c(a,[`input ${d(f(i,"inputChars")??0)} chars`,p(i,"isolation")?`isolation ${p(i,"isolation")}`:"",p(i,"python")?`python ${p(i,"python")}`:""].filter(Boolean).join(" \xB7 "));break;case"rlm.turn":{let m=k(i),h=ge(o(a),`turn ${f(i,"iteration")??"?"}`);h.view.detail=t.take([p(i,"outcome")??"",w(f(i,"ms")??0),m?q(m):"",`prompt ${d(f(i,"promptChars")??0)} chars`].filter(Boolean).join(" \xB7 "),400),p(i,"error")&&(h.view.error=t.take(p(i,"error")));break}case"rlm.cell":Ze(l(o(a)),i,t);break;case"rlm.child_call":Qe(l(o(a)),i);break;case"rlm.finished":{let m=o(a),h=k(i);m.view.detail=t.take([m.view.detail,`${d(f(i,"iterations")??m.turns.length)} turns`,`${d(f(i,"childCalls")??0)} child calls`,i.fields.finalized===!0?"finalized":"not finalized",p(i,"reason")?`reason ${p(i,"reason")}`:"",h?`root ${q(h)}`:""].filter(Boolean).join(" \xB7 "),600),i.fields.finalized===!1&&(m.view.error=t.take(p(i,"reason")??"")),r.splice(r.indexOf(m));break}}}for(let i of s)for(let a of i.turns)a.view.batches=a.batches.map(m=>et(m,t));return n}function ge(e,t){let n={view:{title:t,detail:"",error:"",texts:[],batches:[],nested:[]},batches:[]};return e.turns.push(n),e.view.turns.push(n.view),n}function Ze(e,t,n){let r=[t.fields.finalized===!0?"finalized":"",t.fields.lost===!0?"REPL lost":""].filter(Boolean);e.view.detail=[e.view.detail,n.take(`cell ${w(f(t,"ms")??0)}, printed ${d(f(t,"stdoutChars")??0)} chars${r.length?`, ${r.join(", ")}`:""}`,200)].filter(Boolean).join(" \xB7 ");let s=p(t,"code"),o=p(t,"output");s!==void 0&&e.view.texts.push({label:"code",text:n.take(s,Fe),code:!0}),o&&e.view.texts.push({label:"output",text:n.take(o,Ye),code:!0});let c=p(t,"error");c&&(e.view.error=n.take(c))}function Qe(e,t){let n=f(t,"ms")??0,r=t.time??0,s=r-n,o=p(t,"kind")??"call",c=e.batches.at(-1),l=c!==void 0&&c.kind===o&&(s<=c.start+Xe||s<c.firstEnd),i=l?c:{kind:o,calls:0,failed:0,start:s,end:r,firstEnd:r,sumMs:0,tokens:{input:0,output:0,cached:0},errors:[]};l||e.batches.push(i),i.calls++,i.start=Math.min(i.start,s),i.end=Math.max(i.end,r),i.firstEnd=Math.min(i.firstEnd,r),i.sumMs+=n,N(i.tokens,k(t)),t.fields.ok===!1&&(i.failed++,i.errors.push(p(t,"error")??"failed"))}function et(e,t){let n=e.errors.slice(0,F).map(r=>t.take(r,400));return e.errors.length>F&&n.push(`\u2026 and ${d(e.errors.length-F)} more`),{title:t.take(`${d(e.calls)} \xD7 ${e.kind}`,120),detail:[e.calls>1?`fan-out ${d(e.calls)}`:"one call",`wall ${w(e.end-e.start)}`,e.calls>1?`sum ${w(e.sumMs)}`:"",q(e.tokens),e.failed>0?`${d(e.failed)} failed`:""].filter(Boolean).join(" \xB7 "),errors:n}}var j=e=>Array.isArray(e)?e.filter(t=>typeof t=="object"&&t!==null&&!Array.isArray(t)):[],z=e=>Array.isArray(e)?e.map(t=>g(t)):e===void 0?[]:[g(e)],we=e=>typeof e=="number"?$(e):"";function ye(e,t){return{id:"prompt",title:"Prompt sections",empty:"No prompt.built event: this run assembled no agent prompt.",tables:e.filter(r=>r.type==="prompt.built").map(r=>({caption:t.take(`seq ${r.seq} \xB7 ${we(r.fields.bytes)} \xB7 cache key ${p(r,"cacheKey")?.slice(0,16)??"?"} (${r.fields.cacheKeySent===!0?"sent":"not sent"})`,300),columns:["section","version","stability","sources","size","sha256"],numeric:[1,4],rows:j(r.fields.sections).map(s=>[s.id,s.version,s.stability,z(s.sources).join(", "),we(s.bytes),g(s.sha256).slice(0,16)].map(o=>t.take(o,400)))}))}}function be(e,t){let n=[];for(let r of e.filter(s=>s.type==="instructions.resolved")){let s=r.fields.diagnostics??{},o=(a,m=400)=>t.take(a,m);n.push({caption:o(`seq ${r.seq} \xB7 from ${p(r,"from")??"?"}${s.truncated===!0?" \xB7 rendered instructions were cut to fit their budget":""}`),columns:["document","layer","status","reason","size","governs","sha256"],numeric:[4],rows:j(s.documents).map(a=>{let m=z(a.by),h=`${g(a.reason)}${m.length?` by ${m.join(", ")}`:""}`;return[o(a.path),o(a.layer,40),a.status==="rejected"?{text:o(a.status,40),error:!0}:o(a.status,40),o(h),typeof a.bytes=="number"?$(a.bytes):"",o(z(a.governs).join(", ")),o(g(a.sha256).slice(0,16),40)]})});let c=j(s.directories);c.length>0&&n.push({caption:"active directories",columns:["directory","governed by"],rows:c.map(a=>[o(a.dir),o(a.active??"(none)")])});let l=j(r.fields.skills).map(a=>[o(a.name),o(a.path),""]),i=j(r.fields.rejectedSkills).map(a=>["",o(a.path),{text:o(a.reason),error:!0}]);l.length+i.length>0&&n.push({caption:"skills",columns:["skill","path","rejected because"],rows:[...l,...i]})}return{id:"instructions",title:"Instructions",empty:"No instructions.resolved event: this run read no instruction documents.",tables:n}}function xe(e,t){let n=(s,o=400)=>t.take(s,o),r=[];for(let s of e)if(s.type==="memory.loaded"){let o=z(s.fields.ids);r.push([n(s.type,60),n(p(s,"source")),`${d(f(s,"selected")??0)} selected of ${d(f(s,"loaded")??0)} rows, ${d(f(s,"skipped")??0)} skipped`,n(o.length?o.join(", "):s.fields.ids===void 0?"(ids not recorded)":"(none)",4e3)])}else if(s.type.startsWith("memory.")){let{type:o,v:c,seq:l,ts:i,...a}=s.fields,m=p(s,"error");r.push([n(s.type,60),n(p(s,"source")??p(s,"command")??""),m?{text:n(m),error:!0}:n(p(s,"reason")??p(s,"conclusion")??""),n(g(a),600)])}return{id:"memory",title:"Memory",empty:"No memory events: this run did not read the memory store.",tables:r.length?[{columns:["event","source","what","details / ids"],rows:r}]:[]}}function ke(e,t,n){let r=(a,m=400)=>n.take(a,m),s=e.filter(a=>a.type==="review.findings"),o=j(t?.review?.findings),c=s.length?s.flatMap(a=>j(a.fields.findings)):o,l=c.map(a=>{let m=a.start_line!==void 0?`${g(a.start_line)}-${g(a.line)}`:g(a.line),h=a.posted??a.where??a.placement??a.target,x=U(a.url),y=s.length?h===void 0?"":g(h):"not recorded";return[r(a.severity,40),r(`${g(a.path)}${m?`:${m}`:""}`),x?{text:r(y||"link",200),href:x}:r(y,200),r(a.body??a.title??a.message,4e3)]}),i=s.length?[]:o.length?["From result.json beside the journal: this journal has no review.findings event, so where each finding was posted is not known."]:[];return{id:"findings",title:`Findings (${d(c.length)})`,empty:"No findings recorded (no review.findings event, and no result.json with findings beside the journal).",notes:i,tables:l.length?[{columns:["severity","where in the code","posted","finding"],rows:l}]:[]}}var $e=e=>e===void 0?"":S(e),Te=e=>[d(e.input),d(e.output),d(e.cached)];function Re(e,t){let n=(o,c=200)=>t.take(o,c),r=new Set(e.retries.map(o=>o.seq)),s=[...e.retries,...e.errors.filter(o=>!r.has(o.seq))].sort((o,c)=>o.seq-c.seq).map(o=>[String(o.seq),n(o.type,60),n(o.what),r.has(o.seq)?n(`${o.error} (retried)`,1e3):{text:n(o.error,1e3),error:!0}]);return{id:"stats",title:"Where the time and tokens went",notes:e.moreErrors>0?[`${d(e.moreErrors)} more errors are not listed.`]:[],tables:[{caption:"by phase (time: from the event before to each event of the phase)",columns:["phase","events","time","tokens in","out","cached","cost"],numeric:[1,2,3,4,5,6],rows:e.byPhase.map(o=>[n(o.phase,60),d(o.events),w(o.ms),...Te(o.tokens),$e(o.costUsd)])},{caption:"by model",columns:["model","requests","errors","time","tokens in","out","cached","cost"],numeric:[1,2,3,4,5,6,7],rows:e.byModel.map(o=>[n(o.model),d(o.requests),d(o.errors),w(o.ms),...Te(o.tokens),$e(o.costUsd)])},{caption:"by tool",columns:["tool","calls","errors","time","output"],numeric:[1,2,3,4],rows:e.byTool.map(o=>[n(o.tool),d(o.calls),d(o.errors),w(o.ms),$(o.bytes)])},{caption:"slowest requests",columns:["seq","request","model","time","tokens"],numeric:[0,3],rows:e.slowest.map(o=>[String(o.seq),n(o.what),n(o.model),w(o.ms),o.error?{text:n(o.error,400),error:!0}:o.tokens?`${d(o.tokens.input)} in / ${d(o.tokens.output)} out`:""])},{caption:`retries (${d(e.retries.length)}) and errors (${d(e.errors.length+e.moreErrors)})`,columns:["seq","event","what","error"],numeric:[0],rows:s}].filter(o=>o.rows.length>0)}}var tt=10,Se=100,Y=()=>({tokens:{input:0,output:0,cached:0},costUsd:void 0});function X(e,t,n){N(e.tokens,t),n!==void 0&&(e.costUsd=(e.costUsd??0)+n)}function rt(e,t){let n=I(e).map(r=>{let s=k(r.response),o=(r.attempt??1)>1?` attempt ${r.attempt}`:"";return{seq:(r.request??r.response)?.seq??0,what:`model turn ${r.turn??"?"}${o}`,model:r.model,ms:(r.response&&f(r.response,"ms"))??0,tokens:s,costUsd:C(r.response,s,t),error:r.response?p(r.response,"error"):"no response recorded"}});for(let r of e){let s=Z(r);if(!s)continue;let o=k(r);n.push({seq:r.seq,what:s.what,model:p(r,"model")??s.model,ms:f(r,"ms")??0,tokens:o,costUsd:C(r,o,t),error:p(r,"error")})}return n.sort((r,s)=>r.seq-s.seq)}function Z(e){let t=f(e,"depth")??0;switch(e.type){case"rlm.turn":return{what:`RLM depth ${t} turn ${f(e,"iteration")??"?"}`,model:"(RLM root turns)"};case"rlm.child_call":return{what:`RLM depth ${t} child ${p(e,"kind")??"call"}`,model:"(RLM child calls)"};case"review.batch":return{what:`review batch ${p(e,"id")??"?"}`,model:"(review batches)"};default:return}}function D(e,t){let{events:n}=e,r=rt(n,t),s=J(n),o=Y();for(let u of r)X(o,u.tokens,u.costUsd);let c=new Map,l;for(let u of n){let v=_(u.type),O=c.get(v)??{phase:v,events:0,ms:0,...Y()};if(c.set(v,O),O.events++,u.time!==void 0&&(l!==void 0&&u.time>l&&(O.ms+=u.time-l),l=Math.max(l??u.time,u.time)),u.type==="model.response"||Z(u)){let P=k(u);X(O,P,C(u,P,t))}}let i=new Map;for(let u of s){let v=i.get(u.name)??{tool:u.name,calls:0,errors:0,ms:0,bytes:0};i.set(u.name,v),v.calls++,(!u.result||u.result.fields.ok===!1)&&v.errors++,v.ms+=(u.result&&f(u.result,"ms"))??0,v.bytes+=(u.result&&f(u.result,"bytes"))??0}let a=new Map;for(let u of r){let v=a.get(u.model)??{model:u.model,requests:0,errors:0,ms:0,...Y()};a.set(u.model,v),v.requests++,u.error&&v.errors++,v.ms+=u.ms,X(v,u.tokens,u.costUsd)}let m=n.findLast(u=>u.type==="run.finished"),h=n.find(u=>u.time!==void 0)?.time,x=n.findLast(u=>u.time!==void 0)?.time,y=n.filter(A).map(Ee);return{events:n.length,ms:(m&&f(m,"ms"))??(h!==void 0&&x!==void 0?x-h:0),modelRequests:r.filter(u=>u.what.startsWith("model turn")).length,toolCalls:s.length,rlmTurns:n.filter(u=>u.type==="rlm.turn").length,childCalls:n.filter(u=>u.type==="rlm.child_call").length,reviewBatches:n.filter(u=>u.type==="review.batch").length,spend:o,recorded:m?{tokens:k(m),costUsd:f(m,"costUsd")}:void 0,byPhase:[...c.values()],byTool:[...i.values()].sort((u,v)=>v.calls-u.calls||u.tool.localeCompare(v.tool)),byModel:[...a.values()].sort((u,v)=>v.requests-u.requests),slowest:[...r].sort((u,v)=>v.ms-u.ms).slice(0,tt),retries:n.filter(u=>u.type==="model.response"&&u.fields.willRetry===!0).map(Ee),errors:y.slice(0,Se),moreErrors:Math.max(0,y.length-Se)}}function Ee(e){let t=f(e,"status"),n=e.type==="model.response"?`model turn ${f(e,"turn")??"?"} attempt ${f(e,"attempt")??"?"}${t?` (HTTP ${t})`:""}`:e.type==="tool.result"?`tool ${p(e,"name")??"?"}`:Z(e)?.what??(e.type.startsWith("rlm.")?`RLM depth ${f(e,"depth")??0}`:p(e,"phase")??p(e,"target")??p(e,"command")??""),r=p(e,"error")??(e.type==="context.reload_rejected"?JSON.stringify(e.fields.rejected??[]):p(e,"reason")??p(e,"conclusion")??"failed");return{seq:e.seq,type:e.type,what:n,error:r}}var nt=2e6,ot=1e4;function je(e,t={}){let n=new de(t.totalChars??nt),{events:r}=e,s=D(e,t.prices),o=it(e,s,n),c=[Re(s,n),ye(r,n),be(r,n),xe(r,n),ke(r,t.result,n)],l=ve(r,n),i=fe(r,{budget:n,prices:t.prices,maxRows:t.maxRows??ot}),a=e.notes.map(h=>n.take(h,1e3));i.omitted>0&&a.push(`The timeline lists the first ${d(i.rows.length)} rows; ${d(i.omitted)} later events are left out (the statistics count them).`),n.cutValues>0&&a.push(`This page holds at most about ${d(n.total)} characters of journal text: ${d(n.cutValues)} later values are shown only in part (${d(n.cutChars)} characters left out). 'rivumi journal stats' and the journal file have everything.`);let m=new Map;for(let h of i.rows)m.set(h.kind,(m.get(h.kind)??0)+1);return{...o,notes:a,timeline:{rows:i.rows,kinds:[...m],events:r.length},rlm:l,sections:c,footer:n.take(`Made by ${t.generator??"rivumi"} from ${qe(e.path)} (${d(r.length)} events). Every value in this page comes from the journal and is shown as text.`,1e3)}}var st=["success","partial","failure","skipped","refused"];function it(e,t,n){let{events:r}=e,s=b=>r.find(M=>M.type===b),o=b=>r.findLast(M=>M.type===b),c=s("run.started"),l=s("trigger.parsed"),i=s("plan.decided"),a=o("run.finished"),m=o("run.failed"),h=l?.fields.detail??{},x=l&&p(l,"kind"),y=typeof h.number=="number"&&(x==="pull_request"||h.pr===!0)?h.number:void 0,u=(i&&p(i,"action"))??K(r[0]?.type??"run"),v=a&&p(a,"conclusion"),O=v?st.find(b=>b===v)??"other":m?"failure":"unfinished",P=new Set;for(let b of r)(b.type==="model.request"||b.type==="rlm.child_call")&&p(b,"model")&&P.add(p(b,"model"));let re=r.find(b=>b.time!==void 0)?.time,Ae=t.modelRequests+t.rlmTurns+t.childCalls+t.reviewBatches>0,ne=k(a)??(Ae?t.spend.tokens:void 0),oe=(a&&f(a,"costUsd"))??t.spend.costUsd,Be=dt(a,o("review.coverage")),Ue=[["Trigger",l||c?at(c&&p(c,"event"),x,h):""],["Pull request",y!==void 0?`#${y}${h.fork===!0?" (from a fork)":""}`:""],["Plan",i?`${u}, ${i.fields.trusted===!0?"trusted":"untrusted"}: ${g(i.fields.reason)}`:""],["Model",[...P].join(", ")],["Conclusion",lt(a,m)],["Started",re!==void 0?new Date(re).toISOString().replace("T"," ").replace(/\.\d+Z$/," UTC"):""],["Time",w(t.ms)],["Tokens",ne?q(ne):""],["Cost",oe!==void 0?S(oe):"unknown (no prices recorded; pass --prices IN,OUT)"],["Coverage",Be??""],["Rivumi",c?`${g(c.fields.version)} \xB7 ${g(c.fields.mode)} \xB7 run ${g(c.fields.runId)} attempt ${g(c.fields.attempt)}`:""],["Journal",`${qe(e.path)} \xB7 ${d(r.length)} events \xB7 schema ${[...e.versions.keys()].map(b=>`v${b}`).join(", ")||"not recorded"}`]],Ne=`Rivumi ${u}${y!==void 0?` of #${y}`:""}`;return{title:n.take(Ne,200),badge:O,badgeText:n.take(v??(m?"failed":"unfinished"),60),header:Ue.filter(([,b])=>g(b)!=="").map(([b,M])=>[b,n.take(M,600)])}}function at(e,t,n){let r=typeof n.action=="string"?` ${n.action}`:"",s=`${e??t??"?"}${r}${t&&t!==e?` (${t})`:""}`,o=Object.entries(n).filter(([c,l])=>!["number","action","event"].includes(c)&&l!==null&&typeof l!="object").map(([c,l])=>{let i=g(l);return`${c} ${/^[0-9a-f]{40,64}$/.test(i)?i.slice(0,12):i}`});return[s,...o].join(" \xB7 ")}function lt(e,t){return e?`${g(e.fields.conclusion)} (stop: ${g(e.fields.stop)})`:t?`failed in ${g(t.fields.phase)}: ${g(t.fields.error)}`:"not recorded: no run.finished event (the run was killed, or is still going)"}function dt(...e){for(let t of e){if(!t)continue;let n=t.type==="review.coverage"?t.fields.coverage??t.fields:t.fields.coverage;if(n==null)continue;if(typeof n=="string")return n;let r=n;if(typeof r.line=="string")return r.line;let s=r.hunks;return s&&typeof s.total=="number"?`${d(Number(s.examined??0))} of ${d(s.total)} hunks examined`:g(n)}}var Q=e=>e?`${d(e.input)} in / ${d(e.output)} out / ${d(e.cached)} cached`:"-",ee=e=>e===void 0?"-":S(e),T=(e,t=120)=>le(e,t).replace(/\r?\n/g,"\u23CE");function H(e,t,n){let r=e.map((o,c)=>Math.max(o.length,...t.map(l=>(l[c]??"").length))),s=o=>o.map((c,l)=>n.includes(l)?c.padStart(r[l]??0):c.padEnd(r[l]??0)).join("  ").trimEnd();return[s(e),...t.map(s)].map(o=>`  ${o}`)}function Oe(e,t){let n=[`${T(e.path,400)}: ${d(t.events)} events`];for(let r of e.notes)n.push(`note: ${r}`);n.push("",`time      ${w(t.ms)}`,`requests  ${d(t.modelRequests)} model, ${d(t.toolCalls)} tool calls, ${d(t.rlmTurns)} RLM turns, ${d(t.childCalls)} RLM child calls${t.reviewBatches?`, ${d(t.reviewBatches)} review batches`:""}`,`tokens    ${Q(t.spend.tokens)}`,`cost      ${ee(t.spend.costUsd)}${t.spend.costUsd===void 0?" (no prices: pass --prices IN,OUT)":""}`),t.recorded&&n.push(`recorded  ${Q(t.recorded.tokens)}${t.recorded.costUsd!==void 0?` \xB7 ${S(t.recorded.costUsd)}`:""} (run.finished)`),n.push("","by phase"),n.push(...H(["phase","events","time","tokens in","out","cached","cost"],t.byPhase.map(r=>[T(r.phase,40),d(r.events),w(r.ms),d(r.tokens.input),d(r.tokens.output),d(r.tokens.cached),ee(r.costUsd)]),[1,2,3,4,5,6])),t.byTool.length>0&&(n.push("","by tool"),n.push(...H(["tool","calls","errors","time","output"],t.byTool.map(r=>[T(r.tool,40),d(r.calls),d(r.errors),w(r.ms),$(r.bytes)]),[1,2,3,4]))),t.byModel.length>0&&(n.push("","by model"),n.push(...H(["model","requests","errors","time","tokens in","out","cached","cost"],t.byModel.map(r=>[T(r.model,60),d(r.requests),d(r.errors),w(r.ms),d(r.tokens.input),d(r.tokens.output),d(r.tokens.cached),ee(r.costUsd)]),[1,2,3,4,5,6,7]))),t.slowest.length>0&&(n.push("","slowest requests"),n.push(...H(["seq","time","request","model","tokens"],t.slowest.map(r=>[String(r.seq),w(r.ms),T(r.what,60),T(r.model,60),r.error?`error: ${T(r.error,80)}`:Q(r.tokens)]),[0,1]))),n.push("",`retries: ${d(t.retries.length)}`);for(let r of t.retries)n.push(`  seq ${r.seq}  ${T(r.what,60)}: ${T(r.error)}`);n.push("",`errors: ${d(t.errors.length+t.moreErrors)}`);for(let r of t.errors)n.push(`  seq ${r.seq}  ${T(r.type,40)}  ${T(r.what,60)}: ${T(r.error)}`);return t.moreErrors>0&&n.push(`  \u2026 and ${d(t.moreErrors)} more`),n.join(`
`)}var E=`usage: rivumi journal view JOURNAL [-o FILE] [--prices IN,OUT]
       rivumi journal stats JOURNAL [--json] [--prices IN,OUT]
       rivumi journal replay JOURNAL --base-url URL --model M [--limit N] [--json]

Reads the journal.jsonl of any run (review, task, memory command, RLM, triage; action or CLI).
view    writes one self-contained HTML page (default: JOURNAL with .html): the run, a searchable
        timeline, the RLM tree, the prompt sections, instructions, memory and findings. It loads
        nothing from the network; every journal value is shown as text, bounded.
stats   prints tokens, cost and time by phase, by tool and by model, the slowest requests, the
        retries and the errors.
replay  sends the run's recorded agent requests (requests.jsonl beside the journal) to another
        endpoint and model, one by one, and reports tokens, time and whether each reply's tool
        calls or final answer differ. It runs no tool and writes nothing. Key: OPENAI_API_KEY.
--prices IN,OUT prices requests in USD per million input and output tokens, when the journal
        has no cost.`;async function lr(e){if(ie(e,E))return 0;let[t,...n]=e;switch(t){case"view":return vt(n);case"stats":return wt(n);case"replay":return yt(n);case void 0:throw new R(`a subcommand is required: view, stats or replay
${E}`);default:throw new R(`unknown subcommand '${t}'; expected view, stats or replay
${E}`)}}var Le={prices:{type:"string"}};async function vt(e){let{values:t,positionals:n}=B({args:e,allowPositionals:!0,options:{output:{type:"string",short:"o"},...Le}},E),r=te(n),s=Me(t.prices),o=await V(r),c=me(je(o,{prices:s,result:ue(r),generator:`rivumi ${se}`}));if(t.output==="-")return process.stdout.write(c),0;let l=Ce(t.output??gt(ht(r),`${ft(r).replace(/\.jsonl?$/,"")}.html`));try{mt(l,c)}catch(i){throw new Error(`-o ${l}: ${i instanceof Error?i.message:String(i)}`)}for(let i of o.notes)process.stderr.write(`note: ${i.split(`
`)[0]}
`);return process.stdout.write(`${l} (${$(Buffer.byteLength(c))}, ${o.events.length} events)
`),0}async function wt(e){let{values:t,positionals:n}=B({args:e,allowPositionals:!0,options:{json:{type:"boolean",default:!1},...Le}},E),r=te(n),s=await V(r),o=D(s,Me(t.prices)),c=t.json?JSON.stringify({journal:r,version:ce(s)??null,notes:s.notes,...o},Pe):Oe(s,o);return process.stdout.write(`${c}
`),0}async function yt(e){let{values:t,positionals:n}=B({args:e,allowPositionals:!0,options:{"base-url":{type:"string"},model:{type:"string"},limit:{type:"string"},json:{type:"boolean",default:!1}}},E),r=te(n),s=t["base-url"];if(!s)throw new R(`--base-url URL is required for replay
${E}`);if(!/^https?:\/\//i.test(s))throw new R(`--base-url ${s}: expected an http(s) URL such as https://api.openai.com/v1`);if(!t.model)throw new R(`--model M is required for replay
${E}`);let o=t.limit===void 0?void 0:ae("limit",t.limit,1),{createOpenAIModel:c}=await import("./openai-model-RCEBQCVZ.js"),{readCliEnv:l}=await import("./bootstrap-QC77R4L7.js"),{formatReplay:i,NoRecordedRequests:a,replayJournal:m}=await import("./journal-replay-225HYXRY.js"),h=new AbortController,x=()=>h.abort(new Error("cancelled"));process.once("SIGINT",x);try{let y=await m({journalPath:r,model:c({baseUrl:s,apiKey:l().apiKey,model:t.model}),baseUrl:s,limit:o,signal:h.signal});return process.stdout.write(`${t.json?JSON.stringify(y,Pe):i(y)}
`),y.items.some(u=>"error"in u.replayed)?1:0}catch(y){if(!(y instanceof a))throw y;return process.stderr.write(`rivumi: ${y.message}
`),1}finally{process.off("SIGINT",x)}}var Pe=(e,t)=>t===void 0?null:t;function te(e){let[t,...n]=e;if(!t)throw new R(`JOURNAL is required: the path of a journal.jsonl
${E}`);if(n.length>0)throw new R(`unexpected argument '${n[0]}': give one JOURNAL`);let r=Ce(t);try{if(ct(r,ut.R_OK),!pt(r).isFile())throw new Error("not a file")}catch{throw new R(`JOURNAL ${t}: not a readable file`)}return r}function Me(e){if(e===void 0)return;let t=/^\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*$/.exec(e);if(!t)throw new R(`--prices ${e}: expected IN,OUT in USD per million tokens, such as 0.4,1.6`);return{inputPerMTok:Number(t[1]),outputPerMTok:Number(t[2])}}export{E as USAGE,lr as run};
