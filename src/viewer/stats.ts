// Where a run's tokens, money and time went: by phase, by tool and by model; the slowest
// requests; the retries and the errors. Counted from the events, whatever kind of run it was.
import {
  addTokens,
  bool,
  costOf,
  isError,
  NO_TOKENS,
  num,
  pairModelCalls,
  pairToolRuns,
  phaseOf,
  str,
  tokensOf,
  type Prices,
  type Tokens,
} from "./fields.js";
import type { ReadJournal, RecordedEvent } from "./read.js";

export interface Spend {
  tokens: Tokens;
  /** Undefined when no price is known for any of it. */
  costUsd: number | undefined;
}

export interface PhaseStats extends Spend {
  phase: string;
  events: number;
  /** Time from the previous event to each event of this phase, summed. */
  ms: number;
}

export interface ToolStats {
  tool: string;
  calls: number;
  errors: number;
  ms: number;
  /** Bytes of output returned to the model. */
  bytes: number;
}

export interface ModelStats extends Spend {
  /** The model name; RLM root turns without one count as `(RLM root turns)`. */
  model: string;
  requests: number;
  errors: number;
  ms: number;
}

/** One model call, agent loop or RLM. */
export interface RequestStats {
  seq: number;
  what: string;
  model: string;
  ms: number;
  tokens: Tokens | undefined;
  costUsd: number | undefined;
  error: string | undefined;
}

export interface Problem {
  seq: number;
  type: string;
  what: string;
  error: string;
}

export interface JournalStats {
  events: number;
  /**
   * The run's wall time as the journal shows it, first event to last (so the phases add up to
   * it); `run.finished.ms` only for a journal without times.
   */
  ms: number;
  modelRequests: number;
  toolCalls: number;
  rlmTurns: number;
  childCalls: number;
  /** Child batches of a large review's map (`review.batch`). */
  reviewBatches: number;
  /** Of those, the batches whose malformed first reply got a repair turn (a second request). */
  reviewRepairs: number;
  /** Parameters an endpoint refused, each learned once (`model.negotiated`): `refused -> instead`. */
  negotiated: string[];
  /** Summed over the model calls. */
  spend: Spend;
  /**
   * The run's cost: summed over the calls when each has one (`--prices`), else the total the run
   * recorded in `run.finished`; undefined when neither is known.
   */
  costUsd: number | undefined;
  costFrom: "requests" | "run.finished" | undefined;
  /** As `run.finished` recorded it, when it did; `ms` is the run's own count, to its outcome. */
  recorded:
    { tokens: Tokens | undefined; costUsd: number | undefined; ms: number | undefined } | undefined;
  byPhase: PhaseStats[];
  byTool: ToolStats[];
  byModel: ModelStats[];
  slowest: RequestStats[];
  retries: Problem[];
  errors: Problem[];
  /** Errors beyond the ones listed. */
  moreErrors: number;
}

const SLOWEST = 10;
const LISTED_ERRORS = 100;

const spend = (): Spend => ({ tokens: { ...NO_TOKENS }, costUsd: undefined });

function addSpend(into: Spend, tokens: Tokens | undefined, cost: number | undefined): void {
  addTokens(into.tokens, tokens);
  if (cost !== undefined) into.costUsd = (into.costUsd ?? 0) + cost;
}

/** Every model call of the run: the agent loop's requests, RLM root turns and child calls. */
export function modelRequests(
  events: readonly RecordedEvent[],
  prices: Prices | undefined,
): RequestStats[] {
  const out: RequestStats[] = pairModelCalls(events).map((c) => {
    const tokens = tokensOf(c.response);
    const retry = (c.attempt ?? 1) > 1 ? ` attempt ${c.attempt}` : "";
    return {
      seq: (c.request ?? c.response)?.seq ?? 0,
      what: `model turn ${c.turn ?? "?"}${retry}`,
      model: c.model,
      ms: (c.response && num(c.response, "ms")) ?? 0,
      tokens,
      costUsd: costOf(c.response, tokens, prices),
      error: c.response ? str(c.response, "error") : "no response recorded",
    };
  });
  for (const e of events) {
    const what = directCall(e);
    if (!what) continue;
    const tokens = tokensOf(e);
    out.push({
      seq: e.seq,
      what: what.what,
      model: str(e, "model") ?? what.model,
      ms: num(e, "ms") ?? 0,
      tokens,
      costUsd: costOf(e, tokens, prices),
      error: str(e, "error"),
    });
  }
  return out.sort((a, b) => a.seq - b.seq);
}

/** Model calls journaled by one event each (not as a request and a response): what, and whose. */
function directCall(e: RecordedEvent): { what: string; model: string } | undefined {
  const depth = num(e, "depth") ?? 0;
  switch (e.type) {
    case "rlm.turn":
      return {
        what: `RLM depth ${depth} turn ${num(e, "iteration") ?? "?"}`,
        model: "(RLM root turns)",
      };
    case "rlm.child_call":
      return {
        what: `RLM depth ${depth} child ${str(e, "kind") ?? "call"}`,
        model: "(RLM child calls)",
      };
    case "review.batch":
      return { what: `review batch ${str(e, "id") ?? "?"}`, model: "(review batches)" };
    default:
      return undefined;
  }
}

