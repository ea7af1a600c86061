// The page's only script, run by the browser (typed against the DOM by ./tsconfig.json; the build
// compiles it into one function the page embeds, see ../page-script.ts). It reads the data block
// with JSON.parse and builds every element with createElement and textContent: journal text never
// passes through an HTML parser. Links are made only for http(s) URLs. The address's `#` part can
// open every collapsed part (`#expand-all`) and set the filters (`#kind=tool&errors&q=read_file`).
// When done it sets `data-status="ready"` on the body (or `error` and a visible message).
import type { Cell, LongText, PageData, RlmNodeView, Row, Section, Table } from "../page-data.js";

type Tag = keyof HTMLElementTagNameMap;
/** Sets the timeline's filters from one `key=value` of the address's `#` part. */
type HashFilter = (key: string, value: string) => void;

const BADGES = ["success", "partial", "failure", "skipped", "refused", "unfinished", "other"];
const body = document.body;
const statusLine = byId("status");

function byId(id: string): HTMLElement {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no #${id}`);
  return node;
}

function fail(message: string): void {
  body.setAttribute("data-status", "error");
  statusLine.textContent = "This page could not be shown: " + message;
}
window.addEventListener("error", (event) => fail(String(event.message)));

const n = (x: number) => Number(x).toLocaleString("en-US");

function el<K extends Tag>(tag: K, cls?: string | null, text?: string | number | null) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function add<T extends Node>(parent: Node, child: T): T {
  parent.appendChild(child);
  return child;
}

function linkOrText(text: string, href: string | undefined): HTMLElement {
  if (typeof href !== "string" || !/^https?:\/\//i.test(href)) return el("span", null, text);
  const a = el("a", null, text);
  a.setAttribute("href", href);
  a.setAttribute("rel", "noopener noreferrer nofollow");
  a.setAttribute("target", "_blank");
  return a;
}

function firstLine(text: string): string {
  const line = text.split("\n")[0] ?? "";
  return line.length > 80 ? line.slice(0, 80) + "\u2026" : line;
}

// A collapsed text enters the document when it is first opened: a page of many rows stays light.
const lazy = new WeakMap<Element, string>();

function longText(label: string, text: string, code?: boolean): HTMLDetailsElement {
  const details = el("details", "long");
  add(details, el("summary", null, label + " \u00b7 " + n(text.length) + " chars"));
  add(details, el("pre", code ? "code" : null));
  lazy.set(details, text);
  details.addEventListener("toggle", () => {
    if (details.open) fill(details);
  });
  return details;
}

function fill(details: Element): void {
  const text = lazy.get(details);
  if (text === undefined) return;
  lazy.delete(details);
  if (details.lastChild) details.lastChild.textContent = text;
}

/** Everything a row holds, its collapsed texts included. */
function fullText(node: Element): string {
  const own = lazy.get(node);
  let text = (node.textContent ?? "") + (own !== undefined ? "\n" + own : "");
  node.querySelectorAll("details.long").forEach((d) => {
    const inner = lazy.get(d);
    if (inner !== undefined) text += "\n" + inner;
  });
  return text;
}

function cell(tag: "td" | "th", value: Cell, numeric: boolean): HTMLTableCellElement {
  const td = el(tag, numeric ? "num" : null);
  const v = typeof value === "string" ? { text: value } : value;
  if ("error" in v && v.error) td.classList.add("err");
  if ("href" in v && v.href) add(td, linkOrText(v.text, v.href));
  else if (v.text.length > 160 || v.text.indexOf("\n") >= 0)
    add(td, longText(firstLine(v.text), v.text, "code" in v ? v.code : undefined));
  else td.textContent = v.text;
  return td;
}

function table(t: Table): HTMLTableElement {
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

function section(parent: Node, id: string, title: string): HTMLElement {
  const s = add(parent, el("section"));
  s.id = id;
  add(s, el("h2", null, title));
  return s;
}

function renderSection(parent: Node, sec: Section): void {
  const s = section(parent, sec.id, sec.title);
  (sec.notes ?? []).forEach((note) => add(s, el("p", "muted", note)));
  if (sec.tables.length === 0) add(s, el("p", "muted", sec.empty ?? "Nothing recorded."));
  sec.tables.forEach((t) => add(s, table(t)));
}

function summaryOf(title: string, detail: string): HTMLElement {
  const s = el("summary");
  add(s, el("span", null, title + " "));
  add(s, el("span", "detail", detail));
  return s;
}

function addTexts(parent: Node, texts: LongText[]): void {
  texts.forEach((x) => {
    add(parent, el("div", "muted", x.label));
    add(parent, el("pre", x.code ? "code" : null, x.text));
  });
}

function renderNode(node: RlmNodeView): HTMLLIElement {
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

function renderRow(list: Node, r: Row): void {
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

function renderTimeline(parent: Node, timeline: PageData["timeline"]): HashFilter {
  const rows = timeline.rows;
  const title = `Timeline \u00b7 ${n(rows.length)} rows from ${n(timeline.events)} events`;
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
  // Rows are grid lines rather than table rows, so the browser lays out only those on screen.
  const list = add(s, el("div", "timeline"));
  list.id = "timeline-rows";
  const head = add(list, el("div", "trow head"));
  ["seq", "time", "phase", "event", "detail"].forEach((c) => add(head, el("div", null, c)));
  rows.forEach((r) => renderRow(list, r));
  const texts = new Map<Element, string>();
  function apply(): void {
    const q = search.value.trim().toLowerCase();
    let count = 0;
    let total = 0;
    document.querySelectorAll<HTMLElement>(".row").forEach((tr) => {
      const event = tr.classList.contains("event");
      let ok = true;
      if (event) {
        total++;
        if (kind.value !== "all" && tr.getAttribute("data-kind") !== kind.value) ok = false;
        if (errorsOnly.checked && !tr.hasAttribute("data-error")) ok = false;
      }
      if (ok && q) {
        let text = texts.get(tr);
        if (text === undefined) texts.set(tr, (text = fullText(tr).toLowerCase()));
        ok = text.indexOf(q) >= 0;
        // Open the collapsed texts that hold what was searched for.
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

/** The address's #part: expand-all, errors, kind=K and q=TEXT, joined with &. */
function hashParts(): [key: string, value: string][] {
  return location.hash
    .replace(/^#/, "")
    .split("&")
    .map((part) => {
      const eq = part.indexOf("=");
      let value = eq < 0 ? "" : part.slice(eq + 1);
      try {
        value = decodeURIComponent(value);
      } catch {
        // shown as written
      }
      return [eq < 0 ? part : part.slice(0, eq), value];
    });
}

function setAll(open: boolean): void {
  document.querySelectorAll("details").forEach((d) => {
    if (open) fill(d);
    d.open = open;
  });
}

function renderHeader(page: Node, data: PageData): void {
  document.title = data.title + " \u00b7 " + data.badgeText;
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

function renderNav(page: Node, parts: { id: string; title: string }[]): void {
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

function render(): void {
  const started = Date.now();
  const data = JSON.parse(byId("rivumi-data").textContent ?? "") as PageData;
  const page = byId("page");
  renderHeader(page, data);
  const stats = data.sections.filter((x) => x.id === "stats");
  const rest = data.sections.filter((x) => x.id !== "stats");
  const nav = [
    { id: "timeline", title: "Timeline" },
    { id: "rlm", title: "RLM" },
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
  function honourHash(): void {
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
