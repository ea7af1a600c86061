// `--model scripted`: a canned model for trying `review` and `rlm` with no endpoint and no key.
// It reads nothing it is sent and judges nothing; its replies only drive a run through its steps
// (a tool call, a structured reply, REPL code, the final answer) so the flow, the journal and its
// page can be seen. Every reply it writes says that it is canned.
import type { ChatMessage, ModelPort, ModelReply, StructuredReply, ToolSpec } from "./port.js";

/** The model name that selects it (`--model scripted`). */
export const SCRIPTED_MODEL = "scripted";

/** The words every output of a scripted run carries. */
export const SCRIPTED_LABEL = "scripted model: canned replies, no model read anything";

const NOTICE = `[${SCRIPTED_LABEL}]`;

/** A canned model holds no tokens: it counts none. */
const NO_USAGE = { promptTokens: 0, completionTokens: 0, cachedTokens: 0 };

const RLM_ROOT = "You are the root call of a Recursive Language Model";

export function isScriptedModel(name: string | undefined): boolean {
  return name?.trim().toLowerCase() === SCRIPTED_MODEL;
}

export function createScriptedModel(): ModelPort {
  let calls = 0;
  return {
    model: SCRIPTED_MODEL,
    complete(messages, tools, signal, options) {
      // A cancelled run gets a rejection, as from a real client: never a reply.
      if (signal.aborted) return Promise.reject(signal.reason as Error);
      calls += 1;
      return Promise.resolve(replyTo(messages, tools, options?.structured, calls));
    },
  };
}

function replyTo(
  messages: ChatMessage[],
  tools: ToolSpec[],
  structured: StructuredReply | undefined,
  call: number,
): ModelReply {
  if (structured) return text(JSON.stringify(sampleOf(structured.schema)));
  const first = messages[0];
  const system = first?.role === "system" && typeof first.content === "string" ? first.content : "";
  if (system.startsWith(RLM_ROOT)) return text(rlmTurn(messages));
  const offered = new Set(tools.map((t) => t.function.name));
  const called = new Set(
    messages.flatMap((m) =>
      m.role === "assistant"
        ? (m.tool_calls ?? []).map((c) => (c.type === "function" ? c.function.name : ""))
        : [],
    ),
  );
  if (offered.has("git_diff") && !called.has("git_diff")) return toolCall(call, "git_diff", {});
  if (offered.has("submit_review"))
    return toolCall(call, "submit_review", {
      summary: `${NOTICE} Not a review: this summary and the empty list of findings are canned, and say nothing about the change. Set OPENAI_BASE_URL, OPENAI_API_KEY and --model to have a model review it.`,
      findings: [],
    });
  return text(`${NOTICE} A canned answer: nothing was read or judged.`);
}

/** Two REPL turns: look at the input's shape, make one child call, then finalize. */
function rlmTurn(messages: ChatMessage[]): string {
  const turns = messages.filter((m) => m.role === "assistant").length;
  if (turns === 0)
    return [
      "```repl",
      "meta = context_meta()",
      'print({k: meta[k] for k in ("chars", "lines", "bytes")})',
      "```",
    ].join("\n");
  return [
    "```repl",
    'child = sub_query("Say what this text is.", peek(0, 5, unit="lines"))',
    "finalize(",
    `    ${JSON.stringify(`${NOTICE} Not an answer: the input has `)}`,
    `    + f"{meta['chars']} chars in {meta['lines']} lines; one child call was made and its reply is canned too.",`,
    '    confidence="low",',
    ")",
    "```",
  ].join("\n");
}

/** The smallest value of a strict JSON Schema: required properties only, empty arrays. */
function sampleOf(schema: unknown): unknown {
  const s = (schema ?? {}) as Record<string, unknown>;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (Array.isArray(s.anyOf)) return sampleOf(s.anyOf[0]);
  const type: unknown = Array.isArray(s.type) ? (s.type as unknown[])[0] : s.type;
  if (type === "object") {
    const props = (s.properties ?? {}) as Record<string, unknown>;
    const required = Array.isArray(s.required) ? (s.required as string[]) : [];
    return Object.fromEntries(required.map((key) => [key, sampleOf(props[key])]));
  }
  if (type === "array") return [];
  if (type === "string") return NOTICE;
  if (type === "number" || type === "integer") return 0;
  if (type === "boolean") return false;
  return null;
}

function text(content: string): ModelReply {
  return { content, toolCalls: [], finishReason: "stop", usage: NO_USAGE };
}

function toolCall(call: number, name: string, args: unknown): ModelReply {
  return {
    content: "",
    toolCalls: [{ id: `scripted-${call}`, name, arguments: JSON.stringify(args) }],
    finishReason: "tool_calls",
    usage: NO_USAGE,
  };
}
