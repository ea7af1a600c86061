/**
 * The small YAML subset a SKILL.md front matter needs, without a dependency: `key: value` lines,
 * quoted values, indented continuation lines and `|` / `>` block values (folded to one line).
 * Nested structures are read as text and ignored by the caller.
 */

export interface FrontMatter {
  fields: ReadonlyMap<string, string>;
  /** Everything after the closing `---`, leading blank lines dropped. */
  body: string;
}

/** Null when the text does not start with a `---` line closed by `---` (or `...`). */
export function parseFrontMatter(text: string): FrontMatter | null {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trimEnd() !== "---") return null;
  const end = lines.findIndex((l, i) => i > 0 && (l.trimEnd() === "---" || l.trimEnd() === "..."));
  if (end < 0) return null;

  const fields = new Map<string, string>();
  let key: string | undefined;
  let parts: string[] = [];
  const flush = () => {
    if (key !== undefined && !fields.has(key)) fields.set(key, scalar(parts));
  };
  for (const line of lines.slice(1, end)) {
    if (line.trim() === "" || /^#/.test(line)) continue;
    const m = /^([A-Za-z_][\w-]*)\s*:(?:\s+(.*))?$/.exec(line);
    if (m) {
      flush();
      key = m[1];
      parts = [m[2] ?? ""];
    } else if (/^\s/.test(line) && key !== undefined) {
      parts.push(line.trim());
    } else {
      return null;
    }
  }
  flush();
  return {
    fields,
    body: lines
      .slice(end + 1)
      .join("\n")
      .replace(/^\s*\n/, ""),
  };
}

function scalar(parts: string[]): string {
  const [first = "", ...rest] = parts;
  const block = /^[|>][+-]?$/.test(first.trim());
  const joined = (block ? rest : [first, ...rest]).join(" ").replace(/\s+/g, " ").trim();
  const double = /^"(.*)"$/.exec(joined);
  if (double) return (double[1] ?? "").replace(/\\(["\\])/g, "$1");
  const single = /^'(.*)'$/.exec(joined);
  if (single) return (single[1] ?? "").replace(/''/g, "'");
  // A plain value ends at a comment.
  return block ? joined : joined.replace(/\s+#.*$/, "");
}
