// The page's tables: the prompt manifest, the instruction diagnostics, the memory used and the
// findings, read from the events whatever version wrote them (a missing field is a blank cell).
import { num, str } from "./fields.js";
import type { Cell, Section, Table } from "./page-data.js";
import type { RecordedEvent } from "./read.js";
import { bytes, count, httpUrl, textOf, type TextBudget } from "./text.js";

type Item = Record<string, unknown>;

const items = (value: unknown): Item[] =>
  Array.isArray(value)
    ? value.filter((x): x is Item => typeof x === "object" && x !== null && !Array.isArray(x))
    : [];
const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((x) => textOf(x)) : value === undefined ? [] : [textOf(value)];
const size = (value: unknown) => (typeof value === "number" ? bytes(value) : "");

export function promptSection(events: readonly RecordedEvent[], budget: TextBudget): Section {
  const built = events.filter((e) => e.type === "prompt.built");
  return {
    id: "prompt",
    title: "Prompt sections",
    empty: "No prompt.built event: this run assembled no agent prompt.",
    tables: built.map((e) => ({
      caption: budget.take(
        `seq ${e.seq} · ${size(e.fields.bytes)} · cache key ${str(e, "cacheKey")?.slice(0, 16) ?? "?"} (${e.fields.cacheKeySent === true ? "sent" : "not sent"})`,
        300,
      ),
      columns: ["section", "version", "stability", "sources", "size", "sha256"],
      numeric: [1, 4],
      rows: items(e.fields.sections).map((s) =>
        [
          s.id,
          s.version,
          s.stability,
          list(s.sources).join(", "),
          size(s.bytes),
          textOf(s.sha256).slice(0, 16),
        ].map((v) => budget.take(v, 400)),
      ),
    })),
  };
}

export function instructionsSection(events: readonly RecordedEvent[], budget: TextBudget): Section {
  const tables: Table[] = [];
  for (const e of events.filter((x) => x.type === "instructions.resolved")) {
    const diagnostics = (e.fields.diagnostics ?? {}) as Item;
    const t = (v: unknown, max = 400) => budget.take(v, max);
    tables.push({
      caption: t(
        `seq ${e.seq} · from ${str(e, "from") ?? "?"}${diagnostics.layering === "stack" ? " · layers stacked" : ""}${diagnostics.truncated === true ? ` · rendered instructions were cut to fit their budget${list(diagnostics.cut).length ? `: ${list(diagnostics.cut).join(", ")} not shown in full` : ""}` : ""}`,
      ),
      columns: ["document", "layer", "status", "reason", "size", "governs", "sha256"],
      numeric: [4],
      rows: items(diagnostics.documents).map((d) => {
        const by = list(d.by);
        const why = `${textOf(d.reason)}${by.length ? ` by ${by.join(", ")}` : ""}`;
        return [
          t(d.path),
          t(d.layer, 40),
          d.status === "rejected" ? { text: t(d.status, 40), error: true } : t(d.status, 40),
          t(why),
          typeof d.bytes === "number" ? bytes(d.bytes) : "",
          t(list(d.governs).join(", ")),
          t(textOf(d.sha256).slice(0, 16), 40),
        ];
      }),
    });
    const dirs = items(diagnostics.directories);
    if (dirs.length > 0)
      tables.push({
        caption: "active directories",
        columns: ["directory", "governed by"],
        rows: dirs.map((d) => [
          t(d.dir),
          t(list(d.layers).length > 0 ? list(d.layers).join(", ") : (d.active ?? "(none)")),
        ]),
      });
    const skills = items(e.fields.skills).map((s): Cell[] => [t(s.name), t(s.path), ""]);
    const rejected = items(e.fields.rejectedSkills).map((s): Cell[] => [
      "",
      t(s.path),
      { text: t(s.reason), error: true },
    ]);
    if (skills.length + rejected.length > 0)
      tables.push({
        caption: "skills",
        columns: ["skill", "path", "rejected because"],
        rows: [...skills, ...rejected],
      });
  }
  return {
    id: "instructions",
    title: "Instructions",
    empty: "No instructions.resolved event: this run read no instruction documents.",
    tables,
  };
}

export function memorySection(events: readonly RecordedEvent[], budget: TextBudget): Section {
  const t = (v: unknown, max = 400) => budget.take(v, max);
  const rows: Cell[][] = [];
  for (const e of events) {
    if (e.type === "memory.loaded") {
      const ids = list(e.fields.ids);
      rows.push([
        t(e.type, 60),
        t(str(e, "source")),
        `${count(num(e, "selected") ?? 0)} selected of ${count(num(e, "loaded") ?? 0)} rows, ${count(num(e, "skipped") ?? 0)} skipped`,
        t(
          ids.length
            ? ids.join(", ")
            : e.fields.ids === undefined
              ? "(ids not recorded)"
              : "(none)",
          4_000,
        ),
      ]);
    } else if (e.type.startsWith("memory.")) {
      const { type: _t, v: _v, seq: _s, ts: _ts, ...rest } = e.fields;
      const error = str(e, "error");
      rows.push([
        t(e.type, 60),
        t(str(e, "source") ?? str(e, "command") ?? ""),
        error ? { text: t(error), error: true } : t(str(e, "reason") ?? str(e, "conclusion") ?? ""),
        t(textOf(rest), 600),
      ]);
    }
  }
  return {
    id: "memory",
    title: "Memory",
    empty: "No memory events: this run did not read the memory store.",
    tables: rows.length ? [{ columns: ["event", "source", "what", "details / ids"], rows }] : [],
  };
}

/**
 * Findings and where they went: from the last `review.findings` event, else (without where
 * they were posted) from the result file beside the journal.
 */
export function findingsSection(
  events: readonly RecordedEvent[],
  result: unknown,
  budget: TextBudget,
): Section {
  const t = (v: unknown, max = 400) => budget.take(v, max);
  const recorded = events.filter((e) => e.type === "review.findings");
  const fromResult = items(((result as Item | undefined)?.review as Item | undefined)?.findings);
  // The last one counts: publishing may record the findings again once it knows where each went.
  const last = recorded.at(-1);
  const found = last ? items(last.fields.findings) : fromResult;
  const rows = found.map((f): Cell[] => {
    const line =
      f.start_line !== undefined ? `${textOf(f.start_line)}-${textOf(f.line)}` : textOf(f.line);
    const posted = f.posted ?? f.where ?? f.placement ?? f.target;
    const url = httpUrl(f.url);
    const where = recorded.length ? (posted === undefined ? "" : textOf(posted)) : "not recorded";
    return [
      t(f.severity, 40),
      t(`${textOf(f.path)}${line ? `:${line}` : ""}`),
      url ? { text: t(where || "link", 200), href: url } : t(where, 200),
      t(f.body ?? f.title ?? f.message, 4_000),
    ];
  });
  const notes = recorded.length
    ? []
    : fromResult.length
      ? [
          "From result.json beside the journal: this journal has no review.findings event, so where each finding was posted is not known.",
        ]
      : [];
  return {
    id: "findings",
    title: `Findings (${count(found.length)})`,
    empty:
      "No findings recorded (no review.findings event, and no result.json with findings beside the journal).",
    notes,
    tables: rows.length
      ? [{ columns: ["severity", "where in the code", "posted", "finding"], rows }]
      : [],
  };
}
