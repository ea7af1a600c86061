// A chat completion as the rest of Rivumi reads it: its text, tool calls and the tokens billed.
import type OpenAI from "openai";
import type { ModelReply, Usage } from "./port.js";
import { billedTokens } from "./usage.js";

/** `usage` as servers send it: OpenAI's fields, and DeepSeek's name for cached prompt tokens. */
type WireUsage = Partial<OpenAI.CompletionUsage> & { prompt_cache_hit_tokens?: number };

function count(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The tokens to bill. Reasoning tokens are part of the completion tokens, never added to them;
 * but where a server counts its reasoning outside `completion_tokens` and inside `total_tokens`
 * (total − prompt > completion), the difference was generated too, and is billed as output.
 */
export function usageOf(usage: WireUsage | null | undefined): Usage {
  const promptTokens = count(usage?.prompt_tokens) ?? 0;
  let completionTokens = count(usage?.completion_tokens) ?? 0;
  const total = count(usage?.total_tokens);
  if (total !== undefined && total - promptTokens > completionTokens)
    completionTokens = total - promptTokens;
  const cachedTokens =
    count(usage?.prompt_tokens_details?.cached_tokens) ??
    count(usage?.prompt_cache_hit_tokens) ??
    0;
  const reasoningTokens = count(usage?.completion_tokens_details?.reasoning_tokens);
  return {
    promptTokens,
    completionTokens,
    cachedTokens,
    ...(reasoningTokens !== undefined ? { reasoningTokens } : {}),
  };
}

/**
 * A reply that ran out of completion tokens before any visible answer (a reasoning model that
 * spent its whole cap thinking). Not an empty answer: it says which cap to raise, and carries
 * the tokens the request was billed.
 */
export class OutputCapError extends Error {
  override readonly name = "OutputCapError";

  constructor(
    readonly usage: Usage,
    /** The cap the request carried; undefined when none was sent. */
    readonly cap: number | undefined,
    /** The run's cap now, when it rose after this request was sent. */
    readonly raisedTo: number | undefined,
  ) {
    const thinking = usage.reasoningTokens
      ? `, ${usage.reasoningTokens} of them spent reasoning`
      : "";
    const spent = `${usage.completionTokens} completion tokens${thinking}`;
    const where =
      cap === undefined
        ? `the server's own completion limit (${spent}; no cap was sent)`
        : `its completion cap of ${cap} tokens (${spent})`;
    const later = raisedTo
      ? `; the model reports reasoning, so the run's later requests are capped at ${raisedTo}`
      : "";
    const lower = usage.reasoningTokens ? ", or set reasoning-effort lower" : "";
    super(
      `the model reached ${where} before writing any answer: raise max-output-tokens ` +
        `(--max-output-tokens on the command line)${lower}${later}`,
    );
  }
}

/** What a failed request was billed for anyway (an `OutputCapError`); undefined for others. */
export function billedUsage(error: unknown): Usage | undefined {
  return error instanceof OutputCapError ? error.usage : undefined;
}

/** Tokens a failed request was billed for anyway, else 0. */
export function failedRequestTokens(error: unknown): number {
  const usage = billedUsage(error);
  return usage ? billedTokens(usage) : 0;
}

/** The reply of a chat completion that has a choice; `null` when it has none. */
export function replyOf(res: OpenAI.Chat.ChatCompletion): ModelReply | null {
  const choice = Array.isArray(res?.choices) ? res.choices[0] : undefined;
  if (!choice?.message) return null;
  const message = choice.message;
  const reasoning = (message as { reasoning_content?: unknown }).reasoning_content;
  return {
    content: message.content ?? "",
    toolCalls: toolCallsOf(message.tool_calls ?? []),
    finishReason: choice.finish_reason ?? "unknown",
    usage: usageOf(res.usage),
    ...(typeof reasoning === "string" && reasoning !== "" ? { reasoningContent: reasoning } : {}),
  };
}

/**
 * Tool calls as the loop needs them: arguments as JSON text, though llama.cpp may send an object
 * (https://github.com/ggml-org/llama.cpp/issues/20198) and OpenRouter an empty string for none;
 * and an id of its own for each, though Gemini and llama.cpp may send none or repeat one
 * (https://github.com/microsoft/autogen/issues/4878): a tool result answers exactly one call.
 * A made-up id has 9 letters and digits, the only form Mistral takes back.
 */
function toolCallsOf(
  calls: readonly OpenAI.Chat.ChatCompletionMessageToolCall[],
): ModelReply["toolCalls"] {
  const seen = new Set<string>();
  return calls
    .filter((c) => c.type === "function")
    .map((c, i) => {
      const raw: unknown = c.function.arguments;
      const args =
        typeof raw === "string"
          ? raw
          : raw === null || raw === undefined
            ? ""
            : JSON.stringify(raw);
      let id = typeof c.id === "string" ? c.id : "";
      if (id === "" || seen.has(id)) id = `call${String(i).padStart(5, "0")}`;
      seen.add(id);
      return { id, name: c.function.name, arguments: args };
    });
}

/** Cut off by the cap with nothing to show: no text, no tool call. */
export function emptyAtCap(reply: ModelReply): boolean {
  return (
    reply.finishReason === "length" && reply.content.trim() === "" && reply.toolCalls.length === 0
  );
}
