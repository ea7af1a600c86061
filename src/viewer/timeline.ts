// The timeline: one row per event, except that a model request and its response, and a tool call
// and its result, share one row. Any event a later Rivumi adds is listed with its own fields.
import {
  costOf,
  isError,
  num,
  pairModelCalls,
  pairToolRuns,
  phaseOf,
  str,
  tokenCounts,
  tokensOf,
  type ModelCall,
  type Prices,
  type Tokens,
  type ToolRun,
} from "./fields.js";
import type { LongText, Row } from "./page-data.js";
import type { ChatMessage } from "../model/port.js";
import type { RecordedEvent } from "./read.js";
import type { RecordedRequests } from "./requests.js";
import { bytes, count, duration, httpUrl, textOf, usd, type TextBudget } from "./text.js";

/** Characters of one field in a row's one-line detail. */
const FIELD_CHARS = 200;
/** Fields longer than this (or with line breaks) go into a collapsed text instead. */
const INLINE_CHARS = 120;
const HIDDEN = new Set(["v", "seq", "ts", "type"]);

export interface TimelineOptions {
  budget: TextBudget;
  prices: Prices | undefined;
  maxRows: number;
  /** `requests.jsonl` beside the journal: what each model request added, and its reply. */
  requests?: RecordedRequests | undefined;
}

export interface Timeline {
  rows: Row[];
  /** Rows past `maxRows`, not listed. */
  omitted: number;
}

export const tokensText = (t: Tokens) => `${tokenCounts(t)} tokens`;

export function buildTimeline(events: readonly RecordedEvent[], opts: TimelineOptions): Timeline {
  const models = new Map<RecordedEvent, ModelCall>();
  for (const c of pairModelCalls(events)) models.set((c.request ?? c.response)!, c);
  const tools = new Map<RecordedEvent, ToolRun>();
  for (const t of pairToolRuns(events)) tools.set((t.call ?? t.result)!, t);
  const start = events.find((e) => e.time !== undefined)?.time;
  const rows: Row[] = [];
  let omitted = 0;
  for (const e of events) {
    const model = models.get(e);
    const tool = tools.get(e);
    const paired = (e.type === "model.response" || e.type === "tool.result") && !model && !tool;
    if (paired) continue;
    if (rows.length >= opts.maxRows) {
      omitted++;
      continue;
    }
    const at = e.time !== undefined && start !== undefined ? `+${duration(e.time - start)}` : "";
    const base = { seq: e.seq, at, phase: opts.budget.take(phaseOf(e.type), 40) };
    if (model) rows.push({ ...base, ...modelRow(model, opts) });
    else if (tool) rows.push({ ...base, ...toolRow(tool, opts) });
    else rows.push({ ...base, ...eventRow(e, opts) });
  }
  return { rows, omitted };
}

type RowBody = Omit<Row, "seq" | "at" | "phase">;

function modelRow(c: ModelCall, { budget, prices, requests }: TimelineOptions): RowBody {
  const res = c.response;
  const req = c.request;
  const tokens = tokensOf(res);
  const cost = costOf(res, tokens, prices);
  const calls = res ? num(res, "toolCalls") : undefined;
  const parts = [
    res ? duration(num(res, "ms") ?? 0) : "no response recorded",
    tokens ? tokensText(tokens) : "",
    cost !== undefined ? usd(cost) : "",
    calls === undefined ? "" : calls === 0 ? "final answer" : `${count(calls)} tool call(s)`,
    res && str(res, "finishReason") ? `finish ${str(res, "finishReason")}` : "",
    req && num(req, "messages") !== undefined
      ? `${count(num(req, "messages") ?? 0)} messages, ${bytes(num(req, "bytes") ?? 0)}`
      : "",
    c.model,
  ];
  const status = res ? num(res, "status") : undefined;
  const error = res && str(res, "error");
  const retry = (c.attempt ?? 1) > 1 ? ` · attempt ${c.attempt}` : "";
  return {
    kind: "model",
    title: budget.take(`model · turn ${c.turn ?? "?"}${retry}`, FIELD_CHARS),
    detail: budget.take(parts.filter(Boolean).join(" · "), FIELD_CHARS * 2),
    error: error
      ? budget.take(
          `${status ? `HTTP ${status}: ` : ""}${error}${res?.fields.willRetry === true ? " (retried)" : ""}`,
        )
      : "",
    texts: requests ? exchangeTexts(requests, c, budget) : [],
  };
}

/**
 * What a request added to its conversation, on its first attempt, and what came back, on the
 * attempt that was answered: from `requests.jsonl`, where a retry points at the same line.
 */
