// The writer of `requests.jsonl`, the journal's side file of what the agent loop sent (format in
// docs/journal.md; its reader is viewer/requests.ts). Each request line holds only the messages
// new since its thread's previous line, so a run of n turns costs the conversation once, not n
// times; `model.request.requestsSeq` points at the line.
import { appendFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ChatMessage, ModelReply, ToolSpec } from "../model/port.js";
import type { Redactor } from "../redact/redactor.js";

/** The version of the side file's format (its lines' `v`). */
export const REQUESTS_FORMAT_VERSION = 1;

/** Past this many bytes the file stops growing: one last line says so, later requests have no line. */
export const REQUESTS_LIMIT_BYTES = 64 * 1024 * 1024;

/** The side file of a journal: `requests.jsonl` beside it. */
export function requestsFileOf(journalPath: string): string {
  return join(dirname(journalPath), "requests.jsonl");
}

/** One conversation, as one agent loop sends it. */
export interface RequestThread {
  /**
   * Records a request about to be sent, given the whole conversation; writes only its new
   * messages. Returns the line's `seq`, or undefined when nothing can be recorded any more.
   */
  request(
    turn: number,
    messages: readonly ChatMessage[],
    tools: readonly ToolSpec[],
  ): number | undefined;
  /** Records what came back for the request line `seq`. */
  reply(seq: number, reply: ModelReply): void;
}

/** Where request threads are recorded; a journal without one records no requests. */
export interface RequestRecorder {
  /**
   * A new conversation: loops that run at the same time each take their own. The agent loop's
   * first is `main`; others are `<label>-<n>`.
   */
  thread(label?: string): RequestThread;
}

/** Appends redacted lines to `requests.jsonl`; creates the file with its first line. */
export class RequestLog implements RequestRecorder {
  private seq = 0;
  private threads = 0;
  private written = 0;
  private full = false;

  constructor(
    readonly path: string,
    private readonly redactor: Redactor,
    private readonly limitBytes = REQUESTS_LIMIT_BYTES,
  ) {}

  thread(label?: string): RequestThread {
    this.threads++;
    const name = label
      ? `${label}-${this.threads}`
      : this.threads === 1
        ? "main"
        : `loop-${this.threads}`;
    // The messages already written: a request that only appends to them writes what it added.
    let sent: readonly ChatMessage[] = [];
    let lastTools: string | undefined;
    // A thread whose line was not written cannot be rebuilt from later lines: it stops.
    let broken = false;
    return {
      request: (turn, messages, tools) => {
        if (broken) return undefined;
        // A conversation rebuilt each turn (the RLM root's) is written whole, from its system prompt.
        const continues =
          sent.length > 0 &&
          messages.length >= sent.length &&
          sent.every((m, i) => messages[i] === m);
        const fresh = !continues;
        if (fresh && messages[0]?.role !== "system") {
          broken = true;
          return undefined;
        }
        const toolsText = JSON.stringify(tools);
        const seq = this.append({
          thread: name,
          turn,
          messages: fresh ? messages : messages.slice(sent.length),
          ...(toolsText !== lastTools || fresh ? { tools } : {}),
        });
        if (seq === undefined) broken = true;
        else {
          sent = [...messages];
          lastTools = toolsText;
        }
        return seq;
      },
      reply: (seq, reply) => {
        if (broken) return;
        this.append({
          thread: name,
          replyTo: seq,
          reply: {
            content: reply.content,
            toolCalls: reply.toolCalls.map(({ id, name: tool, arguments: args }) => ({
              id,
              name: tool,
              arguments: args,
            })),
            finishReason: reply.finishReason,
          },
        });
      },
    };
  }

  /** Writes one line; returns its seq, or undefined once the file is full. */
  private append(fields: Record<string, unknown>): number | undefined {
    if (this.full) return undefined;
    const seq = this.seq;
    const line = this.redactor.redact(
      JSON.stringify({ v: REQUESTS_FORMAT_VERSION, seq, ...fields }) + "\n",
    );
    const size = Buffer.byteLength(line);
    if (this.written + size > this.limitBytes) {
      this.full = true;
      this.seq++;
      appendFileSync(
        this.path,
        JSON.stringify({
          v: REQUESTS_FORMAT_VERSION,
          seq,
          cut: `requests.jsonl reached its cap of ${this.limitBytes} bytes with a line of ${size} bytes: later requests were not recorded`,
        }) + "\n",
      );
      return undefined;
    }
    appendFileSync(this.path, line);
    this.written += size;
    this.seq++;
    return seq;
  }
}
