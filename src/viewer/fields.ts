// Checked reads of recorded events, and the pairs that make one model request or one tool call.
import { costOf as priced, type Prices } from "../model/price.js";
import type { RecordedEvent } from "./read.js";
import { count } from "./text.js";

export const num = (e: RecordedEvent, key: string): number | undefined => {
  const value = e.fields[key];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
};

export const str = (e: RecordedEvent, key: string): string | undefined => {
  const value = e.fields[key];
  return typeof value === "string" ? value : undefined;
};

export const bool = (e: RecordedEvent, key: string): boolean | undefined => {
  const value = e.fields[key];
  return typeof value === "boolean" ? value : undefined;
};

/** Prices in USD per million tokens, when the user gave them (`--prices`). */
export type { Prices };

export interface Tokens {
  input: number;
  output: number;
  /** Of `input`, served from the server's cache. */
  cached: number;
  /** Of `output`, spent reasoning; 0 in journals from before it was recorded. */
  reasoning: number;
}

export const NO_TOKENS: Readonly<Tokens> = Object.freeze({
  input: 0,
  output: 0,
  cached: 0,
  reasoning: 0,
});

/** The `usage` of an event, if it has one of the recorded shape (any version's). */
export function tokensOf(e: RecordedEvent | undefined, key = "usage"): Tokens | undefined {
  const u = e?.fields[key];
  if (typeof u !== "object" || u === null) return undefined;
  const { promptTokens, completionTokens, cachedTokens, reasoningTokens } = u as Record<
    string,
    unknown
  >;
  const n = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : 0);
  if (typeof promptTokens !== "number" && typeof completionTokens !== "number") return undefined;
  return {
    input: n(promptTokens),
    output: n(completionTokens),
    cached: n(cachedTokens),
    reasoning: n(reasoningTokens),
  };
}

/** `in / out (reasoning) / cached`: reasoning is part of out, said only when there was some. */
export const tokenCounts = (t: Tokens): string =>
  `${count(t.input)} in / ${count(t.output)} out${reasoningOf(t)} / ${count(t.cached)} cached`;

/** ` (N reasoning)` after an output count, or nothing when no reasoning was reported. */
export const reasoningOf = (t: Tokens): string =>
  t.reasoning > 0 ? ` (${count(t.reasoning)} reasoning)` : "";

/** Whether any of these spent reasoning tokens: a column of zeros would be noise. */
export const anyReasoning = (all: readonly { tokens: Tokens | undefined }[]): boolean =>
  all.some((x) => (x.tokens?.reasoning ?? 0) > 0);

export function addTokens(into: Tokens, more: Tokens | undefined): void {
  if (!more) return;
  into.input += more.input;
  into.output += more.output;
  into.cached += more.cached;
  into.reasoning += more.reasoning;
}

/**
 * An event's cost: recorded (`costUsd`) or computed from its tokens and the given prices.
 * Reasoning tokens are part of the output's, so they are not priced again.
 */
export function costOf(
  e: RecordedEvent | undefined,
  tokens: Tokens | undefined,
  prices: Prices | undefined,
): number | undefined {
  const recorded = e ? num(e, "costUsd") : undefined;
  if (recorded !== undefined) return recorded;
  if (!tokens) return undefined;
  return priced({ promptTokens: tokens.input, completionTokens: tokens.output }, prices);
}

/** The stage an event belongs to, for timing and filtering: the part of its type before the dot. */
export function phaseOf(type: string): string {
  const stage = type.slice(0, Math.max(0, type.indexOf("."))) || type;
  if (type === "run.started" || stage === "trigger" || stage === "plan") return "start";
  if (type === "run.finished" || type === "run.failed") return "finish";
  if (["instructions", "context", "memory", "prompt", "skills"].includes(stage)) return "context";
  if (stage === "model" || stage === "tool") return "agent";
  return stage;
}

/** One model request: its attempt as sent and its response (either may be missing). */
export interface ModelCall {
  request: RecordedEvent | undefined;
  response: RecordedEvent | undefined;
  turn: number | undefined;
  attempt: number | undefined;
  model: string;
}

/** Pairs each `model.request` with the next `model.response` of the same turn and attempt. */
export function pairModelCalls(events: readonly RecordedEvent[]): ModelCall[] {
  const calls: ModelCall[] = [];
  const waiting = new Map<string, ModelCall[]>();
  const key = (e: RecordedEvent) => `${num(e, "turn") ?? "?"}/${num(e, "attempt") ?? "?"}`;
  for (const e of events) {
    if (e.type === "model.request") {
      const call: ModelCall = {
        request: e,
        response: undefined,
        turn: num(e, "turn"),
        attempt: num(e, "attempt"),
        model: str(e, "model") ?? "(model not recorded)",
      };
      calls.push(call);
      const queue = waiting.get(key(e)) ?? [];
      queue.push(call);
      waiting.set(key(e), queue);
    } else if (e.type === "model.response") {
      const call = waiting.get(key(e))?.shift();
      if (call) call.response = e;
      else
        calls.push({
          request: undefined,
          response: e,
          turn: num(e, "turn"),
          attempt: num(e, "attempt"),
          model: "(request not recorded)",
        });
    }
  }
  return calls;
}

/** One tool call and its result (either may be missing). */
export interface ToolRun {
  call: RecordedEvent | undefined;
  result: RecordedEvent | undefined;
  name: string;
}

/** Pairs each `tool.call` with the next `tool.result` of the same call id. */
export function pairToolRuns(events: readonly RecordedEvent[]): ToolRun[] {
  const runs: ToolRun[] = [];
  const waiting = new Map<string, ToolRun[]>();
  for (const e of events) {
    const id = str(e, "id") ?? "";
    if (e.type === "tool.call") {
      const run: ToolRun = { call: e, result: undefined, name: str(e, "name") ?? "(unnamed)" };
      runs.push(run);
      const queue = waiting.get(id) ?? [];
      queue.push(run);
      waiting.set(id, queue);
    } else if (e.type === "tool.result") {
      const run = waiting.get(id)?.shift();
      if (run) run.result = e;
      else runs.push({ call: undefined, result: e, name: str(e, "name") ?? "(unnamed)" });
    }
  }
  return runs;
}

/** Whether an event records something that went wrong. */
export function isError(e: RecordedEvent): boolean {
  if (e.type === "run.failed" || e.type.endsWith(".failed") || e.type.endsWith("_failed"))
    return true;
  if (e.type === "context.reload_rejected") return true;
  if (bool(e, "ok") === false) return true;
  if (e.type === "memory.command" && str(e, "conclusion") === "failure") return true;
  if (e.type === "run.finished" && str(e, "conclusion") === "failure") return true;
  return typeof e.fields.error === "string" && e.fields.error !== "";
}

/** The token columns of a stats table: reasoning only when some row has any (zeros are noise). */
export const tokenColumns = (reasoning: boolean): string[] => [
  "tokens in",
  "out",
  ...(reasoning ? ["reasoning"] : []),
  "cached",
];

/** One row's cells under `tokenColumns`. */
export const tokenCells = (t: Tokens, reasoning: boolean): string[] => [
  count(t.input),
  count(t.output),
  ...(reasoning ? [count(t.reasoning)] : []),
  count(t.cached),
];