function exchangeTexts(requests: RecordedRequests, c: ModelCall, budget: TextBudget): LongText[] {
  const seq = c.request && num(c.request, "requestsSeq");
  if (seq === undefined) return [];
  const texts: LongText[] =
    (c.attempt ?? 1) > 1
      ? []
      : (requests.added(seq) ?? []).map((m) => ({
          label: budget.take(`sent · ${m.role}`, 40),
          text: budget.take(messageText(m)),
        }));
  const answered = c.response !== undefined && str(c.response, "error") === undefined;
  const reply = answered ? requests.reply(seq) : undefined;
  if (reply) {
    const calls = reply.toolCalls.map((c) => `${c.name}(${c.arguments})`).join("\n");
    texts.push({
      label: "reply",
      text: budget.take([reply.content, calls].filter(Boolean).join("\n") || "(empty)"),
    });
  }
  return texts;
}

/** A message's text and the tool calls it makes, as one string. */
function messageText(m: ChatMessage): string {
  const content =
    typeof m.content === "string" ? m.content : m.content ? JSON.stringify(m.content) : "";
  const calls =
    m.role === "assistant"
      ? (m.tool_calls ?? []).map((c) =>
          c.type === "function" ? `${c.function.name}(${c.function.arguments})` : c.type,
        )
      : [];
  return [content, ...calls].filter(Boolean).join("\n") || "(empty)";
}

function toolRow(t: ToolRun, { budget }: TimelineOptions): RowBody {
  const res = t.result;
  const ok = res?.fields.ok;
  const parts = [
    !res ? "no result recorded" : ok === false ? "failed" : "ok",
    res ? duration(num(res, "ms") ?? 0) : "",
    res && num(res, "bytes") !== undefined ? `output ${bytes(num(res, "bytes") ?? 0)}` : "",
    t.call && num(t.call, "turn") !== undefined ? `turn ${num(t.call, "turn")}` : "",
  ];
  const args = t.call ? textOf(t.call.fields.arguments) : "";
  return {
    kind: "tool",
    title: budget.take(`tool · ${t.name}`, FIELD_CHARS),
    detail: budget.take(parts.filter(Boolean).join(" · "), FIELD_CHARS),
    error:
      res && (ok === false || str(res, "error")) ? budget.take(str(res, "error") ?? "failed") : "",
    texts: args ? [{ label: "arguments", text: budget.take(pretty(args)), code: true }] : [],
  };
}

/** Any other event: its short fields inline, its long ones collapsed. */
function eventRow(e: RecordedEvent, { budget }: TimelineOptions): RowBody {
  const inline: string[] = [];
  const texts: LongText[] = [];
  for (const [key, value] of Object.entries(e.fields)) {
    if (HIDDEN.has(key) || value === undefined) continue;
    if (key === "error" && isError(e)) continue;
    const usage = key.toLowerCase().endsWith("usage") ? tokensOf(e, key) : undefined;
    const text = usage ? tokensText(usage) : textOf(value);
    // A cell's code and output are shown in the RLM tree, once.
    if (e.type === "rlm.cell" && (key === "code" || key === "output")) continue;
    if (text.length > INLINE_CHARS || text.includes("\n") || isBig(value))
      texts.push({ label: budget.take(key, 80), text: budget.take(pretty(text)) });
    else inline.push(`${key} ${text}`);
  }
  const href = httpUrl(e.fields.url);
  return {
    kind: budget.take(kindOf(e.type), 40),
    title: budget.take(e.type, FIELD_CHARS),
    detail: budget.take(inline.join(" · "), FIELD_CHARS * 3),
    error: isError(e) ? budget.take(problemText(e)) : "",
    texts,
    ...(href ? { href } : {}),
  };
}

const isBig = (value: unknown) =>
  typeof value === "object" && value !== null && Object.keys(value).length > 4;

function problemText(e: RecordedEvent): string {
  const error = str(e, "error");
  if (error) return error;
  if (e.type === "context.reload_rejected") return textOf(e.fields.rejected);
  return str(e, "reason") ?? str(e, "conclusion") ?? "failed";
}

/** JSON laid out on several lines when it is JSON; other text as it is. */
function pretty(text: string): string {
  const t = text.trim();
  if (!(t.startsWith("{") || t.startsWith("[")) || text.length > 200_000) return text;
  try {
    return JSON.stringify(JSON.parse(t), null, 2);
  } catch {
    return text;
  }
}

/** The timeline's filter groups. */
export function kindOf(type: string): string {
  const stage = type.includes(".") ? type.slice(0, type.indexOf(".")) : type;
  if (["run", "trigger", "plan", "workspace"].includes(stage)) return "run";
  if (["instructions", "context", "prompt", "skills"].includes(stage)) return "context";
  return stage;
}
