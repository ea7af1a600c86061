// Anthropic's OpenAI SDK compatibility (https://api.anthropic.com/v1/), as documented at
// https://docs.anthropic.com/en/api/openai-sdk: most unsupported fields are silently ignored.
import type { RecordedRequest } from "../model-replies.js";
import { startEmulator, type Emulator, type EmulatorOptions, type ProviderRules } from "./core.js";
import { bodyOf, openAIError, wire, type RawAnswer } from "./shapes.js";

/**
 * `n` must be exactly 1 (same page). The status and body of that refusal were not confirmed;
 * the emulator answers in OpenAI's shape, which the page says errors keep.
 */
function anthropicRefusal(req: RecordedRequest): RawAnswer | undefined {
  const n = bodyOf(req).n;
  if (n !== undefined && n !== 1) return openAIError(400, "n: must be exactly 1", { param: "n" });
  return undefined;
}

/**
 * `response_format`, `reasoning_effort` and tools' `strict` are ignored (same page), so nothing
 * holds a reply to a JSON shape: the emulator answers a request that asked for one the way an
 * unconstrained model often does, with a sentence before one fenced block. Claude's thinking is
 * not returned through this layer, so no reasoning field is sent. Usage details were not
 * confirmed and are left out.
 */
function anthropicShape(
  completion: Record<string, unknown>,
  _reply: unknown,
  req: RecordedRequest,
): unknown {
  const out = wire(completion);
  const message = out.choices[0]!.message;
  const asked = bodyOf(req).response_format !== undefined || looksLikeJson(message.content);
  if (asked && message.content && !message.tool_calls?.length)
    message.content = `Here is my review.\n\n\`\`\`json\n${message.content}\n\`\`\``;
  if (out.usage) {
    delete out.usage.prompt_tokens_details;
    delete out.usage.completion_tokens_details;
  }
  return out;
}

function looksLikeJson(text: string | null): boolean {
  return text !== null && /^\s*[[{]/.test(text);
}

export const ANTHROPIC: ProviderRules = {
  name: "anthropic",
  basePath: "/v1",
  check: anthropicRefusal,
  shape: anthropicShape,
};

export function startAnthropic(opts: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator(ANTHROPIC, opts);
}