/** The statistics of a journal; `prices` (USD per million tokens) price calls without a cost. */
export function journalStats(journal: ReadJournal, prices?: Prices): JournalStats {
  const { events } = journal;
  const requests = modelRequests(events, prices);
  const tools = pairToolRuns(events);
  const total = spend();
  for (const r of requests) addSpend(total, r.tokens, r.costUsd);

  const phases = new Map<string, PhaseStats>();
  let previous: number | undefined;
  for (const e of events) {
    const phase = phaseOf(e.type);
    const row = phases.get(phase) ?? { phase, events: 0, ms: 0, ...spend() };
    phases.set(phase, row);
    row.events++;
    if (e.time !== undefined) {
      if (previous !== undefined && e.time > previous) row.ms += e.time - previous;
      previous = Math.max(previous ?? e.time, e.time);
    }
    if (e.type === "model.response" || directCall(e)) {
      const tokens = tokensOf(e);
      addSpend(row, tokens, costOf(e, tokens, prices));
    }
  }

  const byTool = new Map<string, ToolStats>();
  for (const t of tools) {
    const row = byTool.get(t.name) ?? { tool: t.name, calls: 0, errors: 0, ms: 0, bytes: 0 };
    byTool.set(t.name, row);
    row.calls++;
    if (!t.result || t.result.fields.ok === false) row.errors++;
    row.ms += (t.result && num(t.result, "ms")) ?? 0;
    row.bytes += (t.result && num(t.result, "bytes")) ?? 0;
  }

  const byModel = new Map<string, ModelStats>();
  for (const r of requests) {
    const row = byModel.get(r.model) ?? {
      model: r.model,
      requests: 0,
      errors: 0,
      ms: 0,
      ...spend(),
    };
    byModel.set(r.model, row);
    row.requests++;
    if (r.error) row.errors++;
    row.ms += r.ms;
    addSpend(row, r.tokens, r.costUsd);
  }

  const finished = events.findLast((e) => e.type === "run.finished");
  const first = events.find((e) => e.time !== undefined)?.time;
  const last = events.findLast((e) => e.time !== undefined)?.time;
  const problems = events.filter(isError).map(problemOf);
  const recordedCost = finished && num(finished, "costUsd");
  const useRecorded = total.costUsd === undefined && recordedCost !== undefined;
  if (useRecorded) {
    // The run recorded only its total: a row that holds every token of the run holds all of it.
    for (const row of [...phases.values(), ...byModel.values()])
      if (row.costUsd === undefined && sameTokens(row.tokens, total.tokens))
        row.costUsd = recordedCost;
  }
  return {
    events: events.length,
    ms:
      first !== undefined && last !== undefined
        ? last - first
        : ((finished && num(finished, "ms")) ?? 0),
    modelRequests: requests.filter((r) => r.what.startsWith("model turn")).length,
    toolCalls: tools.length,
    rlmTurns: events.filter((e) => e.type === "rlm.turn").length,
    childCalls: events.filter((e) => e.type === "rlm.child_call").length,
    reviewBatches: events.filter((e) => e.type === "review.batch").length,
    reviewRepairs: events.filter((e) => e.type === "review.batch" && bool(e, "repaired") === true)
      .length,
    negotiated: events
      .filter((e) => e.type === "model.negotiated")
      .map((e) => `${str(e, "refused") ?? "?"} -> ${str(e, "instead") ?? "?"}`),
    spend: total,
    costUsd: useRecorded ? recordedCost : total.costUsd,
    costFrom: useRecorded ? "run.finished" : total.costUsd !== undefined ? "requests" : undefined,
    recorded: finished
      ? { tokens: tokensOf(finished), costUsd: recordedCost, ms: num(finished, "ms") }
      : undefined,
    byPhase: [...phases.values()],
    byTool: [...byTool.values()].sort((a, b) => b.calls - a.calls || a.tool.localeCompare(b.tool)),
    byModel: [...byModel.values()].sort((a, b) => b.requests - a.requests),
    slowest: [...requests].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST),
    retries: events
      .filter((e) => e.type === "model.response" && e.fields.willRetry === true)
      .map(problemOf),
    errors: problems.slice(0, LISTED_ERRORS),
    moreErrors: Math.max(0, problems.length - LISTED_ERRORS),
  };
}

/** Whether two counts are the same non-zero input and output. */
function sameTokens(a: Tokens, b: Tokens): boolean {
  return a.input + a.output > 0 && a.input === b.input && a.output === b.output;
}

function problemOf(e: RecordedEvent): Problem {
  const status = num(e, "status");
  const what =
    e.type === "model.response"
      ? `model turn ${num(e, "turn") ?? "?"} attempt ${num(e, "attempt") ?? "?"}${status ? ` (HTTP ${status})` : ""}`
      : e.type === "tool.result"
        ? `tool ${str(e, "name") ?? "?"}`
        : (directCall(e)?.what ??
          (e.type.startsWith("rlm.")
            ? `RLM depth ${num(e, "depth") ?? 0}`
            : (str(e, "phase") ?? str(e, "target") ?? str(e, "command") ?? "")));
  const error =
    str(e, "error") ??
    (e.type === "context.reload_rejected"
      ? JSON.stringify(e.fields.rejected ?? [])
      : (str(e, "reason") ?? str(e, "conclusion") ?? "failed"));
  return { seq: e.seq, type: e.type, what, error };
}
