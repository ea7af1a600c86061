// OpenRouter (https://openrouter.ai/api/v1), a router in front of many providers.
import type { RecordedRequest } from "../model-replies.js";
import { startEmulator, type Emulator, type EmulatorOptions, type ProviderRules } from "./core.js";
import { bodyOf, wire, type EmulatedReply, type RawAnswer } from "./shapes.js";

/**
 * https://openrouter.ai/docs/api-reference/errors: an error that happens once the model has
 * started answering comes with status 200, the error object in the body and no choices
 * (https://github.com/spring-projects/spring-ai/pull/6908 shows the same on the wire).
 */
export function openRouterMidstreamError(
  code = 502,
  message = "Provider returned error",
): {
  raw: RawAnswer;
} {
  const metadata = { provider_name: "Upstream", raw: '{"error":{"code":502}}' };
  return {
    raw: { status: 200, body: { error: { code, message, metadata }, user_id: "user_test" } },
  };
}

/** A request error: the status is error.code, and the body has no type or param (same page). */
export function openRouterError(code: number, message: string): RawAnswer {
  return { status: code, body: { error: { code, message, metadata: {} } } };
}

function openRouterShape(
  completion: Record<string, unknown>,
  reply: EmulatedReply,
  req: RecordedRequest,
): unknown {
  const out = wire(completion);
  const choice = out.choices[0]!;
  const calls = choice.message.tool_calls ?? [];
  // https://github.com/simonw/llm/pull/1164, https://github.com/microsoft/autogen/pull/5667:
  // routed to Anthropic's models, a call without arguments has arguments "" rather than "{}".
  if (String(bodyOf(req).model).startsWith("anthropic/"))
    for (const call of calls) if (call.function.arguments === "{}") call.function.arguments = "";
  // https://openrouter.ai/announcements/standardized-finish-reasons: the normalised reason and
  // the model's own (https://github.com/enricoros/big-AGI/issues/940 shows both on the wire).
  const native: Record<string, string> = { tool_calls: "tool_use", length: "max_tokens" };
  choice.native_finish_reason = native[String(choice.finish_reason)] ?? "end_turn";
  // https://openrouter.ai/docs/use-cases/reasoning-tokens: reasoning text in `reasoning`.
  choice.message.reasoning = reply.reasoning ?? null;
  out.provider = "Anthropic";
  // Same issue 940: usage carries the cost and whether the key was the user's own.
  if (out.usage) Object.assign(out.usage, { cost: 0.00078, is_byok: false });
  return out;
}

export const OPENROUTER: ProviderRules = {
  name: "openrouter",
  basePath: "/api/v1",
  shape: openRouterShape,
};

export function startOpenRouter(opts: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator(OPENROUTER, opts);
}
