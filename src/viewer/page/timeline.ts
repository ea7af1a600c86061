// The timeline: one grid line per row, with its search, kind and errors filters, which the
// address's `#` part can set too.
import type { PageData, Row } from "../page-data.js";
import { add, el, fill, fullText, linkOrText, longText, n, section } from "./dom.js";

/** Sets the timeline's filters from one `key=value` of the address's `#` part. */
export type HashFilter = (key: string, value: string) => void;

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

export function renderTimeline(parent: Node, timeline: PageData["timeline"]): HashFilter {
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
