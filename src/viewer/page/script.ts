// The page's only script, run by the browser (typed against the DOM by ./tsconfig.json; the build
// compiles it into one function the page embeds, see ../page-script.ts). It reads the data block
// with JSON.parse and builds every element with createElement and textContent: journal text never
// passes through an HTML parser. Links are made only for http(s) URLs. The address's `#` part can
// open every collapsed part (`#expand-all`) and set the filters (`#kind=tool&errors&q=read_file`).
// When done it sets `data-status="ready"` on the body (or `error` and a visible message).
import type { Cell, LongText, PageData, RlmNodeView, Section, Table } from "../page-data.js";
import { add, el, fill, firstLine, linkOrText, longText, n, section } from "./dom.js";
import { renderTimeline } from "./timeline.js";

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
