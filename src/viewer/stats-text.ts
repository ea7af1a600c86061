// `rivumi journal stats` as text: a few aligned tables, every journal string shown safely.
import { anyReasoning, tokenCells, tokenColumns, tokenCounts, type Tokens } from "./fields.js";
import type { ReadJournal } from "./read.js";
import type { JournalStats } from "./stats.js";
import { count, duration, shown, usd, bytes } from "./text.js";

const tokens = (t: Tokens | undefined) => (t ? tokenCounts(t) : "-");
/** Indexes `from`…`from + n - 1`: the numeric columns of a table. */
const span = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
const cost = (c: number | undefined) => (c === undefined ? "-" : usd(c));
/** Journal text on one terminal line: invisible characters and line breaks shown, bounded. */
const line = (text: string, max = 120) => shown(text, max).replace(/\r?\n/g, "⏎");

/** Columns padded to their widest cell; numeric columns (by index) aligned right. */
function table(head: string[], rows: string[][], numeric: number[]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const pad = (cells: string[]) =>
    cells
      .map((c, i) => (numeric.includes(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [pad(head), ...rows.map(pad)].map((l) => `  ${l}`);
}

/** The run's cost and where it comes from. */
export function costText(s: JournalStats): string {
  if (s.costUsd === undefined) return "- (no cost recorded: pass --prices IN,OUT to price it)";
  return s.costFrom === "run.finished"
    ? `${usd(s.costUsd)} (as the run recorded it)`
    : usd(s.costUsd);
}

/** The journal's span, and the run's own count to its outcome when that is another figure. */
export function timeText(s: JournalStats): string {
  const own = s.recorded?.ms;
  const differs = own !== undefined && Math.abs(own - s.ms) >= Math.max(100, s.ms / 100);
  return differs
    ? `${duration(s.ms)} (${duration(own)} to the outcome, then publishing)`
    : duration(s.ms);
}

export function formatStats(journal: ReadJournal, s: JournalStats): string {
  const out: string[] = [`${line(journal.path, 400)}: ${count(s.events)} events`];
  for (const note of journal.notes) out.push(`note: ${note}`);
  out.push(
    "",
    `time      ${timeText(s)}`,
    `requests  ${count(s.modelRequests)} model, ${count(s.toolCalls)} tool calls, ${count(s.rlmTurns)} RLM turns, ${count(s.childCalls)} RLM child calls${s.reviewBatches ? `, ${count(s.reviewBatches)} review batches${s.reviewRepairs ? ` (${count(s.reviewRepairs)} repaired: one more request each)` : ""}` : ""}`,
    ...(s.negotiated.length > 0 ? [`refused   ${line(s.negotiated.join("; "), 400)}`] : []),
    `tokens    ${tokens(s.spend.tokens)}`,
    `cost      ${costText(s)}`,
  );
  if (s.recorded)
    out.push(
      `recorded  ${tokens(s.recorded.tokens)}${s.recorded.costUsd !== undefined ? ` · ${usd(s.recorded.costUsd)}` : ""} (run.finished)`,
    );
  out.push("", "by phase");
  const phaseReasoning = anyReasoning(s.byPhase);
  const phaseHead = ["phase", "events", "time", ...tokenColumns(phaseReasoning), "cost"];
  out.push(
    ...table(
      phaseHead,
      s.byPhase.map((p) => [
        line(p.phase, 40),
        count(p.events),
        duration(p.ms),
        ...tokenCells(p.tokens, phaseReasoning),
        cost(p.costUsd),
      ]),
      span(1, phaseHead.length - 1),
    ),
  );
  if (s.byTool.length > 0) {
    out.push("", "by tool");
    out.push(
      ...table(
        ["tool", "calls", "errors", "time", "output"],
        s.byTool.map((t) => [
          line(t.tool, 40),
          count(t.calls),
          count(t.errors),
          duration(t.ms),
          bytes(t.bytes),
        ]),
        [1, 2, 3, 4],
      ),
    );
  }
  if (s.byModel.length > 0) {
    out.push("", "by model");
    const reasoning = anyReasoning(s.byModel);
    const head = ["model", "requests", "errors", "time", ...tokenColumns(reasoning), "cost"];
    out.push(
      ...table(
        head,
        s.byModel.map((m) => [
          line(m.model, 60),
          count(m.requests),
          count(m.errors),
          duration(m.ms),
          ...tokenCells(m.tokens, reasoning),
          cost(m.costUsd),
        ]),
        span(1, head.length - 1),
      ),
    );
  }
  if (s.slowest.length > 0) {
    out.push("", "slowest requests");
    out.push(
      ...table(
        ["seq", "time", "request", "model", "tokens"],
        s.slowest.map((r) => [
          String(r.seq),
          duration(r.ms),
          line(r.what, 60),
          line(r.model, 60),
          r.error ? `error: ${line(r.error, 80)}` : tokens(r.tokens),
        ]),
        [0, 1],
      ),
    );
  }
  out.push("", `retries: ${count(s.retries.length)}`);
  for (const r of s.retries) out.push(`  seq ${r.seq}  ${line(r.what, 60)}: ${line(r.error)}`);
  out.push("", `errors: ${count(s.errors.length + s.moreErrors)}`);
  for (const e of s.errors)
    out.push(`  seq ${e.seq}  ${line(e.type, 40)}  ${line(e.what, 60)}: ${line(e.error)}`);
  if (s.moreErrors > 0) out.push(`  … and ${count(s.moreErrors)} more`);
  return out.join("\n");
}
