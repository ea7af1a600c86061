import OpenAI from "openai";
import { keyOptions } from "./endpoint.js";
import { fetchKeepingErrorBodies } from "./error-body.js";
import { ModelGuard } from "./guard.js";
import { ModelNegotiation } from "./negotiation.js";
import type { ModelPort, ModelReply } from "./port.js";
import { emptyAtCap, OutputCapError, replyOf } from "./reply.js";

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
  /**
   * The run's negotiation: its wire choices and what it learned of each endpoint. Pass the same
   * one to every client of a run; without it the client learns alone, with the defaults.
   */
  negotiation?: ModelNegotiation;
  /** Sampling settings sent with every request, each dropped if the endpoint refuses it. */
  sampling?: { temperature?: number; parallelToolCalls?: boolean };
  /** The HTTP transport (a proxy's, a test's); the platform's `fetch` by default. */
  fetch?: typeof fetch;
}

/**
 * The real model port: any OpenAI-compatible chat-completions endpoint through the openai SDK.
 * Every request is guarded here, in the one place all model calls pass, and carries only the
 * parameters its endpoint takes (see negotiation.ts).
 */
export function createOpenAIModel(opts: OpenAIModelOptions): ModelPort {
  const client = new OpenAI({
    baseURL: opts.baseUrl,
    ...keyOptions(opts.baseUrl, opts.apiKey),
    maxRetries: 0,
    timeout: opts.timeoutMs ?? 300_000,
    fetch: fetchKeepingErrorBodies(opts.fetch),
  });
  const guard = new ModelGuard(opts.redact);
  const negotiation = opts.negotiation ?? new ModelNegotiation();
  const endpoint = negotiation.endpoint(opts.baseUrl, opts.model);
  return {
    model: opts.model,
    async complete(messages, tools, signal, options): Promise<ModelReply> {
      const base = {
        model: opts.model,
        messages: guard.messages(messages),
        ...(tools.length > 0 ? { tools } : {}),
      };
      const wants = {
        tools: tools.length > 0,
        maxTokens: options?.maxTokens || undefined,
        structured: options?.structured,
        promptCacheKey: options?.promptCacheKey,
        reasoningEffort: negotiation.reasoningEffort,
        temperature: opts.sampling?.temperature,
        parallelToolCalls: opts.sampling?.parallelToolCalls,
      };
      const res = await endpoint.exchange(
        wants,
        (params) =>
          withRequestSignal(signal, (requestSignal) =>
            client.chat.completions.create(
              { ...base, ...params } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
              { signal: requestSignal },
            ),
          ),
        signal,
      );
      // A proxy's error page or a half-written body can come with a 200: not an answer.
      const reply = replyOf(res);
      if (!reply)
        throw new Error(
          `the model endpoint answered 200 without a completion (${describeBody(res)})`,
        );
      const cap = negotiation.outputCap;
      if ((reply.usage.reasoningTokens ?? 0) > 0) cap.reasoningSeen();
      if (emptyAtCap(reply)) {
        const sent = wants.maxTokens;
        const raised = sent !== undefined && cap.tokens > sent ? cap.tokens : undefined;
        throw new OutputCapError(reply.usage, sent, raised);
      }
      return reply;
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
