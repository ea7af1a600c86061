// A journal as the page shows it: the run's header, the notes, the timeline, the RLM tree and the
// tables, every value bounded and the page as a whole bounded too.
import { basename } from "node:path";
import { str, tokensOf, type Prices } from "./fields.js";
import type { Badge, PageData } from "./page-data.js";
import type { ReadJournal, RecordedEvent } from "./read.js";
import type { RecordedRequests } from "./requests.js";
import { buildRlmTree } from "./rlm-tree.js";
import { findingsSection, instructionsSection, memorySection, promptSection } from "./sections.js";
import { statsSection } from "./stats-section.js";
import { journalStats, type JournalStats } from "./stats.js";
import { timeText } from "./stats-text.js";
import { count, textOf, TextBudget, usd } from "./text.js";
import { buildTimeline, kindOf, tokensText } from "./timeline.js";

export interface PageOptions {
  prices?: Prices | undefined;
  /** The parsed result.json beside the journal, for findings the journal does not list. */
  result?: unknown;
  /** Characters of journal text the page may hold in all; later values get a short preview. */
  totalChars?: number;
  /** Timeline rows listed; later events count in the statistics only. */
  maxRows?: number;
  /** Shown in the footer: which Rivumi made the page. */
  generator?: string;
  /** `requests.jsonl` beside the journal, read: the timeline shows what each request sent. */
  requests?: RecordedRequests | undefined;
}

const TOTAL_CHARS = 2_000_000;
const MAX_ROWS = 10_000;

export function buildPage(journal: ReadJournal, opts: PageOptions = {}): PageData {
  const budget = new TextBudget(opts.totalChars ?? TOTAL_CHARS);
  const { events } = journal;
  const stats = journalStats(journal, opts.prices);
  // The header and the tables first: when the budget runs out, the timeline's tail is cut short.
  const header = headerOf(journal, stats, budget);
  const sections = [
    statsSection(stats, budget),
    promptSection(events, budget),
    instructionsSection(events, budget),
    memorySection(events, budget),
    findingsSection(events, opts.result, budget),
  ];
  const rlm = buildRlmTree(events, budget);
  const timeline = buildTimeline(events, {
    budget,
    prices: opts.prices,
    maxRows: opts.maxRows ?? MAX_ROWS,
    requests: opts.requests,
  });
  const notes = [...journal.notes, ...(opts.requests?.notes ?? [])].map((n) =>
    budget.take(n, 1_000),
  );
  if (timeline.omitted > 0)
    notes.push(
      `The timeline lists the first ${count(timeline.rows.length)} rows; ${count(timeline.omitted)} later events are left out (the statistics count them).`,
    );
  if (budget.cutValues > 0)
    notes.push(
      `This page holds at most about ${count(budget.total)} characters of journal text: ${count(budget.cutValues)} later values are shown only in part (${count(budget.cutChars)} characters left out). 'rivumi journal stats' and the journal file have everything.`,
    );
  const kinds = new Map<string, number>();
  for (const row of timeline.rows) kinds.set(row.kind, (kinds.get(row.kind) ?? 0) + 1);
  return {
    ...header,
    notes,
    timeline: { rows: timeline.rows, kinds: [...kinds], events: events.length },
    rlm,
    sections,
    footer: budget.take(
      `Made by ${opts.generator ?? "rivumi"} from ${basename(journal.path)} (${count(events.length)} events). Every value in this page comes from the journal and is shown as text.`,
      1_000,
    ),
  };
}

const BADGES: readonly Badge[] = ["success", "partial", "failure", "skipped", "refused"];

