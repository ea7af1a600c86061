// DeepSeek's API (https://api.deepseek.com, no /v1 needed). deepseek-chat answers without
// thinking; deepseek-reasoner (and any model asked for thinking) reasons first.
import type { RecordedRequest } from "../model-replies.js";
import { startEmulator, type Emulator, type EmulatorOptions, type ProviderRules } from "./core.js";
import {
  bodyOf,
  messagesOf,
  openAIError,
  orphanToolMessage,
  retotal,
  wire,
  type EmulatedReply,
  type RawAnswer,
} from "./shapes.js";

const DEFAULT_REASONING = "The change is small; I read it hunk by hunk.";

/** https://api-docs.deepseek.com/guides/thinking_mode: thinking is on unless turned off. */
export function isThinking(req: RecordedRequest): boolean {
  const body = bodyOf(req);
  const thinking = body.thinking as { type?: string } | undefined;
  return body.model !== "deepseek-chat" && thinking?.type !== "disabled";
}

// Same envelope as https://github.com/FoundationAgents/OpenManus/issues/23: code repeats the type.
const refuse = (message: string) =>
  openAIError(400, message, { type: "invalid_request_error", code: "invalid_request_error" });

function deepseekRefusal(req: RecordedRequest): RawAnswer | undefined {
  const body = bodyOf(req);
  if (isThinking(req)) {
    // https://api-docs.deepseek.com/guides/reasoning_model: logprobs and top_logprobs are an
    // error in thinking mode (temperature, top_p and the penalties are silently ignored). The
    // body of that error was not confirmed.
    for (const param of ["logprobs", "top_logprobs"])
      if (param in body) return refuse(`${param} is not supported in thinking mode`);
    // https://api-docs.deepseek.com/guides/thinking_mode#tool-calls: a tool-call turn's
    // reasoning_content must be sent back in every later request. The error's wording is from
    // https://github.com/anomalyco/opencode/issues/24083 and https://github.com/MGdaasLab/WHartTest/issues/95.
    const dropped = messagesOf(req).some(
      (m) =>
        m.role === "assistant" &&
        Array.isArray(m.tool_calls) &&
        typeof m.reasoning_content !== "string",
    );
    if (dropped)
      return refuse("The reasoning_content in the thinking mode must be passed back to the API.");
  }
  if (orphanToolMessage(req) !== undefined)
    return refuse(
      "Messages with role 'tool' must be a response to a preceding message with 'tool_calls'",
    );
  return undefined;
}

function deepseekShape(
  completion: Record<string, unknown>,
  reply: EmulatedReply,
  req: RecordedRequest,
): unknown {
  const out = wire(completion);
  const usage = out.usage!;
  // https://docs.stigg.io/documentation/ai-agents/llm-wrappers/providers/deepseek: cache use is
  // reported as prompt_cache_hit_tokens / prompt_cache_miss_tokens, not prompt_tokens_details.
  const prompt = Number(usage.prompt_tokens);
  const hit = Math.floor(prompt / 2);
  delete usage.prompt_tokens_details;
  Object.assign(usage, { prompt_cache_hit_tokens: hit, prompt_cache_miss_tokens: prompt - hit });
  if (isThinking(req)) {
    // https://api-docs.deepseek.com/guides/reasoning_model: reasoning_content beside content.
    const reasoning = reply.reasoning ?? DEFAULT_REASONING;
    out.choices[0]!.message.reasoning_content = reasoning;
    // https://docs.rs/crate/ds-api/0.10.7 (usage.rs): completion_tokens_details.reasoning_tokens.
    const spent = reply.reasoningTokens ?? Math.ceil(reasoning.length / 4);
    usage.completion_tokens = Number(usage.completion_tokens) + spent;
    usage.completion_tokens_details = { reasoning_tokens: spent };
  }
  retotal(usage);
  return out;
}

export const DEEPSEEK: ProviderRules = {
  name: "deepseek",
  basePath: "",
  check: deepseekRefusal,
  shape: deepseekShape,
};

export function startDeepSeek(opts: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator(DEEPSEEK, opts);
}
