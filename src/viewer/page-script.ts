/**
 * The page's only script. It reads the data block with JSON.parse and builds every element with
 * createElement and textContent: journal text never passes through an HTML parser. Links are made
 * only for http(s) URLs. The address's `#` part can open every collapsed part (`#expand-all`) and
 * set the filters (`#kind=tool&errors&q=read_file`). When done it sets `data-status="ready"` on
 * the body (or `error` and a visible message).
 */
export const PAGE_SCRIPT = `
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
`;
