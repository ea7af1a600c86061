// Replies of a fixed JSON shape: asked for with a strict schema made from the zod schema that
// reads them, read leniently where the text is unambiguous, and given one repair turn.
import type * as z from "zod";
import { jsonInText } from "../util/json-in-text.js";
import type { ChatMessage, ModelPort, ModelReply, StructuredReply, Usage } from "./port.js";
import { billedUsage } from "./reply.js";
import { describeError } from "./retry.js";
import { inputSchemaOf, nullsToAbsent, strictSchemaOf } from "./strict-schema.js";
import { addUsage, noUsage, type UsageTotal } from "./usage.js";

export type ReadResult<T> = { ok: true; value: T } | { ok: false; error: string };

/** A reply shape: what a request sends as `options.structured`, and how its reply is read. */
export interface ReplyShape<T> {
  readonly structured: StructuredReply;
  /**
   * The one JSON value of a reply's text (see `jsonInText`), its nulls read as absent fields,
   * checked by the zod schema; or why it is not one.
   */
  read(text: string): ReadResult<T>;
}

/**
 * The shape of replies that `schema` (a zod object) reads, named `name` for the server.
 * `bareArray`: a reply that is a bare JSON array is read as the object `{[bareArray]: array}`.
 */
export function replyShape<S extends z.ZodType>(
  name: string,
  schema: S,
  opts: { bareArray?: string } = {},
): ReplyShape<z.output<S>> {
  const input = inputSchemaOf(schema);
  const structured = { name, schema: strictSchemaOf(input) };
  const known = Object.keys((input.properties as object | undefined) ?? {});
  return {
    structured,
    read(text) {
      const found = jsonInText(text);
      if (!found.ok) return found;
      let value = found.value;
      if (Array.isArray(value) && opts.bareArray) value = { [opts.bareArray]: value };
      if (value === null || typeof value !== "object" || Array.isArray(value))
        return { ok: false, error: "it is not a JSON object" };
      // A stray object (one finding, an example) is not the answer, however lenient zod's
      // defaults would be with it.
      const unknown = Object.keys(value).filter((k) => !known.includes(k));
      if (unknown.length > 0)
        return {
          ok: false,
          error: `the object has keys that are not part of the shape (${unknown
            .slice(0, 5)
            .map((k) => JSON.stringify(k.slice(0, 40)))
            .join(", ")}); expected only ${known.map((k) => JSON.stringify(k)).join(", ")}`,
        };
      const parsed = schema.safeParse(nullsToAbsent(value, input, input));
      if (!parsed.success) return { ok: false, error: describeIssues(parsed.error) };
      return { ok: true, value: parsed.data };
    },
  };
}

function describeIssues(error: z.ZodError): string {
  const issues = error.issues.slice(0, 5).map((i) => {
    const path = i.path.map(String).join(".");
    return `${path || "the object"}: ${i.message}`;
  });
  const more = error.issues.length > 5 ? ` (and ${error.issues.length - 5} more)` : "";
  return `it does not match the shape: ${issues.join("; ")}${more}`;
}

export interface StructuredAsk<T> {
  model: ModelPort;
  shape: ReplyShape<T>;
  messages: readonly ChatMessage[];
  signal: AbortSignal;
  maxTokens?: number;
  promptCacheKey?: string;
  /**
   * Runs one request: `send` sends it (once per call; call it again to retry). Where a caller
   * reserves and settles its token budget and retries transient errors; the repair turn goes
   * through it like the first request. Throwing before `send` means the request was not sent.
   */
  around?: (
    send: () => Promise<ModelReply>,
    request: { messages: readonly ChatMessage[]; repair: boolean },
  ) => Promise<ModelReply>;
}

export interface StructuredOutcome<T> {
  /** The reply read and checked; undefined when neither reply was one. */
  value: T | undefined;
  /** Why there is no value: the last reply's problem, or the error a request threw. */
  error: string | undefined;
  /** What a request threw, when one did (an abort, a budget refusal, an API error). */
  cause: unknown;
  /** Requests sent: 1, or 2 when the repair turn went out. */
  sent: number;
  /** Whether the repair turn was sent. */
  repaired: boolean;
  /** Why the first reply could not be read, when it could not. */
  repairReason: string | undefined;
  /** Each reply received, in order. */
  replies: { usage: Usage; finishReason: string }[];
  /** The replies' usage added up. */
  usage: UsageTotal;
}

/** A reply cut off at the completion cap: whatever it holds, it is not the whole answer. */
const CUT_OFF =
  "it was cut off at the output token limit before it was complete; the whole answer must fit, so write less (shorter texts)";

/**
 * Asks `model` for a reply of `shape`. A reply that cannot be read gets one repair turn in the
 * same conversation: the reply as it came, then the problem and the expected shape. A second
 * reply that cannot be read is the end: only a value that checked counts.
 */
export async function askStructured<T>(ask: StructuredAsk<T>): Promise<StructuredOutcome<T>> {
  const out: StructuredOutcome<T> = {
    value: undefined,
    error: undefined,
    cause: undefined,
    sent: 0,
    repaired: false,
    repairReason: undefined,
    replies: [],
    usage: noUsage(),
  };
  const around = ask.around ?? ((send) => send());
  const options = {
    structured: ask.shape.structured,
    ...(ask.maxTokens ? { maxTokens: ask.maxTokens } : {}),
    ...(ask.promptCacheKey ? { promptCacheKey: ask.promptCacheKey } : {}),
  };
  let messages = [...ask.messages];
  for (const repair of [false, true]) {
    if (repair && ask.signal.aborted) return out;
    let sent = false;
    const send = () => {
      if (!sent) {
        sent = true;
        out.sent++;
        out.repaired ||= repair;
      }
      return ask.model.complete(messages, [], ask.signal, options);
    };
    let reply: ModelReply;
    try {
      reply = await around(send, { messages, repair });
    } catch (error) {
      // A request cut off before any answer was billed all the same; no repair follows it.
      const billed = billedUsage(error);
      if (billed) addUsage(out.usage, billed);
      out.error = describeError(error).message;
      out.cause = error;
      return out;
    }
    out.replies.push({ usage: reply.usage, finishReason: reply.finishReason });
    addUsage(out.usage, reply.usage);
    const read: ReadResult<T> =
      reply.finishReason === "length"
        ? { ok: false, error: CUT_OFF }
        : ask.shape.read(reply.content);
    if (read.ok) {
      out.value = read.value;
      out.error = undefined;
      return out;
    }
    out.error = read.error;
    if (!repair) {
      out.repairReason = read.error;
      messages = [...messages, ...repairTurn(reply, read.error, ask.shape.structured)];
    }
  }
  return out;
}

/**
 * The reply as it came (left out when empty: some servers refuse an empty assistant message),
 * then the problem and the expected shape, nothing else.
 */
export function repairTurn(
  reply: ModelReply,
  problem: string,
  structured: StructuredReply,
): ChatMessage[] {
  const said: ChatMessage[] = reply.content.trim()
    ? [{ role: "assistant", content: reply.content }]
    : [];
  const text = [
    `Your reply could not be used: ${reply.content.trim() ? problem : `it was empty${reply.finishReason === "length" ? ` (${CUT_OFF})` : ""}`}.`,
    "Answer again with exactly one JSON object and nothing before or after it, of this shape (a JSON Schema):",
    JSON.stringify(structured.schema),
  ].join("\n");
  return [...said, { role: "user", content: text }];
}
