// The reader of `requests.jsonl`, the side file that holds what the agent loop sent, so that a
// run's requests can be sent again (`rivumi journal replay`). docs/journal.md has the format:
// request lines carry only the messages new since the thread's previous request line, reply lines
// what came back; `model.request.requestsSeq` names the request line of each request.
import { createReadStream, existsSync } from "node:fs";
import { createInterface } from "node:readline";
import type { ChatMessage, ToolSpec } from "../model/port.js";
import { REQUESTS_FORMAT_VERSION, requestsFileOf } from "../journal/requests-log.js";
import { count } from "./text.js";

/** The version of the side file's format this reader knows. */
export { REQUESTS_FORMAT_VERSION };

export interface RecordedReply {
  content: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  finishReason: string;
}

interface RequestLine {
  seq: number;
  thread: string;
  turn: number | undefined;
  messages: ChatMessage[];
  tools: ToolSpec[] | undefined;
}

export interface RecordedRequests {
  /** Request lines by `seq`. */
  readonly seqs: readonly number[];
  readonly notes: string[];
  /** The whole conversation and tools sent by the request line `seq`; undefined if there is none. */
  request(
    seq: number,
  ):
    | { thread: string; turn: number | undefined; messages: ChatMessage[]; tools: ToolSpec[] }
    | undefined;
  /** What came back: the reply line, else the assistant message that opens the thread's next request. */
  reply(seq: number): RecordedReply | undefined;
  /** Only the messages the request line `seq` itself holds: what that request added. */
  added(seq: number): ChatMessage[] | undefined;
}

/** The `requests.jsonl` beside a journal, read; undefined when the run recorded none. */
export async function readRequestsBeside(
  journalPath: string,
): Promise<RecordedRequests | undefined> {
  const path = requestsFileOf(journalPath);
  return existsSync(path) ? readRequests(path) : undefined;
}

export async function readRequests(path: string): Promise<RecordedRequests> {
  const lines: RequestLine[] = [];
  const bySeq = new Map<number, number>();
  const replies = new Map<number, RecordedReply>();
  const notes: string[] = [];
  const bad: number[] = [];
  const versions = new Set<number>();
  let n = 0;
  const input = createReadStream(path, { encoding: "utf8" });
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    n++;
    if (text.trim() === "") continue;
    const value = parse(text);
    if (!value || typeof value.seq !== "number") {
      bad.push(n);
      continue;
    }
    if (typeof value.v === "number") versions.add(value.v);
    const thread = typeof value.thread === "string" ? value.thread : "main";
    const turn = typeof value.turn === "number" ? value.turn : undefined;
    if (typeof value.cut === "string") {
      notes.push(`${path}: ${value.cut}.`);
      continue;
    }
    if (Array.isArray(value.messages)) {
      const messages = value.messages.filter(isMessage);
      bySeq.set(value.seq, lines.length);
      lines.push({
        seq: value.seq,
        thread,
        turn,
        messages,
        tools: Array.isArray(value.tools) ? (value.tools as ToolSpec[]) : undefined,
      });
    } else if (typeof value.replyTo === "number" && isReply(value.reply)) {
      const r = value.reply;
      replies.set(value.replyTo, {
        content: r.content,
        toolCalls: r.toolCalls.map((c, i) => ({
          ...c,
          id: typeof c.id === "string" ? c.id : `#${i}`,
        })),
        finishReason: typeof r.finishReason === "string" ? r.finishReason : "unknown",
      });
    } else bad.push(n);
  }
  if (bad.length > 0)
    notes.push(
      `${path}: ${count(bad.length)} line(s) are neither a request nor a reply (${bad.slice(0, 5).join(", ")}${bad.length > 5 ? ", …" : ""}): skipped.`,
    );
  const other = [...versions].filter((v) => v !== REQUESTS_FORMAT_VERSION);
  if (other.length > 0)
    notes.push(
      `${path} is in format v${other.join(", v")}; this Rivumi reads v${REQUESTS_FORMAT_VERSION}: requests may not be rebuilt exactly.`,
    );

  /** Index of the line where the conversation that line `at` belongs to began. */
  const startOf = (at: number): number => {
    const thread = lines[at]!.thread;
    let start = at;
    for (let i = at; i >= 0; i--) {
      const line = lines[i]!;
      if (line.thread !== thread) continue;
      start = i;
      if (line.messages[0]?.role === "system") break;
    }
    return start;
  };
  const request: RecordedRequests["request"] = (seq) => {
    const at = bySeq.get(seq);
    if (at === undefined) return undefined;
    const line = lines[at]!;
    const messages: ChatMessage[] = [];
    let tools: ToolSpec[] = [];
    for (let i = startOf(at); i <= at; i++) {
      const l = lines[i]!;
      if (l.thread !== line.thread) continue;
      messages.push(...l.messages);
      if (l.tools) tools = l.tools;
    }
    return { thread: line.thread, turn: line.turn, messages, tools };
  };
  const reply: RecordedRequests["reply"] = (seq) => {
    const recorded = replies.get(seq);
    if (recorded) return recorded;
    const at = bySeq.get(seq);
    if (at === undefined) return undefined;
    const thread = lines[at]!.thread;
    const next = lines.slice(at + 1).find((l) => l.thread === thread);
    const first = next?.messages[0];
    if (!first || first.role !== "assistant") return undefined;
    return {
      content: typeof first.content === "string" ? first.content : "",
      toolCalls: (first.tool_calls ?? []).flatMap((c) =>
        c.type === "function"
          ? [{ id: c.id, name: c.function.name, arguments: c.function.arguments }]
          : [],
      ),
      finishReason: (first.tool_calls ?? []).length > 0 ? "tool_calls" : "stop",
    };
  };
  const added: RecordedRequests["added"] = (seq) => {
    const at = bySeq.get(seq);
    return at === undefined ? undefined : lines[at]!.messages;
  };
  return { seqs: lines.map((l) => l.seq), notes, request, reply, added };
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const ROLES = new Set(["system", "developer", "user", "assistant", "tool", "function"]);

function isMessage(value: unknown): value is ChatMessage {
  if (typeof value !== "object" || value === null) return false;
  const role = (value as { role?: unknown }).role;
  return typeof role === "string" && ROLES.has(role);
}

function isReply(value: unknown): value is RecordedReply {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.content === "string" &&
    Array.isArray(r.toolCalls) &&
    r.toolCalls.every(
      (c) =>
        typeof c === "object" &&
        c !== null &&
        typeof (c as Record<string, unknown>).name === "string" &&
        typeof (c as Record<string, unknown>).arguments === "string",
    )
  );
}
