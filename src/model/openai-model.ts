import OpenAI from "openai";
import { ModelGuard } from "./guard.js";
import type { ModelPort, ModelReply } from "./port.js";

export interface OpenAIModelOptions {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  /** Per-request timeout; a slow answer becomes a retryable timeout error. */
  timeoutMs?: number;
  /**
   * Masks the run's secrets in every text sent (see ModelGuard); the CLI, which sends no secret
   * of its own, may leave it out. Invisible characters are marked either way.
   */
  redact?: (text: string) => string;
}

/**
 * The real model port: any OpenAI-compatible chat-completions endpoint through the openai SDK.
 * Every request is guarded here, in the one place all model calls pass.
 */
export function createOpenAIModel(opts: OpenAIModelOptions): ModelPort {
  const client = new OpenAI({
    baseURL: opts.baseUrl,
    // Local servers (Ollama, llama.cpp) take any key; the SDK insists on one.
    apiKey: opts.apiKey ?? "no-key",
    maxRetries: 0,
    timeout: opts.timeoutMs ?? 300_000,
  });
  const guard = new ModelGuard(opts.redact);
  return {
    model: opts.model,
    async complete(messages, tools, signal, options): Promise<ModelReply> {
      const body = {
        model: opts.model,
        messages: guard.messages(messages),
        ...(tools.length > 0 ? { tools, tool_choice: "auto" as const } : {}),
        // Strict OpenAI-compatible servers refuse unknown fields: only sent when asked for.
        ...(options?.promptCacheKey ? { prompt_cache_key: options.promptCacheKey } : {}),
        ...(options?.maxTokens ? { max_tokens: options.maxTokens } : {}),
      };
      const res = await withRequestSignal(signal, (requestSignal) =>
        client.chat.completions.create(body, { signal: requestSignal }),
      );
      // A proxy's error page or a half-written body can come with a 200: not an answer.
      const choice = Array.isArray(res?.choices) ? res.choices[0] : undefined;
      if (!choice?.message)
        throw new Error(
          `the model endpoint answered 200 without a completion (${describeBody(res)})`,
        );
      const message = choice.message;
      return {
        content: message?.content ?? "",
        toolCalls: (message?.tool_calls ?? [])
          .filter((c) => c.type === "function")
          .map((c) => ({ id: c.id, name: c.function.name, arguments: c.function.arguments })),
        finishReason: choice.finish_reason ?? "unknown",
        usage: {
          promptTokens: res.usage?.prompt_tokens ?? 0,
          completionTokens: res.usage?.completion_tokens ?? 0,
          cachedTokens: res.usage?.prompt_tokens_details?.cached_tokens ?? 0,
        },
      };
    },
  };
}

/**
 * Runs one request with a signal of its own that follows the run's. The SDK adds an abort
 * listener to the signal it is given and never removes it: given the run's signal, a review of a
 * thousand child requests left a thousand listeners on it, and each new one cost a walk of the
 * list. The request's own signal is dropped with its listener when the request settles.
 */
async function withRequestSignal<T>(
  signal: AbortSignal,
  request: (requestSignal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort(signal.reason);
  if (signal.aborted) abort();
  else signal.addEventListener("abort", abort, { once: true });
  try {
    return await request(controller.signal);
  } finally {
    signal.removeEventListener("abort", abort);
  }
}

/** A short, single-line description of an unexpected response body. */
function describeBody(body: unknown): string {
  const text = typeof body === "string" ? body : (JSON.stringify(body) ?? String(body));
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 80)}…` : line || "empty body";
}
