// `rivumi journal replay`: sends a run's recorded agent-loop requests to another endpoint and
// model, one by one, and says for each whether the reply differs from the recorded one. It only
// ever calls the model: no tool runs, nothing is written to GitHub or to the journal.
import { plural } from "../util/plural.js";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { num, pairModelCalls, reasoningOf, str, tokensOf, type Tokens } from "../viewer/fields.js";
import { readJournal } from "../viewer/read.js";
import { readRequests, type RecordedReply } from "../viewer/requests.js";
import { count, duration, shown } from "../viewer/text.js";
import type { ModelPort } from "../model/port.js";
import { describeError } from "../model/retry.js";

export interface ReplayOptions {
  journalPath: string;
  /** The model to send the requests to. */
  model: ModelPort;
  baseUrl: string;
  /** Replays only the first N requests. */
  limit?: number | undefined;
  signal: AbortSignal;
}

type Kind = "tool calls" | "final answer";

interface Answer {
  ms: number;
  tokens: Tokens | undefined;
  kind: Kind | undefined;
  /** `name(arguments)` of each call; undefined when only their number was recorded. */
  calls: string[] | undefined;
  callCount: number | undefined;
  answer: string | undefined;
}

export interface ReplayItem {
  /** The `model.request` event's seq, and its line in requests.jsonl. */
  seq: number;
  requestsSeq: number;
  thread: string;
  turn: number | undefined;
  messages: number;
  recorded: Answer & { model: string };
  replayed: Answer | { error: string; ms: number };
  /** Undefined when it cannot be told: the recorded reply was not kept, or the replay failed. */
  differs: boolean | undefined;
  verdict: string;
}

export interface ReplayReport {
  journal: string;
  requestsFile: string;
  baseUrl: string;
  model: string;
  notes: string[];
  items: ReplayItem[];
}

/** The journal has no requests file, or none of its requests points into it. */
export class NoRecordedRequests extends Error {}

export async function replayJournal(opts: ReplayOptions): Promise<ReplayReport> {
  const journal = await readJournal(opts.journalPath);
  const requestsFile = join(dirname(opts.journalPath), "requests.jsonl");
  if (!existsSync(requestsFile))
    throw new NoRecordedRequests(
      `${opts.journalPath}: this journal has no recorded requests (no requests.jsonl beside it), so there is nothing to replay`,
    );
  const requests = await readRequests(requestsFile);
  const targets = new Map<number, ReturnType<typeof pairModelCalls>>();
  for (const call of pairModelCalls(journal.events)) {
    const at = call.request && num(call.request, "requestsSeq");
    if (at === undefined) continue;
    targets.set(at, [...(targets.get(at) ?? []), call]);
  }
  // An RLM root turn is its own request and response: one event, retries included.
  for (const e of journal.events) {
    const at = e.type === "rlm.turn" ? num(e, "requestsSeq") : undefined;
    if (at === undefined) continue;
    const model = str(e, "model") ?? "(RLM root model not recorded)";
    const call = { request: e, response: e, turn: num(e, "iteration"), attempt: 1, model };
    targets.set(at, [...(targets.get(at) ?? []), call]);
  }
  if (targets.size === 0)
    throw new NoRecordedRequests(
      `${opts.journalPath}: no model.request or rlm.turn event carries a requestsSeq, so this journal has no recorded requests to replay`,
    );
  const items: ReplayItem[] = [];
  const notes = [...journal.notes, ...requests.notes];
  const ordered = [...targets].sort((a, b) => a[0] - b[0]);
  for (const [requestsSeq, attempts] of ordered.slice(0, opts.limit ?? Infinity)) {
    const sent = requests.request(requestsSeq);
    const first = attempts[0]!;
    if (!sent) {
      notes.push(
        `model.request seq ${first.request?.seq ?? "?"} points at line seq ${requestsSeq}, which requests.jsonl does not have: skipped.`,
      );
      continue;
    }
    // The attempt that was answered (the last one), for the recorded timing and tokens.
    const answered = attempts.findLast((a) => a.response && !str(a.response, "error")) ?? first;
    const recorded = recordedAnswer(answered, requests.reply(requestsSeq));
    const replayed = await send(opts, sent.messages, sent.tools);
    items.push({
      seq: first.request?.seq ?? 0,
      requestsSeq,
      thread: sent.thread,
      turn: sent.turn ?? first.turn,
      messages: sent.messages.length,
      recorded: { ...recorded, model: answered.model },
      replayed,
      ...compare(recorded, replayed),
    });
  }
  return {
    journal: opts.journalPath,
    requestsFile,
    baseUrl: opts.baseUrl,
    model: opts.model.model,
    notes,
    items,
  };
}

function recordedAnswer(
  call: ReturnType<typeof pairModelCalls>[number],
  reply: RecordedReply | undefined,
): Answer {
  const res = call.response;
  const callCount = reply ? reply.toolCalls.length : res ? num(res, "toolCalls") : undefined;
  return {
    ms: (res && num(res, "ms")) ?? 0,
    tokens: tokensOf(res),
    kind: callCount === undefined ? undefined : callCount > 0 ? "tool calls" : "final answer",
    calls: reply?.toolCalls.map(callText),
    callCount,
    answer: reply && reply.toolCalls.length === 0 ? reply.content : undefined,
  };
}