function headerOf(
  journal: ReadJournal,
  stats: JournalStats,
  budget: TextBudget,
): Pick<PageData, "title" | "badge" | "badgeText" | "header"> {
  const { events } = journal;
  const first = (type: string) => events.find((e) => e.type === type);
  const last = (type: string) => events.findLast((e) => e.type === type);
  const started = first("run.started");
  const trigger = first("trigger.parsed");
  const plan = first("plan.decided");
  const finished = last("run.finished");
  const failed = last("run.failed");
  const detail = (trigger?.fields.detail ?? {}) as Record<string, unknown>;
  const kind = trigger && str(trigger, "kind");
  const pr =
    typeof detail.number === "number" && (kind === "pull_request" || detail.pr === true)
      ? detail.number
      : undefined;
  const action = (plan && str(plan, "action")) ?? kindOf(events[0]?.type ?? "run");
  const conclusion = finished && str(finished, "conclusion");
  const badge: Badge = conclusion
    ? (BADGES.find((b) => b === conclusion) ?? "other")
    : failed
      ? "failure"
      : "unfinished";
  const models = new Set<string>();
  for (const e of events)
    if ((e.type === "model.request" || e.type === "rlm.child_call") && str(e, "model"))
      models.add(str(e, "model")!);
  const t0 = events.find((e) => e.time !== undefined)?.time;
  const called = stats.modelRequests + stats.rlmTurns + stats.childCalls + stats.reviewBatches > 0;
  const tokens = tokensOf(finished) ?? (called ? stats.spend.tokens : undefined);
  const cost = stats.costUsd;
  const coverage = coverageLine(finished, last("review.coverage"));
  const fields: [string, unknown][] = [
    [
      "Trigger",
      trigger || started ? triggerText(started && str(started, "event"), kind, detail) : "",
    ],
    [
      "Pull request",
      pr !== undefined ? `#${pr}${detail.fork === true ? " (from a fork)" : ""}` : "",
    ],
    [
      "Plan",
      plan
        ? `${action}, ${plan.fields.trusted === true ? "trusted" : "untrusted"}: ${textOf(plan.fields.reason)}`
        : "",
    ],
    ["Model", [...models].join(", ")],
    ["Conclusion", conclusionText(finished, failed)],
    [
      "Started",
      t0 !== undefined
        ? new Date(t0)
            .toISOString()
            .replace("T", " ")
            .replace(/\.\d+Z$/, " UTC")
        : "",
    ],
    ["Time", timeText(stats)],
    ["Tokens", tokens ? tokensText(tokens) : ""],
    ["Cost", cost !== undefined ? usd(cost) : "unknown (no cost recorded; pass --prices IN,OUT)"],
    ["Coverage", coverage ?? ""],
    [
      "Rivumi",
      started
        ? `${textOf(started.fields.version)} · ${textOf(started.fields.mode)} · run ${textOf(started.fields.runId)} attempt ${textOf(started.fields.attempt)}`
        : "",
    ],
    [
      "Journal",
      `${basename(journal.path)} · ${count(events.length)} events · schema ${[...journal.versions.keys()].map((v) => `v${v}`).join(", ") || "not recorded"}`,
    ],
  ];
  const title = `Rivumi ${action}${pr !== undefined ? ` of #${pr}` : ""}`;
  return {
    title: budget.take(title, 200),
    badge,
    badgeText: budget.take(conclusion ?? (failed ? "failed" : "unfinished"), 60),
    header: fields
      .filter(([, v]) => textOf(v) !== "")
      .map(([label, value]) => [label, budget.take(value, 600)]),
  };
}

/** The trigger in a few words: `pull_request opened · author alice · head 1a2b3c4d5e6f`. */
function triggerText(
  event: string | undefined,
  kind: string | undefined,
  detail: Record<string, unknown>,
): string {
  const action = typeof detail.action === "string" ? ` ${detail.action}` : "";
  const head = `${event ?? kind ?? "?"}${action}${kind && kind !== event ? ` (${kind})` : ""}`;
  const rest = Object.entries(detail)
    .filter(
      ([k, v]) => !["number", "action", "event"].includes(k) && v !== null && typeof v !== "object",
    )
    .map(([k, v]) => {
      const text = textOf(v);
      return `${k} ${/^[0-9a-f]{40,64}$/.test(text) ? text.slice(0, 12) : text}`;
    });
  return [head, ...rest].join(" · ");
}

function conclusionText(
  finished: RecordedEvent | undefined,
  failed: RecordedEvent | undefined,
): string {
  if (finished)
    return `${textOf(finished.fields.conclusion)} (stop: ${textOf(finished.fields.stop)})`;
  if (failed) return `failed in ${textOf(failed.fields.phase)}: ${textOf(failed.fields.error)}`;
  return "not recorded: no run.finished event (the run was killed, or is still going)";
}

/** The coverage line of `run.finished.coverage` or of a `review.coverage` event, when either has one. */
function coverageLine(...sources: (RecordedEvent | undefined)[]): string | undefined {
  for (const e of sources) {
    if (!e) continue;
    const value =
      e.type === "review.coverage" ? (e.fields.coverage ?? e.fields) : e.fields.coverage;
    if (value === undefined || value === null) continue;
    if (typeof value === "string") return value;
    const record = value as Record<string, unknown>;
    if (typeof record.line === "string") return record.line;
    const hunks = record.hunks as Record<string, unknown> | undefined;
    if (hunks && typeof hunks.total === "number")
      return `${count(Number(hunks.examined ?? 0))} of ${count(hunks.total)} hunks examined`;
    return textOf(value);
  }
  return undefined;
}
