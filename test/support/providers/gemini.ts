// Google Gemini's OpenAI compatibility (https://generativelanguage.googleapis.com/v1beta/openai/).
import type { RecordedRequest } from "../model-replies.js";
import { startEmulator, type Emulator, type EmulatorOptions, type ProviderRules } from "./core.js";
import { unknownFields, wire, type RawAnswer } from "./shapes.js";

/**
 * Fields the emulator accepts: those Rivumi sends plus common sampling ones. Which other fields
 * the real endpoint accepts was not confirmed; `prompt_cache_key` (not in Google's compatibility
 * page) is refused by inference from the rule below.
 */
const ACCEPTED = new Set([
  "model",
  "messages",
  "tools",
  "tool_choice",
  "max_tokens",
  "max_completion_tokens",
  "response_format",
  "reasoning_effort",
  "temperature",
  "top_p",
  "n",
  "stop",
  "seed",
  "stream",
  "stream_options",
]);

/**
 * An unknown top-level field is a 400 whose body is a JSON *array* holding a Google RPC error:
 * https://github.com/FuzzAnything/PromptFuzz/issues/42 ("web_search_options"),
 * https://github.com/coreply/coreply/issues/18 (the array).
 */
function unknownName(field: string): RawAnswer {
  const message = `Invalid JSON payload received. Unknown name "${field}": Cannot find field.`;
  return {
    status: 400,
    body: [
      {
        error: {
          code: 400,
          message,
          status: "INVALID_ARGUMENT",
          details: [
            {
              "@type": "type.googleapis.com/google.rpc.BadRequest",
              fieldViolations: [{ description: message }],
            },
          ],
        },
      },
    ],
  };
}

function geminiRefusal(req: RecordedRequest): RawAnswer | undefined {
  const [field] = unknownFields(req, ACCEPTED);
  return field === undefined ? undefined : unknownName(field);
}

function geminiShape(completion: Record<string, unknown>): unknown {
  const out = wire(completion);
  const choice = out.choices[0]!;
  if (choice.message.tool_calls?.length) {
    // https://github.com/microsoft/autogen/issues/4878: tool calls come with finish_reason "stop"
    // and an empty id on every call (also https://github.com/vercel/ai/issues/7834).
    choice.finish_reason = "stop";
    for (const call of choice.message.tool_calls) call.id = "";
  }
  // Same source: usage without its details (null), and no completion id.
  out.id = null;
  if (out.usage) {
    out.usage.prompt_tokens_details = null;
    out.usage.completion_tokens_details = null;
  }
  return out;
}

export const GEMINI: ProviderRules = {
  name: "gemini",
  basePath: "/v1beta/openai",
  check: geminiRefusal,
  shape: geminiShape,
};

export function startGemini(opts: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator(GEMINI, opts);
}