async function send(
  opts: ReplayOptions,
  messages: Parameters<ModelPort["complete"]>[0],
  tools: Parameters<ModelPort["complete"]>[1],
): Promise<ReplayItem["replayed"]> {
  const started = Date.now();
  try {
    const reply = await opts.model.complete(messages, tools, opts.signal);
    const u = reply.usage;
    return {
      ms: Date.now() - started,
      tokens: {
        input: u.promptTokens,
        output: u.completionTokens,
        cached: u.cachedTokens,
        reasoning: u.reasoningTokens ?? 0,
      },
      kind: reply.toolCalls.length > 0 ? "tool calls" : "final answer",
      calls: reply.toolCalls.map(callText),
      callCount: reply.toolCalls.length,
      answer: reply.toolCalls.length === 0 ? reply.content : undefined,
    };
  } catch (thrown) {
    const { message, status } = describeError(thrown);
    // The SDK's messages start with the status already ("400 model … does not exist").
    const error = status && !message.startsWith(String(status)) ? `${status} ${message}` : message;
    return { error, ms: Date.now() - started };
  }
}

/** `name(arguments)`, the arguments in one canonical JSON form when they parse. */
function callText(call: { name: string; arguments: string }): string {
  return `${call.name}(${canonical(call.arguments)})`;
}

function canonical(text: string): string {
  try {
    return JSON.stringify(sortKeys(JSON.parse(text)));
  } catch {
    return text.trim();
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
  );
}

const names = (calls: string[]) => calls.map((c) => c.slice(0, c.indexOf("("))).join(", ");
const args = (calls: string[]) =>
  calls.map((c) => (c.length > 200 ? `${c.slice(0, 200)}…` : c)).join(", ");
const what = (a: Answer) =>
  a.kind === "final answer"
    ? "a final answer"
    : a.calls
      ? `${plural(a.calls.length, "tool call")} (${names(a.calls)})`
      : plural(a.callCount ?? 0, "tool call");

function compare(
  recorded: Answer,
  replayed: ReplayItem["replayed"],
): Pick<ReplayItem, "differs" | "verdict"> {
  if ("error" in replayed)
    return { differs: undefined, verdict: `replay failed: ${replayed.error}` };
  if (recorded.kind === undefined)
    return {
      differs: undefined,
      verdict: `the recorded reply is not known; replayed ${what(replayed)}`,
    };
  if (recorded.kind !== replayed.kind)
    return { differs: true, verdict: `recorded ${what(recorded)}; replayed ${what(replayed)}` };
  if (recorded.kind === "tool calls") {
    if (!recorded.calls)
      return {
        differs: recorded.callCount !== replayed.callCount ? true : undefined,
        verdict: `recorded ${what(recorded)} (their arguments were not kept); replayed ${what(replayed)}`,
      };
    const replayedCalls = replayed.calls ?? [];
    if (JSON.stringify(recorded.calls) === JSON.stringify(replayedCalls))
      return { differs: false, verdict: `same tool calls: ${names(recorded.calls)}` };
    if (names(recorded.calls) === names(replayedCalls))
      return {
        differs: true,
        verdict: `same tools, other arguments: recorded ${args(recorded.calls)}; replayed ${args(replayedCalls)}`,
      };
    return {
      differs: true,
      verdict: `tool calls differ: recorded ${what(recorded)}; replayed ${what(replayed)}`,
    };
  }
  if (recorded.answer === undefined)
    return { differs: undefined, verdict: "both final answers; the recorded text was not kept" };
  return recorded.answer.trim() === (replayed.answer ?? "").trim()
    ? { differs: false, verdict: "same final answer" }
    : {
        differs: true,
        verdict: `final answer differs (recorded ${count(recorded.answer.length)} chars, replayed ${count((replayed.answer ?? "").length)})`,
      };
}

const tokens = (t: Tokens | undefined) =>
  t ? `${count(t.input)} in / ${count(t.output)} out${reasoningOf(t)}` : "tokens not recorded";
/** Text from the journal or a model, on one line and with invisible characters shown. */
const line = (text: string, max = 300) => shown(text, max).replace(/\r?\n/g, "⏎");

export function formatReplay(report: ReplayReport): string {
  const out = [
    `replay of ${line(report.journal)} against ${line(report.model)} at ${line(report.baseUrl)}: ${plural(report.items.length, "request")}`,
    ...report.notes.map((n) => `note: ${line(n, 1_000)}`),
  ];
  for (const [i, item] of report.items.entries()) {
    const r = item.replayed;
    const mark = item.differs === true ? "DIFFERS" : item.differs === false ? "same" : "?";
    out.push(
      `#${i + 1} seq ${item.seq} turn ${item.turn ?? "?"} (${line(item.thread, 60)}, ${count(item.messages)} messages) [${mark}]`,
      `   recorded  ${line(item.recorded.model, 80)}: ${duration(item.recorded.ms)}, ${tokens(item.recorded.tokens)}`,
      "error" in r
        ? `   replayed  failed after ${duration(r.ms)}`
        : `   replayed  ${duration(r.ms)}, ${tokens(r.tokens)}`,
      `   ${line(item.verdict)}`,
    );
  }
  const differ = report.items.filter((i) => i.differs === true).length;
  const same = report.items.filter((i) => i.differs === false).length;
  const failed = report.items.filter((i) => "error" in i.replayed).length;
  out.push(
    `summary: ${count(report.items.length)} replayed · ${count(same)} same · ${count(differ)} differ · ${count(report.items.length - same - differ - failed)} not comparable · ${count(failed)} failed`,
  );
  return out.join("\n");
}
