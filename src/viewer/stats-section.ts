// The statistics of `rivumi journal stats`, as the page's tables.
import { anyReasoning, reasoningOf, tokenCells, tokenColumns } from "./fields.js";
import type { Cell, Section } from "./page-data.js";
import type { JournalStats } from "./stats.js";
import { bytes, count, duration, usd, type TextBudget } from "./text.js";

const cost = (c: number | undefined) => (c === undefined ? "" : usd(c));
/** Indexes `from`…`to - 1`: the numeric columns of a table. */
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

export function statsSection(s: JournalStats, budget: TextBudget): Section {
  const t = (v: unknown, max = 200) => budget.take(v, max);
  const phaseReasoning = anyReasoning(s.byPhase);
  const phaseColumns = ["phase", "events", "time", ...tokenColumns(phaseReasoning), "cost"];
  const modelReasoning = anyReasoning(s.byModel);
  const modelColumns = [
    "model",
    "requests",
    "errors",
    "time",
    ...tokenColumns(modelReasoning),
    "cost",
  ];
  // A failed attempt that was retried is listed once, as a retry rather than as an error.
  const retried = new Set(s.retries.map((r) => r.seq));
  const problems = [...s.retries, ...s.errors.filter((e) => !retried.has(e.seq))]
    .sort((a, b) => a.seq - b.seq)
    .map((p): Cell[] => [
      String(p.seq),
      t(p.type, 60),
      t(p.what),
      retried.has(p.seq)
        ? t(`${p.error} (retried)`, 1_000)
        : { text: t(p.error, 1_000), error: true },
    ]);
  return {
    id: "stats",
    title: "Where the time and tokens went",
    notes: s.moreErrors > 0 ? [`${count(s.moreErrors)} more errors are not listed.`] : [],
    tables: [
      {
        caption: "by phase (time: from the event before to each event of the phase)",
        columns: phaseColumns,
        numeric: range(1, phaseColumns.length),
        rows: s.byPhase.map((p) => [
          t(p.phase, 60),
          count(p.events),
          duration(p.ms),
          ...tokenCells(p.tokens, phaseReasoning),
          cost(p.costUsd),
        ]),
      },
      {
        caption: "by model",
        columns: modelColumns,
        numeric: range(1, modelColumns.length),
        rows: s.byModel.map((m) => [
          t(m.model),
          count(m.requests),
          count(m.errors),
          duration(m.ms),
          ...tokenCells(m.tokens, modelReasoning),
          cost(m.costUsd),
        ]),
      },
      {
        caption: "by tool",
        columns: ["tool", "calls", "errors", "time", "output"],
        numeric: [1, 2, 3, 4],
        rows: s.byTool.map((x) => [
          t(x.tool),
          count(x.calls),
          count(x.errors),
          duration(x.ms),
          bytes(x.bytes),
        ]),
      },
      {
        caption: "slowest requests",
        columns: ["seq", "request", "model", "time", "tokens"],
        numeric: [0, 3],
        rows: s.slowest.map((r) => [
          String(r.seq),
          t(r.what),
          t(r.model),
          duration(r.ms),
          r.error
            ? { text: t(r.error, 400), error: true }
            : r.tokens
              ? `${count(r.tokens.input)} in / ${count(r.tokens.output)} out${reasoningOf(r.tokens)}`
              : "",
        ]),
      },
      {
        caption: `retries (${count(s.retries.length)}) and errors (${count(s.errors.length + s.moreErrors)})`,
        columns: ["seq", "event", "what", "error"],
        numeric: [0],
        rows: problems,
      },
    ].filter((table) => table.rows.length > 0),
  };
}
