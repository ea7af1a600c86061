// The page's building blocks: elements made with createElement and textContent only, links
// only for http(s) URLs, and long texts that enter the document when first opened.

type Tag = keyof HTMLElementTagNameMap;

export const n = (x: number) => Number(x).toLocaleString("en-US");

export function el<K extends Tag>(tag: K, cls?: string | null, text?: string | number | null) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

export function add<T extends Node>(parent: Node, child: T): T {
  parent.appendChild(child);
  return child;
}

export function linkOrText(text: string, href: string | undefined): HTMLElement {
  if (typeof href !== "string" || !/^https?:\/\//i.test(href)) return el("span", null, text);
  const a = el("a", null, text);
  a.setAttribute("href", href);
  a.setAttribute("rel", "noopener noreferrer nofollow");
  a.setAttribute("target", "_blank");
  return a;
}

export function firstLine(text: string): string {
  const line = text.split("\n")[0] ?? "";
  return line.length > 80 ? line.slice(0, 80) + "\u2026" : line;
}

// A collapsed text enters the document when it is first opened: a page of many rows stays light.
const lazy = new WeakMap<Element, string>();

export function longText(label: string, text: string, code?: boolean): HTMLDetailsElement {
  const details = el("details", "long");
  add(details, el("summary", null, label + " \u00b7 " + n(text.length) + " chars"));
  add(details, el("pre", code ? "code" : null));
  lazy.set(details, text);
  details.addEventListener("toggle", () => {
    if (details.open) fill(details);
  });
  return details;
}

export function fill(details: Element): void {
  const text = lazy.get(details);
  if (text === undefined) return;
  lazy.delete(details);
  if (details.lastChild) details.lastChild.textContent = text;
}

/** Everything a row holds, its collapsed texts included. */
export function fullText(node: Element): string {
  const own = lazy.get(node);
  let text = (node.textContent ?? "") + (own !== undefined ? "\n" + own : "");
  node.querySelectorAll("details.long").forEach((d) => {
    const inner = lazy.get(d);
    if (inner !== undefined) text += "\n" + inner;
  });
  return text;
}

export function section(parent: Node, id: string, title: string): HTMLElement {
  const s = add(parent, el("section"));
  s.id = id;
  add(s, el("h2", null, title));
  return s;
}
